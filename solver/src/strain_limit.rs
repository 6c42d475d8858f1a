//! The strain limit: a link may extend to at most `a·L0` (§11).
//!
//! ```text
//!   a = 1 + 0.25·250^(−stretch)       (0.2 → 1.0829, 0.5 → 1.0158, 1 → 1.0010)
//!   row        C = ‖x_a − x_b‖ − a·L0,  clamp [0, ∞),  hard, k = 8·m_eff/h²
//!   projection every link longer than a·L0 shortened to it, after each
//!              substep's sweeps: in a hanging tree the farther end alone,
//!              elsewhere both ends by their inverse masses; a particle a
//!              collider pushes slides along it, never into it
//! ```
//!
//! Two mechanisms, each doing what the other cannot, shaped so that neither
//! can tear a cloth where corrections from two pins meet, nor move the
//! centre of mass or turn a free cloth (DESIGN §4, "Strain limit on any
//! garment"):
//!
//! - **The row** carries the static load. A hard row's multiplier loses
//!   `1 − α·γ` of itself at every warm start (§2: α·γ ≥ 0.5 diverges), so it
//!   holds only a quarter of a steady tension between substeps and the link
//!   rests stretched by `≈ (1 − α·γ)·T/(iterations·k)` — several per cent
//!   under a garment's weight, on short links between light particles more.
//!   This row keeps a **floor** under its multiplier, and the warm start
//!   decays only the part of λ above it, `λ ← floor + α·γ·(λ − floor)`. On
//!   a pinned cloth the floor is the least λ the row held over the last
//!   window of [`STRAIN_FLOOR_WINDOW`] (a block minimum, [`Floor::Window`]):
//!   a steady tension is held in full and the link settles at its
//!   allowance, while the part of a tension that comes and goes within a
//!   window (a flap) is never held, so the floor lags no oscillation and
//!   feeds none. On a pinless cloth the floor follows λ up with time
//!   constant [`STRAIN_FLOOR_TIME`] ([`Floor::Follow`]): there the window
//!   held a free spinning sheet's tension and took its spin
//!   (`MEASUREMENTS.md`, "Issue 16: a floor that does not follow the
//!   swing"). Either floor drops to λ at once, so a row that goes slack
//!   never pulls a slack link.
//! - **The projection** bounds what each substep hands on: links still
//!   longer than `a·L0` after the sweeps are shortened to it, Gauss–Seidel in
//!   [`STRAIN_PROJECTION_PASSES`] passes outward from the pins
//!   ([`ProjectionOrder`]). In a tree hanging from the fixed set (a rope, a
//!   strip, a strand) a row moves only its farther end, as §11's projection
//!   does, and the correction becomes no velocity ([`settle`]). Everywhere
//!   else — sheets, two pins, no pin — each correction is split between the
//!   ends by inverse mass (a fixed end, mass ∞, never moves): linear and
//!   angular momentum unchanged, and the substep's start `x0` stays where it
//!   was, so the velocity `(x − x0)/h` is that of the corrected motion. A
//!   correction that undoes an outward motion takes the velocity with it (no
//!   motion is kept at rest), and a rigid motion, which stretches nothing,
//!   passes through untouched (free fall, spin).
//!
//! Alternatives measured on the general-content cases and rejected
//! (`MEASUREMENTS.md`, "General content"): the farther-end rule everywhere
//! (tears where two pins' cascades meet), keeping the velocity the solve
//! produced (motion kept at rest: a two-pin chain tore),
//! projecting once per step, and the row without its floor.
//!
//! [`STRAIN_FLOOR_TIME`]: crate::constants::STRAIN_FLOOR_TIME
//! [`STRAIN_FLOOR_WINDOW`]: crate::constants::STRAIN_FLOOR_WINDOW
//! [`STRAIN_PROJECTION_PASSES`]: crate::constants::STRAIN_PROJECTION_PASSES

use crate::constants::LANES;
use crate::distance::{self, Clamp, Geometry, RowState, Stiffness};
use crate::lanes::{Lanes, Points, Sym3, V3};
use crate::model::DistanceRows;
use std::ops::Range;
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

