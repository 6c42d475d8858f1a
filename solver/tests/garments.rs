//! General content (PERFORMANCE.md, "General content"; issue 16): the cases
//! users author and the record never had — irregular capes, two pins, no
//! pin, a fast anchor — at every library preset's own budget. Each test
//! names the fact it checks; `cloth-bench garments` prints the same cells.
//!
//! Where a preset does not yet meet PERFORMANCE.md's number, the test says
//! so beside the bound it asserts and `MEASUREMENTS.md` ("General content")
//! has the measurement: these bounds guard what holds, they do not claim
//! the rest.

use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, scenes, Cloth, Controls, Dynamics};

/// A cloth carried at a steady 1, 20, 100 or 300 m/s (an aircraft: 5 m a
/// step, past any teleport distance) is, in its own frame, the cloth on a
/// still anchor (within 1 mm after 5 s), never teleports, and the velocity
/// clamp never fires: damping and the clamp act on velocity relative to the
/// frame, and a teleport is a jump from where the anchor's velocity goes.
#[test]
fn a_steady_anchor_changes_nothing_in_the_cloths_frame() {
    for p in library::ALL {
        // A cape that never comes to rest (chain and rope presets, see
        // `irregular_capes_fall_asleep`) parts from its still twin by the
        // rounding of the frame shift alone, as any chaotic motion does.
        let mut inputs = vec![("proxy", scenes::library_proxy(&p))];
        if !matches!(p.name, "rope" | "chain") {
            inputs.push(("cape", GarmentCase::Cape(1).input(&p)));
        }
        for (what, input) in inputs {
            for speed in [1.0, 20.0, 100.0, 300.0] {
                let (worst, clamps) = e::galilean(&p, &input, speed, 5.0);
                assert!(worst < 1e-3, "{} {what} at {speed} m/s: {worst:.2e} m from the still one", p.name);
                assert_eq!(clamps, 0, "{} {what} at {speed} m/s: the clamp fired", p.name);
            }
        }
    }
}

/// A teleport that keeps the shape keeps the motion: a cape on an anchor
/// moving at 1.6, 6 or 30 m/s (a walk, a sprint, a car), spinning at 3 rad/s
/// on the spot, or at 30 m/s while turning at 0.8 rad/s, jumps 100 m and
/// turns a quarter turn in one frame, then moves on along its new heading. In its
/// own frame it is the cape that never jumped, within 1 mm at the jump and
/// 1 s later, and its worst link over the half second after the jump is the
/// twin's within 0.1 % (spinning: within 1.5 mm at the jump, links within
/// 3 %). The stored velocities carry the frame's motion, `s·(V + ω × x)`; a
/// jump that shifted nothing let them drift the cape from its pins (at
/// 30 m/s links 9–16× rest; spinning at 3 rad/s 15–35 mm off, `MEASUREMENTS.md`,
/// "Teleporting a moving cloth").
#[test]
fn a_teleport_keeping_the_shape_keeps_the_motion() {
    use cloth_solver::pose::{Pose, Quat};
    use cloth_solver::{Cloth, Dynamics, TeleportMode};
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        let input = GarmentCase::Cape(1).input(&p);
        let d = Dynamics { teleport: TeleportMode::Keep, ..p.dynamics };
        for (speed, spin) in [(1.6, 0.0), (6.0, 0.0), (30.0, 0.0), (0.0, 3.0), (30.0, 0.8)] {
            let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], std::f64::consts::FRAC_PI_2);
            let run = |jump: bool| {
                let mut c = Cloth::new(&input, d).expect("the cape seeds");
                c.set_anchor_velocity([speed, 0.0, 0.0]).unwrap();
                let (mut at_jump, mut worst) = (Vec::new(), 0.0f64);
                let (mut origin, mut heading, mut travelled) = ([0.0; 3], Quat::IDENTITY, 0.0);
                for k in 1..=120 {
                    travelled += speed * d.dt;
                    if jump && k == 60 {
                        origin = [100.0 - travelled, 0.0, 0.0];
                        heading = turn;
                    }
                    let along = heading.rotate([travelled, 0.0, 0.0]);
                    let t = [origin[0] + along[0], along[1], along[2]];
                    let yaw = Quat::from_axis_angle([0.0, 1.0, 0.0], spin * k as f64 * d.dt);
                    c.set_anchor_pose(Pose::new(t, heading.compose(yaw))).unwrap();
                    let r = c.step();
                    assert_eq!(r.teleported, jump && k == 60, "{} at {speed} m/s, step {k}", p.name);
                    if k == 60 {
                        at_jump = c.positions();
                    }
                    if (60..90).contains(&k) {
                        worst = worst.max(c.worst_link_ratio());
                    }
                }
                (at_jump, c.positions(), worst)
            };
            let (still_at, still_end, still_worst) = run(false);
            let (jump_at, jump_end, jump_worst) = run(true);
            let apart = |a: &[[f32; 3]], b: &[[f32; 3]]| {
                a.iter()
                    .zip(b)
                    .map(|(p, q)| (0..3).map(|i| (p[i] - q[i]).abs()).fold(0.0f32, f32::max))
                    .fold(0.0, f32::max)
            };
            let what = format!("{} at {speed} m/s spinning at {spin} rad/s", p.name);
            // A spinning cape is still flaring out after a second: what the
            // jump step leaves apart grows with its motion, so it is held at
            // the jump, and its links over the next half second.
            let (at, link) = if spin == 0.0 { (1e-3, 1e-3) } else { (1.5e-3, 3e-2) };
            let apart_at = apart(&still_at, &jump_at);
            assert!(apart_at < at, "{what}: {apart_at:.2e} m apart at the jump");
            if spin == 0.0 {
                let apart_end = apart(&still_end, &jump_end);
                assert!(apart_end < 1e-3, "{what}: {apart_end:.2e} m apart 1 s on");
            }
            assert!(jump_worst <= still_worst + link, "{what}: worst link {jump_worst:.4} against {still_worst:.4}");
        }
    }
}

