//! The workloads of PERFORMANCE.md, each a set of variants timed in one run.

use crate::{machine, median, stats, time_round, Output, Row};
use cloth_solver::lanes::CpuPath;
use cloth_solver::pose::{self, Pose, Quat};
use cloth_solver::{
    library, scenes, Air, Cloth, ColliderSet, Dynamics, Kernel, SeedOptions, Shape, Tuning, Turbulence,
};

/// Protocol knobs shared by every workload.
#[derive(Clone, Copy, Debug)]
pub struct Protocol {
    pub rounds: usize,
    pub warmup: usize,
    pub frames: usize,
}

/// Drives a cloth before step `k` (anchor motion, a gust).
pub type Drive = Box<dyn Fn(&mut Cloth, usize)>;

/// A named way to build the cloth a round times, and to drive it each step.
pub struct Variant {
    pub name: String,
    pub build: Box<dyn Fn() -> Cloth>,
    pub drive: Drive,
    /// The collider set every step meets, built fresh per round (W3).
    pub colliders: Option<Box<dyn Fn() -> ColliderSet>>,
}

fn no_drive() -> Drive {
    Box::new(|_, _| {})
}

/// What the quality pass of a W0-like run saw (frames counted from release).
#[derive(Clone, Copy, Debug, Default)]
pub struct Quality {
    /// Median over frames 1,201–1,500 of the worst stretch-row strain.
    pub worst_strain_median: f64,
    /// Median over the same frames of the mean strain.
    pub mean_strain: f64,
    /// Largest worst strain over the whole run, and its frame.
    pub peak_strain: f64,
    pub peak_frame: usize,
    /// Kinetic energy after frame 1,500, J.
    pub kinetic: f64,
    /// Lowest y of the cloth at frame 1,500, m.
    pub hem: f64,
    pub watchdog_resets: u64,
}

fn quality_of(cloth: &Cloth, frame: usize, q: &mut Quality, worst: &mut Vec<f64>, mean: &mut Vec<f64>) {
    let f = frame + 1;
    let w = cloth.worst_stretch_strain();
    if w > q.peak_strain {
        q.peak_strain = w;
        q.peak_frame = f;
    }
    if (1201..=1500).contains(&f) {
        worst.push(w);
        mean.push(cloth.mean_stretch_strain());
    }
    if f == 1500 {
        q.kinetic = cloth.kinetic_energy();
        q.hem = cloth.positions().iter().map(|p| p[1] as f64).fold(f64::INFINITY, f64::min);
    }
}

/// What one variant measured over all its rounds.
#[derive(Clone, Debug, Default)]
pub struct VariantResult {
    /// Every measured frame, ms.
    pub frames_ms: Vec<f64>,
    /// (min, median) per round, ms.
    pub rounds: Vec<(f64, f64)>,
    /// The first round's answer.
    pub quality: Quality,
    /// State hash at the end of the first round.
    pub hash: u64,
}

/// Times every variant `rounds` times, interleaved, fresh cloth per round;
/// the first round of each variant also records the quality of its answer.
pub fn run_variants(variants: &[Variant], p: Protocol) -> Vec<VariantResult> {
    let mut results: Vec<VariantResult> = variants.iter().map(|_| VariantResult::default()).collect();
    for round in 0..p.rounds {
        for (v, result) in variants.iter().zip(results.iter_mut()) {
            let mut cloth = (v.build)();
            let set = v.colliders.as_ref().map(|build| build());
            let mut q = Quality::default();
            let (mut worst, mut mean) = (Vec::new(), Vec::new());
            let r = time_round(&mut cloth, set.as_ref(), p.warmup, p.frames, &v.drive, |c, f, _| {
                if round == 0 {
                    quality_of(c, f, &mut q, &mut worst, &mut mean);
                }
            });
            let (min, med, _) = stats(&r.frames_ms);
            result.rounds.push((min, med));
            result.frames_ms.extend(r.frames_ms);
            if round == 0 {
                q.worst_strain_median = median(&worst);
                q.mean_strain = median(&mean);
                q.watchdog_resets = cloth.state().diagnostics.resets;
                result.quality = q;
                result.hash = cloth.state_hash();
            }
        }
    }
    results
}

