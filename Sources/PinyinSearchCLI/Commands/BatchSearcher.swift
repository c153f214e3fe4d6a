import PinyinSearch

/// What `batch` answers with: a search (query, limit, offset, options or nil for the command's),
/// and the engine that takes the changes of `--json-requests` when it is one that can.
struct BatchSearcher {
  /// The engine that `add` and `remove` requests change; nil when the records are not in
  /// memory in a `HybridEngine` (`--engine scan` or `hash`, `--redis`).
  var changes: HybridEngine?
  /// The search.
  var search: (String, Int, Int, SearchOptions?) throws(CommandLineError) -> [SearchResult]

  /// Writes the batch protocol's answer line for `query`.
  static func write(query: String, results: [SearchResult], to output: inout OutputStream) {
    output.write(atMost: JSON.maximumAnswerByteCount(query: query, results: results) + 1) { writer in
      JSON.appendAnswer(query: query, results: results, to: &writer)
      writer.append(UInt8(ascii: "\n"))
    }
  }

  /// Answers the request on `line` (`BatchRequest`): a search as a plain line is answered,
  /// `{"ok": true}` for a change, `{"error": "…"}` for a line that is not a request, a search
  /// that fails or a change the engine cannot take. Never ends the conversation.
  func answer(request line: ArraySlice<UInt8>, limit: Int, to output: inout OutputStream) {
    do throws(BatchRequest.Failure) {
      switch try BatchRequest(parsing: line) {
      case .search(let query, let requestedLimit, let offset, let options):
        let results: [SearchResult]
        do throws(CommandLineError) {
          results = try search(query, requestedLimit ?? limit, offset, options)
        } catch {
          throw BatchRequest.Failure(message: error.message ?? "the search failed")
        }
        Self.write(query: query, results: results, to: &output)
      case .add(let record):
        try changingEngine().add(record)
        Self.write(line: #"{"ok": true}"#, to: &output)
      case .remove(let id):
        try changingEngine().remove(id: id)
        Self.write(line: #"{"ok": true}"#, to: &output)
      }
    } catch {
      Self.write(line: #"{"error": "# + JSON.quoted(error.message) + "}", to: &output)
    }
  }

  /// The engine that takes changes.
  ///
  /// - Throws: `BatchRequest.Failure` when there is none.
  private func changingEngine() throws(BatchRequest.Failure) -> HybridEngine {
    guard let changes else {
      throw BatchRequest.Failure(
        message: "records can be added and removed only in the hybrid engine (--engine hybrid, without --redis)")
    }
    return changes
  }

  /// Writes `line` and a line feed.
  private static func write(line: String, to output: inout OutputStream) {
    output.write(atMost: line.utf8.count + 1) { writer in
      for byte in line.utf8 { writer.append(byte) }
      writer.append(UInt8(ascii: "\n"))
    }
  }
}
