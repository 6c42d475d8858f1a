//! Probe: level changes under a price learned from noisy frame times — a
//! synthetic machine at twice the library's price, each frame's time off by
//! up to ±noise (a fixed pseudo-random sequence), a hitch of `hitch`× the
//! frame's time every 200 frames — on capes walking circles, the camera
//! passing, fixed steps; with `spikes` > 0, that share of frames (at
//! random) takes `hitch`× instead of every 200th. Prints the changes of level, the reversals
//! (A→B→A) within 2 and within 15 frames, the share of frames whose cost at
//! the machine's price is within the budget, and the price in use.
//! Usage: flicker_noise [capes 40] [frames 600] [noise 0.15] [hitch 1] [spikes 0]
use cloth_solver::detail::{self, Detail, FrameBudget};
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::world::{World, WorldOptions};
use cloth_solver::{library, BindPoseCheck};

fn arg(k: usize, default: f64) -> f64 {
    std::env::args().nth(k).and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Changes of level per cloth, and those undone within `window` frames.
fn reversals(history: &[Vec<u8>], window: usize) -> (usize, usize) {
    let (mut changes, mut back) = (0, 0);
    for k in 0..history.first().map_or(0, Vec::len) {
        let s: Vec<u8> = history.iter().map(|h| h[k]).collect();
        for f in 1..s.len() {
            if s[f] != s[f - 1] {
                changes += 1;
                back += s[f..s.len().min(f + window)].contains(&s[f - 1]) as usize;
            }
        }
    }
    (changes, back)
}

fn main() {
    let (n, frames, noise, hitch) = (arg(1, 40.0) as usize, arg(2, 600.0) as usize, arg(3, 0.15), arg(4, 1.0));
    let spikes = arg(5, 0.0);
    let slow = 2.0 * detail::WORK_UNIT_NS;
    let mut world = World::new(WorldOptions { threads: 0 }).unwrap();
    let p = library::COTTON;
    let input = GarmentCase::Cape(1).input(&p);
    let full = detail::work(input.positions.len(), &p.dynamics, Detail::Full);
    let ids: Vec<_> = (0..n)
        .map(|_| world.add_cloth(&input, p.dynamics, Pose::IDENTITY, None, BindPoseCheck::Skip).unwrap())
        .collect();
    let budget = FrameBudget::new(0.5 * n as f64 * (full + detail::STEP_UNITS) * slow * 1e-6);
    world.set_budget(Some(budget)).unwrap();
    let mut history: Vec<Vec<u8>> = Vec::new();
    let (mut seed, mut within, mut used): (u64, usize, f64) = (12345, 0, 0.0);
    for f in 0..frames {
        let t = f as f64 / 60.0;
        let camera = 0.5 * t - 5.0;
        for (k, &id) in ids.iter().enumerate() {
            let (col, row) = ((k % 10) as f64, (k / 10) as f64);
            let home = [col * 2.0 - 10.0, 0.0, row * 2.0 + 0.37 * col];
            let a = t * 1.5 + k as f64;
            let pose = Pose::new(
                [home[0] + 0.5 * a.cos(), 0.0, home[2] + 0.5 * a.sin()],
                Quat::from_axis_angle([0.0, 1.0, 0.0], -a),
            );
            world.set_anchor_pose(id, pose).unwrap();
            world.set_priority(id, -(home[0] - camera).hypot(home[2])).unwrap();
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
        let exact = (ran + n as f64 * detail::STEP_UNITS) * slow * 1e-6;
        within += (exact <= budget.core_ms * 1.0001) as usize;
        used += exact / budget.core_ms / frames as f64;
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let u = (seed >> 11) as f64 / (1u64 << 53) as f64;
        let v = (seed.wrapping_mul(0x9E3779B97F4A7C15) >> 11) as f64 / (1u64 << 53) as f64;
        let spike = match spikes > 0.0 {
            true if v < spikes => hitch,
            false if f % 200 == 199 => hitch,
            _ => 1.0,
        };
        world.observe_step(exact * (1.0 + noise * (2.0 * u - 1.0)) * spike).unwrap();
        history.push(ids.iter().map(|&id| world.detail(id).unwrap() as u8).collect());
    }
    let (changes, quick) = reversals(&history, 2);
    let (_, slow_back) = reversals(&history, 15);
    println!(
        "{n} capes, {frames} frames, noise ±{noise}, hitch ×{hitch}, spikes {spikes}: {changes} changes, {quick} undone within 2 \
         frames, {slow_back} within 15; cost within budget {:.2} of frames, {:.3} of it on average; price in use {:.1} (machine {slow})",
        within as f64 / frames as f64,
        used,
        world.budget().unwrap().unit_ns
    );
}
