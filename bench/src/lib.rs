//! The measurement harness behind `cloth-bench`: timing protocol, machine
//! description, and table output (text or JSON lines).
//!
//! Protocol (PERFORMANCE.md, record §7 and §14): time the **whole step** on a
//! **moving** cloth, build a **fresh cloth per round**, warm up, then time
//! every frame; report the minimum and the median; compare variants **in one
//! run**, interleaved round by round so drift on the machine hits them alike.

use cloth_solver::{Cloth, ColliderSet, StepReport};
use std::time::Instant;

pub mod collision;
pub mod component;
pub mod crowd;
pub mod field;
pub mod garments;
pub mod selfcoll;
pub mod tables;
pub mod workloads;
pub mod world;

/// One value of a table row.
#[derive(Clone, Debug)]
pub enum Value {
    Str(String),
    Int(i64),
    Num(f64),
    Bool(bool),
}

impl Value {
    fn json(&self) -> String {
        match self {
            Value::Str(s) => format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"")),
            Value::Int(i) => i.to_string(),
            Value::Num(x) if x.is_finite() => format!("{x:e}"),
            Value::Num(_) => "null".into(),
            Value::Bool(b) => b.to_string(),
        }
    }
    fn text(&self) -> String {
        match self {
            Value::Str(s) => s.clone(),
            Value::Int(i) => i.to_string(),
            Value::Num(x) if x.abs() >= 1e-2 && x.abs() < 1e4 => format!("{x:.3}"),
            Value::Num(x) => format!("{x:.2e}"),
            Value::Bool(b) => b.to_string(),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Str(s.into())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Str(s)
    }
}
impl From<f64> for Value {
    fn from(x: f64) -> Self {
        Value::Num(x)
    }
}
impl From<usize> for Value {
    fn from(x: usize) -> Self {
        Value::Int(x as i64)
    }
}
impl From<u32> for Value {
    fn from(x: u32) -> Self {
        Value::Int(x as i64)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

/// A table row: ordered fields, the first two being `workload` and `variant`.
#[derive(Clone, Debug, Default)]
pub struct Row(pub Vec<(&'static str, Value)>);

impl Row {
    pub fn new(workload: &str, variant: impl Into<String>) -> Self {
        Row(vec![("workload", workload.into()), ("variant", Value::Str(variant.into()))])
    }
    pub fn with(mut self, key: &'static str, v: impl Into<Value>) -> Self {
        self.0.push((key, v.into()));
        self
    }
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
    pub fn json(&self) -> String {
        let body: Vec<String> = self.0.iter().map(|(k, v)| format!("\"{k}\":{}", v.json())).collect();
        format!("{{{}}}", body.join(","))
    }
}

/// Where rows go: JSON lines, or an aligned text table.
pub struct Output {
    pub json: bool,
    rows: Vec<Row>,
}

impl Output {
    pub fn new(json: bool) -> Self {
        Output { json, rows: Vec::new() }
    }
    /// Emits a row (JSON immediately, with the `cpu` it ran on; text at the
    /// next flush, under a header that names the CPU).
    pub fn row(&mut self, row: Row) {
        if self.json {
            println!("{}", row.with("cpu", cpu_model()).json());
        } else {
            self.rows.push(row);
        }
    }
    /// Prints a comment line (text mode only).
    pub fn note(&self, line: &str) {
        if !self.json {
            println!("# {line}");
        }
    }
    /// Prints the pending text rows as a table.
    pub fn flush(&mut self) {
        if self.rows.is_empty() {
            return;
        }
        let keys: Vec<&'static str> = self.rows[0].0.iter().map(|(k, _)| *k).skip(1).collect();
        let cells: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| keys.iter().map(|k| r.get(k).map(Value::text).unwrap_or_default()).collect())
            .collect();
        let widths: Vec<usize> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| cells.iter().map(|c| c[i].len()).chain([k.len()]).max().unwrap_or(0))
            .collect();
        let line = |vals: Vec<String>| {
            vals.iter().zip(&widths).map(|(v, w)| format!("{v:>w$}")).collect::<Vec<_>>().join("  ")
        };
        println!("{}", line(keys.iter().map(|k| k.to_string()).collect()));
        for c in cells {
            println!("{}", line(c));
        }
        println!();
        self.rows.clear();
    }
}

/// The machine and instruction set every figure is measured with.
pub fn machine() -> String {
    let cpu = cpu_model();
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    format!("{cpu}, {cores} cores, built for {}, wide kernels {}", isa(), cloth_solver::lanes::cpu_path().name())
}

/// The CPU's model name (`/proc/cpuinfo`, as `lscpu` shows it) with its
/// family and model numbers, and the core they name where we have met it:
/// a KVM guest's "AMD EPYC" is a Zen 3 or a Zen 4, which time differently.
pub fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
            .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
    };
    let name = field("model name").unwrap_or_else(|| "unknown CPU".into());
    let number = |key: &str| field(key).and_then(|v| v.parse::<u32>().ok());
    match (field("vendor_id"), number("cpu family"), number("model")) {
        (Some(vendor), Some(family), Some(model)) => match core_name(&vendor, family, model) {
            Some(core) => format!("{name} (family {family} model {model}: {core})"),
            None => format!("{name} (family {family} model {model})"),
        },
        _ => name,
    }
}

