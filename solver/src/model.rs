//! The model: everything built once at seed and only read by the step —
//! storage order, colours, masses, rest data and row tables. The step
//! mutates [`crate::state::State`], never this (STYLE.md habit 2), so one
//! model can be shared by several cloths.
//!
//! # Storage order
//!
//! ```text
//!  slot: | colour 0 ....... pad | colour 1 .... pad | … | fixed particles |
//!        '--- multiple of LANES -'                       '- never swept ---'
//! ```
//!
//! Free particles are permuted so each colour is one contiguous range (a
//! particle's colour *is* the range it sits in, §7); inside a range they keep
//! ascending caller order unless a seed option shuffles them (the §7
//! locality control). Fixed particles follow all colour ranges and are never
//! swept; the host poses them.
//!
//! # The padding rule (written once, here)
//!
//! Each colour range is padded to a multiple of [`LANES`] with **inert
//! slots**: inverse mass 0 (so the sweep masks their update out), mass 1 and
//! position 0 (so every lane's arithmetic stays finite), a trust-region
//! radius 0, and no node. Every per-block incidence list is padded with
//! **inert entries** that point a lane at *itself* and at the sentinel row
//! (index = row count) whose penalty, multiplier and rest length are zero:
//! a distance of zero gives a zero direction, a zero force and a zero
//! Hessian, so padding adds exact zeros and no lane ever reads past its data.

use crate::constants::{LANES, MIN_REST_LENGTH};
use crate::lanes::Points;
use crate::strain_limit::ProjectionOrder;
use std::ops::Range;
use std::sync::OnceLock;

/// Storage slot index of "no node" (padding).
pub const NO_NODE: u32 = u32::MAX;

/// A ragged per-particle list laid out for lanes ("ELL" format): the list of
/// each block of [`LANES`] consecutive slots is padded to the block's
/// longest list, and entry `s` of lane `l` of block `b` sits at
/// `(groups[b] + s)·LANES + l`. A lane of any kernel width reads its entries
/// at a fixed stride, and the scalar oracle reads exactly the entries (and
/// in the same order) a wide lane reads.
#[derive(Clone, Debug, Default)]
pub struct Ell {
    /// First group of each block; `groups[b + 1] − groups[b]` groups in
    /// block `b`. One group is `LANES` entries.
    pub groups: Vec<u32>,
}

impl Ell {
    /// Lays out two lists per slot (phase A, then phase B), a multiple of
    /// `LANES` slots: within each block every lane's phase-A list is padded to
    /// the block's longest, then its phase-B list likewise, with `pad(slot)`.
    /// Returns the layout, the phase-A group count per block, and the entries.
    pub fn layout<T: Copy>(phase_a: &[Vec<T>], phase_b: &[Vec<T>], pad: impl Fn(u32) -> T) -> (Ell, Vec<u32>, Vec<T>) {
        assert!(phase_a.len() % LANES == 0 && phase_a.len() == phase_b.len());
        let blocks = phase_a.len() / LANES;
        let mut groups = Vec::with_capacity(blocks + 1);
        let mut split = Vec::with_capacity(blocks);
        let mut entries = Vec::new();
        groups.push(0u32);
        for b in 0..blocks {
            let lanes = b * LANES..(b + 1) * LANES;
            let (a_lists, b_lists) = (&phase_a[lanes.clone()], &phase_b[lanes]);
            let depth_of = |lists: &[Vec<T>]| lists.iter().map(Vec::len).max().unwrap_or(0);
            let (da, db) = (depth_of(a_lists), depth_of(b_lists));
            for (lists, depth) in [(a_lists, da), (b_lists, db)] {
                for s in 0..depth {
                    for (l, list) in lists.iter().enumerate() {
                        let slot = (b * LANES + l) as u32;
                        entries.push(list.get(s).copied().unwrap_or_else(|| pad(slot)));
                    }
                }
            }
            split.push(da as u32);
            groups.push(groups[b] + (da + db) as u32);
        }
        (Ell { groups }, split, entries)
    }

