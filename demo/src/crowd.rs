//! `--crowd N`: many characters walking in a field and a camera passing
//! through them, the world's frame budget choosing each cloth's level of
//! detail (issue 23) — the scene `cloth-bench crowd` times, made visible.
//!
//! ```text
//!   per 60 Hz frame:
//!     host        begin_frame; each character's torso and anchor poses; each
//!                 cloth's priority = −(its character's distance to the point
//!                 the camera follows)
//!     world       World::step: the budget sets every level, the pool steps   ← timed
//!     measure     each cloth's level, the cost model's units
//!   every 60/fps frames: a PNG + GIF frame, cloths coloured by level, a
//!   legend, and the world step's time against the target
//! ```
//!
//! Each character is `cloth_solver::world::Character` (W4's and the bench's:
//! a cape of a sheet entry and a rope of a chain entry on one anchor, a
//! torso capsule, a ground 2.5 m below the anchor), walking the field of
//! `bench/src/field.rs` (included as `crate::field`). The character has no
//! body beyond its torso capsule; the head and the legs down to its ground
//! are drawn here so a crowd reads as people, and take no part in the
//! simulation.

use crate::cli::{CrowdSettings, Settings};
use crate::field::{Crowd, Field, DT};
use crate::pictures::{Film, Overlay};
use crate::render::{plot, Camera, Image, Rgb, Scene, Series};
use crate::run::{finish_film, io_context};
use cloth_solver::detail::{Detail, FrameBudget};
use cloth_solver::world::Character;
use indicatif::{ProgressBar, ProgressStyle};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The anchor's height above the character's ground, m (`Character`'s
/// ground plane is 2.5 m below the anchor).
const GROUND: f64 = -2.5;
/// Frame-time history the strip in each frame shows, frames.
const STRIP_FRAMES: usize = 240;
const INK: Rgb = Rgb(30, 34, 44);
const PANEL: Rgb = Rgb(255, 255, 255);

/// What a crowd run produced.
pub struct Outcome {
    pub frames: Vec<PathBuf>,
    pub gif: Option<PathBuf>,
    pub plot: PathBuf,
    pub csv: PathBuf,
    /// Lines of the summary printed after the run.
    pub summary: Vec<String>,
    /// Wall time stepping the world, and everything, s.
    pub stepping: f64,
    pub total: f64,
}

/// A level's colour: full green, reduced blue, half rate amber, frozen
/// purple — apart in hue and lightness, and from the grey bodies.
pub fn colour(level: Detail) -> Rgb {
    match level {
        Detail::Full => Rgb(40, 150, 60),
        Detail::Reduced => Rgb(40, 100, 200),
        Detail::HalfRate => Rgb(230, 150, 20),
        Detail::Frozen => Rgb(140, 70, 160),
    }
}

pub fn level_name(level: Detail) -> &'static str {
    match level {
        Detail::Full => "full",
        Detail::Reduced => "reduced",
        Detail::HalfRate => "half rate",
        Detail::Frozen => "frozen",
    }
}

/// One frame's numbers.
#[derive(Clone, Copy, Debug)]
struct Sample {
    time: f64,
    step_ms: f64,
    units: f64,
    counts: [usize; 4],
    camera_x: f64,
}

/// The camera for the point it follows at `focus` (x, z): 8 m behind it
/// along −X and 5.5 m above the characters' ground, looking along +X and
/// down at the ground a little past it.
fn camera(focus: [f64; 2], width: u32, height: u32) -> Camera {
    let f = |x: f64| x as f32;
    Camera::look_at(
        [f(focus[0] - 8.0), 3.0, f(focus[1])],
        [f(focus[0] + 3.0), -1.8, f(focus[1])],
        [0.0, 1.0, 0.0],
        48.0,
        width,
        height,
    )
}

/// A cape's triangles and texture coordinates (bind x, −y, m).
type CapeMesh = (Vec<[u32; 3]>, Vec<[f32; 2]>);

/// The cape mesh of each preset of `Character::CAPES`.
fn cape_meshes() -> Vec<CapeMesh> {
    Character::CAPES
        .iter()
        .map(|p| {
            let input = cloth_solver::scenes::library_proxy(p);
            (input.triangles.clone(), input.positions.iter().map(|q| [q[0], -q[1]]).collect())
        })
        .collect()
}

