//! Scratch: a 0.1 s hitch every second at steady speed (`MEASUREMENTS.md`,
//! "A hitch carried"). Per preset, cape on torso and anchor path: the worst
//! link and the fastest cloth-frame speed after the first second, without
//! and with hitches, and the frames whose step felt the anchor's velocity
//! change past its limit.
use cloth_solver::collider::{ColliderId, ColliderSet};
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth};

fn main() {
    let car = |t: f64| Pose::new([30.0 * t, 1.4, 0.0], Quat::IDENTITY);
    let walk = |t: f64| Pose::new([1.3 * t, 1.4, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], 0.8 * t));
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        for case in [GarmentCase::CapeOnTorso(0), GarmentCase::CapeOnTorso(1)] {
            let input = case.input(&p);
            let torso = case.colliders();
            let (id, local) =
                torso.iter().next().map(|(index, generation, c)| (ColliderId { index, generation }, c.cur)).unwrap();
            for (what, anchor) in [("30 m/s", &car as &dyn Fn(f64) -> Pose), ("walk+turn", &walk)] {
                let run = |hitches: bool| {
                    let mut c = Cloth::new(&input, p.dynamics).unwrap();
                    let mut set: ColliderSet = torso.clone();
                    c.place_anchor(anchor(0.0)).unwrap();
                    set.place(id, anchor(0.0).mul(&local)).unwrap();
                    let (mut t, mut worst, mut speed, mut limited) = (0.0, 0.0f64, 0.0f64, 0);
                    for k in 1..=240 {
                        let tick = if hitches && k > 60 && k % 60 == 30 { 0.1 } else { 1.0 / 60.0 };
                        t += tick;
                        set.begin_frame();
                        set.set_pose(id, anchor(t).mul(&local)).unwrap();
                        c.set_anchor_pose(anchor(t)).unwrap();
                        let a = c.advance_with(tick, &set).unwrap();
                        if k > 60 {
                            limited += a.report.is_some_and(|r| r.anchor_limited) as u32;
                            worst = worst.max(c.worst_link_ratio());
                            speed = speed.max(c.local_speed());
                        }
                    }
                    (worst, speed, limited)
                };
                let (s, h) = (run(false), run(true));
                println!(
                    "{:8} {:16} {:10} smooth {:.3} {:5.2} m/s | hitches {:.3} {:5.2} m/s, {} limited",
                    p.name,
                    case.name(),
                    what,
                    s.0,
                    s.1,
                    h.0,
                    h.1,
                    h.2
                );
            }
        }
    }
}
