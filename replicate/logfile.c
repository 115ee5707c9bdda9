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
 *
 * The commit path (issue 13): the directory is made once per handle, the
 * current file stays open across commits (log->out), and a commit's new
 * records reach it in one pwritev. Per commit that is one stat() of the
 * file's path and one pwritev; a file that is not the one kept open, or
 * whose size is not what this handle wrote, goes through the full checks
 * (open, fstat, stored end, tail comparison) as before.
 */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "replicate/log.h"
#include "catalog/errmsg.h"

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

/* Write iov[0..n) at off, whole (short writes and EINTR resumed); iov is consumed. */
static int pwritev_all(int fd, struct iovec *iov, int n, uint64_t off)
{
    while (n > 0) {
        ssize_t w = pwritev(fd, iov, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        off += (uint64_t)w;
        while (n > 0 && (size_t)w >= iov->iov_len) {
            w -= (ssize_t)iov->iov_len;
            iov++;
            n--;
        }
        if (n > 0) {
            iov->iov_base = (uint8_t *)iov->iov_base + w;
            iov->iov_len -= (size_t)w;
        }
    }
    return 0;
}

/* Make DATADIR/binlog; the commit path (cached) trusts an earlier success. */
static int ensure_dir(sc_log *log, bool cached)
{
    if (cached && log->dir_ok)
        return SC_OK;
    if (mkdir(log->dir, 0755) && errno != EEXIST)
        return io_error(log, "cannot create", log->dir);
    log->dir_ok = true;
    return SC_OK;
}

void sc_log__fd_close(sc_log *log)
{
    if (log->out.fd >= 0)
        close(log->out.fd);
    log->out.fd = -1;
}

static void key_parse(const MDB_val *k, uint32_t *file, uint64_t *off)
{
    *file = (uint32_t)sc_get_uintbe(k->mv_data, 4);
    *off = sc_get_uintbe((const uint8_t *)k->mv_data + 4, 8);
}

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
    mrc = sc_catalog__cursor_get(c, k, v, MDB_SET_RANGE);
    if (mrc == 0 && k->mv_size == 12) {
        key_parse(k, &f, &off);
        if (f == file && off == from)
            return 0;
    }
    if (mrc && mrc != MDB_NOTFOUND)
        return mrc;
    mrc = sc_catalog__cursor_get(c, k, v, mrc == MDB_NOTFOUND ? MDB_LAST : MDB_PREV);
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
    return sc_catalog__cursor_get(c, k, v, MDB_SET_RANGE);
}

int sc_log__walk(
    sc_log *log, sc_txn *txn, uint32_t file, uint64_t from, sc_log_record_cb cb, void *payload)
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
         mrc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
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

/* Records gathered per pwritev (IOV_MAX is 1024 on Linux). */
#define APPEND_IOV 64

/*
 * Appending one file: records from a->size on, each checked before it is
 * written, gathered into one pwritev per APPEND_IOV records (one per commit
 * in practice); append_flush writes what is gathered. Invariant: once
 * sync_one has compared them, size (the file's length once flushed) is at
 * most the stored length of the file, so appending only adds bytes the
 * catalog holds; size only grows. The gathered bytes point into the read
 * transaction's map: flushed before it ends.
 */
typedef struct append_ctx {
    sc_log *log;
    const char *path;
    const char *name; /* base name, for messages */
    int fd;
    int alg;                      /* the file's checksum algorithm (sc_log__file_alg) */
    uint64_t size;                /* bytes in the file once the gathered ones are written */
    struct iovec iov[APPEND_IOV]; /* gathered, contiguous, ending at size */
    int n_iov;                    /* entries of iov in use */
    uint64_t iov_off;             /* file offset of iov[0] */
} append_ctx;

static int append_flush(append_ctx *a)
{
    int n = a->n_iov;

    a->n_iov = 0;
    if (n && pwritev_all(a->fd, a->iov, n, a->iov_off))
        return io_error(a->log, "cannot write", a->path);
    return SC_OK;
}

static int append_cb(uint64_t off, sc_slice bytes, void *payload)
{
    append_ctx *a = payload;
    uint64_t end = off + bytes.len, from = off < a->size ? a->size : off;
    char why[400];
    int rc;

    if (end <= a->size)
        return SC_OK;
    /* A damaged stored record must never reach a file (it would replace good bytes). */
    if (!sc_log__record_check(why, sizeof(why), &a->alg, off, bytes))
        return sc_error_set(a->log->ctx, SC_ECORRUPT, 0, NULL,
                            "%s: the stored record at offset %llu is damaged (%s); it was not "
                            "written",
                            a->name, (unsigned long long)off, why);
    /* a full batch, or a gap (never in a sound log): write what is gathered first */
    if ((a->n_iov == APPEND_IOV || (a->n_iov && from != a->size)) && (rc = append_flush(a)))
        return rc;
    if (a->n_iov == 0)
        a->iov_off = from;
    a->iov[a->n_iov].iov_base = (void *)(uintptr_t)(bytes.data + (from - off));
    a->iov[a->n_iov].iov_len = (size_t)(end - from);
    a->n_iov++;
    assert(end > a->size);
    a->size = end;
    return SC_OK;
}

