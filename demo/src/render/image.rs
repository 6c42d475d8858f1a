//! RGB8 images, sRGB colours and PNG output.

use super::math::Vec3;
use std::fs::File;
use std::io::{self, BufWriter};
use std::path::Path;
use std::sync::OnceLock;

/// An 8-bit sRGB colour, as a person picks it (`Rgb(200, 60, 50)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour in linear light (the space shading adds and multiplies in).
    pub fn linear(self) -> Vec3 {
        Vec3::new(srgb_to_linear(self.0), srgb_to_linear(self.1), srgb_to_linear(self.2))
    }

    /// Back from linear light, clamped to [0, 1] first.
    pub fn from_linear(c: Vec3) -> Rgb {
        Rgb(linear_to_srgb(c.x), linear_to_srgb(c.y), linear_to_srgb(c.z))
    }
}

fn srgb_to_linear(c: u8) -> f32 {
    let c = c as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Steps of the linear → sRGB table: 4096 keeps every output byte within
/// one level of the exact curve (the curve's steepest part, near black, is
/// linear and exact in the table).
const SRGB_STEPS: usize = 4096;

fn linear_to_srgb(c: f32) -> u8 {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..=SRGB_STEPS)
            .map(|i| {
                let c = i as f32 / SRGB_STEPS as f32;
                let s = if c <= 0.003_130_8 { 12.92 * c } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 };
                (s * 255.0 + 0.5) as u8
            })
            .collect()
    });
    let c = if c.is_nan() { 0.0 } else { c.clamp(0.0, 1.0) };
    table[(c * SRGB_STEPS as f32 + 0.5) as usize]
}

/// A row-major RGB8 image, top row first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    width: u32,
    height: u32,
    /// `width × height × 3` bytes: R, G, B per pixel.
    data: Vec<u8>,
}

impl Image {
    /// An image filled with one colour.
    pub fn new(width: u32, height: u32, fill: Rgb) -> Image {
        let data = [fill.0, fill.1, fill.2].repeat(width as usize * height as usize);
        Image { width, height, data }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixel bytes, `R G B` per pixel, row-major from the top.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The pixel at column `x`, row `y` (0 = top). Panics outside the image.
    pub fn get(&self, x: u32, y: u32) -> Rgb {
        assert!(x < self.width && y < self.height, "pixel ({x}, {y}) outside {}×{}", self.width, self.height);
        let i = (y as usize * self.width as usize + x as usize) * 3;
        Rgb(self.data[i], self.data[i + 1], self.data[i + 2])
    }

    /// Sets a pixel; a pixel outside the image is ignored (callers draw
    /// shapes that may cross the border).
    pub fn set(&mut self, x: i64, y: i64, c: Rgb) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return;
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        self.data[i..i + 3].copy_from_slice(&[c.0, c.1, c.2]);
    }

    /// Mixes `c` over the pixel with coverage `alpha` in [0, 1] (in sRGB
    /// bytes: for plots and text, where that is what the eye expects).
    pub fn blend(&mut self, x: i64, y: i64, c: Rgb, alpha: f32) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 || alpha <= 0.0 {
            return;
        }
        let a = alpha.min(1.0);
        let i = (y as usize * self.width as usize + x as usize) * 3;
        for (k, v) in [c.0, c.1, c.2].into_iter().enumerate() {
            let old = self.data[i + k] as f32;
            self.data[i + k] = (old + (v as f32 - old) * a + 0.5) as u8;
        }
    }

    /// Draws `text` (printable ASCII, the plots' 5×7 font at `scale` pixels
    /// per dot) with its top-left corner at `(x, y)`: frame captions.
    pub fn text(&mut self, x: i64, y: i64, text: &str, colour: Rgb, scale: i64) {
        super::font::draw_text(self, x, y, text, colour, scale);
    }

    /// The width in pixels [`Image::text`] draws `text` at `scale`.
    pub fn text_width(text: &str, scale: i64) -> i64 {
        super::font::text_width(text, scale)
    }

    /// Fills the rectangle from `(x0, y0)` to `(x1, y1)` inclusive (clipped)
    /// with `c` at coverage `alpha`.
    pub fn fill_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, c: Rgb, alpha: f32) {
        for y in y0.max(0)..=y1.min(self.height as i64 - 1) {
            for x in x0.max(0)..=x1.min(self.width as i64 - 1) {
                self.blend(x, y, c, alpha);
            }
        }
    }

    /// Images stacked top to bottom, left-aligned, on `background` (for
    /// two plot panels in one PNG).
    pub fn stack(images: &[&Image], background: Rgb) -> Image {
        let width = images.iter().map(|i| i.width).max().unwrap_or(0);
        let height = images.iter().map(|i| i.height).sum();
        let mut out = Image::new(width, height, background);
        let mut top = 0usize;
        for img in images {
            let row = img.width as usize * 3;
            for y in 0..img.height as usize {
                let dst = ((top + y) * width as usize) * 3;
                out.data[dst..dst + row].copy_from_slice(&img.data[y * row..(y + 1) * row]);
            }
            top += img.height as usize;
        }
        out
    }

    /// Writes the image as an 8-bit RGB PNG (same image → same bytes).
    pub fn save_png(&self, path: impl AsRef<Path>) -> io::Result<()> {
        let file = BufWriter::new(File::create(path)?);
        let mut encoder = png::Encoder::new(file, self.width, self.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(io::Error::other)?;
        writer.write_image_data(&self.data).map_err(io::Error::other)?;
        writer.finish().map_err(io::Error::other)
    }

    /// Reads an 8-bit RGB or RGBA PNG (alpha is dropped), as written by
    /// [`Image::save_png`].
    pub fn load_png(path: impl AsRef<Path>) -> io::Result<Image> {
        let decoder = png::Decoder::new(io::BufReader::new(File::open(path)?));
        let mut reader = decoder.read_info().map_err(io::Error::other)?;
        let size = reader.output_buffer_size().ok_or_else(|| io::Error::other("PNG too large"))?;
        let mut buf = vec![0; size];
        let info = reader.next_frame(&mut buf).map_err(io::Error::other)?;
        let channels = match (info.color_type, info.bit_depth) {
            (png::ColorType::Rgb, png::BitDepth::Eight) => 3,
            (png::ColorType::Rgba, png::BitDepth::Eight) => 4,
            other => return Err(io::Error::other(format!("unsupported PNG format {other:?}"))),
        };
        let mut data = Vec::with_capacity(info.width as usize * info.height as usize * 3);
        for y in 0..info.height as usize {
            let row = &buf[y * info.line_size..][..info.width as usize * channels];
            row.chunks_exact(channels).for_each(|p| data.extend_from_slice(&p[..3]));
        }
        Ok(Image { width: info.width, height: info.height, data })
    }
}
