//! Per-node masses set after seeding (issue 18 item 2, `Cloth::set_masses`):
//! the cloth steps exactly as one seeded with the new masses — from the
//! bind pose, and from any state it has reached — on sheets (two pins,
//! none), irregular capes, a tree, with and without bend rows, tethers and
//! self-collision;
//! a refused call changes nothing.

use cloth_solver::pose::{Pose, Quat};
use cloth_solver::scenes::{self, IrregularCape, Motion};
use cloth_solver::{front_door, library, Cloth, ClothInput, Dynamics, ParamError, SeedOptions, Tuning};

/// The anchor's pose at step `k`: a sprint along X with a turn about Y.
fn script(k: usize, dt: f64) -> Pose {
    let t = k as f64 * dt;
    Pose::new([Motion::SPRINT.x(t), 0.0, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], (1.3 * t).sin()))
}

/// New masses: each node's seeded mass times 0.5 at the top to 4 at the
/// bottom of the garment (a weighted hem), and the fixed nodes' entries NaN
/// (ignored).
fn reweighted(input: &ClothInput) -> Vec<f32> {
    let (lo, hi) =
        input.positions.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), p| (l.min(p[1]), h.max(p[1])));
    input
        .positions
        .iter()
        .zip(&input.masses)
        .zip(&input.fixed)
        .map(|((p, &m), &fixed)| {
            let down = if hi > lo { (hi - p[1]) / (hi - lo) } else { 0.0 };
            if fixed {
                f32::NAN
            } else {
                m * (0.5 + 3.5 * down)
            }
        })
        .collect()
}

fn bits(c: &Cloth) -> Vec<[u32; 3]> {
    c.positions().iter().map(|p| p.map(f32::to_bits)).collect()
}

fn with(input: &ClothInput, masses: &[f32]) -> ClothInput {
    let masses = masses.iter().zip(&input.fixed).map(|(&m, &f)| if f { 1.0 } else { m }).collect();
    ClothInput { masses, ..input.clone() }
}

/// The content: (name, input, dynamics, seed options).
fn cases() -> Vec<(&'static str, ClothInput, Dynamics, SeedOptions)> {
    let tree = front_door::tree(&scenes::strip_cape()).unwrap().0;
    let no_bend = SeedOptions { bend_rows: false, ..SeedOptions::default() };
    vec![
        ("irregular cape, DENIM", IrregularCape::from_seed(1).input(), library::DENIM.dynamics, SeedOptions::default()),
        (
            "irregular cape, SILK, self-collision",
            IrregularCape::from_seed(4).input(),
            library::SILK.dynamics,
            SeedOptions::default(),
        ),
        ("W0 sheet, no bend rows", scenes::w0_sheet().input(), library::COTTON.dynamics, no_bend),
        ("strip cape (tree), ROPE", tree, library::ROPE.dynamics, SeedOptions::default()),
        (
            "free sheet, LEATHER",
            scenes::SheetSpec { fixed: scenes::no_pins, ..scenes::w0_sheet() }.input(),
            library::LEATHER.dynamics,
            SeedOptions::default(),
        ),
        (
            "sheet on two corners, DENIM",
            scenes::SheetSpec { fixed: scenes::top_corners, ..scenes::w0_sheet() }.input(),
            library::DENIM.dynamics,
            SeedOptions::default(),
        ),
    ]
}

/// Masses set before the first step: the model and every step's positions
/// are the seeded cloth's, bit for bit.
#[test]
fn masses_set_after_seeding_are_the_seeded_masses() {
    for (name, input, d, options) in cases() {
        let masses = reweighted(&input);
        let mut set = Cloth::with_options(&input, d, Tuning::default(), options).unwrap();
        set.set_masses(0, &masses).unwrap();
        let mut seeded = Cloth::with_options(&with(&input, &masses), d, Tuning::default(), options).unwrap();
        assert_eq!(format!("{:?}", set.model()), format!("{:?}", seeded.model()), "{name}: the models differ");
        let mut moved = 0.0f64;
        for k in 1..=240 {
            for c in [&mut set, &mut seeded] {
                c.set_anchor_pose(script(k, d.dt)).unwrap();
                assert!(c.step().watchdog.is_none(), "{name}: watchdog at step {k}");
            }
            assert!(bits(&set) == bits(&seeded), "{name}: positions differ at step {k}");
            moved = moved.max(cloth_solver::pose::norm(set.velocity(input.positions.len() - 1).map(f64::from)));
        }
        assert!(moved > 0.1, "{name}: the script barely moved the cloth ({moved} m/s)");
        // The masses read back; a fixed node has none.
        for (n, &m) in masses.iter().enumerate() {
            let want = if input.fixed[n] { 0.0 } else { m as f64 };
            assert!((set.node_mass(n) - want).abs() <= 1e-6 * want, "{name}: node {n} reads {}", set.node_mass(n));
        }
    }
}

