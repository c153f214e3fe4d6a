import PinyinSearch

/// Reading the C caller's arguments: strings with a length or NUL-terminated, records, options.
enum CInput {
  /// The string of the `length` UTF-8 bytes at `bytes`, which may be NULL when `length` is 0.
  ///
  /// - Throws: `CFailure` with `.nullArgument` or `.invalidUTF8`, naming `what` and `function`.
  static func string(
    _ bytes: UnsafePointer<CChar>?, length: Int, what: String, in function: String
  ) throws(CFailure) -> String {
    guard length >= 0 else {
      throw CFailure(status: .invalidArgument, message: "\(function): the length of \(what) exceeds the address space")
    }
    guard length > 0 else { return "" }
    guard let bytes else { throw CFailure.null(what, in: function) }
    // As bytes, not raw memory: the validation then reads them in place (`UTF8Validation`).
    let buffer = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
    guard let string = String(validUTF8: buffer) else {
      throw CFailure(status: .invalidUTF8, message: "\(function): \(what) is not valid UTF-8")
    }
    return string
  }

  /// The NUL-terminated UTF-8 string at `bytes`, or nil when `bytes` is NULL.
  ///
  /// - Throws: `CFailure` with `.invalidUTF8`, naming `what` and `function`.
  static func cString(_ bytes: UnsafePointer<CChar>?, what: String, in function: String) throws(CFailure) -> String? {
    guard let bytes else { return nil }
    var length = 0
    while bytes[length] != 0 { length += 1 }
    return try string(bytes, length: length, what: what, in: function)
  }

  /// The options the string at `bytes` names (nil: NULL or empty, the default or the engine's).
  ///
  /// - Throws: `CFailure` with `.invalidUTF8` or `.invalidOptions`.
  static func options(_ bytes: UnsafePointer<CChar>?, in function: String) throws(CFailure) -> SearchOptions? {
    guard let text = try cString(bytes, what: "options", in: function), !text.isEmpty else { return nil }
    do throws(SearchOptions.ParsingError) {
      return try SearchOptions(parsing: text)
    } catch {
      throw CFailure(status: .invalidOptions, message: "\(function): \(error)")
    }
  }

  /// The `count` `pinyinsearch_record`s at `records` (NULL when `count` is 0), each checked:
  /// pointers, UTF-8, a non-empty id.
  ///
  /// - Throws: `CFailure` naming the first bad record by its index.
  static func records(_ records: UnsafeRawPointer?, count: Int, in function: String) throws(CFailure) -> [Record] {
    guard count > 0 else { return [] }
    guard let records else { throw CFailure.null("records", in: function) }
    let layout = CStructLayout.record
    var result: [Record] = []
    result.reserveCapacity(count)
    for index in 0..<count {
      let record = records + index * layout.size
      func field<T>(_ number: Int, _ type: T.Type) -> T {
        record.loadUnaligned(fromByteOffset: layout.offsets[number], as: type)
      }
      let id = try string(
        field(0, UnsafePointer<CChar>?.self), length: field(1, Int.self), what: "the id of record \(index)",
        in: function)
      guard !id.isEmpty else {
        throw CFailure(status: .invalidArgument, message: "\(function): the id of record \(index) is empty")
      }
      let text = try string(
        field(2, UnsafePointer<CChar>?.self), length: field(3, Int.self), what: "the text of record \(index)",
        in: function)
      result.append(Record(id: id, text: text, rank: field(4, Int64.self)))
    }
    return result
  }
}
