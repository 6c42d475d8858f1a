//! Bend rows: the quadratic hinge of Bergou et al. 2006, one per interior
//! edge of a sheet, resting flat — or, where the bind pose is curved, at
//! its bind shape ([`CurvedHinges`]).
//!
//! For the edge `x0–x1` shared by the triangles `(x0, x1, x2)` and
//! `(x0, x1, x3)`, with `cot(u, v) = u·v / ‖u × v‖` of the bind pose:
//!
//! ```text
//!   e0 = x1−x0, e1 = x2−x0, e2 = x3−x0, e3 = x2−x1, e4 = x3−x1
//!   K  = (c03 + c04,  c01 + c02,  −c01 − c03,  −c02 − c04)
//!        c01 = cot(e0, e1)  c02 = cot(e0, e2)  c03 = cot(−e0, e3)  c04 = cot(−e0, e4)
//!   K̂ = K/‖K‖,  s = Σ_a K̂_a x_a      (s = 0 on the flat bind pose, ΣK̂ = 0)
//!   E = ½ k ‖s‖²,  f_a = −k K̂_a s,  H_aa = k K̂_a² I   (exact: E is quadratic)
//!   m_eff = 1 / Σ_a w_a K̂_a²,  k = bend · 8 · m_eff / h²
//! ```
//!
//! so every row sits at exactly ratio `8·bend` of its own inertial scale
//! (DESIGN §4; the mapping is ours). A diagonal hinge gets the same ratio as
//! an edge hinge, and the material stiffness scales with 1/h².
//!
//! **Assembled per vertex.** Because E is quadratic with a constant Hessian,
//! the force on `a` is linear in the positions: `f_a = −Σ_b B_ab x_b` with
//! `B = Σ_r k_r K̂_r K̂_rᵀ`. Rows sum to zero (ΣK̂ = 0), so
//! `f_a = −Σ_{b≠a} B_ab (x_b − x_a)` — relative positions, which is what keeps
//! f32 storage exact enough. At seed each free particle gets the list of its
//! stencil neighbours with `B̃_ab = Σ_r m_eff,r K̂_ra K̂_rb` and its diagonal
//! `B̃_aa`; the step multiplies by `8·bend/h²`. A sheet vertex has ~10 stencil
//! neighbours against 12 hinges × 3 corners read row by row: the sweep
//! gathers a third of the positions for the same force, to rounding.

use crate::constants::{BEND_FREE_SHARE_MIN, CURVED_HINGE_MIN, FOLDED_SHUT, FOLD_OPENING_MIN, LANES};
use crate::lanes::{Lanes, Points, Sym3, V3};
use crate::model::{BendCoupling, NO_NODE};
use crate::pose::{self, sub};
use std::collections::BTreeMap;
use wide::f32x4;

/// A hinge of the caller's mesh: corners as caller nodes (`x0, x1` the edge,
/// `x2, x3` the opposite corners) and their normalised weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hinge {
    pub corners: [u32; 4],
    pub weights: [f64; 4],
}

fn cot(u: [f64; 3], v: [f64; 3]) -> f64 {
    pose::dot(u, v) / pose::norm(pose::cross(u, v))
}

/// The normalised weights `K̂` of a hinge in its bind pose; `None` when a
/// triangle is degenerate (a cotangent is not finite).
pub fn weights(p: [[f64; 3]; 4]) -> Option<[f64; 4]> {
    let e0 = sub(p[1], p[0]);
    let e1 = sub(p[2], p[0]);
    let e2 = sub(p[3], p[0]);
    let e3 = sub(p[2], p[1]);
    let e4 = sub(p[3], p[1]);
    let ne0 = [-e0[0], -e0[1], -e0[2]];
    let (c01, c02, c03, c04) = (cot(e0, e1), cot(e0, e2), cot(ne0, e3), cot(ne0, e4));
    let k = [c03 + c04, c01 + c02, -c01 - c03, -c02 - c04];
    let norm = k.iter().map(|v| v * v).sum::<f64>().sqrt();
    if !norm.is_finite() || norm == 0.0 {
        return None;
    }
    Some(k.map(|v| v / norm))
}

