#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Read-only bytes that outlive no reader: a file's contents mapped into memory, or a copy of
/// some bytes in memory of their own, aligned for any integer (a snapshot's sections are read
/// in place from either, through `FlatArray`).
///
/// A file's pages are read as they are first touched and shared with every process that maps
/// the same file. The mapping is private and never written. A file replaced by renaming another
/// over it (as `SnapshotFile.replace` does) stays mapped as it was; a file truncated in place
/// while it is mapped makes the pages past its new end unreadable (the process then receives
/// SIGBUS), as with every memory-mapped store: snapshots are meant to be replaced, not edited
/// in place.
final class MappedBytes: @unchecked Sendable {
  // Sendable: the bytes are never written after `init`.
  /// The bytes.
  let bytes: UnsafeRawBufferPointer
  /// Whether `bytes` is a mapping (unmapped at the end), else an allocation (freed).
  private let isMapping: Bool

  /// Maps the first `size` bytes of the regular file `file`.
  ///
  /// - Throws: `Errno` when the system refuses the mapping.
  init(mapping file: FileDescriptor, size: Int) throws(Errno) {
    isMapping = size > 0
    guard size > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, file.rawValue, 0), address != MAP_FAILED else {
      throw Errno.current
    }
    bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  /// A copy of `source`.
  init(copying source: UnsafeRawBufferPointer) {
    isMapping = false
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
    if source.count > 0 { copy.copyMemory(from: source) }
    bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[..<source.count])
  }

  deinit {
    guard let address = bytes.baseAddress else { return }
    if isMapping {
      munmap(UnsafeMutableRawPointer(mutating: address), bytes.count)
    } else {
      address.deallocate()
    }
  }
}
