import PinyinSearch
import RedisCluster

extension RedisIndex {
  /// The replies to `commands`, each an array of arguments whose second is its key, sent
  /// pipelined; a Redis error for any command throws.
  static func execute(_ commands: [[[UInt8]]], client: RedisClusterClient) throws(RedisIndexError) -> [RESPValue] {
    guard !commands.isEmpty else { return [] }
    let replies: [Result<RESPValue, RedisError>]
    do {
      replies = try client.send(commands.map { RedisCommand($0, keyAt: 1) })
    } catch {
      throw .redis(error)
    }
    var values: [RESPValue] = []
    values.reserveCapacity(replies.count)
    for (reply, command) in zip(replies, commands) {
      switch reply {
      case .success(let value):
        values.append(value)
      case .failure(.server(let code, let message)) where code == "WRONGTYPE":
        throw .foreignKey(
          key: RedisIndexError.printable(command[1]), detail: "it holds another type of value (\(message))")
      case .failure(let error):
        throw .redis(error)
      }
    }
    return values
  }

  /// The bytes of a `GET` reply for `key`, nil when it does not exist.
  static func bulk(_ reply: RESPValue, key: [UInt8]) throws(RedisIndexError) -> [UInt8]? {
    switch reply {
    case .bulkString(let bytes): return bytes
    default: throw .foreignKey(key: RedisIndexError.printable(key), detail: "a GET reply that is not a string")
    }
  }

  /// The record value of a `GET` reply for record key `key`, nil when it does not exist.
  static func storedRecord(_ reply: RESPValue, key: [UInt8]) throws(RedisIndexError) -> StoredRecord? {
    guard let bytes = try bulk(reply, key: key) else { return nil }
    guard let stored = StoredRecord(bytes: bytes) else {
      throw .foreignKey(key: RedisIndexError.printable(key), detail: "not a record of a pinyin-search index")
    }
    return stored
  }
}
