/// A set of record slots, as a bitset: for instance the records of an indexed store that were
/// removed or replaced since it was indexed, which searches skip.
///
///     var removed = SlotSet()
///     removed.insert(70)   // true
///     removed.contains(70) // true
struct SlotSet: Sendable {
  private var words: [UInt64] = []
  /// The number of slots in the set.
  private(set) var count = 0

  /// The empty set.
  init() {}

  /// Whether `slot` is in the set.
  @inline(__always)
  func contains(_ slot: Int) -> Bool {
    let word = slot >> 6
    return word < words.count && words[word] & (1 << UInt64(slot & 63)) != 0
  }

  /// Adds `slot`; returns whether it was not in the set yet.
  ///
  /// - Complexity: O(1), or O(`slot` / 64) when the set grows to reach it.
  @discardableResult
  mutating func insert(_ slot: Int) -> Bool {
    precondition(slot >= 0, "a slot is not negative")
    let word = slot >> 6
    if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
    let bit: UInt64 = 1 << UInt64(slot & 63)
    guard words[word] & bit == 0 else { return false }
    words[word] |= bit
    count += 1
    return true
  }
}
