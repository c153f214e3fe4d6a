/// Reads a fuzz input from the front: single bytes for choices, and texts in `FuzzText`'s byte
/// code up to a terminator byte. Reading past the end gives zeros and empty texts, so every
/// input means something.
///
/// An escaped scalar (0x1B and three bytes), one of `FuzzText.morePieces` (0x1C and a byte)
/// and, when a spelling is asked for, a spelling (0x05 and five bytes) are read whole: their
/// bytes never end a text, so an encoded text never contains a terminator by accident.
///
///     var reader = FuzzReader([0x07, 0x80, 0x0A, 0x61])
///     reader.byte()                     // 7
///     reader.text(until: [0x0A])        // ("长", terminator: 0x0A)
///     reader.text(until: [0x0A])        // ("a", terminator: nil)
public struct FuzzReader {
  /// The input.
  public let bytes: [UInt8]
  /// Where the next read starts.
  public private(set) var index = 0

  /// A reader of `bytes`.
  public init(_ bytes: some Collection<UInt8>) {
    self.bytes = Array(bytes)
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { index >= bytes.count }

  /// The next byte, or 0 at the end.
  public mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// Reads the next byte if it is `byte`; returns whether it was.
  public mutating func skip(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// The bytes not read yet; the reader is then at the end.
  public mutating func rest() -> ArraySlice<UInt8> {
    defer { index = bytes.count }
    return bytes[min(index, bytes.count)...]
  }

  /// The text up to the next byte of `terminators` (which is read too) or the end of the input.
  ///
  /// - Parameters:
  ///   - terminators: Bytes below 0x20 that end the text; not `FuzzText.escape` nor
  ///     `FuzzText.morePiecesMark`.
  ///   - spelling: Turns the five bytes after a 0x05 (fewer at the end) into text; without it,
  ///     0x05 is U+0005.
  /// - Returns: The text, and the terminator that ended it (nil: the end of the input).
  public mutating func text(
    until terminators: Set<UInt8>, spelling: ((ArraySlice<UInt8>) -> String)? = nil
  ) -> (text: String, terminator: UInt8?) {
    var text = ""
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if terminators.contains(byte) { return (text, byte) }
      switch byte {
      case 0x80...:
        text += FuzzText.pieces[Int(byte - 0x80) % FuzzText.pieces.count]
      case FuzzText.escape:
        var value: UInt32 = 0
        for byte in take(3) { value = value << 8 | UInt32(byte) }
        text.unicodeScalars.append(Unicode.Scalar(value % 0x11_0000) ?? "\u{FFFD}")
      case FuzzText.morePiecesMark:
        let choice = take(1)
        text += FuzzText.morePieces[Int(choice.first ?? 0) % FuzzText.morePieces.count]
      case FuzzText.spellingMark where spelling != nil:
        text += spelling!(take(5))
      default:
        text.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return (text, nil)
  }

  /// The next `count` bytes, fewer at the end.
  private mutating func take(_ count: Int) -> ArraySlice<UInt8> {
    let end = min(index + count, bytes.count)
    defer { index = end }
    return bytes[index..<end]
  }
}
