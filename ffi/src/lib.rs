//! # cloth-ffi: the C ABI (`include/cloth.h`)
//!
//! Thin, flat, C99 (DESIGN §13), in the rustls-ffi habit (STYLE.md): opaque
//! generation-checked handles; `#[repr(C)]` descriptors that start with their
//! size, each with a `cloth_default_*` constructor; caller-owned output
//! buffers passed with their length; a stable numbered [`cloth_status`] from
//! every call that can fail and a per-thread last-error message; every
//! pointer, length, index, enum value and float checked; no `bool` in the
//! ABI; **no panic ever crosses the boundary** ([`boundary`]'s guard wraps
//! every body in `catch_unwind`).
//!
//! The header is generated from this crate by cbindgen (`build.rs`); the
//! essay at its top (ownership, threads, units, versions) is in
//! `cbindgen.toml`. The crate must be built with `panic = "unwind"` (the
//! default): with `abort`, the guard could not catch anything.
//!
//! Layout: [`boundary`] (statuses, last error, the guard, pointer checks,
//! the world registry), [`types`] (structs, constants, defaults,
//! conversions), then one file per kind of object: [`world`], [`cloth`],
//! [`collider`].
//!
//! A pointer argument is NULL or valid for the call (the header's rule), so
//! every exported function that dereferences one is `unsafe extern "C"`; its
//! contract is the header's, not repeated per function.
#![allow(clippy::missing_safety_doc)]

// The header follows this order: the boundary, the types, then worlds,
// collider sets and colliders, cloths.
pub mod boundary;
pub mod cloth;
pub mod collider;
pub mod types;
pub mod world;

#[cfg(test)]
mod tests;

pub use boundary::cloth_status;
pub use cloth::*;
pub use collider::*;
pub use types::*;
pub use world::*;

/// The header cbindgen generated for this build (`$OUT_DIR/cloth.h`); the
/// committed `include/cloth.h` must equal it.
pub const GENERATED_HEADER: &str = include_str!(concat!(env!("OUT_DIR"), "/cloth.h"));
