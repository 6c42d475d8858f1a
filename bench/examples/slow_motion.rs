//! A cape on a character walking a 2 m circle at 1.5 m/s, the game slowed
//! to a tenth or a hundredth for two seconds of its frames (dt and the
//! walk's clock both scaled), then back: per phase, the largest one-frame
//! move in the cloth's frame and the worst link.
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth, Dynamics};

fn main() {
    for preset in [library::COTTON, library::DENIM, library::SILK] {
        for scale in [0.1, 0.01] {
            let input = GarmentCase::Cape(1).input(&preset);
            let d = preset.dynamics;
            let mut cloth = Cloth::new(&input, d).unwrap();
            let at = |t: f64| {
                let angle = 0.75 * t;
                Pose::new([2.0 * angle.cos(), 0.0, -2.0 * angle.sin()], Quat::from_axis_angle([0.0, 1.0, 0.0], angle))
            };
            cloth.place_anchor(at(0.0)).unwrap();
            let mut t = 0.0;
            let mut last = cloth.positions();
            let mut line = format!("{:7} ×{scale}:", preset.name);
            for (phase, frames, s) in [("before", 180, 1.0), ("slowed", 120, scale), ("after", 180, 1.0)] {
                let (mut moved, mut worst) = (0.0f64, 0.0f64);
                cloth.set_dynamics(Dynamics { dt: d.dt * s, ..d }).unwrap();
                for _ in 0..frames {
                    t += d.dt * s;
                    cloth.set_anchor_pose(at(t)).unwrap();
                    let r = cloth.step();
                    assert!(r.watchdog.is_none() && !r.teleported);
                    let now = cloth.positions();
                    for (a, b) in now.iter().zip(&last) {
                        let step = (0..3).map(|k| (a[k] as f64 - b[k] as f64).powi(2)).sum::<f64>().sqrt();
                        moved = moved.max(step);
                    }
                    worst = worst.max(cloth.worst_link_ratio());
                    last = now;
                }
                line += &format!(" {phase} {:.1} mm {worst:.3} |", moved * 1e3);
            }
            println!("{line}");
        }
    }
}
