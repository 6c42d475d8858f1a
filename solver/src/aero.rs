//! Wind and aerodynamics: drag and lift on every triangle, drag on every
//! segment of a tree, from the cloth's velocity relative to the air.
//!
//! ```text
//!   per step, at the first substep (after its frame shift), frame axes:
//!     gust_i      = turbulence at particle i's world position (world axes)
//!     air(x)      = R⁻¹·(W + gust) − (1 − s)·(V + ω × x)
//!     triangle    u = mean of its corners' velocities − mean air,  n̂, A from x0
//!                 F = −½ρA·[C_d·|u·n̂|·u + C_l·(u·n̂/|u|)·(|u|²n̂ − (u·n̂)u)]
//!     segment     u⊥ = part of u ⊥ the segment,  F = −½ρ·C_d·d·L·|u⊥|·u⊥,  d = 2·thickness
//!     particle    a = ΣF/(3 or 2)/m,  scaled by min(1, m/(dt·D));  â = (g + a)/|g + a|
//!   per substep, after the inertial target (a and â turned into the substep's axes):
//!                 y += h²·a
//!                 start x = x0 + h·v + h²·â·clamp(((v − v_prev)/h)·â, 0, |g + a|)
//! ```
//!
//! **The model** is NvCloth's (`SwSolverKernel::applyWind`): drag along the
//! relative velocity scaled by the projected area `A·|cos θ|`, lift across
//! it in the plane of the velocity and the normal, `∝ cos θ·sin θ`. Both are
//! even in `n̂`, so a triangle's winding never matters, and both vanish for
//! a triangle edge-on to the flow (`u·n̂ = 0`). A segment (a rope, a strip,
//! hair) is a cylinder of diameter `d` in cross-flow: drag on the velocity
//! component normal to it (the independence principle), no lift.
//!
//! **The frame.** Positions and velocities live in the anchor frame, and a
//! stored velocity is "world-like" for the fraction `s` (inertia) of the
//! frame's motion the cloth feels (`crate::anchor`): a particle welded to a
//! frame moving at `V_f(x) = V + ω × x` stores `s·V_f(x)`. Its true world
//! velocity is the stored one plus `(1 − s)·V_f(x)`, and the air is the
//! world wind turned into the frame; folding the unfelt frame motion into
//! the air gives the `air(x)` above. So a sheet carried at `V` through still
//! air feels the drag of `−V` at any inertia, and one carried at `V` in a
//! wind of `V` feels nothing (Galilean invariance). Fixed particles move
//! with the frame: their velocity is taken as `s·V_f(x)`. `V` and `ω` are
//! the anchor's over the step (zero on a teleport).
//!
//! **Once per step.** The forces are evaluated at the step's first substep
//! and held for its others (turned with the frame): the air's pass is the
//! same work however many substeps the budget spends, and it reads the
//! state a whole step apart, as the anchor's `V` and `ω` do.
//!
//! **Bounded, never reversed (the stability rule).** Drag is a damper with
//! rate `D = ½ρ·C_d·A·|u·n̂|` (kg/s, `F = −D·u`), lift bounded by
//! `½ρ·C_l·A·|u·n̂|·|u|`; a particle's share of both rates is `D_i`. Held
//! over a step, a damper overshoots once `dt·D_i/m_i > 1` — silk in a
//! 30 m/s wind reaches 5 — so a particle's aerodynamic acceleration is
//! scaled by `min(1, m_i/(dt·D_i))`: over one step it changes the
//! particle's velocity relative to the air by at most that velocity, never
//! past it. Below the bound (every ordinary wind) the force is exact, and a
//! cloth at rest in a steady wind feels exactly the model's force.
//!
//! **The adaptive start reads the whole external acceleration.** VBD's
//! initial guess (DESIGN §3) extrapolates the particle's acceleration along
//! the external one, which the step takes to be gravity; in air it is
//! `g + a`, and a particle of the air's pass starts from the same rule
//! along `g + a` (Chen et al., "Vertex Block Descent", 2024, define it for
//! the external acceleration, whatever it is). Starting along gravity
//! alone leaves a sheet in a steady wind short of its balance
//! (`MEASUREMENTS.md`, "Wind and aerodynamics", gives the figure).
//!
//! **Turbulence** is seeded value noise (`noise4`): each velocity component
//! is a smooth function in `[−amplitude, amplitude]` of the lattice point
//! `((X − W·t)/scale, frequency·t)` — gusts of size `scale` carried
//! downwind by the mean wind (Taylor's frozen-turbulence hypothesis, Taylor
//! 1938) that change `frequency` times a second where they are. `t` is the
//! cloth's air clock (the steps it has been stepped, asleep or awake, times
//! `dt`). It is evaluated once per step at each particle, in f64 with a
//! fixed order: the same bits on every run, thread count and instruction
//! set.
//!
//! **Determinism and cost.** The per-step pass (gusts, forces, the bound)
//! is f64 in slot order with no fused multiply-add, four particles or four
//! triangles at a time where the same operations apply lane by lane, and
//! stores each particle's `a`, `â` and `|g + a|` as f32. The per-substep
//! target and start ([`targets`]) run in the step's own lanes, as the
//! inertial target does. Every kernel of one precision reads the same f32
//! columns and performs the same operations, so each keeps its bits. With
//! no air, or zero drag and lift, none of it runs and the step is
//! bit-identical to one without this module.

