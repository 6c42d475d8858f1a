//! The arithmetic every distance row shares (stretch, and later strain limit,
//! skip, tether, leash): `C = ‖x_i − x_j‖ − rest`, its force on particle `i`
//! and its Hessian block, for one lane-vector of particles.
//!
//! ```text
//!   d = x_i − x_j,   L = ‖d‖,   ĝ = d/L = ∇_i C,   C = L − rest
//!   fc = clamp(k·C + λ, lo, hi)            (soft rows: λ ≡ 0, (−∞, ∞))
//!   f −= fc·ĝ                              (positive fc pulls the ends together)
//!   H += k·ĝĝᵀ                             unless fc sits at its clamp
//!      + max(fc, 0)/L·(I − ĝĝᵀ)            PSD half of fc·∂²C/∂x² (§5.1),
//!                                          kept at the clamp too
//! ```
//!
//! The geometric term `fc/L·(I − ĝĝᵀ)` is positive semidefinite exactly when
//! the row is in tension; dropping it lets the update overshoot sideways once
//! `fc/L` passes `m/h²` (+21.9 % … +4140 % energy in §5.1's table), dropping
//! its compression half only makes the step shorter. `L` is the current
//! length. A zero distance (the padding rule, or two coincident particles)
//! gives `ĝ = 0` and therefore no force and no Hessian — never a NaN.

use crate::lanes::Points;
use crate::lanes::{Lanes, Sym3, V3};
use crate::model::DistanceRows;

/// What a table's rows admit (DESIGN §4). The solver applies `f −= fc·∇C`, so
/// `[0, ∞)` admits only forces that *reduce* C (bounds a distance from above:
/// tether, leash, strain limit) and `(−∞, 0]` only forces that increase it;
/// the reference's design had these backwards (§10).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Clamp {
    /// `(−∞, ∞)`: an equality (stretch, skip).
    Free,
    /// `[0, ∞)`: an upper bound on the distance.
    UpperBound,
}

impl Clamp {
    pub fn bounds(self) -> (f64, f64) {
        match self {
            Clamp::Free => (f64::NEG_INFINITY, f64::INFINITY),
            Clamp::UpperBound => (0.0, f64::INFINITY),
        }
    }
}

/// One distance row's contribution to the lanes' `(f, H)`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn accumulate_row<L: Lanes>(
    clamp: Clamp,
    xi: V3<L>,
    xj: V3<L>,
    rest: L,
    k: L,
    lambda: L,
    f: &mut V3<L>,
    h: &mut Sym3<L>,
) {
    let zero = L::zero();
    let d = xi - xj;
    let len = d.norm2().sqrt();
    let inv_len = L::select(len.gt(zero), L::splat(1.0) / len, zero);
    let g = d.scale(inv_len);
    let c = len - rest;
    let raw = k * c + lambda;
    let (fc, k_eff) = match clamp {
        Clamp::Free => (raw, k),
        Clamp::UpperBound => {
            let at_clamp = raw.lt(zero);
            (L::select(at_clamp, zero, raw), L::select(at_clamp, zero, k))
        }
    };
    *f -= g.scale(fc);
    let geometric = L::select(fc.gt(zero), fc * inv_len, zero);
    h.add_iso_outer(geometric, k_eff - geometric, g);
}

/// Accumulates every row of `rows` incident on the lanes of block `block`
/// starting at lane `off`, whose positions are `xi`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn accumulate<L: Lanes>(
    rows: &DistanceRows,
    clamp: Clamp,
    k: &[f32],
    lambda: &[f32],
    x: &Points,
    block: usize,
    off: usize,
    xi: V3<L>,
    f: &mut V3<L>,
    h: &mut Sym3<L>,
) {
    let (first, depth) = rows.ell.block(block);
    for s in 0..depth {
        let e = (first + s) * crate::constants::LANES + off;
        let row = &rows.ell_row[e..e + L::WIDTH];
        let other = &rows.ell_other[e..e + L::WIDTH];
        let xj = x.gather::<L>(other);
        let rest = L::gather(&rows.rest, row);
        let kr = L::gather(k, row);
        let lr = L::gather(lambda, row);
        accumulate_row(clamp, xi, xj, rest, kr, lr, f, h);
    }
}

/// The multiplier and penalty of every row of a table (state).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RowState {
    /// Multiplier λ, N (0 for soft rows and the sentinel).
    pub lambda: Vec<f32>,
    /// Current penalty k, N/m (0 for the sentinel).
    pub k: Vec<f32>,
}

