//! What the engine draws (issue 19): normals, tangents and the strided write,
//! checked against surfaces whose normals are known, on irregular content.

use cloth_solver::library;
use cloth_solver::pose::{self, Pose, Quat, Vec3};
use cloth_solver::scenes::{ChainSpec, IrregularCape};
use cloth_solver::{Cloth, ClothInput, LayoutError, Source, Space, VertexLayout};

/// Every node's `[position, normal, tangent]` through the strided write.
fn frames(c: &mut Cloth, space: Space) -> Vec<[Vec3; 3]> {
    let n = c.nodes();
    let layout =
        VertexLayout { space, first: 0, count: n, stride: 36, position: Some(0), normal: Some(12), tangent: Some(24) };
    let mut bytes = vec![0u8; 36 * n];
    c.write_vertices(&layout, Source::Nodes, &mut bytes).expect("a valid layout");
    let f = |at: usize| f32::from_ne_bytes(bytes[at..at + 4].try_into().expect("four bytes")) as f64;
    (0..n).map(|i| [0, 1, 2].map(|k| [0, 1, 2].map(|d| f(36 * i + 12 * k + 4 * d)))).collect()
}

fn angle(a: Vec3, b: Vec3) -> f64 {
    (pose::dot(a, b) / (pose::norm(a) * pose::norm(b))).clamp(-1.0, 1.0).acos()
}

/// An irregular cape wrapped 1.3 rad around a cylinder (no flare) faces its
/// axis. A facet normal is off the radial by up to half the angle its
/// triangle spans around the axis, so each node's normal is held to 0.6 of
/// the largest angle its triangles span (a one-sided fan at the border
/// reaches ½), and the median node to 1°. The tangent is within 1.5° of +Y
/// (the axis least aligned with the normals). Both are unit and orthogonal
/// within f32 round-off.
#[test]
fn a_cape_on_a_cylinder_faces_its_axis() {
    for seed in [1, 4] {
        let cape = IrregularCape { flare: 0.0, ..IrregularCape::from_seed(seed) };
        assert!(cape.wrap > 0.0);
        let input = cape.input();
        let mut c = Cloth::new(&input, library::DENIM.dynamics).expect("the cape seeds");
        let around = |k: u32| {
            let p = input.positions[k as usize].map(f64::from);
            p[0].atan2(-p[2])
        };
        let mut span = vec![0.0f64; c.nodes()];
        for t in &input.triangles {
            let a = t.map(around);
            let s = a.iter().copied().fold(f64::MIN, f64::max) - a.iter().copied().fold(f64::MAX, f64::min);
            for &k in t {
                span[k as usize] = span[k as usize].max(s);
            }
        }
        let (mut errors, mut worst_t) = (Vec::new(), 0.0f64);
        for (node, [p, n, t]) in frames(&mut c, Space::Cloth).into_iter().enumerate() {
            let error = angle(n, [-p[0], 0.0, -p[2]]);
            assert!(
                error <= 0.6 * span[node],
                "seed {seed} node {node}: {:.2}° off the radial, span {:.2}°",
                error.to_degrees(),
                span[node].to_degrees()
            );
            errors.push(error);
            worst_t = worst_t.max(angle(t, [0.0, 1.0, 0.0]));
            assert!((pose::norm(n) - 1.0).abs() < 1e-6 && (pose::norm(t) - 1.0).abs() < 1e-6);
            assert!(pose::dot(n, t).abs() < 1e-6, "normal·tangent = {}", pose::dot(n, t));
        }
        errors.sort_by(f64::total_cmp);
        let median = errors[errors.len() / 2].to_degrees();
        assert!(median < 1.0, "seed {seed}: the median node is {median:.2}° off the radial");
        assert!(worst_t.to_degrees() < 1.5, "seed {seed}: a tangent {:.2}° off the axis", worst_t.to_degrees());
    }
}

/// A turned anchor turns positions, normals and tangents alike: world values
/// are the anchor's pose applied to the cloth-frame ones, and the world
/// positions are the bits `world_position` gives.
#[test]
fn world_values_are_the_anchors_pose_applied() {
    let mut c = Cloth::new(&IrregularCape::from_seed(2).input(), library::COTTON.dynamics).expect("seeds");
    let q = Quat::from_axis_angle(pose::normalized([1.0, 2.0, -0.5]).expect("unit"), 0.9);
    c.place_anchor(Pose::new([3.0, -1.0, 7.5], q)).expect("a valid pose");
    for _ in 0..30 {
        c.step();
    }
    let (local, world) = (frames(&mut c, Space::Cloth), frames(&mut c, Space::World));
    for (node, (l, w)) in local.iter().zip(&world).enumerate() {
        assert_eq!(w[0], c.world_position(node).map(|v| v as f32 as f64), "node {node}");
        for k in 1..3 {
            assert!(pose::norm(pose::sub(q.rotate(l[k]), w[k])) < 1e-6, "node {node} field {k}");
        }
    }
}

