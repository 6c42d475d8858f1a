//! The irregular capes of `GarmentCase::Dropped`, seeds 0–5, every preset at
//! its own dynamics: when each sleeps on the floor and its speed at the end
//! (`SECS`, default 20). MEASUREMENTS.md, "A tablecloth that trembles".
use cloth_solver::experiments as e;
use cloth_solver::library;
fn main() {
    let secs: f64 = std::env::var("SECS").ok().map(|v| v.parse().unwrap()).unwrap_or(20.0);
    for p in
        [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::HAIR, library::ROPE, library::CHAIN]
    {
        let mut line = format!("{:8}", p.name);
        for seed in 0..6 {
            let o = e::garment(&p, e::GarmentCase::Dropped(seed), secs);
            line += &format!(
                " | s{seed} {:>5} {:.0e}",
                o.asleep_at.map(|k| format!("{:.1}", k as f64 / 60.0)).unwrap_or("-".into()),
                o.final_speed
            );
        }
        println!("{line}");
    }
}