/// A character snapped by tens of centimetres in one frame (a root-motion
/// correction, a snap into cover) moves its anchor at 6–110 m/s for one
/// step, below the teleport distance. The cloth feels at most the velocity
/// change `max_anchor_acceleration·dt` (`anchor.rs`): any jump stretches
/// the irregular cape, and the sheet on two corners, no more than a jump of
/// exactly that size (within 0.1 %), where without the limit a 0.5 m jump
/// stretches the cape several times as far.
#[test]
fn a_one_frame_snap_stretches_no_more_than_the_limit_allows() {
    let limit = cloth_solver::Controls::default().max_anchor_acceleration;
    for p in library::ALL {
        let felt = limit * p.dynamics.dt * p.dynamics.dt;
        for case in [GarmentCase::Cape(1), GarmentCase::Corners] {
            let input = case.input(&p);
            let (_, bound) = e::snap(&p, &input, felt, limit);
            for jump in [0.25, 0.5, 1.0, 1.9] {
                let (rest, peak) = e::snap(&p, &input, jump, limit);
                assert!(
                    peak - 1.0 <= (bound - 1.0) * 1.001,
                    "{} {} {jump} m: worst link {peak:.3} against {bound:.3} for a {felt:.3} m jump (at rest {rest:.3})",
                    p.name,
                    case.name()
                );
            }
        }
        let input = GarmentCase::Cape(1).input(&p);
        let (_, bound) = e::snap(&p, &input, felt, limit);
        let (_, unlimited) = e::snap(&p, &input, 0.5, 0.0);
        assert!(
            unlimited - 1.0 > 2.0 * (bound - 1.0),
            "{}: without the limit a 0.5 m jump peaks at {unlimited:.3}, with it {bound:.3}",
            p.name
        );
    }
}

/// A body that jumps backward into its cape in one frame — a root-motion
/// correction, a snap into cover — never puts the cape through itself:
/// every preset on the three irregular capes on their torso (a capsule
/// moving with the anchor), jumps of 0.1, 0.3 and 1 m, standing, riding a
/// vehicle at 20 m/s across the body's axis, and with the cape's inertia
/// painted from 1 at the top to 0.5 at the hem: no node deeper than 5 mm
/// inside the torso at any step after the jump (8 mm painted), none past its axis 3 s
/// later, the worst link within 2.5×. It holds because discovery counts
/// the frame's motion (`anchor::FramePlan::travel`) and colliders are
/// carried with the cloth (`anchor::FramePlan::carried`); without either
/// it fails (`MEASUREMENTS.md`, "A body snapping into its cape").
#[test]
fn a_body_snapping_into_its_cape_never_passes_it_through() {
    for p in library::ALL {
        for seed in 0..3 {
            let cases = [(0.1, 0.0, false), (0.3, 0.0, false), (1.0, 0.0, false), (0.3, 20.0, false), (0.3, 0.0, true)];
            for (jump, carrier, painted) in cases {
                let r = e::body_snap(&p, seed, jump, 1, [carrier, 0.0, 0.0], painted);
                let what = format!("{} cape {seed}, {jump} m at {carrier} m/s, painted {painted}", p.name);
                // Painted, the hem feels less of the jump and meets the body
                // harder: the solve may leave a node a step's residual deeper
                // (`MEASUREMENTS.md`, "Riding a vehicle, and painted inertia").
                let deepest = if painted { 0.008 } else { 0.005 };
                assert!(r.deepest <= deepest, "{what}: a node {:.1} mm inside the torso", 1e3 * r.deepest);
                assert_eq!(r.through, 0, "{what}: nodes through the body");
                assert!(r.peak <= 2.5, "{what}: worst link {:.2}", r.peak);
            }
        }
    }
}

/// The equivalence principle: a cape whose anchor accelerates at 5 m/s²
/// hangs, in its frame, as the cape on a still anchor under gravity tilted
/// by what its inertia feels of that acceleration — within 10 mm in mean
/// and 30 mm at any node after 5 s, at inertia 1 and 0.5. The frame's
/// velocity change enters the step as a fictitious acceleration
/// (`step::FrameStep`); fed through the start of the solve instead, the few
/// iterations left the capes leaning 51–205 mm further (`MEASUREMENTS.md`,
/// "An accelerating anchor").
#[test]
fn an_accelerating_anchor_leans_as_tilted_gravity_does() {
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::HAIR] {
        let input = GarmentCase::Cape(1).input(&p);
        for inertia in [1.0, 0.5] {
            let d = cloth_solver::Dynamics { inertia, ..p.dynamics };
            let (accelerating, tilted, worst) = e::lean(&input, d, 5.0, 5.0);
            let mean = (accelerating - tilted).abs();
            assert!(mean <= 0.010, "{} at inertia {inertia}: mean Z {accelerating:.4} against {tilted:.4}", p.name);
            assert!(
                worst <= 0.030,
                "{} at inertia {inertia}: a node {:.1} mm from the tilted cape's",
                p.name,
                1e3 * worst
            );
        }
    }
}

