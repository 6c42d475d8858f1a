//! A cloth: a shared model, its own state, and the parameters it steps with.

use crate::aero::Air;
use crate::clock::{Advance, Clock, MAX_CATCH_UP_STEPS};
use crate::collider::ColliderSet;
use crate::constants::{ANCHOR_ROTATION_NORM, COORDINATE_LIMIT, LANES, VELOCITY_CLAMP_AUTHORITIES};
use crate::contact::ContactSlots;
use crate::cook::{self, CookError, CookParts, Cooked};
use crate::detail::Detail;
use crate::distance::Stiffness;
use crate::dynamics::{Controls, Dynamics, Tuning};
use crate::error::{ParamError, SeedError};
use crate::impulse::{self, ImpulseScratch};
use crate::lanes::Points;
use crate::model::{MemoryReport, Model, NO_NODE};
use crate::motion::{self, Backstop};
use crate::pose::{self, Vec3};
use crate::pose::{Pose, Quat};
use crate::seed::{self, ClothInput, SeedOptions, Topology};
use crate::self_pair::SelfCollision;
use crate::skin::{self, RenderBinding, SkinError};
use crate::state::State;
use crate::step::{self, Kernel, Probe, StepReport, SubstepParams};
use crate::surface::{LayoutError, Source, Space, Surface, VertexLayout};
use crate::writeback::{self, Hierarchy};
use crate::{bend, distance};
use std::sync::Arc;

/// A simulated cloth or rope.
#[derive(Clone, Debug)]
pub struct Cloth {
    /// The model the step runs: `base_model` with the nodes painted a max
    /// distance of 0 fixed ([`seed::with_held`]), or `base_model` itself.
    model: Arc<Model>,
    /// The model seeding built, with the masses set since: what a cook
    /// writes.
    base_model: Arc<Model>,
    topology: Arc<Topology>,
    /// Inverse mass per caller node (0 = fixed), for diagnostics.
    node_inv_mass: Arc<Vec<f64>>,
    /// The node hierarchy poses are written along.
    hierarchy: Arc<Hierarchy>,
    /// Per-node rotation scratch of the pose write-back.
    pose_scratch: Vec<Quat>,
    /// Normals and tangents: the triangles and strands they come from.
    surface: Arc<Surface>,
    /// Per-node frames, and the values of a strided write before it is
    /// made; sized on the first write (empty until then).
    frame_scratch: Vec<[Vec3; 2]>,
    vertex_scratch: Vec<[[f32; 3]; 3]>,
    /// `apply_impulses`: its patches' scratch, and per node the free mass
    /// and the velocity clamp it reads.
    impulse_scratch: ImpulseScratch,
    impulse_nodes: (Vec<f64>, Vec<f64>),
    /// Render meshes bound to the sheet, in the order they were attached.
    render_meshes: Vec<Arc<RenderBinding>>,
    /// The host clock of [`Cloth::advance`] and the state it shows.
    clock: Clock,
    /// The level of detail (`detail.rs`); at half rate, whether the state
    /// is a frame ahead of the host (the first frame of a pair has run).
    detail: Detail,
    half_ahead: bool,
    /// The anchor pose the host set for the last frame stepped directly.
    last_host: Option<Pose>,
    state: State,
    dynamics: Dynamics,
    tuning: Tuning,
    kernel: Kernel,
}

impl Cloth {
    /// Seeds a cloth from a front door's input with the shipped tuning.
    pub fn new(input: &ClothInput, dynamics: Dynamics) -> Result<Self, SeedError> {
        Self::with_options(input, dynamics, Tuning::default(), SeedOptions::default())
    }

    /// Seeds a cloth with explicit tuning and seed options (experiments).
    pub fn with_options(
        input: &ClothInput,
        dynamics: Dynamics,
        tuning: Tuning,
        options: SeedOptions,
    ) -> Result<Self, SeedError> {
        dynamics.validate().map_err(param_to_seed)?;
        tuning.validate().map_err(param_to_seed)?;
        let (model, topology) = seed::build(input, &options)?;
        let node_inv_mass = (0..input.positions.len())
            .map(|i| if input.fixed[i] { 0.0 } else { 1.0 / input.masses[i] as f64 })
            .collect();
        let hierarchy = Hierarchy::new(model.nodes, &input.parents, &topology.edges, &input.bind_rotations);
        let first_fit: Vec<Option<u32>> = (0..model.nodes).map(|n| hierarchy.first_fit(n)).collect();
        let surface = Surface::new(&input.positions, &input.triangles, &first_fit, &hierarchy.parent);
        let parts =
            Cooked { model, topology, node_inv_mass, hierarchy, surface, render_meshes: Vec::new(), self_setup: None };
        Ok(Self::assemble(parts, dynamics, tuning))
    }

    /// A cloth from what seeding derives (or a cooked blob holds): a fresh
    /// state at the bind pose, sized for `dynamics` and `tuning`.
    fn assemble(parts: Cooked, dynamics: Dynamics, tuning: Tuning) -> Self {
        let Cooked { model, topology, node_inv_mass, hierarchy, surface, render_meshes, self_setup } = parts;
        // The CPU is asked once a process (reading `CLOTH_CPU_PATH`
        // allocates): here, so no step pays for it.
        crate::lanes::cpu_path();
        let model = Arc::new(model);
        let mut state = State::new(&model);
        if let (Some(setup), true) = (self_setup, dynamics.self_collision) {
            state.self_collision = SelfCollision::from_setup(&model, setup);
        }
        state.provision(&model, &dynamics, &tuning);
        Cloth {
            pose_scratch: vec![Quat::IDENTITY; model.nodes],
            surface: Arc::new(surface),
            frame_scratch: Vec::new(),
            impulse_scratch: ImpulseScratch::default(),
            impulse_nodes: (Vec::new(), Vec::new()),
            vertex_scratch: Vec::new(),
            render_meshes: render_meshes.into_iter().map(Arc::new).collect(),
            hierarchy: Arc::new(hierarchy),
            base_model: Arc::clone(&model),
            model,
            topology: Arc::new(topology),
            node_inv_mass: Arc::new(node_inv_mass),
            clock: Clock::default(),
            detail: Detail::Full,
            half_ahead: false,
            last_host: None,
            state,
            dynamics,
            tuning,
            kernel: Kernel::default(),
        }
    }

    /// The cloth as a cooked blob (`cook.rs`): what seeding derived, its
    /// render-mesh bindings and its self-collision setup (derived here if
    /// this cloth runs without it), never its state or dynamics.
    /// [`Cloth::from_cooked`] gives back the cloth seeding gives, bit for bit.
    pub fn cook(&self) -> Vec<u8> {
        // The self-collision setup is derived here when this cloth runs
        // without it, so the blob serves any dynamics it is loaded with.
        let derived = self.state.self_collision.is_empty().then(|| SelfCollision::new(&self.base_model));
        let self_setup = match &derived {
            Some(s) => s.setup(),
            None => self.state.self_collision.setup(),
        };
        cook::write(&CookParts {
            model: &self.base_model,
            topology: &self.topology,
            node_inv_mass: &self.node_inv_mass,
            hierarchy: &self.hierarchy,
            surface: &self.surface,
            render_meshes: self.render_meshes.iter().map(|m| m.as_ref()).collect(),
            self_setup,
        })
    }

    /// A cloth from a blob [`Cloth::cook`] wrote, at the bind pose, with the
    /// anchor at the identity. A blob from another format version, a corrupt
    /// or truncated one, or bad dynamics are refused ([`CookError`]).
    pub fn from_cooked(blob: &[u8], dynamics: Dynamics, tuning: Tuning) -> Result<Self, CookError> {
        dynamics.validate().map_err(CookError::BadParameter)?;
        tuning.validate().map_err(CookError::BadParameter)?;
        Ok(Self::assemble(cook::read(blob)?, dynamics, tuning))
    }

    /// [`Cloth::from_cooked`] placed at `anchor`, its free nodes checked
    /// against `colliders` as [`Cloth::with_colliders`] checks a mesh's.
    pub fn from_cooked_with_colliders(
        blob: &[u8],
        dynamics: Dynamics,
        anchor: Pose,
        colliders: &ColliderSet,
        check: BindPoseCheck,
    ) -> Result<Self, CookError> {
        let mut cloth = Self::from_cooked(blob, dynamics, Tuning::default())?;
        if check == BindPoseCheck::Enforce {
            cloth.check_bind_pose(&anchor, colliders).map_err(CookError::BindPose)?;
        }
        cloth.place_anchor(anchor).map_err(CookError::BadParameter)?;
        cloth.provision_for(colliders);
        Ok(cloth)
    }

