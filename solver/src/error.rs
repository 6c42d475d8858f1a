//! Typed errors. Bad input is reported, never panicked on and never carried
//! into the step as a NaN; every variant names the offending index.

use std::fmt;

/// Why a cloth could not be seeded.
#[derive(Clone, Debug, PartialEq)]
pub enum SeedError {
    /// The input has no nodes.
    Empty,
    /// A per-node array does not have one entry per node.
    LengthMismatch { what: &'static str, expected: usize, got: usize },
    /// A node's bind position is NaN or infinite.
    NonFinitePosition { node: usize },
    /// A node's bind position has a coordinate beyond
    /// [`crate::constants::COORDINATE_LIMIT`].
    FarPosition { node: usize, coordinate: f64 },
    /// A free node's mass is not a finite positive number.
    BadMass { node: usize, mass: f64 },
    /// A triangle corner is not a node index.
    TriangleIndexOutOfRange { triangle: usize, index: u32 },
    /// A triangle repeats a node or has (almost) no area; `farthest` is its
    /// corners' largest coordinate, m (0 for a repeated node).
    DegenerateTriangle { triangle: usize, farthest: f64 },
    /// Welding at `tolerance` m merges two corners of a triangle that is
    /// not a sliver (its longest edge is under ten times the tolerance).
    WeldCollapses { triangle: usize, a: usize, b: usize, tolerance: f64 },
    /// Welding merges `nodes` input nodes, the first `node`, into one free
    /// node whose summed mass is past [`crate::constants::MAX_MASS`].
    WeldedMass { node: usize, nodes: usize, mass: f64 },
    /// An edge is shared by more than two triangles: the first three that
    /// share it.
    NonManifoldEdge { a: usize, b: usize, triangles: [usize; 3] },
    /// A node's parent is not a node index.
    ParentOutOfRange { node: usize, parent: u32 },
    /// Following parents from this node returns to it.
    Cycle { node: usize },
    /// A row's rest length is below [`crate::constants::MIN_REST_LENGTH`].
    ZeroLengthRow { a: usize, b: usize, length: f64 },
    /// A seed option is out of range.
    BadOption { name: &'static str, value: f64 },
    /// Tree roots hang from different bones; a cloth has one anchor (§24).
    SeveralAnchors { node: usize, bone: u32, other_node: usize, other_bone: u32 },
    /// No node hangs from a bone outside the cloth: nothing holds it.
    NoAnchor,
    /// A rig names a joint the skeleton does not have.
    JointOutOfRange { node: usize, joint: u32 },
    /// A rig names the same joint twice.
    DuplicateJoint { node: usize, joint: u32 },
    /// A rig joint is a skeleton root: there is no bone for it to hang from.
    NoParentBone { node: usize, joint: u32 },
    /// A rig's anchor joint hangs (through its ancestors) from a joint the
    /// cloth owns.
    AnchorHangsFromCloth { anchor: u32, joint: u32 },
    /// A skeleton joint's bind transform has a translation beyond
    /// [`crate::constants::COORDINATE_LIMIT`] (`coordinate`, checked first)
    /// or a rotation that is not a unit quaternion within 1e-3 (`coordinate`
    /// `None`; [`SeedError::bind_rotation`]).
    BadBindTransform { joint: usize, coordinate: Option<f64>, rotation_norm: f64 },
    /// A free particle's bind position lies within the contact offset of a
    /// collider given at seed (§29: it would read as a tether failure):
    /// `distance` from the collider's surface, m (negative inside it), less
    /// than the contact `offset`, m (the cloth's thickness).
    InsideCollider { node: usize, collider: usize, distance: f64, offset: f64 },
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedError::Empty => write!(f, "the cloth has no nodes"),
            SeedError::LengthMismatch { what, expected, got } => {
                write!(f, "{what} has {got} entries, expected one per node ({expected})")
            }
            SeedError::NonFinitePosition { node } => {
                write!(f, "node {node} has a non-finite position")
            }
            SeedError::FarPosition { node, coordinate } => write!(
                f,
                "node {node} has a coordinate {coordinate} m; positions are limited to ±{} m",
                crate::constants::COORDINATE_LIMIT
            ),
            SeedError::BadMass { node, mass } => {
                write!(
                    f,
                    "node {node} has mass {}; a free node needs a mass {}",
                    Readable(*mass),
                    crate::constants::MASS_RULE
                )
            }
            SeedError::TriangleIndexOutOfRange { triangle, index } => {
                write!(f, "triangle {triangle} names node {index}, which does not exist")
            }
            SeedError::DegenerateTriangle { triangle, farthest } => {
                write!(f, "triangle {triangle} repeats a node or has no area")?;
                // Positions are f32: far out, neighbouring values are metres apart.
                if *farthest >= FAR_FOR_F32 {
                    let at = *farthest as f32; // positive and finite here
                    let spacing = f32::from_bits(at.to_bits() + 1) as f64 - at as f64;
                    write!(
                        f,
                        " (its corners are {} m from the origin, where f32 positions are {} m apart: give \
                         positions in the anchor frame, near its origin)",
                        Readable(*farthest),
                        Readable(spacing)
                    )?;
                }
                Ok(())
            }
            SeedError::WeldCollapses { triangle, a, b, tolerance } => write!(
                f,
                "welding at {tolerance} m merges nodes {a} and {b}, corners of triangle {triangle}, which is no \
                 sliver (its longest edge is under ten times the tolerance): lower the weld tolerance"
            ),
            SeedError::WeldedMass { node, nodes, mass } => write!(
                f,
                "welding merges {nodes} nodes into node {node}, their masses summing to {} kg, past the {:e} kg \
                 a free node may have: lower their masses",
                Readable(*mass),
                crate::constants::MAX_MASS
            ),
            SeedError::NonManifoldEdge { a, b, triangles: [t0, t1, t2] } => {
                write!(f, "edge {a}-{b} is shared by more than two triangles: triangles {t0}, {t1} and {t2}")
            }
            SeedError::ParentOutOfRange { node, parent } => {
                write!(f, "node {node} names parent {parent}, which does not exist")
            }
            SeedError::Cycle { node } => write!(f, "node {node} is its own ancestor (a cycle)"),
            SeedError::ZeroLengthRow { a, b, length } => {
                write!(f, "the row between nodes {a} and {b} has rest length {length} m")
            }
            SeedError::BadOption { name, value } if !value.is_finite() => write!(f, "{name} = {value} is not finite"),
            SeedError::BadOption { name, value } => write!(f, "{name} = {value} is out of range"),
            SeedError::SeveralAnchors { node, bone, other_node, other_bone } => write!(
                f,
                "node {node} hangs from bone {bone} but node {other_node} hangs from bone {other_bone}; a cloth has one anchor"
            ),
            SeedError::NoAnchor => write!(f, "no node hangs from a bone outside the cloth"),
            SeedError::JointOutOfRange { node, joint } => {
                write!(f, "cloth node {node} names joint {joint}, which the skeleton does not have")
            }
            SeedError::DuplicateJoint { node, joint } => write!(f, "cloth node {node} names joint {joint} a second time"),
            SeedError::NoParentBone { node, joint } => {
                write!(f, "cloth node {node} is joint {joint}, a skeleton root with no bone to hang from")
            }
            SeedError::AnchorHangsFromCloth { anchor, joint } => write!(
                f,
                "the anchor joint {anchor} hangs from joint {joint}, which the cloth owns (a cycle in the skeleton)"
            ),
            SeedError::BadBindTransform { joint, coordinate: Some(c), .. } => write!(
                f,
                "joint {joint}'s bind translation has a coordinate {} m; translations are limited to ±{} m",
                Readable(*c),
                crate::constants::COORDINATE_LIMIT
            ),
            SeedError::BadBindTransform { joint, coordinate: None, rotation_norm } => write!(
                f,
                "joint {joint}'s bind rotation has norm {}; it must be a unit quaternion (norm within \
                 1e-3 of 1: normalise it)",
                Readable(*rotation_norm)
            ),
            SeedError::InsideCollider { node, collider, distance, offset } => {
                match *distance < 0.0 {
                    true => write!(f, "node {node}'s bind position is {} m inside collider {collider}", -distance)?,
                    false => write!(f, "node {node}'s bind position is {distance} m from collider {collider}'s surface")?,
                }
                write!(
                    f,
                    ", closer than the {offset} m contact offset (the cloth's thickness) a free node must keep from \
                     a collider at seed; move the garment out of the body or seed with bind-pose validation off"
                )
            }
        }
    }
}