/* Append the file's records from a->size on (walk, then one write of what it gathered). */
static int append_from(append_ctx *a, sc_txn *txn, uint32_t file)
{
    int rc = sc_log__walk(a->log, txn, file, a->size, append_cb, a);
    int frc = append_flush(a); /* what was gathered before a failure is good: written */

    return rc ? rc : frc;
}

/* End of the stored records of a file (0: none): two lookups, no walk. */
static int stored_end(uint64_t *out, sc_log *log, sc_txn *txn, uint32_t file)
{
    uint8_t key[12];
    MDB_val k = {sizeof(key), key}, v;
    MDB_cursor *c = NULL;
    int mrc = mdb_cursor_open(sc_catalog__mdb_txn(txn), log->dbi_events, &c);

    *out = 0;
    if (mrc)
        return sc_catalog__mdb_error(log->ctx, mrc, "opening a log.events cursor");
    sc_log__key(key, file + 1, 0);
    mrc = file == UINT32_MAX ? MDB_NOTFOUND : sc_catalog__cursor_get(c, &k, &v, MDB_SET_RANGE);
    mrc = sc_catalog__cursor_get(c, &k, &v, mrc == MDB_NOTFOUND ? MDB_LAST : MDB_PREV);
    if (mrc == 0 && k.mv_size == 12 && sc_get_uintbe(k.mv_data, 4) == file)
        *out = sc_get_uintbe((const uint8_t *)k.mv_data + 4, 8) + v.mv_size;
    mdb_cursor_close(c);
    return mrc && mrc != MDB_NOTFOUND ? sc_catalog__mdb_error(log->ctx, mrc, "reading log.events")
                                      : SC_OK;
}

/* stored_end in the latest committed log (another process may have committed since txn). */
static int latest_end(uint64_t *out, sc_log *log, uint32_t file)
{
    sc_txn *t = NULL;
    int rc = sc_txn_begin(&t, log->cat, SC_TXN_READONLY);

    if (!rc)
        rc = stored_end(out, log, t, file);
    sc_txn_abort(t);
    return rc;
}

/*
 * Open a log file for writing: never through a symbolic link, never anything
 * but a regular file (O_NONBLOCK: a FIFO must not block the writer).
 */
static int open_log_file(int *fd, sc_log *log, const char *path, int flags)
{
    struct stat sb;

    *fd = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | flags, 0644);
    if (*fd < 0 && errno == ELOOP)
        return sc_error_set(log->ctx, SC_EIO, 0, NULL,
                            "%s is a symbolic link; log files must be regular files: not written "
                            "(remove it, then run `syscat binlog rebuild`)",
                            path);
    if (*fd < 0)
        return io_error(log, "cannot open", path);
    if (fstat(*fd, &sb) || !S_ISREG(sb.st_mode)) {
        close(*fd);
        *fd = -1;
        return sc_error_set(log->ctx, SC_EIO, 0, NULL,
                            "%s is not a regular file: not written (remove it, then run `syscat "
                            "binlog rebuild`)",
                            path);
    }
    return SC_OK;
}

static int not_ours(sc_log *log, const char *path, uint64_t size, uint64_t stored)
{
    return sc_error_set(log->ctx, SC_EIO, 0, NULL,
                        "%s has %llu bytes but the log in the catalog has %llu and %s: the file "
                        "holds bytes that are not ours, nothing was appended (`syscat binlog "
                        "rebuild` rewrites it from the catalog)",
                        path, (unsigned long long)size, (unsigned long long)stored,
                        size > stored ? "ends there" : "differs at the file's end");
}

/* Whether the file's last bytes are those of the stored record holding them. */
typedef struct tail_ctx {
    int fd;
    uint64_t size; /* the file's size */
    bool same;
} tail_ctx;

static int tail_cb(uint64_t off, sc_slice bytes, void *payload)
{
    tail_ctx *t = payload;
    uint64_t end = off + bytes.len < t->size ? off + bytes.len : t->size;
    uint8_t buf[4096];

    for (uint64_t at = off; at < end;) {
        size_t n = end - at < sizeof(buf) ? (size_t)(end - at) : sizeof(buf);
        if (pread(t->fd, buf, n, (off_t)at) != (ssize_t)n ||
            memcmp(buf, bytes.data + (at - off), n) != 0) {
            t->same = false;
            break;
        }
        at += n;
    }
    return 1; /* only the record holding the file's last byte */
}

