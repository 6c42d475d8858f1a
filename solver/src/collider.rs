//! Colliders (DESIGN §8): shapes with a world pose, current and previous,
//! kept in a [`ColliderSet`] the host updates every frame. One set can serve
//! several cloths (a character's cape and its skirt share its body).
//!
//! A frame, from the host's side:
//!
//! ```text
//!   colliders.begin_frame();              // every collider's previous pose ← current
//!   colliders.set_pose(id, pose)?;        // for the colliders that moved
//!   cloth.set_anchor_pose(anchor)?;
//!   cloth.step_with(&colliders);          // swept against previous → current
//! ```
//!
//! A pose at a fraction of the step is lerp + nlerp of the previous and
//! current poses (`Pose::interpolate`), never a lerp of matrices (§19).
//! Poses are checked: a non-finite pose is refused and a quaternion must be
//! unit to within 1e-3 (it is then normalised) — a host handing over a
//! scaled matrix's rotation gets an error naming the collider, not a shape
//! that silently grows.

use crate::pose::{self, Pose, Vec3};
use crate::shape::{Shape, ShapeError};
use std::fmt;

/// A collider's handle: slot index and generation, so a handle to a removed
/// collider is an error rather than a reference to whatever reused its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColliderId {
    pub index: u32,
    pub generation: u32,
}

/// A shape and its world pose, previous and current.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Collider {
    pub shape: Shape,
    pub prev: Pose,
    pub cur: Pose,
}

impl Collider {
    /// World pose at fraction `t` of the step.
    pub fn pose_at(&self, t: f64) -> Pose {
        self.prev.interpolate(&self.cur, t)
    }

    /// How far the collider's origin moved this step, m.
    pub fn travel(&self) -> f64 {
        pose::norm(pose::sub(self.cur.translation, self.prev.translation))
    }
}

/// Why a collider call was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ColliderError {
    /// The shape's parameters are invalid.
    Shape(ShapeError),
    /// The pose has a NaN or an infinity.
    NonFinitePose,
    /// The translation has a component beyond
    /// [`crate::constants::COORDINATE_LIMIT`] (the value).
    FarPose { coordinate: f64 },
    /// The rotation is not a unit quaternion (|q| = the value).
    NotUnit { norm: f64 },
    /// The handle names no live collider.
    Stale { id: ColliderId },
    /// The set already holds [`MAX_COLLIDERS`] colliders.
    Full,
}

impl fmt::Display for ColliderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColliderError::Shape(e) => write!(f, "invalid shape: {e}"),
            ColliderError::NonFinitePose => write!(f, "the pose has a non-finite component"),
            ColliderError::FarPose { coordinate } => write!(
                f,
                "the translation has a component {coordinate} m; translations are limited to ±{} m",
                crate::constants::COORDINATE_LIMIT
            ),
            ColliderError::NotUnit { norm } => {
                write!(f, "the rotation quaternion has norm {norm}; it must be unit (within 1e-3)")
            }
            ColliderError::Stale { id } => write!(f, "collider {}:{} does not exist", id.index, id.generation),
            ColliderError::Full => {
                write!(f, "the set already holds {MAX_COLLIDERS} colliders, the most a set may hold")
            }
        }
    }
}

impl std::error::Error for ColliderError {}

impl From<ShapeError> for ColliderError {
    fn from(e: ShapeError) -> Self {
        ColliderError::Shape(e)
    }
}

/// Checks and normalises a host's pose.
pub fn checked_pose(pose: Pose) -> Result<Pose, ColliderError> {
    if !pose.is_finite() {
        return Err(ColliderError::NonFinitePose);
    }
    if let Some(&far) = pose.translation.iter().find(|c| c.abs() > crate::constants::COORDINATE_LIMIT) {
        return Err(ColliderError::FarPose { coordinate: far });
    }
    let n = pose.rotation.norm();
    if (n - 1.0).abs() > 1e-3 {
        return Err(ColliderError::NotUnit { norm: n });
    }
    Ok(Pose::new(pose.translation, pose.rotation.normalized()))
}

/// `pose` moved by `shift`, m (world).
pub(crate) fn shifted(pose: Pose, shift: Vec3) -> Pose {
    Pose { translation: crate::pose::add(pose.translation, shift), ..pose }
}

/// The most colliders one set holds at once: a contact slot keeps its
/// collider's index in 16 bits (`crate::contact::Slot`).
pub const MAX_COLLIDERS: usize = u16::MAX as usize;

#[derive(Clone, Debug)]
struct Slot {
    generation: u32,
    collider: Option<Collider>,
}

/// The colliders a cloth (or several) collides with.
#[derive(Clone, Debug, Default)]
pub struct ColliderSet {
    slots: Vec<Slot>,
    /// Slots holding a collider.
    live: usize,
}

