//! A sheet pinched narrower than its thickness. A box 24 cm square is
//! lowered onto a 0.4 m sheet lying on the floor until its underside stands
//! `gap` above the floor; with `SEAT`, a thigh (a capsule of 7 cm along x)
//! is lowered onto a sheet lying on a box seat whose front edge crosses the
//! sheet 0.1 m from its end, the rest hanging over it. Then held `SECS` seconds
//! (default 5): the largest jump of a node in a step over the last second, steps with a jump
//! over 5 mm, the depth of nodes in the floor or seat and in the lid from
//! their true surfaces, and when it sleeps. `ROUND` rounds the boxes' edges
//! (m); `MU`, `SUB`, `ITER`, `DAMP` and `SELF` (0 or 1) override the
//! preset's friction, substeps, iterations, damping and self-collision.
//! `JITTER` moves each interior node of the sheet in its plane by up to that
//! fraction of the spacing (a fixed seed); `MIDDLE` puts the box's corner
//! over the sheet's middle, so an edge crosses the sheet from side to side.
//! MEASUREMENTS.md, "A cloth pinched" and "A cloth pinched, a second look".
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth, ColliderSet, Shape};

fn main() {
    let env = |k: &str, d: f64| std::env::var(k).ok().map(|v| v.parse().unwrap()).unwrap_or(d);
    let secs = env("SECS", 5.0) as usize;
    let round = env("ROUND", 0.0);
    let seat = std::env::var("SEAT").is_ok();
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        let t = p.dynamics.thickness;
        for gap in [2.0 * t, t, 0.75 * t, 0.5 * t, 0.1 * t] {
            let (n, side) = (21, 0.4);
            let mut set = ColliderSet::new();
            let (lid_shape, half_height) = if seat {
                let seat = Shape::cuboid([0.2, 0.2, 0.3], round).unwrap();
                set.add(seat, Pose::from_translation([0.1, -0.2, 0.2])).unwrap();
                (Shape::capsule([-0.1, 0.0, 0.2], [0.35, 0.0, 0.2], 0.07).unwrap(), 0.07)
            } else {
                set.add(Shape::plane(), Pose::IDENTITY).unwrap();
                (Shape::cuboid([0.12, 0.05, 0.12], round).unwrap(), 0.05)
            };
            let start = half_height + t + 0.02;
            let (lx, lz) = match std::env::var("MIDDLE").is_ok() {
                true => (0.5 * side - 0.12, 0.5 * side - 0.12),
                false => (0.0, 0.0),
            };
            let lid = set.add(lid_shape, Pose::from_translation([lx, start, lz])).unwrap();
            let mut input = cloth_bench::collision::floor_sheet(n, side, p.density, t as f32);
            let jitter = env("JITTER", 0.0) * side / (n - 1) as f64;
            if jitter > 0.0 {
                let mut rng = cloth_solver::rng::SplitMix64::new(5);
                for (i, x) in input.positions.iter_mut().enumerate() {
                    let (r, c) = (i / n, i % n);
                    if r > 0 && c > 0 && r + 1 < n && c + 1 < n {
                        x[0] += (jitter * rng.range(-1.0, 1.0)) as f32;
                        x[2] += (jitter * rng.range(-1.0, 1.0)) as f32;
                    }
                }
                input.masses = cloth_solver::scenes::lumped_masses(&input.positions, &input.triangles, p.density);
            }
            let d = cloth_solver::Dynamics {
                friction: env("MU", p.dynamics.friction),
                substeps: env("SUB", p.dynamics.substeps as f64) as u32,
                iterations: env("ITER", p.dynamics.iterations as f64) as u32,
                damping: env("DAMP", p.dynamics.damping),
                self_collision: env("SELF", p.dynamics.self_collision as u8 as f64) != 0.0,
                ..p.dynamics
            };
            let mut c = Cloth::new(&input, d).unwrap();
            let mut prev = c.positions().to_vec();
            let (mut jump, mut pops, mut floor_depth, mut lid_depth) = (0.0f32, 0, 0.0f32, 0.0f32);
            let (mut slept, mut resets, mut pivots) = (None, 0, 0);
            let mut worst = (0, [0.0f32; 3], [0.0f32; 3]);
            for k in 1..=60 + secs * 60 {
                let y = start + (half_height + gap - start) * (k as f64 / 60.0).min(1.0);
                let lid_pose = Pose::from_translation([lx, y, lz]);
                set.set_pose(lid, lid_pose).unwrap();
                let r = c.step_with(&set);
                resets += r.watchdog.is_some() as usize;
                pivots += r.pivot_failures;
                let now = c.positions().to_vec();
                if let Some(node) = std::env::var("TRACE").ok().map(|v| v.parse::<usize>().unwrap()) {
                    if k > 60 + secs * 60 - 6 && std::env::var("ONLY").map(|o| o == p.name).unwrap_or(true) {
                        let st = c.state();
                        let sl = &st.contacts.slot[node * 4..node * 4 + 4];
                        println!(
                            "  step {k} node {node} at {:?} slots {:?}",
                            now[node].map(|v| v * 1e3),
                            sl.iter()
                                .filter(|s| s.collider != u16::MAX)
                                .map(|s| (s.collider, s.lambda, s.k))
                                .collect::<Vec<_>>()
                        );
                    }
                }
                if k > 60 {
                    let mut w = 0.0f32;
                    for (i, (a, b)) in now.iter().zip(&prev).enumerate() {
                        let m = (0..3).map(|j| (a[j] - b[j]).powi(2)).sum::<f32>().sqrt();
                        if m > w {
                            w = m;
                            if k == 60 + secs * 60 {
                                worst = (i, *a, [0, 1, 2].map(|j| (a[j] - b[j]) * 1e3));
                            }
                        }
                    }
                    if k > secs * 60 {
                        jump = jump.max(w);
                    }
                    pops += (w > 0.005) as usize;
                    let inverse = lid_pose.inverse();
                    for x in &now {
                        let local = inverse.transform_point(x.map(f64::from));
                        lid_depth = lid_depth.max(-lid_shape.sdf(local).distance as f32);
                        if !seat || x[0] < 0.3 {
                            floor_depth = floor_depth.max(-x[1]);
                        }
                    }
                    if slept.is_none() && c.is_sleeping() {
                        slept = Some(k as f32 / 60.0 - 1.0);
                    }
                }
                prev = now;
            }
            println!(
                "{:8} thick {:4.1} mm gap {:4.1} mm: last second's largest jump {:5.2} mm, steps > 5 mm {:3}, in floor {:4.2} mm, \
                 in lid {:4.2} mm, slept {:>5}, resets {resets}, pivot failures {pivots}",
                p.name,
                t * 1e3,
                gap * 1e3,
                jump * 1e3,
                pops,
                floor_depth * 1e3,
                lid_depth * 1e3,
                slept.map(|s| format!("{s:.2}")).unwrap_or("-".into()),
            );
            if std::env::var("WHERE").is_ok() {
                println!("  last step's largest jump: node {} at {:?}, by {:?} mm", worst.0, worst.1, worst.2);
            }
        }
    }
}