impl std::error::Error for SeedError {}

impl SeedError {
    /// A bind rotation `q` that is not unit: its norm taken without
    /// overflow (a component of 1e200 reads 1e200, not inf).
    pub fn bind_rotation(joint: usize, q: crate::pose::Quat) -> Self {
        let rotation_norm = q.x.hypot(q.y).hypot(q.z.hypot(q.w));
        SeedError::BadBindTransform { joint, coordinate: None, rotation_norm }
    }
}

/// A degenerate triangle this far from the origin, m, is named with its f32
/// spacing there (6.1e-5 m at 1 km): the area test's scale is 1e-12 m².
const FAR_FOR_F32: f64 = 1e3;

/// A value as a message shows it: plain between 1e-4 and 1e6 (`2`, `0.5`),
/// in exponent form outside (`1e30`, not thirty-one digits).
struct Readable(f64);

impl fmt::Display for Readable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.0.abs();
        match a == 0.0 || !a.is_finite() || (1e-4..1e6).contains(&a) {
            true => write!(f, "{}", self.0),
            false => write!(f, "{:e}", self.0),
        }
    }
}

/// Why a parameter change or a step request was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// A value is out of its documented range (or not finite); `allowed`
    /// says what the range is.
    OutOfRange { name: &'static str, value: f64, allowed: String },
    /// A per-node value breaks its rule (`rule` says what is allowed).
    Node { name: &'static str, node: usize, value: f64, rule: &'static str },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::OutOfRange { name, value, allowed } if !value.is_finite() => {
                write!(f, "{name} = {value} is not finite (allowed: {allowed})")
            }
            ParamError::OutOfRange { name, value, allowed } => {
                write!(f, "{name} = {value} is out of range ({allowed})")
            }
            ParamError::Node { name, node, value, rule } => write!(f, "{name} of node {node} is {value}; {rule}"),
        }
    }
}

impl std::error::Error for ParamError {}
