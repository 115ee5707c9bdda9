/*
 * log.c - the catalog log's commit hook: every committed catalog
 * transaction becomes one binlog transaction (GTID, per statement
 * ANNOTATE_ROWS + TABLE_MAPs + ROWS events, XID), built inside the catalog's
 * LMDB write transaction and stored there as the exact bytes the binlog file
 * will hold (log_pos final), so catalog and log cannot disagree after a
 * crash. Data rows of sc_log_rows (userrows.c) come in the same change list,
 * in execution order. The files are written from the stored bytes right
 * after each commit, by the after-commit hook (logfile.c). While attached
 * and enabled, the log marks the catalog logged: writers without it are
 * refused.
 *
 * Invariants and storage: log.h. Event choices (GTID flags, ROWS flags,
 * TABLE_MAP placement, row images): docs/log-format.md.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <libdeflate.h>
#include <zlib.h>

#include "replicate/log.h"

/* ------------------------------------------------------------------ */
/* Names, keys, settings                                                */

void sc_log__file_name(char *buf, size_t size, uint32_t file)
{
    snprintf(buf, size, "%s.%06u", SC_LOG_BASENAME, (unsigned)file);
}

uint32_t sc_log__file_number(const char *name)
{
    size_t n = strlen(SC_LOG_BASENAME);
    char *end, canon[32];
    unsigned long v;

    if (strncmp(name, SC_LOG_BASENAME, n) != 0 || name[n] != '.' || !name[n + 1])
        return 0;
    v = strtoul(name + n + 1, &end, 10);
    if (*end || v == 0 || v > UINT32_MAX)
        return 0;
    /* Only the name of that number: "binlog.1" is not "binlog.000001". */
    sc_log__file_name(canon, sizeof(canon), (uint32_t)v);
    return strcmp(canon, name) == 0 ? (uint32_t)v : 0;
}

void sc_log__key(uint8_t key[12], uint32_t file, uint64_t offset)
{
    sc_put_uintbe(key, file, 4);
    sc_put_uintbe(key + 4, offset, 8);
}

uint32_t sc_log__test_now;

static uint32_t log_now(void)
{
    return sc_log__test_now ? sc_log__test_now : (uint32_t)time(NULL);
}

static int setting_str(char **out, sc_txn *txn, const char *key)
{
    int rc = sc_setting_get(out, txn, key);

    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(sc_catalog_ctx(sc_txn_catalog(txn)));
        *out = NULL;
        return SC_OK;
    }
    return rc;
}

static int setting_u64(uint64_t *out, sc_txn *txn, const char *key, uint64_t deflt, uint64_t max)
{
    char *s = NULL, *end;
    unsigned long long v;
    int rc = setting_str(&s, txn, key);
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));

    *out = deflt;
    if (rc || !s)
        return rc;
    v = strtoull(s, &end, 10);
    if (*end || !*s || v > max)
        rc = sc_error_set(ctx, SC_EINVAL, 0, NULL, "setting %s: '%s' is not a number <= %llu", key,
                          s, (unsigned long long)max);
    else
        *out = v;
    sc_free(ctx, s);
    return rc;
}

/* An enumerated setting: index of the value among names (case-insensitive). */
static int
setting_enum(int *out, sc_txn *txn, const char *key, const char *const *names, int n, int deflt)
{
    char *s = NULL;
    int rc = setting_str(&s, txn, key);
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));

    *out = deflt;
    if (rc || !s)
        return rc;
    rc = sc_error_set(ctx, SC_EINVAL, 0, NULL, "setting %s: unknown value '%s'", key, s);
    for (int i = 0; i < n; i++)
        if (strcasecmp(s, names[i]) == 0) {
            *out = i;
            sc_ctx_clear_error(ctx);
            rc = SC_OK;
        }
    sc_free(ctx, s);
    return rc;
}

int sc_log__settings(sc_log_settings *out, sc_txn *txn)
{
    static const char *const onoff[] = {"0", "1"};
    static const char *const checksum[] = {"NONE", "CRC32"};
    static const char *const image[] = {"FULL", "MINIMAL", "NOBLOB"};
    static const char *const maps[] = {"file", "statement"};
    int en = 1, ck = 1, im = 0, mp = 0, an = 1, cz = 1, rc;
    uint64_t sid = 1, dom = 0;

    rc = setting_enum(&en, txn, SC_LOG_SET_ENABLED, onoff, 2, 1);
    if (!rc)
        rc = setting_enum(&ck, txn, SC_LOG_SET_CHECKSUM, checksum, 2, 1);
    if (!rc)
        rc = setting_enum(&im, txn, SC_LOG_SET_ROW_IMAGE, image, 3, 0);
    if (!rc)
        rc = setting_enum(&mp, txn, SC_LOG_SET_TABLE_MAP, maps, 2, 0);
    if (!rc)
        rc = setting_enum(&an, txn, SC_LOG_SET_ANNOTATE, onoff, 2, 1);
    if (!rc)
        rc = setting_enum(&cz, txn, SC_LOG_SET_COMPRESS, onoff, 2, 1);
    if (!rc)
        rc = setting_u64(&out->compress_min, txn, SC_LOG_SET_COMPRESS_MIN_LEN,
                         SC_LOG_DEFAULT_COMPRESS_MIN, SC_LOG_ROWS_MAX);
    if (!rc)
        rc = setting_u64(&out->max_size, txn, SC_LOG_SET_MAX_FILE_SIZE, SC_LOG_DEFAULT_MAX_SIZE,
                         UINT32_MAX);
    if (!rc)
        rc = setting_u64(&sid, txn, SC_LOG_SET_SERVER_ID, 1, UINT32_MAX);
    if (!rc)
        rc = setting_u64(&dom, txn, SC_LOG_SET_DOMAIN_ID, 0, UINT32_MAX);
    out->enabled = en == 1;
    out->checksum = ck ? SC_CHECKSUM_CRC32 : SC_CHECKSUM_NONE;
    out->image = (sc_log_image)im;
    out->map_per_stmt = mp == 1;
    out->annotate = an == 1;
    out->compress = cz == 1;
    out->server_id = (uint32_t)sid;
    out->domain_id = (uint32_t)dom;
    return rc;
}

/* Every setting the log reads, with its default as stored text. */
static const struct {
    const char *key;
    const char *deflt;
} known_settings[] = {
    {SC_LOG_SET_ENABLED, "1"},
    {SC_LOG_SET_CHECKSUM, "CRC32"},
    {SC_LOG_SET_ROW_IMAGE, "FULL"},
    {SC_LOG_SET_TABLE_MAP, "file"},
    {SC_LOG_SET_MAX_FILE_SIZE, "1073741824"},
    {SC_LOG_SET_SERVER_ID, "1"},
    {SC_LOG_SET_DOMAIN_ID, "0"},
    {SC_LOG_SET_ANNOTATE, "1"},
    {SC_LOG_SET_COMPRESS, "1"},
    {SC_LOG_SET_COMPRESS_MIN_LEN, "256"},
};

#define N_KNOWN_SETTINGS (sizeof(known_settings) / sizeof(known_settings[0]))

/*
 * The settings of one commit of this handle. Parsing them at every commit
 * (ten copies and case-blind compares) was 4% of the instructions of a
 * statement with its own commit; now their stored text is read in place,
 * compared with the text the last parse read, and parsed again only when it
 * differs (another process may change a setting between two of our
 * commits). known_settings lists every setting sc_log__settings reads.
 */
