//! Self-collision (DESIGN §4, §11; record §30–§37): particle pairs, and the
//! point–triangle and edge–edge tier the record deferred.
//!
//! ```text
//!   pair           C = ‖xi − xj‖ − 2r                        push apart only
//!   point–tri      C = (xp − Σ bₖ xₖ)·n₀ − r                  push apart only
//!   edge–edge      C = (x(e₁, s) − x(e₂, t))·n₀ − r           push apart only
//!   soft, k = SELF_RATIO · m_eff/h² split between the slots ([`split`]),
//!   no multiplier, no warm start
//! ```
//!
//! **Search, once per step** (from the positions the step starts with), in
//! two levels. A *candidate list* (a Verlet list) holds every pair no row
//! governs within `near + skin`; it is rebuilt only when some particle has
//! moved half a skin since (a cloth at rest or riding its anchor searches
//! once), and every step when the cloth moves too fast for a skin to last.
//! The rebuild sweeps *patches*: eight particles consecutive in the Morton
//! order of the bind pose, a compact piece of cloth whatever their colours.
//! Patch boxes are swept along the axis they spread furthest on, eight
//! patches tested at a time; two patches whose boxes come within reach test
//! their 8×8 distances in one `f32x8` comparison per particle, masked by the
//! exclusion set — every pair a row governs (the free end's neighbour list:
//! links, bend couplings, tethers), kept once at sizing as an 8×8 bit
//! matrix per pair of patches — and each pair left is listed, in node
//! order. The near radius is `2r` for pairs alone and `SELF_NEAR · 2r` with
//! stencils.
//!
//! Measured against the record's point hash grid (§34) on the folding
//! 32×32 sheet, where the list is rebuilt every step: the grid's rebuild and
//! 27-cell walk cost 1,290 instructions a particle, the first patch sweep
//! 460 — same list, same state hash. Scanning neighbour lists for governed
//! pairs and testing one patch pair at a time then took most of what was
//! left: with the bit masks and the eight-wide sweep the search is 300
//! instructions a particle and 11% of the step's time (`MEASUREMENTS.md`,
//! M4). The grid ([`crate::grid::PointHashGrid`]) measures
//! `closest_free_pair` at seed.
//!
//! From the list, each step: a pair closer than `2r` becomes a pair row
//! while both ends have fewer than `SELF_PAIRS_PER_PARTICLE` (§35); with
//! stencils, every pair within the near radius also proposes point–triangle
//! and edge–edge stencils from the triangles and surface edges around its
//! ends — so the tier costs nothing where nothing is near, and a flat sheet
//! (whose closest ungoverned pair is two spacings, §37) proposes none.
//!
//! **Which side (§30 #3), with no history across steps**: a stencil's
//! normal `n₀` and its barycentric weights are frozen when it is found, at
//! the start of the step. Its side is the side the point's *neighbourhood*
//! is on ([`ring_side`]: the point's one-ring against the triangle's plane;
//! for two edges, each edge's ring against the other): a point that has
//! slipped through alone is pushed back to where its cloth is, not held on
//! the wrong side. Within the step `C` is linear in the positions; nothing
//! is kept from one step to the next.
//!
//! **Rows are pairs, so Jacobi** (DESIGN §3.6, §30): once per iteration every
//! row's force and Hessian block go into a per-particle `(f, H)` scratch,
//! which each vertex update adds. The lists are built in node order and the
//! stencils sorted by node-derived keys, so the scratch — and the step — do
//! not depend on which slots particles occupy within their colours.
//!
//! **Memory** is sized when the flag is first set (`State::provision`), not
//! at seed and never in a step; the flag is not a reseed trigger (§33).

use crate::constants::{
    LANES, SELF_NEAR, SELF_PAIRS_PER_PARTICLE, SELF_RADIUS_CEILING, SELF_ROW_RADIUS, SELF_SKIN,
    SELF_STENCILS_PER_PARTICLE,
};
use crate::cook::{SelfSetup, SelfSetupRef};
use crate::grid::PointHashGrid;
use crate::lanes::Points;
use crate::model::{Model, NO_NODE};

/// A list with room for `limit` items, made once: a push past it is
/// refused, never grown (a step allocates nothing), and a clone has the
/// same room, so a cloned cloth keeps and drops exactly the rows its
/// original does (a `Vec`'s clone keeps only its length).
#[derive(Debug, PartialEq)]
pub struct Bounded<T> {
    items: Vec<T>,
    limit: usize,
}

impl<T> Bounded<T> {
    pub fn new(limit: usize) -> Self {
        Bounded { items: Vec::with_capacity(limit), limit }
    }

    /// Appends `item` if there is room; whether it did.
    pub fn try_push(&mut self, item: T) -> bool {
        let room = self.items.len() < self.limit;
        if room {
            self.items.push(item);
        }
        room
    }

    pub fn is_full(&self) -> bool {
        self.items.len() >= self.limit
    }

    pub fn limit(&self) -> usize {
        self.limit
    }

    pub fn clear(&mut self) {
        self.items.clear();
    }

    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.items.retain(keep);
    }

    pub fn dedup_by_key<K: PartialEq>(&mut self, key: impl FnMut(&mut T) -> K) {
        self.items.dedup_by_key(key);
    }
}

impl<T> Default for Bounded<T> {
    /// No room.
    fn default() -> Self {
        Bounded { items: Vec::new(), limit: 0 }
    }
}

impl<T: Clone> Clone for Bounded<T> {
    fn clone(&self) -> Self {
        let mut items = Vec::with_capacity(self.limit);
        items.extend_from_slice(&self.items);
        Bounded { items, limit: self.limit }
    }
}

impl<T> std::ops::Deref for Bounded<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<T> std::ops::DerefMut for Bounded<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items
    }
}

/// The candidate list: pairs of nodes `(a, b)`, each one key, kept sorted
/// by key, which is node order. While every node fits 16 bits (up to
/// 65,536 nodes) the key is `a·2¹⁶ + b` in a `u32`, past that `a·2³² + b`
/// in a `u64`: the same pairs in the same order either way, at half the
/// bytes for the cloths a game steps.
#[derive(Clone, Debug, PartialEq)]
enum PairList {
    Narrow(Bounded<u32>),
    Wide(Bounded<u64>),
}

impl Default for PairList {
    fn default() -> Self {
        PairList::Narrow(Bounded::default())
    }
}

impl PairList {
    /// Room for `limit` pairs of a cloth of `nodes` nodes.
    fn new(nodes: usize, limit: usize) -> Self {
        match nodes <= 1 << 16 {
            true => PairList::Narrow(Bounded::new(limit)),
            false => PairList::Wide(Bounded::new(limit)),
        }
    }

