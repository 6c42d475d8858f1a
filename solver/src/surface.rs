//! What the engine draws: a unit normal and a unit tangent per node, and a
//! strided write of positions, normals and tangents into the host's vertex
//! buffer.
//!
//! ```text
//!   node of a triangle   n = normalise Σ (x_b − x_a) × (x_c − x_a)      over its triangles (a, b, c)
//!   (a sheet)                (area-weighted; see the winding below)
//!                        t = the part ⊥ n of  Σ A·F·û                   over its triangles
//!                            F·û = Σ_i x_i (∇φ_i · û): the triangle's deformation applied to û,
//!                            û the cloth axis chosen at seed (below) in the triangle's bind plane,
//!                            ∇φ_i its bind barycentric gradients, A its bind area
//!   node of no triangle  t = Δ·b̂,  n = Δ·n̂_bind                         Δ: the node's rotation from
//!   (a tree, a rope)         b̂ the bind direction to its first child     bind to now (`writeback.rs`),
//!                            (from its parent for a leaf), n̂_bind the     so a chain's normal is carried
//!                            part of the cloth's +Z ⊥ b̂                  down it without twist
//! ```
//!
//! The sheet's axis `û` is the cloth-frame axis (X, then Y, then Z on a tie)
//! least aligned with the bind triangles' normals (Σ A·|n·axis| smallest):
//! X for a cape facing Z, Y for a skirt around Y. It is a planar-projected
//! UV's `u` direction (Mikkelsen's tangent from the bind pose's projection),
//! so the tangent follows the cloth as it deforms. A triangle whose normal
//! lies within acos(0.25) of `û` adds no tangent; a node left with none, or
//! with one along its normal, takes the part ⊥ n of the least aligned axis.
//!
//! Winding: a triangle's normal is `(b − a) × (c − a)` component-wise, so
//! it faces the side its corners run counter-clockwise from in a
//! right-handed frame and clockwise from in a left-handed one (Unity's
//! front faces); a mirrored scene's normals are the mirrored normals
//! negated. A mesh with inconsistent winding
//! gets cancelling normals along the flip; the simulation itself reads no
//! winding (rows and hinges are unsigned), though the order in which a
//! triangle names its corners changes the order of the sums (round-off).

use crate::pose::{self, Quat, Vec3};

/// A triangle whose normal's component along the sheet's axis exceeds
/// `√(1 − MIN_AXIS_SINE²)` adds no tangent: the axis is (nearly) along its
/// normal and its projection into the triangle is noise.
const MIN_AXIS_SINE: f64 = 0.25;

/// Surface data built once at seed, in caller node indices.
#[derive(Clone, Debug, Default)]
pub struct Surface {
    /// Triangles as given (caller nodes, caller winding).
    triangles: Vec<[u32; 3]>,
    /// Per triangle corner `i`: `A·(∇φ_i·û)` at bind (0 for a triangle whose
    /// axis projection is too short).
    tangent_weights: Vec<[f64; 3]>,
    /// Nodes in no triangle, with their bind tangent and normal (anchor
    /// frame, unit, orthogonal).
    strands: Vec<(u32, Vec3, Vec3)>,
}

/// The least aligned cloth axis with `v`, in the order X, Y, Z on ties,
/// made ⊥ `v` and unit. `v` is unit.
fn perpendicular(v: Vec3) -> Vec3 {
    let axis = (0..3).fold(0, |best, k| if v[k].abs() < v[best].abs() { k } else { best });
    let mut e = [0.0; 3];
    e[axis] = 1.0;
    let p = pose::sub(e, pose::scale(v, pose::dot(e, v)));
    pose::normalized(p).expect("the least aligned axis of a unit vector is never along it")
}

/// The part of `v` ⊥ the unit `n`, unit; `None` when (nearly) along it.
pub(crate) fn orthogonal_part(v: Vec3, n: Vec3) -> Option<Vec3> {
    let p = pose::sub(v, pose::scale(n, pose::dot(v, n)));
    let len = pose::norm(p);
    (len > 1e-9 * pose::norm(v).max(1e-300) && len.is_finite()).then(|| pose::scale(p, 1.0 / len))
}

