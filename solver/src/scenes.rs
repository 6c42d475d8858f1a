//! The registry of named scenes, shared by tests, benchmarks, the demo and
//! the C examples (STYLE.md habit 10). Every scene is built through the
//! front doors a host would use.
//!
//! Test scenes are never exactly axis-aligned (DESIGN §3 rule 8): a rope along
//! −Y pushed by a floor along +Y folds into an exact equilibrium with nothing
//! lateral to act on (§22). A `lean` of 1e-3 of a spacing per row is enough.

use crate::dynamics::Dynamics;
use crate::seed::{ClothInput, SeedOptions};

/// Which way a sheet is authored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SheetPlane {
    /// In the XZ plane at y = 0: the fixed row along +X, rows along +Z
    /// (released from horizontal, it swings down).
    Horizontal,
    /// In the XY plane: the fixed row along +X at y = 0, rows hanging along −Y.
    Hanging,
}

/// A rectangular sheet: `columns × rows` particles at `spacing`, one
/// diagonal per quad (from `(i, j)` to `(i+1, j+1)`), row 0 is the "top".
#[derive(Clone, Debug)]
pub struct SheetSpec {
    pub columns: usize,
    pub rows: usize,
    /// m.
    pub spacing: f64,
    /// Total mass of all particles, kg, shared equally.
    pub mass: f64,
    /// Which nodes are fixed: `fixed(column, row)`.
    pub fixed: fn(usize, usize, usize, usize) -> bool,
    pub plane: SheetPlane,
    /// Shear per row as a fraction of the spacing (along +X for a horizontal
    /// sheet, out of plane along +Z for a hanging one).
    pub lean: f64,
}

/// The fixed rule "row 0 is pinned".
pub fn top_row(_c: usize, r: usize, _cols: usize, _rows: usize) -> bool {
    r == 0
}

impl SheetSpec {
    /// Node index of particle `(column, row)`.
    pub fn node(&self, c: usize, r: usize) -> u32 {
        (r * self.columns + c) as u32
    }

    pub fn input(&self) -> ClothInput {
        let n = self.columns * self.rows;
        let mut input = ClothInput {
            positions: Vec::with_capacity(n),
            masses: vec![(self.mass / n as f64) as f32; n],
            fixed: Vec::with_capacity(n),
            triangles: Vec::new(),
            parents: Vec::new(),
            bind_rotations: Vec::new(),
        };
        let s = self.spacing;
        for r in 0..self.rows {
            for c in 0..self.columns {
                let (u, v) = (c as f64 * s, r as f64 * s);
                let shear = r as f64 * self.lean * s;
                let p = match self.plane {
                    SheetPlane::Horizontal => [u + shear, 0.0, v],
                    SheetPlane::Hanging => [u, -v, shear],
                };
                input.positions.push(p.map(|x| x as f32));
                input.fixed.push((self.fixed)(c, r, self.columns, self.rows));
            }
        }
        for r in 0..self.rows - 1 {
            for c in 0..self.columns - 1 {
                let (a, b, cc, d) =
                    (self.node(c, r), self.node(c + 1, r), self.node(c + 1, r + 1), self.node(c, r + 1));
                input.triangles.push([a, b, cc]);
                input.triangles.push([a, cc, d]);
            }
        }
        input
    }
}

/// A chain (rope): `links` links of `link` m hanging from a fixed root at the
/// origin, node `k`'s parent is `k − 1`.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainSpec {
    pub links: usize,
    /// Link length, m.
    pub link: f64,
    /// Mass per free particle, kg.
    pub particle_mass: f64,
    /// Unit direction the chain is authored along.
    pub direction: [f64; 3],
    /// Lateral offset per link (along +X, or +Z if the chain runs along X), as
    /// a fraction of the link.
    pub lean: f64,
}

impl ChainSpec {
    pub fn input(&self) -> ClothInput {
        let n = self.links + 1;
        let side = if self.direction[0].abs() > 0.9 { [0.0, 0.0, 1.0] } else { [1.0, 0.0, 0.0] };
        let positions = (0..n)
            .map(|k| {
                let t = k as f64 * self.link;
                let l = k as f64 * self.lean * self.link;
                [0, 1, 2].map(|d| (self.direction[d] * t + side[d] * l) as f32)
            })
            .collect();
        ClothInput {
            positions,
            masses: vec![self.particle_mass as f32; n],
            fixed: (0..n).map(|k| k == 0).collect(),
            triangles: Vec::new(),
            parents: (0..n).map(|k| k.checked_sub(1).map(|p| p as u32)).collect(),
            bind_rotations: Vec::new(),
        }
    }
}

