//! The step: Vertex Block Descent with augmented-Lagrangian hard rows.
//!
//! ```text
//!  per fixed step dt ──────────────────────────────────────────────────────
//!  │ substeps × (h = dt/substeps; more where h > 2·the last step's h):
//!  │   x0 = x
//!  │   predict   y = x + h·v + h²·g                      (target of f and H)
//!  │   in air    y += h²·a_aero, and the start along g + a_aero   (`crate::aero`)
//!  │   start     x = x + h·v + h²·ã                      (adaptive guess;
//!  │                                      a pinless cloth in flight: x = y)
//!  │             ã = ĝ·clamp(((v − v_prev)/h)·ĝ, 0, |g|)
//!  │   bend rest b_a = Σ_r m_eff,r K̂_ra R_r(x)·s̄_r at the start   (curved hinges, `crate::bend`)
//!  │   warm      hard rows: λ ← (α·γ)·λ,  k ← clamp(γ·k, k_min, k_max)
//!  │   iterations ×:
//!  │     colour 0 │ colour 1 │ … (Gauss–Seidel across colours, lanes within)
//!  │       per particle i:  f = −(m/h²)(x_i − y_i) − Σ fc·∇_i C
//!  │                        H =  (m/h²)·I + Σ k∇C∇Cᵀ (unless clamped)
//!  │                                      + PSD half of fc·∂²C/∂x²
//!  │                        Δ = LDLᵀ-solve(H, f), pivot-checked
//!  │                        Δ ← Δ·min(1, ℓ_i/‖Δ‖)   ℓ_i = max(shortest, ⅒ longest) incident edge
//!  │                        x_i += Δ
//!  │     dual update, once, after all colours:
//!  │                        λ ← clamp(k·C(x) + λ, f_min, f_max)
//!  │                        k ← min(k + β|C|, k_max) while λ is inside its clamp
//!  │   free cloth: the translation mode solved exactly (no pin, no contact)
//!  │   strain-limit projection (StrainLimit)
//!  │   integrate v_prev = v;  u = (S(x) − x0)/h − v̄, relative to the frame's
//!  │             rigid motion (and a pinless cloth's own: v̄ + ω̄ × (x − c̄)):
//!  │             u ← u·exp(−10·damping·h),  |u| ≤ 4·ℓ_i·substeps·iterations/dt
//!  │             (backstop, §13)
//!  └ watchdog: non-finite or exploded → reset to the animated pose, reported
//! ```
//!
//! **The adaptive initial guess** is the one rule the record never states and
//! every table depends on (DESIGN §3): a prototype of this step reproduced §2
//! in 54 of 64 cells with it and 13 of 64 starting from `y`. `y` stays the
//! inertial target inside `f` and `H`; only the iteration's starting point
//! moves. `v_prev` is per particle.
//!
//! Fixed particles are never swept; they sit at their animated position.
//! Padding slots are swept and masked out (see [`crate::model`]).

use crate::aero::{self, AirSubstep};
use crate::anchor::{self, FramePlan, FrameTravel, Shift};
use crate::collider::{Aabb, ColliderSet};
use crate::constants::{
    DAMPING_RATE, LANES, MAX_SUBSTEPS, ROW_STEP_MEMORY, SLEEP_STEPS, SLIDE_COHERENCE, SLIDE_NORMAL_HOLD,
    SOFT_ROW_RATIO_MAX, STABILISATION_STEPS, STRAIN_FLOOR_TIME, STRAIN_FLOOR_WINDOW, STRAIN_PROJECTION_PASSES,
    SUBSTEP_GROWTH_MAX, VELOCITY_CLAMP_AUTHORITIES, WATCHDOG_DISTANCE, WATCHDOG_STEPS, WATCHDOG_STRAIN,
};
use crate::contact::{self, ContactParams, Travel};
use crate::distance::{self, Duals, RowState, Stiffness};
use crate::dynamics::{Dynamics, TeleportMode, Tuning};
#[cfg(target_arch = "x86_64")]
use crate::lanes::avx2;
use crate::lanes::{CpuPath, Lanes, Mat3, V3};
use crate::model::Model;
use crate::pose::{self, Pose, Vec3};
use crate::self_pair;
use crate::state::{FrameState, State};
use crate::vertex::{self, LaneParams};
use crate::{bend, leash, skip, strain_limit, stretch};

/// Which kernel sweeps the colours. Selectable at run time so both run side
/// by side in one benchmark; every kernel computes the same step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// Eight particles per instruction in f32: the product. AVX2 where the
    /// CPU runs it, else the baseline (`Tuning::cpu_path`, [`CpuPath`]).
    #[default]
    Wide,
    /// One particle at a time in f32: the bit-exact oracle of [`Kernel::Wide`].
    Scalar,
    /// Four particles per instruction in f64 (`wide::f64x4`), f32 storage.
    WideF64,
    /// One particle at a time in f64: the oracle of [`Kernel::WideF64`].
    ScalarF64,
}

impl Kernel {
    pub const ALL: [Kernel; 4] = [Kernel::Wide, Kernel::Scalar, Kernel::WideF64, Kernel::ScalarF64];

    pub fn name(self) -> &'static str {
        match self {
            Kernel::Wide => "wide",
            Kernel::Scalar => "scalar",
            Kernel::WideF64 => "wide-f64",
            Kernel::ScalarF64 => "scalar-f64",
        }
    }
}

/// Why the watchdog reset a cloth (DESIGN §3 rule 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchdogReason {
    /// A position or velocity became NaN/∞, or left the plausible range.
    NonFinite,
    /// Hard rows stayed absurdly violated for several steps.
    Exploded,
}

/// What one step did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepReport {
    /// Set when the watchdog reset the cloth at the end of this step.
    pub watchdog: Option<WatchdogReason>,
    /// Vertex updates whose pivot check failed during this step.
    pub pivot_failures: u64,
    /// The anchor teleported this step (and the teleport mode was applied).
    pub teleported: bool,
    /// The cloth was asleep: nothing was simulated and its local pose is
    /// unchanged.
    pub asleep: bool,
    /// The cloth fell asleep at the end of this step.
    pub fell_asleep: bool,
    /// The anchor's velocity changed by more than
    /// `Controls::max_anchor_acceleration` allows: the excess moved the
    /// cloth rigidly and stayed with it as velocity (`crate::anchor`).
    pub anchor_limited: bool,
    /// The anchor turned faster than the cloth feels
    /// (`constants::ANCHOR_TURN_PER_SUBSTEP`): the excess turned the cloth
    /// rigidly.
    pub turn_limited: bool,
    /// No fixed step ran this frame (`crate::detail`): the cloth is frozen
    /// (its local pose unchanged), or at half rate on the second frame of a
    /// pair (reads show the end of the step the first frame ran), or a
    /// world's advance ran no step for it (`crate::World::last_steps`).
    pub idle: bool,
}

impl StepReport {
    /// This report followed by `later`'s, as one frame's: an event of
    /// either (a teleport, a limit, falling asleep; the first watchdog
    /// reset), pivot failures summed, and the state (`asleep`, `idle`) the
    /// later one left.
    pub fn then(self, later: StepReport) -> StepReport {
        StepReport {
            watchdog: self.watchdog.or(later.watchdog),
            pivot_failures: self.pivot_failures + later.pivot_failures,
            teleported: self.teleported || later.teleported,
            asleep: later.asleep,
            fell_asleep: self.fell_asleep || later.fell_asleep,
            anchor_limited: self.anchor_limited || later.anchor_limited,
            turn_limited: self.turn_limited || later.turn_limited,
            idle: later.idle,
        }
    }
}

/// Per-substep constants, computed once in f64 and rounded once per lane type.
#[derive(Clone, Copy, Debug)]
pub struct SubstepParams {
    pub h: f64,
    /// `1/h²`: the inertia's `m/h²`.
    pub inv_h2: f64,
    /// `1/h_r²` with `h_r` the rows' substep ([`row_substep`]): every row's
    /// penalty, `ratio·m/h_r²`, and the soft rows' stiffness.
    pub row_inv_h2: f64,
    /// Gravity in world space, m/s² (each substep turns it into the frame).
    pub gravity: [f64; 3],
    /// `8·bend/h²`: multiplies the assembled bend coupling.
    pub bend_scale: f64,
    /// `exp(−10·damping·h)`.
    pub damping_factor: f64,
    /// Velocity limit per metre of trust region `ℓ`, 1/s:
    /// `4·substeps·iterations/dt` ([`VELOCITY_CLAMP_AUTHORITIES`]).
    pub velocity_limit_per_length: f64,
    /// Stretch rows (hard unless an experiment makes them soft).
    pub stretch: Stiffness,
    /// Skip rows: soft at ratio `8·bend`.
    pub skip: Stiffness,
    /// Strain-limit, tether and leash rows: hard at the persistent band.
    pub bound: Stiffness,
    /// Strain-limit multipliers act.
    pub strain_limit: bool,
    /// Strain-limit projection after every substep's sweeps.
    pub strain_projection: bool,
    /// How much of the gap to λ a pinless cloth's strain row floor closes
    /// per substep, `1 − exp(−h/STRAIN_FLOOR_TIME)` (`strain_limit::Floor`).
    pub strain_floor_rate: f64,
    /// A pinned cloth's strain floor window, substeps
    /// (`STRAIN_FLOOR_WINDOW / h`, at least 1).
    pub strain_floor_window: u32,
    /// The strain allowance `a`.
    pub allowance: f64,
    /// The share of its excess the strain projection removes in a substep,
    /// `h²/h_r²` (1 at a steady `dt`): as the rows, it closes what a
    /// substep of `h_r` would.
    pub projection_rate: f64,
    pub leashed: bool,
    /// `2·slack`.
    pub leash_scale: f64,
    /// Self rows exist this step: the vertex update adds their scratch
    /// (set after the search).
    pub self_rows: bool,
    /// Tether rows act (`Controls::tethers`).
    pub tethers: bool,
    /// Curved bend hinges rest at their bind shape (the model has some and
    /// `Tuning::flat_bend_rest` is off).
    pub bend_rest: bool,
    /// A pinless cloth touches nothing this substep: damping spares its
    /// spin as well as its translation ([`integrate`]).
    pub in_flight: bool,
}

