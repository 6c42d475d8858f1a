/* Misuse from C (issue 6): every way a host can get a call wrong returns its
 * status code and a message naming the function — never a crash, never a
 * write to an out-parameter or an output buffer. Double destroy, destroyed
 * handles, NULL and misaligned pointers, short buffers, wrong-cloth and
 * out-of-range indices, NaN poses, bad enums and flags, wrong struct sizes,
 * calls in the wrong phase; and several threads misusing distinct worlds at
 * once, each reading its own last-error message.
 *
 * Exit code 0 and a last line "misuse.c: ok" when every case returned its
 * code. Build: cc -std=c99 -pthread -I include misuse.c libcloth.a -lm ... */

#define _POSIX_C_SOURCE 200112L
#include "cloth.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cases = 0, failures = 0;

/* Checks a call's status; a refusal must leave a message that starts with the
 * function's name, a success an empty one. */
static void expect_status(const char *call, cloth_status got, cloth_status want, int line) {
    const char *message = cloth_last_error_message();
    cases++;
    int good = got == want;
    if (good && want != CLOTH_STATUS_OK) {
        const char *paren = strchr(call, '(');
        size_t name = paren ? (size_t)(paren - call) : strlen(call);
        good = message && strlen(message) > name + 2 && strncmp(message, call, name) == 0;
    }
    if (good && want == CLOTH_STATUS_OK) good = message && message[0] == '\0';
    if (!good) {
        fprintf(stderr, "misuse.c:%d: %s\n  returned %s, expected %s; message: \"%s\"\n", line, call,
                cloth_status_name(got), cloth_status_name(want), message ? message : "(NULL)");
        failures++;
    }
}
#define EXPECT(call, want) expect_status(#call, (call), (want), __LINE__)

static void expect_true(int ok, const char *what, int line) {
    cases++;
    if (!ok) {
        fprintf(stderr, "misuse.c:%d: %s\n", line, what);
        failures++;
    }
}
#define EXPECT_TRUE(cond) expect_true((cond), #cond, __LINE__)

/* A 4 × 4 sheet hanging from its top row, 5 cm apart. */
#define SIDE 4
static cloth_vec3f sheet_positions[SIDE * SIDE];
static float sheet_masses[SIDE * SIDE];
static uint32_t sheet_fixed[SIDE * SIDE];
static uint32_t sheet_triangles[6 * (SIDE - 1) * (SIDE - 1)];

static cloth_sheet_desc small_sheet(void) {
    uint32_t t = 0;
    for (int r = 0; r < SIDE; r++)
        for (int c = 0; c < SIDE; c++) {
            int n = r * SIDE + c;
            sheet_positions[n].x = 0.05f * c;
            sheet_positions[n].y = -0.05f * r;
            sheet_positions[n].z = 1e-4f * r;
            sheet_masses[n] = 0.01f;
            sheet_fixed[n] = r == 0;
            if (r + 1 < SIDE && c + 1 < SIDE) {
                uint32_t a = n, b = n + 1, d = n + SIDE + 1, e = n + SIDE;
                sheet_triangles[t++] = a; sheet_triangles[t++] = b; sheet_triangles[t++] = d;
                sheet_triangles[t++] = a; sheet_triangles[t++] = d; sheet_triangles[t++] = e;
            }
        }
    cloth_sheet_desc s = cloth_default_sheet_desc();
    s.node_count = SIDE * SIDE;
    s.triangle_count = t / 3;
    s.positions = sheet_positions;
    s.masses = sheet_masses;
    s.fixed = sheet_fixed;
    s.triangles = sheet_triangles;
    return s;
}

static cloth_world new_world(uint32_t threads) {
    cloth_world_desc d = cloth_default_world_desc();
    d.threads = threads;
    cloth_world w = {0, 0};
    EXPECT(cloth_world_create(&d, &w), CLOTH_STATUS_OK);
    return w;
}

