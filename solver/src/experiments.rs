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
        bind_rotations: vec![],
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

// ---------------------------------------------------------------------------
// M1: the component (§10–§15, §25–§26)
// ---------------------------------------------------------------------------

/// §10's rig: `strands` independent strands of `links` links of `link` m,
/// roots fixed 10 cm apart, authored horizontally (lean 1e-3) and dropped
/// through 90°.
pub fn strands(strands: usize, links: usize, link: f64) -> crate::ClothInput {
    let mut input = crate::ClothInput::default();
    for s in 0..strands {
        let base = input.positions.len() as u32;
        for k in 0..=links {
            let t = k as f64 * link;
            input.positions.push([t as f32, (-1e-3 * t) as f32, (0.1 * s as f64) as f32]);
            input.masses.push(0.005);
            input.fixed.push(k == 0);
            input.parents.push(if k == 0 { None } else { Some(base + k as u32 - 1) });
        }
    }
    input
}

/// Worst `max ‖x − x_anchor‖/d_geo` of a cloth over `steps` steps.
pub fn worst_tether_over(cloth: &mut Cloth, steps: usize, mut each: impl FnMut(&mut Cloth, usize)) -> f64 {
    let mut worst: f64 = 0.0;
    for k in 0..steps {
        each(cloth, k);
        cloth.step();
        worst = worst.max(cloth.worst_tether_ratio());
    }
    worst
}

/// §10: the tether rig at a budget, tethered or not, with or without skip
/// rows; worst ratio over 600 steps. The record's rig is links and tethers:
/// skip rows (even inert) colour a chain into 3 instead of 2, which alone
/// moves the one-iteration figure.
pub fn tether_rig(substeps: u32, iterations: u32, tethered: bool, skip_rows: bool) -> f64 {
    let d = Dynamics { substeps, iterations, damping: 0.0, ..Dynamics::default() };
    let options = SeedOptions { tethers: tethered, skip_rows, ..SeedOptions::default() };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&strands(3, 30, 0.05), d, tuning, options).expect("the rig seeds");
    worst_tether_over(&mut cloth, 600, |_, _| {})
}

/// §10's kick: the rig hanging at rest, every free particle kicked sideways
/// at `speed`; worst and final ratio over 600 steps.
pub fn tether_kick(substeps: u32, iterations: u32, speed: f64) -> (f64, f64) {
    let d = Dynamics { substeps, iterations, damping: 0.0, ..Dynamics::default() };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut input = strands(3, 30, 0.05);
    // Authored hanging straight down (lean 1e-3), so the kick starts from rest.
    for p in &mut input.positions {
        let (x, y) = (p[0], p[1]);
        p[0] = -1e-3 * x;
        p[1] = y - x;
    }
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("the rig seeds");
    for node in 0..cloth.nodes() {
        cloth.set_velocity(node, [0.0, 0.0, speed as f32]);
    }
    let worst = worst_tether_over(&mut cloth, 600, |_, _| {});
    (worst, cloth.worst_tether_ratio())
}

/// §11: a 24-link rope of 5 cm links, tethered, authored horizontally and
/// dropped; the worst link length / rest length over 600 steps, with or
/// without the strain-limit row at `stretch`.
pub fn strain_rope(substeps: u32, iterations: u32, stretch: f64, strain_limit: bool) -> f64 {
    let d = Dynamics { substeps, iterations, stretch, strain_limit, damping: 0.0, bend: 0.0, ..Dynamics::default() };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut cloth =
        Cloth::with_options(&strands(1, 24, 0.05), d, tuning, SeedOptions::default()).expect("the rope seeds");
    let mut worst: f64 = 0.0;
    for _ in 0..600 {
        cloth.step();
        worst = worst.max(cloth.worst_link_ratio());
    }
    worst
}

/// §12: a 12-link chain of 8 cm links with a library entry's dynamics, set
/// swinging at 3 m/s; the step at which it falls asleep (`None`: not within
/// `limit` steps).
pub fn sleep_steps(preset: &crate::library::Preset, limit: usize) -> Option<usize> {
    let spec =
        scenes::ChainSpec { links: 12, link: 0.08, particle_mass: 0.01, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
    let mut cloth = Cloth::new(&spec.input(), preset.dynamics).expect("the chain seeds");
    for node in 1..cloth.nodes() {
        cloth.set_velocity(node, [3.0, 0.0, 0.0]);
    }
    (1..=limit).find(|_| cloth.step().fell_asleep)
}

/// §12's damping table: a 16-link rope of 5 cm links whose stretch rows are
/// forced soft at 1e5 N/m (a ratio of ~350), 1,500 steps; kinetic energy.
pub fn damping_energy(damping: f64) -> f64 {
    let spec =
        scenes::ChainSpec { links: 16, link: 0.05, particle_mass: 0.02, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
    let d = Dynamics { damping, bend: 0.0, ..Dynamics::default() };
    let tuning = Tuning { stretch_stiffness: 1e5, sleep: false, ..Tuning::default() };
    let mut input = spec.input();
    // Released from horizontal, as every settling table of the record is.
    for p in &mut input.positions {
        let y = p[1];
        p[1] = 1e-3 * y;
        p[0] = -y;
    }
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::m0()).expect("the rope seeds");
    for _ in 0..1500 {
        cloth.step();
    }
    cloth.kinetic_energy()
}

/// What §13's teleport did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TeleportOutcome {
    pub teleports: u64,
    /// Fastest particle speed after the teleport step, m/s (a Reset runs that
    /// step at velocity limit zero: the rope leaves it at rest).
    pub peak_speed: f64,
    /// Fastest cloth-local speed over the second before the jump, m/s.
    pub pre_peak_speed: f64,
    /// Largest particle displacement in the anchor frame over the teleport step, m.
    pub first_step_shift: f64,
    /// The tip's world position after the teleport step.
    pub tip: [f64; 3],
}

/// §13: a 16-link rope of 10 cm links hanging straight down, swinging on an
/// anchor that walks for two seconds, then jumped a kilometre.
pub fn teleport(mode: crate::TeleportMode) -> TeleportOutcome {
    let spec = scenes::ChainSpec { links: 16, link: 0.1, particle_mass: 0.02, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
    let d = Dynamics { teleport: mode, ..crate::library::ROPE.dynamics };
    let mut cloth = Cloth::new(&spec.input(), d).expect("the rope seeds");
    let motion = scenes::Motion::WALK;
    let mut pre_peak: f64 = 0.0;
    let steps = 120;
    for k in 1..=steps {
        cloth.set_anchor_pose(motion.pose(k, d.dt)).expect("finite");
        cloth.step();
        if k > steps - 60 {
            pre_peak = pre_peak.max(cloth.local_speed());
        }
    }
    let before = cloth.positions();
    let mut jumped = motion.pose(steps, d.dt);
    jumped.translation[0] += 1000.0;
    cloth.set_anchor_pose(jumped).expect("finite");
    cloth.step();
    let after = cloth.positions();
    let shift = before
        .iter()
        .zip(&after)
        .map(|(a, b)| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt() as f64)
        .fold(0.0, f64::max);
    TeleportOutcome {
        teleports: cloth.state().diagnostics.teleports,
        peak_speed: cloth.peak_speed(),
        pre_peak_speed: pre_peak,
        first_step_shift: shift,
        tip: cloth.world_position(cloth.nodes() - 1),
    }
}

/// What §13's locomotion run saw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Locomotion {
    /// Fastest cloth-local particle speed, m/s.
    pub peak: f64,
    /// The velocity clamp at the rope's links, m/s.
    pub clamp: f64,
    pub teleports: u64,
    pub worst_tether: f64,
}

