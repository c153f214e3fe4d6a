/// Reading a snapshot back (Docs/SnapshotFormat.md): the header is checked field by field, the
/// sections are read in place, and the record store and key index made of them are validated
/// before they are used.
extension Snapshot {
  /// The indexed store, configuration and options in snapshot `bytes`, after checking them as
  /// `validation` says (see `SnapshotValidation`); `path` names the file in errors. The store and
  /// index read their columns in place from `bytes`, which they keep alive.
  static func decode(
    _ bytes: MappedBytes, path: String, validation: SnapshotValidation = .checksum
  ) throws(SnapshotError) -> (IndexedStore, IndexConfiguration, SearchOptions) {
    let raw = bytes.bytes
    guard !raw.isEmpty else { throw .empty(path: path) }
    guard raw.count >= magic.count, raw.prefix(magic.count).elementsEqual(magic) else {
      throw .notASnapshot(path: path)
    }
    let (indexed, configuration, options) = try decodeBody(bytes, path: path, validation: validation)
    if validation == .complete,
      let difference = firstDifference(of: indexed, configuration: configuration, options: options)
    {
      throw .inconsistent(path: path, difference)
    }
    return (indexed, configuration, options)
  }

  /// The indexed store, configuration and options in a copy of snapshot `bytes` (see
  /// `decode(_:path:validation:)`).
  static func decode(
    _ bytes: [UInt8], path: String, validation: SnapshotValidation = .checksum
  ) throws(SnapshotError) -> (IndexedStore, IndexConfiguration, SearchOptions) {
    try decode(bytes.withUnsafeBytes { MappedBytes(copying: $0) }, path: path, validation: validation)
  }

  /// What the snapshot `file` holds, from its header alone: the frame and the parameters are
  /// checked as when it is opened, but not the checksum or the sections.
  static func info(of file: MappedBytes, path: String) throws(SnapshotError) -> SnapshotInfo {
    let raw = file.bytes
    guard !raw.isEmpty else { throw .empty(path: path) }
    guard raw.count >= magic.count, raw.prefix(magic.count).elementsEqual(magic) else {
      throw .notASnapshot(path: path)
    }
    var header = try checkedFrame(of: file, path: path, validation: .structure)
    let parameters = try readParameters(&header)
    return SnapshotInfo(
      formatVersion: Int(formatVersion), options: parameters.options, configuration: parameters.configuration,
      recordCount: Int(clamping: parameters.recordCount), byteCount: raw.count)
  }

  /// What the header says beyond the frame that `checkedFrame(of:path:validation:)` checks.
  private struct Header {
    /// The configuration the index was built with.
    var configuration: IndexConfiguration
    /// The options the index was built for.
    var options: SearchOptions
    /// The number of live records.
    var recordCount: UInt64
    /// The number of slots, live or removed.
    var slotCount: UInt64
    /// Whether the records are stored in id order.
    var isInIDOrder: Bool
  }

  /// The columns of the record store, as the sections hold them.
  private struct RecordColumns {
    var slots: FlatArray<RecordStore.Slot>
    var bytes: FlatArray<UInt8>
    var units: FlatArray<PreparedUnit>
    var idBytes: FlatArray<UInt8>
    var idEnds: FlatArray<UInt32>
    var ranks: FlatArray<Int64>
    var idTable: FlatArray<UInt32>
  }

  /// The sections of the key index.
  private struct IndexSections {
    var overflow: [Int]
    var slotsByPlace: FlatArray<UInt32>
    var tables: [KeyTable]
  }

  /// The indexed store, configuration and options of `file`, whose magic bytes are checked:
  /// the header, then the sections, then the store and the index made of them.
  private static func decodeBody(
    _ file: MappedBytes, path: String, validation: SnapshotValidation
  ) throws(SnapshotError) -> (IndexedStore, IndexConfiguration, SearchOptions) {
    var header = try checkedFrame(of: file, path: path, validation: validation)
    let parameters = try readParameters(&header)
    var reader = SnapshotReader(file, path: path, offset: headerSize)
    let columns = try readRecordColumns(&reader)
    let sections = try readIndexSections(&reader)
    guard reader.offset == file.bytes.count else {
      throw .corrupt(path: path, reason: "bytes after the last section")
    }
    // At the complete level, `decode` checks every text and id as UTF-8 before any string is
    // made of them, and the store is thrown away if one is not: they are then known well-formed.
    let store = try recordStore(
      of: columns, header: parameters, hasWellFormedUTF8: validation == .complete, path: path)
    let index = try keyIndex(of: sections, for: store, header: parameters, path: path)
    return (IndexedStore(store: store, index: index), parameters.configuration, parameters.options)
  }

