//! cloth_read_stats: what a host reads to check a cloth's stretch without
//! computing edge lengths itself — measured on the cloth's current state.

mod common;
use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

fn stats(w: cloth_world, c: cloth_id) -> cloth_stats {
    let mut s = cloth_stats {
        struct_size: std::mem::size_of::<cloth_stats>() as u32,
        asleep: 9,
        worst_link_ratio: -1.0,
        mean_link_strain: -1.0,
        allowance: -1.0,
        worst_tether_ratio: -1.0,
        local_speed: -1.0,
        max_turn_rate: -1.0,
        worst_link_elongation: -1.0,
        longest_elongation: -1.0,
        worst_link_node_a: 7777,
        worst_link_node_b: 7777,
        worst_leash_ratio: -1.0,
    };
    ok(unsafe { cloth_read_stats(w, c, &mut s) });
    s
}

/// At seed every link is at its rest length and nothing moves; after two
/// seconds hanging, the worst link ratio is the one the host computes from
/// the positions it reads back and the bind pose's edges, the tether ratio
/// is within the cloth's reach, and the allowance is the preset's.
#[test]
fn stats_are_what_the_host_would_measure() {
    for (preset, allowance) in [(CLOTH_PRESET_COTTON, 0.0), (CLOTH_PRESET_DENIM, 1.001)] {
        let sheet = Sheet::new(8);
        let w = world();
        let desc = cloth_desc { preset, ..cloth_default_desc() };
        let c = sheet.create(w, &desc).expect("seeds");
        let s = stats(w, c);
        assert_eq!(s.asleep, 0);
        assert!((s.worst_link_ratio - 1.0).abs() < 1e-6 && s.mean_link_strain < 1e-6, "{s:?}");
        assert!((s.allowance - allowance).abs() < 1e-12, "{s:?}");
        assert_eq!(s.local_speed, 0.0);
        for _ in 0..120 {
            ok(cloth_world_step(w));
        }
        let s = stats(w, c);
        let n = sheet.positions.len();
        let mut x = vec![cloth_vec3f { x: 0.0, y: 0.0, z: 0.0 }; n];
        // SAFETY: n entries.
        ok(unsafe { cloth_read_positions(w, c, CLOTH_SPACE_CLOTH, x.as_mut_ptr(), n) });
        let len = |p: &[cloth_vec3f], a: u32, b: u32| {
            let (p, q) = (p[a as usize], p[b as usize]);
            (((p.x - q.x) as f64).powi(2) + ((p.y - q.y) as f64).powi(2) + ((p.z - q.z) as f64).powi(2)).sqrt()
        };
        let worst = sheet
            .triangles
            .chunks(3)
            .flat_map(|t| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])])
            .map(|(a, b)| len(&x, a, b) / len(&sheet.positions, a, b))
            .fold(0.0, f64::max);
        assert!((s.worst_link_ratio - worst).abs() < 1e-5, "{preset}: {s:?} against {worst}");
        // The worst row's nodes and elongation, and the longest elongation,
        // as the host measures them.
        let (a, b) = (s.worst_link_node_a, s.worst_link_node_b);
        let rest = len(&sheet.positions, a, b);
        assert!((len(&x, a, b) / rest - s.worst_link_ratio).abs() < 1e-5, "{preset}: nodes {a}-{b}: {s:?}");
        assert!((len(&x, a, b) - rest - s.worst_link_elongation).abs() < 1e-6, "{preset}: {s:?}");
        let longest = sheet
            .triangles
            .chunks(3)
            .flat_map(|t| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])])
            .map(|(a, b)| len(&x, a, b) - len(&sheet.positions, a, b))
            .fold(0.0, f64::max);
        assert!((s.longest_elongation - longest).abs() < 1e-6, "{preset}: {s:?} against {longest}");
        assert!(s.longest_elongation >= s.worst_link_elongation, "{s:?}");
        assert!(s.worst_link_ratio > 1.0 && s.mean_link_strain > 0.0, "{s:?}");
        assert!(s.worst_tether_ratio > 0.5 && s.worst_tether_ratio <= 1.01, "{s:?}");
        assert!(s.local_speed.is_finite() && s.local_speed >= 0.0);
        ok(cloth_world_destroy(w));
    }
}

