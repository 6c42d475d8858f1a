//! Cuboid: the box `|p_i| ≤ h_i` centred at the local origin, its edges and
//! corners optionally rounded by `r` (0 = sharp). The half-extents `h` are
//! the **outer** ones: the rounded box is the inner box `h − r` grown by `r`
//! (a Minkowski sum with a ball), so rounding never grows the collider.
//!
//! ```text
//!   q_i = |p_i| − (h_i − r)          signed distance to the inner box's slabs
//!   outside the inner box (some q_i > 0):
//!       d = ‖max(q, 0)‖ − r          ∇d = sign(p) ∘ max(q, 0) / ‖max(q, 0)‖
//!   inside it (every q_i ≤ 0):
//!       d = max_i q_i − r = max_i (|p_i| − h_i)     ∇d = sign(p_k)·e_k,
//!       k = argmax_i q_i
//! ```
//!
//! Exact on both sides: outside the inner box the distance to a Minkowski
//! sum is the distance to the inner box minus `r`, and `‖max(q, 0)‖` is the
//! distance to a box (the clamped per-axis excess). Inside the inner box the
//! nearest boundary is a flat face — the rounded parts lie beyond the face
//! planes' corners — so `d` is minus the distance to the nearest face. (The
//! common one-line form `‖max(q,0)‖ + min(max_i q_i, 0) − r` is the same
//! field; the branch lets each side also return its own gradient.)
//!
//! **Undefined gradients**: inside, where two or more faces are equally near
//! (the inner box's medial planes, the centre), `k` is the lowest such axis,
//! and a zero coordinate takes the `+` face: the centre of a cube returns +X.
//! Outside, `p_i ≠ 0` wherever `q_i > 0`, so the signs are always defined.
//!
//! **Decisions**: zero half-extents are accepted (a rectangle, a segment, a
//! point — fields still, the contact offset gives them thickness); negative
//! or non-finite ones, and a corner radius above the smallest half-extent
//! (the inner box would turn inside out), are errors. `r = min_i h_i` is
//! accepted: a cube with `r = h` is the sphere of radius `h`.

use super::{check_length, check_radius, unit_or, Sdf, ShapeError};
use crate::pose::{norm, Vec3};

#[inline(always)]
pub fn sdf(half_extents: Vec3, corner_radius: f64, p: Vec3) -> Sdf {
    let q = [0, 1, 2].map(|i| p[i].abs() - (half_extents[i] - corner_radius));
    let mut k = 0;
    for i in 1..3 {
        if q[i] > q[k] {
            k = i;
        }
    }
    let face = || {
        let mut n = [0.0; 3];
        n[k] = if p[k] < 0.0 { -1.0 } else { 1.0 };
        n
    };
    if q[k] > 0.0 {
        let excess = [0, 1, 2].map(|i| q[i].max(0.0).copysign(p[i]));
        let len = norm(excess);
        // `len` underflows to 0 only within ~1e-154 m of the inner box, where
        // the nearest face's normal is as good as any.
        Sdf { distance: len - corner_radius, normal: unit_or(excess, len, face) }
    } else {
        Sdf { distance: q[k] - corner_radius, normal: face() }
    }
}

pub fn bounds(half_extents: Vec3, _corner_radius: f64) -> (Vec3, Vec3) {
    (half_extents.map(|h| -h), half_extents)
}

