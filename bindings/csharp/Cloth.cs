// Cloth.cs — the C# (P/Invoke) binding of include/cloth.h for Unity, ABI version 1.
//
// A mirror of the header, checked against it by ffi/tests/csharp.rs (every exported function has a
// binding with the same parameter names and count; every struct has the same fields in the same order
// with the matching types; every constant and status has the same value), so the two cannot drift.
// Read the header's essay for ownership, threads and units; it applies here unchanged.
//
// - Structs are blittable (uint, ulong, double, float, IntPtr and nested structs only; no bool — the
//   ABI has none), so they cross without copying or marshalling code.
// - Flags are uint 0/1. Enums arrive as uint constants (CLOTH_PRESET_*, CLOTH_SHAPE_*, …).
// - Descriptors begin with struct_size: start from the Native.cloth_default_* functions, which fill it.
// - Arrays inside descriptors (positions, masses, triangles, …) are IntPtr: pin them for the duration
//   of the create call (`fixed`, or GCHandle.Alloc(array, GCHandleType.Pinned)); nothing keeps them.
// - Output buffers are arrays the caller allocates (length = cloth_node_count), passed with their
//   length; a null array is NULL.
// - Errors: every call returns a Status; Native.LastError() reads this thread's message.
//
// Loading: the library is "cloth" (libcloth.so / libcloth.dylib / cloth.dll under Assets/Plugins).
// With IL2CPP on iOS (and WebGL) native code is linked statically into the player: the import name
// must then be "__Internal", which the #if below selects; ship libcloth.a for those targets.
// One library runs on every x86-64 CPU: AVX2 kernels where the CPU has them, chosen at run time
// (Native.cloth_cpu_path()), the same bits either way.

using System;
using System.Runtime.InteropServices;

