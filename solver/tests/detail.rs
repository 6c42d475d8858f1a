//! Levels of detail (`detail.rs`, issue 23): switching never pops, a reduced
//! level keeps the garment's strain, a frozen cloth rides its anchor and
//! resumes without feeling the ride, and a world's frame budget is
//! deterministic, within budget and given to the highest priorities.

use cloth_solver::detail::{self, Detail, FrameBudget};
use cloth_solver::experiments::{sprint_script, GarmentCase, SPRINT_TELEPORT_AT};
use cloth_solver::library::{self, Preset};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{BindPoseCheck, Cloth, World, WorldOptions};

const DT: f64 = 1.0 / 60.0;
fn largest_move(a: &[[f32; 3]], b: &[[f32; 3]]) -> f64 {
    a.iter().zip(b).map(|(p, q)| (0..3).map(|i| ((p[i] - q[i]) as f64).powi(2)).sum::<f64>().sqrt()).fold(0.0, f64::max)
}

/// What a run of the script did: the largest one-frame move of what reads
/// show in the cloth's frame each frame (0 around the teleport), and the
/// frames whose level differed from the last.
struct Run {
    jumps: Vec<f64>,
    switched: Vec<bool>,
}

fn run(preset: &Preset, seed: u64, level: impl Fn(usize) -> Detail) -> Run {
    let input = GarmentCase::Cape(seed).input(preset);
    let mut cloth = Cloth::new(&input, preset.dynamics).expect("the cape seeds");
    let frames = (5.0 / DT) as usize;
    let (mut jumps, mut switched) = (vec![0.0; frames + 1], vec![false; frames + 1]);
    let mut last = cloth.positions();
    for f in 1..=frames {
        switched[f] = level(f) != cloth.detail();
        cloth.set_detail(level(f)).expect("a level");
        cloth.set_anchor_pose(sprint_script(f as f64 * DT, true)).expect("finite");
        let report = cloth.step();
        assert!(report.watchdog.is_none(), "{} cape {seed}: a watchdog reset at frame {f}", preset.name);
        let now = cloth.positions();
        assert!(now.iter().flatten().all(|c| c.is_finite()), "{}: not finite", preset.name);
        if (f as f64 * DT - SPRINT_TELEPORT_AT).abs() > 3.0 * DT {
            jumps[f] = largest_move(&now, &last);
        }
        last = now;
    }
    Run { jumps, switched }
}

/// Every pair of levels, switched back and forth every 17 and every 40
/// frames over the script (17: odd, so a half-rate cloth is left on both
/// frames of its pair): the largest one-frame move of the whole run stays
/// within 1.6× the full-detail run's (the levels move differently — half
/// rate's links are looser — and a switch mid-turn carries on from a state
/// full detail never had), a switch frame and the one after within 1.15×
/// it, and a switch frame never stands out of its neighbours by more than
/// a fifth of it. Reads a step behind at half
/// rate, without the catch-up of the pair, made switches stand out by one
/// to two frames of motion (`MEASUREMENTS.md`, "Levels of detail").
#[test]
fn switching_levels_never_pops() {
    for preset in library::ALL {
        let full = run(&preset, 1, |_| Detail::Full).jumps.iter().copied().fold(0.0, f64::max);
        let (mut worst, mut stands_out, mut at_switch) = (0.0f64, 0.0f64, 0.0f64);
        for a in Detail::ALL {
            for b in Detail::ALL {
                if a == b {
                    continue;
                }
                for period in [17, 40] {
                    let r = run(&preset, 1, |f| if (f / period) % 2 == 0 { a } else { b });
                    let largest = r.jumps.iter().copied().fold(0.0, f64::max);
                    worst = worst.max(largest / full);
                    for f in 2..r.jumps.len() - 2 {
                        if r.switched[f] && r.jumps[f - 1] > 0.0 && r.jumps[f + 2] > 0.0 {
                            for g in [f, f + 1] {
                                let around = r.jumps[g - 1].max(r.jumps[g + 1]);
                                stands_out = stands_out.max((r.jumps[g] - around) / full);
                                at_switch = at_switch.max(r.jumps[g] / full);
                            }
                        }
                    }
                }
            }
        }
        println!(
            "{:8} full {:.1} mm, switching ×{worst:.2}, at a switch ×{at_switch:.2}, a switch stands out by {:.2} of it",
            preset.name,
            1e3 * full,
            stands_out
        );
        assert!(worst <= 1.6, "{}: a switching run moved {worst:.2}× as far in a frame", preset.name);
        assert!(stands_out <= 0.2, "{}: a switch frame stood out by {stands_out:.2}", preset.name);
        assert!(at_switch <= 1.15, "{}: a switch frame moved {at_switch:.2}× as far", preset.name);
    }
}

/// Worst link over rest − 1 after 20 s hanging still, at a level.
fn rested_strain(preset: &Preset, case: GarmentCase, level: Detail) -> f64 {
    let mut cloth = Cloth::new(&case.input(preset), preset.dynamics).expect("the case seeds");
    cloth.set_detail(level).expect("a level");
    for _ in 0..(20.0 / DT) as usize {
        cloth.step();
    }
    cloth.worst_link_ratio() - 1.0
}

