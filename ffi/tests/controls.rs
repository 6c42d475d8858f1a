//! The host's switches and thresholds through the C ABI (issue 18 item 3):
//! they read back as set, and the teleport distance decides what a jump is.

mod common;
use ::cloth::*;
use common::*;

fn report(w: cloth_world, c: cloth_id) -> cloth_step_report {
    let mut r = step_report(std::mem::size_of::<cloth_step_report>() as u32);
    // SAFETY: a valid out-pointer with its struct_size set.
    ok(unsafe { cloth_last_step_report(w, c, &mut r) });
    r
}

#[test]
fn controls_read_back_and_decide_a_teleport() {
    let w = world();
    let (near, far) = (sheet(w), sheet(w));
    let mut read = cloth_default_controls();
    // SAFETY: valid pointers for the calls.
    unsafe {
        ok(cloth_get_controls(w, near, &mut read));
        assert_eq!(read, cloth_default_controls());
        let set = cloth_controls { teleport_distance: 0.5, sleep: 0, sleep_speed: 2e-3, ..cloth_default_controls() };
        ok(cloth_set_controls(w, near, &set));
        ok(cloth_get_controls(w, near, &mut read));
        assert_eq!(read, set);
    }
    ok(cloth_world_step(w));
    let moved = pose([1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]);
    // SAFETY: a valid pose.
    unsafe {
        ok(cloth_set_anchor_pose(w, near, &moved));
        ok(cloth_set_anchor_pose(w, far, &moved));
    }
    ok(cloth_world_step(w));
    assert_eq!(report(w, near).teleported, 1, "a 1 m jump past a 0.5 m teleport distance");
    assert_eq!(report(w, far).teleported, 0, "a 1 m jump under the automatic 2 m");
    ok(cloth_world_destroy(w));
}

/// A caller built against the first header has a shorter cloth_controls
/// (no max_anchor_acceleration): it reads back only its own bytes, and what
/// it sets leaves the limit at its default.
#[test]
fn an_older_cloth_controls_is_read_and_written_by_its_own_size() {
    let w = world();
    let c = sheet(w);
    let old = std::mem::offset_of!(cloth_controls, max_anchor_acceleration) as u32;
    // SAFETY: valid pointers; the struct is full size, so the library may
    // write `old` bytes of it.
    unsafe {
        let set = cloth_controls { max_anchor_acceleration: 50.0, ..cloth_default_controls() };
        ok(cloth_set_controls(w, c, &set));
        let mut read = cloth_controls { struct_size: old, max_anchor_acceleration: -7.0, ..cloth_default_controls() };
        ok(cloth_get_controls(w, c, &mut read));
        assert_eq!(read.struct_size, old, "the caller's size is kept");
        assert_eq!(read.max_anchor_acceleration, -7.0, "nothing written past the caller's struct");
        let short =
            cloth_controls { struct_size: old, sleep: 0, max_anchor_acceleration: 50.0, ..cloth_default_controls() };
        ok(cloth_set_controls(w, c, &short));
        let mut full = cloth_default_controls();
        ok(cloth_get_controls(w, c, &mut full));
        assert_eq!(full.sleep, 0);
        assert_eq!(full.max_anchor_acceleration, cloth_default_controls().max_anchor_acceleration, "the default");
    }
    ok(cloth_world_destroy(w));
}

