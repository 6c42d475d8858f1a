//! Cloths: create from a sheet, a tree or a rig; drive; read back; destroy.

use crate::boundary::cloth_status::{self, *};
use crate::boundary::{
    check_out, fail, finite, flag, guard, read_in, slice_in, slice_out, with_world, with_world_mut, Res,
};
use crate::collider::optional_set;
use crate::types::*;
use crate::world::{cloth_of, world_fail};
use cloth_solver::front_door::{self, Parent, Skeleton, TreeInput};
use cloth_solver::motion::{self, Backstop};
use cloth_solver::pose::Pose;
use cloth_solver::seed;
use cloth_solver::{BindPoseCheck, Cloth, ClothInput, Dynamics, LayoutError, Source, Space, VertexLayout, World};
use std::cell::RefCell;

/// Runs `f` on one cloth; a per-cloth call (shared world access).
fn with_cloth<R>(world: cloth_world, cloth: cloth_id, f: impl FnOnce(&mut Cloth) -> Res<R>) -> Res<R> {
    with_world(world, |w: &World| w.with_cloth(cloth_of(cloth), f).map_err(world_fail)?)
}

/// The common part of every create: the dynamics, the anchor, the set.
fn common(desc: &cloth_desc) -> Res<(Dynamics, Pose, BindPoseCheck)> {
    let dynamics = match preset_of(desc.preset)? {
        Some(p) if desc.dynamics.is_null() => p.dynamics,
        Some(_) => return fail(
            CLOTH_STATUS_INVALID_ARGUMENT,
            "desc.dynamics is set but desc.preset is a library entry; use CLOTH_PRESET_CUSTOM with explicit dynamics",
        ),
        // SAFETY: the caller's pointer contract (NULL is reported).
        None => dynamics_in(&unsafe { read_desc(desc.dynamics, "desc.dynamics")? })?,
    };
    let anchor = anchor_in(&desc.anchor, "desc.anchor")?;
    let check =
        if flag(desc.bind_pose_check, "desc.bind_pose_check")? { BindPoseCheck::Enforce } else { BindPoseCheck::Skip };
    Ok((dynamics, anchor, check))
}

fn create(world: cloth_world, input: &ClothInput, paint: &Paint, desc: &cloth_desc, out: *mut cloth_id) -> Res<()> {
    let (dynamics, anchor, check) = common(desc)?;
    let id = with_world_mut(world, |w| {
        let id = w.add_cloth(input, dynamics, anchor, optional_set(desc.colliders), check).map_err(world_fail)?;
        if let Err(e) = w.with_cloth(id, |c| paint.apply(c)).map_err(world_fail)? {
            w.remove_cloth(id).map_err(world_fail)?;
            return Err(e);
        }
        Ok(id)
    })?;
    // SAFETY: `out` was checked non-null and aligned by the caller of
    // `create`; writable by the host's contract.
    unsafe { out.write(cloth_id { index: id.index, generation: id.generation }) };
    Ok(())
}

/// A descriptor's painted arrays (`motion.rs`), checked, per node.
#[derive(Default)]
struct Paint {
    max_distances: Option<Vec<f32>>,
    backstops: Option<Vec<Backstop>>,
}

/// What a painted value may be.
#[derive(Clone, Copy)]
enum Paintable {
    /// A length, m: finite, ≥ 0.
    Length,
    /// A fraction: 0 to 1.
    Fraction,
}

/// Checks painted values in one pass, naming the first bad entry (and, for
/// a run-time call from node `first`, its node): NON_FINITE for one that
/// is not finite, INVALID_ARGUMENT for one out of its range.
fn painted_in(values: &[f32], what: &str, first: Option<u32>, kind: Paintable) -> Res<()> {
    let name = |i: usize| match first {
        Some(f) => format!("{what}[{i}] (node {})", f as usize + i),
        None => format!("{what}[{i}]"),
    };
    for (i, &v) in values.iter().enumerate() {
        if !v.is_finite() {
            return fail(CLOTH_STATUS_NON_FINITE, format!("{} is {v}", name(i)));
        }
        match kind {
            Paintable::Length if v < 0.0 => {
                return fail(CLOTH_STATUS_INVALID_ARGUMENT, format!("{} is {v} m; 0 or more", name(i)))
            }
            Paintable::Fraction if !(0.0..=1.0).contains(&v) => {
                return fail(CLOTH_STATUS_INVALID_ARGUMENT, format!("{} is {v}; 0 to 1", name(i)))
            }
            _ => {}
        }
    }
    Ok(())
}

/// Reads `count` painted values from `p`, checked.
///
/// # Safety
/// `p` is NULL (refused unless `count` is 0) or valid for `count` floats.
unsafe fn painted<'a>(p: *const f32, count: usize, what: &str, first: Option<u32>, kind: Paintable) -> Res<&'a [f32]> {
    // SAFETY: the caller's contract; `slice_in` checks NULL, alignment and size.
    let values = unsafe { slice_in(p, count, what)? };
    painted_in(values, what, first, kind)?;
    Ok(values)
}

/// Backstops from distances (NULL: 0) and radii.
///
/// # Safety
/// As [`painted`] for each pointer.
unsafe fn backstops_in(
    distances: *const f32,
    radii: *const f32,
    count: usize,
    what: &str,
    first: Option<u32>,
) -> Res<Vec<Backstop>> {
    // SAFETY: the caller's contract.
    let radii = unsafe { painted(radii, count, &format!("{what}radii"), first, Paintable::Length)? };
    let distances = match distances.is_null() {
        true => vec![0.0; count],
        // SAFETY: the caller's contract.
        false => unsafe { painted(distances, count, &format!("{what}distances"), first, Paintable::Length)? }.to_vec(),
    };
    Ok(distances.iter().zip(radii).map(|(&distance, &radius)| Backstop { distance, radius }).collect())
}

impl Paint {
    /// The optional arrays of a descriptor with `n` nodes.
    ///
    /// # Safety
    /// Each pointer is NULL or valid for `n` floats.
    unsafe fn read(max: *const f32, distances: *const f32, radii: *const f32, n: usize, what: &str) -> Res<Self> {
        Ok(Paint {
            // SAFETY: the caller's contract.
            max_distances: match max.is_null() {
                true => None,
                false => Some(
                    unsafe { painted(max, n, &format!("{what}.max_distances"), None, Paintable::Length)? }.to_vec(),
                ),
            },
            // SAFETY: the caller's contract.
            backstops: match (radii.is_null(), distances.is_null()) {
                (true, true) => None,
                (true, false) => {
                    return fail(
                        CLOTH_STATUS_INVALID_ARGUMENT,
                        format!(
                            "{what}.backstop_distances is set without {what}.backstop_radii (radius 0 is no backstop)"
                        ),
                    )
                }
                (false, _) => Some(unsafe { backstops_in(distances, radii, n, &format!("{what}.backstop_"), None)? }),
            },
        })
    }

    /// Fixes the nodes painted 0: a zero max distance is a fixed node.
    fn fix(&self, fixed: &mut [bool]) -> Res<()> {
        match &self.max_distances {
            Some(m) => {
                motion::fix_zero_max_distances(fixed, m).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
            }
            None => Ok(()),
        }
    }

    /// The paint of the welded nodes (`map`: input node → welded node): the
    /// least max distance of each welded node's nodes, its first node's
    /// backstop.
    fn welded(self, map: &[u32], nodes: usize) -> Self {
        let max_distances = self.max_distances.map(|m| {
            let mut out = vec![f32::INFINITY; nodes];
            for (&w, &r) in map.iter().zip(&m) {
                out[w as usize] = out[w as usize].min(r);
            }
            out
        });
        let backstops = self.backstops.map(|b| {
            let mut out = vec![None; nodes];
            for (&w, &b) in map.iter().zip(&b) {
                out[w as usize].get_or_insert(b);
            }
            out.into_iter().map(Option::unwrap_or_default).collect()
        });
        Paint { max_distances, backstops }
    }

    /// Paints a new cloth.
    fn apply(&self, c: &mut Cloth) -> Res<()> {
        let refused = |e: cloth_solver::ParamError| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string());
        if let Some(m) = &self.max_distances {
            c.set_max_distances(0, m).or_else(refused)?;
        }
        if let Some(b) = &self.backstops {
            c.set_backstops(0, b).or_else(refused)?;
        }
        Ok(())
    }
}

fn positions_in(p: &[cloth_vec3f]) -> Vec<[f32; 3]> {
    p.iter().map(|v| [v.x, v.y, v.z]).collect()
}

