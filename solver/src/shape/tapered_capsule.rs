//! Tapered capsule ("round cone"): the convex hull of the ball `A` (centre
//! `a`, radius `ra`) and the ball `B` (centre `b`, radius `rb`) — two end
//! spheres joined by their tangent cone, what character rigs use for limbs.
//!
//! **Derivation.** The hull is the union of the balls
//! `B(c(t), r(t))`, `c(t) = a + t(b − a)`, `r(t) = ra + t(rb − ra)`,
//! `t ∈ [0, 1]`: the hull of two convex sets is `∪_t (1−t)A + tB`, and a
//! Minkowski combination of balls is a ball. Hence, exactly,
//!
//! ```text
//!   d(p) = min_{t∈[0,1]} f(t),   f(t) = ‖p − c(t)‖ − r(t)
//! ```
//!
//! outside (the distance to a union is the least distance to a member) and
//! inside too: every member's depth `r(t) − ‖p − c(t)‖` is at most the depth
//! in the hull, and the member tangent to the hull at `p`'s nearest boundary
//! point attains it. (The shortcut that evaluates `f` at the *projection* of
//! `p` on the segment is what is not exact; the minimum over `t` is.)
//!
//! `f` is convex, so its minimiser is the clamped stationary point. Reduce to
//! the meridian half-plane: `L = ‖b − a‖`, `u = (b − a)/L`, `y = (p − a)·u`,
//! `x = ‖(p − a) − y·u‖ ≥ 0`, and `f(t) = √(x² + (y − tL)²) − ra + t(ra − rb)`.
//! With `s = (ra − rb)/L` and `c = √(1 − s²)`, `f′(t) = 0` reads
//! `(y − tL)/ρ = s` with `ρ = √(x² + (y − tL)²)`, so `x = cρ`, and
//!
//! ```text
//!   t* = k/(cL),   k = c·y − s·x        (the position along the cone's side)
//!   k < 0      →  t = 0, ball A:   d = ‖p − a‖ − ra,   ∇d = (p − a)/‖p − a‖
//!   k > cL     →  t = 1, ball B:   d = ‖p − b‖ − rb,   ∇d = (p − b)/‖p − b‖
//!   otherwise  →  the cone:        d = c·x + s·y − ra, ∇d = c·x̂ + s·u
//! ```
//!
//! (substituting `ρ = x/c`, `y − t*L = s·x/c`). `(c, s)` is the outward normal
//! of the tangent line in the half-plane: `n·(0, L) + rb = n·(0, 0) + ra`
//! gives `n_y = s`; the tangent points sit at `k = 0` and `k = cL`. This is
//! Quilez's round-cone distance (iquilezles.org/articles/distfunctions, "Round
//! Cone"), which the tests check alongside the `min_t` form and a dense
//! sampling of the hull's surface. `c` is computed as `√((L − Δ)(L + Δ))/L`
//! (Δ = ra − rb), which does not lose the small `c` of a steep taper to `1 − s²`.
//!
//! **Decisions.**
//! - One ball holding the other (`L ≤ |ra − rb|`, including `a == b`): the
//!   hull *is* the bigger ball, and the tangent cone does not exist (`s ≥ 1`).
//!   Accepted, and evaluated exactly as [`super::sphere::sdf`] about the
//!   bigger ball's centre (ties: `A`): a rig whose bone shrinks to zero length
//!   keeps a valid collider instead of failing mid-animation. Just short of
//!   containment the field tends continuously to that sphere.
//! - `ra == rb` is the plain capsule (`s = 0`, `c = 1`).
//! - Undefined gradients: on the axis inside the cone band (within
//!   [`super::ON_AXIS_TOLERANCE`]·|y| of it: the radial vector is rounding
//!   noise there, along `u` too, and would make `c·x̂ + s·u` non-unit), the
//!   radial direction `x̂` is [`super::axis_perpendicular`] of `u` (the normal
//!   is then `c·x̂ + s·u`, unit); at an end centre in its ball's region (only
//!   reachable through rounding), `−u` for `A` and `+u` for `B` — outward
//!   along the axis.
//! - Negative or non-finite radii are errors; zero radii are accepted (`ra =
//!   rb = 0` is a segment).

