//! Scratch: a 0.1 s hitch every second at steady speed (`MEASUREMENTS.md`,
//! "A hitch carried"): per preset, cape on torso and anchor path, the
//! worst link and the fastest cloth-frame speed after the first second,
//! without and with hitches, and the frames whose step felt the anchor's
//! velocity change past its limit (`experiments::hitched_ride`).
use cloth_solver::experiments::{hitched_ride, GarmentCase};
use cloth_solver::library;
use cloth_solver::pose::{Pose, Quat};

fn main() {
    let car = |t: f64| Pose::new([30.0 * t, 1.4, 0.0], Quat::IDENTITY);
    let walk = |t: f64| Pose::new([1.3 * t, 1.4, 0.0], Quat::from_axis_angle([0.0, 1.0, 0.0], 0.8 * t));
    for p in [library::SILK, library::COTTON, library::DENIM, library::LEATHER] {
        for case in [GarmentCase::CapeOnTorso(0), GarmentCase::CapeOnTorso(1)] {
            for (what, anchor) in [("30 m/s", &car as &dyn Fn(f64) -> Pose), ("walk+turn", &walk)] {
                let (s, h) = (hitched_ride(&p, case, anchor, false), hitched_ride(&p, case, anchor, true));
                println!(
                    "{:8} {:16} {:10} smooth {:.3} {:5.2} m/s | hitches {:.3} {:5.2} m/s, {} limited",
                    p.name,
                    case.name(),
                    what,
                    s.worst_link,
                    s.local_speed,
                    h.worst_link,
                    h.local_speed,
                    h.limited
                );
            }
        }
    }
}
