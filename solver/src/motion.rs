//! Painted motion constraints: a per-node **max distance** from the animated
//! position and a **backstop** sphere behind it — NvCloth's motion and
//! separation constraints, Chaos Cloth's max distance and backstop.
//!
//! ```text
//!   max distance   ‖x_i − p_i‖ ≤ r_i                   (r_i = 0: x_i = p_i)
//!   backstop       ‖x_i − c_i‖ ≥ R_i,   c_i = p_i − n_i·(D_i + R_i)
//! ```
//!
//! `p_i` is the node's animated position and `n_i` the unit normal of the
//! animated surface there (the triangles' winding, `surface.rs`): the
//! backstop sphere touches the point `D_i` behind `p_i`, so the cloth stays
//! on the side `n_i` points to, or at most `D_i` behind it. `R_i = 0` is no
//! backstop. Both sets hold `p_i`, so their intersection is never empty.
//!
//! Both are exact, not rows: after each substep's solve and strain
//! projection every free particle moves to the closest point of its allowed
//! set (a ball minus a ball), and the substep's velocity is taken from the
//! corrected position (`step::integrate`), so motion out of the set stops as
//! at an inelastic wall. A node fixed at seed is never moved by either. A
//! free node painted 0 is *held*, a pin: it is put on its animated
//! position at each substep's start, and the model the step runs fixes it
//! for the rows, the tethers and the strain projection as seeding fixes a
//! node (`crate::seed::with_held`), keeping its slot. Fixing it at seed
//! instead ([`fix_zero_max_distances`] does that for a painted array) gives
//! the same cloth a fixed flag does, bit for bit, and no model to rebuild
//! at the paint.
//!
//! The **anim drive** (Chaos Cloth's) is the soft counterpart: a painted
//! strength `s ∈ [0, 1]` pulls the node's inertial target towards its
//! animated position each substep ([`MotionLimits::pull`]), so the cloth
//! follows its animated pose as closely as `s` asks and its rows allow.

use crate::error::ParamError;
use crate::lanes::Points;
use crate::model::{Model, NO_NODE};
use crate::pose::{self, Vec3};

/// A backstop: a sphere of `radius` whose surface passes `distance` behind
/// the node's animated position, against its animated normal. m.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Backstop {
    /// How far behind the animated position the cloth may go, m, ≥ 0.
    pub distance: f32,
    /// The sphere's radius, m, ≥ 0; 0 is no backstop.
    pub radius: f32,
}

/// The painted limits of one cloth, per storage slot of its free particles
/// (`0..model.swept`). Empty until first painted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MotionLimits {
    /// Max distance per slot, m; `f32::INFINITY` where none is painted.
    max_distance: Vec<f32>,
    /// Backstop per slot.
    backstop: Vec<Backstop>,
    /// Backstop centre per slot in the cloth frame, from the animated pose.
    pub(crate) centre: Points,
    /// The animated pose or the backstops changed since `centre` was built.
    pub(crate) stale: bool,
    any_max: bool,
    any_backstop: bool,
    /// Anim-drive strength per slot, `0..=1` (0 where none is painted).
    drive: Vec<f32>,
    /// Per slot, the fraction of the gap to the animated position the
    /// drive closes per substep of `drive_h` seconds.
    drive_rate: Vec<f64>,
    drive_h: f64,
    any_drive: bool,
    /// Some free particle is painted a max distance of 0: it is held on its
    /// animated position, and the cloth's model fixes it (`Cloth`'s
    /// `apply_held`, `crate::seed::with_held`).
    any_held: bool,
}

impl MotionLimits {
    /// Bytes held (the memory report's particles region).
    pub fn bytes(&self) -> usize {
        4 * (self.max_distance.capacity() + self.drive.capacity())
            + std::mem::size_of::<Backstop>() * self.backstop.capacity()
            + self.centre.bytes()
            + 8 * self.drive_rate.capacity()
    }
}

