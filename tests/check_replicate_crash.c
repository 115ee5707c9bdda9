/*
 * check_replicate_crash.c - crash test of the catalog + log (DESIGN.md §9):
 * a writer child runs a stream of DDL through the DDL engine with the log
 * attached (CREATE/ALTER/DROP TABLE, DROP DATABASE cascades, rotation every
 * few kilobytes) and is SIGKILLed at a random moment, 100+ times in a row on
 * the same data directory. After each kill the parent reopens everything and
 * checks:
 *   - sc_fsck: the catalog is clean;
 *   - sc_log_open brings the files up to date, and sc_log_verify finds the
 *     files equal to the log stored in the catalog (every 10 kills; and
 *     `rebuild` reproduces them byte for byte);
 *   - the log and the catalog agree: the new transactions of the log, applied
 *     to a replica catalog (apply.c), give the same SHOW CREATE dump as the
 *     catalog, so the last committed DDL is in both or in neither;
 *   - the child's last reported commit is in the log (GTIDs >= reported).
 *   - before any repair: every binlog file exactly as the kill left it is a
 *     byte prefix of that file in the log stored in the catalog (what
 *     `binlog rebuild` writes); files of an interrupted purge are counted;
 *   - every 10 kills, stock mariadb-binlog decodes every file (exit 0, no
 *     stderr), not only our own reader.
 * The child's work varies with the iteration: plain DDL; DDL mixed with
 * sc_log_rotate, sc_log_rebuild and sc_log_purge; a kill 0..30 ms after fork
 * (inside sc_catalog_open / sc_log_open's catch-up); `syscat exec` of a
 * script (the CLI as the writer).
 * Seed and kill count: SC_CRASH_SEED, CRASH_RUNS (tests/crash_util.h; the
 * seed is printed on every run). Runtime: about 110 kills in about a minute
 * (the child is killed after 0..40 ms of work, counted from the moment it
 * has opened the catalog, except in the kill-at-open mode).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <dirent.h>

#include "tests/crash_util.h"
#include "tests/log_util.h"
#include "replicate/apply.h"

#define KILLS 110
#define MARIADB_BINLOG "/usr/bin/mariadb-binlog"

/* What the child does (by iteration, see child_mode). */
enum { MODE_DDL, MODE_LOGOPS, MODE_OPEN, MODE_CLI, MODE__COUNT };

static int child_mode(int iter)
{
    return iter < 2 ? MODE_DDL : iter % MODE__COUNT;
}

/* ------------------------------------------------------------------ */
/* The writer child                                                     */

static int child_exec(sc_catalog *cat, const char *sql)
{
    sc_session *s = NULL;
    sc_stmt_result r;
    int rc;

    memset(&r, 0, sizeof(r));
    if (sc_session_new(&s, cat, NULL))
        return -1;
    rc = sc_ddl_exec(&r, s, NULL, sql, strlen(sql));
    sc_stmt_result_clear(&r);
    sc_session_free(s);
    return rc;
}

/* The last GTID sequence number in the log (0 when empty). */
static uint64_t child_gtid(sc_log *log, sc_catalog *cat)
{
    sc_txn *t = NULL;
    sc_log_state st;
    uint64_t g = 0;

    if (sc_txn_begin(&t, cat, SC_TXN_READONLY))
        _exit(5);
    if (sc_log__state_get(&st, log, t) == SC_OK)
        g = st.next_seq - 1;
    sc_txn_abort(t);
    return g;
}

/* MODE_LOGOPS: between statements, rotate, rebuild or purge (files before `keep` only: the
 * parent's replica has applied them). */
static void child_logop(sc_log *log, int j, const char *keep)
{
    if (j % 7 == 6 && sc_log_rotate(log))
        _exit(7);
    if (j % 11 == 10 && sc_log_rebuild(log))
        _exit(8);
    if (j % 13 == 12 && sc_log_purge(log, keep))
        _exit(9);
}

/* The name of the current file. */
static void child_cur_file(char *buf, size_t size, sc_log *log, sc_catalog *cat)
{
    sc_txn *t = NULL;
    sc_log_state st;

    if (sc_txn_begin(&t, cat, SC_TXN_READONLY) || sc_log__state_get(&st, log, t))
        _exit(5);
    sc_txn_abort(t);
    sc_log__file_name(buf, size, st.cur_file);
}

