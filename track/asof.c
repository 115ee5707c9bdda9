/*
 * asof.c - the catalog as of an earlier point of its log (sc_asof_open).
 * The stored log (log.events, one record per transaction) is walked once in
 * a read transaction, reading only event headers, the GTID and the
 * tracker's marker, to list the transactions and find where the point falls
 * (its own GTIDs, file positions and times, or, in a tracked catalog, the
 * source coordinates the markers carry). The answer is built in a scratch
 * catalog: a copy of the nearest stored checkpoint at or before the point
 * (checkpoint.c), then the transactions from there to the point replayed
 * with the log applier; the checkpoints the replay passes that are not
 * stored yet are written on the way. docs/history-and-flashback.md.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "replicate/apply.h"
#include "replicate/log.h"
#include "track/asof_int.h"
#include "track/checkpoint.h"
#include "track/track_int.h"

typedef sc_asof_txn txn_ent;
typedef sc_asof_rec rec_ref;
typedef sc_asof_scan scan;

/* The point asked for. */
typedef struct point {
    enum { P_GTID, P_FILEPOS, P_TIME } kind;
    uint32_t domain, server;
    uint64_t seq;
    char file[64];
    uint64_t pos;
    uint64_t time;
} point;

/* ------------------------------------------------------------------ */
/* Parsing the point                                                    */

static bool all_digits(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

static int parse_point(point *p, sc_ctx *ctx, const char *spec)
{
    unsigned long d, s;
    unsigned long long n;
    int used = 0;
    struct tm tm;
    const char *colon = strrchr(spec, ':');

    memset(p, 0, sizeof(*p));
    if (sscanf(spec, "%lu-%lu-%llu%n", &d, &s, &n, &used) == 3 && spec[used] == '\0' &&
        strchr(spec, ' ') == NULL && strchr(spec, ':') == NULL) {
        p->kind = P_GTID;
        p->domain = (uint32_t)d;
        p->server = (uint32_t)s;
        p->seq = n;
        return SC_OK;
    }
    if (all_digits(spec, strlen(spec))) {
        p->kind = P_TIME;
        p->time = strtoull(spec, NULL, 10);
        return SC_OK;
    }
    memset(&tm, 0, sizeof(tm));
    used = 0;
    if (sscanf(spec, "%d-%d-%d%*[ T]%d:%d:%d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
               &tm.tm_min, &tm.tm_sec, &used) == 6 &&
        spec[used] == '\0') {
        tm.tm_year -= 1900;
        tm.tm_mon -= 1;
        p->kind = P_TIME;
        p->time = (uint64_t)timegm(&tm);
        return SC_OK;
    }
    if (colon && colon != spec && colon - spec < (ptrdiff_t)sizeof(p->file) &&
        all_digits(colon + 1, strlen(colon + 1)) && !strchr(spec, ' ')) {
        p->kind = P_FILEPOS;
        memcpy(p->file, spec, (size_t)(colon - spec));
        p->pos = strtoull(colon + 1, NULL, 10);
        return SC_OK;
    }
    return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                        "--as-of '%s': expected a GTID (0-1-42), FILE:POS (binlog.000001:1234) "
                        "or a time ('2026-12-01 10:00:00' UTC, or seconds since the epoch)",
                        spec);
}

/* ------------------------------------------------------------------ */
/* Scanning the stored log                                              */

