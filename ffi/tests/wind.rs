//! Wind through the C ABI (issue 18 item 1): a world's wind blows a sheet
//! downwind, as the same air set on the cloth does, bit for bit; a cloth's
//! own wind adds to the world's; the coefficients come from the preset and
//! survive cloth_set_dynamics; every bad air or coefficient is a status,
//! never a panic, and changes nothing.

mod common;
use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

fn air(wind: [f64; 3]) -> cloth_air {
    cloth_air { wind: cloth_vec3 { x: wind[0], y: wind[1], z: wind[2] }, ..cloth_default_air() }
}

fn steps(w: cloth_world, n: usize) {
    for _ in 0..n {
        ok(cloth_world_step(w));
    }
}

/// Mean z of the sheet's nodes, world space.
fn mean_z(w: cloth_world, c: cloth_id, n: usize) -> f64 {
    position_bits(w, c, n, CLOTH_SPACE_WORLD).iter().map(|p| f32::from_bits(p[2]) as f64).sum::<f64>() / n as f64
}

#[test]
fn a_world_wind_blows_a_sheet_downwind_as_its_own_does() {
    let sheet = Sheet::new(6);
    let n = sheet.positions.len();
    let (calm, windy, own) = (world(), world(), world());
    let ids = [calm, windy, own].map(|w| sheet.create(w, &cloth_default_desc()).expect("seeds"));
    // SAFETY: valid worlds, cloths and structs.
    unsafe {
        ok(cloth_world_set_air(windy, &air([0.0, 0.0, 8.0])));
        ok(cloth_set_air(own, ids[2], &air([0.0, 0.0, 8.0])));
    }
    for w in [calm, windy, own] {
        steps(w, 120);
    }
    let (z_calm, z_windy) = (mean_z(calm, ids[0], n), mean_z(windy, ids[1], n));
    assert!(z_windy > z_calm + 0.02, "downwind: {z_windy} against {z_calm}");
    assert_eq!(
        position_bits(windy, ids[1], n, CLOTH_SPACE_WORLD),
        position_bits(own, ids[2], n, CLOTH_SPACE_WORLD),
        "the world's air and the cloth's own give the same bits"
    );
    // A cloth's own wind adds to the world's: against it, the sheet hangs.
    // SAFETY: valid world, cloth and struct.
    unsafe { ok(cloth_set_air(windy, ids[1], &air([0.0, 0.0, -8.0]))) };
    steps(windy, 600);
    assert!((mean_z(windy, ids[1], n) - mean_z(calm, ids[0], n)).abs() < 5e-3);
    for w in [calm, windy, own] {
        ok(cloth_world_destroy(w));
    }
}

#[test]
fn coefficients_come_from_the_preset_and_survive_set_dynamics() {
    let w = world();
    let sheet = Sheet::new(4);
    let silk = sheet.create(w, &cloth_desc { preset: CLOTH_PRESET_SILK, ..cloth_default_desc() }).unwrap();
    let (mut drag, mut lift, mut pd, mut pl) = (0.0, 0.0, 0.0, 0.0);
    // SAFETY: valid outputs.
    unsafe {
        ok(cloth_preset_aerodynamics(CLOTH_PRESET_SILK, &mut pd, &mut pl));
        ok(cloth_get_aerodynamics(w, silk, &mut drag, &mut lift));
    }
    assert_eq!((drag, lift), (pd, pl));
    assert!(pd > 0.0 && pl > 0.0);
    ok(cloth_set_aerodynamics(w, silk, 0.7, 0.2));
    let mut d = cloth_default_dynamics();
    // SAFETY: valid outputs and struct.
    unsafe {
        ok(cloth_get_dynamics(w, silk, &mut d));
        d.damping = 0.3;
        ok(cloth_set_dynamics(w, silk, &d));
        ok(cloth_get_aerodynamics(w, silk, &mut drag, &mut lift));
    }
    assert_eq!((drag, lift), (0.7, 0.2), "cloth_set_dynamics keeps the coefficients");
    ok(cloth_world_destroy(w));
}

#[test]
fn bad_air_and_coefficients_are_statuses_and_change_nothing() {
    let w = world();
    let c = sheet(w);
    let refused = |s: cloth_status, want: cloth_status| {
        assert_eq!(s, want, "{}", last_error());
    };
    let bad = [
        (air([f64::NAN, 0.0, 0.0]), CLOTH_STATUS_NON_FINITE),
        (air([0.0, 1e4, 0.0]), CLOTH_STATUS_INVALID_ARGUMENT),
        (cloth_air { density: -1.0, ..cloth_default_air() }, CLOTH_STATUS_INVALID_ARGUMENT),
        (cloth_air { density: f64::INFINITY, ..cloth_default_air() }, CLOTH_STATUS_NON_FINITE),
        (cloth_air { turbulence_amplitude: -2.0, ..cloth_default_air() }, CLOTH_STATUS_INVALID_ARGUMENT),
        (cloth_air { turbulence_frequency: f64::NAN, ..cloth_default_air() }, CLOTH_STATUS_NON_FINITE),
        (cloth_air { turbulence_scale: 0.0, ..cloth_default_air() }, CLOTH_STATUS_INVALID_ARGUMENT),
        (cloth_air { struct_size: 3, ..cloth_default_air() }, CLOTH_STATUS_STRUCT_SIZE),
    ];
    for (a, want) in bad {
        // SAFETY: valid world, cloth and struct.
        unsafe {
            refused(cloth_world_set_air(w, &a), want);
            refused(cloth_set_air(w, c, &a), want);
        }
    }
    // SAFETY: NULL is refused, never read.
    unsafe {
        refused(cloth_world_set_air(w, std::ptr::null()), CLOTH_STATUS_NULL_POINTER);
        refused(cloth_set_air(w, c, std::ptr::null()), CLOTH_STATUS_NULL_POINTER);
        let mut x = 0.0;
        refused(cloth_get_aerodynamics(w, c, std::ptr::null_mut(), &mut x), CLOTH_STATUS_NULL_POINTER);
        refused(cloth_preset_aerodynamics(CLOTH_PRESET_CUSTOM, &mut x, &mut x), CLOTH_STATUS_INVALID_ENUM);
    }
    refused(cloth_set_aerodynamics(w, c, f64::NAN, 0.0), CLOTH_STATUS_NON_FINITE);
    refused(cloth_set_aerodynamics(w, c, 1.0, -0.5), CLOTH_STATUS_INVALID_ARGUMENT);
    refused(cloth_set_aerodynamics(w, c, 11.0, 0.0), CLOTH_STATUS_INVALID_ARGUMENT);
    // Nothing changed: still no air, the default coefficients.
    let (mut drag, mut lift) = (0.0, 0.0);
    // SAFETY: valid outputs.
    unsafe { ok(cloth_get_aerodynamics(w, c, &mut drag, &mut lift)) };
    let mut cotton = (0.0, 0.0);
    // SAFETY: valid outputs.
    unsafe { ok(cloth_preset_aerodynamics(CLOTH_PRESET_COTTON, &mut cotton.0, &mut cotton.1)) };
    assert_eq!((drag, lift), cotton);
    // Inside a host-driven step the world's air is frozen.
    ok(cloth_world_begin_step(w));
    // SAFETY: valid world and struct.
    unsafe { refused(cloth_world_set_air(w, &cloth_default_air()), CLOTH_STATUS_WRONG_PHASE) };
    ok(cloth_world_end_step(w));
    ok(cloth_world_destroy(w));
}
