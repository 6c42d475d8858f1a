//! Refusals the header states, provoked at the C ABI as a host would.

mod common;

use ::cloth::boundary::cloth_status::*;
use ::cloth::*;
use common::*;

/// A world with a four-by-four sheet and a collider set.
struct Fixture {
    w: cloth_world,
    cloth: cloth_id,
    set: cloth_collider_set_id,
}

impl Fixture {
    fn new() -> Fixture {
        let w = world();
        Fixture { w, cloth: sheet(w), set: set(w) }
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = cloth_world_destroy(self.w);
    }
}

/// Room for any descriptor 4 bytes past an 8-byte boundary, and a copy of
/// `value` there.
fn misaligned<T: Copy>(storage: &mut [u64; 32], value: T) -> *const T {
    assert_eq!(std::mem::align_of::<T>(), 8);
    assert!(std::mem::size_of::<T>() + 4 <= std::mem::size_of_val(storage));
    // SAFETY: 4 + size_of::<T>() bytes fit in the storage (checked); an
    // unaligned write.
    unsafe {
        let p = (storage.as_mut_ptr() as *mut u8).add(4) as *mut T;
        p.write_unaligned(value);
        p
    }
}

/// A descriptor is checked for its own alignment: a cloth_dynamics,
/// cloth_desc, cloth_sheet_desc or cloth_collider_desc 4 bytes off its 8
/// was read as given (only its first field, a u32, was checked), though the
/// header says every pointer is checked for alignment.
#[test]
fn a_descriptor_misaligned_for_its_type_is_refused() {
    let f = Fixture::new();
    let mut storage = [0u64; 32];
    let small = Sheet::new(3);
    let mut out = cloth_id::default();
    let mut col = cloth_collider_id::default();
    // SAFETY: every pointer is valid for the call; the misaligned ones are
    // refused before anything is read through them as their type.
    unsafe {
        let d = misaligned(&mut storage, cloth_default_dynamics());
        assert_eq!(cloth_set_dynamics(f.w, f.cloth, d), CLOTH_STATUS_INVALID_ARGUMENT);
        assert!(last_error().contains("not aligned to 8 bytes"), "{}", last_error());
        let custom = cloth_desc { preset: CLOTH_PRESET_CUSTOM, dynamics: d, ..cloth_default_desc() };
        assert_eq!(cloth_create_sheet(f.w, &small.desc(), &custom, &mut out), CLOTH_STATUS_INVALID_ARGUMENT);
        let desc = misaligned(&mut storage, cloth_default_desc());
        assert_eq!(cloth_create_sheet(f.w, &small.desc(), desc, &mut out), CLOTH_STATUS_INVALID_ARGUMENT);
        let sheet = misaligned(&mut storage, small.desc());
        assert_eq!(cloth_create_sheet(f.w, sheet, &cloth_default_desc(), &mut out), CLOTH_STATUS_INVALID_ARGUMENT);
        let collider = misaligned(&mut storage, cloth_default_collider_desc());
        assert_eq!(cloth_collider_create(f.w, f.set, collider, &mut col), CLOTH_STATUS_INVALID_ARGUMENT);
        // The same values, aligned, are taken.
        ok(cloth_set_dynamics(f.w, f.cloth, &cloth_default_dynamics()));
        ok(cloth_create_sheet(f.w, &small.desc(), &cloth_default_desc(), &mut out));
    }
}
