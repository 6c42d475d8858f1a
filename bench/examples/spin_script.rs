//! Scratch: a new user's turn script — the anchor yaws 180° in 0.2 s, holds
//! 0.3 s, then −360° in 0.3 s, holds — on a skirt (`scenes::Skirt` seed 0)
//! and the irregular cape 1 (also at half its spacing, about four times the
//! nodes), strain-limited and not: the peak worst link ratio, its 99th
//! percentile and the longest elongation, and how many steps were
//! turn-limited.
//!
//! `cargo run --release -p cloth-bench --example spin_script`
use cloth_solver::experiments::{EdgeStretch, GarmentCase};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, scenes, Cloth};

fn main() {
    for p in [library::DENIM, library::LEATHER, library::COTTON, library::SILK] {
        let fine =
            scenes::IrregularCape { density: p.density, ..scenes::IrregularCape::from_seed(1) }.with_spacing(0.5);
        let cases = [
            (GarmentCase::Skirt(0).name(), GarmentCase::Skirt(0).input(&p)),
            (GarmentCase::Cape(1).name(), GarmentCase::Cape(1).input(&p)),
            ("cape 1 ×½".to_string(), fine.input()),
        ];
        for (name, input) in cases {
            let mut c = Cloth::new(&input, p.dynamics).unwrap();
            let dt = p.dynamics.dt;
            for _ in 0..60 {
                c.step();
            }
            let rest = c.worst_link_ratio();
            let mut peak: f64 = 0.0;
            let mut limited = 0;
            let mut yaw = 0.0f64;
            let mut peak_at = 0;
            let (mut elong, mut p99_peak) = (0.0f64, 0.0f64);
            let mut links = EdgeStretch::new(&c, &input);
            for k in 1..=(2.0 / dt) as usize {
                let t = k as f64 * dt;
                let rate = if t <= 0.2 {
                    std::f64::consts::PI / 0.2
                } else if (0.5..=0.8).contains(&t) {
                    -std::f64::consts::TAU / 0.3
                } else {
                    0.0
                };
                yaw += rate * dt;
                c.set_anchor_pose(Pose::new([0.0; 3], Quat::from_axis_angle([0.0, 1.0, 0.0], yaw))).unwrap();
                let r = c.step();
                limited += r.turn_limited as usize;
                if c.worst_link_ratio() > peak {
                    peak = c.worst_link_ratio();
                    peak_at = k;
                }
                let now = links.measure(&c);
                elong = elong.max(now.longest);
                p99_peak = p99_peak.max(now.p99);
            }
            println!(
                "{:8} {:8} rest {rest:.3} peak link {peak:.3} at step {peak_at}, end {:.3}; turn-limited steps {limited}; peak 99th pct ratio {p99_peak:.3}, longest elongation {:.1} mm",
                p.name,
                name,
                c.worst_link_ratio(),
                1e3 * elong
            );
        }
    }
}
