//! Scratch: `snap_back` through the `World` (anchor at 1.5 m, the torso a
//! collider in a world set), COTTON cape 1, a 0.5 m backward jump.
use cloth_solver::experiments::{torso, GarmentCase};
use cloth_solver::pose::Pose;
use cloth_solver::{library, World};

fn main() {
    let p = library::COTTON;
    let seed = std::env::var("SEED").map_or(1, |s| s.parse().unwrap());
    let input = GarmentCase::CapeOnTorso(seed).input(&p);
    let mut w = World::new(Default::default()).unwrap();
    let set = w.add_collider_set().unwrap();
    let home = Pose::from_translation([0.0, 1.5, 0.0]);
    let id = w.colliders_mut(set).unwrap().add(torso(seed), home).unwrap();
    let cloth = w.add_cloth(&input, p.dynamics, home, Some(set), Default::default()).unwrap();
    let shape = torso(seed);
    for f in 0..300 {
        let z = if f < 120 { 0.0 } else { -0.5 };
        let pose = Pose::from_translation([0.0, 1.5, z]);
        w.begin_frame().unwrap();
        w.colliders_mut(set).unwrap().set_pose(id, pose).unwrap();
        w.set_anchor_pose(cloth, pose).unwrap();
        w.step().unwrap();
        if (118..126).contains(&f) {
            let (inside, deepest) = w
                .with_cloth(cloth, |c| {
                    let d: Vec<f64> =
                        (0..c.nodes()).map(|n| shape.sdf(c.position(n).map(f64::from)).distance).collect();
                    (d.iter().filter(|&&d| d < 0.0).count(), d.iter().fold(0.0f64, |m, &d| m.max(-d)))
                })
                .unwrap();
            println!("f{f}: inside {inside} deepest {:.1} mm", deepest * 1e3);
        }
    }
}
