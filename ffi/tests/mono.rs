//! The C# binding compiled and run (issue 20 item 4), where `ffi/tests/csharp.rs`
//! only compares its text with the header.
//!
//! - `bindings/csharp/tests/ClothTest.cs` is compiled with Mono's `mcs` at its
//!   default language level (C# 7.0, where the old binding's `in` parameters
//!   did not compile) and at `-langversion:latest` (7.2, where they compiled
//!   as by-value copies and crashed), both with warnings as errors, and each
//!   executable runs under `mono` against the freshly built `libcloth.so`. It
//!   steps `ffi/examples/host.c`'s scene through the safe layer, walks the
//!   error paths and measures the managed allocations per frame after
//!   warm-up; it must exit 0 and say "ok".
//! - `host.c`, its C twin, is compiled and run against the same library: the
//!   digest of every position each program read must be the same bits.
//! - `Cloth.cs` compiles beside stand-ins for UnityEngine's `Cloth`, `Pose`,
//!   `Vector3` and `Quaternion`, Unity.Entities' `World` and Unity.Collections'
//!   `NativeArray` with a script that imports them all with `ClothSim`
//!   (`UNITY_5_3_OR_NEWER`, with and without `UNITY_2021_2_OR_NEWER`'s Span
//!   overloads; the stand-ins compile only under `CLOTH_UNITY_STAND_IN`, so a
//!   copy of `bindings/csharp/` in a Unity project adds no types), and with
//!   `CLOTH_NO_SPAN` (a runtime without Span), at both language levels.
//!
//! Where `mcs` is missing this prints a SKIPPED line and passes, unless
//! `CLOTH_REQUIRE_MONO=1` (set by `.ci/run`, which installs Debian's
//! `mono-mcs` and `mono-runtime`): then it fails. `$MCS`, `$MONO` and `$CC`
//! name other binaries.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("ffi/ has a parent").to_path_buf()
}

/// `target/<profile>`, where cargo puts `libcloth.so` beside `deps/`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows its path");
    exe.parent().and_then(Path::parent).expect("the profile directory").to_path_buf()
}

/// The newest `libcloth.so` cargo built (as `ffi/tests/hosts.rs` picks it:
/// `cargo test` writes `deps/` only, so the copy beside it can be older).
fn library() -> PathBuf {
    let dir = profile_dir();
    let modified = |p: &PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    [dir.join("deps/libcloth.so"), dir.join("libcloth.so")]
        .into_iter()
        .filter_map(|p| modified(&p).map(|t| (t, p)))
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p)
        .expect("libcloth.so was built (cargo builds cloth-ffi's cdylib with its tests)")
}

fn tool(var: &str, default: &str) -> String {
    std::env::var(var).ok().filter(|s| !s.is_empty()).unwrap_or_else(|| default.to_string())
}

/// `mcs`, or None (having printed why) when it is missing and not required.
fn mcs() -> Option<String> {
    let mcs = tool("MCS", "mcs");
    if Command::new(&mcs).arg("--version").output().is_ok() {
        return Some(mcs);
    }
    let install = "apt-get install mono-mcs mono-runtime";
    if std::env::var_os("CLOTH_REQUIRE_MONO").is_some_and(|v| v == "1") {
        panic!("CLOTH_REQUIRE_MONO=1 but {mcs} is not installed ({install})");
    }
    println!("SKIPPED: {mcs} is not installed ({install}): the C# binding was neither compiled nor run");
    None
}

/// A directory of this test's own, holding a copy of the library: `mono`
/// looks for `libcloth.so` beside the executable that imports "cloth", and
/// the C twin, linked against it, for its SONAME `libcloth.so.<ABI>` (a link
/// to the copy, as a package lays them out).
fn work_dir(name: &str) -> PathBuf {
    let dir = profile_dir().join("cloth-mono").join(name);
    std::fs::create_dir_all(&dir).expect("output directory");
    std::fs::copy(library(), dir.join("libcloth.so")).expect("copy libcloth.so");
    let soname = dir.join(format!("libcloth.so.{}", cloth::types::CLOTH_ABI_VERSION));
    let _ = std::fs::remove_file(&soname);
    std::os::unix::fs::symlink("libcloth.so", &soname).expect("link the SONAME to the copy");
    dir
}

