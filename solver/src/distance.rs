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

use crate::lanes::{Lanes, Pair, Points, Sym3, V3};
use crate::model::DistanceRows;
use std::ops::Range;

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

/// The geometry of a pair, computed once per neighbour and shared by every
/// row kind coupling it.
#[derive(Clone, Copy, Debug)]
pub struct Geometry<L> {
    /// `d = x_i − x_j`.
    pub d: V3<L>,
    /// `‖d‖`.
    pub len: L,
    /// `1/‖d‖`, or 0 when the particles coincide.
    pub inv_len: L,
    /// `ĝ = d/‖d‖ = ∇_i ‖x_i − x_j‖` (zero when they coincide).
    pub g: V3<L>,
}

impl<L: Lanes> Geometry<L> {
    #[inline(always)]
    pub fn of(d: V3<L>) -> Self {
        let zero = L::zero();
        let len = d.norm2().sqrt();
        let inv_len = L::select(len.gt(zero), L::splat(1.0) / len, zero);
        Geometry { d, len, inv_len, g: d.scale(inv_len) }
    }
}

/// One distance row's contribution to the lanes' `(f, H)`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn term<L: Lanes>(clamp: Clamp, geo: &Geometry<L>, rest: L, k: L, lambda: L, f: &mut V3<L>, h: &mut Sym3<L>) {
    let zero = L::zero();
    let c = geo.len - rest;
    let raw = k * c + lambda;
    let (fc, k_eff) = match clamp {
        Clamp::Free => (raw, k),
        Clamp::UpperBound => {
            let at_clamp = raw.lt(zero);
            (L::select(at_clamp, zero, raw), L::select(at_clamp, zero, k))
        }
    };
    *f -= geo.g.scale(fc);
    let geometric = L::select(fc.gt(zero), fc * geo.inv_len, zero);
    h.add_iso_outer(geometric, k_eff - geometric, geo.g);
}

/// The multiplier and penalty of every row of a table (state).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RowState {
    /// Per row: the current penalty k, N/m (0 for padding and inert rows),
    /// and the multiplier λ, N (0 for soft rows and padding).
    pub rows: Vec<Pair>,
}

impl RowState {
    pub fn new(rows: usize) -> Self {
        RowState { rows: vec![Pair::default(); rows] }
    }
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
    pub fn clear(&mut self) {
        self.rows.fill(Pair::default());
    }
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Pair>() * self.rows.capacity()
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

/// Warm start of the rows `range`, once per substep (DESIGN §3):
/// `λ ← (α·γ)·λ`, `k ← clamp(γ·k, k_min, k_max)`; soft rows get their fixed
/// penalty and no multiplier. `m_eff` is per row (0 keeps a row inert).
pub fn warm_start(
    m_eff: &[f32],
    st: &mut RowState,
    range: Range<usize>,
    stiffness: Stiffness,
    alpha: f64,
    gamma: f64,
    inv_h2: f64,
) {
    match stiffness {
        Stiffness::Hard { ratio_min, ratio_max, .. } => {
            let ag = (alpha * gamma) as f32;
            let gamma = gamma as f32;
            let lo = (ratio_min * inv_h2) as f32;
            let hi = (ratio_max * inv_h2) as f32;
            for (row, &m) in st.rows[range.clone()].iter_mut().zip(&m_eff[range]) {
                row.lambda *= ag;
                row.k = (gamma * row.k).max(lo * m).min(hi * m);
            }
        }
        Stiffness::Soft { k } => {
            for r in range {
                st.rows[r] = Pair { k: if m_eff[r] > 0.0 { k as f32 } else { 0.0 }, lambda: 0.0 };
            }
        }
        Stiffness::SoftRatio { ratio } => {
            let s = (ratio * inv_h2) as f32;
            for r in range {
                st.rows[r] = Pair { k: s * m_eff[r], lambda: 0.0 };
            }
        }
    }
}

/// The two ends of the rows starting at `r`, as lanes: what
/// [`dual_update_lanes`] measures. A trait with an `#[inline(always)]`
/// method, not a closure: a closure is a function of its own, compiled for
/// the build's baseline, and the step's AVX2 kernels (`step::avx2_entries`)
/// could not inline the gathers inside it.
trait Ends<L: Lanes> {
    fn at(&self, r: usize) -> (V3<L>, V3<L>);
}

/// The positions `x` and, where the lanes read one ([`Lanes::PACKED`]), their
/// packed copy (`State::packed`, the same floats): what a gathered end reads.
#[derive(Clone, Copy)]
pub struct Positions<'a> {
    pub x: &'a Points,
    pub packed: &'a [[f32; 4]],
}

