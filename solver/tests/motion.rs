//! Painted motion constraints (issue 18 item 2): a max distance no node ever
//! strays past, a backstop no node ever enters, over a sprint, a stop, a
//! turn and a teleport, on irregular capes; a zero max distance is a fixed
//! node; bad paint is refused by node.

use cloth_solver::motion::{self, Backstop};
use cloth_solver::pose::{self, Pose, Quat, Vec3};
use cloth_solver::scenes::{IrregularCape, Motion};
use cloth_solver::{library, Cloth, ClothInput, Dynamics, ParamError, TeleportMode};

/// The anchor's pose at step `k`: a sprint along `axis` (9 m/s square wave),
/// a turn about Y that sweeps ±1 rad, and at step 300 a jump of 50 m.
fn script(k: usize, dt: f64, axis: Vec3) -> Pose {
    let along = Motion::SPRINT.x(k as f64 * dt);
    let mut at = pose::scale(axis, along);
    if k >= 300 {
        at = pose::add(at, [50.0, 0.0, 0.0]);
    }
    let turn = (k as f64 * dt * 1.7).sin();
    Pose::new(at, Quat::from_axis_angle([0.0, 1.0, 0.0], turn))
}

/// Unit normal per node of the mesh at `x` (area-weighted triangle normals,
/// the surface's own rule), zero for nodes in no triangle.
fn normals(input: &ClothInput, x: &[Vec3]) -> Vec<Vec3> {
    let mut n = vec![[0.0; 3]; x.len()];
    for t in &input.triangles {
        let p = t.map(|c| x[c as usize]);
        let c = pose::cross(pose::sub(p[1], p[0]), pose::sub(p[2], p[0]));
        for &k in t {
            n[k as usize] = pose::add(n[k as usize], c);
        }
    }
    n.into_iter().map(|v| pose::normalized(v).unwrap_or([0.0; 3])).collect()
}

/// A wrapped cape whose triangles are wound so the normals point away from
/// the body (the Y axis), as an exporter writes a garment's outside.
fn outward_cape(seed: u64) -> ClothInput {
    let mut input = IrregularCape::from_seed(seed).input();
    let x: Vec<Vec3> = input.positions.iter().map(|p| p.map(f64::from)).collect();
    let t = input.triangles[input.triangles.len() / 2];
    let c = pose::scale(pose::add(pose::add(x[t[0] as usize], x[t[1] as usize]), x[t[2] as usize]), 1.0 / 3.0);
    let n = pose::cross(pose::sub(x[t[1] as usize], x[t[0] as usize]), pose::sub(x[t[2] as usize], x[t[0] as usize]));
    if pose::dot(n, [c[0], 0.0, c[2]]) < 0.0 {
        input.triangles.iter_mut().for_each(|t| t.swap(1, 2));
    }
    input
}

/// Max distance per node: 1 cm at the neckline growing 0.2 m per metre down.
fn painted(input: &ClothInput) -> Vec<f32> {
    input.positions.iter().map(|p| 0.01 + 0.2 * (-p[1]).max(0.0)).collect()
}

/// Largest `‖x − p‖ − r` over the free nodes (p: the bind pose, which is
/// the animated pose here), and how many nodes sit within 1 mm of their
/// bound.
fn max_distance_excess(c: &Cloth, r: &[f32]) -> (f64, usize) {
    let mut worst = f64::NEG_INFINITY;
    let mut at_bound = 0;
    for (n, &r) in r.iter().enumerate() {
        if c.node_mass(n) == 0.0 {
            continue;
        }
        let d = pose::norm(pose::sub(c.position(n).map(f64::from), c.bind_position(n)));
        worst = worst.max(d - r as f64);
        at_bound += (d > r as f64 - 1e-3) as usize;
    }
    (worst, at_bound)
}

/// Over the sprint, turn and teleport script (teleports both reset and
/// carried), for three presets on two capes, no free node strays past its
/// max distance by more than 0.1 mm at any step — and the bound is met, not
/// idle: nodes sit on it, and without the paint the same script takes them
/// far past it.
#[test]
fn no_node_strays_past_its_max_distance() {
    for seed in [0, 1] {
        let input = outward_cape(seed);
        let r = painted(&input);
        for preset in [library::SILK, library::DENIM, library::LEATHER] {
            for teleport in [TeleportMode::Reset, TeleportMode::Keep] {
                let d = Dynamics { teleport, ..preset.dynamics };
                let (mut free, mut held) = (Cloth::new(&input, d).unwrap(), Cloth::new(&input, d).unwrap());
                held.set_max_distances(0, &r).unwrap();
                let (mut worst, mut touching, mut unheld) = (f64::NEG_INFINITY, 0, f64::NEG_INFINITY);
                for k in 1..=480 {
                    let pose = script(k, d.dt, [1.0, 0.0, 0.0]);
                    for c in [&mut free, &mut held] {
                        c.set_anchor_pose(pose).unwrap();
                        assert!(c.step().watchdog.is_none());
                    }
                    let (excess, at_bound) = max_distance_excess(&held, &r);
                    worst = worst.max(excess);
                    touching = touching.max(at_bound);
                    unheld = unheld.max(max_distance_excess(&free, &r).0);
                }
                let what = format!("cape {seed}, {}, {teleport:?}", preset.name);
                eprintln!("{what}: worst {worst:.2e} m, {touching} nodes on the bound, unpainted {unheld:.3} m past");
                assert!(worst <= 1e-4, "{what}: a node {worst} m past its max distance");
                assert!(touching >= 20, "{what}: only {touching} nodes reach their bound");
                assert!(unheld > 0.05, "{what}: unpainted, the script strays only {unheld} m past the paint");
            }
        }
    }
}

