/*
 * packet.c - encoders and decoders of the client/server protocol's packet
 * payloads (server/packet.h). Pure functions over byte buffers; the
 * framing (3-byte length, sequence id) is done by server/conn.c. SHA1
 * comes from OpenSSL (mysql_native_password), never from hand-written code.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/sha.h>

#include "server/packet.h"
#include "server/conn.h"

void sc_pkt_buf_free(sc_pkt_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof(*b));
}

void sc_pkt_put(sc_pkt_buf *b, const void *p, size_t n)
{
    if (b->failed || n == 0)
        return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        uint8_t *d;

        while (cap < b->len + n)
            cap *= 2;
        d = realloc(b->data, cap);
        if (!d) {
            b->failed = true;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void sc_pkt_put_u8(sc_pkt_buf *b, unsigned v)
{
    uint8_t x = (uint8_t)v;
    sc_pkt_put(b, &x, 1);
}

void sc_pkt_put_u16(sc_pkt_buf *b, unsigned v)
{
    uint8_t x[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    sc_pkt_put(b, x, 2);
}

void sc_pkt_put_u24(sc_pkt_buf *b, unsigned v)
{
    uint8_t x[3] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16)};
    sc_pkt_put(b, x, 3);
}

void sc_pkt_put_u32(sc_pkt_buf *b, uint32_t v)
{
    uint8_t x[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    sc_pkt_put(b, x, 4);
}

void sc_pkt_put_lenenc(sc_pkt_buf *b, uint64_t v)
{
    uint8_t x[9];
    size_t n, i;

    if (v < 251) {
        sc_pkt_put_u8(b, (unsigned)v);
        return;
    }
    if (v < 0x10000) {
        x[0] = 0xfc;
        n = 2;
    } else if (v < 0x1000000) {
        x[0] = 0xfd;
        n = 3;
    } else {
        x[0] = 0xfe;
        n = 8;
    }
    for (i = 0; i < n; i++)
        x[1 + i] = (uint8_t)(v >> (8 * i));
    sc_pkt_put(b, x, 1 + n);
}

void sc_pkt_put_lenenc_str(sc_pkt_buf *b, const char *s, size_t n)
{
    sc_pkt_put_lenenc(b, n);
    sc_pkt_put(b, s, n);
}

void sc_pkt_put_cstr(sc_pkt_buf *b, const char *s)
{
    sc_pkt_put(b, s, strlen(s) + 1);
}

/* ---------------------------------------------------------------- reader */

static bool have(sc_pkt_reader *r, size_t n)
{
    if (r->bad || r->len - r->pos < n) {
        r->bad = true;
        return false;
    }
    return true;
}

unsigned sc_pkt_get_u8(sc_pkt_reader *r)
{
    return have(r, 1) ? r->p[r->pos++] : 0;
}

unsigned sc_pkt_get_u16(sc_pkt_reader *r)
{
    unsigned v;

    if (!have(r, 2))
        return 0;
    v = (unsigned)r->p[r->pos] | (unsigned)r->p[r->pos + 1] << 8;
    r->pos += 2;
    return v;
}

uint32_t sc_pkt_get_u32(sc_pkt_reader *r)
{
    uint32_t v = 0;

    if (!have(r, 4))
        return 0;
    for (int i = 3; i >= 0; i--)
        v = v << 8 | r->p[r->pos + (size_t)i];
    r->pos += 4;
    return v;
}

uint64_t sc_pkt_get_lenenc(sc_pkt_reader *r)
{
    unsigned first = sc_pkt_get_u8(r);
    size_t n;
    uint64_t v = 0;

    if (first < 251)
        return first;
    if (first == 0xfc)
        n = 2;
    else if (first == 0xfd)
        n = 3;
    else if (first == 0xfe)
        n = 8;
    else {
        r->bad = true; /* 0xfb (NULL) or 0xff: not a length */
        return 0;
    }
    if (!have(r, n))
        return 0;
    for (size_t i = n; i-- > 0;)
        v = v << 8 | r->p[r->pos + i];
    r->pos += n;
    return v;
}

const char *sc_pkt_get_cstr(sc_pkt_reader *r, size_t *n)
{
    const uint8_t *start, *nul;

    if (r->bad)
        return NULL;
    start = r->p + r->pos;
    nul = memchr(start, 0, r->len - r->pos);
    if (!nul) {
        r->bad = true;
        return NULL;
    }
    *n = (size_t)(nul - start);
    r->pos += *n + 1;
    return (const char *)start;
}