/// §13: a 20-link rope of 10 cm links on an anchor running `motion` for 15 s,
/// at a library entry's dynamics.
pub fn locomotion(preset: &crate::library::Preset, motion: scenes::Motion) -> Locomotion {
    let spec = scenes::ChainSpec { links: 20, link: 0.1, particle_mass: 0.02, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
    let d = preset.dynamics;
    let mut cloth = Cloth::new(&spec.input(), d).expect("the rope seeds");
    let (mut peak, mut worst): (f64, f64) = (0.0, 0.0);
    for k in 1..=(15.0 / d.dt).round() as usize {
        cloth.set_anchor_pose(motion.pose(k, d.dt)).expect("finite");
        cloth.step();
        peak = peak.max(cloth.local_speed());
        worst = worst.max(cloth.worst_tether_ratio());
    }
    let clamp = crate::constants::VELOCITY_CLAMP_AUTHORITIES * 0.1 * (d.substeps * d.iterations) as f64 / d.dt;
    Locomotion { peak, clamp, teleports: cloth.state().diagnostics.teleports, worst_tether: worst }
}

/// §13's inertia table: a 10-link rope of 10 cm on the sprint profile; the
/// largest distance between its tip (in the anchor frame) and where the same
/// rope's tip is under a still anchor, m.
pub fn inertia_lag(inertia: f64) -> f64 {
    let spec = scenes::ChainSpec { links: 10, link: 0.1, particle_mass: 0.02, direction: [0.0, -1.0, 0.0], lean: 1e-3 };
    let d = Dynamics { inertia, ..crate::library::ROPE.dynamics };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut moving = Cloth::with_options(&spec.input(), d, tuning, SeedOptions::default()).expect("seeds");
    let mut still = moving.clone();
    let tip = moving.nodes() - 1;
    let mut lag: f64 = 0.0;
    for k in 1..=900 {
        moving.set_anchor_pose(scenes::Motion::SPRINT.pose(k, d.dt)).expect("finite");
        moving.step();
        still.step();
        let (a, b) = (moving.position(tip), still.position(tip));
        lag = lag.max(
            (((a[0] - b[0]) as f64).powi(2) + ((a[1] - b[1]) as f64).powi(2) + ((a[2] - b[2]) as f64).powi(2)).sqrt(),
        );
    }
    lag
}

/// §25–§26: the fanned cape at a library entry's dynamics on `motion` for
/// `steps` steps, seeded through the tree front door (`rig = false`) or the
/// rig front door; returns the cloth (for comparisons) and the worst tether.
pub fn fan_cape_run(preset: &crate::library::Preset, motion: scenes::Motion, rig: bool, steps: usize) -> (Cloth, f64) {
    let cape = scenes::fan_cape(5, 7, 0.085, 0.11);
    let input = if rig {
        let (skeleton, joints) = scenes::fan_cape_rig(&cape, [0.0, 1.4, 0.0]);
        let masses = cape.masses.clone();
        crate::front_door::rig(&skeleton, &joints, &masses).expect("the rig seeds").0
    } else {
        crate::front_door::tree(&cape).expect("the tree seeds").0
    };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut cloth =
        Cloth::with_options(&input, preset.dynamics, tuning, SeedOptions::default()).expect("the cape seeds");
    let dt = preset.dynamics.dt;
    let worst = worst_tether_over(&mut cloth, steps, |c, k| {
        c.set_anchor_pose(motion.pose(k + 1, dt)).expect("finite");
    });
    (cloth, worst)
}

// ---------------------------------------------------------------------------
// M2: collision (§16–§23)
// ---------------------------------------------------------------------------

/// A ground plane at height `y` with its normal along +Y.
pub fn ground(y: f64) -> crate::ColliderSet {
    let mut set = crate::ColliderSet::new();
    set.add(crate::Shape::plane(), crate::pose::Pose::from_translation([0.0, y, 0.0])).expect("a plane");
    set
}

/// §17's signature: one particle resting on a plane with the contact band at
/// `floor` (1 = k_max only), 2×4; its resting penetration below the offset, m.
pub fn resting_particle(floor: f64, ramp: crate::contact::ContactRamp, steps: usize) -> f64 {
    let thickness = 0.004;
    let input = crate::ClothInput {
        positions: vec![[0.0, thickness as f32, 0.0]],
        masses: vec![0.01],
        fixed: vec![false],
        ..Default::default()
    };
    let d = Dynamics { thickness, friction: 0.0, ..Dynamics::default() };
    let tuning = Tuning { contact_floor: floor, contact_ramp: ramp, sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("seeds");
    let floor_set = ground(0.0);
    for _ in 0..steps {
        cloth.step_with(&floor_set);
    }
    thickness - cloth.position(0)[1] as f64
}

/// What a landing sheet did (§17).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Landing {
    /// Deepest penetration below the offset over the run, m.
    pub worst: f64,
    /// Deepest penetration at the end, m.
    pub resting: f64,
    /// Kinetic energy after the run, J.
    pub kinetic: f64,
    /// Largest contact force of any one particle, N (from its multiplier).
    pub peak_force: f64,
}

/// §17: a 20×20 sheet at 2 cm, 4 mm thick, flat and free, arriving at a
/// ground plane at `speed`, 2×4, `steps` steps; with the contact band floor
/// (`k_min/k_max`) and ramp `beta_r` (band units, 1/m).
pub fn landing(speed: f64, floor: f64, beta_r: f64, ramp: crate::contact::ContactRamp, steps: usize) -> Landing {
    let thickness = 0.004;
    let spec = section_17_sheet(SheetPlane::Horizontal, 1e-3);
    let mut input = spec.input();
    for p in &mut input.positions {
        p[1] = 0.006; // 2 mm above the offset
    }
    let d = Dynamics { thickness, friction: 0.0, bend: 0.25, ..Dynamics::default() };
    let tuning =
        Tuning { contact_floor: floor, contact_beta_r: beta_r, contact_ramp: ramp, sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("seeds");
    for node in 0..cloth.nodes() {
        cloth.set_velocity(node, [0.0, -speed as f32, 0.0]);
    }
    let set = ground(0.0);
    let depth = |c: &Cloth| (0..c.nodes()).map(|n| thickness - c.position(n)[1] as f64).fold(0.0, f64::max);
    let (mut worst, mut peak): (f64, f64) = (0.0, 0.0);
    for _ in 0..steps {
        cloth.step_with(&set);
        worst = worst.max(depth(&cloth));
        peak = peak.max(cloth.state().contacts.slot.iter().map(|sl| -(sl.lambda as f64)).fold(0.0, f64::max));
    }
    Landing { worst, resting: depth(&cloth), kinetic: cloth.kinetic_energy(), peak_force: peak }
}

/// §18: a 20×20 sheet at 2 cm resting on a plane inclined by `slope` degrees
/// with friction `mu`, 2×4; metres its centroid travels downhill in `seconds`.
pub fn incline(slope_deg: f64, mu: f64, seconds: f64) -> f64 {
    incline_budget(slope_deg, mu, seconds, 2, 4)
}

/// [`incline`] at another budget (friction must act at 1×1, §18).
pub fn incline_budget(slope_deg: f64, mu: f64, seconds: f64, substeps: u32, iterations: u32) -> f64 {
    use crate::pose::{Pose, Quat};
    let thickness = 0.004;
    let theta = slope_deg.to_radians();
    let spec = section_17_sheet(SheetPlane::Horizontal, 1e-3);
    // The plane tilted about Z: downhill is +X·cos θ − Y·sin θ. The sheet is
    // authored lying on it, one offset above its surface.
    let q = Quat::from_axis_angle([0.0, 0.0, 1.0], -theta);
    let plane = Pose::new([0.0; 3], q);
    let mut input = spec.input();
    for p in &mut input.positions {
        let local = [p[0] as f64 - 0.19, thickness, p[2] as f64 - 0.19];
        *p = plane.transform_point(local).map(|c| c as f32);
    }
    let d = Dynamics { thickness, friction: mu, bend: 0.25, substeps, iterations, ..Dynamics::default() };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("seeds");
    let mut set = crate::ColliderSet::new();
    set.add(crate::Shape::plane(), plane).expect("a plane");
    let downhill = q.rotate([1.0, 0.0, 0.0]);
    let centroid = |c: &Cloth| {
        let ps = c.positions();
        let n = ps.len() as f64;
        ps.iter().fold([0.0; 3], |a, p| [a[0] + p[0] as f64 / n, a[1] + p[1] as f64 / n, a[2] + p[2] as f64 / n])
    };
    // Let it settle onto the plane for a few steps, then measure.
    for _ in 0..10 {
        cloth.step_with(&set);
    }
    let start = centroid(&cloth);
    for _ in 0..(seconds / d.dt).round() as usize {
        cloth.step_with(&set);
    }
    let end = centroid(&cloth);
    crate::pose::dot(crate::pose::sub(end, start), downhill)
}

/// What §20's capsule pass did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CapsulePass {
    /// Worst penetration below the offset over the run, m.
    pub worst: f64,
    /// Particle-steps deeper than half the capsule radius.
    pub deep: usize,
    /// Mean contact slots per step.
    pub rows_per_step: f64,
}

/// §20: a capsule of radius 5 cm driven at `speed` through a hanging 20×20
/// sheet at 2 cm; `swept = false` sets the previous pose to the current one
/// every step (what discovery without the sweep would see).
pub fn capsule_pass(speed: f64, swept: bool) -> CapsulePass {
    use crate::pose::Pose;
    let thickness = 0.004;
    let radius = 0.05;
    let spec = section_17_sheet(SheetPlane::Hanging, 1e-3);
    let d = Dynamics { thickness, friction: 0.3, bend: 0.25, ..Dynamics::default() };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&spec.input(), d, tuning, SeedOptions::default()).expect("seeds");
    let mut set = crate::ColliderSet::new();
    // A horizontal capsule along X through the sheet's middle, travelling along Z.
    let shape = crate::Shape::capsule([-0.15, 0.0, 0.0], [0.15, 0.0, 0.0], radius).expect("a capsule");
    let at = |z: f64| Pose::from_translation([0.19, -0.19, z]);
    let z0 = -0.5;
    let id = set.add(shape, at(z0)).expect("valid");
    let steps = ((1.0 / speed) / d.dt).ceil() as usize + 30;
    let (mut worst, mut deep, mut rows) = (0.0f64, 0, 0usize);
    for k in 1..=steps {
        set.begin_frame();
        let z = (z0 + speed * k as f64 * d.dt).min(0.5);
        if swept {
            set.set_pose(id, at(z)).expect("valid");
        } else {
            set.place(id, at(z)).expect("valid");
        }
        cloth.step_with(&set);
        rows += cloth.contacts();
        let c = set.get(id).expect("live");
        for n in 0..cloth.nodes() {
            let x = cloth.position(n).map(f64::from);
            let depth = thickness - c.shape.sdf(c.cur.inverse().transform_point(x)).distance;
            worst = worst.max(depth);
            if depth > radius / 2.0 + thickness {
                deep += 1;
            }
        }
    }
    CapsulePass { worst, deep, rows_per_step: rows as f64 / steps as f64 }
}

