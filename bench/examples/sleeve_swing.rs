//! Scratch: a sleeve (a jittered tube, 16 × 20, radius 5 cm, 50 cm, pinned
//! at its top ring) on an anchor swinging ±1 rad at 2 Hz for 4 s, then
//! still: peak worst link during the swing and worst at 8 s, flat rest
//! against bind rest.
//!
//! `cargo run --release -p cloth-bench --example sleeve_swing`
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, scenes, Cloth, SeedOptions, Tuning};

fn main() {
    for preset in [library::COTTON, library::DENIM, library::LEATHER, library::SILK] {
        let sleeve = scenes::Skirt {
            columns: 16,
            rows: 20,
            waist_radius: 0.05,
            hem_radius: 0.05,
            length: 0.5,
            density: preset.density,
            ..scenes::Skirt::from_seed(3)
        };
        let input = sleeve.input();
        let mut line = format!("{:8}", preset.name);
        for flat in [true, false] {
            let t = Tuning { flat_bend_rest: flat, ..Tuning::default() };
            let d = preset.dynamics;
            let mut c = Cloth::with_options(&input, d, t, SeedOptions::default()).unwrap();
            let mut peak = 0.0f64;
            for k in 1..=(8.0 / d.dt) as usize {
                let time = k as f64 * d.dt;
                let angle = if time < 4.0 { (std::f64::consts::TAU * 2.0 * time).sin() } else { 0.0 };
                c.set_anchor_pose(Pose::new([0.0; 3], Quat::from_axis_angle([0.0, 0.0, 1.0], angle))).unwrap();
                c.step();
                peak = peak.max(c.worst_link_ratio() - 1.0);
            }
            line += &format!(
                " | {} peak {:6.2} % end {:6.3} %",
                if flat { "flat" } else { "bind" },
                100.0 * peak,
                100.0 * (c.worst_link_ratio() - 1.0)
            );
        }
        println!("{line}");
    }
}
