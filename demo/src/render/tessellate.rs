//! Every primitive becomes triangles with smooth vertex normals, so one
//! rasteriser and one z-buffer draw them all and depth order is always right.

use super::math::Vec3;
use super::scene::{Rope, Scene, Shape, Sheet};
use super::shade::{Material, Surface};
use std::f32::consts::PI;

/// Sides of a rope tube. At rope widths of a few pixels 10 sides cannot be
/// told from a true cylinder.
const TUBE_SIDES: usize = 10;
/// Rings per rope end cap (a hemisphere).
const CAP_RINGS: usize = 3;
/// Segments around a collider's axis; with `RING_STEP` below, a 10 cm sphere
/// deviates from the true one by under 0.5 mm — invisible at demo sizes.
const COLLIDER_SEGMENTS: usize = 32;
/// Angle between successive collider rings, radians.
const RING_STEP: f32 = PI / 16.0;
/// Fold occlusion: the skylight reaching the inside of a fold of curvature
/// κ (1/m, concave > 0) is `exp(−κ · FOLD_SHADOW_LENGTH)`: 0.55 in a 2 cm
/// radius crease, 0.89 across a 10 cm roll — the darkening that makes folds
/// read as folds when the sun lights both sides of them alike.
const FOLD_SHADOW_LENGTH: f32 = 0.012;

/// Triangles with per-vertex attributes and a material per triangle.
#[derive(Default)]
pub(crate) struct Mesh {
    pub pos: Vec<Vec3>,
    pub nrm: Vec<Vec3>,
    /// Texture coordinates: sheet uv, or (length in circumferences, angle
    /// in turns) along a rope.
    pub uv: Vec<[f32; 2]>,
    /// Ambient light reaching the vertex's front and back side (1 = open;
    /// less inside cloth folds).
    pub open: Vec<[f32; 2]>,
    pub tris: Vec<[u32; 3]>,
    pub tri_material: Vec<u32>,
    pub materials: Vec<Material>,
}

impl Mesh {
    /// Tessellates a scene. `min_radius(p)` is the radius that looks about a
    /// pixel wide at `p`; ropes are never drawn thinner.
    pub fn build(scene: &Scene, min_radius: impl Fn(Vec3) -> f32) -> Mesh {
        let mut mesh = Mesh::default();
        for sheet in &scene.sheets {
            let m = mesh.material(Material::cloth(sheet));
            mesh.add_sheet(sheet, m);
        }
        for rope in &scene.ropes {
            let m = mesh.material(Material::solid(Surface::Rope, rope.colour));
            mesh.add_rope(rope, &min_radius, m);
        }
        for collider in &scene.colliders {
            let m = mesh.material(Material::solid(Surface::Solid, collider.colour));
            match collider.shape {
                Shape::Capsule { a, b, ra, rb } => mesh.add_capsule(a, b, ra, rb, m),
                Shape::Cuboid { centre, axes, half } => mesh.add_cuboid(centre, axes, half, m),
            }
        }
        mesh
    }

    fn material(&mut self, m: Material) -> u32 {
        self.materials.push(m);
        self.materials.len() as u32 - 1
    }

    fn vertex(&mut self, p: Vec3, n: Vec3, uv: [f32; 2]) -> u32 {
        self.open.push([1.0; 2]);
        self.pos.push(p);
        self.nrm.push(n);
        self.uv.push(uv);
        self.pos.len() as u32 - 1
    }

    fn triangle(&mut self, t: [u32; 3], material: u32) {
        if t.iter().all(|&i| self.pos[i as usize].is_finite()) {
            self.tris.push(t);
            self.tri_material.push(material);
        }
    }

    /// Joins ring `r0` to ring `r1` (same length, each closed around).
    fn band(&mut self, r0: &[u32], r1: &[u32], material: u32) {
        let n = r0.len();
        for j in 0..n {
            let k = (j + 1) % n;
            self.triangle([r0[j], r1[j], r1[k]], material);
            self.triangle([r0[j], r1[k], r0[k]], material);
        }
    }

