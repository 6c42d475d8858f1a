//! Collider contacts (DESIGN §4, §8; record §16–§23): unary hard rows, found
//! once per step, four slots per particle.
//!
//! ```text
//!   C = sdf(x) − offset            offset = thickness
//!   clamp (−∞, 0]: admits only forces that increase C (push out, never pull)
//!   hard: k ∈ [floor·k_max, k_max], k_max = 8·m/h², ramp β = β_r·m/h² (β_r ≈ 6.9 /m)
//!   floor = 1 shipped (CONTACT_FLOOR: measured, not the record's 1/32)
//!   f −= fc·n,  H += k·n nᵀ unless fc sits at its clamp (no contact force)
//!   warm start each substep: λ ← (α·γ)·λ, k kept (γ = 1)
//! ```
//!
//! **Discovery is swept** (§20): once per step, a particle within
//! `offset·(1 + margin) + travel` of the collider's end-of-step surface gets a
//! row, which stays clamped out until a substep's interpolated pose reaches
//! it. Without the travel a 20 m/s capsule passes a sheet creating no row at
//! all. Ours on top: the particle's own displacement over the step `|v|·dt` is
//! added too (a sheet landing at 3 m/s moves 5 cm a step, six margins).
//!
//! **Slots** (§18): four per particle, rebuilt each step and keyed on the
//! collider (index and generation), so a multiplier, its penalty and the
//! friction stick point survive the rebuild. More than four candidates keep
//! the four with the smallest `sdf − offset`, ties by collider index; a new
//! slot starts at λ = 0, k = k_min (ours, DESIGN §4).
//!
//! **A contact is unary** (§18): the collider is fixed for the substep, so the
//! row couples no two particles and accumulates in the vertex update like a
//! leash; the step stays deterministic because the slot set is built by one
//! pass in a fixed order.
//!
//! Shapes differ per slot, and most particles have none, so the terms are
//! evaluated per lane in f64 and added to the lanes' `(f, H)` — the scalar
//! kernel performs the identical computation, so parity stays exact.

use crate::collider::{Aabb, ColliderSet};
use crate::constants::{CONTACT_MARGIN, CONTACT_SLOTS, LANES};
use crate::friction;
use crate::lanes::Points;
use crate::model::Model;
use crate::pose::{self, Frame, Pose, Vec3};
use crate::shape::Shape;

/// A slot's collider key meaning "empty".
pub const EMPTY: u32 = u32::MAX;

/// How a resting contact's penalty reaches `k_max` (DESIGN §3's open question).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ContactRamp {
    /// The design as written: `k ← min(k + β|C|, k_max)` while the contact pushes.
    Linear,
    /// Ours: the ramp reads at least one contact offset of violation, so a
    /// contact that keeps pushing reaches `k_max` within a fraction of a second
    /// however small its residual: `k ← min(k + β·max(|C|, offset), k_max)`.
    #[default]
    Floor,
}

/// Contact slots of every swept particle: `CONTACT_SLOTS` per slot index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ContactSlots {
    /// Collider slot index, or [`EMPTY`].
    pub collider: Vec<u32>,
    pub generation: Vec<u32>,
    /// Contact multiplier (≤ 0) and penalty.
    pub lambda: Vec<f32>,
    pub k: Vec<f32>,
    /// Friction multiplier (≥ 0) and penalty.
    pub lambda_f: Vec<f32>,
    pub k_f: Vec<f32>,
    /// Friction stick point in the collider's frame; NaN until first touch.
    pub stick: Points,
    /// A lower bound on the row's `C` at the particle's current position
    /// within the current substep (−∞: unknown). See [`skippable`].
    pub bound: Vec<f32>,
    /// Per 8-particle block: whether any lane has a slot.
    pub block_has: Vec<bool>,
    /// The colliders at the current substep's end, per collider slot index
    /// (scratch, sized to the set's capacity).
    pub frames: Vec<SubstepCollider>,
    /// Discovery scratch: each live collider swept over the step, and the
    /// ones whose swept box meets the current block.
    pub swept: Vec<SweptCollider>,
    pub candidates: Vec<u32>,
    /// Contacts found by the last discovery, and slots the last discovery
    /// would have liked a fifth for (§18: never reached on the record's
    /// 20-collider scene).
    pub active: usize,
    pub overflowed: usize,
}

