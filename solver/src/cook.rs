//! Cooked assets: a seeded cloth saved as bytes and loaded without seeding
//! again (issue 19, item 4).
//!
//! ```text
//!   offset  bytes  field
//!   0       8      magic "CLTHCOOK"
//!   8       4      format version (COOK_FORMAT)
//!   12      4      reserved, 0
//!   16      8      payload length P
//!   24      P      payload: the sections below, in order
//!   24 + P  4      CRC-32 (IEEE 802.3) of bytes 0 .. 24 + P
//! ```
//!
//! Every number is little-endian whatever the machine; a sequence is its
//! length (u64) then its elements; an `Option<u32>` is the value or
//! `u32::MAX`. The payload holds what seeding derives and a step reads:
//! the model (slots, colours, rows, geodesics, the bend coupling, the
//! neighbour layout), the topology, the node hierarchy, the surface
//! (normals and tangents), every attached render mesh's binding and, when
//! the cloth had self-collision set up, its patches and exclusion masks.
//! The strain projection's order is not in it: a loaded model derives it
//! from its rows when the projection is first switched on, as a seeded one
//! does (`Model::strain_order`). The dynamics and tuning are not in it: they are given at load, as
//! at seed. A blob loaded gives the cloth seeding gives, bit for bit, so
//! its steps are too (`solver/tests/cook.rs`).
//!
//! **Refusals.** A blob shorter than its header and checksum, or with
//! another magic, is refused first; then the checksum is checked over every
//! byte before it, so a cut, a flipped bit anywhere (the version and length
//! fields included) or bytes appended read as corrupt, never as another
//! version. Only an intact blob is then refused for its format version.
//! A payload that passes the checksum is still checked as it is read —
//! every index against what it indexes, every length against the counts it
//! must match, no NaN — so a blob written by hand fails with
//! [`CookError::Malformed`] naming the field; the loader does not re-run the
//! seed's geometry.

use crate::bend::Hinge;
use crate::constants::LANES;
use crate::error::{ParamError, SeedError};
use crate::lanes::Points;
use crate::model::{BendCoupling, DistanceRows, Ell, Model, Neighbours, UnaryRows, NO_NODE};
use crate::pose::{Quat, Vec3};
use crate::seed::Topology;
use crate::skin::{Attachment, RenderBinding};
use crate::surface::Surface;
use crate::writeback::Hierarchy;
use std::fmt;
use std::ops::Range;
use std::sync::OnceLock;

/// The blob's first eight bytes.
pub const COOK_MAGIC: [u8; 8] = *b"CLTHCOOK";
/// The layout this library writes and reads; any change to the payload's
/// layout or meaning is a new version.
pub const COOK_FORMAT: u32 = 2;
/// Header bytes before the payload.
const HEADER: usize = 24;
/// Checksum bytes after it.
const TRAILER: usize = 4;

/// Why a blob was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum CookError {
    /// Fewer bytes than the header and checksum need.
    Truncated { bytes: usize, needed: usize },
    /// The first eight bytes are not [`COOK_MAGIC`]: not a cooked cloth.
    NotABlob,
    /// The stored checksum does not match the bytes: corrupt or truncated;
    /// `header_bytes` is the size the header gives
    /// (which may itself be the corrupt field).
    Checksum { stored: u32, computed: u32, bytes: usize, header_bytes: Option<usize> },
    /// The first `blob_bytes` bytes are a whole blob, sealed, and `bytes`
    /// were given: the host passed a buffer's capacity, or two blobs back
    /// to back, rather than the size `cook` wrote.
    TooLong { bytes: usize, blob_bytes: usize },
    /// Written by a library with another [`COOK_FORMAT`] (the checksum
    /// matches: a blob intact from another version).
    Version { found: u32, expected: u32 },
    /// The checksum matches but a field is inconsistent (an index past what
    /// it indexes, a length that disagrees, a NaN): named by `field`.
    Malformed { field: &'static str },
    /// The dynamics or tuning given at load are refused.
    BadParameter(ParamError),
    /// A free node's bind position lies within the contact offset of a
    /// collider given at load ([`SeedError::InsideCollider`]).
    BindPose(SeedError),
}

