/*
 * env.c - opening and closing a catalog: the LMDB environment in
 * DATADIR/catalog.mdb/, its named databases, the format check against
 * sys.meta, bootstrap of a new catalog, and the one place LMDB codes become
 * sc_err values (STYLE.md 4).
 *
 * Invariant: after sc_catalog_open() every db slot in cat->dbi is open, so
 * transactions never open databases on the hot path. Opening only reads
 * (no write lock) unless the catalog is new or lacks a database.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "catalog/catalog_priv.h"

#define DEFAULT_MAP_SIZE (4ull << 30)
#define CATALOG_SUBDIR "catalog.mdb"
#define WRITE_LOCK_FILE "write.lock"
#define WRITE_LOCK_QUIET 1.0 /* seconds a writer waits for the lock before saying so */

static const char *const extra_db_names[] = {
    "sys.meta",           "sys.settings",     "sys.schemata_by_name",
    "sys.tables_by_name", "sys.fk_by_parent", "sys.table_rows",
};

static const char *slot_name(unsigned slot)
{
    if (slot >= 1 && slot <= SC_SYS_COUNT)
        return sc_catalog__systables[slot - 1].name;
    return extra_db_names[slot - SC_DB_META];
}

/* The one map-full message: the map size (when env is known) and what frees space. */
int sc_catalog__map_full(sc_ctx *ctx, MDB_env *env, const char *what)
{
    MDB_envinfo info;
    char size[64] = "";

    if (env && mdb_env_info(env, &info) == MDB_SUCCESS)
        snprintf(size, sizeof(size), " (map size %zu bytes)", info.me_mapsize);
    return sc_error_set(ctx, SC_EFULL, 0, NULL,
                        "catalog map full%s while %s; nothing was written. To free space, purge "
                        "old log files (`syscat binlog purge`), or allow a larger map "
                        "(`syscat resize --max SIZE`)",
                        size, what);
}

int sc_catalog__mdb_error(sc_ctx *ctx, int rc, const char *what)
{
    if (rc == MDB_SUCCESS)
        return SC_OK;
    if (rc == MDB_NOTFOUND)
        return sc_error_set(ctx, SC_ENOTFOUND, 0, NULL, "%s: not found", what);
    if (rc == MDB_MAP_FULL)
        return sc_catalog__map_full(ctx, NULL, what);
    if (rc == SC_CATALOG__MDB_OUTSIDE) /* sc_catalog__mdb_get set the message */
        return SC_ECORRUPT;
    return sc_error_set(ctx, SC_EIO, 0, NULL, "%s: %s", what, mdb_strerror(rc));
}

int sc__mdb_fail(sc_txn *txn, int rc, const char *what)
{
    sc_ctx *ctx = txn->cat->ctx;
    int code;

    if (rc == MDB_MAP_FULL) {
        code = sc_catalog__map_full(ctx, txn->cat->env, what);
    } else {
        code = sc_catalog__mdb_error(ctx, rc, what);
    }
    /* A failed LMDB write leaves its txn unusable: only abort remains. */
    if (!txn->readonly && rc != MDB_NOTFOUND && !txn->failed)
        txn->failed = code;
    return code;
}

MDB_env *sc_catalog__env(const sc_catalog *cat)
{
    return cat->env;
}

sc_ctx *sc_catalog_ctx(const sc_catalog *cat)
{
    return cat->ctx;
}

const char *sc_catalog_datadir(const sc_catalog *cat)
{
    return cat->datadir;
}

void sc_catalog__set_commit_hook(sc_catalog *cat, sc_commit_hook hook, void *payload)
{
    cat->hook = hook;
    cat->hook_payload = payload;
}

void sc_catalog__set_after_commit_hook(sc_catalog *cat, sc_after_commit_hook hook, void *payload)
{
    cat->after = hook;
    cat->after_payload = payload;
}

