//! Scratch: what self-collision costs a walking cape, per preset that has
//! it, against the reduced level (interleaved rounds, ms a frame min/median).
use cloth_solver::detail::Detail;
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth, Dynamics};
use std::time::Instant;

fn main() {
    for p in [library::SILK, library::COTTON, library::HAIR] {
        for case in [GarmentCase::Cape(1), GarmentCase::Cape(3)] {
            let input = case.input(&p);
            let variants: Vec<(&str, Dynamics, Detail)> = vec![
                ("full", p.dynamics, Detail::Full),
                ("full, no self", Dynamics { self_collision: false, ..p.dynamics }, Detail::Full),
                ("reduced", p.dynamics, Detail::Reduced),
            ];
            let mut cloths: Vec<Cloth> = variants
                .iter()
                .map(|&(_, d, l)| {
                    let mut c = Cloth::new(&input, d).unwrap();
                    c.set_controls(cloth_solver::Controls { sleep: false, ..c.controls() }).unwrap();
                    c.set_detail(l).unwrap();
                    c
                })
                .collect();
            let mut times = vec![Vec::new(); variants.len()];
            let mut frame = 0usize;
            for _ in 0..7 {
                for (l, c) in cloths.iter_mut().enumerate() {
                    let t0 = Instant::now();
                    for k in 0..120 {
                        let t = (frame + k) as f64 / 60.0;
                        c.set_anchor_pose(Pose::new(
                            [0.3 * (2.0 * t).sin(), 0.0, -1.5 * t],
                            Quat::from_axis_angle([0.0, 1.0, 0.0], 0.5 * (1.1 * t).sin()),
                        ))
                        .unwrap();
                        c.step();
                    }
                    times[l].push(t0.elapsed().as_secs_f64() * 1e3 / 120.0);
                }
                frame += 120;
            }
            let mut line = format!("{:7} {:8}", p.name, case.name());
            for (k, v) in variants.iter().enumerate() {
                let mut t = times[k].clone();
                t.sort_by(f64::total_cmp);
                line += &format!(" | {} {:.3}/{:.3}", v.0, t[0], t[3]);
            }
            println!("{line}");
        }
    }
}
