/*
 * cloth.h — real-time cloth and rope for game characters: the C ABI (C99, also valid C++).
 *
 * A flat API over opaque, generation-checked handles. Link libcloth (.so/.dylib/.dll or the static
 * libcloth.a plus the system libraries `cargo rustc -p cloth-ffi -- --print native-static-libs` lists).
 * On Linux the shared library's SONAME is libcloth.so.1 (the ABI version): a host linked to it loads
 * libcloth.so.1 at run time. ffi/dist.sh's package ships that name; straight from cargo's
 * target/release, which holds only libcloth.so, link it once: ln -s libcloth.so libcloth.so.1, and
 * run with LD_LIBRARY_PATH=target/release (or link with -Wl,-rpath). Link -lm too (C hosts).
 *
 * ----------------------------------------------------------------------------------------------------
 * A FRAME
 *
 *     cloth_world_begin_frame(w);                          every collider: previous pose <- current
 *     cloth_collider_set_pose(w, torso, &torso_pose);      the colliders that moved this frame
 *     cloth_set_anchor_pose(w, cape, &spine_pose);         each cloth's anchor for this frame
 *     cloth_world_step(w);                                 every cloth, on the world's own threads
 *     cloth_read_node_poses(w, cape, world_out, local_out, n);
 *
 *   or, for a host whose frame time varies (the cloth keeps its fixed dt; reads show it between steps):
 *
 *     cloth_world_advance(w, frame_seconds);               0 to CLOTH_MAX_CATCH_UP_STEPS steps per cloth
 *
 *   or, from an engine's job system (Unreal's task graph, Unity jobs):
 *
 *     cloth_world_begin_step(w);                           (or cloth_world_begin_advance(w, frame_seconds))
 *     ... on any threads, each cloth at most once:  cloth_world_step_cloth(w, id);
 *     cloth_world_end_step(w);
 *
 *   A crowd: set a frame budget once and each cloth's priority every frame, and each step chooses every
 *   cloth's level of detail (CLOTH_DETAIL_*) to fit the budget, from a cost it counts, never times:
 *
 *     cloth_world_set_budget(w, &budget);                  core-milliseconds a frame (cloth_frame_budget)
 *     cloth_set_priority(w, cape, -distance_to_camera);    higher: more detail
 *
 * ----------------------------------------------------------------------------------------------------
 * ERRORS
 *
 * Every function that can fail returns a cloth_status: CLOTH_STATUS_OK (0) or a stable, numbered code
 * (the numbers never change; new codes are appended). On failure no out-parameter and no output
 * buffer has been written, and cloth_last_error_message() describes what was refused and why. No panic
 * ever crosses this boundary: an internal error (a bug) is caught and returned as CLOTH_STATUS_INTERNAL
 * with its message, never printed (the library's panic hook keeps quiet about the panics it catches and
 * passes any other to the hook installed before it), and it is contained to the cloth it happened in:
 * that cloth answers CLOTH_STATUS_INTERNAL until destroyed; the world and its other cloths keep working.
 *
 * The last-error message is PER THREAD: each thread reads the message of its own last call. Every
 * function returning a cloth_status sets it (to "" on success); the pointer stays valid until this
 * thread's next call of such a function.
 *
 * WHICH CALL REFUSES WHAT. These rules hold for every function, by what it takes; each function's comment
 * ends with "Refuses:", naming (without the CLOTH_STATUS_ prefix) the refusals it adds to them, if any.
 *
 * - Any call returning a cloth_status: INTERNAL for a bug caught inside it.
 * - A world handle: INVALID_WORLD when it names no live world.
 * - A cloth, collider set or collider id: STALE_ID when it names nothing live in that world (a
 *   collider's also when its set was destroyed). Where a set is optional, generation 0 is "none".
 * - A pointer: NULL_POINTER when NULL, unless its comment allows NULL; INVALID_ARGUMENT when it is not
 *   aligned for its type. An array's pointer with a count of 0 is not checked (it may be NULL); an
 *   array of more than PTRDIFF_MAX bytes is OUT_OF_RANGE.
 * - A struct that begins with struct_size (a descriptor, or cloth_step_report): STRUCT_SIZE when
 *   struct_size is no size this library knows. Then each field of cloth_world_desc, cloth_dynamics,
 *   cloth_desc and cloth_collider_desc as its comment says: NON_FINITE for a NaN or an infinity,
 *   INVALID_ARGUMENT outside its range or for a 0/1 flag that is neither, INVALID_ENUM for a
 *   CLOTH_PRESET_*, CLOTH_TELEPORT_* or CLOTH_SHAPE_* field with no such value. (A sheet, tree or rig
 *   description is checked as its cloth is seeded: its cloth_create_* says how.)
 * - Any float, as UNITS AND CONVENTIONS says: NON_FINITE for a NaN or an infinity; a position, a
 *   translation or a collider's dimension beyond ±CLOTH_MAX_COORDINATE: INVALID_ARGUMENT.
 * - A per-cloth call (THREADS) but cloth_world_step_cloth: BUSY while another thread is inside a call
 *   on that cloth (cloth_world_step_cloth waits for it to end). No other call returns BUSY.
 * - A call naming a damaged cloth (one a bug was caught in): INTERNAL, from every call but cloth_destroy.
 * - An exclusive call (THREADS) between cloth_world_begin_step (or _begin_advance) and cloth_world_end_step: WRONG_PHASE,
 *   from every one but cloth_world_end_step, whatever its ids.
 * - UNSUPPORTED_CPU comes from cloth_world_create only.
 *
 * ----------------------------------------------------------------------------------------------------
 * OWNERSHIP
 *
 * The library owns everything behind a handle; the caller owns every pointer it passes. Descriptors and
 * input arrays are read during the call only (nothing keeps a pointer). Output buffers are caller-owned,
 * passed with their length in elements, and written only on success. A world owns its cloths, collider
 * sets and threads; cloth_world_destroy frees them all and joins the threads before it returns.
 *
 * Pointers: every pointer argument is checked for NULL and for alignment; one that is neither NULL nor
 * pointing at valid memory of the stated length cannot be checked and is undefined behaviour, as in any
 * C API. A pointer with a count of 0 may be NULL.
 *
 * Handles and ids (cloth_world, cloth_id, cloth_collider_set_id, cloth_collider_id) are small values
 * holding a slot index and a generation. A destroyed world, cloth, set or collider is detected (its
 * slot's generation moved on): CLOTH_STATUS_INVALID_WORLD or CLOTH_STATUS_STALE_ID, never a
 * use-after-free. An all-zero handle is never valid. Ids belong to the world that issued them: each
 * world counts generations from a base of its own, so an id passed to another world is
 * CLOTH_STATUS_STALE_ID (a collider's id carries its set's, which carries the world).
 *
 * ----------------------------------------------------------------------------------------------------
 * THREADS
 *
 * - Calls on DIFFERENT WORLDS may run concurrently from any threads.
 * - Within one world, the PER-CLOTH calls (cloth_set_anchor_pose, cloth_place_anchor,
 *   cloth_set_animated_positions, cloth_set_dynamics, cloth_get_dynamics, cloth_wake, cloth_teleport,
 *   cloth_node_count, cloth_read_positions, cloth_read_vertices, cloth_attach_render_mesh, cloth_cook, cloth_apply_impulses,
 *   cloth_read_node_poses, cloth_last_step_report, cloth_set_detail, cloth_get_detail, cloth_set_priority,
 *   cloth_get_priority and cloth_world_step_cloth) may run concurrently from any threads FOR DISTINCT CLOTHS. Two overlapping
 *   calls on the same cloth are a host bug: the second returns CLOTH_STATUS_BUSY (never a data race),
 *   but cloth_world_step_cloth waits for a call in flight on its cloth (a read) rather than lose the
 *   step.
 * - The EXCLUSIVE calls (creating or destroying cloths, sets and colliders, collider poses, begin_frame,
 *   cloth_world_step, cloth_world_advance, begin_step, begin_advance, end_step, cloth_set_colliders, cloth_world_set_budget and
 *   _clear_budget) wait for the calls in flight on that world and run alone. It is never a data race, but
 *   it serialises: a read from another thread while cloth_world_step or _advance runs waits for the
 *   whole step (no BUSY). To read while cloths step, step them with begin_step / step_cloth / end_step.
 *   cloth_world_cloth_count and cloth_world_get_budget run beside the per-cloth calls; for
 *   cloth_world_destroy, see its comment.
 * - Between cloth_world_begin_step (or _begin_advance) and cloth_world_end_step the colliders and the set of cloths are
 *   frozen: every exclusive call but cloth_world_end_step returns CLOTH_STATUS_WRONG_PHASE.
 * - The result never depends on the number of threads or on which thread steps which cloth: every
 *   cloth's trajectory is bit-identical to stepping it alone.
 * - A world with threads > 0 owns that many worker threads (never a shared global pool).
 *
 * ----------------------------------------------------------------------------------------------------
 * UNITS AND CONVENTIONS
 *
 * Metres, kilograms, seconds, radians. Pass the engine's coordinates and rotations as they are: the
 * library assumes no handedness and no up axis. A pose maps local to world: p -> rotation * p +
 * translation, the rotation a quaternion q acting as q p q^-1 (Hamilton product), stored x, y, z, w
 * (Unity's and Unreal's order). These formulas read the same in a left-handed frame (Unity, Unreal) as
 * in a right-handed one: a scene mirrored through a coordinate plane (x -> -x, a rotation (x, y, z, w)
 * -> (x, -y, -z, w)) steps to the bit-exact mirror of the original, node poses included (tested).
 * Gravity is a parameter, default (0, -9.81, 0) for Y up; a Z-up engine (Unreal) sets (0, 0, -9.81).
 * Unreal's centimetres: multiply by 0.01 on the way in, by 100 on the way out.
 *
 * Anchor rotations are normalised (from a norm in [1e-6, 1e6]); collider and rig bind rotations must be
 * unit within 1e-3. Particle positions are floats: in the cloth (anchor) frame as stored, or in world
 * space (rounded from double: a float's step is about 6 cm at 1e6 m and 1 mm at 1e4 m, so a world far
 * from its origin reads cloth-frame positions, or node poses, which are doubles).
 *
 * Limits: every position, translation and collider dimension the library takes is within
 * ±CLOTH_MAX_COORDINATE (1e6 m, the watchdog's distance); beyond it a call is refused with
 * CLOTH_STATUS_INVALID_ARGUMENT, and a NaN or infinity anywhere with CLOTH_STATUS_NON_FINITE. Every float
 * the library hands back is finite: a cloth whose state goes non-finite in a step is reset to its
 * animated pose by the watchdog (cloth_step_report.watchdog says so), never returned.
 *
 * ----------------------------------------------------------------------------------------------------
 * VERSIONS
 *
 * CLOTH_ABI_VERSION changes only when an existing function or struct changes incompatibly; a host
 * compares it with cloth_abi_version() at load. Descriptor structs begin with struct_size (set it to
 * sizeof, or start from the cloth_default_* constructor): fields are only ever appended, and a library
 * reads a shorter (older) struct with the new fields at their defaults.
 *
 * A cooked blob (cloth_cook) carries its own format version: cloth_create_from_cooked refuses one of
 * another format with CLOTH_STATUS_BAD_BLOB, whose message says to cook it again from the mesh.
 *
 * CPU: one library runs on every x86-64 CPU. It is built for the x86-64 baseline (SSE2), and its solver
 * kernels also come compiled for AVX2, chosen at run time where CPUID and XGETBV say that the CPU and the
 * operating system run AVX2 (cloth_cpu_path says which runs). Both give the same bits.
 */


