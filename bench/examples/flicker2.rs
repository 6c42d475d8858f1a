//! Scratch: flicker under a budget in a crowd of capes walking slow circles
//! (which can fall asleep): a level held 1 or 2 frames before returning.
use cloth_solver::detail::{self, Detail, FrameBudget};
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::world::{World, WorldOptions};
use cloth_solver::{library, BindPoseCheck};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let frames: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(600);
    let share: f64 = std::env::args().nth(3).and_then(|s| s.parse().ok()).unwrap_or(0.5);
    let speed: f64 = std::env::args().nth(4).and_then(|s| s.parse().ok()).unwrap_or(0.3);
    let mut world = World::new(WorldOptions { threads: 0 }).unwrap();
    let p = library::COTTON;
    let input = GarmentCase::Cape(1).input(&p);
    let full = detail::work(input.positions.len(), &p.dynamics, Detail::Full);
    let ids: Vec<_> = (0..n)
        .map(|_| world.add_cloth(&input, p.dynamics, Pose::IDENTITY, None, BindPoseCheck::Skip).unwrap())
        .collect();
    world.set_budget(Some(FrameBudget::new(share * n as f64 * full * detail::WORK_UNIT_NS * 1e-6))).unwrap();
    let mut history: Vec<Vec<u8>> = Vec::new();
    let mut asleep = 0;
    for f in 0..frames {
        let t = f as f64 / 60.0;
        let camera = 2.0 * t - 10.0;
        for (k, &id) in ids.iter().enumerate() {
            let home = [(k % 10) as f64 * 2.0 - 10.0, 0.0, (k / 10) as f64 * 2.0];
            let a = t * speed + k as f64;
            world
                .set_anchor_pose(
                    id,
                    Pose::new(
                        [home[0] + 0.5 * a.cos(), 0.0, home[2] + 0.5 * a.sin()],
                        Quat::from_axis_angle([0.0, 1.0, 0.0], -a),
                    ),
                )
                .unwrap();
            world.set_priority(id, -((home[0] - camera).powi(2) + home[2].powi(2)).sqrt()).unwrap();
        }
        world.step().unwrap();
        history.push(ids.iter().map(|&id| world.detail(id).unwrap() as u8).collect());
        asleep += ids.iter().filter(|&&id| world.with_cloth(id, |c| c.is_sleeping()).unwrap()).count();
    }
    let (changes, flips) = cloth_bench::crowd::flickers(&history);
    let s: String = history.iter().skip(300).take(80).map(|h| char::from(b'0' + h[n / 2])).collect();
    println!("{n} capes, budget {share} of full, speed {speed}: {changes} changes, {flips} flickers, cloth-frames asleep {asleep}; cloth {} frames 300..380: {s}", n / 2);
}
