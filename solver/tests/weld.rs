//! Meshes as artists export them (issue 19 item 5): a garment exported with
//! seams — positions duplicated where UV islands meet — welded at seed
//! behaves exactly as the welded garment; left unwelded it comes apart along
//! the seam.

use cloth_solver::library;
use cloth_solver::scenes::IrregularCape;
use cloth_solver::seed::weld;
use cloth_solver::{Cloth, ClothInput, SeedError};

/// `input` cut along the cape's centre line: the triangles right of it
/// (centroid x > 0) use a duplicate of every node they share with the left
/// ones, appended after the others; each seam node's mass is split half and
/// half with its duplicate, as an exporter lumping per UV island would.
fn with_a_seam(input: &ClothInput) -> (ClothInput, Vec<u32>) {
    let n = input.positions.len();
    let right = |t: &[u32; 3]| t.iter().map(|&c| input.positions[c as usize][0]).sum::<f32>() > 0.0;
    let (mut on_left, mut on_right) = (vec![false; n], vec![false; n]);
    for t in &input.triangles {
        for &c in t {
            if right(t) {
                on_right[c as usize] = true;
            } else {
                on_left[c as usize] = true;
            }
        }
    }
    let mut seamed = input.clone();
    let mut duplicate = vec![u32::MAX; n];
    let mut map: Vec<u32> = (0..n as u32).collect();
    for node in (0..n).filter(|&k| on_left[k] && on_right[k]) {
        duplicate[node] = seamed.positions.len() as u32;
        map.push(node as u32);
        seamed.positions.push(input.positions[node]);
        seamed.masses[node] = input.masses[node] / 2.0;
        seamed.masses.push(input.masses[node] / 2.0);
        seamed.fixed.push(input.fixed[node]);
    }
    for t in seamed.triangles.iter_mut() {
        if right(t) {
            *t = t.map(|c| if duplicate[c as usize] == u32::MAX { c } else { duplicate[c as usize] });
        }
    }
    (seamed, map)
}

/// Welding a seamed cape gives back the cape itself — the same nodes,
/// masses, pins and triangles — and the map from each exported vertex to
/// its node; 300 steps of the two are the same bits. Unwelded, the seamed
/// cape opens: after 2 s the seam's two sides are centimetres apart.
#[test]
fn a_cape_exported_with_a_seam_welds_into_the_cape() {
    for seed in [0, 1] {
        let cape = IrregularCape::from_seed(seed).input();
        let (seamed, expected_map) = with_a_seam(&cape);
        let seam = seamed.positions.len() - cape.positions.len();
        assert!(seam > 15, "seed {seed}: a seam of {seam} nodes");
        let (welded, map) = weld(&seamed, 1e-6).expect("the seamed cape welds");
        assert_eq!(welded, cape, "seed {seed}");
        assert_eq!(map, expected_map);

        let preset = library::COTTON;
        let mut a = Cloth::new(&cape, preset.dynamics).expect("seeds");
        let mut b = Cloth::new(&welded, preset.dynamics).expect("seeds");
        let mut torn = Cloth::new(&seamed, preset.dynamics).expect("an unwelded seam seeds: two open borders");
        for _ in 0..300 {
            a.step();
            b.step();
        }
        assert_eq!(a.state_hash(), b.state_hash(), "seed {seed}");
        for _ in 0..120 {
            torn.step();
        }
        let gap = (cape.positions.len()..seamed.positions.len())
            .map(|d| {
                let (p, q) = (torn.position(d), torn.position(map[d] as usize));
                ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
            })
            .fold(0.0f32, f32::max);
        assert!(gap > 0.01, "seed {seed}: the unwelded seam opened by only {gap} m");
    }
}

/// Nodes closer than the tolerance weld, farther ones do not; a welded node
/// is fixed if any of its nodes is, and its mass is theirs summed.
#[test]
fn welding_joins_within_the_tolerance_only() {
    let input = ClothInput {
        positions: vec![
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [1.0005, 0.0, 0.0],
            [0.0, 1.002, 0.0],
            [1.0, 1.0, 0.0],
        ],
        masses: vec![0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
        fixed: vec![false, false, false, true, false, false],
        triangles: vec![[0, 1, 2], [3, 5, 4]],
        ..ClothInput::default()
    };
    let (welded, map) = weld(&input, 1e-3).expect("welds");
    assert_eq!(map, vec![0, 1, 2, 1, 3, 4]);
    assert_eq!(welded.positions.len(), 5);
    assert_eq!(welded.masses[1], 0.2 + 0.4);
    assert!(welded.fixed[1] && !welded.fixed[3]);
    assert_eq!(welded.triangles, vec![[0, 1, 2], [1, 4, 3]]);
    // Exact duplicates only at 0.
    assert_eq!(weld(&input, 0.0).expect("welds").1, vec![0, 1, 2, 3, 4, 5]);
}

/// A bad tolerance, a tree, and a tolerance that collapses a triangle are
/// refused, naming what is wrong.
#[test]
fn welding_refuses_what_it_cannot_do() {
    let cape = IrregularCape::from_seed(3).input();
    for t in [-1e-3, f64::NAN, f64::INFINITY] {
        assert!(matches!(weld(&cape, t), Err(SeedError::BadOption { name: "weld tolerance", .. })), "{t}");
    }
    let tree = ClothInput { parents: vec![None; cape.positions.len()], ..cape.clone() };
    assert!(matches!(weld(&tree, 1e-6), Err(SeedError::BadOption { .. })));
    // 5 cm is longer than the neckline's rows: a triangle collapses.
    match weld(&cape, 0.05) {
        Err(e @ SeedError::WeldCollapses { a, b, .. }) => {
            let m = e.to_string();
            assert!(m.contains(&a.to_string()) && m.contains(&b.to_string()) && m.contains("weld"), "{m}");
        }
        other => panic!("expected WeldCollapses, got {other:?}"),
    }
    // The input is validated first: a bad mass is named by its input node.
    let mut bad = cape.clone();
    bad.masses[40] = f32::NAN;
    assert!(matches!(weld(&bad, 1e-6), Err(SeedError::BadMass { node: 40, .. })));
    // Masses each in range whose sum is not: named by the first input node
    // and the count merged, not by the welded node's number.
    let (mut seamed, map) = with_a_seam(&cape);
    let duplicate = map.len() - 1;
    let original = map[duplicate] as usize;
    assert!(!seamed.fixed[original], "the seam's last node is free");
    seamed.masses[original] = 6e8;
    seamed.masses[duplicate] = 6e8;
    match weld(&seamed, 1e-6) {
        Err(e @ SeedError::WeldedMass { node, nodes: 2, mass }) => {
            assert_eq!(node, original);
            assert!((mass - 1.2e9).abs() < 1e3, "{mass}");
            let m = e.to_string();
            assert!(m.contains(&format!("node {original}")) && m.contains("1e9 kg"), "{m}");
        }
        other => panic!("expected WeldedMass, got {other:?}"),
    }
}