impl ColliderSet {
    pub fn new() -> Self {
        ColliderSet::default()
    }

    /// Adds a collider at `pose` (previous = current: it has not moved).
    pub fn add(&mut self, shape: Shape, pose: Pose) -> Result<ColliderId, ColliderError> {
        shape.validate()?;
        let pose = checked_pose(pose)?;
        let collider = Collider { shape, prev: pose, cur: pose };
        // The lowest free slot, if any is free.
        let free = (self.live < self.slots.len()).then(|| self.slots.iter().position(|s| s.collider.is_none()));
        let id = match free.flatten() {
            Some(index) => {
                let slot = &mut self.slots[index];
                slot.generation = slot.generation.wrapping_add(1);
                slot.collider = Some(collider);
                ColliderId { index: index as u32, generation: slot.generation }
            }
            None if self.slots.len() >= MAX_COLLIDERS => return Err(ColliderError::Full),
            None => {
                self.slots.push(Slot { generation: 0, collider: Some(collider) });
                ColliderId { index: self.slots.len() as u32 - 1, generation: 0 }
            }
        };
        self.live += 1;
        Ok(id)
    }

    fn slot_mut(&mut self, id: ColliderId) -> Result<&mut Collider, ColliderError> {
        match self.slots.get_mut(id.index as usize) {
            Some(Slot { generation, collider: Some(c) }) if *generation == id.generation => Ok(c),
            _ => Err(ColliderError::Stale { id }),
        }
    }

    /// Starts a frame: every collider's previous pose becomes its current one,
    /// so a collider the host does not move this frame has no travel.
    pub fn begin_frame(&mut self) {
        for c in self.slots.iter_mut().filter_map(|s| s.collider.as_mut()) {
            c.prev = c.cur;
        }
    }

    /// Sets a collider's world pose for this frame. Call [`Self::begin_frame`]
    /// first each frame: without it the collider travels, at every step, from
    /// the pose it had at the last `begin_frame`, and the cloth feels that
    /// whole sweep (its friction drags it back each step).
    pub fn set_pose(&mut self, id: ColliderId, pose: Pose) -> Result<(), ColliderError> {
        let pose = checked_pose(pose)?;
        self.slot_mut(id)?.cur = pose;
        Ok(())
    }

    /// Moves a collider without travel (previous and current both set): a
    /// placement, not a motion to sweep. A cloth asleep where it stood or
    /// now stands wakes at its next step.
    pub fn place(&mut self, id: ColliderId, pose: Pose) -> Result<(), ColliderError> {
        let pose = checked_pose(pose)?;
        let c = self.slot_mut(id)?;
        c.prev = pose;
        c.cur = pose;
        Ok(())
    }

    /// Moves the world's origin under every collider: each one's current
    /// and previous pose moves by `shift` (world, m), so none travels
    /// ([`crate::Cloth::shift_origin`]). Refused, with nothing changed, for
    /// a shift that is not finite or would put a pose past
    /// [`crate::constants::COORDINATE_LIMIT`].
    pub fn shift_origin(&mut self, shift: Vec3) -> Result<(), ColliderError> {
        self.check_shift(shift)?;
        self.shift_checked(shift);
        Ok(())
    }

    /// [`ColliderSet::shift_origin`] of a shift already checked (a copy of
    /// a set that took it, `crate::clock::Clock`).
    pub(crate) fn shift_checked(&mut self, shift: Vec3) {
        for c in self.slots.iter_mut().filter_map(|s| s.collider.as_mut()) {
            c.prev = shifted(c.prev, shift);
            c.cur = shifted(c.cur, shift);
        }
    }

    /// Whether [`ColliderSet::shift_origin`] would take `shift`.
    pub fn check_shift(&self, shift: Vec3) -> Result<(), ColliderError> {
        for c in self.slots.iter().filter_map(|s| s.collider.as_ref()) {
            checked_pose(shifted(c.prev, shift))?;
            checked_pose(shifted(c.cur, shift))?;
        }
        match shift.iter().all(|v| v.is_finite()) {
            true => Ok(()),
            false => Err(ColliderError::NonFinitePose),
        }
    }

    /// Replaces a collider's shape.
    pub fn set_shape(&mut self, id: ColliderId, shape: Shape) -> Result<(), ColliderError> {
        shape.validate()?;
        self.slot_mut(id)?.shape = shape;
        Ok(())
    }

    /// Removes a collider; a cloth asleep where it stood wakes at its next
    /// step.
    pub fn remove(&mut self, id: ColliderId) -> Result<(), ColliderError> {
        self.slot_mut(id)?;
        self.slots[id.index as usize].collider = None;
        self.live -= 1;
        Ok(())
    }

