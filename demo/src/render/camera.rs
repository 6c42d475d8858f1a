//! A fixed pinhole camera: look-at placement, vertical field of view,
//! perspective projection onto a `width × height` image.

use super::math::Vec3;

/// Where the camera stands and what it frames. World space is metres, +Y up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub eye: [f32; 3],
    pub target: [f32; 3],
    /// Roughly up; only its component perpendicular to the view matters.
    pub up: [f32; 3],
    /// Vertical field of view, degrees (35–50 reads as a natural lens).
    pub fov_y_degrees: f32,
    /// Output image size in pixels.
    pub width: u32,
    pub height: u32,
    /// Anti-aliasing: samples per pixel along each axis (3 → 9 samples per
    /// pixel, averaged). 1 turns it off; 3 leaves no visible stair-steps on
    /// cloth silhouettes or thin ropes at 640×400.
    pub supersample: u32,
}

impl Camera {
    /// A camera at `eye` looking at `target`, 3×3 supersampled.
    pub fn look_at(
        eye: [f32; 3],
        target: [f32; 3],
        up: [f32; 3],
        fov_y_degrees: f32,
        width: u32,
        height: u32,
    ) -> Camera {
        Camera { eye, target, up, fov_y_degrees, width, height, supersample: 3 }
    }

    /// The pixel coordinates `[x, y]` (x right, y down; pixel centres at
    /// +0.5) where world point `p` lands, or `None` behind the camera.
    pub fn project(&self, p: [f32; 3]) -> Option<[f32; 2]> {
        let view = self.view(1);
        let v = view.world_to_view(p.into());
        (v.z > NEAR).then(|| view.view_to_screen(v))
    }

    /// The camera resolved for rasterising at `scale` samples per pixel edge.
    pub(crate) fn view(&self, scale: u32) -> View {
        let eye = Vec3::from(self.eye);
        let forward = (Vec3::from(self.target) - eye).normalized();
        let forward = if forward == Vec3::ZERO { Vec3::new(0.0, 0.0, -1.0) } else { forward };
        let mut right = forward.cross(Vec3::from(self.up)).normalized();
        if right == Vec3::ZERO {
            right = forward.any_perpendicular();
        }
        let up = right.cross(forward);
        let width = (self.width * scale) as usize;
        let height = (self.height * scale) as usize;
        let half_fov = (self.fov_y_degrees.clamp(1.0, 170.0) * 0.5).to_radians();
        View { eye, right, up, forward, focal: 0.5 * height as f32 / half_fov.tan(), width, height }
    }
}

/// Near clipping distance, metres: nearer geometry is cut away. 2 cm keeps
/// fixed-point raster coordinates in range for anything the camera frames.
pub(crate) const NEAR: f32 = 0.02;

/// A camera with its basis and raster size resolved (in samples).
#[derive(Clone, Copy, Debug)]
pub(crate) struct View {
    pub eye: Vec3,
    pub right: Vec3,
    pub up: Vec3,
    pub forward: Vec3,
    /// Focal length in samples: screen offset = view offset / depth × focal.
    pub focal: f32,
    pub width: usize,
    pub height: usize,
}

impl View {
    /// World → view space: x right, y up, z = depth along the view axis.
    pub fn world_to_view(&self, p: Vec3) -> Vec3 {
        let d = p - self.eye;
        Vec3::new(d.dot(self.right), d.dot(self.up), d.dot(self.forward))
    }

    /// View space (z > 0) → raster coordinates, y down.
    pub fn view_to_screen(&self, v: Vec3) -> [f32; 2] {
        let s = self.focal / v.z;
        [0.5 * self.width as f32 + v.x * s, 0.5 * self.height as f32 - v.y * s]
    }

    /// The world-space direction (not normalised; unit depth) through raster
    /// point `(sx, sy)`.
    pub fn ray(&self, sx: f32, sy: f32) -> Vec3 {
        let x = (sx - 0.5 * self.width as f32) / self.focal;
        let y = (0.5 * self.height as f32 - sy) / self.focal;
        self.forward + self.right * x + self.up * y
    }
}
