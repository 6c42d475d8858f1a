use cloth_solver::{experiments as e, library, scenes::Motion, Dynamics};
fn main() {
    println!("{:8} {:>7} {:>8} {:>8} {:>8} {:>9}", "entry", "inertia", "rope", "cape", "cape-walk", "lag(10l)");
    for p in library::ALL {
        for inertia in [0.2, 0.35, 0.5, 0.65, 0.8, 1.0] {
            let preset = library::Preset { dynamics: Dynamics { inertia, ..p.dynamics }, ..p };
            let rope = e::locomotion(&preset, Motion::SPRINT).worst_tether;
            let (_, cape) = e::fan_cape_run(&preset, Motion::SPRINT, false, 900);
            let (_, walk) = e::fan_cape_run(&preset, Motion::WALK, false, 600);
            println!("{:8} {:>7.2} {:>8.4} {:>8.4} {:>8.4}", p.name, inertia, rope, cape, walk);
        }
    }
}