/// The strain limit holds while the anchor swings (x = A·sin(2πt), 1 Hz;
/// A = 0.3 m peaks at 1.9 m/s and 11.8 m/s², a character turning hard):
/// denim and leather on W0's sheet and on two corners keep the median of
/// their worst link over 2–6 s within 4 % and its peak within 8 %, and at
/// A = 0.05 m every preset's W0 sheet keeps the median within 2 %; denim's
/// and leather's irregular cape 1 keeps it within 15 % at A = 0.3 m. Before
/// the frame's velocity change entered as a fictitious acceleration the
/// medians were 13–21 %, 1.7–5.6 % and 37–40 % (`MEASUREMENTS.md`).
#[test]
fn the_strain_limit_holds_while_the_anchor_swings() {
    let sheet = scenes::w0_sheet().input();
    for p in [library::DENIM, library::LEATHER] {
        for (name, input) in [("W0 sheet", sheet.clone()), ("two corners", GarmentCase::Corners.input(&p))] {
            let (median, max) = e::swing_strain(&p, &input, 0.3, None);
            assert!(median <= 0.04 && max <= 0.08, "{} {name}: worst link median {median:.4}, max {max:.4}", p.name);
        }
    }
    for p in library::ALL {
        let (median, _) = e::swing_strain(&p, &sheet, 0.05, None);
        assert!(median <= 0.02, "{} W0 sheet at A = 0.05 m: worst link median {median:.4}", p.name);
    }
    // The irregular cape's worst link is a sliver that rests at 4.7 % (DENIM);
    // swung, its median stays within 15 % (before: 37 % and 40 %).
    for p in [library::DENIM, library::LEATHER] {
        let (median, _) = e::swing_strain(&p, &GarmentCase::Cape(1).input(&p), 0.3, None);
        assert!(median <= 0.15, "{} cape 1: worst link median {median:.4}", p.name);
    }
}

/// A character spinning — about its own axis or head over heels, at 30 rad/s
/// — never makes its cape run away: the rotation fed to the inertial terms
/// is capped per substep (`constants::ANCHOR_TURN_PER_SUBSTEP`), below the
/// rate where two substeps stop holding the centrifugal load (irregular
/// capes ran away from 20–27.5 rad/s felt: COTTON's cape 1 to 4,000× its
/// reach). Every node stays within 1.5× the reach of its pin.
#[test]
fn a_fast_spin_never_runs_away() {
    for p in library::ALL {
        for case in [GarmentCase::Cape(0), GarmentCase::Cape(1), GarmentCase::Cape(3), GarmentCase::Corners] {
            let input = case.input(&p);
            for axis in [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]] {
                let worst = e::spin_tether(&p, &input, 30.0, axis, 3.0);
                assert!(worst < 1.5, "{} {} about {axis:?}: a node at {worst:.2}× the reach", p.name, case.name());
            }
        }
    }
}

/// A hard turn — 180° in 0.2 s, then 360° back in 0.3 s — stretches no
/// garment past what it can pull back: on the irregular capes, the skirt,
/// and a sheet and a ribbon held at two places, every sheet preset, the
/// 99th percentile of link length over rest stays within 1.25 (the
/// ribbon's 1.3) and no link lengthens by more than 12 mm. A pinned cloth
/// feels at most one mean link a substep of relative motion from a turn
/// (`constants::TURN_LINKS_PER_SUBSTEP`); fed the whole 0.125 rad a
/// substep, the capes' 99th percentile reached 1.32–1.97, the two-pin
/// cases' 1.27–2.34, and their longest elongation 6–29 mm.
#[test]
fn a_hard_turn_stretches_no_garment() {
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::HAIR] {
        let cases = [
            GarmentCase::Cape(0),
            GarmentCase::Cape(1),
            GarmentCase::Cape(3),
            GarmentCase::Skirt(0),
            GarmentCase::Corners,
            GarmentCase::Ribbon,
        ];
        for case in cases {
            let (p99, longest) = e::hard_turn(&p, &case.input(&p), Controls::default());
            // A ribbon two nodes wide has a hundred links: its 99th
            // percentile is its second-worst.
            let bound = if case == GarmentCase::Ribbon { 1.3 } else { 1.25 };
            assert!(p99 <= bound, "{} {}: 1 % of links at {p99:.3}× rest", p.name, case.name());
            assert!(longest <= 0.012, "{} {}: a link {:.1} mm long", p.name, case.name(), 1e3 * longest);
        }
        // At half the spacing (1.33 cm links, the floor's 2.5 cm counted).
        let (p99, longest) = e::hard_turn(&p, &fine_cape(&p), Controls::default());
        assert!(p99 <= 1.3, "{} fine cape: 1 % of links at {p99:.3}× rest", p.name);
        assert!(longest <= 0.012, "{} fine cape: a link {:.1} mm long", p.name, 1e3 * longest);
    }
}

/// The irregular cape 1 at half its spacing: about four times the nodes.
fn fine_cape(p: &library::Preset) -> cloth_solver::ClothInput {
    scenes::IrregularCape { density: p.density, ..scenes::IrregularCape::from_seed(1) }.with_spacing(0.5).input()
}

/// An ordinary turn — 90° over 0.4 s — is felt whole, on a fine mesh too:
/// the cape swings at least 95 % as far as with no turn limit (the turn
/// counts a mesh finer than 2.5 cm as 2.5 cm, `constants::TURN_LINK_FLOOR`;
/// without the floor the fine DENIM cape swung 8.3 cm against 17).
#[test]
fn an_ordinary_turn_is_felt_whole() {
    let unlimited = Controls { max_turn_links: 0.0, ..Controls::default() };
    for p in [library::SILK, library::COTTON, library::DENIM] {
        for (name, input) in [("cape 1", GarmentCase::Cape(1).input(&p)), ("fine cape", fine_cape(&p))] {
            let (felt, whole) = (e::turn_sway(&p, &input, Controls::default()), e::turn_sway(&p, &input, unlimited));
            assert!(felt >= 0.95 * whole, "{} {name}: swung {felt:.3} m, {whole:.3} m with no limit", p.name);
        }
    }
}

