//! Issue 17's regression tests at the C ABI, driven as a host drives it:
//! each test is named for the fact it checks. (A panic's containment needs
//! the library's insides and lives in `ffi/src/tests.rs`; the seeded
//! torture run over the whole API is `ffi/examples/torture.c`, run by
//! `tests/hosts.rs`.)

mod common;

use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

/// F3: worlds A and B each with one cloth, one set and one collider (once
/// all 0:1 in both): every call of B given one of A's ids is STALE_ID and
/// changes nothing of B's.
#[test]
fn a_foreign_worlds_id_is_stale() {
    let (a, b) = (world(), world());
    let (ca, cb) = (sheet(a), sheet(b));
    let (sa, sb) = (set(a), set(b));
    let (xa, _xb) = (collider(a, sa), collider(b, sb));
    assert_eq!((ca.index, sa.index), (cb.index, sb.index), "the same slots in both worlds");
    let pose = cloth_pose_identity();
    // SAFETY: valid pointers throughout.
    unsafe {
        assert_eq!(cloth_set_anchor_pose(b, ca, &pose), CLOTH_STATUS_STALE_ID);
        assert_eq!(cloth_set_colliders(b, ca, sb), CLOTH_STATUS_STALE_ID);
        assert_eq!(cloth_set_colliders(b, cb, sa), CLOTH_STATUS_STALE_ID);
        assert_eq!(cloth_collider_set_pose(b, xa, &pose), CLOTH_STATUS_STALE_ID);
        assert_eq!(cloth_collider_destroy(b, xa), CLOTH_STATUS_STALE_ID);
        assert_eq!(cloth_collider_set_destroy(b, sa), CLOTH_STATUS_STALE_ID);
    }
    assert_eq!(cloth_destroy(b, ca), CLOTH_STATUS_STALE_ID);
    assert!(last_error().contains("does not exist in this world"), "{}", last_error());
    // B's own are untouched: its cloth and set are still live.
    ok(cloth_destroy(b, cb));
    ok(cloth_collider_set_destroy(b, sb));
    ok(cloth_destroy(a, ca));
    ok(cloth_world_destroy(a));
    ok(cloth_world_destroy(b));
}

fn positions(w: cloth_world, id: cloth_id, space: u32) -> Vec<cloth_vec3f> {
    let mut n = 0;
    // SAFETY: valid pointers; the buffer holds n entries.
    unsafe {
        ok(cloth_node_count(w, id, &mut n));
        let mut out = vec![cloth_vec3f::default(); n as usize];
        ok(cloth_read_positions(w, id, space, out.as_mut_ptr(), out.len()));
        out
    }
}

fn node_poses(w: cloth_world, id: cloth_id) -> (Vec<cloth_pose>, Vec<cloth_pose>) {
    let mut n = 0;
    // SAFETY: valid pointers; both buffers hold n entries.
    unsafe {
        ok(cloth_node_count(w, id, &mut n));
        let (mut world, mut local) = (vec![cloth_pose::default(); n as usize], vec![cloth_pose::default(); n as usize]);
        ok(cloth_read_node_poses(w, id, world.as_mut_ptr(), local.as_mut_ptr(), n as usize));
        (world, local)
    }
}

fn finite_positions(p: &[cloth_vec3f]) -> bool {
    p.iter().all(|v| v.x.is_finite() && v.y.is_finite() && v.z.is_finite())
}

#[test]
fn the_coordinate_limit_is_the_watchdogs_distance() {
    assert_eq!(CLOTH_MAX_COORDINATE, cloth_solver::constants::COORDINATE_LIMIT);
    assert_eq!(CLOTH_MAX_COORDINATE, cloth_solver::constants::WATCHDOG_DISTANCE);
}

