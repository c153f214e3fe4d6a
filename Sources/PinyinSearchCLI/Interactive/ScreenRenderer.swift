import PinyinSearch

/// Draws an `InteractiveSession` into a `ScreenBuffer`: a pure function of the state and the
/// terminal's size, so tests check every character and style without a terminal.
///
/// The screen, top to bottom:
///
///     > lyf                                          the query; the cursor stands in it
///       3,000 records  hash  14 µs  5 matches          status, dim; options; progress while loading
///     > initials    c1893  刘亦菲                    the selected result, in reverse video
///       initials    c1391  李乐福                    kind, id, text; matched part in green
///
/// Results show the kind of match padded to 10 columns (dim; a fuzzy match's followed by a
/// yellow `~`, `KindLabel`), the id padded to the widest id on screen (at most 16 columns,
/// longer ids cut with `~`), and the text, its matched characters bold green. A keypad match
/// shows after its text, two columns apart and in cyan, the letters its digits stand for
/// (`KeypadLetters`):
///
///     > keypad      c1893  刘亦菲  liu                 after typing 548
///
/// A text too long for its row is cut at the last whole character that fits (leaving room for
/// the letters); when that would hide the match, the text's start is dropped instead, shown as
/// `..`, so that the match ends on screen. Every row is cut to the terminal's width by
/// `RowBuilder`, which counts wide characters as two columns.
enum ScreenRenderer {
  /// The rows above the results: the query and the status line.
  static let headerRows = 2
  /// The widest an id column gets.
  static let maximumIDWidth = 16
  /// The width of the kind column: `fullPinyin`.
  static let kindWidth = 10

  /// The screen for `session` on a terminal of `size`.
  static func render(_ session: InteractiveSession, size: TerminalSize) -> ScreenBuffer {
    let columns = max(size.columns, 1)
    var rows: [ScreenRow] = []
    let (queryRow, cursorColumn) = self.queryRow(session.editor, columns: columns)
    rows.append(queryRow)
    rows.append(statusRow(session, columns: columns))
    let visible = session.results.dropFirst(session.scrollOffset).prefix(max(0, size.rows - headerRows))
    let idWidth = min(maximumIDWidth, visible.map { RowBuilder.width(of: $0.id) }.max() ?? 0)
    for (offset, result) in visible.enumerated() {
      let isSelected = session.scrollOffset + offset == session.selection
      let letters = keypadLetters(of: result, in: session)
      rows.append(resultRow(result, isSelected: isSelected, idWidth: idWidth, columns: columns, letters: letters))
    }
    if session.results.isEmpty { rows.append(placeholderRow(session, columns: columns)) }
    rows = Array(rows.prefix(max(size.rows, 1)))
    while rows.count < size.rows { rows.append(ScreenRow()) }
    return ScreenBuffer(size: size, rows: rows, cursor: (0, min(cursorColumn, columns - 1)))
  }