static bool tail_matches(sc_log *log, sc_txn *txn, uint32_t file, int fd, uint64_t size)
{
    tail_ctx t = {fd, size, true};

    return size == 0 || (sc_log__walk(log, txn, file, size - 1, tail_cb, &t) >= 0 && t.same);
}

/*
 * Append what a file lacks. A file longer than its stored log, or whose last
 * bytes are not those of the stored log, holds bytes that are not ours (a
 * catalog restored from an older copy, garbage appended): appending after
 * them would bury every later commit, so nothing is written.
 */
/*
 * The kept-open file, when it is still file `file` at path with exactly the
 * bytes this handle knows are ours (one stat): then appending needs none of
 * sync_one's checks.
 */
static bool kept_file_current(const sc_log *log, uint32_t file, const char *path)
{
    const sc_log_fd *o = &log->out;
    struct stat sb;

    return o->fd >= 0 && o->file == file && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
           (uint64_t)sb.st_dev == o->dev && (uint64_t)sb.st_ino == o->ino &&
           (uint64_t)sb.st_size == o->size;
}

/* Append to the kept-open file, whose first out.size bytes are ours. */
static int append_kept(sc_log *log, sc_txn *txn, uint32_t file, const char *path, const char *name)
{
    append_ctx a = {log, path, name, log->out.fd, log->out.alg, log->out.size, {{0}}, 0, 0};
    int rc = append_from(&a, txn, file);

    log->out.size = a.size;
    log->out.alg = a.alg;
    if (rc)
        sc_log__fd_close(log); /* the next commit checks the file from scratch */
    return rc;
}

/* Check a file just opened (fd, of fstat's size) against its stored records; sets a->size. */
static int check_opened(append_ctx *a, sc_txn *txn, uint32_t file, const struct stat *sb)
{
    sc_log *log = a->log;
    uint64_t end = 0;
    int rc;

    a->size = (uint64_t)sb->st_size;
    rc = stored_end(&end, log, txn, file);
    if (!rc && a->size > end && !(rc = latest_end(&end, log, file)) && a->size > end)
        rc = not_ours(log, a->path, a->size, end);
    assert(rc || a->size <= end);
    if (!rc && a->size < end && !tail_matches(log, txn, file, a->fd, a->size))
        rc = not_ours(log, a->path, a->size, end);
    if (!rc && a->size < end)
        rc = sc_log__file_alg(&a->alg, log, txn, file);
    return rc;
}

/* Open the file (making the directory again if it went away since). */
static int open_appending(int *fd, sc_log *log, const char *path)
{
    int rc = open_log_file(fd, log, path, O_CREAT);

    if (rc && log->dir_ok && access(log->dir, F_OK) != 0) {
        log->dir_ok = false;
        if (!(rc = ensure_dir(log, false)))
            rc = open_log_file(fd, log, path, O_CREAT);
    }
    return rc;
}

/*
 * Append what a file lacks, through the kept-open file when it is current,
 * else after opening and checking it; the file stays open for the next
 * commit when all went well.
 */
static int sync_one(sc_log *log, sc_txn *txn, uint32_t file)
{
    char path[4096], name[32];
    append_ctx a = {log, path, name, -1, -1, 0, {{0}}, 0, 0};
    struct stat sb;
    int rc;

    sc_log__file_name(name, sizeof(name), file);
    if (file_path(path, sizeof(path), log, file))
        return sc_error_set(log->ctx, SC_EINVAL, 0, NULL, "binlog path too long");
    if (kept_file_current(log, file, path))
        return append_kept(log, txn, file, path, name);
    sc_log__fd_close(log);
    if ((rc = open_appending(&a.fd, log, path)))
        return rc;
    if (fstat(a.fd, &sb))
        rc = io_error(log, "cannot stat", path);
    if (!rc)
        rc = check_opened(&a, txn, file, &sb);
    if (!rc && a.alg < 0 && (uint64_t)sb.st_size > 0)
        rc = sc_log__file_alg(&a.alg, log, txn, file); /* complete already: for later appends */
    if (!rc)
        rc = append_from(&a, txn, file);
    if (rc) {
        close(a.fd);
        return rc;
    }
    log->out = (sc_log_fd){a.fd, file, a.size, (uint64_t)sb.st_dev, (uint64_t)sb.st_ino, a.alg};
    return SC_OK;
}