#ifndef CLOTH_H
#define CLOTH_H

/* Generated by cbindgen 0.29.4 from ffi/src. Do not edit: change the Rust doc comments and run
   CLOTH_UPDATE_HEADER=1 cargo build -p cloth-ffi */

#include <stddef.h>
#include <stdint.h>

// The ABI version this header describes. It changes only when an existing
// function or struct changes incompatibly; compare it with
// `cloth_abi_version()` when loading the library.
#define CLOTH_ABI_VERSION 1

// Tree and rig parent value of a node that hangs from the anchor (a tree
// root), or of a skeleton's root joint.
#define CLOTH_NO_PARENT 4294967295

// Largest coordinate the library takes, m: a bind or animated position, a
// component of any pose's translation (anchor, collider, rig bind) or a
// collider's dimension beyond ±CLOTH_MAX_COORDINATE is refused with
// CLOTH_STATUS_INVALID_ARGUMENT (NaN and infinities with
// CLOTH_STATUS_NON_FINITE). It is the watchdog's distance: within it,
// every position and pose the library hands back is finite.
#define CLOTH_MAX_COORDINATE 1.0e6

// The most fixed steps one cloth_world_advance runs per cloth
// (`cloth_solver::clock::MAX_CATCH_UP_STEPS`): a longer frame's remaining
// time is dropped.
#define CLOTH_MAX_CATCH_UP_STEPS 4

// `cloth_desc.preset`: use `cloth_desc.dynamics` as given.
#define CLOTH_PRESET_CUSTOM 0

// Library entry (DESIGN §6): light, floppy, self-collision on.
#define CLOTH_PRESET_SILK 1

// Library entry: the default fabric.
#define CLOTH_PRESET_COTTON 2

// Library entry: heavy, stiff, strain-limited.
#define CLOTH_PRESET_DENIM 3

// Library entry: the stiffest sheet.
#define CLOTH_PRESET_LEATHER 4

// Library entry: a rope (skip rows for bending, tethered).
#define CLOTH_PRESET_ROPE 5

// Library entry: rigid links, free joints.
#define CLOTH_PRESET_CHAIN 6

// Library entry: strands that tangle.
#define CLOTH_PRESET_HAIR 7

// `cloth_dynamics.teleport`: re-seed at the animated pose with zero velocity
// (a character that moves on after the jump, e.g. in a vehicle, declares
// its velocity with cloth_set_anchor_velocity after the teleport's step).
#define CLOTH_TELEPORT_RESET 0

// `cloth_dynamics.teleport`: carry the shape and its motion across
// unchanged: the anchor's velocity continues, turned by the jump's rotation.
#define CLOTH_TELEPORT_KEEP 1

// `cloth_collider_desc.shape`: a ball of `radius` at the local origin.
#define CLOTH_SHAPE_SPHERE 0

// `cloth_collider_desc.shape`: points within `radius` of the segment a–b.
#define CLOTH_SHAPE_CAPSULE 1

// `cloth_collider_desc.shape`: the hull of ball (a, radius) and ball (b, radius_b).
#define CLOTH_SHAPE_TAPERED_CAPSULE 2

// `cloth_collider_desc.shape`: the half-space y ≤ 0 of the local frame.
#define CLOTH_SHAPE_PLANE 3

// `cloth_collider_desc.shape`: a box of `half_extents`, edges rounded by `corner_radius`.
#define CLOTH_SHAPE_CUBOID 4

// `cloth_read_positions` space: world coordinates (the anchor's pose applied).
#define CLOTH_SPACE_WORLD 0

// `cloth_read_positions` space: the cloth's own (anchor) frame, as stored.
#define CLOTH_SPACE_CLOTH 1

// `cloth_vertex_layout` offset of a field the write leaves out.
#define CLOTH_NO_FIELD 4294967295

// `cloth_vertex_layout.node_count`: every node from `first_node` on.
#define CLOTH_ALL_NODES 4294967295

// `cloth_vertex_layout.render_mesh`: write nodes, not a render mesh (render
// meshes are numbered from 1, so a zeroed layout never reads one).
#define CLOTH_NO_RENDER_MESH 0

// `cloth_step_report.watchdog`: no reset.
#define CLOTH_WATCHDOG_NONE 0

// `cloth_step_report.watchdog`: reset after a non-finite or implausible value.
#define CLOTH_WATCHDOG_NON_FINITE 1

// `cloth_step_report.watchdog`: reset after rows stayed absurdly violated.
#define CLOTH_WATCHDOG_EXPLODED 2

// Level of detail (cloth_set_detail): every frame a fixed step of dt at the
// cloth's own dynamics. The default.
#define CLOTH_DETAIL_FULL 0

// Level of detail: every frame a fixed step of dt with a quarter of the
// iterations dropped (at least one, and at least one kept), the substep
// kept: a resting garment's worst link ends within 1.25 points of strain of
// full detail's (solver/tests/detail.rs).
#define CLOTH_DETAIL_REDUCED 1

// Level of detail: every second frame one step of 2·dt at the cloth's own
// substeps and iterations (half the cost; a longer substep, so looser
// links), from the anchor's pose at the last frame to its pose now carried
// on as far again; reads show that step halfway on its frame and its end
// on the next, so they never lag the host. Refused for a dt over 0.5 s.
#define CLOTH_DETAIL_HALF_RATE 2

// Level of detail: no step simulates the cloth; it rides its anchor rigidly
// (as a sleeping cloth does), keeping its velocities relative to its
// anchor, and carries on from them when it leaves the level. Nothing wakes
// it, and a teleport asked for waits for the level's end; a step reports it
// idle.
#define CLOTH_DETAIL_FROZEN 3

// The price of a unit of work the frame budget uses when its unit_ns is 0,
// ns (`cloth_solver::detail::WORK_UNIT_NS`; cloth_frame_budget).
#define CLOTH_WORK_UNIT_NS 34.0

// What every cloth's step costs the frame budget beyond its work, units,
// at any level (frozen cloths and those asleep 30 steps in a row cost this alone):
// `cloth_solver::detail::STEP_UNITS`.
#define CLOTH_STEP_UNITS 5.0

// `cloth_cpu_path`: the baseline kernels (on x86-64, SSE2), which every CPU runs.
#define CLOTH_CPU_PATH_BASELINE 0

// `cloth_cpu_path`: the AVX2 kernels, reading neighbours' positions and
// rows' penalties and multipliers with the CPU's gather instruction.
#define CLOTH_CPU_PATH_AVX2 1

// `cloth_cpu_path`: the AVX2 kernels, reading neighbours' positions from a
// packed copy (16-byte loads) and rows' penalties and multipliers stored
// side by side (8-byte loads): faster where the gather instruction is slow.
#define CLOTH_CPU_PATH_AVX2_PACKED 2

// What a call did. `CLOTH_STATUS_OK` is 0; every other value is a stable,
// numbered refusal (numbers never change; new codes are appended), with
// details in `cloth_last_error_message()`.
enum cloth_status
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : uint32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // Success: every out-parameter and output buffer was written.
    CLOTH_STATUS_OK = 0,
    // A required pointer was NULL.
    CLOTH_STATUS_NULL_POINTER = 1,
    // The world handle is not a live world (destroyed, or never created).
    CLOTH_STATUS_INVALID_WORLD = 2,
    // A cloth, collider set or collider id is not live in this world
    // (destroyed, or issued by another world).
    CLOTH_STATUS_STALE_ID = 3,
    // An output buffer is shorter than the call writes (the cloth's node
    // count, or cloth_read_vertices' bytes); nothing was written.
    CLOTH_STATUS_BUFFER_TOO_SMALL = 4,
    // An index or a count runs past the end of what it indexes (a node
    // index, first + count), or an array is larger than memory.
    CLOTH_STATUS_OUT_OF_RANGE = 5,
    // A value is outside its documented range, a 0/1 flag is neither, a
    // pointer is misaligned, or a rotation is not a unit quaternion.
    CLOTH_STATUS_INVALID_ARGUMENT = 6,
    // A float is NaN or infinite.
    CLOTH_STATUS_NON_FINITE = 7,
    // A uint32_t enum argument has no such value.
    CLOTH_STATUS_INVALID_ENUM = 8,
    // A descriptor's struct_size is not a size this library knows.
    CLOTH_STATUS_STRUCT_SIZE = 9,
    // The cloth could not be seeded from its description (the message names
    // the node, triangle or row).
    CLOTH_STATUS_SEED_FAILED = 10,
    // Not allowed in this phase: between begin_step and end_step (or a
    // step_cloth / end_step outside them, or a cloth stepped twice).
    CLOTH_STATUS_WRONG_PHASE = 11,
    // Another thread is inside a call on this cloth right now.
    CLOTH_STATUS_BUSY = 12,
    // The collider set is still used by a cloth.
    CLOTH_STATUS_IN_USE = 13,
    // This CPU lacks an instruction set the library was built for (see
    // cloth_cpu_supported).
    CLOTH_STATUS_UNSUPPORTED_CPU = 14,
    // An internal error was caught (a bug: please report the message). It is
    // contained to the cloth it happened in: every later call naming that
    // cloth returns this too, until cloth_destroy (which succeeds); the world
    // and its other cloths keep working. cloth_world_step reports it once,
    // in the step it happened in, after stepping every other cloth.
    CLOTH_STATUS_INTERNAL = 15,
    // A cooked blob was refused (cloth_create_from_cooked): not a blob,
    // cooked by a library of another format version (cook it again from
    // the mesh), truncated or corrupt (its checksum), or inconsistent; the
    // message says which.
    CLOTH_STATUS_BAD_BLOB = 16,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum cloth_status cloth_status;
#else
typedef uint32_t cloth_status;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// A vector of floats: one particle's position, m.
typedef struct {
    float x;
    float y;
    float z;
} cloth_vec3f;

// A world: an opaque handle (slot and generation, never all zero).
typedef struct {
    uint32_t index;
    uint32_t generation;
} cloth_world;

