/// 64 bits that summarize which two symbols may stand side by side in a query that a text
/// matches through its spellings: on a dial pad, a bit for each pair of the digits `2`–`9`
/// (exact: 8 × 8); on letters, a bit chosen by hashing for each pair of the letters `a`–`z`.
///
/// A mixed or keypad match types each unit with a piece: a beginning of one of its spellings
/// (or the folded unit itself), white-space units skipped. Two symbols side by side in the
/// query are then either in one piece — side by side in a spelling of one unit — or the last of
/// one piece and the first of the next: some symbol of a spelling of a unit, and the first of a
/// spelling of the next unit that is not white space. A text holds the bits of both sorts of
/// pair; a query requires the bit of each pair of symbols side by side in it (pairs with any
/// other byte, a Han character's or a combining mark's, require nothing). A text that lacks a
/// required bit has no match of the query, whatever the way it is cut: one word comparison
/// before the matcher runs.
///
///     // 张伟 on a dial pad (zhang 94264, wei 934): 94 42 26 64 and 93 34 in one piece,
///     // and 99 49 29 69 across the two: 9426 (zhan) + 9 (w) types a match.
struct AdjacentPairs: Sendable, Equatable {
  /// The bits.
  var bits: UInt64 = 0

  /// No pair: what every text holds, and what a query of one symbol requires.
  init() {}

  /// The pairs required by a query typed as `bytes` in the space of `onKeypad`.
  init(requiredBy bytes: UnsafeBufferPointer<UInt8>, onKeypad: Bool) {
    guard bytes.count > 1 else { return }
    var previous = Self.symbol(of: bytes[0], onKeypad: onKeypad)
    for index in 1..<bytes.count {
      let symbol = Self.symbol(of: bytes[index], onKeypad: onKeypad)
      if let first = previous, let second = symbol { insert(first, second, onKeypad: onKeypad) }
      previous = symbol
    }
  }

  /// Whether every bit of `required` is set here.
  @inline(__always)
  func contains(_ required: AdjacentPairs) -> Bool {
    bits & required.bits == required.bits
  }

  /// The number of a symbol: `2`–`9` are 0–7 on a dial pad, `a`–`z` are 0–25 on letters; nil
  /// for any other byte.
  @inline(__always)
  static func symbol(of byte: UInt8, onKeypad: Bool) -> UInt8? {
    if onKeypad {
      let digit = byte &- UInt8(ascii: "2")
      return digit < 8 ? digit : nil
    }
    let letter = byte &- UInt8(ascii: "a")
    return letter < 26 ? letter : nil
  }

  /// Sets the bit of `first` followed by `second`.
  @inline(__always)
  mutating func insert(_ first: UInt8, _ second: UInt8, onKeypad: Bool) {
    if onKeypad {
      bits |= 1 << UInt64(first &* 8 &+ second)
    } else {
      let pair = UInt64(first) &* 26 &+ UInt64(second) &+ 1
      bits |= 1 << ((pair &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
  }

  /// What one unit's spellings give: the pairs inside them, every symbol in them (a piece of
  /// the unit may end with any), and their first symbols (a piece of the unit begins with one).
  struct UnitPairs: Sendable {
    /// The pairs side by side inside one spelling.
    var inside = AdjacentPairs()
    /// A bit for each symbol in any spelling: the symbols a piece of the unit may end with.
    var symbols: UInt32 = 0
    /// A bit for each first symbol of a spelling: the symbols a piece of the unit begins with.
    var firsts: UInt32 = 0

    /// Adds a spelling of the unit, typed as `bytes`.
    mutating func add(_ bytes: some Collection<UInt8>, onKeypad: Bool) {
      var previous: UInt8?
      var isFirst = true
      for byte in bytes {
        let symbol = AdjacentPairs.symbol(of: byte, onKeypad: onKeypad)
        if let symbol {
          symbols |= 1 << UInt32(symbol)
          if isFirst { firsts |= 1 << UInt32(symbol) }
          if let previous { inside.insert(previous, symbol, onKeypad: onKeypad) }
        }
        previous = symbol
        isFirst = false
      }
    }
  }

  /// The pairs of a text whose units, white space left out, give `units` in order.
  init(units: some Sequence<UnitPairs>, onKeypad: Bool) {
    var previousSymbols: UInt32 = 0
    for unit in units {
      bits |= unit.inside.bits
      var lasts = previousSymbols
      while lasts != 0 {
        let last = UInt8(lasts.trailingZeroBitCount)
        lasts &= lasts - 1
        if onKeypad {
          bits |= UInt64(unit.firsts) << UInt64(last &* 8)
        } else {
          var firsts = unit.firsts
          while firsts != 0 {
            insert(last, UInt8(firsts.trailingZeroBitCount), onKeypad: false)
            firsts &= firsts - 1
          }
        }
      }
      previousSymbols = unit.symbols
    }
  }
}
