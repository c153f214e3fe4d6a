import PinyinSearch

/// The name under which one index lives in a Redis Cluster, and the Redis keys it owns.
///
/// Several indexes share a cluster by namespace: every key of one begins with its name and a
/// colon. The name is 1 to 64 ASCII letters, digits, `_`, `-` and `.`, so that it holds no hash
/// tag (`{…}`, which would put every key in one slot) and no glob character (`SCAN … MATCH`).
///
///     let namespace = try RedisNamespace("contacts")
///     namespace.recordHashKey(bucket: 7)   // "contacts:r:7"
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

  /// How many shards a namespace's postings are spread over (`PostingShards`), and how many
  /// hashes its records: fixed by the layout (version 3), so that every process finds them.
  static let shardCount = 4096

  /// The directory of the chunks of postings shard `shard`: `NS:d:{N}`.
  func directoryKey(shard: Int) -> [UInt8] { Array("\(name):d:{\(shard)}".utf8) }

  /// The key of shard `shard`'s first chunk of postings, and the beginning of every other's:
  /// `NS:p:{N}`, in the slot of the directory.
  func chunkBase(shard: Int) -> [UInt8] { Array("\(name):p:{\(shard)}".utf8) }

  /// The hash that holds the record with `id` (`StoredRecord`), under the id: `NS:r:N`.
  func recordHashKey(id: some Collection<UInt8>) -> [UInt8] {
    recordHashKey(bucket: Int(PostingShards.hash(id) % UInt64(Self.shardCount)))
  }

  /// The hash of records number `bucket`: `NS:r:N`.
  func recordHashKey(bucket: Int) -> [UInt8] { Array("\(name):r:\(bucket)".utf8) }

  /// The key of the writer's lease (`RedisWriterLease`): `NS:lease`.
  var leaseKey: [UInt8] { Array("\(name):lease".utf8) }

  /// The marker key number `number` of a wait for replicas: `NS:ack:{N}`, in the slot of `N`.
  func acknowledgementKey(_ number: Int) -> [UInt8] { Array("\(name):ack:{\(number)}".utf8) }
}
