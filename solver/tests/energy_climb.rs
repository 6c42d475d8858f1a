//! §5.3: an SPD Hessian buys a descent *direction*, not a monotone step; the
//! trust region is what keeps full Newton steps from climbing. This audit
//! evaluates every vertex update's local energy before and after:
//!
//! ```text
//!   E_i(q) = (m/2h²)‖q − y_i‖² + Σ_stretch (½k C² + λ C) + E_bend(q)
//! ```
//!
//! with the other particles, multipliers and penalties as the sweep saw them.
//! An update *climbs* when `ΔE > 1e-6 · (m/h²)·ℓ²` — the energy of a step of
//! one trust radius, so that f32 rounding of the stored position (relative
//! ~1e-7) never counts. Gates: < 0.01 % on a hanging cape (record 0.0040 %),
//! < 2 % on an absurd fuzz (record 1.52 %).

use cloth_solver::constants::LANES;
use cloth_solver::model::Model;
use cloth_solver::rng::SplitMix64;
use cloth_solver::scenes::{self, SheetPlane, SheetSpec};
use cloth_solver::state::State;
use cloth_solver::step::{Probe, SubstepParams};
use cloth_solver::{Cloth, Dynamics, SeedOptions, Tuning};

#[derive(Default)]
struct ClimbAudit {
    updates: u64,
    climbs: u64,
    worst: f64,
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn stretch_energy(model: &Model, st: &State, slot: usize, q: [f64; 3]) -> f64 {
    let nb = &model.neighbours;
    let (block, lane) = (slot / LANES, slot % LANES);
    let (first, split, _, first_row) = nb.block(block);
    let mut e = 0.0;
    for s in 0..split {
        let at = (first + s) * LANES + lane;
        let (row, other) = (nb.row[(first_row + s) * LANES + lane] as usize, nb.other[at] as usize);
        if row as u32 == model.links.sentinel {
            continue;
        }
        let xj = st.x.get(other).map(f64::from);
        let d = sub(q, xj);
        let c = dot(d, d).sqrt() - model.links.rest[row] as f64;
        let (k, lambda) = (st.links.rows[row].k as f64, st.links.rows[row].lambda as f64);
        e += 0.5 * k * c * c + lambda * c;
    }
    e
}

fn bend_energy_change(model: &Model, st: &State, p: &SubstepParams, slot: usize, q0: [f64; 3], q1: [f64; 3]) -> f64 {
    let nb = &model.neighbours;
    let (block, lane) = (slot / LANES, slot % LANES);
    let (first, _, depth, _) = nb.block(block);
    let mid = [0.5 * (q0[0] + q1[0]), 0.5 * (q0[1] + q1[1]), 0.5 * (q0[2] + q1[2])];
    let mut t = [0.0; 3];
    for s in 0..depth {
        let at = (first + s) * LANES + lane;
        let c = nb.coupling[at] as f64;
        let xb = st.x.get(nb.other[at] as usize).map(f64::from);
        let d = sub(xb, mid);
        for k in 0..3 {
            t[k] += c * d[k];
        }
    }
    p.bend_scale * dot(sub(q1, q0), t)
}

impl Probe for ClimbAudit {
    const ACTIVE: bool = true;
    fn vertex(&mut self, model: &Model, st: &State, p: &SubstepParams, slot: usize, before: [f64; 3], after: [f64; 3]) {
        let before = before.map(|v| v as f32 as f64);
        let after = after.map(|v| v as f32 as f64); // what is stored
        let mh2 = model.mass[slot] as f64 * p.inv_h2;
        let y = st.y.get(slot).map(f64::from);
        let inertia = |q: [f64; 3]| {
            let d = sub(q, y);
            0.5 * mh2 * dot(d, d)
        };
        let de = inertia(after) - inertia(before) + stretch_energy(model, st, slot, after)
            - stretch_energy(model, st, slot, before)
            + bend_energy_change(model, st, p, slot, before, after);
        let ell = model.shortest_incident_rest[slot] as f64;
        let scale = mh2 * ell * ell;
        self.updates += 1;
        if de > 1e-6 * scale {
            self.climbs += 1;
            self.worst = self.worst.max(de / scale);
        }
    }
}

#[test]
fn a_hanging_cape_almost_never_climbs() {
    // 20×30 at 2 cm, inextensible, hung from its top edge, dropped through 90°.
    let spec = SheetSpec {
        columns: 20,
        rows: 30,
        spacing: 0.02,
        mass: 0.3,
        fixed: scenes::top_row,
        plane: SheetPlane::Horizontal,
        lean: 1e-3,
    };
    // The record's §5.3 cape is M0 (stretch and bend rows): the audit sums
    // exactly those rows' energies.
    let mut cloth =
        Cloth::with_options(&spec.input(), scenes::w0_dynamics(), Tuning::default(), SeedOptions::m0()).unwrap();
    let mut audit = ClimbAudit::default();
    for _ in 0..300 {
        cloth.step_probed(&mut audit);
    }
    let fraction = audit.climbs as f64 / audit.updates as f64;
    eprintln!(
        "cape: {} of {} updates climb ({:.4} %), worst {:.2e}",
        audit.climbs,
        audit.updates,
        100.0 * fraction,
        audit.worst
    );
    assert!(audit.updates > 1_000_000);
    assert!(fraction < 1e-4, "{:.4} % of updates climb", 100.0 * fraction);
}

#[test]
fn an_absurd_fuzz_rarely_climbs() {
    let mut rng = SplitMix64::new(2026);
    let mut audit = ClimbAudit::default();
    let mut trials = 0;
    while audit.updates < 3_000_000 {
        trials += 1;
        let columns = 3 + rng.below(10);
        let rows = 3 + rng.below(10);
        let spacing = 10f64.powf(rng.range(-2.0, 0.5));
        let spec = SheetSpec {
            columns,
            rows,
            spacing,
            mass: 1.0,
            fixed: scenes::top_row,
            plane: SheetPlane::Horizontal,
            lean: 1e-3,
        };
        let mut input = spec.input();
        for (m, f) in input.masses.iter_mut().zip(input.fixed.iter_mut()) {
            *m = 10f64.powf(rng.range(-4.0, 1.0)) as f32;
            if rng.next_f64() < 0.05 {
                *f = true;
            }
        }
        let dts = [1.0 / 5.0, 1.0 / 15.0, 1.0 / 30.0, 1.0 / 60.0, 1.0 / 240.0];
        let g = 10f64.powf(rng.range(-1.0, 4.0));
        let dynamics = Dynamics {
            dt: dts[rng.below(dts.len())],
            substeps: 1 + rng.below(4) as u32,
            iterations: 1 + rng.below(8) as u32,
            gravity: [rng.range(-1.0, 1.0) * g, -g, rng.range(-1.0, 1.0) * g],
            bend: rng.next_f64(),
            damping: 0.0,
            ..Dynamics::default()
        };
        let stiffness = if rng.next_f64() < 0.5 { f64::INFINITY } else { 10f64.powf(rng.range(-2.0, 9.0)) };
        let tuning = Tuning { stretch_stiffness: stiffness, ..Tuning::default() };
        let mut cloth = Cloth::with_options(&input, dynamics, tuning, SeedOptions::m0()).unwrap();
        // Scramble the start: positions off the bind pose, velocities up to 10 m/s.
        for node in 0..cloth.nodes() {
            let slot = cloth.model().slot_of_node[node] as usize;
            if cloth.model().inv_mass[slot] > 0.0 {
                let x = cloth.state().x.get(slot);
                let j = |r: &mut SplitMix64| (r.range(-0.5, 0.5) * spacing) as f32;
                let moved = [x[0] + j(&mut rng), x[1] + j(&mut rng), x[2] + j(&mut rng)];
                cloth.state_mut().x.set(slot, moved);
                let v = [rng.range(-10.0, 10.0), rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)].map(|v| v as f32);
                cloth.set_velocity(node, v);
            }
        }
        for _ in 0..20 {
            cloth.step_probed(&mut audit);
        }
    }
    let fraction = audit.climbs as f64 / audit.updates as f64;
    eprintln!(
        "fuzz: {trials} cloths, {} of {} updates climb ({:.3} %), worst {:.2e}",
        audit.climbs,
        audit.updates,
        100.0 * fraction,
        audit.worst
    );
    assert!(fraction < 0.02, "{:.3} % of updates climb", 100.0 * fraction);
}
