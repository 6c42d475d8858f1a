//! DESIGN §3 rule 9 inside the step (issue 17, F2): a state that goes
//! non-finite in the middle of a step never reaches a comparison that
//! panics (the friction cap's `clamp` once did, "min > max, or either was
//! NaN"); the watchdog resets the cloth at the step's end and says so, and
//! the next step is an ordinary one.
//!
//! The values are injected into the state directly — the API refuses them
//! (non-finite, or beyond `WATCHDOG_DISTANCE`) — standing for whatever a
//! step might one day produce: NaN and infinite velocities and positions,
//! and positions whose arithmetic overflows f32.

use cloth_solver::pose::Pose;
use cloth_solver::scenes::{self, SheetPlane, SheetSpec};
use cloth_solver::{library, Cloth, ColliderSet, Kernel, Shape, WatchdogReason};

/// A sheet settled over a ball: every contact has a friction row.
fn settled(preset: &library::Preset, kernel: Kernel) -> (Cloth, ColliderSet) {
    let spec = SheetSpec {
        columns: 8,
        rows: 8,
        spacing: 0.04,
        mass: 0.05,
        fixed: scenes::one_corner,
        plane: SheetPlane::Horizontal,
        lean: 1e-3,
    };
    let mut c = Cloth::new(&spec.input(), preset.dynamics).unwrap();
    c.set_kernel(kernel);
    let mut set = ColliderSet::new();
    set.add(Shape::sphere(0.15).unwrap(), Pose::from_translation([0.14, -0.2, 0.14])).unwrap();
    for _ in 0..90 {
        c.step_with(&set);
    }
    assert!(c.contacts() > 0, "{}: the sheet rests on the ball", preset.name);
    (c, set)
}

#[test]
fn a_state_gone_non_finite_mid_step_is_reset_not_panicked() {
    let poisons: [(&str, [f32; 3], bool); 5] = [
        ("NaN velocity", [f32::NAN, 0.0, 0.0], true),
        ("infinite velocity", [0.0, f32::NEG_INFINITY, 0.0], true),
        ("huge velocity", [3e38, -3e38, 3e38], true),
        ("NaN position", [0.1, f32::NAN, 0.1], false),
        ("huge position", [3e38, -3e38, 3e38], false),
    ];
    for preset in [library::COTTON, library::DENIM, library::SILK] {
        for kernel in Kernel::ALL {
            for (what, value, velocity) in poisons {
                let (mut c, set) = settled(&preset, kernel);
                let node = (0..c.nodes()).rev().find(|&n| c.model().inv_mass[c.model().slot_of_node[n] as usize] > 0.0);
                let slot = c.model().slot_of_node[node.unwrap()] as usize;
                let state = c.state_mut();
                if velocity {
                    state.v.set(slot, value);
                } else {
                    state.x.set(slot, value);
                }
                let report = c.step_with(&set);
                let name = format!("{} / {kernel:?} / {what}", preset.name);
                assert_eq!(report.watchdog, Some(WatchdogReason::NonFinite), "{name}");
                let all = |c: &Cloth| {
                    (0..c.nodes()).all(|n| c.position(n).iter().chain(&c.velocity(n)).all(|v| v.is_finite()))
                };
                assert!(all(&c), "{name}: the reset hands back a finite state");
                for _ in 0..5 {
                    assert_eq!(c.step_with(&set).watchdog, None, "{name}: the next steps are ordinary");
                }
                assert!(all(&c), "{name}");
            }
        }
    }
}