impl Surface {
    /// From the bind positions (anchor frame, caller order), the triangles,
    /// and every node's first fitted node and parent as `writeback.rs`'s
    /// hierarchy has them.
    pub fn new(bind: &[[f32; 3]], triangles: &[[u32; 3]], first_child: &[Option<u32>], parent: &[Option<u32>]) -> Self {
        let b = |i: u32| bind[i as usize].map(f64::from);
        // The sheet's axis: least Σ A·|n·axis|.
        let mut alignment = [0.0f64; 3];
        let mut normals = Vec::with_capacity(triangles.len());
        for t in triangles {
            let n2 = pose::cross(pose::sub(b(t[1]), b(t[0])), pose::sub(b(t[2]), b(t[0])));
            for (k, a) in alignment.iter_mut().enumerate() {
                *a += n2[k].abs();
            }
            normals.push(n2);
        }
        let axis = (0..3).fold(0, |best, k| if alignment[k] < alignment[best] { k } else { best });
        let mut u = [0.0; 3];
        u[axis] = 1.0;
        let tangent_weights = triangles
            .iter()
            .zip(&normals)
            .map(|(t, &n2)| {
                let twice_area = pose::norm(n2);
                let n = pose::scale(n2, 1.0 / twice_area);
                let along = pose::sub(u, pose::scale(n, pose::dot(u, n)));
                let Some(u_plane) =
                    (pose::norm(along) >= MIN_AXIS_SINE).then(|| pose::scale(along, 1.0 / pose::norm(along)))
                else {
                    return [0.0; 3];
                };
                // A·∇φ_i = n × (X_{i+2} − X_{i+1}) / 2.
                let mut w = [0.0; 3];
                for (i, wi) in w.iter_mut().enumerate() {
                    let e = pose::sub(b(t[(i + 2) % 3]), b(t[(i + 1) % 3]));
                    *wi = 0.5 * pose::dot(pose::cross(n, e), u_plane);
                }
                w
            })
            .collect();
        let mut touched = vec![false; bind.len()];
        for t in triangles {
            for &c in t {
                touched[c as usize] = true;
            }
        }
        let strands = (0..bind.len())
            .filter(|&n| !touched[n])
            .map(|n| {
                let towards = first_child[n]
                    .map(|c| pose::sub(b(c), b(n as u32)))
                    .or_else(|| parent[n].map(|p| pose::sub(b(n as u32), b(p))));
                let tangent = towards.and_then(pose::normalized).unwrap_or([1.0, 0.0, 0.0]);
                let normal = orthogonal_part([0.0, 0.0, 1.0], tangent).unwrap_or_else(|| perpendicular(tangent));
                (n as u32, tangent, normal)
            })
            .collect();
        Surface { triangles: triangles.to_vec(), tangent_weights, strands }
    }

    /// The sheet's triangles (caller nodes, caller winding).
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// What [`Surface::new`] derived, as a cooked blob stores it (`cook.rs`).
    #[allow(clippy::type_complexity)]
    pub(crate) fn parts(&self) -> (&[[u32; 3]], &[[f64; 3]], &[(u32, Vec3, Vec3)]) {
        (&self.triangles, &self.tangent_weights, &self.strands)
    }

    /// A surface from [`Surface::parts`] read back from a blob.
    pub(crate) fn from_parts(
        triangles: Vec<[u32; 3]>,
        tangent_weights: Vec<[f64; 3]>,
        strands: Vec<(u32, Vec3, Vec3)>,
    ) -> Self {
        Surface { triangles, tangent_weights, strands }
    }

    /// Whether `node` is in some triangle (it has a surface normal).
    pub fn in_triangle(&self, node: usize) -> bool {
        self.strands.binary_search_by_key(&(node as u32), |s| s.0).is_err()
    }

    /// Whether some node is in no triangle: its frame needs the nodes'
    /// rotations (`writeback::deltas`).
    pub fn has_strands(&self) -> bool {
        !self.strands.is_empty()
    }

    /// Writes each node's unit normal and unit tangent (orthogonal) in the
    /// anchor frame into `frames`, one `[normal, tangent]` per caller node.
    /// `x(n)` is node `n`'s position in the anchor frame; `delta` the nodes'
    /// rotations from bind (read only for nodes in no triangle).
    pub fn frames(&self, x: impl Fn(usize) -> Vec3, delta: &[Quat], frames: &mut [[Vec3; 2]]) {
        for f in frames.iter_mut() {
            *f = [[0.0; 3]; 2];
        }
        for (t, w) in self.triangles.iter().zip(&self.tangent_weights) {
            let p = t.map(|c| x(c as usize));
            let n2 = pose::cross(pose::sub(p[1], p[0]), pose::sub(p[2], p[0]));
            // Σ w_i = 0, so the sum is taken relative to corner 0 (translation
            // does not enter it).
            let tangent = pose::add(pose::scale(pose::sub(p[1], p[0]), w[1]), pose::scale(pose::sub(p[2], p[0]), w[2]));
            for &c in t {
                let f = &mut frames[c as usize];
                f[0] = pose::add(f[0], n2);
                f[1] = pose::add(f[1], tangent);
            }
        }
        for f in frames.iter_mut() {
            // A node in no triangle is overwritten below; one whose triangles
            // cancel (a fold pressed flat) keeps the cloth's +Z.
            let n = pose::normalized(f[0]).unwrap_or([0.0, 0.0, 1.0]);
            let t = orthogonal_part(f[1], n).unwrap_or_else(|| perpendicular(n));
            *f = [n, t];
        }
        for &(node, tangent, normal) in &self.strands {
            let d = delta[node as usize];
            frames[node as usize] = [d.rotate(normal), d.rotate(tangent)];
        }
    }
}

