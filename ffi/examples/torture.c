/* The torture driver (issue 17): a seeded random walk over the whole C ABI
 * with hostile calls at a fixed rate, against a TWIN world that replays only
 * the calls that succeeded.
 *
 *   torture [seed] [operations]        (defaults: seed 1, 4000 operations)
 *
 * World A runs on two threads of its own, the twin B on the calling thread.
 * Every operation is made on A; when A says OK, the same call (ids mapped to
 * B's) is made on B, which must say OK too. After every whole-world step and
 * every host-driven split, each live cloth of A is compared with its twin BIT
 * FOR BIT — positions in both spaces, node poses, the step report (padding
 * bytes included), the dynamics, the level of detail and the priority, and
 * the worlds' frame budgets. So:
 *
 *   - a refused call changed nothing (the twin never saw it and still agrees),
 *   - the thread count and the host-driven split change nothing, nor do
 *     they change the levels of detail a frame budget chooses,
 *   - every status is one the header documents for that call, and a hostile
 *     call — one argument spoilt at a time — returns exactly the status its
 *     spoiling calls for; CLOTH_STATUS_INTERNAL never happens,
 *   - out-parameters and buffers are untouched by a refusal,
 *   - every float handed back is finite.
 *
 * A quarter of the operations are hostile: NULL, misaligned and short
 * buffers, wrong struct sizes, bad enums and flags, NaN, infinite and
 * too-large floats (1e39 translations, w = 1e200 quaternions, positions past
 * CLOTH_MAX_COORDINATE), degenerate meshes (one node, repeated corners, zero
 * or NaN masses, cycles), stale, foreign (the twin's) and zero ids, destroyed
 * world handles, and calls in the wrong phase.
 *
 * Prints the count of each status and a last line "torture.c: ok".
 * Build: cc -std=c99 -I include torture.c -L <dir> -lcloth -lm */

#include "cloth.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- seeded randomness (SplitMix64, as the solver's tests use) ---------- */

static uint64_t rng;

static uint64_t next_u64(void) {
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double uniform(void) { return (double)(next_u64() >> 11) * (1.0 / 9007199254740992.0); }
static double range(double lo, double hi) { return lo + (hi - lo) * uniform(); }
static uint32_t below(uint32_t n) { return n ? (uint32_t)(next_u64() % n) : 0; }
static int chance(double p) { return uniform() < p; }

/* ---- bookkeeping -------------------------------------------------------- */

#define STATUSES 16
#define S(x) (1u << (x))
#define HOSTILE_RATE 0.25

static uint64_t seed;
static unsigned long op, counts[STATUSES + 1], hostile, calls, compared, twin_checks, levels_seen[4];
static int failures;
static const char *current = "";

static void failf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "torture.c seed %llu op %lu (%s): ", (unsigned long long)seed, op, current);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    if (++failures >= 10) {
        fprintf(stderr, "torture.c: too many failures\n");
        exit(1);
    }
}

/* Counts a status of world A and checks it against what the call documents
 * (`allowed`, a mask) and, for a hostile call, the one status its spoilt
 * argument calls for (`exact`, or -1). */
static cloth_status on_a(const char *call, cloth_status s, uint32_t allowed, int exact) {
    calls++;
    counts[s < STATUSES ? s : STATUSES]++;
    if (s == CLOTH_STATUS_INTERNAL) {
        failf("%s returned CLOTH_STATUS_INTERNAL: %s", call, cloth_last_error_message());
    } else if (s >= STATUSES || !(allowed & S(s))) {
        failf("%s returned %s, not documented for it: %s", call, cloth_status_name(s), cloth_last_error_message());
    } else if (exact >= 0 && s != (cloth_status)exact) {
        failf("%s returned %s, expected %s: %s", call, cloth_status_name(s), cloth_status_name((uint32_t)exact),
              cloth_last_error_message());
    } else if (s != CLOTH_STATUS_OK && cloth_last_error_message()[0] == '\0') {
        failf("%s returned %s with no message", call, cloth_status_name(s));
    }
    return s;
}

/* The twin must accept whatever A accepted. */
static void on_b(const char *call, cloth_status s) {
    twin_checks++;
    if (s != CLOTH_STATUS_OK)
        failf("the twin refused %s (%s: %s) though A accepted it", call, cloth_status_name(s),
              cloth_last_error_message());
}

/* Every call that takes a world: a dead handle, and every exclusive call
 * between begin_step and end_step. */
#define WORLD_ERRORS (S(CLOTH_STATUS_INVALID_WORLD) | S(CLOTH_STATUS_OK))
#define ID_ERRORS (S(CLOTH_STATUS_STALE_ID) | S(CLOTH_STATUS_BUSY))
#define PTR_ERRORS (S(CLOTH_STATUS_NULL_POINTER) | S(CLOTH_STATUS_INVALID_ARGUMENT))
#define FLOAT_ERRORS (S(CLOTH_STATUS_NON_FINITE) | S(CLOTH_STATUS_INVALID_ARGUMENT))
#define PHASE (S(CLOTH_STATUS_WRONG_PHASE))

/* ---- the two worlds and what lives in them ------------------------------ */

#define MAX_CLOTHS 10
#define MAX_SETS 4
#define MAX_COLLIDERS 12
#define MAX_NODES 64
#define GRAVE 16

typedef struct {
    int live;
    cloth_id a, b;
    uint32_t nodes;
    int set; /* index into sets[], or -1 */
    double t; /* the anchor's walk, s */
    cloth_pose anchor;
} Cloth;

typedef struct {
    int live;
    cloth_collider_set_id a, b;
} Set;

typedef struct {
    int live;
    int set;
    cloth_collider_id a, b;
    cloth_pose pose;
} Collider;

static cloth_world A, B, dead_world;
static Cloth cloths[MAX_CLOTHS];
static Set sets[MAX_SETS];
static Collider colliders[MAX_COLLIDERS];
static cloth_id grave[GRAVE]; /* destroyed cloths of A */
static unsigned graves;
static int inside_step; /* between begin_step and end_step */
static int stepped[MAX_CLOTHS];

static int pick_live_cloth(void) {
    int n = 0, idx[MAX_CLOTHS];
    for (int i = 0; i < MAX_CLOTHS; i++)
        if (cloths[i].live) idx[n++] = i;
    return n ? idx[below(n)] : -1;
}
static int pick_live_set(void) {
    int n = 0, idx[MAX_SETS];
    for (int i = 0; i < MAX_SETS; i++)
        if (sets[i].live) idx[n++] = i;
    return n ? idx[below(n)] : -1;
}
static int pick_live_collider(void) {
    int n = 0, idx[MAX_COLLIDERS];
    for (int i = 0; i < MAX_COLLIDERS; i++)
        if (colliders[i].live) idx[n++] = i;
    return n ? idx[below(n)] : -1;
}
static int free_slot(int live0, size_t stride, const void *base, int count) {
    for (int i = 0; i < count; i++)
        if (!*(const int *)((const char *)base + i * stride)) return i;
    (void)live0;
    return -1;
}

/* A cloth id that is not live in A, with the status A must give it:
 * destroyed, the twin's (another world's), zero, or far past the slots. */
static cloth_id bad_cloth_id(void) {
    int i = pick_live_cloth();
    switch (below(4)) {
    case 0:
        if (graves) return grave[below(graves < GRAVE ? graves : GRAVE)];
        /* fall through */
    case 1:
        if (i >= 0) return cloths[i].b;
        /* fall through */
    case 2: {
        cloth_id zero = {0, 0};
        return zero;
    }
    default: {
        cloth_id far = {1000 + below(1000), 1 + below(5)};
        return far;
    }
    }
}

/* ---- values: legal ones and spoilt ones ---------------------------------- */

static cloth_pose pose_identity(void) { return cloth_pose_identity(); }

