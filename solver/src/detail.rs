//! Level of detail: what a cloth spends on a host frame (issue 23).
//!
//! ```text
//!   level      steps a frame              budget                    reads show
//!   Full       one of dt                  the cloth's own           the last step
//!   Reduced    one of dt                  iterations − max(1, ⌊i/4⌋) the last step
//!   HalfRate   one of 2·dt every 2nd      the cloth's own           between the last two
//!   Frozen     none                       —                         the last step
//! ```
//!
//! - **Reduced** keeps the substep (gravity's sag per substep, `h²g`, is
//!   what a resting cloth's strain follows) and drops a quarter of the
//!   iterations, at least one: every library preset rests within 1.25
//!   points of its full budget's worst link (`MEASUREMENTS.md`, "Levels of
//!   detail").
//! - **HalfRate** steps every second frame: one step of `2·dt` at the
//!   cloth's own substeps from the host's pose at the last frame to this
//!   frame's carried on as far again (colliders likewise), reads shown
//!   halfway; the next frame shows the step's end. Reads are never behind
//!   the host, so a change in or out is seamless (a change out waits for the
//!   pair's second frame). Half the cost, a longer substep: looser links,
//!   for cloth far from the camera.
//! - **Frozen** simulates nothing: the cloth rides its anchor rigidly, as a
//!   sleeping one does (world = anchor ∘ local). Its stored velocities keep
//!   only their motion relative to the frame (`anchor.rs`: they are
//!   "world-like"), so leaving the level it resumes as if the ride had not
//!   happened.
//! - The turn a substep may feel (`Controls::max_turn_links`) scales with
//!   the frames a step covers: the turn a cloth feels per second is the
//!   same at every level.
//! - **Under a host that advances by its own time** ([`crate::Cloth::advance`])
//!   half rate runs the host clock (`clock.rs`) at `2·dt`, reads a step of
//!   `2·dt` behind instead of `dt`; a change in or out of it blends what
//!   reads show from before the change to after over [`BLEND_STEPS`] steps
//!   of host time, in the cloth's frame.
//!
//! **A world's frame budget** ([`crate::World::set_budget`]) chooses every
//! cloth's level each frame from the host's priorities and a cost model,
//! never from a clock, so the choice — and every result — is the same on
//! any machine and any thread count:
//!
//! ```text
//!   work(level) = nodes · substeps · (iterations at the level + 1) / frames a step
//!                 (0 frozen, or asleep SETTLED_STEPS in a row); the +1 is a substep's own work;
//!                 under World::advance, times the fixed steps a host frame holds
//!                 (frame_steps: 1 to MAX_CATCH_UP_STEPS), so the budget is a frame's
//!   budget      = core_ms · 10⁶ / unit_ns  units (unit_ns: the host's, or
//!                 WORK_UNIT_NS, measured on W4's walking character),
//!                 less STEP_UNITS for each cloth (a step's cost at any level)
//!   cloths by priority, highest first (ties: lower slot first):
//!     full detail while it fits in full_share of the budget, then half rate
//!     while it fits in what is left, the rest frozen; what is left then raises half-rate cloths to reduced, in
//!     priority order — bands of falling detail, never a cloth above one of
//!     higher priority
//! ```

/// A cloth's level of detail; see the module table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Detail {
    #[default]
    Full,
    Reduced,
    HalfRate,
    Frozen,
}

/// Fixed steps of host time over which a change of level blends what reads
/// show, under a host that advances by its own time.
pub const BLEND_STEPS: f64 = 4.0;

impl Detail {
    /// Every level, most detailed first.
    pub const ALL: [Detail; 4] = [Detail::Full, Detail::Reduced, Detail::HalfRate, Detail::Frozen];

    /// Host frames per fixed step (0: the level steps nothing).
    pub fn frames_per_step(self) -> u32 {
        match self {
            Detail::Full | Detail::Reduced => 1,
            Detail::HalfRate => 2,
            Detail::Frozen => 0,
        }
    }

