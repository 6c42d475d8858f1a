//! The summary: one row per garment, printed as a table and written as
//! `summary.csv` (the same numbers, full precision, for scripts and tests).

use crate::garments::Garment;
use std::fmt::Write as _;

/// One garment's summary row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub garment: &'static str,
    pub preset: &'static str,
    pub particles: usize,
    pub stretch: usize,
    pub bend: usize,
    pub skip: usize,
    pub tether: usize,
    pub leash: usize,
    /// Strain-limit rows: a second multiplier on every stretch row when the
    /// preset limits strain (§14), else none.
    pub strain: usize,
    pub substeps: u32,
    pub iterations: u32,
    pub ms_min: f64,
    pub ms_median: f64,
    pub worst_tether: f64,
    /// Deepest a free particle went inside the body over the run, m.
    pub worst_depth: f64,
    pub final_energy: f64,
    pub asleep_since: Option<f64>,
    pub watchdog_resets: u32,
}

impl Row {
    pub fn of(g: &Garment) -> Row {
        let m = g.cloth.model();
        let d = g.cloth.dynamics();
        Row {
            garment: g.piece.name(),
            preset: g.preset.name,
            particles: m.nodes,
            stretch: m.links.stretch_count(),
            bend: m.bend.count(),
            skip: m.links.skip_count(),
            tether: m.unary.tethered,
            leash: g.cloth.leash_rows(),
            strain: if d.strain_limit { m.links.stretch_count() } else { 0 },
            substeps: d.substeps,
            iterations: d.iterations,
            ms_min: g.stats.ms_min(),
            ms_median: g.stats.ms_median(),
            worst_tether: g.stats.worst_tether,
            worst_depth: g.stats.worst_depth,
            final_energy: g.cloth.kinetic_energy(),
            asleep_since: g.stats.asleep_since,
            watchdog_resets: g.stats.watchdog_resets,
        }
    }

    fn sleep(&self) -> String {
        match self.asleep_since {
            Some(t) => format!("asleep {t:.2} s"),
            None => "awake".to_string(),
        }
    }
}

/// The table a person reads.
pub fn table(rows: &[Row]) -> String {
    let header = [
        "garment",
        "preset",
        "particles",
        "rows str/bend/skip/teth/leash/strain",
        "budget",
        "ms min",
        "ms median",
        "worst tether",
        "worst penetration",
        "final KE (J)",
        "sleep",
    ];
    let cells: Vec<[String; 11]> = rows
        .iter()
        .map(|r| {
            [
                r.garment.to_string(),
                r.preset.to_string(),
                r.particles.to_string(),
                format!("{}/{}/{}/{}/{}/{}", r.stretch, r.bend, r.skip, r.tether, r.leash, r.strain),
                format!("{}x{}", r.substeps, r.iterations),
                format!("{:.3}", r.ms_min),
                format!("{:.3}", r.ms_median),
                format!("{:.3}", r.worst_tether),
                format!("{:.1} mm", r.worst_depth * 1e3),
                format!("{:.2e}", r.final_energy),
                r.sleep(),
            ]
        })
        .collect();
    let width: Vec<usize> = (0..header.len())
        .map(|k| cells.iter().map(|c| c[k].len()).chain([header[k].len()]).max().unwrap_or(0))
        .collect();
    let mut s = String::new();
    let line = |s: &mut String, items: &[String]| {
        let parts: Vec<String> = items
            .iter()
            .enumerate()
            .map(|(k, v)| if k < 2 { format!("{v:<w$}", w = width[k]) } else { format!("{v:>w$}", w = width[k]) })
            .collect();
        let _ = writeln!(s, "{}", parts.join("  ").trim_end());
    };
    line(&mut s, &header.map(String::from));
    line(&mut s, &width.iter().map(|&w| "-".repeat(w)).collect::<Vec<_>>());
    for c in &cells {
        line(&mut s, c);
    }
    s
}

/// The CSV header, column by column as [`csv`] writes them.
pub const CSV_HEADER: &str = "garment,preset,particles,stretch_rows,bend_rows,skip_rows,tether_rows,leash_rows,\
strain_rows,substeps,iterations,ms_min,ms_median,worst_tether,worst_penetration_m,final_kinetic_j,asleep_since_s,\
watchdog_resets";

/// The rows as CSV (an empty `asleep_since_s` means awake at the end).
pub fn csv(rows: &[Row]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{CSV_HEADER}");
    for r in rows {
        let since = r.asleep_since.map(|t| format!("{t}")).unwrap_or_default();
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            r.garment,
            r.preset,
            r.particles,
            r.stretch,
            r.bend,
            r.skip,
            r.tether,
            r.leash,
            r.strain,
            r.substeps,
            r.iterations,
            r.ms_min,
            r.ms_median,
            r.worst_tether,
            r.worst_depth,
            r.final_energy,
            since,
            r.watchdog_resets
        );
    }
    s
}