    /// Entry range `(first, depth)` of block `b`: entry `s` of lane `l` is at
    /// `(first + s)·LANES + l`.
    #[inline(always)]
    pub fn block(&self, b: usize) -> (usize, usize) {
        let g0 = self.groups[b] as usize;
        (g0, self.groups[b + 1] as usize - g0)
    }

    pub fn bytes(&self) -> usize {
        self.groups.capacity() * 4
    }
}

/// The links table: distance rows `C = ‖x_a − x_b‖ − rest` between particles.
///
/// ```text
///   row: | stretch rows …  pad | skip rows …  pad (≥ 1, the last = sentinel) |
///        '- hard, lane-aligned -''- soft, lane-aligned ----------------------'
/// ```
///
/// Stretch rows (one per edge and link) are the fabric's hard rows; skip rows
/// (to the grandparent, chains) are soft. Each range starts on a lane
/// boundary so per-row passes (warm start, dual update) run over whole lane
/// groups of one kind; padding rows are inert (the padding rule above).
/// Strain-limit rows are a second multiplier on every stretch row, so they
/// have no table of their own (`crate::strain_limit`).
#[derive(Clone, Debug, Default)]
pub struct DistanceRows {
    /// Storage slots of the two ends.
    pub a: Vec<u32>,
    pub b: Vec<u32>,
    /// Rest length, m (0 for padding).
    pub rest: Vec<f32>,
    /// Effective mass `1/(w_a + w_b)`, kg (0 for padding).
    pub m_eff: Vec<f32>,
    /// Stretch rows, starting at 0.
    pub stretch: Range<usize>,
    /// Skip rows, starting on the lane boundary after the stretch rows.
    pub skip: Range<usize>,
    /// Rows whose ends are both fixed: counted (so row counts compare with
    /// the record), never stored or visited.
    pub stretch_inert: usize,
    pub skip_inert: usize,
    /// The inert row incidence padding points at (the last row).
    pub sentinel: u32,
}

impl DistanceRows {
    /// Stored (active) rows of both kinds.
    pub fn len(&self) -> usize {
        self.stretch.len() + self.skip.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Stored rows, both kinds, in order.
    pub fn rows(&self) -> impl Iterator<Item = usize> + '_ {
        self.stretch.clone().chain(self.skip.clone())
    }
    /// Stretch rows active + inert: the count the record reports.
    pub fn stretch_count(&self) -> usize {
        self.stretch.len() + self.stretch_inert
    }
    pub fn skip_count(&self) -> usize {
        self.skip.len() + self.skip_inert
    }
    /// End of the lane-aligned stretch range (where skip rows begin).
    pub fn stretch_end_aligned(&self) -> usize {
        self.skip.start
    }
    pub fn bytes(&self) -> usize {
        4 * (self.a.capacity() + self.b.capacity() + self.rest.capacity() + self.m_eff.capacity())
    }
}

/// Rows with one particle end, one per free particle: the tether to the
/// fixed particle its geodesic distance was measured from, and the leash to
/// its own animated position (`crate::tether`, `crate::leash`).
#[derive(Clone, Debug, Default)]
pub struct UnaryRows {
    /// Slot of the fixed particle each particle's `d_geo` was measured from —
    /// its tether's anchor (itself when it has none: padding, fixed slots,
    /// particles no row path reaches).
    pub anchor: Vec<u32>,
    /// `d_geo`: the shortest path to the fixed set over stretch rows at rest
    /// length, m (DESIGN §4; 0 when none). Never through skip rows.
    pub d_geo: Vec<f32>,
    /// The rows' effective mass: the particle's own mass (the other end is
    /// fixed), or 0 for an inert row (no path); empty when tethers are not
    /// built.
    pub m_eff: Vec<f32>,
    /// Particles with a tether (and, while `slack < 1`, a leash).
    pub tethered: usize,
    /// `reach`: the largest `d_geo`, m.
    pub reach: f32,
}

