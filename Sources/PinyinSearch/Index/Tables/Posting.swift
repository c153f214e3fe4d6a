/// One record in a key's postings, as a search reads it: the record's slot, and the kind of its
/// best match for the key, whether that match is fuzzy and where it starts.
///
/// The match's end is not stored: the matcher finds it from the start in a few nanoseconds, and
/// only for the postings a search returns. A start of `PostingGroup.unknownStart` or more is not
/// stored either (`start` is nil): the matcher then finds the whole match.
struct Posting: Hashable, Sendable {
  /// The record's slot in the index's store.
  var slot: Int
  /// The record's place in result order among equal matches (`KeyIndex.slotsByPlace`).
  var place: Int
  /// The kind, fuzziness and start of the record's best match for the key.
  var group: PostingGroup

  /// The kind of the record's best match for the key.
  var kind: MatchKind { group.kind }

  /// Where the record's best match for the key starts, or nil when it starts at
  /// `PostingGroup.unknownStart` or later.
  var start: Int? { group.start }
}
