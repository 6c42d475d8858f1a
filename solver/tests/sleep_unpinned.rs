//! Sleep on cloths no row path joins to a pin: a free cloth's reach — what
//! its sleep speed scales with — is its bind pose's extent about its mass
//! centre (`Model::reach_of`), and a cloth with nothing free has nothing to
//! settle (`MEASUREMENTS.md`, "Sleep without a pin").

use cloth_solver::constants::SLEEP_STEPS;
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::shape::Shape;
use cloth_solver::{library, scenes, Cloth, ClothInput, ColliderSet, Dynamics};

/// DENIM's 24 × 24 proxy (2 cm) with nothing fixed.
fn free_sheet() -> ClothInput {
    e::free_proxy(&library::DENIM)
}

/// Steps until the cloth falls asleep; the step it did, or `None`.
fn asleep_within(c: &mut Cloth, colliders: &ColliderSet, steps: usize) -> Option<usize> {
    (1..=steps).find(|_| c.step_with(colliders).fell_asleep)
}

/// The reach of a free square sheet is its half diagonal; of a pinned one,
/// the largest geodesic distance, as before; of a cloth with nothing free, 0.
#[test]
fn a_free_cloth_reaches_as_far_as_its_corners() {
    let side = 23.0 * 0.02;
    let free = Cloth::new(&free_sheet(), library::DENIM.dynamics).unwrap();
    let half_diagonal = side * std::f64::consts::FRAC_1_SQRT_2;
    assert!((free.model().reach as f64 - half_diagonal).abs() < 1e-5, "{} against {half_diagonal}", free.model().reach);
    let pinned = Cloth::new(&scenes::library_proxy(&library::DENIM), library::DENIM.dynamics).unwrap();
    assert_eq!(pinned.model().reach, pinned.model().unary.reach);
    assert!((pinned.model().reach as f64 - side).abs() < 1e-5, "hangs {side} m below its top row");
    let mut all = free_sheet();
    all.fixed.iter_mut().for_each(|f| *f = true);
    assert_eq!(Cloth::new(&all, library::DENIM.dynamics).unwrap().model().reach, 0.0);
}

/// Every node fixed: asleep after the sleep window; a moved node wakes it,
/// the node is where it was put, and it sleeps again.
#[test]
fn a_cloth_with_nothing_free_sleeps_and_wakes_to_its_animation() {
    let mut all = free_sheet();
    all.fixed.iter_mut().for_each(|f| *f = true);
    let none = ColliderSet::new();
    let mut c = Cloth::new(&all, library::DENIM.dynamics).unwrap();
    assert_eq!(asleep_within(&mut c, &none, 100), Some(SLEEP_STEPS as usize));
    // The same on an irregular, curved cape.
    let mut cape = GarmentCase::Cape(1).input(&library::DENIM);
    cape.fixed.iter_mut().for_each(|f| *f = true);
    let mut pinned = Cloth::new(&cape, library::DENIM.dynamics).unwrap();
    assert_eq!(asleep_within(&mut pinned, &none, 100), Some(SLEEP_STEPS as usize));
    c.set_animated_position(7, [0.5, 0.25, 0.125]).unwrap();
    assert!(!c.step().asleep, "a moved animation wakes it");
    assert_eq!(c.position(7), [0.5, 0.25, 0.125]);
    assert!(asleep_within(&mut c, &none, 100).is_some(), "and it sleeps again");
}

