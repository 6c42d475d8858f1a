//! Re-runs of the record's M1 and M3 tables (§10–§13, §25–§26), and the
//! measurements behind the library's unrecorded values. Every cell comes from
//! `cloth_solver::experiments`, the functions the gates assert on.

use crate::{Output, Row};
use cloth_solver::experiments as e;
use cloth_solver::scenes::Motion;
use cloth_solver::strain_limit::{self, StrainLimitMode};
use cloth_solver::{library, Cloth, Dynamics, SeedOptions, TeleportMode, Tuning};

/// `tether`: §10, worst `|x − anchor|/d_geo` over 600 steps on the 3-strand rig.
pub fn tether(out: &mut Output) {
    out.note("§10: 3 strands × 30 links at 5 cm, dropped through 90°; worst |x − anchor|/d_geo over 600 steps");
    let record = [(1.0155, 1.4650), (1.0039, 1.1899), (1.0020, 1.0568), (1.0012, 1.0199)];
    for ((s, i), (rt, ru)) in [(1, 1), (1, 2), (2, 2), (2, 4)].into_iter().zip(record) {
        out.row(
            Row::new("tether", format!("{s}x{i}"))
                .with("tethered", e::tether_rig(s, i, true, false))
                .with("no_tether", e::tether_rig(s, i, false, false))
                .with("tethered_with_skip_rows", e::tether_rig(s, i, true, true))
                .with("record_tethered", rt)
                .with("record_no_tether", ru),
        );
    }
    out.flush();
}

/// `kick`: §10's second table, the rig kicked sideways.
pub fn kick(out: &mut Output) {
    out.note("§10: the rig at rest, kicked sideways; worst and final tether ratio over 600 steps");
    for (s, i, v) in [(1, 1, 2.0), (1, 1, 6.0), (1, 1, 16.0), (2, 4, 2.0), (2, 4, 6.0), (2, 4, 16.0)] {
        let authority = 0.05 * (s * i) as f64 * 60.0;
        let (worst, last) = e::tether_kick(s, i, v);
        out.row(
            Row::new("kick", format!("{s}x{i} {v} m/s"))
                .with("correction_authority", authority)
                .with("worst", worst)
                .with("final", last),
        );
    }
    out.flush();
}

fn strain_rope_mode(s: u32, i: u32, stretch: f64, mode: Option<StrainLimitMode>) -> f64 {
    let d = Dynamics {
        substeps: s,
        iterations: i,
        stretch,
        strain_limit: mode.is_some(),
        damping: 0.0,
        bend: 0.0,
        ..Dynamics::default()
    };
    let tuning = Tuning { sleep: false, strain_mode: mode.unwrap_or_default(), ..Tuning::default() };
    let mut c = Cloth::with_options(&e::strands(1, 24, 0.05), d, tuning, SeedOptions::default()).expect("seeds");
    let mut worst: f64 = 0.0;
    for _ in 0..600 {
        c.step();
        worst = worst.max(c.worst_link_ratio());
    }
    worst
}

/// `strain`: §11, the strain limit's formulations side by side.
pub fn strain(out: &mut Output) {
    out.note(
        "§11: 24-link rope at 5 cm, tethered, dropped; worst link/rest over 600 steps, by strain-limit formulation",
    );
    for (s, i) in [(1, 1), (1, 2), (2, 2), (2, 4)] {
        for stretch in [0.2, 0.5, 1.0] {
            let none = strain_rope_mode(s, i, stretch, None);
            let row = |mode| strain_rope_mode(s, i, stretch, Some(mode));
            let projection = row(StrainLimitMode::Projection);
            out.row(
                Row::new("strain", format!("{s}x{i} stretch {stretch}"))
                    .with("allowance", strain_limit::allowance(stretch))
                    .with("none", none)
                    .with("multiplier", row(StrainLimitMode::Multiplier))
                    .with("projection", projection)
                    .with("both", row(StrainLimitMode::Both))
                    .with("projection_removes_pct", 100.0 * (none - projection) / (none - 1.0)),
            );
        }
    }
    out.flush();
}

