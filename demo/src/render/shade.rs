//! Materials and light: what colour a visible point is.
//!
//! One warm key light (the sun, with soft shadows) plus a sky/ground
//! hemisphere fill, in linear light, tone-mapped at the end. Cloth gets wrap
//! diffuse (light bleeds softly past the terminator, as it does through
//! fibres), a grazing-angle sheen (fibres catch light at the silhouette), a
//! faint broad highlight and a little translucency (a sunlit cape glows on
//! its shadow side); both sides are lit, each with its own colour.
//!
//! The light and finish constants were tuned by eye on the ignored
//! `tests::sample_images` renders (640×400): folds must read on a red and a
//! blue cloth in sun and in shade, and the floor grid must stay visible.

use super::image::Rgb;
use super::math::{smoothstep, Vec3};
use super::scene::Sheet;
use super::shadow::ShadowMap;

/// Sun radiance (linear RGB): warm, about 7× the fill, so shadows read
/// clearly but stay open.
const SUN: Vec3 = Vec3::new(3.1, 2.95, 2.7);
/// Hemisphere fill from above (cool sky) and from below (warm ground bounce).
const SKY_FILL: Vec3 = Vec3::new(0.40, 0.45, 0.55);
const GROUND_FILL: Vec3 = Vec3::new(0.20, 0.18, 0.15);
/// Background: zenith and horizon radiance. The ground fades to the horizon
/// colour, so floor and sky meet without a seam.
const SKY_ZENITH: Vec3 = Vec3::new(0.55, 0.85, 1.5);
const SKY_HORIZON: Vec3 = Vec3::new(1.75, 1.78, 1.82);
/// Ground: a light neutral floor with darker grid lines.
const GROUND_ALBEDO: Vec3 = Vec3::new(0.50, 0.49, 0.47);
const GRID_ALBEDO: Vec3 = Vec3::new(0.24, 0.24, 0.25);
/// Grid spacing and line width, metres.
const GRID_STEP: f32 = 0.5;
const GRID_LINE: f32 = 0.012;
/// Distance (metres) over which the floor fades into the horizon haze.
const FOG_DISTANCE: f32 = 14.0;
/// Exposure applied before the tone curve.
const EXPOSURE: f32 = 0.44;

#[derive(Clone, Copy, Debug)]
pub(crate) enum Surface {
    /// Gingham `checks` per uv unit (0 = plain).
    Cloth {
        checks: f32,
    },
    Rope,
    Solid,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Material {
    pub surface: Surface,
    /// Albedo of the front and back sides (linear).
    pub front: Vec3,
    pub back: Vec3,
    /// Metres this surface is pulled towards the camera for the depth test
    /// only. Simulated cloth rests a few millimetres outside a collider, and
    /// both are flat-faceted, so facets can cross; a 3 mm preference lets the
    /// cloth win those ties and is far below a pixel at demo distances.
    pub depth_bias: f32,
}

impl Material {
    pub fn cloth(sheet: &Sheet) -> Material {
        let checks = if sheet.uv.is_some() { sheet.checks } else { 0.0 };
        Material {
            surface: Surface::Cloth { checks },
            front: sheet.front.linear(),
            back: sheet.back.linear(),
            depth_bias: 0.003,
        }
    }

