//! Scratch: strain on an anchor swung along X, x = A·sin(2πt)
//! (`experiments::swing_strain`), with and without inertia scales graded by
//! depth below the pins. `-- presets`: every preset, A = 0.05 and 0.3 m,
//! no scales.
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, scenes, Cloth};

/// Inertia scales `(d_geo/reach)^power`, one per node.
fn graded(p: &library::Preset, input: &cloth_solver::ClothInput, power: f32) -> Vec<f32> {
    let c = Cloth::new(input, p.dynamics).expect("seeds");
    let m = c.model();
    let reach = m.unary.reach.max(1e-6);
    (0..m.nodes).map(|n| (m.unary.d_geo[m.slot_of_node[n] as usize] / reach).powf(power)).collect()
}

fn main() {
    if std::env::args().any(|a| a == "presets") {
        println!("preset    case        A=0.05 m med / max, %     A=0.3 m med / max, %");
        for p in library::ALL {
            let cases = [
                ("w0 sheet", scenes::w0_sheet().input()),
                ("cape 1", GarmentCase::Cape(1).input(&p)),
                ("corners", GarmentCase::Corners.input(&p)),
            ];
            for (name, input) in &cases {
                let (a, b) = e::swing_strain(&p, input, 0.05, None);
                let (c, d) = e::swing_strain(&p, input, 0.3, None);
                println!(
                    "{:9} {:9}  {:8.2} / {:6.2}          {:8.2} / {:6.2}",
                    p.name,
                    name,
                    100.0 * a,
                    100.0 * b,
                    100.0 * c,
                    100.0 * d
                );
            }
        }
        return;
    }
    for p in [library::DENIM, library::COTTON] {
        let cases = vec![
            ("w0 sheet", scenes::w0_sheet().input()),
            ("cape 1", GarmentCase::Cape(1).input(&p)),
            ("corners", GarmentCase::Corners.input(&p)),
        ];
        for (name, input) in &cases {
            let mut line = format!("{:8} {:9}", p.name, name);
            for g in [None, Some(1.0), Some(0.5)] {
                let scales = g.map(|power| graded(&p, input, power));
                let (med, max) = e::swing_strain(&p, input, 0.3, scales.as_deref());
                line += &format!("  {:?}: med {:6.2}% max {:6.2}%", g, 100.0 * med, 100.0 * max);
            }
            println!("{line}");
        }
    }
}
