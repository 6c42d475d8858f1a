//! Leash rows: how far a particle may stray from its animated position (§10).
//!
//! ```text
//!   C = ‖x_i − p_i‖ − 2·slack·d_geo,i      clamp [0, ∞)
//!   hard: k_min = k_max = 8·m_i/h² (unary: m_eff is the particle's mass)
//! ```
//!
//! The radius is `2·slack·d_geo`, not `slack·d_geo` (§10): the tether keeps
//! the particle within `d_geo` of the anchor and the animated position is
//! within `d_geo` of it too (a chord is never longer than its arc), so the two
//! are never more than `2·d_geo` apart — `slack = 1` is *provably* inert and
//! builds no row. A particle five metres out on a two-metre leash assembles
//! `f = (−30, 0, 0)` (the record's sign test; the `m1_rows` gate).

use crate::distance::{self, Clamp, Geometry};
use crate::lanes::{Lanes, Sym3, V3};

/// Leash rows bound the distance from above.
pub const CLAMP: Clamp = Clamp::UpperBound;

/// Leash radius per metre of `d_geo`: `2·slack`.
pub fn radius_scale(slack: f64) -> f64 {
    2.0 * slack
}

/// The leash term for the lanes' `(f, H)`; `geo` is of `x_i − p_i`.
#[inline(always)]
pub fn term<L: Lanes>(geo: &Geometry<L>, radius: L, k: L, lambda: L, f: &mut V3<L>, h: &mut Sym3<L>) {
    distance::term(CLAMP, geo, radius, k, lambda, f, h);
}
