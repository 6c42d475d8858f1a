//! One run of the demo, frame by frame, as a game host drives the library:
//!
//! ```text
//!   per 60 Hz frame:
//!     script      root motion (walk / sprint / stop dead / teleport), gait phase
//!     skeleton    every bone's world pose for THIS frame (DESIGN §7)
//!     colliders   begin_frame; set_pose per body part (place, on a teleport)
//!     garments    set_air (wind + the script's gust); set_anchor_pose(their bone); teleport() on a cut;
//!                 apply_impulses on a scripted hit (mass × the blast's velocity change);
//!                 step_with(the shared collider set)      ← timed, per garment
//!     measure     kinetic energy, worst tether, penetration
//!   every 60/fps frames: render a PNG + GIF frame, write an OBJ
//! ```
//!
//! Garments step on `--threads` threads (rayon's pool; 1 = on this one);
//! pictures render a batch of frames at a time on every core.

use crate::character::{self, Body, Skeleton};
use crate::cli::Settings;
use crate::garments::{Garment, Piece, WorldShape};
use crate::measure::ColliderFrame;
use crate::obj;
use crate::pictures::{self, Film};
use crate::report::{self, Row};
use crate::script::Director;
use cloth_solver::{Air, SeedError, Turbulence};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The host's fixed frame, s: the library presets' `dt` (60 Hz).
pub const DT: f64 = 1.0 / 60.0;

/// What a run produced.
pub struct Outcome {
    pub rows: Vec<Row>,
    /// Rendered frames (PNG paths; empty with `--no-render`).
    pub frames: Vec<PathBuf>,
    pub gif: Option<PathBuf>,
    pub plot: PathBuf,
    pub csv: PathBuf,
    pub objs: Vec<PathBuf>,
    /// Wall time stepping garments, and everything, s.
    pub stepping: f64,
    pub total: f64,
}

pub(crate) fn io_context(what: &Path) -> impl Fn(std::io::Error) -> String + '_ {
    move |e| format!("cannot write {}: {e}", what.display())
}

/// Writes out the animation a run filmed, if it filmed one, and says where.
pub(crate) fn finish_film(film: Option<Film>) -> Result<Option<PathBuf>, String> {
    let Some(film) = film else { return Ok(None) };
    let path = film.gif_path.clone();
    film.finish().map_err(io_context(&path))?;
    Ok(Some(path))
}

/// Removes the numbered files a previous run left in `dir` (a shorter run
/// must not leave stale frames behind), and creates `dir`.
pub(crate) fn fresh_dir(dir: &Path, ext: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(io_context(dir))?;
    for entry in std::fs::read_dir(dir).map_err(io_context(dir))?.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("frame_") && name.ends_with(ext) {
            std::fs::remove_file(entry.path()).map_err(io_context(&entry.path()))?;
        }
    }
    Ok(())
}

/// Why a garment failed to seed, naming the body part for a bind-pose
/// failure (collider 0 is the ground, then the parts in order).
fn seed_failure(piece: Piece, preset: &str, e: SeedError) -> String {
    let mut s = format!("cannot seed the {} ({preset}): {e}", piece.name());
    if let SeedError::InsideCollider { collider, .. } = e {
        let name = match collider {
            0 => "the ground",
            k => character::parts().get(k - 1).map(|p| p.name).unwrap_or("a body part"),
        };
        s += &format!(" (collider {collider} is {name}; move the garment out of the body)");
    }
    s
}

