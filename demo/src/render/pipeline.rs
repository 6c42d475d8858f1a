//! One frame, start to finish:
//!
//! ```text
//!  Scene ──tessellate──▶ Mesh (triangles, vertex normals, materials)
//!                          │
//!            ┌─────────────┴──────────────┐
//!            ▼                            ▼
//!   shadow map (from the sun)    visibility buffer, ss×ss samples per pixel:
//!            │                    ground plane (analytic ray hit), then every
//!            │                    triangle, z-buffered → (triangle, barycentrics)
//!            │                            │
//!            └──────────┬─────────────────┘
//!                       ▼
//!   resolve, per output pixel: group its samples by what they hit, shade each
//!   group once at its mean position, weight by sample count, tone-map → RGB8
//! ```
//!
//! Shading once per (pixel, surface) instead of once per sample gives the
//! edges full supersampled anti-aliasing at little more than one shade per
//! pixel. Everything is sequential and float-order fixed: the same scene and
//! camera give the same bytes.

use super::camera::{Camera, View, NEAR};
use super::image::Image;
use super::math::Vec3;
use super::raster::{clip_near, rasterise};
use super::scene::Scene;
use super::shade::{shade_ground, shade_surface, sky, tonemap, Surface, SurfacePoint};
use super::shadow::ShadowMap;
use super::tessellate::Mesh;

/// Visibility-buffer entry for a sample that sees the sky.
const SKY: u32 = u32::MAX;
/// ... and for one that sees the ground plane.
const GROUND: u32 = u32::MAX - 1;
/// Ropes are drawn at least this many output pixels thick.
const MIN_ROPE_PIXELS: f32 = 1.2;

impl Scene {
    /// Renders the scene as `camera` sees it.
    pub fn render(&self, camera: &Camera) -> Image {
        let ss = camera.supersample.clamp(1, 8);
        let view = camera.view(ss);
        // Metres per output pixel at unit depth.
        let pixel_angle = ss as f32 / view.focal;
        let mesh = Mesh::build(self, |p| 0.5 * MIN_ROPE_PIXELS * pixel_angle * view.world_to_view(p).z.max(NEAR));
        assert!(mesh.tris.len() < GROUND as usize, "too many triangles for one frame");
        let sun = Vec3::from(self.sun).normalized();
        let sun = if sun == Vec3::ZERO { Vec3::new(0.0, 1.0, 0.0) } else { sun };
        let shadow = ShadowMap::build(&mesh, sun);

        let mut samples = Samples::new(view.width, view.height);
        if let Some(height) = self.ground {
            samples.ground(&view, height);
        }
        let uv_per_pixel = samples.triangles(&view, &mesh, ss);

        let frame = Frame { view, ss, mesh, shadow, sun, ground: self.ground, uv_per_pixel };
        let mut image = Image::new(camera.width, camera.height, super::image::Rgb(0, 0, 0));
        let mut groups = vec![Group { hit: SKY, count: 0, bary: [0.0; 2], at: [0.0; 2] }; (ss * ss) as usize];
        for y in 0..camera.height {
            for x in 0..camera.width {
                let c = frame.resolve(&samples, x as usize, y as usize, &mut groups);
                image.set(x as i64, y as i64, tonemap(c));
            }
        }
        image
    }
}

/// The supersampled visibility buffer.
struct Samples {
    width: usize,
    /// 1 / view depth of the nearest surface so far (0 = nothing: sky).
    inv_depth: Vec<f32>,
    /// What the sample sees: a triangle index, `GROUND` or `SKY`.
    hit: Vec<u32>,
    /// Perspective-correct barycentrics (b1, b2) in the hit triangle.
    bary: Vec<[f32; 2]>,
}

impl Samples {
    fn new(width: usize, height: usize) -> Samples {
        let n = width * height;
        Samples { width, inv_depth: vec![0.0; n], hit: vec![SKY; n], bary: vec![[0.0; 2]; n] }
    }

    /// The ground plane `y = height`, hit analytically per sample.
    fn ground(&mut self, view: &View, height: f32) {
        for (i, (depth, hit)) in self.inv_depth.iter_mut().zip(&mut self.hit).enumerate() {
            let (x, y) = (i % self.width, i / self.width);
            let dir = view.ray(x as f32 + 0.5, y as f32 + 0.5);
            // `dir` has unit view depth, so the ray parameter is the depth.
            let t = (height - view.eye.y) / dir.y;
            if t > NEAR && t.is_finite() {
                *depth = 1.0 / t;
                *hit = GROUND;
            }
        }
    }

