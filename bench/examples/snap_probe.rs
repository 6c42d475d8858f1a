//! Scratch: a one-frame anchor jump on the irregular cape at several
//! velocity-change limits (`Controls::max_anchor_acceleration`), and the
//! §13 sprint square wave's peak, for MEASUREMENTS.md.
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, scenes, Cloth, Controls};

fn cloth(p: &library::Preset, input: &cloth_solver::ClothInput, limit: f64) -> Cloth {
    let mut c = Cloth::new(input, p.dynamics).expect("seeds");
    c.set_controls(Controls { max_anchor_acceleration: limit, ..c.controls() }).unwrap();
    c
}

/// Peak worst link ratio over 8 s of a square-wave motion.
fn square(p: &library::Preset, input: &cloth_solver::ClothInput, limit: f64, motion: scenes::Motion) -> f64 {
    let mut c = cloth(p, input, limit);
    let mut peak: f64 = 0.0;
    for k in 1..=480 {
        c.set_anchor_pose(motion.pose(k, p.dynamics.dt)).unwrap();
        c.step();
        if k > 60 {
            peak = peak.max(c.worst_link_ratio());
        }
    }
    peak
}

fn main() {
    let limits: Vec<f64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let limits = if limits.is_empty() { vec![0.0, 300.0, 600.0] } else { limits };
    for p in [library::COTTON, library::DENIM, library::SILK, library::LEATHER] {
        let input = GarmentCase::Cape(1).input(&p);
        for &limit in &limits {
            let mut line = format!("{:8} limit {:6}", p.name, limit);
            for jump in [0.1, 0.25, 0.5, 1.0] {
                let (rest, peak) = e::snap(&p, &input, jump, limit);
                line += &format!("  {jump}: {rest:.3}→{peak:.3}");
            }
            for (name, m) in [("walk", scenes::Motion::WALK), ("sprint", scenes::Motion::SPRINT)] {
                line += &format!("  {name} {:.3}", square(&p, &input, limit, m));
            }
            println!("{line}");
        }
    }
}