static void handles(void) {
    cloth_world_desc d = cloth_default_world_desc();
    cloth_world w = {77, 77}, zero = {0, 0}, never = {100000, 1};
    EXPECT(cloth_world_create(NULL, &w), CLOTH_STATUS_NULL_POINTER);
    EXPECT(cloth_world_create(&d, NULL), CLOTH_STATUS_NULL_POINTER);
    EXPECT_TRUE(w.index == 77 && w.generation == 77); /* out-params untouched on failure */
    d.struct_size = 3;
    EXPECT(cloth_world_create(&d, &w), CLOTH_STATUS_STRUCT_SIZE);
    d = cloth_default_world_desc();
    d.threads = 1000;
    EXPECT(cloth_world_create(&d, &w), CLOTH_STATUS_INVALID_ARGUMENT);
    /* A misaligned out-parameter is refused, not written. */
    uint64_t storage[4] = {0, 0, 0, 0};
    d = cloth_default_world_desc();
    EXPECT(cloth_world_create(&d, (cloth_world *)((char *)storage + 1)), CLOTH_STATUS_INVALID_ARGUMENT);
    EXPECT_TRUE(storage[0] == 0 && storage[1] == 0);

    EXPECT(cloth_world_step(zero), CLOTH_STATUS_INVALID_WORLD);
    EXPECT(cloth_world_destroy(never), CLOTH_STATUS_INVALID_WORLD);
    w = new_world(1);
    EXPECT(cloth_world_destroy(w), CLOTH_STATUS_OK);
    EXPECT(cloth_world_destroy(w), CLOTH_STATUS_INVALID_WORLD); /* double destroy */
    EXPECT(cloth_world_step(w), CLOTH_STATUS_INVALID_WORLD);    /* a destroyed handle */
    cloth_collider_set_id set;
    EXPECT(cloth_collider_set_create(w, &set), CLOTH_STATUS_INVALID_WORLD);
    /* A new world in the freed slot does not revive the old handle. */
    cloth_world again = new_world(0);
    EXPECT_TRUE(again.index != w.index || again.generation != w.generation);
    EXPECT(cloth_world_begin_frame(w), CLOTH_STATUS_INVALID_WORLD);
    EXPECT(cloth_world_destroy(again), CLOTH_STATUS_OK);
}