/// `sleep`: §12, steps to sleep per library entry.
pub fn sleep(out: &mut Output) {
    out.note("§12: a 12-link chain at 8 cm set swinging at 3 m/s with each entry's dynamics; step it falls asleep");
    let record = [770, 438, 220, 238, 501, 285, 295];
    for (p, r) in library::ALL.iter().zip(record) {
        out.row(
            Row::new("sleep", p.name)
                .with("damping", p.dynamics.damping)
                .with("steps", e::sleep_steps(p, 5000).map_or(-1.0, |s| s as f64))
                .with("record_steps", r as f64),
        );
    }
    out.flush();
}

/// `damping`: §12's damping table.
pub fn damping(out: &mut Output) {
    out.note("§12: 16-link rope at 5 cm, stretch rows forced soft at 1e5 N/m; kinetic energy after 1,500 steps");
    for (d, r) in [(0.0, 2.90e-3), (0.02, 6.18e-5), (0.05, 2.39e-5), (0.12, 1.28e-6), (0.3, 7.30e-11), (1.0, 1.82e-12)]
    {
        out.row(Row::new("damping", format!("{d}")).with("kinetic", e::damping_energy(d)).with("record", r));
    }
    out.flush();
}

/// `teleport`: §13.
pub fn teleport(out: &mut Output) {
    out.note("§13: 16-link rope at 10 cm on a walking anchor, jumped 1 km");
    for (mode, name) in [(TeleportMode::Reset, "reset"), (TeleportMode::Keep, "keep")] {
        let t = e::teleport(mode);
        out.row(
            Row::new("teleport", name)
                .with("teleports", t.teleports as usize)
                .with("peak_speed", t.peak_speed)
                .with("pre_peak_speed", t.pre_peak_speed)
                .with("first_step_shift", t.first_step_shift)
                .with("tip_x", t.tip[0])
                .with("tip_y", t.tip[1]),
        );
    }
    out.flush();
}

/// `locomotion`: §13's sprint, every entry at its own budget.
pub fn locomotion(out: &mut Output) {
    out.note("§13: 20-link rope at 10 cm, anchor on a ±9 m/s square wave for 15 s; peak cloth-local speed");
    let record = [
        (29.32, 1.0000),
        (13.97, 0.9999),
        (13.29, 1.0035),
        (16.80, 1.0018),
        (13.11, 1.0004),
        (11.32, 1.0003),
        (13.19, 0.9996),
    ];
    for (p, (rp, rt)) in library::ALL.iter().zip(record) {
        let l = e::locomotion(p, Motion::SPRINT);
        out.row(
            Row::new("locomotion", p.name)
                .with("inertia", p.dynamics.inertia)
                .with("peak", l.peak)
                .with("clamp", l.clamp)
                .with("headroom", l.clamp / l.peak)
                .with("teleports", l.teleports as usize)
                .with("worst_tether", l.worst_tether)
                .with("record_peak", rp)
                .with("record_tether", rt),
        );
    }
    out.flush();
}

/// `inertia`: §13's lag table.
pub fn inertia(out: &mut Output) {
    out.note("§13: 10-link rope at 10 cm on the sprint profile; largest tip offset from the still-anchor rope, m");
    for (i, r) in [(0.0, 0.0), (0.18, f64::NAN), (0.25, 0.2031), (0.5, 0.3681), (0.75, 0.5249), (1.0, 0.6522)] {
        out.row(Row::new("inertia", format!("{i}")).with("lag_m", e::inertia_lag(i)).with("record_m", r));
    }
    out.flush();
}

/// `garment`: §25–§26, the fanned cape through both front doors.
pub fn garment(out: &mut Output) {
    out.note(
        "§25–§26: 5 strips × 7 joints, reach ≈ 0.67 m; worst |x − anchor|/d_geo over 600 steps, tree and rig paths",
    );
    let record =
        [("silk", [1.0005, 1.0027, 1.1254]), ("denim", [1.0026, 1.0019, 1.4561]), ("chain", [1.0002, 1.0029, 1.1738])];
    for (p, (_, rec)) in [library::SILK, library::DENIM, library::CHAIN].iter().zip(record) {
        for (m, (name, r)) in [Motion::Still, Motion::WALK, Motion::SPRINT].into_iter().zip([
            ("still", rec[0]),
            ("walk", rec[1]),
            ("sprint", rec[2]),
        ]) {
            let (tree, wt) = e::fan_cape_run(p, m, false, 600);
            let (rig, wr) = e::fan_cape_run(p, m, true, 600);
            out.row(
                Row::new("garment", format!("{} {name}", p.name))
                    .with("tree", wt)
                    .with("rig", wr)
                    .with("bit_identical", tree.positions() == rig.positions())
                    .with("record", r),
            );
        }
    }
    out.flush();
}

