//! Skip rows: a chain's bending row (§11). A chain has no diamond to build a
//! quadratic hinge on; a row from each node to its grandparent holds a curved
//! rest shape and costs no new row kind.
//!
//! ```text
//!   C = ‖x_i − x_grandparent‖ − bind distance      clamp (−∞, ∞)
//!   soft: k = bend·8·m_eff/h², no multiplier (ratio ≤ 8 stays dissipative, §6)
//! ```
//!
//! Skip rows live in the links table after the stretch rows and share the
//! stretch term (both are unclamped distance rows); what differs is their
//! penalty, set here, and that they carry no multiplier and no strain limit.
//! They never count toward `d_geo` (a chord would let a curved chain violate
//! its own tether, DESIGN §4).

use crate::constants::SOFT_ROW_RATIO_MAX;
use crate::distance::Stiffness;

/// The penalty of skip rows for a given `bend`.
pub fn stiffness(bend: f64) -> Stiffness {
    Stiffness::SoftRatio { ratio: bend * SOFT_ROW_RATIO_MAX }
}

/// `(node, grandparent)` pairs of a tree, in node order.
pub fn pairs(parents: &[Option<u32>]) -> Vec<(u32, u32)> {
    parents.iter().enumerate().filter_map(|(n, p)| p.and_then(|p| parents[p as usize]).map(|g| (n as u32, g))).collect()
}
