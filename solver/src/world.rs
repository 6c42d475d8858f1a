//! Many cloths (DESIGN §12): a [`World`] holds cloths and the collider sets
//! they collide with, and steps them — on a rayon pool it owns, or driven by
//! the host's own job system.
//!
//! ```text
//!   world.begin_frame()?;                        // every set: previous pose ← current
//!   world.colliders_mut(set)?.set_pose(c, p)?;   // the colliders that moved
//!   world.set_anchor_pose(cloth, anchor)?;       // each cloth's anchor for this frame
//!   world.step()?;                               // every cloth, in parallel
//!
//!   // or, from an engine's job system (Unreal's task graph, Unity jobs):
//!   world.begin_step()?;
//!   //   on any threads, each cloth once:  world.step_cloth(id)?   (&self)
//!   world.end_step()?;
//! ```
//!
//! **Why the answer never depends on the thread count.** Cloths share nothing
//! a step writes: a cloth's step reads its own model and state and its
//! collider set, which nothing mutates during a step (collider updates need
//! `&mut World` and are refused inside a begin/end pair). So each cloth's
//! trajectory is the one it would have stepped alone, bit for bit, on any
//! thread and in any order — the pool only changes *when* a cloth steps,
//! never *what* it computes. `tests/world.rs` holds 1, 2 and 8 threads, the
//! sequential loop and a host-driven split bit-identical over 300 steps.
//!
//! **Scheduling.** Cloths go largest first (work estimate: `detail::work`,
//! particles × substeps × (iterations + 1) at the cloth's level of detail):
//! the longest-processing-time rule, so a big cape never starts last and
//! leaves the other threads idle. A big cloth is a task of its own; light
//! ones (frozen, asleep, small) are run in tasks of several, each about
//! 34 µs of work, so that a crowd of frozen cloths does not pay the pool's
//! per-task cost for each one. Tasks are
//! spawned FIFO on the world's own pool — never rayon's global pool, which a
//! plugin could not shut down. The pool's threads are joined when the world
//! is dropped.
//!
//! **Level of detail** (`crate::detail`): each cloth runs at a level —
//! full, reduced, half rate or frozen — set on it, or chosen for every
//! cloth at the start of each step by a frame budget
//! ([`World::set_budget`]) from the host's priorities and a cost model
//! (never a clock: the levels, like the states, are the same on any machine
//! and thread count).
//!
//! **Concurrency.** Each cloth sits behind its own mutex, so every per-cloth
//! call takes `&self` and may run on any thread, concurrently with calls on
//! *other* cloths — including [`World::step_cloth`]. Calls on the *same*
//! cloth from two threads at once are a host bug; they never race (the
//! second finds the cloth locked and gets [`WorldError::Busy`]). Everything
//! that changes the world's structure or the colliders takes `&mut self`.
//!
//! **Ids** are slot index + generation; a removed cloth's or set's id is an
//! error ([`WorldError::StaleCloth`]), never whatever reused its slot.
//! Generation 0 is never issued, so a zeroed id is never valid. **Ids
//! belong to their world**: each world counts its generations from a base
//! of its own (the world's serial number times 2³²/φ, a Weyl sequence), so
//! another world's id names no live slot here — for two worlds' ids to
//! meet, one slot would have to be reused about 2³²/(worlds created) times.
//! (Colliders are named within their set, whose id carries the world.)
//!
//! **A panic is contained to its cloth.** Every call that runs a cloth's
//! code (its step, [`World::with_cloth`]) catches a panic there and marks
//! that cloth damaged: the call returns [`WorldError::Damaged`] with the
//! panic's message, as does every later call naming the cloth, until it is
//! removed (which succeeds). Nothing else is held across the cloth's code,
//! so the world and its other cloths keep working; a whole-world step
//! steps every other cloth and reports the damage once, in the step it
//! happened in.

use crate::aero::Air;
use crate::clock::Advance;
use crate::cloth::{BindPoseCheck, Cloth};
use crate::collider::ColliderSet;
use crate::detail::{self, Candidate, Detail, FrameBudget};
use crate::dynamics::Dynamics;
use crate::error::{ParamError, SeedError};
use crate::pose::Pose;
use crate::seed::ClothInput;
use crate::step::StepReport;
use std::cell::Cell;
use std::fmt;
use std::sync::{Mutex, PoisonError, TryLockError};

/// A cloth's handle in its world: slot index and generation (never 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClothId {
    pub index: u32,
    pub generation: u32,
}

/// A collider set's handle in its world: slot index and generation (never 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColliderSetId {
    pub index: u32,
    pub generation: u32,
}

/// Why a world call was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum WorldError {
    /// The id names no live cloth of this world (removed, or never issued).
    StaleCloth(ClothId),
    /// The id names no live collider set of this world.
    StaleColliderSet(ColliderSetId),
    /// The collider set is still named by a cloth (`cloths` of them).
    SetInUse { set: ColliderSetId, cloths: usize },
    /// Seeding the cloth failed.
    Seed(SeedError),
    /// A cooked blob was refused.
    Cook(crate::cook::CookError),
    /// A parameter was refused.
    Param(ParamError),
    /// A collider call was refused.
    Collider(crate::collider::ColliderError),
    /// The call is not allowed between [`World::begin_step`] and
    /// [`World::end_step`] (it would change what cloths not yet stepped see).
    InsideStep,
    /// [`World::step_cloth`] or [`World::end_step`] outside a
    /// begin/end pair.
    NotInsideStep,
    /// [`World::begin_step`] while a begin/end pair is open.
    AlreadyInsideStep,
    /// The cloth was already stepped in this begin/end pair.
    AlreadyStepped(ClothId),
    /// Another thread is using this cloth right now (two calls on one cloth
    /// at once: a host bug, refused rather than raced or blocked on).
    Busy(ClothId),
    /// A panic (a bug) was caught in this cloth's code, in this call or an
    /// earlier one: the cloth is unusable and should be removed; the world
    /// and its other cloths are unaffected.
    Damaged { id: ClothId, message: String },
    /// The thread pool could not be started.
    ThreadPool(String),
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::StaleCloth(id) => {
                write!(
                    f,
                    "cloth {}:{} does not exist in this world (destroyed, or from another world)",
                    id.index, id.generation
                )
            }
            WorldError::StaleColliderSet(id) => write!(
                f,
                "collider set {}:{} does not exist in this world (destroyed, or from another world)",
                id.index, id.generation
            ),
            WorldError::SetInUse { set, cloths } => write!(
                f,
                "collider set {}:{} is still used by {cloths} cloth(s); give them another set first",
                set.index, set.generation
            ),
            WorldError::Seed(e) => write!(f, "the cloth could not be seeded: {e}"),
            WorldError::Cook(e) => write!(f, "the cooked cloth could not be loaded: {e}"),
            WorldError::Param(e) => write!(f, "{e}"),
            WorldError::Collider(e) => write!(f, "{e}"),
            WorldError::InsideStep => {
                write!(f, "not allowed between begin_step and end_step (cloths not yet stepped would see the change)")
            }
            WorldError::NotInsideStep => write!(f, "step_cloth and end_step need an open begin_step"),
            WorldError::AlreadyInsideStep => write!(f, "begin_step called twice without end_step"),
            WorldError::AlreadyStepped(id) => {
                write!(f, "cloth {}:{} was already stepped since begin_step", id.index, id.generation)
            }
            WorldError::Busy(id) => write!(
                f,
                "cloth {}:{} is in use by another thread; calls on one cloth must not overlap",
                id.index, id.generation
            ),
            WorldError::Damaged { id, message } => write!(
                f,
                "cloth {}:{} is damaged by an internal error (a panic, caught: {message}); destroy it",
                id.index, id.generation
            ),
            WorldError::ThreadPool(e) => write!(f, "the world's thread pool could not start: {e}"),
        }
    }
}

impl std::error::Error for WorldError {}

impl From<SeedError> for WorldError {
    fn from(e: SeedError) -> Self {
        WorldError::Seed(e)
    }
}
impl From<ParamError> for WorldError {
    fn from(e: ParamError) -> Self {
        WorldError::Param(e)
    }
}
impl From<crate::collider::ColliderError> for WorldError {
    fn from(e: crate::collider::ColliderError) -> Self {
        WorldError::Collider(e)
    }
}

