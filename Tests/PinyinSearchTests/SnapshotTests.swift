import PinyinSearchSamples
import PinyinSearchTestSupport
import Testing

@testable import PinyinSearch

/// Saving and opening index snapshots: identical answers, incremental updates, and every kind
/// of damaged file giving its error instead of a crash or wrong results.
@Suite struct SnapshotTests {
  func queries(for records: [Record], count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in RandomText.query(for: records.randomElement(using: &random)!.text, using: &random) }
  }

  /// A set of rules drawn from a seeded generator, neither empty nor every rule.
  static let randomRules: FuzzyRules = {
    var random = SplitMix64(seed: 20)
    while true {
      let rules = FuzzyRules(rawValue: UInt16.random(in: 0...UInt16.max, using: &random))
      if !rules.isEmpty && rules != .all { return rules }
    }
  }()

  /// The options snapshots are saved and opened with, each with its seed: none, mixed input,
  /// fuzzy pinyin with every rule and with some, traditional characters, the keypad, and all
  /// four together.
  static let optionSets: [(UInt64, SearchOptions)] = [
    (1, .default), (2, SearchOptions(mixed: true)), (3, SearchOptions(fuzzy: .all)),
    (4, SearchOptions(fuzzy: randomRules)),
    (5, SearchOptions(traditional: true)), (6, SearchOptions(keypad: true)),
    (7, SearchOptions(mixed: true, fuzzy: .all, traditional: true, keypad: true)),
  ]

  /// Other options than `options`: each option changed alone.
  static func otherOptions(than options: SearchOptions) -> [SearchOptions] {
    var others: [SearchOptions] = []
    for change in 0..<5 {
      var other = options
      switch change {
      case 0: other.mixed.toggle()
      case 1: other.fuzzy = options.fuzzy.isEmpty ? .all : []
      case 2: other.fuzzy = options.fuzzy.isEmpty ? [.nL] : FuzzyRules(rawValue: options.fuzzy.rawValue ^ 1)
      case 3: other.traditional.toggle()
      default: other.keypad.toggle()
      }
      others.append(other)
    }
    return others
  }

  /// Records with ranks, traditional characters among them, for each set of options: the file
  /// keeps the records, the configuration (the fuzzy key length too) and the options, and
  /// answers every query — typed for the options: fuzzy spellings, keypad digits, the other
  /// script — as a scan does.
  @Test(arguments: optionSets)
  func openedSnapshotAnswersLikeAFreshBuild(seed: UInt64, options: SearchOptions) throws {
    // A quick run takes the default options and every other set after them, CI every set.
    guard seed == 1 || TestScale.includes(Int(seed), ofEvery: 2) else { return }
    var random = SplitMix64(seed: seed)
    let count = TestScale.isFull ? 200 : 120  // of random and of sample records; 40 % as many traditional
    var records = RandomText.records(count: count, using: &random) + SampleContacts.records(count: count, seed: seed)
    records += (0..<count * 2 / 5).map { number in
      Record(
        id: "t\(number)", text: RandomText.textWithTraditional(using: &random), rank: RandomText.rank(using: &random))
    }
    let configuration = IndexConfiguration(
      maxKeyLength: 12, rareKeyLimit: 4, maxMixedKeyLength: 3, maxFuzzyKeyLength: 5)
    let built = HashIndexEngine(records, options: options, configuration: configuration)
    let directory = try TemporaryDirectory()
    let path = directory.adopt("index.snapshot")
    try built.save(toSnapshot: path)
    let opened = try HashIndexEngine(contentsOfSnapshot: path, options: options)
    let hybrid = try HybridEngine(contentsOfSnapshot: path, options: options)
    #expect(opened.configuration == configuration)
    #expect(opened.options == options && hybrid.options == options)
    #expect(opened.statistics == built.statistics)
    let store = opened.indexed.store
    #expect(store.slots.isMapped && store.bytes.isMapped && store.units.isMapped, "read in place from the file")
    #expect(opened.indexed.index.tables.allSatisfy { $0.bytes.isMapped && $0.slots.isMapped })
    #expect(store.ids == built.indexed.store.ids && store.texts == built.indexed.store.texts)
    #expect(hybrid.status.isHashPathReady && !hybrid.status.isBuilding)
    for other in Self.otherOptions(than: options) {
      #expect(throws: SnapshotError.options(path: path, expected: other, found: options)) {
        try HashIndexEngine(contentsOfSnapshot: path, options: other)
      }
      #expect(throws: SnapshotError.options(path: path, expected: other, found: options)) {
        try HybridEngine(contentsOfSnapshot: path, options: other)
      }
      #expect(SnapshotError.options(path: path, expected: other, found: options).isIncompatible)
    }
    var queries = queries(for: records, count: TestScale.rounds(quick: 30, full: 120), seed: seed)
    queries += (0..<TestScale.rounds(quick: 45, full: 180)).map { _ in
      RandomText.query(for: records.randomElement(using: &random)!.text, options: options, using: &random)
    }
    // 75 queries (300 in CI) against the fresh build; a quarter of them (all in CI) against
    // the scan too, which in a debug build costs most of the test.
    let scan = LinearScanEngine(records, options: options)
    for (number, query) in queries.enumerated() {
      let expected = built.search(query)
      #expect(opened.search(query) == expected, "\(options): \(query.debugDescription)")
      #expect(hybrid.search(query) == expected, "\(options): \(query.debugDescription)")
      if TestScale.includes(number, ofEvery: 4) {
        #expect(expected == scan.search(query, limit: 20), "\(options): \(query.debugDescription), the scan")
      }
    }
    // Saving what was opened gives the same bytes, from either engine.
    let again = directory.adopt("again.snapshot")
    try opened.save(toSnapshot: again)
    #expect(try TemporaryDirectory.contents(of: again) == TemporaryDirectory.contents(of: path))
    try hybrid.save(toSnapshot: again)
    #expect(try TemporaryDirectory.contents(of: again) == TemporaryDirectory.contents(of: path))
  }

  @Test func synchronizingWithTheSourcePreparesOnlyChangesAndEqualsAFreshBuild() throws {
    let original = SampleContacts.records(count: 2000, seed: 11)
    let directory = try TemporaryDirectory()
    let path = directory.adopt("contacts.snapshot")
    try HashIndexEngine(original).save(toSnapshot: path)

    var source = Array(original.dropFirst(100))  // c1…c100 removed
    for index in stride(from: 0, to: 600, by: 3) { source[index].text += "（新）" }  // 200 changed
    for index in stride(from: 601, to: 700, by: 3) { source[index].rank = 5 }  // 33 ranked higher
    source += SampleContacts.records(count: 50, seed: 12).map { Record(id: "new" + $0.id, text: $0.text) }
    let engine = try HybridEngine(contentsOfSnapshot: path)
    let summary = engine.synchronize(with: source)
    #expect(summary == SynchronizationSummary(added: 50, replaced: 233, removed: 100, unchanged: 1667))
    #expect(engine.count == source.count)
    #expect(engine.synchronize(with: source) == SynchronizationSummary(unchanged: source.count))

    let scan = LinearScanEngine(source)
    let queries =
      ["w", "wang", "lyf", "新", "138", "+86 1", "zhang s", "xian"] + queries(for: source, count: 200, seed: 5)
    for query in queries { #expect(engine.search(query) == scan.search(query), "\(query.debugDescription)") }

    try engine.save(toSnapshot: path)
    let reopened = try HashIndexEngine(contentsOfSnapshot: path)
    #expect(reopened.count == source.count)
    for query in queries { #expect(reopened.search(query) == scan.search(query), "\(query.debugDescription)") }
  }

  /// A valid snapshot to damage, and its bytes.
  func validSnapshot(in directory: TemporaryDirectory) throws -> (path: String, bytes: [UInt8]) {
    let path = directory.adopt("valid.snapshot")
    try HashIndexEngine(SampleContacts.records(count: 200, seed: 3)).save(toSnapshot: path)
    return (path, try TemporaryDirectory.contents(of: path))
  }

  func openError(_ bytes: [UInt8], in directory: TemporaryDirectory) -> SnapshotError? {
    let path = directory.adopt("damaged.snapshot")
    try! directory.write(bytes, to: "damaged.snapshot")
    do {
      _ = try HashIndexEngine(contentsOfSnapshot: path)
      return nil
    } catch {
      return error
    }
  }

  @Test func truncatedSnapshotsAreRejected() throws {
    let directory = try TemporaryDirectory()
    let (_, bytes) = try validSnapshot(in: directory)
    var random = SplitMix64(seed: 9)
    var lengths = Array(0..<100) + [bytes.count - 1, bytes.count - 8, bytes.count / 2]
    lengths += (0..<100).map { _ in Int.random(in: 0..<bytes.count, using: &random) }
    for length in lengths {
      let error = openError(Array(bytes[..<length]), in: directory)
      #expect(error != nil, "truncated to \(length) bytes")
      if length == 0 { #expect(error == .empty(path: directory.adopt("damaged.snapshot"))) }
      if length >= Snapshot.headerSize, case .truncated? = error {
      } else if length >= Snapshot.headerSize {
        Issue.record("truncated to \(length): \(String(describing: error))")
      }
    }
  }

  @Test func flippedBytesAreCaughtByTheChecksum() throws {
    let directory = try TemporaryDirectory()
    let (_, bytes) = try validSnapshot(in: directory)
    var random = SplitMix64(seed: 10)
    for _ in 0..<300 {
      var damaged = bytes
      let offset = Int.random(in: Snapshot.headerSize..<bytes.count, using: &random)
      damaged[offset] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
      let error = openError(damaged, in: directory)
      guard case .checksum? = error else {
        Issue.record("flipped a bit at \(offset): \(String(describing: error))")
        continue
      }
    }
    // Flips in the header are caught too, by the field they damage.
    for offset in 0..<Snapshot.headerSize {
      var damaged = bytes
      damaged[offset] ^= 0x10
      #expect(openError(damaged, in: directory) != nil, "flipped header byte \(offset)")
    }
  }

  @Test func foreignAndIncompatibleFilesAreNamed() throws {
    let directory = try TemporaryDirectory()
    let (_, bytes) = try validSnapshot(in: directory)
    let damaged = directory.adopt("damaged.snapshot")
    #expect(openError(Array("id\ttext\n".utf8), in: directory) == .notASnapshot(path: damaged))
    var future = bytes
    future[8] = UInt8(Snapshot.formatVersion + 1)  // the next format version
    let futureError = openError(future, in: directory)
    #expect(
      futureError == .formatVersion(path: damaged, expected: Snapshot.formatVersion, found: Snapshot.formatVersion + 1))
    #expect(futureError?.isIncompatible == true)
    #expect(openError([], in: directory) == .empty(path: damaged))
    #expect(throws: SnapshotError.isDirectory(path: directory.path)) {
      try HashIndexEngine(contentsOfSnapshot: directory.path)
    }
    #expect(throws: SnapshotError.io(operation: "open", path: directory.adopt("missing"), errno: .noSuchFile)) {
      try HashIndexEngine(contentsOfSnapshot: directory.adopt("missing"))
    }
    #expect(SnapshotError.notASnapshot(path: "x").description == "x: not a PinyinSearch snapshot (wrong magic)")
  }

  @Test func replacingASnapshotKeepsItsModeAndOwner() throws {
    let directory = try TemporaryDirectory()
    let (path, _) = try validSnapshot(in: directory)
    try FileInspection.setMode(0o600, of: path)
    if FileInspection.isRoot { try FileInspection.setOwner(user: 4321, group: 8765, of: path) }
    try HashIndexEngine(SampleContacts.records(count: 20, seed: 4)).save(toSnapshot: path)
    #expect(try FileInspection.mode(of: path) == 0o600, "a private snapshot stays private")
    if FileInspection.isRoot { #expect(try FileInspection.owner(of: path) == (4321, 8765)) }
    try FileInspection.setMode(0o640, of: path)
    let hybrid = HybridEngine(SampleContacts.records(count: 30, seed: 5))
    try hybrid.save(toSnapshot: path)
    #expect(try FileInspection.mode(of: path) == 0o640)
    #expect(try HashIndexEngine(contentsOfSnapshot: path).count == 30)
    // A new snapshot gets 0644 less the umask (0022 here, as in most set-ups).
    let fresh = directory.adopt("fresh.snapshot")
    try hybrid.save(toSnapshot: fresh)
    #expect(try FileInspection.mode(of: fresh) & 0o600 == 0o600)
  }

  @Test func savingThroughASymbolicLinkReplacesItsFinalTarget() throws {
    let directory = try TemporaryDirectory()
    try FileInspection.makeFolder(directory.adopt("real"))
    try FileInspection.makeFolder(directory.adopt("links"))
    let target = directory.adopt("real/contacts.snapshot")
    try HashIndexEngine(SampleContacts.records(count: 20, seed: 6)).save(toSnapshot: target)
    try FileInspection.setMode(0o600, of: target)
    // links/first -> ../real/second (relative to the link's folder) -> contacts.snapshot
    try FileInspection.makeSymbolicLink(at: directory.adopt("real/second"), to: "contacts.snapshot")
    try FileInspection.makeSymbolicLink(at: directory.adopt("links/first"), to: "../real/second")
    let link = directory.adopt("links/first")
    let engine = HashIndexEngine(SampleContacts.records(count: 40, seed: 7))
    try engine.save(toSnapshot: link)
    #expect(FileInspection.linkTarget(of: link) == "../real/second", "the link is still a link")
    #expect(FileInspection.linkTarget(of: directory.adopt("real/second")) == "contacts.snapshot")
    #expect(try HashIndexEngine(contentsOfSnapshot: target).count == 40, "the target holds the new snapshot")
    #expect(try FileInspection.mode(of: target) == 0o600)
    #expect(try FileInspection.names(in: directory.adopt("real")) == ["contacts.snapshot", "second"])
    #expect(try FileInspection.names(in: directory.adopt("links")) == ["first"])

    // A dangling link: its target is created.
    try FileInspection.makeSymbolicLink(
      at: directory.adopt("links/dangling"), to: "\(directory.path)/real/new.snapshot")
    try engine.save(toSnapshot: directory.adopt("links/dangling"))
    #expect(try HashIndexEngine(contentsOfSnapshot: directory.adopt("real/new.snapshot")).count == 40)
    #expect(FileInspection.linkTarget(of: directory.adopt("links/dangling")) == "\(directory.path)/real/new.snapshot")

    // A loop of links is refused, and nothing is written.
    try FileInspection.makeSymbolicLink(at: directory.adopt("links/loop1"), to: "loop2")
    try FileInspection.makeSymbolicLink(at: directory.adopt("links/loop2"), to: "loop1")
    #expect(
      throws: SnapshotError.io(operation: "resolve", path: directory.adopt("links/loop1"), errno: .tooManySymbolicLinks)
    ) {
      try engine.save(toSnapshot: directory.adopt("links/loop1"))
    }
    #expect(try FileInspection.names(in: directory.adopt("links")) == ["dangling", "first", "loop1", "loop2"])
  }

  @Test func theTemporaryFileIsNewNeverWhatIsPlantedAtItsName() throws {
    let directory = try TemporaryDirectory()
    let path = directory.adopt("contacts.snapshot")
    let victim = try directory.write("not a snapshot", to: "victim")
    let engine = HashIndexEngine(SampleContacts.records(count: 20, seed: 8))
    // The name earlier versions used.
    try FileInspection.makeSymbolicLink(at: "\(path).tmp-\(FileInspection.processID)", to: victim)
    try engine.save(toSnapshot: path)
    #expect(try TemporaryDirectory.contents(of: victim) == Array("not a snapshot".utf8))
    #expect(try HashIndexEngine(contentsOfSnapshot: path).count == 20)

    // The next names are random; with a seeded generator they are known: plant at the first three.
    var random = SplitMix64(seed: 1)
    var predicted = random
    let planted = (0..<3).map { _ in
      directory.adopt(
        SnapshotTemporaryName(
          destinationName: "contacts.snapshot", processID: FileInspection.processID, random: predicted.next()
        ).text)
    }
    try FileInspection.makeSymbolicLink(at: planted[0], to: victim)
    try FileInspection.makeSymbolicLink(at: planted[1], to: directory.adopt("created-through-a-link"))
    try directory.write("someone else's", to: FileSystem.name(of: planted[2]))
    let bytes = Snapshot.encode(engine.indexed, configuration: engine.configuration, options: engine.options)
    try SnapshotFile.replace(path, with: bytes, using: &random)
    #expect(try TemporaryDirectory.contents(of: path) == bytes)
    #expect(try TemporaryDirectory.contents(of: victim) == Array("not a snapshot".utf8))
    #expect(!FileInspection.exists(directory.adopt("created-through-a-link")))
    #expect(try TemporaryDirectory.contents(of: planted[2]) == Array("someone else's".utf8))
    #expect(FileInspection.linkTarget(of: planted[0]) == victim, "what was planted stays (its writer lives)")

    // When every name tried is taken, saving fails and leaves everything as it was.
    struct Constant: RandomNumberGenerator {
      mutating func next() -> UInt64 { 0x0123_4567_89AB_CDEF }
    }
    var constant = Constant()
    let taken = SnapshotTemporaryName(
      destinationName: "contacts.snapshot", processID: FileInspection.processID, random: constant.next())
    try directory.write("taken", to: taken.text)
    #expect(
      throws: SnapshotError.io(operation: "create \(directory.adopt(taken.text))", path: path, errno: .fileExists)
    ) {
      try SnapshotFile.replace(path, with: [1, 2, 3], using: &constant)
    }
    #expect(try TemporaryDirectory.contents(of: path) == bytes)
  }

  @Test(arguments: [0, 1, 0xABC, .max] as [UInt64])
  func temporaryNamesReadBackExactly(random: UInt64) {
    let name = SnapshotTemporaryName(destinationName: "a.snapshot", processID: 4242, random: random)
    #expect(
      name.text.hasPrefix("a.snapshot.tmp-4242-") && name.text.utf8.count == "a.snapshot.tmp-4242-".utf8.count + 16)
    #expect(SnapshotTemporaryName(parsing: name.text, destinationName: "a.snapshot") == name)
    #expect(SnapshotTemporaryName(parsing: name.text, destinationName: "b.snapshot") == nil)
    #expect(SnapshotTemporaryName(parsing: name.text, destinationName: "a.snap") == nil)
  }

  @Test func savingRemovesTheTemporaryFilesOfDeadWritersOnly() throws {
    let directory = try TemporaryDirectory()
    let path = directory.adopt("contacts.snapshot")
    let victim = try directory.write("not a snapshot", to: "victim")
    let dead = try FileInspection.endedProcessID()
    let live = FileInspection.processID
    let stale = [
      "contacts.snapshot.tmp-\(dead)-0123456789abcdef",
      "contacts.snapshot.tmp-\(dead)-fedcba9876543210",  // a link: removed, not followed
    ]
    let kept = [
      "contacts.snapshot.tmp-\(live)-0123456789abcdef",  // a live writer's
      "contacts.snapshot.tmp-1-0123456789abcdef",  // init's, which lives
      "contacts.snapshot.tmp-\(dead)",  // not the pattern: no random part
      "contacts.snapshot.tmp-\(dead)-0123456789ABCDEF",  // upper case
      "contacts.snapshot.tmp-\(dead)-0123456789abcde",  // 15 digits
      "contacts.snapshot.tmp-\(dead)-0123456789abcdef.x",
      "contacts.snapshot.tmp-0\(dead)-0123456789abcdef",  // a leading zero
      "contacts.snapshot.tmp--\(dead)-0123456789abcdef",
      "other.snapshot.tmp-\(dead)-0123456789abcdef",  // another destination's
      "xcontacts.snapshot.tmp-\(dead)-0123456789abcdef",
    ]
    try directory.write([UInt8](repeating: 7, count: 1000), to: stale[0])
    try FileInspection.makeSymbolicLink(at: directory.adopt(stale[1]), to: victim)
    for name in kept { try directory.write("keep", to: name) }
    let folder = "contacts.snapshot.tmp-\(dead)-aaaaaaaaaaaaaaaa"  // a folder is never removed
    try FileInspection.makeFolder(directory.adopt(folder))
    try HashIndexEngine(SampleContacts.records(count: 20, seed: 9)).save(toSnapshot: path)
    #expect(try FileInspection.names(in: directory.path) == (kept + [folder, "contacts.snapshot", "victim"]).sorted())
    #expect(try TemporaryDirectory.contents(of: victim) == Array("not a snapshot".utf8))
  }

  @Test func anUnwritableDestinationIsReportedAndLeavesNoFile() throws {
    let directory = try TemporaryDirectory()
    let (path, bytes) = try validSnapshot(in: directory)
    let engine = try HashIndexEngine(contentsOfSnapshot: path)
    // Root ignores permission bits, so use a folder that cannot exist: a path under a file.
    let underFile = path + "/inside.snapshot"
    #expect(throws: SnapshotError.self) { try engine.save(toSnapshot: underFile) }
    #expect(throws: SnapshotError.self) { try engine.save(toSnapshot: directory.adopt("no/such/folder/x")) }
    #expect(try TemporaryDirectory.contents(of: path) == bytes, "the old snapshot is untouched")
  }
}
