//! A variable-rate host (issue 18 item 4): the host advances a cloth by
//! whatever time its frame took; the cloth runs fixed steps of `dt` and is
//! drawn between the last two ("Fix Your Timestep!", Fiedler 2004).
//!
//! ```text
//!   carried a ∈ [0, dt): host time not yet simulated
//!   advance(e), host pose P₁ (P₀ at the last advance):
//!       steps k = 1 … n, n = ⌊(a + e)/dt⌋ ≤ MAX_CATCH_UP_STEPS
//!       step k ends at host time t₀ − a + k·dt, its anchor pose
//!           P₀ ⊕ P₁ at f = (k·dt − a)/e   (lerp + nlerp; P₁ itself at f = 1;
//!           P₁ at every step after a teleport, requested or detected)
//!       a collider likewise: from where the last fixed step left it to its
//!           pose at step k's end, between its previous and current host poses
//!       a ← a + e − n·dt; past the cap the whole steps left are dropped,
//!           and the anchor's and colliders' motion over them is carried
//!           rigidly (the cloth keeps its motion), not swept by a step
//!   shown  x = lerp(x before the last step, x after it, α = a/dt) in the
//!          cloth's frame — its shape at host time t₁ − dt (one fixed step
//!          behind), never extrapolated — carried by the anchor pose P₁ the
//!          host set for now: the garment rides with the character exactly,
//!          only its own motion is a step late
//! ```
//!
//! Fixed steps are the ones [`crate::Cloth::step`] runs: a host ticking at
//! 144 Hz and one ticking at 60 Hz get the same states at the same fixed
//! steps when their anchor poses at those steps agree: bit for bit with a
//! still anchor, within rounding otherwise (`solver/tests/clock.rs`).

use crate::collider::ColliderSet;
use crate::lanes::Points;
use crate::pose::Pose;

/// Fixed steps one advance runs at most: a host frame longer than this many
/// steps (a hitch, a breakpoint) drops the rest of its time instead of
/// spiralling — 4 steps is 67 ms at 60 Hz, a 15 Hz frame.
pub const MAX_CATCH_UP_STEPS: u32 = 4;

/// What one advance did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Advance {
    /// Fixed steps run.
    pub steps: u32,
    /// Host time dropped past [`MAX_CATCH_UP_STEPS`], s (0 but for a hitch).
    pub dropped: f64,
    /// Where the shown state sits between the last two fixed states, [0, 1).
    pub alpha: f64,
    /// The report of the fixed steps that ran, as one frame's
    /// ([`crate::StepReport::then`]: an event of any of them, the state the
    /// last left), if one ran.
    pub report: Option<crate::StepReport>,
}

/// A cloth's host clock and the state it shows between fixed steps.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// Host time since the last fixed step's end, s, in [0, dt).
    pub carried: f64,
    /// The host's anchor pose at the last advance.
    pub host: Option<Pose>,
    /// Particles (slots) before the last fixed step.
    pub before: Points,
    /// What reads show while [`Clock::showing`]: particles and anchor.
    pub shown: Points,
    pub shown_frame: Pose,
    pub showing: bool,
    /// The colliders as each fixed step sees them, and per collider slot
    /// where the last fixed step left it ([`ColliderTrack`]).
    pub colliders: ColliderSet,
    pub tracks: Vec<Option<ColliderTrack>>,
    /// A change of level of detail (`crate::detail`): what reads showed at
    /// the change (then the offset from it), and the blend under way.
    pub blend_from: Points,
    pub blend: Option<Blend>,
}

/// A blend of what reads show after a change of level: its length and what
/// is left of it, s, and whether `blend_from` holds the offset yet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blend {
    pub duration: f64,
    pub left: f64,
    pub offset: bool,
}

/// Where the last fixed step left a collider, and the pose the host had set
/// for it at the last advance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColliderTrack {
    pub generation: u32,
    pub host: Pose,
    pub end: Pose,
}

