#if canImport(COpenSSL)
  import COpenSSL
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every TLS connection of a client shares: OpenSSL's context with the trusted
/// authorities, the client's certificate if any, TLS 1.2 or later, and peer verification on.
///
/// Made once per client, on the first connection (its files read then), and used from any
/// thread afterwards: OpenSSL allows making sessions of one context on several threads once it
/// is set up. On a platform without OpenSSL (`COpenSSL` is linked on Linux only), making one
/// fails with ``RedisError/tlsUnavailable``.
final class TLSContext: @unchecked Sendable {
  /// The configuration the context was made from.
  let configuration: RedisTLSConfiguration

  #if canImport(COpenSSL)
    /// OpenSSL's `SSL_CTX`.
    let context: OpaquePointer

    /// Makes the context of `configuration`, reading its files.
    ///
    /// - Throws: ``RedisError/tlsConfiguration(_:)`` naming the file that cannot be read or used.
    init(_ configuration: RedisTLSConfiguration) throws(RedisError) {
      self.configuration = configuration
      ERR_clear_error()
      guard let context = SSL_CTX_new(TLS_client_method()) else {
        throw .tlsConfiguration("OpenSSL cannot make a context: \(openSSLErrorText())")
      }
      self.context = context
      guard pinyin_search_ssl_ctx_require_tls12(context) == 1 else {
        throw .tlsConfiguration("OpenSSL cannot require TLS 1.2: \(openSSLErrorText())")
      }
      pinyin_search_ssl_ctx_set_write_modes(context)
      SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
      if let caFile = configuration.caFile {
        try Self.checkReadable(caFile, what: "CA file")
        guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
          throw .tlsConfiguration("the CA file '\(caFile)' holds no certificate OpenSSL can use: \(openSSLErrorText())")
        }
      } else if SSL_CTX_set_default_verify_paths(context) != 1 {
        throw .tlsConfiguration("OpenSSL cannot read the system's certificate authorities: \(openSSLErrorText())")
      }
      if let certificateFile = configuration.certificateFile, let keyFile = configuration.keyFile {
        try Self.checkReadable(certificateFile, what: "client certificate")
        try Self.checkReadable(keyFile, what: "client key")
        guard SSL_CTX_use_certificate_chain_file(context, certificateFile) == 1 else {
          throw .tlsConfiguration(
            "the client certificate '\(certificateFile)' is not one OpenSSL can use: \(openSSLErrorText())")
        }
        guard SSL_CTX_use_PrivateKey_file(context, keyFile, SSL_FILETYPE_PEM) == 1 else {
          throw .tlsConfiguration("the client key '\(keyFile)' is not one OpenSSL can use: \(openSSLErrorText())")
        }
        guard SSL_CTX_check_private_key(context) == 1 else {
          throw .tlsConfiguration(
            "the client key '\(keyFile)' does not belong to the certificate '\(certificateFile)'")
        }
      }
    }

    deinit {
      SSL_CTX_free(context)
    }

    /// Throws unless the file at `path` can be opened for reading.
    private static func checkReadable(_ path: String, what: String) throws(RedisError) {
      guard let file = fopen(path, "r") else {
        throw .tlsConfiguration("cannot read the \(what) '\(path)': \(String(cString: strerror(errno)))")
      }
      fclose(file)
    }
  #else
    /// Fails: TLS is not supported yet on this platform.
    ///
    /// - Throws: ``RedisError/tlsUnavailable``.
    init(_ configuration: RedisTLSConfiguration) throws(RedisError) {
      self.configuration = configuration
      throw .tlsUnavailable
    }
  #endif
}

#if canImport(COpenSSL)
  /// The reasons in OpenSSL's error queue of this thread, oldest first, and the queue emptied;
  /// "unknown reason" when it is empty.
  func openSSLErrorText() -> String {
    var reasons: [String] = []
    while true {
      let code = ERR_get_error()
      guard code != 0 else { break }
      if let reason = ERR_reason_error_string(code) {
        reasons.append(String(cString: reason))
      } else {
        reasons.append("error \(code)")
      }
    }
    return reasons.isEmpty ? "unknown reason" : reasons.joined(separator: "; ")
  }
#endif
