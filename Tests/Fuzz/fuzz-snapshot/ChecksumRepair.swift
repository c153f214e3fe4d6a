#if DEBUG || FUZZING
  @testable import PinyinSearch
#endif

/// Gives mutated snapshots a valid checksum, so that the decoder's later checks are reached.
///
/// The one place where `fuzz-snapshot` depends on the format's internals (Docs/SnapshotFormat.md:
/// the 88-byte header, the checksum field at bytes 24 ..< 32, `SnapshotChecksum`), reached with
/// `@testable import` in debug builds and in the fuzz build, which enables testing; everything
/// else goes through the public API.
enum ChecksumRepair {
  /// Where the little-endian checksum field starts.
  static let checksumOffset = 24

  /// `bytes` with the checksum field set to their checksum; nil when they are shorter than a
  /// header, and in builds without testability (release builds), which cannot compute it.
  static func repaired(_ bytes: [UInt8]) -> [UInt8]? {
    #if DEBUG || FUZZING
      guard bytes.count >= Snapshot.headerSize else { return nil }
      var repaired = bytes
      let checksum = bytes.withUnsafeBytes { SnapshotChecksum.of(snapshot: $0, headerSize: Snapshot.headerSize) }
      for index in 0..<8 { repaired[checksumOffset + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
      return repaired
    #else
      return nil
    #endif
  }
}