impl SubstepParams {
    /// The constants of a substep of `d`, its rows at the substep `row_h`
    /// ([`row_substep`]; `h` where `row_h` is shorter).
    pub fn new(d: &Dynamics, t: &Tuning, row_h: f64) -> Self {
        let h = d.h();
        let inv_h2 = 1.0 / (h * h);
        let row_h = row_h.max(h);
        let row_inv_h2 = 1.0 / (row_h * row_h);
        SubstepParams {
            h,
            inv_h2,
            row_inv_h2,
            gravity: d.gravity,
            bend_scale: d.bend * SOFT_ROW_RATIO_MAX * row_inv_h2,
            damping_factor: (-DAMPING_RATE * d.damping * h).exp(),
            velocity_limit_per_length: VELOCITY_CLAMP_AUTHORITIES * (d.substeps * d.iterations) as f64 / d.dt,
            stretch: stretch::stiffness(t.stretch_stiffness, t.hard_band, t.hard_beta),
            skip: skip::stiffness(d.bend),
            bound: Stiffness::Hard { ratio_min: t.hard_band.0, ratio_max: t.hard_band.1, beta: t.hard_beta },
            strain_limit: d.strain_limit && t.strain_mode.multiplier(),
            strain_projection: d.strain_limit && t.strain_mode.projection(),
            strain_floor_rate: 1.0 - (-h / STRAIN_FLOOR_TIME).exp(),
            strain_floor_window: ((STRAIN_FLOOR_WINDOW / h).round() as u32).max(1),
            allowance: strain_limit::allowance(d.stretch),
            projection_rate: row_inv_h2 / inv_h2,
            leashed: d.leashed(),
            leash_scale: leash::radius_scale(d.slack),
            self_rows: false,
            tethers: true,
            bend_rest: !t.flat_bend_rest,
            in_flight: false,
        }
    }
}

/// Observes every vertex update (tests: the §5.3 energy-climb audit). The
/// default observer compiles to nothing.
pub trait Probe {
    const ACTIVE: bool;
    /// Called per particle lane before `x` is written: `slot`, and its
    /// position before and after the update.
    fn vertex(
        &mut self,
        model: &Model,
        state: &State,
        p: &SubstepParams,
        slot: usize,
        before: [f64; 3],
        after: [f64; 3],
    );
}

/// The observer that observes nothing.
pub struct NoProbe;
impl Probe for NoProbe {
    const ACTIVE: bool = false;
    fn vertex(&mut self, _: &Model, _: &State, _: &SubstepParams, _: usize, _: [f64; 3], _: [f64; 3]) {}
}

/// Advances a cloth by one fixed step with the chosen kernel.
pub fn step(
    model: &Model,
    state: &mut State,
    d: &Dynamics,
    t: &Tuning,
    kernel: Kernel,
    colliders: &ColliderSet,
) -> StepReport {
    step_probed(model, state, d, t, kernel, colliders, &mut NoProbe)
}

/// [`step`] with an observer on every vertex update.
pub fn step_probed<P: Probe>(
    model: &Model,
    state: &mut State,
    d: &Dynamics,
    t: &Tuning,
    kernel: Kernel,
    colliders: &ColliderSet,
    probe: &mut P,
) -> StepReport {
    match kernel {
        // `avx2::F32x8` lanes only where `resolve` says the CPU and the OS run
        // AVX2 (`lanes::cpu_runs_avx2`: CPUID and XCR0), the type's precondition.
        #[cfg(target_arch = "x86_64")]
        Kernel::Wide if CpuPath::resolve(t.cpu_path) == CpuPath::Avx2 => {
            step_lanes::<avx2::F32x8<false>, P>(model, state, d, t, colliders, probe)
        }
        #[cfg(target_arch = "x86_64")]
        Kernel::Wide if CpuPath::resolve(t.cpu_path) == CpuPath::Avx2Packed => {
            step_lanes::<avx2::F32x8<true>, P>(model, state, d, t, colliders, probe)
        }
        Kernel::Wide => step_lanes::<wide::f32x8, P>(model, state, d, t, colliders, probe),
        Kernel::Scalar => step_lanes::<f32, P>(model, state, d, t, colliders, probe),
        Kernel::WideF64 => step_lanes::<wide::f64x4, P>(model, state, d, t, colliders, probe),
        Kernel::ScalarF64 => step_lanes::<f64, P>(model, state, d, t, colliders, probe),
    }
}

/// The dynamics a step runs: `d`, with as many more substeps as keep its
/// substep within [`SUBSTEP_GROWTH_MAX`] times `last_h`, the substep the
/// last simulated step's rows ran at (at least its own; [`row_substep`]; 0:
/// none yet), at
/// most [`MAX_SUBSTEPS`]. A hard row rests stretched by a residual growing
/// with its substep squared; a substep that grows by more leaves a residual
/// the next shorter ones pull back as velocity, which the next long substep
/// carries on (`MEASUREMENTS.md`, "A host that changes dt").
fn continuous(d: &Dynamics, last_h: f64) -> Dynamics {
    let longest = SUBSTEP_GROWTH_MAX * last_h;
    match last_h > 0.0 && d.h() > longest {
        true => {
            let substeps = (d.dt / longest).ceil().min(MAX_SUBSTEPS as f64) as u32;
            Dynamics { substeps: substeps.max(d.substeps), ..*d }
        }
        false => *d,
    }
}

/// The substep a step of substep `h` scales its rows' penalties by, after
/// steps whose rows ran at `last` (0: none yet). A hard row rests stretched
/// by a residual growing with the square of its substep, and a shorter
/// substep pulls the residual the longer ones left back within one
/// substep, `(x − x0)/h` making it a velocity growing as `1/h`
/// (`MEASUREMENTS.md`, "A game slowed or paused"). A substep at least
/// `last/G` (a steady `dt`, a
/// level of detail leaving half rate, `G` = [`SUBSTEP_GROWTH_MAX`]) gives
/// `h`, every bit as before; a shorter one keeps `last`, fading towards
/// `h` over [`ROW_STEP_MEMORY`] of simulated time,
/// `h_r² = h² + (last² − h²)·e^(−dt/τ)`: the rows keep the stiffness they
/// had, `ratio·m/h_r²` N/m, and the residual fades with it.
pub fn row_substep(h: f64, last: f64, dt: f64) -> f64 {
    if last <= SUBSTEP_GROWTH_MAX * h {
        return h;
    }
    let keep = (-dt / ROW_STEP_MEMORY).exp();
    (h * h + (last * last - h * h) * keep).sqrt()
}