/* Never returns: runs DDL until killed, writing the log's last GTID to fd after each commit. */
static void writer(const char *dir, int iter, int fd)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    char sql[256], keep[32];
    uint64_t gtid;

    o.flags = SC_CATALOG_NOSYNC;
    if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&cat, ctx, dir, &o) || sc_log_open(&log, cat))
        _exit(3);
    child_cur_file(keep, sizeof(keep), log, cat);
    gtid = child_gtid(log, cat); /* "ready": the parent starts its clock now */
    if (write(fd, &gtid, sizeof(gtid)) != sizeof(gtid))
        _exit(4);
    for (int j = 0;; j++) {
        switch (j % 5) {
        case 0:
            snprintf(sql, sizeof(sql),
                     j ? "CREATE TABLE d%d.t%d (id INT PRIMARY KEY, v "
                         "VARCHAR(20) COMMENT 'c%d', KEY kv (v))"
                       : "CREATE DATABASE d%d",
                     iter, j, j);
            break;
        case 1:
            snprintf(sql, sizeof(sql),
                     "CREATE TABLE d%d.t%d (id INT PRIMARY KEY, p INT, "
                     "CHECK (p > 0))",
                     iter, j);
            break;
        case 2:
            snprintf(sql, sizeof(sql), "ALTER TABLE d%d.t%d ADD COLUMN w%d BIGINT, COMMENT 'x'",
                     iter, j - 1, j);
            break;
        case 3:
            snprintf(sql, sizeof(sql), "DROP TABLE d%d.t%d", iter, j - 3);
            break;
        default:
            snprintf(sql, sizeof(sql),
                     iter > 1 && j == 4 ? "DROP DATABASE IF EXISTS d%d"
                                        : "CREATE DATABASE IF NOT EXISTS d%d",
                     iter - 2);
            break;
        }
        if (child_mode(iter) == MODE_LOGOPS)
            child_logop(log, j, keep);
        if (child_exec(cat, sql) == SC_OK) {
            gtid = child_gtid(log, cat);
            if (write(fd, &gtid, sizeof(gtid)) != sizeof(gtid))
                _exit(4);
        }
    }
}

/* MODE_CLI: never returns: `syscat exec` of a script of DDL for iteration iter. */
static void cli_writer(const char *dir, int iter, int fd)
{
    char script[300], bin[512];
    uint64_t gtid = 0;
    FILE *f;

    snprintf(script, sizeof(script), "%s.script-%d.sql", dir, iter);
    f = fopen(script, "w");
    if (!f)
        _exit(3);
    fprintf(f, "CREATE DATABASE IF NOT EXISTS c%d;\n", iter);
    for (int j = 0; j < 400; j++)
        fprintf(f,
                j % 2 ? "DROP TABLE c%d.t%d;\n"
                      : "CREATE TABLE c%d.t%d (id INT PRIMARY KEY, v VARCHAR(20), KEY (v));\n",
                iter, j - j % 2);
    if (fclose(f) != 0)
        _exit(3);
    /* No GTID reports from the CLI: the parent checks only that the log did not go back. */
    if (write(fd, &gtid, sizeof(gtid)) != sizeof(gtid))
        _exit(4);
    close(fd);
    if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
        _exit(3);
    snprintf(bin, sizeof(bin), "%s/syscat", sc_fixture_build_dir());
    execl(bin, bin, "--datadir", dir, "exec", script, (char *)NULL);
    _exit(127);
}

/* ------------------------------------------------------------------ */
/* Checks after a kill                                                  */

typedef struct crash_state {
    char dir[256], rdir[256]; /* source and replica data directories */
    uint64_t applied_seq;     /* last GTID applied to the replica */
    uint32_t apply_file;      /* first file that may hold unapplied transactions */
    int kills;                /* kills in this run (CRASH_RUNS) */
} crash_state;

/* The binlog files as the kill left them (before anything reopens the catalog). */
typedef struct file_snap {
    uint32_t number;
    uint8_t *data;
    size_t len;
} file_snap;

#define MAX_SNAPS 256

