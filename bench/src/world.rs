//! W4 (PERFORMANCE.md): many characters in one world at 1 and 2 threads, and
//! the cost of the C ABI crossing.
//!
//! **W4.** Each character is `cloth_solver::world::Character`: a cape of a
//! sheet entry of the library (silk, cotton, denim, leather, hair in turn, at
//! its §14 proxy size and budget) and a rope of a chain entry (rope, chain),
//! on an anchor that walks and sways, among its own colliders (a torso
//! capsule following the anchor, a ground plane). Sleep is off, as in every
//! workload (a sleeping cloth times nothing). A frame is the host's frame:
//! begin_frame, every character's poses, then `World::step`, which is what
//! is timed. Thread counts of one size run side by side, a world each,
//! stepped alternately frame by frame, fresh worlds per round; each row prints a hash of every cloth's state at
//! the end of its first round — equal across thread counts, or the pool
//! changed the answer. `speedup` is the 1-thread frame over this one, of the
//! minima (the Box2D habit: the minimum is the machine's capability; a
//! shared 2-core machine's median also measures its neighbours), and
//! `speedup_median` the same of the medians.
//!
//! **ABI.** What a C host pays per call over calling the Rust world
//! directly: the handle lookup (registry and world locks), the cloth's lock,
//! the panic guard, argument checks and conversions, the last-error reset —
//! measured on calls whose own work is trivial, through a function pointer
//! the optimiser cannot see through (as a host's call into a shared library
//! is). Per frame: the calls one character's frame makes, against a W0 step
//! timed in the same run.

use crate::{machine, stats, Output, Row};
use cloth_solver::pose::Pose;
use cloth_solver::world::{Character, World, WorldOptions};
use cloth_solver::{scenes, SeedOptions, Tuning};
use std::hint::black_box;
use std::time::Instant;

/// Protocol of W4.
#[derive(Clone, Copy, Debug)]
pub struct W4Protocol {
    pub rounds: usize,
    pub warmup: usize,
    pub frames: usize,
}

/// Characters per world and thread counts, as PERFORMANCE.md asks.
pub const CHARACTERS: [usize; 4] = [1, 8, 32, 128];
pub const THREADS: [usize; 2] = [1, 2];

fn build(characters: usize, threads: usize) -> (World, Vec<Character>) {
    let mut world = World::new(WorldOptions { threads }).expect("the pool starts");
    let chars: Vec<Character> = (0..characters).map(|k| Character::add(&mut world, k).expect("seeds")).collect();
    let awake = Tuning { sleep: false, ..Tuning::default() };
    for id in world.cloth_ids().collect::<Vec<_>>() {
        world.with_cloth(id, |c| c.set_tuning(awake)).expect("live").expect("valid tuning");
    }
    (world, chars)
}

fn frame(world: &mut World, chars: &[Character], step: usize) {
    world.begin_frame().expect("outside a step");
    for c in chars {
        c.drive(world, step).expect("valid poses");
    }
}

fn world_hash(world: &World) -> u64 {
    world
        .cloth_ids()
        .map(|id| world.with_cloth(id, |c| c.state_hash()).expect("live"))
        .fold(0xcbf2_9ce4_8422_2325, |h, x| (h ^ x).wrapping_mul(0x0100_0000_01b3))
}