/// §22: an 8-link rope of 10 cm links hanging from the origin onto a floor at
/// −0.4 m, leaning `lean` per link; its tip's height after 200 steps.
pub fn leaning_rope(lean: f64) -> f64 {
    let spec = scenes::ChainSpec { links: 8, link: 0.1, particle_mass: 0.02, direction: [0.0, -1.0, 0.0], lean };
    let d = crate::library::ROPE.dynamics;
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&spec.input(), d, tuning, SeedOptions::default()).expect("seeds");
    let set = ground(-0.4);
    for _ in 0..200 {
        cloth.step_with(&set);
    }
    cloth.position(8)[1] as f64
}

/// What a sphere pushed into a hanging cape did (§17's other direction).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Push {
    /// Deepest penetration below the offset over the run, m.
    pub worst: f64,
    /// Deepest penetration at the end, with the sphere held still, m.
    pub resting: f64,
    /// Kinetic energy at the end, J.
    pub kinetic: f64,
}

/// §17: a sphere of radius 10 cm driven at `speed` 6 cm into a hanging 20×20
/// sheet at 2 cm (4 mm thick, top row fixed), then held for 60 steps, 2×4,
/// with the contact band floor `floor` and the shipped ramp.
pub fn sphere_push(speed: f64, floor: f64) -> Push {
    use crate::pose::Pose;
    let thickness = 0.004;
    let radius = 0.1;
    let spec = section_17_sheet(SheetPlane::Hanging, 0.0);
    let d = Dynamics { thickness, friction: 0.3, bend: 0.25, ..Dynamics::default() };
    let tuning = Tuning { contact_floor: floor, sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&spec.input(), d, tuning, SeedOptions::default()).expect("seeds");
    // Let the sheet hang still first, the sphere just clear of it behind.
    let start = -(radius + thickness + 0.01);
    let at = |z: f64| Pose::from_translation([0.19, -0.25, z]);
    let mut set = crate::ColliderSet::new();
    let id = set.add(crate::Shape::sphere(radius).expect("a sphere"), at(start)).expect("valid");
    for _ in 0..60 {
        cloth.step_with(&set);
    }
    let end = -radius + 0.06;
    let travel_steps = ((end - start) / (speed * d.dt)).ceil() as usize;
    let depth = |c: &Cloth, set: &crate::ColliderSet| {
        let s = set.get(id).expect("live");
        (0..c.nodes())
            .map(|n| thickness - s.shape.sdf(s.cur.inverse().transform_point(c.position(n).map(f64::from))).distance)
            .fold(0.0, f64::max)
    };
    let mut worst = 0.0f64;
    for k in 1..=travel_steps + 60 {
        set.begin_frame();
        set.set_pose(id, at((start + speed * d.dt * k as f64).min(end))).expect("valid");
        cloth.step_with(&set);
        worst = worst.max(depth(&cloth, &set));
    }
    Push { worst, resting: depth(&cloth, &set), kinetic: cloth.kinetic_energy() }
}

/// Edges passing through triangles they share no corner with (§31's
/// metric), over caller-order positions.
pub fn crossings(positions: &[[f32; 3]], triangles: &[[u32; 3]], edges: &[(u32, u32)]) -> usize {
    let at = |n: u32| positions[n as usize].map(f64::from);
    let mut count = 0;
    for &(a, b) in edges {
        let (p, q) = (at(a), at(b));
        for t in triangles {
            if t.contains(&a) || t.contains(&b) {
                continue;
            }
            if segment_hits_triangle(p, q, at(t[0]), at(t[1]), at(t[2])) {
                count += 1;
            }
        }
    }
    count
}

/// Möller–Trumbore on the segment `p → q`.
fn segment_hits_triangle(p: [f64; 3], q: [f64; 3], a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> bool {
    use crate::pose::{cross, dot, sub};
    let dir = sub(q, p);
    let (e1, e2) = (sub(b, a), sub(c, a));
    let h = cross(dir, e2);
    let det = dot(e1, h);
    if det.abs() < 1e-18 {
        return false;
    }
    let s = sub(p, a);
    let u = dot(s, h) / det;
    if !(0.0..=1.0).contains(&u) {
        return false;
    }
    let qv = cross(s, e1);
    let v = dot(dir, qv) / det;
    if v < 0.0 || u + v > 1.0 {
        return false;
    }
    let t = dot(e2, qv) / det;
    (0.0..=1.0).contains(&t)
}

/// What the folding sheet did over one gust realisation.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Folding {
    /// Crossings per sample (every 20th step of the gust) and the worst.
    pub crossings: f64,
    pub worst: usize,
    /// Rows per step while folding: pairs, and point–triangle + edge–edge.
    pub pairs: f64,
    pub stencils: f64,
    /// Pairs and crossings after the gust stops and the sheet settles.
    pub rest_pairs: usize,
    pub rest_crossings: usize,
    /// Kinetic energy at the end of the gust, J.
    pub kinetic: f64,
}

