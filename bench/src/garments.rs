//! `garments`: general content (PERFORMANCE.md, "General content"). Every
//! library preset at its own budget on the cases users author and the
//! record never had: two pins, irregular capes, free fall, spin, a fast
//! anchor. Every cell comes from `cloth_solver::experiments`, the functions
//! the gates (`solver/tests/garments.rs`) assert on.

use crate::{Output, Row};
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, Tuning};

/// Seconds each settling case runs (the gates: asleep within 20 s, capes 15 s).
const SETTLE_SECONDS: f64 = 20.0;

/// The settling cases: two pins, irregular capes (six seeds), capes on a
/// torso, two capes with nothing pinned dropped on a floor, and two skirts.
pub fn cases() -> Vec<GarmentCase> {
    let mut cases = vec![GarmentCase::Chain, GarmentCase::Ribbon, GarmentCase::Corners];
    cases.extend((0..6).map(GarmentCase::Cape));
    cases.extend((0..3).map(GarmentCase::CapeOnTorso));
    cases.extend([1, 3].map(GarmentCase::Dropped));
    cases.extend([0, 1].map(GarmentCase::Skirt));
    cases
}

/// The settling table: per preset and case, the worst row at the end and over
/// the run, when it settled and fell asleep, its last speed.
pub fn settling(out: &mut Output, tuning: Tuning) {
    out.note("garments: every preset at its own budget, 20 s from rest in the bind pose; strain = worst link/rest − 1");
    for preset in library::ALL {
        for case in cases() {
            let o = e::garment_tuned(&preset, case, SETTLE_SECONDS, tuning);
            out.row(
                Row::new("garments", format!("{} {}", preset.name, case.name()))
                    .with("allowance", o.allowance)
                    .with("worst_strain", o.worst_strain)
                    .with("peak_strain", o.peak_strain)
                    .with("settle_s", o.settle_s.unwrap_or(f64::NAN))
                    .with("asleep_s", o.asleep_at.map_or(f64::NAN, |k| k as f64 * preset.dynamics.dt))
                    .with("final_speed", o.final_speed)
                    .with("resets", o.resets as usize),
            );
        }
    }
    out.flush();
}

/// Free fall, spin and the moving anchor, per preset.
pub fn motion(out: &mut Output) {
    out.note("garments: free fall (damping 0, centre of mass over ½gt²), spin (gravity 0, damping 0, angular momentum kept after 10 s, strain limit on / off), and a sheet on an anchor at constant speed (largest distance from the still-anchor sheet after 5 s, clamp firings)");
    for preset in library::ALL {
        let proxy = e::free_proxy(&preset);
        let cape = e::GarmentCase::Cape(1).input(&preset);
        let mut free_cape = cape.clone();
        free_cape.fixed.iter_mut().for_each(|f| *f = false);
        let (fall1, fall3) = e::free_fall(&preset, &proxy);
        let (cape1, cape3) = e::free_fall(&preset, &free_cape);
        // Both proxies lie in the XY plane: a sheet spins about its normal,
        // a chain end over end.
        let axis = [0.0, 0.0, 1.0];
        let on = e::spin(&preset, &proxy, axis, 3.0, 10.0, true);
        let off = e::spin(&preset, &proxy, axis, 3.0, 10.0, false);
        let hanging = cloth_solver::scenes::library_proxy(&preset);
        let mut row = Row::new("garments-motion", preset.name)
            .with("fall_1s", fall1)
            .with("fall_3s", fall3)
            .with("cape_fall_1s", cape1)
            .with("cape_fall_3s", cape3)
            .with("spin_kept", on)
            .with("spin_kept_no_limit", off);
        for (speed, mm, clamps) in [
            (1.0, "moving_1_mm", "clamps_1"),
            (20.0, "moving_20_mm", "clamps_20"),
            (100.0, "moving_100_mm", "clamps_100"),
        ] {
            let (worst, fired) = e::galilean(&preset, &hanging, speed, 5.0);
            row = row.with(mm, worst * 1e3).with(clamps, fired as usize);
        }
        out.row(row);
    }
    out.flush();
}
