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
/// edits and kills of each, and more of the checks that a quick run samples.
///
///     for round in 0..<TestScale.rounds(50) { … }  // 50 rounds, 200 in CI
///     for (number, query) in queries.enumerated() where TestScale.includes(number, ofEvery: 4) { … }
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

  /// `quick` rounds at scale 1 (and `quick` times the factor below CI's scale), `full` at CI's
  /// scale (and in proportion above it): for a test whose quick run samples less than a quarter
  /// of what CI checks, so that `swift test` stays quick while CI keeps its coverage.
  ///
  ///     let texts = TestScale.rounds(quick: 50, full: 400)  // 50 in a quick run, 400 in CI
  public static func rounds(quick: Int, full: Int) -> Int {
    isFull ? full * factor / 4 : quick * factor
  }

  /// Whether this run is at CI's scale (4) or more: then the checks that a quick run leaves to
  /// CI run too.
  public static var isFull: Bool { factor >= 4 }

  /// Whether the check numbered `number` runs at this scale when a quick run (scale 1) takes
  /// one in `every` of them: scale k takes k in `every`, so CI (scale 4) takes all of one in
  /// up to four. Offset `number` to rotate which ones a quick run takes (one engine per case).
  public static func includes(_ number: Int, ofEvery every: Int) -> Bool {
    number % every < factor
  }
}
