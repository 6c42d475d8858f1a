//! The `#[repr(C)]` types of the ABI, their `cloth_default_*` constructors,
//! the uint32_t enum values, and the conversions to and from the solver's
//! types (each conversion checks every float and enum on the way in).

#![allow(non_camel_case_types)]

use crate::boundary::cloth_status::{self, *};
use crate::boundary::{check_out, fail, finite, flag, guard, Res};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Air, Controls, Detail, Dynamics, FrameBudget, Shape, TeleportMode, Turbulence};
use std::mem::MaybeUninit;
use std::ptr::addr_of_mut;

/// The ABI version this header describes. It changes only when an existing
/// function or struct changes incompatibly; compare it with
/// `cloth_abi_version()` when loading the library.
pub const CLOTH_ABI_VERSION: u32 = 1;

/// Tree and rig parent value of a node that hangs from the anchor (a tree
/// root), or of a skeleton's root joint.
pub const CLOTH_NO_PARENT: u32 = 0xFFFF_FFFF;

/// Largest coordinate the library takes, m: a bind or animated position, a
/// component of any pose's translation (anchor, collider, rig bind) or a
/// collider's dimension beyond ±CLOTH_MAX_COORDINATE is refused with
/// CLOTH_STATUS_INVALID_ARGUMENT (NaN and infinities with
/// CLOTH_STATUS_NON_FINITE). It is the watchdog's distance: within it,
/// every position and pose the library hands back is finite.
pub const CLOTH_MAX_COORDINATE: f64 = 1.0e6;

/// The most fixed steps one cloth_world_advance runs per cloth
/// (`cloth_solver::clock::MAX_CATCH_UP_STEPS`): a longer frame's remaining
/// time is dropped.
pub const CLOTH_MAX_CATCH_UP_STEPS: u32 = 4;
const _: () = assert!(CLOTH_MAX_CATCH_UP_STEPS == cloth_solver::clock::MAX_CATCH_UP_STEPS);

/// `cloth_desc.preset`: use `cloth_desc.dynamics` as given.
pub const CLOTH_PRESET_CUSTOM: u32 = 0;
/// Library entry (DESIGN §6): light, floppy, self-collision on.
pub const CLOTH_PRESET_SILK: u32 = 1;
/// Library entry: the default fabric.
pub const CLOTH_PRESET_COTTON: u32 = 2;
/// Library entry: heavy, stiff, strain-limited.
pub const CLOTH_PRESET_DENIM: u32 = 3;
/// Library entry: the stiffest sheet.
pub const CLOTH_PRESET_LEATHER: u32 = 4;
/// Library entry: a rope (skip rows for bending, tethered).
pub const CLOTH_PRESET_ROPE: u32 = 5;
/// Library entry: rigid links, free joints.
pub const CLOTH_PRESET_CHAIN: u32 = 6;
/// Library entry: strands that tangle.
pub const CLOTH_PRESET_HAIR: u32 = 7;

/// `cloth_dynamics.teleport`: re-seed at the animated pose with zero velocity
/// (a character that moves on after the jump, e.g. in a vehicle, declares
/// its velocity with cloth_set_anchor_velocity after the teleport's step).
pub const CLOTH_TELEPORT_RESET: u32 = 0;
/// `cloth_dynamics.teleport`: carry the shape and its motion across
/// unchanged: the anchor's velocity continues, turned by the jump's rotation.
pub const CLOTH_TELEPORT_KEEP: u32 = 1;

/// `cloth_collider_desc.shape`: a ball of `radius` at the local origin.
pub const CLOTH_SHAPE_SPHERE: u32 = 0;
/// `cloth_collider_desc.shape`: points within `radius` of the segment a–b.
pub const CLOTH_SHAPE_CAPSULE: u32 = 1;
/// `cloth_collider_desc.shape`: the hull of ball (a, radius) and ball (b, radius_b).
pub const CLOTH_SHAPE_TAPERED_CAPSULE: u32 = 2;
/// `cloth_collider_desc.shape`: the half-space y ≤ 0 of the local frame.
pub const CLOTH_SHAPE_PLANE: u32 = 3;
/// `cloth_collider_desc.shape`: a box of `half_extents`, edges rounded by `corner_radius`.
pub const CLOTH_SHAPE_CUBOID: u32 = 4;

/// `cloth_read_positions` space: world coordinates (the anchor's pose applied).
pub const CLOTH_SPACE_WORLD: u32 = 0;
/// `cloth_read_positions` space: the cloth's own (anchor) frame, as stored.
pub const CLOTH_SPACE_CLOTH: u32 = 1;

/// `cloth_vertex_layout` offset of a field the write leaves out.
pub const CLOTH_NO_FIELD: u32 = 0xFFFF_FFFF;
/// `cloth_vertex_layout.node_count`: every node from `first_node` on.
pub const CLOTH_ALL_NODES: u32 = 0xFFFF_FFFF;
/// `cloth_vertex_layout.render_mesh`: write nodes, not a render mesh (render
/// meshes are numbered from 1, so a zeroed layout never reads one).
pub const CLOTH_NO_RENDER_MESH: u32 = 0;

/// `cloth_step_report.watchdog`: no reset.
pub const CLOTH_WATCHDOG_NONE: u32 = 0;
/// `cloth_step_report.watchdog`: reset after a non-finite or implausible value.
pub const CLOTH_WATCHDOG_NON_FINITE: u32 = 1;
/// `cloth_step_report.watchdog`: reset after rows stayed absurdly violated.
pub const CLOTH_WATCHDOG_EXPLODED: u32 = 2;

/// Level of detail (cloth_set_detail): every frame a fixed step of dt at the
/// cloth's own dynamics. The default.
pub const CLOTH_DETAIL_FULL: u32 = 0;
/// Level of detail: every frame a fixed step of dt with a quarter of the
/// iterations dropped (at least one, and at least one kept), the substep
/// kept: a resting garment's worst link ends within 1.25 points of strain of
/// full detail's (solver/tests/detail.rs).
pub const CLOTH_DETAIL_REDUCED: u32 = 1;
/// Level of detail: every second frame one step of 2·dt at the cloth's own
/// substeps and iterations (half the cost; a longer substep, so looser
/// links), from the anchor's pose at the last frame to its pose now carried
/// on as far again; reads show that step halfway on its frame and its end
/// on the next, so they never lag the host. Refused for a dt over 0.5 s.
pub const CLOTH_DETAIL_HALF_RATE: u32 = 2;
/// Level of detail: no step simulates the cloth; it rides its anchor rigidly
/// (as a sleeping cloth does), keeping its velocities relative to its
/// anchor, and carries on from them when it leaves the level. Nothing wakes
/// it, and a teleport asked for waits for the level's end; a step reports it
/// idle.
pub const CLOTH_DETAIL_FROZEN: u32 = 3;
const _: () = assert!(
    CLOTH_DETAIL_FULL == Detail::Full as u32
        && CLOTH_DETAIL_REDUCED == Detail::Reduced as u32
        && CLOTH_DETAIL_HALF_RATE == Detail::HalfRate as u32
        && CLOTH_DETAIL_FROZEN == Detail::Frozen as u32
);

/// The price of a unit of work the frame budget uses when its unit_ns is 0,
/// ns (`cloth_solver::detail::WORK_UNIT_NS`; cloth_frame_budget).
pub const CLOTH_WORK_UNIT_NS: f64 = 34.0;
const _: () = assert!(CLOTH_WORK_UNIT_NS == cloth_solver::detail::WORK_UNIT_NS);

/// What every cloth's step costs the frame budget beyond its work, units,
/// at any level (frozen cloths and those asleep 30 steps in a row cost this alone):
/// `cloth_solver::detail::STEP_UNITS`.
pub const CLOTH_STEP_UNITS: f64 = 5.0;
const _: () = assert!(CLOTH_STEP_UNITS == cloth_solver::detail::STEP_UNITS);

/// A world: an opaque handle (slot and generation, never all zero).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct cloth_world {
    pub index: u32,
    pub generation: u32,
}

/// A cloth in its world (slot and generation; generation 0 is never issued).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct cloth_id {
    pub index: u32,
    pub generation: u32,
}

/// A collider set in its world. Generation 0 means "no set" where a set is
/// optional (`cloth_desc.colliders`, `cloth_set_colliders`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct cloth_collider_set_id {
    pub index: u32,
    pub generation: u32,
}

/// A collider: its set, and its slot and generation in that set.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct cloth_collider_id {
    pub set: cloth_collider_set_id,
    pub index: u32,
    pub generation: u32,
}

