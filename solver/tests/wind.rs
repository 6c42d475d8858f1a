//! Wind and aerodynamics (issue 18 item 1, `aero.rs`): a hanging sheet in
//! a steady wind settles where drag balances weight; a sheet edge-on to the
//! wind feels nothing; a sheet carried through still air trails, and one
//! carried with the wind hangs still; turbulence is bit-identical across
//! runs, thread counts and instruction sets; a rope deflects; silk in a gale
//! stays finite; bad air is refused.
//!
//! **The closed form** (a flat plate hinged along its top edge, drag only).
//! The plate hangs at θ from the vertical in a horizontal wind `W` normal to
//! its hinge; its normal is `n̂ = (cos θ, sin θ)` in the plane of the wind
//! `x̂` and the vertical `ŷ`. At rest the relative velocity is `u = −W·x̂`,
//! so `|u·n̂| = W cos θ` and the drag on an element of area `a` is
//! `−½ρC_d·a·|u·n̂|·u = q·a·cos θ·x̂` with `q = ½ρC_d·W²`: horizontal. An
//! element at distance `r` down the plate sits at `r·(sin θ, −cos θ)`;
//! the moments about the hinge balance when
//!
//! ```text
//!   Σ r_i·m_i·g·sin θ = Σ r_i·q·a_i·cos θ·cos θ
//!   ⇒ sin θ / cos² θ = K,   K = q·Σ r_i a_i / (g·Σ r_i m_i)
//!   ⇒ sin θ = (√(1 + 4K²) − 1) / (2K)
//! ```
//!
//! over the free particles `i`, `a_i` a third of the area of each triangle
//! at `i`, `m_i` its mass. With lift `C_l` the element also feels
//! `½ρC_l·a·W²·cos θ·sin θ·ŷ` (up), whose moment adds
//! `K_l·cos θ·sin² θ` to the right-hand side, `K_l = K·C_l/C_d`. The cloth
//! is a bending-stiff sheet, not a rigid plate: its angle is read from the
//! centroid of its free particles, `atan2(Σz, Σ−y)` about the hinge.

use cloth_solver::aero::AIR_DENSITY;
use cloth_solver::experiments::GarmentCase;
use cloth_solver::lanes::CpuPath;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::scenes::{self, SheetPlane, SheetSpec};
use cloth_solver::{
    library, Air, Cloth, ClothInput, Dynamics, Kernel, ParamError, Tuning, Turbulence, World, WorldError, WorldOptions,
};

const G: f64 = 9.81;

/// A 31 cm square sheet (11 × 11 at 3.1 cm) hanging in the x-y plane from
/// its top row, `sigma` kg/m² (the fixed row's share included).
fn sheet(sigma: f64) -> ClothInput {
    let (n, s) = (11, 0.031);
    let side = (n - 1) as f64 * s;
    SheetSpec {
        columns: n,
        rows: n,
        spacing: s,
        mass: sigma * side * side,
        fixed: scenes::top_row,
        plane: SheetPlane::Hanging,
        lean: 1e-3,
    }
    .input()
}

fn dynamics(drag: f64, lift: f64) -> Dynamics {
    Dynamics { bend: 1.0, damping: 0.5, drag, lift, ..Dynamics::default() }
}

/// The plate's `K` for the input at dynamic pressure `½ρC_d·W²` (module doc).
fn plate_k(input: &ClothInput, q: f64) -> f64 {
    let n = input.positions.len();
    let mut area = vec![0.0f64; n];
    for t in &input.triangles {
        let p = |i: u32| input.positions[i as usize].map(f64::from);
        let (a, b, c) = (p(t[0]), p(t[1]), p(t[2]));
        let e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        let cr = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
        let third = 0.5 * (cr[0] * cr[0] + cr[1] * cr[1] + cr[2] * cr[2]).sqrt() / 3.0;
        for &i in t {
            area[i as usize] += third;
        }
    }
    let (mut ra, mut rm) = (0.0, 0.0);
    for i in (0..n).filter(|&i| !input.fixed[i]) {
        let r = -input.positions[i][1] as f64;
        ra += r * area[i];
        rm += r * input.masses[i] as f64;
    }
    q * ra / (G * rm)
}

