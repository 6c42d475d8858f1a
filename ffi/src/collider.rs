//! Collider sets and colliders: create, move, destroy.

use crate::boundary::cloth_status::{self, *};
use crate::boundary::{check_out, fail, guard, read_in, with_world_mut, Res};
use crate::types::{
    cloth_collider_desc, cloth_collider_id, cloth_collider_set_id, cloth_pose, cloth_world, pose_in, read_desc,
    shape_in,
};
use crate::world::world_fail;
use cloth_solver::collider::{ColliderError, ColliderId};
use cloth_solver::pose::Pose;
use cloth_solver::world::ColliderSetId;
use cloth_solver::World;

pub(crate) fn collider_status(e: &ColliderError) -> cloth_status {
    match e {
        ColliderError::Shape(cloth_solver::shape::ShapeError::NonFinite { .. }) | ColliderError::NonFinitePose => {
            CLOTH_STATUS_NON_FINITE
        }
        ColliderError::Shape(_) | ColliderError::NotUnit { .. } | ColliderError::FarPose { .. } => {
            CLOTH_STATUS_INVALID_ARGUMENT
        }
        ColliderError::Stale { .. } => CLOTH_STATUS_STALE_ID,
        ColliderError::Full => CLOTH_STATUS_OUT_OF_RANGE,
    }
}

pub(crate) fn set_of(id: cloth_collider_set_id) -> ColliderSetId {
    ColliderSetId { index: id.index, generation: id.generation }
}

/// The optional set of a cloth: generation 0 is "none".
pub(crate) fn optional_set(id: cloth_collider_set_id) -> Option<ColliderSetId> {
    (id.generation != 0).then(|| set_of(id))
}

/// Collider generations cross the boundary shifted by one, so that 0 — a
/// zeroed id — is never issued (the solver's sets count from 0).
fn collider_out(set: cloth_collider_set_id, id: ColliderId) -> cloth_collider_id {
    cloth_collider_id { set, index: id.index, generation: id.generation.wrapping_add(1) }
}

fn collider_in(id: cloth_collider_id) -> ColliderId {
    ColliderId { index: id.index, generation: id.generation.wrapping_sub(1) }
}

fn collider_fail<T>(id: cloth_collider_id, e: ColliderError) -> Res<T> {
    let message = match &e {
        ColliderError::Stale { .. } => format!(
            "collider {}:{} does not exist in collider set {}:{} (destroyed, or never created there)",
            id.index, id.generation, id.set.index, id.set.generation
        ),
        other => format!("collider {}:{}: {other}", id.index, id.generation),
    };
    fail(collider_status(&e), message)
}

/// A collider's pose: [`pose_in`], and a unit rotation (within 1e-3),
/// checked before the world is locked like every other argument. The pose
/// is handed on as given: the solver normalises it, once.
fn collider_pose_in(p: &cloth_pose, what: &str) -> Res<Pose> {
    let pose = pose_in(p, what)?;
    match cloth_solver::collider::checked_pose(pose) {
        Ok(_) => Ok(pose),
        Err(e) => fail(collider_status(&e), format!("{what}: {e}")),
    }
}

/// Runs `f` on a collider's set, exclusively.
fn with_set<R>(
    world: cloth_world,
    set: cloth_collider_set_id,
    f: impl FnOnce(&mut cloth_solver::ColliderSet) -> Res<R>,
) -> Res<R> {
    with_world_mut(world, |w: &mut World| f(w.colliders_mut(set_of(set)).map_err(world_fail)?))
}

/// Creates an empty collider set. Several cloths (a character's cape and
/// its rope) may collide with one set. Exclusive.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_collider_set_create(
    world: cloth_world,
    out_set: *mut cloth_collider_set_id,
) -> cloth_status {
    guard("cloth_collider_set_create", || {
        check_out(out_set, "out_set")?;
        let id = with_world_mut(world, |w| w.add_collider_set().map_err(world_fail))?;
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe { out_set.write(cloth_collider_set_id { index: id.index, generation: id.generation }) };
        Ok(())
    })
}