/// W0 (PERFORMANCE.md): a 32×32 sheet at 2 cm, 0.5 kg, top edge fixed, one
/// diagonal per quad, released from horizontal with a lean of 1e-3.
pub fn w0_sheet() -> SheetSpec {
    SheetSpec {
        columns: 32,
        rows: 32,
        spacing: 0.02,
        mass: 0.5,
        fixed: top_row,
        plane: SheetPlane::Horizontal,
        lean: 1e-3,
    }
}

/// W0's dynamics: 60 Hz, 2 substeps × 4 iterations, COTTON's bend 0.25, no damping.
pub fn w0_dynamics() -> Dynamics {
    Dynamics { substeps: 2, iterations: 4, bend: 0.25, damping: 0.0, ..Dynamics::default() }
}

/// The W0 cloth: the sheet, its dynamics and the M0 row set (stretch and
/// bend rows only, as the record's §7 measured).
pub fn w0_cloth(options: SeedOptions) -> crate::Cloth {
    crate::Cloth::with_options(&w0_sheet().input(), w0_dynamics(), crate::Tuning::default(), options).expect("W0 seeds")
}

/// The record's M0 chain (§2): 20 links of 2 cm, 5e-4 kg particles, root
/// fixed, hanging straight down at rest length.
pub fn m0_chain() -> ChainSpec {
    ChainSpec { links: 20, link: 0.02, particle_mass: 5e-4, direction: [0.0, -1.0, 0.0], lean: 0.0 }
}

/// The proxy a library entry was sized at (§14): a `side × side` sheet at
/// 2 cm hanging from its top row, or a chain of 5 cm links.
pub fn library_proxy(preset: &crate::library::Preset) -> ClothInput {
    match preset.proxy {
        crate::library::Proxy::Sheet { side } => {
            let spacing = 0.02;
            let area = ((side - 1) as f64 * spacing).powi(2);
            SheetSpec {
                columns: side,
                rows: side,
                spacing,
                mass: preset.density * area,
                fixed: top_row,
                plane: SheetPlane::Hanging,
                lean: 1e-3,
            }
            .input()
        }
        crate::library::Proxy::Chain { links } => {
            let link = 0.05;
            ChainSpec { links, link, particle_mass: preset.density * link, direction: [0.0, -1.0, 0.0], lean: 1e-3 }
                .input()
        }
    }
}

/// A motion profile for the anchor (§13, §15, §25).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Motion {
    /// The anchor never moves.
    Still,
    /// A square wave in velocity along +X: `speed` for one second, stop dead
    /// for one, `−speed` for one, stop for one, repeat. A walk is 2.4 m/s, a
    /// sprint 9 m/s (§13, §15).
    SquareWave { speed: f64 },
    /// A constant velocity along +X.
    Steady { speed: f64 },
}

impl Motion {
    pub const WALK: Motion = Motion::SquareWave { speed: 2.4 };
    pub const SPRINT: Motion = Motion::SquareWave { speed: 9.0 };

    /// Anchor translation along X at time `t`, m.
    pub fn x(&self, t: f64) -> f64 {
        match *self {
            Motion::Still => 0.0,
            Motion::Steady { speed } => speed * t,
            Motion::SquareWave { speed } => {
                // Per 4-second period: +speed, 0, −speed, 0.
                let period = (t / 4.0).floor();
                let phase = t - 4.0 * period;
                match phase {
                    p if p < 1.0 => speed * p,
                    p if p < 2.0 => speed,
                    p if p < 3.0 => speed - speed * (p - 2.0),
                    _ => 0.0,
                }
            }
        }
    }

    /// The anchor's world pose at step `k` (0 = the start) of `dt`.
    pub fn pose(&self, k: usize, dt: f64) -> crate::pose::Pose {
        crate::pose::Pose::from_translation([self.x(k as f64 * dt), 0.0, 0.0])
    }
}

