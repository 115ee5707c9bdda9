/*
 * check_crash_procs.c - several processes on one data directory, one of them
 * killed or stopped (issue 8, item 5; docs/testing.md "Crash tests"):
 *   - kill_writer: three writer processes run DDL through the logged catalog
 *     and one of them is SIGKILLed at a random moment, preferably while it
 *     waits for a lock; the survivors must finish within a bound (a lost
 *     wake-up leaves one blocked for ever), and the catalog and its log
 *     must then be clean;
 *   - stopped_writer: `syscat exec` blocked behind a SIGSTOPped writer says
 *     on stderr that it waits (the ctx notice hook, after about a second),
 *     naming the holder's pid, and goes on once the holder is continued;
 *   - dead_reader: the LMDB reader slot of a process killed inside a read
 *     transaction is freed by the next open;
 *   - kill_init: `syscat init` SIGKILLed at a random moment leaves either no
 *     catalog (a plain init then works) or a complete, logged one.
 * Seeds and run counts come from SC_CRASH_SEED and CRASH_RUNS (crash_util.h).
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/crash_util.h"
#include "tests/log_util.h"

#define WRITERS 4
#define STATEMENTS 24
#define STMTS_PER_TXN 4
/* Seconds a surviving writer may take for its statements (debug build, loaded machine). */
#define SURVIVOR_BOUND 45.0

/* ------------------------------------------------------------------ */
/* Writer children                                                      */

/* Run statements a..b-1 of writer id in one write transaction (several DDL statements hold the
 * writer's lock a while, so the writers queue for it). */
static int writer_txn(sc_catalog *cat, unsigned id, int a, int b)
{
    sc_txn *txn = NULL;
    sc_session *s = NULL;
    sc_stmt_result r;
    char sql[200];
    int rc = sc_txn_begin(&txn, cat, 0);

    if (!rc)
        rc = sc_session_new(&s, cat, NULL);
    for (int j = a; j < b && !rc; j++) {
        if (j == 0)
            snprintf(sql, sizeof(sql), "CREATE DATABASE w%u", id);
        else
            snprintf(sql, sizeof(sql),
                     j % 2 ? "CREATE TABLE w%u.t%d (id INT PRIMARY KEY, v VARCHAR(20), KEY (v))"
                           : "DROP TABLE w%u.t%d",
                     id, j - 1 + j % 2);
        memset(&r, 0, sizeof(r));
        rc = sc_ddl_exec(&r, s, txn, sql, strlen(sql));
        sc_stmt_result_clear(&r);
    }
    sc_session_free(s);
    if (rc) {
        sc_txn_abort(txn);
        return rc;
    }
    return sc_txn_commit(txn);
}

/* Never returns: open, run `n` statements in database w<id> a few per transaction, exit 0. */
static void writer(const char *dir, unsigned id, int n)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;

    o.flags = SC_CATALOG_NOSYNC;
    if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&cat, ctx, dir, &o) || sc_log_open(&log, cat)) {
        fprintf(stderr, "writer %u: open: %s\n", id, ctx ? sc_ctx_last_error(ctx)->message : "");
        _exit(3);
    }
    for (int j = 0; j <= n; j += STMTS_PER_TXN) {
        if (writer_txn(cat, id, j, j + STMTS_PER_TXN) != SC_OK) {
            fprintf(stderr, "writer %u: statements %d..: %s\n", id, j,
                    sc_ctx_last_error(ctx)->message);
            _exit(6);
        }
    }
    sc_log_close(log);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    _exit(0);
}

/* ------------------------------------------------------------------ */
/* Checks                                                               */

static void new_logged_catalog(char *dir, size_t size)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;

    sc_fixture_tmpdir(dir, size);
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, dir, &o));
    lu_ok(sc_log_open(&log, cat));
    lu_set(cat, SC_LOG_SET_MAX_FILE_SIZE, "32768");
    sc_log_close(log);
    sc_catalog_close(cat);
}

static void check_clean(const char *dir, const char *when)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    size_t problems = 0;

    o.flags = SC_CATALOG_NOSYNC;
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, dir, &o));
    ck_assert_msg(sc_fsck(cat, NULL, NULL, &problems) == SC_OK && problems == 0,
                  "%s: fsck found %zu problems", when, problems);
    lu_ok(sc_log_open(&log, cat));
    ck_assert_msg(log->file_err.code == SC_OK, "%s: files not brought up to date: %s", when,
                  log->file_err.message);
    lu_ok(sc_log_verify(log, NULL, NULL, NULL));
    sc_log_close(log);
    sc_catalog_close(cat);
}

