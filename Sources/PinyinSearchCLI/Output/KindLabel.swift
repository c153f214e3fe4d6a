import PinyinSearch

/// The kind of a result as the tool shows it to a person: the kind's name (`MatchKind.rawValue`),
/// followed by `~` when the match is fuzzy (`--fuzzy`), read as "approximately".
///
/// `search` prints the label in a field of 11 columns and a space, so that a fuzzy match's `~`
/// takes the first of the two spaces after the 10 columns of the widest kind and the ids stay
/// aligned; the interactive screen draws the marker in yellow after the dim kind.
///
///     initials    c17  [刘亦菲]
///     fullPinyin~ c2  [张三]
enum KindLabel {
  /// What follows the kind of a fuzzy match.
  static let fuzzyMarker = "~"

  /// The label of `result`: `initials`, `fullPinyin~`, `keypad`, ….
  static func text(for result: SearchResult) -> String {
    result.kind.rawValue + (result.isFuzzy ? fuzzyMarker : "")
  }
}
