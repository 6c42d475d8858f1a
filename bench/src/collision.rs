//! Re-runs of the record's M2 tables (§17–§20, §22–§23): the contact band, a
//! sphere pushed into a cape, the hard row's force against a soft row's
//! ceiling, the Coulomb grid, the rigid interpolated pose, the swept speed
//! table, and W3. Every physical cell comes from `cloth_solver::experiments`,
//! the functions the M2 gates assert on.

use crate::workloads::{run_variants, Protocol, Variant};
use crate::{machine, stats, Output, Row};
use cloth_solver::contact::ContactRamp;
use cloth_solver::experiments as e;
use cloth_solver::pose::{self, Pose, Quat};
use cloth_solver::{scenes, Cloth, ColliderSet, Kernel, Shape, Tuning};

/// The record's β values (§17), in its units of force per metre per
/// `(m/h²)`-scaled band; ours is the same ramp per metre of violation in band
/// units, so `β_r = β / 144` at 60 Hz × 2 substeps.
const RECORD_BETAS: [f64; 5] = [0.0, 1e2, 1e3, 1e4, 1e5];
const FLOORS: [f64; 5] = [1.0 / 128.0, 1.0 / 32.0, 1.0 / 8.0, 0.5, 1.0];

/// `band`: §17's grid, floor × β at 3 and 8 m/s, for the design's linear ramp
/// and the shipped floored one; cells are worst penetration / kinetic energy
/// after 240 steps, and the resting penetration at the end.
pub fn band(out: &mut Output) {
    out.note("§17: a 20×20 sheet at 2 cm, 4 mm thick, landing flat on a plane, 2×4, 240 steps");
    out.note(
        "cells: worst penetration over the run (m) / kinetic energy at the end (J); resting penetration at the end (m)",
    );
    for ramp in [ContactRamp::Linear, ContactRamp::Floor] {
        for speed in [3.0, 8.0] {
            for floor in FLOORS {
                let mut row = Row::new("band", format!("{ramp:?} {speed} m/s ×{floor:.5}"));
                let mut resting: f64 = 0.0;
                for beta in RECORD_BETAS {
                    let l = e::landing(speed, floor, beta / 144.0, ramp, 240);
                    resting = resting.max(l.resting);
                    row = row.with(beta_key(beta), format!("{:.2e}/{:.2e}", l.worst, l.kinetic));
                }
                out.row(row.with("worst_resting", resting));
            }
            out.flush();
        }
    }
}

fn beta_key(beta: f64) -> &'static str {
    match beta as u64 {
        0 => "beta_0",
        100 => "beta_1e2",
        1000 => "beta_1e3",
        10000 => "beta_1e4",
        _ => "beta_1e5",
    }
}

/// `push`: §17's other direction, a sphere driven 6 cm into a hanging cape,
/// beside the same sheet landing at 3 m/s; then the push at 1, 3 and 8 m/s.
pub fn push(out: &mut Output) {
    out.note("§17: a 10 cm sphere driven 6 cm into a hanging 20×20 sheet (4 mm thick) at 1 m/s, then held 60 steps;");
    out.note("beside the §17 sheet landing at 3 m/s (shipped ramp, β_r = 1e3/144)");
    for floor in [1.0, 0.25, 0.125, 1.0 / 32.0, 1.0 / 128.0] {
        let p = e::sphere_push(1.0, floor);
        let l = e::landing(3.0, floor, 1e3 / 144.0, ContactRamp::Floor, 240);
        out.row(
            Row::new("push", format!("×{floor:.5}"))
                .with("cape_worst", p.worst)
                .with("cape_resting", p.resting)
                .with("cape_kinetic", p.kinetic)
                .with("sheet_worst", l.worst)
                .with("sheet_force_n", l.peak_force)
                .with("sheet_kinetic", l.kinetic),
        );
    }
    out.flush();
    out.note("the cape's worst penetration (m) with the sphere driven in faster");
    for floor in [1.0, 0.125, 1.0 / 32.0] {
        let mut row = Row::new("push-speed", format!("×{floor:.5}"));
        for (key, speed) in [("1_m_s", 1.0), ("3_m_s", 3.0), ("8_m_s", 8.0)] {
            row = row.with(key, e::sphere_push(speed, floor).worst);
        }
        out.row(row);
    }
    out.flush();
}

