//! A step allocates nothing (issue 3): every buffer a step touches is sized at
//! seed. A counting global allocator (this test binary's only allocator)
//! counts allocations made while stepping, on every kernel.

use cloth_solver::{scenes, Kernel, SeedOptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

struct Counting;
static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: forwards the caller's contract to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn stepping_allocates_nothing() {
    for kernel in Kernel::ALL {
        let mut cloth = scenes::w0_cloth(SeedOptions::m0());
        cloth.set_kernel(kernel);
        cloth.step(); // the first step too: nothing is lazily sized
        ALLOCATIONS.store(0, Ordering::Relaxed);
        COUNTING.store(true, Ordering::Relaxed);
        for _ in 0..100 {
            cloth.step();
        }
        // A watchdog reset allocates nothing either.
        let slot = cloth.model().slot_of_node[100] as usize;
        cloth.state_mut().x.set(slot, [f32::NAN; 3]);
        let report = cloth.step();
        COUNTING.store(false, Ordering::Relaxed);
        assert!(report.watchdog.is_some());
        assert_eq!(ALLOCATIONS.load(Ordering::Relaxed), 0, "{kernel:?} allocated while stepping");
    }
}
