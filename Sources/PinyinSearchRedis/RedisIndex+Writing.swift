import Dispatch
import PinyinSearch
import RedisCluster

extension RedisIndex {
  /// The most records read or written in one pipelined batch.
  static let batchSize = 1_000

  /// Adds `records`, or replaces the text and rank of those whose id exists; a later record
  /// replaces an earlier one with its id. Records whose text and rank are unchanged are not
  /// written.
  ///
  /// The records go in batches of 1,000, two at a time (while the cluster stores one batch, the
  /// next one's members are made). Each batch is read (`HGET`), then written in an order that
  /// keeps every search right meanwhile: the new members (`PostingFunctions.add`, one call per
  /// shard); the record, with its old version noted as pending where there is one; the old
  /// members that the new version does not have (`PostingFunctions.remove`); the record without
  /// the note. A search during the update sees each record as it was or as it becomes.
  /// If the update fails midway, doing it again finishes it: the note tells what is left to remove.
  ///
  /// - Returns: How many records were added, replaced and left unchanged.
  /// - Throws: `RedisIndexError.redis` when the cluster fails (the update may be half done:
  ///   retry it), `.foreignKey` when a record key holds another program's value.
  @discardableResult
  public func put(_ records: some Sequence<Record>) throws(RedisIndexError) -> SynchronizationSummary {
    try put(distinct: Self.lastOfEachID(records), guard: .none)
  }

  /// The last record of each id, in the order the ids first appear.
  private static func lastOfEachID(_ records: some Sequence<Record>) -> [Record] {
    var position: [String: Int] = [:]
    var distinct: [Record] = []
    for record in records {
      if let index = position[record.id] {
        distinct[index] = record
      } else {
        position[record.id] = distinct.count
        distinct.append(record)
      }
    }
    return distinct
  }

  /// Writes `records`, whose ids are distinct, so that the batches share no id and may be
  /// written at once: two at a time, so that while the cluster stores one, the next one's
  /// members are made; each as `writeGuard` says.
  private func put(
    distinct records: [Record], guard writeGuard: WriteGuard
  ) throws(RedisIndexError) -> SynchronizationSummary {
    let batchCount = (records.count + Self.batchSize - 1) / Self.batchSize
    let outcomes = Locked([Result<SynchronizationSummary, RedisIndexError>?](repeating: nil, count: batchCount))
    let progress = Locked((next: 0, hasFailed: false))
    DispatchQueue.concurrentPerform(iterations: min(2, batchCount)) { _ in
      while true {
        let number = progress.withLock { progress -> Int? in
          guard progress.next < batchCount && !progress.hasFailed else { return nil }
          progress.next += 1
          return progress.next - 1
        }
        guard let number else { return }
        let batch = Array(records[number * Self.batchSize..<min((number + 1) * Self.batchSize, records.count)])
        var summary = SynchronizationSummary()
        do throws(RedisIndexError) {
          try writeGuard.check()
          try put(batch: batch, into: &summary, guard: writeGuard)
          outcomes.withLock { $0[number] = .success(summary) }
        } catch {
          outcomes.withLock { $0[number] = .failure(error) }
          progress.withLock { $0.hasFailed = true }
        }
      }
    }
    var summary = SynchronizationSummary()
    for outcome in outcomes.withLock({ $0 }) {
      guard let outcome else { continue }
      let part = try outcome.get()
      summary.added += part.added
      summary.replaced += part.replaced
      summary.unchanged += part.unchanged
    }
    return summary
  }

  /// Removes the records with `ids` (an id without a record is ignored): each is first marked
  /// removed, so that searches skip it, then its members are removed, then its key.
  ///
  /// - Returns: How many records there were to remove.
  /// - Throws: As `put(_:)`; a failed removal is finished by removing again.
  @discardableResult
  public func remove(ids: some Sequence<String>) throws(RedisIndexError) -> Int {
    try remove(ids: ids, guard: .none)
  }

  /// Removes the records with `ids`, as `writeGuard` says.
  private func remove(ids: some Sequence<String>, guard writeGuard: WriteGuard) throws(RedisIndexError) -> Int {
    var removed = 0
    var batch: [String] = []
    for id in ids {
      batch.append(id)
      if batch.count == Self.batchSize {
        try writeGuard.check()
        removed += try remove(batch: batch, guard: writeGuard)
        batch.removeAll(keepingCapacity: true)
      }
    }
    try writeGuard.check()
    if !batch.isEmpty { removed += try remove(batch: batch, guard: writeGuard) }
    return removed
  }

