/*
 * cmd_init.c - `syscat init [--map-size BYTES] [--map-max BYTES] [--force]`: create a new
 * catalog in the data directory, atomically (DESIGN.md section 8,
 * docs/cli.md "init").
 *
 * The catalog and its first binlog file are built in a fresh private
 * directory DIR/.syscat-init.PID.XXXXXX (mkdtemp: nothing in it can be a
 * planted link), then renamed into place: catalog.mdb first (the commit
 * point: from then on the catalog exists, complete and logged), binlog/
 * second (derived data: if a crash loses that rename, the next writer
 * rewrites the files from the log stored in the catalog). So a failed or
 * killed init leaves no catalog.mdb at all, only a hidden directory that the
 * next init removes once its process is gone.
 *
 * Refuses (exit 1) when DIR holds a catalog with data, even with --force, so
 * a typo can never reinitialise live data. An incomplete catalog.mdb (an
 * LMDB environment without data, as older versions or an interrupted
 * in-place sc_catalog_open(SC_CATALOG_CREATE) leave it) and a binlog/
 * directory without a catalog are named and removed only with --force.
 * Never works through a symbolic link at catalog.mdb or binlog.
 */
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/cli.h"

#define TMP_PREFIX ".syscat-init."

static int parse_args(sc_catalog_options *o, bool *force, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"map-size", required_argument, NULL, 'm'},
        {"map-max", required_argument, NULL, 'M'},
        {"force", no_argument, NULL, 'f'},
        {NULL, 0, NULL, 0},
    };
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c == 'f') {
            *force = true;
            continue;
        }
        if (c != 'm' && c != 'M')
            return sc_cli__other_option(cli, "init", c, argv);
        if (sc_cli__parse_size(c == 'm' ? &o->map_size : &o->map_size_max, optarg) != 0)
            return sc_cli__usage_error(cli, "init", "bad --%s '%s'",
                                       c == 'm' ? "map-size" : "map-max", optarg);
    }
    if (o->map_size_max && o->map_size > o->map_size_max)
        return sc_cli__usage_error(cli, "init", "--map-size is above --map-max");
    if (o->map_size_max && !o->map_size)
        o->map_size = o->map_size_max < (4ull << 30) ? o->map_size_max : (4ull << 30);
    if (optind != argc)
        return sc_cli__usage_error(cli, "init", "unexpected argument '%s'", argv[optind]);
    return SC_CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

/* dir/name into buf. @return 0, or -1 when it does not fit (errno ENAMETOOLONG) */
static int join(char *buf, size_t size, const char *dir, const char *name)
{
    if ((size_t)snprintf(buf, size, "%s/%s", dir, name) < size)
        return 0;
    errno = ENAMETOOLONG;
    return -1;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path) != 0 && errno != ENOENT ? -1 : 0;
}

/* rm -rf path, never following a link (FTW_PHYS). @return 0 or -1 (errno) */
static int rmtree(const char *path)
{
    return nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS) != 0 && errno != ENOENT ? -1 : 0;
}

/* What is at DIR/name: 0 nothing, 1 a directory, -1 refused (reported). */
static int probe_entry(sc_cli *cli, const char *name)
{
    char path[4096];
    struct stat sb;

    if (join(path, sizeof(path), cli->datadir, name) != 0) {
        sc_cli__failf(cli, "data directory path too long");
        return -1;
    }
    if (lstat(path, &sb) != 0) {
        if (errno == ENOENT)
            return 0;
        sc_cli__failf(cli, "cannot examine '%s': %s", path, strerror(errno));
        return -1;
    }
    if (S_ISLNK(sb.st_mode)) {
        sc_cli__failf(cli, "'%s' is a symbolic link; refusing to initialise through it", path);
        return -1;
    }
    if (!S_ISDIR(sb.st_mode)) {
        sc_cli__failf(cli, "'%s' exists and is not a directory; refusing to initialise", path);
        return -1;
    }
    return 1;
}

/* Remove DIR/name (a leftover) with --force; say what was removed. */
static int remove_leftover(sc_cli *cli, const char *name)
{
    char path[4096];

    if (join(path, sizeof(path), cli->datadir, name) != 0 || rmtree(path) != 0)
        return sc_cli__failf(cli, "cannot remove '%s': %s", path, strerror(errno));
    fprintf(cli->err, "syscat init: removed the leftover '%s'\n", path);
    return SC_CLI_EXIT_OK;
}

/* Remove DIR/.syscat-init.PID.* directories whose init process is gone. */
static void remove_stale_builds(sc_cli *cli)
{
    DIR *d = opendir(cli->datadir);
    struct dirent *e;
    char path[4096];

    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        long pid;
        if (strncmp(e->d_name, TMP_PREFIX, strlen(TMP_PREFIX)) != 0)
            continue;
        pid = strtol(e->d_name + strlen(TMP_PREFIX), NULL, 10);
        if ((pid <= 0 || (kill((pid_t)pid, 0) != 0 && errno == ESRCH)) &&
            join(path, sizeof(path), cli->datadir, e->d_name) == 0)
            (void)rmtree(path);
    }
    closedir(d);
}

