import PinyinSearchSamples
import Testing

@testable import PinyinSearch

/// `FuzzyVariants.of(_:rules:)` against the contract's rules (Docs/Semantics.md, "fuzzy"): a
/// reading's initial is the longest listed one it begins with, final rules take whole finals,
/// `u-v` only after a reading's own `n` or `l`, partners combine but are not transitive, and
/// readings without a vowel have no variants.
@Suite struct FuzzyVariantsTests {
  /// A reading, the rules, and its variants under them (in any order).
  struct Case: CustomTestStringConvertible, Sendable {
    var reading: String
    var rules: FuzzyRules
    var variants: Set<String>
    var rule: String
    var testDescription: String { "\(reading) with \(rules): \(rule)" }

    init(_ reading: String, _ rules: FuzzyRules, _ variants: Set<String>, _ rule: String) {
      self.reading = reading
      self.rules = rules
      self.variants = variants
      self.rule = rule
    }
  }

  static let cases: [Case] = [
    // Initials: the longest listed initial, zh before z.
    Case("zhang", [.zZh], ["zang"], "zh is the initial, not z"),
    Case("zang", [.zZh], ["zhang"], "z and zh are partners both ways"),
    Case("zhi", [.zZh], ["zi"], "zh-i"),
    Case("shan", [.sSh], ["san"], "sh is the initial, not s"),
    Case("chang", [.cCh], ["cang"], "ch is the initial, not c"),
    Case("fa", [.fH], ["ha"], "f-h"),
    Case("hu", [.fH], ["fu"], "h-f"),
    Case("ran", [.rL], ["lan"], "r-l"),
    Case("na", [.nL], ["la"], "n-l"),
    Case("zhang", [.zZh, .anAng], ["zhan", "zang", "zan"], "initial and final partners combine"),
    Case("ceng", [.cCh, .enEng], ["cheng", "cen", "chen"], "c-ch with en-eng"),
    Case("chang", .all, ["cang", "chan", "can"], "every rule: ch-c and ang-an"),
    Case("zhuang", [.zZh, .uanUang], ["zuang", "zhuan", "zuan"], "zh-uang"),
    // Finals: the whole final must be one side.
    Case("lian", [.anAng], [], "lian's final is ian, which an-ang does not name"),
    Case("lian", [.ianIang], ["liang"], "ian-iang"),
    Case("liang", [.ianIang], ["lian"], "iang-ian"),
    Case("liang", [.anAng], [], "liang's final is iang"),
    Case("xuan", [.anAng], [], "xuan's final is uan"),
    Case("huan", [.uanUang], ["huang"], "uan-uang"),
    Case("guang", [.uanUang], ["guan"], "uang-uan"),
    Case("men", [.enEng], ["meng"], "en-eng"),
    Case("ling", [.inIng], ["lin"], "ing-in"),
    Case("yin", [.inIng], ["ying"], "y is an initial"),
    Case("an", [.anAng], ["ang"], "a reading without an initial"),
    Case("ang", [.anAng], ["an"], "a reading without an initial"),
    Case("wan", .all, ["wang"], "w has no partner"),
    Case("e", .all, [], "no initial and a final without partner"),
    Case("ba", .all, [], "no rule names b or a"),
    // u-v: only after the reading's own n or l; v-u and ve-ue.
    Case("lv", [.uV], ["lu"], "v-u after l"),
    Case("lu", [.uV], ["lv"], "u-v after l"),
    Case("nu", [.uV], ["nv"], "u-v after n"),
    Case("nve", [.uV], ["nue"], "ve-ue after n"),
    Case("lue", [.uV], ["lve"], "ue-ve after l"),
    Case("xu", [.uV], [], "x is not n or l"),
    Case("ju", .all, [], "j is not n or l"),
    Case("lun", [.uV], [], "un is not a side of u-v"),
    Case("ru", [.rL, .uV], ["lu"], "u-v needs the reading's own initial to be n or l, not a partner's"),
    Case("lv", [.nL, .uV], ["lu", "nv", "nu"], "u-v combines with n-l"),
    Case("lv", [.nL, .rL, .uV], ["lu", "nv", "nu", "rv", "ru"], "and with r-l"),
    Case("lv", .all, ["lu", "nv", "nu", "rv", "ru"], "every rule"),
    Case("nv", .all, ["nu", "lv", "lu"], "n's only partner is l"),
    Case("lue", .all, ["lve", "nue", "nve", "rue", "rve"], "ue with every rule"),
    // Partners are not transitive.
    Case("nu", [.nL, .rL], ["lu"], "n and r are not partners"),
    Case("ru", [.nL, .rL], ["lu"], "r and n are not partners"),
    Case("lu", [.nL, .rL], ["nu", "ru"], "l has both partners"),
    // No vowel, no variants; no rules, no variants.
    Case("m", .all, [], "syllabic m"),
    Case("n", .all, [], "syllabic n"),
    Case("ng", .all, [], "syllabic ng"),
    Case("hm", .all, [], "hm has no vowel"),
    Case("hng", .all, [], "hng has no vowel, though f-h names h"),
    Case("zhang", [], [], "no rules"),
  ]

  @Test(arguments: cases)
  func variantsFollowTheContract(_ example: Case) {
    let variants = FuzzyVariants.of(example.reading, rules: example.rules)
    #expect(Set(variants) == example.variants, "\(example.rule)")
    #expect(variants.count == Set(variants).count, "no duplicates")
    #expect(!variants.contains(example.reading), "the reading itself is not a variant")
  }

  @Test func theDocumentedExamplesComeInTheirOrder() {
    #expect(FuzzyVariants.of("zhang", rules: [.zZh, .anAng]) == ["zhan", "zang", "zan"])
    #expect(FuzzyVariants.of("lv", rules: [.nL, .uV]) == ["lu", "nv", "nu"])
  }

  /// Every reading of the table under every rule, each rule alone, and random sets of rules: no
  /// duplicates, never the reading, lowercase letters only, and none without a vowel; and
  /// each rule applies to some reading.
  @Test func everyReadingOfTheTableHasWellFormedVariants() {
    let table = PinyinTable.shared
    let readings = Set((1...UInt16(table.readingSetCount)).flatMap { table.readings(inSet: $0) })
    var random = SplitMix64(seed: 41)
    var ruleSets: [FuzzyRules] = [.all] + FuzzyRules.allNames.map { FuzzyRules(name: $0)! }
    ruleSets += (0..<8).map { _ in FuzzyRules(rawValue: UInt16.random(in: 0...UInt16.max, using: &random)) }
    var total = 0
    for rules in ruleSets {
      for reading in readings.sorted() {
        let variants = FuzzyVariants.of(reading, rules: rules)
        total += variants.count
        #expect(variants.count == Set(variants).count, "\(reading) with \(rules): no duplicates")
        #expect(!variants.contains(reading), "\(reading) with \(rules)")
        #expect(
          variants.allSatisfy {
            !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
          },
          "\(reading) with \(rules): \(variants)")
        if !reading.contains(where: { "aeiouv".contains($0) }) {
          #expect(variants.isEmpty, "\(reading) has no vowel")
        }
      }
    }
    #expect(total > 1000, "rules apply to many readings: \(total) variants")
    // Every rule alone applies to some reading.
    for name in FuzzyRules.allNames {
      let rules = FuzzyRules(name: name)!
      #expect(readings.contains { !FuzzyVariants.of($0, rules: rules).isEmpty }, "\(name) applies somewhere")
    }
  }
}
