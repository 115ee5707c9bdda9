/*
 * asof.c - the catalog as of an earlier point of its log (sc_asof_open):
 * the stored log is scanned once to find where the point falls (its own
 * GTIDs, file positions and times, or, in a tracked catalog, the source
 * coordinates the tracker's markers carry), then replayed from its first
 * transaction into a scratch catalog up to that point. A first form: no
 * checkpoints yet, so the cost grows with the log (docs/history-and-flashback.md).
 */
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "replicate/apply.h"
#include "replicate/log.h"
#include "track/track_int.h"

/* One transaction of the stored log. */
typedef struct txn_ent {
    uint32_t file;   /* log file number */
    uint32_t domain; /* its GTID */
    uint32_t server;
    uint64_t seq;
    uint64_t end; /* offset after its last event */
    uint32_t ts;  /* when it was written */
    bool marked;  /* a tracker transaction: the src_* fields are set */
    uint32_t src_domain;
    uint64_t src_seq;
    char src_file[128]; /* source binlog file and offset of the group's GTID event */
    uint64_t src_pos;
    uint32_t src_ts;
} txn_ent;

typedef struct scan {
    sc_ctx *ctx;
    sc_log *log;
    txn_ent *ents;
    size_t n, cap;
    uint32_t first_file, last_file;
    bool any_marked;
} scan;

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

    memcpy(buf, text.data, len);
    buf[len] = '\0';
    if (strncmp(buf, SC_TRACK_MARKER, strlen(SC_TRACK_MARKER)) != 0 ||
        sscanf(buf + strlen(SC_TRACK_MARKER), "%79s %79s %127s %lu", name, gtid, fp, &ts) != 4 ||
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

static int scan_file(scan *sc, uint32_t number, const char *name)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *raw = NULL;
    uint8_t *bytes = NULL;
    size_t len = 0;
    txn_ent *cur = NULL;
    int rc = sc_log_file_bytes(&bytes, &len, sc->log, name);

    if (!rc)
        rc = sc_binlog_reader_open_mem(&r, sc->ctx, name, (sc_slice){bytes, len});
    while (!rc && !(rc = sc_binlog_reader_next(&raw, r)) && raw) {
        const sc_event *ev = sc_binlog_reader__event(r);
        if (raw->header.type == SC_EV_GTID) {
            if ((rc =
                     sc__grow(sc->ctx, (void **)&sc->ents, &sc->cap, sc->n, sizeof(*sc->ents), 64)))
                break;
            cur = &sc->ents[sc->n++];
            memset(cur, 0, sizeof(*cur));
            cur->file = number;
            cur->domain = ev->u.gtid.domain_id;
            cur->server = raw->header.server_id;
            cur->seq = ev->u.gtid.seq_no;
            cur->ts = raw->header.timestamp;
        } else if (cur && raw->header.type == SC_EV_ANNOTATE_ROWS && !cur->marked) {
            parse_marker(cur, ev->u.annotate.text);
            sc->any_marked |= cur->marked;
        } else if (cur && raw->header.type == SC_EV_XID) {
            cur->end = raw->offset + raw->header.event_len;
            cur = NULL;
        }
    }
    sc_binlog_reader_close(r);
    sc_free(sc->ctx, bytes);
    return rc;
}

static int file_cb(const sc_log_file *f, void *payload)
{
    scan *sc = payload;

    if (!sc->first_file)
        sc->first_file = f->number;
    sc->last_file = f->number;
    return scan_file(sc, f->number, f->name);
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
    size_t want, done;
} replay;

static int after_cb(sc_catalog *target, uint64_t seq, void *payload)
{
    replay *rp = payload;

    (void)target;
    (void)seq;
    return ++rp->done >= rp->want ? STOP : SC_OK;
}

static int replay_file(sc_catalog *target, scan *sc, const sc_log_file *f, replay *rp)
{
    sc_binlog_reader *r = NULL;
    uint8_t *bytes = NULL;
    size_t len = 0;
    int rc = sc_log_file_bytes(&bytes, &len, sc->log, f->name);

    if (!rc)
        rc = sc_binlog_reader_open_mem(&r, sc->ctx, f->name, (sc_slice){bytes, len});
    if (!rc)
        rc = sc_apply__reader(target, r, 0, after_cb, rp);
    sc_binlog_reader_close(r);
    sc_free(sc->ctx, bytes);
    return rc;
}

typedef struct replay_walk {
    sc_catalog *target;
    scan *sc;
    replay rp;
} replay_walk;

static int replay_cb(const sc_log_file *f, void *payload)
{
    replay_walk *w = payload;

    if (w->rp.done >= w->rp.want)
        return STOP;
    return replay_file(w->target, w->sc, f, &w->rp);
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

static void remove_dir(const char *dir)
{
    nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}

static int build(sc_catalog **out, scan *sc, size_t k)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    const char *tmp = getenv("TMPDIR");
    replay_walk w;
    char dir[512];
    int rc;

    snprintf(dir, sizeof(dir), "%s/syscat-asof-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return sc_error_set(sc->ctx, SC_EIO, 0, NULL, "cannot make a scratch directory in '%s'",
                            tmp && *tmp ? tmp : "/tmp");
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    rc = sc_catalog_open(out, sc->ctx, dir, &opts);
    memset(&w, 0, sizeof(w));
    w.target = *out;
    w.sc = sc;
    w.rp.want = k;
    if (!rc && k)
        rc = sc_log_files(sc->log, replay_cb, &w);
    if (rc == STOP)
        rc = SC_OK;
    if (rc) {
        sc_catalog_close(*out);
        *out = NULL;
        remove_dir(dir);
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
        rc = sc_log_files(log, file_cb, &sc);
    if (!rc && sc.first_file != 1)
        rc = not_found(sc.ctx, spec,
                       sc.first_file ? "the catalog's log was purged: it cannot be replayed"
                                     : "the catalog has no log");
    if (!rc)
        rc = sc.any_marked ? count_tracked(&k, &sc, &p, spec) : count_own(&k, &sc, &p, spec);
    if (!rc)
        rc = build(out, &sc, k);
    sc_free(sc.ctx, sc.ents);
    return rc;
}

void sc_asof_close(sc_catalog *scratch)
{
    sc_ctx *ctx;
    char *dir;

    if (!scratch)
        return;
    ctx = sc_catalog_ctx(scratch);
    dir = sc__strdup(ctx, sc_catalog_datadir(scratch));
    sc_catalog_close(scratch);
    if (dir)
        remove_dir(dir);
    sc_free(ctx, dir);
}
