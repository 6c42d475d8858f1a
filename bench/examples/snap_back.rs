//! Scratch: the body jumps backward (−Z) into its cape in one frame (or over
//! three), the torso capsule moving with the anchor: worst link ratio over
//! the next 3 s, deepest penetration of the torso then, and the nodes past
//! the torso's axis 3 s later; `TURN=1`: the anchor turns about the vertical
//! by the given angle (rad) instead (positions are in the cloth frame, where the
//! torso stays put).
use cloth_solver::experiments::{torso, GarmentCase};
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth, ColliderSet};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let presets: Vec<_> = library::ALL
        .iter()
        .filter(|p| args.is_empty() || args.iter().any(|a| a.eq_ignore_ascii_case(p.name)))
        .collect();
    for p in presets {
        for seed in 0..3u64 {
            let case = GarmentCase::CapeOnTorso(seed);
            let input = case.input(p);
            let mut base = Cloth::new(&input, p.dynamics).unwrap();
            let shape = torso(seed);
            let mut set = ColliderSet::new();
            let id = set.add(shape, Pose::IDENTITY).unwrap();
            for _ in 0..180 {
                base.step_with(&set);
            }
            let axis_z = if seed % 3 == 0 { 0.11 } else { 0.0 };
            let mut line = format!("{:8} cape {seed}", p.name);
            let turns = std::env::var("TURN").is_ok();
            let cases: &[(f64, usize)] = match turns {
                true => &[(0.3, 1), (0.6, 1), (1.0, 1), (1.5, 1), (3.0, 6)],
                false => &[(0.1, 1), (0.2, 1), (0.3, 1), (0.4, 1), (0.5, 1), (0.5, 3)],
            };
            for &(jump, frames) in cases {
                let mut c = base.clone();
                let mut set = set.clone();
                let mut worst: f64 = 0.0;
                let mut deepest: f64 = 0.0;
                for f in 0..360 {
                    let z = -jump * (f.min(frames) as f64) / frames as f64;
                    let pose = match turns {
                        true => Pose::new([0.0; 3], cloth_solver::pose::Quat::from_axis_angle([0.0, 1.0, 0.0], -z)),
                        false => {
                            Pose::from_translation([0.0, std::env::var("LIFT").map_or(0.0, |s| s.parse().unwrap()), z])
                        }
                    };
                    c.set_anchor_pose(pose).unwrap();
                    set.begin_frame();
                    set.set_pose(id, pose).unwrap();
                    c.step_with(&set);
                    worst = worst.max(c.worst_link_ratio());
                    if std::env::var("TRACE").is_ok() && f < 8 {
                        let inside =
                            (0..c.nodes()).filter(|&n| shape.sdf(c.position(n).map(f64::from)).distance < 0.0).count();
                        let past = (0..c.nodes()).filter(|&n| c.position(n)[2] as f64 > axis_z).count();
                        let minz = (0..c.nodes()).map(|n| c.position(n)[2]).fold(f32::MAX, f32::min);
                        let maxz = (0..c.nodes()).map(|n| c.position(n)[2]).fold(f32::MIN, f32::max);
                        eprintln!(
                            "  {jump}/{frames} f{f}: inside {inside} past {past} z {minz:.3}..{maxz:.3} worst {:.2}",
                            c.worst_link_ratio()
                        );
                    }
                    for n in 0..c.nodes() {
                        let x = c.position(n).map(f64::from);
                        let d = shape.sdf(x).distance;
                        deepest = deepest.max(-d);
                    }
                }
                let past = (0..c.nodes()).filter(|&n| c.position(n)[2] as f64 > axis_z).count();
                line += &format!("  {jump}/{frames}: {worst:.2} {:.0}mm {past:3}", deepest * 1e3);
            }
            println!("{line}");
        }
    }
}
