import PinyinSearch

/// The value of a record's key in Redis: its text and rank, and the versions whose sorted-set
/// members an update has not yet removed, so that a retried update finishes the job.
///
/// An update writes in an order that keeps every answer right at every moment (see
/// `RedisIndex.put(_:)`): the new members, then this value with the old version pending, then
/// the removal of the old members, then this value without it. A removed record is a value
/// marked removed, with its last version pending, until its members are gone.
///
/// Layout: `PSR` and version 1; a flags byte (1: removed); then the record's version and each
/// pending one as rank (8 bytes, big-endian, two's complement), text length (4 bytes) and text;
/// the pending ones after a count (2 bytes).
struct StoredRecord: Equatable {
  /// The text and rank the record has (or last had, when removed).
  struct Version: Hashable {
    var text: String
    var rank: Int64
  }

  /// The record's version.
  var current: Version
  /// Whether the record is removed (its members being removed).
  var isRemoved = false
  /// Versions whose members may remain in sorted sets.
  var pending: [Version] = []

  private static let magic: [UInt8] = Array("PSR".utf8) + [1]

  /// The value's bytes.
  var bytes: [UInt8] {
    var bytes = Self.magic
    bytes.append(isRemoved ? 1 : 0)
    Self.append(current, to: &bytes)
    bytes.append(UInt8(truncatingIfNeeded: pending.count >> 8))
    bytes.append(UInt8(truncatingIfNeeded: pending.count))
    for version in pending { Self.append(version, to: &bytes) }
    return bytes
  }

  /// The value of `bytes`, or nil when they are not one (written by another program, or damaged).
  ///
  /// - Complexity: O(n) for n bytes; every length is checked against what is left.
  init?(bytes: [UInt8]) {
    guard bytes.count >= Self.magic.count + 1, bytes.starts(with: Self.magic), bytes[4] <= 1 else { return nil }
    var reader = Reader(bytes: bytes, position: 5)
    guard let current = reader.version(), let count = reader.integer(byteCount: 2) else { return nil }
    var pending: [Version] = []
    for _ in 0..<count {
      guard let version = reader.version() else { return nil }
      pending.append(version)
    }
    guard reader.position == bytes.count else { return nil }
    self.current = current
    isRemoved = bytes[4] == 1
    self.pending = pending
  }

  /// A record's value with `current` and `pending` versions.
  init(current: Version, isRemoved: Bool = false, pending: [Version] = []) {
    self.current = current
    self.isRemoved = isRemoved
    self.pending = pending
  }

  /// The record with `id` as this value holds it, or nil when it is removed.
  func record(id: String) -> Record? {
    isRemoved ? nil : Record(id: id, text: current.text, rank: current.rank)
  }

  private static func append(_ version: Version, to bytes: inout [UInt8]) {
    let rank = UInt64(bitPattern: version.rank)
    for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: rank >> shift)) }
    let text = Array(version.text.utf8)
    for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: text.count >> shift)) }
    bytes.append(contentsOf: text)
  }

  /// Reads fields from a value's bytes, never past their end.
  private struct Reader {
    let bytes: [UInt8]
    var position: Int

    mutating func integer(byteCount: Int) -> UInt64? {
      guard bytes.count - position >= byteCount else { return nil }
      var value: UInt64 = 0
      for byte in bytes[position..<position + byteCount] { value = value << 8 | UInt64(byte) }
      position += byteCount
      return value
    }

    mutating func version() -> Version? {
      guard let rank = integer(byteCount: 8), let length = integer(byteCount: 4),
        bytes.count - position >= Int(length),
        let text = String(validUTF8: bytes[position..<position + Int(length)])
      else { return nil }
      position += Int(length)
      return Version(text: text, rank: Int64(bitPattern: rank))
    }
  }
}
