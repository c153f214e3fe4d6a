/// The first place where a snapshot's stored data differs from what its records give, as
/// ``SnapshotValidation/complete`` finds it: the file is sound in structure, but it was not
/// written by this library from these records (or was edited since, its checksum recomputed).
public enum SnapshotDifference: Hashable, Sendable, CustomStringConvertible {
  /// The prepared form of a record (its folded bytes, unit ends, reading sets and classes) is
  /// not that of its text. `slot` is its place in the file, `id` its id.
  case preparedText(slot: Int, id: String)
  /// A record is listed among those the index leaves out (matched at every query) and should
  /// not be, or the other way round.
  case unindexedRecord(slot: Int, id: String)
  /// The records have this key (UTF-8 bytes; a phone-run key starts with the byte 0xFF), but the
  /// index does not hold it, or cannot find it.
  case missingKey([UInt8])
  /// The index holds this key, which its records do not give, or holds it twice.
  case extraKey([UInt8])
  /// The index's list of records for this key is not the records' list, in result order.
  case postings(key: [UInt8])

  /// What differs, in a phrase: `the postings of key "lyf" differ from the records'`.
  public var description: String {
    switch self {
    case .preparedText(let slot, let id):
      "the prepared text of record \(id) (slot \(slot)) is not that of its text"
    case .unindexedRecord(let slot, let id):
      "the unindexed records differ from the records' at record \(id) (slot \(slot))"
    case .missingKey(let key): "the index lacks \(Self.describe(key)), which its records have"
    case .extraKey(let key): "the index holds \(Self.describe(key)), which its records do not give"
    case .postings(let key): "the postings of \(Self.describe(key)) differ from the records'"
    }
  }

  /// `key "lyf"`, or `phone key "1380013"` for a key behind the phone marker.
  private static func describe(_ key: [UInt8]) -> String {
    if key.first == 0xFF { return "phone key \"\(String(decoding: key.dropFirst(), as: UTF8.self))\"" }
    return "key \"\(String(decoding: key, as: UTF8.self))\""
  }
}
