//! Seeding: one row builder behind every front door (DESIGN §9).
//!
//! A sheet, a tree of strips, a rope or a rig all produce a [`ClothInput`] —
//! bind positions, masses, which nodes are fixed, and a triangle list and/or
//! a parent per node — and [`build`] turns it into a [`Model`]: validation,
//! rows, colouring, storage order and incidence. Two front doors that produce
//! the same input therefore produce bit-identical cloths (§25).

use crate::bend::{self, Hinge};
use crate::colour;
use crate::constants::{COORDINATE_LIMIT, DENSITY_MAX, LANES, MIN_REST_LENGTH, SLIVER_FLOOR, WELD_SLIVER_RATIO};
use crate::error::SeedError;
use crate::lanes::Points;
use crate::model::{DistanceRows, Ell, Model, Neighbours, UnaryRows, NO_NODE};
use crate::pose::Quat;
use crate::rng::SplitMix64;
use crate::{skip, tether};
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

/// What every front door produces. Positions are in the cloth's own frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClothInput {
    /// Bind pose per node, m. It is also the initial animated pose.
    pub positions: Vec<[f32; 3]>,
    /// Mass per node, kg. Read only for free nodes.
    pub masses: Vec<f32>,
    /// Fixed nodes follow their animated position and are never solved.
    pub fixed: Vec<bool>,
    /// Triangles of a sheet: a stretch row per edge, a bend row per interior edge.
    pub triangles: Vec<[u32; 3]>,
    /// Parent per node of a tree (empty, or one entry per node): a stretch row
    /// per link.
    pub parents: Vec<Option<u32>>,
    /// Bind rotation per node in the anchor frame (empty: identity). Read
    /// only by the pose write-back; rows never depend on it.
    pub bind_rotations: Vec<Quat>,
}

/// Which row kinds to build, and experiment knobs. The default is the
/// product; [`SeedOptions::m0`] is the reference's M0 solver core (stretch and
/// bend rows only), which the record's §2–§8 tables measure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeedOptions {
    /// Build stretch rows (the "no stretch rows" variant clears it).
    pub stretch_rows: bool,
    /// Build bend rows.
    pub bend_rows: bool,
    /// Build skip rows (to the grandparent) for trees.
    pub skip_rows: bool,
    /// Build a tether for every free particle a row path connects to the
    /// fixed set (and with it, while `slack < 1`, a leash).
    pub tethers: bool,
    /// Permute particles inside each colour range with this seed: the §7
    /// control that moves every particle to another slot while keeping the
    /// colouring, the work and its order.
    pub shuffle_within_colours: Option<u64>,
}

impl Default for SeedOptions {
    fn default() -> Self {
        SeedOptions {
            stretch_rows: true,
            bend_rows: true,
            skip_rows: true,
            tethers: true,
            shuffle_within_colours: None,
        }
    }
}

impl SeedOptions {
    /// The reference's M0 row set: stretch and bend rows, no skip rows, no
    /// tethers (W0 and the record's §2–§8 experiments).
    pub fn m0() -> Self {
        SeedOptions { skip_rows: false, tethers: false, ..SeedOptions::default() }
    }
}

/// The topology the builder derives before any storage decision; kept for
/// diagnostics (energies, exact row counts) by the cloth.
#[derive(Clone, Debug, Default)]
pub struct Topology {
    /// Unique edges `(a, b)` in first-appearance order (triangles, then links).
    pub edges: Vec<(u32, u32)>,
    /// Hinges of interior edges.
    pub hinges: Vec<Hinge>,
    /// `(node, grandparent)` of every tree node that has one.
    pub skips: Vec<(u32, u32)>,
}

