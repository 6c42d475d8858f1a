//! The anchor frame (DESIGN §7): a cloth lives in the frame of the bone or
//! entity it hangs from, and its particles are anchor-relative.
//!
//! Each step the host gives the anchor's world pose **for this frame** (a
//! pose one step stale leaves the shape one step behind, §15). The step then
//! decides what the particles feel of the anchor's motion:
//!
//! ```text
//!   teleport?   ‖t_cur − t_prev − V_last·dt‖ > max(2 m, 4·reach) → Reset or Keep
//!   rotation    q = (cur⁻¹ ∘ prev).rotation capped a substep at
//!               min(0.125, n·ℓ̄/(s·reach)) rad, n = max_turn_links
//!               (`Model::link_turn_of`);
//!               the excess is carried rigidly (the particles turn with the
//!               frame)
//!   velocity    ΔV = V − V_last, V = (t_cur − t_prev)/dt; the part of ΔV
//!               beyond a_max·dt, E, is carried rigidly (E·dt) and added to
//!               the stored velocities (s·E), so the cloth feels a change of
//!               at most a_max·dt per step and keeps what it absorbed
//!   substep k   A(f) = prev ⊕ cur at f = k/S (lerp + nlerp, §19)
//!               shift S_k = (A(f_k)⁻¹ ∘ A(f_{k−1}))^inertia
//!               x ← S_k(x);  v, v_prev ← rot(S_k)·v      (free particles)
//!               g_local = rot(A(f_k))⁻¹ · g_world
//!   change      w = s·(V − E − V_last) at substep 1: v, v_prev += w and
//!               the solve starts from x + h·v; the target y keeps the old
//!               v (a fictitious acceleration, `step::FrameStep`)
//! ```
//!
//! **Inertia** (the mechanism is ours; the record gives the lag, §13): at
//! inertia 1 the shift moves every free particle exactly as a world-inertial
//! particle would appear to move in the anchor frame — a cloth that feels all
//! of its anchor's motion. At inertia 0 nothing is shifted: the cloth is
//! welded into the frame, with exactly zero lag (only gravity turns with the
//! anchor). In between the shift is the fractional rigid motion
//! `(s·t, q^s)`, monotone in `s`. Stored velocities are then "world-like": a
//! cloth at rest on an anchor moving at `V` stores `s·V`, and the shift and
//! the drift cancel. **Cloth-local speed** — what the sleep test and the
//! tests read — is a particle's displacement in the anchor frame per second.
//!
//! **The velocity-change limit** (`Controls::max_anchor_acceleration`; the
//! mechanism is ours, the record's anchor never jumped): a host that snaps
//! its character by 0.1–1 m in one frame — a root-motion correction, a snap
//! into cover — moves the anchor at 6–60 m/s for one step and back, and the
//! pins would drag the cloth through it. A velocity change is what the
//! limit bounds, never a velocity: a cloth carried at any steady speed feels
//! nothing (Galilean), and a change beyond the limit is treated as if the
//! cloth had already shared it, so the next step's shift and drift cancel.
//! A one-frame snap then feels like one step at `a_max·dt`.
//!
//! **Spreading the shift over substeps** is the anchor interpolation the
//! record never did: its anchor jumped once per step, so a ±9 m/s sprint
//! reversal threw a short, wide garment's first links across in one substep
//! (§26: tether 1.46 on denim). Here each substep sees its share.

use crate::constants::{ANCHOR_TURN_PER_SUBSTEP, TELEPORT_MIN_DISTANCE, TELEPORT_REACHES};
use crate::pose::{self, Pose, Quat, Vec3};

/// The frame motion of one step, ready to hand out per-substep shifts.
#[derive(Clone, Copy, Debug)]
pub struct FramePlan {
    /// The pose the step starts from (rotation-limited) and ends at.
    from: Pose,
    to: Pose,
    /// Fraction of the frame motion the particles feel.
    inertia: f64,
    /// No shift at all (no motion, inertia 0, or a teleport).
    still: bool,
    /// The turn was capped: part of it carries the cloth rigidly.
    turn_limited: bool,
    /// The particles feel the frame's motion (no teleport, inertia > 0).
    feels: bool,
    /// The frame's velocity change the stored velocities take at the first
    /// substep, m/s, world, the inertia applied ([`FramePlan::kick`]).
    change: Vec3,
}

