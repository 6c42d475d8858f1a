//! The mutable half of a cloth: what a step changes. Everything here is per
//! storage slot (see [`crate::model`] for the order) or per row.

use crate::aero::AirState;
use crate::constants::STABILISATION_STEPS;
use crate::contact::ContactSlots;
use crate::distance::{Positions, RowState};
use crate::dynamics::{Controls, Dynamics, Tuning};
use crate::lanes::Points;
use crate::model::Model;
use crate::motion::MotionLimits;
use crate::pose::{Pose, Vec3};
use crate::self_pair::SelfCollision;

/// The anchor frame and the cloth's rest state (`crate::anchor`).
#[derive(Clone, Debug, PartialEq)]
pub struct FrameState {
    /// The anchor's world pose at the end of the previous step.
    pub prev: Pose,
    /// The anchor's world pose for this step (set by the host).
    pub cur: Pose,
    /// Steps since the last Reset, up to the stabilisation window.
    pub stabilisation: u32,
    /// Consecutive quiet steps (sleep test).
    pub quiet_steps: u32,
    pub sleeping: bool,
    /// The cloth is at [`crate::Detail::Frozen`]: a step only follows the
    /// anchor.
    pub frozen: bool,
    /// Host frames a step covers at the cloth's level of detail: the turn
    /// limit a substep scales by it, so the turn a cloth feels per second is
    /// the same at every level.
    pub turn_scale: f64,
    /// A wake or a teleport the host asked for, applied at the next step.
    pub wake_requested: bool,
    pub teleport_requested: bool,
    /// The anchor's velocity (through the air, in air) and angular
    /// velocity, in its own frame, and the frame's gravity direction, when
    /// the cloth fell asleep (wake test, `crate::step`).
    pub sleep_velocity: Vec3,
    pub sleep_omega: Vec3,
    pub sleep_gravity: Vec3,
    /// The anchor's world velocity the stored velocities assume, m/s: its
    /// velocity over the last step (0 at seeding and after a reset to the
    /// animated pose — a Reset teleport, the watchdog; a Keep teleport keeps
    /// it). The velocity-change limit measures from it
    /// (`crate::anchor::excess_velocity`).
    pub anchor_velocity: Vec3,
    /// The anchor's angular velocity over the last step, world, rad/s (0
    /// where `anchor_velocity` is): what a Keep teleport's step takes out of
    /// the stored velocities with it.
    pub anchor_omega: Vec3,
    /// Largest cloth-local particle speed of the last step's last substep, m/s.
    pub local_speed: f64,
    /// Largest distance a particle's pose strayed over the sleep test's
    /// window, in the cloth's frame, over the window's duration, m/s (the
    /// window is the last step alone while the cloth moves).
    pub pose_speed: f64,
    /// The substep the last simulated step's rows ran at, s (0 before the
    /// first; [`crate::step::row_substep`]): the next step's substep may be
    /// at most [`crate::constants::SUBSTEP_GROWTH_MAX`] times as long.
    pub row_h: f64,
    /// The sum of the host's origin shifts (`Cloth::shift_origin`), m: the
    /// air's turbulence is sampled at world positions less it, so a gust
    /// stays with the content when the origin moves.
    pub origin: Vec3,
}

impl Default for FrameState {
    fn default() -> Self {
        FrameState {
            prev: Pose::IDENTITY,
            cur: Pose::IDENTITY,
            stabilisation: STABILISATION_STEPS,
            quiet_steps: 0,
            sleeping: false,
            frozen: false,
            turn_scale: 1.0,
            wake_requested: false,
            teleport_requested: false,
            sleep_velocity: [0.0; 3],
            sleep_omega: [0.0; 3],
            sleep_gravity: [0.0; 3],
            anchor_velocity: [0.0; 3],
            anchor_omega: [0.0; 3],
            local_speed: 0.0,
            pose_speed: 0.0,
            row_h: 0.0,
            origin: [0.0; 3],
        }
    }
}

