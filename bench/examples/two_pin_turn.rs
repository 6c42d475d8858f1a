//! Scratch: the hard turn (`experiments::hard_turn`) on the sheet pinned at
//! two corners and the ribbon pinned at both ends, every sheet preset, the
//! turn limit off (`max_turn_links` 0) and at its default.
use cloth_solver::experiments::{self as e, GarmentCase};
use cloth_solver::{library, Controls};

fn main() {
    let off = Controls { max_turn_links: 0.0, ..Controls::default() };
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER, library::HAIR] {
        for case in [GarmentCase::Corners, GarmentCase::Ribbon] {
            let input = case.input(&p);
            let (b, bl) = e::hard_turn(&p, &input, off);
            let (a, al) = e::hard_turn(&p, &input, Controls::default());
            println!(
                "{:8} {:16} 99th pct / longest: {b:.3} / {:.1} mm → {a:.3} / {:.1} mm",
                p.name,
                case.name(),
                1e3 * bl,
                1e3 * al
            );
        }
    }
}