/// How a world runs its steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorldOptions {
    /// Worker threads of the world's own pool. 0 (the default) starts no
    /// thread: [`World::step`] runs every cloth on the calling thread, and a
    /// host with its own job system uses begin/step-cloth/end.
    pub threads: usize,
}

/// What a cloth carries besides itself.
#[derive(Debug)]
struct Entry {
    cloth: Cloth,
    colliders: Option<ColliderSetId>,
    /// The report of this cloth's last step.
    report: StepReport,
    /// The step pass (see `World::pass`) this cloth was last stepped in.
    stepped_in: u64,
    /// Why the cloth is damaged (a panic caught in its code), and the pass
    /// it happened in (0: outside a step).
    damage: Option<(String, u64)>,
    /// The host's priority for the frame budget (higher: more detail).
    priority: f64,
    /// Passes this cloth has ended asleep in a row (the budget counts a
    /// sleeper free only once it has slept `detail::SETTLED_STEPS`).
    asleep_for: u32,
    /// The work its last pass ran, units: its fixed steps at their level
    /// (`detail::step_work`), none asleep or idle.
    ran: f64,
    /// The fixed steps its last pass ran ([`World::last_steps`]).
    steps: u32,
    /// The budget chose half rate for it on the second frame of a pair: it
    /// was frozen for that step and enters half rate at the next.
    half_next: bool,
}

impl Entry {
    /// Marks the cloth stepped in `pass`, counts its sleep and the work its
    /// `steps` fixed steps ran.
    fn finish_pass(&mut self, pass: u64, steps: u32) {
        self.stepped_in = pass;
        self.steps = steps;
        self.asleep_for = if self.cloth.is_sleeping() { self.asleep_for.saturating_add(1) } else { 0 };
        let c = &self.cloth;
        let ran = !(self.report.idle || self.report.asleep);
        self.ran = if ran { steps as f64 * detail::step_work(c.nodes(), c.dynamics(), c.detail()) } else { 0.0 };
    }

    /// Runs `f` on this entry, catching a panic in it: the entry is then
    /// damaged, `f`'s half-done work is never read again, and the error
    /// carries the panic's message.
    fn contain<R>(&mut self, id: ClothId, pass: u64, f: impl FnOnce(&mut Entry) -> R) -> Result<R, WorldError> {
        // AssertUnwindSafe: after a panic the entry is only ever dropped
        // (`damage` refuses every other use), so no broken invariant is seen.
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(self))) {
            Ok(r) => Ok(r),
            Err(payload) => {
                let message = panic_message(payload.as_ref());
                self.damage = Some((message.clone(), pass));
                Err(WorldError::Damaged { id, message })
            }
        }
    }
}

/// A caught panic's message (its payload, when a string).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    match (payload.downcast_ref::<&str>(), payload.downcast_ref::<String>()) {
        (Some(s), _) => s.to_string(),
        (_, Some(s)) => s.clone(),
        _ => "a panic with no message".to_string(),
    }
}

thread_local! {
    /// Set on the threads of every world's pool: only this library's code
    /// runs there.
    static POOL_THREAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the calling thread is a worker of some world's pool (a panic
/// hook can tell a panic in the library's own threads from the host's).
pub fn on_pool_thread() -> bool {
    POOL_THREAD.with(std::cell::Cell::get)
}

#[derive(Debug)]
struct ClothSlot {
    generation: u32,
    entry: Option<Mutex<Entry>>,
}

#[derive(Debug)]
struct SetSlot {
    generation: u32,
    set: Option<ColliderSet>,
}

/// The pool a world owns, and its threads, joined on drop.
struct Pool {
    pool: Option<rayon::ThreadPool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Dropping the pool tells its workers to finish; joining them means
        // a destroyed world leaves no thread behind (a plugin being unloaded
        // must not leave code running in the unloaded library).
        drop(self.pool.take());
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pool({} threads)", self.threads.len())
    }
}

/// Cloths, their collider sets, and the pool that steps them.
#[derive(Debug)]
pub struct World {
    cloths: Vec<ClothSlot>,
    sets: Vec<SetSlot>,
    /// Slot indices in step order (largest first), rebuilt by each step.
    order: Vec<(u64, u32)>,
    /// The pool's tasks: `order[tasks[k]..tasks[k + 1]]` is task `k`.
    tasks: Vec<u32>,
    pool: Option<Pool>,
    threads: usize,
    /// Step passes begun so far: a begin/end pair or a whole-world step.
    pass: u64,
    /// A begin/end pair is open.
    inside_step: bool,
    /// What the open pair's [`World::step_cloth`] runs: one step (`None`,
    /// [`World::begin_step`]) or an advance by this many seconds
    /// ([`World::begin_advance`]).
    pair_elapsed: Option<f64>,
    /// The generation a new slot starts from (see "Ids" above).
    generation_base: u32,
    /// The sum of the host's origin shifts ([`World::shift_origin`]), m,
    /// which every cloth added takes on.
    origin: crate::pose::Vec3,
    /// The air every cloth of the world moves through (`aero.rs`).
    air: Air,
    /// The frame budget (`crate::detail`), and its scratch: the cloths it
    /// weighs, its sort and its levels.
    budget: Option<FrameBudget>,
    candidates: Vec<Candidate>,
    /// Per candidate, the half of half rate's period of `2·dt` its steps run
    /// in — the first (0) or the second (1) — at the level now or entering
    /// it now (`None`: not balanced), and whether it is at half rate or
    /// committed to enter it; then whether it waits, frozen, to enter it.
    budget_phase: Vec<(Option<u8>, bool)>,
    budget_wait: Vec<bool>,
    budget_order: Vec<u32>,
    budget_levels: Vec<Detail>,
    /// The price of a unit of work, ns: set by a budget's `unit_ns`, moved
    /// by [`World::observe_step`], kept while no budget is set.
    price: f64,
    /// The window a fall of the learned price waits out before the levels
    /// take it (`detail::held_price`): its highest price and reports.
    price_window: (f64, u32),
    /// The last three reports' cost of a unit, ns, newest last, and how
    /// many of them there are (`detail::typical_seen`).
    price_seen: ([f64; 3], u32),
    /// The units the last step pass ran (`World::count_spent`), for
    /// [`World::observe_step`]; 0 when it ran no step, or before any pass.
    budget_spent: f64,
    /// The host frame, s, the budget's levels are chosen for under
    /// [`World::advance`]: the last advance's time, taken at once if longer
    /// and only past [`detail::PRICE_DEAD_BAND`] if shorter.
    frame_time: f64,
}

thread_local! {
    /// How deep this thread is inside [`World::with_cloth`] closures: a
    /// closure may hold the cloth a step would wait for.
    static INSIDE_A_CLOTH: Cell<u32> = const { Cell::new(0) };
}

/// Counts this thread inside a [`World::with_cloth`] closure while alive
/// (a panic in the closure is caught inside, and this drops all the same).
struct InsideACloth;

impl InsideACloth {
    fn enter() -> Self {
        INSIDE_A_CLOTH.with(|d| d.set(d.get() + 1));
        InsideACloth
    }
}

impl Drop for InsideACloth {
    fn drop(&mut self) {
        INSIDE_A_CLOTH.with(|d| d.set(d.get() - 1));
    }
}

/// The least work of a pool task, in `detail::work` units (34 µs at
/// `detail::WORK_UNIT_NS`): large next to the pool's cost of a task and
/// small next to a frame, so the threads finish together (see
/// `World::cut_into_tasks`; the pool's cost: `MEASUREMENTS.md`, "Crowds",
/// "A frozen crowd on the pool").
const TASK_UNITS: f64 = 1000.0;

/// Tasks a step cuts its cloths into per pool thread, at least: a small
/// world's cloths are still spread over every thread.
const TASKS_PER_THREAD: usize = 8;

/// The least work of a task however small the world (3.4 µs at
/// `detail::WORK_UNIT_NS`), so a small world's light cloths still share
/// tasks.
const TASK_UNITS_LEAST: f64 = 100.0;

/// The next generation of a slot: never 0, so a zeroed id is never live.
/// A new world's generation base: consecutive worlds' bases are 2³²/φ
/// apart, and any `n` worlds' bases split the circle into gaps of about
/// 2³²/n (the three-gap theorem), never 0 apart.
fn generation_base() -> u32 {
    static WORLDS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    WORLDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed).wrapping_mul(0x9E37_79B9)
}