  /// The prompt and the query, scrolled so that the cursor is on screen; and the cursor's column.
  static func queryRow(_ editor: LineEditor, columns: Int) -> (ScreenRow, Int) {
    var builder = RowBuilder(columns: columns)
    builder.append("> ", style: [.bold, .cyan])
    let characters = Array(editor.text)
    // Drop characters from the start until the cursor fits, one column kept for it.
    var first = 0
    var beforeCursor = characters[..<editor.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
    while first < editor.cursor && beforeCursor > builder.remaining - 1 {
      beforeCursor -= DisplayWidth.of(characters[first])
      first += 1
    }
    let cursorColumn = builder.row.width + beforeCursor
    for character in characters[first...] where !builder.append(character, style: []) { break }
    return (builder.row, cursorColumn)
  }

  /// The part of the records indexed so far: those of the last index built, or the running
  /// build's count once it passes them. A hybrid engine that receives records while it builds
  /// starts another build when it finishes; counting records, not the running build's own
  /// fraction, keeps the bar from going back to the start (the records are all loaded by then,
  /// so their count no longer grows).
  static func indexedFraction(_ index: IndexStatus, recordCount: Int) -> Double {
    let indexed = max(index.statistics?.recordCount ?? 0, index.builtRecordCount)
    return Double(indexed) / Double(max(indexed, recordCount, 1))
  }

  /// The options the engine was built with, each with the key that turns it off and on: `mixed
  /// ^X` when the search uses it, `no mixed ^X` when not; empty for an engine without options.
  static func optionParts(_ session: InteractiveSession) -> [(text: String, isOn: Bool)] {
    OptionToggle.allCases.filter { $0.isOn(in: session.builtOptions) }.map { option in
      let isOn = option.isOn(in: session.options)
      return ((isOn ? "" : "no ") + option.label(built: session.builtOptions) + " " + option.keyName, isOn)
    }
  }

  /// The status line: records, path, latency, matches, the options and their keys (the ones on
  /// in cyan), then loading or indexing progress (or, for the scan and hash engines, that the
  /// engine is being built from the records read), and in yellow the skipped records and a
  /// file truncated while it loaded (`truncated: 1.0 MB of 6.3 MB read`).
  static func statusRow(_ session: InteractiveSession, columns: Int) -> ScreenRow {
    var parts = ["\(NumberFormat.grouped(session.engine.count)) records"]
    if let search = session.lastSearch {
      parts.append(search.path.rawValue)
      parts.append("\(NumberFormat.grouped(microseconds(search.latency))) µs")
      let count = NumberFormat.grouped(session.results.count)
      parts.append(
        session.hasMoreResults ? "\(count)+ matches" : "\(count) match\(session.results.count == 1 ? "" : "es")")
    }
    let options = optionParts(session)
    let optionsWidth = options.reduce(0) { $0 + 2 + $1.text.count }
    let load = session.load
    var problems = load.skipped.count > 0 ? "\(NumberFormat.grouped(load.skipped.count)) bad skipped" : ""
    for case .truncated(let read, let expected) in load.warnings {
      // The file shrank while it loaded: the records shown are not all of it.
      let truncated = "truncated: \(NumberFormat.byteCount(read)) of \(NumberFormat.byteCount(expected)) read"
      problems = problems.isEmpty ? truncated : problems + "  " + truncated
    }
    var progress: (label: String, fraction: Double?)?
    var loading: String?
    if let kind = load.building, !load.isFinished {
      // Every record is read; the scan or hash engine is built from them, all at once.
      loading = "\(kind == .hash ? "indexing" : "preparing") \(NumberFormat.grouped(load.recordCount)) records"
    } else if !load.isFinished {
      progress = ("loading", load.fraction)
    } else if session.index.isBuilding, session.index.buildRecordCount > 0 {
      progress = ("indexing", indexedFraction(session.index, recordCount: session.engine.count))
    }
    if let (label, fraction) = progress {
      if let fraction {
        // The bar takes what the line leaves, from 10 to 30 columns.
        let used =
          2 + DisplayWidth.of(parts.joined(separator: "  ")) + optionsWidth + 2 + label.count + 2 + 2 + 5
          + (problems.isEmpty ? 0 : 2 + problems.count)
        let width = max(10, min(30, columns - used))
        let bar = ProgressBar.bar(fraction: fraction, width: width)
        loading = "\(label) \(bar) \(ProgressBar.percentage(fraction))"
      } else {
        loading = "\(label) \(NumberFormat.byteCount(load.consumedByteCount))"
      }
    }
    var builder = RowBuilder(columns: columns)
    builder.append("  " + parts.joined(separator: "  "), style: .dim)
    for option in options {
      builder.append("  ", style: .dim)
      builder.append(option.text, style: option.isOn ? .cyan : .dim)
    }
    if let loading { builder.append("  " + loading, style: .dim) }
    if !problems.isEmpty {
      builder.append("  ", style: .dim)
      builder.append(problems, style: .yellow)
    }
    return builder.row
  }

  /// The whole microseconds in `duration`.
  static func microseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
  }