/// A substep's rigid shift of free particles: `x ← rotation·x + translation`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shift {
    pub rotation: Quat,
    pub translation: Vec3,
}

impl FramePlan {
    /// The plan for a step of `substeps` from `prev` to `cur` at the given
    /// inertia; `carry` (teleport, or the first step) applies no shift;
    /// `carried`, m (world), of the anchor's translation moves the cloth
    /// rigidly ([`excess_velocity`] times dt); `turn`, rad a substep, is the
    /// most of the frame's turn fed to the inertial terms
    /// ([`crate::model::Model::link_turn_of`]).
    pub fn new(prev: &Pose, cur: &Pose, inertia: f64, substeps: u32, carry: bool, carried: Vec3, turn: f64) -> Self {
        let delta = cur.rotation.conj().compose(prev.rotation);
        let angle = delta.angle();
        // Rotation limit (§19, ours in mechanism): feed at most `turn` a
        // substep of the frame's turn to the inertial terms; the rest turns
        // the cloth rigidly.
        let limit = turn * substeps as f64;
        let from_rotation = match angle > limit {
            true => cur.rotation.compose(delta.pow(limit / angle)),
            false => prev.rotation,
        };
        let turn_limited = !carry && inertia > 0.0 && angle > limit;
        let from = Pose::new(pose::add(prev.translation, carried), from_rotation);
        let still = carry || inertia == 0.0 || (from == *cur);
        let feels = !carry && inertia > 0.0;
        FramePlan { from, to: *cur, inertia, still, turn_limited, feels, change: [0.0; 3] }
    }

    /// The plan with the frame's velocity change over the step, m/s, world:
    /// the velocity of this step's shifts less the one the stored
    /// velocities carry (the anchor velocity of the last step). Nothing
    /// when the particles feel no motion.
    pub fn with_velocity_change(mut self, change: Vec3) -> Self {
        if self.feels {
            self.change = pose::scale(change, self.inertia);
        }
        self
    }

    /// The frame's velocity change the stored velocities take at substep
    /// `k` (1-based), m/s, in that substep's frame, the inertia applied:
    /// all of it at the first substep (the shifts' velocity is constant
    /// within a step), `None` at the others or when there is none.
    pub fn kick(&self, k: u32, substeps: u32) -> Option<Vec3> {
        (k == 1 && self.change != [0.0; 3]).then(|| self.pose_at(1, substeps).rotation.conj().rotate(self.change))
    }

    /// The rigid motion, world, that the step carries the cloth by (the
    /// velocity change beyond the limit and the turn beyond the cap):
    /// `from ∘ prev⁻¹`, or `None` when nothing is carried. Colliders take it
    /// too (`contact::substep_frames`), so one that moves with the anchor
    /// stays put in the cloth frame through the step, as the cloth does.
    pub fn carried(&self, prev: &Pose) -> Option<Pose> {
        (self.from != *prev).then(|| self.from.mul(&prev.inverse()))
    }

    /// Whether the step moves the particles in the cloth frame at all: a
    /// shift or a velocity change.
    pub fn moves(&self) -> bool {
        !self.still || self.change != [0.0; 3]
    }

    /// How far the frame's motion can take a free particle at `x` with
    /// stored velocity `v` and inertia scale `s` from `x` over the step, in
    /// the cloth frame, m: the largest distance from `x` of the substeps'
    /// inertial targets `S_k(x) + h·v` (each substep's shift applied to
    /// position and velocity as `step::begin_substep` applies it) and of the
    /// first substep's start, which adds the velocity change `h·w`.
    /// `shifts` holds the step's shifts in order. Gravity and the rows are
    /// not in it: the discovery margin covers a step's fall from rest.
    /// [`FrameTravel`] is the same for `s = 1`, eight particles at a time.
    pub fn travel(shifts: &[Option<Shift>], kick: Option<Vec3>, h: f64, x: Vec3, v: Vec3, s: f64) -> f64 {
        let blend = |a: Vec3, b: Vec3| pose::add(a, pose::scale(pose::sub(b, a), s));
        let (mut p, mut u) = (x, v);
        let mut far: f64 = 0.0;
        for (k, shift) in shifts.iter().enumerate() {
            if let Some(sh) = shift {
                p = blend(p, pose::add(sh.rotation.rotate(p), sh.translation));
                u = blend(u, sh.rotation.rotate(u));
            }
            if let (0, Some(w)) = (k, kick) {
                let start = pose::add(p, pose::scale(pose::add(u, pose::scale(w, s)), h));
                far = far.max(pose::norm(pose::sub(start, x)));
            }
            p = pose::add(p, pose::scale(u, h));
            far = far.max(pose::norm(pose::sub(p, x)));
        }
        far
    }