/// The reduced level rests within 1.25 points of the full level's worst
/// link, every preset, on the irregular capes, a sheet on two corners and
/// the skirt (SILK's two corners, which never settle at any budget,
/// excepted). Half rate's longer substep hangs looser and is held only to
/// stay bounded (the figures: `MEASUREMENTS.md`, "Levels of detail").
#[test]
fn a_reduced_level_keeps_the_strain() {
    for preset in library::ALL {
        for case in [GarmentCase::Cape(1), GarmentCase::Cape(3), GarmentCase::Corners, GarmentCase::Skirt(0)] {
            if preset.name == "silk" && case == GarmentCase::Corners {
                continue;
            }
            let full = rested_strain(&preset, case, Detail::Full);
            let reduced = rested_strain(&preset, case, Detail::Reduced);
            let half = rested_strain(&preset, case, Detail::HalfRate);
            println!(
                "{:8} {:16} full {:.2} % reduced {:.2} % half {:.2} %",
                preset.name,
                case.name(),
                100.0 * full,
                100.0 * reduced,
                100.0 * half
            );
            assert!(
                reduced <= full + 0.0125,
                "{} {}: reduced {reduced:.4} against full {full:.4}",
                preset.name,
                case.name()
            );
            assert!(half < 0.25, "{} {}: half rate {half:.4}", preset.name, case.name());
        }
    }
}

/// Frozen, a cape rides its anchor rigidly through an acceleration to
/// 20 m/s and a 115° turn; left at that steady velocity, it carries on as if
/// the ride had never happened: within 1 mm, in its frame, of a twin that
/// stayed still from the moment of freezing (Galilean invariance's bound,
/// `garments.rs::a_steady_anchor_changes_nothing_in_the_cloths_frame`).
#[test]
fn a_frozen_cloth_rides_its_anchor_and_resumes_without_feeling_it() {
    for preset in [library::DENIM, library::SILK, library::ROPE] {
        let input = GarmentCase::Cape(1).input(&preset);
        let mut cloth = Cloth::new(&input, preset.dynamics).expect("the cape seeds");
        cloth.set_controls(cloth_solver::Controls { sleep: false, ..cloth.controls() }).expect("controls");
        for _ in 0..60 {
            cloth.step();
        }
        let mut twin = cloth.clone();
        let rested = cloth.positions();
        cloth.set_detail(Detail::Frozen).expect("frozen");
        let mut x = 0.0;
        for f in 1..=90 {
            let t = f as f64 * DT;
            x += 20.0 * (t / 0.5).min(1.0) * DT;
            let yaw = 2.0 * (t / 0.6).min(1.0);
            let pose = Pose::new([x, 0.0, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], yaw));
            cloth.set_anchor_pose(pose).expect("finite");
            let report = cloth.step();
            assert!(report.idle);
            for (n, rest) in rested.iter().enumerate() {
                let (w, p) = (cloth.world_position(n), pose.transform_point(rest.map(f64::from)));
                let d = (0..3).map(|i| (w[i] - p[i]).powi(2)).sum::<f64>().sqrt();
                assert!(d < 1e-5, "{}: frozen node {n} {d} m off its ride", preset.name);
            }
        }
        assert_eq!(largest_move(&cloth.positions(), &rested), 0.0);
        cloth.set_detail(Detail::Full).expect("full");
        let mut apart: f64 = 0.0;
        for _ in 0..120 {
            x += 20.0 * DT;
            let pose = Pose::new([x, 0.0, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], 2.0));
            cloth.set_anchor_pose(pose).expect("finite");
            cloth.step();
            twin.step();
            apart = apart.max(largest_move(&cloth.positions(), &twin.positions()));
        }
        println!("{:8} after the frozen ride, {:.4} mm from the still twin", preset.name, 1e3 * apart);
        assert!(apart < 1e-3, "{}: {apart} m from the twin that never rode", preset.name);
    }
}

/// At half rate a cloth steps on every second frame and shows, between, the
/// state halfway: each frame moves what reads show about as far.
#[test]
fn half_rate_steps_every_second_frame() {
    let preset = library::COTTON;
    let mut cloth = Cloth::new(&GarmentCase::Cape(1).input(&preset), preset.dynamics).expect("the cape seeds");
    cloth.set_detail(Detail::HalfRate).expect("half rate");
    let idle: Vec<bool> = (0..8).map(|_| cloth.step().idle).collect();
    assert_eq!(idle, [false, true, false, true, false, true, false, true]);
    // A 2 s fall from the bind pose: the shown moves of the two frames of a
    // pair agree.
    let mut last = cloth.positions();
    let mut moves = Vec::new();
    for _ in 0..60 {
        cloth.step();
        let now = cloth.positions();
        moves.push(largest_move(&now, &last));
        last = now;
    }
    for pair in moves.chunks(2) {
        assert!((pair[0] - pair[1]).abs() <= 0.02 * pair[0].max(pair[1]) + 1e-6, "{pair:?}");
    }
    // Refused where twice the step passes a second.
    let slow = cloth_solver::Dynamics { dt: 0.6, ..preset.dynamics };
    let mut c = Cloth::new(&GarmentCase::Cape(1).input(&preset), slow).expect("seeds");
    assert!(c.set_detail(Detail::HalfRate).is_err());
    assert_eq!(c.detail(), Detail::Full);
}

