//! Scratch: strands rooted on a head sphere, authored radiating out and
//! falling onto it; does the groom come to rest and sleep?
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::{library, Cloth, ClothInput, ColliderSet, Shape};

fn groom(n: usize, links: usize, link: f64, r: f64) -> ClothInput {
    let mut input = ClothInput::default();
    let mut seed = 7u64;
    let mut rnd = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    for s in 0..n {
        // roots on the upper cap of the sphere (centre at origin)
        let az = std::f64::consts::TAU * (s as f64 + 0.3 * rnd()) / n as f64;
        let pol = 0.3 + 0.5 * rnd();
        let dir = [pol.sin() * az.cos(), pol.cos(), pol.sin() * az.sin()];
        let root = dir.map(|c| c * (r + 0.002));
        let base = input.positions.len() as u32;
        let len = link * (0.8 + 0.4 * rnd());
        for k in 0..=links {
            let t = k as f64 * len;
            // radiate out along the surface normal
            let p = [root[0] + dir[0] * t, root[1] + dir[1] * t, root[2] + dir[2] * t];
            input.positions.push(p.map(|c| c as f32));
            input.masses.push(0.0005);
            input.fixed.push(k == 0);
            input.parents.push(if k == 0 { None } else { Some(base + k as u32 - 1) });
        }
    }
    input
}

fn main() {
    if std::env::var("TRACE").is_ok() {
        trace(if std::env::var("P").is_ok() { library::ROPE } else { library::CHAIN });
        return;
    }
    for p in [library::HAIR, library::COTTON, library::CHAIN, library::ROPE] {
        for with_head in [true, false] {
            let input = groom(30, 15, 0.02, 0.1);
            let mut d = p.dynamics;
            d.thickness = 0.004;
            let mut cloth = match Cloth::new(&input, d) {
                Ok(c) => c,
                Err(e) => {
                    println!("{}: {e}", p.name);
                    continue;
                }
            };
            let mut set = ColliderSet::new();
            if with_head {
                set.add(Shape::sphere(0.1).unwrap(), Pose::new([0.0; 3], Quat::IDENTITY)).unwrap();
            }
            let mut slept = None;
            let mut speeds = vec![];
            for k in 1..=(60.0 / d.dt) as usize {
                let r = cloth.step_with(&set);
                if r.fell_asleep && slept.is_none() {
                    slept = Some(k as f64 * d.dt);
                }
                if k % 600 == 0 {
                    speeds.push(format!("{:.1e}", cloth.local_speed()));
                }
            }
            println!(
                "{:6} head {with_head}: slept {:?}, asleep now {}, speed every 10 s {}",
                p.name,
                slept,
                cloth.is_sleeping(),
                speeds.join(" ")
            );
        }
    }
}
#[allow(dead_code)]
pub fn trace(p: library::Preset) {
    let input = groom(30, 15, 0.02, 0.1);
    let mut d = p.dynamics;
    d.thickness = 0.004;
    let v = std::env::var("V").unwrap_or_default();
    if v.contains("nostrain") {
        d.strain_limit = false;
    }
    if v.contains("nofric") {
        d.friction = 0.0;
    }
    if v.contains("sub1") {
        d.substeps = 1;
    }
    if v.contains("noself") {
        d.self_collision = false;
    }
    let mut cloth = Cloth::new(&input, d).unwrap();
    if v.contains("notether") {
        cloth.set_controls(cloth_solver::Controls { tethers: false, ..Default::default() }).unwrap();
    }
    let mut set = ColliderSet::new();
    set.add(Shape::sphere(0.1).unwrap(), Pose::new([0.0; 3], Quat::IDENTITY)).unwrap();
    let mut slept = None;
    for k in 0..3600 {
        if cloth.step_with(&set).fell_asleep && slept.is_none() {
            slept = Some(k);
        }
    }
    println!("{} {v}: slept at step {slept:?}, local speed {:.2e}", p.name, cloth.local_speed());
    for k in 0..2 {
        cloth.step_with(&set);
        let sp = |n: usize| {
            let v = cloth.velocity(n);
            ((v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) as f64).sqrt()
        };
        let n = (0..cloth.nodes()).max_by(|&a, &b| sp(a).total_cmp(&sp(b))).unwrap();
        let x = cloth.position(n);
        let r = ((x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) as f64).sqrt();
        let prev = if n % 16 > 0 {
            let q = cloth.position(n - 1);
            ((x[0] - q[0]).powi(2) + (x[1] - q[1]).powi(2) + (x[2] - q[2]).powi(2)).sqrt()
        } else {
            0.0
        };
        println!("frame {k}: fastest node {n} (strand {}, k {}) speed {:.3} m/s, surface gap {:.2} mm, pos {:?} link to parent {:.2} mm", n / 16, n % 16, sp(n), (r - 0.1) * 1e3, x, prev * 1e3);
    }
}