static int commit_settings(sc_log_settings *out, sc_log *log, sc_txn *txn)
{
    sc_buf *raw = &log->set_raw_new, swap;
    int rc = SC_OK;

    raw->ctx = log->set_raw.ctx = log->ctx;
    sc__buf_reset(raw);
    for (size_t i = 0; !rc && i < N_KNOWN_SETTINGS; i++) {
        sc_slice v;
        uint8_t head[5];
        rc = sc_catalog__setting_peek(&v, txn, known_settings[i].key);
        if (rc && rc != SC_ENOTFOUND)
            break;
        head[0] = rc == SC_OK; /* set at all */
        sc_put_u32le(head + 1, (uint32_t)v.len);
        sc__buf_put(raw, head, sizeof(head));
        sc__buf_put(raw, v.data, v.len);
        rc = SC_OK;
    }
    if (!rc && raw->failed)
        rc = SC_ENOMEM;
    if (rc)
        return rc;
    if (log->set_cached && raw->len == log->set_raw.len &&
        memcmp(raw->data, log->set_raw.data, raw->len) == 0) {
        *out = log->set_cache;
        return SC_OK;
    }
    log->set_cached = false;
    if ((rc = sc_log__settings(out, txn)))
        return rc;
    swap = log->set_raw;
    log->set_raw = *raw;
    *raw = swap;
    log->set_cache = *out;
    log->set_cached = true;
    return SC_OK;
}

/* Record the default of every setting that is absent, so they are visible. */
static int settings_write_defaults(sc_txn *txn)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    size_t i;
    int rc = SC_OK;

    for (i = 0; !rc && i < N_KNOWN_SETTINGS; i++) {
        char *v = NULL;
        rc = setting_str(&v, txn, known_settings[i].key);
        if (!rc && !v)
            rc = sc_setting_set(txn, known_settings[i].key, known_settings[i].deflt);
        sc_free(ctx, v);
    }
    return rc;
}

/* Write one setting in txn after checking it: the key must be known, and the
 * value must parse (the same parser the commit hook uses, run on a nested
 * transaction that is dropped when it fails). */
static int setting_set_checked(sc_txn *txn, const char *key, const char *value)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_log_settings parsed;
    sc_txn *child = NULL;
    bool known = false;
    size_t i;
    int rc;

    for (i = 0; i < N_KNOWN_SETTINGS; i++)
        known = known || strcmp(key, known_settings[i].key) == 0;
    if (!known)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "unknown log setting '%s'", key);
    rc = sc_txn_begin_nested(&child, txn);
    if (!rc)
        rc = sc_setting_set(child, key, value);
    if (!rc)
        rc = sc_log__settings(&parsed, child);
    if (rc) {
        sc_txn_abort(child);
        return rc;
    }
    return sc_txn_commit(child);
}

int sc_log_set(sc_log *log, const char *key, const char *value)
{
    sc_txn *txn = NULL;
    int rc = sc_txn_begin(&txn, log->cat, 0);

    if (rc)
        return rc;
    rc = setting_set_checked(txn, key, value);
    if (rc) {
        sc_txn_abort(txn);
        return rc;
    }
    return sc_txn_commit(txn);
}

/* ------------------------------------------------------------------ */
/* State                                                                */

#define STATE_KEY "state"
#define STATE_FIXED 34

/* A failed write of the log: the catalog's one map-full message (with the map size). */
static int log_write_error(sc_log *log, int rc, const char *what)
{
    if (rc == MDB_MAP_FULL)
        return sc_catalog__map_full(log->ctx, sc_catalog__env(log->cat), what);
    return sc_catalog__mdb_error(log->ctx, rc, what);
}

int sc_log__state_get(sc_log_state *out, sc_log *log, sc_txn *txn)
{
    MDB_val k = {sizeof(STATE_KEY) - 1, STATE_KEY}, v;
    const uint8_t *p;
    int rc;

    memset(out, 0, sizeof(*out));
    if (!log->have_dbis)
        return SC_ENOTFOUND;
    rc = sc_catalog__mdb_get(sc_catalog__mdb_txn(txn), log->dbi_state, &k, &v);
    if (rc == MDB_NOTFOUND)
        return SC_ENOTFOUND;
    if (rc)
        return sc_catalog__mdb_error(log->ctx, rc, "reading log.state");
    p = v.mv_data;
    if (v.mv_size >= 4 && sc_get_u32le(p) > SC_LOG_STATE_VERSION)
        return sc_error_set(log->ctx, SC_EVERSION, 0, NULL,
                            "log.state: format %u is newer than this syscat (%u)",
                            (unsigned)sc_get_u32le(p), SC_LOG_STATE_VERSION);
    if (v.mv_size < STATE_FIXED || sc_get_u32le(p) != SC_LOG_STATE_VERSION)
        return sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "log.state: unknown format");
    out->first_file = sc_get_u32le(p + 4);
    out->cur_file = sc_get_u32le(p + 8);
    out->cur_size = sc_get_u64le(p + 12);
    out->checksum = p[20];
    out->next_seq = sc_get_u64le(p + 21);
    out->n_gtids = sc_get_u32le(p + 29);
    if (out->n_gtids > SC_LOG_MAX_DOMAINS || v.mv_size != STATE_FIXED + 16u * out->n_gtids ||
        out->first_file == 0 || out->first_file > out->cur_file || out->checksum > 1)
        return sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "log.state: inconsistent record");
    for (uint32_t i = 0; i < out->n_gtids; i++) {
        const uint8_t *g = p + STATE_FIXED + 16 * i;
        out->gtids[i].domain_id = sc_get_u32le(g);
        out->gtids[i].server_id = sc_get_u32le(g + 4);
        out->gtids[i].seq_no = sc_get_u64le(g + 8);
    }
    return SC_OK;
}

/* Assert the invariants stated above sc_log_state (log.h): we never write what we would reject. */
static void state_check(const sc_log_state *st)
{
    (void)st;
    assert(st->first_file >= 1 && st->first_file <= st->cur_file);
    assert(st->n_gtids <= SC_LOG_MAX_DOMAINS);
    assert(st->checksum <= 1);
}

int sc_log__state_put(sc_log *log, sc_txn *txn, const sc_log_state *st)
{
    uint8_t buf[STATE_FIXED + 16 * SC_LOG_MAX_DOMAINS];
    MDB_val k = {sizeof(STATE_KEY) - 1, STATE_KEY}, v = {STATE_FIXED + 16u * st->n_gtids, buf};
    int rc;

    state_check(st);
    memset(buf, 0, sizeof(buf));
    sc_put_u32le(buf, SC_LOG_STATE_VERSION);
    sc_put_u32le(buf + 4, st->first_file);
    sc_put_u32le(buf + 8, st->cur_file);
    sc_put_u64le(buf + 12, st->cur_size);
    buf[20] = st->checksum;
    sc_put_u64le(buf + 21, st->next_seq);
    sc_put_u32le(buf + 29, st->n_gtids);
    for (uint32_t i = 0; i < st->n_gtids; i++) {
        uint8_t *g = buf + STATE_FIXED + 16 * i;
        sc_put_u32le(g, st->gtids[i].domain_id);
        sc_put_u32le(g + 4, st->gtids[i].server_id);
        sc_put_u64le(g + 8, st->gtids[i].seq_no);
    }
    rc = mdb_put(sc_catalog__mdb_txn(txn), log->dbi_state, &k, &v, 0);
    return rc ? log_write_error(log, rc, "writing log.state") : SC_OK;
}

int sc_log__record_put(sc_log *log, sc_txn *txn, uint32_t file, uint64_t offset, sc_slice bytes)
{
    uint8_t key[12];
    MDB_val k = {sizeof(key), key}, v = {bytes.len, (void *)(uintptr_t)bytes.data};
    int rc;

    sc_log__key(key, file, offset);
    rc = mdb_put(sc_catalog__mdb_txn(txn), log->dbi_events, &k, &v, MDB_NOOVERWRITE);
    if (rc == MDB_KEYEXIST)
        return sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL,
                            "log.events: a record at file %u offset %llu exists already",
                            (unsigned)file, (unsigned long long)offset);
    return rc ? log_write_error(log, rc, "writing log.events") : SC_OK;
}