use crate::error::ParamError;
use crate::lanes::{Lanes, Mat3, Points, V3};
use crate::model::{Model, NO_NODE};
use crate::pose::{self, Pose, Quat, Vec3};
use crate::state::State;
use std::ops::{Add, BitAnd, Div, Mul, Neg, Sub};
use wide::f64x4;

/// Density of air at sea level and 15 °C (the International Standard
/// Atmosphere), kg/m³: [`Air::default`]'s.
pub const AIR_DENSITY: f64 = 1.225;

/// The largest wind or turbulence amplitude accepted, m/s: beyond any
/// weather (the fastest gust recorded is 113 m/s), so a larger value is a
/// unit or sign error, refused rather than simulated.
pub const MAX_WIND_SPEED: f64 = 500.0;

/// A seeded turbulence field (see the module). Zero amplitude: none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Turbulence {
    /// Largest deviation of each wind component from the mean, m/s,
    /// `0..=MAX_WIND_SPEED`.
    pub amplitude: f64,
    /// How often the gusts change where they are, Hz, `0..=1000` (0: a
    /// frozen field carried by the mean wind).
    pub frequency: f64,
    /// Gust size: the lattice spacing of the noise, m, `0.01..=1e4`.
    pub scale: f64,
    /// Seed of the field: the same seed, the same gusts.
    pub seed: u64,
}

impl Turbulence {
    /// No turbulence.
    pub const NONE: Turbulence = Turbulence { amplitude: 0.0, frequency: 1.0, scale: 2.0, seed: 0 };

    pub fn validate(&self) -> Result<(), ParamError> {
        check("turbulence.amplitude", self.amplitude, 0.0, MAX_WIND_SPEED)?;
        check("turbulence.frequency", self.frequency, 0.0, 1000.0)?;
        check("turbulence.scale", self.scale, 0.01, 1e4)
    }

    fn active(&self) -> bool {
        self.amplitude > 0.0
    }

    /// The gust at world point `x` at air time `t` with mean wind `wind`, m/s.
    pub fn at(&self, x: Vec3, t: f64, wind: Vec3) -> Vec3 {
        Sampler::new(self, &Pose::IDENTITY, t, wind).sample(x)
    }
}

/// A turbulence field at one time, sampled at points of one frame: the
/// lattice point of `x` is `M·x + o`, `M = R/scale`, `o = (T − W·t)/scale`.
struct Sampler {
    m: [Vec3; 3],
    o: Vec3,
    tau: f64,
    seed: u64,
    amplitude: f64,
    cell: NoiseCell,
}

impl Sampler {
    fn new(f: &Turbulence, frame: &Pose, t: f64, wind: Vec3) -> Sampler {
        let inv = 1.0 / f.scale;
        let m = frame.rotation.matrix().map(|row| row.map(|v| v * inv));
        let o = [0, 1, 2].map(|k| (frame.translation[k] - wind[k] * t) * inv);
        Sampler { m, o, tau: f.frequency * t, seed: f.seed, amplitude: f.amplitude, cell: NoiseCell::default() }
    }

    fn sample(&mut self, x: Vec3) -> Vec3 {
        let m = &self.m;
        let p = [0, 1, 2].map(|r| m[r][0] * x[0] + m[r][1] * x[1] + m[r][2] * x[2] + self.o[r]);
        pose::scale(self.cell.sample(self.seed, [p[0], p[1], p[2], self.tau]), self.amplitude)
    }

    /// [`Sampler::sample`] at four points at once, the same operations lane
    /// by lane, where all four lie in one kept cell ([`NoiseCell::inside`]);
    /// `None` otherwise (the caller samples them one by one).
    fn sample4(&mut self, x: [f64x4; 3]) -> Option<[f64x4; 3]> {
        let (m, o) = (&self.m, &self.o);
        let s = f64x4::splat;
        let p = [0, 1, 2].map(|r| s(m[r][0]) * x[0] + s(m[r][1]) * x[1] + s(m[r][2]) * x[2] + s(o[r]));
        let cube = self.cell.inside(p)?;
        let w = [0, 1, 2].map(|k| fade4(p[k] - s(cube.base[k])));
        Some(cube.interpolate(w).map(|v| v * s(self.amplitude)))
    }
}

impl Default for Turbulence {
    fn default() -> Self {
        Turbulence::NONE
    }
}

/// The air a cloth moves through: its density, the mean wind, gusts.
///
/// A cloth and a world start with [`Air::NONE`] (no air: the record's
/// world, where drag and lift do nothing and every step is bit-identical to
/// one before aerodynamics existed); [`Air::default`] is still air at sea
/// level. **A cloth in a world feels both airs**: the world's and its own
/// winds and turbulence add, and the density is the larger of the two (so
/// either can switch the air on) — a per-cloth wind is a local gust (a fan,
/// a vehicle's slipstream) on top of the weather.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Air {
    /// kg/m³, `0..=10` (0: no air).
    pub density: f64,
    /// Mean wind, world axes, m/s, each component within ±[`MAX_WIND_SPEED`].
    pub wind: Vec3,
    pub turbulence: Turbulence,
}

impl Air {
    /// No air at all.
    pub const NONE: Air = Air { density: 0.0, wind: [0.0; 3], turbulence: Turbulence::NONE };

