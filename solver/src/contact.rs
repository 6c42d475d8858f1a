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
//! slot starts at λ = 0, k = k_min (ours, DESIGN §4). A slot stores the
//! index alone and the generation is kept once per collider index
//! ([`ContactSlots::generation`]): every discovery rewrites the slots of
//! every particle that has any from one set, so all slots on one index
//! carry the generation it had then.
//!
//! **A contact is unary** (§18): the collider is fixed for the substep, so the
//! row couples no two particles and accumulates in the vertex update like a
//! leash; the step stays deterministic because the slot set is built by one
//! pass in a fixed order.
//!
//! Shapes differ per slot, and most particles have none, so the terms are
//! evaluated per lane in f64 and added to the lanes' `(f, H)` — the scalar
//! kernel performs the identical computation, so parity stays exact. Only a
//! particle with a row that may act (not `path < quiet`: a NaN acts)
//! evaluates anything: a row that provably does nothing is never evaluated
//! ([`skippable`]).

use crate::anchor::{FrameTravel, Shift};
use crate::collider::{Aabb, ColliderSet};
use crate::constants::{CONTACT_MARGIN, CONTACT_SLOTS, LANES};
use crate::friction;
use crate::lanes::Points;
use crate::model::Model;
use crate::pose::{self, Frame, Pose, Vec3};
use crate::shape::{plane, Shape};
use wide::f32x8;

/// A slot's collider key meaning "empty": one past the last collider index
/// a set may issue ([`crate::collider::MAX_COLLIDERS`]).
pub const EMPTY: u16 = u16::MAX;

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

/// One contact slot: the collider it is keyed on, its contact and friction
/// rows' state, and what is known of its `C` without evaluating it. 28
/// bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    /// Collider slot index, or [`EMPTY`]; its generation is
    /// [`ContactSlots::generation`]`[collider]`.
    pub collider: u16,
    /// With the particle's `path`, a lower bound on the row's `C` at the
    /// particle's current position: `C ≥ bound − path` (−∞: unknown). See
    /// [`skippable`].
    pub bound: Floor16,
    /// Contact multiplier (≤ 0) and penalty.
    pub lambda: f32,
    pub k: f32,
    /// Friction spring stiffness, N/m (`crate::friction`).
    pub k_f: f32,
    /// Friction stick point in the collider's frame; NaN until first touch.
    pub stick: [f32; 3],
}

impl Slot {
    pub const EMPTY: Slot =
        Slot { collider: EMPTY, bound: Floor16::NEG_INFINITY, lambda: 0.0, k: 0.0, k_f: 0.0, stick: [f32::NAN; 3] };
}

/// A lower bound kept in 16 bits: the upper half of an f32 (8 bits of
/// precision, the f32's range), rounded toward −∞ so that what is read back
/// never exceeds what was written. A NaN stays a NaN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Floor16(u16);

impl Floor16 {
    pub const NEG_INFINITY: Floor16 = Floor16(0xFF80);

    /// The largest 16-bit value not above `v`.
    #[inline(always)]
    pub fn below(v: f32) -> Floor16 {
        if v.is_nan() {
            return Floor16(0x7FC0);
        }
        let bits = v.to_bits();
        let (high, low) = ((bits >> 16) as u16, bits as u16);
        // Cutting the low half rounds the magnitude down: down for a
        // positive value, up for a negative one, which then steps one
        // further out (−f32::MAX's next is −∞).
        match v.is_sign_negative() && low != 0 {
            true => Floor16(high + 1),
            false => Floor16(high),
        }
    }

    #[inline(always)]
    pub fn get(self) -> f32 {
        f32::from_bits((self.0 as u32) << 16)
    }
}

/// A particle's slots, packed from the first.
type Slots = [Slot; CONTACT_SLOTS];

/// Contact slots of every swept particle: `CONTACT_SLOTS` per slot index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ContactSlots {
    pub slot: Vec<Slot>,
    /// Per 8-particle block: the lanes with a slot, as bits (discovery
    /// revisits exactly these, with the lanes it finds).
    pub block_has: Vec<u8>,
    /// The particles with at least one slot, ascending (discovery).
    pub particles: Vec<u32>,
    /// Per particle: the smallest `bound` of its slots, −∞ if any slot
    /// carries a multiplier, +∞ without slots. Every slot is [`skippable`]
    /// exactly when `path < quiet`.
    pub quiet: Vec<f32>,
    /// Per particle: an upper bound on how far it has moved since the
    /// substep's warm start (the vertex update adds to it; [`PATH_SCALE`]).
    /// Reset by discovery and the warm start for particles with slots; a
    /// particle without slots has `quiet = +∞`, so its path is never read.
    pub path: Vec<f32>,
    /// Per particle: how far the frame's motion can take it over the step,
    /// m (`crate::anchor::FramePlan::travel`), written by the step before
    /// a discovery that reads it ([`Travel::Listed`]): empty until inertia
    /// scales are painted ([`Self::provision_travel`]).
    pub travel: Vec<f32>,
    /// Per particle: the outward normal, in the cloth frame, of the contact
    /// with the largest push (the most negative multiplier) after the
    /// substep's last dual update ([`dual_update`]); zero if none pushes.
    /// The strain projection slides such a particle along the surface
    /// instead of pulling it in (`crate::strain_limit::project`), and
    /// nothing else reads it: empty until the projection is on
    /// ([`Self::provision_slide`]). Sized late it is still exact where read:
    /// every particle with slots gets its normal at each substep's dual
    /// update, before the projection, and the others' stay zero.
    pub pushed: Points,
    /// The colliders at the current substep's end, per collider slot index
    /// (scratch, sized to the set's capacity).
    pub frames: Vec<SubstepCollider>,
    /// The pose each of `frames` was built from, so an unchanged pose
    /// reuses its frame ([`substep_frames`]).
    pub poses: Vec<Pose>,
    /// Per collider slot index: the generation the collider there had at
    /// the last discovery, which is the generation of every slot keyed on
    /// that index (sized with `frames`; meaningless for an index no slot
    /// names).
    pub generation: Vec<u32>,
    /// Per collider, the map `U = F ∘ F_old⁻¹ ∘ S⁻¹` the warm start carries
    /// bounds with (`warm_start`; scratch, sized with `frames`; not written,
    /// and not read, while the collider is `still`).
    pub carry: Vec<Frame>,
    /// Per collider: its carry map is the identity (no frame shift, and the
    /// same frame as before, to the bit), so a bound carries by the
    /// particle's own displacement.
    pub still: Vec<bool>,
    /// Per collider: its generation, shape and pose in the cloth's frame
    /// when the cloth last fell asleep (`None`: not in the set then; sized
    /// with `frames`). A sleeping cloth wakes for a collider only once it
    /// has left that pose by more than the sleep test's radius
    /// (`crate::step`'s `colliders_wake`).
    pub asleep_at: Vec<Option<(u32, Shape, Pose)>>,
    /// Per collider slot index: what the last discovery derived from its
    /// poses (scratch, sized with `frames`), reused while they do not change.
    pub discovered: Vec<Option<Discovered>>,
    /// Discovery scratch: each live collider swept over the step, and the
    /// ones whose swept box meets the current block.
    pub swept: Vec<SweptCollider>,
    pub boxes: SweptBoxes,
    pub candidates: Vec<u32>,
    /// Contacts found by the last discovery, and slots the last discovery
    /// would have liked a fifth for (§18: never reached on the record's
    /// 20-collider scene).
    pub active: usize,
    pub overflowed: usize,
}

impl ContactSlots {
    pub fn new(slots: usize, blocks: usize) -> Self {
        ContactSlots {
            slot: vec![Slot::EMPTY; slots * CONTACT_SLOTS],
            block_has: vec![0; blocks],
            particles: Vec::with_capacity(slots),
            quiet: vec![f32::INFINITY; slots],
            path: vec![0.0; slots],
            travel: Vec::new(),
            pushed: Points::default(),
            frames: Vec::new(),
            poses: Vec::new(),
            generation: Vec::new(),
            discovered: Vec::new(),
            carry: Vec::new(),
            still: Vec::new(),
            asleep_at: Vec::new(),
            swept: Vec::new(),
            boxes: SweptBoxes::default(),
            candidates: Vec::new(),
            active: 0,
            overflowed: 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.slot.is_empty()
    }

    /// Particle slot `s`'s slots, from the slot column (a borrow of the
    /// column alone, so the other fields stay free).
    #[inline(always)]
    fn of_mut(slot: &mut [Slot], s: usize) -> &mut Slots {
        (&mut slot[s * CONTACT_SLOTS..(s + 1) * CONTACT_SLOTS]).try_into().expect("four slots")
    }

    /// Sizes the per-collider scratch for a set of this capacity (outside the
    /// step: growing a set costs one allocation at the next step's start).
    pub fn reserve_colliders(&mut self, capacity: usize) {
        if self.frames.len() < capacity {
            let unused = SubstepCollider {
                shape: Shape::Plane,
                frame: Frame::of(&Pose::IDENTITY),
                start: [Frame::of(&Pose::IDENTITY); 2],
            };
            self.frames.resize(capacity, unused);
            self.poses.resize(capacity, Pose::IDENTITY);
            self.generation.resize(capacity, 0);
            self.discovered.resize(capacity, None);
            self.carry.resize(capacity, unused.frame);
            self.still.resize(capacity, false);
            self.asleep_at.resize(capacity, None);
        }
        if self.swept.capacity() < capacity {
            self.swept.reserve(capacity - self.swept.len());
        }
        self.boxes.reserve(capacity);
        if self.candidates.capacity() < capacity {
            self.candidates.reserve(capacity - self.candidates.len());
        }
    }

    /// Records where each collider stands in the cloth's frame (anchor at
    /// `anchor`) as the cloth falls asleep ([`Self::asleep_at`]).
    pub fn remember_asleep(&mut self, colliders: &ColliderSet, anchor: &Pose) {
        self.asleep_at.fill(None);
        let to_cloth = anchor.inverse();
        for (i, generation, c) in colliders.iter() {
            if let Some(at) = self.asleep_at.get_mut(i as usize) {
                *at = Some((generation, c.shape, to_cloth.mul(&c.cur)));
            }
        }
    }

    /// Sizes `pushed` when the strain projection is on (outside the step).
    pub fn provision_slide(&mut self) {
        if !self.is_empty() && self.pushed.is_empty() {
            self.pushed = Points::zeros(self.quiet.len());
        }
    }

    /// Sizes `travel` when inertia scales are painted (outside the step).
    pub fn provision_travel(&mut self) {
        if !self.is_empty() && self.travel.is_empty() {
            self.travel = vec![0.0; self.quiet.len()];
        }
    }

    /// Empties every slot (a Reset).
    pub fn clear(&mut self) {
        self.slot.fill(Slot::EMPTY);
        self.block_has.fill(0);
        self.particles.clear();
        self.quiet.fill(f32::INFINITY);
        self.pushed.fill(0.0);
        self.active = 0;
    }

    /// Bytes held: the per-particle columns and the per-collider scratch.
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        size_of::<Slot>() * self.slot.capacity()
            + self.block_has.capacity()
            + 4 * (self.particles.capacity() + self.quiet.capacity() + self.path.capacity() + self.travel.capacity())
            + self.pushed.bytes()
            + size_of::<SubstepCollider>() * self.frames.capacity()
            + size_of::<Pose>() * self.poses.capacity()
            + 4 * self.generation.capacity()
            + size_of::<Frame>() * self.carry.capacity()
            + self.still.capacity()
            + size_of::<Option<(u32, Shape, Pose)>>() * self.asleep_at.capacity()
            + size_of::<Option<Discovered>>() * self.discovered.capacity()
            + size_of::<SweptCollider>() * self.swept.capacity()
            + self.boxes.bytes()
            + 4 * self.candidates.capacity()
    }
}

