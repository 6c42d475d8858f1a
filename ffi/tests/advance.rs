//! A variable-rate host through the C ABI (issue 18 item 4): a host that
//! advances by exactly one fixed step per frame reads, in the cloth's frame,
//! what a fixed-step host read a frame earlier (the shape is shown one step
//! behind, bit for bit), carried by the anchor pose set for now.

mod common;
use ::cloth::*;
use common::*;

fn positions(w: cloth_world, c: cloth_id, n: usize, space: u32) -> Vec<[u32; 3]> {
    let mut out = vec![cloth_vec3f::default(); n];
    // SAFETY: a buffer of n entries.
    ok(unsafe { cloth_read_positions(w, c, space, out.as_mut_ptr(), n) });
    out.iter().map(|p| [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()]).collect()
}

#[test]
fn advancing_one_step_per_frame_shows_the_fixed_steps_one_frame_late() {
    let sheet = Sheet::new(8);
    let n = sheet.positions.len();
    let (fixed, variable) = (world(), world());
    let (a, b) = (
        sheet.create(fixed, &cloth_default_desc()).expect("seeds"),
        sheet.create(variable, &cloth_default_desc()).expect("seeds"),
    );
    let mut previous = positions(fixed, a, n, CLOTH_SPACE_CLOTH);
    for k in 1..=90 {
        let anchor = pose([0.3 * (k as f64 * 0.05).sin(), 0.0, 0.02 * k as f64], [0.0, 0.0, 0.0, 1.0]);
        // SAFETY: valid poses.
        unsafe {
            ok(cloth_set_anchor_pose(fixed, a, &anchor));
            ok(cloth_set_anchor_pose(variable, b, &anchor));
        }
        ok(cloth_world_step(fixed));
        ok(cloth_world_advance(variable, 1.0 / 60.0));
        assert_eq!(positions(variable, b, n, CLOTH_SPACE_CLOTH), previous, "frame {k}");
        previous = positions(fixed, a, n, CLOTH_SPACE_CLOTH);
        // In world space the shape rides the anchor set for now: its pinned
        // top row is exactly where the fixed-step host's is.
        let (world_fixed, world_variable) =
            (positions(fixed, a, n, CLOTH_SPACE_WORLD), positions(variable, b, n, CLOTH_SPACE_WORLD));
        assert_eq!(world_variable[..8], world_fixed[..8], "frame {k}: the pinned row");
    }
    ok(cloth_world_destroy(fixed));
    ok(cloth_world_destroy(variable));
}