impl fmt::Display for CookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CookError::Truncated { bytes, needed } => {
                write!(f, "the cooked blob is {bytes} bytes; a blob is at least {needed}: truncated")
            }
            CookError::NotABlob => write!(f, "not a cooked cloth (the first 8 bytes are not \"CLTHCOOK\")"),
            CookError::Checksum { stored, computed, bytes, header_bytes } => {
                write!(
                    f,
                    "the cooked blob is corrupt or truncated: checksum {computed:#010x} does not match the stored {stored:#010x}"
                )?;
                match header_bytes {
                    Some(h) if h != bytes => write!(f, " ({bytes} bytes; its header says {h})"),
                    _ => Ok(()),
                }
            }
            CookError::TooLong { bytes, blob_bytes } => write!(
                f,
                "the cooked blob is {bytes} bytes but ends at byte {blob_bytes}, its checksum intact: {} bytes \
                 follow it (pass the size the cook wrote, not the buffer's)",
                bytes - blob_bytes
            ),
            CookError::Version { found, expected } => write!(
                f,
                "the blob was cooked in format {found}; this library reads format {expected}: cook it again from the mesh"
            ),
            CookError::Malformed { field } => {
                write!(f, "the cooked blob's checksum matches but its field `{field}` is inconsistent")
            }
            CookError::BadParameter(e) => write!(f, "{e}"),
            CookError::BindPose(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CookError {}

/// What a cooked blob holds: everything of a cloth but its state, dynamics
/// and tuning.
#[derive(Clone, Debug)]
pub struct Cooked {
    pub model: Model,
    pub topology: Topology,
    pub node_inv_mass: Vec<f64>,
    pub hierarchy: Hierarchy,
    pub surface: Surface,
    pub render_meshes: Vec<RenderBinding>,
    /// Self-collision patches and exclusion masks
    /// ([`crate::self_pair::SelfCollision::setup`]), when the cloth had them.
    pub self_setup: Option<SelfSetup>,
}

/// One patch's exclusion entry: the other patch, and per lane of this one
/// the mask of its governed lanes ([`crate::self_pair::SelfCollision`]).
pub type Governed = (u32, [u8; LANES]);

/// A self-collision setup by reference: patches, exclusion starts, entries.
pub type SelfSetupRef<'a> = (&'a [u32], &'a [u32], &'a [Governed]);

/// The part of self-collision that seeding derives from the model alone.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfSetup {
    pub patch: Vec<u32>,
    pub govern_start: Vec<u32>,
    pub govern: Vec<Governed>,
}

/// References to the parts of a cloth a blob is written from.
pub struct CookParts<'a> {
    pub model: &'a Model,
    pub topology: &'a Topology,
    pub node_inv_mass: &'a [f64],
    pub hierarchy: &'a Hierarchy,
    pub surface: &'a Surface,
    pub render_meshes: Vec<&'a RenderBinding>,
    pub self_setup: Option<SelfSetupRef<'a>>,
}

/// CRC-32 (IEEE 802.3, the zlib and PNG checksum) of `bytes`.
fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

// ---------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------

/// A value written to and read from a blob.
trait Field: Sized {
    fn put(&self, w: &mut Vec<u8>);
    fn get(r: &mut Reader) -> Result<Self, CookError>;
    /// Bytes of one value, for sizing a sequence before reading it.
    const BYTES: usize;
    /// `n` values (the length already read and checked against the bytes left).
    fn get_many(r: &mut Reader, n: usize) -> Result<Vec<Self>, CookError> {
        (0..n).map(|_| Self::get(r)).collect()
    }
}

