//! The boundary itself: status codes, the per-thread last-error message, the
//! panic guard every exported function runs inside (and the silent panic
//! hook it installs), pointer checks, and the registry that turns a world
//! handle into a world without ever touching freed memory.

use crate::types::cloth_world;
use cloth_solver::World;
use std::cell::{Cell, RefCell};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Once, PoisonError, RwLock};

/// What a call did. `CLOTH_STATUS_OK` is 0; every other value is a stable,
/// numbered refusal (numbers never change; new codes are appended), with
/// details in `cloth_last_error_message()`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum cloth_status {
    /// Success: every out-parameter and output buffer was written.
    CLOTH_STATUS_OK = 0,
    /// A required pointer was NULL.
    CLOTH_STATUS_NULL_POINTER = 1,
    /// The world handle is not a live world (destroyed, or never created).
    CLOTH_STATUS_INVALID_WORLD = 2,
    /// A cloth, collider set or collider id is not live in this world
    /// (destroyed, or issued by another world).
    CLOTH_STATUS_STALE_ID = 3,
    /// An output buffer is shorter than the call writes (the cloth's node
    /// count, or cloth_read_vertices' bytes); nothing was written.
    CLOTH_STATUS_BUFFER_TOO_SMALL = 4,
    /// An index or a count runs past the end of what it indexes (a node
    /// index, first + count), or an array is larger than memory.
    CLOTH_STATUS_OUT_OF_RANGE = 5,
    /// A value is outside its documented range, a 0/1 flag is neither, a
    /// pointer is misaligned, or a rotation is not a unit quaternion.
    CLOTH_STATUS_INVALID_ARGUMENT = 6,
    /// A float is NaN or infinite.
    CLOTH_STATUS_NON_FINITE = 7,
    /// A uint32_t enum argument has no such value.
    CLOTH_STATUS_INVALID_ENUM = 8,
    /// A descriptor's struct_size is not a size this library knows.
    CLOTH_STATUS_STRUCT_SIZE = 9,
    /// The cloth could not be seeded from its description (the message names
    /// the node, triangle or row).
    CLOTH_STATUS_SEED_FAILED = 10,
    /// Not allowed in this phase: between begin_step and end_step (or a
    /// step_cloth / end_step outside them, or a cloth stepped twice).
    CLOTH_STATUS_WRONG_PHASE = 11,
    /// Another thread is inside a call on this cloth right now.
    CLOTH_STATUS_BUSY = 12,
    /// The collider set is still used by a cloth.
    CLOTH_STATUS_IN_USE = 13,
    /// This CPU lacks an instruction set the library was built for (see
    /// cloth_cpu_supported).
    CLOTH_STATUS_UNSUPPORTED_CPU = 14,
    /// An internal error was caught (a bug: please report the message). It is
    /// contained to the cloth it happened in: every later call naming that
    /// cloth returns this too, until cloth_destroy (which succeeds); the world
    /// and its other cloths keep working. cloth_world_step reports it once,
    /// in the step it happened in, after stepping every other cloth.
    CLOTH_STATUS_INTERNAL = 15,
    /// A cooked blob was refused (cloth_create_from_cooked): not a blob,
    /// cooked by a library of another format version (cook it again from
    /// the mesh), truncated or corrupt (its checksum), or inconsistent; the
    /// message says which.
    CLOTH_STATUS_BAD_BLOB = 16,
}

use cloth_status::*;

/// Every status, in code order (names and the binding check).
pub(crate) const ALL_STATUSES: [cloth_status; 17] = [
    CLOTH_STATUS_OK,
    CLOTH_STATUS_NULL_POINTER,
    CLOTH_STATUS_INVALID_WORLD,
    CLOTH_STATUS_STALE_ID,
    CLOTH_STATUS_BUFFER_TOO_SMALL,
    CLOTH_STATUS_OUT_OF_RANGE,
    CLOTH_STATUS_INVALID_ARGUMENT,
    CLOTH_STATUS_NON_FINITE,
    CLOTH_STATUS_INVALID_ENUM,
    CLOTH_STATUS_STRUCT_SIZE,
    CLOTH_STATUS_SEED_FAILED,
    CLOTH_STATUS_WRONG_PHASE,
    CLOTH_STATUS_BUSY,
    CLOTH_STATUS_IN_USE,
    CLOTH_STATUS_UNSUPPORTED_CPU,
    CLOTH_STATUS_INTERNAL,
    CLOTH_STATUS_BAD_BLOB,
];

