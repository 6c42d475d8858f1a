//! Worlds: create, destroy, the frame, and stepping (whole world or the
//! host-driven split).

use crate::boundary::cloth_status::{self, *};
use crate::boundary::{
    check_out, fail, guard, lookup, read_in, register, unregister, with_world, with_world_mut, Fail,
};
use crate::types::{
    air_in, budget_bytes, budget_in, budget_out, check_sized_out, cloth_air, cloth_frame_budget, cloth_id, cloth_vec3,
    cloth_world, cloth_world_desc, read_desc, vec3_in, write_sized_out,
};
use cloth_solver::world::{ClothId, WorldError, WorldOptions};
use cloth_solver::World;

/// Most threads a world may own.
const MAX_THREADS: u32 = 256;

/// Maps a world refusal to its status and message.
pub(crate) fn world_fail(e: WorldError) -> Fail {
    let status = match &e {
        WorldError::StaleCloth(_) | WorldError::StaleColliderSet(_) => CLOTH_STATUS_STALE_ID,
        WorldError::SetInUse { .. } => CLOTH_STATUS_IN_USE,
        WorldError::Seed(s) => crate::types::status_of_seed(s),
        WorldError::Cook(c) => crate::cloth::status_of_cook(c),
        WorldError::Param(cloth_solver::ParamError::OutOfRange { value, .. }) if !value.is_finite() => {
            CLOTH_STATUS_NON_FINITE
        }
        WorldError::Param(_) => CLOTH_STATUS_INVALID_ARGUMENT,
        WorldError::Collider(c) => crate::collider::collider_status(c),
        WorldError::InsideStep
        | WorldError::NotInsideStep
        | WorldError::AlreadyInsideStep
        | WorldError::AlreadyStepped(_) => CLOTH_STATUS_WRONG_PHASE,
        WorldError::Busy(_) => CLOTH_STATUS_BUSY,
        WorldError::Damaged { .. } | WorldError::ThreadPool(_) => CLOTH_STATUS_INTERNAL,
    };
    // Where the panic happened, when it happened on this thread in this call.
    let message = match crate::boundary::panic_at().filter(|_| matches!(e, WorldError::Damaged { .. })) {
        Some(at) => format!("{e} (at {at})"),
        None => e.to_string(),
    };
    Fail { status, message }
}

pub(crate) fn cloth_of(id: cloth_id) -> ClothId {
    ClothId { index: id.index, generation: id.generation }
}

/// The library's ABI version: equal to CLOTH_ABI_VERSION in the header the
/// host was compiled with, or the two disagree about some struct or function.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_abi_version() -> u32 {
    crate::types::CLOTH_ABI_VERSION
}

/// The library's version, "major.minor.patch" (a static string).
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_version() -> *const std::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr() as *const std::ffi::c_char
}

/// 1 when this CPU runs this library, else 0. The shipped build targets the
/// x86-64 baseline (SSE2, which every x86-64 CPU has), so it answers 1 on any
/// x86-64 CPU, and its AVX2 kernels are chosen at run time (cloth_cpu_path).
/// A build made for a higher level (RUSTFLAGS="-C target-cpu=x86-64-v3")
/// answers 0 on a CPU without that level, checked with CPUID, but its own code
/// may already have executed such an instruction: ship the default build.
/// (Worlds also check, and refuse with CLOTH_STATUS_UNSUPPORTED_CPU.)
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_cpu_supported() -> u32 {
    cloth_solver::lanes::cpu_supports_build() as u32
}

/// `cloth_cpu_path`: the baseline kernels (on x86-64, SSE2), which every CPU runs.
pub const CLOTH_CPU_PATH_BASELINE: u32 = 0;
/// `cloth_cpu_path`: the AVX2 kernels, reading neighbours' positions and
/// rows' penalties and multipliers with the CPU's gather instruction.
pub const CLOTH_CPU_PATH_AVX2: u32 = 1;
/// `cloth_cpu_path`: the AVX2 kernels, reading neighbours' positions from a
/// packed copy (16-byte loads) and rows' penalties and multipliers stored
/// side by side (8-byte loads): faster where the gather instruction is slow.
pub const CLOTH_CPU_PATH_AVX2_PACKED: u32 = 2;

