//! One library for every x86-64 CPU (issue 17): [`Kernel::Wide`] runs an AVX2
//! instantiation of the step where the CPU runs AVX2 and a baseline one
//! elsewhere (`lanes.rs`, "Instruction sets"). Both are the same IEEE
//! operations lane for lane, so the stated tolerance is **zero**: every scene
//! below runs on both paths on this machine and compares positions and
//! velocities bit for bit after every step, and with the scalar oracle at the
//! end. The scenes reach every generic kernel — stretch and bend rows, the
//! strain limit's multipliers and projection, tethers and leashes, a moving
//! anchor's frame shift, collider contacts and self-collision — and the step
//! around them: a free cloth's exact translation and its mean velocity (a
//! sheet with no pin, on a still and then a moving anchor, damped), and the
//! strain limit's floors, projection and settle on moving anchors (a rope on
//! one pin, where only farther ends move and the inelastic cut runs, and a
//! sheet on two corners, where both ends of a row move), an artist's cape
//! (an irregular mesh pinned along its neckline), and the air's pass (a
//! sheet in a turbulent wind).
//!
//! The AVX2 path exists twice — neighbours gathered from the columns
//! (`CpuPath::Avx2`) and read from a packed copy (`CpuPath::Avx2Packed`) —
//! and both are compared.
//!
//! On a CPU without AVX2 the AVX2 path cannot run: the comparison is skipped
//! with a message, and forcing that path must fall back to the baseline.

use cloth_solver::experiments as e;
use cloth_solver::lanes::{self, CpuPath};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, scenes, Cloth, ColliderSet, Dynamics, Kernel, SeedOptions, Tuning};

/// A scene: a cloth on a path and kernel, and what drives it before step `k`.
struct Scene {
    name: &'static str,
    steps: usize,
    make: fn(Tuning) -> Cloth,
    colliders: Option<ColliderSet>,
    drive: fn(&mut Cloth, usize),
}

fn bits(c: &Cloth) -> Vec<u32> {
    (0..c.nodes()).flat_map(|n| c.position(n).into_iter().chain(c.velocity(n))).map(f32::to_bits).collect()
}

fn w1(t: Tuning) -> Cloth {
    let d = Dynamics { strain_limit: true, stretch: 1.0, slack: 0.7, ..scenes::w0_dynamics() };
    let options = SeedOptions { tethers: true, ..SeedOptions::m0() };
    Cloth::with_options(&scenes::w0_sheet().input(), d, Tuning { sleep: false, ..t }, options).expect("W1 seeds")
}

/// An anchor walking along +X, bobbing and turning about +Y, from step `k`.
fn walk_and_turn(c: &mut Cloth, k: usize) {
    let t = k as f64 / 60.0;
    let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], 0.6 * (1.7 * t).sin());
    c.set_anchor_pose(Pose::new([1.5 * t, 0.2 * (3.0 * t).sin(), 0.0], turn)).unwrap();
}

/// W0's sheet with no pin: a free cloth (damped, so the relative damping acts).
fn free_sheet(t: Tuning) -> Cloth {
    let input = scenes::SheetSpec { fixed: scenes::no_pins, ..scenes::w0_sheet() }.input();
    let d = Dynamics { damping: 0.22, ..scenes::w0_dynamics() };
    let c =
        Cloth::with_options(&input, d, Tuning { sleep: false, ..t }, SeedOptions::m0()).expect("a free sheet seeds");
    assert_eq!(c.model().swept, c.model().slots, "the free sheet has no fixed particle");
    c
}

/// A library preset on one of its garment cases, strain-limited.
fn garment(preset: &library::Preset, case: e::GarmentCase, t: Tuning) -> Cloth {
    assert!(preset.dynamics.strain_limit, "{} is strain-limited", preset.name);
    let t = Tuning { sleep: false, ..t };
    Cloth::with_options(&case.input(preset), preset.dynamics, t, SeedOptions::default()).expect("the garment seeds")
}

