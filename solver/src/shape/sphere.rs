//! Sphere: the ball of radius `r` centred at the local origin.
//!
//! ```text
//!   d(p) = ‖p‖ − r            ∇d = p/‖p‖
//! ```
//!
//! Exact inside and out. At the centre every direction is equally near the
//! surface and the gradient is undefined: the normal is
//! [`super::FALLBACK_NORMAL`] (+Y). `r = 0` is a point, still a field (the
//! contact offset gives it thickness).

use super::{check_radius, unit_or, Sdf, ShapeError, FALLBACK_NORMAL};
use crate::pose::{norm, Vec3};

#[inline(always)]
pub fn sdf(radius: f64, p: Vec3) -> Sdf {
    let len = norm(p);
    Sdf { distance: len - radius, normal: unit_or(p, len, || FALLBACK_NORMAL) }
}

pub fn bounds(radius: f64) -> (Vec3, Vec3) {
    ([-radius; 3], [radius; 3])
}

pub fn validate(radius: f64) -> Result<(), ShapeError> {
    check_radius("sphere radius", radius)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{Shape, MAX_LOCAL_EXTENT};
    use super::*;
    use crate::pose::scale;
    use crate::rng::SplitMix64;

    const R: f64 = 0.3;

    #[test]
    fn sphere_distance_is_exact_inside_and_outside() {
        let points = points_around(1, bounds(R), R, 20_000);
        let (inside, outside) = inside_outside(&|p| sdf(R, p), &points);
        assert!(inside > 1000 && outside > 1000);
        // Reference: the Euclidean length by nested hypot (no squares summed).
        let err = worst_relative(&|p| sdf(R, p).distance, &|p| p[0].hypot(p[1]).hypot(p[2]) - R, &points, R);
        eprintln!("sphere: exact {err:e}");
        assert!(err < 1e-15, "worst relative error {err:e}");
        let residual = exact_field_residual(&|p| sdf(R, p), &points, R);
        eprintln!("sphere: residual {residual:e}");
        assert!(residual < 1e-14, "exact-field residual {residual:e}");
    }

    #[test]
    fn sphere_gradient_is_unit_and_matches_finite_differences() {
        let points = points_around(2, bounds(R), R, 5000);
        let (err, checked) = gradient_error(&|p| sdf(R, p), &points);
        assert!(checked > 4900, "only {checked} smooth points");
        eprintln!("sphere: gradient {err:e} over {checked}");
        assert!(err < 1e-8, "gradient vs central differences: {err:e}");
    }

    #[test]
    fn sphere_centre_gives_minus_radius_and_the_fallback_normal() {
        assert_eq!(sdf(R, [0.0; 3]), Sdf { distance: -R, normal: FALLBACK_NORMAL });
        // Just off the centre the normal is the direction away from it.
        let s = sdf(R, [0.0, 0.0, -1e-100]);
        assert_eq!(s.normal, [0.0, 0.0, -1.0]);
    }

    #[test]
    fn zero_radius_sphere_is_the_distance_to_a_point() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..1000 {
            let p = point_in_cube(&mut rng, 1.0);
            let s = sdf(0.0, p);
            assert_eq!(s.distance, norm(p));
            assert_unit(s.normal, "zero radius");
            assert!(norm(crate::pose::sub(s.normal, scale(p, 1.0 / norm(p)))) < 1e-15);
        }
    }

    #[test]
    fn sphere_rejects_bad_radii() {
        assert_eq!(Shape::sphere(-0.1), Err(ShapeError::NegativeRadius { what: "sphere radius", radius: -0.1 }));
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(Shape::sphere(bad), Err(ShapeError::NonFinite { what: "sphere radius" }));
        }
        let huge = 2.0 * MAX_LOCAL_EXTENT;
        assert_eq!(Shape::sphere(huge), Err(ShapeError::TooLarge { what: "sphere radius", value: huge }));
        assert_eq!(Shape::sphere(0.0), Ok(Shape::Sphere { radius: 0.0 }));
        assert!(Shape::Sphere { radius: -1.0 }.validate().is_err());
    }
}