    /// Whether the turn was capped (part of it carries the cloth rigidly).
    pub fn turn_limited(&self) -> bool {
        self.turn_limited
    }

    /// The anchor pose at substep boundary `k` of `substeps` (k = 0: start).
    pub fn pose_at(&self, k: u32, substeps: u32) -> Pose {
        if k == substeps {
            self.to
        } else {
            self.from.interpolate(&self.to, k as f64 / substeps as f64)
        }
    }

    /// The shift of substep `k` (1-based), or `None` when nothing moves.
    pub fn shift(&self, k: u32, substeps: u32) -> Option<Shift> {
        if self.still {
            return None;
        }
        let a0 = self.pose_at(k - 1, substeps);
        let a1 = self.pose_at(k, substeps);
        let d = a1.inverse().mul(&a0);
        let s = self.inertia;
        Some(Shift { rotation: d.rotation.pow(s), translation: pose::scale(d.translation, s) })
    }

    /// World gravity in the frame at substep boundary `k`.
    pub fn gravity(&self, k: u32, substeps: u32, g_world: Vec3) -> Vec3 {
        self.pose_at(k, substeps).rotation.conj().rotate(g_world)
    }
}

/// The most of the anchor's turn a substep feeds to the inertial terms, rad:
/// `max_turn_links` links of relative motion against the pins
/// (`link_turn`, [`crate::model::Model::link_turn_of`]) over the inertia,
/// and at most [`ANCHOR_TURN_PER_SUBSTEP`]; `max_turn_links` 0 leaves that
/// ceiling alone.
pub fn turn_per_substep(link_turn: f64, max_turn_links: f64, inertia: f64) -> f64 {
    match max_turn_links {
        0.0 => ANCHOR_TURN_PER_SUBSTEP,
        links => (links * link_turn / inertia).min(ANCHOR_TURN_PER_SUBSTEP),
    }
}

/// The part of the anchor's velocity change `velocity − last` beyond
/// `limit` (m/s per step; 0: none), m/s, world: what the step carries
/// rigidly and adds to the stored velocities. Its direction is the change's.
pub fn excess_velocity(last: Vec3, velocity: Vec3, limit: f64) -> Vec3 {
    let change = pose::sub(velocity, last);
    let size = pose::norm(change);
    if limit <= 0.0 || size <= limit {
        return [0.0; 3];
    }
    pose::scale(change, 1.0 - limit / size)
}

/// [`FramePlan::travel`] for particles that feel all of the frame's motion
/// (inertia scale 1), as affine maps: substep `k`'s inertial target less
/// the particle's start is `D_k = A_k·x + B_k·v + c_k`, with
///
/// ```text
///   A_k = R_k·(A_{k−1} + I) − I     B_k = R_k·B_{k−1} + h·R_k⋯R_1     c_k = R_k·c_{k−1} + t_k
/// ```
///
/// (`A_0 = B_0 = 0`, `c_0 = 0`) and the first substep's start `D_1 + h·w`.
/// Kept in f32 for discovery's lanes (`contact::discover`).
#[derive(Clone, Copy, Debug)]
pub struct FrameTravel {
    /// Per substep: `A` and `B` row by row, then `c`.
    pub maps: [[f32; 21]; crate::constants::MAX_SUBSTEPS as usize],
    pub substeps: usize,
    /// `h·w`, m.
    pub kick: [f32; 3],
    /// A bound on `|D_k|` over every substep for any particle within
    /// `x_max` of the origin moving at up to `v_max`:
    /// `reach(x_max, v_max) = max_k |c_k| + ‖A‖·x_max + ‖B‖·v_max + |h·w|`.
    norms: [f64; 4],
}

