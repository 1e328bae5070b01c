#!/usr/bin/env bash
# `make apple-typecheck APPLE_SDK=<sdk> [<sdk> …]`: type-checks GlanceKernel (without GMP, as an
# app gets it), GlanceSync with its Apple adapters, and GlanceStore over GRDB, for every Apple
# target an SDK folder serves, with this machine's Swift toolchain. Nothing is linked or run.
# Scripts/apple/README.md says how to get an SDK copy and what the check can and cannot see.
#
# For each SDK (its SDKSettings.json names the platform):
#   1. a resource folder of our own in .build/apple-typecheck: the toolchain's clang headers and
#      Swift shims, plus Dispatch and os API notes (the Linux toolchain has none, and without them
#      the SDK's Dispatch, Foundation and os overlays do not build);
#   2. for an SDK whose standard library predates a back-deployed API Glance uses, one file of
#      Scripts/apple/BackDeploy/ per missing API, compiled into each Glance module;
#   3. for each target triple: BigInt and GRDB as modules (their diagnostics are not Glance's),
#      then GlanceKernel, GlanceSync and GlanceStore type-checked with the package's own flags
#      (Swift 6 mode, the manifest's upcoming features, warnings as errors), and a canary file
#      that names each adapter the platform has, so a skipped `#if canImport(…)` is an error.
#
# Prints each module's diagnostics in Glance's sources and a summary line per triple; exits 1 when
# Glance has a diagnostic or a module could not be built, 0 otherwise.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
here=$repo/Scripts/apple
work=$repo/.build/apple-typecheck
checkouts=$repo/.build/checkouts