/// A vector of doubles, m.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct cloth_vec3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

/// A vector of floats: one particle's position, m.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct cloth_vec3f {
    pub x: f32,
    pub y: f32,
    pub z: f32,
}

/// A rotation quaternion, stored x, y, z, w (Unity's and Unreal's order).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct cloth_quat {
    pub x: f64,
    pub y: f64,
    pub z: f64,
    pub w: f64,
}

/// A rigid pose, local to world: p -> rotation * p + translation (m).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct cloth_pose {
    pub translation: cloth_vec3,
    pub rotation: cloth_quat,
}

/// How a world runs. Start from `cloth_default_world_desc()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_world_desc {
    /// sizeof(cloth_world_desc).
    pub struct_size: u32,
    /// Worker threads the world starts and owns, 0..=256. 0 (the default)
    /// starts none: cloth_world_step runs on the calling thread, and a host
    /// with its own job system uses begin_step / step_cloth / end_step.
    pub threads: u32,
}

/// How a cloth moves (DESIGN §6). Every field has a range; a value outside
/// it is refused (CLOTH_STATUS_INVALID_ARGUMENT, or CLOTH_STATUS_NON_FINITE).
/// Start from `cloth_default_dynamics()` or `cloth_preset_dynamics()`. The
/// drag and lift coefficients are set apart (`cloth_set_aerodynamics`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_dynamics {
    /// sizeof(cloth_dynamics).
    pub struct_size: u32,
    /// Substeps per step, 1..=64.
    pub substeps: u32,
    /// Colour sweeps per substep, 1..=64.
    pub iterations: u32,
    /// 1: strain-limit rows on every stretch row; 0: none.
    pub strain_limit: u32,
    /// 1: particle–particle self-collision; 0: none.
    pub self_collision: u32,
    /// What a teleport does: CLOTH_TELEPORT_RESET or CLOTH_TELEPORT_KEEP.
    pub teleport: u32,
    /// Fixed step, s, 1e-6 to 1. Default 1/60. May change between steps: a
    /// step whose substep (dt/substeps) would be more than twice the last
    /// step's runs as many more substeps as keep it within that (and costs
    /// more); one whose substep is under half the last keeps the rows'
    /// stiffness of the longer steps, fading to its own over 0.25 s of
    /// simulated time, so slow motion by a smaller dt, down to 1e-6 s (a
    /// paused game still stepping), leaves a resting cloth at rest. A host
    /// whose frame time varies should keep dt and call cloth_world_advance
    /// (cloth_world_begin_advance from a job system); a paused game skips
    /// its steps (or advances by 0).
    pub dt: f64,
    /// Gravity in world space, m/s², each component within ±1e6 (default
    /// 0, −9.81, 0, as in every preset: a z-up host sets 0, 0, −9.81 on each
    /// cloth; there is no world gravity).
    pub gravity: cloth_vec3,
    /// Strain allowance control 0..=1 (read only with strain_limit): a link
    /// may reach `1 + 0.25·250^(−stretch)` times its rest length — 0.2 →
    /// 8.3 % over, 0.5 → 1.6 %, 1 → 0.1 % (every strain-limited preset).
    pub stretch: f64,
    /// Bending resistance 0..=1. Each bend row rests at the shape the cloth
    /// was seeded in: a sheet authored flat rests flat, a skirt's tube or a
    /// cape wrapped around the shoulders keeps its curvature (a hinge's rest
    /// is its bind-pose fold, carried with the hinge as it turns; a fold
    /// authored sharper than 30° open rests flat); a strip's skip rows rest
    /// at their bind-pose distance.
    pub bend: f64,
    /// Damping 0..=1: v ← v·exp(−10·damping·h) per substep.
    pub damping: f64,
    /// How much of the anchor's motion the particles feel, 0..=1 (0: welded
    /// to the anchor frame; 1: full world inertia).
    pub inertia: f64,
    /// Leash 0..=1: each free node may stray 2·slack·d_geo from its animated
    /// position (cloth_set_animated_positions), d_geo being its shortest
    /// distance along the mesh's edges to a fixed node in the bind pose
    /// (nothing fixed: no leash); 1 is no leash. The fabric presets use 0.7.
    /// A host that moves only the fixed nodes leaves the free ones leashed
    /// to the animated positions they had: move those too, or use 1.
    pub slack: f64,
    /// Contact offset, m, 0..=0.5.
    pub thickness: f64,
    /// Coulomb friction coefficient against colliders, 0..=4.
    pub friction: f64,
}

/// The air cloths move through (`cloth_world_set_air`, `cloth_set_air`):
/// drag and lift (`cloth_set_aerodynamics`) act only in air. A world and a
/// cloth start with none (density 0); a cloth in a world feels both airs —
/// winds and turbulence add, the density is the larger. Start from
/// `cloth_default_air()` (still air at sea level).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_air {
    /// sizeof(cloth_air).
    pub struct_size: u32,
    /// Air density, kg/m³, 0..=10 (0: no air; default 1.225, sea level).
    pub density: f64,
    /// Mean wind, world axes, m/s, each component within ±500.
    pub wind: cloth_vec3,
    /// Turbulence: the largest deviation of each wind component from the
    /// mean, m/s, 0..=500 (0: none, the default).
    pub turbulence_amplitude: f64,
    /// How often the gusts change where they are, Hz, 0..=1000 (default 1).
    pub turbulence_frequency: f64,
    /// Gust size, m, 0.01..=1e4 (default 2); gusts travel with the mean wind.
    pub turbulence_scale: f64,
    /// Seed of the turbulence: the same seed, the same gusts, bit for bit.
    pub turbulence_seed: u64,
}

/// What every cloth is made with besides its shape. Start from
/// `cloth_default_desc()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_desc {
    /// sizeof(cloth_desc).
    pub struct_size: u32,
    /// A library entry (CLOTH_PRESET_SILK … CLOTH_PRESET_HAIR, default
    /// COTTON), or CLOTH_PRESET_CUSTOM to use `dynamics`.
    pub preset: u32,
    /// The dynamics for CLOTH_PRESET_CUSTOM (read during the call); must be
    /// NULL with a library preset.
    pub dynamics: *const cloth_dynamics,
    /// The anchor's world pose at creation (placed: no motion is felt). Its
    /// rotation is normalised from a norm in [1e-6, 1e6].
    pub anchor: cloth_pose,
    /// The collider set the cloth collides with (generation 0: none).
    pub colliders: cloth_collider_set_id,
    /// 1 (default): refuse a free node whose bind position lies within the
    /// contact offset of a collider of `colliders` where the colliders are
    /// now (the garment was authored inside the body, or the body is posed
    /// through it); 0: skip the check. A garment created mid-animation:
    /// create it with the colliders at their bind pose, then set their
    /// animated poses — their motion then sweeps the garment clear, where a
    /// body part already through the cloth stays through it.
    pub bind_pose_check: u32,
}

/// A cloth's switches and thresholds beside its dynamics: tethers, sleep,
/// the sleep speed, the teleport distance, the anchor acceleration limit.
/// Start from
/// `cloth_default_controls()`; read with cloth_get_controls. A cloth's
/// *reach* is the longest path along its rows from a fixed node to a free
/// one (a cape's length; 0 for a cloth with nothing fixed).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct cloth_controls {
    /// sizeof(cloth_controls).
    pub struct_size: u32,
    /// 1: tether rows act (default); 0: the cloth hangs by its other rows
    /// alone. Turned back on, each tether starts from a zero multiplier.
    pub tethers: u32,
    /// 1: the cloth may fall asleep when it stops moving (default); 0: never.
    pub sleep: u32,
    /// Reserved: 0 (anything else is refused).
    pub reserved: u32,
    /// Sleep and wake speed per metre of the cloth's reach (or of its
    /// thickness, if longer), 1/s, 0 to 1 (default 1e-3): it sleeps once
    /// no node strayed this fast over 30
    /// steps, and wakes when its anchor's motion changes by this much.
    pub sleep_speed: f64,
    /// An anchor landing further than this from where its velocity would
    /// carry it in one step teleports, m, 0 to CLOTH_MAX_COORDINATE; 0
    /// (default) is the automatic max(2 m, 4 × reach). A vehicle at a steady
    /// speed never teleports once the cloth moves with it (after speeding
    /// up with it, or cloth_set_anchor_velocity); a cloth that assumes a
    /// still anchor measures the whole jump.
    pub teleport_distance: f64,
    /// The largest change of the anchor's velocity the cloth feels, m/s², 0
    /// to 1e6; 0: no limit. Default 600 (10 m/s a step at 60 Hz). A faster
    /// change — a character snapped by tens of centimetres in one frame —
    /// moves the cloth rigidly with its anchor for the excess, which the
    /// cloth then keeps as velocity. Appended after the first release: a
    /// caller built against an earlier header passes the shorter
    /// struct_size and gets the default.
    pub max_anchor_acceleration: f64,
    /// The most relative motion a turn of the anchor gives the node farthest
    /// from the fixed ones, in edges a substep, 0 to 1000; 0: no such limit.
    /// The anchor's turn the cloth feels whole is at most
    ///   max_turn_links × max(mean edge length, 2.5 cm) / (reach × inertia)
    /// rad a substep, and never more than 0.125 rad a substep whatever the
    /// inertia; cloth_stats.max_turn_rate reads the result in rad/s. A
    /// faster turn turns the cloth rigidly with its anchor for the excess
    /// (the step report's turn_limited). Default 1: a 0.74 m cape of 2.7 cm
    /// edges at 60 Hz, two substeps and inertia 1 feels 4.3 rad/s, and a
    /// 180° turn in 0.2 s stretches 1 % of its edges to at most 1.2×. Lower
    /// holds edges closer to rest through hard turns; higher lets a cape
    /// flare more in a fast spin and stretches it more in hard turns (more
    /// substeps raise the rate at less stretch). A cloth with nothing fixed
    /// has only the 0.125 rad ceiling. Appended after max_anchor_acceleration: a caller
    /// built against an earlier header passes the shorter struct_size and
    /// gets the default.
    pub max_turn_links: f64,
}