impl FrameTravel {
    pub fn new(shifts: &[Option<Shift>], kick: Option<Vec3>, h: f64) -> Self {
        type M = [Vec3; 3];
        let mul = |r: &M, m: &M| -> M { [0, 1, 2].map(|i| [0, 1, 2].map(|j| (0..3).map(|k| r[i][k] * m[k][j]).sum())) };
        let apply = |r: &M, v: Vec3| -> Vec3 { [0, 1, 2].map(|i| (0..3).map(|k| r[i][k] * v[k]).sum()) };
        let id: M = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        // Frobenius norms bound the operator norms.
        let frob = |m: &M| m.iter().flatten().map(|e| e * e).sum::<f64>().sqrt();
        let (mut a, mut b, mut c, mut u) = ([[0.0; 3]; 3], [[0.0; 3]; 3], [0.0; 3], id);
        let mut maps = [[0.0f32; 21]; crate::constants::MAX_SUBSTEPS as usize];
        let mut norms = [0.0f64; 4];
        for (k, shift) in shifts.iter().enumerate() {
            let (r, t) = match shift {
                Some(sh) => (sh.rotation.matrix(), sh.translation),
                None => (id, [0.0; 3]),
            };
            let a1 = [0, 1, 2].map(|i| [0, 1, 2].map(|j| a[i][j] + id[i][j]));
            a = mul(&r, &a1);
            for (i, row) in a.iter_mut().enumerate() {
                row[i] -= 1.0;
            }
            u = mul(&r, &u);
            let rb = mul(&r, &b);
            b = [0, 1, 2].map(|i| [0, 1, 2].map(|j| rb[i][j] + h * u[i][j]));
            c = pose::add(apply(&r, c), t);
            let m = &mut maps[k];
            for i in 0..3 {
                for j in 0..3 {
                    m[3 * i + j] = a[i][j] as f32;
                    m[9 + 3 * i + j] = b[i][j] as f32;
                }
                m[18 + i] = c[i] as f32;
            }
            norms[0] = norms[0].max(pose::norm(c));
            norms[1] = norms[1].max(frob(&a));
            norms[2] = norms[2].max(frob(&b));
        }
        let kick = pose::scale(kick.unwrap_or([0.0; 3]), h);
        norms[3] = pose::norm(kick);
        FrameTravel { maps, substeps: shifts.len(), kick: kick.map(|e| e as f32), norms }
    }

    /// A bound on every particle's travel given the largest `|x|` and `|v|`.
    pub fn reach(&self, x_max: f64, v_max: f64) -> f64 {
        let [c, a, b, w] = self.norms;
        c + a * x_max + b * v_max + w
    }
}

/// The teleport threshold of a cloth of this reach, m per step.
pub fn teleport_distance(reach: f64) -> f64 {
    TELEPORT_MIN_DISTANCE.max(TELEPORT_REACHES * reach)
}