    /// Air at sea level ([`AIR_DENSITY`]) moving at `wind`, m/s.
    pub fn wind(wind: Vec3) -> Air {
        Air { wind, ..Air::default() }
    }

    pub fn validate(&self) -> Result<(), ParamError> {
        check("air.density", self.density, 0.0, 10.0)?;
        for w in self.wind {
            check("air.wind", w, -MAX_WIND_SPEED, MAX_WIND_SPEED)?;
        }
        self.turbulence.validate()
    }
}

impl Default for Air {
    fn default() -> Self {
        Air { density: AIR_DENSITY, wind: [0.0; 3], turbulence: Turbulence::NONE }
    }
}

fn check(name: &'static str, value: f64, lo: f64, hi: f64) -> Result<(), ParamError> {
    if value.is_finite() && value >= lo && value <= hi {
        Ok(())
    } else {
        Err(ParamError::OutOfRange { name, value, allowed: format!("{lo}..={hi}") })
    }
}

/// A cloth's air, its surface in slots, and the step's scratch. Empty
/// tables and scratch until the cloth first has air and a non-zero drag or
/// lift ([`AirState::provision`], outside any step).
#[derive(Clone, Debug, PartialEq)]
pub struct AirState {
    /// The world's air (a cloth outside a world: [`Air::NONE`]).
    pub world: Air,
    /// The cloth's own air.
    pub own: Air,
    /// The air clock, s: steps called × dt.
    pub time: f64,
    /// Triangles, as storage slots.
    triangles: Vec<[u32; 3]>,
    /// Segments (links between nodes in no triangle), as storage slots.
    segments: Vec<[u32; 2]>,
    /// Per slot: this step's gust, world axes, m/s (empty without turbulence).
    gust: Vec<Vec3>,
    /// Per slot: its start position, m, and velocity relative to the air,
    /// m/s; the step's force on it, N, and its damping rate, kg/s (frame
    /// axes).
    corner: Vec<[Vec3; 2]>,
    load: Vec<[f64; 4]>,
    /// Per free slot: the step's aerodynamic acceleration, m/s², and the
    /// direction and magnitude of the whole external one `g + a` the start
    /// is moved along, frame axes of the step's first substep.
    accel: Points,
    start_dir: Points,
    start_mag: Vec<f32>,
    /// The tables are built.
    built: bool,
}

impl Default for AirState {
    /// No air, nothing built.
    fn default() -> Self {
        AirState {
            world: Air::NONE,
            own: Air::NONE,
            time: 0.0,
            triangles: Vec::new(),
            segments: Vec::new(),
            gust: Vec::new(),
            corner: Vec::new(),
            load: Vec::new(),
            accel: Points::zeros(0),
            start_dir: Points::zeros(0),
            start_mag: Vec::new(),
            built: false,
        }
    }
}

impl AirState {
    /// The density the cloth feels, kg/m³.
    pub fn density(&self) -> f64 {
        self.world.density.max(self.own.density)
    }

    /// The mean wind the cloth feels, world axes, m/s.
    pub fn mean_wind(&self) -> Vec3 {
        pose::add(self.world.wind, self.own.wind)
    }

    /// Whether any turbulence blows on the cloth.
    pub fn turbulent(&self) -> bool {
        self.density() > 0.0 && (self.world.turbulence.active() || self.own.turbulence.active())
    }

    /// Whether aerodynamics acts on a cloth with coefficients `drag`, `lift`.
    pub fn acts(&self, drag: f64, lift: f64) -> bool {
        self.density() > 0.0 && (drag > 0.0 || lift > 0.0)
    }

    /// Whether it acts and its tables are built ([`AirState::provision`]):
    /// what the step reads, so air set around `Cloth::set_air` (through
    /// `Cloth::state_mut`) acts only once provisioned, never out of bounds.
    pub fn ready(&self, drag: f64, lift: f64) -> bool {
        self.built && self.acts(drag, lift)
    }

    /// Builds the slot tables from the caller's triangles (a sheet) and the
    /// model's stretch rows between nodes in no triangle (a tree), and sizes
    /// the scratch, when aerodynamics first acts. Allocates; never called
    /// inside a step.
    pub fn provision(&mut self, model: &Model, triangles: &[[u32; 3]], drag: f64, lift: f64) {
        if !self.acts(drag, lift) {
            return;
        }
        if !self.built {
            let slot = |n: u32| model.slot_of_node[n as usize];
            self.triangles = triangles.iter().map(|t| t.map(slot)).collect();
            let mut in_triangle = vec![false; model.slots];
            for t in &self.triangles {
                for &s in t {
                    in_triangle[s as usize] = true;
                }
            }
            let l = &model.links;
            self.segments = l
                .stretch
                .clone()
                .filter(|&r| l.rest[r] > 0.0 && !in_triangle[l.a[r] as usize] && !in_triangle[l.b[r] as usize])
                .map(|r| [l.a[r], l.b[r]])
                .collect();
            self.corner = vec![[[0.0; 3]; 2]; model.slots];
            self.load = vec![[0.0; 4]; model.slots];
            self.accel = Points::zeros(model.slots);
            self.start_dir = Points::zeros(model.slots);
            self.start_mag = vec![0.0; model.slots];
            self.built = true;
        }
        if self.turbulent() && self.gust.is_empty() {
            self.gust = vec![[0.0; 3]; model.slots];
        }
    }

