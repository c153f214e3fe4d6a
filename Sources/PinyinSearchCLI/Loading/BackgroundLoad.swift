import PinyinSearch
import Synchronization

/// A data file loading into a `HybridEngine` on another thread, and how far it is.
///
/// The loader thread reads a batch, adds it to the engine (which every search sees at once)
/// and publishes its progress; the interactive screen reads `state` at each tick to draw the
/// progress bar, and asks the loader to stop (`cancel()`) when the user is done before it is.
final class BackgroundLoad: Sendable {
  /// The engine being filled; searchable from the start.
  let engine: HybridEngine
  /// How far the load is, shared by the loader thread and the screen.
  private let progress: Mutex<LoadState>

  /// A load of `engine` that has got as far as `state`.
  init(engine: HybridEngine, state: LoadState) {
    self.engine = engine
    progress = Mutex(state)
  }

  /// How far the load is.
  var state: LoadState { progress.withLock { $0 } }

  /// Asks the loader to stop after the batch it is reading.
  func cancel() {
    progress.withLock { $0.isCancelled = true }
  }

  /// Reads `reader` to its end (or the first error, or cancellation) into `engine`, a batch of
  /// about 1,000 records at a time, publishing the progress after each batch.
  func run(_ reader: inout DataFileReader) {
    while true {
      if progress.withLock({ $0.isCancelled }) { return }
      let batch: [Record]?
      do throws(CommandLineError) {
        batch = try reader.nextBatch(minimumCount: 1000)
      } catch {
        progress.withLock { [reader] in
          $0.warnings = reader.warnings
          $0.error = error
          $0.isFinished = true
        }
        return
      }
      if let batch { engine.add(contentsOf: batch) }
      progress.withLock { [reader] in
        $0.consumedByteCount = reader.consumedByteCount
        $0.recordCount += batch?.count ?? 0
        $0.skipped = reader.skipped
        $0.warnings = reader.warnings
        $0.isFinished = batch == nil
      }
      if batch == nil { return }
    }
  }
}