/// `force`: §18, the hard row's peak force on a landing sheet against the
/// most a soft row (stiffness `8·m/h²`, §3) could give at one thickness.
pub fn force(out: &mut Output) {
    // The §17 sheet: 0.058 kg over 400 particles, 2 substeps at 60 Hz, 4 mm.
    let m = 0.058 / 400.0;
    let h = 1.0 / 120.0;
    let ceiling = 8.0 * m / (h * h) * 0.004;
    out.note(&format!(
        "§18: a soft row's ceiling at one thickness of penetration, 8·(m/h²)·thickness = {ceiling:.4} N"
    ));
    for speed in [0.0, 1.0, 3.0, 8.0] {
        let t = Tuning::default();
        let l = e::landing(speed, t.contact_floor, t.contact_beta_r, t.contact_ramp, 240);
        out.row(
            Row::new("force", format!("{speed} m/s"))
                .with("hard_row_peak_n", l.peak_force)
                .with("times_soft_ceiling", l.peak_force / ceiling)
                .with("worst", l.worst),
        );
    }
    out.flush();
}

/// `coulomb`: §18's grid, metres travelled downhill in 4 s by a 20×20 sheet
/// on an incline, 2×4; then friction at the smaller budgets.
pub fn coulomb(out: &mut Output) {
    out.note("§18: a 20×20 sheet released on an inclined plane, metres travelled downhill in 4 s, 2×4");
    for slope in [10.0f64, 20.0, 30.0, 40.0, 50.0] {
        let mut row = Row::new("coulomb", format!("{slope}°")).with("tan", slope.to_radians().tan());
        for (key, mu) in [("mu_0.0", 0.0), ("mu_0.2", 0.2), ("mu_0.4", 0.4), ("mu_0.7", 0.7), ("mu_1.2", 1.2)] {
            row = row.with(key, e::incline(slope, mu, 4.0));
        }
        out.row(row);
    }
    out.flush();
    out.note("friction at smaller budgets: 20° slope, μ 0.4 (sticks at 2×4), and frictionless for scale");
    for (s, i) in [(1, 1), (1, 2), (2, 1), (2, 2), (2, 4)] {
        out.row(
            Row::new("coulomb-budget", format!("{s}x{i}"))
                .with("mu_0.4", e::incline_budget(20.0, 0.4, 4.0, s, i))
                .with("mu_0.0", e::incline_budget(20.0, 0.0, 4.0, s, i)),
        );
    }
    out.flush();
}

/// `lerp`: §19, a lerp of rotation matrices shrinks a collider halfway
/// through a turn; the collider's translation + nlerp pose does not.
pub fn lerp(out: &mut Output) {
    out.note("§19: the column |M(½)·x| halfway through a turn of θ, and the shrink on a 25 cm collider");
    for theta in [0.05f64, 0.1, 0.25, 0.5, 1.0, std::f64::consts::FRAC_PI_2] {
        // Component-wise lerp of I and R_z(θ) at ½, applied to x = (1, 0, 0).
        let lerp = pose::norm([(1.0 + theta.cos()) / 2.0, theta.sin() / 2.0, 0.0]);
        let mut set = ColliderSet::new();
        let id = set.add(Shape::sphere(0.25).expect("valid"), Pose::IDENTITY).expect("valid");
        set.begin_frame();
        set.set_pose(id, Pose::new([0.0; 3], Quat::from_axis_angle([0.0, 0.0, 1.0], theta))).expect("valid");
        let half = set.get(id).expect("live").pose_at(0.5);
        let nlerp = pose::norm(half.rotation.rotate([1.0, 0.0, 0.0]));
        out.row(
            Row::new("lerp", format!("θ {theta:.3}"))
                .with("lerp_column", lerp)
                .with("lerp_shrink_mm", (1.0 - lerp) * 250.0)
                .with("vs_4mm_cloth", (1.0 - lerp) * 0.25 / 0.004)
                .with("nlerp_column", nlerp),
        );
    }
    out.flush();
}

/// `sweep`: §20's speed table, a capsule through a hanging sheet, swept
/// against end-of-step discovery.
pub fn sweep(out: &mut Output) {
    out.note(
        "§20: a 5 cm capsule driven through a hanging 20×20 sheet; deep = particle-steps over half a radius inside",
    );
    for speed in [2.0, 5.0, 10.0, 20.0, 40.0] {
        for swept in [true, false] {
            let c = e::capsule_pass(speed, swept);
            out.row(
                Row::new("sweep", format!("{speed} m/s {}", if swept { "swept" } else { "end-of-step" }))
                    .with("worst", c.worst)
                    .with("deep", c.deep)
                    .with("rows_per_step", c.rows_per_step),
            );
        }
    }
    out.flush();
}

