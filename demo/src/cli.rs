//! Command-line options. Every refusal is an [`Error`] naming the option and
//! what it accepts; `main` prints it and exits with status 2. Nothing here
//! panics on any input.

use crate::garments::Piece;
use crate::script::{self, Script};
use cloth_solver::library::{self, Preset};
use std::fmt;
use std::path::PathBuf;

pub const HELP: &str = "\
cloth-demo: a capsule-bodied character walks, sprints, stops dead and is
teleported, wearing a cape (sheet), a skirt of strips (tree) and a rope in
its hand, all colliding with its body and the ground. Prints a table per
garment and writes pictures, a plot and an OBJ sequence.

USAGE:
    cargo run --release [-- OPTIONS]

OPTIONS:
    --scene NAME         character (default): walk, turn, sprint, stop dead,
                           teleport, walk, stand (10 s)
                         walk: walk back and forth, turning at each end
                         idle: stand still; the garments settle and sleep
    --preset [PIECE=]NAME
                         the library preset a garment uses; PIECE is cape,
                           skirt or rope (a bare NAME sets the cape);
                           repeatable. NAME: silk, cotton, denim, leather,
                           rope, chain, hair. Default: cape=cotton,
                           skirt=denim, rope=rope
    --wind X,Y,Z         a steady wind, m/s, world axes (Y up; the character
                           starts facing +X), each within ±100 (default
                           0,0,0: still air). The garments move through air
                           at sea level whatever it is (the cape trails a
                           sprint), and the character scene's script adds a
                           gust with turbulence at 7.6 s
    --frames N           60 Hz frames to simulate (default: the scene's, 600)
    --threads N          threads stepping the three garments each frame
                           (default 1, which keeps the timings clean; the
                           pool pays off with many characters). Pictures
                           render on every core whatever N is
    --out DIR            output folder (default out/demo)
    --no-render          skip the PNG frames and the GIF (the table, plot,
                           summary.csv and OBJ sequence are still written)
    --fps N              rendered frames per simulated second (default 20)
    --rate HZ            the host's frame rate, 10 to 1000 (default 60, the
                           cloth's own step: one step per frame). Any other
                           rate drives the garments with cloth_world_advance's
                           Rust twin, Cloth::advance: fixed 60 Hz steps, drawn
                           interpolated between them
    --size WxH           picture size in pixels (default 640x400)
    --crowd N            instead of the scene: N characters (1 to 2048; W4's
                           character, a cape and a rope each) walking in a
                           field, a camera passing through them, the world's
                           frame budget choosing each cloth's level of detail
                           by closeness (cloths coloured by level). Steps on
                           --threads threads; 10 s unless --frames
    --budget MS          the crowd's frame target, ms (default 2 for up to
                           128 characters, else 4); the budget is MS times
                           --threads core-milliseconds
    --unit-ns NS         the crowd budget's price of a unit of work, ns,
                           fixed (default: observed — the library's
                           WORK_UNIT_NS to start, each step's time reported
                           to World::observe_step)
    --full-share S       the largest share of the crowd's budget full detail
                           may take, 0 to 1 (default 1; 0.5 leaves half for
                           half rate and reduced further out)
    -h, --help           this text

OUTPUT (under --out):
    frames/frame_NNNN.png   rendered frames      SCENE.gif     the animation
    energy_tether.png       the plot             summary.csv   the table
    obj/frame_NNNN.obj      the garments per rendered frame (Blender: Y up)
  with --crowd: frames/, crowd.gif, crowd_frame_time.png (the world's step
    time and the levels over time), crowd.csv (the same, per frame); no OBJ
";

/// Largest accepted values: generous, but small enough that a typo cannot
/// start an hour-long run or allocate gigabytes of pictures.
const MAX_FRAMES: usize = 100_000;
const MAX_THREADS: usize = 256;
const MAX_SIDE: u32 = 4096;
/// m/s: a storm; the library takes up to 500, the camera frames less.
const MAX_WIND: f64 = 100.0;
/// Characters `--crowd` takes: 4096 cloths.
const MAX_CROWD: usize = 2048;

