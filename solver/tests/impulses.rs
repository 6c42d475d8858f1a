//! Impulses from the host (issue 18 item 3): a hit or an explosion adds
//! exactly the momentum it carries, moves no fixed node, wakes a sleeping
//! cloth, a bad impulse changes nothing, and a hit too hard for one node
//! changes its velocity by no more than the velocity clamp allows.

use cloth_solver::pose::{self, Pose, Quat};
use cloth_solver::scenes::IrregularCape;
use cloth_solver::{library, Cloth};

/// World momentum `Σ m v` of the free nodes, from the stored velocities in
/// the frame the last step ended in.
fn momentum(c: &Cloth, frame: Quat) -> [f64; 3] {
    (0..c.nodes()).fold([0.0; 3], |s, n| {
        let v = frame.rotate(c.velocity(n).map(f64::from));
        pose::add(s, pose::scale(v, c.node_mass(n)))
    })
}

/// On a cape under a turned anchor, impulses on 40 nodes (pinned neckline
/// nodes among them, each free node's change under its cap) change the
/// world momentum by the sum of the impulses on free nodes, to f32
/// rounding; the pinned nodes' velocities stay zero.
/// The same on the cape with nothing pinned.
#[test]
fn impulses_add_the_momentum_they_carry() {
    let mut free_cape = IrregularCape::from_seed(3).input();
    free_cape.fixed.iter_mut().for_each(|f| *f = false);
    for (what, input) in [("cape", IrregularCape::from_seed(3).input()), ("free cape", free_cape)] {
        let mut c = Cloth::new(&input, library::COTTON.dynamics).expect("seeds");
        let axis = pose::normalized([0.2, 1.0, -0.4]).expect("an axis");
        let turned = Pose::new([0.2, 1.4, -0.3], Quat::from_axis_angle(axis, 1.1));
        c.place_anchor(turned).expect("a pose");
        for _ in 0..30 {
            c.step();
        }
        // The host has already set the next frame's pose: the impulse is
        // still taken in the frame the velocities are in.
        c.set_anchor_pose(Pose::new([0.25, 1.4, -0.3], turned.rotation)).expect("a pose");
        let before = momentum(&c, turned.rotation);
        let hits: Vec<(u32, [f64; 3])> =
            (0..40).map(|k| (k * 16 % c.nodes() as u32, [1e-5 * k as f64, -2e-5, 5e-6 * (k % 7) as f64])).collect();
        c.apply_impulses(&hits).expect("valid impulses");
        let after = momentum(&c, turned.rotation);
        let free = |n: u32| !input.fixed[n as usize];
        let expected = hits.iter().filter(|h| free(h.0)).fold([0.0; 3], |s, h| pose::add(s, h.1));
        if what == "cape" {
            assert!(hits.iter().any(|h| !free(h.0)), "a pinned node is among those hit");
        }
        let added = pose::sub(after, before);
        let err = pose::norm(pose::sub(added, expected));
        assert!(err <= 1e-6 * pose::norm(expected), "{what}: added {added:?}, expected {expected:?}");
        for n in (0..c.nodes()).filter(|&n| input.fixed[n]) {
            assert_eq!(c.velocity(n), [0.0; 3], "pinned node {n}");
        }
    }
}

/// A sleeping cloth hit by an impulse wakes and moves at the next step.
#[test]
fn an_impulse_wakes_a_sleeping_cloth() {
    let input = IrregularCape::from_seed(0).input();
    let mut c = Cloth::new(&input, library::DENIM.dynamics).expect("seeds");
    let mut asleep = false;
    for _ in 0..1800 {
        asleep = c.step().asleep;
        if asleep {
            break;
        }
    }
    assert!(asleep, "the cape fell asleep");
    let node = (0..c.nodes()).rev().find(|&n| !input.fixed[n]).expect("a free node") as u32;
    let before = c.position(node as usize);
    c.apply_impulses(&[(node, [0.0, 0.0, 0.05])]).expect("a valid impulse");
    let report = c.step();
    assert!(!report.asleep, "still asleep after the hit");
    let moved = pose::norm(pose::sub(c.position(node as usize).map(f64::from), before.map(f64::from)));
    assert!(moved > 1e-4, "the hit node moved {moved} m");
}

/// A node past the cloth, a NaN or a component beyond 1e6 N·s refuses the
/// whole call: no node's velocity changes, even those listed before it.
#[test]
fn a_bad_impulse_changes_nothing() {
    let input = IrregularCape::from_seed(1).input();
    let mut c = Cloth::new(&input, library::COTTON.dynamics).expect("seeds");
    for _ in 0..10 {
        c.step();
    }
    let hash = c.state_hash();
    let n = c.nodes() as u32;
    for bad in [(n, [0.0, 1.0, 0.0]), (3, [f64::NAN, 0.0, 0.0]), (3, [0.0, 2e6, 0.0])] {
        assert!(c.apply_impulses(&[(200, [0.0, 1.0, 0.0]), bad]).is_err(), "{bad:?} accepted");
        assert_eq!(c.state_hash(), hash, "{bad:?} changed the cloth");
    }
}

