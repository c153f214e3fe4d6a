/// What `HybridEngine.synchronize(with:)` changed.
public struct SynchronizationSummary: Sendable, Hashable {
  /// Records whose id was new.
  public var added = 0
  /// Records whose text or rank changed.
  public var replaced = 0
  /// Records whose id was not in the source.
  public var removed = 0
  /// Records left as they were (their text was not prepared again).
  public var unchanged = 0
}
