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