fn w0_cloth(kernel: Kernel, options: SeedOptions) -> Cloth {
    let mut c = scenes::w0_cloth(options);
    c.set_tuning(awake()).expect("valid tuning");
    c.set_kernel(kernel);
    c
}

/// W0 (PERFORMANCE.md): every kernel, then the §7 deletion variants on the
/// default kernel, all in one run.
pub fn w0(out: &mut Output, p: Protocol, kernels: &[Kernel]) {
    let reference = w0_cloth(Kernel::default(), SeedOptions::m0());
    let m = reference.model();
    let mem = reference.memory();
    let d = reference.dynamics();
    out.note(&format!(
        "{} particles (32×32 patch at 2 cm, 0.5 kg), {} substeps × {} iterations",
        m.nodes, d.substeps, d.iterations
    ));
    out.note(&format!(
        "{} stretch rows, {} bend rows, {} colours, {:.1} KiB of state (particles {:.1}, rows {:.1}, colouring {:.1})",
        m.links.stretch_count(),
        m.bend.count(),
        m.colours.len(),
        mem.total() as f64 / 1024.0,
        mem.particles as f64 / 1024.0,
        mem.rows as f64 / 1024.0,
        mem.colouring as f64 / 1024.0
    ));
    // Everything (PERFORMANCE.md): the same cloth with its four contact
    // slots and self-collision sized, after one step against a far plane.
    let everything = {
        let mut c = w0_cloth(Kernel::default(), SeedOptions::m0());
        c.set_dynamics(Dynamics { self_collision: true, ..*c.dynamics() }).expect("valid");
        let mut set = ColliderSet::new();
        set.add(Shape::plane(), Pose::new([0.0, -100.0, 0.0], Quat::IDENTITY)).expect("a plane");
        c.step_with(&set);
        c.memory()
    };
    out.note(&format!(
        "with 4 contact slots and self-collision sized: {:.1} KiB (contacts {:.1}, self-collision {:.1})",
        everything.total() as f64 / 1024.0,
        everything.contacts as f64 / 1024.0,
        everything.self_collision as f64 / 1024.0
    ));
    out.note(&format!(
        "{} vertex updates per frame, {:.1} row incidences per particle",
        m.free_particles() * (d.substeps * d.iterations) as usize,
        m.incidences_per_particle()
    ));
    out.note(&format!("{}, {} warm-up frames then {} measured, {} rounds", machine(), p.warmup, p.frames, p.rounds));

    let default_kernel = kernels[0];
    let mut variants: Vec<Variant> = kernels
        .iter()
        .map(|&k| Variant {
            name: k.name().to_string(),
            build: Box::new(move || w0_cloth(k, SeedOptions::m0())),
            drive: no_drive(),
            colliders: None,
        })
        .collect();
    let deletions: [(&str, SeedOptions); 4] = [
        ("no-bend", SeedOptions { bend_rows: false, ..SeedOptions::m0() }),
        ("no-stretch", SeedOptions { stretch_rows: false, ..SeedOptions::m0() }),
        ("no-rows", SeedOptions { stretch_rows: false, bend_rows: false, ..SeedOptions::m0() }),
        ("shuffled", SeedOptions { shuffle_within_colours: Some(1), ..SeedOptions::m0() }),
    ];
    for (name, options) in deletions {
        variants.push(Variant {
            name: format!("{}/{name}", default_kernel.name()),
            build: Box::new(move || w0_cloth(default_kernel, options)),
            drive: no_drive(),
            colliders: None,
        });
    }
    variants.extend(cpu_path_variants(default_kernel, move || w0_cloth(default_kernel, SeedOptions::m0())));
    let results = run_variants(&variants, p);
    let everything = stats(&results[0].frames_ms).0;
    for (v, r) in variants.iter().zip(&results) {
        let (min, med, mean) = stats(&r.frames_ms);
        let q = &r.quality;
        let round_minima: Vec<String> = r.rounds.iter().map(|r| format!("{:.3}", r.0)).collect();
        out.row(
            Row::new("w0", v.name.clone())
                .with("particles", m.nodes)
                .with("ms_min", min)
                .with("ms_median", med)
                .with("ms_mean", mean)
                .with("vs_first", min / everything)
                .with("round_minima", round_minima.join(" "))
                .with("stretch_rows", m.links.stretch_count())
                .with("bend_rows", m.bend.count())
                .with("colours", m.colours.len())
                .with("threads", 1usize)
                .with("state_bytes", mem.total())
                .with("worst_strain_median", q.worst_strain_median)
                .with("mean_strain", q.mean_strain)
                .with("peak_strain", q.peak_strain)
                .with("peak_frame", q.peak_frame)
                .with("kinetic_1500", q.kinetic)
                .with("hem_1500", q.hem)
                .with("resets", q.watchdog_resets as usize)
                .with("hash", format!("{:016x}", r.hash)),
        );
    }
    out.flush();
}

