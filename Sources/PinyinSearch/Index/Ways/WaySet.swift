/// Ways of cutting a mixed query, each key and position once: a way that reaches a key and
/// position already held merges into it, requiring only what both require. Few ways are open
/// at a time (`PreparedQuery.mixedInitials`' budget), so a merge searches them in order.
struct WaySet {
  /// The ways, in the order they were first inserted.
  private(set) var ways: [Way] = []

  /// No ways yet, with room for `capacity` before the storage grows.
  init(capacity: Int = 32) {
    ways.reserveCapacity(capacity)
  }

  /// Removes every way, keeping the storage.
  mutating func removeAll() {
    ways.removeAll(keepingCapacity: true)
  }

  /// Adds `way`, or merges it into the way at the same key and position.
  mutating func insert(_ way: Way) {
    if let index = ways.firstIndex(where: { $0.position == way.position && $0.key == way.key }) {
      ways[index].required = ways[index].required.intersection(way.required)
      ways[index].pieceCount = min(ways[index].pieceCount, way.pieceCount)
      // A piece end is an anchor of the merged way only where both ways have one.
      ways[index].anchors &= way.anchors
      // Both are beginnings of the key: the shorter stands for both.
      if way.keyAtCut.count < ways[index].keyAtCut.count { ways[index].keyAtCut = way.keyAtCut }
      // Pieces cut elsewhere have no spelled key in common.
      if way.spelledEnds != ways[index].spelledEnds { ways[index].spelledEnds.isSpelled = false }
    } else {
      ways.append(way)
    }
  }
}
