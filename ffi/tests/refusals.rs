//! The header states every function's refusals (issue 20, item 5): the rules
//! every function shares are in its ERRORS section, and each function's
//! comment ends with a `Refuses:` line naming the refusals it adds. These
//! tests hold `include/cloth.h` to the code:
//!
//! - every function the header declares has a `Refuses:` line, so a new
//!   function cannot ship without one;
//! - every status a `Refuses:` line names is provoked — here, or by the
//!   quoted assertion of another test (`misuse.c`, `hardening.rs`,
//!   `src/tests.rs`), which this test finds in that file — and every case
//!   here is one its function's line names;
//! - the shared rules no other test covers: a descriptor's own alignment,
//!   an array's pointer with a count of 0, the exclusive calls inside a
//!   step, the field ranges the struct comments state. (BUSY and a damaged cloth's INTERNAL need the library's insides:
//!   `src/tests.rs`.)

mod common;

use ::cloth::boundary::cloth_status::*;
use ::cloth::boundary::{cloth_status, cloth_status_name};
use ::cloth::*;
use common::*;
use std::collections::BTreeSet;
use std::ffi::CStr;
use std::path::Path;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// Every function `include/cloth.h` declares, with the comment above it.
fn declarations() -> Vec<(String, String)> {
    let header = read("include/cloth.h");
    let mut out = Vec::new();
    let mut comment = String::new();
    for line in header.lines() {
        if let Some(text) = line.strip_prefix("//") {
            comment.push_str(text.trim());
            comment.push('\n');
            continue;
        }
        // A declaration starts at column 0 with its return type; its name is
        // the identifier before the first '('.
        let first_char = line.chars().next().unwrap_or(' ');
        if first_char.is_ascii_alphabetic() && !line.starts_with("typedef") {
            if let Some(open) = line.find('(') {
                let name = line[..open].rsplit([' ', '*']).next().unwrap_or("");
                if name.starts_with("cloth_") {
                    out.push((name.to_string(), std::mem::take(&mut comment)));
                }
            }
        }
        comment.clear();
    }
    out
}

/// Every function ffi/src exports (`#[no_mangle]`).
fn exported() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in ["boundary", "types", "world", "collider", "cloth"] {
        let source = read(&format!("ffi/src/{file}.rs"));
        for item in source.split("#[no_mangle]").skip(1) {
            let after = &item[item.find("extern \"C\" fn ").expect("an extern fn follows #[no_mangle]") + 14..];
            out.insert(after[..after.find('(').unwrap()].to_string());
        }
    }
    out
}

/// Every status name but CLOTH_STATUS_OK's, without the CLOTH_STATUS_ prefix.
fn refusal_names() -> Vec<&'static str> {
    (1u32..)
        .map(|code| {
            // SAFETY: a static NUL-terminated string.
            unsafe { CStr::from_ptr(cloth_status_name(code)) }.to_str().unwrap()
        })
        .take_while(|name| *name != "CLOTH_STATUS_UNKNOWN")
        .map(|name| name.strip_prefix("CLOTH_STATUS_").unwrap())
        .collect()
}

fn short(status: cloth_status) -> &'static str {
    refusal_names()[status as usize - 1]
}

/// The statuses a function's `Refuses:` line names.
fn named_refusals(comment: &str) -> BTreeSet<&'static str> {
    let Some(at) = comment.find("Refuses:") else { return BTreeSet::new() };
    let words: BTreeSet<&str> =
        comment[at..].split(|c: char| !(c.is_ascii_uppercase() || c == '_')).filter(|w| !w.is_empty()).collect();
    refusal_names().into_iter().filter(|name| words.contains(name)).collect()
}

/// Every function the header declares — each one ffi/src exports — has a
/// comment with one line that starts "Refuses:".
#[test]
fn every_function_states_its_refusals() {
    let declared = declarations();
    let names: BTreeSet<String> = declared.iter().map(|(name, _)| name.clone()).collect();
    assert_eq!(names, exported(), "the header's declarations and ffi/src's exports");
    for (name, comment) in &declared {
        assert_eq!(
            comment.lines().filter(|l| l.starts_with("Refuses:")).count(),
            1,
            "{name}'s comment needs one line starting \"Refuses:\" (see the header's ERRORS section):\n{comment}"
        );
    }
}

/// What every case provokes from: a world with a four-by-four sheet, a
/// collider set and a sphere 3 m below the origin in it.
struct Fixture {
    w: cloth_world,
    cloth: cloth_id,
    set: cloth_collider_set_id,
    collider: cloth_collider_id,
}

impl Fixture {
    fn new() -> Fixture {
        let w = world();
        let s = set(w);
        Fixture { w, cloth: sheet(w), set: s, collider: collider(w, s) }
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = cloth_world_destroy(self.w);
    }
}

