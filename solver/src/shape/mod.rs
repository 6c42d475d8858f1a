//! Collider shapes as signed distance fields with gradients (DESIGN §8).
//!
//! Every shape is evaluated in its **local** frame; the collider record keeps
//! the pose (translation + unit quaternion, §19) that maps local to world, so
//! a contact query is `shape.sdf(pose.inverse().transform_point(x))` and the
//! normal goes back through `pose.transform_vector`. The contact row reads
//! `C = sdf(x) − offset` (DESIGN §4), so the distance has to be the true
//! Euclidean distance — a field that is only a bound would move the contact
//! surface by the bound's slack — and the normal has to be its unit gradient.
//!
//! One file per shape, one shape of file (the Box2D habit, STYLE §1): each of
//! `sphere`, `capsule`, `tapered_capsule`, `plane`, `cuboid` exposes
//!
//! ```text
//!   pub fn sdf(params.., p: Vec3) -> Sdf            exact, inside and out
//!   pub fn bounds(params..) -> (Vec3, Vec3)         local AABB (min, max)
//!   pub fn validate(params..) -> Result<(), ShapeError>
//! ```
//!
//! and [`Shape`] dispatches each with one `match`. Adding a shape is adding a
//! file and one arm per match.
//!
//! **Conventions, written once:**
//! - distance is negative inside, zero on the surface, in metres;
//! - `normal` is the unit gradient of the distance, pointing out of the
//!   solid. Where the gradient is undefined (a medial point: a sphere's
//!   centre, a capsule's axis, a box's equidistant faces) it is a documented
//!   deterministic unit vector, never NaN: [`FALLBACK_NORMAL`] when the shape
//!   offers no direction at all, [`axis_perpendicular`] on an axis (within
//!   [`ON_AXIS_TOLERANCE`] of it: rounding makes "exactly on" meaningless);
//!   each file states its own rule;
//! - parameters are validated by the constructors ([`Shape::sphere`], …) and
//!   by [`Shape::validate`] (the variants' fields are public, so a host can
//!   build one by hand and validate it). A validated shape and a finite query
//!   point with coordinates below about 1e150 m give finite outputs: every
//!   length is at most [`MAX_LOCAL_EXTENT`], so no product overflows.

pub mod capsule;
pub mod cuboid;
pub mod plane;
pub mod sphere;
pub mod tapered_capsule;

use crate::pose::{dot, normalized, scale, sub, Vec3};
use std::fmt;

/// Largest admissible local coordinate, radius or half-extent, m. A collider
/// a thousand kilometres across is no character's; the bound exists so that
/// squared lengths (≤ 1e12 m²) can never overflow into `inf − inf = NaN`
/// inside a kernel. It is also the reach of the plane's bounds.
pub const MAX_LOCAL_EXTENT: f64 = 1.0e6;

/// How near the axis of a capsule or tapered capsule a point must be, as a
/// fraction of its axial distance `|y|` from end `a`, to count as **on** it
/// and take [`axis_perpendicular`] as its radial direction. Dimensionless.
/// The radial vector `(p − a) − y·u` carries rounding of about
/// `2.2e-16·|y|` in an arbitrary direction — along the axis too — so below a
/// few hundred ulps its direction is noise; above 1e-10 it is accurate to
/// ~1e-6 rad, and one more projection makes it perpendicular to the axis to
/// rounding. Points this close are `r − 1e-10·|y|` deep, where any
/// perpendicular is as good a push as the true one.
pub const ON_AXIS_TOLERANCE: f64 = 1e-10;

/// The normal returned where a shape offers no direction at all: local +Y
/// (a sphere's centre, a zero-length capsule's centre). +Y because it is the
/// plane's normal — "up" in the local frame — and any unit vector is a valid
/// subgradient there; what matters is that it is deterministic and unit.
pub const FALLBACK_NORMAL: Vec3 = [0.0, 1.0, 0.0];

