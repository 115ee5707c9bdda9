/*
 * packet.h - the byte layouts of the MariaDB client/server protocol that
 * the server reads and writes, as pure functions over byte buffers (no
 * sockets, no state), so they can be fuzzed alone (tests/fuzz/fuzz_packet.c):
 * length-encoded integers and strings, the initial handshake (protocol 10),
 * the client's handshake response / SSL request (protocol 4.1), and the
 * reply packets (OK, ERR, EOF, column definition). Layouts: MariaDB's
 * protocol documentation ("Connection", "OK_Packet", "ERR_Packet",
 * "Result set packets"); docs/server.md summarises them.
 */
#ifndef SC_SERVER_PACKET_H
#define SC_SERVER_PACKET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SC_PKT_HEADER 4
#define SC_PKT_MAX_PAYLOAD 0xFFFFFFu /* a payload this long continues in the next packet */
#define SC_SCRAMBLE_LEN 20

/** A growable output byte buffer (malloc'ed). */
typedef struct sc_pkt_buf {
    uint8_t *data;
    size_t len, cap;
    bool failed; /* an allocation failed: the content is incomplete */
} sc_pkt_buf;

void sc_pkt_buf_free(sc_pkt_buf *b);
void sc_pkt_put(sc_pkt_buf *b, const void *p, size_t n);
void sc_pkt_put_u8(sc_pkt_buf *b, unsigned v);
void sc_pkt_put_u16(sc_pkt_buf *b, unsigned v);
void sc_pkt_put_u24(sc_pkt_buf *b, unsigned v);
void sc_pkt_put_u32(sc_pkt_buf *b, uint32_t v);
void sc_pkt_put_lenenc(sc_pkt_buf *b, uint64_t v);
void sc_pkt_put_lenenc_str(sc_pkt_buf *b, const char *s, size_t n);
void sc_pkt_put_cstr(sc_pkt_buf *b, const char *s); /* with its NUL */

/** A bounded reader; any read past the end sets bad and yields zeros. */
typedef struct sc_pkt_reader {
    const uint8_t *p;
    size_t len, pos;
    bool bad;
} sc_pkt_reader;

unsigned sc_pkt_get_u8(sc_pkt_reader *r);
unsigned sc_pkt_get_u16(sc_pkt_reader *r);
uint32_t sc_pkt_get_u32(sc_pkt_reader *r);
uint64_t sc_pkt_get_lenenc(sc_pkt_reader *r);
/** A NUL-terminated string: pointer into the buffer, *n its length; NULL when unterminated. */
const char *sc_pkt_get_cstr(sc_pkt_reader *r, size_t *n);
/** n bytes: pointer into the buffer, NULL (bad) when fewer remain. */
const uint8_t *sc_pkt_get_bytes(sc_pkt_reader *r, size_t n);

/** What the server announces in its initial handshake. */
typedef struct sc_handshake_info {
    const char *server_version; /* "5.5.5-10.11.19-MariaDB-syscat" */
    uint32_t connection_id;
    const uint8_t *scramble; /* SC_SCRAMBLE_LEN bytes */
    uint32_t capabilities;
    unsigned charset; /* collation id, 45 = utf8mb4_general_ci */
    unsigned status;
} sc_handshake_info;

/** Build the protocol 10 initial handshake payload (mysql_native_password). */
void sc_pkt_handshake(sc_pkt_buf *b, const sc_handshake_info *info);

#define SC_HS_USER_MAX 128
#define SC_HS_DB_MAX 256
#define SC_HS_PLUGIN_MAX 64

/** A parsed handshake response (or SSL request: ssl_request set, the rest empty). */
typedef struct sc_handshake_response {
    uint32_t capabilities;
    uint32_t max_packet;
    unsigned charset;
    bool ssl_request; /* the 32-byte SSL request: start TLS next */
    char user[SC_HS_USER_MAX + 1];
    uint8_t auth[256]; /* auth response bytes */
    size_t auth_len;
    bool has_db;
    char db[SC_HS_DB_MAX + 1];
    char plugin[SC_HS_PLUGIN_MAX + 1]; /* "" when none given */
} sc_handshake_response;

/**
 * Parse a client's handshake response (4.1 only) or SSL request.
 * @param server_caps what the server announced (the client may not use more)
 * @return 0, or -1 with *why set (static text) when malformed
 */
int sc_pkt_parse_handshake_response(sc_handshake_response *out,
                                    const uint8_t *p,
                                    size_t len,
                                    uint32_t server_caps,
                                    const char **why);

/** OK packet payload. */
void sc_pkt_ok(
    sc_pkt_buf *b, uint64_t affected, uint64_t insert_id, unsigned status, unsigned warnings);
/** ERR packet payload (message cut to 512 bytes). */
void sc_pkt_err(sc_pkt_buf *b, unsigned mysql_errno, const char *sqlstate, const char *message);
/** EOF packet payload. */
void sc_pkt_eof(sc_pkt_buf *b, unsigned warnings, unsigned status);

/** One column of a result set, as MariaDB describes it (Column Definition 41). */
typedef struct sc_pkt_column {
    const char *schema, *table, *org_table, *name, *org_name;
    unsigned charset;  /* collation id: 45 utf8mb4, 63 binary */
    uint32_t length;   /* display length in bytes */
    unsigned type;     /* MYSQL_TYPE_* (253 VAR_STRING, 8 LONGLONG...) */
    unsigned flags;    /* NOT_NULL 1, UNSIGNED 32, BINARY 128... */
    unsigned decimals; /* 0, or 39 (0x27) for strings, 31 for floats */
} sc_pkt_column;

void sc_pkt_column_def(sc_pkt_buf *b, const sc_pkt_column *col);

/** A text-protocol row: each value a lenenc string, NULL as 0xfb. */
void sc_pkt_row(sc_pkt_buf *b, const char *const *values, const size_t *lens, size_t n);

/** MariaDB's mysql_native_password check: stored = SHA1(SHA1(password)). */
bool sc_pkt_native_password_ok(const uint8_t scramble[SC_SCRAMBLE_LEN],
                               const uint8_t *reply,
                               size_t reply_len,
                               const uint8_t stored[20]);

/** SHA1(SHA1(password)), the stored form of a mysql_native_password. */
void sc_pkt_native_password_hash(uint8_t out[20], const char *password, size_t len);

#endif /* SC_SERVER_PACKET_H */