int sc_catalog__open_dbi(MDB_dbi *out, sc_txn *txn, const char *name, unsigned mdb_flags)
{
    int rc;

    if (strncmp(name, "sys.", 4) == 0 || sc_catalog__systable_by_name(name))
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL,
                            "database name '%s' is reserved for the catalog", name);
    rc = mdb_dbi_open(txn->mdb, name, mdb_flags | (txn->readonly ? 0 : MDB_CREATE), out);
    if (rc)
        return sc__mdb_fail(txn, rc, "opening a database");
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* The write lock                                                       */

/*
 * Why our own lock: LMDB serialises writers with a robust process-shared
 * pthread mutex in lock.mdb. Robustness covers an owner that dies, not a
 * waiter: the unlocking process clears the lock word and wakes one waiter;
 * if that waiter is SIGKILLed before it runs, the wake-up is lost, the word
 * no longer says anyone waits, and the other waiters sleep on the futex for
 * ever (measured: 3 hangs in 200 rounds of three writers with one killed).
 * An fcntl lock is released and its waiters woken by the kernel whatever
 * happens to a process, and holding it around LMDB's write txn means LMDB's
 * mutex is never contended, so never waited for, by syscat processes.
 * fcntl locks belong to the process: opening and closing write.lock anywhere
 * else in the process would drop it, so only this file touches it.
 */
/* The lock region: byte 0 of write.lock, for every command on it. */
static void wlock_region(struct flock *fl, short type)
{
    memset(fl, 0, sizeof(*fl));
    fl->l_type = type;
    fl->l_whence = SEEK_SET;
    fl->l_start = 0;
    fl->l_len = 1;
}

static int wlock_fcntl(int fd, int cmd, short type)
{
    struct flock fl;

    wlock_region(&fl, type);
    while (fcntl(fd, cmd, &fl) != 0) {
        if (errno != EINTR)
            return errno;
    }
    return 0;
}

static int wlock_open(sc_catalog *cat, const char *dir)
{
    char path[4096];

    if ((size_t)snprintf(path, sizeof(path), "%s/" WRITE_LOCK_FILE, dir) >= sizeof(path))
        return sc_error_set(cat->ctx, SC_EINVAL, 0, NULL, "data directory path too long");
    cat->wlock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (cat->wlock_fd < 0)
        return sc_error_set(cat->ctx, SC_EIO, 0, NULL, "cannot open the write lock '%s': %s", path,
                            strerror(errno));
    return SC_OK;
}

static double now_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The pid holding the write lock, 0 when unknown (e.g. a process in another pid namespace). */
static long wlock_holder(int fd)
{
    struct flock fl;

    wlock_region(&fl, F_WRLCK);
    if (fcntl(fd, F_GETLK, &fl) != 0 || fl.l_type == F_UNLCK)
        return 0;
    return fl.l_pid > 0 ? (long)fl.l_pid : 0;
}

/*
 * Try for WRITE_LOCK_QUIET seconds without a word (backing off from 0.1 to
 * 10 ms between tries: writers usually hold the lock for milliseconds), then
 * say who we wait for and block in the kernel's queue.
 */
static int wlock_wait(sc_catalog *cat)
{
    struct timespec pause = {0, 100000};
    double end = now_seconds() + WRITE_LOCK_QUIET;
    long pid;
    int err;

    for (;;) {
        err = wlock_fcntl(cat->wlock_fd, F_SETLK, F_WRLCK);
        if (err != EAGAIN && err != EACCES)
            return err;
        if (now_seconds() >= end)
            break;
        nanosleep(&pause, NULL);
        if (pause.tv_nsec < 10000000)
            pause.tv_nsec *= 2;
    }
    pid = wlock_holder(cat->wlock_fd);
    if (pid)
        sc__notice(cat->ctx,
                   "waiting for the catalog write lock held by another process (pid %ld)...", pid);
    else
        sc__notice(cat->ctx, "waiting for the catalog write lock held by another process...");
    return wlock_fcntl(cat->wlock_fd, F_SETLKW, F_WRLCK);
}

