import Foundation
import PinyinSearch

/// The search of the article this project started from, ported faithfully: the baseline.
///
/// Each record is precomputed once, with Foundation strings:
/// - its text lowercased;
/// - its *full spelling*: one reading per character, the first of `Pinyin.readings(of:)`, and
///   every other character lowercased as itself (`刘亦菲` → `liuyifei`);
/// - its *initials*: the first letter of each of those (`lyf`);
/// - two *location arrays*: for each UTF-16 unit of the spelling and of the initials, the index
///   of the character it comes from (`[0, 0, 0, 1, 1, 2, 2, 2, 2]` and `[0, 1, 2]`).
///
/// A query, lowercased, is matched against every record in turn with `range(of:)`: first the
/// lowercased text (a literal match); else the spelling, accepted when that first occurrence
/// begins at a character (the location before it belongs to another character); else the
/// initials. Every match is collected, and the whole collection sorted by kind, start, text
/// length and id before the first `limit` are taken.
///
/// What the original gets wrong, by design, and the benchmark counts as differences from the
/// linear scan: only the first reading of a polyphone (`曾` is `ceng`, never `zeng`), only the
/// first occurrence of a spelling (`an` inside `huang` hides the `安` of `黄安`), white space
/// typed as is instead of skipped, and no trimming or full-width folding of the query.
///
/// - Complexity: Preparation O(n) in the total length of the texts; a search O(n) `range(of:)`
///   calls plus O(r log r) to sort r matches.
struct OriginalEngine: SearchEngine {
  /// One record and its precomputation.
  private struct Entry {
    var id: String
    var text: String
    var characterCount: Int
    var lowercasedText: String
    var spelling: String
    var spellingLocations: [Int]
    var initials: String
    var initialLocations: [Int]

    init(_ record: Record) {
      id = record.id
      text = record.text
      characterCount = record.text.count
      lowercasedText = ""
      spelling = ""
      spellingLocations = []
      initials = ""
      initialLocations = []
      for (index, character) in record.text.enumerated() {
        let lowercased = character.lowercased()
        lowercasedText += lowercased
        if let reading = Pinyin.readings(of: character).first {
          spelling += reading
          spellingLocations += repeatElement(index, count: reading.utf16.count)
          initials += String(reading.first!)
          initialLocations.append(index)
        } else {
          spelling += lowercased
          spellingLocations += repeatElement(index, count: lowercased.utf16.count)
          initials += lowercased
          initialLocations += repeatElement(index, count: lowercased.utf16.count)
        }
      }
    }

    /// The record's match for the lowercased `query`: literal, else full spelling, else initials.
    func match(_ query: String) -> (kind: MatchKind, range: Range<Int>)? {
      if let found = lowercasedText.range(of: query) {
        let start = lowercasedText.distance(from: lowercasedText.startIndex, to: found.lowerBound)
        return (.literal, start..<start + lowercasedText.distance(from: found.lowerBound, to: found.upperBound))
      }
      if let found = spelling.range(of: query) {
        let first = found.lowerBound.utf16Offset(in: spelling)
        let last = found.upperBound.utf16Offset(in: spelling) - 1
        if first == 0 || spellingLocations[first - 1] != spellingLocations[first] {
          return (.fullPinyin, spellingLocations[first]..<spellingLocations[last] + 1)
        }
      }
      if let found = initials.range(of: query) {
        let first = found.lowerBound.utf16Offset(in: initials)
        let last = found.upperBound.utf16Offset(in: initials) - 1
        return (.initials, initialLocations[first]..<initialLocations[last] + 1)
      }
      return nil
    }
  }

  /// One match found by a search, before sorting.
  private struct Found {
    var kind: MatchKind
    var range: Range<Int>
    var entry: Int
  }

  private var entries: [Entry] = []

  /// Precomputes `records`; a later record replaces an earlier one with its id.
  init(_ records: [Record]) {
    var entryOfID: [String: Int] = [:]
    entries.reserveCapacity(records.count)
    for record in records {
      if let index = entryOfID[record.id] {
        entries[index] = Entry(record)
      } else {
        entryOfID[record.id] = entries.count
        entries.append(Entry(record))
      }
    }
  }

  /// The number of records.
  var count: Int { entries.count }

  /// The bytes of the precomputed strings and location arrays, without allocator overhead.
  var byteCount: Int {
    entries.reduce(MemoryLayout<Entry>.stride * entries.capacity) { total, entry in
      total + entry.lowercasedText.utf8.count + entry.spelling.utf8.count + entry.initials.utf8.count
        + MemoryLayout<Int>.stride * (entry.spellingLocations.capacity + entry.initialLocations.capacity)
    }
  }

  /// The matches of `query` from position `offset` on, at most `limit` of them, in the order of
  /// Docs/Semantics.md, after a full sort of every match.
  func search(_ query: String, limit: Int, offset: Int) -> [SearchResult] {
    let query = query.lowercased()
    guard !query.isEmpty else { return [] }
    var found: [Found] = []
    for (index, entry) in entries.enumerated() {
      if let match = entry.match(query) {
        found.append(Found(kind: match.kind, range: match.range, entry: index))
      }
    }
    found.sort { left, right in
      if left.kind != right.kind { return left.kind < right.kind }
      if left.range.lowerBound != right.range.lowerBound { return left.range.lowerBound < right.range.lowerBound }
      let leftEntry = entries[left.entry]
      let rightEntry = entries[right.entry]
      if leftEntry.characterCount != rightEntry.characterCount {
        return leftEntry.characterCount < rightEntry.characterCount
      }
      return leftEntry.id < rightEntry.id
    }
    return found.dropFirst(max(offset, 0)).prefix(max(limit, 0)).map { match in
      let entry = entries[match.entry]
      return SearchResult(
        id: entry.id, text: entry.text, kind: match.kind, range: match.range,
        utf16Range: Self.utf16Range(of: match.range, in: entry.text))
    }
  }

  /// `range`, in characters of `text`, in UTF-16 code units.
  private static func utf16Range(of range: Range<Int>, in text: String) -> Range<Int> {
    var start = 0
    var end = 0
    for (index, character) in text.enumerated() {
      if index >= range.upperBound { break }
      let length = character.utf16.count
      if index < range.lowerBound { start += length }
      end += length
    }
    return start..<end
  }
}