static void parse_marker(txn_ent *e, sc_slice text)
{
    char buf[400], name[80], gtid[80], fp[128];
    unsigned long d, s, ts;
    unsigned long long n;
    size_t len = text.len < sizeof(buf) - 1 ? text.len : sizeof(buf) - 1;
    char *colon;

    if (text.len < strlen(SC_TRACK_MARKER) ||
        memcmp(text.data, SC_TRACK_MARKER, strlen(SC_TRACK_MARKER)) != 0)
        return;
    memcpy(buf, text.data, len);
    buf[len] = '\0';
    if (sscanf(buf + strlen(SC_TRACK_MARKER), "%79s %79s %127s %lu", name, gtid, fp, &ts) != 4 ||
        sscanf(gtid, "%lu-%lu-%llu", &d, &s, &n) != 3 || !(colon = strrchr(fp, ':')))
        return;
    *colon = '\0';
    e->marked = true;
    e->src_domain = (uint32_t)d;
    e->src_seq = n;
    snprintf(e->src_file, sizeof(e->src_file), "%s", fp);
    e->src_pos = strtoull(colon + 1, NULL, 10);
    e->src_ts = (uint32_t)ts;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
    return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

static int bad_record(scan *sc, uint64_t off, const char *what)
{
    char name[64];

    sc_log__file_name(name, sizeof(name), sc->walking);
    return sc_error_set(sc->ctx, SC_ECORRUPT, 0, NULL,
                        "stored log %s: record at offset %" PRIu64 ": %s", name, off, what);
}

static int add_ref(scan *sc, rec_ref **v, size_t *n, size_t *cap, uint64_t off, sc_slice bytes)
{
    int rc = sc__grow(sc->ctx, (void **)v, cap, *n, sizeof(**v), 16);

    if (!rc)
        (*v)[(*n)++] = (rec_ref){sc->walking, off, bytes.data, bytes.len};
    return rc;
}

static int open_txn(scan *sc, txn_ent **cur, uint64_t off, sc_slice rec, const uint8_t *h)
{
    int rc = sc__grow(sc->ctx, (void **)&sc->ents, &sc->cap, sc->n, sizeof(*sc->ents), 64);

    if (rc)
        return rc;
    *cur = &sc->ents[sc->n++];
    memset(*cur, 0, sizeof(**cur));
    (*cur)->file = sc->walking;
    (*cur)->server = le32(h + 5);
    (*cur)->ts = le32(h);
    (*cur)->seq = le64(h + SC_EVENT_HEADER_LEN);
    (*cur)->domain = le32(h + SC_EVENT_HEADER_LEN + 8);
    (*cur)->off = off;
    (*cur)->rec = rec.data;
    (*cur)->rec_len = rec.len;
    return SC_OK;
}

/* One event of a record (its length checked): a GTID opens a transaction, an XID ends it. */
static int scan_event(scan *sc, txn_ent **cur, bool *has_map, uint64_t off, sc_slice rec, size_t p)
{
    const uint8_t *h = rec.data + p;
    size_t elen = le32(h + 9);
    size_t tail = SC_EVENT_HEADER_LEN + (sc->alg == SC_CHECKSUM_CRC32 ? SC_CHECKSUM_LEN : 0);
    size_t blen = elen > tail ? elen - tail : 0;

    switch (h[4]) {
    case SC_EV_GTID:
        if (*cur)
            return bad_record(sc, off, "a GTID event inside a transaction");
        if (blen < 12)
            return bad_record(sc, off, "a GTID event too short");
        return open_txn(sc, cur, off, rec, h);
    case SC_EV_ANNOTATE_ROWS:
        if (*cur && !(*cur)->marked) {
            parse_marker(*cur, (sc_slice){h + SC_EVENT_HEADER_LEN, blen});
            sc->any_marked |= (*cur)->marked;
        }
        return SC_OK;
    case SC_EV_TABLE_MAP:
        *has_map = true;
        return SC_OK;
    case SC_EV_XID:
        if (*cur)
            (*cur)->end = off + p + elen;
        *cur = NULL;
        return SC_OK;
    default:
        return SC_OK;
    }
}

/* One stored record: its events' headers only (the applier checks the rest). */
static int record_cb(uint64_t off, sc_slice rec, void *payload)
{
    scan *sc = payload;
    txn_ent *cur = NULL;
    bool has_map = false;
    size_t p = off == 0 ? SC_BINLOG_MAGIC_LEN : 0;
    int rc = SC_OK;

    if (off < sc->skip_below) /* the walk starts at the record ending there */
        return SC_OK;

    while (!rc && p < rec.len) {
        size_t elen;
        if (rec.len - p < SC_EVENT_HEADER_LEN)
            return bad_record(sc, off, "an event header cut short");
        elen = le32(rec.data + p + 9);
        if (elen <= SC_EVENT_HEADER_LEN || elen > rec.len - p)
            return bad_record(sc, off, "an event length past the record");
        rc = scan_event(sc, &cur, &has_map, off, rec, p);
        p += elen;
    }
    if (!rc && cur)
        return bad_record(sc, off, "a transaction with no XID");
    if (!rc && has_map && off != 0)
        rc = add_ref(sc, &sc->maps, &sc->nmaps, &sc->cap_maps, off, rec);
    return rc;
}

static bool keep_ckpt(const sc_asof_ckpt *ck, void *payload);

/*
 * List the transactions of the stored log (read in sc->txn): those of the
 * stored index when it belongs to this log, then the records after it.
 */
static int scan_log(scan *sc)
{
    const char *datadir = sc_catalog_datadir(sc->log->cat);
    sc_log_state st;
    uint32_t from_file;
    uint64_t from_off = 0;
    int rc;

    memset(&st, 0, sizeof(st));
    rc = sc_log__state_get(&st, sc->log, sc->txn);
    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(sc->ctx);
        return SC_OK;
    }
    if (rc)
        return rc;
    sc->first_file = st.first_file;
    sc->last_file = st.cur_file;
    from_file = st.first_file;
    sc_asof__index_load(sc, datadir);
    if (sc->n) {
        from_file = sc->ents[sc->n - 1].file;
        from_off = sc->ents[sc->n - 1].end;
    }
    for (uint32_t f = from_file; !rc && f <= st.cur_file; f++) {
        sc->walking = f;
        sc->skip_below = f == from_file ? from_off : 0;
        rc = sc_log__file_alg(&sc->alg, sc->log, sc->txn, f);
        if (!rc)
            rc = sc_log__walk(sc->log, sc->txn, f, sc->skip_below, record_cb, sc);
    }
    if (!rc && sc->n >= sc->indexed + sc_asof__ckpt_every()) {
        sc_asof__index_save(sc, datadir);
        sc_asof__ckpt_prune(datadir, keep_ckpt, sc);
    }
    return rc;
}

