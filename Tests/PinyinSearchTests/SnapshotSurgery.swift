@testable import PinyinSearch

/// The bytes of a snapshot, to edit as anyone could: fields, section elements and key entries by
/// name, and the checksum recomputed afterwards, so that only the checks behind the checksum can
/// tell.
///
/// Entries are read and written here from Docs/SnapshotFormat.md, not with the library's
/// readers, so that an edit is what the format says it is.
struct SnapshotSurgery {
  /// The sections of the format, in order: name and element size.
  static let sections: [(name: String, size: Int)] = {
    var sections: [(String, Int)] = [
      ("slots", 24), ("bytes", 1), ("units", 8), ("idBytes", 1), ("idEnds", 4), ("ranks", 8), ("idTable", 4),
      ("overflow", 4), ("placeOrder", 4), ("counts", 8),
    ]
    for bucket in 0..<KeyBucket.count { sections += [("slots\(bucket)", 4), ("bytes\(bucket)", 1)] }
    precondition(sections.count == Snapshot.sectionCount, "every section is named")
    return sections
  }()

  var bytes: [UInt8]
  /// Where each section's elements start, and how many there are, by name.
  private(set) var layout: [String: (start: Int, count: Int)] = [:]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var offset = Snapshot.headerSize
    for (name, size) in Self.sections {
      let count = Int(read(UInt64.self, at: offset))
      layout[name] = (offset + 8, count)
      offset = (offset + 8 + count * size + 7) & ~7
    }
    precondition(offset == bytes.count, "the sections end where the file does")
  }

  /// The little-endian integer at `offset`.
  func read<Integer: FixedWidthInteger>(_ type: Integer.Type, at offset: Int) -> Integer {
    var value = Integer.zero
    for index in 0..<MemoryLayout<Integer>.size { value |= Integer(bytes[offset + index]) << (8 * index) }
    return value
  }

  /// Writes `value` little-endian at `offset`.
  mutating func write<Integer: FixedWidthInteger>(_ value: Integer, at offset: Int) {
    for index in 0..<MemoryLayout<Integer>.size {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
    }
  }

  /// The offset of element `index` of section `name`.
  func offset(of name: String, _ index: Int = 0) -> Int {
    let (start, count) = layout[name]!
    precondition(index < count || (index == 0 && count == 0), "element \(index) of \(name) exists")
    return start + index * Self.sections.first { $0.name == name }!.size
  }

  /// The number of elements of section `name`.
  func count(of name: String) -> Int {
    layout[name]!.count
  }

  /// The bytes with the checksum recomputed over them.
  var resealed: [UInt8] {
    var copy = self
    let checksum = bytes.withUnsafeBytes { SnapshotChecksum.of(snapshot: $0, headerSize: Snapshot.headerSize) }
    copy.write(checksum, at: 24)
    return copy.bytes
  }
}

// MARK: - Places

extension SnapshotSurgery {
  /// The place of the record in `slot`: its index in the place order.
  func place(ofSlot slot: Int) -> Int {
    (0..<count(of: "placeOrder")).first { read(UInt32.self, at: offset(of: "placeOrder", $0)) == slot }!
  }
}

// MARK: - Key entries

extension SnapshotSurgery {
  /// A key's entry in its bucket's bytes, as the format lays it out: the key's length in a byte,
  /// the key, the number of postings, then the runs.
  struct Entry: Equatable {
    /// The key's bytes.
    var key: [UInt8]
    /// The number of postings written before the runs.
    var count: UInt32
    /// The runs, in order.
    var runs: [Run]
  }

  /// A run of postings as written: the group (start << 4 | kind << 1 | fuzzy), the number of
  /// postings written, and the places (the first written whole, each next as the gap since the
  /// previous one less one).
  struct Run: Equatable {
    var group: UInt32
    var count: UInt32
    var places: [UInt32]

    init(group: UInt32, count: UInt32? = nil, places: [UInt32]) {
      self.group = group
      self.count = count ?? UInt32(places.count)
      self.places = places
    }

