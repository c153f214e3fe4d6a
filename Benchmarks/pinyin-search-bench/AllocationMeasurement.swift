/// The allocations of the hash engine's queries on one data set, counted by glibc's allocation
/// trace in a child process (`AllocationCount`).
struct AllocationMeasurement {
  /// The queries run while the trace was on.
  var queryCount: Int
  /// Every allocation they made, the trace's own start and stop left out.
  var allocations: Int
  /// The queries with at least one result: an array of results is one allocation each, the one
  /// a caller asks for (an empty array allocates nothing).
  var resultArrays: Int
  /// The results' ids and texts of more than 15 UTF-8 bytes, which a `String` stores out of line:
  /// one allocation each, part of the results returned (shorter ones are stored inline).
  var resultStrings: Int

  /// Allocations per query.
  var perQuery: Double { Double(allocations) / Double(max(queryCount, 1)) }

  /// Allocations per query beyond the results returned: their arrays and their strings.
  var beyondResultsPerQuery: Double {
    Double(allocations - resultArrays - resultStrings) / Double(max(queryCount, 1))
  }
}
