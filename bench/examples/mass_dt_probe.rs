//! Scratch: the watchdog against extreme node masses and step lengths. A
//! 16 × 16 COTTON sheet pinned at its top row, every free node's mass set to
//! `m`, stepped 120 steps at `dt` with `substeps`, its anchor moving 2 cm and
//! turning 2° a step; counts watchdog resets and non-finite readbacks.
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::scenes::{self, SheetPlane, SheetSpec};
use cloth_solver::{library, Cloth, Dynamics};

fn main() {
    let spec = SheetSpec {
        columns: 16,
        rows: 16,
        spacing: 0.02,
        mass: 0.02,
        fixed: scenes::top_row,
        plane: SheetPlane::Hanging,
        lean: 1e-3,
    };
    let input = spec.input();
    for substeps in [1u32, 2, 64] {
        for dt in [1.0, 1.0 / 60.0, 1e-3, 1e-4, 1e-5, 1e-6, 1e-8] {
            let mut row = format!("substeps {substeps:2} dt {dt:8.1e}:");
            for m in [1e-30f32, 1e-12, 1e-6, 1.0, 1e3, 1e6, 1e9, 1e12, 1e20, 1e30] {
                let d = Dynamics { dt, substeps, ..library::COTTON.dynamics };
                let mut c = match Cloth::new(&input, d) {
                    Ok(c) => c,
                    Err(e) => {
                        row += &format!(" {m:.0e}:refused({e})");
                        continue;
                    }
                };
                let masses = vec![m; c.nodes()];
                c.set_masses(0, &masses).unwrap();
                let (mut resets, mut bad) = (0, 0);
                for k in 0..120 {
                    let a = k as f64;
                    let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], 0.035 * a);
                    c.set_anchor_pose(Pose::new([0.02 * a, 0.0, 0.0], turn)).unwrap();
                    let r = c.step();
                    resets += r.watchdog.is_some() as usize;
                    bad += c.positions().iter().flatten().any(|v| !v.is_finite()) as usize;
                }
                row += &format!(" {m:.0e}:{resets}/{bad}");
            }
            println!("{row}");
        }
    }
}
