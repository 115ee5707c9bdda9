/*
 * checkpoint.c - the stored as-of checkpoints and the scratch catalogs the
 * as-of answer is built in (checkpoint.h). A checkpoint is a compact copy
 * (mdb_env_copyfd2, MDB_CP_COMPACT) of a scratch catalog that held the
 * first N transactions of the log, so starting from one is a file copy and
 * an open, not a row-by-row load. File name:
 *   DATADIR/asof/ckpt-FFFFFF-OOOOOOOOOOOO-HHHHHHHHHHHHHHHH.mdb
 * (log file number, offset after the transaction, hash of its stored
 * bytes). docs/history-and-flashback.md "Checkpoints".
 */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <ftw.h>
#include <inttypes.h>
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "catalog/catalog_int.h"
#include "track/checkpoint.h"

#define CKPT_DIR "asof"
#define SCRATCH_SUBDIR "catalog.mdb" /* where sc_catalog_open looks for data.mdb */

static unsigned every_set;

unsigned sc_asof__ckpt_every(void)
{
    return every_set ? every_set : SC_ASOF_CKPT_EVERY;
}

void sc_asof__ckpt_set_every(unsigned k)
{
    every_set = k;
}

uint64_t sc_asof__hash(const uint8_t *data, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;

    for (size_t i = 0; i < len; i++) {
        h ^= data[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

static void ckpt_path(char *buf, size_t size, const char *datadir, const sc_asof_ckpt *ck)
{
    snprintf(buf, size, "%s/" CKPT_DIR "/ckpt-%06" PRIu32 "-%012" PRIu64 "-%016" PRIx64 ".mdb",
             datadir, ck->file, ck->end, ck->hash);
}

bool sc_asof__ckpt_exists(const char *datadir, const sc_asof_ckpt *ck)
{
    char path[4096];

    ckpt_path(path, sizeof(path), datadir, ck);
    return access(path, R_OK) == 0;
}

/* ------------------------------------------------------------------ */
/* Scratch catalogs                                                     */

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

/* Copy the file from onto the new file to. */
static int copy_file(const char *from, const char *to)
{
    int in = open(from, O_RDONLY | O_CLOEXEC), out;
    char buf[1 << 16];
    ssize_t n = 0;
    int ok = 0;

    if (in < 0)
        return -1;
    out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (out < 0) {
        close(in);
        return -1;
    }
    while ((n = copy_file_range(in, NULL, out, NULL, 1 << 30, 0)) > 0)
        ;
    if (n < 0) { /* another file system, an old kernel: plain copies */
        ok = lseek(in, 0, SEEK_SET) == 0 && ftruncate(out, 0) == 0 && lseek(out, 0, SEEK_SET) == 0
                 ? 0
                 : -1;
        while (ok == 0 && (n = read(in, buf, sizeof(buf))) > 0)
            ok = write(out, buf, (size_t)n) == n ? 0 : -1;
        if (n < 0)
            ok = -1;
    }
    close(in);
    if (close(out) != 0)
        ok = -1;
    return ok;
}

int sc_asof__scratch_open(sc_catalog **out,
                          sc_ctx *ctx,
                          const char *datadir,
                          const sc_asof_ckpt *ck)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    const char *tmp = getenv("TMPDIR");
    char dir[512], sub[600], from[4096];
    int rc = SC_OK;

    *out = NULL;
    snprintf(dir, sizeof(dir), "%s/syscat-asof-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return sc_error_set(ctx, SC_EIO, 0, NULL, "cannot make a scratch directory in '%s': %s",
                            tmp && *tmp ? tmp : "/tmp", strerror(errno));
    opts.flags = SC_CATALOG_NOSYNC | (ck ? 0 : SC_CATALOG_CREATE);
    if (ck) {
        ckpt_path(from, sizeof(from), datadir, ck);
        snprintf(sub, sizeof(sub), "%s/" SCRATCH_SUBDIR, dir);
        if (mkdir(sub, 0700) != 0)
            rc = sc_error_set(ctx, SC_EIO, 0, NULL, "cannot make '%s': %s", sub, strerror(errno));
        snprintf(sub, sizeof(sub), "%s/" SCRATCH_SUBDIR "/data.mdb", dir);
        if (!rc && copy_file(from, sub) != 0)
            rc = sc_error_set(ctx, SC_EIO, 0, NULL, "cannot copy the as-of checkpoint '%s': %s",
                              from, strerror(errno));
    }
    if (!rc)
        rc = sc_catalog_open(out, ctx, dir, &opts);
    if (rc) {
        sc_catalog_close(*out);
        *out = NULL;
        remove_dir(dir);
    }
    return rc;
}

void sc_asof__scratch_close(sc_catalog *scratch)
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

/* ------------------------------------------------------------------ */
/* Writing a checkpoint                                                 */

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

/* A temporary file in DATADIR/asof (made when missing): its descriptor, or -1. */
static int temp_in(char *tmp, size_t size, char *dir, size_t dsize, const char *datadir)
{
    snprintf(dir, dsize, "%s/" CKPT_DIR, datadir);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return -1;
    snprintf(tmp, size, "%s/.tmp-XXXXXX", dir);
    return mkstemp(tmp);
}

/* Sync and close fd, then rename tmp to path (ok: what was written so far is good). */
static bool finish(int fd, bool ok, const char *tmp, const char *path, const char *dir)
{
    ok = ok && fsync(fd) == 0;
    if (close(fd) != 0)
        ok = false;
    if (ok && rename(tmp, path) == 0) {
        sync_dir(dir);
        return true;
    }
    unlink(tmp);
    return false;
}

void sc_asof__ckpt_write(sc_catalog *scratch, const char *datadir, const sc_asof_ckpt *ck)
{
    char dir[4096], tmp[4200], path[4096];
    int fd = temp_in(tmp, sizeof(tmp), dir, sizeof(dir), datadir);

    if (fd < 0)
        return;
    ckpt_path(path, sizeof(path), datadir, ck);
    finish(fd, mdb_env_copyfd2(sc_catalog__env(scratch), fd, MDB_CP_COMPACT) == 0, tmp, path, dir);
}

bool sc_asof__store(const char *datadir, const char *name, const struct iovec *iov, int iovcnt)
{
    char dir[4096], tmp[4200], path[4400];
    int fd = temp_in(tmp, sizeof(tmp), dir, sizeof(dir), datadir);
    bool ok = true;

    if (fd < 0)
        return false;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    for (int i = 0; ok && i < iovcnt; i++)
        ok = write(fd, iov[i].iov_base, iov[i].iov_len) == (ssize_t)iov[i].iov_len;
    return finish(fd, ok, tmp, path, dir);
}

int sc_asof__open_stored(const char *datadir, const char *name)
{
    char path[4400];

    snprintf(path, sizeof(path), "%s/" CKPT_DIR "/%s", datadir, name);
    return open(path, O_RDONLY | O_CLOEXEC);
}

/* A checkpoint's file name back to its position and hash. */
static bool parse_name(sc_asof_ckpt *ck, const char *name)
{
    unsigned f;
    unsigned long long end, hash;
    int used = 0;

    memset(ck, 0, sizeof(*ck));
    if (sscanf(name, "ckpt-%6u-%12llu-%16llx.mdb%n", &f, &end, &hash, &used) != 3 ||
        name[used] != '\0')
        return false;
    ck->file = f;
    ck->end = end;
    ck->hash = hash;
    return true;
}

void sc_asof__ckpt_prune(const char *datadir,
                         bool (*keep)(const sc_asof_ckpt *ck, void *payload),
                         void *payload)
{
    char dir[4096], path[4400];
    DIR *d;
    struct dirent *e;
    struct stat sb;
    sc_asof_ckpt ck;

    snprintf(dir, sizeof(dir), "%s/" CKPT_DIR, datadir);
    if (!(d = opendir(dir)))
        return;
    while ((e = readdir(d))) {
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        if (parse_name(&ck, e->d_name)
                ? !keep(&ck, payload)
                : strncmp(e->d_name, ".tmp-", 5) == 0 && stat(path, &sb) == 0 &&
                      sb.st_mtime + 3600 < time(NULL))
            unlink(path);
    }
    closedir(d);
}
