/// A way of cutting a mixed query into pieces, as far as it has been followed: the initials key
/// of its pieces, the query position it reached, and what a record needs for a match cut this
/// way — as many units as pieces, and the bits of its pieces in the record's spelling signature.
///
///     // "liuyf" cut li|u|y|f: key "luyf", 4 pieces, requires the bits of li
struct MixedWay {
  /// The initials of the pieces: a letter for a piece that spells a Han unit, the bytes of a
  /// unit of another kind.
  var key: InitialsKey
  /// The query bytes the pieces cover.
  var position: Int
  /// The number of pieces: a match cut this way covers this many units, white space aside.
  var pieceCount: Int
  /// The bits that a record's spelling signature holds when it has such a match.
  var required: SpellingSignature
  /// The key as it was at the last query position that is a cut of `KeyPrefixes` (the empty
  /// key at the start): there every record's units end too, so that the records whose key
  /// begins with it all have it as a key. Between two scalars of which one is not printable
  /// ASCII or Han (`👍` and its skin tone), a record's unit may go on, and its key with it.
  var keyAtCut = InitialsKey()

  /// This way with one more piece, whose initial is `initial`, ending at `position`, a cut of
  /// the query or not; nil when the key would pass `limit` bytes.
  func extended(
    by initial: UnsafeBufferPointer<UInt8>, limit: Int, to position: Int, isCut: Bool,
    requiring required: SpellingSignature
  ) -> MixedWay? {
    key.appending(initial, limit: limit).map {
      MixedWay(
        key: $0, position: position, pieceCount: pieceCount + 1, required: required, keyAtCut: isCut ? $0 : keyAtCut)
    }
  }

  /// This way, ended at `position`: its key stands for the rest of the query — the key it had
  /// at its last cut, unless it ends at one (`isAtCut`).
  func ended(at position: Int, isAtCut: Bool) -> MixedWay {
    let key = isAtCut ? key : keyAtCut
    return MixedWay(key: key, position: position, pieceCount: pieceCount, required: required, keyAtCut: key)
  }

  /// Whether a record of `unitCount` units with `signature` may have a match cut this way.
  /// The signature is checked first and the unit count read only when it passes: most
  /// candidates fail it, and each read is a cache miss in a large index.
  @inline(__always)
  func admits(_ signature: SpellingSignature, unitCount: @autoclosure () -> Int) -> Bool {
    signature.contains(required) && unitCount() >= pieceCount
  }
}
