//! Rendering facts with numbers. `sample_images` (ignored) writes the
//! pictures a person looks at:
//! `cargo test -p cloth-demo -- --ignored sample_images`.

use super::*;
use std::f32::consts::PI;

/// A sheet `cols × rows` vertices draped over a horizontal rod (axis along
/// x at `centre`, radius `r`), hanging `hang` metres on each side, with
/// folds that deepen towards the hem. Returns positions, triangles, uv.
fn draped_sheet(centre: [f32; 3], r: f32, width: f32, hang: f32, cols: usize, rows: usize, t: f32) -> Sheet3 {
    let arc = 0.5 * PI * r;
    let half_span = arc + hang;
    let mut positions = Vec::new();
    let mut uv = Vec::new();
    for j in 0..rows {
        let s = -half_span + 2.0 * half_span * j as f32 / (rows - 1) as f32;
        for i in 0..cols {
            let u = -0.5 * width + width * i as f32 / (cols - 1) as f32;
            let (mut y, mut z);
            let h = (s.abs() - arc).max(0.0);
            if h == 0.0 {
                let a = s / r;
                z = r * a.sin();
                y = centre[1] + r * a.cos();
            } else {
                z = s.signum() * r;
                y = centre[1] - h;
            }
            // Folds: sideways waves growing with the drop, a flared hem.
            let depth = (h / hang).powf(0.8);
            let wave = (u * 2.0 * PI * 2.6 + 0.7 + 0.8 * t).sin() + 0.4 * (u * 2.0 * PI * 5.3 - 1.1).sin();
            z += s.signum() * depth * (0.045 * (wave + 1.4) + 0.05 * depth);
            y += 0.02 * depth * wave.abs();
            let x = centre[0] + u * (1.0 - 0.08 * depth) + 0.02 * depth * (u * 9.0).cos();
            z += centre[2];
            positions.push([x, y, z]);
            uv.push([u, s]);
        }
    }
    let mut triangles = Vec::new();
    for j in 0..rows as u32 - 1 {
        for i in 0..cols as u32 - 1 {
            let a = j * cols as u32 + i;
            let (b, c, d) = (a + 1, a + cols as u32, a + cols as u32 + 1);
            triangles.push([a, d, b]);
            triangles.push([a, c, d]);
        }
    }
    (positions, triangles, uv)
}

type Sheet3 = (Vec<[f32; 3]>, Vec<[u32; 3]>, Vec<[f32; 2]>);

/// A cape hanging from shoulders at `neck` (height of the shoulder line,
/// body axis through x, z), wrapping the back, flaring and swaying with `t`.
fn cape(neck: [f32; 3], length: f32, cols: usize, rows: usize, t: f32) -> Sheet3 {
    let mut positions = Vec::new();
    let mut uv = Vec::new();
    for j in 0..rows {
        let s = j as f32 / (rows - 1) as f32;
        for i in 0..cols {
            let phi = -1.35 + 2.7 * i as f32 / (cols - 1) as f32;
            let r = 0.2 + 0.2 * s + 0.035 * s * (7.0 * phi + 1.3 * t).sin();
            let swing = (0.12 + 0.08 * (0.8 * t).sin()) * s * s;
            positions.push([neck[0] + r * phi.sin(), neck[1] - length * s, neck[2] - r * phi.cos() - swing]);
            uv.push([phi * 0.3, s * length]);
        }
    }
    let mut triangles = Vec::new();
    for j in 0..rows as u32 - 1 {
        for i in 0..cols as u32 - 1 {
            let a = j * cols as u32 + i;
            let (b, c, d) = (a + 1, a + cols as u32, a + cols as u32 + 1);
            // Counter-clockwise seen from outside: the outside is the front.
            triangles.push([a, b, d]);
            triangles.push([a, d, c]);
        }
    }
    (positions, triangles, uv)
}