static cloth_quat turn(double angle, double ax, double ay, double az) {
    double n = sqrt(ax * ax + ay * ay + az * az), s = sin(0.5 * angle) / (n > 0 ? n : 1);
    cloth_quat q = {ax * s, ay * s, az * s, cos(0.5 * angle)};
    return q;
}

/* A float a host must be refused for, and the status it calls for. */
static double spoilt(int *status) {
    switch (below(5)) {
    case 0: *status = CLOTH_STATUS_NON_FINITE; return NAN;
    case 1: *status = CLOTH_STATUS_NON_FINITE; return -INFINITY;
    case 2: *status = CLOTH_STATUS_INVALID_ARGUMENT; return 1e39; /* finite as a double, not as a float */
    case 3: *status = CLOTH_STATUS_INVALID_ARGUMENT; return -1.0000001 * CLOTH_MAX_COORDINATE;
    default: *status = CLOTH_STATUS_INVALID_ARGUMENT; return 3e38;
    }
}

/* A float coordinate a host must be refused for (a float argument cannot
 * hold 1e39: converting it would be undefined). */
static float spoilt_float(int *status) {
    switch (below(5)) {
    case 0: *status = CLOTH_STATUS_NON_FINITE; return NAN;
    case 1: *status = CLOTH_STATUS_NON_FINITE; return below(2) ? INFINITY : -INFINITY;
    case 2: *status = CLOTH_STATUS_INVALID_ARGUMENT; return 3e38f;
    case 3: *status = CLOTH_STATUS_INVALID_ARGUMENT; return -1000000.125f; /* the next float past the limit */
    default: *status = CLOTH_STATUS_INVALID_ARGUMENT; return 2e6f;
    }
}

/* A pose with one value spoilt: a translation beyond the limit or not a
 * number, or a rotation that is zero, NaN or whose norm overflows. `anchor`:
 * a rotation is normalised (only a norm outside [1e-6, 1e6] is refused);
 * otherwise it must be unit within 1e-3. */
static cloth_pose spoilt_pose(cloth_pose p, int anchor, int *status) {
    switch (below(3)) {
    case 0: {
        double v = spoilt(status);
        if (below(3) == 0) p.translation.x = v;
        else if (below(2)) p.translation.y = v;
        else p.translation.z = v;
        break;
    }
    case 1:
        switch (below(4)) {
        case 0: p.rotation.w = NAN; *status = CLOTH_STATUS_NON_FINITE; break;
        case 1: p.rotation.x = p.rotation.y = p.rotation.z = p.rotation.w = 0; *status = CLOTH_STATUS_INVALID_ARGUMENT; break;
        case 2: p.rotation.w = 1e200; *status = CLOTH_STATUS_INVALID_ARGUMENT; break;
        default: p.rotation.y = INFINITY; *status = CLOTH_STATUS_NON_FINITE; break;
        }
        break;
    default:
        if (anchor) {
            p.rotation.x = 1e-7; p.rotation.y = p.rotation.z = p.rotation.w = 0;
        } else { /* not unit */
            p.rotation.x *= 1.5; p.rotation.y *= 1.5; p.rotation.z *= 1.5; p.rotation.w *= 1.5;
        }
        *status = CLOTH_STATUS_INVALID_ARGUMENT;
        break;
    }
    return p;
}

/* ---- meshes --------------------------------------------------------------- */

static cloth_vec3f positions[MAX_NODES];
static float masses[MAX_NODES];
static uint32_t fixed_flags[MAX_NODES], triangles[6 * MAX_NODES], parents[MAX_NODES], joints[MAX_NODES];
static cloth_pose binds[MAX_NODES + 2];

/* A `cols × rows` sheet hanging from its top row (or one corner, or nothing
 * fixed), leaning 1e-3 so it is never axis-aligned. */
static cloth_sheet_desc make_sheet(uint32_t cols, uint32_t rows) {
    double spacing = range(0.01, 0.08);
    uint32_t t = 0, mode = below(3);
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < cols; c++) {
            uint32_t n = r * cols + c;
            positions[n].x = (float)(spacing * c);
            positions[n].y = (float)(-spacing * r);
            positions[n].z = (float)(1e-3 * spacing * (c + r));
            masses[n] = (float)range(0.001, 0.05);
            fixed_flags[n] = mode == 0 ? r == 0 : mode == 1 ? n == 0 : 0;
            if (r + 1 < rows && c + 1 < cols) {
                triangles[t++] = n; triangles[t++] = n + 1; triangles[t++] = n + cols + 1;
                triangles[t++] = n; triangles[t++] = n + cols + 1; triangles[t++] = n + cols;
            }
        }
    cloth_sheet_desc s = cloth_default_sheet_desc();
    s.node_count = cols * rows;
    s.triangle_count = t / 3;
    s.positions = positions;
    s.masses = masses;
    s.fixed = chance(0.1) ? NULL : fixed_flags;
    s.triangles = triangles;
    return s;
}

/* Strands of a tree: `strands` chains of `links` nodes below one root (or a
 * root per strand). */
static cloth_tree_desc make_tree(uint32_t strands, uint32_t links) {
    uint32_t n = 0;
    double link = range(0.02, 0.1);
    int one_root = chance(0.5);
    if (one_root) {
        positions[n].x = positions[n].y = positions[n].z = 0;
        masses[n] = 0.01f;
        parents[n++] = CLOTH_NO_PARENT;
    }
    for (uint32_t s = 0; s < strands; s++)
        for (uint32_t k = 0; k < links; k++) {
            positions[n].x = (float)(0.03 * s + 1e-3 * k);
            positions[n].y = (float)(-link * (k + one_root));
            positions[n].z = (float)(1e-3 * s);
            masses[n] = (float)range(0.001, 0.1);
            parents[n] = k == 0 ? (one_root ? 0 : CLOTH_NO_PARENT) : n - 1;
            n++;
        }
    cloth_tree_desc t = cloth_default_tree_desc();
    t.node_count = n;
    t.positions = positions;
    t.masses = masses;
    t.parents = parents;
    return t;
}

/* A skeleton of `count` joints: 0 the root, 1 the spine (the anchor), then
 * a chain the cloth owns. */
static cloth_rig_desc make_rig(uint32_t count) {
    for (uint32_t j = 0; j < count + 2; j++) {
        parents[j] = j == 0 ? CLOTH_NO_PARENT : j - 1;
        binds[j] = pose_identity();
        binds[j].translation.y = j == 0 ? 1.0 : -range(0.03, 0.1);
        binds[j].translation.x = 1e-3 * j;
        binds[j].rotation = turn(range(-0.3, 0.3), 0, 0, 1);
    }
    for (uint32_t k = 0; k < count; k++) {
        joints[k] = k + 2;
        masses[k] = (float)range(0.01, 0.2);
    }
    cloth_rig_desc r = cloth_default_rig_desc();
    r.joint_count = count + 2;
    r.node_count = count;
    r.skeleton_parents = parents;
    r.local_bind = binds;
    r.joints = joints;
    r.masses = masses;
    return r;
}

static cloth_dynamics make_dynamics(void) {
    cloth_dynamics d = cloth_default_dynamics();
    cloth_preset_dynamics(1 + below(7), &d);
    if (chance(0.3)) d.damping = range(0, 1);
    if (chance(0.3)) d.inertia = range(0, 1);
    if (chance(0.3)) d.slack = chance(0.5) ? 1.0 : range(0, 1);
    if (chance(0.2)) d.self_collision = below(2);
    if (chance(0.2)) d.strain_limit = below(2);
    if (chance(0.2)) d.thickness = range(0, 0.05);
    if (chance(0.2)) d.friction = range(0, 4);
    if (chance(0.2)) d.teleport = below(2);
    if (chance(0.1)) d.substeps = 1 + below(4), d.iterations = 1 + below(6);
    if (chance(0.05)) d.gravity.x = range(-100, 100), d.gravity.y = range(-1e4, 1e4);
    return d;
}

