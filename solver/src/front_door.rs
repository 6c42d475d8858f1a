//! Front doors (DESIGN §9): the ways a host describes a cloth. Each one's
//! entire job is to produce a [`ClothInput`] — positions in the anchor's
//! frame, masses, the fixed set, parents — for the one row builder
//! (`crate::seed`), so two front doors describing the same garment give
//! bit-identical cloths (§25).
//!
//! - **Sheet**: a triangle list ([`crate::scenes::SheetSpec`] builds one).
//! - **Tree** ([`tree`]): nodes with parents, for strips, ropes, ponytails. A
//!   node whose parent is outside the cloth hangs from the anchor and is
//!   fixed; all such nodes must hang from the same bone (§24).
//! - **Rig** ([`rig`]): joints of a skeleton with its bind pose. The cloth
//!   *owns* those joints: the host must stop animating them and write back
//!   the poses the cloth produces (§25).

use crate::error::SeedError;
use crate::pose::{self, Pose};
use crate::seed::ClothInput;

/// Where a tree node hangs from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parent {
    /// Another node of this cloth (an index into the node list).
    Node(u32),
    /// A bone outside the cloth (the host's identifier): the node is fixed to
    /// the anchor frame. Every such node must name the same bone.
    Bone(u32),
}

/// A tree of nodes in the anchor's frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TreeInput {
    pub parents: Vec<Parent>,
    /// Bind (and initial animated) position of each node in the anchor's
    /// frame, m.
    pub positions: Vec<[f32; 3]>,
    /// Mass of each node, kg (read only for nodes that hang from another node).
    pub masses: Vec<f32>,
}

/// What a tree front door tells the rest of the system besides the input.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeInfo {
    /// The bone every root hangs from (the cloth's anchor).
    pub anchor_bone: u32,
    /// Parent of each node inside the cloth (`None`: hangs from the anchor).
    pub parents: Vec<Option<u32>>,
}

/// Builds the cloth input of a tree. Errors name the offending node.
pub fn tree(input: &TreeInput) -> Result<(ClothInput, TreeInfo), SeedError> {
    let n = input.parents.len();
    if n == 0 {
        return Err(SeedError::Empty);
    }
    let mut anchor: Option<(usize, u32)> = None;
    let mut parents = Vec::with_capacity(n);
    for (node, parent) in input.parents.iter().enumerate() {
        match *parent {
            Parent::Node(p) => {
                if p as usize >= n {
                    return Err(SeedError::ParentOutOfRange { node, parent: p });
                }
                parents.push(Some(p));
            }
            Parent::Bone(bone) => {
                match anchor {
                    None => anchor = Some((node, bone)),
                    Some((first, b)) if b != bone => {
                        return Err(SeedError::SeveralAnchors {
                            node: first,
                            bone: b,
                            other_node: node,
                            other_bone: bone,
                        })
                    }
                    _ => {}
                }
                parents.push(None);
            }
        }
    }
    let Some((_, anchor_bone)) = anchor else {
        return Err(SeedError::NoAnchor);
    };
    let cloth = ClothInput {
        positions: input.positions.clone(),
        masses: input.masses.clone(),
        fixed: parents.iter().map(Option::is_none).collect(),
        triangles: Vec::new(),
        parents: parents.clone(),
        bind_rotations: Vec::new(),
    };
    Ok((cloth, TreeInfo { anchor_bone, parents }))
}

/// A skeleton: a parent per joint and each joint's bind transform relative to
/// its parent (what glTF and FBX skeletons carry).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Skeleton {
    pub parents: Vec<Option<u32>>,
    pub local_bind: Vec<Pose>,
}

/// What the rig front door tells the rest of the system.
#[derive(Clone, Debug, PartialEq)]
pub struct RigInfo {
    /// The joint the garment hangs from: the cloth's anchor.
    pub anchor_joint: u32,
    /// The skeleton joint of each cloth node (the order of `joints`).
    pub joints: Vec<u32>,
    pub tree: TreeInfo,
}

