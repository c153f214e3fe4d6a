import PinyinSearch

/// The traditional twins of simplified characters, for the traditional workload: a twin of a
/// scalar `s` is a scalar `t ≠ s` that `SearchOptions.traditional` folds to `s`
/// (`Pinyin.simplified(t) == s`).
///
/// The map is built once by folding every scalar of the CJK blocks: U+4E00–U+9FFF (unified
/// ideographs, scanned first so that a character's twin is the common form where there is one),
/// U+3400–U+4DBF (extension A), U+F900–U+FAFF (compatibility ideographs) and U+20000–U+323AF
/// (extensions B to H).
///
///     TraditionalTwins.twin(of: "刘")  // "劉"
///     TraditionalTwins.twin(of: "发")  // "發", the first of 發 and 髮
///     TraditionalTwins.twin(of: "王")  // nil
enum TraditionalTwins {
  /// The scalar ranges scanned, in the order that decides which twin comes first.
  static let ranges: [ClosedRange<UInt32>] = [0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x2_0000...0x3_23AF]

  /// The first twin of each scalar that has one, in the order of `ranges`, then of code points.
  static let firstTwins: [Unicode.Scalar: Unicode.Scalar] = {
    var twins: [Unicode.Scalar: Unicode.Scalar] = [:]
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let simplified = Pinyin.simplified(scalar)
        if simplified != scalar && twins[simplified] == nil { twins[simplified] = scalar }
      }
    }
    return twins
  }()

  /// The first twin of `scalar`, or nil when it has none.
  static func twin(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    firstTwins[scalar]
  }

  /// `text` with every scalar that has a twin replaced by its first twin.
  ///
  ///     TraditionalTwins.text(of: "刘德华 Bob")  // "劉德華 Bob"
  static func text(of text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { scalars.append(firstTwins[scalar] ?? scalar) }
    return String(scalars)
  }
}
