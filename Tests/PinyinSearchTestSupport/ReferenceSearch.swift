import PinyinSearch

/// A deliberately simple, brute-force implementation of Docs/Semantics.md, the oracle that the real engines are
/// compared with.
///
/// Written from the contract alone, sentence by sentence, with no shared code with the engines' matchers: units are
/// `Character`s, folded units are arrays of `Unicode.Scalar`, every start is tried, and every choice of spellings is
/// followed. Only the readings of a single Han scalar come from the library (`Pinyin.readings(of:)`); whether a unit
/// is Han is decided here from its scalars.
///
///     var reference = ReferenceSearch([Record(id: "1", text: "刘亦菲")])
///     reference.search("lyf", limit: 20, offset: 0)  // [SearchResult(id: "1", …, kind: .initials, range: 0..<3, …)]
///     ReferenceSearch.bestMatch(query: "an", text: "黄安")  // (.fullPinyin, 1..<2)
///
/// Slow on purpose: a search tries every start in every record, and sorts every match.
public struct ReferenceSearch: Sendable {
  /// The records in insertion order, each with its prepared units.
  private var entries: [(record: Record, units: [ReferenceUnit])] = []
  /// The options searches follow.
  public let options: SearchOptions

  /// Creates an empty reference searching with `options`.
  public init(options: SearchOptions = .default) {
    self.options = options
  }

  /// Creates a reference holding `records`; a later record replaces an earlier one with its id.
  public init(_ records: some Sequence<Record>, options: SearchOptions = .default) {
    self.options = options
    add(contentsOf: records)
  }

  /// The number of records.
  public var count: Int { entries.count }

  /// Adds `record`, or replaces the text and rank of the record whose id has the same UTF-8 bytes.
  ///
  /// - Returns: Whether a record with that id was replaced.
  @discardableResult
  public mutating func add(_ record: Record) -> Bool {
    let entry = (record: record, units: ReferenceUnit.units(of: record.text))
    if let index = index(ofID: record.id) {
      entries[index] = entry
      return true
    }
    entries.append(entry)
    return false
  }

  /// Adds every record of `records` in order, as `add(_:)` does.
  public mutating func add(contentsOf records: some Sequence<Record>) {
    for record in records { add(record) }
  }

  /// Removes the record whose id has the same UTF-8 bytes as `id`.
  ///
  /// - Returns: Whether there was such a record.
  @discardableResult
  public mutating func remove(id: String) -> Bool {
    guard let index = index(ofID: id) else { return false }
    entries.remove(at: index)
    return true
  }

  /// The results of `query` as Docs/Semantics.md defines them: every record's best match, fully sorted, then the slice
  /// of `limit` results from position `offset` on.
  ///
  /// - Parameters:
  ///   - query: The query as typed; it is trimmed and folded here.
  ///   - limit: The most results to return; zero or less returns none.
  ///   - offset: The number of results to skip; a negative offset counts as zero.
  /// - Returns: The page of results, best first.
  public func search(_ query: String, limit: Int = 20, offset: Int = 0) -> [SearchResult] {
    guard limit > 0, let prepared = ReferenceQuery(query, options: options) else { return [] }
    var results: [(result: SearchResult, rank: Int64, length: Int)] = []
    for entry in entries {
      guard let (kind, range) = prepared.bestMatch(in: entry.units) else { continue }
      let utf16Range = Self.utf16Range(of: range, in: entry.units)
      let result = SearchResult(
        id: entry.record.id, text: entry.record.text, kind: kind, range: range, utf16Range: utf16Range)
      results.append((result, entry.record.rank, entry.units.count))
    }
    results.sort {
      Self.precedes($0.result, rank: $0.rank, length: $0.length, $1.result, rank: $1.rank, length: $1.length)
    }
    return Array(results.map(\.result).dropFirst(max(offset, 0)).prefix(limit))
  }

  /// The best match of `query` in `text`: its kind and its unit range, or nil when it does not match.
  ///
  ///     ReferenceSearch.bestMatch(query: "nzg", text: "我 爱你 中   国")  // (.initials, 3..<10)
  public static func bestMatch(
    query: String, text: String, options: SearchOptions = .default
  ) -> (MatchKind, Range<Int>)? {
    guard let prepared = ReferenceQuery(query, options: options) else { return nil }
    return prepared.bestMatch(in: ReferenceUnit.units(of: text))
  }

