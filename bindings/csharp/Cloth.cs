// Cloth.cs — the C# binding of include/cloth.h for Unity and Mono, ABI version 1. One file: copy it
// into Assets/ (it needs "Allow 'unsafe' code": the player setting, or allowUnsafeCode in an asmdef).
//
// Two layers, in namespace ClothSim:
//
// - The raw layer (ClothNative and the Cloth* structs) mirrors the header one to one, checked against
//   it by ffi/tests/csharp.rs (every exported function bound with the same parameter names, count and
//   types; every struct with the same fields in the same order; every constant and status with the
//   same value), so the two cannot drift. Read the header's essay for ownership, threads and units; it
//   applies here unchanged.
// - The safe layer (SimWorld, SimCloth, SimColliderSet, and ClothPreset with its ClothPresets
//   methods) owns handles (IDisposable), takes every output capacity from the array's or span's own
//   length, throws ClothException on a refusal, and reads float positions and float poses. It
//   allocates nothing per frame (ffi/tests/mono.rs measures it).
//
// Names. Every type is ClothX for the header's cloth_x (the cloth_ prefix kept) or SimX, and the
// namespace is ClothSim: nothing here shares a name with UnityEngine (UnityEngine.Cloth,
// UnityEngine.Pose) or Unity.Entities (World), so `using UnityEngine; using ClothSim;` compiles and
// `Cloth` and `Pose` still mean Unity's (ffi/tests/mono.rs compiles this file beside stand-ins).
//
// How the raw layer crosses the boundary (the same on Mono, .NET, IL2CPP and Burst):
//
// - Every pointer is a pointer. A single struct read or written by the call is `ref` or `out`; an
//   array is a typed pointer (ClothVec3f*, ClothPose*). Never `in`: Mono's mcs compiles an `in`
//   parameter (C# 7.2) as a by-value copy, and the library then reads the struct's bytes as an address.
// - Handles (ClothWorld, ClothId, ClothColliderSetId) are one ulong: the header's
//   { uint32_t index; uint32_t generation; } with the index in the low 32 bits and the generation in
//   the high 32 (little-endian, as every Unity platform is). An 8-byte aggregate of integers and a
//   uint64_t travel alike on x86-64 System V and Win64 and on AArch64 (one integer register, or the
//   same 8 bytes of stack), and the ABI itself is unchanged; ffi/tests/mono.rs runs every handle
//   through the library (a handle with its halves swapped is refused). On 32-bit ARM the ulong's
//   8-byte alignment (the C struct's is 4) would move a handle that followed an odd number of 4-byte
//   arguments to the next even register: in every function the handles come first, and
//   ffi/tests/csharp.rs keeps it so. One integer field is also
//   what Burst's documentation requires of a struct passed by value to a DllImport, so a Burst job
//   can call cloth_world_step_cloth(world, id) (two handles; the status is an enum over uint) with
//   no managed code in between — not compiled by Burst here: CI has no Unity. ClothColliderId stays
//   the header's three fields (its set, then index and generation): 16 bytes, passed by value by
//   every ABI above alike (collider calls are exclusive, made from the main thread, not from jobs).
// - Structs are blittable (uint, ulong, double, float, IntPtr and nested structs only; no bool — the
//   ABI has none). Flags are uint 0/1; C enums are uint constants (CLOTH_PRESET_*, CLOTH_SHAPE_*, …);
//   a status is ClothStatus, an enum over uint.
// - Descriptors begin with struct_size: start from ClothNative.cloth_default_*, which fill it. Arrays
//   inside descriptors are IntPtr: pin them for the duration of the create call (the safe layer does).
// - Output buffers are caller-owned pointers with their capacity in elements. The raw layer cannot
//   check a pointer against a capacity; the safe layer passes the array's or span's own length.
//
// Span<T>. The Span overloads are compiled where Span exists: Unity 2021.2 and later, and outside
// Unity (Mono 6 and .NET Core have it in their core library); define CLOTH_NO_SPAN for an older
// runtime. Everything else (arrays, pointers) compiles everywhere, including mcs at its default
// language level (C# 7.0): no `in`, no `ref readonly`, no pattern-based `fixed`.
//
// Unity. Behind UNITY_5_3_OR_NEWER: Vector3/Quaternion conversions (ClothUnity), Vector3[] and
// NativeArray<Vector3> overloads (Vector3 is laid out as ClothVec3f), and SimWorld/SimCloth members
// taking Vector3 and Quaternion.
//
// Loading: the library is "cloth" (libcloth.so / libcloth.dylib / cloth.dll under Assets/Plugins).
// With IL2CPP on iOS and WebGL native code is linked statically into the player: the import name is
// then "__Internal", which the #if in ClothNative selects; ship libcloth.a for those targets.
// One library runs on every x86-64 CPU: AVX2 kernels where the CPU has them, chosen at run time
// (ClothNative.cloth_cpu_path()), the same bits either way.

#if UNITY_2021_2_OR_NEWER || (!UNITY_5_3_OR_NEWER && !CLOTH_NO_SPAN)
#define CLOTH_SPAN
#endif

using System;
using System.Runtime.InteropServices;
#if UNITY_5_3_OR_NEWER
using Unity.Collections;
using Unity.Collections.LowLevel.Unsafe;
using UnityEngine;
#endif

namespace ClothSim
{
    // What a call did (cloth_status): 0 is Ok, every other value a stable, numbered refusal.
    public enum ClothStatus : uint
    {
        // Success: every out-parameter and output buffer was written.
        Ok = 0,
        // A required pointer was NULL.
        NullPointer = 1,
        // The world handle is not a live world (destroyed, or never created).
        InvalidWorld = 2,
        // A cloth, collider set or collider id is not live in this world
        // (destroyed, or issued by another world).
        StaleId = 3,
        // An output buffer is shorter than the cloth's node count; nothing was
        // written.
        BufferTooSmall = 4,
        // An index or a count runs past the end of what it indexes (a node
        // index, first + count).
        OutOfRange = 5,
        // A value is outside its documented range, a 0/1 flag is neither, a
        // pointer is misaligned, or a rotation is not a unit quaternion.
        InvalidArgument = 6,
        // A float is NaN or infinite.
        NonFinite = 7,
        // A uint32_t enum argument has no such value.
        InvalidEnum = 8,
        // A descriptor's struct_size is not a size this library knows.
        StructSize = 9,
        // The cloth could not be seeded from its description (the message names
        // the node, triangle or row).
        SeedFailed = 10,
        // Not allowed in this phase: between begin_step and end_step (or a
        // step_cloth / end_step outside them, or a cloth stepped twice).
        WrongPhase = 11,
        // Another thread is inside a call on this cloth right now.
        Busy = 12,
        // The collider set is still used by a cloth.
        InUse = 13,
        // This CPU lacks an instruction set the library was built for (see
        // cloth_cpu_supported).
        UnsupportedCpu = 14,
        // An internal error was caught (a bug: please report the message). It is
        // contained to the cloth it happened in: every later call naming that
        // cloth returns this too, until cloth_destroy (which succeeds); the world
        // and its other cloths keep working. cloth_world_step reports it once,
        // in the step it happened in, after stepping every other cloth.
        Internal = 15,
        // A cooked blob was refused (cloth_create_from_cooked): not a blob,
        // cooked by a library of another format version (cook it again from
        // the mesh), truncated or corrupt (its checksum), followed by bytes
        // past its end, or inconsistent; the message says which.
        BadBlob = 16,
    }

    // ---- the header's structs, in its order