use super::{axis_perpendicular, check_point, check_radius, sphere, unit_or, Sdf, ShapeError, ON_AXIS_TOLERANCE};
use crate::pose::{add, dot, norm, scale, sub, Vec3};

#[inline(always)]
pub fn sdf(a: Vec3, ra: f64, b: Vec3, rb: f64, p: Vec3) -> Sdf {
    let ba = sub(b, a);
    let len = norm(ba);
    let delta = ra - rb;
    if len <= delta.abs() {
        return if ra >= rb { sphere::sdf(ra, sub(p, a)) } else { sphere::sdf(rb, sub(p, b)) };
    }
    // len > |delta| ≥ 0, so u, s and c are finite and s ∈ (−1, 1).
    let u = scale(ba, 1.0 / len);
    let s = delta / len;
    let c = ((len - delta) * (len + delta)).sqrt() / len;
    let pa = sub(p, a);
    let y = dot(pa, u);
    let radial = sub(pa, scale(u, y));
    let x = norm(radial);
    let k = c * y - s * x;
    if k < 0.0 {
        let l = norm(pa);
        Sdf { distance: l - ra, normal: unit_or(pa, l, || scale(u, -1.0)) }
    } else if k > c * len {
        let pb = sub(p, b);
        let l = norm(pb);
        Sdf { distance: l - rb, normal: unit_or(pb, l, || u) }
    } else {
        // x̂ must be perpendicular to u for c·x̂ + s·u to be unit: `radial`
        // carries ~2.2e-16·|y| of rounding in any direction, so near the
        // axis it is replaced, and elsewhere projected once more.
        let x_hat = if x <= ON_AXIS_TOLERANCE * y.abs() {
            axis_perpendicular(u)
        } else {
            let r = sub(radial, scale(u, dot(radial, u)));
            unit_or(r, norm(r), || axis_perpendicular(u))
        };
        Sdf { distance: c * x + s * y - ra, normal: add(scale(x_hat, c), scale(u, s)) }
    }
}

/// The box of both end balls: the hull's bounds are its extreme points',
/// which lie on the balls (also right when one ball holds the other).
pub fn bounds(a: Vec3, ra: f64, b: Vec3, rb: f64) -> (Vec3, Vec3) {
    let mut lo = [0.0; 3];
    let mut hi = [0.0; 3];
    for i in 0..3 {
        lo[i] = (a[i] - ra).min(b[i] - rb);
        hi[i] = (a[i] + ra).max(b[i] + rb);
    }
    (lo, hi)
}