    /// Appends the pair `(a, b)` if there is room; whether it did.
    #[inline(always)]
    fn try_push(&mut self, a: u32, b: u32) -> bool {
        match self {
            PairList::Narrow(l) => l.try_push(a << 16 | b),
            PairList::Wide(l) => l.try_push((a as u64) << 32 | b as u64),
        }
    }

    fn clear(&mut self) {
        match self {
            PairList::Narrow(l) => l.clear(),
            PairList::Wide(l) => l.clear(),
        }
    }

    /// Sorts by key: node order.
    fn sort(&mut self) {
        match self {
            PairList::Narrow(l) => l.sort_unstable(),
            PairList::Wide(l) => l.sort_unstable(),
        }
    }

    /// The pairs, in order.
    fn pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let (narrow, wide): (&[u32], &[u64]) = match self {
            PairList::Narrow(l) => (l, &[]),
            PairList::Wide(l) => (&[], l),
        };
        let narrow = narrow.iter().map(|&k| (k >> 16, k & 0xffff));
        narrow.chain(wide.iter().map(|&k| ((k >> 32) as u32, k as u32)))
    }

    fn bytes(&self) -> usize {
        match self {
            PairList::Narrow(l) => 4 * l.limit(),
            PairList::Wide(l) => 8 * l.limit(),
        }
    }
}

/// A point and a triangle, frozen for the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointTriangle {
    /// `(point node, triangle key)`: the canonical order.
    key: (u32, u64),
    /// Slots: the point, then the triangle's corners.
    pub slots: [u32; 4],
    /// The triangle point nearest the point at the step's start, as weights.
    pub weights: [f32; 3],
    /// Unit normal toward the point's side.
    pub normal: [f32; 3],
}

/// Two edges, frozen for the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeEdge {
    /// `(lower edge id, higher edge id)` as one number: the canonical order.
    key: u64,
    /// Slots: the first edge's ends, then the second's.
    pub slots: [u32; 4],
    /// Where the closest points sit along each edge at the step's start.
    pub s: f32,
    pub t: f32,
    /// Unit normal from the second edge toward the first.
    pub normal: [f32; 3],
}

/// What the last search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SelfStats {
    pub pairs: usize,
    pub point_triangle: usize,
    pub edge_edge: usize,
    /// Near pairs (the search's candidates after exclusion and distance).
    pub near: usize,
    /// Rows the per-particle or list capacity turned away.
    pub dropped: usize,
    /// The candidate list was rebuilt this step.
    pub rebuilt: bool,
}

/// The per-particle `(f, H)` every self row accumulates into once per
/// iteration, per slot (zero outside the current members).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scratch {
    pub f: Points,
    /// Upper triangle `(xx, xy, xz, yy, yz, zz)`.
    pub h: [Vec<f32>; 6],
}

impl Scratch {
    pub fn zeros(n: usize) -> Self {
        Scratch { f: Points::zeros(n), h: std::array::from_fn(|_| vec![0.0; n]) }
    }

    /// Writes slot `s`'s force and Hessian upper triangle, rounded to f32.
    #[inline(always)]
    pub fn set(&mut self, s: usize, f: [f64; 3], h: [f64; 6]) {
        self.f.set(s, f.map(|v| v as f32));
        for (column, v) in self.h.iter_mut().zip(h) {
            column[s] = v as f32;
        }
    }

    pub fn bytes(&self) -> usize {
        self.f.bytes() + self.h.iter().map(|h| 4 * h.capacity()).sum::<usize>()
    }
}

/// Self-collision state of one cloth (empty until the flag is first set).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelfCollision {
    /// The search's patches: `LANES` particles each, consecutive in the Morton
    /// order of the bind pose (so each is a compact piece of cloth, whatever
    /// colours its particles have), as slots padded with `NO_NODE`.
    patch: Vec<u32>,
    /// Per patch: its particles' bounding box (`lo`, `hi`; empty as
    /// `lo > hi`), its lanes' positions with absent lanes at infinity, and
    /// the patches in order of their low x (the sweep's order). All three
    /// are written by the candidate list's rebuild alone, so `lanes` holds
    /// every particle's position at the rebuild (the skin's reference).
    boxes: Vec<[[f32; 3]; 2]>,
    lanes: Vec<[[f32; LANES]; 3]>,
    order: Vec<u32>,
    /// The boxes in the sweep's order, per bound and axis (`[lo, hi]`, the
    /// swept axis first), padded with empty boxes to whole lanes: the sweep
    /// tests eight patches at a time.
    sorted: [[Vec<f32>; 3]; 2],
    /// The surface, found once when sized: per stretch row, whether it is an
    /// edge of some triangle (edge–edge stencils use only those), and per
    /// slot its triangles as the two other corners (`tris[tri_start[s]..]`).
    surface: Vec<bool>,
    tri_start: Vec<u32>,
    tris: Vec<[u32; 2]>,
    /// The exclusion set as bits, built once: per patch `a`, the patches `b`
    /// (`a` itself included) holding a particle some row governs together
    /// with one of `a`'s, each with a mask per lane of `a` of the governed
    /// lanes of `b` (`govern_start` indexes `govern` by patch). The sweep
    /// drops governed pairs eight at a time instead of scanning a particle's
    /// neighbour list for every pair within reach.
    govern_start: Vec<u32>,
    govern: Vec<(u32, [u8; LANES])>,
    /// Sweep scratch, per patch: its group in the current patch's
    /// exclusions, or `u32::MAX`.
    group_of: Vec<u32>,
    /// Candidate pairs (a Verlet list): the near radius and skin they were
    /// found at, steps since, and whether some did not fit; the positions
    /// they were found from are `lanes`, and the padding slots' (no node,
    /// so in no patch; a frame shift moves them too) are `pad_x`.
    list: PairList,
    list_near: f64,
    list_skin: f64,
    pad: Vec<u32>,
    pad_x: Vec<[f32; 3]>,
    list_age: u32,
    list_overflowed: bool,
    /// Pair rows found this step, per-slot counts.
    pub pairs: Bounded<[u32; 2]>,
    count: Vec<u8>,
    pub point_triangle: Bounded<PointTriangle>,
    pub edge_edge: Bounded<EdgeEdge>,
    /// Free slots some row touches this step, and whether each slot is one.
    members: Vec<u32>,
    member: Vec<bool>,
    /// Per 8-slot block: does any lane have a self row this step.
    pub block_has: Vec<bool>,
    pub scratch: Scratch,
    /// Radius and near radius of the last search, m.
    pub radius: f64,
    pub stats: SelfStats,
}

