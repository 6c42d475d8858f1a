/* A C host (C99): one character — a cape (a sheet) and a rope (a tree) on a
 * walking, swaying anchor, colliding with a torso capsule, a head sphere and
 * a ground plane — stepped for 300 frames on the world's own two threads,
 * with the particle positions and node poses read back every frame.
 *
 * It checks what a host can check without a renderer: every call succeeds,
 * every value read back is finite, every node stays within its cloth's reach
 * of the anchor, the world pose of a node is where its particle is, and the
 * cloth actually moved. It prints which kernels ran (cloth_cpu_path) and a
 * digest of every position read back (FNV-1a over the float bits), which is
 * the same on every CPU (ffi/tests/hosts.rs runs it without AVX under qemu).
 * Exit code 0 and a last line "host.c: ok" on success.
 *
 * Its C# twin, bindings/csharp/tests/ClothTest.cs, steps the same scene
 * through the C# binding under Mono and must print the same digest
 * (ffi/tests/mono.rs): change one, change the other.
 *
 * Build: cc -std=c99 -I include ffi/examples/host.c -L <dir> -lcloth -lm */

#include "cloth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define COLUMNS 16
#define ROWS 20
#define SPACING 0.025f
#define ROPE_NODES 30
#define ROPE_LINK 0.04f
#define FRAMES 300

static int failures = 0;

/* Every call goes through here: a failure prints its status and message. */
static void check(cloth_status s, const char *what) {
    if (s != CLOTH_STATUS_OK) {
        fprintf(stderr, "host.c: %s failed: %s: %s\n", what, cloth_status_name(s), cloth_last_error_message());
        exit(1);
    }
}

static void expect(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "host.c: check failed: %s\n", what);
        failures++;
    }
}

/* The anchor at frame k: a walk along X (2.4 m/s for a second, stop,
 * back, stop) and a sway of ±0.3 rad about +Y. */
static cloth_pose anchor_at(int k) {
    double t = k / 60.0, phase = fmod(t, 4.0), x;
    if (phase < 1.0) x = 2.4 * phase;
    else if (phase < 2.0) x = 2.4;
    else if (phase < 3.0) x = 2.4 - 2.4 * (phase - 2.0);
    else x = 0.0;
    double half = 0.5 * 0.3 * sin(1.3 * t);
    cloth_pose p = cloth_pose_identity();
    p.translation.x = x;
    p.translation.y = 1.5;
    p.rotation.y = sin(half);
    p.rotation.w = cos(half);
    return p;
}

/* A pose composed with a local offset (translation only). */
static cloth_pose offset(cloth_pose anchor, double x, double y, double z) {
    /* Rotate (x, y, z) by the anchor's quaternion: v + 2w(u×v) + 2u×(u×v). */
    cloth_quat q = anchor.rotation;
    double tx = 2 * (q.y * z - q.z * y), ty = 2 * (q.z * x - q.x * z), tz = 2 * (q.x * y - q.y * x);
    cloth_pose p = anchor;
    p.translation.x += x + q.w * tx + (q.y * tz - q.z * ty);
    p.translation.y += y + q.w * ty + (q.z * tx - q.x * tz);
    p.translation.z += z + q.w * tz + (q.x * ty - q.y * tx);
    return p;
}