/// Masses changed mid-run, over part of the nodes: from then on the cloth
/// steps exactly as a cloth seeded with the new masses and given the same
/// state does — and differently from one that kept the old masses.
#[test]
fn masses_changed_mid_run_step_on_as_seeded() {
    for (name, input, d, options) in cases() {
        let masses = reweighted(&input);
        let first = input.positions.len() / 3;
        let mut changed = Cloth::with_options(&input, d, Tuning::default(), options).unwrap();
        let mut kept = Cloth::with_options(&input, d, Tuning::default(), options).unwrap();
        for k in 1..=120 {
            for c in [&mut changed, &mut kept] {
                c.set_anchor_pose(script(k, d.dt)).unwrap();
                c.step();
            }
        }
        changed.set_masses(first, &masses[first..]).unwrap();
        let mut partial: Vec<f32> = input.masses.clone();
        partial[first..].copy_from_slice(&masses[first..]);
        let mut seeded = Cloth::with_options(&with(&input, &partial), d, Tuning::default(), options).unwrap();
        assert_eq!(format!("{:?}", changed.model()), format!("{:?}", seeded.model()), "{name}: the models differ");
        *seeded.state_mut() = changed.state_mut().clone();
        for k in 121..=300 {
            for c in [&mut changed, &mut seeded, &mut kept] {
                c.set_anchor_pose(script(k, d.dt)).unwrap();
                assert!(c.step().watchdog.is_none(), "{name}: watchdog at step {k}");
            }
            assert!(bits(&changed) == bits(&seeded), "{name}: positions differ at step {k}");
        }
        assert!(bits(&changed) != bits(&kept), "{name}: the new masses changed nothing");
    }
}

/// A free node's mass must be a normal positive f32 of at most
/// `MAX_MASS`: the first bad one is named, and a refused call changes no
/// mass.
#[test]
fn bad_masses_are_refused_by_node() {
    let input = IrregularCape::from_seed(2).input();
    let d = library::COTTON.dynamics;
    let free = (0..input.positions.len()).find(|&n| !input.fixed[n]).unwrap();
    let fixed = (0..input.positions.len()).find(|&n| input.fixed[n]).unwrap();
    let mut c = Cloth::new(&input, d).unwrap();
    let before = format!("{:?}", c.model());
    for bad in [f32::NAN, f32::INFINITY, 0.0, -1.0, 1e-39, 1.001e9, f32::MAX] {
        let mut masses = input.masses.clone();
        masses[free] = bad;
        masses[0] *= 2.0;
        match c.set_masses(0, &masses) {
            Err(ParamError::Node { name: "mass", node, .. }) => assert_eq!(node, free, "{bad}"),
            other => panic!("mass {bad} on node {free}: {other:?}"),
        }
    }
    assert!(matches!(c.set_masses(input.positions.len(), &[1.0]), Err(ParamError::OutOfRange { .. })));
    assert!(matches!(c.set_masses(usize::MAX, &[1.0]), Err(ParamError::OutOfRange { .. })));
    assert_eq!(before, format!("{:?}", c.model()), "a refused call changed the model");
    // Whatever a fixed node is given is not read.
    c.set_masses(fixed, &[f32::NAN]).unwrap();
    assert_eq!(before, format!("{:?}", c.model()));
    assert_eq!(c.node_mass(fixed), 0.0);
}

/// The extremes a cloth admits simulate: an irregular cape whose free nodes
/// all weigh `MAX_MASS`, or all `MIN_MASS`, stepped at `MIN_DT` and at 1 s
/// with 1 and 64 substeps while its anchor moves 2 cm and turns 2° a step,
/// never resets and reads back finite (far past either bound the watchdog
/// reset such a cloth on every step: `MEASUREMENTS.md`, "An adversarial
/// host").
#[test]
fn the_heaviest_and_lightest_nodes_step_at_the_shortest_and_longest_steps() {
    use cloth_solver::constants::{MAX_MASS, MIN_DT, MIN_MASS};
    let input = IrregularCape::from_seed(1).input();
    for m in [MAX_MASS, MIN_MASS] {
        for dt in [MIN_DT, 1.0] {
            for substeps in [1, 64] {
                let d = Dynamics { dt, substeps, ..library::COTTON.dynamics };
                let masses = vec![m; input.positions.len()];
                let mut c = Cloth::new(&ClothInput { masses, ..input.clone() }, d).unwrap();
                for k in 0..60 {
                    let a = k as f64;
                    let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], 0.035 * a);
                    c.set_anchor_pose(Pose::new([0.02 * a, 0.0, 0.0], turn)).unwrap();
                    let r = c.step();
                    let name = format!("{m:e} kg, dt {dt:e} s, {substeps} substeps, step {k}");
                    assert!(r.watchdog.is_none(), "{name}: watchdog {:?}", r.watchdog);
                    assert!(c.positions().iter().flatten().all(|v| v.is_finite()), "{name}: not finite");
                }
            }
        }
    }
}

/// The mass rule a refusal quotes states the constants the check uses.
#[test]
fn the_mass_rule_states_the_constants() {
    use cloth_solver::constants::{MASS_RULE, MAX_MASS, MIN_MASS};
    let (lo, hi) = (format!("from {MIN_MASS:e} kg"), format!("to {MAX_MASS:e} kg"));
    assert!(MASS_RULE.starts_with(&lo) && MASS_RULE.ends_with(&hi), "{MASS_RULE}: {lo} … {hi}");
}
