// Builds one index with several options and searches it with any subset of them, per search:
// a settings switch ("fuzzy pinyin: on") needs no rebuild. An option the engine was not built
// with is a `SearchOptionsError` naming it.

import PinyinSearch

let people = [Record(id: "c17", text: "刘亦菲"), Record(id: "c20", text: "劉德華"), Record(id: "c5", text: "张三")]
let options = SearchOptions(mixed: true, fuzzy: [.zZh], traditional: true, keypad: true)
let engine = HashIndexEngine(people, options: options)

print(engine.search("刘dh").map(\.text))  // the engine's own options: mixed input, traditional
print(try engine.search("刘dh", options: SearchOptions()).map(\.text))  // none of them
print(try engine.search("zangsan", options: SearchOptions(fuzzy: [.zZh])).map(\.text))  // z as zh
print(try engine.search("593", options: SearchOptions(keypad: true)).map(\.text))  // l-y-f on a keypad
do {
  _ = try engine.search("nyf", options: SearchOptions(fuzzy: [.nL]))
} catch {
  print(error)  // n-l was not built
}
