/*
 * logfile.c - the binlog files under DATADIR/binlog/, written from the log
 * stored in the catalog (log.h): append what a file lacks after commit (and
 * on open, so a crash between commit and file write loses nothing), the
 * index file (MariaDB format: one base name per line), rotation (FLUSH
 * LOGS), rebuild byte for byte, purge, listing and verification.
 *
 * Files are derived data: LMDB is the durable copy, so file writes are not
 * fsync'ed; sc_log_rebuild() reproduces them exactly (docs/log-format.md
 * "Files").
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "replicate/log.h"

static int io_error(sc_log *log, const char *what, const char *path)
{
    return sc_error_set(log->ctx, SC_EIO, 0, NULL, "%s %s: %s", what, path, strerror(errno));
}

static int file_path(char *buf, size_t size, const sc_log *log, uint32_t file)
{
    char name[32];

    sc_log__file_name(name, sizeof(name), file);
    return snprintf(buf, size, "%s/%s", log->dir, name) >= (int)size ? SC_EINVAL : SC_OK;
}

static int pwrite_all(int fd, const uint8_t *p, size_t n, uint64_t off)
{
    while (n) {
        ssize_t w = pwrite(fd, p, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
        off += (uint64_t)w;
    }
    return 0;
}

static int ensure_dir(sc_log *log)
{
    if (mkdir(log->dir, 0755) && errno != EEXIST)
        return io_error(log, "cannot create", log->dir);
    return SC_OK;
}

static void key_parse(const MDB_val *k, uint32_t *file, uint64_t *off)
{
    *file = (uint32_t)sc_get_uintbe(k->mv_data, 4);
    *off = sc_get_uintbe((const uint8_t *)k->mv_data + 4, 8);
}

/* Walk the records of one file from the first one ending after `from`. */
typedef int (*record_cb)(uint64_t off, sc_slice bytes, void *payload);

/*
 * Position c on the record of `file` that starts at `from`, else on the one
 * before it in that file (it holds `from`, e.g. after a write cut by a crash,
 * or ends there), else on the file's first record. Records are keyed (file,
 * offset), so this costs two or three lookups, never a walk of the file.
 */
static int seek_record(MDB_cursor *c, MDB_val *k, MDB_val *v, uint32_t file, uint64_t from)
{
    uint8_t key[12];
    uint32_t f = 0;
    uint64_t off = 0;
    int mrc;

    sc_log__key(key, file, from);
    k->mv_size = sizeof(key);
    k->mv_data = key;
    mrc = mdb_cursor_get(c, k, v, MDB_SET_RANGE);
    if (mrc == 0 && k->mv_size == 12) {
        key_parse(k, &f, &off);
        if (f == file && off == from)
            return 0;
    }
    if (mrc && mrc != MDB_NOTFOUND)
        return mrc;
    mrc = mdb_cursor_get(c, k, v, mrc == MDB_NOTFOUND ? MDB_LAST : MDB_PREV);
    if (mrc == 0 && k->mv_size == 12) {
        key_parse(k, &f, &off);
        if (f == file)
            return 0;
    }
    if (mrc && mrc != MDB_NOTFOUND)
        return mrc;
    sc_log__key(key, file, 0);
    k->mv_size = sizeof(key);
    k->mv_data = key;
    return mdb_cursor_get(c, k, v, MDB_SET_RANGE);
}

static int
walk_file(sc_log *log, sc_txn *txn, uint32_t file, uint64_t from, record_cb cb, void *payload)
{
    MDB_val k, v;
    MDB_cursor *c = NULL;
    uint32_t f;
    uint64_t off;
    int rc = SC_OK, mrc;

    if (!log->have_dbis)
        return SC_OK;
    if ((mrc = mdb_cursor_open(sc_catalog__mdb_txn(txn), log->dbi_events, &c)))
        return sc_catalog__mdb_error(log->ctx, mrc, "opening a log.events cursor");
    for (mrc = seek_record(c, &k, &v, file, from); mrc == 0 && rc == SC_OK;
         mrc = mdb_cursor_get(c, &k, &v, MDB_NEXT)) {
        if (k.mv_size != 12)
            return mdb_cursor_close(c),
                   sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "log.events: bad key");
        key_parse(&k, &f, &off);
        if (f != file)
            break;
        rc = cb(off, (sc_slice){v.mv_data, v.mv_size}, payload);
    }
    if (mrc && mrc != MDB_NOTFOUND && !rc)
        rc = sc_catalog__mdb_error(log->ctx, mrc, "walking log.events");
    mdb_cursor_close(c);
    return rc;
}