typedef struct fetch {
    uint64_t off;
    sc_slice rec;
    bool hit;
} fetch;

static int fetch_cb(uint64_t off, sc_slice bytes, void *payload)
{
    fetch *f = payload;

    f->hit = off == f->off;
    f->rec = bytes;
    return 1; /* the first record is the one */
}

int sc_asof__fetch(sc_slice *out, scan *sc, uint32_t file, uint64_t off)
{
    fetch f = {off, {NULL, 0}, false};
    int rc = sc_log__walk(sc->log, sc->txn, file, off, fetch_cb, &f);
    char name[64];

    if (rc < 0)
        return rc;
    if (!f.hit) {
        sc_log__file_name(name, sizeof(name), file);
        return sc_error_set(sc->ctx, SC_ECORRUPT, 0, NULL,
                            "stored log %s: no record at offset %" PRIu64, name, off);
    }
    *out = f.rec;
    return SC_OK;
}

/* The stored bytes of transaction e, fetched when the index gave it without them. */
static int ensure_txn(scan *sc, txn_ent *e)
{
    sc_slice rec;
    int rc;

    if (e->rec)
        return SC_OK;
    rc = sc_asof__fetch(&rec, sc, e->file, e->off);
    if (!rc && rec.len != e->rec_len)
        rc = sc_error_set(sc->ctx, SC_ECORRUPT, 0, NULL,
                          "stored log: the record at offset %" PRIu64 " changed size", e->off);
    if (!rc)
        e->rec = rec.data;
    return rc;
}

/* Whether ck follows a transaction of this log (at a checkpoint index, with its hash). */
static bool keep_ckpt(const sc_asof_ckpt *ck, void *payload)
{
    scan *sc = payload;
    size_t lo = 0, hi = sc->n;

    while (lo < hi) { /* the transactions are in (file, offset) order */
        size_t mid = lo + (hi - lo) / 2;
        const txn_ent *e = &sc->ents[mid];
        if (e->file < ck->file || (e->file == ck->file && e->end < ck->end))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == sc->n || sc->ents[lo].file != ck->file || sc->ents[lo].end != ck->end ||
        (lo + 1) % sc_asof__ckpt_every() != 0 || ensure_txn(sc, &sc->ents[lo]) != SC_OK) {
        sc_ctx_clear_error(sc->ctx);
        return false;
    }
    return sc_asof__hash(sc->ents[lo].rec, sc->ents[lo].rec_len) == ck->hash;
}

static int ensure_rec(scan *sc, rec_ref *m)
{
    sc_slice rec;
    int rc;

    if (m->data)
        return SC_OK;
    rc = sc_asof__fetch(&rec, sc, m->file, m->off);
    if (!rc && rec.len != m->len)
        rc = sc_error_set(sc->ctx, SC_ECORRUPT, 0, NULL,
                          "stored log: the record at offset %" PRIu64 " changed size", m->off);
    if (!rc)
        m->data = rec.data;
    return rc;
}

/* ------------------------------------------------------------------ */
/* Where the point falls: how many transactions to replay               */

static int not_found(sc_ctx *ctx, const char *spec, const char *why)
{
    return sc_error_set(ctx, SC_ENOTFOUND, 0, NULL, "--as-of '%s': %s", spec, why);
}