impl SelfCollision {
    /// Sized for `model`: every buffer a pairs-only step needs (pair rows at
    /// one per free particle — the record's busiest sheet used 0.8, §33, and
    /// ours 0.07 at 1,024 particles in the gust, `cloth-bench self-cost` —
    /// and the candidate list at four); stencils add theirs in
    /// [`Self::provision_stencils`].
    pub fn new(model: &Model) -> Self {
        let bind: Vec<[f32; 3]> = (0..model.nodes).map(|v| model.bind.get(model.slot_of_node[v] as usize)).collect();
        let key = crate::seed::morton_keys(&bind);
        let mut nodes: Vec<u32> = (0..model.nodes as u32).collect();
        nodes.sort_unstable_by_key(|&v| (key[v as usize], v));
        let blocks = model.nodes.div_ceil(LANES);
        let mut patch = vec![NO_NODE; blocks * LANES];
        for (k, &v) in nodes.iter().enumerate() {
            patch[k] = model.slot_of_node[v as usize];
        }
        let (govern_start, govern) = governed_masks(model, &patch);
        Self::from_setup(model, SelfSetup { patch, govern_start, govern })
    }

    /// The patches and exclusion masks [`Self::new`] derives from the model,
    /// for a cooked blob (`cook.rs`); `None` until sized.
    pub fn setup(&self) -> Option<SelfSetupRef<'_>> {
        (!self.is_empty()).then_some((&self.patch, &self.govern_start, &self.govern))
    }

    /// Sized for `model` from a setup [`Self::new`] derived (or a cooked
    /// blob holds): the same buffers, the same bits.
    pub fn from_setup(model: &Model, setup: SelfSetup) -> Self {
        let SelfSetup { patch, govern_start, govern } = setup;
        let n = model.slots;
        let pad: Vec<u32> = (0..model.swept as u32).filter(|&s| model.node_of_slot[s as usize] == NO_NODE).collect();
        let free = model.free_particles().max(1);
        let blocks = model.nodes.div_ceil(LANES);
        SelfCollision {
            patch,
            govern_start,
            govern,
            group_of: vec![u32::MAX; blocks],
            boxes: vec![[[0.0; 3]; 2]; blocks],
            lanes: vec![[[0.0; LANES]; 3]; blocks],
            order: Vec::with_capacity(blocks),
            sorted: std::array::from_fn(|_| std::array::from_fn(|_| vec![0.0; blocks + LANES])),
            surface: Vec::new(),
            tri_start: Vec::new(),
            tris: Vec::new(),
            list: PairList::new(model.nodes, 4 * free),
            list_near: f64::NAN,
            list_skin: 0.0,
            pad_x: vec![[0.0; 3]; pad.len()],
            pad,
            list_age: 0,
            list_overflowed: false,
            pairs: Bounded::new(free),
            count: vec![0; n],
            point_triangle: Bounded::new(0),
            edge_edge: Bounded::new(0),
            members: Vec::with_capacity(n),
            member: vec![false; n],
            block_has: vec![false; model.swept / LANES],
            scratch: Scratch::zeros(n),
            radius: 0.0,
            stats: SelfStats::default(),
        }
    }

    /// Sizes what the point–triangle and edge–edge stencils need, once,
    /// when `Tuning::self_stencils` is first set (their lists at one row of
    /// each kind per free particle, the surface and its triangles): a cloth
    /// with pairs alone does not carry them.
    pub fn provision_stencils(&mut self, model: &Model) {
        if !self.tri_start.is_empty() {
            return;
        }
        let n = model.slots;
        let free = model.free_particles().max(1);
        self.surface = vec![false; model.links.stretch.end];
        self.tri_start = vec![0u32; n + 1];
        for s in 0..n {
            if model.inv_mass[s] > 0.0 {
                for (a, r) in links_of(model, s) {
                    self.surface[r as usize] |= in_triangle(model, s as u32, a);
                }
                let around: Vec<u32> = links_of(model, s).map(|(a, _)| a).take(16).collect();
                for (k, &a) in around.iter().enumerate() {
                    self.tris.extend(around[k + 1..].iter().filter(|&&b| linked(model, a, b)).map(|&b| [a, b]));
                }
            }
            self.tri_start[s + 1] = self.tris.len() as u32;
        }
        self.point_triangle = Bounded::new(free);
        self.edge_edge = Bounded::new(free);
    }

    pub fn is_empty(&self) -> bool {
        self.member.is_empty()
    }

    /// The last search found rows to accumulate.
    pub fn has_rows(&self) -> bool {
        !self.members.is_empty()
    }

    pub fn bytes(&self) -> usize {
        4 * self.patch.capacity()
            + 4 * self.govern_start.capacity()
            + std::mem::size_of::<(u32, [u8; LANES])>() * self.govern.capacity()
            + 4 * self.group_of.capacity()
            + 24 * self.boxes.capacity()
            + 12 * LANES * self.lanes.capacity()
            + 4 * self.order.capacity()
            + 4 * self.sorted.iter().flatten().map(Vec::capacity).sum::<usize>()
            + self.surface.capacity()
            + 4 * self.tri_start.capacity()
            + 8 * self.tris.capacity()
            + self.list.bytes()
            + 4 * self.pad.capacity()
            + 12 * self.pad_x.capacity()
            + 8 * self.pairs.limit()
            + self.count.capacity()
            + std::mem::size_of::<PointTriangle>() * self.point_triangle.limit()
            + std::mem::size_of::<EdgeEdge>() * self.edge_edge.limit()
            + 4 * self.members.capacity()
            + self.member.capacity()
            + self.block_has.capacity()
            + self.scratch.bytes()
    }

    /// Forgets the last step's rows (a Reset, or the flag turned off).
    pub fn clear(&mut self) {
        for &s in &self.members {
            self.member[s as usize] = false;
            zero(&mut self.scratch, s as usize);
        }
        self.members.clear();
        self.block_has.fill(false);
        self.pairs.clear();
        self.point_triangle.clear();
        self.edge_edge.clear();
        self.stats = SelfStats::default();
    }

    /// The search, once per step, at radius `radius` over positions `x`;
    /// with `stencils`, near pairs also propose point–triangle and edge–edge
    /// rows.
    pub fn search(&mut self, model: &Model, x: &Points, radius: f64, stencils: bool) {
        self.clear();
        self.radius = radius;
        let diameter = 2.0 * radius;
        // Near pairs reach further only to propose stencils.
        let stencils = stencils && !self.tri_start.is_empty();
        let near = if stencils { SELF_NEAR * diameter } else { diameter };
        // The candidate list holds every ungoverned pair within `near + skin`
        // of each other when it was built; while no particle has moved half a
        // skin since, every pair now within `near` is on it (each end moved
        // less than skin/2), so it is rebuilt only then. A cloth moving too
        // fast for a skin to last (half a skin in under eight steps) is
        // searched afresh every step, at `near` exactly.
        let moved = self.max_displacement(x);
        self.list_age += 1;
        let valid =
            self.list_near == near && !self.list_overflowed && self.list_skin > 0.0 && moved < self.list_skin / 2.0;
        if !valid {
            let skin = SELF_SKIN * diameter;
            let per_step = if self.list_near.is_nan() { 0.0 } else { moved / self.list_age as f64 };
            let skin = if per_step * 8.0 < skin / 2.0 { skin } else { 0.0 };
            self.rebuild(model, x, near, skin);
        }
        self.stats.rebuilt = !valid;
        let (near2, diameter2) = (near * near, diameter * diameter);
        self.count.fill(0);

        let Self { list, pairs, count, point_triangle, edge_edge, stats, surface, tri_start, tris, .. } = self;
        for (a, b) in list.pairs() {
            let (i, j) = (model.slot_of_node[a as usize], model.slot_of_node[b as usize]);
            let d2 = dist2(x.get(i as usize), x.get(j as usize));
            if d2 >= near2 {
                continue;
            }
            stats.near += 1;
            if d2 < diameter2 {
                let room = count[i as usize] < SELF_PAIRS_PER_PARTICLE && count[j as usize] < SELF_PAIRS_PER_PARTICLE;
                if room && pairs.try_push([i, j]) {
                    count[i as usize] += 1;
                    count[j as usize] += 1;
                } else {
                    stats.dropped += 1;
                }
            }
            if stencils {
                let mut found =
                    Found { point_triangle, edge_edge, dropped: &mut stats.dropped, surface, tri_start, tris };
                // Edge pairs once: (i, j) and (j, i) would propose the same.
                propose(model, x, i, j, diameter, true, &mut found);
                if model.inv_mass[j as usize] > 0.0 {
                    propose(model, x, j, i, diameter, false, &mut found);
                }
            }
        }

        // Stencils arrive once per near pair that sees them: sort by their
        // node-derived keys, drop repeats, keep at most
        // `SELF_STENCILS_PER_PARTICLE` per point (per first edge).
        point_triangle.sort_unstable_by_key(|r| r.key);
        point_triangle.dedup_by_key(|r| r.key);
        cap_per(point_triangle, |r| r.key.0, &mut stats.dropped);
        edge_edge.sort_unstable_by_key(|r| r.key);
        edge_edge.dedup_by_key(|r| r.key);
        cap_per(edge_edge, |r| (r.key >> 32) as u32, &mut stats.dropped);
        stats.pairs = pairs.len();
        stats.point_triangle = point_triangle.len();
        stats.edge_edge = edge_edge.len();

        // Members: the free slots some row touches, in row order.
        let touched =
            self.pairs.iter().flat_map(|p| p.iter()).chain(self.point_triangle.iter().flat_map(|r| r.slots.iter()));
        let touched = touched.chain(self.edge_edge.iter().flat_map(|r| r.slots.iter()));
        for &s in touched {
            let s = s as usize;
            if model.inv_mass[s] > 0.0 && !self.member[s] {
                self.member[s] = true;
                self.members.push(s as u32);
                self.block_has[s / LANES] = true;
            }
        }
    }

    /// Rebuilds the candidate list: every pair within `reach` that no row
    /// governs, at least one end free, canonical (free end with the lower
    /// node first) and sorted by node (so independent of the slot order).
    fn rebuild(&mut self, model: &Model, x: &Points, near: f64, skin: f64) {
        let reach = near + skin;
        self.list.clear();
        self.list_overflowed = false;
        self.list_near = near;
        self.list_skin = skin;
        self.list_age = 0;
        for (&s, p) in self.pad.iter().zip(&mut self.pad_x) {
            *p = x.get(s as usize);
        }
        // Boxes of the patches.
        let r = (reach * (1.0 + 1e-5)) as f32;
        self.order.clear();
        for (b, (bx, lanes)) in self.boxes.iter_mut().zip(self.lanes.iter_mut()).enumerate() {
            let (mut lo, mut hi) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
            *lanes = [[f32::INFINITY; LANES]; 3];
            for (l, &s) in self.patch[b * LANES..(b + 1) * LANES].iter().enumerate() {
                if s == NO_NODE {
                    continue;
                }
                let p = x.get(s as usize);
                for k in 0..3 {
                    lanes[k][l] = p[k];
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
            *bx = [lo, hi];
            if lo[0] <= hi[0] {
                self.order.push(b as u32);
            }
        }
        // Sweep along the axis the patches spread furthest on (fewest boxes
        // overlapping along it): each pair of patches whose boxes come within `r`.
        let boxes = &self.boxes;
        let spread = |k: usize| {
            let (lo, hi) = self.order.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &b| {
                (lo.min(boxes[b as usize][0][k]), hi.max(boxes[b as usize][0][k]))
            });
            hi - lo
        };
        let ax = (1..3).fold(0, |best, k| if spread(k) > spread(best) { k } else { best });
        let (o1, o2) = ((ax + 1) % 3, (ax + 2) % 3);
        self.order
            .sort_unstable_by(|&a, &b| boxes[a as usize][0][ax].total_cmp(&boxes[b as usize][0][ax]).then(a.cmp(&b)));
        let axes = [ax, o1, o2];
        let n = self.order.len();
        for (side, sorted) in self.sorted.iter_mut().enumerate() {
            for (c, column) in sorted.iter_mut().enumerate() {
                for (slot, &b) in column.iter_mut().zip(&self.order) {
                    *slot = boxes[b as usize][side][axes[c]];
                }
                // Padding: an empty box past every other, never overlapping.
                column[n..].fill(if side == 0 { f32::INFINITY } else { f32::NEG_INFINITY });
            }
        }
        let mut v = Candidates { model, list: &mut self.list, overflowed: false };
        let (boxes, lanes, order, group_of) = (&self.boxes, &self.lanes, &self.order, &mut self.group_of);
        let [lo, hi] = &self.sorted;
        let at =
            |col: &[f32], q: usize| wide::f32x8::from(<[f32; LANES]>::try_from(&col[q..q + LANES]).expect("lanes"));
        let rr = wide::f32x8::splat(r);
        for (k, &a) in order.iter().enumerate() {
            let ba = boxes[a as usize];
            let pa = &self.patch[a as usize * LANES..][..LANES];
            let governed =
                &self.govern[self.govern_start[a as usize] as usize..self.govern_start[a as usize + 1] as usize];
            for (g, &(b, _)) in governed.iter().enumerate() {
                group_of[b as usize] = g as u32;
            }
            v.within(pa, pa, &lanes[a as usize], &lanes[a as usize], r, ba, Governed(governed, group_of[a as usize]));
            // The patches after `a` in the sweep's order, eight at a time:
            // those starting within `r` of `a`'s end along the swept axis
            // (sorted, so the first that does not ends the sweep) and not
            // apart on either other axis.
            let bound = |c: usize| (wide::f32x8::splat(ba[1][axes[c]] + r), wide::f32x8::splat(ba[0][axes[c]]));
            let ((end, _), (hi1, lo1), (hi2, lo2)) = (bound(0), bound(1), bound(2));
            // Lanes past the last patch are padding and never visited,
            // whatever the bounds compare to.
            let mut q = k + 1;
            while q < n {
                let along = !at(&lo[0], q).simd_gt(end);
                let apart = at(&lo[1], q).simd_gt(hi1)
                    | lo1.simd_gt(at(&hi[1], q) + rr)
                    | at(&lo[2], q).simd_gt(hi2)
                    | lo2.simd_gt(at(&hi[2], q) + rr);
                let patches = u32::MAX >> (32 - (n - q).min(LANES));
                let mut meet = (along & !apart).to_bitmask() & patches;
                while meet != 0 {
                    let b = order[q + meet.trailing_zeros() as usize];
                    meet &= meet - 1;
                    let pb = &self.patch[b as usize * LANES..][..LANES];
                    let (lb, bb) = (&lanes[b as usize], boxes[b as usize]);
                    v.within(pa, pb, &lanes[a as usize], lb, r, bb, Governed(governed, group_of[b as usize]));
                }
                if along.to_bitmask() != (1 << LANES) - 1 {
                    break;
                }
                q += LANES;
            }
            for &(b, _) in governed {
                group_of[b as usize] = u32::MAX;
            }
        }
        self.list_overflowed = v.overflowed;
        // Node order, independent of the slots and of the sweep's order.
        self.list.sort();
    }

    /// Jacobi accumulation, once per iteration: every row's force and
    /// Hessian block at the current positions into the scratch, each row of
    /// penalty `ratio·m_eff/h²` split between its slots ([`split`]).
    pub fn accumulate(&mut self, model: &Model, x: &Points, inv_h2: f64, ratio: f64) {
        let Self { members, scratch, pairs, point_triangle, edge_edge, radius, .. } = self;
        for &s in members.iter() {
            zero(scratch, s as usize);
        }
        let w = |s: u32| model.inv_mass[s as usize] as f64;
        let at = |s: u32| x.get(s as usize).map(f64::from);
        let diameter = 2.0 * *radius;
        for &[i, j] in pairs.iter() {
            let d = sub(at(i), at(j));
            let l = norm(d);
            let c = l - diameter;
            if c >= 0.0 || l <= 0.0 {
                continue; // apart, or coincident (no direction to push along)
            }
            let n = scale(d, 1.0 / l);
            let sum = w(i) + w(j);
            add(scratch, model, i, split(ratio, inv_h2, sum, w(i)), c, 1.0, n);
            add(scratch, model, j, split(ratio, inv_h2, sum, w(j)), c, -1.0, n);
        }
        for r in point_triangle.iter() {
            let [p, a, b, cc] = r.slots;
            let [u, v, t] = r.weights.map(f64::from);
            let n = r.normal.map(f64::from);
            let q = [0, 1, 2].map(|k| u * at(a)[k] + v * at(b)[k] + t * at(cc)[k]);
            let c = dot(sub(at(p), q), n) - *radius;
            if c >= 0.0 {
                continue;
            }
            let coef = [1.0, -u, -v, -t];
            let sum = r.slots.iter().zip(coef).map(|(&s, g)| w(s) * g * g).sum::<f64>();
            for (&s, g) in r.slots.iter().zip(coef) {
                add(scratch, model, s, split(ratio, inv_h2, sum, w(s) * g * g), c, g, n);
            }
        }
        for r in edge_edge.iter() {
            let [a, b, cc, dd] = r.slots;
            let (s, t) = (r.s as f64, r.t as f64);
            let n = r.normal.map(f64::from);
            let p1 = [0, 1, 2].map(|k| (1.0 - s) * at(a)[k] + s * at(b)[k]);
            let p2 = [0, 1, 2].map(|k| (1.0 - t) * at(cc)[k] + t * at(dd)[k]);
            let c = dot(sub(p1, p2), n) - *radius;
            if c >= 0.0 {
                continue;
            }
            let coef = [1.0 - s, s, -(1.0 - t), -t];
            let sum = r.slots.iter().zip(coef).map(|(&s, g)| w(s) * g * g).sum::<f64>();
            for (&s, g) in r.slots.iter().zip(coef) {
                add(scratch, model, s, split(ratio, inv_h2, sum, w(s) * g * g), c, g, n);
            }
        }
    }
}

