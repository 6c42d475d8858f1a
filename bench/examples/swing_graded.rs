//! Scratch: strain on an anchor swung along X, x = A·sin(2πt), with and
//! without inertia scales graded by depth below the pins.
use cloth_solver::experiments::GarmentCase;
use cloth_solver::pose::Pose;
use cloth_solver::{library, scenes, Cloth, SeedOptions, Tuning};

fn run(p: &library::Preset, input: &cloth_solver::ClothInput, amp: f64, graded: Option<f64>) -> (f64, f64) {
    let d = p.dynamics;
    let mut c = Cloth::with_options(input, d, Tuning { sleep: false, ..Tuning::default() }, SeedOptions::default())
        .expect("seeds");
    if let Some(power) = graded {
        let m = c.model();
        let reach = m.unary.reach.max(1e-6);
        let s: Vec<f32> =
            (0..m.nodes).map(|n| (m.unary.d_geo[m.slot_of_node[n] as usize] / reach).powf(power as f32)).collect();
        c.set_inertia_scales(0, &s).unwrap();
    }
    let mut w = Vec::new();
    for k in 0..360 {
        let t = (k + 1) as f64 * d.dt;
        let x = amp * (2.0 * std::f64::consts::PI * t).sin();
        c.set_anchor_pose(Pose::from_translation([x, 0.0, 0.0])).unwrap();
        c.step();
        if k >= 120 {
            w.push(c.worst_link_ratio() - 1.0);
        }
    }
    let max = w.iter().cloned().fold(0.0, f64::max);
    w.sort_by(f64::total_cmp);
    (w[w.len() / 2], max)
}

fn main() {
    for p in [library::DENIM, library::COTTON] {
        let cases = vec![
            ("w0 sheet", scenes::w0_sheet().input()),
            ("cape 1", GarmentCase::Cape(1).input(&p)),
            ("corners", GarmentCase::Corners.input(&p)),
        ];
        for (name, input) in &cases {
            let mut line = format!("{:8} {:9}", p.name, name);
            for g in [None, Some(1.0), Some(0.5)] {
                let (med, max) = run(&p, input, 0.3, g);
                line += &format!("  {:?}: med {:6.2}% max {:6.2}%", g, 100.0 * med, 100.0 * max);
            }
            println!("{line}");
        }
    }
}