/* The newest GTID of domain any tracked source reached (0 = none). */
static int tracked_seq(uint64_t *out, sc_catalog *cat, uint32_t domain);

static int count_tracked(size_t *k, scan *sc, const point *p, const char *spec)
{
    size_t first = sc->n, last = 0;
    bool any = false;

    for (size_t i = 0; i < sc->n; i++) {
        const txn_ent *e = &sc->ents[i];
        bool before;
        if (!e->marked)
            continue;
        if (first == sc->n)
            first = i;
        before = p->kind == P_GTID ? e->src_domain == p->domain && e->src_seq <= p->seq
                 : p->kind == P_TIME
                     ? e->src_ts <= p->time
                     : strcmp(e->src_file, p->file) < 0 ||
                           (strcmp(e->src_file, p->file) == 0 && e->src_pos < p->pos);
        if (before) {
            last = i;
            any = true;
        }
    }
    if (p->kind == P_GTID) {
        uint64_t reached = 0;
        int rc = tracked_seq(&reached, sc->log->cat, p->domain);
        if (rc)
            return rc;
        if (reached < p->seq)
            return not_found(sc->ctx, spec, "no tracked source has reached that GTID");
    }
    *k = any ? last + 1 : first;
    return SC_OK;
}

static int count_own(size_t *k, scan *sc, const point *p, const char *spec)
{
    char name[64];

    *k = 0;
    for (size_t i = 0; i < sc->n; i++) {
        const txn_ent *e = &sc->ents[i];
        if (p->kind == P_GTID) {
            if (e->domain == p->domain && e->server == p->server && e->seq == p->seq) {
                *k = i + 1;
                return SC_OK;
            }
            continue;
        }
        sc_log__file_name(name, sizeof(name), e->file);
        if (p->kind == P_TIME ? e->ts <= p->time
                              : strcmp(name, p->file) < 0 ||
                                    (strcmp(name, p->file) == 0 && e->end && e->end <= p->pos))
            *k = i + 1;
    }
    if (p->kind == P_GTID)
        return not_found(sc->ctx, spec, "no such GTID in the catalog's log");
    return SC_OK;
}

typedef struct seq_walk {
    uint32_t domain;
    uint64_t best;
} seq_walk;

static int seq_cb(const sc_track_state *st, void *payload)
{
    seq_walk *w = payload;
    const char *p = st->gtid;

    while (*p) {
        unsigned long d, s;
        unsigned long long n;
        int used = 0;
        if (sscanf(p, "%lu-%lu-%llu%n", &d, &s, &n, &used) != 3)
            break;
        if (d == w->domain && n > w->best)
            w->best = n;
        p += used;
        if (*p == ',')
            p++;
    }
    return 0;
}

static int tracked_seq(uint64_t *out, sc_catalog *cat, uint32_t domain)
{
    seq_walk w = {domain, 0};
    int rc = sc_track_sources(cat, seq_cb, &w);

    *out = w.best;
    return rc;
}

/* ------------------------------------------------------------------ */
/* Replaying                                                            */

#define STOP 1 /* the callback's "enough": not an sc_err */

typedef struct replay {
    scan *sc;
    const char *datadir; /* of the live catalog, where checkpoints are stored */
    size_t base;         /* transactions in the target before this file's replay */
    size_t want, done;   /* of this file */
} replay;

static int ckpt_of(sc_asof_ckpt *ck, scan *sc, size_t index)
{
    txn_ent *e = &sc->ents[index - 1];
    int rc = ensure_txn(sc, e);

    ck->index = index;
    ck->file = e->file;
    ck->end = e->end;
    ck->hash = rc ? 0 : sc_asof__hash(e->rec, e->rec_len);
    return rc;
}

/* After each replayed transaction: store a checkpoint where one is due and missing. */
static int after_cb(sc_catalog *target, uint64_t seq, void *payload)
{
    replay *rp = payload;
    size_t index = rp->base + ++rp->done;
    sc_asof_ckpt ck;

    (void)seq;
    if (index % sc_asof__ckpt_every() == 0) {
        if (ckpt_of(&ck, rp->sc, index) == SC_OK && !sc_asof__ckpt_exists(rp->datadir, &ck))
            sc_asof__ckpt_write(target, rp->datadir, &ck);
    }
    return rp->done >= rp->want ? STOP : SC_OK;
}