/// How a refusal a `Refuses:` line names is shown to happen.
enum Proof {
    /// Provoked here.
    Here(fn(&Fixture) -> cloth_status),
    /// Asserted by another test: the file, and its text that asserts it.
    Elsewhere(&'static str, &'static str),
    /// Cannot be provoked on this machine: why.
    Unprovokable(&'static str),
}

struct Case {
    function: &'static str,
    status: cloth_status,
    when: &'static str,
    proof: Proof,
}

use Proof::*;

fn case(function: &'static str, status: cloth_status, when: &'static str, proof: Proof) -> Case {
    Case { function, status, when, proof }
}

/// cloth_masses_from_density on one triangle of three nodes whose last
/// corner is `last`.
fn masses_from_density(last: u32, density: f64) -> cloth_status {
    let positions = [
        cloth_vec3f { x: 0.0, y: 0.0, z: 0.0 },
        cloth_vec3f { x: 0.1, y: 0.0, z: 0.0 },
        cloth_vec3f { x: 0.0, y: 0.1, z: 0.0 },
    ];
    let (triangle, mut masses) = ([0u32, 1, last], [0.0f32; 3]);
    // SAFETY: three nodes, one triangle, three masses.
    unsafe { cloth_masses_from_density(positions.as_ptr(), 3, triangle.as_ptr(), 1, density, masses.as_mut_ptr()) }
}

fn status_of<T>(r: Result<T, cloth_status>) -> cloth_status {
    r.err().unwrap_or(CLOTH_STATUS_OK)
}

/// A cloth from a tree of nodes with the default description (and, given
/// one, that collider set).
fn tree(
    w: cloth_world,
    positions: &[[f32; 3]],
    masses: &[f32],
    parents: &[u32],
    set: cloth_collider_set_id,
) -> cloth_status {
    let positions: Vec<cloth_vec3f> = positions.iter().map(|p| cloth_vec3f { x: p[0], y: p[1], z: p[2] }).collect();
    let desc = cloth_tree_desc {
        node_count: parents.len() as u32,
        positions: positions.as_ptr(),
        masses: masses.as_ptr(),
        parents: parents.as_ptr(),
        ..cloth_default_tree_desc()
    };
    let mut id = cloth_id::default();
    // SAFETY: every pointer is valid for its count during the call.
    unsafe { cloth_create_tree(w, &desc, &cloth_desc { colliders: set, ..cloth_default_desc() }, &mut id) }
}

/// A sheet of the given nodes and triangles, node 0 fixed.
fn small_sheet(w: cloth_world, positions: &[[f32; 3]], triangles: &[u32]) -> cloth_status {
    let sheet = Sheet {
        positions: positions.iter().map(|p| cloth_vec3f { x: p[0], y: p[1], z: p[2] }).collect(),
        masses: vec![0.01; positions.len()],
        fixed: (0..positions.len()).map(|i| (i == 0) as u32).collect(),
        triangles: triangles.to_vec(),
    };
    status_of(sheet.create(w, &cloth_default_desc()))
}

/// The 4 × 4 test sheet welded at `tolerance` m.
fn welded_sheet(w: cloth_world, tolerance: f32) -> cloth_status {
    let sheet = Sheet::new(4);
    let desc = cloth_sheet_desc { weld_tolerance: tolerance, ..sheet.desc() };
    let mut id = cloth_id::default();
    // SAFETY: every pointer is valid for the call.
    unsafe { cloth_create_sheet(w, &desc, &cloth_default_desc(), &mut id) }
}

/// Each bind transform 10 cm below its parent joint.
fn binds(joints: usize) -> Vec<cloth_pose> {
    vec![pose([0.0, -0.1, 0.0], [0.0, 0.0, 0.0, 1.0]); joints]
}

const NO: u32 = CLOTH_NO_PARENT;
const MISUSE: &str = "ffi/examples/misuse.c";
const HARDENING: &str = "ffi/tests/hardening.rs";

/// One impulse on the fixture's sheet.
fn impulse(f: &Fixture, node: u32, j: cloth_vec3) -> cloth_status {
    // SAFETY: one node and one impulse, valid for the call.
    unsafe { cloth_apply_impulses(f.w, f.cloth, &node, &j, 1) }
}

/// Max distances (or, with `backstop`, backstop radii) on the fixture's
/// sheet from node `first`.
fn paint(f: &Fixture, first: u32, values: &[f32], backstop: bool) -> cloth_status {
    // SAFETY: `values` is valid for its length during the call.
    unsafe {
        match backstop {
            false => cloth_set_max_distances(f.w, f.cloth, first, values.as_ptr(), values.len()),
            true => cloth_set_backstops(f.w, f.cloth, first, std::ptr::null(), values.as_ptr(), values.len()),
        }
    }
}

/// Controls on the fixture's sheet.
fn controls(f: &Fixture, c: cloth_controls) -> cloth_status {
    // SAFETY: a valid struct for the call.
    unsafe { cloth_set_controls(f.w, f.cloth, &c) }
}

/// The anchor velocity of the fixture's sheet.
fn anchor_velocity(f: &Fixture, v: [f64; 3]) -> cloth_status {
    let v = cloth_vec3 { x: v[0], y: v[1], z: v[2] };
    // SAFETY: a valid vector for the call.
    unsafe { cloth_set_anchor_velocity(f.w, f.cloth, &v) }
}

/// The fixture's controls read into a struct of the given struct_size.
fn read_controls(f: &Fixture, size: u32) -> cloth_status {
    let mut c = cloth_controls { struct_size: size, ..cloth_default_controls() };
    // SAFETY: a valid out-pointer of the full size.
    unsafe { cloth_get_controls(f.w, f.cloth, &mut c) }
}

/// One inertia scale on the fixture's sheet.
fn inertia(f: &Fixture, node: u32, scale: f32) -> cloth_status {
    // SAFETY: one value, valid for the call.
    unsafe { cloth_set_inertia_scales(f.w, f.cloth, node, &scale, 1) }
}

/// One mass on the fixture's sheet (node 5 is free, the top row fixed).
fn mass(f: &Fixture, node: u32, mass: f32) -> cloth_status {
    // SAFETY: one value, valid for the call.
    unsafe { cloth_set_masses(f.w, f.cloth, node, &mass, 1) }
}

/// One anim-drive strength on the fixture's sheet.
fn drive(f: &Fixture, node: u32, strength: f32) -> cloth_status {
    // SAFETY: one value, valid for the call.
    unsafe { cloth_set_anim_drive(f.w, f.cloth, node, &strength, 1) }
}

/// A two-node rope whose second node is painted `max`.
fn painted_tree(w: cloth_world, max: f32) -> cloth_status {
    let positions = [cloth_vec3f::default(), cloth_vec3f { x: 0.0, y: -0.1, z: 0.0 }];
    let (masses, parents, max) = ([0.1f32; 2], [NO, 0], [0.0, max]);
    let desc = cloth_tree_desc {
        node_count: 2,
        positions: positions.as_ptr(),
        masses: masses.as_ptr(),
        parents: parents.as_ptr(),
        max_distances: max.as_ptr(),
        ..cloth_default_tree_desc()
    };
    let mut id = cloth_id::default();
    // SAFETY: every pointer is valid for its count during the call.
    unsafe { cloth_create_tree(w, &desc, &cloth_default_desc(), &mut id) }
}

/// A two-joint rig (one owned joint) whose node is painted `max`.
fn painted_rig(w: cloth_world, max: f32) -> cloth_status {
    let binds = binds(2);
    let (parents, joints, masses, max) = ([NO, 0], [1u32], [0.1f32], [max]);
    let desc = cloth_rig_desc {
        joint_count: 2,
        node_count: 1,
        skeleton_parents: parents.as_ptr(),
        local_bind: binds.as_ptr(),
        joints: joints.as_ptr(),
        masses: masses.as_ptr(),
        max_distances: max.as_ptr(),
        ..cloth_default_rig_desc()
    };
    let mut id = cloth_id::default();
    // SAFETY: every pointer is valid for its count during the call.
    unsafe { cloth_create_rig(w, &desc, &cloth_default_desc(), &mut id) }
}

/// The fixture's sheet cooked.
fn cooked(f: &Fixture) -> Vec<u8> {
    let mut size = 0;
    // SAFETY: a size query (out NULL, capacity 0), then a buffer of that size.
    unsafe {
        ok(cloth_cook(f.w, f.cloth, std::ptr::null_mut(), 0, &mut size));
        let mut blob = vec![0u8; size];
        ok(cloth_cook(f.w, f.cloth, blob.as_mut_ptr(), size, &mut size));
        blob
    }
}

/// A cloth created from `blob` with `desc`.
fn from_cooked(f: &Fixture, blob: &[u8], desc: &cloth_desc) -> cloth_status {
    let mut id = cloth_id::default();
    // SAFETY: the blob is valid for its length, the descriptors for the call.
    unsafe { cloth_create_from_cooked(f.w, blob.as_ptr(), blob.len(), desc, &mut id) }
}

/// `cloth_read_vertices` on the fixture's sheet with the default layout as
/// `edit` leaves it, into a buffer of `bytes` bytes.
fn vertices(f: &Fixture, edit: fn(&mut cloth_vertex_layout), bytes: usize) -> cloth_status {
    let mut layout = cloth_default_vertex_layout();
    edit(&mut layout);
    let mut buffer = vec![0u8; bytes];
    // SAFETY: a valid layout and a buffer of `bytes` bytes.
    unsafe { cloth_read_vertices(f.w, f.cloth, &layout, buffer.as_mut_ptr().cast(), bytes) }
}

/// `cloth_read_vertices` of the fixture through `map` (its length as
/// node_count and node_map_count until `edit` changes them), into 16
/// vertices' bytes.
fn mapped(f: &Fixture, map: &[u32], edit: fn(&mut cloth_vertex_layout)) -> cloth_status {
    let mut layout = cloth_default_vertex_layout();
    layout.node_count = map.len() as u32;
    layout.node_map = map.as_ptr();
    layout.node_map_count = map.len();
    edit(&mut layout);
    let mut buffer = [0u8; 16 * 12];
    // SAFETY: `map` holds map.len() entries (a layout claiming more is
    // refused before the map is read) and the buffer 192 bytes.
    unsafe { cloth_read_vertices(f.w, f.cloth, &layout, buffer.as_mut_ptr().cast(), buffer.len()) }
}

/// Every refusal a `Refuses:` line names, and where it happens.
fn cases() -> Vec<Case> {
    vec![
        case(
            "cloth_preset_dynamics",
            CLOTH_STATUS_INVALID_ENUM,
            "a preset past HAIR",
            Here(|_| {
                let mut d = cloth_default_dynamics();
                // SAFETY: a valid out-pointer.
                unsafe { cloth_preset_dynamics(CLOTH_PRESET_HAIR + 1, &mut d) }
            }),
        ),
        case(
            "cloth_preset_dynamics",
            CLOTH_STATUS_INVALID_ENUM,
            "CLOTH_PRESET_CUSTOM",
            Elsewhere(MISUSE, "EXPECT(cloth_preset_dynamics(CLOTH_PRESET_CUSTOM, &got), CLOTH_STATUS_INVALID_ENUM);"),
        ),
        case(
            "cloth_preset_dynamics",
            CLOTH_STATUS_STRUCT_SIZE,
            "a struct_size of 0",
            Here(|_| {
                let mut d = cloth_dynamics { struct_size: 0, ..cloth_default_dynamics() };
                // SAFETY: a valid out-pointer of the full size.
                unsafe { cloth_preset_dynamics(CLOTH_PRESET_DENIM, &mut d) }
            }),
        ),
        case(
            "cloth_get_dynamics",
            CLOTH_STATUS_STRUCT_SIZE,
            "a struct_size of 0",
            Here(|f| {
                let mut d = cloth_dynamics { struct_size: 0, ..cloth_default_dynamics() };
                // SAFETY: a valid out-pointer of the full size.
                unsafe { cloth_get_dynamics(f.w, f.cloth, &mut d) }
            }),
        ),
        case(
            "cloth_world_create",
            CLOTH_STATUS_UNSUPPORTED_CPU,
            "a CPU without the build's instruction set",
            Unprovokable("this CPU runs the build (every_refusal_a_function_names_is_provoked asserts it)"),
        ),
        case(
            "cloth_world_create",
            CLOTH_STATUS_INTERNAL,
            "the system refuses a thread",
            Unprovokable("the system starts every thread asked for"),
        ),
        case(
            "cloth_world_step",
            CLOTH_STATUS_INTERNAL,
            "a cloth's step panics",
            Elsewhere("ffi/src/tests.rs", "assert_eq!(cloth_world_step(w), CLOTH_STATUS_INTERNAL);"),
        ),
        case(
            "cloth_world_begin_step",
            CLOTH_STATUS_WRONG_PHASE,
            "a step already open",
            Elsewhere(MISUSE, "EXPECT(cloth_world_begin_step(w), CLOTH_STATUS_WRONG_PHASE);"),
        ),
        case(
            "cloth_world_step_cloth",
            CLOTH_STATUS_WRONG_PHASE,
            "no step open",
            Elsewhere(MISUSE, "/* Phases. */\n    EXPECT(cloth_world_step_cloth(w, c), CLOTH_STATUS_WRONG_PHASE);"),
        ),
        case(
            "cloth_world_step_cloth",
            CLOTH_STATUS_WRONG_PHASE,
            "a cloth stepped twice",
            Elsewhere(
                MISUSE,
                "EXPECT(cloth_world_step_cloth(w, c), CLOTH_STATUS_WRONG_PHASE); /* twice in one step */",
            ),
        ),
        case(
            "cloth_world_end_step",
            CLOTH_STATUS_WRONG_PHASE,
            "no step open",
            Elsewhere(MISUSE, "EXPECT(cloth_world_end_step(w), CLOTH_STATUS_WRONG_PHASE);"),
        ),
        case(
            "cloth_collider_set_destroy",
            CLOTH_STATUS_IN_USE,
            "a cloth collides with the set",
            Elsewhere(MISUSE, "EXPECT(cloth_collider_set_destroy(w, set), CLOTH_STATUS_IN_USE);"),
        ),
        case(
            "cloth_collider_create",
            CLOTH_STATUS_OUT_OF_RANGE,
            "a set already holding 65,535 colliders",
            Here(|f| {
                let mut set = cloth_collider_set_id { index: 0, generation: 0 };
                // SAFETY: valid out-pointers and descriptors.
                unsafe {
                    assert_eq!(cloth_collider_set_create(f.w, &mut set), CLOTH_STATUS_OK);
                    let (desc, mut col) = (cloth_default_collider_desc(), std::mem::zeroed());
                    for _ in 0..65_535 {
                        assert_eq!(cloth_collider_create(f.w, set, &desc, &mut col), CLOTH_STATUS_OK);
                    }
                    cloth_collider_create(f.w, set, &desc, &mut col)
                }
            }),
        ),
        case(
            "cloth_collider_set_pose",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a rotation of norm 2",
            Here(|f| {
                // SAFETY: a valid pointer.
                unsafe { cloth_collider_set_pose(f.w, f.collider, &pose([0.0; 3], [0.0, 0.0, 0.0, 2.0])) }
            }),
        ),
        case(
            "cloth_collider_place",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a rotation of norm 0.99",
            Here(|f| {
                // SAFETY: a valid pointer.
                unsafe { cloth_collider_place(f.w, f.collider, &pose([0.0; 3], [0.0, 0.0, 0.0, 0.99])) }
            }),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_NON_FINITE,
            "weld_tolerance NaN",
            Here(|f| welded_sheet(f.w, f32::NAN)),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "weld_tolerance −1 mm",
            Here(|f| welded_sheet(f.w, -1e-3)),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_SEED_FAILED,
            "a weld_tolerance that collapses a triangle",
            Here(|f| welded_sheet(f.w, 0.2)),
        ),
        case("cloth_create_sheet", CLOTH_STATUS_SEED_FAILED, "no nodes", Here(|f| small_sheet(f.w, &[], &[]))),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_SEED_FAILED,
            "a corner past the nodes",
            Elsewhere(
                MISUSE,
                "sheet_triangles[4] = 999; /* a corner that is no node */\n    \
                 EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_SEED_FAILED);",
            ),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_SEED_FAILED,
            "a triangle that repeats a node",
            Here(|f| small_sheet(f.w, &[[0.0; 3], [0.1, 0.0, 0.0], [0.0, -0.1, 0.0]], &[0, 1, 1])),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_SEED_FAILED,
            "a triangle with no area",
            Here(|f| small_sheet(f.w, &[[0.0; 3], [0.1, 0.0, 0.0], [0.2, 0.0, 0.0]], &[0, 1, 2])),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_SEED_FAILED,
            "an edge of three triangles",
            Here(|f| {
                let nodes = [[0.0; 3], [0.1, 0.0, 0.0], [0.05, 0.1, 0.0], [0.05, -0.1, 0.0], [0.05, 0.0, 0.1]];
                small_sheet(f.w, &nodes, &[0, 1, 2, 1, 0, 3, 0, 1, 4])
            }),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_SEED_FAILED,
            "an edge of 0.1 µm",
            Here(|f| small_sheet(f.w, &[[0.0; 3], [1e-7, 0.0, 0.0], [0.0, -0.1, 0.0]], &[0, 1, 2])),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_SEED_FAILED,
            "a free node's mass of 0",
            Elsewhere(
                MISUSE,
                "sheet_masses[5] = 0;\n    EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), \
                 CLOTH_STATUS_SEED_FAILED);",
            ),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_SEED_FAILED,
            "a free node inside a collider",
            Elsewhere(
                MISUSE,
                "desc.anchor.translation.y = 0.1;\n    cloth_id c;\n    \
                 EXPECT(cloth_create_sheet(w, &sheet, &desc, &c), CLOTH_STATUS_SEED_FAILED);",
            ),
        ),
        case(
            "cloth_create_sheet",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a fixed flag of 2",
            Elsewhere(
                MISUSE,
                "sheet_fixed[2] = 2; /* a flag that is neither 0 nor 1 */\n    \
                 EXPECT(cloth_create_sheet(w, &sheet, &desc, &out), CLOTH_STATUS_INVALID_ARGUMENT);",
            ),
        ),
        case("cloth_create_tree", CLOTH_STATUS_SEED_FAILED, "no nodes", Here(|f| tree(f.w, &[], &[], &[], f.set))),
        case(
            "cloth_create_tree",
            CLOTH_STATUS_SEED_FAILED,
            "a parent past the nodes",
            Elsewhere(MISUSE, "EXPECT(cloth_create_tree(w, &tree, &desc, &out), CLOTH_STATUS_SEED_FAILED);"),
        ),
        case(
            "cloth_create_tree",
            CLOTH_STATUS_SEED_FAILED,
            "no root",
            Here(|f| tree(f.w, &[[0.0; 3], [0.0, -0.1, 0.0]], &[0.1; 2], &[1, 0], f.set)),
        ),
        case(
            "cloth_create_tree",
            CLOTH_STATUS_SEED_FAILED,
            "a cycle below a root",
            Here(|f| tree(f.w, &[[0.0; 3], [0.0, -0.1, 0.0], [0.0, -0.2, 0.0]], &[0.1; 3], &[NO, 2, 1], f.set)),
        ),
        case(
            "cloth_create_tree",
            CLOTH_STATUS_SEED_FAILED,
            "a node at its parent's place",
            Here(|f| tree(f.w, &[[0.0; 3], [0.0, -0.1, 0.0], [0.0, -0.1, 0.0]], &[0.1; 3], &[NO, 0, 1], f.set)),
        ),
        case(
            "cloth_create_tree",
            CLOTH_STATUS_SEED_FAILED,
            "a node at its grandparent's place",
            Here(|f| tree(f.w, &[[0.0; 3], [0.0, -0.1, 0.0], [0.0; 3]], &[0.1; 3], &[NO, 0, 1], f.set)),
        ),
        case(
            "cloth_create_tree",
            CLOTH_STATUS_SEED_FAILED,
            "a mass of 0 below the root",
            Here(|f| tree(f.w, &[[0.0; 3], [0.0, -0.1, 0.0]], &[0.1, 0.0], &[NO, 0], f.set)),
        ),
        case(
            "cloth_create_tree",
            CLOTH_STATUS_SEED_FAILED,
            "a node inside the sphere",
            Here(|f| tree(f.w, &[[0.0, -2.8, 0.0], [0.0, -3.0, 0.0]], &[0.1; 2], &[NO, 0], f.set)),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_SEED_FAILED,
            "no nodes",
            Here(|f| rig(f.w, &[NO, 0], &binds(2), &[], &[])),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_SEED_FAILED,
            "a joint past the skeleton",
            Elsewhere(MISUSE, "EXPECT(cloth_create_rig(w, &rig, &desc, &out), CLOTH_STATUS_SEED_FAILED);"),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_SEED_FAILED,
            "a skeleton parent past the joints",
            Here(|f| rig(f.w, &[NO, 5], &binds(2), &[1], &[0.1])),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_SEED_FAILED,
            "a joint named twice",
            Here(|f| rig(f.w, &[NO, 0, 1], &binds(3), &[1, 1], &[0.1; 2])),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_SEED_FAILED,
            "a skeleton root owned",
            Here(|f| rig(f.w, &[NO, 0], &binds(2), &[0, 1], &[0.1; 2])),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_SEED_FAILED,
            "owned joints hanging from two joints",
            Here(|f| rig(f.w, &[NO, 0, 0, 1, 2], &binds(5), &[3, 4], &[0.1; 2])),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_SEED_FAILED,
            "an anchor hanging from an owned joint",
            Elsewhere(HARDENING, "assert_eq!(rig(w, &[1, 0], &binds, &[0], &[0.1]), CLOTH_STATUS_SEED_FAILED);"),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_SEED_FAILED,
            "a mass of 0 below the anchor's child",
            Here(|f| rig(f.w, &[NO, 0, 1], &binds(3), &[1, 2], &[0.1, 0.0])),
        ),
        case(
            "cloth_create_rig",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a bind rotation of norm 2",
            Elsewhere(
                HARDENING,
                r#"(pose([0.0, -0.1, 0.0], [0.0, 0.0, 0.0, 2.0]), CLOTH_STATUS_INVALID_ARGUMENT, "rotation has norm 2;"),"#,
            ),
        ),
        case(
            "cloth_set_anchor_pose",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "the zero quaternion",
            Elsewhere(
                MISUSE,
                "pose.rotation.w = 0; /* the zero quaternion is no rotation */\n    \
                 EXPECT(cloth_set_anchor_pose(w, c, &pose), CLOTH_STATUS_INVALID_ARGUMENT);",
            ),
        ),
        case(
            "cloth_place_anchor",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "norms 0, 1e-7, 2e6 and an overflowing one",
            Elsewhere(
                HARDENING,
                "assert_eq!(cloth_place_anchor(w, id, &pose([0.0; 3], q)), CLOTH_STATUS_INVALID_ARGUMENT, \"{q:?}\");",
            ),
        ),
        case(
            "cloth_set_animated_positions",
            CLOTH_STATUS_OUT_OF_RANGE,
            "first + count one past the nodes",
            Elsewhere(
                MISUSE,
                "EXPECT(cloth_set_animated_positions(w, c, n - 2, targets, 3), CLOTH_STATUS_OUT_OF_RANGE);",
            ),
        ),
        case(
            "cloth_set_animated_positions",
            CLOTH_STATUS_OUT_OF_RANGE,
            "first past the nodes, count 0",
            Here(|f| {
                // SAFETY: NULL with a count of 0.
                unsafe { cloth_set_animated_positions(f.w, f.cloth, 17, std::ptr::null(), 0) }
            }),
        ),
        case(
            "cloth_read_positions",
            CLOTH_STATUS_INVALID_ENUM,
            "space 7",
            Elsewhere(MISUSE, "EXPECT(cloth_read_positions(w, c, 7, buffer, n), CLOTH_STATUS_INVALID_ENUM);"),
        ),
        case(
            "cloth_read_positions",
            CLOTH_STATUS_BUFFER_TOO_SMALL,
            "one entry short",
            Elsewhere(
                MISUSE,
                "EXPECT(cloth_read_positions(w, c, CLOTH_SPACE_WORLD, buffer, n - 1), CLOTH_STATUS_BUFFER_TOO_SMALL);",
            ),
        ),
        case(
            "cloth_attach_render_mesh",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "no vertices",
            Here(|f| {
                let mut mesh = 0;
                // SAFETY: a count of 0 (the pointer is not read) and a valid out-pointer.
                unsafe { cloth_attach_render_mesh(f.w, f.cloth, std::ptr::null(), 0, &mut mesh) }
            }),
        ),
        case(
            "cloth_attach_render_mesh",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a rope (no triangles)",
            Here(|f| {
                let positions = [cloth_vec3f::default(), cloth_vec3f { x: 0.0, y: -0.1, z: 0.0 }];
                let (masses, parents) = ([0.01f32; 2], [NO, 0]);
                let desc = cloth_tree_desc {
                    node_count: 2,
                    positions: positions.as_ptr(),
                    masses: masses.as_ptr(),
                    parents: parents.as_ptr(),
                    ..cloth_default_tree_desc()
                };
                let (mut id, mut mesh) = (cloth_id::default(), 0);
                // SAFETY: every pointer is valid for its count during the calls.
                unsafe {
                    assert_eq!(cloth_create_tree(f.w, &desc, &cloth_default_desc(), &mut id), CLOTH_STATUS_OK);
                    cloth_attach_render_mesh(f.w, id, &positions[1], 1, &mut mesh)
                }
            }),
        ),
        case(
            "cloth_world_advance",
            CLOTH_STATUS_NON_FINITE,
            "NaN seconds",
            Here(|f| cloth_world_advance(f.w, f64::NAN)),
        ),
        case("cloth_world_advance", CLOTH_STATUS_INVALID_ARGUMENT, "−1 ms", Here(|f| cloth_world_advance(f.w, -1e-3))),
        case(
            "cloth_world_begin_advance",
            CLOTH_STATUS_NON_FINITE,
            "NaN seconds",
            Here(|f| cloth_world_begin_advance(f.w, f64::NAN)),
        ),
        case(
            "cloth_world_begin_advance",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "−1 ms",
            Here(|f| cloth_world_begin_advance(f.w, -1e-3)),
        ),
        case(
            "cloth_world_begin_advance",
            CLOTH_STATUS_WRONG_PHASE,
            "inside begin_step / end_step",
            Here(|f| {
                ok(cloth_world_begin_step(f.w));
                cloth_world_begin_advance(f.w, 0.01)
            }),
        ),
        case(
            "cloth_world_advance",
            CLOTH_STATUS_INTERNAL,
            "a cloth's step panics",
            Elsewhere("ffi/src/tests.rs", "assert_eq!(cloth_world_advance(w, 0.02), CLOTH_STATUS_INTERNAL);"),
        ),
        case(
            "cloth_apply_impulses",
            CLOTH_STATUS_OUT_OF_RANGE,
            "a node past the cloth",
            Here(|f| impulse(f, 16, cloth_vec3 { x: 0.0, y: 1.0, z: 0.0 })),
        ),
        case(
            "cloth_apply_impulses",
            CLOTH_STATUS_NON_FINITE,
            "a NaN impulse",
            Here(|f| impulse(f, 5, cloth_vec3 { x: f64::NAN, y: 0.0, z: 0.0 })),
        ),
        case(
            "cloth_apply_impulses",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "an impulse of 2e6 N·s",
            Here(|f| impulse(f, 5, cloth_vec3 { x: 0.0, y: 2e6, z: 0.0 })),
        ),
        case(
            "cloth_set_max_distances",
            CLOTH_STATUS_OUT_OF_RANGE,
            "nodes 10 .. 26 of 16",
            Here(|f| paint(f, 10, &[0.1; 16], false)),
        ),
        case("cloth_set_max_distances", CLOTH_STATUS_NON_FINITE, "a NaN", Here(|f| paint(f, 0, &[f32::NAN], false))),
        case("cloth_set_max_distances", CLOTH_STATUS_INVALID_ARGUMENT, "−1 cm", Here(|f| paint(f, 0, &[-0.01], false))),
        case(
            "cloth_set_controls",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a tethers flag of 2",
            Here(|f| controls(f, cloth_controls { tethers: 2, ..cloth_default_controls() })),
        ),
        case(
            "cloth_set_controls",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "an anchor acceleration limit of −1",
            Here(|f| controls(f, cloth_controls { max_anchor_acceleration: -1.0, ..cloth_default_controls() })),
        ),
        case(
            "cloth_set_controls",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a turn limit of 1001 links",
            Here(|f| controls(f, cloth_controls { max_turn_links: 1001.0, ..cloth_default_controls() })),
        ),
        case(
            "cloth_set_controls",
            CLOTH_STATUS_NON_FINITE,
            "a NaN turn limit",
            Here(|f| controls(f, cloth_controls { max_turn_links: f64::NAN, ..cloth_default_controls() })),
        ),
        case("cloth_get_controls", CLOTH_STATUS_STRUCT_SIZE, "a struct_size of 0", Here(|f| read_controls(f, 0))),
        case(
            "cloth_set_anchor_velocity",
            CLOTH_STATUS_NON_FINITE,
            "a NaN",
            Here(|f| anchor_velocity(f, [f64::NAN, 0.0, 0.0])),
        ),
        case(
            "cloth_set_anchor_velocity",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "2e6 m/s",
            Here(|f| anchor_velocity(f, [0.0, 2e6, 0.0])),
        ),
        case(
            "cloth_set_controls",
            CLOTH_STATUS_NON_FINITE,
            "a NaN sleep speed",
            Here(|f| controls(f, cloth_controls { sleep_speed: f64::NAN, ..cloth_default_controls() })),
        ),
        case(
            "cloth_set_inertia_scales",
            CLOTH_STATUS_OUT_OF_RANGE,
            "nodes 16 .. 17 of 16",
            Here(|f| inertia(f, 16, 0.5)),
        ),
        case("cloth_set_inertia_scales", CLOTH_STATUS_NON_FINITE, "a NaN", Here(|f| inertia(f, 0, f32::NAN))),
        case(
            "cloth_set_inertia_scales",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a scale of −0.5",
            Here(|f| inertia(f, 0, -0.5)),
        ),
        case("cloth_set_masses", CLOTH_STATUS_OUT_OF_RANGE, "nodes 16 .. 17 of 16", Here(|f| mass(f, 16, 0.5))),
        case("cloth_set_masses", CLOTH_STATUS_NON_FINITE, "a free node's NaN", Here(|f| mass(f, 5, f32::NAN))),
        case("cloth_set_masses", CLOTH_STATUS_INVALID_ARGUMENT, "a free node's 0 kg", Here(|f| mass(f, 5, 0.0))),
        case("cloth_set_masses", CLOTH_STATUS_INVALID_ARGUMENT, "a free node's 1e10 kg", Here(|f| mass(f, 5, 1e10))),
        case("cloth_set_anim_drive", CLOTH_STATUS_OUT_OF_RANGE, "nodes 16 .. 17 of 16", Here(|f| drive(f, 16, 0.5))),
        case("cloth_set_anim_drive", CLOTH_STATUS_NON_FINITE, "a NaN", Here(|f| drive(f, 0, f32::NAN))),
        case("cloth_set_anim_drive", CLOTH_STATUS_INVALID_ARGUMENT, "a strength of 1.5", Here(|f| drive(f, 0, 1.5))),
        case(
            "cloth_set_backstops",
            CLOTH_STATUS_OUT_OF_RANGE,
            "nodes 10 .. 26 of 16",
            Here(|f| paint(f, 10, &[0.1; 16], true)),
        ),
        case(
            "cloth_set_backstops",
            CLOTH_STATUS_NON_FINITE,
            "an infinite radius",
            Here(|f| paint(f, 0, &[f32::INFINITY], true)),
        ),
        case(
            "cloth_set_backstops",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a radius of −1 cm",
            Here(|f| paint(f, 0, &[-0.01], true)),
        ),
        case("cloth_create_tree", CLOTH_STATUS_NON_FINITE, "a NaN max distance", Here(|f| painted_tree(f.w, f32::NAN))),
        case(
            "cloth_create_tree",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a max distance of −1 cm",
            Here(|f| painted_tree(f.w, -0.01)),
        ),
        case("cloth_create_rig", CLOTH_STATUS_NON_FINITE, "a NaN max distance", Here(|f| painted_rig(f.w, f32::NAN))),
        case(
            "cloth_cook",
            CLOTH_STATUS_BUFFER_TOO_SMALL,
            "a buffer one byte short",
            Here(|f| {
                let mut blob = cooked(f);
                let mut size = 0;
                // SAFETY: a buffer of one byte less than its length.
                unsafe { cloth_cook(f.w, f.cloth, blob.as_mut_ptr(), blob.len() - 1, &mut size) }
            }),
        ),
        case(
            "cloth_cook",
            CLOTH_STATUS_NULL_POINTER,
            "out NULL with a capacity",
            Here(|f| {
                let mut size = 0;
                // SAFETY: NULL is refused before anything is written.
                unsafe { cloth_cook(f.w, f.cloth, std::ptr::null_mut(), 64, &mut size) }
            }),
        ),
        case(
            "cloth_create_from_cooked",
            CLOTH_STATUS_BAD_BLOB,
            "a blob with one byte changed",
            Here(|f| {
                let mut blob = cooked(f);
                blob[100] ^= 0x10;
                from_cooked(f, &blob, &cloth_default_desc())
            }),
        ),
        case(
            "cloth_create_from_cooked",
            CLOTH_STATUS_SEED_FAILED,
            "a free node inside a collider",
            Here(|f| {
                let blob = cooked(f);
                let mut desc = cloth_desc { colliders: f.set, ..cloth_default_desc() };
                desc.anchor.translation.y = -2.95;
                from_cooked(f, &blob, &desc)
            }),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_OUT_OF_RANGE,
            "a render_mesh never attached",
            Here(|f| vertices(f, |l| l.render_mesh = 3, 16 * 12)),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "both a node_map and a render_mesh",
            Here(|f| mapped(f, &[0; 16], |l| l.render_mesh = 1)),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_INVALID_ENUM,
            "space 2",
            Here(|f| vertices(f, |l| l.space = 2, 16 * 12)),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_OUT_OF_RANGE,
            "nodes 10..20 of 16",
            Here(|f| {
                vertices(
                    f,
                    |l| {
                        l.first_node = 10;
                        l.node_count = 10;
                    },
                    16 * 12,
                )
            }),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "no field",
            Here(|f| vertices(f, |l| l.position_offset = CLOTH_NO_FIELD, 16 * 12)),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a normal past a 12-byte stride",
            Here(|f| vertices(f, |l| l.normal_offset = 12, 16 * 24)),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a normal over the position's last float",
            Here(|f| {
                vertices(
                    f,
                    |l| {
                        l.stride = 24;
                        l.normal_offset = 8;
                    },
                    16 * 24,
                )
            }),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_OUT_OF_RANGE,
            "a node_map entry past the nodes",
            Here(|f| mapped(f, &[0, 16, 2], |_| {})),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_BUFFER_TOO_SMALL,
            "first_node + node_count past node_map_count",
            Here(|f| {
                // The adversarial host's case: a first_node near 2³² over a
                // four-entry map was read past its end.
                mapped(f, &[0; 4], |l| {
                    l.first_node = u32::MAX - 1;
                    l.node_count = 2;
                })
            }),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_OUT_OF_RANGE,
            "a node_map_count whose bytes pass PTRDIFF_MAX",
            Here(|f| mapped(f, &[0; 4], |l| l.node_map_count = usize::MAX)),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_OUT_OF_RANGE,
            "a layout of the earlier size whose map range passes 2^32",
            Here(|f| {
                // No node_map_count to check against: the helper's trial read
                // past its map here. Past 2^32 it is refused unread.
                mapped(f, &[0; 4], |l| {
                    l.struct_size = std::mem::offset_of!(cloth_vertex_layout, node_map_count) as u32;
                    l.first_node = u32::MAX - 1;
                    l.node_count = 3;
                })
            }),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_BUFFER_TOO_SMALL,
            "a node_map with node_map_count left 0",
            Here(|f| mapped(f, &[0; 4], |l| l.node_map_count = 0)),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a node_map with CLOTH_ALL_NODES",
            Here(|f| mapped(f, &[0; 16], |l| l.node_count = CLOTH_ALL_NODES)),
        ),
        case(
            "cloth_read_vertices",
            CLOTH_STATUS_BUFFER_TOO_SMALL,
            "one byte short",
            Here(|f| vertices(f, |_| {}, 16 * 12 - 1)),
        ),
        case(
            "cloth_read_node_poses",
            CLOTH_STATUS_NULL_POINTER,
            "both buffers NULL",
            Elsewhere(MISUSE, "EXPECT(cloth_read_node_poses(w, c, NULL, NULL, n), CLOTH_STATUS_NULL_POINTER);"),
        ),
        case(
            "cloth_read_node_poses",
            CLOTH_STATUS_BUFFER_TOO_SMALL,
            "one entry short",
            Elsewhere(
                MISUSE,
                "EXPECT(cloth_read_node_poses(w, c, poses, NULL, n - 1), CLOTH_STATUS_BUFFER_TOO_SMALL);",
            ),
        ),
        case(
            "cloth_preset_aerodynamics",
            CLOTH_STATUS_INVALID_ENUM,
            "CLOTH_PRESET_CUSTOM",
            Here(|_| {
                let (mut drag, mut lift) = (0.0, 0.0);
                // SAFETY: valid out-pointers.
                unsafe { cloth_preset_aerodynamics(CLOTH_PRESET_CUSTOM, &mut drag, &mut lift) }
            }),
        ),
        case(
            "cloth_preset_density",
            CLOTH_STATUS_INVALID_ENUM,
            "CLOTH_PRESET_CUSTOM",
            Here(|_| {
                let mut density = 0.0;
                // SAFETY: a valid out-pointer.
                unsafe { cloth_preset_density(CLOTH_PRESET_CUSTOM, &mut density) }
            }),
        ),
        case(
            "cloth_masses_from_density",
            CLOTH_STATUS_NON_FINITE,
            "a NaN density",
            Here(|_| masses_from_density(2, f64::NAN)),
        ),
        case(
            "cloth_masses_from_density",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a density of 0",
            Here(|_| masses_from_density(2, 0.0)),
        ),
        case(
            "cloth_masses_from_density",
            CLOTH_STATUS_OUT_OF_RANGE,
            "a corner past the nodes",
            Here(|_| masses_from_density(3, 0.15)),
        ),
        case(
            "cloth_set_aerodynamics",
            CLOTH_STATUS_NON_FINITE,
            "a NaN drag",
            Here(|f| cloth_set_aerodynamics(f.w, f.cloth, f64::NAN, 0.3)),
        ),
        case(
            "cloth_set_aerodynamics",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a lift of 10.5",
            Here(|f| cloth_set_aerodynamics(f.w, f.cloth, 1.0, 10.5)),
        ),
        case(
            "cloth_set_air",
            CLOTH_STATUS_NON_FINITE,
            "an infinite wind",
            Here(|f| {
                let air = cloth_air { wind: cloth_vec3 { x: f64::INFINITY, y: 0.0, z: 0.0 }, ..cloth_default_air() };
                // SAFETY: a valid struct.
                unsafe { cloth_set_air(f.w, f.cloth, &air) }
            }),
        ),
        case(
            "cloth_set_air",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a turbulence scale of 0",
            Here(|f| {
                let air = cloth_air { turbulence_scale: 0.0, ..cloth_default_air() };
                // SAFETY: a valid struct.
                unsafe { cloth_set_air(f.w, f.cloth, &air) }
            }),
        ),
        case(
            "cloth_world_set_air",
            CLOTH_STATUS_NON_FINITE,
            "a NaN density",
            Here(|f| {
                let air = cloth_air { density: f64::NAN, ..cloth_default_air() };
                // SAFETY: a valid struct.
                unsafe { cloth_world_set_air(f.w, &air) }
            }),
        ),
        case(
            "cloth_world_set_air",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a 600 m/s wind",
            Here(|f| {
                let air = cloth_air { wind: cloth_vec3 { x: 0.0, y: 600.0, z: 0.0 }, ..cloth_default_air() };
                // SAFETY: a valid struct.
                unsafe { cloth_world_set_air(f.w, &air) }
            }),
        ),
        case(
            "cloth_world_set_air",
            CLOTH_STATUS_WRONG_PHASE,
            "inside begin_step / end_step",
            Here(|f| {
                ok(cloth_world_begin_step(f.w));
                // SAFETY: a valid struct.
                unsafe { cloth_world_set_air(f.w, &cloth_default_air()) }
            }),
        ),
        case(
            "cloth_world_shift_origin",
            CLOTH_STATUS_NON_FINITE,
            "a NaN component",
            Here(|f| {
                let shift = cloth_vec3 { x: 0.0, y: f64::NAN, z: 0.0 };
                // SAFETY: a valid struct.
                unsafe { cloth_world_shift_origin(f.w, &shift) }
            }),
        ),
        case(
            "cloth_world_shift_origin",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a shift past the coordinate limit",
            Here(|f| {
                let shift = cloth_vec3 { x: 1.01 * CLOTH_MAX_COORDINATE, y: 0.0, z: 0.0 };
                // SAFETY: a valid struct.
                unsafe { cloth_world_shift_origin(f.w, &shift) }
            }),
        ),
        case(
            "cloth_world_shift_origin",
            CLOTH_STATUS_WRONG_PHASE,
            "inside begin_step / end_step",
            Here(|f| {
                ok(cloth_world_begin_step(f.w));
                let shift = cloth_vec3 { x: 1.0, y: 0.0, z: 0.0 };
                // SAFETY: a valid struct.
                unsafe { cloth_world_shift_origin(f.w, &shift) }
            }),
        ),
        case(
            "cloth_set_detail",
            CLOTH_STATUS_INVALID_ENUM,
            "level 4, past CLOTH_DETAIL_FROZEN",
            Here(|f| cloth_set_detail(f.w, f.cloth, CLOTH_DETAIL_FROZEN + 1)),
        ),
        case(
            "cloth_set_detail",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "CLOTH_DETAIL_HALF_RATE with a dt of 0.6 s",
            Here(|f| {
                let slow = cloth_dynamics { dt: 0.6, ..cloth_default_dynamics() };
                // SAFETY: a valid struct.
                ok(unsafe { cloth_set_dynamics(f.w, f.cloth, &slow) });
                ok(cloth_set_detail(f.w, f.cloth, CLOTH_DETAIL_REDUCED));
                cloth_set_detail(f.w, f.cloth, CLOTH_DETAIL_HALF_RATE)
            }),
        ),
        case(
            "cloth_set_detail",
            CLOTH_STATUS_WRONG_PHASE,
            "inside begin_step / end_step",
            Here(|f| {
                ok(cloth_world_begin_step(f.w));
                cloth_set_detail(f.w, f.cloth, CLOTH_DETAIL_REDUCED)
            }),
        ),
        case(
            "cloth_set_dynamics",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a dt of 1e-7 s",
            Here(|f| {
                let fast = cloth_dynamics { dt: 1e-7, ..cloth_default_dynamics() };
                // SAFETY: a valid struct.
                unsafe { cloth_set_dynamics(f.w, f.cloth, &fast) }
            }),
        ),
        case(
            "cloth_set_dynamics",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a dt of 0.6 s at CLOTH_DETAIL_HALF_RATE",
            Here(|f| {
                ok(cloth_set_detail(f.w, f.cloth, CLOTH_DETAIL_HALF_RATE));
                let slow = cloth_dynamics { dt: 0.6, ..cloth_default_dynamics() };
                // SAFETY: a valid struct.
                unsafe { cloth_set_dynamics(f.w, f.cloth, &slow) }
            }),
        ),
        case(
            "cloth_set_priority",
            CLOTH_STATUS_NON_FINITE,
            "a NaN priority",
            Here(|f| cloth_set_priority(f.w, f.cloth, f64::NAN)),
        ),
        case(
            "cloth_world_set_budget",
            CLOTH_STATUS_NON_FINITE,
            "an infinite core_ms",
            Here(|f| {
                let b = cloth_frame_budget { core_ms: f64::INFINITY, ..cloth_default_frame_budget() };
                // SAFETY: a valid struct.
                unsafe { cloth_world_set_budget(f.w, &b) }
            }),
        ),
        case(
            "cloth_world_set_budget",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a negative unit_ns",
            Here(|f| {
                let b = cloth_frame_budget { unit_ns: -3.0, ..cloth_default_frame_budget() };
                // SAFETY: a valid struct.
                unsafe { cloth_world_set_budget(f.w, &b) }
            }),
        ),
        case(
            "cloth_world_set_budget",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a full_share over 1",
            Here(|f| {
                let b = cloth_frame_budget { full_share: 1.5, ..cloth_default_frame_budget() };
                // SAFETY: a valid struct.
                unsafe { cloth_world_set_budget(f.w, &b) }
            }),
        ),
        case(
            "cloth_world_set_budget",
            CLOTH_STATUS_NON_FINITE,
            "a NaN full_share",
            Here(|f| {
                let b = cloth_frame_budget { full_share: f64::NAN, ..cloth_default_frame_budget() };
                // SAFETY: a valid struct.
                unsafe { cloth_world_set_budget(f.w, &b) }
            }),
        ),
        case(
            "cloth_world_set_budget",
            CLOTH_STATUS_WRONG_PHASE,
            "inside begin_step / end_step",
            Here(|f| {
                ok(cloth_world_begin_step(f.w));
                // SAFETY: a valid struct.
                unsafe { cloth_world_set_budget(f.w, &cloth_default_frame_budget()) }
            }),
        ),
        case(
            "cloth_world_clear_budget",
            CLOTH_STATUS_WRONG_PHASE,
            "inside begin_step / end_step",
            Here(|f| {
                ok(cloth_world_begin_step(f.w));
                cloth_world_clear_budget(f.w)
            }),
        ),
        case(
            "cloth_world_observe_step",
            CLOTH_STATUS_NON_FINITE,
            "a NaN time",
            Here(|f| cloth_world_observe_step(f.w, f64::NAN)),
        ),
        case(
            "cloth_world_observe_step",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a negative time",
            Here(|f| cloth_world_observe_step(f.w, -1.0)),
        ),
        case(
            "cloth_world_observe_step",
            CLOTH_STATUS_WRONG_PHASE,
            "inside begin_step / end_step",
            Here(|f| {
                ok(cloth_world_begin_step(f.w));
                cloth_world_observe_step(f.w, 1.0)
            }),
        ),
        case(
            "cloth_world_observe_step_wall",
            CLOTH_STATUS_NON_FINITE,
            "an infinite time",
            Here(|f| cloth_world_observe_step_wall(f.w, f64::INFINITY)),
        ),
        case(
            "cloth_world_observe_step_wall",
            CLOTH_STATUS_INVALID_ARGUMENT,
            "a negative time",
            Here(|f| cloth_world_observe_step_wall(f.w, -0.5)),
        ),
        case(
            "cloth_world_observe_step_wall",
            CLOTH_STATUS_WRONG_PHASE,
            "inside begin_step / end_step",
            Here(|f| {
                ok(cloth_world_begin_step(f.w));
                cloth_world_observe_step_wall(f.w, 1.0)
            }),
        ),
        case(
            "cloth_world_get_budget",
            CLOTH_STATUS_STRUCT_SIZE,
            "a struct_size of 0",
            Here(|f| {
                let (mut b, mut enabled) = (cloth_frame_budget { struct_size: 0, ..cloth_default_frame_budget() }, 0);
                // SAFETY: valid out-pointers of the full size.
                unsafe { cloth_world_get_budget(f.w, &mut b, &mut enabled) }
            }),
        ),
    ]
}