/* ------------------------------------------------------------------ */
/* Event emission                                                       */

int sc_log__emit(sc_buf *b, uint64_t base, sc_event *ev, sc_checksum_alg alg)
{
    size_t at = b->len;
    uint64_t end;
    int rc;

    rc = sc_event__encode_at(b, ev, alg, base);
    if (rc)
        return rc;
    end = base + b->len;
    if (end > UINT32_MAX) {
        b->len = at;
        return sc_error_set(b->ctx, SC_EFULL, 0, NULL,
                            "binlog file would pass 4 GiB (log_pos is 32 bits)");
    }
    return SC_OK;
}

static void header_init(sc_event *ev, uint8_t type, uint32_t now, uint32_t server_id)
{
    memset(ev, 0, sizeof(*ev));
    ev->header.timestamp = now;
    ev->header.type = type;
    ev->header.server_id = server_id;
    ev->modelled = true;
}

int sc_log__file_header(
    sc_buf *b, const sc_log_state *st, uint32_t file, uint32_t server_id, uint32_t now)
{
    uint8_t post[SC_FDE_MARIADB_TYPES];
    char name[32];
    sc_event ev;
    int rc;

    sc__buf_put(b, sc_binlog__magic, SC_BINLOG_MAGIC_LEN);
    sc_event__default_post_header(post, sizeof(post));
    header_init(&ev, SC_EV_FORMAT_DESCRIPTION, now, server_id);
    ev.u.fde.binlog_version = SC_BINLOG_VERSION;
    snprintf(ev.u.fde.server_version, sizeof(ev.u.fde.server_version), "%s", SC_SERVER_VERSION);
    ev.u.fde.create_timestamp = now;
    ev.u.fde.header_len = SC_EVENT_HEADER_LEN;
    ev.u.fde.post_header.data = post;
    ev.u.fde.post_header.len = sizeof(post);
    ev.u.fde.checksum_alg = st->checksum;
    rc = sc_log__emit(b, 0, &ev, st->checksum);
    if (rc)
        return rc;
    header_init(&ev, SC_EV_GTID_LIST, now, server_id);
    ev.u.gtid_list.count_flags = st->n_gtids;
    ev.u.gtid_list.gtids = (sc_gtid *)(uintptr_t)st->gtids;
    rc = sc_log__emit(b, 0, &ev, st->checksum);
    if (rc)
        return rc;
    sc_log__file_name(name, sizeof(name), file);
    header_init(&ev, SC_EV_BINLOG_CHECKPOINT, now, server_id);
    ev.u.checkpoint.name.data = (const uint8_t *)name;
    ev.u.checkpoint.name.len = strlen(name);
    return sc_log__emit(b, 0, &ev, st->checksum);
}