int sc__write_lock(sc_catalog *cat)
{
    int err;

    if (cat->wlock_fd < 0)
        return sc_error_set(cat->ctx, SC_EREADONLY, 0, NULL, "catalog is open read-only");
    err = wlock_wait(cat);
    if (err)
        return sc_error_set(cat->ctx, SC_EIO, 0, NULL, "cannot take the catalog write lock: %s",
                            strerror(err));
    return SC_OK;
}

void sc__write_unlock(sc_catalog *cat)
{
    if (cat->wlock_fd >= 0)
        wlock_fcntl(cat->wlock_fd, F_SETLK, F_UNLCK);
}

/* ------------------------------------------------------------------ */
/* sys.meta                                                             */

static int meta_get_uint(unsigned *out, MDB_txn *txn, MDB_dbi dbi, const char *key)
{
    MDB_val k = {strlen(key), (void *)key}, v;
    char buf[32];
    int rc = sc_catalog__mdb_get(txn, dbi, &k, &v);

    if (rc)
        return rc;
    if (v.mv_size == 0 || v.mv_size >= sizeof(buf))
        return MDB_CORRUPTED;
    memcpy(buf, v.mv_data, v.mv_size);
    buf[v.mv_size] = '\0';
    *out = (unsigned)strtoul(buf, NULL, 10);
    return MDB_SUCCESS;
}

static int meta_put_uint(MDB_txn *txn, MDB_dbi dbi, const char *key, unsigned long long val)
{
    char buf[32];
    MDB_val k = {strlen(key), (void *)key}, v;

    v.mv_size = (size_t)snprintf(buf, sizeof(buf), "%llu", val);
    v.mv_data = buf;
    return mdb_put(txn, dbi, &k, &v, 0);
}

int sc__meta_logged(bool *out, sc_catalog *cat, MDB_txn *mdb)
{
    unsigned v = 0;
    int rc;

    *out = false;
    if (cat->dbi[SC_DB_META] == 0)
        return SC_OK; /* still opening: the databases are not open yet */
    rc = meta_get_uint(&v, mdb, cat->dbi[SC_DB_META], "logged");
    if (rc == MDB_NOTFOUND)
        return SC_OK;
    if (rc)
        return sc_catalog__mdb_error(cat->ctx, rc, "reading sys.meta");
    *out = v != 0;
    return SC_OK;
}

int sc_catalog__set_logged(sc_txn *txn, bool logged)
{
    unsigned now = 2;
    int rc = sc__txn_writable(txn);

    if (rc)
        return rc;
    /* The log marks every commit: writing an unchanged value would make every
     * transaction dirty, and a read-only statement (SHOW) a durable write with
     * an fdatasync. */
    if (meta_get_uint(&now, txn->mdb, txn->cat->dbi[SC_DB_META], "logged") == MDB_SUCCESS &&
        now == (logged ? 1u : 0u))
        return SC_OK;
    rc = meta_put_uint(txn->mdb, txn->cat->dbi[SC_DB_META], "logged", logged ? 1 : 0);
    return rc ? sc__mdb_fail(txn, rc, "writing sys.meta") : SC_OK;
}