impl Clock {
    /// Elapsed host time an advance takes: finite and ≥ 0.
    pub fn check_elapsed(elapsed: f64) -> Result<(), crate::ParamError> {
        match elapsed.is_finite() && elapsed >= 0.0 {
            true => Ok(()),
            false => Err(crate::ParamError::OutOfRange {
                name: "elapsed time",
                value: elapsed,
                allowed: "finite, ≥ 0 s".into(),
            }),
        }
    }

    /// Moves every world pose the clock keeps by `shift` (the host's origin
    /// shift, `crate::Cloth::shift_origin`; its collider set already
    /// checked to take it).
    pub fn shift_origin(&mut self, shift: crate::pose::Vec3) {
        use crate::collider::shifted;
        self.host = self.host.map(|p| shifted(p, shift));
        self.shown_frame = shifted(self.shown_frame, shift);
        // Its colliders were copied from the host's, which took the shift.
        self.colliders.shift_checked(shift);
        for t in self.tracks.iter_mut().flatten() {
            t.host = shifted(t.host, shift);
            t.end = shifted(t.end, shift);
        }
    }

    /// Remembers the particles before a fixed step (sized on the first).
    pub fn remember(&mut self, x: &Points) {
        if self.before.x.len() != x.x.len() {
            self.before = Points::zeros(x.x.len());
        }
        self.before.copy_from(x);
    }

