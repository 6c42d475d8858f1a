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

use crate::constants::LANES;
use crate::distance::{self, Clamp, Geometry};
use crate::lanes::{Lanes, Points, Sym3, V3};
use crate::model::DistanceRows;
use wide::f32x8;

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

/// How the strain limit is enforced (compared side by side in
/// `MEASUREMENTS.md`, "The strain limit").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StrainLimitMode {
    /// The record's row: a hard multiplier with clamp [0, ∞) on each link.
    Multiplier,
    /// After the step's last substep, shorten every link longer than `a·L0`
    /// to `a·L0`, moving its farther end ([`project`]).
    #[default]
    Projection,
    /// Both.
    Both,
}

impl StrainLimitMode {
    pub fn multiplier(self) -> bool {
        matches!(self, StrainLimitMode::Multiplier | StrainLimitMode::Both)
    }
    pub fn projection(self) -> bool {
        matches!(self, StrainLimitMode::Projection | StrainLimitMode::Both)
    }
}

/// The order the projection visits stretch rows in, built at seed: rows
/// sorted by the geodesic distance of their nearer end to the fixed set (ties
/// by row), and for each, which end moves — the farther one, or both
/// (mass-weighted) when the two are equally far.
///
/// **Then rescheduled, to the same bits.** In that order most rows touch a
/// particle the row just before them moved (1,922 of W1's 2,914), so each
/// shortened row waited on the last one's square root and division (about
/// sixty cycles a shortened row, by `perf`). The rows are regrouped into
/// waves (a row's wave is one past the latest wave of an earlier row it
/// conflicts with: one writes a particle the other touches) and visited
/// wave by wave, ties in the sorted order. Conflicting rows keep their
/// order, so the projection computes exactly what the sorted order does;
/// rows of one wave are independent, and the processor overlaps them
/// (`MEASUREMENTS.md`, "W3 a fifth time"; taking a wave eight rows at a time
/// in lanes was measured too, and lost to its gathers).
#[derive(Clone, Debug, Default)]
pub struct ProjectionOrder {
    pub rows: Vec<u32>,
    /// Per entry of `rows`: 0 both ends move, 1 only `a`, 2 only `b`.
    pub moves: Vec<u8>,
}

impl ProjectionOrder {
    /// The order `project` visits: [`ProjectionOrder::sorted`], in waves
    /// ([`ProjectionOrder::in_waves`]).
    pub fn new(rows: &DistanceRows, d_geo: &[f32], inv_mass: &[f32]) -> Self {
        Self::sorted(rows, d_geo).in_waves(rows, inv_mass)
    }

    /// Rows by the geodesic distance of their nearer end, ties by row.
    pub fn sorted(rows: &DistanceRows, d_geo: &[f32]) -> Self {
        let mut order: Vec<u32> = rows.stretch.clone().map(|r| r as u32).collect();
        let near = |r: u32| d_geo[rows.a[r as usize] as usize].min(d_geo[rows.b[r as usize] as usize]);
        order.sort_by(|&p, &q| near(p).total_cmp(&near(q)).then(p.cmp(&q)));
        let moves = order
            .iter()
            .map(|&r| {
                let (da, db) = (d_geo[rows.a[r as usize] as usize], d_geo[rows.b[r as usize] as usize]);
                if da > db {
                    1
                } else if db > da {
                    2
                } else {
                    0
                }
            })
            .collect();
        ProjectionOrder { rows: order, moves }
    }

    /// The same rows wave by wave: a row's wave is one past the latest wave
    /// of an earlier row it conflicts with, ties in this order. A row writes
    /// the ends [`weights`] gives a weight that is not zero (the farther end,
    /// or both, and never a fixed one) and touches both.
    pub fn in_waves(self, rows: &DistanceRows, inv_mass: &[f32]) -> Self {
        // Per particle, the latest wave that wrote it and the latest that touched it.
        let mut wrote = vec![0u32; inv_mass.len()];
        let mut touched = vec![0u32; inv_mass.len()];
        let mut waves: Vec<(u32, u32)> = Vec::with_capacity(self.rows.len());
        for (i, (&r, &m)) in self.rows.iter().zip(&self.moves).enumerate() {
            let (a, b) = (rows.a[r as usize] as usize, rows.b[r as usize] as usize);
            let (wa, wb) = weights(m, inv_mass, a, b);
            let writes = [(a, wa != 0.0), (b, wb != 0.0)];
            let mut wave = wrote[a].max(wrote[b]);
            for &(p, w) in &writes {
                if w {
                    wave = wave.max(touched[p]);
                }
            }
            let wave = wave + 1;
            for (p, w) in writes {
                touched[p] = touched[p].max(wave);
                if w {
                    wrote[p] = wave;
                }
            }
            waves.push((wave, i as u32));
        }
        waves.sort_unstable();
        let rows = waves.iter().map(|&(_, i)| self.rows[i as usize]).collect();
        let moves = waves.iter().map(|&(_, i)| self.moves[i as usize]).collect();
        ProjectionOrder { rows, moves }
    }