/// `s = Σ K̂_a x_a` of a hinge (zero on its flat bind pose).
pub fn hinge_vector(h: &Hinge, x: impl Fn(u32) -> [f64; 3]) -> [f64; 3] {
    let mut s = [0.0; 3];
    for (c, w) in h.corners.iter().zip(h.weights) {
        let p = x(*c);
        for d in 0..3 {
            s[d] += w * p[d];
        }
    }
    s
}

/// Effective mass of a hinge, `1/Σ w_a K̂_a²` scaled by
/// `min(1, ‖K̂_free‖² / BEND_FREE_SHARE_MIN²)`, or `None` if every corner is
/// fixed. A hinge whose free corners hold a small share `‖K̂_free‖` of its
/// weights has its angle set by its fixed corners; the scale takes its
/// pull on a free corner, `∝ ‖s‖·‖K̂_free‖ / BEND_FREE_SHARE_MIN²`, to zero
/// with that share instead of towards `‖s‖/‖K̂_free‖` ([`BEND_FREE_SHARE_MIN`]).
pub fn effective_mass(h: &Hinge, inv_mass: impl Fn(u32) -> f64) -> Option<f64> {
    let (mut free, mut s) = (0.0, 0.0);
    for (c, w) in h.corners.iter().zip(h.weights) {
        let inv = inv_mass(*c);
        if inv > 0.0 {
            free += w * w;
            s += inv * w * w;
        }
    }
    let scale = (free / (BEND_FREE_SHARE_MIN * BEND_FREE_SHARE_MIN)).min(1.0);
    (s > 0.0).then(|| scale / s)
}

/// Assembles hinges per vertex. Returns the per-slot diagonal (in
/// [`BendCoupling`]) and, per caller node, its coupling to every stencil
/// neighbour (keyed by the neighbour's caller index, so the order never
/// depends on storage slots) for the neighbour lists.
pub fn assemble(hinges: &[Hinge], inv_mass: &[f64], node_of_slot: &[u32]) -> (BendCoupling, Vec<BTreeMap<u32, f64>>) {
    let nodes = inv_mass.len();
    let mut diagonal = vec![0.0f64; nodes];
    let mut coupling: Vec<BTreeMap<u32, f64>> = vec![BTreeMap::new(); nodes];
    let mut rows = 0;
    let mut inert = 0;
    for h in hinges {
        let Some(m_eff) = effective_mass(h, |n| inv_mass[n as usize]) else {
            inert += 1;
            continue;
        };
        rows += 1;
        for (i, &a) in h.corners.iter().enumerate() {
            if inv_mass[a as usize] == 0.0 {
                continue;
            }
            diagonal[a as usize] += m_eff * h.weights[i] * h.weights[i];
            for (j, &b) in h.corners.iter().enumerate() {
                if j != i {
                    *coupling[a as usize].entry(b).or_insert(0.0) += m_eff * h.weights[i] * h.weights[j];
                }
            }
        }
    }
    let slot_diagonal =
        node_of_slot.iter().map(|&n| if n == NO_NODE { 0.0 } else { diagonal[n as usize] as f32 }).collect();
    (BendCoupling { rows, inert, diagonal: slot_diagonal }, coupling)
}

/// One stencil neighbour's term: `t += c·(x_b − x_a)`, given `d = x_a − x_b`.
/// The neighbour loop sums `t` over every neighbour, then calls [`finish`].
#[inline(always)]
pub fn term<L: Lanes>(d: V3<L>, coupling: L, t: &mut V3<L>) {
    *t -= d.scale(coupling);
}

/// `f −= scale·Σ B̃_ab (x_b − x_a)`, `H += scale·B̃_aa I`, where `scale = 8·bend/h²`.
#[inline(always)]
pub fn finish<L: Lanes>(t: V3<L>, scale: L, diagonal: L, f: &mut V3<L>, h: &mut Sym3<L>) {
    *f -= t.scale(scale);
    h.add_diagonal(scale * diagonal);
}