typedef struct append_ctx {
    int fd;
    uint64_t size; /* bytes already in the file */
} append_ctx;

static int append_cb(uint64_t off, sc_slice bytes, void *payload)
{
    append_ctx *a = payload;
    uint64_t end = off + bytes.len;

    if (end <= a->size)
        return SC_OK;
    if (off < a->size) {
        if (pwrite_all(a->fd, bytes.data + (a->size - off), end - a->size, a->size))
            return SC_EIO;
    } else if (pwrite_all(a->fd, bytes.data, bytes.len, off)) {
        return SC_EIO;
    }
    a->size = end;
    return SC_OK;
}

static int sync_one(sc_log *log, sc_txn *txn, uint32_t file, bool truncate)
{
    char path[4096];
    append_ctx a = {-1, 0};
    struct stat sb;
    int rc;

    if (file_path(path, sizeof(path), log, file))
        return sc_error_set(log->ctx, SC_EINVAL, 0, NULL, "binlog path too long");
    a.fd = open(path, O_WRONLY | O_CREAT | (truncate ? O_TRUNC : 0) | O_CLOEXEC, 0644);
    if (a.fd < 0)
        return io_error(log, "cannot open", path);
    if (fstat(a.fd, &sb)) {
        rc = io_error(log, "cannot stat", path);
        goto out;
    }
    a.size = (uint64_t)sb.st_size;
    rc = walk_file(log, txn, file, a.size, append_cb, &a);
    if (rc == SC_EIO && sc_ctx_last_error(log->ctx)->code != SC_EIO)
        rc = io_error(log, "cannot write", path);
out:
    close(a.fd);
    return rc;
}

static int write_index(sc_log *log, const sc_log_state *st)
{
    char path[4096], tmp[4200], name[32];
    FILE *f;
    int rc = SC_OK;

    snprintf(path, sizeof(path), "%s/%s.index", log->dir, SC_LOG_BASENAME);
    /* a per-process name: several processes may sync the same directory */
    snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
    f = fopen(tmp, "w");
    if (!f)
        return io_error(log, "cannot create", tmp);
    for (uint32_t i = st->first_file; i <= st->cur_file; i++) {
        sc_log__file_name(name, sizeof(name), i);
        fprintf(f, "%s\n", name);
    }
    if (fclose(f) || rename(tmp, path))
        rc = io_error(log, "cannot write", path);
    if (!rc) {
        log->index_files[0] = st->first_file;
        log->index_files[1] = st->cur_file;
    }
    return rc;
}

int sc_log__sync_files(sc_log *log, sc_txn *txn)
{
    sc_log_state st;
    uint32_t f;
    int rc = sc_log__state_get(&st, log, txn);

    if (rc == SC_ENOTFOUND)
        return SC_OK;
    if (rc || (rc = ensure_dir(log)))
        return rc;
    f = log->synced_below > st.first_file ? log->synced_below : st.first_file;
    for (; f <= st.cur_file; f++) {
        rc = sync_one(log, txn, f, false);
        if (rc)
            return rc;
        if (f < st.cur_file)
            log->synced_below = f + 1;
    }
    if (log->index_files[0] != st.first_file || log->index_files[1] != st.cur_file)
        rc = write_index(log, &st);
    return rc;
}

static int size_cb(uint64_t off, sc_slice bytes, void *payload)
{
    *(uint64_t *)payload = off + bytes.len;
    return SC_OK;
}

