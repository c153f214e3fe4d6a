/// The key index laid out as sorted sets, for a store that many processes or machines share
/// (Redis Cluster: the `PinyinSearchRedis` library).
///
/// Every key of a record (the queries that match it, as `HashIndexEngine` enumerates them) is
/// the name of a set, and the record is a member of it: bytes whose order is result order —
/// the record's best match for the key (kind, exact before fuzzy, start), its rank and its
/// length — followed by its id and its text. A set's members in byte order are therefore its
/// records in result order, and a query's answer is the front of its own set.
/// `search(_:limit:offset:in:)` reads that front, a page at a time, and matches the records it
/// names (which gives the highlight, and the order of any record whose member only bounds its
/// match): one round trip to the store for most queries.
///
///     let index = SortedSetIndex()
///     for entry in index.entries(of: Record(id: "7", text: "刘亦菲")) {
///       // ZADD <namespace>:k:<entry.key> 0 <entry.member>
///     }
///
/// Unlike `HashIndexEngine`, every key is kept, even one whose shorter beginning has few
/// records (`IndexConfiguration.rareKeyLimit` does not apply): a record's sets then depend on
/// its text and rank alone, so that adding, changing or removing one record writes its own
/// members and no others. The limits that do apply are the maximum key lengths and the cap on a
/// record's keys; a record over the cap is listed in the set `unindexedKey` and matched at every
/// search.
public struct SortedSetIndex: Sendable {
  /// The kinds of input the index understands beyond the original three.
  public let options: SearchOptions
  /// The key lengths and the cap on keys per record.
  public let configuration: IndexConfiguration
  /// The lengths of the keys, and the cap on a record's keys, as `options` and
  /// `configuration` decide them.
  let limits: KeyLimits

  /// The set that lists the records matched at every search (those with more keys than the
  /// cap), each as the first member any of its sets could hold.
  public static let unindexedKey: [UInt8] = [0xFE]

  /// The byte that begins the key of a long unit's set (`longUnitKey(of:)`): 0xFD never occurs
  /// in UTF-8, so no search key begins with it.
  static let longUnitMarker: UInt8 = 0xFD

  /// The set that lists the records holding `unit`, a unit longer than a key (`👨‍👩‍👧`, 18
  /// bytes), each as the first member any of its sets could hold: the marker and the unit's
  /// `KeyHash`, so that a unit of any length has a key of 9 bytes. A query with such a unit
  /// reads this set whole, where it would read every record (two units of one hash share a
  /// set, whose other records the matcher turns away).
  static func longUnitKey(of unit: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    let hash = KeyHash.hash(unit)
    return [longUnitMarker] + (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * $0)) }
  }

  /// Whether the members of the set `key` are all written by `SortedSetMember.first(id:rank:text:)`
  /// (its rank after the id): the unindexed records' set and the long units' sets.
  package static func holdsFirstMembers(_ key: [UInt8]) -> Bool {
    key == unindexedKey || (key.count == 9 && key[0] == longUnitMarker)
  }

  /// An index for searches with `options`, whose keys follow `configuration`.
  public init(options: SearchOptions = .default, configuration: IndexConfiguration = IndexConfiguration()) {
    self.options = options
    self.configuration = configuration
    limits = KeyLimits(configuration: configuration, options: options)
    SpellingTables.prepare(for: options)
  }

  /// The members a store holds for `record`: one per key and one per distinct unit longer than
  /// a key (`longUnitKey(of:)`), or only one in `unindexedKey` when the record has more keys
  /// than `IndexConfiguration.maxKeysPerRecord` allows (or a text of 32,768 units or more).
  ///
  /// The same record gives the same entries under the same options and configuration, so that
  /// an update can remove exactly those of the record's old text.
  ///
  /// - Complexity: O(k) for k keys offered, at most about 33,000 (see `IndexConfiguration`).
  public func entries(of record: Record) -> [SortedSetEntry] {
    var enumerator = KeyEnumerator(limits: limits, options: options)
    let prepared = PreparedText(record.text)
    let length = prepared.units.count
    let id = Array(record.id.utf8)
    let text = Array(record.text.utf8)
    let isIndexed = length < 1 << 15 && prepared.withView { enumerator.enumerate($0) }
    guard isIndexed else {
      return [
        SortedSetEntry(key: Self.unindexedKey, member: SortedSetMember.first(id: id, rank: record.rank, text: text))
      ]
    }
    var entries: [SortedSetEntry] = []
    entries.reserveCapacity(enumerator.keys.count)
    enumerator.keys.forEachKey { key, _, best in
      let member = SortedSetMember.make(
        kind: best.kind, isFuzzy: best.isFuzzy, start: Int(best.start), rank: record.rank, length: length, id: id,
        text: text)
      entries.append(SortedSetEntry(key: Array(key), member: member))
    }
    // Each distinct long unit once, in text order: a set, as a text may hold thousands.
    var longUnitKeys: Set<[UInt8]> = []
    prepared.withView { view in
      LongUnits.forEachLongUnit(of: view, longerThan: limits.maxKeyLength) { unit in
        let key = Self.longUnitKey(of: unit)
        if longUnitKeys.insert(key).inserted {
          entries.append(SortedSetEntry(key: key, member: SortedSetMember.first(id: id, rank: record.rank, text: text)))
        }
      }
    }
    return entries
  }
}
