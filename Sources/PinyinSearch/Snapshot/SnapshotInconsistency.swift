/// Why decoded snapshot data is inconsistent.
struct SnapshotInconsistency: Error {
  var reason: String
}