    pub fn solid(surface: Surface, colour: Rgb) -> Material {
        let bias = if matches!(surface, Surface::Rope) { 0.002 } else { 0.0 };
        Material { surface, front: colour.linear(), back: colour.linear(), depth_bias: bias }
    }
}

/// A visible point of a triangle, as the shader needs it.
pub(crate) struct SurfacePoint {
    pub p: Vec3,
    /// Interpolated vertex normal (not normalised yet).
    pub n: Vec3,
    /// The triangle's face normal (unit).
    pub face: Vec3,
    pub uv: [f32; 2],
    /// Ambient light reaching the front and back side here (fold occlusion).
    pub open: [f32; 2],
    /// uv units across one output pixel here: the width of the filter that
    /// keeps patterns from aliasing.
    pub uv_per_pixel: f32,
}

/// Per-surface lighting parameters.
struct Finish {
    /// Wrap diffuse: light reaches `wrap` past the terminator (0 = Lambert).
    wrap: f32,
    /// Grazing-angle sheen strength.
    sheen: f32,
    specular: f32,
    shininess: f32,
    /// Share of the sun passing through to the unlit side.
    translucency: f32,
}

const CLOTH: Finish = Finish { wrap: 0.25, sheen: 0.35, specular: 0.035, shininess: 12.0, translucency: 0.18 };
const ROPE: Finish = Finish { wrap: 0.2, sheen: 0.12, specular: 0.06, shininess: 18.0, translucency: 0.0 };
const SOLID: Finish = Finish { wrap: 0.1, sheen: 0.08, specular: 0.22, shininess: 40.0, translucency: 0.0 };

/// Radiance leaving `s` towards the camera at `eye`.
pub(crate) fn shade_surface(m: &Material, s: &SurfacePoint, eye: Vec3, sun: Vec3, shadow: &ShadowMap) -> Vec3 {
    let v = (eye - s.p).normalized();
    // Two-sided: the side facing the camera is the one being lit.
    let back = s.face.dot(v) < 0.0;
    let (mut n, face) = if back { (-s.n, -s.face) } else { (s.n, s.face) };
    n = n.normalized();
    if n == Vec3::ZERO {
        n = face;
    }
    // At silhouettes an interpolated normal can point away from the camera;
    // tip it back so the rim shades as a rim, not as the far side.
    let nv = n.dot(v);
    if nv < 0.05 {
        n = (n + v * (0.05 - nv)).normalized();
    }
    let nv = n.dot(v).max(0.0);

    let (finish, mut albedo) = match m.surface {
        Surface::Cloth { .. } => (&CLOTH, if back { m.back } else { m.front }),
        Surface::Rope => (&ROPE, m.front),
        Surface::Solid => (&SOLID, m.front),
    };
    match m.surface {
        Surface::Cloth { checks } if checks > 0.0 => albedo = gingham(albedo, s.uv, checks, s.uv_per_pixel),
        Surface::Rope => albedo = albedo * strands(s.uv),
        _ => {}
    }

    let ndl = n.dot(sun);
    let reaches = ndl > -finish.wrap || finish.translucency > 0.0;
    let lit = if reaches { shadow.visibility(s.p, face) } else { 0.0 };
    // The shadow map sees flat triangles; smooth shading does not. Near the
    // terminator the two disagree triangle by triangle (stair-stepped dark
    // patches along folds), and a face nearly edge-on to the sun has no
    // reliable depth slope. There the smooth Lambert falloff alone darkens:
    // the map is trusted only where both the shading normal and the face
    // clearly face the sun.
    let trust = smoothstep(-0.05, 0.3, ndl) * smoothstep(0.1, 0.35, face.dot(sun).abs());
    let direct = 1.0 + (lit - 1.0) * trust;
    let diffuse = ((ndl + finish.wrap) / (1.0 + finish.wrap)).max(0.0) * direct;
    let through = finish.translucency * (-ndl).max(0.0) * lit;
    let open = if back { s.open[1] } else { s.open[0] };
    let fill = GROUND_FILL.lerp(SKY_FILL, 0.5 + 0.5 * n.y) * open;
    // Folds also shade some of the sun: half the fold occlusion applies.
    let mut c = albedo.mul(SUN * ((diffuse + through) * (0.5 + 0.5 * open)) + fill);

    let rim = (1.0 - nv).powi(4);
    c += albedo.lerp(Vec3::splat(1.0), 0.5).mul(fill + SUN * (0.3 * lit)) * (finish.sheen * rim);
    if ndl > 0.0 {
        let h = (sun + v).normalized();
        c += SUN * (finish.specular * n.dot(h).max(0.0).powf(finish.shininess) * lit);
    }
    c
}

/// Gingham: two sets of stripes across the weave; where one set crosses the
/// pale ground the cloth is half-tinted, where both cross it is full colour.
/// Each stripe set is box-filtered over the pixel footprint, so fine checks
/// blend to their average instead of shimmering.
fn gingham(colour: Vec3, uv: [f32; 2], checks: f32, uv_per_pixel: f32) -> Vec3 {
    let width = (uv_per_pixel * checks).max(1e-4);
    let band = |x: f32| {
        // Box filter of the square wave "frac(x) ≥ ½" via its integral.
        let integral = |x: f32| 0.5 * x.floor() + (x - x.floor() - 0.5).max(0.0);
        ((integral(x + 0.5 * width) - integral(x - 0.5 * width)) / width).clamp(0.0, 1.0)
    };
    let tint = 0.5 * (band(uv[0] * checks) + band(uv[1] * checks));
    let pale = colour.lerp(Vec3::new(0.85, 0.83, 0.78), 0.75);
    pale.lerp(colour, tint)
}

/// Rope strands: three plies twisting along the rope, each darkening into
/// the groove between it and the next.
fn strands(uv: [f32; 2]) -> f32 {
    let phase = 3.0 * (uv[1] + 0.9 * uv[0]);
    let x = phase - phase.floor();
    0.72 + 0.28 * (std::f32::consts::PI * x).sin()
}

/// The background along world direction `dir`.
pub(crate) fn sky(dir: Vec3) -> Vec3 {
    let e = dir.normalized().y;
    if e >= 0.0 {
        SKY_HORIZON.lerp(SKY_ZENITH, smoothstep(0.0, 1.0, e.sqrt()))
    } else {
        SKY_HORIZON.lerp(GROUND_ALBEDO * 0.8, smoothstep(0.0, 0.4, -e))
    }
}

/// The floor at `p`, `distance` metres from the camera, one output pixel
/// spanning `footprint` metres along world x and z there.
pub(crate) fn shade_ground(p: Vec3, distance: f32, footprint: [f32; 2], sun: Vec3, shadow: &ShadowMap) -> Vec3 {
    let line = |x: f32, fw: f32| {
        let d = (x - (x / GRID_STEP).round() * GRID_STEP).abs();
        let fw = fw.max(1e-5);
        // Coverage of a GRID_LINE-wide line by a pixel-wide box filter.
        let covered = ((d + 0.5 * fw).min(0.5 * GRID_LINE) - (d - 0.5 * fw).max(-0.5 * GRID_LINE)).max(0.0) / fw;
        // Lines thinner than a pixel fade to their average instead of aliasing.
        let far = smoothstep(0.25 * GRID_STEP, GRID_STEP, fw);
        covered * (1.0 - far) + (GRID_LINE / GRID_STEP) * far
    };
    let grid = line(p.x, footprint[0]).max(line(p.z, footprint[1]));
    let albedo = GROUND_ALBEDO.lerp(GRID_ALBEDO, 0.75 * grid);
    let up = Vec3::new(0.0, 1.0, 0.0);
    let lit = if sun.y > 0.0 { shadow.visibility(p, up) } else { 0.0 };
    let c = albedo.mul(SUN * (sun.y.max(0.0) * lit) + SKY_FILL);
    let haze = 1.0 - (-(distance / FOG_DISTANCE).powi(2)).exp();
    c.lerp(SKY_HORIZON, haze)
}

/// Linear radiance → display sRGB: exposure, then the ACES filmic fit
/// (Narkowicz 2015), which rolls highlights off instead of clipping them.
pub(crate) fn tonemap(c: Vec3) -> Rgb {
    let aces = |x: f32| {
        let x = (x * EXPOSURE).max(0.0);
        (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14)
    };
    Rgb::from_linear(Vec3::new(aces(c.x), aces(c.y), aces(c.z)))
}