/// F4: an anchor translation of 1e39 (finite as a double, infinite as a
/// float) was accepted and every world position came back `inf` with OK;
/// so did an animated position of (3e38, 3e38, 0) under a 45° anchor. Both
/// are beyond CLOTH_MAX_COORDINATE now, refused, and change nothing; at the
/// limit itself every position read back is finite.
#[test]
fn a_translation_beyond_the_limit_is_refused_and_positions_stay_finite() {
    let w = world();
    let id = sheet(w);
    let before = positions(w, id, CLOTH_SPACE_WORLD);
    let turn = [0.0, (std::f64::consts::PI / 8.0).sin(), 0.0, (std::f64::consts::PI / 8.0).cos()];
    // SAFETY: valid pointers throughout.
    unsafe {
        for far in [1e39, -1e39, 1e6 * (1.0 + 1e-12), 1e300] {
            assert_eq!(cloth_set_anchor_pose(w, id, &pose([far, 0.0, 0.0], turn)), CLOTH_STATUS_INVALID_ARGUMENT);
            assert!(last_error().contains("at most ±1000000 m"), "{}", last_error());
            assert_eq!(cloth_place_anchor(w, id, &pose([0.0, 0.0, far], turn)), CLOTH_STATUS_INVALID_ARGUMENT);
        }
        let far = [cloth_vec3f { x: 3e38, y: 3e38, z: 0.0 }];
        assert_eq!(cloth_set_animated_positions(w, id, 0, far.as_ptr(), 1), CLOTH_STATUS_INVALID_ARGUMENT);
        let inf = [cloth_vec3f { x: f32::INFINITY, y: 0.0, z: 0.0 }];
        assert_eq!(cloth_set_animated_positions(w, id, 0, inf.as_ptr(), 1), CLOTH_STATUS_NON_FINITE);
        ok(cloth_world_step(w));
        assert_eq!(positions(w, id, CLOTH_SPACE_WORLD)[0], before[0], "refused calls changed nothing");
        // At the limit: an anchor 1e6 m out, turned 45°, a fixed node 1e6 m
        // out in the cloth frame.
        ok(cloth_set_anchor_pose(w, id, &pose([1e6, -1e6, 1e6], turn)));
        let edge = [cloth_vec3f { x: 1e6, y: -1e6, z: 1e6 }];
        ok(cloth_set_animated_positions(w, id, 0, edge.as_ptr(), 1));
        for _ in 0..3 {
            ok(cloth_world_step(w));
        }
    }
    assert!(finite_positions(&positions(w, id, CLOTH_SPACE_WORLD)));
    assert!(finite_positions(&positions(w, id, CLOTH_SPACE_CLOTH)));
    let (world_poses, local) = node_poses(w, id);
    let finite = |p: &cloth_pose| {
        let (t, q) = (p.translation, p.rotation);
        [t.x, t.y, t.z, q.x, q.y, q.z, q.w].iter().all(|c| c.is_finite())
    };
    assert!(world_poses.iter().chain(&local).all(finite));
    ok(cloth_world_destroy(w));
}

/// F5: w = 1e200 overflowed the norm to infinity, passed the check, and was
/// normalised to (0, 0, 0, 0). A norm outside [1e-6, 1e6] is refused — the
/// same status from a cloth's description as from cloth_set_anchor_pose
/// (a zero quaternion once gave SEED_FAILED in the one, INVALID_ARGUMENT in
/// the other); a scaled quaternion inside the range is normalised.
#[test]
fn an_anchor_rotation_outside_its_norm_range_is_refused_not_zeroed() {
    let w = world();
    let id = sheet(w);
    for q in [[0.0, 0.0, 0.0, 1e200], [0.0; 4], [1e-7, 0.0, 0.0, 0.0], [0.0, 0.0, 2e6, 0.0]] {
        // SAFETY: valid pointers.
        unsafe {
            assert_eq!(cloth_set_anchor_pose(w, id, &pose([0.0; 3], q)), CLOTH_STATUS_INVALID_ARGUMENT, "{q:?}");
            assert_eq!(cloth_place_anchor(w, id, &pose([0.0; 3], q)), CLOTH_STATUS_INVALID_ARGUMENT, "{q:?}");
        }
        let desc = cloth_desc { anchor: pose([0.0; 3], q), ..cloth_default_desc() };
        assert_eq!(Sheet::new(3).create(w, &desc), Err(CLOTH_STATUS_INVALID_ARGUMENT), "{q:?}");
        assert!(last_error().contains("desc.anchor.rotation has norm"), "{}", last_error());
    }
    // SAFETY: a valid pointer.
    ok(unsafe { cloth_set_anchor_pose(w, id, &pose([0.0; 3], [0.0, 0.0, 0.0, 1e5])) });
    ok(cloth_world_step(w));
    let (world_poses, _) = node_poses(w, id);
    for p in world_poses {
        let q = p.rotation;
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).sqrt();
        assert!((n - 1.0).abs() < 1e-9, "|q| = {n}");
    }
    ok(cloth_world_destroy(w));
}

