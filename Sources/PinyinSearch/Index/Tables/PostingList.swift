/// A key's postings as they are stored, read one by one: runs of one `PostingGroup` each, and
/// in each run the records' places, the first whole and each next one as the gap since the
/// previous one less one, all as `VarInt`s.
///
///     group  count  place  gap gap …   group  count  place  gap …
///
/// A place is turned into the record's slot through the index's `slotsByPlace`. Reading is
/// bounds-checked throughout and ends after `count` postings, at the end of the bytes, or at
/// anything that cannot be (a place beyond the records, a group that is no group), so that a
/// damaged snapshot cannot make a search read out of bounds or loop: reading n postings costs
/// O(n) whatever the bytes.
struct PostingList: Sequence {
  /// The bytes of the bucket that holds the postings.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the first run begins in `bytes`.
  let offset: Int
  /// The number of postings.
  let count: Int
  /// The slot of the record at each place.
  let slotsByPlace: UnsafeBufferPointer<UInt32>

  /// Reads the postings in order.
  struct Iterator: IteratorProtocol {
    let list: PostingList
    var position: Int
    var remaining: Int
    var remainingInRun = 0
    var place = 0
    var group = PostingGroup(kind: .literal, isFuzzy: false, start: 0)

    init(_ list: PostingList) {
      self.list = list
      position = list.offset
      remaining = list.count
    }

    @inline(__always)
    mutating func next() -> Posting? {
      guard remaining > 0 else { return nil }
      let bytes = list.bytes
      if remainingInRun == 0 {
        guard let value = VarInt.read(bytes, at: &position), let group = PostingGroup(streamValue: value),
          let count = VarInt.read(bytes, at: &position), count > 0,
          let first = VarInt.read(bytes, at: &position)
        else { return end() }
        self.group = group
        remainingInRun = Int(count)
        place = Int(first)
      } else {
        guard let gap = VarInt.read(bytes, at: &position) else { return end() }
        place += Int(gap) + 1
      }
      guard place < list.slotsByPlace.count else { return end() }
      remainingInRun -= 1
      remaining -= 1
      return Posting(slot: Int(list.slotsByPlace[place]), place: place, group: group)
    }

    /// Ends the reading early, at bytes that a build does not write.
    private mutating func end() -> Posting? {
      remaining = 0
      return nil
    }
  }

  func makeIterator() -> Iterator { Iterator(self) }

  var underestimatedCount: Int { 0 }
}
