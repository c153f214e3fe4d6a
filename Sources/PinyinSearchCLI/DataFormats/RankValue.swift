/// A record's rank as a data file writes it: an integer within signed 64 bits, read exactly.
///
/// The text is an optional sign (`-` or `+`) and one or more ASCII digits, nothing else: no
/// spaces, no digit separators, no fraction (`1.0` included) and no exponent (`1e3` included),
/// so that no rank is rounded or guessed. Leading zeros are allowed (`007` is 7), and `-0` is 0.
/// A JSON number is read by the same rule (its grammar allows neither `+` nor leading zeros).
///
///     try RankValue.parse("-12")    // -12
///     try RankValue.parse("1e3")    // throws RankProblem(value: "1e3", reason: .exponent)
enum RankValue {
  /// The rank `text` writes.
  ///
  /// - Throws: `RankProblem` saying why `text` is not a rank: empty, not an integer, a
  ///   fraction, an exponent, or out of range.
  /// - Complexity: O(n) in the length of `text`.
  static func parse(_ text: String) throws(RankProblem) -> Int64 {
    let bytes = text.utf8
    guard !bytes.isEmpty else { throw RankProblem(value: text, reason: .empty) }
    var rest = bytes[...]
    if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { rest = rest.dropFirst() }
    let digits = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    let after = rest.dropFirst(digits.count)
    guard !digits.isEmpty, after.isEmpty else {
      let reason: RankProblem.Reason =
        switch after.first {
        case UInt8(ascii: ".") where !digits.isEmpty: .fraction
        case UInt8(ascii: "e"), UInt8(ascii: "E"): digits.isEmpty ? .notAnInteger : .exponent
        default: .notAnInteger
        }
      throw RankProblem(value: text, reason: reason)
    }
    guard let rank = Int64(text) else { throw RankProblem(value: text, reason: .outOfRange) }
    return rank
  }
}