impl ContactSlots {
    pub fn new(slots: usize, blocks: usize) -> Self {
        let n = slots * CONTACT_SLOTS;
        ContactSlots {
            collider: vec![EMPTY; n],
            generation: vec![0; n],
            lambda: vec![0.0; n],
            k: vec![0.0; n],
            lambda_f: vec![0.0; n],
            k_f: vec![0.0; n],
            stick: Points { x: vec![f32::NAN; n], y: vec![f32::NAN; n], z: vec![f32::NAN; n] },
            bound: vec![f32::NEG_INFINITY; n],
            block_has: vec![false; blocks],
            frames: Vec::new(),
            swept: Vec::new(),
            candidates: Vec::new(),
            active: 0,
            overflowed: 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.collider.is_empty()
    }

    /// Sizes the per-collider scratch for a set of this capacity (outside the
    /// step: growing a set costs one allocation at the next step's start).
    pub fn reserve_colliders(&mut self, capacity: usize) {
        if self.frames.len() < capacity {
            let unused = SubstepCollider { shape: Shape::Plane, frame: Frame::of(&Pose::IDENTITY) };
            self.frames.resize(capacity, unused);
        }
        if self.swept.capacity() < capacity {
            self.swept.reserve(capacity - self.swept.len());
        }
        if self.candidates.capacity() < capacity {
            self.candidates.reserve(capacity - self.candidates.len());
        }
    }

    /// Empties every slot (a Reset).
    pub fn clear(&mut self) {
        self.collider.fill(EMPTY);
        self.block_has.fill(false);
        self.active = 0;
    }

    pub fn bytes(&self) -> usize {
        4 * (self.collider.len() * 7) + self.stick.bytes() + self.block_has.len()
    }
}

/// What one step needs to know about contacts, from the dynamics and tuning.
#[derive(Clone, Copy, Debug)]
pub struct ContactParams {
    /// Contact offset (thickness), m.
    pub offset: f64,
    /// Coulomb coefficient.
    pub friction: f64,
    /// `k_max/(m/h²)` and `k_min/(m/h²)`.
    pub ratio_max: f64,
    pub ratio_min: f64,
    /// Ramp, per metre of violation, in units of `m/h²`.
    pub beta_r: f64,
    pub ramp: ContactRamp,
}

/// Discovery, once per step: rebuilds every particle's slots against the
/// colliders' end-of-step surfaces in the cloth frame. `start` and `end` map
/// world to the cloth frame at the step's start and end (the anchor's
/// inverse poses). Returns the number of active slots.
#[allow(clippy::too_many_arguments)] // the step's columns, frames and parameters, as the other kernels take them
pub fn discover(
    model: &Model,
    x: &Points,
    v: &Points,
    dt: f64,
    slots: &mut ContactSlots,
    colliders: &ColliderSet,
    start: &Pose,
    end: &Pose,
    p: &ContactParams,
) -> usize {
    let reach = p.offset * (1.0 + CONTACT_MARGIN);
    let mut max_speed2 = 0.0f32;
    for s in 0..model.swept {
        let vv = v.get(s);
        max_speed2 = max_speed2.max(vv[0] * vv[0] + vv[1] * vv[1] + vv[2] * vv[2]);
    }
    let particle_travel = (max_speed2 as f64).sqrt() * dt;
    // Each collider's end pose in the cloth frame, its travel and swept box.
    slots.swept.clear();
    for (index, generation, c) in colliders.iter() {
        let a = start.mul(&c.prev);
        let b = end.mul(&c.cur);
        let travel = pose::norm(pose::sub(b.translation, a.translation));
        let bounds =
            Aabb::of_shape(&c.shape, &a).union(&Aabb::of_shape(&c.shape, &b)).inflate(reach + travel + particle_travel);
        slots.swept.push(SweptCollider { index, generation, shape: c.shape, end_inv: b.inverse(), travel, bounds });
    }
    let swept = std::mem::take(&mut slots.swept);
    let mut candidates = std::mem::take(&mut slots.candidates);
    let mut active = 0;
    let mut overflowed = 0;
    for block in 0..model.swept / LANES {
        // Broadphase per block: the colliders whose swept box meets the
        // block's box. A block with none and no slots has nothing to do.
        let first = block * LANES;
        let mut bounds = Aabb::EMPTY;
        for s in (first..first + LANES).filter(|&s| model.inv_mass[s] > 0.0) {
            bounds.grow(x.get(s).map(f64::from));
        }
        candidates.clear();
        candidates.extend(swept.iter().enumerate().filter(|(_, c)| c.bounds.overlaps(&bounds)).map(|(i, _)| i as u32));
        if candidates.is_empty() && !slots.block_has[block] {
            continue;
        }
        let mut block_has = false;
        for s in first..first + LANES {
            let base = s * CONTACT_SLOTS;
            // Keep the old slots (packed from the first) to carry multipliers by key.
            let mut old = [OldSlot::EMPTY; CONTACT_SLOTS];
            for (k, o) in old.iter_mut().enumerate() {
                let i = base + k;
                if slots.collider[i] == EMPTY {
                    break;
                }
                *o = OldSlot {
                    collider: slots.collider[i],
                    generation: slots.generation[i],
                    lambda: slots.lambda[i],
                    k: slots.k[i],
                    lambda_f: slots.lambda_f[i],
                    k_f: slots.k_f[i],
                    stick: slots.stick.get(i),
                };
                slots.collider[i] = EMPTY;
            }
            if model.inv_mass[s] == 0.0 || candidates.is_empty() {
                continue;
            }
            let xs = x.get(s).map(f64::from);
            let vs = v.get(s);
            let own = ((vs[0] * vs[0] + vs[1] * vs[1] + vs[2] * vs[2]) as f64).sqrt() * dt;
            // The four candidates with the smallest sdf − offset (ties: index).
            let mut best: [(f64, usize); CONTACT_SLOTS] = [(f64::INFINITY, usize::MAX); CONTACT_SLOTS];
            let mut found = 0;
            for &ci in &candidates {
                let c = &swept[ci as usize];
                if !c.bounds.contains(xs) {
                    continue;
                }
                let d = c.shape.sdf(c.end_inv.transform_point(xs)).distance - p.offset;
                if d >= reach - p.offset + c.travel + own {
                    continue;
                }
                found += 1;
                let key = (d, ci as usize);
                if let Some(pos) = best.iter().position(|b| key.0 < b.0 || (key.0 == b.0 && key.1 < b.1)) {
                    best[pos..].rotate_right(1);
                    best[pos] = key;
                }
            }
            if found > CONTACT_SLOTS {
                overflowed += 1;
            }
            for (k, &(d, ci)) in best.iter().enumerate() {
                if !d.is_finite() {
                    break;
                }
                let c = &swept[ci];
                let i = base + k;
                slots.collider[i] = c.index;
                slots.generation[i] = c.generation;
                let kept = old.iter().find(|o| o.collider == c.index && o.generation == c.generation);
                let o = kept.unwrap_or(&OldSlot::EMPTY); // a new slot: k = 0, the warm start raises it to k_min
                slots.lambda[i] = o.lambda;
                slots.k[i] = o.k;
                slots.lambda_f[i] = o.lambda_f;
                slots.k_f[i] = o.k_f;
                slots.stick.set(i, o.stick);
                active += 1;
                block_has = true;
            }
        }
        slots.block_has[block] = block_has;
    }
    slots.swept = swept;
    slots.candidates = candidates;
    slots.active = active;
    slots.overflowed = overflowed;
    active
}

/// A slot's state as discovery carries it across the rebuild.
#[derive(Clone, Copy)]
struct OldSlot {
    collider: u32,
    generation: u32,
    lambda: f32,
    k: f32,
    lambda_f: f32,
    k_f: f32,
    stick: [f32; 3],
}

impl OldSlot {
    const EMPTY: OldSlot =
        OldSlot { collider: EMPTY, generation: 0, lambda: 0.0, k: 0.0, lambda_f: 0.0, k_f: 0.0, stick: [f32::NAN; 3] };
}

/// A collider as discovery sees it: its end-of-step pose in the cloth frame
/// (inverted), how far it travelled, and its box swept over the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweptCollider {
    pub index: u32,
    pub generation: u32,
    pub shape: Shape,
    pub end_inv: Pose,
    pub travel: f64,
    pub bounds: Aabb,
}

