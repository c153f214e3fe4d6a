/// What `HybridEngine.synchronize(with:)` (or an index in a shared store) changed.
public struct SynchronizationSummary: Sendable, Hashable {
  /// Records whose id was new.
  public var added = 0
  /// Records whose text or rank changed.
  public var replaced = 0
  /// Records whose id was not in the source.
  public var removed = 0
  /// Records left as they were (their text was not prepared again).
  public var unchanged = 0

  /// A summary of the given counts; none by default, to count changes in.
  public init(added: Int = 0, replaced: Int = 0, removed: Int = 0, unchanged: Int = 0) {
    self.added = added
    self.replaced = replaced
    self.removed = removed
    self.unchanged = unchanged
  }
}