    /// [`validate_bind_pose`] of this cloth's own bind pose (free nodes
    /// only) at `anchor`, against the contact offset of its dynamics.
    fn check_bind_pose(&self, anchor: &Pose, colliders: &ColliderSet) -> Result<(), SeedError> {
        let m = &self.model;
        let nodes = (0..m.nodes).map(|n| (m.bind.get(m.slot_of_node[n] as usize), self.node_inv_mass[n] == 0.0));
        check_bind_pose(nodes, anchor, colliders, self.dynamics.thickness)
    }

    /// Advances one host frame of `dynamics.dt` with no colliders (see
    /// [`Cloth::step_with`] for what a frame runs at each level of detail).
    pub fn step(&mut self) -> StepReport {
        self.step_with(&NO_COLLIDERS)
    }

    /// Advances one host frame of `dynamics.dt` against `colliders` (their
    /// previous and current world poses; see `collider.rs` for the frame
    /// protocol): one fixed step at [`Detail::Full`] and [`Detail::Reduced`];
    /// at [`Detail::HalfRate`] one step of `2·dt` every second frame, reads
    /// shown halfway through it on its frame and at its end on the next
    /// (`detail.rs`); at [`Detail::Frozen`] none (`idle` in the report).
    ///
    /// The first step with colliders sizes the contact slots (four per
    /// particle) unless naming the set did ([`Cloth::with_colliders`],
    /// `World::add_cloth`), and a set that has grown resizes its
    /// per-collider scratch; every other step allocates nothing.
    pub fn step_with(&mut self, colliders: &ColliderSet) -> StepReport {
        // A frame stepped directly carries no host time and no blend.
        self.clock.host = None;
        self.clock.carried = 0.0;
        self.clock.blend = None;
        let host = self.state.frame.cur;
        let report = if self.half_ahead {
            // The second frame of a half-rate pair: the state is already at
            // this frame (`detail.rs`).
            self.half_ahead = false;
            self.clock.showing = false;
            self.state.frame.prev = host;
            StepReport { idle: true, ..StepReport::default() }
        } else if self.detail == Detail::HalfRate {
            self.half_step(colliders, host)
        } else {
            self.fixed_step(colliders)
        };
        self.last_host = Some(host);
        report
    }

    /// The first frame of a half-rate pair: one step of `2·dt` from the
    /// host's pose at the last frame to this frame's pose carried on as far
    /// again (colliders likewise), reads shown halfway, at this frame.
    fn half_step(&mut self, colliders: &ColliderSet, host: Pose) -> StepReport {
        let last = self.last_host.unwrap_or(self.state.frame.prev);
        self.state.frame.prev = last;
        self.state.frame.cur = last.interpolate(&host, 2.0);
        self.clock.remember(&self.state.x);
        let report = if colliders.is_empty() {
            self.fixed_step(colliders)
        } else {
            let mut clock = std::mem::take(&mut self.clock);
            let r = self.fixed_step(clock.colliders_carried_on(colliders));
            self.clock = clock;
            r
        };
        self.clock.show(&self.state.x, 0.5, host);
        self.state.frame.cur = host;
        self.half_ahead = true;
        report
    }

    /// Sizes the contact slots (once) and room for the colliders of a
    /// non-empty set (an empty one sizes nothing). The first step that meets
    /// a collider does it if nothing did before; naming the cloth's collider
    /// set ([`Cloth::with_colliders`], `World::add_cloth`) does it then, so
    /// that step neither allocates nor pays for the pages.
    pub(crate) fn provision_for(&mut self, colliders: &ColliderSet) {
        if colliders.is_empty() {
            return;
        }
        if self.state.contacts.is_empty() {
            self.state.contacts = ContactSlots::new(self.model.swept, self.model.swept / LANES);
            if self.dynamics.strain_limit && self.tuning.strain_mode.projection() {
                self.state.contacts.provision_slide();
            }
            if !self.state.inertia_scale.is_empty() {
                self.state.contacts.provision_travel();
            }
        }
        self.state.contacts.reserve_colliders(colliders.capacity());
    }

    /// One fixed step at the level's dynamics.
    fn fixed_step(&mut self, colliders: &ColliderSet) -> StepReport {
        self.clock.showing = false;
        self.provision_for(colliders);
        if self.state.motion.stale && self.state.motion.has_backstops() {
            self.refresh_backstops();
        }
        let d = self.stepping();
        step::step(&self.model, &mut self.state, &d, &self.tuning, self.kernel, colliders)
    }

    /// The dynamics a fixed step runs: the host's at the cloth's level of
    /// detail.
    fn stepping(&self) -> Dynamics {
        self.detail.dynamics(&self.dynamics)
    }

    /// The level of detail (`detail.rs`).
    pub fn detail(&self) -> Detail {
        self.detail
    }

    /// At half rate, stepped directly: whether the next frame runs a step
    /// (`Some(0)`) or shows the end of the last (`Some(1)`).
    pub(crate) fn half_rate_phase(&self) -> Option<u8> {
        (self.detail == Detail::HalfRate).then_some(self.half_ahead as u8)
    }

    /// Advanced by host time at [`Detail::HalfRate`] (at the level now, or
    /// entering it now): whether its next step of `2·dt` ends within the
    /// next `dt` of host time (0) or within the `dt` after (1) — the host
    /// time it carries is at least `dt`, or not.
    pub(crate) fn half_rate_phase_in_time(&self) -> u8 {
        (self.clock.carried < self.dynamics.dt) as u8
    }

    /// Sets the level of detail (`detail.rs`), from the next frame on. What
    /// reads show moves from the old level's to the new one's over
    /// [`crate::detail::BLEND_STEPS`] steps under a host advancing by its own
    /// time (stepped directly, the change is seamless). A sleeping cloth stays asleep;
    /// a frozen one keeps its velocities and resumes from them. Refused
    /// (nothing changes) at [`Detail::HalfRate`] if `2·dt` exceeds 1 s.
    pub fn set_detail(&mut self, detail: Detail) -> Result<(), ParamError> {
        if detail == self.detail {
            return Ok(());
        }
        detail.dynamics(&self.dynamics).validate()?;
        // Advanced by host time, a half-rate cloth's reads run a step of
        // `2·dt` behind instead of `dt`: blend the change of lag.
        if self.clock.showing && (detail == Detail::HalfRate || self.detail == Detail::HalfRate) {
            self.clock.start_blend(&self.state.x, crate::detail::BLEND_STEPS * self.dynamics.dt);
        }
        // Frozen, the cloth is carried rigidly: its stored velocities keep
        // only their motion relative to the frame, and get back the frame's
        // share (`anchor.rs`: "world-like") for the frame's motion when it
        // leaves the level.
        match (self.detail, detail) {
            (_, Detail::Frozen) => self.frame_share(-1.0),
            (Detail::Frozen, _) => self.frame_share(1.0),
            _ => {}
        }
        self.state.frame.frozen = detail == Detail::Frozen;
        self.state.frame.turn_scale = detail.frames_per_step().max(1) as f64;
        self.detail = detail;
        Ok(())
    }

    /// Adds `sign` times the share of the anchor's last motion the stored
    /// velocities carry, `s·(V + ω × x)` in the frame the last step ended in.
    fn frame_share(&mut self, sign: f64) {
        let f = &self.state.frame;
        let to_local = f.prev.rotation.conj();
        let s = self.dynamics.inertia;
        let v = pose::scale(to_local.rotate(f.anchor_velocity), s);
        let omega = pose::scale(to_local.rotate(f.anchor_omega), s);
        self.state.add_frame_motion(&self.model.inv_mass[..self.model.swept], v, omega, sign);
    }

    /// Paints max distances on nodes `first ..`, m (`motion.rs`): each free
    /// node stays within its distance of its animated position, exactly,
    /// after every substep; 0 holds it there, a pin (`motion.rs`). A value
    /// on a fixed node is ignored. Finite and ≥ 0 (a value past the
    /// garment's reach leaves the node free); all or nothing. Wakes the
    /// cloth. A paint that changes which nodes are held at 0 rebuilds the
    /// model the step runs, and allocates; repainting other distances, or
    /// the same zeros, does not.
    pub fn set_max_distances(&mut self, first: usize, distances: &[f32]) -> Result<(), ParamError> {
        if self.state.motion.set_max_distances(&self.model, first, distances)? {
            self.apply_held();
            self.restart_tethers();
        }
        self.state.frame.wake_requested = true;
        Ok(())
    }

    /// Removes every painted max distance.
    pub fn clear_max_distances(&mut self) {
        let held = self.state.motion.holds();
        self.state.motion.clear_max_distances();
        if held {
            self.apply_held();
            self.restart_tethers();
        }
        self.state.frame.wake_requested = true;
    }