/* Dynamics with one field out of its range, and the status. */
static cloth_dynamics spoilt_dynamics(int *status) {
    cloth_dynamics d = make_dynamics();
    *status = CLOTH_STATUS_INVALID_ARGUMENT;
    switch (below(9)) {
    case 0: d.substeps = 0; break;
    case 1: d.iterations = 65; break;
    case 2: d.damping = -0.5; break;
    case 3: d.friction = 5; break;
    case 4: d.dt = 0; break;
    case 5: d.self_collision = 2; break;
    case 6: d.teleport = 7; *status = CLOTH_STATUS_INVALID_ENUM; break;
    case 7: d.thickness = NAN; *status = CLOTH_STATUS_NON_FINITE; break;
    default: d.struct_size = 12; *status = CLOTH_STATUS_STRUCT_SIZE; break;
    }
    return d;
}

/* ---- reading back and comparing the twins -------------------------------- */

static cloth_vec3f pa[MAX_NODES + 1], pb[MAX_NODES + 1];
static cloth_pose wa[MAX_NODES], wb[MAX_NODES], la[MAX_NODES], lb[MAX_NODES];

static int finite3(cloth_vec3f v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }
static int finite_pose(cloth_pose p) {
    return isfinite(p.translation.x) && isfinite(p.translation.y) && isfinite(p.translation.z) &&
           isfinite(p.rotation.x) && isfinite(p.rotation.y) && isfinite(p.rotation.z) && isfinite(p.rotation.w);
}

/* Cloth i of A and its twin, bit for bit. */
static void compare(int i) {
    Cloth *c = &cloths[i];
    uint32_t na = 0, nb = 0;
    const char *was = current;
    current = "compare";
    on_a("cloth_node_count", cloth_node_count(A, c->a, &na), S(CLOTH_STATUS_OK), -1);
    on_b("cloth_node_count", cloth_node_count(B, c->b, &nb));
    if (na != nb || na != c->nodes) failf("cloth %d: %u nodes, the twin %u, created with %u", i, na, nb, c->nodes);
    for (uint32_t space = 0; space < 2; space++) {
        on_a("cloth_read_positions", cloth_read_positions(A, c->a, space, pa, na), S(CLOTH_STATUS_OK), -1);
        on_b("cloth_read_positions", cloth_read_positions(B, c->b, space, pb, nb));
        for (uint32_t n = 0; n < na; n++)
            if (!finite3(pa[n])) failf("cloth %d node %u: a non-finite position came back", i, n);
        if (memcmp(pa, pb, na * sizeof pa[0]) != 0) failf("cloth %d: positions (space %u) differ from the twin's", i, space);
    }
    on_a("cloth_read_node_poses", cloth_read_node_poses(A, c->a, wa, la, na), S(CLOTH_STATUS_OK), -1);
    on_b("cloth_read_node_poses", cloth_read_node_poses(B, c->b, wb, lb, nb));
    for (uint32_t n = 0; n < na; n++)
        if (!finite_pose(wa[n]) || !finite_pose(la[n])) failf("cloth %d node %u: a non-finite pose came back", i, n);
    if (memcmp(wa, wb, na * sizeof wa[0]) || memcmp(la, lb, na * sizeof la[0]))
        failf("cloth %d: node poses differ from the twin's", i);
    cloth_step_report ra, rb;
    memset(&ra, 0x5A, sizeof ra);
    memset(&rb, 0xA5, sizeof rb);
    ra.struct_size = rb.struct_size = sizeof ra;
    on_a("cloth_last_step_report", cloth_last_step_report(A, c->a, &ra), S(CLOTH_STATUS_OK), -1);
    on_b("cloth_last_step_report", cloth_last_step_report(B, c->b, &rb));
    if (memcmp(&ra, &rb, sizeof ra) != 0) failf("cloth %d: step reports differ (padding included)", i);
    cloth_dynamics da = cloth_default_dynamics(), db = cloth_default_dynamics();
    on_a("cloth_get_dynamics", cloth_get_dynamics(A, c->a, &da), S(CLOTH_STATUS_OK), -1);
    on_b("cloth_get_dynamics", cloth_get_dynamics(B, c->b, &db));
    if (memcmp(&da, &db, sizeof da) != 0) failf("cloth %d: dynamics differ", i);
    uint32_t levela = 99, levelb = 98;
    double prioritya = NAN, priorityb = NAN;
    on_a("cloth_get_detail", cloth_get_detail(A, c->a, &levela), S(CLOTH_STATUS_OK), -1);
    on_b("cloth_get_detail", cloth_get_detail(B, c->b, &levelb));
    on_a("cloth_get_priority", cloth_get_priority(A, c->a, &prioritya), S(CLOTH_STATUS_OK), -1);
    on_b("cloth_get_priority", cloth_get_priority(B, c->b, &priorityb));
    if (levela != levelb || levela > CLOTH_DETAIL_FROZEN || memcmp(&prioritya, &priorityb, sizeof prioritya))
        failf("cloth %d: level %u priority %g, the twin's %u %g", i, levela, prioritya, levelb, priorityb);
    else levels_seen[levela]++;
    compared++;
    current = was;
}

static void compare_all(void) {
    for (int i = 0; i < MAX_CLOTHS; i++)
        if (cloths[i].live) compare(i);
    uint32_t na = 0, nb = 0;
    on_a("cloth_world_cloth_count", cloth_world_cloth_count(A, &na), S(CLOTH_STATUS_OK), -1);
    on_b("cloth_world_cloth_count", cloth_world_cloth_count(B, &nb));
    if (na != nb) failf("%u cloths, the twin %u", na, nb);
    cloth_frame_budget ba, bb;
    memset(&ba, 0x5A, sizeof ba);
    memset(&bb, 0xA5, sizeof bb);
    ba.struct_size = bb.struct_size = sizeof ba;
    uint32_t ea = 7, eb = 8;
    on_a("cloth_world_get_budget", cloth_world_get_budget(A, &ba, &ea), S(CLOTH_STATUS_OK), -1);
    on_b("cloth_world_get_budget", cloth_world_get_budget(B, &bb, &eb));
    if (ea != eb || ea > 1 || memcmp(&ba, &bb, sizeof ba) != 0) failf("the budgets differ (padding included)");
}

/* ---- operations ---------------------------------------------------------- */

static cloth_collider_set_id no_set(void) {
    cloth_collider_set_id s = {0, 0};
    return s;
}

