//! M1 and M3 gates (PERFORMANCE.md): the component around the solver core —
//! tethers, leashes, the strain limit, sleep, the anchor frame, the front
//! doors and the pose write-back. Each runs the record's configuration
//! through `cloth_solver::experiments`, the code `cloth-bench` prints.

use cloth_solver::experiments as e;
use cloth_solver::front_door::{self, Parent, Skeleton, TreeInput};
use cloth_solver::lanes::{Points, Sym3, V3};
use cloth_solver::pose::{self, Pose, Quat};
use cloth_solver::scenes::{self, Motion};
use cloth_solver::{distance, leash, library, strain_limit, Cloth, Dynamics, SeedError, TeleportMode, Tuning};

/// §10: the tether makes a low budget viable.
#[test]
fn tether_bound_holds_at_every_budget() {
    for (s, i, bound) in [(1, 1, 1.02), (1, 2, 1.005), (2, 2, 1.003), (2, 4, 1.002)] {
        let worst = e::tether_rig(s, i, true, false);
        assert!(worst <= bound, "{s}×{i}: worst {worst:.4} > {bound}");
        // Without tethers the same rig strays far further (the record's point).
        assert!(e::tether_rig(s, i, false, false) > worst);
    }
}

/// DESIGN §4's clamp rule on the record's leash-sign case (§10): a particle
/// five metres out on a two-metre leash assembles f = (−30, 0, 0); with the
/// reference's backwards clamp `(−∞, 0]` the row would not bind at all.
#[test]
fn leash_pulls_inward() {
    let geo = distance::Geometry::of(V3::<f64>::new(5.0, 0.0, 0.0));
    let (mut f, mut h) = (V3::zero(), Sym3::diagonal(0.0));
    leash::term(&geo, 2.0, 10.0, 0.0, &mut f, &mut h);
    assert_eq!((f.x, f.y, f.z), (-30.0, 0.0, 0.0));
    assert!(h.xx > 0.0);
    // Inside the leash: no force.
    let geo = distance::Geometry::of(V3::<f64>::new(1.5, 0.0, 0.0));
    let (mut f, mut h) = (V3::zero(), Sym3::diagonal(0.0));
    leash::term(&geo, 2.0, 10.0, 0.0, &mut f, &mut h);
    assert_eq!((f.x, h.xx), (0.0, 0.0));
}

/// slack = 1 builds no leash rows (§10: 2·d_geo is provably inert).
#[test]
fn slack_one_builds_no_leash() {
    let rope = scenes::m0_chain().input();
    let c = Cloth::new(&rope, Dynamics { slack: 1.0, ..Dynamics::default() }).unwrap();
    assert_eq!(c.leash_rows(), 0);
    assert!(c.state().leash.is_empty());
    let mut c = Cloth::new(&rope, Dynamics { slack: 0.5, ..Dynamics::default() }).unwrap();
    assert_eq!(c.leash_rows(), 20);
    // slack crossing 1 and back needs no reseed.
    c.set_dynamics(Dynamics { slack: 1.0, ..Dynamics::default() }).unwrap();
    assert_eq!(c.leash_rows(), 0);
}

