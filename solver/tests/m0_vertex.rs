//! M0 gates on the vertex update: Hooke on soft rows (§3), the PSD half of
//! the geometric stiffness (§5.1), the LDLᵀ pivots (§5.2).

use cloth_solver::lanes::Sym3;
use cloth_solver::{experiments, ldlt, Kernel, Tuning};

/// §3: a soft row is a plain penalty and reads Hooke — 0.05 kg on 1 kN/m
/// extends 0.49 mm — whatever α, β, γ and the hard-row band are.
#[test]
fn soft_row_reads_hooke() {
    assert!((0.05 * 9.81 / 1000.0 - 0.49e-3_f64).abs() < 0.01e-3);
    let variants = [
        ("chosen", Tuning::default()),
        ("α=0", Tuning { alpha: 0.0, ..Tuning::default() }),
        ("α=1 γ=1", Tuning { alpha: 1.0, gamma: 1.0, ..Tuning::default() }),
        ("β=1e5", Tuning { hard_beta: 1e5, ..Tuning::default() }),
        ("band ×1024", Tuning { hard_band: (1024.0, 1024.0), ..Tuning::default() }),
    ];
    for kernel in Kernel::ALL {
        for (name, tuning) in variants {
            let ratio = experiments::hooke_ratio(1000.0, tuning, kernel);
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
/// the geometric stiffness kept, one vertex update always lowers the energy;
/// the same update with the term dropped climbs once `fc/L > m/h²` — the
/// crossover the record measured (so this gate can fail).
#[test]
fn geometric_stiffness_keeps_the_update_descending() {
    for ratio in [0.733, 3.84, 384.0, 1.01e4, 6.90e4] {
        let (kept, dropped) = experiments::geometric_stiffness_update(ratio);
        // ΔE is measured above the local minimum: the kept step removes
        // essentially all the excess energy (a Newton step on a near-quadratic).
        assert!(kept < -0.9, "ratio {ratio}: ΔE/E = {kept:+.3} with the PSD half kept");
        if ratio > 1.0 {
            assert!(dropped > 0.0, "ratio {ratio}: dropping the term should climb, ΔE/E = {dropped:+.3}");
        } else {
            assert!(dropped < 0.0, "ratio {ratio}: below the crossover both descend");
        }
    }
}
