//! The mutable half of a cloth: what a step changes. Everything here is per
//! storage slot (see [`crate::model`] for the order) or per row.

use crate::distance::RowState;
use crate::lanes::Points;
use crate::model::Model;

/// Particle columns and row multipliers.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Position, m (cloth frame).
    pub x: Points,
    /// Position at the start of the current substep, m.
    pub x0: Points,
    /// Inertial target of the current substep, m.
    pub y: Points,
    /// Velocity, m/s.
    pub v: Points,
    /// Velocity one substep earlier, m/s: the adaptive initial guess reads
    /// `(v − v_prev)/h` (DESIGN §3). A reset clears it.
    pub v_prev: Points,
    /// Animated (target) position, m: fixed particles sit here; a reset
    /// returns every particle here.
    pub p: Points,
    /// Links-row (stretch and skip) multipliers and penalties.
    pub links: RowState,
    /// Strain-limit multipliers and penalties, parallel to the links table
    /// (empty until `strain_limit` is first enabled).
    pub strain: RowState,
    /// Tether and leash multipliers and penalties, per slot (the leash's are
    /// empty until `slack < 1` is first set).
    pub tether: RowState,
    pub leash: RowState,
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
    /// Largest hard-row |C|/L0 seen by the last dual update.
    pub worst_hard_strain: f32,
    /// Consecutive steps with `worst_hard_strain` above the watchdog's bound.
    pub absurd_steps: u32,
    /// Watchdog resets so far.
    pub resets: u64,
}

impl State {
    /// The state of a cloth at rest in its bind pose.
    pub fn new(model: &Model) -> Self {
        let n = model.slots;
        State {
            x: model.bind.clone(),
            x0: model.bind.clone(),
            y: model.bind.clone(),
            v: Points::zeros(n),
            v_prev: Points::zeros(n),
            p: model.bind.clone(),
            links: RowState::new(model.links.a.len()),
            strain: RowState::default(),
            tether: RowState::new(if model.unary.tethered > 0 { model.slots } else { 0 }),
            leash: RowState::default(),
            steps: 0,
            diagnostics: Diagnostics::default(),
        }
    }

    /// Sizes the multipliers the dynamics need (strain limit, leash). Called on
    /// a dynamics change, never inside a step.
    pub fn provision(&mut self, model: &Model, strain_limit: bool, leashed: bool) {
        if strain_limit && self.strain.is_empty() {
            self.strain = RowState::new(model.links.a.len());
        }
        if leashed && self.leash.is_empty() {
            self.leash = RowState::new(model.slots);
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
        for rows in [&mut self.links, &mut self.strain, &mut self.tether, &mut self.leash] {
            rows.clear();
        }
        self.diagnostics.absurd_steps = 0;
    }

    /// Bytes held by region: particles, rows.
    pub fn bytes(&self) -> (usize, usize) {
        let particles = self.x.bytes() * 6;
        (particles, self.links.bytes() + self.strain.bytes() + self.tether.bytes() + self.leash.bytes())
    }
}
