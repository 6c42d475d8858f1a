//! Levels of detail and the frame budget through the C ABI (issue 23): a
//! level set on a cloth is the level it steps at (the step report's `idle`
//! says when no step ran) and reads back; a world's budget chooses every
//! cloth's level from the priorities the host sets, as the solver's cost
//! model says, overriding the levels set by hand until it is cleared.

mod common;
use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

fn report(w: cloth_world, c: cloth_id) -> cloth_step_report {
    let mut r = step_report(std::mem::size_of::<cloth_step_report>() as u32);
    // SAFETY: a valid out-pointer with its struct_size set.
    ok(unsafe { cloth_last_step_report(w, c, &mut r) });
    r
}

fn level(w: cloth_world, c: cloth_id) -> u32 {
    let mut l = 99;
    // SAFETY: a valid out-pointer.
    ok(unsafe { cloth_get_detail(w, c, &mut l) });
    l
}

fn levels(w: cloth_world, cloths: &[cloth_id]) -> Vec<u32> {
    cloths.iter().map(|&c| level(w, c)).collect()
}

fn budget(core_ms: f64, unit_ns: f64) -> cloth_frame_budget {
    cloth_frame_budget { core_ms, unit_ns, ..cloth_default_frame_budget() }
}

fn set_budget(w: cloth_world, core_ms: f64, unit_ns: f64) {
    // SAFETY: a valid struct.
    ok(unsafe { cloth_world_set_budget(w, &budget(core_ms, unit_ns)) });
}

/// The budget a world has: (enabled, core_ms, unit_ns).
fn get_budget(w: cloth_world) -> (u32, f64, f64) {
    let (mut b, mut enabled) = (budget(-1.0, -1.0), 7);
    // SAFETY: valid out-pointers, the budget's struct_size set.
    ok(unsafe { cloth_world_get_budget(w, &mut b, &mut enabled) });
    assert_eq!(b.struct_size as usize, std::mem::size_of::<cloth_frame_budget>(), "the caller's size is kept");
    (enabled, b.core_ms, b.unit_ns)
}

/// Units of work a frame of an 8 × 8 COTTON sheet (2 substeps × 4
/// iterations) costs at each level: nodes × substeps × (iterations + 1),
/// halved at half rate (`cloth_solver::detail::work`).
const FULL: f64 = 64.0 * 2.0 * 5.0;
const REDUCED: f64 = 64.0 * 2.0 * 4.0;
const HALF: f64 = FULL / 2.0;

/// Three 8 × 8 COTTON sheets that never sleep (the units below are theirs).
fn three_sheets(w: cloth_world) -> Vec<cloth_id> {
    let sheet = Sheet::new(8);
    let cloths: Vec<cloth_id> = (0..3).map(|_| sheet.create(w, &cloth_default_desc()).expect("seeds")).collect();
    let off = cloth_controls { sleep: 0, ..cloth_default_controls() };
    for &c in &cloths {
        // SAFETY: a valid struct.
        ok(unsafe { cloth_set_controls(w, c, &off) });
    }
    cloths
}

/// The core-milliseconds that buy `units` of work for the three cloths of
/// `a_budget_chooses_levels_by_priority` at the library's price: each
/// cloth's step costs CLOTH_STEP_UNITS on top.
fn core_ms(units: f64) -> f64 {
    (units + 3.0 * CLOTH_STEP_UNITS) * CLOTH_WORK_UNIT_NS * 1e-6
}

#[test]
fn the_constants_are_the_solvers() {
    use cloth_solver::detail::{self, Detail};
    for d in Detail::ALL {
        let c = [CLOTH_DETAIL_FULL, CLOTH_DETAIL_REDUCED, CLOTH_DETAIL_HALF_RATE, CLOTH_DETAIL_FROZEN][d as usize];
        assert_eq!(Detail::from_code(c), Some(d));
    }
    let d = cloth_solver::library::COTTON.dynamics;
    assert_eq!((d.substeps, d.iterations), (2, 4), "the units below assume COTTON's budget");
    for (l, units) in [(Detail::Full, FULL), (Detail::Reduced, REDUCED), (Detail::HalfRate, HALF)] {
        assert_eq!(detail::work(64, &d, l), units, "{l:?}");
    }
    assert_eq!(CLOTH_STEP_UNITS, detail::STEP_UNITS);
    let b = cloth_default_frame_budget();
    assert_eq!((b.struct_size as usize, b.core_ms, b.unit_ns), (std::mem::size_of::<cloth_frame_budget>(), 2.0, 0.0));
}

