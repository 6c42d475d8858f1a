//! The vertex update: `L::WIDTH` particles of one colour at a time.
//!
//! ```text
//!   f = (m/h²)(y_i − x_i)                H = (m/h²)·I
//!   for each neighbour j (one read of x_j: gathered, or from the packed copy):
//!       geometry of d = x_i − x_j          (once, shared by the row kinds)
//!       phase A: links row term (stretch or skip)
//!                + strain-limit term on the same link (StrainLimit)
//!                + bend coupling
//!       phase B: bend coupling only
//!   bend: f −= (8·bend/h²)·Σ B̃_ij (x_j − x_i),  H += (8·bend/h²)·B̃_ii·I
//!   tether: to the fixed particle d_geo was measured from
//!   leash:  to the particle's own animated position (slack < 1)
//!   contacts and friction: per lane in f64, against the substep's collider poses
//!   Δ = LDLᵀ-solve(H, f)  (pivot-checked)
//!   Δ ← Δ·min(1, ℓ_i/‖Δ‖)                  trust region, §5.3
//!   x_i += Δ                               free lanes only
//! ```
//!
//! Particles of one colour share no row, so their updates are independent:
//! computing them eight at a time gives exactly what one at a time gives.

use crate::constants::LANES;
use crate::contact;
use crate::distance::Geometry;
use crate::lanes::{Lanes, Sym3, V3};
use crate::model::Model;
use crate::state::State;
use crate::step::{Contacts, Probe, SubstepParams};
use crate::{bend, ldlt, leash, strain_limit, stretch, tether};

/// Per-substep constants as lanes.
#[derive(Clone, Copy)]
pub struct LaneParams<L> {
    pub inv_h2: L,
    pub bend_scale: L,
    /// Strain allowance `a` (admitted length over rest length).
    pub allowance: L,
    /// Leash radius per metre of `d_geo`, `2·slack`.
    pub leash_scale: L,
    pub strain_limit: bool,
    /// Curved bend hinges add their rest force (`State::bend_target`).
    pub bend_rest: bool,
    pub tethers: bool,
    pub leash: bool,
}

impl<L: Lanes> LaneParams<L> {
    #[inline(always)]
    pub fn new(p: &SubstepParams, model: &Model) -> Self {
        LaneParams {
            inv_h2: L::splat(p.inv_h2),
            bend_scale: L::splat(p.bend_scale),
            allowance: L::splat(p.allowance),
            leash_scale: L::splat(p.leash_scale),
            strain_limit: p.strain_limit,
            bend_rest: p.bend_rest && !model.bend_rest.is_empty(),
            tethers: p.tethers && model.unary.tethered > 0,
            leash: p.leashed && model.unary.tethered > 0,
        }
    }
}

