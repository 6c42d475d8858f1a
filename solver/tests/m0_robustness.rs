//! M0 gates on robustness: §6's eight hostile regimes finish finite and
//! bounded; the watchdog turns a non-finite cloth back into its animated pose
//! and says so; bad input is a typed error naming the index, never a panic.

use cloth_solver::rng::SplitMix64;
use cloth_solver::scenes::{self, SheetPlane, SheetSpec};
use cloth_solver::{Cloth, ClothInput, Dynamics, ParamError, SeedError, SeedOptions, Tuning, WatchdogReason};

fn sheet(columns: usize, rows: usize, spacing: f64, mass: f64) -> ClothInput {
    SheetSpec { columns, rows, spacing, mass, fixed: scenes::top_row, plane: SheetPlane::Horizontal, lean: 1e-3 }
        .input()
}

/// Runs `steps` steps; asserts finite state, no watchdog, and no growth of
/// kinetic energy: the largest KE of the last quarter of the run must not
/// exceed twice the largest KE before it (a blow-up grows; a limit cycle, a
/// fall or a settle does not).
fn survives(name: &str, mut cloth: Cloth, steps: usize) {
    let mut early = 0.0f64;
    let mut late = 0.0f64;
    for s in 0..steps {
        let report = cloth.step();
        assert!(report.watchdog.is_none(), "{name}: watchdog at step {s}: {report:?}");
        let ke = cloth.kinetic_energy();
        assert!(ke.is_finite(), "{name}: non-finite kinetic energy at step {s}");
        if s < steps * 3 / 4 {
            early = early.max(ke);
        } else {
            late = late.max(ke);
        }
    }
    assert!(cloth.positions().iter().flatten().all(|c| c.is_finite()), "{name}: non-finite positions");
    assert!(late <= 2.0 * early + 1e-12, "{name}: kinetic energy grows: {early:.3e} then {late:.3e}");
}

fn cloth(input: &ClothInput, dynamics: Dynamics, stiffness: f64) -> Cloth {
    let tuning = Tuning { stretch_stiffness: stiffness, ..Tuning::default() };
    Cloth::with_options(input, dynamics, tuning, SeedOptions::m0()).unwrap()
}

/// §6: all eight hostile regimes survive at the chosen constants.
#[test]
fn hostile_regimes_finish_finite_and_bounded() {
    let base = Dynamics::default();
    // stiff + 5 fps: 1 kg particles on 1e8 N/m rows, 1 substep, 1 iteration.
    let d = Dynamics { dt: 0.2, substeps: 1, iterations: 1, ..base };
    survives("stiff + 5 fps", cloth(&sheet(10, 10, 0.1, 100.0), d, 1e8), 300);
    // light + 240 fps: 10 mg particles, 4 substeps, 8 iterations.
    let d = Dynamics { dt: 1.0 / 240.0, substeps: 4, iterations: 8, ..base };
    survives("light + 240 fps", cloth(&sheet(10, 10, 0.02, 100.0 * 1e-5), d, f64::INFINITY), 600);
    // 10 m spacing: a 6×6 sheet at 15 fps.
    let d = Dynamics { dt: 1.0 / 15.0, ..base };
    survives("10 m spacing", cloth(&sheet(6, 6, 10.0, 3.6), d, f64::INFINITY), 600);
    // a thousand g.
    let d = Dynamics { gravity: [0.0, -9810.0, 0.0], ..base };
    survives("a thousand g", cloth(&sheet(16, 16, 0.02, 0.25), d, f64::INFINITY), 600);
    // soft as water: 1e-2 N/m rows.
    survives("soft as water", cloth(&sheet(16, 16, 0.02, 0.25), base, 1e-2), 600);
    // zero g, 100 m/s: particles thrown in random directions.
    let d = Dynamics { gravity: [0.0; 3], ..base };
    let mut c = cloth(&sheet(16, 16, 0.02, 0.25), d, f64::INFINITY);
    let mut rng = SplitMix64::new(7);
    for node in 0..c.nodes() {
        let dir = [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)];
        let n = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt().max(1e-9);
        c.set_velocity(node, dir.map(|v| (100.0 * v / n) as f32));
    }
    survives("zero g, 100 m/s", c, 600);
    // inextensible: stiffness ∞ (the product's rows).
    survives("inextensible", cloth(&sheet(16, 16, 0.02, 0.25), base, f64::INFINITY), 600);
    // inextensible cape: 600 particles.
    survives("inextensible cape", cloth(&sheet(20, 30, 0.02, 0.3), base, f64::INFINITY), 600);
}

