//! Scratch: what keeps a settled garment awake (`MEASUREMENTS.md`, "What
//! keeps the ROPE and CHAIN capes and SILK's corners awake"). Per variant:
//! the worst link at the end and the fastest particle (`pose_speed`) in
//! every third second of 30 s, static anchor.
//!
//! `cargo run --release -p cloth-bench --example settle_probe`
use cloth_solver::experiments::GarmentCase;
use cloth_solver::strain_limit::StrainLimitMode;
use cloth_solver::{library, Cloth, Controls, Dynamics, SeedOptions, Tuning};

fn run(name: &str, preset: &library::Preset, d: Dynamics, case: GarmentCase, tuning: Tuning) {
    run_with(name, preset, d, case, tuning, Controls::default())
}

fn run_with(name: &str, preset: &library::Preset, d: Dynamics, case: GarmentCase, tuning: Tuning, controls: Controls) {
    let input = case.input(preset);
    let colliders = case.colliders();
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("the case seeds");
    cloth.set_controls(controls).expect("valid controls");
    let per_second = (1.0 / d.dt).round() as usize;
    let mut speeds = String::new();
    for second in 0..30 {
        let mut fastest: f64 = 0.0;
        for _ in 0..per_second {
            cloth.step_with(&colliders);
            fastest = fastest.max(cloth.pose_speed());
        }
        if second % 3 == 2 {
            speeds += &format!(" {fastest:.1e}");
        }
    }
    println!("{:34} worst {:.4} | m/s{speeds}", format!("{} {name}", case.name()), cloth.worst_link_ratio() - 1.0);
}

fn main() {
    let t = Tuning::default();
    for preset in [library::CHAIN, library::ROPE, library::DENIM] {
        let (d, case) = (preset.dynamics, GarmentCase::Cape(0));
        println!("{}", preset.name);
        run("shipped", &preset, d, case, t);
        run("limit off", &preset, Dynamics { strain_limit: false, ..d }, case, t);
        run("row only", &preset, d, case, Tuning { strain_mode: StrainLimitMode::Multiplier, ..t });
        run("projection only", &preset, d, case, Tuning { strain_mode: StrainLimitMode::Projection, ..t });
        run("damping x2", &preset, Dynamics { damping: 2.0 * d.damping, ..d }, case, t);
    }
    let (silk, case) = (library::SILK, GarmentCase::Corners);
    let d = silk.dynamics;
    println!("silk");
    run("shipped", &silk, d, case, t);
    run("no self-collision", &silk, Dynamics { self_collision: false, ..d }, case, t);
    run("bend 0.25", &silk, Dynamics { bend: 0.25, ..d }, case, t);
    run("damping 0.22", &silk, Dynamics { damping: 0.22, ..d }, case, t);
    run("bend 0.25 damping 0.22", &silk, Dynamics { bend: 0.25, damping: 0.22, ..d }, case, t);
    run("bend 0", &silk, Dynamics { bend: 0.0, ..d }, case, t);
    run("budget 2x2", &silk, Dynamics { iterations: 2, ..d }, case, t);
    run("budget 2x8", &silk, Dynamics { iterations: 8, ..d }, case, t);
    run("budget 4x4", &silk, Dynamics { substeps: 4, ..d }, case, t);
    run_with("tethers off", &silk, d, case, t, Controls { tethers: false, ..Controls::default() });
    for k in [1.0, 5.0] {
        run(&format!("soft stretch rows {k} N/m"), &silk, d, case, Tuning { stretch_stiffness: k, ..t });
    }
}
