// The C# binding, run (issue 20): ffi/examples/host.c's scene — a cape (a sheet) and a rope (a tree)
// on a walking, swaying anchor, colliding with a torso capsule, a head sphere and a ground plane, on a
// world with two threads — stepped for 300 frames through the safe layer, with positions and node poses
// (double and float) read back every frame. Its digest of every position read (FNV-1a over the float
// bits, as host.c computes it) must equal host.c's bit for bit: ffi/tests/mono.rs compares the two.
// Odd frames step with cloth_world_step, even frames with begin_step / step_cloth / end_step (the
// job-system path, raw handles by value): the header promises the same bits either way.
//
// It also measures the managed allocations of frames 31..300 (GC.GetAllocatedBytesForCurrentThread,
// after checking that the counter sees a one-byte array) and requires zero; checks each descriptor's
// struct_size against the C# struct's size; creates a sheet, a strand, a rig and a cooked sheet from
// each library preset through the safe layer alone (ClothPreset) and steps them; checks what
// SetAnchorVelocity means (the velocity at the spawn pose); and walks the error paths — every status a
// host can provoke, through the raw layer (NULL through `ref *(T*)null`, short, misaligned and stale)
// and through the safe layer (ClothException, and the managed refusals it adds) — each checked for its
// status and its message (which never says C's sizeof). Exit code 0 and a last line "ClothTest.cs: ok"
// on success.
//
// Build: mcs -unsafe bindings/csharp/Cloth.cs bindings/csharp/tests/ClothTest.cs; run with mono, with
// libcloth.so beside the executable or on LD_LIBRARY_PATH.
// Not compiled inside Unity (a copy of this folder in a project compiles to nothing).

#if !UNITY_5_3_OR_NEWER
using System;
using System.Threading;
using ClothSim;

static unsafe class ClothTest
{
    const int COLUMNS = 16;
    const int ROWS = 20;
    const float SPACING = 0.025f;
    const int ROPE_NODES = 30;
    const float ROPE_LINK = 0.04f;
    const int FRAMES = 300;
    // Frames before the allocation count starts (first calls bind their P/Invoke stubs, the float
    // pose read allocates its scratch buffer).
    const int WARM_UP = 30;

    static int failures;

    static void Expect(bool ok, string what)
    {
        if (ok) return;
        Console.Error.WriteLine("ClothTest.cs: check failed: " + what);
        failures++;
    }

    static void Check(ClothStatus s, string what)
    {
        if (s == ClothStatus.Ok) return;
        Console.Error.WriteLine("ClothTest.cs: " + what + " failed: " + ClothNative.StatusName(s) + ": " + ClothNative.LastError());
        Environment.Exit(1);
    }

    // The anchor at frame k (host.c's anchor_at): a walk along X (2.4 m/s for a second, stop, back,
    // stop) and a sway of ±0.3 rad about +Y.
    static ClothPose AnchorAt(int k)
    {
        double t = k / 60.0, phase = t % 4.0, x;
        if (phase < 1.0) x = 2.4 * phase;
        else if (phase < 2.0) x = 2.4;
        else if (phase < 3.0) x = 2.4 - 2.4 * (phase - 2.0);
        else x = 0.0;
        double half = 0.5 * 0.3 * Math.Sin(1.3 * t);
        ClothPose p = ClothNative.cloth_pose_identity();
        p.translation.x = x;
        p.translation.y = 1.5;
        p.rotation.y = Math.Sin(half);
        p.rotation.w = Math.Cos(half);
        return p;
    }

    // A pose composed with a local offset, translation only (host.c's offset).
    static ClothPose Offset(ClothPose anchor, double x, double y, double z)
    {
        ClothQuat q = anchor.rotation;
        double tx = 2 * (q.y * z - q.z * y), ty = 2 * (q.z * x - q.x * z), tz = 2 * (q.x * y - q.y * x);
        ClothPose p = anchor;
        p.translation.x += x + q.w * tx + (q.y * tz - q.z * ty);
        p.translation.y += y + q.w * ty + (q.z * tx - q.x * tz);
        p.translation.z += z + q.w * tz + (q.x * ty - q.y * tx);
        return p;
    }

    // FNV-1a over the bytes of the positions (host.c's digest).
    static ulong Digest(ulong h, ClothVec3f[] positions)
    {
        fixed (ClothVec3f* p = positions)
        {
            byte* b = (byte*)p;
            int bytes = positions.Length * sizeof(ClothVec3f);
            for (int i = 0; i < bytes; i++)
            {
                h ^= b[i];
                h *= 0x100000001b3UL;
            }
        }
        return h;
    }

    static double Distance(ClothVec3f a, ClothVec3 b)
    {
        double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
        return Math.Sqrt(dx * dx + dy * dy + dz * dz);
    }

    static double Distance(ClothVec3f a, ClothVec3f b)
    {
        return Distance(a, new ClothVec3(b.x, b.y, b.z));
    }

    static int Main()
    {
        Console.WriteLine("cloth " + ClothNative.Version() + ", ABI " + ClothNative.cloth_abi_version() + " (binding " +
                          ClothNative.CLOTH_ABI_VERSION + "), CPU supported: " + ClothNative.cloth_cpu_supported());
        if (ClothNative.cloth_abi_version() != ClothNative.CLOTH_ABI_VERSION)
        {
            Console.Error.WriteLine("ClothTest.cs: the library's ABI differs from the binding's");
            return 1;
        }
        Console.WriteLine("kernels: " + (new[] { "baseline", "avx2", "avx2-packed" })[ClothNative.cloth_cpu_path()]);
        Sizes();
        Scene();
        Wind();
        Presets();
        AnchorVelocity();
        ShiftOrigin();
        Levels();
        ErrorPaths();
        if (failures > 0)
        {
            Console.Error.WriteLine("ClothTest.cs: " + failures + " checks failed");
            return 1;
        }
        Console.WriteLine("ClothTest.cs: ok");
        return 0;
    }

    // Each descriptor's struct_size (the library's sizeof) is the C# struct's size; handles are 8
    // bytes, a collider id 16.
    static void Sizes()
    {
        Expect(ClothNative.cloth_default_world_desc().struct_size == sizeof(ClothWorldDesc), "sizeof(ClothWorldDesc)");
        Expect(ClothNative.cloth_default_dynamics().struct_size == sizeof(ClothDynamics), "sizeof(ClothDynamics)");
        Expect(ClothNative.cloth_default_desc().struct_size == sizeof(ClothDesc), "sizeof(ClothDesc)");
        Expect(ClothNative.cloth_default_sheet_desc().struct_size == sizeof(ClothSheetDesc), "sizeof(ClothSheetDesc)");
        Expect(ClothNative.cloth_default_tree_desc().struct_size == sizeof(ClothTreeDesc), "sizeof(ClothTreeDesc)");
        Expect(ClothNative.cloth_default_rig_desc().struct_size == sizeof(ClothRigDesc), "sizeof(ClothRigDesc)");
        Expect(ClothNative.cloth_default_collider_desc().struct_size == sizeof(ClothColliderDesc), "sizeof(ClothColliderDesc)");
        Expect(ClothNative.cloth_default_air().struct_size == sizeof(ClothAir), "sizeof(ClothAir)");
        Expect(ClothNative.cloth_default_vertex_layout().struct_size == sizeof(ClothVertexLayout), "sizeof(ClothVertexLayout)");
        Expect(ClothNative.cloth_default_frame_budget().struct_size == sizeof(ClothFrameBudget), "sizeof(ClothFrameBudget)");
        Expect(sizeof(ClothWorld) == 8 && sizeof(ClothId) == 8 && sizeof(ClothColliderSetId) == 8, "handles are 8 bytes");
        Expect(sizeof(ClothColliderId) == 16 && sizeof(ClothPose) == 56 && sizeof(ClothStepReport) == 48, "sizes of ids, poses, reports");
        Console.WriteLine("struct sizes: world desc " + sizeof(ClothWorldDesc) + ", dynamics " + sizeof(ClothDynamics) + ", desc " +
                          sizeof(ClothDesc) + ", sheet " + sizeof(ClothSheetDesc) + ", collider desc " + sizeof(ClothColliderDesc) +
                          " bytes: each the library's struct_size");
    }