  /// The best match of `query` in `text` under this reference's options, as the static
  /// `bestMatch(query:text:options:)`; the records play no part.
  public func bestMatch(query: String, text: String) -> (MatchKind, Range<Int>)? {
    Self.bestMatch(query: query, text: text, options: options)
  }

  private func index(ofID id: String) -> Int? {
    entries.firstIndex { $0.record.id.utf8.elementsEqual(id.utf8) }
  }

  /// The result order: kind, start, the record's rank (higher first), the text's length in units, then the id by
  /// UTF-8 bytes.
  static func precedes(
    _ a: SearchResult, rank aRank: Int64, length aLength: Int, _ b: SearchResult, rank bRank: Int64, length bLength: Int
  ) -> Bool {
    if a.kind != b.kind { return a.kind < b.kind }
    if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
    if aRank != bRank { return aRank > bRank }
    if aLength != bLength { return aLength < bLength }
    return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
  }

  static func utf16Range(of range: Range<Int>, in units: [ReferenceUnit]) -> Range<Int> {
    var start = 0
    for unit in units[..<range.lowerBound] { start += unit.character.utf16.count }
    var end = start
    for unit in units[range] { end += unit.character.utf16.count }
    return start..<end
  }
}

/// One unit (`Character`) of a text with everything the contract says about it.
final class ReferenceUnit: Sendable {
  /// The unit as written.
  let character: Character
  /// The folded unit: `String(character).lowercased()`, full-width U+FF01–FF5E to ASCII, U+3000 to U+0020.
  let folded: [Unicode.Scalar]
  /// `Character.isWhitespace`.
  let isWhitespace: Bool
  /// Whether the first scalar has readings and every further scalar is a variation selector.
  let isHan: Bool
  /// The readings for a Han unit, else the folded form alone.
  let spellings: [[Unicode.Scalar]]
  /// The first letters of the readings for a Han unit, else the folded form alone.
  let initials: [[Unicode.Scalar]]
  /// A folded digit `0`–`9`.
  let isDigit: Bool
  /// White space or one of `- . ( ) / +` after folding.
  let isSeparator: Bool

  init(_ character: Character) {
    self.character = character
    folded = Self.fold(character)
    isWhitespace = character.isWhitespace
    let scalars = Array(character.unicodeScalars)
    let readings = Pinyin.readings(of: Character(scalars[0]))
    isHan = !readings.isEmpty && scalars.dropFirst().allSatisfy(Self.isVariationSelector)
    if isHan {
      spellings = readings.map { Array($0.unicodeScalars) }
      initials = readings.map { [$0.unicodeScalars.first!] }
    } else {
      spellings = [folded]
      initials = [folded]
    }
    isDigit = folded.count == 1 && ("0"..."9").contains(folded[0])
    isSeparator = isWhitespace || (folded.count == 1 && "-.()/+".unicodeScalars.contains(folded[0]))
  }

  static func units(of text: String) -> [ReferenceUnit] {
    text.map { ReferenceUnit($0) }
  }

  static func fold(_ character: Character) -> [Unicode.Scalar] {
    String(character).lowercased().unicodeScalars.map { scalar in
      switch scalar.value {
      case 0xFF01...0xFF5E: Unicode.Scalar(scalar.value - 0xFF01 + 0x21)!
      case 0x3000: " "
      default: scalar
      }
    }
  }

  static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
    (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
  }
}

/// A trimmed, folded query.
struct ReferenceQuery {
  /// The units of the trimmed query, folded; white space included (for literal matching).
  var units: [ReferenceUnit]
  /// The digits of the query with its separators removed, when the phone rule applies to it: it has only digits
  /// and separators, and at least one digit.
  var phoneDigits: [[Unicode.Scalar]]?
  /// The scalars of the folded query without its white-space units (for the pinyin kinds).
  var pinyinScalars: [Unicode.Scalar]
  /// The options the query is matched under.
  var options: SearchOptions