/* Write a whole file from its stored records to path (a new file). */
static int write_whole(sc_log *log, sc_txn *txn, uint32_t file, const char *path)
{
    char name[32];
    append_ctx a = {log, path, name, -1, -1, 0, {{0}}, 0, 0};
    int rc;

    sc_log__file_name(name, sizeof(name), file);
    (void)unlink(path); /* a leftover of a killed rebuild */
    if ((rc = open_log_file(&a.fd, log, path, O_CREAT | O_EXCL)))
        return rc;
    rc = append_from(&a, txn, file);
    if (close(a.fd) && !rc)
        rc = io_error(log, "cannot write", path);
    return rc;
}

static int write_index(sc_log *log, const sc_log_state *st)
{
    char path[4096], tmp[4200], name[32];
    FILE *f = NULL;
    int rc = SC_OK, fd;

    snprintf(path, sizeof(path), "%s/%s.index", log->dir, SC_LOG_BASENAME);
    /* a per-process name: several processes may sync the same directory; the rename
     * replaces whatever the index was (a symbolic link is replaced, never followed) */
    snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
    (void)unlink(tmp);
    if ((rc = open_log_file(&fd, log, tmp, O_CREAT | O_EXCL)))
        return rc;
    if (!(f = fdopen(fd, "w"))) {
        rc = io_error(log, "cannot create", tmp);
        close(fd);
        return rc;
    }
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
    if (rc || (rc = ensure_dir(log, true)))
        return rc;
    f = log->synced_below > st.first_file ? log->synced_below : st.first_file;
    for (; f <= st.cur_file; f++) {
        rc = sync_one(log, txn, f);
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
    return sc_log__walk(log, txn, file, 0, size_cb, out);
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
    int rc = log->have_dbis && !log->readonly ? with_txn(log, false, sync_fn, NULL) : SC_OK;

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

/* What a rebuild refused: the files left as they were and the first reason. */
typedef struct rebuild_args {
    size_t refused;
    char first[700];
} rebuild_args;

static void first_problem(const char *problem, void *payload)
{
    rebuild_args *a = payload;

    if (!a->first[0])
        snprintf(a->first, sizeof(a->first), "%s", problem);
}

/*
 * Rewrite one file from its stored records, through a new file renamed over
 * the old one (a symbolic link there is replaced, never followed). A file
 * whose stored records fail their check is left as it is: its bytes on disk
 * may be the only intact copy.
 */
static int rebuild_one(sc_log *log, sc_txn *txn, uint32_t file, rebuild_args *a)
{
    char path[4096], tmp[4200];
    size_t bad = 0;
    uint64_t end = 0;
    int rc = sc_log__check_file(&bad, &end, NULL, log, txn, file, first_problem, a);

    if (rc || bad) {
        a->refused += bad > 0;
        return rc;
    }
    if (file_path(path, sizeof(path), log, file))
        return sc_error_set(log->ctx, SC_EINVAL, 0, NULL, "binlog path too long");
    snprintf(tmp, sizeof(tmp), "%s.rebuild.%ld", path, (long)getpid());
    rc = write_whole(log, txn, file, tmp);
    if (!rc && rename(tmp, path))
        rc = io_error(log, "cannot replace", path);
    if (rc)
        (void)unlink(tmp);
    return rc;
}

static int rebuild_fn(sc_log *log, sc_txn *txn, void *payload)
{
    rebuild_args *a = payload;
    sc_log_state st;
    char path[4096];
    int rc = sc_log__state_get(&st, log, txn);

    if (rc || (rc = ensure_dir(log, false)))
        return rc;
    sc_log__fd_close(log); /* its file is about to be replaced */
    for (uint32_t f = 1; f < st.first_file; f++)
        if (!file_path(path, sizeof(path), log, f))
            (void)unlink(path); /* purged files must not come back */
    for (uint32_t f = st.first_file; !rc && f >= st.first_file && f <= st.cur_file; f++)
        rc = rebuild_one(log, txn, f, a);
    if (!rc) {
        log->synced_below = st.cur_file;
        rc = write_index(log, &st);
    }
    if (!rc && a->refused)
        rc = sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL,
                          "the stored log of %zu file(s) is damaged, so they were not rewritten "
                          "and were left as they are on disk: %s",
                          a->refused, a->first);
    return rc;
}

int sc_log_rebuild(sc_log *log)
{
    rebuild_args a = {0, {0}};

    if (log->readonly)
        return sc_error_set(log->ctx, SC_EREADONLY, 0, NULL,
                            "the catalog is open read-only: the log files are not rewritten");
    return with_txn(log, false, rebuild_fn, &a);
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
    for (mrc = sc_catalog__cursor_get(c, &k, &v, MDB_FIRST); mrc == 0;
         mrc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
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
        return sc_error_set_er(log->ctx, SC_ENOTFOUND, SC_ER_UNKNOWN_TARGET_BINLOG);
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
    sc_log__fd_close(log);
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
    rc = sc_log__walk(log, txn, f, 0, bytes_cb, a);
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