/// θ with `sin θ = K cos² θ + K_l cos θ sin² θ`, by bisection (monotone).
fn plate_angle(k: f64, k_lift: f64) -> f64 {
    let f = |t: f64| t.sin() - k * t.cos().powi(2) - k_lift * t.cos() * t.sin().powi(2);
    let (mut lo, mut hi) = (0.0, std::f64::consts::FRAC_PI_2);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if f(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The angle of the free particles' centroid about the hinge (the top row,
/// along X at y = z = 0 in the cloth frame), positive toward +Z.
fn deflection(c: &Cloth, input: &ClothInput) -> f64 {
    let (mut z, mut down) = (0.0, 0.0);
    for i in (0..c.nodes()).filter(|&i| !input.fixed[i]) {
        let p = c.position(i);
        z += p[2] as f64;
        down -= p[1] as f64;
    }
    z.atan2(down)
}

fn settle(c: &mut Cloth, steps: usize) {
    for _ in 0..steps {
        let r = c.step();
        assert!(r.watchdog.is_none(), "the watchdog reset the cloth");
    }
}

/// Settles a sheet in wind `speed` m/s along +Z, returns (measured, closed form).
fn hanging_in_wind(speed: f64, sigma: f64, drag: f64, lift: f64) -> (f64, f64) {
    let input = sheet(sigma);
    let mut c = Cloth::new(&input, dynamics(drag, lift)).unwrap();
    c.set_air(Air::wind([0.0, 0.0, speed])).unwrap();
    settle(&mut c, 900);
    let k = plate_k(&input, 0.5 * AIR_DENSITY * drag * speed * speed);
    (deflection(&c, &input), plate_angle(k, k * lift / drag.max(1e-300)))
}

// ---- gate 1: drag balances weight --------------------------------------

#[test]
fn a_hanging_sheet_settles_where_drag_balances_weight() {
    // 5 kg/m² and C_d 0.8: K = 0.39 at 10 m/s, so 5, 10 and 20 m/s span
    // 5° to 48°.
    let mut last = 0.0;
    for speed in [5.0, 10.0, 20.0] {
        let (measured, plate) = hanging_in_wind(speed, 5.0, 0.8, 0.0);
        let error = (measured - plate).abs() / plate;
        println!(
            "wind {speed} m/s: {:.2}° (flat plate {:.2}°, {:.1} %)",
            measured.to_degrees(),
            plate.to_degrees(),
            100.0 * error
        );
        assert!(error < 0.10, "{speed} m/s: {measured} rad against the plate's {plate}");
        assert!(measured > last, "the angle grows with the wind");
        last = measured;
    }
}

#[test]
fn lift_adds_its_moment_to_the_balance() {
    let (measured, plate) = hanging_in_wind(10.0, 5.0, 0.8, 0.8);
    let (drag_only, _) = hanging_in_wind(10.0, 5.0, 0.8, 0.0);
    println!(
        "lift 0.8: {:.2}° (plate {:.2}°; drag only {:.2}°)",
        measured.to_degrees(),
        plate.to_degrees(),
        drag_only.to_degrees()
    );
    assert!((measured - plate).abs() / plate < 0.10, "{measured} against {plate}");
    assert!(measured > drag_only, "lift lifts the sheet further");
}

/// A mass set after seeding is the mass the wind pushes (issue 18 item 2):
/// a sheet seeded at 5 kg/m² and given the masses of a 10 kg/m² one settles
/// where the heavier plate balances, well short of the lighter one's angle.
#[test]
fn a_mass_set_after_seeding_moves_the_balance() {
    let (light, heavy) = (sheet(5.0), sheet(10.0));
    let mut c = Cloth::new(&light, dynamics(0.8, 0.0)).unwrap();
    c.set_masses(0, &heavy.masses).unwrap();
    c.set_air(Air::wind([0.0, 0.0, 10.0])).unwrap();
    settle(&mut c, 900);
    let measured = deflection(&c, &heavy);
    let plate = plate_angle(plate_k(&heavy, 0.5 * AIR_DENSITY * 0.8 * 100.0), 0.0);
    let (light_angle, _) = hanging_in_wind(10.0, 5.0, 0.8, 0.0);
    println!(
        "10 kg/m² set after seeding: {:.2}° (flat plate {:.2}°); seeded at 5 kg/m²: {:.2}°",
        measured.to_degrees(),
        plate.to_degrees(),
        light_angle.to_degrees()
    );
    assert!((measured - plate).abs() <= 0.1 * plate, "{measured} rad against the plate's {plate}");
    assert!(measured < light_angle - 0.15, "the heavier sheet hangs at {measured} rad, the light one {light_angle}");
}

// ---- gate 2: edge-on, nothing -------------------------------------------

#[test]
fn a_sheet_edge_on_to_the_wind_feels_no_drag() {
    let input = sheet(1.0);
    let mut still = Cloth::new(&input, dynamics(1.0, 0.5)).unwrap();
    let mut edge_on = Cloth::new(&input, dynamics(1.0, 0.5)).unwrap();
    still.set_air(Air::default()).unwrap();
    // In the sheet's plane, along its top edge. (The sheet leans 1e-3 out
    // of the x-y plane, so a wind with a vertical part would not be edge-on.)
    edge_on.set_air(Air::wind([12.0, 0.0, 0.0])).unwrap();
    settle(&mut still, 600);
    settle(&mut edge_on, 600);
    let worst = (0..input.positions.len())
        .map(|i| {
            let (a, b) = (still.position(i), edge_on.position(i));
            (0..3).map(|k| (a[k] - b[k]).abs()).fold(0.0f32, f32::max)
        })
        .fold(0.0f32, f32::max);
    println!("edge-on: largest difference from the still shape {worst:.2e} m");
    assert!(worst < 2e-5, "{worst} m");
    // The same wind turned 90° (face-on) blows it half-way up.
    let mut face_on = Cloth::new(&input, dynamics(1.0, 0.5)).unwrap();
    face_on.set_air(Air::wind([0.0, 0.0, 12.0])).unwrap();
    settle(&mut face_on, 600);
    assert!(deflection(&face_on, &input) > 0.5);
}

// ---- gate 3: a moving anchor in still air --------------------------------

/// Carries the sheet's anchor along +Z at `speed` m/s for 15 s in `air`.
fn carried(inertia: f64, speed: f64, air: Air) -> (Cloth, ClothInput) {
    let input = sheet(5.0);
    let mut c = Cloth::new(&input, Dynamics { inertia, ..dynamics(0.8, 0.0) }).unwrap();
    c.set_air(air).unwrap();
    for k in 1..=900 {
        c.set_anchor_pose(Pose::from_translation([0.0, 0.0, speed * k as f64 / 60.0])).unwrap();
        let r = c.step();
        assert!(r.watchdog.is_none() && !r.teleported);
    }
    (c, input)
}

#[test]
fn a_sheet_carried_through_still_air_trails_behind() {
    let (_, plate) = hanging_in_wind(10.0, 5.0, 0.8, 0.0);
    for inertia in [1.0, 0.5, 0.0] {
        let (c, input) = carried(inertia, 10.0, Air::default());
        let angle = deflection(&c, &input);
        println!(
            "carried at 10 m/s, inertia {inertia}: {:.2}° behind (a 10 m/s wind: {:.2}°)",
            -angle.to_degrees(),
            plate.to_degrees()
        );
        assert!(angle < 0.0, "it trails behind the motion");
        assert!((-angle - plate).abs() / plate < 0.10, "{angle} against {plate}");
    }
    // In a vacuum the same motion leaves it hanging.
    let (c, input) = carried(1.0, 10.0, Air::NONE);
    assert!(deflection(&c, &input).abs() < 0.01);
}

#[test]
fn a_sheet_carried_with_the_wind_hangs_as_in_still_air() {
    let input = sheet(5.0);
    let mut still = Cloth::new(&input, dynamics(0.8, 0.3)).unwrap();
    still.set_air(Air::default()).unwrap();
    settle(&mut still, 900);
    for inertia in [1.0, 0.5] {
        let (c, _) = carried(inertia, 10.0, Air::wind([0.0, 0.0, 10.0]));
        let c = {
            // Same lift as `still`.
            let mut c = c;
            c.set_dynamics(Dynamics { lift: 0.3, ..*c.dynamics() }).unwrap();
            for k in 901..=1200 {
                c.set_anchor_pose(Pose::from_translation([0.0, 0.0, 10.0 * k as f64 / 60.0])).unwrap();
                c.step();
            }
            c
        };
        let worst = (0..input.positions.len())
            .map(|i| {
                let (a, b) = (still.position(i), c.position(i));
                (0..3).map(|k| (a[k] - b[k]).abs()).fold(0.0f32, f32::max)
            })
            .fold(0.0f32, f32::max);
        println!("carried with a 10 m/s wind, inertia {inertia}: {worst:.2e} m from the still shape");
        assert!(worst < 1e-3, "{worst} m");
    }
}

// ---- gate 4: turbulence is deterministic ---------------------------------

fn gale() -> Air {
    Air {
        wind: [3.0, 0.0, 8.0],
        turbulence: Turbulence { amplitude: 4.0, frequency: 1.5, scale: 0.5, seed: 18 },
        ..Air::default()
    }
}

fn turbulent_run(kernel: Kernel, path: Option<CpuPath>) -> u64 {
    let mut c = Cloth::new(&sheet(0.15), library::COTTON.dynamics).unwrap();
    c.set_kernel(kernel);
    c.set_tuning(Tuning { cpu_path: path, ..*c.tuning() }).unwrap();
    c.set_air(gale()).unwrap();
    for k in 0..240 {
        c.set_anchor_pose(Pose::from_translation([0.3 * (k as f64 * 0.05).sin(), 0.0, 0.0])).unwrap();
        c.step();
    }
    c.state_hash()
}

/// An irregular SILK cape in the gale on an anchor that walks and turns
/// (the air's forces are turned into each substep's axes), 180 steps.
fn turbulent_cape(kernel: Kernel, path: Option<CpuPath>) -> u64 {
    let p = library::SILK;
    let mut c = Cloth::new(&GarmentCase::Cape(3).input(&p), p.dynamics).unwrap();
    c.set_kernel(kernel);
    c.set_tuning(Tuning { cpu_path: path, ..*c.tuning() }).unwrap();
    c.set_air(gale()).unwrap();
    for k in 0..180 {
        let t = k as f64 / 60.0;
        let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], 1.5 * (2.0 * t).sin());
        c.set_anchor_pose(Pose::new([0.5 * t.sin(), 0.0, 2.0 * t], turn)).unwrap();
        c.step();
    }
    c.state_hash()
}

