//! Steps the folding sheet (n×n at 2 cm) with self-collision for profiling:
//! `self_loop N FRAMES [stencils]`.
use cloth_solver::scenes::{self, SheetPlane, SheetSpec};
use cloth_solver::{experiments as e, Cloth, Dynamics, SeedOptions, Tuning};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let n: usize = a.get(1).and_then(|v| v.parse().ok()).unwrap_or(16);
    let frames: usize = a.get(2).and_then(|v| v.parse().ok()).unwrap_or(400);
    let stencils = a.get(3).is_some_and(|v| v == "stencils");
    let spec = SheetSpec {
        columns: n,
        rows: n,
        spacing: 0.02,
        mass: 0.06,
        fixed: scenes::one_corner,
        plane: SheetPlane::Horizontal,
        lean: 1e-3,
    };
    let d = e::folding_dynamics(true);
    let t = Tuning { self_stencils: stencils, sleep: false, ..Tuning::default() };
    let mut c = Cloth::with_options(&spec.input(), d, t, SeedOptions::default()).unwrap();
    let gust = scenes::Gust::new(3, e::FOLDING_GUST);
    let (mut rebuilt, mut near, mut rows) = (0, 0, 0);
    for k in 0..frames {
        c.set_dynamics(Dynamics { gravity: gust.gravity(k, d.dt), ..d }).unwrap();
        c.step();
        let s = c.state().self_collision.stats;
        rebuilt += s.rebuilt as usize;
        near += s.near;
        rows += s.pairs + s.point_triangle + s.edge_edge;
    }
    let per = |n: usize| n as f64 / frames as f64;
    eprintln!("rebuilt {rebuilt} of {frames}; per step {:.1} near pairs, {:.1} rows", per(near), per(rows));
    println!("{:016x}", c.state_hash());
}
