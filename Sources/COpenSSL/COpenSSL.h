// The system's OpenSSL (libssl, libcrypto) as the RedisCluster client uses it for TLS, on Linux
// only (Package.swift: a system library target, found with pkg-config). The functions below wrap
// OpenSSL's macros, which Swift does not import.
#ifndef PINYIN_SEARCH_COPENSSL_H
#define PINYIN_SEARCH_COPENSSL_H

#include <errno.h>
#include <stdint.h>
#include <sys/socket.h>

#include <openssl/bio.h>
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

/// A socket BIO that sends with MSG_NOSIGNAL. OpenSSL's own writes to its socket with write(2),
/// which raises SIGPIPE when the node has closed the connection, and SIGPIPE's default action
/// ends the process: with this one, the write fails with EPIPE and the client reports the node.
/// The socket is non-blocking; a call that would block asks OpenSSL to retry.
static int pinyin_search_bio_write(BIO *bio, const char *data, int length) {
  BIO_clear_retry_flags(bio);
  ssize_t sent = send((int)(intptr_t)BIO_get_data(bio), data, (size_t)length, MSG_NOSIGNAL);
  if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) BIO_set_retry_write(bio);
  return (int)sent;
}

static int pinyin_search_bio_read(BIO *bio, char *data, int length) {
  BIO_clear_retry_flags(bio);
  ssize_t received = recv((int)(intptr_t)BIO_get_data(bio), data, (size_t)length, 0);
  if (received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) BIO_set_retry_read(bio);
  return (int)received;
}

static long pinyin_search_bio_control(BIO *bio, int command, long number, void *pointer) {
  (void)bio;
  (void)number;
  (void)pointer;
  return command == BIO_CTRL_FLUSH ? 1 : 0;
}

static int pinyin_search_bio_create(BIO *bio) {
  BIO_set_init(bio, 1);
  return 1;
}

/// The methods of that BIO, made once by the caller and kept for the process; NULL on failure.
static inline BIO_METHOD *pinyin_search_bio_method_new(void) {
  BIO_METHOD *method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "pinyin-search socket");
  if (method == NULL) return NULL;
  if (BIO_meth_set_write(method, pinyin_search_bio_write) != 1
      || BIO_meth_set_read(method, pinyin_search_bio_read) != 1
      || BIO_meth_set_ctrl(method, pinyin_search_bio_control) != 1
      || BIO_meth_set_create(method, pinyin_search_bio_create) != 1) {
    BIO_meth_free(method);
    return NULL;
  }
  return method;
}

/// A BIO of `method` over the socket `descriptor`, which it does not close; NULL on failure.
static inline BIO *pinyin_search_bio_new(BIO_METHOD *method, int descriptor) {
  BIO *bio = BIO_new(method);
  if (bio != NULL) BIO_set_data(bio, (void *)(intptr_t)descriptor);
  return bio;
}

#endif