    /// The dynamics a step at this level runs, from the host's `d`.
    pub fn dynamics(self, d: &crate::Dynamics) -> crate::Dynamics {
        match self {
            Detail::Full | Detail::Frozen => *d,
            Detail::Reduced => crate::Dynamics { iterations: reduced_iterations(d.iterations), ..*d },
            Detail::HalfRate => crate::Dynamics { dt: 2.0 * d.dt, ..*d },
        }
    }

    /// The level's numeric code in the C ABI.
    pub fn code(self) -> u32 {
        self as u32
    }

    /// The level of C ABI code `code`.
    pub fn from_code(code: u32) -> Option<Detail> {
        Detail::ALL.get(code as usize).copied()
    }
}

/// The cost model's default price of one unit of work, ns: W4's walking
/// characters at full detail on one Xeon core (`MEASUREMENTS.md`, "Levels of
/// detail", where the price by kind of cloth is too).
pub const WORK_UNIT_NS: f64 = 34.0;

/// The largest budget or unit price a world takes (ms, ns).
pub const BUDGET_MAX: f64 = 1.0e6;

/// A world's frame budget: core-milliseconds every cloth's step may take in a
/// frame, summed over threads (2 ms on 4 threads is 8), the price of a unit
/// of work that turns it into units (0: [`WORK_UNIT_NS`]), and the largest
/// share of it the full-detail band may take (1: all it fits; 0.5 leaves at
/// least half for half rate and reduced further out). A host that measures
/// its own cost per unit passes it here; the world never times itself, so
/// levels are the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameBudget {
    pub core_ms: f64,
    pub unit_ns: f64,
    pub full_share: f64,
}

impl FrameBudget {
    /// `core_ms` at the library's price, full detail taking all it fits.
    pub fn new(core_ms: f64) -> Self {
        FrameBudget { core_ms, unit_ns: 0.0, full_share: 1.0 }
    }

    /// Finite; `core_ms` and `unit_ns` in `0..=BUDGET_MAX`, `full_share` in
    /// `0..=1`.
    pub fn validate(&self) -> Result<(), crate::ParamError> {
        crate::dynamics::check("budget core_ms", self.core_ms, 0.0, BUDGET_MAX)?;
        crate::dynamics::check("budget unit_ns", self.unit_ns, 0.0, BUDGET_MAX)?;
        crate::dynamics::check("budget full_share", self.full_share, 0.0, 1.0)
    }

    /// The budget in units of work.
    pub fn units(&self) -> f64 {
        let ns = if self.unit_ns > 0.0 { self.unit_ns } else { WORK_UNIT_NS };
        self.core_ms * 1.0e6 / ns
    }
}

/// How far one observed step moves the budget's price of a unit towards
/// what the step cost a unit ([`crate::World::observe_step`]): a quarter, so
/// the price settles within a few frames and a frame's noise moves it a
/// little.
pub const PRICE_GAIN: f64 = 0.25;

/// How far the price a world learns may fall below the one its levels are
/// chosen at before they are chosen at the new one, as a share of it (a
/// rise is taken at once): a cloth demoted by one frame's noise is not
/// promoted again by the next frame's, so the edge of a band does not
/// flicker between levels.
pub const PRICE_DEAD_BAND: f64 = 0.05;

/// Reports ([`crate::World::observe_step`]) a fall of the learned price
/// waits for before the levels are chosen at it: half a second at 60 Hz.
pub const PRICE_WINDOW: u32 = 30;