/// `quiet` of a particle's slots: the smallest bound, or −∞ if any slot
/// carries a multiplier (NaN if a bound is: never quiet).
#[inline(always)]
fn quiet_of(slots: &Slots) -> f32 {
    slots.iter().take_while(|sl| sl.collider != EMPTY).fold(f32::INFINITY, quiet_with)
}

/// `quiet` folded over one more slot: −∞ and NaN both mean "never quiet"
/// and both stay so.
#[inline(always)]
fn quiet_with(q: f32, sl: &Slot) -> f32 {
    if sl.lambda != 0.0 || q == f32::NEG_INFINITY {
        f32::NEG_INFINITY
    } else if q.is_nan() || sl.bound.get().is_nan() {
        f32::NAN
    } else {
        q.min(sl.bound.get())
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
    /// Skip rows that provably do nothing ([`skippable`]); the same bits
    /// either way.
    pub skip: bool,
}

/// How discovery bounds how far each particle moves over the step in the
/// cloth frame (its own travel, added to the reach).
#[derive(Clone, Copy, Debug)]
pub enum Travel<'a> {
    /// `|v|·dt`: the frame moves nothing this step.
    Speed,
    /// The frame moves the particles, each feeling all of its motion.
    Frame(&'a FrameTravel),
    /// The frame moves the particles, each by its own inertia scale:
    /// [`ContactSlots::travel`].
    Listed,
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
    travel: Travel,
) -> usize {
    let reach = p.offset * (1.0 + CONTACT_MARGIN);
    // Each collider's end pose in the cloth frame, its travel and swept box
    // (inflated by the reach and its travel; each block's box carries its
    // particles' own travel).
    slots.swept.clear();
    for (index, generation, c) in colliders.iter() {
        let i = index as usize;
        let a = start.mul(&c.prev);
        let b = end.mul(&c.cur);
        // A collider swept between the same two poses, to the bit, with the
        // same shape and reach as at the last discovery (at rest, as on W3)
        // keeps what was derived from them.
        let swept = match &slots.discovered[i] {
            Some(d)
                if d.swept.generation == generation
                    && d.swept.shape == c.shape
                    && d.reach.to_bits() == reach.to_bits()
                    && same_bits(&d.a, &a)
                    && same_bits(&d.b, &b) =>
            {
                // The current shape itself: `==` equates −0 and +0, and the
                // exact field reads the shape's own bits.
                SweptCollider { shape: c.shape, ..d.swept }
            }
            _ => {
                let (travel, tilt) = surface_travel(&c.shape, &a, &b);
                let at_a = Aabb::of_shape(&c.shape, &a);
                let bounds = if a == b { at_a } else { at_a.union(&Aabb::of_shape(&c.shape, &b)) };
                let end = Frame::of(&b);
                let near = Near::of(&c.shape, &end);
                let bounds = bounds.inflate(reach + travel);
                let swept = SweptCollider { index, generation, shape: c.shape, end, travel, tilt, bounds, near };
                slots.discovered[i] = Some(Discovered { a, b, reach, swept });
                swept
            }
        };
        // Also the frame the new slots' bounds are measured against (`warm_start`).
        slots.frames[i] = SubstepCollider { shape: c.shape, frame: swept.end, start: [swept.end; 2] };
        slots.poses[i] = b;
        slots.swept.push(swept);
    }
    // Whole-cloth broadphase: with no collider near the cloth's box and no
    // slot left from the last step, there is nothing to find or to clear.
    if slots.particles.is_empty() && {
        let cloth = cloth_bounds(x, model.swept);
        let far = match travel {
            Travel::Speed => fastest(v, model.swept) * dt,
            Travel::Frame(t) => {
                let corner = [0, 1, 2].map(|k| cloth.min[k].abs().max(cloth.max[k].abs()));
                t.reach(pose::norm(corner), fastest(v, model.swept))
            }
            Travel::Listed => slots.travel[..model.swept].iter().fold(0.0f32, |m, &t| m.max(t)) as f64,
        };
        let cloth = cloth.inflate(far);
        !slots.swept.iter().any(|c| c.bounds.overlaps(&cloth))
    } {
        slots.active = 0;
        slots.overflowed = 0;
        return 0;
    }
    // The swept boxes again in f32 lanes, for the vectorised filters.
    slots.boxes.fill(&slots.swept);
    let swept = std::mem::take(&mut slots.swept);
    let mut candidates = std::mem::take(&mut slots.candidates);
    let mut active = 0;
    let mut overflowed = 0;
    slots.particles.clear();
    let inf = f32x8::splat(f32::INFINITY);
    // A particle's own travel `|v|·dt` in f32 lanes, scaled past the f32
    // rounding of a length as the path is ([`PATH_SCALE`]).
    let own_scale = f32x8::splat((dt * PATH_SCALE as f64) as f32);
    for block in 0..model.swept / LANES {
        // Broadphase per block: the colliders whose swept box meets the box
        // of the block's free particles, each grown by its own travel. A
        // block with none and no slots has nothing to do.
        let first = block * LANES;
        let load = |c: &[f32]| f32x8::from(<[f32; LANES]>::try_from(&c[first..first + LANES]).expect("lanes"));
        let pos = [load(&x.x), load(&x.y), load(&x.z)];
        let vel = [load(&v.x), load(&v.y), load(&v.z)];
        let speed2 = vel[0] * vel[0] + vel[1] * vel[1] + vel[2] * vel[2];
        let free = load(&model.inv_mass).simd_gt(f32x8::ZERO);
        let own32 = match travel {
            Travel::Speed => speed2.sqrt() * own_scale,
            Travel::Frame(t) => lanes_travel(t, pos, vel),
            Travel::Listed => load(&slots.travel),
        };
        let lo = pos.map(|c| c - own32);
        let hi = pos.map(|c| c + own32);
        // Seven minima over the free lanes at once: transposed, lane `i` of
        // the running minimum is row `i`'s.
        let abs = pos[0].abs().fast_max(pos[1].abs()).fast_max(pos[2].abs());
        let rows = [lo[0], lo[1], lo[2], -hi[0], -hi[1], -hi[2], -abs, inf].map(|r| free.select(r, inf));
        let m = f32x8::transpose(rows).into_iter().fold(inf, f32x8::fast_min).to_array();
        let (block_lo, block_hi, extent) = ([m[0], m[1], m[2]], [-m[3], -m[4], -m[5]], (-m[6]).max(0.0));
        candidates.clear();
        slots.boxes.meeting(block_lo, block_hi, &mut candidates);
        let had = slots.block_has[block];
        if candidates.is_empty() && had == 0 {
            continue;
        }
        let free = free.to_bitmask();
        let speed2 = speed2.to_array();
        let own_lanes = own32.to_array();
        // Each particle's four candidates with the smallest sdf − offset
        // (ties: index). Within reach + travel + own of the shape at its end
        // pose implies inside its swept box grown by `own`: the lanes outside
        // are filtered out eight at a time.
        let mut best = [[(f64::INFINITY, u32::MAX); CONTACT_SLOTS]; LANES];
        let mut found = [0usize; LANES];
        let mut hit = 0u32;
        for &ci in &candidates {
            let c = &swept[ci as usize];
            // No particle of the block is further than √3·extent from the origin.
            let limit = reach - p.offset + c.travel + c.tilt * 3f64.sqrt() * extent as f64;
            let mut lanes = free & slots.boxes.lanes_meeting(ci as usize, lo, hi);
            if lanes != 0 {
                lanes &= c.near.lanes_within(pos, own32, limit + p.offset, extent);
            }
            while lanes != 0 {
                let j = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                let own = match travel {
                    Travel::Speed => (speed2[j] as f64).sqrt() * dt,
                    _ => own_lanes[j] as f64,
                };
                let xs = x.get(first + j).map(f64::from);
                let d = c.shape.distance(c.end.local_point(xs)) - p.offset;
                if d >= limit + own {
                    continue;
                }
                found[j] += 1;
                hit |= 1 << j;
                let b = &mut best[j];
                if let Some(pos) = b.iter().position(|&(bd, bi)| d < bd || (d == bd && ci < bi)) {
                    b[pos..].rotate_right(1);
                    b[pos] = (d, ci);
                }
            }
        }
        overflowed += found.iter().filter(|&&n| n > CONTACT_SLOTS).count();

        // Rewrite each particle's slots, carrying a kept slot's multipliers,
        // penalties and stick point by its key.
        // Only lanes with slots before or now: the others have none either
        // way (`quiet` stays +∞).
        let mut block_has = 0u8;
        let mut visit = hit | had as u32;
        while visit != 0 {
            let j = visit.trailing_zeros() as usize;
            visit &= visit - 1;
            let (s, best) = (first + j, &best[j]);
            let sl = ContactSlots::of_mut(&mut slots.slot, s);
            // Only a changed key list is rebuilt: a resting contact keeps its
            // colliders in the same order, the common case.
            let key = |&(d, ci): &(f64, u32)| match d.is_finite() {
                // Indices are below `MAX_COLLIDERS`, which fits a u16.
                true => (swept[ci as usize].index as u16, swept[ci as usize].generation),
                false => (EMPTY, 0),
            };
            // A slot's key: its index and the generation every slot on it
            // carries (an empty slot's generation reads 0).
            let generation = &slots.generation;
            let old_key = |o: &Slot| match o.collider {
                EMPTY => (EMPTY, 0),
                i => (i, generation.get(i as usize).copied().unwrap_or(0)),
            };
            // Both lists are packed, so the first empty entry ends the
            // comparison.
            let same = sl
                .iter()
                .zip(best)
                .map(|(o, b)| (old_key(o), key(b)))
                .find(|&(o, k)| o != k || k.0 == EMPTY)
                .is_none_or(|(o, k)| o == k);
            if !same {
                let old = *sl;
                *sl = [Slot::EMPTY; CONTACT_SLOTS];
                for (new, b) in sl.iter_mut().zip(best).take_while(|(_, (d, _))| d.is_finite()) {
                    let (index, generation) = key(b);
                    let kept =
                        old.iter().take_while(|o| o.collider != EMPTY).find(|o| old_key(o) == (index, generation));
                    // A new slot: k = 0, the warm start raises it to k_min.
                    *new = match kept {
                        Some(o) => *o,
                        None => Slot { collider: index, ..Slot::EMPTY },
                    };
                }
            }
            // `d` is the row's C at the particle's position against the
            // collider's end-of-step pose: the first warm start carries it
            // to the first substep's pose.
            for (slot, &(d, _)) in sl.iter_mut().zip(best).take_while(|(_, (d, _))| d.is_finite()) {
                slot.bound = lower_bound(d);
                active += 1;
            }
            slots.quiet[s] = quiet_of(sl);
            if sl[0].collider != EMPTY {
                block_has |= 1 << j;
                slots.particles.push(s as u32);
                slots.path[s] = 0.0;
            } else if !slots.pushed.is_empty() {
                slots.pushed.set(s, [0.0; 3]);
            }
        }
        slots.block_has[block] = block_has;
    }
    // Every slot now names a collider of this set: the generations its
    // indices carry are the set's.
    for c in &swept {
        if let Some(g) = slots.generation.get_mut(c.index as usize) {
            *g = c.generation;
        }
    }
    slots.swept = swept;
    slots.candidates = candidates;
    slots.active = active;
    slots.overflowed = overflowed;
    active
}

/// [`FrameTravel`] on eight particles: the largest `|D_k|` and the first
/// start's `|D_1 + h·w|`, in f32, rounded up past its rounding (relative
/// 2⁻¹², plus 4 µm per metre of `|x|∞`, covering the maps' f32 entries).
fn lanes_travel(t: &FrameTravel, x: [f32x8; 3], v: [f32x8; 3]) -> f32x8 {
    let mut far2 = f32x8::ZERO;
    for (k, m) in t.maps[..t.substeps].iter().enumerate() {
        let s = |e: usize| f32x8::splat(m[e]);
        let d = [0, 1, 2].map(|i| {
            s(3 * i) * x[0]
                + s(3 * i + 1) * x[1]
                + s(3 * i + 2) * x[2]
                + s(9 + 3 * i) * v[0]
                + s(9 + 3 * i + 1) * v[1]
                + s(9 + 3 * i + 2) * v[2]
                + s(18 + i)
        });
        far2 = far2.fast_max(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        if k == 0 {
            let w = t.kick.map(f32x8::splat);
            let e = [d[0] + w[0], d[1] + w[1], d[2] + w[2]];
            far2 = far2.fast_max(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
        }
    }
    let size = x[0].abs().fast_max(x[1].abs()).fast_max(x[2].abs());
    far2.sqrt() * f32x8::splat(1.0 + 1.0 / 4096.0) + (size + f32x8::ONE) * f32x8::splat(4e-6)
}

/// A box holding the first `n` particles (fixed and padding slots too: a
/// larger box is still a bound). Lane-wise, so it vectorises.
fn cloth_bounds(x: &Points, n: usize) -> Aabb {
    let mut lo = [[f32::INFINITY; LANES]; 3];
    let mut hi = [[f32::NEG_INFINITY; LANES]; 3];
    for (k, coord) in [&x.x, &x.y, &x.z].into_iter().enumerate() {
        for c in coord[..n].chunks_exact(LANES) {
            for j in 0..LANES {
                lo[k][j] = lo[k][j].min(c[j]);
                hi[k][j] = hi[k][j].max(c[j]);
            }
        }
    }
    let fold = |a: &[f32; LANES], f: fn(f32, f32) -> f32, start: f32| a.iter().fold(start, |m, &e| f(m, e)) as f64;
    let min = [0, 1, 2].map(|k| fold(&lo[k], f32::min, f32::INFINITY));
    let max = [0, 1, 2].map(|k| fold(&hi[k], f32::max, f32::NEG_INFINITY));
    Aabb { min, max }
}

/// The largest speed among the first `n` particles, m/s. Lane-wise.
fn fastest(v: &Points, n: usize) -> f64 {
    let mut v2 = [0.0f32; LANES];
    for ((a, b), c) in v.x[..n].chunks_exact(LANES).zip(v.y[..n].chunks_exact(LANES)).zip(v.z[..n].chunks_exact(LANES))
    {
        for j in 0..LANES {
            v2[j] = v2[j].max(a[j] * a[j] + b[j] * b[j] + c[j] * c[j]);
        }
    }
    (v2.iter().fold(0.0f32, |m, &e| m.max(e)) as f64).sqrt()
}

/// A collider as discovery sees it: its end-of-step pose in the cloth frame,
/// how far it travelled, and its box swept over the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweptCollider {
    pub index: u32,
    pub generation: u32,
    pub shape: Shape,
    /// Collider frame to cloth frame at the step's end.
    pub end: Frame,
    /// How far any point of the surface moved over the step, m — for a
    /// plane, any point at the cloth frame's origin; one at distance `r`
    /// from it moved at most `travel + tilt·r` ([`surface_travel`]).
    pub travel: f64,
    pub tilt: f64,
    pub bounds: Aabb,
    pub near: Near,
}

/// How far a collider's surface moved between poses `a` and `b` (cloth
/// frame): `(travel, tilt)`, a point at distance `r` from the cloth frame's
/// origin having moved at most `travel + tilt·r`.
///
/// A local point `q` moves by `|R_b q − R_a q + Δt| ≤ |Δt| + θ·|q|` (`θ` the
/// angle between the rotations: a chord is shorter than its arc), so a
/// bounded shape's surface moved at most `|Δt| + θ·max|q|` — a thigh turning
/// about the hip sweeps its knee through the cloth while its pose's
/// translation barely moves. A plane is unbounded, but its field at a point
/// `p` changes by `(n_a − n_b)·p − (n_a·o_a − n_b·o_b)`: no more than
/// `|n_a·o_a − n_b·o_b| + |n_a − n_b|·|p|`, nothing for a ground turning
/// about its own normal.
fn surface_travel(shape: &Shape, a: &Pose, b: &Pose) -> (f64, f64) {
    let moved = pose::norm(pose::sub(b.translation, a.translation));
    if a.rotation == b.rotation {
        return (moved, 0.0);
    }
    match shape {
        Shape::Plane => {
            let (na, nb) = (a.rotation.rotate(plane::NORMAL), b.rotation.rotate(plane::NORMAL));
            let shift = (pose::dot(na, a.translation) - pose::dot(nb, b.translation)).abs();
            (shift, pose::norm(pose::sub(na, nb)))
        }
        _ => {
            let (lo, hi) = shape.local_bounds();
            let far = pose::norm([0, 1, 2].map(|k| lo[k].abs().max(hi[k].abs())));
            let angle = a.rotation.conj().compose(b.rotation).angle();
            (moved + angle * far, 0.0)
        }
    }
}

/// A collider's swept state and the poses and reach it was derived from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Discovered {
    a: Pose,
    b: Pose,
    reach: f64,
    swept: SweptCollider,
}

/// A lower bound on a collider's field, eight particles at a time in f32:
/// discovery's last filter before the exact f64 field. Exact for spheres,
/// capsules, boxes and planes (up to f32 rounding); a tapered capsule is
/// bounded by the plain capsule of its larger radius, which holds it. On W3
/// with 20 colliders it drops 504 of the 807 points a step that lie inside a
/// swept box (`MEASUREMENTS.md`, "W3 a third time").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Near {
    /// The end frame, cloth to collider (`Rᵀ·(x − t)`), in f32.
    r: [[f32; 3]; 3],
    t: [f32; 3],
    kind: NearKind,
    /// The size of the numbers involved, for the rounding slack.
    scale: f32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum NearKind {
    /// `‖p‖ − r`.
    Ball { radius: f32 },
    /// Distance to the segment `a + s·ba`, `s ∈ [0, 1]`, minus `radius`.
    Segment { a: [f32; 3], ba: [f32; 3], inv_len2: f32, radius: f32 },
    /// The rounded box: inner half-extents and corner radius.
    Cuboid { inner: [f32; 3], radius: f32 },
    /// `p_y`.
    Plane,
}

impl Near {
    fn of(shape: &Shape, end: &Frame) -> Near {
        let f = |v: Vec3| v.map(|c| c as f32);
        let (kind, size) = match *shape {
            Shape::Sphere { radius } => (NearKind::Ball { radius: radius as f32 }, radius),
            Shape::Capsule { a, b, radius } => (Self::segment(a, b, radius), pose::norm(a) + pose::norm(b) + radius),
            Shape::TaperedCapsule { a, ra, b, rb } => {
                (Self::segment(a, b, ra.max(rb)), pose::norm(a) + pose::norm(b) + ra.max(rb))
            }
            Shape::Cuboid { half_extents, corner_radius } => (
                NearKind::Cuboid { inner: f(half_extents.map(|h| h - corner_radius)), radius: corner_radius as f32 },
                pose::norm(half_extents),
            ),
            Shape::Plane => (NearKind::Plane, 0.0),
        };
        Near { r: end.r.map(f), t: f(end.t), kind, scale: (size + pose::norm(end.t)) as f32 }
    }

    fn segment(a: Vec3, b: Vec3, radius: f64) -> NearKind {
        let ba = pose::sub(b, a);
        let len2 = pose::dot(ba, ba);
        let inv_len2 = if len2 > 0.0 { (1.0 / len2) as f32 } else { 0.0 };
        let f = |v: Vec3| v.map(|c| c as f32);
        NearKind::Segment { a: f(a), ba: f(ba), inv_len2, radius: radius as f32 }
    }

    /// The lanes whose lower bound is below `within + own`: every lane whose
    /// exact distance can be below it (`extent` bounds the points'
    /// coordinates, for the slack).
    #[inline(always)]
    fn lanes_within(&self, p: [f32x8; 3], own: f32x8, within: f64, extent: f32) -> u32 {
        let splat = f32x8::splat;
        let d = [0, 1, 2].map(|k| p[k] - splat(self.t[k]));
        let l = [0, 1, 2].map(|i| splat(self.r[0][i]) * d[0] + splat(self.r[1][i]) * d[1] + splat(self.r[2][i]) * d[2]);
        let norm = |v: [f32x8; 3]| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        let lower = match self.kind {
            NearKind::Ball { radius } => norm(l) - splat(radius),
            NearKind::Segment { a, ba, inv_len2, radius } => {
                let pa = [0, 1, 2].map(|k| l[k] - splat(a[k]));
                let along = (pa[0] * splat(ba[0]) + pa[1] * splat(ba[1]) + pa[2] * splat(ba[2])) * splat(inv_len2);
                let s = along.max(f32x8::ZERO).min(splat(1.0));
                norm([0, 1, 2].map(|k| pa[k] - splat(ba[k]) * s)) - splat(radius)
            }
            NearKind::Cuboid { inner, radius } => {
                let q = [0, 1, 2].map(|k| l[k].abs() - splat(inner[k]));
                let out = norm(q.map(|c| c.max(f32x8::ZERO)));
                out + q[0].max(q[1]).max(q[2]).min(f32x8::ZERO) - splat(radius)
            }
            NearKind::Plane => l[1],
        };
        // f32 rounding of the frame, the shape and the norms: a few ulps of
        // the largest number involved, and 10 µm besides.
        let slack = 1e-5 + 8e-6 * (extent + self.scale);
        lower.simd_lt(own + splat((within as f32) + slack)).to_bitmask()
    }
}

/// The swept colliders' boxes in f32 for discovery's vectorised filters,
/// eight colliders to a group, one lane each: rounded outward by far more
/// than the f32 rounding of a position or a box (a filter: a wider box
/// costs a field evaluation, never a contact), the last group padded with
/// empty boxes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SweptBoxes {
    /// Per eight colliders: `lo` x, y, z then `hi` x, y, z, one lane each.
    groups: Vec<[f32x8; 6]>,
    /// Colliders in the groups (the lanes after them are padding).
    len: usize,
}