const uint8_t *sc_pkt_get_bytes(sc_pkt_reader *r, size_t n)
{
    const uint8_t *p;

    if (!have(r, n))
        return NULL;
    p = r->p + r->pos;
    r->pos += n;
    return p;
}

/* ---------------------------------------------------------------- handshake */

void sc_pkt_handshake(sc_pkt_buf *b, const sc_handshake_info *info)
{
    static const uint8_t zeros[10];

    sc_pkt_put_u8(b, 10);
    sc_pkt_put_cstr(b, info->server_version);
    sc_pkt_put_u32(b, info->connection_id);
    sc_pkt_put(b, info->scramble, 8);
    sc_pkt_put_u8(b, 0);
    sc_pkt_put_u16(b, info->capabilities & 0xffff);
    sc_pkt_put_u8(b, info->charset);
    sc_pkt_put_u16(b, info->status);
    sc_pkt_put_u16(b, info->capabilities >> 16);
    sc_pkt_put_u8(b, SC_SCRAMBLE_LEN + 1);
    sc_pkt_put(b, zeros, 6);
    sc_pkt_put_u32(b, 0); /* MariaDB extended capabilities: none */
    sc_pkt_put(b, info->scramble + 8, SC_SCRAMBLE_LEN - 8);
    sc_pkt_put_u8(b, 0);
    sc_pkt_put_cstr(b, "mysql_native_password");
}

static int copy_cstr(char *dst, size_t cap, const char *s, size_t n)
{
    if (!s || n > cap - 1)
        return -1;
    memcpy(dst, s, n);
    dst[n] = '\0';
    return 0;
}

static int parse_auth(sc_handshake_response *out, sc_pkt_reader *r, const char **why)
{
    const uint8_t *a;
    uint64_t n;

    if (out->capabilities & SC_CLIENT_PLUGIN_AUTH_LENENC)
        n = sc_pkt_get_lenenc(r);
    else if (out->capabilities & SC_CLIENT_SECURE_CONNECTION)
        n = sc_pkt_get_u8(r);
    else {
        size_t len;
        const char *s = sc_pkt_get_cstr(r, &len);
        n = len;
        a = (const uint8_t *)s;
        if (!s || n > sizeof(out->auth)) {
            *why = "bad auth response";
            return -1;
        }
        memcpy(out->auth, a, (size_t)n);
        out->auth_len = (size_t)n;
        return 0;
    }
    if (r->bad || n > sizeof(out->auth) || !(a = sc_pkt_get_bytes(r, (size_t)n))) {
        *why = "bad auth response length";
        return -1;
    }
    memcpy(out->auth, a, (size_t)n);
    out->auth_len = (size_t)n;
    return 0;
}

int sc_pkt_parse_handshake_response(sc_handshake_response *out,
                                    const uint8_t *p,
                                    size_t len,
                                    uint32_t server_caps,
                                    const char **why)
{
    sc_pkt_reader r = {p, len, 0, false};
    const char *s;
    size_t n;

    memset(out, 0, sizeof(*out));
    out->capabilities = sc_pkt_get_u32(&r);
    out->max_packet = sc_pkt_get_u32(&r);
    out->charset = sc_pkt_get_u8(&r);
    if (!sc_pkt_get_bytes(&r, 23) || !(out->capabilities & SC_CLIENT_PROTOCOL_41)) {
        *why = r.bad ? "handshake response too short" : "client without protocol 4.1";
        return -1;
    }
    out->capabilities &= server_caps | SC_CLIENT_LONG_PASSWORD;
    if (r.pos == r.len && (out->capabilities & SC_CLIENT_SSL)) {
        out->ssl_request = true;
        return 0;
    }
    s = sc_pkt_get_cstr(&r, &n);
    if (copy_cstr(out->user, sizeof(out->user), s, n) != 0) {
        *why = "bad user name";
        return -1;
    }
    if (parse_auth(out, &r, why) != 0)
        return -1;
    if ((out->capabilities & SC_CLIENT_CONNECT_WITH_DB) && r.pos < r.len) {
        s = sc_pkt_get_cstr(&r, &n);
        if (copy_cstr(out->db, sizeof(out->db), s, n) != 0) {
            *why = "bad database name";
            return -1;
        }
        out->has_db = n > 0;
    }
    if ((out->capabilities & SC_CLIENT_PLUGIN_AUTH) && r.pos < r.len) {
        s = sc_pkt_get_cstr(&r, &n);
        if (copy_cstr(out->plugin, sizeof(out->plugin), s, n) != 0) {
            *why = "bad auth plugin name";
            return -1;
        }
    }
    /* connection attributes (CLIENT_CONNECT_ATTRS) are not used: ignored */
    return 0;
}

