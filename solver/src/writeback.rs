//! Poses out (DESIGN §10): particles → a world and a local transform per node,
//! written so the host's hierarchy recomposition reproduces the simulated
//! pose (§15: 1.7e-15 m in f64) instead of replacing it with the authored one.
//!
//! Per node `n`, with parent `p` (the anchor for roots) and `Δ` the rotation
//! taking the bind pose to the simulated one:
//!
//! ```text
//!   one child c     Δ_n = arc(Δ_p·b̂_c, d̂_c) ∘ Δ_p     b = bind(c) − bind(n), d = x(c) − x(n)
//!                   (the shortest arc from where the parent's motion carried the
//!                    bind direction: twist is transported down a chain, never invented)
//!   several         Δ_n = the rotation best fitting every b_c onto d_c (weighted by
//!   (a fan root,     length), found by Müller et al.'s iterative polar extraction
//!    a sheet ring)   warm-started from Δ_p, so a degenerate set keeps the parent's twist
//!   leaf            Δ_n = Δ_p
//!   degenerate      a tangent shorter than 1e-4 m: Δ_n = Δ_p, counted (§28 measured
//!                   none; keep the guard anyway)
//!   world_n         = anchor ∘ (x_n, Δ_n ∘ R_bind,n)
//!   local_n         = world_p⁻¹ ∘ world_n                (world_anchor for roots)
//! ```
//!
//! A quaternion's sign is the decomposition's to choose: compare rotations,
//! not bits (§15).

use crate::pose::{self, Pose, Quat, Vec3};

/// Shortest tangent a frame is fitted from, m (§28: keep the epsilon and the
/// fallback even though the record measured zero degenerate frames).
pub const DEGENERATE_TANGENT: f64 = 1e-4;

/// Fitted pairs a node's fit gathers on the stack before iterating.
const PAIRS_GATHERED: usize = 16;

/// The node hierarchy poses are written along, built once at seed.
#[derive(Clone, Debug, Default)]
pub struct Hierarchy {
    /// Parent inside the cloth (`None`: the anchor).
    pub parent: Vec<Option<u32>>,
    /// Nodes whose frame is fitted to: children for trees, mesh neighbours
    /// for nodes of a sheet (CSR).
    pub fit_start: Vec<u32>,
    pub fit: Vec<u32>,
    /// Nodes in an order where every parent precedes its children.
    pub order: Vec<u32>,
    /// Bind rotation of each node in the anchor frame (identity unless the
    /// front door gave one, as a rig does).
    pub bind_rotation: Vec<Quat>,
}

impl Hierarchy {
    /// From per-node parents (empty for a sheet), the mesh edges, and bind
    /// rotations (empty: identity).
    pub fn new(nodes: usize, parents: &[Option<u32>], edges: &[(u32, u32)], bind_rotation: &[Quat]) -> Self {
        let parent: Vec<Option<u32>> = if parents.is_empty() { vec![None; nodes] } else { parents.to_vec() };
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); nodes];
        if parents.is_empty() {
            for &(a, b) in edges {
                lists[a as usize].push(b);
                lists[b as usize].push(a);
            }
        } else {
            for (n, p) in parent.iter().enumerate() {
                if let Some(p) = p {
                    lists[*p as usize].push(n as u32);
                }
            }
        }
        let mut fit_start = vec![0u32];
        let mut fit = Vec::new();
        for l in &lists {
            fit.extend_from_slice(l);
            fit_start.push(fit.len() as u32);
        }
        // Parents first: a breadth-first walk from the roots, in node order.
        let mut order: Vec<u32> = (0..nodes as u32).filter(|&n| parent[n as usize].is_none()).collect();
        let mut i = 0;
        while i < order.len() {
            let n = order[i] as usize;
            if !parents.is_empty() {
                order.extend_from_slice(&lists[n]);
            }
            i += 1;
        }
        let bind_rotation = if bind_rotation.is_empty() { vec![Quat::IDENTITY; nodes] } else { bind_rotation.to_vec() };
        Hierarchy { parent, fit_start, fit, order, bind_rotation }
    }

    /// The first node node `n`'s frame is fitted to (its first child in a
    /// tree), if any.
    pub fn first_fit(&self, n: usize) -> Option<u32> {
        self.fit_nodes(n).first().copied()
    }

    fn fit_nodes(&self, n: usize) -> &[u32] {
        &self.fit[self.fit_start[n] as usize..self.fit_start[n + 1] as usize]
    }
}