/// W4: characters × threads.
pub fn w4(out: &mut Output, p: W4Protocol) {
    out.note(&format!(
        "W4: characters (a cape of a sheet entry + a rope of a chain entry, walking, with colliders) x threads; {}",
        machine()
    ));
    out.note(&format!(
        "{} warm-up frames then {} measured, {} rounds, fresh worlds per round, thread counts alternating frame by frame; load {}",
        p.warmup,
        p.frames,
        p.rounds,
        load_average()
    ));
    for &n in &CHARACTERS {
        let mut frames: Vec<Vec<f64>> = vec![Vec::new(); THREADS.len()];
        let mut hashes = vec![0u64; THREADS.len()];
        let (mut particles, mut cloths) = (0, 0);
        for round in 0..p.rounds {
            // One world per thread count, stepped alternately frame by frame:
            // on a shared machine a neighbour's burst then hits every thread
            // count alike, so the ratio of medians stays meaningful.
            let mut worlds: Vec<(World, Vec<Character>)> = THREADS.iter().map(|&t| build(n, t)).collect();
            particles = worlds[0].0.cloth_ids().map(|id| worlds[0].0.with_cloth(id, |c| c.nodes()).unwrap()).sum();
            cloths = worlds[0].0.len();
            for k in 1..=p.warmup + p.frames {
                for (t, (world, chars)) in worlds.iter_mut().enumerate() {
                    frame(world, chars, k);
                    let t0 = Instant::now();
                    world.step().expect("steps");
                    if k > p.warmup {
                        frames[t].push(t0.elapsed().as_secs_f64() * 1e3);
                    }
                }
            }
            if round == 0 {
                for (t, (world, _)) in worlds.iter().enumerate() {
                    hashes[t] = world_hash(world);
                }
            }
        }
        let one = stats(&frames[0]);
        for (t, &threads) in THREADS.iter().enumerate() {
            let (min, med, mean) = stats(&frames[t]);
            out.row(
                Row::new("w4", format!("{n} characters, {threads} thread{}", if threads == 1 { "" } else { "s" }))
                    .with("characters", n)
                    .with("threads", threads)
                    .with("cloths", cloths)
                    .with("particles", particles)
                    .with("ms_min", min)
                    .with("ms_median", med)
                    .with("ms_mean", mean)
                    .with("characters_per_ms", n as f64 / med)
                    .with("speedup", one.0 / min)
                    .with("speedup_median", one.1 / med)
                    .with("hash", format!("{:016x}", hashes[t])),
            );
        }
    }
    out.flush();
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

// ---- the ABI crossing ----------------------------------------------------------

/// Mean ns per call of `f`, the minimum over `rounds` batches of `calls`.
fn ns_per_call(rounds: usize, calls: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let t0 = Instant::now();
        for _ in 0..calls {
            f();
        }
        best = best.min(t0.elapsed().as_secs_f64() * 1e9 / calls as f64);
    }
    best
}

fn c_pose(p: &Pose) -> cloth::cloth_pose {
    let (t, q) = (p.translation, p.rotation);
    cloth::cloth_pose {
        translation: cloth::cloth_vec3 { x: t[0], y: t[1], z: t[2] },
        rotation: cloth::cloth_quat { x: q.x, y: q.y, z: q.z, w: q.w },
    }
}