    /// What reads show: the interpolated particles and the host's anchor
    /// pose while showing, else the cloth's own `x` and `frame`.
    pub fn shown<'a>(&'a self, x: &'a Points, frame: Pose) -> (&'a Points, Pose) {
        match self.showing {
            true => (&self.shown, self.shown_frame),
            false => (x, frame),
        }
    }

    /// The anchor pose of fixed step `k` (1-based) of an advance by
    /// `elapsed` from host pose `from` to `to`, with `carried` host time
    /// left over before it.
    pub fn pose_of_step(from: &Pose, to: &Pose, carried: f64, elapsed: f64, dt: f64, k: u32) -> Pose {
        let f = if elapsed > 0.0 { (k as f64 * dt - carried) / elapsed } else { 1.0 };
        if f >= 1.0 || from == to {
            *to
        } else {
            from.interpolate(to, f)
        }
    }

    /// The colliders for fixed step `k` of an advance: each travels from
    /// where the last fixed step left it to its pose at the step's end,
    /// interpolated between the host's previous and current poses as the
    /// anchor's is — so a collider sweeps the same path whatever the host's
    /// frame rate. It starts from the host's previous pose instead when the
    /// host did not move it on from the pose it set last time (placed, or a
    /// new collider in the slot): a placement has no travel.
    pub fn colliders_for_step(
        &mut self,
        host: &ColliderSet,
        carried: f64,
        elapsed: f64,
        dt: f64,
        k: u32,
    ) -> &ColliderSet {
        // The host's poses, copied afresh each step (no allocation once
        // sized: shapes are plain values).
        self.colliders.copy_from(host);
        self.tracks.resize(host.slot_count(), None);
        for (i, generation, c) in self.colliders.iter_mut() {
            let end = Self::pose_of_step(&c.prev, &c.cur, carried, elapsed, dt, k);
            let start = match self.tracks[i] {
                Some(t) if t.generation == generation && (k > 1 || t.host == c.prev) => t.end,
                _ => c.prev,
            };
            self.tracks[i] = Some(ColliderTrack { generation, host: c.cur, end });
            c.prev = start;
            c.cur = end;
        }
        &self.colliders
    }

    /// The colliders for a half-rate step (`crate::detail`): each from its
    /// previous host pose to its current one carried on as far again.
    pub fn colliders_carried_on(&mut self, host: &ColliderSet) -> &ColliderSet {
        self.colliders.copy_from(host);
        for (_, _, c) in self.colliders.iter_mut() {
            c.cur = c.prev.interpolate(&c.cur, 2.0);
        }
        &self.colliders
    }

    /// After an advance that ran no step: each collider's track learns the
    /// pose the host set now, keeping where the last step left it — or, for
    /// a collider placed or new, starts where the host put it.
    pub fn follow_colliders(&mut self, host: &ColliderSet) {
        self.tracks.resize(host.slot_count(), None);
        for (i, generation, c) in host.iter() {
            let t = &mut self.tracks[i as usize];
            *t = Some(match *t {
                Some(t) if t.generation == generation && t.host == c.prev => ColliderTrack { host: c.cur, ..t },
                _ => ColliderTrack { generation, host: c.cur, end: c.cur },
            });
        }
    }

    /// After a hitch's dropped time ([`crate::Cloth`]'s carry): each
    /// collider's next step starts from the pose the host set now.
    pub fn place_colliders(&mut self, host: &ColliderSet) {
        self.tracks.resize(host.slot_count(), None);
        for (i, generation, c) in host.iter() {
            self.tracks[i as usize] = Some(ColliderTrack { generation, host: c.cur, end: c.cur });
        }
    }

    /// Starts a blend of `duration` seconds of host time from what reads
    /// show now (`x` when not showing), sizing its buffers here rather than
    /// in a step.
    pub fn start_blend(&mut self, x: &Points, duration: f64) {
        let n = x.x.len();
        if self.blend_from.x.len() != n {
            self.blend_from = Points::zeros(n);
        }
        if self.shown.x.len() != n {
            self.shown = Points::zeros(n);
            self.showing = false;
        }
        match self.showing {
            true => self.blend_from.copy_from(&self.shown),
            false => self.blend_from.copy_from(x),
        }
        self.blend = Some(Blend { duration, left: duration, offset: false });
    }

    /// Ends an advance by `elapsed` during a blend. The first one after the
    /// change turns `blend_from` into the offset `o = shown before − shown
    /// now`; each shows what the new level shows plus `(left/duration)·o`, so
    /// the offset fades linearly in host time and adds at most
    /// `‖o‖·elapsed/duration` to a frame's motion.
    pub fn blend_frame(&mut self, x: &Points, frame: Pose, elapsed: f64) {
        let Some(b) = &mut self.blend else { return };
        let first = !b.offset;
        b.offset = true;
        b.left -= elapsed;
        if b.left <= 0.0 {
            self.blend = None;
            return;
        }
        let keep = b.left / b.duration;
        if !self.showing {
            self.shown.copy_from(x);
            self.shown_frame = frame;
            self.showing = true;
        }
        for (dst, offset) in [
            (&mut self.shown.x, &mut self.blend_from.x),
            (&mut self.shown.y, &mut self.blend_from.y),
            (&mut self.shown.z, &mut self.blend_from.z),
        ] {
            for (d, o) in dst.iter_mut().zip(offset.iter_mut()) {
                if first {
                    *o -= *d;
                }
                *d = (*d as f64 + *o as f64 * keep) as f32;
            }
        }
    }

    /// The shown state: the particles at `alpha` between `before` and
    /// `after` (the particles now) — each coordinate lerped in f64, rounded
    /// to f32 and kept between its two ends; at 0, `before`'s bits — carried
    /// by `anchor`, the pose the host set for now.
    pub fn show(&mut self, after: &Points, alpha: f64, anchor: Pose) {
        let n = after.x.len();
        if self.shown.x.len() != n {
            self.shown = Points::zeros(n);
        }
        if alpha == 0.0 {
            self.shown.copy_from(&self.before);
            self.shown_frame = anchor;
            self.showing = true;
            return;
        }
        for (dst, (a, b)) in [
            (&mut self.shown.x, (&self.before.x, &after.x)),
            (&mut self.shown.y, (&self.before.y, &after.y)),
            (&mut self.shown.z, (&self.before.z, &after.z)),
        ] {
            for ((d, &p), &q) in dst.iter_mut().zip(a.iter()).zip(b.iter()) {
                let v = (p as f64 + (q as f64 - p as f64) * alpha) as f32;
                *d = v.clamp(p.min(q), p.max(q));
            }
        }
        self.shown_frame = anchor;
        self.showing = true;
    }
}
