use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{Cloth, ClothInput, ColliderSet, Dynamics, Shape};
fn main() {
    let theta: f64 = std::env::args().nth(1).map(|a| a.parse().unwrap()).unwrap_or(20.0);
    let mu: f64 = std::env::args().nth(2).map(|a| a.parse().unwrap()).unwrap_or(1.0);
    let q = Quat::from_axis_angle([0.0, 0.0, 1.0], -theta.to_radians());
    let plane = Pose::new([0.0; 3], q);
    let mut set = ColliderSet::new();
    set.add(Shape::plane(), plane).unwrap();
    let d = Dynamics { thickness: 0.008, friction: mu, ..Dynamics::default() };
    let drop: f64 = std::env::args().nth(3).map(|a| a.parse().unwrap()).unwrap_or(0.0);
    let p = plane.transform_point([0.0, 0.008 + drop, 0.0]).map(|c| c as f32);
    let input = ClothInput { positions: vec![p], masses: vec![0.001], fixed: vec![false], ..Default::default() };
    let mut c = Cloth::new(&input, d).unwrap();
    let down = q.rotate([1.0, 0.0, 0.0]);
    for k in 1..=120 {
        c.step_with(&set);
        let x = c.position(0).map(|v| v as f64);
        let along = x[0] * down[0] + x[1] * down[1] + x[2] * down[2];
        let s = c.model().slot_of_node[0] as usize;
        let slot = c.state().contacts.slot[s * 4];
        let st = plane.transform_point(slot.stick.map(|v| v as f64));
        let st_along = st[0] * down[0] + st[1] * down[1] + st[2] * down[2];
        if k % 10 == 0 || k < 6 {
            println!(
                "k {k} along {:.6} stick_along {:.6} slip µm {:.1} pull {:.3e} ln {:.3e} cap {:.3e} kf {:.2e} k {:.2e}",
                along,
                st_along,
                (along - st_along) * 1e6,
                slot.k_f as f64 * (along - st_along).abs(),
                slot.lambda,
                -slot.lambda * mu as f32,
                slot.k_f,
                slot.k
            );
        }
    }
}