    // cloth_world: a world (index | generation << 32, never 0).
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothWorld
    {
        public ulong packed;

        public uint Index { get { return (uint)packed; } }
        public uint Generation { get { return (uint)(packed >> 32); } }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothVec3f
    {
        public float x;
        public float y;
        public float z;

        public ClothVec3f(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothSheetDesc
    {
        // Its size in bytes, sizeof(ClothSheetDesc): cloth_default_sheet_desc() sets it.
        public uint struct_size;
        // Nodes (particles), ≥ 1.
        public uint node_count;
        // Triangles.
        public uint triangle_count;
        // node_count bind positions in the anchor frame, m.
        public IntPtr positions;
        // node_count masses, kg (read for free nodes: from 1.2e-38, the
        // smallest normal float, to 1e9). A fabric's: its density, kg/m², times a third of
        // the area of the triangles round the node (the presets were sized at
        // silk 0.06, cotton 0.15, denim 0.4, leather 0.9 kg/m²).
        public IntPtr masses;
        // node_count flags: 1 = fixed to its animated position, 0 = free. May be
        // NULL: every node free (then nothing holds the sheet).
        public IntPtr @fixed;
        // 3 × triangle_count node indices, counter-clockwise seen from the front (the side normals face).
        public IntPtr triangles;
        // Welds nodes whose bind positions lie within this distance, m (0: no welding), for a mesh
        // exported with seams. Per-node calls then take welded node indices. Slivers welding collapses
        // (triangles at least 10x longer than the tolerance) are dropped; a shorter collapsed triangle refuses.
        public float weld_tolerance;
        // node_count entries written with each input node's welded node, or NULL.
        public IntPtr weld_map;
        // node_count max distances, m, or NULL: each free node stays within its distance of its
        // animated position; 0 fixes it. Finite, ≥ 0.
        public IntPtr max_distances;
        // node_count backstop distances, m, or NULL (0): how far behind the animated position,
        // against the animated normal, each node may go. Read only with backstop_radii.
        public IntPtr backstop_distances;
        // node_count backstop sphere radii, m, or NULL (none); 0 is no backstop.
        public IntPtr backstop_radii;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothVec3
    {
        public double x;
        public double y;
        public double z;

        public ClothVec3(double x, double y, double z) { this.x = x; this.y = y; this.z = z; }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothDynamics
    {
        // Its size in bytes, sizeof(ClothDynamics): cloth_default_dynamics() sets it.
        public uint struct_size;
        // Substeps per step, 1..=64.
        public uint substeps;
        // Colour sweeps per substep, 1..=64.
        public uint iterations;
        // 1: strain-limit rows on every stretch row; 0: none.
        public uint strain_limit;
        // 1: particle–particle self-collision; 0: none.
        public uint self_collision;
        // What a teleport does: CLOTH_TELEPORT_RESET or CLOTH_TELEPORT_KEEP.
        public uint teleport;
        // Fixed step, s, 1e-6 to 1. Default 1/60. May change between steps: a step whose substep
        // (dt/substeps) would be more than twice the last step's runs more substeps (and costs more);
        // one whose substep is under half the last keeps the longer steps' row stiffness for about
        // 0.25 s of simulated time, so slow motion by a smaller dt leaves a resting cloth at rest. A host whose frame time varies
        // should keep dt and call SimWorld.Advance or BeginAdvance (Time.timeScale: pass the scaled
        // deltaTime); a paused game skips its steps.
        public double dt;
        // Gravity in world space, m/s² (default 0, −9.81, 0).
        public ClothVec3 gravity;
        // Strain allowance control 0..=1 (read only with strain_limit): a link
        // may reach 1 + 0.25·250^(−stretch) times its rest length — 0.2 → 8.3 %
        // over, 0.5 → 1.6 %, 1 → 0.1 % (every strain-limited preset).
        public double stretch;
        // Bending resistance 0..=1. Each bend row rests at the shape the cloth
        // was seeded in: a flat sheet rests flat, a skirt's tube stays a tube.
        public double bend;
        // Damping 0..=1: v ← v·exp(−10·damping·h) per substep.
        public double damping;
        // How much of the anchor's motion the particles feel, 0..=1 (0: welded
        // to the anchor frame; 1: full world inertia).
        public double inertia;
        // Leash 0..=1: each free node may stray 2·slack·d_geo from its animated
        // position (cloth_set_animated_positions), d_geo being its shortest
        // distance along the mesh's edges to a fixed node in the bind pose
        // (nothing fixed: no leash); 1 is no leash. The fabric presets use 0.7.
        // A host that moves only the fixed nodes leaves the free ones leashed
        // to the animated positions they had: move those too, or use 1.
        public double slack;
        // Contact offset, m, 0..=0.5.
        public double thickness;
        // Coulomb friction coefficient against colliders, 0..=4.
        public double friction;
    }

    // The air cloths move through (cloth_world_set_air, cloth_set_air): drag and lift act only in
    // air. A world and a cloth start with none (density 0); a cloth in a world feels both airs —
    // winds and turbulence add, the density is the larger. Start from cloth_default_air() (still
    // air at sea level).
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothAir
    {
        // Its size in bytes, sizeof(ClothAir): cloth_default_air() sets it.
        public uint struct_size;
        // Air density, kg/m³, 0..=10 (0: no air; default 1.225, sea level).
        public double density;
        // Mean wind, world axes, m/s, each component within ±500.
        public ClothVec3 wind;
        // Turbulence: largest deviation of each wind component from the mean, m/s, 0..=500 (0: none).
        public double turbulence_amplitude;
        // How often the gusts change where they are, Hz, 0..=1000 (default 1).
        public double turbulence_frequency;
        // Gust size, m, 0.01..=1e4 (default 2); gusts travel with the mean wind.
        public double turbulence_scale;
        // Seed of the turbulence: the same seed, the same gusts, bit for bit.
        public ulong turbulence_seed;
    }

    // x, y, z, w (Unity's order).
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothQuat
    {
        public double x;
        public double y;
        public double z;
        public double w;
    }

    // Local to world: p -> rotation * p + translation (m).
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothPose
    {
        public ClothVec3 translation;
        public ClothQuat rotation;
    }

    // cloth_collider_set_id (index | generation << 32; 0 is "no set").
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothColliderSetId
    {
        public ulong packed;

        public uint Index { get { return (uint)packed; } }
        public uint Generation { get { return (uint)(packed >> 32); } }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothControls
    {
        // Its size in bytes, sizeof(ClothControls): cloth_default_controls() sets it.
        public uint struct_size;
        // 1: tether rows act (default); 0: the cloth hangs by its other rows alone.
        public uint tethers;
        // 1: the cloth may fall asleep when it stops moving (default); 0: never.
        public uint sleep;
        // Reserved, 0.
        public uint reserved;
        // Sleep and wake speed per metre of the cloth's reach (or of its thickness, if
        // longer), 1/s, 0 to 1 (default 1e-3).
        public double sleep_speed;
        // An anchor landing further than this from where its velocity would carry it in one
        // step teleports, m; 0: max(2 m, 4 × reach).
        public double teleport_distance;
        // The largest change of the anchor's velocity the cloth feels, m/s², 0 to 1e6; 0: no
        // limit (default 600). A faster change (a character snapped in one frame) carries the
        // cloth rigidly with its anchor for the excess.
        public double max_anchor_acceleration;
        // The most relative motion a turn of the anchor gives the node farthest from the fixed
        // ones, in edges (at least 2.5 cm) a substep, 0 to 1000; 0: no such limit (default 1).
        // The turn felt whole is at most max_turn_links × max(mean edge, 2.5 cm) / (reach ×
        // inertia) rad a substep, never over 0.125; ClothStats.max_turn_rate reads it in rad/s.
        // Lower holds edges closer to rest through hard turns, higher lets a cape flare more.
        public double max_turn_links;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothDesc
    {
        // Its size in bytes, sizeof(ClothDesc): cloth_default_desc() sets it.
        public uint struct_size;
        // A library entry (CLOTH_PRESET_SILK … CLOTH_PRESET_HAIR, default
        // COTTON), or CLOTH_PRESET_CUSTOM to use `dynamics` — in C#, (uint)ClothPreset.X.
        public uint preset;
        // The dynamics for CLOTH_PRESET_CUSTOM (read during the call); must be
        // NULL with a library preset.
        public IntPtr dynamics;
        // The anchor's world pose at creation (placed: no motion is felt). Set it to where the
        // anchor is when the cloth spawns (the bone's world pose): left at the identity, the cloth
        // starts at the world origin and the first SetAnchorPose is a jump from there — a snap
        // the cloth feels, or past the teleport distance a teleport.
        public ClothPose anchor;
        // The collider set the cloth collides with (generation 0: none).
        public ClothColliderSetId colliders;
        // 1 (default): refuse a free node whose bind position lies within the
        // contact offset of a collider of `colliders` where the colliders are now
        // (authored inside the body, or the body posed through it); 0: skip the
        // check. Mid-animation: create with the colliders at their bind pose, then
        // set their animated poses: their motion sweeps the garment clear.
        public uint bind_pose_check;
    }

    // cloth_id: a cloth in its world (index | generation << 32, never 0).
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothId
    {
        public ulong packed;

        public uint Index { get { return (uint)packed; } }
        public uint Generation { get { return (uint)(packed >> 32); } }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothTreeDesc
    {
        // Its size in bytes, sizeof(ClothTreeDesc): cloth_default_tree_desc() sets it.
        public uint struct_size;
        // Nodes, ≥ 1.
        public uint node_count;
        // node_count bind positions in the anchor frame, m.
        public IntPtr positions;
        // node_count masses, kg (read for nodes with a parent: 1.2e-38 to 1e9).
        public IntPtr masses;
        // node_count parents: another node's index, or CLOTH_NO_PARENT for a
        // root, which hangs from the anchor and is fixed.
        public IntPtr parents;
        // node_count max distances, m, or NULL (see ClothSheetDesc).
        public IntPtr max_distances;
    }

    // Where cloth_read_vertices writes into a vertex buffer: node first_node + i starts at byte
    // i × stride; each field present is three floats at its byte offset (CLOTH_NO_FIELD: absent).
    // Bytes outside the fields are not touched. Start from cloth_default_vertex_layout().
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothVertexLayout
    {
        // Its size in bytes, sizeof(ClothVertexLayout): cloth_default_vertex_layout() sets it.
        public uint struct_size;
        // CLOTH_SPACE_WORLD or CLOTH_SPACE_CLOTH, for every field.
        public uint space;
        // First node written.
        public uint first_node;
        // Nodes written, or CLOTH_ALL_NODES.
        public uint node_count;
        // Bytes from one node's start to the next's.
        public uint stride;
        // Byte offset of the position (m), or CLOTH_NO_FIELD.
        public uint position_offset;
        // Byte offset of the unit normal, or CLOTH_NO_FIELD.
        public uint normal_offset;
        // Byte offset of the unit tangent, or CLOTH_NO_FIELD.
        public uint tangent_offset;
        // NULL, or a vertex → node map (a sheet's weld_map): vertex i is node node_map[first_node + i].
        public IntPtr node_map;
        // CLOTH_NO_RENDER_MESH (0), or a mesh number cloth_attach_render_mesh returned (from 1): entries are its vertices.
        public uint render_mesh;
        // The number of entries node_map holds: a write reading past it is refused (BUFFER_TOO_SMALL).
        public UIntPtr node_map_count;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothRigDesc
    {
        // Its size in bytes, sizeof(ClothRigDesc): cloth_default_rig_desc() sets it.
        public uint struct_size;
        // Joints of the whole skeleton.
        public uint joint_count;
        // Joints the cloth owns (its nodes, in this order), ≥ 1.
        public uint node_count;
        // joint_count parents (CLOTH_NO_PARENT for a root joint).
        public IntPtr skeleton_parents;
        // joint_count bind transforms relative to the parent joint.
        public IntPtr local_bind;
        // node_count skeleton joint indices. Every owned joint whose parent is
        // not owned must hang from the same joint: the cloth's anchor.
        public IntPtr joints;
        // node_count masses, kg (1.2e-38 to 1e9 for the free ones).
        public IntPtr masses;
        // node_count max distances, m, or NULL (see ClothSheetDesc).
        public IntPtr max_distances;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothStepReport
    {
        // Its size in bytes, sizeof(ClothStepReport), set by the caller (SimCloth.LastStepReport does).
        public uint struct_size;
        // 1: the cloth was asleep and nothing was simulated.
        public uint asleep;
        // 1: the cloth fell asleep at the end of the step.
        public uint fell_asleep;
        // 1: the anchor teleported (the teleport mode was applied).
        public uint teleported;
        // CLOTH_WATCHDOG_NONE, or why the watchdog reset the cloth.
        public uint watchdog;
        // Vertex updates whose pivot check failed in the step.
        public ulong pivot_failures;
        // 1: the anchor's velocity changed faster than max_anchor_acceleration: the excess
        // moved the cloth rigidly and stayed with it as velocity (a snap, a crash stop short of
        // the teleport distance).
        public uint anchor_limited;
        // 1: the anchor turned faster than the cloth feels whole (ClothStats.max_turn_rate).
        public uint turn_limited;
        // 1: no fixed step simulated the cloth this frame: it is frozen (ClothDetail.Frozen), at half
        // rate on the second frame of its pair, or an Advance ran no step (steps is 0).
        public uint idle;
        // The fixed steps the last Step or Advance ran for this cloth: 1, or 0 to CLOTH_MAX_CATCH_UP_STEPS
        // for an Advance (a frame shorter than what the clock carries runs none; 0 before its first). The
        // fields above report those steps as one frame: an event if any step had it, pivot failures summed,
        // asleep and idle as the last left them. After an Advance that ran none the report is idle (and
        // asleep if the cloth sleeps), with no event.
        public uint steps;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothStats
    {
        // Its size in bytes, sizeof(ClothStats), set by the caller (SimCloth.ReadStats does).
        public uint struct_size;
        // 1: the cloth is asleep.
        public uint asleep;
        // The longest stretch row over its rest length (1: at rest; 1.01: 1 % stretched).
        public double worst_link_ratio;
        // The mean of |length - rest| / rest over the stretch rows.
        public double mean_link_strain;
        // The link ratio the strain limit allows, or 0 without the strain limit.
        public double allowance;
        // The farthest free node from its tether anchor over its reach (1: the cloth's reach), or 0.
        public double worst_tether_ratio;
        // The fastest node's speed in the cloth's frame at the end of the last simulated
        // step: the velocity its last substep leaves it with, m/s. Rows that fight within a
        // step show here and not in the node's move over the step; sleep reads the move.
        // A sleeping cloth keeps the value of its last simulated step.
        public double local_speed;
        // The fastest turn of the anchor the cloth feels whole, rad/s (controls.max_turn_links).
        public double max_turn_rate;
        // The worst_link_ratio row's length less its rest length, m (a sliver: a large ratio, a small
        // elongation), the largest length less rest of any row, m, and that worst row's two nodes.
        public double worst_link_elongation;
        public double longest_elongation;
        public uint worst_link_node_a;
        public uint worst_link_node_b;
        // The farthest free node from its animated position over its leash radius
        // 2·slack·d_geo (1: at the leash; over 1 where other rows pull a node past it), or 0
        // where no leash acts (slack 1 or 0, nothing fixed). Moving only the fixed nodes, the
        // leash holding the free ones back, reads well over 1.
        public double worst_leash_ratio;
    }

    // A world's frame budget (SimWorld.SetBudget): the work the cloths' steps may take in a frame, from
    // which every step chooses each cloth's level of detail by priority (SimCloth.SetPriority). Costs
    // are counted (nodes × substeps × (iterations + 1) a step; under Advance, times the fixed steps the
    // frame holds, 1 to 4), never timed: the same levels and bits on every machine. Start from
    // cloth_default_frame_budget().
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothFrameBudget
    {
        // Its size in bytes, sizeof(ClothFrameBudget): cloth_default_frame_budget() sets it.
        public uint struct_size;
        // Core-milliseconds a frame, summed over threads (2 ms on each of 4 threads is 8), 0..=1e6 (default 2).
        public double core_ms;
        // The price of a unit of work on the host's machine, ns, 0..=1e6; 0 (the default) keeps the world's:
        // CLOTH_WORK_UNIT_NS to start, or what ObserveStep has taught it.
        public double unit_ns;
        // The largest share of the budget the full-detail band may take, 0..=1 (default 1; 0.5 leaves at
        // least half for half rate and reduced further out).
        public double full_share;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothColliderDesc
    {
        // Its size in bytes, sizeof(ClothColliderDesc): cloth_default_collider_desc() sets it.
        public uint struct_size;
        // CLOTH_SHAPE_SPHERE, _CAPSULE, _TAPERED_CAPSULE, _PLANE or _CUBOID.
        public uint shape;
        // Capsule and tapered capsule: the segment's first end, m (local).
        public ClothVec3 a;
        // Capsule and tapered capsule: the segment's second end, m (local).
        public ClothVec3 b;
        // Sphere and capsule radius; the tapered capsule's radius at a, m.
        public double radius;
        // Tapered capsule: the radius at b, m.
        public double radius_b;
        // Cuboid: half extents along the local axes (outer), m.
        public ClothVec3 half_extents;
        // Cuboid: edge and corner rounding, m (0 = sharp).
        public double corner_radius;
        // World pose (previous = current: the collider has not moved).
        public ClothPose pose;
    }

    // cloth_collider_id: its set, and its slot and generation in that set (16 bytes).
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothColliderId
    {
        public ClothColliderSetId set;
        public uint index;
        public uint generation;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ClothWorldDesc
    {
        // Its size in bytes, sizeof(ClothWorldDesc): cloth_default_world_desc() sets it.
        public uint struct_size;
        // Worker threads the world starts and owns, 0..=256. 0 (the default)
        // starts none: cloth_world_step runs on the calling thread, and a host
        // with its own job system uses begin_step / step_cloth / end_step.
        public uint threads;
    }

    // ---- the header's functions and constants

    public static unsafe class ClothNative
    {
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        const string Lib = "__Internal";
#else
        const string Lib = "cloth";
#endif

        public const uint CLOTH_ABI_VERSION = 1;
        public const uint CLOTH_NO_PARENT = 4294967295;
        public const double CLOTH_MAX_COORDINATE = 1.0e6;
        public const uint CLOTH_MAX_CATCH_UP_STEPS = 4;
        public const uint CLOTH_PRESET_CUSTOM = 0;
        public const uint CLOTH_PRESET_SILK = 1;
        public const uint CLOTH_PRESET_COTTON = 2;
        public const uint CLOTH_PRESET_DENIM = 3;
        public const uint CLOTH_PRESET_LEATHER = 4;
        public const uint CLOTH_PRESET_ROPE = 5;
        public const uint CLOTH_PRESET_CHAIN = 6;
        public const uint CLOTH_PRESET_HAIR = 7;
        public const uint CLOTH_TELEPORT_RESET = 0;
        public const uint CLOTH_TELEPORT_KEEP = 1;
        // Collider shapes (ClothColliderDesc.shape), in the collider's local frame: a ball of `radius`; the
        // points within `radius` of the segment a-b; the hull of the balls (a, radius) and (b, radius_b); the
        // half-space y <= 0 (a plane whose outward normal is local +Y); a box of `half_extents` whose edges are
        // rounded by `corner_radius`.
        public const uint CLOTH_SHAPE_SPHERE = 0;
        public const uint CLOTH_SHAPE_CAPSULE = 1;
        public const uint CLOTH_SHAPE_TAPERED_CAPSULE = 2;
        public const uint CLOTH_SHAPE_PLANE = 3;
        public const uint CLOTH_SHAPE_CUBOID = 4;
        public const uint CLOTH_SPACE_WORLD = 0;
        public const uint CLOTH_SPACE_CLOTH = 1;
        public const uint CLOTH_NO_FIELD = 4294967295;
        public const uint CLOTH_ALL_NODES = 4294967295;
        public const uint CLOTH_NO_RENDER_MESH = 0;
        public const uint CLOTH_WATCHDOG_NONE = 0;
        public const uint CLOTH_WATCHDOG_NON_FINITE = 1;
        public const uint CLOTH_WATCHDOG_EXPLODED = 2;
        public const uint CLOTH_DETAIL_FULL = 0;
        public const uint CLOTH_DETAIL_REDUCED = 1;
        public const uint CLOTH_DETAIL_HALF_RATE = 2;
        public const uint CLOTH_DETAIL_FROZEN = 3;
        public const double CLOTH_WORK_UNIT_NS = 34.0;
        public const double CLOTH_STEP_UNITS = 5.0;
        public const uint CLOTH_CPU_PATH_BASELINE = 0;
        public const uint CLOTH_CPU_PATH_AVX2 = 1;
        public const uint CLOTH_CPU_PATH_AVX2_PACKED = 2;

        // This thread's last error message ("" after a success), decoded from UTF-8.
        public static string LastError() { return Utf8(cloth_last_error_message()); }

        // A status's name ("CLOTH_STATUS_OK", …).
        public static string StatusName(ClothStatus status) { return Utf8(cloth_status_name((uint)status)); }

        // The library's version, "major.minor.patch".
        public static string Version() { return Utf8(cloth_version()); }

        static string Utf8(IntPtr text)
        {
            if (text == IntPtr.Zero) return "";
            byte* b = (byte*)text;
            int n = 0;
            while (b[n] != 0) n++;
            return n == 0 ? "" : System.Text.Encoding.UTF8.GetString(b, n);
        }

        // ---- the boundary
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr cloth_last_error_message();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr cloth_status_name(uint status);

        // ---- defaults and versions
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothPose cloth_pose_identity();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothWorldDesc cloth_default_world_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothDynamics cloth_default_dynamics();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothControls cloth_default_controls();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_controls(ClothWorld world, ClothId cloth, ref ClothControls controls);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_get_controls(ClothWorld world, ClothId cloth, ref ClothControls out_controls);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothDesc cloth_default_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothSheetDesc cloth_default_sheet_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothTreeDesc cloth_default_tree_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothVertexLayout cloth_default_vertex_layout();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothRigDesc cloth_default_rig_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothColliderDesc cloth_default_collider_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_preset_dynamics(uint preset, ref ClothDynamics @out);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothAir cloth_default_air();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothFrameBudget cloth_default_frame_budget();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_preset_aerodynamics(uint preset, out double out_drag, out double out_lift);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_preset_density(uint preset, out double out_density);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_masses_from_density(ClothVec3f* positions, UIntPtr node_count, uint* triangles, UIntPtr triangle_count, double density, float* out_masses);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern uint cloth_abi_version();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr cloth_version();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern uint cloth_cpu_supported();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern uint cloth_cpu_path();

        // ---- worlds
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_create(ref ClothWorldDesc desc, out ClothWorld out_world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_destroy(ClothWorld world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_begin_frame(ClothWorld world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_advance(ClothWorld world, double seconds);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_step(ClothWorld world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_set_air(ClothWorld world, ref ClothAir air);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_shift_origin(ClothWorld world, ref ClothVec3 shift);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_set_budget(ClothWorld world, ref ClothFrameBudget budget);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_clear_budget(ClothWorld world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_observe_step(ClothWorld world, double core_ms);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_observe_step_wall(ClothWorld world, double wall_ms);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_get_budget(ClothWorld world, ref ClothFrameBudget out_budget, out uint out_enabled);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_begin_step(ClothWorld world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_begin_advance(ClothWorld world, double seconds);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_step_cloth(ClothWorld world, ClothId cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_end_step(ClothWorld world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_world_cloth_count(ClothWorld world, out uint out_count);

        // ---- collider sets and colliders
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_collider_set_create(ClothWorld world, out ClothColliderSetId out_set);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_collider_set_destroy(ClothWorld world, ClothColliderSetId set);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_collider_create(ClothWorld world, ClothColliderSetId set, ref ClothColliderDesc desc, out ClothColliderId out_collider);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_collider_set_pose(ClothWorld world, ClothColliderId collider, ref ClothPose pose);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_collider_set_shape(ClothWorld world, ClothColliderId collider, ref ClothColliderDesc desc);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_collider_place(ClothWorld world, ClothColliderId collider, ref ClothPose pose);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_collider_destroy(ClothWorld world, ClothColliderId collider);

        // ---- cloths
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_create_sheet(ClothWorld world, ref ClothSheetDesc sheet, ref ClothDesc desc, out ClothId out_cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_create_tree(ClothWorld world, ref ClothTreeDesc tree, ref ClothDesc desc, out ClothId out_cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_create_rig(ClothWorld world, ref ClothRigDesc rig, ref ClothDesc desc, out ClothId out_cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_destroy(ClothWorld world, ClothId cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_colliders(ClothWorld world, ClothId cloth, ClothColliderSetId set);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_anchor_pose(ClothWorld world, ClothId cloth, ref ClothPose pose);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_place_anchor(ClothWorld world, ClothId cloth, ref ClothPose pose);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_anchor_velocity(ClothWorld world, ClothId cloth, ref ClothVec3 velocity);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_animated_positions(ClothWorld world, ClothId cloth, uint first, ClothVec3f* positions, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_max_distances(ClothWorld world, ClothId cloth, uint first, float* distances, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_clear_max_distances(ClothWorld world, ClothId cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_backstops(ClothWorld world, ClothId cloth, uint first, float* distances, float* radii, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_clear_backstops(ClothWorld world, ClothId cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_anim_drive(ClothWorld world, ClothId cloth, uint first, float* strengths, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_clear_anim_drive(ClothWorld world, ClothId cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_inertia_scales(ClothWorld world, ClothId cloth, uint first, float* scales, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_clear_inertia_scales(ClothWorld world, ClothId cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_masses(ClothWorld world, ClothId cloth, uint first, float* masses, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_dynamics(ClothWorld world, ClothId cloth, ref ClothDynamics dynamics);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_get_dynamics(ClothWorld world, ClothId cloth, ref ClothDynamics out_dynamics);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_aerodynamics(ClothWorld world, ClothId cloth, double drag, double lift);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_get_aerodynamics(ClothWorld world, ClothId cloth, out double out_drag, out double out_lift);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_air(ClothWorld world, ClothId cloth, ref ClothAir air);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_detail(ClothWorld world, ClothId cloth, uint level);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_get_detail(ClothWorld world, ClothId cloth, out uint out_level);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_set_priority(ClothWorld world, ClothId cloth, double priority);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_get_priority(ClothWorld world, ClothId cloth, out double out_priority);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_wake(ClothWorld world, ClothId cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_teleport(ClothWorld world, ClothId cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_node_count(ClothWorld world, ClothId cloth, out uint out_count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_read_positions(ClothWorld world, ClothId cloth, uint space, ClothVec3f* @out, UIntPtr capacity);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_read_node_poses(ClothWorld world, ClothId cloth, ClothPose* out_world, ClothPose* out_local, UIntPtr capacity);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_read_vertices(ClothWorld world, ClothId cloth, ClothVertexLayout* layout, void* @out, UIntPtr out_bytes);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_attach_render_mesh(ClothWorld world, ClothId cloth, ClothVec3f* positions, UIntPtr vertex_count, uint* out_mesh);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_apply_impulses(ClothWorld world, ClothId cloth, uint* nodes, ClothVec3* impulses, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_cook(ClothWorld world, ClothId cloth, byte* @out, UIntPtr capacity, UIntPtr* out_size);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_create_from_cooked(ClothWorld world, byte* blob, UIntPtr blob_size, ClothDesc* desc, ClothId* out_cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_read_stats(ClothWorld world, ClothId cloth, ref ClothStats @out);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ClothStatus cloth_last_step_report(ClothWorld world, ClothId cloth, ref ClothStepReport @out);
    }

    // ---- the safe layer

    // A refusal from the library: its status and its message (which names the function and says why).
    public sealed class ClothException : Exception
    {
        public readonly ClothStatus Status;

        public ClothException(ClothStatus status, string message) : base(message) { Status = status; }

        // Throws for anything but Ok. The message is read on the failing thread, right after the call.
        public static void Check(ClothStatus status)
        {
            if (status != ClothStatus.Ok) Throw(status);
        }

        static void Throw(ClothStatus status) { Throw(status, ClothNative.LastError()); }

        // The message starts with the status's name, then says what was refused and why.
        internal static void Throw(ClothStatus status, string why)
        {
            throw new ClothException(status, ClothNative.StatusName(status) + ": " + why);
        }
    }

    // Which frame cloth_read_positions writes in (CLOTH_SPACE_*).
    public enum ClothSpace : uint
    {
        World = 0,
        Cloth = 1,
    }

    // A cloth's level of detail (CLOTH_DETAIL_*, the same values): SimCloth.SetDetail, or chosen every
    // step by the world's frame budget (SimWorld.SetBudget).
    public enum ClothDetail : uint
    {
        // Every frame a step of dt at the cloth's own dynamics (the default).
        Full = 0,
        // Every frame a step of dt with a quarter of the iterations dropped (at least one).
        Reduced = 1,
        // Every second frame one step of 2·dt: half the cost, looser links; reads never lag the host.
        // Refused for a dt over 0.5 s.
        HalfRate = 2,
        // No step: the cloth rides its anchor rigidly and carries on from its velocities when it leaves.
        Frozen = 3,
    }

    // A library entry (CLOTH_PRESET_*, the same values): a fabric's dynamics, drag and lift, tuned
    // for it (solver/src/library.rs). Custom is none: a cloth made with it takes explicit
    // ClothDynamics (start from an entry's, ClothPreset.Denim.Dynamics()). Masses are the host's,
    // kg per node; each entry was tuned at the areal density given (linear for Rope and Chain) — a
    // sheet node's mass is that density times a third of the area of each triangle it is a corner
    // of, a strand node's the linear density times its link length (SimWorld.CreateSheet).
    public enum ClothPreset : uint
    {
        Custom = 0,
        // Light, floppy, tangles (self-collision): 0.06 kg/m².
        Silk = 1,
        // The default fabric: 0.15 kg/m².
        Cotton = 2,
        // Heavy, stiff, strain-limited: 0.4 kg/m².
        Denim = 3,
        // The stiffest sheet: 0.9 kg/m².
        Leather = 4,
        // A strand with bending, strain-limited: 0.2 kg/m.
        Rope = 5,
        // Rigid links, free joints: 1.0 kg/m.
        Chain = 6,
        // Strands that tangle (self-collision): 0.1 kg/m².
        Hair = 7,
    }

    // The library's entries in the safe layer's types, as extension methods of ClothPreset:
    // ClothPreset.Denim.Dynamics() to start custom dynamics from, ClothPreset.Silk.Desc(anchor) to
    // create a cloth with (or pass the preset to SimWorld.CreateSheet, CreateTree, CreateRig or
    // CreateFromCooked directly). Dynamics and Aerodynamics throw ClothException(InvalidEnum) for
    // Custom, which has none of its own, and for a value that is no entry.
    public static class ClothPresets
    {
        // The entry's dynamics (cloth_preset_dynamics).
        public static ClothDynamics Dynamics(this ClothPreset preset)
        {
            // struct_size set: the library writes as many bytes as it says.
            ClothDynamics d = ClothNative.cloth_default_dynamics();
            ClothException.Check(ClothNative.cloth_preset_dynamics((uint)preset, ref d));
            return d;
        }

        // The entry's drag and lift coefficients (cloth_preset_aerodynamics): a cloth created from it
        // has them (SimCloth.GetAerodynamics); they act only in air (SimWorld.SetAir).
        public static void Aerodynamics(this ClothPreset preset, out double drag, out double lift)
        {
            ClothException.Check(ClothNative.cloth_preset_aerodynamics((uint)preset, out drag, out lift));
        }

        // The areal density the entry was sized at, kg/m² (cloth_preset_density): what
        // MassesFromDensity takes to give a mesh of yours the entry's weight.
        public static double Density(this ClothPreset preset)
        {
            double density;
            ClothException.Check(ClothNative.cloth_preset_density((uint)preset, out density));
            return density;
        }

        // Node masses for a sheet from an areal density, kg/m² (cloth_masses_from_density): a third
        // of the area of every triangle a node is a corner of, times the density. `triangles` holds
        // 3 node indices per triangle, as ClothSheetDesc takes them; a node in no triangle gets 0.
        public static unsafe float[] MassesFromDensity(ClothVec3f[] positions, uint[] triangles, double density)
        {
            if (positions == null) throw new ArgumentNullException("positions");
            if (triangles == null) throw new ArgumentNullException("triangles");
            if (triangles.Length % 3 != 0) throw new ArgumentException("3 node indices per triangle", "triangles");
            float[] masses = new float[positions.Length];
            fixed (ClothVec3f* p = positions)
            fixed (uint* t = triangles)
            fixed (float* m = masses)
            {
                ClothException.Check(ClothNative.cloth_masses_from_density(
                    p, (UIntPtr)(uint)positions.Length, t, (UIntPtr)(uint)(triangles.Length / 3), density, m));
            }
            return masses;
        }

        // A cloth description for SimWorld's Create* overloads that take a ClothDesc (welding, custom
        // dynamics): this entry; `anchor`, the anchor's world pose at creation — where its bone is
        // when the cloth spawns, or the cloth starts at the world origin and its first SetAnchorPose
        // is a jump; `colliders` (null: none), checked against the bind pose at creation. Custom
        // needs a ClothDynamics beside it.
        public static ClothDesc Desc(this ClothPreset preset, ClothPose anchor, SimColliderSet colliders = null)
        {
            ClothDesc desc = ClothNative.cloth_default_desc();
            desc.preset = (uint)preset;
            desc.anchor = anchor;
            if (colliders != null) desc.colliders = colliders.Id;
            return desc;
        }
    }

    // A float rotation, x, y, z, w: laid out as UnityEngine.Quaternion.
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothQuatf
    {
        public float x;
        public float y;
        public float z;
        public float w;
    }

    // A float pose (position, then rotation): laid out as a UnityEngine.Vector3 then a Quaternion.
    [StructLayout(LayoutKind.Sequential)]
    public struct ClothPosef
    {
        public ClothVec3f position;
        public ClothQuatf rotation;
    }

    // A world and everything in it. Dispose destroys it (its cloths, collider sets and threads); a
    // world never disposed is destroyed by the finalizer. Calls on a disposed world throw
    // ClothException(InvalidWorld).
    public sealed unsafe class SimWorld : IDisposable
    {
        ClothWorld handle;

        // threads: worker threads the world owns (0: cloth_world_step runs on the calling thread).
        public SimWorld(uint threads = 0)
        {
            ClothWorldDesc desc = ClothNative.cloth_default_world_desc();
            desc.threads = threads;
            ClothException.Check(ClothNative.cloth_world_create(ref desc, out handle));
        }

        ~SimWorld() { Release(); }

        public void Dispose()
        {
            Release();
            GC.SuppressFinalize(this);
        }

        void Release()
        {
            if (handle.packed == 0) return;
            ClothNative.cloth_world_destroy(handle);
            handle = default(ClothWorld);
        }

        // The raw handle, for ClothNative calls and jobs (0 once disposed).
        public ClothWorld Handle { get { return handle; } }

        // The handle for this binding's calls: throws ClothException(InvalidWorld) saying the
        // world was disposed, before any native call, once it has been.
        internal ClothWorld Live
        {
            get
            {
                if (handle.packed == 0) ClothException.Throw(ClothStatus.InvalidWorld, "this SimWorld was disposed");
                return handle;
            }
        }

        public void BeginFrame() { ClothException.Check(ClothNative.cloth_world_begin_frame(Live)); }
        public void Step() { ClothException.Check(ClothNative.cloth_world_step(Live)); }
        // A variable frame rate (Unity's Time.deltaTime): the fixed steps that fit, at most
        // CLOTH_MAX_CATCH_UP_STEPS per cloth; reads then show each cloth one fixed step behind, interpolated.
        public void Advance(double seconds) { ClothException.Check(ClothNative.cloth_world_advance(Live, seconds)); }
        public void BeginStep() { ClothException.Check(ClothNative.cloth_world_begin_step(Live)); }
        // BeginStep for a varying frame rate with the job system: StepCloth (or
        // ClothNative.cloth_world_step_cloth in a job) then advances each cloth as Advance does.
        public void BeginAdvance(double seconds) { ClothException.Check(ClothNative.cloth_world_begin_advance(Live, seconds)); }
        public void StepCloth(SimCloth cloth) { ClothException.Check(ClothNative.cloth_world_step_cloth(Live, cloth.Id)); }
        public void EndStep() { ClothException.Check(ClothNative.cloth_world_end_step(Live)); }
        // The air every cloth of the world moves through (start from ClothNative.cloth_default_air()).
        public void SetAir(ClothAir air) { ClothException.Check(ClothNative.cloth_world_set_air(Live, ref air)); }
        // A rebased origin (Unreal's world origin rebasing, a floating origin): every anchor and collider,
        // current and previous poses, moves by shift (new = old + shift); nothing travels or teleports.
        // Call it when the engine rebases, then set this frame's shifted poses as usual.
        public void ShiftOrigin(ClothVec3 shift) { ClothException.Check(ClothNative.cloth_world_shift_origin(Live, ref shift)); }

        // The frame budget (start from ClothNative.cloth_default_frame_budget()): from the next step on,
        // each step chooses every cloth's level of detail by priority (SimCloth.SetPriority), overriding
        // SimCloth.SetDetail. Counted, never timed: the same levels and bits on every machine.
        public void SetBudget(ClothFrameBudget budget) { ClothException.Check(ClothNative.cloth_world_set_budget(Live, ref budget)); }
        // coreMs: core-milliseconds a frame, summed over threads; unitNs: the host's measured price of a
        // unit of work, ns (0: keep the world's, CLOTH_WORK_UNIT_NS to start); fullShare: the largest share of it full
        // detail may take (1: all it fits).
        public void SetBudget(double coreMs, double unitNs = 0.0, double fullShare = 1.0)
        {
            ClothFrameBudget budget = ClothNative.cloth_default_frame_budget();
            budget.core_ms = coreMs;
            budget.unit_ns = unitNs;
            budget.full_share = fullShare;
            SetBudget(budget);
        }
        // No budget: each cloth keeps its level until SimCloth.SetDetail changes it.
        public void ClearBudget() { ClothException.Check(ClothNative.cloth_world_clear_budget(Live)); }
        // Reports what the last Step or Advance took, core-ms: its Stopwatch ms × the world's threads (1 for
        // 0), idle time included. With a budget set, its unit_ns moves towards the price this machine pays
        // (the median of the last three reports; +25 % / −12.5 % a report at most) and the next steps'
        // levels follow: a rise at once, a fall once every 30 reports to the highest of them. Under Advance the budget is
        // a frame's (ClothFrameBudget); a frame running no step changes nothing, and so does 0 ms (a paused
        // frame that skipped Step).
        public void ObserveStep(double coreMs) { ClothException.Check(ClothNative.cloth_world_observe_step(Live, coreMs)); }
        // ObserveStep from Step's or Advance's Stopwatch ms: the world multiplies by its threads (1 for 0).
        public void ObserveStepWall(double wallMs) { ClothException.Check(ClothNative.cloth_world_observe_step_wall(Live, wallMs)); }
        // The budget set, if any (false, and a budget of zeros, without one).
        public bool TryGetBudget(out ClothFrameBudget budget)
        {
            budget = ClothNative.cloth_default_frame_budget();
            uint enabled;
            ClothException.Check(ClothNative.cloth_world_get_budget(Live, ref budget, out enabled));
            return enabled != 0;
        }

        public int ClothCount
        {
            get
            {
                uint n;
                ClothException.Check(ClothNative.cloth_world_cloth_count(Live, out n));
                return (int)n;
            }
        }

        public SimColliderSet CreateColliderSet()
        {
            ClothColliderSetId set;
            ClothException.Check(ClothNative.cloth_collider_set_create(Live, out set));
            return new SimColliderSet(this, set);
        }

        // A sheet: positions.Length nodes (bind positions in the anchor frame, m), as many masses (kg),
        // fixedNodes null or as many 0/1 flags, and triangles.Length / 3 triangles. desc from
        // ClothPreset.X.Desc(anchor, colliders) (or ClothNative.cloth_default_desc()) with a library
        // preset; or pass dynamics (CLOTH_PRESET_CUSTOM). desc.anchor is the anchor's world pose at
        // creation: set it to where the anchor is when the cloth spawns, or the cloth starts at the
        // world origin and the first SetAnchorPose is a jump from there (a snap, or a teleport).
        // Masses: the presets were tuned at real fabrics' areal densities (ClothPreset: cotton
        // 0.15 kg/m², denim 0.4, silk 0.06, leather 0.9): give each node that density times a third
        // of the area of each triangle it is a corner of (a 2 cm grid of cotton: 6e-5 kg a node).
        // Hanging still it barely matters (the rows are mass-invariant), but drag, lift, impulses
        // and collisions act on kilograms: the wind accelerates a sheet 100 times too heavy a
        // hundredth as much.
        public SimCloth CreateSheet(ClothVec3f[] positions, float[] masses, uint[] fixedNodes, uint[] triangles, ClothDesc desc)
        {
            return CreateSheet(positions, masses, fixedNodes, triangles, desc, null);
        }

        // A sheet of a library fabric, its anchor at `anchor` (world) when it spawns, colliding with
        // `colliders` (null: none). Custom throws ClothException(InvalidEnum): pass a ClothDynamics
        // with a ClothDesc instead.
        public SimCloth CreateSheet(ClothVec3f[] positions, float[] masses, uint[] fixedNodes, uint[] triangles, ClothPreset preset,
                                    ClothPose anchor, SimColliderSet colliders = null)
        {
            return CreateSheet(positions, masses, fixedNodes, triangles, LibraryDesc(preset, anchor, colliders, "SimWorld.CreateSheet"), null);
        }

        public SimCloth CreateSheet(ClothVec3f[] positions, float[] masses, uint[] fixedNodes, uint[] triangles, ClothDesc desc, ClothDynamics dynamics)
        {
            return CreateSheet(positions, masses, fixedNodes, triangles, desc, &dynamics);
        }

        // A mesh exported with seams: nodes within weldTolerance m are welded, and weldMap (one entry
        // per position) receives each position's welded node; pass it to ReadVertices to fill the
        // exported vertex buffer.
        public SimCloth CreateSheet(ClothVec3f[] positions, float[] masses, uint[] fixedNodes, uint[] triangles, ClothDesc desc,
                                    float weldTolerance, uint[] weldMap)
        {
            return CreateSheet(positions, masses, fixedNodes, triangles, desc, null, weldTolerance, weldMap);
        }

        SimCloth CreateSheet(ClothVec3f[] positions, float[] masses, uint[] fixedNodes, uint[] triangles, ClothDesc desc, ClothDynamics* dynamics)
        {
            return CreateSheet(positions, masses, fixedNodes, triangles, desc, dynamics, 0.0f, null);
        }

        SimCloth CreateSheet(ClothVec3f[] positions, float[] masses, uint[] fixedNodes, uint[] triangles, ClothDesc desc, ClothDynamics* dynamics,
                             float weldTolerance, uint[] weldMap)
        {
            int n = Nodes(positions, "positions");
            Same(masses, n, "masses");
            if (fixedNodes != null) Same(fixedNodes, n, "fixedNodes");
            if (triangles == null || triangles.Length % 3 != 0)
                throw new ArgumentException("triangles must hold three node indices per triangle", "triangles");
            Custom(ref desc, dynamics);
            ClothSheetDesc sheet = ClothNative.cloth_default_sheet_desc();
            sheet.node_count = (uint)n;
            sheet.triangle_count = (uint)(triangles.Length / 3);
            sheet.weld_tolerance = weldTolerance;
            if (weldMap != null) Same(weldMap, n, "weldMap");
            ClothId id;
            fixed (ClothVec3f* p = positions)
            fixed (float* m = masses)
            fixed (uint* f = fixedNodes)
            fixed (uint* t = triangles)
            fixed (uint* w = weldMap)
            {
                sheet.positions = (IntPtr)p;
                sheet.masses = (IntPtr)m;
                sheet.@fixed = (IntPtr)f;
                sheet.triangles = (IntPtr)t;
                sheet.weld_map = (IntPtr)w;
                ClothException.Check(ClothNative.cloth_create_sheet(Live, ref sheet, ref desc, out id));
            }
            return new SimCloth(this, id);
        }

        // A tree (strips, a rope): positions.Length nodes, as many masses and parents (another node's
        // index, or CLOTH_NO_PARENT for a root hanging from the anchor). desc as for CreateSheet; a
        // strand node's mass is the linear density times its link length (Rope 0.2 kg/m, Chain 1.0).
        public SimCloth CreateTree(ClothVec3f[] positions, float[] masses, uint[] parents, ClothDesc desc)
        {
            return CreateTree(positions, masses, parents, desc, null);
        }

        // A tree of a library entry, its anchor at `anchor` when it spawns (as CreateSheet's).
        public SimCloth CreateTree(ClothVec3f[] positions, float[] masses, uint[] parents, ClothPreset preset, ClothPose anchor,
                                   SimColliderSet colliders = null)
        {
            return CreateTree(positions, masses, parents, LibraryDesc(preset, anchor, colliders, "SimWorld.CreateTree"), null);
        }

        public SimCloth CreateTree(ClothVec3f[] positions, float[] masses, uint[] parents, ClothDesc desc, ClothDynamics dynamics)
        {
            return CreateTree(positions, masses, parents, desc, &dynamics);
        }

        SimCloth CreateTree(ClothVec3f[] positions, float[] masses, uint[] parents, ClothDesc desc, ClothDynamics* dynamics)
        {
            int n = Nodes(positions, "positions");
            Same(masses, n, "masses");
            Same(parents, n, "parents");
            Custom(ref desc, dynamics);
            ClothTreeDesc tree = ClothNative.cloth_default_tree_desc();
            tree.node_count = (uint)n;
            ClothId id;
            fixed (ClothVec3f* p = positions)
            fixed (float* m = masses)
            fixed (uint* r = parents)
            {
                tree.positions = (IntPtr)p;
                tree.masses = (IntPtr)m;
                tree.parents = (IntPtr)r;
                ClothException.Check(ClothNative.cloth_create_tree(Live, ref tree, ref desc, out id));
            }
            return new SimCloth(this, id);
        }

        // Joints of a skeleton: skeletonParents and localBind per joint; joints (the owned joints, the
        // cloth's nodes in order) and masses per node.
        public SimCloth CreateRig(uint[] skeletonParents, ClothPose[] localBind, uint[] joints, float[] masses, ClothDesc desc)
        {
            return CreateRig(skeletonParents, localBind, joints, masses, desc, null);
        }

        // A rig of a library entry, its anchor (the joint its owned joints hang from) at `anchor` when
        // it spawns (as CreateSheet's).
        public SimCloth CreateRig(uint[] skeletonParents, ClothPose[] localBind, uint[] joints, float[] masses, ClothPreset preset,
                                  ClothPose anchor, SimColliderSet colliders = null)
        {
            return CreateRig(skeletonParents, localBind, joints, masses, LibraryDesc(preset, anchor, colliders, "SimWorld.CreateRig"), null);
        }

        public SimCloth CreateRig(uint[] skeletonParents, ClothPose[] localBind, uint[] joints, float[] masses, ClothDesc desc, ClothDynamics dynamics)
        {
            return CreateRig(skeletonParents, localBind, joints, masses, desc, &dynamics);
        }

        SimCloth CreateRig(uint[] skeletonParents, ClothPose[] localBind, uint[] joints, float[] masses, ClothDesc desc, ClothDynamics* dynamics)
        {
            int skeleton = Nodes(skeletonParents, "skeletonParents");
            Same(localBind, skeleton, "localBind");
            int n = Nodes(joints, "joints");
            Same(masses, n, "masses");
            Custom(ref desc, dynamics);
            ClothRigDesc rig = ClothNative.cloth_default_rig_desc();
            rig.joint_count = (uint)skeleton;
            rig.node_count = (uint)n;
            ClothId id;
            fixed (uint* s = skeletonParents)
            fixed (ClothPose* b = localBind)
            fixed (uint* j = joints)
            fixed (float* m = masses)
            {
                rig.skeleton_parents = (IntPtr)s;
                rig.local_bind = (IntPtr)b;
                rig.joints = (IntPtr)j;
                rig.masses = (IntPtr)m;
                ClothException.Check(ClothNative.cloth_create_rig(Live, ref rig, ref desc, out id));
            }
            return new SimCloth(this, id);
        }

        // A cloth from the bytes SimCloth.Cook wrote (saved with the asset, loaded with it): the cloth
        // seeding the mesh gives, without seeding. desc as for CreateSheet. A blob of another format
        // version, a truncated or corrupt one, or one with bytes after its end (the array must be
        // exactly the bytes Cook wrote) throws ClothException(BadBlob).
        public SimCloth CreateFromCooked(byte[] blob, ClothDesc desc)
        {
            return CreateFromCooked(blob, desc, null);
        }

        public SimCloth CreateFromCooked(byte[] blob, ClothPreset preset, ClothPose anchor, SimColliderSet colliders = null)
        {
            return CreateFromCooked(blob, LibraryDesc(preset, anchor, colliders, "SimWorld.CreateFromCooked"), null);
        }

        public SimCloth CreateFromCooked(byte[] blob, ClothDesc desc, ClothDynamics dynamics)
        {
            return CreateFromCooked(blob, desc, &dynamics);
        }

        SimCloth CreateFromCooked(byte[] blob, ClothDesc desc, ClothDynamics* dynamics)
        {
            if (blob == null) throw new ArgumentNullException("blob");
            Custom(ref desc, dynamics);
            ClothId id;
            fixed (byte* b = blob)
                ClothException.Check(ClothNative.cloth_create_from_cooked(Live, b, (UIntPtr)blob.Length, &desc, &id));
            return new SimCloth(this, id);
        }

        // The description of the Create* overloads that take a preset. Custom has no dynamics of its
        // own to create with (the library would read a null desc.dynamics): refused as
        // cloth_preset_dynamics refuses it.
        static ClothDesc LibraryDesc(ClothPreset preset, ClothPose anchor, SimColliderSet colliders, string function)
        {
            if (preset == ClothPreset.Custom)
                ClothException.Throw(ClothStatus.InvalidEnum, function +
                    ": ClothPreset.Custom has no dynamics of its own; pass ClothPreset.Custom.Desc(anchor) and a ClothDynamics");
            return preset.Desc(anchor, colliders);
        }

        // Explicit dynamics make the cloth CLOTH_PRESET_CUSTOM; desc.dynamics is only read during the
        // create call, while `dynamics` (a parameter of the caller) is on the stack.
        static void Custom(ref ClothDesc desc, ClothDynamics* dynamics)
        {
            if (dynamics == null) return;
            desc.preset = ClothNative.CLOTH_PRESET_CUSTOM;
            desc.dynamics = (IntPtr)dynamics;
        }

        static int Nodes(Array a, string name)
        {
            if (a == null) throw new ArgumentNullException(name);
            return a.Length;
        }

        // Arrays the library reads node_count entries of must hold exactly that many: the library has
        // no length for them, so a shorter one would be read past its end.
        static void Same(Array a, int n, string name)
        {
            if (a == null) throw new ArgumentNullException(name);
            if (a.Length != n) throw new ArgumentException(name + " must hold " + n + " entries, not " + a.Length, name);
        }

#if UNITY_5_3_OR_NEWER
        public SimCloth CreateSheet(Vector3[] positions, float[] masses, uint[] fixedNodes, uint[] triangles, ClothDesc desc)
        {
            return CreateSheet(ClothUnity.ToCloth(positions), masses, fixedNodes, triangles, desc, null);
        }

        public SimCloth CreateTree(Vector3[] positions, float[] masses, uint[] parents, ClothDesc desc)
        {
            return CreateTree(ClothUnity.ToCloth(positions), masses, parents, desc, null);
        }

        public SimCloth CreateSheet(Vector3[] positions, float[] masses, uint[] fixedNodes, uint[] triangles, ClothPreset preset,
                                    ClothPose anchor, SimColliderSet colliders = null)
        {
            return CreateSheet(ClothUnity.ToCloth(positions), masses, fixedNodes, triangles, LibraryDesc(preset, anchor, colliders, "SimWorld.CreateSheet"), null);
        }

        public SimCloth CreateTree(Vector3[] positions, float[] masses, uint[] parents, ClothPreset preset, ClothPose anchor,
                                   SimColliderSet colliders = null)
        {
            return CreateTree(ClothUnity.ToCloth(positions), masses, parents, LibraryDesc(preset, anchor, colliders, "SimWorld.CreateTree"), null);
        }

        public void ShiftOrigin(Vector3 shift) { ShiftOrigin(shift.ToCloth()); }
#endif
    }

    // A cloth. Dispose destroys it (its world also frees it when destroyed). Every method that calls
    // the library throws ClothException on a refusal; none allocates except on the first float pose
    // read (its scratch buffer) and when it throws.
    public sealed unsafe class SimCloth : IDisposable
    {
        readonly SimWorld world;
        readonly ClothId id;
        readonly int nodes;
        ClothPose[] scratchWorld, scratchLocal;
        bool disposed;

        internal SimCloth(SimWorld world, ClothId id)
        {
            this.world = world;
            this.id = id;
            uint n;
            ClothException.Check(ClothNative.cloth_node_count(world.Handle, id, out n));
            nodes = (int)n;
        }

        public SimWorld World { get { return world; } }
        // The raw id, for ClothNative calls and jobs.
        public ClothId Id { get { return id; } }
        // Nodes (particles): the length every output buffer needs. It never changes; like every
        // other member it throws ClothException (StaleId) once the cloth is disposed.
        public int NodeCount { get { CheckLive(); return nodes; } }

        // Destroys the cloth. A second Dispose, or one after the world's, does nothing. A cloth never
        // disposed stays in its world, stepped, until the world is disposed: a SimCloth has no
        // finalizer, as the world, not the object, owns the cloth.
        public void Dispose()
        {
            disposed = true;
            ClothNative.cloth_destroy(world.Handle, id);
        }

        // Throws ClothException (StaleId) saying the cloth was disposed, or (InvalidWorld) its world.
        void CheckLive()
        {
            if (disposed) ClothException.Throw(ClothStatus.StaleId, "this SimCloth was disposed");
            if (world.Handle.packed == 0) ClothException.Throw(ClothStatus.InvalidWorld, "this SimCloth's SimWorld was disposed");
        }

        // The world's handle for this cloth's calls, checked before any native call (CheckLive).
        ClothWorld W { get { CheckLive(); return world.Handle; } }

        public void SetAnchorPose(ClothPose pose) { ClothException.Check(ClothNative.cloth_set_anchor_pose(W, id, ref pose)); }
        public void PlaceAnchor(ClothPose pose) { ClothException.Check(ClothNative.cloth_place_anchor(W, id, ref pose)); }
        // The anchor already moves at this world velocity, m/s, and the cloth with it (a
        // character spawned in a moving vehicle): the cloth feels no start. It is the anchor's
        // velocity at the pose the cloth is at now — its spawn pose (desc.anchor), or the pose of its
        // last step or PlaceAnchor — so the next pose must be where it carries the anchor: spawn +
        // velocity·dt for the next Step (+ velocity·seconds for an Advance). Left at its spawn pose
        // the anchor reads as a dead stop from that velocity in one step (past the teleport
        // distance, a teleport). A car at 20 m/s along x spawned at x = 0: create with the anchor at
        // x = 0, SetAnchorVelocity((20, 0, 0)), then SetAnchorPose at x = 20/60 before the first
        // 60 Hz Step.
        public void SetAnchorVelocity(ClothVec3 velocity) { ClothException.Check(ClothNative.cloth_set_anchor_velocity(W, id, ref velocity)); }
        public void SetColliders(SimColliderSet set)
        {
            ClothColliderSetId none = default(ClothColliderSetId);
            ClothException.Check(ClothNative.cloth_set_colliders(W, id, set == null ? none : set.Id));
        }
        public ClothDynamics GetDynamics()
        {
            // struct_size set: the library writes as many bytes as it says.
            ClothDynamics d = ClothNative.cloth_default_dynamics();
            ClothException.Check(ClothNative.cloth_get_dynamics(W, id, ref d));
            return d;
        }
        public void SetDynamics(ClothDynamics dynamics) { ClothException.Check(ClothNative.cloth_set_dynamics(W, id, ref dynamics)); }
        // Tethers, sleep, the sleep speed, the teleport distance and the anchor acceleration
        // limit (start from cloth_default_controls).
        public ClothControls GetControls()
        {
            ClothControls c = ClothNative.cloth_default_controls();
            ClothException.Check(ClothNative.cloth_get_controls(W, id, ref c));
            return c;
        }
        public void SetControls(ClothControls controls) { ClothException.Check(ClothNative.cloth_set_controls(W, id, ref controls)); }
        // Drag and lift coefficients (0..=10 each); they act only in air.
        public void SetAerodynamics(double drag, double lift) { ClothException.Check(ClothNative.cloth_set_aerodynamics(W, id, drag, lift)); }
        public void GetAerodynamics(out double drag, out double lift) { ClothException.Check(ClothNative.cloth_get_aerodynamics(W, id, out drag, out lift)); }
        // The cloth's own air, on top of the world's (winds and turbulence add).
        public void SetAir(ClothAir air) { ClothException.Check(ClothNative.cloth_set_air(W, id, ref air)); }
        public void Wake() { ClothException.Check(ClothNative.cloth_wake(W, id)); }
        // The level of detail from the next step on (a world with a budget chooses it again each step).
        // Throws WrongPhase between BeginStep and EndStep, InvalidArgument for HalfRate with a dt over 0.5 s.
        public void SetDetail(ClothDetail level) { ClothException.Check(ClothNative.cloth_set_detail(W, id, (uint)level)); }
        // The level the last step ran at (with a budget, the one it chose), or the one set since; HalfRate
        // for a cloth waiting, frozen and idle, for its half-rate pair's frame.
        public ClothDetail GetDetail()
        {
            uint level;
            ClothException.Check(ClothNative.cloth_get_detail(W, id, out level));
            return (ClothDetail)level;
        }
        // The priority for the world's frame budget, any finite value (default 0): higher gets more
        // detail, e.g. minus the distance to the camera. Read when a step begins.
        public void SetPriority(double priority) { ClothException.Check(ClothNative.cloth_set_priority(W, id, priority)); }
        public double GetPriority()
        {
            double priority;
            ClothException.Check(ClothNative.cloth_get_priority(W, id, out priority));
            return priority;
        }
        public void Teleport() { ClothException.Check(ClothNative.cloth_teleport(W, id)); }
        // How the cloth stands now (worst link, tether ratio, local speed), measured during the call:
        // O(rows), for a debug overlay or a test rather than every frame.
        public ClothStats ReadStats()
        {
            ClothStats r = default(ClothStats);
            r.struct_size = (uint)sizeof(ClothStats);
            ClothException.Check(ClothNative.cloth_read_stats(W, id, ref r));
            return r;
        }
        public ClothStepReport LastStepReport()
        {
            ClothStepReport r = default(ClothStepReport);
            r.struct_size = (uint)sizeof(ClothStepReport);
            ClothException.Check(ClothNative.cloth_last_step_report(W, id, ref r));
            return r;
        }

        // ---- positions (float, m), the capacity taken from the buffer

        // Every node's position, in world space or the cloth's own frame; dst needs NodeCount entries.
        public void ReadPositions(ClothVec3f[] dst, ClothSpace space = ClothSpace.World)
        {
            if (dst == null) throw new ArgumentNullException("dst");
            fixed (ClothVec3f* p = dst) ReadPositions(p, dst.Length, space);
        }

        // For a NativeArray's or stackalloc'd memory: `capacity` entries at dst.
        public void ReadPositions(ClothVec3f* dst, int capacity, ClothSpace space = ClothSpace.World)
        {
            ClothException.Check(ClothNative.cloth_read_positions(W, id, (uint)space, dst, Count(capacity)));
        }

        // Animated positions of nodes first .. first + positions.Length, in the cloth frame.
        // With slack under 1 (every fabric preset), moving the fixed nodes alone leaves the
        // free nodes leashed near their old animated positions: set theirs too, or slack 1.
        public void SetAnimatedPositions(int first, ClothVec3f[] positions)
        {
            if (positions == null) throw new ArgumentNullException("positions");
            fixed (ClothVec3f* p = positions) SetAnimatedPositions(first, p, positions.Length);
        }

        public void SetAnimatedPositions(int first, ClothVec3f* positions, int count)
        {
            ClothException.Check(ClothNative.cloth_set_animated_positions(W, id, First(first), positions, Count(count)));
        }

        // ---- vertices: positions, normals and tangents at a stride, into the host's vertex buffer

        // Writes the fields `layout` names into `bytes` bytes at dst (other bytes untouched).
        public void ReadVertices(ClothVertexLayout layout, void* dst, int bytes)
        {
            ClothException.Check(ClothNative.cloth_read_vertices(W, id, &layout, dst, Count(bytes)));
        }

        public void ReadVertices(ClothVertexLayout layout, byte[] dst)
        {
            if (dst == null) throw new ArgumentNullException("dst");
            fixed (byte* p = dst) ReadVertices(layout, p, dst.Length);
        }

        // Every vertex of a mesh exported with seams: vertex i is node nodeMap[i] (a weldMap), for
        // i < nodeMap.Length; a dst longer than nodeMap.Length vertices keeps its other bytes.
        public void ReadVertices(ClothVertexLayout layout, uint[] nodeMap, byte[] dst)
        {
            if (nodeMap == null) throw new ArgumentNullException("nodeMap");
            if (dst == null) throw new ArgumentNullException("dst");
            layout.first_node = 0;
            layout.node_count = (uint)nodeMap.Length;
            fixed (uint* m = nodeMap)
            {
                layout.node_map = (IntPtr)m;
                layout.node_map_count = (UIntPtr)nodeMap.Length;
                fixed (byte* p = dst) ReadVertices(layout, p, dst.Length);
            }
        }

        // Max distances of nodes first .. first + distances.Length, m: each free node stays within its
        // distance of its animated position, exactly; 0 holds it there, a pin (a call that changes which
        // nodes are held at 0 rebuilds the cloth's tables and allocates). Finite, ≥ 0; all or nothing.
        public void SetMaxDistances(int first, float[] distances)
        {
            if (distances == null) throw new ArgumentNullException("distances");
            fixed (float* d = distances)
                ClothException.Check(ClothNative.cloth_set_max_distances(W, id, First(first), d, Count(distances.Length)));
        }

        public void ClearMaxDistances()
        {
            ClothException.Check(ClothNative.cloth_clear_max_distances(W, id));
        }

        // Backstops of nodes first .. first + radii.Length: each free node stays outside a sphere of
        // radii[i] m whose surface lies distances[i] m behind its animated position, against the
        // animated normal (distances null: 0). Radius 0 is none. All or nothing.
        public void SetBackstops(int first, float[] distances, float[] radii)
        {
            if (radii == null) throw new ArgumentNullException("radii");
            if (distances != null && distances.Length != radii.Length)
                throw new ArgumentException("distances and radii must hold as many entries (" + distances.Length + " and " + radii.Length + ")", "distances");
            fixed (float* d = distances)
            fixed (float* r = radii)
                ClothException.Check(ClothNative.cloth_set_backstops(W, id, First(first), d, r, Count(radii.Length)));
        }

        public void ClearBackstops()
        {
            ClothException.Check(ClothNative.cloth_clear_backstops(W, id));
        }

        // Anim-drive strengths of nodes first .. first + strengths.Length, 0 to 1: each free node is
        // pulled towards its animated position, closing that fraction of the gap every second (1:
        // follow the animation wherever the rows allow). All or nothing.
        public void SetAnimDrive(int first, float[] strengths)
        {
            if (strengths == null) throw new ArgumentNullException("strengths");
            fixed (float* s = strengths)
                ClothException.Check(ClothNative.cloth_set_anim_drive(W, id, First(first), s, Count(strengths.Length)));
        }

        public void ClearAnimDrive()
        {
            ClothException.Check(ClothNative.cloth_clear_anim_drive(W, id));
        }

        // Inertia scales of nodes first .. first + scales.Length, 0 to 1: how much of the cloth's inertia
        // each free node feels (0: welded to the anchor frame). All or nothing.
        public void SetInertiaScales(int first, float[] scales)
        {
            if (scales == null) throw new ArgumentNullException("scales");
            fixed (float* s = scales)
                ClothException.Check(ClothNative.cloth_set_inertia_scales(W, id, First(first), s, Count(scales.Length)));
        }

        public void ClearInertiaScales()
        {
            ClothException.Check(ClothNative.cloth_clear_inertia_scales(W, id));
        }

        // Masses of nodes first .. first + masses.Length, kg (read for free nodes: 1.2e-38, the smallest normal float, to 1e9). The
        // cloth steps on as one created with these masses would from its current state. All or
        // nothing; allocates: a call between steps, not one per frame.
        public void SetMasses(int first, float[] masses)
        {
            if (masses == null) throw new ArgumentNullException("masses");
            fixed (float* m = masses)
                ClothException.Check(ClothNative.cloth_set_masses(W, id, First(first), m, Count(masses.Length)));
        }

        // World-space impulses, N·s: impulses[i] on node nodes[i] (a hit, an explosion's push). A free
        // node's velocity changes by impulse / mass; a change faster than one trust region an iteration
        // is shared as one velocity by the nodes around it (a bullet on one node pushes the patch it
        // hits, momentum kept); a fixed node does not move. All or nothing.
        public void ApplyImpulses(uint[] nodes, ClothVec3[] impulses)
        {
            if (nodes == null) throw new ArgumentNullException("nodes");
            if (impulses == null) throw new ArgumentNullException("impulses");
            if (nodes.Length != impulses.Length)
                throw new ArgumentException("nodes and impulses must hold as many entries (" + nodes.Length + " and " + impulses.Length + ")", "impulses");
            fixed (uint* n = nodes)
            fixed (ClothVec3* j = impulses)
                ClothException.Check(ClothNative.cloth_apply_impulses(W, id, n, j, (UIntPtr)nodes.Length));
        }

        public void ApplyImpulse(uint node, ClothVec3 impulse)
        {
            ClothException.Check(ClothNative.cloth_apply_impulses(W, id, &node, &impulse, (UIntPtr)1));
        }

        // The cloth cooked (cloth_cook): bytes to save with the asset and pass to
        // SimWorld.CreateFromCooked later, on any machine. Allocates.
        public byte[] Cook()
        {
            UIntPtr size;
            ClothException.Check(ClothNative.cloth_cook(W, id, null, UIntPtr.Zero, &size));
            byte[] blob = new byte[(int)size];
            fixed (byte* b = blob)
                ClothException.Check(ClothNative.cloth_cook(W, id, b, size, &size));
            return blob;
        }

        // Binds the mesh the engine draws (its bind positions in the anchor frame) to the sheet; returns
        // its index for ReadRenderMesh / ClothVertexLayout.render_mesh. Allocates: not every frame.
        public uint AttachRenderMesh(ClothVec3f[] positions)
        {
            if (positions == null) throw new ArgumentNullException("positions");
            uint mesh = 0;
            fixed (ClothVec3f* p = positions)
                ClothException.Check(ClothNative.cloth_attach_render_mesh(W, id, p, Count(positions.Length), &mesh));
            return mesh;
        }

        // A render mesh's vertex positions and normals (either array may be null), packed.
        public void ReadRenderMesh(uint mesh, ClothVec3f[] positions, ClothVec3f[] normals, ClothSpace space = ClothSpace.World)
        {
            fixed (ClothVec3f* p = positions)
            fixed (ClothVec3f* n = normals)
                ReadRenderMesh(mesh, p, positions == null ? 0 : positions.Length, n, normals == null ? 0 : normals.Length, space);
        }

        public void ReadRenderMesh(uint mesh, ClothVec3f* positions, int positionCapacity, ClothVec3f* normals, int normalCapacity,
                                   ClothSpace space = ClothSpace.World)
        {
            ClothVertexLayout layout = ClothNative.cloth_default_vertex_layout();
            layout.space = (uint)space;
            layout.render_mesh = mesh;
            if (positions != null) ReadVertices(layout, positions, checked(positionCapacity * sizeof(ClothVec3f)));
            if (normals != null)
            {
                layout.position_offset = ClothNative.CLOTH_NO_FIELD;
                layout.normal_offset = 0;
                ReadVertices(layout, normals, checked(normalCapacity * sizeof(ClothVec3f)));
            }
        }

        // Every node's unit normal, packed; dst needs NodeCount entries.
        public void ReadNormals(ClothVec3f[] dst, ClothSpace space = ClothSpace.World)
        {
            if (dst == null) throw new ArgumentNullException("dst");
            fixed (ClothVec3f* p = dst) ReadNormals(p, dst.Length, space);
        }

        public void ReadNormals(ClothVec3f* dst, int capacity, ClothSpace space = ClothSpace.World)
        {
            if (capacity < nodes)
                ClothException.Throw(ClothStatus.BufferTooSmall, "SimCloth.ReadNormals: dst holds " + capacity + " entries; the cloth has " + nodes + " nodes");
            ClothVertexLayout layout = ClothNative.cloth_default_vertex_layout();
            layout.space = (uint)space;
            layout.position_offset = ClothNative.CLOTH_NO_FIELD;
            layout.normal_offset = 0;
            ReadVertices(layout, dst, checked(capacity * sizeof(ClothVec3f)));
        }

        // ---- node poses: doubles as the library keeps them, or floats

        // Every node's world pose and local pose (relative to its parent node; roots relative to the
        // anchor). Either array may be null (not both); each needs NodeCount entries.
        public void ReadNodePoses(ClothPose[] world, ClothPose[] local)
        {
            fixed (ClothPose* w = world)
            fixed (ClothPose* l = local)
                ReadNodePoses(w, l, Capacity(world, local));
        }

        // Pointer form: `capacity` entries at each non-null pointer.
        public void ReadNodePoses(ClothPose* world, ClothPose* local, int capacity)
        {
            ClothException.Check(ClothNative.cloth_read_node_poses(this.W, id, world, local, Count(capacity)));
        }

        // The same poses in floats (positions rounded from double, rotations too), through a scratch
        // buffer of NodeCount doubles per requested output, allocated on the first call.
        public void ReadNodePoses(ClothPosef[] world, ClothPosef[] local)
        {
            fixed (ClothPosef* w = world)
            fixed (ClothPosef* l = local)
                ReadNodePoses(w, l, Capacity(world, local));
        }

        public void ReadNodePoses(ClothPosef* world, ClothPosef* local, int capacity)
        {
            // Neither wanted: the library says what that is (NULL_POINTER, or BUFFER_TOO_SMALL at 0).
            if (world == null && local == null)
            {
                ReadNodePoses((ClothPose*)null, null, capacity);
                return;
            }
            if (capacity < nodes)
                ClothException.Throw(ClothStatus.BufferTooSmall,
                    "SimCloth.ReadNodePoses: room for " + capacity + " poses, the cloth has " + nodes + " nodes");
            if (world != null && scratchWorld == null) scratchWorld = new ClothPose[nodes];
            if (local != null && scratchLocal == null) scratchLocal = new ClothPose[nodes];
            fixed (ClothPose* w = scratchWorld)
            fixed (ClothPose* l = scratchLocal)
            {
                ClothPose* sw = world != null ? w : null;
                ClothPose* sl = local != null ? l : null;
                ReadNodePoses(sw, sl, nodes);
                for (int i = 0; i < nodes; i++)
                {
                    if (sw != null) Round(sw + i, world + i);
                    if (sl != null) Round(sl + i, local + i);
                }
            }
        }

        static void Round(ClothPose* d, ClothPosef* f)
        {
            f->position.x = (float)d->translation.x;
            f->position.y = (float)d->translation.y;
            f->position.z = (float)d->translation.z;
            f->rotation.x = (float)d->rotation.x;
            f->rotation.y = (float)d->rotation.y;
            f->rotation.z = (float)d->rotation.z;
            f->rotation.w = (float)d->rotation.w;
        }

        // One capacity for two optional buffers: the shorter one's length.
        static int Capacity(Array a, Array b)
        {
            if (a == null || a.Length == 0) return b == null ? 0 : b.Length;
            if (b == null || b.Length == 0) return a.Length;
            return Math.Min(a.Length, b.Length);
        }

        static UIntPtr Count(int n)
        {
            if (n < 0) throw new ArgumentOutOfRangeException("capacity", "a count is never negative");
            return (UIntPtr)(uint)n;
        }

        // The first node of a range: a C# int where the library takes a uint, so never negative.
        static uint First(int first)
        {
            if (first < 0) throw new ArgumentOutOfRangeException("first", first, "a node index is never negative");
            return (uint)first;
        }

#if CLOTH_SPAN
        // ---- Span<T> forms: the capacity is the span's length.

        public void ReadPositions(Span<ClothVec3f> dst, ClothSpace space = ClothSpace.World)
        {
            fixed (ClothVec3f* p = &MemoryMarshal.GetReference(dst)) ReadPositions(p, dst.Length, space);
        }

        public void SetAnimatedPositions(int first, ReadOnlySpan<ClothVec3f> positions)
        {
            fixed (ClothVec3f* p = &MemoryMarshal.GetReference(positions)) SetAnimatedPositions(first, p, positions.Length);
        }

        // An empty span is "not wanted" (NULL).
        public void ReadNodePoses(Span<ClothPose> world, Span<ClothPose> local)
        {
            fixed (ClothPose* w = &MemoryMarshal.GetReference(world))
            fixed (ClothPose* l = &MemoryMarshal.GetReference(local))
                ReadNodePoses(w, l, SpanCapacity(world.Length, local.Length));
        }

        public void ReadNodePoses(Span<ClothPosef> world, Span<ClothPosef> local)
        {
            fixed (ClothPosef* w = &MemoryMarshal.GetReference(world))
            fixed (ClothPosef* l = &MemoryMarshal.GetReference(local))
                ReadNodePoses(w, l, SpanCapacity(world.Length, local.Length));
        }

        static int SpanCapacity(int a, int b)
        {
            if (a == 0) return b;
            if (b == 0) return a;
            return Math.Min(a, b);
        }
#endif

#if UNITY_5_3_OR_NEWER
        // ---- Unity: Vector3 is laid out as ClothVec3f, Quaternion as ClothQuatf.

        public void SetAnchorPose(Vector3 position, Quaternion rotation) { SetAnchorPose(ClothUnity.ToClothPose(position, rotation)); }
        public void PlaceAnchor(Vector3 position, Quaternion rotation) { PlaceAnchor(ClothUnity.ToClothPose(position, rotation)); }
        public void SetAnchorVelocity(Vector3 velocity) { SetAnchorVelocity(new ClothVec3 { x = velocity.x, y = velocity.y, z = velocity.z }); }

        // Into a mesh's vertices (Mesh.SetVertices) or any Vector3 buffer.
        public void ReadPositions(Vector3[] dst, ClothSpace space = ClothSpace.World)
        {
            if (dst == null) throw new ArgumentNullException("dst");
            fixed (Vector3* p = dst) ReadPositions((ClothVec3f*)p, dst.Length, space);
        }

        public void ReadPositions(NativeArray<Vector3> dst, ClothSpace space = ClothSpace.World)
        {
            ReadPositions((ClothVec3f*)NativeArrayUnsafeUtility.GetUnsafePtr(dst), dst.Length, space);
        }

        public uint AttachRenderMesh(Vector3[] positions) { return AttachRenderMesh(ClothUnity.ToCloth(positions)); }

        // Into the render mesh's Mesh.SetVertices / SetNormals arrays (either may be null).
        public void ReadRenderMesh(uint mesh, Vector3[] positions, Vector3[] normals, ClothSpace space = ClothSpace.World)
        {
            fixed (Vector3* p = positions)
            fixed (Vector3* n = normals)
                ReadRenderMesh(mesh, (ClothVec3f*)p, positions == null ? 0 : positions.Length, (ClothVec3f*)n, normals == null ? 0 : normals.Length, space);
        }

        // Into a mesh's normals (Mesh.SetNormals) or any Vector3 buffer.
        public void ReadNormals(Vector3[] dst, ClothSpace space = ClothSpace.World)
        {
            if (dst == null) throw new ArgumentNullException("dst");
            fixed (Vector3* p = dst) ReadNormals((ClothVec3f*)p, dst.Length, space);
        }

        public void ReadNormals(NativeArray<Vector3> dst, ClothSpace space = ClothSpace.World)
        {
            ReadNormals((ClothVec3f*)NativeArrayUnsafeUtility.GetUnsafePtr(dst), dst.Length, space);
        }

        public void SetAnimatedPositions(int first, Vector3[] positions)
        {
            if (positions == null) throw new ArgumentNullException("positions");
            fixed (Vector3* p = positions) SetAnimatedPositions(first, (ClothVec3f*)p, positions.Length);
        }

        public void SetAnimatedPositions(int first, NativeArray<Vector3> positions)
        {
            SetAnimatedPositions(first, (ClothVec3f*)NativeArrayUnsafeUtility.GetUnsafeReadOnlyPtr(positions), positions.Length);
        }

        public void ReadNodePoses(NativeArray<ClothPosef> world, NativeArray<ClothPosef> local)
        {
            ClothPosef* w = world.IsCreated && world.Length > 0 ? (ClothPosef*)NativeArrayUnsafeUtility.GetUnsafePtr(world) : null;
            ClothPosef* l = local.IsCreated && local.Length > 0 ? (ClothPosef*)NativeArrayUnsafeUtility.GetUnsafePtr(local) : null;
            int capacity = w == null ? (l == null ? 0 : local.Length) : (l == null ? world.Length : Math.Min(world.Length, local.Length));
            ReadNodePoses(w, l, capacity);
        }
#endif
    }

    // A collider set: colliders that one or several cloths collide with. Dispose destroys it and its
    // colliders; a set still used by a cloth (CLOTH_STATUS_IN_USE) is left as it was, usable, and
    // freed with its world (or by a Destroy once no cloth uses it). Destroy does the same but throws
    // ClothException (InUse) for a set a cloth still uses.
    public sealed class SimColliderSet : IDisposable
    {
        readonly SimWorld world;
        readonly ClothColliderSetId id;

        internal SimColliderSet(SimWorld world, ClothColliderSetId id)
        {
            this.world = world;
            this.id = id;
        }

        public ClothColliderSetId Id { get { return id; } }

        public void Dispose() { ClothNative.cloth_collider_set_destroy(world.Handle, id); }

        // Destroys the set and its colliders; throws ClothException with ClothStatus.InUse while a
        // cloth still collides with it (SimCloth.SetColliders(null) first), StaleId once destroyed.
        public void Destroy() { ClothException.Check(ClothNative.cloth_collider_set_destroy(world.Live, id)); }

        // Adds a collider (desc from ClothNative.cloth_default_collider_desc()) at desc.pose; throws
        // ClothException with ClothStatus.OutOfRange when the set already holds 65,535 colliders.
        public ClothColliderId Add(ClothColliderDesc desc)
        {
            ClothColliderId c;
            ClothException.Check(ClothNative.cloth_collider_create(world.Live, id, ref desc, out c));
            return c;
        }

        // This frame's pose (the collider sweeps from its previous one).
        public void SetPose(ClothColliderId collider, ClothPose pose) { ClothException.Check(ClothNative.cloth_collider_set_pose(world.Live, collider, ref pose)); }
        // Another shape (desc's shape and dimensions; its pose is not read). The id stays valid.
        public void SetShape(ClothColliderId collider, ClothColliderDesc desc) { ClothException.Check(ClothNative.cloth_collider_set_shape(world.Live, collider, ref desc)); }
        // A placement without travel.
        public void Place(ClothColliderId collider, ClothPose pose) { ClothException.Check(ClothNative.cloth_collider_place(world.Live, collider, ref pose)); }
        public void Remove(ClothColliderId collider) { ClothException.Check(ClothNative.cloth_collider_destroy(world.Live, collider)); }

#if UNITY_5_3_OR_NEWER
        public void SetPose(ClothColliderId collider, Vector3 position, Quaternion rotation) { SetPose(collider, ClothUnity.ToClothPose(position, rotation)); }
#endif
    }

#if UNITY_5_3_OR_NEWER
    // Conversions between Unity's float types and the header's doubles.
    public static class ClothUnity
    {
        public static ClothVec3 ToCloth(this Vector3 v) { return new ClothVec3(v.x, v.y, v.z); }
        public static ClothVec3f ToClothf(this Vector3 v) { return new ClothVec3f(v.x, v.y, v.z); }

        public static ClothQuat ToCloth(this Quaternion q)
        {
            ClothQuat c;
            c.x = q.x;
            c.y = q.y;
            c.z = q.z;
            c.w = q.w;
            return c;
        }

        public static ClothPose ToClothPose(Vector3 position, Quaternion rotation)
        {
            ClothPose p;
            p.translation = position.ToCloth();
            p.rotation = rotation.ToCloth();
            return p;
        }

        public static Vector3 ToVector3(this ClothVec3f v) { return new Vector3(v.x, v.y, v.z); }
        public static Vector3 ToVector3(this ClothVec3 v) { return new Vector3((float)v.x, (float)v.y, (float)v.z); }
        public static Quaternion ToQuaternion(this ClothQuatf q) { return new Quaternion(q.x, q.y, q.z, q.w); }
        public static Quaternion ToQuaternion(this ClothQuat q) { return new Quaternion((float)q.x, (float)q.y, (float)q.z, (float)q.w); }

        internal static ClothVec3f[] ToCloth(Vector3[] v)
        {
            if (v == null) return null;
            ClothVec3f[] c = new ClothVec3f[v.Length];
            for (int i = 0; i < v.Length; i++) c[i] = v[i].ToClothf();
            return c;
        }
    }
#endif
}
