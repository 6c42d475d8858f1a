//! A variable-rate host through the C ABI (issue 18 item 4): a host that
//! advances by exactly one fixed step per frame reads, in the cloth's frame,
//! what a fixed-step host read a frame earlier (the shape is shown one step
//! behind, bit for bit), carried by the anchor pose set for now. Its step
//! report counts the fixed steps each frame ran.

mod common;
use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

#[test]
fn advancing_one_step_per_frame_shows_the_fixed_steps_one_frame_late() {
    let sheet = Sheet::new(8);
    let n = sheet.positions.len();
    let (fixed, variable) = (world(), world());
    let (a, b) = (
        sheet.create(fixed, &cloth_default_desc()).expect("seeds"),
        sheet.create(variable, &cloth_default_desc()).expect("seeds"),
    );
    let mut previous = position_bits(fixed, a, n, CLOTH_SPACE_CLOTH);
    for k in 1..=90 {
        let anchor = pose([0.3 * (k as f64 * 0.05).sin(), 0.0, 0.02 * k as f64], [0.0, 0.0, 0.0, 1.0]);
        // SAFETY: valid poses.
        unsafe {
            ok(cloth_set_anchor_pose(fixed, a, &anchor));
            ok(cloth_set_anchor_pose(variable, b, &anchor));
        }
        ok(cloth_world_step(fixed));
        ok(cloth_world_advance(variable, 1.0 / 60.0));
        assert_eq!(position_bits(variable, b, n, CLOTH_SPACE_CLOTH), previous, "frame {k}");
        previous = position_bits(fixed, a, n, CLOTH_SPACE_CLOTH);
        // In world space the shape rides the anchor set for now: its pinned
        // top row is exactly where the fixed-step host's is.
        let (world_fixed, world_variable) =
            (position_bits(fixed, a, n, CLOTH_SPACE_WORLD), position_bits(variable, b, n, CLOTH_SPACE_WORLD));
        assert_eq!(world_variable[..8], world_fixed[..8], "frame {k}: the pinned row");
    }
    ok(cloth_world_destroy(fixed));
    ok(cloth_world_destroy(variable));
}

/// The step report counts the fixed steps a frame ran: at 144 Hz none or
/// one a frame, 60 in a second, and a frame that ran none is idle; a 0.1 s
/// hitch the catch-up limit; a 30 Hz frame two; `cloth_world_step` one;
/// none before the first pass.
#[test]
fn the_step_report_counts_the_fixed_steps_a_frame_ran() {
    let w = world();
    let c = Sheet::new(8).create(w, &cloth_default_desc()).expect("seeds");
    let steps = || {
        let mut r = step_report(std::mem::size_of::<cloth_step_report>() as u32);
        // SAFETY: a writable report of its own size.
        ok(unsafe { cloth_last_step_report(w, c, &mut r) });
        r.steps
    };
    assert_eq!(steps(), 0, "before the first pass");
    let mut total = 0;
    for k in 0..144 {
        ok(cloth_world_advance(w, 1.0 / 144.0));
        let n = steps();
        assert!(n <= 1, "144 Hz frame {k} ran {n} steps");
        total += n;
        // A frame that ran no step is idle, repeating no older event.
        let mut r = step_report(std::mem::size_of::<cloth_step_report>() as u32);
        // SAFETY: as above.
        ok(unsafe { cloth_last_step_report(w, c, &mut r) });
        assert_eq!(r.idle, (n == 0) as u32, "frame {k}");
    }
    assert!((59..=60).contains(&total), "a second at 144 Hz ran {total} steps of 1/60 s");
    ok(cloth_world_advance(w, 0.1));
    assert_eq!(steps(), CLOTH_MAX_CATCH_UP_STEPS, "a 0.1 s hitch");
    ok(cloth_world_advance(w, 1.0 / 30.0));
    assert!((1..=2).contains(&steps()), "a 30 Hz frame ran {}", steps());
    ok(cloth_world_advance(w, 1.0 / 30.0));
    assert!((2..=3).contains(&steps()), "a second 30 Hz frame ran {}", steps());
    ok(cloth_world_step(w));
    assert_eq!(steps(), 1, "cloth_world_step");
    ok(cloth_world_destroy(w));
}