impl SelfCollision {
    /// The furthest any particle (padding slots too) is from where it was at
    /// the list's rebuild (infinite if any position is not finite): each
    /// node's against its patch lane, each padding slot's against `pad_x`.
    fn max_displacement(&self, x: &Points) -> f64 {
        let mut most = 0.0f32;
        let mut fold = |a: [f32; 3], b: [f32; 3]| {
            let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
            let d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            // A NaN makes the answer infinite for good.
            most = if d2.is_nan() { f32::INFINITY } else { most.max(d2) };
        };
        for (slots, at) in self.patch.chunks_exact(LANES).zip(&self.lanes) {
            for (l, &s) in slots.iter().enumerate().filter(|(_, &s)| s != NO_NODE) {
                fold(x.get(s as usize), [at[0][l], at[1][l], at[2][l]]);
            }
        }
        for (&s, &at) in self.pad.iter().zip(&self.pad_x) {
            fold(x.get(s as usize), at);
        }
        (most as f64).sqrt()
    }
}

/// The self radius: `min(max(thickness, shortest_row/√2),
/// 0.4·closest_free_pair)`, the ceiling only where a free pair exists
/// (DESIGN §5 says `shortest_row/2`; see [`SELF_ROW_RADIUS`]).
pub fn radius(model: &Model, thickness: f64) -> f64 {
    // No stretch row with a free end (one node, a tree of roots): no floor
    // from rows, and the radius stays finite.
    let floor = if model.shortest_row.is_finite() { SELF_ROW_RADIUS * model.shortest_row as f64 } else { 0.0 };
    let r = thickness.max(floor);
    match model.closest_free_pair {
        Some(d) => r.min(SELF_RADIUS_CEILING * d as f64),
        None => r,
    }
}