/// A fanned cape (§25–§26, §37): `strips` strips of `joints` joints under
/// one anchor at the neck. Each strip's root is pinned near the neck, its
/// first link runs out nearly horizontally to the shoulder line (the fan),
/// the rest hang down in links of `link` m. Strips are `spacing` m apart at
/// the shoulders. With 5 × 7, 8.5 cm and 11 cm the reach is ~0.67 m (§26's
/// garment: 0.68 m) and the closest ungoverned pair 8.5 cm (§37).
pub fn fan_cape(strips: usize, joints: usize, spacing: f64, link: f64) -> crate::front_door::TreeInput {
    use crate::front_door::{Parent, TreeInput};
    let mut t = TreeInput::default();
    let half = (strips - 1) as f64 * spacing / 2.0;
    for s in 0..strips {
        let x = s as f64 * spacing - half;
        let root = t.parents.len() as u32;
        for j in 0..joints {
            let p = match j {
                0 => [0.3 * x, 0.0, 0.0],
                _ => [x, -0.03 - link * (j - 1) as f64, 0.02 + 1e-3 * j as f64 * link],
            };
            t.positions.push(p.map(|c| c as f32));
            t.parents.push(if j == 0 { Parent::Bone(0) } else { Parent::Node(root + j as u32 - 1) });
            t.masses.push(0.01);
        }
    }
    t
}

/// The same cape as a rig: a skeleton whose joint 0 is the root, joint 1 the
/// spine (the anchor), and the cape joints hang from it with parent-relative
/// bind transforms (each cape joint's bind rotation is the identity; the
/// spine sits at `spine` from the root). Returns the skeleton and the cape's
/// joint indices in tree order.
pub fn fan_cape_rig(cape: &crate::front_door::TreeInput, spine: [f64; 3]) -> (crate::front_door::Skeleton, Vec<u32>) {
    use crate::front_door::{Parent, Skeleton};
    use crate::pose::{self, Pose};
    let mut sk =
        Skeleton { parents: vec![None, Some(0)], local_bind: vec![Pose::IDENTITY, Pose::from_translation(spine)] };
    let base = 2u32;
    for (n, parent) in cape.parents.iter().enumerate() {
        let here = cape.positions[n].map(f64::from);
        let (joint_parent, from) = match *parent {
            Parent::Bone(_) => (1, [0.0; 3]),
            Parent::Node(p) => (base + p, cape.positions[p as usize].map(f64::from)),
        };
        sk.parents.push(Some(joint_parent));
        sk.local_bind.push(Pose::from_translation(pose::sub(here, from)));
    }
    (sk, (base..base + cape.parents.len() as u32).collect())
}

/// A seeded gust: a smooth, horizontal acceleration field added to gravity,
/// so a cloth keeps moving (W2, and the folding sheet of §30–§37 averaged
/// over realisations). Two incommensurate sines per horizontal axis with
/// seeded phases, rates and a peak of ~`strength` m/s².
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gust {
    pub strength: f64,
    phase: [f64; 4],
    rate: [f64; 4],
}

impl Gust {
    pub fn new(seed: u64, strength: f64) -> Self {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let phase = [0; 4].map(|_| rng.range(0.0, std::f64::consts::TAU));
        let rate = [0; 4].map(|_| rng.range(0.6, 2.2));
        Gust { strength, phase, rate }
    }

    /// The gust's acceleration at time `t`, m/s² (world frame).
    pub fn at(&self, t: f64) -> [f64; 3] {
        let w = |k: usize| (self.rate[k] * std::f64::consts::TAU * t + self.phase[k]).sin();
        let s = self.strength / 1.5;
        [s * (w(0) + 0.5 * w(1)), 0.0, s * (w(2) + 0.5 * w(3))]
    }

    /// Gravity plus the gust at step `k` of `dt`.
    pub fn gravity(&self, k: usize, dt: f64) -> [f64; 3] {
        let g = self.at(k as f64 * dt);
        [g[0], g[1] - 9.81, g[2]]
    }
}