/// The gust that folds the folding sheet, m/s² peak (ours: the record does
/// not give its own; at this strength the sheet without self rows crosses
/// itself ~5 times a sample, and carries ~0.02 J).
pub const FOLDING_GUST: f64 = 14.0;

/// §31–§36's folding sheet: `scenes::folding_sheet` with `d` (its
/// `self_collision` flag decides) and `tuning`, driven for 8 s by a seeded
/// gust of `strength`, then 4 s calm.
pub fn folding(seed: u64, strength: f64, d: Dynamics, tuning: Tuning) -> Folding {
    let spec = scenes::folding_sheet();
    let input = spec.input();
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("seeds");
    let edges = cloth.topology().edges.clone();
    let gust = scenes::Gust::new(seed, strength);
    let (gusting, calm) = (480, 240);
    let mut out = Folding::default();
    let mut samples = 0;
    for k in 0..gusting + calm {
        let g = if k < gusting { gust.gravity(k, d.dt) } else { d.gravity };
        cloth.set_dynamics(Dynamics { gravity: g, ..d }).expect("valid");
        cloth.step();
        let s = cloth.state().self_collision.stats;
        if k < gusting {
            out.pairs += s.pairs as f64 / gusting as f64;
            out.stencils += (s.point_triangle + s.edge_edge) as f64 / gusting as f64;
            if k % 20 == 19 {
                let c = crossings(&cloth.positions(), &input.triangles, &edges);
                out.crossings += c as f64;
                out.worst = out.worst.max(c);
                samples += 1;
            }
            if k + 1 == gusting {
                out.kinetic = cloth.kinetic_energy();
            }
        } else if k + 1 == gusting + calm {
            out.rest_pairs = s.pairs;
            out.rest_crossings = crossings(&cloth.positions(), &input.triangles, &edges);
        }
    }
    out.crossings /= samples as f64;
    out
}

/// [`folding`] averaged over `seeds` gust realisations (a folding sheet is
/// chaotic: one realisation proves little).
pub fn folding_mean(seeds: std::ops::Range<u64>, strength: f64, d: Dynamics, tuning: Tuning) -> Folding {
    let n = seeds.end.saturating_sub(seeds.start).max(1) as f64;
    let mut m = Folding::default();
    for seed in seeds {
        let f = folding(seed, strength, d, tuning);
        m.crossings += f.crossings / n;
        m.worst = m.worst.max(f.worst);
        m.pairs += f.pairs / n;
        m.stencils += f.stencils / n;
        m.rest_pairs = m.rest_pairs.max(f.rest_pairs);
        m.rest_crossings = m.rest_crossings.max(f.rest_crossings);
        m.kinetic += f.kinetic / n;
    }
    m
}

/// The folding sheet's fabric: HAIR's (6 mm, bend 0.2, 2×4), whose radius
/// rule gives §31's 10 mm; `self_collision` as asked.
pub fn folding_dynamics(self_collision: bool) -> Dynamics {
    Dynamics { self_collision, ..crate::library::HAIR.dynamics }
}

/// §37's strip cape under SILK at a budget, 20 s from its bind pose.
#[derive(Clone, Copy, Debug)]
pub struct StripCape {
    /// Width (x-extent of the free joints) in the bind pose and at 20 s, m.
    pub bind_width: f64,
    pub width: f64,
    /// The closest two nodes of different strips (not both roots) come,
    /// in self-row diameters: lowest from 2 s on (the swing in from the
    /// bind pose over), and at 20 s.
    pub closest: f64,
    pub closest_at_rest: f64,
    /// Pairs in contact at 20 s.
    pub pairs: usize,
}

/// §37: the strip cape settled from its bind pose for 1200 steps (silk at
/// `substeps × iterations`), sleep off.
pub fn strip_cape(self_collision: bool, substeps: u32, iterations: u32) -> StripCape {
    let (input, _) = crate::front_door::tree(&scenes::strip_cape()).expect("the cape seeds");
    let d = Dynamics { self_collision, substeps, iterations, ..crate::library::SILK.dynamics };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("seeds");
    let diameter = 2.0 * crate::self_pair::radius(cloth.model(), d.thickness);
    let n = input.positions.len();
    let strip: Vec<usize> = (0..n)
        .map(|mut k| {
            while let Some(p) = input.parents[k] {
                k = p as usize;
            }
            k
        })
        .collect();
    let width = |c: &Cloth| {
        let xs = (0..n).filter(|&k| !input.fixed[k]).map(|k| c.position(k)[0] as f64);
        let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| (l.min(x), h.max(x)));
        hi - lo
    };
    let closest = |c: &Cloth| {
        let mut m = f64::INFINITY;
        for i in 0..n {
            for j in 0..i {
                if strip[i] != strip[j] && !(input.fixed[i] && input.fixed[j]) {
                    m = m.min(crate::pose::norm(crate::pose::sub(
                        c.position(i).map(f64::from),
                        c.position(j).map(f64::from),
                    )));
                }
            }
        }
        m / diameter
    };
    let bind_width = width(&cloth);
    let mut lowest = f64::INFINITY;
    for k in 1..=1200 {
        cloth.step();
        if k >= 120 {
            lowest = lowest.min(closest(&cloth));
        }
    }
    StripCape {
        bind_width,
        width: width(&cloth),
        closest: lowest,
        closest_at_rest: closest(&cloth),
        pairs: cloth.state().self_collision.stats.pairs,
    }
}

/// The record's §17–§20 sheet: 20×20 at 2 cm, 0.058 kg, lying free on a
/// plane (`Horizontal`) or hanging from its top row.
fn section_17_sheet(plane: SheetPlane, lean: f64) -> SheetSpec {
    let fixed: fn(usize, usize, usize, usize) -> bool = match plane {
        SheetPlane::Hanging => scenes::top_row,
        _ => |_, _, _, _| false,
    };
    SheetSpec { columns: 20, rows: 20, spacing: 0.02, mass: 0.058, fixed, plane, lean }
}

// ---------------------------------------------------------------------------
// General content (PERFORMANCE.md "General content", issue 16)
// ---------------------------------------------------------------------------

/// A garment case every library preset must pass at its own budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GarmentCase {
    /// 50 links of 2 cm pinned at both ends, 0.8 m apart, on its catenary.
    Chain,
    /// A ribbon 2 nodes × 51 rows at 2 cm pinned by both nodes at each end,
    /// 0.8 m apart.
    Ribbon,
    /// A 24 × 24 sheet at 2 cm pinned at its two top corners.
    Corners,
    /// [`scenes::IrregularCape::from_seed`], static anchor.
    Cape(u64),
    /// The same cape falling in onto a torso capsule.
    CapeOnTorso(u64),
    /// The same cape with nothing pinned, its lowest point 5 cm above a floor
    /// plane: it falls, crumples and lies there.
    Dropped(u64),
    /// [`scenes::Skirt::from_seed`]: a jittered tube pinned at its waist,
    /// static anchor.
    Skirt(u64),
}

impl GarmentCase {
    pub fn name(self) -> String {
        match self {
            GarmentCase::Chain => "chain, 2 pins".into(),
            GarmentCase::Ribbon => "ribbon, 2 pins".into(),
            GarmentCase::Corners => "sheet, 2 corners".into(),
            GarmentCase::Cape(s) => format!("cape {s}"),
            GarmentCase::CapeOnTorso(s) => format!("cape {s} on torso"),
            GarmentCase::Dropped(s) => format!("cape {s} dropped"),
            GarmentCase::Skirt(s) => format!("skirt {s}"),
        }
    }