static int check_format(sc_catalog *cat, MDB_txn *txn)
{
    unsigned major = 0, minor = 0;
    int rc = meta_get_uint(&major, txn, cat->dbi[SC_DB_META], "format_major");

    if (rc == MDB_SUCCESS)
        rc = meta_get_uint(&minor, txn, cat->dbi[SC_DB_META], "format_minor");
    if (rc)
        return sc_error_set(cat->ctx, SC_ECORRUPT, 0, NULL,
                            "catalog in '%s' has no readable format version in sys.meta",
                            cat->datadir);
    if (major > SC_FORMAT_MAJOR)
        return sc_error_set(cat->ctx, SC_EVERSION, 0, NULL,
                            "catalog format %u.%u is newer than this syscat supports (%u.%u)",
                            major, minor, SC_FORMAT_MAJOR, SC_FORMAT_MINOR);
    cat->format_major = major;
    cat->format_minor = minor;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Incomplete catalogs                                                  */

/*
 * An incomplete catalog is a catalog.mdb directory with no committed data:
 * no data.mdb, an empty one, or an LMDB environment whose main database
 * holds no named database. Bootstrap is one LMDB transaction, so that is
 * exactly what a creation cut short (map full, a kill) leaves, and removing
 * it loses nothing. */
static int incomplete_error(sc_ctx *ctx, const char *datadir)
{
    return sc_error_set(ctx, SC_ECORRUPT, 0, NULL,
                        "catalog in '%s' is incomplete: it holds no data (left by a failed or "
                        "interrupted init); 'syscat init --force' replaces it",
                        datadir);
}

/* Whether the environment's main database is empty (nothing ever committed). */
static int env_empty(bool *out, MDB_txn *txn)
{
    MDB_stat st;
    MDB_dbi main_db;
    int rc = mdb_dbi_open(txn, NULL, 0, &main_db);

    if (rc == MDB_SUCCESS)
        rc = mdb_stat(txn, main_db, &st);
    *out = rc == MDB_SUCCESS && st.ms_entries == 0;
    return rc;
}

/* Open path read-only just to look at it: is anything committed? */
static int probe_env(bool *empty, sc_ctx *ctx, const char *path)
{
    MDB_env *env = NULL;
    MDB_txn *txn = NULL;
    int rc = mdb_env_create(&env);

    if (!rc)
        rc = mdb_env_set_maxdbs(env, 64);
    if (!rc)
        rc = mdb_env_open(env, path, MDB_RDONLY | MDB_NOTLS, 0644);
    if (!rc)
        rc = mdb_txn_begin(env, NULL, MDB_RDONLY, &txn);
    if (!rc)
        rc = env_empty(empty, txn);
    mdb_txn_abort(txn);
    mdb_env_close(env);
    return rc ? sc_error_set(ctx, SC_EIO, 0, NULL, "cannot examine '%s': %s", path,
                             mdb_strerror(rc))
              : SC_OK;
}

int sc_catalog_is_incomplete(bool *out, sc_ctx *ctx, const char *datadir)
{
    char path[4096];
    struct stat sb;
    off_t size = 0;

    *out = false;
    if ((size_t)snprintf(path, sizeof(path), "%s/" CATALOG_SUBDIR "/data.mdb", datadir) >=
        sizeof(path))
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "data directory path too long");
    if (lstat(path, &sb) == 0)
        size = sb.st_size;
    else if (errno != ENOENT)
        return sc_error_set(ctx, SC_EIO, 0, NULL, "cannot examine '%s': %s", path, strerror(errno));
    path[strlen(path) - strlen("/data.mdb")] = '\0';
    if (size == 0) {
        *out = lstat(path, &sb) == 0; /* catalog.mdb without data */
        return SC_OK;
    }
    return probe_env(out, ctx, path);
}

/* ------------------------------------------------------------------ */
/* Opening                                                              */

/*
 * Open the databases of the layout the catalog's format says (layout.c):
 * format 1 has one database per system table, format 2 keeps the clustered
 * tables in sys.table_rows and their slots point there.
 */
static int open_dbis(sc_catalog *cat, MDB_txn *txn, unsigned flags, bool clustered)
{
    unsigned slot;
    int rc;

    for (slot = 1; slot < SC_DB__COUNT; slot++) {
        if (clustered ? slot <= SC_SYS_COUNT && sc__layout_clustered(slot)
                      : slot == SC_DB_TABLE_ROWS)
            continue;
        rc = mdb_dbi_open(txn, slot_name(slot), flags, &cat->dbi[slot]);
        if (rc)
            return rc;
    }
    if (clustered)
        sc__layout_alias(cat);
    else
        cat->dbi[SC_DB_TABLE_ROWS] = 0;
    sc__layout_set(cat, clustered);
    return MDB_SUCCESS;
}

/* The format major sys.meta records as txn sees it; 0 when there is none (a new catalog). */
static unsigned meta_major(MDB_txn *txn)
{
    MDB_dbi meta;
    unsigned major = 0;

    if (mdb_dbi_open(txn, "sys.meta", 0, &meta) == MDB_SUCCESS)
        (void)meta_get_uint(&major, txn, meta, "format_major");
    return major;
}

