//! The reference record's experiments, as functions returning numbers. The
//! gates (`cargo test`) assert on them and `cloth-bench` prints them as the
//! record's tables, so both run exactly the same scene.

use crate::dynamics::{Dynamics, Tuning};
use crate::scenes::{self, SheetPlane, SheetSpec};
use crate::seed::SeedOptions;
use crate::step::Kernel;
use crate::Cloth;

/// One cell of §2/§4: the chain's state after its run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChainCell {
    /// Largest row `|C|/L0` after the last step.
    pub residual: f64,
    /// Kinetic energy after the last step, J.
    pub kinetic: f64,
    /// Largest row `|C|/L0` at any step.
    pub peak: f64,
    /// At some step a link more than doubled (`peak > 1`), or the state went
    /// non-finite. Checked at every step: this rule matches the record in 62
    /// of §2's 64 cells; checking only the last step would miss up to 13 (the
    /// divergent cells stay bounded here, by the trust region, and wander).
    pub diverged: bool,
}

impl ChainCell {
    pub fn label(&self) -> String {
        if self.diverged {
            "diverged".into()
        } else {
            format!("{:.1e}/{:.0e}", self.residual, self.kinetic)
        }
    }
}

/// §2/§4: the record's hard chain (20 links of 2 cm, root fixed, hanging at
/// rest length, released from rest, 60 Hz) at a band ratio `k_min = k_max =
/// ratio·m_eff/h²` and warm-start product `alpha_gamma` (γ = 1), run for
/// `steps` steps with the given budget.
pub fn hard_chain(
    particle_mass: f64,
    alpha_gamma: f64,
    ratio: f64,
    substeps: u32,
    iterations: u32,
    steps: usize,
    kernel: Kernel,
) -> ChainCell {
    hard_chain_links(20, particle_mass, alpha_gamma, ratio, substeps, iterations, steps, kernel)
}

/// [`hard_chain`] with `links` links (§6's iteration table varies it).
#[allow(clippy::too_many_arguments)]
pub fn hard_chain_links(
    links: usize,
    particle_mass: f64,
    alpha_gamma: f64,
    ratio: f64,
    substeps: u32,
    iterations: u32,
    steps: usize,
    kernel: Kernel,
) -> ChainCell {
    let spec = scenes::ChainSpec { links, particle_mass, ..scenes::m0_chain() };
    let dynamics = Dynamics { substeps, iterations, bend: 0.0, damping: 0.0, ..Dynamics::default() };
    let tuning =
        Tuning { alpha: alpha_gamma, gamma: 1.0, hard_band: (ratio, ratio), sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&spec.input(), dynamics, tuning, SeedOptions::m0()).expect("the chain seeds");
    cloth.set_kernel(kernel);
    let mut diverged = false;
    let mut peak = 0.0f64;
    for _ in 0..steps {
        let report = cloth.step();
        let worst = cloth.worst_stretch_strain();
        peak = peak.max(worst);
        if report.watchdog.is_some() || !worst.is_finite() {
            diverged = true;
            break;
        }
    }
    ChainCell {
        residual: cloth.worst_stretch_strain(),
        kinetic: cloth.kinetic_energy(),
        peak,
        diverged: diverged || peak > 1.0,
    }
}

/// §6's sheet: 16 columns × 20 rows at 2 cm, 0.3 kg, top row fixed, hanging
/// in its own plane, one diagonal per quad, no bend rows.
pub fn m0_hanging_sheet() -> SheetSpec {
    SheetSpec {
        columns: 16,
        rows: 20,
        spacing: 0.02,
        mass: 0.3,
        fixed: scenes::top_row,
        plane: SheetPlane::Hanging,
        lean: 0.0,
    }
}

/// What §6's sheet did over its run.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetRun {
    /// Kinetic energy after the last step, J.
    pub final_kinetic: f64,
    /// Total mechanical energy (kinetic + gravitational + soft elastic)
    /// relative to the first step's, sampled every 100 steps, J.
    pub mechanical: Vec<f64>,
}

/// Runs §6's sheet with stretch rows of stiffness `k` (N/m, `INFINITY` = hard).
pub fn m0_sheet_run(k: f64, substeps: u32, iterations: u32, steps: usize, kernel: Kernel) -> SheetRun {
    let dynamics = Dynamics { substeps, iterations, bend: 0.0, damping: 0.0, ..Dynamics::default() };
    let tuning = Tuning { stretch_stiffness: k, sleep: false, ..Tuning::default() };
    let options = SeedOptions { bend_rows: false, ..SeedOptions::m0() };
    let mut cloth =
        Cloth::with_options(&m0_hanging_sheet().input(), dynamics, tuning, options).expect("the sheet seeds");
    cloth.set_kernel(kernel);
    let energy = |c: &Cloth| c.kinetic_energy() + c.gravitational_energy() + c.elastic_energy();
    let e0 = energy(&cloth);
    let mut mechanical = Vec::new();
    for s in 0..steps {
        cloth.step();
        if s % 100 == 99 {
            mechanical.push(energy(&cloth) - e0);
        }
    }
    SheetRun { final_kinetic: cloth.kinetic_energy(), mechanical }
}