/* Read the events of one record (the reader keeps the TABLE_MAPs). */
static int read_record(sc_binlog_reader *r, const rec_ref *m)
{
    const sc_binlog_event *raw = NULL;
    int rc;

    sc_binlog_reader__seek(r, m->off);
    while (!(rc = sc_binlog_reader_next(&raw, r)) && raw &&
           raw->offset + raw->header.event_len < m->off + m->len)
        ;
    return rc;
}

/* Whether record lies in the mapped bytes and equals them. */
static bool
same_bytes(const uint8_t *map, size_t size, uint64_t off, const uint8_t *rec, size_t len)
{
    return off <= size && len <= size - off && memcmp(map + off, rec, len) == 0;
}

/* The stored records [i, j) of a file, its header and the TABLE_MAPs before them. */
typedef struct needed {
    const scan *sc;
    sc_slice head; /* the file's first record: magic, FDE, GTID_LIST, BINLOG_CHECKPOINT */
    size_t i, j;
} needed;

/* Whether the file on disk holds every needed record as stored (its first size bytes). */
static bool disk_matches(const needed *nd, const char *path, size_t size)
{
    const scan *sc = nd->sc;
    const txn_ent *first = &sc->ents[nd->i];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat sb;
    uint8_t *map;
    bool ok;

    if (fd < 0)
        return false;
    if (fstat(fd, &sb) != 0 || (uint64_t)sb.st_size < size ||
        (map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0)) == MAP_FAILED) {
        close(fd);
        return false;
    }
    close(fd);
    ok = same_bytes(map, size, 0, nd->head.data, nd->head.len);
    for (size_t m = 0; ok && m < sc->nmaps; m++)
        if (sc->maps[m].file == first->file && sc->maps[m].off < first->off)
            ok = same_bytes(map, size, sc->maps[m].off, sc->maps[m].data, sc->maps[m].len);
    for (size_t t = nd->i; ok && t < nd->j; t++)
        ok = same_bytes(map, size, sc->ents[t].off, sc->ents[t].rec, sc->ents[t].rec_len);
    munmap(map, size);
    return ok;
}

/* A reader over a copy holding only the needed records (the rest of the buffer is never read). */
static int open_copy(sc_binlog_reader **r, const needed *nd, const char *name, size_t size)
{
    const scan *sc = nd->sc;
    const txn_ent *first = &sc->ents[nd->i];
    uint8_t *buf = sc__malloc(sc->ctx, size);
    int rc;

    if (!buf)
        return SC_ENOMEM;
    memcpy(buf, nd->head.data, nd->head.len);
    for (size_t m = 0; m < sc->nmaps; m++)
        if (sc->maps[m].file == first->file && sc->maps[m].off < first->off)
            memcpy(buf + sc->maps[m].off, sc->maps[m].data, sc->maps[m].len);
    for (size_t t = nd->i; t < nd->j; t++)
        memcpy(buf + sc->ents[t].off, sc->ents[t].rec, sc->ents[t].rec_len);
    rc = sc_binlog_reader_open_mem(r, sc->ctx, name, (sc_slice){buf, size});
    sc_free(sc->ctx, buf);
    return rc;
}

/*
 * A reader for transactions [i, j) of a file. The stored log is what counts;
 * the file on disk is mapped instead of copying when it holds the same bytes
 * there (it is written from the stored log after each commit), else the
 * reader gets a buffer the size of the file up to the last transaction,
 * holding only what it reads.
 */
static int open_reader(sc_binlog_reader **r, const needed *nd, const char *name, size_t size)
{
    char *path = NULL;
    int rc = sc_log_path(&path, nd->sc->log, name);

    if (!rc && disk_matches(nd, path, size))
        rc = sc_binlog_reader_open(r, nd->sc->ctx, path);
    else if (!rc)
        rc = open_copy(r, nd, name, size);
    sc_free(nd->sc->ctx, path);
    return rc;
}

/*
 * Replay transactions [i, j) of one file into target: the reader first reads
 * the records with the TABLE_MAPs written before them (binlog.table_map=file
 * writes each once per file), then the applier runs from the first of them.
 */