    /// The case's input, sized for `preset`'s density.
    pub fn input(self, preset: &crate::library::Preset) -> crate::ClothInput {
        let sheet = |fixed| SheetSpec {
            columns: 24,
            rows: 24,
            spacing: 0.02,
            mass: preset.density * 0.46 * 0.46,
            fixed,
            plane: SheetPlane::Hanging,
            lean: 1e-3,
        };
        match self {
            // Chain presets' density is per metre, sheets' per square metre
            // (a 2 cm wide strip's mass per metre for the chain).
            GarmentCase::Chain => scenes::pinned_chain(50, 0.02, 0.8, chain_density(preset) * 0.02),
            GarmentCase::Ribbon => scenes::pinned_ribbon(51, 0.02, 0.02, 0.8, sheet_density(preset)),
            GarmentCase::Corners => sheet(scenes::top_corners).input(),
            GarmentCase::Cape(seed) | GarmentCase::CapeOnTorso(seed) => {
                scenes::IrregularCape { density: sheet_density(preset), ..scenes::IrregularCape::from_seed(seed) }
                    .input()
            }
            GarmentCase::Skirt(seed) => {
                scenes::Skirt { density: sheet_density(preset), ..scenes::Skirt::from_seed(seed) }.input()
            }
            GarmentCase::Dropped(seed) => {
                let mut input = GarmentCase::Cape(seed).input(preset);
                input.fixed.iter_mut().for_each(|f| *f = false);
                let low = input.positions.iter().map(|p| p[1]).fold(f32::INFINITY, f32::min);
                input.positions.iter_mut().for_each(|p| p[1] += DROP_HEIGHT - low);
                input
            }
        }
    }

    /// The colliders of the case (world frame; the anchor stays at the origin).
    pub fn colliders(self) -> crate::ColliderSet {
        let mut set = crate::ColliderSet::new();
        match self {
            GarmentCase::CapeOnTorso(seed) => {
                set.add(torso(seed), crate::pose::Pose::IDENTITY).expect("a torso");
            }
            GarmentCase::Dropped(_) => {
                set.add(crate::Shape::plane(), crate::pose::Pose::IDENTITY).expect("a floor");
            }
            _ => {}
        }
        set
    }
}

/// How far above the floor a [`GarmentCase::Dropped`] cape's lowest point
/// starts, m.
pub const DROP_HEIGHT: f32 = 0.05;

/// Mass per metre of a chain preset, or of a 2 cm strip of a sheet preset, kg/m.
fn chain_density(preset: &crate::library::Preset) -> f64 {
    match preset.proxy {
        crate::library::Proxy::Chain { .. } => preset.density,
        crate::library::Proxy::Sheet { .. } => preset.density * 0.02,
    }
}

/// Mass per square metre of a sheet preset, or of a chain preset spread over
/// 2 cm, kg/m².
fn sheet_density(preset: &crate::library::Preset) -> f64 {
    match preset.proxy {
        crate::library::Proxy::Chain { .. } => preset.density / 0.02,
        crate::library::Proxy::Sheet { .. } => preset.density,
    }
}

/// A torso under [`scenes::IrregularCape::from_seed`]: a vertical capsule
/// from 15 cm below the neckline down past the hem. Under a wrapped cape it
/// sits on the cape's axis with the neckline's radius, less 5 mm; behind a
/// flat cape it is 12 cm thick and its surface 1 cm past the neckline's
/// plane. The cape is authored flared out, clear of it by more than any
/// preset's thickness, and falls in onto it.
pub fn torso(seed: u64) -> crate::Shape {
    let cape = scenes::IrregularCape::from_seed(seed);
    let (top, bottom) = (-0.15, -0.8);
    let (z, radius) = if cape.wrap > 0.0 { (0.0, cape.neck_radius() - 0.005) } else { (0.11, 0.12) };
    crate::Shape::capsule([0.0, top, z], [0.0, bottom, z], radius).expect("a capsule")
}

/// What a garment case did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GarmentOutcome {
    /// Worst stretch row's length over rest, minus 1, at the end.
    pub worst_strain: f64,
    /// The same, the largest over the run.
    pub peak_strain: f64,
    /// The strain allowance `a − 1` the preset asks for (0 without the limit).
    pub allowance: f64,
    /// Time after which no particle's pose moved faster than 1e-3 m/s in the
    /// cloth's frame until the end, s (`None`: still moving at the end).
    pub settle_s: Option<f64>,
    /// Step at which the cloth fell asleep for the last time and stayed so.
    pub asleep_at: Option<usize>,
    /// Largest speed a particle's pose moved at over the last simulated
    /// step, cloth frame, m/s (`Cloth::pose_speed`).
    pub final_speed: f64,
    /// Watchdog resets over the run.
    pub resets: u64,
}

/// Runs a garment case for `seconds` at `preset`'s own dynamics and budget.
pub fn garment(preset: &crate::library::Preset, case: GarmentCase, seconds: f64) -> GarmentOutcome {
    garment_tuned(preset, case, seconds, Tuning::default())
}

/// [`garment`] with solver internals moved (the bench's variants).
pub fn garment_tuned(
    preset: &crate::library::Preset,
    case: GarmentCase,
    seconds: f64,
    tuning: Tuning,
) -> GarmentOutcome {
    let d = preset.dynamics;
    let colliders = case.colliders();
    let input = case.input(preset);
    crate::cloth::validate_bind_pose(&input, &crate::pose::Pose::IDENTITY, &colliders, d.thickness)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name()));
    let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", case.name()));
    let steps = (seconds / d.dt).round() as usize;
    let (mut peak, mut settle, mut asleep_at, mut resets) = (0.0f64, None, None, 0);
    let mut speed = 0.0;
    for k in 1..=steps {
        let report = cloth.step_with(&colliders);
        peak = peak.max(cloth.worst_link_ratio() - 1.0);
        if report.watchdog.is_some() {
            resets += 1;
        }
        if !report.asleep {
            speed = cloth.pose_speed();
        }
        if speed < 1e-3 {
            settle.get_or_insert(k as f64 * d.dt);
        } else {
            settle = None;
        }
        if report.fell_asleep {
            asleep_at = Some(k);
        } else if !report.asleep {
            asleep_at = None;
        }
    }
    GarmentOutcome {
        worst_strain: cloth.worst_link_ratio() - 1.0,
        peak_strain: peak,
        allowance: if d.strain_limit { crate::strain_limit::allowance(d.stretch) - 1.0 } else { 0.0 },
        settle_s: settle,
        asleep_at,
        final_speed: speed,
        resets,
    }
}

/// A free cloth: `preset`'s proxy with nothing pinned.
pub fn free_proxy(preset: &crate::library::Preset) -> crate::ClothInput {
    let mut input = scenes::library_proxy(preset);
    input.fixed.iter_mut().for_each(|f| *f = false);
    if let Some(&m) = input.masses.iter().find(|&&m| m > 0.0) {
        // The proxy's root is fixed and massless in the input: give it a mass.
        input.masses.iter_mut().for_each(|x| *x = if *x > 0.0 { *x } else { m });
    }
    input
}

/// Mass-weighted centre of the free particles (cloth frame), m.
pub fn centre_of_mass(cloth: &Cloth) -> [f64; 3] {
    let (mut c, mut m) = ([0.0; 3], 0.0);
    for node in 0..cloth.nodes() {
        let w = cloth.node_mass(node);
        let p = cloth.position(node).map(f64::from);
        (0..3).for_each(|k| c[k] += w * p[k]);
        m += w;
    }
    c.map(|x| x / m)
}

