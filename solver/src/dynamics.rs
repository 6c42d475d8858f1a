//! The parameters a host sets ([`Dynamics`]) and the solver internals that
//! only experiments move ([`Tuning`]).
//!
//! **What needs a reseed.** Nothing in [`Dynamics`]. The reference baked the
//! strain allowance into its rows and built or removed leash rows when
//! `slack` crossed 1 (DESIGN §6); here the strain-limit rows read the
//! allowance each substep, leash radii are `2·slack·d_geo` computed in the
//! kernel, and the strain-limit and leash multipliers are sized on the
//! dynamics change that first needs them — outside any step. A reseed is a
//! change of the *input*: topology, bind pose, masses, the fixed set.
//! Changing dynamics never allocates inside a step and never discards state
//! the step still needs (DESIGN §6 lists these as no-reseed: SelfCollision,
//! damping, friction, inertia, teleport mode, thickness; ours adds stretch,
//! slack, StrainLimit, substeps, iterations, dt, gravity, bend, drag and
//! lift).

use crate::constants::{
    ALPHA, ANCHOR_ACCELERATION_LIMIT, ANCHOR_ACCELERATION_MAX, CONTACT_BETA_R, CONTACT_FLOOR, COORDINATE_LIMIT,
    DEFAULT_DT, GAMMA, MAX_SUBSTEPS, MIN_DT, SELF_RATIO, SLEEP_SPEED_PER_REACH, TURN_LINKS_MAX, TURN_LINKS_PER_SUBSTEP,
};
use crate::contact::ContactRamp;
use crate::error::ParamError;
use crate::lanes::CpuPath;
use crate::strain_limit::StrainLimitMode;
use crate::stretch;

/// What the anchor does when it moves further than the teleport threshold in
/// one step (DESIGN §7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TeleportMode {
    /// Re-seed at the animated pose with zero velocity, zero multipliers and
    /// penalties, and ramp the velocity limit back over 20 steps. The anchor
    /// counts as still: a character that moves on after the jump (in a
    /// vehicle) declares its velocity with [`crate::Cloth::set_anchor_velocity`]
    /// after the teleport's step.
    #[default]
    Reset,
    /// Carry the shape and its motion across: the particles are
    /// anchor-relative (§13), and the anchor's velocity continues, turned by
    /// the jump's rotation, so a cloth teleported while moving is in its own
    /// frame the cloth that never jumped.
    Keep,
}