/* FNV-1a over the bits of n positions. */
static uint64_t digest(uint64_t h, const cloth_vec3f *p, uint32_t n) {
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n * sizeof(cloth_vec3f); i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static double distance(cloth_vec3f a, cloth_vec3 b) {
    double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

int main(void) {
    printf("cloth %s, ABI %u (header %u), CPU supported: %u\n", cloth_version(), cloth_abi_version(),
           CLOTH_ABI_VERSION, cloth_cpu_supported());
    if (cloth_abi_version() != CLOTH_ABI_VERSION) {
        fprintf(stderr, "host.c: the library's ABI differs from the header's\n");
        return 1;
    }
    printf("kernels: %s\n", cloth_cpu_path() == CLOTH_CPU_PATH_AVX2_PACKED ? "avx2-packed"
                                   : cloth_cpu_path() == CLOTH_CPU_PATH_AVX2 ? "avx2" : "baseline");
    if (!cloth_cpu_supported()) {
        printf("host.c: this CPU cannot run this build; skipped\n");
        return 0;
    }

    cloth_world_desc wd = cloth_default_world_desc();
    wd.threads = 2;
    cloth_world world;
    check(cloth_world_create(&wd, &world), "cloth_world_create");

    /* The body: one collider set shared by the cape and the rope. */
    cloth_collider_set_id body;
    check(cloth_collider_set_create(world, &body), "cloth_collider_set_create");
    cloth_pose anchor = anchor_at(0);
    cloth_collider_desc cd = cloth_default_collider_desc();
    cd.shape = CLOTH_SHAPE_CAPSULE;
    cd.a.y = -0.45;
    cd.radius = 0.12;
    cd.pose = offset(anchor, 0.19, 0.0, -0.2);
    cloth_collider_id torso, head, ground;
    check(cloth_collider_create(world, body, &cd, &torso), "cloth_collider_create (torso)");
    cd = cloth_default_collider_desc();
    cd.radius = 0.1;
    cd.pose = offset(anchor, 0.19, 0.2, -0.2);
    check(cloth_collider_create(world, body, &cd, &head), "cloth_collider_create (head)");
    cd = cloth_default_collider_desc();
    cd.shape = CLOTH_SHAPE_PLANE;
    cd.pose = cloth_pose_identity();
    check(cloth_collider_create(world, body, &cd, &ground), "cloth_collider_create (ground)");

    /* The cape: a COLUMNS × ROWS sheet hanging in the anchor's XY plane from
     * its top row, one diagonal per quad. */
    static cloth_vec3f cape_positions[COLUMNS * ROWS];
    static float cape_masses[COLUMNS * ROWS];
    static uint32_t cape_fixed[COLUMNS * ROWS];
    static uint32_t cape_triangles[6 * (COLUMNS - 1) * (ROWS - 1)];
    uint32_t t = 0;
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLUMNS; c++) {
            int n = r * COLUMNS + c;
            cape_positions[n].x = c * SPACING;
            cape_positions[n].y = -r * SPACING;
            cape_positions[n].z = 1e-3f * r * SPACING; /* never exactly planar (DESIGN §3 rule 8) */
            cape_masses[n] = 0.4f / (COLUMNS * ROWS);
            cape_fixed[n] = r == 0;
            if (r + 1 < ROWS && c + 1 < COLUMNS) {
                uint32_t a = n, b = n + 1, d = n + COLUMNS + 1, e = n + COLUMNS;
                cape_triangles[t++] = a; cape_triangles[t++] = b; cape_triangles[t++] = d;
                cape_triangles[t++] = a; cape_triangles[t++] = d; cape_triangles[t++] = e;
            }
        }
    }
    cloth_sheet_desc sheet = cloth_default_sheet_desc();
    sheet.node_count = COLUMNS * ROWS;
    sheet.triangle_count = t / 3;
    sheet.positions = cape_positions;
    sheet.masses = cape_masses;
    sheet.fixed = cape_fixed;
    sheet.triangles = cape_triangles;
    cloth_desc desc = cloth_default_desc();
    desc.preset = CLOTH_PRESET_COTTON;
    desc.anchor = anchor;
    desc.colliders = body;
    cloth_id cape;
    check(cloth_create_sheet(world, &sheet, &desc, &cape), "cloth_create_sheet");

    /* The rope: a chain hanging from the anchor at x = -0.2 m, explicit
     * dynamics started from the ROPE entry. */
    static cloth_vec3f rope_positions[ROPE_NODES];
    static float rope_masses[ROPE_NODES];
    static uint32_t rope_parents[ROPE_NODES];
    for (int n = 0; n < ROPE_NODES; n++) {
        rope_positions[n].x = -0.2f + 1e-3f * n * ROPE_LINK;
        rope_positions[n].y = -n * ROPE_LINK;
        rope_positions[n].z = 0.0f;
        rope_masses[n] = 0.01f;
        rope_parents[n] = n == 0 ? CLOTH_NO_PARENT : (uint32_t)(n - 1);
    }
    cloth_tree_desc tree = cloth_default_tree_desc();
    tree.node_count = ROPE_NODES;
    tree.positions = rope_positions;
    tree.masses = rope_masses;
    tree.parents = rope_parents;
    cloth_dynamics rope_dynamics = cloth_default_dynamics(); /* sets struct_size */
    check(cloth_preset_dynamics(CLOTH_PRESET_ROPE, &rope_dynamics), "cloth_preset_dynamics");
    rope_dynamics.damping = 0.25;
    desc = cloth_default_desc();
    desc.preset = CLOTH_PRESET_CUSTOM;
    desc.dynamics = &rope_dynamics;
    desc.anchor = anchor;
    desc.colliders = body;
    cloth_id rope;
    check(cloth_create_tree(world, &tree, &desc, &rope), "cloth_create_tree");

    uint32_t cape_nodes = 0, rope_nodes = 0, cloths = 0;
    check(cloth_node_count(world, cape, &cape_nodes), "cloth_node_count");
    check(cloth_node_count(world, rope, &rope_nodes), "cloth_node_count");
    check(cloth_world_cloth_count(world, &cloths), "cloth_world_cloth_count");
    expect(cape_nodes == COLUMNS * ROWS && rope_nodes == ROPE_NODES && cloths == 2, "node and cloth counts");

    static cloth_vec3f cape_out[COLUMNS * ROWS], rope_out[ROPE_NODES];
    static cloth_pose cape_world[COLUMNS * ROWS], cape_local[COLUMNS * ROWS], rope_world[ROPE_NODES];
    double cape_reach = sqrt(pow((COLUMNS - 1) * SPACING, 2) + pow((ROWS - 1) * SPACING, 2));
    double rope_reach = sqrt(0.2 * 0.2) + (ROPE_NODES - 1) * ROPE_LINK;
    double worst_cape = 0, worst_rope = 0, hem_travel = 0;
    cloth_vec3f hem_start = {0, 0, 0};
    int sleeping_frames = 0;
    uint64_t positions_digest = 0xcbf29ce484222325ULL;

    /* A frame budget, as a crowd sets one: the default, 2 core-milliseconds a
     * frame, far more than this character costs, so both cloths stay at full
     * detail (and the digest is what it is without one). Each frame the cloths'
     * priorities come from their distance to a camera, the rope's below the
     * cape's. */
    cloth_frame_budget budget = cloth_default_frame_budget();
    check(cloth_world_set_budget(world, &budget), "cloth_world_set_budget");
    const cloth_vec3 camera = {0.0, 1.6, 3.0};

    for (int k = 1; k <= FRAMES; k++) {
        anchor = anchor_at(k);
        check(cloth_world_begin_frame(world), "cloth_world_begin_frame");
        cloth_pose torso_pose = offset(anchor, 0.19, 0.0, -0.2), head_pose = offset(anchor, 0.19, 0.2, -0.2);
        check(cloth_collider_set_pose(world, torso, &torso_pose), "cloth_collider_set_pose (torso)");
        check(cloth_collider_set_pose(world, head, &head_pose), "cloth_collider_set_pose (head)");
        check(cloth_set_anchor_pose(world, cape, &anchor), "cloth_set_anchor_pose (cape)");
        check(cloth_set_anchor_pose(world, rope, &anchor), "cloth_set_anchor_pose (rope)");
        double cx = anchor.translation.x - camera.x, cy = anchor.translation.y - camera.y,
               cz = anchor.translation.z - camera.z, to_camera = sqrt(cx * cx + cy * cy + cz * cz);
        check(cloth_set_priority(world, cape, -to_camera), "cloth_set_priority (cape)");
        check(cloth_set_priority(world, rope, -to_camera - 1.0), "cloth_set_priority (rope)");
        check(cloth_world_step(world), "cloth_world_step");

        check(cloth_read_positions(world, cape, CLOTH_SPACE_WORLD, cape_out, COLUMNS * ROWS), "read cape");
        check(cloth_read_positions(world, rope, CLOTH_SPACE_WORLD, rope_out, ROPE_NODES), "read rope");
        check(cloth_read_node_poses(world, cape, cape_world, cape_local, COLUMNS * ROWS), "cape poses");
        check(cloth_read_node_poses(world, rope, rope_world, NULL, ROPE_NODES), "rope poses");
        positions_digest = digest(digest(positions_digest, cape_out, COLUMNS * ROWS), rope_out, ROPE_NODES);
        cloth_step_report report = {.struct_size = sizeof(cloth_step_report)};
        check(cloth_last_step_report(world, cape, &report), "cloth_last_step_report");
        expect(report.watchdog == CLOTH_WATCHDOG_NONE, "no watchdog reset");
        uint32_t cape_level = CLOTH_DETAIL_FROZEN, rope_level = CLOTH_DETAIL_FROZEN;
        check(cloth_get_detail(world, cape, &cape_level), "cloth_get_detail (cape)");
        check(cloth_get_detail(world, rope, &rope_level), "cloth_get_detail (rope)");
        expect(cape_level == CLOTH_DETAIL_FULL && rope_level == CLOTH_DETAIL_FULL && !report.idle,
               "the budget holds both cloths at full detail");
        sleeping_frames += report.asleep != 0;

        for (uint32_t n = 0; n < cape_nodes; n++) {
            double d = distance(cape_out[n], anchor.translation);
            expect(isfinite(d), "finite cape position");
            if (d > worst_cape) worst_cape = d;
            /* A node's world pose sits on its particle (float rounding). */
            double dp = distance(cape_out[n], cape_world[n].translation);
            expect(dp < 1e-4, "cape node pose on its particle");
            cloth_quat q = cape_local[n].rotation;
            double qn = sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
            expect(fabs(qn - 1.0) < 1e-9, "unit local rotation");
        }
        for (uint32_t n = 0; n < rope_nodes; n++) {
            double d = distance(rope_out[n], anchor.translation);
            expect(isfinite(d), "finite rope position");
            if (d > worst_rope) worst_rope = d;
            expect(distance(rope_out[n], rope_world[n].translation) < 1e-4, "rope node pose on its particle");
        }
        cloth_vec3f hem = cape_out[(ROWS - 1) * COLUMNS];
        if (k == 1) hem_start = hem;
        else {
            cloth_vec3 s = {hem_start.x, hem_start.y, hem_start.z};
            double d = distance(hem, s);
            if (d > hem_travel) hem_travel = d;
        }
    }

    printf("cape: %u nodes, farthest %.3f m from the anchor (reach %.3f m)\n", cape_nodes, worst_cape, cape_reach);
    printf("rope: %u nodes, farthest %.3f m from the anchor (reach %.3f m)\n", rope_nodes, worst_rope, rope_reach);
    printf("hem travelled up to %.3f m; %d frames asleep\n", hem_travel, sleeping_frames);
    printf("digest of every position read: %016llx\n", (unsigned long long)positions_digest);
    /* COTTON has no strain limit: a swinging sheet's worst edge stretches
     * ~15 % (MEASUREMENTS.md, W0), so its reach may grow by a fifth. */
    expect(worst_cape <= 1.2 * cape_reach, "the cape stays within its reach of the anchor");
    expect(worst_rope <= 1.05 * rope_reach, "the rope stays within its reach of the anchor");
    expect(hem_travel > 0.5, "the cape moved with the walking anchor");

    /* Teardown in the documented order; each call checked. */
    check(cloth_destroy(world, rope), "cloth_destroy (rope)");
    check(cloth_destroy(world, cape), "cloth_destroy (cape)");
    check(cloth_collider_destroy(world, head), "cloth_collider_destroy");
    check(cloth_collider_set_destroy(world, body), "cloth_collider_set_destroy");
    check(cloth_world_destroy(world), "cloth_world_destroy");

    if (failures) {
        fprintf(stderr, "host.c: %d checks failed\n", failures);
        return 1;
    }
    printf("host.c: ok\n");
    return 0;
}
