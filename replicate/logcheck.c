/*
 * logcheck.c - checking the log stored in the catalog (log.events, log.h)
 * and comparing it with the files under DATADIR/binlog, without changing
 * either (docs/log-format.md "Checking the log").
 *
 * The stored bytes are the source every file is written from (append after
 * commit, sync on open, rebuild), so a damaged record must be found before
 * it reaches a file: sc_log__record_check() (logframe.c) checks every
 * event of one record. The writers in logfile.c call it on every record
 * they write;
 * sc_log_verify_stored() (fsck) runs it on the whole stored log;
 * sc_log_verify() (`binlog verify`) adds a full decode and the comparison
 * with the files, all in one read transaction, so what other processes
 * commit meanwhile is not mistaken for damage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "replicate/log.h"
#include "replicate/reader.h"

int sc_log__file_alg(int *alg, sc_log *log, sc_txn *txn, uint32_t file)
{
    uint8_t key[12];
    MDB_val k = {sizeof(key), key}, v;
    char why[300], name[32];
    int mrc;

    *alg = -1;
    sc_log__key(key, file, 0);
    sc_log__file_name(name, sizeof(name), file);
    mrc = sc_catalog__mdb_get(sc_catalog__mdb_txn(txn), log->dbi_events, &k, &v);
    if (mrc == MDB_NOTFOUND)
        return sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL,
                            "%s: the log in the catalog has no record at offset 0", name);
    if (mrc)
        return sc_catalog__mdb_error(log->ctx, mrc, "reading log.events");
    if (!sc_log__record_check(why, sizeof(why), alg, 0, (sc_slice){v.mv_data, v.mv_size}) &&
        *alg < 0)
        return sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL,
                            "%s: stored record at offset 0 is damaged: %s", name, why);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* One file's records                                                   */

void sc_log__problem(sc_log_problems *pr, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    pr->n++;
    if (pr->report)
        pr->report(msg, pr->payload);
}

typedef struct file_walk {
    sc_log_problems *pr;
    const char *name;
    int alg;       /* the file's checksum algorithm, -1 while unknown */
    uint64_t end;  /* end of the last record seen */
    sc_buf *bytes; /* the file's bytes (NULL: not wanted) */
    size_t bad;    /* damaged records */
} file_walk;

static int file_record_cb(uint64_t off, sc_slice rec, void *payload)
{
    file_walk *w = payload;
    char why[400];

    if (off != w->end) {
        sc_log__problem(w->pr, "%s: stored record at offset %llu: expected one at %llu (a %s)",
                        w->name, (unsigned long long)off, (unsigned long long)w->end,
                        off > w->end ? "gap" : "overlap");
        w->bad++;
    }
    if (off != 0 && w->alg < 0) {
        /* no usable header: framing only (no CRC without the FDE's word) */
        int none = SC_CHECKSUM_NONE;
        if (!sc_log__record_check(why, sizeof(why), &none, off, rec)) {
            sc_log__problem(w->pr, "%s: stored record at offset %llu: %s", w->name,
                            (unsigned long long)off, why);
            w->bad++;
        }
    } else if (!sc_log__record_check(why, sizeof(why), &w->alg, off, rec)) {
        sc_log__problem(w->pr, "%s: stored record at offset %llu: %s", w->name,
                        (unsigned long long)off, why);
        w->bad++;
    }
    w->end = off + rec.len;
    if (w->bytes) {
        sc__buf_put(w->bytes, rec.data, rec.len);
        if (w->bytes->failed)
            return SC_ENOMEM;
    }
    return SC_OK;
}

int sc_log__check_file(size_t *bad_out,
                       uint64_t *end_out,
                       sc_buf *bytes,
                       sc_log *log,
                       sc_txn *txn,
                       uint32_t file,
                       void (*report)(const char *problem, void *payload),
                       void *payload)
{
    sc_log_problems pr = {report, payload, 0};
    char name[32];
    file_walk w = {&pr, name, -1, 0, bytes, 0};
    int rc;

    sc_log__file_name(name, sizeof(name), file);
    rc = sc_log__walk(log, txn, file, 0, file_record_cb, &w);
    if (!rc && w.end == 0) {
        sc_log__problem(&pr, "%s: the log in the catalog has no record of this file", name);
        w.bad++;
    }
    *bad_out = w.bad;
    *end_out = w.end;
    return rc;
}

/* ------------------------------------------------------------------ */
/* The whole stored log (fsck)                                          */

/* Records outside [first_file, cur_file] (or with a bad key): the state and the records disagree.
 */