/// A level set by hand is the level the cloth steps at: full and reduced
/// step every frame, half rate every second frame (the other is `idle`),
/// frozen never — its shape in its own frame does not change while its
/// anchor carries it — and full again steps on.
#[test]
fn a_level_set_is_the_level_a_cloth_steps_at() {
    let w = world();
    let sheet = Sheet::new(8);
    let c = sheet.create(w, &cloth_default_desc()).expect("seeds");
    let n = sheet.positions.len();
    assert_eq!(level(w, c), CLOTH_DETAIL_FULL, "a cloth starts at full detail");
    let mut idle = Vec::new();
    for l in [CLOTH_DETAIL_FULL, CLOTH_DETAIL_REDUCED, CLOTH_DETAIL_HALF_RATE] {
        ok(cloth_set_detail(w, c, l));
        assert_eq!(level(w, c), l);
        for _ in 0..4 {
            ok(cloth_world_step(w));
            idle.push(report(w, c).idle);
        }
        assert_eq!(level(w, c), l, "the level it stepped at");
    }
    assert_eq!(idle, [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1]);

    ok(cloth_set_detail(w, c, CLOTH_DETAIL_FROZEN));
    ok(cloth_world_step(w));
    let shape = position_bits(w, c, n, CLOTH_SPACE_CLOTH);
    for k in 1..=10 {
        let moved = pose([0.1 * k as f64, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]);
        // SAFETY: a valid pose.
        ok(unsafe { cloth_set_anchor_pose(w, c, &moved) });
        ok(cloth_world_step(w));
        assert_eq!(report(w, c).idle, 1, "frozen: no step ran");
        assert_eq!(position_bits(w, c, n, CLOTH_SPACE_CLOTH), shape, "frozen: the shape rides its anchor");
    }
    let mut world_x = vec![cloth_vec3f::default(); n];
    // SAFETY: n entries.
    ok(unsafe { cloth_read_positions(w, c, CLOTH_SPACE_WORLD, world_x.as_mut_ptr(), n) });
    assert!((world_x[0].x - 1.0).abs() < 1e-5, "the pinned corner is where the anchor took it: {:?}", world_x[0]);

    ok(cloth_set_detail(w, c, CLOTH_DETAIL_FULL));
    ok(cloth_world_step(w));
    assert_eq!(report(w, c).idle, 0);
    assert_ne!(position_bits(w, c, n, CLOTH_SPACE_CLOTH), shape, "full again: it steps on");
    ok(cloth_world_destroy(w));
}

/// The host-driven split steps at the level too, and a level is refused
/// inside the split (its step is under way) but takes effect after it.
#[test]
fn the_split_steps_at_the_level() {
    let w = world();
    let c = Sheet::new(8).create(w, &cloth_default_desc()).expect("seeds");
    ok(cloth_set_detail(w, c, CLOTH_DETAIL_HALF_RATE));
    let mut idle = Vec::new();
    for _ in 0..4 {
        ok(cloth_world_begin_step(w));
        assert_eq!(cloth_set_detail(w, c, CLOTH_DETAIL_FULL), CLOTH_STATUS_WRONG_PHASE);
        ok(cloth_world_step_cloth(w, c));
        ok(cloth_world_end_step(w));
        idle.push(report(w, c).idle);
    }
    assert_eq!(idle, [0, 1, 0, 1]);
    assert_eq!(level(w, c), CLOTH_DETAIL_HALF_RATE, "the refused calls changed nothing");
    ok(cloth_world_destroy(w));
}

