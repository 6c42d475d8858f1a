//! `bindings/csharp/Cloth.cs` mirrors `include/cloth.h` (issue 6: the binding
//! is checked against the header so the two cannot drift). From the header:
//! every function, struct, constant and status; from the C# file: the
//! `extern` declarations, the `struct`s, the `const`s, the `ClothStatus`
//! enum and the safe layer's `ClothPreset`, `ClothSpace` and `ClothDetail` enums. Names map mechanically — `cloth_sheet_desc` → `ClothSheetDesc` (the
//! prefix kept: issue 20, no name may collide with UnityEngine's `Cloth` or
//! `Pose`), `CLOTH_STATUS_NULL_POINTER` → `NullPointer` — and C# `@`-escaped
//! names (`@out`, `@fixed`) compare without the `@`.
//!
//! Checked: each exported function has a binding with the same parameter
//! names, count and types and the matching return type; each struct has the
//! same fields in the same order with the matching C# types (pointers →
//! `IntPtr`, `size_t` → `UIntPtr`, structs by their mapped name); each
//! `#define` and each status has the same value, and each `CLOTH_PRESET_*`,
//! `CLOTH_SPACE_*` and `CLOTH_DETAIL_*` is a member of its safe enum with that value.
//!
//! The rules issue 20 set (ffi/tests/mono.rs runs the binding under Mono):
//! - a handle — a C struct of exactly `uint32_t index; uint32_t generation;`
//!   — is bound as one `ulong packed` (index in the low half), the single
//!   integer field Burst requires of a struct passed by value;
//! - a pointer parameter is `ref`/`out` (one struct; `out` only where C does
//!   not say `const`) or, in a function taking a `size_t` count, a typed
//!   pointer `T*` (an array); `const char *` returns are `IntPtr`;
//! - no parameter anywhere in the file is `in`: Mono's mcs compiles an `in`
//!   parameter as a by-value copy, and the library then reads the struct's
//!   bytes as an address (SIGSEGV).
use std::collections::BTreeMap;

fn header() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../include/cloth.h")).expect("include/cloth.h")
}

fn binding() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../bindings/csharp/Cloth.cs"))
        .expect("bindings/csharp/Cloth.cs")
}

/// Source with `//` and `/* */` comments and preprocessor lines removed.
fn strip(src: &str, keep_preprocessor: bool) -> String {
    let mut out = String::new();
    let mut rest = src;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("/*") {
            rest = r.find("*/").map(|i| &r[i + 2..]).unwrap_or("");
        } else if let Some(r) = rest.strip_prefix("//") {
            rest = r.find('\n').map(|i| &r[i..]).unwrap_or("");
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out.lines().filter(|l| keep_preprocessor || !l.trim_start().starts_with('#')).collect::<Vec<_>>().join("\n")
}

fn pascal(c_name: &str, prefix: &str) -> String {
    let bare = c_name.strip_prefix(prefix).unwrap_or(c_name);
    bare.split('_')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let lower = p.to_ascii_lowercase();
            let mut cs = lower.chars();
            cs.next().map(|f| f.to_ascii_uppercase().to_string() + cs.as_str()).unwrap_or_default()
        })
        .collect()
}

/// The C# type a C type maps to.
fn cs_type(c: &str) -> String {
    let c = c.replace("const ", "");
    let c = c.trim();
    if c.contains('*') {
        return "IntPtr".into();
    }
    match c {
        "uint8_t" => "byte".into(),
        "uint32_t" => "uint".into(),
        "uint64_t" => "ulong".into(),
        "double" => "double".into(),
        "float" => "float".into(),
        "size_t" => "UIntPtr".into(),
        "void" => "void".into(),
        "cloth_status" => "ClothStatus".into(),
        other => pascal(other, ""),
    }
}

/// Splits `type name` (the name may carry a leading `*`).
fn split_decl(decl: &str) -> (String, String) {
    let decl = decl.trim();
    let at = decl.rfind([' ', '*']).expect("a declaration has a type and a name");
    let (t, n) = decl.split_at(at + 1);
    (t.trim().to_string(), n.trim().trim_start_matches('@').to_string())
}

struct Function {
    ret: String,
    params: Vec<Param>,
}

/// A parameter: its type, its name, and in C# its modifier (`ref`, `out`,
/// `in` or none).
struct Param {
    modifier: String,
    ty: String,
    name: String,
}

fn param(decl: &str) -> Param {
    let (ty, name) = split_decl(decl);
    Param { modifier: String::new(), ty, name }
}