/// A caller built against the header before max_turn_links reads back only
/// its own bytes, and what it sets leaves the turn limit at its default.
#[test]
fn a_cloth_controls_without_the_turn_limit_keeps_its_default() {
    let w = world();
    let c = sheet(w);
    let old = std::mem::offset_of!(cloth_controls, max_turn_links) as u32;
    let default = cloth_default_controls().max_turn_links;
    assert_eq!(default, 1.0);
    // SAFETY: valid pointers; the struct is full size, so the library may
    // write `old` bytes of it.
    unsafe {
        ok(cloth_set_controls(w, c, &cloth_controls { max_turn_links: 4.0, ..cloth_default_controls() }));
        let mut read = cloth_controls { struct_size: old, max_turn_links: -7.0, ..cloth_default_controls() };
        ok(cloth_get_controls(w, c, &mut read));
        assert_eq!(read.max_turn_links, -7.0, "nothing written past the caller's struct");
        let short = cloth_controls { struct_size: old, max_anchor_acceleration: 50.0, ..cloth_default_controls() };
        ok(cloth_set_controls(w, c, &short));
        let mut full = cloth_default_controls();
        ok(cloth_get_controls(w, c, &mut full));
        assert_eq!((full.max_anchor_acceleration, full.max_turn_links), (50.0, default));
    }
    ok(cloth_world_destroy(w));
}

/// Positions of a cloth in its own frame.
fn local_positions(w: cloth_world, c: cloth_id, n: usize) -> Vec<cloth_vec3f> {
    let mut out = vec![cloth_vec3f { x: 0.0, y: 0.0, z: 0.0 }; n];
    // SAFETY: room for `n` positions.
    ok(unsafe { cloth_read_positions(w, c, CLOTH_SPACE_CLOTH, out.as_mut_ptr(), n) });
    out
}

/// Through the C ABI: a cloth told it already moves with its anchor
/// (`cloth_set_anchor_velocity`) and carried at 20 m/s is, in its own frame,
/// its twin on a still anchor (within 1 mm after 1 s); one snapped 0.5 m in
/// a frame stretches no further than one snapped by what the limit lets it
/// feel, `a·dt²`.
#[test]
fn a_moving_start_and_a_snap_through_the_abi() {
    let w = world();
    let n = Sheet::new(4).positions.len();
    let (still, moving) = (sheet(w), sheet(w));
    let v = cloth_vec3 { x: 20.0, y: 0.0, z: 0.0 };
    // SAFETY: a valid vector.
    ok(unsafe { cloth_set_anchor_velocity(w, moving, &v) });
    for k in 1..=60 {
        let p = pose([20.0 * k as f64 / 60.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]);
        // SAFETY: a valid pose.
        ok(unsafe { cloth_set_anchor_pose(w, moving, &p) });
        ok(cloth_world_step(w));
    }
    let (a, b) = (local_positions(w, still, n), local_positions(w, moving, n));
    let worst = a.iter().zip(&b).map(|(p, q)| (p.x - q.x).hypot(p.y - q.y).hypot(p.z - q.z)).fold(0.0f32, f32::max);
    assert!(worst < 1e-3, "{worst} m from the still twin");
    ok(cloth_world_destroy(w));

    // The snap: the worst distance any node strays from its still twin.
    let stray = |jump: f64| {
        let w = world();
        let (still, snapped) = (sheet(w), sheet(w));
        for _ in 0..60 {
            ok(cloth_world_step(w));
        }
        let p = pose([jump, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]);
        // SAFETY: a valid pose.
        ok(unsafe { cloth_set_anchor_pose(w, snapped, &p) });
        let mut worst = 0.0f32;
        for k in 0..30 {
            ok(cloth_world_step(w));
            // The snap out is limited, and the stop after it: steps 0 and 1.
            let r = report(w, snapped);
            if jump > 0.2 {
                assert_eq!(r.anchor_limited, (k < 2) as u32, "{jump} m, step {k}");
            }
            assert_eq!(r.turn_limited, 0);
            let (a, b) = (local_positions(w, still, n), local_positions(w, snapped, n));
            worst = a.iter().zip(&b).map(|(p, q)| (p.x - q.x).hypot(p.y - q.y).hypot(p.z - q.z)).fold(worst, f32::max);
        }
        ok(cloth_world_destroy(w));
        worst
    };
    let felt = cloth_default_controls().max_anchor_acceleration / 3600.0;
    let (bound, snap) = (stray(felt), stray(0.5));
    assert!(snap <= bound * 1.001 + 1e-6, "a 0.5 m snap strays {snap} m, a {felt} m one {bound} m");
}
