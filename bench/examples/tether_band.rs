//! Scratch: the unlimited and limited presets' two-corner sheets and capes,
//! worst link, the fastest particle every third second of 30 s, and when
//! it slept. The tether-row variants in `MEASUREMENTS.md` ("Issue 16 on the
//! side: SILK's two corners and the tether rows") were probe builds of
//! `step.rs` read by this program; as shipped it measures the shipped rows.
use cloth_solver::experiments::GarmentCase;
use cloth_solver::{library, Cloth, SeedOptions, Tuning};

fn main() {
    let cases: Vec<GarmentCase> = std::env::args()
        .nth(1)
        .map(|s| {
            s.split(',')
                .map(|c| if c == "corners" { GarmentCase::Corners } else { GarmentCase::Cape(c.parse().unwrap()) })
                .collect()
        })
        .unwrap_or(vec![GarmentCase::Corners, GarmentCase::Cape(1)]);
    for preset in [library::SILK, library::COTTON, library::HAIR, library::DENIM, library::ROPE, library::CHAIN] {
        for &case in &cases {
            let input = case.input(&preset);
            let colliders = case.colliders();
            let d = preset.dynamics;
            let mut cloth = Cloth::with_options(&input, d, Tuning::default(), SeedOptions::default()).unwrap();
            let per_second = (1.0 / d.dt).round() as usize;
            let mut speeds = String::new();
            let mut slept = None;
            for second in 0..30 {
                let mut fastest: f64 = 0.0;
                for k in 0..per_second {
                    cloth.step_with(&colliders);
                    fastest = fastest.max(cloth.pose_speed());
                    if slept.is_none() && cloth.is_sleeping() {
                        slept = Some(second as f64 + k as f64 * d.dt);
                    }
                }
                if second % 3 == 2 {
                    speeds += &format!(" {fastest:.1e}");
                }
            }
            println!(
                "{:8} {:10} worst {:6.2} % slept {:>6} | m/s{speeds}",
                preset.name,
                case.name(),
                100.0 * (cloth.worst_link_ratio() - 1.0),
                slept.map_or("never".into(), |t| format!("{t:.1}"))
            );
        }
    }
}