fn validate(input: &ClothInput) -> Result<usize, SeedError> {
    let n = input.positions.len();
    if n == 0 {
        return Err(SeedError::Empty);
    }
    if input.masses.len() != n {
        return Err(SeedError::LengthMismatch { what: "masses", expected: n, got: input.masses.len() });
    }
    if input.fixed.len() != n {
        return Err(SeedError::LengthMismatch { what: "fixed", expected: n, got: input.fixed.len() });
    }
    if !input.parents.is_empty() && input.parents.len() != n {
        return Err(SeedError::LengthMismatch { what: "parents", expected: n, got: input.parents.len() });
    }
    if !input.bind_rotations.is_empty() && input.bind_rotations.len() != n {
        return Err(SeedError::LengthMismatch { what: "bind_rotations", expected: n, got: input.bind_rotations.len() });
    }
    if let Some(joint) = input.bind_rotations.iter().position(|q| !q.is_finite() || (q.norm() - 1.0).abs() > 1e-3) {
        return Err(SeedError::bind_rotation(joint, input.bind_rotations[joint]));
    }
    for (node, p) in input.positions.iter().enumerate() {
        if !p.iter().all(|v| v.is_finite()) {
            return Err(SeedError::NonFinitePosition { node });
        }
        if let Some(&far) = p.iter().find(|v| v.abs() as f64 > COORDINATE_LIMIT) {
            return Err(SeedError::FarPosition { node, coordinate: far as f64 });
        }
    }
    for (node, (&m, &fixed)) in input.masses.iter().zip(&input.fixed).enumerate() {
        if !fixed && !crate::constants::usable_mass(m) {
            return Err(SeedError::BadMass { node, mass: m as f64 });
        }
    }
    for (t, tri) in input.triangles.iter().enumerate() {
        for &i in tri {
            if i as usize >= n {
                return Err(SeedError::TriangleIndexOutOfRange { triangle: t, index: i });
            }
        }
        if tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2] {
            return Err(SeedError::DegenerateTriangle { triangle: t, farthest: 0.0 });
        }
    }
    for (node, p) in input.parents.iter().enumerate() {
        if let Some(p) = *p {
            if p as usize >= n {
                return Err(SeedError::ParentOutOfRange { node, parent: p });
            }
        }
    }
    // Cycles: walk up from every node, colouring nodes known to reach a root.
    if !input.parents.is_empty() {
        let mut state = vec![0u8; n]; // 0 unknown, 1 on the current walk, 2 reaches a root
        for start in 0..n {
            let mut path = Vec::new();
            let mut cur = Some(start as u32);
            while let Some(c) = cur {
                match state[c as usize] {
                    2 => break,
                    1 => return Err(SeedError::Cycle { node: c as usize }),
                    _ => {}
                }
                state[c as usize] = 1;
                path.push(c);
                cur = input.parents[c as usize];
            }
            for c in path {
                state[c as usize] = 2;
            }
        }
    }
    Ok(n)
}

/// A triangle's corners' largest coordinate magnitude, m.
fn farthest(input: &ClothInput, tri: &[u32; 3]) -> f64 {
    tri.iter().flat_map(|&c| pos(input, c)).fold(0.0, |m, v| m.max(v.abs()))
}

fn pos(input: &ClothInput, i: u32) -> [f64; 3] {
    input.positions[i as usize].map(f64::from)
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// Derives edges and hinges from the input's triangles and links.
pub fn topology(input: &ClothInput) -> Result<Topology, SeedError> {
    validate(input)?;
    let mut index: HashMap<(u32, u32), usize> = HashMap::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    // Per edge: the triangle corners opposite it (at most two on a manifold).
    let mut opposite: Vec<Vec<(usize, u32)>> = Vec::new();
    let mut add = |a: u32, b: u32, edges: &mut Vec<(u32, u32)>, opposite: &mut Vec<Vec<(usize, u32)>>| -> usize {
        let key = (a.min(b), a.max(b));
        *index.entry(key).or_insert_with(|| {
            edges.push((a, b));
            opposite.push(Vec::new());
            edges.len() - 1
        })
    };
    for (t, tri) in input.triangles.iter().enumerate() {
        let area2 = {
            let (p0, p1, p2) = (pos(input, tri[0]), pos(input, tri[1]), pos(input, tri[2]));
            let u = [p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]];
            let v = [p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]];
            let c = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
            (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).sqrt()
        };
        // NaN-safe: a non-finite area fails the test too.
        if area2.is_nan() || area2 <= MIN_REST_LENGTH * MIN_REST_LENGTH {
            return Err(SeedError::DegenerateTriangle { triangle: t, farthest: farthest(input, tri) });
        }
        for k in 0..3 {
            let (a, b, c) = (tri[k], tri[(k + 1) % 3], tri[(k + 2) % 3]);
            let e = add(a, b, &mut edges, &mut opposite);
            opposite[e].push((t, c));
        }
    }
    for (node, p) in input.parents.iter().enumerate() {
        if let Some(p) = *p {
            add(p, node as u32, &mut edges, &mut opposite);
        }
    }
    for &(a, b) in &edges {
        let l = dist(pos(input, a), pos(input, b));
        if l.is_nan() || l < MIN_REST_LENGTH {
            return Err(SeedError::ZeroLengthRow { a: a as usize, b: b as usize, length: l });
        }
    }
    let skips = if input.parents.is_empty() { Vec::new() } else { skip::pairs(&input.parents) };
    for &(a, b) in &skips {
        let l = dist(pos(input, a), pos(input, b));
        if l.is_nan() || l < MIN_REST_LENGTH {
            return Err(SeedError::ZeroLengthRow { a: a as usize, b: b as usize, length: l });
        }
    }
    let mut hinges = Vec::new();
    for (e, opp) in opposite.iter().enumerate() {
        match opp.len() {
            0 | 1 => {}
            2 => {
                let (a, b) = edges[e];
                let corners = [a, b, opp[0].1, opp[1].1];
                let w = bend::weights(corners.map(|c| pos(input, c))).ok_or(SeedError::DegenerateTriangle {
                    triangle: opp[0].0,
                    farthest: farthest(input, &input.triangles[opp[0].0]),
                })?;
                hinges.push(Hinge { corners, weights: w });
            }
            _ => {
                return Err(SeedError::NonManifoldEdge {
                    a: edges[e].0 as usize,
                    b: edges[e].1 as usize,
                    triangles: [opp[0].0, opp[1].0, opp[2].0],
                })
            }
        }
    }
    Ok(Topology { edges, hinges, skips })
}