/// The limit holds at every door: bind positions, collider poses, rig
/// bind transforms (whose rotations must also be unit: composed down a
/// chain, a scaled one scales what hangs below it).
#[test]
fn every_coordinate_the_api_takes_is_limited() {
    let w = world();
    let mut far = Sheet::new(3);
    far.positions[4].y = -2e6;
    assert_eq!(far.create(w, &cloth_default_desc()), Err(CLOTH_STATUS_INVALID_ARGUMENT));
    assert!(last_error().contains("node 4"), "{}", last_error());
    let s = set(w);
    let c = collider(w, s);
    let mut desc = cloth_default_collider_desc();
    desc.pose.translation.x = 5e6;
    let mut out = cloth_collider_id::default();
    // SAFETY: valid pointers.
    unsafe {
        assert_eq!(cloth_collider_create(w, s, &desc, &mut out), CLOTH_STATUS_INVALID_ARGUMENT);
        assert_eq!(cloth_collider_set_pose(w, c, &desc.pose), CLOTH_STATUS_INVALID_ARGUMENT);
        assert_eq!(cloth_collider_place(w, c, &desc.pose), CLOTH_STATUS_INVALID_ARGUMENT);
        desc = cloth_default_collider_desc();
        desc.radius = 2e6;
        assert_eq!(cloth_collider_create(w, s, &desc, &mut out), CLOTH_STATUS_INVALID_ARGUMENT);
    }
    // A rig: joint 0 the anchor, 1 and 2 owned.
    let parents = [CLOTH_NO_PARENT, 0, 1];
    let joints = [1u32, 2];
    let masses = [0.1f32; 2];
    let good = pose([0.0, -0.1, 0.0], [0.0, 0.0, 0.0, 1.0]);
    // Each refusal names the one cause it found.
    for (bad, status, says) in [
        (
            pose([0.0, -2e6, 0.0], [0.0, 0.0, 0.0, 1.0]),
            CLOTH_STATUS_INVALID_ARGUMENT,
            "translation has a component -2000000 m",
        ),
        (pose([0.0, -0.1, 0.0], [0.0, 0.0, 0.0, 2.0]), CLOTH_STATUS_INVALID_ARGUMENT, "rotation has norm 2;"),
        (pose([0.0, -0.1, 0.0], [0.0, 0.0, 0.0, 1e200]), CLOTH_STATUS_INVALID_ARGUMENT, "rotation has norm 1e200"),
        (pose([0.0, f64::NAN, 0.0], [0.0, 0.0, 0.0, 1.0]), CLOTH_STATUS_NON_FINITE, "is not finite"),
    ] {
        let got = rig(w, &parents, &[good, good, bad], &joints, &masses);
        assert_eq!(got, status, "{bad:?}: {}", last_error());
        assert!(last_error().contains(says), "{bad:?}: {}", last_error());
    }
    ok(cloth_world_destroy(w));
}

/// F7: offsets 20–23 of cloth_step_report are padding, and were copied out
/// uninitialised; the report is built in zeroed memory now, so they arrive
/// as 0 (memcheck checks the same bytes in `misuse.c`). Offsets 44–47,
/// the padding that rounded the struct to 8 bytes after `idle`, now hold
/// `steps`: 1 after a step.
#[test]
fn a_step_report_writes_no_uninitialised_byte() {
    let w = world();
    let id = sheet(w);
    ok(cloth_world_step(w));
    let size = std::mem::size_of::<cloth_step_report>();
    assert_eq!(size, 48);
    assert_eq!(std::mem::offset_of!(cloth_step_report, watchdog) + 4, 20, "four bytes of padding follow");
    assert_eq!(std::mem::offset_of!(cloth_step_report, steps), 44, "steps ends the struct, no padding after it");
    let mut bytes = [0xABu8; 48];
    bytes[..4].copy_from_slice(&(size as u32).to_ne_bytes());
    // SAFETY: a 48-byte buffer aligned for the struct (u64 alignment).
    let report = unsafe {
        let mut r: cloth_step_report = std::mem::transmute(bytes);
        ok(cloth_last_step_report(w, id, &mut r));
        std::mem::transmute::<cloth_step_report, [u8; 48]>(r)
    };
    assert_eq!(&report[20..24], &[0; 4]);
    assert_eq!(&report[32..44], &[0; 12], "no bound acted on a still anchor, and a step ran");
    assert_eq!(&report[44..48], &1u32.to_ne_bytes(), "one fixed step ran");
    ok(cloth_world_destroy(w));
}

