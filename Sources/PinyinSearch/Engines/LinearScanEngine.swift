/// A search engine that answers every query by matching every record.
///
/// Records are searchable as soon as they are added: adding one prepares its text once (folded
/// bytes and readings per unit), and a search runs the matcher over all records in their flat
/// storage, keeping only the best `offset + limit` matches.
///
///     var engine = LinearScanEngine()
///     engine.add(Record(id: "1", text: "刘亦菲"))
///     engine.add(Record(id: "2", text: "西安"))
///     engine.search("lyf").map(\.text)   // ["刘亦菲"]
///     engine.search("xian").map(\.kind)  // [.fullPinyin]
///
/// A value type: copies are independent, and a copy can be searched from any thread.
public struct LinearScanEngine: Sendable {
  private(set) var store = RecordStore()
  /// The kinds of input the engine understands beyond the original three.
  public let options: SearchOptions

  /// Creates an empty engine that searches with `options`.
  public init(options: SearchOptions = .default) {
    self.options = options
    SpellingTables.prepare(for: options)
  }

  /// Creates an engine holding `records` that searches with `options`; a later record replaces
  /// an earlier one with its id.
  public init(_ records: some Sequence<Record>, options: SearchOptions = .default) {
    self.options = options
    SpellingTables.prepare(for: options)
    add(contentsOf: records)
  }

  /// An engine searching the records of `store` with `options`.
  init(store: RecordStore, options: SearchOptions) {
    self.store = store
    self.options = options
    SpellingTables.prepare(for: options)
  }

  /// The number of records.
  public var count: Int { store.count }

  /// Adds `record`, or replaces the text of the record with the same id.
  ///
  /// - Returns: Whether a record with that id was replaced.
  /// - Complexity: O(n) in the length of the text.
  @discardableResult
  public mutating func add(_ record: Record) -> Bool {
    store.add(record)
  }

  /// Adds every record of `records` in order, as `add(_:)` does.
  ///
  /// - Complexity: O(n) in the total length of the texts.
  public mutating func add(contentsOf records: some Sequence<Record>) {
    for record in records { store.add(record) }
  }

  /// Removes the record with `id`.
  ///
  /// - Returns: Whether there was such a record.
  /// - Complexity: Amortized O(1): the record's slot is marked free, and the storage is
  ///   compacted (O(n) in the records' total size) once free slots outnumber live ones.
  @discardableResult
  public mutating func remove(id: String) -> Bool {
    store.remove(id: id)
  }

  /// The records matching `query`, best first, from position `offset` on, at most `limit` of them.
  ///
  /// Order and ranges are those of Docs/Semantics.md: literal matches, then full pinyin, then
  /// initials; then the match's start, the text's length and the id. An empty or all-white-space
  /// query, a `limit` of zero or less and an `offset` past the last match give no results; a
  /// negative `offset` counts as zero.
  ///
  ///     engine.search("zhang", limit: 20, offset: 20)  // the second page
  ///
  /// - Complexity: O(n·m) for n records of m units, plus O(r log(offset + limit)) for r matches.
  public func search(_ query: String, limit: Int = 20, offset: Int = 0) -> [SearchResult] {
    search(query, limit: limit, offset: offset, with: options)
  }

  /// The records matching `query` under `options`, a subset of the engine's (nil: the engine's
  /// own), best first, from position `offset` on, at most `limit` of them.
  ///
  /// - Throws: `SearchOptionsError` when `options` asks for one the engine was not built with.
  public func search(
    _ query: String, limit: Int = 20, offset: Int = 0, options: SearchOptions?
  ) throws(SearchOptionsError) -> [SearchResult] {
    search(query, limit: limit, offset: offset, with: try self.options.resolving(options))
  }

  /// `search(_:limit:offset:)` with `options`, a subset of the engine's.
  private func search(_ query: String, limit: Int, offset: Int, with options: SearchOptions) -> [SearchResult] {
    MatchCollector.search(query, limit: limit, offset: offset, in: [store], options: options) { collector, _ in
      collector.scan(store)
    }
  }
}
