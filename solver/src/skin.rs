//! Render-mesh skinning: a finer (or just different) mesh the engine draws,
//! bound once to the simulated sheet and moved with it after every step.
//!
//! ```text
//!   bind    each render vertex p: its nearest simulated triangle t (a, b, c),
//!           the barycentric coordinates β of the closest point q on t, and
//!           the offset p − q in t's frame (e, n × e, n) at bind:
//!               e = unit(b − a),  n = unit((b − a) × (c − a))
//!           a vertex at a node's bind position binds to that node exactly
//!           (β = (1, 0, 0)), so a render mesh equal to the simulated one
//!           reproduces its positions bit for bit
//!   write   p' = Σ β_i x_i + d_e e' + d_s (n' × e') + d_n n'    (t's frame now)
//!           normal  = unit Σ β_i n_i   (the nodes' normals, `surface.rs`)
//!           tangent = unit part ⊥ normal of Σ β_i t_i
//! ```
//!
//! The write runs four vertices at a time in `f64` lanes ([`write`]), the
//! last few one at a time, to the same bits.
//!
//! A vertex on the surface (a subdivision of it) has no offset and follows
//! it exactly; one off it (a thick hem, a collar) is carried rigidly by its
//! triangle's frame, which is also the fallback for a vertex far from the
//! cloth. A sheet only: a tree is drawn from its node poses.

use crate::lanes::{Lanes, Points, V3};
use crate::pose::{self, Pose, Vec3};

/// A render vertex closer than this to the sheet at bind lies on it, m: a
/// tenth of a micrometre, below f32 resolution a metre from the origin.
const ON_SURFACE: f64 = 1e-7;

/// Why a render mesh could not be bound.
#[derive(Clone, Debug, PartialEq)]
pub enum SkinError {
    /// The cloth has no triangles (a tree, a rope): draw it from its node poses.
    NoTriangles,
    /// The render mesh has no vertices.
    Empty,
    /// A render vertex is not finite or is beyond the coordinate limit.
    BadVertex { vertex: usize },
}

impl std::fmt::Display for SkinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SkinError::NoTriangles => {
                write!(f, "the cloth has no triangles; a tree or a rope is drawn from its node poses")
            }
            SkinError::Empty => write!(f, "the render mesh has no vertices"),
            SkinError::BadVertex { vertex } => {
                write!(
                    f,
                    "render vertex {vertex} is not finite or lies beyond ±{} m",
                    crate::constants::COORDINATE_LIMIT
                )
            }
        }
    }
}

impl std::error::Error for SkinError {}

/// One render vertex's attachment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attachment {
    /// The triangle's corners (caller nodes).
    pub corners: [u32; 3],
    /// Barycentric coordinates of the closest point.
    pub weights: [f32; 3],
    /// Offset from the closest point in the triangle's (e, n × e, n) frame, m.
    pub offset: [f32; 3],
}

/// A render mesh bound to a sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct RenderBinding {
    pub attachments: Vec<Attachment>,
}

/// The triangle's frame (e, n × e, n), or `None` when degenerate.
fn triangle_frame(a: Vec3, b: Vec3, c: Vec3) -> Option<[Vec3; 3]> {
    let e = pose::normalized(pose::sub(b, a))?;
    let n = pose::normalized(pose::cross(pose::sub(b, a), pose::sub(c, a)))?;
    Some([e, pose::cross(n, e), n])
}