/// §13: the velocity clamp is 4× the correction authority — 192 / 96 / 288
/// m/s for 10 cm links at 2×4 / 2×2 / 2×6 — and no particle ever leaves a
/// step faster, however hard it was thrown.
#[test]
fn velocity_clamp_is_four_correction_authorities() {
    for ((s, i), expected) in [((2, 4), 192.0), ((2, 2), 96.0), ((2, 6), 288.0)] {
        let d = Dynamics { substeps: s, iterations: i, gravity: [0.0; 3], ..Dynamics::default() };
        let limit = cloth_solver::step::SubstepParams::new(&d, &Tuning::default(), 0.0).velocity_limit_per_length * 0.1;
        assert!((limit - expected).abs() < 1e-9, "{s}×{i}: {limit}");
        let spec =
            scenes::ChainSpec { links: 4, link: 0.1, particle_mass: 0.01, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
        let mut c = Cloth::new(&spec.input(), d).unwrap();
        c.set_velocity(4, [1000.0, 0.0, 0.0]);
        for _ in 0..5 {
            c.step();
            assert!(c.peak_speed() <= expected * (1.0 + 1e-6), "{s}×{i}: {}", c.peak_speed());
        }
    }
}

/// §11 and issue 4 item 7a: the strain limit at stretch = 1 removes the
/// over-stretch (the record's row removed 33–38 %; the gate asks ≥ 25 %), and
/// ours delivers within 2× of its allowance at 2×2 (the record's: 21.6×).
#[test]
fn strain_limit_delivers_its_allowance() {
    let allowance = strain_limit::allowance(1.0);
    for (s, i) in [(2, 2), (2, 4)] {
        let with = e::strain_rope(s, i, 1.0, true);
        let without = e::strain_rope(s, i, 1.0, false);
        let removed = (without - with) / (without - 1.0);
        assert!(removed >= 0.25, "{s}×{i}: removes {:.0} %", 100.0 * removed);
        assert!(
            with - 1.0 <= 2.0 * (allowance - 1.0),
            "{s}×{i}: delivers {:.4} for an allowance of {allowance:.4}",
            with
        );
    }
}

/// The projection visits its rows in waves (`strain_limit::ProjectionOrder`)
/// so that the processor can overlap independent rows; that must be a
/// rescheduling only. On W0's sheet stretched by 60 unlimited frames, two
/// passes in wave order leave exactly the bits two passes in the sorted order
/// leave (a wave order that let two conflicting rows swap fails this).
#[test]
fn strain_projection_waves_keep_the_sorted_orders_bits() {
    let d = Dynamics { strain_limit: false, ..scenes::w0_dynamics() };
    let mut c = Cloth::new(&scenes::w0_sheet().input(), d).unwrap();
    for _ in 0..60 {
        c.step();
    }
    let (m, s) = (c.model(), c.state());
    let sorted = strain_limit::ProjectionOrder::sorted(&m.links, &m.unary.d_geo, &m.inv_mass);
    assert_ne!(sorted.rows, m.strain_order().rows, "the waves reorder the rows");
    let run = |order: &strain_limit::ProjectionOrder| {
        let (mut x, mut moved) = (s.x.clone(), cloth_solver::lanes::Points::zeros(m.slots));
        let allowance = strain_limit::allowance(1.0) as f32;
        let shortened: Vec<usize> = (0..2)
            .map(|_| {
                strain_limit::project::<false>(
                    &m.links,
                    order,
                    &m.inv_mass,
                    &mut x,
                    &mut moved,
                    strain_limit::Cut { allowance, rate: 1.0 },
                    &Points::default(),
                )
            })
            .collect();
        let bits: Vec<u32> = [&x.x, &x.y, &x.z].into_iter().flatten().map(|v| v.to_bits()).collect();
        (shortened, bits)
    };
    let (waves, plain) = (run(m.strain_order()), run(&sorted));
    assert!(waves.0[0] > 100, "the sheet is stretched: {:?} rows shortened", waves.0);
    assert!(waves == plain, "shortened {:?} in waves, {:?} sorted", waves.0, plain.0);
}

/// §12: every library entry sleeps, and in damping order.
#[test]
fn every_library_entry_sleeps_in_damping_order() {
    let mut by_damping: Vec<(f64, usize, &str)> = library::ALL
        .iter()
        .map(|p| {
            (p.dynamics.damping, e::sleep_steps(p, 3000).unwrap_or_else(|| panic!("{} never sleeps", p.name)), p.name)
        })
        .collect();
    by_damping.sort_by(|a, b| a.0.total_cmp(&b.0));
    for w in by_damping.windows(2) {
        assert!(w[1].1 < w[0].1, "more damping should sleep sooner: {by_damping:?}");
    }
}

/// §12's damping table falls monotonically.
#[test]
fn damping_table_falls() {
    let energies: Vec<f64> = [0.0, 0.02, 0.05, 0.12, 0.3, 1.0].iter().map(|&d| e::damping_energy(d)).collect();
    for w in energies.windows(2) {
        assert!(w[1] < w[0], "{energies:?}");
    }
}

/// §13: a 1 km jump teleports; Reset leaves the rope at rest at its animated
/// pose; Keep carries the shape (its first step moves no further than its
/// swing would).
#[test]
fn teleport_reset_and_keep() {
    let reset = e::teleport(TeleportMode::Reset);
    assert_eq!(reset.teleports, 1);
    assert_eq!(reset.peak_speed, 0.0);
    assert!((reset.tip[1] + 1.6).abs() < 0.01, "the reset rope hangs straight down: {:?}", reset.tip);
    let keep = e::teleport(TeleportMode::Keep);
    assert_eq!(keep.teleports, 1);
    assert!(keep.first_step_shift <= keep.pre_peak_speed / 60.0 + 0.01, "{keep:?}");
    assert!(keep.peak_speed > 0.0);
}

/// §13: tip lag is monotone in inertia and exactly zero at zero.
#[test]
fn inertia_is_a_dial() {
    let lags: Vec<f64> = [0.0, 0.25, 0.5, 0.75, 1.0].iter().map(|&i| e::inertia_lag(i)).collect();
    assert_eq!(lags[0], 0.0);
    for w in lags.windows(2) {
        assert!(w[1] > w[0], "{lags:?}");
    }
}

/// §13: a ±9 m/s sprint never teleports, and every entry holds its tether at
/// its own budget.
#[test]
fn sprint_holds_every_entry() {
    for p in library::ALL {
        let l = e::locomotion(&p, Motion::SPRINT);
        assert_eq!(l.teleports, 0, "{}", p.name);
        assert!(l.worst_tether <= 1.005, "{}: worst tether {:.4}", p.name, l.worst_tether);
        // A backstop, not a behaviour (§13's smallest headroom: 5.7×).
        assert!(l.clamp / l.peak > 5.0, "{}: headroom {:.1}", p.name, l.clamp / l.peak);
    }
}

/// Issue 4 item 7b: the fanned cape under a sprint stays within 1.10 of its
/// reach for every fabric (the record: up to 1.46, denim, §26).
#[test]
fn fanned_cape_sprint_tether() {
    for p in library::ALL {
        let (_, worst) = e::fan_cape_run(&p, Motion::SPRINT, false, 900);
        assert!(worst <= 1.10, "{}: {worst:.4}", p.name);
    }
}

/// §25: the tree path and the rig path are the same solver: bit-identical
/// particles over 600 steps, for three fabrics and three motions.
#[test]
fn tree_and_rig_paths_are_bit_identical() {
    for p in [library::SILK, library::DENIM, library::CHAIN] {
        for m in [Motion::Still, Motion::WALK, Motion::SPRINT] {
            let (tree, _) = e::fan_cape_run(&p, m, false, 600);
            let (rig, _) = e::fan_cape_run(&p, m, true, 600);
            let bits = |c: &Cloth| c.positions().iter().flatten().map(|v| v.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&tree), bits(&rig), "{} {m:?}", p.name);
        }
    }
}