/// One frame's scene: the ground, each character's torso, head and legs
/// (grey), its cape and rope in its level's colour. Characters behind the
/// camera or far past what it frames are left out.
fn scene(crowd: &Crowd, t: f64, eye: [f64; 2], capes: &[CapeMesh]) -> Scene {
    let mut scene = Scene::new();
    scene.ground(GROUND as f32);
    let f = |p: [f64; 3]| p.map(|c| c as f32);
    for w in &crowd.walkers {
        let c = &w.character;
        let anchor = crowd.field.anchor(c.k, t);
        let p = anchor.translation;
        if p[0] < eye[0] - 1.0 || p[0] > eye[0] + 70.0 {
            continue;
        }
        let torso = crowd.world.colliders(c.body).expect("live").get(c.torso).expect("live").cur;
        scene.capsule(f(torso.transform_point([0.0, -0.5, 0.0])), f(torso.translation), 0.1);
        scene.sphere(f(torso.transform_point([0.0, 0.2, 0.0])), 0.1);
        // Legs from the hips to the ground, swinging about the hips' axis
        // at a stride of about 1.8 m (a walk of 5–7 s a lap of ~7 m).
        let swing = 0.28 * (std::f64::consts::TAU * 0.55 * t + 1.7 * c.k as f64).sin();
        let hip_height = -0.5 - GROUND;
        for (side, sign) in [(-0.06, 1.0), (0.06, -1.0)] {
            let hip = [side, -0.5, 0.0];
            let a = sign * swing;
            let foot = [side, -0.5 - hip_height * a.cos() + 0.05, hip_height * a.sin()];
            scene.capsule(f(torso.transform_point(hip)), f(torso.transform_point(foot)), 0.05);
        }
        let (triangles, uv) = &capes[c.k % Character::CAPES.len()];
        // A cloth's world points and its level.
        let shown = |id| {
            crowd
                .world
                .with_cloth(id, |cl| {
                    let points: Vec<[f32; 3]> = (0..cl.nodes()).map(|n| f(cl.world_position(n))).collect();
                    (points, cl.detail())
                })
                .expect("live")
        };
        let cape = shown(c.cape);
        scene.sheet(&cape.0, triangles, colour(cape.1)).uv(uv).checks(8.0);
        let rope = shown(c.rope);
        scene.rope(&rope.0, 0.015, colour(rope.1));
    }
    scene
}

/// The legend and the frame-time strip drawn over a frame.
fn overlay(counts: [usize; 4], history: Vec<f64>, target: f64) -> Overlay {
    Box::new(move |image: &mut Image| {
        let s = if image.width() >= 480 { 2 } else { 1 };
        let (w, h) = (image.width() as i64, image.height() as i64);
        // Legend, top right: a swatch, the level, its cloths.
        let rows: Vec<(Detail, String)> =
            Detail::ALL.iter().map(|&l| (l, format!("{:<9} {:>4}", level_name(l), counts[l as usize]))).collect();
        let text_w = rows.iter().map(|r| Image::text_width(&r.1, s)).max().unwrap_or(0);
        let (row_h, pad, swatch) = (10 * s, 4 * s, 7 * s);
        let title = "cloths by level";
        let panel_w = (pad + swatch + pad + text_w + pad).max(Image::text_width(title, s) + 2 * pad);
        // Below the caption (8 + 8 rows of the font at the caption's scale).
        let (x0, y0) = (w - panel_w - 6 * s, 22 * s);
        let panel_h = pad + row_h * (rows.len() as i64 + 1) + pad - 2 * s;
        image.fill_rect(x0, y0, x0 + panel_w, y0 + panel_h, PANEL, 0.8);
        image.text(x0 + pad, y0 + pad, title, INK, s);
        for (i, (level, label)) in rows.iter().enumerate() {
            let y = y0 + pad + row_h * (i as i64 + 1);
            image.fill_rect(x0 + pad, y, x0 + pad + swatch - 1, y + swatch - 1, colour(*level), 1.0);
            image.text(x0 + pad + swatch + pad, y, label, INK, s);
        }
        // Frame-time strip, bottom left: a bar per frame, the target a line.
        let (sw, sh) = ((w / 2).max(60), (h / 5).max(30));
        let (sx, sy) = (6 * s, h - sh - 6 * s);
        image.fill_rect(sx, sy, sx + sw, sy + sh, PANEL, 0.8);
        let now = history.last().copied().unwrap_or(0.0);
        let label = format!("step {now:.2} ms");
        image.text(sx + pad, sy + pad, &label, INK, s);
        let tl = format!("target {target} ms");
        image.text(sx + sw - pad - Image::text_width(&tl, s), sy + pad, &tl, INK, s);
        // The scale: the target and most frames (a rare spike runs off the
        // top rather than flattening every other bar).
        let mut sorted = history.clone();
        sorted.sort_by(f64::total_cmp);
        let typical = sorted.get(sorted.len() * 19 / 20).copied().unwrap_or(0.0);
        let top = (1.5 * target).max(1.2 * typical);
        let (bx0, bx1) = (sx + pad, sx + sw - pad);
        let (by0, by1) = (sy + pad + row_h + 2 * s, sy + sh - pad);
        let y_of = |ms: f64| by1 - ((ms / top).clamp(0.0, 1.0) * (by1 - by0) as f64).round() as i64;
        let columns = (bx1 - bx0 + 1).max(1) as usize;
        let shown = &history[history.len().saturating_sub(columns)..];
        for (i, &ms) in shown.iter().enumerate() {
            let x = bx0 + i as i64;
            let c = if ms <= target { Rgb(40, 150, 60) } else { Rgb(200, 50, 40) };
            image.fill_rect(x, y_of(ms), x, by1, c, 0.9);
        }
        let ty = y_of(target);
        for x in (bx0..=bx1).filter(|x| (x - bx0) % (4 * s) < 2 * s) {
            image.fill_rect(x, ty, x, ty + s - 1, INK, 1.0);
        }
    })
}