  /// Makes the index hold exactly `records`: adds the new ones, replaces the changed ones,
  /// removes those whose id is not among them, and writes nothing for the rest — as the
  /// namespace's one writer, holding its lease throughout (`RedisWriteOptions`). What the
  /// namespace holds is read from its 4,096 record hashes at once (`HGETALL`), so that only the
  /// records that changed are read again and written.
  ///
  /// A synchronization that stopped midway (killed, its lease lost, the cluster failing) is
  /// finished by the next one, once the lease is free: records left with a pending version
  /// are written again, ids not in the data removed.
  ///
  /// - Parameter options: The lease's holder, wait and time to live, and how many replicas
  ///   must acknowledge the writes.
  /// - Returns: What changed.
  /// - Throws: `RedisIndexError.namespaceBusy` naming the writer that holds the lease,
  ///   `.leaseLost` when this writer's lease ended before its writes, `.redis` with
  ///   `replicasMissing` when too few replicas acknowledged them; otherwise as `put(_:)`.
  @discardableResult
  public func synchronize(
    with records: some Sequence<Record>, writing options: RedisWriteOptions = RedisWriteOptions()
  ) throws(RedisIndexError) -> SynchronizationSummary {
    let lease = try RedisWriterLease(acquiring: namespace, client: client, options: options)
    defer { lease.release() }
    let writeGuard = WriteGuard(lease: lease, replicas: options.replicas, replicaTimeout: options.replicaTimeout)
    let kept = Self.lastOfEachID(records)
    // What the namespace holds, read whole from its record hashes: only what differs is written.
    var stored = try allStoredRecords()
    var changed: [Record] = []
    var summary = SynchronizationSummary()
    for record in kept {
      let old = stored.removeValue(forKey: record.id)
      if let old, !old.isRemoved, old.pending.isEmpty,
        old.current == StoredRecord.Version(text: record.text, rank: record.rank)
      {
        summary.unchanged += 1
      } else {
        changed.append(record)
      }
    }
    let written = try put(distinct: changed, guard: writeGuard)
    summary.added = written.added
    summary.replaced = written.replaced
    summary.unchanged += written.unchanged
    try lease.check()
    summary.removed = try remove(ids: stored.keys.sorted(), guard: writeGuard)
    try writeGuard.acknowledge(in: namespace, client: client)
    try lease.check()
    return summary
  }

  /// The ids of every record of the index (removed ones whose removal did not finish included),
  /// read from the namespace's record hashes.
  ///
  /// - Complexity: O(n) for the n records of the namespace, in pipelined batches of 1,000 hashes.
  public func recordIDs() throws(RedisIndexError) -> [String] {
    try allStoredRecords().keys.sorted()
  }

  /// Every record value of the namespace by id (`HGETALL` of each of its record hashes).
  ///
  /// - Throws: `RedisIndexError.foreignKey` for a hash or a value another program wrote.
  func allStoredRecords() throws(RedisIndexError) -> [String: StoredRecord] {
    var stored: [String: StoredRecord] = [:]
    for start in stride(from: 0, to: RedisNamespace.shardCount, by: Self.batchSize) {
      let keys = (start..<min(start + Self.batchSize, RedisNamespace.shardCount)).map {
        namespace.recordHashKey(bucket: $0)
      }
      let replies = try Self.execute(keys.map { [Array("HGETALL".utf8), $0] }, client: client)
      for (reply, key) in zip(replies, keys) {
        guard case .array(let elements?) = reply, elements.count % 2 == 0 else {
          throw .foreignKey(key: RedisIndexError.printable(key), detail: "an HGETALL reply that is not fields")
        }
        for index in stride(from: 0, to: elements.count, by: 2) {
          guard case .bulkString(let field?) = elements[index], let id = String(validUTF8: field),
            let value = try Self.storedRecord(elements[index + 1], key: key)
          else { throw .foreignKey(key: RedisIndexError.printable(key), detail: "a field that is not a record id") }
          stored[id] = value
        }
      }
    }
    return stored
  }