    /// Bytes held (the memory report's particles region).
    pub fn bytes(&self) -> usize {
        12 * self.triangles.capacity()
            + 8 * self.segments.capacity()
            + 24 * self.gust.capacity()
            + 12 * (self.accel.x.capacity() + self.start_dir.x.capacity())
            + 48 * self.corner.capacity()
            + 32 * self.load.capacity()
            + 4 * self.start_mag.capacity()
    }

    /// Samples the turbulence at every particle's world position at the
    /// start of a step (`anchor`: the pose the positions are relative to;
    /// `t`: the air clock at the step's start).
    pub(crate) fn sample_gusts(&mut self, model: &Model, x: &Points, anchor: &Pose, t: f64) {
        if !self.turbulent() || self.gust.is_empty() {
            return;
        }
        let wind = self.mean_wind();
        let sampler = |f: &Turbulence| f.active().then(|| Sampler::new(f, anchor, t, wind));
        let (mut world, mut own) = (sampler(&self.world.turbulence), sampler(&self.own.turbulence));
        let slots = model.slots;
        let (nodes, gust) = (&model.node_of_slot[..slots], &mut self.gust[..slots]);
        let [px, py, pz] = columns(x, slots);
        let mut s = 0;
        // Four slots at a time where all four are particles; each field's
        // value is summed onto 0 as the one-by-one loop below does.
        while s + 4 <= slots {
            if nodes[s..s + 4].contains(&NO_NODE) {
                for q in (s..s + 4).filter(|&q| nodes[q] != NO_NODE) {
                    gust[q] = sum_of(&mut world, &mut own, [px[q], py[q], pz[q]].map(f64::from));
                }
                s += 4;
                continue;
            }
            let at = [px, py, pz].map(|c| f64x4::from(std::array::from_fn::<f64, 4, _>(|l| c[s + l] as f64)));
            let mut g = [f64x4::ZERO; 3];
            for f in [&mut world, &mut own].into_iter().flatten() {
                let v = match f.sample4(at) {
                    Some(v) => v,
                    None => {
                        let one: [Vec3; 4] = std::array::from_fn(|l| f.sample(at.map(|c| c.to_array()[l])));
                        [0, 1, 2].map(|ch| f64x4::from(one.map(|v| v[ch])))
                    }
                };
                g = [0, 1, 2].map(|ch| g[ch] + v[ch]);
            }
            let g = g.map(|c| c.to_array());
            for l in 0..4 {
                gust[s + l] = [g[0][l], g[1][l], g[2][l]];
            }
            s += 4;
        }
        for q in s..slots {
            if nodes[q] != NO_NODE {
                gust[q] = sum_of(&mut world, &mut own, [px[q], py[q], pz[q]].map(f64::from));
            }
        }
    }
}

/// The gust at `at`: each active field's sample summed onto 0.
fn sum_of(world: &mut Option<Sampler>, own: &mut Option<Sampler>, at: Vec3) -> Vec3 {
    let mut g = [0.0; 3];
    for f in [world, own].into_iter().flatten() {
        g = pose::add(g, f.sample(at));
    }
    g
}

/// What one substep's aerodynamics needs besides the state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AirSubstep {
    pub dt: f64,
    /// `½ρ·C_d`, `½ρ·C_l`, kg/m³.
    pub drag: f64,
    pub lift: f64,
    /// Segment diameter, m.
    pub diameter: f64,
    /// World to frame axes at the substep's end.
    pub to_frame: Quat,
    /// The mean wind, world axes, m/s.
    pub wind: Vec3,
    /// The anchor's velocity and angular velocity over the step, frame
    /// axes, and the inertia `s` the cloth feels them with.
    pub frame_velocity: Vec3,
    pub frame_omega: Vec3,
    pub inertia: f64,
    /// Gravity, frame axes at the substep's end, m/s².
    pub gravity: Vec3,
}

