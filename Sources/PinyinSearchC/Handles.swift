import PinyinSearch

/// The engines C callers hold, by handle (bit 63 clear).
let engines = HandleTable<HybridEngine>(tag: 0)

/// The result pages C callers hold, by handle (bit 63 set).
let pages = HandleTable<ResultPage>(tag: 1)

extension HandleTable where Object == HybridEngine {
  /// The engine of `handle`.
  ///
  /// - Throws: `CFailure` with `.invalidHandle` when `handle` is not a live engine's.
  func engine(_ handle: UInt64, in function: String) throws(CFailure) -> HybridEngine {
    guard let engine = object(for: handle) else {
      throw CFailure(status: .invalidHandle, message: "\(function): \(handle) is not an open engine's handle")
    }
    return engine
  }
}

extension HandleTable where Object == ResultPage {
  /// The page of `handle`.
  ///
  /// - Throws: `CFailure` with `.invalidHandle` when `handle` is not a live page's.
  func page(_ handle: UInt64, in function: String) throws(CFailure) -> ResultPage {
    guard let page = object(for: handle) else {
      throw CFailure(status: .invalidHandle, message: "\(function): \(handle) is not a page's handle (freed?)")
    }
    return page
  }
}
