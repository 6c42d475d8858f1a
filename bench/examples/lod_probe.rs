//! Scratch: which reduced budgets and step intervals hold each preset.
use cloth_solver::experiments::{EdgeStretch, GarmentCase};
use cloth_solver::pose::Pose;
use cloth_solver::{library, Cloth};

fn anchor(t: f64) -> Pose {
    cloth_solver::experiments::sprint_script(t, false)
}

fn main() {
    if std::env::args().any(|a| a == "levels") {
        return levels();
    }
    if std::env::args().any(|a| a == "rest") {
        return rest();
    }
    let seconds = 4.5;
    for p in library::ALL {
        let d0 = p.dynamics;
        let (s, i) = (d0.substeps, d0.iterations);
        for (k, ss, ii) in [
            (1, s, i),
            (1, s, i.div_ceil(2)),
            (1, 1, i),
            (2, s, i),
            (2, s, i.div_ceil(2)),
            (2, 1, i),
            (4, s, i),
            (4, s, i.div_ceil(2)),
        ] {
            let mut worst_p99: f64 = 0.0;
            let mut worst: f64 = 0.0;
            let mut resets = 0;
            let mut finite = true;
            for seed in [1u64, 3] {
                let input = GarmentCase::Cape(seed).input(&p);
                let d = cloth_solver::Dynamics { dt: d0.dt * k as f64, substeps: ss, iterations: ii, ..d0 };
                let mut cloth = Cloth::new(&input, d).unwrap();
                let mut es = EdgeStretch::new(&cloth, &input);
                let frames = (seconds / d0.dt) as usize;
                for f in (k..=frames).step_by(k) {
                    cloth.set_anchor_pose(anchor(f as f64 * d0.dt)).unwrap();
                    let r = cloth.step();
                    if r.watchdog.is_some() {
                        resets += 1;
                    }
                    if f as f64 * d0.dt > 1.0 {
                        let m = es.measure(&cloth);
                        worst_p99 = worst_p99.max(m.p99);
                        worst = worst.max(m.worst);
                    }
                }
                finite &= cloth.positions().iter().flatten().all(|c| c.is_finite());
            }
            println!(
                "{:8} every {k} {ss}x{ii}: p99 {:.3} worst {:.3} resets {resets} finite {finite}",
                p.name, worst_p99, worst
            );
        }
    }
}

fn rest() {
    for p in library::ALL {
        let d0 = p.dynamics;
        let (s, i) = (d0.substeps, d0.iterations);
        for (k, ss, ii) in [(1, s, i), (1, s, i.div_ceil(2)), (1, s, i - 1), (2, s, i), (2, 2 * s, i.div_ceil(2))] {
            let mut line = String::new();
            for case in [GarmentCase::Cape(1), GarmentCase::Cape(3), GarmentCase::Corners, GarmentCase::Skirt(0)] {
                let input = case.input(&p);
                let d = cloth_solver::Dynamics { dt: d0.dt * k as f64, substeps: ss, iterations: ii, ..d0 };
                let mut cloth = Cloth::new(&input, d).unwrap();
                let frames = (10.0 / d0.dt) as usize / k;
                let mut asleep = None;
                for f in 0..frames {
                    let r = cloth.step();
                    if r.fell_asleep {
                        asleep = Some(f * k)
                    }
                    if !cloth.is_sleeping() {
                        asleep = None
                    }
                }
                line += &format!(
                    " {}: {:.2}% sleep {:?}",
                    case.name(),
                    100.0 * (cloth.worst_link_ratio() - 1.0),
                    asleep.map(|f| f as f64 * d0.dt)
                );
            }
            println!("{:8} every {k} {ss}x{ii}:{line}", p.name);
        }
    }
}

fn levels() {
    use cloth_solver::detail::Detail;
    let seconds = 4.5;
    for p in library::ALL {
        let mut line = format!("{:8}", p.name);
        for level in [Detail::Full, Detail::Reduced, Detail::HalfRate] {
            let (mut p99, mut worst): (f64, f64) = (0.0, 0.0);
            for seed in [1u64, 3] {
                let input = GarmentCase::Cape(seed).input(&p);
                let mut cloth = Cloth::new(&input, p.dynamics).unwrap();
                cloth.set_detail(level).unwrap();
                let mut es = EdgeStretch::new(&cloth, &input);
                for f in 1..=(seconds / p.dynamics.dt) as usize {
                    cloth.set_anchor_pose(anchor(f as f64 * p.dynamics.dt)).unwrap();
                    cloth.step();
                    if f as f64 * p.dynamics.dt > 1.0 {
                        let m = es.measure(&cloth);
                        p99 = p99.max(m.p99);
                        worst = worst.max(m.worst);
                    }
                }
            }
            line += &format!(" | {:?} {:.3} / {:.3}", level, p99, worst);
        }
        println!("{line}");
    }
}