/// How a cloth moves. Every field has a documented range; [`Dynamics::validate`]
/// rejects anything outside it and any non-finite value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dynamics {
    /// Fixed step, s: `1e-6..=1` ([`crate::constants::MIN_DT`]). Default 1/60. A host may change it between
    /// steps; a step whose substep `dt/substeps` would be more than
    /// [`crate::constants::SUBSTEP_GROWTH_MAX`] times the last step's runs
    /// more substeps (and costs more), so a longer step never throws the
    /// cloth. A host whose frame time varies should rather keep `dt` and
    /// advance by its frame time ([`crate::Cloth::advance`]).
    pub dt: f64,
    /// Substeps per step: `1..=64`.
    pub substeps: u32,
    /// Colour sweeps per substep: `1..=64`.
    pub iterations: u32,
    /// Gravity in **world** space, m/s² (the anchor frame rotates it).
    pub gravity: [f64; 3],
    /// Strain allowance control `0..=1`: strain-limit rows admit a link
    /// length of `a·L0` with `a = 1 + 0.25·250^(−stretch)` (DESIGN §4, §11).
    /// Read only with [`Dynamics::strain_limit`]. The fabric's stretch rows
    /// are hard whatever this is.
    pub stretch: f64,
    /// Bending resistance `0..=1` towards the seeded shape (a hinge rests at
    /// its bind-pose fold, carried with the hinge as it turns; one authored
    /// sharper than 30° open, and every hinge under
    /// [`Tuning::flat_bend_rest`], rests flat — `bend::CurvedHinges`): bend
    /// and skip rows sit at ratio `8·bend` of their own `m_eff/h²` (DESIGN §4).
    pub bend: f64,
    /// Damping `0..=1`: `v ← v·exp(−10·damping·h)` per substep (DESIGN §6).
    pub damping: f64,
    /// How much of the anchor's motion the particles feel, `0..=1`: 0 welds
    /// the cloth into the anchor frame (exactly zero lag), 1 is full world
    /// inertia (DESIGN §7, §13).
    pub inertia: f64,
    /// Leash `0..=1`: each free particle may stray `2·slack·d_geo` from its
    /// animated position, `d_geo` being its shortest distance along the
    /// mesh's rows to a fixed particle in the bind pose (nothing fixed: no
    /// leash); 1 builds no leash (the bound is then provably inert given the
    /// tether, §10). A host that moves only the fixed particles leaves the
    /// free ones leashed to the animated positions they had: move those too,
    /// or use 1 (README, "The presets").
    pub slack: f64,
    /// Contact offset, m, `0..=0.5`: colliders keep particles this far out.
    pub thickness: f64,
    /// Coulomb friction coefficient μ against colliders, `0..=4`.
    pub friction: f64,
    /// Drag coefficient `C_d`, dimensionless, `0..=10`: a triangle moving
    /// through the air at `u` feels `−½ρ·C_d·A·|u·n̂|·u`, a segment
    /// `−½ρ·C_d·d·L·|u⊥|·u⊥` (`crate::aero`). Acts only where the cloth has
    /// air ([`crate::Air`]: a cloth starts in none).
    pub drag: f64,
    /// Lift coefficient `C_l`, dimensionless, `0..=10`: a triangle's force
    /// across `u`, `−½ρ·C_l·A·(u·n̂/|u|)·(|u|²n̂ − (u·n̂)u)` (`crate::aero`).
    /// Segments feel none.
    pub lift: f64,
    /// Build strain-limit rows on every stretch row (§11).
    pub strain_limit: bool,
    /// Particle–particle self-collision (§30–§37).
    pub self_collision: bool,
    /// What a teleport does.
    pub teleport: TeleportMode,
}

impl Default for Dynamics {
    fn default() -> Self {
        Dynamics {
            dt: DEFAULT_DT,
            substeps: 2,
            iterations: 4,
            gravity: [0.0, -9.81, 0.0],
            stretch: 1.0,
            bend: 0.25,
            damping: 0.0,
            inertia: 1.0,
            slack: 1.0,
            thickness: 0.008,
            friction: 0.5,
            drag: 1.0,
            lift: 0.3,
            strain_limit: false,
            self_collision: false,
            teleport: TeleportMode::Reset,
        }
    }
}

pub(crate) fn check(name: &'static str, value: f64, lo: f64, hi: f64) -> Result<(), ParamError> {
    if value.is_finite() && value >= lo && value <= hi {
        Ok(())
    } else {
        Err(ParamError::OutOfRange { name, value, allowed: format!("{lo}..={hi}") })
    }
}

impl Dynamics {
    pub fn validate(&self) -> Result<(), ParamError> {
        if !(self.dt.is_finite() && self.dt >= MIN_DT && self.dt <= 1.0) {
            return Err(ParamError::OutOfRange { name: "dt", value: self.dt, allowed: format!("{MIN_DT:e}..=1 s") });
        }
        check("substeps", self.substeps as f64, 1.0, MAX_SUBSTEPS as f64)?;
        check("iterations", self.iterations as f64, 1.0, 64.0)?;
        for g in self.gravity {
            check("gravity", g, -1e6, 1e6)?;
        }
        check("stretch", self.stretch, 0.0, 1.0)?;
        check("bend", self.bend, 0.0, 1.0)?;
        check("damping", self.damping, 0.0, 1.0)?;
        check("inertia", self.inertia, 0.0, 1.0)?;
        check("slack", self.slack, 0.0, 1.0)?;
        check("thickness", self.thickness, 0.0, 0.5)?;
        check("friction", self.friction, 0.0, 4.0)?;
        check("drag", self.drag, 0.0, 10.0)?;
        check("lift", self.lift, 0.0, 10.0)?;
        Ok(())
    }

