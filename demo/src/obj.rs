//! Wavefront OBJ export: one file per rendered frame holding every garment
//! as a named object — surfaces as triangles with texture coordinates, ropes
//! as polylines (`l`) — in world metres, +Y up. Blender imports a frame with
//! File ▸ Import ▸ Wavefront (choose "Y up"); a mesh-sequence add-on plays
//! the folder as an animation.

use crate::garments::{Piece, WorldShape};
use std::fmt::Write as _;
use std::io;
use std::path::Path;

/// Writes the garments of one frame to `path`.
pub fn write_frame(path: &Path, header: &str, garments: &[(Piece, WorldShape)]) -> io::Result<()> {
    std::fs::write(path, frame_text(header, garments))
}

/// The OBJ text of one frame. Indices are 1-based and global to the file.
pub fn frame_text(header: &str, garments: &[(Piece, WorldShape)]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# cloth-demo: {header}");
    let (mut v_base, mut vt_base, mut vn_base) = (0usize, 0usize, 0usize);
    for (piece, shape) in garments {
        let _ = writeln!(s, "o {}", piece.name());
        match shape {
            WorldShape::Surface { positions, triangles, uv, normals } => {
                for p in positions {
                    let _ = writeln!(s, "v {:.5} {:.5} {:.5}", p[0], p[1], p[2]);
                }
                for t in uv {
                    let _ = writeln!(s, "vt {:.5} {:.5}", t[0], t[1]);
                }
                for n in normals {
                    let _ = writeln!(s, "vn {:.5} {:.5} {:.5}", n[0], n[1], n[2]);
                }
                for tri in triangles {
                    let [a, b, c] = tri.map(|i| i as usize + 1);
                    let (va, vb, vc) = (a + v_base, b + v_base, c + v_base);
                    let (ta, tb, tc) = (a + vt_base, b + vt_base, c + vt_base);
                    if normals.is_empty() {
                        let _ = writeln!(s, "f {va}/{ta} {vb}/{tb} {vc}/{tc}");
                    } else {
                        let (na, nb, nc) = (a + vn_base, b + vn_base, c + vn_base);
                        let _ = writeln!(s, "f {va}/{ta}/{na} {vb}/{tb}/{nb} {vc}/{tc}/{nc}");
                    }
                }
                v_base += positions.len();
                vt_base += uv.len();
                vn_base += normals.len();
            }
            WorldShape::Line { points, .. } => {
                for p in points {
                    let _ = writeln!(s, "v {:.5} {:.5} {:.5}", p[0], p[1], p[2]);
                }
                let indices: Vec<String> = (1..=points.len()).map(|i| (i + v_base).to_string()).collect();
                let _ = writeln!(s, "l {}", indices.join(" "));
                v_base += points.len();
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Indices after the first object continue from its vertices.
    #[test]
    fn indices_are_global_and_one_based() {
        let sheet = WorldShape::Surface {
            positions: vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
            triangles: vec![[0, 1, 2]],
            uv: vec![[0.0; 2]; 3],
            normals: Vec::new(),
        };
        let rope = WorldShape::Line { points: vec![[0.0; 3], [0.0, -1.0, 0.0]], radius: 0.01 };
        let text = frame_text("test", &[(Piece::Cape, sheet), (Piece::Rope, rope)]);
        assert!(text.contains("o cape\n"), "{text}");
        assert!(text.contains("f 1/1 2/2 3/3\n"), "{text}");
        assert!(text.contains("o rope\n"), "{text}");
        assert!(text.contains("l 4 5\n"), "{text}");
    }
}