/// A crowd: `n` capes of several presets walking in circles, a camera
/// passing through them; the world's budget sets their levels.
fn crowd(threads: usize, n: usize, budget: Option<FrameBudget>, frames: usize) -> (Vec<u64>, [usize; 4], f64) {
    crowd_on(threads, n, budget, frames, None)
}

/// [`crowd`] on a host whose machine costs `machine_ns` a unit of the model
/// (`detail::work` and `detail::STEP_UNITS` summed), reporting each step's
/// core-ms so to `World::observe_step`: the share returned is then the
/// largest of the last 50 frames' cost at that price over the budget.
fn crowd_on(
    threads: usize,
    n: usize,
    budget: Option<FrameBudget>,
    frames: usize,
    machine_ns: Option<f64>,
) -> (Vec<u64>, [usize; 4], f64) {
    let mut world = World::new(WorldOptions { threads }).expect("a world");
    let presets = [library::DENIM, library::COTTON, library::SILK, library::LEATHER];
    let ids: Vec<_> = (0..n)
        .map(|k| {
            let p = presets[k % presets.len()];
            let input = GarmentCase::Cape(k as u64 % 3).input(&p);
            world.add_cloth(&input, p.dynamics, Pose::IDENTITY, None, BindPoseCheck::Skip).expect("a cape")
        })
        .collect();
    world.set_budget(budget).expect("a budget");
    let mut seen = [0usize; 4];
    let mut worst_share: f64 = 0.0;
    for f in 0..frames {
        let t = f as f64 * DT;
        let camera = 4.0 * t - 6.0;
        for (k, &id) in ids.iter().enumerate() {
            let home = [(k % 8) as f64 * 1.5 - 6.0, 0.0, (k / 8) as f64 * 1.5];
            let a = t * 1.2 + k as f64;
            let pose = Pose::new(
                [home[0] + 0.5 * a.cos(), 0.0, home[2] + 0.5 * a.sin()],
                Quat::from_axis_angle([0.0, 1.0, 0.0], -a),
            );
            world.set_anchor_pose(id, pose).expect("a pose");
            world.set_priority(id, -(home[0] - camera).abs()).expect("a priority");
        }
        world.step().expect("a step");
        let mut used = 0.0;
        for &id in &ids {
            let level = world.detail(id).expect("a level");
            seen[level as usize] += 1;
            world
                .with_cloth(id, |c| {
                    if !c.is_sleeping() {
                        used += detail::work(c.nodes(), c.dynamics(), level);
                    }
                })
                .expect("a cloth");
        }
        match (budget, machine_ns) {
            (Some(b), None) => worst_share = worst_share.max(used / b.units()),
            (Some(b), Some(ns)) => {
                let core_ms = (used + n as f64 * detail::STEP_UNITS) * ns * 1e-6;
                world.observe_step(core_ms).expect("a time");
                if f + 50 >= frames {
                    worst_share = worst_share.max(core_ms / b.core_ms);
                }
            }
            (None, _) => {}
        }
    }
    let hashes = ids.iter().map(|&id| world.with_cloth(id, |c| c.state_hash()).expect("a cloth")).collect();
    (hashes, seen, worst_share)
}

/// The work a frame of [`crowd`]'s first `n` capes at full detail.
fn crowd_full_work(n: usize) -> f64 {
    (0..n)
        .map(|k| {
            let p = [library::DENIM, library::COTTON, library::SILK, library::LEATHER][k % 4];
            let nodes = GarmentCase::Cape(k as u64 % 3).input(&p).positions.len();
            detail::work(nodes, &p.dynamics, Detail::Full)
        })
        .sum()
}

/// With a budget that fits about a third of the crowd at full detail, the
/// levels mix as the camera passes (and mix far more with full detail held
/// to half the budget), the chosen work never exceeds the budget, and the bits are
/// the same on the caller's thread, one worker and two.
#[test]
fn a_budgeted_crowd_is_deterministic_and_within_budget() {
    let full = crowd_full_work(12);
    let budget = FrameBudget::new(full / 3.0 * detail::WORK_UNIT_NS * 1e-6);
    let (a, seen, share) = crowd(0, 12, Some(budget), 150);
    println!("levels seen (full, reduced, half, frozen): {seen:?}, budget used at most {share:.3}");
    assert!(seen[0] > 0 && seen[3] > 0 && seen[1] + seen[2] > 0, "the levels mix: {seen:?}");
    assert!(share <= 1.0 + 1e-12, "the budget was exceeded: {share}");
    // Full detail within half the budget: the band further out is simulated
    // at half rate or reduced instead of frozen.
    let halved = FrameBudget { full_share: 0.5, ..budget };
    let (b, banded, share) = crowd(0, 12, Some(halved), 150);
    println!("with full_share 0.5: {banded:?}, budget used at most {share:.3}");
    assert!(banded[1] + banded[2] > 4 * (seen[1] + seen[2]), "{banded:?} against {seen:?}");
    assert!(banded[3] < seen[3], "fewer frozen: {banded:?} against {seen:?}");
    assert!(share <= 1.0 + 1e-12, "the budget was exceeded: {share}");
    for threads in [1, 2] {
        assert_eq!(crowd(threads, 12, Some(budget), 150).0, a, "{threads} threads");
        assert_eq!(crowd(threads, 12, Some(halved), 150).0, b, "{threads} threads, full_share 0.5");
    }
}

