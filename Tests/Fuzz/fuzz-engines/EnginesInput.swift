import FuzzSupport
import PinyinSearch

/// One input of `fuzz-engines`: an index configuration, records, queries and changes, read from
/// bytes so that every input means something.
///
/// The bytes are, in order (a missing part takes its default; texts are `FuzzText`'s code):
///
/// - three configuration bytes: `maxKeyLength` 1 + b % 24 and `maxMixedKeyLength`
///   1 + (b >> 5) % 6, `maxKeysPerRecord` 1 + b % 64 (2,048 from 0xC0), `rareKeyLimit`
///   b % 20 and mixed input when b ≥ 0x80;
/// - records, each ended by 0x0A, the last by 0x00: `id 0x09 text`, or a text alone with the
///   id `r` + its number (an empty one is no record); a record's rank is −1, 0 or 1 by the
///   length of its id (`rank(ofID:)`), so that ranks order some ties;
/// - queries, each ended by 0x0A, the last by 0x00 (0x00 in place of a query ends them too): a
///   limit byte, an offset byte (`limit(_:)` and `offset(_:)`), and the query's text, in which
///   0x05 and five bytes are a spelling of a record: the first byte chooses the record, the
///   others the spelling (`Spelling`);
/// - changes, each ended by 0x0A: `id 0x09 text` adds or replaces that record; a text alone
///   removes the record it names (an empty one is no change).
struct EnginesInput {
  /// A query and the page of results it asks for.
  struct Query {
    var text: String
    var limit: Int
    var offset: Int
  }

  /// A change of the records.
  enum Change {
    case add(Record)
    case remove(id: String)
  }

  var configuration = IndexConfiguration()
  var options = SearchOptions.default
  var records: [Record] = []
  var queries: [Query] = []
  var changes: [Change] = []

  /// The input that `bytes` write.
  init(decoding bytes: some Collection<UInt8>) {
    var reader = FuzzReader(bytes)
    let configuration = (reader.byte(), reader.byte(), reader.byte())
    if reader.bytes.count >= 3 {
      self.configuration = IndexConfiguration(
        maxKeyLength: 1 + Int(configuration.0) % 24,
        maxKeysPerRecord: configuration.1 >= 0xC0 ? 2048 : 1 + Int(configuration.1) % 64,
        rareKeyLimit: Int(configuration.2) % 20, maxMixedKeyLength: 1 + Int(configuration.0 >> 5) % 6)
      options = SearchOptions(mixed: configuration.2 >= 0x80)
    }
    while true {
      let (id, text, end) = Self.record(from: &reader)
      if id != nil || !text.isEmpty {
        let id = id ?? "r\(records.count)"
        records.append(Record(id: id, text: text, rank: Self.rank(ofID: id)))
      }
      if end != Self.next { break }
    }
    let spell = { [records] (choice: ArraySlice<UInt8>) -> String in
      guard let record = choice.first, !records.isEmpty else { return "" }
      return Spelling.query(from: records[Int(record) % records.count].text, choice.dropFirst())
    }
    while !reader.isAtEnd && !reader.skip(Self.endOfSection) {
      let limit = Self.limit(reader.byte())
      let offset = Self.offset(reader.byte())
      let (text, end) = reader.text(until: [Self.next, Self.endOfSection], spelling: spell)
      queries.append(Query(text: text, limit: limit, offset: offset))
      if end != Self.next { break }
    }
    while !reader.isAtEnd {
      let (id, text, _) = Self.record(from: &reader)
      if let id {
        changes.append(.add(Record(id: id, text: text, rank: Self.rank(ofID: id))))
      } else if !text.isEmpty {
        changes.append(.remove(id: text))
      }
    }
  }

  /// An input with these parts, to be encoded as a seed.
  init(
    configuration: IndexConfiguration, options: SearchOptions = .default, records: [Record], queries: [Query],
    changes: [Change]
  ) {
    self.configuration = configuration
    self.options = options
    self.records = records
    self.queries = queries
    self.changes = changes
  }