impl UnaryRows {
    pub fn bytes(&self) -> usize {
        4 * (self.anchor.capacity() + self.d_geo.capacity() + self.m_eff.capacity())
    }
}

/// The bend rows, assembled per vertex (see [`crate::bend`]): each free
/// slot's own diagonal here, its coupling to each stencil neighbour in
/// [`Neighbours::coupling`].
#[derive(Clone, Debug, Default)]
pub struct BendCoupling {
    /// Active hinge rows (at least one free corner).
    pub rows: usize,
    /// Hinges with all four corners fixed.
    pub inert: usize,
    /// `Σ_r m_eff,r K̂_ra²` per slot, kg (0 for fixed and padding slots).
    pub diagonal: Vec<f32>,
}

impl BendCoupling {
    pub fn count(&self) -> usize {
        self.rows + self.inert
    }
    pub fn bytes(&self) -> usize {
        4 * self.diagonal.capacity()
    }
}

/// Every particle's neighbours — the particles a stretch row or a bend
/// stencil couples it to — laid out for lanes ([`Ell`]). A neighbour's
/// position is gathered once per sweep and every row kind coupling the pair
/// adds its term from the shared geometry (`crate::vertex`).
///
/// Per block the first `split` groups are **phase A** (each entry carries
/// a links row — stretch or skip — and possibly a bend coupling), the rest
/// **phase B** (bend coupling only, no row arithmetic). Each particle lists its phase-A
/// neighbours in row order and its phase-B neighbours in caller-node order,
/// so its summation order never depends on which slot it sits in.
///
/// `other` and `coupling` hold every entry (the [`Ell`] layout); `row` and
/// `rest` hold phase-A entries alone, block after block, in their own
/// groups: entry `s < split` of lane `l` of block `b` is `other[(first + s)·LANES + l]`
/// and `row[(row_groups[b] + s)·LANES + l]` ([`Self::block`]).
#[derive(Clone, Debug, Default)]
pub struct Neighbours {
    pub ell: Ell,
    /// Phase-A groups before each block (`blocks + 1` entries): block `b`
    /// has `row_groups[b + 1] − row_groups[b]` of them, and its `row` and
    /// `rest` entries start at group `row_groups[b]`.
    pub row_groups: Vec<u32>,
    /// Neighbour slot.
    pub other: Vec<u32>,
    /// Links row (stretch or skip), or the sentinel row; phase A only.
    pub row: Vec<u32>,
    /// That row's rest length, m (0 for the sentinel): copied per entry so the
    /// sweep loads it instead of gathering it; phase A only.
    pub rest: Vec<f32>,
    /// Bend coupling `B̃_ab = Σ_r m_eff,r K̂_ra K̂_rb`, kg (0 if no hinge
    /// couples the pair).
    pub coupling: Vec<f32>,
}

impl Neighbours {
    /// `(first group, phase-A groups, all groups, first row group)` of block
    /// `b`: entry `s` of lane `l` is at `(first + s)·LANES + l` in `other`
    /// and `coupling`, and, for `s` below the phase-A count, at
    /// `(first row group + s)·LANES + l` in `row` and `rest`.
    #[inline(always)]
    pub fn block(&self, b: usize) -> (usize, usize, usize, usize) {
        let (first, depth) = self.ell.block(b);
        let first_row = self.row_groups[b] as usize;
        (first, self.row_groups[b + 1] as usize - first_row, depth, first_row)
    }

    pub fn bytes(&self) -> usize {
        self.ell.bytes()
            + 4 * (self.row_groups.capacity()
                + self.other.capacity()
                + self.row.capacity()
                + self.rest.capacity()
                + self.coupling.capacity())
    }
}