/// A sheet: a triangle mesh in the anchor frame. Start from
/// `cloth_default_sheet_desc()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_sheet_desc {
    /// sizeof(cloth_sheet_desc).
    pub struct_size: u32,
    /// Nodes (particles), ≥ 1.
    pub node_count: u32,
    /// Triangles.
    pub triangle_count: u32,
    /// node_count bind positions in the anchor frame, m.
    pub positions: *const cloth_vec3f,
    /// node_count masses, kg (read for free nodes: from 1.2e-38, the
    /// smallest normal float, to 1e9). A fabric's: its density, kg/m², times a third
    /// of the area of the triangles round the node (the presets were sized at
    /// silk 0.06, cotton 0.15, denim 0.4, leather 0.9 kg/m²):
    /// cloth_masses_from_density writes them, cloth_preset_density gives an
    /// entry's density. The rows do not depend on mass; colliders,
    /// friction, wind and impulses do.
    pub masses: *const f32,
    /// node_count flags: 1 = fixed to its animated position, 0 = free. May be
    /// NULL: every node free (then nothing holds the sheet).
    pub fixed: *const u32,
    /// 3 × triangle_count node indices. Winding: the normals
    /// cloth_read_vertices writes are built from (b − a) × (c − a) per
    /// triangle (a, b, c), component-wise — the side a → b → c runs
    /// counter-clockwise from in a right-handed frame, clockwise in a
    /// left-handed one (Unity's front faces). Wind the mesh consistently (a
    /// flipped triangle cancels its neighbours' normals).
    /// The simulation itself reads no winding: a rewound mesh differs from
    /// the original only in the order of sums (round-off).
    pub triangles: *const u32,
    /// Welds nodes whose bind positions lie within this distance, m (0: no
    /// welding): for a mesh exported with seams (positions duplicated where
    /// UV islands meet), which otherwise comes apart along them. Each node
    /// joins the first earlier node within the distance; a welded node sums
    /// their masses and is fixed if any of them is. Welded nodes are
    /// numbered in order of first appearance (node k is the k-th input node
    /// that joined no earlier one), and every per-node call on the cloth —
    /// cloth_node_count, cloth_read_positions, cloth_set_animated_positions,
    /// … — takes these indices; weld_map translates. A sliver welding
    /// collapses (a triangle at least 10× longer than the tolerance, such as
    /// the quads closing a seam exported microns open) is dropped; a shorter
    /// collapsed triangle refuses the sheet. Finite, ≥ 0.
    pub weld_tolerance: f32,
    /// node_count entries written with each input node's welded node (the
    /// identity without welding), or NULL. Written only when the cloth is
    /// created. Pass it as cloth_vertex_layout.node_map to write a vertex
    /// buffer with the seams' duplicates.
    pub weld_map: *mut u32,
    /// node_count max distances, m, or NULL (none): each free node stays
    /// within its distance of its animated position, exactly, after every
    /// substep. 0 fixes the node for good (the same cloth as a fixed flag of
    /// 1: cloth_clear_max_distances does not free it); a welded node takes
    /// the least of its nodes'; a value past the garment's reach leaves it
    /// free. Finite, ≥ 0.
    pub max_distances: *const f32,
    /// node_count backstop distances, m, or NULL (none): each free node
    /// stays outside a sphere of backstop_radii[i] whose surface lies this
    /// far behind its animated position, against the animated normal (the
    /// winding above). A welded node takes its first node's backstop.
    /// Finite, ≥ 0. NULL with backstop_radii set: 0 for every node; set
    /// without backstop_radii: refused.
    pub backstop_distances: *const f32,
    /// node_count backstop radii, m, or NULL (none); 0 is no backstop, and a
    /// node in no triangle takes only 0. Finite, ≥ 0.
    pub backstop_radii: *const f32,
}

/// Where `cloth_read_vertices` writes into a host's vertex buffer: node
/// `first_node + i` starts at byte `i × stride`; each field present is three
/// native-endian floats at its byte offset from there (any alignment).
/// Bytes outside the fields are not touched, so interleaved UVs or colours
/// survive. Start from `cloth_default_vertex_layout()` (world-space packed
/// positions of every node).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_vertex_layout {
    /// sizeof(cloth_vertex_layout).
    pub struct_size: u32,
    /// CLOTH_SPACE_WORLD or CLOTH_SPACE_CLOTH, for every field.
    pub space: u32,
    /// First node written.
    pub first_node: u32,
    /// Nodes written, or CLOTH_ALL_NODES: every node from first_node on.
    pub node_count: u32,
    /// Bytes from one node's start to the next's: each present field's
    /// offset + 12 ≤ stride.
    pub stride: u32,
    /// Byte offset of the position (m), or CLOTH_NO_FIELD.
    pub position_offset: u32,
    /// Byte offset of the unit normal, or CLOTH_NO_FIELD. Area-weighted from
    /// the node's triangles, each (b − a) × (c − a) (see
    /// cloth_sheet_desc.triangles on winding). A node in no triangle (a tree):
    /// the cloth's +Z made perpendicular to its bind tangent, carried by the
    /// node's rotation.
    pub normal_offset: u32,
    /// Byte offset of the unit tangent (perpendicular to the normal), or
    /// CLOTH_NO_FIELD. A sheet: the cloth axis (X, Y or Z) least aligned with
    /// its bind normals, carried by each triangle's deformation, as a UV's u
    /// direction of the bind pose's planar projection. A tree: along the
    /// strand, towards the first child.
    pub tangent_offset: u32,
    /// NULL: vertex i is node first_node + i. Otherwise a map from vertices
    /// to nodes (a sheet's weld_map): vertex i is node node_map[first_node +
    /// i], and node_count (not CLOTH_ALL_NODES) is the number of vertices
    /// written; node_map holds node_map_count entries, at least first_node +
    /// node_count.
    pub node_map: *const u32,
    /// CLOTH_NO_RENDER_MESH (0), or a render mesh cloth_attach_render_mesh
    /// returned (1, 2, …): then entries are that mesh's vertices (first_node
    /// and node_count count vertices), positions carried by the sheet and
    /// normals and tangents interpolated from its nodes'. Not with node_map.
    pub render_mesh: u32,
    /// The number of entries node_map holds (0 from
    /// cloth_default_vertex_layout; unread without a node_map): a write
    /// that would read node_map[first_node + node_count − 1] past it is
    /// refused (BUFFER_TOO_SMALL) before any entry is read. Appended after
    /// render_mesh: a caller built against an earlier header passes the
    /// shorter struct_size, and its node_map is taken to hold first_node +
    /// node_count entries, unchecked below 2³² (OUT_OF_RANGE past it).
    pub node_map_count: usize,
}