/// The turn a cloth feels is the host's to trade (`Controls::
/// max_turn_links`): with no limit but the 0.125 rad a substep, a hard turn
/// stretches the cape as before (99th percentile over 1.25), and a spin at
/// 10 rad/s flares it further from the axis — by at least 2 cm, and at
/// three links a substep by at least half as much.
#[test]
fn the_turn_a_cloth_feels_is_the_hosts_to_set() {
    let unlimited = Controls { max_turn_links: 0.0, ..Controls::default() };
    let three = Controls { max_turn_links: 3.0, ..Controls::default() };
    for p in [library::SILK, library::COTTON] {
        let input = GarmentCase::Cape(1).input(&p);
        let (p99, _) = e::hard_turn(&p, &input, unlimited);
        assert!(p99 > 1.25, "{}: with no limit 1 % of links at {p99:.3}", p.name);
        let flare = |c| e::spin_flare(&p, &input, 10.0, c).0;
        let (default, more, most) = (flare(Controls::default()), flare(three), flare(unlimited));
        assert!(most >= default + 0.02, "{}: flares {most:.3} m unlimited, {default:.3} m by default", p.name);
        assert!(more >= default + 0.01, "{}: flares {more:.3} m at 3 links, {default:.3} m by default", p.name);
    }
}

/// A free cloth (no pin, damping 0) falls as a body does: its centre of mass
/// within 1 % of ½gt² at 1 s and at 3 s, whatever the fabric: neither the
/// strain limit nor the sweeps' slow translation mode holds it up.
#[test]
fn a_free_cloth_falls_at_g() {
    for p in library::ALL {
        let mut cape = GarmentCase::Cape(2).input(&p);
        cape.fixed.iter_mut().for_each(|f| *f = false);
        for (what, input) in [("proxy", e::free_proxy(&p)), ("cape", cape)] {
            let (one, three) = e::free_fall(&p, &input);
            for (t, r) in [(1, one), (3, three)] {
                assert!((r - 1.0).abs() < 0.01, "{} {what}: fell {r:.4} × ½gt² at {t} s", p.name);
            }
        }
    }
}

/// A free cloth spun at 3 rad/s (gravity 0, damping 0) keeps at least 95 %
/// of the angular momentum the same cloth keeps without the strain limit
/// after 10 s: the limit's corrections are equal and opposite along each
/// link, so they turn nothing.
#[test]
fn the_strain_limit_keeps_a_spin() {
    for p in library::ALL {
        let input = e::free_proxy(&p);
        let on = e::spin(&p, &input, [0.0, 0.0, 1.0], 3.0, 10.0, true);
        let off = e::spin(&p, &input, [0.0, 0.0, 1.0], 3.0, 10.0, false);
        assert!(on >= 0.95 * off, "{}: keeps {on:.3} with the limit, {off:.3} without", p.name);
    }
}

/// Two pins: a chain and a ribbon hung between two points rest with their
/// worst link within the allowance + 0.5 % for every strain-limited preset,
/// and every preset's falls asleep within 20 s. PERFORMANCE.md asks ≤ 3 %
/// of the presets without the limit; their hard rows' own static residual
/// leaves more, bounded here at 4 % (the figures: `MEASUREMENTS.md`,
/// "General content").
#[test]
fn two_pins_rest_within_the_allowance_and_sleep() {
    for p in library::ALL {
        for case in [GarmentCase::Chain, GarmentCase::Ribbon] {
            let o = e::garment(&p, case, 20.0);
            let bound = if p.dynamics.strain_limit { o.allowance + 0.005 } else { 0.04 };
            assert!(
                o.worst_strain <= bound,
                "{} {}: worst row {:.4} > {bound:.4}",
                p.name,
                case.name(),
                o.worst_strain
            );
            assert!(o.asleep_at.is_some(), "{} {}: awake after 20 s at {:.1e} m/s", p.name, case.name(), o.final_speed);
            assert_eq!(o.resets, 0);
        }
    }
}

/// A sheet on two shoulders (a 24 × 24 sheet pinned at its top corners)
/// rests within the allowance + 0.5 % for denim and leather and sleeps
/// within 20 s for cotton, denim, leather, rope and hair. Not yet: chain
/// keeps moving, silk swings for good, rope and chain rest past their
/// allowance + 0.5 %, and the unlimited fabrics well past 3 %
/// (`MEASUREMENTS.md`, "General content").
#[test]
fn a_sheet_on_two_corners_holds_its_allowance() {
    for p in [library::COTTON, library::DENIM, library::LEATHER, library::HAIR, library::ROPE] {
        let o = e::garment(&p, GarmentCase::Corners, 20.0);
        if p.dynamics.strain_limit && p.name != "rope" {
            assert!(o.worst_strain <= o.allowance + 0.005, "{}: worst row {:.4}", p.name, o.worst_strain);
        }
        assert!(o.asleep_at.is_some(), "{}: awake after 20 s at {:.1e} m/s", p.name, o.final_speed);
    }
}

