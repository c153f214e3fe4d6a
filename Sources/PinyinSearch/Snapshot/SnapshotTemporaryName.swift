/// The name of the temporary file a snapshot is written to before it replaces the destination:
/// `NAME.tmp-PID-RANDOM`, in the destination's folder, where `NAME` is the destination's name,
/// `PID` the writer's process id in decimal and `RANDOM` 64 random bits as 16 lowercase hex
/// digits.
///
/// The random part makes the name unpredictable, so nobody can plant a link there in advance
/// (and the file is created exclusively anyway); the process id says whose it is, so that a
/// later writer can remove the files of writers that died before renaming theirs.
///
///     contacts.snapshot.tmp-4242-9f86d081884c7d65
struct SnapshotTemporaryName: Hashable {
  /// The name of the file it will replace, without its folder.
  let destinationName: String
  /// The writer's process id, at least 1.
  let processID: Int32
  /// The random part.
  let random: UInt64

  /// The temporary name of a writer of `destinationName`.
  init(destinationName: String, processID: Int32, random: UInt64) {
    self.destinationName = destinationName
    self.processID = processID
    self.random = random
  }

  /// The parts of `name` when it is exactly a temporary name of `destinationName`: the process
  /// id in decimal without a leading zero, then `-` and 16 lowercase hex digits; nil for any
  /// other name.
  init?(parsing name: String, destinationName: String) {
    var rest = Substring(name).utf8
    let prefix = destinationName.utf8.count + Self.marker.utf8.count
    guard rest.starts(with: destinationName.utf8),
      rest.dropFirst(destinationName.utf8.count).starts(with: Self.marker.utf8)
    else { return nil }
    rest = rest.dropFirst(prefix)
    guard let dash = rest.firstIndex(of: UInt8(ascii: "-")) else { return nil }
    let digits = rest[..<dash]
    let hex = rest[rest.index(after: dash)...]
    guard let first = digits.first, first != UInt8(ascii: "0"), digits.count <= 10,
      digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
      let processID = Int32(String(decoding: digits, as: UTF8.self)),
      hex.count == 16, hex.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 || $0 &- UInt8(ascii: "a") < 6 }),
      let random = UInt64(String(decoding: hex, as: UTF8.self), radix: 16)
    else { return nil }
    self.init(destinationName: destinationName, processID: processID, random: random)
  }

  /// What comes between the destination's name and the process id.
  private static let marker = ".tmp-"

  /// The file name.
  var text: String {
    let digits = String(random, radix: 16)
    return destinationName + Self.marker + "\(processID)-" + String(repeating: "0", count: 16 - digits.count) + digits
  }
}