/// Result of a distance query, in the shape's local frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sdf {
    /// Signed distance to the surface, m; negative inside.
    pub distance: f64,
    /// Unit gradient of `distance` (outward), or the shape's documented
    /// fallback where the gradient is undefined. Never NaN, never zero.
    pub normal: Vec3,
}

/// A collider shape in its local frame. `Copy` and at most 72 bytes, so a
/// collider record carries it by value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A ball of `radius` centred at the local origin.
    Sphere { radius: f64 },
    /// Points within `radius` of the segment `a`–`b`. `a == b` is a sphere.
    Capsule { a: Vec3, b: Vec3, radius: f64 },
    /// The convex hull of the ball (`a`, `ra`) and the ball (`b`, `rb`): two
    /// end spheres joined by their tangent cone, a limb of a character rig.
    /// When one ball holds the other the hull is that ball (accepted, exact).
    TaperedCapsule { a: Vec3, ra: f64, b: Vec3, rb: f64 },
    /// The half-space `y ≤ 0` of the local frame (normal +Y through the
    /// origin); the pose places and tilts it.
    Plane,
    /// A box centred at the origin with `half_extents` along the local axes,
    /// its edges and corners rounded by `corner_radius` (0 = sharp). The
    /// half-extents are the outer ones: rounding does not grow the box.
    Cuboid { half_extents: Vec3, corner_radius: f64 },
}

impl Shape {
    /// A validated [`Shape::Sphere`].
    pub fn sphere(radius: f64) -> Result<Shape, ShapeError> {
        sphere::validate(radius)?;
        Ok(Shape::Sphere { radius })
    }

    /// A validated [`Shape::Capsule`].
    pub fn capsule(a: Vec3, b: Vec3, radius: f64) -> Result<Shape, ShapeError> {
        capsule::validate(a, b, radius)?;
        Ok(Shape::Capsule { a, b, radius })
    }

    /// A validated [`Shape::TaperedCapsule`].
    pub fn tapered_capsule(a: Vec3, ra: f64, b: Vec3, rb: f64) -> Result<Shape, ShapeError> {
        tapered_capsule::validate(a, ra, b, rb)?;
        Ok(Shape::TaperedCapsule { a, ra, b, rb })
    }

    /// The [`Shape::Plane`] (it has no parameters, so it cannot fail).
    pub fn plane() -> Shape {
        Shape::Plane
    }

    /// A validated [`Shape::Cuboid`].
    pub fn cuboid(half_extents: Vec3, corner_radius: f64) -> Result<Shape, ShapeError> {
        cuboid::validate(half_extents, corner_radius)?;
        Ok(Shape::Cuboid { half_extents, corner_radius })
    }

    /// Signed distance and unit outward gradient at the local point `p`.
    #[inline]
    pub fn sdf(&self, p: Vec3) -> Sdf {
        match *self {
            Shape::Sphere { radius } => sphere::sdf(radius, p),
            Shape::Capsule { a, b, radius } => capsule::sdf(a, b, radius, p),
            Shape::TaperedCapsule { a, ra, b, rb } => tapered_capsule::sdf(a, ra, b, rb, p),
            Shape::Plane => plane::sdf(p),
            Shape::Cuboid { half_extents, corner_radius } => cuboid::sdf(half_extents, corner_radius, p),
        }
    }

    /// The signed distance alone at the local point `p`: the same bits as
    /// `sdf(p).distance`, with the gradient's work left out by the compiler
    /// (discovery needs no normal: ~300 exact distances a step on W3 with 20
    /// colliders, `MEASUREMENTS.md`).
    #[inline]
    pub fn distance(&self, p: Vec3) -> f64 {
        match *self {
            Shape::Sphere { radius } => sphere::sdf(radius, p).distance,
            Shape::Capsule { a, b, radius } => capsule::sdf(a, b, radius, p).distance,
            Shape::TaperedCapsule { a, ra, b, rb } => tapered_capsule::sdf(a, ra, b, rb, p).distance,
            Shape::Plane => plane::sdf(p).distance,
            Shape::Cuboid { half_extents, corner_radius } => cuboid::sdf(half_extents, corner_radius, p).distance,
        }
    }

