// Writes the two Unihan tables that the PinyinSearch library ships: the pinyin table, from
// Unihan_Readings.txt, and with `--variants` the simplified folding map, from Unihan_Variants.txt.
//
//     bzcat /usr/share/unicode/Unihan_Readings.txt.bz2 \
//       | swift run pinyin-table-generator \
//       > Sources/PinyinSearch/Pinyin/PinyinTable+Data.swift
//     bzcat /usr/share/unicode/Unihan_Variants.txt.bz2 \
//       | swift run pinyin-table-generator --variants \
//       > Sources/PinyinSearch/Pinyin/SimplifiedFolding+Data.swift
//
// The input is Debian's `unicode-data` package (`apt-get install unicode-data`). Readings follow
// Docs/Semantics.md: the union of kMandarin, kTGHZ2013 and kXHC1983; kHanyuPinyin only when a scalar
// has none of those. Tones are removed, ü is written v, ê is written e, and the syllabic
// m̀ ń ň ǹg are written m n n ng. The output is deterministic: the same input gives the same bytes.
//
// Output encoding (decoded once at run time by `PinyinTable`; see Docs/PinyinTable.md):
// - `encodedSyllables`: every toneless syllable, sorted, separated by spaces.
// - `encodedReadingSets`: every distinct set of readings, in order of first use, separated by
//   spaces; each set is its syllables' indexes, two base-64 digits each.
// - `encodedScalars`: lines `HEX:codes`, where HEX is the first scalar of a run of consecutive
//   scalars and codes gives each one's reading-set number (1-based), two base-64 digits each.
//
// The folding map follows Docs/Semantics.md ("traditional"): each scalar's kSimplifiedVariant,
// the first one listed, unless the list contains the scalar itself. It is written as lines
// `SOURCE:TARGET` (hexadecimal scalars, sorted by source), the mapping as listed: the library
// follows it repeatedly until the scalar no longer changes. A cycle stops the generator.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `bytes` to standard error (the C library's `write`, which `StandardError.write` hides).
func writeToStandardError(_ bytes: UnsafeMutableRawBufferPointer) -> Int {
  write(2, bytes.baseAddress, bytes.count)
}

/// Standard error as a `TextOutputStream`, for messages.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    var bytes = Array(string.utf8)
    _ = bytes.withUnsafeMutableBytes { writeToStandardError($0) }
  }
}

/// The 64 digits of the table's compact number encoding, in value order.
let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

/// A failure that stops the generator with a message naming the input line.
struct GeneratorError: Error, CustomStringConvertible {
  var description: String
}

/// Two base-64 digits for `value`, which must be below 4096.
func encode(_ value: Int) throws -> String {
  guard value >= 0, value < 64 * 64 else {
    throw GeneratorError(description: "value \(value) does not fit in two base-64 digits")
  }
  return String(decoding: [digits[value / 64], digits[value % 64]], as: UTF8.self)
}

/// The toneless lowercase ASCII spelling of one Unihan reading, e.g. `lǚ` → `lv`, `ǹg` → `ng`.
func toneless(_ reading: Substring, line: Int) throws -> String {
  var result = ""
  for scalar in reading.unicodeScalars {
    if scalar.isASCII {
      guard (0x61...0x7A).contains(scalar.value) else {
        throw GeneratorError(description: "line \(line): unexpected character \(scalar) in reading \(reading)")
      }
      result.unicodeScalars.append(scalar)
      continue
    }
    if scalar.properties.generalCategory == .nonspacingMark {
      // A combining tone mark (U+0300, U+0301, U+0304, U+030C) after m, n or ê.
      continue
    }
    // Precomposed letters are named "LATIN SMALL LETTER X WITH ...": keep X, but ü is v.
    let name = scalar.properties.name ?? ""
    let prefix = "LATIN SMALL LETTER "
    guard name.hasPrefix(prefix), let letter = name.dropFirst(prefix.count).first else {
      throw GeneratorError(description: "line \(line): unexpected character \(scalar) in reading \(reading)")
    }
    if name.hasPrefix(prefix + "U WITH DIAERESIS") {
      result += "v"
    } else {
      result += letter.lowercased()
    }
  }
  guard !result.isEmpty else {
    throw GeneratorError(description: "line \(line): empty reading")
  }
  return result
}