/// A tree of nodes (strips, a rope, a ponytail) in the anchor frame. Start
/// from `cloth_default_tree_desc()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_tree_desc {
    /// sizeof(cloth_tree_desc).
    pub struct_size: u32,
    /// Nodes, ≥ 1.
    pub node_count: u32,
    /// node_count bind positions in the anchor frame, m.
    pub positions: *const cloth_vec3f,
    /// node_count masses, kg (read for nodes with a parent: 1.2e-38 to 1e9).
    pub masses: *const f32,
    /// node_count parents: another node's index, or CLOTH_NO_PARENT for a
    /// root, which hangs from the anchor and is fixed.
    pub parents: *const u32,
    /// node_count max distances, m, or NULL (none): each free node stays
    /// within its distance of its animated position, exactly, after every
    /// substep. 0 fixes the node for good (as a root is fixed;
    /// cloth_clear_max_distances does not free it); a value past the
    /// garment's reach leaves it free. Finite, ≥ 0.
    pub max_distances: *const f32,
}

/// Joints of a skeleton the cloth owns (DESIGN §9): the host stops animating
/// them and writes back the node poses the cloth produces. Start from
/// `cloth_default_rig_desc()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_rig_desc {
    /// sizeof(cloth_rig_desc).
    pub struct_size: u32,
    /// Joints of the whole skeleton.
    pub joint_count: u32,
    /// Joints the cloth owns (its nodes, in this order), ≥ 1.
    pub node_count: u32,
    /// joint_count parents (CLOTH_NO_PARENT for a root joint).
    pub skeleton_parents: *const u32,
    /// joint_count bind transforms relative to the parent joint.
    pub local_bind: *const cloth_pose,
    /// node_count skeleton joint indices. Every owned joint whose parent is
    /// not owned must hang from the same joint: the cloth's anchor.
    pub joints: *const u32,
    /// node_count masses, kg (1.2e-38 to 1e9 for the free ones).
    pub masses: *const f32,
    /// node_count max distances, m, or NULL (none): each free node stays
    /// within its distance of its animated position, exactly, after every
    /// substep. 0 fixes the node for good (as a root is fixed;
    /// cloth_clear_max_distances does not free it); a value past the
    /// garment's reach leaves it free. Finite, ≥ 0.
    pub max_distances: *const f32,
}

/// A collider: a shape in its local frame and its world pose. Start from
/// `cloth_default_collider_desc()`; the fields a shape does not use are
/// ignored.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_collider_desc {
    /// sizeof(cloth_collider_desc).
    pub struct_size: u32,
    /// CLOTH_SHAPE_SPHERE, _CAPSULE, _TAPERED_CAPSULE, _PLANE or _CUBOID.
    pub shape: u32,
    /// Capsule and tapered capsule: the segment's first end, m (local).
    pub a: cloth_vec3,
    /// Capsule and tapered capsule: the segment's second end, m (local).
    pub b: cloth_vec3,
    /// Sphere and capsule radius; the tapered capsule's radius at a, m, ≥ 0.
    pub radius: f64,
    /// Tapered capsule: the radius at b, m, ≥ 0.
    pub radius_b: f64,
    /// Cuboid: half extents along the local axes (outer), m, each ≥ 0.
    pub half_extents: cloth_vec3,
    /// Cuboid: edge and corner rounding, m (0 = sharp), at most the smallest
    /// half extent.
    pub corner_radius: f64,
    /// World pose (previous = current: the collider has not moved); its
    /// rotation unit within 1e-3.
    pub pose: cloth_pose,
}

/// What a cloth's last step (or advance) did. Set struct_size before the
/// call.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_step_report {
    /// sizeof(cloth_step_report), set by the caller.
    pub struct_size: u32,
    /// 1: the cloth was asleep and nothing was simulated.
    pub asleep: u32,
    /// 1: the cloth fell asleep at the end of the step.
    pub fell_asleep: u32,
    /// 1: the anchor teleported (the teleport mode was applied).
    pub teleported: u32,
    /// CLOTH_WATCHDOG_NONE, or why the watchdog reset the cloth.
    pub watchdog: u32,
    /// Vertex updates whose pivot check failed in the step.
    pub pivot_failures: u64,
    /// 1: the anchor's velocity changed faster than the controls'
    /// max_anchor_acceleration: the excess moved the cloth rigidly and
    /// stayed with it as velocity (a snap, a crash stop short of the
    /// teleport distance). Appended after the
    /// first release, as is turn_limited: a caller built against an earlier
    /// header passes the shorter struct_size and gets neither.
    pub anchor_limited: u32,
    /// 1: the anchor turned faster than the cloth feels whole
    /// (cloth_stats.max_turn_rate; cloth_controls.max_turn_links): the
    /// excess turned the cloth rigidly.
    pub turn_limited: u32,
    /// 1: no fixed step simulated the cloth this frame: it is at
    /// CLOTH_DETAIL_FROZEN, or at CLOTH_DETAIL_HALF_RATE on the second frame
    /// of its pair (its reads then show the end of the step the first frame
    /// ran), or a cloth_world_advance ran no step (steps is 0). Appended after turn_limited: a caller built against an earlier
    /// header passes the shorter struct_size and does not get it.
    pub idle: u32,
    /// The fixed steps the last cloth_world_step, begin/end pair or
    /// cloth_world_advance ran for this cloth: 1, or 0 to
    /// CLOTH_MAX_CATCH_UP_STEPS for an advance (a frame shorter than what
    /// the clock carries runs none; 0 before the cloth's first). The fields
    /// above report those steps as one frame: an event (teleported, a
    /// limit, fell_asleep, the first watchdog reset) if any step had it,
    /// pivot failures summed, asleep and idle as the last step left them.
    /// After an advance that ran none the report is idle (and asleep if the
    /// cloth sleeps), with no event.
    /// It takes what was the padding after idle, so the struct's size is
    /// unchanged.
    pub steps: u32,
}

/// How a cloth stands now, measured on demand from its current state (a
/// QA overlay, a stretch check in a test): cloth_read_stats. Set
/// struct_size before the call.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_stats {
    /// sizeof(cloth_stats), set by the caller.
    pub struct_size: u32,
    /// 1: the cloth is asleep (its steps simulate nothing until woken); 0
    /// once a wake is pending (an impulse, cloth_wake, a new pose that moves
    /// a pin).
    pub asleep: u32,
    /// The longest stretch row over its rest length (1: at rest length;
    /// 1.01: one edge 1 % stretched). 0 for a cloth with no stretch row.
    pub worst_link_ratio: f64,
    /// The mean of |length − rest| / rest over the stretch rows.
    pub mean_link_strain: f64,
    /// The link ratio the strain limit allows (1 + 0.25·250^(−stretch)), or
    /// 0 when the dynamics have no strain limit.
    pub allowance: f64,
    /// The farthest free node from its tether anchor over its geodesic
    /// distance to the pins (1: the cloth's own reach), or 0 without
    /// tethers.
    pub worst_tether_ratio: f64,
    /// The fastest node's speed in the cloth's frame at the end of the last
    /// simulated step: the velocity its last substep leaves it with, m/s.
    /// Rows that fight within a step show here and not in the node's move
    /// over the step (a node that ends 1 cm from where it began may read
    /// tens of m/s); sleep reads the move over the step. A sleeping cloth
    /// keeps the value of its last simulated step.
    pub local_speed: f64,
    /// The fastest turn of the anchor the cloth feels whole, rad/s, at its
    /// dynamics and controls (cloth_controls.max_turn_links; 0.125 rad a
    /// substep for a cloth with nothing fixed or max_turn_links 0): a step
    /// turning faster sets turn_limited, and the excess turns the cloth
    /// rigidly. At inertia 0 the cloth feels no turn and no step is
    /// turn_limited. Appended after local_speed: a caller built against an
    /// earlier header passes the shorter struct_size and does not get it.
    pub max_turn_rate: f64,
    /// The row of worst_link_ratio: its length less its rest length, m, and
    /// its two nodes. A sliver edge stretched several times reads as a
    /// large ratio and a small elongation; a tear as both. 0 and
    /// UINT32_MAX nodes for a cloth with no stretch row. Appended after
    /// max_turn_rate, with the three fields that follow.
    pub worst_link_elongation: f64,
    /// The largest length less rest length of any stretch row, m.
    pub longest_elongation: f64,
    /// The two nodes of the worst_link_ratio row.
    pub worst_link_node_a: u32,
    pub worst_link_node_b: u32,
    /// The farthest free node from its animated position over its leash
    /// radius 2·slack·d_geo (cloth_dynamics.slack; 1: at the leash; over 1
    /// where other rows pull a node past it), or 0 where no leash acts
    /// (slack 1 or 0, or nothing fixed). A host that moves only the fixed
    /// nodes, the leash holding the free ones near their old animated
    /// positions, reads well over 1 here (README, "The presets"). Appended
    /// after worst_link_node_b.
    pub worst_leash_ratio: f64,
}