/// The price the levels are chosen at, `in_use`, after a report moved the
/// learned price to `learned`: a rise at once; a fall at the end of a
/// window of [`PRICE_WINDOW`] reports, to the highest learned price in it,
/// if that is more than [`PRICE_DEAD_BAND`] below `in_use`. `window` is
/// the open window's (highest learned price, reports). A frame's noise
/// then moves a band's edge at most once a window, and one way: the levels
/// are chosen at about the highest price a window's noise reaches.
pub fn held_price(in_use: f64, learned: f64, window: &mut (f64, u32)) -> f64 {
    if learned > in_use {
        *window = (0.0, 0);
        return learned;
    }
    *window = (window.0.max(learned), window.1 + 1);
    if window.1 < PRICE_WINDOW {
        return in_use;
    }
    let high = window.0;
    *window = (0.0, 0);
    if high < (1.0 - PRICE_DEAD_BAND) * in_use {
        high
    } else {
        in_use
    }
}

/// What a unit costs, typically, after a report that saw `seen` ns a unit:
/// the median of the last three reports (`recent`: those before, newest
/// last, and how many), or `seen` itself before there are three. One slow
/// frame — the host preempted, a page fault — is not a change of price.
pub fn typical_seen(recent: &mut ([f64; 3], u32), seen: f64) -> f64 {
    let r = &mut recent.0;
    *r = [r[1], r[2], seen];
    recent.1 = (recent.1 + 1).min(3);
    if recent.1 < 3 {
        return seen;
    }
    r[0].max(r[1]).min(r[0].min(r[1]).max(r[2]))
}

/// The price of a unit after a step that took `core_ms` for `spent` units
/// at `unit_ns` (0: [`WORK_UNIT_NS`]): [`PRICE_GAIN`] of the way to
/// `core_ms · 10⁶ / spent`, that taken within half and twice the price,
/// the result within `0.001..=BUDGET_MAX`. `None` when nothing was spent.
pub fn observed_price(unit_ns: f64, core_ms: f64, spent: f64) -> Option<f64> {
    if spent <= 0.0 {
        return None;
    }
    let price = if unit_ns > 0.0 { unit_ns } else { WORK_UNIT_NS };
    let seen = (core_ms * 1.0e6 / spent).clamp(0.5 * price, 2.0 * price);
    Some((price + PRICE_GAIN * (seen - price)).clamp(1.0e-3, BUDGET_MAX))
}

/// Steps a cloth must have slept in a row before the budget counts it free
/// (half a second at 60 Hz): a cloth that dozes for a frame between
/// motions is charged its level's work, so the room it leaves does not go
/// to another cloth for one frame and back (gate:
/// `tests/detail.rs::levels_do_not_flicker_when_cloths_doze`;
/// `MEASUREMENTS.md`, "Crowds", "Sleepers that doze").
pub const SETTLED_STEPS: u32 = 30;

/// What a cloth's step costs beyond its work, at any level (frozen cloths
/// and those asleep [`SETTLED_STEPS`] cost this alone), in units: the
/// step's bookkeeping and the world's scheduling of it (`MEASUREMENTS.md`,
/// "Crowds", "A frozen crowd on the pool").
pub const STEP_UNITS: f64 = 5.0;

/// Units of work a frame of a cloth of `nodes` nodes costs at `level` (the
/// module's cost model).
pub fn work(nodes: usize, d: &crate::Dynamics, level: Detail) -> f64 {
    match level.frames_per_step() {
        0 => 0.0,
        k => {
            let l = level.dynamics(d);
            nodes as f64 * l.substeps as f64 * (l.iterations as f64 + 1.0) / k as f64
        }
    }
}

/// Units of work one fixed step of a cloth at `level` runs (a half-rate
/// step covers two frames: twice its frame's [`work`]); 0 frozen.
pub fn step_work(nodes: usize, d: &crate::Dynamics, level: Detail) -> f64 {
    work(nodes, d, level) * level.frames_per_step() as f64
}

/// What the budget weighs of one cloth.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    pub priority: f64,
    pub slot: u32,
    pub nodes: usize,
    pub dynamics: crate::Dynamics,
    /// Asleep for [`SETTLED_STEPS`] steps or more: its level's work is free.
    pub asleep: bool,
    /// Fixed steps of `dt` the host's frame holds, at least 1
    /// ([`frame_steps`]): a frame's work is [`work`] times this.
    pub frames: f64,
}

