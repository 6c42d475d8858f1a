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
    /// Stretch-row multipliers and penalties.
    pub stretch: RowState,
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
            stretch: RowState::new(&model.stretch),
            steps: 0,
            diagnostics: Diagnostics::default(),
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
        self.stretch.lambda.fill(0.0);
        self.stretch.k.fill(0.0);
        self.diagnostics.absurd_steps = 0;
    }

    /// Bytes held by region: particles, rows.
    pub fn bytes(&self) -> (usize, usize) {
        let particles = self.x.bytes() * 6;
        (particles, self.stretch.bytes())
    }
}
