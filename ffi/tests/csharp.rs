//! `bindings/csharp/Cloth.cs` mirrors `include/cloth.h` (issue 6: the binding
//! is checked against the header so the two cannot drift). From the header:
//! every function, struct, constant and status; from the C# file: the
//! `extern` declarations, the `struct`s, the `const`s and the `Status` enum.
//! Names map mechanically — `cloth_sheet_desc` → `SheetDesc`,
//! `CLOTH_STATUS_NULL_POINTER` → `NullPointer` — and C# `@`-escaped names
//! (`@out`, `@fixed`) compare without the `@`.
//!
//! Checked: each exported function has a binding with the same parameter
//! names and count and the matching return type; each struct has the same
//! fields in the same order with the matching C# types (pointers → `IntPtr`,
//! `size_t` → `UIntPtr`, structs by their mapped name); each `#define` and
//! each status has the same value.

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
        "uint32_t" => "uint".into(),
        "uint64_t" => "ulong".into(),
        "double" => "double".into(),
        "float" => "float".into(),
        "size_t" => "UIntPtr".into(),
        "void" => "void".into(),
        "cloth_status" => "Status".into(),
        other => pascal(other, "cloth_"),
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
    params: Vec<(String, String)>,
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
        let params = if inner.trim() == "void" { Vec::new() } else { inner.split(',').map(split_decl).collect() };
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
                    // Drop attributes ([In], [Out]) and modifiers (in, out, ref).
                    let p = p.trim();
                    let p = match p.strip_prefix('[') {
                        Some(r) => &r[r.find(']').expect("an attribute closes") + 1..],
                        None => p,
                    };
                    let words: Vec<&str> =
                        p.split_whitespace().filter(|w| !matches!(*w, "in" | "out" | "ref")).collect();
                    split_decl(&words.join(" "))
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
        out.insert(pascal(&name, "cloth_"), fields);
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
        let close = rest[open..].find('}').expect("a struct closes") + open;
        let fields = rest[open + 1..close]
            .split(';')
            .filter(|f| !f.trim().is_empty())
            .map(|f| split_decl(f.trim().trim_start_matches("public ")))
            .collect();
        out.insert(name, fields);
        rest = &rest[close..];
    }
    out
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
        for ((_, cn), (_, bn)) in f.params.iter().zip(&b.params) {
            if cn != bn {
                problems.push(format!("{name}: parameter {cn} in C is {bn} in C#"));
            }
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
            problems.push(format!("Status lacks `{want}`"));
        }
    }
    assert!(problems.is_empty(), "Cloth.cs and cloth.h disagree:\n  {}", problems.join("\n  "));
}

/// The binding notes the static-linking import name for IL2CPP on iOS.
#[test]
fn the_binding_handles_il2cpp_static_linking() {
    assert!(binding().contains("\"__Internal\""));
}