/// Reads a blob's payload front to back; `field` names what is being read,
/// for [`CookError::Malformed`].
struct Reader<'a> {
    bytes: &'a [u8],
    field: &'static str,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], CookError> {
        if n > self.bytes.len() {
            return Err(self.malformed());
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn malformed(&self) -> CookError {
        CookError::Malformed { field: self.field }
    }

    /// The next value, read as the field `name`.
    fn read<T: Field>(&mut self, name: &'static str) -> Result<T, CookError> {
        self.field = name;
        T::get(self)
    }

    /// The next value, which must be `< bound`.
    fn index(&mut self, name: &'static str, bound: usize) -> Result<u32, CookError> {
        let v: u32 = self.read(name)?;
        self.check(name, (v as usize) < bound)?;
        Ok(v)
    }

    /// The next sequence, each element `< bound`.
    fn indices(&mut self, name: &'static str, bound: usize) -> Result<Vec<u32>, CookError> {
        let v: Vec<u32> = self.read(name)?;
        self.check(name, v.iter().all(|&i| (i as usize) < bound))?;
        Ok(v)
    }

    /// The next sequence, of exactly `len` elements.
    fn exactly<T: Field>(&mut self, name: &'static str, len: usize) -> Result<Vec<T>, CookError> {
        let v: Vec<T> = self.read(name)?;
        self.check(name, v.len() == len)?;
        Ok(v)
    }

    fn check(&self, name: &'static str, ok: bool) -> Result<(), CookError> {
        if ok {
            Ok(())
        } else {
            Err(CookError::Malformed { field: name })
        }
    }
}

macro_rules! number {
    ($t:ty, $n:expr, $valid:expr) => {
        impl Field for $t {
            const BYTES: usize = $n;
            fn put(&self, w: &mut Vec<u8>) {
                w.extend_from_slice(&self.to_le_bytes());
            }
            fn get(r: &mut Reader) -> Result<Self, CookError> {
                let b = r.take($n)?;
                let v = <$t>::from_le_bytes(b.try_into().expect("length"));
                if !$valid(v) {
                    return Err(r.malformed());
                }
                Ok(v)
            }
            fn get_many(r: &mut Reader, n: usize) -> Result<Vec<Self>, CookError> {
                let b = r.take(n * $n)?;
                let v: Vec<$t> =
                    b.chunks_exact($n).map(|c| <$t>::from_le_bytes(c.try_into().expect("length"))).collect();
                if !v.iter().all(|&x| $valid(x)) {
                    return Err(r.malformed());
                }
                Ok(v)
            }
        }
    };
}

number!(u8, 1, |_| true);
number!(u32, 4, |_| true);
number!(u64, 8, |_| true);
// A NaN never comes out of seeding; infinities do (an isolated particle's
// trust radius).
number!(f32, 4, |v: f32| !v.is_nan());
number!(f64, 8, |v: f64| !v.is_nan());

impl Field for usize {
    const BYTES: usize = 8;
    fn put(&self, w: &mut Vec<u8>) {
        (*self as u64).put(w);
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        usize::try_from(u64::get(r)?).map_err(|_| r.malformed())
    }
}

impl Field for bool {
    const BYTES: usize = 1;
    fn put(&self, w: &mut Vec<u8>) {
        (*self as u8).put(w);
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        match u8::get(r)? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(r.malformed()),
        }
    }
}

impl<T: Field> Field for Vec<T> {
    const BYTES: usize = 8;
    fn put(&self, w: &mut Vec<u8>) {
        self.len().put(w);
        self.iter().for_each(|v| v.put(w));
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        let n = usize::get(r)?;
        // The length is checked against the bytes left before anything is
        // allocated: a forged length cannot ask for more memory than the blob.
        if n.checked_mul(T::BYTES).is_none_or(|b| b > r.bytes.len()) {
            return Err(r.malformed());
        }
        T::get_many(r, n)
    }
}

impl<T: Field + Copy + Default, const N: usize> Field for [T; N] {
    const BYTES: usize = N * T::BYTES;
    fn put(&self, w: &mut Vec<u8>) {
        self.iter().for_each(|v| v.put(w));
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        let mut a = [T::default(); N];
        for v in &mut a {
            *v = T::get(r)?;
        }
        Ok(a)
    }
}

impl<A: Field, B: Field> Field for (A, B) {
    const BYTES: usize = A::BYTES + B::BYTES;
    fn put(&self, w: &mut Vec<u8>) {
        self.0.put(w);
        self.1.put(w);
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        Ok((A::get(r)?, B::get(r)?))
    }
}

impl<A: Field, B: Field, C: Field> Field for (A, B, C) {
    const BYTES: usize = A::BYTES + B::BYTES + C::BYTES;
    fn put(&self, w: &mut Vec<u8>) {
        self.0.put(w);
        self.1.put(w);
        self.2.put(w);
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        Ok((A::get(r)?, B::get(r)?, C::get(r)?))
    }
}

