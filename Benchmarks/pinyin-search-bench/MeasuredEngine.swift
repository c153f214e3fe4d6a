import PinyinSearch

/// An engine the benchmark prepares and queries, with its own count of its bytes where it has one.
protocol MeasuredEngine: SearchEngine {
  /// The bytes the engine says it occupies; nil when it does not say.
  var ownByteCount: Int? { get }
}

extension LinearScanEngine: MeasuredEngine {
  var ownByteCount: Int? { nil }
}

extension HashIndexEngine: MeasuredEngine {
  var ownByteCount: Int? { statistics.indexByteCount + statistics.recordByteCount }
}

extension OriginalEngine: MeasuredEngine {
  var ownByteCount: Int? { byteCount }
}
