extension String {
  /// The string whose UTF-8 encoding is `bytes`, which the caller knows to be well-formed:
  /// copied without validating them again where the standard library offers it (`UTF8Span`,
  /// Swift 6.2: Linux, and Apple's systems from their 26 releases), else decoded.
  ///
  /// A search's results are a third of its time, and validating each id and text copied into
  /// them again, when the store checked them on the way in, was two thirds of that.
  ///
  ///     let bytes = Array("刘亦菲".utf8)
  ///     bytes.withUnsafeBufferPointer { String(wellFormedUTF8: $0) }  // "刘亦菲"
  ///
  /// - Precondition: `bytes` are well-formed UTF-8 (a store says when its columns are:
  ///   `RecordStore.hasWellFormedUTF8`); a string of other bytes breaks `String`'s invariants.
  /// - Complexity: O(`bytes.count`).
  @inline(__always)
  init(wellFormedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      self.init(copying: UTF8Span(unchecked: bytes.span))
    } else {
      self.init(decoding: bytes, as: UTF8.self)
    }
  }
}