/// The closest pair of particles no row governs, with at least one end free,
/// in the bind pose (§37): measured once at seed with the grid and the
/// exclusions the search uses. `None` when there is no such pair.
pub fn closest_free_pair(model: &Model) -> Option<f32> {
    let free = (0..model.nodes).map(|n| model.slot_of_node[n]).filter(|&s| model.inv_mass[s as usize] > 0.0);
    free.clone().next()?; // no free particle, no free pair
    let (mut lo, mut hi) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for n in 0..model.nodes {
        let p = model.bind.get(model.slot_of_node[n] as usize);
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let extent = (0..3).map(|k| (hi[k] - lo[k]) as f64).fold(0.0, f64::max).max(1e-6);
    let mut grid = PointHashGrid::with_capacity(model.nodes);
    let mut stamp = vec![0u32; model.slots];
    // A pair closer than `reach` is always found: start at two shortest rows
    // (a sheet's answer) or, with no row (loose nodes), at a thousandth of
    // the extent, and double until something is found. An infinite reach
    // would put every node in one cell: a quadratic search
    // (`MEASUREMENTS.md`, "An adversarial host").
    let rows = if model.shortest_row.is_finite() { 2.0 * model.shortest_row as f64 } else { 0.0 };
    let mut reach = rows.max(extent / 1024.0);
    loop {
        let bind = |s: u32| (s, model.bind.get(s as usize));
        grid.build(2.0 * reach, (0..model.nodes).map(|n| model.slot_of_node[n]).map(bind));
        let mut best = f64::INFINITY;
        for i in free.clone() {
            for e in entries(model, i as usize) {
                stamp[model.neighbours.other[e] as usize] = i + 1;
            }
            stamp[i as usize] = i + 1;
            let xi = model.bind.get(i as usize);
            grid.near(xi, reach, |j| {
                let free_j = model.inv_mass[j as usize] > 0.0;
                if stamp[j as usize] != i + 1 && !(free_j && j < i) {
                    best = best.min(dist2(xi, model.bind.get(j as usize)).sqrt());
                }
            });
            for e in entries(model, i as usize) {
                stamp[model.neighbours.other[e] as usize] = 0;
            }
            stamp[i as usize] = 0;
        }
        if best < reach {
            return Some(best as f32);
        }
        if reach > 2.0 * extent {
            return None;
        }
        reach *= 2.0;
    }
}

/// The neighbour-list entries of free slot `s` (links and bend couplings:
/// every pair a row governs; padding entries point at `s` itself).
fn entries(model: &Model, s: usize) -> impl Iterator<Item = usize> + '_ {
    let nb = &model.neighbours;
    let (first, _, depth, _) = nb.block(s / LANES);
    (0..depth).map(move |g| (first + g) * LANES + s % LANES)
}