/// The step over lanes `L`; its lane kernels are entered through
/// [`Kernels`].
fn step_lanes<L: Kernels, P: Probe>(
    model: &Model,
    state: &mut State,
    d: &Dynamics,
    t: &Tuning,
    colliders: &ColliderSet,
    probe: &mut P,
) -> StepReport {
    let d = &continuous(d, state.frame.row_h);
    let mut report = StepReport::default();
    let reach = model.reach as f64;
    let controls = state.controls;
    report.teleported = state.frame.teleport_requested
        || anchor::is_teleport(
            &state.frame.prev,
            &state.frame.cur,
            pose::scale(state.frame.anchor_velocity, d.dt),
            controls.teleport_threshold(reach),
        );
    let teleport_requested = std::mem::take(&mut state.frame.teleport_requested);
    // The anchor's velocities over this step, world: the velocity-change
    // limit (`anchor::excess_velocity`), the air and the sleep test read them.
    let (velocity, omega) = anchor_velocities(&state.frame.prev, &state.frame.cur, d.dt);
    let in_air = state.air.ready(d.drag, d.lift);
    // The air clock runs whether or not the cloth sleeps.
    let air_time = state.air.time;
    state.air.time += d.dt;
    if state.frame.frozen {
        // Frozen (`crate::detail`): as asleep, but nothing wakes it; a
        // teleport the host asked for waits for the level's end.
        state.frame.teleport_requested = teleport_requested;
        state.frame.prev = state.frame.cur;
        state.frame.anchor_velocity = velocity;
        state.frame.anchor_omega = omega;
        report.teleported = false;
        report.idle = true;
        return report;
    }
    if state.frame.sleeping {
        let felt = if in_air { 1.0 } else { d.inertia * felt_inertia(&state.inertia_scale) };
        let f = &state.frame;
        let motion = felt_motion(&f.cur, velocity, omega, in_air.then(|| state.air.mean_wind()));
        if report.teleported
            || f.wake_requested
            || anchor_wakes(f, d, motion, felt, reach, controls.sleep_speed)
            || colliders_wake(model, state, colliders, d, sleep_radius(&controls, reach, d))
        {
            state.frame.sleeping = false;
            state.frame.quiet_steps = 0;
        } else {
            // Asleep: no step and no write-back; the world pose still follows
            // the anchor (world = anchor ∘ local).
            state.frame.prev = state.frame.cur;
            state.frame.anchor_velocity = velocity;
            state.frame.anchor_omega = omega;
            report.asleep = true;
            return report;
        }
    }
    state.frame.wake_requested = false;
    state.frame.row_h = row_substep(d.h(), state.frame.row_h, d.dt);
    // A teleport keeping the shape keeps the cloth's motion too: the frame's
    // velocities turn with the jump's rotation, and over this step, which
    // shifts nothing, the share of the frame's motion the stored velocities
    // carry, `s·(V + ω × x)`, is taken out and given back at the end, so the
    // cloth neither drifts from its pins nor feels a change at the next step.
    let mut kept_drift = None;
    if report.teleported {
        state.diagnostics.teleports += 1;
        match d.teleport {
            TeleportMode::Reset => {
                state.reset_to_animated();
                state.frame.stabilisation = 0;
            }
            TeleportMode::Keep => {
                let f = &state.frame;
                let turn = f.cur.rotation.compose(f.prev.rotation.conj());
                let to_local = f.prev.rotation.conj();
                let local = (
                    pose::scale(to_local.rotate(f.anchor_velocity), d.inertia),
                    pose::scale(to_local.rotate(f.anchor_omega), d.inertia),
                );
                state.frame.anchor_velocity = turn.rotate(state.frame.anchor_velocity);
                state.frame.anchor_omega = turn.rotate(state.frame.anchor_omega);
                state.add_frame_motion(&model.inv_mass[..model.swept], local.0, local.1, -1.0);
                kept_drift = Some(local);
            }
        }
    }
    let f = &state.frame;
    // The velocity-change limit (`crate::anchor`): the change beyond it is
    // carried rigidly now and shared with the stored velocities at the end.
    let excess = match report.teleported || d.inertia == 0.0 {
        true => [0.0; 3],
        false => anchor::excess_velocity(f.anchor_velocity, velocity, controls.max_anchor_acceleration * d.dt),
    };
    let turn = anchor::turn_per_substep(model.link_turn, controls.max_turn_links * f.turn_scale, d.inertia);
    let plan =
        FramePlan::new(&f.prev, &f.cur, d.inertia, d.substeps, report.teleported, pose::scale(excess, d.dt), turn)
            .with_velocity_change(pose::sub(pose::sub(velocity, excess), f.anchor_velocity));
    report.anchor_limited = excess != [0.0; 3];
    report.turn_limited = plan.turn_limited();
    // Aerodynamics (`crate::aero`): the anchor's motion over the step (none
    // across a teleport) and this step's gusts.
    let air = in_air.then(|| {
        let (velocity, omega) = match (report.teleported, d.teleport) {
            (true, TeleportMode::Keep) => (state.frame.anchor_velocity, state.frame.anchor_omega),
            (true, TeleportMode::Reset) => ([0.0; 3], [0.0; 3]),
            (false, _) => (velocity, omega),
        };
        let half_rho = 0.5 * state.air.density();
        let c = AirSubstep {
            dt: d.dt,
            drag: half_rho * d.drag,
            lift: half_rho * d.lift,
            diameter: 2.0 * d.thickness,
            to_frame: crate::pose::Quat::IDENTITY,
            wind: state.air.mean_wind(),
            frame_velocity: [0.0; 3],
            frame_omega: [0.0; 3],
            inertia: d.inertia,
            gravity: [0.0; 3],
        };
        (c, velocity, omega)
    });
    if air.is_some() {
        // Where the content is in the world the field was laid in: less the
        // host's origin shifts.
        let f = &state.frame;
        let prev = Pose { translation: pose::sub(f.prev.translation, f.origin), ..f.prev };
        state.air.sample_gusts(model, &state.x, &prev, air_time);
    }
    let f = &state.frame;
    // The velocity limit ramps back over the stabilisation window (§13).
    let limit = f.stabilisation.min(STABILISATION_STEPS) as f64 / STABILISATION_STEPS as f64;

    let p = SubstepParams { tethers: controls.tethers, ..SubstepParams::new(d, t, state.frame.row_h) };
    let failures_before = state.diagnostics.pivot_failures;
    let cp = ContactParams {
        offset: d.thickness,
        friction: d.friction,
        ratio_max: t.hard_band.1,
        ratio_min: t.hard_band.1 * t.contact_floor,
        beta_r: t.contact_beta_r,
        ramp: t.contact_ramp,
        skip: t.contact_skip,
    };
    // The frame's shift of the particles at each substep's start.
    let mut shifts = [None; MAX_SUBSTEPS as usize];
    for k in 1..=d.substeps {
        shifts[k as usize - 1] = plan.shift(k, d.substeps);
    }
    let shifts = &shifts[..d.substeps as usize];
    let touching = !state.contacts.is_empty() && !colliders.is_empty();
    if touching {
        // Swept discovery, once per step (§20), in the cloth frame, with
        // each particle's travel under the frame's motion when it moves.
        let kick = plan.kick(1, d.substeps);
        let maps = (plan.moves() && state.inertia_scale.is_empty()).then(|| FrameTravel::new(shifts, kick, d.h()));
        let travel = match (plan.moves(), &maps) {
            (false, _) => Travel::Speed,
            (true, Some(maps)) => Travel::Frame(maps),
            (true, None) => {
                listed_travel(model, state, shifts, kick, d.h());
                Travel::Listed
            }
        };
        let (start, end) = (state.frame.prev.inverse(), state.frame.cur.inverse());
        contact::discover(model, &state.x, &state.v, d.dt, &mut state.contacts, colliders, &start, &end, &cp, travel);
    }
    let contacts = touching.then_some(Contacts { colliders, params: cp, pending: false });
    let in_flight = contacts.is_none() || state.contacts.active == 0;
    // Self-collision search, once per step, from the positions it starts with.
    let mut p = SubstepParams { in_flight, ..p };
    if d.self_collision && !state.self_collision.is_empty() {
        let radius = t.self_radius_scale * self_pair::radius(model, d.thickness);
        state.self_collision.search(model, &state.x, radius, t.self_stencils);
        p.self_rows = state.self_collision.has_rows();
    }
    // The sleep test's window starts where the last quiet run ended.
    if state.frame.quiet_steps == 0 {
        state.x_step.copy_from(&state.x);
    }
    let carried = plan.carried(&state.frame.prev);
    let mut local_speed2 = 0.0;
    for (k, shift) in (1..=d.substeps).zip(shifts) {
        let gravity = plan.gravity(k, d.substeps, d.gravity);
        let frame = FrameStep { shift: shift.as_ref(), kick: plan.kick(k, d.substeps) };
        L::begin_substep(model, state, &p, frame, gravity);
        if p.bend_rest && !model.bend_rest.is_empty() {
            L::bend_targets(model, state);
        }
        if let Some((c, velocity, omega)) = &air {
            // The forces once per step, from the first substep's start; each
            // substep turns them into its own frame axes.
            let rotation = plan.pose_at(k, d.substeps).rotation;
            let first = plan.pose_at(1, d.substeps).rotation;
            let to_frame = rotation.conj();
            let c = AirSubstep {
                to_frame,
                frame_velocity: to_frame.rotate(*velocity),
                frame_omega: to_frame.rotate(*omega),
                gravity,
                ..*c
            };
            if k == 1 {
                aero::accelerations(model, state, &c);
            }
            let turn = (rotation != first).then(|| to_frame.compose(first).matrix());
            L::air_targets(model, state, p.h, turn.as_ref());
        }
        if state.motion.has_drive() {
            state.motion.pull(model, &state.p, &mut state.y, p.h);
        }
        if state.motion.holds() {
            state.motion.hold(&state.p, &mut state.x);
        }
        warm_start(model, state, &p, t);
        if let Some(c) = &contacts {
            let anchor_inv = plan.pose_at(k, d.substeps).inverse();
            let fraction = ((k - 1) as f64 / d.substeps as f64, k as f64 / d.substeps as f64);
            contact::substep_frames(
                &mut state.contacts,
                colliders,
                &anchor_inv,
                carried.as_ref(),
                fraction,
                shift.as_ref(),
            );
            contact::warm_start(
                model,
                &mut state.contacts,
                &state.x,
                &state.x0,
                shift.is_some(),
                t.alpha * t.gamma,
                p.row_inv_h2,
                &c.params,
            );
        }
        // Between here and the loop's end only the sweeps move `x`, and each
        // vertex update writes its particles to the packed copy as well.
        if L::PACKED {
            L::pack_positions(state);
        }
        for it in 0..d.iterations {
            // Contact rows' dual updates run inside the next sweep (`contact::dual_update`).
            let contacts = contacts.as_ref().map(|c| Contacts { pending: it > 0, ..*c });
            if p.self_rows {
                state.self_collision.accumulate(model, &state.x, p.row_inv_h2, t.self_ratio);
            }
            L::sweep::<P>(model, state, &p, contacts.as_ref(), probe);
            // The watchdog reads the step's last dual update's worst strain.
            L::dual_update(model, state, &p, k == d.substeps && it + 1 == d.iterations);
        }
        if let Some(c) = &contacts {
            if model.pinless() && state.contacts.active > 0 && !state.motion.active() {
                slide::<L>(model, state, &p, &c.params);
            }
            let starts = contact::Starts { x0: &state.x0, v: &state.v, h: p.h };
            contact::dual_update(model, &state.x, &starts, &mut state.contacts, p.row_inv_h2, &c.params);
        }
        let in_contact = contacts.is_some() && state.contacts.active > 0;
        p.in_flight = !in_contact;
        if model.pinless() && !in_contact {
            L::free_translation(model, state);
        }
        // The strain limit bounds what each substep hands on
        // (`strain_limit::project`).
        if p.strain_projection {
            if in_contact {
                contact::before_moves(&state.contacts, &state.x, &mut state.strain_before);
            }
            // Particles a collider pushes slide along it, never into it.
            let cut = strain_limit::Cut { allowance: p.allowance as f32, rate: p.projection_rate as f32 };
            match in_contact {
                true => strain_passes::<true>(model, state, cut),
                false => strain_passes::<false>(model, state, cut),
            }
            if in_contact {
                contact::after_moves(&mut state.contacts, &state.x, &state.strain_before, &state.strain_moved);
            }
            let carry = shift.as_ref().map(|sh| strain_limit::Carry::new(sh, &state.inertia_scale));
            strain_limit::settle(&mut state.x, &mut state.x0, &mut state.strain_moved, carry.as_ref());
        }
        // Painted max distances and backstops bound what the substep hands
        // on, exactly (`motion.rs`).
        if state.motion.active() {
            state.motion.project(model, &state.p, &mut state.x);
        }
        local_speed2 = L::integrate(model, state, &p, shift.as_ref(), limit, k == d.substeps);
    }
    if excess != [0.0; 3] {
        let local = state.frame.cur.rotation.conj().rotate(excess);
        state.add_frame_velocity(&model.inv_mass[..model.swept], pose::scale(local, d.inertia));
    }
    if let Some((v, omega)) = kept_drift {
        state.add_frame_motion(&model.inv_mass[..model.swept], v, omega, 1.0);
    }
    if !report.teleported {
        state.frame.anchor_velocity = velocity;
        state.frame.anchor_omega = omega;
    }
    state.steps += 1;
    report.pivot_failures = state.diagnostics.pivot_failures - failures_before;
    report.watchdog = watchdog(model, state, p.stretch);

    // Sleep (§12): how far the cloth strayed over the window, in its frame,
    // against what a fraction of the reach per second covers in the window.
    let stray = max_stray(model, &state.x, &state.x_step);
    // Turbulence never settles: a cloth in it stays awake.
    let gusty = in_air && state.air.turbulent();
    let f = &mut state.frame;
    f.stabilisation = (f.stabilisation + 1).min(STABILISATION_STEPS);
    f.local_speed = local_speed2.sqrt();
    f.pose_speed = stray / ((f.quiet_steps + 1) as f64 * d.dt);
    let radius = sleep_radius(&controls, reach, d);
    // A cloth with no free particle (reach 0) has nothing to settle.
    let still = stray < radius || model.reach == 0.0;
    if t.sleep && controls.sleep && report.watchdog.is_none() && still && !gusty {
        f.quiet_steps += 1;
    } else {
        f.quiet_steps = 0;
    }
    if f.quiet_steps >= SLEEP_STEPS {
        f.sleeping = true;
        report.fell_asleep = true;
        (f.sleep_velocity, f.sleep_omega) = felt_motion(&f.cur, velocity, omega, in_air.then(|| state.air.mean_wind()));
        f.sleep_gravity = f.cur.rotation.conj().rotate(d.gravity);
        state.contacts.remember_asleep(colliders, &state.frame.cur);
    }
    let f = &mut state.frame;
    f.prev = f.cur;
    report
}

