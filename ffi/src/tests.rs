//! The ABI's answers to issue 17 that need the library's insides: a panic
//! in a cloth (provoked through the solver's `Cloth::state_mut`, which the
//! C ABI cannot reach) is contained to that cloth, never printed, and the
//! damaged cloth is destroyed with CLOTH_STATUS_OK. The rest of issue 17's
//! regression tests drive the ABI as a host does (`tests/hardening.rs`).
//! Two of the header's shared refusal rules need the insides too: BUSY from
//! every per-cloth call while its cloth is held, INTERNAL from every call
//! naming a damaged cloth (the others: `tests/refusals.rs`).

use crate::boundary::cloth_status::*;
use crate::boundary::{cloth_last_error_message, guard, with_world};
use crate::*;
use std::ffi::CStr;

fn last_error() -> String {
    // SAFETY: a NUL-terminated string valid until this thread's next call.
    unsafe { CStr::from_ptr(cloth_last_error_message()) }.to_string_lossy().into_owned()
}

fn world(threads: u32) -> cloth_world {
    let desc = cloth_world_desc { threads, ..cloth_default_world_desc() };
    let mut w = cloth_world::default();
    // SAFETY: both pointers are valid for the call.
    assert_eq!(unsafe { cloth_world_create(&desc, &mut w) }, CLOTH_STATUS_OK);
    w
}

/// A four-node rope hanging from its first node.
fn rope(w: cloth_world) -> cloth_id {
    let positions: Vec<cloth_vec3f> =
        (0..4).map(|i| cloth_vec3f { x: 0.001 * i as f32, y: -0.1 * i as f32, z: 0.0 }).collect();
    let masses = [0.1f32; 4];
    let parents = [CLOTH_NO_PARENT, 0, 1, 2];
    let tree = cloth_tree_desc {
        node_count: 4,
        positions: positions.as_ptr(),
        masses: masses.as_ptr(),
        parents: parents.as_ptr(),
        ..cloth_default_tree_desc()
    };
    let desc = cloth_desc { preset: CLOTH_PRESET_ROPE, ..cloth_default_desc() };
    let mut id = cloth_id::default();
    // SAFETY: every pointer is valid for the call.
    assert_eq!(unsafe { cloth_create_tree(w, &tree, &desc, &mut id) }, CLOTH_STATUS_OK, "{}", last_error());
    id
}

/// Empties a cloth's position columns: its next step indexes past them.
fn break_cloth(w: cloth_world, id: cloth_id) {
    with_world(w, |w| {
        w.with_cloth(crate::world::cloth_of(id), |c| c.state_mut().x = cloth_solver::lanes::Points::default()).unwrap();
        Ok(())
    })
    .unwrap();
}

fn node_count(w: cloth_world, id: cloth_id) -> cloth_status {
    let mut n = 0;
    // SAFETY: a valid out-pointer.
    unsafe { cloth_node_count(w, id, &mut n) }
}

/// F6 and item 4: the step that meets the panic returns INTERNAL after
/// stepping every other cloth; the world keeps working; every call naming
/// the damaged cloth says INTERNAL until cloth_destroy, which returns OK
/// (and a second destroy STALE_ID).
#[test]
fn a_damaged_cloth_is_contained_and_destroyed_with_ok() {
    for threads in [0, 2] {
        let w = world(threads);
        let (good, bad) = (rope(w), rope(w));
        assert_eq!(cloth_world_step(w), CLOTH_STATUS_OK);
        break_cloth(w, bad);
        assert_eq!(cloth_world_step(w), CLOTH_STATUS_INTERNAL);
        let message = last_error();
        // The first slice access to the emptied column panics; which one is
        // the solver's business, so the message is read for the containment.
        assert!(
            message.starts_with("cloth_world_step: cloth") && message.contains("damaged by an internal error"),
            "{message}"
        );
        assert_eq!(cloth_world_step(w), CLOTH_STATUS_OK, "reported once; the world steps on");
        assert_eq!(node_count(w, good), CLOTH_STATUS_OK);
        assert_eq!(node_count(w, bad), CLOTH_STATUS_INTERNAL);
        assert_eq!(cloth_destroy(w, bad), CLOTH_STATUS_OK, "{}", last_error());
        assert_eq!(cloth_destroy(w, bad), CLOTH_STATUS_STALE_ID);
        let mut count = 0;
        // SAFETY: a valid out-pointer.
        assert_eq!(unsafe { cloth_world_cloth_count(w, &mut count) }, CLOTH_STATUS_OK);
        assert_eq!(count, 1);
        assert_eq!(cloth_world_destroy(w), CLOTH_STATUS_OK);
    }
}

