//! Scratch: a cape on a walking torso at each level: deepest penetration.
use cloth_solver::detail::Detail;
use cloth_solver::experiments::{torso, GarmentCase};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth, ColliderSet};

fn main() {
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        let mut line = format!("{:8}", p.name);
        for level in Detail::ALL {
            let case = GarmentCase::CapeOnTorso(1);
            let input = case.input(&p);
            let shape = torso(1);
            let mut set = ColliderSet::new();
            let id = set.add(shape, Pose::IDENTITY).unwrap();
            let mut cloth = Cloth::new(&input, p.dynamics).unwrap();
            cloth.set_detail(level).unwrap();
            let mut deepest: f64 = -1.0;
            for f in 1..=300 {
                let t = f as f64 / 60.0;
                let pose = Pose::new(
                    [0.2 * (3.0 * t).sin(), 0.0, -2.0 * t.max(1.0) + 2.0],
                    Quat::from_axis_angle([0.0, 1.0, 0.0], 0.6 * (1.7 * t).sin()),
                );
                set.begin_frame();
                set.set_pose(id, pose).unwrap();
                cloth.set_anchor_pose(pose).unwrap();
                cloth.step_with(&set);
                if f > 90 {
                    // penetration: distance inside the capsule (local frame, the torso rides the anchor)
                    if let cloth_solver::Shape::Capsule { a, b, radius } = shape {
                        for q in cloth.positions() {
                            let q = q.map(f64::from);
                            let ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
                            let aq = [q[0] - a[0], q[1] - a[1], q[2] - a[2]];
                            let tt = ((aq[0] * ab[0] + aq[1] * ab[1] + aq[2] * ab[2])
                                / (ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2]))
                                .clamp(0.0, 1.0);
                            let c = [a[0] + tt * ab[0], a[1] + tt * ab[1], a[2] + tt * ab[2]];
                            let d = ((q[0] - c[0]).powi(2) + (q[1] - c[1]).powi(2) + (q[2] - c[2]).powi(2)).sqrt();
                            deepest = deepest.max(radius - d);
                        }
                    }
                }
            }
            line += &format!(" | {:?} {:.1} mm", level, 1e3 * deepest);
        }
        println!("{line}");
    }
}
