//! Friction rows: one with every contact (DESIGN §4; record §18).
//!
//! ```text
//!   C = ‖slip‖,  slip = tangential part of (x − stick point)   ∇C = ŝ (unit slip)
//!   clamp [0, μ·f_n], f_n the contact's normal force of *this* iteration
//!   hard, band as the contact's
//! ```
//!
//! C is the slip *magnitude*, so no tangent basis is chosen (a signed slip
//! needs two per contact, and any choice continuous frame to frame is state,
//! §18). The stick point is set where the particle first touched, in the
//! collider's frame, and stays there while the row holds. When a substep
//! ends with the row past its cap the particle is sliding, and the stick
//! point follows it to the slip at which the row, warm started, holds it
//! with the cap again (`contact::dual`). Moving it to the particle itself
//! never builds static friction (a prototype slid 2.87 m on a 10° slope at
//! μ 0.2). The cap reads this iteration's normal force, not the previous
//! multiplier, so friction acts at a 1×1 budget.

use crate::contact::add_outer;
use crate::pose::{self, Vec3};

/// Adds the friction row of a contact with normal `n` to `(f, h)`; `cap` is
/// `μ·f_n`.
#[allow(clippy::too_many_arguments)]
pub fn term(x: Vec3, stick: Vec3, n: Vec3, cap: f64, k: f64, lambda: f64, f: &mut Vec3, h: &mut [f64; 6]) {
    let slip = pose::sub(x, stick);
    let t = pose::sub(slip, pose::scale(n, pose::dot(slip, n)));
    let c = pose::norm(t);
    // Written to fail on NaN: a NaN slip or cap (a state already going
    // non-finite, which the watchdog resets at the step's end) adds nothing,
    // and never reaches `clamp`, which panics on a NaN bound.
    if !(c > 1e-12 && cap > 0.0) {
        return;
    }
    let g = pose::scale(t, 1.0 / c);
    let raw = k * c + lambda;
    let fc = raw.clamp(0.0, cap);
    *f = pose::sub(*f, pose::scale(g, fc));
    if raw > 0.0 && raw < cap {
        add_outer(h, k, g);
    }
    // PSD half of fc·∂²C/∂x² = (fc/C)(I − nnᵀ − ĝĝᵀ): the slip direction turns
    // as the particle moves across it.
    let s = fc / c;
    h[0] += s * (1.0 - n[0] * n[0] - g[0] * g[0]);
    h[1] += s * (-n[0] * n[1] - g[0] * g[1]);
    h[2] += s * (-n[0] * n[2] - g[0] * g[2]);
    h[3] += s * (1.0 - n[1] * n[1] - g[1] * g[1]);
    h[4] += s * (-n[1] * n[2] - g[1] * g[2]);
    h[5] += s * (1.0 - n[2] * n[2] - g[2] * g[2]);
}
