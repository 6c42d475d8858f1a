//! Flat 0.4 m sheets on the floor — a regular 21 × 21 and a jittered 17 × 17,
//! lumped masses, μ 0.8 — laid on it or dropped from 0.3 and 0.95 m: when
//! each sleeps, and its fastest node over the last second (`SECS`, default
//! 12). MEASUREMENTS.md, "A tablecloth that trembles".
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth, ColliderSet, Dynamics, Shape};
fn main() {
    let mut set = ColliderSet::new();
    set.add(Shape::plane(), Pose::IDENTITY).unwrap();
    let secs: usize = std::env::var("SECS").ok().map(|v| v.parse().unwrap()).unwrap_or(12);
    let mut rng = cloth_solver::rng::SplitMix64::new(7);
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::HAIR] {
        for (n, jitter) in [(21usize, 0.0), (17, 0.3)] {
            for drop in [0.0, 0.3, 0.95] {
                let d = Dynamics { friction: 0.8, ..p.dynamics };
                let mut input = cloth_bench::collision::floor_sheet(n, 0.4, p.density, (d.thickness + drop) as f32);
                let spacing = 0.4 / (n - 1) as f64;
                for (i, x) in input.positions.iter_mut().enumerate() {
                    let (r, c) = (i / n, i % n);
                    if r > 0 && c > 0 && r + 1 < n && c + 1 < n {
                        x[0] += (jitter * spacing * rng.range(-1.0, 1.0)) as f32;
                        x[2] += (jitter * spacing * rng.range(-1.0, 1.0)) as f32;
                    }
                }
                input.masses = cloth_solver::scenes::lumped_masses(&input.positions, &input.triangles, p.density);
                let mut c = Cloth::new(&input, d).unwrap();
                let mut slept = None;
                let mut prev = c.positions().to_vec();
                let mut worst = 0.0f32;
                for k in 1..=secs * 60 {
                    c.step_with(&set);
                    if slept.is_none() && c.is_sleeping() {
                        slept = Some(k as f32 / 60.0);
                    }
                    let now = c.positions().to_vec();
                    if k > secs * 60 - 60 {
                        for (a, b) in now.iter().zip(&prev) {
                            worst = worst.max((0..3).map(|j| (a[j] - b[j]).powi(2)).sum::<f32>().sqrt());
                        }
                    }
                    prev = now;
                }
                println!(
                    "{:8} n {n} jit {jitter} drop {drop}: slept {:>6} last-s max step {:7.1} µm",
                    p.name,
                    slept.map(|s| format!("{s:.2}")).unwrap_or("-".into()),
                    worst * 1e6
                );
            }
        }
    }
}
