/// Why the rank of a record is not a rank: the value as the file writes it, and what is wrong.
///
///     RankProblem(value: "1.5", reason: .fraction).description
///     // rank "1.5" is not an integer: it has a fraction
struct RankProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with a rank.
  enum Reason: Equatable, Sendable {
    /// An empty CSV field.
    case empty
    /// Not written as an integer: letters, spaces, a lone sign, other digits than ASCII.
    case notAnInteger
    /// An integer followed by a fraction, such as `1.5` or `1.0`.
    case fraction
    /// An integer with an exponent, such as `1e3`.
    case exponent
    /// An integer outside the signed 64 bits, -9223372036854775808 to 9223372036854775807.
    case outOfRange
  }

  /// The value, cut to its first `shownLength` characters (an ellipsis marks the cut) so that a
  /// long bad value costs no memory in the list of skipped records.
  let value: String
  /// What is wrong.
  let reason: Reason
  /// How many characters of a value are kept.
  static let shownLength = 40

  /// The problem `reason` with the value `value`, which is cut if long.
  init(value: some StringProtocol, reason: Reason) {
    self.value = value.count > Self.shownLength ? value.prefix(Self.shownLength) + "…" : String(value)
    self.reason = reason
  }

  /// The reason printed after `FILE:LINE: `.
  var description: String {
    let quoted = JSON.quoted(value)
    return switch reason {
    case .empty: "empty rank (write 0 for the default rank)"
    case .notAnInteger: "rank \(quoted) is not an integer"
    case .fraction: "rank \(quoted) is not an integer: it has a fraction"
    case .exponent: "rank \(quoted) is not an integer: write it without an exponent"
    case .outOfRange: "rank \(quoted) is out of range: a rank is from \(Int64.min) to \(Int64.max)"
    }
  }
}