/// DESIGN §3 rule 9: a cloth whose state goes non-finite is reset to its
/// animated pose, reported, and hands back no NaN.
#[test]
fn watchdog_resets_a_non_finite_cloth() {
    let mut c = m0(&sheet(8, 8, 0.02, 0.1));
    for _ in 0..10 {
        c.step();
    }
    let slot = c.model().slot_of_node[20] as usize;
    c.state_mut().v.set(slot, [f32::NAN, 0.0, 0.0]);
    let report = c.step();
    assert_eq!(report.watchdog, Some(WatchdogReason::NonFinite));
    assert_eq!(c.state().diagnostics.resets, 1);
    let input = sheet(8, 8, 0.02, 0.1);
    for (node, p) in c.positions().iter().enumerate() {
        assert_eq!(*p, input.positions[node], "node {node} not at its animated pose");
    }
    assert_eq!(c.kinetic_energy(), 0.0);
    // And it steps on normally afterwards.
    for _ in 0..60 {
        assert!(c.step().watchdog.is_none());
    }
    assert!(c.positions().iter().flatten().all(|v| v.is_finite()));
}

/// The watchdog's other trigger: hard rows absurdly violated for several
/// steps (here a particle flung a kilometre away every step).
#[test]
fn watchdog_resets_an_exploded_cloth() {
    let mut c = m0(&sheet(8, 8, 0.02, 0.1));
    let slot = c.model().slot_of_node[30] as usize;
    let mut fired = None;
    for s in 0..30 {
        c.state_mut().x.set(slot, [500.0, 0.0, 0.0]);
        c.state_mut().v.set(slot, [0.0, 0.0, 0.0]);
        if let Some(r) = c.step().watchdog {
            fired = Some((s, r));
            break;
        }
    }
    let (s, reason) = fired.expect("the watchdog should fire");
    assert_eq!(reason, WatchdogReason::Exploded);
    assert_eq!(s + 1, cloth_solver::constants::WATCHDOG_STEPS as usize);
}

fn m0(input: &ClothInput) -> Cloth {
    Cloth::with_options(input, Dynamics::default(), Tuning::default(), SeedOptions::m0()).unwrap()
}

fn err(input: &ClothInput, d: Dynamics) -> SeedError {
    match Cloth::new(input, d) {
        Ok(_) => panic!("seeding should have failed"),
        Err(e) => e,
    }
}

