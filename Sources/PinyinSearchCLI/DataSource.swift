import PinyinSearch
import PinyinSearchSamples

/// Where the records to search come from, and the one place that builds an engine from them.
///
/// Options that choose an engine or a saved index add their cases and parameters here, so that
/// every command loads its data the same way.
enum DataSource: Equatable {
  /// The built-in sample contacts, `SampleContacts.builtIn`.
  case builtIn
  /// A TSV data file (see `DataFile`).
  case tsvFile(path: String)

  /// The source named by a `--data` option's value, or the built-in data without one.
  init(dataOption path: String?) {
    self = path.map { .tsvFile(path: $0) } ?? .builtIn
  }

  /// The records, in order; a later record replaces an earlier one with its id.
  ///
  /// - Throws: `CommandLineError` when a data file cannot be read or is malformed.
  func records() throws(CommandLineError) -> [Record] {
    switch self {
    case .builtIn: SampleContacts.builtIn
    case .tsvFile(let path): try DataFile.records(atPath: path)
    }
  }

  /// An engine of kind `kind` holding the records; the hash engine has finished its build.
  ///
  /// - Throws: `CommandLineError` when a data file cannot be read or is malformed.
  func makeEngine(_ kind: EngineKind = .hybrid) throws(CommandLineError) -> any SearchEngine {
    let records = try records()
    switch kind {
    case .scan: return LinearScanEngine(records)
    case .hash: return HashIndexEngine(records)
    case .hybrid: return HybridEngine(records)
    }
  }
}

/// The engines `--engine` chooses from. All answer alike; they differ in speed and start-up.
enum EngineKind: String, CaseIterable, Sendable {
  /// `LinearScanEngine`: matches every record at each query.
  case scan
  /// `HashIndexEngine`: builds the index first, then answers through it only.
  case hash
  /// `HybridEngine`: answers at once by scanning while the index builds in the background.
  case hybrid
}
