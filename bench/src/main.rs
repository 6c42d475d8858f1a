use cloth_solver::scenes::{self, SheetPlane, SheetSpec};
use cloth_solver::{Cloth, Dynamics};
fn main() {
    for g in [9.81, 98.1, 981.0, 9810.0, 98100.0] {
        let input = SheetSpec {
            columns: 16,
            rows: 16,
            spacing: 0.02,
            mass: 0.25,
            fixed: scenes::top_row,
            plane: SheetPlane::Horizontal,
            lean: 1e-3,
        }
        .input();
        let d = Dynamics { gravity: [0.0, -g, 0.0], ..Dynamics::default() };
        let mut c = Cloth::new(&input, d).unwrap();
        let mut worst: f32 = 0.0;
        let mut ext: f32 = 0.0;
        for _ in 0..600 {
            c.step();
            worst = worst.max(c.state().diagnostics.worst_hard_strain);
            ext = ext.max(
                c.positions().iter().map(|p| (p[0].powi(2) + p[1].powi(2) + p[2].powi(2)).sqrt()).fold(0f32, f32::max),
            );
        }
        println!(
            "g {g}: peak hard strain {worst:.2}, final {:.2}, peak extent {ext:.2} m, resets {}",
            c.state().diagnostics.worst_hard_strain,
            c.state().diagnostics.resets
        );
    }
}
