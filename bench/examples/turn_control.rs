//! Scratch: cape 1 and the same cape at half its spacing across
//! `Controls::max_turn_links` (0 = only the 0.125 rad a substep ceiling):
//! the hard turn, a 90° turn over 0.4 s and a forward roll (360° about a
//! hip 0.6 m below the neck in 0.5 s, moving at 3 m/s) — 99th percentile
//! link ratio, worst link, longest elongation and the hem's swing.
use cloth_solver::experiments::{self as e, EdgeStretch};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, scenes, Cloth, ClothInput, Controls};

fn run(p: &library::Preset, input: &ClothInput, c: Controls, mv: &str) -> (f64, f64, f64, f64) {
    let mut cloth = Cloth::new(input, p.dynamics).unwrap();
    cloth.set_controls(c).unwrap();
    let dt = p.dynamics.dt;
    for _ in 0..60 {
        cloth.step();
    }
    let rest_pos = cloth.positions();
    let mut links = EdgeStretch::new(&cloth, input);
    let len = |p: [f32; 3], q: [f32; 3]| (0..3).map(|i| ((p[i] - q[i]) as f64).powi(2)).sum::<f64>().sqrt();
    let (mut p99, mut worst, mut long, mut swing) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for k in 1..=90 {
        let t = k as f64 * dt;
        let pose = match mv {
            "turn90" => Pose::new(
                [0.0; 3],
                Quat::from_axis_angle([0.0, 1.0, 0.0], std::f64::consts::FRAC_PI_2 * (t / 0.4).min(1.0)),
            ),
            _ => {
                let a = std::f64::consts::TAU * (t / 0.5).min(1.0);
                let q = Quat::from_axis_angle([1.0, 0.0, 0.0], a);
                let arm = q.rotate([0.0, 0.6, 0.0]);
                Pose::new([arm[0], arm[1] - 0.6, arm[2] + 3.0 * t], q)
            }
        };
        cloth.set_anchor_pose(pose).unwrap();
        cloth.step();
        let now = links.measure(&cloth);
        (p99, worst, long) = (p99.max(now.p99), worst.max(now.worst), long.max(now.longest));
        let far = (0..rest_pos.len()).map(|n| len(cloth.position(n), rest_pos[n])).sum::<f64>() / rest_pos.len() as f64;
        swing = swing.max(far);
    }
    (p99, worst, long, swing)
}

fn main() {
    for p in [library::SILK, library::COTTON, library::DENIM] {
        let base = scenes::IrregularCape { density: p.density, ..scenes::IrregularCape::from_seed(1) };
        let fine = base.clone().with_spacing(0.5);
        let corners = cloth_solver::experiments::GarmentCase::Corners.input(&p);
        let ribbon = cloth_solver::experiments::GarmentCase::Ribbon.input(&p);
        for (name, input) in
            [("cape 1", base.input()), ("cape 1 ×½", fine.input()), ("corners", corners), ("ribbon", ribbon)]
        {
            for links in [1.0, 2.0, 0.0] {
                let c = Controls { max_turn_links: links, ..Controls::default() };
                let (hp, hl) = e::hard_turn(&p, &input, c);
                let t = run(&p, &input, c, "turn90");
                let r = run(&p, &input, c, "roll");
                println!(
                    "{:7} {name:10} links {links}: hard p99 {hp:.3} {:4.1} mm | 90° mean move {:.3} m p99 {:.3} | roll p99 {:.3} worst {:.2} {:4.1} mm",
                    p.name, 1e3 * hl, t.3, t.0, r.0, r.1, 1e3 * r.2
                );
            }
        }
    }
}
