//! cloth_masses_from_density and cloth_preset_density: a host gives its own
//! mesh a fabric's weight without lumping areas itself.

mod common;
use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

/// The sheet's masses sum to density × area (8 × 8 at 5 cm: 0.35² m²), an
/// interior node carries six triangles' thirds and a corner one or two, and
/// each library entry's density is the one its proxy was sized at.
#[test]
fn masses_weigh_the_sheet_at_the_density() {
    let sheet = Sheet::new(8);
    let n = sheet.positions.len();
    let mut density = 0.0;
    ok(unsafe { cloth_preset_density(CLOTH_PRESET_DENIM, &mut density) });
    assert_eq!(density, cloth_solver::library::DENIM.density);
    let mut masses = vec![-1.0f32; n];
    // SAFETY: every array holds its count.
    ok(unsafe {
        cloth_masses_from_density(
            sheet.positions.as_ptr(),
            n,
            sheet.triangles.as_ptr(),
            sheet.triangles.len() / 3,
            density,
            masses.as_mut_ptr(),
        )
    });
    let total: f64 = masses.iter().map(|&m| m as f64).sum();
    let area = 0.35f64 * 0.35;
    assert!((total - density * area).abs() < 1e-4 * density * area, "total {total} kg");
    let cell = density * 0.05 * 0.05;
    assert!((masses[9] as f64 - cell).abs() < 0.01 * cell, "an interior node: {}", masses[9]);
    assert!(masses.iter().all(|&m| m > 0.0));
    // Seeded with them, the sheet steps.
    let w = world();
    let desc = cloth_sheet_desc { masses: masses.as_ptr(), ..sheet.desc() };
    let mut id = cloth_id::default();
    ok(unsafe { cloth_create_sheet(w, &desc, &cloth_default_desc(), &mut id) });
    ok(cloth_world_step(w));
    ok(cloth_world_destroy(w));
}

/// A corner past the nodes, a density that is 0, negative, NaN or above
/// 1e6, a coordinate past the limit, a count above 2³² − 1, a NULL array and
/// CLOTH_PRESET_CUSTOM are refused with their own status, and a refused
/// call writes nothing.
#[test]
fn masses_refuse_what_they_cannot_weigh() {
    let sheet = Sheet::new(3);
    let n = sheet.positions.len();
    let mut masses = vec![-1.0f32; n];
    let call = |triangles: &[u32], density: f64, out: *mut f32| unsafe {
        cloth_masses_from_density(sheet.positions.as_ptr(), n, triangles.as_ptr(), triangles.len() / 3, density, out)
    };
    let mut bad = sheet.triangles.clone();
    bad[4] = n as u32;
    assert_eq!(call(&bad, 0.15, masses.as_mut_ptr()), CLOTH_STATUS_OUT_OF_RANGE);
    assert_eq!(call(&sheet.triangles, 0.0, masses.as_mut_ptr()), CLOTH_STATUS_INVALID_ARGUMENT);
    assert_eq!(call(&sheet.triangles, -1.0, masses.as_mut_ptr()), CLOTH_STATUS_INVALID_ARGUMENT);
    assert_eq!(call(&sheet.triangles, f64::NAN, masses.as_mut_ptr()), CLOTH_STATUS_NON_FINITE);
    assert_eq!(call(&sheet.triangles, 0.15, std::ptr::null_mut()), CLOTH_STATUS_NULL_POINTER);
    // A density above 1e6 kg/m², a coordinate past CLOTH_MAX_COORDINATE:
    // masses that would not be finite floats.
    assert_eq!(call(&sheet.triangles, 1e300, masses.as_mut_ptr()), CLOTH_STATUS_INVALID_ARGUMENT);
    let mut far = sheet.positions.clone();
    far[4].x = 1e20;
    let far_call = unsafe {
        cloth_masses_from_density(
            far.as_ptr(),
            n,
            sheet.triangles.as_ptr(),
            sheet.triangles.len() / 3,
            0.15,
            masses.as_mut_ptr(),
        )
    };
    assert_eq!(far_call, CLOTH_STATUS_INVALID_ARGUMENT);
    // A count no sheet has is refused before anything is read (it once
    // asked for 51 GB and aborted the process).
    let huge = unsafe {
        cloth_masses_from_density(
            sheet.positions.as_ptr(),
            1 << 32,
            sheet.triangles.as_ptr(),
            1,
            0.15,
            masses.as_mut_ptr(),
        )
    };
    assert_eq!(huge, CLOTH_STATUS_OUT_OF_RANGE);
    assert!(masses.iter().all(|&m| m == -1.0), "a refused call wrote {masses:?}");
    let mut density = 0.0;
    assert_eq!(unsafe { cloth_preset_density(CLOTH_PRESET_CUSTOM, &mut density) }, CLOTH_STATUS_INVALID_ENUM);
}
