//! M0 gates on the vertex update: Hooke on soft rows (§3), the PSD half of
//! the geometric stiffness (§5.1), the LDLᵀ pivots (§5.2).

use cloth_solver::lanes::Sym3;
use cloth_solver::scenes::ChainSpec;
use cloth_solver::{ldlt, Cloth, ClothInput, Dynamics, Kernel, SeedOptions, Tuning};

/// §3: a soft row is a plain penalty and reads Hooke — 0.05 kg on 1 kN/m
/// extends 0.49 mm — whatever α, β, γ and the hard-row band are.
#[test]
fn soft_row_reads_hooke() {
    let spec = ChainSpec { links: 1, link: 0.1, particle_mass: 0.05, direction: [0.0, -1.0, 0.0], lean: 0.0 };
    let k: f64 = 1000.0;
    let analytic = 0.05 * 9.81 / k;
    assert!((analytic - 0.49e-3).abs() < 0.01e-3);
    let variants = [
        ("chosen", Tuning::default()),
        ("α=0", Tuning { alpha: 0.0, ..Tuning::default() }),
        ("α=1 γ=1", Tuning { alpha: 1.0, gamma: 1.0, ..Tuning::default() }),
        ("β=1e5", Tuning { hard_beta: 1e5, ..Tuning::default() }),
        ("band ×1024", Tuning { hard_band: (1024.0, 1024.0), ..Tuning::default() }),
    ];
    for kernel in [Kernel::Scalar, Kernel::ScalarF64] {
        for (name, tuning) in variants {
            let tuning = Tuning { stretch_stiffness: k, ..tuning };
            let mut cloth =
                Cloth::with_options(&spec.input(), Dynamics::default(), tuning, SeedOptions::default()).unwrap();
            cloth.set_kernel(kernel);
            for _ in 0..600 {
                cloth.step();
            }
            let (a, b) = (cloth.position(0), cloth.position(1));
            let len = ((a[1] - b[1]) as f64).abs();
            let ratio = (len - 0.1) / analytic;
            assert!((ratio - 1.0).abs() <= 1e-4, "{name} ({kernel:?}): extension/Hooke = {ratio:.6}");
        }
    }
}

/// §5.2: the matrix a vertex assembles when one very stiff row meets a small
/// mass term, `H = a·I + b·ĝĝᵀ` with eigenvalues 0.1198, 0.1198, 5.399e8.
/// LDLᵀ returns the record's pivots; the cofactor determinant of the same
/// matrix has the wrong sign, which is why no cofactor path exists.
#[test]
fn ldlt_pivots_of_the_record_matrix() {
    // Reconstructed from the record's printed entries: the diagonal gives ĝ²,
    // the off-diagonal signs give ĝ's signs, the product of pivots gives `a`.
    let diag = [1.7099e8_f64, 2.7415e8, 9.4759e7];
    let b: f64 = diag.iter().sum();
    let g = [(diag[0] / b).sqrt(), -(diag[1] / b).sqrt(), (diag[2] / b).sqrt()];
    let a = 0.11982;
    let h = Sym3 {
        xx: a + b * g[0] * g[0],
        xy: b * g[0] * g[1],
        xz: b * g[0] * g[2],
        yy: a + b * g[1] * g[1],
        yz: b * g[1] * g[2],
        zz: a + b * g[2] * g[2],
    };
    // The record prints H to five digits.
    assert!(
        (h.xy / -2.1651e8 - 1.0).abs() < 1e-3
            && (h.xz / 1.2729e8 - 1.0).abs() < 1e-3
            && (h.yz / -1.6118e8 - 1.0).abs() < 1e-3
    );
    let f = ldlt::factor(&h);
    for (p, expected) in f.d.iter().zip([1.710e8, 3.120e-1, 1.453e-1]) {
        assert!((p / expected - 1.0).abs() < 1e-3, "pivots {:?}", f.d);
    }
    assert!(f.pivots_ok());
    let product = f.d[0] * f.d[1] * f.d[2];
    assert!((product / 7.752e6 - 1.0).abs() < 2e-3, "det {product:e}");
    // The solve is accurate: H·Δ reproduces f along the soft directions.
    let rhs = cloth_solver::lanes::V3::new(1.0, -2.0, 0.5);
    let x = f.solve(rhs);
    let back = h.mul(x);
    for (u, v) in [(back.x, rhs.x), (back.y, rhs.y), (back.z, rhs.z)] {
        assert!((u - v).abs() < 1e-6, "H·x = {back:?}");
    }
    // The cofactor expansion, computed here only to show why it is banned.
    let cof =
        h.xx * (h.yy * h.zz - h.yz * h.yz) - h.xy * (h.xy * h.zz - h.yz * h.xz) + h.xz * (h.xy * h.yz - h.yy * h.xz);
    assert!((cof - product).abs() > product, "cofactor {cof:e} vs LDLᵀ {product:e}");
}

