/// The clock of every measurement: monotonic, unaffected by changes to the wall-clock time.
let benchmarkClock = ContinuousClock()

/// Runs `body` and returns its result with how long it took.
func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
  let start = benchmarkClock.now
  let result = try body()
  return (result, benchmarkClock.now - start)
}
