//! Scratch: how far a steady spin flares a cape and a skirt (mean distance
//! of free nodes from the spin axis, in the anchor frame), and the worst
//! link's 99th percentile over the last second.
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth};

fn main() {
    for p in [library::DENIM, library::COTTON, library::SILK] {
        for case in [GarmentCase::Skirt(0), GarmentCase::Cape(1)] {
            for rate in [3.0f64, 6.0, 10.0, 15.0, 30.0] {
                let input = case.input(&p);
                let mut c = Cloth::new(&input, p.dynamics).unwrap();
                let dt = p.dynamics.dt;
                for _ in 0..60 {
                    c.step();
                }
                let mut yaw = 0.0f64;
                let steps = (3.0 / dt) as usize;
                let (mut flare, mut p99max) = (0.0f64, 0.0f64);
                for k in 1..=steps {
                    yaw += rate * dt;
                    c.set_anchor_pose(Pose::new([0.0; 3], Quat::from_axis_angle([0.0, 1.0, 0.0], yaw))).unwrap();
                    c.step();
                    if k > steps - 60 {
                        let n = input.positions.len();
                        let mut sum = 0.0;
                        for i in 0..n {
                            let q = c.position(i);
                            sum += ((q[0] as f64).powi(2) + (q[2] as f64).powi(2)).sqrt();
                        }
                        flare += sum / n as f64 / 60.0;
                        let edges = &c.topology().edges;
                        let mut r: Vec<f64> = edges
                            .iter()
                            .map(|&(a, b)| {
                                let (pa, pb) = (c.position(a as usize), c.position(b as usize));
                                let (qa, qb) = (input.positions[a as usize], input.positions[b as usize]);
                                let l = ((0..3).map(|i| ((pa[i] - pb[i]) as f64).powi(2)).sum::<f64>()).sqrt();
                                let r = ((0..3).map(|i| ((qa[i] - qb[i]) as f64).powi(2)).sum::<f64>()).sqrt();
                                l / r
                            })
                            .collect();
                        r.sort_by(|a, b| a.total_cmp(b));
                        p99max = p99max.max(r[r.len() * 99 / 100]);
                    }
                }
                println!("{:8} {:8} rate {rate:4} mean radius {:.3} m  p99 {:.3}", p.name, case.name(), flare, p99max);
            }
        }
    }
}
