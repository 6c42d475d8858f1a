//! Rigid motions in f64: 3-vectors, unit quaternions and poses
//! (translation + rotation). Anchors, colliders and node poses use these.
//!
//! A pose at a fraction of a step is **lerp + nlerp**, never a component-wise
//! lerp of matrices: that shrinks the shape by cos(θ/2) mid-step — 7.8 mm on a
//! 25 cm collider at 0.5 rad (§19). Before nlerp, `q1` is negated when
//! `q0·q1 < 0`: `q` and `−q` are one rotation (§15), hosts decomposing
//! matrices hand over either, and the unflipped nlerp of `q` and `−q` passes
//! through zero.

pub type Vec3 = [f64; 3];

#[inline]
pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
#[inline]
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
#[inline]
pub fn scale(a: Vec3, s: f64) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}
#[inline]
pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
#[inline]
pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
#[inline]
pub fn norm(a: Vec3) -> f64 {
    dot(a, a).sqrt()
}
#[inline]
pub fn lerp(a: Vec3, b: Vec3, t: f64) -> Vec3 {
    add(a, scale(sub(b, a), t))
}
/// `a/‖a‖`, or `None` for a (near-)zero vector.
#[inline]
pub fn normalized(a: Vec3) -> Option<Vec3> {
    let n = norm(a);
    (n > 1e-300 && n.is_finite()).then(|| scale(a, 1.0 / n))
}
pub fn is_finite(a: Vec3) -> bool {
    a.iter().all(|c| c.is_finite())
}

/// A unit quaternion `w + xi + yj + zk`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quat {
    pub w: f64,
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl Default for Quat {
    fn default() -> Self {
        Quat::IDENTITY
    }
}

impl Quat {
    pub const IDENTITY: Quat = Quat { w: 1.0, x: 0.0, y: 0.0, z: 0.0 };

    pub fn new(w: f64, x: f64, y: f64, z: f64) -> Self {
        Quat { w, x, y, z }
    }

    /// Rotation by `angle` radians about the unit `axis`.
    pub fn from_axis_angle(axis: Vec3, angle: f64) -> Self {
        let (s, c) = (0.5 * angle).sin_cos();
        Quat { w: c, x: axis[0] * s, y: axis[1] * s, z: axis[2] * s }
    }

    /// The rotation of `a` onto `b` by the shortest arc (both unit vectors).
    /// Antiparallel vectors turn by π about an axis perpendicular to `a`.
    pub fn from_arc(a: Vec3, b: Vec3) -> Self {
        let d = dot(a, b);
        if d < -1.0 + 1e-12 {
            let pick = if a[0].abs() < 0.9 { [1.0, 0.0, 0.0] } else { [0.0, 1.0, 0.0] };
            let axis = normalized(cross(a, pick)).unwrap_or([0.0, 0.0, 1.0]);
            return Quat::from_axis_angle(axis, std::f64::consts::PI);
        }
        let c = cross(a, b);
        Quat { w: 1.0 + d, x: c[0], y: c[1], z: c[2] }.normalized()
    }

    pub fn dot(self, o: Quat) -> f64 {
        self.w * o.w + self.x * o.x + self.y * o.y + self.z * o.z
    }
    pub fn norm(self) -> f64 {
        self.dot(self).sqrt()
    }
    pub fn normalized(self) -> Quat {
        let n = self.norm();
        Quat { w: self.w / n, x: self.x / n, y: self.y / n, z: self.z / n }
    }
    /// `−q`: the same rotation.
    pub fn negated(self) -> Quat {
        Quat { w: -self.w, x: -self.x, y: -self.y, z: -self.z }
    }
    /// The inverse of a unit quaternion.
    pub fn conj(self) -> Quat {
        Quat { w: self.w, x: -self.x, y: -self.y, z: -self.z }
    }
    pub fn is_finite(self) -> bool {
        self.w.is_finite() && self.x.is_finite() && self.y.is_finite() && self.z.is_finite()
    }

    /// `self ∘ o` (apply `o` first).
    pub fn compose(self, o: Quat) -> Quat {
        Quat {
            w: self.w * o.w - self.x * o.x - self.y * o.y - self.z * o.z,
            x: self.w * o.x + self.x * o.w + self.y * o.z - self.z * o.y,
            y: self.w * o.y - self.x * o.z + self.y * o.w + self.z * o.x,
            z: self.w * o.z + self.x * o.y - self.y * o.x + self.z * o.w,
        }
    }

    /// Rotates `v`.
    pub fn rotate(self, v: Vec3) -> Vec3 {
        let u = [self.x, self.y, self.z];
        let t = scale(cross(u, v), 2.0);
        add(add(v, scale(t, self.w)), cross(u, t))
    }

    /// Rotation angle in `[0, π]`.
    pub fn angle(self) -> f64 {
        let v = (self.x * self.x + self.y * self.y + self.z * self.z).sqrt();
        2.0 * v.atan2(self.w.abs())
    }

