//! The parameters a host sets ([`Dynamics`]) and the solver internals that
//! only experiments move ([`Tuning`]).

use crate::constants::{ALPHA, DEFAULT_DT, GAMMA};
use crate::error::ParamError;
use crate::stretch;

/// How a cloth moves. Every field has a documented range; [`Dynamics::validate`]
/// rejects anything outside it (and any non-finite value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dynamics {
    /// Fixed step, s: `(0, 1]`. Default 1/60.
    pub dt: f64,
    /// Substeps per step: `1..=64`.
    pub substeps: u32,
    /// Colour sweeps per substep: `1..=64`.
    pub iterations: u32,
    /// Gravity in the cloth frame, m/s².
    pub gravity: [f64; 3],
    /// Bending resistance `0..=1`: bend rows sit at ratio `8·bend` of their
    /// own `m_eff/h²` (DESIGN §4).
    pub bend: f64,
    /// Damping `0..=1`: `v ← v·exp(−10·damping·h)` per substep (DESIGN §6).
    pub damping: f64,
}

impl Default for Dynamics {
    fn default() -> Self {
        Dynamics { dt: DEFAULT_DT, substeps: 2, iterations: 4, gravity: [0.0, -9.81, 0.0], bend: 0.25, damping: 0.0 }
    }
}

fn check(name: &'static str, value: f64, lo: f64, hi: f64) -> Result<(), ParamError> {
    if value.is_finite() && value >= lo && value <= hi {
        Ok(())
    } else {
        Err(ParamError::OutOfRange { name, value })
    }
}

impl Dynamics {
    pub fn validate(&self) -> Result<(), ParamError> {
        if !(self.dt.is_finite() && self.dt > 0.0 && self.dt <= 1.0) {
            return Err(ParamError::OutOfRange { name: "dt", value: self.dt });
        }
        check("substeps", self.substeps as f64, 1.0, 64.0)?;
        check("iterations", self.iterations as f64, 1.0, 64.0)?;
        for g in self.gravity {
            check("gravity", g, -1e6, 1e6)?;
        }
        check("bend", self.bend, 0.0, 1.0)?;
        check("damping", self.damping, 0.0, 1.0)?;
        Ok(())
    }

    /// Substep length `h = dt/substeps`, s.
    pub fn h(&self) -> f64 {
        self.dt / self.substeps as f64
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
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            alpha: ALPHA,
            gamma: GAMMA,
            hard_band: stretch::BAND,
            hard_beta: 0.0,
            stretch_stiffness: f64::INFINITY,
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
        if self.stretch_stiffness.is_nan() || self.stretch_stiffness <= 0.0 {
            return Err(ParamError::OutOfRange { name: "stretch_stiffness", value: self.stretch_stiffness });
        }
        Ok(())
    }
}
