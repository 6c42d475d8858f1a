use cloth_solver::{experiments as e, library, scenes::Motion, TeleportMode};
fn main() {
    println!("§10 tether rig (tethered / untethered):");
    for (s, i) in [(1, 1), (1, 2), (2, 2), (2, 4)] {
        println!("  {s}x{i}: {:.4} / {:.4}", e::tether_rig(s, i, true), e::tether_rig(s, i, false));
    }
    println!("§10 kick:");
    for (s, i, v) in [(1, 1, 2.0), (1, 1, 6.0), (1, 1, 16.0), (2, 4, 2.0), (2, 4, 16.0)] {
        let (w, f) = e::tether_kick(s, i, v);
        println!("  {s}x{i} {v} m/s: worst {w:.3} final {f:.4}");
    }
    println!("§11 strain rope (with / without):");
    for (s, i) in [(1, 1), (2, 2), (2, 4)] {
        for st in [0.2, 0.5, 1.0] {
            println!("  {s}x{i} stretch {st}: {:.4} / {:.4}", e::strain_rope(s, i, st, true), e::strain_rope(s, i, st, false));
        }
    }
    println!("§12 sleep:");
    for p in library::ALL {
        println!("  {:8} damping {:.2}: {:?}", p.name, p.dynamics.damping, e::sleep_steps(&p, 5000));
    }
    println!("§12 damping table:");
    for d in [0.0, 0.02, 0.05, 0.12, 0.3, 1.0] {
        println!("  {d}: {:.2e}", e::damping_energy(d));
    }
    println!("§13 teleport: reset {:?}", e::teleport(TeleportMode::Reset));
    println!("§13 teleport: keep  {:?}", e::teleport(TeleportMode::Keep));
    println!("§13 locomotion:");
    for p in library::ALL {
        let l = e::locomotion(&p, Motion::SPRINT);
        println!("  {:8} peak {:.2} clamp {:.0} headroom {:.1} teleports {} tether {:.4}", p.name, l.peak, l.clamp, l.clamp / l.peak, l.teleports, l.worst_tether);
    }
    println!("§13 inertia:");
    for i in [0.0, 0.25, 0.5, 0.75, 1.0] {
        println!("  {i}: {:.4}", e::inertia_lag(i));
    }
    println!("§26 fan cape, sprint, tree/rig:");
    for p in [library::SILK, library::DENIM, library::CHAIN] {
        for m in [Motion::Still, Motion::WALK, Motion::SPRINT] {
            let (a, wa) = e::fan_cape_run(&p, m, false, 600);
            let (b, wb) = e::fan_cape_run(&p, m, true, 600);
            let same = a.positions() == b.positions();
            println!("  {:8} {:?}: {wa:.4} / {wb:.4} identical {same}", p.name, m);
        }
    }
}
