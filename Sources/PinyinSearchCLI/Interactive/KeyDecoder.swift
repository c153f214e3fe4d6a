import PinyinSearch

/// Turns the bytes a terminal in raw mode sends into `Key`s.
///
/// Bytes arrive in arbitrary pieces: a UTF-8 character, an escape sequence or a bracketed paste
/// may be split across reads, so whatever is incomplete is kept for the next call. A lone ESC is
/// ambiguous — the Esc key, or the start of a sequence whose rest is still on its way — so it
/// waits too: the caller gives the rest a moment (`hasPendingEscape`) and then calls `flush()`,
/// which turns it into `.escape`.
///
/// Understood: printable UTF-8 (consecutive characters become one `.text`), the control keys
/// of `Key`, CSI (`ESC [`) and SS3 (`ESC O`) sequences for the arrows, Home, End, Delete, Page
/// Up and Page Down (with or without modifiers), and bracketed paste (`ESC [200~` … `ESC [201~`,
/// which the interactive search turns on): pasted line breaks and tabs become spaces, other
/// control characters are dropped, and a pasted Enter does not choose. Everything else —
/// invalid UTF-8, unknown sequences, Alt combinations, Tab — is ignored.
///
///     var decoder = KeyDecoder()
///     decoder.decode([0x6C, 0xE5, 0x88])   // [.text("l")]: 刘 is not complete yet
///     decoder.decode([0x98, 0x1B, 0x5B])   // [.text("刘")]: ESC [ waits
///     decoder.decode([0x41, 0x0D])         // [.up, .enter]
struct KeyDecoder {
  /// Bytes received but not decoded yet: an incomplete character or sequence.
  private var pending: [UInt8] = []
  /// Inside a bracketed paste: the bytes pasted so far.
  private var pasted: [UInt8]?

  /// Whether the bytes kept start with ESC: the Esc key, unless more bytes follow soon.
  var hasPendingEscape: Bool { pasted == nil && pending.first == 0x1B }