  /// A reader of the header after the fields that frame the file — the format version, the
  /// header's size, the file's length, the checksum (unless `validation` is `.structure`) and
  /// the fingerprint of the Unihan tables — once each is checked.
  private static func checkedFrame(
    of file: MappedBytes, path: String, validation: SnapshotValidation
  ) throws(SnapshotError) -> SnapshotReader {
    let raw = file.bytes
    var header = SnapshotReader(file, path: path, offset: magic.count)
    let version = try header.read(UInt32.self, "the format version")
    guard version == formatVersion else { throw .formatVersion(path: path, expected: formatVersion, found: version) }
    guard raw.count >= headerSize else {
      throw .truncated(path: path, expectedBytes: headerSize, foundBytes: raw.count)
    }
    let declaredHeaderSize = try header.read(UInt32.self, "the header size")
    let fileLength = try header.read(UInt64.self, "the file length")
    let checksum = try header.read(UInt64.self, "the checksum")
    let table = try header.read(UInt64.self, "the pinyin table")
    guard declaredHeaderSize == headerSize else {
      throw .corrupt(path: path, reason: "header size \(declaredHeaderSize), expected \(headerSize)")
    }
    guard fileLength == UInt64(raw.count) else {
      if fileLength > UInt64(raw.count) {
        throw .truncated(path: path, expectedBytes: Int(clamping: fileLength), foundBytes: raw.count)
      }
      throw .corrupt(path: path, reason: "\(raw.count) bytes, the header says \(fileLength)")
    }
    if validation != .structure {
      let found = SnapshotChecksum.of(snapshot: raw, headerSize: headerSize)
      guard found == checksum else { throw .checksum(path: path, expected: checksum, found: found) }
    }
    guard table == tablesFingerprint else {
      throw .pinyinTable(path: path, expected: tablesFingerprint, found: table)
    }
    return header
  }

  /// The rest of the header: the configuration, the options, the counts and the record flags,
  /// each checked against what a build could have written (the configuration's caps bound what
  /// enumerating keys allocates).
  private static func readParameters(_ header: inout SnapshotReader) throws(SnapshotError) -> Header {
    let path = header.path
    let maxKeyLength = Int(try header.read(UInt32.self, "the maximum key length"))
    let maxKeysPerRecord = Int(try header.read(UInt32.self, "the keys per record"))
    let rareKeyLimit = Int(try header.read(UInt32.self, "the rare key limit"))
    let sections = try header.read(UInt32.self, "the section count")
    let recordCount = try header.read(UInt64.self, "the record count")
    let slotCount = try header.read(UInt64.self, "the slot count")
    let optionBits = try header.read(UInt32.self, "the search options")
    let maxMixedKeyLength = Int(try header.read(UInt32.self, "the maximum mixed key length"))
    let maxFuzzyKeyLength = Int(try header.read(UInt32.self, "the maximum fuzzy key length"))
    let recordFlags = try header.read(UInt32.self, "the record flags")
    guard recordFlags <= 1 else { throw .corrupt(path: path, reason: "unknown record flags \(recordFlags)") }
    guard sections == UInt32(sectionCount) else {
      throw .corrupt(path: path, reason: "\(sections) sections, expected \(sectionCount)")
    }
    for (value, range, name) in [
      (maxKeyLength, IndexConfiguration.validMaxKeyLengths, "the maximum key length"),
      (maxKeysPerRecord, IndexConfiguration.validMaxKeysPerRecord, "the maximum keys per record"),
      (rareKeyLimit, IndexConfiguration.validRareKeyLimits, "the rare key limit"),
      (maxMixedKeyLength, IndexConfiguration.validMaxKeyLengths, "the maximum mixed key length"),
      (maxFuzzyKeyLength, IndexConfiguration.validMaxKeyLengths, "the maximum fuzzy key length"),
    ] where !range.contains(value) {
      throw .corrupt(path: path, reason: "\(name) \(value) is outside \(range)")
    }
    guard let options = SnapshotOptionBits(rawValue: optionBits).options else {
      throw .corrupt(path: path, reason: "unknown search options \(optionBits)")
    }
    let configuration = IndexConfiguration(
      maxKeyLength: maxKeyLength, maxKeysPerRecord: maxKeysPerRecord, rareKeyLimit: rareKeyLimit,
      maxMixedKeyLength: maxMixedKeyLength, maxFuzzyKeyLength: maxFuzzyKeyLength)
    return Header(
      configuration: configuration, options: options, recordCount: recordCount, slotCount: slotCount,
      isInIDOrder: recordFlags & 1 != 0)
  }

