//! Issue 19 through the C ABI: a sheet exported with a seam welded at
//! create (`weld_tolerance`, `weld_map`), and its exported vertex buffer —
//! seam duplicates included — filled by `cloth_read_vertices` through the
//! map, interleaved with normals, the host's own bytes untouched.

mod common;
use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

/// The 8 × 8 test sheet with its right half's seam column duplicated (the
/// exporter's UV seam): `(sheet, duplicate → original)`.
fn seamed() -> (Sheet, Vec<(u32, u32)>) {
    let side = 8u32;
    let mut s = Sheet::new(side);
    let seam_col = 3;
    let mut dups = Vec::new();
    for r in 0..side {
        let original = r * side + seam_col;
        let dup = s.positions.len() as u32;
        s.positions.push(s.positions[original as usize]);
        s.masses[original as usize] /= 2.0;
        s.masses.push(s.masses[original as usize]);
        s.fixed.push(s.fixed[original as usize]);
        dups.push((dup, original));
    }
    // Triangles right of the seam (every corner in columns ≥ 3, one > 3)
    // use the duplicates.
    for t in s.triangles.chunks_exact_mut(3) {
        if t.iter().all(|&c| c % side >= seam_col) && t.iter().any(|&c| c % side > seam_col) {
            for c in t.iter_mut() {
                if *c % side == seam_col {
                    *c = dups[(*c / side) as usize].0;
                }
            }
        }
    }
    (s, dups)
}

fn read_world(w: cloth_world, c: cloth_id, n: usize) -> Vec<cloth_vec3f> {
    let mut out = vec![cloth_vec3f::default(); n];
    // SAFETY: `out` holds n entries.
    ok(unsafe { cloth_read_positions(w, c, CLOTH_SPACE_WORLD, out.as_mut_ptr(), n) });
    out
}

#[test]
fn a_seamed_sheet_welds_and_its_vertex_buffer_fills_through_the_map() {
    let w = world();
    let (s, dups) = seamed();
    let vertices = s.positions.len();
    let mut map = vec![u32::MAX; vertices];
    let mut desc = s.desc();
    desc.weld_tolerance = 1e-5;
    desc.weld_map = map.as_mut_ptr();
    let mut welded = cloth_id::default();
    // SAFETY: every pointer is valid for the call; `map` holds node_count entries.
    ok(unsafe { cloth_create_sheet(w, &desc, &cloth_default_desc(), &mut welded) });
    let plain = Sheet::new(8).create(w, &cloth_default_desc()).unwrap();
    let mut nodes = 0u32;
    // SAFETY: a valid out-pointer.
    ok(unsafe { cloth_node_count(w, welded, &mut nodes) });
    assert_eq!(nodes, 64, "the seam's duplicates are welded away");
    for (v, &node) in map.iter().enumerate() {
        let expected = dups.iter().find(|&&(d, _)| d as usize == v).map_or(v as u32, |&(_, o)| o);
        assert_eq!(node, expected, "vertex {v}");
    }
    for _ in 0..120 {
        ok(cloth_world_step(w));
    }
    // The welded sheet is the unseamed sheet, bit for bit.
    let (a, b) = (read_world(w, welded, 64), read_world(w, plain, 64));
    assert!(a.iter().zip(&b).all(|(p, q)| p.x.to_bits() == q.x.to_bits() && p.y.to_bits() == q.y.to_bits()));

    // The exported buffer: position, normal, then 8 bytes of UV per vertex.
    let stride = 32usize;
    let mut buffer = vec![0xABu8; stride * vertices];
    let mut layout = cloth_default_vertex_layout();
    layout.stride = stride as u32;
    layout.normal_offset = 12;
    layout.node_count = vertices as u32;
    layout.node_map = map.as_ptr();
    layout.node_map_count = map.len();
    // SAFETY: the layout's map holds node_count entries; the buffer its bytes.
    ok(unsafe { cloth_read_vertices(w, welded, &layout, buffer.as_mut_ptr().cast(), buffer.len()) });
    // A host built against the header before node_map_count passes the
    // shorter struct_size: its map is taken to hold first_node + node_count
    // entries, as that header promised, and the write is the same.
    let mut old_buffer = vec![0xABu8; buffer.len()];
    let old = cloth_vertex_layout {
        struct_size: std::mem::offset_of!(cloth_vertex_layout, node_map_count) as u32,
        node_map_count: 0,
        ..layout
    };
    // SAFETY: as above; the library reads the first struct_size bytes.
    ok(unsafe { cloth_read_vertices(w, welded, &old, old_buffer.as_mut_ptr().cast(), old_buffer.len()) });
    assert_eq!(old_buffer, buffer, "the earlier layout writes what the current one does");
    let f = |at: usize| f32::from_ne_bytes(buffer[at..at + 4].try_into().unwrap());
    for v in 0..vertices {
        let at = v * stride;
        let p = a[map[v] as usize];
        assert_eq!([f(at), f(at + 4), f(at + 8)], [p.x, p.y, p.z], "vertex {v}");
        let n = [f(at + 12), f(at + 16), f(at + 20)];
        assert!((n.iter().map(|c| c * c).sum::<f32>().sqrt() - 1.0).abs() < 1e-5);
        assert!(buffer[at + 24..at + 32].iter().all(|&b| b == 0xAB), "vertex {v}: UV bytes written");
    }
    // A seam duplicate reads exactly as its original, normal included.
    for &(d, o) in &dups {
        let (d, o) = (d as usize * stride, o as usize * stride);
        assert_eq!(buffer[d..d + 24], buffer[o..o + 24]);
    }
    ok(cloth_world_destroy(w));
}