/// Which kernels the library's steps run on this CPU. Where CPUID reports
/// AVX2 and XGETBV shows that the operating system saves the AVX registers:
/// CLOTH_CPU_PATH_AVX2_PACKED on an AMD CPU, CLOTH_CPU_PATH_AVX2 on any
/// other; else CLOTH_CPU_PATH_BASELINE. All give the same bits; they differ
/// in speed only. The environment variable CLOTH_CPU_PATH (baseline, avx2 or
/// avx2-packed) forces one, the AVX2 ones only where AVX2 runs (read once,
/// when the library first needs the answer).
/// Executes no instruction the CPU lacks.
/// Refuses: nothing (it returns no cloth_status).
#[no_mangle]
pub extern "C" fn cloth_cpu_path() -> u32 {
    match cloth_solver::lanes::cpu_path() {
        cloth_solver::lanes::CpuPath::Baseline => CLOTH_CPU_PATH_BASELINE,
        cloth_solver::lanes::CpuPath::Avx2 => CLOTH_CPU_PATH_AVX2,
        cloth_solver::lanes::CpuPath::Avx2Packed => CLOTH_CPU_PATH_AVX2_PACKED,
    }
}

/// Creates a world. `desc` is read during the call; `*out_world` receives the
/// handle. Destroy it with cloth_world_destroy.
/// Refuses: UNSUPPORTED_CPU when cloth_cpu_supported() is 0; INTERNAL when
/// the system will not start `desc.threads` threads.
#[no_mangle]
pub unsafe extern "C" fn cloth_world_create(
    desc: *const cloth_world_desc,
    out_world: *mut cloth_world,
) -> cloth_status {
    guard("cloth_world_create", || {
        // SAFETY: the caller's pointer contract.
        let desc = unsafe { read_desc(desc, "desc")? };
        check_out(out_world, "out_world")?;
        if desc.threads > MAX_THREADS {
            return fail(
                CLOTH_STATUS_INVALID_ARGUMENT,
                format!("desc.threads is {}; at most {MAX_THREADS}", desc.threads),
            );
        }
        if !cloth_solver::lanes::cpu_supports_build() {
            return fail(
                CLOTH_STATUS_UNSUPPORTED_CPU,
                format!(
                    "this CPU lacks {} (the instruction set the library was built for)",
                    cloth_solver::lanes::build_isa()
                ),
            );
        }
        let world = World::new(WorldOptions { threads: desc.threads as usize }).map_err(world_fail)?;
        let handle = register(world);
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe { out_world.write(handle) };
        Ok(())
    })
}

/// Destroys a world: every cloth, collider set and collider in it, and its
/// threads (joined before this returns). A second destroy, or any later use
/// of the handle, is CLOTH_STATUS_INVALID_WORLD. Calls already running on the
/// world on other threads finish first (the memory lives until they do).
/// Refuses: only as every function does (ERRORS); it is not refused between
/// begin_step and end_step.
#[no_mangle]
pub extern "C" fn cloth_world_destroy(world: cloth_world) -> cloth_status {
    guard("cloth_world_destroy", || {
        let shared = unregister(world)?;
        drop(shared);
        Ok(())
    })
}

/// Starts a frame: every collider's previous pose becomes its current one,
/// so a collider not moved this frame has no travel. Call it before setting
/// this frame's collider poses. Exclusive.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub extern "C" fn cloth_world_begin_frame(world: cloth_world) -> cloth_status {
    guard("cloth_world_begin_frame", || with_world_mut(world, |w| w.begin_frame().map_err(world_fail)))
}

/// Moves the world's origin under everything in it, as an engine rebasing
/// a level far from its origin does (Unreal's world origin rebasing, a
/// floating origin): every cloth's anchor and every collider — current and
/// previous poses, and what cloth_world_advance keeps — moves by `shift`
/// (world, m; new = old + shift), so nothing travels, no cloth teleports
/// and nothing moves in a cloth's frame; turbulence stays with the content.
/// Call it when the engine rebases, between frames, then set this frame's
/// (shifted) anchor and collider poses as usual. Setting shifted poses
/// without it reads as a jump of the whole shift (a teleport). Exclusive.
/// Refuses: NON_FINITE for a component that is not finite;
/// INVALID_ARGUMENT for a shift that would put an anchor or a collider past
/// ±CLOTH_MAX_COORDINATE m; WRONG_PHASE between begin_step and end_step.
/// A refused shift changes nothing.
#[no_mangle]
pub unsafe extern "C" fn cloth_world_shift_origin(world: cloth_world, shift: *const cloth_vec3) -> cloth_status {
    guard("cloth_world_shift_origin", || {
        // SAFETY: the caller's pointer contract.
        let shift = vec3_in(&unsafe { read_in(shift, "shift")? }, "shift")?;
        with_world_mut(world, |w| w.shift_origin(shift).map_err(world_fail))
    })
}