impl Field for Range<usize> {
    const BYTES: usize = 16;
    fn put(&self, w: &mut Vec<u8>) {
        self.start.put(w);
        self.end.put(w);
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        let (start, end) = (usize::get(r)?, usize::get(r)?);
        if start > end {
            return Err(r.malformed());
        }
        Ok(start..end)
    }
}

/// `None` as `u32::MAX`.
impl Field for Option<u32> {
    const BYTES: usize = 4;
    fn put(&self, w: &mut Vec<u8>) {
        self.unwrap_or(u32::MAX).put(w);
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        let v = u32::get(r)?;
        Ok((v != u32::MAX).then_some(v))
    }
}

impl Field for Quat {
    const BYTES: usize = 32;
    fn put(&self, w: &mut Vec<u8>) {
        [self.w, self.x, self.y, self.z].put(w);
    }
    fn get(r: &mut Reader) -> Result<Self, CookError> {
        let [w, x, y, z] = <[f64; 4]>::get(r)?;
        Ok(Quat { w, x, y, z })
    }
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

/// The blob of `parts` (the layout in the module documentation).
pub fn write(parts: &CookParts) -> Vec<u8> {
    let mut w = Vec::with_capacity(HEADER + 64 * 1024);
    w.extend_from_slice(&COOK_MAGIC);
    COOK_FORMAT.put(&mut w);
    0u32.put(&mut w);
    0u64.put(&mut w); // the payload length, filled in below
    put_model(parts.model, &mut w);
    let t = parts.topology;
    t.edges.put(&mut w);
    t.hinges.iter().map(|h| (h.corners, h.weights)).collect::<Vec<_>>().put(&mut w);
    t.skips.put(&mut w);
    parts.node_inv_mass.to_vec().put(&mut w);
    let h = parts.hierarchy;
    h.parent.put(&mut w);
    h.fit_start.put(&mut w);
    h.fit.put(&mut w);
    h.order.put(&mut w);
    h.bind_rotation.put(&mut w);
    let (triangles, tangent_weights, strands) = parts.surface.parts();
    triangles.to_vec().put(&mut w);
    tangent_weights.to_vec().put(&mut w);
    strands.to_vec().put(&mut w);
    parts.render_meshes.len().put(&mut w);
    for mesh in &parts.render_meshes {
        mesh.attachments.iter().map(|a| (a.corners, a.weights, a.offset)).collect::<Vec<_>>().put(&mut w);
    }
    parts.self_setup.is_some().put(&mut w);
    if let Some((patch, start, govern)) = parts.self_setup {
        patch.to_vec().put(&mut w);
        start.to_vec().put(&mut w);
        govern.to_vec().put(&mut w);
    }
    let payload = (w.len() - HEADER) as u64;
    w[16..24].copy_from_slice(&payload.to_le_bytes());
    let crc = crc32(&w);
    crc.put(&mut w);
    w
}

fn put_model(m: &Model, w: &mut Vec<u8>) {
    m.nodes.put(w);
    m.slots.put(w);
    m.colours.put(w);
    m.swept.put(w);
    m.node_of_slot.put(w);
    m.slot_of_node.put(w);
    m.mass.put(w);
    m.inv_mass.put(w);
    m.shortest_incident_rest.put(w);
    m.shortest_row.put(w);
    m.closest_free_pair.is_some().put(w);
    m.closest_free_pair.unwrap_or(0.0).put(w);
    for c in [&m.bind.x, &m.bind.y, &m.bind.z] {
        c.put(w);
    }
    let l = &m.links;
    l.a.put(w);
    l.b.put(w);
    l.rest.put(w);
    l.m_eff.put(w);
    l.stretch.put(w);
    l.skip.put(w);
    l.stretch_inert.put(w);
    l.skip_inert.put(w);
    l.sentinel.put(w);
    let u = &m.unary;
    u.anchor.put(w);
    u.d_geo.put(w);
    u.m_eff.put(w);
    u.tethered.put(w);
    u.reach.put(w);
    m.bend.rows.put(w);
    m.bend.inert.put(w);
    m.bend.diagonal.put(w);
    let n = &m.neighbours;
    n.ell.groups.put(w);
    n.row_groups.put(w);
    n.other.put(w);
    n.row.put(w);
    n.rest.put(w);
    n.coupling.put(w);
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/// The parts of a blob, after its header, length and checksum are checked
/// and every field is read and checked.
pub fn read(blob: &[u8]) -> Result<Cooked, CookError> {
    if blob.len() < HEADER + TRAILER {
        return Err(CookError::Truncated { bytes: blob.len(), needed: HEADER + TRAILER });
    }
    if blob[..8] != COOK_MAGIC {
        return Err(CookError::NotABlob);
    }
    // The checksum before any other header field: a flipped bit in the
    // version or the length is corruption, not another version or a cut.
    let end = blob.len() - TRAILER;
    let stored = u32::from_le_bytes(blob[end..].try_into().expect("4 bytes"));
    let computed = crc32(&blob[..end]);
    let header = u64::from_le_bytes(blob[16..24].try_into().expect("8 bytes"));
    let says = usize::try_from(header).ok().and_then(|p| p.checked_add(HEADER + TRAILER));
    if stored != computed {
        // Bytes after a whole blob: the header's length ends a sealed blob.
        if let Some(h) = says.filter(|&h| h < blob.len()) {
            let sealed = u32::from_le_bytes(blob[h - TRAILER..h].try_into().expect("4 bytes"));
            if sealed == crc32(&blob[..h - TRAILER]) {
                return Err(CookError::TooLong { bytes: blob.len(), blob_bytes: h });
            }
        }
        return Err(CookError::Checksum { stored, computed, bytes: blob.len(), header_bytes: says });
    }
    let version = u32::from_le_bytes(blob[8..12].try_into().expect("4 bytes"));
    if version != COOK_FORMAT {
        return Err(CookError::Version { found: version, expected: COOK_FORMAT });
    }
    if says != Some(blob.len()) {
        return Err(CookError::Malformed { field: "payload length" });
    }
    if blob[12..16] != [0; 4] {
        return Err(CookError::Malformed { field: "reserved" });
    }
    let mut r = Reader { bytes: &blob[HEADER..end], field: "" };
    let cooked = read_payload(&mut r)?;
    r.check("payload end", r.bytes.is_empty())?;
    Ok(cooked)
}

fn read_payload(r: &mut Reader) -> Result<Cooked, CookError> {
    let mut model = read_model(r)?;
    let (nodes, slots) = (model.nodes, model.slots);
    let edges: Vec<(u32, u32)> = r.read("topology.edges")?;
    r.check("topology.edges", edges.iter().all(|&(a, b)| (a as usize) < nodes && (b as usize) < nodes))?;
    let hinges: Vec<([u32; 4], [f64; 4])> = r.read("topology.hinges")?;
    r.check("topology.hinges", hinges.iter().all(|(c, _)| c.iter().all(|&i| (i as usize) < nodes)))?;
    let skips: Vec<(u32, u32)> = r.read("topology.skips")?;
    r.check("topology.skips", skips.iter().all(|&(a, b)| (a as usize) < nodes && (b as usize) < nodes))?;
    let topology = Topology {
        edges,
        hinges: hinges.into_iter().map(|(corners, weights)| Hinge { corners, weights }).collect(),
        skips,
    };
    let node_inv_mass: Vec<f64> = r.exactly("node inverse masses", nodes)?;
    // Derived at load, not stored in the blob: the seed's bend rows are
    // every hinge or none (`SeedOptions::bend_rows`).
    if model.bend.count() == topology.hinges.len() {
        model.bend_rest =
            crate::bend::CurvedHinges::of_bind(&topology.hinges, &node_inv_mass, &model.slot_of_node, &model.bind);
    }

    let parent: Vec<Option<u32>> = r.exactly("hierarchy.parent", nodes)?;
    r.check("hierarchy.parent", parent.iter().flatten().all(|&p| (p as usize) < nodes))?;
    let fit_start: Vec<u32> = r.exactly("hierarchy.fit_start", nodes + 1)?;
    let fit = r.indices("hierarchy.fit", nodes)?;
    r.check("hierarchy.fit_start", ascending_to(&fit_start, fit.len()))?;
    let order = r.indices("hierarchy.order", nodes)?;
    r.check("hierarchy.order", order.len() == nodes)?;
    let bind_rotation: Vec<Quat> = r.read("hierarchy.bind_rotation")?;
    r.check("hierarchy.bind_rotation", bind_rotation.is_empty() || bind_rotation.len() == nodes)?;
    // The seed's rule (`seed::validate`): finite and of unit norm within 1e-3.
    r.check("hierarchy.bind_rotation", bind_rotation.iter().all(|q| q.is_finite() && (q.norm() - 1.0).abs() <= 1e-3))?;
    let hierarchy = Hierarchy { parent, fit_start, fit, order, bind_rotation };

    let triangles: Vec<[u32; 3]> = r.read("surface.triangles")?;
    r.check("surface.triangles", triangles.iter().all(|t| t.iter().all(|&i| (i as usize) < nodes)))?;
    let tangent_weights: Vec<[f64; 3]> = r.exactly("surface.tangent_weights", triangles.len())?;
    let strands: Vec<(u32, Vec3, Vec3)> = r.read("surface.strands")?;
    r.check("surface.strands", strands.iter().all(|s| (s.0 as usize) < nodes))?;
    let surface = Surface::from_parts(triangles, tangent_weights, strands);

    let meshes: usize = r.read("render meshes")?;
    let mut render_meshes = Vec::new();
    for _ in 0..meshes {
        let a: Vec<([u32; 3], [f32; 3], [f32; 3])> = r.read("render mesh attachments")?;
        r.check("render mesh attachments", a.iter().all(|(c, _, _)| c.iter().all(|&i| (i as usize) < nodes)))?;
        let attachments = a.into_iter().map(|(corners, weights, offset)| Attachment { corners, weights, offset });
        render_meshes.push(RenderBinding { attachments: attachments.collect() });
    }

    let self_setup = if r.read::<bool>("self-collision setup")? {
        let patch: Vec<u32> = r.read("self.patch")?;
        let blocks = nodes.div_ceil(LANES);
        r.check("self.patch", patch.len() == blocks * LANES)?;
        r.check("self.patch", patch.iter().all(|&s| s == NO_NODE || (s as usize) < slots))?;
        let govern_start: Vec<u32> = r.exactly("self.govern_start", blocks + 1)?;
        let govern: Vec<Governed> = r.read("self.govern")?;
        r.check("self.govern_start", ascending_to(&govern_start, govern.len()))?;
        r.check("self.govern", govern.iter().all(|g| (g.0 as usize) < blocks))?;
        Some(SelfSetup { patch, govern_start, govern })
    } else {
        None
    };
    Ok(Cooked { model, topology, node_inv_mass, hierarchy, surface, render_meshes, self_setup })
}

/// A CSR start array: starts at 0, never decreases, ends at `len`.
fn ascending_to(start: &[u32], len: usize) -> bool {
    start.first() == Some(&0) && start.windows(2).all(|w| w[0] <= w[1]) && start.last() == Some(&(len as u32))
}

fn read_model(r: &mut Reader) -> Result<Model, CookError> {
    let nodes: usize = r.read("model.nodes")?;
    let slots: usize = r.read("model.slots")?;
    let colours: Vec<Range<usize>> = r.read("model.colours")?;
    let swept: usize = r.read("model.swept")?;
    r.check("model.swept", swept <= slots && swept % LANES == 0)?;
    r.check("model.colours", colours.iter().all(|c| c.end <= swept && c.start % LANES == 0 && c.end % LANES == 0))?;
    let node_of_slot: Vec<u32> = r.exactly("model.node_of_slot", slots)?;
    r.check("model.node_of_slot", node_of_slot.iter().all(|&n| n == NO_NODE || (n as usize) < nodes))?;
    let slot_of_node = r.indices("model.slot_of_node", slots)?;
    r.check("model.slot_of_node", slot_of_node.len() == nodes)?;
    let mass: Vec<f32> = r.exactly("model.mass", slots)?;
    let inv_mass: Vec<f32> = r.exactly("model.inv_mass", slots)?;
    let shortest_incident_rest: Vec<f32> = r.exactly("model.shortest_incident_rest", slots)?;
    let shortest_row: f32 = r.read("model.shortest_row")?;
    let has_pair: bool = r.read("model.closest_free_pair")?;
    let pair: f32 = r.read("model.closest_free_pair")?;
    let bind = Points {
        x: r.exactly("model.bind", slots)?,
        y: r.exactly("model.bind", slots)?,
        z: r.exactly("model.bind", slots)?,
    };
    r.check("model.bind", [&bind.x, &bind.y, &bind.z].iter().all(|c| c.iter().all(|v| v.is_finite())))?;

    let a = r.indices("links.a", slots)?;
    let b = r.indices("links.b", slots)?;
    let rows = a.len();
    r.check("links.b", b.len() == rows)?;
    let rest: Vec<f32> = r.exactly("links.rest", rows)?;
    let m_eff: Vec<f32> = r.exactly("links.m_eff", rows)?;
    let stretch: Range<usize> = r.read("links.stretch")?;
    let skip: Range<usize> = r.read("links.skip")?;
    r.check("links.stretch", stretch.start == 0 && stretch.end <= skip.start && skip.end <= rows)?;
    let stretch_inert: usize = r.read("links.stretch_inert")?;
    let skip_inert: usize = r.read("links.skip_inert")?;
    let sentinel = r.index("links.sentinel", rows)?;
    let links = DistanceRows { a, b, rest, m_eff, stretch, skip, stretch_inert, skip_inert, sentinel };

    let anchor = r.indices("unary.anchor", slots)?;
    r.check("unary.anchor", anchor.len() == slots)?;
    let d_geo: Vec<f32> = r.exactly("unary.d_geo", slots)?;
    let u_m_eff: Vec<f32> = r.read("unary.m_eff")?;
    r.check("unary.m_eff", u_m_eff.is_empty() || u_m_eff.len() == slots)?;
    let tethered: usize = r.read("unary.tethered")?;
    let reach: f32 = r.read("unary.reach")?;
    let unary = UnaryRows { anchor, d_geo, m_eff: u_m_eff, tethered, reach };

    let bend_rows: usize = r.read("bend.rows")?;
    let bend_inert: usize = r.read("bend.inert")?;
    let diagonal: Vec<f32> = r.read("bend.diagonal")?;
    r.check("bend.diagonal", diagonal.is_empty() || diagonal.len() == slots)?;
    let bend = BendCoupling { rows: bend_rows, inert: bend_inert, diagonal };

    let groups: Vec<u32> = r.exactly("neighbours.groups", swept / LANES + 1)?;
    let row_groups: Vec<u32> = r.exactly("neighbours.row_groups", swept / LANES + 1)?;
    let other = r.indices("neighbours.other", slots)?;
    let entries = other.len();
    r.check("neighbours.groups", ascending_to(&groups, entries / LANES) && entries % LANES == 0)?;
    let phase_a = row_groups.last().map_or(0, |&g| g as usize) * LANES;
    r.check(
        "neighbours.row_groups",
        ascending_to(&row_groups, phase_a / LANES)
            && row_groups.windows(2).zip(groups.windows(2)).all(|(a, g)| a[1] - a[0] <= g[1] - g[0]),
    )?;
    let row = r.indices("neighbours.row", rows)?;
    r.check("neighbours.row", row.len() == phase_a)?;
    let n_rest: Vec<f32> = r.exactly("neighbours.rest", phase_a)?;
    let coupling: Vec<f32> = r.exactly("neighbours.coupling", entries)?;
    let neighbours = Neighbours { ell: Ell { groups }, row_groups, other, row, rest: n_rest, coupling };

    // Derived at load, not stored in the blob.
    let reach = Model::reach_of(&unary, &bind, &mass, &inv_mass);
    let link_turn = Model::link_turn_of(&links, &unary);
    Ok(Model {
        nodes,
        slots,
        colours,
        swept,
        node_of_slot,
        slot_of_node,
        mass,
        inv_mass,
        shortest_incident_rest,
        shortest_row,
        closest_free_pair: has_pair.then_some(pair),
        bind,
        links,
        unary,
        reach,
        link_turn,
        strain_order: OnceLock::new(),
        bend,
        bend_rest: Default::default(),
        neighbours,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn crc32_matches_the_standard_check_value() {
        // The CRC-32/ISO-HDLC check value of "123456789".
        assert_eq!(super::crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(super::crc32(b""), 0);
    }
}