/// Free fall with damping 0: the fall of the centre of mass over ½gt² at
/// 1 s and at 3 s, for `input` at `preset`'s dynamics.
pub fn free_fall(preset: &crate::library::Preset, input: &crate::ClothInput) -> (f64, f64) {
    let d = Dynamics { damping: 0.0, ..preset.dynamics };
    let mut cloth = Cloth::new(input, d).expect("the free cloth seeds");
    let start = centre_of_mass(&cloth);
    let g = -d.gravity[1];
    let mut ratios = [0.0; 2];
    let mut steps = 0;
    for (i, t) in [1.0, 3.0].into_iter().enumerate() {
        while (steps as f64) * d.dt < t - 1e-9 {
            cloth.step();
            steps += 1;
        }
        let fall = start[1] - centre_of_mass(&cloth)[1];
        ratios[i] = fall / (0.5 * g * t * t);
    }
    (ratios[0], ratios[1])
}

/// Angular momentum about the centre of mass, cloth frame, kg·m²/s.
pub fn angular_momentum(cloth: &Cloth) -> [f64; 3] {
    let c = centre_of_mass(cloth);
    let mut l = [0.0; 3];
    for node in 0..cloth.nodes() {
        let m = cloth.node_mass(node);
        let r = crate::pose::sub(cloth.position(node).map(f64::from), c);
        let v = cloth.velocity(node).map(f64::from);
        let rv = crate::pose::cross(r, v);
        (0..3).for_each(|k| l[k] += m * rv[k]);
    }
    l
}

/// A free cloth spun at `omega` rad/s about the axis through its centre of
/// mass along `axis` (unit), gravity 0, damping 0, for `seconds`: the
/// component of its angular momentum along the axis over the starting one.
pub fn spin(
    preset: &crate::library::Preset,
    input: &crate::ClothInput,
    axis: [f64; 3],
    omega: f64,
    seconds: f64,
    strain_limit: bool,
) -> f64 {
    let d = Dynamics { damping: 0.0, gravity: [0.0; 3], strain_limit, ..preset.dynamics };
    let tuning = Tuning { sleep: false, ..Tuning::default() };
    let mut cloth = Cloth::with_options(input, d, tuning, SeedOptions::default()).expect("the free cloth seeds");
    let c = centre_of_mass(&cloth);
    let w = crate::pose::scale(axis, omega);
    for node in 0..cloth.nodes() {
        let r = crate::pose::sub(cloth.position(node).map(f64::from), c);
        cloth.set_velocity(node, crate::pose::cross(w, r).map(|x| x as f32));
    }
    let along = |l: [f64; 3]| l[0] * axis[0] + l[1] * axis[1] + l[2] * axis[2];
    let l0 = along(angular_momentum(&cloth));
    for _ in 0..(seconds / d.dt).round() as usize {
        cloth.step();
    }
    along(angular_momentum(&cloth)) / l0
}

/// A one-frame anchor jump of `jump` m along X below the teleport distance,
/// at `limit` m/s² (`Controls::max_anchor_acceleration`, 0: none), after
/// 2 s at rest: the worst link ratio before the jump, and its peak over the
/// next second.
pub fn snap(preset: &crate::library::Preset, input: &crate::ClothInput, jump: f64, limit: f64) -> (f64, f64) {
    let mut cloth = Cloth::new(input, preset.dynamics).expect("the cloth seeds");
    let controls = crate::Controls { max_anchor_acceleration: limit, ..cloth.controls() };
    cloth.set_controls(controls).expect("in range");
    let steps = (1.0 / preset.dynamics.dt).round() as usize;
    for _ in 0..2 * steps {
        cloth.step();
    }
    let rest = cloth.worst_link_ratio();
    cloth.set_anchor_pose(crate::pose::Pose::from_translation([jump, 0.0, 0.0])).expect("finite");
    let mut peak = rest;
    for _ in 0..steps {
        let report = cloth.step();
        assert!(!report.teleported, "a {jump} m jump is below the teleport distance");
        peak = peak.max(cloth.worst_link_ratio());
    }
    (rest, peak)
}

/// What a body snapping into its cape did ([`body_snap`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodySnap {
    /// The worst link ratio's peak after the jump.
    pub peak: f64,
    /// The deepest any node went inside the torso after the jump, m.
    pub deepest: f64,
    /// Nodes past the torso's axis, on the side the body moved to, and
    /// within its width, at the end: a cape through the body (a flat
    /// cape's sides may fold forward round it).
    pub through: usize,
}

/// The irregular cape `seed` settled for 3 s on its torso ([`torso`]),
/// which moves with the anchor; then the body jumps `jump` m backward
/// (−Z, into the cape) over `frames` frames and stands for 3 s more. The
/// whole time the anchor also rides at the steady world velocity `carrier`
/// (a character in a vehicle), the cloth told so from the start
/// ([`Cloth::set_anchor_velocity`]). `painted`: the cape's inertia scales
/// are painted from 1 at its top to 0.5 at its hem, as an artist keeps a
/// hem from trailing ([`Cloth::set_inertia_scales`]).
pub fn body_snap(
    preset: &crate::library::Preset,
    seed: u64,
    jump: f64,
    frames: usize,
    carrier: crate::pose::Vec3,
    painted: bool,
) -> BodySnap {
    let case = GarmentCase::CapeOnTorso(seed);
    let input = case.input(preset);
    let mut cloth = Cloth::new(&input, preset.dynamics).expect("the cloth seeds");
    if painted {
        let heights = input.positions.iter().map(|x| x[1] as f64);
        let (low, high) = heights.clone().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), y| (a.min(y), b.max(y)));
        let scales: Vec<f32> = heights.map(|y| (1.0 - 0.5 * (high - y) / (high - low)) as f32).collect();
        cloth.set_inertia_scales(0, &scales).expect("scales in range");
    }
    let shape = torso(seed);
    let mut set = crate::ColliderSet::new();
    let id = set.add(shape, crate::pose::Pose::IDENTITY).expect("a torso");
    cloth.set_anchor_velocity(carrier).expect("a finite velocity");
    let dt = preset.dynamics.dt;
    let steps = (1.0 / dt).round() as usize;
    // The anchor and the torso at frame `f`, `z` along the body's axis.
    let mut place = |cloth: &mut Cloth, f: usize, z: f64| {
        let ride = crate::pose::scale(carrier, f as f64 * dt);
        let pose = crate::pose::Pose::from_translation(crate::pose::add(ride, [0.0, 0.0, z]));
        cloth.set_anchor_pose(pose).expect("finite");
        set.begin_frame();
        set.set_pose(id, pose).expect("a live torso");
        cloth.step_with(&set)
    };
    for f in 1..=3 * steps {
        place(&mut cloth, f, 0.0);
    }
    // Positions are in the cloth frame, where the torso stays put.
    let axis_z = if scenes::IrregularCape::from_seed(seed).wrap > 0.0 { 0.0 } else { 0.11 };
    let mut out = BodySnap { peak: 0.0, deepest: 0.0, through: 0 };
    for f in 1..=3 * steps {
        let z = -jump * f.min(frames) as f64 / frames as f64;
        let report = place(&mut cloth, 3 * steps + f, z);
        assert!(!report.teleported, "a {jump} m jump is below the teleport distance");
        out.peak = out.peak.max(cloth.worst_link_ratio());
        for n in 0..cloth.nodes() {
            out.deepest = out.deepest.max(-shape.sdf(cloth.position(n).map(f64::from)).distance);
        }
    }
    let radius = match shape {
        crate::Shape::Capsule { radius, .. } => radius,
        _ => unreachable!("the torso is a capsule"),
    };
    out.through = (0..cloth.nodes())
        .map(|n| cloth.position(n).map(f64::from))
        .filter(|x| x[2] > axis_z && x[0].abs() < radius)
        .count();
    out
}

