//! `PointHashGrid`: the record's self-collision broadphase (DESIGN §11,
//! record §34), which measures `closest_free_pair` at seed.
//!
//! A counting sort of points into a power-of-two hash of their integer cell:
//! count per bucket, prefix sum, scatter. There is no insert, no remove and
//! no identity across rebuilds. The per-step search does not use it: on the
//! folding sheet its rebuild and walk cost 2.8× the patch sweep that
//! replaced it (`crate::self_pair`, `MEASUREMENTS.md` M4).
//!
//! Points are scattered in the order they are offered (the caller offers
//! them in caller-node order), so a bucket lists its points in that order
//! whatever storage slots they sit in: a query's visiting order is
//! independent of the slot order within a colour (DESIGN §3.7).
//!
//! Two cells can share a bucket; each entry remembers its cell, so a query
//! takes only its own cells' entries, once each.

/// A hash grid over points (storage slots), rebuilt from scratch by `build`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PointHashGrid {
    inv_cell: f64,
    mask: u32,
    /// `start[b]..start[b + 1]` are bucket `b`'s entries in `items`.
    start: Vec<u32>,
    /// Slots, bucket by bucket, and each one's cell.
    items: Vec<u32>,
    cells: Vec<[i32; 3]>,
    /// Bucket and cell of each offered point, in offer order (scratch).
    key: Vec<u32>,
    offered: Vec<[i32; 3]>,
}

/// The eight cell offsets a query visits, in a fixed order.
const CORNERS: [[i32; 3]; 8] = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]];

impl PointHashGrid {
    /// A grid for up to `capacity` points (its buffers are sized here, never
    /// in a rebuild).
    pub fn with_capacity(capacity: usize) -> Self {
        // Four buckets a point: few cells share one, so a walk mostly reads
        // only its own cell's entries.
        let buckets = (4 * capacity.max(1)).next_power_of_two();
        PointHashGrid {
            inv_cell: 1.0,
            mask: buckets as u32 - 1,
            start: vec![0; buckets + 1],
            items: Vec::with_capacity(capacity),
            cells: Vec::with_capacity(capacity),
            key: Vec::with_capacity(capacity),
            offered: Vec::with_capacity(capacity),
        }
    }

    pub fn capacity(&self) -> usize {
        self.items.capacity()
    }

    /// The integer cell of `p` at the current cell size.
    #[inline(always)]
    pub fn cell(&self, p: [f32; 3]) -> [i32; 3] {
        // `as` saturates, so a huge or non-finite coordinate lands in an edge
        // cell instead of wrapping; the distance test then rejects it.
        p.map(|c| (c as f64 * self.inv_cell).floor() as i32)
    }

    #[inline(always)]
    fn bucket(&self, c: [i32; 3]) -> u32 {
        let h = (c[0] as u32).wrapping_mul(0x8da6_b343)
            ^ (c[1] as u32).wrapping_mul(0xd816_3841)
            ^ (c[2] as u32).wrapping_mul(0xcb1a_b31f);
        h & self.mask
    }

    /// Rebuilds the grid at cell size `cell` over `points` (slot, position),
    /// offered in the order buckets should list them. At most `capacity`
    /// points; allocation-free.
    pub fn build(&mut self, cell: f64, points: impl Iterator<Item = (u32, [f32; 3])> + Clone) {
        self.inv_cell = 1.0 / cell;
        self.start.fill(0);
        self.key.clear();
        self.offered.clear();
        for (_, p) in points.clone() {
            let c = self.cell(p);
            let b = self.bucket(c);
            self.key.push(b);
            self.offered.push(c);
            self.start[b as usize + 1] += 1;
        }
        for b in 1..self.start.len() {
            self.start[b] += self.start[b - 1];
        }
        // Scatter with a running cursor per bucket: `start[b]` advances as
        // bucket `b` fills, then is restored by shifting back one bucket.
        self.items.clear();
        self.items.resize(self.key.len(), 0);
        self.cells.clear();
        self.cells.resize(self.key.len(), [0; 3]);
        for (((slot, _), &b), &c) in points.zip(self.key.iter()).zip(self.offered.iter()) {
            let at = &mut self.start[b as usize];
            self.items[*at as usize] = slot;
            self.cells[*at as usize] = c;
            *at += 1;
        }
        for b in (1..self.start.len()).rev() {
            self.start[b] = self.start[b - 1];
        }
        self.start[0] = 0;
    }

    /// Every point in the eight cells that cover the cube of half-side
    /// `reach` around `p` (`reach` at most half the cell size, so two cells
    /// per axis suffice), once each, in a fixed order: a bucket's entries
    /// count only for the cell they are in, so two cells sharing a bucket
    /// never report a point twice.
    #[inline]
    pub fn near(&self, p: [f32; 3], reach: f64, mut visit: impl FnMut(u32)) {
        let lo = p.map(|c| ((c as f64 - reach) * self.inv_cell).floor() as i32);
        for o in &CORNERS {
            let cell = [lo[0].wrapping_add(o[0]), lo[1].wrapping_add(o[1]), lo[2].wrapping_add(o[2])];
            let b = self.bucket(cell) as usize;
            let (start, end) = (self.start[b] as usize, self.start[b + 1] as usize);
            let (items, cells) = (&self.items[start..end], &self.cells[start..end]);
            for k in 0..items.len() {
                if cells[k] == cell {
                    visit(items[k]);
                }
            }
        }
    }

    pub fn bytes(&self) -> usize {
        4 * (self.start.len() + self.items.capacity() + self.key.capacity())
            + 12 * (self.cells.capacity() + self.offered.capacity())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair closer than half the cell size is found, from either end.
    #[test]
    fn finds_every_close_pair_and_lists_in_offer_order() {
        let mut rng = crate::rng::SplitMix64::new(3);
        let points: Vec<[f32; 3]> = (0..500).map(|_| [0; 3].map(|_| rng.range(-0.5, 0.5) as f32)).collect();
        let mut grid = PointHashGrid::with_capacity(points.len());
        let r = 0.07;
        grid.build(2.0 * r, points.iter().enumerate().map(|(i, &p)| (i as u32, p)));
        for (i, &p) in points.iter().enumerate() {
            let mut found = Vec::new();
            grid.near(p, r, |j| found.push(j));
            let mut sorted = found.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), found.len(), "a point visited twice");
            for (j, &q) in points.iter().enumerate() {
                let d = (0..3).map(|k| (p[k] - q[k]) as f64).map(|x| x * x).sum::<f64>().sqrt();
                if d < r {
                    assert!(found.contains(&(j as u32)), "{i}–{j} at {d} missed");
                }
            }
        }
        // Within a bucket, entries keep the offer order.
        for b in 0..grid.start.len() - 1 {
            let items = &grid.items[grid.start[b] as usize..grid.start[b + 1] as usize];
            assert!(items.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