/// Node masses of a sheet lumped from a fabric's areal density, kg:
/// `density` (kg/m²) times a third of the bind-pose area of every triangle
/// the node is a corner of — what the presets were sized with (silk 0.06,
/// cotton 0.15, denim 0.4, leather 0.9 kg/m², `Preset::density`). A node in
/// no triangle gets 0 (a free one then needs a mass of its own). Refused: a
/// density that is not finite or outside `(0, DENSITY_MAX]` kg/m², a
/// corner past the nodes, a position that is not finite or has a
/// coordinate beyond [`COORDINATE_LIMIT`] (so every mass is a finite
/// `f32`).
pub fn masses_from_density(
    positions: &[[f32; 3]],
    triangles: &[[u32; 3]],
    density: f64,
) -> Result<Vec<f32>, SeedError> {
    if !(density.is_finite() && density > 0.0 && density <= DENSITY_MAX) {
        return Err(SeedError::BadOption { name: "density (kg/m², (0, 1e6])", value: density });
    }
    if let Some(node) = positions.iter().position(|p| !p.iter().all(|c| c.is_finite())) {
        return Err(SeedError::NonFinitePosition { node });
    }
    for (node, p) in positions.iter().enumerate() {
        if let Some(&c) = p.iter().find(|c| c.abs() as f64 > COORDINATE_LIMIT) {
            return Err(SeedError::FarPosition { node, coordinate: c as f64 });
        }
    }
    let mut masses = vec![0.0f32; positions.len()];
    for (t, tri) in triangles.iter().enumerate() {
        if let Some(&index) = tri.iter().find(|&&c| c as usize >= positions.len()) {
            return Err(SeedError::TriangleIndexOutOfRange { triangle: t, index });
        }
        let p = tri.map(|n| positions[n as usize].map(f64::from));
        let area =
            0.5 * crate::pose::norm(crate::pose::cross(crate::pose::sub(p[1], p[0]), crate::pose::sub(p[2], p[0])));
        for &n in tri {
            masses[n as usize] += (density * area / 3.0) as f32;
        }
    }
    Ok(masses)
}

