extension RecordStore {
  /// The columns, valid inside `withRecords`.
  struct Records {
    let bytes: UnsafeBufferPointer<UInt8>
    let units: UnsafeBufferPointer<PreparedUnit>
    let slots: UnsafeBufferPointer<Slot>
    let idBytes: UnsafeBufferPointer<UInt8>
    let idEnds: UnsafeBufferPointer<UInt32>
    /// `RecordStore.hasWellFormedUTF8`: whether strings are made without validating the bytes again.
    let hasWellFormedUTF8: Bool

    /// The UTF-8 bytes of the id of the record in `slot`: from the previous slot's id end to its own.
    func idBytes(ofSlot slot: Int) -> UnsafeBufferPointer<UInt8> {
      let start = slot == 0 ? 0 : Int(idEnds[slot - 1])
      return UnsafeBufferPointer(rebasing: idBytes[start..<Int(idEnds[slot])])
    }

    /// The id of the record in `slot`.
    func id(ofSlot slot: Int) -> String {
      string(of: idBytes(ofSlot: slot))
    }

    /// The UTF-8 bytes of the text of the record in `slot`.
    func textBytes(ofSlot slot: Int) -> UnsafeBufferPointer<UInt8> {
      let info = slots[slot]
      return UnsafeBufferPointer(rebasing: bytes[Int(info.textStart)..<Int(info.textStart + info.textCount)])
    }

    /// The text of the record in `slot`.
    func text(ofSlot slot: Int) -> String {
      string(of: textBytes(ofSlot: slot))
    }

    /// The string of a text's or an id's `bytes`: copied as they are when the store knows them
    /// to be well-formed, else decoded, which replaces what is not (a damaged snapshot's bytes).
    @inline(__always)
    func string(of bytes: UnsafeBufferPointer<UInt8>) -> String {
      hasWellFormedUTF8 ? String(wellFormedUTF8: bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// The number of slots.
    var slotCount: Int { slots.count }

    /// The first bytes of what matching the record in `slot` and returning it read — its slot,
    /// its folded text, its first unit, its text and the end of its id — folded into one word:
    /// read ahead of the matching, so that the cache misses of several records overlap
    /// (`MatchCollector.readAhead(slot:in:)`).
    @inline(__always)
    func firstBytes(ofSlot slot: Int) -> UInt32 {
      let info = slots[slot]
      let idEnd = Int(idEnds[slot])
      let lastIDByte = UInt32(idEnd > 0 ? idBytes[idEnd - 1] : 0)
      // A text without units is empty, and its columns hold nothing to read.
      guard info.unitCount > 0 else { return lastIDByte }
      return lastIDByte ^ UInt32(bytes[Int(info.byteStart)]) ^ UInt32(bytes[Int(info.textStart)])
        ^ units[Int(info.unitStart)].end
    }

    /// Whether `slot` holds a live record.
    @inline(__always)
    func isLive(_ slot: Int) -> Bool { slots[slot].isLive }

    /// The number of units of the record in `slot`.
    @inline(__always)
    func unitCount(ofSlot slot: Int) -> Int { Int(slots[slot].unitCount) }

    /// The view of the record in `slot`.
    @inline(__always)
    subscript(slot: Int) -> PreparedTextView {
      let info = slots[slot]
      let unitStart = Int(info.unitStart)
      let unitEnd = unitStart + Int(info.unitCount)
      let byteStart = Int(info.byteStart)
      let byteEnd = info.unitCount == 0 ? byteStart : byteStart + Int(units[unitEnd - 1].end)
      return PreparedTextView(
        bytes: UnsafeBufferPointer(rebasing: bytes[byteStart..<byteEnd]),
        units: UnsafeBufferPointer(rebasing: units[unitStart..<unitEnd]))
    }
  }
}