    /// The group of a match of `kind` (`MatchKind.ordinal`, or any three bits) from `start`.
    static func group(kind: UInt32, isFuzzy: Bool = false, start: UInt32) -> UInt32 {
      start << 4 | kind << 1 | (isFuzzy ? 1 : 0)
    }

    /// The kind bits of the group.
    var kind: UInt32 { group >> 1 & 7 }
    /// The start of the group.
    var start: UInt32 { group >> 4 }
  }

  /// Where a key's entry lies: its bucket, the index of the slot that names it, and its bytes in
  /// the bucket's bytes.
  struct EntryLocation {
    var bucket: Int
    var slot: Int
    var range: Range<Int>
  }

  /// The entry of `key`, found through its bucket's slot table, and where it lies; nil when no
  /// slot names an entry of the key.
  func entry(of key: String) -> (location: EntryLocation, entry: Entry)? {
    let key = Array(key.utf8)
    return entries(ofBucket: KeyBucket.of(firstByte: key[0])).first { $0.entry.key == key }
  }

  /// The entries that the slot table of `bucket` names and that can be read, in slot order.
  func entries(ofBucket bucket: Int) -> [(location: EntryLocation, entry: Entry)] {
    let start = offset(of: "bytes\(bucket)")
    let entries = Array(bytes[start..<(start + count(of: "bytes\(bucket)"))])
    return (0..<count(of: "slots\(bucket)")).compactMap { slot in
      let value = Int(read(UInt32.self, at: offset(of: "slots\(bucket)", slot)))
      guard value != 0, let (entry, end) = Self.decodeEntry(entries, at: value - 1) else { return nil }
      return (EntryLocation(bucket: bucket, slot: slot, range: (value - 1)..<end), entry)
    }
  }

  /// Replaces the entry at `location` with `entry`.
  mutating func replace(_ location: EntryLocation, with entry: Entry) {
    replaceBytes(ofBucket: location.bucket, location.range, with: Self.encode(entry))
  }

  /// Replaces `range` of the bytes of `bucket` with `replacement`, moving what follows: the
  /// slots that name entries after the range, the sections after, and the file length.
  mutating func replaceBytes(ofBucket bucket: Int, _ range: Range<Int>, with replacement: [UInt8]) {
    replaceRanges(ofBucket: bucket, [(range, replacement)])
  }

  /// Replaces ranges of the bytes of `bucket`, apart and in order, each with its replacement, in
  /// one rewrite of the file: as `replaceBytes(ofBucket:_:with:)` one after another, from the
  /// last, would (each of which copies the file).
  mutating func replaceRanges(ofBucket bucket: Int, _ replacements: [(range: Range<Int>, bytes: [UInt8])]) {
    let (start, count) = layout["bytes\(bucket)"]!
    let old = Array(bytes[start..<(start + count)])
    var entries: [UInt8] = []
    var position = 0
    // After the end of each range, what follows moves by `shift`.
    var moves: [(end: Int, shift: Int)] = []
    for (range, replacement) in replacements {
      precondition(range.lowerBound >= position, "the ranges are apart and in order")
      entries += old[position..<range.lowerBound] + replacement
      position = range.upperBound
      moves.append((position, entries.count - position))
    }
    entries += old[position...]
    let slots = "slots\(bucket)"
    for slot in 0..<self.count(of: slots) {
      let value = Int(read(UInt32.self, at: offset(of: slots, slot)))
      // The last range that ends at or before the slot's entry.
      var low = 0
      var high = moves.count
      while low < high {
        let middle = (low + high) / 2
        if moves[middle].end <= value - 1 { low = middle + 1 } else { high = middle }
      }
      if value != 0 && low > 0 { write(UInt32(value + moves[low - 1].shift), at: offset(of: slots, slot)) }
    }
    var section: [UInt8] = []
    for index in 0..<8 { section.append(UInt8(truncatingIfNeeded: UInt64(entries.count) >> (8 * index))) }
    section += entries + [UInt8](repeating: 0, count: (8 - entries.count % 8) % 8)
    bytes.replaceSubrange((start - 8)..<((start + count + 7) & ~7), with: section)
    write(UInt64(bytes.count), at: 16)
    self = SnapshotSurgery(bytes)
  }

