/// The initials key of a way of cutting a mixed query (`Way`), held inline so that
/// following thousands of ways allocates nothing: at most `capacity` bytes, a beginning of any
/// longer key standing for it (each record's key begins with it).
struct InitialsKey: Equatable {
  /// The most bytes a key holds.
  static let capacity = 16
  /// The bytes, in memory order.
  private var storage: (UInt64, UInt64) = (0, 0)
  /// The number of bytes.
  private(set) var count = 0

  /// The empty key.
  init() {}

  /// A key of `bytes`, at most `capacity` of them.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self = InitialsKey().appending(UnsafeBufferPointer(rebasing: bytes.prefix(Self.capacity)), limit: Self.capacity)!
  }

  /// This key followed by `bytes`, or nil when it would pass `limit` bytes (at most `capacity`).
  func appending(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> InitialsKey? {
    guard count + bytes.count <= min(limit, Self.capacity) else { return nil }
    var key = self
    withUnsafeMutableBytes(of: &key.storage) { storage in
      for byte in bytes {
        storage[key.count] = byte
        key.count += 1
      }
    }
    return key
  }

  /// Calls `body` with the key's bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withUnsafeBytes(of: storage) { raw in
      body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count]))
    }
  }

  static func == (left: InitialsKey, right: InitialsKey) -> Bool {
    left.count == right.count && left.storage.0 == right.storage.0 && left.storage.1 == right.storage.1
  }
}