/// Without welding the map is the identity; a refused create writes none of it.
#[test]
fn the_map_is_the_identity_without_welding_and_untouched_on_refusal() {
    let w = world();
    let (s, _) = seamed();
    let mut map = vec![u32::MAX; s.positions.len()];
    let mut desc = s.desc();
    desc.weld_map = map.as_mut_ptr();
    let mut id = cloth_id::default();
    // SAFETY: as above.
    ok(unsafe { cloth_create_sheet(w, &desc, &cloth_default_desc(), &mut id) });
    assert!(map.iter().enumerate().all(|(i, &m)| m == i as u32));
    map.fill(u32::MAX);
    desc.weld_tolerance = 0.2; // longer than the sheet's 5 cm edges: triangles collapse
                               // SAFETY: as above.
    let status = unsafe { cloth_create_sheet(w, &desc, &cloth_default_desc(), &mut id) };
    assert_eq!(status, CLOTH_STATUS_SEED_FAILED);
    assert!(map.iter().all(|&m| m == u32::MAX));
    ok(cloth_world_destroy(w));
}

/// A render mesh through the C ABI: the sheet's own nodes plus its quads'
/// centres, bound at create; after 120 steps the node vertices read as the
/// nodes bit for bit and each centre sits on its quad (the mean of the
/// quad's diagonal's ends, within 1e-6 m: it lies on that diagonal).
#[test]
fn a_render_mesh_follows_the_sheet() {
    let w = world();
    let s = Sheet::new(8);
    let c = s.create(w, &cloth_default_desc()).unwrap();
    let mut render = s.positions.clone();
    let side = 8usize;
    let mut centres = Vec::new();
    for r in 0..side - 1 {
        for col in 0..side - 1 {
            let (a, b) = (r * side + col, (r + 1) * side + col + 1);
            let (p, q) = (s.positions[a], s.positions[b]);
            render.push(cloth_vec3f { x: (p.x + q.x) / 2.0, y: (p.y + q.y) / 2.0, z: (p.z + q.z) / 2.0 });
            centres.push((a, b));
        }
    }
    let mut mesh = u32::MAX;
    // SAFETY: `render` holds its count; a valid out-pointer.
    ok(unsafe { cloth_attach_render_mesh(w, c, render.as_ptr(), render.len(), &mut mesh) });
    assert_eq!(mesh, 1, "render meshes are numbered from 1");
    for _ in 0..120 {
        ok(cloth_world_step(w));
    }
    let nodes = read_world(w, c, side * side);
    let mut out = vec![cloth_vec3f::default(); render.len()];
    let mut layout = cloth_default_vertex_layout();
    layout.render_mesh = mesh;
    // SAFETY: the buffer holds what out_bytes says.
    ok(unsafe { cloth_read_vertices(w, c, &layout, out.as_mut_ptr().cast(), 12 * out.len()) });
    for (k, n) in nodes.iter().enumerate() {
        assert_eq!(
            (out[k].x.to_bits(), out[k].y.to_bits(), out[k].z.to_bits()),
            (n.x.to_bits(), n.y.to_bits(), n.z.to_bits())
        );
    }
    for (i, &(a, b)) in centres.iter().enumerate() {
        let (p, q, v) = (nodes[a], nodes[b], out[side * side + i]);
        let d =
            ((v.x - (p.x + q.x) / 2.0).powi(2) + (v.y - (p.y + q.y) / 2.0).powi(2) + (v.z - (p.z + q.z) / 2.0).powi(2))
                .sqrt();
        assert!(d < 1e-6, "centre {i}: {d} m off its quad's diagonal");
    }
    ok(cloth_world_destroy(w));
}

/// A host built against ABI 1.0's cloth_sheet_desc (48 bytes, no weld
/// fields) still creates its sheet: the library reads that size and takes
/// the new fields' defaults (no welding) for the rest.
#[test]
fn a_sheet_desc_of_the_first_size_is_still_read() {
    let w = world();
    let (s, _) = seamed();
    let mut desc = s.desc();
    desc.struct_size = std::mem::offset_of!(cloth_sheet_desc, weld_tolerance) as u32;
    assert_eq!(desc.struct_size, 48);
    // Bytes past the old size hold junk a 1.0 host never wrote.
    desc.weld_tolerance = f32::NAN;
    let mut id = cloth_id::default();
    // SAFETY: every pointer is valid for the call.
    ok(unsafe { cloth_create_sheet(w, &desc, &cloth_default_desc(), &mut id) });
    let mut nodes = 0u32;
    // SAFETY: a valid out-pointer.
    ok(unsafe { cloth_node_count(w, id, &mut nodes) });
    assert_eq!(nodes as usize, s.positions.len(), "no welding");
    ok(cloth_world_destroy(w));
}