/// A catenary-ish rope from `a` to `b` sagging `sag` metres.
fn hanging_rope(a: [f32; 3], b: [f32; 3], sag: f32, n: usize) -> Vec<[f32; 3]> {
    (0..n)
        .map(|k| {
            let f = k as f32 / (n - 1) as f32;
            let drop = sag * (1.0 - ((2.0 * f - 1.0) * 1.3).cosh() / 1.3f32.cosh()) / (1.0 - 1.0 / 1.3f32.cosh());
            [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f - drop, a[2] + (b[2] - a[2]) * f]
        })
        .collect()
}

/// The look-at-it scene: a checked cloth over a rod, a hanging rope, a
/// body-like group of colliders and a box, on the grid.
fn showcase(t: f32, width: u32, height: u32) -> (Scene, Camera) {
    let mut scene = Scene::new();
    scene.ground(0.0);
    let rod = ([-1.05, 1.0, 0.0], [-0.05, 1.0, 0.0]);
    scene.capsule(rod.0, rod.1, 0.05);
    let (p, tris, uv) = draped_sheet([-0.55, 1.0, 0.0], 0.058, 0.8, 0.75, 40, 60, t);
    scene.sheet(&p, &tris, Rgb(168, 34, 40)).uv(&uv).checks(5.0);
    // A torso, head and shoulders of tapered capsules, and a box.
    scene.tapered_capsule([0.7, 0.95, 0.0], [0.7, 1.42, 0.0], 0.13, 0.17);
    scene.sphere([0.7, 1.66, 0.0], 0.1);
    scene.tapered_capsule([0.5, 1.45, 0.0], [0.9, 1.45, 0.0], 0.07, 0.07);
    scene.tapered_capsule([0.62, 0.95, 0.0], [0.6, 0.05, 0.05], 0.08, 0.05);
    scene.tapered_capsule([0.78, 0.95, 0.0], [0.82, 0.05, -0.05], 0.08, 0.05);
    let (p, tris, _) = cape([0.7, 1.5, 0.0], 1.0, 36, 40, t);
    scene.sheet(&p, &tris, Rgb(40, 62, 150));
    let (s, c) = (0.3f32.sin(), 0.3f32.cos());
    scene.cuboid([1.5, 0.2, -0.5], [c, 0.0, s, 0.0], [0.25, 0.2, 0.2]);
    let rope = hanging_rope([-0.05, 1.0, 0.0], [0.52, 1.45, 0.0], 0.25 + 0.05 * t.sin(), 40);
    scene.rope(&rope, 0.012, Rgb(214, 178, 92));
    let camera = Camera::look_at([0.25, 1.55, 3.3], [0.15, 0.75, 0.0], [0.0, 1.0, 0.0], 40.0, width, height);
    (scene, camera)
}

