//! A variable-rate host through the C ABI (issue 18 item 4): a host that
//! advances by exactly one fixed step per frame reads, in the cloth's frame,
//! what a fixed-step host read a frame earlier (the shape is shown one step
//! behind, bit for bit), carried by the anchor pose set for now.

mod common;
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
