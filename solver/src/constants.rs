//! Solver constants. Each carries its unit, its value's reason and the section
//! of the reference record (`MEASUREMENTS.md`, "§") or of `DESIGN.md` that
//! chose it. Experiments vary some of them through [`crate::Tuning`]; the
//! values here are what ships.

/// Fixed time step, s. Every table of the record runs at 60 Hz, and the
/// rotation limit, stabilisation window, sleep count and teleport test are
/// per step (DESIGN §2). The host accumulates time; `k_max = 8·m_eff/h²`
/// depends on `h`, so another `dt` rescales every band.
pub const DEFAULT_DT: f64 = 1.0 / 60.0;

/// Warm-start factor α of hard-row multipliers. α and γ act only through
/// their product; α·γ = 0.25 is a factor of two clear of divergence
/// (α·γ ≥ 0.5 diverges, §2). α appears nowhere but the warm start (DESIGN §3).
pub const ALPHA: f64 = 0.25;

/// Warm-start factor γ of hard-row penalties. At a fixed α·γ nothing moves
/// between γ = 0.3 and 1 (§2); with the persistent band a single point there
/// is nothing for γ to decay, so it sits at 1.
pub const GAMMA: f64 = 1.0;

/// Penalty of a persistent hard row (stretch, strain limit, tether, leash) as
/// a ratio of the row's own `m_eff/h²`: `k_min = k_max = 8·m_eff/h²`. ×8 is the
/// optimum of §2's table; below it the row is too soft to converge, above it
/// the chain stops settling (kinetic energy climbs four decades by ×16, §4).
/// A ratio, never N/m: the same ratio gives the same residual across five
/// decades of particle mass (§4).
pub const HARD_ROW_RATIO: f64 = 8.0;

/// Largest dissipative ratio of a soft row's stiffness to `m_eff/h²`. Soft
/// rows stiffer than about 8·(m/h²) make the step *add* energy (+6.8 J on a
/// sheet whose potential is 1.2 J, §6), so soft rows are built at
/// `ratio × SOFT_ROW_RATIO_MAX` with `ratio ≤ 1` (bend, skip: DESIGN §4).
pub const SOFT_ROW_RATIO_MAX: f64 = 8.0;

/// Share `‖K̂_free‖` of a bend hinge's normalised weights on its free
/// corners below which the hinge is weakened by `(share / this)²`
/// (`crate::bend::effective_mass`). Such a hinge's angle is set by its fixed
/// corners — a free node fanned to three pins of a neckline, whose two
/// triangles meet at the middle pin at a straight angle — and at full
/// stiffness its flat-rest pull drives the free corner `‖s‖/‖K̂_free‖` away,
/// metres for a curved neckline; weakened, it pulls no harder than a hinge
/// of share `BEND_FREE_SHARE_MIN` would, and less the smaller its share.
/// Below the shares of every hinge of a grid and of every non-fan hinge of
/// the library's capes, above their fans' (`MEASUREMENTS.md`, "A neckline
/// fan tore a cape").
pub const BEND_FREE_SHARE_MIN: f64 = 0.05;

/// A bend hinge whose bind-pose hinge vector `‖s̄‖` is below this share of
/// its edge's length rests flat (`crate::bend::CurvedHinges`): a dihedral
/// under ~2e-4 rad, far above the rounding of a flat sheet's f32 positions
/// (~1e-7) and far below any authored curvature (a 2 cm hinge on a 0.3 m
/// radius: 0.03).
pub const CURVED_HINGE_MIN: f64 = 1e-4;

/// A hinge whose two triangles' normals sum to less than this share of its
/// edge's squared length is folded shut and has no frame
/// (`crate::bend::frame`); its curved-rest target is skipped that substep.
pub const FOLDED_SHUT: f64 = 1e-6;

/// The sharpest fold, rad between its two wings, that a bend hinge rests
/// at (`crate::bend::rest_vector`): a hinge authored sharper — a pleat, a
/// tuck — rests flat, as DESIGN §4's row does: held at a sharper fold, an
/// accordion of pleats tore and never slept, where resting flat it opens
/// out and sleeps (`MEASUREMENTS.md`, "Pleats: a fold authored sharper than
/// 30° rests flat").
pub const FOLD_OPENING_MIN: f64 = 30.0 * std::f64::consts::PI / 180.0;