#[test]
#[ignore = "writes sample pictures to /tmp for a person to look at"]
fn sample_images() {
    let (scene, camera) = showcase(0.0, 640, 400);
    let mut fastest = std::time::Duration::MAX;
    for _ in 0..5 {
        let t = std::time::Instant::now();
        scene.render(&camera);
        fastest = fastest.min(t.elapsed());
    }
    eprintln!("640x400 render, fastest of 5: {fastest:?}");
    let img = scene.render(&camera);
    img.save_png("/tmp/cloth-render-sample.png").unwrap();
    let mut gif = GifWriter::new("/tmp/cloth-render-sample.gif", 640, 400, 4).unwrap();
    for k in 0..24 {
        let (scene, camera) = showcase(k as f32 * 0.25, 640, 400);
        gif.add_frame(&scene.render(&camera)).unwrap();
    }
    gif.finish().unwrap();
    // Frame 12 as the GIF shows it (composed), to compare with the PNG.
    let mut options = ::gif::DecodeOptions::new();
    options.set_color_output(::gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::fs::File::open("/tmp/cloth-render-sample.gif").unwrap()).unwrap();
    let mut screen = Image::new(640, 400, Rgb(0, 0, 0));
    for _ in 0..13 {
        let frame = decoder.read_next_frame().unwrap().unwrap();
        for (i, px) in frame.buffer.chunks_exact(4).enumerate() {
            let (x, y) =
                (frame.left as usize + i % frame.width as usize, frame.top as usize + i / frame.width as usize);
            screen.set(x as i64, y as i64, Rgb(px[0], px[1], px[2]));
        }
    }
    screen.save_png("/tmp/cloth-render-gif-frame12.png").unwrap();
    showcase(3.0, 640, 400).0.render(&showcase(3.0, 640, 400).1).save_png("/tmp/cloth-render-frame12.png").unwrap();
    let energy: Vec<(f64, f64)> = (0..600)
        .map(|k| k as f64 / 60.0)
        .map(|t| (t, 3.0 * (-t * 0.8).exp() * (1.0 + 0.5 * (t * 5.0).sin().powi(2)) + 1e-4))
        .collect();
    let tether: Vec<(f64, f64)> =
        (0..600).map(|k| k as f64 / 60.0).map(|t| (t, 1.0 + 0.06 * (-t * 0.5).exp() * (t * 3.0).sin().abs())).collect();
    let top = plot(
        &[Series { name: "kinetic energy", colour: Rgb(214, 96, 24), points: &energy }],
        "Kinetic energy",
        "time (s)",
        "energy (J)",
        true,
    );
    let bottom = plot(
        &[
            Series { name: "worst tether ratio", colour: Rgb(24, 128, 160), points: &tether },
            Series { name: "limit", colour: Rgb(150, 150, 150), points: &[(0.0, 1.05), (10.0, 1.05)] },
        ],
        "Worst tether ratio",
        "time (s)",
        "length / rest",
        false,
    );
    Image::stack(&[&top, &bottom], Rgb(255, 255, 255)).save_png("/tmp/cloth-render-plot.png").unwrap();
    let mut close = camera;
    (close.eye, close.target) = ([1.9, 1.5, 1.6], [0.7, 1.0, 0.0]);
    let mut plain = scene.clone();
    plain.sheets[0].checks(0.0);
    plain.render(&close).save_png("/tmp/cloth-render-close.png").unwrap();
    let mut zoom = close;
    (zoom.eye, zoom.target, zoom.fov_y_degrees) = ([-0.2, 1.2, 1.6], [-0.55, 0.6, 0.2], 12.0);
    plain.render(&zoom).save_png("/tmp/cloth-render-zoom.png").unwrap();
}

/// The small scene of the gates: a sheet, a rope, a capsule, a sphere and
/// the ground, 160×100 (9 samples a pixel).
fn small_scene() -> (Scene, Camera) {
    let mut scene = Scene::new();
    scene.ground(0.0);
    scene.capsule([-0.6, 0.5, 0.0], [0.2, 0.5, 0.0], 0.08);
    scene.sphere([0.8, 0.3, 0.2], 0.3);
    let (p, tris, uv) = draped_sheet([-0.2, 0.5, 0.0], 0.09, 0.6, 0.4, 12, 16, 0.0);
    scene.sheet(&p, &tris, Rgb(40, 90, 200)).uv(&uv).checks(4.0);
    scene.rope(&hanging_rope([0.2, 0.5, 0.0], [0.8, 0.6, 0.2], 0.15, 16), 0.015, Rgb(220, 180, 90));
    let camera = Camera::look_at([0.0, 1.2, 2.6], [0.1, 0.35, 0.0], [0.0, 1.0, 0.0], 40.0, 160, 100);
    (scene, camera)
}

fn sky_only(camera: &Camera) -> Image {
    Scene::new().render(camera)
}

fn distinct_colours(img: &Image) -> usize {
    let mut c: Vec<&[u8]> = img.data().chunks_exact(3).collect();
    c.sort_unstable();
    c.dedup();
    c.len()
}