/// Total bend energy `½ Σ_r k_r ‖s_r − s̄_r(x)‖²`, J, of caller-indexed
/// positions (`s̄ = 0` on a flat hinge, see [`CurvedHinges`]).
pub fn energy(
    hinges: &[Hinge],
    inv_mass: &[f64],
    scale: f64,
    curved: &CurvedHinges,
    x: impl Fn(u32) -> [f64; 3],
) -> f64 {
    let mut rest = curved.hinge.iter().enumerate().peekable();
    hinges
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let m = effective_mass(h, |n| inv_mass[n as usize])?;
            let mut s = hinge_vector(h, &x);
            if let Some((r, _)) = rest.next_if(|(_, &j)| j as usize == i) {
                let r = std::array::from_fn(|d| curved.rest[d][r] as f64);
                if let Some(v) = target(h.corners.map(&x), r) {
                    s = sub(s, v);
                }
            }
            Some(0.5 * scale * m * pose::dot(s, s))
        })
        .sum()
}

/// The hinge's frame `(ê, n̂, b̂)`: `ê` along the edge `x0→x1`, `n̂` along
/// `N = (x1−x0)×(x2−x0) + (x3−x0)×(x1−x0)`, the sum of the two triangles'
/// normals (one side of the sheet when the hinge is flat), `b̂ = ê×n̂`.
/// `None` when the edge is degenerate or the hinge is folded shut
/// (`‖N‖ ≤ FOLDED_SHUT·‖x1−x0‖²`).
pub fn frame(p: [[f64; 3]; 4]) -> Option<[[f64; 3]; 3]> {
    let e0 = sub(p[1], p[0]);
    let n = pose::add(pose::cross(e0, sub(p[2], p[0])), pose::cross(sub(p[3], p[0]), e0));
    let (le2, ln2) = (pose::dot(e0, e0), pose::dot(n, n));
    if !(le2 > 0.0 && ln2 > FOLDED_SHUT * FOLDED_SHUT * le2 * le2) {
        return None;
    }
    let (e, n) = (pose::scale(e0, 1.0 / le2.sqrt()), pose::scale(n, 1.0 / ln2.sqrt()));
    Some([e, n, pose::cross(e, n)])
}

/// The hinges whose bind pose is not flat, and what they rest at, in
/// lanes of [`LANES`] hinges (structure of arrays, padded).
///
/// DESIGN §4's bend row rests flat (`s = 0`). A garment authored curved — a
/// skirt's tube, a wrapped cape — rests where it was authored instead: the
/// row's energy is `½ k ‖s − s̄(x)‖²` with `s̄(x) = R(x)·s̄_bind`, the bind
/// pose's hinge vector carried by the rotation `R(x)` of the hinge's
/// [`frame`] (the rotated-target form of projective dynamics' bending,
/// Bouaziz et al. 2014, §5). `s̄` is taken at the iterations' starting point
/// — where every corner, free or fixed, is at this substep — and held over
/// the substep's iterations, so the Hessian stays `k K̂_a² I` and the force
/// gains `k K̂_a s̄` per free corner: each substep [`targets`] sums
/// `b_a = Σ_r m_eff,r K̂_ra s̄_r` per slot and the sweep adds `scale·b_a`
/// (`f_a = −scale·(Σ_b B̃_ab x_b − b_a)`). A hinge whose bind `‖s̄‖` is below
/// [`CURVED_HINGE_MIN`] of its edge is flat and listed nowhere, so a flat
/// cloth keeps the record's row exactly.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CurvedHinges {
    /// Listed hinges (the columns are padded past it to whole lanes).
    pub count: usize,
    /// Corner slots per corner, `x0, x1` the edge; padding lists slot 0.
    pub corners: [Vec<u32>; 4],
    /// `s̄` of the bind pose in the bind frame `(ê, n̂, b̂)`, m, per axis.
    pub rest: [Vec<f32>; 3],
    /// `m_eff,r K̂_ra` per corner, kg (0 at a fixed corner and in padding).
    pub coefficients: [Vec<f32>; 4],
    /// Index of each listed hinge in the topology's hinge list.
    pub hinge: Vec<u32>,
}