/// Writes node masses for a sheet from a fabric's areal density, kg:
/// `density` (kg/m²; cloth_preset_density gives a library entry's) times a
/// third of the area of every triangle the node is a corner of, the
/// triangles as cloth_sheet_desc takes them (3 × triangle_count node
/// indices). A node in no triangle gets 0 (a free one needs a mass of its
/// own before the sheet seeds). Needs no world; reads and writes only its
/// arguments.
/// Refuses: NON_FINITE for a density or position that is not finite;
/// INVALID_ARGUMENT for a density ≤ 0 or above 1e6 kg/m², or a coordinate
/// beyond ±CLOTH_MAX_COORDINATE; OUT_OF_RANGE for a corner past node_count,
/// or a count above 2³² − 1.
#[no_mangle]
pub unsafe extern "C" fn cloth_masses_from_density(
    positions: *const cloth_vec3f,
    node_count: usize,
    triangles: *const u32,
    triangle_count: usize,
    density: f64,
    out_masses: *mut f32,
) -> cloth_status {
    guard("cloth_masses_from_density", || {
        // A sheet's counts are uint32_t; a larger one is no sheet (and would
        // ask for its size in memory before any entry is read).
        for (what, count) in [("node_count", node_count), ("triangle_count", triangle_count)] {
            if count > u32::MAX as usize {
                return fail(
                    CLOTH_STATUS_OUT_OF_RANGE,
                    format!("{what} is {count}; a sheet's is at most {}", u32::MAX),
                );
            }
        }
        let n = node_count;
        // SAFETY: the header's pointer rule — each array is valid for its
        // count during the call; `slice_in`/`slice_out` check NULL,
        // alignment and size.
        let (positions, corners, out) = unsafe {
            (
                slice_in(positions, n, "positions")?,
                slice_in(triangles, triangle_count.saturating_mul(3), "triangles")?,
                slice_out(out_masses, n, "out_masses")?,
            )
        };
        // Its range is the seed's (`seed::masses_from_density`).
        let density = finite(density, "density")?;
        let triangles: Vec<[u32; 3]> = corners.chunks_exact(3).map(|t| [t[0], t[1], t[2]]).collect();
        match cloth_solver::seed::masses_from_density(&positions_in(positions), &triangles, density) {
            Ok(masses) => {
                out.copy_from_slice(&masses);
                Ok(())
            }
            Err(e @ cloth_solver::SeedError::TriangleIndexOutOfRange { .. }) => {
                fail(CLOTH_STATUS_OUT_OF_RANGE, e.to_string())
            }
            Err(e @ cloth_solver::SeedError::NonFinitePosition { .. }) => fail(CLOTH_STATUS_NON_FINITE, e.to_string()),
            Err(e @ cloth_solver::SeedError::FarPosition { .. }) => fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()),
            Err(e) => fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()),
        }
    })
}

/// Creates a cloth from a sheet (a triangle mesh). `sheet`, `desc` and the
/// arrays they point to are read during the call. Exclusive.
/// Refuses: SEED_FAILED when the sheet cannot be seeded: no nodes, a corner
/// past the nodes, a triangle that repeats a node or has no area, an edge of
/// three triangles, an edge under 1 µm, a free node's mass ≤ 0, or (with
/// desc.bind_pose_check) a free node within the contact offset of a collider
/// of desc.colliders, or a triangle welding collapses whose longest edge is
/// under 10× weld_tolerance (longer ones, slivers, are dropped); INVALID_ARGUMENT for
/// a fixed flag neither 0 nor 1, a negative weld_tolerance or painted value,
/// or a backstop radius > 0 on a node in no triangle; NON_FINITE for a
/// weld_tolerance or painted value that is not finite.
#[no_mangle]
pub unsafe extern "C" fn cloth_create_sheet(
    world: cloth_world,
    sheet: *const cloth_sheet_desc,
    desc: *const cloth_desc,
    out_cloth: *mut cloth_id,
) -> cloth_status {
    guard("cloth_create_sheet", || {
        // SAFETY: the header's pointer rule — the descriptors are NULL (refused)
        // or readable; `read_desc` checks NULL, alignment and struct_size.
        let (sheet, desc) = unsafe { (read_desc(sheet, "sheet")?, read_desc(desc, "desc")?) };
        check_out(out_cloth, "out_cloth")?;
        let n = sheet.node_count as usize;
        // SAFETY: the header's pointer rule — each array is NULL (refused unless its
        // count is 0) or valid for its count during the call; `slice_in` checks
        // NULL, alignment and size.
        let (positions, masses, fixed_flags, corners) = unsafe {
            (
                slice_in(sheet.positions, n, "sheet.positions")?,
                slice_in(sheet.masses, n, "sheet.masses")?,
                if sheet.fixed.is_null() { None } else { Some(slice_in(sheet.fixed, n, "sheet.fixed")?) },
                slice_in(sheet.triangles, 3 * sheet.triangle_count as usize, "sheet.triangles")?,
            )
        };
        let fixed = match fixed_flags {
            None => vec![false; n],
            Some(flags) => {
                flags.iter().enumerate().map(|(i, &f)| flag(f, &format!("sheet.fixed[{i}]"))).collect::<Res<_>>()?
            }
        };
        // SAFETY: the header's pointer rule for optional arrays of
        // node_count entries.
        let paint =
            unsafe { Paint::read(sheet.max_distances, sheet.backstop_distances, sheet.backstop_radii, n, "sheet")? };
        let mut input = ClothInput {
            positions: positions_in(positions),
            masses: masses.to_vec(),
            fixed,
            triangles: corners.chunks_exact(3).map(|t| [t[0], t[1], t[2]]).collect(),
            parents: Vec::new(),
            bind_rotations: Vec::new(),
        };
        paint.fix(&mut input.fixed)?;
        let tolerance = sheet.weld_tolerance;
        if !tolerance.is_finite() {
            return fail(CLOTH_STATUS_NON_FINITE, format!("sheet.weld_tolerance is {tolerance}"));
        }
        if tolerance < 0.0 {
            return fail(
                CLOTH_STATUS_INVALID_ARGUMENT,
                format!("sheet.weld_tolerance is {tolerance} m; 0 (no welding) or more"),
            );
        }
        // SAFETY: the header's pointer rule for an optional array of
        // node_count entries.
        let map_out = if sheet.weld_map.is_null() {
            None
        } else {
            Some(unsafe { slice_out(sheet.weld_map, n, "sheet.weld_map")? })
        };
        let (input, map) = if tolerance > 0.0 {
            let (welded, map) =
                seed::weld(&input, tolerance as f64).or_else(|e| fail(status_of_seed(&e), e.to_string()))?;
            (welded, Some(map))
        } else {
            (input, None)
        };
        let paint = match &map {
            Some(map) => paint.welded(map, input.positions.len()),
            None => paint,
        };
        create(world, &input, &paint, &desc, out_cloth)?;
        if let Some(out) = map_out {
            match map {
                Some(map) => out.copy_from_slice(&map),
                None => out.iter_mut().enumerate().for_each(|(i, o)| *o = i as u32),
            }
        }
        Ok(())
    })
}

/// Creates a cloth from a tree of nodes (strips, a rope). Exclusive.
/// Refuses: SEED_FAILED when the tree cannot be seeded: no nodes, a parent
/// past the nodes, no root, a cycle, a node under 1 µm from its parent or
/// grandparent, a mass ≤ 0 of a node with a parent, or (with
/// desc.bind_pose_check) such a node within the contact offset of a collider
/// of desc.colliders; NON_FINITE for a max distance that is not finite;
/// INVALID_ARGUMENT for a negative one.
#[no_mangle]
pub unsafe extern "C" fn cloth_create_tree(
    world: cloth_world,
    tree: *const cloth_tree_desc,
    desc: *const cloth_desc,
    out_cloth: *mut cloth_id,
) -> cloth_status {
    guard("cloth_create_tree", || {
        // SAFETY: the header's pointer rule — the descriptors are NULL (refused)
        // or readable; `read_desc` checks NULL, alignment and struct_size.
        let (tree, desc) = unsafe { (read_desc(tree, "tree")?, read_desc(desc, "desc")?) };
        check_out(out_cloth, "out_cloth")?;
        let n = tree.node_count as usize;
        // SAFETY: the header's pointer rule — each array is NULL (refused unless its
        // count is 0) or valid for its count during the call; `slice_in` checks
        // NULL, alignment and size.
        let (positions, masses, parents) = unsafe {
            (
                slice_in(tree.positions, n, "tree.positions")?,
                slice_in(tree.masses, n, "tree.masses")?,
                slice_in(tree.parents, n, "tree.parents")?,
            )
        };
        let input = TreeInput {
            parents: parents
                .iter()
                .map(|&p| if p == CLOTH_NO_PARENT { Parent::Bone(0) } else { Parent::Node(p) })
                .collect(),
            positions: positions_in(positions),
            masses: masses.to_vec(),
        };
        // SAFETY: the header's pointer rule for an optional array of
        // node_count entries.
        let paint = unsafe { Paint::read(tree.max_distances, std::ptr::null(), std::ptr::null(), n, "tree")? };
        let (mut input, _) = front_door::tree(&input).or_else(|e| fail(status_of_seed(&e), format!("tree: {e}")))?;
        paint.fix(&mut input.fixed)?;
        create(world, &input, &paint, &desc, out_cloth)
    })
}