/// The aerodynamic acceleration of every free particle for the step, frame
/// axes of its first substep (`accel`), from the positions and velocities
/// that substep starts from (the module's diagram).
pub(crate) fn accelerations(model: &Model, st: &mut State, c: &AirSubstep) {
    let State { air, x0, v, .. } = st;
    // Not `!gust.is_empty()`: the gusts of turbulence since switched off
    // stay in the scratch.
    let turbulent = air.turbulent();
    let AirState { triangles, segments, gust, corner, load, accel, start_dir, start_mag, .. } = air;
    let to_frame = c.to_frame.matrix();
    let turn = |w: Vec3| [0, 1, 2].map(|r| to_frame[r][0] * w[0] + to_frame[r][1] * w[1] + to_frame[r][2] * w[2]);
    let wind = turn(c.wind);
    let unfelt = 1.0 - c.inertia;
    // Per slot: the position, and the velocity relative to the air there,
    // u = v + (1 − s)·V_f(x) − R⁻¹·(W + gust); a fixed particle's v is
    // s·V_f(x). The air is affine in x and the gust enters linearly, so a
    // triangle's or segment's mean of these is its own u at its centre.
    let moving = c.frame_velocity != [0.0; 3] || c.frame_omega != [0.0; 3];
    let (slots, swept) = (model.slots, model.swept);
    let (x0, v) = (columns(x0, slots), columns(v, swept));
    let (corner, load) = (&mut corner[..slots], &mut load[..slots]);
    for s in 0..slots {
        let p = [0, 1, 2].map(|k| x0[k][s] as f64);
        let frame = match moving {
            true => pose::add(c.frame_velocity, pose::cross(c.frame_omega, p)),
            false => [0.0; 3],
        };
        let mut u = match s < swept {
            true => pose::add([0, 1, 2].map(|k| v[k][s] as f64), pose::scale(frame, unfelt)),
            false => frame,
        };
        u = pose::sub(u, wind);
        if turbulent {
            u = pose::sub(u, turn(gust[s]));
        }
        corner[s] = [p, u];
        load[s] = [0.0; 4];
    }
    // Four triangles' forces at a time, then one by one; each triangle's
    // force is added to its corners in triangle order either way.
    let mut add = |t: &[u32; 3], f: [f64; 4]| {
        for &s in t {
            let w = &mut load[s as usize];
            *w = [w[0] + f[0], w[1] + f[1], w[2] + f[2], w[3] + f[3]];
        }
    };
    let mut fours = triangles.chunks_exact(4);
    for four in fours.by_ref() {
        let at = |corner_of: usize, what: usize, k: usize| {
            f64x4::from(std::array::from_fn::<f64, 4, _>(|l| corner[four[l][corner_of] as usize][what][k]))
        };
        let [p, u] = [0, 1].map(|what| [0, 1, 2].map(|i| [0, 1, 2].map(|k| at(i, what, k))));
        let (f, acts) = triangle_force(c, p, u);
        let f = f.map(|v| v.to_array());
        for (l, t) in four.iter().enumerate().filter(|&(l, _)| acts.to_bitmask() >> l & 1 == 1) {
            add(t, f.map(|v| v[l]));
        }
    }
    for t in fours.remainder() {
        let [p, u] = [0, 1].map(|what| t.map(|s| corner[s as usize][what]));
        let (f, acts) = triangle_force(c, p, u);
        if acts {
            add(t, f);
        }
    }
    for sg in segments.iter() {
        let [i, j] = sg.map(|s| s as usize);
        let e = pose::sub(corner[j][0], corner[i][0]);
        let len2 = pose::dot(e, e);
        if len2 == 0.0 {
            continue;
        }
        let u = pose::scale(pose::add(corner[i][1], corner[j][1]), 0.5);
        // u⊥ = u − (u·ê)ê;  −½ρC_d·d·L·|u⊥|·u⊥, half to each end.
        let normal = pose::sub(u, pose::scale(e, pose::dot(u, e) / len2));
        let d = c.drag * c.diameter * len2.sqrt() * pose::norm(normal);
        let f = pose::scale(normal, -0.5 * d);
        for s in [i, j] {
            let w = &mut load[s];
            *w = [w[0] + f[0], w[1] + f[1], w[2] + f[2], w[3] + 0.5 * d];
        }
    }
    let inv_mass = &model.inv_mass[..swept];
    let start_mag = &mut start_mag[..swept];
    for s in 0..swept {
        let w = inv_mass[s] as f64;
        let [fx, fy, fz, rate] = load[s];
        if w == 0.0 || rate == 0.0 {
            accel.set(s, [0.0; 3]);
            continue;
        }
        // The bound: over the step the relative velocity changes by at most
        // itself.
        let z = c.dt * rate * w;
        let a = pose::scale([fx, fy, fz], if z > 1.0 { w / z } else { w });
        accel.set(s, a.map(|v| v as f32));
        // The start's direction along g + a; a turn of the frame turns both.
        let ext = pose::add(c.gravity, a);
        let mag = pose::norm(ext);
        start_mag[s] = mag as f32;
        let dir = if mag > 0.0 { pose::scale(ext, 1.0 / mag) } else { [0.0; 3] };
        start_dir.set(s, dir.map(|v| v as f32));
    }
}

/// A triangle's drag and lift, a third of each for each corner, and the rate
/// `(½ρC_d + ½ρC_l)·A|u·n̂|/3` that bounds it (`[f, rate]`), from its
/// corners' positions `p` and velocities through the air `u`; whether it
/// acts (it has an area and moves through the air). With A = |n2|/2,
/// n̂ = n2/|n2|: drag −½ρC_d·A|u·n̂|·u and lift
/// −½ρC_l·A·(u·n̂/|u|)(|u|²n̂ − (u·n̂)u).
#[inline(always)]
fn triangle_force<T: Reals>(c: &AirSubstep, p: [[T; 3]; 3], u: [[T; 3]; 3]) -> ([T; 4], T::Mask) {
    let [a, b, cc] = p;
    let sub = |x: [T; 3], y: [T; 3]| [0, 1, 2].map(|k| x[k] - y[k]);
    let dot = |x: [T; 3], y: [T; 3]| x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    let (e, g) = (sub(b, a), sub(cc, a));
    let n2 = [e[1] * g[2] - e[2] * g[1], e[2] * g[0] - e[0] * g[2], e[0] * g[1] - e[1] * g[0]];
    let nn = dot(n2, n2);
    let third = T::of(1.0 / 3.0);
    let u = [0, 1, 2].map(|k| (u[0][k] + u[1][k] + u[2][k]) * third);
    let u2 = dot(u, u);
    let acts = T::nonzero(nn) & T::nonzero(u2);
    let un2 = dot(u, n2);
    let d = T::of(c.drag * 0.5) * un2.abs() * third;
    let l = if c.lift == 0.0 { T::of(0.0) } else { T::of(c.lift * 0.5) * un2 / (nn * u2).sqrt() * third };
    let f = [0, 1, 2].map(|q| -(d * u[q]) - l * (u2 * n2[q] - un2 * u[q]));
    let r = T::of((c.drag + c.lift) * 0.5) * un2.abs() * third;
    ([f[0], f[1], f[2], r], acts)
}