/// Damping rate per unit of `damping`, 1/s: `v ← v·exp(−10·damping·h)` each
/// substep. Reproduces §12's sleep steps (SILK at 0.12 sleeps in 767 steps
/// against the record's 770) — a prototype of this design backed the law
/// and the library's per-entry values out of §12 (DESIGN §6).
pub const DAMPING_RATE: f64 = 10.0;

/// Velocity clamp in units of the particle's correction authority
/// `ℓ·substeps·iterations/dt` (ℓ: the trust region, [`SLIVER_FLOOR`]): 4, giving
/// 192 / 96 / 288 m/s for 10 cm links at 2×4 / 2×2 / 2×6 (§13). A backstop:
/// the record's library peaks 5.7× below it at a ±9 m/s sprint (§13), and it
/// is what bounds a soft row that pumps energy (§6's "stiff + 5 fps").
pub const VELOCITY_CLAMP_AUTHORITIES: f64 = 4.0;

/// Shortest admissible rest length of a row, m. A zero-length row has no
/// direction and a zero trust region (the particle could never move); a
/// micron is far below any garment's proxy spacing.
pub const MIN_REST_LENGTH: f64 = 1e-6;

/// A particle's trust region and velocity-clamp length `ℓ` (§5.3) is its
/// shortest incident edge, but never less than this fraction of its longest:
/// `ℓ = max(shortest, SLIVER_FLOOR·longest)`. An edge far shorter than its
/// neighbours (a seam closed by sliver quads microns wide) otherwise pins
/// its particles to microns per iteration and per substep, and the rest of
/// the cloth swings past them. A tenth binds on no mesh the library ships
/// (`MEASUREMENTS.md`, "Sliver seams").
pub const SLIVER_FLOOR: f32 = 0.1;

/// Welding drops a triangle it collapses when the triangle's longest edge
/// is at least this many times the tolerance (a sliver closing a seam); a
/// shorter one is refused, since the tolerance then swallows the mesh's own
/// triangles (`seed::weld`).
pub const WELD_SLIVER_RATIO: f64 = 10.0;

/// Smallest admissible mass of a free node, kg: the smallest normal `f32`, so
/// the inverse mass the rows read (`1/m ≤ 8.5e37`) is a finite `f32` and no
/// subnormal enters a sweep.
pub const MIN_MASS: f32 = f32::MIN_POSITIVE;

/// Largest admissible mass of a free node, kg: a million tonnes. A row's
/// stiffness scales with `m/h²` and is held in `f32`; far above this it
/// overflows at short steps and the watchdog resets the cloth on every step
/// (the margin: `MEASUREMENTS.md`, "An adversarial host").
pub const MAX_MASS: f32 = 1e9;

/// [`MIN_MASS`]`..=`[`MAX_MASS`] as a refusal states it (a `'static` rule
/// for [`crate::error::ParamError::Node`]; checked against the constants by
/// `the_mass_rule_states_the_constants`).
pub const MASS_RULE: &str = "from 1.1754944e-38 kg (the smallest normal f32) to 1e9 kg";

/// Shortest admissible step, s. A few centimetres of anchor motion a step
/// is millions of m/s at much shorter steps, and the watchdog reset the
/// cloth on every step whatever its mass (`MEASUREMENTS.md`, "An
/// adversarial host").
pub const MIN_DT: f64 = 1e-6;

/// Whether `m` is a free node's admissible mass: finite and within
/// [`MIN_MASS`]`..=`[`MAX_MASS`].
pub fn usable_mass(m: f32) -> bool {
    m.is_finite() && (MIN_MASS..=MAX_MASS).contains(&m)
}

/// Lane count every colour range is padded to: the widest kernel
/// (`f32x8`). The padding rule is written once, in [`crate::model`].
pub const LANES: usize = 8;

/// Watchdog (DESIGN §3 rule 9, ours): a cloth whose hard rows stay stretched
/// beyond this strain (|C|/L0: a link at 10,001× its rest length) ...
///
/// Measured on a 16×16 sheet at 2 cm, 2×4, over 600 steps: peak hard strain
/// 0.16 at 1 g, 20 at 100 g, 1.1e3 at 1000 g (§6's "a thousand g", which must
/// survive) and 1.8e3 at 10,000 g. Under such loads gravity moves a particle
/// tens of links per substep while the trust region lets the solver correct
/// one link per iteration, so the sheet falls away from its rows until the
/// velocity clamp balances it: a correct, finite, bounded state. The bound
/// sits an order of magnitude above the worst of those.
pub const WATCHDOG_STRAIN: f64 = 1.0e4;