/// Welds a sheet exported with seams (positions duplicated along UV or
/// material seams): each node joins the first earlier node whose bind
/// position is within `tolerance` m (Euclidean), in node order, so the
/// result does not depend on anything but the input. A welded node keeps
/// its first node's position and bind rotation, takes the sum of its
/// nodes' masses (masses lumped from areas stay lumped) and is fixed if any
/// of them is. Triangles keep their order and winding, renumbered.
///
/// Returns the welded input and, per input node, its welded node (the
/// render-to-simulation map a host reads its vertex buffer through). A
/// tolerance of 0 welds only exact duplicates. A sliver that welding
/// collapses — a triangle whose longest edge is at least
/// [`WELD_SLIVER_RATIO`] times the tolerance, such as the quads closing a
/// seam exported microns open — is dropped: it was the seam. Refused: a
/// tolerance that is negative or not finite, a tree (parents), and any other
/// triangle that welding collapses (the tolerance is on the scale of the
/// mesh itself: [`SeedError::WeldCollapses`], naming it and the two
/// nodes). The input is validated first, so an error names input nodes.
pub fn weld(input: &ClothInput, tolerance: f64) -> Result<(ClothInput, Vec<u32>), SeedError> {
    if !(tolerance.is_finite() && tolerance >= 0.0) {
        return Err(SeedError::BadOption { name: "weld tolerance", value: tolerance });
    }
    if !input.parents.is_empty() {
        return Err(SeedError::BadOption { name: "weld tolerance on a tree (parents given)", value: tolerance });
    }
    let n = validate(input)?;
    // Cells of side max(tolerance, 1 µm): a node's partners are in the 27
    // cells around its own.
    let cell = tolerance.max(MIN_REST_LENGTH);
    let key = |p: [f64; 3]| p.map(|c| (c / cell).floor() as i64);
    let mut cells: HashMap<[i64; 3], Vec<u32>> = HashMap::new();
    let mut map = vec![0u32; n];
    let mut out = ClothInput::default();
    let mut first_of: Vec<u32> = Vec::new();
    for (node, welded_to) in map.iter_mut().enumerate() {
        let p = pos(input, node as u32);
        let k = key(p);
        let mut found: Option<u32> = None;
        for d in 0..27i64 {
            let c = [k[0] + d % 3 - 1, k[1] + (d / 3) % 3 - 1, k[2] + d / 9 - 1];
            for &w in cells.get(&c).into_iter().flatten() {
                let q = pos(input, first_of[w as usize]);
                if dist(p, q) <= tolerance && found.is_none_or(|f| w < f) {
                    found = Some(w);
                }
            }
        }
        *welded_to = match found {
            Some(w) => {
                let w = w as usize;
                out.masses[w] += input.masses[node];
                out.fixed[w] |= input.fixed[node];
                w as u32
            }
            None => {
                let w = out.positions.len() as u32;
                out.positions.push(input.positions[node]);
                out.masses.push(input.masses[node]);
                out.fixed.push(input.fixed[node]);
                if !input.bind_rotations.is_empty() {
                    out.bind_rotations.push(input.bind_rotations[node]);
                }
                first_of.push(node as u32);
                cells.entry(k).or_default().push(w);
                w
            }
        };
    }
    // Masses each within the range can sum past it: name the input nodes.
    for (w, (&m, &fixed)) in out.masses.iter().zip(&out.fixed).enumerate() {
        if !fixed && !crate::constants::usable_mass(m) {
            let nodes = map.iter().filter(|&&to| to as usize == w).count();
            return Err(SeedError::WeldedMass { node: first_of[w] as usize, nodes, mass: m as f64 });
        }
    }
    out.triangles = Vec::with_capacity(input.triangles.len());
    for (t, tri) in input.triangles.iter().enumerate() {
        let welded = tri.map(|c| map[c as usize]);
        if let Some(k) = (0..3).find(|&k| welded[k] == welded[(k + 1) % 3]) {
            let corner = |k: usize| pos(input, tri[k]);
            let longest = (0..3).map(|k| dist(corner(k), corner((k + 1) % 3))).fold(0.0, f64::max);
            if longest >= WELD_SLIVER_RATIO * tolerance && tolerance > 0.0 {
                continue;
            }
            let (a, b) = (tri[k] as usize, tri[(k + 1) % 3] as usize);
            return Err(SeedError::WeldCollapses { triangle: t, a, b, tolerance });
        }
        out.triangles.push(welded);
    }
    Ok((out, map))
}