/// The bound follows the animated pose: with the free nodes' animated
/// positions swaying 5 cm, each node stays within its max distance of
/// where the host animates it.
#[test]
fn the_bound_follows_the_animated_pose() {
    let input = outward_cape(2);
    let r = painted(&input);
    let mut c = Cloth::new(&input, library::COTTON.dynamics).unwrap();
    c.set_max_distances(0, &r).unwrap();
    let dt = c.dynamics().dt;
    let mut worst = f64::NEG_INFINITY;
    for k in 1..=300 {
        let sway = 0.05 * (k as f64 * dt * 3.0).sin();
        let animated: Vec<[f32; 3]> =
            (0..c.nodes()).map(|n| pose::add(c.bind_position(n), [sway, 0.0, 0.0]).map(|v| v as f32)).collect();
        for (n, &p) in animated.iter().enumerate() {
            c.set_animated_position(n, p).unwrap();
        }
        c.set_anchor_pose(script(k, dt, [0.0, 0.0, 1.0])).unwrap();
        c.step();
        for n in (0..c.nodes()).filter(|&n| !input.fixed[n]) {
            let p = animated[n].map(f64::from);
            let d = pose::norm(pose::sub(c.position(n).map(f64::from), p));
            worst = worst.max(d - r[n] as f64);
        }
    }
    eprintln!("swaying: worst {worst:.2e} m");
    assert!(worst <= 1e-4, "a node {worst} m past its max distance from its animated position");
}

/// A zero max distance painted before seeding is a fixed node, bit for bit:
/// the cape whose neckline is fixed and the cape whose neckline is painted
/// 0 (the rest painted past any reach) step the same positions.
#[test]
fn zero_max_distance_is_a_fixed_node() {
    let pinned = IrregularCape::from_seed(4).input();
    let paint: Vec<f32> = pinned.fixed.iter().map(|&f| if f { 0.0 } else { 100.0 }).collect();
    let mut input = pinned.clone();
    input.fixed.iter_mut().for_each(|f| *f = false);
    motion::fix_zero_max_distances(&mut input.fixed, &paint).unwrap();
    assert_eq!(input, pinned);
    let mut a = Cloth::new(&pinned, library::DENIM.dynamics).unwrap();
    let mut b = Cloth::new(&input, library::DENIM.dynamics).unwrap();
    b.set_max_distances(0, &paint).unwrap();
    for k in 1..=240 {
        let pose = script(k, a.dynamics().dt, [1.0, 0.0, 0.0]);
        a.set_anchor_pose(pose).unwrap();
        b.set_anchor_pose(pose).unwrap();
        a.step();
        b.step();
    }
    let bits = |c: &Cloth| c.positions().iter().flatten().map(|v| v.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&a), bits(&b));
}

/// A free node painted 0 at run time sits exactly on its animated position
/// after every step.
#[test]
fn zero_max_distance_at_run_time_holds_a_node_on_its_pose() {
    let input = IrregularCape::from_seed(5).input();
    let mut c = Cloth::new(&input, library::SILK.dynamics).unwrap();
    let hem: Vec<usize> = (0..c.nodes()).filter(|&n| input.positions[n][1] < -0.69).collect();
    assert!(hem.len() > 5);
    for &n in &hem {
        c.set_max_distances(n, &[0.0]).unwrap();
    }
    for k in 1..=240 {
        c.set_anchor_pose(script(k, c.dynamics().dt, [1.0, 0.0, 0.0])).unwrap();
        c.step();
        for &n in &hem {
            assert_eq!(c.position(n), input.positions[n], "node {n} at step {k}");
        }
    }
}

