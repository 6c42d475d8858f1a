//! A resting cloth stepped at a tiny dt (a paused or slowed game), then at
//! its own dt again: the largest one-frame move and the worst link over the
//! second after, against the same second with no pause.
use cloth_solver::experiments::GarmentCase;
use cloth_solver::{library, Cloth, Dynamics, SeedOptions, Tuning};

fn main() {
    let cases = [
        (library::COTTON, GarmentCase::Corners),
        (library::COTTON, GarmentCase::Cape(1)),
        (library::DENIM, GarmentCase::Corners),
        (library::SILK, GarmentCase::Dropped(2)),
        (library::HAIR, GarmentCase::CapeOnTorso(0)),
    ];
    let smalls: Vec<f64> = std::env::args().skip(1).map(|a| a.parse().expect("a dt")).collect();
    let smalls = if smalls.is_empty() { vec![1e-6, 1e-5, 5e-5, 1e-4, 1e-3] } else { smalls };
    for (p, case) in cases {
        let d = p.dynamics;
        let colliders = case.colliders();
        let tuning = Tuning { sleep: false, ..Tuning::default() };
        let mut rest = Cloth::with_options(&case.input(&p), d, tuning, SeedOptions::default()).unwrap();
        for _ in 0..600 {
            rest.step_with(&colliders);
        }
        let after = |c: &mut Cloth| {
            let (mut moved, mut worst) = (0.0f64, 0.0f64);
            let mut last = c.positions();
            for _ in 0..60 {
                c.step_with(&colliders);
                let now = c.positions();
                for (a, b) in now.iter().zip(&last) {
                    let d2: f32 = (0..3).map(|k| (a[k] - b[k]) * (a[k] - b[k])).sum();
                    moved = moved.max(d2.sqrt() as f64);
                }
                worst = worst.max(c.worst_link_ratio());
                last = now;
            }
            (moved, worst)
        };
        let (m0, w0) = after(&mut rest.clone());
        let mut line = format!("{:7} {:18} none {:.1} mm {:.3}", p.name, case.name(), m0 * 1e3, w0);
        for &small in &smalls {
            for n in [1, 60] {
                let mut c = rest.clone();
                c.set_dynamics(Dynamics { dt: small, ..d }).unwrap();
                let mut speed = 0.0f64;
                for _ in 0..n {
                    c.step_with(&colliders);
                    speed = speed.max(c.local_speed());
                }
                c.set_dynamics(d).unwrap();
                let (m, w) = after(&mut c);
                line += &format!(" | {small:.0e}×{n}: v {speed:.2} m/s, {:.1} mm {:.3}", m * 1e3, w);
            }
        }
        println!("{line}");
    }
}
