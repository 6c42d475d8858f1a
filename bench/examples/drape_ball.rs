use cloth_solver::pose::{Pose, Quat};
use cloth_solver::scenes::{SheetPlane, SheetSpec};
use cloth_solver::{library, Cloth, ColliderSet, Shape};
fn main() {
    let radius = 0.3;
    let mut set = ColliderSet::new();
    set.add(Shape::plane(), Pose::IDENTITY).unwrap();
    set.add(Shape::sphere(radius).unwrap(), Pose::new([0.0, radius, 0.0], Quat::IDENTITY)).unwrap();
    let secs: usize = std::env::args().nth(1).map(|a| a.parse().unwrap()).unwrap_or(20);
    let only = std::env::var("ONLY").ok();
    for p in library::ALL {
        if only.as_deref().is_some_and(|o| o != p.name) {
            continue;
        }
        let mut p = p;
        if let Ok(v) = std::env::var("MU") {
            p.dynamics.friction = v.parse().unwrap();
        }
        if std::env::var("NOSL").is_ok() {
            p.dynamics.strain_limit = false;
        }
        if let Ok(v) = std::env::var("IT") {
            p.dynamics.iterations = v.parse().unwrap();
        }
        let spec = SheetSpec {
            columns: 41,
            rows: 41,
            spacing: 0.025,
            mass: p.density,
            fixed: |_, _, _, _| false,
            plane: SheetPlane::Horizontal,
            lean: 0.0,
        };
        let mut input = spec.input();
        for x in &mut input.positions {
            *x = [x[0] - 0.5, (2.0 * radius + 0.05) as f32, x[2] - 0.5];
        }
        let mut sheet = Cloth::new(&input, p.dynamics).unwrap();
        let mut slept = None;
        let mut sp = vec![];
        for k in 1..=secs * 60 {
            if sheet.step_with(&set).fell_asleep {
                slept.get_or_insert(k as f64 / 60.0);
            }
            if k % 300 == 0 {
                sp.push(format!("{:.3}", sheet.local_speed()));
            }
        }
        println!("{:8} slept {:?} asleep {} speeds/5s {}", p.name, slept, sheet.is_sleeping(), sp.join(" "));
    }
}
