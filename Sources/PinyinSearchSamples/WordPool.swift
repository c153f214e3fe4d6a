/// A list of words to draw from uniformly, parsed once from one string literal.
///
/// Pools are written as one literal split at run time, not as array literals: the type checker
/// is slow on large array literals, and a literal keeps each pool compact in the source.
///
///     let colours = WordPool("red green blue")
///     colours.words  // ["red", "green", "blue"]
struct WordPool: Sendable {
  /// The words, in the order they appear in the literal.
  let words: [String]

  /// Parses `list`, whose words are separated by `separator` and line breaks; empty words are
  /// skipped, so that a literal may be wrapped and indented freely.
  init(_ list: String, separator: Character = " ") {
    words = list.split(whereSeparator: { $0 == separator || $0 == "\n" }).map(String.init)
    precondition(!words.isEmpty, "A word pool needs at least one word")
  }
}
