// A C++ host (C++17): the job-system path. Four characters, each a rigged
// cape (joints of a skeleton the cloth owns) and a rope, on walking anchors
// among body colliders, built twice in two worlds:
//
//   - world A steps with cloth_world_step on two threads it owns;
//   - world B steps with begin_step / step_cloth / end_step, its cloths
//     shared out to std::threads of the host (as an engine's job system
//     would), each thread stepping and reading back the cloths it was given.
//
// It checks: every call succeeds; A and B agree bit for bit every frame
// (the thread count and the host's schedule never change the answer); all
// values are finite and within reach of their anchors; and the rig's local
// poses recompose to its world poses along the skeleton (what an engine does
// when it writes them back into its hierarchy). It prints a digest of every
// world position it read (FNV-1a over the float bits, as host.c), the same on
// every CPU, thread count and link: ffi/examples/digests holds its value.
// Exit code 0 and "host.cpp: ok".

#include "cloth.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

struct CallFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

void ok(cloth_status s, const char* what) {
    if (s != CLOTH_STATUS_OK)
        throw CallFailed(std::string(what) + ": " + cloth_status_name(s) + ": " + cloth_last_error_message());
}

// A world that is destroyed with its scope (RAII over the C handle).
class World {
public:
    explicit World(uint32_t threads) {
        cloth_world_desc d = cloth_default_world_desc();
        d.threads = threads;
        ok(cloth_world_create(&d, &handle_), "cloth_world_create");
    }
    ~World() { cloth_world_destroy(handle_); }
    World(const World&) = delete;
    World& operator=(const World&) = delete;
    cloth_world get() const { return handle_; }

private:
    cloth_world handle_{};
};

constexpr int kCharacters = 4;
constexpr int kFrames = 240;
constexpr int kStrips = 3;
constexpr int kJoints = 6;  // per strip
constexpr float kLink = 0.08f;
constexpr int kRopeNodes = 20;
constexpr float kRopeLink = 0.05f;

cloth_pose anchor_at(int character, int frame) {
    double t = frame / 60.0 + 0.37 * character;
    double half = 0.5 * 0.3 * std::sin(1.3 * t);
    cloth_pose p = cloth_pose_identity();
    p.translation = {0.8 * std::sin(2.0 * t), 1.4, 2.0 * character};
    p.rotation = {0.0, std::sin(half), 0.0, std::cos(half)};
    return p;
}

// a ∘ b for poses (quaternions x, y, z, w).
cloth_quat mul(cloth_quat a, cloth_quat b) {
    return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}
cloth_vec3 rotate(cloth_quat q, cloth_vec3 v) {
    cloth_vec3 t{2 * (q.y * v.z - q.z * v.y), 2 * (q.z * v.x - q.x * v.z), 2 * (q.x * v.y - q.y * v.x)};
    return {v.x + q.w * t.x + (q.y * t.z - q.z * t.y), v.y + q.w * t.y + (q.z * t.x - q.x * t.z),
            v.z + q.w * t.z + (q.x * t.y - q.y * t.x)};
}
cloth_pose compose(cloth_pose a, cloth_pose b) {
    cloth_vec3 r = rotate(a.rotation, b.translation);
    return {{a.translation.x + r.x, a.translation.y + r.y, a.translation.z + r.z}, mul(a.rotation, b.rotation)};
}
double distance(cloth_vec3 a, cloth_vec3 b) {
    return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}
