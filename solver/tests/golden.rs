//! Golden hash of a chaotic scene: W0 (a 32×32 sheet released from
//! horizontal, still swinging hard) after 300 steps.
//!
//! The same bits on every kernel (wide/scalar, f32), on both paths of the
//! wide kernel (AVX2 where this CPU runs it, and the baseline) and on every
//! instruction set the crate builds for: the lane vocabulary uses only
//! correctly rounded IEEE operations, no fused multiply-add and no
//! approximate reciprocal. CI also runs this file in a whole-crate
//! x86-64-v3 build.
//!
//! **Regenerating** (only after a deliberate change to the physics or its
//! arithmetic, with every other gate green): run
//! `cargo test --release -p cloth-solver --test golden -- --nocapture`,
//! copy the printed hash into `GOLDEN`, and say why in the commit.

use cloth_solver::lanes::CpuPath;
use cloth_solver::{scenes, Kernel, SeedOptions, Tuning};

const GOLDEN: u64 = 0x18e2_7434_1381_fccd;

#[test]
fn w0_after_300_steps_matches_the_golden_hash_on_every_f32_kernel() {
    for (kernel, path) in [
        (Kernel::Wide, CpuPath::Avx2),
        (Kernel::Wide, CpuPath::Avx2Packed),
        (Kernel::Wide, CpuPath::Baseline),
        (Kernel::Scalar, CpuPath::Baseline),
    ] {
        let mut c = scenes::w0_cloth(SeedOptions::m0());
        c.set_kernel(kernel);
        c.set_tuning(Tuning { cpu_path: Some(path), ..*c.tuning() }).unwrap();
        for _ in 0..300 {
            c.step();
        }
        let hash = c.state_hash();
        let path = CpuPath::resolve(Some(path)).name();
        println!("{kernel:?} ({path}): {hash:#018x}");
        assert_eq!(hash, GOLDEN, "{kernel:?} ({path}): {hash:#018x} (see the header to regenerate)");
    }
}
