/// The report's sections on the hash engine's cost: its memory and allocations, PinIn4Cpp beside
/// it, and the batch protocol.
extension Report {
  /// The three tables, and the notes of what was skipped.
  func memoryAndPeerSections() -> [String] {
    memorySection() + pinInSection() + batchSection()
  }

  /// The hash engine's build, resident memory, bytes per record and allocations per query.
  private func memorySection() -> [String] {
    var lines = [
      "", "## The hash engine's memory and allocations", "",
      "*RSS added*: resident memory after the build less before it, once freed memory is returned to the system. "
        + "*Build peak*: the highest resident memory during the build less before it (the peak reset through "
        + "`/proc/self/clear_refs`). *Engine bytes*: the index's own count, tables and records. *Allocations*: "
        + "every `malloc`, `calloc`, `realloc` and aligned allocation of the workload's queries, counted by glibc's "
        + "allocation trace in a child process (so the trace costs the timings nothing) on a second run of the "
        + "workload (the arrays a search reuses grow in the first, once per process); *beyond results*: less one "
        + "for each non-empty array of results returned and one for each of their ids and texts longer than 15 "
        + "UTF-8 bytes, which a `String` stores out of line.", "",
      "| data set | build | RSS added | build peak | engine bytes | bytes/record | RSS/record | allocations/query "
        + "| beyond results |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    var notes: [String] = []
    for measurement in measurements {
      guard let hash = measurement.engine(.hash) else { continue }
      let records = max(measurement.recordCount, 1)
      let allocations = measurement.allocations.value
      lines.append(
        "| \(measurement.dataSet.label) | \(Format.duration(hash.preparation)) | \(Format.bytes(hash.residentGrowth)) | "
          + "\(hash.preparationPeakGrowth.map(Format.bytes) ?? "–") | \(hash.engineBytes.map(Format.bytes) ?? "–") | "
          + "\(hash.engineBytes.map { "\($0 / records)" } ?? "–") | \(hash.residentGrowth / records) | "
          + "\(allocations.map { Format.significant($0.perQuery) } ?? "–") | "
          + "\(allocations.map { Format.significant($0.beyondResultsPerQuery) } ?? "–") |")
      if let note = measurement.allocations.note { notes.append("- \(measurement.dataSet.label): \(note)") }
    }
    return lines + (notes.isEmpty ? [] : [""] + notes)
  }

  /// PinIn4Cpp's build, memory and latency beside the hash engine's, with ratios.
  private func pinInSection() -> [String] {
    var lines = [
      "", "## Beside PinIn4Cpp", "",
      "PinIn4Cpp 1.0.7 (PyPI's PinInPy) builds a TreeSearcher with CONTAIN logic over the same records' texts, with "
        + "the library's own readings as its dictionary, in a Python process of its own "
        + "(`Benchmarks/pinin/pinin_driver.py`); each query of the same keystroke workload is timed around one call "
        + "of its C search function. Its CONTAIN logic returns all hits (no top-K: *hits/query* is their mean) "
        + "and misses some initials matches: **a speed anchor, not a correctness anchor**. Ratios are PinIn's "
        + "figure over the hash engine's: above 1, ours is smaller or faster.", "",
      "| data set | build: hash / PinIn | × | RSS added: hash / PinIn | × | build peak: hash / PinIn | "
        + "median: hash / PinIn | × | p99: hash / PinIn | × | PinIn hits/query |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    var notes: [String] = []
    for measurement in measurements {
      guard let hash = measurement.engine(.hash) else { continue }
      guard let pinIn = measurement.pinIn.value, let theirs = pinIn.summary,
        let ours = hash.summary(of: measurement.workload.queries, in: nil)
      else {
        if let note = measurement.pinIn.note { notes.append("- \(measurement.dataSet.label): \(note)") }
        continue
      }
      let peak =
        "\(hash.preparationPeakGrowth.map(Format.bytes) ?? "–") / \(pinIn.buildPeakGrowth.map(Format.bytes) ?? "–")"
      lines.append(
        "| \(measurement.dataSet.label) | \(Format.duration(hash.preparation)) / \(Format.duration(pinIn.build)) | "
          + "\(Format.ratio(pinIn.build / hash.preparation)) | "
          + "\(Format.bytes(hash.residentGrowth)) / \(Format.bytes(pinIn.residentGrowth)) | "
          + "\(Format.ratio(Double(pinIn.residentGrowth) / Double(max(hash.residentGrowth, 1)))) | \(peak) | "
          + "\(Format.duration(ours.median)) / \(Format.duration(theirs.median)) | "
          + "\(Format.ratio(theirs.median / ours.median)) | "
          + "\(Format.duration(ours.p99)) / \(Format.duration(theirs.p99)) | \(Format.ratio(theirs.p99 / ours.p99)) | "
          + "\(Format.significant(pinIn.meanHits)) |")
    }
    return lines + (notes.isEmpty ? [] : [""] + notes)
  }

  /// `pinyin-search batch --engine hash` timed from outside.
  private func batchSection() -> [String] {
    var lines = [
      "", "## The batch protocol", "",
      "`pinyin-search batch --engine hash --limit \(options.limit) --data FILE` on the same records (written as TSV): "
        + "after the answer to a first query (the load and the build), the whole keystroke workload is piped at once "
        + "and timed until its last answer line is read. *Peak RSS*: the tool's `VmHWM` after the workload. Then "
        + "`pinyin-search index` saves the snapshot, and *first answer* is from starting "
        + "`batch --engine hash --snapshot FILE` to reading its answer to one query (median of 3). Targets: "
        + "≥ 150,000 answers/s, first answer ≤ 50 ms.", "",
      "| data set | queries | answers/s | peak RSS | index run | snapshot | first answer with --snapshot |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    var notes: [String] = []
    for measurement in measurements {
      guard let batch = measurement.batch.value else {
        if let note = measurement.batch.note { notes.append("- \(measurement.dataSet.label): \(note)") }
        continue
      }
      lines.append(
        "| \(measurement.dataSet.label) | \(Format.count(batch.queryCount)) | "
          + "\(Format.count(Int(batch.answersPerSecond.rounded()))) | \(batch.peakResident.map(Format.bytes) ?? "–") | "
          + "\(Format.duration(batch.indexing)) | \(Format.bytes(batch.snapshotBytes)) | "
          + "\(Format.duration(batch.firstAnswer)) |")
    }
    let omitted = measurements.filter { $0.omittedPeerQueries > 0 }
    for measurement in omitted {
      notes.append(
        "- \(measurement.dataSet.label): \(measurement.omittedPeerQueries) queries with a line break were left out "
          + "of PinIn's, the allocation count's and the batch's workload.")
    }
    return lines + (notes.isEmpty ? [] : [""] + notes)
  }
}
