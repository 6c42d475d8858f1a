//! Steps W0 for a while with one kernel (profilers: perf, callgrind).
use cloth_solver::{scenes, Kernel, SeedOptions};
fn main() {
    let kernel = match std::env::args().nth(1).as_deref() {
        Some("scalar") => Kernel::Scalar,
        Some("wide-f64") => Kernel::WideF64,
        _ => Kernel::Wide,
    };
    let frames: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let mut c = scenes::w0_cloth(SeedOptions::m0());
    c.set_kernel(kernel);
    for _ in 0..frames {
        c.step();
    }
    println!("{:016x}", c.state_hash());
}