/// The time the drive strength is stated per, s: a strength `s` closes the
/// fraction `s` of the gap between a node's inertial target and its
/// animated position every second, whatever the step and substeps (1: all
/// of it at once; gravity and the rows hold the rest of the range).
pub const DRIVE_REFERENCE_TIME: f64 = 1.0;

/// Checks that nodes `first .. first + count` are nodes of a cloth of
/// `nodes` (the error names the end, saturated).
pub(crate) fn check_nodes(first: usize, count: usize, nodes: usize) -> Result<(), ParamError> {
    match first.checked_add(count) {
        Some(end) if end <= nodes => Ok(()),
        _ => Err(ParamError::OutOfRange {
            name: "node",
            value: first.saturating_add(count) as f64,
            allowed: format!("first + count ≤ the node count, {nodes}"),
        }),
    }
}

/// Checks a painted array of lengths: one finite value ≥ 0 per node of
/// `first ..`.
pub(crate) fn check(name: &'static str, first: usize, values: &[f32], nodes: usize) -> Result<(), ParamError> {
    check_within(name, first, values, nodes, f32::INFINITY, "finite and ≥ 0, m")
}

/// Checks a painted array: one finite value in `0..=most` per node of
/// `first ..`, refused by the `rule` it breaks.
fn check_within(
    name: &'static str,
    first: usize,
    values: &[f32],
    nodes: usize,
    most: f32,
    rule: &'static str,
) -> Result<(), ParamError> {
    check_nodes(first, values.len(), nodes)?;
    match values.iter().position(|v| !(v.is_finite() && (0.0..=most).contains(v))) {
        Some(k) => Err(ParamError::Node { name, node: first + k, value: values[k] as f64, rule }),
        None => Ok(()),
    }
}

/// Checks painted fractions: one finite value in `0..=1` per node of
/// `first ..`.
pub(crate) fn check_fractions(
    name: &'static str,
    first: usize,
    values: &[f32],
    nodes: usize,
) -> Result<(), ParamError> {
    check_within(name, first, values, nodes, 1.0, "finite, 0 to 1")
}

/// Writes per-node `values` from node `first` into the per-slot array of
/// the free particles (sized `model.swept`, filled with `unpainted` the
/// first time); values on fixed nodes are dropped.
pub(crate) fn paint<T: Copy>(model: &Model, first: usize, values: &[T], per_slot: &mut Vec<T>, unpainted: T) {
    if per_slot.is_empty() {
        *per_slot = vec![unpainted; model.swept];
    }
    for (k, &v) in values.iter().enumerate() {
        let slot = model.slot_of_node[first + k] as usize;
        if slot < model.swept {
            per_slot[slot] = v;
        }
    }
}

impl MotionLimits {
    /// Whether anything is painted (the step's projection runs).
    pub fn active(&self) -> bool {
        self.any_max || self.any_backstop
    }

    /// Whether some free particle is driven towards its animated position.
    pub fn has_drive(&self) -> bool {
        self.any_drive
    }

    /// Anim-drive strength of the free particle in `slot`, if painted.
    pub fn drive(&self, slot: usize) -> Option<f32> {
        self.drive.get(slot).copied().filter(|&s| s > 0.0)
    }

    /// Paints anim-drive strengths on nodes `first ..`, each `0..=1`; values
    /// on fixed nodes are read and ignored. All or nothing.
    pub fn set_drive(&mut self, model: &Model, first: usize, values: &[f32]) -> Result<(), ParamError> {
        check_fractions("anim drive", first, values, model.nodes)?;
        paint(model, first, values, &mut self.drive, 0.0);
        if self.drive_rate.len() != self.drive.len() {
            self.drive_rate = vec![0.0; self.drive.len()];
        }
        self.any_drive = self.drive.iter().any(|&s| s > 0.0);
        self.drive_h = 0.0;
        Ok(())
    }

    /// Removes every anim drive.
    pub fn clear_drive(&mut self) {
        self.drive.iter_mut().for_each(|s| *s = 0.0);
        self.any_drive = false;
    }

