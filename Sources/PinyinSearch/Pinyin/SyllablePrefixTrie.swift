/// Every beginning of every syllable of a pinyin table, as a trie that a query's letters walk
/// down one at a time: the pieces a Han character may be typed as, found from each query
/// position in one walk rather than one lookup per length.
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

  /// The trie of the beginnings of `table`'s syllables.
  init(table: PinyinTable) {
    var beginnings = Set<[UInt8]>()
    for syllable in 0..<table.syllableCount {
      let bytes = Array(table.bytes(ofSyllable: UInt16(syllable)))
      for length in 1...bytes.count where bytes[..<length].allSatisfy({ $0 &- UInt8(ascii: "a") < 26 }) {
        beginnings.insert(Array(bytes[..<length]))
      }
    }
    // Breadth first, children in letter order, so that each node's children are consecutive.
    var queue: [[UInt8]] = [[]]
    var masks: [UInt32] = []
    var firstChildren: [UInt16] = []
    var next = 0
    while next < queue.count {
      let beginning = queue[next]
      next += 1
      var mask: UInt32 = 0
      firstChildren.append(UInt16(queue.count))
      for letter in UInt8(ascii: "a")...UInt8(ascii: "z") where beginnings.contains(beginning + [letter]) {
        mask |= 1 << UInt32(letter - UInt8(ascii: "a"))
        queue.append(beginning + [letter])
      }
      masks.append(mask)
    }
    self.masks = masks
    self.firstChildren = firstChildren
  }

  /// The node of `node`'s beginning followed by `letter`, or nil when that begins no syllable.
  @inline(__always)
  func child(of node: Int, _ letter: UInt8) -> Int? {
    let index = letter &- UInt8(ascii: "a")
    guard index < 26 else { return nil }
    let mask = masks[node]
    let bit: UInt32 = 1 << UInt32(index)
    guard mask & bit != 0 else { return nil }
    return Int(firstChildren[node]) + (mask & (bit &- 1)).nonzeroBitCount
  }
}