/// The cloth `build` makes on each AVX2 path in turn (`wide/avx2`,
/// `wide/avx2-packed`), whichever the default: both in one run, so a machine
/// shows which of the two its default should be (`lanes::cpu_path`). None
/// where the kernel is not the wide one or the CPU runs no AVX2.
fn cpu_path_variants(kernel: Kernel, build: impl Fn() -> Cloth + Clone + 'static) -> Vec<Variant> {
    if kernel != Kernel::Wide || !cloth_solver::lanes::cpu_runs_avx2() {
        return Vec::new();
    }
    [CpuPath::Avx2, CpuPath::Avx2Packed]
        .into_iter()
        .map(|path| {
            let build = build.clone();
            Variant {
                name: format!("{}/{}", kernel.name(), path.name()),
                build: Box::new(move || {
                    let mut c = build();
                    c.set_tuning(Tuning { cpu_path: Some(path), ..*c.tuning() }).expect("a valid tuning");
                    c
                }),
                drive: no_drive(),
                colliders: None,
            }
        })
        .collect()
}

/// W1's dynamics: W0's plus the strain limit (stretch 1) and a leash at the
/// sheets' slack (0.7), with tethers built (PERFORMANCE.md: 5,890 stretch rows
/// including strain / 2,821 bend / 1,984 leash).
pub fn w1_dynamics() -> Dynamics {
    Dynamics { strain_limit: true, stretch: 1.0, slack: 0.7, ..scenes::w0_dynamics() }
}

/// Workloads time the step of an awake cloth: a sleeping one skips its step
/// (W1's tethered sheet falls asleep before frame 1,200).
fn awake() -> Tuning {
    Tuning { sleep: false, ..Tuning::default() }
}

pub fn w1_cloth(kernel: Kernel, d: Dynamics, tethers: bool) -> Cloth {
    let options = SeedOptions { tethers, ..SeedOptions::m0() };
    let mut c = Cloth::with_options(&scenes::w0_sheet().input(), d, awake(), options).expect("W1 seeds");
    c.set_kernel(kernel);
    c
}