impl Candidate {
    /// Units of work a host frame of this cloth costs at `level`.
    pub fn cost(&self, level: Detail) -> f64 {
        if self.asleep {
            0.0
        } else {
            work(self.nodes, &self.dynamics, level) * self.frames
        }
    }
}

/// Fixed steps of `dt` a host frame of `frame` seconds holds, for the
/// budget: at least 1 (a frame that runs a step runs at least one, however
/// short the frame), at most [`crate::clock::MAX_CATCH_UP_STEPS`]. A host
/// that advances at 30 Hz a cloth of `dt` = 1/60 s runs two steps a frame,
/// and its frame budget buys half the work a step.
pub fn frame_steps(frame: f64, dt: f64) -> f64 {
    (frame / dt).clamp(1.0, crate::clock::MAX_CATCH_UP_STEPS as f64)
}

/// The levels a budget of `units` gives `cloths` (the module's rule): what
/// is left after every cloth's [`STEP_UNITS`], the full band taking at most
/// `full_share` of that, into `levels` (same order); `order` is scratch.
pub fn choose(cloths: &[Candidate], units: f64, full_share: f64, order: &mut Vec<u32>, levels: &mut [Detail]) {
    order.clear();
    order.extend(0..cloths.len() as u32);
    order.sort_unstable_by(|&a, &b| {
        let (a, b) = (&cloths[a as usize], &cloths[b as usize]);
        b.priority.total_cmp(&a.priority).then(a.slot.cmp(&b.slot))
    });
    let cost = |i: u32, level| cloths[i as usize].cost(level);
    // Every cloth's step costs STEP_UNITS at any level; the rest of the
    // budget goes to work. A band of each level in priority order while it
    // fits: full (within its share), then half rate, the rest frozen.
    let units = (units - cloths.len() as f64 * STEP_UNITS).max(0.0);
    let (mut k, mut used) = (0, 0.0);
    for (level, cap) in [(Detail::Full, units * full_share), (Detail::HalfRate, units)] {
        while let Some(&i) = order.get(k) {
            if used + cost(i, level) > cap {
                break;
            }
            used += cost(i, level);
            levels[i as usize] = level;
            k += 1;
        }
    }
    let mut left = units - used;
    for &i in &order[k..] {
        levels[i as usize] = Detail::Frozen;
    }
    // What is left raises the half-rate band to reduced, in priority order.
    for &i in &order[..k] {
        if levels[i as usize] != Detail::HalfRate {
            continue;
        }
        let extra = cost(i, Detail::Reduced) - cost(i, Detail::HalfRate);
        if extra > left {
            break;
        }
        left -= extra;
        levels[i as usize] = Detail::Reduced;
    }
}