/// What the demo was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Help,
    Run(Box<Settings>),
}

/// A run's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub script: Script,
    pub frames: usize,
    pub threads: usize,
    pub out: PathBuf,
    /// Whether `--out` was left at its default.
    pub default_out: bool,
    pub render: bool,
    pub fps: u32,
    /// The host's frame rate, Hz (60: one fixed step per frame).
    pub rate: u32,
    pub width: u32,
    pub height: u32,
    /// The preset of each garment, in [`Piece::ALL`] order.
    pub presets: [Preset; 3],
    /// The steady wind, m/s, world axes (`--wind`).
    pub wind: [f64; 3],
    /// `--crowd`: the crowd scene instead of the character's.
    pub crowd: Option<CrowdSettings>,
}

/// The crowd scene's settings (`--crowd`, `--budget`, `--unit-ns`,
/// `--full-share`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrowdSettings {
    pub characters: usize,
    /// Frame target, ms (the budget is this times the threads, core-ms).
    pub target_ms: f64,
    /// The budget's price of a unit of work, ns (0: the library's).
    pub unit_ns: f64,
    /// The largest share of the budget full detail may take.
    pub full_share: f64,
}

/// A refused command line.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    Unknown(String),
    MissingValue(&'static str),
    Bad { option: &'static str, value: String, expected: String },
    Unexpected(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Unknown(o) => write!(f, "unknown option '{o}'"),
            Error::MissingValue(o) => write!(f, "{o} needs a value"),
            Error::Bad { option, value, expected } => write!(f, "{option} '{value}': expected {expected}"),
            Error::Unexpected(a) => write!(f, "unexpected argument '{a}' (options start with --)"),
        }
    }
}

impl std::error::Error for Error {}

fn bad(option: &'static str, value: &str, expected: impl Into<String>) -> Error {
    Error::Bad { option, value: value.to_string(), expected: expected.into() }
}

fn number<T: std::str::FromStr + PartialOrd + fmt::Display>(
    option: &'static str,
    value: &str,
    lo: T,
    hi: T,
) -> Result<T, Error> {
    match value.parse::<T>() {
        Ok(v) if v >= lo && v <= hi => Ok(v),
        _ => Err(bad(option, value, format!("a whole number from {lo} to {hi}"))),
    }
}