  /// Decodes `bytes` after those kept from earlier calls.
  ///
  /// - Complexity: O(n) in the number of bytes.
  mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var text = ""
    func emit(_ key: Key) {
      if !text.isEmpty {
        keys.append(.text(text))
        text = ""
      }
      keys.append(key)
    }
    var index = 0
    decoding: while index < pending.count {
      if pasted != nil {
        guard let end = Self.firstRange(of: Self.pasteEnd, in: pending, from: index) else {
          // Keep a tail that may be the start of the end marker.
          let safe = max(index, pending.count - (Self.pasteEnd.count - 1))
          pasted! += pending[index..<safe]
          index = safe
          break decoding
        }
        pasted! += pending[index..<end]
        let paste = Self.pastedText(pasted!)
        pasted = nil
        if !paste.isEmpty { emit(.text(paste)) }
        index = end + Self.pasteEnd.count
        continue
      }
      let byte = pending[index]
      switch byte {
      case 0x1B:
        guard let (key, length) = escapeSequence(at: index) else { break decoding }
        if let key { emit(key) }
        index += length
      case 0x00..<0x20, 0x7F:
        if let key = Self.controlKeys[byte] { emit(key) }
        index += 1
      default:
        let length = Self.sequenceLength(lead: byte)
        let available = pending[index..<min(index + length, pending.count)]
        guard length > 0, available.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else {
          index += 1  // not a lead byte, or not followed by continuation bytes
          continue
        }
        guard available.count == length else { break decoding }
        if let scalar = Self.scalar(pending[index..<index + length]) {
          if scalar.value >= 0xA0 || scalar.value < 0x80 { text.unicodeScalars.append(scalar) }  // no C1 controls
          index += length
        } else {
          index += 1
        }
      }
    }
    if !text.isEmpty { keys.append(.text(text)) }
    pending.removeFirst(index)
    return keys
  }

  /// Ends the wait for the rest of a sequence: a lone ESC kept is the Esc key; an incomplete
  /// sequence is dropped.
  mutating func flush() -> [Key] {
    guard hasPendingEscape else { return [] }
    let isLoneEscape = pending.count == 1
    pending.removeAll()
    return isLoneEscape ? [.escape] : []
  }

  /// The key of the escape sequence starting at `start` and its length in bytes; the key is nil
  /// for a sequence that is ignored. Nil when the sequence is not complete yet.
  private mutating func escapeSequence(at start: Int) -> (Key?, Int)? {
    guard start + 1 < pending.count else { return nil }
    let second = pending[start + 1]
    switch second {
    case UInt8(ascii: "["):
      var end = start + 2
      while end < pending.count && !(0x40...0x7E).contains(pending[end]) { end += 1 }
      guard end < pending.count else { return nil }
      let parameters = String(decoding: pending[(start + 2)..<end], as: UTF8.self)
      let key = csiKey(parameters: parameters, final: pending[end])
      return (key, end + 1 - start)
    case UInt8(ascii: "O"):
      guard start + 2 < pending.count else { return nil }
      return (Self.cursorKeys[pending[start + 2]], 3)
    case 0x7F, 0x08:
      return (.deleteWordBackward, 2)  // Alt-Backspace
    case 0x1B:
      return (.escape, 1)  // Esc, then whatever the second ESC starts
    case 0x20..<0x7F:
      return (nil, 2)  // Alt and a printable ASCII key
    default:
      return (.escape, 1)  // Esc, then a control key or a character
    }
  }

  /// The key of `ESC [ parameters final`; starts a bracketed paste for `200~`.
  private mutating func csiKey(parameters: String, final: UInt8) -> Key? {
    if final == UInt8(ascii: "~") {
      let number = Int(parameters.split(separator: ";").first ?? "") ?? 0
      switch number {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .deleteForward
      case 5: return .pageUp
      case 6: return .pageDown
      case 200:
        pasted = []
        return nil
      default: return nil
      }
    }
    return Self.cursorKeys[final]
  }

  /// The final bytes of the arrow, Home and End sequences, shared by CSI and SS3.
  private static let cursorKeys: [UInt8: Key] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
    UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
  ]

  /// The control bytes that are keys; the others are ignored.
  private static let controlKeys: [UInt8: Key] = [
    0x01: .home, 0x02: .left, 0x03: .interrupt, 0x04: .deleteForward, 0x05: .end, 0x06: .right, 0x07: .escape,
    0x08: .backspace, 0x0A: .enter, 0x0C: .redraw, 0x0D: .enter, 0x0E: .down, 0x10: .up, 0x15: .clearLine,
    0x17: .deleteWordBackward, 0x7F: .backspace,
    OptionToggle.mixed.controlByte: .toggle(.mixed), OptionToggle.fuzzy.controlByte: .toggle(.fuzzy),
    OptionToggle.traditional.controlByte: .toggle(.traditional), OptionToggle.keypad.controlByte: .toggle(.keypad),
    OptionToggle.keyboard.controlByte: .toggle(.keyboard),
  ]

  /// The bytes that end a bracketed paste.
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// The length of the UTF-8 sequence `lead` starts, or 0 when it starts none.
  private static func sequenceLength(lead: UInt8) -> Int {
    switch lead {
    case 0x00..<0x80: 1
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 0
    }
  }

  /// The scalar `bytes` encode, or nil when they are not one valid UTF-8 sequence.
  private static func scalar(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
    guard let string = String(validUTF8: bytes) else { return nil }
    return string.unicodeScalars.first
  }

  /// Pasted bytes as query text: invalid UTF-8 replaced by U+FFFD, line breaks and tabs as
  /// spaces, other control characters dropped.
  private static func pastedText(_ bytes: [UInt8]) -> String {
    var text = ""
    for character in String(decoding: bytes, as: UTF8.self) {
      if character.isNewline || character == "\t" {
        text.append(" ")
      } else if character.unicodeScalars.first?.properties.generalCategory != .control {
        text.append(character)
      }
    }
    return text
  }

  /// The first index from `start` on where `haystack` holds `needle`, or nil.
  private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard haystack.count - start >= needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<index + needle.count].elementsEqual(needle) {
      return index
    }
    return nil
  }
}
