//! Property (issue 17, item 7): any cloth a host can describe either is
//! refused with a typed error or steps to a finite state — never a panic,
//! never a NaN handed back. 16,000 tiny random cloths (over 10,000 of
//! which seed and step), each from a seeded generator (reproducible: a
//! failure names its seed), a third of them hostile:
//! repeated and out-of-range indices, slivers, duplicate positions,
//! isolated nodes, parents that cycle, masses from 1e-30 to `MAX_MASS`
//! (and above, zero, negative, NaN), coordinates at and past the limit, every front door, then
//! extreme dynamics — up to 1e6 m/s² of gravity, the whole range of every
//! dial, every kernel, self-collision with stencils — anchors that spin and
//! teleport, colliders placed through the cloth, animated positions thrown
//! to the limit.
//!
//! After every step each node's position and velocity, and its world and
//! local pose, must be finite; the watchdog may reset the cloth (it says
//! so), which is the state going non-finite handled, not a failure.
//! The counts — refusals by kind, watchdog resets — are printed
//! (`--nocapture`) for the record.

use cloth_solver::constants::MAX_MASS;
use cloth_solver::front_door::{self, Parent, Skeleton, TreeInput};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::rng::SplitMix64;
use cloth_solver::{
    BindPoseCheck, Cloth, ClothInput, ColliderSet, Dynamics, Kernel, SeedError, Shape, TeleportMode, Tuning,
};
use std::collections::BTreeMap;

const CLOTHS: u64 = 16_000;
const STEPS: usize = 12;

/// The generator; `hostile` cloths (a third) also get the values a host
/// must be refused for, the others only legal but extreme ones.
struct Gen(SplitMix64, bool);

