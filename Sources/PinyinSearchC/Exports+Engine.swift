import PinyinSearch

// The engine's life and records: pinyinsearch_engine_create, _open, _save, _close, _add, _remove,
// _count, _wait_until_indexed. Each is documented in include/pinyinsearch.h, the reference.

/// `pinyinsearch_engine_create`: a `HybridEngine` of the records, under the options.
@_cdecl("pinyinsearch_engine_create")
public func pinyinSearchEngineCreate(
  _ records: UnsafeRawPointer?, _ count: Int, _ options: UnsafePointer<CChar>?,
  _ engine: UnsafeMutablePointer<UInt64>?, _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_engine_create"
    guard let engine else { throw CFailure.null("engine", in: function) }
    let options = try CInput.options(options, in: function) ?? .default
    let records = try CInput.records(records, count: count, in: function)
    engine.pointee = engines.insert(HybridEngine(records, options: options))
  }
}

/// `pinyinsearch_engine_open`: a `HybridEngine` from a snapshot file.
@_cdecl("pinyinsearch_engine_open")
public func pinyinSearchEngineOpen(
  _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<CChar>?, _ engine: UnsafeMutablePointer<UInt64>?,
  _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_engine_open"
    guard let engine else { throw CFailure.null("engine", in: function) }
    guard let path = try CInput.cString(path, what: "path", in: function) else {
      throw CFailure.null("path", in: function)
    }
    let options = try CInput.options(options, in: function)
    do throws(SnapshotError) {
      engine.pointee = engines.insert(try HybridEngine(contentsOfSnapshot: path, options: options))
    } catch {
      throw CFailure(snapshot: error, in: function)
    }
  }
}

/// `pinyinsearch_engine_save`: the engine's records and index to a snapshot file.
@_cdecl("pinyinsearch_engine_save")
public func pinyinSearchEngineSave(
  _ handle: UInt64, _ path: UnsafePointer<CChar>?, _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_engine_save"
    let engine = try engines.engine(handle, in: function)
    guard let path = try CInput.cString(path, what: "path", in: function) else {
      throw CFailure.null("path", in: function)
    }
    do throws(SnapshotError) {
      try engine.save(toSnapshot: path)
    } catch {
      throw CFailure(snapshot: error, in: function)
    }
  }
}

/// `pinyinsearch_engine_close`: the handle's end; the engine ends with the last call using it.
@_cdecl("pinyinsearch_engine_close")
public func pinyinSearchEngineClose(_ handle: UInt64, _ error: UnsafeMutableRawPointer?) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    guard engines.remove(handle) != nil else {
      throw CFailure(
        status: .invalidHandle, message: "pinyinsearch_engine_close: \(handle) is not an open engine's handle")
    }
  }
}

/// `pinyinsearch_engine_add`: adds or replaces records, all checked first.
@_cdecl("pinyinsearch_engine_add")
public func pinyinSearchEngineAdd(
  _ handle: UInt64, _ records: UnsafeRawPointer?, _ count: Int, _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_engine_add"
    let engine = try engines.engine(handle, in: function)
    engine.add(contentsOf: try CInput.records(records, count: count, in: function))
  }
}

/// `pinyinsearch_engine_remove`: removes the record with the id.
@_cdecl("pinyinsearch_engine_remove")
public func pinyinSearchEngineRemove(
  _ handle: UInt64, _ id: UnsafePointer<CChar>?, _ length: Int, _ removed: UnsafeMutablePointer<Int32>?,
  _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_engine_remove"
    let engine = try engines.engine(handle, in: function)
    let id = try CInput.string(id, length: length, what: "id", in: function)
    let wasThere = engine.remove(id: id)
    removed?.pointee = wasThere ? 1 : 0
  }
}

/// `pinyinsearch_engine_count`: the number of records.
@_cdecl("pinyinsearch_engine_count")
public func pinyinSearchEngineCount(
  _ handle: UInt64, _ count: UnsafeMutablePointer<Int>?, _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_engine_count"
    guard let count else { throw CFailure.null("count", in: function) }
    count.pointee = try engines.engine(handle, in: function).count
  }
}

/// `pinyinsearch_engine_options`: the options the engine searches with, as an options string.
@_cdecl("pinyinsearch_engine_options")
public func pinyinSearchEngineOptions(
  _ handle: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ length: UnsafeMutablePointer<Int>?,
  _ error: UnsafeMutableRawPointer?
) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    let function = "pinyinsearch_engine_options"
    guard let length else { throw CFailure.null("length", in: function) }
    let options = Array(try engines.engine(handle, in: function).options.parsableDescription.utf8)
    length.pointee = options.count
    guard capacity > options.count, let buffer else { return }
    options.withUnsafeBufferPointer { bytes in
      UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    }
    buffer[options.count] = 0
  }
}

/// `pinyinsearch_engine_wait_until_indexed`: blocks until the background build is done.
@_cdecl("pinyinsearch_engine_wait_until_indexed")
public func pinyinSearchEngineWaitUntilIndexed(_ handle: UInt64, _ error: UnsafeMutableRawPointer?) -> Int32 {
  CFailure.reporting(into: error) { () throws(CFailure) in
    try engines.engine(handle, in: "pinyinsearch_engine_wait_until_indexed").waitUntilIndexed()
  }
}

extension CFailure {
  /// The failure for a snapshot error of `function`: `.optionNotBuilt` for a snapshot built
  /// for other options, `.snapshot` for the rest.
  init(snapshot error: SnapshotError, in function: String) {
    if case .options = error {
      self.init(status: .optionNotBuilt, message: "\(function): \(error)")
    } else {
      self.init(status: .snapshot, message: "\(function): \(error)")
    }
  }
}
