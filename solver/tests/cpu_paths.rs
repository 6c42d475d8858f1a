//! One library for every x86-64 CPU (issue 17): [`Kernel::Wide`] runs an AVX2
//! instantiation of the step where the CPU runs AVX2 and a baseline one
//! elsewhere (`lanes.rs`, "Instruction sets"). Both are the same IEEE
//! operations lane for lane, so the stated tolerance is **zero**: every scene
//! below runs on both paths on this machine and compares positions and
//! velocities bit for bit after every step, and with the scalar oracle at the
//! end. The scenes reach every generic kernel — stretch and bend rows, the
//! strain limit's multipliers and projection, tethers and leashes, a moving
//! anchor's frame shift, collider contacts and self-collision.
//!
//! On a CPU without AVX2 the AVX2 path cannot run: the comparison is skipped
//! with a message, and forcing that path must fall back to the baseline.

use cloth_solver::experiments as e;
use cloth_solver::lanes::{self, CpuPath};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{scenes, Cloth, ColliderSet, Dynamics, Kernel, SeedOptions, Tuning};

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
        Scene {
            name: "W1 on a walking, turning anchor",
            steps: 240,
            make: w1,
            colliders: None,
            drive: |c, k| {
                let t = k as f64 / 60.0;
                let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], 0.6 * (1.7 * t).sin());
                c.set_anchor_pose(Pose::new([1.5 * t, 0.2 * (3.0 * t).sin(), 0.0], turn)).unwrap();
            },
        },
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
        if let Some(k) = (0..scene.steps).find(|&k| baseline[k] != avx2[k]) {
            panic!("{}: the paths differ from step {}", scene.name, k + 1);
        }
        let scalar = run(&scene, None, Kernel::Scalar);
        assert_eq!(scalar.last(), avx2.last(), "{}: the AVX2 path differs from the scalar oracle", scene.name);
        println!("{}: {} steps, the same bits on both paths and the scalar oracle", scene.name, scene.steps);
    }
}

/// A path is only ever taken where the CPU runs it.
#[test]
fn a_forced_path_the_cpu_cannot_run_falls_back_to_the_baseline() {
    assert_eq!(CpuPath::resolve(Some(CpuPath::Baseline)), CpuPath::Baseline);
    let avx2 = if lanes::cpu_runs_avx2() { CpuPath::Avx2 } else { CpuPath::Baseline };
    assert_eq!(CpuPath::resolve(Some(CpuPath::Avx2)), avx2);
    // The default is the best path the CPU runs, unless the environment says baseline.
    let forced = std::env::var_os(lanes::CPU_PATH_VARIABLE).is_some_and(|v| v == "baseline");
    assert_eq!(CpuPath::resolve(None), if forced { CpuPath::Baseline } else { avx2 });
    assert!(lanes::cpu_supports_build(), "the default build runs on the CPU that built it");
}