    fn add_sheet(&mut self, sheet: &Sheet, material: u32) {
        let base = self.pos.len() as u32;
        let normals = sheet.normals.clone().unwrap_or_else(|| vertex_normals(&sheet.positions, &sheet.triangles));
        let curvature = fold_curvature(&sheet.positions, &sheet.triangles, &normals);
        for (i, (&p, &n)) in sheet.positions.iter().zip(&normals).enumerate() {
            let uv = sheet.uv.as_ref().map_or([0.0; 2], |uv| uv[i]);
            let v = self.vertex(p, n, uv);
            let k = curvature[i] * FOLD_SHADOW_LENGTH;
            self.open[v as usize] = [(-k.max(0.0)).exp(), (-(-k).max(0.0)).exp()];
        }
        for t in &sheet.triangles {
            self.triangle(t.map(|i| base + i), material);
        }
    }

    /// A tube along the rope with hemispherical end caps. Ring frames are
    /// parallel-transported along the polyline so the tube never twists.
    fn add_rope(&mut self, rope: &Rope, min_radius: &impl Fn(Vec3) -> f32, material: u32) {
        let mut pts: Vec<Vec3> = Vec::with_capacity(rope.points.len());
        for &p in rope.points.iter().filter(|p| p.is_finite()) {
            if pts.last().is_none_or(|&q| (p - q).length() > 1e-6) {
                pts.push(p);
            }
        }
        let radius = |p: Vec3| rope.radius.max(min_radius(p));
        match pts.len() {
            0 => return,
            1 => return self.add_capsule(pts[0], pts[0], radius(pts[0]), radius(pts[0]), material),
            _ => {}
        }
        let last = pts.len() - 1;
        let tangent = |i: usize| -> Vec3 {
            let back = if i > 0 { (pts[i] - pts[i - 1]).normalized() } else { Vec3::ZERO };
            let ahead = if i < last { (pts[i + 1] - pts[i]).normalized() } else { Vec3::ZERO };
            let t = (back + ahead).normalized();
            if t == Vec3::ZERO {
                back
            } else {
                t
            }
        };

        let mut rings: Vec<Vec<u32>> = Vec::with_capacity(pts.len() + 2 * CAP_RINGS);
        let mut normal = tangent(0).any_perpendicular();
        let mut arc = 0.0;
        let mut ends = [(Vec3::ZERO, Vec3::ZERO, Vec3::ZERO, 0.0); 2];
        for (i, &p) in pts.iter().enumerate() {
            let t = tangent(i);
            normal = (normal - t * normal.dot(t)).normalized();
            if normal == Vec3::ZERO {
                normal = t.any_perpendicular();
            }
            let binormal = t.cross(normal);
            let r = radius(p);
            if i > 0 {
                arc += (p - pts[i - 1]).length();
            }
            let u = arc / (2.0 * PI * r);
            let ring = (0..TUBE_SIDES)
                .map(|j| {
                    let a = 2.0 * PI * j as f32 / TUBE_SIDES as f32;
                    let dir = normal * a.cos() + binormal * a.sin();
                    self.vertex(p + dir * r, dir, [u, j as f32 / TUBE_SIDES as f32])
                })
                .collect();
            rings.push(ring);
            if i == 0 {
                ends[0] = (p, -t, normal, r);
            }
            if i == last {
                ends[1] = (p, t, normal, r);
            }
        }
        for w in rings.windows(2) {
            self.band(&w[0], &w[1], material);
        }
        for (i, (p, out, normal, r)) in ends.into_iter().enumerate() {
            let binormal = out.cross(normal);
            let mut prev = if i == 0 { rings[0].clone() } else { rings[last].clone() };
            for k in 1..=CAP_RINGS {
                let phi = 0.5 * PI * k as f32 / CAP_RINGS as f32;
                let ring: Vec<u32> = (0..TUBE_SIDES)
                    .map(|j| {
                        let a = 2.0 * PI * j as f32 / TUBE_SIDES as f32;
                        // The cap's own binormal runs the other way on the
                        // start cap; match the tube ring's angles.
                        let b = if i == 0 { -binormal } else { binormal };
                        let radial = normal * a.cos() + b * a.sin();
                        let dir = out * phi.sin() + radial * phi.cos();
                        self.vertex(p + dir * r, dir, [0.0, j as f32 / TUBE_SIDES as f32])
                    })
                    .collect();
                self.band(&prev, &ring, material);
                prev = ring;
            }
        }
    }