/// Adds `h²·a` to the inertial target of every free particle the air
/// moves and restarts it along `g + a`, both turned by `turn` (from the
/// first substep's frame axes to this one's; `None`: the same), in the
/// step's lanes after [`crate::step`]'s `begin_substep`:
/// `x = x0 + h·v + h²·â·clamp(((v − v_prev)/h)·â, 0, |g + a|)`.
#[inline(always)]
pub(crate) fn targets<L: Lanes>(model: &Model, st: &mut State, h: f64, turn: Option<&[Vec3; 3]>) {
    let State { air, x, x0, v, v_prev, y, .. } = st;
    let (hl, h2, inv_h, zero) = (L::splat(h), L::splat(h * h), L::splat(1.0 / h), L::zero());
    let turn = turn.map(|m| Mat3::<L>::splat(*m));
    let turned = |a: V3<L>| match &turn {
        Some(m) => m.mul(a),
        None => a,
    };
    let is_zero = |c: L| L::not(L::or(c.lt(zero), c.gt(zero)));
    for at in (0..model.swept).step_by(L::WIDTH) {
        let a = air.accel.load::<L>(at);
        let idle = L::and(L::and(is_zero(a.x), is_zero(a.y)), is_zero(a.z));
        if L::bits(idle) == (1u32 << L::WIDTH) - 1 {
            continue;
        }
        let (a, dir, mag) = (turned(a), turned(air.start_dir.load::<L>(at)), L::load(&air.start_mag, at));
        let old = y.load::<L>(at);
        y.store(at, select(idle, old, old + a.scale(h2)));
        let (v0, vs) = (x0.load::<L>(at), v.load::<L>(at));
        let along = ((vs - v_prev.load::<L>(at)).dot(dir) * inv_h).max(zero).min(mag);
        let start = v0 + vs.scale(hl) + dir.scale(h2 * along);
        let go = L::and(L::not(idle), mag.gt(zero));
        let old = x.load::<L>(at);
        x.store(at, select(go, start, old));
    }
}

/// `a` where `m`, else `b`, per axis.
#[inline(always)]
fn select<L: Lanes>(m: L::Mask, a: V3<L>, b: V3<L>) -> V3<L> {
    V3::new(L::select(m, a.x, b.x), L::select(m, a.y, b.y), L::select(m, a.z, b.z))
}

/// The first `n` entries of each of `p`'s columns.
fn columns(p: &Points, n: usize) -> [&[f32]; 3] {
    [&p.x[..n], &p.y[..n], &p.z[..n]]
}

/// Seeded 4D value noise: three channels, each in `[−1, 1]`, interpolated
/// with the quintic fade `6t⁵ − 15t⁴ + 10t³` (Perlin 2002) between hashed
/// values at the 16 corners of the lattice cell holding `p`. A lattice
/// point's three values come from one SplitMix64 finaliser (Steele, Lea &
/// Flood 2014) of its coordinates and the seed, 21 bits each.
pub fn noise4(seed: u64, p: [f64; 4]) -> Vec3 {
    NoiseCell::default().sample(seed, p)
}

/// The last few lattice cells' values at one time, kept while the points
/// sampled stay in them: particles in slot order mostly share a handful of
/// cells (gusts are larger than a cloth's spacing), and a cell costs 16
/// hashes. The 16 corners are interpolated along time first, once per
/// cell, leaving the 8 of the cell's cube at that time. Cells are `floor`
/// of the coordinate as an i64 (saturating), hashed modulo 2⁶⁴. A cell's
/// values are a function of its key alone, so what is kept never changes a
/// sample.
#[derive(Default)]
struct NoiseCell {
    keys: [Option<([i64; 4], u64)>; NOISE_CELLS],
    cubes: [Cube; NOISE_CELLS],
    /// The entry the next new cell replaces (round robin), and the one the
    /// last sample read.
    next: usize,
    last: usize,
}

/// Cells a sampler keeps: a cloth no longer than one gust size along each
/// lattice axis straddles at most two cells per axis, eight in all.
const NOISE_CELLS: usize = 8;

/// `⌊c⌋` as an integer, saturating (NaN: 0); `f64::floor` is a libm call
/// on the baseline instruction set.
fn floor(c: f64) -> i64 {
    let i = c as i64;
    if (i as f64) > c {
        i.saturating_sub(1)
    } else {
        i
    }
}

/// `c − ⌊c⌋` in `[0, 1]` (0 for NaN; beyond i64 the saturated cell leaves
/// the edge of a cell, so a far point is a cell's corner).
fn fraction(c: f64, cell: i64) -> f64 {
    let f = c - cell as f64;
    if f >= 0.0 {
        f.min(1.0)
    } else {
        0.0
    }
}

/// The quintic fade `6t⁵ − 15t⁴ + 10t³`.
fn fade(t: f64) -> f64 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

/// [`fade`] in four lanes, the same operations in the same order.
fn fade4(t: f64x4) -> f64x4 {
    let s = f64x4::splat;
    t * t * t * (t * (t * s(6.0) - s(15.0)) + s(10.0))
}