/// The write touches only its fields: a 40-byte stride with the position at
/// byte 4 and the normal at byte 21 (unaligned) leaves every other byte of
/// the buffer as it was, and writes what the packed layouts write.
#[test]
fn a_strided_write_leaves_the_other_bytes_alone() {
    let mut c = Cloth::new(&IrregularCape::from_seed(5).input(), library::SILK.dynamics).expect("seeds");
    for _ in 0..20 {
        c.step();
    }
    let (first, count, stride) = (7, 100, 40);
    let layout =
        VertexLayout { space: Space::World, first, count, stride, position: Some(4), normal: Some(21), tangent: None };
    let mut bytes = vec![0xABu8; stride * count + 9];
    c.write_vertices(&layout, Source::Nodes, &mut bytes).expect("valid");
    let all = frames(&mut c, Space::World);
    for (i, chunk) in bytes.chunks(stride).enumerate() {
        for (at, b) in chunk.iter().enumerate() {
            let inside = (4..16).contains(&at) || (21..33).contains(&at);
            if !inside || i >= count {
                assert_eq!(*b, 0xAB, "vertex {i} byte {at} was written");
            }
        }
        if i < count {
            let f = |at: usize| f32::from_ne_bytes(chunk[at..at + 4].try_into().expect("four")) as f64;
            assert_eq!([f(4), f(8), f(12)], all[first + i][0]);
            assert_eq!([f(21), f(25), f(29)], all[first + i][1]);
        }
    }
}

/// A bad layout is refused with its reason and writes nothing.
#[test]
fn a_bad_layout_is_refused_and_writes_nothing() {
    let mut c = Cloth::new(&IrregularCape::from_seed(0).input(), library::DENIM.dynamics).expect("seeds");
    let n = c.nodes();
    let good = VertexLayout::positions(Space::World, n);
    type Expected = fn(&LayoutError) -> bool;
    let cases: [(VertexLayout, usize, Expected); 6] = [
        (VertexLayout { position: None, ..good }, 12 * n, |e| *e == LayoutError::NoField),
        (VertexLayout { first: 1, ..good }, 12 * n, |e| matches!(e, LayoutError::NodeRange { .. })),
        (VertexLayout { normal: Some(12), ..good }, 24 * n, |e| matches!(e, LayoutError::FieldPastStride { .. })),
        (VertexLayout { stride: 24, normal: Some(11), ..good }, 24 * n, |e| matches!(e, LayoutError::Overlap { .. })),
        (good, 12 * n - 1, |e| matches!(e, LayoutError::BufferTooSmall { .. })),
        (VertexLayout { count: usize::MAX, first: 0, ..good }, 12 * n, |e| matches!(e, LayoutError::NodeRange { .. })),
    ];
    for (layout, bytes, expected) in cases {
        let mut buffer = vec![0x5Au8; bytes];
        let e = c.write_vertices(&layout, Source::Nodes, &mut buffer).expect_err("refused");
        assert!(expected(&e), "{layout:?}: {e}");
        assert!(buffer.iter().all(|&b| b == 0x5A), "{layout:?} wrote into the buffer");
    }
    // Nothing asked of no nodes is a valid, empty write.
    c.write_vertices(&VertexLayout { count: 0, ..good }, Source::Nodes, &mut []).expect("an empty write");
}

/// A rope swinging from a fixed end: each node's tangent points along its
/// link to the next node (exactly, the shortest arc carries the bind
/// direction onto it), the normal stays ⊥ the tangent, and consecutive
/// normals turn no more than their tangents do (no twist is invented).
#[test]
fn a_ropes_frames_follow_it_without_twist() {
    let input: ClothInput =
        ChainSpec { links: 24, link: 0.03, particle_mass: 0.01, direction: [1.0, 0.0, 0.0], lean: 0.0 }.input();
    let mut c = Cloth::new(&input, library::ROPE.dynamics).expect("seeds");
    let at_bind = frames(&mut c, Space::Cloth);
    for f in &at_bind {
        assert_eq!((f[1], f[2]), ([0.0, 0.0, 1.0], [1.0, 0.0, 0.0]));
    }
    for step in 0..90 {
        c.step();
        if step % 10 != 9 {
            continue;
        }
        let f = frames(&mut c, Space::Cloth);
        for k in 0..f.len() {
            let [p, n, t] = f[k];
            let along = if k + 1 < f.len() { pose::sub(f[k + 1][0], p) } else { pose::sub(p, f[k - 1][0]) };
            assert!(angle(t, along) < 1e-3, "step {step} node {k}: tangent {:.2e} rad off its link", angle(t, along));
            assert!(pose::dot(n, t).abs() < 1e-5);
            if k > 0 {
                let (turn_n, turn_t) = (angle(n, f[k - 1][1]), angle(t, f[k - 1][2]));
                assert!(
                    turn_n <= turn_t + 1e-4,
                    "step {step} node {k}: normal turns {turn_n:.3e}, tangent {turn_t:.3e}"
                );
            }
        }
    }
}
