use cloth_solver::pose::{self, Pose, Quat};
use cloth_solver::scenes::IrregularCape;
use cloth_solver::scenes::Motion;
use cloth_solver::{library, Cloth, Dynamics};
fn main() {
    let input = IrregularCape::from_seed(1).input();
    let lowest = (0..input.positions.len()).filter(|&k| !input.fixed[k]).map(|k| input.positions[k][1]);
    let bottom = lowest.fold(f32::INFINITY, f32::min);
    let hem = |k: &usize| !input.fixed[*k] && (input.positions[*k][1] - bottom).abs() < 0.02;
    let n = (0..input.positions.len()).filter(hem).nth(5).expect("a hem node");
    let edges = input.triangles.iter().flat_map(|t| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])]);
    let links: Vec<(usize, usize)> =
        edges.map(|(a, b)| (a as usize, b as usize)).filter(|&(a, b)| a == n || b == n).collect();
    for selfc in [true, false] {
        for p in [library::COTTON, library::SILK] {
            let d = Dynamics { self_collision: selfc, ..p.dynamics };
            let worst = |c: &Cloth| {
                links
                    .iter()
                    .map(|&(a, b)| {
                        let rest = pose::norm(pose::sub(c.bind_position(a), c.bind_position(b)));
                        pose::norm(pose::sub(c.position(a).map(f64::from), c.position(b).map(f64::from))) / rest
                    })
                    .fold(0.0, f64::max)
            };
            let mut painted = Cloth::new(&input, d).unwrap();
            painted.set_max_distances(n, &[0.0]).unwrap();
            let mut pinned = input.clone();
            pinned.fixed[n] = true;
            let mut fixed = Cloth::new(&pinned, d).unwrap();
            let (mut wp, mut wf, mut kp) = (0.0f64, 0.0f64, 0);
            for k in 1..=600 {
                let t = k as f64 * d.dt;
                let pose =
                    Pose::new([Motion::SPRINT.x(t), 0.0, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], (t * 1.7).sin()));
                for c in [&mut painted, &mut fixed] {
                    c.set_anchor_pose(pose).unwrap();
                    c.step();
                }
                if worst(&painted) > wp {
                    wp = worst(&painted);
                    kp = k;
                }
                wf = wf.max(worst(&fixed));
            }
            println!("self {selfc} {}: painted {wp:.3} (step {kp}) fixed {wf:.3}", p.name);
        }
    }
}