/// Updates the `L::WIDTH` particles of block `block` starting at lane `off`.
///
/// `COLLIDE` is false when the step has no contact and no self rows: then
/// nothing here calls out of line. A call that takes the state keeps the
/// compiler from holding the state's columns (their addresses and lengths)
/// in registers from one block to the next (`MEASUREMENTS.md`, "One library
/// for every x86-64 CPU").
#[inline(always)]
#[allow(clippy::too_many_arguments)] // hot kernel: plain references, no bundling struct to build per block
pub fn solve<L: Lanes, P: Probe, const COLLIDE: bool>(
    model: &Model,
    st: &mut State,
    p: &SubstepParams,
    lp: &LaneParams<L>,
    contacts: Option<&Contacts>,
    block: usize,
    off: usize,
    probe: &mut P,
) {
    let base = block * LANES + off;
    let xi = st.x.load::<L>(base);
    let mh2 = L::load(&model.mass, base) * lp.inv_h2;
    let mut f = (st.y.load::<L>(base) - xi).scale(mh2);
    let mut h = Sym3::diagonal(mh2);

    let nb = &model.neighbours;
    let (first, split, depth, first_row) = nb.block(block);
    // The block's entries: one index `s·LANES + off` into all four.
    let (other, coupling) =
        (&nb.other[first * LANES..][..depth * LANES], &nb.coupling[first * LANES..][..depth * LANES]);
    let (rows, rests) = (&nb.row[first_row * LANES..][..split * LANES], &nb.rest[first_row * LANES..][..split * LANES]);
    let mut bend_sum = V3::<L>::zero();
    for s in 0..split {
        let e = s * LANES + off;
        let row = &rows[e..e + L::WIDTH];
        let geo = Geometry::of(xi - st.positions().gather::<L>(&other[e..e + L::WIDTH]));
        let rest = L::load(rests, e);
        // Stretch and skip rows share the unclamped distance term.
        let (k, lambda) = L::gather_pairs(&st.links.rows, row);
        stretch::term(&geo, rest, k, lambda, &mut f, &mut h);
        if lp.strain_limit {
            let (k, lambda) = L::gather_pairs(&st.strain.rows, row);
            strain_limit::term(&geo, lp.allowance * rest, k, lambda, &mut f, &mut h);
        }
        bend::term(geo.d, L::load(coupling, e), &mut bend_sum);
    }
    for s in split..depth {
        let e = s * LANES + off;
        let d = xi - st.positions().gather::<L>(&other[e..e + L::WIDTH]);
        bend::term(d, L::load(coupling, e), &mut bend_sum);
    }
    if lp.bend_rest {
        bend_sum -= st.bend_target.load::<L>(base);
    }
    bend::finish(bend_sum, lp.bend_scale, L::load(&model.bend.diagonal, base), &mut f, &mut h);

    let u = &model.unary;
    if lp.tethers {
        let geo = Geometry::of(xi - st.positions().gather::<L>(&u.anchor[base..base + L::WIDTH]));
        let (k, lambda) = L::load_pairs(&st.tether.rows, base);
        tether::term(&geo, L::load(&u.d_geo, base), k, lambda, &mut f, &mut h);
    }
    if lp.leash {
        let geo = Geometry::of(xi - st.p.load::<L>(base));
        let (k, lambda) = L::load_pairs(&st.leash.rows, base);
        leash::term(&geo, lp.leash_scale * L::load(&u.d_geo, base), k, lambda, &mut f, &mut h);
    }
    // Self rows: their Jacobi scratch, accumulated once this iteration,
    // before the contacts, which read the rest of the step.
    if COLLIDE && p.self_rows && st.self_collision.block_has[block] {
        add_self_scratch(&st.self_collision.scratch, base, &mut f, &mut h);
    }
    // Collider contacts: per lane in f64 (shapes differ per slot, most
    // particles have none), rounded once and added as lanes. Only lanes
    // with a row that may act evaluate anything: not `path < quiet`
    // (`ContactSlots::quiet`; a NaN is live).
    if let Some(c) = contacts.filter(|_| COLLIDE && st.contacts.block_has[block] != 0) {
        let live = match c.params.skip {
            true => L::bits(L::not(L::load(&st.contacts.quiet, base).gt(L::load(&st.contacts.path, base)))),
            false => (1 << L::WIDTH) - 1,
        };
        if live != 0 {
            add_contacts(model, st, p, c, base, live, xi, &mut f, &mut h);
        }
    }

    let (delta, failed) = ldlt::solve(&h, f);
    // Trust region (§5.3): the step's length is capped at the particle's
    // trust region `ℓ` (`model.shortest_incident_rest`); the direction is kept.
    let ell = L::load(&model.shortest_incident_rest, base);
    let n2 = delta.norm2();
    let scale = L::select(n2.gt(ell * ell), ell / n2.sqrt(), L::splat(1.0));
    let free = L::load(&model.inv_mass, base).gt(L::zero());
    let x_new = V3::select(free, xi + delta.scale(scale), xi);

    let failed = L::and(failed, free);
    if L::any(failed) {
        let ones = L::select(failed, L::splat(1.0), L::zero());
        st.diagnostics.pivot_failures += (0..L::WIDTH).map(|k| ones.lane(k) as u64).sum::<u64>();
    }
    if P::ACTIVE {
        for k in 0..L::WIDTH {
            if model.inv_mass[base + k] > 0.0 {
                let before = [xi.x.lane(k), xi.y.lane(k), xi.z.lane(k)];
                let after = [x_new.x.lane(k), x_new.y.lane(k), x_new.z.lane(k)];
                probe.vertex(model, st, p, base + k, before, after);
            }
        }
    }
    st.x.store(base, x_new);
    if L::PACKED {
        L::store_packed(&mut st.packed, base, x_new);
    }
    // How far the particle moved, as the contact rows' bounds read it
    // (`contact::skippable`): from the new positions as the store rounds
    // them, scaled up past the distance's f32 rounding.
    if COLLIDE && contacts.is_some() && st.contacts.block_has[block] != 0 {
        let stored = V3::new(x_new.x.stored(), x_new.y.stored(), x_new.z.stored());
        let moved = (stored - xi).norm2().sqrt() * L::splat(contact::PATH_SCALE as f64);
        (L::load(&st.contacts.path, base) + moved).store(&mut st.contacts.path, base);
    }
}

