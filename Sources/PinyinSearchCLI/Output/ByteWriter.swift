/// Writes bytes one after another into memory set aside for them, each write checked against
/// the end: the tool's output encoders write through it into `OutputStream`'s buffer, with no
/// `String` and no array growth in between.
///
/// The memory is lent for the time of one closure (`OutputStream.write(atMost:_:)`,
/// `JSON.answer(query:results:)`), which sets aside as much as the encoder can write at most; a
/// write past it stops the process with a precondition failure rather than writing out of
/// bounds.
///
///     let bytes = [UInt8](unsafeUninitializedCapacity: 8) { buffer, count in
///       var writer = ByteWriter(into: buffer)
///       writer.append("id ")
///       writer.appendDecimal(-17)
///       count = writer.count
///     }  // "id -17"
struct ByteWriter {
  /// The first byte of the memory.
  private let start: UnsafeMutablePointer<UInt8>
  /// Where the next byte goes.
  private var position: UnsafeMutablePointer<UInt8>
  /// Just past the last byte that may be written.
  private let end: UnsafeMutablePointer<UInt8>

  /// A writer that fills `buffer` from its start.
  init(into buffer: UnsafeMutableBufferPointer<UInt8>) {
    // An empty buffer may have no address: any non-null pointer stands for it, with no room.
    let base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!
    start = base
    position = base
    end = base + buffer.count
  }

  /// How many bytes were written.
  var count: Int { position - start }

  /// Makes sure `byteCount` more bytes fit.
  private func ensureRoom(for byteCount: Int) {
    precondition(end - position >= byteCount, "ByteWriter: a write beyond the memory set aside for it")
  }

  /// Appends `byte`.
  mutating func append(_ byte: UInt8) {
    ensureRoom(for: 1)
    position.initialize(to: byte)
    position += 1
  }

  /// Appends `bytes`.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    ensureRoom(for: bytes.count)
    position.initialize(from: source, count: bytes.count)
    position += bytes.count
  }

  /// Appends the UTF-8 bytes of `literal`.
  mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { append($0) }
  }

  /// Appends the UTF-8 bytes of `string`.
  mutating func append(contentsOf string: String) {
    // Native strings, small ones included, are contiguous UTF-8; only a bridged one is not.
    let isAppended = string.utf8.withContiguousStorageIfAvailable { append($0) } != nil
    if !isAppended {
      for byte in string.utf8 { append(byte) }
    }
  }

  /// The most bytes `appendDecimal(_:)` writes: the 20 of `Int.min`.
  static let maximumDecimalByteCount = 20

  /// Appends `value` in decimal, as `"\(value)"` writes it.
  mutating func appendDecimal(_ value: Int) {
    // Unit offsets, the numbers written most, are mostly below 10.
    if value >= 0 && value < 10 {
      append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value))
      return
    }
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digitCount = 1
    var rest = magnitude / 10
    while rest > 0 {
      digitCount += 1
      rest /= 10
    }
    ensureRoom(for: digitCount)
    // The digits are written from the last.
    var index = digitCount
    repeat {
      index -= 1
      (position + index).initialize(to: UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    position += digitCount
  }
}