/// The immutable half of a cloth.
#[derive(Clone, Debug)]
pub struct Model {
    /// Caller's node count.
    pub nodes: usize,
    /// Storage slots: padded colour ranges, then fixed particles.
    pub slots: usize,
    /// Colour ranges of free particles, each a multiple of `LANES` long.
    pub colours: Vec<Range<usize>>,
    /// End of the swept (free + padding) slots; fixed slots follow.
    pub swept: usize,
    /// Caller node of each slot ([`NO_NODE`] for padding).
    pub node_of_slot: Vec<u32>,
    /// Slot of each caller node.
    pub slot_of_node: Vec<u32>,
    /// Mass per slot, kg (1 for fixed and padding slots, never used as mass).
    pub mass: Vec<f32>,
    /// Inverse mass per slot, 1/kg (0 = fixed or padding).
    pub inv_mass: Vec<f32>,
    /// Trust-region radius per slot: the shortest rest length of the
    /// structural rows incident on it, at least `SLIVER_FLOOR` of the
    /// longest, m (§5.3). `f32::INFINITY` for a free particle with no
    /// structural row, 0 for padding.
    pub shortest_incident_rest: Vec<f32>,
    /// The shortest stretch row with a free end, m (the self radius's floor,
    /// §31; infinite without one).
    pub shortest_row: f32,
    /// The closest pair of particles no row governs, at least one free, in
    /// the bind pose, m (§37: the self radius's ceiling); measured at seed.
    pub closest_free_pair: Option<f32>,
    /// Bind pose per slot, m (the cloth frame).
    pub bind: Points,
    /// Stretch and skip rows.
    pub links: DistanceRows,
    /// Tether and leash rows.
    pub unary: UnaryRows,
    /// How far the cloth reaches from what holds it, m ([`Model::reach_of`]):
    /// sleep, wake and the teleport distance scale with it.
    pub reach: f32,
    /// The turn that moves the particle farthest from the pins one mean
    /// link against them, rad ([`Model::link_turn_of`]).
    pub link_turn: f64,
    /// The strain-limit projection's visiting order, derived from the links,
    /// `d_geo` and inverse masses when the projection is first switched on
    /// (`State::provision`), and shared from then on by every cloth of the
    /// model: [`Model::strain_order`].
    pub strain_order: OnceLock<ProjectionOrder>,
    /// Bend rows, assembled.
    pub bend: BendCoupling,
    /// Bend hinges authored curved, with their rest (empty on a flat cloth).
    pub bend_rest: crate::bend::CurvedHinges,
    /// Per-particle neighbour incidence of stretch and bend rows.
    pub neighbours: Neighbours,
}

/// Bytes held, by region, for the §7 memory report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoryReport {
    pub particles: usize,
    pub rows: usize,
    pub colouring: usize,
    /// Collider contact slots (sized at the first step with colliders).
    pub contacts: usize,
    /// Self-collision (sized when the flag is first set).
    pub self_collision: usize,
}

impl MemoryReport {
    pub fn total(&self) -> usize {
        self.particles + self.rows + self.colouring + self.contacts + self.self_collision
    }
}

impl Model {
    /// No particle is fixed, at seed or held at run time
    /// (`crate::seed::with_held`): nothing ties the cloth to its frame, and
    /// no particle measures a geodesic distance to a pin.
    pub fn pinless(&self) -> bool {
        self.swept == self.slots && self.unary.reach == 0.0
    }

    /// Free (swept, non-padding) particles.
    pub fn free_particles(&self) -> usize {
        (0..self.swept).filter(|&s| self.inv_mass[s] > 0.0).count()
    }

    /// Incidences per particle: row memberships of the caller's particles,
    /// counted as the record counts them (a stretch row has 2, a bend row 4).
    pub fn incidences_per_particle(&self) -> f64 {
        (2 * (self.links.stretch_count() + self.links.skip_count()) + 4 * self.bend.count() + self.unary.tethered)
            as f64
            / self.nodes as f64
    }