/// On a machine twice as slow as the library's price, a host that reports
/// each step's time gets levels that fit its budget at that machine's
/// price: the world's price settles on it, the last frames cost within
/// 2 % over the budget and use at least 80 % of it (at the library's price
/// they would cost about twice the budget), and the bits are the same on
/// every thread count. A report of 0 (a paused frame) teaches nothing.
#[test]
fn an_observed_price_fits_the_budget_to_the_machine() {
    let slow = 2.0 * detail::WORK_UNIT_NS;
    let full = crowd_full_work(12);
    let budget = FrameBudget::new(full / 2.0 * slow * 1e-6);
    let (blind, _, share) = crowd_on(0, 12, Some(budget), 150, None);
    println!("at the library's price the chosen work takes {share:.3} of the units");
    assert!(2.0 * share > 1.5, "the library's price would fit the budget anyway: {share}");
    let (a, seen, cost) = crowd_on(0, 12, Some(budget), 150, Some(slow));
    println!("levels seen {seen:?}; the last 50 frames cost at most {cost:.3} of the budget");
    assert!(cost <= 1.02, "over budget at the machine's price: {cost}");
    assert!(cost >= 0.8, "the budget left unused: {cost}");
    assert_ne!(a, blind, "the observed price chose other levels");
    for threads in [1, 2] {
        assert_eq!(crowd_on(threads, 12, Some(budget), 150, Some(slow)).0, a, "{threads} threads");
    }
    let mut world = World::new(WorldOptions { threads: 0 }).expect("a world");
    world.set_budget(Some(budget)).expect("a budget");
    for bad in [f64::NAN, -1.0, f64::INFINITY, 2e6] {
        assert!(world.observe_step(bad).is_err(), "{bad}");
    }
    let priced = FrameBudget { unit_ns: detail::WORK_UNIT_NS, ..budget };
    assert_eq!(world.budget(), Some(priced), "a time before any step changes nothing");
    world.observe_step(1.0).expect("a time");
    assert_eq!(world.budget(), Some(priced), "no step has run yet");
    // On a pool of two, a step's wall time counts twice: the same price as
    // its core time reported.
    let prices: Vec<f64> = [true, false]
        .iter()
        .map(|&wall| {
            let mut world = World::new(WorldOptions { threads: 2 }).expect("a world");
            let p = library::COTTON;
            let input = GarmentCase::Cape(1).input(&p);
            world.add_cloth(&input, p.dynamics, Pose::IDENTITY, None, BindPoseCheck::Skip).expect("a cape");
            world.set_budget(Some(budget)).expect("a budget");
            world.step().expect("a step");
            // A paused frame's 0: accepted, nothing learned.
            world.observe_step(0.0).expect("a paused frame");
            assert_eq!(world.budget().expect("a budget").unit_ns, detail::WORK_UNIT_NS, "0 teaches nothing");
            match wall {
                true => world.observe_step_wall(0.5).expect("a time"),
                false => world.observe_step(1.0).expect("a time"),
            }
            world.budget().expect("a budget").unit_ns
        })
        .collect();
    assert_eq!(prices[0], prices[1]);
    assert_ne!(prices[0], detail::WORK_UNIT_NS, "the report moved the price");
}

/// Invalid budgets and priorities are refused.
#[test]
fn bad_budgets_and_priorities_are_refused() {
    let mut world = World::new(WorldOptions { threads: 0 }).expect("a world");
    let p = library::COTTON;
    let input = GarmentCase::Cape(1).input(&p);
    let id = world.add_cloth(&input, p.dynamics, Pose::IDENTITY, None, BindPoseCheck::Skip).expect("a cape");
    for bad in [f64::NAN, -1.0, f64::INFINITY, 2e6] {
        assert!(world.set_budget(Some(FrameBudget::new(bad))).is_err());
        assert!(world.set_budget(Some(FrameBudget { unit_ns: bad, ..FrameBudget::new(1.0) })).is_err());
        assert!(world.set_budget(Some(FrameBudget { full_share: bad, ..FrameBudget::new(1.0) })).is_err());
    }
    assert!(world.set_priority(id, f64::NAN).is_err());
    assert!(world.set_priority(id, f64::INFINITY).is_err());
    assert_eq!(world.priority(id), Ok(0.0));
    assert_eq!(world.budget(), None);
}

