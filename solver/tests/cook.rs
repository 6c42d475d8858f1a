//! Cooked assets (issue 19 item 4): a cloth loaded from the blob its seeded
//! twin cooked steps to the same bits, and a blob that is not one this
//! library wrote — another version, corrupt, truncated, forged — is refused
//! with a typed error, never a panic.

use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::scenes::{self, IrregularCape};
use cloth_solver::{front_door, library, Cloth, ClothInput, CookError, Dynamics, Source, Space, Tuning, VertexLayout};

/// The cloths a host cooks: an irregular cape with self-collision and a
/// finer render mesh, a wrapped one with a hole, a sheet, a rope, a fan cape
/// of strips, a rig, and the degenerate ones (one node, a free pair).
fn cases() -> Vec<(&'static str, ClothInput, Dynamics)> {
    let (cape, _) = front_door::tree(&scenes::fan_cape(5, 7, 0.085, 0.11)).expect("a fan cape");
    let (skeleton, joints) = scenes::fan_cape_rig(&scenes::fan_cape(5, 7, 0.085, 0.11), [0.0, 1.4, 0.0]);
    let (rig, _) = front_door::rig(&skeleton, &joints, &vec![0.01; joints.len()]).expect("a rig");
    let one = ClothInput {
        positions: vec![[0.0, 0.0, 0.0]],
        masses: vec![0.1],
        fixed: vec![false],
        triangles: Vec::new(),
        parents: Vec::new(),
        bind_rotations: Vec::new(),
    };
    let pair = ClothInput {
        positions: vec![[0.0; 3], [0.1, 0.0, 0.0]],
        masses: vec![0.1; 2],
        fixed: vec![false; 2],
        ..one.clone()
    };
    vec![
        ("cotton cape 0", IrregularCape::from_seed(0).input(), library::COTTON.dynamics),
        ("denim cape 1", IrregularCape::from_seed(1).input(), library::DENIM.dynamics),
        ("silk corners", GarmentCase::Corners.input(&library::SILK), library::SILK.dynamics),
        ("rope", scenes::library_proxy(&library::ROPE), library::ROPE.dynamics),
        ("fan cape", cape, library::HAIR.dynamics),
        ("rig", rig, library::COTTON.dynamics),
        ("one node", one, library::COTTON.dynamics),
        ("two free nodes", pair, library::SILK.dynamics),
    ]
}

/// Positions and normals of every node, world space, as bytes.
fn vertices(c: &mut Cloth, source: Source, count: usize) -> Vec<u8> {
    let layout = VertexLayout {
        space: Space::World,
        first: 0,
        count,
        stride: 24,
        position: Some(0),
        normal: Some(12),
        tangent: None,
    };
    let mut out = vec![0u8; 24 * count];
    c.write_vertices(&layout, source, &mut out).expect("a valid layout");
    out
}

/// The anchor's pose at step `k`: a walk that turns, so the frame's motion
/// reaches the cloth.
fn walk(k: usize) -> Pose {
    let t = k as f64 / 60.0;
    let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], 0.6 * (2.0 * t).sin());
    Pose::new([0.3 * (3.0 * t).sin(), 0.02 * (6.0 * t).sin(), 1.2 * t], turn)
}