impl Positions<'_> {
    /// `x[idx[k]]` in lane `k`, clamped as [`Lanes::gather`]'s: read from the
    /// packed copy where the lanes read one, else gathered from the columns.
    #[inline(always)]
    pub fn gather<L: Lanes>(&self, idx: &[u32]) -> V3<L> {
        match L::PACKED {
            true => L::gather_packed(self.packed, idx),
            false => self.x.gather::<L>(idx),
        }
    }
}

/// Pair rows of a table: `x[a[r]]` and `x[b[r]]`.
struct PairEnds<'a> {
    rows: &'a DistanceRows,
    x: Positions<'a>,
}

impl<L: Lanes> Ends<L> for PairEnds<'_> {
    #[inline(always)]
    fn at(&self, r: usize) -> (V3<L>, V3<L>) {
        (self.x.gather::<L>(&self.rows.a[r..]), self.x.gather::<L>(&self.rows.b[r..]))
    }
}

/// Unary rows, one per slot `s`: `x[s]` and `x[anchor[s]]`.
struct AnchorEnds<'a> {
    x: Positions<'a>,
    anchor: &'a [u32],
}

impl<L: Lanes> Ends<L> for AnchorEnds<'_> {
    #[inline(always)]
    fn at(&self, s: usize) -> (V3<L>, V3<L>) {
        (self.x.x.load::<L>(s), self.x.gather::<L>(&self.anchor[s..]))
    }
}

/// Unary rows, one per slot `s`: `x[s]` and `target[s]`.
struct OwnEnds<'a> {
    x: &'a Points,
    target: &'a Points,
}

impl<L: Lanes> Ends<L> for OwnEnds<'_> {
    #[inline(always)]
    fn at(&self, s: usize) -> (V3<L>, V3<L>) {
        (self.x.load::<L>(s), self.target.load::<L>(s))
    }
}

/// One table's rows as the dual update reads them: their state, what they
/// admit, how their penalty moves, and the factor on the rest length their
/// `C` is measured from (the strain limit's allowance; 1 elsewhere).
pub struct Duals<'a> {
    pub st: &'a mut RowState,
    pub clamp: Clamp,
    pub stiffness: Stiffness,
    pub rest_scale: f64,
}

/// [`Duals`]' constants as lanes, for hard rows only.
struct DualLanes<'a, L> {
    st: &'a mut RowState,
    lo: L,
    hi: L,
    kmax_scale: L,
    beta: L,
    rest_scale: L,
}

impl<'a, L: Lanes> DualLanes<'a, L> {
    #[inline(always)]
    fn of(d: Duals<'a>, inv_h2: f64) -> Option<Self> {
        let Stiffness::Hard { ratio_max, beta, .. } = d.stiffness else {
            return None;
        };
        let (lo, hi) = d.clamp.bounds();
        Some(DualLanes {
            st: d.st,
            lo: L::splat(lo),
            hi: L::splat(hi),
            kmax_scale: L::splat(ratio_max * inv_h2),
            beta: L::splat(beta),
            rest_scale: L::splat(d.rest_scale),
        })
    }
}

