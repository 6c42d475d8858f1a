//! Determinism is a written rule (DESIGN §3 rule 7, STYLE.md habit 5): the
//! same inputs give bit-identical trajectories, and moving particles to other
//! slots *within* their colour range gives bit-identical trajectories (§7) —
//! the colouring makes particles of one colour independent, and every
//! per-particle list is ordered by caller index, never by storage slot.

use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{scenes, Cloth, ColliderSet, Dynamics, Kernel, SeedOptions, Shape, Tuning};

fn run(options: SeedOptions, kernel: Kernel, steps: usize) -> Vec<[u32; 6]> {
    let mut c = scenes::w0_cloth(options);
    c.set_kernel(kernel);
    for _ in 0..steps {
        c.step();
    }
    (0..c.nodes())
        .map(|n| {
            let (x, v) = (c.position(n), c.velocity(n));
            [x[0], x[1], x[2], v[0], v[1], v[2]].map(f32::to_bits)
        })
        .collect()
}

#[test]
fn two_runs_are_bit_identical() {
    for kernel in Kernel::ALL {
        assert_eq!(run(SeedOptions::m0(), kernel, 200), run(SeedOptions::m0(), kernel, 200), "{kernel:?}");
    }
}

#[test]
fn shuffling_within_colours_is_bit_identical() {
    for kernel in Kernel::ALL {
        let reference = run(SeedOptions::m0(), kernel, 200);
        for seed in [1, 2, 3] {
            let shuffled = run(SeedOptions { shuffle_within_colours: Some(seed), ..SeedOptions::m0() }, kernel, 200);
            assert_eq!(reference, shuffled, "{kernel:?}, shuffle seed {seed}");
        }
    }
}

/// The same on a curved garment: its bend rows' rest forces are summed
/// hinge by hinge, never slot by slot (`bend::CurvedHinges::targets`).
#[test]
fn shuffling_a_curved_skirt_within_colours_is_bit_identical() {
    let input = cloth_solver::experiments::GarmentCase::Skirt(1).input(&cloth_solver::library::COTTON);
    let run = |options: SeedOptions, kernel: Kernel| {
        let d = cloth_solver::library::COTTON.dynamics;
        let mut c = Cloth::with_options(&input, d, Tuning { sleep: false, ..Tuning::default() }, options).unwrap();
        assert!(!c.model().bend_rest.is_empty());
        c.set_kernel(kernel);
        for k in 0..120 {
            let t = k as f64 / 60.0;
            c.set_anchor_pose(Pose::new([0.3 * t, 0.0, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], 0.8 * t))).unwrap();
            c.step();
        }
        (0..c.nodes()).map(|n| c.position(n).map(f32::to_bits)).collect::<Vec<_>>()
    };
    for kernel in [Kernel::Wide, Kernel::Scalar] {
        let reference = run(SeedOptions::default(), kernel);
        for seed in [1, 2] {
            let shuffled = run(SeedOptions { shuffle_within_colours: Some(seed), ..SeedOptions::default() }, kernel);
            assert_eq!(reference, shuffled, "{kernel:?}, shuffle seed {seed}");
        }
    }
}

/// The shuffle really moves particles (or the test above proves nothing).
#[test]
fn the_shuffle_moves_particles() {
    let a = scenes::w0_cloth(SeedOptions::m0());
    let options = SeedOptions { shuffle_within_colours: Some(1), ..SeedOptions::m0() };
    let b = scenes::w0_cloth(options);
    let moved = (0..a.nodes()).filter(|&n| a.model().slot_of_node[n] != b.model().slot_of_node[n]).count();
    assert!(moved > 900, "only {moved} particles moved");
    // … and every particle stays in its own colour.
    assert_eq!(
        a.colour_members()
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c.sort();
                c
            })
            .collect::<Vec<_>>(),
        b.colour_members()
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c.sort();
                c
            })
            .collect::<Vec<_>>()
    );
}

/// W0 with its four contact slots a particle and self-collision sized,
/// everything counted, the packed copy of the positions the AMD sweep reads
/// (16 bytes a slot) included: at most 600 KiB (PERFORMANCE.md; record 622
/// KiB, §33; `MEASUREMENTS.md`, "Memory — issue 22 item 4" and "A contact
/// slot in 32 bytes").
#[test]
fn w0_with_contact_slots_and_self_collision_fits_600_kib() {
    let mut c = scenes::w0_cloth(SeedOptions::m0());
    c.set_dynamics(Dynamics { self_collision: true, ..*c.dynamics() }).expect("valid");
    let mut set = ColliderSet::new();
    set.add(Shape::plane(), Pose::new([0.0, -100.0, 0.0], Quat::IDENTITY)).expect("a plane");
    c.step_with(&set);
    let m = c.memory();
    assert!(m.contacts > 0 && m.self_collision > 0, "both sized: {m:?}");
    assert_eq!(c.state().packed.len(), 1024, "W0's packed copy: one entry a slot");
    assert!(m.total() <= 600 * 1024, "W0 with everything is {:.1} KiB: {m:?}", m.total() as f64 / 1024.0);
}

/// W0 is the record's workload exactly: 2,945 stretch rows, 2,821 bend rows,
/// 4 colours, 16.8 incidences per particle (§7, §8).
#[test]
fn w0_has_the_record_counts() {
    let c = scenes::w0_cloth(SeedOptions::m0());
    let m = c.model();
    assert_eq!(m.nodes, 1024);
    assert_eq!(m.links.stretch_count(), 2945);
    assert_eq!(m.bend.count(), 2821);
    assert_eq!(m.colours.len(), 4);
    assert!((m.incidences_per_particle() - 16.8).abs() < 0.05);
    // PERFORMANCE.md: particles + rows + colouring ≤ 400 KiB (record 370.4 KiB, §7).
    let bytes = c.memory().total();
    assert!(bytes <= 400 * 1024, "W0 state is {:.1} KiB", bytes as f64 / 1024.0);
    // No particle shares a row (stretch or bend stencil) with another of its
    // colour. Incidence entries pointing a lane at itself are padding.
    let colour_of = |slot: usize| m.colours.iter().position(|c| c.contains(&slot));
    let nb = &m.neighbours;
    for b in 0..m.swept / 8 {
        let (first, _, depth, _) = nb.block(b);
        for s in 0..depth {
            for lane in 0..8 {
                let (me, other) = (b * 8 + lane, nb.other[(first + s) * 8 + lane] as usize);
                if other != me {
                    assert_ne!(colour_of(other), colour_of(me), "slot {me} and {other} share a colour");
                }
            }
        }
    }
}

/// Greedy colouring of chains (§14): with skip rows (to the grandparent, the
/// product) a chain takes 3 colours; the M0 chain (links only) takes 2.
#[test]
fn chains_colour_into_three_with_skip_rows() {
    let chain = scenes::m0_chain().input();
    let product = Cloth::new(&chain, cloth_solver::Dynamics::default()).unwrap();
    assert_eq!(product.model().colours.len(), 3);
    assert_eq!(product.model().links.skip_count(), 19);
    let m0 =
        Cloth::with_options(&chain, cloth_solver::Dynamics::default(), Tuning::default(), SeedOptions::m0()).unwrap();
    assert_eq!(m0.model().colours.len(), 2);
}