/// The header allows a NULL pointer with a count of 0; reading into one is
/// then BUFFER_TOO_SMALL (every cloth has a node), not NULL_POINTER.
#[test]
fn a_null_buffer_with_a_count_of_zero_is_too_small_not_null() {
    let w = world();
    let id = sheet(w);
    // SAFETY: NULL with a count of 0, as the header allows.
    unsafe {
        let none = std::ptr::null_mut();
        assert_eq!(cloth_read_positions(w, id, CLOTH_SPACE_WORLD, none, 0), CLOTH_STATUS_BUFFER_TOO_SMALL);
        assert_eq!(cloth_read_node_poses(w, id, std::ptr::null_mut(), none.cast(), 0), CLOTH_STATUS_BUFFER_TOO_SMALL);
        assert_eq!(cloth_read_positions(w, id, CLOTH_SPACE_WORLD, none, 3), CLOTH_STATUS_NULL_POINTER);
        ok(cloth_set_animated_positions(w, id, 0, std::ptr::null(), 0));
    }
    ok(cloth_world_destroy(w));
}

/// A NaN or infinite mass is a non-finite float like any other
/// (NON_FINITE, was SEED_FAILED); zero, negative or above 1e9 kg
/// (`MAX_MASS`: `MEASUREMENTS.md`, "An adversarial host") stays
/// SEED_FAILED.
#[test]
fn a_non_finite_mass_is_non_finite() {
    let w = world();
    for (mass, status) in [
        (f32::NAN, CLOTH_STATUS_NON_FINITE),
        (f32::INFINITY, CLOTH_STATUS_NON_FINITE),
        (0.0, CLOTH_STATUS_SEED_FAILED),
        (-1.0, CLOTH_STATUS_SEED_FAILED),
        (1e34, CLOTH_STATUS_SEED_FAILED),
    ] {
        let mut s = Sheet::new(3);
        s.masses[4] = mass;
        assert_eq!(s.create(w, &cloth_default_desc()), Err(status), "{mass}");
        assert!(last_error().contains("node 4"), "{}", last_error());
        // A fixed node's mass is never read.
        s.fixed[4] = 1;
        assert!(s.create(w, &cloth_default_desc()).is_ok(), "{mass}: {}", last_error());
    }
    ok(cloth_world_destroy(w));
}

/// A rig whose anchor joint hangs from a joint the cloth owns (a skeleton
/// with a cycle through the anchor) was accepted; it is refused.
#[test]
fn a_rig_whose_anchor_hangs_from_an_owned_joint_is_refused() {
    let w = world();
    // Joint 0's parent is joint 1 and joint 1's is joint 0; the cloth owns
    // joint 0, so its anchor is joint 1 — which hangs from joint 0.
    let binds = [pose([0.0, -0.1, 0.0], [0.0, 0.0, 0.0, 1.0]); 2];
    assert_eq!(rig(w, &[1, 0], &binds, &[0], &[0.1]), CLOTH_STATUS_SEED_FAILED);
    assert!(last_error().contains("anchor joint 1 hangs from joint 0"), "{}", last_error());
    ok(cloth_world_destroy(w));
}

/// A cloth's last step report, all of it.
fn last_report(w: cloth_world, c: cloth_id) -> cloth_step_report {
    let mut r = step_report(std::mem::size_of::<cloth_step_report>() as u32);
    // SAFETY: a valid out-pointer of the full size.
    ok(unsafe { cloth_last_step_report(w, c, &mut r) });
    r
}

/// An 8 × 8 hanging sheet colliding with a collider set of one collider
/// (the default sphere, 3 m below), stepped until it sleeps (within 600
/// steps).
fn asleep_by_a_collider(w: cloth_world) -> (cloth_id, cloth_collider_id) {
    let c = Sheet::new(8).create(w, &cloth_default_desc()).unwrap();
    let s = set(w);
    let col = collider(w, s);
    ok(cloth_set_colliders(w, c, s));
    let mut frames = 0;
    while last_report(w, c).asleep == 0 {
        ok(cloth_world_step(w));
        frames += 1;
        assert!(frames < 600, "the sheet never slept");
    }
    (c, col)
}