/// The step's lane kernels as entered on lanes `Self`: the frame shift and
/// initial guess, the colour sweep, the dual update, a free cloth's
/// translation and the integration (with a free cloth's mean velocity). Each
/// kernel is `#[inline(always)]` into an entry of its own and optimised as
/// one function (forced into the whole step, it compiled to more
/// instructions: `MEASUREMENTS.md`, "One library for every x86-64 CPU"). The
/// lane types of the build's own target enter through the plain functions
/// below; [`avx2::F32x8`] through functions compiled with AVX2 enabled
/// ([`avx2_entries`]).
trait Kernels: Lanes {
    #[inline(never)]
    fn begin_substep(model: &Model, st: &mut State, p: &SubstepParams, frame: FrameStep, gravity: Vec3) {
        begin_substep::<Self>(model, st, p, frame, gravity)
    }
    #[inline(never)]
    fn air_targets(model: &Model, st: &mut State, h: f64, turn: Option<&[Vec3; 3]>) {
        aero::targets::<Self>(model, st, h, turn)
    }
    #[inline(never)]
    fn bend_targets(model: &Model, st: &mut State) {
        bend::targets::<Self>(&model.bend_rest, &st.x, &mut st.bend_scratch, &mut st.bend_sums, &mut st.bend_target)
    }
    #[inline(never)]
    fn sweep<P: Probe>(model: &Model, st: &mut State, p: &SubstepParams, contacts: Option<&Contacts>, probe: &mut P) {
        sweep::<Self, P>(model, st, p, contacts, probe)
    }
    #[inline(never)]
    fn dual_update(model: &Model, st: &mut State, p: &SubstepParams, measure: bool) {
        dual_update::<Self>(model, st, p, measure)
    }
    #[inline(never)]
    fn pack_positions(st: &mut State) {
        pack_positions::<Self>(st)
    }
    #[inline(never)]
    fn free_translation(model: &Model, st: &mut State) {
        free_translation::<Self>(model, st)
    }
    #[inline(never)]
    fn integrate(
        model: &Model,
        st: &mut State,
        p: &SubstepParams,
        shift: Option<&Shift>,
        limit: f64,
        last: bool,
    ) -> f64 {
        integrate::<Self>(model, st, p, shift, limit, last)
    }
}

impl Kernels for f32 {}
impl Kernels for f64 {}
impl Kernels for wide::f32x8 {}
impl Kernels for wide::f64x4 {}

/// `step_probed` takes these lanes only where the CPU and the OS run AVX2,
/// the precondition of [`avx2_entries`].
#[cfg(target_arch = "x86_64")]
impl<const PACK: bool> Kernels for avx2::F32x8<PACK> {
    fn begin_substep(model: &Model, st: &mut State, p: &SubstepParams, frame: FrameStep, gravity: Vec3) {
        // SAFETY: AVX2 runs here (`step_probed` chose these lanes).
        unsafe { avx2_entries::begin_substep(model, st, p, frame, gravity) }
    }
    fn air_targets(model: &Model, st: &mut State, h: f64, turn: Option<&[Vec3; 3]>) {
        // SAFETY: AVX2 runs here (`step_probed` chose these lanes).
        unsafe { avx2_entries::air_targets(model, st, h, turn) }
    }
    fn bend_targets(model: &Model, st: &mut State) {
        // SAFETY: AVX2 runs here (`step_probed` chose these lanes).
        unsafe { avx2_entries::bend_targets(model, st) }
    }
    fn sweep<P: Probe>(model: &Model, st: &mut State, p: &SubstepParams, contacts: Option<&Contacts>, probe: &mut P) {
        // SAFETY: AVX2 runs here (`step_probed` chose these lanes).
        unsafe { avx2_entries::sweep::<P, PACK>(model, st, p, contacts, probe) }
    }
    fn dual_update(model: &Model, st: &mut State, p: &SubstepParams, measure: bool) {
        // SAFETY: AVX2 runs here (`step_probed` chose these lanes).
        unsafe { avx2_entries::dual_update::<PACK>(model, st, p, measure) }
    }
    fn pack_positions(st: &mut State) {
        // SAFETY: AVX2 runs here (`step_probed` chose these lanes).
        unsafe { avx2_entries::pack_positions::<PACK>(st) }
    }
    fn free_translation(model: &Model, st: &mut State) {
        // SAFETY: AVX2 runs here (`step_probed` chose these lanes).
        unsafe { avx2_entries::free_translation(model, st) }
    }
    fn integrate(
        model: &Model,
        st: &mut State,
        p: &SubstepParams,
        shift: Option<&Shift>,
        limit: f64,
        last: bool,
    ) -> f64 {
        // SAFETY: AVX2 runs here (`step_probed` chose these lanes).
        unsafe { avx2_entries::integrate(model, st, p, shift, limit, last) }
    }
}

/// The lane kernels on [`avx2::F32x8`] lanes, each a function compiled with
/// AVX2 enabled into which the kernel is inlined whole (the lanes' methods
/// become single instructions; `objdump -d` shows no call left in them but
/// to functions that are not generic over the lanes).
///
/// # Safety
/// Every function: only on a CPU that runs AVX2 ([`crate::lanes::cpu_runs_avx2`]).
#[cfg(target_arch = "x86_64")]
mod avx2_entries {
    use super::*;
    type L = avx2::F32x8;

    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub unsafe fn begin_substep(model: &Model, st: &mut State, p: &SubstepParams, frame: FrameStep, g: Vec3) {
        super::begin_substep::<L>(model, st, p, frame, g)
    }
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub unsafe fn air_targets(model: &Model, st: &mut State, h: f64, turn: Option<&[Vec3; 3]>) {
        aero::targets::<L>(model, st, h, turn)
    }
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub unsafe fn bend_targets(model: &Model, st: &mut State) {
        bend::targets::<L>(&model.bend_rest, &st.x, &mut st.bend_scratch, &mut st.bend_sums, &mut st.bend_target)
    }
    /// The sweep, the dual update and the packing exist twice: neighbours
    /// gathered from the columns (`PACK` false) or read from the packed copy
    /// (`PACK` true).
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub unsafe fn sweep<P: Probe, const PACK: bool>(
        model: &Model,
        st: &mut State,
        p: &SubstepParams,
        c: Option<&Contacts>,
        probe: &mut P,
    ) {
        super::sweep::<avx2::F32x8<PACK>, P>(model, st, p, c, probe)
    }
    /// As the sweep, the dual update reads the rows' ends from the columns
    /// or from the packed copy.
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub unsafe fn dual_update<const PACK: bool>(model: &Model, st: &mut State, p: &SubstepParams, measure: bool) {
        super::dual_update::<avx2::F32x8<PACK>>(model, st, p, measure)
    }
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub unsafe fn pack_positions<const PACK: bool>(st: &mut State) {
        super::pack_positions::<avx2::F32x8<PACK>>(st)
    }
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub unsafe fn free_translation(model: &Model, st: &mut State) {
        super::free_translation::<L>(model, st)
    }
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    pub unsafe fn integrate(
        model: &Model,
        st: &mut State,
        p: &SubstepParams,
        s: Option<&Shift>,
        l: f64,
        m: bool,
    ) -> f64 {
        super::integrate::<L>(model, st, p, s, l, m)
    }
}

