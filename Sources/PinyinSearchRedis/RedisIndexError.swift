import PinyinSearch
import RedisCluster

/// Why an index in a Redis Cluster could not be read or written.
///
/// Each case names what was expected and where; `description` is a message for a person.
public enum RedisIndexError: Error, Equatable, CustomStringConvertible {
  /// A namespace name that is empty, too long or holds a byte other than an ASCII letter,
  /// digit, `_`, `-` or `.`.
  case invalidNamespace(String)
  /// No index lives in the namespace: its `NS:meta` key does not exist.
  case namespaceNotFound(namespace: String)
  /// The namespace holds an index written for other options or key lengths than asked for.
  case incompatibleIndex(namespace: String, expected: String, found: String)
  /// A key of the namespace holds what this library does not write: another program's data,
  /// or damage. `key` is the Redis key, printable.
  case foreignKey(key: String, detail: String)
  /// The cluster could not be reached or answered with an error.
  case redis(RedisError)
  /// Another writer holds the namespace's lease (`RedisWriteOptions`): `holder` as it named
  /// itself; its lease ends after `remaining` unless it renews it.
  case namespaceBusy(namespace: String, holder: String, remaining: Duration)
  /// The writer's lease ended before its writes did (it could not be renewed in time, or was
  /// taken): it stopped; the next synchronization finishes what it left.
  case leaseLost(namespace: String)

  public var description: String {
    switch self {
    case .invalidNamespace(let name):
      "invalid namespace \(name.debugDescription): use 1 to 64 ASCII letters, digits, '_', '-' or '.'"
    case .namespaceNotFound(let namespace):
      "no index in namespace '\(namespace)' (its key '\(namespace):meta' does not exist); "
        + "create it with 'pinyin-search index --data FILE --redis ADDRESSES --namespace \(namespace)'"
    case .incompatibleIndex(let namespace, let expected, let found):
      "the index in namespace '\(namespace)' was written for \(found), not \(expected)"
    case .foreignKey(let key, let detail):
      "key \(key) was not written by pinyin-search: \(detail)"
    case .redis(let error):
      "\(error)"
    case .namespaceBusy(let namespace, let holder, let remaining):
      "namespace '\(namespace)' is being written by \(holder); its lease ends in \(Self.seconds(remaining)) "
        + "unless that writer renews it"
    case .leaseLost(let namespace):
      "the lease on namespace '\(namespace)' ended before the writes did (not renewed in time, or taken): "
        + "stopped; synchronize again to finish"
    }
  }

  /// `duration` as seconds with one decimal, such as `9.5 s`.
  static func seconds(_ duration: Duration) -> String {
    let tenths = Int(duration.components.seconds) * 10 + Int(duration.components.attoseconds / 100_000_000_000_000_000)
    return "\(tenths / 10).\(tenths % 10) s"
  }

  /// `bytes` as a printable key: UTF-8 where valid, other bytes as `\xNN`.
  static func printable(_ bytes: [UInt8]) -> String {
    var text = ""
    var index = 0
    while index < bytes.count {
      var end = index + 1
      while end <= min(index + 4, bytes.count) {
        if let scalar = String(validUTF8: bytes[index..<end]), scalar.unicodeScalars.count == 1 {
          break
        }
        end += 1
      }
      if end <= min(index + 4, bytes.count), let character = String(validUTF8: bytes[index..<end]),
        character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
      {
        text += character
        index = end
      } else {
        let hex = String(bytes[index], radix: 16, uppercase: true)
        text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        index += 1
      }
    }
    return text.debugDescription
  }
}
