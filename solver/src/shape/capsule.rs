//! Capsule: the points within `r` of the segment `a`–`b` (local points).
//!
//! ```text
//!   t* = clamp((p − a)·(b − a) / ‖b − a‖², 0, 1)     closest segment parameter
//!   v  = p − (a + t*·(b − a))                         p minus its closest point
//!   d(p) = ‖v‖ − r            ∇d = v/‖v‖
//! ```
//!
//! Exact inside and out: the capsule is the union of the balls `B(c(t), r)`
//! along the segment, so `d = min_t ‖p − c(t)‖ − r`, and `t*` is that
//! minimiser. The three cases of the clamp are three branches: beyond `a`
//! (`v = p − a`), beyond `b` (`v = p − b`, not `(p − a) − (b − a)`, which
//! rounds twice), and the barrel, where `v` is `p − a` minus its axial part —
//! removed twice, because the first subtraction leaves rounding of
//! ~`2.2e-16·|y|` pointing anywhere, along the axis too.
//!
//! - **Zero-length segment** (`a == b`, or so short that `‖b − a‖²`
//!   underflows to 0): the first branch, `v = p − a` bit for bit, so the
//!   result is exactly [`super::sphere::sdf`] about `a`; no division by zero.
//! - **On the axis** (within [`super::ON_AXIS_TOLERANCE`] of it in the barrel,
//!   or exactly at an end centre): the gradient is undefined — every
//!   perpendicular is equally near. The normal is [`super::axis_perpendicular`]
//!   of `b − a` (+X for a capsule along Y); the distance is still `‖v‖ − r`.
//!   A zero-length capsule's centre gets [`super::FALLBACK_NORMAL`], as the
//!   sphere.

use super::{axis_perpendicular, check_point, check_radius, unit_or, Sdf, ShapeError, ON_AXIS_TOLERANCE};
use crate::pose::{dot, norm, scale, sub, Vec3};

#[inline(always)]
pub fn sdf(a: Vec3, b: Vec3, radius: f64, p: Vec3) -> Sdf {
    let ba = sub(b, a);
    let pa = sub(p, a);
    let len2 = dot(ba, ba);
    let along = dot(pa, ba); // = y·‖b − a‖
    let v = if len2 <= 0.0 || along <= 0.0 {
        pa
    } else if along >= len2 {
        sub(p, b)
    } else {
        // 0 < along < len2: the ratio is in (0, 1), even for a subnormal len2.
        let v = sub(pa, scale(ba, along / len2));
        let v = sub(v, scale(ba, dot(v, ba) / len2));
        // ‖v‖ ≤ tol·|y|, compared squared (no square root, no division).
        if dot(v, v) * len2 <= (ON_AXIS_TOLERANCE * along).powi(2) {
            return Sdf { distance: norm(v) - radius, normal: axis_perpendicular(ba) };
        }
        v
    };
    let len = norm(v);
    Sdf { distance: len - radius, normal: unit_or(v, len, || axis_perpendicular(ba)) }
}

pub fn bounds(a: Vec3, b: Vec3, radius: f64) -> (Vec3, Vec3) {
    let mut lo = [0.0; 3];
    let mut hi = [0.0; 3];
    for i in 0..3 {
        lo[i] = a[i].min(b[i]) - radius;
        hi[i] = a[i].max(b[i]) + radius;
    }
    (lo, hi)
}

