/// The folding of Docs/Semantics.md, one unit at a time: `String.lowercased()`, then full-width forms
/// U+FF01–U+FF5E to ASCII U+0021–U+007E and the ideographic space U+3000 to U+0020.
enum UnitFolding {
  /// Appends the folded UTF-8 bytes of `character` to `bytes`.
  ///
  /// Lowercasing is the concatenation of each scalar's full lowercase mapping, which is what
  /// `String.lowercased()` computes; ASCII and uncased scalars (Han) skip the mapping.
  static func appendFolded(_ character: Character, to bytes: inout some RangeReplaceableCollection<UInt8>) {
    for scalar in character.unicodeScalars {
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        bytes.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
      } else if scalar.properties.changesWhenLowercased {
        for lowered in scalar.properties.lowercaseMapping.unicodeScalars {
          appendWidthFolded(lowered, to: &bytes)
        }
      } else {
        appendWidthFolded(scalar, to: &bytes)
      }
    }
  }

  /// Appends `scalar` as UTF-8, with full-width forms and the ideographic space made ASCII.
  @inline(__always)
  private static func appendWidthFolded(
    _ scalar: Unicode.Scalar, to bytes: inout some RangeReplaceableCollection<UInt8>
  ) {
    switch scalar.value {
    case 0xFF01...0xFF5E:
      bytes.append(UInt8(scalar.value - 0xFEE0))
    case 0x3000:
      bytes.append(0x20)
    default:
      bytes.append(contentsOf: UTF8.encode(scalar)!)
    }
  }
}
