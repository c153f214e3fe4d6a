/// How the benchmark finds a program outside it that it measures beside the library: PinIn's
/// python, or the `pinyin-search` executable.
enum PeerSetting: Equatable {
  /// Where the benchmark looks by default; a missing program skips its measurement with a note.
  case automatic
  /// The program given on the command line; a missing one is noted the same way.
  case path(String)
  /// Not measured (`--no-pinin`, `--no-batch`).
  case disabled
}