/* ---------------------------------------------------------------- replies */

void sc_pkt_ok(
    sc_pkt_buf *b, uint64_t affected, uint64_t insert_id, unsigned status, unsigned warnings)
{
    sc_pkt_put_u8(b, 0);
    sc_pkt_put_lenenc(b, affected);
    sc_pkt_put_lenenc(b, insert_id);
    sc_pkt_put_u16(b, status);
    sc_pkt_put_u16(b, warnings);
}

void sc_pkt_err(sc_pkt_buf *b, unsigned mysql_errno, const char *sqlstate, const char *message)
{
    size_t n = strlen(message);

    sc_pkt_put_u8(b, 0xff);
    sc_pkt_put_u16(b, mysql_errno);
    sc_pkt_put_u8(b, '#');
    /* callers always pass the table's SQLSTATE; a missing one is MariaDB's default */
    static const char default_state[] = "HY000"; /* lint: sqlstate-ok */

    sc_pkt_put(b, sqlstate && strlen(sqlstate) == 5 ? sqlstate : default_state,
               5); /* lint: sqlstate-ok */
    sc_pkt_put(b, message, n > 512 ? 512 : n);
}

void sc_pkt_eof(sc_pkt_buf *b, unsigned warnings, unsigned status)
{
    sc_pkt_put_u8(b, 0xfe);
    sc_pkt_put_u16(b, warnings);
    sc_pkt_put_u16(b, status);
}

static void put_name(sc_pkt_buf *b, const char *s)
{
    s = s ? s : "";
    sc_pkt_put_lenenc_str(b, s, strlen(s));
}

void sc_pkt_column_def(sc_pkt_buf *b, const sc_pkt_column *col)
{
    put_name(b, "def");
    put_name(b, col->schema);
    put_name(b, col->table);
    put_name(b, col->org_table);
    put_name(b, col->name);
    put_name(b, col->org_name);
    sc_pkt_put_u8(b, 0x0c);
    sc_pkt_put_u16(b, col->charset);
    sc_pkt_put_u32(b, col->length);
    sc_pkt_put_u8(b, col->type);
    /* NUM_FLAG (0x8000) is the client library's (libmariadb derives it from the
     * type; the statement layer's metadata carries it as Connector/C reports it):
     * MariaDB never sends it (tests/server/coldefs-mariadb.txt) */
    sc_pkt_put_u16(b, col->flags & ~0x8000u);
    sc_pkt_put_u8(b, col->decimals);
    sc_pkt_put_u16(b, 0);
}

void sc_pkt_row(sc_pkt_buf *b, const char *const *values, const size_t *lens, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!values[i])
            sc_pkt_put_u8(b, 0xfb);
        else
            sc_pkt_put_lenenc_str(b, values[i], lens ? lens[i] : strlen(values[i]));
    }
}

/* ---------------------------------------------------------------- auth */

void sc_pkt_native_password_hash(uint8_t out[20], const char *password, size_t len)
{
    uint8_t h1[SHA_DIGEST_LENGTH];

    SHA1((const unsigned char *)password, len, h1);
    SHA1(h1, sizeof(h1), out);
    OPENSSL_cleanse(h1, sizeof(h1));
}

/*
 * The client sends SHA1(pw) XOR SHA1(scramble . SHA1(SHA1(pw))). With the
 * stored SHA1(SHA1(pw)) the server recovers the candidate SHA1(pw) and
 * checks that its SHA1 is the stored value.
 */
bool sc_pkt_native_password_ok(const uint8_t scramble[SC_SCRAMBLE_LEN],
                               const uint8_t *reply,
                               size_t reply_len,
                               const uint8_t stored[20])
{
    uint8_t buf[SC_SCRAMBLE_LEN + 20], mask[SHA_DIGEST_LENGTH], cand[20], check[20];
    bool ok;

    if (reply_len != 20)
        return false;
    memcpy(buf, scramble, SC_SCRAMBLE_LEN);
    memcpy(buf + SC_SCRAMBLE_LEN, stored, 20);
    SHA1(buf, sizeof(buf), mask);
    for (int i = 0; i < 20; i++)
        cand[i] = reply[i] ^ mask[i];
    SHA1(cand, sizeof(cand), check);
    ok = CRYPTO_memcmp(check, stored, 20) == 0;
    OPENSSL_cleanse(cand, sizeof(cand));
    return ok;
}