/// The readings a field value lists: `kMandarin` is `r r …`; the others are `loc[,loc]:r[,r] …`.
func readings(field: Substring, value: Substring, line: Int) throws -> [String] {
  var result: [String] = []
  for entry in value.split(separator: " ") {
    let list = field == "kMandarin" ? entry : (entry.split(separator: ":", maxSplits: 1).last ?? "")
    for reading in list.split(separator: ",") {
      result.append(try toneless(reading, line: line))
    }
  }
  return result
}

/// The error for line `lineNumber` of a Unihan file that is not `U+XXXX<TAB>field<TAB>value`.
func malformedLine(_ lineNumber: Int) -> GeneratorError {
  GeneratorError(description: "line \(lineNumber): expected U+XXXX<TAB>field<TAB>value")
}

/// Calls `body` with each data line of the Unihan file on standard input — its number and its
/// three tab-separated fields — and returns the Unicode version that the file's header names.
func readUnihanLines(_ body: (_ lineNumber: Int, _ fields: [Substring]) throws -> Void) throws -> String {
  var unicodeVersion = "unknown"
  var lineNumber = 0
  while let line = readLine(strippingNewline: true) {
    lineNumber += 1
    if line.hasPrefix("# Unicode version: ") {
      unicodeVersion = String(line.dropFirst("# Unicode version: ".count))
    }
    if line.hasPrefix("#") || line.isEmpty { continue }
    let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3 else { throw malformedLine(lineNumber) }
    try body(lineNumber, fields)
  }
  return unicodeVersion
}

/// Each scalar's readings in Unihan_Readings.txt: the union of kMandarin, kTGHZ2013 and
/// kXHC1983, else kHanyuPinyin; and the Unicode version of the file.
func readReadings() throws -> (table: [UInt32: Set<String>], unicodeVersion: String) {
  var preferred: [UInt32: Set<String>] = [:]  // kMandarin ∪ kTGHZ2013 ∪ kXHC1983
  var fallback: [UInt32: Set<String>] = [:]  // kHanyuPinyin
  let unicodeVersion = try readUnihanLines { lineNumber, fields in
    guard fields[0].hasPrefix("U+"), let scalar = UInt32(fields[0].dropFirst(2), radix: 16) else {
      throw malformedLine(lineNumber)
    }
    switch fields[1] {
    case "kMandarin", "kTGHZ2013", "kXHC1983":
      preferred[scalar, default: []].formUnion(try readings(field: fields[1], value: fields[2], line: lineNumber))
    case "kHanyuPinyin":
      fallback[scalar, default: []].formUnion(try readings(field: fields[1], value: fields[2], line: lineNumber))
    default:
      break
    }
  }
  var table = preferred
  for (scalar, set) in fallback where table[scalar] == nil {
    table[scalar] = set
  }
  guard !table.isEmpty else {
    throw GeneratorError(description: "no readings found: is the input Unihan_Readings.txt?")
  }
  return (table, unicodeVersion)
}

/// The pinyin table in the encoding that `PinyinTable` decodes (see the top of this file).
struct EncodedTable {
  /// Every toneless syllable, sorted.
  var syllables: [String] = []
  /// Every distinct reading set, in order of first use: its syllables' numbers, two digits each.
  var setCodes: [String] = []
  /// The runs of consecutive scalars: `HEX:` and each scalar's reading-set number.
  var lines: [String] = []
  /// The number of scalars with readings.
  var scalarCount = 0
}

