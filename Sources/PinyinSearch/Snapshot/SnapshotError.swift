/// Why a snapshot could not be opened or saved: what was expected and what was found.
///
/// `isIncompatible` errors (another format version, pinyin table or set of search options) mean
/// the file is sound but not for this engine: rebuild it from the source data. All others
/// mean the file is damaged, missing or not a snapshot.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be opened, read or written; `errno` is the C library's reason.
  case io(operation: String, path: String, errno: Errno)
  /// The path names a directory.
  case isDirectory(path: String)
  /// The file is empty.
  case empty(path: String)
  /// The file is shorter than its header says.
  case truncated(path: String, expectedBytes: Int, foundBytes: Int)
  /// The file does not start with the snapshot magic: it is not a snapshot.
  case notASnapshot(path: String)
  /// The file was written in another format version.
  case formatVersion(path: String, expected: UInt32, found: UInt32)
  /// The file was written with another pinyin table (another Unihan version or generator).
  case pinyinTable(path: String, expected: UInt64, found: UInt64)
  /// The contents do not match the checksum in the header: the file is damaged.
  case checksum(path: String, expected: UInt64, found: UInt64)
  /// A part of the file is inconsistent (an offset or length out of range, invalid UTF-8, …).
  case corrupt(path: String, reason: String)
  /// The file is sound in structure, but what it stores differs from what its records give
  /// (found by ``SnapshotValidation/complete`` only): it was crafted, or edited and resealed.
  case inconsistent(path: String, SnapshotDifference)
  /// The file was built for other search options than the engine opening it asks for: sound,
  /// but an index of other keys.
  case options(path: String, expected: SearchOptions, found: SearchOptions)

  /// Whether the file is a sound snapshot of another format version or pinyin table, which a
  /// caller with the source data should rebuild rather than report.
  public var isIncompatible: Bool {
    switch self {
    case .formatVersion, .pinyinTable, .options: true
    default: false
    }
  }

  /// The file the error is about.
  public var path: String {
    switch self {
    case .io(_, let path, _), .isDirectory(let path), .empty(let path), .truncated(let path, _, _),
      .notASnapshot(let path), .formatVersion(let path, _, _), .pinyinTable(let path, _, _),
      .checksum(let path, _, _), .corrupt(let path, _), .inconsistent(let path, _), .options(let path, _, _):
      path
    }
  }

  /// A one-line message naming the file and the problem.
  public var description: String {
    switch self {
    case .io(let operation, let path, let errno): "\(path): cannot \(operation): \(errno)"
    case .isDirectory(let path): "\(path): is a directory, not a snapshot"
    case .empty(let path): "\(path): empty file, not a snapshot"
    case .truncated(let path, let expected, let found):
      "\(path): truncated snapshot: \(found) bytes, the header says \(expected)"
    case .notASnapshot(let path): "\(path): not a PinyinSearch snapshot (wrong magic)"
    case .formatVersion(let path, let expected, let found):
      "\(path): snapshot format version \(found), this program reads version \(expected)"
    case .pinyinTable(let path, let expected, let found):
      "\(path): snapshot written with another pinyin table (\(Self.hex(found)), this program has \(Self.hex(expected)))"
    case .checksum(let path, let expected, let found):
      "\(path): damaged snapshot: checksum \(Self.hex(found)), the header says \(Self.hex(expected))"
    case .corrupt(let path, let reason): "\(path): damaged snapshot: \(reason)"
    case .inconsistent(let path, let difference): "\(path): inconsistent snapshot: \(difference)"
    case .options(let path, let expected, let found):
      "\(path): snapshot built for search options \(found), not \(expected)"
    }
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
  }
}
