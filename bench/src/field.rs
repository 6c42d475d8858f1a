//! The crowd's field (issue 23): where `cloth-bench crowd`'s characters
//! stand and walk and where its camera goes. The demo's `--crowd` scene
//! includes this file as a module of its own (`#[path]`), so both walk the
//! same field; it uses nothing but `cloth_solver`.
//!
//! **The field.** Each character is `cloth_solver::world::Character` (W4's:
//! a cape of a sheet entry of the library and a rope of a chain entry, on one
//! anchor, with a torso capsule and a ground plane of its own). Characters
//! stand on a grid [`SPACING`] apart, about twice as long (X) as deep (Z),
//! each home jittered by up to ±0.3 m, and each walks its own figure of eight
//! around its home (turned, sized, paced and phased per character, facing
//! where it walks, never stopping). The camera moves along X through the
//! middle of the field at [`CAMERA_SPEED`], starting a quarter of the way in.
//! A cloth's priority is minus its character's horizontal distance to the
//! camera, so the nearest characters are the most detailed. Sleep is off, as
//! in every workload (a walking cloth never sleeps anyway).

use cloth_solver::detail::{self, Detail, FrameBudget};
use cloth_solver::pose::{Pose, Quat};
use cloth_solver::world::{Character, ClothId, World, WorldOptions};
use cloth_solver::Tuning;

/// Grid spacing of the characters' homes, m.
pub const SPACING: f64 = 3.0;
/// The camera's speed along X, m/s.
pub const CAMERA_SPEED: f64 = 3.0;
/// Characters nearest the camera expected at full detail.
pub const NEAR: usize = 16;
/// The host's frame, s (the library presets' `dt`).
pub const DT: f64 = 1.0 / 60.0;

/// The frame target of a crowd of `characters`, ms: issue 23's 2 ms for 128
/// characters and 4 ms for 512 (2 ms for smaller crowds).
pub fn target_ms(characters: usize) -> f64 {
    if characters <= 128 {
        2.0
    } else {
        4.0
    }
}