/// Under a host that advances by its own time (144, 60, 30 and 90 Hz frames
/// in turn) on a swaying, turning walk, every level in turn every 23
/// frames: every read stays finite, and what reads show moves at most twice
/// as fast as without the switches (a cape leaving the frozen level mid-sway
/// swings from where the ride left it; `MEASUREMENTS.md`, "Levels of
/// detail").
#[test]
fn levels_switch_under_a_variable_rate_host() {
    let preset = library::COTTON;
    let walk = |t: f64| {
        let x = 1.5 * t + 0.3 * (3.0 * t).sin();
        Pose::new([0.0, 0.0, -x], Quat::from_axis_angle([0.0, 1.0, 0.0], 0.8 * (1.3 * t).sin()))
    };
    let fastest = |switching: bool| {
        let mut cloth = Cloth::new(&GarmentCase::Cape(1).input(&preset), preset.dynamics).expect("the cape seeds");
        let (mut t, mut last, mut fastest) = (0.0, cloth.positions(), 0.0f64);
        for f in 0..600 {
            let elapsed = [1.0 / 144.0, 1.0 / 60.0, 1.0 / 30.0, 1.0 / 90.0][f % 4];
            t += elapsed;
            if switching {
                cloth.set_detail(Detail::ALL[(f / 23) % 4]).expect("a level");
            }
            cloth.set_anchor_pose(walk(t)).expect("finite");
            cloth.advance(elapsed).expect("an advance");
            let now = cloth.positions();
            assert!(now.iter().flatten().all(|c| c.is_finite()));
            if f > 60 {
                fastest = fastest.max(largest_move(&now, &last) / elapsed);
            }
            last = now;
        }
        fastest
    };
    let (still, switching) = (fastest(false), fastest(true));
    println!("fastest shown motion {still:.2} m/s, switching {switching:.2} m/s");
    assert!(switching <= 2.0 * still, "{switching} m/s against {still} m/s");
}

/// The host's other calls keep their meaning at every level: placing the
/// anchor at half rate moves nothing in the cloth's frame; a teleport asked
/// for while frozen is applied when the level ends (a Reset puts the cloth
/// back at its animated pose); new dynamics the level cannot run are
/// refused.
#[test]
fn host_calls_keep_their_meaning_at_every_level() {
    let preset = library::DENIM;
    let input = GarmentCase::Cape(1).input(&preset);
    let mut cloth = Cloth::new(&input, preset.dynamics).expect("the cape seeds");
    cloth.set_controls(cloth_solver::Controls { sleep: false, ..cloth.controls() }).expect("controls");
    for _ in 0..240 {
        cloth.step();
    }
    cloth.set_detail(Detail::HalfRate).expect("half rate");
    cloth.step();
    let mut twin = cloth.clone();
    cloth.place_anchor(Pose::new([40.0, 3.0, -7.0], Quat::from_axis_angle([0.0, 1.0, 0.0], 1.0))).expect("placed");
    let mut apart: f64 = 0.0;
    for _ in 0..6 {
        let report = cloth.step();
        twin.step();
        assert!(!report.teleported);
        apart = apart.max(largest_move(&cloth.positions(), &twin.positions()));
    }
    assert!(apart < 1e-4, "placing the anchor moved the cape {apart} m from its unplaced twin");
    let before = cloth.positions();

    cloth.set_detail(Detail::Frozen).expect("frozen");
    cloth.step();
    cloth.teleport();
    cloth.step();
    assert!(largest_move(&cloth.positions(), &before) < 2e-3, "a frozen cloth does not move");
    cloth.set_detail(Detail::Full).expect("full");
    assert!(cloth.step().teleported, "the teleport asked for while frozen");
    let bind: Vec<[f32; 3]> = input.positions.clone();
    assert!(largest_move(&cloth.positions(), &bind) < 0.05, "a Reset teleport starts from the animated pose");

    cloth.set_detail(Detail::HalfRate).expect("half rate");
    let slow = cloth_solver::Dynamics { dt: 0.6, ..preset.dynamics };
    assert!(cloth.set_dynamics(slow).is_err(), "2·dt past 1 s at half rate");
    assert_eq!(cloth.dynamics().dt, preset.dynamics.dt);
}

/// `n` COTTON capes 1 in a world on the caller's thread, and a cape's full
/// work a frame.
fn capes(n: usize) -> (World, Vec<cloth_solver::world::ClothId>, f64) {
    let mut world = World::new(WorldOptions { threads: 0 }).expect("a world");
    let p = library::COTTON;
    let input = GarmentCase::Cape(1).input(&p);
    let full = detail::work(input.positions.len(), &p.dynamics, Detail::Full);
    let ids = (0..n)
        .map(|_| world.add_cloth(&input, p.dynamics, Pose::IDENTITY, None, BindPoseCheck::Skip).expect("a cape"))
        .collect();
    (world, ids, full)
}

/// Each cape walks a circle of 0.5 m about its home, `angle` (+ its index)
/// round it, homes in rows of `per_row` 2 m apart, rows staggered so no two
/// are ever equally far from the camera for long (a tie flips a level on
/// the frame it breaks); priority −distance to the camera at (camera, 0).
fn walk_circles(world: &World, ids: &[cloth_solver::world::ClothId], per_row: usize, angle: f64, camera: f64) {
    for (k, &id) in ids.iter().enumerate() {
        let (col, row) = ((k % per_row) as f64, (k / per_row) as f64);
        let home = [col * 2.0 - per_row as f64, 0.0, row * 2.0 + 0.37 * col];
        let a = angle + k as f64;
        let pose = Pose::new(
            [home[0] + 0.5 * a.cos(), 0.0, home[2] + 0.5 * a.sin()],
            Quat::from_axis_angle([0.0, 1.0, 0.0], -a),
        );
        world.set_anchor_pose(id, pose).expect("a pose");
        world.set_priority(id, -(home[0] - camera).hypot(home[2])).expect("a priority");
    }
}