    static void Scene()
    {
        SimWorld world = new SimWorld(2);
        Expect(world.Handle.Generation != 0, "a live world's generation is not 0");

        // The body: one collider set shared by the cape and the rope.
        SimColliderSet body = world.CreateColliderSet();
        ClothPose anchor = AnchorAt(0);
        ClothColliderDesc cd = ClothNative.cloth_default_collider_desc();
        cd.shape = ClothNative.CLOTH_SHAPE_CAPSULE;
        cd.a.y = -0.45;
        cd.radius = 0.12;
        cd.pose = Offset(anchor, 0.19, 0.0, -0.2);
        ClothColliderId torso = body.Add(cd);
        cd = ClothNative.cloth_default_collider_desc();
        cd.radius = 0.1;
        cd.pose = Offset(anchor, 0.19, 0.2, -0.2);
        ClothColliderId head = body.Add(cd);
        cd = ClothNative.cloth_default_collider_desc();
        cd.shape = ClothNative.CLOTH_SHAPE_PLANE;
        cd.pose = ClothNative.cloth_pose_identity();
        body.Add(cd);
        Expect(torso.set.packed == body.Id.packed && head.generation != 0, "a collider id carries its set");

        // The cape: a COLUMNS × ROWS sheet hanging from its top row, one diagonal per quad. Every
        // float product is cast to float, as C99 on x86-64 rounds each (no wider intermediate).
        ClothVec3f[] capePositions = new ClothVec3f[COLUMNS * ROWS];
        float[] capeMasses = new float[COLUMNS * ROWS];
        uint[] capeFixed = new uint[COLUMNS * ROWS];
        uint[] capeTriangles = new uint[6 * (COLUMNS - 1) * (ROWS - 1)];
        int t = 0;
        for (int r = 0; r < ROWS; r++)
        {
            for (int c = 0; c < COLUMNS; c++)
            {
                int n = r * COLUMNS + c;
                capePositions[n].x = (float)(c * SPACING);
                capePositions[n].y = (float)(-r * SPACING);
                capePositions[n].z = (float)((float)(1e-3f * r) * SPACING);
                capeMasses[n] = (float)(0.4f / (COLUMNS * ROWS));
                capeFixed[n] = r == 0 ? 1u : 0u;
                if (r + 1 < ROWS && c + 1 < COLUMNS)
                {
                    uint a = (uint)n, b = (uint)n + 1, d = (uint)(n + COLUMNS + 1), e = (uint)(n + COLUMNS);
                    capeTriangles[t++] = a; capeTriangles[t++] = b; capeTriangles[t++] = d;
                    capeTriangles[t++] = a; capeTriangles[t++] = d; capeTriangles[t++] = e;
                }
            }
        }
        ClothDesc desc = ClothNative.cloth_default_desc();
        desc.preset = ClothNative.CLOTH_PRESET_COTTON;
        desc.anchor = anchor;
        desc.colliders = body.Id;
        SimCloth cape = world.CreateSheet(capePositions, capeMasses, capeFixed, capeTriangles, desc);
        // A null buffer is the caller's bug, said the .NET way.
        try
        {
            cape.ReadPositions((ClothVec3f[])null);
            Expect(false, "ReadPositions(null) throws");
        }
        catch (ArgumentNullException)
        {
        }
        // The sheet as its own render mesh: its vertices read as the nodes, bit for bit.
        uint capeMesh = cape.AttachRenderMesh(capePositions);
        ClothVec3f[] capeRender = new ClothVec3f[capePositions.Length], capeRenderNormals = new ClothVec3f[capePositions.Length];

        // The rope: a chain hanging from the anchor at x = -0.2 m, explicit dynamics from ROPE.
        ClothVec3f[] ropePositions = new ClothVec3f[ROPE_NODES];
        float[] ropeMasses = new float[ROPE_NODES];
        uint[] ropeParents = new uint[ROPE_NODES];
        for (int n = 0; n < ROPE_NODES; n++)
        {
            ropePositions[n].x = (float)(-0.2f + (float)((float)(1e-3f * n) * ROPE_LINK));
            ropePositions[n].y = (float)(-n * ROPE_LINK);
            ropePositions[n].z = 0.0f;
            ropeMasses[n] = 0.01f;
            ropeParents[n] = n == 0 ? ClothNative.CLOTH_NO_PARENT : (uint)(n - 1);
        }
        ClothDynamics ropeDynamics = ClothNative.cloth_default_dynamics();
        Check(ClothNative.cloth_preset_dynamics(ClothNative.CLOTH_PRESET_ROPE, ref ropeDynamics), "cloth_preset_dynamics");
        ropeDynamics.damping = 0.25;
        desc = ClothNative.cloth_default_desc();
        desc.anchor = anchor;
        desc.colliders = body.Id;
        SimCloth rope = world.CreateTree(ropePositions, ropeMasses, ropeParents, desc, ropeDynamics);
        Expect(rope.GetDynamics().damping == 0.25, "the rope has its custom dynamics");

        Expect(cape.NodeCount == COLUMNS * ROWS && rope.NodeCount == ROPE_NODES && world.ClothCount == 2, "node and cloth counts");

        ClothVec3f[] capeOut = new ClothVec3f[COLUMNS * ROWS], ropeOut = new ClothVec3f[ROPE_NODES];
        ClothPose[] capeWorld = new ClothPose[COLUMNS * ROWS], capeLocal = new ClothPose[COLUMNS * ROWS];
        ClothPose[] ropeWorld = new ClothPose[ROPE_NODES];
        ClothPosef[] capeWorldF = new ClothPosef[COLUMNS * ROWS], ropeLocalF = new ClothPosef[ROPE_NODES];
        // An engine's vertex: position, normal, then 8 bytes of UV the library must not touch.
        const int STRIDE = 32;
        byte[] capeVertices = new byte[STRIDE * COLUMNS * ROWS];
        for (int i = 0; i < capeVertices.Length; i++) capeVertices[i] = 0xAB;
        ClothVertexLayout vertexLayout = ClothNative.cloth_default_vertex_layout();
        vertexLayout.stride = STRIDE;
        vertexLayout.normal_offset = 12;
        ClothVec3f[] ropeNormals = new ClothVec3f[ROPE_NODES];
        double capeReach = Math.Sqrt(Math.Pow((COLUMNS - 1) * SPACING, 2) + Math.Pow((ROWS - 1) * SPACING, 2));
        double ropeReach = 0.2 + (ROPE_NODES - 1) * ROPE_LINK;
        double worstCape = 0, worstRope = 0, hemTravel = 0;
        ClothVec3f hemStart = new ClothVec3f(0, 0, 0);
        int sleepingFrames = 0;
        ulong digest = 0xcbf29ce484222325UL;

        // The allocation counter must see an allocation as small as a one-byte array, or zero
        // below would mean nothing.
        long probe = GC.GetAllocatedBytesForCurrentThread();
        keep = new byte[1];
        long probed = GC.GetAllocatedBytesForCurrentThread() - probe;
        Expect(probed > 0, "GC.GetAllocatedBytesForCurrentThread sees a one-byte array");
        long allocatedBefore = 0, collectionsBefore = 0;

        // A frame budget, as a crowd sets one (host.c's): the default, 2 core-milliseconds a frame, far
        // more than this character costs, so both cloths stay at full detail; each frame the cloths'
        // priorities come from their distance to a camera, the rope's below the cape's.
        world.SetBudget(ClothNative.cloth_default_frame_budget());
        ClothVec3 camera = new ClothVec3(0.0, 1.6, 3.0);

        for (int k = 1; k <= FRAMES; k++)
        {
            if (k == WARM_UP + 1)
            {
                collectionsBefore = GC.CollectionCount(0);
                allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            }
            anchor = AnchorAt(k);
            world.BeginFrame();
            body.SetPose(torso, Offset(anchor, 0.19, 0.0, -0.2));
            body.SetPose(head, Offset(anchor, 0.19, 0.2, -0.2));
            cape.SetAnchorPose(anchor);
            rope.SetAnchorPose(anchor);
            double cx = anchor.translation.x - camera.x, cy = anchor.translation.y - camera.y,
                   cz = anchor.translation.z - camera.z, toCamera = Math.Sqrt(cx * cx + cy * cy + cz * cz);
            cape.SetPriority(-toCamera);
            rope.SetPriority(-toCamera - 1.0);
            if (k % 2 == 1)
            {
                world.Step();
            }
            else
            {
                // As a job would: raw handles by value, no managed code in between.
                Check(ClothNative.cloth_world_begin_step(world.Handle), "cloth_world_begin_step");
                Check(ClothNative.cloth_world_step_cloth(world.Handle, rope.Id), "cloth_world_step_cloth (rope)");
                Check(ClothNative.cloth_world_step_cloth(world.Handle, cape.Id), "cloth_world_step_cloth (cape)");
                Check(ClothNative.cloth_world_end_step(world.Handle), "cloth_world_end_step");
            }

            cape.ReadPositions(capeOut);
            rope.ReadPositions(new Span<ClothVec3f>(ropeOut), ClothSpace.World);
            cape.ReadVertices(vertexLayout, capeVertices);
            cape.ReadRenderMesh(capeMesh, capeRender, capeRenderNormals);
            rope.ReadNormals(ropeNormals);
            cape.ReadNodePoses(capeWorld, capeLocal);
            rope.ReadNodePoses(ropeWorld, null);
            cape.ReadNodePoses(capeWorldF, null);
            rope.ReadNodePoses(Span<ClothPosef>.Empty, new Span<ClothPosef>(ropeLocalF));
            digest = Digest(Digest(digest, capeOut), ropeOut);
            ClothStepReport report = cape.LastStepReport();
            Expect(report.watchdog == ClothNative.CLOTH_WATCHDOG_NONE, "no watchdog reset");
            Expect(cape.GetDetail() == ClothDetail.Full && rope.GetDetail() == ClothDetail.Full && report.idle == 0,
                   "the budget holds both cloths at full detail");
            ClothStats stats = cape.ReadStats();
            Expect(stats.worst_link_ratio >= 0.99 && stats.worst_link_ratio < 2.0, "cape stats: worst link within 2x");
            Expect(stats.asleep == report.asleep || report.fell_asleep != 0, "stats and report agree on sleep");
            if (report.asleep != 0) sleepingFrames++;

            for (int n = 0; n < COLUMNS * ROWS; n++)
            {
                double d = Distance(capeOut[n], anchor.translation);
                Expect(!double.IsNaN(d) && !double.IsInfinity(d), "finite cape position");
                if (d > worstCape) worstCape = d;
                // A node's world pose sits on its particle (float rounding), in doubles and in floats.
                Expect(Distance(capeOut[n], capeWorld[n].translation) < 1e-4, "cape node pose on its particle");
                Expect(Distance(capeOut[n], capeWorldF[n].position) < 1e-4, "cape float pose on its particle");
                // The interleaved write: the same position bits, a unit normal, the UV bytes untouched.
                int at = STRIDE * n;
                Expect(BitConverter.ToSingle(capeVertices, at) == capeOut[n].x && BitConverter.ToSingle(capeVertices, at + 8) == capeOut[n].z,
                       "interleaved position = packed position");
                double nx = BitConverter.ToSingle(capeVertices, at + 12), ny = BitConverter.ToSingle(capeVertices, at + 16),
                       nz = BitConverter.ToSingle(capeVertices, at + 20);
                Expect(Math.Abs(Math.Sqrt(nx * nx + ny * ny + nz * nz) - 1.0) < 1e-5, "unit cape normal");
                Expect(capeVertices[at + 24] == 0xAB && capeVertices[at + 31] == 0xAB, "UV bytes untouched");
                Expect(capeRender[n].x == capeOut[n].x && capeRender[n].y == capeOut[n].y && capeRender[n].z == capeOut[n].z,
                       "render vertex = node");
                ClothQuat q = capeLocal[n].rotation;
                double qn = Math.Sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
                Expect(Math.Abs(qn - 1.0) < 1e-9, "unit local rotation");
            }
            for (int n = 0; n < ROPE_NODES; n++)
            {
                double d = Distance(ropeOut[n], anchor.translation);
                Expect(!double.IsNaN(d) && !double.IsInfinity(d), "finite rope position");
                ClothVec3f rn = ropeNormals[n];
                Expect(Math.Abs(Math.Sqrt(rn.x * rn.x + rn.y * rn.y + rn.z * rn.z) - 1.0) < 1e-5, "unit rope normal");
                if (d > worstRope) worstRope = d;
                Expect(Distance(ropeOut[n], ropeWorld[n].translation) < 1e-4, "rope node pose on its particle");
                ClothQuatf q = ropeLocalF[n].rotation;
                Expect(Math.Abs(Math.Sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w) - 1.0) < 1e-6, "unit float local rotation");
            }
            ClothVec3f hem = capeOut[(ROWS - 1) * COLUMNS];
            if (k == 1) hemStart = hem;
            else hemTravel = Math.Max(hemTravel, Distance(hem, hemStart));
        }
        long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
        long collections = GC.CollectionCount(0) - collectionsBefore;

        Console.WriteLine(string.Format("cape: {0} nodes, farthest {1:F3} m from the anchor (reach {2:F3} m)", cape.NodeCount, worstCape, capeReach));
        Console.WriteLine(string.Format("rope: {0} nodes, farthest {1:F3} m from the anchor (reach {2:F3} m)", rope.NodeCount, worstRope, ropeReach));
        Console.WriteLine(string.Format("hem travelled up to {0:F3} m; {1} frames asleep", hemTravel, sleepingFrames));
        Console.WriteLine("digest of every position read: " + digest.ToString("x16"));
        Console.WriteLine(string.Format("managed allocations, frames {0}..{1}: {2} bytes ({3} per frame), {4} gen-0 collections " +
                                        "(GC.GetAllocatedBytesForCurrentThread; a one-byte array counted {5} bytes)",
                                        WARM_UP + 1, FRAMES, allocated, allocated / (FRAMES - WARM_UP), collections, probed));
        Expect(allocated == 0, "zero managed allocations per frame after warm-up");
        Expect(worstCape <= 1.2 * capeReach, "the cape stays within its reach of the anchor");
        Expect(worstRope <= 1.05 * ropeReach, "the rope stays within its reach of the anchor");
        Expect(hemTravel > 0.5, "the cape moved with the walking anchor");