/*
 * Convert a format-1 catalog to the clustered layout of format 2 in txn (the
 * write lock is held: one LMDB transaction, so a crash leaves the old
 * catalog or the new one). Rows and log are unchanged.
 */
static int convert_layout(sc_txn *txn)
{
    sc_catalog *cat = txn->cat;
    uint64_t moved = 0;
    int rc;

    if (cat->clustered)
        return SC_OK;
    rc = sc__layout_convert(&moved, txn);
    if (!rc &&
        (rc = meta_put_uint(txn->mdb, cat->dbi[SC_DB_META], "format_major", SC_FORMAT_MAJOR)))
        rc = sc__mdb_fail(txn, rc, "writing sys.meta");
    if (rc)
        return rc;
    sc__notice(cat->ctx,
               "upgraded the catalog in '%s' from format %u.%u to %u.%u (%llu rows moved)",
               cat->datadir, cat->format_major, cat->format_minor, SC_FORMAT_MAJOR,
               cat->format_minor, (unsigned long long)moved);
    cat->format_major = SC_FORMAT_MAJOR;
    return SC_OK;
}

/* A catalog lacking databases but holding sys.meta: made by an older syscat. */
static void older_format(sc_catalog *cat, MDB_txn *txn)
{
    MDB_dbi meta;

    cat->format_major = cat->format_minor = 0;
    if (mdb_dbi_open(txn, "sys.meta", 0, &meta) == MDB_SUCCESS &&
        meta_get_uint(&cat->format_major, txn, meta, "format_major") == MDB_SUCCESS)
        (void)meta_get_uint(&cat->format_minor, txn, meta, "format_minor");
}

/*
 * Upgrade in place: describe the system tables this syscat added since the
 * catalog was made (their databases exist by now) and record the current
 * format minor, all in txn. Nothing to do for a catalog of the current format.
 */
static int upgrade(sc_txn *txn)
{
    sc_catalog *cat = txn->cat;
    unsigned added = 0;
    int rc;

    if (cat->format_major != SC_FORMAT_MAJOR || cat->format_minor >= SC_FORMAT_MINOR)
        return SC_OK;
    rc = sc__upgrade(&added, txn);
    if (!rc &&
        (rc = meta_put_uint(txn->mdb, cat->dbi[SC_DB_META], "format_minor", SC_FORMAT_MINOR)))
        rc = sc__mdb_fail(txn, rc, "writing sys.meta");
    if (!rc)
        cat->format_minor = SC_FORMAT_MINOR;
    return rc;
}

int sc_catalog__upgrade(sc_txn *txn)
{
    int rc = sc__txn_writable(txn);

    return rc ? rc : upgrade(txn);
}

/* Fast path: every database exists; read the format without the write lock. */
static int open_existing(sc_catalog *cat, bool *missing, bool *empty)
{
    MDB_txn *txn = NULL;
    int rc;

    *missing = false;
    *empty = false;
    rc = mdb_txn_begin(cat->env, NULL, MDB_RDONLY, &txn);
    if (rc)
        return sc_catalog__mdb_error(cat->ctx, rc, "opening the catalog");
    rc = open_dbis(cat, txn, 0, meta_major(txn) >= SC_FORMAT_CLUSTERED);
    if (rc == MDB_NOTFOUND) {
        rc = env_empty(empty, txn);
        older_format(cat, txn);
        mdb_txn_abort(txn);
        *missing = true;
        return rc ? sc_catalog__mdb_error(cat->ctx, rc, "opening the catalog") : SC_OK;
    }
    if (rc) {
        mdb_txn_abort(txn);
        return sc_catalog__mdb_error(cat->ctx, rc, "opening the catalog databases");
    }
    rc = check_format(cat, txn);
    if (!rc && !(cat->flags & SC_CATALOG_READONLY) && cat->format_major == SC_FORMAT_MAJOR &&
        cat->format_minor < SC_FORMAT_MINOR) {
        bool logged = false;

        rc = sc__meta_logged(&logged, cat, txn);
        *missing = !logged; /* an older format upgrades in open_create, or when the log attaches */
    }
    if (!rc && !(cat->flags & SC_CATALOG_READONLY) && !cat->clustered)
        *missing = true; /* format 1: open_create converts the layout */
    if (rc) {
        mdb_txn_abort(txn);
        return rc;
    }
    rc = mdb_txn_commit(txn); /* keeps the dbi handles */
    return rc ? sc_catalog__mdb_error(cat->ctx, rc, "opening the catalog") : SC_OK;
}