/// A bullet's momentum on one node (0.001–10 N·s on a hem node of COTTON's
/// regular proxy sheet, 5.4e-5 kg, and of the irregular cape 1) is shared
/// as one velocity by the patch of nodes around it, grown until that is
/// within one trust region an iteration (`ℓ·substeps·iterations/dt`: 9.6 m/s
/// on the sheet's 2 cm links at 2 × 4; `crate::impulse`): the momentum is
/// the impulse's while the cloth has the mass to take it (the sheet's
/// mass × 9.6 m/s; the cape takes any hit up to 0.1 N·s whole), after one
/// step no link is more than 0.3 past its resting ratio (sheet 1.000, cape
/// 1.135: a sliver) and no node 0.2 m from where it was, after ten no link
/// is more than 0.15 past it, and no watchdog fires; listed three times, a
/// hit is the hit of their sum. Unbounded, 1 N·s put the sheet's node
/// 154 m out; bounded at the node alone, any hit past 0.01 N·s stretched a
/// link 8× (`MEASUREMENTS.md`, "An impulse on one node").
#[test]
fn a_hit_too_hard_for_one_node_is_bounded() {
    let p = library::COTTON;
    let cape = cloth_solver::experiments::GarmentCase::Cape(1).input(&p);
    for (what, input) in [("sheet", cloth_solver::scenes::library_proxy(&p)), ("cape", cape)] {
        hit_one_node(&p, what, &input);
    }
}

fn hit_one_node(p: &library::Preset, what: &str, input: &cloth_solver::ClothInput) {
    let hem =
        (0..input.positions.len()).min_by(|&a, &b| input.positions[a][1].total_cmp(&input.positions[b][1])).unwrap();
    let sheet: f64 = (0..input.positions.len()).filter(|&n| !input.fixed[n]).map(|n| input.masses[n] as f64).sum();
    for (j, times) in [(0.001, 1), (0.01, 1), (0.1, 1), (1.0, 1), (10.0, 1), (0.01, 3)] {
        let mut c = Cloth::new(input, p.dynamics).expect("seeds");
        for _ in 0..60 {
            c.step();
        }
        let start = c.positions();
        // Links are held against the cloth's resting worst: the sheet's is
        // 1.000, the cape's (a sliver) 1.135.
        let resting = c.worst_link_ratio();
        let before = momentum(&c, Quat::IDENTITY);
        c.apply_impulses(&vec![(hem as u32, [0.0, 0.0, j]); times]).expect("a finite impulse");
        let pushed = pose::sub(momentum(&c, Quat::IDENTITY), before)[2];
        let total = j * times as f64;
        // 9.6 m/s carries at most the sheet's mass × 9.6 m/s of momentum.
        // The sheet's bound is 9.6 m/s everywhere, so it takes at most its
        // mass × 9.6 m/s; the cape's mixed edges bound it lower, and a hit
        // of 0.1 N·s or less is still under its mass × bound.
        let expected = if what == "sheet" {
            total.min(sheet * 9.6)
        } else if total <= 0.1 {
            total
        } else {
            pushed
        };
        assert!(
            (pushed - expected).abs() <= 0.01 * expected,
            "{what} J {total}: the cloth took {pushed} N·s, expected {expected}"
        );
        assert!(
            pushed <= total * (1.0 + 1e-6) && pushed >= 0.1f64.min(total) * 0.99,
            "{what} J {total}: took {pushed} N·s"
        );
        for k in 1..=10 {
            let r = c.step();
            assert!(r.watchdog.is_none(), "J {total} step {k}: {r:?}");
            if k == 1 {
                let far = (0..c.nodes())
                    .map(|n| (0..3).map(|i| (c.position(n)[i] - start[n][i]).powi(2)).sum::<f32>().sqrt())
                    .fold(0.0f32, f32::max);
                assert!(far <= 0.2, "J {total}: a node {far:.3} m out after one step");
                let link = c.worst_link_ratio();
                assert!(
                    link <= resting + 0.3,
                    "{what} J {total}: worst link {link:.3} after one step, {resting:.3} at rest"
                );
            }
        }
        let after = c.worst_link_ratio();
        assert!(
            after <= resting + 0.15,
            "{what} J {total}: worst link {after:.3} after ten steps, {resting:.3} at rest"
        );
    }
}
