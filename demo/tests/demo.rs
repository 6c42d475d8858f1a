//! The README's first command, run headless on a short setting (issue 8's
//! gates): it exits 0; its pictures exist, decode, are not blank and change
//! from frame to frame where the cloth moved; its table's numbers are finite
//! and inside the bounds the physics gates hold while walking; its OBJ
//! sequence holds every garment; bad options exit non-zero with a message.
//! No free particle ends a walking frame inside the body.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DEMO: &str = env!("CARGO_BIN_EXE_cloth-demo");

/// Worst tether ratio the gates hold while walking (§13, §26: the bound
/// with margin, reached on the fanned cape at a ±2.4 m/s walk).
const WALK_TETHER: f64 = 1.05;
/// Deepest a free particle may end a walking frame inside the body, m. The
/// contact rows hold cloth a thickness (6–20 mm) outside it; on this walk
/// the cape and the rope stay out, and the skirt (denim's two iterations)
/// ends one frame 1.4 mm in (0.0 mm at three iterations or more;
/// `MEASUREMENTS.md`, "The frame's velocity change as a fictitious
/// acceleration").
const CONTACT_DEPTH: f64 = 0.0025;

fn demo(args: &[&str]) -> Output {
    Command::new(DEMO).args(args).output().expect("the demo binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cloth-demo-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// An RGB8 PNG as (width, height, pixels).
fn load_png(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Rgb, png::BitDepth::Eight));
    let px = buf[..info.buffer_size()].chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect();
    (info.width, info.height, px)
}

fn csv_rows(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let body = std::fs::read_to_string(path).unwrap();
    let mut lines = body.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines.map(|l| header.iter().map(|h| h.to_string()).zip(l.split(',').map(str::to_string)).collect()).collect()
}

