import PinyinSearch

/// `pinyin-search pinyin TEXT`: each character of TEXT with the readings the search matches.
///
///     $ pinyin-search pinyin 长a
///     长	chang zhang
///     a	-
struct PinyinCommand {
  /// The text to spell.
  var text: String

  /// Parses the arguments after `pinyin`.
  ///
  /// - Throws: A usage error.
  init(parsing arguments: [String]) throws(CommandLineError) {
    let parsed = try Arguments(parsing: arguments, options: [], command: .pinyin)
    text = try parsed.positionals(named: ["TEXT"])[0]
  }

  /// Writes one line per character of `text`.
  func run(in context: inout CommandContext) throws(CommandLineError) {
    for unit in Pinyin.units(of: text) {
      context.output.write(Self.line(for: unit) + "\n")
    }
  }

  /// The character (or its code points, when it would not show), a tab, and its readings
  /// separated by spaces, or `-` without readings.
  static func line(for unit: PinyinUnit) -> String {
    let readings = unit.isHan ? unit.readings.joined(separator: " ") : "-"
    return "\(displayed(unit.character))\t\(readings)"
  }

  /// `character` itself, or `U+XXXX` for each of its scalars when it is a control character
  /// or white space other than the space, which would break or hide the line.
  static func displayed(_ character: Character) -> String {
    let isInvisible =
      (character.isWhitespace && character != " ")
      || character.unicodeScalars.first?.properties.generalCategory == .control
    guard isInvisible else { return String(character) }
    return character.unicodeScalars.map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }.joined(separator: " ")
  }

  /// The one-line usage.
  static let synopsis = "pinyin-search pinyin TEXT"

  /// The help.
  static let help = """
    OVERVIEW: Print each character of TEXT with its pinyin readings.

    USAGE: \(synopsis)

    ARGUMENTS:
      TEXT             Any text; put '--' before a TEXT that starts with '-'.

    OPTIONS:
      -h, --help       Print this help.

    Prints one line per character (grapheme cluster): the character, a tab, and
    its readings as the search spells them (no tones, ü as v), sorted and
    separated by spaces; '-' for a character without readings (not Han). A
    control or white-space character other than the space is shown as U+XXXX.
      长	chang zhang
      a	-

    \(CommandLineTool.exitStatusHelp)

    """
}
