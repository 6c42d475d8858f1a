//! Render-mesh skinning (issue 19 item 3): a render mesh bound to the
//! simulated sheet at seed follows it — exactly where it is the simulated
//! mesh, within a millimetre where it is a finer mesh over it.

use cloth_solver::library;
use cloth_solver::pose::{self, Vec3};
use cloth_solver::scenes::{ChainSpec, IrregularCape};
use cloth_solver::{Cloth, ClothInput, LayoutError, SkinError, Source, Space, VertexLayout};
use std::collections::HashMap;

/// Every entry's `[position, normal]` of `source`, through the strided write.
fn read(c: &mut Cloth, source: Source, count: usize, space: Space) -> Vec<[Vec3; 2]> {
    let layout =
        VertexLayout { space, first: 0, count, stride: 24, position: Some(0), normal: Some(12), tangent: None };
    let mut bytes = vec![0u8; 24 * count];
    c.write_vertices(&layout, source, &mut bytes).expect("a valid layout");
    let f = |at: usize| f32::from_ne_bytes(bytes[at..at + 4].try_into().expect("four bytes")) as f64;
    (0..count).map(|i| [0, 1].map(|k| [0, 1, 2].map(|d| f(24 * i + 12 * k + 4 * d)))).collect()
}

/// How a render vertex is made from the coarse nodes: `(node, weight)`.
type Recipe = Vec<(u32, f64)>;

/// A 4× subdivision's vertices (each triangle cut into four at its edges'
/// midpoints): the corners, then one vertex per edge, as weights on the
/// coarse nodes, to rebuild the same subdivision of any pose.
fn subdivide(input: &ClothInput) -> Vec<Recipe> {
    let mut recipes: Vec<Recipe> = (0..input.positions.len() as u32).map(|n| vec![(n, 1.0)]).collect();
    let mut midpoint: HashMap<(u32, u32), u32> = HashMap::new();
    for t in &input.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            midpoint.entry((a.min(b), a.max(b))).or_insert_with(|| {
                recipes.push(vec![(a, 0.5), (b, 0.5)]);
                recipes.len() as u32 - 1
            });
        }
    }
    recipes
}

fn apply(recipe: &[(u32, f64)], p: impl Fn(u32) -> Vec3) -> Vec3 {
    recipe.iter().fold([0.0; 3], |s, &(n, w)| pose::add(s, pose::scale(p(n), w)))
}

/// A render mesh that is the simulated mesh reproduces its positions bit
/// for bit, in both spaces, as the sheet moves.
#[test]
fn the_simulated_mesh_as_its_own_render_mesh_is_exact() {
    let input = IrregularCape::from_seed(4).input();
    let mut c = Cloth::new(&input, library::COTTON.dynamics).expect("seeds");
    let mesh = c.attach_render_mesh(&input.positions).expect("binds");
    let n = c.nodes();
    for _ in 0..4 {
        for _ in 0..25 {
            c.step();
        }
        for space in [Space::Cloth, Space::World] {
            let (nodes, render) =
                (read(&mut c, Source::Nodes, n, space), read(&mut c, Source::RenderMesh(mesh), n, space));
            for (k, (a, b)) in nodes.iter().zip(&render).enumerate() {
                assert_eq!(a[0], b[0], "node {k}");
                assert!(pose::norm(pose::sub(a[1], b[1])) < 1e-6, "node {k} normal");
            }
        }
    }
}