/* Slow path: create what is missing; bootstrap a new catalog. */
static int open_create(sc_catalog *cat)
{
    sc_txn *txn = NULL;
    MDB_val k = {12, (void *)"format_major"}, v;
    MDB_envinfo info;
    bool logged = false;
    unsigned major;
    int rc;

    if ((cat->flags & SC_CATALOG_READONLY) && cat->format_major >= 1 &&
        (cat->format_major < SC_FORMAT_MAJOR || cat->format_minor < SC_FORMAT_MINOR))
        return sc_error_set(cat->ctx, SC_EVERSION, 0, NULL,
                            "catalog in '%s' (format %u.%u) was made by an older syscat and "
                            "needs an upgrade to format %u.%u: open it read-write once with "
                            "this syscat to upgrade it in place (from the shell: syscat exec "
                            "-e ';')",
                            cat->datadir, cat->format_major, cat->format_minor, SC_FORMAT_MAJOR,
                            SC_FORMAT_MINOR);
    if (cat->flags & SC_CATALOG_READONLY)
        return sc_error_set(cat->ctx, SC_ECORRUPT, 0, NULL,
                            "catalog in '%s' is incomplete and opened read-only", cat->datadir);
    /* Still opening: a logged catalog of format 1 is converted here, before its log
     * attaches, which sc_txn_begin allows only while sys.meta is not open. The
     * conversion changes no row, so there is nothing to log. */
    cat->dbi[SC_DB_META] = 0;
    rc = sc_txn_begin(&txn, cat, 0);
    if (rc)
        return rc;
    major = meta_major(txn->mdb); /* again: another process may have converted it meanwhile */
    rc = open_dbis(cat, txn->mdb, MDB_CREATE, major == 0 || major >= SC_FORMAT_CLUSTERED);
    if (rc) {
        rc = sc__mdb_fail(txn, rc, "creating the catalog databases");
        goto out;
    }
    rc = sc_catalog__mdb_get(txn->mdb, cat->dbi[SC_DB_META], &k, &v);
    if (rc == MDB_NOTFOUND) {
        if (!(cat->flags & SC_CATALOG_CREATE)) {
            rc = sc_error_set(cat->ctx, SC_ENOTFOUND, 0, NULL, "no catalog in '%s'", cat->datadir);
            goto out;
        }
        mdb_env_info(cat->env, &info);
        rc = meta_put_uint(txn->mdb, cat->dbi[SC_DB_META], "format_major", SC_FORMAT_MAJOR);
        if (!rc)
            rc = meta_put_uint(txn->mdb, cat->dbi[SC_DB_META], "format_minor", SC_FORMAT_MINOR);
        if (!rc)
            rc = meta_put_uint(txn->mdb, cat->dbi[SC_DB_META], "map_size", info.me_mapsize);
        if (!rc && cat->map_max)
            rc = meta_put_uint(txn->mdb, cat->dbi[SC_DB_META], "map_size_max", cat->map_max);
        if (rc) {
            rc = sc__mdb_fail(txn, rc, "writing sys.meta");
            goto out;
        }
        rc = sc__bootstrap(txn);
        if (rc)
            goto out;
    } else if (rc) {
        rc = sc__mdb_fail(txn, rc, "reading sys.meta");
        goto out;
    }
    rc = check_format(cat, txn->mdb);
    if (!rc)
        rc = convert_layout(txn);
    /* A logged catalog upgrades when its log attaches (sc_log_open), so that the new
     * rows reach the binlog in the same transaction. */
    if (!rc)
        rc = sc__meta_logged(&logged, cat, txn->mdb);
    if (!rc && !logged)
        rc = upgrade(txn);
    if (rc)
        goto out;
    rc = sc_txn_commit(txn);
    txn = NULL;
out:
    sc_txn_abort(txn);
    return rc;
}