/// W3's colliders (PERFORMANCE.md): `count` body-like shapes behind the W1
/// sheet's hanging plane, each reaching 1.5 cm through it so the hanging sheet
/// rests against every one of them; or, with `in_range = false`, one sphere
/// far from the cloth. Shapes cycle sphere, capsule, tapered capsule, rounded
/// box, on a grid over the sheet's hanging area.
pub fn w3_colliders(count: usize, in_range: bool) -> crate::ColliderSet {
    use crate::pose::Pose;
    use crate::Shape;
    let mut set = crate::ColliderSet::new();
    if !in_range {
        set.add(Shape::sphere(0.1).expect("valid"), Pose::from_translation([5.0, 5.0, 5.0])).expect("valid");
        return set;
    }
    let columns = match count {
        0 | 1 => 1,
        2..=4 => 2,
        5..=8 => 4,
        _ => 5,
    };
    let rows = count.div_ceil(columns);
    for i in 0..count {
        let (c, r) = (i % columns, i / columns);
        let x = 0.06 + 0.5 * (c as f64 + 0.5) / columns as f64;
        let y = -0.08 - 0.48 * (r as f64 + 0.5) / rows as f64;
        let (shape, reach) = match i % 4 {
            0 => (Shape::sphere(0.05), 0.05),
            1 => (Shape::capsule([-0.04, 0.0, 0.0], [0.04, 0.0, 0.0], 0.04), 0.04),
            2 => (Shape::tapered_capsule([0.0, 0.04, 0.0], 0.045, [0.0, -0.04, 0.0], 0.03), 0.045),
            _ => (Shape::cuboid([0.04, 0.04, 0.04], 0.01), 0.04),
        };
        let centre = [x, y, -(reach - 0.015)];
        set.add(shape.expect("valid"), Pose::from_translation(centre)).expect("valid");
    }
    set
}

/// Pins one corner.
pub fn one_corner(c: usize, r: usize, _cols: usize, _rows: usize) -> bool {
    r == 0 && c == 0
}

/// The folding sheet of §31–§36: 12×12 at 2 cm, 0.06 kg, pinned by one
/// corner so a gust flaps it and folds it onto itself.
pub fn folding_sheet() -> SheetSpec {
    SheetSpec {
        columns: 12,
        rows: 12,
        spacing: 0.02,
        mass: 0.06,
        fixed: one_corner,
        plane: SheetPlane::Horizontal,
        lean: 1e-3,
    }
}

/// The cape of §37: 5 strips of 7 joints, 8.5 cm apart at the shoulder line
/// (0.340 m wide), every link 0.0801 m. The roots are pinned on a neckline
/// at 0.6 of their strip's offset, so each first link runs out and down to
/// its strip; nothing joins one strip to the next, and under gravity the
/// strips swing in toward the neck.
pub fn strip_cape() -> crate::front_door::TreeInput {
    use crate::front_door::{Parent, TreeInput};
    let (strips, joints, spacing, link) = (5, 7, 0.085, 0.0801);
    let mut t = TreeInput::default();
    let half = (strips - 1) as f64 * spacing / 2.0;
    for s in 0..strips {
        let x = s as f64 * spacing - half;
        let root = t.parents.len() as u32;
        // The first link: 0.4·x across, 2 cm back, the rest down.
        let drop = (link * link - (0.4 * x) * (0.4 * x) - 0.02 * 0.02).sqrt();
        for j in 0..joints {
            let p = match j {
                0 => [0.6 * x, 0.0, 0.0],
                _ => [x, -drop - link * (j - 1) as f64, 0.02 + 1e-3 * j as f64 * link],
            };
            t.positions.push(p.map(|c| c as f32));
            t.parents.push(if j == 0 { Parent::Bone(0) } else { Parent::Node(root + j as u32 - 1) });
            t.masses.push(0.01);
        }
    }
    t
}

// --- General content (PERFORMANCE.md, "General content") -----------------
//
// The record's scenes are regular grids, fans and strips pinned in one
// place. Users author irregular meshes pinned in several places, or not at
// all. Every gate that claims a fact about garments runs on these too.

/// Which neckline nodes of an [`IrregularCape`] are fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapePins {
    /// The `n` neckline nodes nearest its centre (all of them if it has fewer).
    Neckline(usize),
    /// `n` nodes at each end of the neckline: a cape on two shoulders.
    Shoulders(usize),
}

