extension PreparedUnit {
  /// Whether a prepared text could hold this unit: a known reading set, and one of the classes
  /// `PreparedText` gives (none, a digit, a separator, or white space, which is a separator), a
  /// Han unit (with readings) having none.
  func isWellFormed(readingSetCount: UInt16) -> Bool {
    guard readingSet <= readingSetCount else { return false }
    switch flags {
    case []: return true
    case .digit, .separator, [.whitespace, .separator]: return readingSet == 0
    default: return false
    }
  }
}