/// The backstop: every node's distance to the centre of its sphere, which
/// sits `D + R` behind the animated position along the animated normal.
fn backstop_depth(c: &Cloth, input: &ClothInput, b: Backstop) -> f64 {
    let bind: Vec<Vec3> = (0..c.nodes()).map(|n| c.bind_position(n)).collect();
    let n = normals(input, &bind);
    (0..c.nodes())
        .filter(|&k| !input.fixed[k])
        .map(|k| {
            let centre = pose::sub(bind[k], pose::scale(n[k], (b.distance + b.radius) as f64));
            b.radius as f64 - pose::norm(pose::sub(c.position(k).map(f64::from), centre))
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// A flared cape falls in onto the body; a sprint backwards and forwards
/// presses it on and lifts it off. With a backstop of 0.4 m radius 5 mm
/// behind the animated surface, no free node ever enters its sphere by
/// more than 0.1 mm, for two capes and three presets, with and without a
/// max distance too — while without the backstop the same script takes
/// nodes centimetres inside.
#[test]
fn no_node_enters_its_backstop() {
    let b = Backstop { distance: 0.005, radius: 0.4 };
    for seed in [1, 2] {
        let input = outward_cape(seed);
        let r = painted(&input);
        for preset in [library::SILK, library::COTTON, library::LEATHER] {
            let d = preset.dynamics;
            let mut free = Cloth::new(&input, d).unwrap();
            let mut stopped = Cloth::new(&input, d).unwrap();
            let mut both = Cloth::new(&input, d).unwrap();
            stopped.set_backstops(0, &vec![b; input.positions.len()]).unwrap();
            both.set_backstops(0, &vec![b; input.positions.len()]).unwrap();
            both.set_max_distances(0, &r).unwrap();
            let (mut deepest, mut inside, mut past) = (f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
            for k in 1..=480 {
                let pose = script(k, d.dt, [0.0, 0.0, 1.0]);
                for c in [&mut free, &mut stopped, &mut both] {
                    c.set_anchor_pose(pose).unwrap();
                    assert!(c.step().watchdog.is_none());
                }
                deepest = deepest.max(backstop_depth(&stopped, &input, b).max(backstop_depth(&both, &input, b)));
                inside = inside.max(backstop_depth(&free, &input, b));
                past = past.max(max_distance_excess(&both, &r).0);
            }
            let what = format!("cape {seed}, {}", preset.name);
            eprintln!("{what}: deepest {deepest:.2e} m, past {past:.2e} m, unbacked {inside:.3} m in");
            assert!(deepest <= 1e-4, "{what}: a node {deepest} m inside its backstop");
            assert!(past <= 1e-4, "{what}: with both, a node {past} m past its max distance");
            assert!(inside > 0.01, "{what}: without the backstop the deepest node is only {inside} m in");
        }
    }
}

/// Bad paint names its node and changes nothing: NaN, ∞, a negative value,
/// a range past the cloth, a backstop on a node in no triangle.
#[test]
fn bad_paint_is_refused_by_node() {
    let input = IrregularCape::from_seed(0).input();
    let mut c = Cloth::new(&input, library::DENIM.dynamics).unwrap();
    let n = c.nodes();
    for (at, bad) in [(7, f32::NAN), (9, f32::INFINITY), (3, -0.01)] {
        let mut r = vec![0.1; n];
        r[at] = bad;
        match c.set_max_distances(0, &r) {
            Err(ParamError::Node { node, .. }) => assert_eq!(node, at),
            other => panic!("{bad}: {other:?}"),
        }
        let mut b = vec![Backstop { distance: 0.0, radius: 0.1 }; n];
        b[at].distance = bad;
        assert!(matches!(c.set_backstops(0, &b), Err(ParamError::Node { node, .. }) if node == at));
    }
    assert!(c.set_max_distances(n - 2, &[0.1; 3]).is_err());
    assert!((0..n).all(|k| c.max_distance(k).is_none() && c.backstop(k).is_none()), "a refused call painted");
    // A rope has no surface normal to put a backstop behind.
    let rope = ClothInput {
        positions: (0..5).map(|k| [0.0, -0.1 * k as f32, 0.0]).collect(),
        masses: vec![0.01; 5],
        fixed: (0..5).map(|k| k == 0).collect(),
        parents: (0..5).map(|k| (k > 0).then(|| k as u32 - 1)).collect(),
        ..ClothInput::default()
    };
    let mut rope = Cloth::new(&rope, library::ROPE.dynamics).unwrap();
    let e = rope.set_backstops(2, &[Backstop { distance: 0.0, radius: 0.1 }]).unwrap_err();
    assert!(matches!(e, ParamError::Node { node: 2, .. }), "{e}");
    rope.set_backstops(2, &[Backstop { distance: 0.1, radius: 0.0 }]).expect("radius 0 is no backstop");
    // A rope takes a max distance like any node.
    rope.set_max_distances(1, &[0.0, 0.05, 0.05, 0.05]).unwrap();
    for _ in 0..60 {
        rope.set_anchor_pose(Pose::from_translation([0.3, 0.0, 0.0])).unwrap();
        rope.step();
    }
    assert_eq!(rope.position(1), [0.0, -0.1, 0.0]);
}

/// The cape's bind pose turned 0.6 rad about X through its neckline (fixed
/// nodes too): a pose its rows rest in.
fn lifted(c: &Cloth) -> Vec<[f32; 3]> {
    let turn = Quat::from_axis_angle([1.0, 0.0, 0.0], 0.6);
    (0..c.nodes()).map(|n| turn.rotate(c.bind_position(n)).map(|v| v as f32)).collect()
}

/// Mean distance of the free nodes from `target`.
fn mean_gap(c: &Cloth, input: &ClothInput, target: &[[f32; 3]]) -> f64 {
    let free: Vec<usize> = (0..c.nodes()).filter(|&n| !input.fixed[n]).collect();
    let gap = |n: usize| pose::norm(pose::sub(c.position(n).map(f64::from), target[n].map(f64::from)));
    free.iter().map(|&n| gap(n)).sum::<f64>() / free.len() as f64
}

/// Anim drive at strength 1 makes the cloth converge to its animated pose —
/// a cape lifted 0.6 rad against gravity — for three presets: every free
/// node within 1 mm of it after a second (COTTON's in a 10 m/s wind); at
/// strength 0.9 (a tenth of the
/// gap left after a second) the cape hangs between that pose and where it
/// falls undriven.
#[test]
fn anim_drive_converges_to_the_animated_pose() {
    let input = outward_cape(3);
    for preset in [library::SILK, library::COTTON, library::LEATHER] {
        let mut cloths: Vec<Cloth> = (0..3).map(|_| Cloth::new(&input, preset.dynamics).unwrap()).collect();
        let target = lifted(&cloths[0]);
        let n = target.len();
        for c in cloths.iter_mut() {
            for (node, &p) in target.iter().enumerate() {
                c.set_animated_position(node, p).unwrap();
            }
        }
        cloths[0].set_anim_drive(0, &vec![1.0; n]).unwrap();
        // In a 10 m/s wind too: the drive pulls the target after the air's push.
        if preset.name == "cotton" {
            cloths[0].set_air(cloth_solver::Air::wind([0.0, 0.0, 10.0])).unwrap();
        }
        cloths[1].set_anim_drive(0, &vec![0.9; n]).unwrap();
        for _ in 0..60 {
            cloths.iter_mut().for_each(|c| assert!(c.step().watchdog.is_none()));
        }
        let worst = (0..n)
            .filter(|&k| !input.fixed[k])
            .map(|k| pose::norm(pose::sub(cloths[0].position(k).map(f64::from), target[k].map(f64::from))))
            .fold(0.0, f64::max);
        let [full, part, none] = [0, 1, 2].map(|i| mean_gap(&cloths[i], &input, &target));
        eprintln!(
            "{}: strength 1 worst {worst:.2e} m; mean gap 1 / 0.9 / 0: {full:.2e} / {part:.3} / {none:.3} m",
            preset.name
        );
        assert!(worst < 1e-3, "{}: strength 1 leaves a node {worst} m off its animated pose", preset.name);
        assert!(
            part < 0.7 * none && part > 2.0 * full,
            "{}: strength 0.9 gap {part} m (1: {full}, 0: {none})",
            preset.name
        );
    }
}

/// A drive strength outside 0..=1 is refused by node.
#[test]
fn a_drive_past_one_is_refused() {
    let input = IrregularCape::from_seed(0).input();
    let mut c = Cloth::new(&input, library::DENIM.dynamics).unwrap();
    let e = c.set_anim_drive(3, &[0.5, 1.5]).unwrap_err();
    assert!(matches!(e, ParamError::Node { node: 4, .. }), "{e}");
    assert!(matches!(c.set_anim_drive(0, &[f32::NAN]), Err(ParamError::Node { node: 0, .. })));
    assert!(c.anim_drive(3).is_none());
}

/// How far the free nodes stray from their bind positions in the cloth
/// frame over a sprint with a turn: each node's largest distance, averaged
/// over the nodes.
fn sprint_lag(c: &mut Cloth, fixed: &[bool]) -> f64 {
    let free: Vec<usize> = (0..c.nodes()).filter(|&n| !fixed[n]).collect();
    let mut lag = vec![0.0f64; free.len()];
    for k in 1..=240 {
        c.set_anchor_pose(script(k, c.dynamics().dt, [1.0, 0.0, 0.0])).unwrap();
        assert!(c.step().watchdog.is_none());
        for (l, &n) in lag.iter_mut().zip(&free) {
            *l = l.max(pose::norm(pose::sub(c.position(n).map(f64::from), c.bind_position(n))));
        }
    }
    lag.iter().sum::<f64>() / lag.len() as f64
}

/// Inertia scales: 0 on every node steps the same positions, bit for bit,
/// as the cloth's inertia set to 0 (welded to its frame); 0.25 on every
/// node lags the anchor as the cloth's inertia set to 0.25 does (within
/// 10 %: the shift's rotation is blended, not raised to the power), well
/// short of the cloth's own inertia.
#[test]
fn inertia_scales_act_as_the_cloths_inertia() {
    let input = IrregularCape::from_seed(1).input();
    let d = library::COTTON.dynamics;
    let mut welded = Cloth::new(&input, Dynamics { inertia: 0.0, ..d }).unwrap();
    let mut scaled = Cloth::new(&input, Dynamics { inertia: 1.0, ..d }).unwrap();
    scaled.set_inertia_scales(0, &vec![0.0; input.positions.len()]).unwrap();
    let (a, b) = (sprint_lag(&mut welded, &input.fixed), sprint_lag(&mut scaled, &input.fixed));
    let bits = |c: &Cloth| c.positions().iter().flatten().map(|v| v.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&welded), bits(&scaled), "scale 0 against inertia 0");
    assert_eq!(a, b);
    // A steady walk after it: both fall asleep at the same step (the wake
    // test reads the scales too) and stay the same.
    for k in 0..600 {
        let pose = Motion::Steady { speed: 1.5 }.pose(k, d.dt);
        welded.set_anchor_pose(pose).unwrap();
        scaled.set_anchor_pose(pose).unwrap();
        assert_eq!(welded.step().asleep, scaled.step().asleep, "step {k}");
    }
    assert!(welded.is_sleeping(), "the welded cape sleeps on a steady walk");
    assert_eq!(bits(&welded), bits(&scaled), "after a steady walk");
    let graded = vec![0.25f32; input.positions.len()];
    let mut own = Cloth::new(&input, Dynamics { inertia: 1.0, ..d }).unwrap();
    let mut grade = Cloth::new(&input, Dynamics { inertia: 1.0, ..d }).unwrap();
    grade.set_inertia_scales(0, &graded).unwrap();
    let (full, part) = (sprint_lag(&mut own, &input.fixed), sprint_lag(&mut grade, &input.fixed));
    let quarter = sprint_lag(&mut Cloth::new(&input, Dynamics { inertia: 0.25, ..d }).unwrap(), &input.fixed);
    eprintln!("mean largest lag over the sprint: welded {a:.3} m, scale 0.25 {part:.3} m, inertia 0.25 {quarter:.3} m, own inertia {full:.3} m");
    assert!(
        (part - quarter).abs() < 0.1 * quarter && part < 0.85 * full,
        "scale 0.25 {part}, inertia 0.25 {quarter}, own {full}"
    );
    let e = grade.set_inertia_scales(4, &[0.5, 1.5]).unwrap_err();
    assert!(matches!(e, ParamError::Node { node: 5, .. }), "{e}");
}

/// Every paint on at once — max distance, backstop, anim drive, inertia
/// scales — on a turning sprint: the f32 kernels (wide on AVX2 and on the
/// baseline, scalar) step the same bits, and so do the f64 pair.
#[test]
fn painted_cloths_step_the_same_bits_on_every_kernel() {
    use cloth_solver::lanes::CpuPath;
    use cloth_solver::{Kernel, SeedOptions, Tuning};
    let input = outward_cape(1);
    let n = input.positions.len();
    let run = |kernel: Kernel, cpu_path: Option<CpuPath>| {
        let tuning = Tuning { cpu_path, ..Tuning::default() };
        let mut c = Cloth::with_options(&input, library::COTTON.dynamics, tuning, SeedOptions::default()).unwrap();
        c.set_kernel(kernel);
        c.set_max_distances(0, &painted(&input)).unwrap();
        c.set_backstops(0, &vec![Backstop { distance: 0.005, radius: 0.4 }; n]).unwrap();
        c.set_anim_drive(0, &(0..n).map(|k| (k % 5) as f32 * 0.2).collect::<Vec<_>>()).unwrap();
        c.set_inertia_scales(0, &(0..n).map(|k| (k % 7) as f32 / 6.0).collect::<Vec<_>>()).unwrap();
        for k in 1..=120 {
            c.set_anchor_pose(script(k, c.dynamics().dt, [0.0, 0.0, 1.0])).unwrap();
            c.step();
        }
        c.positions().iter().flatten().map(|v| v.to_bits()).collect::<Vec<_>>()
    };
    let wide = run(Kernel::Wide, Some(CpuPath::Avx2));
    assert_eq!(wide, run(Kernel::Wide, Some(CpuPath::Baseline)), "AVX2 against the baseline");
    assert_eq!(wide, run(Kernel::Scalar, None), "wide against scalar");
    assert_eq!(run(Kernel::WideF64, None), run(Kernel::ScalarF64, None), "wide-f64 against scalar-f64");
}

/// The same bound on content the neckline cape does not cover: a cape
/// pinned at its two shoulders, and one pinned nowhere (only its max
/// distances hold it, through the free cloth's own translation step), over
/// the sprint, turn and teleport script.
#[test]
fn the_bound_holds_with_two_pins_and_with_none() {
    use cloth_solver::scenes::CapePins;
    let shoulders = IrregularCape { pins: CapePins::Shoulders(3), ..IrregularCape::from_seed(2) }.input();
    let mut pinless = IrregularCape::from_seed(1).input();
    pinless.fixed.iter_mut().for_each(|f| *f = false);
    for (what, input) in [("two shoulders", shoulders), ("no pins", pinless)] {
        assert!(input.fixed.iter().filter(|&&f| f).count() <= 6);
        let r: Vec<f32> = input.positions.iter().map(|p| 0.02 + 0.2 * (-p[1]).max(0.0)).collect();
        for preset in [library::SILK, library::DENIM] {
            let mut c = Cloth::new(&input, preset.dynamics).unwrap();
            c.set_max_distances(0, &r).unwrap();
            let (mut worst, mut touching) = (f64::NEG_INFINITY, 0);
            for k in 1..=480 {
                c.set_anchor_pose(script(k, c.dynamics().dt, [1.0, 0.0, 0.0])).unwrap();
                assert!(c.step().watchdog.is_none());
                let (excess, at_bound) = max_distance_excess(&c, &r);
                worst = worst.max(excess);
                touching = touching.max(at_bound);
            }
            eprintln!("{what}, {}: worst {worst:.2e} m, {touching} nodes on the bound", preset.name);
            assert!(worst <= 1e-4, "{what}, {}: a node {worst} m past its max distance", preset.name);
            assert!(touching >= 20, "{what}, {}: only {touching} nodes reach their bound", preset.name);
        }
    }
}

/// Largest distance between two cloths' nodes in their own frames, m.
fn largest_gap(a: &Cloth, b: &Cloth) -> f64 {
    a.positions()
        .iter()
        .zip(b.positions())
        .map(|(p, q)| pose::norm(pose::sub(p.map(f64::from), q.map(f64::from))))
        .fold(0.0, f64::max)
}

/// An anchor cruising at a steady 25 m/s (a car) is felt by no node at any
/// inertia, so changing what the nodes feel mid-cruise — the cloth's
/// inertia 0.9 → 0.3 and 0.3 → 1, a preset change, inertia scales painted
/// at 0.25 and cleared — moves no node: on six irregular capes, over the
/// next half second every node stays within 0.5 mm of a twin that made no
/// change: the stored velocities' share of the frame's motion follows the
/// change (`MEASUREMENTS.md`, "A Rust user's trial: a skinned garment").
/// A felt cruise moves a node 25 m/s × dt = 0.42 m in the first step.
/// What the change does leave is the rounding of the re-expressed
/// velocities; where self rows keep a cape in contact that difference can
/// grow afterwards like any other perturbation, which is why the window is
/// half a second (the figures: `MEASUREMENTS.md`, "Crumpled capes").
#[test]
fn changing_the_inertia_on_a_cruising_anchor_moves_no_node() {
    type Change = fn(&mut Cloth);
    let cases: [(&str, Dynamics, Change); 5] = [
        ("inertia 0.9 → 0.3", Dynamics { inertia: 0.9, ..library::COTTON.dynamics }, |c| {
            c.set_dynamics(Dynamics { inertia: 0.3, ..*c.dynamics() }).unwrap()
        }),
        ("inertia 0.3 → 1", Dynamics { inertia: 0.3, ..library::DENIM.dynamics }, |c| {
            c.set_dynamics(Dynamics { inertia: 1.0, ..*c.dynamics() }).unwrap()
        }),
        ("SILK → LEATHER", library::SILK.dynamics, |c| c.set_dynamics(library::LEATHER.dynamics).unwrap()),
        ("scales 0.25 painted", library::DENIM.dynamics, |c| c.set_inertia_scales(0, &vec![0.25; c.nodes()]).unwrap()),
        ("scales cleared", library::DENIM.dynamics, |c| c.clear_inertia_scales()),
    ];
    for seed in 0..6 {
        let input = IrregularCape::from_seed(seed).input();
        for (name, d, change) in cases {
            let mut twin = Cloth::new(&input, d).unwrap();
            if name == "scales cleared" {
                twin.set_inertia_scales(0, &vec![0.25; twin.nodes()]).unwrap();
            }
            let mut c = twin.clone();
            // Up to speed over half a second, then a cruise of four seconds:
            // the anchor's position at step k, in units of dt.
            let along = |k: usize| if k < 30 { 25.0 * (k * k) as f64 / 60.0 } else { 25.0 * (k as f64 - 15.0) };
            let ride = |k: usize, twin: &mut Cloth, c: &mut Cloth| {
                let pose = Pose::new([along(k) * d.dt, 0.0, 0.0], Quat::IDENTITY);
                for cloth in [twin, c] {
                    cloth.set_anchor_pose(pose).unwrap();
                    cloth.step();
                }
            };
            for k in 1..=270 {
                ride(k, &mut twin, &mut c);
            }
            assert!(largest_gap(&twin, &c) == 0.0);
            let twin_dynamics = *twin.dynamics();
            change(&mut c);
            if name == "SILK → LEATHER" {
                twin.set_dynamics(Dynamics { inertia: twin_dynamics.inertia, ..library::LEATHER.dynamics }).unwrap();
            }
            let mut worst: f64 = 0.0;
            for k in 271..=300 {
                ride(k, &mut twin, &mut c);
                worst = worst.max(largest_gap(&twin, &c));
            }
            println!("cape {seed}, {name}: largest gap to the twin over the next half second {:.3} mm", worst * 1e3);
            assert!(worst < 0.5e-3, "cape {seed}, {name}: a node moved {:.2} mm from its twin", worst * 1e3);
        }
    }
}

/// The largest stretch over a sprint with turns of the links at one hem
/// node of irregular cape `seed`: painted a max distance of 0 at run time,
/// and fixed at seed instead.
fn held_node_links(seed: u64, preset: &library::Preset) -> (f64, f64) {
    let input = IrregularCape::from_seed(seed).input();
    let lowest = (0..input.positions.len()).filter(|&k| !input.fixed[k]).map(|k| input.positions[k][1]);
    let bottom = lowest.fold(f32::INFINITY, f32::min);
    let hem = |k: &usize| !input.fixed[*k] && (input.positions[*k][1] - bottom).abs() < 0.02;
    let n = (0..input.positions.len()).filter(hem).nth(5).expect("a hem node");
    let edges = input.triangles.iter().flat_map(|t| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])]);
    let links: Vec<(usize, usize)> =
        edges.map(|(a, b)| (a as usize, b as usize)).filter(|&(a, b)| a == n || b == n).collect();
    let worst = |c: &Cloth| {
        let stretch = |&(a, b): &(usize, usize)| {
            let rest = pose::norm(pose::sub(c.bind_position(a), c.bind_position(b)));
            pose::norm(pose::sub(c.position(a).map(f64::from), c.position(b).map(f64::from))) / rest
        };
        links.iter().map(stretch).fold(0.0, f64::max)
    };
    let mut painted = Cloth::new(&input, preset.dynamics).unwrap();
    painted.set_max_distances(n, &[0.0]).unwrap();
    let mut pinned = input.clone();
    pinned.fixed[n] = true;
    let mut fixed = Cloth::new(&pinned, preset.dynamics).unwrap();
    let (mut wp, mut wf) = (0.0f64, 0.0f64);
    for k in 1..=600 {
        let t = k as f64 * preset.dynamics.dt;
        let pose = Pose::new([Motion::SPRINT.x(t), 0.0, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], (t * 1.7).sin()));
        for c in [&mut painted, &mut fixed] {
            c.set_anchor_pose(pose).unwrap();
            assert!(c.step().watchdog.is_none());
        }
        assert_eq!(painted.position(n), input.positions[n], "the painted node at step {k}");
        wp = wp.max(worst(&painted));
        wf = wf.max(worst(&fixed));
    }
    (wp, wf)
}

