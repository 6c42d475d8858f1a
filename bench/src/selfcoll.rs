//! Re-runs of the record's M4 tables (§31–§37) on the folding sheet and the
//! strip cape, and the cost of the search and the rows (§33–§34). Physical
//! cells come from `cloth_solver::experiments`, the functions the M4 gates
//! assert on.

use crate::{machine, stats, Output, Row};
use cloth_solver::experiments::{self as e, Folding};
use cloth_solver::scenes::{self, SheetPlane, SheetSpec};
use cloth_solver::{library, self_pair, Cloth, Dynamics, SeedOptions, Tuning};
use std::time::Instant;

const SEEDS: std::ops::Range<u64> = 0..12;

fn folding_row(out: &mut Output, table: &str, variant: String, f: &Folding, none: Option<f64>) {
    let mut row = Row::new(table, variant)
        .with("crossings_mean", f.crossings)
        .with("crossings_worst", f.worst)
        .with("pairs_per_step", f.pairs)
        .with("stencils_per_step", f.stencils)
        .with("pairs_at_rest", f.rest_pairs)
        .with("crossings_at_rest", f.rest_crossings)
        .with("kinetic", f.kinetic);
    if let Some(none) = none {
        row = row.with("removed", 1.0 - f.crossings / none);
    }
    out.row(row);
}

fn note_scene(out: &mut Output) {
    out.note(&format!(
        "the folding sheet: 12×12 at 2 cm pinned by a corner, HAIR's fabric (6 mm, bend 0.2, 2×4), a {} m/s² gust for 8 s \
         then 4 s calm; crossings sampled every 20th gust step; mean over {} gust realisations (rest: worst realisation)",
        e::FOLDING_GUST,
        SEEDS.end - SEEDS.start
    ));
}

/// `self-radius`: §31, the radius swept with everything else fixed, pairs
/// only (the record's tier) and with the point–triangle / edge–edge rows.
pub fn radius(out: &mut Output) {
    let shipped = shipped_radius() * 1e3;
    out.note(&format!(
        "§31: the self radius swept ({shipped:.1} mm is the shipped rule's answer, spacing/√2; the record's, spacing/2, is 10 mm)"
    ));
    note_scene(out);
    let t = Tuning::default();
    let none = e::folding_mean(SEEDS, e::FOLDING_GUST, e::folding_dynamics(false), t);
    folding_row(out, "self-radius", "no rows".into(), &none, None);
    for mm in [3.0, 6.0, 8.0, 10.0, 12.0, shipped, 16.0] {
        let scale = mm / shipped;
        for stencils in [false, true] {
            let tuning = Tuning { self_radius_scale: scale, self_stencils: stencils, ..t };
            let f = e::folding_mean(SEEDS, e::FOLDING_GUST, e::folding_dynamics(true), tuning);
            let tier = if stencils { "pairs+stencils" } else { "pairs" };
            folding_row(out, "self-radius", format!("{mm:.1} mm {tier}"), &f, Some(none.crossings));
        }
    }
    out.flush();
}

/// `self-stiffness`: §32, the rows' ratio swept at the shipped radius.
pub fn stiffness(out: &mut Output) {
    out.note("§32: self-row stiffness over m_eff/h² swept at the shipped radius (stencils scale theirs to match a pair's closing fraction)");
    note_scene(out);
    let t = Tuning::default();
    let none = e::folding_mean(SEEDS, e::FOLDING_GUST, e::folding_dynamics(false), t);
    for ratio in [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0] {
        for stencils in [false, true] {
            let tuning = Tuning { self_ratio: ratio, self_stencils: stencils, ..t };
            let f = e::folding_mean(SEEDS, e::FOLDING_GUST, e::folding_dynamics(true), tuning);
            let tier = if stencils { "pairs+stencils" } else { "pairs" };
            folding_row(out, "self-stiffness", format!("{ratio} {tier}"), &f, Some(none.crossings));
        }
    }
    out.flush();
}

