//! The world's contract (DESIGN §12, STYLE.md habit 5): stepping many cloths
//! on 1, 2 or 8 threads of the world's pool, on the calling thread, or from
//! the host's own threads through begin / step-cloth / end gives
//! **bit-identical** cloths over 300 steps of a mixed scene — five sheet
//! entries and both chain entries of the library, anchors walking and
//! swaying, a collider set per character (a torso capsule that follows the
//! anchor and a ground plane).

use cloth_solver::world::{Character, World, WorldOptions};
use cloth_solver::ClothId;

const CHARACTERS: usize = 5;
const STEPS: usize = 300;

/// How a run steps its world each frame.
#[derive(Clone, Copy, Debug)]
enum Drive {
    /// `World::step` (on the pool, or the caller when it has none).
    Step,
    /// begin_step, then `workers` host threads stepping distinct cloths in
    /// reverse id order, then end_step.
    HostSplit { workers: usize },
    /// `World::advance` by a varying host frame time (7–23 ms).
    Advance,
}

/// Bits of every cloth's positions and velocities after the run, in id
/// order, plus a state hash per cloth.
fn run(threads: usize, drive: Drive) -> (Vec<u64>, Vec<Vec<u32>>) {
    let mut world = World::new(WorldOptions { threads }).expect("world");
    let characters: Vec<Character> = (0..CHARACTERS).map(|k| Character::add(&mut world, k).expect("seeds")).collect();
    let ids: Vec<ClothId> = characters.iter().flat_map(|c| [c.cape, c.rope]).collect();
    for step in 1..=STEPS {
        world.begin_frame().unwrap();
        for c in &characters {
            c.drive(&mut world, step).unwrap();
        }
        match drive {
            Drive::Step => world.step().unwrap(),
            Drive::Advance => world.advance(0.007 + 0.016 * ((step * 7919) % 13) as f64 / 12.0).unwrap(),
            Drive::HostSplit { workers } => {
                world.begin_step().unwrap();
                let w = &world;
                std::thread::scope(|s| {
                    for t in 0..workers {
                        let ids = &ids;
                        s.spawn(move || {
                            for id in ids.iter().rev().skip(t).step_by(workers) {
                                w.step_cloth(*id).unwrap();
                            }
                        });
                    }
                });
                world.end_step().unwrap();
            }
        }
    }
    let hashes = ids.iter().map(|&id| world.with_cloth(id, |c| c.state_hash()).unwrap()).collect();
    let bits = ids
        .iter()
        .map(|&id| {
            world
                .with_cloth(id, |c| {
                    (0..c.nodes())
                        .flat_map(|n| {
                            let (x, v) = (c.position(n), c.velocity(n));
                            [x[0], x[1], x[2], v[0], v[1], v[2]].map(f32::to_bits)
                        })
                        .collect()
                })
                .unwrap()
        })
        .collect();
    (hashes, bits)
}

#[test]
fn thread_count_never_changes_the_answer() {
    let advanced = run(1, Drive::Advance);
    for threads in [0, 2, 8] {
        assert!(advanced == run(threads, Drive::Advance), "a varying-rate advance at {threads} threads");
    }
    let reference = run(1, Drive::Step);
    for (threads, drive) in [(2, Drive::Step), (8, Drive::Step), (0, Drive::Step), (0, Drive::HostSplit { workers: 3 })]
    {
        let other = run(threads, drive);
        assert_eq!(reference.0, other.0, "state hashes at {threads} threads, {drive:?}");
        assert!(reference.1 == other.1, "position/velocity bits at {threads} threads, {drive:?}");
    }
}

/// The scene is the one the gate claims: it moves, and nothing blew up.
#[test]
fn the_mixed_scene_moves_and_stays_finite() {
    let mut world = World::new(WorldOptions { threads: 2 }).unwrap();
    let characters: Vec<Character> = (0..CHARACTERS).map(|k| Character::add(&mut world, k).unwrap()).collect();
    let tip_start = world.with_cloth(characters[0].rope, |c| c.world_position(c.nodes() - 1)).unwrap();
    for step in 1..=STEPS {
        world.begin_frame().unwrap();
        for c in &characters {
            c.drive(&mut world, step).unwrap();
        }
        world.step().unwrap();
    }
    let tip_end = world.with_cloth(characters[0].rope, |c| c.world_position(c.nodes() - 1)).unwrap();
    let moved = (0..3).map(|k| (tip_end[k] - tip_start[k]).powi(2)).sum::<f64>().sqrt();
    assert!(moved > 0.5, "the rope's tip moved only {moved} m");
    for c in &characters {
        for id in [c.cape, c.rope] {
            let report = world.last_report(id).unwrap();
            assert!(report.watchdog.is_none(), "{id:?}: {report:?}");
            world
                .with_cloth(id, |cl| {
                    let anchor = cl.anchor_pose().translation;
                    for n in 0..cl.nodes() {
                        let p = cl.world_position(n);
                        let r = (0..3).map(|k| (p[k] - anchor[k]).powi(2)).sum::<f64>().sqrt();
                        assert!(r.is_finite() && r < 2.2, "{id:?} node {n} is {r} m from its anchor");
                    }
                })
                .unwrap();
        }
    }
}
