//! Scratch: what a frozen crowd costs (every cloth frozen by a budget too
//! small for any level), World::step alone timed, 1 and 2 threads.
use cloth_bench::field::Crowd;
use cloth_solver::detail::FrameBudget;
use std::time::Instant;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(512);
    let frames: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let budget = Some(FrameBudget { core_ms: 1e-6, unit_ns: 34.0, full_share: 1.0 });
    let mut crowds: Vec<Crowd> = [0usize, 1, 2].iter().map(|&t| Crowd::new(n, t, budget)).collect();
    let mut times = vec![Vec::new(); crowds.len()];
    for frame in 1..=frames {
        for (c, t) in crowds.iter_mut().zip(times.iter_mut()) {
            c.drive(frame);
            let t0 = Instant::now();
            c.world.step().unwrap();
            if frame > 20 {
                t.push(t0.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    for (k, t) in times.iter_mut().enumerate() {
        t.sort_by(f64::total_cmp);
        let cloths = crowds[k].world.len();
        println!(
            "threads {k}: {cloths} cloths, ms min {:.3} median {:.3}, µs/cloth median {:.3}",
            t[0],
            t[t.len() / 2],
            t[t.len() / 2] * 1e3 / cloths as f64
        );
    }
}
