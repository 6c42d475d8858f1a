//! Scratch: the equivalence of an accelerating anchor and tilted gravity.
//! An irregular cape (or the sheet on two corners) with its anchor
//! accelerating at 5 m/s² along +Z, against the same cloth on a still
//! anchor under gravity tilted by inertia × 5 m/s² along −Z
//! (`experiments::lean`): the mean cloth-frame Z of the nodes after 5 s
//! and the largest node distance between the two (MEASUREMENTS.md, "An
//! accelerating anchor leans the cape further than the same gravity").
//! `-- budgets`: COTTON's cape 1 at inertia 1 across budgets instead.
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, Dynamics};

fn main() {
    if std::env::args().any(|a| a == "budgets") {
        let p = library::COTTON;
        let input = GarmentCase::Cape(1).input(&p);
        let base = Dynamics { inertia: 1.0, ..p.dynamics };
        for (name, d) in [
            ("shipped 2x4", base),
            ("damping 0", Dynamics { damping: 0.0, ..base }),
            ("4x4", Dynamics { substeps: 4, ..base }),
            ("2x16", Dynamics { iterations: 16, ..base }),
        ] {
            let mut line = format!("{name:12} accelerating / tilted");
            for s in [1.7, 3.3, 5.0] {
                let (acc, tilt, _) = e::lean(&input, d, 5.0, s);
                line += &format!("  {s:.1} s: {acc:.4} / {tilt:.4}");
            }
            println!("{line}");
        }
        return;
    }
    println!("preset    case      inertia  accelerating  tilted   mean diff mm  worst node mm");
    for p in library::ALL {
        for case in [GarmentCase::Cape(1), GarmentCase::Cape(3), GarmentCase::Corners] {
            let input = case.input(&p);
            for inertia in [1.0, 0.5] {
                let (acc, tilt, worst) = e::lean(&input, Dynamics { inertia, ..p.dynamics }, 5.0, 5.0);
                println!(
                    "{:9} {:9} {inertia:7.1}  {acc:12.4}  {tilt:7.4}  {:12.1}  {:13.1}",
                    p.name,
                    case.name(),
                    1000.0 * (acc - tilt),
                    1000.0 * worst
                );
            }
        }
    }
}
