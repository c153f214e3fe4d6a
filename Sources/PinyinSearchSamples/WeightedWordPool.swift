/// A list of words to draw from with fixed relative weights, parsed once from one string literal.
///
/// Each entry is a word directly followed by its weight in decimal digits; entries are separated
/// by spaces or line breaks.
///
///     let surnames = WeightedWordPool("王725 李719 曾53")
///     surnames.total  // 1497
struct WeightedWordPool: Sendable {
  /// The words, in the order they appear in the literal.
  let words: [String]
  /// The running sums of the weights: word `k` is drawn for values in
  /// `cumulativeWeights[k - 1] ..< cumulativeWeights[k]`.
  let cumulativeWeights: [Int]

  /// The sum of all weights.
  var total: Int { cumulativeWeights[cumulativeWeights.count - 1] }

  /// Parses `list`, a space- or line-separated list of entries such as `王725`.
  init(_ list: String) {
    var words: [String] = []
    var cumulativeWeights: [Int] = []
    var sum = 0
    for entry in list.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let digitsStart = entry.firstIndex(where: { ("0"..."9").contains($0) })
      guard let digitsStart, digitsStart > entry.startIndex, let weight = Int(entry[digitsStart...]), weight > 0
      else { preconditionFailure("A weighted entry is a word followed by a positive weight, not '\(entry)'") }
      sum += weight
      words.append(String(entry[..<digitsStart]))
      cumulativeWeights.append(sum)
    }
    precondition(!words.isEmpty, "A weighted word pool needs at least one entry")
    self.words = words
    self.cumulativeWeights = cumulativeWeights
  }

  /// The word whose weight range contains `value`, which must be in `0 ..< total`.
  ///
  /// - Complexity: O(log *n*), where *n* is the number of words.
  func word(at value: Int) -> String {
    precondition((0..<total).contains(value), "A weighted draw must lie in 0 ..< \(total), not \(value)")
    var low = 0
    var high = cumulativeWeights.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulativeWeights[middle] > value { high = middle } else { low = middle + 1 }
    }
    return words[low]
  }
}
