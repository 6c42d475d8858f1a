//! The committed header is the generated one (the rustls-ffi habit: a pinned
//! cbindgen regenerates it on every build, and any difference fails).

#[test]
fn header_is_fresh() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../include/cloth.h");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != cloth::GENERATED_HEADER {
        let first = committed
            .lines()
            .zip(cloth::GENERATED_HEADER.lines())
            .position(|(a, b)| a != b)
            .map(|i| i + 1)
            .unwrap_or_else(|| committed.lines().count().min(cloth::GENERATED_HEADER.lines().count()) + 1);
        panic!(
            "include/cloth.h differs from the header cbindgen generates from ffi/src (first difference at line {first}).\n\
             Refresh it with:\n\n    CLOTH_UPDATE_HEADER=1 cargo build -p cloth-ffi\n\n\
             and commit include/cloth.h (and update bindings/csharp/Cloth.cs if the API changed)."
        );
    }
}

/// The version macro and function agree, and the header states the ABI
/// version the library reports.
#[test]
fn abi_version_is_in_the_header() {
    let line = format!("#define CLOTH_ABI_VERSION {}", cloth::cloth_abi_version());
    assert!(cloth::GENERATED_HEADER.contains(&line), "the header lacks {line:?}");
}
