//! Scratch: SILK at other budgets on every garment case.
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, Dynamics};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map(String::as_str).unwrap_or("silk");
    let budgets: Vec<(u32, u32)> = args[2..]
        .iter()
        .map(|b| {
            let (s, i) = b.split_once('x').unwrap();
            (s.parse().unwrap(), i.parse().unwrap())
        })
        .collect();
    let p = library::ALL.iter().find(|p| p.name == name).copied().unwrap();
    let mut cases = vec![GarmentCase::Chain, GarmentCase::Ribbon, GarmentCase::Corners];
    cases.extend((0..6).map(GarmentCase::Cape));
    cases.extend((0..3).map(GarmentCase::CapeOnTorso));
    cases.extend((0..3).map(GarmentCase::Skirt));
    cases.extend((0..2).map(GarmentCase::Dropped));
    for case in cases {
        let mut line = format!("{name} {:14}", case.name());
        for &(s, i) in &budgets {
            let mut q = p;
            q.dynamics = Dynamics { substeps: s, iterations: i, ..p.dynamics };
            let o = e::garment(&q, case, 20.0);
            line += &format!(
                " | {s}x{i} {:.4} pk {:.3} {:>5} {:.0e}",
                o.worst_strain,
                o.peak_strain,
                o.asleep_at.map(|k| format!("{:.1}", k as f64 * q.dynamics.dt)).unwrap_or("-".into()),
                o.final_speed
            );
        }
        println!("{line}");
    }
}
