//! Scratch: each cloth's first step after adding a crowd, against its next ones.
use cloth_bench::field::Crowd;
use std::time::Instant;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(64);
    let mut c = Crowd::new(n, 1, None);
    let ids: Vec<_> = c.walkers.iter().flat_map(|w| w.cloths()).collect();
    let mut per: Vec<Vec<f64>> = vec![Vec::new(); ids.len()];
    for frame in 1..=6 {
        c.drive(frame);
        c.world.begin_step().unwrap();
        for (k, &id) in ids.iter().enumerate() {
            let t0 = Instant::now();
            c.world.step_cloth(id).unwrap();
            per[k].push(t0.elapsed().as_secs_f64() * 1e6);
        }
        c.world.end_step().unwrap();
    }
    for kind in 0..2 {
        let rows: Vec<&Vec<f64>> = per.iter().skip(kind).step_by(2).collect();
        let mean = |f: usize| rows.iter().map(|r| r[f]).sum::<f64>() / rows.len() as f64;
        println!("kind {kind}: mean us per frame {:?}", (0..6).map(|f| format!("{:.0}", mean(f))).collect::<Vec<_>>());
    }
}
