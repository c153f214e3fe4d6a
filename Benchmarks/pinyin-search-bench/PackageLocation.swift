import Foundation

/// Where the benchmark finds the files of the package it belongs to, and the executables built
/// beside it.
enum PackageLocation {
  /// The package's root directory: the one that holds `Package.swift` two levels above this
  /// source file when the build's source tree is still there, else the current directory.
  static var root: String {
    let source = URL(fileURLWithPath: #filePath)
    let root = source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
      ? root.path : FileManager.default.currentDirectoryPath
  }

  /// The path of `relative`, a path inside the package.
  static func path(_ relative: String) -> String {
    URL(fileURLWithPath: root).appendingPathComponent(relative).path
  }

  /// The directory of this executable (`/proc/self/exe`, else the first argument).
  static var executableDirectory: String {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    return URL(fileURLWithPath: executable).deletingLastPathComponent().path
  }

  /// The path of this executable, for running it again as a child process.
  static var executable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}