#[test]
fn turbulence_is_bit_identical_across_runs_kernels_and_cpu_paths() {
    let first = turbulent_run(Kernel::Wide, None);
    assert_eq!(first, turbulent_run(Kernel::Wide, None), "two runs");
    for (kernel, path) in
        [(Kernel::Wide, CpuPath::Avx2), (Kernel::Wide, CpuPath::Baseline), (Kernel::Scalar, CpuPath::Baseline)]
    {
        assert_eq!(first, turbulent_run(kernel, Some(path)), "{kernel:?} on {path:?}");
    }
    // The same on general content: an irregular cape on a turning anchor.
    let cape = turbulent_cape(Kernel::Wide, None);
    assert_eq!(cape, turbulent_cape(Kernel::Wide, None), "two runs of the cape");
    for (kernel, path) in
        [(Kernel::Wide, CpuPath::Avx2), (Kernel::Wide, CpuPath::Baseline), (Kernel::Scalar, CpuPath::Baseline)]
    {
        assert_eq!(cape, turbulent_cape(kernel, Some(path)), "the cape, {kernel:?} on {path:?}");
    }
    // And the gusts do something.
    let mut calm = Cloth::new(&sheet(0.15), library::COTTON.dynamics).unwrap();
    calm.set_air(Air { turbulence: Turbulence::NONE, ..gale() }).unwrap();
    for k in 0..240 {
        calm.set_anchor_pose(Pose::from_translation([0.3 * (k as f64 * 0.05).sin(), 0.0, 0.0])).unwrap();
        calm.step();
    }
    assert_ne!(first, calm.state_hash());
}

