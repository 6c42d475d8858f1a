//! Golden hash of a chaotic scene: W0 (a 32×32 sheet released from
//! horizontal, still swinging hard) after 300 steps.
//!
//! The same bits on every kernel (wide/scalar, f32) and on every instruction
//! set the crate builds for: the lane vocabulary uses only correctly rounded
//! IEEE operations, no fused multiply-add and no approximate reciprocal, so
//! an x86-64-v3 build and a baseline SSE2 build agree bit for bit. CI runs
//! this file in both builds.
//!
//! **Regenerating** (only after a deliberate change to the physics or its
//! arithmetic, with every other gate green): run
//! `cargo test --release -p cloth-solver --test golden -- --nocapture`,
//! copy the printed hash into `GOLDEN`, and say why in the commit.

use cloth_solver::{scenes, Kernel, SeedOptions};

const GOLDEN: u64 = 0x18e2_7434_1381_fccd;

#[test]
fn w0_after_300_steps_matches_the_golden_hash_on_every_f32_kernel() {
    for kernel in [Kernel::Wide, Kernel::Scalar] {
        let mut c = scenes::w0_cloth(SeedOptions::m0());
        c.set_kernel(kernel);
        for _ in 0..300 {
            c.step();
        }
        let hash = c.state_hash();
        println!("{kernel:?}: {hash:#018x}");
        assert_eq!(hash, GOLDEN, "{kernel:?}: {hash:#018x} (see the header to regenerate)");
    }
}