/* Creates a cloth (sheet, tree or rig); hostile: one thing spoilt. */
static void op_create(int bad) {
    int slot = free_slot(0, sizeof(Cloth), cloths, MAX_CLOTHS);
    if (slot < 0) return;
    current = "create";
    cloth_desc desc = cloth_default_desc();
    cloth_dynamics dyn = make_dynamics();
    if (chance(0.3)) {
        desc.preset = CLOTH_PRESET_CUSTOM;
        desc.dynamics = &dyn;
    } else {
        desc.preset = 1 + below(7);
    }
    double x = range(-3, 3);
    desc.anchor = pose_identity();
    desc.anchor.translation.x = x;
    desc.anchor.translation.y = 1.5;
    desc.anchor.rotation = turn(range(-3, 3), range(-1, 1), 1, range(-1, 1));
    int set = pick_live_set();
    if (set >= 0 && chance(0.5)) desc.colliders = sets[set].a;
    else set = -1;
    desc.bind_pose_check = below(2);
    int kind = below(3);
    cloth_sheet_desc sheet = cloth_default_sheet_desc();
    cloth_tree_desc tree = cloth_default_tree_desc();
    cloth_rig_desc rig = cloth_default_rig_desc();
    uint32_t nodes;
    if (kind == 0) {
        uint32_t cols = 1 + below(6), rows = 1 + below(6);
        sheet = make_sheet(cols, rows);
        nodes = cols * rows;
    } else if (kind == 1) {
        tree = make_tree(1 + below(3), 1 + below(8));
        nodes = tree.node_count;
    } else {
        rig = make_rig(1 + below(8));
        nodes = rig.node_count;
    }
    int exact = -1;
    uint32_t allowed = S(CLOTH_STATUS_OK) | S(CLOTH_STATUS_SEED_FAILED); /* the bind-pose check */
    cloth_world w = A;
    cloth_id out = {77, 77}, *outp = &out;
    if (inside_step) {
        exact = CLOTH_STATUS_WRONG_PHASE;
    } else if (bad) {
        /* A free node, whose mass is read: a tree node with a parent, a rig
           node below the first, a sheet node not fixed. */
        int free_node = -1;
        for (uint32_t k = 0; k < nodes && free_node < 0; k++)
            if (kind == 0 ? (!sheet.fixed || !fixed_flags[k]) : kind == 1 ? parents[k] != CLOTH_NO_PARENT : k > 0)
                free_node = (int)k;
        switch (below(kind == 0 ? 15 : 11)) {
        case 0: w = dead_world; exact = CLOTH_STATUS_INVALID_WORLD; break;
        case 1: outp = NULL; exact = CLOTH_STATUS_NULL_POINTER; break;
        case 2: desc.struct_size = 4; exact = CLOTH_STATUS_STRUCT_SIZE; break;
        case 3: desc.preset = 8 + below(100); desc.dynamics = NULL; exact = CLOTH_STATUS_INVALID_ENUM; break;
        case 4: desc.preset = 1; desc.dynamics = &dyn; exact = CLOTH_STATUS_INVALID_ARGUMENT; break;
        case 5: desc.bind_pose_check = 2; exact = CLOTH_STATUS_INVALID_ARGUMENT; break;
        case 6: desc.anchor = spoilt_pose(desc.anchor, 1, &exact); break;
        case 7: desc.colliders.index = 900; desc.colliders.generation = 3; exact = CLOTH_STATUS_STALE_ID; break;
        case 8: desc.preset = CLOTH_PRESET_CUSTOM; dyn = spoilt_dynamics(&exact); desc.dynamics = &dyn; break;
        case 9: /* a bind position spoilt: rigs through the bind transform */
            if (kind == 2) binds[2 + below(nodes)].translation.y = spoilt(&exact);
            else positions[below(nodes)].z = spoilt_float(&exact);
            break;
        case 10: /* a free node's mass */
            if (free_node < 0) break;
            if (chance(0.5)) { masses[free_node] = NAN; exact = CLOTH_STATUS_NON_FINITE; }
            else { masses[free_node] = chance(0.5) ? 0.0f : -1.0f; exact = CLOTH_STATUS_SEED_FAILED; }
            break;
        case 11: /* a corner that is no node, or a corner repeated */
            if (!sheet.triangle_count) break;
            if (chance(0.5)) triangles[below(3 * sheet.triangle_count)] = nodes + below(5);
            else triangles[1] = triangles[0];
            exact = CLOTH_STATUS_SEED_FAILED;
            break;
        case 12: fixed_flags[below(nodes)] = 2 + below(9); sheet.fixed = fixed_flags; exact = CLOTH_STATUS_INVALID_ARGUMENT; break;
        case 13: sheet.node_count = 0; exact = CLOTH_STATUS_SEED_FAILED; break;
        default: sheet.positions = NULL; exact = CLOTH_STATUS_NULL_POINTER; break;
        }
        allowed |= S(CLOTH_STATUS_INVALID_WORLD) | S(CLOTH_STATUS_NULL_POINTER) | S(CLOTH_STATUS_STRUCT_SIZE) |
                   S(CLOTH_STATUS_INVALID_ENUM) | S(CLOTH_STATUS_INVALID_ARGUMENT) | S(CLOTH_STATUS_NON_FINITE) |
                   S(CLOTH_STATUS_STALE_ID);
    } else if (chance(0.05) && kind == 0) {
        /* Legal but degenerate: a sheet of isolated nodes (no triangles) —
           steps as points. */
        sheet.triangle_count = 0;
    }
    if (inside_step) allowed |= PHASE;
    cloth_status s;
    if (kind == 0) s = cloth_create_sheet(w, &sheet, &desc, outp);
    else if (kind == 1) s = cloth_create_tree(w, &tree, &desc, outp);
    else s = cloth_create_rig(w, &rig, &desc, outp);
    on_a("cloth_create_*", s, allowed, exact);
    if (s != CLOTH_STATUS_OK) {
        if (outp && (out.index != 77 || out.generation != 77)) failf("a refused create wrote its out-parameter");
        return;
    }
    if (set >= 0) desc.colliders = sets[set].b;
    cloth_id twin;
    if (kind == 0) s = cloth_create_sheet(B, &sheet, &desc, &twin);
    else if (kind == 1) s = cloth_create_tree(B, &tree, &desc, &twin);
    else s = cloth_create_rig(B, &rig, &desc, &twin);
    on_b("cloth_create_*", s);
    Cloth *c = &cloths[slot];
    c->live = 1;
    c->a = out;
    c->b = twin;
    c->nodes = nodes;
    c->set = set;
    c->t = 0;
    c->anchor = desc.anchor;
}

static void op_destroy(int bad) {
    current = "destroy";
    int i = pick_live_cloth();
    if (bad || i < 0) {
        cloth_id id = bad_cloth_id();
        on_a("cloth_destroy", cloth_destroy(A, id), S(CLOTH_STATUS_STALE_ID) | PHASE,
             inside_step ? CLOTH_STATUS_WRONG_PHASE : CLOTH_STATUS_STALE_ID);
        return;
    }
    cloth_status s = on_a("cloth_destroy", cloth_destroy(A, cloths[i].a), S(CLOTH_STATUS_OK) | PHASE,
                          inside_step ? CLOTH_STATUS_WRONG_PHASE : CLOTH_STATUS_OK);
    if (s != CLOTH_STATUS_OK) return;
    on_b("cloth_destroy", cloth_destroy(B, cloths[i].b));
    grave[graves++ % GRAVE] = cloths[i].a;
    cloths[i].live = 0;
}

static void op_set_colliders(int bad) {
    current = "set_colliders";
    int i = pick_live_cloth();
    if (i < 0) return;
    int set = chance(0.3) ? -1 : pick_live_set();
    cloth_collider_set_id sa = set >= 0 ? sets[set].a : no_set(), sb = set >= 0 ? sets[set].b : no_set();
    cloth_id id = cloths[i].a;
    int exact = CLOTH_STATUS_OK;
    if (bad) {
        if (chance(0.5)) {
            sa = set >= 0 ? sets[set].b : sa; /* the twin's set: another world's */
            if (set < 0) sa.index = 5, sa.generation = 9;
            exact = CLOTH_STATUS_STALE_ID;
        } else {
            id = bad_cloth_id();
            exact = CLOTH_STATUS_STALE_ID;
        }
    }
    if (inside_step) exact = CLOTH_STATUS_WRONG_PHASE;
    cloth_status s = on_a("cloth_set_colliders", cloth_set_colliders(A, id, sa),
                          S(CLOTH_STATUS_OK) | S(CLOTH_STATUS_STALE_ID) | PHASE, exact);
    if (s != CLOTH_STATUS_OK) return;
    on_b("cloth_set_colliders", cloth_set_colliders(B, cloths[i].b, sb));
    cloths[i].set = set;
}

