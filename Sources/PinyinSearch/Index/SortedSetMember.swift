/// A posting written as the member of a sorted set in a shared store (`SortedSetIndex`): bytes
/// whose order is result order, followed by the record's id.
///
/// The fields, each order-preserving and prefix-free, so that comparing two members byte by
/// byte (as Redis orders the members of equal score) compares them as Docs/Semantics.md
/// ranks results:
///
/// | field | bytes |
/// |---|---|
/// | kind and fuzziness | `kind.ordinal << 1 \| isFuzzy`: 1 |
/// | start (units) | `unsigned`: 1 to 9 |
/// | rank, higher first | `descending`: 1 to 9 |
/// | text length (units) | `unsigned`: 1 to 9 |
/// | id | its UTF-8 bytes, to the end |
///
/// A member of the commonest kind (start 0 to 255, rank 0, a name of under 256 units) takes 6
/// bytes before its id.
enum SortedSetMember {
  /// The member for a match of `kind` from unit `start` of a record of `length` units with
  /// `rank` and `id`.
  static func make(
    kind: MatchKind, isFuzzy: Bool, start: Int, rank: Int64, length: Int, id: some Collection<UInt8>
  ) -> [UInt8] {
    var member: [UInt8] = []
    member.reserveCapacity(8 + id.count)
    member.append(kind.ordinal << 1 | (isFuzzy ? 1 : 0))
    appendUnsigned(UInt64(max(start, 0)), to: &member)
    appendDescending(rank, to: &member)
    appendUnsigned(UInt64(max(length, 0)), to: &member)
    member.append(contentsOf: id)
    return member
  }

  /// The member that comes before every member of every record with `id`: the records that
  /// are matched at every search list their ids so, to be read first.
  static func first(id: some Collection<UInt8>) -> [UInt8] {
    make(kind: .literal, isFuzzy: false, start: 0, rank: .max, length: 0, id: id)
  }

  /// Where the id begins in `member`, or nil when `member` is not one (written by another
  /// program, or damaged): a field's length out of range, or nothing left for the id.
  static func idStart(in member: some RandomAccessCollection<UInt8>) -> Int? {
    var index = member.startIndex
    guard index != member.endIndex, member[index] >> 1 <= MatchKind.keypad.ordinal else { return nil }
    index = member.index(after: index)
    for field in 0..<3 {
      guard index != member.endIndex else { return nil }
      let header = member[index]
      let count: Int
      if field == 1 {
        count = header >= 0x80 ? Int(header - 0x80) : 0x7F - Int(header)
      } else {
        count = Int(header)
      }
      guard count <= 8, member.distance(from: index, to: member.endIndex) > count else { return nil }
      index = member.index(index, offsetBy: count + 1)
    }
    guard index != member.endIndex else { return nil }
    return member.distance(from: member.startIndex, to: index)
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