/// A caller built against the header before `idle` passes the shorter
/// struct_size: the bytes past it are not written.
#[test]
fn an_older_step_report_does_not_get_idle() {
    let w = world();
    let c = sheet(w);
    ok(cloth_set_detail(w, c, CLOTH_DETAIL_FROZEN));
    ok(cloth_world_step(w));
    let old = std::mem::offset_of!(cloth_step_report, idle) as u32;
    let mut r = cloth_step_report { idle: 7, ..step_report(old) };
    // SAFETY: a full-size struct; the library writes `old` bytes of it.
    ok(unsafe { cloth_last_step_report(w, c, &mut r) });
    assert_eq!((r.struct_size, r.idle), (old, 7), "nothing written past the caller's struct");
    assert_eq!(report(w, c).idle, 1, "a full-size report gets it");
    ok(cloth_world_destroy(w));
}

/// A budget too small for anyone freezes everyone, and one larger than the
/// whole world leaves everyone at full detail (a sleeping cloth would cost
/// nothing: sleep is off here). Between, the highest priorities get the most,
/// in bands (full while it fits, then half rate, the rest frozen, what is
/// left raising half rate to reduced): 1400 units for three sheets of 640 at
/// full detail give the first two full (120 left) and freeze the third,
/// whichever it is; 1162 give one full, the second half rate (202 left),
/// raised to reduced (+192), and freeze the third; 1610, two full and the
/// third half rate (320), which it enters on the step with the less
/// half-rate work (at once: it is the only one), frozen for none. The budget is read back, and a price per unit twice
/// the library's buys half as much.
#[test]
fn a_budget_chooses_levels_by_priority() {
    let w = world();
    let cloths = three_sheets(w);
    assert_eq!(get_budget(w), (0, 0.0, 0.0), "a world starts with no budget");
    let step_levels = |w| {
        ok(cloth_world_step(w));
        levels(w, &cloths)
    };
    let (f, r, h, z) = (CLOTH_DETAIL_FULL, CLOTH_DETAIL_REDUCED, CLOTH_DETAIL_HALF_RATE, CLOTH_DETAIL_FROZEN);

    set_budget(w, 0.0, 0.0);
    assert_eq!(get_budget(w), (1, 0.0, CLOTH_WORK_UNIT_NS), "unit_ns 0 keeps the world's price");
    assert_eq!(step_levels(w), [z, z, z]);
    for &c in &cloths {
        assert_eq!(report(w, c).idle, 1);
    }
    set_budget(w, 1e6, 0.0);
    assert_eq!(step_levels(w), [f, f, f]);

    let priorities = |p: [f64; 3]| {
        for (&c, p) in cloths.iter().zip(p) {
            ok(cloth_set_priority(w, c, p));
            let mut got = f64::NAN;
            // SAFETY: a valid out-pointer.
            ok(unsafe { cloth_get_priority(w, c, &mut got) });
            assert_eq!(got, p);
        }
    };
    set_budget(w, core_ms(1400.0), 0.0);
    assert_eq!(get_budget(w), (1, core_ms(1400.0), CLOTH_WORK_UNIT_NS));
    assert_eq!(step_levels(w), [f, f, z], "all at priority 0: the earlier created first");
    priorities([1.0, -5.0, 0.5]);
    assert_eq!(step_levels(w), [f, z, f]);
    priorities([-1.0, 2.0, 3.0]);
    assert_eq!(step_levels(w), [z, f, f]);
    // The same units at twice the price per unit cost twice the milliseconds.
    set_budget(w, 2.0 * core_ms(1400.0), 2.0 * CLOTH_WORK_UNIT_NS);
    assert_eq!(step_levels(w), [z, f, f]);

    priorities([3.0, 2.0, 1.0]);
    // Back to the library's price (unit_ns 0 would keep twice it).
    set_budget(w, core_ms(FULL + REDUCED + 10.0), CLOTH_WORK_UNIT_NS);
    assert_eq!(get_budget(w).2, CLOTH_WORK_UNIT_NS);
    assert_eq!(step_levels(w), [f, r, z]);
    set_budget(w, core_ms(FULL + FULL + HALF + 10.0), 0.0);
    let mut third = Vec::new();
    for _ in 0..6 {
        let l = step_levels(w);
        assert_eq!(l[..2], [f, f]);
        third.push(l[2]);
        let idle = report(w, cloths[2]).idle;
        let second_of_pair = l[2] == h && third.iter().filter(|&&t| t == h).count() % 2 == 0;
        assert_eq!(idle == 1, l[2] == z || second_of_pair, "{third:?}");
    }
    assert!(third.iter().all(|&t| t == h), "half rate at once: {third:?}");

    // Full detail within half the budget: FULL + 2·HALF (+10) gives the
    // first full and the other two half rate, where all of it for full gave
    // two full and froze the third.
    set_budget(w, core_ms(FULL + FULL + 10.0), 0.0);
    assert_eq!(step_levels(w), [f, f, z]);
    let half_share = cloth_frame_budget { full_share: 0.5, ..budget(core_ms(FULL + HALF + HALF + 10.0), 0.0) };
    // SAFETY: a valid struct.
    ok(unsafe { cloth_world_set_budget(w, &half_share) });
    // The second enters half rate at once, the third a step later (frozen
    // for one, reading half rate, idle), so the two step on alternate
    // frames.
    let mut after = Vec::new();
    for _ in 0..4 {
        let l = step_levels(w);
        after.push((l, report(w, cloths[1]).idle, report(w, cloths[2]).idle));
    }
    assert_eq!(after[0].0, [f, h, h], "{after:?}");
    assert_eq!((after[0].1, after[0].2), (0, 1), "the third waits, idle: {after:?}");
    for (l, idle1, idle2) in &after[1..] {
        assert_eq!(*l, [f, h, h], "{after:?}");
        assert_ne!(idle1, idle2, "one of the two steps each frame: {after:?}");
    }
    let mut got = cloth_default_frame_budget();
    let mut enabled = 0;
    // SAFETY: valid out-pointers.
    ok(unsafe { cloth_world_get_budget(w, &mut got, &mut enabled) });
    assert_eq!(got.full_share, 0.5);

    // A level set by hand lasts until the next step chooses again.
    ok(cloth_set_detail(w, cloths[0], CLOTH_DETAIL_FROZEN));
    assert_eq!(level(w, cloths[0]), z);
    assert_eq!(step_levels(w)[0], f, "the budget chose again");
    // The budget chooses under cloth_world_advance and begin_step too.
    set_budget(w, 0.0, 0.0);
    ok(cloth_world_advance(w, 1.0 / 60.0));
    assert_eq!(levels(w, &cloths), [z, z, z]);
    set_budget(w, 1e6, 0.0);
    ok(cloth_world_begin_step(w));
    assert_eq!(levels(w, &cloths), [f, f, f]);
    ok(cloth_world_end_step(w));

    // Cleared, each keeps the level it has until set by hand.
    set_budget(w, 0.0, 0.0);
    ok(cloth_world_step(w));
    ok(cloth_world_clear_budget(w));
    assert_eq!(get_budget(w), (0, 0.0, 0.0));
    assert_eq!(step_levels(w), [z, z, z]);
    ok(cloth_set_detail(w, cloths[1], CLOTH_DETAIL_REDUCED));
    assert_eq!(step_levels(w), [z, r, z]);
    ok(cloth_world_destroy(w));
}