impl SweptBoxes {
    /// The outward rounding: 10 µm plus one part in a million of the
    /// coordinate (f32 carries ~6e-8 of it).
    fn outward(c: f64, sign: f64) -> f32 {
        (c + sign * (1e-5 + 1e-6 * c.abs())) as f32
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<[f32x8; 6]>() * self.groups.capacity()
    }

    fn reserve(&mut self, capacity: usize) {
        let groups = capacity.div_ceil(LANES);
        self.groups.reserve(groups.saturating_sub(self.groups.len()));
    }

    /// Rewrites the groups from this step's swept colliders.
    fn fill(&mut self, swept: &[SweptCollider]) {
        self.groups.clear();
        self.len = swept.len();
        for group in swept.chunks(LANES) {
            let mut g = [
                [f32::INFINITY; LANES],
                [f32::INFINITY; LANES],
                [f32::INFINITY; LANES],
                [f32::NEG_INFINITY; LANES],
                [f32::NEG_INFINITY; LANES],
                [f32::NEG_INFINITY; LANES],
            ];
            for (l, c) in group.iter().enumerate() {
                for k in 0..3 {
                    g[k][l] = Self::outward(c.bounds.min[k], -1.0);
                    g[3 + k][l] = Self::outward(c.bounds.max[k], 1.0);
                }
            }
            self.groups.push(g.map(f32x8::from));
        }
    }

