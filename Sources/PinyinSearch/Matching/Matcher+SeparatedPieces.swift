/// The pieces a unit may be typed as at one query position, for the matching of queries with
/// apostrophes (`Matcher+Separators.swift`).
extension Matcher {
  /// Calls `body` with the end position of each piece that `way` may type unit `unit` as,
  /// beginning at `position` of the pinyin form: the piece's bytes are the query's from there,
  /// and no separator stands strictly inside it. A full-pinyin piece that is the beginning of a
  /// spelling but not all of it is given only when it ends the query. An end may come more than
  /// once.
  @inline(__always)
  func forEachPiece(
    _ way: SeparatedWay, of unit: Int, in record: PreparedTextView, at position: Int,
    isSeparator: UnsafeBufferPointer<Int32>, _ body: (Int) -> Void
  ) {
    let info = record.units[unit]
    let start = record.start(ofUnit: unit)
    let bytes = UnsafeBufferPointer(rebasing: record.bytes[start..<Int(info.end)])
    guard info.isHan else {
      if let end = typedEnd(of: bytes, at: position, isSeparator: isSeparator) { body(end) }
      return
    }
    let table = spellings
    for member in table.members(of: info.readingSet) {
      let spelling = table.bytes(ofMember: member)
      let count = typedLength(ofBeginningOf: spelling, at: position, isSeparator: isSeparator)
      guard count > 0 else { continue }
      switch way {
      case .initials:
        body(position + 1)
      case .fullPinyin:
        if position + count == pinyin.count || count == spelling.count { body(position + count) }
      case .mixed:
        for length in 1...count { body(position + length) }
      }
    }
    if way == .mixed && typesHanAsItself {
      forEachTypedForm(of: bytes, isHan: true) { form in
        if let end = typedEnd(of: form, at: position, isSeparator: isSeparator) { body(end) }
      }
    }
  }

  /// The length of the longest beginning of `spelling` that the query types from `position`
  /// with no separator strictly inside it (0 when even its first byte differs).
  @inline(__always)
  private func typedLength(
    ofBeginningOf spelling: UnsafeBufferPointer<UInt8>, at position: Int, isSeparator: UnsafeBufferPointer<Int32>
  ) -> Int {
    var length = 0
    while length < spelling.count && position + length < pinyin.count
      && pinyin[position + length] == spelling[length] && (length == 0 || isSeparator[position + length] == 0)
    {
      length += 1
    }
    return length
  }

  /// The end of `bytes` typed whole from `position` with no separator strictly inside, or nil.
  @inline(__always)
  private func typedEnd(
    of bytes: UnsafeBufferPointer<UInt8>, at position: Int, isSeparator: UnsafeBufferPointer<Int32>
  ) -> Int? {
    guard !bytes.isEmpty, typedLength(ofBeginningOf: bytes, at: position, isSeparator: isSeparator) == bytes.count
    else { return nil }
    return position + bytes.count
  }
}