/// Which frame values are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// World: the anchor's current pose applied.
    World,
    /// The cloth's own (anchor) frame.
    Cloth,
}

/// Where a strided write puts each node's values: node `first + i` starts at
/// byte `i·stride` of the buffer; each present field is three native-endian
/// `f32` at its byte offset from there (any alignment). Bytes outside the
/// fields are left as they were, so a host's interleaved UVs and colours
/// survive the write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexLayout {
    pub space: Space,
    /// First node written.
    pub first: usize,
    /// Nodes written.
    pub count: usize,
    /// Bytes from one node's start to the next's.
    pub stride: usize,
    /// Byte offset of the position, m.
    pub position: Option<usize>,
    /// Byte offset of the unit normal.
    pub normal: Option<usize>,
    /// Byte offset of the unit tangent.
    pub tangent: Option<usize>,
}

/// What a strided write reads from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source<'a> {
    /// The cloth's nodes: entry `i` is node `i`.
    Nodes,
    /// Entry `i` is node `map[i]` (a render mesh's vertex → node map, as
    /// `seed::weld` returns it).
    Map(&'a [u32]),
    /// Entry `i` is vertex `i` of the render mesh attached `k`-th.
    RenderMesh(usize),
}

/// Bytes a field takes: three `f32`.
pub const FIELD_BYTES: usize = 12;

/// Why a strided write was refused (nothing is written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// No field is asked for.
    NoField,
    /// `first + count` is past the cloth's nodes (or the map's entries).
    NodeRange { first: usize, count: usize, nodes: usize },
    /// A map entry names no node.
    MapEntry { index: usize, node: u32, nodes: usize },
    /// No render mesh has this index.
    NoRenderMesh { index: usize, attached: usize },
    /// A field does not fit in the stride.
    FieldPastStride { field: &'static str, offset: usize, stride: usize },
    /// Two fields share bytes: their names and byte offsets.
    Overlap { a: &'static str, a_offset: usize, b: &'static str, b_offset: usize },
    /// The buffer is shorter than the write.
    BufferTooSmall { needed: usize, got: usize },
    /// A value to be written is not finite (a bug: the watchdog keeps
    /// positions finite).
    NonFinite { node: usize },
}

impl std::fmt::Display for LayoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LayoutError::NoField => write!(f, "no field is asked for (position, normal and tangent are all absent)"),
            LayoutError::NodeRange { first, count, nodes } => {
                write!(f, "entries {first}..{first}+{count} are past the {nodes} there are")
            }
            LayoutError::NoRenderMesh { index, attached } => {
                write!(f, "render mesh {index} does not exist; {attached} are attached")
            }
            LayoutError::MapEntry { index, node, nodes } => {
                write!(f, "map entry {index} names node {node}; the cloth has {nodes}")
            }
            LayoutError::FieldPastStride { field, offset, stride } => {
                write!(f, "the {field} at byte offset {offset} (12 bytes) does not fit in a stride of {stride} bytes")
            }
            LayoutError::Overlap { a, a_offset, b, b_offset } => write!(
                f,
                "the {a} (bytes {a_offset}..{}) and the {b} (bytes {b_offset}..{}) overlap",
                a_offset + FIELD_BYTES,
                b_offset + FIELD_BYTES
            ),
            LayoutError::BufferTooSmall { needed, got } => {
                write!(f, "the buffer holds {got} bytes; the write needs {needed}")
            }
            LayoutError::NonFinite { node } => write!(f, "node {node}'s value is not finite (a bug)"),
        }
    }
}

impl std::error::Error for LayoutError {}

impl VertexLayout {
    /// Positions of every node, packed (12-byte stride), in `space`.
    pub fn positions(space: Space, nodes: usize) -> Self {
        VertexLayout {
            space,
            first: 0,
            count: nodes,
            stride: FIELD_BYTES,
            position: Some(0),
            normal: None,
            tangent: None,
        }
    }