pub fn run(s: &Settings, c: &CrowdSettings) -> Result<Outcome, String> {
    let started = Instant::now();
    let threads = s.threads;
    let budget = FrameBudget { core_ms: c.target_ms * threads as f64, unit_ns: c.unit_ns, full_share: c.full_share };
    let mut crowd = Crowd::new(c.characters, threads, Some(budget));
    let seconds = s.frames as f64 * DT;
    let field: Field = crowd.field;
    let capes = cape_meshes();

    std::fs::create_dir_all(&s.out).map_err(io_context(&s.out))?;
    let mut film = None;
    if s.render {
        crate::run::fresh_dir(&s.out.join("frames"), ".png")?;
        film =
            Some(Film::new(&s.out, "crowd", s.width, s.height, s.fps).map_err(io_context(&s.out.join("crowd.gif")))?);
    }
    let stride = ((60.0 / s.fps as f64).round() as usize).max(1);
    let bar = ProgressBar::new(s.frames as u64);
    bar.set_style(
        ProgressStyle::with_template("{prefix} [{wide_bar}] {pos}/{len} frames  {eta:>3} left")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    bar.set_prefix("crowd");

    let mut samples: Vec<Sample> = Vec::with_capacity(s.frames);
    let mut frames = Vec::new();
    let mut stepping = 0.0;
    for frame in 1..=s.frames {
        let t = frame as f64 * DT;
        let focus = field.pass(t, seconds);
        crowd.drive_from(frame, focus);
        let t0 = Instant::now();
        crowd.world.step().map_err(|e| format!("frame {frame}: the world's step failed: {e}"))?;
        let elapsed = t0.elapsed().as_secs_f64();
        stepping += elapsed;
        if c.unit_ns == 0.0 {
            // The price follows this machine: the step's core-ms reported.
            crowd
                .world
                .observe_step(elapsed * 1e3 * threads.max(1) as f64)
                .map_err(|e| format!("frame {frame}: the step's time was refused: {e}"))?;
        }
        let mut counts = [0usize; 4];
        let mut units = 0.0;
        for (level, u) in crowd.levels().into_iter().flatten() {
            counts[level as usize] += 1;
            units += u;
        }
        samples.push(Sample { time: t, step_ms: elapsed * 1e3, units, counts, camera_x: focus[0] });
        if (frame - 1) % stride == 0 {
            if let Some(film) = &mut film {
                let eye = [focus[0] - 8.0, focus[1]];
                let scene = scene(&crowd, t, eye, &capes);
                let history: Vec<f64> =
                    samples[samples.len().saturating_sub(STRIP_FRAMES)..].iter().map(|x| x.step_ms).collect();
                let caption = format!(
                    "t = {t:5.2} s  {} characters, {threads} thread{}",
                    c.characters,
                    if threads == 1 { "" } else { "s" }
                );
                let overlay = overlay(counts, history, c.target_ms);
                let cam = camera(focus, s.width, s.height);
                frames.push(film.shot(scene, cam, caption, Some(overlay)).map_err(io_context(&s.out.join("frames")))?);
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let gif = finish_film(film)?;
    let plot = s.out.join("crowd_frame_time.png");
    plot_png(&plot, &samples, c.target_ms).map_err(io_context(&plot))?;
    let csv = s.out.join("crowd.csv");
    std::fs::write(&csv, csv_text(&samples)).map_err(io_context(&csv))?;
    Ok(Outcome {
        frames,
        gif,
        plot,
        csv,
        summary: summary(
            &samples,
            c,
            threads,
            crowd.world.len(),
            crowd.world.budget().filter(|_| c.unit_ns == 0.0).map(|b| b.unit_ns),
        ),
        stepping,
        total: started.elapsed().as_secs_f64(),
    })
}

/// The world step's time above the cloths at each level, over the run.
fn plot_png(path: &Path, samples: &[Sample], target: f64) -> std::io::Result<()> {
    // From the second frame: the first is every cloth's first step (cold
    // memory, 7–45 µs a cloth more, whatever its level), often ten times a
    // steady frame, and would flatten the rest; the summary prints it.
    let step: Vec<(f64, f64)> = samples.iter().skip(1).map(|x| (x.time, x.step_ms)).collect();
    let line: Vec<(f64, f64)> = samples.iter().map(|x| (x.time, target)).collect();
    let time = [
        Series { name: "world step", colour: Rgb(40, 40, 46), points: &step },
        Series { name: "target", colour: Rgb(200, 50, 40), points: &line },
    ];
    let levels: Vec<Vec<(f64, f64)>> =
        Detail::ALL.iter().map(|&l| samples.iter().map(|x| (x.time, x.counts[l as usize] as f64)).collect()).collect();
    let series: Vec<Series> = Detail::ALL
        .iter()
        .zip(&levels)
        .map(|(&l, points)| Series { name: level_name(l), colour: colour(l), points })
        .collect();
    let top = plot(&time, "World step per frame, from the second", "time (s)", "ms", false);
    let bottom = plot(&series, "Cloths at each level of detail", "time (s)", "cloths", false);
    Image::stack(&[&top, &bottom], Rgb(255, 255, 255)).save_png(path)
}

fn csv_text(samples: &[Sample]) -> String {
    let mut out = String::from("frame,time_s,step_ms,units,full,reduced,half_rate,frozen,camera_x\n");
    for (i, x) in samples.iter().enumerate() {
        let [a, b, c, d] = x.counts;
        let _ = writeln!(out, "{},{},{},{},{a},{b},{c},{d},{}", i + 1, x.time, x.step_ms, x.units, x.camera_x);
    }
    out
}

/// `price`: the budget's observed price at the end (None: fixed by `--unit-ns`).
fn summary(samples: &[Sample], c: &CrowdSettings, threads: usize, cloths: usize, price: Option<f64>) -> Vec<String> {
    let mut ms: Vec<f64> = samples.iter().skip(1).map(|x| x.step_ms).collect();
    ms.sort_by(f64::total_cmp);
    let n = ms.len().max(1);
    let within = ms.iter().filter(|&&m| m <= c.target_ms).count() as f64 / n as f64;
    let frames = samples.len().max(1) as f64;
    let mean = |l: Detail| samples.iter().map(|x| x.counts[l as usize]).sum::<usize>() as f64 / frames;
    let levels: Vec<String> = Detail::ALL.iter().map(|&l| format!("{} {:.1}", level_name(l), mean(l))).collect();
    let mut ns: Vec<f64> =
        samples.iter().skip(1).filter(|x| x.units > 0.0).map(|x| x.step_ms * 1e6 * threads as f64 / x.units).collect();
    ns.sort_by(f64::total_cmp);
    let first = samples.first().map_or(f64::NAN, |x| x.step_ms);
    vec![
        format!(
            "{} characters, {cloths} cloths, {threads} thread(s), budget {} core-ms",
            c.characters,
            c.target_ms * threads as f64
        ),
        format!(
            "world step: min {:.2} ms, median {:.2} ms, {:.0} % of frames within the {} ms target \
             (the first frame, every cloth's first step, {first:.2} ms, left out)",
            ms.first().copied().unwrap_or(f64::NAN),
            ms.get(ms.len() / 2).copied().unwrap_or(f64::NAN),
            100.0 * within,
            c.target_ms,
        ),
        format!("cloths per level, mean over frames: {}", levels.join(", ")),
        format!(
            "measured price of the cost model's unit: median {:.1} core-ns (the budget's: {})",
            ns.get(ns.len() / 2).copied().unwrap_or(f64::NAN),
            match price {
                Some(p) => format!("observed, {p:.1} ns at the end"),
                None => format!("{} ns, fixed", c.unit_ns),
            }
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_have_distinct_colours_and_names() {
        for a in Detail::ALL {
            for b in Detail::ALL {
                assert_eq!(a == b, colour(a) == colour(b));
                assert_eq!(a == b, level_name(a) == level_name(b));
            }
        }
    }
}