int sc_log__file_size(uint64_t *out, sc_log *log, sc_txn *txn, uint32_t file)
{
    *out = 0;
    return walk_file(log, txn, file, 0, size_cb, out);
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */

/* Run fn in a read (write == false) or write transaction of the log's catalog. */
static int with_txn(sc_log *log, bool write, int (*fn)(sc_log *, sc_txn *, void *), void *payload)
{
    sc_txn *txn = NULL;
    int rc = sc_txn_begin(&txn, log->cat, write ? 0 : SC_TXN_READONLY);

    if (rc)
        return rc;
    rc = fn(log, txn, payload);
    if (rc || !write) {
        sc_txn_abort(txn);
        return rc;
    }
    return sc_txn_commit(txn);
}

static int sync_fn(sc_log *log, sc_txn *txn, void *payload)
{
    (void)payload;
    return sc_log__sync_files(log, txn);
}

int sc_log_sync(sc_log *log)
{
    int rc = log->have_dbis ? with_txn(log, false, sync_fn, NULL) : SC_OK;

    /* Remembered for whoever asks later (the after-commit hook cannot return it). */
    if (rc)
        log->file_err = *sc_ctx_last_error(log->ctx);
    else
        memset(&log->file_err, 0, sizeof(log->file_err));
    return rc;
}

static int rotate_fn(sc_log *log, sc_txn *txn, void *payload)
{
    (void)payload;
    return sc_log__rotate_in(log, txn);
}

int sc_log_rotate(sc_log *log)
{
    int rc = log->have_dbis ? with_txn(log, true, rotate_fn, NULL)
                            : sc_error_set(log->ctx, SC_EINVAL, 0, NULL, "no log");

    return rc ? rc : sc_log_sync(log);
}

static int rebuild_fn(sc_log *log, sc_txn *txn, void *payload)
{
    sc_log_state st;
    char path[4096];
    int rc = sc_log__state_get(&st, log, txn);

    (void)payload;
    if (rc || (rc = ensure_dir(log)))
        return rc;
    for (uint32_t f = 1; f < st.first_file; f++)
        if (!file_path(path, sizeof(path), log, f))
            (void)unlink(path); /* purged files must not come back */
    for (uint32_t f = st.first_file; !rc && f <= st.cur_file; f++)
        rc = sync_one(log, txn, f, true);
    if (!rc) {
        log->synced_below = st.cur_file;
        rc = write_index(log, &st);
    }
    return rc;
}

int sc_log_rebuild(sc_log *log)
{
    return with_txn(log, false, rebuild_fn, NULL);
}

typedef struct purge_args {
    const char *to_file;
    uint32_t first_before, target;
} purge_args;

static int delete_below(sc_log *log, sc_txn *txn, MDB_dbi dbi, uint32_t target)
{
    MDB_cursor *c = NULL;
    MDB_val k, v;
    int mrc = mdb_cursor_open(sc_catalog__mdb_txn(txn), dbi, &c);

    if (mrc)
        return sc_catalog__mdb_error(log->ctx, mrc, "opening a log cursor");
    for (mrc = mdb_cursor_get(c, &k, &v, MDB_FIRST); mrc == 0;
         mrc = mdb_cursor_get(c, &k, &v, MDB_NEXT)) {
        if (k.mv_size < 4 || sc_get_uintbe(k.mv_data, 4) >= target)
            break;
        if ((mrc = mdb_cursor_del(c, 0)))
            break;
    }
    mdb_cursor_close(c);
    return mrc && mrc != MDB_NOTFOUND ? sc_catalog__mdb_error(log->ctx, mrc, "purging the log")
                                      : SC_OK;
}

static int purge_fn(sc_log *log, sc_txn *txn, void *payload)
{
    purge_args *a = payload;
    sc_log_state st;
    int rc = sc_log__state_get(&st, log, txn);

    if (rc)
        return rc;
    a->target = a->to_file ? sc_log__file_number(a->to_file) : st.cur_file;
    if (a->target < st.first_file || a->target == 0)
        return sc_error_set(log->ctx, SC_ENOTFOUND, 1373, "HY000",
                            "Target log not found in binlog index");
    if (a->target > st.cur_file)
        return sc_error_set(log->ctx, SC_EINVAL, 0, NULL,
                            "%s is past the current file; the current file is never purged",
                            a->to_file);
    a->first_before = st.first_file;
    rc = delete_below(log, txn, log->dbi_events, a->target);
    if (!rc)
        rc = delete_below(log, txn, log->dbi_maps, a->target);
    st.first_file = a->target;
    return rc ? rc : sc_log__state_put(log, txn, &st);
}

int sc_log_purge(sc_log *log, const char *to_file)
{
    purge_args a = {to_file, 0, 0};
    char path[4096];
    int rc = with_txn(log, true, purge_fn, &a);

    if (rc)
        return rc;
    for (uint32_t f = a.first_before; f < a.target; f++)
        if (!file_path(path, sizeof(path), log, f) && unlink(path) && errno != ENOENT)
            return io_error(log, "cannot remove", path);
    log->index_files[0] = 0;
    return sc_log_sync(log);
}

typedef struct files_args {
    int (*cb)(const sc_log_file *file, void *payload);
    void *payload;
} files_args;

static int files_fn(sc_log *log, sc_txn *txn, void *payload)
{
    files_args *a = payload;
    sc_log_state st;
    char name[32];
    int rc = sc_log__state_get(&st, log, txn);

    if (rc == SC_ENOTFOUND)
        return SC_OK;
    for (uint32_t f = st.first_file; !rc && f <= st.cur_file; f++) {
        sc_log_file info = {f, name, 0, f == st.cur_file};
        sc_log__file_name(name, sizeof(name), f);
        rc = sc_log__file_size(&info.size, log, txn, f);
        if (!rc)
            rc = a->cb(&info, a->payload);
    }
    return rc;
}

int sc_log_files(sc_log *log, int (*cb)(const sc_log_file *file, void *payload), void *payload)
{
    files_args a = {cb, payload};

    return log->have_dbis ? with_txn(log, false, files_fn, &a) : SC_OK;
}

typedef struct bytes_args {
    const char *name;
    sc_buf b;
    uint64_t expect; /* running size: records must be contiguous */
    bool gap;
} bytes_args;

static int bytes_cb(uint64_t off, sc_slice bytes, void *payload)
{
    bytes_args *a = payload;

    if (off != a->expect)
        a->gap = true;
    a->expect = off + bytes.len;
    sc__buf_put(&a->b, bytes.data, bytes.len);
    return a->b.failed ? SC_ENOMEM : SC_OK;
}

static int bytes_fn(sc_log *log, sc_txn *txn, void *payload)
{
    bytes_args *a = payload;
    sc_log_state st;
    uint32_t f;
    int rc = sc_log__state_get(&st, log, txn);

    if (rc)
        return rc;
    f = a->name ? sc_log__file_number(a->name) : st.cur_file;
    if (f < st.first_file || f > st.cur_file)
        return sc_error_set(log->ctx, SC_ENOTFOUND, 0, NULL, "no log file '%s'",
                            a->name ? a->name : "");
    rc = walk_file(log, txn, f, 0, bytes_cb, a);
    if (!rc && a->gap)
        rc = sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL,
                          "log.events: records of %s are not contiguous", a->name ? a->name : "");
    return rc;
}

