//! A variable-rate host (issue 18 item 4): `Cloth::advance` runs the fixed
//! steps that fit in the host's frame time and shows the state between the
//! last two.

use cloth_solver::clock::MAX_CATCH_UP_STEPS;
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{self, Pose, Quat};
use cloth_solver::scenes::IrregularCape;
use cloth_solver::{library, Cloth, ClothInput};

fn cape() -> Cloth {
    cloth(&IrregularCape::from_seed(1).input())
}

fn cloth(input: &ClothInput) -> Cloth {
    Cloth::new(input, library::COTTON.dynamics).expect("seeds")
}

/// General content: the irregular cape on its neckline, the same cape with
/// nothing pinned, and a sheet on its two top corners.
fn inputs() -> Vec<(&'static str, ClothInput)> {
    let mut free = IrregularCape::from_seed(1).input();
    free.fixed.iter_mut().for_each(|f| *f = false);
    vec![
        ("cape", IrregularCape::from_seed(1).input()),
        ("free cape", free),
        ("two corners", GarmentCase::Corners.input(&library::COTTON)),
    ]
}

/// The simulated particles (not what reads show), by slot.
fn simulated(c: &Cloth) -> Vec<[f32; 3]> {
    let x = &c.state().x;
    (0..x.x.len()).map(|s| x.get(s)).collect()
}

/// The anchor at host time `t`: walking along X and turning about Y.
fn walk(t: f64) -> Pose {
    Pose::new([1.3 * t, 1.4, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], 0.8 * t))
}

/// Runs 2 s of host frames of `tick` s each, the anchor at `anchor(t)`;
/// returns the simulated particles after each host frame that stepped, in
/// order (a 30 Hz frame runs two fixed steps).
fn run(input: &ClothInput, tick: f64, anchor: impl Fn(f64) -> Pose) -> Vec<Vec<[f32; 3]>> {
    let mut c = cloth(input);
    c.place_anchor(anchor(0.0)).expect("a pose");
    let mut states = Vec::new();
    let frames = (2.0 / tick).round() as usize;
    for k in 1..=frames {
        c.set_anchor_pose(anchor(k as f64 * tick)).expect("a pose");
        let a = c.advance(tick).expect("a valid time");
        assert!(a.steps <= 1 || tick > c.dynamics().dt, "{} steps in a {tick} s frame", a.steps);
        if a.steps > 0 {
            states.push(simulated(&c));
        }
    }
    states
}

/// A host at 144 Hz and one at 60 Hz get the same states at the same fixed
/// steps: bit for bit with a still anchor; within 0.1 mm on a walking,
/// turning anchor (its pose at a fixed step is interpolated from different
/// host frames, exact up to rounding for this linear path's translation,
/// within nlerp's error for the turn, and a swinging cloth carries those
/// roundings on; MEASUREMENTS.md, "A variable-rate host"). A 30 Hz host's two steps per frame
/// are the 60 Hz host's steps. On a pinned cape, a free one (falling: the
/// bound is 1e-5 of its distance from the anchor) and a sheet on two
/// corners.
#[test]
fn a_144_hz_host_and_a_60_hz_host_get_the_same_fixed_steps() {
    let still = |_: f64| Pose::new([0.0, 1.4, 0.0], Quat::IDENTITY);
    let apart = |x: &[[f32; 3]], y: &[[f32; 3]]| {
        x.iter().zip(y).map(|(p, q)| pose::norm(pose::sub(p.map(f64::from), q.map(f64::from)))).fold(0.0, f64::max)
    };
    for (what, input) in inputs() {
        let (a, b) = (run(&input, 1.0 / 60.0, still), run(&input, 1.0 / 144.0, still));
        let n = a.len().min(b.len());
        assert!(n >= 118, "{what}: {} and {} fixed steps in 2 s", a.len(), b.len());
        assert!(a[..n] == b[..n], "{what}: a still anchor parted");
        let (a, b, c) = (run(&input, 1.0 / 60.0, walk), run(&input, 1.0 / 144.0, walk), run(&input, 1.0 / 30.0, walk));
        let fast = (0..a.len().min(b.len())).map(|k| apart(&a[k], &b[k])).fold(0.0, f64::max);
        // The 30 Hz host's k-th frame ends at the 60 Hz host's step 2k + 2.
        let slow = (0..c.len().min(a.len() / 2)).map(|k| apart(&a[2 * k + 1], &c[k])).fold(0.0, f64::max);
        // A free cloth falls ~20 m in 2 s: f32 positions and the frame's
        // rounding scale with how far it is from the anchor (per metre).
        let far = a.iter().flatten().map(|p| pose::norm(p.map(f64::from))).fold(1.0, f64::max);
        assert!(fast < 1e-4 * far, "{what}: 144 Hz parts from 60 Hz by {fast:.2e} m ({far:.1} m out)");
        assert!(slow < 1e-4 * far, "{what}: 30 Hz parts from 60 Hz by {slow:.2e} m ({far:.1} m out)");
    }
}

