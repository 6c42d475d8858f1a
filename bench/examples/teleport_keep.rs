//! Scratch: a cape on an anchor moving at `v` m/s along x; at 2 s the host
//! teleports it 100 m ahead (the same velocity continuing), with either
//! teleport mode; the worst link over the teleport step and the next 30,
//! and at 1 s after.
//!
//! `cargo run --release -p cloth-bench --example teleport_keep`
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth, TeleportMode};

fn main() {
    for mode in [TeleportMode::Keep, TeleportMode::Reset] {
        for v in [0.0, 1.6, 6.0, 30.0] {
            for preset in [library::SILK, library::COTTON, library::DENIM] {
                let input = GarmentCase::Cape(1).input(&preset);
                let mut d = cloth_solver::Dynamics { teleport: mode, ..preset.dynamics };
                if std::env::var_os("NOAIR").is_some() {
                    d.drag = 0.0;
                    d.lift = 0.0;
                }
                if std::env::var_os("INERTIA1").is_some() {
                    d.inertia = 1.0;
                }
                let mut c = Cloth::new(&input, d).unwrap();
                c.set_anchor_velocity([v, 0.0, 0.0]).unwrap();
                let dt = d.dt;
                let mut before = 0.0f64;
                let mut after = 0.0f64;
                let mut tele = false;
                let mut x = 0.0;
                for k in 1..=(3.0 / dt) as usize {
                    x += v * dt;
                    if k == (2.0 / dt) as usize {
                        x += 100.0;
                    }
                    c.set_anchor_pose(Pose::from_translation([x, 0.0, 0.0])).unwrap();
                    let r = c.step();
                    tele |= r.teleported;
                    if r.teleported && mode == TeleportMode::Reset && std::env::var_os("DECLARE").is_some() {
                        c.set_anchor_velocity([v, 0.0, 0.0]).unwrap();
                    }
                    let w = c.worst_link_ratio();
                    if k > (1.5 / dt) as usize && k < (2.0 / dt) as usize {
                        before = before.max(w);
                    }
                    if k >= (2.0 / dt) as usize && k < (2.5 / dt) as usize {
                        after = after.max(w);
                    }
                }
                println!(
                    "{mode:?} v {v:5.1} {:7} worst link 1.5-2 s {before:.3}, 2-2.5 s {after:.3}, at 3 s {:.3} teleported {tele}",
                    preset.name,
                    c.worst_link_ratio()
                );
            }
        }
    }
}