    fn fields(&self) -> [(&'static str, Option<usize>); 3] {
        [("position", self.position), ("normal", self.normal), ("tangent", self.tangent)]
    }

    /// Checks the layout against `nodes` entries (the cloth's nodes, or a
    /// map's entries) and a buffer of `bytes` bytes; returns the bytes the
    /// write spans.
    pub fn check(&self, nodes: usize, bytes: usize) -> Result<usize, LayoutError> {
        let fields = self.fields();
        let present = || fields.iter().filter_map(|&(n, o)| o.map(|o| (n, o)));
        if present().next().is_none() {
            return Err(LayoutError::NoField);
        }
        if self.first.checked_add(self.count).is_none_or(|end| end > nodes) {
            return Err(LayoutError::NodeRange { first: self.first, count: self.count, nodes });
        }
        for (field, offset) in present() {
            if offset.checked_add(FIELD_BYTES).is_none_or(|end| end > self.stride) {
                return Err(LayoutError::FieldPastStride { field, offset, stride: self.stride });
            }
        }
        for (i, (a, oa)) in present().enumerate() {
            for (b, ob) in present().skip(i + 1) {
                if oa < ob + FIELD_BYTES && ob < oa + FIELD_BYTES {
                    return Err(LayoutError::Overlap { a, a_offset: oa, b, b_offset: ob });
                }
            }
        }
        let last_end = present().map(|(_, o)| o + FIELD_BYTES).max().expect("a field is present");
        // stride ≥ last_end, so the product below bounds the sum's overflow.
        let needed = match self.count {
            0 => 0,
            c => (c - 1).checked_mul(self.stride).and_then(|b| b.checked_add(last_end)).unwrap_or(usize::MAX),
        };
        if needed > bytes {
            return Err(LayoutError::BufferTooSmall { needed, got: bytes });
        }
        Ok(needed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> (Vec<[f32; 3]>, Vec<[u32; 3]>) {
        (vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2], [0, 2, 3]])
    }

    #[test]
    fn a_flat_counter_clockwise_sheet_faces_plus_z_with_its_tangent_along_x() {
        let (bind, tris) = square();
        let s = Surface::new(&bind, &tris, &[None; 4], &[None; 4]);
        let mut f = vec![[[0.0; 3]; 2]; 4];
        s.frames(|n| bind[n].map(f64::from), &[], &mut f);
        for fr in &f {
            assert_eq!(fr[0], [0.0, 0.0, 1.0]);
            assert!((fr[1][0] - 1.0).abs() < 1e-15 && fr[1][1].abs() < 1e-15, "{fr:?}");
        }
    }

    #[test]
    fn the_tangent_follows_a_stretch_and_a_turn() {
        let (bind, tris) = square();
        let s = Surface::new(&bind, &tris, &[None; 4], &[None; 4]);
        // The sheet turned 90° about Z and stretched 2× along its own x.
        let q = Quat::from_axis_angle([0.0, 0.0, 1.0], std::f64::consts::FRAC_PI_2);
        let x = |n: usize| q.rotate([2.0 * bind[n][0] as f64, bind[n][1] as f64, 0.0]);
        let mut f = vec![[[0.0; 3]; 2]; 4];
        s.frames(x, &[], &mut f);
        for fr in &f {
            assert!(pose::norm(pose::sub(fr[0], [0.0, 0.0, 1.0])) < 1e-12, "{fr:?}");
            assert!(pose::norm(pose::sub(fr[1], [0.0, 1.0, 0.0])) < 1e-12, "{fr:?}");
        }
    }

    #[test]
    fn reversed_winding_flips_the_normal_only() {
        let (bind, tris) = square();
        let flipped: Vec<[u32; 3]> = tris.iter().map(|t| [t[0], t[2], t[1]]).collect();
        let s = Surface::new(&bind, &flipped, &[None; 4], &[None; 4]);
        let mut f = vec![[[0.0; 3]; 2]; 4];
        s.frames(|n| bind[n].map(f64::from), &[], &mut f);
        for fr in &f {
            assert_eq!(fr[0], [0.0, 0.0, -1.0]);
            assert!((fr[1][0] - 1.0).abs() < 1e-15, "{fr:?}");
        }
    }

    #[test]
    fn a_strand_hanging_down_faces_plus_z() {
        let bind = vec![[0.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, -2.0, 0.0]];
        let s = Surface::new(&bind, &[], &[Some(1), Some(2), None], &[None, Some(0), Some(1)]);
        let mut f = vec![[[0.0; 3]; 2]; 3];
        s.frames(|n| bind[n].map(f64::from), &[Quat::IDENTITY; 3], &mut f);
        for fr in &f {
            assert_eq!(fr, &[[0.0, 0.0, 1.0], [0.0, -1.0, 0.0]]);
        }
    }
}