/// A frame's report covers all its fixed steps: a teleport in the first of
/// a 30 Hz frame's two steps is reported, though the second step had none.
#[test]
fn a_frames_report_keeps_an_event_of_any_of_its_steps() {
    let w = world();
    let c = Sheet::new(8).create(w, &cloth_default_desc()).expect("seeds");
    for _ in 0..10 {
        ok(cloth_world_advance(w, 1.0 / 60.0));
    }
    let far = pose([50.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]);
    // SAFETY: a valid pose.
    ok(unsafe { cloth_set_anchor_pose(w, c, &far) });
    ok(cloth_world_advance(w, 1.0 / 30.0));
    let mut r = step_report(std::mem::size_of::<cloth_step_report>() as u32);
    // SAFETY: a writable report of its own size.
    ok(unsafe { cloth_last_step_report(w, c, &mut r) });
    assert_eq!(r.steps, 2, "a 30 Hz frame");
    assert_eq!(r.teleported, 1, "the first step's teleport");
    ok(cloth_world_destroy(w));
}

/// A job-system host with a varying frame rate: cloth_world_begin_advance,
/// each cloth's cloth_world_step_cloth from two threads of its own, then
/// cloth_world_end_step reads what cloth_world_advance gives, bit for bit,
/// frame by frame, and reports the same fixed steps. A bad time is refused
/// (NON_FINITE, INVALID_ARGUMENT) before the pair opens; a second open is
/// WRONG_PHASE.
#[test]
fn a_job_system_host_advances_as_the_world_does() {
    let sheet = Sheet::new(8);
    let n = sheet.positions.len();
    let (pooled, jobs) = (world(), world());
    let ids = |w| -> Vec<cloth_id> { (0..3).map(|_| sheet.create(w, &cloth_default_desc()).expect("seeds")).collect() };
    let (a, b) = (ids(pooled), ids(jobs));
    let steps = |w, c| {
        let mut r = step_report(std::mem::size_of::<cloth_step_report>() as u32);
        // SAFETY: a sized report.
        ok(unsafe { cloth_last_step_report(w, c, &mut r) });
        r.steps
    };
    for k in 1..=120 {
        let frame = [1.0 / 144.0, 1.0 / 30.0, 1.0 / 60.0, 0.1][k % 4];
        for (i, (&ca, &cb)) in a.iter().zip(&b).enumerate() {
            let anchor = pose([0.3 * (k as f64 * 0.05 + i as f64).sin(), 0.0, 0.02 * k as f64], [0.0, 0.0, 0.0, 1.0]);
            // SAFETY: valid poses.
            unsafe {
                ok(cloth_set_anchor_pose(pooled, ca, &anchor));
                ok(cloth_set_anchor_pose(jobs, cb, &anchor));
            }
        }
        ok(cloth_world_advance(pooled, frame));
        ok(cloth_world_begin_advance(jobs, frame));
        assert_eq!(cloth_world_begin_advance(jobs, frame), CLOTH_STATUS_WRONG_PHASE);
        std::thread::scope(|s| {
            for half in [&b[..2], &b[2..]] {
                s.spawn(move || half.iter().rev().for_each(|&c| ok(cloth_world_step_cloth(jobs, c))));
            }
        });
        ok(cloth_world_end_step(jobs));
        for (&ca, &cb) in a.iter().zip(&b) {
            assert_eq!(
                position_bits(pooled, ca, n, CLOTH_SPACE_WORLD),
                position_bits(jobs, cb, n, CLOTH_SPACE_WORLD),
                "frame {k}"
            );
            assert_eq!(steps(pooled, ca), steps(jobs, cb), "frame {k}: the fixed steps run");
        }
    }
    assert_eq!(cloth_world_begin_advance(jobs, f64::NAN), CLOTH_STATUS_NON_FINITE);
    assert!(last_error().starts_with("cloth_world_begin_advance"), "{}", last_error());
    assert_eq!(cloth_world_begin_advance(jobs, -0.01), CLOTH_STATUS_INVALID_ARGUMENT);
    assert_eq!(cloth_world_step_cloth(jobs, b[0]), CLOTH_STATUS_WRONG_PHASE, "no pair was opened");
    ok(cloth_world_destroy(pooled));
    ok(cloth_world_destroy(jobs));
}