    /// Pulls each driven particle's inertial target `y` towards its
    /// animated position in `p`: `y ← y + σ·(p − y)` with
    /// `σ = 1 − (1 − s)^(h/DRIVE_REFERENCE_TIME)` for a substep of `h`, so
    /// strength 1 makes the animated position the target and the solve
    /// lands on it wherever the rows allow (Chaos Cloth's anim drive).
    pub(crate) fn pull(&mut self, model: &Model, p: &Points, y: &mut Points, h: f64) {
        if self.drive_h != h {
            for (rate, &s) in self.drive_rate.iter_mut().zip(&self.drive) {
                *rate = 1.0 - (1.0 - s as f64).powf(h / DRIVE_REFERENCE_TIME);
            }
            self.drive_h = h;
        }
        for slot in 0..model.swept {
            let sigma = self.drive_rate[slot];
            if sigma == 0.0 {
                continue;
            }
            let target = y.get(slot).map(f64::from);
            let at = p.get(slot).map(f64::from);
            y.set(slot, pose::add(target, pose::scale(pose::sub(at, target), sigma)).map(|c| c as f32));
        }
    }

    /// Whether some free particle has a backstop.
    pub fn has_backstops(&self) -> bool {
        self.any_backstop
    }

    /// Max distance of the free particle in `slot`, if painted.
    pub fn max_distance(&self, slot: usize) -> Option<f32> {
        self.max_distance.get(slot).copied().filter(|r| r.is_finite())
    }

    /// Backstop of the free particle in `slot`, if painted.
    pub fn backstop(&self, slot: usize) -> Option<Backstop> {
        self.backstop.get(slot).copied().filter(|b| b.radius > 0.0)
    }

    /// Paints max distances on nodes `first ..`; values on fixed nodes are
    /// read and ignored. All or nothing. Returns whether the set of held
    /// nodes (painted 0) changed.
    pub fn set_max_distances(&mut self, model: &Model, first: usize, values: &[f32]) -> Result<bool, ParamError> {
        check("max distance", first, values, model.nodes)?;
        let held = |r: Option<&f32>| r == Some(&0.0);
        let slot = |k: usize| model.slot_of_node[first + k] as usize;
        let changed = (0..values.len())
            .any(|k| slot(k) < model.swept && held(self.max_distance.get(slot(k))) != (values[k] == 0.0));
        paint(model, first, values, &mut self.max_distance, f32::INFINITY);
        self.any_max = self.max_distance.iter().any(|r| r.is_finite());
        self.any_held = self.max_distance.contains(&0.0);
        Ok(changed)
    }

    /// Removes every max distance.
    pub fn clear_max_distances(&mut self) {
        self.max_distance.iter_mut().for_each(|r| *r = f32::INFINITY);
        self.any_max = false;
        self.any_held = false;
    }

    /// Whether some free particle is held on its animated position.
    pub(crate) fn holds(&self) -> bool {
        self.any_held
    }

    /// Per node, whether it is held (painted a max distance of 0; a fixed
    /// node never is).
    pub(crate) fn held_nodes(&self, model: &Model) -> Vec<bool> {
        (0..model.nodes).map(|n| self.max_distance.get(model.slot_of_node[n] as usize) == Some(&0.0)).collect()
    }

    /// Puts each held particle on its animated position in `p`: at each
    /// substep's start, so the sweeps see it there.
    pub(crate) fn hold(&self, p: &Points, x: &mut Points) {
        for (s, &r) in self.max_distance.iter().enumerate() {
            if r == 0.0 {
                x.set(s, p.get(s));
            }
        }
    }

    /// Paints backstops on nodes `first ..`; `in_triangle(node)` says whether
    /// the node has a surface normal (a backstop needs one). All or nothing.
    pub fn set_backstops(
        &mut self,
        model: &Model,
        first: usize,
        values: &[Backstop],
        in_triangle: impl Fn(usize) -> bool,
    ) -> Result<(), ParamError> {
        let distances: Vec<f32> = values.iter().map(|b| b.distance).collect();
        let radii: Vec<f32> = values.iter().map(|b| b.radius).collect();
        check("backstop distance", first, &distances, model.nodes)?;
        check("backstop radius", first, &radii, model.nodes)?;
        if let Some(k) = (0..values.len()).find(|&k| values[k].radius > 0.0 && !in_triangle(first + k)) {
            return Err(ParamError::Node {
                name: "backstop radius",
                node: first + k,
                value: values[k].radius as f64,
                rule: "0 on a node in no triangle (a backstop needs the surface's normal)",
            });
        }
        if self.backstop.is_empty() {
            self.centre = Points::zeros(model.swept);
        }
        paint(model, first, values, &mut self.backstop, Backstop::default());
        self.any_backstop = self.backstop.iter().any(|b| b.radius > 0.0);
        self.stale = true;
        Ok(())
    }