/// The ABI crossing per call and per frame.
pub fn abi(out: &mut Output, rounds: usize, calls: usize) {
    use ::cloth::*;
    out.note(&format!("ABI crossing: min over {rounds} batches of {calls} calls, ns per call; {}", machine()));
    // Two identical worlds, one driven through the C functions, one directly.
    // Each: one collider set with a capsule, one 41-node rope (a cloth whose
    // step and read-back are small, so the crossing is what is measured).
    let rope = scenes::library_proxy(&cloth_solver::library::ROPE);
    let mut direct = World::new(WorldOptions::default()).unwrap();
    let dset = direct.add_collider_set().unwrap();
    let capsule = cloth_solver::Shape::capsule([0.0, -0.5, 0.0], [0.0; 3], 0.1).unwrap();
    let dcol = direct.colliders_mut(dset).unwrap().add(capsule, Pose::from_translation([1.0, 0.0, 0.0])).unwrap();
    let dcloth = direct
        .add_cloth(&rope, cloth_solver::library::ROPE.dynamics, Pose::IDENTITY, Some(dset), Default::default())
        .unwrap();

    let (mut w, mut set, mut col, mut id) =
        (cloth_world::default(), Default::default(), Default::default(), Default::default());
    // SAFETY: every pointer passed here is to a live local of the right
    // type, and the arrays outlive the create call with their counts.
    unsafe {
        assert_eq!(cloth_world_create(&cloth_default_world_desc(), &mut w), cloth_status::CLOTH_STATUS_OK);
        assert_eq!(cloth_collider_set_create(w, &mut set), cloth_status::CLOTH_STATUS_OK);
        let mut cd = cloth_default_collider_desc();
        cd.shape = CLOTH_SHAPE_CAPSULE;
        cd.a.y = -0.5;
        cd.pose.translation.x = 1.0;
        assert_eq!(cloth_collider_create(w, set, &cd, &mut col), cloth_status::CLOTH_STATUS_OK);
        let positions: Vec<cloth_vec3f> =
            rope.positions.iter().map(|p| cloth_vec3f { x: p[0], y: p[1], z: p[2] }).collect();
        let parents: Vec<u32> = rope.parents.iter().map(|p| p.unwrap_or(CLOTH_NO_PARENT)).collect();
        let mut tree = cloth_default_tree_desc();
        tree.node_count = positions.len() as u32;
        tree.positions = positions.as_ptr();
        tree.masses = rope.masses.as_ptr();
        tree.parents = parents.as_ptr();
        let mut desc = cloth_default_desc();
        desc.preset = CLOTH_PRESET_ROPE;
        desc.colliders = set;
        assert_eq!(cloth_create_tree(w, &tree, &desc, &mut id), cloth_status::CLOTH_STATUS_OK);
    }
    let nodes = rope.positions.len();
    let pose = Pose::from_translation([0.1, 0.2, 0.3]);
    let cpose = c_pose(&pose);
    let mut buffer = vec![cloth_vec3f::default(); nodes];
    let mut direct_buffer = vec![[0f32; 3]; nodes];

    // Function pointers hidden from the optimiser: the call a host makes
    // into a shared library, not an inlined Rust call.
    let set_anchor = black_box(
        cloth_set_anchor_pose as unsafe extern "C" fn(cloth_world, cloth_id, *const cloth_pose) -> cloth_status,
    );
    let set_collider = black_box(
        cloth_collider_set_pose
            as unsafe extern "C" fn(cloth_world, cloth_collider_id, *const cloth_pose) -> cloth_status,
    );
    let begin_frame = black_box(cloth_world_begin_frame as extern "C" fn(_) -> _);
    let node_count =
        black_box(cloth_node_count as unsafe extern "C" fn(cloth_world, cloth_id, *mut u32) -> cloth_status);
    let read = black_box(cloth_read_positions as unsafe extern "C" fn(_, _, _, _, _) -> _);
    let step = black_box(cloth_world_step as extern "C" fn(_) -> _);

    struct Measured {
        name: &'static str,
        ffi: f64,
        direct: f64,
        per_frame: usize,
    }
    let mut rows = Vec::new();
    let mut n = 0u32;
    rows.push(Measured {
        name: "cloth_world_begin_frame",
        ffi: ns_per_call(rounds, calls, || {
            black_box(begin_frame(w));
        }),
        direct: ns_per_call(rounds, calls, || {
            black_box(direct.begin_frame()).unwrap();
        }),
        per_frame: 1,
    });
    rows.push(Measured {
        name: "cloth_collider_set_pose",
        // SAFETY: `cpose` is a live local.
        ffi: ns_per_call(rounds, calls, || unsafe {
            black_box(set_collider(w, col, &cpose));
        }),
        direct: ns_per_call(rounds, calls, || {
            black_box(direct.colliders_mut(dset).unwrap().set_pose(dcol, black_box(pose))).unwrap();
        }),
        per_frame: 1,
    });
    rows.push(Measured {
        name: "cloth_set_anchor_pose",
        // SAFETY: `cpose` is a live local.
        ffi: ns_per_call(rounds, calls, || unsafe {
            black_box(set_anchor(w, id, &cpose));
        }),
        direct: ns_per_call(rounds, calls, || {
            black_box(direct.set_anchor_pose(dcloth, black_box(pose))).unwrap();
        }),
        per_frame: 1,
    });
    rows.push(Measured {
        name: "cloth_node_count",
        // SAFETY: `n` is a live local.
        ffi: ns_per_call(rounds, calls, || unsafe {
            black_box(node_count(w, id, &mut n));
        }),
        direct: ns_per_call(rounds, calls, || {
            black_box(direct.with_cloth(dcloth, |c| c.nodes())).unwrap();
        }),
        per_frame: 0,
    });
    rows.push(Measured {
        name: "cloth_read_positions (41 nodes)",
        // SAFETY: `buffer` holds `nodes` entries.
        ffi: ns_per_call(rounds, calls / 4, || unsafe {
            black_box(read(w, id, CLOTH_SPACE_WORLD, buffer.as_mut_ptr(), buffer.len()));
        }),
        direct: ns_per_call(rounds, calls / 4, || {
            direct
                .with_cloth(dcloth, |c| {
                    for (n, o) in direct_buffer.iter_mut().enumerate() {
                        *o = c.world_position(n).map(|x| x as f32);
                    }
                })
                .unwrap();
            black_box(&direct_buffer);
        }),
        per_frame: 1,
    });
    // A whole-world step of the same one-rope world: its crossing is the
    // lookup and the exclusive lock around the same step.
    rows.push(Measured {
        name: "cloth_world_step (41-node rope)",
        ffi: ns_per_call(rounds, calls / 40, || {
            black_box(step(w));
        }),
        direct: ns_per_call(rounds, calls / 40, || {
            black_box(direct.step()).unwrap();
        }),
        per_frame: 1,
    });
    assert_eq!(cloth_world_destroy(w), cloth_status::CLOTH_STATUS_OK);

    // W0's step in the same run: the yardstick of "≤ 1 % of a step".
    let mut w0 = scenes::w0_cloth(SeedOptions::m0());
    w0.set_tuning(Tuning { sleep: false, ..Tuning::default() }).unwrap();
    for _ in 0..300 {
        w0.step();
    }
    let mut w0_frames = Vec::new();
    for _ in 0..600 {
        let t0 = Instant::now();
        w0.step();
        w0_frames.push(t0.elapsed().as_secs_f64() * 1e3);
    }
    let w0_ms = stats(&w0_frames).0;

    let mut per_frame = 0.0;
    for m in &rows {
        let crossing = (m.ffi - m.direct).max(0.0);
        per_frame += crossing * m.per_frame as f64;
        out.row(
            Row::new("abi", m.name)
                .with("ns_ffi", m.ffi)
                .with("ns_direct", m.direct)
                .with("ns_crossing", crossing)
                .with("calls_per_frame", m.per_frame)
                .with("threads", 1usize),
        );
    }
    out.flush();
    out.row(
        Row::new("abi", "per frame (the calls above x calls_per_frame)")
            .with("ns_crossing", per_frame)
            .with("w0_ms_min", w0_ms)
            .with("percent_of_w0", 100.0 * per_frame * 1e-6 / w0_ms)
            .with("particles", 1024usize)
            .with("ms_min", w0_ms)
            .with("threads", 1usize),
    );
    out.flush();
}