fn c_functions(h: &str) -> BTreeMap<String, Function> {
    let code = strip(h, false);
    let mut out = BTreeMap::new();
    for stmt in code.split(';') {
        let stmt = stmt.split_whitespace().collect::<Vec<_>>().join(" ");
        // `extern "C" {` (C++ guards) may precede the first declaration.
        let stmt = stmt.rsplit(['{', '}']).next().unwrap_or("").trim().to_string();
        let Some(open) = stmt.find('(') else { continue };
        let head = &stmt[..open];
        if !stmt.ends_with(')') || head.contains("typedef") {
            continue;
        }
        let (ret, name) = split_decl(head);
        if !name.starts_with("cloth_") {
            continue;
        }
        let inner = &stmt[open + 1..stmt.len() - 1];
        let params = if inner.trim() == "void" { Vec::new() } else { inner.split(',').map(param).collect() };
        out.insert(name, Function { ret, params });
    }
    out
}

fn cs_functions(cs: &str) -> BTreeMap<String, Function> {
    let code = strip(cs, false);
    let mut out = BTreeMap::new();
    for stmt in code.split(';') {
        let stmt = stmt.split_whitespace().collect::<Vec<_>>().join(" ");
        let Some(at) = stmt.find("static extern ") else { continue };
        let decl = &stmt[at + "static extern ".len()..];
        let open = decl.find('(').expect("an extern has parameters");
        let (ret, name) = split_decl(&decl[..open]);
        let inner = decl[open + 1..].trim_end_matches(')');
        let params = if inner.trim().is_empty() {
            Vec::new()
        } else {
            inner
                .split(',')
                .map(|p| {
                    // Drop attributes ([In], [Out]); keep the modifier.
                    let p = p.trim();
                    let p = match p.strip_prefix('[') {
                        Some(r) => &r[r.find(']').expect("an attribute closes") + 1..],
                        None => p,
                    };
                    let mut words: Vec<&str> = p.split_whitespace().collect();
                    let modifier = match words.first() {
                        Some(&"in" | &"out" | &"ref") => words.remove(0).to_string(),
                        _ => String::new(),
                    };
                    let (ty, name) = split_decl(&words.join(" "));
                    Param { modifier, ty, name }
                })
                .collect()
        };
        out.insert(name, Function { ret, params });
    }
    out
}

/// `struct name` → fields (type, name), for `typedef struct { … } name;` in C
/// and `public struct Name { public T f; … }` in C#.
fn c_structs(h: &str) -> BTreeMap<String, Vec<(String, String)>> {
    let code = strip(h, false);
    let mut out = BTreeMap::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("typedef struct {") {
        let body_start = at + "typedef struct {".len();
        let end = rest[body_start..].find('}').expect("a struct closes") + body_start;
        let name_end = rest[end..].find(';').expect("the typedef ends") + end;
        let name = rest[end + 1..name_end].trim().to_string();
        let fields = rest[body_start..end].split(';').filter(|f| !f.trim().is_empty()).map(split_decl).collect();
        out.insert(pascal(&name, ""), fields);
        rest = &rest[name_end..];
    }
    out
}

fn cs_structs(cs: &str) -> BTreeMap<String, Vec<(String, String)>> {
    let code = strip(cs, false);
    let mut out = BTreeMap::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("public struct ") {
        let open = rest[at..].find('{').expect("a struct opens") + at;
        let name = rest[at + "public struct ".len()..open].trim().to_string();
        // The fields are the body's `public T name;` statements at its own
        // level; members with a body (properties, constructors) are skipped.
        let (mut depth, mut statement, mut fields) = (0usize, String::new(), Vec::new());
        let mut close = open;
        for (i, c) in rest[open + 1..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    close = open + 1 + i;
                    break;
                }
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        statement.clear();
                    }
                }
                ';' if depth == 0 => {
                    let s = statement.trim();
                    if let Some(field) = s.strip_prefix("public ").filter(|f| !f.contains(['(', '='])) {
                        fields.push(split_decl(field));
                    }
                    statement.clear();
                }
                c if depth == 0 => statement.push(c),
                _ => {}
            }
        }
        out.insert(name, fields);
        rest = &rest[close..];
    }
    out
}

/// The C# parameter a C parameter must be bound as, or why not.
fn param_problem(function: &str, takes_count: bool, c: &Param, cs: &Param) -> Option<String> {
    if cs.modifier == "in" {
        return Some(format!("{function}: parameter {} is `in` (mcs passes it by value): use `ref`", cs.name));
    }
    let bound = format!("`{}`", [cs.modifier.as_str(), &cs.ty].join(" ").trim());
    let Some(pointee) = c.ty.strip_suffix('*') else {
        let want = cs_type(&c.ty);
        return (!cs.modifier.is_empty() || cs.ty != want)
            .then(|| format!("{function}: parameter `{} {}` in C is {bound} in C# (expected `{want}`)", c.ty, c.name));
    };
    let constant = pointee.trim_start().starts_with("const ");
    let pointee = cs_type(pointee);
    let ok = if takes_count {
        cs.modifier.is_empty() && cs.ty == format!("{pointee}*")
    } else {
        cs.ty == pointee && (cs.modifier == "ref" || (cs.modifier == "out" && !constant))
    };
    let want = if takes_count {
        format!("`{pointee}*` (an array: the function takes a count)")
    } else if constant {
        format!("`ref {pointee}`")
    } else {
        format!("`out {pointee}` or `ref {pointee}`")
    };
    (!ok).then(|| format!("{function}: parameter `{} {}` in C is {bound} in C# (expected {want})", c.ty, c.name))
}