/// §12: a sleeping cloth's local pose is bit-identical for 300 steps while its
/// world pose follows the anchor.
#[test]
fn sleeping_pose_is_bit_identical() {
    let spec =
        scenes::ChainSpec { links: 12, link: 0.08, particle_mass: 0.01, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
    let mut c = Cloth::new(&spec.input(), library::ROPE.dynamics).unwrap();
    assert!((0..3000).any(|_| c.step().fell_asleep), "never slept");
    let local = c.positions();
    let mut world = Vec::new();
    for k in 0..300 {
        // A steady glide at the speed it fell asleep at (zero) would not wake
        // it; moving the anchor at inertia 0 would not either — here: rest.
        let report = c.step();
        assert!(report.asleep, "woke at step {k}");
        world.push(c.world_position(12));
    }
    let bits = |v: &Vec<[f32; 3]>| v.iter().flatten().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&local), bits(&c.positions()));
    // It follows a moved anchor in the world while its local pose stays put.
    let mut c2 = c.clone();
    c2.set_dynamics(Dynamics { inertia: 0.0, ..*c.dynamics() }).unwrap(); // a change wakes it…
    let mut still_asleep = c.clone();
    still_asleep.place_anchor(Pose::from_translation([3.0, 0.0, 0.0])).unwrap(); // …a placement does not
    assert!(still_asleep.step().asleep);
    let w = still_asleep.world_position(12);
    assert!((w[0] - (3.0 + world[0][0])).abs() < 1e-6);
    assert!(!c2.step().asleep);
}