/// An irregular garment as an artist authors one: a cape hanging from a
/// curved neckline, wrapped around the back, wider at the hem than at the
/// neck, meshed in rows whose spacing grows from the neck to the hem and
/// varies row to row, interior points jittered, rows zipped together with
/// the shorter diagonal (so triangle shapes and sizes vary), optionally
/// with a hole. Masses are lumped from triangle areas, so they vary too.
///
/// The surface: a point `s` m along its row (from the centre line) and `v`
/// m down the garment sits on a cone around the Y axis of radius
/// `R(v) = neck_radius + flare·v`, at angle `s/R(v)` from −Z — behind a
/// body whose axis is the Y axis. `wrap = 0` gives a flat trapezoid in the
/// XY plane (leaning 1e-3 out of it, DESIGN §3 rule 8).
#[derive(Clone, Debug, PartialEq)]
pub struct IrregularCape {
    pub seed: u64,
    /// Width along the neckline and along the hem, m (arc length).
    pub neck_width: f64,
    pub hem_width: f64,
    /// Length from the neckline's ends to the hem, m.
    pub length: f64,
    /// Target spacing at the neck and at the hem, m.
    pub neck_spacing: f64,
    pub hem_spacing: f64,
    /// Random displacement of interior points, in local spacings (< 0.35
    /// keeps every triangle well shaped enough to seed).
    pub jitter: f64,
    /// Angle the neckline wraps around the body, rad (0 = flat).
    pub wrap: f64,
    /// How far the neckline's centre sits below its ends, m.
    pub neckline_dip: f64,
    /// Outward growth of the wrap radius per metre down (a flared cape falls
    /// in onto the body), m/m.
    pub flare: f64,
    pub pins: CapePins,
    /// Cut an elliptical hole through the lower middle.
    pub hole: bool,
    /// Mass per square metre, kg.
    pub density: f64,
}

impl IrregularCape {
    /// The cape of issue 16 (~600 nodes, 15 neckline nodes fixed), varied
    /// by `seed`: seeds cycle through flat and wrapped capes, with and
    /// without a hole, at a density of 0.3 kg/m².
    pub fn from_seed(seed: u64) -> Self {
        IrregularCape {
            seed,
            neck_width: 0.34,
            hem_width: 0.7,
            length: 0.7,
            neck_spacing: 0.018,
            hem_spacing: 0.032,
            jitter: 0.3,
            wrap: [0.0, 1.3, 2.2][(seed % 3) as usize],
            neckline_dip: 0.04,
            flare: 0.25,
            pins: CapePins::Neckline(15),
            hole: seed % 2 == 1,
            density: 0.3,
        }
    }

    /// The same cape with its target spacing scaled by `k` (0.5: about four
    /// times the nodes).
    pub fn with_spacing(self, k: f64) -> Self {
        IrregularCape { neck_spacing: k * self.neck_spacing, hem_spacing: k * self.hem_spacing, ..self }
    }

    /// Radius of the cone at the neckline, m (∞ when flat).
    pub fn neck_radius(&self) -> f64 {
        if self.wrap > 0.0 {
            self.neck_width / self.wrap
        } else {
            f64::INFINITY
        }
    }

    /// Position of the surface point `(s, v)`.
    fn surface(&self, s: f64, v: f64) -> [f64; 3] {
        if self.wrap > 0.0 {
            let r = self.neck_radius() + self.flare * v;
            let a = s / r;
            [r * a.sin(), -v, -r * a.cos()]
        } else {
            [s, -v, -1e-3 * v - self.flare * v]
        }
    }

