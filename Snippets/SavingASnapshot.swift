// Saves an engine's records and index to a snapshot file, then tells what the file holds from
// its header and opens it again in milliseconds, with the options it was built with: no record
// is prepared again and nothing is indexed.

import PinyinSearch

// snippet.hide
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A folder of its own for the file, removed at the end.
var template = Array("/tmp/pinyin-search-snippet-XXXXXX".utf8CString)
guard let folder = mkdtemp(&template) else { fatalError("mkdtemp failed") }
let path = String(cString: folder) + "/contacts.snapshot"
defer {
  unlink(path)
  rmdir(folder)
}

// snippet.show
let records = [Record(id: "c17", text: "刘亦菲"), Record(id: "c20", text: "刘德华")]
let engine = HashIndexEngine(records, options: SearchOptions(mixed: true))
try engine.save(toSnapshot: path)  // replaces any file there atomically

let info = try SnapshotInfo(contentsOfSnapshot: path)  // reads the header only
print(info.recordCount, info.options)

// Off the caller's thread, with the options it was built with (mixed input).
let reopened = try await HybridEngine.open(contentsOfSnapshot: path)
print(reopened.search("刘dh").map(\.text))

// Brings it up to date with the source (only changes are prepared) and saves it again.
let summary = reopened.synchronize(with: [Record(id: "c17", text: "刘亦菲"), Record(id: "c2", text: "西安")])
print(summary.added, summary.replaced, summary.removed, summary.unchanged)
try reopened.save(toSnapshot: path)
let checked = try HashIndexEngine(contentsOfSnapshot: path, validation: .complete)  // for files from elsewhere
print(checked.search("xian").map(\.text))