static size_t snapshot_files(file_snap *snaps, const char *dir)
{
    char path[600], bdir[300];
    struct dirent *e;
    size_t n = 0;
    DIR *d;

    snprintf(bdir, sizeof(bdir), "%s/binlog", dir);
    d = opendir(bdir);
    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL && n < MAX_SNAPS) {
        unsigned num;
        char tail;
        if (sscanf(e->d_name, "binlog.%6u%c", &num, &tail) != 1 || strlen(e->d_name) != 13)
            continue;
        snprintf(path, sizeof(path), "%s/%s", bdir, e->d_name);
        snaps[n].number = num;
        snaps[n].data = (uint8_t *)sc_fixture_read_file(path, &snaps[n].len);
        ck_assert_msg(snaps[n].data != NULL, "cannot read %s", path);
        n++;
    }
    closedir(d);
    return n;
}

/* Each file as left must be a prefix of its stored bytes; files below the first are purged
 * (*orphans: the highest number of such a file seen). */
static void check_prefixes(file_snap *snaps, size_t n, sc_log *log, int iter, size_t *orphans)
{
    for (size_t i = 0; i < n; i++) {
        char name[32];
        uint8_t *stored = NULL;
        size_t len = 0;
        int rc;

        sc_log__file_name(name, sizeof(name), snaps[i].number);
        rc = sc_log_file_bytes(&stored, &len, log, name);
        if (rc == SC_ENOTFOUND) {
            /* purged in the catalog, the kill came before the unlink; nothing removes it later */
            if (snaps[i].number > *orphans)
                *orphans = snaps[i].number;
        } else {
            lu_ok(rc);
            ck_assert_msg(snaps[i].len <= len && memcmp(snaps[i].data, stored, snaps[i].len) == 0,
                          "kill %d: %s as the kill left it (%zu bytes) is not a prefix of the "
                          "stored log (%zu bytes)",
                          iter, name, snaps[i].len, len);
        }
        sc_free(sc_fx.ctx, stored);
        free(snaps[i].data);
    }
}

/* Stock mariadb-binlog decodes every file of the log: exit 0, nothing on stderr.
 * The command grows with the file list (a log rotated by a kill-heavy run
 * can hold many files under a long temporary path). */
typedef struct cmdline {
    char *s;
    size_t len, cap;
} cmdline;

static void cmd_add(cmdline *c, const char *a, const char *b, const char *d)
{
    size_t n = strlen(a) + strlen(b) + strlen(d);

    if (c->len + n + 1 > c->cap) {
        c->cap = (c->len + n + 1) * 2;
        c->s = realloc(c->s, c->cap);
        ck_assert_msg(c->s != NULL, "out of memory building the mariadb-binlog command");
    }
    c->len += (size_t)sprintf(c->s + c->len, "%s%s%s", a, b, d);
}

static int add_path_cb(const sc_log_file *f, void *payload)
{
    void **args = payload;
    cmdline *cmd = args[0];
    char *path = NULL;
    sc_log *log = args[1];

    lu_ok(sc_log_path(&path, log, f->name));
    cmd_add(cmd, " '", path, "'");
    sc_free(sc_fx.ctx, path);
    return 0;
}

static void check_mariadb_binlog(sc_log *log, const char *dir, int iter)
{
    cmdline cmd = {NULL, 0, 0};
    char errpath[300], *err;
    size_t errlen = 0;
    void *args[2] = {&cmd, log};
    int st;

    if (access(MARIADB_BINLOG, X_OK) != 0) {
        fprintf(stderr, "replicate_crash: %s missing: stock decoding not checked\n",
                MARIADB_BINLOG);
        return;
    }
    snprintf(errpath, sizeof(errpath), "%s.decode-err", dir);
    cmd_add(&cmd, MARIADB_BINLOG, " -vv --base64-output=decode-rows", "");
    lu_ok(sc_log_files(log, add_path_cb, args));
    cmd_add(&cmd, " >/dev/null 2>'", errpath, "'");
    st = system(cmd.s);
    free(cmd.s);
    err = sc_fixture_read_file(errpath, &errlen);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0 && errlen == 0,
                  "kill %d: mariadb-binlog failed (status %d): %s", iter, st, err ? err : "");
    free(err);
    unlink(errpath);
}

