//! The three garments, authored in their anchors' bind frames (DESIGN §7:
//! particles are anchor-relative), and the geometry each is drawn and
//! exported with.
//!
//! | garment | front door            | default preset | anchor      |
//! |---------|-----------------------|----------------|-------------|
//! | cape    | sheet (triangles)     | COTTON         | chest       |
//! | skirt   | tree (16 strips)      | DENIM          | pelvis      |
//! | rope    | tree (one chain)      | ROPE           | right hand  |
//!
//! The cape carries a painted backstop (a sphere behind its surface the
//! cloth never enters), as a garment artist would give it.
//!
//! Each is authored outside the body by at least the thickest preset's
//! contact offset (LEATHER, 20 mm), so any preset passes the bind-pose
//! check (§29) — the check is enforced, and a garment moved into the body
//! fails the seed with the node and the collider named.

use crate::character::Bone;
use crate::measure::Stats;
use cloth_solver::front_door::{self, Parent, TreeInput};
use cloth_solver::library::{self, Preset};
use cloth_solver::pose::{self, Pose, Vec3};
use cloth_solver::{Backstop, BindPoseCheck, Cloth, ClothInput, ColliderSet, SeedError, Source, Space, VertexLayout};
use std::f64::consts::TAU;
use std::time::Instant;

/// Which garment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Cape,
    Skirt,
    Rope,
}

impl Piece {
    pub const ALL: [Piece; 3] = [Piece::Cape, Piece::Skirt, Piece::Rope];

    pub fn name(self) -> &'static str {
        match self {
            Piece::Cape => "cape",
            Piece::Skirt => "skirt",
            Piece::Rope => "rope",
        }
    }

    pub fn default_preset(self) -> Preset {
        match self {
            Piece::Cape => library::COTTON,
            Piece::Skirt => library::DENIM,
            Piece::Rope => library::ROPE,
        }
    }

    /// The bone the garment hangs from.
    pub fn anchor(self) -> Bone {
        match self {
            Piece::Cape => Bone::Chest,
            Piece::Skirt => Bone::Pelvis,
            Piece::Rope => Bone::Hand(1),
        }
    }
}

/// How a garment is drawn and exported.
#[derive(Clone, Debug)]
pub enum Look {
    /// A sheet drawn through a render mesh bound to it: the simulated
    /// triangles cut into four at their edges' midpoints, with texture
    /// coordinates (bind position, m) for the gingham checks. `mesh` is the
    /// library's number for it once attached.
    Sheet { render: RenderMesh, mesh: Option<usize> },
    /// Strips of nodes (root first), each drawn as a ribbon `width` wide
    /// along `lateral` — a bind-frame direction the node's pose turns.
    Strips { strips: Vec<Vec<u32>>, lateral: Vec<Vec3>, width: Vec<f64> },
    /// One chain of nodes drawn as a tube.
    Rope { radius: f32 },
}

/// A render mesh in the anchor frame's bind pose.
#[derive(Clone, Debug)]
pub struct RenderMesh {
    pub positions: Vec<[f32; 3]>,
    pub triangles: Vec<[u32; 3]>,
    pub uv: Vec<[f32; 2]>,
}

