extension Duration {
  /// The duration in nanoseconds.
  var nanoseconds: Double {
    Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
  }

  /// The duration in seconds.
  var seconds: Double { nanoseconds / 1e9 }
}
