/// What came of a measurement made in another process: its figures, or why there are none.
enum PeerOutcome<Value> {
  /// Measured.
  case measured(Value)
  /// Not measured, and the one-line reason the report gives.
  case skipped(String)

  /// The figures, when measured.
  var value: Value? {
    if case .measured(let value) = self { value } else { nil }
  }

  /// The reason, when skipped.
  var note: String? {
    if case .skipped(let note) = self { note } else { nil }
  }
}