/// The edges of the budget's ranges are taken; past them, refused, and the
/// budget before stays.
#[test]
fn a_budget_out_of_range_changes_nothing() {
    let w = world();
    for (core, unit, price) in [(0.0, 0.0, CLOTH_WORK_UNIT_NS), (1e6, 1e6, 1e6), (0.5, 0.25, 0.25)] {
        set_budget(w, core, unit);
        assert_eq!(get_budget(w), (1, core, price));
    }
    for (core, unit, status) in [
        (-1e-9, 0.0, CLOTH_STATUS_INVALID_ARGUMENT),
        (1.000001e6, 0.0, CLOTH_STATUS_INVALID_ARGUMENT),
        (1.0, -1.0, CLOTH_STATUS_INVALID_ARGUMENT),
        (1.0, 2e6, CLOTH_STATUS_INVALID_ARGUMENT),
        (f64::NAN, 0.0, CLOTH_STATUS_NON_FINITE),
        (1.0, f64::INFINITY, CLOTH_STATUS_NON_FINITE),
    ] {
        // SAFETY: a valid struct.
        let got = unsafe { cloth_world_set_budget(w, &budget(core, unit)) };
        assert_eq!(got, status, "{core} {unit}: {}", last_error());
        assert!(last_error().starts_with("cloth_world_set_budget: "), "{}", last_error());
        assert_eq!(get_budget(w), (1, 0.5, 0.25), "nothing changed");
    }
    let c = sheet(w);
    assert_eq!(cloth_set_priority(w, c, f64::NEG_INFINITY), CLOTH_STATUS_NON_FINITE);
    assert_eq!(cloth_set_detail(w, c, 4), CLOTH_STATUS_INVALID_ENUM);
    assert!(last_error().contains("CLOTH_DETAIL_"), "{}", last_error());
    let mut p = 1.0;
    // SAFETY: a valid out-pointer.
    ok(unsafe { cloth_get_priority(w, c, &mut p) });
    assert_eq!((p, level(w, c)), (0.0, CLOTH_DETAIL_FULL), "refused calls changed nothing");
    ok(cloth_world_destroy(w));
}

