import PinyinSearch

/// A `SortedSetSource` held in memory: the sets as sorted arrays, the records by id.
///
/// What a `SortedSetIndex` needs of a store, and nothing more, so that its searches can be
/// compared with the scan's on thousands of queries in a test; the Redis tests run the same
/// comparison against a real cluster. It counts the calls made to it, each a round trip to a
/// real store.
public final class SortedSetMemory: SortedSetSource {
  /// The error of a store: a member that a `SortedSetIndex` did not write.
  public struct Failure: Error, Equatable {
    /// The member.
    public var member: [UInt8]
    /// The set that holds it.
    public var key: [UInt8]

    /// The error for `member` of the set `key`.
    public init(member: [UInt8], key: [UInt8]) {
      self.member = member
      self.key = key
    }
  }

  /// The members of each set, in byte order.
  public private(set) var sets: [[UInt8]: [[UInt8]]] = [:]
  /// The records, by id.
  public private(set) var records: [String: Record] = [:]
  /// The calls of `members(in:)` so far.
  public private(set) var memberCalls = 0
  /// The calls of `allRecords()` so far.
  public private(set) var scanCalls = 0

  /// A store holding `records` as `index` lays them out.
  public init(_ records: some Sequence<Record>, index: SortedSetIndex) {
    var unsorted: [[UInt8]: [[UInt8]]] = [:]
    for record in records {
      if let old = self.records[record.id] {
        for entry in index.entries(of: old) { unsorted[entry.key]?.removeAll { $0 == entry.member } }
      }
      self.records[record.id] = record
      for entry in index.entries(of: record) { unsorted[entry.key, default: []].append(entry.member) }
    }
    sets = unsorted.mapValues { $0.sorted { $0.lexicographicallyPrecedes($1) } }
  }

  /// Adds `member` to the set `key`, keeping it sorted (a member another program wrote).
  public func insert(_ member: [UInt8], inSet key: [UInt8]) {
    sets[key, default: []].append(member)
    sets[key]!.sort { $0.lexicographicallyPrecedes($1) }
  }

  public func members(in ranges: [SortedSetRange]) throws(Failure) -> [[[UInt8]]] {
    memberCalls += 1
    return ranges.map { range in
      let members = sets[range.key] ?? []
      let start = min(range.offset, members.count)
      return Array(members[start..<min(start + range.count, members.count)])
    }
  }

  public func allRecords() throws(Failure) -> [Record] {
    scanCalls += 1
    return Array(records.values)
  }

  public func invalidMember(_ member: [UInt8], inSet key: [UInt8]) -> Failure {
    Failure(member: member, key: key)
  }
}
