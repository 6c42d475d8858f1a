//! Scratch: flicker under a budget whose price is learned from noisy frame
//! times (a synthetic machine at 2x the library's price, each frame's time
//! off by up to ±15 %), capes walking circles, fixed steps.
use cloth_solver::detail::{self, Detail, FrameBudget};
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::world::{World, WorldOptions};
use cloth_solver::{library, BindPoseCheck};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let frames: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(600);
    let noise: f64 = std::env::args().nth(3).and_then(|s| s.parse().ok()).unwrap_or(0.15);
    let slow = 2.0 * detail::WORK_UNIT_NS;
    let mut world = World::new(WorldOptions { threads: 0 }).unwrap();
    let p = library::COTTON;
    let input = GarmentCase::Cape(1).input(&p);
    let full = detail::work(input.positions.len(), &p.dynamics, Detail::Full);
    let ids: Vec<_> = (0..n)
        .map(|_| world.add_cloth(&input, p.dynamics, Pose::IDENTITY, None, BindPoseCheck::Skip).unwrap())
        .collect();
    world.set_budget(Some(FrameBudget::new(0.5 * n as f64 * full * slow * 1e-6))).unwrap();
    let mut history: Vec<Vec<u8>> = Vec::new();
    let mut seed: u64 = 12345;
    for f in 0..frames {
        let t = f as f64 / 60.0;
        let camera = 0.5 * t - 5.0;
        for (k, &id) in ids.iter().enumerate() {
            let home = [(k % 10) as f64 * 2.0 - 10.0, 0.0, (k / 10) as f64 * 2.0 + 0.37 * (k % 10) as f64];
            let a = t * 1.5 + k as f64;
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
        let before: Vec<u64> = ids.iter().map(|&id| world.with_cloth(id, |c| c.state_hash()).unwrap()).collect();
        world.step().unwrap();
        let mut ran = 0.0;
        for (&id, b) in ids.iter().zip(before) {
            world
                .with_cloth(id, |c| {
                    if c.state_hash() != b {
                        ran += detail::step_work(c.nodes(), c.dynamics(), c.detail())
                    }
                })
                .unwrap();
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let u = (seed >> 11) as f64 / (1u64 << 53) as f64;
        let ms = (ran + n as f64 * detail::STEP_UNITS) * slow * 1e-6 * (1.0 + noise * (2.0 * u - 1.0));
        world.observe_step(ms).unwrap();
        history.push(ids.iter().map(|&id| world.detail(id).unwrap() as u8).collect());
    }
    let (changes, flips) = cloth_bench::crowd::flickers(&history);
    println!(
        "{n} capes, noise ±{noise}: {changes} changes, {flips} flickers, price in use {:.1}",
        world.budget().unwrap().unit_ns
    );
}