    pub fn get(&self, id: ColliderId) -> Option<&Collider> {
        match self.slots.get(id.index as usize) {
            Some(Slot { generation, collider: Some(c) }) if *generation == id.generation => Some(c),
            _ => None,
        }
    }

    /// Live colliders with their slot index (the key contact slots use).
    pub fn iter(&self) -> impl Iterator<Item = (u32, u32, &Collider)> + '_ {
        self.slots.iter().enumerate().filter_map(|(i, s)| s.collider.as_ref().map(|c| (i as u32, s.generation, c)))
    }

    /// Live colliders by slot index, mutable: a cloth's advance gives each
    /// fixed step its own travel (`clock.rs`) in its scratch copy.
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = (usize, u32, &mut Collider)> + '_ {
        self.slots.iter_mut().enumerate().filter_map(|(i, s)| s.collider.as_mut().map(|c| (i, s.generation, c)))
    }

    /// Becomes a copy of `o`, reusing its own storage (a derived
    /// `clone_from` would allocate a new set).
    pub(crate) fn copy_from(&mut self, o: &ColliderSet) {
        self.slots.clone_from(&o.slots);
        self.live = o.live;
    }

    /// Slots, live or not (the range of slot indices).
    pub(crate) fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// Number of live colliders.
    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Slot capacity (indices are below this).
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The collider in slot `index` if its generation matches.
    pub fn at(&self, index: u32, generation: u32) -> Option<&Collider> {
        self.get(ColliderId { index, generation })
    }
}

/// An axis-aligned box, m.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    pub min: Vec3,
    pub max: Vec3,
}

impl Aabb {
    pub const EMPTY: Aabb = Aabb { min: [f64::INFINITY; 3], max: [f64::NEG_INFINITY; 3] };

    pub fn grow(&mut self, p: Vec3) {
        self.min = [0, 1, 2].map(|k| self.min[k].min(p[k]));
        self.max = [0, 1, 2].map(|k| self.max[k].max(p[k]));
    }

    pub fn union(&self, o: &Aabb) -> Aabb {
        let mut a = *self;
        a.grow(o.min);
        a.grow(o.max);
        a
    }

    pub fn inflate(&self, r: f64) -> Aabb {
        Aabb { min: self.min.map(|c| c - r), max: self.max.map(|c| c + r) }
    }

    pub fn contains(&self, p: Vec3) -> bool {
        (0..3).all(|k| p[k] >= self.min[k] && p[k] <= self.max[k])
    }

    pub fn overlaps(&self, o: &Aabb) -> bool {
        (0..3).all(|k| self.min[k] <= o.max[k] && o.min[k] <= self.max[k])
    }

    /// The box of a shape's local bounds under `pose`.
    pub fn of_shape(shape: &Shape, pose: &Pose) -> Aabb {
        let (lo, hi) = shape.local_bounds();
        let mut a = Aabb::EMPTY;
        for i in 0..8 {
            let corner = [
                if i & 1 == 0 { lo[0] } else { hi[0] },
                if i & 2 == 0 { lo[1] } else { hi[1] },
                if i & 4 == 0 { lo[2] } else { hi[2] },
            ];
            a.grow(pose.transform_point(corner));
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set issues the lowest free index, holds at most `MAX_COLLIDERS`,
    /// refuses the next one with `Full`, and takes one again once one is
    /// removed.
    #[test]
    fn a_set_holds_at_most_max_colliders() {
        let mut set = ColliderSet::new();
        let shape = Shape::sphere(0.1).expect("a sphere");
        let ids: Vec<ColliderId> =
            (0..MAX_COLLIDERS).map(|_| set.add(shape, Pose::IDENTITY).expect("room for it")).collect();
        assert_eq!(set.len(), MAX_COLLIDERS);
        assert_eq!(ids.last().map(|id| id.index as usize), Some(MAX_COLLIDERS - 1));
        assert!(matches!(set.add(shape, Pose::IDENTITY), Err(ColliderError::Full)));
        assert_eq!(set.len(), MAX_COLLIDERS);
        set.remove(ids[17]).expect("live");
        set.remove(ids[5]).expect("live");
        assert_eq!(set.len(), MAX_COLLIDERS - 2);
        let again = set.add(shape, Pose::IDENTITY).expect("a free slot");
        assert_eq!((again.index, again.generation), (5, 1));
        assert_eq!(set.add(shape, Pose::IDENTITY).expect("a free slot").index, 17);
        assert!(matches!(set.add(shape, Pose::IDENTITY), Err(ColliderError::Full)));
        let mut copy = ColliderSet::new();
        copy.copy_from(&set);
        assert_eq!(copy.len(), MAX_COLLIDERS);
    }
}
