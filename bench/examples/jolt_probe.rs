//! Scratch: linear jolts on the irregular cape — a brake 30→0 m/s in 1 s,
//! a crash stop from 30 m/s in one frame, a 0.3 m snap, a sprint start
//! 0→6 m/s in 0.1 s — the peak 99th percentile link ratio and longest
//! elongation, as `experiments::hard_turn` measures a turn.
use cloth_solver::experiments::{EdgeStretch, GarmentCase};
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth};

fn main() {
    for p in [library::DENIM, library::LEATHER, library::COTTON, library::SILK] {
        for case in [GarmentCase::Cape(1), GarmentCase::Skirt(0)] {
            for event in ["brake", "crash", "snap", "sprint"] {
                let input = case.input(&p);
                let mut c = Cloth::new(&input, p.dynamics).unwrap();
                let dt = p.dynamics.dt;
                let v0 = if matches!(event, "brake" | "crash") { 30.0 } else { 0.0 };
                c.set_anchor_velocity([0.0, 0.0, v0]).unwrap();
                let mut z = 0.0f64;
                let mut v = v0;
                let mut links = EdgeStretch::new(&c, &input);
                let (mut p99, mut long) = (0.0f64, 0.0f64);
                for k in 1..=(3.0 / dt) as usize {
                    let t = k as f64 * dt;
                    if t > 1.0 {
                        match event {
                            "brake" => v = (v - 30.0 * dt).max(0.0),
                            "crash" => v = 0.0,
                            "sprint" => v = (v + 60.0 * dt).min(6.0),
                            _ => {}
                        }
                    }
                    z += v * dt;
                    if event == "snap" && k == (1.0 / dt) as usize + 1 {
                        z += 0.3;
                    }
                    c.set_anchor_pose(Pose::from_translation([0.0, 0.0, z])).unwrap();
                    c.step();
                    if t > 1.0 {
                        let now = links.measure(&c);
                        (p99, long) = (p99.max(now.p99), long.max(now.longest));
                    }
                }
                println!("{:8} {:8} {event:7} p99 {p99:.3} longest {:.1} mm", p.name, case.name(), 1e3 * long);
            }
        }
    }
}
