/// Every beginning of every spelling of a `SpellingTable` (the syllables, with their fuzzy
/// variants, on letters or keypad digits), as a trie that a query's bytes walk down one at a
/// time: the pieces a Han character may be typed as, found from each query position in one walk
/// rather than one lookup per length.
///
/// Each node is a beginning (the root the empty one) and holds a 26-bit mask of the letters
/// that extend it; the children of a node are numbered consecutively in letter order, so a
/// node is 6 bytes and the ~1,300 beginnings of the table take about 8 KB.
///
///     let trie = PinyinTable.syllablePrefixTrie
///     trie.child(of: SyllablePrefixTrie.root, UInt8(ascii: "l"))  // the node of "l"
///     // from it, "i" leads to "li", "v" to "lv"; "x" leads nowhere
struct SyllablePrefixTrie: Sendable {
  /// The node of the empty beginning.
  static let root = 0
  /// For each node, bit `c - 97` when the beginning followed by the letter `c` is one.
  private let masks: [UInt32]
  /// For each node, the number of its first child.
  private let firstChildren: [UInt16]
  /// The byte of bit 0 of the masks: `a` for letters, `0` for keypad digits.
  private let base: UInt8
  /// For each node, whether its beginning is a whole spelling (`liu`, not `li` unless `li` is
  /// one too): where a walk of full pinyin may go on with the next character.
  private let wholes: [Bool]

  /// The trie of the beginnings of the spellings of every set of `table` (of their letters or
  /// digits, up to any other byte).
  ///
  /// - Complexity: O(b) for the b bytes of the spellings: a plain trie of 26 child numbers a
  ///   node is built first, then renumbered breadth first into masks.
  init(table: SpellingTable) {
    base = table.initialBase
    var children: [Int32] = Array(repeating: 0, count: 26)  // node n's child for letter l at 26n + l; 0: none
    var whole = [false]  // by node, as `children` numbers them
    for member in 0..<table.memberCount {
      var node = 0
      var isWhole = true
      for byte in table.bytes(ofMember: member) {
        let letter = Int(byte &- table.initialBase)
        guard letter < 26 else {
          isWhole = false
          break
        }
        if children[26 * node + letter] == 0 {
          children[26 * node + letter] = Int32(children.count / 26)
          children.append(contentsOf: repeatElement(0, count: 26))
          whole.append(false)
        }
        node = Int(children[26 * node + letter])
      }
      if isWhole && node != 0 { whole[node] = true }
    }
    // Breadth first, children in letter order, so that each node's children are consecutive.
    var order = [0]
    var masks: [UInt32] = []
    var firstChildren: [UInt16] = []
    var wholes: [Bool] = []
    var next = 0
    while next < order.count {
      let node = order[next]
      next += 1
      var mask: UInt32 = 0
      firstChildren.append(UInt16(order.count))
      wholes.append(whole[node])
      for letter in 0..<26 where children[26 * node + letter] != 0 {
        mask |= 1 << UInt32(letter)
        order.append(Int(children[26 * node + letter]))
      }
      masks.append(mask)
    }
    self.masks = masks
    self.firstChildren = firstChildren
    self.wholes = wholes
  }

  /// Whether `node`'s beginning is a whole spelling of the table.
  @inline(__always)
  func isWhole(_ node: Int) -> Bool { wholes[node] }

  /// Whether `letters` begin some syllable: `l`, `li`, `liu` do; `iu` and `lx` do not.
  ///
  /// - Complexity: O(`letters.count`).
  func contains(_ letters: UnsafeBufferPointer<UInt8>) -> Bool {
    var node = Self.root
    for letter in letters {
      guard let child = child(of: node, letter) else { return false }
      node = child
    }
    return !letters.isEmpty
  }

  /// The node of `node`'s beginning followed by `letter`, or nil when that begins no syllable.
  @inline(__always)
  func child(of node: Int, _ letter: UInt8) -> Int? {
    let index = letter &- base
    guard index < 26 else { return nil }
    let mask = masks[node]
    let bit: UInt32 = 1 << UInt32(index)
    guard mask & bit != 0 else { return nil }
    return Int(firstChildren[node]) + (mask & (bit &- 1)).nonzeroBitCount
  }
}