/* ------------------------------------------------------------------ */
/* Steps                                                                */

/* The catalog.mdb already there: refuse a complete one; an incomplete one is removed with
 * --force only. */
static int check_catalog(sc_cli *cli, bool force)
{
    bool incomplete = false;
    int rc = sc_catalog_is_incomplete(&incomplete, cli->ctx, cli->datadir);

    if (rc != SC_OK)
        return sc_cli__fail(cli, rc);
    if (!incomplete)
        return sc_cli__failf(cli, "a catalog already exists in '%s'; refusing to initialise it%s",
                             cli->datadir,
                             force ? " (--force only replaces an incomplete catalog)" : "");
    if (!force)
        return sc_cli__failf(cli,
                             "'%s/catalog.mdb' is an incomplete catalog without data (left by a "
                             "failed or interrupted init); 'syscat init --force' replaces it",
                             cli->datadir);
    return remove_leftover(cli, "catalog.mdb");
}

/* Make sure DIR exists and nothing in it is in the way (or, with --force, remove leftovers). */
static int prepare(sc_cli *cli, bool force)
{
    int cat, bin, status;

    if (mkdir(cli->datadir, 0755) != 0 && errno != EEXIST)
        return sc_cli__failf(cli, "cannot create '%s': %s", cli->datadir, strerror(errno));
    if ((cat = probe_entry(cli, "catalog.mdb")) < 0 || (bin = probe_entry(cli, "binlog")) < 0)
        return SC_CLI_EXIT_ERROR;
    if (cat && (status = check_catalog(cli, force)) != SC_CLI_EXIT_OK)
        return status;
    if (bin && !force)
        return sc_cli__failf(cli,
                             "'%s/binlog' holds binlog files but there is no catalog; move it "
                             "away, or 'syscat init --force' removes it",
                             cli->datadir);
    if (bin && (status = remove_leftover(cli, "binlog")) != SC_CLI_EXIT_OK)
        return status;
    remove_stale_builds(cli);
    return SC_CLI_EXIT_OK;
}

/* Create the catalog and attach its log in the directory tmp. */
static int build(sc_cli *cli, const char *tmp, const sc_catalog_options *opts)
{
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    int rc = sc_catalog_open(&cat, cli->ctx, tmp, opts);

    /* Attach the log once: binlog.000001, binlog.enabled=1 and the catalog's logged mark, so
     * every later writer logs (docs/log-format.md "Attaching the log"). */
    if (rc == SC_OK)
        rc = sc_log_open(&log, cat);
    sc_log_close(log);
    sc_catalog_close(cat);
    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
}

/* Move tmp/name to DIR/name. @return 0 or -1 (errno) */
static int move_in(sc_cli *cli, const char *tmp, const char *name)
{
    char from[4096], to[4096];

    if (join(from, sizeof(from), tmp, name) != 0 || join(to, sizeof(to), cli->datadir, name) != 0)
        return -1;
    return rename(from, to);
}

/* Rename the built catalog into place (the commit point), then its binlog directory. */
static int publish(sc_cli *cli, const char *tmp)
{
    if (move_in(cli, tmp, "catalog.mdb") != 0) {
        if (errno == EEXIST || errno == ENOTEMPTY || errno == ENOTDIR)
            return sc_cli__failf(cli, "'%s/catalog.mdb' appeared while initialising; left it alone",
                                 cli->datadir);
        return sc_cli__failf(cli, "cannot move the new catalog into '%s': %s", cli->datadir,
                             strerror(errno));
    }
    if (move_in(cli, tmp, "binlog") != 0) {
        /* The catalog is complete; its files are rewritten from the stored log on next open. */
        int err = errno;
        fprintf(cli->err,
                "syscat init: warning: could not move the binlog files to '%s/binlog' "
                "(%s); the next writer rewrites them\n",
                cli->datadir, strerror(err));
    }
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_init(sc_cli *cli, int argc, char **argv)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    char tmp[4096];
    bool force = false;
    int status;

    status = parse_args(&opts, &force, cli, argc, argv);
    if (status != SC_CLI_EXIT_OK)
        return status;
    status = prepare(cli, force);
    if (status != SC_CLI_EXIT_OK)
        return status;
    if ((size_t)snprintf(tmp, sizeof(tmp), "%s/" TMP_PREFIX "%ld.XXXXXX", cli->datadir,
                         (long)getpid()) >= sizeof(tmp) - 64)
        return sc_cli__failf(cli, "data directory path too long");
    if (!mkdtemp(tmp))
        return sc_cli__failf(cli, "cannot create a directory in '%s': %s", cli->datadir,
                             strerror(errno));
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_EXCL;
    status = build(cli, tmp, &opts);
    if (status == SC_CLI_EXIT_OK)
        status = publish(cli, tmp);
    (void)rmtree(tmp);
    if (status != SC_CLI_EXIT_OK)
        return status;
    fprintf(cli->out, "initialised catalog in '%s' (format %d.%d)\n", cli->datadir, SC_FORMAT_MAJOR,
            SC_FORMAT_MINOR);
    return SC_CLI_EXIT_OK;
}
