//! Scratch: curved garments with the bend rows resting flat (DESIGN §4's
//! row) and at their bind shape (`bend::CurvedHinges`). Per preset and case:
//! worst link at the end, peak, settle and sleep times, 20 s, static anchor.
//!
//! `cargo run --release -p cloth-bench --example curved_rest`
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, Tuning};

fn main() {
    let cases = [GarmentCase::Skirt(0), GarmentCase::Skirt(1), GarmentCase::Cape(1), GarmentCase::Cape(2)];
    for preset in [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::HAIR] {
        for case in cases {
            for (name, flat) in [("flat", true), ("bind", false)] {
                let t = Tuning { flat_bend_rest: flat, ..Tuning::default() };
                let o = e::garment_tuned(&preset, case, 20.0, t);
                println!(
                    "{:8} {:12} {:5} worst {:6.3} % peak {:6.2} % settle {:>6} asleep {:>6} v {:.1e}",
                    preset.name,
                    case.name(),
                    name,
                    100.0 * o.worst_strain,
                    100.0 * o.peak_strain,
                    o.settle_s.map_or("-".into(), |s| format!("{s:.1}")),
                    o.asleep_at.map_or("-".into(), |s| format!("{:.1}", s as f64 * preset.dynamics.dt)),
                    o.final_speed
                );
            }
        }
    }
}
