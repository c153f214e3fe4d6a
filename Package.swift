// swift-tools-version:6.0
import PackageDescription

/// The test targets' compiler settings: line tables rather than full debug information, which
/// for the code that the @Test and #expect macros expand to took half of a clean `swift test`'s
/// build (the two large test targets: 105 → 54 s); backtraces still name files and lines. An
/// unsafe flag, allowed because no product holds a test target, so it never reaches packages
/// that depend on this one.
let testSettings: [SwiftSetting] = [.unsafeFlags(["-gline-tables-only"])]

let package = Package(
  name: "PinyinSearch",
  // The floor .ci/apple/check-package.sh type-checks every target at (README, "Platforms").
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "PinyinSearch", targets: ["PinyinSearch"]),
    // The index served from a Redis Cluster, with the project's own client: a library of its own,
    // so that apps that embed only the in-process engines do not link it.
    .library(name: "PinyinSearchRedis", targets: ["PinyinSearchRedis"]),
    // The Redis Cluster client that a RedisIndex is opened with.
    .library(name: "RedisCluster", targets: ["RedisCluster"]),
    // Deterministic contact-like sample records, for the benchmark package (Benchmarks/Package.swift).
    .library(name: "PinyinSearchSamples", targets: ["PinyinSearchSamples"]),
    .executable(name: "pinyin-search", targets: ["pinyin-search"]),
    // The C interface (Sources/PinyinSearchC/include/pinyinsearch.h) as a shared library, for
    // services in other languages: Bindings/python loads it with ctypes.
    .library(name: "PinyinSearchC", type: .dynamic, targets: ["PinyinSearchC"]),
  ],
  targets: [
    // The search library that apps and services embed. No Foundation.
    .target(name: "PinyinSearch"),
    // Deterministic contact-like sample records: the CLI's built-in data, and test and benchmark input.
    .target(name: "PinyinSearchSamples", dependencies: ["PinyinSearch"]),
    // The command-line tool's commands, as a library so that tests reach every line of it.
    .target(name: "PinyinSearchCLI", dependencies: ["PinyinSearch", "PinyinSearchSamples", "PinyinSearchRedis"]),
    .executableTarget(name: "pinyin-search", dependencies: ["PinyinSearchCLI"]),
    // The C interface's exported functions (@_cdecl); its header, include/pinyinsearch.h, is the
    // reference, and is not compiled here (the tests compile C programs against it).
    .target(name: "PinyinSearchC", dependencies: ["PinyinSearch"], exclude: ["include"]),
    // Writes Sources/PinyinSearch/Pinyin/PinyinTable+Data.swift from Unihan_Readings.txt.
    .executableTarget(name: "pinyin-table-generator"),
    // The benchmark is a package of its own, Benchmarks/Package.swift, so that it is not built
    // here: swift run --package-path Benchmarks -c release pinyin-search-bench (--quick in CI).
    .target(
      name: "PinyinSearchTestSupport",
      dependencies: ["PinyinSearch", "PinyinSearchSamples", "RedisCluster"],
      path: "Tests/PinyinSearchTestSupport",
      // Optimized even in debug builds: the reference search and the random texts are most of
      // the differential tests' time, and 3 to 5 times faster so. Not in any product, so the
      // flag does not reach packages that depend on this one.
      swiftSettings: [.unsafeFlags(["-O"])]
    ),
    // The system's OpenSSL (pkg-config `openssl`; Debian: libssl-dev), for TLS to Redis on Linux
    // only: the Redis products link it, the library PinyinSearch does not; on Apple platforms a
    // TLS configuration is an error at run time (Docs/RedisCluster.md, "TLS and credentials").
    .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
    // A Redis Cluster client: RESP2, slot routing, pipelined batches, redirections and
    // failover retries, TLS and AUTH. No Foundation: the standard library, Dispatch, the C library
    // and, on Linux, OpenSSL.
    .target(
      name: "RedisCluster",
      dependencies: [.target(name: "COpenSSL", condition: .when(platforms: [.linux]))]
    ),
    // The key index as Redis sorted sets (Docs/RedisCluster.md): RedisIndex.
    .target(name: "PinyinSearchRedis", dependencies: ["PinyinSearch", "RedisCluster"]),
    .testTarget(
      name: "PinyinSearchTests",
      dependencies: ["PinyinSearch", "PinyinSearchSamples", "PinyinSearchTestSupport"],
      swiftSettings: testSettings
    ),
    .testTarget(
      name: "PinyinSearchCLITests",
      dependencies: ["PinyinSearchCLI", "pinyin-search", "PinyinSearchTestSupport"],
      swiftSettings: testSettings
    ),
    // The hybrid engine and the snapshot checks under threads: a target of their own, so that CI's
    // ThreadSanitizer build compiles them without the large test targets (see the end of this file).
    .testTarget(
      name: "PinyinSearchConcurrencyTests",
      dependencies: ["PinyinSearch", "PinyinSearchSamples", "PinyinSearchTestSupport"],
      swiftSettings: testSettings
    ),
    // The C interface from Swift, under threads (the C program of Tests/CInterface runs from the
    // Python package's tests, .ci/python-tests.sh).
    .testTarget(
      name: "PinyinSearchCTests", dependencies: ["PinyinSearchC", "PinyinSearch", "PinyinSearchTestSupport"],
      swiftSettings: testSettings),
    // The tests against real clusters run when PINYIN_SEARCH_REDIS_CLUSTER (and, for the failover
    // test, PINYIN_SEARCH_REDIS_FAILOVER_CLUSTER) name their nodes: README, "Redis Cluster".
    .testTarget(
      name: "RedisClusterTests", dependencies: ["RedisCluster", "PinyinSearchTestSupport"], swiftSettings: testSettings),
    .testTarget(
      name: "PinyinSearchRedisTests",
      dependencies: ["PinyinSearchRedis", "PinyinSearch", "PinyinSearchSamples", "PinyinSearchTestSupport"],
      swiftSettings: testSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// The fuzz targets (README, "Fuzzing"), part of the package when the environment variable
/// PINYIN_SEARCH_FUZZERS is 1, as .ci/fuzz.sh sets it: built with -DFUZZING and libFuzzer they are
/// fuzzers; otherwise tools that replay inputs through the same checks and write the seeds. Left
/// out of a plain `swift build` and `swift test`, whose clean build they lengthened by 18
/// processor seconds (9 s of 100 on two cores).
if Context.environment["PINYIN_SEARCH_FUZZERS"] == "1" {
  package.targets += [
    .target(name: "FuzzSupport", dependencies: ["PinyinSearch"], path: "Tests/Fuzz/FuzzSupport"),
    .executableTarget(
      name: "fuzz-data-files",
      dependencies: ["FuzzSupport", "PinyinSearch", "PinyinSearchCLI"],
      path: "Tests/Fuzz/fuzz-data-files"
    ),
    .executableTarget(
      name: "fuzz-snapshot",
      dependencies: ["FuzzSupport", "PinyinSearch", "PinyinSearchSamples"],
      path: "Tests/Fuzz/fuzz-snapshot"
    ),
    .executableTarget(
      name: "fuzz-engines",
      dependencies: ["FuzzSupport", "PinyinSearch", "PinyinSearchSamples"],
      path: "Tests/Fuzz/fuzz-engines"
    ),
  ]
}

/// Only the named test targets, the targets they use and the products made of those, when the
/// environment variable PINYIN_SEARCH_TEST_TARGETS lists them (comma-separated): CI's
/// ThreadSanitizer step (.ci/run) builds and runs the concurrency tests without compiling the
/// command-line tool, the fuzzers and the large test targets a second time, instrumented.
/// Unset or empty, the package is the whole of the above.
if let names = Context.environment["PINYIN_SEARCH_TEST_TARGETS"], !names.isEmpty {
  let targets = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
  var kept = Set(names.split(separator: ",").map(String.init))
  var pending = Array(kept)
  while let name = pending.popLast() {
    for dependency in targets[name]?.dependencies ?? [] {
      switch dependency {
      case .targetItem(let used, _), .byNameItem(let used, _):
        if kept.insert(used).inserted { pending.append(used) }
      default:
        break
      }
    }
  }
  package.targets.removeAll { !kept.contains($0.name) }
  package.products.removeAll { product in
    let made = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
    return !made.allSatisfy(kept.contains)
  }
}

/// The search library, the sample records and the Redis index compiled optimized (-O) in a debug
/// build too, when the environment variable PINYIN_SEARCH_OPTIMIZED_LIBRARY is 1: CI's run of the
/// tests at four times their size (.ci/run) spends most of its time in the engines, which take a
/// quarter of it so (the run without the Redis clusters, serially: 353 → 91 s), while the tests,
/// the tool and the test support keep their own settings. The library has no assert(), so an
/// optimized build checks what a debug build checks (preconditions, overflow). Unset, as for
/// `swift test` and for packages that depend on this one, no target carries the flag.
if Context.environment["PINYIN_SEARCH_OPTIMIZED_LIBRARY"] == "1" {
  let optimized: Set = ["PinyinSearch", "PinyinSearchSamples", "PinyinSearchRedis"]
  for target in package.targets where optimized.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"])]
  }
}