/* The anchor walks, turns, now and then jumps (a teleport) or is placed. */
static void op_anchor(int bad) {
    current = "anchor";
    int i = pick_live_cloth();
    if (i < 0) return;
    Cloth *c = &cloths[i];
    cloth_pose p = c->anchor;
    c->t += 1.0 / 60.0;
    p.translation.x += range(-0.05, 0.05);
    p.translation.z += range(-0.05, 0.05);
    if (chance(0.05)) p.translation.x += range(-100, 100); /* a teleport */
    if (chance(0.01)) p.translation.y = range(-0.9, 0.9) * CLOTH_MAX_COORDINATE;
    p.rotation = turn(range(-0.2, 0.2) + 0.3 * sin(c->t), range(-0.2, 0.2), 1, 0);
    if (chance(0.02)) p.rotation = turn(range(-3.1, 3.1), range(-1, 1), range(-1, 1), range(-1, 1));
    if (chance(0.05)) { /* a scaled quaternion: normalised */
        double k = range(0.5, 100);
        p.rotation.x *= k; p.rotation.y *= k; p.rotation.z *= k; p.rotation.w *= k;
    }
    int place = chance(0.2), exact = CLOTH_STATUS_OK;
    cloth_id id = c->a;
    cloth_pose given = p;
    const cloth_pose *pp = &given;
    if (bad) {
        switch (below(4)) {
        case 0: given = spoilt_pose(p, 1, &exact); break;
        case 1: pp = NULL; exact = CLOTH_STATUS_NULL_POINTER; break;
        case 2: id = bad_cloth_id(); exact = CLOTH_STATUS_STALE_ID; break;
        default: pp = (const cloth_pose *)((const char *)&given + 4); exact = CLOTH_STATUS_INVALID_ARGUMENT; break;
        }
    }
    uint32_t allowed = S(CLOTH_STATUS_OK) | PTR_ERRORS | FLOAT_ERRORS | ID_ERRORS;
    cloth_status s = place ? on_a("cloth_place_anchor", cloth_place_anchor(A, id, pp), allowed, exact)
                           : on_a("cloth_set_anchor_pose", cloth_set_anchor_pose(A, id, pp), allowed, exact);
    if (s != CLOTH_STATUS_OK) return;
    on_b("anchor", place ? cloth_place_anchor(B, c->b, &p) : cloth_set_anchor_pose(B, c->b, &p));
    c->anchor = p;
}

static cloth_vec3f targets[MAX_NODES];

static void op_animated(int bad) {
    current = "animated";
    int i = pick_live_cloth();
    if (i < 0) return;
    Cloth *c = &cloths[i];
    uint32_t first = below(c->nodes), count = 1 + below(c->nodes - first);
    for (uint32_t k = 0; k < count; k++) {
        targets[k].x = (float)range(-0.5, 0.5);
        targets[k].y = (float)range(-0.5, 0.2);
        targets[k].z = (float)range(-0.5, 0.5);
    }
    if (chance(0.02)) targets[below(count)].x = (float)CLOTH_MAX_COORDINATE; /* at the limit: legal */
    const cloth_vec3f *p = targets;
    size_t n = count;
    cloth_id id = c->a;
    int exact = CLOTH_STATUS_OK;
    if (bad) {
        switch (below(5)) {
        case 0: targets[below(count)].y = spoilt_float(&exact); break;
        case 1: first = c->nodes - count + 1 + below(3); exact = CLOTH_STATUS_OUT_OF_RANGE; break;
        case 2: p = NULL; exact = CLOTH_STATUS_NULL_POINTER; break;
        case 3: id = bad_cloth_id(); exact = CLOTH_STATUS_STALE_ID; break;
        default: first = 0xFFFFFFFFu; exact = CLOTH_STATUS_OUT_OF_RANGE; break;
        }
    } else if (chance(0.05)) {
        n = 0; /* nothing to set: OK, NULL or not */
        if (chance(0.5)) p = NULL;
    }
    cloth_status s = on_a("cloth_set_animated_positions", cloth_set_animated_positions(A, id, first, p, n),
                          S(CLOTH_STATUS_OK) | PTR_ERRORS | FLOAT_ERRORS | ID_ERRORS | S(CLOTH_STATUS_OUT_OF_RANGE),
                          exact);
    if (s != CLOTH_STATUS_OK) return;
    on_b("cloth_set_animated_positions", cloth_set_animated_positions(B, c->b, first, p, n));
}

static void op_dynamics(int bad) {
    current = "dynamics";
    int i = pick_live_cloth();
    if (i < 0) return;
    Cloth *c = &cloths[i];
    if (chance(0.3)) { /* get: a refusal writes nothing */
        cloth_dynamics d, before;
        memset(&d, 0x33, sizeof d);
        /* A bad call may leave struct_size unset (0x33333333). */
        if (!bad || chance(0.5)) d.struct_size = sizeof d;
        before = d;
        cloth_id id = bad ? bad_cloth_id() : c->a;
        cloth_status s = on_a("cloth_get_dynamics", cloth_get_dynamics(A, id, bad && chance(0.3) ? NULL : &d),
                              S(CLOTH_STATUS_OK) | S(CLOTH_STATUS_STRUCT_SIZE) | PTR_ERRORS | ID_ERRORS,
                              bad ? -1 : CLOTH_STATUS_OK);
        if (s != CLOTH_STATUS_OK && memcmp(&d, &before, sizeof d)) failf("a refused get_dynamics wrote its output");
        return;
    }
    int exact = CLOTH_STATUS_OK;
    cloth_dynamics d = bad ? spoilt_dynamics(&exact) : make_dynamics();
    cloth_status s = on_a("cloth_set_dynamics", cloth_set_dynamics(A, c->a, &d),
                          S(CLOTH_STATUS_OK) | PTR_ERRORS | FLOAT_ERRORS | ID_ERRORS | S(CLOTH_STATUS_INVALID_ENUM) |
                              S(CLOTH_STATUS_STRUCT_SIZE),
                          exact);
    if (s != CLOTH_STATUS_OK) return;
    on_b("cloth_set_dynamics", cloth_set_dynamics(B, c->b, &d));
}

static void op_wake_teleport(int bad) {
    current = "wake/teleport";
    int i = pick_live_cloth();
    if (i < 0) return;
    cloth_id id = bad ? bad_cloth_id() : cloths[i].a;
    int wake = chance(0.5);
    cloth_status s = wake ? cloth_wake(A, id) : cloth_teleport(A, id);
    s = on_a(wake ? "cloth_wake" : "cloth_teleport", s, S(CLOTH_STATUS_OK) | ID_ERRORS,
             bad ? CLOTH_STATUS_STALE_ID : CLOTH_STATUS_OK);
    if (s != CLOTH_STATUS_OK) return;
    on_b("wake/teleport", wake ? cloth_wake(B, cloths[i].b) : cloth_teleport(B, cloths[i].b));
}

