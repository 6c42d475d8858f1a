//! Greedy graph colouring of the free particles.
//!
//! Two particles conflict when any row couples them (a stretch edge, two
//! corners of one bend stencil, …). Particles of one colour share no row, so
//! a colour can be swept in any order — and in SIMD lanes — with the same
//! result (Gauss–Seidel between colours, Jacobi within one).
//!
//! **Visiting order (documented, fixed):** nodes in ascending caller index;
//! each takes the smallest colour none of its already-coloured neighbours
//! holds. The record saw a relabelling of the same mesh change four colours
//! into ten (§7), so the order is part of the contract: on the row-major
//! sheets of the library it gives 4 colours, on chains with skip rows 3 (§14).

/// Colours `n` particles given symmetric adjacency lists; returns the colour
/// of each particle and the number of colours.
pub fn greedy(n: usize, adjacency: &[Vec<u32>]) -> (Vec<u32>, u32) {
    const NONE: u32 = u32::MAX;
    let mut colour = vec![NONE; n];
    let mut taken: Vec<bool> = Vec::new();
    let mut count = 0u32;
    for i in 0..n {
        taken.clear();
        taken.resize(count as usize + 1, false);
        for &j in &adjacency[i] {
            let c = colour[j as usize];
            if c != NONE {
                taken[c as usize] = true;
            }
        }
        let c = taken.iter().position(|&t| !t).unwrap_or(count as usize) as u32;
        colour[i] = c;
        count = count.max(c + 1);
    }
    (colour, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_takes_two_colours_and_a_triangle_three() {
        let path = vec![vec![1], vec![0, 2], vec![1]];
        assert_eq!(greedy(3, &path), (vec![0, 1, 0], 2));
        let tri = vec![vec![1, 2], vec![0, 2], vec![0, 1]];
        assert_eq!(greedy(3, &tri), (vec![0, 1, 2], 3));
    }
}
