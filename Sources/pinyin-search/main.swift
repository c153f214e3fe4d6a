import PinyinSearchCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The tool's logic lives in PinyinSearchCLI, where tests reach it; see CommandLineTool.
exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