/// `self-gust`: the tier against a harder gust, where a step's motion
/// outruns a search made once per step.
pub fn gust(out: &mut Output) {
    out.note("the folding sheet under gusts of increasing strength (m/s² peak), the shipped radius");
    let t = Tuning::default();
    for g in [10.0, 14.0, 20.0, 25.0, 40.0] {
        let none = e::folding_mean(SEEDS, g, e::folding_dynamics(false), t);
        folding_row(out, "self-gust", format!("{g} none"), &none, None);
        let pairs = e::folding_mean(SEEDS, g, e::folding_dynamics(true), Tuning { self_stencils: false, ..t });
        folding_row(out, "self-gust", format!("{g} pairs"), &pairs, Some(none.crossings));
        let all = e::folding_mean(SEEDS, g, e::folding_dynamics(true), Tuning { self_stencils: true, ..t });
        folding_row(out, "self-gust", format!("{g} pairs+stencils"), &all, Some(none.crossings));
    }
    out.flush();
}

/// `self-library`: §33, each library entry's `bend` on the folding sheet,
/// without and with the rows.
pub fn library_table(out: &mut Output) {
    out.note(
        "§33: the folding sheet with each library entry's bend (nothing else changed), without and with self rows",
    );
    note_scene(out);
    let t = Tuning::default();
    for p in [library::SILK, library::HAIR, library::COTTON, library::DENIM, library::LEATHER] {
        let d = |on: bool| Dynamics { bend: p.dynamics.bend, ..e::folding_dynamics(on) };
        let none = e::folding_mean(SEEDS, e::FOLDING_GUST, d(false), t);
        folding_row(out, "self-library", format!("{} none", p.name), &none, None);
        let pairs = e::folding_mean(SEEDS, e::FOLDING_GUST, d(true), Tuning { self_stencils: false, ..t });
        folding_row(out, "self-library", format!("{} pairs", p.name), &pairs, Some(none.crossings));
        let all = e::folding_mean(SEEDS, e::FOLDING_GUST, d(true), Tuning { self_stencils: true, ..t });
        folding_row(out, "self-library", format!("{} pairs+stencils", p.name), &all, Some(none.crossings));
    }
    out.flush();
}

/// The shipped self radius on the folding sheet, m.
fn shipped_radius() -> f64 {
    let d = e::folding_dynamics(true);
    let c = Cloth::new(&scenes::folding_sheet().input(), d).expect("seeds");
    self_pair::radius(c.model(), d.thickness)
}

/// `self-diameter`: §36, the diameter swept in spacings, pairs while folding
/// and at rest — the cliff at two spacings.
pub fn diameter(out: &mut Output) {
    let shipped = 2.0 * shipped_radius() / scenes::folding_sheet().spacing;
    out.note(&format!("§36: the pair diameter in particle spacings (shipped: {shipped:.3}, √2), pairs only"));
    note_scene(out);
    let t = Tuning::default();
    for dia in [0.5, 0.8, 1.0, 1.2, std::f64::consts::SQRT_2, 1.6, 1.8, 1.9, 2.0, 2.2] {
        let tuning = Tuning { self_radius_scale: dia / shipped, self_stencils: false, ..t };
        let f = e::folding_mean(SEEDS, e::FOLDING_GUST, e::folding_dynamics(true), tuning);
        folding_row(out, "self-diameter", format!("{dia:.3}x"), &f, None);
    }
    out.flush();
}

