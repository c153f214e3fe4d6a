/// Draws contact-like texts from a seeded `SplitMix64`; the same seed gives the same texts on
/// every machine and run.
///
/// Every draw goes through `number(below:)`, which depends only on the generator's 64-bit output,
/// never on the standard library's `random(in:using:)` (whose algorithm may change between
/// releases), nor on hashing or `Set`/`Dictionary` order.
struct ContactGenerator {
  private var random: SplitMix64

  /// Creates a generator whose texts are determined by `seed`.
  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The text of the next record: a kind drawn by `ContactKind.percentage`, then a text of it.
  mutating func nextText() -> String {
    switch ContactKind(percentile: number(below: 100)) {
    case .chineseName: chineseName()
    case .groupName: groupName()
    case .englishName: englishName()
    case .companyName: companyName()
    case .phoneNumber: phoneNumber()
    case .mixedText: mixedText()
    }
  }

  // MARK: - Draws

  /// A number in `0 ..< bound`, by multiplying the next 64 random bits by `bound` and keeping the
  /// high half (Lemire's method without the rejection step; the bias is below `bound / 2^64`).
  mutating func number(below bound: Int) -> Int {
    precondition(bound > 0, "A draw needs a positive bound, not \(bound)")
    return Int(truncatingIfNeeded: random.next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `range`.
  mutating func number(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + number(below: range.count)
  }

  /// `true` with a probability of `perMille` / 1000.
  mutating func chance(perMille: Int) -> Bool {
    number(below: 1000) < perMille
  }

  /// A word of `pool`, each equally likely.
  mutating func word(of pool: WordPool) -> String {
    pool.words[number(below: pool.words.count)]
  }

  /// A word of `pool`, drawn by the pool's weights.
  mutating func word(of pool: WeightedWordPool) -> String {
    pool.word(at: number(below: pool.total))
  }
}