/// §3: a 0.05 kg particle hanging on one soft row of `k` N/m, settled for 600
/// steps; returns measured extension / Hooke's `m·g/k`.
pub fn hooke_ratio(k: f64, tuning: Tuning, kernel: Kernel) -> f64 {
    let spec = scenes::ChainSpec { links: 1, link: 0.1, particle_mass: 0.05, direction: [0.0, -1.0, 0.0], lean: 0.0 };
    let tuning = Tuning { stretch_stiffness: k, sleep: false, ..tuning };
    let mut cloth =
        Cloth::with_options(&spec.input(), Dynamics::default(), tuning, SeedOptions::m0()).expect("the spring seeds");
    cloth.set_kernel(kernel);
    for _ in 0..600 {
        cloth.step();
    }
    let (a, b) = (cloth.position(0), cloth.position(1));
    let extension = ((a[1] - b[1]) as f64).abs() - 0.1;
    extension / (0.05 * 9.81 / k)
}

/// §5.1: one free particle (0.01 kg, so m/h² = 144 at 120 Hz) between two
/// anchors at ±0.1 m on soft rows pre-stretched 10 %, displaced 1 mm sideways
/// and released; the tension is set so that the geometric stiffness the two
/// rows add sideways, `Σ fc/L = 2·fc/L`, is `ratio·m/h²` (the record's column:
/// its crossover sits "exactly at fc/L ≈ m/h²", which for two rows is the
/// sum — a single row's `fc/L` would put it at ½). Returns
/// `ΔE/E` of one vertex update of the solver (PSD half of the geometric
/// stiffness kept), and of the same Newton step with the term dropped.
pub fn geometric_stiffness_update(ratio: f64) -> (f64, f64) {
    let m = 0.01;
    let h = 1.0 / 120.0;
    let mh2 = m / (h * h);
    let half: f64 = 0.1;
    let rest = half / 1.1;
    let delta = 0.01 * half;
    let len = (half * half + delta * delta).sqrt();
    let k = ratio * mh2 * len / (2.0 * (len - rest));
    // Bound at rest length, then the anchors are pulled out to ±half.
    let bound = (rest * rest - delta * delta).sqrt();
    let input = crate::ClothInput {
        positions: vec![[-bound as f32, 0.0, 0.0], [0.0, delta as f32, 0.0], [bound as f32, 0.0, 0.0]],
        masses: vec![m as f32; 3],
        fixed: vec![true, false, true],
        triangles: vec![],
        parents: vec![None, Some(0), Some(1)],
    };
    let dynamics = Dynamics { substeps: 1, iterations: 1, gravity: [0.0; 3], dt: h, ..Dynamics::default() };
    let tuning = Tuning { stretch_stiffness: k, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&input, dynamics, tuning, SeedOptions::m0()).expect("the rig seeds");
    cloth.set_animated_position(0, [-half as f32, 0.0, 0.0]).expect("finite");
    cloth.set_animated_position(2, [half as f32, 0.0, 0.0]).expect("finite");
    // Released from rest: the inertial target is the start. Energies are
    // measured above the local minimum, so ΔE/E is the fraction of the
    // excess energy the update removes (−100 % lands on the minimum).
    let energy = |x: f64| {
        let l = (half * half + x * x).sqrt();
        0.5 * mh2 * (x - delta).powi(2) + 2.0 * 0.5 * k * (l - rest).powi(2)
    };
    let minimum = {
        // Golden-section search on [−δ, δ]; the energy is unimodal there.
        let (mut a, mut b) = (-delta, delta);
        let r = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..200 {
            let (c, d) = (b - r * (b - a), a + r * (b - a));
            if energy(c) < energy(d) {
                b = d;
            } else {
                a = c;
            }
        }
        energy(0.5 * (a + b))
    };
    let e0 = energy(delta) - minimum;
    cloth.step();
    let kept = (energy(cloth.position(1)[1] as f64) - minimum - e0) / e0;
    // The Newton step without the geometric term: H_yy = m/h² + 2k·ĝ_y².
    let gy = delta / len;
    let force = -2.0 * k * (len - rest) * gy;
    let dropped = (energy(delta + force / (mh2 + 2.0 * k * gy * gy)) - minimum - e0) / e0;
    (kept, dropped)
}