/// A world's frame budget (cloth_world_set_budget): the work every cloth's
/// step may take in a frame, from which the world chooses each cloth's level
/// of detail (CLOTH_DETAIL_*) at the start of every step, by the host's
/// priorities (cloth_set_priority). The cost of a cloth at a level is
/// counted, never timed: nodes × substeps × (iterations + 1) units a step,
/// halved at half rate, none frozen or asleep 30 steps in a row, plus CLOTH_STEP_UNITS for
/// every cloth; under cloth_world_advance, a step's work times the fixed
/// steps the host's frame holds (at least 1, at most 4: at 30 Hz with a dt
/// of 1/60 s, two). So the levels, and every result, are the same on every
/// machine and at every thread count (unless the host reports its times:
/// cloth_world_observe_step). Start from `cloth_default_frame_budget()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct cloth_frame_budget {
    /// sizeof(cloth_frame_budget).
    pub struct_size: u32,
    /// Core-milliseconds the cloths' steps may take in a frame, summed over
    /// threads (2 ms on each of 4 threads is 8), 0..=1e6 (default 2).
    pub core_ms: f64,
    /// The price of one unit of work on the host's machine, ns, 0..=1e6: a
    /// host that measured its own cost per unit passes it here. 0 (the
    /// default) keeps the world's price: CLOTH_WORK_UNIT_NS to start, or
    /// what cloth_world_observe_step has learned — so a budget set every
    /// frame keeps it. cloth_world_get_budget reads the price now.
    pub unit_ns: f64,
    /// The largest share of the budget the full-detail band may take, 0..=1
    /// (default 1: full detail for as many of the highest priorities as
    /// fit; 0.5 leaves at least half the budget for half rate and reduced
    /// further out).
    pub full_share: f64,
}

// ---- sizes and defaults -------------------------------------------------------

/// A struct that starts with `struct_size`.
pub(crate) trait Sized_: Copy {
    /// Every size a version of this struct has had, oldest first: a caller
    /// built against an older header passes one of the earlier sizes and the
    /// appended fields keep their defaults.
    const VERSION_SIZES: &'static [usize];
    const NAME: &'static str;
    /// The exported `cloth_default_*` function that returns the struct with
    /// `struct_size` set, if it has one (a refusal names it).
    const CONSTRUCTOR: Option<&'static str>;
    fn defaults() -> Self;
}

/// `sized!(T, cloth_default_t())` for a struct of one version the host
/// starts from that exported constructor; `sized!(T, constructor(), first,
/// …)` for one whose earlier versions each ended just before the field named
/// (oldest first); `sized!(T, expression, …)` for one the host fills from
/// nothing (no constructor to name).
macro_rules! sized {
    (@ $t:ident, $default:expr, $constructor:expr $(, $first:ident)*) => {
        impl Sized_ for $t {
            const VERSION_SIZES: &'static [usize] =
                &[$(std::mem::offset_of!($t, $first),)* std::mem::size_of::<$t>()];
            const NAME: &'static str = stringify!($t);
            const CONSTRUCTOR: Option<&'static str> = $constructor;
            fn defaults() -> Self {
                $default
            }
        }
    };
    ($t:ident, $constructor:ident() $(, $first:ident)*) => {
        sized!(@ $t, $constructor(), Some(stringify!($constructor)) $(, $first)*);
    };
    ($t:ident, $default:expr $(, $first:ident)*) => {
        sized!(@ $t, $default, None $(, $first)*);
    };
}

sized!(cloth_world_desc, cloth_default_world_desc());
sized!(cloth_dynamics, cloth_default_dynamics());
// The first release ended before max_anchor_acceleration; a later one
// before max_turn_links.
sized!(cloth_controls, cloth_default_controls(), max_anchor_acceleration, max_turn_links);
sized!(cloth_air, cloth_default_air());
sized!(cloth_desc, cloth_default_desc());
// ABI 1.0 ended before the weld fields, 1.1 before the painted ones.
sized!(cloth_sheet_desc, cloth_default_sheet_desc(), weld_tolerance, max_distances);
// ABI 1.0 ended before max_distances.
sized!(cloth_tree_desc, cloth_default_tree_desc(), max_distances);
sized!(cloth_rig_desc, cloth_default_rig_desc(), max_distances);
sized!(cloth_collider_desc, cloth_default_collider_desc());
// The first version ended before node_map_count (cloth_read_vertices reads
// the struct_size given to tell).
sized!(cloth_vertex_layout, cloth_default_vertex_layout(), node_map_count);
// The first release ended before anchor_limited; a later one before idle.
// steps took the padding after idle: the size did not change.
sized!(cloth_step_report, step_report_out(&Default::default(), 0), anchor_limited, idle);
sized!(cloth_frame_budget, cloth_default_frame_budget());
// The first version ended before max_turn_rate, the second before
// worst_link_elongation, the third before worst_leash_ratio.
sized!(
    cloth_stats,
    cloth_stats {
        struct_size: struct_size::<cloth_stats>(),
        asleep: 0,
        worst_link_ratio: 0.0,
        mean_link_strain: 0.0,
        allowance: 0.0,
        worst_tether_ratio: 0.0,
        local_speed: 0.0,
        max_turn_rate: 0.0,
        worst_link_elongation: 0.0,
        longest_elongation: 0.0,
        worst_link_node_a: 0,
        worst_link_node_b: 0,
        worst_leash_ratio: 0.0,
    },
    max_turn_rate,
    worst_link_elongation,
    worst_leash_ratio
);
// cloth_read_stats copies a cloth_stats out byte for byte: two u32, eight
// f64 fields, two u32, one f64, no padding to leak.
const _: () = assert!(std::mem::size_of::<cloth_stats>() == 2 * 4 + 8 * 8 + 2 * 4 + 8);

// cloth_get_controls copies a cloth_controls out byte for byte: it has no
// padding to leak.
const _: () = assert!(std::mem::size_of::<cloth_controls>() == 4 * 4 + 4 * 8);
// Nor does cloth_dynamics (cloth_get_dynamics, cloth_preset_dynamics): six
// u32, then f64 and cloth_vec3 fields.
const _: () = assert!(std::mem::size_of::<cloth_dynamics>() == 6 * 4 + 8 * 8 + 3 * 8);

/// Reads a descriptor: NULL and alignment (the struct's) checked, `struct_size` one of the
/// sizes the struct has had, the bytes it covers copied over the defaults.
///
/// # Safety
/// `p` is NULL or points to at least `struct_size` readable bytes.
pub(crate) unsafe fn read_desc<T: Sized_>(p: *const T, what: &str) -> Res<T> {
    // Aligned for the whole struct, not only for its first field: a
    // cloth_dynamics 4 bytes off its 8 was once read as given.
    crate::boundary::check_ptr(p, what)?;
    // SAFETY: non-null and aligned (checked); the struct's first field is a
    // u32, readable by the caller's contract.
    let size = unsafe { std::ptr::read(p as *const u32) } as usize;
    check_size::<T>(size, what)?;
    let mut out = T::defaults();
    // SAFETY: `p` is readable for `size` bytes (the caller's contract for a
    // struct of that size), `size` ≤ size_of::<T>() (checked), and every size
    // in VERSION_SIZES ends on a field boundary, so no field is half-copied;
    // the fields are integers, floats and pointers, valid for any bits.
    unsafe { std::ptr::copy_nonoverlapping(p as *const u8, &mut out as *mut T as *mut u8, size) };
    Ok(out)
}

/// The refusal says what to set in words any host's language has (no C
/// `sizeof`: a C# or Python host reads it too), e.g. `desc.struct_size is 0
/// (unset) but this library's cloth_desc is 88 bytes (set it to the size of
/// the struct you pass; cloth_default_desc() sets it)`.
fn check_size<T: Sized_>(size: usize, what: &str) -> Res<()> {
    if T::VERSION_SIZES.contains(&size) {
        return Ok(());
    }
    let (current, earlier) = T::VERSION_SIZES.split_last().expect("a struct has at least its own size");
    let earlier = match earlier {
        [] => String::new(),
        [one] => format!(", or {one} for its earlier version"),
        [rest @ .., last] => format!(
            ", or {} or {last} for its earlier versions",
            rest.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
        ),
    };
    let unset = if size == 0 { " (unset)" } else { "" };
    let constructor = T::CONSTRUCTOR.map(|c| format!("; {c}() sets it")).unwrap_or_default();
    fail(
        CLOTH_STATUS_STRUCT_SIZE,
        format!(
            "{what}.struct_size is {size}{unset} but this library's {} is {current} bytes{earlier} \
             (set it to the size of the struct you pass{constructor})",
            T::NAME
        ),
    )
}