/// A handle: `{ uint32_t index; uint32_t generation; }`, bound as one `ulong`.
fn is_handle(fields: &[(String, String)]) -> bool {
    let f: Vec<(&str, &str)> = fields.iter().map(|(t, n)| (t.as_str(), n.as_str())).collect();
    f == [("uint32_t", "index"), ("uint32_t", "generation")]
}

#[test]
fn every_function_has_a_matching_binding() {
    let (c, cs) = (c_functions(&header()), cs_functions(&binding()));
    assert!(c.len() >= 40, "only {} functions parsed from the header", c.len());
    let mut problems = Vec::new();
    for (name, f) in &c {
        let Some(b) = cs.get(name) else {
            problems.push(format!("{name}: no binding in Cloth.cs"));
            continue;
        };
        if cs_type(&f.ret) != b.ret {
            problems.push(format!("{name}: returns {} in C (C# {}), {} in C#", f.ret, cs_type(&f.ret), b.ret));
        }
        if f.params.len() != b.params.len() {
            problems.push(format!("{name}: {} parameters in C, {} in C#", f.params.len(), b.params.len()));
        }
        let takes_count = f.params.iter().any(|p| p.ty == "size_t");
        for (cp, bp) in f.params.iter().zip(&b.params) {
            if cp.name != bp.name {
                problems.push(format!("{name}: parameter {} in C is {} in C#", cp.name, bp.name));
            }
            problems.extend(param_problem(name, takes_count, cp, bp));
        }
    }
    for name in cs.keys().filter(|n| !c.contains_key(*n)) {
        problems.push(format!("{name}: bound in Cloth.cs but not in the header"));
    }
    assert!(problems.is_empty(), "Cloth.cs and cloth.h disagree:\n  {}", problems.join("\n  "));
}

#[test]
fn every_struct_has_the_same_fields() {
    let (c, cs) = (c_structs(&header()), cs_structs(&binding()));
    assert!(c.len() >= 15, "only {} structs parsed from the header", c.len());
    let mut problems = Vec::new();
    for (name, fields) in &c {
        let Some(b) = cs.get(name) else {
            problems.push(format!("{name}: no struct in Cloth.cs"));
            continue;
        };
        if is_handle(fields) {
            if b.len() != 1 || b[0] != ("ulong".to_string(), "packed".to_string()) {
                problems.push(format!(
                    "{name}: a handle, bound as one `ulong packed` (Burst passes no other struct by value)"
                ));
            }
            continue;
        }
        if fields.len() != b.len() {
            problems.push(format!("{name}: {} fields in C, {} in C#", fields.len(), b.len()));
        }
        for ((ct, cn), (bt, bn)) in fields.iter().zip(b) {
            if cn != bn || cs_type(ct) != *bt {
                problems
                    .push(format!("{name}: field `{ct} {cn}` in C is `{bt} {bn}` in C# (expected {})", cs_type(ct)));
            }
        }
    }
    let handles = c.values().filter(|f| is_handle(f)).count();
    assert!(handles >= 3, "only {handles} handles parsed from the header");
    assert!(problems.is_empty(), "Cloth.cs and cloth.h disagree:\n  {}", problems.join("\n  "));
}

#[test]
fn every_constant_and_status_has_the_same_value() {
    let h = header();
    let cs = strip(&binding(), true);
    let mut problems = Vec::new();
    for line in h.lines().filter_map(|l| l.strip_prefix("#define CLOTH_")) {
        let mut parts = line.split_whitespace();
        let (Some(name), Some(value)) = (parts.next(), parts.next()) else { continue };
        let kind = if value.contains(['.', 'e']) { "double" } else { "uint" };
        let want = format!("public const {kind} CLOTH_{name} = {value};");
        if !cs.contains(&want) {
            problems.push(format!("missing `{want}`"));
        }
    }
    let statuses: Vec<&str> = h.lines().map(str::trim).filter(|l| l.starts_with("CLOTH_STATUS_")).collect();
    assert!(statuses.len() >= 16, "only {} statuses parsed", statuses.len());
    for s in statuses {
        let (name, value) = s.trim_end_matches(',').split_once(" = ").expect("NAME = value");
        let want = format!("{} = {value},", pascal(name, "CLOTH_STATUS_"));
        if !cs.contains(&want) {
            problems.push(format!("ClothStatus lacks `{want}`"));
        }
    }
    assert!(problems.is_empty(), "Cloth.cs and cloth.h disagree:\n  {}", problems.join("\n  "));
}

