import PinyinSearch

/// Contact-like sample records, generated deterministically from a seed.
///
/// The records mix what a phone's contacts and chat list hold, with fixed shares: Chinese
/// personal names (55 %, with realistic surname frequencies and polyphonic surnames such as 曾
/// and 单), group names (10 %), English names (10 %), company names (8 %), phone numbers in
/// several formats (10 %) and mixed-script texts such as `iPhone 15 手机` (7 %). A few texts carry
/// white space, full-width characters or emoji.
///
///     let records = SampleContacts.records(count: 4, seed: 7)
///     records.map(\.id)  // ["c1", "c2", "c3", "c4"]
///
/// The records depend only on `count` and `seed`: the same arguments give the same records on
/// every machine and every run, and `records(count: n, seed: s)` is a prefix of
/// `records(count: n + 1, seed: s)`.
public enum SampleContacts {
  /// The built-in data set of `pinyin-search`: `records(count: 3000, seed: 2024)`.
  public static let builtIn: [Record] = records(count: 3000, seed: 2024)

  /// Contact-like records with ids `c1`, `c2`, …; the same arguments give the same records.
  ///
  ///     SampleContacts.records(count: 1_000_000, seed: 1)  // the large benchmark input
  ///
  /// - Parameters:
  ///   - count: The number of records; not negative.
  ///   - seed: The seed of the random generator that chooses every text.
  /// - Returns: `count` records whose ids are `c1` through `c<count>`, in that order.
  /// - Complexity: O(`count`).
  public static func records(count: Int, seed: UInt64) -> [Record] {
    precondition(count >= 0, "The number of sample records must not be negative, not \(count)")
    var generator = ContactGenerator(seed: seed)
    var records: [Record] = []
    records.reserveCapacity(count)
    for index in 0..<count {
      records.append(Record(id: "c" + String(index + 1), text: generator.nextText()))
    }
    return records
  }
}
