//! Scratch: how far a steady spin flares a cape and a skirt (mean distance
//! of the nodes from the spin axis over the last second of 3 s,
//! `experiments::spin_flare`) and the 99th percentile of edge length over
//! rest in that second, with the turn limit off (`max_turn_links` 0: the
//! 0.125 rad a substep ceiling alone, the behaviour before it) and at its
//! default.
//!
//! `cargo run --release -p cloth-bench --example spin_flare`
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, Controls};

fn main() {
    let off = Controls { max_turn_links: 0.0, ..Controls::default() };
    for p in [library::DENIM, library::COTTON, library::SILK] {
        for case in [GarmentCase::Skirt(0), GarmentCase::Cape(1)] {
            let input = case.input(&p);
            for rate in [3.0, 6.0, 10.0, 15.0, 30.0] {
                let (before, p99_before) = e::spin_flare(&p, &input, rate, off);
                let (after, p99_after) = e::spin_flare(&p, &input, rate, Controls::default());
                println!(
                    "{:8} {:8} rate {rate:4}: mean radius {before:.3} → {after:.3} m, p99 {p99_before:.3} → {p99_after:.3}",
                    p.name,
                    case.name()
                );
            }
        }
    }
}