    /// The same rotation with `w ≥ 0`.
    pub fn canonical(self) -> Quat {
        if self.w < 0.0 {
            self.negated()
        } else {
            self
        }
    }

    /// `self^t` for `t ∈ [0, 1]`: the rotation by `t` times the angle about
    /// the same axis (shortest arc).
    pub fn pow(self, t: f64) -> Quat {
        let q = self.canonical();
        let v = [q.x, q.y, q.z];
        let s = norm(v);
        if s < 1e-15 {
            return Quat::IDENTITY;
        }
        let half = s.atan2(q.w);
        Quat::from_axis_angle(scale(v, 1.0 / s), 2.0 * half * t)
    }

    /// Normalised lerp from `self` to `o`, taking the short way (`o` is
    /// negated when `self·o < 0`).
    pub fn nlerp(self, o: Quat, t: f64) -> Quat {
        let o = if self.dot(o) < 0.0 { o.negated() } else { o };
        Quat {
            w: self.w + (o.w - self.w) * t,
            x: self.x + (o.x - self.x) * t,
            y: self.y + (o.y - self.y) * t,
            z: self.z + (o.z - self.z) * t,
        }
        .normalized()
    }

    /// Rows of the rotation matrix.
    pub fn matrix(self) -> [Vec3; 3] {
        let (w, x, y, z) = (self.w, self.x, self.y, self.z);
        [
            [1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y - w * z), 2.0 * (x * z + w * y)],
            [2.0 * (x * y + w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z - w * x)],
            [2.0 * (x * z - w * y), 2.0 * (y * z + w * x), 1.0 - 2.0 * (x * x + y * y)],
        ]
    }
}

/// A rigid pose: `p ↦ rotation·p + translation`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    pub translation: Vec3,
    pub rotation: Quat,
}

impl Pose {
    pub const IDENTITY: Pose = Pose { translation: [0.0; 3], rotation: Quat::IDENTITY };

    pub fn new(translation: Vec3, rotation: Quat) -> Self {
        Pose { translation, rotation }
    }

    pub fn from_translation(translation: Vec3) -> Self {
        Pose { translation, rotation: Quat::IDENTITY }
    }

    pub fn transform_point(&self, p: Vec3) -> Vec3 {
        add(self.rotation.rotate(p), self.translation)
    }

    pub fn transform_vector(&self, v: Vec3) -> Vec3 {
        self.rotation.rotate(v)
    }

    pub fn inverse(&self) -> Pose {
        let r = self.rotation.conj();
        Pose { translation: scale(r.rotate(self.translation), -1.0), rotation: r }
    }

    /// `self ∘ o`: apply `o`, then `self`.
    pub fn mul(&self, o: &Pose) -> Pose {
        Pose { translation: self.transform_point(o.translation), rotation: self.rotation.compose(o.rotation) }
    }

    /// The pose a fraction `t` of the way from `self` to `o`: lerp of the
    /// translation, nlerp of the rotation (§19).
    pub fn interpolate(&self, o: &Pose, t: f64) -> Pose {
        Pose { translation: lerp(self.translation, o.translation, t), rotation: self.rotation.nlerp(o.rotation, t) }
    }

    pub fn is_finite(&self) -> bool {
        is_finite(self.translation) && self.rotation.is_finite()
    }
}

/// A rigid pose as a rotation matrix and a translation: what a hot loop
/// applies many times (9 multiplies a rotation, against 18 for a quaternion),
/// both ways round (the inverse is the transpose).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Rows of the rotation matrix.
    pub r: [Vec3; 3],
    pub t: Vec3,
}

