import RedisCluster

/// What a synchronization's writes check as they go: that the writer still holds the
/// namespace's lease (before each batch), and that replicas have the writes that later ones
/// rely on (between the steps of a batch: a record's value names members that are already
/// copied, and members are gone from the replicas before the value that names them is).
///
/// `put` and `remove` outside a synchronization write with `none`: no lease, no waiting.
struct WriteGuard: Sendable {
  /// The lease to check, or nil.
  let lease: RedisWriterLease?
  /// How many replicas of each primary must acknowledge, 0 for none.
  let replicas: Int
  /// How long each primary waits for them.
  let replicaTimeout: Duration

  /// No lease, no waiting.
  static let none = WriteGuard(lease: nil, replicas: 0, replicaTimeout: .zero)

  /// Throws if the lease was lost.
  ///
  /// - Throws: `RedisIndexError.leaseLost`.
  func check() throws(RedisIndexError) {
    try lease?.check()
  }

  /// Waits until the replicas asked for have every write each primary took so far; returns at
  /// once when none are asked for.
  ///
  /// - Throws: `RedisIndexError.redis` with `replicasMissing`, or the cluster's failure.
  func acknowledge(in namespace: RedisNamespace, client: RedisClusterClient) throws(RedisIndexError) {
    guard replicas > 0 else { return }
    do {
      try client.waitForReplicas(replicas, timeout: replicaTimeout, marker: namespace.acknowledgementKey)
    } catch {
      throw .redis(error)
    }
  }
}
