//! Scratch: what resting curved hinges at their bind shape costs a step,
//! against resting them flat, on curved garments (interleaved rounds, sleep
//! off, ms per step: min and median over rounds).
//!
//! `cargo run --release -p cloth-bench --example curved_cost`
use cloth_solver::experiments::GarmentCase;
use cloth_solver::{library, Cloth, SeedOptions, Tuning};
use std::time::Instant;

fn main() {
    let cases = [GarmentCase::Skirt(1), GarmentCase::Cape(2)];
    for preset in [library::DENIM, library::COTTON] {
        for case in cases {
            let input = case.input(&preset);
            let mut times = [Vec::new(), Vec::new()];
            for _round in 0..15 {
                for (i, flat) in [true, false].into_iter().enumerate() {
                    let t = Tuning { flat_bend_rest: flat, sleep: false, ..Tuning::default() };
                    let mut c = Cloth::with_options(&input, preset.dynamics, t, SeedOptions::default()).unwrap();
                    for _ in 0..60 {
                        c.step();
                    }
                    let start = Instant::now();
                    for _ in 0..120 {
                        c.step();
                    }
                    times[i].push(start.elapsed().as_secs_f64() * 1e3 / 120.0);
                }
            }
            let stat = |v: &mut Vec<f64>| {
                v.sort_by(f64::total_cmp);
                (v[0], v[v.len() / 2])
            };
            let (f, b) = (stat(&mut times[0]), stat(&mut times[1]));
            println!(
                "{:8} {:8} nodes {:4}  flat {:.4} / {:.4}  bind {:.4} / {:.4} ms (min / median)",
                preset.name,
                case.name(),
                input.positions.len(),
                f.0,
                f.1,
                b.0,
                b.1
            );
        }
    }
}