/// The largest distance a free particle has strayed from `start`, the pose
/// where the sleep test's window began, cloth frame, m. **Sleep reads the
/// pose, not the substep velocity** (ours): it is the motion the host sees.
/// The record's step can hold a settled cloth in a cycle of two substeps —
/// up one, down the next, the same pose at every step's end — that its
/// velocity never lets sleep, and a hard row at its clamp can keep a
/// particle trembling by microns from step to step for good. A window
/// sleeps when no particle leaves a ball of radius
/// `sleep_speed·reach·SLEEP_STEPS·dt` (`Controls::sleep_speed`) around where it began for
/// `SLEEP_STEPS` steps: motion at that speed or faster leaves the ball within
/// the window, so it keeps the cloth awake as the record's test does, while a
/// tremble smaller than the ball does not (`MEASUREMENTS.md`, "General
/// content").
fn max_stray(model: &Model, x: &crate::lanes::Points, start: &crate::lanes::Points) -> f64 {
    let mut worst = 0.0f32;
    for s in 0..model.swept {
        if model.inv_mass[s] > 0.0 {
            let (a, b) = (x.get(s), start.get(s));
            let d2 = (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]);
            worst = worst.max(d2);
        }
    }
    (worst as f64).sqrt()
}

/// The anchor's linear and angular velocity over the step from `prev` to
/// `cur`, world frame.
fn anchor_velocities(prev: &Pose, cur: &Pose, dt: f64) -> (Vec3, Vec3) {
    let v = pose::scale(pose::sub(cur.translation, prev.translation), 1.0 / dt);
    let q = cur.rotation.compose(prev.rotation.conj()).canonical();
    let axis = pose::normalized([q.x, q.y, q.z]).unwrap_or([0.0; 3]);
    (v, pose::scale(axis, q.angle() / dt))
}

/// The sleep test's radius, m: how far a particle may stray over the
/// window, a fraction of the reach per second ([`SLEEP_STEPS`] steps) — or
/// of the contact thickness where that is longer: a cloth of one node has a
/// reach of a micron, and a window of its fraction would lie under the
/// rounding of the positions.
fn sleep_radius(controls: &crate::Controls, reach: f64, d: &Dynamics) -> f64 {
    controls.sleep_speed * reach.max(d.thickness) * SLEEP_STEPS as f64 * d.dt
}

/// Wake (DESIGN §7, ours): a change in what the cloth rests on or meets. A
/// collider wakes the cloth when its box, where it stood as the cloth fell
/// asleep or where it stands at this step's start or end, reaches the
/// cloth's box inflated by the discovery reach, and either
/// - it was not there then (added, or given another shape, since), or
/// - at this step's start or end it stands further than `radius` from
///   where it stood then, in the cloth's frame, however it got there (a
///   swept move or a placement);
///
/// and a collider that reached the cloth then and is gone now (removed, or
/// its slot given to another) wakes it too: the cloth may have lain on it.
/// A collider's sub-millimetre idle sway, or the rounding of a pose carried
/// with the anchor, does not wake a garment it cannot push, and a slow creep
/// wakes it once it has crept `radius`.
fn colliders_wake(model: &Model, st: &State, colliders: &ColliderSet, d: &Dynamics, radius: f64) -> bool {
    let remembered = &st.contacts.asleep_at;
    if colliders.is_empty() && remembered.iter().all(Option::is_none) {
        return false;
    }
    let (start, end) = (st.frame.prev.inverse(), st.frame.cur.inverse());
    let mut cloth = Aabb::EMPTY;
    for s in 0..model.slots {
        if model.node_of_slot[s] != crate::model::NO_NODE {
            cloth.grow(st.x.get(s).map(f64::from));
        }
    }
    let cloth = cloth.inflate(d.thickness * (1.0 + crate::constants::CONTACT_MARGIN));
    let gone = remembered.iter().enumerate().any(|(i, then)| match then {
        Some((g, shape, at)) => {
            colliders.at(i as u32, *g).is_none_or(|c| c.shape != *shape) && Aabb::of_shape(shape, at).overlaps(&cloth)
        }
        None => false,
    });
    gone || colliders.iter().any(|(i, generation, c)| {
        let (a, b) = (start.mul(&c.prev), end.mul(&c.cur));
        // Where the collider stood as the cloth fell asleep, if it is the
        // same collider with the same shape.
        let asleep_at = match remembered.get(i as usize) {
            Some(&Some((g, shape, at))) if g == generation && shape == c.shape => Some(at),
            _ => None,
        };
        let near_now = Aabb::of_shape(&c.shape, &a).union(&Aabb::of_shape(&c.shape, &b)).overlaps(&cloth);
        let near_then = asleep_at.is_some_and(|at| Aabb::of_shape(&c.shape, &at).overlaps(&cloth));
        let left = |now: &Pose| asleep_at.is_none_or(|at| travel(&at, now, &cloth) > radius);
        (near_now || near_then) && (left(&a) || left(&b))
    })
}

/// How far any point of `within` moves relative to a body whose pose goes
/// from `from` to `to`: the largest `|to⁻¹·q − from⁻¹·q|` over the box's
/// corners `q` (the displacement is affine in `q`, so its norm peaks at a
/// corner).
fn travel(from: &Pose, to: &Pose, within: &Aabb) -> f64 {
    let (from, to) = (from.inverse(), to.inverse());
    let (lo, hi) = (within.min, within.max);
    (0..8)
        .map(|k| {
            let q = [0, 1, 2].map(|j| if k >> j & 1 == 0 { lo[j] } else { hi[j] });
            pose::norm(pose::sub(to.transform_point(q), from.transform_point(q)))
        })
        .fold(0.0, f64::max)
}

/// The largest painted inertia scale (1 where none is painted): the share of
/// the cloth's inertia its most inertial particle feels.
fn felt_inertia(scales: &[f32]) -> f64 {
    match scales.is_empty() {
        true => 1.0,
        false => scales.iter().fold(0.0f32, |m, &s| m.max(s)) as f64,
    }
}

/// The anchor's motion as its cloth feels it, in the anchor's frame: its
/// velocity — less the mean wind in air, whose drag reads the motion
/// through the air — and its angular velocity. A steady motion keeps both
/// constant: a straight line, a turn at a steady rate (a carousel, a car
/// on a bend), however the world-frame velocity turns with it.
fn felt_motion(cur: &Pose, velocity: Vec3, omega: Vec3, wind: Option<Vec3>) -> (Vec3, Vec3) {
    let to_frame = cur.rotation.conj();
    let through_air = match wind {
        Some(w) => pose::sub(velocity, w),
        None => velocity,
    };
    (to_frame.rotate(through_air), to_frame.rotate(omega))
}

/// Wake (DESIGN §7, ours): the anchor's motion changed by more than the sleep
/// speed would tolerate once scaled by inertia — its velocity, or its turn
/// rate times the reach, both in its own frame ([`felt_motion`]) — or
/// gravity turned in the frame (any inertia: a welded cloth still hangs
/// along gravity). `inertia` is the share of the anchor's motion the cloth
/// feels: the cloth's inertia times its largest painted scale, or all of it
/// in air, whose drag reads the anchor's full motion whatever the inertia
/// (`crate::aero`). The threshold scales with the reach or the thickness,
/// whichever is longer, as the sleep window does ([`sleep_radius`]).
fn anchor_wakes(f: &FrameState, d: &Dynamics, motion: (Vec3, Vec3), inertia: f64, reach: f64, speed: f64) -> bool {
    let (v, w) = motion;
    let felt = inertia * (pose::norm(pose::sub(v, f.sleep_velocity)) + pose::norm(pose::sub(w, f.sleep_omega)) * reach);
    let g = f.cur.rotation.conj().rotate(d.gravity);
    let g_mag = pose::norm(d.gravity).max(1e-12);
    felt > speed * reach.max(d.thickness) || pose::norm(pose::sub(g, f.sleep_gravity)) / g_mag > speed
}

/// The strain projection's passes after a substep's sweeps, up to
/// [`STRAIN_PROJECTION_PASSES`], stopping when one shortens nothing; with
/// `SLIDE`, particles a collider pushes slide along it
/// ([`strain_limit::project`]).
fn strain_passes<const SLIDE: bool>(model: &Model, state: &mut State, cut: strain_limit::Cut) {
    for _ in 0..STRAIN_PROJECTION_PASSES {
        let (x, moved, pushed) = (&mut state.x, &mut state.strain_moved, &state.contacts.pushed);
        if 0 == strain_limit::project::<SLIDE>(
            &model.links,
            model.strain_order(),
            &model.inv_mass,
            x,
            moved,
            cut,
            pushed,
        ) {
            break;
        }
    }
}

