//! The pictures: each rendered frame as a PNG and a GIF frame, seen by a
//! fixed camera, and the plot of kinetic energy and worst tether ratio over
//! time. The drawing itself is `render`'s; this file decides what is shown.

use crate::character::Body;
use crate::garments::{Piece, WorldShape};
use crate::measure::Stats;
use crate::render::{plot, Camera, GifWriter, Image, Rgb, Scene, Series};
use crate::script::Script;
use cloth_solver::Shape;
use rayon::prelude::*;
use std::io;
use std::path::{Path, PathBuf};

/// Garment colours: a red checked cape, a blue skirt, a hemp rope.
fn colour(piece: Piece) -> Rgb {
    match piece {
        Piece::Cape => Rgb(160, 30, 38),
        Piece::Skirt => Rgb(46, 72, 138),
        Piece::Rope => Rgb(206, 168, 88),
    }
}

/// Gingham checks per metre of bind position (0 = plain). Checks make
/// stretch and folds readable at a glance.
fn checks(piece: Piece) -> f32 {
    match piece {
        Piece::Cape => 8.0,
        _ => 0.0,
    }
}

/// The camera: fixed, at 1.7 m and 4.3 m out, a little to the right of the
/// track the character walks along X, looking slightly down (the skirt's
/// top and the cape's drape show), framing the ±1.7 m the script uses.
pub fn camera(width: u32, height: u32) -> Camera {
    Camera::look_at([0.9, 1.7, 4.3], [-0.1, 0.74, 0.0], [0.0, 1.0, 0.0], 36.0, width, height)
}

/// One frame's scene: the ground grid, the body's colliders, the garments.
pub fn scene(body: &Body, garments: &[(Piece, WorldShape)]) -> Scene {
    let mut scene = Scene::new();
    scene.ground(0.0);
    let f = |p: [f64; 3]| p.map(|c| c as f32);
    for (part, pose) in body.parts() {
        match part.shape {
            Shape::Sphere { radius } => {
                scene.sphere(f(pose.translation), radius as f32);
            }
            Shape::Capsule { a, b, radius } => {
                scene.capsule(f(pose.transform_point(a)), f(pose.transform_point(b)), radius as f32);
            }
            Shape::TaperedCapsule { a, ra, b, rb } => {
                scene.tapered_capsule(f(pose.transform_point(a)), f(pose.transform_point(b)), ra as f32, rb as f32);
            }
            Shape::Cuboid { half_extents, .. } => {
                let q = pose.rotation;
                scene.cuboid(f(pose.translation), [q.w, q.x, q.y, q.z].map(|c| c as f32), f(half_extents));
            }
            // The ground plane is drawn as the scene's ground.
            Shape::Plane => {}
        }
    }
    for (piece, shape) in garments {
        match shape {
            WorldShape::Surface { positions, triangles, uv, normals } => {
                let sheet = scene.sheet(positions, triangles, colour(*piece)).uv(uv).checks(checks(*piece));
                if !normals.is_empty() {
                    sheet.normals(normals);
                }
            }
            WorldShape::Line { points, radius } => {
                scene.rope(points, *radius, colour(*piece));
            }
        }
    }
    scene
}

/// Frames rendered together, one per core: rendering is nine tenths of the
/// demo's run time, and frames are independent (the renderer is
/// deterministic, so the bytes do not depend on which thread drew them).
/// Eight 640×400 frames in flight hold about 6 MB.
const BATCH: usize = 8;

/// What is drawn over a rendered frame besides its caption (the crowd's
/// legend and frame-time strip).
pub type Overlay = Box<dyn Fn(&mut Image) + Send + Sync>;

/// A frame handed over and not yet rendered.
struct Shot {
    scene: Scene,
    camera: Camera,
    caption: String,
    overlay: Option<Overlay>,
}

/// Writes rendered frames as numbered PNGs and one animated GIF.
pub struct Film {
    frames_dir: PathBuf,
    gif: GifWriter,
    camera: Camera,
    /// Frames handed over and not yet rendered.
    pending: Vec<Shot>,
    written: usize,
    pub gif_path: PathBuf,
}

