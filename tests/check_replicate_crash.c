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
 * Runtime: about 100 kills in well under a minute (the child is killed after
 * 0..40 ms of DDL, counted from the moment it has opened the catalog).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/log_util.h"
#include "replicate/apply.h"

#define KILLS 110

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

/* Never returns: runs DDL until killed, writing the log's last GTID to fd after each commit. */
static void writer(const char *dir, int iter, int fd)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    char sql[256];
    uint64_t gtid;

    o.flags = SC_CATALOG_NOSYNC;
    if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&cat, ctx, dir, &o) || sc_log_open(&log, cat))
        _exit(3);
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
        if (child_exec(cat, sql) == SC_OK) {
            gtid = child_gtid(log, cat);
            if (write(fd, &gtid, sizeof(gtid)) != sizeof(gtid))
                _exit(4);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Checks after a kill                                                  */

typedef struct crash_state {
    char dir[256], rdir[256]; /* source and replica data directories */
    uint64_t applied_seq;     /* last GTID applied to the replica */
    uint32_t apply_file;      /* first file that may hold unapplied transactions */
} crash_state;

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

static void check_after_kill(crash_state *cs, int iter, uint64_t gtid_before, uint64_t reported)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL, *replica = NULL;
    sc_log *log = NULL;
    size_t problems = 0;
    uint64_t gtid;
    char *a, *b;
    void *args[3];

    o.flags = SC_CATALOG_NOSYNC;
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, cs->dir, &o));
    ck_assert_msg(sc_fsck(cat, NULL, NULL, &problems) == SC_OK && problems == 0,
                  "kill %d: fsck found %zu problems", iter, problems);
    lu_ok(sc_log_open(&log, cat));
    ck_assert_msg(log->file_err.code == SC_OK, "kill %d: files not brought up to date: %s", iter,
                  log->file_err.message);
    gtid = last_gtid(log, cat);
    /* The child's last reported commit is in the log, and at most one more (killed before
     * it could report). Each DDL statement is at most one transaction. */
    if (!reported)
        reported = gtid_before;
    ck_assert_msg(gtid == reported || gtid == reported + 1,
                  "kill %d: log ends at GTID %llu, child reported %llu", iter,
                  (unsigned long long)gtid, (unsigned long long)reported);
    if (iter % 10 == 0 || iter == KILLS - 1) {
        lu_ok(sc_log_verify(log, NULL, NULL, NULL));
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
    unsigned seed = (unsigned)time(NULL);
    int progressed = 0;
    uint64_t total;

    memset(&cs, 0, sizeof(cs));
    cs.apply_file = 1;
    fprintf(stderr, "crash test seed %u\n", seed);
    srand(seed);
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
    for (int iter = 0; iter < KILLS; iter++) {
        int fds[2], st;
        uint64_t reported = 0, v;
        uint64_t before = gtid_now(&cs);
        pid_t pid;

        ck_assert_int_eq(pipe(fds), 0);
        pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            close(fds[0]);
            writer(cs.dir, iter, fds[1]);
        }
        close(fds[1]);
        ck_assert_int_eq(read(fds[0], &v, sizeof(v)), (ssize_t)sizeof(v)); /* ready */
        ck_assert_uint_eq(v, before);
        usleep((useconds_t)(rand() % 40000));
        kill(pid, SIGKILL);
        ck_assert_int_eq(waitpid(pid, &st, 0), pid);
        ck_assert_msg(WIFSIGNALED(st), "writer exited by itself (status %d)", st);
        while (read(fds[0], &v, sizeof(v)) == (ssize_t)sizeof(v))
            reported = v;
        close(fds[0]);
        progressed += reported > before;
        check_after_kill(&cs, iter, before, reported);
    }
    total = gtid_now(&cs);
    fprintf(stderr, "crash test: %d kills, %d after at least one commit, log at GTID %llu\n", KILLS,
            progressed, (unsigned long long)total);
    /* Every kill lands after the writer opened the catalog, i.e. inside its DDL stream; the
     * stream must actually have run (loaded machines make it slower, not absent). */
    ck_assert_uint_ge(total, KILLS / 4);
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
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_crash_kill_writer);
    suite_add_tcase(s, tc);
    return s;
}