/// The rotation `R` that best maps each `b_i` onto `d_i` (weights = lengths),
/// warm-started at `q`. `pairs(f)` calls `f(b, d)` for every pair.
///
/// Newton on `E(R) = −Σ d·(R b)`: with `r = R b`, the torque
/// `g = Σ r × d` and `H = Σ [(r·d) I − ½(r dᵀ + d rᵀ)]` (symmetric), the
/// step turns `R` by `H⁻¹ g`. Where `H` is not safely positive definite
/// (far from the fit, or all `b` along one line) the step is Müller, Bender,
/// Chentanez & Macklin's 2016 `g / |Σ r·d|` ("A robust method to extract
/// the rotational part of deformations"), which converges from anywhere but
/// at a rate of about ½ about the axes a flat neighbourhood tilts around.
fn fit_rotation(pairs: impl Fn(&mut dyn FnMut(Vec3, Vec3)), mut q: Quat) -> Quat {
    for _ in 0..32 {
        let m = q.matrix();
        let mut g = [0.0; 3];
        let mut h = [[0.0; 3]; 3];
        let mut den = 0.0;
        pairs(&mut |b, d| {
            let r = [pose::dot(m[0], b), pose::dot(m[1], b), pose::dot(m[2], b)];
            g = pose::add(g, pose::cross(r, d));
            let rd = pose::dot(r, d);
            den += rd;
            for i in 0..3 {
                for j in 0..3 {
                    h[i][j] += if i == j { rd } else { 0.0 } - 0.5 * (r[i] * d[j] + d[i] * r[j]);
                }
            }
        });
        let w = newton_step(h, g).unwrap_or_else(|| pose::scale(g, 1.0 / (den.abs() + 1e-12)));
        let angle = pose::norm(w);
        if angle < 1e-15 {
            break;
        }
        q = Quat::from_axis_angle(pose::scale(w, 1.0 / angle), angle).compose(q).normalized();
    }
    q
}