/// Irregular capes (six seeds: flat and wrapped, with and without a hole,
/// jittered, mixed triangle sizes, curved neckline; and three on a torso
/// capsule) settle and fall asleep within 15 s with a static anchor for
/// silk, cotton, denim, leather and hair. Not yet: rope's and chain's capes
/// keep moving (`MEASUREMENTS.md`, "Issue 16: a floor that does not follow
/// the swing").
#[test]
fn irregular_capes_fall_asleep() {
    let every = || (0..6).map(GarmentCase::Cape).chain((0..3).map(GarmentCase::CapeOnTorso));
    let presets: [(_, Vec<GarmentCase>); 5] = [
        (library::SILK, every().collect()),
        (library::COTTON, every().collect()),
        (library::DENIM, every().collect()),
        (library::HAIR, every().collect()),
        (library::LEATHER, every().collect()),
    ];
    for (p, cases) in presets {
        for case in cases {
            let o = e::garment(&p, case, 15.0);
            assert!(o.asleep_at.is_some(), "{} {}: awake after 15 s at {:.1e} m/s", p.name, case.name(), o.final_speed);
            assert!(o.final_speed < 1e-3, "{} {}: {:.1e} m/s", p.name, case.name(), o.final_speed);
            assert_eq!(o.resets, 0);
            // Strain-limited capes fall asleep before their worst (shortest)
            // rows have come down to the allowance (`MEASUREMENTS.md`).
            if p.dynamics.strain_limit {
                assert!(o.worst_strain < 0.025, "{} {}: worst row {:.4}", p.name, case.name(), o.worst_strain);
            }
        }
    }
}

/// A neckline fan never tears a cape: a band wrapped round the neck whose
/// first free row fans each node to three pins (its middle hinge's angle is
/// the pins', its free corner's weight nearly zero) rests, for every preset
/// at its own bend and at 0.9, with no link past 1.10× at any step and
/// 1.09× after 10 s: no more than a curved band's flat-rest bending leaves.
/// Such hinges are weakened with their free corners' share of the weights
/// (`constants::BEND_FREE_SHARE_MIN`; at full stiffness: `MEASUREMENTS.md`,
/// "A neckline fan tore a cape").
#[test]
fn a_neckline_fan_never_tears_a_cape() {
    for p in library::ALL {
        for (radius, arc) in [(0.17, 2.6), (0.155, 1.57), (0.5, 1.0)] {
            let input = scenes::fanned_neckline(radius, arc, p.density);
            for bend in [p.dynamics.bend, 0.9] {
                let mut c = Cloth::new(&input, Dynamics { bend, ..p.dynamics }).expect("the band seeds");
                let mut peak: f64 = 0.0;
                for _ in 0..600 {
                    c.step();
                    peak = peak.max(c.worst_link_ratio());
                }
                let what = format!("{} band r {radius} m over {arc} rad, bend {bend}", p.name);
                assert!(peak <= 1.10, "{what}: a link at {peak:.3}x");
                assert!(c.worst_link_ratio() <= 1.09, "{what}: rests at {:.3}x", c.worst_link_ratio());
            }
        }
    }
}

/// The generator's capes are what they say: several hundred nodes, the
/// pinned neckline, every triangle seeds, and seeds differ.
#[test]
fn the_irregular_cape_is_irregular() {
    let p = library::COTTON;
    let a = GarmentCase::Cape(0).input(&p);
    let b = GarmentCase::Cape(1).input(&p);
    assert!(a.positions.len() > 500 && a.positions.len() < 800, "{} nodes", a.positions.len());
    assert_eq!(a.fixed.iter().filter(|&&f| f).count(), 15);
    assert_ne!(a.positions.len(), b.positions.len());
    // Mixed sizes: the longest edge is more than twice the shortest.
    let len = |t: &[u32; 3], i: usize| {
        let (p, q) = (a.positions[t[i] as usize], a.positions[t[(i + 1) % 3] as usize]);
        ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
    };
    let edges: Vec<f32> = a.triangles.iter().flat_map(|t| (0..3).map(move |i| len(t, i))).collect();
    let (lo, hi) = edges.iter().fold((f32::MAX, 0.0f32), |(lo, hi), &l| (lo.min(l), hi.max(l)));
    assert!(hi > 2.0 * lo, "edges {lo}..{hi}");
    assert!(cloth_solver::Cloth::new(&a, p.dynamics).is_ok());
}

/// Sleep asks whether the pose has left a ball around where the window began
/// (`step::max_stray`), on an irregular cape whose neckline the host drives:
/// a drift at three times the sleep speed keeps it awake although it moves
/// each particle less per step than a tremble of ±20 µm, which lets it sleep
/// (the record's per-step speed test keeps the tremble awake).
#[test]
fn sleep_waits_for_a_drift_but_not_for_a_tremble() {
    use cloth_solver::constants::SLEEP_SPEED_PER_REACH;
    let p = library::COTTON;
    let input = GarmentCase::Cape(1).input(&p);
    let mut c = cloth_solver::Cloth::new(&input, p.dynamics).expect("the cape seeds");
    let pins: Vec<usize> = (0..c.nodes()).filter(|&n| input.fixed[n]).collect();
    let bind: Vec<[f64; 3]> = pins.iter().map(|&n| c.bind_position(n)).collect();
    let dt = p.dynamics.dt;
    let speed = SLEEP_SPEED_PER_REACH * c.model().reach as f64;
    let move_pins = |c: &mut cloth_solver::Cloth, dx: f64| {
        for (&n, b) in pins.iter().zip(&bind) {
            c.set_animated_position(n, [(b[0] + dx) as f32, b[1] as f32, b[2] as f32]).unwrap();
        }
    };
    assert!((0..900).any(|_| c.step().fell_asleep), "the cape settles and sleeps on a still neckline");

    // The drift: 3× the sleep speed, 3e-5 m a step here.
    let drift = 3.0 * speed * dt;
    assert!(drift < 20e-6 * 2.0, "the drift's step ({drift:.1e} m) is smaller than the tremble's");
    for k in 1..=600 {
        move_pins(&mut c, k as f64 * drift);
        let r = c.step();
        assert!(!r.fell_asleep, "asleep at drift step {k} while the neckline moved at {:.1e} m/s", 3.0 * speed);
    }

    // The tremble: ±20 µm about where the drift stopped, every step.
    let end = 600.0 * drift;
    let slept = (0..900).position(|k| {
        move_pins(&mut c, end + if k % 2 == 0 { 20e-6 } else { -20e-6 });
        c.step().fell_asleep
    });
    assert!(slept.is_some(), "a ±20 µm tremble kept the cape awake for 15 s");
}