/// How a strain-limit row's floor moves at a warm start.
pub enum Floor<'a> {
    /// Towards λ by `rate` of the gap (`1 − exp(−h/STRAIN_FLOOR_TIME)`).
    Follow { rate: f64 },
    /// The least λ of the last window: `low` collects this window's least
    /// λ per row, and when the window `closes` it becomes the floor.
    Window { low: &'a mut [f32], closes: bool },
}

/// The warm start of the rows `range`, once per substep: the floor moves by
/// its rule and never exceeds λ, then `λ ← floor + α·γ·(λ − floor)`; `k`
/// as [`distance::warm_start`].
#[allow(clippy::too_many_arguments)]
pub fn warm_start(
    m_eff: &[f32],
    st: &mut RowState,
    floor: &mut [f32],
    rule: Floor,
    range: Range<usize>,
    stiffness: Stiffness,
    alpha: f64,
    gamma: f64,
    inv_h2: f64,
) {
    match rule {
        Floor::Follow { rate } => {
            let rate = rate as f32;
            for r in range.clone() {
                let lambda = st.rows[r].lambda;
                let f = (floor[r] + rate * (lambda - floor[r])).min(lambda);
                floor[r] = f;
                st.rows[r].lambda = lambda - f;
            }
        }
        Floor::Window { low, closes } => {
            for r in range.clone() {
                let lambda = st.rows[r].lambda;
                low[r] = low[r].min(lambda);
                if closes {
                    floor[r] = low[r];
                    low[r] = f32::INFINITY;
                }
                let f = floor[r].min(lambda);
                floor[r] = f;
                st.rows[r].lambda = lambda - f;
            }
        }
    }
    // The part above the floor decays as every hard row's does.
    distance::warm_start(m_eff, st, range.clone(), stiffness, alpha, gamma, inv_h2);
    for r in range {
        st.rows[r].lambda += floor[r];
    }
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

    /// A pinned cloth's floor is the least λ of the last window: a steady
    /// tension is held in full, a flap's floor is its trough whatever its
    /// phase, and a slack row drops it at once.
    #[test]
    fn the_window_floor_holds_what_stays() {
        use super::{warm_start, Floor};
        use crate::distance::{RowState, Stiffness};
        let hard = Stiffness::Hard { ratio_min: 1.0, ratio_max: 8.0, beta: 0.0 };
        let (m_eff, window) = ([1.0f32], 4);
        let run = |lambdas: &[f32]| {
            let (mut st, mut floor, mut low) = (RowState::new(1), [0.0f32], [f32::INFINITY]);
            let mut after = Vec::new();
            for (i, &l) in lambdas.iter().enumerate() {
                st.rows[0].lambda = l;
                let rule = Floor::Window { low: &mut low, closes: (i + 1) % window == 0 };
                warm_start(&m_eff, &mut st, &mut floor, rule, 0..1, hard, 0.25, 1.0, 1.0);
                after.push((st.rows[0].lambda, floor[0]));
            }
            after
        };
        // Steady: from the first window's close on, λ is kept whole.
        let steady = run(&[2.0; 12]);
        assert!(steady[..3].iter().all(|&(l, f)| f == 0.0 && l == 0.5));
        assert!(steady[3..].iter().all(|&(l, f)| f == 2.0 && l == 2.0));
        // A flap between 1 and 3 with a period of the window: its trough.
        let flap: Vec<f32> = (0..16).map(|i| [1.0, 2.0, 3.0, 2.0][(i + 1) % 4]).collect();
        assert!(flap[4..].iter().zip(&run(&flap)[4..]).all(|(&l, &(_, f))| f == 1.0f32.min(l)));
        // Slack: a row whose λ falls to 0 has no floor.
        let mut slack = vec![2.0; 8];
        slack.push(0.0);
        assert_eq!(run(&slack)[8], (0.0, 0.0));
    }
}

/// How the strain limit is enforced (compared side by side in
/// `MEASUREMENTS.md`, §11 and "General content").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StrainLimitMode {
    /// The row alone (the record's formulation, with its floor).
    Multiplier,
    /// The projection alone.
    Projection,
    /// Both: what ships.
    #[default]
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

