import PinyinSearch

/// A data file loading on another thread into the engine the interactive search searches, and
/// how far it is.
///
/// The loader thread reads a batch and publishes its progress; the interactive screen reads
/// `state` at each tick to draw the progress bar, and asks the loader to stop (`cancel()`) when
/// the user is done before it is. A hybrid engine takes each batch as it comes (`fill(_:from:)`),
/// and every search sees it at once. The scan and hash engines take no records while they are
/// searched, so for them every record is read first and the engine built from them then
/// replaces the empty placeholder searched meanwhile (`build(_:options:into:from:)`): the
/// status line shows the loading bar, then that the engine is being built.
final class BackgroundLoad: Sendable {
  /// The engine searched; searchable from the start.
  let engine: any SearchEngine
  /// How far the load is, shared by the loader thread and the screen.
  private let progress: Locked<LoadState>

  /// A load of `engine` that has got as far as `state`.
  init(engine: any SearchEngine, state: LoadState) {
    self.engine = engine
    progress = Locked(state)
  }

  /// How far the load is.
  var state: LoadState { progress.withLock { $0 } }

  /// Asks the loader to stop after the batch it is reading.
  func cancel() {
    progress.withLock { $0.isCancelled = true }
  }

  /// Reads `reader` to its end (or the first error, or cancellation) into `engine`, a batch of
  /// about 1,000 records at a time, publishing the progress after each batch.
  func fill(_ engine: HybridEngine, from reader: inout DataFileReader) {
    _ = read(&reader, finishing: true) { engine.add(contentsOf: $0) }
  }

  /// Reads `reader` to its end, publishing the progress after each batch of about 1,000
  /// records, then builds an engine of `kind` searching with `options` from every record and
  /// puts it in `pending`'s place; stops at the first error, or on cancellation.
  func build(
    _ kind: EngineKind, options: SearchOptions, into pending: PendingEngine, from reader: inout DataFileReader
  ) {
    var records: [Record] = []
    guard read(&reader, finishing: false, into: { records += $0 }) else { return }
    progress.withLock { $0.building = kind }
    pending.replace(with: kind.makeEngine(records, options: options))
    progress.withLock { $0.isFinished = true }
  }

  /// Reads `reader` to its end, handing each batch to `consume` and publishing the progress
  /// after it; at the end the load is finished when `finishing`. Returns whether the end was
  /// reached: false after an error, which ends the load, or on cancellation.
  private func read(
    _ reader: inout DataFileReader, finishing: Bool, into consume: ([Record]) -> Void
  ) -> Bool {
    while true {
      if progress.withLock({ $0.isCancelled }) { return false }
      let batch: [Record]?
      do throws(CommandLineError) {
        batch = try reader.nextBatch(minimumCount: 1000)
      } catch {
        progress.withLock { [reader] in
          $0.warnings = reader.warnings
          $0.error = error
          $0.isFinished = true
        }
        return false
      }
      if let batch { consume(batch) }
      progress.withLock { [reader] in
        $0.consumedByteCount = reader.consumedByteCount
        $0.recordCount += batch?.count ?? 0
        $0.skipped = reader.skipped
        $0.warnings = reader.warnings
        $0.isFinished = batch == nil && finishing
      }
      if batch == nil { return true }
    }
  }
}