/// The strain limit holds in motion, not only at rest: W1's sheet (32 × 32,
/// pinned along its top edge, strain limit at 0.1 %, tethers and leash,
/// released from horizontal) keeps the median of its worst link over frames
/// 300–900 (5–15 s, swinging down to rest) within 2 %. A solver can pass
/// every resting gate and fail this (`MEASUREMENTS.md`, "stabilised rows").
#[test]
fn the_strain_limit_holds_while_the_sheet_swings() {
    use cloth_solver::{scenes, Tuning};
    let d = cloth_solver::Dynamics { strain_limit: true, stretch: 1.0, slack: 0.7, ..scenes::w0_dynamics() };
    let options = cloth_solver::SeedOptions { tethers: true, ..cloth_solver::SeedOptions::m0() };
    let awake = Tuning { sleep: false, ..Tuning::default() };
    let mut c = cloth_solver::Cloth::with_options(&scenes::w0_sheet().input(), d, awake, options).expect("W1 seeds");
    let mut worst: Vec<f64> = (0..900)
        .map(|_| {
            c.step();
            c.worst_stretch_strain()
        })
        .skip(300)
        .collect();
    worst.sort_by(f64::total_cmp);
    let median = worst[worst.len() / 2];
    assert!(median <= 0.02, "median worst link {:.2} % over frames 300-900", 100.0 * median);
}

/// A cape asleep on its body stays asleep while the body sways by less than
/// the sleep test's radius (an idle animation dying out, the rounding of a
/// pose) and wakes for a body that creeps into it, before it has crept
/// twice that radius (`MEASUREMENTS.md`, "Sleep and a collider's sway").
#[test]
fn a_sleeping_cape_ignores_a_dying_sway_and_wakes_for_a_creeping_body() {
    use cloth_solver::collider::ColliderId;
    use cloth_solver::constants::{SLEEP_SPEED_PER_REACH, SLEEP_STEPS};
    use cloth_solver::pose::{Pose, Quat};
    for p in [library::COTTON, library::DENIM] {
        for case in [GarmentCase::CapeOnTorso(0), GarmentCase::CapeOnTorso(1)] {
            let input = case.input(&p);
            let mut set = case.colliders();
            let (id, rest) = set
                .iter()
                .next()
                .map(|(index, generation, c)| (ColliderId { index, generation }, c.cur))
                .expect("a torso");
            let mut c = Cloth::new(&input, p.dynamics).expect("the cape seeds");
            let name = format!("{} {}", p.name, case.name());
            assert!((0..1200).any(|_| c.step_with(&set).fell_asleep), "{name}: asleep within 20 s");
            // A sway about the torso's top, dying by a tenth a frame from 1e-4 rad.
            for k in 0..120 {
                let angle = 1e-4 * 0.9f64.powi(k);
                let sway = Pose::new([0.0, 0.0, 0.0], Quat::from_axis_angle([1.0, 0.0, 0.0], angle));
                set.begin_frame();
                set.set_pose(id, sway.mul(&rest)).expect("a pose");
                assert!(c.step_with(&set).asleep, "{name}: woken by a sway of {angle:.1e} rad at frame {k}");
            }
            // A creep towards the cape at 1 mm/s.
            let n = c.nodes() as f64;
            let mean = c.positions().iter().fold([0.0; 3], |m, p| [0, 1, 2].map(|j| m[j] + p[j] as f64 / n));
            let dir = {
                let d = [mean[0], 0.0, mean[2] - rest.translation[2]];
                let l = (d[0] * d[0] + d[2] * d[2]).sqrt();
                [d[0] / l, 0.0, d[2] / l]
            };
            let radius = SLEEP_SPEED_PER_REACH * c.model().reach as f64 * SLEEP_STEPS as f64 * p.dynamics.dt;
            let per_step = 1e-3 * p.dynamics.dt;
            let woke = (1..=600).find(|&k| {
                let s = k as f64 * per_step;
                set.begin_frame();
                set.set_pose(id, Pose::new(dir.map(|d| d * s), Quat::IDENTITY).mul(&rest)).expect("a pose");
                !c.step_with(&set).asleep
            });
            let woke = woke.expect("the creeping body wakes the cape") as f64 * per_step;
            assert!(woke <= 2.0 * radius, "{name}: woke after the body crept {woke:.2e} m (radius {radius:.2e} m)");
        }
    }
}

/// A strand of 25 links of 4 cm, set swinging by a second of gravity tilted
/// 54°, then let go.
fn swinging_strand(p: &library::Preset) -> (cloth_solver::ClothInput, Dynamics) {
    let mut input = cloth_solver::ClothInput::default();
    for i in 0..25u32 {
        input.positions.push([1e-3 * i as f32, -0.04 * i as f32, 0.0]);
        input.masses.push(0.008);
        input.fixed.push(i == 0);
        input.parents.push(i.checked_sub(1));
    }
    (input, p.dynamics)
}

/// The strain-limited presets, whose projection cuts a strand's velocity.
const STRAIN_LIMITED: [library::Preset; 4] = [library::ROPE, library::CHAIN, library::LEATHER, library::DENIM];