/* Reads with spoilt buffers: nothing may be written. */
static void op_read(int bad) {
    current = "read";
    int i = pick_live_cloth();
    if (i < 0) return;
    Cloth *c = &cloths[i];
    size_t cap = c->nodes + below(2);
    uint32_t space = below(2);
    static cloth_vec3f buf[MAX_NODES + 2];
    static cloth_pose pw[MAX_NODES + 2], pl[MAX_NODES + 2];
    for (size_t k = 0; k < MAX_NODES + 2; k++) buf[k].x = buf[k].y = buf[k].z = -7.0f;
    cloth_id id = c->a;
    cloth_vec3f *out = buf;
    int exact = CLOTH_STATUS_OK;
    if (bad) {
        switch (below(6)) {
        case 0: cap = c->nodes - 1; exact = CLOTH_STATUS_BUFFER_TOO_SMALL; break;
        case 1: out = NULL; exact = CLOTH_STATUS_NULL_POINTER; break;
        case 2: out = NULL; cap = 0; exact = CLOTH_STATUS_BUFFER_TOO_SMALL; break; /* NULL with 0: allowed, too small */
        case 3: space = 2 + below(5); exact = CLOTH_STATUS_INVALID_ENUM; break;
        case 4: out = (cloth_vec3f *)((char *)buf + 2); exact = CLOTH_STATUS_INVALID_ARGUMENT; break;
        default: id = bad_cloth_id(); exact = CLOTH_STATUS_STALE_ID; break;
        }
    }
    if (chance(0.5)) {
        cloth_status s = on_a("cloth_read_positions", cloth_read_positions(A, id, space, out, cap),
                              S(CLOTH_STATUS_OK) | PTR_ERRORS | ID_ERRORS | S(CLOTH_STATUS_BUFFER_TOO_SMALL) |
                                  S(CLOTH_STATUS_INVALID_ENUM),
                              exact);
        if (s != CLOTH_STATUS_OK) {
            for (size_t k = 0; k < MAX_NODES + 2; k++)
                if (buf[k].x != -7.0f) { failf("a refused read wrote its buffer"); break; }
        } else {
            for (uint32_t n = 0; n < c->nodes; n++)
                if (!finite3(buf[n])) failf("a non-finite position came back");
            if (buf[c->nodes].x != -7.0f) failf("a read wrote past the node count");
        }
        return;
    }
    /* Node poses: either buffer may be NULL, not both. */
    cloth_pose *ow = pw, *ol = pl;
    if (!bad && chance(0.3)) { if (chance(0.5)) ow = NULL; else ol = NULL; }
    if (bad && exact == CLOTH_STATUS_NULL_POINTER) ow = ol = NULL;
    if (bad && exact == CLOTH_STATUS_INVALID_ARGUMENT) ow = (cloth_pose *)((char *)pw + 4);
    if (bad && exact == CLOTH_STATUS_INVALID_ENUM) exact = CLOTH_STATUS_OK; /* no enum here */
    if (bad && exact == CLOTH_STATUS_BUFFER_TOO_SMALL && cap == 0) ow = ol = NULL;
    memset(pw, 0x77, sizeof pw);
    cloth_status s = on_a("cloth_read_node_poses", cloth_read_node_poses(A, id, ow, ol, cap),
                          S(CLOTH_STATUS_OK) | PTR_ERRORS | ID_ERRORS | S(CLOTH_STATUS_BUFFER_TOO_SMALL), exact);
    if (s != CLOTH_STATUS_OK) {
        const unsigned char *b = (const unsigned char *)pw;
        for (size_t k = 0; k < sizeof pw; k++)
            if (b[k] != 0x77) { failf("a refused read_node_poses wrote its buffer"); break; }
    } else if (ow) {
        for (uint32_t n = 0; n < c->nodes; n++)
            if (!finite_pose(ow[n])) failf("a non-finite pose came back");
    }
}

static void op_report(int bad) {
    current = "report";
    int i = pick_live_cloth();
    if (i < 0) return;
    cloth_step_report r;
    memset(&r, 0x44, sizeof r);
    r.struct_size = sizeof r;
    cloth_id id = cloths[i].a;
    int exact = CLOTH_STATUS_OK;
    cloth_step_report *p = &r;
    if (bad) {
        switch (below(3)) {
        case 0: r.struct_size = 1 + below(31); exact = CLOTH_STATUS_STRUCT_SIZE; break;
        case 1: p = NULL; exact = CLOTH_STATUS_NULL_POINTER; break;
        default: id = bad_cloth_id(); exact = CLOTH_STATUS_STALE_ID; break;
        }
    }
    uint32_t size = r.struct_size;
    cloth_status s = on_a("cloth_last_step_report", cloth_last_step_report(A, id, p),
                          S(CLOTH_STATUS_OK) | PTR_ERRORS | ID_ERRORS | S(CLOTH_STATUS_STRUCT_SIZE), exact);
    if (s == CLOTH_STATUS_OK && (r.struct_size != size || r.watchdog > CLOTH_WATCHDOG_EXPLODED || r.asleep > 1))
        failf("a step report out of its ranges");
}

static void op_set(int bad) {
    current = "collider set";
    if (chance(0.5) || bad) {
        int j = pick_live_set();
        if (j < 0 && !bad) return;
        int users = 0;
        for (int i = 0; i < MAX_CLOTHS; i++) users += cloths[i].live && cloths[i].set == j;
        cloth_collider_set_id id = j >= 0 ? sets[j].a : no_set();
        int exact = users ? CLOTH_STATUS_IN_USE : CLOTH_STATUS_OK;
        if (bad || j < 0) {
            if (j >= 0 && chance(0.5)) id = sets[j].b; /* the twin's: another world's */
            else id.index = 100 + below(100), id.generation = 1 + below(3);
            exact = CLOTH_STATUS_STALE_ID;
        }
        if (inside_step) exact = CLOTH_STATUS_WRONG_PHASE;
        cloth_status s = on_a("cloth_collider_set_destroy", cloth_collider_set_destroy(A, id),
                              S(CLOTH_STATUS_OK) | S(CLOTH_STATUS_STALE_ID) | S(CLOTH_STATUS_IN_USE) | PHASE, exact);
        if (s != CLOTH_STATUS_OK) return;
        on_b("cloth_collider_set_destroy", cloth_collider_set_destroy(B, sets[j].b));
        sets[j].live = 0;
        for (int k = 0; k < MAX_COLLIDERS; k++)
            if (colliders[k].set == j) colliders[k].live = 0;
        return;
    }
    int j = free_slot(0, sizeof(Set), sets, MAX_SETS);
    if (j < 0) return;
    cloth_collider_set_id a = {7, 7}, b;
    cloth_status s = on_a("cloth_collider_set_create", cloth_collider_set_create(A, &a), S(CLOTH_STATUS_OK) | PHASE,
                          inside_step ? CLOTH_STATUS_WRONG_PHASE : CLOTH_STATUS_OK);
    if (s != CLOTH_STATUS_OK) return;
    on_b("cloth_collider_set_create", cloth_collider_set_create(B, &b));
    sets[j].live = 1;
    sets[j].a = a;
    sets[j].b = b;
}

static cloth_collider_desc make_collider(void) {
    cloth_collider_desc d = cloth_default_collider_desc();
    double r = range(0.02, 0.3);
    d.shape = below(5);
    d.radius = r;
    d.a.x = -r; d.b.x = r; d.b.y = range(-r, r);
    d.radius_b = r * range(0.1, 1);
    d.half_extents.x = r; d.half_extents.y = 0.5 * r; d.half_extents.z = 0.7 * r;
    d.corner_radius = 0.3 * r * uniform();
    d.pose.translation.x = range(-3, 3);
    d.pose.translation.y = d.shape == CLOTH_SHAPE_PLANE ? range(-3, 0) : range(0, 2);
    d.pose.translation.z = range(-0.5, 0.5);
    d.pose.rotation = turn(range(-3, 3), range(-1, 1), 1, range(-1, 1));
    return d;
}

