import FuzzSupport

/// Checks one input: decodes it and reads the file as the tool does (`DataFileCheck`).
func fuzzDataFiles(_ bytes: UnsafeBufferPointer<UInt8>) {
  DataFileCheck(input: DataFilesInput(decoding: bytes)).run()
}

#if FUZZING
  /// libFuzzer's entry point: one input; always 0 (a finding crashes).
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzDataFiles(UnsafeBufferPointer(start: data, count: size))
    return 0
  }
#else
  /// Without libFuzzer: replays inputs, or writes the seeds (`FuzzReplay`).
  @main enum Replay {
    static func main() {
      FuzzReplay.main(name: "fuzz-data-files", seeds: DataFilesSeeds.all, body: fuzzDataFiles)
    }
  }
#endif