/// A refusal: its status and what to tell the host.
#[derive(Debug)]
pub(crate) struct Fail {
    pub status: cloth_status,
    pub message: String,
}

pub(crate) type Res<T> = Result<T, Fail>;

pub(crate) fn fail<T>(status: cloth_status, message: impl Into<String>) -> Res<T> {
    Err(Fail { status, message: message.into() })
}

thread_local! {
    /// The last call's message on this thread, NUL-terminated (just the NUL
    /// after a success; the buffer is reused, so a success allocates nothing).
    static LAST_ERROR: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn set_last_error(function: &str, message: &str) {
    // try_with: a call from a thread-local destructor after ours was dropped
    // simply records nothing.
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut e) = e.try_borrow_mut() {
            e.clear();
            e.extend(
                function.bytes().chain(": ".bytes()).chain(message.bytes()).map(|b| if b == 0 { b' ' } else { b }),
            );
            e.push(0);
        }
    });
}

fn clear_last_error() {
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut e) = e.try_borrow_mut() {
            e.clear();
            e.push(0);
        }
    });
}

/// The message of this thread's last failed call ("" after a success): a
/// NUL-terminated UTF-8 string that names the function and says what was
/// refused and why. Never NULL. Valid until this thread's next call of a
/// function returning cloth_status. Per thread: other threads' calls never
/// change it.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_last_error_message() -> *const c_char {
    static EMPTY: &[u8] = b"\0";
    LAST_ERROR
        .try_with(|e| match e.try_borrow() {
            Ok(e) if !e.is_empty() => e.as_ptr() as *const c_char,
            _ => EMPTY.as_ptr() as *const c_char,
        })
        .unwrap_or(EMPTY.as_ptr() as *const c_char)
}

/// A status's name ("CLOTH_STATUS_OK", …; "CLOTH_STATUS_UNKNOWN" for a value
/// that is none). A static string: never freed, never NULL.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_status_name(status: u32) -> *const c_char {
    let name: &'static [u8] = match ALL_STATUSES.get(status as usize) {
        Some(s) => status_name(*s),
        None => b"CLOTH_STATUS_UNKNOWN\0",
    };
    name.as_ptr() as *const c_char
}

pub(crate) fn status_name(s: cloth_status) -> &'static [u8] {
    match s {
        CLOTH_STATUS_OK => b"CLOTH_STATUS_OK\0",
        CLOTH_STATUS_NULL_POINTER => b"CLOTH_STATUS_NULL_POINTER\0",
        CLOTH_STATUS_INVALID_WORLD => b"CLOTH_STATUS_INVALID_WORLD\0",
        CLOTH_STATUS_STALE_ID => b"CLOTH_STATUS_STALE_ID\0",
        CLOTH_STATUS_BUFFER_TOO_SMALL => b"CLOTH_STATUS_BUFFER_TOO_SMALL\0",
        CLOTH_STATUS_OUT_OF_RANGE => b"CLOTH_STATUS_OUT_OF_RANGE\0",
        CLOTH_STATUS_INVALID_ARGUMENT => b"CLOTH_STATUS_INVALID_ARGUMENT\0",
        CLOTH_STATUS_NON_FINITE => b"CLOTH_STATUS_NON_FINITE\0",
        CLOTH_STATUS_INVALID_ENUM => b"CLOTH_STATUS_INVALID_ENUM\0",
        CLOTH_STATUS_STRUCT_SIZE => b"CLOTH_STATUS_STRUCT_SIZE\0",
        CLOTH_STATUS_SEED_FAILED => b"CLOTH_STATUS_SEED_FAILED\0",
        CLOTH_STATUS_WRONG_PHASE => b"CLOTH_STATUS_WRONG_PHASE\0",
        CLOTH_STATUS_BUSY => b"CLOTH_STATUS_BUSY\0",
        CLOTH_STATUS_IN_USE => b"CLOTH_STATUS_IN_USE\0",
        CLOTH_STATUS_UNSUPPORTED_CPU => b"CLOTH_STATUS_UNSUPPORTED_CPU\0",
        CLOTH_STATUS_INTERNAL => b"CLOTH_STATUS_INTERNAL\0",
        CLOTH_STATUS_BAD_BLOB => b"CLOTH_STATUS_BAD_BLOB\0",
    }
}

