//! `cargo run --release`: the newcomer's first command. For now it simulates
//! the W0 scene (a 32×32 sheet released from horizontal) and reports what it
//! did; the character demo replaces it (issue 8).

use cloth_solver::{scenes, SeedOptions};
use std::time::Instant;

mod render;

fn main() {
    let mut cloth = scenes::w0_cloth(SeedOptions::m0());
    let m = cloth.model();
    println!(
        "W0: {} particles, {} stretch rows, {} bend rows, {} colours, {:.1} KiB",
        m.nodes,
        m.links.stretch_count(),
        m.bend.count(),
        m.colours.len(),
        cloth.memory().total() as f64 / 1024.0
    );
    println!("{:>6} {:>10} {:>12} {:>12} {:>9}", "frame", "hem y (m)", "worst strain", "kinetic (J)", "ms/frame");
    let mut spent = 0.0;
    for frame in 1..=1500 {
        let t = Instant::now();
        cloth.step();
        spent += t.elapsed().as_secs_f64();
        if frame % 150 == 0 {
            let hem = cloth.positions().iter().map(|p| p[1]).fold(f32::INFINITY, f32::min);
            println!(
                "{frame:>6} {hem:>10.3} {:>12.3} {:>12.3e} {:>9.3}",
                cloth.worst_stretch_strain(),
                cloth.kinetic_energy(),
                spent * 1e3 / frame as f64
            );
        }
    }
}