    /// The model the step runs from the base model and the nodes painted a
    /// max distance of 0 (`motion.rs`): those fixed as far as the rows, the
    /// tethers and the strain projection see ([`seed::with_held`]); none,
    /// the base model. Allocates.
    fn apply_held(&mut self) {
        self.model = match self.state.motion.holds() {
            true => {
                let held = self.state.motion.held_nodes(&self.base_model);
                Arc::new(seed::with_held(&self.base_model, &self.topology, &held))
            }
            false => Arc::clone(&self.base_model),
        };
        // What the new model's rows need (tethers, the projection's order),
        // sized here and not in a step.
        self.state.provision(&self.model, &self.dynamics, &self.tuning);
    }

    /// After a change of the held nodes the tethers may hang from other
    /// nodes: their multipliers start again, as after a reset.
    fn restart_tethers(&mut self) {
        self.state.tether.clear();
        self.state.leash.clear();
    }

    /// A free node's painted max distance, m (`None`: none, or fixed).
    pub fn max_distance(&self, node: usize) -> Option<f32> {
        self.state.motion.max_distance(*self.model.slot_of_node.get(node)? as usize)
    }

    /// Paints backstops on nodes `first ..` (`motion.rs`): each free node
    /// stays outside a sphere of `radius` whose surface lies `distance`
    /// behind its animated position, against the animated surface's normal
    /// (the triangles' winding, as the normals [`Cloth::write_vertices`]
    /// writes). Radius 0 is none; a node in no triangle takes only 0. Finite
    /// and ≥ 0; all or nothing. Wakes the cloth.
    pub fn set_backstops(&mut self, first: usize, backstops: &[Backstop]) -> Result<(), ParamError> {
        let surface = &self.surface;
        self.state.motion.set_backstops(&self.model, first, backstops, |n| surface.in_triangle(n))?;
        if self.frame_scratch.len() != self.model.nodes {
            self.frame_scratch = vec![[[0.0; 3]; 2]; self.model.nodes];
        }
        self.state.frame.wake_requested = true;
        Ok(())
    }

    /// Removes every backstop.
    pub fn clear_backstops(&mut self) {
        self.state.motion.clear_backstops();
        self.state.frame.wake_requested = true;
    }

    /// Paints anim-drive strengths on nodes `first ..`, `0..=1` (`motion.rs`):
    /// each free node's inertial target is pulled towards its animated
    /// position, closing the fraction `s` of the gap every second — 1 makes
    /// the cloth follow its animated pose wherever its rows allow, 0 leaves
    /// the node free. A value on a fixed node is ignored; all or nothing.
    /// Wakes the cloth.
    pub fn set_anim_drive(&mut self, first: usize, strengths: &[f32]) -> Result<(), ParamError> {
        self.state.motion.set_drive(&self.model, first, strengths)?;
        self.state.frame.wake_requested = true;
        Ok(())
    }

    /// Removes every anim drive.
    pub fn clear_anim_drive(&mut self) {
        self.state.motion.clear_drive();
        self.state.frame.wake_requested = true;
    }

    /// Paints inertia scales on nodes `first ..`, `0..=1`: how much of the
    /// cloth's inertia ([`Dynamics::inertia`]) each free node feels — each
    /// substep's frame shift moves it that fraction of the way (DESIGN §7,
    /// `anchor.rs`), so 0 welds it into the anchor frame (a collar that
    /// follows the character rigidly) and 1 is the cloth's own inertia (a
    /// hem that trails). A value on a fixed node is ignored; all or nothing.
    /// Scales of 1 step within rounding of an unpainted cloth; clear them for
    /// its bits. Painting or clearing on a moving anchor keeps each node's
    /// motion in the cloth's frame, as [`Cloth::set_dynamics`] does. Wakes
    /// the cloth.
    pub fn set_inertia_scales(&mut self, first: usize, scales: &[f32]) -> Result<(), ParamError> {
        motion::check_fractions("inertia scale", first, scales, self.model.nodes)?;
        self.change_inertia(|c| motion::paint(&c.model, first, scales, &mut c.state.inertia_scale, 1.0));
        self.state.contacts.provision_travel();
        self.state.frame.wake_requested = true;
        Ok(())
    }

    /// Removes every inertia scale: each node feels the cloth's inertia.
    pub fn clear_inertia_scales(&mut self) {
        self.change_inertia(|c| c.state.inertia_scale = Vec::new());
        self.state.frame.wake_requested = true;
    }

    /// Runs `change`, a change of the inertia the nodes feel, keeping each
    /// node's motion in the cloth's frame: the stored velocities carry the
    /// share `s·(V + ω × x)` of the frame's motion each node feels
    /// (`anchor.rs`: they are "world-like"), so the old share is taken out
    /// and the new one given. Frozen, they carry none until the level ends.
    fn change_inertia(&mut self, change: impl FnOnce(&mut Self)) {
        let carried = !self.state.frame.frozen;
        if carried {
            self.frame_share(-1.0);
        }
        change(self);
        if carried {
            self.frame_share(1.0);
        }
    }

    /// Sets the masses of nodes `first ..`, kg, between steps: every free
    /// node's must be finite and positive (the seed's rule); a value on a
    /// fixed node is ignored. The cloth steps on exactly as one seeded with
    /// these masses would from the same state (`seed::with_masses`):
    /// positions, velocities and row multipliers are kept, so a node's
    /// momentum changes with its mass. All or nothing; allocates (the model
    /// is rebuilt, and cloths that shared it keep theirs). Wakes the cloth.
    pub fn set_masses(&mut self, first: usize, masses: &[f32]) -> Result<(), ParamError> {
        let nodes = self.model.nodes;
        motion::check_nodes(first, masses.len(), nodes)?;
        let usable = |k: usize| self.node_inv_mass[first + k] == 0.0 || crate::constants::usable_mass(masses[k]);
        if let Some(k) = (0..masses.len()).find(|&k| !usable(k)) {
            let rule = crate::constants::MASS_RULE;
            return Err(ParamError::Node { name: "mass", node: first + k, value: masses[k] as f64, rule });
        }
        let mut all: Vec<f32> = (0..nodes).map(|n| self.model.mass[self.model.slot_of_node[n] as usize]).collect();
        all[first..first + masses.len()].copy_from_slice(masses);
        let (model, node_inv_mass) = seed::with_masses(&self.base_model, &self.topology.hinges, &all);
        self.base_model = Arc::new(model);
        self.node_inv_mass = Arc::new(node_inv_mass);
        // The same held nodes: the tethers and their multipliers are kept.
        self.apply_held();
        self.state.frame.wake_requested = true;
        Ok(())
    }

    /// A free node's inertia scale (`None`: none painted, or fixed).
    pub fn inertia_scale(&self, node: usize) -> Option<f32> {
        let slot = *self.model.slot_of_node.get(node)? as usize;
        self.state.inertia_scale.get(slot).copied()
    }

    /// A free node's anim-drive strength (`None`: none, or fixed).
    pub fn anim_drive(&self, node: usize) -> Option<f32> {
        self.state.motion.drive(*self.model.slot_of_node.get(node)? as usize)
    }

    /// A free node's backstop (`None`: none, or fixed).
    pub fn backstop(&self, node: usize) -> Option<Backstop> {
        self.state.motion.backstop(*self.model.slot_of_node.get(node)? as usize)
    }

    /// The backstop centres from the animated pose and its normals.
    fn refresh_backstops(&mut self) {
        let (model, st) = (&self.model, &mut self.state);
        let p = |n: usize| st.p.get(model.slot_of_node[n] as usize).map(f64::from);
        self.surface.frames(p, &self.pose_scratch, &mut self.frame_scratch);
        let frames = &self.frame_scratch;
        st.motion.refresh(model, &st.p, |n| frames[n][0]);
    }

    /// Active contact slots after the last discovery.
    pub fn contacts(&self) -> usize {
        self.state.contacts.active
    }

    /// Seeds a cloth whose anchor is at `anchor` (world) among `colliders`,
    /// checking its bind pose (§29): a free particle whose bind position lies
    /// within `dynamics.thickness` of a collider's surface fails the seed,
    /// naming the node and the collider — a garment authored inside its body
    /// reads as a 31 % tether failure at rest. Fixed particles are exempt (a
    /// pinned row sits on the body by design). [`BindPoseCheck::Skip`] is the
    /// explicit opt-out. A non-empty set sizes the cloth's contact slots
    /// here, so its first step against the set allocates nothing.
    pub fn with_colliders(
        input: &ClothInput,
        dynamics: Dynamics,
        anchor: Pose,
        colliders: &ColliderSet,
        check: BindPoseCheck,
    ) -> Result<Self, SeedError> {
        // The input is validated (and the cloth built) first: a NaN mass or
        // a far position is named as such, not as a node inside a collider.
        let mut cloth = Self::new(input, dynamics)?;
        if check == BindPoseCheck::Enforce {
            cloth.check_bind_pose(&anchor, colliders)?;
        }
        cloth.place_anchor(anchor).map_err(param_to_seed)?;
        cloth.provision_for(colliders);
        Ok(cloth)
    }