pub fn validate(a: Vec3, b: Vec3, radius: f64) -> Result<(), ShapeError> {
    check_point("capsule end a", a)?;
    check_point("capsule end b", b)?;
    check_radius("capsule radius", radius)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{sphere, Shape, FALLBACK_NORMAL, MAX_LOCAL_EXTENT};
    use super::*;
    use crate::pose::{add, lerp};
    use crate::rng::SplitMix64;

    /// A few capsules of character-rig sizes, in arbitrary orientations.
    fn capsules() -> Vec<(Vec3, Vec3, f64)> {
        let mut rng = SplitMix64::new(20);
        let mut out = vec![
            ([0.0, -0.2, 0.0], [0.0, 0.2, 0.0], 0.05),
            ([0.1, 0.0, 0.0], [0.1, 0.0, 0.0], 0.07),
            ([0.0; 3], [0.2, 0.1, 0.0], 0.0),
        ];
        for _ in 0..6 {
            out.push((point_in_cube(&mut rng, 0.3), point_in_cube(&mut rng, 0.3), rng.range(0.02, 0.15)));
        }
        out
    }

    /// Reference: the capsule as a union of balls, `min_t ‖p − c(t)‖ − r`,
    /// minimised numerically (no projection, no clamp).
    fn reference(a: Vec3, b: Vec3, r: f64, p: Vec3) -> f64 {
        minimise_convex_on_unit(&|t| norm(sub(p, lerp(a, b, t)))) - r
    }

    #[test]
    fn capsule_distance_is_exact_inside_and_outside() {
        let mut worst: f64 = 0.0;
        let mut worst_residual: f64 = 0.0;
        for (i, (a, b, r)) in capsules().into_iter().enumerate() {
            let scale_m = norm(sub(b, a)) + r;
            let mut points = points_around(100 + i as u64, bounds(a, b, r), r.max(0.05), 2500);
            points.extend(points_near_segment(150 + i as u64, a, b, 1.5 * r + 0.01, 2500));
            let (inside, outside) = inside_outside(&|p| sdf(a, b, r, p), &points);
            assert!(r == 0.0 || inside > 100, "capsule {i}: {inside} inside");
            assert!(outside > 100);
            worst =
                worst.max(worst_relative(&|p| sdf(a, b, r, p).distance, &|p| reference(a, b, r, p), &points, scale_m));
            worst_residual = worst_residual.max(exact_field_residual(&|p| sdf(a, b, r, p), &points, scale_m));
        }
        eprintln!("capsule: exact {worst:e}, residual {worst_residual:e}");
        assert!(worst < 1e-14, "worst relative error {worst:e}");
        assert!(worst_residual < 1e-14, "exact-field residual {worst_residual:e}");
    }

    #[test]
    fn capsule_gradient_is_unit_and_matches_finite_differences() {
        for (i, (a, b, r)) in capsules().into_iter().enumerate() {
            let mut points = points_around(200 + i as u64, bounds(a, b, r), 0.05, 1000);
            points.extend(points_near_segment(250 + i as u64, a, b, 1.5 * r + 0.01, 1000));
            let (err, checked) = gradient_error(&|p| sdf(a, b, r, p), &points);
            assert!(checked > 1400, "capsule {i}: only {checked} smooth points");
            eprintln!("capsule {i}: gradient {err:e} over {checked}");
            assert!(err < 1e-8, "capsule {i}: gradient vs central differences {err:e}");
        }
    }

    #[test]
    fn zero_length_capsule_is_exactly_the_sphere() {
        let c = [0.1, -0.2, 0.3];
        let mut rng = SplitMix64::new(21);
        for _ in 0..2000 {
            let p = add(c, point_in_cube(&mut rng, 0.3));
            assert_eq!(sdf(c, c, 0.1, p), sphere::sdf(0.1, sub(p, c)));
        }
        // At the centre: −r and the sphere's fallback, no NaN.
        assert_eq!(sdf(c, c, 0.1, c), Sdf { distance: -0.1, normal: FALLBACK_NORMAL });
        // A segment so short its squared length underflows behaves the same.
        let b = add(c, [1e-170, 0.0, 0.0]);
        let s = sdf(c, b, 0.1, c);
        assert_eq!(s.distance, -0.1);
        assert_unit(s.normal, "underflowing segment");
    }

    #[test]
    fn points_on_the_axis_get_minus_radius_and_a_perpendicular_normal() {
        let (a, b, r) = ([0.0, -0.2, 0.0], [0.0, 0.2, 0.0], 0.05);
        for t in [0.0, 0.1, 0.5, 0.9, 1.0] {
            let s = sdf(a, b, r, lerp(a, b, t));
            assert_eq!(s.distance, -r);
            assert_eq!(s.normal, [1.0, 0.0, 0.0], "t = {t}");
        }
        // A tilted axis: points on it (up to the rounding of the lerp) get
        // −r and exactly the documented perpendicular.
        let (a, b) = ([0.1, 0.2, -0.3], [-0.2, 0.5, 0.1]);
        for t in [0.0, 1e-3, 0.25, 0.5, 0.999] {
            let s = sdf(a, b, r, lerp(a, b, t));
            assert!((s.distance + r).abs() < 1e-15);
            assert_eq!(s.normal, axis_perpendicular(sub(b, a)), "t = {t}");
        }
        // Just beyond the tolerance the radial direction is the true one,
        // perpendicular to the axis to rounding.
        let u = scale(sub(b, a), 1.0 / norm(sub(b, a)));
        let w = crate::pose::cross(u, axis_perpendicular(u));
        for off in [1e-9, 1e-6, 1e-3] {
            let s = sdf(a, b, r, add(lerp(a, b, 0.5), scale(w, off)));
            assert!(norm(sub(s.normal, w)) < 1e-6, "offset {off}: {:?}", s.normal);
            assert!(dot(s.normal, u).abs() < 1e-15);
        }
        // Beyond the ends on the axis the normal is the axis itself.
        let s = sdf([0.0, -0.2, 0.0], [0.0, 0.2, 0.0], r, [0.0, 0.5, 0.0]);
        assert!((s.distance - (0.3 - r)).abs() < 1e-15);
        assert!(norm(sub(s.normal, [0.0, 1.0, 0.0])) < 1e-15);
    }

    #[test]
    fn capsule_rejects_bad_parameters() {
        let ok = [0.0, 0.1, 0.0];
        assert_eq!(
            Shape::capsule(ok, ok, -0.01),
            Err(ShapeError::NegativeRadius { what: "capsule radius", radius: -0.01 })
        );
        assert_eq!(Shape::capsule(ok, ok, f64::NAN), Err(ShapeError::NonFinite { what: "capsule radius" }));
        assert_eq!(Shape::capsule([f64::NAN, 0.0, 0.0], ok, 0.1), Err(ShapeError::NonFinite { what: "capsule end a" }));
        assert_eq!(
            Shape::capsule(ok, [0.0, f64::INFINITY, 0.0], 0.1),
            Err(ShapeError::NonFinite { what: "capsule end b" })
        );
        let far = -3.0 * MAX_LOCAL_EXTENT;
        assert_eq!(
            Shape::capsule(ok, [0.0, 0.0, far], 0.1),
            Err(ShapeError::TooLarge { what: "capsule end b", value: far })
        );
        assert_eq!(Shape::capsule(ok, ok, 0.0), Ok(Shape::Capsule { a: ok, b: ok, radius: 0.0 }));
    }
}
