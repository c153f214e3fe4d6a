/// A prepared text as the matcher reads it: views of its folded bytes and its units, in a
/// `PreparedText` or in a record store's flat arrays.
///
/// Valid only inside the `withUnsafeBufferPointer` scope that produced it.
struct PreparedTextView {
  /// The folded bytes of the text's units.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The text's units; their `end`s count from `bytes.baseAddress`.
  let units: UnsafeBufferPointer<PreparedUnit>

  /// Where the bytes of unit `index` start.
  @inline(__always)
  func start(ofUnit index: Int) -> Int {
    index == 0 ? 0 : Int(units[index &- 1].end)
  }
}

extension PreparedText {
  /// Calls `body` with a view of this text, as the matcher reads a record.
  func withView<Result>(_ body: (PreparedTextView) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBufferPointer { bytes in
      try units.withUnsafeBufferPointer { units in
        try body(PreparedTextView(bytes: bytes, units: units))
      }
    }
  }
}
