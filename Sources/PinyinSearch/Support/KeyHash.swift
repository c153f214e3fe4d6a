/// The index's fixed hash of a key: 64-bit FNV-1a over the key's bytes.
///
/// Not `Hasher`, which is seeded per process: an index saved to disk must find its keys again
/// in the next process. Package-wide: the Redis index picks a key's shard with it too.
package enum KeyHash {
  /// The hash of `count` bytes at `bytes`.
  @inline(__always)
  package static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in 0..<count {
      hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// The hash of `bytes`.
  package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let base = bytes.baseAddress else { return hash(UnsafePointer(bitPattern: 1)!, count: 0) }
    return hash(base, count: bytes.count)
  }
}
