import FuzzSupport

/// Checks one input: decodes it and compares the engines (`EngineComparison`).
func fuzzEngines(_ bytes: UnsafeBufferPointer<UInt8>) {
  EngineComparison(input: EnginesInput(decoding: bytes)).run()
}

#if FUZZING
  /// libFuzzer's entry point: one input; always 0 (a finding crashes).
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzEngines(UnsafeBufferPointer(start: data, count: size))
    return 0
  }
#else
  /// Without libFuzzer: replays inputs, or writes the seeds (`FuzzReplay`).
  @main enum Replay {
    static func main() {
      FuzzReplay.main(name: "fuzz-engines", seeds: EnginesSeeds.all, body: fuzzEngines)
    }
  }
#endif