#[test]
fn turbulence_in_a_world_is_bit_identical_across_thread_counts() {
    let run = |threads: usize| -> Vec<u64> {
        let mut w = World::new(WorldOptions { threads }).unwrap();
        let ids: Vec<_> = (0..4)
            .map(|k| {
                let d = library::ALL[k].dynamics;
                let mut c = Cloth::new(&sheet(library::ALL[k].density), d).unwrap();
                c.place_anchor(Pose::from_translation([k as f64, 0.0, 0.0])).unwrap();
                // One cloth has a gust of its own on top of the world's air.
                if k == 2 {
                    c.set_air(Air::wind([0.0, 0.0, -2.0])).unwrap();
                }
                w.insert_cloth(c, None).unwrap()
            })
            .collect();
        w.set_air(gale()).unwrap();
        for _ in 0..120 {
            w.step().unwrap();
        }
        ids.iter().map(|&id| w.with_cloth(id, |c| c.state_hash()).unwrap()).collect()
    };
    let one = run(0);
    assert_eq!(one, run(1));
    assert_eq!(one, run(2));
    assert_eq!(one, run(8));
}

#[test]
fn turbulence_switched_off_leaves_no_gust_behind() {
    let input = sheet(5.0);
    let steady = Air::wind([0.0, 0.0, 10.0]);
    let mut gusted = Cloth::new(&input, dynamics(0.8, 0.0)).unwrap();
    gusted.set_air(Air { turbulence: Turbulence { amplitude: 6.0, ..Turbulence::NONE }, ..steady }).unwrap();
    settle(&mut gusted, 60);
    gusted.set_air(steady).unwrap();
    settle(&mut gusted, 900);
    let (calm, _) = hanging_in_wind(10.0, 5.0, 0.8, 0.0);
    let angle = deflection(&gusted, &input);
    assert!((angle - calm).abs() < 2e-3, "{angle} against {calm}");
}

