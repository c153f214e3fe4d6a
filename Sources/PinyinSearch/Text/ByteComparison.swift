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
