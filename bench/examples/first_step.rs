//! Scratch: the first step after adding a crowd's cloths, against the next.
use cloth_bench::field::Crowd;
use cloth_solver::detail::FrameBudget;
use std::time::Instant;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(512);
    let threads: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    for budget in [None, Some(FrameBudget::new(4.0 * threads.max(1) as f64))] {
        let t0 = Instant::now();
        let mut c = Crowd::new(n, threads, budget);
        let seeded = t0.elapsed().as_secs_f64() * 1e3;
        let mut ms = Vec::new();
        let mut faults = Vec::new();
        for frame in 1..=5 {
            c.drive(frame);
            let f0 = minor_faults();
            let t0 = Instant::now();
            c.world.step().unwrap();
            ms.push(t0.elapsed().as_secs_f64() * 1e3);
            faults.push(minor_faults() - f0);
        }
        println!("minor faults per step {faults:?}");
        println!(
            "budget {:?}: seeding {seeded:.1} ms, steps {:?}",
            budget.map(|b| b.core_ms),
            ms.iter().map(|m| format!("{m:.2}")).collect::<Vec<_>>()
        );
    }
}

fn minor_faults() -> i64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap();
    let rest = &s[s.rfind(')').unwrap() + 2..];
    rest.split_whitespace().nth(7).unwrap().parse().unwrap()
}
