//! Re-runs of the reference record's tables (one name each), printed in the
//! record's shape. Every cell comes from `cloth_solver::experiments`, the
//! same functions the gates assert on.

use crate::{Output, Row};
use cloth_solver::experiments;
use cloth_solver::{Kernel, Tuning};
use std::time::Instant;

/// `alpha-gamma`: §2's α·γ × ratio table on the 20-link hard chain.
pub fn alpha_gamma(out: &mut Output, kernel: Kernel) {
    out.note("§2: worst |C|/L0 / kinetic energy after 400 steps, 20-link hard chain, 2×4");
    for ratio in [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 128.0, 1024.0] {
        let mut row = Row::new("alpha-gamma", format!("x{ratio}")).with("particles", 21usize);
        for (key, ag) in [
            ("ag=0", 0.0),
            ("ag=0.1", 0.1),
            ("ag=0.2", 0.2),
            ("ag=0.25", 0.25),
            ("ag=0.3", 0.3),
            ("ag=0.4", 0.4),
            ("ag=0.5", 0.5),
            ("ag=0.6", 0.6),
        ] {
            row = row.with(key, experiments::hard_chain(5e-4, ag, ratio, 2, 4, 400, kernel).label());
        }
        out.row(row);
    }
    out.flush();
}

/// `mass`: §4, the band as a ratio across five decades of particle mass.
pub fn mass(out: &mut Output, kernel: Kernel) {
    out.note("§4: worst |C|/L0 / kinetic energy after 400 steps at α·γ = 0.25, by particle mass and ratio");
    for m in [5e-6, 5e-4, 5e-2, 5.0] {
        let mut row = Row::new("mass", format!("{m:e} kg")).with("particles", 21usize).with("m/h2", m * 14400.0);
        for (key, ratio) in [
            ("x0.3", 0.3),
            ("x1", 1.0),
            ("x2", 2.0),
            ("x4", 4.0),
            ("x8", 8.0),
            ("x16", 16.0),
            ("x64", 64.0),
            ("x256", 256.0),
        ] {
            let c = experiments::hard_chain(m, 0.25, ratio, 2, 4, 400, kernel);
            // §4 prints the end state; mark cells whose links doubled on the way.
            let mut label = format!("{:.1e}/{:.0e}", c.residual, c.kinetic);
            if c.peak > 1.0 {
                label.push('†');
            }
            row = row.with(key, label);
        }
        out.row(row);
    }
    out.note("† a link more than doubled at some step (the record prints these cells' end state)");
    out.flush();
}

/// `iterations`: §6's hard chains of n links × iterations.
pub fn iterations(out: &mut Output, kernel: Kernel) {
    out.note("§6: worst |C|/L0 / kinetic energy after 400 steps, hard chains, 2 substeps");
    for it in [1u32, 2, 4, 8, 16] {
        let mut row = Row::new("iterations", format!("{it} it"));
        for (key, n) in [("n=1", 1), ("n=2", 2), ("n=5", 5), ("n=10", 10), ("n=20", 20), ("n=40", 40), ("n=80", 80)] {
            let c = experiments::hard_chain_links(n, 5e-4, 0.25, 8.0, 2, it, 400, kernel);
            row = row.with(key, format!("{:.1e}/{:.0e}", c.residual, c.kinetic));
        }
        out.row(row);
    }
    out.flush();
}

/// `sheet`: §6's 16×20 sheet, hard against soft stretch rows.
pub fn sheet(out: &mut Output, kernel: Kernel) {
    out.note("§6: 16×20 sheet at 2 cm, 0.3 kg, hung in its own plane, no bend rows, 1,500 steps");
    let mh2 = 0.3 / 320.0 * 14400.0;
    for (name, k, s, i) in [
        ("hard (AL, x8)", f64::INFINITY, 2, 4),
        ("soft 1e2 N/m", 1e2, 2, 4),
        ("soft 1e3 N/m", 1e3, 2, 4),
        ("soft 1e4 N/m", 1e4, 2, 4),
        ("soft 1e5 N/m", 1e5, 2, 4),
        ("soft 1e4 at 16 it", 1e4, 2, 16),
        ("soft 1e4 at 8 substeps", 1e4, 8, 4),
    ] {
        let t = Instant::now();
        let run = experiments::m0_sheet_run(k, s, i, 1500, kernel);
        let ms = t.elapsed().as_secs_f64() * 1e3 / 1500.0;
        let ratio = if k.is_finite() { k / mh2 } else { 8.0 };
        let (lo, hi) = run.mechanical.iter().fold((f64::MAX, f64::MIN), |(a, b), &e| (a.min(e), b.max(e)));
        out.row(
            Row::new("sheet", name)
                .with("particles", 320usize)
                .with("k/(m/h2)", ratio)
                .with("final_kinetic", run.final_kinetic)
                .with("mechanical_min", lo)
                .with("mechanical_max", hi)
                .with("settles", run.final_kinetic < 1e-7)
                .with("ms_min", ms)
                .with("ms_median", ms),
        );
    }
    out.flush();
}

/// `hooke`: §3, a soft row reads Hooke whatever the hard-row constants are.
pub fn hooke(out: &mut Output, kernel: Kernel) {
    out.note("§3: 0.05 kg on a 1 kN/m soft row, extension / Hooke after 600 steps");
    for (name, t) in [
        ("chosen", Tuning::default()),
        ("alpha=0", Tuning { alpha: 0.0, ..Tuning::default() }),
        ("alpha=1 gamma=1", Tuning { alpha: 1.0, gamma: 1.0, ..Tuning::default() }),
        ("beta=1e5", Tuning { hard_beta: 1e5, ..Tuning::default() }),
        ("band x1024", Tuning { hard_band: (1024.0, 1024.0), ..Tuning::default() }),
    ] {
        out.row(
            Row::new("hooke", name)
                .with("extension/hooke", format!("{:.5}", experiments::hooke_ratio(1000.0, t, kernel))),
        );
    }
    out.flush();
}

/// `geometric`: §5.1, one vertex update against the tension.
pub fn geometric(out: &mut Output) {
    out.note("§5.1: one free particle between two anchors, m/h² = 144; ΔE/E of one vertex update");
    for ratio in [0.733, 3.84, 384.0, 1.01e4, 6.90e4] {
        let (kept, dropped) = experiments::geometric_stiffness_update(ratio);
        out.row(
            Row::new("geometric", format!("{ratio:e}"))
                .with("fc/L", ratio * 144.0)
                .with("dropped_pct", format!("{:+.1}%", 100.0 * dropped))
                .with("psd_half_kept_pct", format!("{:+.1}%", 100.0 * kept)),
        );
    }
    out.flush();
}
