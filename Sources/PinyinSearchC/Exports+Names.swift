import PinyinSearch

// Static strings: pinyinsearch_version, pinyinsearch_status_name, pinyinsearch_kind_name.

/// A static string as a C string: Swift's string literals are stored with a NUL after them.
private func cString(_ string: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(string.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// `pinyinsearch_version`: the library's version.
@_cdecl("pinyinsearch_version")
public func pinyinSearchVersion() -> UnsafePointer<CChar> {
  cString("0.3.0")
}

/// `pinyinsearch_status_name`: a status's name.
@_cdecl("pinyinsearch_status_name")
public func pinyinSearchStatusName(_ status: Int32) -> UnsafePointer<CChar> {
  if status == 0 { return cString("ok") }
  return cString(CFailure.Status(rawValue: status)?.name ?? "unknown status")
}

/// `pinyinsearch_kind_name`: a kind's name as the batch protocol writes it, or NULL.
@_cdecl("pinyinsearch_kind_name")
public func pinyinSearchKindName(_ kind: Int32) -> UnsafePointer<CChar>? {
  guard kind >= 0, kind < MatchKind.allCases.count else { return nil }
  switch MatchKind.allCases[Int(kind)] {
  case .literal: return cString("literal")
  case .fullPinyin: return cString("fullPinyin")
  case .initials: return cString("initials")
  case .mixed: return cString("mixed")
  case .keypad: return cString("keypad")
  }
}
