import PinyinSearch
import PinyinSearchSamples

/// The seed corpus of `fuzz-engines` (`fuzz-engines --write-seeds DIR`): the examples of
/// Docs/Semantics.md, a small index configuration with pages of results, polyphones that
/// multiply spellings, sample contacts, changes, the special characters, and spellings.
enum EnginesSeeds {
  /// Each seed, named.
  static func all() -> [(name: String, bytes: [UInt8])] {
    let examples = [
      "刘亦菲", "西安", "先", "黄安", "长大", "银行行长", "我 爱你 中   国", "曾经沧海", "iPhone手机", "138 0013 8000",
      "12a34", "(010) 6552-1234", "云南", "a b",
    ].enumerated().map { Record(id: "e\($0.offset)", text: $0.element) }
    let exampleQueries = [
      "lyf", "liuyif", "xian", "an", "1380013", "138-0013", "nzg", "zengji ng cang", "iphoneshou", "iphone 15",
      "Ｌｙｆ", "xingzh", "zhangda", "yunnan", "ab", "1234", "  l  ", "liuyf",
    ]
    let special = [
      "ｉＰｈｏｎｅ　15", "e\u{301}t\u{E9}", "\u{130}stanbul", "Stra\u{DF}e", "👨‍👩‍👧家庭", "葛\u{E0100}优", "长\u{301}安",
      "\u{274BD}\u{20000}", "a\r\nb\tc\u{A0}d", "Ω\u{2126}", "①②③", "＃1\u{FE0F}\u{20E3}",
    ].enumerated().map { Record(id: "s\($0.offset)", text: $0.element) }
    let specialQueries = [
      "iphone 15", "e\u{301}", "\u{E9}t", "i\u{307}", "strasse", "jiating", "geyou", "chang", "ab", "12",
    ]
    let polyphones = [
      Record(id: "p1", text: "长长长长长长长长行行行行行行重重重重"),
      Record(id: "p2", text: "单于曾仇朝传都还了着卡会和大解乐"),
      Record(id: "p3", text: "行长 长行 重长 长重"),
    ]
    let polyphoneQueries = [
      "changzhangchangzhangchangzhangchangzhang", "zczczczchxhxhx", "chanyuzeng", "hangzhang", "xingchang",
      String(repeating: "zhang", count: 20), String(repeating: "c", count: 70),
    ]
    var spellings = EnginesInput(configuration: IndexConfiguration(), records: polyphones, queries: [], changes: [])
      .encoded
    // Queries spelled from the records, each a limit byte, an offset byte, then 0x05 and five
    // bytes: record, first unit, unit count, reading, flags (see `Spelling`).
    spellings += [0x80, 0x80, 0x05, 0, 0, 5, 0, 0, 0x0A, 0x80, 0x80, 0x05, 1, 1, 3, 1, 1, 0x0A]
    spellings += [0x80, 0x80, 0x05, 2, 2, 1, 4, 12, 0x0A, 0x80, 0x80, 0x05, 1, 0, 5, 2, 2, 0x0A]
    spellings += [0x02, 0x01, 0x05, 1, 3, 4, 2, 16, 0x05, 2, 0, 5, 8, 32, 0x00]
    return [
      ("semantics-examples", queries(exampleQueries, limit: 1000).over(examples)),
      (
        "small-configuration-pages",
        EnginesInput(
          configuration: IndexConfiguration(maxKeyLength: 2, maxKeysPerRecord: 4, rareKeyLimit: 0), records: examples,
          queries: exampleQueries.enumerated().map { number, text in
            EnginesInput.Query(
              text: text, limit: [1, 2, 3, -1, Int.max][number % 5], offset: [0, 1, 2, -1][number % 4])
          }, changes: []
        ).encoded
      ),
      (
        "polyphones",
        EnginesInput(
          configuration: IndexConfiguration(maxKeyLength: 24, maxKeysPerRecord: 8, rareKeyLimit: 1),
          records: polyphones, queries: queries(polyphoneQueries, limit: 1000), changes: []
        ).encoded
      ),
      (
        "sample-contacts",
        queries(["wang", "zh", "13", "li li", "cx", "zengx", "qun"], limit: 5).over(
          SampleContacts.records(count: 24, seed: 7))
      ),
      (
        "changes",
        EnginesInput(
          configuration: IndexConfiguration(maxKeyLength: 4, maxKeysPerRecord: 64, rareKeyLimit: 2),
          records: examples + [Record(id: "\u{E9}", text: "西安"), Record(id: "e\u{301}", text: "先")],
          queries: queries(["xian", "an", "lyf", "yinhang", "13"], limit: 1000),
          changes: [
            .add(Record(id: "e0", text: "王菲")), .remove(id: "e1"), .add(Record(id: "n1", text: "新西安")),
            .remove(id: "missing"), .remove(id: "e\u{301}"), .add(Record(id: "e1", text: "西安")),
          ]
        ).encoded
      ),
      ("special-characters", queries(specialQueries, limit: 1000).over(special)),
      (
        "mixed",
        EnginesInput(
          configuration: IndexConfiguration(
            maxKeyLength: 16, maxKeysPerRecord: 2048, rareKeyLimit: 2, maxMixedKeyLength: 3),
          options: SearchOptions(mixed: true),
          records: examples + polyphones + SampleContacts.records(count: 12, seed: 9),
          queries: queries(["liuyf", "刘dh", "ldhua", "阿里bb", "zhgo", "chzh", "liuy", "刘de", "xingzhangc"], limit: 20),
          changes: [.add(Record(id: "m1", text: "刘德华")), .remove(id: "e0")]
        ).encoded
      ),
      ("spellings", spellings),
    ]
  }

  /// `texts` as queries, each with `limit` and offset 0.
  private static func queries(_ texts: [String], limit: Int) -> [EnginesInput.Query] {
    texts.map { EnginesInput.Query(text: $0, limit: limit, offset: 0) }
  }
}

extension [EnginesInput.Query] {
  /// The encoded input of these queries over `records`, default configuration, no changes.
  fileprivate func over(_ records: [Record]) -> [UInt8] {
    EnginesInput(configuration: IndexConfiguration(), records: records, queries: self, changes: []).encoded
  }
}
