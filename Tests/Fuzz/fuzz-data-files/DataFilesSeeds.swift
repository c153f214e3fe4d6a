/// The seed corpus of `fuzz-data-files` (`fuzz-data-files --write-seeds DIR`): small files of
/// each format with the cases their decoders distinguish — good records, every problem, byte
/// order marks, `\r\n`, quoted line breaks, nesting and escapes — with and without `--skip-bad`
/// and column options.
enum DataFilesSeeds {
  /// Each seed, named.
  static func all() -> [(name: String, bytes: [UInt8])] {
    let bom = "\u{FEFF}"
    let tsv = "c1\t刘亦菲\n西安\n\n\tno id\r\nc2\ta\tb\r\nc1\t曾小贤\r\n \t \n"
    let text = "刘亦菲\n\n西安\t市\r\n\r\n  \nlast line without a break"
    let csv = """
      id,name,phone
      c17,刘亦菲,"138 0013 8000"
      "c18","a ""quoted"" name, with a comma",1
      c19,"a line
      break",2
      ,empty id,3
      c20,x"y,4
      c21,"closed"after,5
      c22
      c23,  spaced  ,6

      """.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    let jsonl = """
      {"id": "c17", "text": "刘亦菲", "tags": ["actress", {"a": [1, 2.5e-3, true, false, null]}]}
      {"id": 2, "text": "\\u897F\\u5B89 \\ud83d\\ude00 \\"\\\\\\/\\b\\f\\n\\r\\t"}
      {"id": -1.50E+3, "text": 7}
         \t
      []
      {"id": "", "text": "empty id"}
      {"text": "no id"}
      {"id": "c3", "text": {"nested": 1}}
      {"id": "c4", "text": "unterminated
      {"id": "c5", "text": "x", "id": "again"}
      {"id": "c6", "text": "trailing"} x
      {"name": "名字", "phone": 13800138000, "id": "c7", "text": "ok"}
      """
    return [
      ("tsv", DataFilesInput.encode(tsv, .tsv)),
      ("tsv-bom-skip-bad", DataFilesInput.encode(bom + tsv, .tsv, skipBad: true, batchSize: 2)),
      ("tsv-invalid-utf8", DataFilesInput.encode("c1\ta", .tsv) + [0xFF, 0x0A, 0xC3] + Array("\tb\n".utf8)),
      ("text", DataFilesInput.encode(text, .text, batchSize: 3)),
      ("text-bom-skip-bad", DataFilesInput.encode(bom + text, .text, skipBad: true) + [0x0A, 0xE4, 0xB8]),
      ("csv", DataFilesInput.encode(csv, .csv)),
      ("csv-skip-bad", DataFilesInput.encode(csv, .csv, skipBad: true, batchSize: 2)),
      ("csv-columns-by-number", DataFilesInput.encode(csv, .csv, skipBad: true, id: 6, text: 5)),
      ("csv-columns-by-name", DataFilesInput.encode(bom + csv, .csv, skipBad: true, id: 12, text: 10)),
      ("csv-missing-column", DataFilesInput.encode(csv, .csv, skipBad: true, id: 14)),
      ("csv-one-column", DataFilesInput.encode("name\n刘亦菲\n\"西\n安\"\n", .csv, skipBad: true)),
      ("csv-bad-header", DataFilesInput.encode("id,\"text\nc1,a\n", .csv, skipBad: true)),
      ("jsonl", DataFilesInput.encode(jsonl, .jsonl)),
      ("jsonl-skip-bad", DataFilesInput.encode(jsonl, .jsonl, skipBad: true, batchSize: 4)),
      ("jsonl-fields", DataFilesInput.encode(jsonl, .jsonl, skipBad: true, id: 15, text: 14)),
      ("jsonl-deep", DataFilesInput.encode(String(repeating: "[", count: 300) + "\n{\"id\":1,\"text\":2}", .jsonl)),
    ]
  }
}
