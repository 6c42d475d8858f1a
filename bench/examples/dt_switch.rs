//! Scratch: the host changes dt between frames (set_dynamics), the anchor
//! still. Worst link over 400 frames: dt held at each value, alternated,
//! and drawn from a list.
use cloth_solver::experiments::{EdgeStretch, GarmentCase};
use cloth_solver::{library, Cloth};

fn run(p: &library::Preset, case: GarmentCase, dts: &[f64]) -> (f64, f64) {
    let input = case.input(p);
    let mut cloth = Cloth::new(&input, p.dynamics).unwrap();
    let mut links = EdgeStretch::new(&cloth, &input);
    let mut worst: f64 = 0.0;
    let mut last = 0.0;
    let mut rng = 12345u64;
    for k in 0..400 {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let dt = match dts.len() {
            6 => dts[(rng >> 33) as usize % 6],
            5 => dts[0] + (dts[1] - dts[0]) * ((rng >> 11) as f64 / (1u64 << 53) as f64),
            7 => {
                if k % 60 == 59 {
                    dts[1]
                } else {
                    dts[0]
                }
            }
            3 => {
                if k < 200 {
                    dts[0]
                } else {
                    dts[1]
                }
            }
            4 => dts[(k / 10) % 2],
            _ => dts[k % dts.len()],
        };
        cloth.set_dynamics(cloth_solver::Dynamics { dt, ..*cloth.dynamics() }).unwrap();
        cloth.step();
        let s = links.measure(&cloth);
        worst = worst.max(s.worst);
        last = s.worst;
    }
    (worst, last)
}

fn main() {
    let lists: [(&str, &[f64]); 8] = [
        ("1/144,1/30", &[1.0 / 144.0, 1.0 / 30.0]),
        ("1/60,1/30", &[1.0 / 60.0, 1.0 / 30.0]),
        ("1/120,1/30", &[1.0 / 120.0, 1.0 / 30.0]),
        ("1/144,0.05", &[1.0 / 144.0, 0.05]),
        ("jitter 1/90..1/40", &[1.0 / 90.0, 1.0 / 40.0, 0.0, 0.0, 0.0]),
        ("hitch 0.1/60", &[1.0 / 60.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0]),
        ("1/60,1/20", &[1.0 / 60.0, 1.0 / 20.0]),
        ("random6", &[1.0 / 30.0, 1.0 / 144.0, 1.0 / 60.0, 0.05, 1.0 / 240.0, 0.1]),
    ];
    for p in [library::SILK, library::COTTON, library::DENIM, library::HAIR] {
        for case in [GarmentCase::Corners, GarmentCase::Cape(1)] {
            let cells: Vec<String> = lists
                .iter()
                .map(|(n, l)| {
                    let (w, e) = run(&p, case, l);
                    format!("{n}: {w:.2}/{e:.2}")
                })
                .collect();
            println!("{:7} {:16} {}", p.name, case.name(), cells.join("  "));
        }
    }
}