  /// The letters the digits of the shown query stand for in `result`, when it is a keypad match
  /// (`KeypadLetters`, with the session's fuzzy rules); nil otherwise.
  static func keypadLetters(of result: SearchResult, in session: InteractiveSession) -> String? {
    guard result.kind == .keypad, let query = session.shownQuery else { return nil }
    return KeypadLetters.letters(typing: query, in: result.text, range: result.range, fuzzy: session.options.fuzzy)
  }

  /// One result: marker, kind (and the fuzzy marker), id, text, and a keypad match's `letters`.
  static func resultRow(
    _ result: SearchResult, isSelected: Bool, idWidth: Int, columns: Int, letters: String? = nil
  ) -> ScreenRow {
    let base: TextStyle = isSelected ? .reverse : []
    var builder = RowBuilder(columns: columns)
    builder.append(isSelected ? "> " : "  ", style: base.union(.bold))
    builder.append(result.kind.rawValue, style: base.union(.dim))
    if result.isFuzzy { builder.append(KindLabel.fuzzyMarker, style: base.union(.yellow)) }
    builder.pad(to: 2 + kindWidth + 2, style: base)
    builder.append(cut(result.id, to: idWidth), style: base)
    builder.pad(to: 2 + kindWidth + 2 + idWidth + 2, style: base)
    // The letters keep up to half of what the text may take.
    let reserved = letters.map { min(2 + RowBuilder.width(of: $0), builder.remaining / 2) } ?? 0
    appendText(result.text, match: result.range, to: &builder, style: base, reserving: reserved)
    if let letters {
      builder.append("  ", style: base)
      builder.append(letters, style: base.union(.cyan))
    }
    if isSelected { builder.pad(to: columns, style: base) }
    return builder.row
  }

  /// `id` cut to `width` columns, its last column `~` when it was cut.
  static func cut(_ id: String, to width: Int) -> String {
    guard RowBuilder.width(of: id) > width else { return id }
    var builder = RowBuilder(columns: width - 1)
    builder.append(id)
    return builder.row.text + "~"
  }

  /// Appends `text`, the characters in `match` highlighted, leaving the row's last `reserved`
  /// columns free; drops the start (shown as `..`) when the match would otherwise end past them.
  static func appendText(
    _ text: String, match: Range<Int>, to builder: inout RowBuilder, style: TextStyle, reserving reserved: Int = 0
  ) {
    let characters = Array(text)
    let end = builder.columns - max(0, reserved)
    let matchEnd = min(match.upperBound, characters.count)
    var first = 0
    let throughMatch = RowBuilder.width(of: characters[..<matchEnd])
    if throughMatch > end - builder.row.width {
      var width = throughMatch + 2
      while first < match.lowerBound && width > end - builder.row.width {
        width -= DisplayWidth.of(TerminalText.printable(characters[first]))
        first += 1
      }
      if first > 0 { builder.append("..", style: style.union(.dim)) }
    }
    for position in first..<characters.count {
      let character = characters[position]
      if builder.row.width + DisplayWidth.of(TerminalText.printable(character)) > end { break }
      let isMatched = match.contains(position)
      if !builder.append(character, style: isMatched ? style.union(.match) : style) { break }
    }
  }

  /// What shows where results would: a hint before typing, or that nothing matched.
  static func placeholderRow(_ session: InteractiveSession, columns: Int) -> ScreenRow {
    var builder = RowBuilder(columns: columns)
    if session.query.allSatisfy(\.isWhitespace) {
      builder.append("  Type 刘亦, liuyif or lyf. Up/Down select, Enter prints, Esc quits.", style: .dim)
    } else {
      builder.append(session.load.isFinished ? "  No match." : "  No match yet: still loading.", style: .dim)
    }
    return builder.row
  }
}
