//! A panic is contained to the cloth it happened in (issue 17, item 4): the
//! world catches it inside that cloth's lock, marks the cloth damaged and
//! returns its message; the world's other cloths step on, bit for bit as if
//! the damaged cloth had never been there, and removing the damaged cloth
//! succeeds (F6: it once reported an error and removed it all the same).
//!
//! The panic is provoked by emptying a cloth's position columns through
//! `Cloth::state_mut` (the step then indexes past them): a stand-in for any
//! bug in a cloth's step.

use cloth_solver::lanes::Points;
use cloth_solver::pose::Pose;
use cloth_solver::world::{World, WorldError, WorldOptions};
use cloth_solver::{library, scenes, BindPoseCheck, ClothId};

fn add(w: &mut World, preset: &library::Preset) -> ClothId {
    let input = scenes::library_proxy(preset);
    w.add_cloth(&input, preset.dynamics, Pose::IDENTITY, None, BindPoseCheck::Enforce).unwrap()
}

fn break_cloth(w: &World, id: ClothId) {
    w.with_cloth(id, |c| c.state_mut().x = Points::default()).unwrap();
}

fn hashes(w: &World, ids: &[ClothId]) -> Vec<u64> {
    ids.iter().map(|&id| w.with_cloth(id, |c| c.state_hash()).unwrap()).collect()
}

#[test]
fn a_panic_in_one_cloths_step_damages_only_that_cloth() {
    for threads in [0, 2] {
        let mut w = World::new(WorldOptions { threads }).unwrap();
        let mut alone = World::new(WorldOptions { threads }).unwrap();
        let (rope, cape) = (add(&mut w, &library::ROPE), add(&mut w, &library::COTTON));
        let broken = add(&mut w, &library::DENIM);
        let others = [add(&mut alone, &library::ROPE), add(&mut alone, &library::COTTON)];
        for _ in 0..5 {
            w.step().unwrap();
            alone.step().unwrap();
        }
        break_cloth(&w, broken);
        let Err(WorldError::Damaged { id, message }) = w.step() else { panic!("the step reports the damage") };
        alone.step().unwrap();
        assert_eq!(id, broken);
        // The first slice access to the emptied column panics; which one is
        // the step's business, that its message reaches the host is ours.
        assert!(message.contains("slice") || message.contains("out of range"), "{message}");
        // Reported once, by the step it happened in; the damaged cloth is
        // skipped from then on and every call naming it says so.
        for _ in 0..5 {
            w.step().unwrap();
            alone.step().unwrap();
        }
        assert!(matches!(w.last_report(broken), Err(WorldError::Damaged { .. })));
        assert!(matches!(w.with_cloth(broken, |c| c.nodes()), Err(WorldError::Damaged { .. })));
        assert_eq!(hashes(&w, &[rope, cape]), hashes(&alone, &others), "{threads} threads: the others step on");
        w.remove_cloth(broken).unwrap();
        assert_eq!(w.remove_cloth(broken).unwrap_err(), WorldError::StaleCloth(broken));
        w.step().unwrap();
        assert_eq!(w.len(), 2);
    }
}

#[test]
fn a_panic_in_a_host_driven_step_or_a_cloth_call_is_contained() {
    let mut w = World::new(WorldOptions::default()).unwrap();
    let (a, b) = (add(&mut w, &library::ROPE), add(&mut w, &library::CHAIN));
    break_cloth(&w, a);
    w.begin_step().unwrap();
    assert!(matches!(w.step_cloth(a), Err(WorldError::Damaged { id, .. }) if id == a));
    w.step_cloth(b).unwrap();
    w.end_step().unwrap();
    // A panic inside `with_cloth`'s closure damages that cloth alone.
    let r = w.with_cloth(b, |_| -> () { panic!("deliberate") });
    assert!(matches!(r, Err(WorldError::Damaged { ref message, .. }) if message == "deliberate"), "{r:?}");
    assert!(matches!(w.step(), Ok(())), "both damaged: nothing to step, nothing new to report");
    w.remove_cloth(a).unwrap();
    w.remove_cloth(b).unwrap();
    let c = add(&mut w, &library::ROPE);
    w.step().unwrap();
    assert!(w.last_report(c).unwrap().watchdog.is_none());
}