// A sheet: a triangle mesh in the anchor frame. Start from
// `cloth_default_sheet_desc()`.
typedef struct {
    // sizeof(cloth_sheet_desc).
    uint32_t struct_size;
    // Nodes (particles), ≥ 1.
    uint32_t node_count;
    // Triangles.
    uint32_t triangle_count;
    // node_count bind positions in the anchor frame, m.
    const cloth_vec3f *positions;
    // node_count masses, kg (read for free nodes: from 1.2e-38, the
    // smallest normal float, to 1e9). A fabric's: its density, kg/m², times a third
    // of the area of the triangles round the node (the presets were sized at
    // silk 0.06, cotton 0.15, denim 0.4, leather 0.9 kg/m²):
    // cloth_masses_from_density writes them, cloth_preset_density gives an
    // entry's density. The rows do not depend on mass; colliders,
    // friction, wind and impulses do.
    const float *masses;
    // node_count flags: 1 = fixed to its animated position, 0 = free. May be
    // NULL: every node free (then nothing holds the sheet).
    const uint32_t *fixed;
    // 3 × triangle_count node indices. Winding: the normals
    // cloth_read_vertices writes are built from (b − a) × (c − a) per
    // triangle (a, b, c), component-wise — the side a → b → c runs
    // counter-clockwise from in a right-handed frame, clockwise in a
    // left-handed one (Unity's front faces). Wind the mesh consistently (a
    // flipped triangle cancels its neighbours' normals).
    // The simulation itself reads no winding: a rewound mesh differs from
    // the original only in the order of sums (round-off).
    const uint32_t *triangles;
    // Welds nodes whose bind positions lie within this distance, m (0: no
    // welding): for a mesh exported with seams (positions duplicated where
    // UV islands meet), which otherwise comes apart along them. Each node
    // joins the first earlier node within the distance; a welded node sums
    // their masses and is fixed if any of them is. Welded nodes are
    // numbered in order of first appearance (node k is the k-th input node
    // that joined no earlier one), and every per-node call on the cloth —
    // cloth_node_count, cloth_read_positions, cloth_set_animated_positions,
    // … — takes these indices; weld_map translates. A sliver welding
    // collapses (a triangle at least 10× longer than the tolerance, such as
    // the quads closing a seam exported microns open) is dropped; a shorter
    // collapsed triangle refuses the sheet. Finite, ≥ 0.
    float weld_tolerance;
    // node_count entries written with each input node's welded node (the
    // identity without welding), or NULL. Written only when the cloth is
    // created. Pass it as cloth_vertex_layout.node_map to write a vertex
    // buffer with the seams' duplicates.
    uint32_t *weld_map;
    // node_count max distances, m, or NULL (none): each free node stays
    // within its distance of its animated position, exactly, after every
    // substep. 0 fixes the node for good (the same cloth as a fixed flag of
    // 1: cloth_clear_max_distances does not free it); a welded node takes
    // the least of its nodes'; a value past the garment's reach leaves it
    // free. Finite, ≥ 0.
    const float *max_distances;
    // node_count backstop distances, m, or NULL (none): each free node
    // stays outside a sphere of backstop_radii[i] whose surface lies this
    // far behind its animated position, against the animated normal (the
    // winding above). A welded node takes its first node's backstop.
    // Finite, ≥ 0. NULL with backstop_radii set: 0 for every node; set
    // without backstop_radii: refused.
    const float *backstop_distances;
    // node_count backstop radii, m, or NULL (none); 0 is no backstop, and a
    // node in no triangle takes only 0. Finite, ≥ 0.
    const float *backstop_radii;
} cloth_sheet_desc;

// A vector of doubles, m.
typedef struct {
    double x;
    double y;
    double z;
} cloth_vec3;

// How a cloth moves (DESIGN §6). Every field has a range; a value outside
// it is refused (CLOTH_STATUS_INVALID_ARGUMENT, or CLOTH_STATUS_NON_FINITE).
// Start from `cloth_default_dynamics()` or `cloth_preset_dynamics()`. The
// drag and lift coefficients are set apart (`cloth_set_aerodynamics`).
typedef struct {
    // sizeof(cloth_dynamics).
    uint32_t struct_size;
    // Substeps per step, 1..=64.
    uint32_t substeps;
    // Colour sweeps per substep, 1..=64.
    uint32_t iterations;
    // 1: strain-limit rows on every stretch row; 0: none.
    uint32_t strain_limit;
    // 1: particle–particle self-collision; 0: none.
    uint32_t self_collision;
    // What a teleport does: CLOTH_TELEPORT_RESET or CLOTH_TELEPORT_KEEP.
    uint32_t teleport;
    // Fixed step, s, 1e-6 to 1. Default 1/60. May change between steps: a
    // step whose substep (dt/substeps) would be more than twice the last
    // step's runs as many more substeps as keep it within that (and costs
    // more); one whose substep is under half the last keeps the rows'
    // stiffness of the longer steps, fading to its own over 0.25 s of
    // simulated time, so slow motion by a smaller dt, down to 1e-6 s (a
    // paused game still stepping), leaves a resting cloth at rest. A host
    // whose frame time varies should keep dt and call cloth_world_advance
    // (cloth_world_begin_advance from a job system); a paused game skips
    // its steps (or advances by 0).
    double dt;
    // Gravity in world space, m/s², each component within ±1e6 (default
    // 0, −9.81, 0, as in every preset: a z-up host sets 0, 0, −9.81 on each
    // cloth; there is no world gravity).
    cloth_vec3 gravity;
    // Strain allowance control 0..=1 (read only with strain_limit): a link
    // may reach `1 + 0.25·250^(−stretch)` times its rest length — 0.2 →
    // 8.3 % over, 0.5 → 1.6 %, 1 → 0.1 % (every strain-limited preset).
    double stretch;
    // Bending resistance 0..=1. Each bend row rests at the shape the cloth
    // was seeded in: a sheet authored flat rests flat, a skirt's tube or a
    // cape wrapped around the shoulders keeps its curvature (a hinge's rest
    // is its bind-pose fold, carried with the hinge as it turns; a fold
    // authored sharper than 30° open rests flat); a strip's skip rows rest
    // at their bind-pose distance.
    double bend;
    // Damping 0..=1: v ← v·exp(−10·damping·h) per substep.
    double damping;
    // How much of the anchor's motion the particles feel, 0..=1 (0: welded
    // to the anchor frame; 1: full world inertia).
    double inertia;
    // Leash 0..=1: each free node may stray 2·slack·d_geo from its animated
    // position (cloth_set_animated_positions), d_geo being its shortest
    // distance along the mesh's edges to a fixed node in the bind pose
    // (nothing fixed: no leash); 1 is no leash. The fabric presets use 0.7.
    // A host that moves only the fixed nodes leaves the free ones leashed
    // to the animated positions they had: move those too, or use 1.
    double slack;
    // Contact offset, m, 0..=0.5.
    double thickness;
    // Coulomb friction coefficient against colliders, 0..=4.
    double friction;
} cloth_dynamics;

// A rotation quaternion, stored x, y, z, w (Unity's and Unreal's order).
typedef struct {
    double x;
    double y;
    double z;
    double w;
} cloth_quat;

// A rigid pose, local to world: p -> rotation * p + translation (m).
typedef struct {
    cloth_vec3 translation;
    cloth_quat rotation;
} cloth_pose;

// A collider set in its world. Generation 0 means "no set" where a set is
// optional (`cloth_desc.colliders`, `cloth_set_colliders`).
typedef struct {
    uint32_t index;
    uint32_t generation;
} cloth_collider_set_id;

// What every cloth is made with besides its shape. Start from
// `cloth_default_desc()`.
typedef struct {
    // sizeof(cloth_desc).
    uint32_t struct_size;
    // A library entry (CLOTH_PRESET_SILK … CLOTH_PRESET_HAIR, default
    // COTTON), or CLOTH_PRESET_CUSTOM to use `dynamics`.
    uint32_t preset;
    // The dynamics for CLOTH_PRESET_CUSTOM (read during the call); must be
    // NULL with a library preset.
    const cloth_dynamics *dynamics;
    // The anchor's world pose at creation (placed: no motion is felt). Its
    // rotation is normalised from a norm in [1e-6, 1e6].
    cloth_pose anchor;
    // The collider set the cloth collides with (generation 0: none).
    cloth_collider_set_id colliders;
    // 1 (default): refuse a free node whose bind position lies within the
    // contact offset of a collider of `colliders` where the colliders are
    // now (the garment was authored inside the body, or the body is posed
    // through it); 0: skip the check. A garment created mid-animation:
    // create it with the colliders at their bind pose, then set their
    // animated poses — their motion then sweeps the garment clear, where a
    // body part already through the cloth stays through it.
    uint32_t bind_pose_check;
} cloth_desc;

// A cloth in its world (slot and generation; generation 0 is never issued).
typedef struct {
    uint32_t index;
    uint32_t generation;
} cloth_id;

// A tree of nodes (strips, a rope, a ponytail) in the anchor frame. Start
// from `cloth_default_tree_desc()`.
typedef struct {
    // sizeof(cloth_tree_desc).
    uint32_t struct_size;
    // Nodes, ≥ 1.
    uint32_t node_count;
    // node_count bind positions in the anchor frame, m.
    const cloth_vec3f *positions;
    // node_count masses, kg (read for nodes with a parent: 1.2e-38 to 1e9).
    const float *masses;
    // node_count parents: another node's index, or CLOTH_NO_PARENT for a
    // root, which hangs from the anchor and is fixed.
    const uint32_t *parents;
    // node_count max distances, m, or NULL (none): each free node stays
    // within its distance of its animated position, exactly, after every
    // substep. 0 fixes the node for good (as a root is fixed;
    // cloth_clear_max_distances does not free it); a value past the
    // garment's reach leaves it free. Finite, ≥ 0.
    const float *max_distances;
} cloth_tree_desc;

// Joints of a skeleton the cloth owns (DESIGN §9): the host stops animating
// them and writes back the node poses the cloth produces. Start from
// `cloth_default_rig_desc()`.
typedef struct {
    // sizeof(cloth_rig_desc).
    uint32_t struct_size;
    // Joints of the whole skeleton.
    uint32_t joint_count;
    // Joints the cloth owns (its nodes, in this order), ≥ 1.
    uint32_t node_count;
    // joint_count parents (CLOTH_NO_PARENT for a root joint).
    const uint32_t *skeleton_parents;
    // joint_count bind transforms relative to the parent joint.
    const cloth_pose *local_bind;
    // node_count skeleton joint indices. Every owned joint whose parent is
    // not owned must hang from the same joint: the cloth's anchor.
    const uint32_t *joints;
    // node_count masses, kg (1.2e-38 to 1e9 for the free ones).
    const float *masses;
    // node_count max distances, m, or NULL (none): each free node stays
    // within its distance of its animated position, exactly, after every
    // substep. 0 fixes the node for good (as a root is fixed;
    // cloth_clear_max_distances does not free it); a value past the
    // garment's reach leaves it free. Finite, ≥ 0.
    const float *max_distances;
} cloth_rig_desc;

// The air cloths move through (`cloth_world_set_air`, `cloth_set_air`):
// drag and lift (`cloth_set_aerodynamics`) act only in air. A world and a
// cloth start with none (density 0); a cloth in a world feels both airs —
// winds and turbulence add, the density is the larger. Start from
// `cloth_default_air()` (still air at sea level).
typedef struct {
    // sizeof(cloth_air).
    uint32_t struct_size;
    // Air density, kg/m³, 0..=10 (0: no air; default 1.225, sea level).
    double density;
    // Mean wind, world axes, m/s, each component within ±500.
    cloth_vec3 wind;
    // Turbulence: the largest deviation of each wind component from the
    // mean, m/s, 0..=500 (0: none, the default).
    double turbulence_amplitude;
    // How often the gusts change where they are, Hz, 0..=1000 (default 1).
    double turbulence_frequency;
    // Gust size, m, 0.01..=1e4 (default 2); gusts travel with the mean wind.
    double turbulence_scale;
    // Seed of the turbulence: the same seed, the same gusts, bit for bit.
    uint64_t turbulence_seed;
} cloth_air;