    /// Removes every backstop.
    pub fn clear_backstops(&mut self) {
        self.backstop.iter_mut().for_each(|b| *b = Backstop::default());
        self.any_backstop = false;
    }

    /// Rebuilds the backstop centres from the animated positions `p` (per
    /// slot) and the animated unit normal of each node, `normal(node)`.
    pub(crate) fn refresh(&mut self, model: &Model, p: &Points, normal: impl Fn(usize) -> Vec3) {
        for (slot, b) in self.backstop.iter().enumerate() {
            let node = model.node_of_slot[slot];
            if b.radius == 0.0 || node == NO_NODE {
                continue;
            }
            let at = p.get(slot).map(f64::from);
            let back = b.distance as f64 + b.radius as f64;
            self.centre.set(slot, pose::sub(at, pose::scale(normal(node as usize), back)).map(|c| c as f32));
        }
        self.stale = false;
    }

    /// Moves every free particle of `x` to the closest point of its allowed
    /// set around its animated position in `p`. Runs in f64 per particle, the
    /// same for every kernel.
    pub(crate) fn project(&self, model: &Model, p: &Points, x: &mut Points) {
        let none = Backstop::default();
        for slot in 0..model.swept {
            let r = if self.any_max { self.max_distance[slot] as f64 } else { f64::INFINITY };
            let b = if self.any_backstop { self.backstop[slot] } else { none };
            let q = x.get(slot).map(f64::from);
            let at = p.get(slot).map(f64::from);
            // Inside the ball and outside the sphere: nothing to do (squared
            // distances, the common case).
            let off = pose::sub(q, at);
            let within = r == f64::INFINITY || pose::dot(off, off) <= r * r;
            let centre = (b.radius > 0.0).then(|| self.centre.get(slot).map(f64::from));
            let radius = b.radius as f64;
            let clear = centre.is_none_or(|c| {
                let d = pose::sub(q, c);
                pose::dot(d, d) >= radius * radius
            });
            if within && clear {
                continue;
            }
            let allowed = closest_allowed(q, at, r, centre.map(|c| (c, radius)));
            x.set(slot, allowed.map(|c| c as f32));
        }
    }
}

/// The point of `{‖y − p‖ ≤ r} ∖ {‖y − c‖ < R}` closest to `q`, where
/// `back = Some((c, R))` (none: the ball alone). `p` lies outside the
/// backstop sphere's interior by construction.
pub fn closest_allowed(q: Vec3, p: Vec3, r: f64, back: Option<(Vec3, f64)>) -> Vec3 {
    if r == 0.0 {
        return p;
    }
    let in_ball = |y: Vec3| {
        let d = pose::sub(y, p);
        let n = pose::norm(d);
        if n <= r {
            y
        } else {
            pose::add(p, pose::scale(d, r / n))
        }
    };
    let ball = in_ball(q);
    let Some((c, radius)) = back else {
        return ball;
    };
    // The ball's projection, where the backstop allows it, is the answer.
    if pose::norm(pose::sub(ball, c)) >= radius {
        return ball;
    }
    let axis = pose::sub(p, c);
    let d = pose::norm(axis);
    let axis = pose::scale(axis, 1.0 / d);
    // The sphere's point nearest `q` (radially from its centre through q,
    // or along the normal when q sits at the centre) is the nearest of the
    // sphere's surface; within the ball, it is the answer.
    let from_centre = pose::sub(q, c);
    let out = pose::normalized(from_centre).unwrap_or(axis);
    let pushed = pose::add(c, pose::scale(out, radius));
    if pose::norm(pose::sub(pushed, p)) <= r {
        return pushed;
    }
    // Otherwise the closest point lies on the circle where the two spheres
    // meet: its plane sits `s` from `c` along the axis, its radius is ρ.
    let s = (d * d + radius * radius - r * r) / (2.0 * d);
    let rho2 = radius * radius - s * s;
    if rho2 <= 0.0 || !d.is_finite() || d == 0.0 {
        // The spheres do not meet (round-off at a tangency): the max
        // distance is the stronger promise.
        return ball;
    }
    let across = pose::sub(from_centre, pose::scale(axis, pose::dot(from_centre, axis)));
    let across = match pose::normalized(across) {
        Some(u) => u,
        None => crate::surface::orthogonal_part([1.0, 0.0, 0.0], axis)
            .or_else(|| crate::surface::orthogonal_part([0.0, 1.0, 0.0], axis))
            .unwrap_or([0.0, 0.0, 1.0]),
    };
    pose::add(c, pose::add(pose::scale(axis, s), pose::scale(across, rho2.sqrt())))
}

