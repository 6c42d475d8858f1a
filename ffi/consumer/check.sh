#!/usr/bin/env bash
# The packaged cloth (ffi/dist.sh) as an engine's build meets it (issue 20).
# Copies the package, ffi/examples/host.cpp and ffi/consumer/CMakeLists.txt
# into a scratch directory outside the workspace (so nothing can reach the
# source tree or target/), then:
#
#   - libcloth.so: its SONAME is libcloth.so.<abi>, the links resolve, and
#     `nm -D --defined-only` lists only cloth_* symbols;
#   - CMake: find_package(cloth <version> CONFIG) and host.cpp linked to
#     cloth::cloth and to cloth::cloth_static;
#   - pkg-config: host.cpp built with `pkg-config --cflags --libs cloth`, and
#     with `--static` naming the archive (-l:libcloth.a);
#
# and runs the four hosts. Each must print "host.cpp: ok" and the golden
# digest of ffi/examples/digests (the in-tree host's, so the package gives
# the source tree's answer); the shared ones must record libcloth.so.<abi>
# (not a path) and the static ones no libcloth at all. A missing cmake or
# pkg-config skips its part, saying so (.ci/run installs both).
#
#   usage: ffi/consumer/check.sh dist/cloth-<version>-<target>
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] && [ -d "$1/lib" ] || { echo "usage: $0 dist/cloth-<version>-<target>" >&2; exit 2; }
package=$(cd "$1" && pwd)
version=$(basename "$package" | sed 's/^cloth-\([^-]*\)-.*/\1/')
abi=$(sed -n 's/^#define CLOTH_ABI_VERSION \([0-9][0-9]*\)$/\1/p' "$package/include/cloth.h")
golden=$(awk '$1 == "host.cpp" { print $2 }' "$repo/ffi/examples/digests")

scratch=$(mktemp -d)
cp -R "$package" "$scratch/cloth"
mkdir "$scratch/consumer"
cp "$repo/ffi/consumer/CMakeLists.txt" "$repo/ffi/examples/host.cpp" "$scratch/consumer/"
cd "$scratch"
trap 'if [ $? -eq 0 ]; then rm -rf "$scratch"; else echo "its files are kept in $scratch" >&2; fi' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
skipped=()

echo "== libcloth.so in cloth-$version (ABI $abi)"
lib=$scratch/cloth/lib
soname=$(objdump -p "$lib/libcloth.so" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = "libcloth.so.$abi" ] || fail "libcloth.so's SONAME is '$soname', not libcloth.so.$abi"
exported=$(nm -D --defined-only --format=posix "$lib/libcloth.so" | awk '{ print $1 }')
foreign=$(echo "$exported" | grep -v '^cloth_' || true)
[ -z "$foreign" ] || fail "libcloth.so exports symbols other than cloth_*: $foreign"
echo "SONAME $soname; nm -D: $(echo "$exported" | wc -l) symbols defined, all cloth_*"

# run <name> <executable> <libcloth it must need, or "none">: the host's
# dynamic section and its answer.
run() {
  local name=$1 exe=$2 want=$3 needed out digest
  needed=$(objdump -p "$exe" | awk '$1 == "NEEDED" && $2 ~ /cloth/ { print $2 }')
  [ "${needed:-none}" = "$want" ] || fail "$name needs '${needed:-no libcloth}', not $want"
  out=$(env -u LD_LIBRARY_PATH "${@:4}" "$exe") || fail "$name exited with $?:"$'\n'"$out"
  echo "$out" | grep -qx 'host.cpp: ok' || fail "$name did not report ok:"$'\n'"$out"
  digest=$(echo "$out" | sed -n 's/^digest of every position read: //p')
  [ "$digest" = "$golden" ] || fail "$name's digest is $digest, the in-tree host's $golden"
  echo "$name: needs ${needed:-no libcloth}; host.cpp: ok; digest $digest (golden)"
}

echo "== CMake: find_package(cloth $version CONFIG), cloth::cloth and cloth::cloth_static"
if command -v cmake > /dev/null; then
  cmake -S consumer -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$scratch/cloth" \
    -Dcloth_request="$version" > configure.log || { cat configure.log; fail "cmake could not configure"; }
  grep 'cloth .* from' configure.log
  cmake --build build -j 2 > build.log || { cat build.log; fail "cmake could not build"; }
  run "CMake cloth::cloth" build/host_shared "libcloth.so.$abi"
  run "CMake cloth::cloth_static" build/host_static none
else
  echo "SKIPPED: cmake is not installed (apt-get install cmake)"
  skipped+=(cmake)
fi

echo "== pkg-config cloth (the package's lib/pkgconfig only)"
if command -v pkg-config > /dev/null; then
  export PKG_CONFIG_LIBDIR=$lib/pkgconfig
  [ "$(pkg-config --modversion cloth)" = "$version" ] || fail "pkg-config cloth is not version $version"
  cflags=$(pkg-config --cflags cloth)
  libs=$(pkg-config --libs cloth)
  # The package README's recipe for the archive: name it instead of -lcloth.
  static=$(pkg-config --static --libs cloth | sed 's/-lcloth /-l:libcloth.a /')
  echo "--cflags --libs: $cflags $libs"
  echo "--static --libs, the archive named: $static"
  [[ $static == *" -l:libcloth.a "* ]] || fail "pkg-config --static --libs has no '-lcloth ' to name the archive by"
  # shellcheck disable=SC2086 # the flags are words
  c++ -std=c++17 -O2 -pthread consumer/host.cpp $cflags $libs -o host_pc_shared
  # shellcheck disable=SC2086
  c++ -std=c++17 -O2 -pthread consumer/host.cpp $cflags $static -o host_pc_static
  run "pkg-config (LD_LIBRARY_PATH)" ./host_pc_shared "libcloth.so.$abi" LD_LIBRARY_PATH="$(pkg-config --variable=libdir cloth)"
  run "pkg-config --static" ./host_pc_static none
else
  echo "SKIPPED: pkg-config is not installed (apt-get install pkg-config)"
  skipped+=(pkg-config)
fi

if [ "${#skipped[@]}" -gt 0 ]; then
  echo "consumer check passed, but SKIPPED: ${skipped[*]}"
else
  echo "consumer check passed"
fi