/// `self-cape`: §37, the strip cape's radius and width.
pub fn cape(out: &mut Output) {
    let (input, _) = cloth_solver::front_door::tree(&scenes::strip_cape()).expect("seeds");
    let c = Cloth::new(&input, library::SILK.dynamics).expect("seeds");
    let m = c.model();
    out.note("§37: the strip cape (5 strips × 7 joints, 8.5 cm apart, links 0.0801 m, roots on a 0.6× neckline), silk 2×4, 20 s from the bind pose; closest: two strips' nearest nodes from 2 s on, in diameters");
    out.note(&format!(
        "shortest row {:.4} m; two hops (a sheet's rule) {:.4} m; closest free pair, measured {:.4} m; radius {:.4} m",
        m.shortest_row,
        2.0 * m.shortest_row,
        m.closest_free_pair.unwrap_or(f32::NAN),
        self_pair::radius(m, library::SILK.dynamics.thickness)
    ));
    let off = e::strip_cape(false, 2, 4);
    let on = e::strip_cape(true, 2, 4);
    out.note(&format!("bind pose: {:.3} m wide", off.bind_width));
    for (variant, c) in [("settled, no self-collision", off), ("settled, with it", on)] {
        out.row(
            Row::new("self-cape", variant)
                .with("width_m", c.width)
                .with("vs_bind", c.width / c.bind_width - 1.0)
                .with("closest_diameters", c.closest)
                .with("closest_at_rest", c.closest_at_rest)
                .with("pairs_at_rest", c.pairs),
        );
    }
    out.flush();
}

/// `self-cost`: §33–§34, the step with and without self-collision on square
/// sheets folding in the gust, and the search alone, side by side.
pub fn cost(out: &mut Output, rounds: usize, frames: usize) {
    out.note(&format!(
        "§34: sheets at 2 cm pinned by a corner in the folding gust, HAIR's fabric; {frames} frames after a {frames}-frame warm-up, {rounds} rounds, fresh cloth per round; {}",
        machine()
    ));
    for n in [12usize, 16, 22, 32] {
        let spec = SheetSpec {
            columns: n,
            rows: n,
            spacing: 0.02,
            mass: 0.06 * (n * n) as f64 / 144.0,
            fixed: scenes::one_corner,
            plane: SheetPlane::Horizontal,
            lean: 1e-3,
        };
        let input = spec.input();
        let variants: [(&str, bool, bool); 3] =
            [("off", false, false), ("pairs", true, false), ("pairs+stencils", true, true)];
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); 3];
        let mut search: Vec<Vec<f64>> = vec![Vec::new(); 3];
        let mut rows = [0.0f64; 3];
        for _ in 0..rounds {
            for (v, &(_, on, stencils)) in variants.iter().enumerate() {
                let d = e::folding_dynamics(on);
                let tuning = Tuning { self_stencils: stencils, sleep: false, ..Tuning::default() };
                let mut c = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("seeds");
                let gust = scenes::Gust::new(3, e::FOLDING_GUST);
                for k in 0..2 * frames {
                    c.set_dynamics(Dynamics { gravity: gust.gravity(k, d.dt), ..d }).expect("valid");
                    let t = Instant::now();
                    c.step();
                    let ms = t.elapsed().as_secs_f64() * 1e3;
                    if k >= frames {
                        times[v].push(ms);
                        let s = c.state().self_collision.stats;
                        rows[v] += (s.pairs + s.point_triangle + s.edge_edge) as f64 / (frames * rounds) as f64;
                        if on && k % 8 == 0 {
                            // The search alone, again, on this step's start
                            // positions (a clone, so the cloth is untouched).
                            let mut sc = c.state().self_collision.clone();
                            let r = self_pair::radius(c.model(), d.thickness);
                            let x = c.state().x.clone();
                            let t = Instant::now();
                            sc.search(c.model(), &x, r, stencils);
                            search[v].push(t.elapsed().as_secs_f64() * 1e3);
                        }
                    }
                }
            }
        }
        let off = stats(&times[0]).0;
        for (v, &(name, _, _)) in variants.iter().enumerate() {
            let (min, med, _) = stats(&times[v]);
            let mut row = Row::new("self-cost", format!("{} {name}", n * n))
                .with("particles", n * n)
                .with("ms_min", min)
                .with("ms_median", med)
                .with("vs_off", min / off - 1.0)
                .with("rows_per_step", rows[v]);
            if !search[v].is_empty() {
                let (smin, smed, _) = stats(&search[v]);
                row = row.with("search_ms_min", smin).with("search_ms_median", smed).with("search_share", smin / min);
            }
            out.row(row);
        }
    }
    out.flush();
}
