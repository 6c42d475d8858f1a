// Stand-ins for the Unity types Cloth.cs meets inside Unity, to compile it as a Unity project would
// (with UNITY_5_3_OR_NEWER) without Unity: the two types the old binding collided with
// (UnityEngine.Cloth, UnityEngine.Pose), Unity.Entities.World, and the members Cloth.cs uses of
// Vector3, Quaternion and NativeArray<T>. Compiled only, never run (ffi/tests/mono.rs).
// Guarded by CLOTH_UNITY_STAND_IN (the test defines it), so that a copy of this folder inside a Unity
// project compiles to nothing.

#if CLOTH_UNITY_STAND_IN
namespace UnityEngine
{
    public class Cloth { }

    public struct Pose
    {
        public Vector3 position;
        public Quaternion rotation;
    }

    public struct Vector3
    {
        public float x, y, z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
    }

    public struct Quaternion
    {
        public float x, y, z, w;
        public Quaternion(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
    }
}

namespace Unity.Entities
{
    public class World { }
}

namespace Unity.Collections
{
    public struct NativeArray<T> where T : struct
    {
        public int Length { get { return 0; } }
        public bool IsCreated { get { return false; } }
    }
}

namespace Unity.Collections.LowLevel.Unsafe
{
    public static unsafe class NativeArrayUnsafeUtility
    {
        public static void* GetUnsafePtr<T>(this NativeArray<T> array) where T : struct { return null; }
        public static void* GetUnsafeReadOnlyPtr<T>(this NativeArray<T> array) where T : struct { return null; }
    }
}

#endif
