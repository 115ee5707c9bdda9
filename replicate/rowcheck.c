/*
 * rowcheck.c - the catalog's rows against the redundant copy the stored log
 * holds of them (sc_log_verify_rows, run by `syscat fsck`).
 *
 * The log stored in the catalog has every committed change's after-image
 * from the bootstrap transaction on (docs/log-format.md), so a row damaged in
 * place that still decodes (a flipped byte in a column name) differs from
 * what the log says it is. The check replays the stored log, in one read
 * transaction with the live rows, into a scratch catalog in a temporary
 * directory through the log applier (apply.c: the one decoder of our rows
 * events into catalog rows; the last after-image per key wins, deletes
 * remove), then compares every system table row by row both ways.
 * syscat.replica_state is never logged and is left out. A purged log (its
 * oldest file is not binlog.000001, so the bootstrap is gone) cannot rebuild
 * the rows: *partial_out says so and nothing is compared.
 */
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replicate/apply.h"
#include "replicate/log.h"

typedef struct rowcheck {
    sc_log *log;
    sc_txn *txn;     /* the live catalog, read-only */
    sc_txn *scratch; /* the replayed catalog, read-only */
    unsigned st;     /* system table being compared */
    sc_log_problems pr;
    sc_buf bytes; /* one file's stored bytes */
} rowcheck;

/* ------------------------------------------------------------------ */
/* Describing rows                                                      */

/* One field's value as text (scalars and strings; repeated/bytes by size). */
static void
field_text(char *buf, size_t size, const ProtobufCMessage *m, const ProtobufCFieldDescriptor *f)
{
    const char *at = (const char *)m + f->offset;

    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
        size_t n;
        memcpy(&n, (const char *)m + f->quantifier_offset, sizeof(n));
        snprintf(buf, size, "(%zu values)", n);
        return;
    }
    switch (f->type) {
    case PROTOBUF_C_TYPE_STRING: {
        const char *s;
        memcpy(&s, at, sizeof(s));
        snprintf(buf, size, "'%s'", s ? s : "");
        break;
    }
    case PROTOBUF_C_TYPE_UINT64: {
        uint64_t u;
        memcpy(&u, at, sizeof(u));
        snprintf(buf, size, "%llu", (unsigned long long)u);
        break;
    }
    case PROTOBUF_C_TYPE_UINT32: {
        uint32_t u;
        memcpy(&u, at, sizeof(u));
        snprintf(buf, size, "%u", u);
        break;
    }
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_ENUM: {
        int32_t s;
        memcpy(&s, at, sizeof(s));
        snprintf(buf, size, "%d", s);
        break;
    }
    case PROTOBUF_C_TYPE_BOOL: {
        protobuf_c_boolean b;
        memcpy(&b, at, sizeof(b));
        snprintf(buf, size, "%s", b ? "true" : "false");
        break;
    }
    case PROTOBUF_C_TYPE_BYTES: {
        ProtobufCBinaryData d;
        memcpy(&d, at, sizeof(d));
        snprintf(buf, size, "(%zu bytes)", d.len);
        break;
    }
    default:
        snprintf(buf, size, "(a value)");
        break;
    }
}

/* "field=value, ..." of the system table's key fields. */
static void key_text(char *buf, size_t size, const sc_systable *st, const ProtobufCMessage *m)
{
    char name[64], val[160];
    const char *p = st->key, *comma;
    size_t o = 0;

    buf[0] = '\0';
    while (p && *p && o + 1 < size) {
        const ProtobufCFieldDescriptor *f;
        size_t len;

        comma = strchr(p, ',');
        len = comma ? (size_t)(comma - p) : strlen(p);
        snprintf(name, sizeof(name), "%.*s", (int)len, p);
        f = protobuf_c_message_descriptor_get_field_by_name(st->desc, name);
        if (f)
            field_text(val, sizeof(val), m, f);
        else
            snprintf(val, sizeof(val), "?");
        o += (size_t)snprintf(buf + o, size - o, "%s%s=%s", o ? ", " : "", name, val);
        p = comma ? comma + 1 : NULL;
    }
}