/// Whether the anchor jumped from `prev` to `cur`: further than `threshold`
/// m (`Controls::teleport_threshold`) from where its velocity would have
/// carried it (`expected`, m: the anchor velocity the cloth assumes times
/// the time between the poses). A vehicle at any steady speed never
/// teleports; a cloth that assumes a still anchor measures the whole jump.
pub fn is_teleport(prev: &Pose, cur: &Pose, expected: Vec3, threshold: f64) -> bool {
    let moved = pose::sub(cur.translation, prev.translation);
    pose::norm(pose::sub(moved, expected)) > threshold
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A particle's travel under the frame's motion: none on an anchor
    /// carried at a steady 30 m/s (its stored velocity is the anchor's), the
    /// felt part of a jump for a particle at rest, and the kick's reach when
    /// the anchor starts moving from rest.
    #[test]
    fn travel_is_the_frames_motion_in_the_cloth_frame() {
        let (substeps, dt) = (2, 1.0 / 60.0);
        let h = dt / substeps as f64;
        let x = [0.1, -0.4, 0.05];
        let shifts = |plan: &FramePlan| [plan.shift(1, substeps), plan.shift(2, substeps)];
        // Steady: stored velocity s·V, the shift −V·dt, no change.
        let v = [0.0, 0.0, -30.0];
        let (prev, cur) = (Pose::from_translation([0.0; 3]), Pose::from_translation(pose::scale(v, dt)));
        let steady = FramePlan::new(&prev, &cur, 1.0, substeps, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP);
        let t = FramePlan::travel(&shifts(&steady), steady.kick(1, substeps), h, x, v, 1.0);
        assert!(t < 1e-12, "steady: {t}");
        // A 0.5 m jump from rest, all but 1/6 m carried: the target path
        // goes 1/6 m, the start stays.
        let jump = Pose::from_translation([0.0, 0.0, -0.5]);
        let carried = [0.0, 0.0, -0.5 + 1.0 / 6.0];
        let plan = FramePlan::new(&prev, &jump, 1.0, substeps, false, carried, ANCHOR_TURN_PER_SUBSTEP)
            .with_velocity_change([0.0, 0.0, -10.0]);
        let t = FramePlan::travel(&shifts(&plan), plan.kick(1, substeps), h, x, [0.0; 3], 1.0);
        assert!((t - 1.0 / 6.0).abs() < 1e-12, "jump: {t}");
        // Welded (scale 0): the frame moves it nowhere.
        let t = FramePlan::travel(&shifts(&plan), plan.kick(1, substeps), h, x, [0.0; 3], 0.0);
        assert!(t < 1e-12, "welded: {t}");
    }

    #[test]
    fn full_inertia_keeps_world_positions() {
        let prev = Pose::new([1.0, 2.0, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], 0.2));
        let cur = Pose::new([1.3, 2.1, -0.2], Quat::from_axis_angle([0.0, 1.0, 0.0], 0.45));
        let plan = FramePlan::new(&prev, &cur, 1.0, 4, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP);
        // A particle's local coordinates after all substeps' shifts, mapped to
        // world by the new anchor, land where it was in the world.
        let local = [0.3, -0.5, 0.1];
        let mut x = local;
        for k in 1..=4 {
            let s = plan.shift(k, 4).unwrap();
            x = pose::add(s.rotation.rotate(x), s.translation);
        }
        let before = prev.transform_point(local);
        let after = cur.transform_point(x);
        assert!(pose::norm(pose::sub(before, after)) < 1e-12);
    }

    #[test]
    fn zero_inertia_and_carry_shift_nothing() {
        let prev = Pose::IDENTITY;
        let cur = Pose::from_translation([0.15, 0.0, 0.0]);
        assert!(FramePlan::new(&prev, &cur, 0.0, 2, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP).shift(1, 2).is_none());
        assert!(FramePlan::new(&prev, &cur, 1.0, 2, true, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP).shift(1, 2).is_none());
        assert!(FramePlan::new(&cur, &cur, 1.0, 2, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP).shift(1, 2).is_none());
    }

    #[test]
    fn rotation_fed_to_inertia_is_capped() {
        let prev = Pose::IDENTITY;
        let cur = Pose::new([0.0; 3], Quat::from_axis_angle([0.0, 0.0, 1.0], 1.2));
        for substeps in [2, 4] {
            let plan = FramePlan::new(&prev, &cur, 1.0, substeps, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP);
            let total: f64 = (1..=substeps).map(|k| plan.shift(k, substeps).unwrap().rotation.angle()).sum();
            assert!((total - ANCHOR_TURN_PER_SUBSTEP * substeps as f64).abs() < 1e-12, "{total}");
            assert!(plan.turn_limited());
        }
        let small = Pose::new([0.0; 3], Quat::from_axis_angle([0.0, 0.0, 1.0], 0.2));
        assert!(!FramePlan::new(&prev, &small, 1.0, 2, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP).turn_limited());
        assert!(
            !FramePlan::new(&prev, &cur, 1.0, 2, true, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP).turn_limited(),
            "a teleport carries it all"
        );
    }

    #[test]
    fn a_velocity_change_beyond_the_limit_is_carried() {
        let last = [3.0, 0.0, 0.0];
        // Within the limit, or no limit: nothing carried.
        assert_eq!(excess_velocity(last, [5.0, 0.0, 0.0], 2.5), [0.0; 3]);
        assert_eq!(excess_velocity(last, [60.0, 0.0, 0.0], 0.0), [0.0; 3]);
        // A 0.5 m snap at 60 Hz from 3 m/s: 27 m/s of change, 2.5 felt.
        let e = excess_velocity(last, [30.0, 0.0, 0.0], 2.5);
        assert!((e[0] - 24.5).abs() < 1e-12 && e[1] == 0.0 && e[2] == 0.0, "{e:?}");
        // Any direction: the felt part is the limit along the change.
        let e = excess_velocity([0.0; 3], [0.0, 3.0, -4.0], 1.0);
        let felt = pose::sub([0.0, 3.0, -4.0], e);
        assert!((pose::norm(felt) - 1.0).abs() < 1e-12 && (felt[1] * 4.0 + felt[2] * 3.0).abs() < 1e-12);
        // Carried translation moves the plan's start with the anchor: the
        // shifts then add up to the felt part of the motion only.
        let cur = Pose::from_translation([0.5, 0.0, 0.0]);
        let plan = FramePlan::new(&Pose::IDENTITY, &cur, 1.0, 2, false, [0.45, 0.0, 0.0], ANCHOR_TURN_PER_SUBSTEP);
        let total: f64 = (1..=2).map(|k| plan.shift(k, 2).unwrap().translation[0]).sum();
        assert!((total + 0.05).abs() < 1e-12, "{total}");
    }

    #[test]
    fn the_velocity_change_arrives_at_the_first_substep_in_its_frame() {
        let quarter = Quat::from_axis_angle([0.0, 1.0, 0.0], std::f64::consts::FRAC_PI_2);
        let (prev, cur) = (Pose::new([0.0; 3], quarter), Pose::new([0.1, 0.0, 0.0], quarter));
        let change = [2.0, 0.0, 0.0];
        let plan =
            FramePlan::new(&prev, &cur, 0.5, 2, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP).with_velocity_change(change);
        // World +X is the turned frame's +Z; half of it at inertia 0.5.
        let k = plan.kick(1, 2).expect("a change");
        assert!(k[0].abs() < 1e-12 && k[1].abs() < 1e-12 && (k[2] - 1.0).abs() < 1e-12, "{k:?}");
        assert_eq!(plan.kick(2, 2), None);
        // A teleport, inertia 0 or no change: nothing.
        assert_eq!(
            FramePlan::new(&prev, &cur, 1.0, 2, true, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP)
                .with_velocity_change(change)
                .kick(1, 2),
            None
        );
        assert_eq!(
            FramePlan::new(&prev, &cur, 0.0, 2, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP)
                .with_velocity_change(change)
                .kick(1, 2),
            None
        );
        assert_eq!(FramePlan::new(&prev, &cur, 1.0, 2, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP).kick(1, 2), None);
        // An anchor that stops dead still hands the change on with no shift.
        let stop = FramePlan::new(&cur, &cur, 1.0, 2, false, [0.0; 3], ANCHOR_TURN_PER_SUBSTEP)
            .with_velocity_change([-6.0, 0.0, 0.0]);
        assert!(stop.shift(1, 2).is_none() && stop.kick(1, 2).is_some());
    }

    #[test]
    fn a_sprint_is_not_a_teleport_and_a_kilometre_is() {
        let prev = Pose::IDENTITY;
        // ±9 m/s at 60 Hz, on the 0.68 m-reach cape of §26 and a 2 m rope.
        for reach in [0.68, 2.0] {
            let t = teleport_distance(reach);
            assert!(!is_teleport(&prev, &Pose::from_translation([0.15, 0.0, 0.0]), [0.0; 3], t));
            assert!(is_teleport(&prev, &Pose::from_translation([1000.0, 0.0, 0.0]), [0.0; 3], t));
            // An aircraft at 600 m/s moves 10 m a step and does not teleport
            // once the cloth knows; a stop from it, in one step, does.
            let flight = Pose::from_translation([10.0, 0.0, 0.0]);
            assert!(!is_teleport(&prev, &flight, [10.0, 0.0, 0.0], t));
            assert!(is_teleport(&prev, &prev, [10.0, 0.0, 0.0], t));
        }
    }
}
