import PinyinSearch

/// One line of `pinyin-search batch --json-requests`: a JSON object that asks for a search, or
/// for a record to be added or removed.
///
///     {"query": "lyf", "limit": 5, "offset": 0, "options": {"mixed": true, "fuzzy": "z-zh"}}
///     {"add": {"id": "c9", "text": "王五", "rank": 3}}
///     {"remove": "c9"}
///
/// Strict: one of `query`, `add`, `remove` and nothing else beside it (but `limit`, `offset` and
/// `options` beside `query`); integers within their ranges; option names as `SearchOptions` has
/// them, `fuzzy` a rule list as on the command line (`FuzzyRules(list:)`), `false` or `null`.
enum BatchRequest: Equatable {
  /// A search; nil `limit` is the command's `--limit`, nil `options` the engine's own.
  case search(query: String, limit: Int?, offset: Int, options: SearchOptions?)
  /// A record to add, or to replace the one with its id.
  case add(Record)
  /// The id of a record to remove.
  case remove(id: String)

  /// Why a line is not a request: the message of its `{"error": …}` answer.
  struct Failure: Error, Equatable {
    /// What is wrong, and where.
    var message: String
  }

  /// The request on `line`.
  ///
  /// - Throws: `Failure` for a line that is not valid UTF-8, not JSON, or not a request.
  /// - Complexity: O(n) in the length of `line`.
  init(parsing line: ArraySlice<UInt8>) throws(Failure) {
    guard line.isValidUTF8 else { throw Failure(message: "the line is not valid UTF-8") }
    let parsed: JSONLineParser.Line
    do throws(JSONLineParser.SyntaxError) {
      parsed = try JSONLineParser(wanted: nil).parse(line)
    } catch {
      throw Failure(message: "invalid JSON at character \(error.column): \(error.reason)")
    }
    guard case .object(let fields) = parsed else { throw Failure(message: "a request is a JSON object") }
    if let query = fields["query"] {
      try Self.refuseOthers(in: fields, beside: ["query", "limit", "offset", "options"], in: "a search")
      let limit = try fields["limit"].map { value throws(Failure) in try Self.count(value, "limit") }
      let offset = try fields["offset"].map { value throws(Failure) in try Self.count(value, "offset") }
      let options = try fields["options"].map { value throws(Failure) in try Self.options(value) }
      self = .search(query: try Self.string(query, "query"), limit: limit, offset: offset ?? 0, options: options)
    } else if let add = fields["add"] {
      try Self.refuseOthers(in: fields, beside: ["add"], in: "an \"add\" request")
      self = .add(try Self.record(add))
    } else if let remove = fields["remove"] {
      try Self.refuseOthers(in: fields, beside: ["remove"], in: "a \"remove\" request")
      self = .remove(id: try Self.string(remove, "remove"))
    } else {
      throw Failure(message: "a request has \"query\", \"add\" or \"remove\"")
    }
  }

  /// Fails naming the first field of `fields` (in name order) not in `allowed`, in `place`.
  private static func refuseOthers(
    in fields: [String: JSONLineParser.Value], beside allowed: Set<String>, in place: String
  ) throws(Failure) {
    if let unknown = fields.keys.filter({ !allowed.contains($0) }).min() {
      throw Failure(message: "unknown field \(JSON.quoted(unknown)) in \(place)")
    }
  }

  /// The string `value` of field `name`.
  private static func string(_ value: JSONLineParser.Value, _ name: String) throws(Failure) -> String {
    guard case .string(let text) = value else {
      throw Failure(message: "\"\(name)\" must be a string, not \(value.name)")
    }
    return text
  }

  /// The non-negative integer `value` of field `name` (at most `Int.max`).
  private static func count(_ value: JSONLineParser.Value, _ name: String) throws(Failure) -> Int {
    guard case .number(let text) = value, let number = Int(text), number >= 0 else {
      throw Failure(message: "\"\(name)\" must be an integer from 0 to \(Int.max), not \(value.description)")
    }
    return number
  }

  /// The record of an `add` request's object.
  private static func record(_ value: JSONLineParser.Value) throws(Failure) -> Record {
    guard case .object(let fields) = value else {
      throw Failure(message: "\"add\" must be an object, not \(value.name)")
    }
    try refuseOthers(in: fields, beside: ["id", "text", "rank"], in: "\"add\"")
    guard let id = fields["id"], let text = fields["text"] else {
      throw Failure(message: "\"add\" needs \"id\" and \"text\"")
    }
    let record = Record(id: try string(id, "id"), text: try string(text, "text"))
    guard !record.id.isEmpty else { throw Failure(message: "\"id\" must not be empty") }
    guard let rank = fields["rank"] else { return record }
    guard case .number(let digits) = rank, let value = Int64(digits) else {
      throw Failure(message: "\"rank\" must be an integer within signed 64 bits, not \(rank.description)")
    }
    return Record(id: record.id, text: record.text, rank: value)
  }

  /// The options of a search's `options` object: those named true (`fuzzy`: its rules), all
  /// others off.
  private static func options(_ value: JSONLineParser.Value) throws(Failure) -> SearchOptions {
    guard case .object(let fields) = value else {
      throw Failure(message: "\"options\" must be an object, not \(value.name)")
    }
    try refuseOthers(
      in: fields, beside: ["mixed", "fuzzy", "traditional", "keypad", "keyboard"], in: "\"options\"")
    var options = SearchOptions()
    options.mixed = try flag(fields["mixed"], "mixed")
    options.traditional = try flag(fields["traditional"], "traditional")
    options.keypad = try flag(fields["keypad"], "keypad")
    switch fields["fuzzy"] {
    case nil, .other("null"), .other("false"): break
    case .string(let list):
      do throws(FuzzyRules.UnknownName) {
        options.fuzzy = try FuzzyRules(list: list)
      } catch {
        throw Failure(message: "unknown fuzzy rule \(JSON.quoted(error.name)) in \(JSON.quoted(list))")
      }
    case .some(let other):
      throw Failure(message: "\"fuzzy\" must be a string of rules, false or null, not \(other.name)")
    }
    switch fields["keyboard"] {
    case nil, .other("null"): break
    case .string(let name):
      guard let keyboard = Keyboard(rawValue: name) else {
        throw Failure(message: "unknown keyboard \(JSON.quoted(name))")
      }
      options.keyboard = keyboard
    case .some(let other):
      throw Failure(message: "\"keyboard\" must be a scheme's name or null, not \(other.name)")
    }
    return options
  }

  /// The boolean `value` of option `name` (absent: false).
  private static func flag(_ value: JSONLineParser.Value?, _ name: String) throws(Failure) -> Bool {
    switch value {
    case nil, .other("false"): return false
    case .other("true"): return true
    case .some(let other): throw Failure(message: "\"\(name)\" must be true or false, not \(other.name)")
    }
  }
}

extension JSONLineParser.Value {
  /// The value for a message: a number as written, otherwise its name.
  var description: String {
    if case .number(let text) = self { return text }
    return name
  }
}