    /// The hull of sphere (`a`, `ra`) and sphere (`b`, `rb`) as a surface of
    /// revolution. With `w` the unit axis a→b and `L = |b − a|`, the cone
    /// tangent to both spheres has its normal at angle `θs = acos((ra − rb)/L)`
    /// from `w`: normals with θ ∈ [0, θs] lie on sphere b, θ ∈ [θs, π] on
    /// sphere a, and the band between the two rings at θs is the cone, whose
    /// normal is constant along its length — so smooth shading is exact.
    fn add_capsule(&mut self, a: Vec3, b: Vec3, ra: f32, rb: f32, material: u32) {
        let len = (b - a).length();
        let (a, b, ra, rb, w, theta_s) = if len <= (ra - rb).abs() || len < 1e-6 {
            // One sphere holds the other: draw the larger.
            let (c, r) = if ra >= rb { (a, ra) } else { (b, rb) };
            (c, c, r, r, Vec3::new(0.0, 1.0, 0.0), 0.5 * PI)
        } else {
            (a, b, ra, rb, (b - a) * (1.0 / len), ((ra - rb) / len).acos())
        };
        let u = w.any_perpendicular();
        let v = w.cross(u);
        let mut rings: Vec<Vec<u32>> = Vec::new();
        let caps = [(b, rb, 0.0, theta_s), (a, ra, theta_s, PI)];
        for (centre, r, from, to) in caps {
            let steps = ((to - from) / RING_STEP).ceil().max(1.0) as usize;
            for k in 0..=steps {
                let theta = from + (to - from) * k as f32 / steps as f32;
                let ring = (0..COLLIDER_SEGMENTS)
                    .map(|j| {
                        let psi = 2.0 * PI * j as f32 / COLLIDER_SEGMENTS as f32;
                        let radial = u * psi.cos() + v * psi.sin();
                        let n = w * theta.cos() + radial * theta.sin();
                        self.vertex(centre + n * r, n, [0.0; 2])
                    })
                    .collect();
                rings.push(ring);
            }
        }
        for pair in rings.windows(2) {
            self.band(&pair[0], &pair[1], material);
        }
    }

    fn add_cuboid(&mut self, centre: Vec3, axes: [Vec3; 3], half: Vec3, material: u32) {
        let half = [half.x.abs(), half.y.abs(), half.z.abs()];
        for k in 0..3 {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            for sign in [1.0, -1.0] {
                let n = axes[k] * sign;
                let c = centre + n * half[k];
                let (ei, ej) = (axes[i] * half[i], axes[j] * half[j]);
                let q = [c - ei - ej, c + ei - ej, c + ei + ej, c - ei + ej].map(|p| self.vertex(p, n, [0.0; 2]));
                self.triangle([q[0], q[1], q[2]], material);
                self.triangle([q[0], q[2], q[3]], material);
            }
        }
    }
}

/// Smooth vertex normals of an indexed mesh: each vertex sums the face
/// normals `(p1 − p0) × (p2 − p0)` of its triangles — whose length is twice
/// the face's area, so big faces weigh more — and normalises. Triangles with
/// a non-finite corner are left out; a vertex on none gets zero.
pub fn vertex_normals(positions: &[Vec3], triangles: &[[u32; 3]]) -> Vec<Vec3> {
    let mut n = vec![Vec3::ZERO; positions.len()];
    for t in triangles {
        let [p0, p1, p2] = t.map(|i| positions[i as usize]);
        let face = (p1 - p0).cross(p2 - p0);
        if face.is_finite() {
            t.iter().for_each(|&i| n[i as usize] += face);
        }
    }
    n.iter_mut().for_each(|v| *v = v.normalized());
    n
}

/// Signed mean curvature per vertex, 1/m, positive where the surface is
/// concave seen from its normal's side. On a sphere of radius R a neighbour
/// q of p satisfies (q − p)·n = −|q − p|²/(2R) for the outward normal, so
/// κ = 2·Σ(q − p)·n / Σ|q − p|² over the one-ring is −1/R there.
fn fold_curvature(positions: &[Vec3], triangles: &[[u32; 3]], normals: &[Vec3]) -> Vec<f32> {
    let mut along = vec![0.0f32; positions.len()];
    let mut spread = vec![0.0f32; positions.len()];
    for t in triangles {
        for k in 0..3 {
            let (i, j) = (t[k] as usize, t[(k + 1) % 3] as usize);
            let d = positions[j] - positions[i];
            if d.is_finite() {
                along[i] += d.dot(normals[i]);
                along[j] -= d.dot(normals[j]);
                spread[i] += d.dot(d);
                spread[j] += d.dot(d);
            }
        }
    }
    along.iter().zip(&spread).map(|(&a, &s)| if s > 0.0 { 2.0 * a / s } else { 0.0 }).collect()
}
