//! `cloth-bench`: rerun any workload or reference table.
//!
//! ```text
//! cargo run --release -p cloth-bench -- <workload> [--rounds N] [--frames N]
//!                                                  [--warmup N] [--kernel K] [--json]
//!                                                  [--characters N,N] [--unit-ns X] [--full-share S]
//! ```

use cloth_bench::workloads::{self, Protocol};
use cloth_bench::{collision, component, crowd, garments, selfcoll, tables, world, Output};
use cloth_solver::Kernel;
use std::process::ExitCode;

const USAGE: &str = "usage: cloth-bench <workload> [--rounds N] [--frames N] [--warmup N] [--kernel K] [--json]
                              [--characters N,N,...] [--unit-ns X] [--full-share S]

workloads (PERFORMANCE.md):
  w0            32×32 sheet, 2×4: every kernel + the §7 deletion variants, one run
  w1            W0 + strain limit + tether + slack, and §14's row-by-row table
  w2            every library entry at its own size, budget and flags, in a gust
  w3            W1 + colliders: none, 1 out of range, 1, 4, 8, 20 touching
  wind          W1 in a steady wind and in gusts against W1 (issue 18 item 1)
  w4            characters (cape + rope, walking, colliders) x threads: 1, 8, 32, 128 at 1 and 2 threads
  crowd         issue 23: 32, 128, 512 walking characters, a camera through them, at 1 and 2 threads,
                without and with the world's frame budget (levels of detail by closeness)
  crowd-cost    the levels' cost model against the clock, per level and kind of cloth, one thread
                (the first --characters count, default 64)
  abi           the C ABI crossing per call and per frame, against a W0 step
  readback      positions, normals, tangents and node poses read through the C ABI, per call
  cook          creating a cloth from its mesh against from its cooked blob, through the C ABI

reference tables (MEASUREMENTS.md):
  alpha-gamma   §2  α·γ × penalty ratio on the 20-link hard chain
  mass          §4  the band as a ratio across five decades of mass
  iterations    §6  hard chains, links × iterations
  sheet         §6  hard vs soft stretch rows on the 16×20 sheet
  hooke         §3  a soft row reads Hooke
  geometric     §5.1 the PSD half of the geometric stiffness
  tether        §10 the tether against the budget
  kick          §10 a kick against the correction authority
  strain        §11 the strain limit, every formulation side by side
  strain-sheet  the strain limit's formulations on a sheet and a swinging chain
  garments      general content: two pins, irregular capes, free fall, spin, fast anchors, per preset
  garments-settle  the settling half of `garments` (two pins, capes, skirts)
  garments-settle-flat  the same with bend rows resting flat (DESIGN §4's row)
  garments-motion  the motion half of `garments` (free fall, spin, a fast anchor)
  sleep         §12 steps to sleep per library entry
  damping       §12 the damping table
  teleport      §13 Reset and Keep
  locomotion    §13 the sprint, every entry at its own budget
  inertia       §13 tip lag against inertia
  garment       §25–§26 the fanned cape, tree and rig paths
  inertia-choice  the measurement behind the library's inertia values
  band          §17 contact band floor × β at 3 and 8 m/s, linear and floored ramps
  push          §17 a sphere pushed into a hanging cape, beside the landing
  force         §18 the hard contact row's force against a soft row's ceiling
  coulomb       §18 the Coulomb grid on the incline, and friction at small budgets
  lerp          §19 a lerp of matrices shrinks a collider, the nlerp pose does not
  sweep         §20 the swept speed table, swept vs end-of-step discovery
  leaning-rope  §22 a leaning rope rests on the floor
  collision     all of the §17–§22 tables
  self-radius   §31 the self radius swept on the folding sheet, both tiers
  self-stiffness  §32 the self rows' stiffness swept
  self-gust     the folding sheet under harder gusts
  self-library  §33 each library entry's bend, without and with self rows
  self-diameter §36 the pair diameter swept: pairs while folding and at rest
  self-cape     §37 the strip cape's radius and width
  self-cost     §33–§34 step with and without self-collision, and the search alone
  self          all of the self-collision tables
  tables        all of the above reference tables

options:
  --rounds N    rounds, a fresh cloth each (default: the workload's)
  --frames N    measured frames per round
  --warmup N    warm-up frames per round
  --kernel K    scalar | scalar-f64 | all (default: all kernels, the first is the default)
  --json        one JSON object per line, one per table row
  --characters N,N,...  crowd sizes (crowd, crowd-cost)
  --unit-ns X   the crowd's budget price of a unit of work, ns (default 0: detail::WORK_UNIT_NS)
  --full-share S  the largest share of the crowd's budget full detail may take, 0..=1 (default 1)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cloth-bench: {e}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn number(args: &[String], i: usize, name: &str) -> Result<usize, String> {
    args.get(i + 1)
        .ok_or_else(|| format!("{name} needs a value"))?
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("{name} needs a positive integer, got {:?}", args[i + 1]))
}