  /// Writes a batch of records with distinct ids; with replicas asked for, the new members are
  /// acknowledged before a record's value names them, and the old ones' removal before the
  /// value stops naming them.
  private func put(
    batch records: [Record], into summary: inout SynchronizationSummary, guard writeGuard: WriteGuard
  ) throws(RedisIndexError) {
    let stored = try storedRecords(ids: records.map(\.id))
    var additions: [[UInt8]: [[UInt8]]] = [:]
    var removals: [[UInt8]: [[UInt8]]] = [:]
    var notes: [[[UInt8]]] = []
    var finals: [[[UInt8]]] = []
    for (record, old) in zip(records, stored) {
      let version = StoredRecord.Version(text: record.text, rank: record.rank)
      if let old, !old.isRemoved, old.current == version, old.pending.isEmpty {
        summary.unchanged += 1
        continue
      }
      if let old, !old.isRemoved { summary.replaced += 1 } else { summary.added += 1 }
      let entries = layout.entries(of: record)
      for entry in entries { additions[entry.key, default: []].append(entry.member) }
      var pending: [StoredRecord.Version] = []
      for earlier in (old.map { [$0.current] + $0.pending } ?? [])
      where earlier != version && !pending.contains(earlier) {
        pending.append(earlier)
      }
      if !pending.isEmpty {
        let kept = Set(entries)
        for earlier in pending {
          for entry in layout.entries(of: Record(id: record.id, text: earlier.text, rank: earlier.rank))
          where !kept.contains(entry) {
            removals[entry.key, default: []].append(entry.member)
          }
        }
        notes.append(setRecord(id: record.id, StoredRecord(current: version, pending: pending)))
      }
      finals.append(setRecord(id: record.id, StoredRecord(current: version)))
    }
    guard !finals.isEmpty else { return }
    try run(PostingShards.commands(PostingFunctions.add, additions, in: namespace))
    try writeGuard.acknowledge(in: namespace, client: client)
    try run(notes)
    try run(PostingShards.commands(PostingFunctions.remove, removals, in: namespace))
    if !removals.isEmpty { try writeGuard.acknowledge(in: namespace, client: client) }
    try run(finals)
  }

  /// Removes a batch of records; with replicas asked for, their members' removal is
  /// acknowledged before their values go.
  private func remove(batch ids: [String], guard writeGuard: WriteGuard) throws(RedisIndexError) -> Int {
    let stored = try storedRecords(ids: ids)
    var removals: [[UInt8]: [[UInt8]]] = [:]
    var marks: [[[UInt8]]] = []
    var deletions: [[[UInt8]]] = []
    var removed = 0
    var seen = Set<String>()
    for (id, old) in zip(ids, stored) {
      guard let old, seen.insert(id).inserted else { continue }
      if !old.isRemoved { removed += 1 }
      var versions = [old.current]
      for earlier in old.pending where !versions.contains(earlier) { versions.append(earlier) }
      marks.append(setRecord(id: id, StoredRecord(current: old.current, isRemoved: true, pending: versions)))
      for version in versions {
        for entry in layout.entries(of: Record(id: id, text: version.text, rank: version.rank)) {
          removals[entry.key, default: []].append(entry.member)
        }
      }
      deletions.append([Array("HDEL".utf8), namespace.recordHashKey(id: id.utf8), Array(id.utf8)])
    }
    guard !marks.isEmpty else { return 0 }
    try run(marks)
    try run(PostingShards.commands(PostingFunctions.remove, removals, in: namespace))
    try writeGuard.acknowledge(in: namespace, client: client)
    try run(deletions)
    return removed
  }

  /// The stored values of the records with `ids`, nil where there is none (`HGET` of each
  /// in its hash).
  func storedRecords(ids: [String]) throws(RedisIndexError) -> [StoredRecord?] {
    let keys = ids.map { namespace.recordHashKey(id: $0.utf8) }
    let commands = zip(keys, ids).map { key, id in [Array("HGET".utf8), key, Array(id.utf8)] }
    let replies = try Self.execute(commands, client: client)
    var stored: [StoredRecord?] = []
    stored.reserveCapacity(ids.count)
    for (reply, key) in zip(replies, keys) { stored.append(try Self.storedRecord(reply, key: key)) }
    return stored
  }

  /// `HSET NS:r:N ID VALUE`: the record with `id` set to `value`.
  private func setRecord(id: String, _ value: StoredRecord) -> [[UInt8]] {
    [Array("HSET".utf8), namespace.recordHashKey(id: id.utf8), Array(id.utf8), value.bytes]
  }

  /// Runs `commands` (each with its key second) in pipelined batches; a command that fails
  /// fails the call.
  private func run(_ commands: [[[UInt8]]]) throws(RedisIndexError) {
    for start in stride(from: 0, to: commands.count, by: Self.batchSize) {
      _ = try executeCalls(Array(commands[start..<min(start + Self.batchSize, commands.count)]))
    }
  }
}