/// What a frame's readback costs through the C ABI, on an irregular cape
/// (COTTON, ~600 nodes, 60 frames in) and a 41-node rope: packed
/// positions, the strided write with positions, then normals, then
/// tangents, and the node poses. Variants interleaved per round; min and
/// median µs per call.
pub fn readback(out: &mut Output, rounds: usize) {
    use ::cloth::*;
    out.note(&format!("readback: µs per call through the C ABI, {rounds} interleaved rounds; {}", machine()));
    let cape = scenes::IrregularCape::from_seed(0).input();
    let rope = scenes::m0_chain().input();
    let mut w = cloth_world::default();
    // SAFETY: every pointer is a live local or a vector of the declared type
    // and count, alive for the call.
    unsafe {
        assert_eq!(cloth_world_create(&cloth_default_world_desc(), &mut w), cloth_status::CLOTH_STATUS_OK);
    }
    let create = |input: &cloth_solver::ClothInput, preset: u32| -> cloth_id {
        let positions: Vec<cloth_vec3f> =
            input.positions.iter().map(|p| cloth_vec3f { x: p[0], y: p[1], z: p[2] }).collect();
        let mut id = cloth_id::default();
        let mut desc = cloth_default_desc();
        desc.preset = preset;
        // SAFETY: as above.
        unsafe {
            if input.triangles.is_empty() {
                let parents: Vec<u32> = input.parents.iter().map(|p| p.unwrap_or(CLOTH_NO_PARENT)).collect();
                let mut tree = cloth_default_tree_desc();
                tree.node_count = positions.len() as u32;
                tree.positions = positions.as_ptr();
                tree.masses = input.masses.as_ptr();
                tree.parents = parents.as_ptr();
                assert_eq!(cloth_create_tree(w, &tree, &desc, &mut id), cloth_status::CLOTH_STATUS_OK);
            } else {
                let arrays = SheetArrays::of(input);
                assert_eq!(cloth_create_sheet(w, &arrays.desc(input), &desc, &mut id), cloth_status::CLOTH_STATUS_OK);
            }
        }
        id
    };
    let cloths = [
        ("irregular cape, cotton", create(&cape, CLOTH_PRESET_COTTON), cape.positions.len()),
        ("rope", create(&rope, CLOTH_PRESET_ROPE), rope.positions.len()),
    ];
    for _ in 0..60 {
        assert_eq!(cloth_world_step(w), cloth_status::CLOTH_STATUS_OK);
    }
    let layout = |stride: u32, normal: bool, tangent: bool| {
        let mut l = cloth_default_vertex_layout();
        l.stride = stride;
        l.normal_offset = if normal { 12 } else { CLOTH_NO_FIELD };
        l.tangent_offset = if tangent { 24 } else { CLOTH_NO_FIELD };
        l
    };
    let variants: [(&str, Option<cloth_vertex_layout>); 5] = [
        ("cloth_read_positions", None),
        ("read_vertices: positions (stride 12)", Some(layout(12, false, false))),
        ("read_vertices: + normals (stride 32)", Some(layout(32, true, false))),
        ("read_vertices: + tangents (stride 48)", Some(layout(48, true, true))),
        ("cloth_read_node_poses (world)", None),
    ];
    // The cape's render mesh: its nodes and the midpoint of every edge (a
    // 4× subdivision's vertices).
    let mut render: Vec<cloth_vec3f> =
        cape.positions.iter().map(|p| cloth_vec3f { x: p[0], y: p[1], z: p[2] }).collect();
    let mut seen = std::collections::HashSet::new();
    for t in &cape.triangles {
        for k in 0..3 {
            let (a, b) = (t[k].min(t[(k + 1) % 3]), t[k].max(t[(k + 1) % 3]));
            if seen.insert((a, b)) {
                let (p, q) = (cape.positions[a as usize], cape.positions[b as usize]);
                render.push(cloth_vec3f { x: 0.5 * (p[0] + q[0]), y: 0.5 * (p[1] + q[1]), z: 0.5 * (p[2] + q[2]) });
            }
        }
    }
    let mut mesh = 0u32;
    // SAFETY: `render` holds its count; a valid out-pointer.
    let status = unsafe { cloth_attach_render_mesh(w, cloths[0].1, render.as_ptr(), render.len(), &mut mesh) };
    assert_eq!(status, cloth_status::CLOTH_STATUS_OK);
    let mut render_layout = layout(32, true, false);
    render_layout.render_mesh = mesh;
    let mut render_bytes = vec![0u8; 32 * render.len()];
    let mut samples = Vec::new();
    for _ in 0..rounds {
        let t0 = Instant::now();
        for _ in 0..50 {
            // SAFETY: the buffer holds what the count says.
            let s = unsafe {
                cloth_read_vertices(
                    w,
                    cloths[0].1,
                    &render_layout,
                    render_bytes.as_mut_ptr().cast(),
                    render_bytes.len(),
                )
            };
            assert_eq!(s, cloth_status::CLOTH_STATUS_OK);
            black_box(&render_bytes);
        }
        samples.push(t0.elapsed().as_secs_f64() * 1e6 / 50.0);
    }
    let (min, median, _) = stats(&samples);
    out.row(
        Row::new(
            "readback",
            format!("irregular cape: a 4x render mesh ({} vertices), positions + normals", render.len()),
        )
        .with("us_min", min)
        .with("us_median", median)
        .with("ns_per_vertex_min", 1e3 * min / render.len() as f64),
    );
    for (name, id, nodes) in cloths {
        let mut packed = vec![cloth_vec3f::default(); nodes];
        let mut bytes = vec![0u8; 48 * nodes];
        let mut poses = vec![cloth_pose::default(); nodes];
        let mut samples = vec![Vec::new(); variants.len()];
        let calls = 200;
        for _ in 0..rounds {
            for (k, (label, l)) in variants.iter().enumerate() {
                let t0 = Instant::now();
                for _ in 0..calls {
                    // SAFETY: the buffers hold what the counts say.
                    let s = unsafe {
                        match (k, l) {
                            (0, _) => cloth_read_positions(w, id, CLOTH_SPACE_WORLD, packed.as_mut_ptr(), nodes),
                            (4, _) => cloth_read_node_poses(w, id, poses.as_mut_ptr(), std::ptr::null_mut(), nodes),
                            (_, Some(l)) => cloth_read_vertices(w, id, l, bytes.as_mut_ptr().cast(), bytes.len()),
                            _ => unreachable!("{label}"),
                        }
                    };
                    assert_eq!(s, cloth_status::CLOTH_STATUS_OK);
                    black_box(&bytes);
                }
                samples[k].push(t0.elapsed().as_secs_f64() * 1e6 / calls as f64);
            }
        }
        for ((label, _), s) in variants.iter().zip(&samples) {
            let (min, median, _) = stats(s);
            out.row(
                Row::new("readback", format!("{name} ({nodes} nodes): {label}"))
                    .with("us_min", min)
                    .with("us_median", median),
            );
        }
    }
    out.flush();
    assert_eq!(cloth_world_destroy(w), cloth_status::CLOTH_STATUS_OK);
}

