//! Strain-limit rows: a bound on how far a link may extend (§11).
//!
//! ```text
//!   C = ‖x_a − x_b‖ − a·L0,  a = 1 + 0.25·250^(−stretch)     clamp [0, ∞)
//!   hard: k_min = k_max = 8·m_eff/h², multiplier warm-started like stretch
//! ```
//!
//! `[0, ∞)` admits only forces that reduce C, i.e. pull the ends together
//! (the reference's design had this backwards, §10). The allowance reproduces
//! all three recorded points (0.2 → 1.0829, 0.5 → 1.0158, 1.0 → 1.0010) and
//! predicts where the row goes inert (§11).
//!
//! **A second multiplier on the stretch row, not a second row.** The strain
//! limit of a link has the same ends and gradient as its stretch row, so it
//! shares the pair's gathered positions and geometry in the sweep and keeps
//! its λ and k in arrays parallel to the links table (skip rows carry none);
//! `a` is read every substep, so `stretch` changes without a reseed.

use crate::distance::{self, Clamp, Geometry};
use crate::lanes::{Lanes, Sym3, V3};

/// Strain-limit rows bound the distance from above.
pub const CLAMP: Clamp = Clamp::UpperBound;

/// `a(stretch) = 1 + 0.25·250^(−stretch)`: the admitted link length over its
/// rest length (DESIGN §4, fitted to §11's three points).
pub fn allowance(stretch: f64) -> f64 {
    1.0 + 0.25 * 250f64.powf(-stretch)
}

/// The strain-limit term of a link for the lanes' `(f, H)`.
#[inline(always)]
pub fn term<L: Lanes>(geo: &Geometry<L>, limit: L, k: L, lambda: L, f: &mut V3<L>, h: &mut Sym3<L>) {
    distance::term(CLAMP, geo, limit, k, lambda, f, h);
}

#[cfg(test)]
mod tests {
    #[test]
    fn allowance_reproduces_the_record() {
        for (s, a) in [(0.2, 1.0829), (0.5, 1.0158), (1.0, 1.0010)] {
            assert!((super::allowance(s) - a).abs() < 5e-5, "{s}: {}", super::allowance(s));
        }
        assert_eq!(super::allowance(0.0), 1.25);
    }
}
