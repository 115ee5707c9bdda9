/*
 * print.c - `mariadb-binlog -vv` compatible rendering of row images (see
 * print.h). Each value format mirrors log_event_print_value() of MariaDB
 * 10.11, including its quirks: DATE with ':' separators, TIMESTAMP as raw
 * seconds, FLOAT as "%-20g", DOUBLE as "%.20g", integers printed signed with
 * the unsigned reading in parentheses when negative, SET as a bit string of
 * its little-endian bytes, and quoted strings that escape only bytes below
 * 0x20 (so quotes and backslashes come out raw).
 */
#include <stdio.h>
#include <string.h>

#include "replicate/print.h"

static void put_str(sc_buf *b, const char *s)
{
    sc__buf_put(b, s, strlen(s));
}

/* my_b_write_quoted: bytes above 0x1F verbatim, the rest as \xNN; the
 * verbatim runs are copied whole (values can be megabytes of BLOB). */
static void put_quoted(sc_buf *b, sc_slice s)
{
    static const char hex[] = "0123456789abcdef";
    size_t i = 0;

    sc_buf_u8(b, '\'');
    while (i < s.len) {
        size_t run = i;
        while (run < s.len && s.data[run] > 0x1F)
            run++;
        if (run > i)
            sc__buf_put(b, s.data + i, run - i);
        if (run < s.len) {
            char esc[4] = {'\\', 'x', hex[s.data[run] >> 4], hex[s.data[run] & 15]};
            sc__buf_put(b, esc, 4);
            run++;
        }
        i = run;
    }
    sc_buf_u8(b, '\'');
}

/* %`s of my_b_printf: backquoted identifier, inner backquotes doubled. */
static void put_ident(sc_buf *b, sc_slice s)
{
    sc_buf_u8(b, '`');
    for (size_t i = 0; i < s.len; i++) {
        if (s.data[i] == '`')
            sc_buf_u8(b, '`');
        sc_buf_u8(b, s.data[i]);
    }
    sc_buf_u8(b, '`');
}

/* Bits of bytes[] MSB first, skipping the unused leading bits (my_b_write_bit). */
static void put_bits(sc_buf *b, const uint8_t *bytes, unsigned nbits)
{
    unsigned nbits8 = (nbits + 7) / 8 * 8;

    put_str(b, "b'");
    for (unsigned bit = nbits8 - nbits; bit < nbits8; bit++)
        sc_buf_u8(b, (bytes[bit / 8] >> (7 - bit % 8)) & 1 ? '1' : '0');
    sc_buf_u8(b, '\'');
}

static void put_int(sc_buf *b, int64_t v, unsigned bytes)
{
    uint64_t u = bytes == 8 ? (uint64_t)v : (uint64_t)v & ((1ull << (8 * bytes)) - 1);

    sc__buf_printf(b, "%lld", (long long)v);
    if (v < 0)
        sc__buf_printf(b, " (%llu)", (unsigned long long)u);
}

static void put_frac(sc_buf *b, uint32_t usec, unsigned fsp)
{
    static const uint32_t div[7] = {1000000, 100000, 10000, 1000, 100, 10, 1};
    if (fsp > 0 && fsp <= 6)
        sc__buf_printf(b, ".%0*u", (int)fsp, usec / div[fsp]);
}

static void put_temporal(sc_buf *b, const sc_binlog_value *v, unsigned fsp)
{
    const sc_binlog_time *t = &v->v.tm;
    char tmp[64];
    sc_buf q = SC_BUF_INIT(b->ctx);

    switch (v->kind) {
    case SC_VAL_DATE:
        sc__buf_printf(b, "'%04u:%02u:%02u'", t->year, t->month, t->day);
        return;
    case SC_VAL_TIMESTAMP:
        sc__buf_printf(b, "%u", v->v.ts.sec);
        put_frac(b, v->v.ts.usec, fsp);
        return;
    case SC_VAL_DATETIME:
        snprintf(tmp, sizeof(tmp), "%04u-%02u-%02u %02u:%02u:%02u", t->year, t->month, t->day,
                 t->hour, t->minute, t->second);
        break;
    default:
        snprintf(tmp, sizeof(tmp), "%s%02u:%02u:%02u", t->neg ? "-" : "", t->hour, t->minute,
                 t->second);
        break;
    }
    put_str(&q, tmp);
    put_frac(&q, t->usec, fsp);
    put_quoted(b, (sc_slice){q.data, q.len});
    if (q.failed)
        b->failed = true;
    sc__buf_free(&q);
}