/// A collider as the substep's contact rows see it: its shape and its pose
/// in the cloth frame at the substep's end, both ways round.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubstepCollider {
    pub shape: Shape,
    /// Collider frame to cloth frame.
    pub frame: Frame,
}

/// Each live collider at the end of substep `k`, written into `slots.frames`
/// (sized to the set's capacity beforehand). The slots discovery built this
/// step name only colliders of this set, so the rows read their collider
/// from here without a generation check.
pub fn substep_frames(slots: &mut ContactSlots, colliders: &ColliderSet, anchor_inv: &Pose, fraction: f64) {
    for (index, _, c) in colliders.iter() {
        let frame = Frame::of(&anchor_inv.mul(&c.pose_at(fraction)));
        slots.frames[index as usize] = SubstepCollider { shape: c.shape, frame };
    }
}

/// Warm start of contact and friction rows, every substep (DESIGN §3: a
/// prototype showed carrying them undecayed throws a landed sheet back up).
/// New slots take `k_min`.
pub fn warm_start(model: &Model, slots: &mut ContactSlots, alpha_gamma: f64, inv_h2: f64, p: &ContactParams) {
    let ag = alpha_gamma as f32;
    for block in (0..model.swept / LANES).filter(|&b| slots.block_has[b]) {
        for s in block * LANES..(block + 1) * LANES {
            let m_h2 = (model.mass[s] as f64 * inv_h2) as f32;
            let (kmin, kmax) = ((p.ratio_min as f32) * m_h2, (p.ratio_max as f32) * m_h2);
            for i in s * CONTACT_SLOTS..(s + 1) * CONTACT_SLOTS {
                if slots.collider[i] == EMPTY {
                    break; // slots are packed from the first
                }
                slots.lambda[i] *= ag;
                slots.lambda_f[i] *= ag;
                slots.bound[i] = f32::NEG_INFINITY; // new poses, new positions
                slots.k[i] = slots.k[i].max(kmin).min(kmax);
                slots.k_f[i] = slots.k_f[i].max(kmin).min(kmax);
            }
        }
    }
}