/// `cook`: creating a cloth from its mesh against creating it from its
/// cooked blob, through the C ABI, interleaved per round (issue 19 item 4).
pub fn cook(out: &mut Output, rounds: usize) {
    use ::cloth::*;
    out.note(&format!(
        "cook: ms per create through the C ABI (create + destroy), mesh and blob interleaved, {rounds} rounds; {}",
        machine()
    ));
    let mut w = cloth_world::default();
    // SAFETY: valid pointers for the call.
    unsafe {
        assert_eq!(cloth_world_create(&cloth_default_world_desc(), &mut w), cloth_status::CLOTH_STATUS_OK);
    }
    let cases = [
        ("irregular cape 0, cotton", scenes::IrregularCape::from_seed(0).input(), CLOTH_PRESET_COTTON),
        ("irregular cape 1, denim", scenes::IrregularCape::from_seed(1).input(), CLOTH_PRESET_DENIM),
        ("W0 sheet 32x32, cotton", scenes::w0_sheet().input(), CLOTH_PRESET_COTTON),
    ];
    for (name, input, preset) in cases {
        let arrays = SheetArrays::of(&input);
        let sheet = arrays.desc(&input);
        let desc = cloth_desc { preset, ..cloth_default_desc() };
        let from_mesh = || {
            let mut id = cloth_id::default();
            // SAFETY: every array holds its count; valid descriptors.
            assert_eq!(unsafe { cloth_create_sheet(w, &sheet, &desc, &mut id) }, cloth_status::CLOTH_STATUS_OK);
            id
        };
        let first = from_mesh();
        let mut size = 0usize;
        let mut blob = Vec::new();
        let mut cook_us = Vec::new();
        for _ in 0..rounds {
            let t0 = Instant::now();
            // SAFETY: a size query, then a buffer of that size.
            unsafe {
                assert_eq!(cloth_cook(w, first, std::ptr::null_mut(), 0, &mut size), cloth_status::CLOTH_STATUS_OK);
                blob.resize(size, 0);
                assert_eq!(cloth_cook(w, first, blob.as_mut_ptr(), size, &mut size), cloth_status::CLOTH_STATUS_OK);
            }
            cook_us.push(t0.elapsed().as_secs_f64() * 1e6);
        }
        assert_eq!(cloth_destroy(w, first), cloth_status::CLOTH_STATUS_OK);
        let from_blob = || {
            let mut id = cloth_id::default();
            // SAFETY: the blob for its length; a valid descriptor.
            let s = unsafe { cloth_create_from_cooked(w, blob.as_ptr(), blob.len(), &desc, &mut id) };
            assert_eq!(s, cloth_status::CLOTH_STATUS_OK);
            id
        };
        let (mut seed_ms, mut load_ms) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            for (f, samples) in [(&from_mesh as &dyn Fn() -> cloth_id, &mut seed_ms), (&from_blob, &mut load_ms)] {
                let t0 = Instant::now();
                let id = f();
                assert_eq!(cloth_destroy(w, id), cloth_status::CLOTH_STATUS_OK);
                samples.push(t0.elapsed().as_secs_f64() * 1e3);
            }
        }
        let ((smin, smed, _), (lmin, lmed, _), (cmin, cmed, _)) = (stats(&seed_ms), stats(&load_ms), stats(&cook_us));
        out.row(
            Row::new("cook", format!("{name} ({} nodes)", input.positions.len()))
                .with("blob_bytes", blob.len() as f64)
                .with("seed_ms_min", smin)
                .with("seed_ms_median", smed)
                .with("load_ms_min", lmin)
                .with("load_ms_median", lmed)
                .with("load_over_seed_median", lmed / smed)
                .with("cook_us_min", cmin)
                .with("cook_us_median", cmed),
        );
    }
    out.flush();
    assert_eq!(cloth_world_destroy(w), cloth_status::CLOTH_STATUS_OK);
}

/// A sheet's arrays in the C ABI's types, kept alive while a
/// `cloth_sheet_desc` points into them.
struct SheetArrays {
    positions: Vec<::cloth::cloth_vec3f>,
    fixed: Vec<u32>,
    triangles: Vec<u32>,
}

impl SheetArrays {
    fn of(input: &cloth_solver::ClothInput) -> Self {
        SheetArrays {
            positions: input.positions.iter().map(|p| ::cloth::cloth_vec3f { x: p[0], y: p[1], z: p[2] }).collect(),
            fixed: input.fixed.iter().map(|&f| f as u32).collect(),
            triangles: input.triangles.iter().flatten().copied().collect(),
        }
    }

    /// The description of `input` (whose masses it points to) over these arrays.
    fn desc(&self, input: &cloth_solver::ClothInput) -> ::cloth::cloth_sheet_desc {
        ::cloth::cloth_sheet_desc {
            node_count: self.positions.len() as u32,
            triangle_count: input.triangles.len() as u32,
            positions: self.positions.as_ptr(),
            masses: input.masses.as_ptr(),
            fixed: self.fixed.as_ptr(),
            triangles: self.triangles.as_ptr(),
            ..::cloth::cloth_default_sheet_desc()
        }
    }
}