/// A hem node painted a max distance of 0 at run time is a pin: the model
/// the step runs fixes it for the rows, the tethers and the strain
/// projection, as seeding fixes a node. Over a sprint with turns, on six
/// irregular capes under DENIM, LEATHER, COTTON and SILK, its links
/// stretch as the same node's fixed at seed do: at most 1.5×, above what a
/// node fixed at seed reaches, and the median over the capes within 0.05
/// of the seeded one's. One cape's worst is a single trajectory through
/// folds and self contacts, on which painted and seeded part either way; a
/// pin the rows do not see tears far past 1.5× (the figures:
/// `MEASUREMENTS.md`, "Crumpled capes", "A Rust user's trial: a skinned
/// garment").
#[test]
fn a_node_painted_zero_at_run_time_is_a_pin() {
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        0.5 * (v[2] + v[3])
    };
    for preset in [library::DENIM, library::LEATHER, library::COTTON, library::SILK] {
        let (painted, fixed): (Vec<f64>, Vec<f64>) = (0..6).map(|seed| held_node_links(seed, &preset)).unzip();
        let name = preset.name;
        println!("{name}: the hem node's links at most {painted:.3?}× painted 0, {fixed:.3?}× fixed at seed");
        assert!(painted.iter().all(|&p| p <= 1.5), "{name}: {painted:.3?}× painted");
        let (p, f) = (median(painted), median(fixed));
        assert!((p - f).abs() <= 0.05, "{name}: median {p:.3}× painted, {f:.3}× fixed");
    }
}