    pub fn bytes(&self) -> usize {
        self.rows.len() * 5
    }
}

/// How far each end of a row moves per unit of correction, from its
/// `moves` and the ends' inverse masses: the farther end alone (a fixed one
/// not at all), or both mass-weighted. An end with weight zero is never
/// written ([`ProjectionOrder::in_waves`] reads this too).
#[inline(always)]
fn weights(moves: u8, inv_mass: &[f32], a: usize, b: usize) -> (f32, f32) {
    match moves {
        1 => (if inv_mass[a] > 0.0 { 1.0 } else { 0.0 }, 0.0),
        2 => (0.0, if inv_mass[b] > 0.0 { 1.0 } else { 0.0 }),
        _ => (inv_mass[a], inv_mass[b]),
    }
}

/// A point column set cut to one length `n`, so that one bounds check on a
/// slot covers its three coordinates.
struct Cols<'a>([&'a mut [f32]; 3]);

impl<'a> Cols<'a> {
    #[inline(always)]
    fn of(p: &'a mut Points, n: usize) -> Self {
        Cols([&mut p.x[..n], &mut p.y[..n], &mut p.z[..n]])
    }

    #[inline(always)]
    fn get(&self, s: usize) -> [f32; 3] {
        [self.0[0][s], self.0[1][s], self.0[2][s]]
    }

    #[inline(always)]
    fn set(&mut self, s: usize, v: [f32; 3]) {
        self.0[0][s] = v[0];
        self.0[1][s] = v[1];
        self.0[2][s] = v[2];
    }
}

/// The projection: every stretch row longer than `allowance·rest` is
/// shortened to it, in [`ProjectionOrder`]: the end farther from the fixed
/// set moves (both, mass-weighted, when they are equally far; a fixed end
/// never does). Because a row's nearer end is settled before the row is
/// visited, one pass settles a tree. Returns how many rows it shortened.
///
/// **Inelastic, per particle.** The correction is a position change, not an
/// impulse: the substep's start `x0` moves with it, so `v = (x − x0)/h` keeps
/// what the solve produced — except that each moved particle loses the part of
/// its velocity pointing back out against its correction (a particle pushed
/// back inside a bound stops leaving it; it does not bounce). This can only
/// remove kinetic energy. Measured against the alternatives
/// (`MEASUREMENTS.md`, "The strain limit"): letting the correction into the
/// velocity (PBD's way) bounced — a swinging denim chain slept at step 334
/// instead of 257, and a sheet blew up to 60 % strain; leaving the velocity
/// untouched, or cutting it pairwise along each link, froze a separating
/// velocity into an untethered sheet held at its limit (0.5–0.7 J of motion
/// that never moved: pairwise cuts hand momentum one link per pass along a
/// column the solve keeps pushing).
pub fn project(
    rows: &DistanceRows,
    order: &ProjectionOrder,
    inv_mass: &[f32],
    x: &mut Points,
    x0: &mut Points,
    moved: &mut Points,
    allowance: f32,
) -> usize {
    let mut shortened = 0;
    // Every column cut to one length: one bounds check per slot covers all.
    let n = x.x.len();
    let inv_mass = &inv_mass[..n];
    let (mut x, mut x0, mut moved) = (Cols::of(x, n), Cols::of(x0, n), Cols::of(moved, n));
    let (ra, rb, rest) = (&rows.a[..], &rows.b[..rows.a.len()], &rows.rest[..rows.a.len()]);
    for (&r, &moves) in order.rows.iter().zip(&order.moves) {
        let r = r as usize;
        let (a, b) = (ra[r] as usize, rb[r] as usize);
        let (pa, pb) = (x.get(a), x.get(b));
        let d = [0, 1, 2].map(|k| pb[k] - pa[k]);
        let len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        let limit = allowance * rest[r];
        if len2 <= limit * limit {
            continue;
        }
        let len = len2.sqrt();
        let (wa, wb) = weights(moves, inv_mass, a, b);
        if wa + wb == 0.0 {
            continue;
        }
        let scale = (len - limit) / (len * (wa + wb));
        // Which ends move is known from the weights, before the square root
        // and the division are: the branch does not wait on them.
        for (slot, p, w, on) in [(a, pa, wa * scale, wa != 0.0), (b, pb, -wb * scale, wb != 0.0)] {
            if on {
                let c = d.map(|dk| w * dk);
                x.set(slot, [0, 1, 2].map(|k| p[k] + c[k]));
                let m = moved.get(slot);
                moved.set(slot, [0, 1, 2].map(|k| m[k] + c[k]));
            }
        }
        shortened += 1;
    }
    // The inelastic cut of every particle the pass moved, eight at a time
    // ([`cut`]): most particles of a stretched sheet move in a pass (on W3,
    // 1,847 of 2,112 slot-passes a frame with 20 colliders, 1,220 without),
    // so a vector sweep over all of them costs less than keeping a list.
    let whole = n - n % LANES;
    for first in (0..whole).step_by(LANES) {
        cut_lanes(&x, &mut x0, &mut moved, first);
    }
    (whole..n).for_each(|s| cut(&x, &mut x0, &mut moved, s));
    shortened
}

