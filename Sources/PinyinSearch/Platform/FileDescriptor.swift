#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file of the C library, with the few operations snapshots need; every call retries
/// when a signal interrupts it (`EINTR`) and reports failure as an `Errno`.
///
/// Not part of the library's API: the command-line tool reads and writes its own files through
/// it too (`@_spi(CommandLineTool) import PinyinSearch`), so that the package has one layer of
/// file calls.
///
///     let file = try FileDescriptor.open("contacts.snapshot", .readOnly)
///     defer { file.close() }
///     let size = try file.status().size
@_spi(CommandLineTool) public struct FileDescriptor: RawRepresentable, Sendable {
  /// The C descriptor.
  public let rawValue: Int32

  /// The open file numbered `rawValue`.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// How a file is opened.
  public enum AccessMode: Sendable {
    /// For reading.
    case readOnly
    /// For writing, created (with permissions 0644 before the umask) or truncated.
    case writeCreatingOrTruncating
    /// For writing, a new file with `permissions` (before the umask): fails with `.fileExists`
    /// when anything is at the path, a symbolic link included, which is never followed.
    case createNew(permissions: UInt32)
    /// A folder, to flush its entries with `synchronize()`.
    case folder
  }

  /// What `fstat` says of a file that matters here.
  public struct Status: Sendable {
    /// The size in bytes.
    public var size: Int
    /// Whether the file is a directory.
    public var isDirectory: Bool
    /// Whether the file is a regular file (not a pipe, terminal, directory, …).
    public var isRegularFile: Bool
    /// The permission bits, set-user-ID, set-group-ID and sticky included (`st_mode & 0o7777`).
    public var permissions: UInt32
    /// The owner's user id.
    public var owner: UInt32
    /// The group id.
    public var group: UInt32

    /// The status `stat` or `fstat` filled in.
    init(_ information: stat) {
      let type = information.st_mode & S_IFMT
      size = Int(information.st_size)
      isDirectory = type == S_IFDIR
      isRegularFile = type == S_IFREG
      permissions = UInt32(information.st_mode) & 0o7777
      owner = UInt32(information.st_uid)
      group = UInt32(information.st_gid)
    }
  }

  /// Opens the file at `path`; the descriptor is not inherited by child processes.
  public static func open(_ path: String, _ mode: AccessMode) throws(Errno) -> FileDescriptor {
    var permissions: UInt32 = 0o644
    let flags: Int32
    switch mode {
    case .readOnly: flags = O_RDONLY
    case .writeCreatingOrTruncating: flags = O_WRONLY | O_CREAT | O_TRUNC
    case .createNew(let newPermissions):
      flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
      permissions = newPermissions
    case .folder: flags = O_RDONLY | O_DIRECTORY
    }
    while true {
      #if canImport(Glibc)
        let descriptor = Glibc.open(path, flags | O_CLOEXEC, mode_t(truncatingIfNeeded: permissions))
      #elseif canImport(Musl)
        let descriptor = Musl.open(path, flags | O_CLOEXEC, mode_t(truncatingIfNeeded: permissions))
      #elseif canImport(Darwin)
        let descriptor = Darwin.open(path, flags | O_CLOEXEC, mode_t(truncatingIfNeeded: permissions))
      #endif
      if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
      if errno != EINTR { throw Errno.current }
    }
  }

  /// The file's size, type, permissions and owner.
  public func status() throws(Errno) -> Status {
    var information = stat()
    guard fstat(rawValue, &information) == 0 else { throw Errno.current }
    return Status(information)
  }

  /// Sets the file's permission bits (`fchmod`).
  func setPermissions(_ permissions: UInt32) throws(Errno) {
    guard fchmod(rawValue, mode_t(truncatingIfNeeded: permissions)) == 0 else { throw Errno.current }
  }

  /// Sets the file's owner and group (`fchown`); only a privileged process may give a file away,
  /// and only to a group it belongs to otherwise.
  func setOwner(_ owner: UInt32, group: UInt32) throws(Errno) {
    guard fchown(rawValue, uid_t(owner), gid_t(group)) == 0 else { throw Errno.current }
  }

  /// Reads at most `buffer.count` bytes into `buffer`; returns how many, 0 at the end of the file.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    while true {
      #if canImport(Glibc)
        let count = Glibc.read(rawValue, base, buffer.count)
      #elseif canImport(Musl)
        let count = Musl.read(rawValue, base, buffer.count)
      #elseif canImport(Darwin)
        let count = Darwin.read(rawValue, base, buffer.count)
      #endif
      if count >= 0 { return count }
      if errno != EINTR { throw Errno.current }
    }
  }

  /// Writes all of `bytes`, continuing after partial writes.
  public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    guard var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      #if canImport(Glibc)
        let count = Glibc.write(rawValue, next, remaining)
      #elseif canImport(Musl)
        let count = Musl.write(rawValue, next, remaining)
      #elseif canImport(Darwin)
        let count = Darwin.write(rawValue, next, remaining)
      #endif
      if count < 0 {
        if errno == EINTR { continue }
        throw Errno.current
      }
      next += count
      remaining -= count
    }
  }

  /// Flushes the file's data (and, for a folder, its entries) to the disk.
  public func synchronize() throws(Errno) {
    guard fsync(rawValue) == 0 else { throw Errno.current }
  }

  /// Closes the file; an error (a failed delayed write on some file systems) is thrown.
  public func close() throws(Errno) {
    #if canImport(Glibc)
      let status = Glibc.close(rawValue)
    #elseif canImport(Musl)
      let status = Musl.close(rawValue)
    #elseif canImport(Darwin)
      let status = Darwin.close(rawValue)
    #endif
    // After EINTR the descriptor is closed on Linux and Darwin: never retry.
    guard status == 0 || errno == EINTR else { throw Errno.current }
  }
}
