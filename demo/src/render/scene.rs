//! What one frame shows: cloth sheets, ropes, colliders, the ground and the
//! sun, in world space (metres, +Y up). The demo builds a `Scene` per frame
//! and calls [`Scene::render`](super::pipeline); nothing here rasterises.

use super::image::Rgb;
use super::math::Vec3;

/// Default collider tone: a neutral warm grey, so coloured cloth reads
/// against the body it hangs on.
pub const COLLIDER_GREY: Rgb = Rgb(178, 170, 160);

/// One frame's primitives. Everything is copied in, so the caller's buffers
/// are free again as soon as a method returns.
#[derive(Clone, Debug)]
pub struct Scene {
    /// Direction towards the sun (any length). It lights everything and
    /// casts the shadows; default: high, from the front-left of a camera
    /// looking down −Z.
    pub sun: [f32; 3],
    /// Colour given to colliders added after this is set.
    pub collider_colour: Rgb,
    pub(crate) ground: Option<f32>,
    pub(crate) sheets: Vec<Sheet>,
    pub(crate) ropes: Vec<Rope>,
    pub(crate) colliders: Vec<Collider>,
}

/// A cloth surface: an indexed triangle mesh with smooth (area-weighted)
/// vertex normals, lit on both sides.
#[derive(Clone, Debug)]
pub struct Sheet {
    pub(crate) positions: Vec<Vec3>,
    pub(crate) triangles: Vec<[u32; 3]>,
    pub(crate) uv: Option<Vec<[f32; 2]>>,
    /// Unit normals per position, as the simulation gives them (None: the
    /// tessellator computes them).
    pub(crate) normals: Option<Vec<Vec3>>,
    pub(crate) front: Rgb,
    pub(crate) back: Rgb,
    pub(crate) checks: f32,
}

/// A rope: a polyline drawn as a shaded tube with rounded ends.
#[derive(Clone, Debug)]
pub(crate) struct Rope {
    pub points: Vec<Vec3>,
    pub radius: f32,
    pub colour: Rgb,
}

/// A collider as drawn: solid, shaded, depth-tested like everything else.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Collider {
    pub shape: Shape,
    pub colour: Rgb,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Shape {
    /// The convex hull of a sphere of radius `ra` at `a` and one of radius
    /// `rb` at `b`: a sphere (`a = b`), a capsule (`ra = rb`) or a tapered
    /// capsule.
    Capsule { a: Vec3, b: Vec3, ra: f32, rb: f32 },
    /// An oriented box: `axes` are its local x, y, z in world space.
    Cuboid { centre: Vec3, axes: [Vec3; 3], half: Vec3 },
}

impl Default for Scene {
    fn default() -> Self {
        Scene::new()
    }
}

impl Scene {
    /// An empty scene: sky only, default sun, no ground.
    pub fn new() -> Scene {
        Scene {
            sun: [-0.75, 0.8, 0.4],
            collider_colour: COLLIDER_GREY,
            ground: None,
            sheets: Vec::new(),
            ropes: Vec::new(),
            colliders: Vec::new(),
        }
    }

    /// A ground plane at `height` (metres) with a 0.5 m grid, fading into
    /// the sky with distance, receiving every shadow.
    pub fn ground(&mut self, height: f32) -> &mut Self {
        self.ground = Some(height);
        self
    }

    /// Adds a cloth sheet: `positions` and `triangles` (indices into them)
    /// as the solver holds them. The back side gets a darker, greyer
    /// shade of `colour` unless [`Sheet::back`] says otherwise.
    ///
    /// Panics if a triangle indexes past `positions` (a caller bug, not a
    /// simulation state). Non-finite positions are legal: triangles touching
    /// them are skipped, so a blown-up simulation still renders.
    pub fn sheet(&mut self, positions: &[[f32; 3]], triangles: &[[u32; 3]], colour: Rgb) -> &mut Sheet {
        let n = positions.len();
        if let Some(t) = triangles.iter().find(|t| t.iter().any(|&i| i as usize >= n)) {
            panic!("sheet triangle {t:?} indexes past its {n} positions");
        }
        self.sheets.push(Sheet {
            positions: positions.iter().map(|&p| p.into()).collect(),
            triangles: triangles.to_vec(),
            uv: None,
            normals: None,
            front: colour,
            back: lining(colour),
            checks: 0.0,
        });
        self.sheets.last_mut().expect("just pushed")
    }