    pub fn input(&self) -> ClothInput {
        let mut rng = crate::rng::SplitMix64::new(self.seed ^ 0xC4FE);
        // Rows: spacing grows from the neck to the hem, ±25 % row to row.
        let mut rows_v = vec![0.0];
        while *rows_v.last().expect("one row") < self.length {
            let v: f64 = *rows_v.last().expect("one row");
            let t = v / self.length;
            let spacing = self.neck_spacing + (self.hem_spacing - self.neck_spacing) * t;
            rows_v.push(v + spacing * rng.range(0.75, 1.25));
        }
        let last = rows_v.len() - 1;
        rows_v[last] = self.length;
        if rows_v[last] - rows_v[last - 1] < 0.5 * self.neck_spacing {
            rows_v.remove(last - 1);
        }
        // Points per row in (s, v); the neckline dips at its centre.
        let mut uv: Vec<Vec<(f64, f64)>> = Vec::new();
        for (r, &v) in rows_v.iter().enumerate() {
            let t = v / self.length;
            let width = self.neck_width + (self.hem_width - self.neck_width) * t;
            let spacing = self.neck_spacing + (self.hem_spacing - self.neck_spacing) * t;
            let count = (width / spacing).round().max(2.0) as usize + 1;
            let interior_row = r > 0 && r < rows_v.len() - 1;
            let row = (0..count)
                .map(|k| {
                    let u = k as f64 / (count - 1) as f64 - 0.5; // −½ … ½
                    let mut s = u * width;
                    let mut v = v + self.neckline_dip * (1.0 - 4.0 * u * u) * (1.0 - t);
                    if interior_row && k > 0 && k < count - 1 {
                        s += self.jitter * spacing * rng.range(-1.0, 1.0);
                        v += self.jitter * spacing * rng.range(-1.0, 1.0);
                    }
                    (s, v)
                })
                .collect();
            uv.push(row);
        }
        // Zip consecutive rows with the shorter diagonal.
        let mut index = Vec::new();
        let mut flat: Vec<(f64, f64)> = Vec::new();
        for row in &uv {
            index.push(flat.len());
            flat.extend_from_slice(row);
        }
        let d2 = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2);
        let mut triangles: Vec<[u32; 3]> = Vec::new();
        for r in 0..uv.len() - 1 {
            let (a, b) = (&uv[r], &uv[r + 1]);
            let (ia, ib) = (index[r], index[r + 1]);
            let (mut i, mut j) = (0, 0);
            while i + 1 < a.len() || j + 1 < b.len() {
                let advance_a = if i + 1 == a.len() {
                    false
                } else if j + 1 == b.len() {
                    true
                } else {
                    d2(a[i + 1], b[j]) < d2(a[i], b[j + 1])
                };
                let (p, q) = ((ia + i) as u32, (ib + j) as u32);
                if advance_a {
                    triangles.push([p, q, p + 1]);
                    i += 1;
                } else {
                    triangles.push([p, q, q + 1]);
                    j += 1;
                }
            }
        }
        if self.hole {
            let (hs, hv, rs, rv) = (0.05, 0.62 * self.length, 0.09, 0.07);
            triangles.retain(|t| {
                let c =
                    t.iter().fold((0.0, 0.0), |c, &n| (c.0 + flat[n as usize].0 / 3.0, c.1 + flat[n as usize].1 / 3.0));
                ((c.0 - hs) / rs).powi(2) + ((c.1 - hv) / rv).powi(2) > 1.0
            });
        }
        // Fixed neckline nodes.
        let neck = uv[0].len();
        let fixed_top: Vec<bool> = (0..neck)
            .map(|k| match self.pins {
                CapePins::Neckline(n) => {
                    let n = n.min(neck);
                    let first = (neck - n) / 2;
                    k >= first && k < first + n
                }
                CapePins::Shoulders(n) => k < n || k + n >= neck,
            })
            .collect();
        // Keep the nodes some triangle uses, in order.
        let mut used = vec![false; flat.len()];
        for t in &triangles {
            for &n in t {
                used[n as usize] = true;
            }
        }
        let mut renumber = vec![u32::MAX; flat.len()];
        let mut input = ClothInput::default();
        for (n, &(s, v)) in flat.iter().enumerate() {
            if used[n] {
                renumber[n] = input.positions.len() as u32;
                input.positions.push(self.surface(s, v).map(|c| c as f32));
                input.fixed.push(n < neck && fixed_top[n]);
            }
        }
        input.triangles = triangles.iter().map(|t| t.map(|n| renumber[n as usize])).collect();
        input.masses = lumped_masses(&input.positions, &input.triangles, self.density);
        input
    }
}

/// A skirt as an artist authors one: a closed tube of `columns` nodes
/// around by `rows` rings down, its waist ring fixed, flaring from
/// `waist_radius` to `hem_radius` over `length`, every node below the waist
/// jittered by up to `jitter` m along and around the surface, quads split by
/// their shorter diagonal. Masses are lumped from triangle areas. The axis
/// leans 1e-3 off Y (DESIGN §3 rule 8).
#[derive(Clone, Debug, PartialEq)]
pub struct Skirt {
    pub seed: u64,
    pub columns: usize,
    pub rows: usize,
    pub waist_radius: f64,
    pub hem_radius: f64,
    pub length: f64,
    pub jitter: f64,
    /// Mass per square metre, kg.
    pub density: f64,
}

impl Skirt {
    /// A knee-length skirt, 24 × 14 nodes (~4.5 cm spacing at the hem),
    /// jittered by up to 4 mm, at 0.3 kg/m², varied by `seed`.
    pub fn from_seed(seed: u64) -> Self {
        Skirt {
            seed,
            columns: 24,
            rows: 14,
            waist_radius: 0.14,
            hem_radius: 0.2,
            length: 0.45,
            jitter: 0.004,
            density: 0.3,
        }
    }

