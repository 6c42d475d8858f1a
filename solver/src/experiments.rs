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
    let tuning = Tuning { alpha: alpha_gamma, gamma: 1.0, hard_band: (ratio, ratio), ..Tuning::default() };
    let mut cloth =
        Cloth::with_options(&spec.input(), dynamics, tuning, SeedOptions::default()).expect("the chain seeds");
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
    let tuning = Tuning { stretch_stiffness: k, ..Tuning::default() };
    let options = SeedOptions { bend_rows: false, ..SeedOptions::default() };
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