/// A steady spin of the anchor at `rate` rad/s about `axis` for `seconds`
/// after 1 s at rest: the largest tether ratio (a node's distance to its
/// pin over the reach) over the spin.
pub fn spin_tether(
    preset: &crate::library::Preset,
    input: &crate::ClothInput,
    rate: f64,
    axis: [f64; 3],
    seconds: f64,
) -> f64 {
    let mut cloth = Cloth::new(input, preset.dynamics).expect("the cloth seeds");
    let dt = preset.dynamics.dt;
    for _ in 0..(1.0 / dt).round() as usize {
        cloth.step();
    }
    let mut worst: f64 = 0.0;
    for k in 1..=(seconds / dt).round() as usize {
        let turn = crate::pose::Quat::from_axis_angle(axis, rate * k as f64 * dt);
        cloth.set_anchor_pose(crate::pose::Pose::new([0.0; 3], turn)).expect("finite");
        cloth.step();
        worst = worst.max(cloth.worst_tether_ratio());
    }
    worst
}

/// `input` at `preset`'s dynamics and `controls`, stepped 1 s on a still
/// anchor.
fn rested(preset: &crate::library::Preset, input: &crate::ClothInput, controls: crate::Controls) -> Cloth {
    let mut cloth = Cloth::new(input, preset.dynamics).expect("the cloth seeds");
    cloth.set_controls(controls).expect("valid controls");
    for _ in 0..(1.0 / preset.dynamics.dt).round() as usize {
        cloth.step();
    }
    cloth
}

/// A hard turn: after 1 s at rest the anchor yaws 180° in 0.2 s, holds
/// 0.3 s, turns back 360° in 0.3 s and holds to 2 s (a user's script). The
/// peak over the run of the 99th percentile of the links' length over rest,
/// and of the longest elongation of any link, m.
pub fn hard_turn(preset: &crate::library::Preset, input: &crate::ClothInput, controls: crate::Controls) -> (f64, f64) {
    let mut cloth = rested(preset, input, controls);
    let dt = preset.dynamics.dt;
    let mut links = EdgeStretch::new(&cloth, input);
    let (mut yaw, mut p99, mut longest) = (0.0f64, 0.0f64, 0.0f64);
    for k in 1..=(2.0 / dt).round() as usize {
        let t = k as f64 * dt;
        yaw += dt
            * match t {
                t if t <= 0.2 => std::f64::consts::PI / 0.2,
                t if (0.5..=0.8).contains(&t) => -std::f64::consts::TAU / 0.3,
                _ => 0.0,
            };
        let turn = crate::pose::Quat::from_axis_angle([0.0, 1.0, 0.0], yaw);
        cloth.set_anchor_pose(crate::pose::Pose::new([0.0; 3], turn)).expect("finite");
        cloth.step();
        let now = links.measure(&cloth);
        p99 = p99.max(now.p99);
        longest = longest.max(now.longest);
    }
    (p99, longest)
}

/// A cloth's edges against their bind-pose lengths.
pub struct EdgeStretch {
    edges: Vec<(u32, u32)>,
    rest: Vec<f64>,
    ratios: Vec<f64>,
}

/// One measurement of [`EdgeStretch`].
#[derive(Clone, Copy, Debug)]
pub struct Stretch {
    /// The 99th percentile and the largest of length over rest.
    pub p99: f64,
    pub worst: f64,
    /// The largest length less rest, m.
    pub longest: f64,
}

impl EdgeStretch {
    pub fn new(cloth: &Cloth, input: &crate::ClothInput) -> Self {
        let edges = cloth.topology().edges.clone();
        let rest =
            edges.iter().map(|&(a, b)| distance(input.positions[a as usize], input.positions[b as usize])).collect();
        EdgeStretch { ratios: vec![0.0; edges.len()], edges, rest }
    }

    pub fn measure(&mut self, cloth: &Cloth) -> Stretch {
        let mut longest: f64 = 0.0;
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            let l = distance(cloth.position(a as usize), cloth.position(b as usize));
            self.ratios[e] = l / self.rest[e];
            longest = longest.max(l - self.rest[e]);
        }
        self.ratios.sort_by(f64::total_cmp);
        let n = self.ratios.len();
        Stretch { p99: self.ratios[n * 99 / 100], worst: self.ratios[n - 1], longest }
    }
}

fn distance(p: [f32; 3], q: [f32; 3]) -> f64 {
    (0..3).map(|i| ((p[i] - q[i]) as f64).powi(2)).sum::<f64>().sqrt()
}

/// An ordinary turn: after 1 s at rest the anchor yaws 90° over 0.4 s and
/// holds 1.1 s. The largest over the run of the nodes' mean distance from
/// where they rested, in the cloth frame, m (how far the turn swings the
/// cloth).
pub fn turn_sway(preset: &crate::library::Preset, input: &crate::ClothInput, controls: crate::Controls) -> f64 {
    let mut cloth = rested(preset, input, controls);
    let dt = preset.dynamics.dt;
    let rest = cloth.positions();
    let mut sway: f64 = 0.0;
    for k in 1..=(1.5 / dt).round() as usize {
        let yaw = std::f64::consts::FRAC_PI_2 * (k as f64 * dt / 0.4).min(1.0);
        let turn = crate::pose::Quat::from_axis_angle([0.0, 1.0, 0.0], yaw);
        cloth.set_anchor_pose(crate::pose::Pose::new([0.0; 3], turn)).expect("finite");
        cloth.step();
        let moved = |n: usize| {
            let (p, q) = (cloth.position(n), rest[n]);
            (0..3).map(|i| ((p[i] - q[i]) as f64).powi(2)).sum::<f64>().sqrt()
        };
        sway = sway.max((0..rest.len()).map(moved).sum::<f64>() / rest.len() as f64);
    }
    sway
}

/// A steady yaw of the anchor at `rate` rad/s for 3 s after 1 s at rest:
/// the mean distance of the nodes from the axis over the last second, m
/// (how far a spin flares the cloth), and the largest 99th percentile of
/// edge length over rest in that second.
pub fn spin_flare(
    preset: &crate::library::Preset,
    input: &crate::ClothInput,
    rate: f64,
    controls: crate::Controls,
) -> (f64, f64) {
    let mut cloth = rested(preset, input, controls);
    let dt = preset.dynamics.dt;
    let (steps, last) = ((3.0 / dt).round() as usize, (1.0 / dt).round() as usize);
    let mut links = EdgeStretch::new(&cloth, input);
    let (mut flare, mut p99) = (0.0, 0.0f64);
    for k in 1..=steps {
        let turn = crate::pose::Quat::from_axis_angle([0.0, 1.0, 0.0], rate * k as f64 * dt);
        cloth.set_anchor_pose(crate::pose::Pose::new([0.0; 3], turn)).expect("finite");
        cloth.step();
        if k > steps - last {
            let n = cloth.nodes();
            let radius = |x: [f32; 3]| ((x[0] as f64).powi(2) + (x[2] as f64).powi(2)).sqrt();
            flare += (0..n).map(|i| radius(cloth.position(i))).sum::<f64>() / (n * last) as f64;
            p99 = p99.max(links.measure(&cloth).p99);
        }
    }
    (flare, p99)
}

