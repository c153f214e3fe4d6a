import PinyinSearch

/// One of the worst queries found so far, timed on the hash index with every option.
struct HostileQueryMeasurement {
  /// What the query is, for the report (`👨‍👩‍👧`, `shang × 8`).
  var label: String
  /// The query's UTF-8 bytes.
  var byteCount: Int
  /// The median of the timed runs.
  var median: Duration
  /// The slowest run, the first one included.
  var slowest: Duration
  /// The results of one run (top `limit`).
  var resultCount: Int
}

/// The worst inputs found so far for the search (the hostile-tests review of 2026-12-04, D7, and
/// what the project's own measurements added), every one of at most 64 bytes but the review's
/// own combining-mark query: units longer than any key (emoji sequences, letters under combining
/// marks, a Han character under them), pinyin and letters repeated past every key, long digit
/// strings, which with the keypad on look their matches up among candidates, and separators
/// alone. `OptionsBenchmark` times them on its index of every option.
enum HostileQueries {
  /// The queries, each with its label.
  static let all: [(label: String, query: String)] = [
    ("👨‍👩‍👧 (one unit of 18 bytes)", "👨‍👩‍👧"),
    ("a👨‍👩‍👧", "a👨‍👩‍👧"),
    ("👨‍👩‍👧 × 3", "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧"),
    ("🏴 Scotland's flag (28 bytes)", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
    ("a + U+0301 × 31", "a" + String(repeating: "\u{301}", count: 31)),
    ("a + U+0301 × 500 (1,001 bytes, the review's)", "a" + String(repeating: "\u{301}", count: 500)),
    ("刘 + U+0301 × 30", "刘" + String(repeating: "\u{301}", count: 30)),
    ("U+0301 × 32", String(repeating: "\u{301}", count: 32)),
    ("é + U+0308 × 20", "é" + String(repeating: "\u{308}", count: 20)),
    ("shang × 8", String(repeating: "shang", count: 8)),
    ("a × 40", String(repeating: "a", count: 40)),
    ("a × 64", String(repeating: "a", count: 64)),
    ("zhangsan × 8", String(repeating: "zhangsan", count: 8)),
    ("liu'yi'fei × 5", String(repeating: "liu'yi'fei", count: 5)),
    ("' × 64", String(repeating: "'", count: 64)),
    ("a' × 32", String(repeating: "a'", count: 32)),
    ("🇨🇳 × 8", String(repeating: "🇨🇳", count: 8)),
    ("5 × 40", String(repeating: "5", count: 40)),
    ("9 × 64", String(repeating: "9", count: 64)),
    ("548 × 21 (liu on the keypad)", String(repeating: "548", count: 21)),
    ("13800138000 × 5", String(repeating: "13800138000", count: 5)),
    ("138-0013-8000 × 4", String(repeating: "138-0013-8000 ", count: 4)),
    ("- × 64", String(repeating: "-", count: 64)),
    ("l y × 16 (inner white space)", String(repeating: "l y ", count: 16)),
  ]

  /// Times each query `runs` times on `engine`, top `limit`.
  static func measure(
    on engine: HashIndexEngine, limit: Int, runs: Int = 5, blackHole: inout BlackHole
  ) -> [HostileQueryMeasurement] {
    all.map { label, query in
      var times: [Duration] = []
      var resultCount = 0
      for _ in 0..<runs {
        let (results, time) = timed { engine.search(query, limit: limit, offset: 0) }
        times.append(time)
        resultCount = results.count
        blackHole.consume(results)
      }
      times.sort()
      return HostileQueryMeasurement(
        label: label, byteCount: query.utf8.count, median: times[times.count / 2], slowest: times[times.count - 1],
        resultCount: resultCount)
    }
  }
}
