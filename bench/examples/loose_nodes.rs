//! Scratch: the time to create a cloth of `N` loose nodes (no triangles, no
//! rows) on a 2 cm grid, and one step (`MEASUREMENTS.md`, "An adversarial
//! host").
use cloth_solver::{library, Cloth, ClothInput};
fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20000);
    let side = (n as f64).sqrt().ceil() as usize;
    let mut input = ClothInput::default();
    for i in 0..n {
        input.positions.push([(i % side) as f32 * 0.02, 0.0, (i / side) as f32 * 0.02]);
        input.masses.push(1e-3);
        input.fixed.push(false);
    }
    let t = std::time::Instant::now();
    let mut c = Cloth::new(&input, library::COTTON.dynamics).unwrap();
    println!("{n} loose nodes: created in {:.2} s", t.elapsed().as_secs_f64());
    let t = std::time::Instant::now();
    c.step();
    println!("a step {:.3} s", t.elapsed().as_secs_f64());
}
