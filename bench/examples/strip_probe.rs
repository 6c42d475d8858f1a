use cloth_solver::{front_door, library, scenes, self_pair, Cloth, Dynamics, SeedOptions, Tuning};
fn main() {
    let (input, _) = front_door::tree(&scenes::strip_cape()).expect("the cape seeds");
    let root = |mut n: usize| {
        while let Some(p) = input.parents[n] {
            n = p as usize;
        }
        n
    };
    let n = input.positions.len();
    for (sub, it) in [(2, 4), (4, 8)] {
        let d = Dynamics { self_collision: true, substeps: sub, iterations: it, ..library::SILK.dynamics };
        let tuning = Tuning { sleep: false, ..Tuning::default() };
        let mut cloth = Cloth::with_options(&input, d, tuning, SeedOptions::default()).expect("seeds");
        let diameter = 2.0 * self_pair::radius(cloth.model(), d.thickness);
        let width = |c: &Cloth| {
            let xs = (0..c.nodes()).filter(|&n| !input.fixed[n]).map(|n| c.position(n)[0] as f64);
            let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| (l.min(x), h.max(x)));
            hi - lo
        };
        let closest = |c: &Cloth| {
            let mut m = f64::INFINITY;
            for i in 0..n {
                for j in 0..i {
                    if root(i) != root(j) && !(input.fixed[i] && input.fixed[j]) {
                        let (a, b) = (c.position(i), c.position(j));
                        let d = (0..3).map(|k| (a[k] as f64 - b[k] as f64).powi(2)).sum::<f64>().sqrt();
                        m = m.min(d);
                    }
                }
            }
            m / diameter
        };
        let mut line = format!("{sub}x{it}: diameter {diameter:.4}");
        let mut low = f64::INFINITY;
        for k in 1..=1200 {
            cloth.step();
            if k > 120 {
                low = low.min(closest(&cloth));
            }
            if [60, 600, 1200].contains(&k) {
                line +=
                    &format!(" | {:.0}s width {:.4} closest {:.3}", k as f64 / 60.0, width(&cloth), closest(&cloth));
            }
        }
        println!("{line} | lowest after 2 s {low:.3} pairs {}", cloth.state().self_collision.stats.pairs);
    }
}