impl Gen {
    fn chance(&mut self, p: f64) -> bool {
        self.0.next_f64() < p
    }
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n.max(1))
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        self.0.range(lo, hi)
    }
    /// A magnitude spread over many decades: 10^[lo, hi).
    fn decades(&mut self, lo: f64, hi: f64) -> f64 {
        10f64.powf(self.range(lo, hi))
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
    /// One end of `[lo, hi]`, or a value inside it.
    fn ends_or_inside(&mut self, lo: f64, hi: f64) -> f64 {
        let inside = self.range(lo, hi);
        self.pick(&[lo, hi, inside])
    }

    /// A coordinate: mostly a garment's few centimetres, sometimes huge,
    /// at the limit, past it, or not a number.
    fn coordinate(&mut self) -> f32 {
        match self.below(40) {
            0 if self.1 => self.pick(&[1.5e6, 3e38, f32::NAN, f32::INFINITY]),
            0 => self.pick(&[1e6, -1e6, 1e-30, -0.0]),
            1 => self.decades(-6.0, 6.0) as f32 * if self.chance(0.5) { -1.0 } else { 1.0 },
            _ => self.range(-0.2, 0.2) as f32,
        }
    }

    fn mass(&mut self) -> f32 {
        match self.below(30) {
            0 if self.1 => self.pick(&[0.0, -1.0, f32::NAN, f32::INFINITY, 1e-39, 1e30, f32::MAX]),
            0 => self.pick(&[1e-30, MAX_MASS, f32::MIN_POSITIVE, 1.0]),
            1 => self.decades(-30.0, MAX_MASS.log10() as f64) as f32,
            _ => self.decades(-3.0, 0.0) as f32,
        }
    }

    fn positions(&mut self, n: usize) -> Vec<[f32; 3]> {
        let mut p: Vec<[f32; 3]> = Vec::with_capacity(n);
        let spacing = self.decades(-4.0, 0.5) as f32;
        for i in 0..n {
            let q = match self.below(12) {
                // A duplicate of an earlier node.
                0 if i > 0 && self.chance(0.5) => p[self.below(i)],
                // A sliver: almost on the line through two earlier nodes.
                1 if i > 1 => {
                    let (a, b) = (p[self.below(i)], p[self.below(i)]);
                    let t = self.range(-1.0, 2.0) as f32;
                    let e = self.decades(-9.0, -3.0) as f32;
                    [a[0] + t * (b[0] - a[0]) + e, a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])]
                }
                2 => [self.coordinate(), self.coordinate(), self.coordinate()],
                // A loose grid with a lean (never exactly axis-aligned).
                _ => {
                    let (c, r) = ((i % 4) as f32, (i / 4) as f32);
                    let jitter = self.range(-0.3, 0.3) as f32 * spacing;
                    [c * spacing + jitter, -r * spacing, 1e-3 * spacing * (c + r) + jitter]
                }
            };
            p.push(q);
        }
        p
    }

    fn index(&mut self, n: usize) -> u32 {
        match self.below(60) {
            0 if self.1 => self.pick(&[n as u32, u32::MAX, n as u32 + 7]),
            _ => self.below(n) as u32,
        }
    }

    /// A sheet: triangles from a grid (shuffled corners), random extras that
    /// repeat nodes or run off the end, some nodes left isolated.
    fn sheet(&mut self, n: usize) -> ClothInput {
        let positions = self.positions(n);
        let mut triangles = Vec::new();
        for i in 0..n {
            let (c, r) = (i % 4, i / 4);
            if c + 1 < 4 && i + 5 < n && !self.chance(0.15) {
                triangles.push([i as u32, i as u32 + 1, i as u32 + 5]);
                triangles.push([i as u32, i as u32 + 5, i as u32 + 4]);
            }
            let _ = r;
        }
        for _ in 0..if self.1 { self.below(4) } else { 0 } {
            triangles.push([self.index(n), self.index(n), self.index(n)]);
        }
        let mut fixed: Vec<bool> = (0..n).map(|i| i < 4 && self.chance(0.6)).collect();
        if self.chance(0.2) {
            fixed.iter_mut().for_each(|f| *f = self.chance(0.5));
        }
        ClothInput {
            masses: (0..n).map(|_| self.mass()).collect(),
            fixed,
            triangles,
            positions,
            ..ClothInput::default()
        }
    }

    fn tree(&mut self, n: usize) -> Result<ClothInput, SeedError> {
        let parents = (0..n)
            .map(|i| match self.below(10) {
                0 if self.1 => Parent::Bone(self.pick(&[3, 3, 3, 4])),
                0 => Parent::Bone(3),
                1 if self.1 => Parent::Node(self.index(n)),
                _ if i == 0 => Parent::Bone(3),
                _ => Parent::Node(self.below(i) as u32),
            })
            .collect();
        let input = TreeInput { parents, positions: self.positions(n), masses: (0..n).map(|_| self.mass()).collect() };
        front_door::tree(&input).map(|(c, _)| c)
    }

    fn rig(&mut self, n: usize) -> Result<ClothInput, SeedError> {
        // Joint 0 the root, 1 the anchor, the owned joints after it hang
        // from the anchor or an earlier one; a few joints the cloth does not
        // own come last.
        let joints = n + 2 + self.below(3);
        let parents = (0..joints)
            .map(|j| match self.below(15) {
                0 if self.1 => Some(self.index(joints)),
                1 if self.1 => None,
                _ if j == 0 => None,
                _ if j <= 2 => Some(j as u32 - 1),
                _ => Some(1 + self.below(j - 1) as u32),
            })
            .collect();
        let local_bind = (0..joints)
            .map(|_| {
                let axis = [self.range(-1.0, 1.0), self.range(-1.0, 1.0), self.range(-1.0, 1.0)];
                let len = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).sqrt().max(1e-9);
                let mut q = Quat::from_axis_angle(axis.map(|a| a / len), self.range(-3.0, 3.0));
                if self.1 && self.chance(0.03) {
                    q = Quat::new(self.pick(&[0.0, 2.0, 1e200, f64::NAN]), 0.0, 0.0, 0.0);
                }
                let bone = self.decades(-4.0, 0.0);
                let mut t = [self.range(-bone, bone), -bone, self.range(-bone, bone)];
                if self.chance(0.05) {
                    t[self.below(3)] = self.coordinate() as f64;
                }
                Pose::new(t, q)
            })
            .collect();
        let skeleton = Skeleton { parents, local_bind };
        let mut owned: Vec<u32> = (2..n as u32 + 2).collect();
        self.0.shuffle(&mut owned);
        if self.1 && self.chance(0.05) {
            owned.push(self.index(joints));
        }
        let masses: Vec<f32> = (0..owned.len()).map(|_| self.mass()).collect();
        front_door::rig(&skeleton, &owned, &masses).map(|(c, _)| c)
    }

    fn dynamics(&mut self) -> Dynamics {
        let base = self.pick(&cloth_solver::library::ALL).dynamics;
        let dial = |g: &mut Gen, v: f64| if g.chance(0.3) { g.ends_or_inside(0.0, 1.0) } else { v };
        let mut d = Dynamics {
            substeps: if self.chance(0.1) { self.pick(&[1, 8, 16]) } else { base.substeps },
            iterations: if self.chance(0.1) { self.pick(&[1, 8, 16]) } else { base.iterations },
            dt: if self.chance(0.1) { self.pick(&[1e-4, 0.1, 1.0]) } else { base.dt },
            stretch: dial(self, base.stretch),
            bend: dial(self, base.bend),
            damping: dial(self, base.damping),
            inertia: dial(self, base.inertia),
            slack: dial(self, base.slack),
            thickness: if self.chance(0.2) { self.ends_or_inside(0.0, 0.5) } else { base.thickness },
            friction: if self.chance(0.2) { self.ends_or_inside(0.0, 4.0) } else { base.friction },
            strain_limit: if self.chance(0.2) { self.chance(0.5) } else { base.strain_limit },
            self_collision: if self.chance(0.3) { self.chance(0.7) } else { base.self_collision },
            teleport: if self.chance(0.5) { TeleportMode::Keep } else { TeleportMode::Reset },
            ..base
        };
        if self.chance(0.1) {
            d.gravity = [self.range(-1e6, 1e6), self.range(-1e6, 1e6), self.range(-1e6, 1e6)];
        }
        if self.1 && self.chance(0.05) {
            // Out of range: refused.
            d.damping = self.pick(&[-1.0, 2.0, f64::NAN]);
        }
        d
    }

    fn pose(&mut self, scale: f64) -> Pose {
        let t = [self.range(-scale, scale), self.range(-scale, scale), self.range(-scale, scale)];
        let axis = [self.range(-1.0, 1.0), 1.0, self.range(-1.0, 1.0)];
        let len = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).sqrt();
        Pose::new(t, Quat::from_axis_angle(axis.map(|a| a / len), self.range(-3.2, 3.2)))
    }

    fn colliders(&mut self) -> ColliderSet {
        let mut set = ColliderSet::new();
        for _ in 0..self.below(4) {
            let r = self.decades(-3.0, 0.0);
            let shape = match self.below(5) {
                0 => Shape::sphere(r),
                1 => Shape::capsule([-r, 0.0, 0.0], [r, self.range(-r, r), 0.0], r * 0.5),
                2 => Shape::tapered_capsule([0.0, -r, 0.0], r, [0.0, r, 0.01], r * self.range(0.0, 1.0)),
                3 => Ok(Shape::plane()),
                _ => Shape::cuboid([r, r * 0.5, r * 0.7], r * self.range(0.0, 0.5)),
            };
            if let Ok(shape) = shape {
                let pose = self.pose(0.3);
                set.add(shape, pose).expect("a valid pose");
            }
        }
        set
    }
}

