import PinyinSearch
import RedisCluster

extension RedisIndex {
  /// The replies to `commands`, each an array of arguments whose second is its key (its fourth
  /// for `FCALL` and `FCALL_RO`), sent pipelined; a Redis error for any command throws.
  static func execute(_ commands: [[[UInt8]]], client: RedisClusterClient) throws(RedisIndexError) -> [RESPValue] {
    guard !commands.isEmpty else { return [] }
    let replies: [Result<RESPValue, RedisError>]
    do {
      replies = try client.send(commands.map { RedisCommand($0, keyAt: Self.isCall($0) ? 3 : 1) })
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
          key: RedisIndexError.printable(command[Self.isCall(command) ? 4 : 1]),
          detail: "it holds another type of value (\(message))")
      case .failure(let error):
        throw .redis(error)
      }
    }
    return values
  }

  /// Whether `command` calls a function (`FCALL`, `FCALL_RO`), whose first key is its fourth argument.
  private static func isCall(_ command: [[UInt8]]) -> Bool {
    command.first.map { $0.starts(with: Array("FCALL".utf8)) } ?? false
  }

  /// The replies to `commands`, calls of the functions of `PostingFunctions`: as
  /// `execute(_:client:)`, except that a node without the functions (a new node, or a cluster
  /// whose functions were flushed) gets them (`loadFunctions(client:)`) and the commands are
  /// sent once more.
  func executeCalls(_ commands: [[[UInt8]]]) throws(RedisIndexError) -> [RESPValue] {
    do {
      return try Self.execute(commands, client: client)
    } catch .redis(.server(_, let message)) where message.contains("Function not found") {
      try Self.loadFunctions(client: client)
      return try Self.execute(commands, client: client)
    }
  }

  /// Loads `PostingFunctions` on every primary (`FUNCTION LOAD REPLACE`; replicas get them
  /// from their primary), each by a slot it serves, so that a primary failing meanwhile is
  /// retried at the replica that takes its slots over.
  ///
  /// - Throws: `RedisIndexError.redis` when a node refuses (Redis before 7.0 has no functions;
  ///   a user without `function|load` may not load them).
  static func loadFunctions(client: RedisClusterClient) throws(RedisIndexError) {
    do {
      for slot in try client.slotOfEachPrimary() {
        let command = RedisCommand(
          [Array("FUNCTION".utf8), Array("LOAD".utf8), Array("REPLACE".utf8), Array(PostingFunctions.source.utf8)],
          route: .slot(slot))
        _ = try client.send(command)
      }
    } catch {
      throw .redis(error)
    }
  }

  /// The bytes of a `GET` reply for `key`, nil when it does not exist.
  static func bulk(_ reply: RESPValue, key: [UInt8]) throws(RedisIndexError) -> [UInt8]? {
    switch reply {
    case .bulkString(let bytes): return bytes
    default: throw .foreignKey(key: RedisIndexError.printable(key), detail: "a GET reply that is not a string")
    }
  }

  /// The record value of an `HGET` reply for the record in hash `key`, nil when it does not exist.
  static func storedRecord(_ reply: RESPValue, key: [UInt8]) throws(RedisIndexError) -> StoredRecord? {
    guard let bytes = try bulk(reply, key: key) else { return nil }
    guard let stored = StoredRecord(bytes: bytes) else {
      throw .foreignKey(key: RedisIndexError.printable(key), detail: "not a record of a pinyin-search index")
    }
    return stored
  }
}