/// Loaded from its own blob, every case steps 300 frames (a walk, a torso
/// under the capes) to the same bits as the cloth seeded from the mesh: the
/// same positions and velocities after every step, the same node poses and
/// vertices (and render-mesh vertices) at the end; cooking the loaded cloth
/// writes the same blob.
#[test]
fn a_loaded_cloth_steps_to_the_same_bits_as_the_seeded_one() {
    let torso = GarmentCase::CapeOnTorso(0).colliders();
    for (name, input, d) in cases() {
        let mut seeded = Cloth::new(&input, d).unwrap_or_else(|e| panic!("{name}: {e}"));
        // A render mesh: the sheet's own nodes, offset 1 cm along Z.
        let render: Vec<[f32; 3]> = input.positions.iter().map(|p| [p[0], p[1], p[2] + 0.01]).collect();
        let mesh = (!input.triangles.is_empty()).then(|| seeded.attach_render_mesh(&render).expect("binds"));
        let blob = seeded.cook();
        let mut loaded = Cloth::from_cooked(&blob, d, Tuning::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(loaded.cook(), blob, "{name}: the loaded cloth cooks to another blob");
        assert_eq!(loaded.nodes(), seeded.nodes(), "{name}");
        let colliders = if name.contains("cape") { torso.clone() } else { cloth_solver::ColliderSet::new() };
        for k in 1..=300 {
            for c in [&mut seeded, &mut loaded] {
                c.set_anchor_pose(walk(k)).expect("a finite pose");
                c.step_with(&colliders);
            }
            assert_eq!(loaded.state_hash(), seeded.state_hash(), "{name}: parted at step {k}");
        }
        let n = seeded.nodes();
        assert_eq!(vertices(&mut loaded, Source::Nodes, n), vertices(&mut seeded, Source::Nodes, n), "{name}");
        let (mut world, mut local) = (vec![Pose::IDENTITY; n], vec![Pose::IDENTITY; n]);
        let (mut world2, mut local2) = (world.clone(), local.clone());
        seeded.node_poses(&mut world, &mut local).expect("poses");
        loaded.node_poses(&mut world2, &mut local2).expect("poses");
        assert_eq!((world, local), (world2, local2), "{name}: node poses");
        if let Some(m) = mesh {
            let v = seeded.render_mesh_vertices(m).expect("a mesh");
            let (a, b) =
                (vertices(&mut seeded, Source::RenderMesh(m), v), vertices(&mut loaded, Source::RenderMesh(m), v));
            assert_eq!(a, b, "{name}: render mesh");
        }
    }
}

/// The blob carries the self-collision setup whatever the dynamics the
/// cloth was cooked with: a cloth seeded without self-collision cooks the
/// same bytes as one with it, and loaded with self-collision on either
/// steps as the seeded cloth does.
#[test]
fn the_self_collision_setup_is_cooked_whatever_the_dynamics() {
    let input = GarmentCase::Corners.input(&library::SILK);
    let d = library::SILK.dynamics;
    let with = Cloth::new(&input, d).expect("seeds").cook();
    let without = Cloth::new(&input, Dynamics { self_collision: false, ..d }).expect("seeds").cook();
    assert!(with == without, "{} bytes with self-collision, {} without", with.len(), without.len());
    let mut a = Cloth::new(&input, d).expect("seeds");
    let mut b = Cloth::from_cooked(&without, d, Tuning::default()).expect("loads");
    for k in 0..200 {
        a.step();
        b.step();
        assert_eq!(a.state_hash(), b.state_hash(), "parted at step {k}");
    }
}

/// The CRC-32 of `bytes`, bit by bit (an implementation independent of the
/// library's), to forge blobs whose checksum matches.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
        }
    }
    !c
}

fn reseal(blob: &mut [u8]) {
    let end = blob.len() - 4;
    let crc = crc32(&blob[..end]);
    blob[end..].copy_from_slice(&crc.to_le_bytes());
}

fn cape_blob() -> Vec<u8> {
    Cloth::new(&IrregularCape::from_seed(3).input(), library::COTTON.dynamics).expect("seeds").cook()
}

/// The library's checksum is the standard one, and a blob's is over every
/// byte before it.
#[test]
fn the_checksum_is_crc32_over_the_whole_blob() {
    let blob = cape_blob();
    let end = blob.len() - 4;
    assert_eq!(u32::from_le_bytes(blob[end..].try_into().expect("4")), crc32(&blob[..end]));
}

