/// A searchable record: a unique id, the text that is searched, and a rank that orders records
/// otherwise equal.
///
///     let record = Record(id: "c42", text: "刘亦菲", rank: 3)  // used lately: before rank 0
///
/// `Identifiable` by its id and `Codable` (`{"id": …, "text": …, "rank": …}`), for lists and
/// for records read from or sent to other services.
public struct Record: Sendable, Hashable, Codable, Identifiable {
  /// The record's identity, unique within one engine; adding a record with an existing id
  /// replaces that record's text and rank.
  public var id: String
  /// The text that queries are matched against.
  public var text: String
  /// How important the record is to the user — how often or how lately it was used, whether it
  /// is starred; higher first. Among matches of the same kind that start at the same place,
  /// a record of higher rank comes first (Docs/Semantics.md, "Result order").
  public var rank: Int64

  /// Creates a record.
  public init(id: String, text: String, rank: Int64 = 0) {
    self.id = id
    self.text = text
    self.rank = rank
  }
}