/// Every status a `Refuses:` line names has a case, every case is named by
/// its function's line, and every case returns its status.
#[test]
fn every_refusal_a_function_names_is_provoked() {
    let named: BTreeSet<(String, &str)> = declarations()
        .into_iter()
        .flat_map(|(name, comment)| named_refusals(&comment).into_iter().map(move |s| (name.clone(), s)))
        .collect();
    let cases = cases();
    let proved: BTreeSet<(String, &str)> = cases.iter().map(|c| (c.function.to_string(), short(c.status))).collect();
    let unproved: Vec<_> = named.difference(&proved).collect();
    let unnamed: Vec<_> = proved.difference(&named).collect();
    assert!(unproved.is_empty(), "named by a Refuses: line but provoked by no case: {unproved:?}");
    assert!(unnamed.is_empty(), "provoked by a case but named by no Refuses: line: {unnamed:?}");
    assert_eq!(cloth_cpu_supported(), 1, "this CPU runs the build: UNSUPPORTED_CPU cannot be provoked");
    for c in &cases {
        let what = format!("{} with {}", c.function, c.when);
        match c.proof {
            Here(provoke) => {
                let fixture = Fixture::new();
                let got = provoke(&fixture);
                assert_eq!(got, c.status, "{what}: {}", last_error());
                assert!(last_error().starts_with(&format!("{}: ", c.function)), "{what}: {}", last_error());
            }
            Elsewhere(file, text) => {
                assert!(text.contains(&format!("CLOTH_STATUS_{}", short(c.status))), "{what}: {text:?}");
                assert!(read(file).contains(text), "{what}: {file} no longer says {text:?}");
            }
            Unprovokable(why) => assert!(!why.is_empty(), "{what}"),
        }
    }
}