static int make_dirs(sc_ctx *ctx, const char *datadir, const char *path)
{
    if (mkdir(datadir, 0755) != 0 && errno != EEXIST)
        return sc_error_set(ctx, SC_EIO, 0, NULL, "cannot create '%s': %s", datadir,
                            strerror(errno));
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        return sc_error_set(ctx, SC_EIO, 0, NULL, "cannot create '%s': %s", path, strerror(errno));
    return SC_OK;
}

static int env_setup(sc_catalog *cat, const char *path, const sc_catalog_options *o, bool exists)
{
    unsigned envflags = MDB_NOTLS;
    int rc;

    rc = mdb_env_create(&cat->env);
    if (rc)
        return sc_catalog__mdb_error(cat->ctx, rc, "creating the LMDB environment");
    mdb_env_set_maxdbs(cat->env, 64);
    mdb_env_set_maxreaders(cat->env, 256);
    mdb_env_set_userctx(cat->env, cat); /* the bounds checks name their table on cat's ctx */
    if (o->map_size || !exists) {
        rc = mdb_env_set_mapsize(cat->env, o->map_size ? o->map_size : DEFAULT_MAP_SIZE);
        if (rc)
            return sc_catalog__mdb_error(cat->ctx, rc, "setting the map size");
    }
    if (o->flags & SC_CATALOG_NOSYNC)
        envflags |= MDB_NOSYNC;
    if (o->flags & SC_CATALOG_READONLY)
        envflags |= MDB_RDONLY;
    rc = mdb_env_open(cat->env, path, envflags, 0644);
    if (rc)
        return sc_error_set(cat->ctx, SC_EIO, 0, NULL, "cannot open catalog '%s': %s", path,
                            mdb_strerror(rc));
    /* Free the reader slots of processes killed inside a read txn: while another process
     * keeps the environment open LMDB never resets its reader table, and a stale slot pins
     * the pages of its snapshot. Best effort: a failure here leaves them, as before. */
    (void)mdb_reader_check(cat->env, NULL);
    return (o->flags & SC_CATALOG_READONLY) ? SC_OK : wlock_open(cat, path);
}

/* The options as version 1 callers built them (no table_cache_size). */
typedef struct options_v1 {
    unsigned version;
    unsigned flags;
    uint64_t map_size;
} options_v1;

_Static_assert(offsetof(sc_catalog_options, table_cache_size) == sizeof(options_v1),
               "sc_catalog_options version 2 must extend version 1 at its end");

/* Version 2 ends before map_size_max. */
#define OPTIONS_V2_SIZE offsetof(sc_catalog_options, map_size_max)

/* Copy the caller's options, of any version we know, over the defaults in o. */
static int read_options(sc_catalog_options *o, sc_ctx *ctx, const sc_catalog_options *opts)
{
    if (!opts)
        return SC_OK;
    if (opts->version == 1 || opts->version == 2) {
        memcpy(o, opts, opts->version == 1 ? sizeof(options_v1) : OPTIONS_V2_SIZE);
        o->version = SC_CATALOG_OPTIONS_VERSION;
        return SC_OK;
    }
    if (opts->version != SC_CATALOG_OPTIONS_VERSION)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "unknown catalog options version %u",
                            opts->version);
    *o = *opts;
    if (o->map_size_max && o->map_size > o->map_size_max)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                            "the map size (%llu bytes) is above its ceiling (%llu bytes)",
                            (unsigned long long)o->map_size, (unsigned long long)o->map_size_max);
    return SC_OK;
}

/* Entries of the definition cache (0 = none). */
static size_t cache_size(const sc_catalog_options *o)
{
    if (o->flags & SC_CATALOG_NO_TABLE_CACHE)
        return 0;
    return o->table_cache_size ? o->table_cache_size : SC_TABLE_CACHE_DEFAULT;
}