/// A 4× subdivided render mesh over a settled cape (DENIM, 5 s, static
/// anchor): on the surface it is the subdivided simulated surface within
/// f32 round-off; puffed 2 mm out along the bind normals (a thick garment)
/// it stays within 1 mm of the subdivided surface puffed 2 mm along today's
/// interpolated normals.
#[test]
fn a_subdivided_render_mesh_follows_the_subdivided_sheet() {
    for seed in [1, 2] {
        let input = IrregularCape::from_seed(seed).input();
        let recipes = subdivide(&input);
        let mut c = Cloth::new(&input, library::DENIM.dynamics).expect("seeds");
        let bind = |n: u32| input.positions[n as usize].map(f64::from);
        let flat: Vec<[f32; 3]> = recipes.iter().map(|r| apply(r, bind).map(|x| x as f32)).collect();
        let nodes = c.nodes();
        let bind_normals = read(&mut c, Source::Nodes, nodes, Space::Cloth);
        let normal_of = |normals: &[[Vec3; 2]], r: &[(u32, f64)]| {
            pose::normalized(apply(r, |n| normals[n as usize][1])).expect("a normal")
        };
        let puffed: Vec<[f32; 3]> = recipes
            .iter()
            .zip(&flat)
            .map(|(r, p)| pose::add(p.map(f64::from), pose::scale(normal_of(&bind_normals, r), 2e-3)).map(|x| x as f32))
            .collect();
        let on = c.attach_render_mesh(&flat).expect("binds");
        let off = c.attach_render_mesh(&puffed).expect("binds");
        for _ in 0..300 {
            c.step();
        }
        let now = read(&mut c, Source::Nodes, nodes, Space::Cloth);
        let at = |n: u32| now[n as usize][0];
        let (a, b) = (
            read(&mut c, Source::RenderMesh(on), flat.len(), Space::Cloth),
            read(&mut c, Source::RenderMesh(off), flat.len(), Space::Cloth),
        );
        let (mut worst_on, mut worst_off) = (0.0f64, 0.0f64);
        for (i, r) in recipes.iter().enumerate() {
            let surface = apply(r, at);
            worst_on = worst_on.max(pose::norm(pose::sub(a[i][0], surface)));
            let target = pose::add(surface, pose::scale(normal_of(&now, r), 2e-3));
            worst_off = worst_off.max(pose::norm(pose::sub(b[i][0], target)));
        }
        assert!(worst_on < 1e-5, "seed {seed}: on the surface {worst_on:.2e} m off");
        assert!(worst_off < 1e-3, "seed {seed}: puffed {worst_off:.2e} m off");
    }
}

/// What cannot be bound is refused, naming why.
#[test]
fn a_render_mesh_that_cannot_be_bound_is_refused() {
    let rope = ChainSpec { links: 8, link: 0.05, particle_mass: 0.01, direction: [0.0, -1.0, 0.0], lean: 0.01 }.input();
    let mut r = Cloth::new(&rope, library::ROPE.dynamics).expect("seeds");
    assert_eq!(r.attach_render_mesh(&rope.positions), Err(SkinError::NoTriangles));
    let input = IrregularCape::from_seed(0).input();
    let mut c = Cloth::new(&input, library::SILK.dynamics).expect("seeds");
    assert_eq!(c.attach_render_mesh(&[]), Err(SkinError::Empty));
    assert_eq!(c.attach_render_mesh(&[[0.0; 3], [f32::NAN, 0.0, 0.0]]), Err(SkinError::BadVertex { vertex: 1 }));
    assert_eq!(c.attach_render_mesh(&[[0.0; 3], [2e6, 0.0, 0.0]]), Err(SkinError::BadVertex { vertex: 1 }));
    let layout = VertexLayout::positions(Space::World, 1);
    let e = c.write_vertices(&layout, Source::RenderMesh(0), &mut [0u8; 12]).expect_err("none attached");
    assert_eq!(e, LayoutError::NoRenderMesh { index: 0, attached: 0 });
}

/// The render mesh is written four vertices at a time and the rest one at a
/// time; a vertex's bytes never depend on which: written from every first
/// entry 0–4 (so every vertex falls in every lane and in the tail), with and
/// without frames, in both spaces, each vertex is the same bits as in the
/// whole-mesh write.
#[test]
fn a_render_vertex_is_the_same_bits_in_any_lane() {
    let input = IrregularCape::from_seed(2).input();
    let mut c = Cloth::new(&input, library::COTTON.dynamics).expect("seeds");
    // Off the surface (an offset in the triangle's frame) and on it.
    let mesh: Vec<[f32; 3]> = input
        .positions
        .iter()
        .enumerate()
        .map(|(i, p)| [p[0], p[1], p[2] + if i % 3 == 0 { 0.004 } else { 0.0 }])
        .collect();
    let k = c.attach_render_mesh(&mesh).expect("binds");
    c.set_anchor_pose(cloth_solver::pose::Pose::new(
        [0.3, 1.2, -0.4],
        cloth_solver::pose::Quat::from_axis_angle([0.3, 1.0, 0.2], 0.7),
    ))
    .expect("a pose");
    for _ in 0..40 {
        c.step();
    }
    let n = mesh.len();
    for space in [Space::Cloth, Space::World] {
        for normal in [None, Some(12)] {
            let write = |c: &mut Cloth, first: usize| {
                let count = n - first;
                let layout = VertexLayout { space, first, count, stride: 24, position: Some(0), normal, tangent: None };
                let mut bytes = vec![0u8; 24 * count];
                c.write_vertices(&layout, Source::RenderMesh(k), &mut bytes).expect("a valid layout");
                bytes
            };
            let whole = write(&mut c, 0);
            for first in 1..5 {
                assert_eq!(write(&mut c, first), whole[24 * first..], "{space:?}, normals {normal:?}, from {first}");
            }
        }
    }
}