// A cloth's switches and thresholds beside its dynamics: tethers, sleep,
// the sleep speed, the teleport distance, the anchor acceleration limit.
// Start from
// `cloth_default_controls()`; read with cloth_get_controls. A cloth's
// *reach* is the longest path along its rows from a fixed node to a free
// one (a cape's length; 0 for a cloth with nothing fixed).
typedef struct {
    // sizeof(cloth_controls).
    uint32_t struct_size;
    // 1: tether rows act (default); 0: the cloth hangs by its other rows
    // alone. Turned back on, each tether starts from a zero multiplier.
    uint32_t tethers;
    // 1: the cloth may fall asleep when it stops moving (default); 0: never.
    uint32_t sleep;
    // Reserved: 0 (anything else is refused).
    uint32_t reserved;
    // Sleep and wake speed per metre of the cloth's reach (or of its
    // thickness, if longer), 1/s, 0 to 1 (default 1e-3): it sleeps once
    // no node strayed this fast over 30
    // steps, and wakes when its anchor's motion changes by this much.
    double sleep_speed;
    // An anchor landing further than this from where its velocity would
    // carry it in one step teleports, m, 0 to CLOTH_MAX_COORDINATE; 0
    // (default) is the automatic max(2 m, 4 × reach). A vehicle at a steady
    // speed never teleports once the cloth moves with it (after speeding
    // up with it, or cloth_set_anchor_velocity); a cloth that assumes a
    // still anchor measures the whole jump.
    double teleport_distance;
    // The largest change of the anchor's velocity the cloth feels, m/s², 0
    // to 1e6; 0: no limit. Default 600 (10 m/s a step at 60 Hz). A faster
    // change — a character snapped by tens of centimetres in one frame —
    // moves the cloth rigidly with its anchor for the excess, which the
    // cloth then keeps as velocity. Appended after the first release: a
    // caller built against an earlier header passes the shorter
    // struct_size and gets the default.
    double max_anchor_acceleration;
    // The most relative motion a turn of the anchor gives the node farthest
    // from the fixed ones, in edges a substep, 0 to 1000; 0: no such limit.
    // The anchor's turn the cloth feels whole is at most
    //   max_turn_links × max(mean edge length, 2.5 cm) / (reach × inertia)
    // rad a substep, and never more than 0.125 rad a substep whatever the
    // inertia; cloth_stats.max_turn_rate reads the result in rad/s. A
    // faster turn turns the cloth rigidly with its anchor for the excess
    // (the step report's turn_limited). Default 1: a 0.74 m cape of 2.7 cm
    // edges at 60 Hz, two substeps and inertia 1 feels 4.3 rad/s, and a
    // 180° turn in 0.2 s stretches 1 % of its edges to at most 1.2×. Lower
    // holds edges closer to rest through hard turns; higher lets a cape
    // flare more in a fast spin and stretches it more in hard turns (more
    // substeps raise the rate at less stretch). A cloth with nothing fixed
    // has only the 0.125 rad ceiling. Appended after max_anchor_acceleration: a caller
    // built against an earlier header passes the shorter struct_size and
    // gets the default.
    double max_turn_links;
} cloth_controls;

// Where `cloth_read_vertices` writes into a host's vertex buffer: node
// `first_node + i` starts at byte `i × stride`; each field present is three
// native-endian floats at its byte offset from there (any alignment).
// Bytes outside the fields are not touched, so interleaved UVs or colours
// survive. Start from `cloth_default_vertex_layout()` (world-space packed
// positions of every node).
typedef struct {
    // sizeof(cloth_vertex_layout).
    uint32_t struct_size;
    // CLOTH_SPACE_WORLD or CLOTH_SPACE_CLOTH, for every field.
    uint32_t space;
    // First node written.
    uint32_t first_node;
    // Nodes written, or CLOTH_ALL_NODES: every node from first_node on.
    uint32_t node_count;
    // Bytes from one node's start to the next's: each present field's
    // offset + 12 ≤ stride.
    uint32_t stride;
    // Byte offset of the position (m), or CLOTH_NO_FIELD.
    uint32_t position_offset;
    // Byte offset of the unit normal, or CLOTH_NO_FIELD. Area-weighted from
    // the node's triangles, each (b − a) × (c − a) (see
    // cloth_sheet_desc.triangles on winding). A node in no triangle (a tree):
    // the cloth's +Z made perpendicular to its bind tangent, carried by the
    // node's rotation.
    uint32_t normal_offset;
    // Byte offset of the unit tangent (perpendicular to the normal), or
    // CLOTH_NO_FIELD. A sheet: the cloth axis (X, Y or Z) least aligned with
    // its bind normals, carried by each triangle's deformation, as a UV's u
    // direction of the bind pose's planar projection. A tree: along the
    // strand, towards the first child.
    uint32_t tangent_offset;
    // NULL: vertex i is node first_node + i. Otherwise a map from vertices
    // to nodes (a sheet's weld_map): vertex i is node node_map[first_node +
    // i], and node_count (not CLOTH_ALL_NODES) is the number of vertices
    // written; node_map holds node_map_count entries, at least first_node +
    // node_count.
    const uint32_t *node_map;
    // CLOTH_NO_RENDER_MESH (0), or a render mesh cloth_attach_render_mesh
    // returned (1, 2, …): then entries are that mesh's vertices (first_node
    // and node_count count vertices), positions carried by the sheet and
    // normals and tangents interpolated from its nodes'. Not with node_map.
    uint32_t render_mesh;
    // The number of entries node_map holds (0 from
    // cloth_default_vertex_layout; unread without a node_map): a write
    // that would read node_map[first_node + node_count − 1] past it is
    // refused (BUFFER_TOO_SMALL) before any entry is read. Appended after
    // render_mesh: a caller built against an earlier header passes the
    // shorter struct_size, and its node_map is taken to hold first_node +
    // node_count entries, unchecked below 2³² (OUT_OF_RANGE past it).
    size_t node_map_count;
} cloth_vertex_layout;

// How a cloth stands now, measured on demand from its current state (a
// QA overlay, a stretch check in a test): cloth_read_stats. Set
// struct_size before the call.
typedef struct {
    // sizeof(cloth_stats), set by the caller.
    uint32_t struct_size;
    // 1: the cloth is asleep (its steps simulate nothing until woken); 0
    // once a wake is pending (an impulse, cloth_wake, a new pose that moves
    // a pin).
    uint32_t asleep;
    // The longest stretch row over its rest length (1: at rest length;
    // 1.01: one edge 1 % stretched). 0 for a cloth with no stretch row.
    double worst_link_ratio;
    // The mean of |length − rest| / rest over the stretch rows.
    double mean_link_strain;
    // The link ratio the strain limit allows (1 + 0.25·250^(−stretch)), or
    // 0 when the dynamics have no strain limit.
    double allowance;
    // The farthest free node from its tether anchor over its geodesic
    // distance to the pins (1: the cloth's own reach), or 0 without
    // tethers.
    double worst_tether_ratio;
    // The fastest node's speed in the cloth's frame at the end of the last
    // simulated step: the velocity its last substep leaves it with, m/s.
    // Rows that fight within a step show here and not in the node's move
    // over the step (a node that ends 1 cm from where it began may read
    // tens of m/s); sleep reads the move over the step. A sleeping cloth
    // keeps the value of its last simulated step.
    double local_speed;
    // The fastest turn of the anchor the cloth feels whole, rad/s, at its
    // dynamics and controls (cloth_controls.max_turn_links; 0.125 rad a
    // substep for a cloth with nothing fixed or max_turn_links 0): a step
    // turning faster sets turn_limited, and the excess turns the cloth
    // rigidly. At inertia 0 the cloth feels no turn and no step is
    // turn_limited. Appended after local_speed: a caller built against an
    // earlier header passes the shorter struct_size and does not get it.
    double max_turn_rate;
    // The row of worst_link_ratio: its length less its rest length, m, and
    // its two nodes. A sliver edge stretched several times reads as a
    // large ratio and a small elongation; a tear as both. 0 and
    // UINT32_MAX nodes for a cloth with no stretch row. Appended after
    // max_turn_rate, with the three fields that follow.
    double worst_link_elongation;
    // The largest length less rest length of any stretch row, m.
    double longest_elongation;
    // The two nodes of the worst_link_ratio row.
    uint32_t worst_link_node_a;
    uint32_t worst_link_node_b;
    // The farthest free node from its animated position over its leash
    // radius 2·slack·d_geo (cloth_dynamics.slack; 1: at the leash; over 1
    // where other rows pull a node past it), or 0 where no leash acts
    // (slack 1 or 0, or nothing fixed). A host that moves only the fixed
    // nodes, the leash holding the free ones near their old animated
    // positions, reads well over 1 here (README, "The presets"). Appended
    // after worst_link_node_b.
    double worst_leash_ratio;
} cloth_stats;

// What a cloth's last step (or advance) did. Set struct_size before the
// call.
typedef struct {
    // sizeof(cloth_step_report), set by the caller.
    uint32_t struct_size;
    // 1: the cloth was asleep and nothing was simulated.
    uint32_t asleep;
    // 1: the cloth fell asleep at the end of the step.
    uint32_t fell_asleep;
    // 1: the anchor teleported (the teleport mode was applied).
    uint32_t teleported;
    // CLOTH_WATCHDOG_NONE, or why the watchdog reset the cloth.
    uint32_t watchdog;
    // Vertex updates whose pivot check failed in the step.
    uint64_t pivot_failures;
    // 1: the anchor's velocity changed faster than the controls'
    // max_anchor_acceleration: the excess moved the cloth rigidly and
    // stayed with it as velocity (a snap, a crash stop short of the
    // teleport distance). Appended after the
    // first release, as is turn_limited: a caller built against an earlier
    // header passes the shorter struct_size and gets neither.
    uint32_t anchor_limited;
    // 1: the anchor turned faster than the cloth feels whole
    // (cloth_stats.max_turn_rate; cloth_controls.max_turn_links): the
    // excess turned the cloth rigidly.
    uint32_t turn_limited;
    // 1: no fixed step simulated the cloth this frame: it is at
    // CLOTH_DETAIL_FROZEN, or at CLOTH_DETAIL_HALF_RATE on the second frame
    // of its pair (its reads then show the end of the step the first frame
    // ran), or a cloth_world_advance ran no step (steps is 0). Appended after turn_limited: a caller built against an earlier
    // header passes the shorter struct_size and does not get it.
    uint32_t idle;
    // The fixed steps the last cloth_world_step, begin/end pair or
    // cloth_world_advance ran for this cloth: 1, or 0 to
    // CLOTH_MAX_CATCH_UP_STEPS for an advance (a frame shorter than what
    // the clock carries runs none; 0 before the cloth's first). The fields
    // above report those steps as one frame: an event (teleported, a
    // limit, fell_asleep, the first watchdog reset) if any step had it,
    // pivot failures summed, asleep and idle as the last step left them.
    // After an advance that ran none the report is idle (and asleep if the
    // cloth sleeps), with no event.
    // It takes what was the padding after idle, so the struct's size is
    // unchanged.
    uint32_t steps;
} cloth_step_report;