/// Another magic, another version, a truncated blob, trailing bytes, and
/// any single flipped bit are each refused with their own error.
#[test]
fn a_blob_that_is_not_this_librarys_is_refused() {
    let blob = cape_blob();
    let d = library::COTTON.dynamics;
    let load = |b: &[u8]| Cloth::from_cooked(b, d, Tuning::default()).map(|_| ());
    assert_eq!(load(&[]), Err(CookError::Truncated { bytes: 0, needed: 28 }));
    assert_eq!(load(b"this is not a cloth, but long enough"), Err(CookError::NotABlob));
    let mut other = blob.clone();
    other[8..12].copy_from_slice(&7u32.to_le_bytes());
    reseal(&mut other);
    assert_eq!(load(&other), Err(CookError::Version { found: 7, expected: cloth_solver::cook::COOK_FORMAT }));
    // A cut or an appended byte moves the checksum: corrupt or truncated,
    // with both sizes in the message.
    for cut in [1, 4, 100, blob.len() / 2, blob.len() - 28] {
        let short = &blob[..blob.len() - cut];
        let e = load(short).expect_err("a cut blob");
        assert!(matches!(e, CookError::Checksum { .. }), "cut {cut}: {e:?}");
        assert!(e.to_string().contains("its header says"), "cut {cut}: {e}");
    }
    assert!(matches!(load(&blob[..27]), Err(CookError::Truncated { bytes: 27, needed: 28 })));
    // Bytes after a whole blob (a buffer's capacity passed for its size, two
    // blobs back to back) say so, with both sizes.
    for extra in [1, 3, 4, 28, blob.len()] {
        let mut long = blob.clone();
        long.extend((0..extra).map(|k| (k * 7) as u8));
        assert_eq!(load(&long), Err(CookError::TooLong { bytes: blob.len() + extra, blob_bytes: blob.len() }));
    }
    let twice = [blob.clone(), blob.clone()].concat();
    let e = load(&twice).expect_err("two blobs");
    assert!(e.to_string().contains(&format!("{} bytes follow it", blob.len())), "{e}");
    // A flipped bit in the version or length field is corruption, not
    // another version or a cut.
    for at in [8, 16] {
        let mut bad = blob.clone();
        bad[at] ^= 1;
        assert!(matches!(load(&bad), Err(CookError::Checksum { .. })), "byte {at}: {:?}", load(&bad));
    }
    // Every bit of the header, then every 13th byte of the rest, flipped.
    let positions = (0..24).chain((24..blob.len()).step_by(13)).chain([blob.len() - 1]);
    let mut checked = 0;
    for at in positions {
        for bit in [0, 7] {
            let mut bad = blob.clone();
            bad[at] ^= 1 << bit;
            let r = std::panic::catch_unwind(|| load(&bad));
            let r = r.unwrap_or_else(|_| panic!("a flipped bit {bit} at byte {at} panicked"));
            assert!(r.is_err(), "a flipped bit {bit} at byte {at} loaded");
            checked += 1;
        }
    }
    assert!(checked > 100);
}