/// Between fixed steps a read shows the state interpolated at the time
/// carried over: every coordinate between its values before and after the
/// last fixed step, at `alpha` of the way to within f32 rounding; the
/// world pose in between likewise. A plain step shows the simulated state
/// again.
#[test]
fn reads_show_the_state_between_the_last_two_fixed_steps() {
    let mut c = cape();
    c.place_anchor(walk(0.0)).expect("a pose");
    let tick = 1.0 / 144.0;
    let (mut before, mut after) = (simulated(&c), simulated(&c));
    let mut checked = 0;
    for k in 1..=288 {
        c.set_anchor_pose(walk(k as f64 * tick)).expect("a pose");
        let start = simulated(&c);
        let a = c.advance(tick).expect("a valid time");
        if a.steps == 1 {
            (before, after) = (start, simulated(&c));
        }
        if k < 3 {
            continue;
        }
        let m = &c.model().slot_of_node;
        for n in 0..c.nodes() {
            let (p, q, shown) = (before[m[n] as usize], after[m[n] as usize], c.position(n));
            for d in 0..3 {
                let (lo, hi) = (p[d].min(q[d]), p[d].max(q[d]));
                assert!(lo <= shown[d] && shown[d] <= hi, "frame {k} node {n}: {shown:?} outside {p:?} .. {q:?}");
                let want = p[d] as f64 + (q[d] as f64 - p[d] as f64) * a.alpha;
                assert!((shown[d] as f64 - want).abs() <= 1e-6 * (1.0 + want.abs()), "frame {k} node {n}");
            }
        }
        checked += 1;
    }
    assert!(checked > 280);
    c.step();
    assert_eq!(c.position(5), c.state().x.get(c.model().slot_of_node[5] as usize), "a step shows the simulated state");
}

/// A 1 s hitch runs at most MAX_CATCH_UP_STEPS fixed steps and drops the
/// whole steps left, carrying less than one step; the cloth stays finite.
#[test]
fn a_hitch_runs_at_most_the_catch_up_cap() {
    let mut c = cape();
    let dt = c.dynamics().dt;
    let a = c.advance(1.0).expect("a valid time");
    assert_eq!(a.steps, MAX_CATCH_UP_STEPS);
    let carried = 1.0 - MAX_CATCH_UP_STEPS as f64 * dt - a.dropped;
    assert!((0.0..dt).contains(&carried) && (carried / dt - a.alpha).abs() < 1e-9, "{a:?}");
    assert!((a.dropped / dt - (a.dropped / dt).round()).abs() < 1e-9, "whole steps dropped: {a:?}");
    assert!(c.positions().iter().flatten().all(|v| v.is_finite()));
    let next = c.advance(dt).expect("a valid time");
    assert_eq!(next.steps, 1);
}

/// A hitch jolts nothing: the motion over its dropped time is carried
/// rigidly with the cloth's motion kept, so the steps around it feel the
/// anchor's own velocity. The irregular capes on their torso (a capsule
/// moving with the anchor), denim and cotton, carried at a steady 30 m/s
/// (a car), and walking at 1.3 m/s while turning at 0.8 rad/s, at 60 Hz
/// with a 0.1 s hitch every second after the first
/// (`experiments::hitched_ride`): from then on no step feels the anchor's
/// velocity change past its limit, and the worst link stays within 0.5 %
/// of the same run's without hitches (`MEASUREMENTS.md`, "A hitch carried").
#[test]
fn a_hitch_carries_the_dropped_motion_without_a_jolt() {
    use cloth_solver::experiments::hitched_ride;
    let car = |t: f64| Pose::new([30.0 * t, 1.4, 0.0], Quat::IDENTITY);
    for p in [library::DENIM, library::COTTON] {
        for case in [GarmentCase::CapeOnTorso(0), GarmentCase::CapeOnTorso(1)] {
            for (what, anchor) in [("30 m/s", &car as &dyn Fn(f64) -> Pose), ("walking and turning", &walk)] {
                let (smooth, hitched) = (hitched_ride(&p, case, anchor, false), hitched_ride(&p, case, anchor, true));
                let name = format!("{} {} {what}", p.name, case.name());
                let limited = hitched.limited;
                assert_eq!(limited, 0, "{name}: {limited} frames felt the anchor's velocity change past its limit");
                assert!(
                    hitched.worst_link <= smooth.worst_link + 0.005,
                    "{name}: worst link {:.4} with hitches, {:.4} without",
                    hitched.worst_link,
                    smooth.worst_link
                );
            }
        }
    }
}