/// Writes an output struct that starts with `struct_size`: as many bytes as
/// the caller's version has.
///
/// # Safety
/// `p` is NULL or points to at least its `struct_size` writable bytes.
pub(crate) unsafe fn check_sized_out<T: Sized_>(p: *mut T, what: &str) -> Res<usize> {
    check_out(p, what)?;
    // SAFETY: non-null and aligned (checked); the caller set struct_size, the
    // first field, so it is readable.
    let size = unsafe { std::ptr::read(p as *const u32) } as usize;
    check_size::<T>(size, what)?;
    Ok(size)
}

/// Copies the first `size` bytes of `bytes` — a struct whose every byte is
/// set, padding included ([`step_report_bytes`]) — to `p`, with the
/// caller's `struct_size` kept.
///
/// # Safety
/// As `check_sized_out`, which returned `size`; every byte of `bytes` is
/// initialised.
pub(crate) unsafe fn write_sized_out<T: Sized_>(p: *mut T, mut bytes: MaybeUninit<T>, size: usize) {
    // SAFETY: the first field of every Sized_ struct is `struct_size: u32`;
    // writing the caller's size back keeps it what they set.
    unsafe { (bytes.as_mut_ptr() as *mut u32).write(size as u32) };
    // SAFETY: `p` is writable for `size` bytes (checked by check_sized_out
    // under the caller's contract); `size` ≤ size_of::<T>(); the bytes read
    // are initialised (the caller's contract).
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr() as *const u8, p as *mut u8, size) };
}

/// A step report as the host receives it, built field by field in zeroed
/// memory: the four bytes of padding after `watchdog` are 0, never whatever
/// the stack held (issue 17 F7: they were copied out uninitialised).
pub(crate) fn step_report_bytes(r: &cloth_step_report) -> MaybeUninit<cloth_step_report> {
    let mut out = MaybeUninit::<cloth_step_report>::zeroed();
    let p = out.as_mut_ptr();
    // SAFETY: `p` points to a zeroed, aligned cloth_step_report; each write
    // sets one field in place and leaves the padding as zeroed.
    unsafe {
        addr_of_mut!((*p).struct_size).write(r.struct_size);
        addr_of_mut!((*p).asleep).write(r.asleep);
        addr_of_mut!((*p).fell_asleep).write(r.fell_asleep);
        addr_of_mut!((*p).teleported).write(r.teleported);
        addr_of_mut!((*p).watchdog).write(r.watchdog);
        addr_of_mut!((*p).pivot_failures).write(r.pivot_failures);
        addr_of_mut!((*p).anchor_limited).write(r.anchor_limited);
        addr_of_mut!((*p).turn_limited).write(r.turn_limited);
        addr_of_mut!((*p).idle).write(r.idle);
        addr_of_mut!((*p).steps).write(r.steps);
    }
    out
}

/// A frame budget as the host receives it, in zeroed memory: the four bytes
/// of padding after `struct_size` are 0, as a step report's are.
pub(crate) fn budget_bytes(b: &cloth_frame_budget) -> MaybeUninit<cloth_frame_budget> {
    let mut out = MaybeUninit::<cloth_frame_budget>::zeroed();
    let p = out.as_mut_ptr();
    // SAFETY: `p` points to a zeroed, aligned cloth_frame_budget; each write
    // sets one field in place and leaves the padding as zeroed.
    unsafe {
        addr_of_mut!((*p).struct_size).write(b.struct_size);
        addr_of_mut!((*p).core_ms).write(b.core_ms);
        addr_of_mut!((*p).unit_ns).write(b.unit_ns);
        addr_of_mut!((*p).full_share).write(b.full_share);
    }
    out
}

fn struct_size<T>() -> u32 {
    std::mem::size_of::<T>() as u32
}

/// The identity pose.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_pose_identity() -> cloth_pose {
    pose_out(&Pose::IDENTITY)
}

/// A frame budget of 2 core-milliseconds at the world's price of a unit of
/// work (unit_ns 0: CLOTH_WORK_UNIT_NS, or what it learned), full detail
/// taking all it fits
/// (full_share 1): a start, to set from the host's own frame.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_frame_budget() -> cloth_frame_budget {
    budget_out(&FrameBudget::new(2.0))
}

/// A world description with every field at its default (no threads).
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_world_desc() -> cloth_world_desc {
    cloth_world_desc { struct_size: struct_size::<cloth_world_desc>(), threads: 0 }
}

/// The solver's default dynamics: a neutral start for custom dynamics, not a
/// fabric — COTTON's budget (2 substeps × 4 iterations, 60 Hz), bend and
/// thickness, but damping 0, inertia 1, no slack, no self-collision and no
/// strain limit (a hanging chain sags 5.8 % more than CHAIN's). For a
/// fabric start from cloth_preset_dynamics.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_dynamics() -> cloth_dynamics {
    dynamics_out(&Dynamics::default())
}

/// Still air at sea level (1.225 kg/m³), no wind, no turbulence.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_air() -> cloth_air {
    air_out(&Air::default())
}

/// A cloth description: COTTON, no collider set, anchor at the identity,
/// bind-pose check on.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_desc() -> cloth_desc {
    cloth_desc {
        struct_size: struct_size::<cloth_desc>(),
        preset: CLOTH_PRESET_COTTON,
        dynamics: std::ptr::null(),
        anchor: cloth_pose_identity(),
        colliders: cloth_collider_set_id::default(),
        bind_pose_check: 1,
    }
}

/// An empty sheet description (fill in the counts and arrays).
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_sheet_desc() -> cloth_sheet_desc {
    cloth_sheet_desc {
        struct_size: struct_size::<cloth_sheet_desc>(),
        node_count: 0,
        triangle_count: 0,
        positions: std::ptr::null(),
        masses: std::ptr::null(),
        fixed: std::ptr::null(),
        triangles: std::ptr::null(),
        weld_tolerance: 0.0,
        weld_map: std::ptr::null_mut(),
        max_distances: std::ptr::null(),
        backstop_distances: std::ptr::null(),
        backstop_radii: std::ptr::null(),
    }
}

/// World-space positions of every node, packed (stride 12, no normal or
/// tangent).
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_vertex_layout() -> cloth_vertex_layout {
    cloth_vertex_layout {
        struct_size: struct_size::<cloth_vertex_layout>(),
        space: CLOTH_SPACE_WORLD,
        first_node: 0,
        node_count: CLOTH_ALL_NODES,
        stride: 12,
        position_offset: 0,
        normal_offset: CLOTH_NO_FIELD,
        tangent_offset: CLOTH_NO_FIELD,
        node_map: std::ptr::null(),
        render_mesh: CLOTH_NO_RENDER_MESH,
        node_map_count: 0,
    }
}

/// An empty tree description.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_tree_desc() -> cloth_tree_desc {
    cloth_tree_desc {
        struct_size: struct_size::<cloth_tree_desc>(),
        node_count: 0,
        positions: std::ptr::null(),
        masses: std::ptr::null(),
        parents: std::ptr::null(),
        max_distances: std::ptr::null(),
    }
}

/// An empty rig description.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_rig_desc() -> cloth_rig_desc {
    cloth_rig_desc {
        struct_size: struct_size::<cloth_rig_desc>(),
        joint_count: 0,
        node_count: 0,
        skeleton_parents: std::ptr::null(),
        local_bind: std::ptr::null(),
        joints: std::ptr::null(),
        masses: std::ptr::null(),
        max_distances: std::ptr::null(),
    }
}

/// A collider description: a sphere of radius 0.1 m at the identity pose.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_collider_desc() -> cloth_collider_desc {
    cloth_collider_desc {
        struct_size: struct_size::<cloth_collider_desc>(),
        shape: CLOTH_SHAPE_SPHERE,
        a: cloth_vec3::default(),
        b: cloth_vec3::default(),
        radius: 0.1,
        radius_b: 0.0,
        half_extents: cloth_vec3::default(),
        corner_radius: 0.0,
        pose: cloth_pose_identity(),
    }
}

