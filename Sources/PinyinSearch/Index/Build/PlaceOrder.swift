/// The order that breaks ties of kind and start among a key's postings (Docs/Semantics.md,
/// "Result order"): the record's rank, higher first, then the text's length in units, shorter
/// first, then the id by UTF-8 bytes. A record's position in it is its place.
enum PlaceOrder {
  /// The slots of the live records of `store`, in place order.
  ///
  /// - Complexity: O(n) when every rank is the same and the store is in id order, as stores
  ///   built from a list of records are; O(n log n) otherwise.
  static func slots(of store: RecordStore) -> [UInt32] {
    precondition(store.slots.count <= Int(UInt32.max), "an index holds at most 2³² record slots")
    var lengths = [Int](repeating: 0, count: store.slots.count)
    var live: [UInt32] = []
    live.reserveCapacity(store.count)
    var longest = 0
    store.forEachRecord { slot, record in
      live.append(UInt32(slot))
      lengths[slot] = record.units.count
      longest = max(longest, record.units.count)
    }
    let ranks = store.ranks
    if store.isInIDOrder && longest < 1 << 20 {
      // Slots are in id order: sort by length, counting, which keeps that order among equals.
      var starts = [Int](repeating: 0, count: longest + 2)
      for slot in live { starts[lengths[Int(slot)] + 1] += 1 }
      for length in 0...longest { starts[length + 1] += starts[length] }
      var byLength = [UInt32](repeating: 0, count: live.count)
      for slot in live {
        byLength[starts[lengths[Int(slot)]]] = slot
        starts[lengths[Int(slot)]] += 1
      }
      guard let first = byLength.first.map({ ranks[Int($0)] }), byLength.contains(where: { ranks[Int($0)] != first })
      else { return byLength }
      // Then by rank, keeping the order of equals (the position breaks ties).
      var order = Array(byLength.indices)
      order.sort {
        ranks[Int(byLength[$0])] != ranks[Int(byLength[$1])]
          ? ranks[Int(byLength[$0])] > ranks[Int(byLength[$1])] : $0 < $1
      }
      return order.map { byLength[$0] }
    }
    live.sort { first, second in
      let (first, second) = (Int(first), Int(second))
      if ranks[first] != ranks[second] { return ranks[first] > ranks[second] }
      if lengths[first] != lengths[second] { return lengths[first] < lengths[second] }
      return store.compareIDs(ofSlot: first, with: second, in: store) < 0
    }
    return live
  }
}