/// `leaning-rope`: §22, a rope whose links lean rests on the floor rather
/// than standing on its own end.
pub fn leaning_rope(out: &mut Output) {
    out.note("§22: an 8-link rope of 10 cm links hanging onto a floor at −0.4 m; its tip height after 200 steps");
    for lean in [0.0, 1e-3, 1e-2] {
        out.row(Row::new("leaning-rope", format!("lean {lean}")).with("tip_y", e::leaning_rope(lean)));
    }
    out.flush();
}

/// W3 (PERFORMANCE.md, §23): W1 with no collider set, one collider out of
/// range, and 1, 4, 8, 20 touching, timed side by side.
pub fn w3(out: &mut Output, p: Protocol, kernel: Kernel) {
    out.note(&format!(
        "W3: W1 against body-like colliders resting on it; {}, {} warm-up + {} measured frames, {} rounds",
        machine(),
        p.warmup,
        p.frames,
        p.rounds
    ));
    let cases: [(usize, bool); 6] = [(0, true), (1, false), (1, true), (4, true), (8, true), (20, true)];
    let variants: Vec<Variant> = cases
        .iter()
        .map(|&(count, in_range)| Variant {
            name: match (count, in_range) {
                (0, _) => "none".to_string(),
                (_, false) => "1 out of range".to_string(),
                (n, true) => format!("{n} touching"),
            },
            build: Box::new(move || w3_cloth(kernel)),
            drive: Box::new(|_, _| {}),
            colliders: (count > 0 || !in_range)
                .then(|| Box::new(move || scenes::w3_colliders(count, in_range)) as Box<dyn Fn() -> ColliderSet>),
        })
        .collect();
    let results = run_variants(&variants, p);
    let base = stats(&results[0].frames_ms).0;
    for ((v, r), &(count, in_range)) in variants.iter().zip(&results).zip(&cases) {
        // What the variant's cloth looks like in its steady state: contact
        // rows and slot occupancy over 100 steps after the warm-up.
        let mut cloth = (v.build)();
        let set = v.colliders.as_ref().map(|b| b());
        let (mut rows, mut full) = (0usize, 0usize);
        for f in 0..p.warmup + 100 {
            match &set {
                Some(s) => cloth.step_with(s),
                None => cloth.step(),
            };
            if f >= p.warmup {
                rows += cloth.contacts();
                full += cloth.state().contacts.overflowed;
            }
        }
        let (min, med, mean) = stats(&r.frames_ms);
        out.row(
            Row::new("w3", v.name.clone())
                .with("colliders", if in_range { count } else { 1 })
                .with("in_range", in_range)
                .with("particles", cloth.nodes())
                .with("ms_min", min)
                .with("ms_median", med)
                .with("ms_mean", mean)
                .with("over_none", min / base - 1.0)
                .with("contact_rows", rows as f64 / 100.0)
                .with("slots_per_particle", rows as f64 / 100.0 / cloth.nodes() as f64)
                .with("slot_limit_hits", full)
                .with("memory_kib", cloth.memory().total() as f64 / 1024.0)
                .with("threads", 1usize)
                .with("hash", format!("{:016x}", r.hash)),
        );
    }
    out.flush();
}

fn w3_cloth(kernel: Kernel) -> Cloth {
    let mut c = crate::workloads::w1_cloth(kernel, crate::workloads::w1_dynamics(), true);
    c.set_kernel(kernel);
    c
}

/// A square sheet `side` m across of `n × n` nodes lying flat (in the xz
/// plane, from the origin) at height `y`, nothing fixed, masses lumped at
/// `density` kg/m²: the floor scenes' cloth (`examples/floor_rest.rs`,
/// `examples/pinch.rs`).
pub fn floor_sheet(n: usize, side: f64, density: f64, y: f32) -> cloth_solver::ClothInput {
    let spec = scenes::SheetSpec {
        columns: n,
        rows: n,
        spacing: side / (n - 1) as f64,
        mass: density * side * side,
        fixed: |_, _, _, _| false,
        plane: scenes::SheetPlane::Horizontal,
        lean: 0.0,
    };
    let mut input = spec.input();
    input.positions.iter_mut().for_each(|x| x[1] = y);
    input.masses = scenes::lumped_masses(&input.positions, &input.triangles, density);
    input
}
