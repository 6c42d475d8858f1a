//! The host side of the demo: scripts that move the character's root — walk,
//! sprint, stop dead, snap, turn, teleport — as a game would, one 60 Hz frame at a
//! time. Each script is a list of cues; a cue starts at a time and lasts until
//! the next one.

use crate::character::{Gait, Root};
use std::f64::consts::{FRAC_PI_2, PI};

/// What the character does from a cue on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Stand still (slowing to a halt at [`BRAKE`] first).
    Stand,
    /// Move along the heading, accelerating at `accel` (m/s²) to `speed` (m/s).
    Move { speed: f64, accel: f64 },
    /// Turn in place to heading `yaw` (rad) at `rate` (rad/s), stepping.
    Turn { yaw: f64, rate: f64 },
    /// Speed drops to zero in one frame, then stand.
    StopDead,
    /// Jump by `(dx, dz)` in one frame without a cut — a root-motion
    /// correction, a snap into cover — then stand. The cloths are not told:
    /// the jump is below their teleport distance.
    Snap { dx: f64, dz: f64 },
    /// Jump to `(x, z)` facing `yaw` in one frame (a cut), then stand.
    Teleport { x: f64, z: f64, yaw: f64 },
}

/// Braking when a move ends without a dead stop, m/s².
const BRAKE: f64 = 5.0;
/// A walk and a sprint, m/s (a sprint this fast still fits the camera).
const WALK: f64 = 1.6;
const SPRINT: f64 = 6.0;
/// Heading towards +X and towards −X.
const EAST: f64 = FRAC_PI_2;
const WEST: f64 = -FRAC_PI_2;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    /// Start time, s.
    pub at: f64,
    pub action: Action,
    /// What a person sees happening (frame captions, the plot's legend).
    pub label: &'static str,
}

/// A gust of wind: from `at` for `seconds`, the wind rises to `wind` (m/s,
/// world) and falls back, `sin²` in time, with turbulence of `gusts` m/s
/// while it blows (none outside it, so a still scene can sleep).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gust {
    pub at: f64,
    pub seconds: f64,
    pub wind: [f64; 3],
    pub gusts: f64,
}

impl Gust {
    /// The gust's wind and turbulence amplitude at time `t`, s.
    pub fn at(&self, t: f64) -> ([f64; 3], f64) {
        let f = (t - self.at) / self.seconds;
        if !(0.0..1.0).contains(&f) {
            return ([0.0; 3], 0.0);
        }
        let s = (PI * f).sin().powi(2);
        (self.wind.map(|w| w * s), self.gusts)
    }
}

/// A hit (an explosion beside the character, a shove): at `at` every free
/// node of every garment within `radius` m of a point `side` m to the
/// character's left at `height` m gets a velocity change away from it,
/// `speed` m/s at the point falling linearly to 0 at `radius` — through
/// `Cloth::apply_impulses` (N·s: mass × that change), as a game applies one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    pub at: f64,
    pub side: f64,
    pub height: f64,
    pub speed: f64,
    pub radius: f64,
}

impl Hit {
    /// The hit's centre, world, for the character's root.
    pub fn centre(&self, root: &Root) -> [f64; 3] {
        // The character faces (sin yaw, 0, cos yaw); its left is (cos yaw, 0, −sin yaw).
        [root.x + self.side * root.yaw.cos(), self.height, root.z - self.side * root.yaw.sin()]
    }

    /// The velocity change at world point `p`, m/s.
    pub fn kick(&self, root: &Root, p: [f64; 3]) -> [f64; 3] {
        let c = self.centre(root);
        let d = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
        let r = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        if r >= self.radius || r == 0.0 {
            return [0.0; 3];
        }
        let s = self.speed * (1.0 - r / self.radius) / r;
        d.map(|k| k * s)
    }
}

/// A named scene's script.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    pub name: &'static str,
    pub about: &'static str,
    pub start: Root,
    pub cues: Vec<Cue>,
    /// Gusts of wind, on top of `--wind`.
    pub gusts: Vec<Gust>,
    /// Hits on the garments.
    pub hits: Vec<Hit>,
    /// Frames the scene runs for by default (60 Hz).
    pub frames: usize,
}

fn cue(at: f64, action: Action, label: &'static str) -> Cue {
    Cue { at, action, label }
}

/// The scenes `--scene` accepts, the default first.
pub const SCENES: [&str; 3] = ["character", "walk", "idle"];