/// Galilean invariance: `input` at `preset`'s dynamics on an anchor moving
/// at a constant `speed` m/s along +X (in uniform motion from the start: the
/// particles start with the velocity the frame gives them), against the same
/// cloth on a still anchor, after `seconds`: the largest distance between
/// the two in the cloth frame, m, and the velocity clamp's firings on the
/// moving one.
pub fn galilean(preset: &crate::library::Preset, input: &crate::ClothInput, speed: f64, seconds: f64) -> (f64, u64) {
    let d = preset.dynamics;
    let run = |speed: f64| {
        let mut cloth = Cloth::new(input, d).expect("the cloth seeds");
        // The cloth starts out carried at the anchor's speed (anchor.rs).
        cloth.set_anchor_velocity([speed, 0.0, 0.0]).expect("finite");
        for k in 1..=(seconds / d.dt).round() as usize {
            let pose = crate::pose::Pose::from_translation([speed * k as f64 * d.dt, 0.0, 0.0]);
            cloth.set_anchor_pose(pose).expect("finite");
            assert!(!cloth.step().teleported, "a steady {speed} m/s is no teleport");
        }
        cloth
    };
    let (still, moving) = (run(0.0), run(speed));
    let worst = (0..still.nodes())
        .map(|n| {
            let (a, b) = (still.position(n).map(f64::from), moving.position(n).map(f64::from));
            crate::pose::norm(crate::pose::sub(a, b))
        })
        .fold(0.0, f64::max);
    (worst, moving.state().diagnostics.velocity_clamps)
}

/// The equivalence principle: `input` at dynamics `d` on an anchor
/// accelerating from rest at `a` m/s² along +Z, against the same cloth on a
/// still anchor under gravity tilted by `d.inertia·a` along −Z (what the
/// cloth feels of the anchor's acceleration), after `seconds`: the mean
/// cloth-frame Z of the nodes of each, m, and the largest distance between
/// the two in the cloth frame, m.
pub fn lean(input: &crate::ClothInput, d: Dynamics, a: f64, seconds: f64) -> (f64, f64, f64) {
    let tilt = [d.gravity[0], d.gravity[1], d.gravity[2] - d.inertia * a];
    let mut accelerating = Cloth::new(input, d).expect("the cloth seeds");
    let mut tilted = Cloth::new(input, Dynamics { gravity: tilt, ..d }).expect("the cloth seeds");
    for k in 1..=(seconds / d.dt).round() as usize {
        let t = k as f64 * d.dt;
        accelerating.set_anchor_pose(crate::pose::Pose::from_translation([0.0, 0.0, 0.5 * a * t * t])).expect("finite");
        accelerating.step();
        tilted.step();
    }
    let mean_z = |c: &Cloth| (0..c.nodes()).map(|n| c.position(n)[2] as f64).sum::<f64>() / c.nodes() as f64;
    let worst = (0..tilted.nodes())
        .map(|n| {
            let (p, q) = (accelerating.position(n).map(f64::from), tilted.position(n).map(f64::from));
            crate::pose::norm(crate::pose::sub(p, q))
        })
        .fold(0.0, f64::max);
    (mean_z(&accelerating), mean_z(&tilted), worst)
}

/// Strain in motion: `input` at `preset`'s budget, kept awake, its anchor
/// swung along X as `x = amplitude·sin(2πt)` (1 Hz) from rest, inertia
/// scales `scales` painted if given: the median and the largest, over
/// frames 120–360 (2–6 s), of each frame's worst link stretch
/// (`worst_link_ratio − 1`).
pub fn swing_strain(
    preset: &crate::library::Preset,
    input: &crate::ClothInput,
    amplitude: f64,
    scales: Option<&[f32]>,
) -> (f64, f64) {
    let d = preset.dynamics;
    let awake = Tuning { sleep: false, ..Tuning::default() };
    let mut c = Cloth::with_options(input, d, awake, SeedOptions::default()).expect("the cloth seeds");
    if let Some(s) = scales {
        c.set_inertia_scales(0, s).expect("valid scales");
    }
    let mut worst = Vec::with_capacity(240);
    for k in 0..360 {
        let t = (k + 1) as f64 * d.dt;
        let x = amplitude * (2.0 * std::f64::consts::PI * t).sin();
        c.set_anchor_pose(crate::pose::Pose::from_translation([x, 0.0, 0.0])).expect("finite");
        c.step();
        if k >= 120 {
            worst.push(c.worst_link_ratio() - 1.0);
        }
    }
    let max = worst.iter().copied().fold(0.0, f64::max);
    worst.sort_by(f64::total_cmp);
    (worst[worst.len() / 2], max)
}

/// When [`sprint_script`] teleports, s.
pub const SPRINT_TELEPORT_AT: f64 = 3.5;

/// The anchor of a character that stands 1 s, sprints to 6 m/s over 0.5 s,
/// runs 1 s turning 90° over 1.8–2.2 s, stops over 0.3 s and stands; with
/// `teleport`, it jumps 10 m at [`SPRINT_TELEPORT_AT`] (the levels of detail's
/// switching script, `tests/detail.rs`).
pub fn sprint_script(t: f64, teleport: bool) -> crate::pose::Pose {
    let v = |t: f64| match t {
        t if t < 1.0 => 0.0,
        t if t < 1.5 => 12.0 * (t - 1.0),
        t if t < 2.5 => 6.0,
        t if t < 2.8 => 6.0 - 20.0 * (t - 2.5),
        _ => 0.0,
    };
    let n = (t / 1e-3).round() as usize;
    let mut x: f64 = (0..n).map(|k| v(k as f64 * 1e-3) * 1e-3).sum();
    if teleport && t >= SPRINT_TELEPORT_AT {
        x += 10.0;
    }
    let yaw = std::f64::consts::FRAC_PI_2 * ((t - 1.8) / 0.4).clamp(0.0, 1.0);
    crate::pose::Pose::new([0.0, 0.0, -x], crate::pose::Quat::from_axis_angle([0.0, 1.0, 0.0], yaw))
}

/// What [`hitched_ride`] saw after its first second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ride {
    /// The worst link over rest.
    pub worst_link: f64,
    /// The fastest cloth-frame speed, m/s ([`Cloth::local_speed`]).
    pub local_speed: f64,
    /// Frames whose step felt the anchor's velocity change past its limit.
    pub limited: u32,
}

/// The irregular cape on its torso `case` ([`GarmentCase::CapeOnTorso`],
/// the capsule moving with the anchor) at `preset`, advanced 240 frames of
/// 1/60 s with the anchor at `anchor(t)`; with `hitches`, every 60th frame
/// after the first second is a 0.1 s hitch (past the catch-up limit). What
/// it saw after the first second, when the spawn's start from rest is the
/// same with and without hitches.
pub fn hitched_ride(
    preset: &crate::library::Preset,
    case: GarmentCase,
    anchor: &dyn Fn(f64) -> crate::pose::Pose,
    hitches: bool,
) -> Ride {
    let input = case.input(preset);
    let mut set = case.colliders();
    let (id, local) = set
        .iter()
        .next()
        .map(|(index, generation, c)| (crate::collider::ColliderId { index, generation }, c.cur))
        .expect("a torso");
    let mut c = Cloth::new(&input, preset.dynamics).expect("the cape seeds");
    c.place_anchor(anchor(0.0)).expect("a pose");
    set.place(id, anchor(0.0).mul(&local)).expect("a pose");
    let (mut t, mut ride) = (0.0, Ride { worst_link: 0.0, local_speed: 0.0, limited: 0 });
    for k in 1..=240 {
        let tick = if hitches && k > 60 && k % 60 == 30 { 0.1 } else { 1.0 / 60.0 };
        t += tick;
        set.begin_frame();
        set.set_pose(id, anchor(t).mul(&local)).expect("a pose");
        c.set_anchor_pose(anchor(t)).expect("a pose");
        let a = c.advance_with(tick, &set).expect("a valid time");
        if k > 60 {
            ride.limited += a.report.is_some_and(|r| r.anchor_limited) as u32;
            ride.worst_link = ride.worst_link.max(c.worst_link_ratio());
            ride.local_speed = ride.local_speed.max(c.local_speed());
        }
    }
    ride
}