/* Pre-5.6 DATETIME, a YYYYMMDDhhmmss integer. */
static void put_old_datetime(sc_buf *b, uint64_t v)
{
    unsigned long d = (unsigned long)(v / 1000000), t = (unsigned long)(v % 1000000);

    sc__buf_printf(b, "'%04lu-%02lu-%02lu %02lu:%02lu:%02lu'", d / 10000, (d % 10000) / 100,
                   d % 100, t / 10000, (t % 10000) / 100, t % 100);
}

/* Pre-5.6 TIME, a signed hhmmss integer. */
static void put_old_time(sc_buf *b, int64_t v)
{
    int64_t a = v < 0 ? -v : v;

    sc__buf_printf(b, "'%s%02lld:%02lld:%02lld'", v < 0 ? "-" : "", (long long)(a / 10000),
                   (long long)(a % 10000 / 100), (long long)(a % 100));
}

int sc_print__value(sc_buf *b, const sc_binlog_value *v, const sc_binlog_column *c)
{
    unsigned len;
    uint8_t type = sc_column__real_type(c, &len), bytes[8];

    if (v->kind == SC_VAL_NULL) {
        put_str(b, "NULL");
        return b->failed ? SC_ENOMEM : SC_OK;
    }
    switch (type) {
    case SC_MT_TINY:
        put_int(b, v->v.i, 1);
        break;
    case SC_MT_SHORT:
        put_int(b, v->v.i, 2);
        break;
    case SC_MT_INT24:
        put_int(b, v->v.i, 3);
        break;
    case SC_MT_LONG:
        put_int(b, v->v.i, 4);
        break;
    case SC_MT_LONGLONG:
        put_int(b, v->v.i, 8);
        break;
    case SC_MT_YEAR:
        sc__buf_printf(b, "%04d", (int)v->v.i + 1900);
        break;
    case SC_MT_FLOAT:
        sc__buf_printf(b, "%-20g", (double)v->v.f);
        break;
    case SC_MT_DOUBLE:
        sc__buf_printf(b, "%.20g", v->v.d);
        break;
    case SC_MT_NEWDECIMAL:
        sc__buf_put(b, v->v.str.data, v->v.str.len);
        break;
    case SC_MT_BIT: {
        unsigned nbits = (c->meta >> 8) * 8 + (c->meta & 0xFF);
        sc_put_uintbe(bytes, v->v.u, (nbits + 7) / 8);
        put_bits(b, bytes, nbits);
        break;
    }
    case SC_MT_ENUM:
        sc__buf_printf(b, "%d", (int)v->v.u);
        break;
    case SC_MT_SET:
        sc_put_uintle(bytes, v->v.u, len);
        put_bits(b, bytes, len * 8);
        break;
    case SC_MT_DATE:
    case SC_MT_NEWDATE:
    case SC_MT_TIMESTAMP:
        put_temporal(b, v, 0);
        break;
    case SC_MT_DATETIME:
        put_old_datetime(b, v->v.u);
        break;
    case SC_MT_TIME:
        put_old_time(b, v->v.i);
        break;
    case SC_MT_TIMESTAMP2:
    case SC_MT_DATETIME2:
    case SC_MT_TIME2:
        put_temporal(b, v, c->meta);
        break;
    default:
        put_quoted(b, v->v.str);
        break;
    }
    return b->failed ? SC_ENOMEM : SC_OK;
}

static const char *blob_name(unsigned meta)
{
    switch (meta) {
    case 1:
        return "TINYBLOB/TINYTEXT";
    case 2:
        return "BLOB/TEXT";
    case 3:
        return "MEDIUMBLOB/MEDIUMTEXT";
    default:
        return "LONGBLOB/LONGTEXT";
    }
}

