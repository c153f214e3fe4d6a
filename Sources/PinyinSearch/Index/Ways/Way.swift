/// A way of cutting a mixed query into pieces, as far as it has been followed: the initials key
/// of its pieces, the query position it reached, and what a record needs for a match cut this
/// way — as many units as pieces, and the bits of its pieces in the record's spelling signature.
///
///     // "liuyf" cut li|u|y|f: key "luyf", 4 pieces, requires the bits of li
struct Way {
  /// The initials of the pieces: a letter for a piece that spells a Han unit, the bytes of a
  /// unit of another kind.
  var key: InitialsKey
  /// The query bytes the pieces cover.
  var position: Int
  /// The number of pieces that surely begin a unit: a match cut this way covers at least this
  /// many units, white space aside.
  var pieceCount: Int
  /// The bits that a record's spelling signature holds when it has such a match.
  var required: SpellingSignature
  /// The key as it was at the last query position that is a cut of `KeyPrefixes` (the empty
  /// key at the start): there every record's units end too, so that the records whose key
  /// begins with it all have it as a key. Between two scalars of which one is not printable
  /// ASCII or Han (`👍` and its skin tone), a record's unit may go on, and its key with it.
  var keyAtCut = InitialsKey()
  /// The ends of its pieces that are cuts of the query, as bits (positions below 64): a match
  /// cut this way types the rest of the query from a unit there, so that a record with one has
  /// the beginnings of that rest as keys (`WindowLookups`).
  var anchors: UInt64 = 0
  /// Where the first pieces end, while every piece so far begins a spelling (no character typed
  /// as itself, no unit of another kind): for the way's spelled key (`spelledKey(in:maxLength:)`).
  var spelledEnds = SpelledEnds()

  /// The ends of a way's first `capacity` pieces, when each of them begins a spelling.
  struct SpelledEnds: Equatable {
    /// The most piece ends kept: a way of more pieces has an initials key as long as a spelled one.
    static let capacity = 3
    /// The ends, in query bytes; 0 where there is no piece.
    var ends: (UInt16, UInt16, UInt16) = (0, 0, 0)
    /// Whether every piece so far begins a spelling (and fits).
    var isSpelled = true

    static func == (left: SpelledEnds, right: SpelledEnds) -> Bool {
      left.isSpelled == right.isSpelled && left.ends == right.ends
    }
  }

  /// This way with one more piece, whose initial is `initial`, ending at `position`, a cut of
  /// the query or not, a beginning of a spelling (`isSpelling`) or not; nil when the key would
  /// pass `limit` bytes. A piece that may continue the previous piece's unit (a scalar that a
  /// grapheme cluster may join to the one before, as U+FE0F joins ❤) does not count as a unit
  /// (`isUnit`), so that `pieceCount` stays a lower bound of the units a match covers.
  func extended(
    by initial: UnsafeBufferPointer<UInt8>, limit: Int, to position: Int, isCut: Bool, isSpelling: Bool,
    isUnit: Bool = true, requiring required: SpellingSignature
  ) -> Way? {
    key.appending(initial, limit: limit).map {
      var spelled = spelledEnds
      if !isSpelling || position > Int(UInt16.max) {
        spelled.isSpelled = false
      } else {
        switch pieceCount {
        case 0: spelled.ends.0 = UInt16(position)
        case 1: spelled.ends.1 = UInt16(position)
        case 2: spelled.ends.2 = UInt16(position)
        default: break
        }
      }
      return Way(
        key: $0, position: position, pieceCount: pieceCount + (isUnit ? 1 : 0), required: required,
        keyAtCut: isCut ? $0 : keyAtCut, anchors: isCut && position < 64 ? anchors | 1 << UInt64(position) : anchors,
        spelledEnds: spelled)
    }
  }

  /// This way, ended at `position`: its key stands for the rest of the query — the key it had
  /// at its last cut, unless it ends at one (`isAtCut`).
  func ended(at position: Int, isAtCut: Bool) -> Way {
    let key = isAtCut ? key : keyAtCut
    return Way(
      key: key, position: position, pieceCount: pieceCount, required: required, keyAtCut: key, anchors: anchors,
      spelledEnds: spelledEnds)
  }

  /// The mixed key of the way's pieces (at most `SpelledEnds.capacity` of them, each a beginning
  /// of a spelling), `query` being the query's bytes: each piece's first byte, and as many
  /// further bytes as `maxLength` leaves, first of the first piece (`zhaocho` cut zhao|cho:
  /// `zhac`, where the initials key is `zc`). Every record with a match cut this way has it as
  /// a mixed key, from the same start; nil when the way has more pieces, or others.
  func spelledKey(in query: UnsafeBufferPointer<UInt8>, maxLength: Int) -> [UInt8]? {
    guard spelledEnds.isSpelled, pieceCount > 0, pieceCount <= min(SpelledEnds.capacity, maxLength) else {
      return nil
    }
    let ends = [Int(spelledEnds.ends.0), Int(spelledEnds.ends.1), Int(spelledEnds.ends.2)].prefix(pieceCount)
    var spare = maxLength - pieceCount
    var key: [UInt8] = []
    var start = 0
    for end in ends {
      guard end > start, end <= query.count else { return nil }
      let length = 1 + min(spare, end - start - 1)
      spare -= length - 1
      key.append(contentsOf: query[start..<(start + length)])
      start = end
    }
    return key
  }

  /// Whether a record of `unitCount` units with `signature` may have a match cut this way.
  /// The signature is checked first and the unit count read only when it passes: most
  /// candidates fail it, and each read is a cache miss in a large index.
  @inline(__always)
  func admits(_ signature: SpellingSignature, unitCount: @autoclosure () -> Int) -> Bool {
    signature.contains(required) && unitCount() >= pieceCount
  }
}
