//! Generates the C header with cbindgen (version pinned in Cargo.toml) into
//! `$OUT_DIR/cloth.h`. The committed `include/cloth.h` must equal it — the
//! `header_is_fresh` test fails otherwise — and
//! `CLOTH_UPDATE_HEADER=1 cargo build -p cloth-ffi` rewrites it.
//!
//! On Linux it also names the shared library `libcloth.so.<CLOTH_ABI_VERSION>`
//! (its SONAME): a host linked to it then records that name, not the path it
//! was linked from, so the loader finds it by the usual search
//! (`LD_LIBRARY_PATH`, run path, ldconfig), and a library with another ABI
//! version is never taken for it. `ffi/dist.sh` ships the link of that
//! name.

use std::path::PathBuf;

fn main() {
    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("cloth.h");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=CLOTH_UPDATE_HEADER");
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("ffi/cbindgen.toml parses");
    let bindings = cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    bindings.write_to_file(&out);
    if std::env::var_os("CLOTH_UPDATE_HEADER").is_some_and(|v| v == "1") {
        let committed = crate_dir.join("../include/cloth.h");
        bindings.write_to_file(&committed);
        println!("cargo:warning=wrote {}", committed.display());
    }
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        let major = abi_version(&crate_dir.join("src/types.rs"));
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libcloth.so.{major}");
    }
}

/// `CLOTH_ABI_VERSION` as `src/types.rs` defines it, the one place it is
/// written (the header's `#define` is generated from it).
fn abi_version(types: &std::path::Path) -> u32 {
    let source = std::fs::read_to_string(types).expect("ffi/src/types.rs is readable");
    let value = source.lines().find_map(|line| line.trim().strip_prefix("pub const CLOTH_ABI_VERSION: u32 = "));
    let value = value.expect("ffi/src/types.rs defines `pub const CLOTH_ABI_VERSION: u32 = <n>;`");
    value.trim_end_matches(';').trim().parse().expect("CLOTH_ABI_VERSION is an unsigned integer")
}
