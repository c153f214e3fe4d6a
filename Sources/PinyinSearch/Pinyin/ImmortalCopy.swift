/// A copy of `array` in storage that lives as long as the process: for the tables decoded once
/// (`PinyinTable`, `SimplifiedFolding`, `SpellingTable`), whose pointers every thread may then
/// read without reference counting.
func immortalCopy<Element>(of array: [Element]) -> UnsafeBufferPointer<Element> {
  let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
  _ = storage.initialize(from: array)
  return UnsafeBufferPointer(rebasing: storage[..<array.count])
}
