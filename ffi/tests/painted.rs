//! Painted max distances and backstops through the C ABI (issue 18 item 2):
//! a zero max distance in a descriptor is a fixed flag, bit for bit; the
//! run-time setters bound every node through a sprint; bad paint is refused
//! with the entry named, and a refused descriptor creates no cloth.

mod common;
use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

fn world_count(w: cloth_world) -> u32 {
    let mut n = 0;
    // SAFETY: a valid out-pointer.
    ok(unsafe { cloth_world_cloth_count(w, &mut n) });
    n
}

fn sprint(w: cloth_world, cloths: &[cloth_id], steps: usize, axis: [f64; 3], mut each: impl FnMut(usize)) {
    for k in 1..=steps {
        let t = k as f64 / 60.0;
        let x = scenes_sprint(t);
        let p = pose([axis[0] * x, axis[1] * x, axis[2] * x], [0.0, 0.0, 0.0, 1.0]);
        for &c in cloths {
            // SAFETY: a valid pose.
            ok(unsafe { cloth_set_anchor_pose(w, c, &p) });
        }
        ok(cloth_world_step(w));
        each(k);
    }
}

/// 9 m/s for a second, stop, back, stop (the record's sprint).
fn scenes_sprint(t: f64) -> f64 {
    cloth_solver::scenes::Motion::SPRINT.x(t)
}

#[test]
fn a_zero_max_distance_in_the_descriptor_is_a_fixed_flag() {
    let sheet = Sheet::new(8);
    let paint: Vec<f32> = sheet.fixed.iter().map(|&f| if f == 1 { 0.0 } else { 1e3 }).collect();
    let w = world();
    let flagged = sheet.create(w, &cloth_default_desc()).expect("seeds");
    let painted_desc = cloth_sheet_desc { fixed: std::ptr::null(), max_distances: paint.as_ptr(), ..sheet.desc() };
    let mut painted = cloth_id::default();
    // SAFETY: every pointer is valid for the call.
    ok(unsafe { cloth_create_sheet(w, &painted_desc, &cloth_default_desc(), &mut painted) });
    sprint(w, &[flagged, painted], 180, [1.0, 0.0, 0.0], |_| {});
    let n = sheet.positions.len();
    assert_eq!(position_bits(w, flagged, n, CLOTH_SPACE_WORLD), position_bits(w, painted, n, CLOTH_SPACE_WORLD));
    ok(cloth_world_destroy(w));
}

/// A sheet sprinting through its own plane's normal: every node stays
/// within 2 cm (+ 0.1 mm) of its animated position and outside a 0.5 m
/// backstop 1 cm behind it, set through the run-time calls.
#[test]
fn the_setters_bound_every_node_through_a_sprint() {
    let sheet = Sheet::new(8);
    let n = sheet.positions.len();
    let w = world();
    let c = sheet.create(w, &cloth_default_desc()).expect("seeds");
    let (r, d, radius) = (0.02f32, 0.01f32, 0.5f32);
    // SAFETY: arrays of n entries.
    unsafe {
        ok(cloth_set_max_distances(w, c, 0, vec![r; n].as_ptr(), n));
        ok(cloth_set_backstops(w, c, 0, vec![d; n].as_ptr(), vec![radius; n].as_ptr(), n));
    }
    // The sheet's triangles wind to a −Z normal: the backstop lies towards +Z.
    let centre = |p: &cloth_vec3f| [p.x as f64, p.y as f64, p.z as f64 + (d + radius) as f64];
    let (mut past, mut inside, mut moved) = (f64::MIN, f64::MIN, 0.0f64);
    let mut out = vec![cloth_vec3f::default(); n];
    sprint(w, &[c], 240, [0.0, 0.0, 1.0], |_| {
        // SAFETY: a buffer of n entries.
        ok(unsafe { cloth_read_positions(w, c, CLOTH_SPACE_CLOTH, out.as_mut_ptr(), n) });
        for (x, p) in out.iter().zip(&sheet.positions) {
            let x = [x.x as f64, x.y as f64, x.z as f64];
            let off = [x[0] - p.x as f64, x[1] - p.y as f64, x[2] - p.z as f64];
            let dist = (off[0] * off[0] + off[1] * off[1] + off[2] * off[2]).sqrt();
            past = past.max(dist - r as f64);
            moved = moved.max(dist);
            let c = centre(p);
            let to_c = ((x[0] - c[0]).powi(2) + (x[1] - c[1]).powi(2) + (x[2] - c[2]).powi(2)).sqrt();
            inside = inside.max(radius as f64 - to_c);
        }
    });
    assert!(past <= 1e-4, "a node {past} m past its max distance");
    assert!(inside <= 1e-4, "a node {inside} m inside its backstop");
    assert!(moved > 0.015, "the sprint moved no node near its bound ({moved} m)");
    // Cleared, the same sprint takes nodes far past the old bound.
    ok(cloth_clear_max_distances(w, c));
    ok(cloth_clear_backstops(w, c));
    let mut far = 0.0f32;
    sprint(w, &[c], 240, [0.0, 0.0, 1.0], |_| {
        // SAFETY: a buffer of n entries.
        ok(unsafe { cloth_read_positions(w, c, CLOTH_SPACE_CLOTH, out.as_mut_ptr(), n) });
        far = out.iter().zip(&sheet.positions).map(|(x, p)| (x.z - p.z).abs()).fold(far, f32::max);
    });
    assert!(far > 0.05, "cleared, the sheet swings only {far} m");
    ok(cloth_world_destroy(w));
}