/// Warm start of every persistent row, once per substep.
fn warm_start(model: &Model, st: &mut State, p: &SubstepParams, t: &Tuning) {
    let links = &model.links;
    let (stretch, skip) = (0..links.stretch_end_aligned(), links.skip.start..links.a.len());
    let ws = |m: &[f32], rs: &mut RowState, range, stiffness| {
        distance::warm_start(m, rs, range, stiffness, t.alpha, t.gamma, p.row_inv_h2)
    };
    ws(&links.m_eff, &mut st.links, stretch.clone(), p.stretch);
    ws(&links.m_eff, &mut st.links, skip, p.skip);
    if p.strain_limit {
        let rule = if model.pinless() {
            strain_limit::Floor::Follow { rate: p.strain_floor_rate }
        } else {
            st.strain_window = (st.strain_window + 1) % p.strain_floor_window;
            strain_limit::Floor::Window { low: &mut st.strain_low, closes: st.strain_window == 0 }
        };
        strain_limit::warm_start(
            &links.m_eff,
            &mut st.strain,
            &mut st.strain_floor,
            rule,
            stretch,
            p.bound,
            t.alpha,
            t.gamma,
            p.row_inv_h2,
        );
    }
    if model.unary.tethered > 0 {
        if p.tethers {
            ws(&model.unary.m_eff, &mut st.tether, 0..model.swept, p.bound);
        }
        if p.leashed {
            ws(&model.unary.m_eff, &mut st.leash, 0..model.swept, p.bound);
        }
    }
}

/// The dual update of every hard row, once per iteration after all colours.
/// With `measure`, it also records the stretch rows' worst strain
/// (`Diagnostics::worst_hard_strain`, which the watchdog reads at the step's end).
#[inline(always)]
fn dual_update<L: Lanes>(model: &Model, st: &mut State, p: &SubstepParams, measure: bool) {
    let links = &model.links;
    let x = distance::Positions { x: &st.x, packed: &st.packed };
    let stretch = Duals { st: &mut st.links, clamp: stretch::CLAMP, stiffness: p.stretch, rest_scale: 1.0 };
    let strain = p.strain_limit.then_some(Duals {
        st: &mut st.strain,
        clamp: strain_limit::CLAMP,
        stiffness: p.bound,
        rest_scale: p.allowance,
    });
    let worst = distance::dual_update_pairs::<L>(
        links,
        0..links.stretch_end_aligned(),
        x,
        stretch,
        strain,
        p.row_inv_h2,
        measure,
    );
    if measure {
        st.diagnostics.worst_hard_strain = worst;
    }
    let u = &model.unary;
    if u.tethered > 0 {
        if p.tethers {
            distance::dual_update_unary::<L>(
                0..model.swept,
                x,
                distance::OtherEnd::Anchor(&u.anchor),
                &u.d_geo,
                1.0,
                &u.m_eff,
                &mut st.tether,
                p.bound,
                p.row_inv_h2,
            );
        }
        if p.leashed {
            distance::dual_update_unary::<L>(
                0..model.swept,
                x,
                distance::OtherEnd::Target(&st.p),
                &u.d_geo,
                p.leash_scale,
                &u.m_eff,
                &mut st.leash,
                p.bound,
                p.row_inv_h2,
            );
        }
    }
}

/// Each particle's [`FramePlan::travel`] over this step by its own inertia
/// scale, into the contact slots' `travel` column (rounded up to f32).
fn listed_travel(model: &Model, st: &mut State, shifts: &[Option<Shift>], kick: Option<Vec3>, h: f64) {
    debug_assert!(st.contacts.travel.len() >= model.swept, "painting inertia scales sizes the travel column");
    for s in 0..model.swept {
        let scale = st.inertia_scale.get(s).map_or(1.0, |&k| k as f64);
        let (x, v) = (st.x.get(s).map(f64::from), st.v.get(s).map(f64::from));
        // Past the f32 rounding of the conversion (half an ulp, 2⁻²⁴).
        st.contacts.travel[s] = (FramePlan::travel(shifts, kick, h, x, v, scale) * (1.0 + 1.0 / 4096.0)) as f32;
    }
}

/// What the frame does to the particles at the start of a substep
/// ([`crate::anchor`]).
///
/// **A change of the frame's velocity is a fictitious acceleration** (the
/// equivalence principle; the mechanism is ours): a frame whose velocity
/// changes by `w` over a substep pushes its particles as gravity of `−w/h`
/// would. So the shift moves them by the frame's new velocity, the stored
/// velocities take `w` (times the inertia scale, the inertia applied), and
/// the inertial target keeps the old velocity:
///
/// ```text
///   y = S(x) + h·v + h²·g              (what the particle would do alone)
///   x = S(x) + h·(v + w) + h²·ĝ·a      (the start: carried by the frame)
/// ```
///
/// The target is the same as without `w`; the solve starts from where the
/// frame carries the particle, as it starts a resting particle where
/// gravity has not moved it. This is DESIGN §3's step: the anchor frame's
/// terms are in the predict `y`, and the start adds only the adaptive
/// gravity term to the cloth-local drift. Started from the drift instead, the few
/// iterations keep part of the frame's acceleration the cloth has not
/// felt yet, and an accelerating anchor leans its cape further than the
/// same tilt of gravity (`MEASUREMENTS.md`, "An accelerating anchor").
#[derive(Clone, Copy, Default)]
pub struct FrameStep<'a> {
    pub shift: Option<&'a Shift>,
    /// `w`, m/s, this substep's frame, the inertia applied.
    pub kick: Option<Vec3>,
}

/// The frame shift, `x0 = x`, the inertial target `y`, and the adaptive
/// initial guess, for every free particle; fixed particles go to their
/// animated position.
#[inline(always)]
fn begin_substep<L: Lanes>(model: &Model, st: &mut State, p: &SubstepParams, frame: FrameStep, gravity: Vec3) {
    let h = L::splat(p.h);
    let h2 = L::splat(p.h * p.h);
    let inv_h = L::splat(1.0 / p.h);
    let g_mag = pose::norm(gravity);
    let g_dir = if g_mag > 0.0 { pose::scale(gravity, 1.0 / g_mag) } else { [0.0; 3] };
    let (g, g_dir, g_mag) = (V3::<L>::splat(gravity), V3::<L>::splat(g_dir), L::splat(g_mag));
    let zero = L::zero();
    let shift = frame.shift.map(|s| (Mat3::<L>::splat(s.rotation.matrix()), V3::<L>::splat(s.translation)));
    let kick = frame.kick.map(V3::<L>::splat);
    // Pinless and touching nothing in the last substep.
    let free = model.pinless() && p.in_flight;
    for at in (0..model.swept).step_by(L::WIDTH) {
        let mut x = st.x.load::<L>(at);
        let mut v = st.v.load::<L>(at);
        let mut vp = st.v_prev.load::<L>(at);
        let s = scale_at::<L>(&st.inertia_scale, at);
        if let Some((r, t)) = &shift {
            // Padding slots are shifted too; nothing reads them.
            x = blend(x, r.mul(x) + *t, s);
            v = blend(v, r.mul(v), s);
            vp = blend(vp, r.mul(vp), s);
            st.v.store(at, v);
            st.v_prev.store(at, vp);
        }
        st.x0.store(at, x);
        // The inertial target keeps the velocity the particle had; a frame
        // velocity change `w` moves the start only (see [`FrameStep`]).
        let drift = x + v.scale(h);
        let y = drift + g.scale(h2);
        st.y.store(at, y);
        let carried = v;
        if let Some(w) = kick {
            let w = match s {
                Some(s) => w.scale(s),
                None => w,
            };
            v += w;
            vp += w;
            st.v.store(at, v);
            st.v_prev.store(at, vp);
        }
        let along = ((v - vp).dot(g_dir) * inv_h).max(zero).min(g_mag);
        let start = match free {
            // A free cloth in flight falls at g whole: it starts at its
            // target (with the frame's velocity change). Learnt per
            // particle, ã carries the noise of velocities read from f32
            // positions far from the anchor, and the sweeps' biased answer
            // to that noise turns a falling sheet in its own plane
            // (`MEASUREMENTS.md`, "A physics reviewer's trial").
            true => y + (v - carried).scale(h),
            false => x + v.scale(h) + g_dir.scale(h2 * along),
        };
        st.x.store(at, start);
    }
    for s in model.swept..model.slots {
        let a = st.p.get(s);
        st.x.set(s, a);
        st.x0.set(s, a);
    }
}

/// What the sweep needs to evaluate collider contacts.
#[derive(Clone, Copy)]
pub struct Contacts<'a> {
    pub colliders: &'a ColliderSet,
    pub params: ContactParams,
    /// The rows' dual update from the previous iteration is still to run.
    pub pending: bool,
}

/// One Gauss–Seidel sweep over every colour.
#[inline(always)]
fn sweep<L: Lanes, P: Probe>(
    model: &Model,
    st: &mut State,
    p: &SubstepParams,
    contacts: Option<&Contacts>,
    probe: &mut P,
) {
    let lp = LaneParams::<L>::new(p, model);
    // A step without contact or self rows sweeps with a copy of the loop that
    // calls nothing out of line (`vertex::solve`'s `COLLIDE`).
    match contacts.is_some() || p.self_rows {
        true => colours::<L, P, true>(model, st, p, &lp, contacts, probe),
        false => colours::<L, P, false>(model, st, p, &lp, None, probe),
    }
}