fn scenes() -> Vec<Scene> {
    let still = |_: &mut Cloth, _: usize| {};
    vec![
        Scene {
            name: "W0",
            steps: 300,
            make: |t| {
                Cloth::with_options(&scenes::w0_sheet().input(), scenes::w0_dynamics(), t, SeedOptions::m0()).unwrap()
            },
            colliders: None,
            drive: still,
        },
        Scene { name: "W1 on a walking, turning anchor", steps: 240, make: w1, colliders: None, drive: walk_and_turn },
        Scene {
            name: "W1 against 20 colliders",
            steps: 200,
            make: w1,
            colliders: Some(scenes::w3_colliders(20, true)),
            drive: still,
        },
        Scene {
            name: "the folding sheet, self-collision with stencils",
            steps: 240,
            make: |t| {
                let t = Tuning { self_stencils: true, ..t };
                Cloth::with_options(
                    &scenes::folding_sheet().input(),
                    e::folding_dynamics(true),
                    t,
                    SeedOptions::default(),
                )
                .unwrap()
            },
            colliders: None,
            drive: |c, k| {
                let d = e::folding_dynamics(true);
                let gust = scenes::Gust::new(1, e::FOLDING_GUST);
                c.set_dynamics(Dynamics { gravity: gust.gravity(k, d.dt), ..d }).unwrap();
            },
        },
        Scene {
            name: "a free sheet (no pin), falling on a still anchor, then a walking, turning one",
            steps: 240,
            make: free_sheet,
            colliders: None,
            drive: |c, k| {
                if k >= 120 {
                    walk_and_turn(c, k - 120);
                }
            },
        },
        Scene {
            name: "the rope on one pin (strain-limited: a hanging tree, the cut) swinging on its anchor",
            steps: 240,
            make: |t| {
                let input = scenes::library_proxy(&library::ROPE);
                let c = Cloth::with_options(
                    &input,
                    library::ROPE.dynamics,
                    Tuning { sleep: false, ..t },
                    SeedOptions::default(),
                )
                .expect("the rope seeds");
                assert!(
                    c.model().strain_order().moves.iter().any(|&m| m != 0),
                    "the rope's projection moves farther ends"
                );
                c
            },
            colliders: None,
            drive: |c, k| {
                let t = k as f64 / 60.0;
                let swing = Quat::from_axis_angle([0.0, 0.0, 1.0], 0.5 * (2.0 * t).sin());
                c.set_anchor_pose(Pose::new([0.6 * (2.5 * t).sin(), 0.0, 0.0], swing)).unwrap();
            },
        },
        Scene {
            name: "denim on two corners (strain-limited: both ends move) on a walking, turning anchor",
            steps: 240,
            make: |t| garment(&library::DENIM, e::GarmentCase::Corners, t),
            colliders: None,
            drive: walk_and_turn,
        },
        Scene {
            name: "an irregular denim cape (jittered, 15 neckline pins, tethers, strain-limited; \
                   its fixed slots do not fill a block) on a walking, turning anchor",
            steps: 240,
            make: |t| {
                let c = garment(&library::DENIM, e::GarmentCase::Cape(1), t);
                // The packed copy's tail, written slot by slot, is read here.
                assert_ne!(c.state().x.x.len() % 8, 0, "the cape's slots fill whole blocks");
                assert!(c.model().unary.tethered > 0, "the cape has tethers");
                c
            },
            colliders: None,
            drive: walk_and_turn,
        },
        Scene {
            name: "a denim skirt (curved bend rest) on a walking, turning anchor",
            steps: 240,
            make: |t| garment(&library::DENIM, e::GarmentCase::Skirt(1), t),
            colliders: None,
            drive: walk_and_turn,
        },
        Scene {
            name: "W1 in a turbulent wind (aerodynamics) on a walking, turning anchor",
            steps: 240,
            make: |t| {
                let mut c = w1(t);
                c.set_air(cloth_solver::Air {
                    wind: [6.0, 0.0, 3.0],
                    turbulence: cloth_solver::Turbulence { amplitude: 3.0, frequency: 2.0, scale: 0.5, seed: 18 },
                    ..cloth_solver::Air::default()
                })
                .unwrap();
                c
            },
            colliders: None,
            drive: walk_and_turn,
        },
    ]
}

fn run(scene: &Scene, path: Option<CpuPath>, kernel: Kernel) -> Vec<Vec<u32>> {
    let mut c = (scene.make)(Tuning { cpu_path: path, ..Tuning::default() });
    c.set_kernel(kernel);
    (0..scene.steps)
        .map(|k| {
            (scene.drive)(&mut c, k);
            match &scene.colliders {
                Some(set) => c.step_with(set),
                None => c.step(),
            };
            bits(&c)
        })
        .collect()
}

#[test]
fn baseline_and_avx2_paths_give_the_same_bits_every_step() {
    if !lanes::cpu_runs_avx2() {
        println!("this CPU does not run AVX2: only the baseline path exists here; comparison skipped");
        return;
    }
    for scene in scenes() {
        let baseline = run(&scene, Some(CpuPath::Baseline), Kernel::Wide);
        let avx2 = run(&scene, Some(CpuPath::Avx2), Kernel::Wide);
        let packed = run(&scene, Some(CpuPath::Avx2Packed), Kernel::Wide);
        for (name, other) in [("avx2", &avx2), ("avx2-packed", &packed)] {
            if let Some(k) = (0..scene.steps).find(|&k| baseline[k] != other[k]) {
                panic!("{}: {name} differs from the baseline from step {}", scene.name, k + 1);
            }
        }
        let scalar = run(&scene, None, Kernel::Scalar);
        assert_eq!(scalar.last(), avx2.last(), "{}: the AVX2 path differs from the scalar oracle", scene.name);
        println!("{}: {} steps, the same bits on the three paths and the scalar oracle", scene.name, scene.steps);
    }
}

/// A path is only ever taken where the CPU runs it.
#[test]
fn a_forced_path_the_cpu_cannot_run_falls_back_to_the_baseline() {
    assert_eq!(CpuPath::resolve(Some(CpuPath::Baseline)), CpuPath::Baseline);
    let runs = lanes::cpu_runs_avx2();
    for path in [CpuPath::Avx2, CpuPath::Avx2Packed] {
        assert_eq!(CpuPath::resolve(Some(path)), if runs { path } else { CpuPath::Baseline });
    }
    // The default is an AVX2 path where the CPU runs one (which of the two
    // depends on the vendor), unless the environment forces another.
    let default = CpuPath::resolve(None);
    match std::env::var_os(lanes::CPU_PATH_VARIABLE) {
        Some(v) if v == "baseline" => assert_eq!(default, CpuPath::Baseline),
        Some(v) if runs && v == "avx2" => assert_eq!(default, CpuPath::Avx2),
        Some(v) if runs && v == "avx2-packed" => assert_eq!(default, CpuPath::Avx2Packed),
        _ => assert_eq!(default != CpuPath::Baseline, runs, "{default:?}"),
    }
    assert!(lanes::cpu_supports_build(), "the default build runs on the CPU that built it");
}