/// ... for this many consecutive steps is reset to its animated pose.
pub const WATCHDOG_STEPS: u32 = 30;

/// Watchdog: a free particle further than this from the cloth's frame
/// origin, m, counts as non-finite. Particles are anchor-relative, so any
/// real garment is within metres; 1e6 m is an exploded cloth.
pub const WATCHDOG_DISTANCE: f64 = 1.0e6;

/// Largest coordinate a cloth takes, m: a bind or animated position, or a
/// component of an anchor's or a collider's translation, beyond ±1e6 m is
/// refused (issue 17). The watchdog's distance, so nothing put within it is
/// reset for where it was put, and an anchor plus a position (≤ 2e6 m) stays
/// far inside f32 (3.4e38): every position handed back is finite.
pub const COORDINATE_LIMIT: f64 = WATCHDOG_DISTANCE;

/// Largest mass per area `seed::masses_from_density` takes, kg/m²: a
/// thousand times a leather's, and with coordinates within
/// [`COORDINATE_LIMIT`] every mass a finite `f32`.
pub const DENSITY_MAX: f64 = 1.0e6;

/// Range of an anchor rotation's norm: the quaternion is normalised, and one
/// outside `[1e-6, 1e6]` — (near) zero, or big enough for its norm to lose
/// the direction — is refused.
pub const ANCHOR_ROTATION_NORM: (f64, f64) = (1e-6, 1e6);

/// Largest rotation of the anchor fed to the inertial terms, rad per
/// substep, for any cloth: `substeps × 0.125` a step, the record's half a
/// radian (§19) at four substeps, a quarter at two (15 rad/s at 60 Hz). A
/// pinned cloth feels less where its reach, over its inertia, spans more
/// than 8 links of at least [`TURN_LINK_FLOOR`] ([`TURN_LINKS_PER_SUBSTEP`]).
/// Any excess turns the cloth rigidly with its
/// anchor, as a Keep teleport would (DESIGN §7; the mechanism is ours). Per
/// substep because a spin stops converging at a turn per substep, not per
/// step (MEASUREMENTS.md, "A fast spin").
pub const ANCHOR_TURN_PER_SUBSTEP: f64 = 0.125;

/// Default largest relative motion a felt turn gives the particle farthest
/// from the pins, in mean stretch links per substep (`Controls::
/// max_turn_links`): a pinned cloth of inertia `s` feels at most
/// `TURN_LINKS_PER_SUBSTEP · max(ℓ̄, TURN_LINK_FLOOR) / (s · reach)` rad a
/// substep of its anchor's turn (and never more than
/// [`ANCHOR_TURN_PER_SUBSTEP`]), the rest turning it rigidly. A turn `θ` moves a particle `θ·|x − x_pin| ≤ θ·reach` against
/// its pin, and the hard rows and the strain projection carry a correction
/// about one link per iteration or pass (MEASUREMENTS.md, "A hard turn,
/// felt as far as the cloth can follow"). Ours.
pub const TURN_LINKS_PER_SUBSTEP: f64 = 1.0;
/// The shortest "link" the turn limit counts in, m: a mesh finer than this
/// feels the turn a mesh of 2.5 cm links does, so an ordinary turn is felt
/// whole on a fine mesh as on the library's (MEASUREMENTS.md, "The turn
/// limit on a finer mesh"). Ours.
pub const TURN_LINK_FLOOR: f64 = 0.025;
/// The largest `max_turn_links` a host may set.
pub const TURN_LINKS_MAX: f64 = 1.0e3;

/// Default velocity-change limit of the anchor, m/s² (`Controls::
/// max_anchor_acceleration`; ours, DESIGN §7): the cloth feels at most this
/// change of its anchor's velocity per second — at 60 Hz, 10 m/s a step. A
/// change beyond it is carried rigidly and shared with the stored velocities
/// (`crate::anchor`). Chosen by measurement (MEASUREMENTS.md, "A one-frame
/// anchor jump").
pub const ANCHOR_ACCELERATION_LIMIT: f64 = 600.0;
/// The largest `max_anchor_acceleration` a host may set, m/s².
pub const ANCHOR_ACCELERATION_MAX: f64 = 1.0e6;