/// Room for any descriptor 4 bytes past an 8-byte boundary, and a copy of
/// `value` there.
fn misaligned<T: Copy>(storage: &mut [u64; 32], value: T) -> *const T {
    assert_eq!(std::mem::align_of::<T>(), 8);
    assert!(std::mem::size_of::<T>() + 4 <= std::mem::size_of_val(storage));
    // SAFETY: 4 + size_of::<T>() bytes fit in the storage (checked); an
    // unaligned write.
    unsafe {
        let p = (storage.as_mut_ptr() as *mut u8).add(4) as *mut T;
        p.write_unaligned(value);
        p
    }
}

/// A descriptor is checked for its own alignment: a cloth_dynamics,
/// cloth_desc, cloth_sheet_desc or cloth_collider_desc 4 bytes off its 8
/// was read as given (only its first field, a u32, was checked), though the
/// header says every pointer is checked for alignment.
#[test]
fn a_descriptor_misaligned_for_its_type_is_refused() {
    let f = Fixture::new();
    let mut storage = [0u64; 32];
    let small = Sheet::new(3);
    let mut out = cloth_id::default();
    let mut col = cloth_collider_id::default();
    // SAFETY: every pointer is valid for the call; the misaligned ones are
    // refused before anything is read through them as their type.
    unsafe {
        let d = misaligned(&mut storage, cloth_default_dynamics());
        assert_eq!(cloth_set_dynamics(f.w, f.cloth, d), CLOTH_STATUS_INVALID_ARGUMENT);
        assert!(last_error().contains("not aligned to 8 bytes"), "{}", last_error());
        let custom = cloth_desc { preset: CLOTH_PRESET_CUSTOM, dynamics: d, ..cloth_default_desc() };
        assert_eq!(cloth_create_sheet(f.w, &small.desc(), &custom, &mut out), CLOTH_STATUS_INVALID_ARGUMENT);
        let desc = misaligned(&mut storage, cloth_default_desc());
        assert_eq!(cloth_create_sheet(f.w, &small.desc(), desc, &mut out), CLOTH_STATUS_INVALID_ARGUMENT);
        let sheet = misaligned(&mut storage, small.desc());
        assert_eq!(cloth_create_sheet(f.w, sheet, &cloth_default_desc(), &mut out), CLOTH_STATUS_INVALID_ARGUMENT);
        let collider = misaligned(&mut storage, cloth_default_collider_desc());
        assert_eq!(cloth_collider_create(f.w, f.set, collider, &mut col), CLOTH_STATUS_INVALID_ARGUMENT);
        // The same values, aligned, are taken.
        ok(cloth_set_dynamics(f.w, f.cloth, &cloth_default_dynamics()));
        ok(cloth_create_sheet(f.w, &small.desc(), &cloth_default_desc(), &mut out));
    }
}