/// A scene's script by name.
pub fn script(name: &str) -> Option<Script> {
    let start = Root { x: -1.7, z: 0.0, yaw: EAST, speed: 0.0 };
    match name {
        "character" => Some(Script {
            name: "character",
            about: "walk, turn, sprint, stop dead, snap, teleport, walk, stand",
            start,
            cues: vec![
                cue(0.0, Action::Stand, "stand"),
                cue(0.8, Action::Move { speed: WALK, accel: 4.0 }, "walk 1.6 m/s"),
                cue(2.6, Action::Turn { yaw: WEST, rate: 5.5 }, "turn"),
                cue(3.2, Action::Move { speed: SPRINT, accel: 20.0 }, "sprint 6 m/s"),
                cue(3.75, Action::StopDead, "stop dead"),
                cue(4.6, Action::Snap { dx: 0.4, dz: 0.0 }, "snap 0.4 m"),
                cue(5.2, Action::Teleport { x: 1.3, z: -0.3, yaw: WEST }, "teleport"),
                cue(5.2 + 1.0 / 60.0, Action::Move { speed: WALK, accel: 4.0 }, "walk 1.6 m/s"),
                cue(6.9, Action::Stand, "stand"),
            ],
            // Standing at the end, a gust from behind-left lifts the cape.
            gusts: vec![Gust { at: 7.6, seconds: 2.2, wind: [-3.0, 0.0, 9.0], gusts: 2.0 }],
            // Walking after the cut, a blast at the character's left knocks
            // the cape and the skirt aside.
            hits: vec![Hit { at: 6.2, side: 0.7, height: 1.0, speed: 6.0, radius: 1.4 }],
            frames: 600,
        }),
        "walk" => {
            // Back and forth at a walk, turning at each end: the regime the
            // physics gates bound (tether ≤ 1.05 while walking).
            let mut cues = vec![cue(0.0, Action::Stand, "stand")];
            let mut t = 0.5;
            for leg in 0..20 {
                cues.push(cue(t, Action::Move { speed: WALK, accel: 4.0 }, "walk 1.6 m/s"));
                let yaw = if leg % 2 == 0 { WEST } else { EAST };
                cues.push(cue(t + 2.0, Action::Turn { yaw, rate: 5.5 }, "turn"));
                t += 2.6;
            }
            let (about, gusts) = ("walk back and forth, turning at each end", Vec::new());
            Some(Script { name: "walk", about, start, cues, gusts, hits: Vec::new(), frames: 600 })
        }
        "idle" => Some(Script {
            name: "idle",
            about: "stand still: the garments settle and fall asleep",
            start: Root { x: 0.0, ..start },
            cues: vec![cue(0.0, Action::Stand, "stand")],
            gusts: Vec::new(),
            hits: Vec::new(),
            frames: 600,
        }),
        _ => None,
    }
}

/// What one frame of the script did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beat {
    /// The root jumped this frame: the host tells its cloths (and places its
    /// colliders instead of sweeping them).
    pub teleported: bool,
    pub label: &'static str,
    /// The scripted gusts' wind (m/s, world) and turbulence amplitude (m/s)
    /// at the end of the frame.
    pub gust: ([f64; 3], f64),
    /// A hit that lands this frame.
    pub hit: Option<Hit>,
}

/// Plays a script frame by frame.
#[derive(Clone, Debug)]
pub struct Director {
    script: Script,
    next: usize,
    action: Action,
    label: &'static str,
    time: f64,
    pub root: Root,
    pub gait: Gait,
}

impl Director {
    pub fn new(script: Script) -> Director {
        let root = script.start;
        Director { script, next: 0, action: Action::Stand, label: "stand", time: 0.0, root, gait: Gait::default() }
    }

