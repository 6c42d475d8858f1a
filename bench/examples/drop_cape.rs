//! Scratch: irregular capes (seeds 1 and 3) with nothing pinned, dropped 5 cm
//! onto a floor plane, 30 s: the reach, when they fall asleep, and
//! `pose_speed` every 3 s (`MEASUREMENTS.md`, "Sleep without a pin").
//! Variants: `noself`, `nolimit`, `friction` (1.0), `selfsoft` (self rows at
//! ratio 2), `selfstiff` (32), `stencils`.
//!
//! `cargo run --release -p cloth-bench --example drop_cape -- [variant]`
use cloth_solver::experiments::GarmentCase;
use cloth_solver::{library, Cloth, Dynamics, SeedOptions, Tuning};
fn main() {
    let variant = std::env::args().nth(1).unwrap_or_default();
    for p in library::ALL {
        for case in [1, 3] {
            let (cape, floor) = (GarmentCase::Dropped(case).input(&p), GarmentCase::Dropped(case).colliders());
            let d = match variant.as_str() {
                "noself" => Dynamics { self_collision: false, ..p.dynamics },
                "nolimit" => Dynamics { strain_limit: false, ..p.dynamics },
                "friction" => Dynamics { friction: 1.0, ..p.dynamics },
                _ => p.dynamics,
            };
            let t = match variant.as_str() {
                "selfsoft" => Tuning { self_ratio: 2.0, ..Tuning::default() },
                "selfstiff" => Tuning { self_ratio: 32.0, ..Tuning::default() },
                "stencils" => Tuning { self_stencils: true, ..Tuning::default() },
                _ => Tuning::default(),
            };
            let mut c = Cloth::with_options(&cape, d, t, SeedOptions::default()).unwrap();
            let mut slept = None;
            let mut line = String::new();
            for k in 1..=1800 {
                let r = c.step_with(&floor);
                if r.fell_asleep && slept.is_none() {
                    slept = Some(k as f64 / 60.0);
                }
                if k % 180 == 0 {
                    line += &format!(" {:.1e}", c.pose_speed());
                }
            }
            println!("{:8} cape {case}: reach {:.3} asleep {:?} | {line}", p.name, c.model().reach, slept);
        }
    }
}