/* Wait for a survivor; on a hang say where it is blocked, kill it and fail. */
static void wait_survivor(pid_t pid, unsigned seed, int round, int victim_in_lock)
{
    char where[128];
    int st = 0;

    if (!cu_wait(pid, &st, SURVIVOR_BOUND)) {
        cu_syscall(where, sizeof(where), pid);
        kill(pid, SIGKILL);
        waitpid(pid, &st, 0);
        ck_abort_msg("seed %u round %d: a surviving writer (pid %d) did not finish within %.0f s; "
                     "blocked in syscall '%s'; the killed writer %s",
                     seed, round, (int)pid, SURVIVOR_BOUND, where,
                     victim_in_lock == 2 ? "had just been woken in a lock wait"
                     : victim_in_lock    ? "was asleep in a lock wait"
                                         : "was not seen");
    }
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0,
                  "seed %u round %d: surviving writer %d ended with status %d", seed, round,
                  (int)pid, st);
}

START_TEST(test_crash_procs_kill_writer)
{
    char dir[256];
    unsigned seed = cu_seed("crash_procs kill_writer"), rs = seed;
    int runs = cu_runs(12), aimed = 0, asleep = 0;

    new_logged_catalog(dir, sizeof(dir));
    for (int round = 0; round < runs; round++) {
        pid_t pids[WRITERS];
        int victim = (int)(cu_rand(&rs) % WRITERS), st, hit;

        for (int i = 0; i < WRITERS; i++) {
            pids[i] = fork();
            ck_assert_int_ge(pids[i], 0);
            if (pids[i] == 0)
                writer(dir, (unsigned)(round * WRITERS + i), STATEMENTS);
        }
        usleep((useconds_t)(cu_rand(&rs) % 100) * 1000u);
        victim = cu_kill_aimed(pids, WRITERS, victim, 300, &hit);
        aimed += hit == 2;
        asleep += hit == 1;
        ck_assert_int_eq(waitpid(pids[victim], &st, 0), pids[victim]);
        for (int i = 0; i < WRITERS; i++)
            if (i != victim)
                wait_survivor(pids[i], seed, round, hit);
        if (round % 4 == 3 || round == runs - 1)
            check_clean(dir, "after the kills");
    }
    fprintf(stderr,
            "crash_procs kill_writer: %d rounds; killed %d writers just woken in a lock wait, "
            "%d asleep in one\n",
            runs, aimed, asleep);
    sc_fixture_rmtree(dir);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A writer behind a stopped one                                        */

/* Child: take the write lock, say so on `ready`, hold it until a byte arrives on `go`, commit. */
static void holder(const char *dir, int ready, int go)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    sc_txn *txn = NULL;
    char c = 'r';

    o.flags = SC_CATALOG_NOSYNC;
    if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&cat, ctx, dir, &o) || sc_log_open(&log, cat) ||
        sc_txn_begin(&txn, cat, 0))
        _exit(3);
    if (write(ready, &c, 1) != 1 || read(go, &c, 1) != 1)
        _exit(4);
    _exit(sc_txn_commit(txn) == SC_OK ? 0 : 5);
}

/* Whether file `path` contains `needle`. */
static bool file_has(const char *path, const char *needle)
{
    size_t len = 0;
    char *text = sc_fixture_read_file(path, &len);
    bool found = text && strstr(text, needle) != NULL;

    free(text);
    return found;
}

/* Run `syscat --datadir dir exec -e sql` with stderr into errpath; returns its pid. */
static pid_t spawn_cli_exec(const char *dir, const char *sql, const char *errpath)
{
    char bin[512];
    pid_t pid;

    snprintf(bin, sizeof(bin), "%s/syscat", sc_fixture_build_dir());
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 2) < 0 || !freopen("/dev/null", "w", stdout))
            _exit(126);
        execl(bin, bin, "--datadir", dir, "exec", "-e", sql, (char *)NULL);
        _exit(127);
    }
    return pid;
}