    /// Advances the root and the gait by one frame of `dt` seconds: the pose
    /// the host hands over is the one at the end of the frame (DESIGN §7).
    pub fn advance(&mut self, dt: f64) -> Beat {
        let mut teleported = false;
        while let Some(c) = self.script.cues.get(self.next).filter(|c| c.at <= self.time + 1e-9) {
            self.next += 1;
            self.label = c.label;
            self.action = match c.action {
                Action::StopDead => {
                    self.root.speed = 0.0;
                    Action::Stand
                }
                Action::Snap { dx, dz } => {
                    self.root.x += dx;
                    self.root.z += dz;
                    Action::Stand
                }
                Action::Teleport { x, z, yaw } => {
                    self.root = Root { x, z, yaw, speed: 0.0 };
                    teleported = true;
                    Action::Stand
                }
                a => a,
            };
        }
        let r = &mut self.root;
        let mut stepping = 0.0;
        match self.action {
            Action::Stand | Action::StopDead | Action::Snap { .. } | Action::Teleport { .. } => {
                r.speed = (r.speed - BRAKE * dt).max(0.0)
            }
            Action::Move { speed, accel } => r.speed += (speed - r.speed).clamp(-accel * dt, accel * dt),
            Action::Turn { yaw, rate } => {
                r.speed = (r.speed - BRAKE * dt).max(0.0);
                let left = wrap(yaw - r.yaw);
                r.yaw += left.clamp(-rate * dt, rate * dt);
                if left.abs() > 1e-6 {
                    stepping = 0.8;
                }
            }
        }
        r.x += r.yaw.sin() * r.speed * dt;
        r.z += r.yaw.cos() * r.speed * dt;
        self.gait.advance(r.speed, stepping, dt);
        let before = self.time;
        self.time += dt;
        let gust = self
            .script
            .gusts
            .iter()
            .map(|g| g.at(self.time))
            .fold(([0.0; 3], 0.0), |(w, a), (gw, ga)| ([w[0] + gw[0], w[1] + gw[1], w[2] + gw[2]], a + ga));
        // Frames tile time: each takes the hits in (its start, its end], both
        // shifted by the cues' 1e-9 s, so a hit lands on exactly one frame.
        let hit = self.script.hits.iter().find(|h| h.at > before + 1e-9 && h.at <= self.time + 1e-9).copied();
        let hit_shown = self.script.hits.iter().any(|h| (0.0..0.6).contains(&(self.time - h.at)));
        let label = match (gust.1 > 0.0, hit_shown) {
            (true, _) => "gust of wind",
            (false, true) => "a blast at the left",
            _ => self.label,
        };
        Beat { teleported, label, gust, hit }
    }
}

/// An angle in (−π, π].
fn wrap(a: f64) -> f64 {
    let a = a.rem_euclid(2.0 * PI);
    if a > PI {
        a - 2.0 * PI
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default scene keeps the character within the camera's ±1.8 m and
    /// hits each beat: a sprint at 6 m/s, a dead stop, one snap of 0.4 m in
    /// a frame that is no teleport, one teleport.
    #[test]
    fn character_script_beats() {
        let script = script("character").unwrap();
        let frames = script.frames;
        let mut d = Director::new(script);
        let (mut fastest, mut teleports, mut widest) = (0.0f64, 0, 0.0f64);
        let (mut stopped_dead, mut snaps) = (false, 0);
        for _ in 0..frames {
            let (before, x) = (d.root.speed, d.root.x);
            let beat = d.advance(1.0 / 60.0);
            fastest = fastest.max(d.root.speed);
            teleports += beat.teleported as usize;
            widest = widest.max(d.root.x.abs());
            stopped_dead |= before > 5.0 && d.root.speed == 0.0;
            snaps += (!beat.teleported && (d.root.x - x - 0.4).abs() < 1e-9) as usize;
        }
        assert!((fastest - SPRINT).abs() < 1e-9, "fastest {fastest}");
        assert_eq!(snaps, 1);
        assert_eq!(teleports, 1);
        assert!(stopped_dead);
        assert!(widest < 1.8, "the character leaves the frame: |x| = {widest}");
    }

    /// The character scene's blast lands on exactly one frame, and its kick
    /// points away from its centre: the full speed beside the centre,
    /// half at half the radius, nothing at the radius.
    #[test]
    fn the_blast_lands_once_and_pushes_away() {
        let mut d = Director::new(script("character").unwrap());
        let hits: Vec<Hit> = (0..600).filter_map(|_| d.advance(1.0 / 60.0).hit).collect();
        assert_eq!(hits.len(), 1);
        let h = hits[0];
        let root = Root { x: 0.3, z: -0.2, yaw: WEST, speed: 0.0 };
        let c = h.centre(&root);
        let norm = |v: [f64; 3]| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        let near = h.kick(&root, [c[0] + 1e-6, c[1], c[2]]);
        assert!((norm(near) - h.speed).abs() < 1e-4 && near[0] > 0.0, "{near:?}");
        let half = h.kick(&root, [c[0], c[1] - 0.5 * h.radius, c[2]]);
        assert!((norm(half) - 0.5 * h.speed).abs() < 1e-9 && half[1] < 0.0, "{half:?}");
        assert_eq!(h.kick(&root, [c[0], c[1], c[2] + h.radius]), [0.0; 3]);
        // The centre sits `side` m to the character's left, at `height`.
        let left = [c[0] - root.x, c[2] - root.z];
        assert!((left[0].hypot(left[1]) - h.side).abs() < 1e-12 && c[1] == h.height);
    }
}