int sc_log_file_bytes(uint8_t **out, size_t *out_len, sc_log *log, const char *name)
{
    bytes_args a = {name, SC_BUF_INIT(log->ctx), 0, false};
    int rc = with_txn(log, false, bytes_fn, &a);

    *out = NULL;
    *out_len = 0;
    if (rc) {
        sc__buf_free(&a.b);
        return rc;
    }
    if (!a.b.data && !sc__buf_reserve(&a.b, 1))
        return SC_ENOMEM;
    *out = a.b.data;
    *out_len = a.b.len;
    return SC_OK;
}

int sc_log_path(char **out, sc_log *log, const char *name)
{
    size_t n = strlen(log->dir) + 2 + (name ? strlen(name) : strlen(SC_LOG_BASENAME) + 6);

    *out = sc__malloc(log->ctx, n);
    if (!*out)
        return SC_ENOMEM;
    if (name)
        snprintf(*out, n, "%s/%s", log->dir, name);
    else
        snprintf(*out, n, "%s/%s.index", log->dir, SC_LOG_BASENAME);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Verification                                                         */

typedef struct verify_state {
    void (*report)(const char *problem, void *payload);
    void *payload;
    size_t problems;
} verify_state;

static void problem(verify_state *v, const char *fmt, ...) SC_PRINTF(2, 3);

static void problem(verify_state *v, const char *fmt, ...)
{
    char msg[600];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    v->problems++;
    if (v->report)
        v->report(msg, v->payload);
}

/* Decode every event of a file's stored bytes: lengths, log_pos, CRC32 (the reader checks). */
static void
verify_events(sc_log *log, verify_state *v, const char *name, const uint8_t *data, size_t len)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev = NULL;
    uint64_t end = SC_BINLOG_MAGIC_LEN;
    int rc = sc_binlog_reader_open_mem(&r, log->ctx, name, (sc_slice){data, len});

    while (!rc) {
        rc = sc_binlog_reader_next(&ev, r);
        if (rc || !ev)
            break;
        end = ev->offset + ev->raw.len;
    }
    if (rc)
        problem(v, "%s: %s", name, sc_ctx_last_error(log->ctx)->message);
    else if (end != len)
        problem(v, "%s: events end at %llu but the file has %zu bytes", name,
                (unsigned long long)end, len);
    sc_binlog_reader_close(r);
}