fn next_generation(g: u32) -> u32 {
    match g.wrapping_add(1) {
        0 => 1,
        n => n,
    }
}

impl World {
    /// A world with no cloth; with `options.threads > 0` it starts (and owns)
    /// a pool of that many threads.
    pub fn new(options: WorldOptions) -> Result<Self, WorldError> {
        let pool = if options.threads == 0 {
            None
        } else {
            let handles = Mutex::new(Vec::new());
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(options.threads)
                .thread_name(|i| format!("cloth-world-{i}"))
                .spawn_handler(|thread| {
                    let mut b = std::thread::Builder::new();
                    if let Some(name) = thread.name() {
                        b = b.name(name.to_owned());
                    }
                    let h = b.spawn(|| {
                        POOL_THREAD.with(|p| p.set(true));
                        thread.run()
                    })?;
                    handles.lock().unwrap_or_else(PoisonError::into_inner).push(h);
                    Ok(())
                })
                .build()
                .map_err(|e| WorldError::ThreadPool(e.to_string()))?;
            Some(Pool { pool: Some(pool), threads: handles.into_inner().unwrap_or_else(PoisonError::into_inner) })
        };
        Ok(World {
            cloths: Vec::new(),
            sets: Vec::new(),
            order: Vec::new(),
            tasks: Vec::new(),
            pool,
            threads: options.threads,
            pass: 0,
            inside_step: false,
            pair_elapsed: None,
            generation_base: generation_base(),
            origin: [0.0; 3],
            air: Air::NONE,
            budget: None,
            candidates: Vec::new(),
            budget_phase: Vec::new(),
            budget_wait: Vec::new(),
            budget_order: Vec::new(),
            budget_levels: Vec::new(),
            price: detail::WORK_UNIT_NS,
            price_window: (0.0, 0),
            price_seen: ([0.0; 3], 0),
            budget_spent: 0.0,
            frame_time: 0.0,
        })
    }

    /// Worker threads of the world's pool (0: steps run on the caller).
    pub fn threads(&self) -> usize {
        self.threads
    }

    // ---- collider sets ----------------------------------------------------

    /// Adds an empty collider set.
    pub fn add_collider_set(&mut self) -> Result<ColliderSetId, WorldError> {
        self.refuse_inside_step()?;
        let set = Some(ColliderSet::new());
        if let Some(index) = self.sets.iter().position(|s| s.set.is_none()) {
            let slot = &mut self.sets[index];
            slot.generation = next_generation(slot.generation);
            slot.set = set;
            return Ok(ColliderSetId { index: index as u32, generation: slot.generation });
        }
        let generation = next_generation(self.generation_base);
        self.sets.push(SetSlot { generation, set });
        Ok(ColliderSetId { index: self.sets.len() as u32 - 1, generation })
    }

