//! Plane: the half-space `y ≤ 0` of the local frame — the plane through the
//! origin with outward normal +Y. The collider pose places and tilts it.
//!
//! ```text
//!   d(p) = p_y            ∇d = (0, 1, 0)   everywhere
//! ```
//!
//! Exact, with no medial axis and no fallback. It has no parameters, so
//! [`validate`] always succeeds.
//!
//! **Bounds.** A half-space has no finite box, and a box with infinite sides
//! turns into NaN as soon as a broadphase rotates it (`0·∞`). [`bounds`]
//! returns the half-space clipped to the cube of [`MAX_LOCAL_EXTENT`]:
//! `[−E, E] × [−E, 0] × [−E, E]`, `E = 1e6 m` — finite under any rotation,
//! and larger than any other validated shape. The broadphase is expected to
//! treat planes specially (test every particle), not to rely on this box.

use super::{Sdf, ShapeError, MAX_LOCAL_EXTENT};
use crate::pose::Vec3;

/// The plane's outward normal in its local frame.
pub const NORMAL: Vec3 = [0.0, 1.0, 0.0];

#[inline(always)]
pub fn sdf(p: Vec3) -> Sdf {
    Sdf { distance: p[1], normal: NORMAL }
}

pub fn bounds() -> (Vec3, Vec3) {
    let e = MAX_LOCAL_EXTENT;
    ([-e, -e, -e], [e, 0.0, e])
}

pub fn validate() -> Result<(), ShapeError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{Shape, FALLBACK_NORMAL};
    use super::*;
    use crate::pose::{Pose, Quat};

    #[test]
    fn plane_distance_is_the_height_inside_and_outside() {
        let points = points_around(40, ([-1.0; 3], [1.0; 3]), 0.0, 5000);
        let (inside, outside) = inside_outside(&sdf, &points);
        assert!(inside > 2000 && outside > 2000);
        for &p in &points {
            assert_eq!(sdf(p), Sdf { distance: p[1], normal: [0.0, 1.0, 0.0] });
        }
        let residual = exact_field_residual(&sdf, &points, 1.0);
        assert!(residual < 1e-15, "exact-field residual {residual:e}");
        let (err, checked) = gradient_error(&sdf, &points);
        assert_eq!(checked, points.len());
        assert!(err < 1e-9, "gradient vs central differences {err:e}");
        // The plane's normal is the shapes' fallback "up", by design.
        assert_eq!(NORMAL, FALLBACK_NORMAL);
    }

    #[test]
    fn plane_bounds_are_the_clipped_half_space_and_stay_finite_rotated() {
        let (lo, hi) = Shape::plane().local_bounds();
        assert_eq!((lo, hi), ([-1e6, -1e6, -1e6], [1e6, 0.0, 1e6]));
        assert_eq!(Shape::plane().validate(), Ok(()));
        let pose = Pose::new([1.0, 2.0, 3.0], Quat::from_axis_angle([0.6, 0.0, 0.8], 1.1));
        for corner in 0..8 {
            let c = [0, 1, 2].map(|i| if corner >> i & 1 == 0 { lo[i] } else { hi[i] });
            assert!(pose.transform_point(c).iter().all(|v| v.is_finite()));
        }
    }
}