/// Steps every cloth of the world once, on the world's threads (or the
/// calling thread when it has none), largest first. The result is
/// bit-identical whatever the thread count. Exclusive.
/// Refuses: INTERNAL when a bug was caught in a cloth's step (reported once,
/// after every other cloth has stepped; that cloth is skipped from then on).
#[no_mangle]
pub extern "C" fn cloth_world_step(world: cloth_world) -> cloth_status {
    guard("cloth_world_step", || with_world_mut(world, |w| w.step().map_err(world_fail)))
}

/// Advances every cloth by `seconds` of host time, for a host whose frame
/// rate varies: each cloth runs the fixed steps of its dt that fit in the
/// time it has carried over plus `seconds` — at most
/// CLOTH_MAX_CATCH_UP_STEPS (the rest of a longer frame, a hitch, is
/// dropped) — each with its
/// anchor pose interpolated between the one set before the last advance and
/// the one set for now (set the anchor poses for now first). Afterwards the
/// reads (positions, vertices, node poses) show each cloth's shape between
/// its last two fixed steps at the time carried over — one fixed step
/// behind the host's time, never extrapolated — carried by the anchor pose
/// set for now, so the garment rides with its character; until the next
/// step. Fixed steps are those cloth_world_step runs: ticking at 144 Hz or
/// 60 Hz gives the same states at the same steps (bit for bit on a still
/// anchor, within 0.1 mm on a moving one). Exclusive.
/// Refuses: NON_FINITE for a `seconds` that is NaN or infinite;
/// INVALID_ARGUMENT for a negative one; INTERNAL as cloth_world_step.
#[no_mangle]
pub extern "C" fn cloth_world_advance(world: cloth_world, seconds: f64) -> cloth_status {
    // World::advance refuses a bad time; world_fail maps a non-finite one to
    // NON_FINITE, a negative one to INVALID_ARGUMENT.
    guard("cloth_world_advance", || with_world_mut(world, |w| w.advance(seconds).map_err(world_fail)))
}

/// Sets the air of the whole world, read during the call: its density, mean
/// wind and turbulence (cloth_air), which every cloth feels on top of its
/// own (cloth_set_air). A world starts with none (density 0: drag and lift
/// do nothing). A change wakes every cloth. Exclusive.
/// Refuses: NON_FINITE for a float that is NaN or infinite;
/// INVALID_ARGUMENT for one out of its range (nothing changes);
/// WRONG_PHASE inside begin_step / end_step.
#[no_mangle]
pub unsafe extern "C" fn cloth_world_set_air(world: cloth_world, air: *const cloth_air) -> cloth_status {
    guard("cloth_world_set_air", || {
        // SAFETY: the caller's pointer contract.
        let air = air_in(&unsafe { read_desc(air, "air")? })?;
        with_world_mut(world, |w| w.set_air(air).map_err(world_fail))
    })
}

/// Sets the world's frame budget, read during the call (cloth_frame_budget):
/// from the next cloth_world_step, cloth_world_advance or
/// cloth_world_begin_step on, each of them first chooses every cloth's level
/// of detail, overriding cloth_set_detail. Cloths go by priority
/// (cloth_set_priority), highest first, ties to the lower cloth_id.index,
/// in bands of falling detail: CLOTH_DETAIL_FULL while it fits in
/// full_share of the budget, then _HALF_RATE while it fits in the rest, the
/// rest _FROZEN; what is left then raises
/// half-rate cloths to _REDUCED, in priority order. No cloth gets more
/// detail than one of higher priority. Every cloth's step costs
/// CLOTH_STEP_UNITS at any level; a cloth asleep for 30 steps in a row
/// costs nothing more (one that dozes for a step is charged its level, so
/// the room it leaves does not flicker another cloth's level).
/// A cloth entering half rate enters it now or, frozen until one fixed step
/// has passed, then, whichever puts its steps where half-rate work is less
/// so far (in priority order), so half rate's work splits evenly between
/// the two steps of a pair (under cloth_world_advance, the two halves of
/// its 2·dt of host time). One whose dt is over 0.5 s is frozen instead.
/// Under cloth_world_advance a frame's work is a step's times the fixed
/// steps the host's frame holds (at least 1, at most 4). The world never times itself: the same
/// budget and priorities give the same levels, and the same bits, on every
/// machine. Exclusive.
/// Refuses: NON_FINITE for a field that is NaN or infinite;
/// INVALID_ARGUMENT for core_ms or unit_ns outside 0..=1e6 or full_share
/// outside 0..=1 (nothing changes); WRONG_PHASE inside begin_step /
/// end_step.
#[no_mangle]
pub unsafe extern "C" fn cloth_world_set_budget(world: cloth_world, budget: *const cloth_frame_budget) -> cloth_status {
    guard("cloth_world_set_budget", || {
        // SAFETY: the caller's pointer contract.
        let budget = budget_in(&unsafe { read_desc(budget, "budget")? })?;
        with_world_mut(world, |w| w.set_budget(Some(budget)).map_err(world_fail))
    })
}