    /// The turn that moves the particle farthest from the pins one mean
    /// link against them, rad: `max(ℓ̄, TURN_LINK_FLOOR) / reach`, `ℓ̄` the
    /// mean stretch rest length and `reach` the largest `d_geo` (a turn θ
    /// about any axis moves a particle `θ·|x − x_pin| ≤ θ·reach` against its
    /// pin). Infinite for a cloth with no pin, which a rigid turn never
    /// stretches. A substep feels at most `Controls::max_turn_links` of it,
    /// over the inertia ([`crate::constants::TURN_LINKS_PER_SUBSTEP`]).
    pub fn link_turn_of(links: &DistanceRows, unary: &UnaryRows) -> f64 {
        use crate::constants::TURN_LINK_FLOOR;
        let (mut sum, mut count) = (0.0f64, 0usize);
        for r in links.stretch.clone().filter(|&r| links.rest[r] > 0.0) {
            sum += links.rest[r] as f64;
            count += 1;
        }
        if unary.reach <= 0.0 || count == 0 {
            return f64::INFINITY;
        }
        (sum / count as f64).max(TURN_LINK_FLOOR) / unary.reach as f64
    }

    /// The reach of a cloth, m: the largest `d_geo` (DESIGN §7); on a cloth
    /// no row path joins to a fixed particle, the largest distance of a free
    /// particle from the free particles' mass centre in the bind pose (at
    /// least [`MIN_REST_LENGTH`]), so that a free cloth, too, has a speed to
    /// fall asleep below. Zero only when no particle is free: such a cloth
    /// has nothing to settle.
    pub fn reach_of(unary: &UnaryRows, bind: &Points, mass: &[f32], inv_mass: &[f32]) -> f32 {
        if unary.reach > 0.0 {
            return unary.reach;
        }
        let free = || (0..inv_mass.len()).filter(|&s| inv_mass[s] > 0.0);
        // A free particle's mass is positive (`MIN_MASS`): no mass, nothing free.
        let total: f64 = free().map(|s| mass[s] as f64).sum();
        if total <= 0.0 {
            return 0.0;
        }
        let mut centre = [0.0f64; 3];
        for s in free() {
            let p = bind.get(s);
            (0..3).for_each(|k| centre[k] += mass[s] as f64 * p[k] as f64 / total);
        }
        let extent = free()
            .map(|s| {
                let p = bind.get(s);
                (0..3).map(|k| (p[k] as f64 - centre[k]).powi(2)).sum::<f64>().sqrt()
            })
            .fold(0.0, f64::max);
        extent.max(MIN_REST_LENGTH) as f32
    }

    /// The strain-limit projection's visiting order
    /// ([`ProjectionOrder::new`]), derived the first time it is asked for:
    /// `State::provision` asks when the projection is switched on, so a
    /// step never derives it.
    pub fn strain_order(&self) -> &ProjectionOrder {
        self.strain_order.get_or_init(|| ProjectionOrder::new(&self.links, &self.unary.d_geo, &self.inv_mass))
    }

    /// Model bytes by region (state is reported by [`crate::state::State`]).
    pub fn memory(&self) -> MemoryReport {
        let per_slot = 4 * (self.mass.capacity() + self.inv_mass.capacity() + self.shortest_incident_rest.capacity());
        MemoryReport {
            particles: per_slot + self.bind.bytes(),
            rows: self.links.bytes()
                + self.unary.bytes()
                + self.strain_order.get().map_or(0, ProjectionOrder::bytes)
                + self.bend.bytes()
                + self.bend_rest.bytes()
                + self.neighbours.bytes(),
            colouring: 4 * (self.node_of_slot.capacity() + self.slot_of_node.capacity())
                + self.colours.capacity() * std::mem::size_of::<Range<usize>>(),
            contacts: 0,
            self_collision: 0,
        }
    }
}