/// A variable-rate advance contains a panic as a step does.
#[test]
fn a_panic_in_an_advance_damages_that_cloth_alone() {
    let w = world(0);
    let (good, bad) = (rope(w), rope(w));
    break_cloth(w, bad);
    assert_eq!(cloth_world_advance(w, 0.02), CLOTH_STATUS_INTERNAL);
    assert!(last_error().starts_with("cloth_world_advance: cloth"), "{}", last_error());
    assert_eq!(cloth_world_advance(w, 0.02), CLOTH_STATUS_OK, "reported once; the world advances on");
    assert_eq!(node_count(w, good), CLOTH_STATUS_OK);
    assert_eq!(cloth_destroy(w, bad), CLOTH_STATUS_OK);
    assert_eq!(cloth_world_destroy(w), CLOTH_STATUS_OK);
}

/// The host-driven split contains a panic the same way.
#[test]
fn a_panic_in_step_cloth_damages_that_cloth_alone() {
    let w = world(0);
    let (good, bad) = (rope(w), rope(w));
    break_cloth(w, bad);
    assert_eq!(cloth_world_begin_step(w), CLOTH_STATUS_OK);
    assert_eq!(cloth_world_step_cloth(w, bad), CLOTH_STATUS_INTERNAL);
    assert!(last_error().contains("(at solver/src/"), "the panic's place is named: {}", last_error());
    assert_eq!(cloth_world_step_cloth(w, good), CLOTH_STATUS_OK);
    assert_eq!(cloth_world_end_step(w), CLOTH_STATUS_OK);
    assert_eq!(cloth_destroy(w, bad), CLOTH_STATUS_OK);
    assert_eq!(cloth_world_destroy(w), CLOTH_STATUS_OK);
}

/// Run in a child process by `a_caught_panic_never_prints` (does nothing
/// otherwise): panics the library catches — in an exported call, in a
/// cloth's step on the calling thread and on a world's worker thread — and
/// one outside the library, which the host's hook must still see.
#[test]
fn panic_child() {
    if std::env::var_os("CLOTH_PANIC_CHILD").is_none() {
        return;
    }
    assert_eq!(guard("cloth_test", || panic!("deliberate inside panic")), CLOTH_STATUS_INTERNAL);
    for threads in [0, 2] {
        let w = world(threads);
        let bad = rope(w);
        break_cloth(w, bad);
        assert_eq!(cloth_world_step(w), CLOTH_STATUS_INTERNAL);
        assert_eq!(cloth_world_destroy(w), CLOTH_STATUS_OK);
    }
    let outside = std::thread::spawn(|| panic!("deliberate outside panic")).join();
    assert!(outside.is_err());
    eprintln!("child done");
}

/// Item 4: a caught panic never prints to the host's stderr (the message
/// goes to cloth_last_error_message), while a panic that is not the
/// library's still reaches the hook installed before ours.
#[test]
fn a_caught_panic_never_prints() {
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new(exe)
        .args(["--exact", "tests::panic_child", "--nocapture", "--test-threads=1"])
        .env("CLOTH_PANIC_CHILD", "1")
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("child done"), "{stderr}");
    assert!(stderr.contains("deliberate outside panic"), "the host's hook still sees its own panics: {stderr}");
    for silent in ["deliberate inside panic", "out of range", "slice length"] {
        assert!(!stderr.contains(silent), "printed {silent:?}: {stderr}");
    }
    assert_eq!(stderr.matches("panicked at").count(), 1, "only the outside panic is printed: {stderr}");
}

