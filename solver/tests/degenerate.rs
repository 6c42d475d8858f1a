//! Degenerate but legal cloths step as what they are (issue 17, F1): a
//! one-node sheet is a point that falls (or, fixed, hangs where it is put);
//! a tree whose nodes are all roots, and a rig whose owned joints all hang
//! from the anchor, are rigid with their anchor; a sheet of isolated nodes is
//! points that fall together. With self-collision on (COTTON, the default)
//! such a cloth simply has no pairs — it once had an infinite self radius,
//! and the patch sweep indexed past its patches.

use cloth_solver::front_door::{self, Parent, Skeleton, TreeInput};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, BindPoseCheck, Cloth, ClothInput, World, WorldOptions};

fn point(fixed: bool) -> ClothInput {
    ClothInput { positions: vec![[0.1, 0.2, 0.3]], masses: vec![0.05], fixed: vec![fixed], ..ClothInput::default() }
}

fn finite(c: &Cloth) -> bool {
    (0..c.nodes()).flat_map(|n| c.position(n).into_iter().chain(c.velocity(n))).all(f32::is_finite)
}

/// A free point under gravity: each substep `v ← v + g·h`, `x ← x + v·h` —
/// the step's own recurrence for a particle no row touches (the adaptive
/// start lands on the inertial target, which the solve then leaves alone;
/// damping acts on velocity relative to a free cloth's own mean, which for
/// one point is nothing).
#[test]
fn one_node_sheet_steps_as_a_point() {
    let d = library::COTTON.dynamics;
    assert!(d.self_collision, "the default preset collides with itself");
    let mut c = Cloth::new(&point(false), d).unwrap();
    let steps = 60;
    for _ in 0..steps {
        let r = c.step();
        assert!(r.watchdog.is_none(), "{r:?}");
    }
    assert!(finite(&c));
    assert_eq!(c.state().self_collision.stats.pairs, 0, "one node has no pair");
    let x = c.position(0);
    assert_eq!([x[0], x[2]], [0.1, 0.3], "falls straight down");
    let (h, g) = (d.dt / d.substeps as f64, d.gravity[1]);
    let (mut y, mut v) = (0.2f64, 0.0f64);
    for _ in 0..steps * d.substeps as usize {
        v += g * h;
        y += v * h;
    }
    let fell = x[1] as f64;
    assert!((fell - y).abs() < 1e-4 * y.abs(), "at {fell} m, the recurrence says {y} m");
}

#[test]
fn one_fixed_node_hangs_where_it_is_put() {
    let mut c = Cloth::new(&point(true), library::COTTON.dynamics).unwrap();
    for step in 0..30 {
        if step == 10 {
            c.set_animated_position(0, [1.0, 2.0, 3.0]).unwrap();
        }
        assert!(c.step().watchdog.is_none());
    }
    assert_eq!(c.position(0), [1.0, 2.0, 3.0]);
}

/// Isolated nodes (no triangles, no parents): no rows at all, each a point;
/// with self-collision on they may meet each other, never panic.
#[test]
fn a_sheet_without_rows_falls_as_points() {
    let n = 10;
    let input = ClothInput {
        positions: (0..n).map(|i| [0.003 * i as f32, 0.0, 0.001 * (i % 3) as f32]).collect(),
        masses: vec![0.01; n],
        fixed: vec![false; n],
        ..ClothInput::default()
    };
    for preset in library::ALL {
        let mut c = Cloth::new(&input, preset.dynamics).unwrap();
        for _ in 0..60 {
            assert!(c.step().watchdog.is_none(), "{}", preset.name);
        }
        assert!(finite(&c), "{}", preset.name);
        assert!(c.positions().iter().all(|p| p[1] < -1.0), "{}: every point fell", preset.name);
    }
}

fn roots(n: usize) -> TreeInput {
    TreeInput {
        parents: vec![Parent::Bone(7); n],
        positions: (0..n).map(|i| [0.05 * i as f32, -0.01 * i as f32, 0.0]).collect(),
        masses: vec![0.1; n],
    }
}

/// Every node a root: the cloth is rigid with its anchor (nothing is
/// free), stepped in a world with the default preset, moving anchor and all.
#[test]
fn a_tree_of_roots_moves_rigidly_with_its_anchor() {
    let (input, _) = front_door::tree(&roots(5)).unwrap();
    let mut w = World::new(WorldOptions::default()).unwrap();
    let d = library::COTTON.dynamics;
    let id = w.add_cloth(&input, d, Pose::IDENTITY, None, BindPoseCheck::Enforce).unwrap();
    let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], 0.3);
    for step in 0..40 {
        w.set_anchor_pose(id, Pose::new([0.01 * step as f64, 0.0, 0.0], turn)).unwrap();
        w.step().unwrap();
        assert!(w.last_report(id).unwrap().watchdog.is_none());
    }
    w.with_cloth(id, |c| {
        for n in 0..c.nodes() {
            assert_eq!(c.position(n), input.positions[n], "node {n} stays at its bind position in the frame");
        }
    })
    .unwrap();
}

/// A rig whose owned joints all hang from the anchor joint: the rig front
/// door gives the same cloth of roots, and it steps.
#[test]
fn a_rig_hanging_wholly_from_its_anchor_steps() {
    // Joint 0 the spine (anchor); joints 1..=3 its children, all owned.
    let skeleton = Skeleton {
        parents: vec![None, Some(0), Some(0), Some(0)],
        local_bind: (0..4).map(|j| Pose::from_translation([0.05 * j as f64, -0.1, 0.0])).collect(),
    };
    let (input, info) = front_door::rig(&skeleton, &[1, 2, 3], &[0.1; 3]).unwrap();
    assert_eq!(info.anchor_joint, 0);
    let mut w = World::new(WorldOptions { threads: 2 }).unwrap();
    let id = w.add_cloth(&input, library::COTTON.dynamics, Pose::IDENTITY, None, BindPoseCheck::Enforce).unwrap();
    for _ in 0..20 {
        w.step().unwrap();
    }
    let mut world = vec![Pose::IDENTITY; 3];
    let mut local = vec![Pose::IDENTITY; 3];
    w.with_cloth(id, |c| c.node_poses(&mut world, &mut local).unwrap()).unwrap();
    assert!(world.iter().chain(&local).all(|p| p.is_finite()));
}