  /// Moves the entry of `key` to the end of its bucket's bytes, and its slot with it.
  mutating func moveEntryToEnd(of key: String) {
    let (location, entry) = entry(of: key)!
    replaceBytes(ofBucket: location.bucket, location.range, with: [])
    let end = count(of: "bytes\(location.bucket)")
    replaceBytes(ofBucket: location.bucket, end..<end, with: Self.encode(entry))
    write(UInt32(end + 1), at: offset(of: "slots\(location.bucket)", location.slot))
  }

  /// Edits the entry of `key` with `body`.
  mutating func editEntry(of key: String, _ body: (inout Entry) -> Void) {
    let (location, entry) = entry(of: key)!
    var edited = entry
    body(&edited)
    replace(location, with: edited)
  }

  /// Edits every entry of every bucket with `body`, one rewrite of the file per bucket.
  mutating func editEveryEntry(_ body: (inout Entry) -> Void) {
    for bucket in 0..<KeyBucket.count {
      let edits = entries(ofBucket: bucket).sorted { $0.location.range.lowerBound < $1.location.range.lowerBound }
        .map { location, entry in
          var edited = entry
          body(&edited)
          return (location.range, Self.encode(edited))
        }
      replaceRanges(ofBucket: bucket, edits)
    }
  }

  /// The entry at `offset` in a bucket's bytes and where it ends, read as the format says; nil
  /// when it does not fit or a place overflows.
  static func decodeEntry(_ bytes: [UInt8], at offset: Int) -> (Entry, end: Int)? {
    guard offset < bytes.count else { return nil }
    let length = Int(bytes[offset])
    var position = offset + 1 + length
    guard position <= bytes.count, let count = readVarInt(bytes, at: &position) else { return nil }
    var entry = Entry(key: Array(bytes[(offset + 1)..<(offset + 1 + length)]), count: count, runs: [])
    var remaining = Int(count)
    while remaining > 0 {
      guard let group = readVarInt(bytes, at: &position), let runCount = readVarInt(bytes, at: &position),
        runCount > 0, var place = readVarInt(bytes, at: &position)
      else { return nil }
      var run = Run(group: group, count: runCount, places: [place])
      for _ in 1..<min(Int(runCount), remaining) {
        guard let gap = readVarInt(bytes, at: &position), UInt64(place) + UInt64(gap) + 1 <= UInt32.max else {
          return nil
        }
        place += gap + 1
        run.places.append(place)
      }
      remaining -= run.places.count
      entry.runs.append(run)
    }
    return (entry, position)
  }

  /// The bytes of `entry`, as the format writes it.
  static func encode(_ entry: Entry) -> [UInt8] {
    var bytes = [UInt8(entry.key.count)] + entry.key
    appendVarInt(entry.count, to: &bytes)
    for run in entry.runs {
      appendVarInt(run.group, to: &bytes)
      appendVarInt(run.count, to: &bytes)
      for (index, place) in run.places.enumerated() {
        appendVarInt(index == 0 ? place : place - run.places[index - 1] - 1, to: &bytes)
      }
    }
    return bytes
  }

  /// Unsigned LEB128: seven bits a byte, low first, the high bit set on all but the last.
  static func appendVarInt(_ value: UInt32, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// The LEB128 value at `position`, advancing past it; nil when the bytes end first or it
  /// takes more than five bytes.
  static func readVarInt(_ bytes: [UInt8], at position: inout Int) -> UInt32? {
    var value: UInt64 = 0
    for shift in stride(from: 0, to: 35, by: 7) {
      guard position < bytes.count else { return nil }
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return UInt32(truncatingIfNeeded: value) }
    }
    return nil
  }
}