    pub fn input(&self) -> ClothInput {
        let mut rng = crate::rng::SplitMix64::new(self.seed ^ 0x5C1E7);
        let (m, n) = (self.columns, self.rows);
        let mut input = ClothInput::default();
        for r in 0..n {
            let t = r as f64 / (n - 1) as f64;
            for c in 0..m {
                let (mut a, mut v) = (std::f64::consts::TAU * c as f64 / m as f64, t * self.length);
                let radius = self.waist_radius + (self.hem_radius - self.waist_radius) * t;
                if r > 0 {
                    a += self.jitter * rng.range(-1.0, 1.0) / radius;
                    v += self.jitter * rng.range(-1.0, 1.0);
                }
                let radius = self.waist_radius + (self.hem_radius - self.waist_radius) * v / self.length;
                let (x, z) = (radius * a.sin(), radius * a.cos());
                input.positions.push([(x + 1e-3 * v) as f32, -v as f32, z as f32]);
                input.fixed.push(r == 0);
            }
        }
        let at = |r: usize, c: usize| (r * m + c % m) as u32;
        let d2 = |a: u32, b: u32| {
            let (p, q) = (input.positions[a as usize], input.positions[b as usize]);
            (0..3).map(|d| (p[d] as f64 - q[d] as f64).powi(2)).sum::<f64>()
        };
        let mut triangles = Vec::new();
        for r in 0..n - 1 {
            for c in 0..m {
                let (a, b, p, q) = (at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1));
                if d2(a, q) <= d2(b, p) {
                    triangles.extend([[a, p, q], [a, q, b]]);
                } else {
                    triangles.extend([[a, p, b], [b, p, q]]);
                }
            }
        }
        input.masses = lumped_masses(&input.positions, &triangles, self.density);
        input.triangles = triangles;
        input
    }
}

/// An accordion-pleated panel as a user authors one: 12 × 12 nodes, 3 cm
/// panels whose neighbours meet at `angle_deg` (180 is flat) along vertical
/// fold lines, the top row fixed, leaning 1e-3 (DESIGN §3 rule 8); masses
/// lumped at `density` kg/m².
pub fn pleats(angle_deg: f64, density: f64) -> ClothInput {
    let (cols, rows, panel) = (12usize, 12usize, 0.03);
    let half = angle_deg.to_radians() / 2.0;
    let mut input = ClothInput::default();
    let mut xz = vec![[0.0f64, 0.0]];
    for c in 1..cols {
        let [x, z] = xz[c - 1];
        let side = if c % 2 == 1 { 1.0 } else { -1.0 };
        xz.push([x + panel * half.sin(), z + side * panel * half.cos()]);
    }
    for r in 0..rows {
        let y = -(r as f64) * panel;
        for &[x, z] in &xz {
            input.positions.push([(x + 1e-3 * y) as f32, y as f32, z as f32]);
            input.fixed.push(r == 0);
        }
    }
    let at = |r: usize, c: usize| (r * cols + c) as u32;
    for r in 0..rows - 1 {
        for c in 0..cols - 1 {
            input.triangles.push([at(r, c), at(r + 1, c), at(r + 1, c + 1)]);
            input.triangles.push([at(r, c), at(r + 1, c + 1), at(r, c + 1)]);
        }
    }
    input.masses = lumped_masses(&input.positions, &input.triangles, density);
    input
}

/// Lumped node masses of a sheet, kg: `density` (kg/m²) times a third of the
/// area of each triangle the node is a corner of.
pub fn lumped_masses(positions: &[[f32; 3]], triangles: &[[u32; 3]], density: f64) -> Vec<f32> {
    crate::seed::masses_from_density(positions, triangles, density).expect("a fixture's mesh and density are valid")
}