    /// A local axis-aligned box `(min, max)` enclosing the shape. The plane's
    /// is a finite stand-in (see [`plane::bounds`]); the broadphase treats
    /// planes specially.
    pub fn local_bounds(&self) -> (Vec3, Vec3) {
        match *self {
            Shape::Sphere { radius } => sphere::bounds(radius),
            Shape::Capsule { a, b, radius } => capsule::bounds(a, b, radius),
            Shape::TaperedCapsule { a, ra, b, rb } => tapered_capsule::bounds(a, ra, b, rb),
            Shape::Plane => plane::bounds(),
            Shape::Cuboid { half_extents, corner_radius } => cuboid::bounds(half_extents, corner_radius),
        }
    }

    /// Checks the parameters: finite, radii and half-extents non-negative,
    /// nothing beyond [`MAX_LOCAL_EXTENT`], a corner radius that fits.
    pub fn validate(&self) -> Result<(), ShapeError> {
        match *self {
            Shape::Sphere { radius } => sphere::validate(radius),
            Shape::Capsule { a, b, radius } => capsule::validate(a, b, radius),
            Shape::TaperedCapsule { a, ra, b, rb } => tapered_capsule::validate(a, ra, b, rb),
            Shape::Plane => plane::validate(),
            Shape::Cuboid { half_extents, corner_radius } => cuboid::validate(half_extents, corner_radius),
        }
    }
}