    /// Removes a collider set no cloth names.
    pub fn remove_collider_set(&mut self, id: ColliderSetId) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        self.colliders(id)?;
        let users = self
            .cloths
            .iter_mut()
            .filter_map(|s| s.entry.as_mut())
            .map(|e| e.get_mut().unwrap_or_else(PoisonError::into_inner))
            .filter(|e| e.colliders == Some(id))
            .count();
        if users > 0 {
            return Err(WorldError::SetInUse { set: id, cloths: users });
        }
        self.sets[id.index as usize].set = None;
        Ok(())
    }

    /// A collider set, to read.
    pub fn colliders(&self, id: ColliderSetId) -> Result<&ColliderSet, WorldError> {
        match self.sets.get(id.index as usize) {
            Some(SetSlot { generation, set: Some(s) }) if *generation == id.generation => Ok(s),
            _ => Err(WorldError::StaleColliderSet(id)),
        }
    }

    /// A collider set, to add, move or remove colliders. Refused inside a
    /// begin/end pair.
    pub fn colliders_mut(&mut self, id: ColliderSetId) -> Result<&mut ColliderSet, WorldError> {
        self.refuse_inside_step()?;
        match self.sets.get_mut(id.index as usize) {
            Some(SetSlot { generation, set: Some(s) }) if *generation == id.generation => Ok(s),
            _ => Err(WorldError::StaleColliderSet(id)),
        }
    }

    /// Starts a frame: every set's colliders' previous pose becomes their
    /// current one (`ColliderSet::begin_frame`), so a collider the host does
    /// not move this frame has no travel. Call it before setting this
    /// frame's collider poses.
    pub fn begin_frame(&mut self) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        for s in self.sets.iter_mut().filter_map(|s| s.set.as_mut()) {
            s.begin_frame();
        }
        Ok(())
    }

    /// Moves the world's origin under everything in it, as an engine
    /// rebasing a level far from its origin does: every cloth's anchor and
    /// every collider, current and previous poses, move by `shift` (world,
    /// m; new = old + shift), so nothing travels, no cloth teleports and
    /// nothing moves in a cloth's frame ([`Cloth::shift_origin`]). Then set
    /// this frame's shifted poses as usual. Refused, with nothing changed,
    /// inside a begin/end step pair, or for a shift that is not finite or
    /// would put an anchor or a collider past
    /// [`crate::constants::COORDINATE_LIMIT`].
    pub fn shift_origin(&mut self, shift: crate::pose::Vec3) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        if let Some(&bad) = shift.iter().find(|v| !v.is_finite()) {
            let allowed = "finite".to_string();
            return Err(WorldError::Param(ParamError::OutOfRange { name: "origin shift", value: bad, allowed }));
        }
        for s in self.sets.iter().filter_map(|s| s.set.as_ref()) {
            s.check_shift(shift)?;
        }
        for slot in self.cloths.iter_mut() {
            if let Some(e) = slot.entry.as_mut() {
                e.get_mut().unwrap_or_else(PoisonError::into_inner).cloth.check_shift(shift)?;
            }
        }
        for s in self.sets.iter_mut().filter_map(|s| s.set.as_mut()) {
            s.shift_origin(shift)?;
        }
        for slot in self.cloths.iter_mut() {
            if let Some(e) = slot.entry.as_mut() {
                e.get_mut().unwrap_or_else(PoisonError::into_inner).cloth.shift_origin(shift)?;
            }
        }
        self.origin = crate::pose::add(self.origin, shift);
        Ok(())
    }

    // ---- cloths ----------------------------------------------------------

    /// Seeds a cloth with its anchor at `anchor` (world), colliding with
    /// `colliders` (or nothing), checking its bind pose against them
    /// (`Cloth::with_colliders`, §29).
    pub fn add_cloth(
        &mut self,
        input: &ClothInput,
        dynamics: Dynamics,
        anchor: Pose,
        colliders: Option<ColliderSetId>,
        check: BindPoseCheck,
    ) -> Result<ClothId, WorldError> {
        self.add_built(colliders, |set| Ok(Cloth::with_colliders(input, dynamics, anchor, set, check)?))
    }

    /// Adds a cloth loaded from a cooked blob ([`Cloth::cook`]), as
    /// [`World::add_cloth`] adds one seeded from a mesh.
    pub fn add_cooked(
        &mut self,
        blob: &[u8],
        dynamics: Dynamics,
        anchor: Pose,
        colliders: Option<ColliderSetId>,
        check: BindPoseCheck,
    ) -> Result<ClothId, WorldError> {
        // A blob refused for what it holds is the cook's; one refused for the
        // body it is put in, or the dynamics given with it, is a seed's or a
        // parameter's, as it would be from the mesh.
        self.add_built(colliders, |set| {
            Cloth::from_cooked_with_colliders(blob, dynamics, anchor, set, check).map_err(|e| match e {
                crate::cook::CookError::BindPose(e) => WorldError::Seed(e),
                crate::cook::CookError::BadParameter(e) => WorldError::Param(e),
                e => WorldError::Cook(e),
            })
        })
    }

    /// Builds a cloth against the set `colliders` names (none: an empty
    /// set) and adds it. Refused inside a begin/end pair.
    fn add_built(
        &mut self,
        colliders: Option<ColliderSetId>,
        build: impl FnOnce(&ColliderSet) -> Result<Cloth, WorldError>,
    ) -> Result<ClothId, WorldError> {
        self.refuse_inside_step()?;
        let empty = ColliderSet::new();
        let set = match colliders {
            Some(id) => self.colliders(id)?,
            None => &empty,
        };
        let cloth = build(set)?;
        self.insert_cloth(cloth, colliders)
    }

    /// Adds a cloth built elsewhere (already placed).
    pub fn insert_cloth(&mut self, mut cloth: Cloth, colliders: Option<ColliderSetId>) -> Result<ClothId, WorldError> {
        self.refuse_inside_step()?;
        if let Some(id) = colliders {
            cloth.provision_for(self.colliders(id)?);
        }
        cloth.set_world_air(self.air);
        cloth.adopt_origin(self.origin);
        let entry = Some(Mutex::new(Entry {
            cloth,
            colliders,
            report: StepReport::default(),
            stepped_in: 0,
            damage: None,
            priority: 0.0,
            asleep_for: 0,
            ran: 0.0,
            steps: 0,
            half_next: false,
        }));
        if let Some(index) = self.cloths.iter().position(|s| s.entry.is_none()) {
            let slot = &mut self.cloths[index];
            slot.generation = next_generation(slot.generation);
            slot.entry = entry;
            return Ok(ClothId { index: index as u32, generation: slot.generation });
        }
        let generation = next_generation(self.generation_base);
        self.cloths.push(ClothSlot { generation, entry });
        Ok(ClothId { index: self.cloths.len() as u32 - 1, generation })
    }

    /// Removes a cloth and hands it back; a damaged cloth is removed like
    /// any other (handed back as its panic left it).
    pub fn remove_cloth(&mut self, id: ClothId) -> Result<Cloth, WorldError> {
        self.refuse_inside_step()?;
        let slot = self.cloths.get_mut(id.index as usize).filter(|s| s.generation == id.generation);
        match slot.and_then(|s| s.entry.take()) {
            Some(entry) => Ok(entry.into_inner().unwrap_or_else(PoisonError::into_inner).cloth),
            None => Err(WorldError::StaleCloth(id)),
        }
    }

    /// Whether `id` names a live cloth.
    pub fn contains(&self, id: ClothId) -> bool {
        self.slot(id).is_ok()
    }

    /// Live cloths.
    pub fn len(&self) -> usize {
        self.cloths.iter().filter(|s| s.entry.is_some()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ids of the live cloths, in slot order.
    pub fn cloth_ids(&self) -> impl Iterator<Item = ClothId> + '_ {
        self.cloths
            .iter()
            .enumerate()
            .filter(|(_, s)| s.entry.is_some())
            .map(|(i, s)| ClothId { index: i as u32, generation: s.generation })
    }

    fn slot(&self, id: ClothId) -> Result<&Mutex<Entry>, WorldError> {
        match self.cloths.get(id.index as usize) {
            Some(ClothSlot { generation, entry: Some(e) }) if *generation == id.generation => Ok(e),
            _ => Err(WorldError::StaleCloth(id)),
        }
    }

    /// Locks one cloth's entry without waiting: a second caller on the same
    /// cloth is a host bug, reported as [`WorldError::Busy`]; a damaged
    /// cloth is [`WorldError::Damaged`].
    fn entry(&self, id: ClothId) -> Result<std::sync::MutexGuard<'_, Entry>, WorldError> {
        self.lock_entry(id, false)
    }

    /// [`World::entry`], or with `wait`, waiting for a call on the cloth in
    /// flight on another thread to end — unless this thread is inside
    /// [`World::with_cloth`], whose closure may hold this very cloth.
    fn lock_entry(&self, id: ClothId, wait: bool) -> Result<std::sync::MutexGuard<'_, Entry>, WorldError> {
        let slot = self.slot(id)?;
        let lock = match wait && INSIDE_A_CLOTH.with(Cell::get) == 0 {
            true => slot.lock().map_err(TryLockError::Poisoned),
            false => slot.try_lock(),
        };
        let e = match lock {
            Ok(e) => e,
            Err(TryLockError::WouldBlock) => return Err(WorldError::Busy(id)),
            // Every panic in a cloth's code is caught inside its lock
            // (`Entry::contain`); a poisoned lock is treated as damage all
            // the same.
            Err(TryLockError::Poisoned(p)) => {
                let mut e = p.into_inner();
                e.damage.get_or_insert_with(|| ("a panic while the cloth was locked".into(), 0));
                e
            }
        };
        match &e.damage {
            None => Ok(e),
            Some((message, _)) => Err(WorldError::Damaged { id, message: message.clone() }),
        }
    }

    /// Runs `f` on one cloth. Any thread, concurrently with calls on other
    /// cloths. `f` must not call back into this world for the same cloth
    /// (it would find it [`WorldError::Busy`]). A panic in `f` damages the
    /// cloth and is returned as [`WorldError::Damaged`].
    pub fn with_cloth<R>(&self, id: ClothId, f: impl FnOnce(&mut Cloth) -> R) -> Result<R, WorldError> {
        let mut e = self.entry(id)?;
        let _inside = InsideACloth::enter();
        e.contain(id, 0, |e| f(&mut e.cloth))
    }

    /// Sets a cloth's anchor world pose for the coming step (`Cloth::set_anchor_pose`).
    pub fn set_anchor_pose(&self, id: ClothId, pose: Pose) -> Result<(), WorldError> {
        Ok(self.with_cloth(id, |c| c.set_anchor_pose(pose))??)
    }

    /// The collider set a cloth collides with.
    pub fn cloth_colliders(&self, id: ClothId) -> Result<Option<ColliderSetId>, WorldError> {
        Ok(self.entry(id)?.colliders)
    }

    /// Changes the collider set a cloth collides with (`None`: nothing); a
    /// change wakes the cloth. Refused inside a begin/end pair.
    pub fn set_cloth_colliders(&mut self, id: ClothId, colliders: Option<ColliderSetId>) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        let mut entry = self.entry(id)?;
        if let Some(set) = colliders {
            entry.cloth.provision_for(self.colliders(set)?);
        }
        // Another set is another world to rest on: a sleeping cloth looks again.
        if entry.colliders != colliders {
            entry.cloth.wake();
        }
        entry.colliders = colliders;
        Ok(())
    }

    /// Sets the air of the whole world (`aero.rs`): density, wind and
    /// turbulence, world axes, m/s. Every cloth feels it on top of its own
    /// ([`Cloth::set_air`]: winds and turbulence add, the density is the
    /// larger); a world starts with none ([`Air::NONE`]). A change wakes
    /// every cloth. Refused inside a begin/end pair, and for out-of-range
    /// or non-finite values (nothing changes). A damaged cloth is skipped.
    pub fn set_air(&mut self, air: Air) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        air.validate()?;
        self.air = air;
        for slot in &self.cloths {
            if let Some(e) = &slot.entry {
                let mut e = e.lock().unwrap_or_else(PoisonError::into_inner);
                if e.damage.is_none() {
                    e.cloth.set_world_air(air);
                }
            }
        }
        Ok(())
    }

    /// The world's air.
    pub fn air(&self) -> Air {
        self.air
    }

    // ---- level of detail ---------------------------------------------------

    /// Sets the frame budget (`crate::detail`): from the next step on, the
    /// world sets every cloth's level of detail at the start of each step
    /// from the priorities ([`World::set_priority`]) and the cost model,
    /// overriding levels set on the cloths. `None` leaves each cloth at the
    /// level it has. The world keeps one price of a unit of work: a
    /// `unit_ns` over 0 sets it, 0 keeps the one it has — the library's
    /// [`detail::WORK_UNIT_NS`] to start, or what [`World::observe_step`]
    /// has learned — so a host may set its budget every frame without
    /// losing what it taught. Out-of-range or non-finite values are
    /// refused.
    pub fn set_budget(&mut self, budget: Option<FrameBudget>) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        if let Some(b) = &budget {
            b.validate().map_err(WorldError::Param)?;
            if b.unit_ns > 0.0 {
                self.price = b.unit_ns;
            }
        }
        if budget.is_none() {
            // No budget to commit a cloth to half rate: one waiting keeps
            // the level it waits at.
            for e in self.cloths.iter_mut().filter_map(|s| s.entry.as_mut()?.get_mut().ok()) {
                e.half_next = false;
            }
        }
        let kept = self.budget.filter(|_| budget.is_some_and(|b| b.unit_ns == 0.0));
        if kept.is_none() {
            self.price_window = (0.0, 0);
            self.price_seen = ([0.0; 3], 0);
        }
        self.budget = budget.map(|b| FrameBudget {
            // Unchanged: the price the levels are chosen at, kept.
            unit_ns: kept.map_or(self.price, |old| old.unit_ns),
            ..b
        });
        Ok(())
    }

    /// The frame budget, its `unit_ns` the world's price of a unit now.
    pub fn budget(&self) -> Option<FrameBudget> {
        self.budget
    }

    /// Sets a cloth's priority for the frame budget: higher gets more detail
    /// (a host might pass the inverse of the distance to the camera, more on
    /// screen). Default 0; ties go to the lower slot. Finite only.
    pub fn set_priority(&self, id: ClothId, priority: f64) -> Result<(), WorldError> {
        if !priority.is_finite() {
            return Err(WorldError::Param(ParamError::OutOfRange {
                name: "priority",
                value: priority,
                allowed: "finite".into(),
            }));
        }
        self.entry(id)?.priority = priority;
        Ok(())
    }

    /// Tells the world what its last step took: `core_ms`, the wall time of
    /// [`World::step`] (or of a begin/end pair, or an advance) times the
    /// threads it could use — the world's pool size, 1 on the caller's
    /// thread, for a begin/end pair the host's workers that ran its steps,
    /// counted no more than the cores they ran on — idle time included: the
    /// budget's own unit.
    ///
    /// With a budget set, the world moves its price of a unit of work
    /// ([`World::set_budget`]; [`World::budget`] reads it back as
    /// [`FrameBudget::unit_ns`]) a quarter of the way
    /// ([`detail::PRICE_GAIN`]) to what a unit cost — the median of the last
    /// three reports' ([`detail::typical_seen`]), so one slow frame (a page
    /// fault, the host preempted) is passed over — taken at most twice or
    /// half the price it had, so a report moves the price by +25 % or
    /// −12.5 % at most and a run of slow frames does not freeze a crowd, and
    /// kept within 0.001..=[`detail::BUDGET_MAX`] ns. The next steps choose
    /// levels at that price, taking a rise at once and a fall once every
    /// [`detail::PRICE_WINDOW`] reports (half a second at 60 Hz), to the
    /// highest price of that window and only past
    /// [`detail::PRICE_DEAD_BAND`] (5 %) ([`detail::held_price`]): a
    /// frame's noise does not flicker a cloth at a band's edge, and the
    /// host's frame time keeps within its budget on any machine and garment
    /// (below it, on average, by about what the noise adds).
    ///
    /// What a step cost a unit counts the fixed steps that ran in it
    /// ([`detail::step_work`] each, and [`detail::STEP_UNITS`] a cloth):
    /// under [`World::advance`] a frame that ran none teaches nothing (the
    /// budget is a frame's there: [`detail::frame_steps`]). A step's fixed cost (the pool waking,
    /// some µs) is not in the model, so a crowd with next to nothing to
    /// simulate reads a higher price. The levels depend on the times
    /// reported, and are the same for the same reports.
    ///
    /// Without a budget, or before a step has run, nothing changes; nor for
    /// a time of 0, a frame that ran nothing (a paused game that skipped its
    /// step, a timer too coarse to see one). Refused: negative, non-finite
    /// or over [`detail::BUDGET_MAX`]; inside a begin/end pair.
    pub fn observe_step(&mut self, core_ms: f64) -> Result<(), WorldError> {
        if !(core_ms.is_finite() && (0.0..=detail::BUDGET_MAX).contains(&core_ms)) {
            let allowed = format!("[0, {}] core-ms, finite", detail::BUDGET_MAX);
            return Err(WorldError::Param(ParamError::OutOfRange {
                name: "observed core_ms",
                value: core_ms,
                allowed,
            }));
        }
        self.refuse_inside_step()?;
        if core_ms == 0.0 {
            return Ok(());
        }
        if let Some(b) = self.budget.as_mut() {
            let spent = self.budget_spent;
            // What a unit cost, typically: the median of the last three
            // reports, so one slow frame is not a change of price.
            let core_ms = match spent > 0.0 {
                true => detail::typical_seen(&mut self.price_seen, core_ms * 1e6 / spent) * spent * 1e-6,
                false => core_ms,
            };
            if let Some(price) = detail::observed_price(self.price, core_ms, spent) {
                self.price = price;
                // The levels are chosen at a price that follows a rise at
                // once (never over budget for long) and a fall once a
                // window: a frame's noise does not flicker a band's edge.
                b.unit_ns = detail::held_price(b.unit_ns, price, &mut self.price_window);
            }
        }
        Ok(())
    }

    /// [`World::observe_step`] from the wall time of [`World::step`] or
    /// [`World::advance`], ms: the world multiplies it by the threads it
    /// steps on (its pool's, 1 on the caller's thread). A begin/end pair
    /// runs on the host's threads, which the world does not know: report it
    /// with `observe_step`. Refused as `observe_step`.
    pub fn observe_step_wall(&mut self, wall_ms: f64) -> Result<(), WorldError> {
        self.observe_step(wall_ms * self.threads.max(1) as f64)
    }

    /// A cloth's priority for the frame budget.
    pub fn priority(&self, id: ClothId) -> Result<f64, WorldError> {
        Ok(self.entry(id)?.priority)
    }

    /// Sets a cloth's level of detail ([`Cloth::set_detail`]); with a frame
    /// budget set, the next step chooses again. Refused inside a begin/end
    /// pair.
    pub fn set_detail(&self, id: ClothId, level: Detail) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        let mut e = self.entry(id)?;
        e.half_next = false;
        Ok(e.contain(id, 0, |e| e.cloth.set_detail(level))??)
    }

    /// A cloth's level of detail: the one its last step ran at, or set
    /// since. A cloth the budget moved to half rate that waits, frozen, for
    /// its pair's frame to step on reads [`Detail::HalfRate`], as a half-rate
    /// cloth does on the frame between its steps (its report is `idle`).
    pub fn detail(&self, id: ClothId) -> Result<Detail, WorldError> {
        let e = self.entry(id)?;
        Ok(if e.half_next { Detail::HalfRate } else { e.cloth.detail() })
    }

    /// Sets every live cloth's level from the frame budget, if one is set,
    /// for a pass of fixed steps ([`World::step`], a begin/end pair: `frame`
    /// `None`) or an advance of a host whose frames last `frame` seconds,
    /// whose work is a step's times the steps a frame holds
    /// ([`detail::frame_steps`]).
    ///
    /// Half rate's steps are balanced between the two halves of its period
    /// of `2·dt`: a cloth the budget moves to half rate enters it now or,
    /// frozen until a step of `dt` has passed, then, whichever puts its
    /// steps where half-rate steps cost less so far. On a pass of fixed
    /// steps the halves are the world's frames, and a cloth entering now
    /// steps now; advanced by host frames shorter than `2·dt` they are the
    /// next `dt` of host time and the one after (`clock.rs`), and a cloth
    /// entering now steps in the second. Frames of `2·dt` or longer run
    /// every half-rate cloth's step in each: a cloth enters at once.
    fn apply_budget(&mut self, frame: Option<f64>) {
        let Some(budget) = self.budget else { return };
        self.candidates.clear();
        self.budget_phase.clear();
        self.budget_wait.clear();
        for (i, s) in self.cloths.iter_mut().enumerate() {
            if let Some(Ok(e)) = s.entry.as_mut().map(Mutex::get_mut) {
                if e.damage.is_none() {
                    let c = &e.cloth;
                    let dt = c.dynamics().dt;
                    self.candidates.push(Candidate {
                        priority: e.priority,
                        slot: i as u32,
                        nodes: c.nodes(),
                        dynamics: *c.dynamics(),
                        asleep: e.asleep_for >= detail::SETTLED_STEPS,
                        frames: frame.map_or(1.0, |frame| detail::frame_steps(frame, dt)),
                    });
                    // Its half: at half rate, its own; entering now, this
                    // frame on a pass of fixed steps, the second half under
                    // an advance; waiting to enter, the first until a step
                    // has passed (none has under an advance of a frame
                    // shorter than `dt`), then it enters.
                    let at_half = c.detail() == Detail::HalfRate;
                    let kept = at_half || e.half_next;
                    let (phase, wait) = match frame {
                        None => (Some(c.half_rate_phase().unwrap_or(0)), false),
                        Some(frame) if frame < 2.0 * dt => match e.half_next && e.steps == 0 {
                            true => (Some(0), true),
                            false => (Some(c.half_rate_phase_in_time()), false),
                        },
                        Some(_) => (None, false),
                    };
                    self.budget_phase.push((phase, kept));
                    self.budget_wait.push(wait);
                }
            }
        }
        self.budget_levels.clear();
        self.budget_levels.resize(self.candidates.len(), Detail::Full);
        let (units, share) = (budget.units(), budget.full_share);
        detail::choose(&self.candidates, units, share, &mut self.budget_order, &mut self.budget_levels);
        // A cloth at half rate or committed to it keeps its half; one
        // entering it, in priority order, takes the half whose half-rate
        // steps cost less so far: its own, entering now, or the other,
        // frozen until then (within the budget either way).
        let mut load = [0.0; 2];
        for (k, c) in self.candidates.iter().enumerate() {
            if let (Detail::HalfRate, (Some(phase), true)) = (self.budget_levels[k], self.budget_phase[k]) {
                load[phase as usize] += c.cost(Detail::HalfRate);
            }
        }
        for &k in &self.budget_order {
            let k = k as usize;
            if let (Detail::HalfRate, (Some(own), false)) = (self.budget_levels[k], self.budget_phase[k]) {
                let (own, other) = (own as usize, 1 - own as usize);
                let wait = load[other] < load[own];
                load[if wait { other } else { own }] += self.candidates[k].cost(Detail::HalfRate);
                self.budget_wait[k] = wait;
            }
        }
        for (k, (c, &level)) in self.candidates.iter().zip(&self.budget_levels).enumerate() {
            let slot = &mut self.cloths[c.slot as usize];
            let id = ClothId { index: c.slot, generation: slot.generation };
            let Some(Ok(e)) = slot.entry.as_mut().map(Mutex::get_mut) else { continue };
            let wait = self.budget_wait[k] && level == Detail::HalfRate;
            e.half_next = wait;
            let level = if wait { Detail::Frozen } else { level };
            // A level the cloth's dynamics refuse (half rate past dt = 0.5 s)
            // leaves it frozen; a panic damages the cloth alone, found by the
            // step that follows.
            let _ = e.contain(id, self.pass, |e| {
                if e.cloth.set_detail(level).is_err() {
                    let _ = e.cloth.set_detail(Detail::Frozen);
                }
            });
        }
    }

    /// The report of a cloth's last pass: its fixed steps' as one frame's
    /// ([`StepReport::then`]; see [`World::last_steps`]).
    pub fn last_report(&self, id: ClothId) -> Result<StepReport, WorldError> {
        Ok(self.entry(id)?.report)
    }

    /// The fixed steps the last pass over this cloth ran: 1 for
    /// [`World::step`] and a begin/end pair, 0 to
    /// [`crate::clock::MAX_CATCH_UP_STEPS`] for [`World::advance`] (a frame
    /// shorter than what the clock carries runs none); 0 before its first
    /// pass. [`World::last_report`] reports them as one frame (an event of
    /// any, the state the last left); after an advance that ran none it is
    /// `idle` (and `asleep` if the cloth sleeps), with no event.
    pub fn last_steps(&self, id: ClothId) -> Result<u32, WorldError> {
        Ok(self.entry(id)?.steps)
    }

    // ---- stepping ----------------------------------------------------------

    /// Steps every cloth once, on the world's pool (or the calling thread
    /// when it has none), largest first. Refused inside a begin/end pair.
    /// A damaged cloth is skipped. A cloth damaged in this step (a panic in
    /// its step, caught) is reported after every other cloth has stepped —
    /// the first by slot, if several.
    pub fn step(&mut self) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        self.pass_over_cloths(None)
    }

    /// Advances every cloth by `elapsed` seconds of host time
    /// ([`Cloth::advance_with`]: the fixed steps that fit, at most
    /// [`crate::clock::MAX_CATCH_UP_STEPS`] each, and reads that show the
    /// state between the last two), on the world's pool as [`World::step`].
    /// A negative or non-finite `elapsed` is refused.
    pub fn advance(&mut self, elapsed: f64) -> Result<(), WorldError> {
        self.refuse_inside_step()?;
        crate::clock::Clock::check_elapsed(elapsed).map_err(WorldError::Param)?;
        self.pass_over_cloths(Some(elapsed))
    }

    /// One pass over every cloth: a step each, or an advance by `elapsed`.
    fn pass_over_cloths(&mut self, elapsed: Option<f64>) -> Result<(), WorldError> {
        self.open_pass(elapsed);
        let pass = self.pass;
        // Largest first (the work estimate), ties by slot: a deterministic
        // schedule, though the answer would not change with any other.
        self.order.clear();
        for (i, s) in self.cloths.iter_mut().enumerate() {
            if let Some(Ok(e)) = s.entry.as_mut().map(Mutex::get_mut) {
                if e.damage.is_some() {
                    continue;
                }
                let work = detail::work(e.cloth.nodes(), e.cloth.dynamics(), e.cloth.detail());
                self.order.push((work as u64, i as u32));
            }
        }
        self.order.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        self.cut_into_tasks();
        let this: &World = self;
        match this.pool.as_ref().and_then(|p| p.pool.as_ref()) {
            Some(pool) => pool.scope_fifo(|scope| {
                for task in this.tasks.windows(2) {
                    let run = &this.order[task[0] as usize..task[1] as usize];
                    scope.spawn_fifo(move |_| {
                        for &(_, index) in run {
                            this.step_slot(index as usize, pass, elapsed)
                        }
                    });
                }
            }),
            None => {
                for &(_, index) in &this.order {
                    this.step_slot(index as usize, pass, elapsed);
                }
            }
        }
        self.count_spent(pass);
        self.damaged_in(pass)
    }

    /// Begins a step pass, a step each or an advance by `elapsed`: its
    /// number, the host frame the budget reads, and the budget's levels.
    fn open_pass(&mut self, elapsed: Option<f64>) {
        self.pass += 1;
        if let Some(e) = elapsed {
            // A longer frame at once, a shorter one past the dead band: a
            // frame's jitter does not flicker a band's edge.
            if e > self.frame_time || e < (1.0 - detail::PRICE_DEAD_BAND) * self.frame_time {
                self.frame_time = e;
            }
        }
        self.apply_budget(elapsed.map(|_| self.frame_time));
    }

    /// What step pass `pass` ran, for [`World::observe_step`]: every live
    /// cloth's [`detail::STEP_UNITS`] and the work of the fixed steps it
    /// ran (none if none ran anywhere: nothing to learn a price from).
    fn count_spent(&mut self, pass: u64) {
        let (mut cloths, mut work) = (0.0, 0.0);
        for s in &mut self.cloths {
            if let Some(Ok(e)) = s.entry.as_mut().map(Mutex::get_mut) {
                if e.damage.is_none() {
                    cloths += 1.0;
                    if e.stepped_in == pass {
                        work += e.ran;
                    }
                }
            }
        }
        self.budget_spent = if work > 0.0 { work + cloths * detail::STEP_UNITS } else { 0.0 };
    }

    /// Cuts `order` (largest first) into the pool's tasks: runs of
    /// cloths, each closed once its cost reaches a grain of [`TASK_UNITS`],
    /// or 1/[`TASKS_PER_THREAD`] of a thread's share of the whole if less,
    /// but at least [`TASK_UNITS_LEAST`].
    /// A cloth costs its work plus [`detail::STEP_UNITS`], so a cape is a
    /// task of its own and the light tail (frozen, asleep, small) goes in
    /// runs instead of paying the pool's per-task cost each.
    fn cut_into_tasks(&mut self) {
        let cost = |w: u64| w as f64 + detail::STEP_UNITS;
        let total: f64 = self.order.iter().map(|&(w, _)| cost(w)).sum();
        let grain = TASK_UNITS.min(total / (self.threads.max(1) * TASKS_PER_THREAD) as f64).max(TASK_UNITS_LEAST);
        self.tasks.clear();
        self.tasks.push(0);
        let mut run = 0.0;
        for (k, &(w, _)) in self.order.iter().enumerate() {
            run += cost(w);
            if run >= grain || k + 1 == self.order.len() {
                self.tasks.push(k as u32 + 1);
                run = 0.0;
            }
        }
    }

    /// The first cloth (by slot) damaged in step pass `pass`.
    fn damaged_in(&mut self, pass: u64) -> Result<(), WorldError> {
        for (i, s) in self.cloths.iter_mut().enumerate() {
            let Some(e) = s.entry.as_mut() else { continue };
            let e = e.get_mut().unwrap_or_else(PoisonError::into_inner);
            if let Some((message, p)) = &e.damage {
                if *p == pass {
                    let id = ClothId { index: i as u32, generation: s.generation };
                    return Err(WorldError::Damaged { id, message: message.clone() });
                }
            }
        }
        Ok(())
    }

    /// One cloth's step inside the whole-world step (`&mut World` is held,
    /// so nothing else can hold this cloth's lock). A panic is contained
    /// to the cloth ([`Entry::contain`]) and found after the pass.
    fn step_slot(&self, index: usize, pass: u64, elapsed: Option<f64>) {
        let slot = &self.cloths[index];
        if let Some(mut e) = slot.entry.as_ref().map(|m| m.lock().unwrap_or_else(PoisonError::into_inner)) {
            let id = ClothId { index: index as u32, generation: slot.generation };
            let _ = match elapsed {
                None => e.contain(id, pass, |e| self.step_entry(e, pass)),
                Some(t) => e.contain(id, pass, |e| self.advance_entry(e, pass, t)),
            };
        }
    }

    fn advance_entry(&self, e: &mut Entry, pass: u64, elapsed: f64) -> StepReport {
        let empty = ColliderSet::new();
        let set = e.colliders.and_then(|id| self.colliders(id).ok()).unwrap_or(&empty);
        // `elapsed` was checked by `World::advance` or `begin_advance`.
        let steps = match e.cloth.advance_with(elapsed, set) {
            Ok(Advance { report: Some(r), steps, .. }) => {
                e.report = r;
                steps
            }
            // No step ran: the frame is idle, with no event to repeat.
            _ => {
                e.report = StepReport { idle: true, asleep: e.cloth.is_sleeping(), ..StepReport::default() };
                0
            }
        };
        e.finish_pass(pass, steps);
        e.report
    }

    fn step_entry(&self, e: &mut Entry, pass: u64) -> StepReport {
        let set = e.colliders.and_then(|id| self.colliders(id).ok());
        e.report = match set {
            Some(set) => e.cloth.step_with(set),
            None => e.cloth.step(),
        };
        e.finish_pass(pass, 1);
        e.report
    }

    /// Opens a host-driven step: then [`World::step_cloth`] for each cloth
    /// (any threads, any order, each cloth at most once), then
    /// [`World::end_step`]. In between, the colliders and the set of cloths
    /// are frozen.
    pub fn begin_step(&mut self) -> Result<(), WorldError> {
        self.begin_pair(None)
    }

    /// Opens a host-driven advance by `elapsed` seconds of host time: then
    /// [`World::step_cloth`] advances each cloth as [`World::advance`] does
    /// (the fixed steps that fit, reads interpolated), bit for bit; then
    /// [`World::end_step`]. For a host that spreads its cloths over its own
    /// threads and whose frame rate varies. A negative or non-finite
    /// `elapsed` is refused.
    pub fn begin_advance(&mut self, elapsed: f64) -> Result<(), WorldError> {
        crate::clock::Clock::check_elapsed(elapsed).map_err(WorldError::Param)?;
        self.begin_pair(Some(elapsed))
    }

    fn begin_pair(&mut self, elapsed: Option<f64>) -> Result<(), WorldError> {
        if self.inside_step {
            return Err(WorldError::AlreadyInsideStep);
        }
        self.open_pass(elapsed);
        self.inside_step = true;
        self.pair_elapsed = elapsed;
        Ok(())
    }

    /// Steps one cloth inside a begin/end pair (advances it, after
    /// [`World::begin_advance`]). `&self`: call it from as
    /// many threads as you like, for distinct cloths. A call on the cloth in
    /// flight on another thread (a read) is waited for, so the step is not
    /// lost to it; from inside [`World::with_cloth`] the step does not wait
    /// (the closure may hold this cloth) and a held cloth is
    /// [`WorldError::Busy`].
    pub fn step_cloth(&self, id: ClothId) -> Result<StepReport, WorldError> {
        if !self.inside_step {
            return Err(WorldError::NotInsideStep);
        }
        // A read or a setter on another thread holds the cloth for
        // microseconds: the step waits for it rather than lose its turn.
        let mut e = self.lock_entry(id, true)?;
        if e.stepped_in == self.pass {
            return Err(WorldError::AlreadyStepped(id));
        }
        e.contain(id, self.pass, |e| match self.pair_elapsed {
            None => self.step_entry(e, self.pass),
            Some(elapsed) => self.advance_entry(e, self.pass, elapsed),
        })
    }

    /// Closes a host-driven step. Cloths not stepped in it simply did not
    /// advance (a host may skip cloths, e.g. off screen).
    pub fn end_step(&mut self) -> Result<(), WorldError> {
        if !self.inside_step {
            return Err(WorldError::NotInsideStep);
        }
        self.inside_step = false;
        self.count_spent(self.pass);
        Ok(())
    }

    /// Whether a begin/end pair is open.
    pub fn is_inside_step(&self) -> bool {
        self.inside_step
    }

    fn refuse_inside_step(&self) -> Result<(), WorldError> {
        if self.inside_step {
            Err(WorldError::InsideStep)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes;

    fn rope() -> ClothInput {
        scenes::library_proxy(&crate::library::ROPE)
    }

    #[test]
    fn world_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<World>();
    }

    #[test]
    fn ids_are_generation_checked_and_never_zero() {
        let mut w = World::new(WorldOptions::default()).unwrap();
        let d = crate::library::ROPE.dynamics;
        let a = w.add_cloth(&rope(), d, Pose::IDENTITY, None, BindPoseCheck::Enforce).unwrap();
        assert_ne!(a.generation, 0);
        w.remove_cloth(a).unwrap();
        assert_eq!(w.remove_cloth(a).unwrap_err(), WorldError::StaleCloth(a));
        let b = w.add_cloth(&rope(), d, Pose::IDENTITY, None, BindPoseCheck::Enforce).unwrap();
        assert_eq!(b.index, a.index);
        assert_ne!(b.generation, a.generation);
        assert_eq!(w.set_anchor_pose(a, Pose::IDENTITY).unwrap_err(), WorldError::StaleCloth(a));
        let zero = ClothId { index: 0, generation: 0 };
        assert!(!w.contains(zero));
    }

    /// Issue 17 F3: two worlds each with one cloth and one set once both
    /// issued 0:1, and either world took the other's id for its own.
    #[test]
    fn a_foreign_worlds_id_is_stale() {
        let d = crate::library::ROPE.dynamics;
        let mut worlds: Vec<World> = (0..3).map(|_| World::new(WorldOptions::default()).unwrap()).collect();
        let ids: Vec<(ClothId, ColliderSetId)> = worlds
            .iter_mut()
            .map(|w| {
                let set = w.add_collider_set().unwrap();
                (w.add_cloth(&rope(), d, Pose::IDENTITY, Some(set), BindPoseCheck::Enforce).unwrap(), set)
            })
            .collect();
        for (i, w) in worlds.iter_mut().enumerate() {
            for (j, &(cloth, set)) in ids.iter().enumerate() {
                assert_eq!(cloth.index, 0);
                if i == j {
                    continue;
                }
                assert_eq!(w.set_anchor_pose(cloth, Pose::IDENTITY).unwrap_err(), WorldError::StaleCloth(cloth));
                assert_eq!(w.remove_cloth(cloth).unwrap_err(), WorldError::StaleCloth(cloth));
                assert_eq!(w.colliders_mut(set).unwrap_err(), WorldError::StaleColliderSet(set));
                assert_eq!(w.remove_collider_set(set).unwrap_err(), WorldError::StaleColliderSet(set));
            }
            assert!(w.contains(ids[i].0), "its own id is live");
        }
    }

    #[test]
    fn phases_are_checked() {
        let mut w = World::new(WorldOptions::default()).unwrap();
        let set = w.add_collider_set().unwrap();
        let d = crate::library::ROPE.dynamics;
        let a = w.add_cloth(&rope(), d, Pose::IDENTITY, Some(set), BindPoseCheck::Enforce).unwrap();
        assert_eq!(w.step_cloth(a).unwrap_err(), WorldError::NotInsideStep);
        assert_eq!(w.end_step().unwrap_err(), WorldError::NotInsideStep);
        w.begin_step().unwrap();
        assert_eq!(w.begin_step().unwrap_err(), WorldError::AlreadyInsideStep);
        assert_eq!(w.begin_frame().unwrap_err(), WorldError::InsideStep);
        assert_eq!(w.colliders_mut(set).unwrap_err(), WorldError::InsideStep);
        assert_eq!(w.step().unwrap_err(), WorldError::InsideStep);
        w.step_cloth(a).unwrap();
        assert_eq!(w.step_cloth(a).unwrap_err(), WorldError::AlreadyStepped(a));
        w.end_step().unwrap();
        assert_eq!(w.remove_collider_set(set).unwrap_err(), WorldError::SetInUse { set, cloths: 1 });
        w.set_cloth_colliders(a, None).unwrap();
        w.remove_collider_set(set).unwrap();
        assert_eq!(w.colliders(set).unwrap_err(), WorldError::StaleColliderSet(set));
    }

    /// A sleeping cloth given another collider set, or none, wakes: it may
    /// have rested on what it no longer meets. The same set again keeps it
    /// asleep.
    #[test]
    fn a_new_collider_set_wakes_a_sleeping_cloth() {
        let mut w = World::new(WorldOptions::default()).unwrap();
        let set = w.add_collider_set().unwrap();
        let a = w.add_cloth(&rope(), crate::library::ROPE.dynamics, Pose::IDENTITY, Some(set), BindPoseCheck::Enforce);
        let a = a.unwrap();
        let asleep = |w: &World| w.with_cloth(a, |c| c.is_sleeping()).unwrap();
        for _ in 0..1200 {
            w.step().unwrap();
        }
        assert!(asleep(&w), "the rope never slept");
        w.set_cloth_colliders(a, Some(set)).unwrap();
        w.step().unwrap();
        assert!(asleep(&w), "the same set woke it");
        w.set_cloth_colliders(a, None).unwrap();
        w.step().unwrap();
        assert!(!asleep(&w), "no set left it asleep");
    }

    #[test]
    fn a_cloth_in_use_is_busy_not_raced() {
        let mut w = World::new(WorldOptions::default()).unwrap();
        let a =
            w.add_cloth(&rope(), crate::library::ROPE.dynamics, Pose::IDENTITY, None, BindPoseCheck::Enforce).unwrap();
        w.begin_step().unwrap();
        let inner = w.with_cloth(a, |_| w.step_cloth(a)).unwrap();
        assert_eq!(inner.unwrap_err(), WorldError::Busy(a));
        w.end_step().unwrap();
    }

    /// 64 ropes stepped in a begin/end pair while another thread reads
    /// them over and over, each read holding its cloth 50 µs (a large
    /// garment's copy): no step is lost to a read.
    #[test]
    fn a_step_waits_for_a_read_on_another_thread() {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let mut w = World::new(WorldOptions::default()).unwrap();
        let rope_dynamics = crate::library::ROPE.dynamics;
        let ids: Vec<ClothId> = (0..64)
            .map(|_| w.add_cloth(&rope(), rope_dynamics, Pose::IDENTITY, None, BindPoseCheck::Enforce).unwrap())
            .collect();
        let (busy_reads, mut lost) = (AtomicUsize::new(0), 0);
        for _ in 0..20 {
            w.begin_step().unwrap();
            let (world, ids, done, reading) = (&w, &ids, AtomicBool::new(false), AtomicBool::new(false));
            std::thread::scope(|s| {
                s.spawn(|| {
                    while !done.load(Ordering::Relaxed) {
                        for &id in ids {
                            let read = |c: &mut Cloth| {
                                reading.store(true, Ordering::Relaxed);
                                std::thread::sleep(std::time::Duration::from_micros(50));
                                c.positions().len()
                            };
                            if world.with_cloth(id, read).is_err() {
                                busy_reads.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                });
                while !reading.load(Ordering::Relaxed) {
                    std::thread::yield_now();
                }
                lost += ids.iter().filter(|&&id| world.step_cloth(id).is_err()).count();
                done.store(true, Ordering::Relaxed);
            });
            w.end_step().unwrap();
        }
        println!("{} reads met a step; {lost} steps lost", busy_reads.load(Ordering::Relaxed));
        assert_eq!(lost, 0, "steps lost to a read");
    }

    #[test]
    fn dropping_a_world_joins_its_threads() {
        let w = World::new(WorldOptions { threads: 3 }).unwrap();
        assert_eq!(w.pool.as_ref().unwrap().threads.len(), 3);
        drop(w);
    }
}

/// The character of W4 and the world's gates (a registry entry in the sense
/// of `scenes.rs`, kept beside the world it needs): a cape of a sheet entry
/// of the library and a rope of a chain entry, both hanging from one anchor
/// that walks (§13's square wave, phase-shifted per character) and sways
/// about +Y, with a collider set of their own — a torso capsule that follows
/// the anchor and a ground plane 2.5 m down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Character {
    pub cape: ClothId,
    pub rope: ClothId,
    pub body: ColliderSetId,
    pub torso: crate::collider::ColliderId,
    pub ground: crate::collider::ColliderId,
    /// Which character this is (phase of its walk and sway; its entries).
    pub k: usize,
}

/// The torso in the anchor frame: behind the cape (z = −0.15 m), along its
/// middle, 10 cm radius — 5 cm clear of the bind pose (§29's check passes).
const TORSO_FROM_ANCHOR: Pose = Pose { translation: [0.19, 0.0, -0.15], rotation: crate::pose::Quat::IDENTITY };

impl Character {
    /// The sheet entries capes cycle through, and the chain entries ropes do.
    pub const CAPES: [crate::library::Preset; 5] = [
        crate::library::SILK,
        crate::library::COTTON,
        crate::library::DENIM,
        crate::library::LEATHER,
        crate::library::HAIR,
    ];
    pub const ROPES: [crate::library::Preset; 2] = [crate::library::ROPE, crate::library::CHAIN];

    /// Adds character `k` to `world` at its pose for step 0.
    pub fn add(world: &mut World, k: usize) -> Result<Character, WorldError> {
        use crate::shape::Shape;
        let body = world.add_collider_set()?;
        let anchor = Self::anchor(k, 0);
        let set = world.colliders_mut(body)?;
        let torso_shape = Shape::capsule([0.0, -0.5, 0.0], [0.0, 0.0, 0.0], 0.1).expect("valid capsule");
        let torso = set.add(torso_shape, anchor.mul(&TORSO_FROM_ANCHOR))?;
        let ground = set.add(Shape::plane(), Pose::from_translation([0.0, -2.5, 0.0]))?;
        let cape_preset = Self::CAPES[k % Self::CAPES.len()];
        let rope_preset = Self::ROPES[k % Self::ROPES.len()];
        let cape_input = crate::scenes::library_proxy(&cape_preset);
        let mut rope_input = crate::scenes::library_proxy(&rope_preset);
        for p in &mut rope_input.positions {
            p[0] -= 0.2;
        }
        let check = BindPoseCheck::Enforce;
        let cape = world.add_cloth(&cape_input, cape_preset.dynamics, anchor, Some(body), check)?;
        let rope = world.add_cloth(&rope_input, rope_preset.dynamics, anchor, Some(body), check)?;
        Ok(Character { cape, rope, body, torso, ground, k })
    }

    /// Character `k`'s anchor at step `step` of 1/60 s: the walk along X,
    /// shifted by 0.37 s per character, 2 m apart along Z, swaying ±0.3 rad.
    pub fn anchor(k: usize, step: usize) -> Pose {
        let t = step as f64 / 60.0 + 0.37 * k as f64;
        let x = crate::scenes::Motion::WALK.x(t);
        let sway = crate::pose::Quat::from_axis_angle([0.0, 1.0, 0.0], 0.3 * (1.3 * t).sin());
        Pose::new([x, 0.0, 2.0 * k as f64], sway)
    }

    /// Sets this character's poses for step `step`: the torso and both
    /// anchors (the host's per-frame work, between `begin_frame` and a step).
    pub fn drive(&self, world: &mut World, step: usize) -> Result<(), WorldError> {
        let anchor = Self::anchor(self.k, step);
        world.colliders_mut(self.body)?.set_pose(self.torso, anchor.mul(&TORSO_FROM_ANCHOR))?;
        world.set_anchor_pose(self.cape, anchor)?;
        world.set_anchor_pose(self.rope, anchor)
    }
}
