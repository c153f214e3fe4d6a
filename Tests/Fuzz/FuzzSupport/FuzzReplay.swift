#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line of a fuzz target built without libFuzzer: it replays inputs through the
/// same function that libFuzzer calls, so that a crash found by the fuzzer can be reproduced,
/// and debugged, in an ordinary build; and it writes the target's seed corpus.
///
///     swift run fuzz-engines crash-1234abcd        # one input: the crash again, with its message
///     swift run fuzz-engines Tests/Fuzz/Corpus/fuzz-engines   # every file of a directory
///     swift run fuzz-engines --write-seeds Tests/Fuzz/Corpus/fuzz-engines
public enum FuzzReplay {
  /// Runs the command line `arguments` (without the program's name) of target `name`, whose
  /// function is `body` and whose seeds are `seeds`; returns the exit status.
  ///
  /// - Parameters:
  ///   - name: The target's name, for the usage message.
  ///   - arguments: Files and directories to replay, or `--write-seeds DIR`.
  ///   - seeds: The seed inputs, named.
  ///   - body: What libFuzzer calls with each input.
  public static func run(
    name: String, arguments: [String], seeds: () -> [(name: String, bytes: [UInt8])],
    body: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int32 {
    if arguments.count == 2 && arguments[0] == "--write-seeds" {
      let directory = arguments[1]
      FuzzFiles.makeDirectory(directory)
      let seeds = seeds()
      for seed in seeds { FuzzFiles.save(seed.bytes, to: directory + "/" + seed.name) }
      print("wrote \(seeds.count) seeds, \(seeds.map(\.bytes.count).reduce(0, +)) bytes, to \(directory)")
      return 0
    }
    guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
      FuzzFiles.printError(
        """
        usage: \(name) FILE_OR_DIRECTORY...   replay inputs, e.g. a crash libFuzzer saved
               \(name) --write-seeds DIR     write the seed corpus
        Built with -DFUZZING and libFuzzer (.ci/fuzz.sh), \(name) is the fuzzer itself.
        """)
      return 2
    }
    var count = 0
    for argument in arguments {
      for path in FuzzFiles.isDirectory(argument) ? FuzzFiles.files(in: argument) : [argument] {
        // Named before it runs, so that a crash is attributed to its input.
        FuzzFiles.printError("replaying \(path)")
        let bytes = FuzzFiles.read(path)
        bytes.withUnsafeBufferPointer(body)
        count += 1
      }
    }
    print("replayed \(count) input\(count == 1 ? "" : "s") without a finding")
    return 0
  }

  /// Runs the process's command line as `run(name:arguments:seeds:body:)` does and exits with
  /// its status.
  public static func main(
    name: String, seeds: () -> [(name: String, bytes: [UInt8])], body: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Never {
    exit(run(name: name, arguments: Array(CommandLine.arguments.dropFirst()), seeds: seeds, body: body))
  }
}
