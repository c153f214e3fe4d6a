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
  /// next one's members are made). Each batch is read (`GET`), then written in an order that keeps every search
  /// right meanwhile: the new members (`ZADD`); the record, with its old version noted as pending
  /// where there is one; the old members that the new version does not have (`ZREM`); the record
  /// without the note. A search during the update sees each record as it was or as it becomes.
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
  /// namespace's one writer, holding its lease throughout (`RedisWriteOptions`).
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
    var summary = try put(distinct: kept, guard: writeGuard)
    try lease.check()
    let ids = Set(kept.map(\.id))
    let stale = try recordIDs().filter { !ids.contains($0) }
    summary.removed = try remove(ids: stale, guard: writeGuard)
    try writeGuard.acknowledge(in: namespace, client: client)
    try lease.check()
    return summary
  }

  /// The ids of every record of the index (removed ones whose removal did not finish included),
  /// read with `SCAN` from every primary.
  ///
  /// - Complexity: O(n) for the n keys of the cluster, in pages of 1,000.
  public func recordIDs() throws(RedisIndexError) -> [String] {
    let keys: [[UInt8]]
    do {
      keys = try client.scanKeys(matching: namespace.recordPattern, pageSize: 1_000)
    } catch {
      throw .redis(error)
    }
    return keys.compactMap { namespace.id(ofRecordKey: $0) }
  }

  /// Writes a batch of records with distinct ids; with replicas asked for, the new members are
  /// acknowledged before a record's value names them, and the old ones' removal before the
  /// value stops naming them.
  private func put(
    batch records: [Record], into summary: inout SynchronizationSummary, guard writeGuard: WriteGuard
  ) throws(RedisIndexError) {
    let keys = records.map { namespace.recordKey(id: $0.id) }
    let stored = try storedRecords(keys)
    var additions: [[UInt8]: [[UInt8]]] = [:]
    var removals: [[UInt8]: [[UInt8]]] = [:]
    var notes: [[[UInt8]]] = []
    var finals: [[[UInt8]]] = []
    for ((record, key), old) in zip(zip(records, keys), stored) {
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
        notes.append([Array("SET".utf8), key, StoredRecord(current: version, pending: pending).bytes])
      }
      finals.append([Array("SET".utf8), key, StoredRecord(current: version).bytes])
    }
    guard !finals.isEmpty else { return }
    try run(setCommands("ZADD", additions, withScores: true))
    try writeGuard.acknowledge(in: namespace, client: client)
    try run(notes)
    try run(setCommands("ZREM", removals, withScores: false))
    if !removals.isEmpty { try writeGuard.acknowledge(in: namespace, client: client) }
    try run(finals)
  }

  /// Removes a batch of records; with replicas asked for, their members' removal is
  /// acknowledged before their values go.
  private func remove(batch ids: [String], guard writeGuard: WriteGuard) throws(RedisIndexError) -> Int {
    let keys = ids.map { namespace.recordKey(id: $0) }
    let stored = try storedRecords(keys)
    var removals: [[UInt8]: [[UInt8]]] = [:]
    var marks: [[[UInt8]]] = []
    var deletions: [[[UInt8]]] = []
    var removed = 0
    var seen = Set<[UInt8]>()
    for ((id, key), old) in zip(zip(ids, keys), stored) {
      guard let old, seen.insert(key).inserted else { continue }
      if !old.isRemoved { removed += 1 }
      var versions = [old.current]
      for earlier in old.pending where !versions.contains(earlier) { versions.append(earlier) }
      marks.append([
        Array("SET".utf8), key, StoredRecord(current: old.current, isRemoved: true, pending: versions).bytes,
      ])
      for version in versions {
        for entry in layout.entries(of: Record(id: id, text: version.text, rank: version.rank)) {
          removals[entry.key, default: []].append(entry.member)
        }
      }
      deletions.append([Array("DEL".utf8), key])
    }
    guard !marks.isEmpty else { return 0 }
    try run(marks)
    try run(setCommands("ZREM", removals, withScores: false))
    try writeGuard.acknowledge(in: namespace, client: client)
    try run(deletions)
    return removed
  }

  /// The stored values of record keys `keys`, nil where there is none.
  private func storedRecords(_ keys: [[UInt8]]) throws(RedisIndexError) -> [StoredRecord?] {
    let replies = try Self.execute(keys.map { [Array("GET".utf8), $0] }, client: client)
    var stored: [StoredRecord?] = []
    stored.reserveCapacity(keys.count)
    for (reply, key) in zip(replies, keys) { stored.append(try Self.storedRecord(reply, key: key)) }
    return stored
  }

  /// `ZADD NS:k:KEY 0 m 0 m …` or `ZREM NS:k:KEY m m …` for each set, at most 512 members each.
  private func setCommands(_ name: String, _ members: [[UInt8]: [[UInt8]]], withScores: Bool) -> [[[UInt8]]] {
    var commands: [[[UInt8]]] = []
    // One array each, shared by every command (made once, not once per member).
    let name = Array(name.utf8)
    let score = [UInt8(ascii: "0")]
    for (key, members) in members {
      let setKey = namespace.setKey(key)
      for start in stride(from: 0, to: members.count, by: 512) {
        let end = min(start + 512, members.count)
        var command = [name, setKey]
        command.reserveCapacity(2 + (end - start) * (withScores ? 2 : 1))
        for member in members[start..<end] {
          if withScores { command.append(score) }
          command.append(member)
        }
        commands.append(command)
      }
    }
    return commands
  }

  /// Runs `commands` (each with its key second) in pipelined batches; a command that fails
  /// fails the call.
  private func run(_ commands: [[[UInt8]]]) throws(RedisIndexError) {
    for start in stride(from: 0, to: commands.count, by: Self.batchSize) {
      _ = try Self.execute(Array(commands[start..<min(start + Self.batchSize, commands.count)]), client: client)
    }
  }
}