    /// Pushes the index of every box that meets `[lo, hi]`, ascending.
    fn meeting(&self, lo: [f32; 3], hi: [f32; 3], out: &mut Vec<u32>) {
        let (lo, hi) = (lo.map(f32x8::splat), hi.map(f32x8::splat));
        for (first, g) in self.groups.iter().enumerate() {
            let m = g[0].simd_le(hi[0]) & g[3].simd_ge(lo[0]);
            let m = m & g[1].simd_le(hi[1]) & g[4].simd_ge(lo[1]);
            let m = m & g[2].simd_le(hi[2]) & g[5].simd_ge(lo[2]);
            // Padding lanes are empty boxes, which an infinite `[lo, hi]`
            // (a non-finite particle) would still meet: never report them.
            let colliders = u32::MAX >> (32 - (self.len - first * LANES).min(LANES));
            let mut bits = m.to_bitmask() & colliders;
            while bits != 0 {
                out.push((first * LANES) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    /// The lanes whose box `[lo, hi]` meets box `i`, as bits.
    #[inline(always)]
    fn lanes_meeting(&self, i: usize, lo: [f32x8; 3], hi: [f32x8; 3]) -> u32 {
        let g = &self.groups[i / LANES];
        let b = |k: usize| f32x8::splat(g[k].as_array()[i % LANES]);
        let m = hi[0].simd_ge(b(0)) & lo[0].simd_le(b(3));
        let m = m & hi[1].simd_ge(b(1)) & lo[1].simd_le(b(4));
        let m = m & hi[2].simd_ge(b(2)) & lo[2].simd_le(b(5));
        m.to_bitmask()
    }
}

/// A collider as the substep's contact rows see it: its shape and its pose
/// in the cloth frame at the substep's end, both ways round.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubstepCollider {
    pub shape: Shape,
    /// Collider frame to cloth frame.
    pub frame: Frame,
    /// The same at the substep's start, and at the start of the substep
    /// before (one substep's motion back from there, before the step's
    /// first substep), in this substep's cloth frame: where the particles'
    /// starts [`Starts::of`] are.
    pub start: [Frame; 2],
}

/// Each live collider at the end of substep `k` (`fraction` of the step),
/// at its start (`start_fraction`) and a substep before that, written into
/// `slots.frames`
/// (sized to the set's capacity beforehand). The slots discovery built this
/// step name only colliders of this set, so the rows read their collider
/// from here without a generation check.
///
/// A collider travels from its previous pose moved by what the step
/// carries the cloth by (`carried`, [`crate::anchor::FramePlan::carried`])
/// to its current pose, as the anchor does: a collider that moves with the
/// anchor stays put in the cloth frame, where it was at discovery, and one
/// fixed in the world sweeps past the cloth by the anchor's whole motion.
///
/// Each collider's carry map is written too: `U = F ∘ F_old⁻¹ ∘ S⁻¹`, with
/// `F_old` the frame it replaces (the previous substep's, or discovery's
/// end-of-step pose before the first substep) and `S` the substep start's
/// frame shift of the particles (`x0 = S·x_old`). See [`warm_start`].
pub fn substep_frames(
    slots: &mut ContactSlots,
    colliders: &ColliderSet,
    anchor_inv: &Pose,
    carried: Option<&Pose>,
    (start_fraction, fraction): (f64, f64),
    shift: Option<&Shift>,
) {
    let unshift = shift.map(|sh| Frame::of(&Pose { rotation: sh.rotation, translation: sh.translation }).inverse());
    for (index, _, c) in colliders.iter() {
        let i = index as usize;
        let world = |fraction| match carried {
            Some(m) => m.mul(&c.prev).interpolate(&c.cur, fraction),
            None => c.pose_at(fraction),
        };
        let pose = anchor_inv.mul(&world(fraction));
        // The same pose, to the bit, as the frame in place was built from (a
        // collider and an anchor at rest): the same frame, and a carry that is
        // the identity.
        if unshift.is_none() && same_bits(&pose, &slots.poses[i]) {
            slots.still[i] = true;
            slots.frames[i].start = [slots.frames[i].frame; 2];
            continue;
        }
        let frame = Frame::of(&pose);
        let back = frame.mul(&slots.frames[i].frame.inverse());
        slots.still[i] = unshift.is_none() && frame == slots.frames[i].frame;
        slots.carry[i] = match &unshift {
            Some(u) => back.mul(u),
            None => back,
        };
        let before = start_fraction - (fraction - start_fraction);
        let start = [start_fraction, before].map(|t| Frame::of(&anchor_inv.mul(&world(t))));
        slots.frames[i] = SubstepCollider { shape: c.shape, frame, start };
        slots.poses[i] = pose;
    }
}

/// Whether two poses are the same to the bit (`==` equates −0 and +0).
#[inline(always)]
fn same_bits(a: &Pose, b: &Pose) -> bool {
    let bits = |p: &Pose| {
        let (t, q) = (p.translation, p.rotation);
        [t[0], t[1], t[2], q.w, q.x, q.y, q.z].map(f64::to_bits)
    };
    bits(a) == bits(b)
}

/// Warm start of contact and friction rows, every substep (DESIGN §3: a
/// prototype showed carrying them undecayed throws a landed sheet back up).
/// New slots take `k_min`.
///
/// **Bounds carry across the substep boundary.** A slot that may be skipped
/// ([`skippable`]) holds a lower bound on its `C`, valid at the particle's
/// old position `x_old` against the collider's old frame `F_old`. The
/// substep start moves both: the particle to its initial guess `x` (and the
/// whole cloth by the frame shift `S`, `x0 = S·x_old`), the collider to this
/// substep's frame `F`. An exact field is 1-Lipschitz and frames are rigid, so
/// `|C(x) − C_old(x_old)| ≤ |F⁻¹x − F_old⁻¹x_old| = |x − U·x0|` with the
/// collider's carry map `U` ([`substep_frames`]): one transform instead of a
/// field evaluation (a row on a held plane, [`eval`], is never above the
/// field's, so a bound taken from one still bounds the field). With a shift, `x0` was rounded to f32 after the shift;
/// a slack proportional to its size covers that. Without the carry every
/// separated slot in the discovery margin is evaluated in each substep's
/// first iteration: on W3 with 20 colliders that was 526 of 661 field
/// evaluations a step.
#[allow(clippy::too_many_arguments)] // the step's columns, the shift and the row parameters
pub fn warm_start(
    model: &Model,
    slots: &mut ContactSlots,
    x: &Points,
    x0: &Points,
    shifted: bool,
    alpha_gamma: f64,
    inv_h2: f64,
    p: &ContactParams,
) {
    let ag = alpha_gamma as f32;
    let (ratio_min, ratio_max) = (p.ratio_min as f32, p.ratio_max as f32);
    let (still, carry) = (&slots.still[..], &slots.carry[..]);
    // Every per-particle column cut to one length: one bounds check covers them.
    let n = slots.quiet.len();
    let (mass, path, quiet) = (&model.mass[..n], &mut slots.path[..n], &mut slots.quiet[..n]);
    let (now, start) = ([&x.x[..n], &x.y[..n], &x.z[..n]], [&x0.x[..n], &x0.y[..n], &x0.z[..n]]);
    for &s in &slots.particles {
        let s = s as usize;
        let m_h2 = (mass[s] as f64 * inv_h2) as f32;
        let (kmin, kmax) = (ratio_min * m_h2, ratio_max * m_h2);
        let now = now.map(|c| c[s] as f64);
        let start = start.map(|c| c[s] as f64);
        let slack = if shifted { POSITION_SLACK * (1.0 + pose::norm(start)) } else { 0.0 };
        let path = std::mem::take(&mut path[s]);
        let sl = ContactSlots::of_mut(&mut slots.slot, s);
        let mut own = None; // |now − start|, for still colliders, once
        let mut q = f32::INFINITY;
        for slot in sl.iter_mut() {
            if slot.collider == EMPTY {
                break;
            }
            slot.bound = if skippable(slot, path) {
                let i = slot.collider as usize;
                let moved = match still[i] {
                    true => *own.get_or_insert_with(|| pose::norm(pose::sub(now, start))),
                    false => pose::norm(pose::sub(now, carry[i].point(start))),
                };
                lower_bound(slot.bound.get() as f64 - path as f64 - moved - slack)
            } else {
                Floor16::NEG_INFINITY
            };
            slot.lambda *= ag;
            slot.k = clamp(slot.k, kmin, kmax);
            slot.k_f = clamp(slot.k_f, kmin, kmax);
            q = quiet_with(q, slot);
        }
        quiet[s] = q;
    }
}

/// Before a pass that moves particles outside the vertex update (the strain
/// projection): keeps where each particle with slots stands, for
/// [`after_moves`].
pub fn before_moves(slots: &ContactSlots, x: &Points, before: &mut Points) {
    for &s in &slots.particles {
        before.set(s as usize, x.get(s as usize));
    }
}

/// After such a pass: adds how far each particle with slots moved to its
/// `path`, which carries its slots' bounds to the next warm start (a bound
/// is valid where it was measured, less the path since). Without it a
/// projection that moves a particle toward a collider would leave a slot
/// skipped that should act.
///
/// Where the pass moved a particle by a one-sided correction (`one_sided`:
/// the farther end of a hanging tree's row, `crate::strain_limit`), its
/// friction stick points move with it. The shortening is the strand's
/// inextensibility, which friction cannot undo: a stick point left behind
/// pulled the particle back at the next substep, the projection took it
/// forward again, and a strand resting on a head slid to and fro at its
/// friction cap for ever (`MEASUREMENTS.md`, "Strands resting on a head
/// never sleep").
pub fn after_moves(slots: &mut ContactSlots, x: &Points, before: &Points, one_sided: &Points) {
    for &s in &slots.particles {
        let s = s as usize;
        let (now, was) = (x.get(s), before.get(s));
        let d = [0, 1, 2].map(|k| now[k] - was[k]);
        slots.path[s] += (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() * PATH_SCALE;
        let c = one_sided.get(s);
        if c == [0.0; 3] {
            continue;
        }
        // A hanging tree's farther end, shortened toward the fixed set: its
        // friction rows take the move as where they hold it (see above).
        let c = c.map(f64::from);
        let sl = ContactSlots::of_mut(&mut slots.slot, s);
        for slot in sl.iter_mut().take_while(|sl| sl.collider != EMPTY) {
            if slot.stick[0].is_finite() {
                let frame = &slots.frames[slot.collider as usize].frame;
                let held = frame.local_point(pose::add(frame.point(slot.stick.map(f64::from)), c));
                slot.stick = held.map(|v| v as f32);
            }
        }
    }
}

/// `k.max(lo).min(hi)` for `lo ≤ hi`, NaN to `lo` as `max` takes it, in
/// two compares (`f32::max` and `min` each guard a NaN on both sides).
#[inline(always)]
fn clamp(k: f32, lo: f32, hi: f32) -> f32 {
    let k = if k > lo { k } else { lo };
    if k < hi {
        k
    } else {
        hi
    }
}

/// Relative slack for positions rebuilt in f64 from a shifted f32 copy:
/// 16 f32 ulps (1.9e-6 relative) against the one or two ulps `R·x + t`
/// rounds by in f32.
const POSITION_SLACK: f64 = 16.0 * f32::EPSILON as f64;

/// Whether particle slot `s` has any contact this step.
#[inline(always)]
pub fn touches(slots: &ContactSlots, s: usize) -> bool {
    slots.slot[s * CONTACT_SLOTS].collider != EMPTY
}

/// A slot whose row provably does nothing at the particle's current
/// position (`path` is the particle's): no contact multiplier, and
/// `C ≥ bound − path > 0`. Its term is zero (`k·C + 0 > 0` is at the clamp,
/// and friction's cap is `μ·0`) and its dual update changes nothing
/// (`λ = min(k·C, 0) = 0`), so skipping the field evaluation gives the same bits as doing
/// it. Most discovered slots are in the margin and separated; this is what
/// keeps them cheap.
#[inline(always)]
fn skippable(slot: &Slot, path: f32) -> bool {
    slot.lambda == 0.0 && slot.bound.get() > path
}

/// Slack covering the field's f64 rounding, the bound's rounding to f32 and
/// the path's accumulation in f32: far below anything a bound is compared
/// with, far above any of those errors.
const BOUND_SLACK: f64 = 1e-6;

/// `c` less the slack, stored rounded toward −∞ ([`Floor16`]).
#[inline(always)]
fn lower_bound(c: f64) -> Floor16 {
    Floor16::below((c - BOUND_SLACK) as f32)
}

/// What the vertex update adds to a particle's `path` per metre it moved:
/// `1 + 2⁻¹⁶` covers the f32 rounding of the distance (a subtraction, three
/// squares, two sums and a square root: at most ~6 ulps, 2⁻²¹·⁴, relative
/// to the distance itself), so the path stays an upper bound.
pub const PATH_SCALE: f32 = 1.0 + 1.0 / 65536.0;

/// Where each particle started the substep, `x0`, and where it was a
/// substep before, `x0 − h·v` (through a substep's iterations `v` is still
/// the last substep's velocity): the points outside a solid a row may hold
/// it on ([`eval`]).
#[derive(Clone, Copy)]
pub struct Starts<'a> {
    pub x0: &'a Points,
    pub v: &'a Points,
    pub h: f64,
}

impl Starts<'_> {
    /// Particle `s`'s start and the substep before.
    pub fn of(&self, s: usize) -> (Vec3, Vec3) {
        let x0 = self.x0.get(s).map(f64::from);
        let v = self.v.get(s).map(f64::from);
        (x0, pose::sub(x0, pose::scale(v, self.h)))
    }
}

/// The contact (and friction) terms of particle slot `s` at position `x`,
/// `at = (x, starts)` with where it started the substep and the one before
/// ([`Starts`], [`eval`]), for
/// the vertex update: the force and the Hessian's upper triangle `(xx, xy,
/// xz, yy, yz, zz)`, with `m_h2` the particle's `m/h²` and `other` the
/// particle's force and Hessian from everything else (its Newton step
/// decides which rows act: [`terms`]). Sets the friction stick point on
/// first touch. With `pending`, each evaluated row's dual update from the
/// previous iteration runs first, on the same evaluation (see
/// [`dual_update`]).
pub fn particle_terms(
    slots: &mut ContactSlots,
    s: usize,
    (x, from): (Vec3, (Vec3, Vec3)),
    m_h2: f64,
    pending: bool,
    p: &ContactParams,
    other: (Vec3, [f64; 6]),
) -> (Vec3, [f64; 6]) {
    let path = slots.path[s];
    let sl = ContactSlots::of_mut(&mut slots.slot, s);
    let (f, h, _) = terms(sl, &slots.frames, path, x, from, m_h2, pending, p, Some(other));
    slots.quiet[s] = quiet_of(sl);
    (f, h)
}

/// One slot's row evaluated at a particle position: the field in the
/// collider's frame, the contact's `C`, and the normal in the cloth frame.
struct Eval {
    local: Vec3,
    c: f64,
    n: Vec3,
}

/// One slot's row at the particle position `x`, the particle having
/// started the substep at `from.0` and the one before at `from.1`
/// ([`Starts`]; against the collider where it was then,
/// [`SubstepCollider::start`]): the field at `x`, or the plane it entered
/// by.
///
/// **A particle that crossed the solid meets the face it came in by.** The
/// field at `x` pushes to the surface nearest `x`; a particle that passed
/// more than half way through a thin solid (a sheet falling onto a table
/// top) is nearer the far face, and the field pushes it out below. So where
/// the particle was outside the solid at a start `o` — this substep's, or
/// the one before (a fast landing is not undone in one substep) — and `x`
/// is on the far side, the row is the tangent plane at the surface point
/// nearest `o`, `C(x) = d(o) + n(o)·(x − o) − offset`, the contact point
/// and normal of the path into the solid (Müller et al. 2007, "Position
/// Based Dynamics", §4.4). The far side: the field's normal at `x` opposes
/// the normal at `o`, `x` is below the plane, and `x` is inside the solid
/// or the straight path from `o` to `x` passes through it ([`passes`]).
/// Only a particle that crossed by its own motion more than the
/// collider's, through a solid thinner than [`THIN_SOLID`] along the way
/// in, is held so: out of a collider swept through the cloth (a limb swung
/// through a skirt faster than the skirt can follow) the nearest way out
/// stays the field's, as the hard rows that hold the garment back would
/// keep a node inside it otherwise.
/// Every shape is convex, so the plane is never above the field, and a
/// bound taken from either bounds the field ([`warm_start`]). A start no
/// further from `x` than `x` is from the surface, `|x − o| ≤ |d(x)|`,
/// cannot be outside the solid with `x` past it, and is not evaluated: a
/// particle resting on a surface costs one field evaluation.
#[inline(always)]
fn eval(c: &SubstepCollider, x: Vec3, from: (Vec3, Vec3), offset: f64) -> Eval {
    let local = c.frame.local_point(x);
    let sdf = c.shape.sdf(local);
    // A start is where the particle was against the collider then.
    for (k, from) in [from.0, from.1].into_iter().enumerate() {
        let o = c.start[k].local_point(from);
        let path = pose::sub(local, o);
        if pose::dot(path, path) <= sdf.distance * sdf.distance {
            continue;
        }
        let at = c.shape.sdf(o);
        if at.distance < 0.0 || pose::dot(at.normal, sdf.normal) >= 0.0 {
            continue;
        }
        let plane = at.distance + pose::dot(at.normal, path);
        // The solid's depth along the way in: below the entry plane, and
        // past the far face or short of it.
        let thin = -plane - sdf.distance <= THIN_SOLID;
        // The particle's own motion, not the collider's, took it across.
        let own = pose::sub(local, c.frame.local_point(from));
        let carried = pose::sub(c.frame.local_point(from), o);
        let its_own = pose::dot(carried, carried) <= pose::dot(own, own);
        if thin
            && its_own
            && plane - offset < 0.0
            && (sdf.distance < 0.0 || (plane < 0.0 && passes(&c.shape, o, local)))
        {
            return Eval { local, c: plane - offset, n: c.frame.vector(at.normal) };
        }
    }
    Eval { local, c: sdf.distance - offset, n: c.frame.vector(sdf.normal) }
}

/// The depth of solid, m, below which a particle that crossed it is held
/// by the face it came in by ([`eval`]): table tops, trays and shelves,
/// not limbs (a forearm is 7 cm across).
pub const THIN_SOLID: f64 = 0.05;

/// Whether the straight path from `a` to `b` passes inside `shape`: the
/// field along it is convex (the shape is), so a golden-section search for
/// its least value, stopped at the first point inside.
#[cold]
fn passes(shape: &Shape, a: Vec3, b: Vec3) -> bool {
    let at = |t: f64| shape.sdf(pose::add(a, pose::scale(pose::sub(b, a), t))).distance;
    const R: f64 = 0.618_033_988_749_895;
    let (mut lo, mut hi) = (0.0, 1.0);
    let (mut p, mut q) = (hi - R * (hi - lo), lo + R * (hi - lo));
    let (mut fp, mut fq) = (at(p), at(q));
    for _ in 0..24 {
        if fp < 0.0 || fq < 0.0 {
            return true;
        }
        if fp <= fq {
            (hi, q, fq) = (q, p, fp);
            p = hi - R * (hi - lo);
            fp = at(p);
        } else {
            (lo, p, fp) = (p, q, fq);
            q = lo + R * (hi - lo);
            fq = at(q);
        }
    }
    fp < 0.0 || fq < 0.0
}

/// [`particle_terms`] on a particle's slots.
///
/// **A row acts where the particle's Newton step lands** (ours). A row at
/// its clamp at `x` (`k·C + λ ≥ 0`) adds nothing, so a step taken without
/// it can carry the particle deep inside, where the dual update then
/// pushes with `k` times that depth and the next step throws the particle
/// out past the clamp again (`MEASUREMENTS.md`, "A tablecloth that
/// trembles"). So with `other` (the particle's force and Hessian from
/// everything else), a row still carrying a multiplier (`λ < 0`) joins
/// the step — its force `−(k·C + λ)·n` and curvature `k·n nᵀ` — when the
/// step without it ends inside it, `k·(C + n·Δ) + λ < 0`: for one row the
/// exact minimiser of the particle's piecewise-quadratic energy, the active
/// set of a semismooth Newton step (Qi & Sun 1993). A row without a
/// multiplier is left as it was, so skipping it ([`skippable`]) stays exact.
#[allow(clippy::too_many_arguments)]
fn terms(
    sl: &mut Slots,
    frames: &[SubstepCollider],
    path: f32,
    x: Vec3,
    from: (Vec3, Vec3),
    m_h2: f64,
    pending: bool,
    p: &ContactParams,
    other: Option<(Vec3, [f64; 6])>,
) -> (Vec3, [f64; 6], [f64; 4]) {
    let mut f = [0.0; 3];
    let mut h = [0.0; 6];
    let mut normal = [0.0; 4];
    // Rows at their clamp that still carry a multiplier: normal, k·C + λ, k.
    let mut clamped = [([0.0; 3], 0.0, 0.0); CONTACT_SLOTS];
    let mut n_clamped = 0;
    for slot in sl.iter_mut().take_while(|sl| sl.collider != EMPTY) {
        if p.skip && skippable(slot, path) {
            continue;
        }
        let c = &frames[slot.collider as usize];
        let e = eval(c, x, from, p.offset);
        slot.bound = lower_bound(e.c + path as f64);
        if pending {
            dual(slot, &c.frame, &e, x, m_h2, p, false);
        }
        let (k, lambda) = (slot.k as f64, slot.lambda as f64);
        let raw = k * e.c + lambda;
        if raw >= 0.0 {
            if lambda < 0.0 && other.is_some() {
                clamped[n_clamped] = (e.n, raw, k);
                n_clamped += 1;
            }
            continue; // at its clamp: no force, no penalty curvature
        }
        let fc = raw;
        f = pose::sub(f, pose::scale(e.n, fc));
        let pushed = pose::scale(e.n, -fc);
        normal = [normal[0] + pushed[0], normal[1] + pushed[1], normal[2] + pushed[2], normal[3] - fc];
        add_outer(&mut h, k, e.n);
        if p.friction > 0.0 {
            if !slot.stick[0].is_finite() {
                slot.stick = e.local.map(|v| v as f32);
            }
            let stick = c.frame.point(slot.stick.map(f64::from));
            friction::term(x, stick, e.n, -fc * p.friction, slot.k_f as f64, &mut f, &mut h);
        }
    }
    if let Some((fo, ho)) = other.filter(|_| n_clamped > 0) {
        let ft = pose::add(fo, f);
        let ht: [f64; 6] = std::array::from_fn(|i| ho[i] + h[i]);
        if let Some(d) = solve_sym3(&ht, ft) {
            for &(n, raw, k) in &clamped[..n_clamped] {
                if raw + k * pose::dot(n, d) < 0.0 {
                    f = pose::sub(f, pose::scale(n, raw));
                    add_outer(&mut h, k, n);
                }
            }
        }
    }
    (f, h, normal)
}

/// `H⁻¹·f` for a symmetric `H` given by its upper triangle `(xx, xy, xz, yy,
/// yz, zz)`, by Cramer's rule; `None` if `H` is singular or not finite.
fn solve_sym3(h: &[f64; 6], f: Vec3) -> Option<Vec3> {
    let [a, b, c, d, e, g] = *h;
    let (c00, c01, c02) = (d * g - e * e, c * e - b * g, b * e - c * d);
    let det = a * c00 + b * c01 + c * c02;
    if !(det.abs() > 0.0 && det.is_finite()) {
        return None;
    }
    let (c11, c12, c22) = (a * g - c * c, b * c - a * e, a * d - b * b);
    Some([
        (c00 * f[0] + c01 * f[1] + c02 * f[2]) / det,
        (c01 * f[0] + c11 * f[1] + c12 * f[2]) / det,
        (c02 * f[0] + c12 * f[1] + c22 * f[2]) / det,
    ])
}

/// The contact and friction rows' forces and Hessians (upper triangles)
/// summed over every particle with slots, at `x`, with no dual update: what a
/// uniform translation of the whole cloth meets from its colliders
/// (`crate::step`'s slide).
pub fn summed_terms(
    model: &Model,
    x: &Points,
    starts: &Starts,
    slots: &mut ContactSlots,
    inv_h2: f64,
    p: &ContactParams,
) -> Summed {
    let mut sum = Summed { force: [0.0; 3], hessian: [0.0; 6], normal: [0.0; 4] };
    for n in 0..slots.particles.len() {
        let s = slots.particles[n] as usize;
        let m_h2 = model.mass[s] as f64 * inv_h2;
        let path = slots.path[s];
        let sl = ContactSlots::of_mut(&mut slots.slot, s);
        let (f, h, normal) =
            terms(sl, &slots.frames, path, x.get(s).map(f64::from), starts.of(s), m_h2, false, p, None);
        slots.quiet[s] = quiet_of(sl);
        sum.force = pose::add(sum.force, f);
        sum.hessian = std::array::from_fn(|k| sum.hessian[k] + h[k]);
        sum.normal = std::array::from_fn(|k| sum.normal[k] + normal[k]);
    }
    sum
}

/// [`summed_terms`]' sums.
pub struct Summed {
    /// Contact and friction forces, N.
    pub force: Vec3,
    /// Their Hessians' upper triangle `(xx, xy, xz, yy, yz, zz)`.
    pub hessian: [f64; 6],
    /// The contact rows' normal forces summed as vectors, then their
    /// magnitudes summed: equal where every contact pushes the same way.
    pub normal: [f64; 4],
}

/// The largest fraction `α ≤ 1` of a uniform move `d` of every particle that
/// carries no friction row at its cap back past its stick point. Such a row
/// holds its particle with a constant force while it slides, so a Newton step
/// on the summed rows ([`summed_terms`]) would carry a cloth that stops within
/// the step on past where friction holds it, and back: Coulomb's stop is the
/// stick point (`t + α·d`)·`t` = 0, `t` the row's tangential slip.
pub fn slide_limit(x: &Points, starts: &Starts, slots: &ContactSlots, d: Vec3, p: &ContactParams) -> f64 {
    let mut alpha: f64 = 1.0;
    if p.friction <= 0.0 {
        return alpha;
    }
    for &s in &slots.particles {
        let s = s as usize;
        let path = slots.path[s];
        let xs = x.get(s).map(f64::from);
        let from = starts.of(s);
        for slot in slots.slot[s * CONTACT_SLOTS..(s + 1) * CONTACT_SLOTS].iter().take_while(|sl| sl.collider != EMPTY)
        {
            if (p.skip && skippable(slot, path)) || !slot.stick[0].is_finite() {
                continue;
            }
            let c = &slots.frames[slot.collider as usize];
            let e = eval(c, xs, from, p.offset);
            let fc = slot.k as f64 * e.c + slot.lambda as f64;
            if fc >= 0.0 {
                continue;
            }
            let slip = pose::sub(xs, c.frame.point(slot.stick.map(f64::from)));
            let t = pose::sub(slip, pose::scale(e.n, pose::dot(slip, e.n)));
            let cf = pose::norm(t);
            let back = pose::dot(d, t);
            if slot.k_f as f64 * cf >= -fc * p.friction && back < 0.0 {
                alpha = alpha.min(cf * cf / -back);
            }
        }
    }
    alpha
}

/// Moves every particle by `d` (`d32`, the f32 step each slot takes) and adds
/// the move of each particle with slots to its `path` ([`after_moves`]).
pub fn translate(x: &mut Points, slots: &mut ContactSlots, swept: usize, d32: [f32; 3]) {
    for &s in &slots.particles {
        let s = s as usize;
        let was = x.get(s);
        let now = [0, 1, 2].map(|k| was[k] + d32[k]);
        let m = [0, 1, 2].map(|k| now[k] - was[k]);
        slots.path[s] += (m[0] * m[0] + m[1] * m[1] + m[2] * m[2]).sqrt() * PATH_SCALE;
    }
    for s in 0..swept {
        let was = x.get(s);
        x.set(s, [0, 1, 2].map(|k| was[k] + d32[k]));
    }
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

/// The dual update of slot `i`'s contact row, evaluated at the particle's
/// position `x`: `λ ← min(k·C + λ, 0)` and the ramp while λ pushes; and its
/// friction spring's ramp while it holds. `last` marks a substep's last
/// update, where a spring pulled past the cap `μ·f_n` (`f_n = −λ`) yields:
/// its stick point follows the particle to where the spring pulls with the
/// cap ([`crate::friction`]).
#[inline(always)]
fn dual(slot: &mut Slot, frame: &Frame, e: &Eval, x: Vec3, m_h2: f64, p: &ContactParams, last: bool) {
    let kmax = p.ratio_max * m_h2;
    let beta = p.beta_r * m_h2;
    let k = slot.k as f64;
    let lambda = (k * e.c + slot.lambda as f64).min(0.0);
    slot.lambda = lambda as f32;
    if lambda < 0.0 {
        let violation = match p.ramp {
            ContactRamp::Linear => e.c.abs(),
            ContactRamp::Floor => e.c.abs().max(p.offset),
        };
        slot.k = (k + beta * violation).min(kmax) as f32;
    }
    let stick = slot.stick.map(f64::from);
    if p.friction > 0.0 && stick[0].is_finite() {
        let stick = frame.point(stick);
        let slip = pose::sub(x, stick);
        let t = pose::sub(slip, pose::scale(e.n, pose::dot(slip, e.n)));
        let cf = pose::norm(t);
        let cap = -lambda * p.friction;
        let kf = slot.k_f as f64;
        let pull = kf * cf;
        if last && pull > cap && cap > 0.0 {
            // Sliding: the stick point moves along the slip to `cap/k_f`
            // from the particle. A contact that let go keeps its point.
            let follow = cf - cap / kf;
            let moved = pose::add(stick, pose::scale(t, follow / cf));
            slot.stick = frame.local_point(moved).map(|v| v as f32);
        } else if pull > 0.0 && pull < cap {
            let violation = match p.ramp {
                ContactRamp::Linear => cf,
                ContactRamp::Floor => cf.max(p.offset),
            };
            slot.k_f = (kf + beta * violation).min(kmax) as f32;
        }
    }
}

/// The dual update of every contact row still pending at the end of a
/// substep's iterations, where sliding friction springs yield.
///
/// The update belongs after each iteration's sweep. A contact row is unary
/// and nothing moves its particle between the particle's own update and its
/// update in the next iteration, so the rows' dual update runs at the start
/// of the next iteration's terms, on the same field evaluation ([`terms`]
/// with `pending`): the same arithmetic on the same inputs, to the bit, for
/// one field evaluation per row per iteration instead of two. This pass does
/// the last iteration's, before the next substep's warm start.
pub fn dual_update(
    model: &Model,
    x: &Points,
    starts: &Starts,
    slots: &mut ContactSlots,
    inv_h2: f64,
    p: &ContactParams,
) {
    let slide = !slots.pushed.is_empty();
    for n in 0..slots.particles.len() {
        let s = slots.particles[n] as usize;
        let path = slots.path[s];
        if p.skip && path < slots.quiet[s] {
            if slide {
                slots.pushed.set(s, [0.0; 3]);
            }
            continue; // every slot skippable: none pushes
        }
        let xs = x.get(s).map(f64::from);
        let from = starts.of(s);
        let m_h2 = model.mass[s] as f64 * inv_h2;
        let sl = ContactSlots::of_mut(&mut slots.slot, s);
        let (mut hardest, mut pushed) = (0.0f32, [0.0; 3]);
        for slot in sl.iter_mut().take_while(|sl| sl.collider != EMPTY) {
            if p.skip && skippable(slot, path) {
                continue;
            }
            let c = &slots.frames[slot.collider as usize];
            let e = eval(c, xs, from, p.offset);
            slot.bound = lower_bound(e.c + path as f64);
            dual(slot, &c.frame, &e, xs, m_h2, p, true);
            if slot.lambda < hardest {
                (hardest, pushed) = (slot.lambda, e.n);
            }
        }
        slots.quiet[s] = quiet_of(sl);
        if slide {
            slots.pushed.set(s, pushed.map(|v| v as f32));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constants::ANCHOR_TURN_PER_SUBSTEP;
    use crate::pose::Quat;
    use crate::rng::SplitMix64;

    /// A 16-bit bound never reads back above what was stored, loses at most
    /// 2⁻⁷ of it, and keeps ±∞, NaN and zero: over random magnitudes from
    /// 1e-30 to 1e30 of both signs, and the edges of f32's range.
    #[test]
    fn a_sixteen_bit_bound_rounds_down_and_stays_close() {
        let mut rng = SplitMix64::new(11);
        let mut values: Vec<f32> =
            vec![0.0, -0.0, 1.0, -1.0, f32::MAX, -f32::MAX, f32::MIN_POSITIVE, -f32::MIN_POSITIVE, 1e-45, -1e-45];
        values.extend((0..20_000).map(|_| {
            let v = 10f64.powf(rng.range(-30.0, 30.0)) as f32;
            if rng.range(0.0, 1.0) < 0.5 {
                -v
            } else {
                v
            }
        }));
        for v in values {
            let b = Floor16::below(v).get();
            assert!(b <= v, "{v:e} read back as {b:e}");
            let loss = (v as f64 - b as f64) / (v as f64).abs().max(f32::MIN_POSITIVE as f64);
            assert!(loss <= 1.0 / 128.0 || v == -f32::MAX, "{v:e} read back as {b:e}");
        }
        assert_eq!(Floor16::below(-f32::MAX).get(), f32::NEG_INFINITY);
        assert_eq!(Floor16::below(f32::INFINITY).get(), f32::INFINITY);
        assert_eq!(Floor16::below(f32::NEG_INFINITY), Floor16::NEG_INFINITY);
        assert_eq!(Floor16::NEG_INFINITY.get(), f32::NEG_INFINITY);
        assert!(Floor16::below(f32::NAN).get().is_nan());
        assert_eq!(Floor16::below(0.0).get(), 0.0);
        assert_eq!(std::mem::size_of::<Slot>(), 28);
    }

    /// Discovery's lanes bound a particle's travel under the frame's motion
    /// as [`crate::anchor::FramePlan::travel`] computes it in f64 — never
    /// below, within 0.1 % and 10 µm above — on random turning, jumping
    /// frames at 1–8 substeps, and the whole-cloth bound holds them all.
    #[test]
    fn lanes_travel_bounds_the_frames_travel() {
        use crate::anchor::FramePlan;
        let mut rng = SplitMix64::new(7);
        for case in 0..200 {
            let substeps = 1 + case % 8;
            let prev = Pose::new(
                [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)],
                Quat::from_axis_angle([rng.range(-1.0, 1.0), 1.0, rng.range(-1.0, 1.0)], rng.range(-3.0, 3.0)),
            );
            let cur = Pose::new(
                pose::add(prev.translation, [rng.range(-0.5, 0.5), rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)]),
                prev.rotation.compose(Quat::from_axis_angle([rng.range(-1.0, 1.0), 1.0, 0.3], rng.range(-1.0, 1.0))),
            );
            let carried = [rng.range(-0.2, 0.2), 0.0, rng.range(-0.2, 0.2)];
            let plan = FramePlan::new(&prev, &cur, 1.0, substeps as u32, false, carried, ANCHOR_TURN_PER_SUBSTEP)
                .with_velocity_change([rng.range(-10.0, 10.0), rng.range(-10.0, 10.0), 0.0]);
            let shifts: Vec<_> = (1..=substeps as u32).map(|k| plan.shift(k, substeps as u32)).collect();
            let kick = plan.kick(1, substeps as u32);
            let h = 1.0 / 60.0 / substeps as f64;
            let maps = FrameTravel::new(&shifts, kick, h);
            let pick = |rng: &mut SplitMix64, r: f64| [0; LANES].map(|_| rng.range(-r, r) as f32);
            let (x, v) = ([0; 3].map(|_| pick(&mut rng, 2.0)), [0; 3].map(|_| pick(&mut rng, 20.0)));
            let lanes = lanes_travel(&maps, x.map(f32x8::from), v.map(f32x8::from)).to_array();
            for j in 0..LANES {
                let (xj, vj) = (x.map(|c| c[j] as f64), v.map(|c| c[j] as f64));
                let exact = FramePlan::travel(&shifts, kick, h, xj, vj, 1.0);
                let got = lanes[j] as f64;
                assert!(got >= exact && got <= exact * 1.001 + 1e-5, "case {case} lane {j}: {got} against {exact}");
                assert!(exact <= maps.reach(pose::norm(xj), pose::norm(vj)) + 1e-12, "case {case}: the bound");
            }
        }
    }

    /// A collider that moves with the anchor stays put in the cloth frame at
    /// every substep of a step that carries the cloth rigidly — a jump past
    /// the velocity-change limit and a turn past the cap at once — as the
    /// cloth does; without the carry it sweeps the carried part of the jump
    /// through the cloth within the step.
    #[test]
    fn a_collider_on_the_anchor_stays_put_while_the_step_carries_the_cloth() {
        use crate::anchor::FramePlan;
        let local = Pose::new([0.0; 3], Quat::from_axis_angle([1.0, 0.0, 0.0], 0.3));
        let prev = Pose::new([0.2, 1.0, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], 0.1));
        let cur = Pose::new([0.2, 1.0, -0.5], Quat::from_axis_angle([0.0, 1.0, 0.0], 1.2));
        let mut set = ColliderSet::new();
        let id = set.add(Shape::sphere(0.1).unwrap(), prev.mul(&local)).unwrap();
        set.begin_frame();
        set.set_pose(id, cur.mul(&local)).unwrap();
        let substeps = 2;
        let plan =
            FramePlan::new(&prev, &cur, 1.0, substeps, false, [0.0, 0.0, -0.5 + 1.0 / 6.0], ANCHOR_TURN_PER_SUBSTEP);
        assert!(plan.turn_limited());
        let carried = plan.carried(&prev);
        assert!(carried.is_some());
        for (carry, moves) in [(carried.as_ref(), false), (None, true)] {
            let mut slots = ContactSlots::new(LANES, 1);
            slots.reserve_colliders(set.capacity());
            let mut furthest: f64 = 0.0;
            for k in 1..=substeps {
                let anchor_inv = plan.pose_at(k, substeps).inverse();
                let shift = plan.shift(k, substeps);
                let fractions = ((k - 1) as f64 / substeps as f64, k as f64 / substeps as f64);
                substep_frames(&mut slots, &set, &anchor_inv, carry, fractions, shift.as_ref());
                let p = slots.poses[id.index as usize];
                furthest = furthest.max(pose::norm(pose::sub(p.translation, local.translation)));
                let turn = p.rotation.conj().compose(local.rotation).angle();
                furthest = furthest.max(turn);
            }
            match moves {
                false => assert!(furthest < 1e-12, "the carried collider moved {furthest:e} in the cloth frame"),
                true => assert!(furthest > 0.1, "without the carry it moves {furthest}"),
            }
        }
    }

    /// `surface_travel` bounds how far every surface point moved, on random
    /// turns and shifts of every shape, and a ground turning about its own
    /// normal does not move.
    #[test]
    fn surface_travel_bounds_every_surface_point() {
        let mut rng = SplitMix64::new(7);
        let shapes = [
            Shape::sphere(0.1).unwrap(),
            Shape::capsule([0.0, 0.0, 0.0], [0.0, -0.44, 0.0], 0.06).unwrap(),
            Shape::tapered_capsule([0.1, 0.0, 0.0], 0.075, [0.0, -0.44, 0.1], 0.05).unwrap(),
            Shape::cuboid([0.1, 0.2, 0.05], 0.01).unwrap(),
        ];
        let unit = |rng: &mut SplitMix64| {
            let v = [0; 3].map(|_| rng.range(-1.0, 1.0));
            pose::scale(v, 1.0 / pose::norm(v).max(1e-9))
        };
        for _ in 0..200 {
            let (axis_a, axis_b) = (unit(&mut rng), unit(&mut rng));
            let a = Pose::new(pose::scale(unit(&mut rng), 0.3), Quat::from_axis_angle(axis_a, 0.4));
            let b = Pose::new(pose::scale(unit(&mut rng), 0.3), Quat::from_axis_angle(axis_b, 0.9));
            for shape in &shapes {
                let (travel, tilt) = surface_travel(shape, &a, &b);
                assert_eq!(tilt, 0.0);
                let (lo, hi) = shape.local_bounds();
                for i in 0..8 {
                    let q = [0, 1, 2].map(|k| if i >> k & 1 == 0 { lo[k] } else { hi[k] });
                    let moved = pose::norm(pose::sub(b.transform_point(q), a.transform_point(q)));
                    assert!(moved <= travel * (1.0 + 1e-12), "{shape:?}: {moved} > {travel}");
                }
            }
            // A plane: its field at any point changes by at most travel + tilt·|p|.
            let (travel, tilt) = surface_travel(&Shape::Plane, &a, &b);
            for _ in 0..20 {
                let p = pose::scale(unit(&mut rng), rng.range(0.0, 5.0));
                let field = |f: &Pose| Shape::Plane.distance(f.inverse().transform_point(p));
                assert!((field(&a) - field(&b)).abs() <= travel + tilt * pose::norm(p) + 1e-12);
            }
        }
        let ground = |angle: f64| Pose::new([3.0, 0.0, -2.0], Quat::from_axis_angle([0.0, 1.0, 0.0], angle));
        let (travel, tilt) = surface_travel(&Shape::Plane, &ground(0.0), &ground(1.0));
        assert!(travel < 1e-15 && tilt < 1e-15, "a ground turning about its normal: {travel}, {tilt}");
    }

    /// Discovery's f32 filter never drops a point the exact field keeps:
    /// for every shape, under a rotated and translated frame, each point
    /// whose exact distance is below `within + own` has its lane set; and
    /// the filter is not vacuous (it drops most of the far points).
    #[test]
    fn near_filter_keeps_every_point_the_field_keeps() {
        let shapes = [
            Shape::sphere(0.05).unwrap(),
            Shape::capsule([-0.04, 0.01, 0.0], [0.04, 0.0, 0.02], 0.03).unwrap(),
            Shape::capsule([0.0; 3], [0.0; 3], 0.02).unwrap(),
            Shape::tapered_capsule([0.0, 0.04, 0.0], 0.045, [0.0, -0.04, 0.01], 0.03).unwrap(),
            Shape::cuboid([0.04, 0.02, 0.03], 0.01).unwrap(),
            Shape::cuboid([0.04, 0.02, 0.03], 0.0).unwrap(),
            Shape::Plane,
        ];
        let mut rng = SplitMix64::new(5);
        let (mut kept, mut dropped) = (0, 0);
        for (i, shape) in shapes.iter().enumerate() {
            let axis = [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)];
            let pose = Pose::new([0.3, -0.7, 1.1 + i as f64], Quat::from_axis_angle(axis, rng.range(0.0, 3.0)));
            let frame = Frame::of(&pose);
            let near = Near::of(shape, &frame);
            for _ in 0..2000 {
                // Eight points within 12 cm of the collider's centre, in the
                // cloth frame, rounded to f32 as particles are.
                let pts: [[f32; 3]; LANES] = std::array::from_fn(|_| {
                    let local = [0, 1, 2].map(|_| rng.range(-0.12, 0.12));
                    frame.point(local).map(|c| c as f32)
                });
                let own: [f32; LANES] = std::array::from_fn(|_| rng.range(0.0, 0.01) as f32);
                let within = rng.range(0.0, 0.02);
                let lanes = |k: usize| f32x8::from(pts.map(|p| p[k]));
                let bits = near.lanes_within([lanes(0), lanes(1), lanes(2)], f32x8::from(own), within, 2.5);
                for j in 0..LANES {
                    let d = shape.distance(frame.local_point(pts[j].map(f64::from)));
                    if d < within + own[j] as f64 {
                        assert!(bits & (1 << j) != 0, "{shape:?}: a point {d} from the surface was dropped");
                        kept += 1;
                    } else if bits & (1 << j) == 0 {
                        dropped += 1;
                    }
                }
            }
        }
        assert!(kept > 1000 && dropped > 50_000, "kept {kept}, dropped {dropped}");
    }

    /// The f32 swept boxes meet every box the f64 ones meet.
    #[test]
    fn swept_boxes_are_rounded_outward() {
        let mut rng = SplitMix64::new(9);
        let swept: Vec<SweptCollider> = (0..21)
            .map(|i| {
                let lo = [0, 1, 2].map(|_| rng.range(-2.0, 2.0));
                let hi = lo.map(|c| c + rng.range(0.0, 0.3));
                let shape = Shape::sphere(0.1).unwrap();
                let frame = Frame::of(&Pose::IDENTITY);
                SweptCollider {
                    index: i,
                    generation: 0,
                    shape,
                    end: frame,
                    travel: 0.0,
                    tilt: 0.0,
                    bounds: Aabb { min: lo, max: hi },
                    near: Near::of(&shape, &frame),
                }
            })
            .collect();
        let mut boxes = SweptBoxes::default();
        boxes.fill(&swept);
        let mut out = Vec::new();
        for _ in 0..5000 {
            let p = [0, 1, 2].map(|_| rng.range(-2.2, 2.2) as f32);
            let r = rng.range(0.0, 0.05) as f32;
            out.clear();
            boxes.meeting(p.map(|c| c - r), p.map(|c| c + r), &mut out);
            for (i, c) in swept.iter().enumerate() {
                if c.bounds.inflate(r as f64).contains(p.map(f64::from)) {
                    assert!(out.contains(&(i as u32)), "box {i} missed");
                }
            }
        }
    }
}
