/// One prepared record as the matcher reads it: views into a store's flat arrays.
///
/// Valid only inside the `withUnsafeBufferPointer` scope that produced it.
struct RecordView {
  /// The folded bytes of the record's units.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The record's units; their `end`s count from `bytes.baseAddress`.
  let units: UnsafeBufferPointer<PreparedUnit>

  /// Where the bytes of unit `index` start.
  @inline(__always)
  func start(ofUnit index: Int) -> Int {
    index == 0 ? 0 : Int(units[index &- 1].end)
  }
}

extension PreparedText {
  /// Calls `body` with a view of this text, as the matcher reads a record.
  func withView<Result>(_ body: (RecordView) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBufferPointer { bytes in
      try units.withUnsafeBufferPointer { units in
        try body(RecordView(bytes: bytes, units: units))
      }
    }
  }
}
