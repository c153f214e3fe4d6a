import FuzzSupport

/// Checks one input: opens it as a snapshot, as is and with its checksum repaired
/// (`SnapshotCheck`).
func fuzzSnapshot(_ bytes: UnsafeBufferPointer<UInt8>) {
  SnapshotCheck(bytes: Array(bytes)).run()
}

#if FUZZING
  /// libFuzzer's entry point: one input; always 0 (a finding crashes).
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzSnapshot(UnsafeBufferPointer(start: data, count: size))
    return 0
  }
#else
  /// Without libFuzzer: replays inputs, or writes the seeds (`FuzzReplay`).
  @main enum Replay {
    static func main() {
      FuzzReplay.main(name: "fuzz-snapshot", seeds: SnapshotSeeds.all, body: fuzzSnapshot)
    }
  }
#endif