/// Runs `pass` on the world and returns the work of the fixed steps it ran,
/// as a machine would spend it: a fixed step (`detail::step_work`) of each
/// cloth whose state moved (at 144 Hz over 60 Hz steps, at most one).
fn work_that_ran(world: &mut World, ids: &[cloth_solver::world::ClothId], pass: impl FnOnce(&mut World)) -> f64 {
    let hash = |w: &World, id| w.with_cloth(id, |c| c.state_hash()).expect("a cloth");
    let before: Vec<u64> = ids.iter().map(|&id| hash(world, id)).collect();
    pass(world);
    let mut ran = 0.0;
    for (&id, b) in ids.iter().zip(before) {
        if hash(world, id) != b {
            ran += world.with_cloth(id, |c| detail::step_work(c.nodes(), c.dynamics(), c.detail())).expect("a cloth");
        }
    }
    ran
}

/// Changes of level over a run (levels by frame, then cloth), and those
/// undone within `window` frames (the level before it read again).
fn flickers(history: &[Vec<Detail>], window: usize) -> (usize, usize) {
    let (mut changes, mut back) = (0, 0);
    for k in 0..history.first().map_or(0, Vec::len) {
        let s: Vec<Detail> = history.iter().map(|h| h[k]).collect();
        for f in 1..s.len() {
            if s[f] != s[f - 1] {
                changes += 1;
                back += s[f + 1..s.len().min(f + 1 + window)].contains(&s[f - 1]) as usize;
            }
        }
    }
    (changes, back)
}

/// A crowd of capes walking slow circles under a budget for half of them at
/// full detail: some doze for a frame or two between motions. No cloth's
/// level changes and changes back within two frames more than twice over
/// the run in all (a sleeper counted free at once hands its room to another
/// cloth for a frame and takes it back; the figures: `MEASUREMENTS.md`,
/// "Crowds", "Sleepers that doze").
#[test]
fn levels_do_not_flicker_when_cloths_doze() {
    let n = 24;
    let (mut world, ids, full) = capes(n);
    let core_ms = (0.5 * full + detail::STEP_UNITS) * n as f64 * detail::WORK_UNIT_NS * 1e-6;
    world.set_budget(Some(FrameBudget::new(core_ms))).expect("a budget");
    let mut history: Vec<Vec<Detail>> = Vec::new();
    let mut dozed = 0;
    for f in 0..480 {
        let t = f as f64 * DT;
        let camera = 2.0 * t - 6.0;
        walk_circles(&world, &ids, 6, 0.3 * t, camera);
        world.step().expect("a step");
        history.push(ids.iter().map(|&id| world.detail(id).expect("a level")).collect());
        dozed += ids.iter().filter(|&&id| world.with_cloth(id, |c| c.is_sleeping()).expect("a cloth")).count();
    }
    let (changes, flickers) = flickers(&history, 2);
    println!("{changes} level changes, {flickers} back within two frames; cloth-frames asleep {dozed}");
    assert!(dozed > 0, "nothing dozed: the case tests nothing");
    assert!(changes > 10, "the camera's pass changed too few levels: {changes}");
    assert!(flickers <= 2, "{flickers} flickers in {changes} changes");
}

/// Under a host that advances by its own time at 144 Hz (a fixed step of
/// 1/60 s runs on some frames, none on the others), on a machine twice as
/// slow as the library's price whose frames cost what ran: the price the
/// world learns from the frames' times settles on the machine's, as under a
/// fixed step — frames where no step ran teach it nothing.
#[test]
fn an_observed_price_holds_under_a_variable_rate_host() {
    let slow = 2.0 * detail::WORK_UNIT_NS;
    let n = 8;
    let mut world = World::new(WorldOptions { threads: 0 }).expect("a world");
    let p = library::COTTON;
    let input = GarmentCase::Cape(1).input(&p);
    let ids: Vec<_> = (0..n)
        .map(|_| world.add_cloth(&input, p.dynamics, Pose::IDENTITY, None, BindPoseCheck::Skip).expect("a cape"))
        .collect();
    let full = detail::work(input.positions.len(), &p.dynamics, Detail::Full);
    world.set_budget(Some(FrameBudget::new(0.5 * n as f64 * full * slow * 1e-6))).expect("a budget");
    let (mut t, mut stepping_frames) = (0.0, 0);
    for f in 0..720 {
        t += 1.0 / 144.0;
        for (k, &id) in ids.iter().enumerate() {
            let a = 0.8 * t + k as f64;
            let pose = Pose::new([k as f64 * 2.0 + 0.4 * a.cos(), 0.0, 0.4 * a.sin()], Quat::IDENTITY);
            world.set_anchor_pose(id, pose).expect("a pose");
            world.set_priority(id, -(k as f64 * 2.0 - 3.0 * t).abs()).expect("a priority");
        }
        let ran = work_that_ran(&mut world, &ids, |w| w.advance(1.0 / 144.0).expect("an advance"));
        stepping_frames += (ran > 0.0) as usize;
        let units = ran + n as f64 * detail::STEP_UNITS;
        world.observe_step(units * slow * 1e-6).expect("a time");
        if f == 719 {
            let price = world.budget().expect("a budget").unit_ns;
            println!("{stepping_frames} of 720 frames ran a step; price {price:.2} ns against the machine's {slow}");
            assert!((price - slow).abs() <= 0.05 * slow, "the price drifted to {price}");
        }
    }
    assert!((250..=350).contains(&stepping_frames), "{stepping_frames} frames ran a step");
}