/// The safe layer's enums over the header's `uint32_t` constants —
/// `ClothPreset` (`CLOTH_PRESET_*`), `ClothSpace` (`CLOTH_SPACE_*`) and
/// `ClothDetail` (`CLOTH_DETAIL_*`) — have
/// one member per constant, named as `pascal` names it, with its value.
#[test]
fn safe_enums_have_the_header_values() {
    let h = header();
    let cs = strip(&binding(), false);
    let mut problems = Vec::new();
    for (enum_name, prefix) in
        [("ClothPreset", "CLOTH_PRESET_"), ("ClothSpace", "CLOTH_SPACE_"), ("ClothDetail", "CLOTH_DETAIL_")]
    {
        let constants: BTreeMap<String, String> = h
            .lines()
            .filter_map(|l| l.strip_prefix("#define "))
            .filter_map(|l| {
                let mut parts = l.split_whitespace();
                let (name, value) = (parts.next()?, parts.next()?);
                name.starts_with(prefix).then(|| (pascal(name, prefix), value.to_string()))
            })
            .collect();
        assert!(constants.len() >= 2, "only {} {prefix}* constants parsed", constants.len());
        let Some(at) = cs.find(&format!("public enum {enum_name} : uint")) else {
            problems.push(format!("no `public enum {enum_name} : uint` in Cloth.cs"));
            continue;
        };
        let body = &cs[at..];
        let (open, close) = (body.find('{').expect("an enum opens"), body.find('}').expect("an enum closes"));
        let members: BTreeMap<String, String> = body[open + 1..close]
            .split(',')
            .filter_map(|m| m.split_once('='))
            .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
            .collect();
        if members != constants {
            problems.push(format!("{enum_name} is {members:?}; the header's {prefix}* are {constants:?}"));
        }
    }
    assert!(problems.is_empty(), "Cloth.cs and cloth.h disagree:\n  {}", problems.join("\n  "));
}

/// The binding notes the static-linking import name for IL2CPP on iOS.
#[test]
fn the_binding_handles_il2cpp_static_linking() {
    assert!(binding().contains("\"__Internal\""));
}

/// A `ulong` handle is 8-aligned in C# where the C struct is 4-aligned. On
/// 32-bit ARM (AAPCS) an 8-aligned argument starts at an even register, so
/// the two agree only while no handle follows an odd number of 4-byte
/// arguments: in every function the handles (and collider ids, which hold
/// one) come first.
#[test]
fn handles_come_first_in_every_function() {
    let h = header();
    let handles: Vec<String> = c_structs(&h)
        .into_iter()
        .filter(|(_, f)| is_handle(f) || f.first().is_some_and(|(t, _)| t == "cloth_collider_set_id"))
        .map(|(name, _)| name)
        .collect();
    assert!(handles.len() >= 4, "only {} handle types parsed", handles.len());
    let mut problems = Vec::new();
    for (name, f) in c_functions(&h) {
        let is_handle_param = |p: &Param| handles.contains(&pascal(&p.ty, ""));
        if let Some(first_other) = f.params.iter().position(|p| !is_handle_param(p)) {
            for p in f.params[first_other..].iter().filter(|p| is_handle_param(p)) {
                problems.push(format!("{name}: handle {} follows another parameter", p.name));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "reorder, or bind these handles another way on 32-bit ARM:\n  {}",
        problems.join("\n  ")
    );
}

/// Issue 20: no parameter in the whole file — raw layer or safe layer — is
/// `in` (C# 7.2), which mcs refuses at its default level and compiles as a
/// by-value copy at 7.2.
#[test]
fn no_parameter_is_in() {
    let code = strip(&binding(), false);
    let mut problems = Vec::new();
    for (i, _) in code.match_indices("in ") {
        let before = code[..i].trim_end();
        let word_start = i == 0 || !code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if word_start && (before.ends_with('(') || before.ends_with(',') || before.ends_with(']')) {
            let line = code[..i].lines().count();
            problems
                .push(format!("line {line} (comments stripped): `{}`", code[i..].lines().next().unwrap_or("").trim()));
        }
    }
    assert!(problems.is_empty(), "`in` parameters in Cloth.cs (use `ref`):\n  {}", problems.join("\n  "));
}
