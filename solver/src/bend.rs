//! Bend rows: the quadratic (flat-rest) hinge of Bergou et al. 2006, one per
//! interior edge of a sheet.
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

use crate::constants::BEND_FREE_SHARE_MIN;
use crate::lanes::{Lanes, Sym3, V3};
use crate::model::{BendCoupling, NO_NODE};
use std::collections::BTreeMap;

/// A hinge of the caller's mesh: corners as caller nodes (`x0, x1` the edge,
/// `x2, x3` the opposite corners) and their normalised weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hinge {
    pub corners: [u32; 4],
    pub weights: [f64; 4],
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cot(u: [f64; 3], v: [f64; 3]) -> f64 {
    let dot = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    let c = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    dot / (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).sqrt()
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

/// Total bend energy `½ Σ_r k_r ‖s_r‖²`, J, of caller-indexed positions.
pub fn energy(hinges: &[Hinge], inv_mass: &[f64], scale: f64, x: impl Fn(u32) -> [f64; 3]) -> f64 {
    hinges
        .iter()
        .filter_map(|h| {
            let m = effective_mass(h, |n| inv_mass[n as usize])?;
            let s = hinge_vector(h, &x);
            Some(0.5 * scale * m * (s[0] * s[0] + s[1] * s[1] + s[2] * s[2]))
        })
        .sum()
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

    #[test]
    fn a_degenerate_triangle_has_no_weights() {
        let p = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0], [1.0, -1.0, 0.0]];
        assert!(weights(p).is_none());
    }
}