static void op_collider(int bad) {
    current = "collider";
    int k = pick_live_collider();
    int what = k < 0 ? 0 : below(4);
    if (what == 0) { /* create */
        int j = pick_live_set(), slot = free_slot(0, sizeof(Collider), colliders, MAX_COLLIDERS);
        if (j < 0 || slot < 0) return;
        cloth_collider_desc d = make_collider();
        cloth_collider_set_id set = sets[j].a;
        int exact = CLOTH_STATUS_OK;
        if (bad) {
            switch (below(6)) {
            case 0: d.shape = 5 + below(10); exact = CLOTH_STATUS_INVALID_ENUM; break;
            case 1: d.radius = -1; d.shape = CLOTH_SHAPE_SPHERE; exact = CLOTH_STATUS_INVALID_ARGUMENT; break;
            case 2: d.radius = 2 * CLOTH_MAX_COORDINATE; d.shape = CLOTH_SHAPE_SPHERE; exact = CLOTH_STATUS_INVALID_ARGUMENT; break;
            case 3: d.pose = spoilt_pose(d.pose, 0, &exact); break;
            case 4: set = sets[j].b; exact = CLOTH_STATUS_STALE_ID; break;
            default: d.struct_size = 8; exact = CLOTH_STATUS_STRUCT_SIZE; break;
            }
        }
        /* Arguments are checked before the world: the phase comes after. */
        if (inside_step && (exact == CLOTH_STATUS_OK || exact == CLOTH_STATUS_STALE_ID))
            exact = CLOTH_STATUS_WRONG_PHASE;
        cloth_collider_id a = {{1, 1}, 1, 1}, b;
        cloth_status s = on_a("cloth_collider_create", cloth_collider_create(A, set, &d, &a),
                              S(CLOTH_STATUS_OK) | FLOAT_ERRORS | S(CLOTH_STATUS_INVALID_ENUM) |
                                  S(CLOTH_STATUS_STRUCT_SIZE) | S(CLOTH_STATUS_STALE_ID) | PHASE,
                              exact);
        if (s != CLOTH_STATUS_OK) return;
        on_b("cloth_collider_create", cloth_collider_create(B, sets[j].b, &d, &b));
        colliders[slot].live = 1;
        colliders[slot].set = j;
        colliders[slot].a = a;
        colliders[slot].b = b;
        colliders[slot].pose = d.pose;
        return;
    }
    Collider *c = &colliders[k];
    if (what == 3) { /* destroy */
        cloth_collider_id id = c->a;
        int exact = CLOTH_STATUS_OK;
        if (bad) { id = c->b; exact = CLOTH_STATUS_STALE_ID; } /* the twin's */
        if (inside_step) exact = CLOTH_STATUS_WRONG_PHASE;
        cloth_status s = on_a("cloth_collider_destroy", cloth_collider_destroy(A, id),
                              S(CLOTH_STATUS_OK) | S(CLOTH_STATUS_STALE_ID) | PHASE, exact);
        if (s != CLOTH_STATUS_OK) return;
        on_b("cloth_collider_destroy", cloth_collider_destroy(B, c->b));
        c->live = 0;
        return;
    }
    /* Move: a sweep from its last pose, or a placement. */
    cloth_pose p = c->pose;
    p.translation.x += range(-0.3, 0.3);
    p.translation.y += range(-0.3, 0.3);
    p.rotation = turn(range(-3, 3), range(-1, 1), 1, range(-1, 1));
    cloth_pose given = p;
    cloth_collider_id id = c->a;
    int exact = CLOTH_STATUS_OK;
    if (bad) {
        if (chance(0.6)) given = spoilt_pose(p, 0, &exact);
        else { id.generation += 1 + below(3); exact = CLOTH_STATUS_STALE_ID; }
    }
    if (inside_step && (exact == CLOTH_STATUS_OK || exact == CLOTH_STATUS_STALE_ID)) exact = CLOTH_STATUS_WRONG_PHASE;
    int place = what == 2;
    cloth_status s = place ? cloth_collider_place(A, id, &given) : cloth_collider_set_pose(A, id, &given);
    s = on_a(place ? "cloth_collider_place" : "cloth_collider_set_pose", s,
             S(CLOTH_STATUS_OK) | FLOAT_ERRORS | S(CLOTH_STATUS_STALE_ID) | PHASE, exact);
    if (s != CLOTH_STATUS_OK) return;
    on_b("collider pose", place ? cloth_collider_place(B, c->b, &p) : cloth_collider_set_pose(B, c->b, &p));
    c->pose = p;
}

/* Whole-world step (after a new frame), then the twins compared. */
static void op_step(int bad) {
    current = "step";
    if (inside_step) {
        on_a("cloth_world_step", cloth_world_step(A), PHASE, CLOTH_STATUS_WRONG_PHASE);
        on_a("cloth_world_begin_frame", cloth_world_begin_frame(A), PHASE, CLOTH_STATUS_WRONG_PHASE);
        return;
    }
    if (bad) {
        on_a("cloth_world_step", cloth_world_step(dead_world), S(CLOTH_STATUS_INVALID_WORLD), CLOTH_STATUS_INVALID_WORLD);
        on_a("cloth_world_end_step", cloth_world_end_step(A), PHASE, CLOTH_STATUS_WRONG_PHASE);
        on_a("cloth_world_step_cloth", cloth_world_step_cloth(A, cloths[0].a), PHASE | ID_ERRORS,
             CLOTH_STATUS_WRONG_PHASE);
        return;
    }
    if (chance(0.7)) {
        on_a("cloth_world_begin_frame", cloth_world_begin_frame(A), S(CLOTH_STATUS_OK), CLOTH_STATUS_OK);
        on_b("cloth_world_begin_frame", cloth_world_begin_frame(B));
    }
    on_a("cloth_world_step", cloth_world_step(A), S(CLOTH_STATUS_OK), CLOTH_STATUS_OK);
    on_b("cloth_world_step", cloth_world_step(B));
    compare_all();
}

/* The host-driven split: begin, a subset of cloths in a shuffled order
 * (some stepped twice: refused), end, compare. Other operations run in
 * between (op_begin opens, op_end closes). */
static void op_begin(void) {
    current = "begin_step";
    on_a("cloth_world_begin_step", cloth_world_begin_step(A), S(CLOTH_STATUS_OK), CLOTH_STATUS_OK);
    on_b("cloth_world_begin_step", cloth_world_begin_step(B));
    inside_step = 1;
    memset(stepped, 0, sizeof stepped);
}

static void op_step_cloth(int bad) {
    current = "step_cloth";
    int i = pick_live_cloth();
    if (i < 0) return;
    if (bad) {
        cloth_id id = bad_cloth_id();
        on_a("cloth_world_step_cloth", cloth_world_step_cloth(A, id), ID_ERRORS, CLOTH_STATUS_STALE_ID);
        on_a("cloth_world_begin_step", cloth_world_begin_step(A), PHASE, CLOTH_STATUS_WRONG_PHASE);
        return;
    }
    int exact = stepped[i] ? CLOTH_STATUS_WRONG_PHASE : CLOTH_STATUS_OK;
    cloth_status s = on_a("cloth_world_step_cloth", cloth_world_step_cloth(A, cloths[i].a),
                          S(CLOTH_STATUS_OK) | PHASE, exact);
    if (s != CLOTH_STATUS_OK) return;
    on_b("cloth_world_step_cloth", cloth_world_step_cloth(B, cloths[i].b));
    stepped[i] = 1;
}

static void op_end(void) {
    current = "end_step";
    on_a("cloth_world_end_step", cloth_world_end_step(A), S(CLOTH_STATUS_OK), CLOTH_STATUS_OK);
    on_b("cloth_world_end_step", cloth_world_end_step(B));
    inside_step = 0;
    compare_all();
}

/* Levels of detail, priorities and the frame budget, set on A and, when A
 * took them, on the twin: the levels a budget chooses (from the priorities,
 * the slots and the count of steps) must be the twin's (compare). Budgets of
 * 0 to 0.01 core-ms (0 to 3,300 units at the library's price) mix the
 * levels of a few small cloths. */