fn differing_pixels(a: &Image, b: &Image) -> Vec<(u32, u32)> {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    let w = a.width() as usize;
    a.data()
        .chunks_exact(3)
        .zip(b.data().chunks_exact(3))
        .enumerate()
        .filter(|(_, (p, q))| p != q)
        .map(|(i, _)| ((i % w) as u32, (i / w) as u32))
        .collect()
}

/// A scratch directory under the system temp dir, unique to the test and
/// removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("cloth-render-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir is writable");
        Scratch(dir)
    }

    fn join(&self, file: &str) -> std::path::PathBuf {
        self.0.join(file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn small_scene_is_not_blank() {
    let (scene, camera) = small_scene();
    let img = scene.render(&camera);
    assert_eq!((img.width(), img.height()), (160, 100));
    let colours = distinct_colours(&img);
    let changed = differing_pixels(&img, &sky_only(&camera)).len() as f64 / (160.0 * 100.0);
    assert!(colours >= 200, "{colours} distinct colours");
    // The ground alone fills the lower half; the objects add to it.
    assert!(changed > 0.5, "{:.0}% of pixels differ from the empty sky", changed * 100.0);
}

#[test]
fn nearer_sheet_hides_farther_in_either_order() {
    let quad = |z: f32| vec![[-0.5, -0.5, z], [0.5, -0.5, z], [0.5, 0.5, z], [-0.5, 0.5, z]];
    let tris = [[0, 1, 2], [0, 2, 3]];
    let camera = Camera::look_at([0.0, 0.0, 3.0], [0.0, 0.0, 0.0], [0.0, 1.0, 0.0], 40.0, 40, 40);
    let (red, blue) = (Rgb(220, 30, 30), Rgb(30, 30, 220));
    for near_first in [true, false] {
        let mut scene = Scene::new();
        scene.sun = [0.0, 0.0, 1.0];
        if near_first {
            scene.sheet(&quad(0.5), &tris, blue);
            scene.sheet(&quad(0.0), &tris, red);
        } else {
            scene.sheet(&quad(0.0), &tris, red);
            scene.sheet(&quad(0.5), &tris, blue);
        }
        let Rgb(r, _, b) = scene.render(&camera).get(20, 20);
        assert!(b > 100 && r < 80, "centre pixel is ({r}, _, {b}), not the nearer blue sheet");
    }
    // And a sphere in front of a sheet hides it; behind, it does not.
    for (z, sphere_seen) in [(0.6, true), (-0.6, false)] {
        let mut scene = Scene::new();
        scene.sun = [0.0, 0.0, 1.0];
        scene.sheet(&quad(0.0), &tris, red);
        scene.sphere([0.0, 0.0, z], 0.2);
        let Rgb(r, g, _) = scene.render(&camera).get(20, 20);
        assert_eq!(r.abs_diff(g) < 40, sphere_seen, "centre ({r}, {g}, _) with the sphere at z = {z}");
    }
}

#[test]
fn png_round_trips() {
    let (scene, camera) = small_scene();
    let img = scene.render(&camera);
    let dir = Scratch::new("png");
    let path = dir.join("frame.png");
    img.save_png(&path).unwrap();
    // Decode with the png crate directly, independent of Image::load_png.
    let mut reader =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap())).read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height, info.color_type), (160, 100, png::ColorType::Rgb));
    assert_eq!(&buf[..info.buffer_size()], img.data());
    assert_eq!(Image::load_png(&path).unwrap(), img);
}

