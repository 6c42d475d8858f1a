//! Collider shapes as signed distance fields (DESIGN §8). Being built.