impl RenderMesh {
    /// The mesh over `positions` and `triangles` subdivided once: every
    /// triangle cut into four at its edges' midpoints, each midpoint shared
    /// by the triangles on its edge, positions and texture coordinates
    /// interpolated. An engine's render mesh is finer than its simulated
    /// one; this is the demo's.
    pub fn subdivided(positions: &[[f32; 3]], triangles: &[[u32; 3]], uv: &[[f32; 2]]) -> Self {
        let mut mesh = RenderMesh { positions: positions.to_vec(), triangles: Vec::new(), uv: uv.to_vec() };
        let mut midpoints = std::collections::HashMap::new();
        let mut midpoint = |mesh: &mut RenderMesh, a: u32, b: u32| -> u32 {
            *midpoints.entry((a.min(b), a.max(b))).or_insert_with(|| {
                let (p, q) = (positions[a as usize], positions[b as usize]);
                let (s, t) = (uv[a as usize], uv[b as usize]);
                mesh.positions.push([0, 1, 2].map(|k| 0.5 * (p[k] + q[k])));
                mesh.uv.push([0.5 * (s[0] + t[0]), 0.5 * (s[1] + t[1])]);
                mesh.positions.len() as u32 - 1
            })
        };
        for &[a, b, c] in triangles {
            let (ab, bc, ca) = (midpoint(&mut mesh, a, b), midpoint(&mut mesh, b, c), midpoint(&mut mesh, c, a));
            mesh.triangles.extend([[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]);
        }
        mesh
    }
}

/// A garment's cloth input (anchor frame) and look.
pub struct Pattern {
    pub input: ClothInput,
    pub look: Look,
}

/// The pattern of `piece`, with node masses from the preset's density.
pub fn pattern(piece: Piece, preset: &Preset) -> Pattern {
    match piece {
        Piece::Cape => cape(preset.density),
        Piece::Skirt => skirt(preset.density),
        Piece::Rope => rope(preset.density),
    }
}

/// Cape columns × rows and length, m: 2.8 cm spacing, 651 particles.
const CAPE_COLUMNS: usize = 21;
const CAPE_ROWS: usize = 31;
const CAPE_LENGTH: f64 = 0.85;

/// The cape's backstop: distance behind the authored surface and radius, m.
const CAPE_BACKSTOP: (f32, f32) = (0.01, 1.0);

/// A cape in the chest's frame: its top row pinned in an arc behind the
/// neck from shoulder to shoulder, above the chest capsule; below, an A-line
/// that widens from 0.40 to 0.64 m, slants back 12 cm per metre and opens
/// out its curve towards the hem, so it clears the back (≥ 35 mm) and the
/// arms hanging beside it.
fn cape(density: f64) -> Pattern {
    let (cols, rows) = (CAPE_COLUMNS, CAPE_ROWS);
    let mut positions = Vec::with_capacity(cols * rows);
    let mut uv = Vec::with_capacity(cols * rows);
    for r in 0..rows {
        let f = r as f64 / (rows - 1) as f64;
        let drop = CAPE_LENGTH * f;
        let half_width = 0.20 + 0.12 * f;
        let curve = 1.1 * (1.0 - 0.7 * f);
        let back = -0.145 - 0.12 * drop;
        for c in 0..cols {
            let x = half_width * (2.0 * c as f64 / (cols - 1) as f64 - 1.0);
            positions.push([x as f32, (0.13 - drop) as f32, (back + curve * x * x) as f32]);
            uv.push([x as f32, drop as f32]);
        }
    }
    let node = |c: usize, r: usize| (r * cols + c) as u32;
    let mut triangles = Vec::with_capacity(2 * (cols - 1) * (rows - 1));
    for r in 0..rows - 1 {
        for c in 0..cols - 1 {
            let (a, b, cc, d) = (node(c, r), node(c + 1, r), node(c, r + 1), node(c + 1, r + 1));
            // Counter-clockwise seen from behind: the outside is the front.
            triangles.push([a, b, d]);
            triangles.push([a, d, cc]);
        }
    }
    let area = (0.40 + 0.64) / 2.0 * CAPE_LENGTH;
    let n = positions.len();
    let input = ClothInput {
        positions,
        masses: vec![(density * area / n as f64) as f32; n],
        fixed: (0..n).map(|i| i < cols).collect(),
        triangles: triangles.clone(),
        parents: Vec::new(),
        bind_rotations: Vec::new(),
    };
    let render = RenderMesh::subdivided(&input.positions, &triangles, &uv);
    Pattern { input, look: Look::Sheet { render, mesh: None } }
}

/// Skirt strips and nodes per strip (the root pinned at the waist), link, m.
const SKIRT_STRIPS: usize = 16;
const SKIRT_NODES: usize = 8;
const SKIRT_LINK: f64 = 0.065;
/// The host's identifiers of the anchor bones (the tree front door names
/// the bone each root hangs from).
const PELVIS_BONE: u32 = 1;
const HAND_BONE: u32 = 2;

/// A skirt of strips in the pelvis's frame: roots on a 20.5 cm ring at the
/// waist, each strip flaring out 20 cm per metre down to 0.46 m below it
/// (above the knee), clear of the hips, thighs and hanging hands.
fn skirt(density: f64) -> Pattern {
    let mut tree = TreeInput::default();
    let mut strips = Vec::new();
    let (mut lateral, mut width) = (Vec::new(), Vec::new());
    for k in 0..SKIRT_STRIPS {
        let theta = TAU * (k as f64 + 0.5) / SKIRT_STRIPS as f64;
        let (s, c) = theta.sin_cos();
        let mut strip = Vec::new();
        for j in 0..SKIRT_NODES {
            let node = tree.positions.len() as u32;
            let drop = j as f64 * SKIRT_LINK;
            let r = 0.205 + 0.2 * drop;
            tree.positions.push([(r * s) as f32, (0.06 - drop) as f32, (r * c) as f32]);
            tree.parents.push(if j == 0 { Parent::Bone(PELVIS_BONE) } else { Parent::Node(node - 1) });
            let w = 0.96 * TAU * r / SKIRT_STRIPS as f64;
            tree.masses.push((density * w * SKIRT_LINK) as f32);
            lateral.push([c, 0.0, -s]);
            width.push(w);
            strip.push(node);
        }
        strips.push(strip);
    }
    let (input, _) = front_door::tree(&tree).expect("the skirt is a valid tree");
    Pattern { input, look: Look::Strips { strips, lateral, width } }
}

/// Rope links and link length, m: 0.72 m, short enough to swing clear of the
/// ground from a hanging hand.
const ROPE_LINKS: usize = 18;
const ROPE_LINK: f64 = 0.04;

/// A rope held in the right hand: its root 9 cm below the wrist (inside the
/// fist, pinned), hanging along the hand's −Y with a lean of 1e-3 of a link
/// per link (scenes.rs: never exactly axis-aligned).
fn rope(density: f64) -> Pattern {
    let mut tree = TreeInput::default();
    for j in 0..=ROPE_LINKS {
        let t = j as f64 * ROPE_LINK;
        tree.positions.push([0.0, (-0.09 - t) as f32, (1e-3 * t) as f32]);
        tree.parents.push(if j == 0 { Parent::Bone(HAND_BONE) } else { Parent::Node(j as u32 - 1) });
        tree.masses.push((density * ROPE_LINK) as f32);
    }
    let (input, _) = front_door::tree(&tree).expect("the rope is a valid tree");
    Pattern { input, look: Look::Rope { radius: 0.012 } }
}

/// A garment being simulated: its cloth, how it is drawn, and what was
/// measured on it.
pub struct Garment {
    pub piece: Piece,
    pub preset: Preset,
    pub cloth: Cloth,
    pub look: Look,
    /// Pinned nodes (exempt from the penetration measure, as from the
    /// bind-pose check: a pinned row sits on the body by design).
    pub fixed: Vec<bool>,
    pub stats: Stats,
    /// Pose buffers for the strips' ribbons.
    world: Vec<Pose>,
    local: Vec<Pose>,
}

/// A garment in world space, as drawn and exported.
pub enum WorldShape {
    /// Positions (m), triangles and texture coordinates of a surface, and
    /// its unit normals per position where the library gives them (empty:
    /// the renderer computes them).
    Surface { positions: Vec<[f32; 3]>, triangles: Vec<[u32; 3]>, uv: Vec<[f32; 2]>, normals: Vec<[f32; 3]> },
    /// A polyline, m.
    Line { points: Vec<[f32; 3]>, radius: f32 },
}

impl Garment {
    /// Seeds the garment at its anchor's pose among `colliders`, with the
    /// bind-pose check enforced (§29).
    pub fn new(piece: Piece, preset: Preset, anchor: Pose, colliders: &ColliderSet) -> Result<Garment, SeedError> {
        let Pattern { input, mut look } = pattern(piece, &preset);
        let mut cloth = Cloth::with_colliders(&input, preset.dynamics, anchor, colliders, BindPoseCheck::Enforce)?;
        if let Look::Sheet { render, mesh } = &mut look {
            *mesh = Some(cloth.attach_render_mesh(&render.positions).expect("the cape binds its render mesh"));
            // Painted as an artist paints a cape: a backstop 10 mm behind the
            // authored surface (which clears the back by ≥ 35 mm), a sphere
            // of 1 m (locally nearly a plane), keeps the cape off the torso
            // where its capsules are coarse.
            let back = Backstop { distance: CAPE_BACKSTOP.0, radius: CAPE_BACKSTOP.1 };
            cloth.set_backstops(0, &vec![back; cloth.nodes()]).expect("a valid backstop");
        }
        let n = cloth.nodes();
        Ok(Garment {
            piece,
            preset,
            cloth,
            look,
            fixed: input.fixed,
            stats: Stats::default(),
            world: vec![Pose::IDENTITY; n],
            local: vec![Pose::IDENTITY; n],
        })
    }