/// A negative, NaN or infinite time is refused and changes nothing.
#[test]
fn a_bad_time_is_refused() {
    let mut c = cape();
    c.advance(0.01).expect("a valid time");
    let hash = c.state_hash();
    for bad in [-1e-3, f64::NAN, f64::INFINITY] {
        assert!(c.advance(bad).is_err(), "{bad} accepted");
        assert_eq!(c.state_hash(), hash);
    }
    assert_eq!(c.advance(0.0).expect("zero is a valid time").steps, 0);
}

/// A collider moving through the cloth sweeps the same path whatever the
/// host's rate: each fixed step sees the collider travel from where the
/// last step left it to its pose at the step's end, interpolated between
/// host frames as the anchor is. A sphere pushed through a hanging cape at
/// 1.2 m/s gives the same fixed-step states at 144, 60 and 30 Hz within
/// 10 µm.
#[test]
fn a_moving_collider_sweeps_the_same_path_at_any_host_rate() {
    use cloth_solver::{ColliderSet, Shape};
    let run = |tick: f64| {
        let mut c = cape();
        let mut set = ColliderSet::new();
        let at = |t: f64| Pose::from_translation([0.0, -0.35, 0.5 - 1.2 * t]);
        let ball = set.add(Shape::Sphere { radius: 0.1 }, at(0.0)).expect("a sphere");
        let mut states = Vec::new();
        for k in 1..=(1.0 / tick).round() as usize {
            set.begin_frame();
            set.set_pose(ball, at(k as f64 * tick)).expect("a pose");
            let a = c.advance_with(tick, &set).expect("a valid time");
            if a.steps > 0 {
                states.push(simulated(&c));
            }
        }
        assert!(c.contacts() > 0 || states.len() > 50, "the sphere met the cape");
        states
    };
    let (a, b, c) = (run(1.0 / 60.0), run(1.0 / 144.0), run(1.0 / 30.0));
    let apart = |x: &[[f32; 3]], y: &[[f32; 3]]| {
        x.iter().zip(y).map(|(p, q)| pose::norm(pose::sub(p.map(f64::from), q.map(f64::from)))).fold(0.0, f64::max)
    };
    let moved = apart(&a[0], &a[a.len() - 1]);
    assert!(moved > 0.05, "the sphere pushed the cape {moved} m");
    let fast = (0..a.len().min(b.len())).map(|k| apart(&a[k], &b[k])).fold(0.0, f64::max);
    let slow = (0..c.len().min(a.len() / 2)).map(|k| apart(&a[2 * k + 1], &c[k])).fold(0.0, f64::max);
    assert!(fast < 1e-5, "144 Hz parts from 60 Hz by {fast:.2e} m");
    assert!(slow < 1e-5, "30 Hz parts from 60 Hz by {slow:.2e} m");
}

/// A teleport inside a frame of several fixed steps is not spread over them:
/// a cape advanced at 30 Hz and jumped 4 m (a teleport: beyond
/// max(2 m, 4 × reach)) keeps its tethers within 5 % through the jump, as a
/// fixed-step host's does; at half the jump per step — 2 m, under the
/// teleport distance — it would be flung.
#[test]
fn a_teleport_is_not_spread_over_the_steps_of_a_frame() {
    let mut c = cape();
    c.place_anchor(Pose::from_translation([0.0, 1.4, 0.0])).expect("a pose");
    let mut worst = 0.0f64;
    for k in 1..=60 {
        let x = if k > 20 { 4.0 } else { 0.0 };
        c.set_anchor_pose(Pose::from_translation([x, 1.4, 0.0])).expect("a pose");
        c.advance(1.0 / 30.0).expect("a valid time");
        worst = worst.max(c.worst_tether_ratio());
    }
    assert!(worst < 1.05, "worst tether ratio {worst}");
    assert!((c.world_position(0)[0] - 4.0).abs() < 1.0, "the cape went with its anchor");
}

/// A collider the host places (no travel) is not swept by an advance from
/// where the last fixed step left it: a sphere placed from one side of a
/// cape to the other, through it, leaves an advancing host's cape exactly
/// as a fixed-step host's (bit for bit: the placement crosses the cloth, so
/// a sweep would push it).
#[test]
fn a_placed_collider_is_not_swept_through_the_cloth() {
    use cloth_solver::{ColliderSet, Shape};
    let run = |advance: bool| {
        let mut c = cape();
        let mut set = ColliderSet::new();
        let ball =
            set.add(Shape::Sphere { radius: 0.1 }, Pose::from_translation([-1.0, -0.35, -0.35])).expect("a sphere");
        for k in 1..=90 {
            set.begin_frame();
            if k == 30 {
                set.place(ball, Pose::from_translation([1.0, -0.35, -0.35])).expect("a pose");
            }
            if advance {
                c.advance_with(1.0 / 60.0, &set).expect("a valid time");
            } else {
                c.step_with(&set);
            }
        }
        simulated(&c)
    };
    assert!(run(true) == run(false), "the advancing host's cape parted from the fixed-step host's");
}
