/// The release the tool belongs to: what `pinyin-search --version` prints, and the version of the
/// first entry of CHANGELOG.md (`VersionTests` holds the two together). Change it, and add that
/// entry, when a release is tagged.
enum ToolVersion {
  /// The version, `MAJOR.MINOR.PATCH` as semantic versioning and SwiftPM's `from:` read it.
  static let current = "0.3.0"

  /// The line `--version` prints: `pinyin-search 0.3.0`.
  static var line: String { "pinyin-search \(current)\n" }
}
