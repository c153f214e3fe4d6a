/// A store of sorted sets and records that a `SortedSetIndex` searches: Redis Cluster (the
/// `PinyinSearchRedis` library), or any store that keeps members of a set in byte order.
///
/// The store holds, for every record, the members that `SortedSetIndex.entries(of:)` lists,
/// each in the sorted set its key names; a member holds the record's id, rank and text. A
/// search asks for a few pages of a few sets, most often one page of one set: implement each
/// call as one round trip (pipelined) where the store allows.
public protocol SortedSetSource {
  /// The error a call to the store throws.
  associatedtype Failure: Error

  /// The members of each requested set at the requested positions, in byte order (a shorter
  /// list at the end of a set, none for a set that does not exist).
  ///
  /// - Parameter ranges: The sets and positions, in the order of the answer.
  /// - Returns: One array of members per range.
  func members(in ranges: [SortedSetRange]) throws(Failure) -> [[[UInt8]]]

  /// Every record of the store, for the rare query that no set answers: no beginning within
  /// `IndexConfiguration.maxKeyLength` bytes and no unit that every match holds (a Han
  /// character longer than the keys, which only keys shorter than 4 bytes make possible).
  func allRecords() throws(Failure) -> [Record]

  /// The error that says a member of the set `key` is not one a `SortedSetIndex` wrote (the
  /// set was written by another program, or damaged).
  func invalidMember(_ member: [UInt8], inSet key: [UInt8]) -> Failure
}

/// Positions `offset ..< offset + count` of the sorted set named `key`.
public struct SortedSetRange: Hashable, Sendable {
  /// The set's key, as `SortedSetEntry.key` gives it.
  public var key: [UInt8]
  /// The position of the first member wanted, from 0.
  public var offset: Int
  /// How many members are wanted.
  public var count: Int

  /// Positions `offset ..< offset + count` of the set `key`.
  public init(key: [UInt8], offset: Int, count: Int) {
    self.key = key
    self.offset = offset
    self.count = count
  }
}

/// One member of one sorted set: what a store holds for a record (`SortedSetIndex.entries(of:)`).
public struct SortedSetEntry: Hashable, Sendable {
  /// The set's key: a search key (`lyf`, `刘`), or a byte no UTF-8 text holds first (0xFF: the
  /// runs of a phone number; 0xFE: the records matched at every search; 0xFD and a hash: the
  /// records holding a unit longer than a key).
  public var key: [UInt8]
  /// The member: the record's best match for the key, its rank and length in bytes whose order
  /// is result order, then its id and its text.
  public var member: [UInt8]

  /// The member `member` of the set `key`.
  public init(key: [UInt8], member: [UInt8]) {
    self.key = key
    self.member = member
  }
}
