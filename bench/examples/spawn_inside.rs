//! Scratch: a skirt (`scenes::Skirt` seed 0, waist 14 cm at y = 0, hem 20 cm
//! at y = −0.45) created while a thigh capsule swung forward pokes through
//! its front (`BindPoseCheck::Skip`: what a game re-spawning clothes
//! mid-walk must pass): how many free nodes are inside the thigh after 1,
//! 10, 60 and 120 steps, the deepest, and the worst link.
//!
//! `cargo run --release -p cloth-bench --example spawn_inside`
use cloth_solver::pose::{self, Pose};
use cloth_solver::{library, scenes, BindPoseCheck, Cloth, ColliderSet, Shape};

fn main() {
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        for forward in [0.15, 0.25, 0.35] {
            let input = scenes::Skirt { density: p.density, ..scenes::Skirt::from_seed(0) }.input();
            let (hip, knee, radius) = ([0.07, -0.05, 0.0], [0.07, -0.42, forward], 0.065);
            let mut set = ColliderSet::new();
            set.add(Shape::capsule(hip, knee, radius).unwrap(), Pose::IDENTITY).unwrap();
            let refused =
                Cloth::with_colliders(&input, p.dynamics, Pose::IDENTITY, &set, BindPoseCheck::Enforce).is_err();
            let mut c = Cloth::with_colliders(&input, p.dynamics, Pose::IDENTITY, &set, BindPoseCheck::Skip).unwrap();
            let depth_to = |x: [f64; 3], knee: [f64; 3]| {
                let ab = pose::sub(knee, hip);
                let t = (pose::dot(pose::sub(x, hip), ab) / pose::dot(ab, ab)).clamp(0.0, 1.0);
                radius - pose::norm(pose::sub(x, pose::add(hip, pose::scale(ab, t))))
            };
            let inside_of = |c: &Cloth, knee: [f64; 3]| {
                let d: Vec<f64> = (0..c.nodes())
                    .filter(|&n| !input.fixed[n])
                    .map(|n| depth_to(c.position(n).map(f64::from), knee))
                    .collect();
                (d.iter().filter(|&&d| d > 0.0).count(), d.iter().cloned().fold(f64::MIN, f64::max))
            };
            let inside = |c: &Cloth| inside_of(c, knee);
            let (n0, d0) = inside(&c);
            let mut line = format!(
                "{:8} knee {forward:.2} m forward (refused by the check: {refused}): at seed {n0} inside, {:.1} mm",
                p.name,
                1e3 * d0
            );
            for k in 1..=120 {
                c.step_with(&set);
                if [1, 10, 60, 120].contains(&k) {
                    let (n, d) = inside(&c);
                    line += &format!(" | {k}: {n} {:.1} mm link {:.2}", 1e3 * d.max(0.0), c.worst_link_ratio());
                }
            }
            println!("{line}");
            // The recipe: create with the thigh at its bind pose (straight
            // down), then pose it where the animation has it.
            let down = [hip[0], knee[1], 0.0];
            let mut bind_set = ColliderSet::new();
            let thigh = bind_set.add(Shape::capsule(hip, down, radius).unwrap(), Pose::IDENTITY).unwrap();
            let Ok(mut c) =
                Cloth::with_colliders(&input, p.dynamics, Pose::IDENTITY, &bind_set, BindPoseCheck::Enforce)
            else {
                println!("{:8} the thigh at its bind pose is within the preset's thickness: refused", p.name);
                continue;
            };
            let angle = (forward / (hip[1] - knee[1])).atan();
            let turn = cloth_solver::pose::Quat::from_axis_angle([1.0, 0.0, 0.0], -angle);
            let about_hip = Pose::new(pose::sub(hip, turn.rotate(hip)), turn);
            bind_set.set_pose(thigh, about_hip).unwrap();
            let posed_knee = pose::add(about_hip.translation, turn.rotate(down));
            let inside = |c: &Cloth| inside_of(c, posed_knee);
            let mut line = format!(
                "{:8} knee {forward:.2} m forward (posed knee {posed_knee:.3?}), created at bind then posed:",
                p.name
            );
            for k in 1..=120 {
                c.step_with(&bind_set);
                if [1, 10, 60, 120].contains(&k) {
                    let (n, d) = inside(&c);
                    line += &format!(" | {k}: {n} {:.1} mm link {:.2}", 1e3 * d.max(0.0), c.worst_link_ratio());
                }
            }
            println!("{line}");
        }
    }
}