/// A price learned from noisy frame times (a machine at twice the library's
/// price, each frame's time off by up to ±15 % or ±40 %, or by ±10 % with
/// one frame in twenty taking twice as long; a fixed pseudo-random
/// sequence) on 24 walking capes, the camera passing: the
/// levels take a rise of the price at once and a fall once a window
/// (`detail::held_price`), so the noise neither flickers the band's edge
/// nor puts half the frames over budget. At most 10 changes of level come
/// back within 15 frames (a quarter second); at least 90 % of frames choose
/// work within the budget at the machine's price, and on average at least
/// 80 % of it; the price in use sits within 20 % over the machine's (the
/// figures, and those of a fall taken past a dead band: `MEASUREMENTS.md`,
/// "A price held for a window").
#[test]
fn a_noisy_observed_price_does_not_flicker_the_levels() {
    for (noise, spikes) in [(0.15, 0.0), (0.4, 0.0), (0.1, 0.05)] {
        let (n, slow) = (24, 2.0 * detail::WORK_UNIT_NS);
        let (mut world, ids, full) = capes(n);
        let budget = FrameBudget::new(0.5 * n as f64 * (full + detail::STEP_UNITS) * slow * 1e-6);
        world.set_budget(Some(budget)).expect("a budget");
        let mut history: Vec<Vec<Detail>> = Vec::new();
        let (mut seed, mut within, mut used) = (12345u64, 0, 0.0);
        for f in 0..480 {
            let t = f as f64 * DT;
            let camera = 0.5 * t - 5.0;
            walk_circles(&world, &ids, 10, 1.5 * t, camera);
            let ran = work_that_ran(&mut world, &ids, |w| w.step().expect("a step"));
            let core_ms = (ran + n as f64 * detail::STEP_UNITS) * slow * 1e-6;
            within += (core_ms <= budget.core_ms * (1.0 + 1e-9)) as usize;
            used += core_ms / budget.core_ms / 480.0;
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let u = (seed >> 11) as f64 / (1u64 << 53) as f64;
            let v = (seed.wrapping_mul(0x9E3779B97F4A7C15) >> 11) as f64 / (1u64 << 53) as f64;
            let spike = if v < spikes { 2.0 } else { 1.0 };
            world.observe_step(core_ms * (1.0 + noise * (2.0 * u - 1.0)) * spike).expect("a time");
            history.push(ids.iter().map(|&id| world.detail(id).expect("a level")).collect());
        }
        let (changes, flickers) = flickers(&history, 15);
        let price = world.budget().expect("a budget").unit_ns;
        let within = within as f64 / 480.0;
        println!(
            "noise ±{noise} spikes {spikes}: {changes} level changes, {flickers} back within 15 frames; {within:.2} of frames \
             within budget, {used:.3} of it used on average; price in use {price:.1} ns"
        );
        assert!(changes > 20, "noise ±{noise} spikes {spikes}: the camera's pass changed too few levels: {changes}");
        assert!(flickers <= 10, "noise ±{noise} spikes {spikes}: {flickers} flickers in {changes} changes");
        assert!(within >= 0.9, "noise ±{noise} spikes {spikes}: {within:.2} of frames within budget");
        assert!(used >= 0.8, "noise ±{noise} spikes {spikes}: {used:.3} of the budget used");
        assert!(
            (slow..=1.2 * slow).contains(&price),
            "noise ±{noise} spikes {spikes}: price in use {price} against {slow}"
        );
    }
}

/// 24 capes walking circles, the camera passing through them at 3 m/s, a
/// budget for 40 % of them at full detail with at most 40 % of it on the
/// full band: levels change often. No cloth ever reads less detail than one
/// of lower priority, whether the world steps or advances by host time, and
/// the levels are the same either way. A cloth entering half rate on its
/// pair's second frame waits for the first, frozen: it reads half rate, and
/// its report says idle (the figures before and after: `MEASUREMENTS.md`,
/// "The frame budget under an advancing world").
#[test]
fn the_bands_keep_priority_order_whether_the_world_steps_or_advances() {
    let mut seen = Vec::new();
    for advance in [false, true] {
        let n = 24;
        let (mut world, ids, full) = capes(n);
        let budget = 0.4 * n as f64 * full * detail::WORK_UNIT_NS * 1e-6;
        world.set_budget(Some(FrameBudget { core_ms: budget, unit_ns: 0.0, full_share: 0.4 })).expect("a budget");
        let (mut out_of_order, mut waited, mut counts) = (0, 0, [0usize; 4]);
        for f in 0..480 {
            let t = f as f64 * DT;
            walk_circles(&world, &ids, 10, 1.5 * t, 3.0 * t - 12.0);
            match advance {
                true => world.advance(DT).expect("an advance"),
                false => world.step().expect("a step"),
            }
            let at = |id| (world.priority(id).expect("a cloth"), world.detail(id).expect("a cloth"));
            let levels: Vec<(f64, Detail)> = ids.iter().map(|&id| at(id)).collect();
            for (&id, a) in ids.iter().zip(&levels) {
                counts[a.1 as usize] += 1;
                out_of_order += levels.iter().filter(|b| a.0 > b.0 && a.1 > b.1).count();
                let frozen = world.with_cloth(id, |c| c.detail() == Detail::Frozen).expect("a cloth");
                if a.1 == Detail::HalfRate && frozen {
                    waited += 1;
                    assert!(world.last_report(id).expect("a cloth").idle, "a waiting cloth ran a step");
                }
            }
        }
        println!(
            "advance {advance}: level-frames full/reduced/half/frozen {counts:?}; {waited} frames waiting for \
             half rate's pair, {out_of_order} pairs out of order"
        );
        assert_eq!(out_of_order, 0, "advance {advance}: pairs out of priority order");
        assert!(waited > 0, "advance {advance}: no cloth waited to enter half rate");
        assert!(counts[Detail::HalfRate as usize] > 1000, "advance {advance}: half rate {counts:?}");
        seen.push(counts);
    }
    assert_eq!(seen[0], seen[1], "level-frames stepping and advancing");
}

