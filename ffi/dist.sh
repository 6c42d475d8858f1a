#!/usr/bin/env bash
# The package an engine consumes (issue 20): builds cloth-ffi in release and
# lays out, for the machine's own target (Linux, ELF),
#
#   dist/cloth-<version>-<target>/
#     include/cloth.h
#     lib/libcloth.so.<abi>.<version>          stripped; SONAME libcloth.so.<abi>
#     lib/libcloth.so.<abi>.<version>.debug    its debug info (found through .gnu_debuglink)
#     lib/libcloth.so.<abi> -> ...             the name a linked host records
#     lib/libcloth.so -> libcloth.so.<abi>     the name -lcloth finds
#     lib/libcloth.a                           debug info stripped
#     lib/cmake/cloth/                         find_package(cloth CONFIG): cloth::cloth, cloth::cloth_static
#     lib/pkgconfig/cloth.pc                   pkg-config cloth (--static: the archive's system libraries)
#     bindings/csharp/                         as in the tree
#     README.md LICENSE-APACHE LICENSE-MIT THIRD-PARTY
#
# <abi> is CLOTH_ABI_VERSION (the header's), <version> the workspace's package
# version. The versioned file is the SONAME followed by the package version,
# so its name says which ABI it serves. Paths inside the CMake and pkg-config
# files are relative to those files: the tree works wherever it is unpacked.
#
# The static library's link list is what rustc prints for it
# (--print native-static-libs) in this very build, never a copy. Stripping
# follows Debian's dh_strip: the shared library keeps only the symbols
# dynamic linking needs and points at its separate debug file; the archive
# loses its debug info and keeps its symbol table (a linker needs it).
#
#   usage: ffi/dist.sh     (the last line printed is the directory written)
set -euo pipefail
cd "$(dirname "$0")/.."

target=$(rustc -vV | sed -n 's/^host: //p')
case "$target" in
  *-linux-*) ;;
  *) echo "ffi/dist.sh: packages ELF (Linux) builds only; this machine is $target" >&2; exit 1 ;;
esac
version=$(cargo pkgid -p cloth-ffi | sed 's/.*[#@]//')
abi=$(sed -n 's/^#define CLOTH_ABI_VERSION \([0-9][0-9]*\)$/\1/p' include/cloth.h)
pointer_bytes=$(( $(rustc --print cfg | sed -n 's/^target_pointer_width="\([0-9]*\)"$/\1/p') / 8 ))
release=$(cargo metadata --format-version 1 --no-deps | sed 's/.*"target_directory":"\([^"]*\)".*/\1/')/release
[ -n "$version" ] && [ -n "$abi" ] || { echo "ffi/dist.sh: no version or ABI version found" >&2; exit 1; }

# One build gives libcloth.so, libcloth.a and, on stderr, the archive's link
# list (cargo replays it when the build is already fresh).
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo rustc --release -p cloth-ffi --lib -- --print native-static-libs 2>&1 | tee "$log"
native=$(sed -n 's/^note: native-static-libs: //p' "$log" | tail -1)
libs_cmake=  # the same as CMake's list: gcc_s;util;...
for flag in $native; do
  case "$flag" in
    -l?*) libs_cmake=${libs_cmake:+$libs_cmake;}${flag#-l} ;;
    *) echo "ffi/dist.sh: unexpected item '$flag' in rustc's native-static-libs: '$native'" >&2; exit 1 ;;
  esac
done
[ -n "$native" ] || { echo "ffi/dist.sh: rustc printed no native-static-libs" >&2; exit 1; }

name=cloth-$version-$target
out=dist/$name
so=libcloth.so.$abi.$version
rm -rf "$out"
mkdir -p "$out/include" "$out/lib/cmake/cloth" "$out/lib/pkgconfig" "$out/bindings"

cp include/cloth.h "$out/include/"
cp LICENSE-APACHE LICENSE-MIT "$out/"
cp -R bindings/csharp "$out/bindings/"