/// A collider given another shape through `cloth_collider_set_shape` keeps
/// its id, and a cloth asleep where the new shape reaches wakes and is
/// pushed out: a sheet asleep beside a far sphere, the collider made a bar
/// along the sheet overlapping it by 1 cm, and no node inside the bar 2 s
/// later. A bad shape is refused and changes nothing; a destroyed
/// collider's id is stale.
#[test]
fn a_collider_given_another_shape_wakes_the_cloth_it_reaches() {
    let w = world();
    let (c, bar) = asleep_by_a_collider(w);
    let asleep = |w| last_report(w, c).asleep == 1;
    // The collider stands at y = −3: a bar 5 cm in radius along x at
    // y = −0.2, z = 0.04 in the world, through the hanging sheet's plane.
    let mut desc = cloth_default_collider_desc();
    desc.shape = CLOTH_SHAPE_CAPSULE;
    desc.a = cloth_vec3 { x: -0.5, y: 2.8, z: 0.04 };
    desc.b = cloth_vec3 { x: 1.0, y: 2.8, z: 0.04 };
    desc.radius = 0.05;
    let mut bad = desc;
    bad.radius = -1.0;
    // SAFETY: valid pointers.
    unsafe {
        assert_eq!(cloth_collider_set_shape(w, bar, &bad), CLOTH_STATUS_INVALID_ARGUMENT);
        bad.radius = f64::NAN;
        assert_eq!(cloth_collider_set_shape(w, bar, &bad), CLOTH_STATUS_NON_FINITE);
        ok(cloth_collider_set_shape(w, bar, &desc));
    }
    ok(cloth_world_step(w));
    assert!(!asleep(w), "the sheet slept on through the bar");
    for _ in 0..120 {
        ok(cloth_world_step(w));
    }
    let inside = positions(w, c, CLOTH_SPACE_WORLD)
        .iter()
        .map(|p| 0.05 - ((p.y as f64 + 0.2).powi(2) + (p.z as f64 - 0.04).powi(2)).sqrt())
        .fold(f64::NEG_INFINITY, f64::max);
    assert!(inside < 1e-3, "a node {:.1} mm inside the bar", 1e3 * inside);
    ok(cloth_collider_destroy(w, bar));
    // SAFETY: valid pointers.
    assert_eq!(unsafe { cloth_collider_set_shape(w, bar, &desc) }, CLOTH_STATUS_STALE_ID);
    ok(cloth_world_destroy(w));
}

/// `cloth_world_shift_origin`, as a host rebasing its level calls it: a
/// sheet asleep near a sphere, the origin shifted by (1000, 0, −2000) m and
/// the anchor and the collider set at their shifted poses. The sheet stays
/// asleep (nothing moved in its frame), its world positions read back
/// shifted within f32 rounding, its cloth-frame positions to the bit, and
/// no step reports a teleport. Without the shift the same poses are a
/// 2.2 km jump: a teleport.
#[test]
fn a_shifted_origin_leaves_a_sleeping_cloth_asleep() {
    let run = |tell: bool| {
        let w = world();
        let (c, ball) = asleep_by_a_collider(w);
        let report = |w| last_report(w, c);
        let (world_before, local_before) = (positions(w, c, CLOTH_SPACE_WORLD), positions(w, c, CLOTH_SPACE_CLOTH));
        let shift = cloth_vec3 { x: 1000.0, y: 0.0, z: -2000.0 };
        if tell {
            // SAFETY: a valid pointer.
            ok(unsafe { cloth_world_shift_origin(w, &shift) });
        }
        let anchor = pose([shift.x, shift.y, shift.z], [0.0, 0.0, 0.0, 1.0]);
        let at = pose([shift.x, shift.y - 3.0, shift.z], [0.0, 0.0, 0.0, 1.0]);
        let mut teleports = 0;
        for _ in 0..60 {
            ok(cloth_world_begin_frame(w));
            // SAFETY: valid pointers.
            unsafe {
                ok(cloth_set_anchor_pose(w, c, &anchor));
                ok(cloth_collider_set_pose(w, ball, &at));
            }
            ok(cloth_world_step(w));
            let r = report(w);
            teleports += r.teleported;
            if tell {
                assert_eq!(r.asleep, 1, "the shift woke the sheet");
            }
        }
        if tell {
            let moved = positions(w, c, CLOTH_SPACE_WORLD).iter().zip(&world_before).fold(0.0f64, |m, (a, b)| {
                let d = [a.x as f64 - b.x as f64 - shift.x, a.y as f64 - b.y as f64, a.z as f64 - b.z as f64 - shift.z];
                m.max(d.iter().map(|v| v * v).sum::<f64>().sqrt())
            });
            assert!(moved < 1e-3, "world positions {:.2} mm off the shifted ones", 1e3 * moved);
            let local = positions(w, c, CLOTH_SPACE_CLOTH);
            let same = local
                .iter()
                .zip(&local_before)
                .all(|(a, b)| [a.x, a.y, a.z].map(f32::to_bits) == [b.x, b.y, b.z].map(f32::to_bits));
            assert!(same, "the cloth's frame positions changed");
        }
        ok(cloth_world_destroy(w));
        teleports
    };
    assert_eq!(run(true), 0, "a shifted origin teleported the cloth");
    assert_eq!(run(false), 1, "shifted poses without the shift are a jump");
}