/// Every free node of a cape painted 0 at run time: the cape rides its
/// animated pose exactly through a sprint, finite; cleared, it is free
/// again and swings away from it. Painting the same zeros again keeps the
/// model the step runs (no rebuild each frame for a host that repaints).
#[test]
fn a_cape_painted_zero_everywhere_rides_its_pose_and_is_free_once_cleared() {
    let input = IrregularCape::from_seed(3).input();
    let mut c = Cloth::new(&input, library::COTTON.dynamics).unwrap();
    c.set_max_distances(0, &vec![0.0; c.nodes()]).unwrap();
    let held: *const _ = c.model();
    c.set_max_distances(0, &vec![0.0; c.nodes()]).unwrap();
    assert!(std::ptr::eq(c.model(), held), "the same zeros rebuilt the model");
    // The seed's model is kept beside the held one, and counted.
    let twin = Cloth::new(&input, library::COTTON.dynamics).unwrap();
    let (both, one) = (c.memory(), twin.memory());
    assert!(both.rows > one.rows && both.particles > one.particles, "{both:?} against {one:?}");
    for k in 1..=120 {
        c.set_anchor_pose(script(k, c.dynamics().dt, [1.0, 0.0, 0.0])).unwrap();
        assert!(c.step().watchdog.is_none());
        assert!((0..c.nodes()).all(|n| c.position(n) == input.positions[n]), "step {k}");
    }
    c.clear_max_distances();
    let mut moved: f64 = 0.0;
    for k in 121..=240 {
        c.set_anchor_pose(script(k, c.dynamics().dt, [1.0, 0.0, 0.0])).unwrap();
        assert!(c.step().watchdog.is_none());
        let far = |n: usize| pose::norm(pose::sub(c.position(n).map(f64::from), c.bind_position(n)));
        moved = moved.max((0..c.nodes()).map(far).fold(0.0, f64::max));
    }
    assert!(c.positions().iter().flatten().all(|v| v.is_finite()));
    assert!(moved > 0.05, "cleared, the cape moved only {moved} m from its pose");
}

