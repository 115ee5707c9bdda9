/*
 * server.h - `syscat serve`: the MariaDB client/server protocol in front of
 * one catalog (docs/server.md). tools/cmd_serve.c parses the command line
 * and calls sc_server_run(); tools/cmd_user.c uses the password hash.
 *
 * The server is linked into the CLI, not into libsyscat.a, so the library
 * does not depend on OpenSSL or libevent.
 */
#ifndef SC_SERVER_SERVER_H
#define SC_SERVER_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "syscat.h"

#define SC_SERVER_DEFAULT_PORT 3307
#define SC_SERVER_DEFAULT_MAX_CONNECTIONS 151
#define SC_SERVER_DEFAULT_MAX_PACKET (16u << 20)
#define SC_SERVER_DEFAULT_IDLE_TIMEOUT 28800
#define SC_SERVER_DEFAULT_OUTPUT_LIMIT (64u << 20)
#define SC_SERVER_DEFAULT_LOCK_WAIT 50         /* innodb_lock_wait_timeout's default */
#define SC_SERVER_DEFAULT_NET_WRITE_TIMEOUT 60 /* MariaDB's net_write_timeout default */

/** Options of sc_server_run(); start from SC_SERVER_OPTIONS_INIT. */
typedef struct sc_server_options {
    unsigned version;
    const char *bind;              /* TCP address, default 127.0.0.1; "" = no TCP */
    unsigned port;                 /* TCP port (0 = any free port, printed) */
    const char *socket_path;       /* Unix socket; NULL = DATADIR/syscat.sock, "" = none */
    uint32_t server_id;            /* @@server_id, 0 = the log's binlog.server_id */
    unsigned max_connections;      /* 1040 past it */
    const char *ssl_cert;          /* PEM certificate chain; NULL = no TLS */
    const char *ssl_key;           /* PEM private key */
    bool require_secure_transport; /* plain TCP refused (1045) */
    size_t max_allowed_packet;     /* bytes, 1153 past it */
    unsigned idle_timeout;         /* seconds without a command before a close */
    size_t output_limit;           /* per-connection output buffer bound, bytes */
    const char *port_file;         /* write the TCP port here once listening (tests) */
    unsigned lock_wait_timeout;    /* seconds a statement waits for another connection's transaction
                                      (1205) */
    unsigned net_write_timeout;    /* seconds a client may leave queued output unread (a peer that
                                      stopped reading, or half-open TCP) before it is closed */
    int reader_threads; /* reader loops (threads) serving connections that send definition SHOWs
                           (docs/server.md "Reader loops"); SC_SERVER_READERS_AUTO: one per online
                           CPU but the main loop's, 2 on 2 CPUs, none on 1; 0 = none */
} sc_server_options;

#define SC_SERVER_READERS_AUTO (-1)
#define SC_SERVER_READERS_MAX 64

#define SC_SERVER_OPTIONS_VERSION 1
#define SC_SERVER_OPTIONS_INIT                                                                     \
    {                                                                                              \
        SC_SERVER_OPTIONS_VERSION, "127.0.0.1", SC_SERVER_DEFAULT_PORT, NULL, 0,                   \
            SC_SERVER_DEFAULT_MAX_CONNECTIONS, NULL, NULL, false, SC_SERVER_DEFAULT_MAX_PACKET,    \
            SC_SERVER_DEFAULT_IDLE_TIMEOUT, SC_SERVER_DEFAULT_OUTPUT_LIMIT, NULL,                  \
            SC_SERVER_DEFAULT_LOCK_WAIT, SC_SERVER_DEFAULT_NET_WRITE_TIMEOUT,                      \
            SC_SERVER_READERS_AUTO                                                                 \
    }

/**
 * Serve the catalog until SIGTERM or SIGINT. Opens the catalog's log
 * (every commit made through the server is logged). Connection events go
 * to logf, one line each.
 * @return 0 after a clean stop, 1 on a start-up failure (message on logf)
 */
int sc_server_run(sc_catalog *cat, const sc_server_options *opts, FILE *logf);

/** The stored form of a mysql_native_password: SHA1(SHA1(password)). */
void sc_server_password_hash(uint8_t out[20], const char *password, size_t len);

#endif /* SC_SERVER_SERVER_H */