pub fn validate(a: Vec3, ra: f64, b: Vec3, rb: f64) -> Result<(), ShapeError> {
    check_point("tapered capsule end a", a)?;
    check_point("tapered capsule end b", b)?;
    check_radius("tapered capsule radius ra", ra)?;
    check_radius("tapered capsule radius rb", rb)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{capsule, Shape, MAX_LOCAL_EXTENT};
    use super::*;
    use crate::pose::lerp;
    use crate::rng::SplitMix64;

    /// Limb-like tapers (both directions, steep and gentle, a zero end) in
    /// arbitrary orientations.
    fn tapers() -> Vec<(Vec3, f64, Vec3, f64)> {
        let mut rng = SplitMix64::new(30);
        let mut out = vec![
            ([0.0, 0.0, 0.0], 0.08, [0.0, 0.4, 0.0], 0.04),
            ([0.0, 0.0, 0.0], 0.03, [0.3, 0.1, -0.1], 0.09),
            ([0.1, 0.0, 0.0], 0.15, [0.1, 0.0, 0.2], 0.0),
            // steep: L only 5 % longer than ra − rb
            ([0.0, 0.0, 0.0], 0.2, [0.0, 0.0, 0.105], 0.1),
        ];
        for _ in 0..6 {
            out.push((
                point_in_cube(&mut rng, 0.3),
                rng.range(0.0, 0.12),
                point_in_cube(&mut rng, 0.3),
                rng.range(0.0, 0.12),
            ));
        }
        out
    }

    fn scale_of(a: Vec3, ra: f64, b: Vec3, rb: f64) -> f64 {
        norm(sub(b, a)) + ra.max(rb)
    }

    /// Reference 1: the union-of-balls definition `min_t ‖p − c(t)‖ − r(t)`,
    /// minimised numerically — no tangent, no regions.
    fn min_over_t(a: Vec3, ra: f64, b: Vec3, rb: f64, p: Vec3) -> f64 {
        minimise_convex_on_unit(&|t| norm(sub(p, lerp(a, b, t))) - (ra + t * (rb - ra)))
    }

    /// Reference 2: Quilez's single-square-root form of the round cone in 3D
    /// (different algebra: no unit axis, no half-plane angle), valid when
    /// neither ball holds the other.
    fn quilez(a: Vec3, r1: f64, b: Vec3, r2: f64, p: Vec3) -> f64 {
        let glsl_sign = |v: f64| {
            if v > 0.0 {
                1.0
            } else if v < 0.0 {
                -1.0
            } else {
                0.0
            }
        };
        let ba = sub(b, a);
        let l2 = dot(ba, ba);
        let rr = r1 - r2;
        let a2 = l2 - rr * rr;
        let il2 = 1.0 / l2;
        let pa = sub(p, a);
        let y = dot(pa, ba);
        let z = y - l2;
        let w = sub(scale(pa, l2), scale(ba, y));
        let x2 = dot(w, w);
        let y2 = y * y * l2;
        let z2 = z * z * l2;
        let k = glsl_sign(rr) * rr * rr * x2;
        if glsl_sign(z) * a2 * z2 > k {
            return (x2 + z2).sqrt() * il2 - r2;
        }
        if glsl_sign(y) * a2 * y2 < k {
            return (x2 + y2).sqrt() * il2 - r1;
        }
        ((x2 * a2 * il2).sqrt() + y * rr) * il2 - r1
    }

    #[test]
    fn tapered_distance_matches_the_union_of_balls_and_the_closed_form() {
        let (mut worst_min, mut worst_quilez, mut worst_residual) = (0.0f64, 0.0f64, 0.0f64);
        for (i, (a, ra, b, rb)) in tapers().into_iter().enumerate() {
            let scale_m = scale_of(a, ra, b, rb);
            let f = |p| sdf(a, ra, b, rb, p);
            let mut points = points_around(300 + i as u64, bounds(a, ra, b, rb), 0.1, 2500);
            points.extend(points_near_segment(350 + i as u64, a, b, 1.5 * ra.max(rb) + 0.01, 2500));
            let (inside, outside) = inside_outside(&f, &points);
            assert!(inside > 100 && outside > 100, "taper {i}: {inside} in, {outside} out");
            let d = |p| f(p).distance;
            worst_min = worst_min.max(worst_relative(&d, &|p| min_over_t(a, ra, b, rb, p), &points, scale_m));
            worst_quilez = worst_quilez.max(worst_relative(&d, &|p| quilez(a, ra, b, rb, p), &points, scale_m));
            worst_residual = worst_residual.max(exact_field_residual(&f, &points, scale_m));
        }
        eprintln!("taper: vs min_t {worst_min:e}, vs Quilez {worst_quilez:e}, residual {worst_residual:e}");
        assert!(worst_min < 1e-14, "vs min over t: {worst_min:e}");
        assert!(worst_quilez < 1e-14, "vs Quilez: {worst_quilez:e}");
        assert!(worst_residual < 1e-14, "exact-field residual {worst_residual:e}");
    }

    /// Surface points of the hull: the support point in every direction `n`
    /// (on `A` when `n·u ≤ s`, else on `B`) over a Fibonacci sphere, plus the
    /// cone's straight lines between the two tangent circles.
    fn hull_surface(a: Vec3, ra: f64, b: Vec3, rb: f64, directions: usize, ring: usize, along: usize) -> Vec<Vec3> {
        let len = norm(sub(b, a));
        let u = scale(sub(b, a), 1.0 / len);
        let s = (ra - rb) / len;
        let c = (1.0 - s * s).sqrt();
        let mut out = Vec::new();
        let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
        for j in 0..directions {
            let z = 1.0 - 2.0 * (j as f64 + 0.5) / directions as f64;
            let r = (1.0 - z * z).sqrt();
            let phi = golden * j as f64;
            let n = [r * phi.cos(), r * phi.sin(), z];
            out.push(if dot(n, u) <= s { add(a, scale(n, ra)) } else { add(b, scale(n, rb)) });
        }
        let e1 = axis_perpendicular(u);
        let e2 = crate::pose::cross(u, e1);
        for j in 0..ring {
            let phi = 2.0 * std::f64::consts::PI * j as f64 / ring as f64;
            let w = add(scale(e1, phi.cos()), scale(e2, phi.sin()));
            let n = add(scale(w, c), scale(u, s));
            for m in 0..=along {
                let t = m as f64 / along as f64;
                out.push(lerp(add(a, scale(n, ra)), add(b, scale(n, rb)), t));
            }
        }
        out
    }

    /// Brute force over a dense sampling of the hull's surface: no sample may
    /// be nearer than `|d|` (one-sided, exact up to rounding — samples lie on
    /// the surface), and the nearest is within the sampling's resolution.
    #[test]
    fn tapered_distance_agrees_with_a_dense_surface_sampling() {
        let mut worst_gap: f64 = 0.0;
        for (i, (a, ra, b, rb)) in tapers().into_iter().take(4).enumerate() {
            let surface = hull_surface(a, ra, b, rb, 200_000, 1440, 400);
            let mut points = points_around(400 + i as u64, bounds(a, ra, b, rb), 0.05, 50);
            points.extend(points_near_segment(450 + i as u64, a, b, 1.5 * ra.max(rb) + 0.01, 50));
            for p in points {
                let d = sdf(a, ra, b, rb, p).distance.abs();
                let nearest = surface.iter().map(|&z| norm(sub(p, z))).fold(f64::INFINITY, f64::min);
                assert!(nearest >= d - 1e-12, "taper {i}: a surface sample at {nearest} is nearer than |d| = {d}");
                worst_gap = worst_gap.max(nearest - d);
            }
        }
        eprintln!("taper: dense sampling gap {worst_gap:e}");
        assert!(worst_gap < 5e-4, "sampling gap {worst_gap:e} m");
    }

    #[test]
    fn tapered_gradient_is_unit_and_matches_finite_differences() {
        for (i, (a, ra, b, rb)) in tapers().into_iter().enumerate() {
            let mut points = points_around(500 + i as u64, bounds(a, ra, b, rb), 0.05, 1000);
            points.extend(points_near_segment(550 + i as u64, a, b, 1.5 * ra.max(rb) + 0.01, 1000));
            let (err, checked) = gradient_error(&|p| sdf(a, ra, b, rb, p), &points);
            assert!(checked > 1700, "taper {i}: only {checked} smooth points");
            eprintln!("taper {i}: gradient {err:e} over {checked}");
            assert!(err < 1e-8, "taper {i}: gradient vs central differences {err:e}");
        }
    }

    #[test]
    fn equal_radii_give_the_plain_capsule() {
        let mut rng = SplitMix64::new(31);
        let mut worst: f64 = 0.0;
        for _ in 0..20 {
            let (a, b, r) = (point_in_cube(&mut rng, 0.3), point_in_cube(&mut rng, 0.3), rng.range(0.0, 0.1));
            for _ in 0..500 {
                let p = point_in_cube(&mut rng, 0.5);
                let (t, c) = (sdf(a, r, b, r, p), capsule::sdf(a, b, r, p));
                worst = worst.max((t.distance - c.distance).abs());
                if c.distance.abs() > 1e-9 && norm(sub(p, a)) > 1e-6 && norm(sub(p, b)) > 1e-6 {
                    assert!(norm(sub(t.normal, c.normal)) < 1e-9, "normals differ at {p:?}");
                }
            }
        }
        eprintln!("taper: equal radii vs capsule {worst:e}");
        assert!(worst < 1e-15, "tapered(r, r) vs capsule: {worst:e}");
    }

    #[test]
    fn a_ball_holding_the_other_is_exactly_the_bigger_sphere() {
        let mut rng = SplitMix64::new(32);
        for _ in 0..2000 {
            let p = point_in_cube(&mut rng, 0.5);
            let (a, b) = ([0.0, 0.0, 0.0], [0.05, 0.0, 0.0]);
            assert_eq!(sdf(a, 0.2, b, 0.1, p), sphere::sdf(0.2, p));
            assert_eq!(sdf(a, 0.1, b, 0.2, p), sphere::sdf(0.2, sub(p, b)));
            // exactly internally tangent (L = ra − rb) counts as held
            assert_eq!(sdf(a, 0.15, b, 0.1, p), sphere::sdf(0.15, p));
            // coincident centres, equal radii: the sphere about a
            assert_eq!(sdf(b, 0.1, b, 0.1, p), sphere::sdf(0.1, sub(p, b)));
        }
        // centre of a zero-length one: −r and the sphere's fallback
        assert_eq!(sdf([0.0; 3], 0.1, [0.0; 3], 0.1, [0.0; 3]).normal, super::super::FALLBACK_NORMAL);
    }

    #[test]
    fn nearly_held_ball_tends_to_the_bigger_sphere() {
        let mut rng = SplitMix64::new(33);
        for gap in [1e-3, 1e-6, 1e-9, 1e-12] {
            let b = [0.0, 0.0, 0.1 * (1.0 + gap)];
            for _ in 0..1000 {
                let p = point_in_cube(&mut rng, 0.5);
                let s = sdf([0.0; 3], 0.2, b, 0.1, p);
                assert!((s.distance - sphere::sdf(0.2, p).distance).abs() <= 0.1 * gap * 2.0 + 1e-15, "gap {gap}");
                assert_unit(s.normal, "nearly held");
            }
        }
    }

    #[test]
    fn points_on_the_axis_and_at_the_centres_are_finite_and_unit() {
        for (a, ra, b, rb) in tapers() {
            for t in [-0.5, 0.0, 0.3, 0.5, 1.0, 1.5] {
                let p = lerp(a, b, t);
                let s = sdf(a, ra, b, rb, p);
                assert!(s.distance.is_finite());
                assert_unit(s.normal, "on the axis");
                assert!((s.distance - min_over_t(a, ra, b, rb, p)).abs() < 1e-13);
            }
        }
        // An axis-aligned cone: the on-axis normal is exactly c·x̂ + s·u with
        // x̂ = axis_perpendicular(u) = +X.
        let s = sdf([0.0; 3], 0.08, [0.0, 0.4, 0.0], 0.04, [0.0, 0.2, 0.0]);
        let (sn, c) = (0.1, (1.0f64 - 0.01).sqrt());
        assert!(norm(sub(s.normal, [c, sn, 0.0])) < 1e-15, "{:?}", s.normal);
        assert!((s.distance - (sn * 0.2 - 0.08)).abs() < 1e-16);
    }

    #[test]
    fn tapered_capsule_rejects_bad_parameters() {
        let (a, b) = ([0.0; 3], [0.0, 0.3, 0.0]);
        assert_eq!(
            Shape::tapered_capsule(a, -0.1, b, 0.05),
            Err(ShapeError::NegativeRadius { what: "tapered capsule radius ra", radius: -0.1 })
        );
        assert_eq!(
            Shape::tapered_capsule(a, 0.1, b, -0.05),
            Err(ShapeError::NegativeRadius { what: "tapered capsule radius rb", radius: -0.05 })
        );
        assert_eq!(
            Shape::tapered_capsule(a, f64::INFINITY, b, 0.05),
            Err(ShapeError::NonFinite { what: "tapered capsule radius ra" })
        );
        assert_eq!(
            Shape::tapered_capsule(a, 0.1, b, f64::NAN),
            Err(ShapeError::NonFinite { what: "tapered capsule radius rb" })
        );
        assert_eq!(
            Shape::tapered_capsule([0.0, f64::NAN, 0.0], 0.1, b, 0.05),
            Err(ShapeError::NonFinite { what: "tapered capsule end a" })
        );
        assert_eq!(
            Shape::tapered_capsule(a, 0.1, [f64::NEG_INFINITY, 0.0, 0.0], 0.05),
            Err(ShapeError::NonFinite { what: "tapered capsule end b" })
        );
        let big = 1.5 * MAX_LOCAL_EXTENT;
        assert_eq!(
            Shape::tapered_capsule(a, 0.1, b, big),
            Err(ShapeError::TooLarge { what: "tapered capsule radius rb", value: big })
        );
        // Held balls and zero radii are accepted (see the module docs).
        assert!(Shape::tapered_capsule(a, 0.5, b, 0.1).is_ok());
        assert!(Shape::tapered_capsule(a, 0.0, b, 0.0).is_ok());
        assert!(Shape::TaperedCapsule { a, ra: 0.1, b, rb: -1.0 }.validate().is_err());
    }
}