objcopy --only-keep-debug "$release/libcloth.so" "$out/lib/$so.debug"
chmod -x "$out/lib/$so.debug"
objcopy --strip-unneeded --remove-section=.comment --add-gnu-debuglink="$out/lib/$so.debug" \
  "$release/libcloth.so" "$out/lib/$so"
ln -s "$so" "$out/lib/libcloth.so.$abi"
ln -s "libcloth.so.$abi" "$out/lib/libcloth.so"
objcopy --strip-debug --remove-section=.comment "$release/libcloth.a" "$out/lib/libcloth.a"

# cloth-ffi and every crate linked into the library, with their licences.
{
  echo "libcloth contains Rust's standard library (MIT OR Apache-2.0) and these crates:"
  echo
  cargo tree -p cloth-ffi -e normal --prefix none --format '{p}  {l}' | sed 's/ (\/[^)]*)//' | sort -u
} > "$out/THIRD-PARTY"

# --- CMake package ---------------------------------------------------------
cat > "$out/lib/cmake/cloth/clothConfig.cmake" << EOF
# cloth $version ($target): find_package(cloth CONFIG) defines
#   cloth::cloth         the shared library, $so (SONAME libcloth.so.$abi)
#   cloth::cloth_static  the static library, libcloth.a, with the system
#                        libraries rustc lists for it
# Both carry the include directory (cloth.h). Paths are relative to this file.
get_filename_component(_cloth_prefix "\${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
foreach(_cloth_file "include/cloth.h" "lib/$so" "lib/libcloth.a")
  if(NOT EXISTS "\${_cloth_prefix}/\${_cloth_file}")
    set(cloth_FOUND FALSE)
    set(cloth_NOT_FOUND_MESSAGE "\${_cloth_prefix}/\${_cloth_file} is missing")
    return()
  endif()
endforeach()
if(NOT TARGET cloth::cloth)
  add_library(cloth::cloth SHARED IMPORTED)
  set_target_properties(cloth::cloth PROPERTIES
    IMPORTED_LOCATION "\${_cloth_prefix}/lib/$so"
    IMPORTED_SONAME "libcloth.so.$abi"
    INTERFACE_INCLUDE_DIRECTORIES "\${_cloth_prefix}/include")
endif()
if(NOT TARGET cloth::cloth_static)
  add_library(cloth::cloth_static STATIC IMPORTED)
  set_target_properties(cloth::cloth_static PROPERTIES
    IMPORTED_LOCATION "\${_cloth_prefix}/lib/libcloth.a"
    INTERFACE_INCLUDE_DIRECTORIES "\${_cloth_prefix}/include"
    INTERFACE_LINK_LIBRARIES "$libs_cmake")
endif()
unset(_cloth_prefix)
unset(_cloth_file)
EOF

# Cargo's compatibility rule: 0.y.z serves requests for 0 and 0.y, x.y.z
# (x >= 1) requests for x; never a request for a newer version.
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
if [ "$major" = 0 ]; then
  series=0.$minor
  same="PACKAGE_FIND_VERSION_MAJOR EQUAL 0 AND (PACKAGE_FIND_VERSION_COUNT LESS 2 OR PACKAGE_FIND_VERSION_MINOR EQUAL $minor)"
else
  series=$major
  same="PACKAGE_FIND_VERSION_MAJOR EQUAL $major"
fi
cat > "$out/lib/cmake/cloth/clothConfigVersion.cmake" << EOF
# find_package(cloth <version>): $version serves a request for $series.* that
# is not newer (Cargo's rule), on a $((pointer_bytes * 8))-bit target.
set(PACKAGE_VERSION "$version")
if(PACKAGE_FIND_VERSION_COUNT GREATER 0 AND (PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION OR NOT ($same)))
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
if(CMAKE_SIZEOF_VOID_P AND NOT CMAKE_SIZEOF_VOID_P EQUAL $pointer_bytes)
  set(PACKAGE_VERSION "$version ($((pointer_bytes * 8))-bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
EOF

# --- pkg-config ------------------------------------------------------------
cat > "$out/lib/pkgconfig/cloth.pc" << EOF
# cloth $version ($target). Paths are relative to this file (\${pcfiledir}).
# --static adds the system libraries libcloth.a needs; to link the archive
# when libcloth.so sits beside it, name it: -lcloth -> -l:libcloth.a.
prefix=\${pcfiledir}/../..
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: cloth
Description: Real-time cloth and rope simulation for game characters (C ABI $abi)
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lcloth
Libs.private: $native
EOF

# --- README ----------------------------------------------------------------
glibc=$(objdump -T "$out/lib/$so" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -uV | tr '\n' ' ')
glibc=${glibc% }
newest=${glibc##*GLIBC_}
cat > "$out/README.md" << EOF
# cloth $version ($target)

Real-time cloth and rope simulation for game characters, as a C library.
Read the essay at the top of \`include/cloth.h\` first: ownership, threads,
units, versions. The ABI version is $abi (\`CLOTH_ABI_VERSION\`); check
\`cloth_abi_version() == CLOTH_ABI_VERSION\` when the library loads.

- \`include/cloth.h\`: the whole API (C99; C++ includes it as is).
- \`lib/$so\`: the shared library, stripped; its SONAME is
  \`libcloth.so.$abi\`, the name a host linked to it looks for at run time
  (run path, \`LD_LIBRARY_PATH\`, ldconfig). \`lib/libcloth.so.$abi\` and
  \`lib/libcloth.so\` link to it.
- \`lib/$so.debug\`: its debug info, which gdb and perf find beside it.
- \`lib/libcloth.a\`: the static library (without debug info). By hand:
  \`lib/libcloth.a $native\`.
- \`lib/cmake/cloth/\`, \`lib/pkgconfig/cloth.pc\`: for CMake and pkg-config.
- \`bindings/csharp/Cloth.cs\`: the C# binding (Unity).
- \`THIRD-PARTY\`: the crates compiled into the library and their licences.

**Needs** glibc $newest or newer and an x86-64 CPU of any generation (the
AVX2 kernels are chosen at run time where the CPU has them). The glibc
symbol versions it uses: ${glibc// /, }.

**CMake**: put this directory on \`CMAKE_PREFIX_PATH\` (or point
\`cloth_DIR\` at \`lib/cmake/cloth\`).

\`\`\`cmake
find_package(cloth $series CONFIG REQUIRED)
target_link_libraries(game PRIVATE cloth::cloth)          # libcloth.so.$abi
target_link_libraries(tool PRIVATE cloth::cloth_static)   # libcloth.a and its system libraries
\`\`\`

**pkg-config**: put \`lib/pkgconfig\` on \`PKG_CONFIG_PATH\`. \`--static\` adds
the system libraries the archive needs; the linker still prefers
\`libcloth.so\` beside it, so name the archive:

\`\`\`sh
c++ game.cpp \$(pkg-config --cflags --libs cloth)
c++ tool.cpp \$(pkg-config --cflags cloth) \$(pkg-config --static --libs cloth | sed 's/-lcloth /-l:libcloth.a /')
\`\`\`

**Unity**: \`bindings/csharp/Cloth.cs\` in \`Assets/\`, \`lib/$so\` as
\`Assets/Plugins/Linux/libcloth.so\`. **Unreal**: a third-party module
holding \`include/\` and \`lib/\` that links \`libcloth.so\` and ships
\`libcloth.so.$abi\` as a runtime dependency (the cloth repository's README
shows its \`Build.cs\`).

Licence: MIT OR Apache-2.0 (LICENSE-MIT, LICENSE-APACHE).
EOF

echo "glibc symbol versions: $glibc (needs $newest or newer)"
echo "$out"