/// `inertia-choice`: the measurement behind each entry's inertia.
pub fn inertia_choice(out: &mut Output) {
    out.note(
        "library inertia: worst tether on §13's sprint rope / on §26's cape (900 steps) / clamp headroom, by inertia",
    );
    out.note("rule: the largest tenth with rope ≤ 1.004, cape ≤ 1.05 and headroom ≥ 5");
    for p in library::ALL {
        // The largest tenth that passes (the library's rule, `library.rs`).
        let mut chosen = 0.0;
        let mut row = Row::new("inertia-choice", p.name);
        for k in 1..=10 {
            let inertia = k as f64 / 10.0;
            let preset = library::Preset { dynamics: Dynamics { inertia, ..p.dynamics }, ..p };
            let l = e::locomotion(&preset, Motion::SPRINT);
            let (_, cape) = e::fan_cape_run(&preset, Motion::SPRINT, false, 900);
            if l.worst_tether <= 1.004 && cape <= 1.05 && l.clamp / l.peak >= 5.0 {
                chosen = inertia;
            }
            row = row.with(
                ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"][k - 1],
                format!("{:.4}/{cape:.4}/{:.0}", l.worst_tether, l.clamp / l.peak),
            );
        }
        out.row(row.with("rule", chosen).with("shipped", p.dynamics.inertia));
    }
    out.flush();
}

/// `strain-sheet`: the strain limit's formulations on W1's sheet (tethered or
/// not) and on §12's swinging denim chain — the evidence for the projection.
pub fn strain_sheet(out: &mut Output) {
    use cloth_solver::scenes;
    out.note("strain-limit formulations: W0's sheet + strain limit (stretch 1), 1,500 frames; denim's §12 chain");
    for mode in [StrainLimitMode::Multiplier, StrainLimitMode::Projection, StrainLimitMode::Both] {
        let sheet = |tethers: bool| {
            let d = Dynamics { strain_limit: true, stretch: 1.0, ..scenes::w0_dynamics() };
            let o = SeedOptions { tethers, ..SeedOptions::m0() };
            let t = Tuning { strain_mode: mode, sleep: false, ..Tuning::default() };
            let mut c = Cloth::with_options(&scenes::w0_sheet().input(), d, t, o).expect("seeds");
            for _ in 0..1500 {
                c.step();
            }
            (c.kinetic_energy(), c.worst_stretch_strain())
        };
        let (ke_u, s_u) = sheet(false);
        let (ke_t, s_t) = sheet(true);
        let spec =
            scenes::ChainSpec { links: 12, link: 0.08, particle_mass: 0.01, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
        let t = Tuning { strain_mode: mode, ..Tuning::default() };
        let mut chain =
            Cloth::with_options(&spec.input(), library::DENIM.dynamics, t, SeedOptions::default()).expect("seeds");
        for node in 1..chain.nodes() {
            chain.set_velocity(node, [3.0, 0.0, 0.0]);
        }
        let sleeps = (1..=3000).find(|_| chain.step().fell_asleep).map_or(-1.0, |s| s as f64);
        out.row(
            Row::new("strain-sheet", format!("{mode:?}"))
                .with("untethered_kinetic", ke_u)
                .with("untethered_worst_strain", s_u)
                .with("tethered_kinetic", ke_t)
                .with("tethered_worst_strain", s_t)
                .with("rope_2x2_worst_link", strain_rope_mode(2, 2, 1.0, Some(mode)))
                .with("denim_chain_sleeps", sleeps),
        );
    }
    out.flush();
}
