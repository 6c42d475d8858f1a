use cloth_solver::{scenes, Cloth};
fn main() {
    let d = cloth_solver::Dynamics { self_collision: true, ..scenes::w0_dynamics() };
    let mut c = Cloth::new(&scenes::w0_sheet().input(), d).unwrap();
    let set = scenes::w3_colliders(1, true);
    c.step_with(&set);
    let m = c.memory();
    println!("{m:?} total {} B = {:.1} KiB", m.total(), m.total() as f64 / 1024.0);
}