impl Frame {
    pub fn of(pose: &Pose) -> Frame {
        let q = pose.rotation;
        let (w, x, y, z) = (q.w, q.x, q.y, q.z);
        Frame {
            r: [
                [1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y - w * z), 2.0 * (x * z + w * y)],
                [2.0 * (x * y + w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z - w * x)],
                [2.0 * (x * z - w * y), 2.0 * (y * z + w * x), 1.0 - 2.0 * (x * x + y * y)],
            ],
            t: pose.translation,
        }
    }

    /// `R·v`.
    #[inline(always)]
    pub fn vector(&self, v: Vec3) -> Vec3 {
        [dot(self.r[0], v), dot(self.r[1], v), dot(self.r[2], v)]
    }

    /// `R·p + t`.
    #[inline(always)]
    pub fn point(&self, p: Vec3) -> Vec3 {
        add(self.vector(p), self.t)
    }

    /// `self ∘ o`: the frame that applies `o`, then `self`.
    pub fn mul(&self, o: &Frame) -> Frame {
        let col = |j: usize| [o.r[0][j], o.r[1][j], o.r[2][j]];
        let r = [0, 1, 2].map(|i| [0, 1, 2].map(|j| dot(self.r[i], col(j))));
        Frame { r, t: self.point(o.t) }
    }

    /// The inverse frame: `Rᵀ`, `−Rᵀ·t`.
    pub fn inverse(&self) -> Frame {
        let r = [0, 1, 2].map(|i| [self.r[0][i], self.r[1][i], self.r[2][i]]);
        Frame { r, t: self.local_point([0.0; 3]) }
    }

    /// `Rᵀ·(x − t)`: the inverse pose applied to `x`.
    #[inline(always)]
    pub fn local_point(&self, x: Vec3) -> Vec3 {
        let d = sub(x, self.t);
        let r = &self.r;
        [
            r[0][0] * d[0] + r[1][0] * d[1] + r[2][0] * d[2],
            r[0][1] * d[0] + r[1][1] * d[1] + r[2][1] * d[2],
            r[0][2] * d[0] + r[1][2] * d[1] + r[2][2] * d[2],
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Vec3, b: Vec3, tol: f64) -> bool {
        norm(sub(a, b)) <= tol
    }

    #[test]
    fn frame_matches_the_pose_both_ways() {
        let q = Quat::from_axis_angle(normalized([0.3, -1.0, 0.7]).unwrap(), 2.1);
        let pose = Pose::new([0.4, -1.2, 3.0], q);
        let f = Frame::of(&pose);
        for p in [[0.0, 0.0, 0.0], [1.0, 2.0, 3.0], [-0.5, 0.25, 4.0]] {
            assert!(close(f.point(p), pose.transform_point(p), 1e-14));
            assert!(close(f.vector(p), pose.transform_vector(p), 1e-14));
            assert!(close(f.local_point(p), pose.inverse().transform_point(p), 1e-14));
        }
    }

    #[test]
    fn frame_composition_and_inverse_match_the_poses() {
        let a = Pose::new([0.4, -1.2, 3.0], Quat::from_axis_angle(normalized([0.3, -1.0, 0.7]).unwrap(), 2.1));
        let b = Pose::new([-2.0, 0.5, 0.1], Quat::from_axis_angle(normalized([1.0, 0.2, -0.4]).unwrap(), -0.8));
        let (fa, fb) = (Frame::of(&a), Frame::of(&b));
        for p in [[0.0, 0.0, 0.0], [1.0, 2.0, 3.0], [-0.5, 0.25, 4.0]] {
            assert!(close(fa.mul(&fb).point(p), a.mul(&b).transform_point(p), 1e-13));
            assert!(close(fa.inverse().point(p), fa.local_point(p), 1e-14));
        }
    }

    #[test]
    fn rotation_and_inverse_round_trip() {
        let q = Quat::from_axis_angle(normalized([1.0, 2.0, -0.5]).unwrap(), 1.3);
        let p = Pose::new([3.0, -1.0, 2.0], q);
        let x = [0.4, -0.7, 1.9];
        assert!(close(p.inverse().transform_point(p.transform_point(x)), x, 1e-14));
        assert!(close(p.mul(&p.inverse()).translation, [0.0; 3], 1e-14));
        // The matrix agrees with the rotation.
        let m = q.matrix();
        let r = q.rotate(x);
        for i in 0..3 {
            assert!((dot(m[i], x) - r[i]).abs() < 1e-14);
        }
    }

    #[test]
    fn arc_and_pow() {
        let a = normalized([1.0, 0.2, 0.0]).unwrap();
        let b = normalized([-0.3, 1.0, 0.5]).unwrap();
        assert!(close(Quat::from_arc(a, b).rotate(a), b, 1e-14));
        assert!(close(Quat::from_arc(a, scale(a, -1.0)).rotate(a), scale(a, -1.0), 1e-14));
        let q = Quat::from_axis_angle([0.0, 0.0, 1.0], 1.0);
        assert!((q.pow(0.25).angle() - 0.25).abs() < 1e-14);
        assert!((q.negated().pow(0.5).angle() - 0.5).abs() < 1e-14);
    }

    /// §19: the interpolated pose is rigid — no shrink at 0.5 rad per step —
    /// and q / −q pairs interpolate without NaN.
    #[test]
    fn interpolated_pose_is_rigid_and_sign_safe() {
        let r = 0.25;
        let a = Pose::IDENTITY;
        let b = Pose::new([0.1, 0.0, 0.0], Quat::from_axis_angle([0.0, 0.0, 1.0], 0.5));
        let mid = a.interpolate(&b, 0.5);
        let x = [r, 0.0, 0.0];
        let shrink = r - norm(sub(mid.transform_point(x), mid.translation));
        assert!(shrink.abs() < 1e-15, "shrink {shrink}");
        // The component-wise matrix lerp the record warns about shrinks by cos(θ/2).
        let (m0, m1) = (Quat::IDENTITY.matrix(), b.rotation.matrix());
        let lerped: Vec3 = [0, 1, 2].map(|i| 0.5 * (m0[i][0] + m1[i][0]) * r);
        assert!((r - norm(lerped) - 7.772e-3).abs() < 1e-5);
        // q and −q: nlerp takes the short way, never through zero.
        let q = Quat::from_axis_angle([0.0, 1.0, 0.0], 0.3);
        let h = q.nlerp(q.negated(), 0.5);
        assert!(h.is_finite() && (h.norm() - 1.0).abs() < 1e-14 && h.dot(q).abs() > 0.999);
    }
}
