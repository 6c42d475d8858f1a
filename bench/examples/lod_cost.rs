//! Scratch: cost per frame at each level against the cost model.
use cloth_solver::detail::{self, Detail};
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth};
use std::time::Instant;

fn main() {
    for p in
        [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::ROPE, library::CHAIN, library::HAIR]
    {
        let input = GarmentCase::Cape(1).input(&p);
        let mut cloths: Vec<Cloth> = Detail::ALL
            .iter()
            .map(|&l| {
                let mut c = Cloth::new(&input, p.dynamics).unwrap();
                c.set_controls(cloth_solver::Controls { sleep: false, ..c.controls() }).unwrap();
                c.set_detail(l).unwrap();
                c
            })
            .collect();
        let mut times = vec![Vec::new(); 4];
        let mut frame = 0usize;
        for _round in 0..7 {
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
        let mut line = format!("{:8} {} nodes:", p.name, input.positions.len());
        for (l, level) in Detail::ALL.iter().enumerate() {
            let mut t = times[l].clone();
            t.sort_by(f64::total_cmp);
            let units = detail::work(input.positions.len(), &p.dynamics, *level);
            let ns = if units > 0.0 { t[0] * 1e6 / units } else { 0.0 };
            line += &format!(" {:?} {:.4}/{:.4} ms ({:.2} ns/unit)", level, t[0], t[3], ns);
        }
        println!("{line}");
    }
}