int sc_log__ensure_state(sc_log_state *out, sc_log *log, sc_txn *txn)
{
    sc_log_settings set;
    sc_buf b = SC_BUF_INIT(log->ctx);
    int rc = sc_log__state_get(out, log, txn);

    if (rc != SC_ENOTFOUND)
        return rc;
    rc = sc_log__settings(&set, txn);
    if (rc)
        return rc;
    memset(out, 0, sizeof(*out));
    out->first_file = out->cur_file = 1;
    out->checksum = (uint8_t)set.checksum;
    out->next_seq = 1;
    rc = sc_log__file_header(&b, out, 1, set.server_id, log_now());
    if (!rc && b.failed)
        rc = SC_ENOMEM;
    if (!rc)
        rc = sc_log__record_put(log, txn, 1, 0, (sc_slice){b.data, b.len});
    out->cur_size = b.len;
    if (!rc)
        rc = sc_log__state_put(log, txn, out);
    sc__buf_free(&b);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The transaction builder                                              */

void sc_log__header(sc_log_build *bld, sc_event *ev, uint8_t type)
{
    header_init(ev, type, bld->now, bld->set.server_id);
}

/* Staged (bld->defer): without checksum, log_pos 0; logzip.c writes both. */
int sc_log__build_emit(sc_log_build *bld, sc_event *ev)
{
    bld->n_events++;
    if (bld->defer)
        return sc_log__emit(&bld->out, 0, ev, SC_CHECKSUM_NONE);
    return sc_log__emit(&bld->out, bld->st.cur_size, ev, (sc_checksum_alg)bld->st.checksum);
}

int sc_log__annotate(sc_log_build *bld, sc_slice text)
{
    sc_event ev;

    if (!bld->set.annotate || !text.len)
        return SC_OK;
    sc_log__header(bld, &ev, SC_EV_ANNOTATE_ROWS);
    ev.u.annotate.text = text;
    return sc_log__build_emit(bld, &ev);
}

int sc_log__need_map(bool *out, sc_log_build *bld, uint64_t table_id, uint64_t version)
{
    sc_log *log = bld->log;
    uint8_t key[12], ver[8];
    MDB_val k = {sizeof(key), key}, v;
    MDB_txn *mt = sc_catalog__mdb_txn(bld->txn);
    int rc;

    *out = true;
    if (bld->set.map_per_stmt)
        return SC_OK;
    sc_put_uintbe(key, bld->st.cur_file, 4);
    sc_put_uintbe(key + 4, table_id, 8);
    rc = sc_catalog__mdb_get(mt, log->dbi_maps, &k, &v);
    if (rc == 0 && v.mv_size == 8 && sc_get_u64le(v.mv_data) == version) {
        *out = false;
        return SC_OK;
    }
    if (rc && rc != MDB_NOTFOUND)
        return sc_catalog__mdb_error(log->ctx, rc, "reading log.maps");
    sc_put_u64le(ver, version);
    v.mv_size = sizeof(ver);
    v.mv_data = ver;
    rc = mdb_put(mt, log->dbi_maps, &k, &v, 0);
    return rc ? log_write_error(log, rc, "writing log.maps") : SC_OK;
}

/*
 * One zlib stream (RFC 1950, what MariaDB's uncompress() reads) of n bytes
 * into out (room *out_len, set to the length), by libdeflate at level 1 with
 * a compressor made once per log. zlib's deflate at level 1 with the small
 * state this used to take (memLevel 1) spent about 6 us on a rows event of
 * 600 bytes, mostly building Huffman trees for a new block every 128
 * symbols: 39% of a replica's apply CPU (docs/performance.md). libdeflate
 * takes two thirds of that time for 3% fewer bytes. SC_ENOMEM without its
 * compressor; 1 when the stream does not fit in out (the rows then stay plain).
 */
static int deflate_rows(sc_log *log, uint8_t *out, uLongf *out_len, const uint8_t *in, size_t n)
{
    size_t got;

    if (!log->zc && !(log->zc = libdeflate_alloc_compressor(1)))
        return sc_error_set(log->ctx, SC_ENOMEM, 0, NULL, "out of memory (a deflate compressor)");
    got = libdeflate_zlib_compress(log->zc, in, n, out, (size_t)*out_len);
    if (!got)
        return 1;
    *out_len = (uLongf)got;
    return SC_OK;
}

/*
 * The open rows event's rows as MariaDB's compressed rows events carry them
 * (log_bin_compress): one byte 0x80 | L (zlib, L length bytes), the
 * uncompressed length big-endian in L bytes, then a zlib stream. Into
 * bld->zrows; false (rows left plain) when compression is off, the rows are
 * shorter than binlog.compress_min_len or would not shrink.
 */
static int rows_compress(bool *done, sc_log_build *bld)
{
    size_t n = bld->rows.len, ll = n > 0xFFFFFF ? 4 : n > 0xFFFF ? 3 : n > 0xFF ? 2 : 1;
    uLongf zlen = compressBound((uLong)n);
    uint8_t *p;
    int rc;

    *done = false;
    if (!bld->set.compress || n < bld->set.compress_min || n == 0)
        return SC_OK;
    bld->zrows.ctx = bld->log->ctx;
    bld->zrows.len = 0;
    if (!(p = sc__buf_append(&bld->zrows, 1 + ll + zlen)))
        return SC_ENOMEM;
    p[0] = (uint8_t)(0x80 | ll);
    for (size_t i = 0; i < ll; i++)
        p[1 + i] = (uint8_t)(n >> (8 * (ll - 1 - i)));
    rc = deflate_rows(bld->log, p + 1 + ll, &zlen, bld->rows.data, n);
    if (rc == SC_ENOMEM)
        return rc;
    if (rc)
        return SC_OK; /* did not fit: plain */
    bld->zrows.len = 1 + ll + zlen;
    *done = bld->zrows.len < n;
    return SC_OK;
}

/* Staged: the open rows event is one the compressing thread compresses (as rows_compress). */
static int rows_stage_cand(sc_log_build *bld)
{
    size_t n = bld->rows.len;
    sc_log_zcand c;

    if (!bld->set.compress || n < bld->set.compress_min || n == 0)
        return SC_OK;
    c.at = (uint32_t)bld->out.len;
    c.rows = (uint32_t)n;
    c.kind = (uint8_t)bld->g_kind;
    return sc__buf_put(&bld->cands, &c, sizeof(c));
}

int sc_log__rows_flush(sc_log_build *bld, bool stmt_end)
{
    static const uint8_t types[3] = {SC_EV_WRITE_ROWS_V1, SC_EV_UPDATE_ROWS_V1,
                                     SC_EV_DELETE_ROWS_V1};
    size_t nbm = (bld->g_ncols + 7) / 8;
    sc_event ev;
    bool z = false;
    int rc;

    if (!bld->group_open)
        return SC_OK;
    if (!bld->rows.failed && (rc = bld->defer ? rows_stage_cand(bld) : rows_compress(&z, bld))) {
        bld->rows.len = 0;
        bld->group_open = false;
        return rc;
    }
    sc_log__header(bld, &ev,
                   z ? (uint8_t)(SC_EV_ROWS_COMPRESSED_V1 + bld->g_kind) : types[bld->g_kind]);
    ev.u.rows.table_id = bld->g_table;
    ev.u.rows.flags = (uint16_t)(bld->g_flags | (stmt_end ? SC_ROWS_STMT_END : 0));
    ev.u.rows.ncols = bld->g_ncols;
    ev.u.rows.present.data = bld->g_present;
    ev.u.rows.present.len = nbm;
    if (bld->g_kind == SC_LOG_UPDATE) {
        ev.u.rows.present_after.data = bld->g_present_after;
        ev.u.rows.present_after.len = nbm;
    }
    ev.u.rows.rows.data = z ? bld->zrows.data : bld->rows.data;
    ev.u.rows.rows.len = z ? bld->zrows.len : bld->rows.len;
    rc = bld->rows.failed ? SC_ENOMEM : sc_log__build_emit(bld, &ev);
    bld->rows.len = 0;
    bld->group_open = false;
    return rc;
}

static bool group_matches(const sc_log_build *bld,
                          uint64_t table_id,
                          int kind,
                          uint16_t flags,
                          size_t ncols,
                          const uint8_t *present,
                          const uint8_t *present_after)
{
    size_t nbm = (ncols + 7) / 8;

    return bld->group_open && bld->g_table == table_id && bld->g_kind == kind &&
           bld->g_flags == flags && bld->g_ncols == ncols &&
           memcmp(bld->g_present, present, nbm) == 0 &&
           (kind != SC_LOG_UPDATE || memcmp(bld->g_present_after, present_after, nbm) == 0);
}

int sc_log__rows_add(sc_log_build *bld,
                     uint64_t table_id,
                     int kind,
                     uint16_t flags,
                     size_t ncols,
                     const uint8_t *present,
                     const uint8_t *present_after,
                     sc_slice image)
{
    size_t nbm = (ncols + 7) / 8;
    int rc;

    if (nbm > sizeof(bld->g_present))
        return sc_error_set(bld->log->ctx, SC_EINVAL, 0, NULL, "too many columns (%zu)", ncols);
    if (bld->group_open &&
        (!group_matches(bld, table_id, kind, flags, ncols, present, present_after) ||
         bld->rows.len + image.len > SC_LOG_ROWS_MAX)) {
        rc = sc_log__rows_flush(bld, false);
        if (rc)
            return rc;
    }
    if (!bld->group_open) {
        bld->group_open = true;
        bld->g_table = table_id;
        bld->g_kind = kind;
        bld->g_flags = flags;
        bld->g_ncols = ncols;
        memcpy(bld->g_present, present, nbm);
        if (kind == SC_LOG_UPDATE)
            memcpy(bld->g_present_after, present_after, nbm);
    }
    sc__buf_put(&bld->rows, image.data, image.len);
    return bld->rows.failed ? SC_ENOMEM : SC_OK;
}

/* ------------------------------------------------------------------ */
/* System-table changes                                                 */

static int change_kind(const sc_row_change *c)
{
    if (!c->before.len)
        return SC_LOG_INSERT;
    return c->after.len ? SC_LOG_UPDATE : SC_LOG_DELETE;
}

static void bit_put(uint8_t *bm, size_t i)
{
    bm[i / 8] |= (uint8_t)(1u << (i % 8));
}

void sc_log__image_bits(uint8_t *present, uint8_t *after_bm, const sc_log_image_change *ch)
{
    int kind = ch->kind;
    sc_log_image image = ch->image;

    for (size_t i = 0; i < ch->ncols; i++) {
        sc_log_col_traits t = ch->traits(ch->table, i);
        bool changed = kind == SC_LOG_UPDATE && !sc_sysmap__value_eq(&ch->bv[i], &ch->av[i]);

        if (kind == SC_LOG_INSERT || image == SC_LOG_IMAGE_FULL ||
            (image == SC_LOG_IMAGE_MINIMAL && t.pk) ||
            (image == SC_LOG_IMAGE_NOBLOB && (!t.blob || t.pk)))
            bit_put(present, i);
        if (kind == SC_LOG_UPDATE &&
            (image == SC_LOG_IMAGE_FULL || changed || (image == SC_LOG_IMAGE_NOBLOB && !t.blob)))
            bit_put(after_bm, i);
    }
}

/* The present bitmap of an image: fixed per table, kind and setting (an update's too). */
static const uint8_t *fixed_bits(const sc_sysmap *m, int kind, sc_log_image image)
{
    if (kind == SC_LOG_INSERT || image == SC_LOG_IMAGE_FULL)
        return m->all_bits;
    return image == SC_LOG_IMAGE_MINIMAL ? m->pk_bits : m->noblob_bits;
}

/*
 * The after bitmap of a system-table update, as sc_log__image_bits sets it
 * (its present bitmap does not depend on the values: fixed_bits), without
 * its per-column traits callback and key search (3% of the applying
 * thread's CPU in a replica's apply: docs/performance.md).
 */
static void sys_after_bits(uint8_t *after_bm,
                           const sc_sysmap *m,
                           sc_log_image image,
                           const sc_binlog_value *bv,
                           const sc_binlog_value *av)
{
    for (size_t i = 0; i < m->ncols; i++)
        if (image == SC_LOG_IMAGE_FULL || (image == SC_LOG_IMAGE_NOBLOB && !m->blob[i]) ||
            !sc_sysmap__value_eq(&bv[i], &av[i]))
            bit_put(after_bm, i);
}

/* ------------------------------------------------------------------ */
/* The replica applier's images                                         */

unsigned long sc_log__hints_used;

static void hints_clear(sc_log *log)
{
    log->n_hints = 0;
    sc__buf_reset(&log->hint_bytes);
    log->hint_txn = NULL;
}

int sc_log__image_hint(uint8_t **copy,
                       sc_log *log,
                       sc_txn *txn,
                       size_t idx,
                       unsigned systable,
                       bool update,
                       sc_slice image)
{
    sc_log_hint *h;
    uint8_t *d;

    if (log->hint_txn != txn || mdb_txn_id(sc_catalog__mdb_txn(txn)) != log->hint_txn_id ||
        (log->n_hints && log->hints[log->n_hints - 1].idx >= idx)) {
        hints_clear(log);
        log->hint_txn = txn;
        log->hint_txn_id = mdb_txn_id(sc_catalog__mdb_txn(txn));
    }
    if (log->n_hints == log->cap_hints && sc__grow(log->ctx, (void **)&log->hints, &log->cap_hints,
                                                   log->n_hints, sizeof(*log->hints), 64))
        return SC_ENOMEM;
    h = &log->hints[log->n_hints];
    *h = (sc_log_hint){idx, systable, update, log->hint_bytes.len, image.len, NULL};
    log->hint_bytes.ctx = log->ctx;
    if (!(d = sc__buf_append(&log->hint_bytes, image.len)))
        return SC_ENOMEM;
    memcpy(d, image.data, image.len);
    *copy = d;
    log->n_hints++;
    return SC_OK;
}

/* Match the images to the changes the hook got (before any is left out of the log). */
static void hints_resolve(sc_log *log, sc_txn *txn, const sc_row_change *c, size_t n)
{
    if (log->hint_txn != txn || mdb_txn_id(sc_catalog__mdb_txn(txn)) != log->hint_txn_id) {
        hints_clear(log);
        return;
    }
    for (size_t i = 0; i < log->n_hints; i++) {
        sc_log_hint *h = &log->hints[i];
        const sc_row_change *r = h->idx < n ? &c[h->idx] : NULL;
        h->after = r && r->systable == h->systable && !r->before.len == !h->update && r->after.len
                       ? r->after.data
                       : NULL;
    }
}

/* The image of change c (an insert's, an update's after image) when the applier
 * gave one: the changes come in order. */
static const sc_log_hint *next_hint(sc_log_build *bld, const sc_row_change *c)
{
    const sc_log *log = bld->log;

    while (bld->hint_next < log->n_hints && !log->hints[bld->hint_next].after)
        bld->hint_next++;
    if (bld->hint_next == log->n_hints || log->hints[bld->hint_next].after != c->after.data)
        return NULL;
    sc_log__hints_used++;
    return &log->hints[bld->hint_next++];
}

static sc_slice hint_image(const sc_log *log, const sc_log_hint *h)
{
    return (sc_slice){log->hint_bytes.data + h->off, h->len};
}

/*
 * One system-table row change as a row image in the open rows event. The
 * recorded rows are read straight from their protobuf wire bytes by the
 * table's plan (sysmap.h), not unpacked into messages: the values borrow
 * from the change list, which lives until the commit.
 */
static int sys_change(sc_log_build *bld, const sc_row_change *c)
{
    const sc_sysmap *m = &bld->log->sys[c->systable].map;
    sc_binlog_value bv[SC_SYSMAP_MAX_COLS], av[SC_SYSMAP_MAX_COLS];
    uint8_t after_bm[4];
    const uint8_t *bits;
    int kind = change_kind(c), rc = SC_OK;
    uint16_t flags = c->cascade ? SC_ROWS_NO_FOREIGN_KEY_CHECKS : 0;
    const sc_log_hint *hint = kind != SC_LOG_DELETE ? next_hint(bld, c) : NULL;

    memset(after_bm, 0, sizeof(after_bm));
    bits = fixed_bits(m, kind, bld->set.image);
    if (hint && kind == SC_LOG_INSERT)
        return sc_log__rows_add(bld, c->systable, kind, flags, m->ncols, bits, after_bm,
                                hint_image(bld->log, hint));
    if (hint && bld->set.image != SC_LOG_IMAGE_FULL)
        hint = NULL; /* a partial after image depends on what changed: from the values */
    if (c->before.len)
        rc = sc_sysmap__values(bv, bld->log->ctx, m, c->before);
    if (!rc && c->after.len && !hint)
        rc = sc_sysmap__values(av, bld->log->ctx, m, c->after);
    if (rc)
        return rc;
    if (kind == SC_LOG_UPDATE && hint)
        memcpy(after_bm, m->all_bits, sizeof(after_bm)); /* FULL: every column */
    else if (kind == SC_LOG_UPDATE)
        sys_after_bits(after_bm, m, bld->set.image, bv, av);
    bld->scratch.len = 0;
    rc = sc_sysmap__encode_image(&bld->scratch, m, bits, kind == SC_LOG_INSERT ? av : bv);
    if (!rc && hint) {
        sc_slice img = hint_image(bld->log, hint);
        sc__buf_put(&bld->scratch, img.data, img.len);
        rc = bld->scratch.failed ? SC_ENOMEM : SC_OK;
    } else if (!rc && kind == SC_LOG_UPDATE) {
        rc = sc_sysmap__encode_image(&bld->scratch, m, after_bm, av);
    }
    if (!rc)
        rc = sc_log__rows_add(bld, c->systable, kind, flags, m->ncols, bits, after_bm,
                              (sc_slice){bld->scratch.data, bld->scratch.len});
    return rc;
}

/* TABLE_MAPs of the tables a statement touches, in order of first touch. */
static int statement_maps(sc_log_build *bld, const sc_row_change *c, size_t n)
{
    bool seen[SC_SYS__END] = {false};
    sc_event ev;
    bool need;
    int rc;

    bld->smaps.len = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned t = c[i].systable;
        if (t == 0) {
            if ((rc = sc_log__user_map(bld, &c[i], false)))
                return rc;
            continue;
        }
        if (t >= SC_SYS__END)
            return sc_error_set(bld->log->ctx, SC_EINVAL, 0, NULL,
                                "change of unknown system table %u", t);
        if (seen[t] || bld->sys_mapped[t])
            continue;
        seen[t] = true;
        /* log.maps is read once per system table and commit: after that the map is in
         * the file (found, or emitted below), and the file does not change until the
         * transaction is built */
        rc = sc_log__need_map(&need, bld, t, 1);
        if (rc)
            return rc;
        bld->sys_mapped[t] = !bld->set.map_per_stmt;
        if (!need)
            continue;
        sc_log__header(bld, &ev, SC_EV_TABLE_MAP);
        ev.u.table_map = bld->log->sys[t].tm;
        rc = sc_log__build_emit(bld, &ev);
        if (rc)
            return rc;
    }
    return SC_OK;
}

