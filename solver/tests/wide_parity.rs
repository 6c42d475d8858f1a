//! The wide kernels against their scalar oracles (STYLE.md habit 5). The lane
//! vocabulary uses only correctly rounded IEEE operations — no FMA, no
//! approximate reciprocal — so a lane of `f32x8` computes exactly what the
//! scalar `f32` kernel computes: the stated tolerance is **zero**, bit for
//! bit, over 200 steps of W0 (likewise `f64x4` against scalar `f64`).

use cloth_solver::{scenes, Kernel, SeedOptions};

fn trajectory(kernel: Kernel, options: SeedOptions, steps: usize) -> Vec<[u32; 6]> {
    let mut c = scenes::w0_cloth(options);
    c.set_kernel(kernel);
    for _ in 0..steps {
        c.step();
    }
    (0..c.nodes())
        .map(|n| {
            let (x, v) = (c.position(n), c.velocity(n));
            [x[0], x[1], x[2], v[0], v[1], v[2]].map(f32::to_bits)
        })
        .collect()
}

#[test]
fn wide_f32_equals_its_scalar_oracle_bit_for_bit() {
    assert_eq!(trajectory(Kernel::Wide, SeedOptions::m0(), 200), trajectory(Kernel::Scalar, SeedOptions::m0(), 200));
}

#[test]
fn wide_f64_equals_its_scalar_oracle_bit_for_bit() {
    assert_eq!(
        trajectory(Kernel::WideF64, SeedOptions::m0(), 200),
        trajectory(Kernel::ScalarF64, SeedOptions::m0(), 200)
    );
}

/// f32 and f64 arithmetic are different answers to rounding, not to physics:
/// after 200 steps of a swinging sheet they agree to well under a millimetre.
#[test]
fn f32_and_f64_kernels_agree_physically() {
    let a = trajectory(Kernel::Wide, SeedOptions::m0(), 200);
    let b = trajectory(Kernel::WideF64, SeedOptions::m0(), 200);
    let worst = a
        .iter()
        .zip(&b)
        .map(|(p, q)| (0..3).map(|k| (f32::from_bits(p[k]) - f32::from_bits(q[k])).abs()).fold(0f32, f32::max))
        .fold(0f32, f32::max);
    assert!(worst < 5e-3, "f32 and f64 kernels differ by {worst} m after 200 steps");
}