/// Adds the contact terms of the block's lanes with a row that may act
/// (`live` has their bits; every lane's when rows are not skipped) to its
/// `(f, H)`. Out of line, as [`add_self_scratch`]: most blocks have no
/// contact slots.
#[allow(clippy::too_many_arguments)] // the vertex update's own inputs
#[inline(never)]
fn add_contacts<L: Lanes>(
    model: &Model,
    st: &mut State,
    p: &SubstepParams,
    c: &Contacts,
    base: usize,
    mut live: u32,
    xi: V3<L>,
    f: &mut V3<L>,
    h: &mut Sym3<L>,
) {
    L::out_of_line(|| {
        // Per lane: the force, then the Hessian's upper triangle.
        let mut fh = [[0.0f64; LANES]; 9];
        while live != 0 {
            let k = live.trailing_zeros() as usize;
            live &= live - 1;
            let s = base + k;
            if !c.params.skip && !contact::touches(&st.contacts, s) {
                continue;
            }
            let x = [xi.x.lane(k), xi.y.lane(k), xi.z.lane(k)];
            let m_h2 = model.mass[s] as f64 * p.row_inv_h2;
            let other = (
                [f.x.lane(k), f.y.lane(k), f.z.lane(k)],
                [h.xx.lane(k), h.xy.lane(k), h.xz.lane(k), h.yy.lane(k), h.yz.lane(k), h.zz.lane(k)],
            );
            let at = (x, contact::Starts { x0: &st.x0, v: &st.v, h: p.h }.of(s));
            let (fk, hk) = contact::particle_terms(&mut st.contacts, s, at, m_h2, c.pending, &c.params, other);
            for (d, v) in fk.into_iter().chain(hk).enumerate() {
                fh[d][k] = v;
            }
        }
        let lanes = |d: usize| L::from_lanes(&fh[d][..L::WIDTH]);
        *f += V3::new(lanes(0), lanes(1), lanes(2));
        h.xx += lanes(3);
        h.xy += lanes(4);
        h.xz += lanes(5);
        h.yy += lanes(6);
        h.yz += lanes(7);
        h.zz += lanes(8);
    })
}

/// Adds a block's self-collision scratch to its `(f, H)`. Out of line and
/// cold: most blocks of most cloths have none, and inlined it cost the
/// scalar kernel 9% more instructions on W0 with self-collision off
/// (11.71 M → 10.69 M a frame out of line; `MEASUREMENTS.md`).
#[cold]
#[inline(never)]
fn add_self_scratch<L: Lanes>(sc: &crate::self_pair::Scratch, base: usize, f: &mut V3<L>, h: &mut Sym3<L>) {
    L::out_of_line(|| {
        *f += V3::new(L::load(&sc.f.x, base), L::load(&sc.f.y, base), L::load(&sc.f.z, base));
        h.xx += L::load(&sc.h[0], base);
        h.xy += L::load(&sc.h[1], base);
        h.xz += L::load(&sc.h[2], base);
        h.yy += L::load(&sc.h[3], base);
        h.yz += L::load(&sc.h[4], base);
        h.zz += L::load(&sc.h[5], base);
    })
}