/// §5.1: one free particle between two anchors, displaced sideways, tension
/// stepped up over the record's range of `fc/L ÷ m/h²`. With the PSD half of
/// the geometric stiffness kept, one vertex update always lowers the energy.
/// The same update with the term dropped (computed here) climbs once
/// `fc/L > m/h²` — the crossover the record measured.
#[test]
fn geometric_stiffness_keeps_the_update_descending() {
    let m = 0.01;
    let h = 1.0 / 120.0;
    let mh2 = m / (h * h); // 144, the record's m/h²
    let half: f64 = 0.1; // anchor at ±0.1 m
    let rest = half / 1.1; // 10 % pre-stretch
    let delta = 0.01 * half; // sideways displacement
    for ratio in [0.733, 3.84, 384.0, 1.01e4, 6.90e4] {
        // fc/L = ratio·m/h², fc = k·(L − rest) with L ≈ half.
        let len = (half * half + delta * delta).sqrt();
        let k = ratio * mh2 * len / (len - rest);
        let input = ClothInput {
            positions: vec![[-half as f32, 0.0, 0.0], [0.0, delta as f32, 0.0], [half as f32, 0.0, 0.0]],
            masses: vec![m as f32; 3],
            fixed: vec![true, false, true],
            triangles: vec![],
            parents: vec![None, Some(0), Some(1)],
        };
        // Rows 0–1 and 1–2, anchors fixed; soft rows at k, no gravity, one update.
        let dynamics = Dynamics { substeps: 1, iterations: 1, gravity: [0.0; 3], dt: h, ..Dynamics::default() };
        let tuning = Tuning { stretch_stiffness: k, ..Tuning::default() };
        let mut cloth = Cloth::with_options(&input, dynamics, tuning, SeedOptions::default()).unwrap();
        let energy = |y: f64, x: f64| {
            // Inertia about the start (released from rest: y = x0) plus both rows.
            let l = (half * half + x * x).sqrt();
            0.5 * mh2 * (x - y).powi(2) + 2.0 * 0.5 * k * (l - rest).powi(2)
        };
        let e0 = energy(delta, delta);
        cloth.step();
        let x1 = cloth.position(1)[1] as f64;
        let kept = (energy(delta, x1) - e0) / e0;
        assert!(kept < 0.0, "ratio {ratio}: ΔE/E = {kept:+.3} with the PSD half kept");

        // The same Newton step without the geometric term: H_yy = m/h² (+ k·ĝ_y²).
        let gy = delta / len;
        let fc = k * (len - rest);
        let force = -2.0 * fc * gy;
        let dropped_step = force / (mh2 + 2.0 * k * gy * gy);
        let dropped = (energy(delta, delta + dropped_step) - e0) / e0;
        if ratio > 1.0 {
            assert!(dropped > 0.0, "ratio {ratio}: dropping the term should climb, ΔE/E = {dropped:+.3}");
        }
    }
}