/// The closest point of triangle (a, b, c) to `p` as barycentric
/// coordinates (Ericson, "Real-Time Collision Detection", §5.1.5).
fn closest_barycentric(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> [f64; 3] {
    let (ab, ac, ap) = (pose::sub(b, a), pose::sub(c, a), pose::sub(p, a));
    let (d1, d2) = (pose::dot(ab, ap), pose::dot(ac, ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return [1.0, 0.0, 0.0];
    }
    let bp = pose::sub(p, b);
    let (d3, d4) = (pose::dot(ab, bp), pose::dot(ac, bp));
    if d3 >= 0.0 && d4 <= d3 {
        return [0.0, 1.0, 0.0];
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        let v = d1 / (d1 - d3);
        return [1.0 - v, v, 0.0];
    }
    let cp = pose::sub(p, c);
    let (d5, d6) = (pose::dot(ab, cp), pose::dot(ac, cp));
    if d6 >= 0.0 && d5 <= d6 {
        return [0.0, 0.0, 1.0];
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        let w = d2 / (d2 - d6);
        return [1.0 - w, 0.0, w];
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        let w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return [0.0, 1.0 - w, w];
    }
    let denom = 1.0 / (va + vb + vc);
    let (v, w) = (vb * denom, vc * denom);
    [1.0 - v - w, v, w]
}

fn combine(w: [f64; 3], p: [Vec3; 3]) -> Vec3 {
    pose::add(pose::add(pose::scale(p[0], w[0]), pose::scale(p[1], w[1])), pose::scale(p[2], w[2]))
}

/// A uniform grid of triangles by bounding box, for the nearest-triangle
/// query: cells of about two mean edges.
struct TriangleGrid {
    origin: Vec3,
    cell: f64,
    dims: [i64; 3],
    start: Vec<u32>,
    items: Vec<u32>,
}

impl TriangleGrid {
    fn new(bind: &[Vec3], triangles: &[[u32; 3]]) -> Self {
        let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
        let mut edges = 0.0;
        for t in triangles {
            for k in 0..3 {
                let p = bind[t[k] as usize];
                for d in 0..3 {
                    lo[d] = lo[d].min(p[d]);
                    hi[d] = hi[d].max(p[d]);
                }
                edges += pose::norm(pose::sub(bind[t[(k + 1) % 3] as usize], p));
            }
        }
        let extent = (0..3).map(|d| hi[d] - lo[d]).fold(0.0, f64::max);
        // At most 64 cells a side: a sliver of a mesh does not make a huge grid.
        let cell = (2.0 * edges / (3.0 * triangles.len() as f64)).max(extent / 64.0).max(1e-6);
        let dims = [0, 1, 2].map(|d| ((hi[d] - lo[d]) / cell).floor() as i64 + 1);
        let key = |p: Vec3| [0, 1, 2].map(|d| (((p[d] - lo[d]) / cell).floor() as i64).clamp(0, dims[d] - 1));
        let index = |k: [i64; 3]| ((k[2] * dims[1] + k[1]) * dims[0] + k[0]) as usize;
        let cells = (dims[0] * dims[1] * dims[2]) as usize;
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for (i, t) in triangles.iter().enumerate() {
            let ps = t.map(|c| bind[c as usize]);
            let kmin = key([0, 1, 2].map(|d| ps.iter().map(|p| p[d]).fold(f64::INFINITY, f64::min)));
            let kmax = key([0, 1, 2].map(|d| ps.iter().map(|p| p[d]).fold(f64::NEG_INFINITY, f64::max)));
            for z in kmin[2]..=kmax[2] {
                for y in kmin[1]..=kmax[1] {
                    for x in kmin[0]..=kmax[0] {
                        lists[index([x, y, z])].push(i as u32);
                    }
                }
            }
        }
        let mut start = vec![0u32];
        let mut items = Vec::new();
        for l in &lists {
            items.extend_from_slice(l);
            start.push(items.len() as u32);
        }
        TriangleGrid { origin: lo, cell, dims, start, items }
    }

    /// Calls `f` with every triangle in the cells at Chebyshev ring `r`
    /// around `p`'s cell (clamped into the grid); false once the ring lies
    /// wholly outside the grid.
    fn ring(&self, p: Vec3, r: i64, mut f: impl FnMut(u32)) -> bool {
        let k = [0, 1, 2].map(|d| ((p[d] - self.origin[d]) / self.cell).floor() as i64);
        let mut any = false;
        for z in k[2] - r..=k[2] + r {
            for y in k[1] - r..=k[1] + r {
                for x in k[0] - r..=k[0] + r {
                    let on_ring = (x - k[0]).abs() == r || (y - k[1]).abs() == r || (z - k[2]).abs() == r;
                    let inside = [x, y, z].iter().zip(&self.dims).all(|(&c, &d)| c >= 0 && c < d);
                    if !on_ring || !inside {
                        continue;
                    }
                    any = true;
                    let i = ((z * self.dims[1] + y) * self.dims[0] + x) as usize;
                    for &t in &self.items[self.start[i] as usize..self.start[i + 1] as usize] {
                        f(t);
                    }
                }
            }
        }
        any || r == 0
    }
}

impl RenderBinding {
    /// Binds `vertices` (the render mesh's bind positions, in the anchor
    /// frame) to the sheet whose bind positions and triangles are given.
    pub fn new(bind: &[[f32; 3]], triangles: &[[u32; 3]], vertices: &[[f32; 3]]) -> Result<Self, SkinError> {
        if triangles.is_empty() {
            return Err(SkinError::NoTriangles);
        }
        if vertices.is_empty() {
            return Err(SkinError::Empty);
        }
        if let Some(vertex) = vertices
            .iter()
            .position(|v| !v.iter().all(|c| c.is_finite() && (c.abs() as f64) <= crate::constants::COORDINATE_LIMIT))
        {
            return Err(SkinError::BadVertex { vertex });
        }
        let bind64: Vec<Vec3> = bind.iter().map(|p| p.map(f64::from)).collect();
        let grid = TriangleGrid::new(&bind64, triangles);
        // Exact node positions bind to their node: bit-exact reproduction.
        let mut at_node: std::collections::HashMap<[u32; 3], u32> = std::collections::HashMap::new();
        let mut first_triangle = vec![u32::MAX; bind.len()];
        for (i, t) in triangles.iter().enumerate() {
            for (k, &c) in t.iter().enumerate() {
                if first_triangle[c as usize] == u32::MAX {
                    first_triangle[c as usize] = i as u32;
                    at_node.entry(bind[c as usize].map(f32::to_bits)).or_insert((i * 3 + k) as u32);
                }
            }
        }
        let attachments = vertices
            .iter()
            .map(|v| {
                if let Some(&slot) = at_node.get(&v.map(f32::to_bits)) {
                    let (t, k) = (slot as usize / 3, slot as usize % 3);
                    let tri = triangles[t];
                    // The node first, weight 1: Σ β x is then x itself.
                    return Attachment {
                        corners: [tri[k], tri[(k + 1) % 3], tri[(k + 2) % 3]],
                        weights: [1.0, 0.0, 0.0],
                        offset: [0.0; 3],
                    };
                }
                let p = v.map(f64::from);
                let mut best: Option<(f64, u32, [f64; 3])> = None;
                let consider = |best: &mut Option<(f64, u32, [f64; 3])>, t: u32| {
                    let [a, b, c] = triangles[t as usize].map(|n| bind64[n as usize]);
                    let w = closest_barycentric(p, a, b, c);
                    let d = pose::norm(pose::sub(p, combine(w, [a, b, c])));
                    if best.is_none_or(|(bd, bt, _)| d < bd || (d == bd && t < bt)) {
                        *best = Some((d, t, w));
                    }
                };
                let mut r = 0;
                while grid.ring(p, r, |t| consider(&mut best, t)) {
                    if best.is_some_and(|(d, _, _)| d <= r as f64 * grid.cell) {
                        break;
                    }
                    r += 1;
                }
                if best.is_none() {
                    (0..triangles.len() as u32).for_each(|t| consider(&mut best, t));
                }
                let (_, t, w) = best.expect("a sheet has a triangle");
                let corners = triangles[t as usize];
                let [a, b, c] = corners.map(|n| bind64[n as usize]);
                let q = combine(w, [a, b, c]);
                let d = pose::sub(p, q);
                // A vertex on the surface (within f32 round-off of it) has no
                // offset: it is the surface point, and costs no frame.
                let offset = match triangle_frame(a, b, c) {
                    Some(f) if pose::norm(d) > ON_SURFACE => f.map(|axis| pose::dot(d, axis) as f32),
                    _ => [0.0; 3],
                };
                Attachment { corners, weights: w.map(|x| x as f32), offset }
            })
            .collect();
        Ok(RenderBinding { attachments })
    }

    /// Render vertices.
    pub fn vertices(&self) -> usize {
        self.attachments.len()
    }
}

/// What [`write`] computes per render vertex.
pub struct Want<'a> {
    /// Each node's `[normal, tangent]` (`surface.rs`), when frames are asked for.
    pub frames: Option<&'a [[Vec3; 2]]>,
    /// The anchor's pose, for world space.
    pub world: Option<Pose>,
}

/// Render vertices `attachments` as `[position, normal, tangent]` (zeros
/// where frames are not asked for) into `out`, `L::WIDTH` at a time, the
/// rest one at a time: the same operations in the same order per vertex
/// whatever the width, so every width gives the same bits. `x` holds the
/// particles (anchor frame) by slot, `slot_of_node` maps the corners.
pub fn write(attachments: &[Attachment], slot_of_node: &[u32], x: &Points, want: &Want, out: &mut [[[f32; 3]; 3]]) {
    const W: usize = <wide::f64x4 as Lanes>::WIDTH;
    let whole = attachments.len() - attachments.len() % W;
    for first in (0..whole).step_by(W) {
        block::<wide::f64x4>(&attachments[first..first + W], slot_of_node, x, want, &mut out[first..first + W]);
    }
    for i in whole..attachments.len() {
        block::<f64>(&attachments[i..i + 1], slot_of_node, x, want, &mut out[i..i + 1]);
    }
}

/// `f` of each attachment, one per lane.
#[inline(always)]
fn lanes<L: Lanes>(att: &[Attachment], f: impl Fn(&Attachment) -> f64) -> L {
    let mut v = [0.0; 8];
    for (l, a) in att.iter().enumerate() {
        v[l] = f(a);
    }
    L::from_lanes(&v[..L::WIDTH])
}

/// `pose::normalized` per lane: the unit vector, and where it exists.
#[inline(always)]
fn normalized<L: Lanes>(v: V3<L>) -> (V3<L>, L::Mask) {
    let n = v.norm2().sqrt();
    (v.scale(L::splat(1.0) / n), L::and(n.gt(L::splat(1e-300)), n.finite()))
}

/// `Quat::rotate` per lane (`t = 2 u × v`, `v + w t + u × t`).
#[inline(always)]
fn rotate<L: Lanes>(q: pose::Quat, v: V3<L>) -> V3<L> {
    let u = V3::splat([q.x, q.y, q.z]);
    let t = u.cross(v).scale(L::splat(2.0));
    v + t.scale(L::splat(q.w)) + u.cross(t)
}

/// `L::WIDTH` render vertices:
///
/// ```text
///   p = β₀x₀ (+ β₁x₁ + β₂x₂, each where β ≠ 0: a weight of 1 is the node's bits)
///       + d_e e + d_s (n × e) + d_n n    where the offset ≠ 0 and the frame exists
///   normal  = unit Σ β_i n_i, else the first corner's
///   tangent = unit part ⊥ normal of Σ β_i t_i (`surface::orthogonal_part`), else the first corner's
/// ```
#[inline(always)]
fn block<L: Lanes>(att: &[Attachment], slot_of_node: &[u32], x: &Points, want: &Want, out: &mut [[[f32; 3]; 3]]) {
    let corner = |k: usize| {
        let mut idx = [0u32; 8];
        for (l, a) in att.iter().enumerate() {
            idx[l] = slot_of_node[a.corners[k] as usize];
        }
        V3::new(L::gather(&x.x, &idx), L::gather(&x.y, &idx), L::gather(&x.z, &idx))
    };
    let c = [corner(0), corner(1), corner(2)];
    let w: [L; 3] = std::array::from_fn(|k| lanes(att, |a| a.weights[k] as f64));
    let zero = L::zero();
    let mut p = c[0].scale(w[0]);
    for k in 1..3 {
        let on = L::or(w[k].lt(zero), w[k].gt(zero));
        p = V3::select(on, p + c[k].scale(w[k]), p);
    }
    let d: [L; 3] = std::array::from_fn(|k| lanes(att, |a| a.offset[k] as f64));
    let offset = L::or(
        L::or(L::or(d[0].lt(zero), d[0].gt(zero)), L::or(d[1].lt(zero), d[1].gt(zero))),
        L::or(d[2].lt(zero), d[2].gt(zero)),
    );
    if L::any(offset) {
        let (e, has_e) = normalized(c[1] - c[0]);
        let (n, has_n) = normalized((c[1] - c[0]).cross(c[2] - c[0]));
        let mut q = p;
        for (axis, dk) in [e, n.cross(e), n].into_iter().zip(d) {
            q += axis.scale(dk);
        }
        p = V3::select(L::and(offset, L::and(has_e, has_n)), q, p);
    }
    let (mut normal, mut tangent) = (V3::<L>::zero(), V3::<L>::zero());
    if let Some(frames) = want.frames {
        let of = |k: usize, which: usize| {
            let get = |axis: usize| lanes(att, |a| frames[a.corners[k] as usize][which][axis]);
            V3::new(get(0), get(1), get(2))
        };
        let sum = |which: usize| (0..3).fold(V3::<L>::zero(), |s, k| s + of(k, which).scale(w[k]));
        let (unit, ok) = normalized(sum(0));
        normal = V3::select(ok, unit, of(0, 0));
        let v = sum(1);
        let part = v - normal.scale(v.dot(normal));
        let len = part.norm2().sqrt();
        let ok = L::and(len.gt(L::splat(1e-9) * v.norm2().sqrt().max(L::splat(1e-300))), len.finite());
        tangent = V3::select(ok, part.scale(L::splat(1.0) / len), of(0, 1));
    }
    if let Some(pose) = want.world {
        p = rotate(pose.rotation, p) + V3::splat(pose.translation);
        if want.frames.is_some() {
            normal = rotate(pose.rotation, normal);
            tangent = rotate(pose.rotation, tangent);
        }
    }
    for (l, o) in out.iter_mut().enumerate() {
        *o = [p, normal, tangent].map(|v| [v.x, v.y, v.z].map(|c| c.lane(l) as f32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_point_is_the_projection_inside_and_a_corner_or_edge_outside() {
        let (a, b, c) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        assert_eq!(closest_barycentric([0.25, 0.25, 3.0], a, b, c), [0.5, 0.25, 0.25]);
        assert_eq!(closest_barycentric([-1.0, -1.0, 0.0], a, b, c), [1.0, 0.0, 0.0]);
        assert_eq!(closest_barycentric([2.0, -0.5, 0.0], a, b, c), [0.0, 1.0, 0.0]);
        assert_eq!(closest_barycentric([0.5, -1.0, 0.0], a, b, c), [0.5, 0.5, 0.0]);
        let w = closest_barycentric([1.0, 1.0, 0.0], a, b, c);
        assert!((w[0]).abs() < 1e-15 && (w[1] - 0.5).abs() < 1e-15 && (w[2] - 0.5).abs() < 1e-15);
    }
}