/// A number in [0, 1) from `k` and `salt` (SplitMix64's finaliser): the
/// field's per-character variety, the same on every machine.
fn unit(k: usize, salt: u64) -> f64 {
    let mut h = (k as u64 ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^= h >> 31;
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// Where the characters stand and walk, and where the camera goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Field {
    pub characters: usize,
    pub columns: usize,
    pub rows: usize,
}

impl Field {
    /// A field of `characters`: √(2n) columns along X, as many rows as fill.
    pub fn new(characters: usize) -> Field {
        let columns = ((2.0 * characters as f64).sqrt().round() as usize).max(1);
        Field { characters, columns, rows: characters.div_ceil(columns).max(1) }
    }

    /// Length along X and depth along Z of the grid of homes, m.
    pub fn extent(&self) -> [f64; 2] {
        [(self.columns - 1) as f64 * SPACING, (self.rows - 1) as f64 * SPACING]
    }

    /// Character `k`'s home on the ground plane (x, z), m.
    pub fn home(&self, k: usize) -> [f64; 2] {
        let [w, d] = self.extent();
        let (c, r) = ((k % self.columns) as f64, (k / self.columns) as f64);
        [c * SPACING - 0.5 * w + 0.6 * (unit(k, 1) - 0.5), r * SPACING - 0.5 * d + 0.6 * (unit(k, 2) - 0.5)]
    }

    /// Character `k`'s anchor at time `t`, s: a figure of eight about its
    /// home (half-widths 0.9–1.2 m and 0.45–0.6 m, turned by any angle,
    /// about 5–7 s a lap, either way round), facing along its velocity
    /// (the character faces its local −Z: the torso is in front of the cape).
    pub fn anchor(&self, k: usize, t: f64) -> Pose {
        let [hx, hz] = self.home(k);
        let (a, b) = (0.9 + 0.3 * unit(k, 3), 0.45 + 0.15 * unit(k, 4));
        let turn = std::f64::consts::TAU * unit(k, 5);
        let sense = if unit(k, 6) < 0.5 { 1.0 } else { -1.0 };
        let omega = sense * (0.95 + 0.3 * unit(k, 7));
        let phase = std::f64::consts::TAU * unit(k, 8) + omega * t;
        // Path and velocity in the path's own frame, then turned.
        let (p, v) = ([a * phase.sin(), b * (2.0 * phase).sin()], [a * phase.cos(), 2.0 * b * (2.0 * phase).cos()]);
        let (s, c) = turn.sin_cos();
        let rot = |q: [f64; 2]| [c * q[0] - s * q[1], s * q[0] + c * q[1]];
        let (p, v) = (rot(p), rot(v).map(|x| x * omega));
        // A yaw α about +Y takes −Z to (−sin α, 0, −cos α).
        let yaw = (-v[0]).atan2(-v[1]);
        Pose::new([hx + p[0], 0.0, hz + p[1]], Quat::from_axis_angle([0.0, 1.0, 0.0], yaw))
    }

    /// The camera at time `t`, s, on the ground plane (x, z): along X
    /// through the middle of the field (between two rows, or beside the
    /// middle one), from a quarter of the way in, at [`CAMERA_SPEED`].
    pub fn camera(&self, t: f64) -> [f64; 2] {
        let z = if self.rows % 2 == 1 { 0.5 * SPACING } else { 0.0 };
        [-0.25 * self.extent()[0] + CAMERA_SPEED * t, z]
    }

    /// A camera passing through the field in `seconds`, at time `t`: as
    /// [`Field::camera`], from one end to the other (the field's length,
    /// held between 2 and 6 m/s), the demo's `--crowd` pass.
    pub fn pass(&self, t: f64, seconds: f64) -> [f64; 2] {
        let seconds = seconds.max(DT);
        let length = self.extent()[0].clamp(2.0 * seconds, 6.0 * seconds);
        [length * ((t / seconds).min(1.0) - 0.5), self.camera(0.0)[1]]
    }

    /// A character's priority with the camera at `camera`: minus its
    /// horizontal distance, m.
    pub fn priority(&self, k: usize, t: f64, camera: [f64; 2]) -> f64 {
        let p = self.anchor(k, t).translation;
        -((p[0] - camera[0]).powi(2) + (p[2] - camera[1]).powi(2)).sqrt()
    }
}

/// A character of the crowd: W4's character and where its torso sits on
/// its anchor (read off the set `Character::add` made).
#[derive(Clone, Copy, Debug)]
pub struct Walker {
    pub character: Character,
    pub torso_from_anchor: Pose,
}

impl Walker {
    /// Adds character `k` to `world` and moves it to its place in `field`
    /// for time 0 (a teleport: its cloths are re-seeded there by their
    /// first step). Sleep off.
    pub fn add(world: &mut World, field: &Field, k: usize) -> Walker {
        let character = Character::add(world, k).expect("the character seeds");
        let torso = world.colliders(character.body).expect("live").get(character.torso).expect("live").cur;
        let torso_from_anchor = Character::anchor(k, 0).inverse().mul(&torso);
        let anchor = field.anchor(k, 0.0);
        world
            .colliders_mut(character.body)
            .expect("live")
            .place(character.torso, anchor.mul(&torso_from_anchor))
            .expect("a pose");
        let awake = Tuning { sleep: false, ..Tuning::default() };
        for id in [character.cape, character.rope] {
            world
                .with_cloth(id, |c| {
                    c.set_tuning(awake).expect("valid tuning");
                    c.set_anchor_pose(anchor).expect("a pose");
                    c.teleport();
                })
                .expect("live");
        }
        Walker { character, torso_from_anchor }
    }

    pub fn cloths(&self) -> [ClothId; 2] {
        [self.character.cape, self.character.rope]
    }

    /// Sets this character's poses at time `t` (after `begin_frame`) and
    /// both cloths' priority for the camera at `camera`.
    pub fn drive(&self, world: &mut World, field: &Field, t: f64, camera: [f64; 2]) {
        let k = self.character.k;
        let anchor = field.anchor(k, t);
        let c = &self.character;
        world
            .colliders_mut(c.body)
            .expect("live")
            .set_pose(c.torso, anchor.mul(&self.torso_from_anchor))
            .expect("a pose");
        let priority = field.priority(k, t, camera);
        for id in self.cloths() {
            world.set_anchor_pose(id, anchor).expect("a pose");
            world.set_priority(id, priority).expect("a priority");
        }
    }
}

/// A crowd in a world of its own.
pub struct Crowd {
    pub field: Field,
    pub world: World,
    pub walkers: Vec<Walker>,
}

impl Crowd {
    pub fn new(characters: usize, threads: usize, budget: Option<FrameBudget>) -> Crowd {
        let field = Field::new(characters);
        let mut world = World::new(WorldOptions { threads }).expect("the pool starts");
        let walkers = (0..characters).map(|k| Walker::add(&mut world, &field, k)).collect();
        world.set_budget(budget).expect("a valid budget");
        Crowd { field, world, walkers }
    }

    /// The host's work before frame `frame`'s step (1 = the first): the
    /// colliders' frame, every pose and priority.
    pub fn drive(&mut self, frame: usize) {
        self.drive_from(frame, self.field.camera(frame as f64 * DT));
    }

    /// [`Crowd::drive`] with the camera at `camera` (x, z).
    pub fn drive_from(&mut self, frame: usize, camera: [f64; 2]) {
        let t = frame as f64 * DT;
        self.world.begin_frame().expect("outside a step");
        for w in &self.walkers {
            w.drive(&mut self.world, &self.field, t, camera);
        }
    }

    /// The characters by distance to the camera at frame `frame`, nearest first.
    pub fn nearest(&self, frame: usize) -> Vec<usize> {
        let t = frame as f64 * DT;
        let camera = self.field.camera(t);
        let mut order: Vec<(f64, usize)> =
            (0..self.walkers.len()).map(|k| (-self.field.priority(k, t, camera), k)).collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        order.into_iter().map(|(_, k)| k).collect()
    }

    /// Every cloth's level now and the model's units of a frame at it (0
    /// asleep), by walker (cape, rope).
    pub fn levels(&self) -> Vec<[(Detail, f64); 2]> {
        self.walkers
            .iter()
            .map(|w| {
                w.cloths().map(|id| {
                    self.world
                        .with_cloth(id, |c| {
                            let level = c.detail();
                            let units =
                                if c.is_sleeping() { 0.0 } else { detail::work(c.nodes(), c.dynamics(), level) };
                            (level, units)
                        })
                        .expect("live")
                })
            })
            .collect()
    }

    pub fn particles(&self) -> usize {
        self.world.cloth_ids().map(|id| self.world.with_cloth(id, |c| c.nodes()).expect("live")).sum()
    }

    pub fn hash(&self) -> u64 {
        self.world
            .cloth_ids()
            .map(|id| self.world.with_cloth(id, |c| c.state_hash()).expect("live"))
            .fold(0xcbf2_9ce4_8422_2325, |h, x| (h ^ x).wrapping_mul(0x0100_0000_01b3))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_spreads_characters_and_keeps_them_walking() {
        for n in [1, 2, 32, 128, 512] {
            let f = Field::new(n);
            assert!(f.columns * f.rows >= n && f.columns >= f.rows, "{f:?}");
            for k in 0..n {
                // Never stopping, never leaving its cell (±1.5 m).
                let (a, b) = (f.anchor(k, 1.0), f.anchor(k, 1.0 + DT));
                let step = cloth_solver::pose::norm(cloth_solver::pose::sub(b.translation, a.translation));
                assert!(step / DT > 0.4 && step / DT < 2.5, "character {k}: {} m/s", step / DT);
                let home = f.home(k);
                let p = a.translation;
                assert!((p[0] - home[0]).abs() < 1.3 && (p[2] - home[1]).abs() < 1.3, "character {k} at {p:?}");
                // Facing its way: local −Z along the velocity.
                let facing = a.rotation.rotate([0.0, 0.0, -1.0]);
                let v = cloth_solver::pose::sub(b.translation, a.translation);
                assert!(cloth_solver::pose::dot(facing, v) > 0.9 * step, "character {k}");
            }
        }
    }
}