/// The order the projection visits stretch rows in, built at seed, and which
/// end of each row moves.
///
/// Rows are sorted by the geodesic distance of their nearer end to the fixed
/// set (ties by row), so a pass works outward from the pins. **In a tree
/// hanging from the fixed set** — a connected part of the cloth in which
/// every row joins two particles at different distances from the fixed set
/// and every free particle has exactly one row toward it (a rope, a strip,
/// a strand of hair) — a row moves only its farther end, as a shock
/// propagates down a hanging chain: its nearer end has already been settled
/// this pass and nothing below moves it again, so one pass delivers the
/// allowance exactly at any budget (§11). **Anywhere else** — a sheet, two
/// pins, no pin — both ends move by inverse mass: there the farther-end rule
/// pulls each pin's side toward its own pin and piles the whole excess into
/// the row where the two meet (`MEASUREMENTS.md`, "General content").
///
/// **Then rescheduled, to the same bits.** In the sorted order most rows
/// touch a particle the row just before them moved, so each shortened row
/// would wait on the last one's square root and division. The rows are
/// regrouped into waves (a row's wave is one past the latest wave of an
/// earlier row that writes a particle it touches, or touches one it
/// writes) and visited wave by wave, ties in the sorted order. Conflicting
/// rows keep their order, so the projection computes exactly what the
/// sorted order does; rows of one wave are independent, and the processor
/// overlaps them (`MEASUREMENTS.md`, "W3 a fifth time").
#[derive(Clone, Debug, Default)]
pub struct ProjectionOrder {
    pub rows: Vec<u32>,
    /// Per entry of `rows`: 0 both ends move by inverse mass, 1 only `a`,
    /// 2 only `b`.
    pub moves: Vec<u8>,
}

impl ProjectionOrder {
    /// The order `project` visits: [`ProjectionOrder::sorted`], in waves
    /// ([`ProjectionOrder::in_waves`]).
    pub fn new(rows: &DistanceRows, d_geo: &[f32], inv_mass: &[f32]) -> Self {
        Self::sorted(rows, d_geo, inv_mass).in_waves(rows, inv_mass)
    }

    /// Rows by the geodesic distance of their nearer end, ties by row; the
    /// farther end alone moves in trees hanging from the fixed set.
    pub fn sorted(rows: &DistanceRows, d_geo: &[f32], inv_mass: &[f32]) -> Self {
        let tree = hanging_trees(rows, d_geo, inv_mass);
        let mut order: Vec<u32> = rows.stretch.clone().map(|r| r as u32).collect();
        let near = |r: u32| d_geo[rows.a[r as usize] as usize].min(d_geo[rows.b[r as usize] as usize]);
        order.sort_by(|&p, &q| near(p).total_cmp(&near(q)).then(p.cmp(&q)));
        let moves = order
            .iter()
            .map(|&r| {
                let (a, b) = (rows.a[r as usize] as usize, rows.b[r as usize] as usize);
                match (tree[a], d_geo[a] > d_geo[b]) {
                    (false, _) => 0,
                    (true, true) => 1,
                    (true, false) => 2,
                }
            })
            .collect();
        ProjectionOrder { rows: order, moves }
    }

    /// The same rows wave by wave: a row's wave is one past the latest wave
    /// of an earlier row it conflicts with, ties in this order. A row writes
    /// the ends [`weights`] gives a weight that is not zero and touches both.
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
        4 * self.rows.capacity() + self.moves.capacity()
    }
}