// ---- gate 5: trees, and silk in a gale -------------------------------------

#[test]
fn a_rope_deflects_in_the_wind() {
    let rope =
        scenes::ChainSpec { links: 20, link: 0.05, particle_mass: 0.01, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
    let input = rope.input();
    let d = library::ROPE.dynamics;
    let mut c = Cloth::new(&input, d).unwrap();
    c.set_air(Air::wind([10.0, 0.0, 0.0])).unwrap();
    settle(&mut c, 600);
    let tip = c.position(input.positions.len() - 1);
    let angle = (tip[0] as f64).atan2(-tip[1] as f64);
    // The straight rope's balance (a segment's drag reads the module doc's
    // plate with area d·L): the tip of a flexible rope leans less than the
    // root's tangent, more than nothing.
    let q = 0.5 * AIR_DENSITY * d.drag * 100.0 * 2.0 * d.thickness;
    let k = q * 0.05 * 210.0 / (G * 0.01 * 210.0);
    let plate = plate_angle(k, 0.0);
    println!("rope in 10 m/s: tip at {:.1}° (a straight rope: {:.1}°)", angle.to_degrees(), plate.to_degrees());
    assert!(angle > 0.25 * plate && angle < 1.1 * plate, "{angle} against {plate}");
}

#[test]
fn silk_in_a_thirty_metre_gale_stays_finite() {
    let input = sheet(library::SILK.density);
    let mut c = Cloth::new(&input, library::SILK.dynamics).unwrap();
    c.set_air(Air {
        wind: [0.0, 0.0, 30.0],
        turbulence: Turbulence { amplitude: 10.0, frequency: 2.0, scale: 1.0, seed: 30 },
        ..Air::default()
    })
    .unwrap();
    for k in 0..600 {
        c.set_anchor_pose(Pose::from_translation([0.0, 0.0, 0.5 * (k as f64 / 30.0).sin()])).unwrap();
        let r = c.step();
        assert!(r.watchdog.is_none(), "step {k}: watchdog {:?}", r.watchdog);
    }
    assert!(c.positions().iter().flatten().all(|v| v.is_finite()));
    assert_eq!(c.state().diagnostics.resets, 0);
    // Blown out flat downwind.
    assert!(deflection(&c, &input) > 1.0);
    println!(
        "silk in 30 m/s: {:.1}°, worst link ratio {:.4}",
        deflection(&c, &input).to_degrees(),
        c.worst_link_ratio()
    );
}

// ---- sleep ---------------------------------------------------------------

#[test]
fn steady_wind_may_sleep_a_change_wakes_and_gusts_keep_awake() {
    let input = sheet(5.0);
    let mut c = Cloth::new(&input, dynamics(0.8, 0.0)).unwrap();
    c.set_air(Air::wind([0.0, 0.0, 10.0])).unwrap();
    settle(&mut c, 1200);
    assert!(c.is_sleeping(), "settled in a steady wind");
    c.set_air(Air::wind([0.0, 0.0, 5.0])).unwrap();
    c.step();
    assert!(!c.is_sleeping(), "a new wind wakes it");
    c.set_air(Air { turbulence: Turbulence { amplitude: 0.5, ..Turbulence::NONE }, ..Air::wind([0.0, 0.0, 5.0]) })
        .unwrap();
    for _ in 0..600 {
        c.step();
        assert!(!c.is_sleeping(), "turbulence keeps it awake");
    }
    // A world's new air wakes its cloths too.
    c.set_air(Air::NONE).unwrap();
    let mut w = World::new(WorldOptions::default()).unwrap();
    let id = w.insert_cloth(c, None).unwrap();
    for _ in 0..1200 {
        w.step().unwrap();
    }
    assert!(w.with_cloth(id, |c| c.is_sleeping()).unwrap());
    w.set_air(Air::wind([0.0, 0.0, 10.0])).unwrap();
    w.step().unwrap();
    assert!(!w.with_cloth(id, |c| c.is_sleeping()).unwrap());
}

// ---- gate 6: refusals ------------------------------------------------------

#[test]
fn bad_air_and_coefficients_are_refused() {
    let mut c = Cloth::new(&sheet(1.0), dynamics(1.0, 0.3)).unwrap();
    let refused = |r: Result<(), ParamError>, name: &str| match r {
        Err(ParamError::OutOfRange { name: n, .. }) => assert_eq!(n, name),
        Err(e) => panic!("{name}: {e}"),
        Ok(()) => panic!("{name} accepted"),
    };
    refused(c.set_air(Air::wind([f64::NAN, 0.0, 0.0])), "air.wind");
    refused(c.set_air(Air::wind([0.0, -1e4, 0.0])), "air.wind");
    refused(c.set_air(Air { density: -1.0, ..Air::default() }), "air.density");
    refused(c.set_air(Air { density: f64::INFINITY, ..Air::default() }), "air.density");
    let t = |t: Turbulence| Air { turbulence: t, ..Air::default() };
    refused(c.set_air(t(Turbulence { amplitude: f64::NAN, ..Turbulence::NONE })), "turbulence.amplitude");
    refused(c.set_air(t(Turbulence { frequency: -1.0, ..Turbulence::NONE })), "turbulence.frequency");
    refused(c.set_air(t(Turbulence { scale: 0.0, ..Turbulence::NONE })), "turbulence.scale");
    refused(c.set_dynamics(Dynamics { drag: f64::NAN, ..*c.dynamics() }), "drag");
    refused(c.set_dynamics(Dynamics { lift: -0.1, ..*c.dynamics() }), "lift");
    refused(c.set_dynamics(Dynamics { drag: 11.0, ..*c.dynamics() }), "drag");
    assert_eq!(c.air(), Air::NONE, "a refused air changes nothing");
    let mut w = World::new(WorldOptions::default()).unwrap();
    assert!(matches!(w.set_air(Air::wind([f64::INFINITY; 3])), Err(WorldError::Param(_))));
    assert_eq!(w.air(), Air::NONE);
}

/// No air, or zero drag and lift, leaves the step bit-identical to one
/// without aerodynamics (the golden hash's guarantee, on a moving anchor).
#[test]
fn without_air_or_coefficients_nothing_changes() {
    let run = |air: Air, drag: f64, lift: f64| {
        let mut c = Cloth::new(&sheet(0.15), dynamics(drag, lift)).unwrap();
        c.set_air(air).unwrap();
        for k in 0..120 {
            c.set_anchor_pose(Pose::from_translation([0.0, 0.0, 2.0 * k as f64 / 60.0])).unwrap();
            c.step();
        }
        c.state_hash()
    };
    let vacuum = run(Air::NONE, 1.0, 0.3);
    assert_eq!(vacuum, run(gale(), 0.0, 0.0));
    assert_eq!(vacuum, run(Air { density: 0.0, ..gale() }, 1.0, 0.3));
    assert_ne!(vacuum, run(Air::default(), 1.0, 0.3));
}