/* The fields in which two decoded rows differ, "name: live X, log Y; ...". */
static void diff_text(char *buf,
                      size_t size,
                      const sc_systable *st,
                      const ProtobufCMessage *live,
                      const ProtobufCMessage *logged)
{
    char a[200], b[200];
    size_t o = 0;

    buf[0] = '\0';
    for (unsigned i = 0; i < st->desc->n_fields && o + 1 < size; i++) {
        const ProtobufCFieldDescriptor *f = &st->desc->fields[i];
        field_text(a, sizeof(a), live, f);
        field_text(b, sizeof(b), logged, f);
        if (strcmp(a, b) != 0)
            o += (size_t)snprintf(buf + o, size - o, "%s%s is %s, the log says %s", o ? "; " : "",
                                  f->name, a, b);
    }
    if (!buf[0])
        snprintf(buf, size, "the stored bytes differ (same field values)");
}

/* ------------------------------------------------------------------ */
/* Comparing                                                            */

static void report_diff(rowcheck *rc, sc_slice live, sc_slice logged)
{
    const sc_systable *st = sc_catalog__systable(rc->st);
    ProtobufCMessage *a = protobuf_c_message_unpack(st->desc, NULL, live.len, live.data);
    ProtobufCMessage *b = protobuf_c_message_unpack(st->desc, NULL, logged.len, logged.data);
    char key[256], diff[700];

    if (a && b) {
        key_text(key, sizeof(key), st, a);
        diff_text(diff, sizeof(diff), st, a, b);
        sc_log__problem(&rc->pr, "%s (%s): row differs from the stored log: %s", st->name, key,
                        diff);
    } else {
        sc_log__problem(&rc->pr,
                        "%s: a row (%zu bytes) differs from the stored log and does not decode",
                        st->name, a ? logged.len : live.len);
    }
    if (a)
        protobuf_c_message_free_unpacked(a, NULL);
    if (b)
        protobuf_c_message_free_unpacked(b, NULL);
}

static void report_missing(rowcheck *rc, sc_slice row, const char *where)
{
    const sc_systable *st = sc_catalog__systable(rc->st);
    ProtobufCMessage *m = protobuf_c_message_unpack(st->desc, NULL, row.len, row.data);
    char key[256];

    if (m) {
        key_text(key, sizeof(key), st, m);
        protobuf_c_message_free_unpacked(m, NULL);
    } else {
        snprintf(key, sizeof(key), "undecodable row of %zu bytes", row.len);
    }
    sc_log__problem(&rc->pr, "%s (%s): %s", st->name, key, where);
}

/*
 * Look packed's key up in txn, the other side of the comparison: a missing
 * row is reported as where says; with same_bytes, a row that differs is
 * reported too. A row that does not decode is fsck's own walk's to report.
 */
static int
check_counterpart(rowcheck *rc, sc_txn *txn, sc_slice packed, const char *where, bool same_bytes)
{
    uint8_t *other = NULL;
    size_t len = 0;
    int r = sc_catalog__row_get(&other, &len, txn, rc->st, packed);

    if (r == SC_ENOTFOUND || r == SC_ECORRUPT) {
        sc_ctx_clear_error(rc->log->ctx);
        if (r == SC_ENOTFOUND)
            report_missing(rc, packed, where);
        return SC_OK;
    }
    if (!r && same_bytes && (len != packed.len || memcmp(other, packed.data, len) != 0))
        report_diff(rc, packed, (sc_slice){other, len});
    sc_free(rc->log->ctx, other);
    return r;
}

/* A live row: the replay must hold the same bytes under its key. */
static int live_cb(sc_slice packed, void *payload)
{
    rowcheck *rc = payload;

    return check_counterpart(rc, rc->scratch, packed,
                             "row in the catalog that the stored log does not have", true);
}

/* A replayed row: the catalog must have a row under its key (contents: live_cb). */
static int scratch_cb(sc_slice packed, void *payload)
{
    rowcheck *rc = payload;

    return check_counterpart(rc, rc->txn, packed,
                             "row the stored log has that is missing from the catalog", false);
}

