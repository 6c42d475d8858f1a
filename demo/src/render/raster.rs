//! Triangle coverage on a sample grid, and near-plane clipping.
//!
//! Coverage is decided on integer edge functions: vertices snap to 1/256 of
//! a sample, so `E(p) = (b − a) × (p − a)` is exact in i64 and a sample on
//! an edge shared by two triangles is owned by exactly one of them (the tie
//! rule below). Meshes are therefore watertight — no background dots along
//! the seams of a cloth — and the result does not depend on float rounding.

use super::math::Vec3;

/// Fixed-point steps per sample: 8 bits of sub-sample precision.
const SUB: i64 = 256;
/// Largest raster coordinate accepted, in samples. Keeps every edge-function
/// product below 2⁶³ (4·10⁶ × 256 squared ≈ 10¹⁸); a vertex beyond it only
/// arises within millimetres of the near plane, and its triangle is dropped.
const MAX_COORD: f32 = 4.0e6;

/// Calls `visit(x, y, λ)` for every sample centre `(x + ½, y + ½)` of a
/// `width × height` grid inside the triangle `v` (raster coordinates, y
/// down), with `λ` its screen-space barycentric weights (sum 1). Either
/// winding is accepted. Zero-area triangles cover nothing.
pub(crate) fn rasterise(v: [[f32; 2]; 3], width: usize, height: usize, mut visit: impl FnMut(usize, usize, [f32; 3])) {
    if v.iter().flatten().any(|c| !c.is_finite() || c.abs() > MAX_COORD) || width == 0 || height == 0 {
        return;
    }
    let p = v.map(|[x, y]| [(x * SUB as f32).round() as i64, (y * SUB as f32).round() as i64]);
    let area = orient(p[0], p[1], p[2]);
    if area == 0 {
        return;
    }
    // With s = sign(area), s·E_k ≥ 0 inside for every edge k.
    let s = area.signum();
    let area = (area * s) as f32;

    // Edge k runs from vertex k+1 to k+2 (opposite vertex k), so that
    // E_k(vertex k) = area and λ_k = E_k / area.
    let mut step_x = [0i64; 3];
    let mut bias = [0i64; 3];
    for k in 0..3 {
        let (a, b) = (p[(k + 1) % 3], p[(k + 2) % 3]);
        let (dx, dy) = (s * (b[0] - a[0]), s * (b[1] - a[1]));
        step_x[k] = -dy * SUB;
        // Tie rule: a sample exactly on the edge belongs to this triangle
        // only if the edge direction is "owning". The neighbour across a
        // shared edge walks it the other way, so exactly one owns it.
        let owns = dy > 0 || (dy == 0 && dx < 0);
        bias[k] = if owns { 0 } else { -1 };
    }

    let lo = |c: i64| ((c - SUB / 2) as f64 / SUB as f64).ceil().max(0.0) as usize;
    let hi = |c: i64, n: usize| ((c - SUB / 2) as f64 / SUB as f64).floor().min(n as f64 - 1.0);
    let x0 = lo(p.iter().map(|q| q[0]).min().expect("3 vertices"));
    let y0 = lo(p.iter().map(|q| q[1]).min().expect("3 vertices"));
    let x1 = hi(p.iter().map(|q| q[0]).max().expect("3 vertices"), width);
    let y1 = hi(p.iter().map(|q| q[1]).max().expect("3 vertices"), height);
    if x1 < x0 as f64 || y1 < y0 as f64 {
        return;
    }
    let (x1, y1) = (x1 as usize, y1 as usize);

    let centre = |i: usize| i as i64 * SUB + SUB / 2;
    for y in y0..=y1 {
        let mut e = [0i64; 3];
        for k in 0..3 {
            let a = p[(k + 1) % 3];
            let b = p[(k + 2) % 3];
            e[k] = s * orient(a, b, [centre(x0), centre(y)]);
        }
        for x in x0..=x1 {
            if e[0] + bias[0] >= 0 && e[1] + bias[1] >= 0 && e[2] + bias[2] >= 0 {
                visit(x, y, [e[0] as f32 / area, e[1] as f32 / area, e[2] as f32 / area]);
            }
            for k in 0..3 {
                e[k] += step_x[k];
            }
        }
    }
}

/// Twice the signed area of `a, b, c`: (b − a) × (c − a).
fn orient(a: [i64; 2], b: [i64; 2], c: [i64; 2]) -> i64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// A view-space vertex carrying its barycentric coordinates in the original
/// (unclipped) triangle, so shading always interpolates the original.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClipVertex {
    pub view: Vec3,
    pub bary: [f32; 3],
}

/// Cuts the triangle at the plane `z = near` (keeps `z ≥ near`) and returns
/// the kept part as a fan of 0, 1 or 2 triangles.
pub(crate) fn clip_near(tri: [Vec3; 3], near: f32) -> Vec<[ClipVertex; 3]> {
    let corners = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let v: [ClipVertex; 3] = std::array::from_fn(|i| ClipVertex { view: tri[i], bary: corners[i] });
    if tri.iter().all(|p| p.z >= near) {
        return vec![v];
    }
    // Sutherland–Hodgman against one plane: at most 4 vertices out.
    let mut poly: Vec<ClipVertex> = Vec::with_capacity(4);
    for i in 0..3 {
        let (a, b) = (v[i], v[(i + 1) % 3]);
        let (a_in, b_in) = (a.view.z >= near, b.view.z >= near);
        if a_in {
            poly.push(a);
        }
        if a_in != b_in {
            let t = (near - a.view.z) / (b.view.z - a.view.z);
            poly.push(ClipVertex {
                view: a.view.lerp(b.view, t),
                bary: std::array::from_fn(|k| a.bary[k] + (b.bary[k] - a.bary[k]) * t),
            });
        }
    }
    (1..poly.len().saturating_sub(1)).map(|i| [poly[0], poly[i], poly[i + 1]]).collect()
}
