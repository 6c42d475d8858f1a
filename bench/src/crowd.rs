//! The crowd (issue 23): many walking characters, a camera moving through
//! them, and the world's frame budget choosing each cloth's level of detail
//! (`cloth_solver::detail`) from its character's closeness to the camera.
//!
//! The field — where characters stand and walk, and the camera — is
//! `field.rs`'s (the demo's `--crowd` scene walks the same one).
//!
//! **`crowd`.** For each crowd size, 1 and 2 threads, with no budget
//! (every cloth at full detail), with a budget of the size's frame target
//! times the threads in core-milliseconds at a fixed price of a unit, and
//! with that budget and the price observed (the host reports each step's
//! milliseconds × threads to `World::observe_step`; the row gives the price
//! at a round's end, median over rounds). Fresh worlds per round; in each
//! round the full-detail pair, then the budgeted pairs, the two thread counts
//! of a pair stepped alternately frame by frame (as W4: a neighbour's burst
//! on a shared machine hits both alike). The pairs are not interleaved with
//! each other: a full-detail frame between two budgeted ones (80 ms and
//! tens of MB at 512 characters) left the budgeted world cold and its frame
//! 15 % slower. A frame is the host's:
//! begin_frame, every character's poses and priorities, then `World::step`,
//! which alone is timed (the budget's choice of levels runs inside it).
//! Rows give the frame's ms (min, median, mean, and the share of frames
//! within the target), the share of cloths at each level averaged over
//! frames, the share of the nearest [`NEAR`] characters' cloths at full
//! detail, the worst link (`Cloth::worst_link_ratio`) among cloths at full
//! detail and among all cloths (read every [`LINK_EVERY`] measured frames;
//! the frame after is not timed, as the read leaves every cloth's particles
//! in the host thread's cache), and the cost model's units per frame
//! (`detail::work` summed over the cloths that are not asleep, at their
//! levels) with the measured core-ns per unit (frame time × threads ÷
//! units, per frame: on one thread, the price `WORK_UNIT_NS` stands for; on
//! two, what the budget's core-milliseconds cost with the pool's idle and
//! overhead counted in).
//!
//! **`crowd-cost`.** The cost model per level and per cloth: one world per
//! level, every cloth held at that level, stepped on the calling thread one
//! cloth at a time (`begin_step`, `step_cloth` timed per cloth, `end_step`),
//! the levels alternating frame by frame. Rows per level and per kind of
//! cloth (cape or rope of one preset), and for the whole world (means per
//! cloth): nodes, the model's units per frame,
//! the measured µs per frame (a frame pair's time halved, so half rate's
//! idle frames count), ns per unit, and the same for the whole world step.
//! Then what the model prices at nothing: every cloth frozen, `World::step`
//! on the caller's thread, on a pool of 1 and of 2, held frozen or frozen
//! by a zero budget (its choice of levels counted in).

pub use crate::field::{target_ms, Crowd, Field, Walker, CAMERA_SPEED, DT, NEAR, SPACING};
use crate::{machine, stats, Output, Row};
use cloth_solver::detail::{self, Detail, FrameBudget};
use cloth_solver::world::{Character, ClothId};
use std::time::Instant;

/// Crowd sizes and thread counts.
pub const COUNTS: [usize; 3] = [32, 128, 512];
pub const THREADS: [usize; 2] = [1, 2];
/// Measured frames between reads of every cloth's worst link.
pub const LINK_EVERY: usize = 4;

/// Protocol of `crowd` and `crowd-cost`.
#[derive(Clone, Debug)]
pub struct CrowdProtocol {
    pub rounds: usize,
    pub warmup: usize,
    pub frames: usize,
    /// Crowd sizes.
    pub counts: Vec<usize>,
    /// The budget's price of a unit of work, ns (0: `detail::WORK_UNIT_NS`).
    pub unit_ns: f64,
    /// The largest share of the budget full detail may take (`FrameBudget`).
    pub full_share: f64,
}

