//! Issue 17's regression tests at the C ABI, driven as a host drives it:
//! each test is named for the fact it checks. (A panic's containment needs
//! the library's insides and lives in `ffi/src/tests.rs`; the seeded
//! torture run over the whole API is `ffi/examples/torture.c`, run by
//! `tests/hosts.rs`.)

use ::cloth::boundary::cloth_last_error_message;
use ::cloth::boundary::cloth_status::{self, *};
use ::cloth::*;
use std::ffi::CStr;

fn last_error() -> String {
    // SAFETY: a NUL-terminated string valid until this thread's next call.
    unsafe { CStr::from_ptr(cloth_last_error_message()) }.to_string_lossy().into_owned()
}

#[track_caller]
fn ok(s: cloth_status) {
    assert_eq!(s, CLOTH_STATUS_OK, "{}", last_error());
}

fn world() -> cloth_world {
    let mut w = cloth_world::default();
    // SAFETY: both pointers are valid for the call.
    ok(unsafe { cloth_world_create(&cloth_default_world_desc(), &mut w) });
    w
}

/// A `side × side` sheet, 5 cm apart, hanging from its top row.
struct Sheet {
    positions: Vec<cloth_vec3f>,
    masses: Vec<f32>,
    fixed: Vec<u32>,
    triangles: Vec<u32>,
}

impl Sheet {
    fn new(side: u32) -> Sheet {
        let mut s = Sheet { positions: Vec::new(), masses: Vec::new(), fixed: Vec::new(), triangles: Vec::new() };
        for r in 0..side {
            for c in 0..side {
                s.positions.push(cloth_vec3f { x: 0.05 * c as f32, y: -0.05 * r as f32, z: 1e-4 * r as f32 });
                s.masses.push(0.01);
                s.fixed.push((r == 0) as u32);
                if r + 1 < side && c + 1 < side {
                    let n = r * side + c;
                    s.triangles.extend([n, n + 1, n + side + 1, n, n + side + 1, n + side]);
                }
            }
        }
        s
    }

    fn desc(&self) -> cloth_sheet_desc {
        cloth_sheet_desc {
            node_count: self.positions.len() as u32,
            triangle_count: self.triangles.len() as u32 / 3,
            positions: self.positions.as_ptr(),
            masses: self.masses.as_ptr(),
            fixed: self.fixed.as_ptr(),
            triangles: self.triangles.as_ptr(),
            ..cloth_default_sheet_desc()
        }
    }

    fn create(&self, w: cloth_world, desc: &cloth_desc) -> Result<cloth_id, cloth_status> {
        let mut id = cloth_id::default();
        // SAFETY: every pointer is valid for the call.
        match unsafe { cloth_create_sheet(w, &self.desc(), desc, &mut id) } {
            CLOTH_STATUS_OK => Ok(id),
            s => Err(s),
        }
    }
}

fn sheet(w: cloth_world) -> cloth_id {
    Sheet::new(4).create(w, &cloth_default_desc()).unwrap()
}

fn set(w: cloth_world) -> cloth_collider_set_id {
    let mut s = cloth_collider_set_id::default();
    // SAFETY: a valid out-pointer.
    ok(unsafe { cloth_collider_set_create(w, &mut s) });
    s
}

fn collider(w: cloth_world, s: cloth_collider_set_id) -> cloth_collider_id {
    let mut c = cloth_collider_id::default();
    let mut desc = cloth_default_collider_desc();
    desc.pose.translation.y = -3.0;
    // SAFETY: valid pointers.
    ok(unsafe { cloth_collider_create(w, s, &desc, &mut c) });
    c
}

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
