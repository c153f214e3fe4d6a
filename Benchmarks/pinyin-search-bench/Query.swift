/// One query of the workload.
struct Query {
  /// What is typed into the search box.
  var text: String
  /// What the person was typing.
  var origin: Origin

  /// The query's length bucket, by characters.
  var bucket: LengthBucket { LengthBucket(length: text.count) }
}