impl NoiseCell {
    fn sample(&mut self, seed: u64, p: [f64; 4]) -> Vec3 {
        let base = p.map(floor);
        let key = (base, p[3].to_bits());
        if self.keys[self.last] != Some(key) {
            self.last = match self.keys.iter().position(|k| *k == Some(key)) {
                Some(i) => i,
                None => {
                    let i = self.next;
                    self.next = (i + 1) % NOISE_CELLS;
                    self.keys[i] = Some(key);
                    self.cubes[i] = Cube::new(cube(seed, base, p[3]), base);
                    i
                }
            };
        }
        let w = [0, 1, 2].map(|k| fade(fraction(p[k], base[k])));
        self.cubes[self.last].interpolate(w)
    }

    /// A kept cube whose cell holds all four points `p` (lattice
    /// coordinates; every kept cell is at the sampler's one time):
    /// `base ≤ p < base + 1` on each axis, so `⌊p⌋ = base` and the fraction
    /// is `p − base` in `[0, 1)`, as [`floor`] and [`fraction`] give it.
    fn inside(&mut self, p: [f64x4; 3]) -> Option<&Cube> {
        let first = p.map(|c| c.to_array()[0]);
        let holds = |c: &Cube| (0..3).all(|k| first[k] >= c.base[k] && first[k] < c.base[k] + 1.0);
        let i = (0..NOISE_CELLS)
            .map(|d| (self.last + d) % NOISE_CELLS)
            .find(|&i| self.keys[i].is_some() && holds(&self.cubes[i]))?;
        self.last = i;
        let c = &self.cubes[i];
        // Beyond 2⁵² a cell's edge `base + 1` is not exact: sample one by one.
        if c.base.iter().any(|b| b.abs() >= (1u64 << 52) as f64) {
            return None;
        }
        let within = |k: usize| {
            let lo = f64x4::splat(c.base[k]);
            p[k].simd_ge(lo) & p[k].simd_lt(lo + f64x4::ONE)
        };
        (within(0) & within(1) & within(2)).all().then_some(c)
    }
}

/// A cell's cube at one time: the values at its 8 corners (corner bit `k` is
/// axis `k`), the differences along x of its four x-edges (what the first
/// interpolation reads), and the cell's lattice point as reals.
#[derive(Clone, Copy, Default)]
struct Cube {
    corners: [Vec3; 8],
    x_edges: [Vec3; 4],
    base: [f64; 3],
}

impl Cube {
    fn new(corners: [Vec3; 8], base: [i64; 4]) -> Cube {
        let x_edges = std::array::from_fn(|i| pose::sub(corners[2 * i + 1], corners[2 * i]));
        Cube { corners, x_edges, base: [0, 1, 2].map(|k| base[k] as f64) }
    }

    /// Interpolated at weights `w` along x, then y, then z:
    /// `lo + w·(hi − lo)` per channel.
    fn interpolate<T: Reals>(&self, w: [T; 3]) -> [T; 3] {
        let c = &self.corners;
        let x: [[T; 3]; 4] =
            std::array::from_fn(|i| [0, 1, 2].map(|ch| T::of(c[2 * i][ch]) + w[0] * T::of(self.x_edges[i][ch])));
        let lerp = |lo: [T; 3], hi: [T; 3], t: T| [0, 1, 2].map(|ch| lo[ch] + t * (hi[ch] - lo[ch]));
        let y = [0, 1].map(|i| lerp(x[2 * i], x[2 * i + 1], w[1]));
        lerp(y[0], y[1], w[2])
    }
}

/// A real or four lanes of reals: what the air's per-step pass computes in,
/// one particle or triangle at a time or four.
trait Reals:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self> + Neg<Output = Self>
{
    type Mask: BitAnd<Output = Self::Mask>;
    fn of(v: f64) -> Self;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn nonzero(self) -> Self::Mask;
}
impl Reals for f64 {
    type Mask = bool;
    fn of(v: f64) -> f64 {
        v
    }
    fn abs(self) -> f64 {
        f64::abs(self)
    }
    fn sqrt(self) -> f64 {
        f64::sqrt(self)
    }
    fn nonzero(self) -> bool {
        self != 0.0
    }
}
impl Reals for f64x4 {
    type Mask = f64x4;
    fn of(v: f64) -> f64x4 {
        f64x4::splat(v)
    }
    fn abs(self) -> f64x4 {
        f64x4::abs(self)
    }
    fn sqrt(self) -> f64x4 {
        f64x4::sqrt(self)
    }
    fn nonzero(self) -> f64x4 {
        self.simd_ne(f64x4::ZERO)
    }
}

/// The 8 values of cell `base`'s cube at time `t` (lattice units): its 16
/// corners hashed, interpolated along time (corner bit 3).
fn cube(seed: u64, base: [i64; 4], t: f64) -> [Vec3; 8] {
    let mut corners = [[0.0; 3]; 16];
    for (corner, value) in corners.iter_mut().enumerate() {
        let mut h = seed ^ 0x6a09_e667_f3bc_c909;
        for (k, prime) in LATTICE_PRIMES.iter().enumerate() {
            let c = base[k].wrapping_add(((corner >> k) & 1) as i64);
            h ^= (c as u64).wrapping_mul(*prime);
        }
        let h = mix(h);
        *value = [0, 1, 2].map(|ch| ((h >> (21 * ch)) & 0x1f_ffff) as f64 * (2.0 / 0x1f_ffff as f64) - 1.0);
    }
    let wt = fade(fraction(t, base[3]));
    std::array::from_fn(|c| {
        let (lo, hi) = (corners[c], corners[c + 8]);
        [0, 1, 2].map(|ch| lo[ch] + wt * (hi[ch] - lo[ch]))
    })
}