/// Between begin_step and end_step every exclusive call but end_step is
/// WRONG_PHASE, whatever its ids (`misuse.c` asserts it of
/// cloth_collider_set_pose, begin_frame, cloth_world_step, begin_step and
/// cloth_destroy); the per-cloth calls (but cloth_set_detail, whose case is
/// in `cases`), cloth_world_cloth_count, cloth_world_get_budget and
/// cloth_world_destroy are not refused there.
#[test]
fn every_exclusive_call_is_wrong_phase_inside_a_step() {
    let f = Fixture::new();
    let small = Sheet::new(3);
    let stale = cloth_collider_set_id { index: 99, generation: 7 };
    ok(cloth_world_begin_step(f.w));
    let mut id = cloth_id::default();
    let mut set = cloth_collider_set_id::default();
    let mut col = cloth_collider_id::default();
    let (nodes, node_masses, node_parents) =
        ([cloth_vec3f::default(), cloth_vec3f { x: 0.0, y: -0.1, z: 0.0 }], [0.1f32; 2], [NO, 0]);
    let rope = cloth_tree_desc {
        node_count: 2,
        positions: nodes.as_ptr(),
        masses: node_masses.as_ptr(),
        parents: node_parents.as_ptr(),
        ..cloth_default_tree_desc()
    };
    let (parents, binds, joints, masses) = ([NO, 0, 1], binds(3), [1u32, 2], [0.1f32; 2]);
    let rig_desc = cloth_rig_desc {
        joint_count: 3,
        node_count: 2,
        skeleton_parents: parents.as_ptr(),
        local_bind: binds.as_ptr(),
        joints: joints.as_ptr(),
        masses: masses.as_ptr(),
        ..cloth_default_rig_desc()
    };
    let identity = cloth_pose_identity();
    // SAFETY: every pointer is valid for its count during the call.
    let blob = cooked(&f);
    let exclusive: [(&str, cloth_status); 19] = unsafe {
        [
            ("cloth_world_set_air", cloth_world_set_air(f.w, &cloth_default_air())),
            ("cloth_world_shift_origin", cloth_world_shift_origin(f.w, &cloth_vec3 { x: 1.0, y: 0.0, z: 0.0 })),
            ("cloth_world_set_budget", cloth_world_set_budget(f.w, &cloth_default_frame_budget())),
            ("cloth_world_clear_budget", cloth_world_clear_budget(f.w)),
            ("cloth_world_observe_step", cloth_world_observe_step(f.w, 1.0)),
            ("cloth_world_observe_step_wall", cloth_world_observe_step_wall(f.w, 1.0)),
            ("cloth_world_advance", cloth_world_advance(f.w, 0.01)),
            (
                "cloth_create_from_cooked",
                cloth_create_from_cooked(f.w, blob.as_ptr(), blob.len(), &cloth_default_desc(), &mut id),
            ),
            ("cloth_create_sheet", cloth_create_sheet(f.w, &small.desc(), &cloth_default_desc(), &mut id)),
            ("cloth_create_tree", cloth_create_tree(f.w, &rope, &cloth_default_desc(), &mut id)),
            ("cloth_create_rig", cloth_create_rig(f.w, &rig_desc, &cloth_default_desc(), &mut id)),
            ("cloth_set_colliders", cloth_set_colliders(f.w, f.cloth, f.set)),
            ("cloth_collider_set_create", cloth_collider_set_create(f.w, &mut set)),
            ("cloth_collider_set_destroy", cloth_collider_set_destroy(f.w, f.set)),
            ("cloth_collider_create", cloth_collider_create(f.w, f.set, &cloth_default_collider_desc(), &mut col)),
            ("cloth_collider_place", cloth_collider_place(f.w, f.collider, &identity)),
            ("cloth_collider_set_shape", cloth_collider_set_shape(f.w, f.collider, &cloth_default_collider_desc())),
            ("cloth_collider_destroy", cloth_collider_destroy(f.w, f.collider)),
            (
                "cloth_collider_destroy of a stale set",
                cloth_collider_destroy(f.w, cloth_collider_id { set: stale, ..f.collider }),
            ),
        ]
    };
    for (name, status) in exclusive {
        assert_eq!(status, CLOTH_STATUS_WRONG_PHASE, "{name}: {}", last_error());
    }
    let (mut count, mut level, mut budget, mut enabled) = (0, 9, cloth_default_frame_budget(), 9);
    // SAFETY: valid pointers.
    unsafe {
        ok(cloth_set_anchor_pose(f.w, f.cloth, &identity));
        ok(cloth_world_cloth_count(f.w, &mut count));
        ok(cloth_set_priority(f.w, f.cloth, 2.0));
        ok(cloth_get_detail(f.w, f.cloth, &mut level));
        ok(cloth_world_get_budget(f.w, &mut budget, &mut enabled));
    }
    assert_eq!((level, enabled), (CLOTH_DETAIL_FULL, 0));
    assert_eq!(count, 1, "nothing was created");
    ok(cloth_world_step_cloth(f.w, f.cloth));
    ok(cloth_world_destroy(f.w));
}

