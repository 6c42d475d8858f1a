//! A step allocates nothing (issue 3): every buffer a step touches is sized at
//! seed. A counting global allocator (this test binary's only allocator)
//! counts allocations made while stepping, on every kernel.

use cloth_solver::{scenes, Kernel, SeedOptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;
// Per thread: the test harness runs the tests of this binary in parallel, and
// one test's set-up must not count against another's stepping.
thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn counting(on: bool) {
    COUNTING.with(|c| c.set(on));
}

fn count() {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
    }
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

fn reset() {
    ALLOCATIONS.with(|a| a.set(0));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwards the caller's contract to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn stepping_allocates_nothing() {
    for kernel in Kernel::ALL {
        let mut cloth = scenes::w0_cloth(SeedOptions::m0());
        cloth.set_kernel(kernel);
        cloth.step(); // the first step too: nothing is lazily sized
        reset();
        counting(true);
        for _ in 0..100 {
            cloth.step();
        }
        // A watchdog reset allocates nothing either.
        let slot = cloth.model().slot_of_node[100] as usize;
        cloth.state_mut().x.set(slot, [f32::NAN; 3]);
        let report = cloth.step();
        counting(false);
        assert!(report.watchdog.is_some());
        assert_eq!(allocations(), 0, "{kernel:?} allocated while stepping");
    }
}

/// A curved garment's bend rest (`bend::CurvedHinges`) is sized with the
/// state: its per-substep targets allocate nothing.
#[test]
fn stepping_a_curved_skirt_allocates_nothing() {
    use cloth_solver::{experiments::GarmentCase, library, Cloth};
    for kernel in Kernel::ALL {
        let input = GarmentCase::Skirt(0).input(&library::DENIM);
        let mut cloth = Cloth::new(&input, library::DENIM.dynamics).unwrap();
        assert!(!cloth.model().bend_rest.is_empty());
        cloth.set_kernel(kernel);
        cloth.step();
        reset();
        counting(true);
        for _ in 0..60 {
            cloth.step();
        }
        counting(false);
        assert_eq!(allocations(), 0, "{kernel:?} allocated while stepping a curved skirt");
    }
}

/// With colliders: contact slots are sized the first time a cloth meets a
/// collider set; after that, moving colliders, rediscovered contacts and the
/// friction terms allocate nothing.
#[test]
fn stepping_with_colliders_allocates_nothing() {
    use cloth_solver::{pose::Pose, ColliderSet, Shape};
    for kernel in Kernel::ALL {
        let mut cloth = scenes::w0_cloth(SeedOptions::default());
        cloth.set_kernel(kernel);
        let mut set = ColliderSet::new();
        set.add(Shape::plane(), Pose::from_translation([0.0, -0.6, 0.0])).unwrap();
        let ball = set.add(Shape::sphere(0.15).unwrap(), Pose::from_translation([0.2, -0.3, 0.1])).unwrap();
        let arm = set.add(Shape::capsule([-0.1, 0.0, 0.0], [0.1, 0.0, 0.0], 0.05).unwrap(), Pose::IDENTITY).unwrap();
        let frame = |cloth: &mut cloth_solver::Cloth, set: &mut ColliderSet, k: usize| {
            let t = k as f64 / 60.0;
            set.begin_frame();
            set.set_pose(ball, Pose::from_translation([0.2 * (3.0 * t).cos(), -0.3, 0.1 * (2.0 * t).sin()])).unwrap();
            set.set_pose(arm, Pose::from_translation([0.0, -0.2 - 0.1 * (4.0 * t).sin(), 0.05])).unwrap();
            cloth.step_with(set);
        };
        frame(&mut cloth, &mut set, 0);
        reset();
        counting(true);
        for k in 1..200 {
            frame(&mut cloth, &mut set, k);
        }
        counting(false);
        assert!(cloth.contacts() > 0, "the scene must touch");
        assert_eq!(allocations(), 0, "{kernel:?} allocated while stepping with colliders");
    }
}

/// A cloth seeded among its colliders (`Cloth::with_colliders`, as
/// `World::add_cloth` seeds) has its contact slots sized there: its first
/// step against them, which discovers every contact, allocates nothing, on
/// the irregular cape over its torso.
#[test]
fn a_cloth_seeded_among_its_colliders_allocates_nothing_on_its_first_step() {
    use cloth_solver::experiments::GarmentCase;
    use cloth_solver::pose::Pose;
    use cloth_solver::{library, BindPoseCheck, Cloth};
    let p = library::DENIM;
    let case = GarmentCase::CapeOnTorso(1);
    let (input, set) = (case.input(&p), case.colliders());
    for kernel in Kernel::ALL {
        let mut cloth = Cloth::with_colliders(&input, p.dynamics, Pose::IDENTITY, &set, BindPoseCheck::Enforce)
            .expect("the cape seeds");
        cloth.set_kernel(kernel);
        reset();
        counting(true);
        for _ in 0..30 {
            cloth.step_with(&set);
        }
        counting(false);
        assert!(cloth.contacts() > 0, "the cape must touch its torso");
        assert_eq!(allocations(), 0, "{kernel:?} allocated in the first steps among its colliders");
    }
}

/// A variable-rate host: after the first advance (which sizes the clock's
/// copies of the particles and the colliders), advancing by frames of 7 to
/// 40 ms — none, one or several fixed steps each — among moving colliders
/// allocates nothing.
#[test]
fn advancing_allocates_nothing_after_the_first_advance() {
    use cloth_solver::{pose::Pose, ColliderSet, Shape};
    let mut cloth = scenes::w0_cloth(SeedOptions::default());
    let mut set = ColliderSet::new();
    let ball = set.add(Shape::sphere(0.15).unwrap(), Pose::from_translation([0.2, -0.3, 0.1])).unwrap();
    let mut t = 0.0;
    let mut frame = |cloth: &mut cloth_solver::Cloth, set: &mut ColliderSet, k: usize| {
        let tick = 0.007 + 0.033 * ((k * 7919) % 11) as f64 / 10.0;
        t += tick;
        set.begin_frame();
        set.set_pose(ball, Pose::from_translation([0.2 * (3.0 * t).cos(), -0.3, 0.1 * (2.0 * t).sin()])).unwrap();
        cloth.set_anchor_pose(Pose::from_translation([0.1 * t, 0.0, 0.0])).unwrap();
        cloth.advance_with(tick, set).unwrap().steps
    };
    frame(&mut cloth, &mut set, 0);
    frame(&mut cloth, &mut set, 1);
    reset();
    counting(true);
    let steps: u32 = (2..200).map(|k| frame(&mut cloth, &mut set, k)).sum();
    counting(false);
    assert!(steps > 250, "{steps} fixed steps");
    assert_eq!(allocations(), 0, "advancing allocated");
}

/// With self-collision: the grid, the row lists and the scratch are sized
/// when the flag is set; a folding sheet's search and rows allocate nothing.
#[test]
fn stepping_with_self_collision_allocates_nothing() {
    use cloth_solver::{experiments as e, Cloth, Dynamics, Tuning};
    for kernel in Kernel::ALL {
        let d = e::folding_dynamics(true);
        let mut cloth =
            Cloth::with_options(&scenes::folding_sheet().input(), d, Tuning::default(), SeedOptions::default())
                .unwrap();
        cloth.set_kernel(kernel);
        let gust = scenes::Gust::new(2, e::FOLDING_GUST);
        let gusts: Vec<Dynamics> = (0..300).map(|k| Dynamics { gravity: gust.gravity(k, d.dt), ..d }).collect();
        let mut rows = 0;
        reset();
        counting(true);
        for g in &gusts {
            cloth.set_dynamics(*g).unwrap();
            cloth.step();
            let s = cloth.state().self_collision.stats;
            rows += s.pairs + s.point_triangle + s.edge_edge;
        }
        counting(false);
        assert!(rows > 0, "the rows must have acted");
        assert_eq!(allocations(), 0, "{kernel:?} allocated while stepping with self-collision");
    }
}

/// Reading a frame's vertices (positions, normals, tangents at a stride)
/// allocates only on the first read, on a sheet and on a tree.
#[test]
fn reading_vertices_allocates_nothing_after_the_first_read() {
    use cloth_solver::{Source, Space, VertexLayout};
    let sheet = scenes::w0_cloth(SeedOptions::default());
    let rope = cloth_solver::Cloth::new(&scenes::m0_chain().input(), scenes::w0_dynamics()).expect("seeds");
    for mut cloth in [sheet, rope] {
        let n = cloth.nodes();
        let layout = VertexLayout {
            space: Space::World,
            first: 0,
            count: n,
            stride: 40,
            position: Some(0),
            normal: Some(12),
            tangent: Some(24),
        };
        let mut buffer = vec![0u8; 40 * n];
        // The first step resolves the process's CPU path once (reading
        // CLOTH_CPU_PATH allocates its value), and the first read sizes the
        // cloth's scratch.
        cloth.step();
        cloth.write_vertices(&layout, Source::Nodes, &mut buffer).expect("valid");
        reset();
        counting(true);
        for _ in 0..10 {
            cloth.step();
            cloth.write_vertices(&layout, Source::Nodes, &mut buffer).expect("valid");
        }
        counting(false);
        assert_eq!(allocations(), 0, "a read of {n} nodes allocated");
    }
}

/// Painted max distances, backstops, anim drive and inertia scales:
/// painting sizes their arrays; the
/// steps after it — with the animated pose moving, so the backstop centres
/// are rebuilt every step — allocate nothing.
#[test]
fn stepping_with_painted_limits_allocates_nothing() {
    use cloth_solver::{library, scenes::IrregularCape, Backstop, Cloth};
    let input = IrregularCape::from_seed(1).input();
    let mut cloth = Cloth::new(&input, library::DENIM.dynamics).unwrap();
    let n = cloth.nodes();
    cloth.set_max_distances(0, &vec![0.05; n]).unwrap();
    cloth.set_backstops(0, &vec![Backstop { distance: 0.01, radius: 0.3 }; n]).unwrap();
    cloth.set_anim_drive(0, &vec![0.5; n]).unwrap();
    cloth.set_inertia_scales(0, &vec![0.5; n]).unwrap();
    cloth.step();
    reset();
    counting(true);
    for k in 0..100 {
        let sway = 0.01 * (k as f32 * 0.1).sin();
        for node in 0..n {
            let b = input.positions[node];
            cloth.set_animated_position(node, [b[0] + sway, b[1], b[2]]).unwrap();
        }
        cloth.set_anchor_pose(cloth_solver::pose::Pose::from_translation([0.02 * k as f64, 0.0, 0.0])).unwrap();
        cloth.step();
    }
    counting(false);
    assert_eq!(allocations(), 0, "allocated while stepping with painted limits");
}

/// Painted inertia on a cloth that already touches a collider: painting
/// sizes the per-node discovery reach (`ContactSlots::travel`), so the
/// steps after it — a moving anchor carrying its torso, which lists each
/// node's reach — allocate nothing and leave every node finite.
#[test]
fn painting_inertia_on_a_touching_cloth_sizes_its_reach() {
    use cloth_solver::{experiments::torso, library, pose::Pose, scenes::IrregularCape, Cloth, ColliderSet};
    let input = IrregularCape::from_seed(1).input();
    let mut cloth = Cloth::new(&input, library::COTTON.dynamics).unwrap();
    let mut set = ColliderSet::new();
    let id = set.add(torso(1), Pose::IDENTITY).unwrap();
    let frame = |cloth: &mut Cloth, set: &mut ColliderSet, k: usize| {
        let pose = Pose::from_translation([0.0, 0.0, -0.01 * k as f64]);
        cloth.set_anchor_pose(pose).unwrap();
        set.begin_frame();
        set.set_pose(id, pose).unwrap();
        cloth.step_with(set);
    };
    for k in 0..30 {
        frame(&mut cloth, &mut set, k);
    }
    assert!(cloth.contacts() > 0, "the cape rests on the torso");
    let n = cloth.nodes();
    cloth.set_inertia_scales(0, &vec![0.5; n]).unwrap();
    reset();
    counting(true);
    for k in 30..130 {
        frame(&mut cloth, &mut set, k);
    }
    counting(false);
    assert_eq!(allocations(), 0, "allocated while stepping with painted inertia");
    assert!((0..n).all(|i| cloth.position(i).iter().all(|v| v.is_finite())));
}

/// In air: the tables and scratch are sized when the air or the
/// coefficients first make aerodynamics act; a cloth on a moving anchor in a
/// turbulent wind, its air changed every step, allocates nothing after.
#[test]
fn stepping_in_wind_allocates_nothing() {
    use cloth_solver::{pose::Pose, Air, Turbulence};
    let rope = cloth_solver::Cloth::new(&scenes::m0_chain().input(), scenes::w0_dynamics()).expect("seeds");
    for (k, mut cloth) in [scenes::w0_cloth(SeedOptions::default()), rope].into_iter().enumerate() {
        let kernel = Kernel::ALL[k];
        cloth.set_kernel(kernel);
        let air = |t: usize| Air {
            wind: [4.0 + (t % 7) as f64, 0.0, 2.0],
            turbulence: Turbulence { amplitude: 3.0, frequency: 2.0, scale: 0.5, seed: 7 },
            ..Air::default()
        };
        cloth.set_air(air(0)).unwrap();
        cloth.step();
        reset();
        counting(true);
        for t in 1..200 {
            cloth.set_air(air(t)).unwrap();
            cloth.set_anchor_pose(Pose::from_translation([0.02 * t as f64, 0.0, 0.0])).unwrap();
            cloth.step();
        }
        counting(false);
        assert_eq!(allocations(), 0, "{kernel:?} allocated while stepping in wind");
    }
}
