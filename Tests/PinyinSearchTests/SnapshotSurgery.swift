@testable import PinyinSearch

/// The bytes of a snapshot, to edit as anyone could: fields and section elements by name, and the
/// checksum recomputed afterwards, so that only the checks behind the checksum can tell.
struct SnapshotSurgery {
  /// The sections of the format, in order: name and element size.
  static let sections: [(name: String, size: Int)] = {
    var sections: [(String, Int)] = [
      ("idBytes", 1), ("idEnds", 4), ("textBytes", 1), ("textEnds", 4), ("ranks", 8), ("slots", 16), ("folded", 1),
      ("units", 8), ("overflow", 4),
    ]
    for bucket in 0..<KeyBucket.count {
      sections += [
        ("slots\(bucket)", 4), ("hashes\(bucket)", 8), ("keyStarts\(bucket)", 4), ("keyBytes\(bucket)", 1),
        ("postingStarts\(bucket)", 4), ("postings\(bucket)", 4),
      ]
    }
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