        // Teardown through Dispose; each destroy really happened (a second one is stale).
        rope.Dispose();
        cape.Dispose();
        Expect(ClothNative.cloth_destroy(world.Handle, cape.Id) == ClothStatus.StaleId, "Dispose destroyed the cape");
        body.Remove(head);
        body.Dispose();
        Expect(ClothNative.cloth_collider_set_destroy(world.Handle, body.Id) == ClothStatus.StaleId, "Dispose destroyed the set");
        ClothWorld handle = world.Handle;
        world.Dispose();
        Expect(ClothNative.cloth_world_destroy(handle) == ClothStatus.InvalidWorld, "Dispose destroyed the world");
    }

    // Holds the probe's array, so the allocation is not optimised away.
    internal static byte[] keep;

    // ---- error paths

    static int cases;
    static readonly int[] seen = new int[17];

    // A raw call's status; a refusal's message names the function, a success's is empty. No message
    // speaks C: a C# host has no sizeof(cloth_desc) to set.
    static void Status(ClothStatus got, ClothStatus want, string function)
    {
        string message = ClothNative.LastError();
        cases++;
        if ((uint)got < seen.Length) seen[(uint)got]++;
        bool good = got == want && (want == ClothStatus.Ok ? message.Length == 0 : message.StartsWith(function) && message.Length > function.Length + 2)
                    && !message.Contains("sizeof");
        if (!good)
        {
            Console.Error.WriteLine("ClothTest.cs: " + function + " returned " + got + ", expected " + want + "; message: \"" + message + "\"");
            failures++;
        }
    }

    // A safe-layer call that must throw ClothException with `want`, its message naming the status
    // (and never C's sizeof); returns the exception, or null.
    static ClothException Throws(ClothStatus want, string what, Action call)
    {
        cases++;
        try
        {
            call();
            Console.Error.WriteLine("ClothTest.cs: " + what + " did not throw (expected " + want + ")");
            failures++;
        }
        catch (ClothException e)
        {
            if ((uint)e.Status < seen.Length) seen[(uint)e.Status]++;
            if (e.Status != want || !e.Message.StartsWith(ClothNative.StatusName(want)) || e.Message.Contains("sizeof"))
            {
                Console.Error.WriteLine("ClothTest.cs: " + what + " threw " + e.Status + " (expected " + want + "): " + e.Message);
                failures++;
            }
            return e;
        }
        return null;
    }

    // A safe-layer call the binding refuses before the library sees it (an array of the wrong length).
    static int managed;

    static void Refuses<E>(string what, Action call) where E : Exception
    {
        cases++;
        try
        {
            call();
            Console.Error.WriteLine("ClothTest.cs: " + what + " was not refused");
            failures++;
        }
        catch (E)
        {
            managed++;
        }
    }

    // A 4 × 4 sheet hanging from its top row, 5 cm apart (misuse.c's small_sheet).
    const int SIDE = 4;
    static ClothVec3f[] sheetPositions = new ClothVec3f[SIDE * SIDE];
    static float[] sheetMasses = new float[SIDE * SIDE];
    static uint[] sheetFixed = new uint[SIDE * SIDE];
    static uint[] sheetTriangles = new uint[6 * (SIDE - 1) * (SIDE - 1)];

    // Wind (issue 18 item 1): a world's wind blows the small sheet downwind; the coefficients come
    // from the preset; a NaN wind or drag is a status and changes nothing.
    static void Wind()
    {
        using (SimWorld world = new SimWorld())
        {
            ClothSheetDesc sheet = SheetDesc();
            ClothDesc desc = ClothNative.cloth_default_desc();
            desc.preset = ClothNative.CLOTH_PRESET_SILK;
            ClothId id;
            Check(CreateSmallSheet(world.Handle, ref sheet, ref desc, out id), "cloth_create_sheet (silk)");
            double drag, lift, presetDrag, presetLift;
            Check(ClothNative.cloth_get_aerodynamics(world.Handle, id, out drag, out lift), "cloth_get_aerodynamics");
            Check(ClothNative.cloth_preset_aerodynamics(ClothNative.CLOTH_PRESET_SILK, out presetDrag, out presetLift), "cloth_preset_aerodynamics");
            Expect(drag == presetDrag && lift == presetLift && drag > 0.0, "the silk sheet has silk's coefficients");
            ClothAir air = ClothNative.cloth_default_air();
            air.wind = new ClothVec3(0.0, 0.0, 6.0);
            air.turbulence_amplitude = 1.0;
            air.turbulence_seed = 18;
            world.SetAir(air);
            for (int k = 0; k < 60; k++) world.Step();
            ClothVec3f[] p = new ClothVec3f[SIDE * SIDE];
            fixed (ClothVec3f* dst = p)
                Check(ClothNative.cloth_read_positions(world.Handle, id, ClothNative.CLOTH_SPACE_WORLD, dst, (UIntPtr)p.Length), "cloth_read_positions");
            Expect(p[SIDE * SIDE - 1].z > 0.02f, "the wind blew the bottom corner downwind (" + p[SIDE * SIDE - 1].z + " m)");
            air.wind = new ClothVec3(double.NaN, 0.0, 0.0);
            Status(ClothNative.cloth_world_set_air(world.Handle, ref air), ClothStatus.NonFinite, "cloth_world_set_air");
            Status(ClothNative.cloth_set_air(world.Handle, id, ref air), ClothStatus.NonFinite, "cloth_set_air");
            Status(ClothNative.cloth_set_aerodynamics(world.Handle, id, 1.0, double.PositiveInfinity), ClothStatus.NonFinite, "cloth_set_aerodynamics");
            Status(ClothNative.cloth_set_aerodynamics(world.Handle, id, 12.0, 0.0), ClothStatus.InvalidArgument, "cloth_set_aerodynamics");
            Console.WriteLine("wind: the silk sheet's corner " + p[SIDE * SIDE - 1].z + " m downwind after 1 s in 6 m/s");
        }
    }

    // The library's presets through the safe layer alone (no ClothNative): ClothPreset has the
    // header's values; each entry's Dynamics() and Aerodynamics() are what the raw calls return; a
    // sheet, a strand, a rig and a cooked sheet created from each (masses from its areal density,
    // as the README says) start at the anchor given and step to finite positions near it; Custom
    // and a value past Hair throw ClothException, and an unset desc's refusal never says sizeof.
    static void Presets()
    {
        ClothPreset[] entries = { ClothPreset.Silk, ClothPreset.Cotton, ClothPreset.Denim, ClothPreset.Leather,
                                  ClothPreset.Rope, ClothPreset.Chain, ClothPreset.Hair };
        uint[] raw = { ClothNative.CLOTH_PRESET_SILK, ClothNative.CLOTH_PRESET_COTTON, ClothNative.CLOTH_PRESET_DENIM,
                       ClothNative.CLOTH_PRESET_LEATHER, ClothNative.CLOTH_PRESET_ROPE, ClothNative.CLOTH_PRESET_CHAIN,
                       ClothNative.CLOTH_PRESET_HAIR };
        // The tuning densities (solver/src/library.rs): kg/m² for sheets, kg/m for Rope and Chain.
        double[] density = { 0.06, 0.15, 0.4, 0.9, 0.2, 1.0, 0.1 };
        Expect((uint)ClothPreset.Custom == ClothNative.CLOTH_PRESET_CUSTOM, "ClothPreset.Custom is CLOTH_PRESET_CUSTOM");
        for (int i = 0; i < entries.Length; i++)
            Expect((uint)entries[i] == raw[i], "ClothPreset." + entries[i] + " is CLOTH_PRESET_" + entries[i].ToString().ToUpperInvariant());

        SmallSheet();
        ClothVec3f[] strand = new ClothVec3f[8];
        uint[] parents = new uint[strand.Length];
        for (int n = 0; n < strand.Length; n++)
        {
            strand[n] = new ClothVec3f(1e-3f * n, -0.05f * n, 0);
            parents[n] = n == 0 ? ClothNative.CLOTH_NO_PARENT : (uint)(n - 1);
        }
        ClothPose[] binds = new ClothPose[3];
        for (int j = 0; j < binds.Length; j++)
        {
            binds[j].rotation.w = 1;
            binds[j].translation.y = j == 0 ? 0 : -0.1;
        }
        uint[] skeleton = { ClothNative.CLOTH_NO_PARENT, 0, 1 }, joints = { 1, 2 };
        // Spawned away from the origin: the cloth must start here, not at (0, 0, 0).
        ClothPose spawn = default(ClothPose);
        spawn.translation = new ClothVec3(3.0, 1.5, -2.0);
        spawn.rotation.w = 1;
        double reach = 0.5;

        using (SimWorld world = new SimWorld())
        {
            for (int i = 0; i < entries.Length; i++)
            {
                ClothPreset preset = entries[i];
                string name = "ClothPreset." + preset;
                ClothDynamics safe = preset.Dynamics(), native = ClothNative.cloth_default_dynamics();
                Check(ClothNative.cloth_preset_dynamics(raw[i], ref native), "cloth_preset_dynamics (" + name + ")");
                Expect(SameBytes(safe, native), name + ".Dynamics() is cloth_preset_dynamics'");
                Expect(safe.struct_size == sizeof(ClothDynamics), name + ".Dynamics() has its struct_size set");
                double drag, lift, nativeDrag, nativeLift;
                preset.Aerodynamics(out drag, out lift);
                Check(ClothNative.cloth_preset_aerodynamics(raw[i], out nativeDrag, out nativeLift), "cloth_preset_aerodynamics (" + name + ")");
                Expect(drag == nativeDrag && lift == nativeLift, name + ".Aerodynamics() is cloth_preset_aerodynamics'");

                // A sheet node carries a third of each incident triangle's area (5 cm squares): the
                // library's MassesFromDensity at the entry's Density, against the same sum done here.
                Expect(preset.Density() == density[i], name + ".Density() is the entry's");
                float[] masses = ClothPresets.MassesFromDensity(sheetPositions, sheetTriangles, preset.Density());
                float[] byHand = new float[SIDE * SIDE];
                for (int t = 0; t < sheetTriangles.Length; t++) byHand[sheetTriangles[t]] += (float)(density[i] * 0.5 * 0.05 * 0.05 / 3.0);
                for (int n = 0; n < masses.Length; n++)
                    Expect(Math.Abs(masses[n] - byHand[n]) <= 1e-4 * byHand[n], name + ": MassesFromDensity lumps a third of each triangle");
                float[] strandMasses = new float[strand.Length];
                for (int n = 0; n < strand.Length; n++) strandMasses[n] = (float)(density[i] * 0.05);
                SimCloth[] cloths =
                {
                    world.CreateSheet(sheetPositions, masses, sheetFixed, sheetTriangles, preset, spawn),
                    world.CreateTree(strand, strandMasses, parents, preset, spawn),
                    world.CreateRig(skeleton, binds, joints, new float[] { 0.01f, 0.01f }, preset, spawn),
                    null,
                };
                cloths[3] = world.CreateFromCooked(cloths[0].Cook(), preset, spawn);
                ClothDesc desc = preset.Desc(spawn);
                Expect(desc.preset == raw[i] && desc.anchor.translation.x == spawn.translation.x && desc.colliders.packed == 0,
                       name + ".Desc(spawn)");
                foreach (SimCloth c in cloths)
                {
                    Expect(SameBytes(c.GetDynamics(), safe), name + ": a cloth created from the preset has its dynamics");
                    double d0, l0;
                    c.GetAerodynamics(out d0, out l0);
                    Expect(d0 == drag && l0 == lift, name + ": a cloth created from the preset has its coefficients");
                }

                ClothVec3f[] p = new ClothVec3f[SIDE * SIDE];
                cloths[0].ReadPositions(p);
                Expect(Distance(p[0], spawn.translation) < 1e-6, name + ": the sheet starts at the anchor it was created at");
                // Walk the anchor 1 m/s along x for half a second.
                ClothPose anchor = spawn;
                for (int k = 1; k <= 30; k++)
                {
                    anchor.translation.x = spawn.translation.x + k / 60.0;
                    world.BeginFrame();
                    foreach (SimCloth c in cloths) c.SetAnchorPose(anchor);
                    world.Step();
                }
                foreach (SimCloth c in cloths)
                {
                    ClothVec3f[] q = new ClothVec3f[c.NodeCount];
                    c.ReadPositions(q);
                    bool finite = true, near = true;
                    foreach (ClothVec3f v in q)
                    {
                        finite &= !float.IsNaN(v.x + v.y + v.z) && !float.IsInfinity(v.x + v.y + v.z);
                        near &= Distance(v, anchor.translation) < reach;
                    }
                    Expect(finite, name + ": finite positions after 30 steps");
                    Expect(near, name + ": every node within " + reach + " m of the anchor after 30 steps");
                    Expect(c.LastStepReport().teleported == 0, name + ": no teleport");
                    c.Dispose();
                }
            }

            // With colliders: the bind-pose check runs against the set the preset overload names.
            SimColliderSet body = world.CreateColliderSet();
            ClothColliderDesc sphere = ClothNative.cloth_default_collider_desc();
            sphere.radius = 0.1;
            sphere.pose = spawn;
            body.Add(sphere);
            Throws(ClothStatus.SeedFailed, "SimWorld.CreateSheet from a preset inside its colliders",
                   () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, ClothPreset.Cotton, spawn, body));
            ClothDesc noCheck = ClothPreset.Cotton.Desc(spawn, body);
            Expect(noCheck.colliders.packed == body.Id.packed, "ClothPreset.Desc names the collider set");
            noCheck.bind_pose_check = 0;
            world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, noCheck).Dispose();

            // Custom has no dynamics of its own: refused by the library (Dynamics, Aerodynamics) and by
            // the binding (the preset overloads); with a ClothDynamics it is the custom path.
            Throws(ClothStatus.InvalidEnum, "ClothPreset.Custom.Dynamics()", () => ClothPreset.Custom.Dynamics());
            Throws(ClothStatus.InvalidEnum, "(ClothPreset)8 .Dynamics()", () => ((ClothPreset)8).Dynamics());
            Throws(ClothStatus.InvalidEnum, "ClothPreset.Custom.Aerodynamics()", () =>
            {
                double d, l;
                ClothPreset.Custom.Aerodynamics(out d, out l);
            });
            ClothException custom = Throws(ClothStatus.InvalidEnum, "SimWorld.CreateSheet from ClothPreset.Custom",
                () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, ClothPreset.Custom, spawn));
            Expect(custom != null && custom.Message.Contains("SimWorld.CreateSheet") && custom.Message.Contains("ClothDynamics"),
                   "the Custom refusal says what to pass");
            float[] ones = new float[strand.Length];
            for (int n = 0; n < ones.Length; n++) ones[n] = 0.01f;
            Throws(ClothStatus.InvalidEnum, "SimWorld.CreateTree from (ClothPreset)99",
                   () => world.CreateTree(strand, ones, parents, (ClothPreset)99, spawn));
            ClothDynamics rope = ClothPreset.Rope.Dynamics();
            rope.damping = 0.3;
            SimCloth customRope = world.CreateTree(strand, ones, parents, ClothPreset.Custom.Desc(spawn), rope);
            Expect(customRope.GetDynamics().damping == 0.3, "ClothPreset.Custom.Desc with a ClothDynamics is the custom path");

            // A ClothDesc never set (default(ClothDesc): struct_size 0) is a StructSize refusal that
            // says what to set in C#'s words too: bytes, not sizeof(cloth_desc).
            ClothException unset = Throws(ClothStatus.StructSize, "SimWorld.CreateSheet with default(ClothDesc)",
                () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, default(ClothDesc)));
            string want = "desc.struct_size is 0 (unset) but this library's cloth_desc is " + sizeof(ClothDesc) + " bytes";
            Expect(unset != null && unset.Message.Contains(want) && !unset.Message.Contains("sizeof"),
                   "the struct_size refusal gives the size in bytes: " + (unset == null ? "" : unset.Message));
            if (unset != null) Console.WriteLine("an unset desc: " + unset.Message);
        }
        Console.WriteLine("presets: " + entries.Length + " entries through ClothPreset, each a sheet, a strand, a rig and a cooked sheet stepped");
    }

    // SetAnchorVelocity is the anchor's velocity at its spawn pose: a sheet spawned at 20 m/s whose
    // next pose is where that velocity carries it (spawn + v·dt) feels no change of velocity; one
    // whose anchor stays at its spawn pose feels a dead stop from 20 m/s (more than the 600 m/s²
    // limit takes in a step) and swings ahead of its anchor.
    static void AnchorVelocity()
    {
        SmallSheet();
        using (SimWorld world = new SimWorld())
        {
            ClothPose spawn = default(ClothPose);
            spawn.translation = new ClothVec3(-4.0, 1.5, 2.0);
            spawn.rotation.w = 1;
            SimCloth carried = world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, ClothPreset.Cotton, spawn);
            SimCloth stopped = world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, ClothPreset.Cotton, spawn);
            ClothVec3 v = new ClothVec3(20.0, 0.0, 0.0);
            carried.SetAnchorVelocity(v);
            stopped.SetAnchorVelocity(v);
            ClothPose next = spawn;
            next.translation.x += v.x * carried.GetDynamics().dt;
            world.BeginFrame();
            carried.SetAnchorPose(next);
            stopped.SetAnchorPose(spawn);
            world.Step();
            ClothStepReport a = carried.LastStepReport(), b = stopped.LastStepReport();
            Expect(a.anchor_limited == 0 && a.teleported == 0, "spawn + v·dt: the cloth carried on at v feels no change");
            Expect(b.anchor_limited == 1 && b.teleported == 0, "left at the spawn pose: a dead stop from v");
            ClothVec3f[] pa = new ClothVec3f[SIDE * SIDE], pb = new ClothVec3f[SIDE * SIDE];
            carried.ReadPositions(pa, ClothSpace.Cloth);
            stopped.ReadPositions(pb, ClothSpace.Cloth);
            int hem = SIDE * SIDE - 1;
            double strayA = Distance(pa[hem], sheetPositions[hem]), strayB = Distance(pb[hem], sheetPositions[hem]);
            Expect(strayB > 10 * strayA && pb[hem].x > sheetPositions[hem].x,
                   "the stopped sheet's corner swung ahead (" + strayB + " m from its bind position; carried: " + strayA + " m)");
            Console.WriteLine(string.Format("anchor velocity: spawned at 20 m/s, the corner strays {0:F4} m with the next pose at spawn + v·dt, " +
                                            "{1:F4} m with the anchor left at spawn", strayA, strayB));
        }
    }

    // A rebased origin: two worlds step the same sheet; one is shifted by (1000, 0, -2000) m at frame 30 and
    // driven at shifted poses from then on. It reports no teleport and reads back its twin's world positions
    // plus the shift; a NaN shift throws and changes nothing.
    static void ShiftOrigin()
    {
        SmallSheet();
        using (SimWorld twin = new SimWorld())
        using (SimWorld shifted = new SimWorld())
        {
            ClothPose spawn = default(ClothPose);
            spawn.translation = new ClothVec3(3.0, 1.5, -2.0);
            spawn.rotation.w = 1;
            SimCloth a = twin.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, ClothPreset.Cotton, spawn);
            SimCloth b = shifted.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, ClothPreset.Cotton, spawn);
            ClothVec3 shift = new ClothVec3(1000.0, 0.0, -2000.0);
            Throws(ClothStatus.NonFinite, "SimWorld.ShiftOrigin of NaN", () => shifted.ShiftOrigin(new ClothVec3(double.NaN, 0.0, 0.0)));
            int teleports = 0;
            for (int frame = 1; frame <= 60; frame++)
            {
                if (frame == 30) shifted.ShiftOrigin(shift);
                ClothPose p = spawn, q = spawn;
                p.translation.x += 0.02 * frame;
                q.translation.x = p.translation.x + (frame >= 30 ? shift.x : 0.0);
                q.translation.z = p.translation.z + (frame >= 30 ? shift.z : 0.0);
                twin.BeginFrame();
                shifted.BeginFrame();
                a.SetAnchorPose(p);
                b.SetAnchorPose(q);
                twin.Step();
                shifted.Step();
                teleports += (int)b.LastStepReport().teleported;
            }
            Expect(teleports == 0, "a shifted origin teleported the sheet " + teleports + " times");
            ClothVec3f[] pa = new ClothVec3f[SIDE * SIDE], pb = new ClothVec3f[SIDE * SIDE];
            a.ReadPositions(pa, ClothSpace.World);
            b.ReadPositions(pb, ClothSpace.World);
            double worst = 0;
            for (int i = 0; i < pa.Length; i++)
            {
                ClothVec3f moved = new ClothVec3f((float)(pa[i].x + shift.x), pa[i].y, (float)(pa[i].z + shift.z));
                worst = Math.Max(worst, Distance(moved, pb[i]));
            }
            Expect(worst < 1e-3, "the shifted sheet reads back " + worst + " m from its twin's positions plus the shift");
            Console.WriteLine(string.Format("shift origin: 60 frames, no teleport, {0:E2} m from the twin plus the shift", worst));
        }
    }

    // Levels of detail (issue 23): a level set by hand is the one the cloth steps at (half rate idles
    // every second frame, frozen every frame); a budget of 0 freezes everyone and the default one
    // (2 core-milliseconds) leaves three small sheets at full detail; between, priorities decide — 350
    // units of work for three sheets of 160 at full detail (16 nodes × 2 substeps × (4 + 1)) give the
    // two highest full detail and freeze the third. Bad levels, priorities and budgets throw, as do
    // SetDetail and the budget's setters inside a step.
    static void Levels()
    {
        SmallSheet();
        using (SimWorld world = new SimWorld())
        {
            SimCloth[] cloths = new SimCloth[3];
            ClothControls awake = ClothNative.cloth_default_controls();
            awake.sleep = 0;
            for (int i = 0; i < cloths.Length; i++)
            {
                cloths[i] = world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, ClothPreset.Cotton,
                                              ClothNative.cloth_pose_identity());
                cloths[i].SetControls(awake);
            }
            SimCloth a = cloths[0];
            Expect(a.GetDetail() == ClothDetail.Full && a.GetPriority() == 0.0, "a cloth starts at full detail, priority 0");
            a.SetDetail(ClothDetail.HalfRate);
            string idle = "";
            for (int k = 0; k < 4; k++)
            {
                world.Step();
                idle += a.LastStepReport().idle;
            }
            Expect(idle == "0101" && a.GetDetail() == ClothDetail.HalfRate, "half rate steps every second frame: idle " + idle);
            a.SetDetail(ClothDetail.Frozen);
            world.Step();
            Expect(a.LastStepReport().idle == 1, "frozen: no step ran");
            a.SetDetail(ClothDetail.Full);

            ClothFrameBudget got;
            Expect(!world.TryGetBudget(out got) && got.core_ms == 0 && got.unit_ns == 0, "a world starts with no budget");
            world.SetBudget(0.0);
            world.Step();
            foreach (SimCloth c in cloths)
                Expect(c.GetDetail() == ClothDetail.Frozen && c.LastStepReport().idle == 1, "a budget of 0 freezes every cloth");
            world.SetBudget(ClothNative.cloth_default_frame_budget());
            world.Step();
            foreach (SimCloth c in cloths) Expect(c.GetDetail() == ClothDetail.Full, "the default budget holds three small sheets at full detail");
            cloths[0].SetPriority(-3.0);
            cloths[1].SetPriority(2.0);
            cloths[2].SetPriority(1.0);
            Expect(cloths[0].GetPriority() == -3.0, "a priority reads back");
            double coreMs = 350 * ClothNative.CLOTH_WORK_UNIT_NS * 1e-6;
            world.SetBudget(coreMs);
            world.Step();
            Expect(cloths[0].GetDetail() == ClothDetail.Frozen && cloths[1].GetDetail() == ClothDetail.Full
                   && cloths[2].GetDetail() == ClothDetail.Full, "350 units: the two highest priorities full, the lowest frozen");
            a.SetDetail(ClothDetail.Reduced);
            world.Step();
            Expect(a.GetDetail() == ClothDetail.Frozen, "the budget chooses again at the next step");
            Expect(world.TryGetBudget(out got) && got.core_ms == coreMs && got.unit_ns == ClothNative.CLOTH_WORK_UNIT_NS
                   && got.full_share == 1.0,
                   "the budget reads back");
            world.SetBudget(coreMs, 0.0, 0.5);
            Expect(world.TryGetBudget(out got) && got.full_share == 0.5, "a share for full detail reads back");
            world.Step();
            world.ObserveStep(4.0 * coreMs);
            Expect(world.TryGetBudget(out got) && got.unit_ns == 1.25 * ClothNative.CLOTH_WORK_UNIT_NS,
                   "a step reported at four times the budget moves the price a quarter of the way to double (at most)");
            world.SetBudget(coreMs);
            Expect(world.TryGetBudget(out got) && got.unit_ns == 1.25 * ClothNative.CLOTH_WORK_UNIT_NS,
                   "a budget set again with unit_ns 0 keeps the price learned");
            world.Step();
            world.ObserveStepWall(8.0 * coreMs);
            Expect(world.TryGetBudget(out got) && got.unit_ns > 1.25 * ClothNative.CLOTH_WORK_UNIT_NS,
                   "a wall time reported moves the price too");
            double before = got.unit_ns;
            world.ObserveStepWall(0.0);
            Expect(world.TryGetBudget(out got) && got.unit_ns == before, "a paused frame's 0 ms teaches nothing");
            Throws(ClothStatus.NonFinite, "SimWorld.ObserveStep(NaN)", () => world.ObserveStep(double.NaN));
            Throws(ClothStatus.InvalidArgument, "SimWorld.ObserveStep(-1)", () => world.ObserveStep(-1.0));
            world.ClearBudget();
            Expect(!world.TryGetBudget(out got), "cleared");
            world.Step();
            Expect(a.GetDetail() == ClothDetail.Frozen, "without a budget a cloth keeps its level");

            Throws(ClothStatus.InvalidEnum, "SimCloth.SetDetail((ClothDetail)4)", () => a.SetDetail((ClothDetail)4));
            Throws(ClothStatus.NonFinite, "SimCloth.SetPriority(NaN)", () => a.SetPriority(double.NaN));
            Throws(ClothStatus.NonFinite, "SimWorld.SetBudget(NaN)", () => world.SetBudget(double.NaN));
            Throws(ClothStatus.InvalidArgument, "SimWorld.SetBudget(-1)", () => world.SetBudget(-1.0));
            Throws(ClothStatus.InvalidArgument, "SimWorld.SetBudget(2, 2e6 ns)", () => world.SetBudget(2.0, 2e6));
            Expect(!world.TryGetBudget(out got), "a refused budget sets nothing");
            ClothDynamics slow = a.GetDynamics();
            slow.dt = 0.6;
            a.SetDynamics(slow);
            Throws(ClothStatus.InvalidArgument, "SimCloth.SetDetail(HalfRate) with a dt of 0.6 s", () => a.SetDetail(ClothDetail.HalfRate));
            world.BeginStep();
            Throws(ClothStatus.WrongPhase, "SimCloth.SetDetail inside a step", () => cloths[1].SetDetail(ClothDetail.Reduced));
            Throws(ClothStatus.WrongPhase, "SimWorld.SetBudget inside a step", () => world.SetBudget(1.0));
            Throws(ClothStatus.WrongPhase, "SimWorld.ClearBudget inside a step", () => world.ClearBudget());
            Throws(ClothStatus.WrongPhase, "SimWorld.ObserveStep inside a step", () => world.ObserveStep(1.0));
            cloths[1].SetPriority(5.0); // read when the next step begins
            world.EndStep();
            ClothWorld w = world.Handle;
            ClothFrameBudget unsized = ClothNative.cloth_default_frame_budget();
            unsized.struct_size = 0;
            uint enabled;
            Status(ClothNative.cloth_world_get_budget(w, ref unsized, out enabled), ClothStatus.StructSize, "cloth_world_get_budget");
            Status(ClothNative.cloth_world_set_budget(w, ref *(ClothFrameBudget*)null), ClothStatus.NullPointer, "cloth_world_set_budget");
            Status(ClothNative.cloth_get_detail(w, a.Id, out *(uint*)null), ClothStatus.NullPointer, "cloth_get_detail");
            Status(ClothNative.cloth_set_detail(w, default(ClothId), ClothNative.CLOTH_DETAIL_FULL), ClothStatus.StaleId, "cloth_set_detail");
        }
        Console.WriteLine("levels of detail: set by hand, chosen by a budget from priorities, bad values refused");
    }

    static bool SameBytes(ClothDynamics a, ClothDynamics b)
    {
        byte* pa = (byte*)&a, pb = (byte*)&b;
        for (int i = 0; i < sizeof(ClothDynamics); i++)
            if (pa[i] != pb[i]) return false;
        return true;
    }

    static void SmallSheet()
    {
        int t = 0;
        for (int r = 0; r < SIDE; r++)
            for (int c = 0; c < SIDE; c++)
            {
                int n = r * SIDE + c;
                sheetPositions[n] = new ClothVec3f(0.05f * c, -0.05f * r, 1e-4f * r);
                sheetMasses[n] = 0.01f;
                sheetFixed[n] = r == 0 ? 1u : 0u;
                if (r + 1 < SIDE && c + 1 < SIDE)
                {
                    uint a = (uint)n, b = (uint)n + 1, d = (uint)(n + SIDE + 1), e = (uint)(n + SIDE);
                    sheetTriangles[t++] = a; sheetTriangles[t++] = b; sheetTriangles[t++] = d;
                    sheetTriangles[t++] = a; sheetTriangles[t++] = d; sheetTriangles[t++] = e;
                }
            }
    }

    static ClothStatus CreateSmallSheet(ClothWorld w, ref ClothSheetDesc sheet, ref ClothDesc desc, out ClothId id)
    {
        fixed (ClothVec3f* p = sheetPositions)
        fixed (float* m = sheetMasses)
        fixed (uint* f = sheetFixed)
        fixed (uint* t = sheetTriangles)
        {
            sheet.positions = sheet.positions == IntPtr.Zero ? IntPtr.Zero : (IntPtr)p;
            sheet.masses = (IntPtr)m;
            sheet.@fixed = (IntPtr)f;
            sheet.triangles = (IntPtr)t;
            return ClothNative.cloth_create_sheet(w, ref sheet, ref desc, out id);
        }
    }

    static ClothSheetDesc SheetDesc()
    {
        SmallSheet();
        ClothSheetDesc s = ClothNative.cloth_default_sheet_desc();
        s.node_count = SIDE * SIDE;
        s.triangle_count = (uint)(sheetTriangles.Length / 3);
        s.positions = (IntPtr)1; // filled by CreateSmallSheet; IntPtr.Zero there means "pass NULL"
        return s;
    }

    static void ErrorPaths()
    {
        Worlds();
        Cloths();
        Colliders();
        Busy();

        string counts = "";
        for (int s = 1; s < seen.Length; s++)
            if (seen[s] > 0) counts += (counts.Length > 0 ? ", " : "") + (ClothStatus)s + " x" + seen[s];
        Console.WriteLine("error paths: " + cases + " calls checked (" + managed + " refused by the binding before the library); " + counts);
        Console.WriteLine("not reachable from a host: UnsupportedCpu (this CPU runs the build), Internal (a library bug)");
        for (int s = 1; s <= (int)ClothStatus.InUse; s++)
            Expect(seen[s] > 0, "the error paths returned " + (ClothStatus)s);
        Expect(seen[(int)ClothStatus.BadBlob] > 0, "the error paths returned BadBlob");
    }

    static void Worlds()
    {
        ClothWorldDesc d = ClothNative.cloth_default_world_desc();
        ClothWorld sentinel = new ClothWorld { packed = 0x4d0000004dUL }, w = sentinel;
        Status(ClothNative.cloth_world_create(ref *(ClothWorldDesc*)null, out w), ClothStatus.NullPointer, "cloth_world_create");
        Status(ClothNative.cloth_world_create(ref d, out *(ClothWorld*)null), ClothStatus.NullPointer, "cloth_world_create");
        d.struct_size = 3;
        Status(ClothNative.cloth_world_create(ref d, out w), ClothStatus.StructSize, "cloth_world_create");
        d = ClothNative.cloth_default_world_desc();
        d.threads = 1000;
        Status(ClothNative.cloth_world_create(ref d, out w), ClothStatus.InvalidArgument, "cloth_world_create");
        Expect(w.packed == sentinel.packed, "out-parameters untouched on failure (through `out`)");
        // A misaligned out-parameter is refused, not written.
        ulong* storage = stackalloc ulong[2];
        storage[0] = storage[1] = 0;
        d = ClothNative.cloth_default_world_desc();
        Status(ClothNative.cloth_world_create(ref d, out *(ClothWorld*)((byte*)storage + 1)), ClothStatus.InvalidArgument, "cloth_world_create");
        Expect(storage[0] == 0 && storage[1] == 0, "a misaligned out-parameter is not written");
        Throws(ClothStatus.InvalidArgument, "new SimWorld(1000)", () => new SimWorld(1000));

        Status(ClothNative.cloth_world_step(default(ClothWorld)), ClothStatus.InvalidWorld, "cloth_world_step");
        SimWorld world = new SimWorld();
        ClothWorld live = world.Handle;
        // The packing: the live handle's halves swapped name no world; the handle itself does.
        ClothWorld swapped = new ClothWorld { packed = (live.packed << 32) | (live.packed >> 32) };
        if (live.Index != live.Generation)
            Status(ClothNative.cloth_world_begin_frame(swapped), ClothStatus.InvalidWorld, "cloth_world_begin_frame");
        Status(ClothNative.cloth_world_begin_frame(live), ClothStatus.Ok, "cloth_world_begin_frame");
        world.Dispose();
        world.Dispose(); // a second Dispose does nothing
        Status(ClothNative.cloth_world_step(live), ClothStatus.InvalidWorld, "cloth_world_step");
        Status(ClothNative.cloth_world_destroy(live), ClothStatus.InvalidWorld, "cloth_world_destroy");
        ClothException closed = Throws(ClothStatus.InvalidWorld, "SimWorld.Step after Dispose", () => world.Step());
        Expect(closed != null && closed.Message.Contains("this SimWorld was disposed"), "a disposed world says so");
        Throws(ClothStatus.InvalidWorld, "SimWorld.CreateColliderSet after Dispose", () => world.CreateColliderSet());
    }

    static void Cloths()
    {
        SimWorld world = new SimWorld(), other = new SimWorld();
        ClothWorld w = world.Handle;
        ClothSheetDesc sheet = SheetDesc();
        ClothDesc desc = ClothNative.cloth_default_desc();
        ClothId id;

        Status(ClothNative.cloth_create_sheet(w, ref *(ClothSheetDesc*)null, ref desc, out id), ClothStatus.NullPointer, "cloth_create_sheet");
        Status(ClothNative.cloth_create_sheet(w, ref sheet, ref *(ClothDesc*)null, out id), ClothStatus.NullPointer, "cloth_create_sheet");
        Status(ClothNative.cloth_create_sheet(w, ref sheet, ref desc, out *(ClothId*)null), ClothStatus.NullPointer, "cloth_create_sheet");
        sheet.positions = IntPtr.Zero;
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.NullPointer, "cloth_create_sheet");
        sheet = SheetDesc();
        sheet.struct_size += 8;
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.StructSize, "cloth_create_sheet");
        sheet = SheetDesc();
        sheetTriangles[4] = 999; // a corner that is no node
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.SeedFailed, "cloth_create_sheet");
        Throws(ClothStatus.SeedFailed, "SimWorld.CreateSheet with a corner that is no node",
               () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, desc));
        sheet = SheetDesc();
        sheetFixed[2] = 2; // a flag that is neither 0 nor 1
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.InvalidArgument, "cloth_create_sheet");
        sheet = SheetDesc();
        sheetPositions[5].y = float.NaN;
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.NonFinite, "cloth_create_sheet");
        sheet = SheetDesc();
        sheetPositions[5].y = -2e6f; // beyond CLOTH_MAX_COORDINATE
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.InvalidArgument, "cloth_create_sheet");
        sheet = SheetDesc();
        sheetMasses[5] = 0;
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.SeedFailed, "cloth_create_sheet");
        sheet = SheetDesc();
        desc.preset = 99;
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.InvalidEnum, "cloth_create_sheet");
        desc = ClothNative.cloth_default_desc();
        ClothDynamics dyn = ClothNative.cloth_default_dynamics();
        dyn.damping = double.NaN;
        Throws(ClothStatus.NonFinite, "SimWorld.CreateSheet with NaN damping",
               () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, desc, dyn));
        dyn = ClothNative.cloth_default_dynamics();
        dyn.teleport = 5;
        Throws(ClothStatus.InvalidEnum, "SimWorld.CreateSheet with teleport 5",
               () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, desc, dyn));
        desc.anchor.translation.x = double.PositiveInfinity;
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.NonFinite, "cloth_create_sheet");
        desc = ClothNative.cloth_default_desc();
        desc.colliders = new ClothColliderSetId { packed = 5UL | 1UL << 32 }; // a set that does not exist
        Status(CreateSmallSheet(w, ref sheet, ref desc, out id), ClothStatus.StaleId, "cloth_create_sheet");
        desc = ClothNative.cloth_default_desc();

        // The binding's own refusals: arrays whose length disagrees with the node count.
        Refuses<ArgumentException>("CreateSheet with a short masses array",
                                   () => world.CreateSheet(sheetPositions, new float[3], sheetFixed, sheetTriangles, desc));
        Refuses<ArgumentException>("CreateSheet with a triangle list of 4 indices",
                                   () => world.CreateSheet(sheetPositions, sheetMasses, null, new uint[4], desc));

        // Trees and rigs, through the safe layer.
        ClothVec3f[] tp = { new ClothVec3f(0, 0, 0), new ClothVec3f(0, -0.1f, 0), new ClothVec3f(0, -0.2f, 0) };
        float[] tm = { 0.1f, 0.1f, 0.1f };
        Throws(ClothStatus.SeedFailed, "SimWorld.CreateTree with a parent that is no node",
               () => world.CreateTree(tp, tm, new uint[] { ClothNative.CLOTH_NO_PARENT, 0, 7 }, desc));
        Refuses<ArgumentException>("CreateTree with a short parents array", () => world.CreateTree(tp, tm, new uint[2], desc));
        ClothPose[] binds = { ClothNative.cloth_pose_identity(), ClothNative.cloth_pose_identity() };
        binds[1].translation.y = -0.1;
        uint[] skeleton = { ClothNative.CLOTH_NO_PARENT, 0 };
        Throws(ClothStatus.SeedFailed, "SimWorld.CreateRig owning a joint that is not in the skeleton",
               () => world.CreateRig(skeleton, binds, new uint[] { 9 }, new float[] { 0.1f }, desc));
        SimCloth rig = world.CreateRig(skeleton, binds, new uint[] { 1 }, new float[] { 0.1f }, desc);
        ClothPosef[] rigLocal = new ClothPosef[1];
        world.Step();
        rig.ReadNodePoses(null, rigLocal);
        Expect(rigLocal[0].rotation.w != 0 || rigLocal[0].rotation.x != 0 || rigLocal[0].rotation.y != 0 || rigLocal[0].rotation.z != 0,
               "a rig node's local pose was read");
        binds[1].rotation.w = double.NaN;
        Throws(ClothStatus.NonFinite, "SimWorld.CreateRig with a NaN bind rotation",
               () => world.CreateRig(skeleton, binds, new uint[] { 1 }, new float[] { 0.1f }, desc));

        SmallSheet();
        SimCloth cloth = world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, desc);
        ClothId c = cloth.Id;
        int n = cloth.NodeCount;
        Expect(n == SIDE * SIDE, "the small sheet's node count");

        // Buffers: NULL, short (nothing written), misaligned, a bad space.
        ClothVec3f[] buffer = new ClothVec3f[n + 1];
        for (int i = 0; i < buffer.Length; i++) buffer[i] = new ClothVec3f(-7, -7, -7);
        fixed (ClothVec3f* b = buffer)
        {
            Status(ClothNative.cloth_read_positions(w, c, ClothNative.CLOTH_SPACE_WORLD, null, (UIntPtr)n), ClothStatus.NullPointer, "cloth_read_positions");
            Status(ClothNative.cloth_read_positions(w, c, ClothNative.CLOTH_SPACE_WORLD, b, (UIntPtr)(n - 1)), ClothStatus.BufferTooSmall, "cloth_read_positions");
            Status(ClothNative.cloth_read_positions(w, c, 7, b, (UIntPtr)n), ClothStatus.InvalidEnum, "cloth_read_positions");
            Status(ClothNative.cloth_read_positions(w, c, ClothNative.CLOTH_SPACE_CLOTH, (ClothVec3f*)((byte*)b + 2), (UIntPtr)n),
                   ClothStatus.InvalidArgument, "cloth_read_positions");
        }
        // Issue 20's heap corruption: a 3-entry array can no longer be read into as if it held more.
        ClothVec3f[] three = new ClothVec3f[3];
        Throws(ClothStatus.BufferTooSmall, "SimCloth.ReadPositions into 3 entries", () => cloth.ReadPositions(three));
        Throws(ClothStatus.BufferTooSmall, "SimCloth.ReadPositions into a 3-entry span of a longer array",
               () => cloth.ReadPositions(new Span<ClothVec3f>(buffer, 0, 3)));
        Throws(ClothStatus.InvalidEnum, "SimCloth.ReadPositions in space 7", () => cloth.ReadPositions(buffer, (ClothSpace)7));
        Expect(buffer[0].x == -7 && buffer[n].z == -7, "a refused read wrote nothing");
        ClothVertexLayout overlapping = ClothNative.cloth_default_vertex_layout();
        overlapping.normal_offset = 6;
        Throws(ClothStatus.InvalidArgument, "SimCloth.ReadVertices with the normal over the position",
               () => cloth.ReadVertices(overlapping, new byte[12 * n]));
        Throws(ClothStatus.BufferTooSmall, "SimCloth.ReadVertices into one byte short",
               () => cloth.ReadVertices(ClothNative.cloth_default_vertex_layout(), new byte[12 * n - 1]));
        Throws(ClothStatus.BufferTooSmall, "SimCloth.ReadNormals into 3 entries", () => cloth.ReadNormals(three));
        // A node map: vertex i is node map[i]; the binding passes the map's length, and a layout whose
        // first_node + node_count runs past node_map_count is refused before the map is read.
        uint[] reversed = new uint[n];
        for (int i = 0; i < n; i++) reversed[i] = (uint)(n - 1 - i);
        byte[] mapped = new byte[12 * n], plain = new byte[12 * n];
        cloth.ReadVertices(ClothNative.cloth_default_vertex_layout(), reversed, mapped);
        cloth.ReadVertices(ClothNative.cloth_default_vertex_layout(), plain);
        bool mirrored = true;
        for (int i = 0; i < n; i++)
            for (int b = 0; b < 12; b++) mirrored &= mapped[12 * i + b] == plain[12 * (n - 1 - i) + b];
        Expect(mirrored, "SimCloth.ReadVertices with a node map writes vertex i as node map[i]");
        fixed (uint* m = reversed)
        fixed (byte* o = mapped)
        {
            ClothVertexLayout pastMap = ClothNative.cloth_default_vertex_layout();
            pastMap.first_node = 2;
            pastMap.node_count = (uint)(n - 1);
            pastMap.node_map = (IntPtr)m;
            pastMap.node_map_count = (UIntPtr)n;
            Status(ClothNative.cloth_read_vertices(w, c, &pastMap, o, (UIntPtr)mapped.Length), ClothStatus.BufferTooSmall,
                   "cloth_read_vertices");
        }
        cloth.ReadPositions(new Span<ClothVec3f>(buffer, 0, n), ClothSpace.Cloth);
        Expect(buffer[0].x != -7 && buffer[n].x == -7, "a read writes node_count entries, no more");

        // A variable frame rate: a negative frame time is refused, a 144 Hz tick runs; the report counts
        // the fixed steps each frame ran.
        world.Advance(1.0 / 144.0);
        Expect(cloth.LastStepReport().steps == 0, "a first 144 Hz frame runs no fixed step of 1/60 s");
        Throws(ClothStatus.InvalidArgument, "SimWorld.Advance by a negative time", () => world.Advance(-0.01));
        Throws(ClothStatus.NonFinite, "SimWorld.Advance by NaN", () => world.Advance(double.NaN));

        // An impulse on a pinned node does nothing; a NaN one is refused.
        cloth.ApplyImpulse(0, new ClothVec3 { x = 0, y = 0, z = 1 });
        Throws(ClothStatus.NonFinite, "SimCloth.ApplyImpulse with a NaN impulse",
               () => cloth.ApplyImpulse(5, new ClothVec3 { x = double.NaN, y = 0, z = 0 }));
        Throws(ClothStatus.OutOfRange, "SimCloth.ApplyImpulses on a node past the cloth",
               () => cloth.ApplyImpulses(new uint[] { 99 }, new ClothVec3[1]));
        Refuses<ArgumentException>("ApplyImpulses with fewer impulses than nodes",
                                   () => cloth.ApplyImpulses(new uint[] { 1, 2 }, new ClothVec3[1]));

        // A cooked cloth: the bytes create the same cloth in another world, which steps to the
        // same bits; a changed byte is BadBlob, a short buffer BufferTooSmall.
        byte[] blob = cloth.Cook();
        SimCloth loaded = other.CreateFromCooked(blob, desc);
        Expect(loaded.NodeCount == n, "the cooked sheet's node count");
        ClothVec3f[] a = new ClothVec3f[n], b2 = new ClothVec3f[n];
        for (int k = 0; k < 30; k++)
        {
            world.Step();
            other.Step();
        }
        cloth.ReadPositions(a);
        loaded.ReadPositions(b2);
        bool same = true;
        for (int i = 0; i < n; i++)
            same &= a[i].x == b2[i].x && a[i].y == b2[i].y && a[i].z == b2[i].z;
        Expect(same, "a cloth created from its cooked bytes steps to the same positions");
        Expect(cloth.LastStepReport().steps == 1, "Step runs one fixed step");
        world.Advance(0.1);
        Expect(cloth.LastStepReport().steps == ClothNative.CLOTH_MAX_CATCH_UP_STEPS, "a 0.1 s hitch runs the catch-up limit");
        loaded.Dispose();
        blob[blob.Length / 2] ^= 1;
        Throws(ClothStatus.BadBlob, "SimWorld.CreateFromCooked with a changed byte", () => other.CreateFromCooked(blob, desc));
        fixed (byte* bb = blob)
        {
            UIntPtr size;
            Status(ClothNative.cloth_cook(w, c, bb, (UIntPtr)(blob.Length - 1), &size), ClothStatus.BufferTooSmall, "cloth_cook");
        }

        // Painted constraints: a free node painted 0 holds still on its animated position; a
        // backstop fits; bad paint is refused by the library or the binding; both clear.
        cloth.SetMaxDistances(5, new float[] { 0.0f });
        cloth.SetBackstops(0, null, new float[n]);
        cloth.SetBackstops(0, new float[n], new float[n]);
        ClothVec3f[] held = new ClothVec3f[n], later = new ClothVec3f[n];
        world.Step();
        cloth.ReadPositions(held, ClothSpace.Cloth);
        for (int k = 0; k < 10; k++) world.Step();
        cloth.ReadPositions(later, ClothSpace.Cloth);
        Expect(held[5].x == later[5].x && held[5].y == later[5].y && held[5].z == later[5].z,
               "a node painted a max distance of 0 holds still");
        Throws(ClothStatus.NonFinite, "SimCloth.SetMaxDistances with a NaN",
               () => cloth.SetMaxDistances(0, new float[] { float.NaN }));
        Throws(ClothStatus.InvalidArgument, "SimCloth.SetBackstops with a negative radius",
               () => cloth.SetBackstops(0, null, new float[] { -1.0f }));
        Throws(ClothStatus.OutOfRange, "SimCloth.SetMaxDistances past the cloth",
               () => cloth.SetMaxDistances(n - 1, new float[2]));
        Refuses<ArgumentException>("SetBackstops with fewer distances than radii",
                                   () => cloth.SetBackstops(0, new float[1], new float[2]));
        ClothControls controls = cloth.GetControls();
        Expect(controls.tethers == 1 && controls.sleep == 1 && controls.teleport_distance == 0
               && controls.max_anchor_acceleration == 600 && controls.max_turn_links == 1, "the default controls");
        controls.sleep = 0;
        controls.teleport_distance = 0.5;
        cloth.SetControls(controls);
        Expect(cloth.GetControls().sleep == 0, "controls set and read back");
        controls.sleep_speed = double.NaN;
        Throws(ClothStatus.NonFinite, "SimCloth.SetControls with a NaN sleep speed", () => cloth.SetControls(controls));
        controls.sleep_speed = 1e-3;
        controls.max_anchor_acceleration = -1;
        Throws(ClothStatus.InvalidArgument, "SimCloth.SetControls with a negative anchor acceleration",
               () => cloth.SetControls(controls));
        controls.max_anchor_acceleration = 600;
        controls.max_turn_links = -1;
        Throws(ClothStatus.InvalidArgument, "SimCloth.SetControls with a negative turn limit",
               () => cloth.SetControls(controls));
        cloth.SetControls(ClothNative.cloth_default_controls());
        Throws(ClothStatus.NonFinite, "SimCloth.SetAnchorVelocity with a NaN",
               () => cloth.SetAnchorVelocity(new ClothVec3 { x = double.NaN, y = 0, z = 0 }));
        cloth.SetAnimDrive(0, new float[] { 0.5f, 1.0f });
        cloth.SetInertiaScales(0, new float[] { 0.0f, 0.5f });
        Throws(ClothStatus.NonFinite, "SimCloth.SetInertiaScales with a NaN",
               () => cloth.SetInertiaScales(0, new float[] { float.NaN }));
        cloth.ClearInertiaScales();
        float[] masses = new float[n];
        for (int k = 0; k < n; k++) masses[k] = 0.02f;
        cloth.SetMasses(0, masses);
        for (int k = 0; k < n; k++) masses[k] = float.NaN;
        Throws(ClothStatus.NonFinite, "SimCloth.SetMasses with NaNs", () => cloth.SetMasses(0, masses));
        for (int k = 0; k < n; k++) masses[k] = 0.0f;
        Throws(ClothStatus.InvalidArgument, "SimCloth.SetMasses with 0 kg", () => cloth.SetMasses(0, masses));
        Throws(ClothStatus.OutOfRange, "SimCloth.SetMasses past the cloth", () => cloth.SetMasses(n - 1, new float[2]));
        Throws(ClothStatus.InvalidArgument, "SimCloth.SetAnimDrive with a strength of 2",
               () => cloth.SetAnimDrive(0, new float[] { 2.0f }));
        cloth.ClearMaxDistances();
        cloth.ClearBackstops();
        cloth.ClearAnimDrive();

        ClothPose[] poses = new ClothPose[n];
        fixed (ClothPose* p = poses)
        {
            Status(ClothNative.cloth_read_node_poses(w, c, null, null, (UIntPtr)n), ClothStatus.NullPointer, "cloth_read_node_poses");
            Status(ClothNative.cloth_read_node_poses(w, c, p, null, (UIntPtr)(n - 1)), ClothStatus.BufferTooSmall, "cloth_read_node_poses");
            Status(ClothNative.cloth_read_node_poses(w, c, null, p, (UIntPtr)n), ClothStatus.Ok, "cloth_read_node_poses");
        }
        Throws(ClothStatus.BufferTooSmall, "SimCloth.ReadNodePoses (double) into n - 1 entries", () => cloth.ReadNodePoses(new ClothPose[n - 1], null));
        Throws(ClothStatus.BufferTooSmall, "SimCloth.ReadNodePoses (float) into n - 1 entries", () => cloth.ReadNodePoses(new ClothPosef[n - 1], null));
        Throws(ClothStatus.BufferTooSmall, "SimCloth.ReadNodePoses with neither array", () => cloth.ReadNodePoses((ClothPosef[])null, null));
        Throws(ClothStatus.NullPointer, "SimCloth.ReadNodePoses with neither pointer", () => cloth.ReadNodePoses((ClothPosef*)null, null, n));
        Status(ClothNative.cloth_node_count(w, c, out *(uint*)null), ClothStatus.NullPointer, "cloth_node_count");
        Refuses<ArgumentOutOfRangeException>("a negative capacity", () => cloth.ReadPositions((ClothVec3f*)null, -1));
        // A negative first node, a null array, a short normals buffer: refused by the binding, in entries.
        Refuses<ArgumentOutOfRangeException>("SetAnimatedPositions from node -1", () => cloth.SetAnimatedPositions(-1, new ClothVec3f[3]));
        Refuses<ArgumentOutOfRangeException>("SetMaxDistances from node -1", () => cloth.SetMaxDistances(-1, new float[3]));
        Refuses<ArgumentNullException>("SetAnimatedPositions with a null array", () => cloth.SetAnimatedPositions(0, (ClothVec3f[])null));
        Refuses<ArgumentNullException>("SetMasses with a null array", () => cloth.SetMasses(0, null));
        Refuses<ArgumentNullException>("SetAnimDrive with a null array", () => cloth.SetAnimDrive(0, null));
        Refuses<ArgumentNullException>("ReadVertices into a null array", () => cloth.ReadVertices(ClothNative.cloth_default_vertex_layout(), null));
        ClothException shortNormals = Throws(ClothStatus.BufferTooSmall, "SimCloth.ReadNormals into n - 1 entries", () => cloth.ReadNormals(new ClothVec3f[n - 1]));
        Expect(shortNormals != null && shortNormals.Message.Contains("holds " + (n - 1) + " entries; the cloth has " + n + " nodes"),
               "ReadNormals' refusal counts entries");

        // Animated positions: NULL, out of range, NaN, beyond the limit — all or nothing.
        ClothVec3f[] targets = { new ClothVec3f(0, 0, 0), new ClothVec3f(0.05f, 0, 0), new ClothVec3f(0.1f, 0, 0) };
        Status(ClothNative.cloth_set_animated_positions(w, c, 0, null, (UIntPtr)3), ClothStatus.NullPointer, "cloth_set_animated_positions");
        Throws(ClothStatus.OutOfRange, "SimCloth.SetAnimatedPositions past the last node", () => cloth.SetAnimatedPositions(n - 2, targets));
        Throws(ClothStatus.OutOfRange, "SimCloth.SetAnimatedPositions (span) past the last node",
               () => cloth.SetAnimatedPositions(n - 2, new ReadOnlySpan<ClothVec3f>(targets)));
        targets[1].y = float.NaN;
        Throws(ClothStatus.NonFinite, "SimCloth.SetAnimatedPositions with NaN", () => cloth.SetAnimatedPositions(0, targets));
        targets[1].y = 3e38f;
        Throws(ClothStatus.InvalidArgument, "SimCloth.SetAnimatedPositions beyond CLOTH_MAX_COORDINATE", () => cloth.SetAnimatedPositions(0, targets));
        targets[1].y = 0;
        cloth.SetAnimatedPositions(0, targets);
        cloth.SetAnimatedPositions(0, new ClothVec3f[0]);

        // Poses.
        ClothPose pose = ClothNative.cloth_pose_identity();
        pose.translation.y = double.NaN;
        Throws(ClothStatus.NonFinite, "SimCloth.SetAnchorPose with NaN", () => cloth.SetAnchorPose(pose));
        pose = ClothNative.cloth_pose_identity();
        pose.rotation.w = 0; // the zero quaternion is no rotation
        Throws(ClothStatus.InvalidArgument, "SimCloth.SetAnchorPose with a zero quaternion", () => cloth.SetAnchorPose(pose));
        Status(ClothNative.cloth_set_anchor_pose(w, c, ref *(ClothPose*)null), ClothStatus.NullPointer, "cloth_set_anchor_pose");
        pose = ClothNative.cloth_pose_identity();
        pose.rotation.x = double.PositiveInfinity;
        Throws(ClothStatus.NonFinite, "SimCloth.PlaceAnchor with an infinite rotation", () => cloth.PlaceAnchor(pose));
        pose = ClothNative.cloth_pose_identity();
        pose.translation.z = -1e39;
        Status(ClothNative.cloth_place_anchor(w, c, ref pose), ClothStatus.InvalidArgument, "cloth_place_anchor");

        // Dynamics and reports.
        ClothDynamics got = cloth.GetDynamics();
        got.friction = -1;
        Throws(ClothStatus.InvalidArgument, "SimCloth.SetDynamics with friction -1", () => cloth.SetDynamics(got));
        got.friction = 0.5;
        got.strain_limit = 3;
        Status(ClothNative.cloth_set_dynamics(w, c, ref got), ClothStatus.InvalidArgument, "cloth_set_dynamics");
        got.strain_limit = 1;
        cloth.SetDynamics(got);
        Expect(cloth.GetDynamics().strain_limit == 1, "dynamics round-trip");
        Status(ClothNative.cloth_preset_dynamics(ClothNative.CLOTH_PRESET_CUSTOM, ref got), ClothStatus.InvalidEnum, "cloth_preset_dynamics");
        Status(ClothNative.cloth_preset_dynamics(99, ref got), ClothStatus.InvalidEnum, "cloth_preset_dynamics");
        Status(ClothNative.cloth_preset_dynamics(ClothNative.CLOTH_PRESET_HAIR, ref *(ClothDynamics*)null), ClothStatus.NullPointer, "cloth_preset_dynamics");
        ClothDynamics unsized = got;
        unsized.struct_size = 0;
        Status(ClothNative.cloth_preset_dynamics(ClothNative.CLOTH_PRESET_HAIR, ref unsized), ClothStatus.StructSize, "cloth_preset_dynamics");
        Status(ClothNative.cloth_get_dynamics(w, c, ref unsized), ClothStatus.StructSize, "cloth_get_dynamics");
        ClothStepReport report = default(ClothStepReport);
        report.struct_size = 4;
        Status(ClothNative.cloth_last_step_report(w, c, ref report), ClothStatus.StructSize, "cloth_last_step_report");
        Status(ClothNative.cloth_last_step_report(w, c, ref *(ClothStepReport*)null), ClothStatus.NullPointer, "cloth_last_step_report");
        cloth.LastStepReport();

        // Ids: another world's, zero, swapped halves, destroyed.
        Status(ClothNative.cloth_wake(other.Handle, c), ClothStatus.StaleId, "cloth_wake");
        Status(ClothNative.cloth_wake(w, default(ClothId)), ClothStatus.StaleId, "cloth_wake");
        if (c.Index != c.Generation)
            Status(ClothNative.cloth_teleport(w, new ClothId { packed = (c.packed << 32) | (c.packed >> 32) }), ClothStatus.StaleId, "cloth_teleport");
        cloth.Wake();
        cloth.Teleport();
        cloth.Dispose();
        cloth.Dispose(); // a second Dispose does nothing
        Status(ClothNative.cloth_destroy(w, c), ClothStatus.StaleId, "cloth_destroy");
        Throws(ClothStatus.StaleId, "SimCloth.ReadPositions after Dispose", () => cloth.ReadPositions(buffer));
        Throws(ClothStatus.StaleId, "SimCloth.SetAnchorPose after Dispose", () => cloth.SetAnchorPose(ClothNative.cloth_pose_identity()));
        ClothException gone = Throws(ClothStatus.StaleId, "SimCloth.NodeCount after Dispose", () => { int k = cloth.NodeCount; });
        Expect(gone != null && gone.Message.Contains("this SimCloth was disposed"), "a disposed cloth says so");
        world.Step();

        // A cloth outliving its world's Dispose: every call is InvalidWorld, its Dispose does nothing.
        world.Dispose();
        ClothException orphan = Throws(ClothStatus.InvalidWorld, "SimCloth.Wake after the world's Dispose", () => rig.Wake());
        Expect(orphan != null && orphan.Message.Contains("SimWorld was disposed"), "a cloth whose world is disposed says so");
        rig.Dispose();
        other.Dispose();
    }

    static void Colliders()
    {
        SimWorld world = new SimWorld();
        ClothWorld w = world.Handle;
        Status(ClothNative.cloth_collider_set_create(w, out *(ClothColliderSetId*)null), ClothStatus.NullPointer, "cloth_collider_set_create");
        SimColliderSet set = world.CreateColliderSet();
        ClothColliderDesc cd = ClothNative.cloth_default_collider_desc();
        ClothColliderId col;
        Status(ClothNative.cloth_collider_create(w, default(ClothColliderSetId), ref cd, out col), ClothStatus.StaleId, "cloth_collider_create");
        cd.shape = 42;
        Throws(ClothStatus.InvalidEnum, "SimColliderSet.Add with shape 42", () => set.Add(cd));
        cd = ClothNative.cloth_default_collider_desc();
        cd.radius = double.PositiveInfinity;
        Throws(ClothStatus.NonFinite, "SimColliderSet.Add with an infinite radius", () => set.Add(cd));
        cd.radius = -1;
        Status(ClothNative.cloth_collider_create(w, set.Id, ref cd, out col), ClothStatus.InvalidArgument, "cloth_collider_create");
        cd = ClothNative.cloth_default_collider_desc();
        cd.pose.rotation.w = 2; // not unit
        Throws(ClothStatus.InvalidArgument, "SimColliderSet.Add with a rotation of norm 2", () => set.Add(cd));
        Status(ClothNative.cloth_collider_create(w, set.Id, ref *(ClothColliderDesc*)null, out col), ClothStatus.NullPointer, "cloth_collider_create");
        col = set.Add(ClothNative.cloth_default_collider_desc());
        Expect(col.generation != 0 && col.set.packed == set.Id.packed, "a live collider id");

        ClothPose pose = ClothNative.cloth_pose_identity();
        pose.rotation.z = double.NaN;
        Throws(ClothStatus.NonFinite, "SimColliderSet.SetPose with NaN", () => set.SetPose(col, pose));
        Status(ClothNative.cloth_collider_set_pose(w, col, ref *(ClothPose*)null), ClothStatus.NullPointer, "cloth_collider_set_pose");
        pose = ClothNative.cloth_pose_identity();
        set.Place(col, pose);
        ClothColliderId wrong = col;
        wrong.generation = 0;
        Throws(ClothStatus.StaleId, "SimColliderSet.SetPose of a wrong generation", () => set.SetPose(wrong, pose));

        // A cloth inside the sphere fails its bind-pose check unless it opts out.
        SmallSheet();
        ClothDesc desc = ClothNative.cloth_default_desc();
        desc.colliders = set.Id;
        desc.anchor.translation.y = 0.1;
        Throws(ClothStatus.SeedFailed, "SimWorld.CreateSheet inside a collider",
               () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, desc));
        desc.bind_pose_check = 7;
        Throws(ClothStatus.InvalidArgument, "SimWorld.CreateSheet with bind_pose_check 7",
               () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, desc));
        desc.bind_pose_check = 0;
        SimCloth cloth = world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, desc);
        ClothId c = cloth.Id;

        // Phases.
        Status(ClothNative.cloth_world_step_cloth(w, c), ClothStatus.WrongPhase, "cloth_world_step_cloth");
        Throws(ClothStatus.WrongPhase, "SimWorld.EndStep outside a step", () => world.EndStep());
        world.BeginStep();
        Throws(ClothStatus.WrongPhase, "SimWorld.BeginStep twice", () => world.BeginStep());
        Throws(ClothStatus.WrongPhase, "SimColliderSet.SetPose inside a step", () => set.SetPose(col, pose));
        Throws(ClothStatus.WrongPhase, "SimWorld.BeginFrame inside a step", () => world.BeginFrame());
        Throws(ClothStatus.WrongPhase, "SimWorld.Step inside a step", () => world.Step());
        Status(ClothNative.cloth_destroy(w, c), ClothStatus.WrongPhase, "cloth_destroy");
        Throws(ClothStatus.WrongPhase, "SimWorld.CreateSheet inside a step",
               () => world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, desc));
        world.StepCloth(cloth);
        Throws(ClothStatus.WrongPhase, "SimWorld.StepCloth twice in one step", () => world.StepCloth(cloth));
        world.EndStep();
        // The same pair advancing by a host frame (a job system at a varying rate): 1/30 s runs two
        // fixed steps of 1/60 s.
        Throws(ClothStatus.NonFinite, "SimWorld.BeginAdvance by NaN", () => world.BeginAdvance(double.NaN));
        world.BeginAdvance(1.0 / 30.0);
        Throws(ClothStatus.WrongPhase, "SimWorld.BeginAdvance twice", () => world.BeginAdvance(1.0 / 30.0));
        world.StepCloth(cloth);
        world.EndStep();
        Expect(cloth.LastStepReport().steps == 2, "a 1/30 s frame advanced from a job runs two fixed steps of 1/60 s");

        // A set in use: its Dispose leaves it to the world, its Destroy throws; a destroyed collider
        // and set.
        Status(ClothNative.cloth_collider_set_destroy(w, set.Id), ClothStatus.InUse, "cloth_collider_set_destroy");
        set.Dispose();
        Status(ClothNative.cloth_collider_set_destroy(w, set.Id), ClothStatus.InUse, "cloth_collider_set_destroy");
        Throws(ClothStatus.InUse, "SimColliderSet.Destroy while a cloth uses it", () => set.Destroy());
        set.Remove(col);
        Throws(ClothStatus.StaleId, "SimColliderSet.Remove twice", () => set.Remove(col));
        cloth.SetColliders(null);
        set.Destroy();
        Status(ClothNative.cloth_collider_set_destroy(w, set.Id), ClothStatus.StaleId, "cloth_collider_set_destroy");
        Throws(ClothStatus.StaleId, "SimColliderSet.Destroy twice", () => set.Destroy());
        Throws(ClothStatus.StaleId, "SimCloth.SetColliders with a destroyed set", () => cloth.SetColliders(set));
        world.Dispose();
    }

    // Two threads in calls on one cloth at once: the second is BUSY, never a data race. A reader
    // thread reads positions while this thread sets the anchor, until each has seen BUSY or the
    // time is up.
    static volatile bool stop;
    static int readerBusy;

    static void Busy()
    {
        SimWorld world = new SimWorld();
        SmallSheet();
        SimCloth cloth = world.CreateSheet(sheetPositions, sheetMasses, sheetFixed, sheetTriangles, ClothNative.cloth_default_desc());
        ClothWorld w = world.Handle;
        ClothId c = cloth.Id;
        Thread reader = new Thread(() =>
        {
            ClothVec3f* buffer = stackalloc ClothVec3f[SIDE * SIDE];
            while (!stop)
            {
                ClothStatus s = ClothNative.cloth_read_positions(w, c, ClothNative.CLOTH_SPACE_WORLD, buffer, (UIntPtr)(SIDE * SIDE));
                if (s == ClothStatus.Busy) readerBusy++;
                else if (s != ClothStatus.Ok) { Console.Error.WriteLine("ClothTest.cs: reader got " + s); failures++; }
            }
        });
        reader.Start();
        ClothPose pose = ClothNative.cloth_pose_identity();
        int busy = 0, calls = 0, other = 0;
        string message = "";
        DateTime end = DateTime.UtcNow.AddSeconds(20);
        while ((busy == 0 || readerBusy == 0) && DateTime.UtcNow < end)
        {
            for (int i = 0; i < 1000; i++)
            {
                ClothStatus s = ClothNative.cloth_set_anchor_pose(w, c, ref pose);
                calls++;
                if (s == ClothStatus.Busy)
                {
                    if (busy++ == 0) message = ClothNative.LastError();
                }
                else if (s != ClothStatus.Ok) other++;
            }
        }
        stop = true;
        reader.Join();
        cases++;
        seen[(int)ClothStatus.Busy] += busy + readerBusy;
        Console.WriteLine("busy: " + busy + " of " + calls + " anchor calls and " + readerBusy + " reads met the other thread's call on the same cloth");
        Expect(busy > 0 && message.StartsWith("cloth_set_anchor_pose"), "two threads on one cloth: BUSY, with a message naming the function");
        Expect(other == 0, "no status but Ok and Busy from two threads on one cloth");
        world.Dispose();
    }
}

#endif