    /// Advances by `elapsed` seconds of host time, with no colliders (see
    /// [`Cloth::advance_with`]).
    pub fn advance(&mut self, elapsed: f64) -> Result<Advance, ParamError> {
        self.advance_with(elapsed, &NO_COLLIDERS)
    }

    /// Advances by `elapsed` seconds of host time (`clock.rs`): runs the
    /// fixed steps of `dt` that fit in it with what earlier calls carried
    /// over, at most [`MAX_CATCH_UP_STEPS`] (the rest of a longer frame is
    /// dropped), each with the anchor pose interpolated between the pose the
    /// host set at the last advance and the one it set for now. Reads
    /// afterwards ([`Cloth::position`], [`Cloth::world_position`],
    /// [`Cloth::write_vertices`], [`Cloth::node_poses`]) show the state
    /// interpolated between the last two fixed steps at the time carried
    /// over (one fixed step behind the host's time), carried by the anchor
    /// pose the host set for now, until the next step. A negative or non-finite `elapsed` is
    /// refused.
    pub fn advance_with(&mut self, elapsed: f64, colliders: &ColliderSet) -> Result<Advance, ParamError> {
        Clock::check_elapsed(elapsed)?;
        self.half_ahead = false;
        self.last_host = None;
        let a = self.advance_frame(elapsed, colliders);
        self.clock.blend_frame(&self.state.x, self.state.frame.cur, elapsed);
        Ok(a)
    }

    /// [`Cloth::advance_with`] by a checked `elapsed`, with steps at the
    /// level's dynamics, before any blend of the level's change.
    fn advance_frame(&mut self, elapsed: f64, colliders: &ColliderSet) -> Advance {
        let dt = self.stepping().dt;
        let to = self.state.frame.cur;
        let from = self.clock.host.unwrap_or(self.state.frame.prev);
        // A teleport is not a motion to spread over the steps: the first
        // step takes the whole jump (and handles it as a step does), the
        // rest stay at the new pose.
        let reach = self.model.reach as f64;
        let threshold = self.state.controls.teleport_threshold(reach);
        let expected = pose::scale(self.state.frame.anchor_velocity, elapsed);
        let jumped = crate::anchor::is_teleport(&from, &to, expected, threshold);
        let from = match self.state.frame.teleport_requested || jumped {
            true => to,
            false => from,
        };
        let carried = self.clock.carried;
        let (mut left, mut steps, mut report) = (carried + elapsed, 0, None);
        while left >= dt && steps < MAX_CATCH_UP_STEPS {
            steps += 1;
            self.state.frame.cur = Clock::pose_of_step(&from, &to, carried, elapsed, dt, steps);
            self.clock.remember(&self.state.x);
            let r = if colliders.is_empty() {
                self.fixed_step(colliders)
            } else {
                let mut clock = std::mem::take(&mut self.clock);
                let r = self.fixed_step(clock.colliders_for_step(colliders, carried, elapsed, dt, steps));
                self.clock = clock;
                r
            };
            report = Some(report.map_or(r, |earlier: StepReport| earlier.then(r)));
            left = carried + elapsed - steps as f64 * dt;
        }
        if steps == 0 && !colliders.is_empty() {
            self.clock.follow_colliders(colliders);
        }
        let mut dropped = 0.0;
        if left >= dt {
            dropped = left - left % dt;
            left %= dt;
            self.carry_dropped(to, colliders);
        }
        self.clock.carried = left;
        self.clock.host = Some(to);
        self.state.frame.cur = to;
        let alpha = left / dt;
        if !self.clock.before.x.is_empty() {
            self.clock.show(&self.state.x, alpha, to);
        }
        Advance { steps, dropped, alpha, report }
    }

    /// The motion over a hitch's dropped time (`Advance::dropped`) is
    /// carried, not simulated: from the last step's anchor pose to `to`, the
    /// host's pose now, the cloth moves rigidly with its anchor and keeps its
    /// motion, as a teleport that keeps it does (the anchor's stored
    /// velocities turn with the carry), and each collider's next step starts
    /// where the host has put it now. The next step then feels the anchor's
    /// ordinary velocity, not a frame's worth of travel squeezed into the
    /// steps that ran.
    fn carry_dropped(&mut self, to: Pose, colliders: &ColliderSet) {
        let f = &mut self.state.frame;
        let turn = to.rotation.compose(f.prev.rotation.conj());
        f.anchor_velocity = turn.rotate(f.anchor_velocity);
        f.anchor_omega = turn.rotate(f.anchor_omega);
        f.prev = to;
        if !colliders.is_empty() {
            self.clock.place_colliders(colliders);
        }
    }

    /// Advances one step of `dt` seconds. A non-finite or non-positive `dt` is
    /// refused; a new `dt` rescales every band from the next substep on.
    pub fn step_dt(&mut self, dt: f64) -> Result<StepReport, ParamError> {
        if dt != self.dynamics.dt {
            self.set_dynamics(Dynamics { dt, ..self.dynamics })?;
        }
        Ok(self.step())
    }

    /// [`Cloth::step`] with an observer on every vertex update.
    pub fn step_probed<P: Probe>(&mut self, probe: &mut P) -> StepReport {
        let d = self.stepping();
        step::step_probed(&self.model, &mut self.state, &d, &self.tuning, self.kernel, &NO_COLLIDERS, probe)
    }

    /// Sets the host's switches and thresholds ([`Controls`]: tethers,
    /// sleep, the sleep speed, the teleport distance). Turning tethers off
    /// or on clears their multipliers; a change wakes the cloth.
    pub fn set_controls(&mut self, controls: Controls) -> Result<(), ParamError> {
        controls.validate()?;
        if controls.tethers != self.state.controls.tethers {
            self.state.tether.clear();
        }
        if controls != self.state.controls {
            self.state.frame.wake_requested = true;
        }
        self.state.controls = controls;
        Ok(())
    }

    /// The host's switches and thresholds.
    pub fn controls(&self) -> Controls {
        self.state.controls
    }

    /// Changes the dynamics. Nothing in [`Dynamics`] needs a reseed (see
    /// `dynamics.rs`); multipliers a new setting needs are sized here, never
    /// inside a step. A change wakes a sleeping cloth. A change of
    /// `inertia` (or of preset) on a moving anchor keeps each node's motion
    /// in the cloth's frame: only the anchor's later motion is felt at the
    /// new inertia.
    pub fn set_dynamics(&mut self, dynamics: Dynamics) -> Result<(), ParamError> {
        dynamics.validate()?;
        // The level of detail must be able to run it (half rate: 2·dt ≤ 1 s).
        self.detail.dynamics(&dynamics).validate()?;
        self.state.provision(&self.model, &dynamics, &self.tuning);
        self.state.air.provision(&self.model, self.surface.triangles(), dynamics.drag, dynamics.lift);
        if dynamics != self.dynamics {
            self.state.frame.wake_requested = true;
        }
        match dynamics.inertia == self.dynamics.inertia {
            true => self.dynamics = dynamics,
            false => self.change_inertia(|c| c.dynamics = dynamics),
        }
        Ok(())
    }

    /// Sets the cloth's own air (`aero.rs`): density, wind and turbulence,
    /// world axes, m/s. A cloth starts in none ([`Air::NONE`]); in a world
    /// it also feels the world's ([`crate::World::set_air`]: winds and
    /// turbulence add, the density is the larger). The first air in which
    /// the cloth's drag or lift acts sizes its tables and scratch here,
    /// never inside a step. A change wakes a sleeping cloth. Out-of-range or
    /// non-finite values are refused and change nothing.
    pub fn set_air(&mut self, air: Air) -> Result<(), ParamError> {
        air.validate()?;
        if air != self.state.air.own {
            self.state.frame.wake_requested = true;
        }
        self.state.air.own = air;
        self.provision_air();
        Ok(())
    }

    /// The cloth's own air.
    pub fn air(&self) -> Air {
        self.state.air.own
    }

    /// The world's air, as the world hands it to each of its cloths
    /// (validated there). A change wakes the cloth.
    pub(crate) fn set_world_air(&mut self, air: Air) {
        if air != self.state.air.world {
            self.state.frame.wake_requested = true;
        }
        self.state.air.world = air;
        self.provision_air();
    }

    fn provision_air(&mut self) {
        let d = &self.dynamics;
        self.state.air.provision(&self.model, self.surface.triangles(), d.drag, d.lift);
    }