static void op_detail(int bad) {
    current = "detail";
    uint32_t what = below(4);
    if (what == 0 && chance(0.2)) {
        cloth_status s = on_a("cloth_world_clear_budget", cloth_world_clear_budget(A), S(CLOTH_STATUS_OK) | PHASE,
                              inside_step ? CLOTH_STATUS_WRONG_PHASE : CLOTH_STATUS_OK);
        if (s == CLOTH_STATUS_OK) on_b("cloth_world_clear_budget", cloth_world_clear_budget(B));
        return;
    }
    if (what == 0 && chance(0.25)) {
        /* A step's time reported: the twin gets the same report, so its
         * price, and then its levels, stay A's. */
        double core_ms = chance(0.1) ? 0.0 : range(1e-6, 0.02); /* 0: a paused frame, nothing learned */
        int exact = inside_step ? CLOTH_STATUS_WRONG_PHASE : CLOTH_STATUS_OK;
        if (bad) {
            if (chance(0.5)) core_ms = spoilt(&exact);
            else core_ms = -range(1e-9, 1.0), exact = CLOTH_STATUS_INVALID_ARGUMENT;
        }
        cloth_status s = on_a("cloth_world_observe_step", cloth_world_observe_step(A, core_ms),
                              S(CLOTH_STATUS_OK) | FLOAT_ERRORS | PHASE, exact);
        if (s == CLOTH_STATUS_OK) on_b("cloth_world_observe_step", cloth_world_observe_step(B, core_ms));
        return;
    }
    if (what == 0) {
        cloth_frame_budget b = cloth_default_frame_budget();
        const cloth_frame_budget *p = &b;
        b.core_ms = chance(0.2) ? 2.0 : range(0.0, 0.01);
        b.unit_ns = chance(0.5) ? 0.0 : range(0.5, 10.0);
        int exact = inside_step ? CLOTH_STATUS_WRONG_PHASE : CLOTH_STATUS_OK;
        if (bad) {
            switch (below(5)) {
            case 0: b.core_ms = spoilt(&exact); break;
            case 1: b.unit_ns = spoilt(&exact); break;
            case 2: b.core_ms = -range(1e-9, 1.0); exact = CLOTH_STATUS_INVALID_ARGUMENT; break;
            case 3: b.struct_size = 4; exact = CLOTH_STATUS_STRUCT_SIZE; break;
            default: p = NULL; exact = CLOTH_STATUS_NULL_POINTER; break;
            }
        }
        cloth_status s = on_a("cloth_world_set_budget", cloth_world_set_budget(A, p),
                              S(CLOTH_STATUS_OK) | PTR_ERRORS | FLOAT_ERRORS | S(CLOTH_STATUS_STRUCT_SIZE) | PHASE, exact);
        if (s == CLOTH_STATUS_OK) on_b("cloth_world_set_budget", cloth_world_set_budget(B, p));
        return;
    }
    int i = pick_live_cloth();
    if (i < 0) return;
    Cloth *c = &cloths[i];
    cloth_id id = c->a;
    if (what == 1) {
        double priority = range(-10.0, 10.0);
        int exact = CLOTH_STATUS_OK;
        if (bad && chance(0.5)) id = bad_cloth_id(), exact = CLOTH_STATUS_STALE_ID;
        else if (bad) priority = chance(0.5) ? NAN : -INFINITY, exact = CLOTH_STATUS_NON_FINITE;
        cloth_status s = on_a("cloth_set_priority", cloth_set_priority(A, id, priority),
                              S(CLOTH_STATUS_OK) | ID_ERRORS | S(CLOTH_STATUS_NON_FINITE), exact);
        if (s == CLOTH_STATUS_OK) on_b("cloth_set_priority", cloth_set_priority(B, c->b, priority));
        return;
    }
    uint32_t level = below(4);
    int exact = inside_step ? CLOTH_STATUS_WRONG_PHASE : CLOTH_STATUS_OK;
    if (bad && chance(0.5)) {
        id = bad_cloth_id();
        if (!inside_step) exact = CLOTH_STATUS_STALE_ID;
    } else if (bad) {
        level = CLOTH_DETAIL_FROZEN + 1 + below(1000);
        exact = CLOTH_STATUS_INVALID_ENUM;
    }
    cloth_status s = on_a("cloth_set_detail", cloth_set_detail(A, id, level),
                          S(CLOTH_STATUS_OK) | ID_ERRORS | S(CLOTH_STATUS_INVALID_ENUM) | PHASE, exact);
    if (s == CLOTH_STATUS_OK) on_b("cloth_set_detail", cloth_set_detail(B, c->b, level));
}

/* The library-wide calls that take no world. */
static void op_library(int bad) {
    current = "library";
    cloth_dynamics d = cloth_default_dynamics();
    if (bad && chance(0.2)) d.struct_size = below(2) ? 0 : sizeof d + 8;
    uint32_t preset = bad ? (chance(0.5) ? 0 : 8 + below(1000)) : 1 + below(7);
    on_a("cloth_preset_dynamics", cloth_preset_dynamics(preset, bad && chance(0.2) ? NULL : &d),
         S(CLOTH_STATUS_OK) | S(CLOTH_STATUS_INVALID_ENUM) | S(CLOTH_STATUS_NULL_POINTER) | S(CLOTH_STATUS_STRUCT_SIZE),
         bad ? -1 : CLOTH_STATUS_OK);
    const char *name = cloth_status_name(below(40));
    if (!name || !name[0]) failf("cloth_status_name gave an empty name");
    if (cloth_abi_version() != CLOTH_ABI_VERSION) failf("the ABI version differs from the header's");
}

int main(int argc, char **argv) {
    seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    unsigned long operations = argc > 2 ? strtoul(argv[2], NULL, 10) : 4000;
    rng = seed * 0x2545F4914F6CDD1Dull + 1;

    cloth_world_desc wd = cloth_default_world_desc();
    wd.threads = 2;
    if (cloth_world_create(&wd, &A) != CLOTH_STATUS_OK) return 1;
    wd.threads = 0;
    if (cloth_world_create(&wd, &B) != CLOTH_STATUS_OK) return 1;
    if (cloth_world_create(&wd, &dead_world) != CLOTH_STATUS_OK) return 1;
    cloth_world_destroy(dead_world);

    for (op = 0; op < operations; op++) {
        int bad = chance(HOSTILE_RATE);
        hostile += bad;
        uint32_t r = below(100);
        if (inside_step && r < 12) { op_end(); continue; }
        if (!inside_step && r < 3) { op_begin(); continue; }
        if (r < 15) op_create(bad);
        else if (r < 20) op_destroy(bad);
        else if (r < 23) op_set_colliders(bad);
        else if (r < 38) op_anchor(bad);
        else if (r < 45) op_animated(bad);
        else if (r < 49) op_dynamics(bad);
        else if (r < 52) op_wake_teleport(bad);
        else if (r < 60) op_read(bad);
        else if (r < 63) op_report(bad);
        else if (r < 66) op_set(bad);
        else if (r < 74) op_collider(bad);
        else if (r < 75) op_library(bad);
        else if (r < 79) op_detail(bad);
        else if (inside_step) op_step_cloth(bad);
        else op_step(bad);
    }
    if (inside_step) op_end();
    compare_all();
    if (cloth_world_destroy(A) != CLOTH_STATUS_OK || cloth_world_destroy(B) != CLOTH_STATUS_OK) failf("destroy");

    printf("torture.c seed %llu: %lu operations (%lu hostile), %lu calls on A, %lu replayed on the twin, %lu cloth "
           "comparisons\n",
           (unsigned long long)seed, operations, hostile, calls, twin_checks, compared);
    for (uint32_t s = 0; s < STATUSES; s++)
        if (counts[s]) printf("  %-32s %lu\n", cloth_status_name(s), counts[s]);
    printf("  levels compared: full %lu, reduced %lu, half rate %lu, frozen %lu\n", levels_seen[0], levels_seen[1],
           levels_seen[2], levels_seen[3]);
    if (failures) {
        fprintf(stderr, "torture.c: %d failures\n", failures);
        return 1;
    }
    printf("torture.c: ok\n");
    return 0;
}
