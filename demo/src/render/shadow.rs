//! Sun shadows: an orthographic depth map seen from the sun, read with
//! percentage-closer soft shadows (PCSS) — a blocker search estimates how far
//! the occluder is, and the filter widens with that distance, so a cape's
//! shadow is crisp where it touches the body and soft on the ground.
//!
//! Texel size is a power of two in metres and the map origin snaps to whole
//! texels in world space, so moving one object never shifts the texel grid
//! under the others (no shimmering shadows, and pixels far from a change stay
//! bit-identical).

use super::math::Vec3;
use super::raster::rasterise;
use super::tessellate::Mesh;

/// Most texels along a side of the map. The texel is the power of two that
/// fits the casters in at most this many — 2–4 mm for a 2 m character.
const MAX_TEXELS: f32 = 1024.0;
/// Receiver offset along its normal before the lookup, in texels; with
/// `DEPTH_BIAS` it removes self-shadowing "acne" on smooth cloth.
const NORMAL_OFFSET: f32 = 1.5;
/// Depth tolerance, metres: a blocker must be this much nearer the sun.
const DEPTH_BIAS: f32 = 0.004;
/// Penumbra width per metre between occluder and receiver: 0.05 is a sun
/// about 3° wide, a soft studio key light rather than a hard real sun.
const LIGHT_SPREAD: f32 = 0.05;
/// Narrowest penumbra, metres (half-width). Cloth meshes are coarse next to
/// the light's view of them: a crisper shadow edge would show the triangle
/// steps of a fold's silhouette.
const MIN_PENUMBRA: f32 = 0.012;
/// Blocker search radius, metres: the widest penumbra considered.
const SEARCH_RADIUS: f32 = 0.08;

pub(crate) struct ShadowMap {
    to_light: Vec3,
    right: Vec3,
    up: Vec3,
    /// World (u, v) of texel (0, 0)'s corner.
    origin: [f32; 2],
    texel: f32,
    size: usize,
    /// Distance along the light's travel (larger = farther from the sun);
    /// +∞ where nothing casts.
    depth: Vec<f32>,
}

impl ShadowMap {
    /// Renders every triangle of `mesh` into a map looking along −`to_light`.
    pub fn build(mesh: &Mesh, to_light: Vec3) -> ShadowMap {
        let to_light = to_light.normalized();
        let to_light = if to_light == Vec3::ZERO { Vec3::new(0.0, 1.0, 0.0) } else { to_light };
        let right = to_light.any_perpendicular();
        let up = to_light.cross(right);
        let light = |p: Vec3| [p.dot(right), p.dot(up), -p.dot(to_light)];

        let mut lo = [f32::INFINITY; 2];
        let mut hi = [f32::NEG_INFINITY; 2];
        for t in &mesh.tris {
            for &i in t {
                let [u, v, _] = light(mesh.pos[i as usize]);
                lo = [lo[0].min(u), lo[1].min(v)];
                hi = [hi[0].max(u), hi[1].max(v)];
            }
        }
        if !(lo[0].is_finite() && lo[1].is_finite() && hi[0].is_finite() && hi[1].is_finite()) {
            return ShadowMap { to_light, right, up, origin: [0.0; 2], texel: 1.0, size: 0, depth: Vec::new() };
        }
        let extent = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-3);
        let texel = (extent / MAX_TEXELS).log2().ceil().exp2();
        // Two texels of border so the filters never read past the casters.
        let origin = [(lo[0] / texel).floor() * texel - 2.0 * texel, (lo[1] / texel).floor() * texel - 2.0 * texel];
        let size = (extent / texel).ceil() as usize + 5;
        let mut depth = vec![f32::INFINITY; size * size];