/// `H⁻¹ g` by Cholesky, or `None` when `H` is not positive definite with
/// every pivot above 1e-3 of its trace / 3 (a Newton step there would
/// overshoot or divide by round-off).
fn newton_step(h: [[f64; 3]; 3], g: Vec3) -> Option<Vec3> {
    let floor = 1e-3 * (h[0][0] + h[1][1] + h[2][2]) / 3.0;
    if floor.is_nan() || floor <= 0.0 {
        return None;
    }
    let mut l = [[0.0f64; 3]; 3];
    for i in 0..3 {
        for j in 0..=i {
            let s = h[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>();
            if i == j {
                if s <= floor {
                    return None;
                }
                l[i][i] = s.sqrt();
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    }
    let mut y = [0.0; 3];
    for i in 0..3 {
        y[i] = (g[i] - (0..i).map(|k| l[i][k] * y[k]).sum::<f64>()) / l[i][i];
    }
    let mut x = [0.0; 3];
    for i in (0..3).rev() {
        x[i] = (y[i] - (i + 1..3).map(|k| l[k][i] * x[k]).sum::<f64>()) / l[i][i];
    }
    Some(x)
}

/// Computes every node's rotation from bind to now (`Δ` above) into
/// `delta`, one per node. `bind(n)` and `x(n)` are node positions in the
/// anchor frame (m). Allocates nothing. Returns the number of degenerate
/// tangents skipped (fallbacks taken).
pub fn deltas(h: &Hierarchy, bind: impl Fn(usize) -> Vec3, x: impl Fn(usize) -> Vec3, delta: &mut [Quat]) -> usize {
    let mut degenerate = 0;
    for &node in &h.order {
        let node = node as usize;
        let parent_delta = h.parent[node].map_or(Quat::IDENTITY, |p| delta[p as usize]);
        let (bn, xn) = (bind(node), x(node));
        let usable = |c: u32| {
            let b = pose::sub(bind(c as usize), bn);
            let d = pose::sub(x(c as usize), xn);
            (pose::norm(b) >= DEGENERATE_TANGENT && pose::norm(d) >= DEGENERATE_TANGENT).then_some((b, d))
        };
        let fit = h.fit_nodes(node);
        let good = fit.iter().filter(|&&c| usable(c).is_some()).count();
        degenerate += fit.len() - good;
        delta[node] = match good {
            0 => parent_delta,
            1 => {
                let (b, d) = fit.iter().find_map(|&c| usable(c)).expect("one usable pair");
                let carried = pose::normalized(parent_delta.rotate(b)).expect("checked length");
                let arc = Quat::from_arc(carried, pose::normalized(d).expect("checked length"));
                arc.compose(parent_delta).normalized()
            }
            // The pairs gathered once (the fit reads them every iteration),
            // unless there are more than a stack buffer holds.
            n if n <= PAIRS_GATHERED => {
                let mut pairs = [([0.0; 3], [0.0; 3]); PAIRS_GATHERED];
                for (slot, pair) in pairs.iter_mut().zip(fit.iter().filter_map(|&c| usable(c))) {
                    *slot = pair;
                }
                fit_rotation(|f| pairs[..n].iter().for_each(|&(b, d)| f(b, d)), parent_delta)
            }
            _ => fit_rotation(|f| fit.iter().filter_map(|&c| usable(c)).for_each(|(b, d)| f(b, d)), parent_delta),
        };
    }
    degenerate
}

/// Computes every node's pose: [`deltas`], then `world_n` and `local_n`.
/// `anchor` is the anchor's world pose; `delta` is scratch, one per node.
/// Allocates nothing. Returns the number of degenerate tangents skipped.
pub fn poses(
    h: &Hierarchy,
    bind: impl Fn(usize) -> Vec3,
    x: impl Fn(usize) -> Vec3,
    anchor: &Pose,
    delta: &mut [Quat],
    world: &mut [Pose],
    local: &mut [Pose],
) -> usize {
    let degenerate = deltas(h, bind, &x, delta);
    for &node in &h.order {
        let node = node as usize;
        let cloth = Pose::new(x(node), delta[node].compose(h.bind_rotation[node]).normalized());
        world[node] = anchor.mul(&cloth);
        let parent_world = h.parent[node].map_or(*anchor, |p| world[p as usize]);
        local[node] = parent_world.inverse().mul(&world[node]);
    }
    degenerate
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_recovers_a_rotation_from_several_children() {
        let r = Quat::from_axis_angle(pose::normalized([0.3, 1.0, -0.2]).unwrap(), 0.9);
        let bs = [[0.1, 0.0, 0.0], [0.0, -0.1, 0.02], [0.05, -0.05, 0.1]];
        let q = fit_rotation(
            |f| {
                for b in bs {
                    f(b, r.rotate(b));
                }
            },
            Quat::IDENTITY,
        );
        assert!(q.dot(r).abs() > 1.0 - 1e-12, "{q:?} vs {r:?}");
    }

    /// A sheet's ring of neighbours is flat: the fit recovers a tilt out of
    /// its plane to round-off (the scalar step alone gains only a factor of
    /// about 2 an iteration about the in-plane axes).
    #[test]
    fn fit_recovers_a_tilt_of_a_flat_ring() {
        let r = Quat::from_axis_angle(pose::normalized([1.0, 0.4, 0.2]).unwrap(), 1.2);
        let ring: Vec<Vec3> = (0..6)
            .map(|k| (k as f64 * std::f64::consts::TAU / 6.0 + 0.1 * k as f64).sin_cos())
            .map(|(s, c)| [0.02 * c, 0.02 * s, 0.0])
            .collect();
        let q = fit_rotation(|f| ring.iter().for_each(|&b| f(b, r.rotate(b))), Quat::IDENTITY);
        let q = if q.dot(r) < 0.0 { q.negated() } else { q };
        let error = [q.w - r.w, q.x - r.x, q.y - r.y, q.z - r.z].iter().map(|c| c * c).sum::<f64>().sqrt();
        assert!(error < 1e-13, "{error:e}");
    }
}
