/// The on-disk form of an indexed store (see Docs/SnapshotFormat.md): records, their
/// precomputation, and the 37 key tables, as little-endian arrays after a checked header.
enum Snapshot {
  /// The first eight bytes of every snapshot.
  static let magic = Array("PYSEARCH".utf8)
  /// The format this library writes and reads: 4 since postings are runs of places.
  static let formatVersion: UInt32 = 6

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
}