/// Whether particle slot `s` has any contact this step.
#[inline(always)]
pub fn touches(slots: &ContactSlots, s: usize) -> bool {
    slots.collider[s * CONTACT_SLOTS] != EMPTY
}

/// A slot whose row provably does nothing at the particle's current
/// position: no multiplier on either row, and `C > 0` by its bound. Its
/// term is zero (`k·C + 0 > 0` is at the clamp) and its dual update changes
/// nothing (`λ = min(k·C, 0) = 0`, the friction cap `μ·0`), so skipping the
/// field evaluation gives the same bits as doing it. Most discovered slots
/// are in the margin and separated; this is what keeps them cheap.
#[inline(always)]
fn skippable(slots: &ContactSlots, i: usize) -> bool {
    slots.lambda[i] == 0.0 && slots.lambda_f[i] == 0.0 && slots.bound[i] > 0.0
}

/// Slack covering the field's f64 rounding and the bound's rounding to f32:
/// far below anything a bound is compared with, far above either error.
const BOUND_SLACK: f64 = 1e-6;

#[inline(always)]
fn lower_bound(c: f64) -> f32 {
    (c - BOUND_SLACK) as f32
}

/// The particle at slot `s` moved `distance`: each slot's bound drops by as
/// much, an exact field being 1-Lipschitz (`|C(a) − C(b)| ≤ |a − b|`) and the
/// collider still for the substep.
#[inline(always)]
pub fn moved(slots: &mut ContactSlots, s: usize, distance: f64) {
    for i in s * CONTACT_SLOTS..(s + 1) * CONTACT_SLOTS {
        if slots.collider[i] == EMPTY {
            break;
        }
        slots.bound[i] = lower_bound(slots.bound[i] as f64 - distance);
    }
}

/// One slot's row evaluated at a particle position: the field in the
/// collider's frame, the contact's `C`, and the normal in the cloth frame.
struct Eval {
    local: Vec3,
    c: f64,
    n: Vec3,
}

#[inline(always)]
fn eval(c: &SubstepCollider, x: Vec3, offset: f64) -> Eval {
    let local = c.frame.local_point(x);
    let sdf = c.shape.sdf(local);
    Eval { local, c: sdf.distance - offset, n: c.frame.vector(sdf.normal) }
}

/// The contact (and its friction) terms of particle slot `s` at position `x`,
/// for the vertex update: returns the force and the Hessian's upper triangle
/// `(xx, xy, xz, yy, yz, zz)`. Sets the friction stick point on first touch.
///
/// With `pending`, the rows' dual update from the previous iteration runs
/// first, on the same evaluation (see [`dual_update`]); `m_h2` is the
/// particle's `m/h²`.
pub fn terms(
    slots: &mut ContactSlots,
    s: usize,
    x: Vec3,
    m_h2: f64,
    pending: bool,
    p: &ContactParams,
) -> (Vec3, [f64; 6]) {
    let mut f = [0.0; 3];
    let mut h = [0.0; 6];
    for i in s * CONTACT_SLOTS..(s + 1) * CONTACT_SLOTS {
        let index = slots.collider[i];
        if index == EMPTY {
            break;
        }
        if skippable(slots, i) {
            continue;
        }
        let c = slots.frames[index as usize];
        let e = eval(&c, x, p.offset);
        slots.bound[i] = lower_bound(e.c);
        if pending {
            dual(slots, i, &c, &e, x, m_h2, p);
        }
        let (k, lambda) = (slots.k[i] as f64, slots.lambda[i] as f64);
        let raw = k * e.c + lambda;
        if raw >= 0.0 {
            continue; // at its clamp: no force, no penalty curvature
        }
        let fc = raw;
        f = pose::sub(f, pose::scale(e.n, fc));
        add_outer(&mut h, k, e.n);
        if p.friction > 0.0 {
            if !slots.stick.x[i].is_finite() {
                slots.stick.set(i, e.local.map(|v| v as f32));
            }
            let stick = c.frame.point(slots.stick.get(i).map(f64::from));
            friction::term(
                x,
                stick,
                e.n,
                -fc * p.friction,
                slots.k_f[i] as f64,
                slots.lambda_f[i] as f64,
                &mut f,
                &mut h,
            );
        }
    }
    (f, h)
}