int sc_print__type(sc_buf *b, const sc_binlog_column *c)
{
    unsigned len, m = c->meta;
    uint8_t type = sc_column__real_type(c, &len);

    switch (type) {
    case SC_MT_TINY:
        put_str(b, "TINYINT");
        break;
    case SC_MT_SHORT:
        put_str(b, "SHORTINT");
        break;
    case SC_MT_INT24:
        put_str(b, "MEDIUMINT");
        break;
    case SC_MT_LONG:
        put_str(b, "INT");
        break;
    case SC_MT_LONGLONG:
        put_str(b, "LONGINT");
        break;
    case SC_MT_FLOAT:
        put_str(b, "FLOAT");
        break;
    case SC_MT_DOUBLE:
        put_str(b, "DOUBLE");
        break;
    case SC_MT_YEAR:
        put_str(b, "YEAR");
        break;
    case SC_MT_DATE:
    case SC_MT_NEWDATE:
        put_str(b, "DATE");
        break;
    case SC_MT_TIMESTAMP:
        put_str(b, "TIMESTAMP");
        break;
    case SC_MT_NEWDECIMAL:
        sc__buf_printf(b, "DECIMAL(%u,%u)", m >> 8, m & 0xFF);
        break;
    case SC_MT_BIT:
        sc__buf_printf(b, "BIT(%u)", (m >> 8) * 8 + (m & 0xFF));
        break;
    case SC_MT_TIMESTAMP2:
        sc__buf_printf(b, "TIMESTAMP(%u)", m);
        break;
    case SC_MT_DATETIME2:
        sc__buf_printf(b, "DATETIME(%u)", m);
        break;
    case SC_MT_TIME2:
        sc__buf_printf(b, "TIME(%u)", m);
        break;
    case SC_MT_ENUM:
        put_str(b, (m & 0xFF) == 1 ? "ENUM(1 byte)" : "ENUM(2 bytes)");
        break;
    case SC_MT_SET:
        sc__buf_printf(b, "SET(%u bytes)", m & 0xFF);
        break;
    case SC_MT_BLOB:
    case SC_MT_JSON:
    case SC_MT_BLOB_COMPRESSED:
        put_str(b, blob_name(m));
        break;
    case SC_MT_VARCHAR:
    case SC_MT_VAR_STRING:
    case SC_MT_VARCHAR_COMPRESSED:
        sc__buf_printf(b, "VARSTRING(%u)", m);
        break;
    case SC_MT_DATETIME:
        put_str(b, "DATETIME");
        break;
    case SC_MT_TIME:
        put_str(b, "TIME");
        break;
    case SC_MT_STRING:
        sc__buf_printf(b, "STRING(%u)", len);
        break;
    case SC_MT_GEOMETRY:
        put_str(b, "GEOMETRY");
        break;
    default:
        break;
    }
    if (type == SC_MT_BLOB_COMPRESSED || type == SC_MT_VARCHAR_COMPRESSED)
        put_str(b, " COMPRESSED");
    return b->failed ? SC_ENOMEM : SC_OK;
}

static int print_image(sc_buf *b,
                       const sc_ev_table_map *tm,
                       const sc_binlog_value *vals,
                       const bool *absent,
                       size_t ncols,
                       const char *clause)
{
    put_str(b, clause);
    for (size_t i = 0; i < ncols; i++) {
        const sc_binlog_column *c = &tm->columns[i];
        if (absent[i])
            continue;
        sc__buf_printf(b, "###   @%zu=", i + 1);
        sc_print__value(b, &vals[i], c);
        put_str(b, " /* ");
        sc_print__type(b, c);
        sc__buf_printf(b, " meta=%u nullable=%d is_null=%d */\n", c->meta, c->nullable ? 1 : 0,
                       vals[i].kind == SC_VAL_NULL ? 1 : 0);
    }
    return b->failed ? SC_ENOMEM : SC_OK;
}

static bool all_clear(sc_slice bm, size_t nbits)
{
    for (size_t i = 0; i < nbits; i++)
        if ((bm.data[i / 8] >> (i % 8)) & 1)
            return false;
    return true;
}

int sc_print__rows(sc_buf *b, const sc_ev_table_map *tm, const sc_ev_rows *r, const sc_rows *rows)
{
    static const char *const command[3] = {"INSERT INTO", "UPDATE", "DELETE FROM"};
    static const char *const clause1[3] = {"### SET\n", "### WHERE\n", "### WHERE\n"};

    if (rows->kind == 0 && rows->nimages == 0) {
        put_str(b, "### INSERT INTO ");
        put_ident(b, tm->db);
        sc_buf_u8(b, '.');
        put_ident(b, tm->table);
        put_str(b, " VALUES ()\n");
        return b->failed ? SC_ENOMEM : SC_OK;
    }
    for (size_t i = 0; i < rows->nimages; i++) {
        const sc_binlog_value *vals = rows->vals + i * rows->ncols;
        const bool *absent = rows->absent + i * rows->ncols;
        bool after = rows->kind == 1 && i % 2;
        if (!after) {
            sc__buf_printf(b, "### %s ", command[rows->kind]);
            put_ident(b, tm->db);
            sc_buf_u8(b, '.');
            put_ident(b, tm->table);
            sc_buf_u8(b, '\n');
            print_image(b, tm, vals, absent, rows->ncols, clause1[rows->kind]);
        } else if (all_clear(r->present_after, rows->ncols)) {
            put_str(b, "### SET /* no columns */\n");
        } else {
            print_image(b, tm, vals, absent, rows->ncols, "### SET\n");
        }
    }
    return b->failed ? SC_ENOMEM : SC_OK;
}