// A collider: a shape in its local frame and its world pose. Start from
// `cloth_default_collider_desc()`; the fields a shape does not use are
// ignored.
typedef struct {
    // sizeof(cloth_collider_desc).
    uint32_t struct_size;
    // CLOTH_SHAPE_SPHERE, _CAPSULE, _TAPERED_CAPSULE, _PLANE or _CUBOID.
    uint32_t shape;
    // Capsule and tapered capsule: the segment's first end, m (local).
    cloth_vec3 a;
    // Capsule and tapered capsule: the segment's second end, m (local).
    cloth_vec3 b;
    // Sphere and capsule radius; the tapered capsule's radius at a, m, ≥ 0.
    double radius;
    // Tapered capsule: the radius at b, m, ≥ 0.
    double radius_b;
    // Cuboid: half extents along the local axes (outer), m, each ≥ 0.
    cloth_vec3 half_extents;
    // Cuboid: edge and corner rounding, m (0 = sharp), at most the smallest
    // half extent.
    double corner_radius;
    // World pose (previous = current: the collider has not moved); its
    // rotation unit within 1e-3.
    cloth_pose pose;
} cloth_collider_desc;

// A collider: its set, and its slot and generation in that set.
typedef struct {
    cloth_collider_set_id set;
    uint32_t index;
    uint32_t generation;
} cloth_collider_id;

// A world's frame budget (cloth_world_set_budget): the work every cloth's
// step may take in a frame, from which the world chooses each cloth's level
// of detail (CLOTH_DETAIL_*) at the start of every step, by the host's
// priorities (cloth_set_priority). The cost of a cloth at a level is
// counted, never timed: nodes × substeps × (iterations + 1) units a step,
// halved at half rate, none frozen or asleep 30 steps in a row, plus CLOTH_STEP_UNITS for
// every cloth; under cloth_world_advance, a step's work times the fixed
// steps the host's frame holds (at least 1, at most 4: at 30 Hz with a dt
// of 1/60 s, two). So the levels, and every result, are the same on every
// machine and at every thread count (unless the host reports its times:
// cloth_world_observe_step). Start from `cloth_default_frame_budget()`.
typedef struct {
    // sizeof(cloth_frame_budget).
    uint32_t struct_size;
    // Core-milliseconds the cloths' steps may take in a frame, summed over
    // threads (2 ms on each of 4 threads is 8), 0..=1e6 (default 2).
    double core_ms;
    // The price of one unit of work on the host's machine, ns, 0..=1e6: a
    // host that measured its own cost per unit passes it here. 0 (the
    // default) keeps the world's price: CLOTH_WORK_UNIT_NS to start, or
    // what cloth_world_observe_step has learned — so a budget set every
    // frame keeps it. cloth_world_get_budget reads the price now.
    double unit_ns;
    // The largest share of the budget the full-detail band may take, 0..=1
    // (default 1: full detail for as many of the highest priorities as
    // fit; 0.5 leaves at least half the budget for half rate and reduced
    // further out).
    double full_share;
} cloth_frame_budget;

// How a world runs. Start from `cloth_default_world_desc()`.
typedef struct {
    // sizeof(cloth_world_desc).
    uint32_t struct_size;
    // Worker threads the world starts and owns, 0..=256. 0 (the default)
    // starts none: cloth_world_step runs on the calling thread, and a host
    // with its own job system uses begin_step / step_cloth / end_step.
    uint32_t threads;
} cloth_world_desc;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// The message of this thread's last failed call ("" after a success): a
// NUL-terminated UTF-8 string that names the function and says what was
// refused and why. Never NULL. Valid until this thread's next call of a
// function returning cloth_status. Per thread: other threads' calls never
// change it.
// Refuses: nothing (it returns no cloth_status).
const char *cloth_last_error_message(void);

// A status's name ("CLOTH_STATUS_OK", …; "CLOTH_STATUS_UNKNOWN" for a value
// that is none). A static string: never freed, never NULL.
// Refuses: nothing (it returns no cloth_status).
const char *cloth_status_name(uint32_t status);

// Writes node masses for a sheet from a fabric's areal density, kg:
// `density` (kg/m²; cloth_preset_density gives a library entry's) times a
// third of the area of every triangle the node is a corner of, the
// triangles as cloth_sheet_desc takes them (3 × triangle_count node
// indices). A node in no triangle gets 0 (a free one needs a mass of its
// own before the sheet seeds). Needs no world; reads and writes only its
// arguments.
// Refuses: NON_FINITE for a density or position that is not finite;
// INVALID_ARGUMENT for a density ≤ 0 or above 1e6 kg/m², or a coordinate
// beyond ±CLOTH_MAX_COORDINATE; OUT_OF_RANGE for a corner past node_count,
// or a count above 2³² − 1.
cloth_status cloth_masses_from_density(const cloth_vec3f *positions,
                                       size_t node_count,
                                       const uint32_t *triangles,
                                       size_t triangle_count,
                                       double density,
                                       float *out_masses);

// Creates a cloth from a sheet (a triangle mesh). `sheet`, `desc` and the
// arrays they point to are read during the call. Exclusive.
// Refuses: SEED_FAILED when the sheet cannot be seeded: no nodes, a corner
// past the nodes, a triangle that repeats a node or has no area, an edge of
// three triangles, an edge under 1 µm, a free node's mass ≤ 0, or (with
// desc.bind_pose_check) a free node within the contact offset of a collider
// of desc.colliders, or a triangle welding collapses whose longest edge is
// under 10× weld_tolerance (longer ones, slivers, are dropped); INVALID_ARGUMENT for
// a fixed flag neither 0 nor 1, a negative weld_tolerance or painted value,
// or a backstop radius > 0 on a node in no triangle; NON_FINITE for a
// weld_tolerance or painted value that is not finite.
cloth_status cloth_create_sheet(cloth_world world,
                                const cloth_sheet_desc *sheet,
                                const cloth_desc *desc,
                                cloth_id *out_cloth);

// Creates a cloth from a tree of nodes (strips, a rope). Exclusive.
// Refuses: SEED_FAILED when the tree cannot be seeded: no nodes, a parent
// past the nodes, no root, a cycle, a node under 1 µm from its parent or
// grandparent, a mass ≤ 0 of a node with a parent, or (with
// desc.bind_pose_check) such a node within the contact offset of a collider
// of desc.colliders; NON_FINITE for a max distance that is not finite;
// INVALID_ARGUMENT for a negative one.
cloth_status cloth_create_tree(cloth_world world,
                               const cloth_tree_desc *tree,
                               const cloth_desc *desc,
                               cloth_id *out_cloth);

// Creates a cloth from joints of a skeleton (DESIGN §9: the cloth owns
// them; write back the node poses it produces). Exclusive.
// Refuses: SEED_FAILED when the rig cannot be seeded: no nodes, a joint or
// skeleton parent past the joints, a joint named twice, an owned skeleton
// root, owned joints that hang from different unowned joints, an anchor
// that hangs from an owned joint, or as cloth_create_tree; INVALID_ARGUMENT
// for a local_bind rotation not unit within 1e-3 or a negative max
// distance; NON_FINITE for a max distance that is not finite.
cloth_status cloth_create_rig(cloth_world world,
                              const cloth_rig_desc *rig,
                              const cloth_desc *desc,
                              cloth_id *out_cloth);

// Destroys a cloth, a damaged one too. A second destroy is
// CLOTH_STATUS_STALE_ID. Exclusive.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_destroy(cloth_world world, cloth_id cloth);

// Changes the collider set a cloth collides with (generation 0: none); a
// change wakes the cloth.
// Exclusive.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_set_colliders(cloth_world world, cloth_id cloth, cloth_collider_set_id set);

// Sets the anchor's world pose for the coming step (the pose for this
// frame). The rotation is normalised. Per-cloth.
// Refuses: INVALID_ARGUMENT for a rotation whose norm is outside [1e-6, 1e6].
cloth_status cloth_set_anchor_pose(cloth_world world, cloth_id cloth, const cloth_pose *pose);

// Declares that the anchor already moves at `velocity` (world, m/s) and
// the cloth with it — a character spawned in a moving vehicle: every free
// node takes the share of that velocity its inertia feels, and the next
// step measures the anchor's velocity change from it (the cloth feels no
// start). Wakes the cloth. Per-cloth.
// `velocity` is the anchor's velocity at the pose the cloth is at now — its
// spawn pose (`cloth_desc.anchor`), or the pose of its last step or
// cloth_place_anchor — so the next pose must be where that velocity carries
// it: that pose + velocity·dt for the next cloth_world_step
// (+ velocity·seconds for a cloth_world_advance of `seconds`). An anchor
// left at its spawn pose reads as a dead stop from `velocity` in one step
// (past the teleport distance, a teleport). A car at 20 m/s along x
// spawned at x = 0: create the cloth with its anchor at x = 0, set
// (20, 0, 0), set the anchor pose at x = 20·dt (1/3 m at 60 Hz) before the
// first step, and on at 20 m/s.
// Refuses: NON_FINITE for a component that is not finite;
// INVALID_ARGUMENT for one past ±CLOTH_MAX_COORDINATE m/s.
cloth_status cloth_set_anchor_velocity(cloth_world world, cloth_id cloth, const cloth_vec3 *velocity);

// Places the anchor with no motion felt (a spawn, or a move the cloth
// should not react to): previous and current pose both set, so the next
// step sees no anchor motion. The cloth keeps its shape and its motion in
// its own frame — the velocities it had, a carried velocity
// (cloth_set_anchor_velocity) included — and the move is no teleport. To
// rebase the world's origin use cloth_world_shift_origin (it moves the
// colliders too); to cut to another place, cloth_teleport. The rotation
// is normalised. Per-cloth.
// Refuses: INVALID_ARGUMENT for a rotation whose norm is outside [1e-6, 1e6].
cloth_status cloth_place_anchor(cloth_world world, cloth_id cloth, const cloth_pose *pose);

// Sets the animated positions of nodes `first .. first + count` in the
// cloth (anchor) frame, m: fixed nodes move there at the next step; free
// nodes are bounded or pulled there by what is painted on them (max
// distance, backstop, anim drive) and by the leash, and return there on a
// reset. The animated pose starts as the bind pose. With slack under 1
// (every fabric preset), moving the fixed nodes alone leaves the free
// nodes leashed near their old animated positions, and the links from the
// pins stretch: set the free nodes' animated positions too, or slack 1
// (cloth_dynamics.slack). Under
// cloth_world_advance the animated positions are not interpolated between
// host frames: each fixed step uses the ones set last. All or nothing: a
// refused call changes no node. Per-cloth.
// Refuses: OUT_OF_RANGE when first + count exceeds the node count.
cloth_status cloth_set_animated_positions(cloth_world world,
                                          cloth_id cloth,
                                          uint32_t first,
                                          const cloth_vec3f *positions,
                                          size_t count);

// Paints max distances on nodes `first .. first + count`, m: each free
// node stays within its distance of its animated position
// (cloth_set_animated_positions), exactly, after every substep; 0 holds it
// there, a pin for the rows and tethers too, as a 0 in the description's
// max_distances is. A value on a fixed node is ignored; a value past the
// garment's reach leaves the node free. All or nothing. Wakes the cloth.
// Allocates on the first call, and on each that changes which nodes are
// held at 0 (the cloth's tables are rebuilt). Per-cloth.
// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
// NON_FINITE for a value that is not finite; INVALID_ARGUMENT for a
// negative one.
cloth_status cloth_set_max_distances(cloth_world world,
                                     cloth_id cloth,
                                     uint32_t first,
                                     const float *distances,
                                     size_t count);

// Removes every max distance the cloth has. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_clear_max_distances(cloth_world world, cloth_id cloth);

