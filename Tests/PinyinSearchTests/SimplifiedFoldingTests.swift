import Testing

@testable import PinyinSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folding of traditional characters that `SearchOptions.traditional` compares with
/// (Docs/Semantics.md, "traditional"): each scalar with a `kSimplifiedVariant` other than
/// itself maps to the first one listed, repeatedly; its classes; and the public `Pinyin` API.
@Suite struct SimplifiedFoldingTests {
  /// The scalar of a one-scalar string.
  static func scalar(_ text: String) -> UInt32 {
    precondition(text.unicodeScalars.count == 1, "one scalar")
    return text.unicodeScalars.first!.value
  }

  @Test func mapsEveryScalarWithAnotherSimplifiedVariant() {
    #expect(SimplifiedFolding.shared.variantCount == 6_262, "Unihan 15.0: scalars whose variant is not themselves")
  }

  /// A scalar, its first listed variant (nil: none other than itself) and what it folds to.
  @Test(
    arguments: [
      ("劉", "刘", "刘"), ("發", "发", "发"), ("髮", "发", "发"), ("薴", "苧", "苎"), ("苧", "苎", "苎"),
      ("長", "长", "长"), ("張", "张", "张"), ("幹", "干", "干"), ("\u{9FAD}", "\u{29A0E}", "\u{29A0E}"),
      ("乾", nil, "乾"), ("著", nil, "著"), ("刘", nil, "刘"), ("发", nil, "发"), ("我", nil, "我"), ("a", nil, "a"),
    ] as [(String, String?, String)])
  func foldsToTheFirstListedVariantUntilItNoLongerChanges(_ source: String, _ listed: String?, _ folded: String) {
    let folding = SimplifiedFolding.shared
    #expect(folding.listedVariant(of: Self.scalar(source)) == listed.map(Self.scalar))
    #expect(folding.folded(Self.scalar(source)) == Self.scalar(folded))
    let scalar = source.unicodeScalars.first!
    #expect(Pinyin.simplifiedVariant(of: scalar) == listed.map { $0.unicodeScalars.first! })
    #expect(Pinyin.simplified(scalar) == folded.unicodeScalars.first!)
  }

  /// A scalar and the members of its class, target first (nil: no other scalar folds alike).
  @Test(
    arguments: [
      ("刘", ["刘", "劉"]), ("劉", ["刘", "劉"]), ("发", ["发", "發", "髮"]), ("髮", ["发", "發", "髮"]),
      ("苎", ["苎", "苧", "薴"]), ("薴", ["苎", "苧", "薴"]), ("乾", nil), ("著", nil), ("我", nil), ("a", nil),
      ("一", nil),
    ] as [(String, [String]?)])
  func classesHoldTheScalarAndItsTwins(_ source: String, _ members: [String]?) throws {
    let folding = SimplifiedFolding.shared
    let found = folding.classMembers(of: Self.scalar(source)).map(Array.init)
    #expect(folding.hasVariants(Self.scalar(source)) == (members != nil))
    guard let members else {
      #expect(found == nil, "\(source) has no twins")
      return
    }
    let classMembers = try #require(found)
    #expect(classMembers.first == Self.scalar(members[0]), "the target first")
    #expect(Set(classMembers) == Set(members.map(Self.scalar)))
    #expect(classMembers.contains(Self.scalar(source)), "the scalar itself is a member")
  }

  /// Every class: its members fold to its target, the target to itself, each member's class is
  /// the same, and folding twice changes nothing.
  @Test func classesAreExactlyTheScalarsThatFoldAlike() {
    let folding = SimplifiedFolding.shared
    var sources = 0
    var seen = Set<UInt32>()
    for scalar in UInt32(0)...0x3_FFFF where folding.hasVariants(scalar) {
      let members = Array(folding.classMembers(of: scalar)!)
      let target = members[0]
      #expect(folding.folded(scalar) == target, "U+\(String(scalar, radix: 16))")
      #expect(folding.folded(target) == target)
      #expect(members.count >= 2 && Set(members).count == members.count)
      #expect(Array(folding.classMembers(of: target)!) == members)
      if scalar != target { sources += 1 }
      seen.insert(scalar)
      #expect(folding.listedVariant(of: scalar) == nil || scalar != target, "a target lists no other variant")
    }
    #expect(sources == folding.variantCount, "every mapped scalar is in a class, and only those")
    #expect(folding.folded(0x10_FFFF) == 0x10_FFFF && folding.classMembers(of: 0x10_FFFF) == nil)
  }

  /// Unihan itself, where the system has it: each `kSimplifiedVariant` line gives the first
  /// listed scalar, or none when the list holds the scalar itself.
  @Test func everyUnihanLineAgreesWithTheMap() throws {
    let path = "/usr/share/unicode/Unihan_Variants.txt.bz2"
    guard access(path, R_OK) == 0, access("/usr/bin/bzcat", X_OK) == 0 else {
      print("skipped: no \(path) or /usr/bin/bzcat")
      return
    }
    let pipe = try #require(popen("/usr/bin/bzcat \(path)", "r"))
    var lines: [String] = []
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
      let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if line.contains("\tkSimplifiedVariant\t") { lines.append(line) }
    }
    #expect(pclose(pipe) == 0, "bzcat succeeded")
    func value(_ field: Substring) -> UInt32? {
      field.hasPrefix("U+") ? UInt32(field.dropFirst(2), radix: 16) : nil
    }
    let folding = SimplifiedFolding.shared
    var mapped = 0
    for line in lines {
      let fields = line.split(whereSeparator: { $0 == "\t" || $0 == "\n" || $0 == "\r" })
      guard fields.count == 3, let source = value(fields[0]) else {
        Issue.record("unexpected line \(line.debugDescription)")
        continue
      }
      let listed = fields[2].split(separator: " ").map { value($0) }
      let expected = listed.contains(source) ? nil : listed.first!
      #expect(folding.listedVariant(of: source) == expected, "\(line)")
      if expected != nil { mapped += 1 }
    }
    #expect(mapped == folding.variantCount, "the map has no scalar Unihan does not list")
  }
}
