//! The host's switches and thresholds (issue 18 item 3): tethers off and on
//! at run time, sleep off, a sleep speed, a teleport distance — each does
//! what it says on an irregular cape, and a bad value is refused.

use cloth_solver::pose::Pose;
use cloth_solver::scenes::IrregularCape;
use cloth_solver::{library, Cloth, Controls, ParamError};

fn cape(preset: &library::Preset) -> Cloth {
    Cloth::new(&IrregularCape::from_seed(2).input(), preset.dynamics).unwrap()
}

/// Steps until the cloth falls asleep, up to `limit` steps.
fn steps_to_sleep(c: &mut Cloth, limit: usize) -> Option<usize> {
    (1..=limit).find(|_| c.step().fell_asleep)
}

/// SILK has no strain limit: its tethers carry the cape. Off, it hangs
/// stretched further; back on, it returns to the tethered hang.
#[test]
fn tethers_off_and_on_at_run_time() {
    let mut c = cape(&library::SILK);
    c.set_controls(Controls { sleep: false, ..Controls::default() }).unwrap();
    for _ in 0..300 {
        c.step();
    }
    let tethered = c.worst_tether_ratio();
    c.set_controls(Controls { tethers: false, sleep: false, ..Controls::default() }).unwrap();
    for _ in 0..300 {
        c.step();
    }
    let loose = c.worst_tether_ratio();
    c.set_controls(Controls { sleep: false, ..Controls::default() }).unwrap();
    for _ in 0..300 {
        c.step();
    }
    let again = c.worst_tether_ratio();
    eprintln!("worst tether ratio: on {tethered:.4}, off {loose:.4}, on again {again:.4}");
    assert!(loose > tethered + 0.01, "off: {loose} against {tethered}");
    assert!((again - tethered).abs() < 0.25 * (loose - tethered), "on again: {again} against {tethered}");
}

/// Sleep off: a cape that sleeps within 20 s by default never does; a sleep
/// speed ten times the default sleeps sooner.
#[test]
fn sleep_off_and_a_faster_sleep_speed() {
    let limit = 1200;
    let default = steps_to_sleep(&mut cape(&library::DENIM), limit).expect("DENIM's cape sleeps within 20 s");
    let mut awake = cape(&library::DENIM);
    awake.set_controls(Controls { sleep: false, ..Controls::default() }).unwrap();
    assert_eq!(steps_to_sleep(&mut awake, limit), None);
    let mut drowsy = cape(&library::DENIM);
    drowsy.set_controls(Controls { sleep_speed: 1e-2, ..Controls::default() }).unwrap();
    let sooner = steps_to_sleep(&mut drowsy, limit).expect("sleeps");
    eprintln!("asleep at step {default} (1e-3 reach/s), {sooner} (1e-2 reach/s)");
    assert!(sooner < default, "{sooner} against {default}");
}

/// The teleport distance: a 1 m jump is motion by default and a teleport
/// at 0.5 m; a 100 m jump is no teleport at 1 km.
#[test]
fn a_teleport_distance() {
    let jump = |distance: f64, by: f64| {
        let mut c = cape(&library::COTTON);
        c.set_controls(Controls { teleport_distance: distance, ..Controls::default() }).unwrap();
        c.step();
        c.set_anchor_pose(Pose::from_translation([by, 0.0, 0.0])).unwrap();
        c.step().teleported
    };
    assert!(!jump(0.0, 1.0));
    assert!(jump(0.5, 1.0));
    assert!(jump(0.0, 100.0));
    assert!(!jump(1000.0, 100.0));
}

#[test]
fn bad_controls_are_refused() {
    let mut c = cape(&library::COTTON);
    for bad in [
        Controls { sleep_speed: -1e-3, ..Controls::default() },
        Controls { sleep_speed: f64::NAN, ..Controls::default() },
        Controls { teleport_distance: -1.0, ..Controls::default() },
        Controls { teleport_distance: f64::INFINITY, ..Controls::default() },
    ] {
        assert!(matches!(c.set_controls(bad), Err(ParamError::OutOfRange { .. })), "{bad:?}");
    }
    assert_eq!(c.controls(), Controls::default());
}
