import PinyinSearch

/// The simplified mapping of Docs/Semantics.md, "traditional".
enum ReferenceSimplified {
  /// `scalar` mapped to the first scalar its Unihan `kSimplifiedVariant` lists, unless the list holds the scalar
  /// itself (`Pinyin.simplifiedVariant(of:)` is one such step), repeatedly until it no longer changes: 劉 → 刘,
  /// 薴 → 苧 → 苎; 乾 stays.
  static func scalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    var current = scalar
    for _ in 0..<16 {
      guard let next = Pinyin.simplifiedVariant(of: current), next != current else { return current }
      current = next
    }
    preconditionFailure("U+\(String(scalar.value, radix: 16)): kSimplifiedVariant does not settle in 16 steps")
  }
}
