// Waits for the background index in async code, without blocking a thread, while a task follows
// its progress. Searches need no waiting: before the index is ready they scan, with the same
// answers, so `search` stays synchronous (it takes microseconds).

import PinyinSearch

let contacts = HybridEngine((1...20_000).map { Record(id: "p\($0)", text: "刘亦菲 \($0)") })
let progress = Task {
  for await status in contacts.statusUpdates where status.isHashPathReady && !status.isBuilding {
    return status.statistics?.recordCount ?? 0
  }
  return 0
}
print(contacts.search("lyf 12345").map(\.id))  // answered at once, by a scan if need be
await contacts.indexed()  // resumes once the index is built
print(contacts.status.isHashPathReady, await progress.value)