    /// Adds a rope through `points` (metres), `radius` metres thick. A rope
    /// thinner than about a pixel is drawn a pixel wide so it stays visible.
    pub fn rope(&mut self, points: &[[f32; 3]], radius: f32, colour: Rgb) -> &mut Self {
        self.ropes.push(Rope { points: points.iter().map(|&p| p.into()).collect(), radius, colour });
        self
    }

    pub fn sphere(&mut self, centre: [f32; 3], radius: f32) -> &mut Self {
        self.tapered_capsule(centre, centre, radius, radius)
    }

    /// A capsule: the segment `a`–`b` swept by a sphere of `radius`.
    pub fn capsule(&mut self, a: [f32; 3], b: [f32; 3], radius: f32) -> &mut Self {
        self.tapered_capsule(a, b, radius, radius)
    }

    /// A tapered capsule: radius `ra` at `a`, `rb` at `b`, joined by the
    /// cone tangent to both spheres (a limb: upper arm, thigh).
    pub fn tapered_capsule(&mut self, a: [f32; 3], b: [f32; 3], ra: f32, rb: f32) -> &mut Self {
        let shape = Shape::Capsule { a: a.into(), b: b.into(), ra: ra.max(0.0), rb: rb.max(0.0) };
        self.colliders.push(Collider { shape, colour: self.collider_colour });
        self
    }

    /// An oriented box. `rotation` is the unit quaternion `[w, x, y, z]`
    /// (the solver's `pose::Quat` field order) taking box axes to world
    /// axes; `half_extents` are metres along the box's own x, y, z.
    pub fn cuboid(&mut self, centre: [f32; 3], rotation: [f32; 4], half_extents: [f32; 3]) -> &mut Self {
        let shape = Shape::Cuboid { centre: centre.into(), axes: quat_axes(rotation), half: half_extents.into() };
        self.colliders.push(Collider { shape, colour: self.collider_colour });
        self
    }
}

impl Sheet {
    /// Texture coordinates per vertex (e.g. rest positions in metres), which
    /// switch on the gingham checks of [`Sheet::checks`].
    ///
    /// Panics if `uv` does not have one entry per position.
    pub fn uv(&mut self, uv: &[[f32; 2]]) -> &mut Self {
        assert_eq!(uv.len(), self.positions.len(), "one uv per sheet position");
        self.uv = Some(uv.to_vec());
        self
    }

    /// Unit normals per vertex from the simulation (`Cloth::write_vertices`).
    ///
    /// Panics if `normals` does not have one entry per position.
    pub fn normals(&mut self, normals: &[[f32; 3]]) -> &mut Self {
        assert_eq!(normals.len(), self.positions.len(), "one normal per sheet position");
        self.normals = Some(normals.iter().map(|&n| n.into()).collect());
        self
    }

    /// The colour of the back side (the inside of a cape).
    pub fn back(&mut self, colour: Rgb) -> &mut Self {
        self.back = colour;
        self
    }

    /// Woven gingham checks, `per_uv_unit` bands per unit of uv (0 = plain).
    /// Checks make stretch, shear and folds readable at a glance; they need
    /// [`Sheet::uv`].
    pub fn checks(&mut self, per_uv_unit: f32) -> &mut Self {
        self.checks = per_uv_unit.max(0.0);
        self
    }
}

/// The default back-side colour: the front, darker and a little greyer,
/// so the inside of a cape reads as the other side of the same cloth.
fn lining(c: Rgb) -> Rgb {
    let f = c.linear();
    let grey = (f.x + f.y + f.z) / 3.0;
    Rgb::from_linear(f.lerp(Vec3::splat(grey), 0.3) * 0.6)
}

/// The world-space images of the x, y, z axes under the rotation `q = [w, x,
/// y, z]` (normalised here, so a slightly off-unit quaternion is harmless):
/// the columns of its rotation matrix.
pub(crate) fn quat_axes(q: [f32; 4]) -> [Vec3; 3] {
    let n = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).sqrt();
    let [w, x, y, z] = if n > 1e-12 && n.is_finite() { q.map(|c| c / n) } else { [1.0, 0.0, 0.0, 0.0] };
    [
        Vec3::new(1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + w * z), 2.0 * (x * z - w * y)),
        Vec3::new(2.0 * (x * y - w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + w * x)),
        Vec3::new(2.0 * (x * z + w * y), 2.0 * (y * z - w * x), 1.0 - 2.0 * (x * x + y * y)),
    ]
}