/// Removes the world's frame budget: each cloth keeps the level its last
/// step ran at until cloth_set_detail changes it. A world starts with none.
/// Exclusive.
/// Refuses: WRONG_PHASE inside begin_step / end_step.
#[no_mangle]
pub extern "C" fn cloth_world_clear_budget(world: cloth_world) -> cloth_status {
    guard("cloth_world_clear_budget", || with_world_mut(world, |w| w.set_budget(None).map_err(world_fail)))
}

/// Tells the world what its last step took, in core-milliseconds: the wall
/// time of cloth_world_step (or _advance, or a begin_step / end_step pair)
/// times the threads it could use — the world's `threads` (1 for 0, the
/// calling thread), or for a begin/end pair the host's workers that ran
/// its steps, counted no more than the cores they ran on (4 workers on 2
/// cores are 2) — idle time included: the budget's own unit. With a budget set, the world moves the
/// world's price of a unit (cloth_frame_budget.unit_ns) a quarter of the way to
/// what a unit of work cost — the median of the last three reports', so one
/// slow frame (a page fault, the host preempted) is passed over — taken at
/// most twice or half the price it had: a report moves it +25 % or −12.5 %
/// at most, so a run of slow frames does not freeze a crowd, and it stays within 0.001..=1e6 ns. The
/// next steps choose levels at that price, taking a rise at once and a fall
/// once every 30 reports (half a second at 60 Hz), to the highest price of
/// those 30 and only past 5 %: a frame's noise does not flicker a cloth at
/// a band's edge, and the frame time keeps within core_ms on any machine
/// and garment (below it on average by about what the noise adds). The units counted are those of the fixed
/// steps that ran: under cloth_world_advance a frame that ran none changes
/// nothing (the budget is a frame's there: cloth_frame_budget).
/// cloth_world_get_budget reads
/// the price back.
/// The levels then depend on the times reported, and are the same for the
/// same reports. A step's fixed cost (the pool waking, some µs) is not
/// priced, so a crowd with next to nothing to simulate reads a higher
/// price. Without a budget, or before any step has run, nothing changes;
/// nor for a core_ms of 0, a frame that ran nothing (a paused game that
/// skipped its step). Exclusive.
/// Refuses: NON_FINITE for a core_ms that is NaN or infinite;
/// INVALID_ARGUMENT for one below 0 or over 1e6; WRONG_PHASE inside
/// begin_step / end_step.
#[no_mangle]
pub extern "C" fn cloth_world_observe_step(world: cloth_world, core_ms: f64) -> cloth_status {
    guard("cloth_world_observe_step", || with_world_mut(world, |w| w.observe_step(core_ms).map_err(world_fail)))
}

/// cloth_world_observe_step from the wall time of cloth_world_step or
/// cloth_world_advance, ms: the world multiplies it by the threads it steps
/// on (its `threads`, 1 for 0). A begin_step / end_step pair runs on the
/// host's threads, which the world does not know: report it with
/// cloth_world_observe_step (0: nothing learned). Exclusive.
/// Refuses: NON_FINITE for a wall_ms that is NaN or infinite;
/// INVALID_ARGUMENT for one below 0, or over 1e6 core-ms once multiplied;
/// WRONG_PHASE inside begin_step / end_step.
#[no_mangle]
pub extern "C" fn cloth_world_observe_step_wall(world: cloth_world, wall_ms: f64) -> cloth_status {
    guard("cloth_world_observe_step_wall", || {
        with_world_mut(world, |w| w.observe_step_wall(wall_ms).map_err(world_fail))
    })
}