/// A frame's animated positions set at once: all or nothing, a bad entry
/// refused by its node.
#[test]
fn animated_positions_are_set_all_or_nothing() {
    let input = IrregularCape::from_seed(1).input();
    let mut c = Cloth::new(&input, library::COTTON.dynamics).unwrap();
    let lowered: Vec<[f32; 3]> = input.positions[10..20].iter().map(|p| [p[0], p[1] - 0.01, p[2]]).collect();
    let mut bad = lowered.clone();
    bad[3][1] = f32::NAN;
    let e = c.set_animated_positions(10, &bad).unwrap_err();
    assert!(matches!(e, ParamError::Node { node: 13, .. }), "{e}");
    let e = c.set_animated_positions(c.nodes() - 5, &lowered).unwrap_err();
    assert!(matches!(e, ParamError::OutOfRange { .. }), "{e}");
    assert!((10..20).all(|n| c.animated_position(n) == input.positions[n]), "a refused call changed a node");
    c.set_animated_positions(10, &lowered).unwrap();
    assert!((10..20).all(|n| c.animated_position(n) == lowered[n - 10]));
}

/// A cape seeded with no pin at all, then painted 0 at the two ends of its
/// neckline (two shoulders) at run time, hangs from them through a sprint
/// with turns as the same cape seeded with those two nodes fixed does: its
/// worst link within 0.05 of the seeded one's, and no node further from
/// its pins than the seeded cape's farthest. The world has no fixed node
/// to tell it the cloth is pinned: the held pins alone do.
#[test]
fn a_pinless_cape_painted_zero_at_two_shoulders_hangs_as_one_pinned_there() {
    let mut free = IrregularCape::from_seed(2).input();
    let neck: Vec<usize> = (0..free.positions.len()).filter(|&n| free.fixed[n]).collect();
    let ends = [neck[0], neck[neck.len() - 1]];
    free.fixed.iter_mut().for_each(|f| *f = false);
    let mut pinned = free.clone();
    ends.iter().for_each(|&n| pinned.fixed[n] = true);
    let d = library::DENIM.dynamics;
    let mut painted = Cloth::new(&free, d).unwrap();
    for &n in &ends {
        painted.set_max_distances(n, &[0.0]).unwrap();
    }
    let mut seeded = Cloth::new(&pinned, d).unwrap();
    let (mut worst, mut reach) = ([0.0f64; 2], [0.0f64; 2]);
    for k in 1..=600 {
        let pose = script(k, d.dt, [1.0, 0.0, 0.0]);
        for (i, c) in [&mut painted, &mut seeded].into_iter().enumerate() {
            c.set_anchor_pose(pose).unwrap();
            assert!(c.step().watchdog.is_none());
            worst[i] = worst[i].max(c.worst_link_ratio());
            let from_pins = |n: usize| {
                let at = c.position(n).map(f64::from);
                ends.iter().map(|&e| pose::norm(pose::sub(at, c.position(e).map(f64::from)))).fold(f64::MAX, f64::min)
            };
            reach[i] = reach[i].max((0..c.nodes()).map(from_pins).fold(0.0, f64::max));
        }
    }
    println!(
        "worst link painted {:.3} seeded {:.3}; farthest from a pin {:.3} m, {:.3} m",
        worst[0], worst[1], reach[0], reach[1]
    );
    assert!((worst[0] - worst[1]).abs() <= 0.05, "worst link painted {} seeded {}", worst[0], worst[1]);
    assert!(reach[0] <= reach[1] + 0.01, "painted: a node {} m from its pins, seeded {}", reach[0], reach[1]);
}
