extension PreparedUnit {
  /// Whether a prepared text could hold this unit: a known reading set, and one of the classes
  /// `PreparedText` gives (none, a digit, a separator, an apostrophe, or white space, which is a
  /// separator), a Han unit (with readings) having none.
  @inline(__always)
  func isWellFormed(readingSetCount: UInt16) -> Bool {
    // Most units have no class (Han characters, letters): one comparison for them.
    let raw = flags.rawValue
    if raw == 0 { return readingSet <= readingSetCount }
    return readingSet == 0
      && (flags == .digit || flags == .separator || flags == .apostrophe
        || flags == [.whitespace, .separator])
  }
}