/// Odd multipliers decorrelating the four lattice axes before the hash.
const LATTICE_PRIMES: [u64; 4] =
    [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9, 0xd6e8_feb8_6659_fd93];

/// The SplitMix64 finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four lanes of the per-step pass give the bits of the one-by-one path:
    /// gusts sampled four at a time where they share a cell, and triangle
    /// forces, over points that cross cells and triangles of every shape.
    #[test]
    fn four_lanes_match_one_by_one() {
        let mut rng = crate::rng::SplitMix64::new(23);
        let f = Turbulence { amplitude: 3.0, frequency: 2.0, scale: 0.4, seed: 9 };
        let frame = Pose::new([0.3, -1.0, 2.0], Quat::from_axis_angle([0.2, 1.0, 0.1], 0.7));
        let mut four = 0;
        for round in 0..400 {
            let mut a = Sampler::new(&f, &frame, 0.37 * round as f64, [2.0, 0.0, 5.0]);
            let mut b = Sampler::new(&f, &frame, 0.37 * round as f64, [2.0, 0.0, 5.0]);
            let spread = if round % 2 == 0 { 0.05 } else { 0.6 };
            let at: [Vec3; 4] = std::array::from_fn(|_| [0, 1, 2].map(|_| rng.range(-spread, spread)));
            a.sample(at[0]);
            let one = at.map(|x| b.sample(x));
            if let Some(v) = a.sample4([0, 1, 2].map(|k| f64x4::from(at.map(|x| x[k])))) {
                four += 1;
                let v = v.map(f64x4::to_array);
                for (l, o) in one.iter().enumerate() {
                    assert!((0..3).all(|k| v[k][l].to_bits() == o[k].to_bits()), "gust lane {l}: {o:?}");
                }
            }
        }
        assert!(four > 100, "only {four} rounds took the four-lane path");
        let c = AirSubstep {
            dt: 1.0 / 60.0,
            drag: 0.6,
            lift: 0.2,
            diameter: 0.01,
            to_frame: Quat::IDENTITY,
            wind: [0.0; 3],
            frame_velocity: [0.0; 3],
            frame_omega: [0.0; 3],
            inertia: 1.0,
            gravity: [0.0, -9.81, 0.0],
        };
        for _ in 0..400 {
            let mut corner = || [0, 1, 2].map(|_| rng.range(-1.0, 1.0));
            let t: [[[Vec3; 3]; 2]; 4] =
                std::array::from_fn(|_| [[corner(), corner(), corner()], [corner(), corner(), corner()]]);
            let lanes = |what: usize| [0, 1, 2].map(|i| [0, 1, 2].map(|k| f64x4::from(t.map(|q| q[what][i][k]))));
            let (f4, acts4) = triangle_force(&c, lanes(0), lanes(1));
            let f4 = f4.map(f64x4::to_array);
            for (l, q) in t.iter().enumerate() {
                let (f1, acts1) = triangle_force(&c, q[0], q[1]);
                assert_eq!(acts4.to_bitmask() >> l & 1 == 1, acts1);
                assert!((0..4).all(|k| f4[k][l].to_bits() == f1[k].to_bits()), "triangle lane {l}");
            }
        }
    }

    #[test]
    fn noise_is_bounded_continuous_and_seeded() {
        let a = noise4(7, [0.3, 1.7, -2.2, 0.5]);
        assert!(a.iter().all(|c| c.abs() <= 1.0));
        assert_eq!(a, noise4(7, [0.3, 1.7, -2.2, 0.5]));
        assert_ne!(a, noise4(8, [0.3, 1.7, -2.2, 0.5]));
        // Far, negative and non-finite coordinates are cells too.
        for p in [[-1e300, 0.0, 0.0, 0.0], [f64::NAN, 1.0, 2.0, 3.0], [1e300, -0.5, 0.5, -1e20]] {
            assert!(noise4(7, p).iter().all(|c| c.is_finite() && c.abs() <= 1.0));
        }
        // Continuous across a lattice face.
        let (l, r) = (noise4(7, [1.0 - 1e-9, 0.2, 0.3, 0.4]), noise4(7, [1.0, 0.2, 0.3, 0.4]));
        assert!(pose::norm(pose::sub(l, r)) < 1e-6);
    }

    #[test]
    fn air_refuses_non_finite_and_out_of_range() {
        assert!(Air::default().validate().is_ok());
        assert!(Air { density: f64::NAN, ..Air::default() }.validate().is_err());
        assert!(Air::wind([f64::INFINITY, 0.0, 0.0]).validate().is_err());
        assert!(Air::wind([501.0, 0.0, 0.0]).validate().is_err());
        let t = Turbulence { amplitude: -1.0, ..Turbulence::NONE };
        assert!(Air { turbulence: t, ..Air::default() }.validate().is_err());
        let t = Turbulence { scale: 0.0, ..Turbulence::NONE };
        assert!(Air { turbulence: t, ..Air::default() }.validate().is_err());
    }
}