    /// Sets the anchor's **world** pose for the coming step (DESIGN §7: the
    /// pose for this frame, not the last one). The rotation is normalised; a
    /// non-finite pose, a translation beyond [`COORDINATE_LIMIT`] or a
    /// rotation whose norm is outside [`ANCHOR_ROTATION_NORM`] is refused,
    /// never simulated.
    pub fn set_anchor_pose(&mut self, pose: Pose) -> Result<(), ParamError> {
        if !pose.is_finite() {
            return Err(ParamError::OutOfRange { name: "anchor pose", value: f64::NAN, allowed: "finite".into() });
        }
        if let Some(&far) = pose.translation.iter().find(|c| c.abs() > COORDINATE_LIMIT) {
            return Err(ParamError::OutOfRange {
                name: "anchor translation",
                value: far,
                allowed: format!("each coordinate within ±{COORDINATE_LIMIT} m"),
            });
        }
        // Written to fail on NaN, and on a norm overflowed to infinity (F5:
        // w = 1e200 normalised to a zero quaternion).
        let n = pose.rotation.norm();
        if !(n >= ANCHOR_ROTATION_NORM.0 && n <= ANCHOR_ROTATION_NORM.1) {
            return Err(ParamError::OutOfRange {
                name: "anchor rotation norm",
                value: n,
                allowed: format!("{}..={}", ANCHOR_ROTATION_NORM.0, ANCHOR_ROTATION_NORM.1),
            });
        }
        self.state.frame.cur = Pose::new(pose.translation, pose.rotation.normalized());
        Ok(())
    }

    /// The anchor's world pose for the coming step.
    pub fn anchor_pose(&self) -> Pose {
        self.state.frame.cur
    }

    /// Places the anchor without any motion between steps (first placement,
    /// or moving a cloth that should not feel it): both the previous and the
    /// current pose are set. The cloth keeps its shape and its velocities in
    /// its frame, and the move is no teleport ([`Cloth::shift_origin`]
    /// rebases the world's origin; [`Cloth::teleport`] cuts).
    pub fn place_anchor(&mut self, pose: Pose) -> Result<(), ParamError> {
        self.set_anchor_pose(pose)?;
        self.state.frame.prev = self.state.frame.cur;
        self.clock.host = Some(self.state.frame.cur);
        self.last_host = Some(self.state.frame.cur);
        self.clock.showing = false;
        Ok(())
    }

    /// Moves the world's origin under the cloth, as an engine rebasing a
    /// level far from its origin moves everything: every world pose the
    /// cloth holds — the anchor's current and previous pose, and what the
    /// host clock keeps — moves by `shift` (world, m; new = old + shift).
    /// Nothing moves in the cloth's frame, so the next step sees only the
    /// motion the host gives the anchor, and no teleport; turbulence stays
    /// with the content. Move the colliders the cloth steps with by the same
    /// shift ([`ColliderSet::shift_origin`]; `World::shift_origin` does
    /// both), then set the anchor's shifted pose for the next frame as
    /// usual. Refused, with nothing changed, for a shift that is not finite
    /// or would put the anchor past [`COORDINATE_LIMIT`].
    pub fn shift_origin(&mut self, shift: Vec3) -> Result<(), ParamError> {
        self.check_shift(shift)?;
        let shifted = |p: Pose| crate::collider::shifted(p, shift);
        let f = &mut self.state.frame;
        (f.prev, f.cur) = (shifted(f.prev), shifted(f.cur));
        f.origin = crate::pose::add(f.origin, shift);
        self.last_host = self.last_host.map(shifted);
        self.clock.shift_origin(shift);
        Ok(())
    }

    /// Whether [`Cloth::shift_origin`] would take `shift`.
    pub fn check_shift(&self, shift: Vec3) -> Result<(), ParamError> {
        let f = &self.state.frame;
        let poses = [Some(f.prev), Some(f.cur), self.last_host, self.clock.host];
        for t in poses.iter().flatten().map(|p| crate::pose::add(p.translation, shift)) {
            if let Some(&far) = t.iter().find(|c| !c.is_finite() || c.abs() > COORDINATE_LIMIT) {
                return Err(ParamError::OutOfRange {
                    name: "origin shift",
                    value: far,
                    allowed: format!("finite, keeping each anchor coordinate within ±{COORDINATE_LIMIT} m"),
                });
            }
        }
        Ok(())
    }

    /// Takes on the origin shifts of the world it joins (`World::insert_cloth`).
    pub(crate) fn adopt_origin(&mut self, origin: Vec3) {
        self.state.frame.origin = origin;
    }

    /// The sum of the origin shifts the cloth has taken ([`Cloth::shift_origin`]), m.
    pub fn origin_shift(&self) -> Vec3 {
        self.state.frame.origin
    }

    /// Declares that the anchor already moves at `velocity` (world, m/s) and
    /// the cloth with it — a character spawned in a moving vehicle: every
    /// free node's velocity becomes the share of it the cloth's inertia
    /// feels (`inertia × the node's inertia scale × velocity`, in the
    /// anchor's frame), and the next step measures the anchor's velocity
    /// change from it. Refused for a velocity that is not finite or past
    /// [`crate::constants::COORDINATE_LIMIT`] m/s.
    pub fn set_anchor_velocity(&mut self, velocity: Vec3) -> Result<(), ParamError> {
        if let Some(&bad) = velocity.iter().find(|c| !c.is_finite() || c.abs() > COORDINATE_LIMIT) {
            return Err(ParamError::OutOfRange {
                name: "anchor velocity",
                value: bad,
                allowed: format!("each component finite and within ±{COORDINATE_LIMIT} m/s"),
            });
        }
        let inv_mass = &self.model.inv_mass[..self.model.swept];
        for (slot, _) in inv_mass.iter().enumerate().filter(|(_, &w)| w > 0.0) {
            self.state.v.set(slot, [0.0; 3]);
            self.state.v_prev.set(slot, [0.0; 3]);
        }
        let local = self.state.frame.cur.rotation.conj().rotate(velocity);
        self.state.add_frame_velocity(inv_mass, pose::scale(local, self.dynamics.inertia));
        self.state.frame.anchor_velocity = velocity;
        self.state.frame.anchor_omega = [0.0; 3];
        self.state.frame.wake_requested = true;
        Ok(())
    }

    /// Wakes a sleeping cloth at the next step.
    pub fn wake(&mut self) {
        self.state.frame.wake_requested = true;
    }

    /// Treats the next step as a teleport whatever the anchor does (a host
    /// that knows it cut to another place).
    pub fn teleport(&mut self) {
        self.state.frame.teleport_requested = true;
    }

    /// Whether the cloth is asleep (its steps do nothing until something
    /// wakes it).
    pub fn is_sleeping(&self) -> bool {
        self.state.frame.sleeping
    }

    /// World position of caller node `node`, m: the anchor's current pose
    /// applied to the particle's frame position.
    pub fn world_position(&self, node: usize) -> [f64; 3] {
        self.shown().1.transform_point(self.position(node).map(f64::from))
    }

    /// What reads show: the particles (slots) and the anchor pose — the
    /// interpolated state after [`Cloth::advance`], else the last step's.
    fn shown(&self) -> (&Points, Pose) {
        self.clock.shown(&self.state.x, self.state.frame.cur)
    }

    /// World and local (parent-relative) pose of every node, written into the
    /// caller's buffers (one entry per node each): see `writeback.rs`. Roots'
    /// local poses are relative to the anchor. Returns the number of
    /// degenerate tangents the fit skipped. Allocates nothing.
    pub fn node_poses(&mut self, world: &mut [Pose], local: &mut [Pose]) -> Result<usize, ParamError> {
        let n = self.nodes();
        if world.len() < n || local.len() < n {
            return Err(ParamError::OutOfRange {
                name: "pose buffer length",
                value: world.len().min(local.len()) as f64,
                allowed: format!("at least the node count, {n}, each"),
            });
        }
        let (x, anchor) = self.clock.shown(&self.state.x, self.state.frame.cur);
        let m = &self.model;
        let slot = |node: usize| m.slot_of_node[node] as usize;
        let bind = |node: usize| m.bind.get(slot(node)).map(f64::from);
        let pos = |node: usize| x.get(slot(node)).map(f64::from);
        Ok(writeback::poses(&self.hierarchy, bind, pos, &anchor, &mut self.pose_scratch, world, local))
    }

    /// Binds a render mesh (its bind positions in the anchor frame, the
    /// cloth's bind pose) to the sheet (`skin.rs`) and returns its index for
    /// [`Source::RenderMesh`]. Allocates; not for a frame's hot path.
    pub fn attach_render_mesh(&mut self, vertices: &[[f32; 3]]) -> Result<usize, SkinError> {
        let m = &self.model;
        let bind: Vec<[f32; 3]> = (0..m.nodes).map(|n| m.bind.get(m.slot_of_node[n] as usize)).collect();
        let binding = RenderBinding::new(&bind, self.surface.triangles(), vertices)?;
        self.render_meshes.push(Arc::new(binding));
        Ok(self.render_meshes.len() - 1)
    }