namespace Cloth
{
    // What a call did (cloth_status): 0 is Ok, every other value a stable, numbered refusal.
    public enum Status : uint
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
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct World
    {
        public uint index;
        public uint generation;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Vec3f
    {
        public float x;
        public float y;
        public float z;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct SheetDesc
    {
        // sizeof(cloth_sheet_desc).
        public uint struct_size;
        // Nodes (particles), ≥ 1.
        public uint node_count;
        // Triangles.
        public uint triangle_count;
        // node_count bind positions in the anchor frame, m.
        public IntPtr positions;
        // node_count masses, kg (read for free nodes: finite, > 0).
        public IntPtr masses;
        // node_count flags: 1 = fixed to its animated position, 0 = free. May be
        // NULL: every node free (then nothing holds the sheet).
        public IntPtr @fixed;
        // 3 × triangle_count node indices.
        public IntPtr triangles;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Vec3
    {
        public double x;
        public double y;
        public double z;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Dynamics
    {
        // sizeof(cloth_dynamics).
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
        // Fixed step, s, (0, 1]. Default 1/60.
        public double dt;
        // Gravity in world space, m/s² (default 0, −9.81, 0).
        public Vec3 gravity;
        // Strain allowance control 0..=1 (read only with strain_limit).
        public double stretch;
        // Bending resistance 0..=1.
        public double bend;
        // Damping 0..=1: v ← v·exp(−10·damping·h) per substep.
        public double damping;
        // How much of the anchor's motion the particles feel, 0..=1 (0: welded
        // to the anchor frame; 1: full world inertia).
        public double inertia;
        // Leash 0..=1: each particle may stray 2·slack·d_geo from its animated
        // position; 1 is no leash.
        public double slack;
        // Contact offset, m, 0..=0.5.
        public double thickness;
        // Coulomb friction coefficient against colliders, 0..=4.
        public double friction;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Quat
    {
        public double x;
        public double y;
        public double z;
        public double w;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Pose
    {
        public Vec3 translation;
        public Quat rotation;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ColliderSetId
    {
        public uint index;
        public uint generation;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Desc
    {
        // sizeof(cloth_desc).
        public uint struct_size;
        // A library entry (CLOTH_PRESET_SILK … CLOTH_PRESET_HAIR, default
        // COTTON), or CLOTH_PRESET_CUSTOM to use `dynamics`.
        public uint preset;
        // The dynamics for CLOTH_PRESET_CUSTOM (read during the call); must be
        // NULL with a library preset.
        public IntPtr dynamics;
        // The anchor's world pose at creation (placed: no motion is felt).
        public Pose anchor;
        // The collider set the cloth collides with (generation 0: none).
        public ColliderSetId colliders;
        // 1 (default): refuse a free node whose bind position lies within the
        // contact offset of a collider of `colliders` (the garment was authored
        // inside the body); 0: skip the check.
        public uint bind_pose_check;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Id
    {
        public uint index;
        public uint generation;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct TreeDesc
    {
        // sizeof(cloth_tree_desc).
        public uint struct_size;
        // Nodes, ≥ 1.
        public uint node_count;
        // node_count bind positions in the anchor frame, m.
        public IntPtr positions;
        // node_count masses, kg (read for nodes with a parent).
        public IntPtr masses;
        // node_count parents: another node's index, or CLOTH_NO_PARENT for a
        // root, which hangs from the anchor and is fixed.
        public IntPtr parents;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct RigDesc
    {
        // sizeof(cloth_rig_desc).
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
        // node_count masses, kg.
        public IntPtr masses;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct StepReport
    {
        // sizeof(cloth_step_report), set by the caller.
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
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ColliderDesc
    {
        // sizeof(cloth_collider_desc).
        public uint struct_size;
        // CLOTH_SHAPE_SPHERE, _CAPSULE, _TAPERED_CAPSULE, _PLANE or _CUBOID.
        public uint shape;
        // Capsule and tapered capsule: the segment's first end, m (local).
        public Vec3 a;
        // Capsule and tapered capsule: the segment's second end, m (local).
        public Vec3 b;
        // Sphere and capsule radius; the tapered capsule's radius at a, m.
        public double radius;
        // Tapered capsule: the radius at b, m.
        public double radius_b;
        // Cuboid: half extents along the local axes (outer), m.
        public Vec3 half_extents;
        // Cuboid: edge and corner rounding, m (0 = sharp).
        public double corner_radius;
        // World pose (previous = current: the collider has not moved).
        public Pose pose;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ColliderId
    {
        public ColliderSetId set;
        public uint index;
        public uint generation;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct WorldDesc
    {
        // sizeof(cloth_world_desc).
        public uint struct_size;
        // Worker threads the world starts and owns, 0..=256. 0 (the default)
        // starts none: cloth_world_step runs on the calling thread, and a host
        // with its own job system uses begin_step / step_cloth / end_step.
        public uint threads;
    }

    public static class Native
    {
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        const string Lib = "__Internal";
#else
        const string Lib = "cloth";
#endif

        public const uint CLOTH_ABI_VERSION = 1;
        public const uint CLOTH_NO_PARENT = 4294967295;
        public const double CLOTH_MAX_COORDINATE = 1.0e6;
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
        public const uint CLOTH_SHAPE_SPHERE = 0;
        public const uint CLOTH_SHAPE_CAPSULE = 1;
        public const uint CLOTH_SHAPE_TAPERED_CAPSULE = 2;
        public const uint CLOTH_SHAPE_PLANE = 3;
        public const uint CLOTH_SHAPE_CUBOID = 4;
        public const uint CLOTH_SPACE_WORLD = 0;
        public const uint CLOTH_SPACE_CLOTH = 1;
        public const uint CLOTH_WATCHDOG_NONE = 0;
        public const uint CLOTH_WATCHDOG_NON_FINITE = 1;
        public const uint CLOTH_WATCHDOG_EXPLODED = 2;
        public const uint CLOTH_CPU_PATH_BASELINE = 0;
        public const uint CLOTH_CPU_PATH_AVX2 = 1;

        // This thread's last error message ("" after a success).
        public static string LastError() => Marshal.PtrToStringAnsi(cloth_last_error_message());

        // ---- the boundary
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr cloth_last_error_message();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr cloth_status_name(uint status);

        // ---- defaults and versions
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Pose cloth_pose_identity();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern WorldDesc cloth_default_world_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Dynamics cloth_default_dynamics();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Desc cloth_default_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern SheetDesc cloth_default_sheet_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern TreeDesc cloth_default_tree_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern RigDesc cloth_default_rig_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern ColliderDesc cloth_default_collider_desc();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_preset_dynamics(uint preset, out Dynamics @out);
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
        public static extern Status cloth_world_create(in WorldDesc desc, out World out_world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_world_destroy(World world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_world_begin_frame(World world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_world_step(World world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_world_begin_step(World world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_world_step_cloth(World world, Id cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_world_end_step(World world);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_world_cloth_count(World world, out uint out_count);

        // ---- collider sets and colliders
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_collider_set_create(World world, out ColliderSetId out_set);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_collider_set_destroy(World world, ColliderSetId set);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_collider_create(World world, ColliderSetId set, in ColliderDesc desc, out ColliderId out_collider);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_collider_set_pose(World world, ColliderId collider, in Pose pose);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_collider_place(World world, ColliderId collider, in Pose pose);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_collider_destroy(World world, ColliderId collider);

        // ---- cloths
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_create_sheet(World world, in SheetDesc sheet, in Desc desc, out Id out_cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_create_tree(World world, in TreeDesc tree, in Desc desc, out Id out_cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_create_rig(World world, in RigDesc rig, in Desc desc, out Id out_cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_destroy(World world, Id cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_set_colliders(World world, Id cloth, ColliderSetId set);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_set_anchor_pose(World world, Id cloth, in Pose pose);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_place_anchor(World world, Id cloth, in Pose pose);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_set_animated_positions(World world, Id cloth, uint first, [In] Vec3f[] positions, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_set_dynamics(World world, Id cloth, in Dynamics dynamics);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_get_dynamics(World world, Id cloth, out Dynamics out_dynamics);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_wake(World world, Id cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_teleport(World world, Id cloth);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_node_count(World world, Id cloth, out uint out_count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_read_positions(World world, Id cloth, uint space, [Out] Vec3f[] @out, UIntPtr capacity);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_read_node_poses(World world, Id cloth, [Out] Pose[] out_world, [Out] Pose[] out_local, UIntPtr capacity);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern Status cloth_last_step_report(World world, Id cloth, ref StepReport @out);
    }
}