/// The ranges the struct comments give the fields no other test provokes:
/// gravity, a tapered capsule's second radius, a cuboid's half extents and
/// corner radius.
#[test]
fn a_field_outside_its_stated_range_is_refused() {
    let f = Fixture::new();
    let small = Sheet::new(3);
    let mut dynamics = cloth_default_dynamics();
    dynamics.gravity.y = -2e6;
    let custom = cloth_desc { preset: CLOTH_PRESET_CUSTOM, dynamics: &dynamics, ..cloth_default_desc() };
    assert_eq!(small.create(f.w, &custom), Err(CLOTH_STATUS_INVALID_ARGUMENT));
    // SAFETY: a valid pointer.
    assert_eq!(unsafe { cloth_set_dynamics(f.w, f.cloth, &dynamics) }, CLOTH_STATUS_INVALID_ARGUMENT);
    let tapered = cloth_collider_desc {
        shape: CLOTH_SHAPE_TAPERED_CAPSULE,
        b: cloth_vec3 { x: 0.0, y: 0.3, z: 0.0 },
        radius_b: -0.01,
        ..cloth_default_collider_desc()
    };
    let cuboid = cloth_collider_desc {
        shape: CLOTH_SHAPE_CUBOID,
        half_extents: cloth_vec3 { x: 0.2, y: 0.1, z: 0.3 },
        ..cloth_default_collider_desc()
    };
    let flat = cloth_collider_desc { half_extents: cloth_vec3 { y: -0.1, ..cuboid.half_extents }, ..cuboid };
    let rounded = cloth_collider_desc { corner_radius: 0.11, ..cuboid };
    let mut col = cloth_collider_id::default();
    for (what, desc) in [("radius_b", tapered), ("a half extent", flat), ("corner_radius", rounded)] {
        // SAFETY: valid pointers.
        let got = unsafe { cloth_collider_create(f.w, f.set, &desc, &mut col) };
        assert_eq!(got, CLOTH_STATUS_INVALID_ARGUMENT, "{what}: {}", last_error());
    }
    // At the edges of their ranges they are taken.
    dynamics.gravity.y = -1e6;
    // SAFETY: valid pointers.
    unsafe {
        ok(cloth_set_dynamics(f.w, f.cloth, &dynamics));
        ok(cloth_collider_create(f.w, f.set, &cloth_collider_desc { corner_radius: 0.1, ..cuboid }, &mut col));
    }
}

/// An array's pointer with a count of 0 is not read, so not checked: NULL
/// (`hardening.rs`) or misaligned, the call goes on to its other checks.
#[test]
fn an_arrays_pointer_with_a_count_of_zero_is_not_checked() {
    let f = Fixture::new();
    let mut storage = [0u64; 4];
    let odd = (storage.as_mut_ptr() as *mut u8).wrapping_add(1);
    // SAFETY: a count of 0: nothing is read or written through `odd`.
    unsafe {
        ok(cloth_set_animated_positions(f.w, f.cloth, 0, odd as *const cloth_vec3f, 0));
        let got = cloth_read_positions(f.w, f.cloth, CLOTH_SPACE_WORLD, odd as *mut cloth_vec3f, 0);
        assert_eq!(got, CLOTH_STATUS_BUFFER_TOO_SMALL);
        // With a count, the same pointer is refused.
        let got = cloth_read_positions(f.w, f.cloth, CLOTH_SPACE_WORLD, odd as *mut cloth_vec3f, 1);
        assert_eq!(got, CLOTH_STATUS_INVALID_ARGUMENT);
    }
}
