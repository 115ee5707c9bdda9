/*
 * conn.h - what a command handler may do with one client connection of
 * `syscat serve` (docs/server.md): write packets (sequence ids handled),
 * send OK/ERR/EOF, read the connection's identity, capabilities and
 * variables, and, for a binlog dump, stream: be woken after each catalog
 * commit, be told when the output buffer has drained, arm a timer
 * (heartbeats) and be told when the connection goes away.
 *
 * Threading: everything here runs on the server's one event-loop thread;
 * a handler never blocks (no sleep, no blocking read or write). Output is
 * buffered per connection up to sc_conn_output_limit() bytes; a write that
 * would go past it closes the connection with a logged reason (a stalled
 * client never holds memory or delays others) and returns -1.
 *
 * Sequence ids: a reply's packets continue the sequence of the request
 * that started the command (MariaDB's rule); sc_conn_write_packet()
 * numbers them and splits payloads of 16 MiB - 1 and more.
 */
#ifndef SC_SERVER_CONN_H
#define SC_SERVER_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syscat.h"

typedef struct sc_conn sc_conn;

/* Client capability bits (MariaDB's CLIENT_* of mariadb_com.h). */
#define SC_CLIENT_LONG_PASSWORD 0x1u
#define SC_CLIENT_FOUND_ROWS 0x2u
#define SC_CLIENT_LONG_FLAG 0x4u
#define SC_CLIENT_CONNECT_WITH_DB 0x8u
#define SC_CLIENT_NO_SCHEMA 0x10u
#define SC_CLIENT_COMPRESS 0x20u
#define SC_CLIENT_LOCAL_FILES 0x80u
#define SC_CLIENT_IGNORE_SPACE 0x100u
#define SC_CLIENT_PROTOCOL_41 0x200u
#define SC_CLIENT_INTERACTIVE 0x400u
#define SC_CLIENT_SSL 0x800u
#define SC_CLIENT_TRANSACTIONS 0x2000u
#define SC_CLIENT_SECURE_CONNECTION 0x8000u
#define SC_CLIENT_MULTI_STATEMENTS 0x10000u
#define SC_CLIENT_MULTI_RESULTS 0x20000u
#define SC_CLIENT_PS_MULTI_RESULTS 0x40000u
#define SC_CLIENT_PLUGIN_AUTH 0x80000u
#define SC_CLIENT_CONNECT_ATTRS 0x100000u
#define SC_CLIENT_PLUGIN_AUTH_LENENC 0x200000u
#define SC_CLIENT_DEPRECATE_EOF 0x1000000u

/* Server status bits of OK/EOF packets. */
#define SC_STATUS_IN_TRANS 0x1u
#define SC_STATUS_AUTOCOMMIT 0x2u
#define SC_STATUS_MORE_RESULTS 0x8u

/* Privileges of syscat.users (docs/server.md "Accounts"). */
#define SC_PRIV_SELECT 0x1u     /* SHOW and reads */
#define SC_PRIV_DDL 0x2u        /* CREATE/ALTER/DROP... */
#define SC_PRIV_REPL_SLAVE 0x4u /* COM_BINLOG_DUMP, COM_REGISTER_SLAVE */
#define SC_PRIV_ADMIN 0x8u      /* accounts, SHOW MASTER STATUS, binlog inspection */
#define SC_PRIV_ALL 0xFu

/* ---- packets ------------------------------------------------------ */

/**
 * Queue one packet (any length: split at 16 MiB - 1 as the protocol says),
 * numbered with the connection's next sequence id.
 * @return 0, or -1 when the connection is closing (over its output bound,
 *         peer gone): stop writing, the server frees it.
 */
int sc_conn_write_packet(sc_conn *c, const void *payload, size_t len);

/** OK packet with affected rows, warnings and the connection's status flags. */
int sc_conn_send_ok(sc_conn *c, uint64_t affected_rows, unsigned warnings);

/** ERR packet: errno, '#', SQLSTATE, message (printf format). */
int sc_conn_send_err(sc_conn *c, unsigned mysql_errno, const char *sqlstate, const char *fmt, ...)
    SC_PRINTF(4, 5);

/** EOF packet (0xfe, warnings, status flags). */
int sc_conn_send_eof(sc_conn *c, unsigned warnings);

/* ---- identity and session ----------------------------------------- */

const char *sc_conn_user(const sc_conn *c);      /* authenticated user name */
const char *sc_conn_host(const sc_conn *c);      /* host as errors print it ("localhost") */
const char *sc_conn_peer(const sc_conn *c);      /* "127.0.0.1:40312" or "socket" */
uint32_t sc_conn_id(const sc_conn *c);           /* CONNECTION_ID() */
uint32_t sc_conn_capabilities(const sc_conn *c); /* client flags & server flags */
bool sc_conn_has_privilege(const sc_conn *c, unsigned priv);
bool sc_conn_is_secure(const sc_conn *c);     /* TLS or the Unix socket */
uint32_t sc_conn_server_id(const sc_conn *c); /* --server-id */

/** The connection's DDL session (current database, sql_mode...). Borrowed. */
sc_session *sc_conn_session(sc_conn *c);
sc_catalog *sc_conn_catalog(sc_conn *c);
/** The catalog's log (attached by the server). Borrowed. */
sc_log *sc_conn_binlog(sc_conn *c);

/**
 * A user variable set with `SET @name = value` (name without '@', compared
 * case-insensitively), as text; NULL when unset or set to NULL. Borrowed
 * until the variable changes.
 */
const char *sc_conn_user_var(const sc_conn *c, const char *name);

/** Set (value != NULL) or clear a user variable. @return 0 or -1 (no memory / bound) */
int sc_conn_set_user_var(sc_conn *c, const char *name, const char *value);

/* ---- streaming (binlog dump) -------------------------------------- */

typedef void (*sc_conn_cb)(sc_conn *c, void *payload);

/** Bytes queued for the client, and the bound past which it is disconnected. */
size_t sc_conn_output_pending(const sc_conn *c);
size_t sc_conn_output_limit(const sc_conn *c);
/** Seconds a client may leave output unread before it is closed (--net-write-timeout). */
unsigned sc_conn_net_write_timeout(const sc_conn *c);

/**
 * Enter streaming mode: the client is not expected to send commands (data
 * it sends is discarded, a close ends the stream), the idle timeout stops
 * applying, and the callbacks below are armed. fn_commit runs after every
 * catalog commit this server makes (and at most once per loop turn);
 * fn_drain runs when the output buffer falls under half its bound;
 * fn_close runs once when the connection ends for any reason (free the
 * stream's state there). Any callback may be NULL.
 */
void sc_conn_stream_begin(
    sc_conn *c, sc_conn_cb fn_commit, sc_conn_cb fn_drain, sc_conn_cb fn_close, void *payload);

/** Leave streaming mode (after a non-blocking dump's EOF): back to commands. */
void sc_conn_stream_end(sc_conn *c);

/** Arm (ms > 0) or cancel (ms == 0) a one-shot timer calling fn (heartbeats). */
void sc_conn_set_timer(sc_conn *c, unsigned ms, sc_conn_cb fn, void *payload);

/** The server is shutting down: end the stream now (the server closes after the flush). */
bool sc_conn_server_stopping(const sc_conn *c);

/** Flush what is queued, then close; reason goes to the connection log line. */
void sc_conn_close(sc_conn *c, const char *reason);

/** One line on the server log, prefixed with the connection id and peer address. */
void sc_conn_log(sc_conn *c, const char *fmt, ...) SC_PRINTF(2, 3);

#endif /* SC_SERVER_CONN_H */