/// A host that reports what its steps took moves the budget's price of a
/// unit (read back as unit_ns) towards its machine's: three sheets whose
/// steps take twice the library's price get levels whose cost at that price
/// fits the budget; before any step, and without a budget, a report changes
/// nothing.
#[test]
fn an_observed_step_moves_the_price() {
    let w = world();
    let cloths = three_sheets(w);
    ok(cloth_world_observe_step(w, 1.0));
    assert_eq!(get_budget(w), (0, 0.0, 0.0), "no budget: nothing to move");
    let budget_ms = core_ms(FULL + FULL + 10.0);
    set_budget(w, budget_ms, 0.0);
    ok(cloth_world_observe_step(w, 1.0));
    assert_eq!(get_budget(w), (1, budget_ms, CLOTH_WORK_UNIT_NS), "no step has run yet");
    let slow = 2.0 * CLOTH_WORK_UNIT_NS;
    let mut cost_ms = 0.0;
    for frame in 0..40 {
        ok(cloth_world_step(w));
        let units: f64 =
            levels(w, &cloths).iter().map(|&l| CLOTH_STEP_UNITS + [FULL, REDUCED, HALF, 0.0][l as usize]).sum();
        if frame == 0 {
            assert_eq!(levels(w, &cloths), [CLOTH_DETAIL_FULL, CLOTH_DETAIL_FULL, CLOTH_DETAIL_FROZEN]);
        }
        cost_ms = units * slow * 1e-6;
        ok(cloth_world_observe_step(w, cost_ms));
    }
    let (_, _, price) = get_budget(w);
    assert!((price - slow).abs() < 0.05 * slow, "the price settles on the machine's: {price}");
    set_budget(w, budget_ms, 0.0);
    assert_eq!(get_budget(w).2, price, "a budget set again with unit_ns 0 keeps the price learned");
    set_budget(w, budget_ms, 20.0);
    assert_eq!(get_budget(w).2, 20.0, "a unit_ns over 0 sets it");
    // The wall time of a step on the caller's thread (threads 0) is its
    // core time: the same report moves the price the same way.
    ok(cloth_world_step(w));
    ok(cloth_world_observe_step_wall(w, 1.0));
    let by_wall = get_budget(w).2;
    set_budget(w, budget_ms, 20.0);
    ok(cloth_world_step(w));
    ok(cloth_world_observe_step(w, 1.0));
    assert_eq!(get_budget(w).2, by_wall);
    assert!(by_wall > 20.0, "{by_wall}");
    assert!(cost_ms <= budget_ms, "{cost_ms} ms against a budget of {budget_ms}");
    assert!(cost_ms >= 0.5 * budget_ms, "{cost_ms} ms: the budget used");
    ok(cloth_world_destroy(w));
}
