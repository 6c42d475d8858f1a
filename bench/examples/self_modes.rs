//! Self rows on the folding sheet's crossings, and SILK, COTTON and HAIR
//! capes dropped on the floor: how many sleep within 20 s.
use cloth_solver::experiments as e;
use cloth_solver::{library, Tuning};
fn main() {
    let t = Tuning::default();
    let g = e::FOLDING_GUST;
    let none = e::folding_mean(0..6, g, e::folding_dynamics(false), t);
    let pairs = e::folding_mean(0..6, g, e::folding_dynamics(true), Tuning { self_stencils: false, ..t });
    let all = e::folding_mean(0..6, g, e::folding_dynamics(true), Tuning { self_stencils: true, ..t });
    println!(
        "folding: none {:.2} | pairs {:.3} (worst {}, ke {:.2e}) | all {:.3} (worst {}, ke {:.2e}) rest pairs {} {} crossings {}",
        none.crossings, pairs.crossings, pairs.worst, pairs.kinetic, all.crossings, all.worst, all.kinetic,
        pairs.rest_pairs, all.rest_pairs, all.rest_crossings
    );
    let mut asleep = 0;
    let mut line = String::new();
    for p in [library::SILK, library::COTTON, library::HAIR] {
        for seed in 0..6 {
            let o = e::garment(&p, e::GarmentCase::Dropped(seed), 20.0);
            asleep += o.asleep_at.is_some() as usize;
            line += &format!(
                " {}{}:{}",
                &p.name[..2],
                seed,
                o.asleep_at.map(|k| format!("{:.1}", k as f64 / 60.0)).unwrap_or("-".into())
            );
        }
    }
    println!("dropped asleep {asleep}/18:{line}");
}