impl RowState {
    pub fn new(rows: &DistanceRows) -> Self {
        RowState { lambda: vec![0.0; rows.a.len()], k: vec![0.0; rows.a.len()] }
    }
    pub fn bytes(&self) -> usize {
        4 * (self.lambda.len() + self.k.len())
    }
}

/// How a table's penalties are set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stiffness {
    /// Augmented Lagrangian: `k ∈ [ratio_min, ratio_max]·m_eff/h²`, multiplier
    /// warm-started by α·γ, penalty ramped by `beta` while λ is inside its clamp.
    Hard { ratio_min: f64, ratio_max: f64, beta: f64 },
    /// A plain penalty, N/m, and no multiplier (§3: a multiplier would drive C
    /// to zero and read a hundred times stiffer than Hooke).
    Soft { k: f64 },
    /// A soft penalty given as a ratio of each row's `m_eff/h²`.
    SoftRatio { ratio: f64 },
}

/// Warm start, once per substep (DESIGN §3): `λ ← (α·γ)·λ`,
/// `k ← clamp(γ·k, k_min, k_max)`; soft rows get their fixed penalty.
pub fn warm_start(rows: &DistanceRows, st: &mut RowState, stiffness: Stiffness, alpha: f64, gamma: f64, inv_h2: f64) {
    let n = rows.len();
    match stiffness {
        Stiffness::Hard { ratio_min, ratio_max, .. } => {
            let ag = (alpha * gamma) as f32;
            let gamma = gamma as f32;
            let lo = (ratio_min * inv_h2) as f32;
            let hi = (ratio_max * inv_h2) as f32;
            for r in 0..n {
                let m = rows.m_eff[r];
                st.lambda[r] *= ag;
                st.k[r] = (gamma * st.k[r]).max(lo * m).min(hi * m);
            }
        }
        Stiffness::Soft { k } => {
            st.k[..n].fill(k as f32);
            st.lambda[..n].fill(0.0);
        }
        Stiffness::SoftRatio { ratio } => {
            let s = (ratio * inv_h2) as f32;
            for r in 0..n {
                st.k[r] = s * rows.m_eff[r];
            }
            st.lambda[..n].fill(0.0);
        }
    }
}

/// The dual update of every hard row, once per iteration after all colours
/// (DESIGN §3; updating after each colour went unstable in the prototype):
/// `λ ← clamp(k·C + λ, lo, hi)`, and `k ← min(k + β|C|, k_max)` only while λ
/// is strictly inside its clamp. Returns the largest `|C|/rest`.
pub fn dual_update(
    rows: &DistanceRows,
    st: &mut RowState,
    x: &Points,
    clamp: Clamp,
    stiffness: Stiffness,
    inv_h2: f64,
) -> f32 {
    let Stiffness::Hard { ratio_max, beta, .. } = stiffness else {
        return worst_strain(rows, x);
    };
    let (lo, hi) = clamp.bounds();
    let (lo, hi) = (lo as f32, hi as f32);
    let kmax_scale = (ratio_max * inv_h2) as f32;
    let beta = beta as f32;
    let mut worst = 0.0f32;
    for r in 0..rows.len() {
        let (a, b) = (rows.a[r] as usize, rows.b[r] as usize);
        let d = [x.x[a] - x.x[b], x.y[a] - x.y[b], x.z[a] - x.z[b]];
        let c = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() - rows.rest[r];
        worst = worst.max(c.abs() / rows.rest[r]);
        let raw = st.k[r] * c + st.lambda[r];
        let lambda = raw.max(lo).min(hi);
        st.lambda[r] = lambda;
        if lambda > lo && lambda < hi && beta > 0.0 {
            st.k[r] = (st.k[r] + beta * c.abs()).min(kmax_scale * rows.m_eff[r]);
        }
    }
    worst
}

/// Largest `|C|/rest` over the table.
pub fn worst_strain(rows: &DistanceRows, x: &Points) -> f32 {
    let mut worst = 0.0f32;
    for r in 0..rows.len() {
        let (a, b) = (rows.a[r] as usize, rows.b[r] as usize);
        let d = [x.x[a] - x.x[b], x.y[a] - x.y[b], x.z[a] - x.z[b]];
        let c = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() - rows.rest[r];
        worst = worst.max(c.abs() / rows.rest[r]);
    }
    worst
}