usage() {
  echo "usage: Scripts/apple/typecheck.sh <SDK folder> [<SDK folder> …]" >&2
  exit 64
}
[ $# -ge 1 ] || usage

swiftc=$(command -v swiftc) || { echo "apple-typecheck: swiftc is not on the PATH" >&2; exit 1; }
toolchain_resources=$(cd "$(dirname "$(readlink -f "$swiftc")")/../lib/swift" && pwd)
for dependency in BigInt GRDB.swift; do
  [ -d "$checkouts/$dependency" ] || {
    echo "apple-typecheck: $checkouts/$dependency is missing: run \`swift package resolve\` first" >&2
    exit 1
  }
done

# The package's own settings, read from Package.swift so that there is one list: the upcoming
# features, and the lowest version of each Apple platform.
mapfile -t upcoming < <(grep -o 'enableUpcomingFeature("[A-Za-z]*")' "$repo/Package.swift" | sed 's/.*("\(.*\)")/\1/')
[ ${#upcoming[@]} -gt 0 ] || { echo "apple-typecheck: no upcoming features found in Package.swift" >&2; exit 1; }
lowest() { # lowest <iOS|macOS|watchOS|tvOS>: "16.0" from `.iOS(.v16)` in Package.swift
  local version
  version=$(grep -o "\.$1(\.v[0-9_]*)" "$repo/Package.swift" | head -n 1 | sed 's/.*(\.v\(.*\))/\1/; s/_/./g')
  [ -n "$version" ] || { echo "apple-typecheck: Package.swift names no .$1 platform" >&2; exit 1; }
  case $version in *.*) echo "$version" ;; *) echo "$version.0" ;; esac
}

# 1. The resource folder: the toolchain's, with the Apple API notes added.
resources=$work/resource-dir
rm -rf "$resources" && mkdir -p "$resources/apinotes"
ln -s "$toolchain_resources/clang" "$resources/clang"
ln -s "$toolchain_resources/shims" "$resources/shims"
cp "$toolchain_resources"/apinotes/*.apinotes "$resources/apinotes/" 2>/dev/null || true
cp "$here"/apinotes/*.apinotes "$resources/apinotes/"

# The Glance sources, one module each, sorted so that the diagnostics come in a stable order.
sources_of() { find "$repo/Sources/$1" -name '*.swift' -print0 | sort -z; }

failed=0
summary=()

# check_sdk <sdk folder>: every triple the SDK serves.
check_sdk() {
  local sdk canonical platform
  sdk=$(cd "$1" && pwd)
  [ -f "$sdk/SDKSettings.json" ] || {
    echo "apple-typecheck: $1 has no SDKSettings.json: not an SDK folder (see Scripts/apple/README.md)" >&2
    exit 1
  }
  canonical=$(grep -o '"CanonicalName" *: *"[^"]*"' "$sdk/SDKSettings.json" | sed 's/.*: *"\(.*\)"/\1/')
  platform=${canonical%%[0-9]*}
  local triples=()
  case $platform in
    iphoneos) triples=("arm64-apple-ios$(lowest iOS)") ;;
    iphonesimulator) triples=("arm64-apple-ios$(lowest iOS)-simulator" "x86_64-apple-ios$(lowest iOS)-simulator") ;;
    # arm64_32: the 32-bit `Int` of Apple Watch Series 4 to 8 and SE.
    watchos) triples=("arm64_32-apple-watchos$(lowest watchOS)" "arm64-apple-watchos$(lowest watchOS)") ;;
    watchsimulator) triples=("arm64-apple-watchos$(lowest watchOS)-simulator") ;;
    appletvos) triples=("arm64-apple-tvos$(lowest tvOS)") ;;
    appletvsimulator) triples=("arm64-apple-tvos$(lowest tvOS)-simulator") ;;
    macosx) triples=("arm64-apple-macos$(lowest macOS)") ;;
    *)
      echo "apple-typecheck: $sdk: unknown platform \"$canonical\" in SDKSettings.json" >&2
      exit 1
      ;;
  esac

  # 2. The back-deployed APIs this SDK's standard library lacks: one shim file each.
  local shims=()
  stdlib_has() { # stdlib_has <module> <extended regular expression>
    grep -qE -- "$2" "$sdk"/usr/lib/swift/"$1".swiftmodule/*.swiftinterface 2>/dev/null
  }
  stdlib_has Swift 'func count(<E>)?\(where' || shims+=("$here/BackDeploy/Sequence+CountWhere.swift")
  stdlib_has Swift 'mutating func take\(\) -> (Swift\.Optional<Wrapped>|Wrapped\?)' \
    || shims+=("$here/BackDeploy/Optional+Take.swift")
  stdlib_has Swift 'func get\(\) throws\(Failure\)' || shims+=("$here/BackDeploy/Result+TypedGet.swift")
  stdlib_has _Concurrency 'func assumeIsolated<' || shims+=("$here/BackDeploy/MainActor+AssumeIsolated.swift")

  # Some public SDK copies turned the symlink usr/include/libxml into a copy of
  # usr/include/libxml2/libxml, which defines the module libxml2 twice: hide the copy's module
  # map (an overlay of the file system, seen only by the compiler; the SDK is left as it is).
  local overlay_flags=()
  if [ -f "$sdk/usr/include/libxml/module.modulemap" ] && [ ! -L "$sdk/usr/include/libxml" ] \
    && cmp -s "$sdk/usr/include/libxml/module.modulemap" "$sdk/usr/include/libxml2/libxml/module.modulemap"; then
    mkdir -p "$work/overlay"
    : >"$work/overlay/empty.modulemap"
    cat >"$work/overlay/$canonical.yaml" <<YAML
{ "version": 0, "case-sensitive": "true", "roots": [ { "type": "directory",
  "name": "$sdk/usr/include/libxml",
  "contents": [ { "type": "file", "name": "module.modulemap", "external-contents": "$work/overlay/empty.modulemap" } ] } ] }
YAML
    overlay_flags=(-vfsoverlay "$work/overlay/$canonical.yaml")
  fi

  local triple
  for triple in "${triples[@]}"; do check_triple "$triple"; done
}

# check_triple <triple>: called by check_sdk, whose locals (sdk, canonical, shims,
# overlay_flags) it reads.
check_triple() {
  local triple=$1
  local out=$work/$canonical/$triple
  rm -rf "$out" && mkdir -p "$out"
  local common=(-target "$triple" -sdk "$sdk" -resource-dir "$resources"
    -module-cache-path "$work/module-cache/$canonical" -I "$out" -parse-as-library -no-color-diagnostics
    ${overlay_flags[@]+"${overlay_flags[@]}"})
  local glance_flags=(-swift-version 6 -package-name glance -DSWIFT_PACKAGE)
  local feature
  for feature in "${upcoming[@]}"; do glance_flags+=(-enable-upcoming-feature "$feature"); done
  echo "== $triple ($canonical)${shims[0]+: back-deployed shims $(for shim in "${shims[@]}"; do basename "$shim" .swift; done | paste -sd ' ')}"

  # 3. Each module in dependency order. A dependency is emitted as a module with its function
  # bodies skipped (their diagnostics are not Glance's); a Glance module is type-checked whole,
  # and the kernel then emitted (bodies skipped) for the modules above it.
  local dependency_flags=(-emit-module -wmo -suppress-warnings -Xfrontend -experimental-skip-all-function-bodies)
  local bigint_sources grdb_sources kernel_sources sync_sources store_sources
  mapfile -d '' bigint_sources < <(find "$checkouts/BigInt/Sources" -name '*.swift' -print0 | sort -z)
  mapfile -d '' grdb_sources < <(find "$checkouts/GRDB.swift/GRDB" -name '*.swift' -print0 | sort -z)
  mapfile -d '' kernel_sources < <(sources_of GlanceKernel)
  mapfile -d '' sync_sources < <(sources_of GlanceSync)
  mapfile -d '' store_sources < <(sources_of GlanceStore)
  local canary=$out/AdapterCanary.swift grdb_module_map=$checkouts/GRDB.swift/Sources/GRDBSQLite
  write_canary "$triple" >"$canary"
  local diagnostics=0 store="GlanceStore checked"

  emit "$out" BigInt "${common[@]}" "${dependency_flags[@]}" -swift-version 5 -module-name BigInt \
    -emit-module-path "$out/BigInt.swiftmodule" "${bigint_sources[@]}" || return 0
  diagnostics=$((diagnostics + $(typecheck "$out" GlanceKernel "${kernel_sources[@]}")))
  emit "$out" GlanceKernel "${common[@]}" "${glance_flags[@]}" "${dependency_flags[@]}" -module-name GlanceKernel \
    -emit-module-path "$out/GlanceKernel.swiftmodule" "${kernel_sources[@]}" ${shims[@]+"${shims[@]}"} || return 0
  diagnostics=$((diagnostics + $(typecheck "$out" GlanceSync "${sync_sources[@]}" "$canary")))
  # GRDB 7 needs a Swift 6 SDK (Int128, Dispatch's Sendable annotations): with an older SDK copy,
  # GlanceStore is left unchecked, and the summary says so.
  if emit "$out" GRDB "${common[@]}" "${dependency_flags[@]}" -swift-version 6 -module-name GRDB \
    -DSWIFT_PACKAGE -DSQLITE_ENABLE_FTS5 -DSQLITE_ENABLE_SNAPSHOT -I "$grdb_module_map" \
    -emit-module-path "$out/GRDB.swiftmodule" "${grdb_sources[@]}"; then
    diagnostics=$((diagnostics + $(typecheck "$out" GlanceStore "${store_sources[@]}" -I "$grdb_module_map")))
  else
    store="GlanceStore not checked (GRDB does not build against this SDK)"
  fi

  local adapters
  adapters=$(adapters_of "$triple" | paste -sd ' ')
  summary+=("$triple ($canonical): $diagnostics diagnostics in Glance's sources; adapters: ${adapters:-none}; $store")
  [ "$diagnostics" -eq 0 ] || failed=1
}

# typecheck <out> <module> <swiftc argument…>: type-checks a Glance module with the package's
# flags and this SDK's shims (check_triple's locals), prints its diagnostics and echoes their count.
typecheck() {
  local out=$1 module=$2
  shift 2
  "$swiftc" "${common[@]}" "${glance_flags[@]}" -warnings-as-errors -continue-building-after-errors \
    -typecheck -wmo -module-name "$module" \
    "$@" ${shims[@]+"${shims[@]}"} >"$out/$module.log" 2>&1 || true
  report "$out/$module.log" "$module"
}

# emit <out> <name> <swiftc argument…>: builds a module that others import; on failure prints
# its first errors and returns 1. A failed BigInt or GlanceKernel fails the check (nothing above
# them can be checked); a failed GRDB only leaves GlanceStore unchecked.
emit() {
  local out=$1 name=$2
  shift 2
  "$swiftc" "$@" >"$out/$name.emit.log" 2>&1 && return 0
  echo "  $name: could not be built as a module for this target ($out/$name.emit.log):" >&2
  grep -a -E '^[^ ].*: error:' "$out/$name.emit.log" | sort -u | head -n 5 | sed "s|$repo/||; s/^/    /" >&2
  if [ "$name" != GRDB ]; then
    summary+=("$(basename "$out") ($(basename "$(dirname "$out")")): not checked, $name did not build")
    failed=1
  fi
  return 1
}

# report <log> <module>: prints the log's diagnostics (errors, warnings, and the notes and source
# lines that follow them) and echoes how many are in Glance's own sources. A module of the SDK
# that fails to build is named in the log as an error on the `import` line of a Glance file, so
# it counts too: a Glance file that cannot be checked is not a passed check.
report() {
  local log=$1 module=$2 own
  own=$(grep -a -c -E "^($repo/)?(Sources|\.build/apple-typecheck)/[^:]*:[0-9]+:[0-9]+: (error|warning):" "$log" || true)
  local all elsewhere=""
  all=$(grep -a -c -E '^[^ ].*:[0-9]+:[0-9]+: (error|warning):' "$log" || true)
  [ "$all" -gt "$own" ] && elsewhere=" ($((all - own)) more in the SDK's modules, see $log)"
  echo "  $module: $own diagnostics in Glance's sources$elsewhere" >&2
  grep -a -E "^($repo/)?(Sources|\.build/apple-typecheck)/[^:]*:[0-9]+:[0-9]+: (error|warning):" "$log" \
    | sed "s|^$repo/||; s/^/    /" >&2 || true
  echo "$own"
}

# adapters_of <triple>: the adapters whose frameworks the platform has (their `#if canImport`).
adapters_of() {
  case $1 in
    *-ios*) printf '%s\n' AppWakeScheduler WatchConnectivityLink WidgetCenterReloader ;;
    *-watchos*) printf '%s\n' WatchConnectivityLink WidgetCenterReloader ;;
    *-macos*) printf '%s\n' WidgetCenterReloader ;;
    *-tvos*) printf '%s\n' AppWakeScheduler ;;
  esac
}

# write_canary <triple>: a file that names every adapter the platform should compile, so that an
# adapter skipped by its `#if canImport(…)` fails the check instead of passing unseen.
write_canary() {
  echo "// Written by Scripts/apple/typecheck.sh for $1: each adapter the platform has must exist."
  local adapter
  for adapter in $(adapters_of "$1"); do
    echo "private typealias Canary$adapter = $adapter"
  done
}

for sdk in "$@"; do
  [ -d "$sdk" ] || { echo "apple-typecheck: $sdk is not a folder" >&2; exit 1; }
  check_sdk "$sdk"
done

echo
printf '%s\n' "${summary[@]}"
exit "$failed"
