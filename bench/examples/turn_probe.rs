//! Scratch: steady spins and one-frame turns of the anchor on the irregular
//! capes and the two-corner sheet, every library preset at its own budget:
//! the largest tether ratio (distance to the pin over the reach) and worst
//! link ratio over 4 s, for MEASUREMENTS.md ("A fast spin").
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth};

fn spin(p: &library::Preset, input: &cloth_solver::ClothInput, rate: f64, axis: [f64; 3]) -> (f64, f64) {
    let mut c = Cloth::new(input, p.dynamics).unwrap();
    for _ in 0..60 {
        c.step();
    }
    let (mut tether, mut link): (f64, f64) = (0.0, 0.0);
    for k in 1..=240 {
        c.set_anchor_pose(Pose::new([0.0; 3], Quat::from_axis_angle(axis, rate * k as f64 * p.dynamics.dt))).unwrap();
        c.step();
        tether = tether.max(c.worst_tether_ratio());
        link = link.max(c.worst_link_ratio());
    }
    (tether, link)
}

fn main() {
    let axis = match std::env::args().nth(1).as_deref() {
        Some("x") => [1.0, 0.0, 0.0],
        _ => [0.0, 1.0, 0.0],
    };
    for p in library::ALL {
        for case in [GarmentCase::Cape(0), GarmentCase::Cape(1), GarmentCase::Cape(3), GarmentCase::Corners] {
            let input = case.input(&p);
            let mut line = format!("{:8} {:17}", p.name, case.name());
            for rate in [10.0, 15.0, 20.0, 30.0, 60.0] {
                let (t, l) = spin(&p, &input, rate, axis);
                line += &format!("  {rate}: {t:.2}/{l:.2}");
            }
            println!("{line}");
        }
    }
}