        for t in &mesh.tris {
            let l = t.map(|i| light(mesh.pos[i as usize]));
            let xy = l.map(|[u, v, _]| [(u - origin[0]) / texel, (v - origin[1]) / texel]);
            rasterise(xy, size, size, |x, y, w| {
                let d = w[0] * l[0][2] + w[1] * l[1][2] + w[2] * l[2][2];
                let cell = &mut depth[y * size + x];
                *cell = cell.min(d);
            });
        }
        ShadowMap { to_light, right, up, origin, texel, size, depth }
    }

    /// How much sun reaches `p` (0 = full shadow, 1 = lit). `normal` is the
    /// surface's geometric normal, either side.
    pub fn visibility(&self, p: Vec3, normal: Vec3) -> f32 {
        if self.size == 0 {
            return 1.0;
        }
        let towards = if normal.dot(self.to_light) >= 0.0 { normal } else { -normal };
        let q = p + towards * (NORMAL_OFFSET * self.texel);
        let x = (q.dot(self.right) - self.origin[0]) / self.texel;
        let y = (q.dot(self.up) - self.origin[1]) / self.texel;
        let d = -q.dot(self.to_light) - DEPTH_BIAS;
        // Receiver-plane depth: a tap (du, dv) texels away compares against
        // the receiver's own plane there, d + (n_u du + n_v dv)/n_d, not
        // against d — else a wide filter on a slanted surface finds the
        // surface itself "in front" and shades it. Slopes are capped at 3
        // (surfaces within ~18° of edge-on to the light).
        let nd = towards.dot(self.to_light).max(1.0 / 3.0);
        let slope = [
            (towards.dot(self.right) / nd).clamp(-3.0, 3.0) * self.texel,
            (towards.dot(self.up) / nd).clamp(-3.0, 3.0) * self.texel,
        ];
        let receiver = |du: f32, dv: f32| d + slope[0] * du + slope[1] * dv;

        // Blocker search: the mean gap to the texels nearer the sun. Beyond
        // the map's reach nothing casts (most of the floor).
        let search = SEARCH_RADIUS / self.texel;
        let reach = self.size as f32 + search;
        if x < -search || y < -search || x > reach || y > reach {
            return 1.0;
        }
        let (mut sum, mut count) = (0.0, 0);
        for j in 0..4 {
            for i in 0..4 {
                let (du, dv) = (search * (i as f32 / 1.5 - 1.0), search * (j as f32 / 1.5 - 1.0));
                let z = self.texel_depth((x + du).floor() as i64, (y + dv).floor() as i64);
                let gap = receiver(du, dv) - z;
                if gap > 0.0 {
                    sum += gap;
                    count += 1;
                }
            }
        }
        if count == 0 {
            return 1.0;
        }
        let gap = sum / count as f32;
        let penumbra = (gap * LIGHT_SPREAD).clamp(MIN_PENUMBRA, SEARCH_RADIUS) / self.texel;

        // Filter: a 6×6 grid of bilinear depth comparisons over the penumbra.
        const TAPS: usize = 6;
        let mut lit = 0.0;
        for j in 0..TAPS {
            for i in 0..TAPS {
                let fx = (i as f32 + 0.5) / TAPS as f32 * 2.0 - 1.0;
                let fy = (j as f32 + 0.5) / TAPS as f32 * 2.0 - 1.0;
                let (du, dv) = (fx * penumbra, fy * penumbra);
                lit += self.compare_bilinear(x + du, y + dv, receiver(du, dv));
            }
        }
        lit / (TAPS * TAPS) as f32
    }

    fn texel_depth(&self, x: i64, y: i64) -> f32 {
        if x < 0 || y < 0 || x >= self.size as i64 || y >= self.size as i64 {
            return f32::INFINITY;
        }
        self.depth[y as usize * self.size + x as usize]
    }

    /// The lit fraction around texel position `(x, y)`, bilinearly weighted
    /// between the four nearest texel centres.
    fn compare_bilinear(&self, x: f32, y: f32, d: f32) -> f32 {
        let (x, y) = (x - 0.5, y - 0.5);
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = (x - x0, y - y0);
        let (x0, y0) = (x0 as i64, y0 as i64);
        let lit = |dx: i64, dy: i64| if self.texel_depth(x0 + dx, y0 + dy) < d { 0.0 } else { 1.0 };
        let top = lit(0, 0) * (1.0 - fx) + lit(1, 0) * fx;
        let bottom = lit(0, 1) * (1.0 - fx) + lit(1, 1) * fx;
        top * (1.0 - fy) + bottom * fy
    }
}