  /// Nil when the query is empty after trimming.
  init?(_ query: String, options: SearchOptions) {
    self.options = options
    var characters = Array(query)
    while let first = characters.first, first.isWhitespace { characters.removeFirst() }
    while let last = characters.last, last.isWhitespace { characters.removeLast() }
    guard !characters.isEmpty else { return nil }
    units = characters.map { ReferenceUnit($0) }
    let digits = units.filter(\.isDigit).map(\.folded)
    let isPhone = units.allSatisfy { $0.isDigit || $0.isSeparator } && !digits.isEmpty
    phoneDigits = isPhone ? digits : nil
    pinyinScalars = units.filter { !$0.isWhitespace }.flatMap(\.folded)
  }

  /// The best kind, then the smallest start, then the smallest end.
  func bestMatch(in text: [ReferenceUnit]) -> (MatchKind, Range<Int>)? {
    if let range = plainLiteralMatch(in: text) ?? phoneMatch(in: text) { return (.literal, range) }
    if let range = pinyinMatch(in: text, way: .fullPinyin) { return (.fullPinyin, range) }
    if let range = pinyinMatch(in: text, way: .initials) { return (.initials, range) }
    if options.mixed, let range = pinyinMatch(in: text, way: .mixed) { return (.mixed, range) }
    return nil
  }

  /// The first `i` where the query's folded units equal the text's folded units `i ..< i+m`.
  func plainLiteralMatch(in text: [ReferenceUnit]) -> Range<Int>? {
    let m = units.count
    guard m <= text.count else { return nil }
    for i in 0...(text.count - m) {
      var k = 0
      while k < m && text[i + k].folded == units[k].folded { k += 1 }
      if k == m { return i..<(i + m) }
    }
    return nil
  }

  /// The phone rule: the query's digits against a run of the text's digits with separators between them, starting
  /// and ending at a digit. The first start wins; its end is then determined.
  func phoneMatch(in text: [ReferenceUnit]) -> Range<Int>? {
    guard let digits = phoneDigits else { return nil }
    for i in text.indices {
      var matched = 0
      var k = i
      while k < text.count {
        if text[k].isDigit {
          guard text[k].folded == digits[matched] else { break }
          matched += 1
          if matched == digits.count { return i..<(k + 1) }
        } else if !(text[k].isSeparator && matched > 0) {
          break
        }
        k += 1
      }
    }
    return nil
  }

  /// fullPinyin (spellings, the last Han unit possibly cut short), initials, or mixed (each Han unit a non-empty
  /// beginning of a spelling or the folded unit itself): for each non-white start `i` in order, follow every choice
  /// per non-white unit, tracking the query positions reached, and return the first unit `j` at which the whole
  /// query is typed.
  func pinyinMatch(in text: [ReferenceUnit], way: MatchKind) -> Range<Int>? {
    let query = pinyinScalars
    var positions: [Int] = []
    var next: [Int] = []
    for i in text.indices where !text[i].isWhitespace {
      positions.removeAll(keepingCapacity: true)
      positions.append(0)
      for j in i..<text.count where !text[j].isWhitespace {
        let choices = Self.pieces(of: text[j], way: way)
        next.removeAll(keepingCapacity: true)
        for position in positions {
          for choice in choices {
            // How many scalars of `choice` equal the query's from `position` on.
            var common = 0
            while common < choice.count && position + common < query.count
              && choice[common] == query[position + common]
            {
              common += 1
            }
            if common == choice.count {
              // The whole choice is typed.
              if position + common == query.count { return i..<(j + 1) }
              if !next.contains(position + common) { next.append(position + common) }
            } else if position + common == query.count && way == .fullPinyin && text[j].isHan {
              // The query ends inside this Han spelling: `p` is a non-empty prefix of it.
              return i..<(j + 1)
            }
          }
        }
        swap(&positions, &next)
        if positions.isEmpty { break }
      }
    }
    return nil
  }

  /// What `unit` may be typed as, whole, in a match of `way`: its spellings (full pinyin), its initials, or (mixed)
  /// every non-empty beginning of every spelling of a Han unit and the folded unit itself.
  static func pieces(of unit: ReferenceUnit, way: MatchKind) -> [[Unicode.Scalar]] {
    switch way {
    case .initials: return unit.initials
    case .mixed where unit.isHan:
      return unit.spellings.flatMap { spelling in (1...spelling.count).map { Array(spelling.prefix($0)) } }
        + [unit.folded]
    default: return unit.spellings
    }
  }
}