/// The core of the server CPUs our machines have been (AMD's and Intel's
/// family/model tables).
fn core_name(vendor: &str, family: u32, model: u32) -> Option<&'static str> {
    match (vendor, family, model) {
        ("AuthenticAMD", 23, 0x30..=0x3f) => Some("Zen 2"),
        ("AuthenticAMD", 25, 0x00..=0x0f) => Some("Zen 3"),
        ("AuthenticAMD", 25, 0x10..=0x1f) => Some("Zen 4"),
        ("AuthenticAMD", 26, _) => Some("Zen 5"),
        ("GenuineIntel", 6, 0x6a | 0x6c) => Some("Ice Lake"),
        ("GenuineIntel", 6, 0x8f) => Some("Sapphire Rapids"),
        ("GenuineIntel", 6, 0xcf) => Some("Emerald Rapids"),
        _ => None,
    }
}

/// The instruction set the solver was compiled for.
pub fn isa() -> &'static str {
    cloth_solver::lanes::build_isa()
}

/// Frame times of one round, ms.
pub struct Round {
    pub frames_ms: Vec<f64>,
}

/// Steps `warmup` frames untimed, then `frames` frames each timed. `before`
/// drives the cloth (anchor, gust) before each step, untimed. With
/// `colliders`, every step meets that set (W3).
pub fn time_round(
    cloth: &mut Cloth,
    colliders: Option<&ColliderSet>,
    warmup: usize,
    frames: usize,
    before: impl Fn(&mut Cloth, usize),
    mut after: impl FnMut(&Cloth, usize, StepReport),
) -> Round {
    let step = |cloth: &mut Cloth| match colliders {
        Some(set) => cloth.step_with(set),
        None => cloth.step(),
    };
    for f in 0..warmup {
        before(cloth, f);
        let r = step(cloth);
        after(cloth, f, r);
    }
    let mut frames_ms = Vec::with_capacity(frames);
    for f in 0..frames {
        before(cloth, warmup + f);
        let t = Instant::now();
        let r = step(cloth);
        frames_ms.push(t.elapsed().as_secs_f64() * 1e3);
        after(cloth, warmup + f, r);
    }
    Round { frames_ms }
}

/// Minimum, median and mean of a sample.
pub fn stats(v: &[f64]) -> (f64, f64, f64) {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    let median = if s.is_empty() { f64::NAN } else { s[s.len() / 2] };
    (s.first().copied().unwrap_or(f64::NAN), median, s.iter().sum::<f64>() / s.len().max(1) as f64)
}

/// Median of a sample.
pub fn median(v: &[f64]) -> f64 {
    stats(v).1
}
