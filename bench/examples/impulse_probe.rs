//! Scratch: a 20 × 20 COTTON sheet (W0's layout at the preset's density),
//! one hem node hit by an impulse `J` along +z; the worst link and the
//! farthest any node is from its bind position after 1, 10 and 60 steps,
//! and the first watchdog report.
//!
//! `cargo run --release -p cloth-bench --example impulse_probe`
use cloth_solver::{library, scenes, Cloth};

fn main() {
    let p = library::COTTON;
    let input = scenes::library_proxy(&p);
    for j in [1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0] {
        let mut c = Cloth::new(&input, p.dynamics).unwrap();
        for _ in 0..60 {
            c.step();
        }
        let hem = (0..c.nodes()).min_by(|&a, &b| input.positions[a][1].total_cmp(&input.positions[b][1])).unwrap();
        let start = c.positions();
        c.apply_impulses(&[(hem as u32, [0.0, 0.0, j])]).unwrap();
        let mut line =
            format!("J {j:7.0e} N·s (mass {:.1e} kg, dv {:8.1} m/s)", input.masses[hem], j / input.masses[hem] as f64);
        let mut watchdog = None;
        for k in 1..=60 {
            let r = c.step();
            if watchdog.is_none() && r.watchdog.is_some() {
                watchdog = Some((k, r.watchdog));
            }
            if [1, 10, 60].contains(&k) {
                let far = (0..c.nodes())
                    .map(|n| {
                        let (a, b) = (c.position(n), start[n]);
                        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
                    })
                    .fold(0.0f32, f32::max);
                line += &format!(" | {k:2}: link {:7.2} far {far:8.3} m", c.worst_link_ratio());
            }
        }
        println!("{line} | watchdog {watchdog:?}");
    }
}