START_TEST(test_crash_procs_stopped_writer)
{
    char dir[256], errpath[300], want[200];
    int ready[2], go[2], st = 0;
    pid_t hold, cli;
    double t0;
    char c = 'g';

    new_logged_catalog(dir, sizeof(dir));
    snprintf(errpath, sizeof(errpath), "%s/cli.err", dir);
    ck_assert_int_eq(pipe(ready), 0);
    ck_assert_int_eq(pipe(go), 0);
    hold = fork();
    ck_assert_int_ge(hold, 0);
    if (hold == 0)
        holder(dir, ready[1], go[0]);
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    kill(hold, SIGSTOP);
    cli = spawn_cli_exec(dir, "CREATE DATABASE behind_a_stopped_writer", errpath);
    /* It must say that it waits (after about a second), and name the holder. */
    snprintf(want, sizeof(want),
             "waiting for the catalog write lock held by another process (pid %d)", (int)hold);
    t0 = cu_now();
    while (!file_has(errpath, want) && cu_now() - t0 < 30)
        usleep(20000);
    if (!file_has(errpath, want) || cu_wait(cli, &st, 0.5)) {
        kill(hold, SIGKILL);
        kill(cli, SIGKILL);
        ck_abort_msg("the CLI did not wait for the stopped writer, or did not say '%s' on stderr "
                     "within 30 s",
                     want);
    }
    /* Released, it goes on. */
    kill(hold, SIGCONT);
    ck_assert_int_eq(write(go[1], &c, 1), 1);
    ck_assert_msg(cu_wait(hold, &st, 30) && WIFEXITED(st) && WEXITSTATUS(st) == 0,
                  "the holder did not commit (status %d)", st);
    ck_assert_msg(cu_wait(cli, &st, 30), "the CLI still waits after the holder ended");
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "CLI status %d", st);
    close(ready[0]);
    close(ready[1]);
    close(go[0]);
    close(go[1]);
    check_clean(dir, "after the stopped writer");
    sc_fixture_rmtree(dir);
}
END_TEST

/* ------------------------------------------------------------------ */
/* init killed                                                          */

/* Run `syscat --datadir dir ARGS...` to completion, stderr into dir/../NAME.err; returns status. */
static int
cli_run(const char *dir, const char *errpath, const char *a1, const char *a2, const char *a3)
{
    char bin[512];
    int st = 0;
    pid_t pid;

    snprintf(bin, sizeof(bin), "%s/syscat", sc_fixture_build_dir());
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 2) < 0 || !freopen("/dev/null", "w", stdout))
            _exit(126);
        execl(bin, bin, "--datadir", dir, a1, a2, a3, (char *)NULL);
        _exit(127);
    }
    ck_assert_msg(cu_wait(pid, &st, 60), "syscat %s did not finish within 60 s", a1);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/*
 * `syscat init` SIGKILLed at a random moment: afterwards the directory holds
 * either no catalog (exec says so and a plain init works) or a complete,
 * logged one (exec works); never something no command can use.
 */
START_TEST(test_crash_procs_kill_init)
{
    char base[256], dir[300], errpath[320], *err;
    unsigned seed = cu_seed("crash_procs kill_init"), rs = seed;
    int runs = cu_runs(8), complete = 0, st;
    double took;

    sc_fixture_tmpdir(base, sizeof(base));
    snprintf(errpath, sizeof(errpath), "%s/cli.err", base);
    /* How long an init takes here, to spread the kills over it. */
    snprintf(dir, sizeof(dir), "%s/timing", base);
    took = cu_now();
    ck_assert_int_eq(cli_run(dir, errpath, "init", NULL, NULL), 0);
    took = cu_now() - took;
    for (int round = 0; round < runs; round++) {
        char bin[512];
        pid_t pid;

        snprintf(dir, sizeof(dir), "%s/d%d", base, round);
        snprintf(bin, sizeof(bin), "%s/syscat", sc_fixture_build_dir());
        pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
                _exit(126);
            execl(bin, bin, "--datadir", dir, "init", (char *)NULL);
            _exit(127);
        }
        usleep((useconds_t)(cu_rand(&rs) % (unsigned)(took * 1e6 + 1)));
        kill(pid, SIGKILL);
        ck_assert_int_eq(waitpid(pid, &st, 0), pid);
        if (cli_run(dir, errpath, "exec", "-e", "CREATE DATABASE after_kill") == 0) {
            complete++;
        } else {
            err = sc_fixture_read_file(errpath, NULL);
            ck_assert_msg(err && strstr(err, "no catalog"),
                          "seed %u round %d: after a killed init, exec says: %s", seed, round,
                          err ? err : "");
            free(err);
            ck_assert_msg(cli_run(dir, errpath, "init", NULL, NULL) == 0,
                          "seed %u round %d: init after a killed init failed", seed, round);
            ck_assert_int_eq(cli_run(dir, errpath, "exec", "-e", "CREATE DATABASE after_kill"), 0);
        }
        ck_assert_msg(cli_run(dir, errpath, "fsck", NULL, NULL) == 0, "seed %u round %d: fsck",
                      seed, round);
        ck_assert_msg(cli_run(dir, errpath, "binlog", "verify", NULL) == 0,
                      "seed %u round %d: binlog verify", seed, round);
    }
    fprintf(stderr, "crash_procs kill_init: %d kills, %d left a complete catalog\n", runs,
            complete);
    sc_fixture_rmtree(base);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A reader killed inside a read transaction                            */