    /// Vertices of the render mesh attached `k`-th, if there is one.
    pub fn render_mesh_vertices(&self, k: usize) -> Option<usize> {
        self.render_meshes.get(k).map(|b| b.vertices())
    }

    /// Writes positions, unit normals and unit tangents of what `source`
    /// names — nodes, vertices mapped to nodes, or an attached render
    /// mesh's vertices — into `out` at `layout`'s stride and offsets
    /// (`surface.rs`: the rules, the winding; `skin.rs`: render vertices).
    /// `layout.first`/`count` select entries of the source. Every value is
    /// computed and checked before the first byte is written; bytes outside
    /// the fields are untouched. Allocates only on the first call (the
    /// per-node scratch). Normals and tangents cost a pass over the
    /// triangles, and, on a cloth with nodes in no triangle (trees), the
    /// rotations `node_poses` fits.
    pub fn write_vertices(&mut self, layout: &VertexLayout, source: Source, out: &mut [u8]) -> Result<(), LayoutError> {
        let nodes = self.nodes();
        let entries = match source {
            Source::Nodes => nodes,
            Source::Map(map) => map.len(),
            Source::RenderMesh(k) => match self.render_meshes.get(k) {
                Some(b) => b.vertices(),
                None => return Err(LayoutError::NoRenderMesh { index: k, attached: self.render_meshes.len() }),
            },
        };
        layout.check(entries, out.len())?;
        if let Source::Map(map) = source {
            let range = &map[layout.first..layout.first + layout.count];
            if let Some(i) = range.iter().position(|&n| n as usize >= nodes) {
                return Err(LayoutError::MapEntry { index: layout.first + i, node: range[i], nodes });
            }
        }
        let (x, anchor) = self.clock.shown(&self.state.x, self.state.frame.cur);
        let world = layout.space == Space::World;
        let frames = layout.normal.is_some() || layout.tangent.is_some();
        let m = &self.model;
        let pos = |node: usize| x.get(m.slot_of_node[node] as usize).map(f64::from);
        if frames {
            self.frame_scratch.resize(nodes, [[0.0; 3]; 2]);
            if self.surface.has_strands() {
                let bind = |node: usize| m.bind.get(m.slot_of_node[node] as usize).map(f64::from);
                writeback::deltas(&self.hierarchy, bind, pos, &mut self.pose_scratch);
            }
            self.surface.frames(pos, &self.pose_scratch, &mut self.frame_scratch);
        }
        self.vertex_scratch.resize(layout.count, [[0.0; 3]; 3]);
        if let Source::RenderMesh(k) = source {
            let want = skin::Want { frames: frames.then_some(&self.frame_scratch[..]), world: world.then_some(anchor) };
            let range = layout.first..layout.first + layout.count;
            let attachments = &self.render_meshes[k].attachments[range];
            skin::write(attachments, &m.slot_of_node, x, &want, &mut self.vertex_scratch);
        } else {
            let turn = |d: Vec3| if world { anchor.rotation.rotate(d) } else { d };
            for (i, v) in self.vertex_scratch.iter_mut().enumerate() {
                let node = match source {
                    Source::Map(map) => map[layout.first + i] as usize,
                    _ => layout.first + i,
                };
                let [n, t] = if frames { self.frame_scratch[node] } else { [[0.0; 3]; 2] };
                let p = if world { anchor.transform_point(pos(node)) } else { pos(node) };
                *v = [p, turn(n), turn(t)].map(|d| d.map(|c| c as f32));
            }
        }
        if let Some(entry) = self.vertex_scratch.iter().position(|v| !v.iter().flatten().all(|c| c.is_finite())) {
            return Err(LayoutError::NonFinite { node: layout.first + entry });
        }
        for (i, v) in self.vertex_scratch.iter().enumerate() {
            let base = i * layout.stride;
            for (value, offset) in v.iter().zip([layout.position, layout.normal, layout.tangent]) {
                if let Some(o) = offset {
                    let mut field = [0u8; 12];
                    for (bytes, c) in field.chunks_exact_mut(4).zip(value) {
                        bytes.copy_from_slice(&c.to_ne_bytes());
                    }
                    out[base + o..base + o + 12].copy_from_slice(&field);
                }
            }
        }
        Ok(())
    }

    /// Leash rows acting: one per tethered particle while `slack < 1`, none
    /// at `slack = 1` (§10).
    pub fn leash_rows(&self) -> usize {
        if self.dynamics.leashed() {
            self.model.unary.tethered
        } else {
            0
        }
    }

    /// Bind position of caller node `node` in the anchor frame, m.
    pub fn bind_position(&self, node: usize) -> [f64; 3] {
        self.model.bind.get(self.model.slot_of_node[node] as usize).map(f64::from)
    }

    /// The node hierarchy (parents) poses are written along.
    pub fn hierarchy(&self) -> &Hierarchy {
        &self.hierarchy
    }

    /// Largest stored particle speed, m/s (cloth frame; "world-like" when the
    /// anchor moves and inertia > 0, see `anchor.rs`).
    pub fn peak_speed(&self) -> f64 {
        (0..self.model.swept)
            .filter(|&s| self.model.inv_mass[s] > 0.0)
            .map(|s| self.state.v.get(s).iter().map(|&c| (c as f64).powi(2)).sum::<f64>().sqrt())
            .fold(0.0, f64::max)
    }

    /// Largest distance a particle's pose strayed over the sleep test's
    /// window, in the cloth's frame, over the window's duration, m/s: while
    /// the cloth moves the window is the last simulated step alone, so this
    /// is how fast the host sees it move.
    pub fn pose_speed(&self) -> f64 {
        self.state.frame.pose_speed
    }

    /// The fastest turn of the anchor the cloth feels whole, rad/s, at its
    /// dynamics and controls: a step turning faster is `turn_limited`, and
    /// the excess turns the cloth rigidly (`Controls::max_turn_links`). At
    /// inertia 0 the cloth feels no turn and no step is `turn_limited`.
    pub fn max_turn_rate(&self) -> f64 {
        let d = &self.stepping();
        let links = self.state.controls.max_turn_links * self.state.frame.turn_scale;
        let turn = crate::anchor::turn_per_substep(self.model.link_turn, links, d.inertia);
        turn * d.substeps as f64 / d.dt
    }

    /// Largest cloth-local particle speed at the end of the last simulated
    /// step (the velocity its last substep leaves), m/s: rows that fight
    /// within a step show here, not in the particle's move over the step.
    /// A sleeping cloth keeps the value of its last simulated step.
    pub fn local_speed(&self) -> f64 {
        self.state.frame.local_speed
    }

    pub fn set_tuning(&mut self, tuning: Tuning) -> Result<(), ParamError> {
        tuning.validate()?;
        let d = &self.dynamics;
        self.state.provision(&self.model, d, &tuning);
        self.tuning = tuning;
        Ok(())
    }

    pub fn set_kernel(&mut self, kernel: Kernel) {
        self.kernel = kernel;
    }

    pub fn kernel(&self) -> Kernel {
        self.kernel
    }
    pub fn dynamics(&self) -> &Dynamics {
        &self.dynamics
    }
    pub fn tuning(&self) -> &Tuning {
        &self.tuning
    }
    pub fn model(&self) -> &Model {
        &self.model
    }
    pub fn topology(&self) -> &Topology {
        &self.topology
    }
    pub fn state(&self) -> &State {
        &self.state
    }
    /// Direct access for experiments and tests (e.g. throwing particles).
    pub fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// Number of caller nodes.
    pub fn nodes(&self) -> usize {
        self.model.nodes
    }

    /// Position of caller node `node`, m.
    pub fn position(&self, node: usize) -> [f32; 3] {
        self.shown().0.get(self.model.slot_of_node[node] as usize)
    }

    /// Positions in caller order, m.
    pub fn positions(&self) -> Vec<[f32; 3]> {
        (0..self.nodes()).map(|n| self.position(n)).collect()
    }

    /// Mass of caller node `node`, kg (0 for a fixed node: it takes no part
    /// in the dynamics).
    pub fn node_mass(&self, node: usize) -> f64 {
        let w = self.node_inv_mass[node];
        if w > 0.0 {
            1.0 / w
        } else {
            0.0
        }
    }

    /// Velocity of caller node `node`, m/s.
    pub fn velocity(&self, node: usize) -> [f32; 3] {
        self.state.v.get(self.model.slot_of_node[node] as usize)
    }