/// A swinging strand carried at a steady 1, 10 or 40 m/s swings, in its
/// own frame, as the strand on a still anchor: its fastest node as fast
/// within 1 %, and within 2 mm of the still strand over the last of 5 s (a
/// swinging chain's snaps part the two by the rounding of the frame shift
/// for a while, as any chaotic motion does). The strain projection's inelastic cut takes out the velocity
/// relative to the frame's rigid motion, as damping and the clamp do;
/// cutting the world velocity took the anchor's own motion along each link
/// with it, and a ROPE carried at 10 m/s swung six times as fast as the
/// still one and at 40 m/s went over the top (`MEASUREMENTS.md`, "A strand
/// carried at speed").
#[test]
fn a_swinging_strand_carried_at_speed_swings_as_a_still_one() {
    use cloth_solver::pose::Pose;
    for p in STRAIN_LIMITED {
        let (input, d) = swinging_strand(&p);
        let tilted = Dynamics { gravity: [0.0, -9.81, -13.33], ..d };
        for speed in [1.0, 10.0, 40.0] {
            let mut still = Cloth::new(&input, tilted).expect("the strand seeds");
            let mut moving = Cloth::new(&input, tilted).expect("the strand seeds");
            moving.set_anchor_velocity([0.0, 0.0, speed]).expect("finite");
            let (mut gaps, mut peaks) = ([0.0f64; 5], [0.0f64; 2]);
            for f in 1..=300 {
                if f == 61 {
                    still.set_dynamics(d).expect("valid");
                    moving.set_dynamics(d).expect("valid");
                }
                moving.set_anchor_pose(Pose::from_translation([0.0, 0.0, speed * f as f64 * d.dt])).expect("finite");
                still.step();
                moving.step();
                for n in 0..still.nodes() {
                    let (a, b) = (still.position(n), moving.position(n));
                    let gap = (0..3).map(|k| (a[k] as f64 - b[k] as f64).powi(2)).sum::<f64>().sqrt();
                    gaps[(f - 1) / 60] = gaps[(f - 1) / 60].max(gap);
                }
                if f > 60 {
                    peaks[0] = peaks[0].max(still.local_speed());
                    peaks[1] = peaks[1].max(moving.local_speed());
                }
            }
            let what = format!("{} at {speed} m/s", p.name);
            assert!(
                (peaks[1] / peaks[0] - 1.0).abs() <= 0.01,
                "{what}: swings at {:.2} m/s, still {:.2}",
                peaks[1],
                peaks[0]
            );
            assert!(gaps[4] <= 0.002, "{what}: {:.1} mm from the still strand in the last second", 1e3 * gaps[4]);
        }
    }
}

/// A strand on a carousel — its anchor on a 3 m arm turning at 2 rad/s,
/// facing along its path — settles in the turning frame, leaning out as
/// the same strand without its strain limit does: the fastest node below
/// 10 cm/s after 10 s (what is left of the spin-up's swing) and the tip's
/// outward lean within 1° of the unlimited strand's. Cutting the world
/// velocity, a ROPE strand on this carousel flailed at 4.8 m/s
/// (`MEASUREMENTS.md`, "A strand carried at speed").
#[test]
fn a_strand_on_a_carousel_comes_to_rest() {
    use cloth_solver::pose::{Pose, Quat};
    for p in STRAIN_LIMITED {
        let (input, d) = swinging_strand(&p);
        let run = |strain_limit: bool| {
            let mut c = Cloth::new(&input, Dynamics { strain_limit, ..d }).expect("the strand seeds");
            let omega = 2.0;
            for f in 1..=600 {
                let t = f as f64 * d.dt;
                // Spun up over 2 s, then steady.
                let angle = if t < 2.0 { 0.25 * omega * t * t } else { omega * (t - 1.0) };
                let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], angle);
                c.set_anchor_pose(Pose::new(turn.rotate([3.0, 0.0, 0.0]), turn)).expect("finite");
                c.step();
            }
            // Outward is the frame's +X; the lean is the tip's angle from
            // hanging straight down.
            let tip = c.position(c.nodes() - 1);
            ((tip[0] as f64).atan2(-tip[1] as f64).to_degrees(), c.local_speed())
        };
        let ((lean, speed), (free_lean, _)) = (run(true), run(false));
        assert!(speed <= 0.1, "{}: still moving at {speed:.3} m/s in the turning frame", p.name);
        assert!((lean - free_lean).abs() <= 1.0, "{}: leans {lean:.1}°, unlimited {free_lean:.1}°", p.name);
    }
}