// FNV-1a over the bits of the positions.
uint64_t digest(uint64_t h, const std::vector<cloth_vec3f>& positions) {
    const unsigned char* b = reinterpret_cast<const unsigned char*>(positions.data());
    for (size_t i = 0; i < positions.size() * sizeof(cloth_vec3f); i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}
// Rotations compared as rotations: q and −q are one (§15).
double rotation_gap(cloth_quat a, cloth_quat b) {
    double d = std::fabs(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w);
    return 1.0 - std::fmin(d, 1.0);
}

struct Character {
    cloth_collider_set_id body{};
    cloth_collider_id torso{};
    cloth_id cape{}, rope{};
};

// The skeleton: joint 0 the pelvis, joint 1 the spine (the cape's anchor),
// then kStrips strips of kJoints joints hanging from the spine.
struct Rig {
    std::vector<uint32_t> parents;
    std::vector<cloth_pose> local_bind;
    std::vector<uint32_t> joints;
    std::vector<float> masses;
    std::vector<int> node_parent;  // inside the cloth; -1: hangs from the anchor
};

Rig make_rig() {
    Rig r;
    cloth_pose spine = cloth_pose_identity();
    spine.translation = {0.0, 1.4, 0.0};
    r.parents = {CLOTH_NO_PARENT, 0};
    r.local_bind = {cloth_pose_identity(), spine};
    for (int s = 0; s < kStrips; s++) {
        for (int j = 0; j < kJoints; j++) {
            cloth_pose b = cloth_pose_identity();
            uint32_t joint = static_cast<uint32_t>(r.parents.size());
            if (j == 0) {
                b.translation = {0.12 * (s - 1), -0.02, 0.0};
                r.parents.push_back(1);
                r.node_parent.push_back(-1);
            } else {
                b.translation = {0.0, -kLink, 1e-3 * kLink};
                r.parents.push_back(joint - 1);
                r.node_parent.push_back(static_cast<int>(r.joints.size()) - 1);
            }
            r.local_bind.push_back(b);
            r.joints.push_back(joint);
            r.masses.push_back(0.02f);
        }
    }
    return r;
}

Character add_character(cloth_world w, int k, const Rig& rig) {
    Character c;
    cloth_pose anchor = anchor_at(k, 0);
    ok(cloth_collider_set_create(w, &c.body), "cloth_collider_set_create");
    cloth_collider_desc cd = cloth_default_collider_desc();
    cd.shape = CLOTH_SHAPE_TAPERED_CAPSULE;
    cd.a = {0.0, -0.5, 0.0};
    cd.radius = 0.10;
    cd.b = {0.0, 0.0, 0.0};
    cd.radius_b = 0.14;
    cloth_pose torso_local = cloth_pose_identity();
    torso_local.translation = {0.0, 0.0, -0.25};
    cd.pose = compose(anchor, torso_local);
    ok(cloth_collider_create(w, c.body, &cd, &c.torso), "cloth_collider_create (torso)");
    cloth_collider_desc ground = cloth_default_collider_desc();
    ground.shape = CLOTH_SHAPE_CUBOID;
    ground.half_extents = {20.0, 0.5, 20.0};
    ground.corner_radius = 0.05;
    ground.pose.translation = {0.0, -0.5, 0.0};
    cloth_collider_id ground_id;
    ok(cloth_collider_create(w, c.body, &ground, &ground_id), "cloth_collider_create (ground)");

    cloth_rig_desc rd = cloth_default_rig_desc();
    rd.joint_count = static_cast<uint32_t>(rig.parents.size());
    rd.node_count = static_cast<uint32_t>(rig.joints.size());
    rd.skeleton_parents = rig.parents.data();
    rd.local_bind = rig.local_bind.data();
    rd.joints = rig.joints.data();
    rd.masses = rig.masses.data();
    cloth_desc desc = cloth_default_desc();
    desc.preset = k % 2 ? CLOTH_PRESET_DENIM : CLOTH_PRESET_SILK;
    desc.anchor = anchor;
    desc.colliders = c.body;
    ok(cloth_create_rig(w, &rd, &desc, &c.cape), "cloth_create_rig");

    std::vector<cloth_vec3f> positions(kRopeNodes);
    std::vector<float> masses(kRopeNodes, 0.01f);
    std::vector<uint32_t> parents(kRopeNodes);
    for (int n = 0; n < kRopeNodes; n++) {
        positions[n] = {0.3f + 1e-3f * n * kRopeLink, -n * kRopeLink, 0.0f};
        parents[n] = n == 0 ? CLOTH_NO_PARENT : static_cast<uint32_t>(n - 1);
    }
    cloth_tree_desc td = cloth_default_tree_desc();
    td.node_count = kRopeNodes;
    td.positions = positions.data();
    td.masses = masses.data();
    td.parents = parents.data();
    desc.preset = k % 2 ? CLOTH_PRESET_CHAIN : CLOTH_PRESET_ROPE;
    ok(cloth_create_tree(w, &td, &desc, &c.rope), "cloth_create_tree");
    return c;
}

// Per frame, before a step: the torso and both anchors.
void drive(cloth_world w, const Character& c, int k, int frame) {
    cloth_pose anchor = anchor_at(k, frame);
    cloth_pose torso_local = cloth_pose_identity();
    torso_local.translation = {0.0, 0.0, -0.25};
    cloth_pose torso = compose(anchor, torso_local);
    ok(cloth_collider_set_pose(w, c.torso, &torso), "cloth_collider_set_pose");
    ok(cloth_set_anchor_pose(w, c.cape, &anchor), "cloth_set_anchor_pose (cape)");
    ok(cloth_set_anchor_pose(w, c.rope, &anchor), "cloth_set_anchor_pose (rope)");
}

std::vector<cloth_vec3f> read(cloth_world w, cloth_id id, uint32_t space) {
    uint32_t n = 0;
    ok(cloth_node_count(w, id, &n), "cloth_node_count");
    std::vector<cloth_vec3f> out(n);
    ok(cloth_read_positions(w, id, space, out.data(), out.size()), "cloth_read_positions");
    return out;
}

}  // namespace

