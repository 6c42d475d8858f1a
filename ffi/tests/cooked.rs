//! Cooked assets through the C ABI (issue 19 item 4): a host cooks a sheet
//! with a render mesh, keeps the bytes, and creates the cloth from them in
//! another world; both step to the same bits, and the render mesh is there.

mod common;
use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

fn read_render_mesh(w: cloth_world, c: cloth_id, mesh: u32, n: usize) -> Vec<u8> {
    let mut layout = cloth_default_vertex_layout();
    layout.render_mesh = mesh;
    layout.stride = 24;
    layout.normal_offset = 12;
    let mut out = vec![0u8; 24 * n];
    // SAFETY: a valid layout and a buffer of its bytes.
    ok(unsafe { cloth_read_vertices(w, c, &layout, out.as_mut_ptr().cast(), out.len()) });
    out
}

#[test]
fn a_cloth_created_from_its_cooked_bytes_steps_as_the_seeded_one() {
    let sheet = Sheet::new(12);
    let n = sheet.positions.len();
    let desc = cloth_desc { preset: CLOTH_PRESET_SILK, ..cloth_default_desc() };
    let (w1, w2) = (world(), world());
    let seeded = sheet.create(w1, &desc).expect("seeds");
    let render: Vec<cloth_vec3f> = sheet.positions.iter().map(|p| cloth_vec3f { z: p.z + 0.005, ..*p }).collect();
    let mut mesh = 0;
    // SAFETY: every pointer is valid for its count during the calls.
    let blob = unsafe {
        ok(cloth_attach_render_mesh(w1, seeded, render.as_ptr(), render.len(), &mut mesh));
        let mut size = 0;
        ok(cloth_cook(w1, seeded, std::ptr::null_mut(), 0, &mut size));
        let mut blob = vec![0u8; size];
        ok(cloth_cook(w1, seeded, blob.as_mut_ptr(), size, &mut size));
        assert_eq!(size, blob.len());
        blob
    };
    let mut loaded = cloth_id::default();
    // SAFETY: the blob for its length, valid descriptors.
    ok(unsafe { cloth_create_from_cooked(w2, blob.as_ptr(), blob.len(), &desc, &mut loaded) });
    let mut count = 0;
    // SAFETY: a valid out-pointer.
    ok(unsafe { cloth_node_count(w2, loaded, &mut count) });
    assert_eq!(count as usize, n);
    for k in 0..120 {
        let anchor = pose([0.2 * (k as f64 * 0.1).sin(), 0.0, 0.01 * k as f64], [0.0, 0.0, 0.0, 1.0]);
        for (w, c) in [(w1, seeded), (w2, loaded)] {
            // SAFETY: a valid pose.
            ok(unsafe { cloth_set_anchor_pose(w, c, &anchor) });
            ok(cloth_world_step(w));
        }
        assert_eq!(
            position_bits(w1, seeded, n, CLOTH_SPACE_WORLD),
            position_bits(w2, loaded, n, CLOTH_SPACE_WORLD),
            "parted at step {k}"
        );
    }
    assert_eq!(read_render_mesh(w1, seeded, mesh, n), read_render_mesh(w2, loaded, mesh, n));
    for w in [w1, w2] {
        ok(cloth_world_destroy(w));
    }
}

/// A blob's refusals say what is wrong: not a blob, truncated, corrupt.
#[test]
fn a_refused_blob_says_why() {
    let w = world();
    let c = sheet(w);
    let mut size = 0;
    // SAFETY: a size query, then a buffer of that size.
    let blob = unsafe {
        ok(cloth_cook(w, c, std::ptr::null_mut(), 0, &mut size));
        let mut blob = vec![0u8; size];
        ok(cloth_cook(w, c, blob.as_mut_ptr(), size, &mut size));
        blob
    };
    let mut corrupt = blob.clone();
    corrupt[blob.len() / 2] ^= 1;
    let text = b"a texture, not a cloth".repeat(4);
    for (bytes, says) in
        [(&text[..], "not a cooked cloth"), (&blob[..blob.len() - 10], "truncated"), (&corrupt[..], "corrupt")]
    {
        let mut id = cloth_id::default();
        // SAFETY: the bytes for their length, a valid descriptor.
        let got = unsafe { cloth_create_from_cooked(w, bytes.as_ptr(), bytes.len(), &cloth_default_desc(), &mut id) };
        assert_eq!(got, CLOTH_STATUS_BAD_BLOB);
        assert!(last_error().contains(says), "{says}: {}", last_error());
    }
    // A sound blob put inside a body is refused as the mesh would be: a
    // seed's refusal, not the blob's.
    let s = set(w);
    let mut body = cloth_default_collider_desc();
    body.radius = 0.1;
    body.pose.translation = cloth_vec3 { x: 0.075, y: -0.1, z: 0.0 };
    let mut col = cloth_collider_id::default();
    let mut id = cloth_id::default();
    let desc = cloth_desc { colliders: s, ..cloth_default_desc() };
    // SAFETY: valid pointers; the blob for its length.
    unsafe {
        ok(cloth_collider_create(w, s, &body, &mut col));
        let got = cloth_create_from_cooked(w, blob.as_ptr(), blob.len(), &desc, &mut id);
        assert_eq!(got, CLOTH_STATUS_SEED_FAILED, "{}", last_error());
    }
    assert!(
        last_error().starts_with("cloth_create_from_cooked: the cloth could not be seeded: node "),
        "{}",
        last_error()
    );
    ok(cloth_world_destroy(w));
}