/// With tethers switched off (cloth_controls) the tether ratio reads 0, as
/// the header says; on, the cloth's own figure.
#[test]
fn the_tether_ratio_is_zero_without_tethers() {
    let w = world();
    let c = Sheet::new(6).create(w, &cloth_default_desc()).expect("seeds");
    for _ in 0..30 {
        ok(cloth_world_step(w));
    }
    assert!(stats(w, c).worst_tether_ratio > 0.5);
    let off = cloth_controls { tethers: 0, ..cloth_default_controls() };
    ok(unsafe { cloth_set_controls(w, c, &off) });
    assert_eq!(stats(w, c).worst_tether_ratio, 0.0);
    ok(cloth_world_destroy(w));
}

/// A sleeping cloth reads asleep, and awake as soon as something wakes it
/// (an impulse), before the step that moves it.
#[test]
fn an_impulse_wakes_what_stats_read() {
    let w = world();
    let c = Sheet::new(6).create(w, &cloth_default_desc()).expect("seeds");
    let mut slept = false;
    for _ in 0..1200 {
        ok(cloth_world_step(w));
        if stats(w, c).asleep == 1 {
            slept = true;
            break;
        }
    }
    assert!(slept, "the sheet falls asleep within 20 s");
    let (node, push) = (30u32, cloth_vec3 { x: 0.0, y: 0.0, z: 1e-3 });
    // SAFETY: one node, one impulse.
    ok(unsafe { cloth_apply_impulses(w, c, &node, &push, 1) });
    assert_eq!(stats(w, c).asleep, 0, "woken by the impulse");
    ok(cloth_world_destroy(w));
}

/// A wrong struct_size or a NULL out is refused, as for every sized struct.
#[test]
fn stats_refuse_a_bad_out() {
    let w = world();
    let c = sheet(w);
    let mut s = stats(w, c);
    s.struct_size = 12;
    assert_eq!(unsafe { cloth_read_stats(w, c, &mut s) }, CLOTH_STATUS_STRUCT_SIZE);
    assert_eq!(unsafe { cloth_read_stats(w, c, std::ptr::null_mut()) }, CLOTH_STATUS_NULL_POINTER);
    ok(cloth_world_destroy(w));
}

/// max_turn_rate is the turn at which a step starts to read turn_limited:
/// a yaw a tenth slower is felt whole, a tenth faster is limited. It scales
/// with cloth_controls.max_turn_links, and 0 leaves the ceiling of 0.125
/// rad a substep.
#[test]
fn the_turn_rate_a_cloth_feels_is_read_and_set() {
    let w = world();
    let c = Sheet::new(24).create(w, &cloth_default_desc()).expect("seeds");
    let mut d = cloth_default_dynamics();
    ok(unsafe { cloth_get_dynamics(w, c, &mut d) });
    let ceiling = 0.125 * d.substeps as f64 / d.dt;
    let rate = stats(w, c).max_turn_rate;
    assert!(rate > 0.0 && rate < ceiling / 2.0, "{rate} rad/s, ceiling {ceiling}");
    let links = |n: f64| {
        ok(unsafe { cloth_set_controls(w, c, &cloth_controls { max_turn_links: n, ..cloth_default_controls() }) });
        stats(w, c).max_turn_rate
    };
    assert!((links(2.0) - 2.0 * rate).abs() < 1e-9 * rate);
    assert_eq!(links(0.0), ceiling);
    links(1.0);
    let mut yaw = 0.0;
    for (speed, limited) in [(0.9, 0), (1.1, 1), (0.9, 0)] {
        yaw += speed * rate * d.dt;
        let (s, c2) = ((0.5 * yaw).sin(), (0.5 * yaw).cos());
        ok(unsafe { cloth_set_anchor_pose(w, c, &pose([0.0; 3], [0.0, s, 0.0, c2])) });
        ok(cloth_world_step(w));
        let mut r = step_report(std::mem::size_of::<cloth_step_report>() as u32);
        ok(unsafe { cloth_last_step_report(w, c, &mut r) });
        assert_eq!(r.turn_limited, limited, "a yaw at {speed} × max_turn_rate");
    }
    ok(cloth_world_destroy(w));
}