#[test]
fn gif_holds_every_frame() {
    let (mut scene, camera) = small_scene();
    let dir = Scratch::new("gif");
    let path = dir.join("anim.gif");
    let mut gif = GifWriter::new(&path, 160, 100, 4).unwrap();
    let mut frames = Vec::new();
    for k in 0..3 {
        scene.colliders[1].shape = scene::Shape::Capsule {
            a: [0.8 - 0.1 * k as f32, 0.3, 0.2].into(),
            b: [0.8 - 0.1 * k as f32, 0.3, 0.2].into(),
            ra: 0.3,
            rb: 0.3,
        };
        let img = scene.render(&camera);
        gif.add_frame(&img).unwrap();
        frames.push(img);
    }
    gif.finish().unwrap();

    let mut options = ::gif::DecodeOptions::new();
    options.set_color_output(::gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::fs::File::open(&path).unwrap()).unwrap();
    assert_eq!((decoder.width(), decoder.height()), (160, 100));
    // Compose the frames (each after the first holds what changed) and
    // compare with the renders: a fitted palette stays within a few levels.
    let mut screen = vec![0u8; 160 * 100 * 4];
    let mut decoded = 0;
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        let (l, t, w) = (frame.left as usize, frame.top as usize, frame.width as usize);
        for (i, px) in frame.buffer.chunks_exact(4).enumerate() {
            let o = ((t + i / w) * 160 + l + i % w) * 4;
            screen[o..o + 4].copy_from_slice(px);
        }
        let error: f64 = screen
            .chunks_exact(4)
            .zip(frames[decoded].data().chunks_exact(3))
            .map(|(a, b)| (0..3).map(|k| a[k].abs_diff(b[k]) as f64).sum::<f64>())
            .sum::<f64>()
            / (160.0 * 100.0 * 3.0);
        assert!(error < 6.0, "frame {decoded}: mean error {error:.1} levels");
        decoded += 1;
    }
    assert_eq!(decoded, 3);
}

#[test]
fn moving_a_sphere_changes_only_pixels_near_it() {
    let (scene, camera) = small_scene();
    let before = scene.render(&camera);
    let mut moved = scene.clone();
    moved.colliders[1].shape =
        scene::Shape::Capsule { a: [0.9, 0.3, 0.2].into(), b: [0.9, 0.3, 0.2].into(), ra: 0.3, rb: 0.3 };
    let after = moved.render(&camera);
    let diff = differing_pixels(&before, &after);
    assert!(diff.len() > 200, "only {} pixels changed", diff.len());
    // The sphere and its shadow are on the right; the left third — the
    // sheet's side — is untouched, bit for bit.
    let left_changed = diff.iter().filter(|&&(x, _)| x < 50).count();
    assert_eq!(left_changed, 0, "{left_changed} pixels changed far from the sphere");
    let near = camera.project([0.85, 0.3, 0.2]).unwrap();
    assert!(diff.iter().any(|&(x, y)| (x as f32 - near[0]).abs() < 30.0 && (y as f32 - near[1]).abs() < 30.0));
}

#[test]
fn render_is_deterministic() {
    let (scene, camera) = small_scene();
    let a = scene.render(&camera);
    let b = scene.clone().render(&camera);
    assert_eq!(a.data(), b.data());
    let dir = Scratch::new("determinism");
    a.save_png(dir.join("a.png")).unwrap();
    b.save_png(dir.join("b.png")).unwrap();
    assert_eq!(std::fs::read(dir.join("a.png")).unwrap(), std::fs::read(dir.join("b.png")).unwrap());
}

#[test]
fn plot_draws_every_series() {
    let energy: Vec<(f64, f64)> = (0..200).map(|k| (k as f64 * 0.01, 2.0 * (-(k as f64) * 0.03).exp())).collect();
    let ratio: Vec<(f64, f64)> = (0..200).map(|k| (k as f64 * 0.01, 1.0 + 0.05 * (k as f64 * 0.1).sin())).collect();
    let (orange, teal) = (Rgb(230, 120, 20), Rgb(20, 150, 140));
    let series = [
        Series { name: "kinetic energy", colour: orange, points: &energy },
        Series { name: "worst tether ratio", colour: teal, points: &ratio },
    ];
    for log_y in [false, true] {
        let img = plot(&series, "energy and tethers", "time (s)", "value", log_y);
        let count = |c: Rgb| img.data().chunks_exact(3).filter(|p| **p == [c.0, c.1, c.2]).count();
        assert!(count(orange) > 150, "log_y {log_y}: {} orange pixels", count(orange));
        assert!(count(teal) > 150, "log_y {log_y}: {} teal pixels", count(teal));
        assert!(distinct_colours(&img) > 20);
    }
}

