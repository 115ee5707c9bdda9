/*
 * frm_par.c - what a partitioned table adds to its files: the .par file
 * (sql/ha_partition.cc, create_handler_file) and the PARTITION BY clause in
 * the form the .frm extra block stores it (sql/sql_partition.cc writes
 * string constants as _charset 0xHEX and SYSTEM_TIME STARTS as seconds since
 * the epoch; SHOW CREATE TABLE prints them as 'text' and TIMESTAMP'...').
 *
 * .par layout, 4-byte little-endian words: the file's length in words, a
 * checksum (XOR of every word, itself counted as 0), the number of
 * partitions (subpartitions when there are some), one legacy engine byte
 * each (padded to a word), the names' length, then the names, each ended by
 * a NUL ("p#SP#sp" for a subpartition; MariaDB's filename encoding), padded
 * to a word; after the checksummed part one 4-byte connect string length (0)
 * per partition.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddl/partition.h"
#include "frm/frm_write_int.h"

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* "ENGINE = InnoDB" (as printed) or the table's engine -> its legacy code. */
static unsigned part_engine(const sc_partition_def *p, const char *table_engine)
{
    const char *e = p->engine ? p->engine : table_engine;

    if (strncmp(e, "ENGINE = ", 9) == 0)
        e += 9;
    return sc_frm__legacy_engine(e);
}

static bool has_sub(const sc_partitioning_def *pt, size_t i)
{
    return i + 1 < pt->n_parts && pt->parts[i + 1].sub;
}

int sc_frm__write_par(sc_buf *b, const sc_table_def *def)
{
    const sc_partitioning_def *pt = def->partitioning;
    sc_buf names, engines;
    const char *top = NULL;
    size_t n = 0, tops = 0;
    sc_ctx *ctx = b->ctx;
    int rc = SC_OK;

    sc__buf_init(&names, ctx);
    sc__buf_init(&engines, ctx);
    for (size_t i = 0; i < pt->n_parts && rc == SC_OK; i++) {
        const sc_partition_def *p = &pt->parts[i];
        char *enc = NULL;
        if (!p->sub) {
            top = p->name;
            tops++;
            if (has_sub(pt, i))
                continue;
        }
        if ((rc = sc_frm_encode_filename(&enc, ctx, p->sub ? top : p->name)) != SC_OK)
            break;
        sc__buf_puts(&names, enc);
        sc_free(ctx, enc);
        if (p->sub) {
            if ((rc = sc_frm_encode_filename(&enc, ctx, p->name)) != SC_OK)
                break;
            sc__buf_puts(&names, "#SP#");
            sc__buf_puts(&names, enc);
            sc_free(ctx, enc);
        }
        sc__buf_putc(&names, '\0');
        sc__buf_putc(&engines, (char)part_engine(p, def->engine));
        n++;
    }
    size_t ewords = (n + 3) / 4, nwords = (names.len + 3) / 4, words = 4 + ewords + nwords;
    uint8_t *img = rc == SC_OK ? calloc(words * 4 + 4 * tops, 1) : NULL;
    if (rc == SC_OK && (!img || names.failed || engines.failed))
        rc = SC_ENOMEM;
    if (rc == SC_OK) {
        uint32_t sum = 0;
        put32(img, (uint32_t)words);
        put32(img + 8, (uint32_t)n);
        memcpy(img + 12, engines.data, engines.len);
        put32(img + 12 + 4 * ewords, (uint32_t)names.len);
        memcpy(img + 16 + 4 * ewords, names.data, names.len);
        for (size_t i = 0; i < words; i++)
            sum ^= sc_frm__u32(img + 4 * i);
        put32(img + 4, sum);
        sc__buf_put(b, img, words * 4 + 4 * tops);
        rc = b->failed ? SC_ENOMEM : SC_OK;
    }
    free(img);
    sc__buf_free(&names);
    sc__buf_free(&engines);
    return rc;
}

/* 'text' (SHOW form, '' and \ escapes) at p -> _utf8mb4 0xHEX; the length read, 0 if none. */
static size_t string_to_hex(sc_buf *b, const char *p, const char *cs)
{
    size_t i = 1;
    sc_buf raw;

    if (*p != '\'')
        return 0;
    sc__buf_init(&raw, b->ctx);
    for (; p[i]; i++) {
        if (p[i] == '\'' && p[i + 1] == '\'') {
            sc__buf_putc(&raw, '\'');
            i++;
        } else if (p[i] == '\\' && p[i + 1]) {
            char c = p[++i];
            sc__buf_putc(&raw, c == 'n'   ? '\n'
                               : c == '0' ? '\0'
                               : c == 'r' ? '\r'
                               : c == 't' ? '\t'
                               : c == 'Z' ? 26
                                          : c);
        } else if (p[i] == '\'') {
            break;
        } else {
            sc__buf_putc(&raw, p[i]);
        }
    }
    sc__buf_printf(b, "_%s 0x", cs);
    for (size_t k = 0; k < raw.len; k++)
        sc__buf_printf(b, "%02X", (unsigned)(uint8_t)raw.data[k]);
    sc__buf_free(&raw);
    return p[i] ? i + 1 : i;
}