thread_local! {
    /// Depth of exported calls running on this thread (the guard nests).
    static INSIDE: Cell<u32> = const { Cell::new(0) };
    /// Where the last panic caught on this thread happened (`file:line`),
    /// recorded by the silent hook for the last-error message.
    static PANIC_AT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Whether a panic now is one this library catches: on a thread inside an
/// exported call, or on a world's own worker thread (only library code
/// runs there, and the world contains it to its cloth).
fn contained() -> bool {
    INSIDE.try_with(|d| d.get() > 0).unwrap_or(false) || cloth_solver::world::on_pool_thread()
}

/// Installs, once per process, a panic hook that says nothing about the
/// panics this library catches — the default hook prints to the host's
/// stderr and captures a backtrace (megabytes of symbol tables kept to exit)
/// for a panic that is then returned as CLOTH_STATUS_INTERNAL with its
/// message. It records where the panic happened for that message. Any other
/// panic — outside an exported call, on a thread that is not the library's —
/// goes to the hook that was installed before, unchanged.
fn install_silent_hook() {
    static HOOK: Once = Once::new();
    // take_hook and set_hook panic on a panicking thread (a thread-local
    // destructor during unwinding): install from a later call instead.
    if std::thread::panicking() {
        return;
    }
    HOOK.call_once(|| {
        let earlier = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if contained() {
                let at = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
                let _ = PANIC_AT.try_with(|p| p.try_borrow_mut().map(|mut p| *p = at));
            } else {
                earlier(info);
            }
        }));
    });
}

/// Where the panic caught on this thread during this call happened, when
/// the hook saw it (`file:line`).
pub(crate) fn panic_at() -> Option<String> {
    PANIC_AT.try_with(|p| p.try_borrow_mut().ok().and_then(|mut p| p.take())).ok().flatten()
}

/// The message of a panic caught on this thread: its payload, and where it
/// happened.
fn panic_report(payload: &(dyn std::any::Any + Send)) -> String {
    let what = cloth_solver::world::panic_message(payload);
    match panic_at() {
        Some(at) => format!("{what} (at {at})"),
        None => what,
    }
}

/// Runs an exported function's body: catches any panic (since Rust 1.81 a
/// panic unwinding out of an `extern "C"` function aborts the host — the
/// editor), records the message, returns the status.
pub(crate) fn guard(function: &'static str, body: impl FnOnce() -> Res<()>) -> cloth_status {
    install_silent_hook();
    let _ = INSIDE.try_with(|d| d.set(d.get() + 1));
    let _ = PANIC_AT.try_with(|p| p.try_borrow_mut().map(|mut p| *p = None));
    // AssertUnwindSafe: a panic in a cloth's code is contained by the world
    // (the cloth is damaged, never used again), one in an exclusive call by
    // `with_world_mut` before any lock sees it; everything else a body
    // touches is the call's own.
    let result = catch_unwind(AssertUnwindSafe(body));
    let _ = INSIDE.try_with(|d| d.set(d.get() - 1));
    match result {
        Ok(Ok(())) => {
            clear_last_error();
            CLOTH_STATUS_OK
        }
        Ok(Err(f)) => {
            set_last_error(function, &f.message);
            f.status
        }
        Err(payload) => {
            let what = panic_report(payload.as_ref());
            set_last_error(function, &format!("internal error (a panic, caught at the boundary): {what}"));
            CLOTH_STATUS_INTERNAL
        }
    }
}

// ---- pointers ----------------------------------------------------------------

/// Checks a pointer to a `T`: NULL is NULL_POINTER, an address not aligned
/// for a `T` is INVALID_ARGUMENT.
pub(crate) fn check_ptr<T>(p: *const T, what: &str) -> Res<()> {
    if p.is_null() {
        return fail(CLOTH_STATUS_NULL_POINTER, format!("{what} is NULL"));
    }
    if (p as usize) % std::mem::align_of::<T>() != 0 {
        return fail(
            CLOTH_STATUS_INVALID_ARGUMENT,
            format!("{what} ({p:p}) is not aligned to {} bytes", std::mem::align_of::<T>()),
        );
    }
    Ok(())
}