static uint64_t last_gtid(sc_log *log, sc_catalog *cat)
{
    sc_txn *t = NULL;
    sc_log_state st;

    lu_ok(sc_txn_begin(&t, cat, SC_TXN_READONLY));
    lu_ok(sc_log__state_get(&st, log, t));
    sc_txn_abort(t);
    return st.next_seq - 1;
}

static int apply_file_cb(const sc_log_file *f, void *payload)
{
    void **args = payload;
    crash_state *cs = args[0];
    sc_log *log = args[1];
    sc_catalog *replica = args[2];
    char *path = NULL;
    sc_binlog_reader *r = NULL;

    if (f->number < cs->apply_file)
        return 0;
    lu_ok(sc_log_path(&path, log, f->name));
    lu_ok(sc_binlog_reader_open(&r, sc_fx.ctx, path));
    lu_ok(sc_apply__reader(replica, r, cs->applied_seq, NULL, NULL));
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, path);
    cs->apply_file = f->number;
    return 0;
}

static char *dump(sc_catalog *cat)
{
    sc_txn *t = NULL;
    char *d = NULL;

    lu_ok(sc_txn_begin(&t, cat, SC_TXN_READONLY));
    lu_ok(sc_dump_show_create(&d, t));
    sc_txn_abort(t);
    return d;
}

/* @return the log's last GTID after the kill */
static uint64_t check_after_kill(
    crash_state *cs, int iter, uint64_t gtid_before, uint64_t reported, size_t *orphans)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL, *replica = NULL;
    sc_log *log = NULL;
    size_t problems = 0, nsnap;
    static file_snap snaps[MAX_SNAPS];
    uint64_t gtid;
    char *a, *b;
    void *args[3];
    int mode = child_mode(iter);

    nsnap = snapshot_files(snaps, cs->dir);
    o.flags = SC_CATALOG_NOSYNC;
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, cs->dir, &o));
    ck_assert_msg(sc_fsck(cat, NULL, NULL, &problems) == SC_OK && problems == 0,
                  "kill %d: fsck found %zu problems", iter, problems);
    lu_ok(sc_log_open(&log, cat));
    ck_assert_msg(log->file_err.code == SC_OK, "kill %d: files not brought up to date: %s", iter,
                  log->file_err.message);
    check_prefixes(snaps, nsnap, log, iter, orphans);
    gtid = last_gtid(log, cat);
    /* The child's last reported commit is in the log, and at most one more (killed before
     * it could report). Each DDL statement is at most one transaction. The CLI reports
     * nothing: its log must only not have gone back. */
    if (!reported)
        reported = gtid_before;
    if (mode == MODE_CLI)
        ck_assert_msg(gtid >= gtid_before, "kill %d: log went back from GTID %llu to %llu", iter,
                      (unsigned long long)gtid_before, (unsigned long long)gtid);
    else
        ck_assert_msg(gtid == reported || gtid == reported + 1,
                      "kill %d: log ends at GTID %llu, child reported %llu", iter,
                      (unsigned long long)gtid, (unsigned long long)reported);
    if (iter % 10 == 0 || iter == cs->kills - 1) {
        lu_ok(sc_log_verify(log, NULL, NULL, NULL));
        check_mariadb_binlog(log, cs->dir, iter);
        lu_ok(sc_log_rebuild(log));
        lu_ok(sc_log_verify(log, NULL, NULL, NULL));
    }
    lu_ok(sc_catalog_open(&replica, sc_fx.ctx, cs->rdir, &o));
    args[0] = cs;
    args[1] = log;
    args[2] = replica;
    lu_ok(sc_log_files(log, apply_file_cb, args));
    cs->applied_seq = gtid;
    a = dump(cat);
    b = dump(replica);
    ck_assert_msg(strcmp(a, b) == 0, "kill %d: the log does not reproduce the catalog", iter);
    sc_free(sc_fx.ctx, a);
    sc_free(sc_fx.ctx, b);
    sc_catalog_close(replica);
    sc_log_close(log);
    sc_catalog_close(cat);
    return gtid;
}

static uint64_t gtid_now(crash_state *cs)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    uint64_t g;

    o.flags = SC_CATALOG_NOSYNC;
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, cs->dir, &o));
    lu_ok(sc_log_open(&log, cat));
    g = last_gtid(log, cat);
    sc_log_close(log);
    sc_catalog_close(cat);
    return g;
}

