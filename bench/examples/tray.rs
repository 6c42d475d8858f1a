//! A towel on a tray (a box) that accelerates along X: below μg it rides
//! along, above it slides back at a − μg relative to the tray. `ONE=1`: a
//! one-node cloth; `ANCHORED=1`: the cloth's anchor moves with the tray.
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::scenes::{SheetPlane, SheetSpec};
use cloth_solver::{library, Cloth, ColliderSet, Dynamics, Shape};
fn main() {
    let p = library::COTTON;
    for (a, mu) in [(2.0, 0.5), (8.0, 0.5), (3.0, 0.2)] {
        let spec = SheetSpec {
            columns: 13,
            rows: 13,
            spacing: 0.025,
            mass: p.density * 0.09,
            fixed: |_, _, _, _| false,
            plane: SheetPlane::Horizontal,
            lean: 0.0,
        };
        let d = Dynamics { friction: mu, ..p.dynamics };
        let mut input = spec.input();
        for x in &mut input.positions {
            *x = [x[0] - 0.15, (0.05 + d.thickness) as f32, x[2] - 0.15];
        }
        if std::env::var("ONE").is_ok() {
            input = cloth_solver::ClothInput {
                positions: vec![[0.0, (0.05 + d.thickness) as f32, 0.0]],
                masses: vec![1e-3],
                fixed: vec![false],
                ..Default::default()
            };
        }
        let mut set = ColliderSet::new();
        let tray = set.add(Shape::cuboid([1.0, 0.05, 1.0], 0.0).unwrap(), Pose::IDENTITY).unwrap();
        let mut c = Cloth::new(&input, d).unwrap();
        for _ in 0..30 {
            c.step_with(&set);
        }
        let cx = |c: &Cloth| (0..c.nodes()).map(|n| c.world_position(n)[0]).sum::<f64>() / c.nodes() as f64;
        let x0 = cx(&c);
        let mut out = vec![];
        for k in 1..=60 {
            let t = k as f64 / 60.0;
            let pos = 0.5 * a * t * t;
            set.begin_frame();
            set.set_pose(tray, Pose::new([pos, 0.0, 0.0], Quat::IDENTITY)).unwrap();
            if std::env::var("ANCHORED").is_ok() {
                c.set_anchor_pose(Pose::new([pos, 0.0, 0.0], Quat::IDENTITY)).unwrap();
            }
            c.step_with(&set);
            if k % 15 == 0 {
                out.push(format!("t {t:.2}: tray {pos:.3} towel {:.3} rel {:.4}", cx(&c) - x0, cx(&c) - x0 - pos));
            }
        }
        let rel = (a - mu * 9.81).max(0.0);
        println!("a {a} μ {mu}: expected rel −{:.3} at 1 s | {}", 0.5 * rel, out.join(" | "));
    }
}
