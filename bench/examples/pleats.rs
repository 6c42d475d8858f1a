//! Scratch: an accordion-pleated panel (a new user's trial, 2026-12-05):
//! 12 × 12 nodes, 3 cm panels folded to `angle` between neighbours, fold
//! lines vertical, top row pinned, anchor still; worst link, farthest node
//! from its bind position and sleep after 15 s, per preset and angle.
//!
//! `cargo run --release -p cloth-bench --example pleats`
use cloth_solver::{library, scenes, Cloth, SeedOptions, Tuning};

fn main() {
    for preset in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        for angle in [2.0, 10.0, 29.0, 31.0, 35.0, 45.0, 90.0] {
            let input = scenes::pleats(angle, preset.density);
            let mut line = format!("{:8} {angle:4}°", preset.name);
            for (flat, sc) in [(true, true), (false, true), (false, false)] {
                let t = Tuning { flat_bend_rest: flat, ..Tuning::default() };
                let d =
                    cloth_solver::Dynamics { self_collision: sc && preset.dynamics.self_collision, ..preset.dynamics };
                let mut c = Cloth::with_options(&input, d, t, SeedOptions::default()).unwrap();
                let (mut asleep, mut peak) = (None, 0.0f64);
                let steps = (15.0 / preset.dynamics.dt) as usize;
                for k in 1..=steps {
                    let r = c.step();
                    peak = peak.max(c.worst_link_ratio() - 1.0);
                    if r.fell_asleep {
                        asleep = Some(k as f64 * preset.dynamics.dt);
                    } else if !r.asleep {
                        asleep = None;
                    }
                }
                let far = (0..c.nodes())
                    .map(|n| {
                        let (p, q) = (c.position(n), input.positions[n]);
                        (0..3).map(|k| ((p[k] - q[k]) as f64).powi(2)).sum::<f64>().sqrt()
                    })
                    .fold(0.0, f64::max);
                line += &format!(
                    " | {} worst {:6.2} % peak {:6.2} % far {:6.1} mm asleep {:>5}",
                    if flat {
                        "flat"
                    } else if sc {
                        "bind"
                    } else {
                        "bind, no self"
                    },
                    100.0 * (c.worst_link_ratio() - 1.0),
                    100.0 * peak,
                    far * 1e3,
                    asleep.map_or("-".into(), |s| format!("{s:.1}"))
                );
            }
            println!("{line}");
        }
    }
}