/// Particle columns and row multipliers.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Position, m (cloth frame).
    pub x: Points,
    /// `x` packed as `[x, y, z, 0]` per slot, for lanes that read
    /// neighbours from it ([`crate::lanes::Lanes::PACKED`]): written from
    /// `x` before each substep's iterations and by each vertex update, read
    /// by the sweep and the dual update (rows' ends, tether anchors). Sized
    /// at seed on every machine, so a cloth's memory is the same wherever
    /// it runs.
    pub packed: Vec<[f32; 4]>,
    /// Position at the start of the current substep, m.
    pub x0: Points,
    /// Inertial target of the current substep, m.
    pub y: Points,
    /// Velocity, m/s.
    pub v: Points,
    /// Velocity one substep earlier, m/s: the adaptive initial guess reads
    /// `(v − v_prev)/h` (DESIGN §3). A reset clears it.
    pub v_prev: Points,
    /// Position where the sleep test's window began, m: at the start of the
    /// step after the last one that was not quiet.
    pub x_step: Points,
    /// Animated (target) position, m: fixed particles sit here; a reset
    /// returns every particle here.
    pub p: Points,
    /// Curved bend hinges' rest force per slot, `Σ_r m_eff,r K̂_ra s̄_r(x)`
    /// at the iterations' start, kg·m, set each substep (`crate::bend::CurvedHinges::targets`); empty
    /// on a flat cloth.
    pub bend_target: Points,
    /// Each curved hinge's rest vector `s̄_r(x)` (scratch of `bend::targets`).
    pub bend_scratch: Points,
    /// Per-slot `(x, y, z, 0)` sums of `bend::targets`.
    pub bend_sums: Vec<[f32; 4]>,
    /// Links-row (stretch and skip) multipliers and penalties.
    pub links: RowState,
    /// Strain-limit multipliers and penalties, parallel to the links table
    /// (empty until `strain_limit` is first enabled).
    pub strain: RowState,
    /// Tether and leash multipliers and penalties, per slot (the leash's are
    /// empty until `slack < 1` is first set).
    pub tether: RowState,
    pub leash: RowState,
    /// Strain-limit rows' multiplier floors, parallel to `strain`
    /// (`crate::strain_limit::warm_start`).
    pub strain_floor: Vec<f32>,
    /// Per strain-limit row: the least multiplier it has held in the current
    /// window (a pinned cloth's floor rule, `crate::strain_limit::Floor`).
    pub strain_low: Vec<f32>,
    /// Substeps into the current floor window.
    pub strain_window: u32,
    /// Scratch of the strain-limit projection: each particle's one-sided
    /// correction this substep (zero between substeps; empty until the
    /// limit is on).
    pub strain_moved: Points,
    /// Scratch of the strain-limit projection: where each particle with
    /// contact slots stood before it (`crate::contact::before_moves`).
    pub strain_before: Points,
    /// Per-slot inertia scale `0..=1` of the free particles: how much of the
    /// cloth's inertia each feels (`Cloth::set_inertia_scales`; empty until
    /// first painted).
    pub inertia_scale: Vec<f32>,
    /// The host's switches and thresholds (`Cloth::set_controls`).
    pub controls: Controls,
    /// Painted max distances and backstops (`crate::motion`; empty until
    /// first painted).
    pub motion: MotionLimits,
    /// Collider contact slots (empty until the first step with colliders).
    pub contacts: ContactSlots,
    /// Self-collision search and scratch (empty until the flag is first set).
    pub self_collision: SelfCollision,
    /// The air the cloth moves through, its surface tables and scratch
    /// (`crate::aero`; the tables are empty until aerodynamics first acts).
    pub air: AirState,
    /// The anchor frame.
    pub frame: FrameState,
    /// Steps taken.
    pub steps: u64,
    /// Counters the step keeps for the host and the tests.
    pub diagnostics: Diagnostics,
}