/// The inelastic cut of slot `s`, the last step of [`project`]: of the
/// velocity the solve left, remove the part pointing back out against the
/// summed correction `c`. With `t = (x − x0)·c`, that part is `(t/|c|²)·c`
/// when `t < 0`: one division, no square root (`h` cancels: it is the
/// velocity's `(x − x0)/h` times h). This scalar form serves the slots past
/// the last whole group of eight ([`cut_lanes`] serves the rest): the fixed
/// particles after the padded colour ranges, which a pass never moves, so
/// here it only ever finds `c = 0` — kept so that no slot count is assumed.
#[inline(always)]
fn cut(x: &Cols, x0: &mut Cols, moved: &mut Cols, s: usize) {
    let c = moved.get(s);
    if c == [0.0; 3] {
        return;
    }
    moved.set(s, [0.0; 3]);
    // `x0` moves with the particle, by its summed correction, once.
    let (p, q) = (x.get(s), x0.get(s));
    let q = [0, 1, 2].map(|k| q[k] + c[k]);
    x0.set(s, q);
    let n2 = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
    let t = (p[0] - q[0]) * c[0] + (p[1] - q[1]) * c[1] + (p[2] - q[2]) * c[2];
    if t < 0.0 && n2 > 0.0 {
        let s2 = t / n2;
        x0.set(s, [0, 1, 2].map(|k| q[k] + s2 * c[k]));
    }
}

/// [`cut`] on the eight slots from `first`, lane for lane the same
/// arithmetic in the same order, so the same bits.
#[inline(always)]
fn cut_lanes(x: &Cols, x0: &mut Cols, moved: &mut Cols, first: usize) {
    let load = |c: &[f32]| f32x8::from(<[f32; LANES]>::try_from(&c[first..first + LANES]).expect("lanes"));
    let c = moved.0.each_ref().map(|col| load(col));
    let zero = f32x8::ZERO;
    let any = c[0].simd_ne(zero) | c[1].simd_ne(zero) | c[2].simd_ne(zero);
    if any.to_bitmask() == 0 {
        return;
    }
    let p = x.0.each_ref().map(|col| load(col));
    let q0 = x0.0.each_ref().map(|col| load(col));
    // `x0` moves with the particle, by its summed correction, once.
    let q = [0, 1, 2].map(|k| q0[k] + c[k]);
    let n2 = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
    let t = (p[0] - q[0]) * c[0] + (p[1] - q[1]) * c[1] + (p[2] - q[2]) * c[2];
    let back = t.simd_lt(zero) & n2.simd_gt(zero);
    let s = t / n2;
    for k in 0..3 {
        let v = any.select(back.select(q[k] + s * c[k], q[k]), q0[k]);
        x0.0[k][first..first + LANES].copy_from_slice(&v.to_array());
        moved.0[k][first..first + LANES].fill(0.0);
    }
}
