/// ASCII case folding, for extensions and CSV header names.
extension String {
  /// The string with ASCII letters lowercased and every other character kept.
  func asciiLowercased() -> String {
    String(
      decoding: utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 },
      as: UTF8.self)
  }
}