/// Sleep ends on a host wake and on anchor motion the inertia would feel.
#[test]
fn wake_on_wake_and_on_motion() {
    let spec =
        scenes::ChainSpec { links: 12, link: 0.08, particle_mass: 0.01, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
    let mut c = Cloth::new(&spec.input(), library::ROPE.dynamics).unwrap();
    assert!((0..3000).any(|_| c.step().fell_asleep));
    let mut woken = c.clone();
    woken.wake();
    assert!(!woken.step().asleep);
    let mut moved = c.clone();
    moved.set_anchor_pose(Pose::from_translation([0.05, 0.0, 0.0])).unwrap(); // 3 m/s
    assert!(!moved.step().asleep);
    let mut tilted = c.clone();
    tilted.set_dynamics(Dynamics { inertia: 0.0, ..*c.dynamics() }).unwrap();
    tilted.step();
    tilted.set_anchor_pose(Pose::new([0.0; 3], Quat::from_axis_angle([0.0, 0.0, 1.0], 0.3))).unwrap();
    assert!(!tilted.step().asleep, "gravity turned in the frame");
}

/// §15 / DESIGN §10: recomposing the hierarchy from the local poses
/// reproduces the world poses to f64 precision, on a moving cape and a sheet.
#[test]
fn local_poses_recompose_to_the_world_pose() {
    let (mut cape, _) = e::fan_cape_run(&library::SILK, Motion::SPRINT, true, 200);
    let n = cape.nodes();
    let (mut world, mut local) = (vec![Pose::IDENTITY; n], vec![Pose::IDENTITY; n]);
    let degenerate = cape.node_poses(&mut world, &mut local).unwrap();
    assert_eq!(degenerate, 0);
    let anchor = cape.anchor_pose();
    let parents = cape.hierarchy().parent.clone();
    let mut worst: f64 = 0.0;
    for node in 0..n {
        let parent_world = parents[node].map_or(anchor, |p| world[p as usize]);
        let recomposed = parent_world.mul(&local[node]);
        worst = worst.max(pose::norm(pose::sub(recomposed.translation, world[node].translation)));
        assert!(recomposed.rotation.dot(world[node].rotation).abs() > 1.0 - 1e-12);
        // The position is the particle's, in the world.
        let p = cape.world_position(node);
        assert!(pose::norm(pose::sub(p, world[node].translation)) < 1e-12);
    }
    assert!(worst <= 1e-12, "recomposition error {worst:e} m");
    // Each rotation turns the node's bind direction to its child onto the simulated one.
    for node in 0..n {
        if let Some(child) = (0..n).find(|&c| parents[c] == Some(node as u32)) {
            let bind = pose::normalized(pose::sub(cape.bind_position(child), cape.bind_position(node))).unwrap();
            let now = pose::normalized(pose::sub(world[child].translation, world[node].translation)).unwrap();
            let turned = world[node].rotation.compose(cape.hierarchy().bind_rotation[node].conj()).rotate(bind);
            assert!(pose::norm(pose::sub(turned, now)) < 1e-9, "node {node}");
        }
    }
}

/// Front-door errors name the offending index and never panic.
#[test]
fn front_doors_reject_bad_input() {
    let cape = scenes::fan_cape(5, 7, 0.085, 0.11);
    let mut several = cape.clone();
    several.parents[7] = Parent::Bone(9);
    assert!(matches!(front_door::tree(&several), Err(SeedError::SeveralAnchors { node: 0, other_node: 7, .. })));
    let mut out = cape.clone();
    out.parents[3] = Parent::Node(99);
    assert_eq!(front_door::tree(&out).unwrap_err(), SeedError::ParentOutOfRange { node: 3, parent: 99 });
    let none = TreeInput {
        parents: vec![Parent::Node(1), Parent::Node(0)],
        positions: vec![[0.0; 3], [0.0, -1.0, 0.0]],
        masses: vec![1.0; 2],
    };
    assert_eq!(front_door::tree(&none).unwrap_err(), SeedError::NoAnchor);
    let mut cycle = cape.clone();
    cycle.parents[2] = Parent::Node(4);
    let (input, _) = front_door::tree(&cycle).unwrap();
    assert!(matches!(Cloth::new(&input, Dynamics::default()), Err(SeedError::Cycle { .. })));
    let mut nan = cape.clone();
    nan.positions[5][1] = f32::NAN;
    let (input, _) = front_door::tree(&nan).unwrap();
    assert_eq!(Cloth::new(&input, Dynamics::default()).unwrap_err(), SeedError::NonFinitePosition { node: 5 });

    let (skeleton, joints) = scenes::fan_cape_rig(&cape, [0.0, 1.4, 0.0]);
    let masses = vec![0.01; joints.len()];
    let mut bad = joints.clone();
    bad[4] = 999;
    assert_eq!(
        front_door::rig(&skeleton, &bad, &masses).unwrap_err(),
        SeedError::JointOutOfRange { node: 4, joint: 999 }
    );
    let mut dup = joints.clone();
    dup[4] = dup[3];
    assert!(matches!(front_door::rig(&skeleton, &dup, &masses), Err(SeedError::DuplicateJoint { node: 4, .. })));
    let mut root = joints.clone();
    root[0] = 0;
    assert!(matches!(front_door::rig(&skeleton, &root, &masses), Err(SeedError::NoParentBone { node: 0, joint: 0 })));
    let mut sk = skeleton.clone();
    sk.local_bind[5].translation[0] = f64::INFINITY;
    assert!(front_door::rig(&sk, &joints, &masses).is_err());
    let _ = Skeleton::default();
}

/// Every dynamics change takes effect without a reseed, between steps.
#[test]
fn dynamics_change_without_reseed() {
    let mut c = Cloth::new(&library_sheet(), library::COTTON.dynamics).unwrap();
    for _ in 0..30 {
        c.step();
    }
    let changes = [
        Dynamics { strain_limit: true, stretch: 0.5, ..library::COTTON.dynamics },
        Dynamics { slack: 0.3, ..library::COTTON.dynamics },
        Dynamics { substeps: 3, iterations: 2, bend: 0.9, ..library::COTTON.dynamics },
        Dynamics { slack: 1.0, strain_limit: false, ..library::COTTON.dynamics },
    ];
    for d in changes {
        c.set_dynamics(d).unwrap();
        for _ in 0..30 {
            assert!(c.step().watchdog.is_none());
        }
    }
    assert!(c.positions().iter().flatten().all(|v| v.is_finite()));
    let tuning = Tuning { strain_mode: strain_limit::StrainLimitMode::Both, ..Tuning::default() };
    c.set_tuning(tuning).unwrap();
    c.set_dynamics(Dynamics { strain_limit: true, ..library::COTTON.dynamics }).unwrap();
    assert!(!c.state().strain.is_empty());
    c.step();
}

fn library_sheet() -> cloth_solver::ClothInput {
    scenes::library_proxy(&library::COTTON)
}