/// Creates a cloth from joints of a skeleton (DESIGN §9: the cloth owns
/// them; write back the node poses it produces). Exclusive.
/// Refuses: SEED_FAILED when the rig cannot be seeded: no nodes, a joint or
/// skeleton parent past the joints, a joint named twice, an owned skeleton
/// root, owned joints that hang from different unowned joints, an anchor
/// that hangs from an owned joint, or as cloth_create_tree; INVALID_ARGUMENT
/// for a local_bind rotation not unit within 1e-3 or a negative max
/// distance; NON_FINITE for a max distance that is not finite.
#[no_mangle]
pub unsafe extern "C" fn cloth_create_rig(
    world: cloth_world,
    rig: *const cloth_rig_desc,
    desc: *const cloth_desc,
    out_cloth: *mut cloth_id,
) -> cloth_status {
    guard("cloth_create_rig", || {
        // SAFETY: the header's pointer rule — the descriptors are NULL (refused)
        // or readable; `read_desc` checks NULL, alignment and struct_size.
        let (rig, desc) = unsafe { (read_desc(rig, "rig")?, read_desc(desc, "desc")?) };
        check_out(out_cloth, "out_cloth")?;
        let (j, n) = (rig.joint_count as usize, rig.node_count as usize);
        // SAFETY: the header's pointer rule — each array is NULL (refused unless its
        // count is 0) or valid for its count during the call; `slice_in` checks
        // NULL, alignment and size.
        let (parents, binds, joints, masses) = unsafe {
            (
                slice_in(rig.skeleton_parents, j, "rig.skeleton_parents")?,
                slice_in(rig.local_bind, j, "rig.local_bind")?,
                slice_in(rig.joints, n, "rig.joints")?,
                slice_in(rig.masses, n, "rig.masses")?,
            )
        };
        let skeleton = Skeleton {
            parents: parents.iter().map(|&p| (p != CLOTH_NO_PARENT).then_some(p)).collect(),
            local_bind: binds
                .iter()
                .enumerate()
                .map(|(i, p)| pose_in(p, &format!("rig.local_bind[{i}]")))
                .collect::<Res<_>>()?,
        };
        // SAFETY: the header's pointer rule for an optional array of
        // node_count entries.
        let paint = unsafe { Paint::read(rig.max_distances, std::ptr::null(), std::ptr::null(), n, "rig")? };
        let (mut input, _) =
            front_door::rig(&skeleton, joints, masses).or_else(|e| fail(status_of_seed(&e), format!("rig: {e}")))?;
        paint.fix(&mut input.fixed)?;
        create(world, &input, &paint, &desc, out_cloth)
    })
}

/// Destroys a cloth, a damaged one too. A second destroy is
/// CLOTH_STATUS_STALE_ID. Exclusive.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_destroy(world: cloth_world, cloth: cloth_id) -> cloth_status {
    guard("cloth_destroy", || with_world_mut(world, |w| w.remove_cloth(cloth_of(cloth)).map(drop).map_err(world_fail)))
}

/// Changes the collider set a cloth collides with (generation 0: none); a
/// change wakes the cloth.
/// Exclusive.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_set_colliders(world: cloth_world, cloth: cloth_id, set: cloth_collider_set_id) -> cloth_status {
    guard("cloth_set_colliders", || {
        with_world_mut(world, |w| w.set_cloth_colliders(cloth_of(cloth), optional_set(set)).map_err(world_fail))
    })
}

