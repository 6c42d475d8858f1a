//! A curtain drawn open: a 2 m × 2.45 m sheet hanging in the xy plane, its
//! top row fixed (the rings), interior nodes jittered in the plane, slack 1
//! (no leash). The rings are drawn together about the middle to `WIDTH`
//! (default 0.4 m) over 1.5 s, then held `HOLD` s (default 5). Per preset, authored flat
//! (every z = 0) and with each interior node moved ±`BUMP` out of the
//! plane (default 0.1 mm): the fastest node over the last second, how far
//! the cloth left its plane, the worst link, and when it slept.
//! MEASUREMENTS.md, "A set dresser's trial".
use cloth_solver::scenes::{SheetPlane, SheetSpec};
use cloth_solver::{library, Cloth, Dynamics};

fn main() {
    let env = |k: &str, d: f64| std::env::var(k).ok().map(|v| v.parse().unwrap()).unwrap_or(d);
    let (width, bump) = (env("WIDTH", 0.4), env("BUMP", 1e-4));
    let (cols, rows, spacing) = (41usize, 50usize, 0.05);
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        for bumped in [false, true] {
            let spec = SheetSpec {
                columns: cols,
                rows,
                spacing,
                mass: p.density * 2.0 * 2.45,
                fixed: cloth_solver::scenes::top_row,
                plane: SheetPlane::Hanging,
                lean: 0.0,
            };
            let mut input = spec.input();
            let mut rng = cloth_solver::rng::SplitMix64::new(11);
            for (i, x) in input.positions.iter_mut().enumerate() {
                let (r, c) = (i / cols, i % cols);
                if r > 0 && c > 0 && c + 1 < cols {
                    x[0] += (0.3 * spacing * rng.range(-1.0, 1.0)) as f32;
                    if r + 1 < rows {
                        x[1] += (0.3 * spacing * rng.range(-1.0, 1.0)) as f32;
                    }
                    let z = bump * rng.range(-1.0, 1.0);
                    if bumped {
                        x[2] += z as f32;
                    }
                }
            }
            input.masses = cloth_solver::scenes::lumped_masses(&input.positions, &input.triangles, p.density);
            let d = Dynamics { slack: 1.0, ..p.dynamics };
            let mut c = Cloth::new(&input, d).unwrap();
            let rings: Vec<usize> = (0..cols).collect();
            let home: Vec<[f32; 3]> = rings.iter().map(|&n| c.animated_position(n)).collect();
            let mid = (home[0][0] + home[cols - 1][0]) * 0.5;
            let full = (home[cols - 1][0] - home[0][0]) as f64;
            let (mut speed, mut out, mut slept) = (0.0f32, 0.0f32, None);
            let mut prev = c.positions().to_vec();
            let hold = env("HOLD", 5.0) as usize * 60;
            for k in 1..=90 + hold {
                let s = (k as f64 / 90.0).min(1.0);
                let scale = (1.0 - s * (1.0 - width / full)) as f32;
                let now_rings: Vec<[f32; 3]> = home.iter().map(|h| [mid + (h[0] - mid) * scale, h[1], h[2]]).collect();
                c.set_animated_positions(0, &now_rings).unwrap();
                let r = c.step();
                let now = c.positions().to_vec();
                if k > 90 + hold - 60 {
                    for (a, b) in now.iter().zip(&prev) {
                        speed = speed.max((0..3).map(|j| (a[j] - b[j]).powi(2)).sum::<f32>().sqrt() * 60.0);
                    }
                }
                if k > 90 {
                    out = out.max(now.iter().map(|x| x[2].abs()).fold(0.0, f32::max));
                    if slept.is_none() && r.asleep {
                        slept = Some((k - 90) as f32 / 60.0);
                    }
                }
                prev = now;
            }
            println!(
                "{:8} {}: fastest node over the last second {:6.3} m/s, out of plane {:6.1} mm, worst link {:.2}, slept {}",
                p.name,
                if bumped { "bumped" } else { "flat  " },
                speed,
                out * 1e3,
                c.worst_link_ratio(),
                slept.map(|s| format!("{s:.2} s")).unwrap_or("-".into())
            );
        }
    }
}