/// Teleport: the anchor moving further than `max(TELEPORT_MIN_DISTANCE,
/// TELEPORT_REACHES·reach)` in one step (ours, DESIGN §7). A ±9 m/s sprint
/// moves 0.15 m a step — 13× below the 2 m floor, also on §26's 0.68 m-reach
/// cape — and a vehicle at 100 km/h moves 0.46 m; a 1 km jump trips it.
pub const TELEPORT_MIN_DISTANCE: f64 = 2.0;
/// See [`TELEPORT_MIN_DISTANCE`]: a garment of reach 1 m teleports at 4 m.
pub const TELEPORT_REACHES: f64 = 4.0;

/// Steps after a Reset over which the velocity limit ramps back from zero,
/// linearly (§13: 20 steps; the linear ramp is ours). The Reset step itself
/// runs at limit zero, so the reset cloth leaves it at rest.
pub const STABILISATION_STEPS: u32 = 20;

/// Sleep (§12): this many consecutive steps in which no particle strays, in
/// the cloth's own frame, further from where the run began than
/// [`SLEEP_SPEED_PER_REACH`]·reach per second covers in them (the record:
/// no particle faster than that; `step::max_stray` says why a ball).
pub const SLEEP_STEPS: u32 = 30;
/// See [`SLEEP_STEPS`]: 1e-3 reach per second.
pub const SLEEP_SPEED_PER_REACH: f64 = 1e-3;

/// Passes of the strain-limit projection after each substep's sweeps,
/// stopping early when a pass shortens nothing (`crate::strain_limit`).
/// The projection only has to undo what one substep's sweeps left, the
/// row's floor carrying the static load (passes against cost:
/// `MEASUREMENTS.md`, "General content").
pub const STRAIN_PROJECTION_PASSES: usize = 2;

/// Time constant with which a strain-limit row's floor follows its
/// multiplier up on a cloth with no fixed particle, s (`crate::strain_limit`;
/// the values tried: `MEASUREMENTS.md`, "General content").
pub const STRAIN_FLOOR_TIME: f64 = 0.4;

/// Window over which a pinned cloth's strain-limit row takes the least
/// multiplier it held, s: its floor for the next window (`crate::strain_limit`).
/// Longer than a flap of a garment's links, so the floor holds the load that
/// stays and none of a swing's; short enough to carry a garment's weight
/// long before it sleeps (the windows tried: `MEASUREMENTS.md`, "Issue 16:
/// a floor that does not follow the swing").
pub const STRAIN_FLOOR_WINDOW: f64 = 0.2;

/// Contact discovery margin, in contact offsets: a particle within
/// `offset·(1 + margin) + travel` of a collider's end-of-step surface gets a
/// row (§20, §22: 8 mm of reach at a 4 mm offset).
pub const CONTACT_MARGIN: f64 = 1.0;

/// Contact slots per particle (§18): zero particle-steps reached the limit on
/// the record's 20-collider scene; four is sized for an armpit, not a floor.
pub const CONTACT_SLOTS: usize = 4;

/// Contact band floor, as a fraction of `k_max = 8·m/h²`: **1, no band** —
/// a contact row starts at `k_max` (ours; DESIGN §4 and the record's §17
/// say ×1/32). The record chose ×1/32 from a penetration column flat below
/// ×1/8 and lower floors giving less energy; neither reproduces here
/// (`MEASUREMENTS.md`, M2 and "The contact band"): every lower floor lets
/// the sheet, the pushed cape and the demo's garments further in (demo at
/// ×1/32: cape 36 mm and skirt 43 mm inside the body at the sprint; at ×1:
/// 0.0 and 0.0 mm), raises the landing's peak force, and leaves friction
/// creeping at 1×1, while the end energy is the same. The ramp
/// (`CONTACT_BETA_R`, [`crate::contact::ContactRamp`]) stays for hosts and
/// experiments that set a lower floor through `Tuning::contact_floor`.
pub const CONTACT_FLOOR: f64 = 1.0;

