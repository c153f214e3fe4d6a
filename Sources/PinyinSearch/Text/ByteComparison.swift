/// Whether `count` bytes at `lhs` and `rhs` are equal; a plain loop, since the matcher and the
/// index compare short runs (a unit, a syllable, a key of at most a few dozen bytes).
@inline(__always)
func bytesEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
  var index = 0
  while index < count {
    if lhs[index] != rhs[index] { return false }
    index &+= 1
  }
  return true
}

/// Whether `lhs` comes before `rhs` comparing UTF-8 bytes (not `String <`, which compares
/// canonical equivalents as equal).
///
///     utf8Precedes("Z", "a")  // true: 0x5A < 0x61
@inline(__always)
func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
  utf8Compare(lhs, rhs) < 0
}

/// The order of `lhs` and `rhs` by their UTF-8 bytes: negative, zero or positive as `lhs` comes
/// before, equals or comes after `rhs`; over contiguous bytes where the strings have them.
func utf8Compare(_ lhs: String, _ rhs: String) -> Int {
  let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
    rhs.utf8.withContiguousStorageIfAvailable { right -> Int in
      let common = min(left.count, right.count)
      for index in 0..<common where left[index] != right[index] { return left[index] < right[index] ? -1 : 1 }
      return left.count - right.count
    }
  }
  if let order = fast ?? nil { return order }
  if lhs.utf8.elementsEqual(rhs.utf8) { return 0 }
  return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
}

/// The order of two byte strings: negative, zero or positive as `lhs` comes before, equals or
/// comes after `rhs`, byte by byte, a prefix first.
@inline(__always)
func bytesCompare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
  let common = min(lhs.count, rhs.count)
  var index = 0
  while index < common {
    if lhs[index] != rhs[index] { return lhs[index] < rhs[index] ? -1 : 1 }
    index &+= 1
  }
  return lhs.count - rhs.count
}
