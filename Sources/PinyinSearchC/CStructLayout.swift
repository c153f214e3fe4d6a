/// The layout of a C struct of the header (`include/pinyinsearch.h`) on this platform, computed
/// as a C compiler lays it out: each field at the next multiple of its alignment, the size
/// rounded up to the largest alignment. Swift structs promise no layout, so the library reads
/// and writes the header's structs through raw pointers at these offsets.
///
///     let record = CStructLayout([.pointer, .size, .pointer, .size, .int64])
///     record.offsets  // [0, 8, 16, 24, 32] on a 64-bit platform
///     record.size     // 40
struct CStructLayout: Sendable {
  /// A field's C type.
  enum Field: Sendable {
    /// `const char *`.
    case pointer
    /// `size_t`.
    case size
    /// `int64_t`.
    case int64
    /// `int32_t`.
    case int32

    /// The field's size in bytes.
    var size: Int {
      switch self {
      case .pointer: MemoryLayout<UnsafeRawPointer>.size
      case .size: MemoryLayout<Int>.size
      case .int64: MemoryLayout<Int64>.size
      case .int32: MemoryLayout<Int32>.size
      }
    }

    /// The field's alignment in bytes, which Swift's layout of the same type shares with C's.
    var alignment: Int {
      switch self {
      case .pointer: MemoryLayout<UnsafeRawPointer>.alignment
      case .size: MemoryLayout<Int>.alignment
      case .int64: MemoryLayout<Int64>.alignment
      case .int32: MemoryLayout<Int32>.alignment
      }
    }
  }

  /// Each field's offset from the struct's start, in order.
  let offsets: [Int]
  /// The struct's size (`sizeof`): the distance between elements of an array of it.
  let size: Int

  /// The layout of a struct with `fields` in order.
  init(_ fields: [Field]) {
    var offsets: [Int] = []
    var end = 0
    var alignment = 1
    for field in fields {
      let offset = Self.roundUp(end, to: field.alignment)
      offsets.append(offset)
      end = offset + field.size
      alignment = max(alignment, field.alignment)
    }
    self.offsets = offsets
    size = Self.roundUp(end, to: alignment)
  }

  /// `value` rounded up to a multiple of `alignment`, a power of two.
  private static func roundUp(_ value: Int, to alignment: Int) -> Int {
    (value + alignment - 1) & ~(alignment - 1)
  }

  /// `pinyinsearch_record`: id, id_length, text, text_length, rank.
  static let record = CStructLayout([.pointer, .size, .pointer, .size, .int64])

  /// `pinyinsearch_result`: id, id_length, text, text_length, rank, start, end, utf16_start,
  /// utf16_end, utf8_start, utf8_end, scalar_start, scalar_end, kind, is_fuzzy.
  static let result = CStructLayout(
    [.pointer, .size, .pointer, .size] + Array(repeating: .int64, count: 9) + [.int32, .int32])

  /// `pinyinsearch_error`: status, then the message's bytes from the next offset.
  static let error = CStructLayout([.int32])
}