    /// Sets the animated (target) position of a node, m, cloth frame. A fixed
    /// node moves there at the next substep; a free node is bounded or pulled
    /// there by what is painted on it (max distance, backstop, anim drive)
    /// and by the leash, and returns there on a reset. It starts as the bind
    /// pose. With `slack < 1`, moving the fixed nodes alone leaves the free
    /// ones leashed near their old animated positions ([`Dynamics::slack`]).
    /// A
    /// non-finite position, or one beyond [`COORDINATE_LIMIT`], is refused,
    /// never simulated.
    pub fn set_animated_position(&mut self, node: usize, p: [f32; 3]) -> Result<(), ParamError> {
        if node >= self.nodes() {
            return Err(ParamError::OutOfRange {
                name: "node",
                value: node as f64,
                allowed: format!("0..{}", self.nodes()),
            });
        }
        if let Some(bad) = unplaceable(&p) {
            return Err(ParamError::OutOfRange {
                name: "animated position",
                value: bad as f64,
                allowed: format!("finite, each coordinate within ±{COORDINATE_LIMIT} m"),
            });
        }
        let s = self.model.slot_of_node[node] as usize;
        if self.state.p.get(s) != p {
            self.state.frame.wake_requested = true;
            self.state.motion.stale = true;
        }
        self.state.p.set(s, p);
        Ok(())
    }

    /// A node's animated (target) position, m, cloth frame.
    pub fn animated_position(&self, node: usize) -> [f32; 3] {
        self.state.p.get(self.model.slot_of_node[node] as usize)
    }

    /// Sets the animated positions of nodes `first ..`, m, cloth (anchor)
    /// frame, as [`Cloth::set_animated_position`] does each (a skinned
    /// mesh's positions for a frame, in the anchor bone's space). All or
    /// nothing: a node past the end, a non-finite position or one beyond
    /// [`COORDINATE_LIMIT`] is refused and changes no node.
    pub fn set_animated_positions(&mut self, first: usize, positions: &[[f32; 3]]) -> Result<(), ParamError> {
        motion::check_nodes(first, positions.len(), self.nodes())?;
        if let Some((k, bad)) = positions.iter().enumerate().find_map(|(k, p)| Some((k, unplaceable(p)?))) {
            let rule = "finite, each coordinate within ±COORDINATE_LIMIT m";
            return Err(ParamError::Node { name: "animated position", node: first + k, value: bad as f64, rule });
        }
        for (k, &p) in positions.iter().enumerate() {
            self.set_animated_position(first + k, p)?;
        }
        Ok(())
    }

    /// Adds world-space impulses, N·s, one per `(node, impulse)`: a free
    /// node's velocity changes by its summed `impulse / mass` (a hit, an
    /// explosion's push). A change faster than one trust region an
    /// iteration (`ℓ·substeps·iterations/dt`, ℓ the node's trust region) is
    /// shared as one velocity by the rings of free nodes around it, grown
    /// until it is within that bound for each of them (`crate::impulse`): a
    /// bullet's momentum on one node pushes the patch around it, momentum
    /// kept while the cloth has the mass to take it. Then each hit node's
    /// cloth-local speed is bounded by its velocity clamp. A fixed node
    /// does not move, so its impulse does nothing. The
    /// change is made to the velocity the next step starts from and to the
    /// one before it, so the step's start sees no acceleration it did not
    /// have. All or nothing: a node past the cloth, or an impulse component
    /// that is not finite or beyond [`COORDINATE_LIMIT`], refuses the call
    /// and changes no node. Wakes the cloth.
    pub fn apply_impulses(&mut self, impulses: &[(u32, [f64; 3])]) -> Result<(), ParamError> {
        for &(node, j) in impulses {
            if node as usize >= self.nodes() {
                return Err(ParamError::OutOfRange {
                    name: "impulse node",
                    value: node as f64,
                    allowed: format!("0..{}", self.nodes()),
                });
            }
            if let Some(&bad) = j.iter().find(|c| !c.is_finite() || c.abs() > COORDINATE_LIMIT) {
                return Err(ParamError::OutOfRange {
                    name: "impulse",
                    value: bad,
                    allowed: format!("finite, each component within ±{COORDINATE_LIMIT} N·s"),
                });
            }
        }
        // Stored velocities are in the anchor frame the last step ended in
        // (`anchor.rs`), whatever pose the host has set for the next.
        let to_cloth = self.state.frame.prev.rotation.conj();
        let per_length =
            SubstepParams::new(&self.stepping(), &self.tuning, self.state.frame.row_h).velocity_limit_per_length;
        let (mass, cap) = &mut self.impulse_nodes;
        mass.clear();
        cap.clear();
        for &s in &self.model.slot_of_node {
            let s = s as usize;
            mass.push(if self.model.inv_mass[s] > 0.0 { self.model.mass[s] as f64 } else { 0.0 });
            cap.push(self.model.shortest_incident_rest[s] as f64 * per_length / VELOCITY_CLAMP_AUTHORITIES);
        }
        let nodes = impulse::Nodes { mass, cap, edges: &self.topology.edges };
        let (slot_of_node, v, v_prev) = (&self.model.slot_of_node, &mut self.state.v, &mut self.state.v_prev);
        let local = impulses.iter().map(|&(node, j)| (node, to_cloth.rotate(j)));
        self.impulse_scratch.spread(&nodes, local, |node, dv| {
            let s = slot_of_node[node] as usize;
            for v in [&mut *v, &mut *v_prev] {
                let now = v.get(s);
                v.set(s, [0, 1, 2].map(|k| (now[k] as f64 + dv[k]) as f32));
            }
        });
        // A hit node's cloth-local speed is then bounded as the velocity
        // clamp bounds it (its trust region × `4·substeps·iterations/dt`):
        // the local part of its velocity, less the frame's share the stored
        // velocities carry (`anchor.rs`), is scaled down to the bound, and
        // the velocity before it takes the same change. Idempotent, so a
        // node listed twice is bounded once.
        let frame = pose::scale(to_cloth.rotate(self.state.frame.anchor_velocity), self.dynamics.inertia);
        for &(node, _) in impulses {
            let s = self.model.slot_of_node[node as usize] as usize;
            if self.model.inv_mass[s] == 0.0 {
                continue;
            }
            let carried = pose::scale(frame, self.state.inertia_scale.get(s).copied().unwrap_or(1.0) as f64);
            let now = self.state.v.get(s).map(f64::from);
            let local = pose::sub(now, carried);
            let (speed, cap) = (pose::norm(local), self.model.shortest_incident_rest[s] as f64 * per_length);
            if speed > cap {
                let change = pose::sub(pose::scale(local, cap / speed), local);
                for v in [&mut self.state.v, &mut self.state.v_prev] {
                    let was = v.get(s);
                    v.set(s, [0, 1, 2].map(|k| (was[k] as f64 + change[k]) as f32));
                }
            }
        }
        self.state.frame.wake_requested = true;
        Ok(())
    }

    /// Sets the velocity of a free node (experiments: a kick, a throw).
    pub fn set_velocity(&mut self, node: usize, v: [f32; 3]) {
        let s = self.model.slot_of_node[node] as usize;
        if self.model.inv_mass[s] > 0.0 {
            self.state.v.set(s, v);
            self.state.v_prev.set(s, v);
        }
    }

    /// `½ Σ m|v|²` over free particles, J.
    pub fn kinetic_energy(&self) -> f64 {
        let m = &self.model;
        (0..m.swept)
            .filter(|&s| m.inv_mass[s] > 0.0)
            .map(|s| {
                let v = self.state.v.get(s).map(f64::from);
                0.5 * m.mass[s] as f64 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
            })
            .sum()
    }

    /// Gravitational potential `−Σ m g·x` of free particles, J.
    pub fn gravitational_energy(&self) -> f64 {
        let m = &self.model;
        let g = self.dynamics.gravity;
        (0..m.swept)
            .filter(|&s| m.inv_mass[s] > 0.0)
            .map(|s| {
                let x = self.state.x.get(s).map(f64::from);
                -(m.mass[s] as f64) * (g[0] * x[0] + g[1] * x[1] + g[2] * x[2])
            })
            .sum()
    }

    /// Elastic energy of soft rows, J: `½kC²` per soft stretch row plus the
    /// bend energy. Hard rows store none (they are constraints).
    pub fn elastic_energy(&self) -> f64 {
        let p = SubstepParams::new(&self.stepping(), &self.tuning, self.state.frame.row_h);
        let (hinges, curved) = (&self.topology.hinges, &self.model.bend_rest);
        let mut e = bend::energy(hinges, &self.node_inv_mass, p.bend_scale, curved, |n| {
            self.position(n as usize).map(f64::from)
        });
        // Soft links rows: soft stretch (experiments) and skip rows, at the
        // penalty the last warm start set.
        let rows = &self.model.links;
        let soft = if let Stiffness::Soft { .. } = p.stretch {
            rows.rows().collect()
        } else {
            rows.skip.clone().collect::<Vec<_>>()
        };
        for r in soft {
            let k = match p.stretch {
                Stiffness::Soft { k } if rows.stretch.contains(&r) => k,
                _ => self.state.links.rows[r].k as f64,
            };
            let a = self.state.x.get(rows.a[r] as usize).map(f64::from);
            let b = self.state.x.get(rows.b[r] as usize).map(f64::from);
            let l = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
            e += 0.5 * k * (l - rows.rest[r] as f64).powi(2);
        }
        e
    }