/// The reduced level's iterations: a quarter fewer, at least one fewer, at
/// least one.
pub fn reduced_iterations(iterations: u32) -> u32 {
    iterations.saturating_sub((iterations / 4).max(1)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reduced_budget_drops_a_quarter_of_the_iterations() {
        let got: Vec<u32> = [1, 2, 3, 4, 6, 8, 64].iter().map(|&i| reduced_iterations(i)).collect();
        assert_eq!(got, [1, 1, 2, 3, 5, 6, 48]);
    }

    /// What the cloths' steps take of a budget before any work.
    fn steps(cloths: &[Candidate]) -> f64 {
        cloths.len() as f64 * STEP_UNITS
    }

    fn candidate(priority: f64, slot: u32) -> Candidate {
        Candidate { priority, slot, nodes: 100, dynamics: crate::library::COTTON.dynamics, asleep: false, frames: 1.0 }
    }

    #[test]
    fn the_budget_goes_to_the_highest_priorities_first() {
        // COTTON (2×4), 100 nodes: full 1000 units, reduced 800, half rate 500.
        let cloths = [candidate(1.0, 0), candidate(3.0, 1), candidate(2.0, 2), candidate(2.0, 3)];
        let mut levels = [Detail::Full; 4];
        choose(&cloths, 2700.0 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        // Slot 1 full (1700 left), slot 2 full (700; the tie goes to the
        // lower slot), slot 3 half rate (200), slot 0 frozen.
        assert_eq!(levels, [Detail::Frozen, Detail::Full, Detail::Full, Detail::HalfRate]);
        choose(&cloths, 2800.0 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Detail::Frozen, Detail::Full, Detail::Full, Detail::Reduced]);
        choose(&cloths, 1e9 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Detail::Full; 4]);
        choose(&cloths, 0.0 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Detail::Frozen; 4]);
    }

    #[test]
    fn detail_falls_in_bands_with_priority() {
        // 1900 units: one full (900 left), one half rate (400), the rest
        // frozen; the half-rate cloth is raised to reduced (+300).
        let cloths = [candidate(1.0, 0), candidate(3.0, 1), candidate(2.0, 2), candidate(2.0, 3)];
        let mut levels = [Detail::Full; 4];
        choose(&cloths, 1900.0 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Detail::Frozen, Detail::Full, Detail::Reduced, Detail::Frozen]);
        // Slot 2 at 150 nodes (full 1500, half rate 750), slots 3 and 0 at
        // 50 (half rate 250): 2100 units give one full (1100 left), slot 2
        // too large for it at full, so half rate from there on (100), slot 0
        // frozen, and nothing left to raise slot 2.
        let mut cloths = cloths;
        (cloths[2].nodes, cloths[3].nodes, cloths[0].nodes) = (150, 50, 50);
        choose(&cloths, 2100.0 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Detail::Frozen, Detail::Full, Detail::HalfRate, Detail::HalfRate]);
    }

    #[test]
    fn a_share_for_full_detail_leaves_the_rest_to_bands_further_out() {
        use Detail::{Frozen, Full, HalfRate, Reduced};
        // Six COTTON cloths of 100 nodes (full 1000, reduced 800, half rate
        // 500), 3000 units. All of it for full: three full, three frozen.
        let cloths: Vec<_> = (0..6).map(|k| candidate(-(k as f64), k)).collect();
        let mut levels = [Frozen; 6];
        choose(&cloths, 3000.0 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Full, Full, Full, Frozen, Frozen, Frozen]);
        // Full detail within half of it: one full (1000 of 1500), then half
        // rate for four (3000 used), the last frozen; nothing left to raise.
        choose(&cloths, 3000.0 + steps(&cloths), 0.5, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Full, HalfRate, HalfRate, HalfRate, HalfRate, Frozen]);
        // 3300: the 300 left raises the first half-rate cloth to reduced.
        choose(&cloths, 3300.0 + steps(&cloths), 0.5, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Full, Reduced, HalfRate, HalfRate, HalfRate, Frozen]);
        // No share for full, 4000: all at half rate (3000), and the 1000
        // left raises three to reduced.
        choose(&cloths, 4000.0 + steps(&cloths), 0.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Reduced, Reduced, Reduced, HalfRate, HalfRate, HalfRate]);
    }

    #[test]
    fn a_sleeping_cloth_costs_no_work_and_a_small_one_never_jumps_the_queue() {
        let mut cloths = [candidate(3.0, 0), candidate(2.0, 1), candidate(1.0, 2)];
        cloths[0].asleep = true;
        cloths[2].nodes = 10;
        let mut levels = [Detail::Frozen; 3];
        // 700 units of work: the sleeper keeps full detail for free, the next gets
        // half rate (500), and the small one (full: 100) may not pass it.
        choose(&cloths, 700.0 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Detail::Full, Detail::HalfRate, Detail::HalfRate]);
    }

    #[test]
    fn every_cloth_pays_for_its_step_before_any_work() {
        // Two COTTON cloths of 100 nodes (full 1000, reduced 800, half rate
        // 500): 1000 units would buy the first at full without the steps'
        // cost; with it, reduced (half rate raised), the second frozen.
        let cloths = [candidate(2.0, 0), candidate(1.0, 1)];
        let mut levels = [Detail::Full; 2];
        choose(&cloths, 1000.0, 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Detail::Reduced, Detail::Frozen]);
        choose(&cloths, 1000.0 + steps(&cloths), 1.0, &mut Vec::new(), &mut levels);
        assert_eq!(levels, [Detail::Full, Detail::Frozen]);
    }

    #[test]
    fn an_observed_step_moves_the_price_a_quarter_of_the_way_within_half_and_double() {
        // 1000 units in 0.05 core-ms: 50 ns a unit against 34 (the library's
        // price, for 0): a quarter of the way, 38.
        assert_eq!(observed_price(0.0, 0.05, 1000.0), Some(38.0));
        assert_eq!(observed_price(40.0, 0.04, 1000.0), Some(40.0));
        // A frame ten times slower counts as twice the price; one ten times
        // faster as half.
        assert_eq!(observed_price(40.0, 0.4, 1000.0), Some(50.0));
        assert_eq!(observed_price(40.0, 0.004, 1000.0), Some(35.0));
        assert_eq!(observed_price(40.0, 0.04, 0.0), None);
        // Repeated, the price settles on what the steps cost.
        let mut price = 0.0;
        for _ in 0..60 {
            price = observed_price(price, 0.09, 1000.0).unwrap();
        }
        assert!((price - 90.0).abs() < 1e-3, "{price}");
    }

    #[test]
    fn a_falling_price_is_taken_once_a_window_at_the_windows_highest() {
        let mut window = (0.0, 0);
        // A rise at once, and the window starts again.
        assert_eq!(held_price(40.0, 44.0, &mut window), 44.0);
        assert_eq!(window, (0.0, 0));
        // Lower reports wait out the window, then the price falls to the
        // highest of them.
        let mut in_use = 44.0;
        for k in 0..PRICE_WINDOW {
            let learned = if k == 7 { 40.0 } else { 36.0 };
            in_use = held_price(in_use, learned, &mut window);
            let end = k + 1 == PRICE_WINDOW;
            assert_eq!(in_use, if end { 40.0 } else { 44.0 }, "report {k}");
        }
        assert_eq!(window, (0.0, 0));
        // A window whose highest is within the dead band keeps the price.
        for _ in 0..PRICE_WINDOW {
            in_use = held_price(in_use, 38.5, &mut window);
        }
        assert_eq!(in_use, 40.0);
        // The next window's lower reports take it down.
        for _ in 0..PRICE_WINDOW {
            in_use = held_price(in_use, 30.0, &mut window);
        }
        assert_eq!(in_use, 30.0);
    }

    #[test]
    fn one_slow_report_is_not_a_change_of_price() {
        let mut recent = ([0.0; 3], 0);
        // Before three reports, each is taken as it is.
        assert_eq!(typical_seen(&mut recent, 50.0), 50.0);
        assert_eq!(typical_seen(&mut recent, 52.0), 52.0);
        // Then the median of the last three: a spike alone is passed over,
        // two of three are not.
        assert_eq!(typical_seen(&mut recent, 51.0), 51.0);
        assert_eq!(typical_seen(&mut recent, 100.0), 52.0);
        assert_eq!(typical_seen(&mut recent, 49.0), 51.0);
        assert_eq!(typical_seen(&mut recent, 100.0), 100.0);
        assert_eq!(typical_seen(&mut recent, 100.0), 100.0);
    }

    #[test]
    fn codes_round_trip() {
        for d in Detail::ALL {
            assert_eq!(Detail::from_code(d.code()), Some(d));
        }
        assert_eq!(Detail::from_code(4), None);
    }
}
