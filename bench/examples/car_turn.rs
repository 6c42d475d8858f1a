//! Scratch: a skirt (`scenes::Skirt` seed 0) on an anchor driving a circle
//! — `v` m/s along its heading, the heading turning at `w` rad/s (declared
//! with set_anchor_velocity at the start) — for 20 s: worst link ratio at
//! the end, when it fell asleep, and the cloth-local speed at the end; the
//! same at inertia 1.
//!
//! `cargo run --release -p cloth-bench --example car_turn`
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth, Dynamics};

fn main() {
    for p in [library::SILK, library::COTTON, library::DENIM] {
        for inertia in [p.dynamics.inertia, 1.0] {
            for (v, w) in [(25.0, 0.0), (0.0, 0.5), (25.0, 0.5), (10.0, 1.0)] {
                let input = GarmentCase::Skirt(0).input(&p);
                let d = Dynamics { inertia, ..p.dynamics };
                let mut c = Cloth::new(&input, d).unwrap();
                c.set_anchor_velocity([0.0, 0.0, v]).unwrap();
                let (mut pos, mut yaw) = ([0.0f64; 3], 0.0f64);
                let mut asleep = None;
                let steps = (20.0 / d.dt) as usize;
                for k in 1..=steps {
                    yaw += w * d.dt;
                    let q = Quat::from_axis_angle([0.0, 1.0, 0.0], yaw);
                    let fwd = q.rotate([0.0, 0.0, 1.0]);
                    for i in 0..3 {
                        pos[i] += v * d.dt * fwd[i];
                    }
                    c.set_anchor_pose(Pose::new(pos, q)).unwrap();
                    let r = c.step();
                    if asleep.is_none() && r.fell_asleep {
                        asleep = Some(k as f64 * d.dt);
                    }
                }
                println!(
                    "{:7} inertia {inertia:.1} v {v:4.1} w {w:.1}: worst link {:.4} asleep {:?} local speed {:.2e}",
                    p.name,
                    c.worst_link_ratio(),
                    asleep,
                    c.local_speed()
                );
            }
        }
    }
}
