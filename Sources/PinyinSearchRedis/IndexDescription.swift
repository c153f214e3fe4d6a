import PinyinSearch

/// What an index in Redis was written for: its options and key configuration, stored at
/// `NS:meta`, so that a reader searches it the way it was written and refuses a namespace that
/// some other program, or other options, wrote.
///
/// The value is text, one field per line:
///
///     pinyin-search sorted-set index 4
///     mixed 0
///     fuzzy 0
///     traditional 0
///     keypad 0
///     maxKeyLength 16
///     maxKeysPerRecord 2048
///     maxMixedKeyLength 4
///     maxFuzzyKeyLength 8
///
/// An index written with a keyboard scheme (`SearchOptions.keyboard`) has one more line,
/// `keyboard xiaohe`; without one the description is byte for byte what it was before schemes,
/// and a version without them refuses one that has it (a line it does not know).
struct IndexDescription: Equatable {
  var options: SearchOptions
  var configuration: IndexConfiguration

  /// The version of the layout: 4 since a record holding a unit longer than a key is listed in
  /// that unit's set (`SortedSetIndex.longUnitKey(of:)`), which a query with the unit reads
  /// instead of every record; 3 since postings are kept in shards of small sorted sets and
  /// records in hashes (version 2 had a sorted set per key and a string per record; version 1's
  /// members held the record's id alone, and a search fetched the records).
  static let version = 4
  /// The first line, with the version of the layout.
  private static let header = headerPrefix + String(version)
  /// The first line without the version.
  private static let headerPrefix = "pinyin-search sorted-set index "

  /// The layout version of a description that another version of this library wrote (its
  /// first line), or nil when `bytes` are not one.
  static func otherVersion(in bytes: [UInt8]) -> String? {
    guard let line = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1).first,
      let text = String(validUTF8: line), text.hasPrefix(headerPrefix), text != header,
      text.count <= headerPrefix.count + 8
    else { return nil }
    return String(text.dropFirst(headerPrefix.count))
  }

  /// The description's bytes.
  var bytes: [UInt8] {
    let fields = [
      ("mixed", options.mixed ? 1 : 0), ("fuzzy", Int(options.fuzzy.rawValue)),
      ("traditional", options.traditional ? 1 : 0), ("keypad", options.keypad ? 1 : 0),
      ("maxKeyLength", configuration.maxKeyLength), ("maxKeysPerRecord", configuration.maxKeysPerRecord),
      ("maxMixedKeyLength", configuration.maxMixedKeyLength), ("maxFuzzyKeyLength", configuration.maxFuzzyKeyLength),
    ]
    let keyboard = options.keyboard.map { ["keyboard \($0)"] } ?? []
    let lines = [Self.header] + fields.map { "\($0.0) \($0.1)" } + keyboard
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  init(options: SearchOptions, configuration: IndexConfiguration) {
    self.options = options
    self.configuration = configuration
  }

  /// The description written as `bytes`, or nil when they are not one this version writes.
  init?(bytes: [UInt8]) {
    guard bytes.count <= 1024, let text = String(validUTF8: bytes) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 10 || lines.count == 11, lines[0] == Self.header, lines.last!.isEmpty else { return nil }
    var keyboard: Keyboard?
    if lines.count == 11 {
      guard lines[9].hasPrefix("keyboard "), let scheme = Keyboard(rawValue: String(lines[9].dropFirst(9))) else {
        return nil
      }
      keyboard = scheme
    }
    var values: [String: Int] = [:]
    for line in lines[1..<9] {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let value = Int(parts[1]), value >= 0 else { return nil }
      values[String(parts[0])] = value
    }
    guard let mixed = values["mixed"], let fuzzy = values["fuzzy"], let traditional = values["traditional"],
      let keypad = values["keypad"], let maxKeyLength = values["maxKeyLength"],
      let maxKeysPerRecord = values["maxKeysPerRecord"], let maxMixedKeyLength = values["maxMixedKeyLength"],
      let maxFuzzyKeyLength = values["maxFuzzyKeyLength"], mixed <= 1, traditional <= 1, keypad <= 1,
      fuzzy <= Int(FuzzyRules.all.rawValue), IndexConfiguration.validMaxKeyLengths.contains(maxKeyLength),
      IndexConfiguration.validMaxKeysPerRecord.contains(maxKeysPerRecord),
      IndexConfiguration.validMaxKeyLengths.contains(maxMixedKeyLength),
      IndexConfiguration.validMaxKeyLengths.contains(maxFuzzyKeyLength)
    else { return nil }
    options = SearchOptions(
      mixed: mixed == 1, fuzzy: FuzzyRules(rawValue: UInt16(fuzzy)), traditional: traditional == 1, keypad: keypad == 1,
      keyboard: keyboard)
    configuration = IndexConfiguration(
      maxKeyLength: maxKeyLength, maxKeysPerRecord: maxKeysPerRecord, maxMixedKeyLength: maxMixedKeyLength,
      maxFuzzyKeyLength: maxFuzzyKeyLength)
  }
}