static int check_strays(sc_log *log, sc_txn *txn, const sc_log_state *st, sc_log_problems *pr)
{
    MDB_cursor *c = NULL;
    MDB_val k, v;
    int mrc = mdb_cursor_open(sc_catalog__mdb_txn(txn), log->dbi_events, &c);

    if (mrc)
        return sc_catalog__mdb_error(log->ctx, mrc, "opening a log.events cursor");
    for (mrc = sc_catalog__cursor_get(c, &k, &v, MDB_FIRST); mrc == 0;
         mrc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        uint32_t f;
        if (k.mv_size != 12) {
            sc_log__problem(pr, "log.events: a key of %zu bytes (expected 12)", k.mv_size);
            continue;
        }
        f = (uint32_t)sc_get_uintbe(k.mv_data, 4);
        if (f >= st->first_file && f <= st->cur_file) {
            /* skip to the record after the current file's records */
            uint8_t key[12];
            if (f == UINT32_MAX)
                break;
            sc_log__key(key, f + 1, 0);
            k.mv_size = sizeof(key);
            k.mv_data = key;
            mrc = sc_catalog__cursor_get(c, &k, &v, MDB_SET_RANGE);
            if (mrc)
                break;
            mrc = sc_catalog__cursor_get(c, &k, &v, MDB_PREV);
            if (mrc)
                break;
            continue;
        }
        sc_log__problem(pr, "log.events: a record of file %u, outside the log's files %u..%u",
                        (unsigned)f, (unsigned)st->first_file, (unsigned)st->cur_file);
    }
    mdb_cursor_close(c);
    return mrc && mrc != MDB_NOTFOUND ? sc_catalog__mdb_error(log->ctx, mrc, "walking log.events")
                                      : SC_OK;
}

typedef int (*verify_fn)(sc_log *log, sc_txn *txn, sc_log_problems *pr);

/*
 * Run one check in a single read snapshot (what was committed when the check
 * started) and turn the problems it reported into one SC_ECORRUPT.
 */
static int verify_run(sc_log *log,
                      verify_fn fn,
                      const char *where,
                      void (*report)(const char *problem, void *payload),
                      void *payload,
                      size_t *problems_out)
{
    sc_log_problems pr = {report, payload, 0};
    sc_txn *txn = NULL;
    int rc = SC_OK;

    if (log->have_dbis && !(rc = sc_txn_begin(&txn, log->cat, SC_TXN_READONLY))) {
        rc = fn(log, txn, &pr);
        sc_txn_abort(txn);
    }
    if (problems_out)
        *problems_out = pr.n;
    if (!rc && pr.n)
        rc = sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "%zu sc_log__problem(s) in the log%s",
                          pr.n, where);
    return rc;
}

static int verify_stored_in(sc_log *log, sc_txn *txn, sc_log_problems *pr)
{
    sc_log_state st;
    int rc = sc_log__state_get(&st, log, txn);

    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(log->ctx);
        return SC_OK; /* no log yet */
    }
    if (rc) {
        sc_log__problem(pr, "log.state: %s", sc_ctx_last_error(log->ctx)->message);
        return SC_OK;
    }
    for (uint32_t f = st.first_file; !rc && f >= st.first_file && f <= st.cur_file; f++) {
        size_t bad = 0;
        uint64_t end = 0;
        rc = sc_log__check_file(&bad, &end, NULL, log, txn, f, pr->report, pr->payload);
        pr->n += bad;
        if (!rc && f == st.cur_file && end != st.cur_size)
            sc_log__problem(pr,
                            "log.state: the current file ends at %llu but its records end at %llu",
                            (unsigned long long)st.cur_size, (unsigned long long)end);
        if (f == UINT32_MAX)
            break;
    }
    return rc ? rc : check_strays(log, txn, &st, pr);
}

int sc_log_verify_stored(sc_log *log,
                         void (*report)(const char *problem, void *payload),
                         void *payload,
                         size_t *problems_out)
{
    return verify_run(log, verify_stored_in, " stored in the catalog", report, payload,
                      problems_out);
}

/* ------------------------------------------------------------------ */
/* Log against files (binlog verify)                                    */

/* Decode every event of a file's stored bytes (the reader checks what framing does not). */
static void
decode_events(sc_log *log, sc_log_problems *pr, const char *name, const uint8_t *data, size_t len)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev = NULL;
    int rc = sc_binlog_reader_open_mem(&r, log->ctx, name, (sc_slice){data, len});

    while (!rc) {
        rc = sc_binlog_reader_next(&ev, r);
        if (rc || !ev)
            break;
    }
    if (rc)
        sc_log__problem(pr, "%s: stored log: %s", name, sc_ctx_last_error(log->ctx)->message);
    sc_binlog_reader_close(r);
}

