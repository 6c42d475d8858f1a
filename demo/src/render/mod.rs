//! The demo's pictures: a small, deterministic software renderer.
//!
//! The demo fills a [`Scene`] each frame — cloth sheets, ropes, colliders,
//! a ground grid — and renders it through a fixed [`Camera`] into an
//! [`Image`], which it saves as a PNG and appends to an animated GIF
//! ([`GifWriter`]). [`plot`] draws time series (kinetic energy, worst tether
//! ratio) with axes and labels. No simulation code lives here.
//!
//! | file            | concern                                                |
//! |-----------------|--------------------------------------------------------|
//! | `scene.rs`      | what a frame shows (the API the demo fills)            |
//! | `camera.rs`     | look-at pinhole camera, perspective projection         |
//! | `tessellate.rs` | primitives → triangles with smooth normals             |
//! | `raster.rs`     | exact fixed-point triangle coverage, near clipping     |
//! | `shadow.rs`     | sun shadow map with soft (PCSS) lookups                |
//! | `shade.rs`      | materials, lights, sky, ground grid, tone mapping      |
//! | `pipeline.rs`   | `Scene::render`: z-buffer, supersampling, resolve      |
//! | `image.rs`      | RGB8 images, sRGB, PNG                                 |
//! | `gif.rs`        | animated GIF with one fitted palette                   |
//! | `plot.rs`       | line plots; `font.rs`: the 5×7 bitmap font they use    |
//!
//! ```ignore
//! let camera = Camera::look_at([0.0, 1.5, 3.5], [0.0, 1.0, 0.0], [0.0, 1.0, 0.0], 40.0, 640, 400);
//! let mut gif = GifWriter::new(out.join("cloth.gif"), 640, 400, 4)?; // 25 fps
//! for frame in 0..frames {
//!     let mut scene = Scene::new();
//!     scene.ground(0.0);
//!     scene.tapered_capsule(hip, chest, 0.14, 0.17).sphere(head, 0.1);
//!     scene.sheet(&cloth.positions(), &triangles, Rgb(150, 28, 36)).uv(&rest_uv).checks(4.0);
//!     scene.rope(&rope_points, 0.01, Rgb(214, 178, 92));
//!     let image = scene.render(&camera);
//!     image.save_png(out.join(format!("frame{frame:04}.png")))?;
//!     gif.add_frame(&image)?;
//! }
//! gif.finish()?;
//! ```
//!
//! A sheet's front is the side its triangles wind counter-clockwise around
//! (right-hand rule); the back gets [`Sheet::back`]'s colour.
//!
//! Determinism: no threads, no hashing, no time; float operations run in a
//! fixed order, so the same input gives the same bytes (tested).

// The character demo uses most of this API; a few calls (projecting a point,
// a sheet's back colour, boxes, reading pixels and PNGs back) serve the tests
// and scenes to come.
#![allow(dead_code, unused_imports)]

mod camera;
mod font;
mod gif;
mod image;
mod math;
mod pipeline;
mod plot;
mod raster;
mod scene;
mod shade;
mod shadow;
mod tessellate;
#[cfg(test)]
mod tests;

pub use camera::Camera;
pub use gif::GifWriter;
pub use image::{Image, Rgb};
pub use plot::{plot, Series};
pub use scene::{Scene, Sheet, COLLIDER_GREY};