/// Per slot: whether the particle belongs to a tree hanging from the fixed
/// set ([`ProjectionOrder`]). Connected parts over stretch rows are found by
/// union–find; a part qualifies when it holds a fixed particle, every row in
/// it joins particles at different `d_geo`, and every free particle in it
/// has exactly one row to a particle nearer the fixed set.
fn hanging_trees(rows: &DistanceRows, d_geo: &[f32], inv_mass: &[f32]) -> Vec<bool> {
    let n = inv_mass.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for r in rows.stretch.clone() {
        let (a, b) = (root(&mut parent, rows.a[r] as usize), root(&mut parent, rows.b[r] as usize));
        if a != b {
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut upstream = vec![0u32; n];
    let mut good = vec![true; n]; // per part root
    let mut pinned = vec![false; n];
    for r in rows.stretch.clone() {
        let (a, b) = (rows.a[r] as usize, rows.b[r] as usize);
        let part = root(&mut parent, a);
        if d_geo[a] == d_geo[b] {
            good[part] = false;
        } else {
            let far = if d_geo[a] > d_geo[b] { a } else { b };
            upstream[far] += 1;
        }
    }
    for s in 0..n {
        let part = root(&mut parent, s);
        if inv_mass[s] == 0.0 {
            pinned[part] = true;
        } else if upstream[s] != 1 {
            good[part] = false;
        }
    }
    (0..n)
        .map(|s| {
            let part = root(&mut parent, s);
            good[part] && pinned[part]
        })
        .collect()
}

/// How far each end of a row moves per unit of correction: the farther end
/// alone (a fixed one not at all), or both by inverse mass. An end with
/// weight zero is never written ([`ProjectionOrder::in_waves`] reads this too).
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

/// What one pass of the projection removes: of every stretch row longer
/// than `allowance·rest`, `rate` of its excess.
#[derive(Clone, Copy, Debug)]
pub struct Cut {
    pub allowance: f32,
    pub rate: f32,
}

/// One pass of the projection: every stretch row longer than
/// `allowance·rest` is shortened by `rate` of its excess (1, or `h²/h_r²`
/// while the rows remember a longer substep: `crate::step::row_substep`),
/// in [`ProjectionOrder`]: the farther
/// end alone in a hanging tree, elsewhere each end by its share of the
/// inverse mass (`w_a/(w_a + w_b)` of the excess); a fixed end never moves.
/// A farther end's correction is also added to `moved`, for [`settle`].
/// With `SLIDE`, a particle a collider pushed this substep (`pushed`, its
/// outward normal: [`crate::contact::ContactSlots::pushed`]) keeps only the
/// part of its correction that does not move it into the collider: a link
/// draped over a limb is a chord through it, and shortening the chord would
/// pull its end through the body; sliding along the surface shortens it as
/// far as the body allows. Returns how many rows it shortened.
pub fn project<const SLIDE: bool>(
    rows: &DistanceRows,
    order: &ProjectionOrder,
    inv_mass: &[f32],
    x: &mut Points,
    moved: &mut Points,
    cut: Cut,
    pushed: &Points,
) -> usize {
    let Cut { allowance, rate } = cut;
    let mut shortened = 0;
    let n = x.x.len();
    let inv_mass = &inv_mass[..n];
    let (mut x, mut moved) = (Cols::of(x, n), Cols::of(moved, n));
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
        let (wa, wb) = weights(moves, inv_mass, a, b);
        if wa + wb == 0.0 {
            continue;
        }
        let len = len2.sqrt();
        let scale = (len - limit) / (len * (wa + wb)) * rate;
        // Which ends move is known from the weights, before the square root
        // and the division are: the branch does not wait on them.
        for (slot, p, w, on) in [(a, pa, wa * scale, wa != 0.0), (b, pb, -wb * scale, wb != 0.0)] {
            if on {
                let mut c = d.map(|dk| w * dk);
                if SLIDE {
                    let n = pushed.get(slot);
                    let into = (c[0] * n[0] + c[1] * n[1] + c[2] * n[2]).min(0.0);
                    c = [0, 1, 2].map(|k| c[k] - into * n[k]);
                }
                x.set(slot, [0, 1, 2].map(|k| p[k] + c[k]));
                if moves != 0 {
                    let m = moved.get(slot);
                    moved.set(slot, [0, 1, 2].map(|k| m[k] + c[k]));
                }
            }
        }
        shortened += 1;
    }
    shortened
}

/// The velocity the passes leave. Where both ends of a row moved, nothing is
/// done: `x0` stays, so `(x − x0)/h` is the corrected motion's velocity.
/// Where only the farther end moved (a hanging tree), the correction is not
/// made into velocity: a one-sided correction moves momentum the row's other
/// end never gives up, and as velocity it swung a hanging chain longer
/// (`MEASUREMENTS.md`, "General content"). There `x0` moves with the
/// particle and the velocity loses only its part pointing back out against
/// the correction ([`cut`]) — a shortened link stops lengthening, no more.
///
/// That velocity is the particle's relative to the frame's rigid motion,
/// `(S(x) − x0)/h` with the substep's shift `S` (`carry`, as the step's
/// integration reads it): a cut of the world velocity would take the
/// anchor's own motion along the link away, and a strand carried at speed
/// would swing harder than one standing still (`MEASUREMENTS.md`, "A
/// strand carried at speed").
pub fn settle(x: &mut Points, x0: &mut Points, moved: &mut Points, carry: Option<&Carry>) {
    let n = x.x.len();
    let (x, mut x0, mut moved) = (Cols::of(x, n), Cols::of(x0, n), Cols::of(moved, n));
    let whole = n - n % LANES;
    for first in (0..whole).step_by(LANES) {
        cut_lanes(&x, &mut x0, &mut moved, carry, first);
    }
    (whole..n).for_each(|s| cut(&x, &mut x0, &mut moved, carry, s));
}

/// The substep's frame shift `S(x) = R·x + t` in f32, and the painted
/// inertia scales `s` (empty: all 1) that blend it, `x + s·(S(x) − x)`.
pub struct Carry<'a> {
    r: [[f32; 3]; 3],
    t: [f32; 3],
    scales: &'a [f32],
}

