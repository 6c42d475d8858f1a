//! Scratch: one-frame jumps of switching levels over a sprint/stop/teleport script.
use cloth_solver::detail::Detail;
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth};

fn anchor(t: f64) -> Pose {
    cloth_solver::experiments::sprint_script(t, true)
}

static SW: std::sync::Mutex<f64> = std::sync::Mutex::new(0.0);
fn run(p: &library::Preset, seed: u64, levels: &dyn Fn(usize) -> Detail) -> (f64, usize, bool) {
    let mut sw = 0.0f64;
    let input = GarmentCase::Cape(seed).input(p);
    let mut cloth = Cloth::new(&input, p.dynamics).unwrap();
    let dt = p.dynamics.dt;
    let mut last = cloth.positions();
    let (mut worst, mut at, mut finite) = (0.0f64, 0, true);
    let mut jumps = vec![0.0f64; (5.0 / dt) as usize + 2];
    let mut switched = vec![false; jumps.len()];
    for f in 1..=(5.0 / dt) as usize {
        switched[f] = levels(f) != cloth.detail();
        let mut twin = (levels(f) != cloth.detail()).then(|| cloth.clone());
        cloth.set_detail(levels(f)).unwrap();
        cloth.set_anchor_pose(anchor(f as f64 * dt)).unwrap();
        let r = cloth.step();
        let now = cloth.positions();
        if let Some(t) = twin.as_mut() {
            t.set_anchor_pose(anchor(f as f64 * dt)).unwrap();
            t.step();
            let pop = t
                .positions()
                .iter()
                .zip(&now)
                .map(|(a, b)| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt())
                .fold(0.0f32, f32::max) as f64;
            sw = sw.max(pop);
        }
        finite &= now.iter().flatten().all(|c| c.is_finite());
        let t = f as f64 * dt;
        if r.teleported || (t - 3.5).abs() < 3.0 * dt {
            last = now;
            continue;
        }
        for (a, b) in now.iter().zip(&last) {
            let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt() as f64;
            if d > worst {
                worst = d;
                at = f;
            }
            jumps[f] = jumps[f].max(d);
        }
        last = now;
    }
    let _ = sw;
    let mut spike = 0.0f64;
    for f in 2..jumps.len() - 2 {
        if switched[f] && jumps[f - 1] > 0.0 && jumps[f + 1] > 0.0 {
            for g in [f, f + 1] {
                spike = spike.max(jumps[g] / jumps[g - 1].max(jumps[g + 1]).max(1e-3));
            }
        }
    }
    *SW.lock().unwrap() = spike;
    (worst, at, finite)
}

fn main() {
    if std::env::args().any(|a| a == "trace") {
        return trace();
    }
    for p in library::ALL {
        for seed in [1u64, 3] {
            let alone: Vec<f64> = Detail::ALL.iter().map(|&a| run(&p, seed, &|_| a).0).collect();
            let mut line = format!(
                "{:8} cape {seed} alone {:?} |",
                p.name,
                alone.iter().map(|a| (1e3 * a).round()).collect::<Vec<_>>()
            );
            let mut worst = (0.0, Detail::Full, Detail::Full, 0, 0.0);
            let mut sw_worst = 0.0f64;
            for (ia, a) in Detail::ALL.into_iter().enumerate() {
                for (ib, b) in Detail::ALL.into_iter().enumerate() {
                    if a == b {
                        continue;
                    }
                    for period in [17usize, 40] {
                        let (w, at, fin) = run(&p, seed, &|f| if (f / period) % 2 == 0 { a } else { b });
                        assert!(fin);
                        let r = w / alone[ia].max(alone[ib]);
                        let swj = *SW.lock().unwrap();
                        if swj > sw_worst {
                            sw_worst = swj;
                        }
                        if r > worst.0 {
                            worst = (r, a, b, at, w);
                        }
                    }
                }
            }
            line += &format!(
                " worst ratio {:.2} ({:.1} mm) {:?}->{:?} @{}",
                worst.0,
                1e3 * worst.4,
                worst.1,
                worst.2,
                worst.3
            );
            line += &format!(" spike {:.2} vs full jump {:.1}", sw_worst, 1e3 * alone[0]);
            println!("{line}");
        }
    }
}

#[allow(dead_code)]
pub fn trace() {
    let p = library::COTTON;
    let input = GarmentCase::Cape(3).input(&p);
    let mut cloth = Cloth::new(&input, p.dynamics).unwrap();
    let dt = p.dynamics.dt;
    let mut last = cloth.positions();
    for f in 1..=190usize {
        cloth.set_detail(if f < 119 { Detail::HalfRate } else { Detail::Full }).unwrap();
        cloth.set_anchor_pose(anchor(f as f64 * dt)).unwrap();
        let r = cloth.step();
        let now = cloth.positions();
        let w = now
            .iter()
            .zip(&last)
            .map(|(a, b)| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt())
            .fold(0.0f32, f32::max);
        if f > 110 && f < 135 {
            println!(
                "{f} jump {:.1} mm idle {} al {} tl {} v {:?}",
                1e3 * w,
                r.idle,
                r.anchor_limited,
                r.turn_limited,
                cloth.state().frame.anchor_velocity
            );
        }
        last = now;
    }
}