/// The work a budgeted world of 24 walking capes ran in each host frame
/// over the budget's units for work (what is left after every cloth's
/// `detail::STEP_UNITS`), after the first second: (median, largest).
fn frame_work_under_advance(elapsed: f64, full_share: f64) -> (f64, f64) {
    let n = 24;
    let (mut world, ids, full) = capes(n);
    let core_ms = 0.4 * n as f64 * full * detail::WORK_UNIT_NS * 1e-6;
    let budget = FrameBudget { core_ms, unit_ns: 0.0, full_share };
    world.set_budget(Some(budget)).expect("a budget");
    let mut shares = Vec::new();
    for f in 0..(10.0 / elapsed) as usize {
        let t = f as f64 * elapsed;
        walk_circles(&world, &ids, 10, 1.5 * t, t - 8.0);
        world.advance(elapsed).expect("an advance");
        let mut ran = 0.0;
        for &id in &ids {
            let (report, steps) = (world.last_report(id).expect("a cloth"), world.last_steps(id).expect("a cloth"));
            if !(report.idle || report.asleep) {
                let step = world.with_cloth(id, |c| detail::step_work(c.nodes(), c.dynamics(), c.detail()));
                ran += steps as f64 * step.expect("a cloth");
            }
        }
        if t >= 1.0 {
            shares.push(ran / (budget.units() - n as f64 * detail::STEP_UNITS));
        }
    }
    shares.sort_by(f64::total_cmp);
    (shares[shares.len() / 2], shares[shares.len() - 1])
}

/// A frame budget is a frame's under `World::advance` at any host rate: 24
/// capes walking, the camera passing, a budget for 40 % of them at full
/// detail. At 30 Hz a frame runs two steps of 1/60 s, and the budget buys
/// half the work a step; with full_share 0.4, half rate's steps split
/// between the two frames of a pair at 60 Hz as they do under
/// `World::step`. No frame's work exceeds the budget by more than 6 %
/// (a sleeper that wakes costs its level at once), and at 30 and 60 Hz the
/// median frame uses at least 85 % of it (the figures before and after:
/// `MEASUREMENTS.md`, "The frame budget under an advancing world").
#[test]
fn a_frame_budget_holds_for_every_frame_of_an_advancing_host() {
    for (hz, share) in [(30.0, 1.0), (30.0, 0.4), (60.0, 1.0), (60.0, 0.4), (144.0, 1.0), (144.0, 0.4)] {
        let (median, largest) = frame_work_under_advance(1.0 / hz, share);
        println!(
            "{hz} Hz, full_share {share}: a frame's work over the budget: median {median:.3}, largest {largest:.3}"
        );
        assert!(largest <= 1.06, "{hz} Hz, full_share {share}: a frame ran {largest:.3} of the budget");
        if hz <= 60.0 {
            assert!(median >= 0.85, "{hz} Hz, full_share {share}: the median frame used {median:.3} of the budget");
        }
    }
}

/// Three capes, a budget for one at full detail and two at half rate: the
/// second enters half rate at once, the third waits a frame, frozen,
/// reading half rate. Clearing the budget then leaves the third at the
/// level it waits at, and it reads so.
#[test]
fn a_cloth_waiting_for_half_rate_reads_its_level_once_the_budget_is_cleared() {
    let (mut world, ids, full) = capes(3);
    let half = full / 2.0;
    let units = full + 2.0 * half + 3.0 * detail::STEP_UNITS + 10.0;
    let budget = FrameBudget { core_ms: units * detail::WORK_UNIT_NS * 1e-6, unit_ns: 0.0, full_share: 0.5 };
    world.set_budget(Some(budget)).expect("a budget");
    for (k, &id) in ids.iter().enumerate() {
        world.set_priority(id, -(k as f64)).expect("a priority");
    }
    world.step().expect("a step");
    let levels: Vec<Detail> = ids.iter().map(|&id| world.detail(id).expect("a cloth")).collect();
    assert_eq!(levels, [Detail::Full, Detail::HalfRate, Detail::HalfRate]);
    let frozen = |id| world.with_cloth(id, |c| c.detail()).expect("a cloth");
    assert_eq!(frozen(ids[2]), Detail::Frozen, "the third waits, frozen");
    assert!(world.last_report(ids[2]).expect("a cloth").idle);
    world.set_budget(None).expect("no budget");
    assert_eq!(world.detail(ids[2]).expect("a cloth"), Detail::Frozen, "without a budget it keeps its level");
}