/// A 30-bit Morton code per point: positions quantised to 1,024 steps per
/// axis over the points' bounding box, bits interleaved.
pub(crate) fn morton_keys(positions: &[[f32; 3]]) -> Vec<u32> {
    let (mut lo, mut hi) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for p in positions {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let spread = |v: u32| -> u32 {
        // 10 bits → every third bit of 30.
        let mut v = v & 0x3ff;
        v = (v | (v << 16)) & 0x0300_00ff;
        v = (v | (v << 8)) & 0x0300_f00f;
        v = (v | (v << 4)) & 0x030c_30c3;
        (v | (v << 2)) & 0x0924_9249
    };
    positions
        .iter()
        .map(|p| {
            let q = |k: usize| {
                let extent = hi[k] - lo[k];
                if extent > 0.0 {
                    (((p[k] - lo[k]) / extent) * 1023.0) as u32
                } else {
                    0
                }
            };
            spread(q(0)) | (spread(q(1)) << 1) | (spread(q(2)) << 2)
        })
        .collect()
}

/// Builds the model: validation, rows, colouring, storage order, incidence.
pub fn build(input: &ClothInput, options: &SeedOptions) -> Result<(Model, Topology), SeedError> {
    let topo = topology(input)?;
    let n = input.positions.len();
    let inv_mass: Vec<f64> = (0..n).map(|i| if input.fixed[i] { 0.0 } else { 1.0 / input.masses[i] as f64 }).collect();
    let hinges: &[Hinge] = if options.bend_rows { &topo.hinges } else { &[] };
    let edges: &[(u32, u32)] = if options.stretch_rows { &topo.edges } else { &[] };
    let skips: &[(u32, u32)] = if options.skip_rows { &topo.skips } else { &[] };

    // --- colouring of the free particles ---------------------------------
    let free_nodes: Vec<u32> = (0..n as u32).filter(|&i| !input.fixed[i as usize]).collect();
    let mut free_index = vec![u32::MAX; n];
    for (k, &node) in free_nodes.iter().enumerate() {
        free_index[node as usize] = k as u32;
    }
    let mut adjacency: Vec<Vec<u32>> = vec![Vec::new(); free_nodes.len()];
    let mut connect = |a: u32, b: u32| {
        let (fa, fb) = (free_index[a as usize], free_index[b as usize]);
        if fa != u32::MAX && fb != u32::MAX && fa != fb {
            adjacency[fa as usize].push(fb);
            adjacency[fb as usize].push(fa);
        }
    };
    for &(a, b) in edges.iter().chain(skips) {
        connect(a, b);
    }
    for h in hinges {
        for i in 0..4 {
            for j in i + 1..4 {
                connect(h.corners[i], h.corners[j]);
            }
        }
    }
    for adj in &mut adjacency {
        adj.sort_unstable();
        adj.dedup();
    }
    let (colour_of, colour_count) = colour::greedy(free_nodes.len(), &adjacency);

    // --- storage order ----------------------------------------------------
    let mut by_colour: Vec<Vec<u32>> = vec![Vec::new(); colour_count as usize];
    for (k, &node) in free_nodes.iter().enumerate() {
        by_colour[colour_of[k] as usize].push(node);
    }
    match options.shuffle_within_colours {
        Some(seed) => {
            let mut rng = SplitMix64::new(seed);
            for members in &mut by_colour {
                rng.shuffle(members);
            }
        }
        // Spatially coherent blocks: each colour in Morton order of the bind
        // pose, so a block's eight particles are neighbours. The answer does
        // not depend on the order within a colour (a gate); the broadphase
        // (one box per block) and the gathers do.
        None => {
            let key = morton_keys(&input.positions);
            for members in &mut by_colour {
                members.sort_by_key(|&node| (key[node as usize], node));
            }
        }
    }
    let mut node_of_slot: Vec<u32> = Vec::new();
    let mut colours = Vec::new();
    for members in &by_colour {
        let start = node_of_slot.len();
        node_of_slot.extend_from_slice(members);
        while node_of_slot.len() % LANES != 0 {
            node_of_slot.push(NO_NODE);
        }
        colours.push(start..node_of_slot.len());
    }
    let swept = node_of_slot.len();
    node_of_slot.extend((0..n as u32).filter(|&i| input.fixed[i as usize]));
    let slots = node_of_slot.len();
    let mut slot_of_node = vec![0u32; n];
    for (slot, &node) in node_of_slot.iter().enumerate() {
        if node != NO_NODE {
            slot_of_node[node as usize] = slot as u32;
        }
    }

    // --- per-slot particle data (the padding rule: see model.rs) ---------
    let mut mass = vec![1.0f32; slots];
    let mut slot_inv_mass = vec![0.0f32; slots];
    let mut bind = Points::zeros(slots);
    let mut shortest = vec![0.0f32; slots];
    for (slot, &node) in node_of_slot.iter().enumerate() {
        if node == NO_NODE {
            continue;
        }
        let i = node as usize;
        bind.set(slot, input.positions[i]);
        if !input.fixed[i] {
            mass[slot] = input.masses[i];
            slot_inv_mass[slot] = inv_mass[i] as f32;
        }
        shortest[slot] = f32::INFINITY;
    }
    // Trust region: the mesh's own shortest edge at each particle (§5.3),
    // floored at a fraction of its longest (`SLIVER_FLOOR`), from the
    // geometry whether or not a variant builds the rows.
    let mut longest = vec![0.0f32; slots];
    for &(a, b) in &topo.edges {
        let l = dist(pos(input, a), pos(input, b)) as f32;
        for s in [slot_of_node[a as usize], slot_of_node[b as usize]] {
            shortest[s as usize] = shortest[s as usize].min(l);
            longest[s as usize] = longest[s as usize].max(l);
        }
    }
    for (ell, &long) in shortest.iter_mut().zip(&longest) {
        if ell.is_finite() {
            *ell = ell.max(SLIVER_FLOOR * long);
        }
    }

    // --- links: stretch rows, then skip rows -------------------------------
    let rest = |&(a, b): &(u32, u32)| (a, b, dist(pos(input, a), pos(input, b)));
    let links = links(edges.iter().map(rest), skips.iter().map(rest), &inv_mass, &slot_of_node);

    // --- tethers and leashes: geodesic distance to the fixed set ----------
    let unary = unary_rows(input, &topo, options.tethers, &node_of_slot, &slot_of_node);

    // --- bend rows --------------------------------------------------------
    let (bend, coupling) = bend::assemble(hinges, &inv_mass, &node_of_slot);
    let bend_rest = bend::CurvedHinges::of_bind(hinges, &inv_mass, &slot_of_node, &bind);

    // --- neighbour incidence ----------------------------------------------
    let neighbours = neighbours(&links, &coupling, &node_of_slot, &slot_of_node, swept);

    let shortest_row = links.stretch.clone().map(|r| links.rest[r]).filter(|&l| l > 0.0).fold(f32::INFINITY, f32::min);
    let reach = Model::reach_of(&unary, &bind, &mass, &slot_inv_mass);
    let link_turn = Model::link_turn_of(&links, &unary);
    let mut model = Model {
        nodes: n,
        slots,
        colours,
        swept,
        node_of_slot,
        slot_of_node,
        mass,
        inv_mass: slot_inv_mass,
        shortest_incident_rest: shortest,
        shortest_row,
        closest_free_pair: None,
        bind,
        links,
        reach,
        link_turn,
        unary,
        strain_order: OnceLock::new(),
        bend,
        bend_rest,
        neighbours,
    };
    model.closest_free_pair = crate::self_pair::closest_free_pair(&model);
    Ok((model, topo))
}

/// The model with new masses, one per caller node (a fixed node's is not
/// read), and the per-node inverse masses (0 for a fixed node). A mass
/// enters the slot masses, the links' and tethers' effective masses, the
/// bend rows and their neighbour couplings; everything else — storage
/// order, colours, rows, the projection's order, the self-collision setup —
/// depends only on which nodes are fixed. So the result is, bit for bit,
/// the model [`build`] seeds with these masses. The caller checks them
/// (every free node's finite and positive, as [`build`] does).
pub fn with_masses(model: &Model, hinges: &[Hinge], masses: &[f32]) -> (Model, Vec<f64>) {
    with_masses_held(model, hinges, masses, &[])
}

/// [`with_masses`] with the free nodes `held` (per node; empty: none) fixed
/// as far as the rows see: inverse mass 0 in the model, the links' and
/// bends' effective masses, and the tethers and the strain projection's
/// order measured from the fixed nodes and the held ones (`crate::motion`:
/// a node painted a max distance of 0 after seeding). The layout is the
/// seed's: a held node keeps its slot among the free particles.
pub fn with_held(model: &Model, topology: &Topology, held: &[bool]) -> Model {
    let masses: Vec<f32> = (0..model.nodes).map(|n| model.mass[model.slot_of_node[n] as usize]).collect();
    let (mut m, _) = with_masses_held(model, &topology.hinges, &masses, held);
    let pinned: Vec<bool> =
        (0..model.nodes).map(|n| model.slot_of_node[n] as usize >= model.swept || held.get(n) == Some(&true)).collect();
    let bind = |n: u32| m.bind.get(m.slot_of_node[n as usize] as usize).map(f64::from);
    let edges: Vec<(u32, u32, f64)> = topology.edges.iter().map(|&(a, b)| (a, b, dist(bind(a), bind(b)))).collect();
    let masses_of = |n: usize| masses[n];
    m.unary = unary_of(&pinned, &edges, !model.unary.m_eff.is_empty(), &m.node_of_slot, &m.slot_of_node, masses_of);
    m.reach = Model::reach_of(&m.unary, &m.bind, &m.mass, &m.inv_mass);
    m.link_turn = Model::link_turn_of(&m.links, &m.unary);
    m.strain_order = OnceLock::new();
    m
}

fn with_masses_held(model: &Model, hinges: &[Hinge], masses: &[f32], held: &[bool]) -> (Model, Vec<f64>) {
    let fixed = |n: usize| model.slot_of_node[n] as usize >= model.swept || held.get(n) == Some(&true);
    let inv_mass: Vec<f64> = (0..model.nodes).map(|n| if fixed(n) { 0.0 } else { 1.0 / masses[n] as f64 }).collect();
    let mut m = model.clone();
    for slot in 0..m.swept {
        let n = m.node_of_slot[slot];
        if n == NO_NODE {
            continue;
        }
        m.mass[slot] = masses[n as usize];
        m.inv_mass[slot] = inv_mass[n as usize] as f32;
        if !m.unary.m_eff.is_empty() && m.unary.m_eff[slot] > 0.0 {
            m.unary.m_eff[slot] = masses[n as usize];
        }
    }
    let node = |slot: u32| model.node_of_slot[slot as usize] as usize;
    for r in model.links.rows() {
        // Two held ends (or a held and a fixed one) move neither: no mass.
        let w = inv_mass[node(model.links.a[r])] + inv_mass[node(model.links.b[r])];
        m.links.m_eff[r] = if w > 0.0 { (1.0 / w) as f32 } else { 0.0 };
    }
    // The seed's bend rows: every hinge, or none (`SeedOptions::bend_rows`).
    let hinges = if model.bend.count() == hinges.len() { hinges } else { &[] };
    let (bend, coupling) = bend::assemble(hinges, &inv_mass, &m.node_of_slot);
    m.neighbours = neighbours(&m.links, &coupling, &m.node_of_slot, &m.slot_of_node, m.swept);
    m.bend = bend;
    m.bend_rest = bend::CurvedHinges::of_bind(hinges, &inv_mass, &m.slot_of_node, &m.bind);
    // A free cloth's reach is measured about its mass centre.
    m.reach = Model::reach_of(&m.unary, &m.bind, &m.mass, &m.inv_mass);
    m.link_turn = Model::link_turn_of(&m.links, &m.unary);
    (m, inv_mass)
}

/// The links table from `(node a, node b, rest)` triples of stretch rows and
/// of skip rows (layout in [`DistanceRows`]): rows with a free end are stored
/// in slot indices, rows between fixed nodes are counted as inert.
pub fn links(
    stretch: impl Iterator<Item = (u32, u32, f64)>,
    skip: impl Iterator<Item = (u32, u32, f64)>,
    inv_mass: &[f64],
    slot_of_node: &[u32],
) -> DistanceRows {
    let mut t = DistanceRows::default();
    let push = |t: &mut DistanceRows, a: u32, b: u32, rest: f32, m_eff: f32| {
        t.a.push(a);
        t.b.push(b);
        t.rest.push(rest);
        t.m_eff.push(m_eff);
    };
    let mut ranges = [0..0, 0..0];
    let mut inert = [0, 0];
    for (kind, rows) in [Box::new(stretch) as Box<dyn Iterator<Item = _>>, Box::new(skip)].into_iter().enumerate() {
        let start = t.a.len();
        for (a, b, rest) in rows {
            let w = inv_mass[a as usize] + inv_mass[b as usize];
            if w == 0.0 {
                inert[kind] += 1;
                continue;
            }
            push(&mut t, slot_of_node[a as usize], slot_of_node[b as usize], rest as f32, (1.0 / w) as f32);
        }
        ranges[kind] = start..t.a.len();
        // The padding rule (model.rs): inert rows close each kind's range up
        // to a lane multiple; the table ends with at least one (the sentinel).
        while t.a.len() % LANES != 0 || (kind == 1 && t.a.len() == ranges[1].end) {
            push(&mut t, 0, 0, 0.0, 0.0);
        }
    }
    let [stretch, skip] = ranges;
    t.stretch = stretch;
    t.skip = skip;
    t.stretch_inert = inert[0];
    t.skip_inert = inert[1];
    t.sentinel = (t.a.len() - 1) as u32;
    // Pushed row by row: the columns hold what they use, no more.
    for column in [&mut t.a, &mut t.b] {
        column.shrink_to_fit();
    }
    for column in [&mut t.rest, &mut t.m_eff] {
        column.shrink_to_fit();
    }
    t
}

/// Tether (and leash) rows: each free particle a path of stretch rows
/// connects to the fixed set, anchored to the fixed particle its `d_geo` was
/// measured from.
fn unary_rows(
    input: &ClothInput,
    topo: &Topology,
    tethers: bool,
    node_of_slot: &[u32],
    slot_of_node: &[u32],
) -> UnaryRows {
    let edges: Vec<(u32, u32, f64)> =
        topo.edges.iter().map(|&(a, b)| (a, b, dist(pos(input, a), pos(input, b)))).collect();
    unary_of(&input.fixed, &edges, tethers, node_of_slot, slot_of_node, |n| input.masses[n])
}

/// [`unary_rows`] from the pinned nodes and the edges with their lengths.
fn unary_of(
    fixed: &[bool],
    edges: &[(u32, u32, f64)],
    tethers: bool,
    node_of_slot: &[u32],
    slot_of_node: &[u32],
    mass: impl Fn(usize) -> f32,
) -> UnaryRows {
    let geo = tether::geodesics(fixed, edges);
    let slots = node_of_slot.len();
    let mut u = UnaryRows {
        anchor: (0..slots as u32).collect(),
        d_geo: vec![0.0; slots],
        // Read only by tether and leash rows: none are built without tethers.
        m_eff: if tethers { vec![0.0; slots] } else { Vec::new() },
        tethered: 0,
        reach: 0.0,
    };
    for (slot, &node) in node_of_slot.iter().enumerate() {
        if node == NO_NODE || fixed[node as usize] {
            continue;
        }
        if let Some((d, source)) = geo[node as usize] {
            u.d_geo[slot] = d as f32;
            u.reach = u.reach.max(d as f32);
            u.anchor[slot] = slot_of_node[source as usize];
            if tethers {
                u.m_eff[slot] = mass(node as usize);
                u.tethered += 1;
            }
        }
    }
    u
}

/// One neighbour entry: slot, stretch row, rest length, bend coupling.
type Entry = (u32, u32, f32, f32);

/// Lays out every free particle's neighbours (see [`Neighbours`]): phase A
/// holds its links rows (stretch, then skip) in row order, each with the bend
/// coupling of the same pair; phase B the stencil neighbours no links row
/// reaches, in caller-node order.
fn neighbours(
    links: &DistanceRows,
    coupling: &[BTreeMap<u32, f64>],
    node_of_slot: &[u32],
    slot_of_node: &[u32],
    swept: usize,
) -> Neighbours {
    let sentinel = links.sentinel;
    let mut phase_a: Vec<Vec<Entry>> = vec![Vec::new(); swept];
    let mut phase_b: Vec<Vec<Entry>> = vec![Vec::new(); swept];
    let couple = |slot: u32, other: u32| -> f32 {
        let (n, m) = (node_of_slot[slot as usize], node_of_slot[other as usize]);
        coupling.get(n as usize).and_then(|c| c.get(&m)).copied().unwrap_or(0.0) as f32
    };
    for r in links.rows() {
        let (a, b) = (links.a[r], links.b[r]);
        for (me, other) in [(a, b), (b, a)] {
            if (me as usize) < swept {
                phase_a[me as usize].push((other, r as u32, links.rest[r], couple(me, other)));
            }
        }
    }
    for slot in 0..swept {
        let node = node_of_slot[slot];
        if node == NO_NODE {
            continue;
        }
        for (&m, &c) in &coupling[node as usize] {
            let other = slot_of_node[m as usize];
            if !phase_a[slot].iter().any(|e| e.0 == other) {
                phase_b[slot].push((other, sentinel, 0.0, c as f32));
            }
        }
    }
    let (ell, split, entries) = Ell::layout(&phase_a, &phase_b, |slot| (slot, sentinel, 0.0, 0.0));
    // Phase B carries no row: its entries keep only `other` and `coupling`.
    let mut row_groups = Vec::with_capacity(split.len() + 1);
    row_groups.push(0u32);
    let mut in_rows = Vec::with_capacity(split.iter().sum::<u32>() as usize * LANES);
    for (b, &depth) in split.iter().enumerate() {
        let first = ell.block(b).0;
        in_rows.extend_from_slice(&entries[first * LANES..(first + depth as usize) * LANES]);
        row_groups.push(row_groups[b] + depth);
    }
    Neighbours {
        ell,
        row_groups,
        other: entries.iter().map(|e| e.0).collect(),
        row: in_rows.iter().map(|e| e.1).collect(),
        rest: in_rows.iter().map(|e| e.2).collect(),
        coupling: entries.iter().map(|e| e.3).collect(),
    }
}