/// The world's frame budget: `*out_enabled` is 1 and `*out_budget` the
/// budget set, or, with none, 0 and a budget of zeros. Set
/// `out_budget->struct_size` first (cloth_default_frame_budget() does): as
/// many bytes as that version has are written. Runs beside the per-cloth
/// calls.
/// Refuses: STRUCT_SIZE for a struct_size no version of cloth_frame_budget
/// has.
#[no_mangle]
pub unsafe extern "C" fn cloth_world_get_budget(
    world: cloth_world,
    out_budget: *mut cloth_frame_budget,
    out_enabled: *mut u32,
) -> cloth_status {
    guard("cloth_world_get_budget", || {
        // SAFETY: the caller's pointer contract.
        let size = unsafe { check_sized_out(out_budget, "out_budget")? };
        check_out(out_enabled, "out_enabled")?;
        let budget = with_world(world, |w| Ok(w.budget()))?;
        let none = cloth_solver::FrameBudget { core_ms: 0.0, unit_ns: 0.0, full_share: 0.0 };
        let bytes = budget_bytes(&budget_out(budget.as_ref().unwrap_or(&none)));
        // SAFETY: checked by check_sized_out and check_out; every byte of
        // `bytes` is initialised (budget_bytes zeroes the padding).
        unsafe {
            write_sized_out(out_budget, bytes, size);
            out_enabled.write(budget.is_some() as u32);
        }
        Ok(())
    })
}

/// Opens a host-driven step: then cloth_world_step_cloth for each cloth to
/// advance (any threads, each cloth at most once), then cloth_world_end_step.
/// In between, colliders and the set of cloths are frozen. Exclusive.
/// Refuses: WRONG_PHASE when a step is already open.
#[no_mangle]
pub extern "C" fn cloth_world_begin_step(world: cloth_world) -> cloth_status {
    guard("cloth_world_begin_step", || with_world_mut(world, |w| w.begin_step().map_err(world_fail)))
}

/// Opens a host-driven advance by `seconds` of host time, for a host that
/// spreads its cloths over its own threads (a job system) and whose frame
/// rate varies: then cloth_world_step_cloth advances each cloth as
/// cloth_world_advance does — the fixed steps that fit, the reads
/// interpolated — bit for bit, then cloth_world_end_step. Exclusive.
/// Refuses: NON_FINITE for a `seconds` that is NaN or infinite;
/// INVALID_ARGUMENT for a negative one; WRONG_PHASE when a step is already
/// open.
#[no_mangle]
pub extern "C" fn cloth_world_begin_advance(world: cloth_world, seconds: f64) -> cloth_status {
    guard("cloth_world_begin_advance", || with_world_mut(world, |w| w.begin_advance(seconds).map_err(world_fail)))
}

/// Steps one cloth inside begin_step / end_step (advances it, after
/// cloth_world_begin_advance). May run concurrently from
/// several threads for distinct cloths of one world. Per-cloth; a call on
/// the same cloth in flight on another thread (a read) is waited for, never
/// BUSY, so a step is not lost to a read.
/// Refuses: WRONG_PHASE outside begin_step / end_step, or for a cloth
/// already stepped since begin_step.
#[no_mangle]
pub extern "C" fn cloth_world_step_cloth(world: cloth_world, cloth: cloth_id) -> cloth_status {
    guard("cloth_world_step_cloth", || {
        with_world(world, |w| w.step_cloth(cloth_of(cloth)).map(|_| ()).map_err(world_fail))
    })
}

/// Closes a host-driven step (cloths not stepped in it did not advance).
/// Exclusive.
/// Refuses: WRONG_PHASE when no step is open.
#[no_mangle]
pub extern "C" fn cloth_world_end_step(world: cloth_world) -> cloth_status {
    guard("cloth_world_end_step", || with_world_mut(world, |w| w.end_step().map_err(world_fail)))
}

/// The number of live cloths in the world.
/// Refuses: only as every function does (ERRORS).
#[no_mangle]
pub unsafe extern "C" fn cloth_world_cloth_count(world: cloth_world, out_count: *mut u32) -> cloth_status {
    guard("cloth_world_cloth_count", || {
        check_out(out_count, "out_count")?;
        let n = with_world(world, |w| Ok(w.len() as u32))?;
        // SAFETY: checked non-null and aligned; writable by the caller's contract.
        unsafe { out_count.write(n) };
        Ok(())
    })
}

/// Whether a world handle is live (for tests of the registry).
pub fn is_live(world: cloth_world) -> bool {
    lookup(world).is_ok()
}