  /// Bytes that decode to this input; queries are written as plain text (no spellings), and a
  /// limit or offset that no byte gives becomes the nearest one that does.
  var encoded: [UInt8] {
    // Key lengths 1...24 and mixed key lengths 1...6 share the first byte: 24 + k in the high bits.
    let mixedLength = UInt8(min(max(configuration.maxMixedKeyLength, 1), 6) - 1)
    var bytes: [UInt8] = [
      mixedLength << 5 | UInt8(min(configuration.maxKeyLength, 24) - 1),
      configuration.maxKeysPerRecord > 64 ? 0xFF : UInt8(0x40 + configuration.maxKeysPerRecord - 1),
      (options.mixed ? 0x80 : 0) | UInt8(0x28 + min(configuration.rareKeyLimit, 19)),
    ]
    for (number, record) in records.enumerated() {
      bytes += FuzzText.encode(record.id) + [Self.idEnd] + FuzzText.encode(record.text)
      bytes.append(number == records.count - 1 ? Self.endOfSection : Self.next)
    }
    if records.isEmpty { bytes.append(Self.endOfSection) }
    // A limit of 0 would be the byte that ends the queries; −1 means the same.
    for (number, query) in queries.enumerated() {
      bytes.append(
        query.limit == Int.max ? 0xFF : query.limit > 63 ? 0x80 : query.limit <= 0 ? 0xF0 : UInt8(query.limit))
      bytes.append(query.offset == Int.max ? 0xFF : query.offset < 0 ? 0xF0 : UInt8(min(query.offset, 63)))
      bytes += FuzzText.encode(query.text)
      bytes.append(number == queries.count - 1 ? Self.endOfSection : Self.next)
    }
    if queries.isEmpty && !changes.isEmpty { bytes.append(Self.endOfSection) }
    for (number, change) in changes.enumerated() {
      switch change {
      case .add(let record): bytes += FuzzText.encode(record.id) + [Self.idEnd] + FuzzText.encode(record.text)
      case .remove(let id): bytes += FuzzText.encode(id)
      }
      if number < changes.count - 1 { bytes.append(Self.next) }
    }
    return bytes
  }

  /// The rank of the record with `id`: −1, 0 or 1 by the number of its UTF-8 bytes.
  static func rank(ofID id: String) -> Int64 {
    Int64(id.utf8.count % 3) - 1
  }

  /// Ends a record, query or change that another follows.
  static let next: UInt8 = 0x0A
  /// Ends the records, or the queries.
  static let endOfSection: UInt8 = 0x00
  /// Ends a record's id.
  static let idEnd: UInt8 = 0x09

  /// A limit byte's limit: below 0x40 itself (0x00 is read as the end of the queries instead),
  /// up to 0xEF 1,000 (every result of a fuzz input), then −1 down to −15, and `Int.max` for
  /// 0xFF.
  static func limit(_ byte: UInt8) -> Int {
    switch byte {
    case ..<0x40: Int(byte)
    case ..<0xF0: 1000
    case ..<0xFF: 0xEF - Int(byte)
    default: Int.max
    }
  }

  /// An offset byte's offset: below 0x40 itself, up to 0xEF 0, then −1 down to −15, and
  /// `Int.max` for 0xFF.
  static func offset(_ byte: UInt8) -> Int {
    switch byte {
    case ..<0x40: Int(byte)
    case ..<0xF0: 0
    case ..<0xFF: 0xEF - Int(byte)
    default: Int.max
    }
  }

  /// A record or change: its id if it has one, its text, and what ended it.
  private static func record(from reader: inout FuzzReader) -> (id: String?, text: String, end: UInt8?) {
    let first = reader.text(until: [idEnd, next, endOfSection])
    guard first.terminator == idEnd else { return (nil, first.text, first.terminator) }
    let text = reader.text(until: [next, endOfSection])
    return (first.text, text.text, text.terminator)
  }
}
