/// The on-disk form of an indexed store (see Docs/SnapshotFormat.md): records, their
/// precomputation, and the 37 key tables, as little-endian arrays after a checked header.
enum Snapshot {
  /// The first eight bytes of every snapshot.
  static let magic = Array("PYSEARCH".utf8)
  /// The format this library writes and reads: 4 since postings are runs of places.
  static let formatVersion: UInt32 = 5

  /// The fingerprint of the Unihan data an index depends on: the pinyin table's, combined with
  /// the simplified folding map's (keys of `SearchOptions.traditional` are folded with it).
  static let tablesFingerprint = PinyinTable.fingerprint ^ (SimplifiedFolding.fingerprint &* 0x9E37_79B9_7F4A_7C15)
  /// The size of the header in bytes.
  static let headerSize = 88

  /// The number of sections after the header.
  static let sectionCount = 10 + 2 * KeyBucket.count

  /// The bytes of a snapshot of `indexed`, built with `configuration` for `options`.
  static func encode(_ indexed: IndexedStore, configuration: IndexConfiguration, options: SearchOptions) -> [UInt8] {
    let store = indexed.store
    var writer = SnapshotWriter()
    for byte in magic { writer.append(byte) }
    writer.append(formatVersion)
    writer.append(UInt32(headerSize))
    writer.append(UInt64(0))  // file length, set below
    writer.append(UInt64(0))  // checksum, set below
    writer.append(tablesFingerprint)
    writer.append(UInt32(configuration.maxKeyLength))
    writer.append(UInt32(configuration.maxKeysPerRecord))
    writer.append(UInt32(configuration.rareKeyLimit))
    writer.append(UInt32(sectionCount))
    writer.append(UInt64(store.count))
    writer.append(UInt64(store.slots.count))
    writer.append(SnapshotOptionBits(options).rawValue)
    writer.append(UInt32(configuration.maxMixedKeyLength))
    writer.append(UInt32(configuration.maxFuzzyKeyLength))
    writer.append(UInt32(store.isInIDOrder ? 1 : 0))  // record flags
    precondition(writer.bytes.count == headerSize, "the header has its declared size")

    writer.appendSection(store.slots)
    writer.appendSection(store.bytes)
    writer.appendSection(store.units)
    writer.appendSection(store.idBytes)
    writer.appendSection(store.idEnds)
    writer.appendSection(store.ranks)
    writer.appendSection(store.idTable)
    writer.appendSection(FlatArray(indexed.index.overflow.map { UInt32($0) }))
    writer.appendSection(indexed.index.slotsByPlace)
    writer.appendSection(FlatArray(indexed.index.tables.flatMap { [UInt64($0.keyCount), UInt64($0.postingCount)] }))
    for table in indexed.index.tables {
      writer.appendSection(table.slots)
      writer.appendSection(table.bytes)
    }
    writer.overwrite(UInt64(writer.bytes.count), at: 16)
    let checksum = writer.bytes.withUnsafeBytes { SnapshotChecksum.of(snapshot: $0, headerSize: headerSize) }
    writer.overwrite(checksum, at: 24)
    return writer.bytes
  }

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
    let (indexed, configuration, options) = try decode(bytes, path: path, validation: validation, checked: ())
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

  /// The first difference between what `indexed` stores and what its records give: each
  /// record's preparation of its text, then the index built again with `configuration` for
  /// `options`.
  static func firstDifference(
    of indexed: IndexedStore, configuration: IndexConfiguration, options: SearchOptions
  ) -> SnapshotDifference? {
    if let difference = indexed.store.firstPreparationDifference() { return difference }
    let rebuilt = KeyIndex(store: indexed.store, configuration: configuration, options: options)
    return indexed.index.firstDifference(from: rebuilt, in: indexed.store)
  }

  private static func decode(
    _ file: MappedBytes, path: String, validation: SnapshotValidation, checked: Void
  ) throws(SnapshotError) -> (IndexedStore, IndexConfiguration, SearchOptions) {
    let raw = file.bytes
    do {
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
      guard recordFlags <= 1 else {
        throw .corrupt(path: path, reason: "unknown record flags \(recordFlags)")
      }
      guard sections == UInt32(sectionCount) else {
        throw .corrupt(path: path, reason: "\(sections) sections, expected \(sectionCount)")
      }
      // What a build could not have used: the caps bound what enumerating keys allocates.
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

      var reader = SnapshotReader(file, path: path, offset: headerSize)
      let slots = try reader.section(RecordStore.Slot.self, "the slots")
      let bytes = try reader.section(UInt8.self, "the texts")
      let units = try reader.section(PreparedUnit.self, "the units")
      let idBytes = try reader.section(UInt8.self, "the ids")
      let idEnds = try reader.section(UInt32.self, "the id ends")
      let ranks = try reader.section(Int64.self, "the ranks")
      let idTable = try reader.section(UInt32.self, "the id table")
      let overflow = try reader.section(UInt32.self, "the unindexed records").array.map { Int($0) }
      let slotsByPlace = try reader.section(UInt32.self, "the place order")
      let counts = try reader.section(UInt64.self, "the key and posting counts")
      guard counts.count == 2 * KeyBucket.count else {
        throw .corrupt(path: path, reason: "\(counts.count) key and posting counts, expected \(2 * KeyBucket.count)")
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
      guard reader.offset == raw.count else { throw .corrupt(path: path, reason: "bytes after the last section") }

      let store: RecordStore
      do throws(SnapshotInconsistency) {
        store = try RecordStore(
          validating: slots, bytes: bytes, units: units, idBytes: idBytes, idEnds: idEnds, ranks: ranks,
          idTable: idTable, isInIDOrder: recordFlags & 1 != 0)
      } catch {
        throw .corrupt(path: path, reason: error.reason)
      }
      guard UInt64(store.slotCount) == slotCount else {
        throw .corrupt(path: path, reason: "\(store.slotCount) slots, the header says \(slotCount)")
      }
      guard store.count == recordCount else {
        throw .corrupt(path: path, reason: "\(store.count) records, the header says \(recordCount)")
      }
      let index = KeyIndex(
        tables: tables, slotsByPlace: slotsByPlace, overflow: overflow,
        limits: KeyLimits(configuration: configuration, options: options), rareKeyLimit: rareKeyLimit,
        options: options)
      do throws(SnapshotInconsistency) {
        try index.validate(against: store)
      } catch {
        throw .corrupt(path: path, reason: error.reason)
      }
      return (IndexedStore(store: store, index: index), configuration, options)
    }
  }
}
