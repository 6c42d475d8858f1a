//! Friction: a spring to a stick point with every contact, yielding at
//! Coulomb's cap (DESIGN §4; record §18).
//!
//! ```text
//!   t = tangential part of (x − stick point),  C = ‖t‖,  ĝ = t/C
//!   f = −min(k·C, μ·f_n)·ĝ     k the contact's stiffness, f_n its normal
//!                               force of *this* iteration
//! ```
//!
//! The stick point is set where the particle first touches, in the
//! collider's frame. While the spring pulls with less than the cap it stays
//! put, and the particle sticks within `μ·f_n/k` of it. When a substep ends
//! with the spring past the cap the particle is sliding, and the stick point
//! follows it to `μ·f_n/k` behind (`contact::dual`): the elasto-plastic
//! friction model (Dupont et al. 2002, "Single state elastoplastic friction
//! models").
//!
//! The spring has no multiplier: one on `C = ‖t‖ ≥ 0` only grows in the dual
//! update, so it would keep a resting particle pulled toward its stick point
//! from whichever side its slip last pointed (`MEASUREMENTS.md`, "A
//! tablecloth that trembles"). C is the slip *magnitude*, so no tangent
//! basis is chosen.

use crate::contact::add_outer;
use crate::pose::{self, Vec3};

/// Adds the friction spring of a contact with normal `n` to `(f, h)`; `cap`
/// is `μ·f_n`.
pub fn term(x: Vec3, stick: Vec3, n: Vec3, cap: f64, k: f64, f: &mut Vec3, h: &mut [f64; 6]) {
    let slip = pose::sub(x, stick);
    let t = pose::sub(slip, pose::scale(n, pose::dot(slip, n)));
    let c = pose::norm(t);
    // Written to fail on NaN: a NaN slip or cap (a state already going
    // non-finite, which the watchdog resets at the step's end) adds nothing.
    if !(c > 1e-12 && cap > 0.0) {
        return;
    }
    let g = pose::scale(t, 1.0 / c);
    let pull = k * c;
    let fc = pull.min(cap);
    *f = pose::sub(*f, pose::scale(g, fc));
    if pull < cap {
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
