import PinyinSearch

/// Contact-like sample records, generated deterministically from a seed.
public enum SampleContacts {
  /// The built-in data set of `pinyin-search`: `records(count: 3000, seed: 2024)`.
  public static let builtIn: [Record] = records(count: 3000, seed: 2024)

  /// `count` contact-like records with ids `c1`, `c2`, …; the same arguments give the same records.
  public static func records(count: Int, seed: UInt64) -> [Record] {
    // Placeholder until the generator lands.
    var random = SplitMix64(seed: seed)
    return (0..<count).map { Record(id: "c\($0 + 1)", text: "张\(random.next() % 100)") }
  }
}