/// What one variant measured over every round.
#[derive(Default)]
struct Tally {
    frames_ms: Vec<f64>,
    ns_per_unit: Vec<f64>,
    units: Vec<f64>,
    /// Cloth-frames at each level.
    levels: [usize; 4],
    /// The nearest characters' cloth-frames, and those at full detail.
    near: usize,
    near_full: usize,
    worst_full: f64,
    worst_any: f64,
    hash: u64,
    /// The budget's price of a unit at each round's end.
    prices: Vec<f64>,
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// `crowd`: frame times, levels and stretch per crowd size, threads and budget.
pub fn crowd(out: &mut Output, p: &CrowdProtocol) {
    let price = if p.unit_ns > 0.0 { p.unit_ns } else { detail::WORK_UNIT_NS };
    out.note(&format!(
        "crowd (issue 23): walking characters (W4's cape + rope, colliders), a camera through them; {}",
        machine()
    ));
    out.note(&format!(
        "{} warm-up frames then {} measured, {} rounds, fresh worlds per round; the full-detail pair then the budgeted \
         pair, 1 and 2 threads alternating frame by frame; links read every {LINK_EVERY} frames, the frame after untimed; \
         budget = target ms x threads core-ms at {price} ns a unit (\"price observed\": each step's ms x threads \
         reported to World::observe_step, which moves the price); load {}",
        p.warmup,
        p.frames,
        p.rounds,
        load_average()
    ));
    for &n in &p.counts {
        let target = target_ms(n);
        // (threads, budget, the host reports each step's time to the world).
        let variants: Vec<(usize, Option<FrameBudget>, bool)> = [(false, false), (true, false), (true, true)]
            .into_iter()
            .flat_map(|(budgeted, observed)| {
                THREADS.map(|t| {
                    (
                        t,
                        budgeted.then_some(FrameBudget {
                            core_ms: target * t as f64,
                            unit_ns: p.unit_ns,
                            full_share: p.full_share,
                        }),
                        observed,
                    )
                })
            })
            .collect();
        let mut tallies: Vec<Tally> = variants.iter().map(|_| Tally::default()).collect();
        let (mut particles, mut cloths) = (0, 0);
        for round in 0..p.rounds {
            // The pairs in turn (full detail, then budgeted), the thread
            // counts of a pair alternating frame by frame.
            for pair in variants.chunks(THREADS.len()).enumerate() {
                let (first, pair) = (pair.0 * THREADS.len(), pair.1);
                let mut crowds: Vec<Crowd> = pair.iter().map(|&(t, b, _)| Crowd::new(n, t, b)).collect();
                particles = crowds[0].particles();
                cloths = crowds[0].world.len();
                let tallies = &mut tallies[first..first + pair.len()];
                for frame in 1..=p.warmup + p.frames {
                    let measured = frame > p.warmup;
                    // Links are read every LINK_EVERY measured frames, and the
                    // frame after is not timed (the read leaves the
                    // cloths' particles in this thread's cache).
                    let links = measured && (frame - p.warmup) % LINK_EVERY == 0;
                    let timed = measured && (frame - p.warmup) % LINK_EVERY != 1;
                    let nearest = crowds[0].nearest(frame);
                    for ((crowd, tally), &(threads, _, observed)) in crowds.iter_mut().zip(tallies.iter_mut()).zip(pair)
                    {
                        crowd.drive(frame);
                        let t0 = Instant::now();
                        crowd.world.step().expect("steps");
                        let ms = t0.elapsed().as_secs_f64() * 1e3;
                        if observed {
                            crowd.world.observe_step(ms * threads.max(1) as f64).expect("a time");
                        }
                        if !measured {
                            continue;
                        }
                        let levels = crowd.levels();
                        let units: f64 = levels.iter().flatten().map(|l| l.1).sum();
                        if timed {
                            tally.frames_ms.push(ms);
                            tally.ns_per_unit.push(ms * 1e6 * crowd.world.threads().max(1) as f64 / units);
                        }
                        tally.units.push(units);
                        for (k, w) in levels.iter().enumerate() {
                            for (&(level, _), id) in w.iter().zip(crowd.walkers[k].cloths()) {
                                tally.levels[level as usize] += 1;
                                if links {
                                    let worst = crowd.world.with_cloth(id, |c| c.worst_link_ratio()).expect("live");
                                    tally.worst_any = tally.worst_any.max(worst);
                                    if level == Detail::Full {
                                        tally.worst_full = tally.worst_full.max(worst);
                                    }
                                }
                            }
                        }
                        for &k in nearest.iter().take(NEAR) {
                            tally.near += 2;
                            tally.near_full += levels[k].iter().filter(|l| l.0 == Detail::Full).count();
                        }
                    }
                }
                for (crowd, tally) in crowds.iter().zip(tallies.iter_mut()) {
                    if round == 0 {
                        tally.hash = crowd.hash();
                    }
                    if let Some(b) = crowd.world.budget() {
                        tally.prices.push(if b.unit_ns > 0.0 { b.unit_ns } else { detail::WORK_UNIT_NS });
                    }
                }
            }
        }
        for (&(threads, budget, observed), tally) in variants.iter().zip(&tallies) {
            let (min, med, mean) = stats(&tally.frames_ms);
            let (npu_min, npu_med, _) = stats(&tally.ns_per_unit);
            let cloth_frames = tally.levels.iter().sum::<usize>().max(1) as f64;
            let share = |l: Detail| tally.levels[l as usize] as f64 / cloth_frames;
            let within =
                tally.frames_ms.iter().filter(|&&ms| ms <= target).count() as f64 / tally.frames_ms.len().max(1) as f64;
            let variant = format!(
                "{n} characters, {threads} thread{}, {}",
                if threads == 1 { "" } else { "s" },
                match budget {
                    Some(b) if observed => format!("budget {} core-ms, price observed", b.core_ms),
                    Some(b) => format!("budget {} core-ms", b.core_ms),
                    None => "no budget".into(),
                }
            );
            out.row(
                Row::new("crowd", variant)
                    .with("characters", n)
                    .with("threads", threads)
                    .with("budget_core_ms", budget.map_or(0.0, |b| b.core_ms))
                    .with("target_ms", target)
                    .with("cloths", cloths)
                    .with("particles", particles)
                    .with("ms_min", min)
                    .with("ms_median", med)
                    .with("ms_mean", mean)
                    .with("within_target", within)
                    .with("full", share(Detail::Full))
                    .with("reduced", share(Detail::Reduced))
                    .with("half_rate", share(Detail::HalfRate))
                    .with("frozen", share(Detail::Frozen))
                    .with("near16_full", tally.near_full as f64 / tally.near.max(1) as f64)
                    .with("link_full_max", tally.worst_full)
                    .with("link_all_max", tally.worst_any)
                    .with("units_median", stats(&tally.units).1)
                    .with("price_ns", if tally.prices.is_empty() { 0.0 } else { stats(&tally.prices).1 })
                    .with("core_ns_per_unit_min", npu_min)
                    .with("core_ns_per_unit_median", npu_med)
                    .with("hash", format!("{:016x}", tally.hash)),
            );
        }
        out.flush();
    }
}

/// The kind of a cloth for `crowd-cost`: "cape silk", "rope chain".
fn kind(k: usize, cape: bool) -> String {
    if cape {
        format!("cape {}", Character::CAPES[k % Character::CAPES.len()].name)
    } else {
        format!("rope {}", Character::ROPES[k % Character::ROPES.len()].name)
    }
}

/// `crowd-cost`: the cost model against the clock, per level and kind of
/// cloth, on one thread (the first crowd size of `p.counts`).
pub fn crowd_cost(out: &mut Output, p: &CrowdProtocol) {
    let n = p.counts[0];
    out.note(&format!(
        "crowd-cost: {n} characters, every cloth held at one level, one world per level, stepped one cloth at a time on one thread; {}",
        machine()
    ));
    out.note(&format!(
        "{} warm-up frames then {} measured (pairs of frames, halved), {} rounds, levels alternating frame by frame; ns per unit = time / detail::work (WORK_UNIT_NS is {}); load {}",
        p.warmup,
        p.frames,
        p.rounds,
        detail::WORK_UNIT_NS,
        load_average()
    ));
    let kinds: Vec<String> = {
        let mut v: Vec<String> = (0..n).flat_map(|k| [kind(k, true), kind(k, false)]).collect();
        v.sort();
        v.dedup();
        v
    };
    // Per level: per kind, the µs of each frame pair summed over the kind's
    // cloths; the whole world's µs per frame pair; units per frame.
    let mut per_kind = vec![vec![Vec::<f64>::new(); kinds.len()]; Detail::ALL.len()];
    let mut whole = vec![Vec::<f64>::new(); Detail::ALL.len()];
    let mut counts = vec![0usize; kinds.len()];
    let mut nodes = vec![0usize; kinds.len()];
    let mut units = vec![vec![0.0f64; kinds.len()]; Detail::ALL.len()];
    let frames = p.frames.div_ceil(2) * 2;
    for _ in 0..p.rounds {
        let mut crowds: Vec<Crowd> = Detail::ALL.iter().map(|_| Crowd::new(n, 0, None)).collect();
        // Which kind each cloth is (ids are each world's own).
        counts.iter_mut().for_each(|c| *c = 0);
        let mut of: Vec<Vec<(ClothId, usize)>> = Vec::new();
        for (l, crowd) in crowds.iter_mut().enumerate() {
            let mut ids = Vec::new();
            for w in &crowd.walkers {
                for (id, cape) in [(w.character.cape, true), (w.character.rope, false)] {
                    let i = kinds.iter().position(|s| *s == kind(w.character.k, cape)).expect("listed");
                    ids.push((id, i));
                    crowd.world.set_detail(id, Detail::ALL[l]).expect("a level");
                    (nodes[i], units[l][i]) = crowd
                        .world
                        .with_cloth(id, |c| (c.nodes(), detail::work(c.nodes(), c.dynamics(), Detail::ALL[l])))
                        .expect("live");
                    if l == 0 {
                        counts[i] += 1;
                    }
                }
            }
            of.push(ids);
        }
        let mut pair = vec![vec![0.0f64; kinds.len()]; Detail::ALL.len()];
        let mut pair_whole = vec![0.0f64; Detail::ALL.len()];
        for frame in 1..=p.warmup + frames {
            for (l, crowd) in crowds.iter_mut().enumerate() {
                crowd.drive(frame);
                let world = &mut crowd.world;
                let t0 = Instant::now();
                world.begin_step().expect("outside a step");
                for &(id, i) in &of[l] {
                    let t = Instant::now();
                    world.step_cloth(id).expect("steps");
                    pair[l][i] += t.elapsed().as_secs_f64() * 1e6;
                }
                world.end_step().expect("inside a step");
                pair_whole[l] += t0.elapsed().as_secs_f64() * 1e6;
                if frame % 2 == 0 {
                    if frame > p.warmup {
                        for (i, us) in pair[l].iter().enumerate() {
                            per_kind[l][i].push(us / 2.0);
                        }
                        whole[l].push(pair_whole[l] / 2.0);
                    }
                    pair[l].iter_mut().for_each(|x| *x = 0.0);
                    pair_whole[l] = 0.0;
                }
            }
        }
    }
    for (l, level) in Detail::ALL.into_iter().enumerate() {
        let name = format!("{level:?}");
        for (i, k) in kinds.iter().enumerate() {
            let (min, med, _) = stats(&per_kind[l][i]);
            let c = counts[i].max(1) as f64;
            let u = units[l][i] * c;
            out.row(
                Row::new("crowd-cost", format!("{name}, {k}"))
                    .with("level", name.clone())
                    .with("cloths", k.clone())
                    .with("count", counts[i])
                    .with("nodes", nodes[i])
                    .with("units_per_cloth", units[l][i])
                    .with("us_per_cloth_min", min / c)
                    .with("us_per_cloth_median", med / c)
                    .with("ns_per_unit_min", if u > 0.0 { min * 1e3 / u } else { f64::NAN })
                    .with("ns_per_unit_median", if u > 0.0 { med * 1e3 / u } else { f64::NAN }),
            );
        }
        let total_units: f64 = units[l].iter().zip(&counts).map(|(u, &c)| u * c as f64).sum();
        let (min, med, _) = stats(&whole[l]);
        out.row(
            Row::new("crowd-cost", format!("{name}, whole world"))
                .with("level", name.clone())
                .with("cloths", "all")
                .with("count", counts.iter().sum::<usize>())
                .with(
                    "nodes",
                    nodes.iter().zip(&counts).map(|(n, c)| n * c).sum::<usize>() / counts.iter().sum::<usize>().max(1),
                )
                .with("units_per_cloth", total_units / counts.iter().sum::<usize>().max(1) as f64)
                .with("us_per_cloth_min", min / counts.iter().sum::<usize>().max(1) as f64)
                .with("us_per_cloth_median", med / counts.iter().sum::<usize>().max(1) as f64)
                .with("ns_per_unit_min", if total_units > 0.0 { min * 1e3 / total_units } else { f64::NAN })
                .with("ns_per_unit_median", if total_units > 0.0 { med * 1e3 / total_units } else { f64::NAN }),
        );
    }
    out.flush();
    overhead(out, p);
}

/// What a frame costs beyond the model's units: every cloth frozen (0
/// units), the whole world stepped by `World::step` on the caller's thread
/// (no pool), a pool of 1 and of 2, each with the cloths held frozen and
/// frozen by a zero budget (the budget's own choice each frame counted in),
/// worlds alternating frame by frame.
fn overhead(out: &mut Output, p: &CrowdProtocol) {
    let n = p.counts[0];
    out.note(&format!(
        "crowd-cost overhead: {n} characters, every cloth frozen, World::step timed: the per-cloth cost the model prices at 0"
    ));
    let variants: Vec<(usize, bool)> = [0, 1, 2].into_iter().flat_map(|t| [(t, false), (t, true)]).collect();
    let mut times = vec![Vec::<f64>::new(); variants.len()];
    for _ in 0..p.rounds {
        let mut crowds: Vec<Crowd> = variants
            .iter()
            .map(|&(t, by_budget)| {
                let budget = by_budget.then_some(FrameBudget::new(0.0));
                let crowd = Crowd::new(n, t, budget);
                if !by_budget {
                    for id in crowd.world.cloth_ids().collect::<Vec<_>>() {
                        crowd.world.set_detail(id, Detail::Frozen).expect("a level");
                    }
                }
                crowd
            })
            .collect();
        for frame in 1..=p.warmup + p.frames {
            for (crowd, times) in crowds.iter_mut().zip(&mut times) {
                crowd.drive(frame);
                let t0 = Instant::now();
                crowd.world.step().expect("steps");
                if frame > p.warmup {
                    times.push(t0.elapsed().as_secs_f64() * 1e6);
                }
            }
        }
    }
    let cloths = 2 * n;
    for (&(threads, by_budget), t) in variants.iter().zip(&times) {
        let (min, med, _) = stats(t);
        let pool = match threads {
            0 => "no pool".to_string(),
            t => format!("a pool of {t}"),
        };
        let how = if by_budget { "a zero budget" } else { "held frozen" };
        out.row(
            Row::new("crowd-overhead", format!("{pool}, {how}"))
                .with("threads", threads)
                .with("frozen_by", how)
                .with("cloths", cloths)
                .with("us_min", min)
                .with("us_median", med)
                .with("us_per_cloth_min", min / cloths as f64)
                .with("us_per_cloth_median", med / cloths as f64),
        );
    }
    out.flush();
}

/// Changes of level over a run (level codes by frame, then cloth), and those
/// that came back to the level before within two frames (flickers).
pub fn flickers(history: &[Vec<u8>]) -> (usize, usize) {
    let (mut changes, mut back) = (0, 0);
    for k in 0..history.first().map_or(0, Vec::len) {
        let s: Vec<u8> = history.iter().map(|h| h[k]).collect();
        for f in 1..s.len().saturating_sub(2) {
            if s[f] != s[f - 1] {
                changes += 1;
                back += (s[f + 1] == s[f - 1] || (s[f + 1] == s[f] && s[f + 2] == s[f - 1])) as usize;
            }
        }
    }
    (changes, back)
}
