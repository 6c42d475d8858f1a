//! Generates the C header with cbindgen (version pinned in Cargo.toml) into
//! `$OUT_DIR/cloth.h`. The committed `include/cloth.h` must equal it — the
//! `header_is_fresh` test fails otherwise — and
//! `CLOTH_UPDATE_HEADER=1 cargo build -p cloth-ffi` rewrites it.

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
}