/// Fixes every node whose painted max distance is 0 (`fixed[i] |= d[i] == 0`):
/// the seed-time form of a zero max distance, the same cloth as one whose
/// fixed set names those nodes. The values are checked as
/// [`MotionLimits::set_max_distances`] checks them.
pub fn fix_zero_max_distances(fixed: &mut [bool], max_distances: &[f32]) -> Result<(), ParamError> {
    check("max distance", 0, max_distances, fixed.len())?;
    if max_distances.len() != fixed.len() {
        return Err(ParamError::OutOfRange {
            name: "max distances",
            value: max_distances.len() as f64,
            allowed: format!("one per node, {}", fixed.len()),
        });
    }
    for (f, &d) in fixed.iter_mut().zip(max_distances) {
        *f |= d == 0.0;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: Vec3, b: Vec3) -> bool {
        pose::norm(pose::sub(a, b)) < 1e-12
    }

    #[test]
    fn ball_alone() {
        let p = [1.0, 2.0, 3.0];
        assert_eq!(closest_allowed([1.0, 2.5, 3.0], p, 1.0, None), [1.0, 2.5, 3.0]);
        assert!(near(closest_allowed([1.0, 5.0, 3.0], p, 1.0, None), [1.0, 3.0, 3.0]));
        assert_eq!(closest_allowed([9.0, 9.0, 9.0], p, 0.0, None), p);
    }

    #[test]
    fn backstop_pushes_out_radially_and_onto_the_circle() {
        // Node at the origin, normal +Z, backstop 0.1 behind, radius 1.
        let p = [0.0; 3];
        let c = [0.0, 0.0, -1.1];
        let back = Some((c, 1.0));
        // Inside the sphere, within the ball: pushed out radially.
        let q = [0.0, 0.0, -0.5];
        assert!(near(closest_allowed(q, p, 10.0, back), [0.0, 0.0, -0.1]));
        // Outside the sphere but past the ball, whose projection falls in the
        // sphere: onto the circle the spheres share.
        let q = [0.3, 0.0, -3.0];
        let y = closest_allowed(q, p, 0.5, back);
        assert!((pose::norm(pose::sub(y, p)) - 0.5).abs() < 1e-12);
        assert!((pose::norm(pose::sub(y, c)) - 1.0).abs() < 1e-12);
        assert!(y[0] > 0.0 && y[1].abs() < 1e-15);
    }

    #[test]
    fn zero_max_distance_fixes_at_seed() {
        let mut fixed = vec![false, true, false];
        fix_zero_max_distances(&mut fixed, &[0.0, 1.0, 0.5]).unwrap();
        assert_eq!(fixed, [true, true, false]);
        assert!(fix_zero_max_distances(&mut fixed, &[0.0, f32::NAN, 0.5]).is_err());
        assert!(fix_zero_max_distances(&mut fixed, &[0.0]).is_err());
    }
}
