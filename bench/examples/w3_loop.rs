//! Steps W3 with `count` colliders (0 = none; `out` = one out of range) for
//! `frames` frames (profilers: `valgrind --tool=callgrind`).
use cloth_bench::workloads::{w1_cloth, w1_dynamics};
use cloth_solver::{scenes, Kernel};
fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "20".into());
    let frames: usize = std::env::args().nth(2).and_then(|f| f.parse().ok()).unwrap_or(600);
    let mut c = w1_cloth(Kernel::default(), w1_dynamics(), true);
    let set = match arg.as_str() {
        "out" => Some(scenes::w3_colliders(1, false)),
        "0" => None,
        n => Some(scenes::w3_colliders(n.parse().expect("a collider count"), true)),
    };
    for _ in 0..frames {
        match &set {
            Some(s) => c.step_with(s),
            None => c.step(),
        };
    }
    println!("{:016x} {} contacts", c.state_hash(), c.contacts());
}
