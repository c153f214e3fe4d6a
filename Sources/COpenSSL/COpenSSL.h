// The system's OpenSSL (libssl, libcrypto) as the RedisCluster client uses it for TLS, on Linux
// only (Package.swift: a system library target, found with pkg-config). The functions below wrap
// OpenSSL's macros, which Swift does not import.
#ifndef PINYIN_SEARCH_COPENSSL_H
#define PINYIN_SEARCH_COPENSSL_H

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

/// Accepts only TLS 1.2 and later; 1 on success.
static inline int pinyin_search_ssl_ctx_require_tls12(SSL_CTX *context) {
  return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

/// Lets SSL_write return after writing part of a buffer, and be retried with a buffer that
/// moved (Swift arrays give no stable address between calls).
static inline void pinyin_search_ssl_ctx_set_write_modes(SSL_CTX *context) {
  SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
}

/// Sends `name` in the handshake's server name indication; 1 on success.
static inline int pinyin_search_ssl_set_server_name(SSL *connection, const char *name) {
  return (int)SSL_set_tlsext_host_name(connection, name);
}

#endif
