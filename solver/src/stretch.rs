//! Stretch rows: one per mesh edge (including one diagonal per quad) and per
//! parent link of a tree.
//!
//! ```text
//!   C = ‖x_a − x_b‖ − L0          clamp (−∞, ∞)
//!   hard (stiffness = ∞):  augmented Lagrangian, k_min = k_max = 8·m_eff/h²
//!   soft (finite k):       f = −k·C·ĝ, no multiplier (reads exactly Hooke, §3)
//! ```
//!
//! A row is hard **exactly** when its stiffness is infinite (DESIGN §3 rule 1).
//! Fabric stretch rows are always hard: a soft row stiffer than ~8·(m/h²)
//! adds energy (§6), and real fabric is far stiffer than that. Soft stretch
//! rows exist for the record's experiments (§3, §6) and for rubber.
//!
//! The arithmetic is [`crate::distance`]'s; this file names the kind.

use crate::constants::HARD_ROW_RATIO;
use crate::distance::{self, Clamp, Geometry, Stiffness};
use crate::lanes::{Lanes, Sym3, V3};

/// Stretch rows bound nothing: an equality.
pub const CLAMP: Clamp = Clamp::Free;

/// The stiffness of the stretch table for a material stiffness `k` (N/m,
/// `f64::INFINITY` = hard) and a hard-row band given as ratios of `m_eff/h²`.
pub fn stiffness(k: f64, band: (f64, f64), beta: f64) -> Stiffness {
    if k.is_infinite() {
        Stiffness::Hard { ratio_min: band.0, ratio_max: band.1, beta }
    } else {
        Stiffness::Soft { k }
    }
}

/// The shipped band: the single point ×8 (§2, §4).
pub const BAND: (f64, f64) = (HARD_ROW_RATIO, HARD_ROW_RATIO);

/// A stretch row's term for the lanes' `(f, H)`, from the pair's geometry.
#[inline(always)]
pub fn term<L: Lanes>(geo: &Geometry<L>, rest: L, k: L, lambda: L, f: &mut V3<L>, h: &mut Sym3<L>) {
    distance::term(CLAMP, geo, rest, k, lambda, f, h);
}