static int
catalog_new(sc_catalog **out, sc_ctx *ctx, const char *datadir, const sc_catalog_options *o)
{
    sc_catalog *cat = sc__calloc(ctx, 1, sizeof(*cat));
    unsigned i;
    int rc;

    *out = NULL;
    if (!cat)
        return SC_ENOMEM;
    cat->ctx = ctx;
    {
        /* writers first: a map change is not starved by a stream of reads */
        pthread_rwlockattr_t a;
        pthread_rwlockattr_init(&a);
        pthread_rwlockattr_setkind_np(&a, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
        pthread_rwlock_init(&cat->map_lock, &a);
        pthread_rwlockattr_destroy(&a);
    }
    cat->flags = o->flags;
    cat->map_max = o->map_size_max;
    cat->wlock_fd = -1;
    cat->datadir = sc__strdup(ctx, datadir);
    if (!cat->datadir) {
        sc_free(ctx, cat);
        return SC_ENOMEM;
    }
    rc = sc__tcache_init(&cat->tcache, ctx, cache_size(o));
    if (!rc)
        rc = sc__nhint_init(&cat->nhints, ctx);
    if (rc) {
        sc_catalog_close(cat);
        return rc;
    }
    for (i = 1; i <= SC_SYS_COUNT; i++) {
        rc = sc__keyspec_parse(&cat->keys[i], ctx, &sc_catalog__systables[i - 1]);
        if (rc) {
            sc_catalog_close(cat);
            return rc;
        }
    }
    *out = cat;
    return SC_OK;
}

int sc_catalog_open(sc_catalog **out,
                    sc_ctx *ctx,
                    const char *datadir,
                    const sc_catalog_options *opts)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    char path[4096];
    struct stat sb;
    bool exists, missing = false, empty = false;
    int rc;

    *out = NULL;
    if ((rc = read_options(&o, ctx, opts)))
        return rc;
    if ((size_t)snprintf(path, sizeof(path), "%s/" CATALOG_SUBDIR, datadir) >= sizeof(path))
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "data directory path too long");
    snprintf(path + strlen(path), sizeof(path) - strlen(path), "/data.mdb");
    exists = stat(path, &sb) == 0 && sb.st_size > 0;
    path[strlen(path) - strlen("/data.mdb")] = '\0';
    if (!exists && !(o.flags & SC_CATALOG_CREATE))
        return stat(path, &sb) == 0
                   ? incomplete_error(ctx, datadir)
                   : sc_error_set(ctx, SC_ENOTFOUND, 0, NULL, "no catalog in '%s'", datadir);
    if (exists && (o.flags & SC_CATALOG_CREATE) && (o.flags & SC_CATALOG_EXCL))
        return sc_error_set(ctx, SC_EEXISTS, 0, NULL, "a catalog already exists in '%s'", datadir);
    if (!exists && (rc = make_dirs(ctx, datadir, path)))
        return rc;
    rc = catalog_new(&cat, ctx, datadir, &o);
    if (rc)
        return rc;
    rc = env_setup(cat, path, &o, exists);
    if (!rc && exists)
        rc = open_existing(cat, &missing, &empty);
    if (!rc && empty && !(o.flags & SC_CATALOG_CREATE))
        rc = incomplete_error(ctx, datadir);
    if (!rc && (!exists || missing))
        rc = open_create(cat);
    if (rc) {
        sc_catalog_close(cat);
        return rc;
    }
    *out = cat;
    return SC_OK;
}

void sc_catalog_close(sc_catalog *cat)
{
    if (!cat)
        return;
    sc__tcache_free(&cat->tcache); /* tables callers still hold live on */
    sc__nhint_free(&cat->nhints);
    if (cat->env)
        mdb_env_close(cat->env);
    if (cat->wlock_fd >= 0)
        close(cat->wlock_fd);
    sc_free(cat->ctx, cat->datadir);
    pthread_rwlock_destroy(&cat->map_lock);
    sc_free(cat->ctx, cat);
}
