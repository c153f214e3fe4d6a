// Builds an engine from records and searches it as the user types: a query matches literally
// (phone digits across their spaces too), as full pinyin that may stop inside a syllable, or as
// initials, best matches first, each with the range of characters it matched.

import PinyinSearch

// Searchable at once: the index builds in the background. Thread-safe.
let contacts = HybridEngine([
  Record(id: "c17", text: "刘亦菲"),
  Record(id: "c2", text: "西安"),
  Record(id: "c9", text: "先"),
  Record(id: "c30", text: "138 0013 8000"),
])
for query in ["lyf", "xian", "1380013"] {
  for result in contacts.search(query, limit: 20) {
    print(query, result.kind, result.id, result.text, result.range)
  }
}
contacts.add(Record(id: "c3", text: "王安"))  // seen by the next search
print(contacts.search("an").map(\.text))