START_TEST(test_crash_kill_writer)
{
    crash_state cs;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    unsigned seed = cu_seed("replicate_crash kill_writer"), rs = seed;
    int progressed = 0;
    size_t orphans = 0;
    int advanced[MODE__COUNT] = {0};
    uint64_t total;

    memset(&cs, 0, sizeof(cs));
    cs.apply_file = 1;
    cs.kills = cu_runs(KILLS);
    sc_fixture_tmpdir(cs.dir, sizeof(cs.dir));
    sc_fixture_tmpdir(cs.rdir, sizeof(cs.rdir));
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, cs.rdir, &o));
    sc_catalog_close(cat);
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, cs.dir, &o));
    lu_ok(sc_log_open(&log, cat)); /* the catalog is logged from now on: writers attach */
    lu_set(cat, SC_LOG_SET_MAX_FILE_SIZE, "16384");
    sc_log_close(log);
    sc_catalog_close(cat);
    for (int iter = 0; iter < cs.kills; iter++) {
        int fds[2], st;
        uint64_t reported = 0, v;
        uint64_t before = gtid_now(&cs);
        pid_t pid;

        ck_assert_int_eq(pipe(fds), 0);
        pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            close(fds[0]);
            if (child_mode(iter) == MODE_CLI)
                cli_writer(cs.dir, iter, fds[1]);
            writer(cs.dir, iter, fds[1]);
        }
        close(fds[1]);
        if (child_mode(iter) == MODE_OPEN) {
            usleep((useconds_t)(cu_rand(&rs) % 30000)); /* from fork: inside the open */
        } else {
            ck_assert_int_eq(read(fds[0], &v, sizeof(v)), (ssize_t)sizeof(v)); /* ready */
            ck_assert_uint_eq(v, child_mode(iter) == MODE_CLI ? 0 : before);
            /* The CLI starts a new program first: give it time to write. */
            usleep((useconds_t)(cu_rand(&rs) % (child_mode(iter) == MODE_CLI ? 400000 : 40000)));
        }
        kill(pid, SIGKILL);
        ck_assert_int_eq(waitpid(pid, &st, 0), pid);
        /* The CLI may finish its script before the kill on a fast machine: fine, if it succeeded.
         */
        ck_assert_msg(WIFSIGNALED(st) ||
                          (child_mode(iter) == MODE_CLI && WIFEXITED(st) && WEXITSTATUS(st) == 0),
                      "kill %d: writer exited by itself (status %d)", iter, st);
        while (read(fds[0], &v, sizeof(v)) == (ssize_t)sizeof(v))
            reported = v;
        close(fds[0]);
        if (child_mode(iter) == MODE_CLI) {
            char script[300];
            snprintf(script, sizeof(script), "%s.script-%d.sql", cs.dir, iter);
            unlink(script);
        }
        progressed += reported > before;
        advanced[child_mode(iter)] +=
            check_after_kill(&cs, iter, before, reported, &orphans) > before;
    }
    total = gtid_now(&cs);
    fprintf(stderr,
            "crash test: %d kills, %d after at least one commit, log at GTID %llu; purged files "
            "left on disk by a kill: up to binlog.%06zu; kills after a commit by mode: ddl %d, log "
            "ops %d, "
            "open %d, cli %d\n",
            cs.kills, progressed, (unsigned long long)total, orphans, advanced[MODE_DDL],
            advanced[MODE_LOGOPS], advanced[MODE_OPEN], advanced[MODE_CLI]);
    /* Every kill lands after the writer opened the catalog, i.e. inside its DDL stream; the
     * stream must actually have run (loaded machines make it slower, not absent). */
    ck_assert_uint_ge(total, (uint64_t)cs.kills / 4);
    sc_fixture_rmtree(cs.dir);
    sc_fixture_rmtree(cs.rdir);
}
END_TEST

Suite *sc_test_replicate_crash_suite(void);

Suite *sc_test_replicate_crash_suite(void)
{
    Suite *s = suite_create("replicate_crash");
    TCase *tc = tcase_create("kill_writer");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 36000); /* CRASH_RUNS=1000 runs long */
    tcase_add_test(tc, test_crash_kill_writer);
    suite_add_tcase(s, tc);
    return s;
}