/// Checks an out-parameter (NULL, alignment); write it with `ptr::write`
/// only once the call has succeeded.
pub(crate) fn check_out<T>(p: *mut T, what: &str) -> Res<()> {
    check_ptr(p as *const T, what)
}

/// A caller's input value, read during the call.
///
/// # Safety
/// `p` is NULL or points to a readable `T` (the header's pointer rule).
pub(crate) unsafe fn read_in<T: Copy>(p: *const T, what: &str) -> Res<T> {
    check_ptr(p, what)?;
    // SAFETY: non-null and aligned (checked); readable by the caller's
    // contract; every `T` read here is plain integers, floats and pointers,
    // for which any bit pattern is valid.
    Ok(unsafe { std::ptr::read(p) })
}

/// A caller's input array of `len` elements (NULL is allowed when `len` is 0).
///
/// # Safety
/// `p` is NULL or points to `len` readable `T`s not written during the call.
pub(crate) unsafe fn slice_in<'a, T>(p: *const T, len: usize, what: &str) -> Res<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    check_ptr(p, what)?;
    if len.checked_mul(std::mem::size_of::<T>()).is_none_or(|b| b > isize::MAX as usize) {
        return fail(CLOTH_STATUS_OUT_OF_RANGE, format!("{what}: {len} elements do not fit in memory"));
    }
    // SAFETY: non-null, aligned, size within isize::MAX (checked); `len`
    // readable elements by the caller's contract; any bit pattern is a valid
    // element (integers, floats, plain structs of them).
    Ok(unsafe { std::slice::from_raw_parts(p, len) })
}

/// A caller's output buffer of `len` elements, written only on success.
///
/// # Safety
/// `p` is NULL or points to `len` writable `T`s not accessed elsewhere
/// during the call.
pub(crate) unsafe fn slice_out<'a, T>(p: *mut T, len: usize, what: &str) -> Res<&'a mut [T]> {
    if len == 0 {
        return Ok(&mut []);
    }
    check_ptr(p as *const T, what)?;
    if len.checked_mul(std::mem::size_of::<T>()).is_none_or(|b| b > isize::MAX as usize) {
        return fail(CLOTH_STATUS_OUT_OF_RANGE, format!("{what}: {len} elements do not fit in memory"));
    }
    // SAFETY: as `slice_in`, writable and unaliased by the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(p, len) })
}

/// A 0/1 flag (no `bool` crosses the boundary: C# marshals one as 4 bytes).
pub(crate) fn flag(v: u32, what: &str) -> Res<bool> {
    match v {
        0 => Ok(false),
        1 => Ok(true),
        _ => fail(CLOTH_STATUS_INVALID_ARGUMENT, format!("{what} is {v}; a flag is 0 or 1")),
    }
}

pub(crate) fn finite(v: f64, what: &str) -> Res<f64> {
    if v.is_finite() {
        Ok(v)
    } else {
        fail(CLOTH_STATUS_NON_FINITE, format!("{what} is {v}"))
    }
}

// ---- the world registry -----------------------------------------------------

/// A live world behind its lock: per-cloth calls take it shared (so they run
/// concurrently for distinct cloths), everything else exclusive.
pub(crate) type Shared = Arc<RwLock<World>>;

struct Slot {
    generation: u32,
    world: Option<Shared>,
}

/// Every world this process created. A handle is a slot and a generation, so
/// a destroyed world's handle is recognised without dereferencing anything
/// it pointed at — double destroy and use-after-destroy are status codes.
static WORLDS: RwLock<Vec<Slot>> = RwLock::new(Vec::new());

pub(crate) fn register(world: World) -> cloth_world {
    let shared = Some(Arc::new(RwLock::new(world)));
    let mut slots = WORLDS.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(index) = slots.iter().position(|s| s.world.is_none()) {
        let slot = &mut slots[index];
        slot.generation = match slot.generation.wrapping_add(1) {
            0 => 1,
            g => g,
        };
        slot.world = shared;
        return cloth_world { index: index as u32, generation: slot.generation };
    }
    slots.push(Slot { generation: 1, world: shared });
    cloth_world { index: slots.len() as u32 - 1, generation: 1 }
}

