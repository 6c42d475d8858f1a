//! Animated GIF output.
//!
//! GIF allows 256 colours. One palette, fitted by NeuQuant to the first
//! frame, serves the whole animation: the scene's colours do not change
//! between frames, and a shared palette means a still pixel keeps its exact
//! index, so nothing flickers. A fixed 4×4 ordered (Bayer) dither hides the
//! banding of smooth sky and cloth gradients; unlike error diffusion it is
//! tied to the pixel grid, so it does not crawl as the cloth moves. Each
//! frame after the first stores only the rectangle that changed (disposal
//! "keep"), which is what keeps a long animation small.

use super::image::Image;
use color_quant::NeuQuant;
use std::fs::File;
use std::io::{self, BufWriter};
use std::path::Path;

/// NeuQuant sampling factor: 1 learns from every pixel, 30 from a thirtieth.
/// 3 is near-best quality and runs once per animation.
const QUANT_SAMPLING: i32 = 3;
/// Ordered-dither amplitude, 8-bit levels peak to peak: about one palette
/// step in the smooth regions, enough to break bands without visible grain.
const DITHER: f32 = 8.0;
/// 4×4 Bayer matrix.
const BAYER: [[u8; 4]; 4] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]];

/// Writes frames to an animated, endlessly looping GIF.
pub struct GifWriter {
    width: u16,
    height: u16,
    /// Display time of each frame, hundredths of a second.
    delay: u16,
    /// The file until the first frame fixes the palette.
    file: Option<BufWriter<File>>,
    encoder: Option<(gif::Encoder<BufWriter<File>>, NeuQuant)>,
    /// Palette indices of the previous frame.
    previous: Vec<u8>,
}

impl GifWriter {
    /// Creates `path` for `width × height` frames shown `delay_centiseconds`
    /// each (GIF's time unit: 4 → 25 frames per second).
    pub fn new(path: impl AsRef<Path>, width: u32, height: u32, delay_centiseconds: u16) -> io::Result<GifWriter> {
        let size = |v: u32| u16::try_from(v).ok().filter(|&v| v > 0);
        let (Some(w), Some(h)) = (size(width), size(height)) else {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "GIF frames are 1 to 65535 pixels a side"));
        };
        let file = BufWriter::new(File::create(path)?);
        Ok(GifWriter {
            width: w,
            height: h,
            delay: delay_centiseconds,
            file: Some(file),
            encoder: None,
            previous: Vec::new(),
        })
    }

    /// Appends a frame; it must have the size given to [`GifWriter::new`].
    pub fn add_frame(&mut self, image: &Image) -> io::Result<()> {
        if image.width() != self.width as u32 || image.height() != self.height as u32 {
            let msg = format!("frame is {}×{}, the GIF {}×{}", image.width(), image.height(), self.width, self.height);
            return Err(io::Error::new(io::ErrorKind::InvalidInput, msg));
        }
        if self.encoder.is_none() {
            let rgba: Vec<u8> = image.data().chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect();
            let quant = NeuQuant::new(QUANT_SAMPLING, 256, &rgba);
            let file = self.file.take().expect("the file waits for the first frame");
            let mut encoder =
                gif::Encoder::new(file, self.width, self.height, &quant.color_map_rgb()).map_err(to_io)?;
            encoder.set_repeat(gif::Repeat::Infinite).map_err(to_io)?;
            self.encoder = Some((encoder, quant));
        }
        let (encoder, quant) = self.encoder.as_mut().expect("set above");

        let w = self.width as usize;
        let indices: Vec<u8> = image
            .data()
            .chunks_exact(3)
            .enumerate()
            .map(|(i, p)| {
                let offset = DITHER * ((BAYER[(i / w) % 4][(i % w) % 4] as f32 + 0.5) / 16.0 - 0.5);
                let c = [p[0], p[1], p[2]].map(|v| (v as f32 + offset).round().clamp(0.0, 255.0) as u8);
                quant.index_of(&[c[0], c[1], c[2], 255]) as u8
            })
            .collect();

        // The rectangle that changed since the previous frame (the whole
        // frame the first time; one pixel if nothing changed, to keep time).
        let (mut x0, mut y0, mut x1, mut y1) = (w, self.height as usize, 0, 0);
        if self.previous.is_empty() {
            (x0, y0, x1, y1) = (0, 0, w - 1, self.height as usize - 1);
        } else {
            for (i, (a, b)) in indices.iter().zip(&self.previous).enumerate() {
                if a != b {
                    let (x, y) = (i % w, i / w);
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
            }
            if x0 > x1 {
                (x0, y0, x1, y1) = (0, 0, 0, 0);
            }
        }
        let mut buffer = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
        for y in y0..=y1 {
            buffer.extend_from_slice(&indices[y * w + x0..=y * w + x1]);
        }
        let frame = gif::Frame {
            delay: self.delay,
            dispose: gif::DisposalMethod::Keep,
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0 + 1) as u16,
            height: (y1 - y0 + 1) as u16,
            buffer: buffer.into(),
            ..gif::Frame::default()
        };
        encoder.write_frame(&frame).map_err(to_io)?;
        self.previous = indices;
        Ok(())
    }

    /// Writes the trailer and closes the file. A GIF needs at least one
    /// frame: finishing without one is an error.
    pub fn finish(self) -> io::Result<()> {
        let Some((encoder, _)) = self.encoder else {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "a GIF needs at least one frame"));
        };
        let file = encoder.into_inner().map_err(to_io)?;
        file.into_inner().map_err(|e| e.into_error())?.sync_all()
    }
}

fn to_io(e: gif::EncodingError) -> io::Error {
    match e {
        gif::EncodingError::Io(e) => e,
        other => io::Error::other(other),
    }
}