impl Film {
    /// `fps` frames per second of simulated time.
    pub fn new(out: &Path, name: &str, width: u32, height: u32, fps: u32) -> io::Result<Film> {
        let frames_dir = out.join("frames");
        let gif_path = out.join(format!("{name}.gif"));
        let delay = (100.0 / fps as f64).round().max(1.0) as u16;
        let gif = GifWriter::new(&gif_path, width, height, delay)?;
        Ok(Film { frames_dir, gif, camera: camera(width, height), pending: Vec::new(), written: 0, gif_path })
    }

    /// Queues `scene` with its caption as the next frame; returns the path
    /// its PNG will have. Frames are written in batches, in order.
    pub fn frame(&mut self, scene: Scene, caption: String) -> io::Result<PathBuf> {
        let camera = self.camera;
        self.shot(scene, camera, caption, None)
    }

    /// Queues `scene` as [`Film::frame`] does, seen by `camera` (its size
    /// must be the film's), with `overlay` drawn after the caption.
    pub fn shot(
        &mut self,
        scene: Scene,
        camera: Camera,
        caption: String,
        overlay: Option<Overlay>,
    ) -> io::Result<PathBuf> {
        let path = self.frames_dir.join(frame_name(self.written + self.pending.len(), "png"));
        self.pending.push(Shot { scene, camera, caption, overlay });
        if self.pending.len() == BATCH {
            self.flush()?;
        }
        Ok(path)
    }

    /// Renders and writes the queued frames: PNGs in parallel, then the GIF
    /// frames in order.
    fn flush(&mut self) -> io::Result<()> {
        let (dir, first) = (&self.frames_dir, self.written);
        let images: Vec<io::Result<Image>> = self
            .pending
            .par_iter()
            .enumerate()
            .map(|(k, shot)| {
                let mut image = shot.scene.render(&shot.camera);
                let scale = if image.width() >= 480 { 2 } else { 1 };
                image.text(8 * scale, 8 * scale, &shot.caption, Rgb(30, 34, 44), scale);
                if let Some(overlay) = &shot.overlay {
                    overlay(&mut image);
                }
                image.save_png(dir.join(frame_name(first + k, "png")))?;
                Ok(image)
            })
            .collect();
        for image in images {
            self.gif.add_frame(&image?)?;
        }
        self.written += self.pending.len();
        self.pending.clear();
        Ok(())
    }

    pub fn finish(mut self) -> io::Result<()> {
        self.flush()?;
        self.gif.finish()
    }
}

/// The file name of rendered frame `k`.
pub fn frame_name(k: usize, ext: &str) -> String {
    format!("frame_{k:04}.{ext}")
}

fn series_colour(piece: Piece) -> Rgb {
    match piece {
        Piece::Cape => Rgb(200, 40, 50),
        Piece::Skirt => Rgb(40, 80, 175),
        Piece::Rope => Rgb(196, 140, 30),
    }
}

/// The script's beats as an axis note, "time (s): walk 0.8, turn 2.6, …",
/// as many as fit the plot's width (each beat's first word and start).
fn beats(script: &Script, seconds: f64) -> String {
    const FITS: usize = 72;
    let mut note = "time (s)".to_string();
    let mut last = "";
    for c in script.cues.iter().filter(|c| c.at > 0.0 && c.at < seconds) {
        let word = c.label.split(' ').next().unwrap_or(c.label);
        if word != last {
            let beat =
                format!("{}{word} {}", if last.is_empty() { ": " } else { ", " }, (c.at * 100.0).round() / 100.0);
            if note.len() + beat.len() > FITS {
                break;
            }
            note += &beat;
        }
        last = word;
    }
    note
}

/// Kinetic energy (log scale) above the worst tether ratio, per garment.
pub fn plot_png(path: &Path, garments: &[(Piece, &Stats)], script: &Script, seconds: f64) -> io::Result<()> {
    let energy: Vec<Series> =
        garments.iter().map(|(p, s)| Series { name: p.name(), colour: series_colour(*p), points: &s.energy }).collect();
    let tether: Vec<Series> =
        garments.iter().map(|(p, s)| Series { name: p.name(), colour: series_colour(*p), points: &s.tether }).collect();
    let note = beats(script, seconds);
    let top = plot(&energy, "Kinetic energy per garment", &note, "energy (J)", true);
    let bottom = plot(&tether, "Worst tether ratio (distance / reach)", &note, "ratio", false);
    Image::stack(&[&top, &bottom], Rgb(255, 255, 255)).save_png(path)
}