/// Destroys a collider set and its colliders. Exclusive.
/// Refuses: IN_USE while a cloth collides with the set.
#[no_mangle]
pub extern "C" fn cloth_collider_set_destroy(world: cloth_world, set: cloth_collider_set_id) -> cloth_status {
    guard("cloth_collider_set_destroy", || {
        with_world_mut(world, |w| w.remove_collider_set(set_of(set)).map_err(world_fail))
    })
}

/// Adds a collider to a set at `desc.pose`. Exclusive.
/// Refuses: OUT_OF_RANGE when the set already holds 65,535 colliders (the
/// most one set holds).
#[no_mangle]
pub unsafe extern "C" fn cloth_collider_create(
    world: cloth_world,
    set: cloth_collider_set_id,
    desc: *const cloth_collider_desc,
    out_collider: *mut cloth_collider_id,
) -> cloth_status {
    guard("cloth_collider_create", || {
        // SAFETY: the caller's pointer contract.
        let desc = unsafe { read_desc(desc, "desc")? };
        check_out(out_collider, "out_collider")?;
        let shape = shape_in(&desc)?;
        let pose = collider_pose_in(&desc.pose, "desc.pose")?;
        let id =
            with_set(world, set, |s| s.add(shape, pose).or_else(|e| fail(collider_status(&e), format!("desc: {e}"))))?;
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe { out_collider.write(collider_out(set, id)) };
        Ok(())
    })
}

/// Sets a collider's world pose for this frame (it sweeps from its previous
/// pose). Exclusive.
/// Refuses: INVALID_ARGUMENT for a rotation not unit within 1e-3.
#[no_mangle]
pub unsafe extern "C" fn cloth_collider_set_pose(
    world: cloth_world,
    collider: cloth_collider_id,
    pose: *const cloth_pose,
) -> cloth_status {
    guard("cloth_collider_set_pose", || {
        // SAFETY: the caller's pointer contract.
        let pose = collider_pose_in(&unsafe { read_in(pose, "pose")? }, "pose")?;
        with_set(world, collider.set, |s| {
            s.set_pose(collider_in(collider), pose).or_else(|e| collider_fail(collider, e))
        })
    })
}

/// Gives a collider another shape: `desc`'s shape and dimensions (its pose
/// is not read: the collider keeps its pose and this frame's travel). The
/// id stays valid; a cloth asleep where the new shape reaches wakes at its
/// next step. Exclusive.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_collider_set_shape(
    world: cloth_world,
    collider: cloth_collider_id,
    desc: *const cloth_collider_desc,
) -> cloth_status {
    guard("cloth_collider_set_shape", || {
        // SAFETY: the caller's pointer contract.
        let desc = unsafe { read_desc(desc, "desc")? };
        let shape = shape_in(&desc)?;
        with_set(world, collider.set, |s| {
            s.set_shape(collider_in(collider), shape).or_else(|e| collider_fail(collider, e))
        })
    })
}

/// Moves a collider without travel (previous and current pose both set): a
/// placement, not a motion. A cloth asleep where the collider stood or now
/// stands wakes at its next step. Exclusive.
/// Refuses: INVALID_ARGUMENT for a rotation not unit within 1e-3.
#[no_mangle]
pub unsafe extern "C" fn cloth_collider_place(
    world: cloth_world,
    collider: cloth_collider_id,
    pose: *const cloth_pose,
) -> cloth_status {
    guard("cloth_collider_place", || {
        // SAFETY: the caller's pointer contract.
        let pose = collider_pose_in(&unsafe { read_in(pose, "pose")? }, "pose")?;
        with_set(world, collider.set, |s| s.place(collider_in(collider), pose).or_else(|e| collider_fail(collider, e)))
    })
}

/// Destroys a collider; a cloth asleep where it stood wakes at its next
/// step. Exclusive.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_collider_destroy(world: cloth_world, collider: cloth_collider_id) -> cloth_status {
    guard("cloth_collider_destroy", || {
        with_set(world, collider.set, |s| s.remove(collider_in(collider)).or_else(|e| collider_fail(collider, e)))
    })
}
