//! Scratch: strain in motion on W1 (the pinned 32 × 32 sheet falling and
//! swinging from its edge, strain limit at 0.1 %): the worst link's strain
//! each frame, median and peak over frames 1–600 and 601–1500, per variant.
use cloth_bench::workloads::{w1_cloth, w1_dynamics};
use cloth_solver::{scenes, Dynamics, Kernel};

fn main() {
    let w0d = scenes::w0_dynamics();
    let variants: [(&str, Dynamics, bool); 3] = [
        ("+strain-limit", Dynamics { strain_limit: true, stretch: 1.0, ..w0d }, false),
        ("+tether", Dynamics { strain_limit: true, stretch: 1.0, ..w0d }, true),
        ("+slack (W1)", w1_dynamics(), true),
    ];
    for (name, d, tethers) in variants {
        let mut c = w1_cloth(Kernel::default(), d, tethers);
        let mut early = Vec::new();
        let mut late = Vec::new();
        for f in 0..1500 {
            c.step();
            let s = c.worst_link_ratio() - 1.0;
            if f < 600 {
                early.push(s)
            } else {
                late.push(s)
            }
        }
        let stat = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            (v[v.len() / 2], v[v.len() - 1])
        };
        let (em, ep) = stat(&mut early);
        let (lm, lp) = stat(&mut late);
        println!(
            "{name:14} frames 1-600 median {:.2} % peak {:.2} %   601-1500 median {:.3} % peak {:.3} %",
            100.0 * em,
            100.0 * ep,
            100.0 * lm,
            100.0 * lp
        );
    }
}