  /// The sections of the record store's columns, the first after the header.
  private static func readRecordColumns(_ reader: inout SnapshotReader) throws(SnapshotError) -> RecordColumns {
    RecordColumns(
      slots: try reader.section(RecordStore.Slot.self, "the slots"),
      bytes: try reader.section(UInt8.self, "the texts"),
      units: try reader.section(PreparedUnit.self, "the units"),
      idBytes: try reader.section(UInt8.self, "the ids"),
      idEnds: try reader.section(UInt32.self, "the id ends"),
      ranks: try reader.section(Int64.self, "the ranks"),
      idTable: try reader.section(UInt32.self, "the id table"))
  }

  /// The sections of the key index, after the record store's: the records left out of it, the
  /// place order, and each bucket's table with its counts.
  private static func readIndexSections(_ reader: inout SnapshotReader) throws(SnapshotError) -> IndexSections {
    let overflow = try reader.section(UInt32.self, "the unindexed records").array.map { Int($0) }
    let slotsByPlace = try reader.section(UInt32.self, "the place order")
    let counts = try reader.section(UInt64.self, "the key and posting counts")
    guard counts.count == 2 * KeyBucket.count else {
      throw .corrupt(
        path: reader.path, reason: "\(counts.count) key and posting counts, expected \(2 * KeyBucket.count)")
    }
    var tables: [KeyTable] = []
    for bucket in 0..<KeyBucket.count {
      var table = KeyTable()
      table.slots = try reader.section(UInt32.self, "bucket \(bucket)'s slots")
      table.bytes = try reader.section(UInt8.self, "bucket \(bucket)'s keys and postings")
      table.keyCount = Int(clamping: counts[2 * bucket])
      table.postingCount = Int(clamping: counts[2 * bucket + 1])
      tables.append(table)
    }
    return IndexSections(overflow: overflow, slotsByPlace: slotsByPlace, tables: tables)
  }

  /// The record store of `columns`, validated, with as many slots and records as `header` says;
  /// `hasWellFormedUTF8` if its texts and ids will have been checked as UTF-8 before they are read.
  private static func recordStore(
    of columns: RecordColumns, header: Header, hasWellFormedUTF8: Bool, path: String
  ) throws(SnapshotError) -> RecordStore {
    let store: RecordStore
    do throws(SnapshotInconsistency) {
      store = try RecordStore(
        validating: columns.slots, bytes: columns.bytes, units: columns.units, idBytes: columns.idBytes,
        idEnds: columns.idEnds, ranks: columns.ranks, idTable: columns.idTable, isInIDOrder: header.isInIDOrder,
        hasWellFormedUTF8: hasWellFormedUTF8)
    } catch {
      throw .corrupt(path: path, reason: error.reason)
    }
    guard UInt64(store.slotCount) == header.slotCount else {
      throw .corrupt(path: path, reason: "\(store.slotCount) slots, the header says \(header.slotCount)")
    }
    guard store.count == header.recordCount else {
      throw .corrupt(path: path, reason: "\(store.count) records, the header says \(header.recordCount)")
    }
    return store
  }

  /// The key index of `sections` over `store`, validated against it.
  private static func keyIndex(
    of sections: IndexSections, for store: RecordStore, header: Header, path: String
  ) throws(SnapshotError) -> KeyIndex {
    let (configuration, options) = (header.configuration, header.options)
    let index = KeyIndex(
      tables: sections.tables, slotsByPlace: sections.slotsByPlace, overflow: sections.overflow,
      limits: KeyLimits(configuration: configuration, options: options), rareKeyLimit: configuration.rareKeyLimit,
      options: options)
    do throws(SnapshotInconsistency) {
      try index.validate(against: store)
    } catch {
      throw .corrupt(path: path, reason: error.reason)
    }
    return index
  }
}