/// A free cloth at rest (no gravity) sleeps after the sleep window; one that
/// spins does not; a sheet dropped 10 cm onto a floor settles and sleeps
/// within 5 s, lying on the floor.
#[test]
fn a_free_cloth_falls_asleep_once_it_stops() {
    let none = ColliderSet::new();
    let still = Dynamics { gravity: [0.0; 3], ..library::DENIM.dynamics };
    let mut c = Cloth::new(&free_sheet(), still).unwrap();
    assert_eq!(asleep_within(&mut c, &none, 100), Some(SLEEP_STEPS as usize));

    let mut spun = Cloth::new(&free_sheet(), Dynamics { damping: 0.0, ..still }).unwrap();
    let centre = [0.23, -0.23];
    let impulses: Vec<(u32, [f64; 3])> = (0..spun.nodes())
        .map(|n| {
            let p = spun.position(n).map(f64::from);
            let m = spun.node_mass(n);
            // 0.5 rad/s about the sheet's normal through its centre.
            (n as u32, [-(p[1] - centre[1]) * 0.5 * m, (p[0] - centre[0]) * 0.5 * m, 0.0])
        })
        .collect();
    spun.apply_impulses(&impulses).unwrap();
    assert_eq!(asleep_within(&mut spun, &none, 300), None, "a spinning cloth stays awake");

    // Lying flat 10 cm above a floor: (x, y, z) → (x, 0.1, y).
    let mut flat = free_sheet();
    flat.positions.iter_mut().for_each(|p| *p = [p[0], 0.1, p[1]]);
    let mut floor = ColliderSet::new();
    floor.add(Shape::plane(), Pose::IDENTITY).unwrap();
    let d = library::DENIM.dynamics;
    let mut c = Cloth::new(&flat, d).unwrap();
    let slept = asleep_within(&mut c, &floor, (5.0 / d.dt) as usize);
    assert!(slept.is_some(), "awake after 5 s at {:.1e} m/s", c.pose_speed());
    let heights: Vec<f32> = (0..c.nodes()).map(|n| c.position(n)[1]).collect();
    let (lo, hi) = heights.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &y| (lo.min(y), hi.max(y)));
    assert!(lo > 0.0 && hi < 2.0 * d.thickness as f32, "on the floor: heights {lo}..{hi} m");
}

/// Irregular, curved capes with nothing pinned, dropped 5 cm onto a floor:
/// they fall, crumple and sleep within 20 s: DENIM each of seeds 0–3,
/// SILK, COTTON and HAIR at least five of seeds 0–5, LEATHER at least
/// four. The self rows, split between their slots, close a gap once, so a
/// layer of a fold resting on a layer on the floor comes to rest
/// (`MEASUREMENTS.md`, "Crumpled capes"). Not yet: a crumpled
/// cape can stay awake, a fold still creeping (LEATHER) or SILK's cape 4
/// still bobbing (`MEASUREMENTS.md`, "A tablecloth that trembles").
#[test]
fn crumpled_capes_fall_asleep_on_the_floor() {
    let cases = [
        (library::SILK, 0..6, 5),
        (library::COTTON, 0..6, 5),
        (library::HAIR, 0..6, 5),
        (library::DENIM, 0..4, 4),
        (library::LEATHER, 0..6, 4),
    ];
    for (p, seeds, least) in cases {
        let mut slept = 0;
        for seed in seeds {
            let o = e::garment(&p, GarmentCase::Dropped(seed), 20.0);
            slept += o.asleep_at.is_some() as usize;
            assert_eq!(o.resets, 0);
        }
        println!("{}: {slept} capes asleep within 20 s", p.name);
        assert!(slept >= least, "{}: {slept} capes slept, not {least}", p.name);
    }
}

/// A one-node cloth dropped 10 cm onto a floor at μ 0.5 and 1, or onto a 20°
/// slope it holds on at μ 1, sleeps within 2.5 s of being let go. Its reach
/// is a micron: before the sleep window was floored at the thickness, its
/// radius was 5e-10 m, and the node's 1e-9 m rounding tremble on the floor
/// kept it awake for good (`MEASUREMENTS.md`, "A tablecloth that
/// trembles").
#[test]
fn a_one_node_cloth_at_rest_on_the_ground_sleeps() {
    for (slope, friction) in [(0.0f64, 0.5), (0.0, 1.0), (20.0, 1.0)] {
        let q = Quat::from_axis_angle([0.0, 0.0, 1.0], -slope.to_radians());
        let plane = Pose::new([0.0; 3], q);
        let mut set = ColliderSet::new();
        set.add(Shape::plane(), plane).unwrap();
        let d = Dynamics { thickness: 0.008, friction, ..Dynamics::default() };
        let at = plane.transform_point([0.0, 0.108, 0.0]).map(|c| c as f32);
        let input = ClothInput { positions: vec![at], masses: vec![0.001], fixed: vec![false], ..Default::default() };
        let mut c = Cloth::new(&input, d).unwrap();
        let slept = asleep_within(&mut c, &set, 150);
        assert!(slept.is_some(), "{slope}° at μ {friction}: awake after 2.5 s");
    }
}