    /// Steps the cloth against `colliders`, timing the step.
    pub fn step(&mut self, colliders: &ColliderSet) {
        let start = Instant::now();
        let report = self.cloth.step_with(colliders);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        self.stats.record_step(ms, &report);
    }

    /// Advances the cloth by a host frame of `seconds` against `colliders`
    /// (a variable-rate host), timing the fixed steps it runs.
    pub fn advance(&mut self, seconds: f64, colliders: &ColliderSet) {
        let start = Instant::now();
        let a = self.cloth.advance_with(seconds, colliders).expect("a host frame time is finite and positive");
        if let Some(report) = a.report {
            let ms = start.elapsed().as_secs_f64() * 1e3 / a.steps as f64;
            self.stats.record_step(ms, &report);
        }
    }

    /// The garment in world space now.
    pub fn world_shape(&mut self) -> WorldShape {
        let cloth = &self.cloth;
        let world = |n: usize| cloth.world_position(n).map(|c| c as f32);
        match &self.look {
            Look::Sheet { render, mesh } => {
                // What an engine does with a sheet: its render mesh's
                // positions and normals in one strided read, straight into
                // its vertex layout.
                let n = render.positions.len();
                let layout = VertexLayout {
                    space: Space::World,
                    first: 0,
                    count: n,
                    stride: 24,
                    position: Some(0),
                    normal: Some(12),
                    tangent: None,
                };
                let mut bytes = vec![0u8; 24 * n];
                let source = Source::RenderMesh(mesh.expect("attached at seed"));
                self.cloth.write_vertices(&layout, source, &mut bytes).expect("a layout of every render vertex");
                let field = |v: usize, at: usize| {
                    [0, 4, 8].map(|k| f32::from_ne_bytes(bytes[24 * v + at + k..][..4].try_into().expect("four bytes")))
                };
                WorldShape::Surface {
                    positions: (0..n).map(|v| field(v, 0)).collect(),
                    triangles: render.triangles.clone(),
                    uv: render.uv.clone(),
                    normals: (0..n).map(|v| field(v, 12)).collect(),
                }
            }
            Look::Rope { radius } => {
                WorldShape::Line { points: (0..cloth.nodes()).map(world).collect(), radius: *radius }
            }
            Look::Strips { strips, lateral, width } => {
                // Poses out (DESIGN §10): each node's world rotation turns its
                // bind-frame lateral direction with the strip.
                self.cloth.node_poses(&mut self.world, &mut self.local).expect("buffers hold every node");
                let (mut positions, mut triangles, mut uv) = (Vec::new(), Vec::new(), Vec::new());
                for (k, strip) in strips.iter().enumerate() {
                    for (j, &node) in strip.iter().enumerate() {
                        let n = node as usize;
                        let pose = self.world[n];
                        let side = pose::scale(pose.rotation.rotate(lateral[n]), 0.5 * width[n]);
                        for sign in [-1.0, 1.0] {
                            let p = pose::add(pose.translation, pose::scale(side, sign));
                            positions.push(p.map(|c| c as f32));
                            // Checks continue round the waist: u is arc length at the ring.
                            let arc = TAU * 0.205 / SKIRT_STRIPS as f64;
                            uv.push([(arc * (k as f64 + 0.5 + 0.48 * sign)) as f32, (j as f64 * SKIRT_LINK) as f32]);
                        }
                        if j > 0 {
                            let (l0, r0) = (positions.len() as u32 - 4, positions.len() as u32 - 3);
                            let (l1, r1) = (l0 + 2, r0 + 2);
                            // Counter-clockwise seen from outside the skirt.
                            triangles.push([l0, r1, r0]);
                            triangles.push([l0, l1, r1]);
                        }
                    }
                }
                WorldShape::Surface { positions, triangles, uv, normals: Vec::new() }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::character::{Body, Gait, Root, Skeleton};

    fn standing() -> (Skeleton, Body) {
        let s = Skeleton::new(&Root { x: -1.7, z: 0.0, yaw: 1.0, speed: 0.0 }, &Gait::default());
        let body = Body::new(&s).unwrap();
        (s, body)
    }

    /// Every garment is authored outside the body by every preset's contact
    /// offset, so any `--preset` seeds with the check enforced.
    #[test]
    fn every_preset_fits_every_garment() {
        let (s, body) = standing();
        for piece in Piece::ALL {
            for preset in library::ALL {
                let g = Garment::new(piece, preset, s.bone(piece.anchor()), &body.colliders);
                assert!(g.is_ok(), "{} in {}: {:?}", piece.name(), preset.name, g.err());
            }
        }
    }

    /// A cape authored 15 cm forward — into the chest — fails the seed and
    /// names a free node and the collider it is in (§29).
    #[test]
    fn a_cape_inside_the_body_fails_loudly() {
        let (s, body) = standing();
        let mut input = pattern(Piece::Cape, &library::COTTON).input;
        input.positions.iter_mut().for_each(|p| p[2] += 0.15);
        let anchor = s.bone(Piece::Cape.anchor());
        let e =
            Cloth::with_colliders(&input, library::COTTON.dynamics, anchor, &body.colliders, BindPoseCheck::Enforce)
                .unwrap_err();
        match e {
            SeedError::InsideCollider { node, collider, distance, offset } => {
                assert!(node >= CAPE_COLUMNS, "node {node} is pinned, and exempt");
                assert!(collider > 0 && distance < offset, "collider {collider}, {distance} m from it");
            }
            other => panic!("expected InsideCollider, got {other:?}"),
        }
    }
}
