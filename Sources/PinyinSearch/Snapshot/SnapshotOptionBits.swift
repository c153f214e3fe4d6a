/// The search options of a snapshot's header, as bits: bit 0 is `SearchOptions.mixed`; the
/// other bits are for options to come and must be zero.
struct SnapshotOptionBits: RawRepresentable {
  let rawValue: UInt32

  /// The bits as read from a header.
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The bits of `options`.
  init(_ options: SearchOptions) {
    rawValue = options.mixed ? 1 : 0
  }

  /// The options the bits stand for; nil when a bit this version does not know is set.
  var options: SearchOptions? {
    guard rawValue & ~1 == 0 else { return nil }
    return SearchOptions(mixed: rawValue & 1 != 0)
  }
}
