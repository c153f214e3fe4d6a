#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much randomized and stress testing to do: the environment variable
/// `PINYIN_SEARCH_TEST_SCALE`, a whole number from 1 (the default, for a quick `swift test`)
/// up; `.ci/run` sets 4. Every case runs at any scale; a larger scale runs more random rounds,
/// edits and kills of each.
///
///     for round in 0..<TestScale.rounds(200) { … }  // 200 rounds, 800 in CI
public enum TestScale {
  /// The factor from the environment; 1 when the variable is unset or not a positive number.
  public static let factor: Int = {
    guard let value = getenv("PINYIN_SEARCH_TEST_SCALE"), let factor = Int(String(cString: value)), factor > 0 else {
      return 1
    }
    return factor
  }()

  /// `count` times the factor: how many rounds a test of `count` rounds at scale 1 runs.
  public static func rounds(_ count: Int) -> Int {
    count * factor
  }
}
