//! Scratch: a tube whose seam is closed by sliver quads `w` wide (the two
//! seam columns `w` apart, not welded), pinned at its top ring; the farthest
//! any node gets from its bind position over 4 s, and the watchdog resets.
//!
//! `cargo run --release -p cloth-bench --example sliver_seam`
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth, ClothInput, Dynamics, SeedOptions, Tuning};

fn tube(columns: usize, rows: usize, radius: f32, length: f32, w: f32, density: f32) -> ClothInput {
    let mut positions = Vec::new();
    let per_row = columns + 1;
    for r in 0..rows {
        let y = -length * r as f32 / (rows - 1) as f32;
        for k in 0..per_row {
            let (x, z) = if k < columns {
                let a = std::f32::consts::TAU * k as f32 / columns as f32;
                (radius * a.cos(), radius * a.sin())
            } else {
                // Column 0 moved w along the tangent, backwards.
                (radius, -w)
            };
            positions.push([x, y, z]);
        }
    }
    let mut triangles = Vec::new();
    for r in 0..rows - 1 {
        for k in 0..per_row {
            let k1 = (k + 1) % per_row;
            let (a, b) = ((r * per_row + k) as u32, (r * per_row + k1) as u32);
            let (c, d) = (a + per_row as u32, b + per_row as u32);
            triangles.push([a, b, d]);
            triangles.push([a, d, c]);
        }
    }
    let n = positions.len();
    let area = std::f32::consts::TAU * radius * length;
    let fixed: Vec<bool> = (0..n).map(|i| i < per_row).collect();
    ClothInput {
        positions,
        masses: vec![density * area / n as f32; n],
        fixed,
        triangles,
        parents: vec![],
        bind_rotations: vec![],
    }
}

fn main() {
    let variant = std::env::args().nth(1).unwrap_or_default();
    for w in [2e-6f32, 1e-5, 1e-4, 1e-3, 5e-3] {
        for preset in [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::HAIR] {
            let mut d = preset.dynamics;
            let mut o = SeedOptions::default();
            match variant.as_str() {
                "noself" => d.self_collision = false,
                "nobend" => o.bend_rows = false,
                "nolimit" => d.strain_limit = false,
                "notether" => o.tethers = false,
                "noair" => {
                    d.drag = 0.0;
                    d.lift = 0.0;
                }
                "bare" => {
                    d.drag = 0.0;
                    d.lift = 0.0;
                    o.bend_rows = false;
                    o.tethers = false;
                    d.self_collision = false;
                    d.strain_limit = false;
                }
                _ => {}
            }
            let d: Dynamics = d;
            let mut input = tube(16, 20, 0.05, 0.5, w, preset.density as f32);
            if variant == "weld" {
                input = cloth_solver::seed::weld(&input, 1e-4).expect("welds").0;
            }
            let bind = input.positions.clone();
            let mut c = match Cloth::with_options(&input, d, Tuning::default(), o) {
                Ok(c) => c,
                Err(e) => {
                    println!("w {w:.0e} {:8} refused: {e}", preset.name);
                    continue;
                }
            };
            if variant == "f64" {
                c.set_kernel(cloth_solver::Kernel::WideF64);
            }
            let mut pivots = 0u64;
            let mut far = 0.0f64;
            let mut peak = 0.0f64;
            let mut resets = 0;
            let dt = preset.dynamics.dt;
            for k in 1..=(if std::env::var_os("LONG").is_some() { 12.0 } else { 4.0 } / dt) as usize {
                let time = k as f64 * dt;
                let angle = if time < 2.0 && std::env::var_os("NOSWING").is_none() {
                    (std::f64::consts::TAU * 2.0 * time).sin()
                } else {
                    0.0
                };
                c.set_anchor_pose(Pose::new([0.0; 3], Quat::from_axis_angle([0.0, 0.0, 1.0], angle))).unwrap();
                let r = c.step();
                resets += r.watchdog.is_some() as usize;
                pivots += r.pivot_failures;
                peak = peak.max(c.worst_link_ratio());
                let mut now = 0.0f64;
                for i in 0..bind.len() {
                    let p = c.position(i);
                    now = now.max(((p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) as f64).sqrt());
                }
                far = far.max(now);
                if variant == "trace" && k <= 40 {
                    println!(
                        "  step {k} t {time:.3} angle {angle:.3} farthest {now:.4} worst link {:.2} {:?}",
                        c.worst_link_ratio(),
                        r.watchdog
                    );
                }
            }
            if variant == "gaps" {
                let gaps: Vec<String> = (0..20)
                    .map(|r| {
                        let (a, b) = (c.position(r * 17), c.position(r * 17 + 16));
                        let g = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
                        format!("{:.0}", g * 1e6)
                    })
                    .collect();
                println!("  asleep {} gaps µm {}", c.is_sleeping(), gaps.join(" "));
            }
            if variant == "where" {
                let (mut best, mut bi) = (0.0f32, 0);
                for i in 0..bind.len() {
                    let p = c.position(i);
                    let r = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
                    if r > best {
                        best = r;
                        bi = i;
                    }
                }
                let per_row = if variant == "weld" { 16 } else { 17 };
                println!(
                    "  farthest now node {bi} (row {}, column {}) at {:?}, bind {:?}",
                    bi / per_row,
                    bi % per_row,
                    c.position(bi),
                    bind[bi]
                );
                for j in [bi - 1, bi + 1, bi - per_row, bi + per_row] {
                    if j < bind.len() {
                        println!("    node {j} at {:?}", c.position(j));
                    }
                }
            }
            println!(
                "w {w:.0e} {:8} farthest {far:7.3} m (bind 0.502) peak link {peak:9.3} end {:8.3}  resets {resets} pivot failures {pivots}",
                preset.name,
                c.worst_link_ratio()
            );
        }
    }
}
