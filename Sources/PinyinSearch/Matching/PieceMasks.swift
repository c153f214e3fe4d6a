/// For one search, the query positions at which the pieces of a reading set occur, by piece
/// length, remembered per reading set and spelling table.
///
/// A mixed or keypad match steps through a Han unit by trying every beginning of every
/// spelling of its reading set against the query (`Matcher.mixedEndInOneWord`). What that
/// gives depends on the reading set and the query only: for each length `l`, the positions at
/// which the query goes on with a piece of `l` bytes, `masks[l - 1]`. A search matches many
/// records whose units share far fewer reading sets, so each set's masks are worked out once
/// and a unit then costs one step per length instead of one per byte of each spelling; a dial
/// pad, where fuzzy rules give a set many spellings, is where that counts. (On letters a
/// query's first byte rules most spellings out at once, so they are not remembered there.)
///
/// Storage (`PieceMaskStorage`): a header holding the search's generation, then `entryCount`
/// entries of `entryWords` words — a key, the generation it was written in, and `maxLength`
/// masks — direct-mapped by the key's hash; a newer set replaces an older one in its entry.
/// The words are lent by the search's scratch and reused by the next search, which moves to
/// the next generation instead of clearing them.
struct PieceMasks {
  /// The longest piece remembered: a table with a longer spelling is not remembered.
  static let maxLength = 6
  /// The number of entries, a power of two.
  static let entryCount = 128
  /// The words of one entry: its table, its set, its generation, a mask per piece length.
  private static let entryWords = 3 + maxLength
  /// The words `PieceMasks` needs.
  static let storageWords = entryWords * (1 + entryCount)

  /// The entries, after the header.
  private let entries: UnsafeMutablePointer<UInt64>
  /// This search's generation: entries of another are empty.
  private let generation: UInt64

  /// Entries in `storage` (`PieceMaskStorage.words`) that a previous search left, or zeros: all
  /// of them empty for this search.
  init(continuing storage: UnsafeMutablePointer<UInt64>) {
    storage.pointee &+= 1
    generation = storage.pointee
    entries = storage + Self.entryWords
  }

  /// The masks of `set` in the table at `table`, by piece length: `fill` writes them (the
  /// `maxLength` words zeroed before) the first time in this search, or when another set took
  /// the entry since.
  @inline(__always)
  func masks(
    of set: UInt16, in table: UnsafePointer<SpellingTable>, fill: (UnsafeMutablePointer<UInt64>) -> Void
  ) -> UnsafePointer<UInt64> {
    let address = UInt64(UInt(bitPattern: table))
    let hash = (UInt64(set) &* 0x9E37_79B9) ^ (address >> 4)
    let entry = entries + Int(truncatingIfNeeded: hash & UInt64(Self.entryCount - 1)) * Self.entryWords
    let masks = entry + 3
    if entry[0] != address || entry[1] != UInt64(set) || entry[2] != generation {
      entry[0] = address
      entry[1] = UInt64(set)
      entry[2] = generation
      masks.update(repeating: 0, count: Self.maxLength)
      fill(masks)
    }
    return UnsafePointer(masks)
  }
}

/// Words for `PieceMasks` that outlive a search: a search's scratch (`SearchScratch`) lends
/// them to the next search, so that none allocates or clears its own.
///
/// Unchecked `Sendable`: the words are read and written by one search at a time, the one that
/// took the scratch that holds them from the pool.
final class PieceMaskStorage: @unchecked Sendable {
  /// `PieceMasks.storageWords` words, zeros at first.
  let words: UnsafeMutablePointer<UInt64>

  /// Zeroed words.
  init() {
    words = .allocate(capacity: PieceMasks.storageWords)
    words.initialize(repeating: 0, count: PieceMasks.storageWords)
  }

  deinit {
    words.deallocate()
  }
}
