/// A run of characters drawn in one style.
struct StyledSpan: Equatable, Sendable {
  /// The characters, already made safe to print (no control characters).
  var text: String
  /// How they are drawn.
  var style: TextStyle
}
