/// The border table of Knuth, Morris and Pratt's string search: for each prefix of a pattern,
/// the length of its longest proper prefix that is also a suffix of it. With it a search reads
/// each element of the text a bounded number of times, whatever the pattern: the literal and
/// phone searches of the matcher are linear in the text.
///
///     var borders = [Int32](repeating: 0, count: 5)
///     borders.withUnsafeMutableBufferPointer { table in
///       Borders.fill(table) { Array("abcab")[$0] == Array("abcab")[$1] }
///     }
///     borders  // [0, 0, 0, 1, 2]
enum Borders {
  /// Fills `borders` with the border lengths of a pattern of `borders.count` elements, where
  /// `equal(a, b)` compares the pattern's elements `a` and `b`.
  ///
  /// - Complexity: O(`borders.count`) calls of `equal`.
  static func fill(_ borders: UnsafeMutableBufferPointer<Int32>, equal: (Int, Int) -> Bool) {
    let count = borders.count
    borders.update(repeating: 0)
    var length = 0
    var index = 1
    while index < count {
      if equal(index, length) {
        length += 1
        borders[index] = Int32(length)
        index += 1
      } else if length > 0 {
        length = Int(borders[length - 1])
      } else {
        index += 1
      }
    }
  }
}
