//! A sheet thrown along the ground stops at Coulomb's `v²/(2μg)` and stays
//! (MEASUREMENTS.md, "Friction that follows a slide"); `IT=n` sets the
//! iterations.
use cloth_solver::pose::Pose;
use cloth_solver::scenes::{SheetPlane, SheetSpec};
use cloth_solver::{library, Cloth, ColliderSet, Dynamics, Shape};
fn main() {
    let mut set = ColliderSet::new();
    set.add(Shape::plane(), Pose::IDENTITY).unwrap();
    for (p, mu, v) in [
        (library::COTTON, 0.5, 2.0),
        (library::DENIM, 0.5, 2.0),
        (library::LEATHER, 0.3, 3.0),
        (library::COTTON, 0.2, 1.0),
    ] {
        let spec = SheetSpec {
            columns: 21,
            rows: 21,
            spacing: 0.025,
            mass: p.density * 0.25,
            fixed: |_, _, _, _| false,
            plane: SheetPlane::Horizontal,
            lean: 0.0,
        };
        let mut input = spec.input();
        let mut d = Dynamics { friction: mu, ..p.dynamics };
        if let Ok(v) = std::env::var("IT") {
            d.iterations = v.parse().unwrap();
        }
        for x in &mut input.positions {
            x[1] = d.thickness as f32;
        }
        let mut c = Cloth::new(&input, d).unwrap();
        c.wake();
        for n in 0..c.nodes() {
            c.set_velocity(n, [v as f32, 0.0, 0.0]);
        }
        let cx = |c: &Cloth| c.positions().iter().map(|p| p[0] as f64).sum::<f64>() / c.nodes() as f64;
        let x0 = cx(&c);
        let mut trace = vec![];
        for k in 1..=240 {
            c.step_with(&set);
            if k % 20 == 0 {
                trace.push(format!("{:.3}", cx(&c) - x0));
            }
        }
        let expect = v * v / (2.0 * mu * 9.81);
        println!("{} μ {mu} v {v}: expect {expect:.3} m; travel every 1/3 s {}", p.name, trace.join(" "));
    }
}
