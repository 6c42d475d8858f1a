//! Scratch: a new user's snap and jitter on the irregular capes against
//! their torso (`GarmentCase::CapeOnTorso`, the collider moving with the
//! anchor): after 2 s at rest the anchor jumps 0.3 m along +Z in one frame
//! ("snap 0.3"), or jumps there and back every 10 frames ("jitter alt"), for
//! 5 s; the worst link ratio over that time, the worst 2 s later, and the
//! nodes past the torso's axis then (MEASUREMENTS.md, "A new user's
//! programs on the fictitious acceleration"). `FRICTION=x` overrides the
//! preset's friction.
use cloth_solver::experiments::{torso, GarmentCase};
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth, ColliderSet};

fn main() {
    let friction: Option<f64> = std::env::var("FRICTION").ok().and_then(|s| s.parse().ok());
    for p in [library::COTTON, library::SILK, library::DENIM] {
        for seed in 0..3u64 {
            let case = GarmentCase::CapeOnTorso(seed);
            let input = case.input(&p);
            let d = cloth_solver::Dynamics { friction: friction.unwrap_or(p.dynamics.friction), ..p.dynamics };
            let mut c = Cloth::new(&input, d).unwrap();
            let mut set = ColliderSet::new();
            let id = set.add(torso(seed), Pose::IDENTITY).unwrap();
            let mut line = format!("{:8} seed {seed}", p.name);
            for (name, amp, same) in [("snap 0.3", 0.3, true), ("jitter alt", 0.3, false)] {
                let mut c2 = c.clone();
                let _ = &mut c;
                let mut set = set.clone();
                let mut worst: f64 = 0.0;
                let mut x = 0.0;
                for f in 0..420 {
                    if f >= 120 && (f - 120) % 10 == 0 {
                        x = if same {
                            if f == 120 {
                                amp
                            } else {
                                x
                            }
                        } else if x == 0.0 {
                            amp
                        } else {
                            0.0
                        };
                    }
                    let pose = Pose::from_translation([0.0, 0.0, x]);
                    c2.set_anchor_pose(pose).unwrap();
                    set.begin_frame();
                    set.set_pose(id, pose).unwrap();
                    c2.step_with(&set);
                    if f >= 120 {
                        worst = worst.max(c2.worst_link_ratio());
                    }
                }
                for _ in 0..120 {
                    c2.step_with(&set);
                }
                let behind = (0..c2.nodes()).filter(|&n| c2.position(n)[2] > 0.11).count();
                line += &format!(
                    "  {name}: {worst:.3} (2 s later {:.3}, {behind} nodes behind the torso's axis)",
                    c2.worst_link_ratio()
                );
            }
            println!("{line}");
        }
    }
}