    /// Substep length `h = dt/substeps`, s.
    pub fn h(&self) -> f64 {
        self.dt / self.substeps as f64
    }

    /// Whether leash rows act (`slack < 1`).
    pub fn leashed(&self) -> bool {
        self.slack < 1.0
    }
}

/// Per-cloth switches and thresholds a host sets beside the [`Dynamics`]
/// (no reseed; the defaults are the shipped behaviour).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Controls {
    /// Tether rows act (§10; built at seed for every free particle a row
    /// path joins to the fixed set). Off, the cloth hangs by its other rows
    /// alone; back on, each tether starts from a zero multiplier.
    pub tethers: bool,
    /// The cloth may fall asleep when it stops moving (§12).
    pub sleep: bool,
    /// The sleep and wake speed, per metre of the cloth's reach (or of its
    /// thickness, if longer), 1/s, `0..=1`: a cloth sleeps once no particle
    /// strayed this fast over
    /// [`crate::constants::SLEEP_STEPS`] steps, and wakes when the anchor's
    /// felt motion changes by this much (default
    /// [`crate::constants::SLEEP_SPEED_PER_REACH`]).
    pub sleep_speed: f64,
    /// The teleport distance, m, `0..=COORDINATE_LIMIT`: an anchor that lands
    /// further than this from where its velocity would carry it in one step
    /// teleports ([`crate::anchor::is_teleport`]). 0 is the automatic rule,
    /// `max(2 m, 4·reach)` ([`crate::anchor::teleport_distance`]).
    pub teleport_distance: f64,
    /// The largest change of the anchor's velocity the cloth feels, m/s²,
    /// `0..=ANCHOR_ACCELERATION_MAX`; 0: no limit (default
    /// [`crate::constants::ANCHOR_ACCELERATION_LIMIT`]). A faster change — a
    /// character snapped by tens of centimetres in one frame — moves the
    /// cloth rigidly with its anchor for the excess (`crate::anchor`).
    pub max_anchor_acceleration: f64,
    /// The most relative motion a turn of the anchor gives the particle
    /// farthest from the pins, in the cloth's mean links a substep,
    /// `0..=TURN_LINKS_MAX`; 0: no such limit (default
    /// [`crate::constants::TURN_LINKS_PER_SUBSTEP`]). A faster turn turns
    /// the cloth rigidly with its anchor for the excess: lower holds the
    /// links closer to rest through a hard turn, higher lets a cape flare
    /// more in a fast spin. Every turn is also capped at
    /// [`crate::constants::ANCHOR_TURN_PER_SUBSTEP`] (`crate::anchor`).
    pub max_turn_links: f64,
}

impl Default for Controls {
    fn default() -> Self {
        Controls {
            tethers: true,
            sleep: true,
            sleep_speed: SLEEP_SPEED_PER_REACH,
            teleport_distance: 0.0,
            max_anchor_acceleration: ANCHOR_ACCELERATION_LIMIT,
            max_turn_links: TURN_LINKS_PER_SUBSTEP,
        }
    }
}

impl Controls {
    pub fn validate(&self) -> Result<(), ParamError> {
        check("sleep_speed", self.sleep_speed, 0.0, 1.0)?;
        check("teleport_distance", self.teleport_distance, 0.0, COORDINATE_LIMIT)?;
        check("max_anchor_acceleration", self.max_anchor_acceleration, 0.0, ANCHOR_ACCELERATION_MAX)?;
        check("max_turn_links", self.max_turn_links, 0.0, TURN_LINKS_MAX)
    }

    /// The distance past which a one-step anchor move is a teleport, m.
    pub fn teleport_threshold(&self, reach: f64) -> f64 {
        match self.teleport_distance {
            0.0 => crate::anchor::teleport_distance(reach),
            d => d,
        }
    }
}