static void cloths(void) {
    cloth_world w = new_world(0), other = new_world(0);
    cloth_sheet_desc sheet = small_sheet();
    cloth_desc desc = cloth_default_desc();
    cloth_id c = {0, 0}, sentinel = {123, 456}, out = sentinel;

    EXPECT(cloth_create_sheet(w, NULL, &desc, &c), CLOTH_STATUS_NULL_POINTER);
    EXPECT(cloth_create_sheet(w, &sheet, NULL, &c), CLOTH_STATUS_NULL_POINTER);
    EXPECT(cloth_create_sheet(w, &sheet, &desc, NULL), CLOTH_STATUS_NULL_POINTER);
    sheet.positions = NULL;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_NULL_POINTER);
    sheet = small_sheet();
    sheet.struct_size = sizeof(cloth_sheet_desc) + 8;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_STRUCT_SIZE);
    sheet = small_sheet();
    sheet_triangles[4] = 999; /* a corner that is no node */
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_SEED_FAILED);
    sheet = small_sheet();
    sheet_fixed[2] = 2; /* a flag that is neither 0 nor 1 */
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ARGUMENT);
    sheet = small_sheet();
    sheet_positions[5].y = NAN;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_NON_FINITE);
    sheet = small_sheet();
    sheet_positions[5].y = -2e6f; /* beyond CLOTH_MAX_COORDINATE */
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ARGUMENT);
    sheet = small_sheet();
    sheet_masses[5] = NAN; /* a free node's mass */
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_NON_FINITE);
    sheet = small_sheet();
    sheet_masses[5] = 0;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_SEED_FAILED);
    sheet = small_sheet();
    desc.preset = 99;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ENUM);
    cloth_dynamics dyn = cloth_default_dynamics();
    desc.preset = CLOTH_PRESET_SILK;
    desc.dynamics = &dyn; /* a preset and explicit dynamics: which? */
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ARGUMENT);
    desc.preset = CLOTH_PRESET_CUSTOM;
    desc.dynamics = NULL;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_NULL_POINTER);
    dyn.damping = NAN;
    desc.dynamics = &dyn;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_NON_FINITE);
    dyn = cloth_default_dynamics();
    dyn.substeps = 0;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ARGUMENT);
    dyn = cloth_default_dynamics();
    dyn.teleport = 5;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ENUM);
    desc = cloth_default_desc();
    desc.anchor.translation.x = INFINITY;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_NON_FINITE);
    desc = cloth_default_desc();
    desc.anchor.translation.x = 1e39; /* finite as a double, not as a float */
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ARGUMENT);
    desc = cloth_default_desc();
    desc.anchor.rotation.w = 0; /* as cloth_set_anchor_pose says: no rotation */
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ARGUMENT);
    desc = cloth_default_desc();
    desc.colliders.index = 5;
    desc.colliders.generation = 1; /* a set that does not exist */
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_STALE_ID);
    EXPECT_TRUE(out.index == sentinel.index && out.generation == sentinel.generation);

    /* Trees and rigs with bad indices. */
    uint32_t parents[3] = {CLOTH_NO_PARENT, 0, 7};
    cloth_vec3f tp[3] = {{0, 0, 0}, {0, -0.1f, 0}, {0, -0.2f, 0}};
    float tm[3] = {0.1f, 0.1f, 0.1f};
    cloth_tree_desc tree = cloth_default_tree_desc();
    tree.node_count = 3;
    tree.positions = tp;
    tree.masses = tm;
    tree.parents = parents;
    desc = cloth_default_desc();
    EXPECT(cloth_create_tree(w, &tree, &desc, &out), CLOTH_STATUS_SEED_FAILED);
    parents[2] = 1;
    cloth_id rope;
    EXPECT(cloth_create_tree(w, &tree, &desc, &rope), CLOTH_STATUS_OK);
    uint32_t sk_parents[2] = {CLOTH_NO_PARENT, 0}, joints[1] = {9};
    cloth_pose binds[2] = {cloth_pose_identity(), cloth_pose_identity()};
    float rm[1] = {0.1f};
    cloth_rig_desc rig = cloth_default_rig_desc();
    rig.joint_count = 2;
    rig.node_count = 1;
    rig.skeleton_parents = sk_parents;
    rig.local_bind = binds;
    rig.joints = joints;
    rig.masses = rm;
    EXPECT(cloth_create_rig(w, &rig, &desc, &out), CLOTH_STATUS_SEED_FAILED);
    binds[1].rotation.w = NAN;
    joints[0] = 1;
    EXPECT(cloth_create_rig(w, &rig, &desc, &out), CLOTH_STATUS_NON_FINITE);

    EXPECT(cloth_create_sheet(w, &sheet, &desc, &c), CLOTH_STATUS_OK);
    uint32_t n = 0;
    EXPECT(cloth_node_count(w, c, &n), CLOTH_STATUS_OK);
    EXPECT_TRUE(n == SIDE * SIDE);

    /* Buffers: NULL, short (nothing written), misaligned. */
    cloth_vec3f buffer[SIDE * SIDE + 1];
    for (int i = 0; i < SIDE * SIDE + 1; i++) buffer[i].x = buffer[i].y = buffer[i].z = -7.0f;
    EXPECT(cloth_read_positions(w, c, CLOTH_SPACE_WORLD, NULL, n), CLOTH_STATUS_NULL_POINTER);
    EXPECT(cloth_read_positions(w, c, CLOTH_SPACE_WORLD, buffer, n - 1), CLOTH_STATUS_BUFFER_TOO_SMALL);
    EXPECT(cloth_read_positions(w, c, CLOTH_SPACE_WORLD, buffer, 0), CLOTH_STATUS_BUFFER_TOO_SMALL);
    EXPECT(cloth_read_positions(w, c, CLOTH_SPACE_WORLD, NULL, 0), CLOTH_STATUS_BUFFER_TOO_SMALL);
    EXPECT_TRUE(buffer[0].x == -7.0f && buffer[n - 2].z == -7.0f);
    EXPECT(cloth_read_positions(w, c, 7, buffer, n), CLOTH_STATUS_INVALID_ENUM);
    EXPECT(cloth_read_positions(w, c, CLOTH_SPACE_CLOTH, (cloth_vec3f *)((char *)buffer + 2), n),
           CLOTH_STATUS_INVALID_ARGUMENT);
    EXPECT(cloth_read_positions(w, c, CLOTH_SPACE_CLOTH, buffer, n + 1), CLOTH_STATUS_OK);
    EXPECT_TRUE(buffer[n].x == -7.0f); /* only node_count entries written */
    cloth_pose poses[SIDE * SIDE];
    EXPECT(cloth_read_node_poses(w, c, NULL, NULL, n), CLOTH_STATUS_NULL_POINTER);
    EXPECT(cloth_read_node_poses(w, c, NULL, NULL, 0), CLOTH_STATUS_BUFFER_TOO_SMALL);
    EXPECT(cloth_read_node_poses(w, c, poses, NULL, n - 1), CLOTH_STATUS_BUFFER_TOO_SMALL);
    EXPECT(cloth_read_node_poses(w, c, NULL, poses, n), CLOTH_STATUS_OK);
    EXPECT(cloth_node_count(w, c, NULL), CLOTH_STATUS_NULL_POINTER);

    /* Animated positions: NULL, out of range, NaN — all or nothing. */
    cloth_vec3f targets[3] = {{0, 0, 0}, {0.05f, 0, 0}, {0.1f, 0, 0}};
    EXPECT(cloth_set_animated_positions(w, c, 0, NULL, 3), CLOTH_STATUS_NULL_POINTER);
    EXPECT(cloth_set_animated_positions(w, c, n - 2, targets, 3), CLOTH_STATUS_OUT_OF_RANGE);
    EXPECT(cloth_set_animated_positions(w, c, 0xFFFFFFFFu, targets, 3), CLOTH_STATUS_OUT_OF_RANGE);
    targets[1].y = NAN;
    EXPECT(cloth_set_animated_positions(w, c, 0, targets, 3), CLOTH_STATUS_NON_FINITE);
    targets[1].y = 3e38f; /* finite, beyond CLOTH_MAX_COORDINATE */
    EXPECT(cloth_set_animated_positions(w, c, 0, targets, 3), CLOTH_STATUS_INVALID_ARGUMENT);
    targets[1].y = 0;
    EXPECT(cloth_set_animated_positions(w, c, 0, targets, 3), CLOTH_STATUS_OK);
    EXPECT(cloth_set_animated_positions(w, c, 0, NULL, 0), CLOTH_STATUS_OK);

    /* NaN and degenerate poses. */
    cloth_pose pose = cloth_pose_identity();
    pose.translation.y = NAN;
    EXPECT(cloth_set_anchor_pose(w, c, &pose), CLOTH_STATUS_NON_FINITE);
    pose = cloth_pose_identity();
    pose.rotation.w = 0; /* the zero quaternion is no rotation */
    EXPECT(cloth_set_anchor_pose(w, c, &pose), CLOTH_STATUS_INVALID_ARGUMENT);
    EXPECT(cloth_set_anchor_pose(w, c, NULL), CLOTH_STATUS_NULL_POINTER);
    pose = cloth_pose_identity();
    pose.rotation.x = INFINITY;
    EXPECT(cloth_place_anchor(w, c, &pose), CLOTH_STATUS_NON_FINITE);
    pose = cloth_pose_identity();
    pose.rotation.w = 1e200; /* its norm overflows: refused, never zeroed */
    EXPECT(cloth_set_anchor_pose(w, c, &pose), CLOTH_STATUS_INVALID_ARGUMENT);
    pose = cloth_pose_identity();
    pose.translation.z = -1e39;
    EXPECT(cloth_place_anchor(w, c, &pose), CLOTH_STATUS_INVALID_ARGUMENT);

    /* Dynamics. */
    cloth_dynamics got;
    got.struct_size = 0; /* not set: refused, as for every sized output */
    EXPECT(cloth_get_dynamics(w, c, &got), CLOTH_STATUS_STRUCT_SIZE);
    EXPECT(cloth_preset_dynamics(CLOTH_PRESET_DENIM, &got), CLOTH_STATUS_STRUCT_SIZE);
    got = cloth_default_dynamics();
    EXPECT(cloth_get_dynamics(w, c, &got), CLOTH_STATUS_OK);
    got.friction = -1;
    EXPECT(cloth_set_dynamics(w, c, &got), CLOTH_STATUS_INVALID_ARGUMENT);
    got.friction = 0.5;
    got.strain_limit = 3;
    EXPECT(cloth_set_dynamics(w, c, &got), CLOTH_STATUS_INVALID_ARGUMENT);
    got.strain_limit = 1;
    EXPECT(cloth_set_dynamics(w, c, &got), CLOTH_STATUS_OK);
    EXPECT(cloth_preset_dynamics(CLOTH_PRESET_CUSTOM, &got), CLOTH_STATUS_INVALID_ENUM);
    EXPECT(cloth_preset_dynamics(CLOTH_PRESET_HAIR, NULL), CLOTH_STATUS_NULL_POINTER);
    cloth_step_report report;
    report.struct_size = 4;
    EXPECT(cloth_last_step_report(w, c, &report), CLOTH_STATUS_STRUCT_SIZE);
    /* Every byte written is set: no padding copied out (memcheck checks the
       bytes this compares). */
    memset(&report, 0xAB, sizeof report);
    report.struct_size = sizeof report;
    EXPECT(cloth_last_step_report(w, c, &report), CLOTH_STATUS_OK);
    unsigned char padding[4] = {0, 0, 0, 0}; /* between watchdog and pivot_failures */
    EXPECT_TRUE(memcmp((unsigned char *)&report + offsetof(cloth_step_report, watchdog) + 4, padding, 4) == 0);
    /* ... and steps, in what was the padding after idle, is set */
    EXPECT_TRUE(report.steps <= CLOTH_MAX_CATCH_UP_STEPS);

    /* Levels of detail, priorities and the frame budget. */
    uint32_t level = 99;
    double priority = 99;
    EXPECT(cloth_set_detail(w, c, CLOTH_DETAIL_FROZEN + 1), CLOTH_STATUS_INVALID_ENUM);
    EXPECT(cloth_get_detail(w, c, NULL), CLOTH_STATUS_NULL_POINTER);
    EXPECT(cloth_get_detail(w, c, &level), CLOTH_STATUS_OK);
    EXPECT_TRUE(level == CLOTH_DETAIL_FULL);
    EXPECT(cloth_set_priority(w, c, NAN), CLOTH_STATUS_NON_FINITE);
    EXPECT(cloth_get_priority(w, c, &priority), CLOTH_STATUS_OK);
    EXPECT_TRUE(priority == 0.0);
    cloth_frame_budget budget = cloth_default_frame_budget();
    budget.core_ms = -1;
    EXPECT(cloth_world_set_budget(w, &budget), CLOTH_STATUS_INVALID_ARGUMENT);
    budget.core_ms = INFINITY;
    EXPECT(cloth_world_set_budget(w, &budget), CLOTH_STATUS_NON_FINITE);
    budget = cloth_default_frame_budget();
    budget.unit_ns = 2e6;
    EXPECT(cloth_world_set_budget(w, &budget), CLOTH_STATUS_INVALID_ARGUMENT);
    EXPECT(cloth_world_set_budget(w, NULL), CLOTH_STATUS_NULL_POINTER);
    budget = cloth_default_frame_budget();
    budget.struct_size = 4;
    EXPECT(cloth_world_set_budget(w, &budget), CLOTH_STATUS_STRUCT_SIZE);
    budget = cloth_default_frame_budget();
    EXPECT(cloth_world_set_budget(w, &budget), CLOTH_STATUS_OK);
    /* Every byte written is set: the padding after struct_size is 0. */
    uint32_t enabled = 7;
    memset(&budget, 0xAB, sizeof budget);
    budget.struct_size = sizeof budget;
    EXPECT(cloth_world_get_budget(w, &budget, &enabled), CLOTH_STATUS_OK);
    EXPECT_TRUE(enabled == 1 && budget.core_ms == 2.0 && budget.unit_ns == CLOTH_WORK_UNIT_NS);
    EXPECT_TRUE(memcmp((unsigned char *)&budget + sizeof budget.struct_size, padding, 4) == 0);
    budget.struct_size = 0;
    EXPECT(cloth_world_get_budget(w, &budget, &enabled), CLOTH_STATUS_STRUCT_SIZE);
    EXPECT(cloth_world_clear_budget(w), CLOTH_STATUS_OK);

    /* Wrong-cloth ids: from another world, zero, destroyed, recycled. */
    cloth_id zero = {0, 0}, far = {c.index + 100, 1}, theirs = {0, 0};
    EXPECT(cloth_wake(other, c), CLOTH_STATUS_STALE_ID);
    for (uint32_t k = 0; k <= c.index; k++) EXPECT(cloth_create_sheet(other, &sheet, &desc, &theirs), CLOTH_STATUS_OK);
    EXPECT_TRUE(theirs.index == c.index); /* the same slot in each world ... */
    EXPECT(cloth_wake(other, c), CLOTH_STATUS_STALE_ID); /* ... and still not the other's */
    EXPECT(cloth_destroy(other, c), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_destroy(w, theirs), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_wake(w, zero), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_teleport(w, far), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_destroy(w, c), CLOTH_STATUS_OK);
    EXPECT(cloth_destroy(w, c), CLOTH_STATUS_STALE_ID); /* double destroy */
    EXPECT(cloth_read_positions(w, c, CLOTH_SPACE_WORLD, buffer, n), CLOTH_STATUS_STALE_ID);
    cloth_id recycled;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &recycled), CLOTH_STATUS_OK);
    EXPECT_TRUE(recycled.index == c.index && recycled.generation != c.generation);
    EXPECT(cloth_set_anchor_pose(w, c, &binds[0]), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_world_step(w), CLOTH_STATUS_OK);

    EXPECT(cloth_world_destroy(other), CLOTH_STATUS_OK);
    EXPECT(cloth_world_destroy(w), CLOTH_STATUS_OK);
}

