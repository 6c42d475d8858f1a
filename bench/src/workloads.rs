//! The workloads of PERFORMANCE.md, each a set of variants timed in one run.

use crate::{machine, median, stats, time_round, Output, Row};
use cloth_solver::{scenes, Cloth, Kernel, SeedOptions};

/// Protocol knobs shared by every workload.
#[derive(Clone, Copy, Debug)]
pub struct Protocol {
    pub rounds: usize,
    pub warmup: usize,
    pub frames: usize,
}

/// A named way to build the cloth a round times.
pub struct Variant {
    pub name: String,
    pub build: Box<dyn Fn() -> Cloth>,
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
            let mut q = Quality::default();
            let (mut worst, mut mean) = (Vec::new(), Vec::new());
            let r = time_round(&mut cloth, p.warmup, p.frames, |c, f, _| {
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
    out.note(&format!(
        "{} vertex updates per frame, {:.1} row incidences per particle",
        m.free_particles() * (d.substeps * d.iterations) as usize,
        m.incidences_per_particle()
    ));
    out.note(&format!("{}, {} warm-up frames then {} measured, {} rounds", machine(), p.warmup, p.frames, p.rounds));

    let default_kernel = kernels[0];
    let mut variants: Vec<Variant> = kernels
        .iter()
        .map(|&k| Variant { name: k.name().to_string(), build: Box::new(move || w0_cloth(k, SeedOptions::m0())) })
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
        });
    }
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