/// W1 (PERFORMANCE.md) and §14's row-by-row table: M0 rows, then + strain
/// limit, + tether, + slack, on the default kernel; then W1 on every kernel.
pub fn w1(out: &mut Output, p: Protocol, kernels: &[Kernel]) {
    let w1 = w1_cloth(Kernel::default(), w1_dynamics(), true);
    let m = w1.model();
    out.note(&format!(
        "W1: {} particles; {} stretch + {} strain-limit rows, {} bend, {} tether, {} leash; {} colours; {:.1} KiB",
        m.nodes,
        m.links.stretch_count(),
        m.links.stretch_count(),
        m.bend.count(),
        m.unary.tethered,
        w1.leash_rows(),
        m.colours.len(),
        w1.memory().total() as f64 / 1024.0
    ));
    out.note(&format!("{}, {} warm-up frames then {} measured, {} rounds", machine(), p.warmup, p.frames, p.rounds));
    let k0 = kernels[0];
    let w0d = scenes::w0_dynamics();
    let steps: [(&str, Dynamics, bool); 4] = [
        ("m0-rows", w0d, false),
        ("+strain-limit", Dynamics { strain_limit: true, stretch: 1.0, ..w0d }, false),
        ("+tether", Dynamics { strain_limit: true, stretch: 1.0, ..w0d }, true),
        ("+slack", w1_dynamics(), true),
    ];
    let mut variants: Vec<Variant> = steps
        .iter()
        .map(|&(name, d, tethers)| Variant {
            name: format!("{}/{name}", k0.name()),
            build: Box::new(move || w1_cloth(k0, d, tethers)),
            drive: no_drive(),
            colliders: None,
        })
        .collect();
    // Issue 18 item 2: a max distance painted on every node — 10 m, which
    // never binds (the projection's own cost), and 10 cm, which holds the
    // falling sheet up near its animated pose — then with a 0.5 m
    // backstop 2 cm behind that pose too.
    let painted = |r: f32, backstop: bool| {
        move || {
            let mut c = w1_cloth(k0, w1_dynamics(), true);
            let n = c.nodes();
            c.set_max_distances(0, &vec![r; n]).expect("valid paint");
            if backstop {
                let b = cloth_solver::Backstop { distance: 0.02, radius: 0.5 };
                c.set_backstops(0, &vec![b; n]).expect("valid paint");
            }
            c
        }
    };
    for (name, r, backstop) in
        [("+max-distance-idle", 10.0, false), ("+max-distance", 0.1, false), ("+backstop-idle", 10.0, true)]
    {
        variants.push(Variant {
            name: format!("{}/{name}", k0.name()),
            build: Box::new(painted(r, backstop)),
            drive: no_drive(),
            colliders: None,
        });
    }
    variants.extend(cpu_path_variants(k0, move || w1_cloth(k0, w1_dynamics(), true)));
    for &k in &kernels[1..] {
        variants.push(Variant {
            name: k.name().to_string(),
            build: Box::new(move || w1_cloth(k, w1_dynamics(), true)),
            drive: no_drive(),
            colliders: None,
        });
    }
    let results = run_variants(&variants, p);
    let base = stats(&results[0].frames_ms).0;
    for (v, r) in variants.iter().zip(&results) {
        let (min, med, mean) = stats(&r.frames_ms);
        let q = &r.quality;
        out.row(
            Row::new("w1", v.name.clone())
                .with("particles", m.nodes)
                .with("ms_min", min)
                .with("ms_median", med)
                .with("ms_mean", mean)
                .with("vs_m0_rows", min / base)
                .with("threads", 1usize)
                .with("worst_strain_median", q.worst_strain_median)
                .with("mean_strain", q.mean_strain)
                .with("peak_strain", q.peak_strain)
                .with("kinetic_1500", q.kinetic)
                .with("hem_1500", q.hem)
                .with("hash", format!("{:016x}", r.hash)),
        );
    }
    out.flush();
}

/// The air of the wind workload: a 8 m/s breeze across the sheet with gusts
/// of 3 m/s, 1 m across, changing twice a second.
pub fn w1_wind_air(turbulent: bool) -> Air {
    let amplitude = if turbulent { 3.0 } else { 0.0 };
    Air {
        wind: [2.0, 0.0, 8.0],
        turbulence: Turbulence { amplitude, frequency: 2.0, scale: 1.0, seed: 18 },
        ..Air::default()
    }
}

/// The air's pass on W1's own motion: the turbulent air of
/// [`w1_wind_air`] a billionth as dense, so the pass does all its work with
/// forces too small to move the sheet (a cloth in wind moves differently,
/// and its strain projection works harder: that cost is the scene's, not
/// the pass's).
pub fn w1_thin_air() -> Air {
    Air { density: 1e-9 * cloth_solver::aero::AIR_DENSITY, ..w1_wind_air(true) }
}