#[test]
fn bad_input_is_a_typed_error_naming_the_index() {
    let good = sheet(4, 4, 0.02, 0.1);
    let d = Dynamics::default();
    assert_eq!(err(&ClothInput::default(), d), SeedError::Empty);

    let mut i = good.clone();
    i.positions[5][1] = f32::NAN;
    assert_eq!(err(&i, d), SeedError::NonFinitePosition { node: 5 });

    let mut i = good.clone();
    i.positions[7][0] = f32::INFINITY;
    assert_eq!(err(&i, d), SeedError::NonFinitePosition { node: 7 });

    // A bind rotation that is not unit is named as such, not as a position.
    let mut i = good.clone();
    i.bind_rotations = vec![cloth_solver::pose::Quat::IDENTITY; i.positions.len()];
    i.bind_rotations[3].w = 1.1;
    let e = err(&i, d);
    assert!(matches!(e, SeedError::BadBindTransform { joint: 3, coordinate: None, .. }), "{e:?}");
    assert!(e.to_string().contains("rotation has norm 1.1"), "{e}");
    // One too large to square reads as itself, not as inf.
    i.bind_rotations[3].w = 1e200;
    let e = err(&i, d);
    assert!(e.to_string().contains("rotation has norm 1e200;"), "{e}");

    let mut i = good.clone();
    i.masses[9] = 0.0;
    assert!(matches!(err(&i, d), SeedError::BadMass { node: 9, .. }));
    let mut i = good.clone();
    i.masses[10] = -1.0;
    assert!(matches!(err(&i, d), SeedError::BadMass { node: 10, .. }));
    let mut i = good.clone();
    i.masses[11] = f32::NAN;
    assert!(matches!(err(&i, d), SeedError::BadMass { node: 11, .. }));
    // A subnormal mass has no finite f32 inverse; the smallest normal one is
    // admitted and steps finite.
    let mut i = good.clone();
    i.masses[12] = 1e-39;
    assert!(matches!(err(&i, d), SeedError::BadMass { node: 12, .. }));
    let mut i = good.clone();
    i.masses[12] = f32::MIN_POSITIVE;
    let mut c = Cloth::new(&i, d).expect("the smallest normal mass seeds");
    for _ in 0..60 {
        c.step();
    }
    assert!(c.positions().iter().flatten().all(|v| v.is_finite()));
    // A fixed node's mass is never read.
    let mut i = good.clone();
    i.masses[0] = f32::NAN;
    assert!(Cloth::new(&i, d).is_ok());

    let mut i = good.clone();
    i.triangles[3][1] = 99;
    assert_eq!(err(&i, d), SeedError::TriangleIndexOutOfRange { triangle: 3, index: 99 });

    let mut i = good.clone();
    i.triangles[2] = [1, 1, 2];
    assert!(matches!(err(&i, d), SeedError::DegenerateTriangle { triangle: 2, .. }));

    let mut i = good.clone();
    i.positions[5] = i.positions[4];
    assert!(matches!(err(&i, d), SeedError::DegenerateTriangle { .. } | SeedError::ZeroLengthRow { .. }));
    assert!(!err(&i, d).to_string().contains("f32"), "no precision hint near the origin");

    // The same sheet 9e5 m out: f32 positions there are 6 cm apart, so its
    // edges collapse; the refusal says why and what to do.
    let mut i = good.clone();
    i.positions.iter_mut().for_each(|p| p[0] += 9e5);
    let e = err(&i, d);
    assert!(matches!(e, SeedError::DegenerateTriangle { .. } | SeedError::ZeroLengthRow { .. }), "{e:?}");
    assert!(e.to_string().contains("f32 positions are 0.0625 m apart"), "{e}");

    let mut i = good.clone();
    i.masses.pop();
    assert!(matches!(err(&i, d), SeedError::LengthMismatch { what: "masses", .. }));

    // Trees: out-of-range parents, cycles, zero-length links.
    let chain = scenes::m0_chain().input();
    let mut i = chain.clone();
    i.parents[4] = Some(77);
    assert_eq!(err(&i, d), SeedError::ParentOutOfRange { node: 4, parent: 77 });
    let mut i = chain.clone();
    i.parents[2] = Some(5);
    assert!(matches!(err(&i, d), SeedError::Cycle { .. }));
    let mut i = chain.clone();
    i.positions[6] = i.positions[5];
    assert!(matches!(err(&i, d), SeedError::ZeroLengthRow { a: 5, b: 6, .. }));

    // Non-manifold: a third triangle on one edge.
    let mut i = good.clone();
    i.positions.push([0.01, 0.5, 0.01]);
    i.masses.push(0.01);
    i.fixed.push(false);
    i.triangles.push([0, 5, 16]); // (0, 5) is a quad diagonal: already two triangles
    let third = i.triangles.len() - 1;
    match err(&i, d) {
        SeedError::NonManifoldEdge { a, b, triangles } => {
            assert_eq!((a.min(b), a.max(b)), (0, 5));
            // The error names every triangle on the edge, the added one last.
            assert_eq!(triangles[2], third);
            for t in triangles {
                let tri = i.triangles[t];
                assert!(tri.contains(&0) && tri.contains(&5), "triangle {t} {tri:?} is not on the edge");
            }
        }
        other => panic!("expected a non-manifold edge, got {other}"),
    }

    // Bad dynamics are refused at seed and on change; bad dt is refused on step.
    let bad = Dynamics { substeps: 0, ..d };
    assert!(matches!(err(&good, bad), SeedError::BadOption { name: "substeps", .. }));
    let mut c = Cloth::new(&good, d).unwrap();
    for dt in [0.0, -1.0 / 60.0, f64::NAN, f64::INFINITY, 0.99e-6, 1.001] {
        assert!(matches!(c.step_dt(dt), Err(ParamError::OutOfRange { name: "dt", .. })), "dt {dt}");
    }
    assert!(c.set_dynamics(Dynamics { gravity: [0.0, f64::NAN, 0.0], ..d }).is_err());
    assert!(c.set_dynamics(Dynamics { bend: 2.0, ..d }).is_err());
    // A refusal says what is allowed.
    let said = |e: ParamError| e.to_string();
    assert_eq!(
        said(c.set_dynamics(Dynamics { substeps: 0, ..d }).unwrap_err()),
        "substeps = 0 is out of range (1..=64)"
    );
    assert_eq!(said(c.step_dt(0.0).unwrap_err()), "dt = 0 is out of range (1e-6..=1 s)");
    // A NaN or an infinity is named as such, not as a value past a bound.
    assert_eq!(said(c.step_dt(f64::NAN).unwrap_err()), "dt = NaN is not finite (allowed: 1e-6..=1 s)");
    assert_eq!(said(c.step_dt(f64::INFINITY).unwrap_err()), "dt = inf is not finite (allowed: 1e-6..=1 s)");
    assert!(c.step_dt(1.0 / 30.0).is_ok());
    assert!(c.positions().iter().flatten().all(|v| v.is_finite()));
}

#[test]
fn every_error_has_a_message() {
    let e = SeedError::NonFinitePosition { node: 12 };
    assert!(e.to_string().contains("12"));
    let e = SeedError::ZeroLengthRow { a: 3, b: 4, length: 0.0 };
    assert!(e.to_string().contains('3') && e.to_string().contains('4'));
}
