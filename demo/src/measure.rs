//! What the demo measures on each garment, frame by frame: step time,
//! kinetic energy, the worst tether ratio, and penetration — how far a free
//! particle sits inside a collider's contact offset.

use cloth_solver::pose::Pose;
use cloth_solver::{Cloth, ColliderSet, Shape, StepReport};

/// Per-garment measurements over a run.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Wall time of each step the cloth was awake for, ms (a sleeping
    /// cloth's step does nothing, and would only dilute the figure).
    pub step_ms: Vec<f64>,
    /// Largest `worst_tether_ratio()` seen.
    pub worst_tether: f64,
    /// Deepest penetration seen, m (see [`deepest`]).
    pub worst_depth: f64,
    /// `(time s, kinetic energy J)` after each frame.
    pub energy: Vec<(f64, f64)>,
    /// `(time s, worst tether ratio)` after each frame.
    pub tether: Vec<(f64, f64)>,
    /// Steps the watchdog reset the cloth on.
    pub watchdog_resets: u32,
    /// When the cloth last fell asleep, s (`None` while awake).
    pub asleep_since: Option<f64>,
}

impl Stats {
    pub fn record_step(&mut self, ms: f64, report: &StepReport) {
        if !report.asleep {
            self.step_ms.push(ms);
        }
        self.watchdog_resets += report.watchdog.is_some() as u32;
    }

    /// Records the state after the frame ending at `time`.
    pub fn observe(&mut self, time: f64, cloth: &Cloth, fixed: &[bool], colliders: &ColliderFrame) {
        let energy = cloth.kinetic_energy();
        let tether = cloth.worst_tether_ratio();
        self.energy.push((time, energy));
        self.tether.push((time, tether));
        self.worst_tether = self.worst_tether.max(tether);
        self.worst_depth = self.worst_depth.max(deepest(cloth, fixed, colliders));
        match (cloth.is_sleeping(), self.asleep_since) {
            (true, None) => self.asleep_since = Some(time),
            (false, Some(_)) => self.asleep_since = None,
            _ => {}
        }
    }

    /// Fastest awake step, ms (NaN if it never woke).
    pub fn ms_min(&self) -> f64 {
        self.step_ms.iter().copied().reduce(f64::min).unwrap_or(f64::NAN)
    }

    /// Median awake step, ms (NaN if it never woke).
    pub fn ms_median(&self) -> f64 {
        let mut v = self.step_ms.clone();
        if v.is_empty() {
            return f64::NAN;
        }
        v.sort_by(f64::total_cmp);
        let m = v.len() / 2;
        if v.len() % 2 == 1 {
            v[m]
        } else {
            0.5 * (v[m - 1] + v[m])
        }
    }
}

/// The colliders at their current poses, each with the world-to-local pose
/// inverted once per frame.
pub struct ColliderFrame {
    shapes: Vec<(Shape, Pose)>,
}

impl ColliderFrame {
    pub fn new(colliders: &ColliderSet) -> ColliderFrame {
        ColliderFrame { shapes: colliders.iter().map(|(_, _, c)| (c.shape, c.cur.inverse())).collect() }
    }
}

/// Penetration depth of a cloth, m: `max(0, −min sdf(x))` over free
/// particles `x` (world positions) and colliders (current poses) — how far
/// the worst particle sits inside the body, what a viewer sees. (The contact
/// rows hold particles a further `thickness` out; a particle inside that
/// offset but outside the body is cloth resting on it.) Pinned particles are
/// exempt, as in the bind-pose check (§29).
pub fn deepest(cloth: &Cloth, fixed: &[bool], colliders: &ColliderFrame) -> f64 {
    let mut closest = f64::INFINITY;
    for node in (0..cloth.nodes()).filter(|&n| !fixed[n]) {
        let x = cloth.world_position(node);
        for (shape, to_local) in &colliders.shapes {
            closest = closest.min(shape.sdf(to_local.transform_point(x)).distance);
        }
    }
    (-closest).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cloth_solver::scenes;

    /// A sheet sunk into a floor reads the sunk depth; one resting inside
    /// the contact offset but above the floor, and one lifted clear, zero.
    #[test]
    fn depth_is_distance_inside_the_offset() {
        let sheet = scenes::w0_sheet(); // horizontal at y = 0, 32 × 32 at 2 cm
        let cloth = Cloth::new(&sheet.input(), scenes::w0_dynamics()).unwrap();
        let fixed = sheet.input().fixed;
        let offset = cloth.dynamics().thickness;
        for (floor, expected) in [(0.05, 0.05), (-offset / 2.0, 0.0), (-1.0, 0.0)] {
            let mut set = ColliderSet::new();
            set.add(Shape::plane(), Pose::from_translation([0.0, floor, 0.0])).unwrap();
            let depth = deepest(&cloth, &fixed, &ColliderFrame::new(&set));
            assert!((depth - expected).abs() < 1e-6, "floor {floor}: depth {depth}, expected {expected}");
        }
    }

    #[test]
    fn median_of_even_and_odd_counts() {
        let mut s = Stats { step_ms: vec![3.0, 1.0, 2.0], ..Stats::default() };
        assert_eq!((s.ms_min(), s.ms_median()), (1.0, 2.0));
        s.step_ms.push(10.0);
        assert_eq!(s.ms_median(), 2.5);
    }
}
