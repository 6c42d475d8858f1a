//! Criterion: one W0 frame, on a moving cloth. A cloth is warmed up 1,200
//! frames (still swinging), and every iteration steps a fresh clone of it, so
//! each sample times the same frame of a moving cloth (PERFORMANCE.md: never
//! time a converged mesh, §7).

use cloth_solver::{scenes, Cloth, Kernel, SeedOptions};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn warmed(kernel: Kernel) -> Cloth {
    let mut c = scenes::w0_cloth(SeedOptions::m0());
    c.set_kernel(kernel);
    for _ in 0..1200 {
        c.step();
    }
    c
}

fn w0(c: &mut Criterion) {
    let mut group = c.benchmark_group("w0_frame");
    for kernel in Kernel::ALL {
        let cloth = warmed(kernel);
        group.bench_function(kernel.name(), |b| {
            b.iter_batched_ref(|| cloth.clone(), |c| c.step(), BatchSize::SmallInput)
        });
    }
    group.finish();
}

criterion_group!(benches, w0);
criterion_main!(benches);