impl<'a> Carry<'a> {
    pub fn new(shift: &crate::anchor::Shift, scales: &'a [f32]) -> Self {
        let r = shift.rotation.matrix().map(|row| row.map(|v| v as f32));
        Carry { r, t: shift.translation.map(|v| v as f32), scales }
    }

    #[inline(always)]
    fn point(&self, s: usize, p: [f32; 3]) -> [f32; 3] {
        let (r, t) = (&self.r, &self.t);
        let sp = [0, 1, 2].map(|i| r[i][0] * p[0] + r[i][1] * p[1] + r[i][2] * p[2] + t[i]);
        match self.scales.get(s) {
            Some(&k) => [0, 1, 2].map(|i| p[i] + (sp[i] - p[i]) * k),
            None => sp,
        }
    }

    #[inline(always)]
    fn lanes(&self, first: usize, p: [f32x8; 3]) -> [f32x8; 3] {
        let (r, t) = (&self.r, &self.t);
        let sp = [0, 1, 2].map(|i| {
            f32x8::splat(r[i][0]) * p[0]
                + f32x8::splat(r[i][1]) * p[1]
                + f32x8::splat(r[i][2]) * p[2]
                + f32x8::splat(t[i])
        });
        match self.scales.get(first..first + LANES) {
            Some(k) => {
                let k = f32x8::from(<[f32; LANES]>::try_from(k).expect("lanes"));
                [0, 1, 2].map(|i| p[i] + (sp[i] - p[i]) * k)
            }
            None => sp,
        }
    }
}

/// The inelastic cut of slot `s`, the last step of [`settle`]: of the
/// velocity the solve left, remove the part pointing back out against the
/// summed correction `c`. With `t = (S(x) − x0)·c`, that part is `(t/|c|²)·c`
/// when `t < 0`: one division, no square root (`h` cancels: it is the
/// velocity's `(S(x) − x0)/h` times h). This scalar form serves the slots past
/// the last whole group of eight ([`cut_lanes`] serves the rest): the fixed
/// particles after the padded colour ranges, which a pass never moves, so
/// here it only ever finds `c = 0` — kept so that no slot count is assumed.
#[inline(always)]
fn cut(x: &Cols, x0: &mut Cols, moved: &mut Cols, carry: Option<&Carry>, s: usize) {
    let c = moved.get(s);
    if c == [0.0; 3] {
        return;
    }
    moved.set(s, [0.0; 3]);
    // `x0` moves with the particle, by its summed correction, once.
    let (p, q) = (x.get(s), x0.get(s));
    let p = match carry {
        Some(carry) => carry.point(s, p),
        None => p,
    };
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
fn cut_lanes(x: &Cols, x0: &mut Cols, moved: &mut Cols, carry: Option<&Carry>, first: usize) {
    let load = |c: &[f32]| f32x8::from(<[f32; LANES]>::try_from(&c[first..first + LANES]).expect("lanes"));
    let c = moved.0.each_ref().map(|col| load(col));
    let zero = f32x8::ZERO;
    let any = c[0].simd_ne(zero) | c[1].simd_ne(zero) | c[2].simd_ne(zero);
    if any.to_bitmask() == 0 {
        return;
    }
    let p = x.0.each_ref().map(|col| load(col));
    let p = match carry {
        Some(carry) => carry.lanes(first, p),
        None => p,
    };
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
