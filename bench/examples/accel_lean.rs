//! Scratch: the equivalence of an accelerating anchor and tilted gravity.
//! COTTON's irregular cape 1 at inertia 1, its anchor accelerating at
//! 5 m/s² along +Z, against the same cape on a still anchor under gravity
//! tilted by 5 m/s² along −Z: the mean cloth-frame Z of its nodes, by
//! budget and damping (MEASUREMENTS.md, "An accelerating anchor leans the
//! cape further than the same gravity").
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth, Dynamics};

fn mean_z(c: &Cloth) -> f64 {
    (0..c.nodes()).map(|n| c.position(n)[2] as f64).sum::<f64>() / c.nodes() as f64
}

fn main() {
    let p = library::COTTON;
    let input = GarmentCase::Cape(1).input(&p);
    let a = 5.0;
    let base = Dynamics { inertia: 1.0, ..p.dynamics };
    for (name, d) in [
        ("shipped 2x4", base),
        ("damping 0", Dynamics { damping: 0.0, ..base }),
        ("4x4", Dynamics { substeps: 4, ..base }),
        ("2x16", Dynamics { iterations: 16, ..base }),
    ] {
        let mut accelerating = Cloth::new(&input, d).unwrap();
        let mut tilted = Cloth::new(&input, Dynamics { gravity: [0.0, -9.81, -a], ..d }).unwrap();
        let mut line = format!("{name:12} accelerating / tilted");
        for k in 1..=300 {
            let t = k as f64 * d.dt;
            accelerating.set_anchor_pose(Pose::from_translation([0.0, 0.0, 0.5 * a * t * t])).unwrap();
            accelerating.step();
            tilted.step();
            if k % 100 == 0 {
                line += &format!("  {t:.1} s: {:.4} / {:.4}", mean_z(&accelerating), mean_z(&tilted));
            }
        }
        println!("{line}");
    }
}