/// The dual update of hard rows, once per iteration after all colours
/// (DESIGN §3; updating after each colour went unstable in the prototype):
/// `λ ← clamp(k·C + λ, lo, hi)`, and `k ← min(k + β|C|, k_max)` only while λ
/// is strictly inside its clamp. `C = ‖x_i − x_j‖ − rest_scale·rest`, where
/// `x_i` is the row's own particle(s) and `x_j` its other end. Every table
/// in `tables` has one row per entry of `rest` on the same ends (a link's
/// stretch row and its strain-limit row), so the ends are read and the
/// length taken once for all of them. Soft tables are skipped. Runs over the
/// lane-aligned `range`. With `measure`, returns the largest
/// `|C|/(rest_scale·rest)` of the first table (0 if it is soft); without,
/// 0, and no row pays the division.
#[inline(always)]
fn dual_update_lanes<L: Lanes, const N: usize>(
    range: Range<usize>,
    ends: impl Ends<L>,
    rest: &[f32],
    m_eff: &[f32],
    tables: [Option<Duals>; N],
    inv_h2: f64,
    measure: bool,
) -> f32 {
    let measured = measure && matches!(tables.first(), Some(Some(Duals { stiffness: Stiffness::Hard { .. }, .. })));
    let mut tables = tables.map(|t| t.and_then(|t| DualLanes::<L>::of(t, inv_h2)));
    if tables.iter().all(Option::is_none) {
        return 0.0;
    }
    let zero = L::zero();
    let mut worst = zero;
    for r in range.step_by(L::WIDTH) {
        let (xi, xj) = ends.at(r);
        let len = (xi - xj).norm2().sqrt();
        let (rest0, m_eff) = (L::load(rest, r), L::load(m_eff, r));
        for (i, t) in tables.iter_mut().enumerate() {
            let Some(t) = t else { continue };
            let rest = rest0 * t.rest_scale;
            let c = len - rest;
            if i == 0 && measured {
                worst = worst.max(L::select(rest.gt(zero), c.abs() / rest, zero));
            }
            let (k, lambda) = L::load_pairs(&t.st.rows, r);
            let lambda = (k * c + lambda).max(t.lo).min(t.hi);
            let inside = L::and(t.lo.lt(lambda), lambda.lt(t.hi));
            let ramped = (k + t.beta * c.abs()).min(t.kmax_scale * m_eff);
            L::store_pairs(&mut t.st.rows, r, L::select(inside, ramped, k), lambda);
        }
    }
    (0..L::WIDTH).map(|k| worst.lane(k) as f32).fold(0.0, f32::max)
}

/// [`dual_update_lanes`] over the pair rows of a table: `stretch` (rest
/// scale 1) and, on the same links, the strain limit's (rest scale the
/// allowance). With `measure`, returns the largest `|C|/rest` of `stretch`.
#[inline(always)]
pub fn dual_update_pairs<L: Lanes>(
    rows: &DistanceRows,
    range: Range<usize>,
    x: Positions,
    stretch: Duals,
    strain: Option<Duals>,
    inv_h2: f64,
    measure: bool,
) -> f32 {
    let ends = PairEnds { rows, x };
    dual_update_lanes::<L, 2>(range, ends, &rows.rest, &rows.m_eff, [Some(stretch), strain], inv_h2, measure)
}

/// The other end of a unary row of slot `s`.
#[derive(Clone, Copy)]
pub enum OtherEnd<'a> {
    /// `x[anchor[s]]`: a tether's fixed particle.
    Anchor(&'a [u32]),
    /// `target[s]`: a leash's animated position.
    Target(&'a Points),
}

/// [`dual_update_lanes`] over unary rows, upper bounds on a distance, one
/// per slot in `range`, each to its [`OtherEnd`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn dual_update_unary<L: Lanes>(
    range: Range<usize>,
    x: Positions,
    other: OtherEnd,
    radius: &[f32],
    radius_scale: f64,
    m_eff: &[f32],
    st: &mut RowState,
    stiffness: Stiffness,
    inv_h2: f64,
) {
    let rows = Duals { st, clamp: Clamp::UpperBound, stiffness, rest_scale: radius_scale };
    match other {
        OtherEnd::Anchor(anchor) => {
            let ends = AnchorEnds { x, anchor };
            dual_update_lanes::<L, 1>(range, ends, radius, m_eff, [Some(rows)], inv_h2, false);
        }
        OtherEnd::Target(target) => {
            let ends = OwnEnds { x: x.x, target };
            dual_update_lanes::<L, 1>(range, ends, radius, m_eff, [Some(rows)], inv_h2, false);
        }
    }
}

/// Largest `|C|/rest` over the rows `range` of a table.
pub fn worst_strain(rows: &DistanceRows, range: Range<usize>, x: &Points) -> f32 {
    range.map(|r| strain(rows, r, x)).fold(0.0, f32::max)
}

/// `|C|/rest` of row `r`.
pub fn strain(rows: &DistanceRows, r: usize, x: &Points) -> f32 {
    let (a, b) = (rows.a[r] as usize, rows.b[r] as usize);
    let d = [x.x[a] - x.x[b], x.y[a] - x.y[b], x.z[a] - x.z[b]];
    ((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() - rows.rest[r]).abs() / rows.rest[r]
}
