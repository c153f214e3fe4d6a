/// A value of the Redis serialization protocol, version 2 (RESP2).
///
/// Redis answers every command with one value. Keys and values are bytes, so bulk strings hold
/// `[UInt8]`; simple strings and errors are short lines of text, kept as `String` (bytes that
/// are not UTF-8 are repaired to U+FFFD).
///
///     let reply = try client.send(RedisCommand(["GET", "user:1"], keyAt: 1))
///     if case .bulkString(let bytes?) = reply { print(String(decoding: bytes, as: UTF8.self)) }
///
/// The client never returns `.error` as a command's reply: it turns an error reply into
/// ``RedisError/server(code:message:)`` or follows it, when it is a redirection.
public enum RESPValue: Sendable, Hashable {
  /// A simple string, such as the `OK` of `SET`.
  case simpleString(String)
  /// An error reply, as its whole line, such as `WRONGTYPE Operation against a key…`.
  case error(String)
  /// A signed 64-bit integer, such as the reply of `INCR`.
  case integer(Int64)
  /// A binary-safe string, or `nil` for the null bulk string (`GET` of a missing key).
  case bulkString([UInt8]?)
  /// An array of values, or `nil` for the null array.
  case array([RESPValue]?)
}
