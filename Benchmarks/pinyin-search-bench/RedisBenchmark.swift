import Foundation
import PinyinSearch
import PinyinSearchRedis
import RedisCluster

/// The index in a Redis Cluster (`--redis ADDRESSES`), beside the in-process hash engine on the
/// same records and keystroke workload: load time, the cluster's memory per record, latency from
/// one client, the throughput of 1, 2 and 4 client processes, and disagreements with the hash
/// engine. Each data set goes to a namespace of its own, removed at the end.
struct RedisBenchmark {
  let addresses: String
  let options: BenchmarkOptions

  /// One data set's figures.
  struct Row {
    var label: String
    var records: Int
    var load: Duration
    var replicated: Duration
    var memoryPerRecord: Double
    var redis: LatencySummary
    var hash: LatencySummary
    var roundTrip: Duration
    var throughput: [(clients: Int, queriesPerSecond: Double)]
    /// A synchronization of the loaded records with one of them changed.
    var synchronization: Duration
    var compared: Int
    var disagreements: Int
  }

  /// Measures every data set; prints a Markdown table. Returns the number of disagreements.
  func run() throws -> Int {
    let client = try RedisClusterClient(seeds: addresses, configuration: options.redisConnection.configuration())
    var rows: [Row] = []
    for dataSet in options.dataSets {
      let records = try dataSet.records()
      let queries = try workload(for: dataSet, records: records)
      let namespace = try RedisNamespace("bench-\(records.count)-\(UInt32.random(in: 0 ... .max))")
      progress("redis: \(dataSet.label): loading \(records.count) records into namespace \(namespace)")
      let memoryBefore = try usedMemory(client)
      let start = benchmarkClock.now
      let index = try RedisIndex(
        creating: namespace, client: client,
        configuration: options.redisMaxKeyLength.map { IndexConfiguration(maxKeyLength: $0) }
          ?? RedisIndex.defaultConfiguration)
      try index.put(records)
      let load = benchmarkClock.now - start
      // Every primary's writes reach its replica before the queries are timed.
      try waitForReplicas(client)
      let replicated = benchmarkClock.now - start
      let memoryAfter = try usedMemory(client)
      progress(
        "redis: loaded in \(Format.duration(load)), replicated in \(Format.duration(replicated)); \(queries.count) queries"
      )
      let hash = HashIndexEngine(records)
      var redisTimes: [Duration] = []
      var hashTimes: [Duration] = []
      var disagreements = 0
      for query in queries {
        let before = benchmarkClock.now
        let answer = try index.search(query, limit: options.limit)
        let middle = benchmarkClock.now
        let expected = hash.search(query, limit: options.limit)
        hashTimes.append(benchmarkClock.now - middle)
        redisTimes.append(middle - before)
        if answer != expected {
          disagreements += 1
          if disagreements <= 5 { progress("redis: differs from the hash engine for \(query.debugDescription)") }
        }
      }
      let roundTrip = try self.roundTrip(client)
      let queryFile = NSTemporaryDirectory() + "pinyin-search-bench-redis-\(namespace).queries"
      try (queries.joined(separator: "\n") + "\n").write(toFile: queryFile, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: queryFile) }
      var throughput: [(Int, Double)] = []
      for clients in [1, 2, 4] {
        throughput.append((clients, try self.throughput(clients: clients, namespace: namespace, queryFile: queryFile)))
        progress("redis: \(clients) client processes: \(Int(throughput.last!.1)) queries/s")
      }
      let synchronization = try synchronizeOneChange(records, index: index)
      progress("redis: a synchronization with one record changed took \(Format.duration(synchronization))")
      if options.redisKeepsNamespace {
        progress("redis: namespace \(namespace) kept")
      } else {
        try removeNamespace(namespace, client: client)
      }
      rows.append(
        Row(
          label: dataSet.label, records: records.count, load: load, replicated: replicated,
          memoryPerRecord: Double(memoryAfter - memoryBefore) / Double(records.count),
          redis: LatencySummary(redisTimes)!, hash: LatencySummary(hashTimes)!, roundTrip: roundTrip,
          throughput: throughput, synchronization: synchronization,
          compared: queries.count, disagreements: disagreements))
    }
    print(report(rows))
    return rows.reduce(0) { $0 + $1.disagreements }
  }

  /// The keystroke workload of `dataSet`: its queries file, or typed from its records.
  private func workload(for dataSet: DataSet, records: [Record]) throws -> [String] {
    if case .file = dataSet, let path = options.workloadPath {
      return try Workload.listed(inFile: path).queries.map(\.text)
    }
    return Workload(
      records: records, sampledRecords: options.sampledRecords, randomQueries: options.randomQueries,
      seed: options.seed
    ).queries.map(\.text)
  }

  /// The sum of `used_memory` over the primaries (`INFO memory`): replicas hold as much again.
  private func usedMemory(_ client: RedisClusterClient) throws -> Int {
    try client.primaryAddresses().reduce(0) { total, primary in
      total + (try infoField("used_memory", of: "memory", on: primary, client: client) ?? 0)
    }
  }

  /// The number a field of one section of a node's `INFO` holds, nil when there is none.
  private func infoField(
    _ field: String, of section: String, on node: RedisAddress, client: RedisClusterClient
  ) throws -> Int? {
    guard case .bulkString(let bytes?) = try client.send(RedisCommand(["INFO", section], route: .node(node))),
      let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first(where: {
        $0.hasPrefix(field + ":")
      })
    else { return nil }
    return Int(line.dropFirst(field.count + 1))
  }

  /// Queries per second of `clients` processes each running every query of `queryFile` once.
  private func throughput(clients: Int, namespace: RedisNamespace, queryFile: String) throws -> Double {
    let executable = CommandLine.arguments[0]
    var processes: [(Process, Pipe)] = []
    let start = benchmarkClock.now
    for _ in 0..<clients {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments =
        ["--redis", addresses, "--redis-worker", namespace.name, "--queries", queryFile]
        + options.redisConnection.arguments
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      processes.append((process, output))
    }
    var answered = 0
    for (process, output) in processes {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0,
        let count = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      else {
        throw BenchmarkError.usage("a --redis-worker process failed (status \(process.terminationStatus))")
      }
      answered += count
    }
    let elapsed = benchmarkClock.now - start
    return Double(answered) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
  }

  /// The worker of `throughput`: answers every query of `queryFile` from `namespace` and prints
  /// how many it answered.
  static func runWorker(
    addresses: String, namespace: String, queryFile: String, limit: Int, configuration: RedisClusterConfiguration
  ) throws {
    let index = try RedisIndex(
      opening: try RedisNamespace(namespace),
      client: try RedisClusterClient(seeds: addresses, configuration: configuration))
    let queries = try String(contentsOfFile: queryFile, encoding: .utf8).split(separator: "\n").map(String.init)
    var sink = BlackHole()
    for query in queries { sink.consume(try index.search(query, limit: limit)) }
    print(queries.count)
    if sink.checksum == 42 { progress("") }
  }

  /// Waits until every primary's replicas have its writes (`WAIT`, a second at a time, for at
  /// most ten minutes); returns at once for primaries without replicas.
  private func waitForReplicas(_ client: RedisClusterClient) throws {
    for primary in try client.primaryAddresses() {
      guard let replicas = try infoField("connected_slaves", of: "replication", on: primary, client: client),
        replicas > 0
      else { continue }
      for _ in 0..<600 {
        let acknowledged = try client.send(RedisCommand(["WAIT", String(replicas), "1000"], route: .node(primary)))
        if case .integer(let count) = acknowledged, count >= replicas { break }
      }
    }
  }

  /// The time `synchronize` takes to write `records` with the first one's text changed (and the
  /// same again to change it back, not timed): the cost of a run of `index` for one change.
  private func synchronizeOneChange(_ records: [Record], index: RedisIndex) throws -> Duration {
    guard let first = records.first else { return .zero }
    var changed = records
    changed[0] = Record(id: first.id, text: first.text + "改", rank: first.rank)
    let writing = RedisWriteOptions(holder: "pinyin-search-bench", replicas: 0)
    let start = benchmarkClock.now
    try index.synchronize(with: changed, writing: writing)
    let elapsed = benchmarkClock.now - start
    try index.synchronize(with: records, writing: writing)
    return elapsed
  }

  /// The median time of one `PING` to a primary from this client: the floor of a round trip.
  private func roundTrip(_ client: RedisClusterClient) throws -> Duration {
    let primary = try client.primaryAddresses()[0]
    var times: [Duration] = []
    for _ in 0..<2_000 {
      let before = benchmarkClock.now
      _ = try client.send(RedisCommand(["PING"], route: .node(primary)))
      times.append(benchmarkClock.now - before)
    }
    return LatencySummary(times)!.median
  }

  /// Deletes every key of `namespace`.
  private func removeNamespace(_ namespace: RedisNamespace, client: RedisClusterClient) throws {
    let keys = try client.scanKeys(matching: Array("\(namespace.name):*".utf8))
    for start in stride(from: 0, to: keys.count, by: 1_000) {
      let batch = keys[start..<min(start + 1_000, keys.count)].map {
        RedisCommand([Array("UNLINK".utf8), $0], keyAt: 1)
      }
      for reply in try client.send(Array(batch)) { _ = try reply.get() }
    }
  }

  private func report(_ rows: [Row]) -> String {
    var lines = [
      "## Redis Cluster (\(addresses.split(separator: ",").count) nodes at \(addresses))", "",
      "| data | records | load | load rate | replicated | Redis memory/record (primaries) | median | p99 | PING median | hash median | hash p99 | 1 client | 2 clients | 4 clients | sync of 1 change | compared | disagreements |",
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows {
      let seconds = Double(row.load.components.seconds) + Double(row.load.components.attoseconds) * 1e-18
      let rates = row.throughput.map { Format.count(Int($0.queriesPerSecond)) + "/s" }
      lines.append(
        "| \(row.label) | \(Format.count(row.records)) | \(Format.duration(row.load)) | "
          + "\(Format.count(Int(Double(row.records) / seconds)))/s | \(Format.duration(row.replicated)) | "
          + "\(Format.bytes(Int(row.memoryPerRecord))) | "
          + "\(Format.duration(row.redis.median)) | \(Format.duration(row.redis.p99)) | \(Format.duration(row.roundTrip)) | "
          + "\(Format.duration(row.hash.median)) | \(Format.duration(row.hash.p99)) | "
          + rates.joined(separator: " | ") + " | \(Format.duration(row.synchronization))"
          + " | \(Format.count(row.compared)) | \(row.disagreements) |")
    }
    return lines.joined(separator: "\n")
  }
}
