/// A record id as a dictionary key that compares UTF-8 bytes.
///
/// Swift's `String ==` treats canonically equivalent strings as equal (`"é" == "e\u{301}"`); ids
/// are identities from the embedder's data and are ordered by UTF-8 bytes (Docs/Semantics.md), so two
/// ids are the same only when their bytes are.
struct RecordID: Hashable, Sendable {
  let string: String

  init(_ string: String) {
    self.string = string
  }

  static func == (lhs: RecordID, rhs: RecordID) -> Bool {
    lhs.string.utf8.elementsEqual(rhs.string.utf8)
  }

  func hash(into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
