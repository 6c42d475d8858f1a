//! Scratch: the irregular cape and the two-corner sheet scaled down, masses
//! from the same density (so mass per node scales with area).
use cloth_solver::experiments::{EdgeStretch, GarmentCase};
use cloth_solver::{library, Cloth, ClothInput};

fn scaled(input: &ClothInput, s: f32) -> ClothInput {
    let mut i = input.clone();
    i.positions.iter_mut().for_each(|p| p.iter_mut().for_each(|c| *c *= s));
    i.masses.iter_mut().for_each(|m| *m *= s * s);
    i
}

fn main() {
    for p in [library::SILK, library::COTTON, library::DENIM, library::HAIR] {
        for case in [GarmentCase::Corners, GarmentCase::Cape(1)] {
            let mut cells = vec![];
            for s in [1.0f32, 0.1, 0.03, 0.01, 0.003, 0.001] {
                let input = scaled(&case.input(&p), s);
                let mut d = p.dynamics;
                d.thickness *= s as f64;
                let mut cloth = match Cloth::new(&input, d) {
                    Ok(c) => c,
                    Err(e) => {
                        cells.push(format!("{s}: {e}"));
                        continue;
                    }
                };
                let mut links = EdgeStretch::new(&cloth, &input);
                let (mut worst, mut first) = (0.0f64, 0.0);
                for k in 0..300 {
                    cloth.step();
                    let w = links.measure(&cloth).worst;
                    if k == 0 {
                        first = w;
                    }
                    worst = worst.max(w);
                }
                let end = links.measure(&cloth).worst;
                cells.push(format!("{s}: {first:.2}/{worst:.2}/{end:.2}"));
            }
            println!("{:7} {:16} {}", p.name, case.name(), cells.join("  "));
        }
    }
}
