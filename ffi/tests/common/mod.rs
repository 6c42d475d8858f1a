//! What the ABI tests share: a world, a small sheet, a collider set and a
//! collider made as a host makes them, poses, a rig, and the checks of a
//! status and of the last-error message.

// Each test file uses a part of these.
#![allow(dead_code)]

use ::cloth::boundary::cloth_last_error_message;
use ::cloth::boundary::cloth_status::{self, *};
use ::cloth::*;
use std::ffi::CStr;

pub fn last_error() -> String {
    // SAFETY: a NUL-terminated string valid until this thread's next call.
    unsafe { CStr::from_ptr(cloth_last_error_message()) }.to_string_lossy().into_owned()
}

#[track_caller]
pub fn ok(s: cloth_status) {
    assert_eq!(s, CLOTH_STATUS_OK, "{}", last_error());
}

pub fn world() -> cloth_world {
    let mut w = cloth_world::default();
    // SAFETY: both pointers are valid for the call.
    ok(unsafe { cloth_world_create(&cloth_default_world_desc(), &mut w) });
    w
}

/// A `side × side` sheet, 5 cm apart, hanging from its top row.
pub struct Sheet {
    pub positions: Vec<cloth_vec3f>,
    pub masses: Vec<f32>,
    pub fixed: Vec<u32>,
    pub triangles: Vec<u32>,
}

impl Sheet {
    pub fn new(side: u32) -> Sheet {
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

    pub fn desc(&self) -> cloth_sheet_desc {
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

    pub fn create(&self, w: cloth_world, desc: &cloth_desc) -> Result<cloth_id, cloth_status> {
        let mut id = cloth_id::default();
        // SAFETY: every pointer is valid for the call.
        match unsafe { cloth_create_sheet(w, &self.desc(), desc, &mut id) } {
            CLOTH_STATUS_OK => Ok(id),
            s => Err(s),
        }
    }
}

pub fn sheet(w: cloth_world) -> cloth_id {
    Sheet::new(4).create(w, &cloth_default_desc()).unwrap()
}

pub fn set(w: cloth_world) -> cloth_collider_set_id {
    let mut s = cloth_collider_set_id::default();
    // SAFETY: a valid out-pointer.
    ok(unsafe { cloth_collider_set_create(w, &mut s) });
    s
}

pub fn collider(w: cloth_world, s: cloth_collider_set_id) -> cloth_collider_id {
    let mut c = cloth_collider_id::default();
    let mut desc = cloth_default_collider_desc();
    desc.pose.translation.y = -3.0;
    // SAFETY: valid pointers.
    ok(unsafe { cloth_collider_create(w, s, &desc, &mut c) });
    c
}

pub fn pose(t: [f64; 3], q: [f64; 4]) -> cloth_pose {
    cloth_pose {
        translation: cloth_vec3 { x: t[0], y: t[1], z: t[2] },
        rotation: cloth_quat { x: q[0], y: q[1], z: q[2], w: q[3] },
    }
}

/// Creates a rig cloth (default description) and returns the status.
pub fn rig(w: cloth_world, parents: &[u32], binds: &[cloth_pose], joints: &[u32], masses: &[f32]) -> cloth_status {
    let desc = cloth_rig_desc {
        joint_count: parents.len() as u32,
        node_count: joints.len() as u32,
        skeleton_parents: parents.as_ptr(),
        local_bind: binds.as_ptr(),
        joints: joints.as_ptr(),
        masses: masses.as_ptr(),
        ..cloth_default_rig_desc()
    };
    let mut id = cloth_id::default();
    // SAFETY: every pointer is valid for its count during the call.
    unsafe { cloth_create_rig(w, &desc, &cloth_default_desc(), &mut id) }
}

/// The `n` node positions of a cloth in `space`, as their f32 bits (for
/// bit-for-bit comparisons).
pub fn position_bits(w: cloth_world, c: cloth_id, n: usize, space: u32) -> Vec<[u32; 3]> {
    let mut out = vec![cloth_vec3f::default(); n];
    // SAFETY: a buffer of n entries.
    ok(unsafe { cloth_read_positions(w, c, space, out.as_mut_ptr(), n) });
    out.iter().map(|p| [p.x, p.y, p.z].map(f32::to_bits)).collect()
}

/// An empty step report whose `struct_size` says `struct_size` bytes.
pub fn step_report(struct_size: u32) -> cloth_step_report {
    cloth_step_report {
        struct_size,
        asleep: 0,
        fell_asleep: 0,
        teleported: 0,
        watchdog: 0,
        pivot_failures: 0,
        anchor_limited: 0,
        turn_limited: 0,
        idle: 0,
        steps: 0,
    }
}
