//! A refused `struct_size` says what to set in words every host's language
//! has. A C# user's trial read `set it to sizeof(cloth_desc)`: a C
//! expression, where Unity's binding has `ClothDesc` and `sizeof` needs
//! unsafe code. The message now states the sizes in bytes, names the
//! constructor that sets the field when there is one, and never says
//! `sizeof` (bindings/csharp/tests/ClothTest.cs checks the same through the
//! C# exception).

mod common;

use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

#[test]
fn a_desc_of_the_wrong_size_names_its_size_in_bytes() {
    let w = world();
    let sheet = Sheet::new(4);
    let desc = cloth_desc { struct_size: 40, ..cloth_default_desc() };
    assert_eq!(sheet.create(w, &desc), Err(CLOTH_STATUS_STRUCT_SIZE));
    let want = format!(
        "cloth_create_sheet: desc.struct_size is 40 but this library's cloth_desc is {} bytes \
         (set it to the size of the struct you pass; cloth_default_desc() sets it)",
        std::mem::size_of::<cloth_desc>()
    );
    assert_eq!(last_error(), want);
    ok(cloth_world_destroy(w));
}

#[test]
fn an_unset_struct_size_says_so_and_lists_the_earlier_versions() {
    let w = world();
    let sheet = Sheet::new(4);
    let d = cloth_sheet_desc { struct_size: 0, ..sheet.desc() };
    let mut id = cloth_id::default();
    // SAFETY: valid pointers; the arrays behind `d` live in `sheet`.
    let status = unsafe { cloth_create_sheet(w, &d, &cloth_default_desc(), &mut id) };
    assert_eq!(status, CLOTH_STATUS_STRUCT_SIZE);
    let message = last_error();
    assert!(
        message
            .starts_with("cloth_create_sheet: sheet.struct_size is 0 (unset) but this library's cloth_sheet_desc is "),
        "{message}"
    );
    assert!(message.contains(" or ") && message.contains("for its earlier versions"), "{message}");
    assert!(
        message.ends_with("(set it to the size of the struct you pass; cloth_default_sheet_desc() sets it)"),
        "{message}"
    );
    ok(cloth_world_destroy(w));
}

/// The step report has no constructor: the message names none.
#[test]
fn an_output_struct_without_a_constructor_names_none() {
    let w = world();
    let c = sheet(w);
    let mut report = step_report(4);
    // SAFETY: a valid out-pointer of the full size.
    assert_eq!(unsafe { cloth_last_step_report(w, c, &mut report) }, CLOTH_STATUS_STRUCT_SIZE);
    let want = format!(
        "cloth_last_step_report: out.struct_size is 4 but this library's cloth_step_report is {} bytes, \
         or {} or {} for its earlier versions (set it to the size of the struct you pass)",
        std::mem::size_of::<cloth_step_report>(),
        std::mem::offset_of!(cloth_step_report, anchor_limited),
        std::mem::offset_of!(cloth_step_report, idle)
    );
    assert_eq!(last_error(), want);
    ok(cloth_world_destroy(w));
}

#[test]
fn no_struct_size_refusal_says_sizeof() {
    let w = world();
    let c = sheet(w);
    let mut messages = Vec::new();
    let world_desc = cloth_world_desc { struct_size: 3, ..cloth_default_world_desc() };
    let mut out_world = cloth_world::default();
    let mut dynamics = cloth_dynamics { struct_size: 0, ..cloth_default_dynamics() };
    let mut controls = cloth_controls { struct_size: 1, ..cloth_default_controls() };
    let air = cloth_air { struct_size: 0, ..cloth_default_air() };
    let mut budget = cloth_frame_budget { struct_size: 2, ..cloth_default_frame_budget() };
    let mut enabled = 0;
    // SAFETY: valid pointers throughout, each struct of its full size.
    unsafe {
        for status in [
            cloth_world_create(&world_desc, &mut out_world),
            cloth_preset_dynamics(CLOTH_PRESET_DENIM, &mut dynamics),
            cloth_get_dynamics(w, c, &mut dynamics),
            cloth_set_dynamics(w, c, &dynamics),
            cloth_get_controls(w, c, &mut controls),
            cloth_set_air(w, c, &air),
            cloth_world_set_budget(w, &budget),
            cloth_world_get_budget(w, &mut budget, &mut enabled),
        ] {
            assert_eq!(status, CLOTH_STATUS_STRUCT_SIZE, "{}", last_error());
            messages.push(last_error());
        }
    }
    for m in &messages {
        assert!(!m.contains("sizeof"), "{m}");
        assert!(m.contains("bytes") && m.contains("set it to the size of the struct you pass"), "{m}");
    }
    ok(cloth_world_destroy(w));
}