impl CurvedHinges {
    /// The curved hinges of `hinges` (caller nodes) over bind positions and
    /// inverse masses per caller node.
    pub fn new(hinges: &[Hinge], inv_mass: &[f64], slot_of_node: &[u32], bind: impl Fn(u32) -> [f64; 3]) -> Self {
        let mut c = CurvedHinges::default();
        for (i, h) in hinges.iter().enumerate() {
            let Some(m_eff) = effective_mass(h, |n| inv_mass[n as usize]) else { continue };
            let Some(rest) = rest_vector(h, &bind) else { continue };
            for k in 0..4 {
                let free = inv_mass[h.corners[k] as usize] > 0.0;
                c.corners[k].push(slot_of_node[h.corners[k] as usize]);
                c.coefficients[k].push(if free { (m_eff * h.weights[k]) as f32 } else { 0.0 });
            }
            (0..3).for_each(|d| c.rest[d].push(rest[d] as f32));
            c.hinge.push(i as u32);
        }
        c.count = c.hinge.len();
        let padded = c.count.next_multiple_of(LANES);
        c.corners.iter_mut().for_each(|v| v.resize(padded, 0));
        c.coefficients.iter_mut().for_each(|v| v.resize(padded, 0.0));
        c.rest.iter_mut().for_each(|v| v.resize(padded, 0.0));
        c
    }