int main() {
    if (!cloth_cpu_supported()) {
        std::printf("host.cpp: this CPU cannot run this build; skipped\n");
        return 0;
    }
    int failures = 0;
    auto expect = [&](bool good, const std::string& what) {
        if (!good) {
            if (failures < 10) std::fprintf(stderr, "host.cpp: check failed: %s\n", what.c_str());
            failures++;
        }
    };
    try {
        const Rig rig = make_rig();
        World a(2), b(0);
        std::vector<Character> ca, cb;
        for (int k = 0; k < kCharacters; k++) {
            ca.push_back(add_character(a.get(), k, rig));
            cb.push_back(add_character(b.get(), k, rig));
        }
        std::vector<cloth_id> b_cloths;
        for (const Character& c : cb) {
            b_cloths.push_back(c.cape);
            b_cloths.push_back(c.rope);
        }
        constexpr int kWorkers = 3;
        std::vector<std::vector<cloth_vec3f>> b_read(b_cloths.size());
        double farthest = 0.0, worst_recompose = 0.0, worst_rotation = 0.0;
        uint64_t positions_digest = 0xcbf29ce484222325ULL;

        for (int frame = 1; frame <= kFrames; frame++) {
            ok(cloth_world_begin_frame(a.get()), "begin_frame A");
            ok(cloth_world_begin_frame(b.get()), "begin_frame B");
            for (int k = 0; k < kCharacters; k++) {
                drive(a.get(), ca[k], k, frame);
                drive(b.get(), cb[k], k, frame);
            }
            ok(cloth_world_step(a.get()), "cloth_world_step");

            // B: the host's own threads step and read back distinct cloths.
            ok(cloth_world_begin_step(b.get()), "cloth_world_begin_step");
            std::array<std::string, kWorkers> errors;
            std::vector<std::thread> workers;
            for (int t = 0; t < kWorkers; t++) {
                workers.emplace_back([&, t] {
                    try {
                        for (size_t i = t; i < b_cloths.size(); i += kWorkers) {
                            ok(cloth_world_step_cloth(b.get(), b_cloths[i]), "cloth_world_step_cloth");
                            b_read[i] = read(b.get(), b_cloths[i], CLOTH_SPACE_CLOTH);
                        }
                    } catch (const CallFailed& e) {
                        errors[t] = e.what();
                    }
                });
            }
            for (std::thread& w : workers) w.join();
            ok(cloth_world_end_step(b.get()), "cloth_world_end_step");
            for (const std::string& e : errors)
                if (!e.empty()) throw CallFailed(e);

            for (int k = 0; k < kCharacters; k++) {
                cloth_pose anchor = anchor_at(k, frame);
                const cloth_id ids[2] = {ca[k].cape, ca[k].rope};
                for (int which = 0; which < 2; which++) {
                    std::vector<cloth_vec3f> pa = read(a.get(), ids[which], CLOTH_SPACE_CLOTH);
                    const std::vector<cloth_vec3f>& pb = b_read[2 * k + which];
                    expect(pa.size() == pb.size() && std::memcmp(pa.data(), pb.data(), pa.size() * sizeof(pa[0])) == 0,
                           "frame " + std::to_string(frame) + " character " + std::to_string(k) +
                               ": world step and host split differ");
                    std::vector<cloth_vec3f> positions = read(a.get(), ids[which], CLOTH_SPACE_WORLD);
                    positions_digest = digest(positions_digest, positions);
                    for (const cloth_vec3f& p : positions) {
                        double d = distance({p.x, p.y, p.z}, anchor.translation);
                        expect(std::isfinite(d), "finite position");
                        farthest = std::fmax(farthest, d);
                    }
                }
                // The rig's local poses recompose to its world poses.
                uint32_t n = 0;
                ok(cloth_node_count(a.get(), ca[k].cape, &n), "cloth_node_count");
                std::vector<cloth_pose> world(n), local(n);
                ok(cloth_read_node_poses(a.get(), ca[k].cape, world.data(), local.data(), n), "node poses");
                for (uint32_t i = 0; i < n; i++) {
                    int p = rig.node_parent[i];
                    cloth_pose parent = p < 0 ? anchor : world[p];
                    cloth_pose again = compose(parent, local[i]);
                    worst_recompose = std::fmax(worst_recompose, distance(again.translation, world[i].translation));
                    worst_rotation = std::fmax(worst_rotation, rotation_gap(again.rotation, world[i].rotation));
                }
            }
        }
        // Reach: the rope (0.3 m out, 19 links of 5 cm) is the longest.
        double reach = std::sqrt(0.3 * 0.3 + 0.0) + (kRopeNodes - 1) * kRopeLink;
        std::printf("%d characters x %d frames: world step (2 threads) == host split (%d threads) every frame\n",
                    kCharacters, kFrames, kWorkers);
        std::printf("farthest node %.3f m from its anchor (reach %.3f m); local->world recomposition %.1e m, %.1e\n",
                    farthest, reach, worst_recompose, worst_rotation);
        std::printf("digest of every position read: %016llx\n", static_cast<unsigned long long>(positions_digest));
        expect(farthest <= 1.05 * reach, "every node within reach of its anchor");
        expect(worst_recompose < 1e-9 && worst_rotation < 1e-12, "local poses recompose to world poses");
    } catch (const CallFailed& e) {
        std::fprintf(stderr, "host.cpp: %s\n", e.what());
        return 1;
    }
    if (failures) {
        std::fprintf(stderr, "host.cpp: %d checks failed\n", failures);
        return 1;
    }
    std::printf("host.cpp: ok\n");
    return 0;
}
