//! Scratch: how often a crowd's cloths flicker between levels under a frame
//! budget: a level held 1 or 2 frames before returning to the one before.
use cloth_bench::field::Crowd;
use cloth_solver::detail::FrameBudget;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let frames: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(600);
    let core_ms: f64 = std::env::args().nth(3).and_then(|s| s.parse().ok()).unwrap_or(4.0);
    let mut c = Crowd::new(n, 0, Some(FrameBudget::new(core_ms)));
    let mut history: Vec<Vec<u8>> = Vec::new();
    let mut asleep = 0usize;
    for frame in 1..=frames {
        c.drive(frame);
        c.world.step().unwrap();
        let levels: Vec<u8> = c.levels().iter().flatten().map(|l| l.0 as u8).collect();
        asleep += c
            .walkers
            .iter()
            .flat_map(|w| w.cloths())
            .filter(|&id| c.world.with_cloth(id, |k| k.is_sleeping()).unwrap())
            .count();
        history.push(levels);
    }
    let (changes, flips) = cloth_bench::crowd::flickers(&history);
    println!("{n} characters, {core_ms} core-ms: {changes} level changes, {flips} flickers (back within 2 frames), cloth-frames asleep {asleep}");
}