/// Runs a command with no `LD_LIBRARY_PATH` (cargo's names `target/<profile>`,
/// where an older `libcloth.so` may lie) and requires success.
fn run(what: &str, cmd: &mut Command) -> Output {
    cmd.env_remove("LD_LIBRARY_PATH");
    let out = cmd.output().unwrap_or_else(|e| panic!("could not run {what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `mcs` over `sources` (repo-relative) into `out`, warnings as errors.
fn compile_cs(mcs: &str, sources: &[&str], flags: &[&str], out: &Path) {
    let mut cmd = Command::new(mcs);
    cmd.args(["-unsafe", "-warnaserror+", "-nologo"]).args(flags).arg(format!("-out:{}", out.display()));
    cmd.args(sources.iter().map(|s| repo().join(s)));
    let what = format!("mcs {} {}", flags.join(" "), sources.join(" "));
    run(&what, &mut cmd);
}

fn line<'a>(stdout: &'a str, prefix: &str) -> &'a str {
    stdout.lines().find_map(|l| l.strip_prefix(prefix)).unwrap_or_else(|| panic!("no '{prefix}' line in:\n{stdout}"))
}

const DIGEST: &str = "digest of every position read: ";

/// The gate of issue 20: the binding runs under Mono, compiled at either
/// language level, and reads back the C twin's bits.
#[test]
fn csharp_host_under_mono_reads_the_c_twins_bits() {
    let Some(mcs) = mcs() else { return };
    let mono = tool("MONO", "mono");
    let dir = work_dir("host");

    // The C twin, linked to the same copy of the library.
    let twin = dir.join("host_c_twin");
    let mut cc = Command::new(tool("CC", "cc"));
    cc.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O1", "-g", "-pthread", "-I"])
        .arg(repo().join("include"))
        .arg(repo().join("ffi/examples/host.c"))
        .arg("-o")
        .arg(&twin)
        .arg("-L")
        .arg(&dir)
        .arg("-lcloth")
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .arg("-lm");
    run("cc host.c", &mut cc);
    let c_out = run("host.c", &mut Command::new(&twin));
    let c_stdout = String::from_utf8_lossy(&c_out.stdout).to_string();
    let c_digest = line(&c_stdout, DIGEST);
    println!("host.c (C twin): kernels {}, digest {c_digest}", line(&c_stdout, "kernels: "));

    let sources = ["bindings/csharp/Cloth.cs", "bindings/csharp/tests/ClothTest.cs"];
    for (level, flags) in [("default", &[][..]), ("latest", &["-langversion:latest"][..])] {
        let exe = dir.join(format!("ClothTest_{level}.exe"));
        compile_cs(&mcs, &sources, flags, &exe);
        let out = run(&format!("mono ClothTest.exe (mcs, language level {level})"), Command::new(&mono).arg(&exe));
        let stdout = String::from_utf8_lossy(&out.stdout);
        println!("-- ClothTest.cs compiled by mcs at language level {level}, run under {mono}:\n{stdout}");
        assert_eq!(line(&stdout, "ClothTest.cs: "), "ok", "ClothTest.cs did not report ok");
        assert_eq!(
            line(&stdout, DIGEST),
            c_digest,
            "C# (mcs {level}) read other bits than its C twin host.c: the binding changed the answer"
        );
        println!("digest C# (mcs {level}) {} = C {c_digest}", line(&stdout, DIGEST));
    }
}

/// Issue 20: inside Unity the binding meets UnityEngine's `Cloth` and
/// `Pose`; it must compile beside them, and a script importing both must
/// still mean Unity's. Outside Unity without Span (`CLOTH_NO_SPAN`), only
/// the array and pointer forms remain, and they compile too.
#[test]
fn csharp_binding_compiles_beside_unity_types_and_without_span() {
    let Some(mcs) = mcs() else { return };
    let dir = work_dir("compile");
    let unity =
        ["bindings/csharp/Cloth.cs", "bindings/csharp/tests/UnityStandIn.cs", "bindings/csharp/tests/UnityUser.cs"];
    let configs: [(&str, &str, &[&str]); 3] = [
        ("unity-2019", "-define:UNITY_5_3_OR_NEWER;CLOTH_UNITY_STAND_IN", &unity),
        ("unity-2021-2", "-define:UNITY_5_3_OR_NEWER;UNITY_2021_2_OR_NEWER;CLOTH_UNITY_STAND_IN", &unity),
        ("no-span", "-define:CLOTH_NO_SPAN", &["bindings/csharp/Cloth.cs"]),
    ];
    for (name, define, sources) in configs {
        for level in ["default", "latest"] {
            let lang = format!("-langversion:{}", if level == "latest" { "latest" } else { "default" });
            compile_cs(&mcs, sources, &["-target:library", define, &lang], &dir.join(format!("{name}-{level}.dll")));
            println!("compiled ({define}, language level {level}): {}", sources.join(" "));
        }
    }
}