static void colliders(void) {
    cloth_world w = new_world(0);
    cloth_collider_set_id set, zero_set = {0, 0};
    cloth_collider_id col, sentinel = {{9, 9}, 9, 9}, out = sentinel;
    EXPECT(cloth_collider_set_create(w, NULL), CLOTH_STATUS_NULL_POINTER);
    EXPECT(cloth_collider_set_create(w, &set), CLOTH_STATUS_OK);
    cloth_collider_desc cd = cloth_default_collider_desc();
    EXPECT(cloth_collider_create(w, zero_set, &cd, &out), CLOTH_STATUS_STALE_ID);
    cd.shape = 42;
    EXPECT(cloth_collider_create(w, set, &cd, &out), CLOTH_STATUS_INVALID_ENUM);
    cd = cloth_default_collider_desc();
    cd.radius = INFINITY;
    EXPECT(cloth_collider_create(w, set, &cd, &out), CLOTH_STATUS_NON_FINITE);
    cd.radius = -1;
    EXPECT(cloth_collider_create(w, set, &cd, &out), CLOTH_STATUS_INVALID_ARGUMENT);
    cd = cloth_default_collider_desc();
    cd.pose.rotation.w = 2; /* not unit: a scaled matrix's rotation */
    EXPECT(cloth_collider_create(w, set, &cd, &out), CLOTH_STATUS_INVALID_ARGUMENT);
    EXPECT_TRUE(out.index == sentinel.index && out.generation == sentinel.generation);
    cd = cloth_default_collider_desc();
    EXPECT(cloth_collider_create(w, set, &cd, &col), CLOTH_STATUS_OK);
    EXPECT_TRUE(col.generation != 0);

    cloth_pose pose = cloth_pose_identity();
    pose.rotation.z = NAN;
    EXPECT(cloth_collider_set_pose(w, col, &pose), CLOTH_STATUS_NON_FINITE);
    EXPECT(cloth_collider_set_pose(w, col, NULL), CLOTH_STATUS_NULL_POINTER);
    pose = cloth_pose_identity();
    EXPECT(cloth_collider_place(w, col, &pose), CLOTH_STATUS_OK);
    cloth_collider_id wrong = col;
    wrong.generation = 0;
    EXPECT(cloth_collider_set_pose(w, wrong, &pose), CLOTH_STATUS_STALE_ID);

    /* A cloth inside the sphere fails its bind-pose check unless it opts out. */
    cloth_sheet_desc sheet = small_sheet();
    cloth_desc desc = cloth_default_desc();
    desc.colliders = set;
    desc.anchor.translation.y = 0.1;
    cloth_id c;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &c), CLOTH_STATUS_SEED_FAILED);
    desc.bind_pose_check = 7;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &c), CLOTH_STATUS_INVALID_ARGUMENT);
    desc.bind_pose_check = 0;
    EXPECT(cloth_create_sheet(w, &sheet, &desc, &c), CLOTH_STATUS_OK);

    cloth_frame_budget budget = cloth_default_frame_budget();
    /* Phases. */
    EXPECT(cloth_world_step_cloth(w, c), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_world_end_step(w), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_world_begin_step(w), CLOTH_STATUS_OK);
    EXPECT(cloth_world_begin_step(w), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_collider_set_pose(w, col, &pose), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_world_begin_frame(w), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_world_step(w), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_destroy(w, c), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_set_detail(w, c, CLOTH_DETAIL_REDUCED), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_world_set_budget(w, &budget), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_world_clear_budget(w), CLOTH_STATUS_WRONG_PHASE);
    EXPECT(cloth_set_priority(w, c, 1.0), CLOTH_STATUS_OK); /* for the next step */
    EXPECT(cloth_world_step_cloth(w, c), CLOTH_STATUS_OK);
    EXPECT(cloth_world_step_cloth(w, c), CLOTH_STATUS_WRONG_PHASE); /* twice in one step */
    EXPECT(cloth_world_end_step(w), CLOTH_STATUS_OK);

    /* A set in use; a destroyed collider; a destroyed set's collider. */
    EXPECT(cloth_collider_set_destroy(w, set), CLOTH_STATUS_IN_USE);
    EXPECT(cloth_collider_destroy(w, col), CLOTH_STATUS_OK);
    EXPECT(cloth_collider_destroy(w, col), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_set_colliders(w, c, zero_set), CLOTH_STATUS_OK);
    EXPECT(cloth_collider_set_destroy(w, set), CLOTH_STATUS_OK);
    EXPECT(cloth_collider_set_destroy(w, set), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_collider_set_pose(w, col, &pose), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_set_colliders(w, c, set), CLOTH_STATUS_STALE_ID);
    EXPECT(cloth_world_destroy(w), CLOTH_STATUS_OK);
}