// Paints backstops on nodes `first .. first + count`: each free node stays
// outside a sphere of `radii[i]` m whose surface lies `distances[i]` m
// behind its animated position, against the animated surface's normal (the
// winding of cloth_sheet_desc.triangles; the normal cloth_read_vertices
// writes). Radius 0 is no backstop; `distances` NULL is 0 for every node.
// All or nothing. Wakes the cloth. Allocates on the first call only.
// Per-cloth.
// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
// NON_FINITE for a value that is not finite; INVALID_ARGUMENT for a
// negative one, or a radius > 0 on a node in no triangle (it has no normal).
cloth_status cloth_set_backstops(cloth_world world,
                                 cloth_id cloth,
                                 uint32_t first,
                                 const float *distances,
                                 const float *radii,
                                 size_t count);

// Removes every backstop the cloth has. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_clear_backstops(cloth_world world, cloth_id cloth);

// Paints anim-drive strengths on nodes `first .. first + count`, 0 to 1:
// each free node is pulled towards its animated position
// (cloth_set_animated_positions), closing that fraction of the gap every
// second — 1 makes the cloth follow its animated pose wherever its rows
// allow, 0 leaves the node free. A value on a fixed node is ignored. All
// or nothing. Wakes the cloth. Allocates on the first call only. Per-cloth.
// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
// NON_FINITE for a value that is not finite; INVALID_ARGUMENT for one
// outside 0 to 1.
cloth_status cloth_set_anim_drive(cloth_world world,
                                  cloth_id cloth,
                                  uint32_t first,
                                  const float *strengths,
                                  size_t count);

// Paints inertia scales on nodes `first .. first + count`, 0 to 1: how much
// of the cloth's inertia (cloth_dynamics.inertia) each free node feels — 0
// welds it to the anchor frame (a collar that follows the character
// rigidly), 1 is the cloth's own. A value on a fixed node is ignored. All
// or nothing. Wakes the cloth. Allocates on the first call only. Per-cloth.
// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
// NON_FINITE for a value that is not finite; INVALID_ARGUMENT for one
// outside 0 to 1.
cloth_status cloth_set_inertia_scales(cloth_world world,
                                      cloth_id cloth,
                                      uint32_t first,
                                      const float *scales,
                                      size_t count);

// Removes every inertia scale the cloth has: each node feels the cloth's
// inertia. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_clear_inertia_scales(cloth_world world, cloth_id cloth);

// Sets the masses of nodes `first .. first + count`, kg, read for free
// nodes as cloth_sheet_desc.masses is (1.2e-38 to 1e9; a fixed node's value
// is not read). The cloth steps on exactly as one seeded with these masses
// would from its current state: positions and velocities are kept, so a
// node's momentum changes with its mass. All or nothing. Wakes the cloth.
// Allocates (the cloth's derived tables are rebuilt): a call between
// steps, not one per frame. Per-cloth.
// Refuses: OUT_OF_RANGE when first + count exceeds the node count;
// NON_FINITE for a free node's mass that is not finite; INVALID_ARGUMENT
// for one ≤ 0.
cloth_status cloth_set_masses(cloth_world world,
                              cloth_id cloth,
                              uint32_t first,
                              const float *masses,
                              size_t count);

// Removes every anim drive the cloth has. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_clear_anim_drive(cloth_world world, cloth_id cloth);

// Adds world-space impulses, N·s: `impulses[i]` to node `nodes[i]`, for
// `count` entries (a node may appear more than once; its impulses add). A
// free node's velocity changes by its summed impulse / mass at once — a
// hit, an explosion's push. A change faster than one trust region an
// iteration (its shortest edge × substeps × iterations / dt: 9.6 m/s on
// 2 cm links at 2 × 4) is shared as one velocity by the nodes around it,
// as many rings as it takes: a bullet's momentum on one node pushes the
// patch it hits, momentum kept while the cloth has the mass to take it at
// that speed, links within ~1.3×. A fixed node does not move. All or
// nothing: a refused call changes no node. Wakes the cloth. Allocates
// nothing after the first call on a thread and the cloth's first hit
// past the bound. Per-cloth.
// Refuses: OUT_OF_RANGE for a node past the cloth's nodes; NON_FINITE for
// an impulse that is not finite; INVALID_ARGUMENT for an impulse component
// beyond ±CLOTH_MAX_COORDINATE.
cloth_status cloth_apply_impulses(cloth_world world,
                                  cloth_id cloth,
                                  const uint32_t *nodes,
                                  const cloth_vec3 *impulses,
                                  size_t count);

// Changes a cloth's dynamics (nothing in them needs a reseed; a change
// wakes the cloth). Per-cloth.
// Refuses: INVALID_ARGUMENT for a dt over 0.5 s on a cloth at
// CLOTH_DETAIL_HALF_RATE (its step of 2·dt would pass 1 s).
cloth_status cloth_set_dynamics(cloth_world world, cloth_id cloth, const cloth_dynamics *dynamics);

// Sets a cloth's drag and lift coefficients (dimensionless, each 0..=10).
// A triangle moving through the air at u (relative to it) with unit normal
// n and area A feels −½ρ·A·[drag·|u·n|·u + lift·(u·n/|u|)·(|u|²n −
// (u·n)u)]; a segment of a tree, −½ρ·drag·d·L·|u⊥|·u⊥ with d twice the
// contact offset (dynamics.thickness). They act only in air
// (cloth_world_set_air, cloth_set_air). A cloth created from a library
// entry has the entry's (cloth_preset_aerodynamics), one from
// CLOTH_PRESET_CUSTOM drag 1, lift 0.3; cloth_set_dynamics keeps them. A
// change wakes the cloth. Per-cloth.
// Refuses: NON_FINITE for a coefficient that is NaN or infinite;
// INVALID_ARGUMENT for one outside 0..=10 (nothing changes).
cloth_status cloth_set_aerodynamics(cloth_world world, cloth_id cloth, double drag, double lift);

// A cloth's drag and lift coefficients. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_get_aerodynamics(cloth_world world, cloth_id cloth, double *out_drag, double *out_lift);

// Sets a cloth's own air, read during the call: a local wind (a fan, a
// slipstream) on top of the world's (cloth_world_set_air) — winds and
// turbulence add, the density is the larger of the two. A cloth starts
// with none. A change wakes the cloth; a cloth in turbulence never sleeps.
// Per-cloth.
// Refuses: NON_FINITE for a float that is NaN or infinite;
// INVALID_ARGUMENT for one out of its range (cloth_air; nothing changes).
cloth_status cloth_set_air(cloth_world world, cloth_id cloth, const cloth_air *air);

// Sets a cloth's switches and thresholds (cloth_controls: tethers, sleep,
// the sleep speed, the teleport distance, the anchor acceleration limit).
// A change wakes the cloth.
// Per-cloth.
// Refuses: INVALID_ARGUMENT for a flag neither 0 nor 1 or a value out of
// its range; NON_FINITE for a value that is not finite.
cloth_status cloth_set_controls(cloth_world world, cloth_id cloth, const cloth_controls *controls);

// A cloth's current switches and thresholds. Set
// `out_controls->struct_size` first (cloth_default_controls() does): as
// many bytes as that version has are written. Per-cloth.
// Refuses: STRUCT_SIZE for a struct_size no version of cloth_controls has.
cloth_status cloth_get_controls(cloth_world world, cloth_id cloth, cloth_controls *out_controls);

// A cloth's current dynamics. Set `out_dynamics->struct_size` first
// (cloth_default_dynamics() does): as many bytes as that version has are
// written. Per-cloth.
// Refuses: STRUCT_SIZE for a struct_size no version of cloth_dynamics has.
cloth_status cloth_get_dynamics(cloth_world world, cloth_id cloth, cloth_dynamics *out_dynamics);

// Sets a cloth's level of detail (CLOTH_DETAIL_FULL, _REDUCED, _HALF_RATE
// or _FROZEN; each constant says what it does) from its next step on. A
// change never pops what reads show: stepped by cloth_world_step it is
// seamless (out of half rate, after the second frame of the pair); under
// cloth_world_advance, where a half-rate cloth's reads run a step of 2·dt
// behind the host, a change into or out of half rate is blended over 4·dt
// of host time. A sleeping cloth stays asleep; a frozen one keeps its
// velocities and carries on from them. With a frame budget set
// (cloth_world_set_budget) the next step chooses the level again.
// Per-cloth.
// Refuses: INVALID_ENUM for a `level` that is no CLOTH_DETAIL_* value;
// INVALID_ARGUMENT for CLOTH_DETAIL_HALF_RATE when the cloth's dt is over
// 0.5 s (a step of 2·dt would pass 1 s; nothing changes); WRONG_PHASE
// inside begin_step / end_step.
cloth_status cloth_set_detail(cloth_world world, cloth_id cloth, uint32_t level);

// A cloth's level of detail (a CLOTH_DETAIL_* value): the level its last
// step ran at — with a frame budget, the one the budget chose — or the one
// cloth_set_detail set since. A cloth the budget moved to half rate that
// waits, frozen, for its pair's frame reads CLOTH_DETAIL_HALF_RATE, as a
// half-rate cloth does between its steps (its report is idle). Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_get_detail(cloth_world world, cloth_id cloth, uint32_t *out_level);

// Sets a cloth's priority for the frame budget (cloth_world_set_budget):
// higher gets more detail. Any finite value: a host might pass minus the
// distance to the camera, or its inverse, raised for a cloth on screen.
// A cloth starts at 0; ties go to the lower cloth_id.index. Read when a step
// begins, so it may be set at any time, between begin_step and end_step
// too (for the next step). Per-cloth.
// Refuses: NON_FINITE for a `priority` that is NaN or infinite.
cloth_status cloth_set_priority(cloth_world world, cloth_id cloth, double priority);

// A cloth's priority for the frame budget. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_get_priority(cloth_world world, cloth_id cloth, double *out_priority);

// Wakes a sleeping cloth at its next step. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_wake(cloth_world world, cloth_id cloth);

// Treats the cloth's next step as a teleport (the host cut to another
// place): its dynamics' teleport mode applies. A frozen cloth
// (CLOTH_DETAIL_FROZEN) teleports at its first step after it leaves the
// level. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_teleport(cloth_world world, cloth_id cloth);

// The number of nodes (particles) of a cloth: the length output buffers
// need. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_node_count(cloth_world world, cloth_id cloth, uint32_t *out_count);

// Writes every node's position into `out` (`capacity` entries, at least
// the node count) in `space`: CLOTH_SPACE_WORLD or CLOTH_SPACE_CLOTH. Per-cloth.
// Refuses: INVALID_ENUM for any other `space`; BUFFER_TOO_SMALL when
// `capacity` is below the node count.
cloth_status cloth_read_positions(cloth_world world,
                                  cloth_id cloth,
                                  uint32_t space,
                                  cloth_vec3f *out,
                                  size_t capacity);