/// What the step has observed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Diagnostics {
    /// Vertex updates whose LDLᵀ pivot check failed (gradient step taken).
    pub pivot_failures: u64,
    /// Largest stretch-row |C|/L0 at the last step's last dual update.
    pub worst_hard_strain: f32,
    /// Consecutive steps with `worst_hard_strain` above the watchdog's bound.
    pub absurd_steps: u32,
    /// Watchdog resets so far.
    pub resets: u64,
    /// Teleports handled so far.
    pub teleports: u64,
    /// Particle-substeps whose speed the velocity clamp cut (a backstop: a
    /// cloth in ordinary motion never reaches it).
    pub velocity_clamps: u64,
}

impl State {
    /// The state of a cloth at rest in its bind pose.
    pub fn new(model: &Model) -> Self {
        let n = model.slots;
        State {
            x: model.bind.clone(),
            packed: vec![[0.0; 4]; n],
            x0: model.bind.clone(),
            y: model.bind.clone(),
            v: Points::zeros(n),
            v_prev: Points::zeros(n),
            x_step: model.bind.clone(),
            p: model.bind.clone(),
            bend_target: Points::zeros(if model.bend_rest.is_empty() { 0 } else { n }),
            bend_scratch: Points::zeros(model.bend_rest.padded()),
            bend_sums: vec![[0.0; 4]; if model.bend_rest.is_empty() { 0 } else { n }],
            links: RowState::new(model.links.a.len()),
            strain: RowState::default(),
            tether: RowState::new(if model.unary.tethered > 0 { model.slots } else { 0 }),
            leash: RowState::default(),
            strain_floor: Vec::new(),
            strain_low: Vec::new(),
            strain_window: 0,
            strain_moved: Points::default(),
            strain_before: Points::default(),
            inertia_scale: Vec::new(),
            controls: Controls::default(),
            motion: MotionLimits::default(),
            contacts: ContactSlots::default(),
            self_collision: SelfCollision::default(),
            air: AirState::default(),
            frame: FrameState::default(),
            steps: 0,
            diagnostics: Diagnostics::default(),
        }
    }

    /// Sizes what the dynamics and tuning need (strain-limit multipliers or
    /// projection scratch, leash multipliers). Called on a parameter change,
    /// never inside a step.
    pub fn provision(&mut self, model: &Model, d: &Dynamics, t: &Tuning) {
        // A cloth seeded without a pin gets tethers once a node is held
        // (`crate::seed::with_held`).
        if model.unary.tethered > 0 && self.tether.is_empty() {
            self.tether = RowState::new(model.slots);
        }
        if !model.bend_rest.is_empty() && self.bend_target.is_empty() {
            self.bend_target = Points::zeros(model.slots);
            self.bend_scratch = Points::zeros(model.bend_rest.padded());
            self.bend_sums = vec![[0.0; 4]; model.slots];
        }
        if d.strain_limit && t.strain_mode.multiplier() && self.strain.is_empty() {
            self.strain = RowState::new(model.links.a.len());
            self.strain_floor = vec![0.0; model.links.a.len()];
            self.strain_low = vec![f32::INFINITY; model.links.a.len()];
        }
        if d.strain_limit && t.strain_mode.projection() {
            if self.strain_moved.is_empty() {
                self.strain_moved = Points::zeros(model.slots);
                self.strain_before = Points::zeros(model.slots);
            }
            self.contacts.provision_slide();
            model.strain_order();
        }
        if d.leashed() && self.leash.is_empty() {
            self.leash = RowState::new(model.slots);
        }
        if d.self_collision && self.self_collision.is_empty() {
            self.self_collision = SelfCollision::new(model);
        }
        if d.self_collision && t.self_stencils {
            self.self_collision.provision_stencils(model);
        }
    }