/// Writes `st.packed` from `st.x` (both sized at seed, `State::new`): the
/// swept blocks and the fixed slots after them, which need not fill a block.
#[inline(always)]
fn pack_positions<L: Lanes>(st: &mut State) {
    let n = st.x.x.len();
    let whole = n - n % L::WIDTH;
    for at in (0..whole).step_by(L::WIDTH) {
        L::store_packed(&mut st.packed, at, st.x.load::<L>(at));
    }
    for s in whole..n {
        let [x, y, z] = st.x.get(s);
        st.packed[s] = [x, y, z, 0.0];
    }
}

/// The colours in order, the blocks of each (see [`sweep`]).
#[inline(always)]
fn colours<L: Lanes, P: Probe, const COLLIDE: bool>(
    model: &Model,
    st: &mut State,
    p: &SubstepParams,
    lp: &LaneParams<L>,
    contacts: Option<&Contacts>,
    probe: &mut P,
) {
    for colour in &model.colours {
        for block in colour.start / LANES..colour.end / LANES {
            for off in (0..LANES).step_by(L::WIDTH) {
                vertex::solve::<L, P, COLLIDE>(model, st, p, lp, contacts, block, off, probe);
            }
        }
    }
}

/// `v_prev = v`, `v = (x − x0)/h`, damping, velocity clamp.
///
/// **Both act on velocity relative to the cloth's reference motion**, never
/// on the motion itself (DESIGN §3): a cloth carried at any constant
/// velocity is unchanged in its frame, and a free cloth falls and spins as
/// freely as a rigid body would. The reference is the anchor frame's rigid
/// motion — a particle welded to the frame has, over a substep whose shift
/// is `S(x) = R·x + t` ([`crate::anchor`]), the velocity `(x − S(x))/h` —
/// and, for a cloth with no fixed particle (nothing ties it to the frame),
/// also its own rigid motion `v̄ = v_c + ω × (x − c)`: the linear and
/// angular velocity that carry its momentum and angular momentum
/// ([`rigid_motion`]), so a thrown cloth keeps its tumble. The spin is
/// spared only in flight (no contact this substep): on the ground a
/// crumpled cloth's settling folds fit a rigid turn too, and damping them
/// is what lets it come to rest. So with
/// `u = (S(x) − x0)/h − v̄`, the velocity relative to the reference:
///
/// ```text
///   v = (x − S(x))/h + v̄ + u·exp(−10·damping·h)·min(1, limit/|u|)
/// ```
///
/// With no shift and a pinned cloth this is `v = (x − x0)/h` damped and
/// clamped, as the record's step has it (the same bits).
///
/// The clamp is a backstop, not a behaviour (§13): `|u| ≤ 4·ℓ_i·S·I/dt`,
/// four times the particle's *correction authority* — the furthest the trust
/// region lets the solver move it in one step (§10). Past it the solver can
/// no longer bound anything, and a soft row above ratio 8 that pumps energy
/// (§6) would run away unopposed; the smallest headroom over real speeds in
/// the record's library is 5.7× (§13). Applied to the stored velocity only,
/// so positions are exactly what the solve produced.
#[inline(always)]
fn integrate<L: Lanes>(
    model: &Model,
    st: &mut State,
    p: &SubstepParams,
    shift: Option<&Shift>,
    limit_factor: f64,
    measure_local: bool,
) -> f64 {
    let inv_h = L::splat(1.0 / p.h);
    let damp = L::splat(p.damping_factor);
    let factor = inv_h * damp;
    let authority = L::splat(p.velocity_limit_per_length * limit_factor);
    let one = L::splat(1.0);
    let shift = shift.map(|s| (Mat3::<L>::splat(s.rotation.matrix()), V3::<L>::splat(s.translation)));
    // No closure here: one the compiler leaves out of line would run the
    // AVX2 entry's lanes compiled for the baseline, each intrinsic a call.
    let rigid = match model.pinless() {
        true => {
            let r = rigid_motion::<L>(model, st, p.h, &shift, p.in_flight);
            Some((V3::<L>::splat(r.v), V3::<L>::splat(r.omega), V3::<L>::splat(r.centre)))
        }
        false => None,
    };
    let mut local2 = L::zero();
    let mut clamped = 0;
    for at in (0..model.swept).step_by(L::WIDTH) {
        let v = st.v.load::<L>(at);
        st.v_prev.store(at, v);
        let x = st.x.load::<L>(at);
        let x0 = st.x0.load::<L>(at);
        let s = scale_at::<L>(&st.inertia_scale, at);
        let sx = carried(&shift, s, x);
        // A free cloth's own rigid motion at this particle.
        let mean = rigid.map(|(v, omega, centre)| v + omega.cross(x - centre));
        let u = match mean {
            Some(m) => ((sx - x0).scale(inv_h) - m).scale(damp),
            None => (sx - x0).scale(factor),
        };
        let limit = L::load(&model.shortest_incident_rest, at) * authority;
        let n2 = u.norm2();
        let over = n2.gt(limit * limit);
        let free = L::load(&model.inv_mass, at).gt(L::zero());
        clamped += L::bits(L::and(over, free)).count_ones() as u64;
        let u = u.scale(L::select(over, limit / n2.sqrt(), one));
        let v = match (&shift, mean) {
            (None, None) => u,
            (None, Some(m)) => m + u,
            (Some(_), None) => (x - sx).scale(inv_h) + u,
            (Some(_), Some(m)) => (x - sx).scale(inv_h) + m + u,
        };
        st.v.store(at, v);
        if measure_local {
            // Cloth-local displacement over the substep: from where the
            // particle was in the frame before this substep's shift.
            let start = match &shift {
                Some((r, t)) => blend(x0, r.mul_transposed(x0 - *t), s),
                None => x0,
            };
            local2 = local2.max(L::select(free, ((x - start).scale(inv_h)).norm2(), L::zero()));
        }
    }
    st.diagnostics.velocity_clamps += clamped;
    (0..L::WIDTH).map(|k| local2.lane(k)).fold(0.0, f64::max)
}

/// **The translation of a free cloth is integrated exactly.** A cloth with
/// no fixed particle and no contact feels no external force but gravity,
/// so its centre of mass must land on the inertial target's: the
/// mass-weighted mean of `y` (Newton's second law summed over particles;
/// every row is translation invariant, so internal forces cancel). A few
/// colour sweeps converge this mode slowly — it is the smoothest one, and a
/// particle's bend rows resist moving while its neighbours stand still — and
/// the adaptive start, which learns each particle's acceleration from the
/// last substep, then repeats the shortfall (`MEASUREMENTS.md`, "General
/// content"). So after the sweeps every free particle moves by `δ = Σm(y − x)/Σm`, the
/// one exact Newton step on the translation mode; nothing else changes.
#[inline(always)]
fn free_translation<L: Lanes>(model: &Model, st: &mut State) {
    let mut mean = FreeMean::default();
    for at in (0..model.swept).step_by(L::WIDTH) {
        mean.add::<L>(model, at, st.y.load::<L>(at) - st.x.load::<L>(at));
    }
    let Some(delta) = mean.get(1.0) else {
        return;
    };
    let delta = V3::<L>::splat(delta);
    for at in (0..model.swept).step_by(L::WIDTH) {
        // Padding slots move too; nothing reads them.
        let x = st.x.load::<L>(at) + delta;
        st.x.store(at, x);
    }
}

/// A pinless cloth in contact: the uniform translation `d` of one Newton step
/// on the energies a translation changes — inertia, contact and friction;
/// every row between particles is translation-invariant — taken after the
/// sweeps, as far as friction's stop allows ([`contact::slide_limit`]).
/// Each vertex update moves its particle against its neighbours' stiff rows,
/// so the sweeps move a whole sheet in its plane by only a fraction of what
/// a uniform force (friction, gravity along a slope) asks. Sums run in f64
/// in slot order and the move in f32 slot by slot, so every kernel of one
/// precision gives the same bits.
fn slide<L: Lanes>(model: &Model, st: &mut State, p: &SubstepParams, params: &contact::ContactParams) {
    let mut inertia = FreeMean::default();
    for at in (0..model.swept).step_by(L::WIDTH) {
        inertia.add::<L>(model, at, st.y.load::<L>(at) - st.x.load::<L>(at));
    }
    if inertia.mass <= 0.0 {
        return;
    }
    let starts = contact::Starts { x0: &st.x0, v: &st.v, h: p.h };
    let sum = contact::summed_terms(model, &st.x, &starts, &mut st.contacts, p.row_inv_h2, params);
    // One surface: the contacts push (nearly) one way, `n`.
    let pushed = pose::norm([sum.normal[0], sum.normal[1], sum.normal[2]]);
    let coherent = pushed > SLIDE_COHERENCE * sum.normal[3];
    if !coherent {
        return; // no push at all, or pushes across each other (NaN too)
    }
    let n = [0, 1, 2].map(|k| sum.normal[k] / pushed);
    // Friction's share of the step is Coulomb's on the normal force the
    // substep delivered, `−n·Σm(y − x)/h²`, where the contact rows' own
    // forces at the sweeps' end are larger (a particle pushed back out of
    // the surface it sank into early in the substep).
    let (f, h) = (sum.force, sum.hessian);
    let delivered = -pose::dot(inertia.sum, n) * p.inv_h2;
    let share = (delivered / sum.normal[3]).clamp(0.0, 1.0);
    let across = pose::dot(f, n);
    let f = pose::add(pose::scale(n, across), pose::scale(pose::sub(f, pose::scale(n, across)), share));
    let g = [0, 1, 2].map(|k| inertia.sum[k] * p.inv_h2 + f[k]);
    let m = inertia.mass * p.inv_h2;
    // The Newton step in the surface's plane: the system with the normal
    // direction held by a stiffness far above the rest, then that direction's
    // rounding removed. Across the surface each vertex update's own contact
    // rows answer.
    let held = SLIDE_NORMAL_HOLD * (3.0 * m + h[0] + h[3] + h[5]);
    let mut a = [[m + h[0], h[1], h[2]], [h[1], m + h[3], h[4]], [h[2], h[4], m + h[5]]];
    for (i, row) in a.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v += held * n[i] * n[j];
        }
    }
    let d = solve_spd3(a, g);
    let d = pose::sub(d, pose::scale(n, pose::dot(d, n)));
    let starts = contact::Starts { x0: &st.x0, v: &st.v, h: p.h };
    let alpha = contact::slide_limit(&st.x, &starts, &st.contacts, d, params);
    let d32 = d.map(|c| (c * alpha) as f32);
    if d32 == [0.0; 3] || !d32.iter().all(|c| c.is_finite()) {
        return;
    }
    contact::translate(&mut st.x, &mut st.contacts, model.swept, d32);
}