fn run(args: &[String]) -> Result<(), String> {
    let mut workload = None;
    let (mut rounds, mut frames, mut warmup) = (None, None, None);
    let mut json = false;
    let (mut characters, mut unit_ns, mut full_share) = (None, 0.0, 1.0);
    let mut kernels: Vec<Kernel> = Kernel::ALL.to_vec();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--json" => json = true,
            "--rounds" => {
                rounds = Some(number(args, i, "--rounds")?);
                i += 1;
            }
            "--frames" => {
                frames = Some(number(args, i, "--frames")?);
                i += 1;
            }
            "--warmup" => {
                warmup = Some(number(args, i, "--warmup")?);
                i += 1;
            }
            "--characters" => {
                let v = args.get(i + 1).ok_or("--characters needs a value")?;
                let counts: Option<Vec<usize>> =
                    v.split(',').map(|c| c.trim().parse::<usize>().ok().filter(|&n| n > 0)).collect();
                characters = Some(counts.ok_or_else(|| format!("--characters needs positive integers, got {v:?}"))?);
                i += 1;
            }
            "--unit-ns" => {
                unit_ns = ranged(args, i, "--unit-ns", cloth_solver::detail::BUDGET_MAX, "a price in ns")?;
                i += 1;
            }
            "--full-share" => {
                full_share = ranged(args, i, "--full-share", 1.0, "a share of the budget")?;
                i += 1;
            }
            "--kernel" => {
                let k = args.get(i + 1).ok_or("--kernel needs a value")?;
                kernels = match k.as_str() {
                    "all" => Kernel::ALL.to_vec(),
                    name => vec![Kernel::ALL
                        .into_iter()
                        .find(|k| k.name() == name)
                        .ok_or_else(|| format!("unknown kernel {name:?}"))?],
                };
                i += 1;
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            a if a.starts_with('-') => return Err(format!("unknown option {a:?}")),
            a if workload.is_none() => workload = Some(a.to_string()),
            a => return Err(format!("unexpected argument {a:?}")),
        }
        i += 1;
    }
    let workload = workload.ok_or("no workload given")?;
    let mut out = Output::new(json);
    let kernel = kernels[0];
    match workload.as_str() {
        "w0" => {
            let p = Protocol {
                rounds: rounds.unwrap_or(4),
                warmup: warmup.unwrap_or(1200),
                frames: frames.unwrap_or(1500),
            };
            workloads::w0(&mut out, p, &kernels);
        }
        "alpha-gamma" => tables::alpha_gamma(&mut out, kernel),
        "mass" => tables::mass(&mut out, kernel),
        "iterations" => tables::iterations(&mut out, kernel),
        "sheet" => tables::sheet(&mut out, kernel),
        "hooke" => tables::hooke(&mut out, kernel),
        "geometric" => tables::geometric(&mut out),
        "w1" => {
            let p =
                Protocol { rounds: rounds.unwrap_or(3), warmup: warmup.unwrap_or(600), frames: frames.unwrap_or(900) };
            workloads::w1(&mut out, p, &kernels);
        }
        "wind" => {
            let p =
                Protocol { rounds: rounds.unwrap_or(7), warmup: warmup.unwrap_or(300), frames: frames.unwrap_or(900) };
            workloads::wind(&mut out, p, kernel);
        }
        "w2" => {
            let p =
                Protocol { rounds: rounds.unwrap_or(3), warmup: warmup.unwrap_or(600), frames: frames.unwrap_or(900) };
            workloads::w2(&mut out, p);
        }
        "w3" => {
            let p =
                Protocol { rounds: rounds.unwrap_or(3), warmup: warmup.unwrap_or(600), frames: frames.unwrap_or(900) };
            collision::w3(&mut out, p, kernel);
        }
        "band" => collision::band(&mut out),
        "push" => collision::push(&mut out),
        "force" => collision::force(&mut out),
        "coulomb" => collision::coulomb(&mut out),
        "lerp" => collision::lerp(&mut out),
        "sweep" => collision::sweep(&mut out),
        "leaning-rope" => collision::leaning_rope(&mut out),
        "collision" => {
            collision::band(&mut out);
            collision::push(&mut out);
            collision::force(&mut out);
            collision::coulomb(&mut out);
            collision::lerp(&mut out);
            collision::sweep(&mut out);
            collision::leaning_rope(&mut out);
        }
        "w4" => {
            let p = world::W4Protocol {
                rounds: rounds.unwrap_or(3),
                warmup: warmup.unwrap_or(60),
                frames: frames.unwrap_or(240),
            };
            world::w4(&mut out, p);
        }
        "crowd" => {
            let p = crowd::CrowdProtocol {
                rounds: rounds.unwrap_or(2),
                warmup: warmup.unwrap_or(20),
                frames: frames.unwrap_or(40),
                counts: characters.clone().unwrap_or(crowd::COUNTS.to_vec()),
                unit_ns,
                full_share,
            };
            crowd::crowd(&mut out, &p);
        }
        "crowd-cost" => {
            let p = crowd::CrowdProtocol {
                rounds: rounds.unwrap_or(2),
                warmup: warmup.unwrap_or(30),
                frames: frames.unwrap_or(90),
                counts: characters.clone().unwrap_or(vec![64]),
                unit_ns,
                full_share,
            };
            crowd::crowd_cost(&mut out, &p);
        }
        "abi" => world::abi(&mut out, rounds.unwrap_or(5), frames.unwrap_or(200_000)),
        "readback" => world::readback(&mut out, rounds.unwrap_or(15)),
        "cook" => world::cook(&mut out, rounds.unwrap_or(30)),
        "self-radius" => selfcoll::radius(&mut out),
        "self-stiffness" => selfcoll::stiffness(&mut out),
        "self-gust" => selfcoll::gust(&mut out),
        "self-library" => selfcoll::library_table(&mut out),
        "self-diameter" => selfcoll::diameter(&mut out),
        "self-cape" => selfcoll::cape(&mut out),
        "self-cost" => selfcoll::cost(&mut out, rounds.unwrap_or(3), frames.unwrap_or(300)),
        "self" => {
            selfcoll::radius(&mut out);
            selfcoll::stiffness(&mut out);
            selfcoll::gust(&mut out);
            selfcoll::library_table(&mut out);
            selfcoll::diameter(&mut out);
            selfcoll::cape(&mut out);
            selfcoll::cost(&mut out, rounds.unwrap_or(3), frames.unwrap_or(300));
        }
        "tether" => component::tether(&mut out),
        "kick" => component::kick(&mut out),
        "strain" => component::strain(&mut out),
        "garments" => {
            garments::settling(&mut out, cloth_solver::Tuning::default());
            garments::motion(&mut out);
        }
        "garments-settle" => garments::settling(&mut out, cloth_solver::Tuning::default()),
        "garments-settle-flat" => {
            garments::settling(&mut out, cloth_solver::Tuning { flat_bend_rest: true, ..Default::default() })
        }
        "garments-motion" => garments::motion(&mut out),
        "strain-sheet" => component::strain_sheet(&mut out),
        "sleep" => component::sleep(&mut out),
        "damping" => component::damping(&mut out),
        "teleport" => component::teleport(&mut out),
        "locomotion" => component::locomotion(&mut out),
        "inertia" => component::inertia(&mut out),
        "garment" => component::garment(&mut out),
        "inertia-choice" => component::inertia_choice(&mut out),
        "tables" => {
            tables::alpha_gamma(&mut out, kernel);
            tables::mass(&mut out, kernel);
            tables::iterations(&mut out, kernel);
            tables::sheet(&mut out, kernel);
            tables::hooke(&mut out, kernel);
            tables::geometric(&mut out);
            component::tether(&mut out);
            component::kick(&mut out);
            component::strain(&mut out);
            component::sleep(&mut out);
            component::damping(&mut out);
            component::teleport(&mut out);
            component::locomotion(&mut out);
            component::inertia(&mut out);
            component::garment(&mut out);
        }
        other => return Err(format!("unknown workload {other:?}")),
    }
    Ok(())
}

/// The value after option `args[i]`: a number in `0..=hi`.
fn ranged(args: &[String], i: usize, name: &str, hi: f64, what: &str) -> Result<f64, String> {
    let v = args.get(i + 1).ok_or_else(|| format!("{name} needs a value"))?;
    v.parse::<f64>()
        .ok()
        .filter(|x| (0.0..=hi).contains(x))
        .ok_or_else(|| format!("{name} needs {what} in 0..={hi}, got {v:?}"))
}
