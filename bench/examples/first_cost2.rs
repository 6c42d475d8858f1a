//! Scratch: profile a cape's first step (fresh clones) against its later ones.
use cloth_bench::field::Crowd;
use std::time::Instant;

fn main() {
    let mode = std::env::args().nth(1).unwrap_or("first".into());
    let mut c = Crowd::new(1, 1, None);
    c.drive(1);
    let id = c.walkers[0].cloths()[0];
    let set_id = c.world.cloth_colliders(id).unwrap().unwrap();
    let set = c.world.colliders(set_id).unwrap().clone();
    let fresh = c.world.with_cloth(id, |cl| cl.clone()).unwrap();
    let t0 = Instant::now();
    let mut n = 0;
    if mode == "first" {
        for _ in 0..3000 {
            let mut cl = fresh.clone();
            cl.step_with(&set);
            n += 1;
        }
    } else {
        let mut cl = fresh.clone();
        cl.step_with(&set);
        for _ in 0..3000 {
            let mut cl2 = cl.clone();
            cl2.step_with(&set);
            n += 1;
        }
    }
    println!("{mode}: {:.1} us per clone+step", t0.elapsed().as_secs_f64() * 1e6 / n as f64);
}