#[derive(Default)]
struct Tally {
    refused: BTreeMap<String, usize>,
    stepped: usize,
    steps: usize,
    watchdog: usize,
    nodes: usize,
}

fn kind(e: &impl std::fmt::Debug) -> String {
    let s = format!("{e:?}");
    s.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("?").to_string()
}

fn finite(c: &mut Cloth, world: &mut [Pose], local: &mut [Pose]) -> Result<(), String> {
    for n in 0..c.nodes() {
        let (x, v) = (c.position(n), c.velocity(n));
        if !x.iter().chain(&v).all(|c| c.is_finite()) {
            return Err(format!("node {n}: x {x:?} v {v:?}"));
        }
        if !c.world_position(n).iter().all(|c| c.is_finite()) {
            return Err(format!("node {n}: world position {:?}", c.world_position(n)));
        }
    }
    c.node_poses(world, local).map_err(|e| e.to_string())?;
    match world.iter().chain(local.iter()).position(|p| !p.is_finite()) {
        Some(i) => Err(format!("pose {i} is not finite")),
        None => Ok(()),
    }
}

/// One random cloth, from seeding to its last step.
fn one(seed: u64, tally: &mut Tally) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    let hostile = rng.below(3) == 0;
    let mut g = Gen(rng, hostile);
    let n = 1 + g.below(12);
    let input = match g.below(3) {
        0 => Ok(g.sheet(n)),
        1 => g.tree(n),
        _ => g.rig(n),
    };
    let dynamics = g.dynamics();
    let colliders = g.colliders();
    let anchor = g.pose(0.5);
    let check = if g.chance(0.7) { BindPoseCheck::Skip } else { BindPoseCheck::Enforce };
    let cloth = input.and_then(|i| Cloth::with_colliders(&i, dynamics, anchor, &colliders, check));
    let mut c = match cloth {
        Ok(c) => c,
        Err(e) => {
            *tally.refused.entry(format!("seed: {}", kind(&e))).or_default() += 1;
            return Ok(());
        }
    };
    tally.stepped += 1;
    tally.nodes += c.nodes();
    c.set_kernel(g.pick(&Kernel::ALL));
    if g.chance(0.2) {
        let t = Tuning { self_stencils: true, ..*c.tuning() };
        c.set_tuning(t).map_err(|e| format!("tuning: {e}"))?;
        let d = Dynamics { self_collision: true, ..*c.dynamics() };
        c.set_dynamics(d).map_err(|e| format!("dynamics: {e}"))?;
    }
    let (mut world, mut local) = (vec![Pose::IDENTITY; c.nodes()], vec![Pose::IDENTITY; c.nodes()]);
    let mut at = c.anchor_pose();
    for step in 0..STEPS {
        // Drive: an anchor that walks, spins, teleports or jumps too far;
        // animated positions thrown about; dynamics changed mid-flight.
        match g.below(12) {
            0 => at = g.pose(1e6),
            1 => at = Pose::new(at.translation, g.pose(1.0).rotation),
            2 => c.teleport(),
            3 if g.1 => {
                let far = Pose::from_translation([g.pick(&[1e7, 1e39, f64::NAN]), 0.0, 0.0]);
                if let Err(e) = c.set_anchor_pose(far) {
                    *tally.refused.entry(format!("anchor: {}", kind(&e))).or_default() += 1;
                }
            }
            _ => at = Pose::new(cloth_solver::pose::add(at.translation, [0.05, 0.0, 0.02]), at.rotation),
        }
        if let Err(e) = c.set_anchor_pose(at) {
            return Err(format!("a legal anchor {at:?} was refused: {e}"));
        }
        if g.chance(0.3) {
            let node = g.below(c.nodes());
            let p = [g.coordinate(), g.coordinate(), g.coordinate()];
            if let Err(e) = c.set_animated_position(node, p) {
                *tally.refused.entry(format!("animated: {}", kind(&e))).or_default() += 1;
            }
        }
        if g.chance(0.05) {
            if let Err(e) = c.set_dynamics(g.dynamics()) {
                *tally.refused.entry(format!("dynamics: {}", kind(&e))).or_default() += 1;
            }
        }
        let report = c.step_with(&colliders);
        tally.steps += 1;
        tally.watchdog += report.watchdog.is_some() as usize;
        finite(&mut c, &mut world, &mut local).map_err(|e| format!("step {step}: {e}"))?;
    }
    Ok(())
}