static int replay_file(sc_catalog *target, replay *rp, size_t i, size_t j)
{
    scan *sc = rp->sc;
    const txn_ent *first = &sc->ents[i];
    needed nd = {sc, {NULL, 0}, i, j};
    sc_binlog_reader *r = NULL;
    char name[64];
    int rc = sc_asof__fetch(&nd.head, sc, first->file, 0);

    sc_log__file_name(name, sizeof(name), first->file);
    for (size_t t = i; !rc && t < j; t++)
        rc = ensure_txn(sc, &sc->ents[t]);
    for (size_t m = 0; !rc && m < sc->nmaps; m++)
        if (sc->maps[m].file == first->file && sc->maps[m].off < first->off)
            rc = ensure_rec(sc, &sc->maps[m]);
    if (rc)
        return rc;
    if (nd.head.len > first->off)
        return sc_error_set(sc->ctx, SC_ECORRUPT, 0, NULL, "stored log %s: no file header", name);
    rc = open_reader(&r, &nd, name, (size_t)sc->ents[j - 1].end);
    for (size_t m = 0; !rc && m < sc->nmaps; m++)
        if (sc->maps[m].file == first->file && sc->maps[m].off < first->off)
            rc = read_record(r, &sc->maps[m]);
    rp->want = j - i;
    rp->done = 0;
    if (!rc) {
        sc_binlog_reader__seek(r, first->off);
        rc = sc_apply__reader(target, r, 0, after_cb, rp);
    }
    sc_binlog_reader_close(r);
    if (rc == SC_OK && rp->done < rp->want)
        rc = sc_error_set(sc->ctx, SC_ECORRUPT, 0, NULL,
                          "stored log %s: %zu of %zu transactions replayed", name, rp->done,
                          rp->want);
    rp->base += rp->done;
    return rc == STOP ? SC_OK : rc;
}

/* Replay transactions [from, to) of the log into target, a file at a time. */
static int replay_range(sc_catalog *target, scan *sc, size_t from, size_t to)
{
    replay rp;
    size_t i = from;
    int rc = SC_OK;

    memset(&rp, 0, sizeof(rp));
    rp.sc = sc;
    rp.datadir = sc_catalog_datadir(sc->log->cat);
    rp.base = from;
    while (!rc && i < to) {
        size_t j = i;
        while (j < to && sc->ents[j].file == sc->ents[i].file)
            j++;
        rc = replay_file(target, &rp, i, j);
        i = j;
    }
    return rc;
}

/* The newest stored checkpoint at or before transaction k (0: none). */
static size_t nearest_ckpt(sc_asof_ckpt *ck, scan *sc, size_t k)
{
    const char *datadir = sc_catalog_datadir(sc->log->cat);
    size_t every = sc_asof__ckpt_every();

    for (size_t i = k - k % every; i > 0; i -= every) {
        if (ckpt_of(ck, sc, i) == SC_OK && sc_asof__ckpt_exists(datadir, ck))
            return i;
    }
    return 0;
}

/* The catalog after the first k transactions of the log. */
static int build(sc_catalog **out, scan *sc, size_t k)
{
    sc_asof_ckpt ck;
    size_t from = k ? nearest_ckpt(&ck, sc, k) : 0;
    const char *datadir = sc_catalog_datadir(sc->log->cat);
    int rc = sc_asof__scratch_open(out, sc->ctx, datadir, from ? &ck : NULL);

    if (rc && from) { /* a checkpoint that cannot be used: from the start */
        sc_ctx_clear_error(sc->ctx);
        from = 0;
        rc = sc_asof__scratch_open(out, sc->ctx, datadir, NULL);
    }
    if (!rc)
        rc = replay_range(*out, sc, from, k);
    if (rc) {
        sc_asof__scratch_close(*out);
        *out = NULL;
    }
    return rc;
}

int sc_asof_open(sc_catalog **out, sc_log *log, const char *spec)
{
    scan sc;
    point p;
    size_t k = 0;
    int rc;

    *out = NULL;
    memset(&sc, 0, sizeof(sc));
    sc.ctx = log->ctx;
    sc.log = log;
    rc = parse_point(&p, sc.ctx, spec);
    if (!rc)
        rc = sc_txn_begin(&sc.txn, log->cat, SC_TXN_READONLY);
    if (!rc)
        rc = scan_log(&sc);
    if (!rc && sc.first_file != 1)
        rc = not_found(sc.ctx, spec,
                       sc.first_file ? "the catalog's log was purged: it cannot be replayed"
                                     : "the catalog has no log");
    if (!rc)
        rc = sc.any_marked ? count_tracked(&k, &sc, &p, spec) : count_own(&k, &sc, &p, spec);
    if (!rc)
        rc = build(out, &sc, k);
    sc_txn_abort(sc.txn);
    sc_free(sc.ctx, sc.ents);
    sc_free(sc.ctx, sc.maps);
    return rc;
}

void sc_asof_close(sc_catalog *scratch)
{
    sc_asof__scratch_close(scratch);
}