/// Patch `a`'s exclusion groups and the index of the group of the patch
/// `b` it meets (`u32::MAX`: none; [`Candidates::within`]).
struct Governed<'a>(&'a [(u32, [u8; LANES])], u32);

impl Governed<'_> {
    /// Per lane of `a`, the lanes of `b` a row governs with it.
    fn masks(&self) -> [u8; LANES] {
        self.0.get(self.1 as usize).map_or([0; LANES], |g| g.1)
    }
}

/// A box, `[lo, hi]`.
type Bounds = [[f32; 3]; 2];

/// The candidate list's builder, fed pairs of patches by the sweep.
struct Candidates<'a> {
    model: &'a Model,
    list: &'a mut PairList,
    overflowed: bool,
}

impl Candidates<'_> {
    /// Every pair of particles, one in patch `a` and one in patch `b` (each
    /// pair once when they are the same patch), closer than `r` in `f32` and
    /// not governed (`governed[i]`: the lanes of `b` a row governs with lane
    /// `i` of `a`): eight distances a particle, in lanes.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)] // two patches' slots and lanes, the reach, a box and the exclusions
    fn within(
        &mut self,
        a: &[u32],
        b: &[u32],
        la: &[[f32; LANES]; 3],
        lb: &[[f32; LANES]; 3],
        r: f32,
        bb: Bounds,
        governed: Governed,
    ) {
        use wide::f32x8;
        let r2 = f32x8::splat(r * r);
        let same = std::ptr::eq(a, b);
        // Which of `a`'s particles come within `r` of `b`'s box at all (an
        // absent lane, at infinity, never does).
        let mut rows = (0..3).fold(u32::MAX, |m, k| {
            let c = f32x8::from(la[k]);
            let inside = c.simd_ge(f32x8::splat(bb[0][k] - r)) & c.simd_le(f32x8::splat(bb[1][k] + r));
            m & inside.to_bitmask()
        });
        if rows == 0 {
            return;
        }
        let governed = governed.masks();
        let (bx, by, bz) = (f32x8::from(lb[0]), f32x8::from(lb[1]), f32x8::from(lb[2]));
        while rows != 0 {
            let i = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let d = [bx - f32x8::splat(la[0][i]), by - f32x8::splat(la[1][i]), bz - f32x8::splat(la[2][i])];
            let mut close = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).simd_lt(r2).to_bitmask() & !(governed[i] as u32);
            if same {
                close &= !((2u32 << i) - 1); // partners after `i` only
            }
            while close != 0 {
                let l = close.trailing_zeros();
                close &= close - 1;
                self.pair(a[i], b[l as usize]);
            }
        }
    }

    /// A pair within reach in `f32` (the reach a hair wide, so the list is a
    /// superset; the search measures in f64) that no row governs: listed if
    /// it has a free end.
    #[inline(always)]
    fn pair(&mut self, i: u32, j: u32) {
        let (m, iu, ju) = (self.model, i as usize, j as usize);
        let (free_i, free_j) = (m.inv_mass[iu] > 0.0, m.inv_mass[ju] > 0.0);
        if !(free_i || free_j) {
            return;
        }
        // Canonical: the free end with the lower node first.
        let (a, b) = if !free_j || (free_i && m.node_of_slot[iu] < m.node_of_slot[ju]) { (i, j) } else { (j, i) };
        if !self.list.try_push(m.node_of_slot[a as usize], m.node_of_slot[b as usize]) {
            self.overflowed = true;
        }
    }
}

/// Whether a row governs the pair `(i, j)`, read from the free end's
/// neighbour list (`i`'s if it is free).
fn governs(model: &Model, i: u32, j: u32) -> bool {
    let (s, other) = if model.inv_mass[i as usize] > 0.0 { (i as usize, j) } else { (j as usize, i) };
    entries(model, s).any(|e| model.neighbours.other[e] == other)
}

/// [`SelfCollision`]'s `govern_start` and `govern` for these patches: for
/// each ordered pair of patches and each lane of the first, the lanes of
/// the second that [`governs`] names. Only free slots have neighbour
/// lists, so each governed pair is found from its free end(s).
fn governed_masks(model: &Model, patch: &[u32]) -> (Vec<u32>, Vec<(u32, [u8; LANES])>) {
    let mut place = vec![None; model.slots];
    for (k, &s) in patch.iter().enumerate().filter(|(_, &s)| s != NO_NODE) {
        place[s as usize] = Some(((k / LANES) as u32, k % LANES));
    }
    // Every (patch a, lane i, patch b, lane l) with governs(a_i, b_l).
    let mut bits: Vec<(u32, u32, usize, usize)> = Vec::new();
    for (k, &s) in patch.iter().enumerate().filter(|(_, &s)| s != NO_NODE && model.inv_mass[s as usize] > 0.0) {
        let (a, i) = ((k / LANES) as u32, k % LANES);
        for e in entries(model, s as usize) {
            let o = model.neighbours.other[e];
            if let Some((b, l)) = place.get(o as usize).copied().flatten() {
                if governs(model, s, o) {
                    bits.push((a, b, i, l));
                }
                if governs(model, o, s) {
                    bits.push((b, a, l, i));
                }
            }
        }
    }
    bits.sort_unstable();
    bits.dedup();
    let mut groups: Vec<(u32, u32, [u8; LANES])> = Vec::new();
    for (a, b, i, l) in bits {
        if groups.last().map(|g| (g.0, g.1)) != Some((a, b)) {
            groups.push((a, b, [0; LANES]));
        }
        groups.last_mut().expect("a group").2[i] |= 1 << l;
    }
    let patches = patch.len() / LANES;
    let mut start = vec![0u32; patches + 1];
    for g in &groups {
        start[g.0 as usize + 1] += 1;
    }
    for a in 0..patches {
        start[a + 1] += start[a];
    }
    let mut govern: Vec<_> = groups.into_iter().map(|(_, b, m)| (b, m)).collect();
    govern.shrink_to_fit(); // collected in place, into the groups' larger allocation

    (start, govern)
}