/* One statement: annotation, maps, then its system-table and data rows in execution order. */
static int statement(sc_log_build *bld, const sc_row_change *c, size_t n)
{
    int rc = sc_log__annotate(bld, sc_catalog__statement(bld->txn, c[0].stmt));

    if (!rc)
        rc = statement_maps(bld, c, n);
    for (size_t i = 0; !rc && i < n; i++)
        rc = c[i].systable ? sys_change(bld, &c[i]) : sc_log__user_change(bld, &c[i]);
    return rc ? rc : sc_log__rows_flush(bld, true);
}

static int statements(sc_log_build *bld, const sc_row_change *c, size_t n)
{
    size_t i = 0, j;
    int rc = SC_OK;

    while (!rc && i < n) {
        for (j = i + 1; j < n && c[j].stmt == c[i].stmt; j++)
            ;
        rc = statement(bld, c + i, j - i);
        i = j;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* The hook                                                             */

static int emit_gtid(sc_log_build *bld)
{
    sc_event ev;

    sc_log__header(bld, &ev, SC_EV_GTID);
    ev.header.flags = SC_EVF_SUPPRESS_USE;
    ev.u.gtid.seq_no = bld->st.next_seq;
    ev.u.gtid.domain_id = bld->set.domain_id;
    ev.u.gtid.flags2 =
        SC_GTID_TRANSACTIONAL | (bld->data_only ? SC_GTID_ALLOW_PARALLEL : SC_GTID_DDL);
    return sc_log__build_emit(bld, &ev);
}

static int emit_xid(sc_log_build *bld)
{
    sc_event ev;

    sc_log__header(bld, &ev, SC_EV_XID);
    ev.u.xid.xid = bld->st.next_seq;
    return sc_log__build_emit(bld, &ev);
}

static void note_gtid(sc_log_state *st, uint32_t domain, uint32_t server_id, uint64_t seq)
{
    uint32_t i;

    for (i = 0; i < st->n_gtids && st->gtids[i].domain_id != domain; i++)
        ;
    if (i == st->n_gtids) {
        if (i == SC_LOG_MAX_DOMAINS)
            i--; /* keep the list bounded: the newest domain replaces the last slot */
        else
            st->n_gtids++;
    }
    st->gtids[i].domain_id = domain;
    st->gtids[i].server_id = server_id;
    st->gtids[i].seq_no = seq;
}

/* After a transaction pushed the file past max_size: ROTATE + header of the next file. */
static int maybe_rotate(sc_log *log,
                        sc_txn *txn,
                        sc_log_state *st,
                        const sc_log_settings *set,
                        uint32_t now,
                        bool force)
{
    sc_buf b = SC_BUF_INIT(log->ctx);
    char name[32];
    sc_event ev;
    int rc;

    if (!force && st->cur_size < set->max_size)
        return SC_OK;
    sc_log__file_name(name, sizeof(name), st->cur_file + 1);
    header_init(&ev, SC_EV_ROTATE, now, set->server_id);
    ev.u.rotate.position = SC_BINLOG_MAGIC_LEN;
    ev.u.rotate.name.data = (const uint8_t *)name;
    ev.u.rotate.name.len = strlen(name);
    rc = sc_log__emit(&b, st->cur_size, &ev, (sc_checksum_alg)st->checksum);
    if (!rc)
        rc = sc_log__record_put(log, txn, st->cur_file, st->cur_size, (sc_slice){b.data, b.len});
    if (rc)
        goto out;
    st->cur_file++;
    st->checksum = (uint8_t)set->checksum;
    b.len = 0;
    rc = sc_log__file_header(&b, st, st->cur_file, set->server_id, now);
    if (!rc)
        rc = sc_log__record_put(log, txn, st->cur_file, 0, (sc_slice){b.data, b.len});
    st->cur_size = b.len;
out:
    sc__buf_free(&b);
    return rc;
}

int sc_log__rotate_in(sc_log *log, sc_txn *txn)
{
    sc_log_settings set;
    sc_log_state st;
    int rc = sc_log__settings(&set, txn);

    if (!rc)
        rc = sc_log__ensure_state(&st, log, txn);
    if (!rc)
        rc = maybe_rotate(log, txn, &st, &set, log_now(), true);
    return rc ? rc : sc_log__state_put(log, txn, &st);
}

/* After a transaction: the file's ROTATE if it is full, and the state. */
static int txn_rotate(sc_log_build *bld)
{
    /* the ROTATE and the next file's header are this server's own events,
     * also when the transaction is a replicated one (origin's server id) */
    sc_log_settings own = bld->set;
    int rc;

    own.server_id = bld->own_server_id;
    rc = maybe_rotate(bld->log, bld->txn, &bld->st, &own, bld->now, false);
    return rc ? rc : sc_log__state_put(bld->log, bld->txn, &bld->st);
}

/*
 * A staged transaction (logzip.c): its record is written by the compressing
 * thread and stored at the batch's commit. Its length is known only as an
 * upper bound (plain rows, checksums), which is enough while the bound stays
 * under binlog.max_file_size; otherwise the exact size is waited for (every
 * staged record stored) and the rotation decided as on the one-thread path.
 */
static int stage_txn(sc_log_build *bld)
{
    uint64_t upper;
    int rc = sc_log__zip_stage(bld, &upper);

    if (rc)
        return rc;
    bld->st.cur_size += upper;
    note_gtid(&bld->st, bld->set.domain_id, bld->set.server_id, bld->st.next_seq);
    bld->st.next_seq++;
    sc_log__zip_keep_state(bld->log, &bld->st);
    if (bld->st.cur_size < bld->set.max_size)
        return SC_OK;
    rc = sc_log__zip_finish(bld->log, bld->txn, &bld->st);
    return rc ? rc : txn_rotate(bld);
}

static int build_txn(sc_log_build *bld, const sc_row_change *changes, size_t n)
{
    int rc;

    bld->data_only = true;
    for (size_t i = 0; i < n; i++)
        bld->data_only &= changes[i].systable == 0;
    rc = emit_gtid(bld);
    if (!rc)
        rc = statements(bld, changes, n);
    if (!rc)
        rc = emit_xid(bld);
    if (!rc && bld->out.failed)
        rc = SC_ENOMEM;
    if (rc)
        return rc;
    if (bld->defer)
        return stage_txn(bld);
    rc = sc_log__record_put(bld->log, bld->txn, bld->st.cur_file, bld->st.cur_size,
                            (sc_slice){bld->out.data, bld->out.len});
    if (rc)
        return rc;
    bld->st.cur_size += bld->out.len;
    note_gtid(&bld->st, bld->set.domain_id, bld->set.server_id, bld->st.next_seq);
    bld->st.next_seq++;
    return txn_rotate(bld);
}

/*
 * The catalog is marked logged (sc_catalog__set_logged) exactly while the log
 * is attached and binlog.enabled is 1, so a writer that forgot sc_log_open is
 * refused instead of making catalog and log disagree. Checked at every commit
 * of an attached log (the attach itself included), because settings changes
 * are not in the change list; a value other than 0/1 leaves the mark alone
 * (the commit of a real change reports it).
 */
static bool pinned(const sc_log *log, sc_txn *txn)
{
    return log->pin_txn == txn && mdb_txn_id(sc_catalog__mdb_txn(txn)) == log->pin_txn_id;
}

void sc_log__pin_settings(sc_log *log, sc_txn *txn)
{
    log->pin_txn = NULL;
    if (sc_log__settings(&log->pin_set, txn) != SC_OK) {
        sc_ctx_clear_error(log->ctx);
        return;
    }
    log->pin_txn = txn;
    log->pin_txn_id = mdb_txn_id(sc_catalog__mdb_txn(txn));
}

void sc_log__unpin_settings(sc_log *log)
{
    log->pin_txn = NULL;
    sc_log__zip_discard(log); /* committed (nothing left) or aborted */
    hints_clear(log);
}

static int mark_logged(sc_log *log, sc_txn *txn)
{
    sc_slice v;
    int rc;

    if (pinned(log, txn)) /* binlog.enabled read as 0 or 1 when pinned */
        return sc_catalog__set_logged(txn, log->pin_set.enabled);
    rc = sc_catalog__setting_peek(&v, txn, SC_LOG_SET_ENABLED);
    if (rc == SC_ENOTFOUND)
        return sc_catalog__set_logged(txn, true);
    if (!rc && v.len == 1 && (v.data[0] == '0' || v.data[0] == '1'))
        rc = sc_catalog__set_logged(txn, v.data[0] == '1');
    return rc;
}

/* A kept buffer larger than this is freed after the commit (one big transaction). */
#define KEEP_MAX (1u << 20)

/*
 * A builder for one commit of log. Its buffers are the log's, kept from the
 * last commit with their room, so a commit does not allocate them again.
 */
static void build_begin(sc_log_build *bld, sc_log *log, sc_txn *txn)
{
    sc_buf *bufs[6] = {&bld->out, &bld->rows, &bld->scratch, &bld->zrows, &bld->smaps, &bld->cands};

    memset(bld, 0, sizeof(*bld));
    bld->log = log;
    bld->txn = txn;
    for (size_t i = 0; i < 6; i++) {
        *bufs[i] = log->keep[i];
        bufs[i]->ctx = log->ctx;
        sc__buf_reset(bufs[i]);
    }
}

static void build_end(sc_log_build *bld)
{
    sc_buf *bufs[6] = {&bld->out, &bld->rows, &bld->scratch, &bld->zrows, &bld->smaps, &bld->cands};

    for (size_t i = 0; i < 6; i++) {
        if (bufs[i]->cap > KEEP_MAX)
            sc__buf_free(bufs[i]);
        bld->log->keep[i] = *bufs[i];
    }
}

/*
 * The state this commit or split starts from, and whether it stages
 * (logzip.c): the staged transactions' state when it goes on staging; else
 * they are stored first (log.state exact again) and the state is read.
 */
static int log_state(sc_log_build *bld, sc_log *log, sc_txn *txn)
{
    int rc;

    bld->defer = log->defer && log->zip_enabled && bld->set.compress && pinned(log, txn);
    if (sc_log__zip_pending(log, txn) && !bld->defer &&
        (rc = sc_log__zip_finish(log, txn, &bld->st)))
        return rc;
    if (bld->defer && sc_log__zip_state(&bld->st, log, txn))
        return SC_OK;
    sc_log__zip_discard(log); /* of a transaction that ended without us */
    return sc_log__ensure_state(&bld->st, log, txn);
}

static int log_changes(sc_log *log, sc_txn *txn, const sc_row_change *changes, size_t n)
{
    sc_log_build bld;
    int rc;

    build_begin(&bld, log, txn);
    if (pinned(log, txn))
        bld.set = log->pin_set;
    else if ((rc = commit_settings(&bld.set, log, txn)))
        goto out;
    rc = SC_OK;
    if (!bld.set.enabled)
        goto out;
    bld.own_server_id = bld.set.server_id;
    if (log->origin_server_id)
        bld.set.server_id = log->origin_server_id;
    rc = log_state(&bld, log, txn);
    bld.now = log_now();
    if (!rc)
        rc = build_txn(&bld, changes, n);
out:
    build_end(&bld);
    return rc;
}

/*
 * syscat.replica_state rows are positions in other servers' logs: facts of
 * this catalog only, never logged. Logging them would make every skipped
 * transaction of a circular set-up produce a new one, forever
 * (docs/replication.md). Returns the changes to log (a copy without them
 * when there are any, else changes itself).
 */
static const sc_row_change *
loggable_changes(sc_row_change **copy, size_t *n_out, sc_log *log, const sc_row_change *c, size_t n)
{
    size_t k = 0;

    *copy = NULL;
    *n_out = n;
    for (size_t i = 0; i < n; i++)
        k += c[i].systable == SC_SYS_REPLICA_STATE;
    if (!k)
        return c;
    if (k == n) {
        *n_out = 0;
        return c;
    }
    if (!(*copy = sc__malloc(log->ctx, (n - k) * sizeof(**copy))))
        return NULL; /* *n_out != 0: out of memory */
    k = 0;
    for (size_t i = 0; i < n; i++)
        if (c[i].systable != SC_SYS_REPLICA_STATE)
            (*copy)[k++] = c[i];
    *n_out = k;
    return *copy;
}

static int commit_hook(sc_txn *txn, const sc_row_change *changes, size_t n, void *payload)
{
    sc_log *log = payload;
    sc_row_change *copy = NULL;
    const sc_row_change *logged;
    int rc;

    if (log->observer)
        log->observer(txn, changes, n, log->observer_payload);
    if (log->n_hints)
        hints_resolve(log, txn, changes, n);
    rc = mark_logged(log, txn);
    logged = loggable_changes(&copy, &n, log, changes, n);
    if (!rc && !logged && n)
        rc = SC_ENOMEM;
    /* Nothing to log (e.g. a settings change): do not read the other settings, so a bad
     * value can always be corrected. */
    if (!rc && n)
        rc = log_changes(log, txn, logged, n);
    if (!rc && !log->defer && sc_log__zip_pending(log, txn)) { /* the batch's commit */
        sc_log_state st;
        rc = sc_log__zip_finish(log, txn, &st);
    }
    sc_free(log->ctx, copy);
    sc_log__umaps_clear(log); /* the maps of this transaction's rows are written (or moot) */
    hints_clear(log);
    return rc;
}

/*
 * After commit: append the new records to the files. Files are derived data:
 * a failure (disk full, a missing directory) never touches the commit, which
 * is durable in LMDB; it is kept in file_err for sc_log_sync, and the next
 * sync, open or `syscat binlog rebuild` completes the files.
 */
static void after_commit(sc_catalog *cat, void *payload)
{
    sc_log *log = payload;
    sc_error saved = *sc_ctx_last_error(log->ctx);

    (void)cat;
    if (log->have_dbis && sc_log_sync(log) != SC_OK)
        sc_catalog__error_restore(log->ctx, &saved); /* the commit succeeded: ctx as it was */
}

/* ------------------------------------------------------------------ */
/* Open / close                                                         */

static int prepare_sysmaps(sc_log *log)
{
    for (unsigned t = 1; t < SC_SYS__END; t++) {
        sc_log_sysmap *s = &log->sys[t];
        int rc = sc_sysmap__init(&s->map, log->ctx, t);
        if (rc)
            return rc;
        s->meta.ctx = log->ctx;
        s->tm.table_id = t;
        s->tm.flags = 1;
        s->tm.db.data = (const uint8_t *)SC_LOG_SYSDB;
        s->tm.db.len = strlen(SC_LOG_SYSDB);
        s->tm.table.data = (const uint8_t *)s->map.st->name;
        s->tm.table.len = strlen(s->map.st->name);
        s->tm.ncols = s->map.ncols;
        s->tm.columns = s->map.cols;
        rc = sc_table_map__build_metadata(&s->tm, &s->meta, SC_ROW_METADATA_FULL, s->map.pk,
                                          s->map.npk);
        if (rc)
            return rc;
    }
    return SC_OK;
}

static int open_dbis(sc_log *log, sc_txn *txn)
{
    int rc = sc_catalog__open_dbi(&log->dbi_state, txn, "log.state", 0);

    if (!rc)
        rc = sc_catalog__open_dbi(&log->dbi_events, txn, "log.events", 0);
    if (!rc)
        rc = sc_catalog__open_dbi(&log->dbi_maps, txn, "log.maps", 0);
    return rc;
}

/*
 * Read-only catalog: use the log as it is, if there is one. The handles are
 * opened in a raw LMDB read txn that is committed, not aborted, because LMDB
 * closes handles opened in a txn that aborts (sc_txn_commit aborts read txns).
 */
static int attach_readonly(sc_log *log)
{
    static const char *const names[] = {"log.state", "log.events", "log.maps"};
    MDB_dbi *dbis[] = {&log->dbi_state, &log->dbi_events, &log->dbi_maps};
    MDB_txn *mt = NULL;
    int rc = mdb_txn_begin(sc_catalog__env(log->cat), NULL, MDB_RDONLY, &mt);

    for (size_t i = 0; !rc && i < 3; i++)
        rc = mdb_dbi_open(mt, names[i], 0, dbis[i]);
    if (rc) {
        if (mt)
            mdb_txn_abort(mt);
        return rc == MDB_NOTFOUND ? SC_OK : sc_catalog__mdb_error(log->ctx, rc, "opening the log");
    }
    rc = mdb_txn_commit(mt);
    if (rc)
        return sc_catalog__mdb_error(log->ctx, rc, "opening the log");
    log->have_dbis = true;
    log->readonly = true; /* readers check and show; they never write the files */
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* The bootstrap transaction                                            */

/* The rows a catalog holds when its log starts, as a list of inserts. */
typedef struct snapshot {
    sc_log *log;
    unsigned systable;      /* table being walked */
    sc_row_change *changes; /* inserts; after points into bytes */
    size_t n, cap;
    sc_buf bytes; /* packed rows, back to back */
} snapshot;

static int snapshot_cb(sc_slice packed, void *payload)
{
    snapshot *s = payload;

    if (sc__grow(s->log->ctx, (void **)&s->changes, &s->cap, s->n, sizeof(*s->changes), 256))
        return SC_ENOMEM;
    memset(&s->changes[s->n], 0, sizeof(s->changes[0]));
    s->changes[s->n].systable = s->systable;
    /* offsets for now: bytes may move while it grows */
    s->changes[s->n].after.data = (const uint8_t *)(uintptr_t)s->bytes.len;
    s->changes[s->n].after.len = packed.len;
    s->n++;
    sc__buf_put(&s->bytes, packed.data, packed.len);
    return s->bytes.failed ? SC_ENOMEM : SC_OK;
}

/*
 * The log is self-contained (DESIGN.md section 6): the rows the catalog
 * held before its log was attached (for a new catalog the bootstrap rows of
 * syscat init: schema syscat, the self-description of every system table,
 * the id counters) are the first transaction of the first file, as inserts
 * in system-table id order, so that a replica or a server replaying the log
 * from its first file starts from the same rows.
 */
static int log_bootstrap(sc_log *log, sc_txn *txn)
{
    snapshot s;
    sc_log_build bld;
    int rc = SC_OK;

    memset(&s, 0, sizeof(s));
    s.log = log;
    s.bytes.ctx = log->ctx;
    for (s.systable = 1; !rc && s.systable < SC_SYS__END; s.systable++)
        rc = sc_catalog__row_foreach(txn, s.systable, snapshot_cb, &s);
    for (size_t i = 0; !rc && i < s.n; i++)
        s.changes[i].after.data = s.bytes.data + (uintptr_t)s.changes[i].after.data;
    memset(&bld, 0, sizeof(bld));
    bld.log = log;
    bld.txn = txn;
    bld.out.ctx = bld.rows.ctx = bld.scratch.ctx = bld.smaps.ctx = log->ctx;
    if (!rc && s.n)
        rc = sc_log__settings(&bld.set, txn);
    if (!rc && s.n)
        rc = sc_log__state_get(&bld.st, log, txn);
    bld.now = log_now();
    if (!rc && s.n)
        rc = build_txn(&bld, s.changes, s.n);
    sc__buf_free(&bld.out);
    sc__buf_free(&bld.rows);
    sc__buf_free(&bld.scratch);
    sc__buf_free(&bld.zrows);
    sc__buf_free(&bld.smaps);
    sc__buf_free(&s.bytes);
    sc_free(log->ctx, s.changes);
    return rc;
}

/*
 * First attach: settings defaults, the dbs, the state, file 1's header and
 * the bootstrap transaction. Every attach: the logged mark, by the commit
 * hook (installed before, so a logged catalog lets this transaction in) in
 * this same transaction.
 */
static int attach(sc_log *log)
{
    sc_txn *txn = NULL;
    sc_log_state st;
    bool fresh = false;
    int rc = sc_txn_begin(&txn, log->cat, 0);

    if (rc == SC_EREADONLY) {
        sc_ctx_clear_error(log->ctx);
        return attach_readonly(log);
    }
    if (rc)
        return rc;
    rc = settings_write_defaults(txn);
    if (!rc)
        rc = open_dbis(log, txn);
    log->have_dbis = rc == SC_OK;
    if (!rc && (rc = sc_log__state_get(&st, log, txn)) == SC_ENOTFOUND) {
        fresh = true;
        rc = SC_OK;
    }
    if (!rc)
        rc = sc_log__ensure_state(&st, log, txn);
    if (!rc && !fresh)
        rc = sc_catalog__upgrade(txn); /* a fresh log's catalog was unlogged: upgraded at open */
    if (!rc && fresh)
        rc = log_bootstrap(log, txn);
    if (rc) {
        sc_txn_abort(txn);
        log->have_dbis = false;
        return rc;
    }
    return sc_txn_commit(txn);
}

int sc_log_open(sc_log **out, sc_catalog *cat)
{
    sc_ctx *ctx = sc_catalog_ctx(cat);
    const char *datadir = sc_catalog_datadir(cat);
    sc_log *log;
    int rc;

    *out = NULL;
    log = sc__calloc(ctx, 1, sizeof(*log));
    if (!log)
        return SC_ENOMEM;
    log->cat = cat;
    log->ctx = ctx;
    log->synced_below = 1;
    log->out.fd = -1;
    log->zip_enabled = !getenv("SC_LOG_ZIP_THREAD") || strcmp(getenv("SC_LOG_ZIP_THREAD"), "0");
    log->dir = sc__malloc(ctx, strlen(datadir) + sizeof("/binlog"));
    if (!log->dir) {
        rc = SC_ENOMEM;
        goto fail;
    }
    strcpy(log->dir, datadir);
    strcat(log->dir, "/binlog");
    rc = prepare_sysmaps(log);
    if (rc)
        goto fail;
    sc_catalog__set_commit_hook(cat, commit_hook, log);
    rc = attach(log);
    /* Catch up with commits whose files were not written (a crash after commit). A file
     * failure does not stop the attach: the catalog must stay writable and `binlog
     * rebuild` must be able to repair; sc_log_sync reports it (also a file longer than
     * its stored log, or a damaged stored record, which are never written). */
    if (!rc && sc_log_sync(log) != SC_OK)
        sc_ctx_clear_error(ctx); /* kept in log->file_err */
    if (rc)
        goto fail;
    sc_catalog__set_after_commit_hook(cat, after_commit, log);
    *out = log;
    return SC_OK;
fail:
    sc_log_close(log);
    return rc;
}

void sc_log_close(sc_log *log)
{
    if (!log)
        return;
    sc_catalog__set_after_commit_hook(log->cat, NULL, NULL);
    sc_catalog__set_commit_hook(log->cat, NULL, NULL);
    if (log->have_dbis)
        (void)sc_log_sync(log);
    sc_log__fd_close(log);
    sc_log__zip_free(log);
    sc_log__umaps_clear(log);
    sc_free(log->ctx, log->hints);
    sc__buf_free(&log->hint_bytes);
    for (unsigned t = 1; t < SC_SYS__END; t++) {
        sc_free(log->ctx, log->sys[t].tm.fields);
        sc__buf_free(&log->sys[t].meta);
    }
    libdeflate_free_compressor(log->zc);
    sc__buf_free(&log->set_raw);
    sc__buf_free(&log->set_raw_new);
    for (size_t i = 0; i < sizeof(log->keep) / sizeof(log->keep[0]); i++)
        sc__buf_free(&log->keep[i]);
    sc_free(log->ctx, log->dir);
    sc_free(log->ctx, log);
}

void sc_log__set_observer(sc_log *log, sc_log_observer fn, void *payload)
{
    log->observer = fn;
    log->observer_payload = payload;
}

void sc_log__set_origin(sc_log *log, uint32_t server_id)
{
    log->origin_server_id = server_id;
}

void sc_log__set_defer(sc_log *log, bool on)
{
    log->defer = on;
}

void sc_log__set_zip_thread(sc_log *log, bool on)
{
    log->zip_enabled = on;
}
