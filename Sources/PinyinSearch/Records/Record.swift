/// A searchable record: a unique id and the text that is searched.
///
///     let record = Record(id: "c42", text: "刘亦菲")
public struct Record: Sendable, Hashable {
  /// The record's identity, unique within one engine; adding a record with an existing id
  /// replaces that record's text.
  public var id: String
  /// The text that queries are matched against.
  public var text: String

  /// Creates a record.
  public init(id: String, text: String) {
    self.id = id
    self.text = text
  }
}
