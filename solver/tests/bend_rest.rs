//! A garment authored curved rests at its authored shape (`bend::CurvedHinges`):
//! the bend rows of a skirt's tube or a wrapped cape hold the bind pose's
//! dihedral instead of pulling every hinge flat (DESIGN §4's row), which
//! would unroll the tube against its own stretch rows.

use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, scenes, Cloth, Dynamics, SeedOptions, Tuning};

/// Largest distance of a node from its bind position after `seconds` of
/// `skirt` at DENIM's budget with gravity off, m, and the worst link over
/// rest − 1 at the end.
fn drift(skirt: &scenes::Skirt, tuning: Tuning, seconds: f64) -> (f64, f64) {
    let input = skirt.input();
    let d = Dynamics { gravity: [0.0; 3], ..library::DENIM.dynamics };
    let mut c = Cloth::with_options(&input, d, Tuning { sleep: false, ..tuning }, SeedOptions::default()).unwrap();
    for _ in 0..(seconds / d.dt).round() as usize {
        c.step();
    }
    let far = (0..c.nodes())
        .map(|n| {
            let (p, q) = (c.position(n), input.positions[n]);
            (0..3).map(|k| (p[k] as f64 - q[k] as f64).powi(2)).sum::<f64>().sqrt()
        })
        .fold(0.0, f64::max);
    (far, c.worst_link_ratio() - 1.0)
}

#[test]
fn a_skirt_without_gravity_keeps_its_authored_shape() {
    for seed in [0, 1] {
        let skirt = scenes::Skirt { density: library::DENIM.density, ..scenes::Skirt::from_seed(seed) };
        let (far, strain) = drift(&skirt, Tuning::default(), 3.0);
        let (flat_far, flat_strain) = drift(&skirt, Tuning { flat_bend_rest: true, ..Tuning::default() }, 3.0);
        println!(
            "skirt {seed}: bind rest {:.3} mm, {:.4} %; flat rest {:.2} mm, {:.3} %",
            far * 1e3,
            strain * 1e2,
            flat_far * 1e3,
            flat_strain * 1e2
        );
        assert!(far < 1e-4 && strain < 1e-4, "skirt {seed} moved {far} m, strain {strain}");
        // The row it replaces pulls the same tube out of shape.
        assert!(flat_far > 10.0 * far.max(1e-5), "skirt {seed}: flat rest moved only {flat_far} m");
    }
}

#[test]
fn skirts_hang_within_1_2_percent_and_fall_asleep() {
    for preset in library::ALL.iter().filter(|p| matches!(p.proxy, library::Proxy::Sheet { .. })) {
        for seed in [0, 1] {
            let o = e::garment(preset, GarmentCase::Skirt(seed), 10.0);
            let asleep = o.asleep_at.map(|k| k as f64 * preset.dynamics.dt);
            println!(
                "{} skirt {seed}: worst {:.3} %, peak {:.3} %, asleep at {asleep:?} s",
                preset.name,
                o.worst_strain * 1e2,
                o.peak_strain * 1e2
            );
            assert!(o.worst_strain < 0.012 + o.allowance, "{} skirt {seed}: {o:?}", preset.name);
            assert!(o.peak_strain < 0.015 + o.allowance, "{} skirt {seed}: {o:?}", preset.name);
            assert!(asleep.is_some_and(|s| s < 5.0), "{} skirt {seed}: {o:?}", preset.name);
        }
    }
}

/// The rest shape is the bind pose's, so a cloth authored flat keeps the
/// record's row exactly, and the rest carries over a cooked blob.
#[test]
fn flat_cloths_list_no_curved_hinge_and_cooking_keeps_the_rest() {
    let flat = scenes::w0_cloth(SeedOptions::m0());
    assert!(flat.model().bend_rest.is_empty());
    let input = scenes::Skirt::from_seed(0).input();
    let skirt = Cloth::new(&input, library::DENIM.dynamics).unwrap();
    let hinges = skirt.model().bend.rows;
    // Every hinge across a ring is curved; a diagonal inside a quad that is
    // nearly planar may not be.
    let curved = skirt.model().bend_rest.count;
    assert!(curved > hinges * 95 / 100 && curved <= hinges, "{curved} of {hinges} hinges curved");
    let blob = skirt.cook();
    let cooked = Cloth::from_cooked(&blob, library::DENIM.dynamics, Tuning::default()).unwrap();
    assert_eq!(cooked.model().bend_rest, skirt.model().bend_rest);
}

/// A pleat is held at its fold where it is authored at least
/// `FOLD_OPENING_MIN` (30°) open; sharper, it rests flat and opens out,
/// as every hinge did before — stable either way, never torn.
#[test]
fn pleats_rest_at_their_fold_or_open_out_without_tearing() {
    for preset in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        for (angle, held) in [(10.0, false), (45.0, true), (90.0, true)] {
            let input = scenes::pleats(angle, preset.density);
            let d = preset.dynamics;
            let mut c = Cloth::new(&input, d).unwrap();
            let mut peak = 0.0f64;
            for _ in 0..(10.0 / d.dt) as usize {
                assert!(c.step().watchdog.is_none());
                peak = peak.max(c.worst_link_ratio() - 1.0);
            }
            let far = (0..c.nodes())
                .map(|n| {
                    let (p, q) = (c.position(n), input.positions[n]);
                    (0..3).map(|k| ((p[k] - q[k]) as f64).powi(2)).sum::<f64>().sqrt()
                })
                .fold(0.0, f64::max);
            let worst = c.worst_link_ratio() - 1.0;
            println!(
                "{} {angle}°: worst {:.3} %, peak {:.2} %, farthest {:.1} mm",
                preset.name,
                worst * 1e2,
                peak * 1e2,
                far * 1e3
            );
            if held {
                assert!(worst < 0.005 && far < 0.01, "{} {angle}°: worst {worst}, farthest {far} m", preset.name);
            } else {
                assert!(worst < 0.15 && peak < 0.2, "{} {angle}°: worst {worst}, peak {peak}", preset.name);
                assert!(far > 0.05, "{} {angle}°: a pleat resting flat opens out ({far} m)", preset.name);
            }
        }
    }
}
