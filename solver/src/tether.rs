//! Tether rows: a long-range bound from each free particle to the fixed
//! particle its geodesic distance was measured from (§10).
//!
//! ```text
//!   C = ‖x_i − x_anchor‖ − d_geo,i        clamp [0, ∞)
//!   hard: k_min = k_max = 8·m_i/h² (unary: the anchor is fixed)
//! ```
//!
//! `d_geo` is the shortest path from the particle to the fixed set over
//! stretch rows at rest length — never through skip rows, whose chords would
//! make a curved chain violate its own tether (DESIGN §4). `reach` is the
//! largest `d_geo`. The tether is what makes a low budget viable: a per-edge
//! force travels one hop per iteration and a long-range row does not travel
//! at all (§10: 1.0155 at 1×1 tethered, 1.4650 without).

use crate::distance::{self, Clamp, Geometry};
use crate::lanes::{Lanes, Sym3, V3};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Tether rows bound the distance from above.
pub const CLAMP: Clamp = Clamp::UpperBound;

/// The tether term for the lanes' `(f, H)`; `geo` is of `x_i − x_anchor`.
#[inline(always)]
pub fn term<L: Lanes>(geo: &Geometry<L>, d_geo: L, k: L, lambda: L, f: &mut V3<L>, h: &mut Sym3<L>) {
    distance::term(CLAMP, geo, d_geo, k, lambda, f, h);
}

#[derive(PartialEq)]
struct Key(f64, u32, u32); // distance, source, node

impl Eq for Key {}
impl Ord for Key {
    // Min-heap on (distance, source, node): ties resolve to the lowest index,
    // so the anchor a particle gets never depends on anything but the input.
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0).then(o.1.cmp(&self.1)).then(o.2.cmp(&self.2))
    }
}
impl PartialOrd for Key {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Multi-source Dijkstra from every fixed node over `edges` (node pairs with
/// rest lengths). Returns, per node, `(d_geo, source)`; `None` where no path
/// reaches the fixed set. Fixed nodes get `(0, themselves)`.
pub fn geodesics(fixed: &[bool], edges: &[(u32, u32, f64)]) -> Vec<Option<(f64, u32)>> {
    let n = fixed.len();
    let mut adjacency: Vec<Vec<(u32, f64)>> = vec![Vec::new(); n];
    for &(a, b, l) in edges {
        adjacency[a as usize].push((b, l));
        adjacency[b as usize].push((a, l));
    }
    let mut best: Vec<Option<(f64, u32)>> = vec![None; n];
    let mut heap = BinaryHeap::new();
    for (i, &f) in fixed.iter().enumerate() {
        if f {
            heap.push(Key(0.0, i as u32, i as u32));
        }
    }
    while let Some(Key(d, source, node)) = heap.pop() {
        if best[node as usize].is_some() {
            continue;
        }
        best[node as usize] = Some((d, source));
        for &(next, l) in &adjacency[node as usize] {
            if best[next as usize].is_none() {
                heap.push(Key(d + l, source, next));
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geodesics_follow_rows_and_break_ties_by_index() {
        // 0 (fixed) – 1 – 2 – 3 (fixed), and 4 hangs off 2; 5 is unreachable.
        let fixed = [true, false, false, true, false, false];
        let edges = [(0, 1, 1.0), (1, 2, 1.0), (2, 3, 2.0), (2, 4, 0.5)];
        let g = geodesics(&fixed, &edges);
        assert_eq!(g[0], Some((0.0, 0)));
        assert_eq!(g[1], Some((1.0, 0)));
        assert_eq!(g[2], Some((2.0, 0))); // 2.0 from node 0 and from node 3: the lower index wins
        assert_eq!(g[4], Some((2.5, 0)));
        assert_eq!(g[5], None);
    }
}
