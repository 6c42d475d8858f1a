//! The character: a body of capsules (DESIGN §8's rig shapes: tapered
//! capsules for torso and limbs, a sphere for the head) on a skeleton that a
//! small procedural gait drives, and the three bones the garments hang from.
//!
//! ```text
//!   root (on the ground, turned by yaw; local +Z is forward, +Y up, +X left)
//!    └ pelvis (0, 0.965, 0) + gait bob, twist, forward lean ── skirt anchor
//!       ├ chest (0, 0.40, 0), counter-twist ───────────────── cape anchor
//!       │  ├ head (0, 0.29, 0.015)
//!       │  └ upper arm (±0.20, 0.07, 0) └ forearm (0, −0.28, 0) └ hand (0, −0.25, 0)
//!       │                                                        (right hand: rope anchor)
//!       └ thigh (±0.095, −0.03, 0) └ shin (0, −0.44, 0) └ foot (0, −0.42, 0)
//! ```
//!
//! Every collider is a shape in its bone's frame, so a frame's collider poses
//! are just the bone poses. The arms hang 0.2 rad out from the body (a game
//! character's relaxed A-pose), which keeps the hands clear of the skirt in
//! the bind pose.

use cloth_solver::pose::{Pose, Quat, Vec3};
use cloth_solver::{ColliderError, ColliderId, ColliderSet, Shape};
use std::f64::consts::{PI, TAU};

/// Left (+X, `0`) and right (−X, `1`): the sign of a side's X offsets.
const SIDE: [f64; 2] = [1.0, -1.0];
/// Standing pelvis height, m: puts the soles on the ground.
const PELVIS_HEIGHT: f64 = 0.965;
/// How far the arms hang out from the body, rad.
const ARM_ABDUCTION: f64 = 0.2;
/// Time constant of the gait's speed (s): the limbs settle within about
/// three of these after a dead stop, while the root stops at once.
const GAIT_LAG: f64 = 0.1;

/// One of the skeleton's bones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bone {
    Pelvis,
    Chest,
    Head,
    UpperArm(usize),
    Forearm(usize),
    Hand(usize),
    Thigh(usize),
    Shin(usize),
    Foot(usize),
}

/// A body part: a collider shape in a bone's frame.
#[derive(Clone, Copy, Debug)]
pub struct Part {
    pub name: &'static str,
    pub bone: Bone,
    pub shape: Shape,
}

fn tapered(a: Vec3, ra: f64, b: Vec3, rb: f64) -> Shape {
    Shape::tapered_capsule(a, ra, b, rb).expect("body shapes are valid")
}

fn capsule(a: Vec3, b: Vec3, r: f64) -> Shape {
    Shape::capsule(a, b, r).expect("body shapes are valid")
}

/// The body, part by part (sizes of a 1.75 m adult, m).
pub fn parts() -> Vec<Part> {
    let mut p = vec![
        Part { name: "pelvis", bone: Bone::Pelvis, shape: capsule([-0.07, 0.0, 0.0], [0.07, 0.0, 0.0], 0.115) },
        Part { name: "abdomen", bone: Bone::Pelvis, shape: tapered([0.0, 0.05, 0.0], 0.12, [0.0, 0.28, 0.0], 0.115) },
        Part { name: "chest", bone: Bone::Chest, shape: capsule([-0.085, 0.0, 0.0], [0.085, 0.0, 0.0], 0.125) },
        Part { name: "neck", bone: Bone::Chest, shape: capsule([0.0, 0.10, 0.0], [0.0, 0.21, 0.01], 0.05) },
        Part { name: "head", bone: Bone::Head, shape: Shape::sphere(0.1).expect("valid") },
    ];
    for side in 0..2 {
        p.extend([
            Part {
                name: "upper arm",
                bone: Bone::UpperArm(side),
                shape: tapered([0.0; 3], 0.05, [0.0, -0.28, 0.0], 0.04),
            },
            Part {
                name: "forearm",
                bone: Bone::Forearm(side),
                shape: tapered([0.0; 3], 0.04, [0.0, -0.25, 0.0], 0.033),
            },
            Part { name: "hand", bone: Bone::Hand(side), shape: capsule([0.0, -0.03, 0.0], [0.0, -0.07, 0.0], 0.04) },
            Part { name: "thigh", bone: Bone::Thigh(side), shape: tapered([0.0; 3], 0.075, [0.0, -0.44, 0.0], 0.052) },
            Part { name: "shin", bone: Bone::Shin(side), shape: tapered([0.0; 3], 0.05, [0.0, -0.42, 0.0], 0.038) },
            Part {
                name: "foot",
                bone: Bone::Foot(side),
                shape: capsule([0.0, -0.035, -0.03], [0.0, -0.045, 0.13], 0.035),
            },
        ]);
    }
    p
}

