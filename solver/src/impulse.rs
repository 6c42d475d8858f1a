//! Host impulses ([`crate::Cloth::apply_impulses`]): each hit node's
//! impulse, summed over the call, changes its velocity by `J/m` — unless
//! that is faster than one trust region an iteration, `c = ℓ·S·I/dt` (a
//! quarter of the velocity clamp), when the impulse is shared as one
//! velocity by the patch around it:
//!
//! ```text
//!   |J|/m ≤ c            v_n += J/m
//!   else                 patch P = rings of free nodes around n (mesh edges),
//!                        grown ring by ring until |J|/M(P) ≤ min c over P
//!                        or the connected free nodes run out;
//!                        v_i += J·min(1/M(P), min c/|J|) for every i in P
//! ```
//!
//! The patch moves as one piece, so the hit stretches it nothing and the
//! momentum `J` is kept whole while the cloth has the mass to take it at
//! that speed: a bullet's momentum on one node is a push on the cloth
//! around it, as an inextensible fabric carries it.

use crate::pose::{self, Vec3};

/// Per-cloth scratch, sized on the first call that hits a node.
#[derive(Clone, Debug, Default)]
pub struct ImpulseScratch {
    /// Per node: the impulse summed over the call's entries, cloth frame.
    sum: Vec<Vec3>,
    /// The call's hit nodes, in order of first appearance.
    hit: Vec<u32>,
    /// Mesh adjacency by node (CSR over the topology's edges).
    start: Vec<u32>,
    next: Vec<u32>,
    /// Per node: the epoch it was last visited in; the epoch counter.
    seen: Vec<u32>,
    epoch: u32,
    /// A patch's nodes, in the order they joined.
    patch: Vec<u32>,
}

/// What the spreading reads of the cloth, per caller node.
pub struct Nodes<'a> {
    /// Free nodes' masses (0 for a fixed node), kg.
    pub mass: &'a [f64],
    /// Each node's bound on a hit's velocity change, m/s.
    pub cap: &'a [f64],
    /// The mesh's edges.
    pub edges: &'a [(u32, u32)],
}

impl ImpulseScratch {
    fn size(&mut self, nodes: &Nodes) {
        let n = nodes.mass.len();
        if self.sum.len() == n {
            return;
        }
        self.sum = vec![[0.0; 3]; n];
        self.seen = vec![0; n];
        let mut count = vec![0u32; n + 1];
        for &(a, b) in nodes.edges {
            count[a as usize + 1] += 1;
            count[b as usize + 1] += 1;
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        self.next = vec![0; 2 * nodes.edges.len()];
        for &(a, b) in nodes.edges {
            for (from, to) in [(a, b), (b, a)] {
                self.next[fill[from as usize] as usize] = to;
                fill[from as usize] += 1;
            }
        }
        self.start = count;
    }

    fn bump(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// The velocity changes of the impulses `(node, J)` (cloth frame, N·s),
    /// handed to `add(node, dv)` node by node.
    pub fn spread(
        &mut self,
        nodes: &Nodes,
        impulses: impl Iterator<Item = (u32, Vec3)>,
        mut add: impl FnMut(usize, Vec3),
    ) {
        self.size(nodes);
        let epoch = self.bump();
        self.hit.clear();
        for (node, j) in impulses {
            let i = node as usize;
            if nodes.mass[i] == 0.0 {
                continue;
            }
            if self.seen[i] != epoch {
                self.seen[i] = epoch;
                self.sum[i] = [0.0; 3];
                self.hit.push(node);
            }
            self.sum[i] = pose::add(self.sum[i], j);
        }
        for h in 0..self.hit.len() {
            let n = self.hit[h] as usize;
            let j = self.sum[n];
            let norm = pose::norm(j);
            if norm <= nodes.cap[n] * nodes.mass[n] {
                add(n, pose::scale(j, 1.0 / nodes.mass[n]));
                continue;
            }
            let (mass, cap) = self.patch_for(nodes, n, norm);
            // Past every free node it reaches, the patch moves at its bound.
            let dv = pose::scale(j, (1.0 / mass).min(cap / norm));
            for &i in &self.patch {
                add(i as usize, dv);
            }
        }
    }

    /// Grows the patch around `n` ring by ring until an impulse of `norm`
    /// shared over its mass is within every member's clamp; returns its
    /// mass and smallest clamp.
    fn patch_for(&mut self, nodes: &Nodes, n: usize, norm: f64) -> (f64, f64) {
        let epoch = self.bump();
        self.patch.clear();
        self.patch.push(n as u32);
        self.seen[n] = epoch;
        let (mut mass, mut cap) = (nodes.mass[n], nodes.cap[n]);
        let mut ring = 0..1;
        while norm > cap * mass && !ring.is_empty() {
            let end = self.patch.len();
            for k in ring.clone() {
                let i = self.patch[k] as usize;
                for e in self.start[i]..self.start[i + 1] {
                    let to = self.next[e as usize] as usize;
                    if self.seen[to] != epoch && nodes.mass[to] > 0.0 {
                        self.seen[to] = epoch;
                        self.patch.push(to as u32);
                        mass += nodes.mass[to];
                        cap = cap.min(nodes.cap[to]);
                    }
                }
            }
            ring = end..self.patch.len();
        }
        (mass, cap)
    }
}