/// The dynamics of a library entry (CLOTH_PRESET_SILK … CLOTH_PRESET_HAIR),
/// to start a CLOTH_PRESET_CUSTOM description from. Set `out->struct_size`
/// first (cloth_default_dynamics() does): as many bytes as that version has
/// are written.
/// Refuses: INVALID_ENUM for a `preset` that is no library entry
/// (CLOTH_PRESET_CUSTOM included); STRUCT_SIZE for a struct_size no version
/// of cloth_dynamics has.
#[no_mangle]
pub unsafe extern "C" fn cloth_preset_dynamics(preset: u32, out: *mut cloth_dynamics) -> cloth_status {
    guard("cloth_preset_dynamics", || {
        // SAFETY: the caller's pointer contract.
        let size = unsafe { check_sized_out(out, "out")? };
        let Some(p) = preset_of(preset)? else {
            return fail(CLOTH_STATUS_INVALID_ENUM, "CLOTH_PRESET_CUSTOM has no dynamics of its own");
        };
        // SAFETY: checked by check_sized_out; cloth_dynamics has no padding.
        unsafe { write_sized_out(out, MaybeUninit::new(dynamics_out(&p.dynamics)), size) };
        Ok(())
    })
}

/// The drag and lift coefficients of a library entry (what
/// cloth_set_aerodynamics takes; a cloth created from the entry has them).
/// Refuses: INVALID_ENUM for a `preset` that is no library entry
/// (CLOTH_PRESET_CUSTOM included).
#[no_mangle]
pub unsafe extern "C" fn cloth_preset_aerodynamics(
    preset: u32,
    out_drag: *mut f64,
    out_lift: *mut f64,
) -> cloth_status {
    guard("cloth_preset_aerodynamics", || {
        check_out(out_drag, "out_drag")?;
        check_out(out_lift, "out_lift")?;
        let Some(p) = preset_of(preset)? else {
            return fail(CLOTH_STATUS_INVALID_ENUM, "CLOTH_PRESET_CUSTOM has no coefficients of its own");
        };
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe {
            out_drag.write(p.dynamics.drag);
            out_lift.write(p.dynamics.lift);
        }
        Ok(())
    })
}

/// The areal density a library entry's proxy was sized at, kg/m² (what
/// cloth_masses_from_density takes to give a mesh the entry's weight).
/// Refuses: INVALID_ENUM for a `preset` that is no library entry
/// (CLOTH_PRESET_CUSTOM included).
#[no_mangle]
pub unsafe extern "C" fn cloth_preset_density(preset: u32, out_density: *mut f64) -> cloth_status {
    guard("cloth_preset_density", || {
        check_out(out_density, "out_density")?;
        let Some(p) = preset_of(preset)? else {
            return fail(CLOTH_STATUS_INVALID_ENUM, "CLOTH_PRESET_CUSTOM has no density of its own");
        };
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe { out_density.write(p.density) };
        Ok(())
    })
}

// ---- conversions -------------------------------------------------------------

pub(crate) fn preset_of(preset: u32) -> Res<Option<library::Preset>> {
    match preset {
        CLOTH_PRESET_CUSTOM => Ok(None),
        1..=7 => Ok(Some(library::ALL[preset as usize - 1])),
        _ => fail(CLOTH_STATUS_INVALID_ENUM, format!("preset {preset} is not a CLOTH_PRESET_* value (0..=7)")),
    }
}

pub(crate) fn vec3_in(v: &cloth_vec3, what: &str) -> Res<[f64; 3]> {
    Ok([finite(v.x, what)?, finite(v.y, what)?, finite(v.z, what)?])
}

/// A pose as given: finite (else NON_FINITE), its translation within
/// ±CLOTH_MAX_COORDINATE (else INVALID_ARGUMENT). Its rotation is checked by
/// what the pose is for: [`anchor_in`], or the solver's unit check for
/// colliders and rig binds.
pub(crate) fn pose_in(p: &cloth_pose, what: &str) -> Res<Pose> {
    let (t, q) = (&p.translation, &p.rotation);
    let pose = Pose::new([t.x, t.y, t.z], Quat::new(q.w, q.x, q.y, q.z));
    // The messages are built only on failure: a per-frame call must not
    // allocate (the `abi` measurement).
    if !pose.is_finite() {
        return fail(
            CLOTH_STATUS_NON_FINITE,
            format!(
                "{what} is not finite (translation {} {} {}, rotation x y z w {} {} {} {})",
                t.x, t.y, t.z, q.x, q.y, q.z, q.w
            ),
        );
    }
    if let Some(far) = [t.x, t.y, t.z].into_iter().find(|c| c.abs() > CLOTH_MAX_COORDINATE) {
        return fail(
            CLOTH_STATUS_INVALID_ARGUMENT,
            format!("{what}.translation has a component {far} m; at most ±{CLOTH_MAX_COORDINATE} m"),
        );
    }
    Ok(pose)
}

/// An anchor pose: [`pose_in`], and a rotation whose norm lies in
/// [1e-6, 1e6] (it is normalised; a zero quaternion, or one whose norm
/// loses its direction, is INVALID_ARGUMENT), the same for a cloth's
/// description and for cloth_set_anchor_pose / cloth_place_anchor.
pub(crate) fn anchor_in(p: &cloth_pose, what: &str) -> Res<Pose> {
    let pose = pose_in(p, what)?;
    let (lo, hi) = cloth_solver::constants::ANCHOR_ROTATION_NORM;
    let n = pose.rotation.norm();
    if !(n >= lo && n <= hi) {
        return fail(
            CLOTH_STATUS_INVALID_ARGUMENT,
            format!("{what}.rotation has norm {n}; an anchor rotation is normalised from a norm in [{lo}, {hi}]"),
        );
    }
    Ok(pose)
}

/// A position the host gives (bind or animated), m: finite (else
/// NON_FINITE) and within ±CLOTH_MAX_COORDINATE (else INVALID_ARGUMENT).
pub(crate) fn position_in(p: &cloth_vec3f, what: &str, index: usize) -> Res<[f32; 3]> {
    let v = [p.x, p.y, p.z];
    if !v.iter().all(|c| c.is_finite()) {
        return fail(CLOTH_STATUS_NON_FINITE, format!("{what}[{index}] is not finite ({} {} {})", p.x, p.y, p.z));
    }
    if let Some(far) = v.into_iter().find(|c| c.abs() as f64 > CLOTH_MAX_COORDINATE) {
        return fail(
            CLOTH_STATUS_INVALID_ARGUMENT,
            format!("{what}[{index}] has a coordinate {far} m; at most ±{CLOTH_MAX_COORDINATE} m"),
        );
    }
    Ok(v)
}

/// A position on its way out: finite, or the call fails (nothing is
/// written) — the input limits and the watchdog make this a bug.
pub(crate) fn position_out(p: [f32; 3], node: usize) -> Res<cloth_vec3f> {
    if !p.iter().all(|c| c.is_finite()) {
        return fail(CLOTH_STATUS_INTERNAL, format!("node {node}'s position is not finite ({p:?}); a bug"));
    }
    Ok(cloth_vec3f { x: p[0], y: p[1], z: p[2] })
}

/// A pose on its way out: finite, or the call fails (nothing is written).
pub(crate) fn pose_checked_out(p: &Pose, node: usize) -> Res<cloth_pose> {
    if !p.is_finite() {
        return fail(CLOTH_STATUS_INTERNAL, format!("node {node}'s pose is not finite ({p:?}); a bug"));
    }
    Ok(pose_out(p))
}

pub(crate) fn pose_out(p: &Pose) -> cloth_pose {
    let (t, q) = (p.translation, p.rotation);
    cloth_pose {
        translation: cloth_vec3 { x: t[0], y: t[1], z: t[2] },
        rotation: cloth_quat { x: q.x, y: q.y, z: q.z, w: q.w },
    }
}

/// The default controls: tethers and sleep on, sleep speed 1e-3 per metre
/// of reach, the automatic teleport distance, an anchor acceleration felt up
/// to 600 m/s².
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_default_controls() -> cloth_controls {
    controls_out(&Controls::default())
}

pub(crate) fn controls_out(c: &Controls) -> cloth_controls {
    cloth_controls {
        struct_size: struct_size::<cloth_controls>(),
        tethers: c.tethers as u32,
        sleep: c.sleep as u32,
        reserved: 0,
        sleep_speed: c.sleep_speed,
        teleport_distance: c.teleport_distance,
        max_anchor_acceleration: c.max_anchor_acceleration,
        max_turn_links: c.max_turn_links,
    }
}

pub(crate) fn controls_in(c: &cloth_controls) -> Res<Controls> {
    if c.reserved != 0 {
        return fail(CLOTH_STATUS_INVALID_ARGUMENT, format!("controls.reserved is {}; 0", c.reserved));
    }
    let out = Controls {
        tethers: flag(c.tethers, "controls.tethers")?,
        sleep: flag(c.sleep, "controls.sleep")?,
        sleep_speed: finite(c.sleep_speed, "controls.sleep_speed")?,
        teleport_distance: finite(c.teleport_distance, "controls.teleport_distance")?,
        max_anchor_acceleration: finite(c.max_anchor_acceleration, "controls.max_anchor_acceleration")?,
        max_turn_links: finite(c.max_turn_links, "controls.max_turn_links")?,
    };
    if let Err(e) = out.validate() {
        return fail(CLOTH_STATUS_INVALID_ARGUMENT, format!("controls: {e}"));
    }
    Ok(out)
}

