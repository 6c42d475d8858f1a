//! Steps W1 in one air for a while (profilers: perf, callgrind): `w1`,
//! `wind`, `turbulence` or `thin` (the pass on W1's own motion), as
//! `cloth-bench wind` builds them.
use cloth_bench::workloads::{w1_cloth, w1_dynamics, w1_thin_air, w1_wind_air};
use cloth_solver::Kernel;
fn main() {
    let air = match std::env::args().nth(1).as_deref() {
        Some("wind") => Some(w1_wind_air(false)),
        Some("turbulence") => Some(w1_wind_air(true)),
        Some("thin") => Some(w1_thin_air()),
        _ => None,
    };
    let frames: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let mut c = w1_cloth(Kernel::Wide, w1_dynamics(), true);
    if let Some(a) = air {
        c.set_air(a).expect("valid air");
    }
    for _ in 0..frames {
        c.step();
    }
    println!("{:016x}", c.state_hash());
}