pub fn run(s: &Settings) -> Result<Outcome, String> {
    let started = Instant::now();
    let mut director = Director::new(s.script.clone());
    let skeleton = Skeleton::new(&director.root, &director.gait);
    let mut body = Body::new(&skeleton).map_err(|e| format!("cannot build the body: {e}"))?;
    let mut garments = Vec::new();
    for (piece, preset) in Piece::ALL.into_iter().zip(s.presets) {
        let anchor = skeleton.bone(piece.anchor());
        let g =
            Garment::new(piece, preset, anchor, &body.colliders).map_err(|e| seed_failure(piece, preset.name, e))?;
        garments.push(g);
    }
    let pool = match s.threads {
        1 => None,
        n => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| format!("cannot start {n} threads: {e}"))?,
        ),
    };

    std::fs::create_dir_all(&s.out).map_err(io_context(&s.out))?;
    let obj_dir = s.out.join("obj");
    fresh_dir(&obj_dir, ".obj")?;
    let mut film = None;
    if s.render {
        fresh_dir(&s.out.join("frames"), ".png")?;
        film =
            Some(Film::new(&s.out, s.script.name, s.width, s.height, s.fps).map_err(io_context(&s.out.join("*.gif")))?);
    }
    // Host frames: `--frames` counts 60 Hz frames of script time.
    let tick = 1.0 / s.rate as f64;
    let host_frames = (s.frames as f64 * DT / tick).round() as usize;
    let stride = ((s.rate as f64 / s.fps as f64).round() as usize).max(1);

    let bar = ProgressBar::new(host_frames as u64);
    bar.set_style(
        ProgressStyle::with_template("{prefix} [{wide_bar}] {pos}/{len} frames  {msg:12}  {eta:>3} left")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    bar.set_prefix(s.script.name);

    let (mut frames, mut objs) = (Vec::new(), Vec::new());
    let mut stepping = 0.0;
    for frame in 0..host_frames {
        let beat = director.advance(tick);
        let time = (frame + 1) as f64 * tick;
        let skeleton = Skeleton::new(&director.root, &director.gait);
        body.pose(&skeleton, beat.teleported).map_err(|e| format!("frame {frame}: a body pose was refused: {e}"))?;
        // The air: sea level, `--wind` and the script's gust (a change
        // wakes a sleeping garment; a still one keeps its bits).
        let (gust, gusts) = beat.gust;
        let air = Air {
            wind: [0, 1, 2].map(|k| s.wind[k] + gust[k]),
            turbulence: Turbulence { amplitude: gusts, frequency: 1.5, scale: 1.0, seed: 18 },
            ..Air::default()
        };
        for g in &mut garments {
            g.cloth.set_air(air).map_err(|e| format!("frame {frame}: the air was refused: {e}"))?;
            g.cloth
                .set_anchor_pose(skeleton.bone(g.piece.anchor()))
                .map_err(|e| format!("frame {frame}: the {} anchor pose was refused: {e}", g.piece.name()))?;
            if beat.teleported {
                g.cloth.teleport();
            }
            if let Some(hit) = &beat.hit {
                let impulses: Vec<(u32, [f64; 3])> = (0..g.cloth.nodes())
                    .map(|n| (n as u32, g.cloth.node_mass(n), hit.kick(&director.root, g.cloth.world_position(n))))
                    .filter(|&(_, m, dv)| m > 0.0 && dv != [0.0; 3])
                    .map(|(n, m, dv)| (n, dv.map(|v| m * v)))
                    .collect();
                g.cloth.apply_impulses(&impulses).map_err(|e| format!("frame {frame}: the hit was refused: {e}"))?;
            }
        }
        let t = Instant::now();
        let colliders = &body.colliders;
        // At 60 Hz a fixed step per frame; at any other rate the garments
        // advance by the frame's time (fixed steps, drawn interpolated).
        let one = |g: &mut Garment| if s.rate == 60 { g.step(colliders) } else { g.advance(tick, colliders) };
        match &pool {
            None => garments.iter_mut().for_each(one),
            Some(pool) => pool.install(|| garments.par_iter_mut().for_each(one)),
        }
        stepping += t.elapsed().as_secs_f64();
        let collider_frame = ColliderFrame::new(&body.colliders);
        for g in &mut garments {
            g.stats.observe(time, &g.cloth, &g.fixed, &collider_frame);
        }

        if frame % stride == 0 {
            let k = frame / stride;
            let shapes: Vec<(Piece, WorldShape)> = garments.iter_mut().map(|g| (g.piece, g.world_shape())).collect();
            let caption = format!("t = {time:5.2} s  {}", beat.label);
            if let Some(film) = &mut film {
                let scene = pictures::scene(&body, &shapes);
                frames.push(film.frame(scene, caption.clone()).map_err(io_context(&s.out.join("frames")))?);
            }
            let path = obj_dir.join(pictures::frame_name(k, "obj"));
            let header = format!("scene {}, frame {frame}, {caption}", s.script.name);
            obj::write_frame(&path, &header, &shapes).map_err(io_context(&path))?;
            objs.push(path);
        }
        bar.set_message(beat.label);
        bar.inc(1);
    }
    bar.finish_and_clear();

    let gif = finish_film(film)?;
    let plot = s.out.join("energy_tether.png");
    let series: Vec<_> = garments.iter().map(|g| (g.piece, &g.stats)).collect();
    pictures::plot_png(&plot, &series, &s.script, s.frames as f64 * DT).map_err(io_context(&plot))?;
    let rows: Vec<Row> = garments.iter().map(Row::of).collect();
    let csv = s.out.join("summary.csv");
    std::fs::write(&csv, report::csv(&rows)).map_err(io_context(&csv))?;
    Ok(Outcome { rows, frames, gif, plot, csv, objs, stepping, total: started.elapsed().as_secs_f64() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bind_pose_failure_names_the_body_part() {
        let e = SeedError::InsideCollider { node: 40, collider: 3, distance: -0.01, offset: 0.008 };
        let message = seed_failure(Piece::Cape, "cotton", e);
        assert!(message.starts_with("cannot seed the cape (cotton): "), "{message}");
        assert!(message.contains("collider 3 is chest"), "{message}");
        let ground = seed_failure(
            Piece::Rope,
            "rope",
            SeedError::InsideCollider { node: 5, collider: 0, distance: 0.002, offset: 0.015 },
        );
        assert!(ground.contains("collider 0 is the ground"), "{ground}");
    }
}