// Writes positions, normals and tangents of a range of nodes into `out`
// (`out_bytes` bytes) at the stride and offsets `layout` gives (see
// cloth_vertex_layout), converted and checked before the first byte is
// written. Normals and tangents cost a pass over the triangles (and on a
// tree, the node rotations cloth_read_node_poses fits). Per-cloth.
// Refuses: INVALID_ENUM for a `space` other than CLOTH_SPACE_WORLD or
// _CLOTH; OUT_OF_RANGE when the range runs past the cloth's nodes (or the
// render mesh's vertices), a node_map entry names no node, render_mesh
// names none attached, or a layout of the earlier size (no
// node_map_count) asks for map entries past 2³²; INVALID_ARGUMENT when no field is present, a field
// does not fit in the stride, two fields overlap, a node_map comes with
// CLOTH_ALL_NODES, or both a node_map and a render_mesh are given;
// BUFFER_TOO_SMALL when `out_bytes` is shorter than the write or
// first_node + node_count passes node_map_count.
cloth_status cloth_read_vertices(cloth_world world,
                                 cloth_id cloth,
                                 const cloth_vertex_layout *layout,
                                 void *out,
                                 size_t out_bytes);

// Binds a render mesh — the mesh the engine draws, finer than the
// simulated sheet or just different — to the sheet: `vertex_count` bind
// positions in the anchor frame, in the sheet's bind pose. Each vertex is
// attached to its nearest triangle (barycentric coordinates, and an offset
// carried in the triangle's frame); a vertex at a node's bind position is
// that node exactly. Writes the mesh's number into `out_mesh` (1 for the
// first mesh attached, then 2, …): pass it as
// cloth_vertex_layout.render_mesh to cloth_read_vertices. The mesh lives as
// long as the cloth (there is no detach). Allocates (not for every frame).
// Per-cloth.
// Refuses: INVALID_ARGUMENT when the cloth has no triangles (a tree: draw
// it from its node poses) or `vertex_count` is 0.
cloth_status cloth_attach_render_mesh(cloth_world world,
                                      cloth_id cloth,
                                      const cloth_vec3f *positions,
                                      size_t vertex_count,
                                      uint32_t *out_mesh);

// Writes the cloth's cooked blob — what seeding derived from its mesh
// (welded, if it was), its render meshes (with their numbers) and its
// self-collision setup, never its state or dynamics — into `out`,
// `capacity` bytes, and its size into `out_size`. Pass `out` NULL and
// `capacity` 0 to learn the size first. Save the bytes with the asset and
// create the same cloth later with cloth_create_from_cooked, without
// seeding; a weld map is not in the blob (save it beside it). The blob is
// little-endian on every machine and checksummed. Allocates. Per-cloth.
// Refuses: BUFFER_TOO_SMALL when `capacity` is below the size (the message
// gives it); NULL_POINTER when `out` is NULL and `capacity` is not 0.
cloth_status cloth_cook(cloth_world world, cloth_id cloth, uint8_t *out, size_t capacity, size_t *out_size);

// Creates a cloth from a blob cloth_cook wrote (by this library or another
// build of the same format), `blob_size` bytes, read during the call: the
// cloth seeding its mesh gives, bit for bit, with desc's preset or
// dynamics (any: the blob holds none), anchor, colliders and bind-pose
// check as every create takes them, and the render meshes it was cooked
// with under their numbers. Exclusive.
// Refuses: BAD_BLOB for bytes that are not a cooked cloth, a blob of
// another format version, a truncated or corrupt one (its checksum), one
// with bytes after its end (blob_size past the size cloth_cook wrote) or
// an inconsistent one — the message says which; SEED_FAILED as
// cloth_create_sheet for a node inside a collider (desc.bind_pose_check).
cloth_status cloth_create_from_cooked(cloth_world world,
                                      const uint8_t *blob,
                                      size_t blob_size,
                                      const cloth_desc *desc,
                                      cloth_id *out_cloth);

// Writes every node's world pose into `out_world` and its local pose
// (relative to its parent node; roots relative to the anchor) into
// `out_local`, `capacity` entries each (at least the node count). Either
// buffer may be NULL (not both, unless `capacity` is 0). A tree's and a
// rig's rotations are fitted to their links; a sheet's nodes carry none
// (each local pose is its position in the anchor frame with the identity
// rotation, so its world rotation is the anchor's): read a sheet's
// normals and tangents with cloth_read_vertices. Per-cloth.
// Refuses: NULL_POINTER when both are NULL and `capacity` is not 0;
// BUFFER_TOO_SMALL when `capacity` is below the node count.
cloth_status cloth_read_node_poses(cloth_world world,
                                   cloth_id cloth,
                                   cloth_pose *out_world,
                                   cloth_pose *out_local,
                                   size_t capacity);

// How the cloth stands now (cloth_stats), measured during the call from
// its current state: O(rows), so a debug overlay's or a test's call, not
// one per frame per cloth in a shipped game. Set `out->struct_size` first.
// Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_read_stats(cloth_world world, cloth_id cloth, cloth_stats *out);

// What the cloth's last step did (its last cloth_world_step, begin/end
// pair or cloth_world_advance, as one frame: cloth_step_report.steps). Set
// `out->struct_size` first. Per-cloth.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_last_step_report(cloth_world world, cloth_id cloth, cloth_step_report *out);

// Creates an empty collider set. Several cloths (a character's cape and
// its rope) may collide with one set. Exclusive.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_collider_set_create(cloth_world world, cloth_collider_set_id *out_set);

// Destroys a collider set and its colliders. Exclusive.
// Refuses: IN_USE while a cloth collides with the set.
cloth_status cloth_collider_set_destroy(cloth_world world, cloth_collider_set_id set);

// Adds a collider to a set at `desc.pose`. Exclusive.
// Refuses: OUT_OF_RANGE when the set already holds 65,535 colliders (the
// most one set holds).
cloth_status cloth_collider_create(cloth_world world,
                                   cloth_collider_set_id set,
                                   const cloth_collider_desc *desc,
                                   cloth_collider_id *out_collider);

// Sets a collider's world pose for this frame (it sweeps from its previous
// pose). Exclusive.
// Refuses: INVALID_ARGUMENT for a rotation not unit within 1e-3.
cloth_status cloth_collider_set_pose(cloth_world world, cloth_collider_id collider, const cloth_pose *pose);

// Gives a collider another shape: `desc`'s shape and dimensions (its pose
// is not read: the collider keeps its pose and this frame's travel). The
// id stays valid; a cloth asleep where the new shape reaches wakes at its
// next step. Exclusive.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_collider_set_shape(cloth_world world,
                                      cloth_collider_id collider,
                                      const cloth_collider_desc *desc);

// Moves a collider without travel (previous and current pose both set): a
// placement, not a motion. A cloth asleep where the collider stood or now
// stands wakes at its next step. Exclusive.
// Refuses: INVALID_ARGUMENT for a rotation not unit within 1e-3.
cloth_status cloth_collider_place(cloth_world world, cloth_collider_id collider, const cloth_pose *pose);

// Destroys a collider; a cloth asleep where it stood wakes at its next
// step. Exclusive.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_collider_destroy(cloth_world world, cloth_collider_id collider);

// The identity pose.
// Refuses: nothing (it returns no cloth_status).
cloth_pose cloth_pose_identity(void);

// A frame budget of 2 core-milliseconds at the world's price of a unit of
// work (unit_ns 0: CLOTH_WORK_UNIT_NS, or what it learned), full detail
// taking all it fits
// (full_share 1): a start, to set from the host's own frame.
// Refuses: nothing (it returns no cloth_status).
cloth_frame_budget cloth_default_frame_budget(void);

// A world description with every field at its default (no threads).
// Refuses: nothing (it returns no cloth_status).
cloth_world_desc cloth_default_world_desc(void);

// The solver's default dynamics: a neutral start for custom dynamics, not a
// fabric — COTTON's budget (2 substeps × 4 iterations, 60 Hz), bend and
// thickness, but damping 0, inertia 1, no slack, no self-collision and no
// strain limit (a hanging chain sags 5.8 % more than CHAIN's). For a
// fabric start from cloth_preset_dynamics.
// Refuses: nothing (it returns no cloth_status).
cloth_dynamics cloth_default_dynamics(void);

// Still air at sea level (1.225 kg/m³), no wind, no turbulence.
// Refuses: nothing (it returns no cloth_status).
cloth_air cloth_default_air(void);

// A cloth description: COTTON, no collider set, anchor at the identity,
// bind-pose check on.
// Refuses: nothing (it returns no cloth_status).
cloth_desc cloth_default_desc(void);

// An empty sheet description (fill in the counts and arrays).
// Refuses: nothing (it returns no cloth_status).
cloth_sheet_desc cloth_default_sheet_desc(void);

// World-space positions of every node, packed (stride 12, no normal or
// tangent).
// Refuses: nothing (it returns no cloth_status).
cloth_vertex_layout cloth_default_vertex_layout(void);

// An empty tree description.
// Refuses: nothing (it returns no cloth_status).
cloth_tree_desc cloth_default_tree_desc(void);

// An empty rig description.
// Refuses: nothing (it returns no cloth_status).
cloth_rig_desc cloth_default_rig_desc(void);

// A collider description: a sphere of radius 0.1 m at the identity pose.
// Refuses: nothing (it returns no cloth_status).
cloth_collider_desc cloth_default_collider_desc(void);

// The dynamics of a library entry (CLOTH_PRESET_SILK … CLOTH_PRESET_HAIR),
// to start a CLOTH_PRESET_CUSTOM description from. Set `out->struct_size`
// first (cloth_default_dynamics() does): as many bytes as that version has
// are written.
// Refuses: INVALID_ENUM for a `preset` that is no library entry
// (CLOTH_PRESET_CUSTOM included); STRUCT_SIZE for a struct_size no version
// of cloth_dynamics has.
cloth_status cloth_preset_dynamics(uint32_t preset, cloth_dynamics *out);

// The drag and lift coefficients of a library entry (what
// cloth_set_aerodynamics takes; a cloth created from the entry has them).
// Refuses: INVALID_ENUM for a `preset` that is no library entry
// (CLOTH_PRESET_CUSTOM included).
cloth_status cloth_preset_aerodynamics(uint32_t preset, double *out_drag, double *out_lift);

// The areal density a library entry's proxy was sized at, kg/m² (what
// cloth_masses_from_density takes to give a mesh the entry's weight).
// Refuses: INVALID_ENUM for a `preset` that is no library entry
// (CLOTH_PRESET_CUSTOM included).
cloth_status cloth_preset_density(uint32_t preset, double *out_density);

// The default controls: tethers and sleep on, sleep speed 1e-3 per metre
// of reach, the automatic teleport distance, an anchor acceleration felt up
// to 600 m/s².
// Refuses: nothing (it returns no cloth_status).
cloth_controls cloth_default_controls(void);

// The library's ABI version: equal to CLOTH_ABI_VERSION in the header the
// host was compiled with, or the two disagree about some struct or function.
// Refuses: nothing (it returns no cloth_status).
uint32_t cloth_abi_version(void);

// The library's version, "major.minor.patch" (a static string).
// Refuses: nothing (it returns no cloth_status).
const char *cloth_version(void);

// 1 when this CPU runs this library, else 0. The shipped build targets the
// x86-64 baseline (SSE2, which every x86-64 CPU has), so it answers 1 on any
// x86-64 CPU, and its AVX2 kernels are chosen at run time (cloth_cpu_path).
// A build made for a higher level (RUSTFLAGS="-C target-cpu=x86-64-v3")
// answers 0 on a CPU without that level, checked with CPUID, but its own code
// may already have executed such an instruction: ship the default build.
// (Worlds also check, and refuse with CLOTH_STATUS_UNSUPPORTED_CPU.)
// Refuses: nothing (it returns no cloth_status).
uint32_t cloth_cpu_supported(void);