/// Stretch-row neighbours of free slot `s`: `(other slot, row)`.
fn links_of(model: &Model, s: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
    let nb = &model.neighbours;
    let (first, split, _, first_row) = nb.block(s / LANES);
    (0..split)
        .map(move |g| (nb.other[(first + g) * LANES + s % LANES], nb.row[(first_row + g) * LANES + s % LANES]))
        .filter(move |&(o, r)| o as usize != s && (r as usize) < model.links.stretch.end)
}

/// Whether the stretch row from free slot `i` to `a` is an edge of a
/// triangle (some third slot is linked to both).
fn in_triangle(model: &Model, i: u32, a: u32) -> bool {
    links_of(model, i as usize).any(|(b, _)| b != a && linked(model, a, b))
}

/// Whether a stretch row joins slots `a` and `b` (either may be fixed).
fn linked(model: &Model, a: u32, b: u32) -> bool {
    let (from, to) = if model.inv_mass[a as usize] > 0.0 { (a, b) } else { (b, a) };
    model.inv_mass[from as usize] > 0.0 && links_of(model, from as usize).any(|(o, _)| o == to)
}

struct Found<'a> {
    point_triangle: &'a mut Bounded<PointTriangle>,
    edge_edge: &'a mut Bounded<EdgeEdge>,
    dropped: &'a mut usize,
    surface: &'a [bool],
    tri_start: &'a [u32],
    tris: &'a [[u32; 2]],
}

/// Stencils a near pair `(i, j)` proposes, `i` free: point `j` against the
/// triangles around `i`, and with `edges` the edges around `i` against those
/// around `j` (when `j` is free: a fixed particle has no neighbour list).
fn propose(model: &Model, x: &Points, i: u32, j: u32, diameter: f64, edges: bool, found: &mut Found) {
    let at = |s: u32| x.get(s as usize).map(f64::from);
    let node = |s: u32| model.node_of_slot[s as usize];
    // Point j against each triangle (i, a, b) of stretch rows around i.
    let (first, end) = (found.tri_start[i as usize] as usize, found.tri_start[i as usize + 1] as usize);
    for k in first..end {
        let [a, b] = found.tris[k];
        if a == j || b == j {
            continue;
        }
        let Some((weights, normal, d)) = point_triangle(at(j), at(i), at(a), at(b)) else { continue };
        if d >= diameter {
            continue;
        }
        // The point's side is its neighbourhood's side: a point that has
        // slipped through alone is pushed back, not held there.
        let w = weights.map(f64::from);
        let foot = [0, 1, 2].map(|k| w[0] * at(i)[k] + w[1] * at(a)[k] + w[2] * at(b)[k]);
        let n = normal.map(f64::from);
        let normal = if ring_side(model, x, &[j], &[j, i, a, b], foot, n) < 0.0 { normal.map(|c| -c) } else { normal };
        if found.point_triangle.is_full() {
            *found.dropped += 1;
            continue;
        }
        let coef = [1.0, weights[0] as f64, weights[1] as f64, weights[2] as f64];
        if !movable(model, [j, i, a, b], coef) {
            continue;
        }
        let mut tri = [node(i), node(a), node(b)];
        tri.sort_unstable();
        let key = (node(j), (tri[0] as u64) << 42 | (tri[1] as u64) << 21 | tri[2] as u64);
        found.point_triangle.try_push(PointTriangle { key, slots: [j, i, a, b], weights, normal });
    }
    // Edges (i, a) against edges (j, b), both edges of a surface: a
    // chain's links have no side to keep (their neighbourhood is the chain
    // itself), and pairs alone hold a cape's strips (§37).
    if !edges || model.inv_mass[j as usize] == 0.0 {
        return;
    }
    for (a, ra) in links_of(model, i as usize).take(16) {
        if a == j || !found.surface[ra as usize] {
            continue;
        }
        for (b, rb) in links_of(model, j as usize) {
            if b == i || a == b || !found.surface[rb as usize] {
                continue;
            }
            let Some((s, t, normal, d)) = edge_edge(at(i), at(a), at(j), at(b)) else { continue };
            if d >= diameter {
                continue;
            }
            // Sides from the two edges' neighbourhoods, as for a point.
            let n = normal.map(f64::from);
            let p1 = [0, 1, 2].map(|k| (1.0 - s) * at(i)[k] + s * at(a)[k]);
            let p2 = [0, 1, 2].map(|k| (1.0 - t) * at(j)[k] + t * at(b)[k]);
            let ends = [i, a, j, b];
            let side = ring_side(model, x, &[i, a], &ends, p2, n) - ring_side(model, x, &[j, b], &ends, p1, n);
            let normal = if side < 0.0 { normal.map(|c| -c) } else { normal };
            if found.edge_edge.is_full() {
                *found.dropped += 1;
                continue;
            }
            if !movable(model, [i, a, j, b], [1.0 - s, s, 1.0 - t, t]) {
                continue;
            }
            // The lower edge id first, so either finder builds the same row.
            let (e1, e2, slots, s, t, normal) = if ra < rb {
                (ra, rb, [i, a, j, b], s, t, normal)
            } else {
                (rb, ra, [j, b, i, a], t, s, normal.map(|c| -c))
            };
            let key = (e1 as u64) << 32 | e2 as u64;
            found.edge_edge.try_push(EdgeEdge { key, slots, s: s as f32, t: t as f32, normal });
        }
    }
}

/// Whether a stencil's free particles carry enough of it to move it: the sum
/// of their squared coefficients is at least ½. Where fixed particles carry
/// the rest — two edges meeting near their pinned ends — closing the gap
/// would take the free ends `C / coefficient` away, a kick with no bound,
/// and the pair rows between those free ends do the job instead.
fn movable(model: &Model, slots: [u32; 4], coef: [f64; 4]) -> bool {
    let free: f64 = slots.iter().zip(coef).filter(|(&s, _)| model.inv_mass[s as usize] > 0.0).map(|(_, c)| c * c).sum();
    free >= 0.5
}