    /// Puts every particle at its animated position with zero velocity and
    /// clears every multiplier and penalty (the next warm start sets `k_min`).
    pub fn reset_to_animated(&mut self) {
        self.x.copy_from(&self.p);
        self.x0.copy_from(&self.p);
        self.y.copy_from(&self.p);
        self.v.fill(0.0);
        self.v_prev.fill(0.0);
        // Velocities of a still anchor: the next step measures its velocity
        // change from rest.
        self.frame.anchor_velocity = [0.0; 3];
        self.frame.anchor_omega = [0.0; 3];
        for rows in [&mut self.links, &mut self.strain, &mut self.tether, &mut self.leash] {
            rows.clear();
        }
        self.strain_floor.fill(0.0);
        self.strain_low.fill(f32::INFINITY);
        self.strain_window = 0;
        self.contacts.clear();
        self.self_collision.clear();
        self.diagnostics.absurd_steps = 0;
    }

    /// Adds the velocity field of a rigid frame motion, local: `sign·s·(v +
    /// ω × x)` to every free particle's stored velocities (`s` its inertia
    /// scale, `x` its position now), in f64; `v_prev` moves with `v`.
    pub fn add_frame_motion(&mut self, inv_mass: &[f32], v: Vec3, omega: Vec3, sign: f64) {
        for (s, _) in inv_mass.iter().enumerate().filter(|(_, &w)| w > 0.0) {
            let k = sign * self.inertia_scale.get(s).copied().unwrap_or(1.0) as f64;
            let x = self.x.get(s).map(f64::from);
            let field = crate::pose::add(v, crate::pose::cross(omega, x));
            let add = |a: [f32; 3]| [0, 1, 2].map(|i| (a[i] as f64 + k * field[i]) as f32);
            self.v.set(s, add(self.v.get(s)));
            self.v_prev.set(s, add(self.v_prev.get(s)));
        }
    }

    /// Adds `dv` (cloth frame, m/s, the inertia already applied) times each
    /// free particle's inertia scale to its stored velocities: the share of
    /// the anchor's velocity the cloth moves with without feeling it
    /// (`crate::anchor`). `v_prev` moves with `v`, so the adaptive start
    /// reads no acceleration from it. `inv_mass` covers the swept slots.
    pub fn add_frame_velocity(&mut self, inv_mass: &[f32], dv: Vec3) {
        let dv = dv.map(|c| c as f32);
        for (s, _) in inv_mass.iter().enumerate().filter(|(_, &w)| w > 0.0) {
            let k = self.inertia_scale.get(s).copied().unwrap_or(1.0);
            let add = |a: [f32; 3]| [a[0] + k * dv[0], a[1] + k * dv[1], a[2] + k * dv[2]];
            self.v.set(s, add(self.v.get(s)));
            self.v_prev.set(s, add(self.v_prev.get(s)));
        }
    }

    /// The positions as the lanes read other particles' ([`Positions::gather`]).
    #[inline(always)]
    pub fn positions(&self) -> Positions<'_> {
        Positions { x: &self.x, packed: &self.packed }
    }

    /// Bytes held by region: particles, rows.
    pub fn bytes(&self) -> (usize, usize) {
        let columns = [&self.x, &self.x0, &self.y, &self.v, &self.v_prev, &self.x_step, &self.p];
        (
            columns.iter().map(|c| c.bytes()).sum::<usize>()
                + self.strain_moved.bytes()
                + 16 * self.packed.capacity()
                + self.bend_target.bytes()
                + self.bend_scratch.bytes()
                + 16 * self.bend_sums.capacity()
                + self.strain_before.bytes()
                + 4 * self.inertia_scale.capacity()
                + self.motion.bytes()
                + self.air.bytes(),
            self.links.bytes()
                + self.strain.bytes()
                + 4 * (self.strain_floor.capacity() + self.strain_low.capacity())
                + self.tether.bytes()
                + self.leash.bytes(),
        )
    }
}