#[test]
fn bad_paint_is_refused_and_names_the_entry() {
    let sheet = Sheet::new(4);
    let n = sheet.positions.len();
    let w = world();
    let c = sheet.create(w, &cloth_default_desc()).expect("seeds");
    let mut values = vec![0.1f32; n];
    values[5] = f32::NAN;
    // SAFETY: arrays of n entries (or fewer, as the count says).
    unsafe {
        assert_eq!(cloth_set_max_distances(w, c, 0, values.as_ptr(), n), CLOTH_STATUS_NON_FINITE);
        assert!(last_error().contains("[5]"), "{}", last_error());
        values[5] = -1.0;
        assert_eq!(cloth_set_max_distances(w, c, 0, values.as_ptr(), n), CLOTH_STATUS_INVALID_ARGUMENT);
        values[5] = 0.1;
        assert_eq!(cloth_set_max_distances(w, c, 3, values.as_ptr(), n), CLOTH_STATUS_OUT_OF_RANGE);
        assert_eq!(cloth_set_backstops(w, c, 0, std::ptr::null(), std::ptr::null(), n), CLOTH_STATUS_NULL_POINTER);
        values[2] = f32::INFINITY;
        assert_eq!(cloth_set_backstops(w, c, 0, std::ptr::null(), values.as_ptr(), n), CLOTH_STATUS_NON_FINITE);
    }
    // A refused descriptor creates nothing.
    let before = world_count(w);
    let desc = cloth_sheet_desc { max_distances: values.as_ptr(), ..sheet.desc() };
    let mut id = cloth_id::default();
    // SAFETY: every pointer is valid for the call.
    assert_eq!(unsafe { cloth_create_sheet(w, &desc, &cloth_default_desc(), &mut id) }, CLOTH_STATUS_NON_FINITE);
    assert!(last_error().contains("sheet.max_distances[2]"), "{}", last_error());
    assert_eq!(world_count(w), before);
    // A backstop needs a surface normal: a rope node has none.
    let positions: Vec<cloth_vec3f> = (0..4).map(|k| cloth_vec3f { x: 0.0, y: -0.1 * k as f32, z: 0.0 }).collect();
    let parents = [CLOTH_NO_PARENT, 0, 1, 2];
    let max = [0.5f32, 0.0, 0.3, 0.3];
    let masses = [0.01f32; 4];
    let tree = cloth_tree_desc {
        node_count: 4,
        positions: positions.as_ptr(),
        masses: masses.as_ptr(),
        parents: parents.as_ptr(),
        max_distances: max.as_ptr(),
        ..cloth_default_tree_desc()
    };
    let mut rope = cloth_id::default();
    // SAFETY: every pointer is valid for the call.
    ok(unsafe { cloth_create_tree(w, &tree, &cloth_default_desc(), &mut rope) });
    // SAFETY: one entry each.
    assert_eq!(
        unsafe { cloth_set_backstops(w, rope, 2, std::ptr::null(), [0.1f32].as_ptr(), 1) },
        CLOTH_STATUS_INVALID_ARGUMENT
    );
    // Node 1 was painted 0: fixed, it stays on its animated position.
    sprint(w, &[rope], 60, [1.0, 0.0, 0.0], |_| {});
    let bits = position_bits(w, rope, 4, CLOTH_SPACE_CLOTH);
    assert_eq!(bits[1], [0.0f32, -0.1, 0.0].map(f32::to_bits));
    // A tree descriptor of ABI 1.0 (no max_distances) is still read: the
    // NaNs past its size are never looked at.
    let nans = [f32::NAN; 4];
    let old = cloth_tree_desc {
        struct_size: std::mem::offset_of!(cloth_tree_desc, max_distances) as u32,
        max_distances: nans.as_ptr(),
        ..tree
    };
    // SAFETY: every pointer is valid for the call.
    ok(unsafe { cloth_create_tree(w, &old, &cloth_default_desc(), &mut rope) });
    ok(cloth_world_destroy(w));
}

/// Masses set through the C ABI (issue 18 item 2) are the masses a
/// descriptor seeds: a sheet seeded at 10 g a node and set to a weighted
/// hem steps, bit for bit, as one seeded with the hem; a fixed node's value
/// is not read.
#[test]
fn masses_set_after_creation_are_the_seeded_masses() {
    let light = Sheet::new(8);
    let mut heavy = Sheet::new(8);
    for (k, m) in heavy.masses.iter_mut().enumerate() {
        *m = 0.01 * (1.0 + (k / 8) as f32);
    }
    let mut set: Vec<f32> = heavy.masses.clone();
    for (m, &f) in set.iter_mut().zip(&heavy.fixed) {
        if f == 1 {
            *m = f32::NAN;
        }
    }
    let w = world();
    let seeded = heavy.create(w, &cloth_default_desc()).expect("seeds");
    let changed = light.create(w, &cloth_default_desc()).expect("seeds");
    // SAFETY: `set` is valid for the call.
    ok(unsafe { cloth_set_masses(w, changed, 0, set.as_ptr(), set.len()) });
    let n = light.positions.len();
    sprint(w, &[seeded, changed], 180, [1.0, 0.0, 0.0], |_| {});
    assert_eq!(position_bits(w, seeded, n, CLOTH_SPACE_WORLD), position_bits(w, changed, n, CLOTH_SPACE_WORLD));
    ok(cloth_world_destroy(w));
}
