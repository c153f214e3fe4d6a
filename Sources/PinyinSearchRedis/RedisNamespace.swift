import PinyinSearch

/// The name under which one index lives in a Redis Cluster, and the Redis keys it owns.
///
/// Several indexes share a cluster by namespace: every key of one begins with its name and a
/// colon. The name is 1 to 64 ASCII letters, digits, `_`, `-` and `.`, so that it holds no hash
/// tag (`{…}`, which would put every key in one slot) and no glob character (`SCAN … MATCH`).
///
///     let namespace = try RedisNamespace("contacts")
///     namespace.setKey(Array("lyf".utf8))   // "contacts:k:lyf"
public struct RedisNamespace: Hashable, Sendable, CustomStringConvertible {
  /// The name.
  public let name: String

  /// The namespace `name`.
  ///
  /// - Throws: `RedisIndexError.invalidNamespace` when `name` is empty, longer than 64 bytes or
  ///   holds a byte other than an ASCII letter, digit, `_`, `-` or `.`.
  public init(_ name: String) throws(RedisIndexError) {
    let isValid =
      !name.utf8.isEmpty && name.utf8.count <= 64
      && name.utf8.allSatisfy { byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      }
    guard isValid else { throw .invalidNamespace(name) }
    self.name = name
  }

  /// The name.
  public var description: String { name }

  /// The key of the index's description (`IndexDescription`): `NS:meta`.
  var metaKey: [UInt8] { Array("\(name):meta".utf8) }

  /// The key of the sorted set of search key `key`: `NS:k:` and the key's bytes.
  func setKey(_ key: [UInt8]) -> [UInt8] { Array("\(name):k:".utf8) + key }

  /// The key of the record with `id`: `NS:r:` and the id.
  func recordKey(id: String) -> [UInt8] { Array("\(name):r:".utf8) + Array(id.utf8) }

  /// The id of the record whose key is `key`, or nil when `key` is not a record key of this namespace.
  func id(ofRecordKey key: [UInt8]) -> String? {
    let prefix = Array("\(name):r:".utf8)
    guard key.count > prefix.count, key.starts(with: prefix) else { return nil }
    return String(validUTF8: key[prefix.count...])
  }

  /// The pattern of every record key, for `SCAN … MATCH`.
  var recordPattern: [UInt8] { Array("\(name):r:*".utf8) }

  /// The key of the writer's lease (`RedisWriterLease`): `NS:lease`.
  var leaseKey: [UInt8] { Array("\(name):lease".utf8) }

  /// The marker key number `number` of a wait for replicas: `NS:ack:{N}`, in the slot of `N`.
  func acknowledgementKey(_ number: Int) -> [UInt8] { Array("\(name):ack:{\(number)}".utf8) }
}