/// Where the character is and how it moves: what the script drives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Root {
    /// Ground position (x, z), m.
    pub x: f64,
    pub z: f64,
    /// Heading, rad: 0 faces +Z, π/2 faces +X.
    pub yaw: f64,
    /// Ground speed along the heading, m/s.
    pub speed: f64,
}

impl Root {
    pub fn pose(&self) -> Pose {
        Pose::new([self.x, 0.0, self.z], Quat::from_axis_angle([0.0, 1.0, 0.0], self.yaw))
    }
}

/// The gait: a phase that advances with distance, and the speed the limbs
/// swing for (the root's speed, lagged by [`GAIT_LAG`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Gait {
    pub phase: f64,
    pub speed: f64,
}

impl Gait {
    /// Advances by `dt` at the root's `speed`; `stepping` is a floor on the
    /// limbs' speed (turning in place still steps).
    pub fn advance(&mut self, speed: f64, stepping: f64, dt: f64) {
        let target = speed.abs().max(stepping);
        self.speed += (target - self.speed) * (1.0 - (-dt / GAIT_LAG).exp());
        // One cycle (two steps) covers a stride that lengthens with speed.
        let stride = 1.3 + 0.3 * (self.speed - 1.6).max(0.0);
        self.phase = (self.phase + TAU * self.speed / stride * dt) % TAU;
    }
}

/// Every bone's world pose at one instant.
#[derive(Clone, Copy, Debug)]
pub struct Skeleton {
    pub pelvis: Pose,
    pub chest: Pose,
    pub head: Pose,
    pub upper_arm: [Pose; 2],
    pub forearm: [Pose; 2],
    pub hand: [Pose; 2],
    pub thigh: [Pose; 2],
    pub shin: [Pose; 2],
    pub foot: [Pose; 2],
}

fn at(p: Vec3) -> Pose {
    Pose::from_translation(p)
}

fn rot(axis: Vec3, angle: f64) -> Pose {
    Pose::new([0.0; 3], Quat::from_axis_angle(axis, angle))
}

/// A limb swinging forward by `angle` (rad) about its joint's left-right axis.
fn swing(angle: f64) -> Pose {
    rot([1.0, 0.0, 0.0], -angle)
}

fn ramp(v: f64, lo: f64, hi: f64) -> f64 {
    ((v - lo) / (hi - lo)).clamp(0.0, 1.0)
}

impl Skeleton {
    /// The skeleton of a character at `root` with `gait`. Amplitudes grow
    /// from standing (0) through a walk (1.6 m/s) to a sprint (6 m/s).
    pub fn new(root: &Root, gait: &Gait) -> Skeleton {
        let (walk, sprint) = (ramp(gait.speed, 0.0, 1.6), ramp(gait.speed, 1.6, 6.0));
        // A running thigh swings further forward than back: a forward bias.
        let hip_bias = 0.05 * walk + 0.3 * sprint;
        let hip_amp = 0.4 * walk + 0.25 * sprint;
        let knee_amp = 0.6 * walk + 1.0 * sprint;
        let arm_amp = 0.3 * walk + 0.5 * sprint;
        let elbow = 0.15 + 0.2 * walk + 1.0 * sprint;
        let lean = 0.04 * walk + 0.16 * sprint;
        let bob = 0.025 * walk + 0.02 * sprint;
        let phase = gait.phase;

        let twist = 0.12 * hip_amp * phase.sin();
        let height = PELVIS_HEIGHT - bob * 0.5 * (1.0 - (2.0 * phase).cos());
        let root = root.pose();
        let pelvis =
            root.mul(&at([0.0, height, 0.0])).mul(&rot([0.0, 1.0, 0.0], twist)).mul(&rot([1.0, 0.0, 0.0], lean));
        let chest = pelvis.mul(&at([0.0, 0.40, 0.0])).mul(&rot([0.0, 1.0, 0.0], -1.6 * twist));
        let head = chest.mul(&at([0.0, 0.29, 0.015])).mul(&rot([1.0, 0.0, 0.0], -0.6 * lean));

        let mut s = Skeleton {
            pelvis,
            chest,
            head,
            upper_arm: [Pose::IDENTITY; 2],
            forearm: [Pose::IDENTITY; 2],
            hand: [Pose::IDENTITY; 2],
            thigh: [Pose::IDENTITY; 2],
            shin: [Pose::IDENTITY; 2],
            foot: [Pose::IDENTITY; 2],
        };
        for (side, sx) in SIDE.into_iter().enumerate() {
            // The left leg leads at phase 0; each arm swings against its leg.
            let cycle = phase + side as f64 * PI;
            let hip = hip_bias + hip_amp * cycle.sin();
            // The knee folds while the leg swings through (the foot clears
            // the ground), and stays soft on landing.
            let knee = knee_amp * (0.15 + 0.85 * (cycle + 0.5).cos().max(0.0).powi(2));
            let shoulder = -arm_amp * cycle.sin();
            s.thigh[side] =
                pelvis.mul(&at([sx * 0.095, -0.03, 0.0])).mul(&rot([1.0, 0.0, 0.0], -lean)).mul(&swing(hip));
            s.shin[side] = s.thigh[side].mul(&at([0.0, -0.44, 0.0])).mul(&swing(-knee));
            s.foot[side] = s.shin[side].mul(&at([0.0, -0.42, 0.0])).mul(&swing(knee - hip));
            s.upper_arm[side] = chest
                .mul(&at([sx * 0.20, 0.07, 0.0]))
                .mul(&rot([0.0, 0.0, 1.0], sx * ARM_ABDUCTION))
                .mul(&swing(shoulder));
            s.forearm[side] = s.upper_arm[side].mul(&at([0.0, -0.28, 0.0])).mul(&swing(elbow));
            s.hand[side] = s.forearm[side].mul(&at([0.0, -0.25, 0.0]));
        }
        s
    }

