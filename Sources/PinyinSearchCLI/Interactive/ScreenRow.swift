/// One line of the screen: styled spans that together take `width` columns, never more than
/// the screen has.
struct ScreenRow: Equatable, Sendable {
  /// The spans, left to right.
  var spans: [StyledSpan] = []
  /// The columns the spans take.
  var width = 0

  /// The row's characters without styles, for tests and logs.
  var text: String { spans.map(\.text).joined() }

  /// The characters drawn in `style` (all of its attributes, maybe more), joined: what a test
  /// checks to see what is highlighted.
  func text(in style: TextStyle) -> String {
    spans.filter { $0.style.isSuperset(of: style) }.map(\.text).joined()
  }
}
