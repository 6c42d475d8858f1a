// A Unity script's view: UnityEngine, Unity.Entities and ClothSim imported together. `Cloth`, `Pose`
// and `World` must still name Unity's types, unambiguously (error CS0104 otherwise), and the binding's
// Unity overloads must take Unity's Vector3 and Quaternion. Compiled only (ffi/tests/mono.rs).
// Guarded by CLOTH_UNITY_STAND_IN, as UnityStandIn.cs is.

#if CLOTH_UNITY_STAND_IN
using ClothSim;
using Unity.Collections;
using Unity.Entities;
using UnityEngine;

public static class UnityUser
{
    public static Cloth unityCloth;
    public static Pose unityPose;
    public static World entitiesWorld;

    // Awake: a cotton cape spawned at the spine's pose in a car moving at 20 m/s.
    public static SimCloth Spawn(SimWorld world, Vector3[] vertices, float[] masses, uint[] fixedNodes, uint[] triangles,
                                 SimColliderSet body)
    {
        SimCloth cape = world.CreateSheet(vertices, masses, fixedNodes, triangles, ClothPreset.Cotton,
                                          ClothUnity.ToClothPose(unityPose.position, unityPose.rotation), body);
        cape.SetAnchorVelocity(new Vector3(20, 0, 0));
        return cape;
    }

    public static void Frame(SimWorld world, SimCloth cape, SimColliderSet body, ClothColliderId torso, Vector3[] vertices,
                             NativeArray<Vector3> native, ClothPosef[] bones)
    {
        world.BeginFrame();
        body.SetPose(torso, new Vector3(0, 1, 0), new Quaternion(0, 0, 0, 1));
        cape.SetAnchorPose(unityPose.position, unityPose.rotation);
        world.Step();
        cape.ReadPositions(vertices);
        cape.ReadPositions(native, ClothSpace.Cloth);
        cape.ReadNodePoses(null, bones);
        Vector3 p = bones[0].position.ToVector3();
        Quaternion q = bones[0].rotation.ToQuaternion();
        unityPose.position = p;
        unityPose.rotation = q;
    }
}

#endif