    pub fn bone(&self, bone: Bone) -> Pose {
        match bone {
            Bone::Pelvis => self.pelvis,
            Bone::Chest => self.chest,
            Bone::Head => self.head,
            Bone::UpperArm(s) => self.upper_arm[s],
            Bone::Forearm(s) => self.forearm[s],
            Bone::Hand(s) => self.hand[s],
            Bone::Thigh(s) => self.thigh[s],
            Bone::Shin(s) => self.shin[s],
            Bone::Foot(s) => self.foot[s],
        }
    }
}

/// The body's colliders and the ground plane, in one set that every garment
/// steps against (collider.rs's frame protocol: `begin_frame`, then a pose
/// per collider, then each cloth's `step_with`).
pub struct Body {
    pub colliders: ColliderSet,
    parts: Vec<(Part, ColliderId)>,
}

impl Body {
    /// The ground (the plane y = 0) and every body part at `skeleton`.
    pub fn new(skeleton: &Skeleton) -> Result<Body, ColliderError> {
        let mut colliders = ColliderSet::new();
        colliders.add(Shape::plane(), Pose::IDENTITY)?;
        let mut placed = Vec::new();
        for part in parts() {
            let id = colliders.add(part.shape, skeleton.bone(part.bone))?;
            placed.push((part, id));
        }
        Ok(Body { colliders, parts: placed })
    }

    /// Moves the body to `skeleton` for this frame. Colliders sweep from
    /// their previous pose — except across a teleport, which is a cut, not a
    /// motion: they are placed there.
    pub fn pose(&mut self, skeleton: &Skeleton, teleported: bool) -> Result<(), ColliderError> {
        self.colliders.begin_frame();
        for (part, id) in &self.parts {
            let pose = skeleton.bone(part.bone);
            if teleported {
                self.colliders.place(*id, pose)?;
            } else {
                self.colliders.set_pose(*id, pose)?;
            }
        }
        Ok(())
    }

    /// Every body part with its collider's current world pose.
    pub fn parts(&self) -> impl Iterator<Item = (&Part, Pose)> + '_ {
        self.parts.iter().filter_map(|(part, id)| self.colliders.get(*id).map(|c| (part, c.cur)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cloth_solver::pose::norm;

    /// Standing, the soles touch the ground and the head tops out at 1.75 m.
    #[test]
    fn standing_body_is_on_the_ground() {
        let root = Root { x: 0.0, z: 0.0, yaw: 0.3, speed: 0.0 };
        let s = Skeleton::new(&root, &Gait::default());
        let lowest = parts()
            .iter()
            .map(|p| {
                let pose = s.bone(p.bone);
                // The lowest point of a capsule-like shape: its ends' lowest points.
                match p.shape {
                    Shape::Capsule { a, b, radius } => {
                        pose.transform_point(a)[1].min(pose.transform_point(b)[1]) - radius
                    }
                    Shape::TaperedCapsule { a, ra, b, rb } => {
                        (pose.transform_point(a)[1] - ra).min(pose.transform_point(b)[1] - rb)
                    }
                    Shape::Sphere { radius } => pose.translation[1] - radius,
                    _ => f64::INFINITY,
                }
            })
            .fold(f64::INFINITY, f64::min);
        assert!(lowest.abs() < 0.01, "lowest point {lowest} m");
        let top = s.head.translation[1] + 0.1;
        assert!((top - 1.75).abs() < 0.01, "head top {top} m");
        // The hands hang beside the hips, about 0.3 m out.
        let hand = s.hand[0].inverse().transform_point(s.pelvis.translation);
        assert!(norm(hand) > 0.25, "{hand:?}");
    }
}