static int compare(rowcheck *rc)
{
    int r = SC_OK;

    for (rc->st = 1; !r && rc->st < SC_SYS__END; rc->st++) {
        if (rc->st == SC_SYS_REPLICA_STATE) /* never logged (docs/log-format.md) */
            continue;
        r = sc_catalog__row_foreach(rc->txn, rc->st, live_cb, rc);
        if (!r)
            r = sc_catalog__row_foreach(rc->scratch, rc->st, scratch_cb, rc);
    }
    return r;
}

/* ------------------------------------------------------------------ */
/* Replaying                                                            */

static int bytes_cb(uint64_t off, sc_slice bytes, void *payload)
{
    rowcheck *rc = payload;

    (void)off;
    sc__buf_put(&rc->bytes, bytes.data, bytes.len);
    return rc->bytes.failed ? SC_ENOMEM : SC_OK;
}

/* Replay every stored file into target; a file that does not replay is a problem. */
static int replay(rowcheck *rc, sc_catalog *target, const sc_log_state *st, bool *ok)
{
    sc_binlog_reader *r = NULL;
    char name[32];
    int e = SC_OK;

    *ok = true;
    for (uint32_t f = st->first_file; !e && *ok && f <= st->cur_file; f++) {
        sc__buf_reset(&rc->bytes);
        sc_log__file_name(name, sizeof(name), f);
        e = sc_log__walk(rc->log, rc->txn, f, 0, bytes_cb, rc);
        if (!e)
            e = sc_binlog_reader_open_mem(&r, rc->log->ctx, name,
                                          (sc_slice){rc->bytes.data, rc->bytes.len});
        if (!e)
            e = sc_apply__reader(target, r, 0, NULL, NULL);
        sc_binlog_reader_close(r);
        r = NULL;
        if (e && e != SC_ENOMEM && e != SC_EIO) {
            sc_log__problem(&rc->pr, "log: %s does not replay onto the catalog's rows: %s", name,
                            sc_ctx_last_error(rc->log->ctx)->message);
            *ok = false;
            e = SC_OK;
        }
    }
    return e;
}

static int check_in(rowcheck *rc, const char *tmpdir, bool *partial_out)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *scratch = NULL;
    sc_log_state st;
    bool ok = false;
    int e = sc_log__state_get(&st, rc->log, rc->txn);

    if (e == SC_ENOTFOUND) {
        sc_ctx_clear_error(rc->log->ctx);
        return SC_OK;
    }
    if (e)
        return e;
    if (st.first_file != 1) {
        *partial_out = true;
        return SC_OK;
    }
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    e = sc_catalog_open(&scratch, rc->log->ctx, tmpdir, &opts);
    if (!e)
        e = replay(rc, scratch, &st, &ok);
    if (!e && ok && !(e = sc_txn_begin(&rc->scratch, scratch, SC_TXN_READONLY))) {
        e = compare(rc);
        sc_txn_abort(rc->scratch);
        rc->scratch = NULL;
    }
    sc_catalog_close(scratch);
    return e;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

static void remove_scratch(const char *dir)
{
    nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}

int sc_log_verify_rows(sc_log *log,
                       void (*report)(const char *problem, void *payload),
                       void *payload,
                       size_t *problems_out,
                       bool *partial_out)
{
    rowcheck rc;
    const char *tmp = getenv("TMPDIR");
    char dir[512];
    int e;

    memset(&rc, 0, sizeof(rc));
    rc.log = log;
    rc.pr.report = report;
    rc.pr.payload = payload;
    rc.bytes.ctx = log->ctx;
    *partial_out = false;
    if (problems_out)
        *problems_out = 0;
    if (!log->have_dbis)
        return SC_OK;
    snprintf(dir, sizeof(dir), "%s/syscat-rowcheck-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return sc_error_set(log->ctx, SC_EIO, 0, NULL, "cannot make a scratch directory in '%s'",
                            tmp && *tmp ? tmp : "/tmp");
    e = sc_txn_begin(&rc.txn, log->cat, SC_TXN_READONLY);
    if (!e)
        e = check_in(&rc, dir, partial_out);
    sc_txn_abort(rc.txn);
    remove_scratch(dir);
    sc__buf_free(&rc.bytes);
    if (problems_out)
        *problems_out = rc.pr.n;
    if (!e && rc.pr.n)
        e = sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "%zu row(s) differ from the stored log",
                         rc.pr.n);
    return e;
}
