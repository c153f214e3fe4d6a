/// How a client speaks TLS to the nodes: the certificate authorities it trusts, the name each
/// node's certificate must carry, and a certificate of its own for nodes that verify clients.
///
/// A node's certificate is always verified: it must be signed by an authority of ``caFile``
/// (or of the system's store when there is none) and name the node, either its address as the
/// cluster gives it (an IP address, as `CLUSTER SLOTS` lists nodes, is matched against the
/// certificate's IP addresses) or ``serverName`` for every node when set.
///
/// TLS needs the system's OpenSSL, on Linux (Docs/RedisCluster.md, "TLS and credentials"); on
/// other platforms a connection with a TLS configuration fails with
/// ``RedisError/tlsUnavailable``.
///
///     let tls = RedisTLSConfiguration(caFile: "/etc/redis/ca.crt")
///     let configuration = RedisClusterConfiguration(tls: tls)
public struct RedisTLSConfiguration: Hashable, Sendable {
  /// A PEM file of the certificate authorities to trust, or nil for the system's.
  public let caFile: String?
  /// A PEM file of the client's certificate (and chain), for nodes that verify clients; with
  /// ``keyFile``.
  public let certificateFile: String?
  /// A PEM file of the client certificate's private key; with ``certificateFile``.
  public let keyFile: String?
  /// The name every node's certificate must carry, or nil to check each node's own host.
  public let serverName: String?

  /// A TLS configuration.
  ///
  /// - Parameters:
  ///   - caFile: The certificate authorities to trust (PEM), or nil for the system's.
  ///   - certificateFile: The client's certificate (PEM), or nil; given with `keyFile`.
  ///   - keyFile: The client certificate's private key (PEM), or nil; given with `certificateFile`.
  ///   - serverName: The name every node's certificate must carry, or nil for each node's host.
  public init(
    caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil, serverName: String? = nil
  ) {
    precondition(
      (certificateFile == nil) == (keyFile == nil), "a client certificate and its key are given together, or neither")
    self.caFile = caFile
    self.certificateFile = certificateFile
    self.keyFile = keyFile
    self.serverName = serverName
  }
}