/// Wind (issue 18 item 1): W1 against W1 in a steady wind, in a wind with
/// turbulence, and with the air's whole pass (turbulence included) running
/// on W1's own motion; one kernel, interleaved, a fresh cloth per round; the
/// cost over W1 of the rounds' minimum and median.
pub fn wind(out: &mut Output, p: Protocol, kernel: Kernel) {
    out.note(&format!(
        "wind: W1 against W1 in air (drag 1, lift 0.3; {} m/s mean wind, gusts of 3 m/s); {}; {} warm-up frames then {} measured, {} rounds",
        pose::norm(w1_wind_air(false).wind),
        machine(),
        p.warmup,
        p.frames,
        p.rounds
    ));
    let variant = |name: &str, air: Option<Air>| Variant {
        name: format!("{}/{name}", kernel.name()),
        build: Box::new(move || {
            let mut c = w1_cloth(kernel, w1_dynamics(), true);
            if let Some(a) = air {
                c.set_air(a).expect("valid air");
            }
            c
        }),
        drive: no_drive(),
        colliders: None,
    };
    let thin = w1_thin_air();
    let variants = [
        variant("w1", None),
        variant("w1+wind", Some(w1_wind_air(false))),
        variant("w1+wind+turbulence", Some(w1_wind_air(true))),
        variant("w1+pass-only", Some(thin)),
    ];
    let results = run_variants(&variants, p);
    let base = &results[0];
    for (v, r) in variants.iter().zip(&results) {
        let (min, med, _) = stats(&r.frames_ms);
        let round_min = |r: &VariantResult| r.rounds.iter().map(|x| x.0).fold(f64::INFINITY, f64::min);
        let round_med = |r: &VariantResult| median(&r.rounds.iter().map(|x| x.1).collect::<Vec<_>>());
        out.row(
            Row::new("wind", v.name.clone())
                .with("ms_min", min)
                .with("ms_median", med)
                .with("cost_min", round_min(r) / round_min(base) - 1.0)
                .with("cost_median", round_med(r) / round_med(base) - 1.0)
                .with("watchdog_resets", r.quality.watchdog_resets as usize)
                .with("hash", format!("{:016x}", r.hash)),
        );
    }
    out.flush();
}

/// W2 (PERFORMANCE.md): every library entry at its own size, budget and flags,
/// driven by a gust.
pub fn w2(out: &mut Output, p: Protocol) {
    out.note(&format!("W2: each library entry on its §14 proxy, driven by a gust; {}", machine()));
    out.note(&format!(
        "{} warm-up frames then {} measured, {} rounds, fresh cloth per round",
        p.warmup, p.frames, p.rounds
    ));
    let variants: Vec<Variant> = library::ALL
        .iter()
        .map(|preset| {
            let preset = *preset;
            Variant {
                name: preset.name.to_string(),
                build: Box::new(move || {
                    Cloth::new(&scenes::library_proxy(&preset), preset.dynamics).expect("the proxy seeds")
                }),
                drive: Box::new(move |c: &mut Cloth, k: usize| {
                    let gust = scenes::Gust::new(7, 12.0);
                    let d = Dynamics { gravity: gust.gravity(k, preset.dynamics.dt), ..preset.dynamics };
                    c.set_dynamics(d).expect("valid");
                }),
                colliders: None,
            }
        })
        .collect();
    let results = run_variants(&variants, p);
    for ((v, r), preset) in variants.iter().zip(&results).zip(library::ALL) {
        let c = (v.build)();
        let m = c.model();
        let (min, med, mean) = stats(&r.frames_ms);
        let budget = preset_budget(&preset);
        out.row(
            Row::new("w2", v.name.clone())
                .with("particles", m.nodes)
                .with("budget", format!("{}x{}", preset.dynamics.substeps, preset.dynamics.iterations))
                .with("ms_min", min)
                .with("ms_median", med)
                .with("ms_mean", mean)
                .with("target_ms", budget)
                .with("within", min <= budget)
                .with(
                    "stretch_rows",
                    m.links.stretch_count() * if preset.dynamics.strain_limit { 2 } else { 1 } + m.links.skip_count(),
                )
                .with("bend_rows", m.bend.count())
                .with("tethers", m.unary.tethered)
                .with("leash_rows", c.leash_rows())
                .with("colours", m.colours.len())
                .with("threads", 1usize)
                .with("hash", format!("{:016x}", r.hash)),
        );
    }
    out.flush();
}

/// PERFORMANCE.md's W2 targets (≥ 9× below each entry's own reference).
pub fn preset_budget(p: &library::Preset) -> f64 {
    match p.name {
        "silk" | "cotton" | "hair" => 0.200,
        "denim" => 0.144,
        "leather" => 0.146,
        "rope" => 0.013,
        "chain" => 0.018,
        _ => f64::NAN,
    }
}