pub fn validate(half_extents: Vec3, corner_radius: f64) -> Result<(), ShapeError> {
    for (axis, &h) in half_extents.iter().enumerate() {
        check_length("cuboid half extent", h)?;
        if h < 0.0 {
            return Err(ShapeError::NegativeHalfExtent { axis, value: h });
        }
    }
    check_radius("cuboid corner radius", corner_radius)?;
    let max = half_extents[0].min(half_extents[1]).min(half_extents[2]);
    if corner_radius > max {
        return Err(ShapeError::CornerRadiusTooLarge { radius: corner_radius, max });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{sphere, Shape, MAX_LOCAL_EXTENT};
    use super::*;
    use crate::pose::sub;
    use crate::rng::SplitMix64;

    fn boxes() -> Vec<(Vec3, f64)> {
        vec![
            ([0.2, 0.1, 0.3], 0.0),
            ([0.2, 0.1, 0.3], 0.02),
            ([0.2, 0.1, 0.3], 0.1),
            ([0.5, 0.5, 0.5], 0.25),
            ([0.3, 0.0, 0.2], 0.0),
            ([1.0, 0.05, 0.4], 0.01),
        ]
    }

    /// Reference, by a different route: outside the inner box, the distance
    /// to its clamp of `p` (the nearest point of a box) minus `r`; inside it,
    /// minus the distance to the nearest of the six outer face planes.
    fn reference(h: Vec3, r: f64, p: Vec3) -> f64 {
        let inner = [0, 1, 2].map(|i| h[i] - r);
        let nearest = [0, 1, 2].map(|i| p[i].clamp(-inner[i], inner[i]));
        if nearest != p {
            norm(sub(p, nearest)) - r
        } else {
            -(0..3).flat_map(|i| [h[i] - p[i], h[i] + p[i]]).fold(f64::INFINITY, f64::min)
        }
    }

    #[test]
    fn cuboid_distance_is_exact_inside_and_outside() {
        let (mut worst, mut worst_residual) = (0.0f64, 0.0f64);
        for (i, (h, r)) in boxes().into_iter().enumerate() {
            let scale_m = norm(h);
            let f = |p| sdf(h, r, p);
            let points = points_around(600 + i as u64, bounds(h, r), 0.1, 10_000);
            let (inside, outside) = inside_outside(&f, &points);
            assert!(outside > 1000 && (h[1] == 0.0 || inside > 1000), "box {i}: {inside} in, {outside} out");
            worst = worst.max(worst_relative(&|p| f(p).distance, &|p| reference(h, r, p), &points, scale_m));
            worst_residual = worst_residual.max(exact_field_residual(&f, &points, scale_m));
        }
        eprintln!("cuboid: exact {worst:e}, residual {worst_residual:e}");
        assert!(worst < 1e-15, "worst relative error {worst:e}");
        assert!(worst_residual < 1e-14, "exact-field residual {worst_residual:e}");
    }

    #[test]
    fn inside_distance_is_minus_the_nearest_face() {
        let h = [0.2, 0.1, 0.3];
        let mut rng = SplitMix64::new(61);
        for _ in 0..5000 {
            let p = [0, 1, 2].map(|i| rng.range(-h[i], h[i]));
            let s = sdf(h, 0.0, p);
            let faces = [h[0] - p[0].abs(), h[1] - p[1].abs(), h[2] - p[2].abs()];
            assert_eq!(s.distance, -faces.iter().copied().fold(f64::INFINITY, f64::min));
            // the normal names that face
            let k = s.normal.iter().position(|c| *c != 0.0).unwrap();
            assert_eq!(faces[k], -s.distance);
            assert_eq!(s.normal[k], p[k].signum());
        }
    }

    #[test]
    fn cuboid_gradient_is_unit_and_matches_finite_differences() {
        for (i, (h, r)) in boxes().into_iter().enumerate() {
            let points = points_around(700 + i as u64, bounds(h, r), 0.1, 3000);
            let (err, checked) = gradient_error(&|p| sdf(h, r, p), &points);
            assert!(checked > 2400, "box {i}: only {checked} smooth points");
            eprintln!("box {i}: gradient {err:e} over {checked}");
            assert!(err < 1e-8, "box {i}: gradient vs central differences {err:e}");
        }
    }

    #[test]
    fn zero_corner_radius_is_the_sharp_box() {
        let h = [0.2, 0.1, 0.3];
        let mut rng = SplitMix64::new(62);
        for _ in 0..5000 {
            let p = point_in_cube(&mut rng, 0.5);
            // sharp reference: Euclidean distance to the clamp outside (edges
            // and corners included), minus the nearest face inside.
            let c = [0, 1, 2].map(|i| p[i].clamp(-h[i], h[i]));
            let sharp =
                if c != p { norm(sub(p, c)) } else { -(0..3).map(|i| h[i] - p[i].abs()).fold(f64::INFINITY, f64::min) };
            assert!((sdf(h, 0.0, p).distance - sharp).abs() <= 1e-16, "{p:?}");
            // and a tiny rounding moves the field by at most the radius
            assert!((sdf(h, 1e-9, p).distance - sharp).abs() <= 1e-9 * (3f64.sqrt() - 1.0) + 1e-16);
        }
    }

    #[test]
    fn fully_rounded_cube_is_the_sphere() {
        let mut rng = SplitMix64::new(63);
        for _ in 0..2000 {
            let p = point_in_cube(&mut rng, 1.0);
            let (b, s) = (sdf([0.4; 3], 0.4, p), sphere::sdf(0.4, p));
            assert!((b.distance - s.distance).abs() < 1e-16);
            assert!(norm(sub(b.normal, s.normal)) < 1e-15);
        }
    }

    #[test]
    fn medial_points_get_the_documented_face() {
        assert_eq!(sdf([0.3; 3], 0.0, [0.0; 3]), Sdf { distance: -0.3, normal: [1.0, 0.0, 0.0] });
        assert_eq!(sdf([0.3; 3], 0.1, [0.0; 3]), Sdf { distance: -0.3, normal: [1.0, 0.0, 0.0] });
        // y and z faces tie, x is farther: the lower index (y) wins, − side.
        assert_eq!(sdf([0.5, 0.2, 0.2], 0.0, [0.1, -0.1, 0.1]).normal, [0.0, -1.0, 0.0]);
        // a zero coordinate takes the + face
        assert_eq!(sdf([0.5, 0.2, 0.5], 0.0, [0.0, -0.0, 0.0]).normal, [0.0, 1.0, 0.0]);
        // flat box (zero half-extent): on it, distance 0 and a unit normal
        let s = sdf([0.3, 0.0, 0.2], 0.0, [0.1, 0.0, 0.1]);
        assert_eq!(s, Sdf { distance: 0.0, normal: [0.0, 1.0, 0.0] });
    }

    #[test]
    fn cuboid_rejects_bad_parameters() {
        assert_eq!(Shape::cuboid([0.1, 0.2, -0.3], 0.0), Err(ShapeError::NegativeHalfExtent { axis: 2, value: -0.3 }));
        assert_eq!(Shape::cuboid([0.1, f64::NAN, 0.3], 0.0), Err(ShapeError::NonFinite { what: "cuboid half extent" }));
        let big = 2.0 * MAX_LOCAL_EXTENT;
        assert_eq!(
            Shape::cuboid([big, 0.2, 0.3], 0.0),
            Err(ShapeError::TooLarge { what: "cuboid half extent", value: big })
        );
        assert_eq!(
            Shape::cuboid([0.1, 0.2, 0.3], -0.01),
            Err(ShapeError::NegativeRadius { what: "cuboid corner radius", radius: -0.01 })
        );
        assert_eq!(
            Shape::cuboid([0.1, 0.2, 0.3], f64::INFINITY),
            Err(ShapeError::NonFinite { what: "cuboid corner radius" })
        );
        assert_eq!(
            Shape::cuboid([0.1, 0.2, 0.3], 0.15),
            Err(ShapeError::CornerRadiusTooLarge { radius: 0.15, max: 0.1 })
        );
        assert!(Shape::cuboid([0.1, 0.2, 0.3], 0.1).is_ok());
        assert!(Shape::cuboid([0.0, 0.0, 0.0], 0.0).is_ok());
        assert!(Shape::Cuboid { half_extents: [0.1; 3], corner_radius: 0.2 }.validate().is_err());
    }
}