/* STARTS TIMESTAMP'YYYY-MM-DD HH:MM:SS' (UTC) -> STARTS <epoch seconds>. */
static size_t starts_to_epoch(sc_buf *b, const char *p)
{
    static const char pre[] = "STARTS TIMESTAMP'";
    struct tm tm;
    const char *end;

    if (strncmp(p, pre, sizeof pre - 1) != 0)
        return 0;
    memset(&tm, 0, sizeof tm);
    end = strptime(p + sizeof pre - 1, "%Y-%m-%d %H:%M:%S", &tm);
    if (!end || *end != '\'')
        return 0;
    sc__buf_printf(b, "STARTS %lld", (long long)timegm(&tm));
    return (size_t)(end + 1 - p);
}

void sc_frm__partition_stored(sc_buf *b, const sc_table_def *def)
{
    sc_buf show;
    const char *cs = def->charset ? def->charset : "utf8mb4";
    int depth = 0, values_depth = -1; /* the depth VALUES was met at, -1 outside */

    sc__buf_init(&show, b->ctx);
    sc_show__partitioning(&show, def->partitioning, def->engine);
    sc__buf_putc(&show, '\0');
    const char *p = show.failed ? "" : (const char *)show.data + 1; /* no leading newline */
    while (*p) {
        size_t used = 0;
        if (*p == '`') {
            const char *e = p + 1;
            while (*e && !(*e == '`' && e[1] != '`'))
                e += *e == '`' ? 2 : 1;
            e += *e ? 1 : 0;
            sc__buf_put(b, p, (size_t)(e - p));
            p = e;
            continue;
        }
        if (strncmp(p, "VALUES ", 7) == 0)
            values_depth = depth;
        if (*p == '(')
            depth++;
        if (*p == ')' && --depth == values_depth)
            values_depth = -1; /* the list closed: COMMENT = '...' and the rest as they are */
        if (values_depth >= 0 && depth > values_depth && *p == '\'')
            used = string_to_hex(b, p, cs);
        else if (*p == 'S')
            used = starts_to_epoch(b, p);
        if (used) {
            p += used;
            continue;
        }
        if (*p == '\'') { /* other strings (COMMENT = '...') as they are */
            const char *e = p + 1;
            while (*e && !(*e == '\'' && e[1] != '\''))
                e += (*e == '\'' || (*e == '\\' && e[1])) ? 2 : 1;
            e += *e ? 1 : 0;
            sc__buf_put(b, p, (size_t)(e - p));
            p = e;
            continue;
        }
        sc__buf_putc(b, *p++);
    }
    if (show.failed)
        b->failed = true;
    sc__buf_free(&show);
}

/* ------------------------------------------------------------------ */
/* Reading a .par                                                       */

int sc_frm__read_par(frm_par *par, sc_arena *a, const frm_rd *rd)
{
    size_t words, n, ewords, nlen, pos;
    uint32_t sum = 0;
    int rc;

    memset(par, 0, sizeof *par);
    if ((rc = sc_frm__need(rd, 0, 16, ".par header")) != SC_OK)
        return rc;
    words = sc_frm__u32(rd->p);
    if (words < 4 || words > rd->len / 4)
        return sc_frm__corrupt(rd, 0, "%zu words in a file of %zu bytes", words, rd->len);
    for (size_t i = 0; i < words; i++)
        sum ^= sc_frm__u32(rd->p + 4 * i);
    if (sum != 0)
        return sc_frm__corrupt(rd, 4, "checksum mismatch (xor of the words is %08x)", sum);
    n = sc_frm__u32(rd->p + 8);
    ewords = (n + 3) / 4;
    if (n == 0 || ewords + 4 > words)
        return sc_frm__corrupt(rd, 8, "%zu partitions in %zu words", n, words);
    pos = 12 + 4 * ewords;
    nlen = sc_frm__u32(rd->p + pos);
    if (nlen > 4 * (words - 4 - ewords))
        return sc_frm__corrupt(rd, pos, "names of %zu bytes run past the checksummed part", nlen);
    pos += 4;
    if (!(par->names = sc__arena_calloc(a, (n + 1) * sizeof *par->names)) ||
        !(par->engines = sc__arena_alloc(a, n)))
        return SC_ENOMEM;
    memcpy(par->engines, rd->p + 12, n);
    for (size_t i = 0, off = pos; i < n; i++) {
        const uint8_t *z = memchr(rd->p + off, 0, pos + nlen - off);
        if (!z)
            return sc_frm__corrupt(rd, off, "partition name %zu has no end", i + 1);
        if (!(par->names[i] =
                  sc__arena_strndup(a, (const char *)rd->p + off, (size_t)(z - (rd->p + off)))))
            return SC_ENOMEM;
        off = (size_t)(z - rd->p) + 1;
        if (i + 1 < n && off >= pos + nlen)
            return sc_frm__corrupt(rd, off, "%zu partition names for %zu partitions", i + 1, n);
    }
    par->n = n;
    return SC_OK;
}