/// Contact ramp in band units, 1/m: the record's β = 1e3 was chosen on
/// particles with m/h² = 144 (§18's 4.608 N = 8·(m/h²)·4 mm), so it is stored
/// as `β = β_r·(m/h²)` with `β_r = 1e3/144 ≈ 6.9 m⁻¹` (DESIGN §4).
pub const CONTACT_BETA_R: f64 = 1e3 / 144.0;

/// A pinless cloth in contact takes a whole-cloth slide each substep
/// (`step::slide`) only where its contacts push one way: the summed normal
/// force at least this share of the normal forces' summed magnitudes. Draped
/// over a ball or a rail, no one translation slides it along the surface.
pub const SLIDE_COHERENCE: f64 = 0.95;

/// The stiffness that holds a slide to the contacts' plane, over the trace of
/// the slide's own 3×3 system.
pub const SLIDE_NORMAL_HOLD: f64 = 1e6;

/// Self-row stiffness over `m_eff/h²`, split between a row's slots
/// (`self_pair::split`) (§32: the joint minimum of the mean crossings, well
/// down the worst-case curve; the one-sided row does not pump energy, so
/// M0's soft-row ceiling is not the reason).
pub const SELF_RATIO: f64 = 8.0;

/// Pair rows per particle, first found in the candidate list's node order (§35).
pub const SELF_PAIRS_PER_PARTICLE: u8 = 8;

/// The self radius's ceiling, as a fraction of the closest free pair in the
/// bind pose (§36, §37: a diameter short of that pair keeps a settled sheet
/// free of pairs; measured, not derived from the shortest row).
pub const SELF_RADIUS_CEILING: f64 = 0.4;

/// The self radius over the shortest row, `1/√2` (ours; DESIGN §5 and the
/// record's §31 say ½). At ½ the pair diameter is one spacing, and a sheet's
/// particles leave the diagonal of every quad open — √2 spacings across —
/// which is where cloth passes between particles (§35's 18%). At `1/√2` the
/// spheres close it: on the folding sheet pairs alone go from 87% of the
/// crossings removed to all of them, with no more rows and still none at
/// rest (`cloth-bench self-radius`, `MEASUREMENTS.md` M4), and the flat
/// sheet's closest free pair (two spacings) stays outside the diameter.
pub const SELF_ROW_RADIUS: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// Near radius of the self search, in pair diameters (ours): near pairs
/// propose the point–triangle and edge–edge stencils. Below `2/√2` so that a
/// flat sheet's closest ungoverned pair (two spacings) is out of reach and a
/// sheet at rest proposes nothing; 3.6 cm on a 2 cm sheet.
pub const SELF_NEAR: f64 = 1.27;

/// Point–triangle stencils per point and edge–edge stencils per edge (ours).
pub const SELF_STENCILS_PER_PARTICLE: usize = 4;

/// The self candidate list's skin, in pair diameters (ours): pairs within
/// `near + skin` are listed, and the list is rebuilt once any particle has
/// moved half a skin — a cloth at rest or riding its anchor searches once.
pub const SELF_SKIN: f64 = 0.5;

/// The most substeps a step may take (`Dynamics::validate`).
pub const MAX_SUBSTEPS: u32 = 64;

/// The most a step's substep may grow over the last step's, as a factor
/// (ours): a step whose `dt/substeps` would exceed it runs as many more
/// substeps as that takes (at most [`MAX_SUBSTEPS`]), so a host changing
/// `dt` between steps lengthens the substep by at most this much a step. A
/// hard row rests stretched by a residual that grows with `h²`; a longer
/// substep leaves a larger one, and the next shorter substep pulls it back
/// within one substep, as velocity. 2 is the largest factor measured to
/// hold, and half rate's doubled step runs as it did (`MEASUREMENTS.md`,
/// "A host that changes dt").
pub const SUBSTEP_GROWTH_MAX: f64 = 2.0;

/// How long the rows remember a longer substep, s of simulated time
/// (`step::row_substep`): after a step shortens, the rows' penalty keeps
/// the longer substep's and moves to the new one's over about this time,
/// so the residual the longer substeps left fades rather than snapping
/// back within one substep as velocity (`MEASUREMENTS.md`, "A game slowed
/// or paused").
pub const ROW_STEP_MEMORY: f64 = 0.25;
