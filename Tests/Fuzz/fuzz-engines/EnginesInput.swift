import FuzzSupport
import PinyinSearch

/// One input of `fuzz-engines`: an index configuration, search options, records, queries and
/// changes, read from bytes so that every input means something.
///
/// The bytes are, in order (a missing part takes its default; texts are `FuzzText`'s code):
///
/// - three configuration bytes: `maxKeyLength` 1 + b % 24 and `maxMixedKeyLength`
///   1 + (b >> 5) % 6, `maxKeysPerRecord` 1 + b % 64 (2,048 from 0xC0), `rareKeyLimit`
///   b % 20 and mixed input when b ≥ 0x80 (an input shorter than three bytes has the default
///   configuration and no options);
/// - three option bytes: the first has `maxFuzzyKeyLength` 1 + (b & 15) (1 to 16) in bits 0–3,
///   the fuzzy rules in bits 4–5 (0 none, 1 every rule, 2 and 3 the rules of the next two
///   bytes), `traditional` in bit 6 and `keypad` in bit 7; the next two bytes, little-endian,
///   are `FuzzyRules(rawValue:)` (bits 12–15 are ignored), read whatever bits 4–5 say;
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
    let optionByte = reader.byte()
    let rules = FuzzyRules(rawValue: UInt16(reader.byte()) | UInt16(reader.byte()) << 8)
    if reader.bytes.count >= 3 {
      self.configuration = IndexConfiguration(
        maxKeyLength: 1 + Int(configuration.0) % 24,
        maxKeysPerRecord: configuration.1 >= 0xC0 ? 2048 : 1 + Int(configuration.1) % 64,
        rareKeyLimit: Int(configuration.2) % 20, maxMixedKeyLength: 1 + Int(configuration.0 >> 5) % 6,
        maxFuzzyKeyLength: reader.bytes.count >= 4 ? 1 + Int(optionByte & 15) : 8)
      let fuzzy: FuzzyRules =
        switch optionByte >> 4 & 3 {
        case 0: []
        case 1: .all
        default: rules
        }
      options = SearchOptions(
        mixed: configuration.2 >= 0x80, fuzzy: fuzzy, traditional: optionByte & 0x40 != 0,
        keypad: optionByte & 0x80 != 0)
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
    // Key lengths 1...24 and mixed key lengths 1...6 share the first byte: the mixed length in
    // the high three bits h, and low bits that make the byte, 32h + low, give the key length
    // modulo 24 (32h is 8h modulo 24, and 0...23 reach every remainder).
    let mixedLength = min(max(configuration.maxMixedKeyLength, 1), 6) - 1
    let keyLength = min(configuration.maxKeyLength, 24) - 1
    let low = ((keyLength - 8 * mixedLength) % 24 + 24) % 24
    // Rare key limits 0...19 share the third byte with mixed input, on from 0x80: 140 and 40
    // are multiples of 20.
    let rareKeyLimit = min(configuration.rareKeyLimit, 19)
    var bytes: [UInt8] = [
      UInt8(32 * mixedLength + low),
      configuration.maxKeysPerRecord > 64 ? 0xFF : UInt8(0x40 + configuration.maxKeysPerRecord - 1),
      UInt8((options.mixed ? 140 : 40) + rareKeyLimit),
    ]
    // Fuzzy key lengths 1...16; every rule and no rule have their own bits, other sets of rules
    // follow in two bytes.
    let fuzzyMode: UInt8 = options.fuzzy.isEmpty ? 0 : options.fuzzy == .all ? 1 : 2
    bytes.append(
      (options.keypad ? 0x80 : 0) | (options.traditional ? 0x40 : 0) | fuzzyMode << 4
        | UInt8(min(max(configuration.maxFuzzyKeyLength, 1), 16) - 1))
    let rules = fuzzyMode == 2 ? options.fuzzy.rawValue : 0
    bytes += [UInt8(truncatingIfNeeded: rules), UInt8(truncatingIfNeeded: rules >> 8)]
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
