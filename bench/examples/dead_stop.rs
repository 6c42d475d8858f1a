//! Scratch: a dead stop. After 1 s at rest the anchor runs up to 6 m/s along
//! `axis` in 0.4 s, holds 1.6 s, stops in two steps and stands 1.5 s. Peak
//! 99th percentile and worst link over the run before the stop and after it.
use cloth_solver::experiments::{EdgeStretch, GarmentCase};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth, Controls};

fn run(p: &library::Preset, case: GarmentCase, axis: [f64; 3], controls: Controls) -> [(f64, f64); 4] {
    let input = case.input(p);
    let mut cloth = Cloth::new(&input, p.dynamics).unwrap();
    cloth.set_controls(controls).unwrap();
    let dt = p.dynamics.dt;
    let mut links = EdgeStretch::new(&cloth, &input);
    let (mut x, mut v) = (0.0f64, 0.0f64);
    let (mut before, mut after) = ((0.0f64, 0.0f64), (0.0f64, 0.0f64));
    let (mut rest, mut end) = ((0.0, 0.0), (0.0, 0.0));
    let steps = (5.5 / dt).round() as usize;
    let stop = (3.4 / dt).round() as usize;
    for k in 1..=steps {
        let t = k as f64 * dt;
        v = if t <= 1.0 {
            0.0
        } else if t <= 1.4 {
            6.0 * (t - 1.0) / 0.4
        } else if k < stop {
            6.0
        } else if k < stop + 2 {
            (v - 3.0).max(0.0)
        } else {
            0.0
        };
        x += v * dt;
        cloth.set_anchor_pose(Pose::new(axis.map(|a| a * x), Quat::IDENTITY)).unwrap();
        cloth.step();
        let s = links.measure(&cloth);
        if k == (1.0 / dt).round() as usize {
            rest = (s.p99, s.worst);
        }
        end = (s.p99, s.worst);
        if k <= (1.0 / dt).round() as usize {
            continue;
        }
        let slot = if k < stop { &mut before } else { &mut after };
        slot.0 = slot.0.max(s.p99);
        slot.1 = slot.1.max(s.worst);
    }
    [rest, before, after, end]
}

fn main() {
    let cases =
        [GarmentCase::Ribbon, GarmentCase::Corners, GarmentCase::Cape(1), GarmentCase::Skirt(0), GarmentCase::Chain];
    for p in [library::DENIM, library::LEATHER, library::ROPE, library::CHAIN, library::COTTON] {
        for case in cases {
            for (name, axis) in [("fwd z", [0.0, 0.0, 1.0]), ("side x", [1.0, 0.0, 0.0])] {
                let r = run(&p, case, axis, Controls::default());
                let f = r.map(|(a, b)| format!("{a:.3}/{b:.3}"));
                println!(
                    "{:8} {:18} {name}: rest {} run {} stop {} end {}",
                    p.name,
                    case.name(),
                    f[0],
                    f[1],
                    f[2],
                    f[3]
                );
            }
        }
    }
}