/// Solver internals, fixed in production at the values of
/// [`crate::constants`]; the record's experiments (§2–§6) move them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Warm-start factor α (acts only through α·γ, §2).
    pub alpha: f64,
    /// Warm-start factor γ.
    pub gamma: f64,
    /// Persistent hard-row band `(k_min, k_max)` as ratios of `m_eff/h²`.
    pub hard_band: (f64, f64),
    /// Penalty ramp of persistent hard rows, N/m per m of |C| (unexercised
    /// while the band is a point, §2).
    pub hard_beta: f64,
    /// Material stiffness of stretch rows, N/m; `INFINITY` = hard (the
    /// product). Finite values give soft rows, for §3 and §6.
    pub stretch_stiffness: f64,
    /// How `strain_limit` is enforced (`crate::strain_limit`).
    pub strain_mode: StrainLimitMode,
    /// Contact band floor and ramp (`crate::contact`): `k_min/k_max`, β_r
    /// (1/m, in units of m/h²), and the resting rule.
    pub contact_floor: f64,
    pub contact_beta_r: f64,
    pub contact_ramp: ContactRamp,
    /// Let a contact row that provably does nothing skip its field
    /// evaluation (`crate::contact`). The same bits either way — off only
    /// for the test that says so.
    pub contact_skip: bool,
    /// Self rows: stiffness over `m_eff/h²` (§32), a factor on the radius
    /// rule's result (§31, §36 sweep it), and whether point–triangle and
    /// edge–edge stencils join the particle pairs (`crate::self_pair`). The
    /// stencils are off by default: on the folding sheet they take the
    /// crossings pairs leave from 9% to none, but their wider search costs
    /// silk, cotton and hair their W2 budget (`MEASUREMENTS.md`, M4).
    pub self_ratio: f64,
    pub self_radius_scale: f64,
    pub self_stencils: bool,
    /// Let the cloth sleep (§12). The record's M0 experiments measure how far
    /// energy falls, which a sleeping cloth stops; they turn it off.
    pub sleep: bool,
    /// Bend rows rest flat even where the bind pose is curved (DESIGN §4's
    /// row; the product rests curved hinges at their bind shape,
    /// `crate::bend::CurvedHinges`).
    pub flat_bend_rest: bool,
    /// The instantiation [`crate::Kernel::Wide`] runs: `None` is the one the
    /// CPU runs best ([`crate::lanes::cpu_path`]); `Some` forces one (tests
    /// and benchmarks compare them), falling back to the baseline where the
    /// CPU cannot run it. The same bits either way.
    pub cpu_path: Option<CpuPath>,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            alpha: ALPHA,
            gamma: GAMMA,
            hard_band: stretch::BAND,
            hard_beta: 0.0,
            stretch_stiffness: f64::INFINITY,
            strain_mode: StrainLimitMode::default(),
            contact_floor: CONTACT_FLOOR,
            contact_beta_r: CONTACT_BETA_R,
            contact_ramp: ContactRamp::default(),
            contact_skip: true,
            self_ratio: SELF_RATIO,
            self_radius_scale: 1.0,
            self_stencils: false,
            sleep: true,
            flat_bend_rest: false,
            cpu_path: None,
        }
    }
}

impl Tuning {
    pub fn validate(&self) -> Result<(), ParamError> {
        check("alpha", self.alpha, 0.0, 1.0)?;
        check("gamma", self.gamma, 0.0, 1.0)?;
        check("hard_band.min", self.hard_band.0, 1e-6, 1e9)?;
        check("hard_band.max", self.hard_band.1, self.hard_band.0, 1e9)?;
        check("hard_beta", self.hard_beta, 0.0, 1e12)?;
        check("contact_floor", self.contact_floor, 1e-6, 1.0)?;
        check("contact_beta_r", self.contact_beta_r, 0.0, 1e12)?;
        check("self_ratio", self.self_ratio, 0.0, 1e6)?;
        check("self_radius_scale", self.self_radius_scale, 1e-3, 1e3)?;
        if self.stretch_stiffness.is_nan() || self.stretch_stiffness <= 0.0 {
            return Err(ParamError::OutOfRange {
                name: "stretch_stiffness",
                value: self.stretch_stiffness,
                allowed: "> 0".into(),
            });
        }
        Ok(())
    }
}