/// `Σ (x_q − origin)·n` over the stretch-row neighbours `q` of the free
/// slots in `centres`, skipping `exclude`: which side of a plane through
/// `origin` the neighbourhood lies on.
fn ring_side(model: &Model, x: &Points, centres: &[u32], exclude: &[u32], origin: [f64; 3], n: [f64; 3]) -> f64 {
    let mut sum = 0.0;
    for &c in centres.iter().filter(|&&c| model.inv_mass[c as usize] > 0.0) {
        for (q, _) in links_of(model, c as usize).filter(|(q, _)| !exclude.contains(q)) {
            sum += dot(sub(x.get(q as usize).map(f64::from), origin), n);
        }
    }
    sum
}

/// The nearest point of triangle `(a, b, c)` to `p` when it lies inside the
/// face (not on an edge or corner — those are pair and edge–edge cases):
/// its weights, the unit normal toward `p`, and the distance.
fn point_triangle(p: [f64; 3], a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> Option<([f32; 3], [f32; 3], f64)> {
    let (ab, ac) = (sub(b, a), sub(c, a));
    let nrm = cross(ab, ac);
    let area2 = norm(nrm);
    if area2 <= 1e-12 {
        return None;
    }
    let n = scale(nrm, 1.0 / area2);
    let ap = sub(p, a);
    let h = dot(ap, n);
    // Barycentric weights of p's projection.
    let q = sub(ap, scale(n, h));
    let v = dot(cross(q, ac), n) / area2;
    let w = dot(cross(ab, q), n) / area2;
    let u = 1.0 - v - w;
    const INSIDE: f64 = 1e-3;
    if u <= INSIDE || v <= INSIDE || w <= INSIDE {
        return None;
    }
    let side = if h < 0.0 { -1.0 } else { 1.0 };
    Some(([u as f32, v as f32, w as f32], scale(n, side).map(|c| c as f32), h.abs()))
}

/// Closest points of segments `(a, b)` and `(c, d)` when both lie strictly
/// inside their segments: `(s, t, unit normal from the second toward the
/// first, distance)`.
fn edge_edge(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Option<(f64, f64, [f32; 3], f64)> {
    let (d1, d2, r) = (sub(b, a), sub(d, c), sub(a, c));
    let (aa, ee, f) = (dot(d1, d1), dot(d2, d2), dot(d2, r));
    let (cc, bb) = (dot(d1, r), dot(d1, d2));
    let denom = aa * ee - bb * bb;
    if denom <= 1e-12 * aa * ee {
        return None; // parallel: the closest points are not unique
    }
    let s = (bb * f - cc * ee) / denom;
    let t = (aa * f - bb * cc) / denom;
    const INSIDE: f64 = 1e-3;
    if s <= INSIDE || s >= 1.0 - INSIDE || t <= INSIDE || t >= 1.0 - INSIDE {
        return None;
    }
    let p1 = [0, 1, 2].map(|k| a[k] + s * d1[k]);
    let p2 = [0, 1, 2].map(|k| c[k] + t * d2[k]);
    let gap = sub(p1, p2);
    let dist = norm(gap);
    if dist <= 1e-9 {
        return None; // crossing now: no side to keep
    }
    Some((s, t, scale(gap, 1.0 / dist).map(|c| c as f32), dist))
}

/// Keeps at most `SELF_STENCILS_PER_PARTICLE` rows per owner, in list order.
fn cap_per<T>(rows: &mut Bounded<T>, owner: impl Fn(&T) -> u32, dropped: &mut usize) {
    let (mut last, mut run) = (u32::MAX, 0usize);
    rows.retain(|r| {
        let o = owner(r);
        run = if o == last { run + 1 } else { 1 };
        last = o;
        let keep = run <= SELF_STENCILS_PER_PARTICLE;
        *dropped += usize::from(!keep);
        keep
    });
}

/// The penalty slot `s` of a row takes, of a row whose `Σ w g²` is `sum`,
/// `ws = w_s g_s²`: `k_s = (ratio/h²) / ((1 + ratio)·sum − ratio·ws)`.
///
/// Rows are Jacobi: every slot steps against the row alone, its other slots
/// held. Solved over all its slots at once, a row of penalty
/// `ratio·m_eff/h²` closes `ratio/(1 + ratio)` of `C`, slot `s` moving
/// `ws/sum` of that; `k_s` is the penalty with which the slot's own step
/// moves exactly its share. A slot whose other slots are fixed keeps
/// `ratio·m_s/h²`; two equal free ends take `ratio/(2 + ratio)·m/h²` each
/// (mass splitting, as for parallel contact: Tonge et al. 2012); the row's
/// own penalty at every slot would close `2·ratio/(2 + ratio)` of `C`
/// between two free ends, past it (`MEASUREMENTS.md`, "Crumpled capes").
#[inline]
fn split(ratio: f64, inv_h2: f64, sum: f64, ws: f64) -> f64 {
    ratio * inv_h2 / ((1.0 + ratio) * sum - ratio * ws)
}

/// Adds one row's share for slot `s`: `C` with coefficient `g` on `s`'s
/// position along `n`, penalty `k`: `f −= k·C·g·n`, `H += k·g²·n nᵀ`.
#[inline]
fn add(scratch: &mut Scratch, model: &Model, s: u32, k: f64, c: f64, g: f64, n: [f64; 3]) {
    let s = s as usize;
    if model.inv_mass[s] == 0.0 {
        return;
    }
    let f = scale(n, -k * c * g);
    let hk = k * g * g;
    let p = &mut scratch.f;
    p.x[s] += f[0] as f32;
    p.y[s] += f[1] as f32;
    p.z[s] += f[2] as f32;
    let h = &mut scratch.h;
    h[0][s] += (hk * n[0] * n[0]) as f32;
    h[1][s] += (hk * n[0] * n[1]) as f32;
    h[2][s] += (hk * n[0] * n[2]) as f32;
    h[3][s] += (hk * n[1] * n[1]) as f32;
    h[4][s] += (hk * n[1] * n[2]) as f32;
    h[5][s] += (hk * n[2] * n[2]) as f32;
}

fn zero(scratch: &mut Scratch, s: usize) {
    scratch.set(s, [0.0; 3], [0.0; 6]);
}

fn dist2(a: [f32; 3], b: [f32; 3]) -> f64 {
    (0..3).map(|k| (a[k] - b[k]) as f64).map(|d| d * d).sum()
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn scale(a: [f64; 3], s: f64) -> [f64; 3] {
    [a[0] * s, a[1] * s, a[2] * s]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

fn norm(a: [f64; 3]) -> f64 {
    dot(a, a).sqrt()
}