    /// Largest stretch-row `|C|/L0`.
    pub fn worst_stretch_strain(&self) -> f64 {
        distance::worst_strain(&self.model.links, self.model.links.stretch.clone(), &self.state.x) as f64
    }

    /// Mean stretch-row `|C|/L0`.
    pub fn mean_stretch_strain(&self) -> f64 {
        let rows = &self.model.links;
        if rows.stretch.is_empty() {
            return 0.0;
        }
        let sum: f64 = rows.stretch.clone().map(|r| distance::strain(rows, r, &self.state.x) as f64).sum();
        sum / rows.stretch.len() as f64
    }

    /// Largest link length over its rest length, over stretch rows (§11).
    pub fn worst_link_ratio(&self) -> f64 {
        self.link_extremes().map_or(0.0, |l| l.worst_ratio)
    }

    /// The stretch row longest over its rest length, and the largest
    /// length less rest of any: a sliver edge stretched several times over
    /// reads as a large ratio and a small elongation, a tear as both
    /// ([`LinkExtremes`]). `None` for a cloth with no stretch row.
    pub fn link_extremes(&self) -> Option<LinkExtremes> {
        let rows = &self.model.links;
        let mut out: Option<LinkExtremes> = None;
        for r in rows.stretch.clone() {
            let (a, b) = (rows.a[r] as usize, rows.b[r] as usize);
            let (pa, pb) = (self.state.x.get(a).map(f64::from), self.state.x.get(b).map(f64::from));
            let length = ((pa[0] - pb[0]).powi(2) + (pa[1] - pb[1]).powi(2) + (pa[2] - pb[2]).powi(2)).sqrt();
            let rest = rows.rest[r] as f64;
            let row = LinkExtremes {
                worst_ratio: length / rest,
                worst_elongation: length - rest,
                worst_nodes: [self.model.node_of_slot[a] as usize, self.model.node_of_slot[b] as usize],
                longest_elongation: length - rest,
            };
            out = Some(match out {
                None => row,
                Some(o) => LinkExtremes {
                    longest_elongation: o.longest_elongation.max(row.longest_elongation),
                    ..if row.worst_ratio > o.worst_ratio { row } else { o }
                },
            });
        }
        out
    }

    /// Largest `‖x_i − x_anchor‖/d_geo` over tethered particles: how far the
    /// cloth strays beyond its own reach (the §10 and §26 figure).
    pub fn worst_tether_ratio(&self) -> f64 {
        let anchor = &self.model.unary.anchor;
        self.worst_over_reach(1.0, |s| self.state.x.get(anchor[s] as usize))
    }

    /// Largest `‖x_i − to(i)‖/(scale·d_geo_i)` over free particles with a
    /// geodesic distance to the fixed set (the tether and leash ratios).
    fn worst_over_reach(&self, scale: f64, to: impl Fn(usize) -> [f32; 3]) -> f64 {
        let u = &self.model.unary;
        (0..self.model.swept)
            .filter(|&s| u.d_geo[s] > 0.0 && self.model.inv_mass[s] > 0.0)
            .map(|s| {
                let (x, a) = (self.state.x.get(s).map(f64::from), to(s).map(f64::from));
                ((x[0] - a[0]).powi(2) + (x[1] - a[1]).powi(2) + (x[2] - a[2]).powi(2)).sqrt()
                    / (scale * u.d_geo[s] as f64)
            })
            .fold(0.0, f64::max)
    }

    /// Largest `‖x_i − p_i‖/(2·slack·d_geo)` over leashed particles, `p_i`
    /// the animated position: how far the cloth strays from its animated
    /// pose against its leash (1: at the leash; over 1 where other rows
    /// pull a particle past it). 0 where no leash acts (`slack` 1 or 0, or
    /// nothing fixed). A host that moves the fixed particles alone, the
    /// leash holding the free ones back, reads well over 1 here
    /// ([`Dynamics::slack`]).
    pub fn worst_leash_ratio(&self) -> f64 {
        let d = self.dynamics();
        let scale = crate::leash::radius_scale(d.slack);
        if !d.leashed() || self.model.unary.tethered == 0 || scale <= 0.0 {
            return 0.0;
        }
        self.worst_over_reach(scale, |s| self.state.p.get(s))
    }

    /// Model and state bytes by region (the §7 report). A cloth with nodes
    /// held by a max distance of 0 counts the seed's model too, which it
    /// keeps beside the one its step runs.
    pub fn memory(&self) -> MemoryReport {
        let mut r = self.model.memory();
        if !Arc::ptr_eq(&self.model, &self.base_model) {
            let base = self.base_model.memory();
            r.particles += base.particles;
            r.rows += base.rows;
            r.colouring += base.colouring;
        }
        let (particles, rows) = self.state.bytes();
        r.particles += particles;
        r.rows += rows;
        r.contacts = self.state.contacts.bytes();
        r.self_collision = self.state.self_collision.bytes();
        r
    }

    /// A hash of the positions and velocities in caller order (FNV-1a over
    /// the f32 bits): printed beside timings, so a faster run that changed the
    /// answer is visible (STYLE.md habit 10).
    pub fn state_hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for node in 0..self.nodes() {
            let s = self.model.slot_of_node[node] as usize;
            for v in self.state.x.get(s).iter().chain(self.state.v.get(s).iter()) {
                for b in v.to_bits().to_le_bytes() {
                    h ^= b as u64;
                    h = h.wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
        h
    }

    /// Caller nodes of each colour (tests and reports).
    pub fn colour_members(&self) -> Vec<Vec<u32>> {
        self.model
            .colours
            .iter()
            .map(|c| self.model.node_of_slot[c.clone()].iter().copied().filter(|&n| n != NO_NODE).collect())
            .collect()
    }
}

/// What [`Cloth::link_extremes`] measures over a cloth's stretch rows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkExtremes {
    /// The largest length over rest, that row's length less rest (m) and its
    /// two caller nodes.
    pub worst_ratio: f64,
    pub worst_elongation: f64,
    pub worst_nodes: [usize; 2],
    /// The largest length less rest of any row, m.
    pub longest_elongation: f64,
}

/// Whether seeding checks the bind pose against colliders (§29).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BindPoseCheck {
    /// Fail when a free particle starts within the contact offset of a collider.
    #[default]
    Enforce,
    /// Seed anyway (the host knows the contact rows will push it out).
    Skip,
}

static NO_COLLIDERS: std::sync::LazyLock<ColliderSet> = std::sync::LazyLock::new(ColliderSet::new);

/// The §29 check: every free node's bind position, placed by `anchor`, must be
/// at least `offset` outside every collider (at its current pose).
pub fn validate_bind_pose(
    input: &ClothInput,
    anchor: &Pose,
    colliders: &ColliderSet,
    offset: f64,
) -> Result<(), SeedError> {
    check_bind_pose(input.positions.iter().copied().zip(input.fixed.iter().copied()), anchor, colliders, offset)
}

/// [`validate_bind_pose`] over `(bind position, fixed)` per node.
fn check_bind_pose(
    nodes: impl Iterator<Item = ([f32; 3], bool)>,
    anchor: &Pose,
    colliders: &ColliderSet,
    offset: f64,
) -> Result<(), SeedError> {
    for (node, (p, fixed)) in nodes.enumerate() {
        if fixed || !p.iter().all(|c| c.is_finite()) {
            continue;
        }
        let world = anchor.transform_point(p.map(f64::from));
        for (index, _, c) in colliders.iter() {
            let d = c.shape.sdf(c.cur.inverse().transform_point(world)).distance;
            if d < offset {
                return Err(SeedError::InsideCollider { node, collider: index as usize, distance: d, offset });
            }
        }
    }
    Ok(())
}

fn param_to_seed(e: ParamError) -> SeedError {
    match e {
        ParamError::OutOfRange { name, value, .. } | ParamError::Node { name, value, .. } => {
            SeedError::BadOption { name, value }
        }
    }
}

/// The first coordinate of `p` no position may have: non-finite, or beyond
/// [`COORDINATE_LIMIT`].
fn unplaceable(p: &[f32; 3]) -> Option<f32> {
    p.iter().copied().find(|c| !c.is_finite() || c.abs() as f64 > COORDINATE_LIMIT)
}