/* The whole file at path, refusing anything but a regular file. why says what else it is. */
static int read_disk(sc_buf *out, char *why, size_t size, const char *path)
{
    struct stat sb;
    uint8_t buf[65536];
    ssize_t n;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

    sc__buf_reset(out);
    if (fd < 0) {
        if (errno == ENOENT)
            snprintf(why, size, "is missing on disk");
        else if (errno == ELOOP)
            snprintf(why, size, "is a symbolic link, not a regular file");
        else
            snprintf(why, size, "cannot be opened: %s", strerror(errno));
        return -1;
    }
    if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
        snprintf(why, size, "is %s, not a regular file",
                 S_ISDIR(sb.st_mode) ? "a directory" : "a special file");
        close(fd);
        return -1;
    }
    while ((n = read(fd, buf, sizeof(buf))) > 0)
        sc__buf_put(out, buf, (size_t)n);
    if (n < 0)
        snprintf(why, size, "cannot be read: %s", strerror(errno));
    close(fd);
    return n < 0 || out->failed ? -1 : 0;
}

/* Bytes of a file in the latest committed log (what writers may have added since the snapshot). */
static bool disk_in_latest(sc_log *log, const char *name, sc_slice disk)
{
    uint8_t *data = NULL;
    size_t len = 0;
    bool ok = false;

    if (sc_log_file_bytes(&data, &len, log, name) == SC_OK)
        ok = disk.len <= len && memcmp(disk.data, data, disk.len) == 0;
    else
        sc_ctx_clear_error(log->ctx);
    sc_free(log->ctx, data);
    return ok;
}

/* How a file on disk compares with its stored bytes. */
typedef enum disk_diff { DISK_SAME, DISK_DIFFERS, DISK_SHORT, DISK_LONG } disk_diff;

/* Compare disk and stored bytes; what says how they differ. */
static disk_diff compare(char *what, size_t size, sc_slice disk, sc_slice stored)
{
    size_t n = disk.len < stored.len ? disk.len : stored.len, at = 0;

    while (at < n && disk.data[at] == stored.data[at])
        at++;
    if (at < n) {
        snprintf(what, size,
                 "differs from the log in the catalog at byte %zu (%zu bytes on disk, "
                 "%zu in the catalog)",
                 at, disk.len, stored.len);
        return DISK_DIFFERS;
    }
    if (disk.len < stored.len) {
        snprintf(what, size, "is truncated: %zu bytes on disk, %zu in the catalog", disk.len,
                 stored.len);
        return DISK_SHORT;
    }
    if (disk.len > stored.len) {
        snprintf(what, size,
                 "has %zu bytes on disk but the log in the catalog has %zu: the bytes "
                 "from %zu on are not ours",
                 disk.len, stored.len, stored.len);
        return DISK_LONG;
    }
    return DISK_SAME;
}

static void
verify_disk(sc_log *log, sc_log_problems *pr, const char *name, sc_slice stored, bool stored_bad)
{
    char *path = NULL, why[300], what[300];
    sc_buf disk = SC_BUF_INIT(log->ctx);

    if (sc_log_path(&path, log, name))
        return;
    /* A writer commits, then writes its file: a short or longer file may be a commit in
     * flight, so look again (and at the latest committed log) before calling it damage. */
    for (int tries = 0; tries < 20; tries++) {
        disk_diff d;
        what[0] = 0;
        if (read_disk(&disk, why, sizeof(why), path)) {
            snprintf(what, sizeof(what), "%s", why);
            break;
        }
        d = compare(what, sizeof(what), (sc_slice){disk.data, disk.len}, stored);
        if (d == DISK_LONG && disk_in_latest(log, name, (sc_slice){disk.data, disk.len}))
            what[0] = 0;
        if (!what[0] || d == DISK_DIFFERS)
            break;
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    if (what[0])
        sc_log__problem(pr, "%s: the file %s; %s", name, what,
                        stored_bad
                            ? "its stored log is damaged too (above), so `syscat binlog rebuild` "
                              "refuses to write it"
                            : "`syscat binlog rebuild` rewrites it from the catalog");
    sc__buf_free(&disk);
    sc_free(log->ctx, path);
}

static int verify_in(sc_log *log, sc_txn *txn, sc_log_problems *pr)
{
    sc_log_state st;
    sc_buf bytes = SC_BUF_INIT(log->ctx);
    int rc = sc_log__state_get(&st, log, txn);

    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(log->ctx);
        return SC_OK;
    }
    for (uint32_t f = st.first_file; !rc && f >= st.first_file && f <= st.cur_file; f++) {
        char name[32];
        size_t bad = 0;
        uint64_t end = 0;
        sc__buf_reset(&bytes);
        sc_log__file_name(name, sizeof(name), f);
        rc = sc_log__check_file(&bad, &end, &bytes, log, txn, f, pr->report, pr->payload);
        if (rc)
            break;
        pr->n += bad;
        if (!bad)
            decode_events(log, pr, name, bytes.data, bytes.len);
        verify_disk(log, pr, name, (sc_slice){bytes.data, bytes.len}, bad > 0);
        if (f == UINT32_MAX)
            break;
    }
    sc__buf_free(&bytes);
    return rc;
}

int sc_log_verify(sc_log *log,
                  void (*report)(const char *problem, void *payload),
                  void *payload,
                  size_t *problems_out)
{
    return verify_run(log, verify_in, "", report, payload, problems_out);
}