/// A band wrapped round the neck on a cylinder of `radius` over `arc` rad:
/// 13 pins on the neckline, a row of 7 free nodes each fanned to three of
/// them (the neckline's zipper where the next row is coarser), offset by a
/// third of the pins' spacing as a user's fan is (a symmetric one rounds its
/// free corner's bend weight to 0), then 11 rows of 7 down the cylinder, 3 cm
/// apart; masses from `density`, kg/m² ([`lumped_masses`]).
pub fn fanned_neckline(radius: f64, arc: f64, density: f64) -> ClothInput {
    let (rows, columns, spacing) = (12, 7, 0.03);
    let at = |angle: f64, y: f64| [(radius * angle.sin()) as f32, y as f32, (-radius * angle.cos()) as f32];
    let angle = |k: usize, of: usize| arc * (k as f64 / (of - 1) as f64 - 0.5);
    let skew = arc / 12.0 / 3.0;
    let mut positions: Vec<[f32; 3]> = (0..13).map(|k| at(angle(k, 13), 0.0)).collect();
    for r in 1..=rows {
        let offset = if r == 1 { skew } else { 0.0 };
        positions.extend((0..columns).map(|c| at(angle(c, columns) + offset, -spacing * r as f64)));
    }
    let row = |r: usize, c: usize| (13 + (r - 1) * columns + c) as u32;
    let mut triangles = Vec::new();
    for j in 0..columns {
        let (p, q) = (2 * j as u32, row(1, j));
        if j > 0 {
            triangles.push([p - 1, p, q]);
            triangles.push([p - 1, q, row(1, j - 1)]);
        }
        if j + 1 < columns {
            triangles.push([p, p + 1, q]);
        }
    }
    for r in 1..rows {
        for c in 0..columns - 1 {
            triangles.push([row(r, c), row(r + 1, c), row(r, c + 1)]);
            triangles.push([row(r, c + 1), row(r + 1, c), row(r + 1, c + 1)]);
        }
    }
    let n = positions.len();
    ClothInput {
        masses: lumped_masses(&positions, &triangles, density),
        fixed: (0..n).map(|i| i < 13).collect(),
        positions,
        triangles,
        ..ClothInput::default()
    }
}

/// A catenary of arc length `length` between two points `span` apart at the
/// same height: `(x, y)` of `points` points at equal arc length, centred on
/// x = 0 with its ends at y = 0 — the static shape of a hanging chain, so
/// a two-pin scene starts where it should rest.
pub fn catenary(length: f64, span: f64, points: usize) -> Vec<(f64, f64)> {
    // 2a·sinh(span/2a) = length, solved for a by bisection (monotone in a).
    let f = |a: f64| 2.0 * a * (span / (2.0 * a)).sinh() - length;
    let (mut lo, mut hi) = (1e-3 * span, 1e3 * span);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let a = 0.5 * (lo + hi);
    let top = a * (span / (2.0 * a)).cosh();
    (0..points)
        .map(|k| {
            let s = length * (k as f64 / (points - 1) as f64 - 0.5);
            let x = a * (s / a).asinh();
            (x, a * (x / a).cosh() - top)
        })
        .collect()
}

/// A chain of `links` links of `link` m pinned at both ends, the ends `span`
/// m apart, authored on its catenary (leaning 1e-3 out of its plane);
/// `mass` per free node, kg.
pub fn pinned_chain(links: usize, link: f64, span: f64, mass: f64) -> ClothInput {
    let n = links + 1;
    let curve = catenary(links as f64 * link, span, n);
    ClothInput {
        positions: curve.iter().map(|&(x, y)| [x as f32, y as f32, (1e-3 * y) as f32]).collect(),
        masses: vec![mass as f32; n],
        fixed: (0..n).map(|k| k == 0 || k == n - 1).collect(),
        triangles: Vec::new(),
        parents: (0..n).map(|k| k.checked_sub(1).map(|p| p as u32)).collect(),
        bind_rotations: Vec::new(),
    }
}

/// A ribbon two nodes wide (`width` m across, along Z) and `rows` nodes long
/// at `spacing`, pinned by both nodes at each end, the ends `span` m apart,
/// authored on its catenary; `density` kg/m².
pub fn pinned_ribbon(rows: usize, spacing: f64, width: f64, span: f64, density: f64) -> ClothInput {
    let curve = catenary((rows - 1) as f64 * spacing, span, rows);
    let mass = (density * spacing * width / 2.0) as f32;
    let mut input = ClothInput::default();
    for (r, &(x, y)) in curve.iter().enumerate() {
        for side in 0..2 {
            input.positions.push([x as f32, y as f32, (side as f64 * width + 1e-3 * y) as f32]);
            input.masses.push(mass);
            input.fixed.push(r == 0 || r == rows - 1);
        }
    }
    for r in 0..rows as u32 - 1 {
        let (a, b, c, d) = (2 * r, 2 * r + 1, 2 * r + 3, 2 * r + 2);
        input.triangles.push([a, b, c]);
        input.triangles.push([a, c, d]);
    }
    input
}

/// The two top corners are pinned (a cape on two shoulders).
pub fn top_corners(c: usize, r: usize, cols: usize, _rows: usize) -> bool {
    r == 0 && (c == 0 || c == cols - 1)
}

/// Nothing is pinned (a free cloth).
pub fn no_pins(_c: usize, _r: usize, _cols: usize, _rows: usize) -> bool {
    false
}
