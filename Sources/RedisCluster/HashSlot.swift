/// One of the 16,384 hash slots that a Redis Cluster divides its keys among.
///
/// A key's slot is the CRC-16/XMODEM checksum of the key modulo 16,384, as the Redis Cluster
/// specification defines it. A *hash tag* makes keys share a slot: when the key holds a `{` and
/// a later `}` with at least one byte between them, only the bytes between the first `{` and the
/// first `}` after it are hashed.
///
///     HashSlot(key: "foo").rawValue                    // 12182
///     HashSlot(key: "{user1000}.following")            // the slot of "user1000"
///     HashSlot(key: "foo{}{bar}")                      // the whole key: "{}" is empty
///
/// Use a slot to route a command that names no key (see ``RedisCommand/Route/slot(_:)``).
public struct HashSlot: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The number of hash slots: 16,384.
  public static let count = 16_384

  /// The slot's number, in `0..<16384`.
  public let rawValue: UInt16

  /// Creates the slot with the given number, or `nil` when it is 16,384 or more.
  ///
  /// - Parameter rawValue: The slot's number.
  public init?(rawValue: UInt16) {
    guard Int(rawValue) < Self.count else { return nil }
    self.rawValue = rawValue
  }

  /// The slot of a key given as bytes.
  ///
  /// - Parameter key: The key, any bytes.
  /// - Complexity: O(*n*), where *n* is the length of the key.
  public init(key: [UInt8]) {
    self.rawValue = CRC16.checksum(Self.hashedPart(of: key)) & UInt16(Self.count - 1)
  }

  /// The slot of a key given as text, hashed as its UTF-8 bytes.
  ///
  /// - Parameter key: The key.
  /// - Complexity: O(*n*), where *n* is the length of the key in UTF-8.
  public init(key: String) {
    self.init(key: Array(key.utf8))
  }

  /// The slot's number.
  public var description: String {
    String(rawValue)
  }

  /// Whether `lhs` has a lower number than `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A slot.
  ///   - rhs: Another slot.
  /// - Returns: `lhs.rawValue < rhs.rawValue`.
  public static func < (lhs: HashSlot, rhs: HashSlot) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The bytes of `key` that are hashed: those of its hash tag, or the whole key.
  static func hashedPart(of key: [UInt8]) -> ArraySlice<UInt8> {
    guard let open = key.firstIndex(of: UInt8(ascii: "{")),
      let close = key[(open + 1)...].firstIndex(of: UInt8(ascii: "}")),
      close > open + 1
    else { return key[...] }
    return key[(open + 1)..<close]
  }
}