#[test]
fn vertex_normals_weigh_faces_by_area() {
    use super::math::Vec3;
    // A big triangle facing +z and a small one facing −x share vertex 0.
    let p = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.1, 0.0], [0.0, 0.0, -0.1]].map(Vec3::from);
    let n = tessellate::vertex_normals(&p, &[[0, 1, 2], [0, 3, 4]]);
    // Areas 2 and 0.005: the shared normal is (−0.005, 0, 2) normalised.
    let expect = Vec3::new(-0.005, 0.0, 2.0).normalized();
    assert!((n[0] - expect).length() < 1e-6, "{:?}", n[0]);
    assert!((n[1] - Vec3::new(0.0, 0.0, 1.0)).length() < 1e-6);
}

#[test]
fn shared_edges_cover_each_sample_once() {
    // A fan of triangles around an off-grid centre tiles a hexagon; every
    // sample inside is covered exactly once (no cracks, no double hits).
    let (w, h) = (64, 64);
    let centre = [31.3, 30.7];
    let ring: Vec<[f32; 2]> = (0..7)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / 7.0 + 0.1;
            [centre[0] + 27.0 * a.cos(), centre[1] + 27.0 * a.sin()]
        })
        .collect();
    let mut hits = vec![0u8; w * h];
    for k in 0..7 {
        raster::rasterise([centre, ring[k], ring[(k + 1) % 7]], w, h, |x, y, l| {
            assert!((l[0] + l[1] + l[2] - 1.0).abs() < 1e-5);
            hits[y * w + x] += 1;
        });
    }
    assert!(hits.iter().all(|&n| n <= 1), "a sample was covered twice");
    let inside = |x: usize, y: usize| (x as f32 + 0.5 - centre[0]).hypot(y as f32 + 0.5 - centre[1]) < 23.0;
    let holes = (0..w * h).filter(|&i| inside(i % w, i / w) && hits[i] == 0).count();
    assert_eq!(holes, 0);
}

#[test]
fn camera_projects_its_target_to_the_centre() {
    let camera = Camera::look_at([1.0, 2.0, 3.0], [0.2, 0.5, -0.4], [0.0, 1.0, 0.0], 45.0, 200, 100);
    let [x, y] = camera.project([0.2, 0.5, -0.4]).unwrap();
    assert!((x - 100.0).abs() < 1e-3 && (y - 50.0).abs() < 1e-3);
    assert!(camera.project([1.0, 2.0, 4.0]).is_none(), "behind the camera");
}

#[test]
fn near_plane_clips_instead_of_dropping() {
    // A floor-like sheet running from behind the camera into the distance
    // still fills the lower half of the image.
    let mut scene = Scene::new();
    let p = [[-5.0, 0.0, 5.0], [5.0, 0.0, 5.0], [5.0, 0.0, -20.0], [-5.0, 0.0, -20.0]];
    scene.sheet(&p, &[[0, 1, 2], [0, 2, 3]], Rgb(200, 30, 30));
    let camera = Camera::look_at([0.0, 1.0, 0.0], [0.0, 0.8, -2.0], [0.0, 1.0, 0.0], 50.0, 40, 40);
    let img = scene.render(&camera);
    let Rgb(r, g, _) = img.get(20, 38);
    assert!(r > g + 40, "bottom-centre pixel ({r}, {g}, _) is not the sheet");
}