/// The leash ratio says when the leash holds the cloth: a COTTON sheet
/// (slack 0.7) whose pinned top row alone is drawn to 30 % of its width
/// reads the leash holding its free nodes near their old animated
/// positions, the leash and the links under the pins pulling against each
/// other (ratio 1.79, links 1.58× against 1.15× with no leash); the same
/// draw with every node's animated position moved along reads about 1
/// where the gathered sheet folds against the leash (1.02, links as with no
/// leash); with slack 1 (no leash) it reads 0. On the regular sheet and on
/// one jittered in its plane; a sheet with nothing fixed has no leash and
/// reads 0.
#[test]
fn the_leash_ratio_shows_a_cloth_held_back_by_its_leash() {
    let side = 12u32;
    let regular = Sheet::new(side);
    // The same sheet as an artist's mesh: interior nodes moved up to 30 %
    // of the spacing in the plane.
    let mut jittered = Sheet::new(side);
    let mut rng = cloth_solver::rng::SplitMix64::new(3);
    for (i, p) in jittered.positions.iter_mut().enumerate() {
        let (r, c) = (i as u32 / side, i as u32 % side);
        if r > 0 && c > 0 && r + 1 < side && c + 1 < side {
            p.x += rng.range(-0.015, 0.015) as f32;
            p.y += rng.range(-0.015, 0.015) as f32;
        }
    }
    for (mesh, sheet) in [("regular", &regular), ("jittered", &jittered)] {
        leash_ratio_on(mesh, sheet, side);
    }
    // Nothing fixed: no leash, whatever the slack.
    let free = Sheet { fixed: vec![0; jittered.fixed.len()], ..jittered };
    let w = world();
    let desc = cloth_desc { preset: CLOTH_PRESET_COTTON, ..cloth_default_desc() };
    let c = free.create(w, &desc).expect("seeds");
    for _ in 0..30 {
        ok(cloth_world_step(w));
    }
    assert_eq!(stats(w, c).worst_leash_ratio, 0.0);
    ok(cloth_world_destroy(w));
}

fn leash_ratio_on(mesh: &str, sheet: &Sheet, side: u32) {
    let run = |all: bool, slack: f64| {
        let w = world();
        let desc = cloth_desc { preset: CLOTH_PRESET_COTTON, ..cloth_default_desc() };
        let c = sheet.create(w, &desc).expect("seeds");
        let mut d = cloth_default_dynamics();
        ok(unsafe { cloth_get_dynamics(w, c, &mut d) });
        d.slack = slack;
        ok(unsafe { cloth_set_dynamics(w, c, &d) });
        let mid = 0.05 * (side - 1) as f32 * 0.5;
        let moved = if all { sheet.positions.len() } else { side as usize };
        for k in 1..=180 {
            let s = 1.0 - 0.7 * (k as f32 / 60.0).min(1.0);
            let to: Vec<cloth_vec3f> =
                sheet.positions[..moved].iter().map(|p| cloth_vec3f { x: mid + (p.x - mid) * s, ..*p }).collect();
            // SAFETY: `moved` entries.
            ok(unsafe { cloth_set_animated_positions(w, c, 0, to.as_ptr(), to.len()) });
            ok(cloth_world_step(w));
        }
        let s = stats(w, c);
        ok(cloth_world_destroy(w));
        s
    };
    let free = run(false, 1.0);
    assert_eq!(free.worst_leash_ratio, 0.0, "{mesh}: {free:?}");
    let held = run(false, 0.7);
    assert!(held.worst_leash_ratio > 1.5, "{mesh}: {held:?}");
    let stretched = held.worst_link_ratio / free.worst_link_ratio;
    assert!(stretched > 1.25, "{mesh}: the leash stretches the links under the pins: {held:?} against {free:?}");
    let along = run(true, 0.7);
    assert!(along.worst_leash_ratio < 1.1, "{mesh}: {along:?}");
    let stretched = along.worst_link_ratio / free.worst_link_ratio;
    assert!(stretched < 1.05, "{mesh}: the leash barely acts: {along:?} against {free:?}");
}
