import PinyinSearch
import PinyinSearchSamples

/// The seed corpus of `fuzz-engines` (`fuzz-engines --write-seeds DIR`): the examples of
/// Docs/Semantics.md, a small index configuration with pages of results, polyphones that
/// multiply spellings, sample contacts, changes, the special characters, and spellings; and for
/// the search options: fuzzy spellings with every rule and with some (and short fuzzy keys),
/// traditional characters and their simplified twins, keypad digits, every option at once, and
/// spellings swapped by fuzzy rules or typed on the keypad.
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
    let fuzzy = [
      "张三", "刘亦菲", "吕", "女", "略", "南京", "兰州", "上海", "长沙", "林心如", "福建", "湖南", "先", "香港", "关羽",
      "光", "嗯", "呣", "哼", "噷", "能冷", "宁林", "陈晨", "曾增",
    ].enumerated().map { Record(id: "f\($0.offset)", text: $0.element) }
    let fuzzyQueries = [
      "zangsan", "zhangshan", "nyf", "niuyifei", "liuyifei", "lu", "nv", "lue", "nve", "nue", "lanjing", "nanzhou",
      "sanghai", "zangsa", "linxinlu", "huijian", "funan", "xiang", "xian", "guang", "guan", "ng", "n", "m", "hng",
      "hm",
      "lengneng", "linning", "cencen", "chenchen", "zheng", "zz", "nl", "ln", "zs",
    ]
    let traditional = [
      "劉德華", "刘德华", "發財", "頭髮", "薴", "苧麻", "苎", "乾隆", "干杯", "著名", "着急", "長城", "東京", "國家",
      "愛會", "\u{9FAD}", "\u{29A0E}", "劉\u{301}", "長\u{FE00}", "裡裏里",
    ].enumerated().map { Record(id: "t\($0.offset)", text: $0.element) }
    let traditionalQueries = [
      "刘德华", "劉德華", "劉德华", "劉", "华", "發", "发", "髮", "苎", "薴", "苧", "乾", "干", "著", "着", "长城", "東京",
      "国家", "爱会", "liudehua", "ldh", "changcheng", "\u{29A0E}", "\u{9FAD}", "刘", "长", "里",
    ]
    let keypad = [
      "刘亦菲", "王菲", "iPhone手机", "138 0013 8000", "张三", "银行行长", "女", "吕", "(010) 6552-1234", "abc 2",
    ].enumerated().map { Record(id: "k\($0.offset)", text: $0.element) }
    let keypadQueries = [
      "548", "593", "54894334", "474663", "9263", "926", "1380013", "138", "58", "68", "2", "5", "5 4 8", "５４８",
      "010", "22", "9264", "94264", "74", "0",
    ]
    var optionSpellings = EnginesInput(
      configuration: IndexConfiguration(maxKeyLength: 8, rareKeyLimit: 1, maxMixedKeyLength: 3, maxFuzzyKeyLength: 4),
      options: SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true), records: fuzzy + keypad,
      queries: [], changes: []
    ).encoded
    // Spellings as above, with flags 128 (fuzzy swaps) and 64 (keypad digits).
    optionSpellings += [0x80, 0x80, 0x05, 0, 0, 1, 0, 128, 0x0A, 0x80, 0x80, 0x05, 1, 0, 2, 1, 129, 0x0A]
    optionSpellings += [0x80, 0x80, 0x05, 24, 0, 2, 0, 64, 0x0A, 0x80, 0x80, 0x05, 6, 0, 3, 2, 192, 0x0A]
    optionSpellings += [0x05, 0x00, 0x05, 9, 0, 1, 1, 132, 0x0A, 0x80, 0x80, 0x05, 2, 0, 0, 0, 65, 0x00]
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
      (
        "fuzzy-every-rule",
        EnginesInput(
          configuration: IndexConfiguration(), options: SearchOptions(fuzzy: .all), records: fuzzy,
          queries: queries(fuzzyQueries, limit: 1000), changes: []
        ).encoded
      ),
      (
        "fuzzy-some-rules-short-keys",
        EnginesInput(
          configuration: IndexConfiguration(
            maxKeyLength: 6, maxKeysPerRecord: 32, rareKeyLimit: 1, maxFuzzyKeyLength: 3),
          options: SearchOptions(fuzzy: [.zZh, .nL, .anAng, .uV]), records: fuzzy + examples,
          queries: queries(fuzzyQueries + ["zangsanliu", "niuyifeiliu", "xianxian"], limit: 20),
          changes: [.add(Record(id: "f0", text: "臧三")), .remove(id: "f1"), .add(Record(id: "n1", text: "牛亦菲"))]
        ).encoded
      ),
      (
        "traditional",
        EnginesInput(
          configuration: IndexConfiguration(), options: SearchOptions(traditional: true),
          records: traditional + examples, queries: queries(traditionalQueries, limit: 1000),
          changes: [.add(Record(id: "t0", text: "刘德華")), .remove(id: "t1")]
        ).encoded
      ),
      (
        "keypad",
        EnginesInput(
          configuration: IndexConfiguration(maxKeyLength: 12, rareKeyLimit: 2), options: SearchOptions(keypad: true),
          records: keypad + examples, queries: queries(keypadQueries, limit: 1000), changes: []
        ).encoded
      ),
      (
        "every-option",
        EnginesInput(
          configuration: IndexConfiguration(
            maxKeyLength: 10, rareKeyLimit: 2, maxMixedKeyLength: 3, maxFuzzyKeyLength: 5),
          options: SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true),
          records: fuzzy + traditional + keypad + SampleContacts.records(count: 8, seed: 10),
          queries: queries(
            ["liuyf", "劉dh", "zangs", "548", "59", "劉德華", "lvdehua", "ndh", "zangsan", "chengc", "926"], limit: 20),
          changes: [.add(Record(id: "m1", text: "劉德华")), .remove(id: "k0"), .add(Record(id: "f2", text: "路"))]
        ).encoded
      ),
      ("option-spellings", optionSpellings),
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