/// The end position the substep's shift `S` carries `x` to, `R·x + t`
/// (`x` itself without a shift): [`integrate`]'s `u·h = S(x) − x0`.
#[inline(always)]
fn carried<L: Lanes>(shift: &Option<(Mat3<L>, V3<L>)>, scale: Option<L>, x: V3<L>) -> V3<L> {
    match shift {
        Some((r, t)) => blend(x, r.mul(x) + *t, scale),
        None => x,
    }
}

/// A particle's painted inertia scales at slot `at` (`Cloth::set_inertia_scales`),
/// if any are painted.
#[inline(always)]
fn scale_at<L: Lanes>(scales: &[f32], at: usize) -> Option<L> {
    match scales.is_empty() {
        true => None,
        false => Some(L::load(scales, at)),
    }
}

/// What the shift does to a particle whose inertia scale is `s`: `a` moved
/// the fraction `s` of the way to `b`, its shifted value (all of the way
/// where no scale is painted). `s = 0` leaves it welded to the frame.
#[inline(always)]
fn blend<L: Lanes>(a: V3<L>, b: V3<L>, s: Option<L>) -> V3<L> {
    match s {
        Some(s) => a + (b - a).scale(s),
        None => b,
    }
}

/// A free cloth's own rigid motion relative to the frame's: its linear and
/// angular velocity and its centre of mass, the velocity at `x` being
/// `v + ω × (x − c)` ([`integrate`]).
#[derive(Clone, Copy)]
struct RigidMotion {
    v: Vec3,
    omega: Vec3,
    centre: Vec3,
}

/// The rigid motion that best fits the free particles' velocities
/// `d = (S(x) − x0)/h` in mass-weighted least squares: `v` their mean,
/// `c` the centre of mass of `x`, and `ω = I⁻¹·L` with `L = Σm·r × (d − v)`
/// and `I = Σm·(|r|²·1 − r·rᵀ)`, `r = x − c` (Müller et al. 2006, "Position
/// Based Dynamics", §3.5). Where `I` is singular — a straight
/// strand about its own axis, one particle — that axis takes no spin.
/// Summed in f64 in slot order, so every kernel of one precision gives the
/// same bits. Inlined into [`integrate`] (and so into its AVX2 entry).
#[inline(always)]
fn rigid_motion<L: Lanes>(
    model: &Model,
    st: &State,
    h: f64,
    shift: &Option<(Mat3<L>, V3<L>)>,
    spin: bool,
) -> RigidMotion {
    let (mut vel, mut pos) = (FreeMean::default(), FreeMean::default());
    for at in (0..model.swept).step_by(L::WIDTH) {
        let s = scale_at::<L>(&st.inertia_scale, at);
        let x = st.x.load::<L>(at);
        vel.add::<L>(model, at, carried(shift, s, x) - st.x0.load::<L>(at));
        if spin {
            pos.add::<L>(model, at, x);
        }
    }
    let v = vel.get(h).unwrap_or([0.0; 3]);
    let Some(centre) = pos.get(1.0) else {
        return RigidMotion { v, omega: [0.0; 3], centre: [0.0; 3] };
    };
    let (mut l, mut i) = ([0.0f64; 3], [[0.0f64; 3]; 3]);
    for at in (0..model.swept).step_by(L::WIDTH) {
        let s = scale_at::<L>(&st.inertia_scale, at);
        let x = st.x.load::<L>(at);
        let d = carried(shift, s, x) - st.x0.load::<L>(at);
        let free = L::load(&model.inv_mass, at).gt(L::zero());
        let m = L::select(free, L::load(&model.mass, at), L::zero());
        for k in 0..L::WIDTH {
            let w = m.lane(k);
            if w == 0.0 {
                continue;
            }
            let r = [x.x.lane(k) - centre[0], x.y.lane(k) - centre[1], x.z.lane(k) - centre[2]];
            let u = [d.x.lane(k) / h - v[0], d.y.lane(k) / h - v[1], d.z.lane(k) / h - v[2]];
            let c = pose::cross(r, u);
            let r2 = pose::dot(r, r);
            for a in 0..3 {
                l[a] += w * c[a];
                for b in 0..3 {
                    i[a][b] += w * ((a == b) as u8 as f64 * r2 - r[a] * r[b]);
                }
            }
        }
    }
    RigidMotion { v, omega: solve_spd3(i, l), centre }
}

/// `A⁻¹·b` for a symmetric positive semi-definite 3×3 `A` by Cholesky, a
/// pivot below `1e-9·trace` dropped: that direction takes 0.
fn solve_spd3(a: [[f64; 3]; 3], b: Vec3) -> Vec3 {
    let floor = 1e-9 * (a[0][0] + a[1][1] + a[2][2]);
    let mut l = [[0.0f64; 3]; 3];
    let mut live = [false; 3];
    for j in 0..3 {
        let d = a[j][j] - (0..j).map(|k| l[j][k] * l[j][k]).sum::<f64>();
        live[j] = d > floor && floor > 0.0;
        if !live[j] {
            continue;
        }
        l[j][j] = d.sqrt();
        for r in j + 1..3 {
            l[r][j] = (a[r][j] - (0..j).map(|k| l[r][k] * l[j][k]).sum::<f64>()) / l[j][j];
        }
    }
    let mut y = [0.0; 3];
    for j in 0..3 {
        if live[j] {
            y[j] = (b[j] - (0..j).map(|k| l[j][k] * y[k]).sum::<f64>()) / l[j][j];
        }
    }
    let mut x = [0.0; 3];
    for j in (0..3).rev() {
        if live[j] {
            x[j] = (y[j] - (j + 1..3).map(|k| l[k][j] * x[k]).sum::<f64>()) / l[j][j];
        }
    }
    x
}

/// A mass-weighted mean over free particles, summed in f64 in slot order —
/// so every kernel of one precision gives the same bits ([`free_translation`],
/// [`mean_velocity`]).
#[derive(Default)]
struct FreeMean {
    sum: [f64; 3],
    mass: f64,
}

impl FreeMean {
    /// Adds the lanes at slot `at` with value `d`; fixed and padding lanes
    /// weigh nothing.
    #[inline(always)]
    fn add<L: Lanes>(&mut self, model: &Model, at: usize, d: V3<L>) {
        let free = L::load(&model.inv_mass, at).gt(L::zero());
        let m = L::select(free, L::load(&model.mass, at), L::zero());
        for k in 0..L::WIDTH {
            let w = m.lane(k);
            self.sum[0] += w * d.x.lane(k);
            self.sum[1] += w * d.y.lane(k);
            self.sum[2] += w * d.z.lane(k);
            self.mass += w;
        }
    }

    /// `Σm·d / (Σm·scale)`, or nothing when no free particle weighs anything.
    #[inline(always)]
    fn get(&self, scale: f64) -> Option<Vec3> {
        (self.mass > 0.0).then(|| self.sum.map(|s| s / (self.mass * scale)))
    }
}

/// DESIGN §3 rule 9: NaN never reaches the host. A cloth whose state went
/// non-finite (or left ±[`WATCHDOG_DISTANCE`]), or whose hard rows stayed beyond
/// [`WATCHDOG_STRAIN`] for [`WATCHDOG_STEPS`] steps, is reset to its animated
/// pose and the reason reported.
fn watchdog(model: &Model, st: &mut State, stretch: Stiffness) -> Option<WatchdogReason> {
    let bound = WATCHDOG_DISTANCE as f32;
    let mut sane = true;
    for s in 0..model.swept {
        let x = st.x.get(s);
        let v = st.v.get(s);
        sane &= x.iter().chain(v.iter()).all(|c| c.abs() <= bound);
    }
    let reason = if !sane {
        Some(WatchdogReason::NonFinite)
    } else {
        let hard = matches!(stretch, Stiffness::Hard { .. });
        if hard && st.diagnostics.worst_hard_strain as f64 > WATCHDOG_STRAIN {
            st.diagnostics.absurd_steps += 1;
        } else {
            st.diagnostics.absurd_steps = 0;
        }
        (st.diagnostics.absurd_steps >= WATCHDOG_STEPS).then_some(WatchdogReason::Exploded)
    };
    if reason.is_some() {
        st.reset_to_animated();
        st.diagnostics.resets += 1;
    }
    reason
}