/// Standing still, only the cloth moves (the garments settle from their
/// bind pose): successive frames differ, and only around the character.
#[test]
fn frames_show_the_cloth_moving() {
    let out = scratch("idle");
    let o = demo(&["--scene", "idle", "--frames", "60", "--size", "240x150", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}\n{}", text(&o.stdout), text(&o.stderr));
    // 60 frames at 60 Hz rendered at the default 20 fps.
    let frames: Vec<_> = (0..20).map(|k| load_png(&out.join(format!("frames/frame_{k:04}.png")))).collect();
    assert!(!out.join("frames/frame_0020.png").exists());
    for (k, (w, h, px)) in frames.iter().enumerate() {
        assert_eq!((*w, *h), (240, 150));
        let distinct: std::collections::BTreeSet<[u8; 3]> = px.iter().copied().collect();
        assert!(distinct.len() > 200, "frame {k}: {} colours, blank?", distinct.len());
    }
    for k in 1..frames.len() {
        let (w, _, a) = &frames[k - 1];
        let (_, _, b) = &frames[k];
        let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        // The caption (rows 8–15: the time) changes too: look below it.
        let cloth = changed.iter().filter(|&&i| i / *w as usize > 16).count();
        assert!(cloth > 10, "frames {} and {k}: only {cloth} pixels changed", k - 1);
        // Nothing changed away from the cloth and its shadow: not the sky
        // above the head, nor the floor left of the character (the sun is
        // on the left) — the body stands still and the camera is fixed.
        let far = changed
            .iter()
            .map(|&i| (i % *w as usize, i / *w as usize))
            .filter(|&(x, y)| y > 16 && (y < 25 || x < 60))
            .count();
        assert_eq!(far, 0, "frames {} and {k}: {far} pixels changed far from the character", k - 1);
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn short_walk_stays_within_the_gates() {
    let out = scratch("walk");
    let args = ["--scene", "walk", "--frames", "150", "--fps", "10", "--size", "240x150", "--out"];
    let o = demo(&[&args[..], &[out.to_str().unwrap()]].concat());
    let (stdout, stderr) = (text(&o.stdout), text(&o.stderr));
    assert!(o.status.success(), "exit {:?}\n{stdout}\n{stderr}", o.status);
    assert!(stdout.contains(&format!("output folder: {}", out.display())), "{stdout}");
    for garment in ["cape", "skirt", "rope"] {
        assert!(stdout.lines().any(|l| l.starts_with(garment)), "no table row for {garment}:\n{stdout}");
    }

    // 150 frames (2.5 s) at 60 Hz rendered at 10 fps: 25 PNGs, and a GIF of them.
    for k in 0..25 {
        let (w, h, _) = load_png(&out.join(format!("frames/frame_{k:04}.png")));
        assert_eq!((w, h), (240, 150));
    }
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::fs::File::open(out.join("walk.gif")).unwrap()).unwrap();
    let mut gif_frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        gif_frames += 1;
    }
    assert_eq!(gif_frames, 25);
    let (w, h, _) = load_png(&out.join("energy_tether.png"));
    assert!(w > 400 && h > 400, "plot {w}x{h}");

    // The table: finite numbers within the gates' bounds while walking.
    let rows = csv_rows(&out.join("summary.csv"));
    assert_eq!(rows.iter().map(|r| r["garment"].as_str()).collect::<Vec<_>>(), ["cape", "skirt", "rope"]);
    for r in &rows {
        let num = |k: &str| -> f64 { r[k].parse().unwrap_or_else(|_| panic!("{}: {k} = {:?}", r["garment"], r[k])) };
        for k in ["ms_min", "ms_median", "worst_tether", "worst_penetration_m", "final_kinetic_j"] {
            assert!(num(k).is_finite() && num(k) >= 0.0, "{}: {k} = {}", r["garment"], num(k));
        }
        assert!(num("particles") > 0.0 && num("stretch_rows") > 0.0 && num("tether_rows") > 0.0);
        assert!(num("ms_min") > 0.0 && num("ms_min") <= num("ms_median"));
        assert!(num("worst_tether") <= WALK_TETHER, "{}: worst tether {}", r["garment"], num("worst_tether"));
        assert_eq!(num("watchdog_resets"), 0.0, "{}", r["garment"]);
        let depth = num("worst_penetration_m");
        assert!(depth <= CONTACT_DEPTH, "{}: penetration {:.1} mm", r["garment"], depth * 1e3);
    }

    // The OBJ sequence: one file per rendered frame, every garment in each.
    for k in [0, 24] {
        let obj = std::fs::read_to_string(out.join(format!("obj/frame_{k:04}.obj"))).unwrap();
        for o in ["o cape", "o skirt", "o rope"] {
            assert!(obj.lines().any(|l| l == o), "frame {k}: no '{o}'");
        }
        let vertices = obj.lines().filter(|l| l.starts_with("v ")).count();
        // The cape's render mesh (651 nodes and the midpoints of its 1,850
        // edges), 16 strips × 8 nodes × 2 ribbon edges, 19 rope nodes.
        assert_eq!(vertices, 651 + 1850 + 256 + 19, "frame {k}");
        assert_eq!(obj.lines().filter(|l| l.starts_with("l ")).count(), 1);
    }
    assert!(!out.join("obj/frame_0025.obj").exists());
    let _ = std::fs::remove_dir_all(&out);
}

/// `--no-render` writes the table, plot and OBJ sequence but no frames; the
/// garments are independent, so stepping them on two threads gives the same
/// motion, bit for bit, as on one.
#[test]
fn no_render_and_threads_keep_the_answer() {
    let (one, two) = (scratch("one-thread"), scratch("two-threads"));
    for (dir, threads) in [(&one, "1"), (&two, "2")] {
        let args = ["--frames", "60", "--no-render", "--preset", "skirt=hair", "--threads", threads, "--out"];
        let o = demo(&[&args[..], &[dir.to_str().unwrap()]].concat());
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(text(&o.stdout).contains("skirt    hair"), "{}", text(&o.stdout));
        assert!(dir.join("summary.csv").exists() && dir.join("energy_tether.png").exists());
        assert!(!dir.join("frames").exists() && !dir.join("character.gif").exists());
    }
    for k in [0, 19] {
        let name = format!("obj/frame_{k:04}.obj");
        let (a, b) = (std::fs::read(one.join(&name)).unwrap(), std::fs::read(two.join(&name)).unwrap());
        assert!(a == b, "{name} differs between 1 and 2 threads");
    }
    let _ = std::fs::remove_dir_all(&one);
    let _ = std::fs::remove_dir_all(&two);
}

/// `--crowd N`: the crowd scene runs, writes its frames (coloured by level,
/// with the legend and the frame-time strip), its plot and a CSV row per
/// frame whose levels count every cloth; a budget so small that nothing
/// fits freezes every cloth (levels come from the cost model, never the
/// clock, so this holds on any machine), and the default scene's files are
/// not written. No timing is asserted.
#[test]
fn a_crowd_runs_under_the_budget() {
    let out = scratch("crowd");
    let dir = out.to_str().unwrap();
    let o = demo(&["--crowd", "6", "--frames", "30", "--size", "160x100", "--threads", "2", "--out", dir]);
    assert!(o.status.success(), "{}\n{}", text(&o.stdout), text(&o.stderr));
    assert!(text(&o.stdout).contains("cloths per level"), "{}", text(&o.stdout));
    for k in 0..10 {
        let (w, h, px) = load_png(&out.join(format!("frames/frame_{k:04}.png")));
        assert_eq!((w, h), (160, 100));
        let distinct: std::collections::BTreeSet<[u8; 3]> = px.iter().copied().collect();
        assert!(distinct.len() > 100, "frame {k}: {} colours, blank?", distinct.len());
    }
    assert!(out.join("crowd.gif").exists() && out.join("crowd_frame_time.png").exists());
    assert!(!out.join("summary.csv").exists() && !out.join("obj").exists());
    let rows = csv_rows(&out.join("crowd.csv"));
    assert_eq!(rows.len(), 30);
    for r in &rows {
        let cloths: usize =
            ["full", "reduced", "half_rate", "frozen"].iter().map(|k| r[*k].parse::<usize>().unwrap()).sum();
        assert_eq!(cloths, 12, "{r:?}");
        assert!(r["step_ms"].parse::<f64>().unwrap().is_finite());
    }
    let o = demo(&["--crowd", "6", "--frames", "10", "--no-render", "--budget", "1e-6", "--out", dir]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    for r in csv_rows(&out.join("crowd.csv")) {
        assert_eq!(r["frozen"], "12", "{r:?}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn help_lists_every_option() {
    let o = demo(&["--help"]);
    assert!(o.status.success());
    let help = text(&o.stdout);
    for option in [
        "--scene",
        "--preset",
        "--frames",
        "--threads",
        "--out",
        "--no-render",
        "--fps",
        "--size",
        "--crowd",
        "--budget",
        "--unit-ns",
        "--help",
    ] {
        assert!(help.contains(option), "--help does not mention {option}");
    }
}

#[test]
fn bad_options_exit_non_zero_with_a_message() {
    for (args, needle) in [
        (&["--bogus"][..], "unknown option '--bogus'"),
        (&["--frames", "0"], "--frames '0'"),
        (&["--frames", "many"], "--frames 'many'"),
        (&["--threads", "0"], "--threads '0'"),
        (&["--scene", "moon"], "--scene 'moon'"),
        (&["--preset", "tweed"], "--preset 'tweed'"),
        (&["--size", "wide"], "--size 'wide'"),
        (&["--fps"], "--fps needs a value"),
        (&["--out"], "--out needs a value"),
        (&["stray"], "unexpected argument 'stray'"),
    ] {
        let o = demo(args);
        let stderr = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(o.stdout.is_empty(), "{args:?} printed to stdout");
    }
}