/// `h += k·n nᵀ` (upper triangle).
pub fn add_outer(h: &mut [f64; 6], k: f64, n: Vec3) {
    h[0] += k * n[0] * n[0];
    h[1] += k * n[0] * n[1];
    h[2] += k * n[0] * n[2];
    h[3] += k * n[1] * n[1];
    h[4] += k * n[1] * n[2];
    h[5] += k * n[2] * n[2];
}

/// The dual update of slot `i`'s contact and friction rows, evaluated at the
/// particle's position `x`: `λ ← min(k·C + λ, 0)`, the ramp while λ pushes,
/// and the friction multiplier clamped to `[0, μ·f_n]` with `f_n = −λ`.
#[inline(always)]
fn dual(slots: &mut ContactSlots, i: usize, c: &SubstepCollider, e: &Eval, x: Vec3, m_h2: f64, p: &ContactParams) {
    let kmax = p.ratio_max * m_h2;
    let beta = p.beta_r * m_h2;
    let k = slots.k[i] as f64;
    let lambda = (k * e.c + slots.lambda[i] as f64).min(0.0);
    slots.lambda[i] = lambda as f32;
    if lambda < 0.0 {
        let violation = match p.ramp {
            ContactRamp::Linear => e.c.abs(),
            ContactRamp::Floor => e.c.abs().max(p.offset),
        };
        slots.k[i] = (k + beta * violation).min(kmax) as f32;
    }
    // Friction: C is the slip magnitude from the stick point.
    let stick = slots.stick.get(i).map(f64::from);
    if p.friction > 0.0 && stick[0].is_finite() {
        let slip = pose::sub(x, c.frame.point(stick));
        let t = pose::sub(slip, pose::scale(e.n, pose::dot(slip, e.n)));
        let cf = pose::norm(t);
        let cap = -lambda * p.friction;
        let kf = slots.k_f[i] as f64;
        let lf = (kf * cf + slots.lambda_f[i] as f64).clamp(0.0, cap.max(0.0));
        slots.lambda_f[i] = lf as f32;
        if lf > 0.0 && lf < cap {
            let violation = match p.ramp {
                ContactRamp::Linear => cf,
                ContactRamp::Floor => cf.max(p.offset),
            };
            slots.k_f[i] = (kf + beta * violation).min(kmax) as f32;
        }
    }
}

/// The dual update of every contact row still pending at the end of a
/// substep's iterations.
///
/// The update belongs after each iteration's sweep. A contact row is unary
/// and nothing moves its particle between the particle's own update and its
/// update in the next iteration, so the rows' dual update runs at the start
/// of the next iteration's terms, on the same field evaluation ([`terms`]
/// with `pending`): the same arithmetic on the same inputs, to the bit, for
/// one field evaluation per row per iteration instead of two. This pass does
/// the last iteration's, before the next substep's warm start.
pub fn dual_update(model: &Model, x: &Points, slots: &mut ContactSlots, inv_h2: f64, p: &ContactParams) {
    for block in 0..model.swept / LANES {
        if !slots.block_has[block] {
            continue;
        }
        for s in block * LANES..(block + 1) * LANES {
            let xs = x.get(s).map(f64::from);
            let m_h2 = model.mass[s] as f64 * inv_h2;
            for i in s * CONTACT_SLOTS..(s + 1) * CONTACT_SLOTS {
                let index = slots.collider[i];
                if index == EMPTY {
                    break;
                }
                if skippable(slots, i) {
                    continue;
                }
                let c = slots.frames[index as usize];
                let e = eval(&c, xs, p.offset);
                dual(slots, i, &c, &e, xs, m_h2, p);
            }
        }
    }
}