/* Several threads, each on its own world, misusing it at once: every thread
 * gets its own codes, and its own last-error message survives the others'. */
#define THREADS 4
static pthread_barrier_t barrier;
static cloth_sheet_desc shared_sheet; /* built before the threads start; read only */

static int worker_expect(cloth_status got, cloth_status want, int t, const char *what) {
    if (got == want) return 0;
    fprintf(stderr, "misuse.c: thread %d: %s returned %s, expected %s (%s)\n", t, what, cloth_status_name(got),
            cloth_status_name(want), cloth_last_error_message());
    return 1;
}

static void *worker(void *arg) {
    int t = (int)(size_t)arg, bad = 0;
    cloth_world_desc d = cloth_default_world_desc();
    d.threads = (uint32_t)(t % 2);
    cloth_world w;
    bad += worker_expect(cloth_world_create(&d, &w), CLOTH_STATUS_OK, t, "create");
    cloth_desc desc = cloth_default_desc();
    cloth_id c;
    bad += worker_expect(cloth_create_sheet(w, &shared_sheet, &desc, &c), CLOTH_STATUS_OK, t, "sheet");
    cloth_vec3f out[SIDE * SIDE];
    for (int k = 0; k < 30; k++) {
        cloth_pose anchor = cloth_pose_identity();
        anchor.translation.x = 0.02 * k * (t + 1);
        bad += worker_expect(cloth_set_anchor_pose(w, c, &anchor), CLOTH_STATUS_OK, t, "anchor");
        bad += worker_expect(cloth_world_step(w), CLOTH_STATUS_OK, t, "step");
        bad += worker_expect(cloth_read_positions(w, c, CLOTH_SPACE_WORLD, out, SIDE * SIDE - 1),
                             CLOTH_STATUS_BUFFER_TOO_SMALL, t, "short read");
        anchor.translation.y = NAN;
        bad += worker_expect(cloth_set_anchor_pose(w, c, &anchor), CLOTH_STATUS_NON_FINITE, t, "NaN anchor");
    }
    /* This thread's own refusal, then every thread's at once: each keeps its
     * own message. */
    char mine[64];
    snprintf(mine, sizeof mine, "desc.threads is %d;", 1000 + t);
    d.threads = (uint32_t)(1000 + t);
    cloth_world never;
    bad += worker_expect(cloth_world_create(&d, &never), CLOTH_STATUS_INVALID_ARGUMENT, t, "1000+ threads");
    pthread_barrier_wait(&barrier);
    if (!strstr(cloth_last_error_message(), mine)) {
        fprintf(stderr, "misuse.c: thread %d lost its message: \"%s\"\n", t, cloth_last_error_message());
        bad++;
    }
    pthread_barrier_wait(&barrier);
    bad += worker_expect(cloth_world_destroy(w), CLOTH_STATUS_OK, t, "destroy");
    bad += worker_expect(cloth_world_destroy(w), CLOTH_STATUS_INVALID_WORLD, t, "double destroy");
    bad += worker_expect(cloth_wake(w, c), CLOTH_STATUS_INVALID_WORLD, t, "destroyed world");
    return (void *)(size_t)bad;
}

int main(void) {
    if (!cloth_cpu_supported()) {
        printf("misuse.c: this CPU cannot run this build; skipped\n");
        return 0;
    }
    EXPECT_TRUE(strcmp(cloth_status_name(CLOTH_STATUS_STALE_ID), "CLOTH_STATUS_STALE_ID") == 0);
    EXPECT_TRUE(strcmp(cloth_status_name(1000), "CLOTH_STATUS_UNKNOWN") == 0);
    handles();
    cloths();
    colliders();
    shared_sheet = small_sheet();
    pthread_barrier_init(&barrier, NULL, THREADS);
    pthread_t threads[THREADS];
    for (size_t t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, worker, (void *)t);
    for (size_t t = 0; t < THREADS; t++) {
        void *bad;
        pthread_join(threads[t], &bad);
        cases++;
        if (bad) {
            fprintf(stderr, "misuse.c: thread %zu: %zu wrong results\n", t, (size_t)bad);
            failures++;
        }
    }
    pthread_barrier_destroy(&barrier);
    if (failures) {
        fprintf(stderr, "misuse.c: %d of %d cases wrong\n", failures, cases);
        return 1;
    }
    printf("misuse.c: %d cases, each refused with its code\nmisuse.c: ok\n", cases);
    return 0;
}