    /// [`CurvedHinges::new`] over a model's bind pose (slots) and slot map.
    pub fn of_bind(hinges: &[Hinge], inv_mass: &[f64], slot_of_node: &[u32], bind: &Points) -> Self {
        Self::new(hinges, inv_mass, slot_of_node, |n| bind.get(slot_of_node[n as usize] as usize).map(f64::from))
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Length of the padded columns.
    pub fn padded(&self) -> usize {
        self.hinge.len().next_multiple_of(LANES)
    }

    pub fn bytes(&self) -> usize {
        4 * (self.corners.iter().map(Vec::capacity).sum::<usize>()
            + self.coefficients.iter().chain(&self.rest).map(Vec::capacity).sum::<usize>()
            + self.hinge.capacity())
    }
}

/// `b_a = Σ_r m_eff,r K̂_ra s̄_r(x)` per slot into `out`: each hinge's
/// target `s̄_r(x)` lane by lane into `scratch` (one per padded hinge; a
/// hinge folded shut gets 0), then summed into its corners (a fixed one's
/// weight is 0) hinge by hinge in topology order through `sums` (one per
/// slot), so the sums never depend on slots.
///
/// In the frame's terms, with `e0 = x1−x0` and `N` as in [`frame`]:
/// `s̄ = (s̄_ê/‖e0‖)·e0 + (s̄_n̂/‖N‖)·N + (s̄_b̂/(‖e0‖‖N‖))·(e0×N)`.
#[inline(always)]
pub fn targets<L: Lanes>(c: &CurvedHinges, x: &Points, scratch: &mut Points, sums: &mut [[f32; 4]], out: &mut Points) {
    let (one, folded) = (L::splat(1.0), L::splat(FOLDED_SHUT * FOLDED_SHUT));
    for at in (0..c.padded()).step_by(L::WIDTH) {
        // Closures here would not inline into an AVX2 entry (`Lanes::out_of_line`).
        let p0 = x.gather::<L>(&c.corners[0][at..at + L::WIDTH]);
        let e0 = x.gather::<L>(&c.corners[1][at..at + L::WIDTH]) - p0;
        let e1 = x.gather::<L>(&c.corners[2][at..at + L::WIDTH]) - p0;
        let e2 = x.gather::<L>(&c.corners[3][at..at + L::WIDTH]) - p0;
        let n = e0.cross(e1) + e2.cross(e0);
        let (le2, ln2) = (e0.norm2(), n.norm2());
        let ok = L::and(le2.gt(L::zero()), ln2.gt(folded * le2 * le2));
        let (ie, i_n) = (one / le2.sqrt(), one / ln2.sqrt());
        let (r0, r1, r2) = (L::load(&c.rest[0], at), L::load(&c.rest[1], at), L::load(&c.rest[2], at));
        let t = e0.scale(r0 * ie) + n.scale(r1 * i_n) + e0.cross(n).scale(r2 * (ie * i_n));
        scratch.store(at, V3::select(ok, t, V3::zero()));
    }
    // Summed as (x, y, z, 0) in one 128-bit add per corner, then spread
    // into columns; each lane is the f32 `b += w·t` of its axis.
    sums.fill([0.0; 4]);
    for r in 0..c.count {
        let t = f32x4::from([scratch.x[r], scratch.y[r], scratch.z[r], 0.0]);
        for k in 0..4 {
            let sum = &mut sums[c.corners[k][r] as usize];
            *sum = (f32x4::from(*sum) + t * f32x4::splat(c.coefficients[k][r])).to_array();
        }
    }
    for (s, sum) in sums.iter().enumerate() {
        (out.x[s], out.y[s], out.z[s]) = (sum[0], sum[1], sum[2]);
    }
}

/// `s̄` of a hinge's bind pose in its bind [`frame`], or `None` — the hinge
/// rests flat — when it is flat (‖s̄‖ below [`CURVED_HINGE_MIN`] of its
/// edge), folded sharper than [`FOLD_OPENING_MIN`], or has no frame.
pub fn rest_vector(h: &Hinge, bind: impl Fn(u32) -> [f64; 3]) -> Option<[f64; 3]> {
    let p = h.corners.map(&bind);
    let s = hinge_vector(h, &bind);
    let e = sub(p[1], p[0]);
    if pose::dot(s, s) <= CURVED_HINGE_MIN * CURVED_HINGE_MIN * pose::dot(e, e) {
        return None;
    }
    if opening(p)? < FOLD_OPENING_MIN {
        return None;
    }
    let f = frame(p)?;
    Some(f.map(|axis| pose::dot(s, axis)))
}

/// The angle between a hinge's two wings about its edge, rad: π when it
/// is flat, 0 when it is folded shut; `None` when a wing or the edge has no
/// direction.
pub fn opening(p: [[f64; 3]; 4]) -> Option<f64> {
    let e = pose::normalized(sub(p[1], p[0]))?;
    let across = |q: [f64; 3]| {
        let d = sub(q, p[0]);
        sub(d, pose::scale(e, pose::dot(d, e)))
    };
    let (u, v) = (across(p[2]), across(p[3]));
    let (lu, lv) = (pose::norm(u), pose::norm(v));
    (lu > 0.0 && lv > 0.0).then(|| (pose::dot(u, v) / (lu * lv)).clamp(-1.0, 1.0).acos())
}

/// The rest vector `R(x)·s̄` of a hinge at corner positions `p`.
pub fn target(p: [[f64; 3]; 4], rest: [f64; 3]) -> Option<[f64; 3]> {
    let [e, n, b] = frame(p)?;
    Some(std::array::from_fn(|d| rest[0] * e[d] + rest[1] * n[d] + rest[2] * b[d]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_sum_to_zero_and_vanish_on_a_flat_hinge() {
        // A skewed, non-symmetric flat hinge.
        let p = [[0.0, 0.0, 0.0], [1.0, 0.1, 0.0], [0.2, 0.9, 0.0], [0.7, -1.1, 0.0]];
        let w = weights(p).unwrap();
        assert!(w.iter().sum::<f64>().abs() < 1e-12);
        let h = Hinge { corners: [0, 1, 2, 3], weights: w };
        let s = hinge_vector(&h, |c| p[c as usize]);
        assert!(s.iter().all(|v| v.abs() < 1e-12), "{s:?}");
        // Rigid motions keep s = 0 (the energy is flat-rest and translation-free).
        let rot = |q: [f64; 3]| [q[0], q[1] * 0.6 - q[2] * 0.8, q[1] * 0.8 + q[2] * 0.6];
        let s = hinge_vector(&h, |c| {
            let r = rot(p[c as usize]);
            [r[0] + 3.0, r[1] - 2.0, r[2] + 1.0]
        });
        assert!(s.iter().all(|v| v.abs() < 1e-12), "{s:?}");
        // Folding the hinge makes s non-zero.
        let mut q = p;
        q[3][2] = 0.3;
        let s = hinge_vector(&h, |c| q[c as usize]);
        assert!(s[2].abs() > 1e-3);
    }

    #[test]
    fn a_square_hinge_has_the_textbook_weights() {
        let p = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, -1.0, 0.0]];
        let w = weights(p).unwrap();
        for (a, b) in w.iter().zip([0.5, 0.5, -0.5, -0.5]) {
            assert!((a - b).abs() < 1e-12, "{w:?}");
        }
    }

    /// A hinge folded by 0.4 rad about its edge: flat `p`, corner 3 lifted.
    fn folded() -> (Hinge, [[f64; 3]; 4]) {
        let mut p = [[0.0, 0.0, 0.0], [1.0, 0.1, 0.0], [0.2, 0.9, 0.0], [0.7, -1.1, 0.0]];
        let h = Hinge { corners: [0, 1, 2, 3], weights: weights(p).unwrap() };
        p[3][2] = 0.4;
        (h, p)
    }

    #[test]
    fn a_flat_hinge_has_no_rest_and_a_folded_one_rests_where_it_was_bound() {
        let (h, q) = folded();
        let flat = [[0.0, 0.0, 0.0], [1.0, 0.1, 0.0], [0.2, 0.9, 0.0], [0.7, -1.1, 0.0]];
        assert_eq!(rest_vector(&h, |c| flat[c as usize]), None);
        let rest = rest_vector(&h, |c| q[c as usize]).expect("a folded hinge is curved");
        // At the bind pose the target is the hinge vector: the row pulls nowhere.
        let (s, v) = (hinge_vector(&h, |c| q[c as usize]), target(q, rest).unwrap());
        assert!((0..3).all(|d| (s[d] - v[d]).abs() < 1e-12), "{s:?} {v:?}");
        // A rigid motion carries the target with the hinge.
        let rot = |p: [f64; 3]| [p[0] * 0.6 - p[2] * 0.8 + 3.0, p[1] - 2.0, p[0] * 0.8 + p[2] * 0.6 + 1.0];
        let moved = q.map(rot);
        let (s, v) = (hinge_vector(&h, |c| moved[c as usize]), target(moved, rest).unwrap());
        assert!((0..3).all(|d| (s[d] - v[d]).abs() < 1e-12), "{s:?} {v:?}");
        // Unfolding it away from its bind shape leaves a residual to pull back.
        let mut open = q;
        open[3][2] = 0.1;
        let (s, v) = (hinge_vector(&h, |c| open[c as usize]), target(open, rest).unwrap());
        assert!(pose::norm(sub(s, v)) > 0.05, "{s:?} {v:?}");
    }

    #[test]
    fn the_curved_energy_is_zero_at_the_bind_pose_and_grows_away_from_it() {
        let (h, q) = folded();
        let inv_mass = [0.0, 0.0, 1.0, 1.0];
        let curved = CurvedHinges::new(&[h], &inv_mass, &[0, 1, 2, 3], |c| q[c as usize]);
        assert_eq!(curved.count, 1);
        assert_eq!(curved.coefficients[0][0], 0.0, "a fixed corner takes no force");
        let at = |p: [[f64; 3]; 4]| energy(&[h], &inv_mass, 1.0, &curved, |c| p[c as usize]);
        let flat = energy(&[h], &inv_mass, 1.0, &CurvedHinges::default(), |c| q[c as usize]);
        assert!(flat > 1e-3, "resting flat, the folded hinge holds energy {flat}");
        // The rest is stored in f32: zero to its rounding.
        assert!(at(q) < 1e-12 * flat, "{} J at the bind pose", at(q));
        let mut open = q;
        open[3][2] = 0.1;
        assert!(at(open) > 1e-3);
    }

    #[test]
    fn a_hinge_folded_shut_has_no_frame() {
        let p = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, 1.0, 0.0], [0.5, 1.0, 1e-9]];
        assert!(frame(p).is_none());
        assert!(frame([[0.0; 3]; 4]).is_none());
    }

    #[test]
    fn a_degenerate_triangle_has_no_weights() {
        let p = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0], [1.0, -1.0, 0.0]];
        assert!(weights(p).is_none());
    }
}