/// Why a shape's parameters were refused. `what` names the field the way
/// the docs do ("capsule radius", "tapered capsule end b", …).
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeError {
    /// A parameter is NaN or infinite (no value carried: NaN ≠ NaN would
    /// make the error compare unequal to itself).
    NonFinite { what: &'static str },
    /// A radius (sphere, capsule, either tapered end, corner) is below zero.
    NegativeRadius { what: &'static str, radius: f64 },
    /// A cuboid half-extent is below zero (`axis`: 0 = x, 1 = y, 2 = z).
    NegativeHalfExtent { axis: usize, value: f64 },
    /// A coordinate, radius or half-extent exceeds [`MAX_LOCAL_EXTENT`] in
    /// magnitude.
    TooLarge { what: &'static str, value: f64 },
    /// A cuboid's corner radius exceeds its smallest half-extent, so the
    /// shrunk inner box would have a negative side.
    CornerRadiusTooLarge { radius: f64, max: f64 },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::NonFinite { what } => write!(f, "{what} is not finite"),
            ShapeError::NegativeRadius { what, radius } => {
                write!(f, "{what} is {radius} m; a radius must be zero or positive")
            }
            ShapeError::NegativeHalfExtent { axis, value } => {
                let name = ["x", "y", "z"].get(*axis).copied().unwrap_or("?");
                write!(f, "cuboid half-extent {name} is {value} m; it must be zero or positive")
            }
            ShapeError::TooLarge { what, value } => {
                write!(f, "{what} is {value} m; shapes are limited to {MAX_LOCAL_EXTENT} m in the local frame")
            }
            ShapeError::CornerRadiusTooLarge { radius, max } => {
                write!(f, "cuboid corner radius {radius} m exceeds the smallest half-extent {max} m")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

/// A length parameter (radius, half-extent): finite and within
/// [`MAX_LOCAL_EXTENT`]; the sign check is the caller's, with its own variant.
pub(crate) fn check_length(what: &'static str, value: f64) -> Result<(), ShapeError> {
    if !value.is_finite() {
        return Err(ShapeError::NonFinite { what });
    }
    if value.abs() > MAX_LOCAL_EXTENT {
        return Err(ShapeError::TooLarge { what, value });
    }
    Ok(())
}

/// A radius: [`check_length`] and not negative (zero is a point/segment,
/// still a valid field: the contact offset gives it thickness).
pub(crate) fn check_radius(what: &'static str, radius: f64) -> Result<(), ShapeError> {
    check_length(what, radius)?;
    if radius < 0.0 {
        return Err(ShapeError::NegativeRadius { what, radius });
    }
    Ok(())
}

/// A local point: every coordinate passes [`check_length`] (the
/// largest-magnitude coordinate is reported).
pub(crate) fn check_point(what: &'static str, p: Vec3) -> Result<(), ShapeError> {
    if p.iter().any(|c| !c.is_finite()) {
        return Err(ShapeError::NonFinite { what });
    }
    for c in p {
        check_length(what, c)?;
    }
    Ok(())
}

/// The deterministic unit vector perpendicular to `axis`, used as the normal
/// of a point exactly on a capsule's axis (any perpendicular is a valid
/// subgradient there). It is the coordinate axis least aligned with `axis`
/// (ties to the lower index) with its `axis` component removed, so a capsule
/// along Y falls back to +X and one along X to +Y. A (near-)zero `axis` has
/// no perpendicular: [`FALLBACK_NORMAL`].
pub fn axis_perpendicular(axis: Vec3) -> Vec3 {
    let Some(u) = normalized(axis) else {
        return FALLBACK_NORMAL;
    };
    let mut pick = 0;
    for i in 1..3 {
        if u[i].abs() < u[pick].abs() {
            pick = i;
        }
    }
    let mut e = [0.0; 3];
    e[pick] = 1.0;
    // |u[pick]| ≤ 1/√3, so the projection keeps a length ≥ √(2/3).
    normalized(sub(e, scale(u, dot(e, u)))).unwrap_or(FALLBACK_NORMAL)
}

/// `v/len` when `len = ‖v‖` is a usable length, else `fallback()` — the
/// normalisation every kernel ends with, reusing the length it already took
/// for the distance (the same threshold as [`crate::pose::normalized`]; the
/// fallback is only computed when needed).
#[inline]
pub(crate) fn unit_or(v: Vec3, len: f64, fallback: impl FnOnce() -> Vec3) -> Vec3 {
    if len > 1e-300 && len.is_finite() {
        scale(v, 1.0 / len)
    } else {
        fallback()
    }
}

/// Test helpers shared by the shape files: deterministic samples, reference
/// checks that hold for every exact SDF.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::pose::norm;
    use crate::rng::SplitMix64;

    /// A point uniform in the cube `[−half, half]³`.
    pub fn point_in_cube(rng: &mut SplitMix64, half: f64) -> Vec3 {
        [rng.range(-half, half), rng.range(-half, half), rng.range(-half, half)]
    }

    /// Largest `|f(p) − reference(p)|` over `points`, divided by the shape's
    /// length scale `scale_m`: the relative error the exactness tests assert.
    pub fn worst_relative(
        f: &dyn Fn(Vec3) -> f64,
        reference: &dyn Fn(Vec3) -> f64,
        points: &[Vec3],
        scale_m: f64,
    ) -> f64 {
        points.iter().map(|&p| (f(p) - reference(p)).abs() / scale_m).fold(0.0, f64::max)
    }

    pub fn assert_unit(n: Vec3, ctx: &str) {
        assert!(n.iter().all(|c| c.is_finite()), "{ctx}: normal {n:?} not finite");
        assert!((norm(n) - 1.0).abs() < 1e-12, "{ctx}: |normal| = {}", norm(n));
    }

    /// Central finite differences of the distance with step `h`.
    pub fn fd_gradient(f: &dyn Fn(Vec3) -> f64, p: Vec3, h: f64) -> Vec3 {
        let mut g = [0.0; 3];
        for (i, gi) in g.iter_mut().enumerate() {
            let mut hi = p;
            let mut lo = p;
            hi[i] += h;
            lo[i] -= h;
            *gi = (f(hi) - f(lo)) / (2.0 * h);
        }
        g
    }

    /// The field is smooth at `p` when the normal barely turns within
    /// `radius` of it (a medial axis turns it by O(1)). Points failing this
    /// are skipped by the gradient tests, which count what they checked.
    pub fn smooth_at(sdf: &dyn Fn(Vec3) -> Sdf, p: Vec3, radius: f64) -> bool {
        let n0 = sdf(p).normal;
        (0..3).all(|i| {
            [-radius, radius].iter().all(|&h| {
                let mut q = p;
                q[i] += h;
                norm(sub(sdf(q).normal, n0)) < 1e-2
            })
        })
    }

    /// Largest `|analytic − finite-difference|` over the smooth points among
    /// `points`, and how many were smooth. Also asserts every normal is unit.
    pub fn gradient_error(sdf: &dyn Fn(Vec3) -> Sdf, points: &[Vec3]) -> (f64, usize) {
        let mut worst: f64 = 0.0;
        let mut checked = 0;
        for &p in points {
            let s = sdf(p);
            assert_unit(s.normal, "gradient");
            if !smooth_at(sdf, p, 1e-4) {
                continue;
            }
            let g = fd_gradient(&|q| sdf(q).distance, p, 1e-6);
            worst = worst.max(norm(sub(g, s.normal)));
            checked += 1;
        }
        (worst, checked)
    }

    /// Properties every exact SDF has, independent of any formula:
    /// - `z = p − d·n` is on the surface (`sdf(z) = 0`): a surface point at
    ///   exactly `|d|`, so `|d|` is not an underestimate of the distance;
    /// - walking the normal, `sdf(p − λ·d·n) = (1 − λ)·d`: along the segment
    ///   to the nearest surface point the field falls linearly — a field that
    ///   is only a bound (or a distance to the wrong feature) bends;
    /// - 1-Lipschitz between random pairs (no overestimate anywhere).
    ///
    /// Returns the worst residual of the first two, relative to `scale`.
    pub fn exact_field_residual(sdf: &dyn Fn(Vec3) -> Sdf, points: &[Vec3], scale_m: f64) -> f64 {
        let mut worst: f64 = 0.0;
        for (i, &p) in points.iter().enumerate() {
            let s = sdf(p);
            let z = sub(p, scale(s.normal, s.distance));
            worst = worst.max(sdf(z).distance.abs() / scale_m);
            for lambda in [0.25, 0.5, 0.75] {
                let q = sub(p, scale(s.normal, lambda * s.distance));
                worst = worst.max((sdf(q).distance - (1.0 - lambda) * s.distance).abs() / scale_m);
            }
            let other = points[(i * 7 + 3) % points.len()];
            let lip = (sdf(other).distance - s.distance).abs() - norm(sub(other, p));
            assert!(lip <= 1e-12 * scale_m, "not 1-Lipschitz between {p:?} and {other:?}: excess {lip}");
        }
        worst
    }

    /// `n` random points in the box `(min, max)` grown by `margin` on every
    /// side: a mix of inside and outside points for a shape with those bounds.
    pub fn points_around(seed: u64, (min, max): (Vec3, Vec3), margin: f64, n: usize) -> Vec<Vec3> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|_| {
                let mut p = [0.0; 3];
                for i in 0..3 {
                    p[i] = rng.range(min[i] - margin, max[i] + margin);
                }
                p
            })
            .collect()
    }

    /// The minimum of a convex `f` over `[0, 1]` by golden-section search
    /// (200 shrinks: the bracket ends far below f64 resolution, and near a
    /// smooth minimum a t-error ε costs only O(ε²) in the value).
    pub fn minimise_convex_on_unit(f: &dyn Fn(f64) -> f64) -> f64 {
        let g = (5f64.sqrt() - 1.0) / 2.0;
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..200 {
            let m1 = hi - g * (hi - lo);
            let m2 = lo + g * (hi - lo);
            if f(m1) <= f(m2) {
                hi = m2;
            } else {
                lo = m1;
            }
        }
        f(0.0).min(f(1.0)).min(f(0.5 * (lo + hi)))
    }

    /// `n` random points near the segment `a`–`b`: a parameter in
    /// `[−0.25, 1.25]` plus an offset in the cube of half-side `spread`, so
    /// thin shapes get inside points too.
    pub fn points_near_segment(seed: u64, a: Vec3, b: Vec3, spread: f64, n: usize) -> Vec<Vec3> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|_| {
                let c = crate::pose::lerp(a, b, rng.range(-0.25, 1.25));
                crate::pose::add(c, point_in_cube(&mut rng, spread))
            })
            .collect()
    }

    /// Counts of (inside, outside) among `points`, to show a test sampled both.
    pub fn inside_outside(sdf: &dyn Fn(Vec3) -> Sdf, points: &[Vec3]) -> (usize, usize) {
        let inside = points.iter().filter(|&&p| sdf(p).distance < 0.0).count();
        (inside, points.len() - inside)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pose::norm;

    #[test]
    fn shape_stays_small_and_copy() {
        fn is_copy<T: Copy>() {}
        is_copy::<Shape>();
        assert!(std::mem::size_of::<Shape>() <= 72, "Shape is {} bytes", std::mem::size_of::<Shape>());
    }

    #[test]
    fn axis_perpendicular_is_unit_perpendicular_and_deterministic() {
        assert_eq!(axis_perpendicular([0.0, 2.0, 0.0]), [1.0, 0.0, 0.0]);
        assert_eq!(axis_perpendicular([-3.0, 0.0, 0.0]), [0.0, 1.0, 0.0]);
        assert_eq!(axis_perpendicular([0.0, 0.0, 0.0]), FALLBACK_NORMAL);
        let mut rng = crate::rng::SplitMix64::new(11);
        for _ in 0..1000 {
            let axis = testing::point_in_cube(&mut rng, 2.0);
            let n = axis_perpendicular(axis);
            testing::assert_unit(n, "perpendicular");
            assert!(dot(n, axis).abs() <= 1e-15 * norm(axis).max(1.0));
        }
    }

    #[test]
    fn dispatch_matches_the_kernels() {
        let shapes = [
            Shape::sphere(0.3).unwrap(),
            Shape::capsule([0.0, -0.2, 0.0], [0.1, 0.3, 0.0], 0.05).unwrap(),
            Shape::tapered_capsule([0.0, 0.0, 0.0], 0.08, [0.0, 0.4, 0.1], 0.04).unwrap(),
            Shape::plane(),
            Shape::cuboid([0.2, 0.1, 0.3], 0.02).unwrap(),
        ];
        let p = [0.07, 0.11, -0.05];
        let direct = [
            sphere::sdf(0.3, p),
            capsule::sdf([0.0, -0.2, 0.0], [0.1, 0.3, 0.0], 0.05, p),
            tapered_capsule::sdf([0.0, 0.0, 0.0], 0.08, [0.0, 0.4, 0.1], 0.04, p),
            plane::sdf(p),
            cuboid::sdf([0.2, 0.1, 0.3], 0.02, p),
        ];
        for (s, d) in shapes.iter().zip(direct) {
            assert_eq!(s.sdf(p), d);
            assert_eq!(s.validate(), Ok(()));
            let (lo, hi) = s.local_bounds();
            assert!((0..3).all(|i| lo[i] <= hi[i]));
        }
    }

    /// Every validated shape keeps its surface inside its bounds: points just
    /// outside the box are outside the shape (distance ≥ the gap to the box).
    #[test]
    fn bounds_enclose_every_shape() {
        let shapes = [
            Shape::sphere(0.3).unwrap(),
            Shape::capsule([0.0, -0.2, 0.0], [0.1, 0.3, -0.1], 0.05).unwrap(),
            Shape::tapered_capsule([0.0, 0.0, 0.0], 0.08, [0.2, 0.4, 0.1], 0.04).unwrap(),
            Shape::tapered_capsule([0.0, 0.0, 0.0], 0.3, [0.05, 0.0, 0.0], 0.1).unwrap(),
            Shape::cuboid([0.2, 0.1, 0.3], 0.02).unwrap(),
        ];
        let mut rng = crate::rng::SplitMix64::new(5);
        for s in shapes {
            let (lo, hi) = s.local_bounds();
            for _ in 0..2000 {
                let mut p = [0.0; 3];
                for i in 0..3 {
                    p[i] = rng.range(lo[i] - 0.1, hi[i] + 0.1);
                }
                let gap = (0..3).map(|i| (lo[i] - p[i]).max(p[i] - hi[i])).fold(f64::NEG_INFINITY, f64::max);
                if gap > 0.0 {
                    assert!(s.sdf(p).distance >= gap - 1e-12, "{s:?} reaches outside its bounds at {p:?}");
                }
            }
        }
    }

    /// Validated shapes at the edges of what validation admits (largest
    /// extents, zero radii and half-extents, zero-length and nearly held
    /// tapers, `r = h`) give a finite distance and a unit normal at points
    /// from 1e-12 m to 1e100 m away and at every special point (centres,
    /// ends, axis points, corners).
    #[test]
    fn validated_shapes_never_give_nan() {
        let e = MAX_LOCAL_EXTENT;
        let shapes = [
            Shape::sphere(0.0).unwrap(),
            Shape::sphere(e).unwrap(),
            Shape::capsule([0.0; 3], [0.0; 3], 0.0).unwrap(),
            Shape::capsule([-e; 3], [e; 3], e).unwrap(),
            Shape::capsule([0.0; 3], [1e-200, 0.0, 0.0], 0.1).unwrap(),
            Shape::tapered_capsule([0.0; 3], 0.0, [0.0; 3], 0.0).unwrap(),
            Shape::tapered_capsule([-e; 3], e, [e; 3], 0.0).unwrap(),
            Shape::tapered_capsule([0.0; 3], 0.2, [0.0, 0.1 + 1e-15, 0.0], 0.1).unwrap(),
            Shape::tapered_capsule([0.0; 3], 0.1, [0.0, 1e-170, 0.0], 0.1).unwrap(),
            Shape::tapered_capsule([0.0; 3], 0.0, [0.0, 0.3, 0.0], 0.0).unwrap(),
            Shape::plane(),
            Shape::cuboid([0.0; 3], 0.0).unwrap(),
            Shape::cuboid([e; 3], e).unwrap(),
            Shape::cuboid([0.3, 0.0, e], 0.0).unwrap(),
        ];
        let mut rng = crate::rng::SplitMix64::new(9);
        for s in shapes {
            let (lo, hi) = s.local_bounds();
            let mut points = vec![[0.0; 3], lo, hi, [lo[0], hi[1], lo[2]]];
            match s {
                Shape::Capsule { a, b, .. } | Shape::TaperedCapsule { a, b, .. } => {
                    for t in [-1.0, 0.0, 0.5, 1.0, 2.0] {
                        points.push(crate::pose::lerp(a, b, t));
                    }
                }
                _ => {}
            }
            for _ in 0..2000 {
                let magnitude = 10f64.powf(rng.range(-12.0, 100.0));
                points.push(scale(testing::point_in_cube(&mut rng, 1.0), magnitude));
            }
            for p in points {
                let r = s.sdf(p);
                assert!(r.distance.is_finite(), "{s:?} at {p:?}: distance {}", r.distance);
                testing::assert_unit(r.normal, &format!("{s:?} at {p:?}"));
            }
        }
    }

    #[test]
    fn errors_display_what_is_wrong() {
        let e = Shape::capsule([0.0; 3], [0.0; 3], -1.0).unwrap_err();
        assert_eq!(e.to_string(), "capsule radius is -1 m; a radius must be zero or positive");
        let e: Box<dyn std::error::Error> = Box::new(Shape::sphere(f64::NAN).unwrap_err());
        assert_eq!(e.to_string(), "sphere radius is not finite");
        let e = Shape::cuboid([0.1, -0.2, 0.1], 0.0).unwrap_err();
        assert_eq!(e.to_string(), "cuboid half-extent y is -0.2 m; it must be zero or positive");
    }
}
