/// A posting written as the member of a sorted set in a shared store (`SortedSetIndex`): bytes
/// whose order is result order, followed by the record's id and text, so that a search reads
/// its results from the set alone.
///
/// The fields, each order-preserving and prefix-free up to the text, so that comparing two
/// members byte by byte (as Redis orders the members of equal score) compares them as
/// Docs/Semantics.md ranks results:
///
/// | field | bytes |
/// |---|---|
/// | kind and fuzziness | `kind.ordinal << 1 \| isFuzzy`: 1 |
/// | start (units) | `unsigned`: 1 to 9 |
/// | rank, higher first | `descending`: 1 to 9 |
/// | text length (units) | `unsigned`: 1 to 9 |
/// | id | its UTF-8 bytes, each 0 written as 0 0xFF, then 0 0 |
/// | text | its UTF-8 bytes, to the end |
///
/// A member of the commonest kind (start 0 to 255, rank 0, a name of under 256 units) takes 8
/// bytes beside its id and text.
package enum SortedSetMember {
  /// What a member holds: the record's best match for the set's key (its kind, fuzziness and
  /// start), and the record.
  struct Fields {
    var kind: MatchKind
    var isFuzzy: Bool
    var start: Int
    var length: Int
    var record: Record
  }

  /// The member for a match of `kind` from unit `start` of a record of `length` units with
  /// `rank`, `id` and `text`.
  static func make(
    kind: MatchKind, isFuzzy: Bool, start: Int, rank: Int64, length: Int, id: some Collection<UInt8>,
    text: some Collection<UInt8>
  ) -> [UInt8] {
    var member: [UInt8] = []
    member.reserveCapacity(12 + id.count + text.count)
    appendOrder(kind: kind, isFuzzy: isFuzzy, start: start, rank: rank, length: length, id: id, to: &member)
    member.append(contentsOf: text)
    return member
  }

  /// The member's bytes up to its text: what orders it among the others, and all that a
  /// search keeps of the order of a match.
  static func order(
    kind: MatchKind, isFuzzy: Bool, start: Int, rank: Int64, length: Int, id: some Collection<UInt8>
  ) -> [UInt8] {
    var member: [UInt8] = []
    member.reserveCapacity(12 + id.count)
    appendOrder(kind: kind, isFuzzy: isFuzzy, start: start, rank: rank, length: length, id: id, to: &member)
    return member
  }

  /// The member that comes before every member of every record with `id`: the records that
  /// are matched at every search are listed so, to be read first.
  static func first(id: some Collection<UInt8>, rank: Int64, text: some Collection<UInt8>) -> [UInt8] {
    var member: [UInt8] = []
    member.reserveCapacity(21 + id.count + text.count)
    appendOrder(kind: .literal, isFuzzy: false, start: 0, rank: .max, length: 0, id: id, to: &member)
    // The rank is not the order's here: it follows the id, before the text.
    appendDescending(rank, to: &member)
    member.append(contentsOf: text)
    return member
  }

  /// Appends the fields up to the text (`order(kind:isFuzzy:start:rank:length:id:)`) to `member`.
  private static func appendOrder(
    kind: MatchKind, isFuzzy: Bool, start: Int, rank: Int64, length: Int, id: some Collection<UInt8>,
    to member: inout [UInt8]
  ) {
    member.append(kind.ordinal << 1 | (isFuzzy ? 1 : 0))
    appendUnsigned(UInt64(max(start, 0)), to: &member)
    appendDescending(rank, to: &member)
    appendUnsigned(UInt64(max(length, 0)), to: &member)
    for byte in id {
      member.append(byte)
      if byte == 0 { member.append(0xFF) }
    }
    member.append(0)
    member.append(0)
  }

  /// Where the text of `member` begins (after the id, and after the rank in a member of the set
  /// `SortedSetIndex.unindexedKey` when `isUnindexed`), or nil when it is not a member: a store
  /// that keeps the text elsewhere cuts the member there and puts it back before a search
  /// reads it.
  ///
  /// - Complexity: O(n) for a member of n bytes.
  package static func textStart(of member: [UInt8], isUnindexed: Bool) -> Int? {
    guard let fields = fields(of: member, isUnindexed: isUnindexed) else { return nil }
    return member.count - fields.record.text.utf8.count
  }

  /// The record `member` names (its text, when a store cut it, empty), or nil when it is not a
  /// member; as `textStart(of:isUnindexed:)`.
  package static func record(in member: [UInt8], isUnindexed: Bool) -> Record? {
    fields(of: member, isUnindexed: isUnindexed)?.record
  }

  /// The fields of `member`, a member of the set `SortedSetIndex.unindexedKey` when
  /// `isUnindexed` (written by `first(id:rank:text:)`), or nil when it is not one (written by
  /// another program, or damaged): a field's length out of range, an id that does not end, an
  /// id or a text that is not UTF-8.
  ///
  /// - Complexity: O(n) for a member of n bytes.
  static func fields(of member: [UInt8], isUnindexed: Bool = false) -> Fields? {
    member.withUnsafeBufferPointer { bytes in
      var index = 0
      guard index < bytes.count, bytes[index] >> 1 <= MatchKind.keypad.ordinal else { return nil }
      let kind = MatchKind(ordinal: bytes[index] >> 1)
      let isFuzzy = bytes[index] & 1 != 0
      index += 1
      guard let start = readUnsigned(bytes, at: &index), let rank = readDescending(bytes, at: &index),
        let length = readUnsigned(bytes, at: &index)
      else { return nil }
      // The id ends at the first 0 not followed by 0xFF; a 0 in it is written 0 0xFF.
      let idStart = index
      var hasZeros = false
      while true {
        guard index + 1 < bytes.count else { return nil }
        if bytes[index] != 0 {
          index += 1
        } else if bytes[index + 1] == 0xFF {
          hasZeros = true
          index += 2
        } else if bytes[index + 1] == 0 {
          break
        } else {
          return nil
        }
      }
      let written = UnsafeBufferPointer(rebasing: bytes[idStart..<index])
      index += 2
      let idText =
        hasZeros ? String(validUTF8: unescaped(written)) : String(validUTF8: written)
      var recordRank = rank
      if isUnindexed {
        // A record matched at every search (`first(id:rank:text:)`): its rank follows the id.
        guard let listed = readDescending(bytes, at: &index) else { return nil }
        recordRank = listed
      }
      guard let idText,
        let text = String(validUTF8: UnsafeBufferPointer(rebasing: bytes[index...])),
        start <= UInt64(Int.max), length <= UInt64(Int.max)
      else { return nil }
      return Fields(
        kind: kind, isFuzzy: isFuzzy, start: Int(start), length: Int(length),
        record: Record(id: idText, text: text, rank: recordRank))
    }
  }

  /// The bytes of an id written with each 0 as 0 0xFF.
  private static func unescaped(_ written: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var id: [UInt8] = []
    id.reserveCapacity(written.count)
    var index = 0
    while index < written.count {
      id.append(written[index])
      index += written[index] == 0 ? 2 : 1
    }
    return id
  }

  /// Reads a field written by `appendUnsigned(_:to:)` at `index`, moving past it; nil when the
  /// bytes end first or its count is over 8.
  private static func readUnsigned(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt64? {
    guard index < bytes.count else { return nil }
    let count = Int(bytes[index])
    guard count <= 8, bytes.count - index > count else { return nil }
    var value: UInt64 = 0
    for byte in bytes[(index + 1)..<(index + 1 + count)] { value = value << 8 | UInt64(byte) }
    index += count + 1
    return value
  }

  /// Reads a field written by `appendDescending(_:to:)` at `index`, moving past it; nil when
  /// the bytes end first or its header is not one.
  private static func readDescending(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int64? {
    guard index < bytes.count else { return nil }
    let header = bytes[index]
    let isNegative = header < 0x80  // the sign of `~value`
    let count = isNegative ? 0x7F - Int(header) : Int(header) - 0x80
    guard count <= 8, bytes.count - index > count else { return nil }
    var pattern: UInt64 = isNegative ? ~0 : 0
    for byte in bytes[(index + 1)..<(index + 1 + count)] { pattern = pattern << 8 | UInt64(byte) }
    index += count + 1
    return ~Int64(bitPattern: pattern)
  }

  /// Appends `value` as its number of significant bytes, then those bytes, most significant
  /// first: 0 is `[0]`, 300 is `[2, 1, 44]`.
  static func appendUnsigned(_ value: UInt64, to bytes: inout [UInt8]) {
    let count = (64 - value.leadingZeroBitCount + 7) / 8
    bytes.append(UInt8(count))
    for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// Appends `value` so that a larger value gives smaller bytes: the signed number `~value`
  /// as a header (0x80 plus the count of significant bytes when it is not negative, 0x7F minus
  /// the count of those of its complement when it is) and those bytes. Rank 0 is `[0x7F]`.
  static func appendDescending(_ value: Int64, to bytes: inout [UInt8]) {
    let reversed = ~value
    let magnitude = UInt64(bitPattern: reversed < 0 ? ~reversed : reversed)
    let count = (64 - magnitude.leadingZeroBitCount + 7) / 8
    bytes.append(reversed < 0 ? UInt8(0x7F - count) : UInt8(0x80 + count))
    let pattern = UInt64(bitPattern: reversed)
    for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: pattern >> shift))
    }
  }
}