/// `table` encoded: syllables numbered in sorted order, reading sets in order of first use,
/// scalars in runs.
func encoded(_ table: [UInt32: Set<String>]) throws -> EncodedTable {
  var encoded = EncodedTable()
  encoded.syllables = Set(table.values.joined()).sorted()
  let syllableNumber = Dictionary(uniqueKeysWithValues: encoded.syllables.enumerated().map { ($1, $0) })
  let scalars = table.keys.sorted()
  encoded.scalarCount = scalars.count
  var setNumber: [[String]: Int] = [:]
  var current = ""
  var previous: UInt32?
  var runLength = 0
  for scalar in scalars {
    let set = table[scalar]!.sorted()
    let number: Int
    if let known = setNumber[set] {
      number = known
    } else {
      encoded.setCodes.append(try set.map { try encode(syllableNumber[$0]!) }.joined())
      number = encoded.setCodes.count
      setNumber[set] = number
    }
    // A run ends at a gap, and every 64 scalars to keep lines short.
    if previous.map({ $0 + 1 != scalar }) ?? true || runLength == 64 {
      if !current.isEmpty { encoded.lines.append(current) }
      current = String(scalar, radix: 16, uppercase: true) + ":"
      runLength = 0
    }
    current += try encode(number)
    runLength += 1
    previous = scalar
  }
  encoded.lines.append(current)
  return encoded
}

/// The source file `PinyinTable+Data.swift` of `table`, from the Unihan data of `unicodeVersion`.
func readingsSource(_ table: EncodedTable, unicodeVersion: String) -> String {
  """
  // Generated by pinyin-table-generator from Unihan_Readings.txt (Unicode \(unicodeVersion)). Do not edit.
  // Regenerate: bzcat /usr/share/unicode/Unihan_Readings.txt.bz2 | swift run pinyin-table-generator \\
  //   > Sources/PinyinSearch/Pinyin/PinyinTable+Data.swift
  // Data: the Unicode Character Database, © Unicode, Inc., under the Unicode License (see Docs/PinyinTable.md).
  // \(table.scalarCount) scalars, \(table.syllables.count) syllables, \(table.setCodes.count) distinct reading sets.
  // swift-format-ignore-file

  extension PinyinTable {
    /// The Unicode version of the Unihan data the table was generated from.
    static let unicodeVersion = "\(unicodeVersion)"

    /// Every toneless syllable, sorted, separated by spaces.
    static let encodedSyllables = "\(table.syllables.joined(separator: " "))"

    /// Every distinct reading set: syllable numbers, two base-64 digits each; sets separated by spaces.
    static let encodedReadingSets = "\(table.setCodes.joined(separator: " "))"

    /// Runs of consecutive scalars: `HEX:` then each scalar's reading-set number (1-based), two base-64 digits.
    static let encodedScalars = \"\"\"
  \(table.lines.joined(separator: "\n"))
  \"\"\"
  }

  """
}

/// The pinyin table's source file, from Unihan_Readings.txt on standard input.
func generate() throws -> String {
  let (table, unicodeVersion) = try readReadings()
  return readingsSource(try encoded(table), unicodeVersion: unicodeVersion)
}

/// The `U+XXXX` scalar of a Unihan field, or nil.
func scalar(_ field: Substring) -> UInt32? {
  guard field.hasPrefix("U+"), let value = UInt32(field.dropFirst(2), radix: 16), Unicode.Scalar(value) != nil else {
    return nil
  }
  return value
}