fn preset_names() -> String {
    library::ALL.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

/// Parses the arguments after the program name.
pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Command, Error> {
    let default_script = script::script(script::SCENES[0]).expect("the default scene exists");
    let mut s = Settings {
        frames: default_script.frames,
        script: default_script,
        threads: 1,
        out: PathBuf::from("out/demo"),
        default_out: true,
        render: true,
        fps: 20,
        rate: 60,
        width: 640,
        height: 400,
        presets: Piece::ALL.map(Piece::default_preset),
        wind: [0.0; 3],
        crowd: None,
    };
    let mut frames = None;
    let (mut crowd, mut budget, mut unit_ns, mut full_share) = (None, None, 0.0, 1.0);
    // The crowd's options given without --crowd: (option, value).
    let mut crowd_only: Option<(&'static str, String)> = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        // Options that take no value.
        match name.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--no-render" if inline.is_none() => {
                s.render = false;
                continue;
            }
            _ => {}
        }
        let option: &'static str = match name.as_str() {
            "--scene" => "--scene",
            "--preset" => "--preset",
            "--frames" => "--frames",
            "--threads" => "--threads",
            "--out" => "--out",
            "--fps" => "--fps",
            "--rate" => "--rate",
            "--size" => "--size",
            "--wind" => "--wind",
            "--crowd" => "--crowd",
            "--budget" => "--budget",
            "--unit-ns" => "--unit-ns",
            "--full-share" => "--full-share",
            _ if name.starts_with('-') => return Err(Error::Unknown(arg)),
            _ => return Err(Error::Unexpected(arg)),
        };
        let value = match inline.or_else(|| args.next()) {
            Some(v) if !v.is_empty() => v,
            _ => return Err(Error::MissingValue(option)),
        };
        match option {
            "--scene" => {
                s.script = script::script(&value)
                    .ok_or_else(|| bad(option, &value, format!("one of {}", script::SCENES.join(", "))))?;
            }
            "--preset" => {
                let (piece, name) = match value.split_once('=') {
                    Some((p, n)) => {
                        let piece = Piece::ALL
                            .into_iter()
                            .find(|x| x.name() == p)
                            .ok_or_else(|| bad(option, &value, "PIECE=NAME with PIECE one of cape, skirt, rope"))?;
                        (piece, n)
                    }
                    None => (Piece::Cape, value.as_str()),
                };
                let preset = library::preset(name)
                    .ok_or_else(|| bad(option, &value, format!("a preset name: {}", preset_names())))?;
                s.presets[Piece::ALL.iter().position(|&p| p == piece).expect("listed")] = preset;
            }
            "--frames" => frames = Some(number(option, &value, 1, MAX_FRAMES)?),
            "--threads" => s.threads = number(option, &value, 1, MAX_THREADS)?,
            "--out" => {
                s.out = PathBuf::from(&value);
                s.default_out = false;
            }
            "--fps" => s.fps = number(option, &value, 1, 60)?,
            "--rate" => s.rate = number(option, &value, 10, 1000)?,
            "--size" => {
                let expected = format!("WIDTHxHEIGHT, each from 16 to {MAX_SIDE} pixels (e.g. 640x400)");
                let (w, h) = value.split_once(['x', 'X']).ok_or_else(|| bad(option, &value, expected.clone()))?;
                match (w.parse::<u32>(), h.parse::<u32>()) {
                    (Ok(w), Ok(h)) if (16..=MAX_SIDE).contains(&w) && (16..=MAX_SIDE).contains(&h) => {
                        (s.width, s.height) = (w, h);
                    }
                    _ => return Err(bad(option, &value, expected)),
                }
            }
            "--wind" => {
                let expected = "X,Y,Z in m/s, each a number from -100 to 100 (e.g. 0,0,8)";
                let parts: Vec<Option<f64>> = value
                    .split(',')
                    .map(|c| c.trim().parse::<f64>().ok().filter(|v| v.is_finite() && v.abs() <= MAX_WIND))
                    .collect();
                match parts[..] {
                    [Some(x), Some(y), Some(z)] => s.wind = [x, y, z],
                    _ => return Err(bad(option, &value, expected)),
                }
            }
            "--crowd" => crowd = Some(number(option, &value, 1, MAX_CROWD)?),
            "--budget" => {
                crowd_only = Some((option, value.clone()));
                budget = Some(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite() && *v > 0.0 && *v <= 1000.0)
                        .ok_or_else(|| bad(option, &value, "a frame time in ms, above 0 and at most 1000"))?,
                )
            }
            "--unit-ns" => {
                crowd_only = Some((option, value.clone()));
                unit_ns = value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v > 0.0 && *v <= 1e6)
                    .ok_or_else(|| bad(option, &value, "a price in ns, above 0 and at most 1000000"))?
            }
            "--full-share" => {
                crowd_only = Some((option, value.clone()));
                full_share = value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| (0.0..=1.0).contains(v))
                    .ok_or_else(|| bad(option, &value, "a share of the budget, 0 to 1"))?
            }
            _ => unreachable!("every option is matched above"),
        }
    }
    s.frames = frames.unwrap_or(s.script.frames);
    match crowd {
        Some(characters) => {
            let target_ms = budget.unwrap_or(if characters <= 128 { 2.0 } else { 4.0 });
            s.crowd = Some(CrowdSettings { characters, target_ms, unit_ns, full_share });
            s.frames = frames.unwrap_or(600);
        }
        None => {
            if let Some((option, value)) = crowd_only {
                return Err(bad(option, &value, "--crowd N with it (the budget is the crowd scene's)"));
            }
        }
    }
    Ok(Command::Run(Box::new(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Settings, Error> {
        match parse(args.iter().map(|s| s.to_string()))? {
            Command::Run(s) => Ok(*s),
            Command::Help => panic!("help"),
        }
    }

    #[test]
    fn defaults_and_overrides() {
        let s = run(&[]).unwrap();
        assert_eq!((s.script.name, s.frames, s.threads, s.fps), ("character", 600, 1, 20));
        assert_eq!(s.presets.map(|p| p.name), ["cotton", "denim", "rope"]);
        let s = run(&["--scene", "walk", "--frames=90", "--preset", "silk", "--preset", "rope=chain", "--no-render"])
            .unwrap();
        assert_eq!((s.script.name, s.frames, s.render), ("walk", 90, false));
        assert_eq!(s.presets.map(|p| p.name), ["silk", "denim", "chain"]);
        let s = run(&["--wind", "0,0,8", "--wind=-2.5, 0, 1e1"]).unwrap();
        assert_eq!(s.wind, [-2.5, 0.0, 10.0]);
        let s = run(&["--size", "160x100", "--out", "/tmp/x", "--threads", "3"]).unwrap();
        assert_eq!((s.width, s.height, s.threads, s.default_out), (160, 100, 3, false));
        assert_eq!(s.crowd, None);
        let s = run(&["--crowd", "128", "--threads", "2"]).unwrap();
        assert_eq!(
            (s.crowd, s.frames),
            (Some(CrowdSettings { characters: 128, target_ms: 2.0, unit_ns: 0.0, full_share: 1.0 }), 600)
        );
        let s = run(&["--crowd=512", "--budget", "3.5", "--unit-ns", "30", "--full-share", "0.5", "--frames", "60"])
            .unwrap();
        assert_eq!(
            (s.crowd, s.frames),
            (Some(CrowdSettings { characters: 512, target_ms: 3.5, unit_ns: 30.0, full_share: 0.5 }), 60)
        );
    }

    #[test]
    fn refusals_name_the_option() {
        for (args, needle) in [
            (&["--bogus"][..], "unknown option '--bogus'"),
            (&["--frames"], "--frames needs a value"),
            (&["--frames", "0"], "--frames '0'"),
            (&["--frames", "ten"], "--frames 'ten'"),
            (&["--threads", "-1"], "--threads '-1'"),
            (&["--scene", "moon"], "one of character, walk, idle"),
            (&["--preset", "wool"], "a preset name"),
            (&["--preset", "hat=silk"], "PIECE=NAME"),
            (&["--size", "640"], "WIDTHxHEIGHT"),
            (&["--size", "0x0"], "WIDTHxHEIGHT"),
            (&["--fps", "120"], "from 1 to 60"),
            (&["--rate", "5"], "from 10 to 1000"),
            (&["--no-render=yes"], "unknown option"),
            (&["--wind", "8"], "X,Y,Z"),
            (&["--wind", "0,0,NaN"], "X,Y,Z"),
            (&["--wind", "0,0,101"], "X,Y,Z"),
            (&["--wind", "0,0,1,1"], "X,Y,Z"),
            (&["stray"], "unexpected argument 'stray'"),
            (&["--crowd", "0"], "--crowd '0'"),
            (&["--crowd", "5000"], "--crowd '5000'"),
            (&["--crowd", "8", "--budget", "-1"], "--budget '-1'"),
            (&["--crowd", "8", "--unit-ns", "nan"], "--unit-ns 'nan'"),
            (&["--crowd", "8", "--full-share", "1.5"], "--full-share '1.5'"),
            (&["--budget", "2"], "--budget '2': expected --crowd N with it"),
        ] {
            let e = run(args).unwrap_err().to_string();
            assert!(e.contains(needle), "{args:?}: {e}");
        }
    }
}
