/// A search asked for an option that its engine was not built with: an index holds the keys of
/// the options it was built for, and a search may use any subset of them, but no more.
///
///     let engine = HashIndexEngine(records, options: SearchOptions(mixed: true))
///     try engine.search("lyf", options: SearchOptions(keypad: true))
///     // throws: "the search asks for keypad, which the engine was not built with (it has mixed)"
public struct SearchOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The options the search asked for.
  public let requested: SearchOptions
  /// The options the engine was built with.
  public let built: SearchOptions

  /// The error of a search that asked for `requested` from an engine built with `built`.
  public init(requested: SearchOptions, built: SearchOptions) {
    self.requested = requested
    self.built = built
  }

  /// The options asked for beyond those built, as the command line names them (`keypad`,
  /// `fuzzy z-zh,n-l`, `keyboard zhuyin`).
  public var unbuilt: SearchOptions {
    SearchOptions(
      mixed: requested.mixed && !built.mixed, fuzzy: requested.fuzzy.subtracting(built.fuzzy),
      traditional: requested.traditional && !built.traditional, keypad: requested.keypad && !built.keypad,
      keyboard: requested.keyboard == built.keyboard ? nil : requested.keyboard)
  }

  public var description: String {
    "the search asks for \(unbuilt), which the engine was not built with (it has \(built))"
  }
}

extension SearchOptions {
  /// Whether a search with these options may run on an engine built with `built`: each option
  /// on here is on there, each fuzzy rule here is one of its rules, and the keyboard here is
  /// none or the one built.
  public func isSubset(of built: SearchOptions) -> Bool {
    (!mixed || built.mixed) && fuzzy.isSubset(of: built.fuzzy) && (!traditional || built.traditional)
      && (!keypad || built.keypad) && (keyboard == nil || keyboard == built.keyboard)
  }

  /// The options a search that asks for `requested` runs with on an engine built with these:
  /// `requested`, or these when it is nil.
  ///
  /// - Throws: `SearchOptionsError` when `requested` is not a subset of these.
  func resolving(_ requested: SearchOptions?) throws(SearchOptionsError) -> SearchOptions {
    guard let requested else { return self }
    guard requested.isSubset(of: self) else { throw SearchOptionsError(requested: requested, built: self) }
    return requested
  }
}
