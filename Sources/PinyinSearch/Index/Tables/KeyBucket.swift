/// Which of the 37 first-character buckets a key belongs to: `0`–`9`, `a`–`z`, and one for
/// everything else (Han characters, symbols, other scripts).
enum KeyBucket {
  /// The number of buckets.
  static let count = 37

  /// The bucket of a key that begins with `byte`.
  @inline(__always)
  static func of(firstByte byte: UInt8) -> Int {
    if byte &- UInt8(ascii: "0") < 10 { return Int(byte &- UInt8(ascii: "0")) }
    if byte &- UInt8(ascii: "a") < 26 { return 10 + Int(byte &- UInt8(ascii: "a")) }
    return 36
  }
}