/// A cape on a carousel turning steadily — its anchor 3 m from the axis,
/// facing along its path, at 1 rad/s — falls asleep and sleeps on: in the
/// anchor's frame its motion does not change, though its world velocity
/// turns all the time. It wakes within 5 frames when the carousel speeds up
/// to 1.5 rad/s. Read in world axes, the turning velocity woke it one
/// frame in 30 (`MEASUREMENTS.md`, "A new user's trial from C++: vehicles,
/// carousels, far worlds").
#[test]
fn a_cape_on_a_steady_carousel_sleeps_on() {
    use cloth_solver::pose::{Pose, Quat};
    for p in [library::COTTON, library::DENIM] {
        let input = GarmentCase::Cape(1).input(&p);
        let mut c = Cloth::new(&input, p.dynamics).expect("the cape seeds");
        let dt = p.dynamics.dt;
        let at = |angle: f64| {
            let turn = Quat::from_axis_angle([0.0, 1.0, 0.0], angle);
            Pose::new(turn.rotate([3.0, 0.0, 0.0]), turn)
        };
        // Spun up over 2 s to 1 rad/s, then steady for 28 s.
        let mut angle = 0.0;
        let (mut first_sleep, mut wakes) = (None, 0);
        for f in 1..=1800 {
            let t = f as f64 * dt;
            angle += dt * t.min(2.0) / 2.0;
            c.set_anchor_pose(at(angle)).expect("finite");
            let r = c.step();
            if r.fell_asleep && first_sleep.is_none() {
                first_sleep = Some(t);
            } else if first_sleep.is_some() && !r.asleep && !r.fell_asleep {
                wakes += 1;
            }
        }
        let slept = first_sleep.unwrap_or_else(|| panic!("{}: never slept on the carousel", p.name));
        assert_eq!(wakes, 0, "{}: woke {wakes} times after first sleeping at {slept:.1} s", p.name);
        let mut woke = None;
        for f in 1..=5 {
            angle += 1.5 * dt;
            c.set_anchor_pose(at(angle)).expect("finite");
            if !c.step().asleep {
                woke = woke.or(Some(f));
            }
        }
        assert!(woke.is_some(), "{}: slept on through the speed-up", p.name);
    }
}

/// A thrown cloth keeps its tumble: every preset's free cloth spun at
/// 3 rad/s about each axis through its centre (gravity 0) at the preset's
/// own damping keeps at least 90 % of the angular momentum the same cloth
/// keeps at damping 0 after 2 s. Damping acts on velocity relative to a
/// free cloth's own rigid motion, its spin included; relative to its mean
/// velocity alone it took the spin as exp(−10·damping·t) — COTTON kept 1 %
/// (`MEASUREMENTS.md`, "A physics reviewer's trial").
#[test]
fn damping_leaves_a_free_cloths_spin() {
    use cloth_solver::{SeedOptions, Tuning};
    let spun = |p: &library::Preset, damping: f64, axis: [f64; 3]| {
        let input = e::free_proxy(p);
        let d = Dynamics { damping, gravity: [0.0; 3], ..p.dynamics };
        let tuning = Tuning { sleep: false, ..Tuning::default() };
        let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("the free cloth seeds");
        let c = e::centre_of_mass(&cloth);
        for node in 0..cloth.nodes() {
            let r = cloth_solver::pose::sub(cloth.position(node).map(f64::from), c);
            cloth.set_velocity(node, cloth_solver::pose::cross(axis.map(|a| 3.0 * a), r).map(|x| x as f32));
        }
        let along = |l: [f64; 3]| cloth_solver::pose::dot(l, axis);
        let l0 = along(e::angular_momentum(&cloth));
        for _ in 0..(2.0 / d.dt).round() as usize {
            cloth.step();
        }
        along(e::angular_momentum(&cloth)) / l0
    };
    for p in library::ALL {
        for axis in [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] {
            let (damped, free) = (spun(&p, p.dynamics.damping, axis), spun(&p, 0.0, axis));
            assert!(
                damped >= 0.9 * free,
                "{} about {axis:?}: keeps {damped:.3} damped, {free:.3} at damping 0",
                p.name
            );
        }
    }
}

/// A sheet falling freely keeps its heading: a 1 m sheet of 21 × 21 nodes
/// released upright and the irregular cape with its neckline let go, no
/// pin, no air, every preset, 3 s (44 m of fall): a chord across it turns
/// less than 0.5°. A free
/// cloth in flight starts each substep at its inertial target; started
/// where each particle's own acceleration was learnt — noisy, being read
/// from f32 positions far from the anchor — the sweeps turned COTTON 44°
/// and HAIR 34° (`MEASUREMENTS.md`, "A physics reviewer's trial").
#[test]
fn a_falling_sheet_keeps_its_heading() {
    // The angle between where the chord from node 0 to the last node
    // points at the start and after 3 s of free fall, degrees.
    let turn = |input: &cloth_solver::ClothInput, d: Dynamics| {
        let mut c = Cloth::new(input, d).expect("the cloth seeds");
        let chord = |c: &Cloth| {
            let (a, b) = (c.position(0).map(f64::from), c.position(c.nodes() - 1).map(f64::from));
            let v = cloth_solver::pose::sub(b, a);
            cloth_solver::pose::scale(v, 1.0 / cloth_solver::pose::norm(v))
        };
        let before = chord(&c);
        for _ in 0..(3.0 / d.dt).round() as usize {
            c.step();
        }
        cloth_solver::pose::dot(before, chord(&c)).clamp(-1.0, 1.0).acos().to_degrees()
    };
    for p in library::ALL {
        let mut sheet = cloth_solver::ClothInput::default();
        let n = 21;
        for j in 0..n {
            for i in 0..n {
                sheet.positions.push([-0.5 + 0.05 * i as f32, 1.0 - 0.05 * j as f32, 0.0]);
                sheet.masses.push(0.0008);
                sheet.fixed.push(false);
            }
        }
        for j in 0..n - 1 {
            for i in 0..n - 1 {
                let a = (j * n + i) as u32;
                let (b, c, d) = (a + 1, a + n as u32, a + n as u32 + 1);
                sheet.triangles.extend_from_slice(&[[a, c, b], [b, c, d]]);
            }
        }
        // The irregular cape, its neckline let go.
        let mut cape = GarmentCase::Cape(1).input(&p);
        cape.fixed.iter_mut().for_each(|f| *f = false);
        for (what, input) in [("sheet", &sheet), ("cape", &cape)] {
            let t = turn(input, p.dynamics);
            assert!(t < 0.5, "{} {what}: turned {t:.2}° in 3 s of free fall", p.name);
        }
    }
}