int sc_print__unknown_table(sc_buf *b, uint64_t table_id)
{
    sc__buf_printf(b, "### Row event for unknown table #%llu", (unsigned long long)table_id);
    return b->failed ? SC_ENOMEM : SC_OK;
}

/* ------------------------------------------------------------------ */
/* Event info text (the Info column of SHOW BINLOG EVENTS)              */

static uint64_t info_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void info_table_map(char *out, size_t size, sc_slice b)
{
    size_t dl, tl;

    if (b.len < 10 || (dl = b.data[8]) + 11 > b.len ||
        10 + dl + 1 + (tl = b.data[10 + dl]) > b.len) {
        snprintf(out, size, "(short)");
        return;
    }
    snprintf(out, size, "table_id: %llu (%.*s.%.*s)", (unsigned long long)info_le(b.data, 6),
             (int)dl, (const char *)b.data + 9, (int)tl, (const char *)b.data + 11 + dl);
}

void sc_binlog_event_info(char *out, size_t size, const sc_event_header *h, sc_slice b)
{
    uint32_t server_id = h->server_id;

    out[0] = 0;
    switch (h->type) {
    case SC_EV_FORMAT_DESCRIPTION:
        if (b.len >= 52)
            snprintf(out, size, "Server ver: %.50s, Binlog ver: %u", (const char *)b.data + 2,
                     (unsigned)info_le(b.data, 2));
        break;
    case SC_EV_GTID:
        if (b.len >= 12)
            snprintf(out, size, "BEGIN GTID %u-%u-%llu", (unsigned)info_le(b.data + 8, 4),
                     (unsigned)server_id, (unsigned long long)info_le(b.data, 8));
        break;
    case SC_EV_GTID_LIST: {
        size_t n = b.len >= 4 ? info_le(b.data, 4) & 0x0FFFFFFF : 0, at = 0;
        at += (size_t)snprintf(out, size, "[");
        for (size_t i = 0; i < n && 4 + 16 * (i + 1) <= b.len && at < size; i++)
            at += (size_t)snprintf(out + at, size - at, "%s%u-%u-%llu", i ? "," : "",
                                   (unsigned)info_le(b.data + 4 + 16 * i, 4),
                                   (unsigned)info_le(b.data + 8 + 16 * i, 4),
                                   (unsigned long long)info_le(b.data + 12 + 16 * i, 8));
        if (at < size)
            snprintf(out + at, size - at, "]");
        break;
    }
    case SC_EV_BINLOG_CHECKPOINT:
        if (b.len >= 4)
            snprintf(out, size, "%.*s", (int)(b.len - 4), (const char *)b.data + 4);
        break;
    case SC_EV_ROTATE:
        if (b.len >= 8)
            snprintf(out, size, "%.*s;pos=%llu", (int)(b.len - 8), (const char *)b.data + 8,
                     (unsigned long long)info_le(b.data, 8));
        break;
    case SC_EV_XID:
        if (b.len >= 8)
            snprintf(out, size, "COMMIT /* xid=%llu */", (unsigned long long)info_le(b.data, 8));
        break;
    case SC_EV_ANNOTATE_ROWS:
        snprintf(out, size, "%.*s", (int)b.len, (const char *)b.data);
        break;
    case SC_EV_TABLE_MAP:
        info_table_map(out, size, b);
        break;
    default:
        if (b.len >= 8 && sc_event__is_rows(h->type))
            snprintf(out, size, "table_id: %llu%s", (unsigned long long)info_le(b.data, 6),
                     info_le(b.data + 6, 2) & 1 ? " flags: STMT_END_F" : "");
        break;
    }
}
