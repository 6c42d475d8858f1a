//! Handedness: the library assumes none. A scene mirrored through the YZ
//! plane (x → −x; a rotation `(x, y, z, w)` → `(x, −y, −z, w)`, the same
//! rotation seen in the mirror) is stepped to the mirror of the original's
//! result. A left-handed engine (Unity) therefore passes its coordinates and
//! quaternions unchanged, as a right-handed one does; `cloth.h`'s "UNITS AND
//! CONVENTIONS" says so on the strength of this test.
//!
//! The scene is general content: an irregular cape (a triangle winding the
//! mirror reverses), a moving, turning and tilting anchor, and colliders of
//! every kind placed off the mirror plane and turned about oblique axes.

use cloth_solver::pose::{Pose, Quat};
use cloth_solver::scenes::IrregularCape;
use cloth_solver::{library, Cloth, ColliderSet, Shape};

fn mirror_point(p: [f64; 3]) -> [f64; 3] {
    [-p[0], p[1], p[2]]
}

fn mirror_quat(q: Quat) -> Quat {
    Quat::new(q.w, q.x, -q.y, -q.z)
}

fn mirror_pose(p: Pose) -> Pose {
    Pose::new(mirror_point(p.translation), mirror_quat(p.rotation))
}

fn unit(v: [f64; 3]) -> [f64; 3] {
    let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    [v[0] / n, v[1] / n, v[2] / n]
}

/// The anchor at step `k`: walking along x, swaying in z, turning about y
/// and tilting about an oblique axis.
fn anchor(k: usize) -> Pose {
    let t = k as f64 / 60.0;
    let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], 0.9 * (1.3 * t).sin());
    let tilt = Quat::from_axis_angle(unit([1.0, 0.0, 0.4]), 0.3 * (2.1 * t).sin());
    Pose::new([0.8 * t, 0.05 * (3.0 * t).sin(), 0.25 * (1.7 * t).sin()], turn.compose(tilt))
}

/// Colliders in the anchor's frame: a torso capsule off centre, a sphere
/// (a hand), a rounded box turned about an oblique axis, a tapered limb.
fn colliders() -> Vec<(Shape, Pose)> {
    let oblique = Quat::from_axis_angle(unit([0.3, 1.0, -0.5]), 0.7);
    vec![
        (Shape::capsule([0.03, -0.12, 0.12], [-0.02, -0.8, 0.1], 0.12).unwrap(), Pose::IDENTITY),
        (Shape::sphere(0.07).unwrap(), Pose::from_translation([0.22, -0.45, 0.16])),
        (Shape::cuboid([0.08, 0.05, 0.12], 0.01).unwrap(), Pose::new([-0.18, -0.6, 0.14], oblique)),
        (Shape::tapered_capsule([0.1, -0.8, 0.1], 0.06, [0.16, -1.2, 0.2], 0.04).unwrap(), Pose::IDENTITY),
    ]
}

/// Steps `preset` on the cape for `steps` steps, mirrored or not; the world
/// position and world pose of every node at the end.
fn run(preset: &library::Preset, mirrored: bool, steps: usize) -> (Vec<[f64; 3]>, Vec<Pose>) {
    let point = |p: [f64; 3]| if mirrored { mirror_point(p) } else { p };
    let pose = |p: Pose| if mirrored { mirror_pose(p) } else { p };
    let mut input = IrregularCape { density: 0.15, ..IrregularCape::from_seed(3) }.input();
    for p in &mut input.positions {
        let q = point([p[0] as f64, p[1] as f64, p[2] as f64]);
        *p = [q[0] as f32, q[1] as f32, q[2] as f32];
    }
    let mut set = ColliderSet::new();
    let local = colliders();
    let ids: Vec<_> = local
        .iter()
        .map(|(shape, at)| set.add(mirror_shape(shape, mirrored), pose(anchor(0).mul(at))).unwrap())
        .collect();
    let mut cloth = Cloth::new(&input, preset.dynamics).unwrap();
    cloth.place_anchor(pose(anchor(0))).unwrap();
    for k in 1..=steps {
        set.begin_frame();
        for (id, (_, at)) in ids.iter().zip(&local) {
            set.set_pose(*id, pose(anchor(k).mul(at))).unwrap();
        }
        cloth.set_anchor_pose(pose(anchor(k))).unwrap();
        cloth.step_with(&set);
    }
    let (mut world, mut local) = (vec![Pose::IDENTITY; cloth.nodes()], vec![Pose::IDENTITY; cloth.nodes()]);
    cloth.node_poses(&mut world, &mut local).unwrap();
    ((0..cloth.nodes()).map(|n| cloth.world_position(n)).collect(), world)
}

/// A shape's own parameters in the mirror (a capsule's ends; the others are
/// symmetric about their local YZ plane and move with their pose).
fn mirror_shape(shape: &Shape, mirrored: bool) -> Shape {
    if !mirrored {
        return *shape;
    }
    match *shape {
        Shape::Capsule { a, b, radius } => Shape::capsule(mirror_point(a), mirror_point(b), radius).unwrap(),
        Shape::TaperedCapsule { a, ra, b, rb } => {
            Shape::tapered_capsule(mirror_point(a), ra, mirror_point(b), rb).unwrap()
        }
        other => other,
    }
}

#[test]
fn a_mirrored_scene_steps_to_the_mirror_of_the_original() {
    // Presets with and without self-collision and the strain limit.
    for preset in [library::COTTON, library::DENIM, library::SILK] {
        let (a, a_poses) = run(&preset, false, 240);
        let (b, b_poses) = run(&preset, true, 240);
        let travel = a.iter().map(|p| p[0].abs()).fold(0.0, f64::max);
        assert!(travel > 1.0, "{}: the scene moved ({travel} m)", preset.name);
        for (n, (p, q)) in a.iter().zip(&b).enumerate() {
            assert_eq!(mirror_point(*p), *q, "{}: node {n}'s position is not the mirror", preset.name);
        }
        let mut worst_turn = 0.0f64;
        for (p, q) in a_poses.iter().zip(&b_poses) {
            let m = mirror_pose(*p);
            assert_eq!(m.translation, q.translation, "{}: a node pose's translation", preset.name);
            // q and −q are one rotation: compare with the sign that matches.
            let (r, s) = (m.rotation, q.rotation);
            let sign = if r.w * s.w + r.x * s.x + r.y * s.y + r.z * s.z < 0.0 { -1.0 } else { 1.0 };
            let d = [r.w - sign * s.w, r.x - sign * s.x, r.y - sign * s.y, r.z - sign * s.z];
            worst_turn = worst_turn.max(d.iter().fold(0.0, |a: f64, v| a.max(v.abs())));
        }
        eprintln!(
            "{}: travel {travel:.3} m, node rotations' components within {worst_turn:e} of the mirror",
            preset.name
        );
        assert_eq!(worst_turn, 0.0, "{}: a node rotation is not the mirror", preset.name);
    }
}
