//! The per-vertex 3×3 solve: an LDLᵀ factorisation with a pivot check.
//!
//! Never a cofactor inverse (DESIGN §2, MEASUREMENTS §5.2). A vertex carrying
//! one very stiff row against a small mass term assembles
//! `H ≈ 0.12·I + 5.4e8·ĝĝᵀ`: its determinant is a sum of triple products that
//! must cancel by the condition number squared, and the cofactor expansion
//! gets its *sign* wrong even in f64, while the factorisation never forms
//! those products and returns the pivots 1.710e8, 3.120e-1, 1.453e-1.
//!
//! ```text
//!   H = L D Lᵀ,   L = | 1          |    D = diag(d1, d2, d3)
//!                     | l21  1     |
//!                     | l31  l32  1|
//!   d1 = h11
//!   l21 = h12/d1           l31 = h13/d1
//!   d2 = h22 − l21·h12     l32 = (h23 − l31·h12)/d2
//!   d3 = h33 − l31·h13 − l32·(h23 − l31·h12)
//! ```
//!
//! The pivot check *is* the positive-definiteness test: all three pivots
//! finite and positive. `H` is SPD by construction (a positive mass term plus
//! PSD row terms), so a failed check means rounding has destroyed the small
//! eigenvalues; the lane then takes a gradient step `f / r`, where `r` is the
//! largest absolute row sum of `H` (a Gershgorin bound on its largest
//! eigenvalue, so the step cannot overshoot the quadratic model).

use crate::lanes::{Lanes, Sym3, V3};

/// The factors of `H = L D Lᵀ`.
#[derive(Clone, Copy, Debug)]
pub struct Ldlt<L> {
    pub d: [L; 3],
    pub l21: L,
    pub l31: L,
    pub l32: L,
}

/// Factorises a symmetric 3×3 matrix. No check is made here; see [`solve`].
#[inline(always)]
pub fn factor<L: Lanes>(h: &Sym3<L>) -> Ldlt<L> {
    let d1 = h.xx;
    let l21 = h.xy / d1;
    let l31 = h.xz / d1;
    let d2 = h.yy - l21 * h.xy;
    let t = h.yz - l31 * h.xy;
    let l32 = t / d2;
    let d3 = h.zz - l31 * h.xz - l32 * t;
    Ldlt { d: [d1, d2, d3], l21, l31, l32 }
}

impl<L: Lanes> Ldlt<L> {
    /// True in lanes whose three pivots are finite and positive.
    #[inline(always)]
    pub fn pivots_ok(&self) -> L::Mask {
        let z = L::zero();
        let mut ok = L::and(self.d[0].gt(z), self.d[0].finite());
        ok = L::and(ok, L::and(self.d[1].gt(z), self.d[1].finite()));
        L::and(ok, L::and(self.d[2].gt(z), self.d[2].finite()))
    }

    /// Solves `L D Lᵀ x = b`.
    #[inline(always)]
    pub fn solve(&self, b: V3<L>) -> V3<L> {
        let z1 = b.x;
        let z2 = b.y - self.l21 * z1;
        let z3 = b.z - self.l31 * z1 - self.l32 * z2;
        let w1 = z1 / self.d[0];
        let w2 = z2 / self.d[1];
        let w3 = z3 / self.d[2];
        let x3 = w3;
        let x2 = w2 - self.l32 * x3;
        let x1 = w1 - self.l21 * x2 - self.l31 * x3;
        V3::new(x1, x2, x3)
    }
}

/// Solves `H Δ = f`; returns `Δ` and the lanes whose pivot check failed
/// (those lanes carry the Gershgorin gradient step instead).
#[inline(always)]
pub fn solve<L: Lanes>(h: &Sym3<L>, f: V3<L>) -> (V3<L>, L::Mask) {
    let fac = factor(h);
    let ok = fac.pivots_ok();
    let newton = fac.solve(f);
    if !L::any(L::not(ok)) {
        return (newton, L::not(ok));
    }
    let r1 = h.xx.abs() + h.xy.abs() + h.xz.abs();
    let r2 = h.xy.abs() + h.yy.abs() + h.yz.abs();
    let r3 = h.xz.abs() + h.yz.abs() + h.zz.abs();
    let r = r1.max(r2).max(r3);
    let gradient = f.scale(L::splat(1.0) / r);
    (V3::select(ok, newton, gradient), L::not(ok))
}
