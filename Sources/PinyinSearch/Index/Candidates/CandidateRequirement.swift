/// What a candidate must have for a match cut a way, or one of several: bits in its spelling
/// signature (folded to one word first, `SpellingSignature.folded`) and as many units as the
/// way has pieces. The last two sieves of a walk among candidates (`CandidateWalk`) ask it.
protocol CandidateRequirement {
  /// Whether a record whose folded signature is `folded` may have such a match: a quick test,
  /// which `admits(_:unitCount:)` completes.
  func mayAdmit(folded: UInt64) -> Bool
  /// Whether a record of `unitCount` units with `signature` may have such a match.
  func admits(_ signature: SpellingSignature, unitCount: @autoclosure () -> Int) -> Bool
}

extension Way: CandidateRequirement {
  @inline(__always)
  func mayAdmit(folded: UInt64) -> Bool {
    folded & required.folded == required.folded
  }
}

/// A match cut any of the ways of `CandidateSources` (`gatherRequirements()` first), or any
/// match when there are no ways.
struct AnyOfTheWays: CandidateRequirement {
  /// The sources whose ways' requirements are asked.
  let sources: CandidateSources

  @inline(__always)
  func mayAdmit(folded: UInt64) -> Bool {
    sources.ways.isEmpty || sources.requirements.contains { folded & $0.folded == $0.folded }
  }

  @inline(__always)
  func admits(_ signature: SpellingSignature, unitCount: @autoclosure () -> Int) -> Bool {
    guard !sources.ways.isEmpty else { return true }
    let count = unitCount()
    return sources.requirements.contains { signature.contains($0.required) && count >= $0.pieceCount }
  }
}

/// Nothing beyond the adjacent pairs: candidates that no way sifts (every record, a list kept
/// from an earlier keystroke).
struct NoRequirement: CandidateRequirement {
  @inline(__always)
  func mayAdmit(folded: UInt64) -> Bool { true }

  @inline(__always)
  func admits(_ signature: SpellingSignature, unitCount: @autoclosure () -> Int) -> Bool { true }
}