#[test]
fn random_cloths_are_refused_or_step_finite() {
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for seed in 0..CLOTHS {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut t = Tally::default();
            one(seed, &mut t).map(|()| t)
        }));
        match r {
            Ok(Ok(t)) => {
                for (k, v) in t.refused {
                    *tally.refused.entry(k).or_default() += v;
                }
                tally.stepped += t.stepped;
                tally.steps += t.steps;
                tally.watchdog += t.watchdog;
                tally.nodes += t.nodes;
            }
            Ok(Err(e)) => failures.push(format!("seed {seed}: {e}")),
            Err(p) => failures.push(format!("seed {seed}: panic: {}", cloth_solver::world::panic_message(p.as_ref()))),
        }
    }
    println!(
        "{CLOTHS} random cloths: {} stepped ({} nodes, {} steps, {} watchdog resets), {} refused at seed",
        tally.stepped,
        tally.nodes,
        tally.steps,
        tally.watchdog,
        tally.refused.iter().filter(|(k, _)| k.starts_with("seed")).map(|(_, v)| v).sum::<usize>()
    );
    for (k, v) in &tally.refused {
        println!("  refused {k}: {v}");
    }
    assert!(failures.is_empty(), "{} of {CLOTHS} failed:\n{}", failures.len(), failures.join("\n"));
    assert!(tally.stepped >= 10_000, "at least 10,000 cloths should seed and step: {}", tally.stepped);
}