/// Sets the anchor's world pose for the coming step (the pose for this
/// frame). The rotation is normalised. Per-cloth.
/// Refuses: INVALID_ARGUMENT for a rotation whose norm is outside [1e-6, 1e6].
#[no_mangle]
pub unsafe extern "C" fn cloth_set_anchor_pose(
    world: cloth_world,
    cloth: cloth_id,
    pose: *const cloth_pose,
) -> cloth_status {
    guard("cloth_set_anchor_pose", || {
        // SAFETY: the caller's pointer contract.
        let pose = anchor_in(&unsafe { read_in(pose, "pose")? }, "pose")?;
        with_cloth(world, cloth, |c| {
            c.set_anchor_pose(pose).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// Declares that the anchor already moves at `velocity` (world, m/s) and
/// the cloth with it — a character spawned in a moving vehicle: every free
/// node takes the share of that velocity its inertia feels, and the next
/// step measures the anchor's velocity change from it (the cloth feels no
/// start). Wakes the cloth. Per-cloth.
/// `velocity` is the anchor's velocity at the pose the cloth is at now — its
/// spawn pose (`cloth_desc.anchor`), or the pose of its last step or
/// cloth_place_anchor — so the next pose must be where that velocity carries
/// it: that pose + velocity·dt for the next cloth_world_step
/// (+ velocity·seconds for a cloth_world_advance of `seconds`). An anchor
/// left at its spawn pose reads as a dead stop from `velocity` in one step
/// (past the teleport distance, a teleport). A car at 20 m/s along x
/// spawned at x = 0: create the cloth with its anchor at x = 0, set
/// (20, 0, 0), set the anchor pose at x = 20·dt (1/3 m at 60 Hz) before the
/// first step, and on at 20 m/s.
/// Refuses: NON_FINITE for a component that is not finite;
/// INVALID_ARGUMENT for one past ±CLOTH_MAX_COORDINATE m/s.
#[no_mangle]
pub unsafe extern "C" fn cloth_set_anchor_velocity(
    world: cloth_world,
    cloth: cloth_id,
    velocity: *const cloth_vec3,
) -> cloth_status {
    guard("cloth_set_anchor_velocity", || {
        // SAFETY: the caller's pointer contract.
        let velocity = vec3_in(&unsafe { read_in(velocity, "velocity")? }, "velocity")?;
        with_cloth(world, cloth, |c| {
            c.set_anchor_velocity(velocity).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// Places the anchor with no motion felt (a spawn, or a move the cloth
/// should not react to): previous and current pose both set, so the next
/// step sees no anchor motion. The cloth keeps its shape and its motion in
/// its own frame — the velocities it had, a carried velocity
/// (cloth_set_anchor_velocity) included — and the move is no teleport. To
/// rebase the world's origin use cloth_world_shift_origin (it moves the
/// colliders too); to cut to another place, cloth_teleport. The rotation
/// is normalised. Per-cloth.
/// Refuses: INVALID_ARGUMENT for a rotation whose norm is outside [1e-6, 1e6].
#[no_mangle]
pub unsafe extern "C" fn cloth_place_anchor(
    world: cloth_world,
    cloth: cloth_id,
    pose: *const cloth_pose,
) -> cloth_status {
    guard("cloth_place_anchor", || {
        // SAFETY: the caller's pointer contract.
        let pose = anchor_in(&unsafe { read_in(pose, "pose")? }, "pose")?;
        with_cloth(world, cloth, |c| {
            c.place_anchor(pose).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// Sets the animated positions of nodes `first .. first + count` in the
/// cloth (anchor) frame, m: fixed nodes move there at the next step; free
/// nodes are bounded or pulled there by what is painted on them (max
/// distance, backstop, anim drive) and by the leash, and return there on a
/// reset. The animated pose starts as the bind pose. With slack under 1
/// (every fabric preset), moving the fixed nodes alone leaves the free
/// nodes leashed near their old animated positions, and the links from the
/// pins stretch: set the free nodes' animated positions too, or slack 1
/// (cloth_dynamics.slack). Under
/// cloth_world_advance the animated positions are not interpolated between
/// host frames: each fixed step uses the ones set last. All or nothing: a
/// refused call changes no node. Per-cloth.
/// Refuses: OUT_OF_RANGE when first + count exceeds the node count.
#[no_mangle]
pub unsafe extern "C" fn cloth_set_animated_positions(
    world: cloth_world,
    cloth: cloth_id,
    first: u32,
    positions: *const cloth_vec3f,
    count: usize,
) -> cloth_status {
    guard("cloth_set_animated_positions", || {
        // SAFETY: the caller's pointer contract.
        let positions = unsafe { slice_in(positions, count, "positions")? };
        for (i, p) in positions.iter().enumerate() {
            position_in(p, "positions", i)?;
        }
        with_cloth(world, cloth, |c| {
            nodes_in(c, first, count)?;
            for (k, p) in positions.iter().enumerate() {
                c.set_animated_position(first as usize + k, [p.x, p.y, p.z])
                    .or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))?;
            }
            Ok(())
        })
    })
}

/// Paints max distances on nodes `first .. first + count`, m: each free
/// node stays within its distance of its animated position
/// (cloth_set_animated_positions), exactly, after every substep; 0 holds it
/// there, a pin for the rows and tethers too, as a 0 in the description's
/// max_distances is. A value on a fixed node is ignored; a value past the
/// garment's reach leaves the node free. All or nothing. Wakes the cloth.
/// Allocates on the first call, and on each that changes which nodes are
/// held at 0 (the cloth's tables are rebuilt). Per-cloth.
/// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
/// NON_FINITE for a value that is not finite; INVALID_ARGUMENT for a
/// negative one.
#[no_mangle]
pub unsafe extern "C" fn cloth_set_max_distances(
    world: cloth_world,
    cloth: cloth_id,
    first: u32,
    distances: *const f32,
    count: usize,
) -> cloth_status {
    guard("cloth_set_max_distances", || {
        // SAFETY: the caller's pointer contract.
        let distances = unsafe { painted(distances, count, "distances", Some(first), Paintable::Length)? };
        with_cloth(world, cloth, |c| {
            nodes_in(c, first, count)?;
            c.set_max_distances(first as usize, distances)
                .or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// Removes every max distance the cloth has. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_clear_max_distances(world: cloth_world, cloth: cloth_id) -> cloth_status {
    guard("cloth_clear_max_distances", || {
        with_cloth(world, cloth, |c| {
            c.clear_max_distances();
            Ok(())
        })
    })
}

/// Paints backstops on nodes `first .. first + count`: each free node stays
/// outside a sphere of `radii[i]` m whose surface lies `distances[i]` m
/// behind its animated position, against the animated surface's normal (the
/// winding of cloth_sheet_desc.triangles; the normal cloth_read_vertices
/// writes). Radius 0 is no backstop; `distances` NULL is 0 for every node.
/// All or nothing. Wakes the cloth. Allocates on the first call only.
/// Per-cloth.
/// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
/// NON_FINITE for a value that is not finite; INVALID_ARGUMENT for a
/// negative one, or a radius > 0 on a node in no triangle (it has no normal).
#[no_mangle]
pub unsafe extern "C" fn cloth_set_backstops(
    world: cloth_world,
    cloth: cloth_id,
    first: u32,
    distances: *const f32,
    radii: *const f32,
    count: usize,
) -> cloth_status {
    guard("cloth_set_backstops", || {
        // SAFETY: the caller's pointer contract.
        let backstops = unsafe { backstops_in(distances, radii, count, "", Some(first))? };
        with_cloth(world, cloth, |c| {
            nodes_in(c, first, count)?;
            c.set_backstops(first as usize, &backstops).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// Removes every backstop the cloth has. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_clear_backstops(world: cloth_world, cloth: cloth_id) -> cloth_status {
    guard("cloth_clear_backstops", || {
        with_cloth(world, cloth, |c| {
            c.clear_backstops();
            Ok(())
        })
    })
}

/// Paints anim-drive strengths on nodes `first .. first + count`, 0 to 1:
/// each free node is pulled towards its animated position
/// (cloth_set_animated_positions), closing that fraction of the gap every
/// second — 1 makes the cloth follow its animated pose wherever its rows
/// allow, 0 leaves the node free. A value on a fixed node is ignored. All
/// or nothing. Wakes the cloth. Allocates on the first call only. Per-cloth.
/// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
/// NON_FINITE for a value that is not finite; INVALID_ARGUMENT for one
/// outside 0 to 1.
#[no_mangle]
pub unsafe extern "C" fn cloth_set_anim_drive(
    world: cloth_world,
    cloth: cloth_id,
    first: u32,
    strengths: *const f32,
    count: usize,
) -> cloth_status {
    // SAFETY: the caller's pointer contract.
    unsafe {
        paint_call("cloth_set_anim_drive", (world, cloth), first, strengths, count, "strengths", Cloth::set_anim_drive)
    }
}

/// Paints inertia scales on nodes `first .. first + count`, 0 to 1: how much
/// of the cloth's inertia (cloth_dynamics.inertia) each free node feels — 0
/// welds it to the anchor frame (a collar that follows the character
/// rigidly), 1 is the cloth's own. A value on a fixed node is ignored. All
/// or nothing. Wakes the cloth. Allocates on the first call only. Per-cloth.
/// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
/// NON_FINITE for a value that is not finite; INVALID_ARGUMENT for one
/// outside 0 to 1.
#[no_mangle]
pub unsafe extern "C" fn cloth_set_inertia_scales(
    world: cloth_world,
    cloth: cloth_id,
    first: u32,
    scales: *const f32,
    count: usize,
) -> cloth_status {
    // SAFETY: the caller's pointer contract.
    unsafe {
        paint_call(
            "cloth_set_inertia_scales",
            (world, cloth),
            first,
            scales,
            count,
            "scales",
            Cloth::set_inertia_scales,
        )
    }
}

/// Removes every inertia scale the cloth has: each node feels the cloth's
/// inertia. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_clear_inertia_scales(world: cloth_world, cloth: cloth_id) -> cloth_status {
    guard("cloth_clear_inertia_scales", || {
        with_cloth(world, cloth, |c| {
            c.clear_inertia_scales();
            Ok(())
        })
    })
}

/// Sets the masses of nodes `first .. first + count`, kg, read for free
/// nodes as cloth_sheet_desc.masses is (1.2e-38 to 1e9; a fixed node's value
/// is not read). The cloth steps on exactly as one seeded with these masses
/// would from its current state: positions and velocities are kept, so a
/// node's momentum changes with its mass. All or nothing. Wakes the cloth.
/// Allocates (the cloth's derived tables are rebuilt): a call between
/// steps, not one per frame. Per-cloth.
/// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
/// NON_FINITE for a free node's mass that is not finite; INVALID_ARGUMENT
/// for one ≤ 0.
#[no_mangle]
pub unsafe extern "C" fn cloth_set_masses(
    world: cloth_world,
    cloth: cloth_id,
    first: u32,
    masses: *const f32,
    count: usize,
) -> cloth_status {
    guard("cloth_set_masses", || {
        // SAFETY: the caller's pointer contract.
        let masses = unsafe { slice_in(masses, count, "masses")? };
        with_cloth(world, cloth, |c| {
            nodes_in(c, first, count)?;
            c.set_masses(first as usize, masses).or_else(|e| {
                let status = match e {
                    cloth_solver::ParamError::Node { value, .. } if !value.is_finite() => CLOTH_STATUS_NON_FINITE,
                    _ => CLOTH_STATUS_INVALID_ARGUMENT,
                };
                fail(status, e.to_string())
            })
        })
    })
}

/// Removes every anim drive the cloth has. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_clear_anim_drive(world: cloth_world, cloth: cloth_id) -> cloth_status {
    guard("cloth_clear_anim_drive", || {
        with_cloth(world, cloth, |c| {
            c.clear_anim_drive();
            Ok(())
        })
    })
}

/// A run-time call painting fractions (0 to 1) on nodes `first ..`: the
/// values checked, then `set` on the cloth.
///
/// # Safety
/// `values` is NULL (refused unless `count` is 0) or valid for `count` floats.
unsafe fn paint_call(
    name: &'static str,
    (world, cloth): (cloth_world, cloth_id),
    first: u32,
    values: *const f32,
    count: usize,
    what: &str,
    set: fn(&mut Cloth, usize, &[f32]) -> Result<(), cloth_solver::ParamError>,
) -> cloth_status {
    guard(name, || {
        // SAFETY: the caller's pointer contract.
        let values = unsafe { painted(values, count, what, Some(first), Paintable::Fraction)? };
        with_cloth(world, cloth, |c| {
            nodes_in(c, first, count)?;
            set(c, first as usize, values).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// OUT_OF_RANGE when nodes `first .. first + count` run past the cloth's.
fn nodes_in(c: &Cloth, first: u32, count: usize) -> Res<()> {
    let nodes = c.nodes();
    if (first as usize).checked_add(count).is_none_or(|end| end > nodes) {
        return fail(
            CLOTH_STATUS_OUT_OF_RANGE,
            format!("nodes {first} .. {first} + {count} run past the cloth's {nodes} nodes"),
        );
    }
    Ok(())
}

/// Adds world-space impulses, N·s: `impulses[i]` to node `nodes[i]`, for
/// `count` entries (a node may appear more than once; its impulses add). A
/// free node's velocity changes by its summed impulse / mass at once — a
/// hit, an explosion's push. A change faster than one trust region an
/// iteration (its shortest edge × substeps × iterations / dt: 9.6 m/s on
/// 2 cm links at 2 × 4) is shared as one velocity by the nodes around it,
/// as many rings as it takes: a bullet's momentum on one node pushes the
/// patch it hits, momentum kept while the cloth has the mass to take it at
/// that speed, links within ~1.3×. A fixed node does not move. All or
/// nothing: a refused call changes no node. Wakes the cloth. Allocates
/// nothing after the first call on a thread and the cloth's first hit
/// past the bound. Per-cloth.
/// Refuses: OUT_OF_RANGE for a node past the cloth's nodes; NON_FINITE for
/// an impulse that is not finite; INVALID_ARGUMENT for an impulse component
/// beyond ±CLOTH_MAX_COORDINATE.
#[no_mangle]
pub unsafe extern "C" fn cloth_apply_impulses(
    world: cloth_world,
    cloth: cloth_id,
    nodes: *const u32,
    impulses: *const cloth_vec3,
    count: usize,
) -> cloth_status {
    guard("cloth_apply_impulses", || {
        // SAFETY: the caller's pointer contract for two arrays of `count`.
        let (nodes, impulses) = unsafe { (slice_in(nodes, count, "nodes")?, slice_in(impulses, count, "impulses")?) };
        IMPULSES.with_borrow_mut(|pairs| {
            pairs.clear();
            for (i, (&n, j)) in nodes.iter().zip(impulses).enumerate() {
                let j = [j.x, j.y, j.z];
                if !j.iter().all(|c| c.is_finite()) {
                    return fail(CLOTH_STATUS_NON_FINITE, format!("impulses[{i}] is not finite"));
                }
                if let Some(far) = j.into_iter().find(|c| c.abs() > CLOTH_MAX_COORDINATE) {
                    return fail(
                        CLOTH_STATUS_INVALID_ARGUMENT,
                        format!("impulses[{i}] has a component {far} N·s; at most ±{CLOTH_MAX_COORDINATE}"),
                    );
                }
                pairs.push((n, j));
            }
            with_cloth(world, cloth, |c| {
                let count = c.nodes();
                if let Some(i) = nodes.iter().position(|&n| n as usize >= count) {
                    return fail(
                        CLOTH_STATUS_OUT_OF_RANGE,
                        format!("nodes[{i}] is {}; the cloth has {count} nodes", nodes[i]),
                    );
                }
                c.apply_impulses(pairs).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
            })
        })
    })
}

/// Changes a cloth's dynamics (nothing in them needs a reseed; a change
/// wakes the cloth). Per-cloth.
/// Refuses: INVALID_ARGUMENT for a dt over 0.5 s on a cloth at
/// CLOTH_DETAIL_HALF_RATE (its step of 2·dt would pass 1 s).
#[no_mangle]
pub unsafe extern "C" fn cloth_set_dynamics(
    world: cloth_world,
    cloth: cloth_id,
    dynamics: *const cloth_dynamics,
) -> cloth_status {
    guard("cloth_set_dynamics", || {
        // SAFETY: the caller's pointer contract.
        let d = dynamics_in(&unsafe { read_desc(dynamics, "dynamics")? })?;
        with_cloth(world, cloth, |c| {
            // The coefficients are the cloth's (cloth_set_aerodynamics).
            let d = Dynamics { drag: c.dynamics().drag, lift: c.dynamics().lift, ..d };
            c.set_dynamics(d).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// Sets a cloth's drag and lift coefficients (dimensionless, each 0..=10).
/// A triangle moving through the air at u (relative to it) with unit normal
/// n and area A feels −½ρ·A·[drag·|u·n|·u + lift·(u·n/|u|)·(|u|²n −
/// (u·n)u)]; a segment of a tree, −½ρ·drag·d·L·|u⊥|·u⊥ with d twice the
/// contact offset (dynamics.thickness). They act only in air
/// (cloth_world_set_air, cloth_set_air). A cloth created from a library
/// entry has the entry's (cloth_preset_aerodynamics), one from
/// CLOTH_PRESET_CUSTOM drag 1, lift 0.3; cloth_set_dynamics keeps them. A
/// change wakes the cloth. Per-cloth.
/// Refuses: NON_FINITE for a coefficient that is NaN or infinite;
/// INVALID_ARGUMENT for one outside 0..=10 (nothing changes).
#[no_mangle]
pub extern "C" fn cloth_set_aerodynamics(world: cloth_world, cloth: cloth_id, drag: f64, lift: f64) -> cloth_status {
    guard("cloth_set_aerodynamics", || {
        let (drag, lift) = (finite(drag, "drag")?, finite(lift, "lift")?);
        with_cloth(world, cloth, |c| {
            let d = Dynamics { drag, lift, ..*c.dynamics() };
            c.set_dynamics(d).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// A cloth's drag and lift coefficients. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_get_aerodynamics(
    world: cloth_world,
    cloth: cloth_id,
    out_drag: *mut f64,
    out_lift: *mut f64,
) -> cloth_status {
    guard("cloth_get_aerodynamics", || {
        check_out(out_drag, "out_drag")?;
        check_out(out_lift, "out_lift")?;
        let (drag, lift) = with_cloth(world, cloth, |c| Ok((c.dynamics().drag, c.dynamics().lift)))?;
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe {
            out_drag.write(drag);
            out_lift.write(lift);
        }
        Ok(())
    })
}

/// Sets a cloth's own air, read during the call: a local wind (a fan, a
/// slipstream) on top of the world's (cloth_world_set_air) — winds and
/// turbulence add, the density is the larger of the two. A cloth starts
/// with none. A change wakes the cloth; a cloth in turbulence never sleeps.
/// Per-cloth.
/// Refuses: NON_FINITE for a float that is NaN or infinite;
/// INVALID_ARGUMENT for one out of its range (cloth_air; nothing changes).
#[no_mangle]
pub unsafe extern "C" fn cloth_set_air(world: cloth_world, cloth: cloth_id, air: *const cloth_air) -> cloth_status {
    guard("cloth_set_air", || {
        // SAFETY: the caller's pointer contract.
        let air = air_in(&unsafe { read_desc(air, "air")? })?;
        with_cloth(world, cloth, |c| c.set_air(air).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string())))
    })
}

/// Sets a cloth's switches and thresholds (cloth_controls: tethers, sleep,
/// the sleep speed, the teleport distance, the anchor acceleration limit).
/// A change wakes the cloth.
/// Per-cloth.
/// Refuses: INVALID_ARGUMENT for a flag neither 0 nor 1 or a value out of
/// its range; NON_FINITE for a value that is not finite.
#[no_mangle]
pub unsafe extern "C" fn cloth_set_controls(
    world: cloth_world,
    cloth: cloth_id,
    controls: *const cloth_controls,
) -> cloth_status {
    guard("cloth_set_controls", || {
        // SAFETY: the caller's pointer contract.
        let controls = controls_in(&unsafe { read_desc(controls, "controls")? })?;
        with_cloth(world, cloth, |c| {
            c.set_controls(controls).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })
    })
}

/// A cloth's current switches and thresholds. Set
/// `out_controls->struct_size` first (cloth_default_controls() does): as
/// many bytes as that version has are written. Per-cloth.
/// Refuses: STRUCT_SIZE for a struct_size no version of cloth_controls has.
#[no_mangle]
pub unsafe extern "C" fn cloth_get_controls(
    world: cloth_world,
    cloth: cloth_id,
    out_controls: *mut cloth_controls,
) -> cloth_status {
    guard("cloth_get_controls", || {
        // SAFETY: the caller's pointer contract.
        let size = unsafe { check_sized_out(out_controls, "out_controls")? };
        let controls = with_cloth(world, cloth, |c| Ok(controls_out(&c.controls())))?;
        // cloth_controls has no padding (asserted in types.rs): every byte is a field.
        let bytes = std::mem::MaybeUninit::new(controls);
        // SAFETY: checked by check_sized_out.
        unsafe { write_sized_out(out_controls, bytes, size) };
        Ok(())
    })
}

/// A cloth's current dynamics. Set `out_dynamics->struct_size` first
/// (cloth_default_dynamics() does): as many bytes as that version has are
/// written. Per-cloth.
/// Refuses: STRUCT_SIZE for a struct_size no version of cloth_dynamics has.
#[no_mangle]
pub unsafe extern "C" fn cloth_get_dynamics(
    world: cloth_world,
    cloth: cloth_id,
    out_dynamics: *mut cloth_dynamics,
) -> cloth_status {
    guard("cloth_get_dynamics", || {
        // SAFETY: the caller's pointer contract.
        let size = unsafe { check_sized_out(out_dynamics, "out_dynamics")? };
        let d = with_cloth(world, cloth, |c| Ok(dynamics_out(c.dynamics())))?;
        // cloth_dynamics has no padding (asserted in types.rs): every byte is a field.
        // SAFETY: checked by check_sized_out.
        unsafe { write_sized_out(out_dynamics, std::mem::MaybeUninit::new(d), size) };
        Ok(())
    })
}

/// Sets a cloth's level of detail (CLOTH_DETAIL_FULL, _REDUCED, _HALF_RATE
/// or _FROZEN; each constant says what it does) from its next step on. A
/// change never pops what reads show: stepped by cloth_world_step it is
/// seamless (out of half rate, after the second frame of the pair); under
/// cloth_world_advance, where a half-rate cloth's reads run a step of 2·dt
/// behind the host, a change into or out of half rate is blended over 4·dt
/// of host time. A sleeping cloth stays asleep; a frozen one keeps its
/// velocities and carries on from them. With a frame budget set
/// (cloth_world_set_budget) the next step chooses the level again.
/// Per-cloth.
/// Refuses: INVALID_ENUM for a `level` that is no CLOTH_DETAIL_* value;
/// INVALID_ARGUMENT for CLOTH_DETAIL_HALF_RATE when the cloth's dt is over
/// 0.5 s (a step of 2·dt would pass 1 s; nothing changes); WRONG_PHASE
/// inside begin_step / end_step.
#[no_mangle]
pub extern "C" fn cloth_set_detail(world: cloth_world, cloth: cloth_id, level: u32) -> cloth_status {
    guard("cloth_set_detail", || {
        let level = detail_in(level)?;
        with_world(world, |w| w.set_detail(cloth_of(cloth), level).map_err(world_fail))
    })
}

/// A cloth's level of detail (a CLOTH_DETAIL_* value): the level its last
/// step ran at — with a frame budget, the one the budget chose — or the one
/// cloth_set_detail set since. A cloth the budget moved to half rate that
/// waits, frozen, for its pair's frame reads CLOTH_DETAIL_HALF_RATE, as a
/// half-rate cloth does between its steps (its report is idle). Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_get_detail(world: cloth_world, cloth: cloth_id, out_level: *mut u32) -> cloth_status {
    guard("cloth_get_detail", || {
        check_out(out_level, "out_level")?;
        let level = with_world(world, |w| w.detail(cloth_of(cloth)).map_err(world_fail))?;
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe { out_level.write(level.code()) };
        Ok(())
    })
}

/// Sets a cloth's priority for the frame budget (cloth_world_set_budget):
/// higher gets more detail. Any finite value: a host might pass minus the
/// distance to the camera, or its inverse, raised for a cloth on screen.
/// A cloth starts at 0; ties go to the lower cloth_id.index. Read when a step
/// begins, so it may be set at any time, between begin_step and end_step
/// too (for the next step). Per-cloth.
/// Refuses: NON_FINITE for a `priority` that is NaN or infinite.
#[no_mangle]
pub extern "C" fn cloth_set_priority(world: cloth_world, cloth: cloth_id, priority: f64) -> cloth_status {
    guard("cloth_set_priority", || {
        let priority = finite(priority, "priority")?;
        with_world(world, |w| w.set_priority(cloth_of(cloth), priority).map_err(world_fail))
    })
}

/// A cloth's priority for the frame budget. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_get_priority(
    world: cloth_world,
    cloth: cloth_id,
    out_priority: *mut f64,
) -> cloth_status {
    guard("cloth_get_priority", || {
        check_out(out_priority, "out_priority")?;
        let priority = with_world(world, |w| w.priority(cloth_of(cloth)).map_err(world_fail))?;
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe { out_priority.write(priority) };
        Ok(())
    })
}

/// Wakes a sleeping cloth at its next step. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_wake(world: cloth_world, cloth: cloth_id) -> cloth_status {
    guard("cloth_wake", || {
        with_cloth(world, cloth, |c| {
            c.wake();
            Ok(())
        })
    })
}

/// Treats the cloth's next step as a teleport (the host cut to another
/// place): its dynamics' teleport mode applies. A frozen cloth
/// (CLOTH_DETAIL_FROZEN) teleports at its first step after it leaves the
/// level. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_teleport(world: cloth_world, cloth: cloth_id) -> cloth_status {
    guard("cloth_teleport", || {
        with_cloth(world, cloth, |c| {
            c.teleport();
            Ok(())
        })
    })
}

/// The number of nodes (particles) of a cloth: the length output buffers
/// need. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_node_count(world: cloth_world, cloth: cloth_id, out_count: *mut u32) -> cloth_status {
    guard("cloth_node_count", || {
        check_out(out_count, "out_count")?;
        let n = with_cloth(world, cloth, |c| Ok(c.nodes() as u32))?;
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe { out_count.write(n) };
        Ok(())
    })
}

fn too_small<T>(what: &str, len: usize, nodes: usize) -> Res<T> {
    fail(CLOTH_STATUS_BUFFER_TOO_SMALL, format!("{what} holds {len} entries; the cloth has {nodes} nodes"))
}

/// Writes every node's position into `out` (`capacity` entries, at least
/// the node count) in `space`: CLOTH_SPACE_WORLD or CLOTH_SPACE_CLOTH. Per-cloth.
/// Refuses: INVALID_ENUM for any other `space`; BUFFER_TOO_SMALL when
/// `capacity` is below the node count.
#[no_mangle]
pub unsafe extern "C" fn cloth_read_positions(
    world: cloth_world,
    cloth: cloth_id,
    space: u32,
    out: *mut cloth_vec3f,
    capacity: usize,
) -> cloth_status {
    guard("cloth_read_positions", || {
        if space != CLOTH_SPACE_WORLD && space != CLOTH_SPACE_CLOTH {
            return fail(CLOTH_STATUS_INVALID_ENUM, format!("space is {space}; CLOTH_SPACE_WORLD (0) or _CLOTH (1)"));
        }
        // SAFETY: the caller's pointer contract (NULL with a capacity of 0
        // is allowed, and then too small for any cloth).
        let out = unsafe { slice_out(out, capacity, "out")? };
        with_cloth(world, cloth, |c| {
            let nodes = c.nodes();
            if out.len() < nodes {
                return too_small("out", out.len(), nodes);
            }
            // Every value is converted and checked before the first is written.
            POSITIONS.with(|scratch| {
                let converted = &mut *scratch.borrow_mut();
                converted.clear();
                for n in 0..nodes {
                    let p =
                        if space == CLOTH_SPACE_WORLD { c.world_position(n).map(|x| x as f32) } else { c.position(n) };
                    converted.push(position_out(p, n)?);
                }
                out[..nodes].copy_from_slice(converted);
                Ok(())
            })
        })
    })
}

/// Writes positions, normals and tangents of a range of nodes into `out`
/// (`out_bytes` bytes) at the stride and offsets `layout` gives (see
/// cloth_vertex_layout), converted and checked before the first byte is
/// written. Normals and tangents cost a pass over the triangles (and on a
/// tree, the node rotations cloth_read_node_poses fits). Per-cloth.
/// Refuses: INVALID_ENUM for a `space` other than CLOTH_SPACE_WORLD or
/// _CLOTH; OUT_OF_RANGE when the range runs past the cloth's nodes (or the
/// render mesh's vertices), a node_map entry names no node, render_mesh
/// names none attached, or a layout of the earlier size (no
/// node_map_count) asks for map entries past 2³²; INVALID_ARGUMENT when no field is present, a field
/// does not fit in the stride, two fields overlap, a node_map comes with
/// CLOTH_ALL_NODES, or both a node_map and a render_mesh are given;
/// BUFFER_TOO_SMALL when `out_bytes` is shorter than the write or
/// first_node + node_count passes node_map_count.
#[no_mangle]
pub unsafe extern "C" fn cloth_read_vertices(
    world: cloth_world,
    cloth: cloth_id,
    layout: *const cloth_vertex_layout,
    out: *mut std::ffi::c_void,
    out_bytes: usize,
) -> cloth_status {
    guard("cloth_read_vertices", || {
        // SAFETY: the caller's pointer contract for a descriptor.
        let l = unsafe { read_desc(layout, "layout")? };
        let space = match l.space {
            CLOTH_SPACE_WORLD => Space::World,
            CLOTH_SPACE_CLOTH => Space::Cloth,
            other => {
                return fail(
                    CLOTH_STATUS_INVALID_ENUM,
                    format!("layout.space is {other}; CLOTH_SPACE_WORLD (0) or _CLOTH (1)"),
                )
            }
        };
        let field = |o: u32| (o != CLOTH_NO_FIELD).then_some(o as usize);
        let first = l.first_node as usize;
        if !l.node_map.is_null() && l.render_mesh != CLOTH_NO_RENDER_MESH {
            return fail(
                CLOTH_STATUS_INVALID_ARGUMENT,
                "layout has both a node_map and a render_mesh; one source at a time",
            );
        }
        let map = if l.node_map.is_null() {
            None
        } else {
            if l.node_count == CLOTH_ALL_NODES {
                return fail(
                    CLOTH_STATUS_INVALID_ARGUMENT,
                    "layout.node_count is CLOTH_ALL_NODES with a node_map; give the number of vertices",
                );
            }
            let entries = first.saturating_add(l.node_count as usize);
            let counted = l.struct_size as usize > std::mem::offset_of!(cloth_vertex_layout, node_map_count);
            let map = if counted {
                // SAFETY: the header's pointer rule: node_map holds
                // node_map_count entries (its size checked against
                // PTRDIFF_MAX there).
                unsafe { slice_in(l.node_map, l.node_map_count, "layout.node_map")? }
            } else if entries > 1 << 32 {
                // A caller of the first layout gave no count: a range past
                // 2³² entries is refused, not read.
                return fail(
                    CLOTH_STATUS_OUT_OF_RANGE,
                    format!("layout: first_node + node_count is {entries}, past the 2^32 entries a node_map can hold"),
                );
            } else {
                // SAFETY: the first layout's rule: node_map holds first_node +
                // node_count entries.
                unsafe { slice_in(l.node_map, entries, "layout.node_map")? }
            };
            if entries > map.len() {
                return fail(
                    CLOTH_STATUS_BUFFER_TOO_SMALL,
                    format!(
                        "layout.node_map_count is {} but first_node + node_count is {entries} (set it to the \
                         number of entries node_map holds)",
                        l.node_map_count
                    ),
                );
            }
            Some(&map[..entries])
        };
        // SAFETY: the caller's pointer contract (NULL with 0 bytes allowed).
        let out = unsafe { slice_out(out as *mut u8, out_bytes, "out")? };
        with_cloth(world, cloth, |c| {
            let source = match map {
                Some(map) => Source::Map(map),
                None if l.render_mesh != CLOTH_NO_RENDER_MESH => Source::RenderMesh(l.render_mesh as usize - 1),
                None => Source::Nodes,
            };
            let entries = match source {
                Source::RenderMesh(k) => c.render_mesh_vertices(k).unwrap_or(0),
                _ => c.nodes(),
            };
            let count =
                if l.node_count == CLOTH_ALL_NODES { entries.saturating_sub(first) } else { l.node_count as usize };
            let layout = VertexLayout {
                space,
                first,
                count,
                stride: l.stride as usize,
                position: field(l.position_offset),
                normal: field(l.normal_offset),
                tangent: field(l.tangent_offset),
            };
            c.write_vertices(&layout, source, out).or_else(|e| {
                let status = match e {
                    LayoutError::NodeRange { .. } | LayoutError::MapEntry { .. } | LayoutError::NoRenderMesh { .. } => {
                        CLOTH_STATUS_OUT_OF_RANGE
                    }
                    LayoutError::BufferTooSmall { .. } => CLOTH_STATUS_BUFFER_TOO_SMALL,
                    LayoutError::NonFinite { .. } => CLOTH_STATUS_INTERNAL,
                    LayoutError::NoField | LayoutError::FieldPastStride { .. } | LayoutError::Overlap { .. } => {
                        CLOTH_STATUS_INVALID_ARGUMENT
                    }
                };
                let why = match e {
                    LayoutError::NodeRange { first, count, nodes } => match source {
                        Source::Nodes => format!(
                            "nodes {first}..{} run past the cloth's {nodes} nodes (welded nodes, if the sheet was \
                             welded: pass its weld_map as layout.node_map to write the exported vertices)",
                            first + count
                        ),
                        Source::Map(_) => format!("node_map entries {first}..{} run past its {nodes}", first + count),
                        Source::RenderMesh(_) => {
                            format!("render mesh vertices {first}..{} run past its {nodes}", first + count)
                        }
                    },
                    LayoutError::BufferTooSmall { needed, got } => {
                        format!("out_bytes is {got} (bytes, not vertices); the write needs {needed} bytes")
                    }
                    LayoutError::NoRenderMesh { index, attached } => {
                        let meshes = if attached == 1 { "mesh is" } else { "meshes are" };
                        format!(
                            "layout.render_mesh is {}; {attached} render {meshes} attached (numbered from 1)",
                            index + 1
                        )
                    }
                    other => format!("layout: {other}"),
                };
                fail(status, why)
            })
        })
    })
}

/// Binds a render mesh — the mesh the engine draws, finer than the
/// simulated sheet or just different — to the sheet: `vertex_count` bind
/// positions in the anchor frame, in the sheet's bind pose. Each vertex is
/// attached to its nearest triangle (barycentric coordinates, and an offset
/// carried in the triangle's frame); a vertex at a node's bind position is
/// that node exactly. Writes the mesh's number into `out_mesh` (1 for the
/// first mesh attached, then 2, …): pass it as
/// cloth_vertex_layout.render_mesh to cloth_read_vertices. The mesh lives as
/// long as the cloth (there is no detach). Allocates (not for every frame).
/// Per-cloth.
/// Refuses: INVALID_ARGUMENT when the cloth has no triangles (a tree: draw
/// it from its node poses) or `vertex_count` is 0.
#[no_mangle]
pub unsafe extern "C" fn cloth_attach_render_mesh(
    world: cloth_world,
    cloth: cloth_id,
    positions: *const cloth_vec3f,
    vertex_count: usize,
    out_mesh: *mut u32,
) -> cloth_status {
    guard("cloth_attach_render_mesh", || {
        // SAFETY: the header's pointer rule for an array of vertex_count.
        let p = unsafe { slice_in(positions, vertex_count, "positions")? };
        check_out(out_mesh, "out_mesh")?;
        let vertices = p.iter().enumerate().map(|(i, v)| position_in(v, "positions", i)).collect::<Res<Vec<_>>>()?;
        let mesh = with_cloth(world, cloth, |c| {
            c.attach_render_mesh(&vertices).or_else(|e| fail(CLOTH_STATUS_INVALID_ARGUMENT, e.to_string()))
        })?;
        // SAFETY: checked non-null and aligned above.
        unsafe { out_mesh.write(mesh as u32 + 1) };
        Ok(())
    })
}

/// Writes the cloth's cooked blob — what seeding derived from its mesh
/// (welded, if it was), its render meshes (with their numbers) and its
/// self-collision setup, never its state or dynamics — into `out`,
/// `capacity` bytes, and its size into `out_size`. Pass `out` NULL and
/// `capacity` 0 to learn the size first. Save the bytes with the asset and
/// create the same cloth later with cloth_create_from_cooked, without
/// seeding; a weld map is not in the blob (save it beside it). The blob is
/// little-endian on every machine and checksummed. Allocates. Per-cloth.
/// Refuses: BUFFER_TOO_SMALL when `capacity` is below the size (the message
/// gives it); NULL_POINTER when `out` is NULL and `capacity` is not 0.
#[no_mangle]
pub unsafe extern "C" fn cloth_cook(
    world: cloth_world,
    cloth: cloth_id,
    out: *mut u8,
    capacity: usize,
    out_size: *mut usize,
) -> cloth_status {
    guard("cloth_cook", || {
        check_out(out_size, "out_size")?;
        if out.is_null() && capacity != 0 {
            return fail(CLOTH_STATUS_NULL_POINTER, "out is NULL with a capacity (a size query passes 0)");
        }
        let blob = with_cloth(world, cloth, |c| Ok(c.cook()))?;
        if !out.is_null() {
            if capacity < blob.len() {
                return fail(
                    CLOTH_STATUS_BUFFER_TOO_SMALL,
                    format!("the blob is {} bytes, out holds {capacity}", blob.len()),
                );
            }
            // SAFETY: the header's pointer rule for an output array of
            // `capacity` bytes; `slice_out` checks NULL and size.
            let dst = unsafe { slice_out(out, blob.len(), "out")? };
            dst.copy_from_slice(&blob);
        }
        // SAFETY: checked non-null and aligned above.
        unsafe { out_size.write(blob.len()) };
        Ok(())
    })
}

/// Creates a cloth from a blob cloth_cook wrote (by this library or another
/// build of the same format), `blob_size` bytes, read during the call: the
/// cloth seeding its mesh gives, bit for bit, with desc's preset or
/// dynamics (any: the blob holds none), anchor, colliders and bind-pose
/// check as every create takes them, and the render meshes it was cooked
/// with under their numbers. Exclusive.
/// Refuses: BAD_BLOB for bytes that are not a cooked cloth, a blob of
/// another format version, a truncated or corrupt one (its checksum), one
/// with bytes after its end (blob_size past the size cloth_cook wrote) or
/// an inconsistent one — the message says which; SEED_FAILED as
/// cloth_create_sheet for a node inside a collider (desc.bind_pose_check).
#[no_mangle]
pub unsafe extern "C" fn cloth_create_from_cooked(
    world: cloth_world,
    blob: *const u8,
    blob_size: usize,
    desc: *const cloth_desc,
    out_cloth: *mut cloth_id,
) -> cloth_status {
    guard("cloth_create_from_cooked", || {
        // SAFETY: the header's pointer rule — `desc` is NULL (refused) or
        // readable; `blob` is valid for `blob_size` bytes; both checked.
        let (desc, bytes) = unsafe { (read_desc(desc, "desc")?, slice_in(blob, blob_size, "blob")?) };
        check_out(out_cloth, "out_cloth")?;
        let (dynamics, anchor, check) = common(&desc)?;
        let id = with_world_mut(world, |w| {
            w.add_cooked(bytes, dynamics, anchor, optional_set(desc.colliders), check).map_err(world_fail)
        })?;
        // SAFETY: checked non-null and aligned above.
        unsafe { out_cloth.write(cloth_id { index: id.index, generation: id.generation }) };
        Ok(())
    })
}

/// The status of a refused blob: a bind-pose refusal is the seed's.
pub(crate) fn status_of_cook(e: &cloth_solver::CookError) -> cloth_status {
    match e {
        cloth_solver::CookError::BindPose(s) => crate::types::status_of_seed(s),
        cloth_solver::CookError::BadParameter(_) => CLOTH_STATUS_INVALID_ARGUMENT,
        _ => CLOTH_STATUS_BAD_BLOB,
    }
}

thread_local! {
    /// The node and impulse pairs of `cloth_apply_impulses`, reused per thread.
    static IMPULSES: RefCell<Vec<(u32, [f64; 3])>> = const { RefCell::new(Vec::new()) };
    /// The pose write-back's buffers in the solver's layout, reused per
    /// thread so a frame's read allocates nothing after the first.
    static POSES: RefCell<(Vec<Pose>, Vec<Pose>)> = const { RefCell::new((Vec::new(), Vec::new())) };
    /// Positions converted and checked before any is written, reused per
    /// thread likewise.
    static POSITIONS: RefCell<Vec<cloth_vec3f>> = const { RefCell::new(Vec::new()) };
}

/// Writes every node's world pose into `out_world` and its local pose
/// (relative to its parent node; roots relative to the anchor) into
/// `out_local`, `capacity` entries each (at least the node count). Either
/// buffer may be NULL (not both, unless `capacity` is 0). A tree's and a
/// rig's rotations are fitted to their links; a sheet's nodes carry none
/// (each local pose is its position in the anchor frame with the identity
/// rotation, so its world rotation is the anchor's): read a sheet's
/// normals and tangents with cloth_read_vertices. Per-cloth.
/// Refuses: NULL_POINTER when both are NULL and `capacity` is not 0;
/// BUFFER_TOO_SMALL when `capacity` is below the node count.
#[no_mangle]
pub unsafe extern "C" fn cloth_read_node_poses(
    world: cloth_world,
    cloth: cloth_id,
    out_world: *mut cloth_pose,
    out_local: *mut cloth_pose,
    capacity: usize,
) -> cloth_status {
    guard("cloth_read_node_poses", || {
        if out_world.is_null() && out_local.is_null() && capacity > 0 {
            return fail(CLOTH_STATUS_NULL_POINTER, "out_world and out_local are both NULL");
        }
        // SAFETY: the caller's pointer contract (a NULL buffer is skipped).
        let world_out =
            if out_world.is_null() { None } else { Some(unsafe { slice_out(out_world, capacity, "out_world")? }) };
        // SAFETY: as above.
        let local_out =
            if out_local.is_null() { None } else { Some(unsafe { slice_out(out_local, capacity, "out_local")? }) };
        with_cloth(world, cloth, |c| {
            let nodes = c.nodes();
            if capacity < nodes {
                return too_small(if world_out.is_some() { "out_world" } else { "out_local" }, capacity, nodes);
            }
            POSES.with(|scratch| {
                let (w, l) = &mut *scratch.borrow_mut();
                w.resize(nodes, Pose::IDENTITY);
                l.resize(nodes, Pose::IDENTITY);
                c.node_poses(w, l).or_else(|e| fail(CLOTH_STATUS_INTERNAL, e.to_string()))?;
                // Every pose is checked before the first is written.
                for (n, p) in w.iter().chain(l.iter()).enumerate() {
                    pose_checked_out(p, n % nodes)?;
                }
                if let Some(out) = world_out {
                    for (o, p) in out.iter_mut().zip(w.iter()) {
                        *o = pose_out(p);
                    }
                }
                if let Some(out) = local_out {
                    for (o, p) in out.iter_mut().zip(l.iter()) {
                        *o = pose_out(p);
                    }
                }
                Ok(())
            })
        })
    })
}

/// How the cloth stands now (cloth_stats), measured during the call from
/// its current state: O(rows), so a debug overlay's or a test's call, not
/// one per frame per cloth in a shipped game. Set `out->struct_size` first.
/// Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_read_stats(world: cloth_world, cloth: cloth_id, out: *mut cloth_stats) -> cloth_status {
    guard("cloth_read_stats", || {
        // SAFETY: the caller's pointer contract.
        let size = unsafe { check_sized_out(out, "out")? };
        let stats = with_world(world, |w| {
            w.with_cloth(cloth_of(cloth), |c| {
                let d = c.dynamics();
                let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
                let links = c.link_extremes();
                let node = |k: usize| links.map_or(u32::MAX, |l| l.worst_nodes[k] as u32);
                cloth_stats {
                    struct_size: size as u32,
                    // A wake request (an impulse, cloth_wake) is a step that will simulate.
                    asleep: (c.is_sleeping() && !c.state().frame.wake_requested) as u32,
                    worst_link_ratio: links.map_or(0.0, |l| finite(l.worst_ratio)),
                    mean_link_strain: finite(c.mean_stretch_strain()),
                    allowance: if d.strain_limit { cloth_solver::strain_limit::allowance(d.stretch) } else { 0.0 },
                    worst_tether_ratio: if c.controls().tethers { finite(c.worst_tether_ratio()) } else { 0.0 },
                    local_speed: finite(c.local_speed()),
                    max_turn_rate: finite(c.max_turn_rate()),
                    worst_link_elongation: links.map_or(0.0, |l| finite(l.worst_elongation)),
                    longest_elongation: links.map_or(0.0, |l| finite(l.longest_elongation)),
                    worst_link_node_a: node(0),
                    worst_link_node_b: node(1),
                    worst_leash_ratio: finite(c.worst_leash_ratio()),
                }
            })
            .map_err(world_fail)
        })?;
        // SAFETY: checked by check_sized_out; cloth_stats has no padding, so
        // every byte copied out is initialised.
        unsafe { write_sized_out(out, std::mem::MaybeUninit::new(stats), size) };
        Ok(())
    })
}

/// What the cloth's last step did (its last cloth_world_step, begin/end
/// pair or cloth_world_advance, as one frame: cloth_step_report.steps). Set
/// `out->struct_size` first. Per-cloth.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_last_step_report(
    world: cloth_world,
    cloth: cloth_id,
    out: *mut cloth_step_report,
) -> cloth_status {
    guard("cloth_last_step_report", || {
        // SAFETY: the caller's pointer contract.
        let size = unsafe { check_sized_out(out, "out")? };
        let (report, steps) = with_world(world, |w| {
            let id = cloth_of(cloth);
            Ok((w.last_report(id).map_err(world_fail)?, w.last_steps(id).map_err(world_fail)?))
        })?;
        // SAFETY: checked by check_sized_out.
        unsafe { write_sized_out(out, step_report_bytes(&step_report_out(&report, steps)), size) };
        Ok(())
    })
}
