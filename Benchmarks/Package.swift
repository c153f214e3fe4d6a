// swift-tools-version:6.0
import PackageDescription

// The benchmark, a package of its own beside the library's (as swift-collections keeps its
// Benchmarks package), so that `swift build` and `swift test` at the root do not compile it and
// Foundation, which only it imports. It uses the public API of the root package's products.
// Run it in release mode, from the root:
//
//     swift run --package-path Benchmarks -c release pinyin-search-bench --quick
//
// (Docs/Benchmarks.md). It times the batch protocol of the pinyin-search built beside it:
// `swift build --package-path Benchmarks -c release --product pinyin-search` builds that one.
let package = Package(
  name: "PinyinSearchBenchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .executable(name: "pinyin-search-bench", targets: ["pinyin-search-bench"])
  ],
  dependencies: [
    .package(name: "PinyinSearch", path: "..")
  ],
  targets: [
    // The original algorithm, the scan, the index and the hybrid, side by side; with options,
    // snapshots, memory and allocations, PinIn4Cpp, the batch protocol and Redis.
    .executableTarget(
      name: "pinyin-search-bench",
      dependencies: [
        .product(name: "PinyinSearch", package: "PinyinSearch"),
        .product(name: "PinyinSearchSamples", package: "PinyinSearch"),
        .product(name: "PinyinSearchRedis", package: "PinyinSearch"),
        .product(name: "RedisCluster", package: "PinyinSearch"),
      ],
      path: "pinyin-search-bench"
    )
  ],
  swiftLanguageModes: [.v6]
)
