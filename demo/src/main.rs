//! `cargo run --release`: the newcomer's first command. A capsule-bodied
//! character walks, sprints, stops dead and is teleported, wearing a cape
//! (a sheet), a skirt of strips (a tree) and a rope in its hand, from the
//! library presets, all colliding with one shared set of body colliders and
//! the ground. It prints a table per garment and writes pictures, a plot and
//! an OBJ sequence. `--help` lists the options.
//!
//! | file            | concern                                                  |
//! |-----------------|----------------------------------------------------------|
//! | `cli.rs`        | options, `--help`, refusals                              |
//! | `script.rs`     | the host's script: walk, sprint, stop dead, teleport     |
//! | `character.rs`  | skeleton, procedural gait, the body's colliders          |
//! | `garments.rs`   | cape, skirt, rope: patterns in their anchors' frames     |
//! | `run.rs`        | the frame loop, as a game host drives the library        |
//! | `measure.rs`    | step times, energy, tether, penetration                  |
//! | `report.rs`     | the summary table and CSV                                |
//! | `pictures.rs`   | what the camera sees, the plot; `render/` draws them     |
//! | `obj.rs`        | the OBJ sequence                                         |
//! | `crowd.rs`      | `--crowd N`: a walking crowd under the world's budget    |
//! | `field`         | the crowd's field, `bench/src/field.rs` (shared with `cloth-bench crowd`) |

mod character;
mod cli;
mod crowd;
// The crowd's field is `cloth-bench crowd`'s, so the demo shows what the
// bench times (the file needs nothing but cloth_solver).
#[path = "../../bench/src/field.rs"]
#[allow(dead_code)]
mod field;
mod garments;
mod measure;
mod obj;
mod pictures;
mod render;
mod report;
mod run;
mod script;

use std::process::ExitCode;

fn main() -> ExitCode {
    let settings = match cli::parse(std::env::args().skip(1)) {
        Ok(cli::Command::Help) => {
            print!("{}", cli::HELP);
            return ExitCode::SUCCESS;
        }
        Ok(cli::Command::Run(s)) => s,
        Err(e) => {
            eprintln!("error: {e}\nRun with --help to see the options.");
            return ExitCode::from(2);
        }
    };
    let s = &settings;
    if let Some(c) = &s.crowd {
        return run_crowd(s, c);
    }
    let seconds = s.frames as f64 * run::DT;
    println!(
        "cloth-demo: scene '{}' ({}), {} frames at 60 Hz = {seconds:.1} s",
        s.script.name, s.script.about, s.frames
    );
    let presets: Vec<String> = garments::Piece::ALL
        .iter()
        .zip(&s.presets)
        .map(|(p, preset)| format!("{}={}", p.name(), preset.name))
        .collect();
    println!("garments: {}; stepping on {} thread(s)", presets.join(", "), s.threads);
    if s.render {
        println!("rendering {} frames per second at {}x{}", s.fps, s.width, s.height);
    }
    println!("output folder: {}", s.out.display());

    let outcome = match run::run(s) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!();
    print!("{}", report::table(&outcome.rows));
    println!(
        "ms: wall time of one garment's step, over the steps it was awake; worst tether: max distance to the pin \
         over reach;\npenetration: deepest a free particle went inside the body (contacts hold cloth a thickness outside it)."
    );
    println!();
    print_pictures(&outcome.frames, outcome.gif.as_deref(), &outcome.plot);
    if let (Some(first), Some(last)) = (outcome.objs.first(), outcome.objs.last()) {
        println!("OBJ:       {} … {} ({} files)", first.display(), last.display(), outcome.objs.len());
    }
    println!("table:     {}", outcome.csv.display());
    println!("done in {:.1} s ({:.2} s stepping garments)", outcome.total, outcome.stepping);
    ExitCode::SUCCESS
}

/// `--crowd N`: the crowd scene and its summary.
fn run_crowd(s: &cli::Settings, c: &cli::CrowdSettings) -> ExitCode {
    println!(
        "cloth-demo: a crowd of {} characters (a cape and a rope each) walking, a camera passing through, \
         {} frames at 60 Hz = {:.1} s",
        c.characters,
        s.frames,
        s.frames as f64 * run::DT
    );
    println!(
        "the world's budget: {} ms a frame x {} thread(s) = {} core-ms, levels by closeness to the camera",
        c.target_ms,
        s.threads,
        c.target_ms * s.threads as f64
    );
    if s.render {
        println!("rendering {} frames per second at {}x{}", s.fps, s.width, s.height);
    }
    println!("output folder: {}", s.out.display());
    let outcome = match crowd::run(s, c) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!();
    for line in &outcome.summary {
        println!("{line}");
    }
    println!();
    print_pictures(&outcome.frames, outcome.gif.as_deref(), &outcome.plot);
    println!("table:     {}", outcome.csv.display());
    println!("done in {:.1} s ({:.2} s stepping the world)", outcome.total, outcome.stepping);
    ExitCode::SUCCESS
}

/// Where a run's frames, animation and plot went.
fn print_pictures(frames: &[std::path::PathBuf], gif: Option<&std::path::Path>, plot: &std::path::Path) {
    if let (Some(first), Some(last)) = (frames.first(), frames.last()) {
        println!("frames:    {} … {} ({} PNGs)", first.display(), last.display(), frames.len());
    }
    if let Some(gif) = gif {
        println!("animation: {}", gif.display());
    }
    println!("plot:      {}", plot.display());
}
