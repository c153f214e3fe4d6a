extension Matcher {
  /// What a walk that follows one query position at a time found.
  enum SinglePositionWalk {
    /// The query is typed out with the unit before this end.
    case found(Int)
    /// No match from this start, or the budget ran out.
    case none
    /// A unit's pieces lead to two positions at once: a walk with position sets must decide.
    case branches
  }

  /// Where a Han unit's pieces lead a walk that follows one query position.
  enum SinglePositionStep {
    /// To this position, before the query's end.
    case to(Int)
    /// To the query's end.
    case ends
    /// Nowhere: no piece of the unit goes on from the position.
    case fails
    /// To two positions at once.
    case branches
  }

  /// The walk from `start` that follows one query position: the skeleton of the forward walks
  /// of full pinyin and initials, which skips white space and takes a non-Han unit whole, its
  /// bytes compared with the query's directly. `throughHan` says where a Han unit of a reading
  /// set leads from a position. Each unit stepped through costs one of `budget`, and the walk
  /// stops with `.none` once it is below zero.
  ///
  /// - Complexity: O(n) steps for a record of n units.
  @inline(__always)
  func walkSinglePosition(
    from start: Int, in record: PreparedTextView, budget: inout Int,
    throughHan step: (_ set: UInt16, _ position: Int) -> SinglePositionStep
  ) -> SinglePositionWalk {
    let count = pinyin.count
    var position = 0
    for unit in start..<record.units.count {
      budget -= 1
      if budget < 0 { return .none }
      let info = record.units[unit]
      if info.isTransparent { continue }
      if info.isHan {
        switch step(info.readingSet, position) {
        case .to(let next): position = next
        case .ends: return .found(unit + 1)
        case .fails: return .none
        case .branches: return .branches
        }
      } else {
        let unitStart = record.start(ofUnit: unit)
        let length = Int(info.end) - unitStart
        guard length <= count &- position,
          bytesEqual(pinyin.baseAddress! + position, record.bytes.baseAddress! + unitStart, count: length)
        else { return .none }
        position &+= length
        if position == count { return .found(unit + 1) }
      }
    }
    return .none
  }
}