/// Air as given: every float finite (else NON_FINITE), in range (else
/// INVALID_ARGUMENT).
pub(crate) fn air_in(a: &cloth_air) -> Res<Air> {
    let out = Air {
        density: finite(a.density, "air.density")?,
        wind: vec3_in(&a.wind, "air.wind")?,
        turbulence: Turbulence {
            amplitude: finite(a.turbulence_amplitude, "air.turbulence_amplitude")?,
            frequency: finite(a.turbulence_frequency, "air.turbulence_frequency")?,
            scale: finite(a.turbulence_scale, "air.turbulence_scale")?,
            seed: a.turbulence_seed,
        },
    };
    if let Err(e) = out.validate() {
        return fail(CLOTH_STATUS_INVALID_ARGUMENT, format!("{e}"));
    }
    Ok(out)
}

pub(crate) fn air_out(a: &Air) -> cloth_air {
    let t = &a.turbulence;
    cloth_air {
        struct_size: struct_size::<cloth_air>(),
        density: a.density,
        wind: cloth_vec3 { x: a.wind[0], y: a.wind[1], z: a.wind[2] },
        turbulence_amplitude: t.amplitude,
        turbulence_frequency: t.frequency,
        turbulence_scale: t.scale,
        turbulence_seed: t.seed,
    }
}

/// A frame budget as given: finite (else NON_FINITE), core_ms and unit_ns
/// 0..=1e6 and full_share 0..=1 (else INVALID_ARGUMENT).
pub(crate) fn budget_in(b: &cloth_frame_budget) -> Res<FrameBudget> {
    let out = FrameBudget {
        core_ms: finite(b.core_ms, "budget.core_ms")?,
        unit_ns: finite(b.unit_ns, "budget.unit_ns")?,
        full_share: finite(b.full_share, "budget.full_share")?,
    };
    if let Err(e) = out.validate() {
        return fail(CLOTH_STATUS_INVALID_ARGUMENT, format!("{e}"));
    }
    Ok(out)
}

pub(crate) fn budget_out(b: &FrameBudget) -> cloth_frame_budget {
    cloth_frame_budget {
        struct_size: struct_size::<cloth_frame_budget>(),
        core_ms: b.core_ms,
        unit_ns: b.unit_ns,
        full_share: b.full_share,
    }
}

/// A level of detail from its CLOTH_DETAIL_* code (else INVALID_ENUM).
pub(crate) fn detail_in(level: u32) -> Res<Detail> {
    match Detail::from_code(level) {
        Some(d) => Ok(d),
        None => fail(
            CLOTH_STATUS_INVALID_ENUM,
            format!("level is {level}; a CLOTH_DETAIL_* value is 0..={}", CLOTH_DETAIL_FROZEN),
        ),
    }
}

/// The dynamics as given. `cloth_dynamics` carries no drag and lift (its
/// layout is ABI 1's): these are the defaults, and cloth_set_dynamics keeps
/// the cloth's own.
pub(crate) fn dynamics_in(d: &cloth_dynamics) -> Res<Dynamics> {
    let teleport = match d.teleport {
        CLOTH_TELEPORT_RESET => TeleportMode::Reset,
        CLOTH_TELEPORT_KEEP => TeleportMode::Keep,
        t => {
            return fail(
                CLOTH_STATUS_INVALID_ENUM,
                format!("dynamics.teleport is {t}; CLOTH_TELEPORT_RESET (0) or _KEEP (1)"),
            )
        }
    };
    let out = Dynamics {
        dt: finite(d.dt, "dynamics.dt")?,
        substeps: d.substeps,
        iterations: d.iterations,
        gravity: vec3_in(&d.gravity, "dynamics.gravity")?,
        stretch: finite(d.stretch, "dynamics.stretch")?,
        bend: finite(d.bend, "dynamics.bend")?,
        damping: finite(d.damping, "dynamics.damping")?,
        inertia: finite(d.inertia, "dynamics.inertia")?,
        slack: finite(d.slack, "dynamics.slack")?,
        thickness: finite(d.thickness, "dynamics.thickness")?,
        friction: finite(d.friction, "dynamics.friction")?,
        drag: Dynamics::default().drag,
        lift: Dynamics::default().lift,
        strain_limit: flag(d.strain_limit, "dynamics.strain_limit")?,
        self_collision: flag(d.self_collision, "dynamics.self_collision")?,
        teleport,
    };
    if let Err(e) = out.validate() {
        return fail(CLOTH_STATUS_INVALID_ARGUMENT, format!("dynamics: {e}"));
    }
    Ok(out)
}

pub(crate) fn dynamics_out(d: &Dynamics) -> cloth_dynamics {
    cloth_dynamics {
        struct_size: struct_size::<cloth_dynamics>(),
        substeps: d.substeps,
        iterations: d.iterations,
        strain_limit: d.strain_limit as u32,
        self_collision: d.self_collision as u32,
        teleport: match d.teleport {
            TeleportMode::Reset => CLOTH_TELEPORT_RESET,
            TeleportMode::Keep => CLOTH_TELEPORT_KEEP,
        },
        dt: d.dt,
        gravity: cloth_vec3 { x: d.gravity[0], y: d.gravity[1], z: d.gravity[2] },
        stretch: d.stretch,
        bend: d.bend,
        damping: d.damping,
        inertia: d.inertia,
        slack: d.slack,
        thickness: d.thickness,
        friction: d.friction,
    }
}

pub(crate) fn shape_in(d: &cloth_collider_desc) -> Res<Shape> {
    let shape = match d.shape {
        CLOTH_SHAPE_SPHERE => Shape::Sphere { radius: d.radius },
        CLOTH_SHAPE_CAPSULE => Shape::Capsule { a: vec3_raw(&d.a), b: vec3_raw(&d.b), radius: d.radius },
        CLOTH_SHAPE_TAPERED_CAPSULE => {
            Shape::TaperedCapsule { a: vec3_raw(&d.a), ra: d.radius, b: vec3_raw(&d.b), rb: d.radius_b }
        }
        CLOTH_SHAPE_PLANE => Shape::Plane,
        CLOTH_SHAPE_CUBOID => Shape::Cuboid { half_extents: vec3_raw(&d.half_extents), corner_radius: d.corner_radius },
        s => return fail(CLOTH_STATUS_INVALID_ENUM, format!("shape is {s}; a CLOTH_SHAPE_* value is 0..=4")),
    };
    match shape.validate() {
        Ok(()) => Ok(shape),
        Err(e @ cloth_solver::shape::ShapeError::NonFinite { .. }) => fail(CLOTH_STATUS_NON_FINITE, e.to_string()),
        Err(e) => fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()),
    }
}

fn vec3_raw(v: &cloth_vec3) -> [f64; 3] {
    [v.x, v.y, v.z]
}

pub(crate) fn step_report_out(r: &cloth_solver::StepReport, steps: u32) -> cloth_step_report {
    cloth_step_report {
        struct_size: struct_size::<cloth_step_report>(),
        asleep: r.asleep as u32,
        fell_asleep: r.fell_asleep as u32,
        teleported: r.teleported as u32,
        watchdog: match r.watchdog {
            None => CLOTH_WATCHDOG_NONE,
            Some(cloth_solver::WatchdogReason::NonFinite) => CLOTH_WATCHDOG_NON_FINITE,
            Some(cloth_solver::WatchdogReason::Exploded) => CLOTH_WATCHDOG_EXPLODED,
        },
        pivot_failures: r.pivot_failures,
        anchor_limited: r.anchor_limited as u32,
        turn_limited: r.turn_limited as u32,
        idle: r.idle as u32,
        steps,
    }
}

pub(crate) fn status_of_seed(e: &cloth_solver::SeedError) -> cloth_status {
    use cloth_solver::SeedError::*;
    match e {
        NonFinitePosition { .. } => CLOTH_STATUS_NON_FINITE,
        BadMass { mass, .. } if !mass.is_finite() => CLOTH_STATUS_NON_FINITE,
        FarPosition { .. } | BadBindTransform { .. } => CLOTH_STATUS_INVALID_ARGUMENT,
        _ => CLOTH_STATUS_SEED_FAILED,
    }
}