/// The folding map of Unihan_Variants.txt: each scalar's first-listed kSimplifiedVariant,
/// unless the list holds the scalar itself; and the Unicode version of the file.
func readSimplifiedVariants() throws -> (variants: [UInt32: UInt32], unicodeVersion: String) {
  var variants: [UInt32: UInt32] = [:]
  let unicodeVersion = try readUnihanLines { lineNumber, fields in
    guard let source = scalar(fields[0]) else { throw malformedLine(lineNumber) }
    guard fields[1] == "kSimplifiedVariant" else { return }
    var listed: [UInt32] = []
    for entry in fields[2].split(separator: " ") {
      // A value may carry a source after `<` (other fields do); the scalar comes first.
      guard let target = scalar(entry.prefix { $0 != "<" }) else {
        throw GeneratorError(description: "line \(lineNumber): expected U+XXXX values, found \(entry)")
      }
      listed.append(target)
    }
    guard let first = listed.first else {
      throw GeneratorError(description: "line \(lineNumber): kSimplifiedVariant without a value")
    }
    guard variants[source] == nil else {
      throw GeneratorError(description: "line \(lineNumber): a second kSimplifiedVariant line for U+\(hex(source))")
    }
    if !listed.contains(source) { variants[source] = first }
  }
  guard !variants.isEmpty else {
    throw GeneratorError(description: "no kSimplifiedVariant found: is the input Unihan_Variants.txt?")
  }
  return (variants, unicodeVersion)
}

/// The number of steps of the longest chain of `variants`, followed from any scalar until it
/// no longer changes; throws when a chain meets a scalar twice, so that following the map ends.
func longestChain(in variants: [UInt32: UInt32]) throws -> Int {
  var longest = 0
  for source in variants.keys {
    var seen: Set<UInt32> = [source]
    var current = source
    while let next = variants[current] {
      guard seen.insert(next).inserted else {
        throw GeneratorError(description: "the kSimplifiedVariant mappings of U+\(hex(source)) form a cycle")
      }
      current = next
    }
    longest = max(longest, seen.count - 1)
  }
  return longest
}

/// The source file `SimplifiedFolding+Data.swift` of `variants`, whose longest chain has
/// `longest` steps, from the Unihan data of `unicodeVersion`.
func variantsSource(_ variants: [UInt32: UInt32], longest: Int, unicodeVersion: String) -> String {
  let lines = variants.keys.sorted().map { "\(hex($0)):\(hex(variants[$0]!))" }
  return """
    // Generated by pinyin-table-generator --variants from Unihan_Variants.txt (Unicode \(unicodeVersion)). Do not edit.
    // Regenerate: bzcat /usr/share/unicode/Unihan_Variants.txt.bz2 | swift run pinyin-table-generator --variants \\
    //   > Sources/PinyinSearch/Pinyin/SimplifiedFolding+Data.swift
    // Data: the Unicode Character Database, © Unicode, Inc., under the Unicode License (see Docs/PinyinTable.md).
    // \(variants.count) scalars with a simplified variant other than themselves; the longest chain has \(longest) steps.
    // swift-format-ignore-file

    extension SimplifiedFolding {
      /// The Unicode version of the Unihan data the map was generated from.
      static let unicodeVersion = "\(unicodeVersion)"

      /// Lines `SOURCE:TARGET`: each scalar's first-listed kSimplifiedVariant, hexadecimal, sorted by source.
      static let encodedVariants = \"\"\"
    \(lines.joined(separator: "\n"))
    \"\"\"
    }

    """
}

/// The folding map's source file, from Unihan_Variants.txt on standard input.
func generateVariants() throws -> String {
  let (variants, unicodeVersion) = try readSimplifiedVariants()
  return variantsSource(variants, longest: try longestChain(in: variants), unicodeVersion: unicodeVersion)
}

/// `value` in upper-case hexadecimal, at least four digits.
func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

do {
  let arguments = CommandLine.arguments.dropFirst()
  switch arguments.first {
  case nil:
    print(try generate(), terminator: "")
  case "--variants" where arguments.count == 1:
    print(try generateVariants(), terminator: "")
  default:
    throw GeneratorError(
      description: "usage: pinyin-table-generator [--variants] < Unihan_Readings.txt|Unihan_Variants.txt")
  }
} catch {
  var standardError = StandardError()
  print("pinyin-table-generator: \(error)", to: &standardError)
  exit(1)
}