// Which kernels the library's steps run on this CPU. Where CPUID reports
// AVX2 and XGETBV shows that the operating system saves the AVX registers:
// CLOTH_CPU_PATH_AVX2_PACKED on an AMD CPU, CLOTH_CPU_PATH_AVX2 on any
// other; else CLOTH_CPU_PATH_BASELINE. All give the same bits; they differ
// in speed only. The environment variable CLOTH_CPU_PATH (baseline, avx2 or
// avx2-packed) forces one, the AVX2 ones only where AVX2 runs (read once,
// when the library first needs the answer).
// Executes no instruction the CPU lacks.
// Refuses: nothing (it returns no cloth_status).
uint32_t cloth_cpu_path(void);

// Creates a world. `desc` is read during the call; `*out_world` receives the
// handle. Destroy it with cloth_world_destroy.
// Refuses: UNSUPPORTED_CPU when cloth_cpu_supported() is 0; INTERNAL when
// the system will not start `desc.threads` threads.
cloth_status cloth_world_create(const cloth_world_desc *desc, cloth_world *out_world);

// Destroys a world: every cloth, collider set and collider in it, and its
// threads (joined before this returns). A second destroy, or any later use
// of the handle, is CLOTH_STATUS_INVALID_WORLD. Calls already running on the
// world on other threads finish first (the memory lives until they do).
// Refuses: only as every function does (ERRORS); it is not refused between
// begin_step and end_step.
cloth_status cloth_world_destroy(cloth_world world);

// Starts a frame: every collider's previous pose becomes its current one,
// so a collider not moved this frame has no travel. Call it before setting
// this frame's collider poses. Exclusive.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_world_begin_frame(cloth_world world);

// Moves the world's origin under everything in it, as an engine rebasing
// a level far from its origin does (Unreal's world origin rebasing, a
// floating origin): every cloth's anchor and every collider — current and
// previous poses, and what cloth_world_advance keeps — moves by `shift`
// (world, m; new = old + shift), so nothing travels, no cloth teleports
// and nothing moves in a cloth's frame; turbulence stays with the content.
// Call it when the engine rebases, between frames, then set this frame's
// (shifted) anchor and collider poses as usual. Setting shifted poses
// without it reads as a jump of the whole shift (a teleport). Exclusive.
// Refuses: NON_FINITE for a component that is not finite;
// INVALID_ARGUMENT for a shift that would put an anchor or a collider past
// ±CLOTH_MAX_COORDINATE m; WRONG_PHASE between begin_step and end_step.
// A refused shift changes nothing.
cloth_status cloth_world_shift_origin(cloth_world world, const cloth_vec3 *shift);

// Steps every cloth of the world once, on the world's threads (or the
// calling thread when it has none), largest first. The result is
// bit-identical whatever the thread count. Exclusive.
// Refuses: INTERNAL when a bug was caught in a cloth's step (reported once,
// after every other cloth has stepped; that cloth is skipped from then on).
cloth_status cloth_world_step(cloth_world world);

// Advances every cloth by `seconds` of host time, for a host whose frame
// rate varies: each cloth runs the fixed steps of its dt that fit in the
// time it has carried over plus `seconds` — at most
// CLOTH_MAX_CATCH_UP_STEPS (the rest of a longer frame, a hitch, is
// dropped) — each with its
// anchor pose interpolated between the one set before the last advance and
// the one set for now (set the anchor poses for now first). Afterwards the
// reads (positions, vertices, node poses) show each cloth's shape between
// its last two fixed steps at the time carried over — one fixed step
// behind the host's time, never extrapolated — carried by the anchor pose
// set for now, so the garment rides with its character; until the next
// step. Fixed steps are those cloth_world_step runs: ticking at 144 Hz or
// 60 Hz gives the same states at the same steps (bit for bit on a still
// anchor, within 0.1 mm on a moving one). Exclusive.
// Refuses: NON_FINITE for a `seconds` that is NaN or infinite;
// INVALID_ARGUMENT for a negative one; INTERNAL as cloth_world_step.
cloth_status cloth_world_advance(cloth_world world, double seconds);

// Sets the air of the whole world, read during the call: its density, mean
// wind and turbulence (cloth_air), which every cloth feels on top of its
// own (cloth_set_air). A world starts with none (density 0: drag and lift
// do nothing). A change wakes every cloth. Exclusive.
// Refuses: NON_FINITE for a float that is NaN or infinite;
// INVALID_ARGUMENT for one out of its range (nothing changes);
// WRONG_PHASE inside begin_step / end_step.
cloth_status cloth_world_set_air(cloth_world world, const cloth_air *air);

// Sets the world's frame budget, read during the call (cloth_frame_budget):
// from the next cloth_world_step, cloth_world_advance or
// cloth_world_begin_step on, each of them first chooses every cloth's level
// of detail, overriding cloth_set_detail. Cloths go by priority
// (cloth_set_priority), highest first, ties to the lower cloth_id.index,
// in bands of falling detail: CLOTH_DETAIL_FULL while it fits in
// full_share of the budget, then _HALF_RATE while it fits in the rest, the
// rest _FROZEN; what is left then raises
// half-rate cloths to _REDUCED, in priority order. No cloth gets more
// detail than one of higher priority. Every cloth's step costs
// CLOTH_STEP_UNITS at any level; a cloth asleep for 30 steps in a row
// costs nothing more (one that dozes for a step is charged its level, so
// the room it leaves does not flicker another cloth's level).
// A cloth entering half rate enters it now or, frozen until one fixed step
// has passed, then, whichever puts its steps where half-rate work is less
// so far (in priority order), so half rate's work splits evenly between
// the two steps of a pair (under cloth_world_advance, the two halves of
// its 2·dt of host time). One whose dt is over 0.5 s is frozen instead.
// Under cloth_world_advance a frame's work is a step's times the fixed
// steps the host's frame holds (at least 1, at most 4). The world never times itself: the same
// budget and priorities give the same levels, and the same bits, on every
// machine. Exclusive.
// Refuses: NON_FINITE for a field that is NaN or infinite;
// INVALID_ARGUMENT for core_ms or unit_ns outside 0..=1e6 or full_share
// outside 0..=1 (nothing changes); WRONG_PHASE inside begin_step /
// end_step.
cloth_status cloth_world_set_budget(cloth_world world, const cloth_frame_budget *budget);

// Removes the world's frame budget: each cloth keeps the level its last
// step ran at until cloth_set_detail changes it. A world starts with none.
// Exclusive.
// Refuses: WRONG_PHASE inside begin_step / end_step.
cloth_status cloth_world_clear_budget(cloth_world world);

// Tells the world what its last step took, in core-milliseconds: the wall
// time of cloth_world_step (or _advance, or a begin_step / end_step pair)
// times the threads it could use — the world's `threads` (1 for 0, the
// calling thread), or for a begin/end pair the host's workers that ran
// its steps, counted no more than the cores they ran on (4 workers on 2
// cores are 2) — idle time included: the budget's own unit. With a budget set, the world moves the
// world's price of a unit (cloth_frame_budget.unit_ns) a quarter of the way to
// what a unit of work cost — the median of the last three reports', so one
// slow frame (a page fault, the host preempted) is passed over — taken at
// most twice or half the price it had: a report moves it +25 % or −12.5 %
// at most, so a run of slow frames does not freeze a crowd, and it stays within 0.001..=1e6 ns. The
// next steps choose levels at that price, taking a rise at once and a fall
// once every 30 reports (half a second at 60 Hz), to the highest price of
// those 30 and only past 5 %: a frame's noise does not flicker a cloth at
// a band's edge, and the frame time keeps within core_ms on any machine
// and garment (below it on average by about what the noise adds). The units counted are those of the fixed
// steps that ran: under cloth_world_advance a frame that ran none changes
// nothing (the budget is a frame's there: cloth_frame_budget).
// cloth_world_get_budget reads
// the price back.
// The levels then depend on the times reported, and are the same for the
// same reports. A step's fixed cost (the pool waking, some µs) is not
// priced, so a crowd with next to nothing to simulate reads a higher
// price. Without a budget, or before any step has run, nothing changes;
// nor for a core_ms of 0, a frame that ran nothing (a paused game that
// skipped its step). Exclusive.
// Refuses: NON_FINITE for a core_ms that is NaN or infinite;
// INVALID_ARGUMENT for one below 0 or over 1e6; WRONG_PHASE inside
// begin_step / end_step.
cloth_status cloth_world_observe_step(cloth_world world, double core_ms);

// cloth_world_observe_step from the wall time of cloth_world_step or
// cloth_world_advance, ms: the world multiplies it by the threads it steps
// on (its `threads`, 1 for 0). A begin_step / end_step pair runs on the
// host's threads, which the world does not know: report it with
// cloth_world_observe_step (0: nothing learned). Exclusive.
// Refuses: NON_FINITE for a wall_ms that is NaN or infinite;
// INVALID_ARGUMENT for one below 0, or over 1e6 core-ms once multiplied;
// WRONG_PHASE inside begin_step / end_step.
cloth_status cloth_world_observe_step_wall(cloth_world world, double wall_ms);

// The world's frame budget: `*out_enabled` is 1 and `*out_budget` the
// budget set, or, with none, 0 and a budget of zeros. Set
// `out_budget->struct_size` first (cloth_default_frame_budget() does): as
// many bytes as that version has are written. Runs beside the per-cloth
// calls.
// Refuses: STRUCT_SIZE for a struct_size no version of cloth_frame_budget
// has.
cloth_status cloth_world_get_budget(cloth_world world, cloth_frame_budget *out_budget, uint32_t *out_enabled);

// Opens a host-driven step: then cloth_world_step_cloth for each cloth to
// advance (any threads, each cloth at most once), then cloth_world_end_step.
// In between, colliders and the set of cloths are frozen. Exclusive.
// Refuses: WRONG_PHASE when a step is already open.
cloth_status cloth_world_begin_step(cloth_world world);

// Opens a host-driven advance by `seconds` of host time, for a host that
// spreads its cloths over its own threads (a job system) and whose frame
// rate varies: then cloth_world_step_cloth advances each cloth as
// cloth_world_advance does — the fixed steps that fit, the reads
// interpolated — bit for bit, then cloth_world_end_step. Exclusive.
// Refuses: NON_FINITE for a `seconds` that is NaN or infinite;
// INVALID_ARGUMENT for a negative one; WRONG_PHASE when a step is already
// open.
cloth_status cloth_world_begin_advance(cloth_world world, double seconds);

// Steps one cloth inside begin_step / end_step (advances it, after
// cloth_world_begin_advance). May run concurrently from
// several threads for distinct cloths of one world. Per-cloth; a call on
// the same cloth in flight on another thread (a read) is waited for, never
// BUSY, so a step is not lost to a read.
// Refuses: WRONG_PHASE outside begin_step / end_step, or for a cloth
// already stepped since begin_step.
cloth_status cloth_world_step_cloth(cloth_world world, cloth_id cloth);

// Closes a host-driven step (cloths not stepped in it did not advance).
// Exclusive.
// Refuses: WRONG_PHASE when no step is open.
cloth_status cloth_world_end_step(cloth_world world);

// The number of live cloths in the world.
// Refuses: only as every function does (ERRORS).
cloth_status cloth_world_cloth_count(cloth_world world, uint32_t *out_count);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* CLOTH_H */
