import PinyinSearchTestSupport
import Testing

@testable import PinyinSearchCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A crash signal sent to the tool ends it with the signal's default action, as in any program:
/// the Swift runtime's backtracer, which takes these signals at start, would print a backtrace
/// and let `batch` read on.
@Suite struct CrashSignalTests {
  @Test(arguments: System.crashSignals)
  func batchEndsWithTheSignalsDefaultAction(signal: Int32) throws {
    let directory = try TemporaryDirectory()
    let errors = directory.adopt("stderr")
    // Started as a shell starts it (no signal blocked), and without a core file in the way.
    let batch = try ToolConversation(
      ["batch", "--limit", "1"], errorPath: errors, launcher: ["/bin/sh", "-c", #"ulimit -c 0; exec "$0" "$@""#],
      asAShellWould: true)
    try batch.send("lyf")
    #expect(try batch.receive().hasPrefix(#"{"query": "lyf", "results": [{"id": "#), "reading queries")
    kill(batch.process, signal)
    let status = try batch.waitForExit(timeout: 10_000)
    #expect(status == 128 + signal, "ended by the signal, not reading on: \(status.map(String.init) ?? "running")")
    #expect(try ToolProcess.readText(errors) == "", "no backtrace for a signal another process sent")
  }
}
