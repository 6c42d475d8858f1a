//! Scratch: W1 (+slack) stepped for a profiler, 600 warm-up then N frames.
use cloth_bench::workloads::{w1_cloth, w1_dynamics};
use cloth_solver::Kernel;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20000);
    let mut c = w1_cloth(Kernel::default(), w1_dynamics(), true);
    for _ in 0..600 {
        c.step();
    }
    let t = std::time::Instant::now();
    for _ in 0..n {
        c.step();
    }
    println!("{:.4} ms/frame hash {:016x}", t.elapsed().as_secs_f64() * 1e3 / n as f64, c.state_hash());
}
