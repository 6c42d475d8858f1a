//! Steps one library entry's W2 proxy in its gust (profilers).
use cloth_solver::{library, scenes, Cloth, Dynamics, SeedOptions, Tuning};
fn main() {
    let name = std::env::args().nth(1).unwrap_or_else(|| "denim".into());
    let p = library::preset(&name).expect("a library entry");
    let mut c = Cloth::with_options(
        &scenes::library_proxy(&p),
        p.dynamics,
        Tuning { sleep: false, ..Tuning::default() },
        SeedOptions::default(),
    )
    .unwrap();
    let gust = scenes::Gust::new(7, 12.0);
    for k in 0..3000 {
        c.set_dynamics(Dynamics { gravity: gust.gravity(k, p.dynamics.dt), ..p.dynamics }).unwrap();
        c.step();
    }
    println!("{:016x}", c.state_hash());
}
