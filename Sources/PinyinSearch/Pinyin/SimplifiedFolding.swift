/// The folding of traditional characters to simplified ones that `SearchOptions.traditional`
/// compares with (Docs/Semantics.md, "traditional"), decoded once from the generated
/// `SimplifiedFolding+Data.swift`: each scalar with a Unihan `kSimplifiedVariant` other than
/// itself maps to the first one listed, repeatedly, until it no longer changes (劉 → 刘,
/// 薴 → 苧 → 苎).
///
/// Scalars that fold to the same scalar form a *class* (刘 and 劉); a class of one scalar is
/// not stored. Lookup is two array reads, as in `PinyinTable`: the scalar's 256-scalar block
/// gives a page, and the page gives the scalar's entry.
///
/// The storage is allocated once, filled during `init`, never mutated and never freed; that is
/// why sharing its pointers between threads is safe (`@unchecked Sendable`).
struct SimplifiedFolding: @unchecked Sendable {
  /// The map the library uses, decoded on first use (about 1 ms).
  static let shared = SimplifiedFolding()

  /// The number of scalars with a simplified variant other than themselves.
  let variantCount: Int

  /// The page of each 256-scalar block (`scalar >> 8`); page 0 is all zeros.
  private let blockPages: UnsafeBufferPointer<UInt16>
  /// Entry numbers plus one, 256 per page; 0 for a scalar in no class.
  private let pages: UnsafeBufferPointer<UInt16>
  /// Per entry: the scalar the entry's scalar folds to (itself for the class's target).
  private let foldedScalars: UnsafeBufferPointer<UInt32>
  /// Per entry: the variant listed for the entry's scalar, or 0 when none is.
  private let listedVariants: UnsafeBufferPointer<UInt32>
  /// Per entry: where the entry's class starts in `members`, and its size.
  private let classStarts: UnsafeBufferPointer<UInt16>
  private let classSizes: UnsafeBufferPointer<UInt8>
  /// Every scalar of every class, class by class, each class's target first.
  private let members: UnsafeBufferPointer<UInt32>

  private init() {
    var listed: [UInt32: UInt32] = [:]
    for line in Self.encodedVariants.utf8.split(separator: UInt8(ascii: "\n")) {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
      listed[Self.hexValue(line[..<colon])] = Self.hexValue(line[line.index(after: colon)...])
    }
    variantCount = listed.count
    // Follow each mapping to its end; the generator refused cycles, and the steps are bounded
    // anyway by the number of mappings.
    func fold(_ scalar: UInt32) -> UInt32 {
      var current = scalar
      for _ in 0..<listed.count {
        guard let next = listed[current] else { break }
        current = next
      }
      return current
    }
    var classes: [UInt32: [UInt32]] = [:]
    for source in listed.keys { classes[fold(source), default: []].append(source) }
    var members: [UInt32] = []
    var entries: [(scalar: UInt32, folded: UInt32, start: Int, size: Int)] = []
    for target in classes.keys.sorted() {
      let start = members.count
      let sources = classes[target]!.sorted()
      members.append(target)
      members.append(contentsOf: sources)
      for scalar in [target] + sources {
        entries.append((scalar, target, start, sources.count + 1))
      }
    }
    var blockPages: [UInt16] = []
    var pages = [UInt16](repeating: 0, count: 256)
    for (number, entry) in entries.enumerated() {
      let block = Int(entry.scalar >> 8)
      if block >= blockPages.count {
        blockPages.append(contentsOf: repeatElement(0, count: block + 1 - blockPages.count))
      }
      if blockPages[block] == 0 {
        blockPages[block] = UInt16(pages.count / 256)
        pages.append(contentsOf: repeatElement(0, count: 256))
      }
      pages[Int(blockPages[block]) * 256 + Int(entry.scalar & 0xFF)] = UInt16(number + 1)
    }
    self.blockPages = immortalCopy(of: blockPages)
    self.pages = immortalCopy(of: pages)
    foldedScalars = immortalCopy(of: entries.map(\.folded))
    listedVariants = immortalCopy(of: entries.map { listed[$0.scalar] ?? 0 })
    classStarts = immortalCopy(of: entries.map { UInt16($0.start) })
    classSizes = immortalCopy(of: entries.map { UInt8($0.size) })
    self.members = immortalCopy(of: members)
  }

  /// The entry of `scalar` plus one, or 0 when it is in no class.
  @inline(__always)
  private func entry(of scalar: UInt32) -> Int {
    let block = Int(scalar >> 8)
    guard block < blockPages.count else { return 0 }
    return Int(pages[Int(blockPages[block]) &* 256 &+ Int(scalar & 0xFF)])
  }

  /// The scalar `scalar` folds to: itself when it has no simplified variant.
  @inline(__always)
  func folded(_ scalar: UInt32) -> UInt32 {
    let entry = entry(of: scalar)
    return entry == 0 ? scalar : foldedScalars[entry &- 1]
  }

  /// The simplified variant listed first for `scalar`, or nil when it has none other than itself.
  func listedVariant(of scalar: UInt32) -> UInt32? {
    let entry = entry(of: scalar)
    guard entry != 0, listedVariants[entry - 1] != 0 else { return nil }
    return listedVariants[entry - 1]
  }

  /// Every scalar that folds to what `scalar` folds to, `scalar` among them, the target first;
  /// nil when there is no other (most scalars).
  @inline(__always)
  func classMembers(of scalar: UInt32) -> UnsafeBufferPointer<UInt32>? {
    let entry = entry(of: scalar)
    guard entry != 0 else { return nil }
    let start = Int(classStarts[entry &- 1])
    return UnsafeBufferPointer(rebasing: members[start..<(start + Int(classSizes[entry &- 1]))])
  }

  /// Whether `scalar` folds to the same scalar as another one.
  @inline(__always)
  func hasVariants(_ scalar: UInt32) -> Bool {
    entry(of: scalar) != 0
  }

  /// A 64-bit FNV-1a hash of the encoded map: changes whenever the generated data changes.
  static let fingerprint: UInt64 = {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in [unicodeVersion, encodedVariants] {
      for byte in part.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
    }
    return hash
  }()

  private static func hexValue(_ digits: some Sequence<UInt8>) -> UInt32 {
    digits.reduce(0) { value, digit in
      value << 4 | UInt32(digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "A") + 10)
    }
  }
}