    /// Every triangle, z-buffered. Returns each triangle's uv-per-pixel
    /// footprint (for pattern filtering).
    fn triangles(&mut self, view: &View, mesh: &Mesh, ss: u32) -> Vec<f32> {
        let height = self.hit.len() / self.width;
        let in_view: Vec<Vec3> = mesh.pos.iter().map(|&p| view.world_to_view(p)).collect();
        let mut uv_per_pixel = vec![0.0; mesh.tris.len()];
        for (t, tri) in mesh.tris.iter().enumerate() {
            let material = &mesh.materials[mesh.tri_material[t] as usize];
            let bias = material.depth_bias;
            let v = tri.map(|i| in_view[i as usize]);
            if matches!(material.surface, Surface::Cloth { checks } if checks > 0.0) && v.iter().all(|p| p.z > NEAR) {
                let s = v.map(|p| view.view_to_screen(p));
                let screen =
                    0.5 * ((s[1][0] - s[0][0]) * (s[2][1] - s[0][1]) - (s[1][1] - s[0][1]) * (s[2][0] - s[0][0]));
                let [a, b, c] = tri.map(|i| mesh.uv[i as usize]);
                let uv = 0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
                let pixels = screen.abs() / (ss * ss) as f32;
                uv_per_pixel[t] = if pixels > 1e-12 { (uv.abs() / pixels).sqrt() } else { 0.0 };
            }
            for piece in clip_near(v, NEAR) {
                let screen = piece.map(|c| view.view_to_screen(c.view));
                let inv_z = piece.map(|c| 1.0 / c.view.z);
                rasterise(screen, self.width, height, |x, y, l| {
                    let iz = l[0] * inv_z[0] + l[1] * inv_z[1] + l[2] * inv_z[2];
                    let tested = 1.0 / (1.0 / iz - bias).max(0.5 * NEAR);
                    let i = y * self.width + x;
                    if tested > self.inv_depth[i] {
                        self.inv_depth[i] = tested;
                        self.hit[i] = t as u32;
                        // Perspective-correct weights of the clipped piece's
                        // corners, then the original triangle's barycentrics.
                        let w = [l[0] * inv_z[0] / iz, l[1] * inv_z[1] / iz, l[2] * inv_z[2] / iz];
                        let b = |k: usize| w[0] * piece[0].bary[k] + w[1] * piece[1].bary[k] + w[2] * piece[2].bary[k];
                        self.bary[i] = [b(1), b(2)];
                    }
                });
            }
        }
        uv_per_pixel
    }
}

/// Everything the resolve pass reads.
struct Frame {
    view: View,
    ss: u32,
    mesh: Mesh,
    shadow: ShadowMap,
    sun: Vec3,
    ground: Option<f32>,
    uv_per_pixel: Vec<f32>,
}

/// Samples of one pixel that hit the same thing.
#[derive(Clone, Copy)]
struct Group {
    hit: u32,
    count: u32,
    bary: [f32; 2],
    at: [f32; 2],
}

impl Frame {
    /// The linear colour of output pixel `(x, y)`.
    /// `groups` is scratch space for `ss²` entries.
    fn resolve(&self, samples: &Samples, x: usize, y: usize, groups: &mut [Group]) -> Vec3 {
        let ss = self.ss as usize;
        let mut used = 0;
        for sy in y * ss..(y + 1) * ss {
            for sx in x * ss..(x + 1) * ss {
                let i = sy * samples.width + sx;
                let (hit, b) = (samples.hit[i], samples.bary[i]);
                let at = [sx as f32 + 0.5, sy as f32 + 0.5];
                match groups[..used].iter_mut().find(|g| g.hit == hit) {
                    Some(g) => {
                        g.count += 1;
                        g.bary = [g.bary[0] + b[0], g.bary[1] + b[1]];
                        g.at = [g.at[0] + at[0], g.at[1] + at[1]];
                    }
                    None => {
                        groups[used] = Group { hit, count: 1, bary: b, at };
                        used += 1;
                    }
                }
            }
        }
        let mut sum = Vec3::ZERO;
        for g in &groups[..used] {
            let k = 1.0 / g.count as f32;
            let c = self.shade(g.hit, [g.bary[0] * k, g.bary[1] * k], [g.at[0] * k, g.at[1] * k]);
            sum += c * g.count as f32;
        }
        sum * (1.0 / (ss * ss) as f32)
    }

    fn shade(&self, hit: u32, bary: [f32; 2], at: [f32; 2]) -> Vec3 {
        let dir = self.view.ray(at[0], at[1]);
        match hit {
            SKY => sky(dir),
            GROUND => self.shade_ground(dir, at),
            t => {
                let t = t as usize;
                let tri = self.mesh.tris[t];
                let w = [1.0 - bary[0] - bary[1], bary[0], bary[1]];
                let [p0, p1, p2] = tri.map(|i| self.mesh.pos[i as usize]);
                let [n0, n1, n2] = tri.map(|i| self.mesh.nrm[i as usize]);
                let [u0, u1, u2] = tri.map(|i| self.mesh.uv[i as usize]);
                let [o0, o1, o2] = tri.map(|i| self.mesh.open[i as usize]);
                let face = (p1 - p0).cross(p2 - p0).normalized();
                let point = SurfacePoint {
                    p: p0 * w[0] + p1 * w[1] + p2 * w[2],
                    n: n0 * w[0] + n1 * w[1] + n2 * w[2],
                    face,
                    uv: std::array::from_fn(|k| u0[k] * w[0] + u1[k] * w[1] + u2[k] * w[2]),
                    open: std::array::from_fn(|k| o0[k] * w[0] + o1[k] * w[1] + o2[k] * w[2]),
                    uv_per_pixel: self.uv_per_pixel[t],
                };
                let material = &self.mesh.materials[self.mesh.tri_material[t] as usize];
                shade_surface(material, &point, self.view.eye, self.sun, &self.shadow)
            }
        }
    }

    fn shade_ground(&self, dir: Vec3, at: [f32; 2]) -> Vec3 {
        let height = self.ground.expect("ground samples exist only with a ground");
        let eye = self.view.eye;
        let hit = |d: Vec3| {
            let t = (height - eye.y) / d.y;
            (t > 0.0 && t.is_finite()).then(|| eye + d * t)
        };
        let Some(p) = hit(dir) else { return sky(dir) };
        // One output pixel's footprint on the floor, from the rays one pixel
        // right and one pixel down (near the horizon: effectively infinite).
        let step = self.ss as f32;
        let footprint = match (hit(self.view.ray(at[0] + step, at[1])), hit(self.view.ray(at[0], at[1] + step))) {
            (Some(px), Some(py)) => [(px.x - p.x).abs() + (py.x - p.x).abs(), (px.z - p.z).abs() + (py.z - p.z).abs()],
            _ => [f32::INFINITY; 2],
        };
        shade_ground(p, (p - eye).length(), footprint, self.sun, &self.shadow)
    }
}