fn invalid_world<T>(w: cloth_world) -> Res<T> {
    fail(
        CLOTH_STATUS_INVALID_WORLD,
        format!("world {}:{} is not a live world (destroyed, or never created)", w.index, w.generation),
    )
}

/// Removes a world from the registry and hands it back (the caller drops it
/// outside the registry lock: dropping joins the world's threads).
pub(crate) fn unregister(w: cloth_world) -> Res<Shared> {
    let mut slots = WORLDS.write().unwrap_or_else(PoisonError::into_inner);
    match slots.get_mut(w.index as usize) {
        Some(s) if s.generation == w.generation && s.world.is_some() => Ok(s.world.take().expect("checked")),
        _ => invalid_world(w),
    }
}

pub(crate) fn lookup(w: cloth_world) -> Res<Shared> {
    let slots = WORLDS.read().unwrap_or_else(PoisonError::into_inner);
    match slots.get(w.index as usize) {
        Some(Slot { generation, world: Some(world) }) if *generation == w.generation => Ok(world.clone()),
        _ => invalid_world(w),
    }
}

/// Runs `f` on a world shared with other per-cloth calls. (A panic in a
/// cloth's code is contained by the world; a read lock is never poisoned.)
pub(crate) fn with_world<R>(w: cloth_world, f: impl FnOnce(&World) -> Res<R>) -> Res<R> {
    let shared = lookup(w)?;
    let world = shared.read().unwrap_or_else(PoisonError::into_inner);
    f(&world)
}

/// Runs `f` on a world alone. A panic in `f` is caught here, inside the
/// lock, so the world's lock is never poisoned: a cloth's step contains its
/// own panics (the cloth is damaged, `cloth_solver::World`), and the other
/// exclusive calls change the world's slots only after everything that can
/// fail has run (seeding comes before the cloth is inserted).
pub(crate) fn with_world_mut<R>(w: cloth_world, f: impl FnOnce(&mut World) -> Res<R>) -> Res<R> {
    let shared = lookup(w)?;
    let mut world = shared.write().unwrap_or_else(PoisonError::into_inner);
    match catch_unwind(AssertUnwindSafe(|| f(&mut world))) {
        Ok(r) => r,
        Err(payload) => fail(
            CLOTH_STATUS_INTERNAL,
            format!("internal error (a panic, caught; the world is intact): {}", panic_report(payload.as_ref())),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_error() -> String {
        // SAFETY: cloth_last_error_message returns a NUL-terminated string
        // that stays valid until this thread's next status-returning call.
        unsafe { std::ffi::CStr::from_ptr(cloth_last_error_message()) }.to_string_lossy().into_owned()
    }

    /// A panic inside a body is caught at the boundary, reported as
    /// CLOTH_STATUS_INTERNAL with its message, and the next success clears it.
    #[test]
    fn a_panic_never_crosses_the_boundary() {
        let status = guard("cloth_test", || panic!("deliberate test panic"));
        assert_eq!(status, CLOTH_STATUS_INTERNAL);
        let message = last_error();
        assert!(
            message.starts_with("cloth_test: internal error") && message.contains("deliberate test panic"),
            "{message}"
        );
        assert_eq!(guard("cloth_test", || Ok(())), CLOTH_STATUS_OK);
        assert_eq!(last_error(), "");
    }

    /// The last error is per thread.
    #[test]
    fn the_last_error_is_per_thread() {
        assert_eq!(guard("cloth_here", || fail(CLOTH_STATUS_BUSY, "mine")), CLOTH_STATUS_BUSY);
        std::thread::spawn(|| {
            assert_eq!(last_error(), "");
            assert_eq!(guard("cloth_there", || fail(CLOTH_STATUS_IN_USE, "theirs")), CLOTH_STATUS_IN_USE);
        })
        .join()
        .unwrap();
        assert_eq!(last_error(), "cloth_here: mine");
    }

    #[test]
    fn every_status_has_its_name() {
        for (code, s) in ALL_STATUSES.iter().enumerate() {
            assert_eq!(*s as usize, code);
            // SAFETY: names are static NUL-terminated strings.
            let name = unsafe { std::ffi::CStr::from_ptr(cloth_status_name(code as u32)) };
            assert_eq!(name.to_bytes_with_nul(), status_name(*s));
        }
    }
}
