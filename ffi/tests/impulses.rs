//! An impulse through the C ABI (issue 18 item 3): the hit node of a sheet
//! moves the way it was pushed, and an impulse on a pinned node does nothing.

mod common;
use ::cloth::*;
use common::*;

#[test]
fn a_hit_node_moves_the_way_it_was_pushed() {
    let sheet = Sheet::new(6);
    let n = sheet.positions.len();
    let (w, pushed) = (world(), world());
    let (a, b) = (
        sheet.create(w, &cloth_default_desc()).expect("seeds"),
        sheet.create(pushed, &cloth_default_desc()).expect("seeds"),
    );
    // Node 0 is pinned (top row), node 33 free; 1e-3 N·s along +Z on each.
    let (nodes, impulses) = ([0u32, 33], [cloth_vec3 { x: 0.0, y: 0.0, z: 1e-3 }; 2]);
    // SAFETY: two nodes and two impulses.
    ok(unsafe { cloth_apply_impulses(pushed, b, nodes.as_ptr(), impulses.as_ptr(), 2) });
    ok(cloth_world_step(w));
    ok(cloth_world_step(pushed));
    let (still, hit) = (position_bits(w, a, n, CLOTH_SPACE_WORLD), position_bits(pushed, b, n, CLOTH_SPACE_WORLD));
    // 1e-3 N·s on 10 g is 0.1 m/s, 1.7 mm in a step if the node were free;
    // its rows share the push with its neighbours, so it moves less, and the
    // bound asks for a clear fraction of it.
    let z = |p: [u32; 3]| f32::from_bits(p[2]);
    let dz = z(hit[33]) - z(still[33]);
    assert!(dz > 2e-4, "the hit node moved {dz} m along the push");
    assert_eq!(hit[0], still[0], "the pinned node moved");
    ok(cloth_world_destroy(w));
    ok(cloth_world_destroy(pushed));
}