/// A call on one cloth, by its name.
type ClothCall = (&'static str, fn(cloth_world, cloth_id) -> cloth_status);

/// Every per-cloth call (the header's THREADS list), with arguments that
/// pass every check made before the cloth is looked up, on a four-node
/// cloth. cloth_world_step_cloth needs an open begin_step; cloth_set_detail,
/// refused there, is [`per_cloth_calls_outside_a_step`].
fn per_cloth_calls() -> [ClothCall; 15] {
    // SAFETY (every call): each pointer is valid for its count during the call.
    [
        ("cloth_set_anchor_pose", |w, c| unsafe { cloth_set_anchor_pose(w, c, &cloth_pose_identity()) }),
        ("cloth_place_anchor", |w, c| unsafe { cloth_place_anchor(w, c, &cloth_pose_identity()) }),
        ("cloth_set_animated_positions", |w, c| unsafe {
            cloth_set_animated_positions(w, c, 0, &cloth_vec3f::default(), 1)
        }),
        ("cloth_set_dynamics", |w, c| unsafe { cloth_set_dynamics(w, c, &cloth_default_dynamics()) }),
        ("cloth_get_dynamics", |w, c| unsafe { cloth_get_dynamics(w, c, &mut cloth_default_dynamics()) }),
        ("cloth_wake", |w, c| cloth_wake(w, c)),
        ("cloth_teleport", |w, c| cloth_teleport(w, c)),
        ("cloth_node_count", |w, c| unsafe { cloth_node_count(w, c, &mut 0) }),
        ("cloth_read_positions", |w, c| unsafe {
            cloth_read_positions(w, c, CLOTH_SPACE_WORLD, [cloth_vec3f::default(); 4].as_mut_ptr(), 4)
        }),
        ("cloth_read_node_poses", |w, c| unsafe {
            let (mut world, mut local) = ([cloth_pose::default(); 4], [cloth_pose::default(); 4]);
            cloth_read_node_poses(w, c, world.as_mut_ptr(), local.as_mut_ptr(), 4)
        }),
        ("cloth_last_step_report", |w, c| unsafe {
            let mut report = crate::types::step_report_out(&Default::default(), 0);
            cloth_last_step_report(w, c, &mut report)
        }),
        ("cloth_get_detail", |w, c| unsafe { cloth_get_detail(w, c, &mut 0) }),
        ("cloth_set_priority", |w, c| cloth_set_priority(w, c, 1.0)),
        ("cloth_get_priority", |w, c| unsafe { cloth_get_priority(w, c, &mut 0.0) }),
        ("cloth_world_step_cloth", |w, c| cloth_world_step_cloth(w, c)),
    ]
}

/// The per-cloth calls refused between begin_step and end_step (WRONG_PHASE
/// comes before the cloth is looked up), so held outside a step.
fn per_cloth_calls_outside_a_step() -> [ClothCall; 1] {
    [("cloth_set_detail", |w, c| cloth_set_detail(w, c, CLOTH_DETAIL_REDUCED))]
}

/// The statuses `calls` return on another thread while this one holds
/// `id` (as a call on it does), and cloth_world_cloth_count's.
fn while_held(w: cloth_world, id: cloth_id, calls: &[ClothCall]) -> (Vec<(&'static str, cloth_status)>, cloth_status) {
    with_world(w, |world| {
        let held = world.with_cloth(crate::world::cloth_of(id), |_| {
            std::thread::scope(|s| {
                s.spawn(|| {
                    let statuses = calls.iter().map(|(name, call)| (*name, call(w, id))).collect();
                    // SAFETY: a valid out-pointer.
                    (statuses, unsafe { cloth_world_cloth_count(w, &mut 0) })
                })
                .join()
                .unwrap()
            })
        });
        Ok(held.unwrap())
    })
    .unwrap()
}

/// The header's BUSY rule: while one thread is inside a call on a cloth
/// (held here through the world, as a call holds it), every per-cloth call
/// on that cloth from another thread returns BUSY — but
/// cloth_world_step_cloth, which waits for it (`world.rs`,
/// `a_step_waits_for_a_read_on_another_thread`), and
/// cloth_world_cloth_count, which names no cloth, succeeds.
#[test]
fn every_per_cloth_call_is_busy_while_another_thread_is_inside_its_cloth() {
    let w = world(0);
    let id = rope(w);
    let (statuses, count) = while_held(w, id, &per_cloth_calls_outside_a_step());
    assert_eq!(cloth_world_begin_step(w), CLOTH_STATUS_OK);
    let waits = |(name, _): &ClothCall| *name != "cloth_world_step_cloth";
    let calls: Vec<ClothCall> = per_cloth_calls().into_iter().filter(waits).collect();
    let (inside, inside_count) = while_held(w, id, &calls);
    for (name, status) in statuses.into_iter().chain(inside) {
        assert_eq!(status, CLOTH_STATUS_BUSY, "{name}");
    }
    assert_eq!((count, inside_count), (CLOTH_STATUS_OK, CLOTH_STATUS_OK));
    // Released, the same calls succeed: BUSY was the only thing wrong.
    for (name, call) in per_cloth_calls() {
        assert_eq!(call(w, id), CLOTH_STATUS_OK, "{name}: {}", last_error());
    }
    assert_eq!(cloth_world_end_step(w), CLOTH_STATUS_OK);
    for (name, call) in per_cloth_calls_outside_a_step() {
        assert_eq!(call(w, id), CLOTH_STATUS_OK, "{name}: {}", last_error());
    }
    assert_eq!(cloth_world_destroy(w), CLOTH_STATUS_OK);
}

/// The header's damage rule: every call naming a damaged cloth returns
/// INTERNAL — each per-cloth call and cloth_set_colliders — but
/// cloth_destroy, which succeeds (`a_damaged_cloth_is_contained_and_destroyed_with_ok`).
#[test]
fn every_call_naming_a_damaged_cloth_is_internal() {
    let w = world(0);
    let bad = rope(w);
    break_cloth(w, bad);
    assert_eq!(cloth_world_step(w), CLOTH_STATUS_INTERNAL);
    for (name, call) in per_cloth_calls().into_iter().chain(per_cloth_calls_outside_a_step()) {
        if name != "cloth_world_step_cloth" {
            assert_eq!(call(w, bad), CLOTH_STATUS_INTERNAL, "{name}: {}", last_error());
        }
    }
    assert_eq!(cloth_set_colliders(w, bad, cloth_collider_set_id::default()), CLOTH_STATUS_INTERNAL);
    assert_eq!(cloth_world_begin_step(w), CLOTH_STATUS_OK);
    assert_eq!(cloth_world_step_cloth(w, bad), CLOTH_STATUS_INTERNAL);
    assert_eq!(cloth_world_end_step(w), CLOTH_STATUS_OK);
    assert_eq!(cloth_world_destroy(w), CLOTH_STATUS_OK);
}
