/// How thoroughly a snapshot is checked when it is opened; the raw value is the level's name.
///
/// Every level checks what a search relies on to end and to stay inside the arrays it reads, so
/// that no file, however crafted, can make the engine read out of bounds, loop or allocate
/// without bound. The levels differ in what else they check, and so in what a file that passes
/// guarantees; Docs/SnapshotFormat.md has the list.
///
///     let engine = try HashIndexEngine(contentsOfSnapshot: "contacts.snapshot", validation: .complete)
public enum SnapshotValidation: String, Sendable, Hashable, CaseIterable {
  /// The header, every length, offset and limit, and the invariants of the tables (each has a
  /// free slot, each entry once): a search ends, reads nothing out of bounds, and allocates at
  /// most what the header's capped limits allow. Damage that keeps the structure sound is not
  /// seen (the checksum is not computed), and can give wrong answers.
  case structure
  /// `structure`, and the checksum of every byte: accidental damage (a bad disk, a truncated
  /// copy, a flipped bit) is found. The default. A file edited on purpose, with its checksum
  /// computed again, is not: only `complete` finds that.
  case checksum
  /// `checksum`, and everything derived from the records computed again and compared: each
  /// record's prepared text from its text, and the index's keys, postings and unindexed records
  /// from the records with the snapshot's configuration. A file that passes answers every query
  /// exactly as a fresh build from its records would. About as slow as that build.
  case complete
}