typedef struct slot_search {
    char pid[32]; /* the dead reader's pid as text */
    int found;    /* its slot is still listed */
} slot_search;

static int reader_line_cb(const char *msg, void *payload)
{
    slot_search *ss = payload;
    char copy[256], *tok, *save = NULL;

    snprintf(copy, sizeof(copy), "%s", msg);
    tok = strtok_r(copy, " \t\n", &save); /* the first column is the pid */
    if (tok && strcmp(tok, ss->pid) == 0)
        ss->found = 1;
    return 0;
}

/*
 * A process SIGKILLed inside a read transaction leaves its LMDB reader slot
 * behind; a stale slot pins the pages of its snapshot, so the map grows while
 * writers cannot reuse them. Opening the catalog must clear slots of dead
 * processes (mdb_reader_check).
 */
/* Child: open the catalog in dir, then exit (status 0 when the open worked). */
static void opener(const char *dir)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;

    if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&cat, ctx, dir, &o))
        _exit(3);
    sc_catalog_close(cat);
    _exit(0);
}

START_TEST(test_crash_procs_dead_reader)
{
    char dir[256];
    int ready[2], st;
    char c = 'r';
    slot_search ss;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    pid_t pid, op;

    new_logged_catalog(dir, sizeof(dir));
    /* We keep the environment open throughout, as a long-running process would: LMDB resets
     * its reader table only when a process opens it alone. */
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, dir, &o));
    ck_assert_int_eq(pipe(ready), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        sc_ctx *ctx = NULL;
        sc_catalog *mine = NULL;
        sc_txn *txn = NULL;
        if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&mine, ctx, dir, &o) ||
            sc_txn_begin(&txn, mine, SC_TXN_READONLY) || write(ready[1], &c, 1) != 1)
            _exit(3);
        pause();
        _exit(0);
    }
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    kill(pid, SIGKILL);
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    close(ready[0]);
    close(ready[1]);
    op = fork(); /* another process opens the catalog */
    ck_assert_int_ge(op, 0);
    if (op == 0)
        opener(dir);
    ck_assert_int_eq(waitpid(op, &st, 0), op);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the second open failed (%d)", st);
    memset(&ss, 0, sizeof(ss));
    snprintf(ss.pid, sizeof(ss.pid), "%d", (int)pid);
    ck_assert_int_eq(mdb_reader_list(sc_catalog__env(cat), reader_line_cb, &ss), 0);
    sc_catalog_close(cat);
    ck_assert_msg(!ss.found,
                  "the reader slot of the killed process %d is still taken after another open",
                  (int)pid);
    sc_fixture_rmtree(dir);
}
END_TEST

Suite *sc_test_crash_procs_suite(void);

Suite *sc_test_crash_procs_suite(void)
{
    Suite *s = suite_create("crash_procs");
    TCase *tc = tcase_create("kill_writer");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 36000); /* CRASH_RUNS=1000 runs long; a hang fails by its own bound */
    tcase_add_test(tc, test_crash_procs_kill_writer);
    suite_add_tcase(s, tc);
    tc = tcase_create("stopped_writer");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_crash_procs_stopped_writer);
    suite_add_tcase(s, tc);
    tc = tcase_create("dead_reader");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_crash_procs_dead_reader);
    suite_add_tcase(s, tc);
    tc = tcase_create("kill_init");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 36000);
    tcase_add_test(tc, test_crash_procs_kill_init);
    suite_add_tcase(s, tc);
    return s;
}