/// Builds the cloth input of a rigged garment: `joints` are the skeleton
/// joints the cloth owns (their order is the node order), `masses` their
/// masses. A joint whose parent is not in the set hangs from that parent,
/// which must be the same joint for all of them: the anchor. Positions are
/// the bind pose expressed in the anchor's bind frame, composed from the
/// parent-relative bind transforms.
pub fn rig(skeleton: &Skeleton, joints: &[u32], masses: &[f32]) -> Result<(ClothInput, RigInfo), SeedError> {
    let count = skeleton.parents.len();
    if skeleton.local_bind.len() != count {
        return Err(SeedError::LengthMismatch { what: "local_bind", expected: count, got: skeleton.local_bind.len() });
    }
    if masses.len() != joints.len() {
        return Err(SeedError::LengthMismatch { what: "masses", expected: joints.len(), got: masses.len() });
    }
    let mut node_of_joint = vec![u32::MAX; count];
    for (node, &j) in joints.iter().enumerate() {
        if j as usize >= count {
            return Err(SeedError::JointOutOfRange { node, joint: j });
        }
        if node_of_joint[j as usize] != u32::MAX {
            return Err(SeedError::DuplicateJoint { node, joint: j });
        }
        node_of_joint[j as usize] = node as u32;
    }
    for (j, p) in skeleton.parents.iter().enumerate() {
        if let Some(p) = *p {
            if p as usize >= count {
                return Err(SeedError::ParentOutOfRange { node: j, parent: p });
            }
        }
        let bind = &skeleton.local_bind[j];
        if !bind.is_finite() {
            return Err(SeedError::NonFinitePosition { node: j });
        }
        // Composed along the chain, a non-unit rotation would scale what
        // hangs below it (and a huge one overflow).
        if let Some(c) = bind.translation.iter().copied().find(|c| c.abs() > crate::constants::COORDINATE_LIMIT) {
            return Err(SeedError::BadBindTransform {
                joint: j,
                coordinate: Some(c),
                rotation_norm: bind.rotation.norm(),
            });
        }
        let unit = (bind.rotation.norm() - 1.0).abs() <= 1e-3; // false for NaN and inf
        if !unit {
            return Err(SeedError::bind_rotation(j, bind.rotation));
        }
    }
    let mut parents = Vec::with_capacity(joints.len());
    for (node, &j) in joints.iter().enumerate() {
        parents.push(match skeleton.parents[j as usize] {
            Some(p) if node_of_joint[p as usize] != u32::MAX => Parent::Node(node_of_joint[p as usize]),
            Some(p) => Parent::Bone(p),
            None => return Err(SeedError::NoParentBone { node, joint: j }),
        });
    }
    // Bind positions in the anchor's frame: compose parent-relative bind
    // transforms from the anchor down (f64), then round once.
    let mut frame: Vec<Option<Pose>> = vec![None; joints.len()];
    fn resolve(
        node: usize,
        joints: &[u32],
        parents: &[Parent],
        sk: &Skeleton,
        frame: &mut [Option<Pose>],
        depth: usize,
    ) -> Result<Pose, SeedError> {
        if let Some(p) = frame[node] {
            return Ok(p);
        }
        if depth > joints.len() {
            return Err(SeedError::Cycle { node });
        }
        let local = sk.local_bind[joints[node] as usize];
        let pose = match parents[node] {
            Parent::Bone(_) => local,
            Parent::Node(p) => resolve(p as usize, joints, parents, sk, frame, depth + 1)?.mul(&local),
        };
        frame[node] = Some(pose);
        Ok(pose)
    }
    for node in 0..joints.len() {
        resolve(node, joints, &parents, skeleton, &mut frame, 0)?;
    }
    let positions: Vec<[f32; 3]> = frame.iter().map(|p| p.expect("resolved").translation.map(|c| c as f32)).collect();
    if let Some(node) = positions.iter().position(|p| !pose::is_finite(p.map(f64::from))) {
        return Err(SeedError::NonFinitePosition { node });
    }
    let (mut cloth, tree) = tree(&TreeInput { parents, positions, masses: masses.to_vec() })?;
    // The anchor must not hang from a joint the cloth owns: the cloth would
    // move the bone it hangs from (only a skeleton with a cycle through the
    // anchor can say so). The walk stops after every joint once.
    let mut up = skeleton.parents[tree.anchor_bone as usize];
    for _ in 0..count {
        let Some(j) = up else { break };
        if node_of_joint[j as usize] != u32::MAX {
            return Err(SeedError::AnchorHangsFromCloth { anchor: tree.anchor_bone, joint: j });
        }
        up = skeleton.parents[j as usize];
    }
    cloth.bind_rotations = frame.iter().map(|p| p.expect("resolved").rotation.normalized()).collect();
    Ok((cloth, RigInfo { anchor_joint: tree.anchor_bone, joints: joints.to_vec(), tree }))
}
