//! Scratch: the irregular cape 1 at its own spacing and at half of it,
//! static anchor, alone and on the torso capsule, every sheet preset: when
//! it first falls asleep within 30 s, its fastest node at the end and its
//! worst link.
use cloth_solver::experiments::GarmentCase;
use cloth_solver::{library, scenes, Cloth, ColliderSet};

fn main() {
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::HAIR] {
        for (scale, torso) in [(1.0, false), (0.5, false), (1.0, true), (0.5, true)] {
            let colliders = if torso { GarmentCase::CapeOnTorso(1).colliders() } else { ColliderSet::new() };
            let cape = scenes::IrregularCape { density: p.density, ..scenes::IrregularCape::from_seed(1) };
            let cape = cape.with_spacing(scale);
            let mut c = Cloth::new(&cape.input(), p.dynamics).unwrap();
            let dt = p.dynamics.dt;
            let mut asleep = None;
            for k in 1..=(30.0 / dt) as usize {
                if c.step_with(&colliders).asleep && asleep.is_none() {
                    asleep = Some(k as f64 * dt);
                }
            }
            println!(
                "{:8} spacing ×{scale} torso {torso}: {} nodes, asleep at {:?} s, end speed {:.2e} m/s, worst link {:.3}",
                p.name,
                c.nodes(),
                asleep.map(|t| (t * 10.0).round() / 10.0),
                c.local_speed(),
                c.worst_link_ratio()
            );
        }
    }
}