static void
verify_disk(sc_log *log, verify_state *v, const char *name, const uint8_t *data, size_t len)
{
    char *path = NULL;
    FILE *f;
    uint8_t buf[65536];
    size_t at = 0, n;
    bool same = true;

    if (sc_log_path(&path, log, name))
        return;
    f = fopen(path, "rb");
    if (!f) {
        problem(v, "%s: missing on disk", name);
        sc_free(log->ctx, path);
        return;
    }
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
        if (at + n > len || memcmp(buf, data + at, n) != 0)
            same = false;
        at += n;
    }
    fclose(f);
    if (!same || at != len)
        problem(v,
                "%s: the file on disk (%zu bytes) differs from the log in the catalog "
                "(%zu bytes); run `syscat binlog rebuild`",
                name, at, len);
    sc_free(log->ctx, path);
}

typedef struct verify_walk {
    verify_state v;
    sc_log *log;
    uint32_t names[4096];
    size_t n;
} verify_walk;

static int collect_cb(const sc_log_file *file, void *payload)
{
    verify_walk *w = payload;

    if (w->n < sizeof(w->names) / sizeof(w->names[0]))
        w->names[w->n++] = file->number;
    return SC_OK;
}

int sc_log_verify(sc_log *log,
                  void (*report)(const char *problem, void *payload),
                  void *payload,
                  size_t *problems_out)
{
    verify_walk *w = sc__calloc(log->ctx, 1, sizeof(*w));
    int rc;

    if (!w)
        return SC_ENOMEM;
    w->v.report = report;
    w->v.payload = payload;
    w->log = log;
    rc = sc_log_files(log, collect_cb, w);
    for (size_t i = 0; !rc && i < w->n; i++) {
        char name[32];
        uint8_t *data = NULL;
        size_t len = 0;
        sc_log__file_name(name, sizeof(name), w->names[i]);
        if (sc_log_file_bytes(&data, &len, log, name)) {
            problem(&w->v, "%s: %s", name, sc_ctx_last_error(log->ctx)->message);
            continue;
        }
        verify_events(log, &w->v, name, data, len);
        verify_disk(log, &w->v, name, data, len);
        sc_free(log->ctx, data);
    }
    if (problems_out)
        *problems_out = w->v.problems;
    if (!rc && w->v.problems)
        rc = sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "%zu problem(s) in the log",
                          w->v.problems);
    sc_free(log->ctx, w);
    return rc;
}