/// A blob whose checksum matches but whose payload was changed (a forged or
/// miswritten one) never panics the loader: any byte of the payload set to
/// any of a few values and resealed either loads or is refused, a loaded
/// one steps to finite node poses (a zeroed bind rotation once loaded and
/// read back NaN: a C# user's fuzzing), and an index set past what it
/// indexes is refused as malformed.
#[test]
fn a_forged_blob_never_panics_the_loader() {
    // Bind rotations a quarter turn about z, so the blob carries them.
    let mut input = IrregularCape::from_seed(3).input();
    let quarter = cloth_solver::pose::Quat::from_axis_angle([0.0, 0.0, 1.0], std::f64::consts::FRAC_PI_2);
    input.bind_rotations = vec![quarter; input.positions.len()];
    let blob = Cloth::new(&input, library::COTTON.dynamics).expect("seeds").cook();
    let d = library::COTTON.dynamics;
    let (mut refused, mut loaded) = (0, 0);
    let n = input.positions.len();
    let mut poses = (vec![cloth_solver::pose::Pose::IDENTITY; n], vec![cloth_solver::pose::Pose::IDENTITY; n]);
    for at in (24..blob.len() - 4).step_by(blob.len() / 1500) {
        for v in [0x00, 0xFF, 0x7F, 0x80] {
            let mut bad = blob.clone();
            if bad[at] == v {
                continue;
            }
            bad[at] = v;
            reseal(&mut bad);
            let stepped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                Cloth::from_cooked(&bad, d, Tuning::default()).map(|mut c| {
                    for _ in 0..3 {
                        c.step();
                    }
                    let all = c.node_poses(&mut poses.0, &mut poses.1).is_ok();
                    all && poses.0.iter().chain(&poses.1).all(|p| p.is_finite())
                })
            }));
            match stepped {
                Ok(Ok(finite)) => {
                    assert!(finite, "byte {at} set to {v:#x}: loaded, then a node pose is not finite");
                    loaded += 1
                }
                Ok(Err(_)) => refused += 1,
                Err(_) => panic!("byte {at} set to {v:#x}: the loader panicked"),
            }
        }
    }
    assert!(refused > 0 && loaded > 0, "refused {refused}, loaded {loaded}");
    // Every f64 1.0 in a blob with identity bind rotations (their w among
    // them) with its top byte zeroed: the rotation (0, 0, 0, 0) has no
    // direction, and a loaded one read back NaN node poses.
    let mut input = IrregularCape::from_seed(3).input();
    input.bind_rotations = vec![cloth_solver::pose::Quat::IDENTITY; n];
    let blob = Cloth::new(&input, d).expect("seeds").cook();
    let one = 1.0f64.to_le_bytes();
    let mut zeroed = 0;
    for at in (24..blob.len() - 4 - 8).filter(|&at| blob[at..at + 8] == one) {
        let mut bad = blob.clone();
        bad[at + 7] = 0;
        reseal(&mut bad);
        if let Ok(mut c) = Cloth::from_cooked(&bad, d, Tuning::default()) {
            c.step();
            c.node_poses(&mut poses.0, &mut poses.1).expect("room for every node");
            assert!(
                poses.0.iter().chain(&poses.1).all(|p| p.is_finite()),
                "the 1.0 at byte {at} zeroed: a pose is not finite"
            );
        }
        zeroed += 1;
    }
    assert!(zeroed >= n, "{zeroed} ones zeroed");
    // The model's node count (the payload's first field) one too large: the
    // slot-of-node table no longer has one entry per node.
    let mut bad = blob.clone();
    let nodes = u64::from_le_bytes(bad[24..32].try_into().expect("8"));
    bad[24..32].copy_from_slice(&(nodes + 1).to_le_bytes());
    reseal(&mut bad);
    assert!(matches!(Cloth::from_cooked(&bad, d, Tuning::default()), Err(CookError::Malformed { .. })));
}

/// Dynamics are given at load and checked as at seed.
#[test]
fn bad_dynamics_at_load_are_refused() {
    let blob = cape_blob();
    let d = Dynamics { dt: f64::NAN, ..library::COTTON.dynamics };
    assert!(matches!(Cloth::from_cooked(&blob, d, Tuning::default()), Err(CookError::BadParameter(_))));
}

/// A cloth loaded with other dynamics than it was cooked with steps as the
/// one seeded with those dynamics: the blob holds no dynamics.
#[test]
fn the_blob_holds_no_dynamics() {
    let input = IrregularCape::from_seed(2).input();
    let blob = Cloth::new(&input, library::COTTON.dynamics).expect("seeds").cook();
    for p in library::ALL {
        let mut a = Cloth::new(&input, p.dynamics).expect("seeds");
        let mut b = Cloth::from_cooked(&blob, p.dynamics, Tuning::default()).expect("loads");
        for _ in 0..60 {
            a.step();
            b.step();
        }
        assert_eq!(a.state_hash(), b.state_hash(), "{}", p.name);
    }
}
