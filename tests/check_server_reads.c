/*
 * check_server_reads.c - readers of `syscat serve` (server/query.c,
 * docs/server.md "Readers"): a statement that only reads the catalog runs in
 * a read-only transaction of its own, beside an open group commit or
 * another connection's BEGIN, and must still see exactly one committed
 * state: never a torn one (half of a transaction), never one older than a
 * commit that was acknowledged before the read was sent, never going back;
 * and a connection with a change of its own not committed yet (BEGIN, or a
 * statement earlier in the same multi-statement query) sees that change.
 * Reads run on reader threads (server/readers.c) here: each connection's
 * replies and errors stay its own.
 */
#include <mysql.h>
#include <sys/mman.h>

#include "syscat.h"
#include "tests/server_util.h"

static test_server ts;

static void setup(void)
{
    /* reads on 2 reader loops whatever the CPU count (none by default on 1 CPU) */
    static const char *const opts[] = {"--lock-wait-timeout", "1", "--reader-threads", "2", NULL};

    signal(SIGPIPE, SIG_IGN);
    ts_start(&ts, opts);
}

static void teardown(void)
{
    ts_cleanup(&ts);
}

static MYSQL *connect_socket(void)
{
    MYSQL *m = mysql_init(NULL);

    if (m &&
        !mysql_real_connect(m, NULL, "root", NULL, NULL, 0, ts.sock, CLIENT_MULTI_STATEMENTS)) {
        mysql_close(m);
        return NULL;
    }
    return m;
}

static int run(MYSQL *m, const char *sql)
{
    if (mysql_query(m, sql) != 0) {
        fprintf(stderr, "%s: %u %s\n", sql, mysql_errno(m), mysql_error(m));
        return -1;
    }
    mysql_free_result(mysql_store_result(m));
    return 0;
}

/* The second column of the first row of the current result (malloc'ed), or NULL. */
static char *take_text(MYSQL *m)
{
    MYSQL_RES *res = mysql_store_result(m);
    MYSQL_ROW row = res ? mysql_fetch_row(res) : NULL;
    char *text = row && row[1] ? strdup(row[1]) : NULL;

    mysql_free_result(res);
    return text;
}

static char *show_create(MYSQL *m, const char *what)
{
    char sql[128];

    snprintf(sql, sizeof(sql), "SHOW CREATE %s", what);
    if (mysql_query(m, sql) != 0)
        return NULL;
    return take_text(m);
}

/* SHOW CREATE TABLE r.t of the committed state k (columns c0..c<cols>, COMMENT 'k'). */
static void expected(char *out, size_t cap, unsigned cols, unsigned k)
{
    size_t n = (size_t)snprintf(out, cap, "CREATE TABLE `t` (\n");

    for (unsigned i = 0; i <= cols; i++)
        n += (size_t)snprintf(out + n, cap - n, "  `c%u` int(11) DEFAULT NULL%s\n", i,
                              i < cols ? "," : "");
    snprintf(out + n, cap - n,
             ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='%u'", k);
}

enum { STEPS = 90, READERS = 4, TEXT_MAX = 8192 };

typedef struct shared {
    unsigned acked; /* the last state whose commit the writer has seen acknowledged */
    unsigned done;  /* the writer has finished */
    unsigned long reads[READERS];
} shared;

/*
 * The writer: state k adds column c<k> and sets COMMENT 'k'; in one ALTER,
 * or (every third) in BEGIN ... COMMIT as two ALTERs, with a pause between
 * them in which the half-done state exists in the open transaction only (the
 * writer itself must see it, nobody else may).
 */
static int writer(shared *sh)
{
    MYSQL *m = connect_socket();
    char sql[160], want[TEXT_MAX], *got;

    if (!m)
        return 2;
    for (unsigned k = 1; k <= STEPS; k++) {
        if (k % 3 == 0) {
            snprintf(sql, sizeof(sql), "ALTER TABLE r.t ADD COLUMN c%u INT", k);
            if (run(m, "BEGIN") || run(m, sql))
                return 1;
            got = show_create(m, "TABLE r.t");
            expected(want, sizeof(want), k, k - 1);
            if (!got || strcmp(got, want) != 0) {
                fprintf(stderr, "writer in BEGIN: not its own change:\n%s\n", got ? got : "(none)");
                return 1;
            }
            free(got);
            ts_sleep_ms(3);
            snprintf(sql, sizeof(sql), "ALTER TABLE r.t COMMENT='%u'", k);
            if (run(m, sql) || run(m, "COMMIT"))
                return 1;
        } else {
            snprintf(sql, sizeof(sql), "ALTER TABLE r.t ADD COLUMN c%u INT, COMMENT='%u'", k, k);
            if (run(m, sql))
                return 1;
        }
        __atomic_store_n(&sh->acked, k, __ATOMIC_SEQ_CST);
    }
    mysql_close(m);
    return 0;
}

/* One read: a committed state, not older than acked, not older than *last. */
static int check_read(MYSQL *m, unsigned acked, unsigned *last)
{
    char want[TEXT_MAX], *got = show_create(m, "TABLE r.t"), *c;
    unsigned k;

    if (!got) {
        fprintf(stderr, "reader: SHOW CREATE TABLE failed: %s\n", mysql_error(m));
        return 1;
    }
    c = strstr(got, "COMMENT='");
    if (!c || sscanf(c, "COMMENT='%u'", &k) != 1 || k > STEPS) {
        fprintf(stderr, "reader: no state in:\n%s\n", got);
        free(got);
        return 1;
    }
    expected(want, sizeof(want), k, k);
    if (strcmp(got, want) != 0 || k < acked || k < *last) {
        fprintf(stderr, "reader: state %u (acknowledged %u, last seen %u) %s:\n%s\n", k, acked,
                *last, strcmp(got, want) != 0 ? "torn" : "stale", got);
        free(got);
        return 1;
    }
    *last = k;
    free(got);
    return 0;
}

/* A change of its own earlier in the same query: the read after it sees it. */
static int check_own_change(MYSQL *m, unsigned r, unsigned long n)
{
    char sql[160], *got;
    int rc = 1;

    snprintf(sql, sizeof(sql), "CREATE DATABASE rd%u_%lu; SHOW CREATE DATABASE rd%u_%lu", r, n, r,
             n);
    if (mysql_query(m, sql) != 0 || mysql_next_result(m) != 0) {
        fprintf(stderr, "reader: %s: %u %s\n", sql, mysql_errno(m), mysql_error(m));
        return 1;
    }
    got = take_text(m);
    if (got && strstr(got, "CREATE DATABASE `rd"))
        rc = 0;
    else
        fprintf(stderr, "reader: %s: %s\n", sql, got ? got : "(no row)");
    free(got);
    return rc;
}

static int reader(shared *sh, unsigned r)
{
    MYSQL *m = connect_socket();
    unsigned last = 0;

    if (!m)
        return 2;
    while (!__atomic_load_n(&sh->done, __ATOMIC_SEQ_CST)) {
        unsigned acked = __atomic_load_n(&sh->acked, __ATOMIC_SEQ_CST);
        unsigned long n = ++sh->reads[r];

        if (check_read(m, acked, &last) != 0)
            return 1;
        if (r == 0 && n % 16 == 0 && check_own_change(m, r, n) != 0)
            return 1;
    }
    mysql_close(m);
    return 0;
}

static pid_t spawn(shared *sh, int who)
{
    pid_t pid = fork();

    ck_assert_int_ge(pid, 0);
    if (pid == 0)
        _exit(who < 0 ? writer(sh) : reader(sh, (unsigned)who));
    return pid;
}

static void wait_ok(pid_t pid, const char *who)
{
    int st = -1;

    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s failed (status %d)", who, st);
}

/* Readers while DDL commits (single ALTERs in group commits, and two-step
 * BEGIN ... COMMIT transactions): every SHOW CREATE TABLE is exactly one
 * committed state, at least the last acknowledged one, never going back. */
START_TEST(test_server_reads_never_torn_or_stale)
{
    shared *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    MYSQL *m = connect_socket();
    pid_t kids[READERS], w;
    char want[TEXT_MAX], *got;
    unsigned long total = 0;
    char *log;

    ck_assert_ptr_ne(sh, MAP_FAILED);
    memset(sh, 0, sizeof(*sh));
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(run(m, "CREATE DATABASE r"), 0);
    ck_assert_int_eq(run(m, "CREATE TABLE r.t (c0 INT) COMMENT='0'"), 0);
    got = show_create(m, "TABLE r.t");
    expected(want, sizeof(want), 0, 0);
    ck_assert_str_eq(got, want);
    free(got);
    for (int r = 0; r < READERS; r++)
        kids[r] = spawn(sh, r);
    w = spawn(sh, -1);
    wait_ok(w, "writer");
    __atomic_store_n(&sh->done, 1, __ATOMIC_SEQ_CST);
    for (int r = 0; r < READERS; r++) {
        wait_ok(kids[r], "reader");
        total += sh->reads[r];
    }
    got = show_create(m, "TABLE r.t");
    expected(want, sizeof(want), STEPS, STEPS);
    ck_assert_str_eq(got, want);
    free(got);
    mysql_close(m);
    ck_assert_int_eq(ts_stop(&ts), 0);
    log = ts_log(&ts);
    ck_assert_msg(strstr(log, "reads in read transactions") != NULL, "%s", log);
    free(log);
    fprintf(stderr, "server reads: %lu SHOW CREATE TABLE beside %d commits, none torn or stale\n",
            total, STEPS);
    ck_assert_uint_gt(total, READERS);
    munmap(sh, sizeof(*sh));
}
END_TEST

/* A read goes past another connection's open BEGIN (it sees the committed
 * state, at once); a write waits (1205 after --lock-wait-timeout); the
 * diagnostics of a read stay its own connection's. */
START_TEST(test_server_reads_pass_open_transaction)
{
    MYSQL *a = connect_socket(), *b = connect_socket();
    MYSQL_RES *res;
    MYSQL_ROW row;
    char *got;

    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(run(a, "CREATE DATABASE p0"), 0);
    ck_assert_int_eq(run(a, "BEGIN"), 0);
    ck_assert_int_eq(run(a, "CREATE DATABASE p1"), 0);
    got = show_create(a, "DATABASE p1"); /* its own change */
    ck_assert_ptr_nonnull(got);
    free(got);
    /* b reads beside a's transaction: the committed state, without waiting */
    got = show_create(b, "DATABASE p0");
    ck_assert_ptr_nonnull(got);
    free(got);
    ck_assert_ptr_null(show_create(b, "DATABASE p1"));
    ck_assert_uint_eq(mysql_errno(b), 1049);
    ck_assert_int_ne(mysql_query(b, "SHOW CREATE TABLE p0.nope"), 0);
    ck_assert_uint_eq(mysql_errno(b), 1146);
    ck_assert_int_eq(mysql_query(a, "SHOW DATABASES"), 0);
    mysql_free_result(mysql_store_result(a));
    ck_assert_int_eq(mysql_query(b, "SHOW WARNINGS"), 0);
    res = mysql_store_result(b);
    ck_assert_ptr_nonnull(res);
    row = mysql_fetch_row(res);
    ck_assert_ptr_nonnull(row);
    ck_assert_str_eq(row[1], "1146");
    ck_assert_str_eq(row[2], "Table 'p0.nope' doesn't exist");
    mysql_free_result(res);
    /* a write still waits for a's transaction */
    ck_assert_int_ne(mysql_query(b, "CREATE DATABASE p2"), 0);
    ck_assert_uint_eq(mysql_errno(b), 1205);
    ck_assert_int_eq(run(a, "COMMIT"), 0);
    got = show_create(b, "DATABASE p1");
    ck_assert_ptr_nonnull(got);
    free(got);
    mysql_close(a);
    mysql_close(b);
}
END_TEST

/* ---------------------------------------------------------------- reader threads */

enum { CLIENTS = 6, CLIENT_MS = 2000 };

static double now_ms(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void setup_readers(void)
{
    static const char *const opts[] = {"--reader-threads", "4", NULL};

    signal(SIGPIPE, SIG_IGN);
    ts_start(&ts, opts);
}

/* SHOW CREATE TABLE e.t<i>: its own table, whole. */
static int own_table(MYSQL *m, unsigned i)
{
    char what[32], col[32], head[48], *got;
    int rc = 0;

    snprintf(what, sizeof(what), "TABLE e.t%u", i);
    snprintf(col, sizeof(col), "`col_%u` int(11)", i);
    snprintf(head, sizeof(head), "CREATE TABLE `t%u` (\n", i);
    got = show_create(m, what);
    if (!got || strncmp(got, head, strlen(head)) != 0 || !strstr(got, col) ||
        !strstr(got, "KEY `k_name` (`name`)")) {
        fprintf(stderr, "client %u: SHOW CREATE %s: %s\n", i, what, got ? got : mysql_error(m));
        rc = 1;
    }
    free(got);
    return rc;
}

/* SHOW CREATE TABLE of a table that does not exist, named for this client and
 * step: the error (and SHOW WARNINGS after it) names exactly that table. */
static int own_error(MYSQL *m, unsigned i, unsigned long n)
{
    char sql[96], want[96];
    MYSQL_RES *res;
    MYSQL_ROW row;
    int rc = 0;

    snprintf(sql, sizeof(sql), "SHOW CREATE TABLE e.nope_%u_%lu", i, n);
    snprintf(want, sizeof(want), "Table 'e.nope_%u_%lu' doesn't exist", i, n);
    if (mysql_query(m, sql) == 0 || mysql_errno(m) != 1146 || strcmp(mysql_error(m), want) != 0) {
        fprintf(stderr, "client %u: %s: %u '%s', expected 1146 '%s'\n", i, sql, mysql_errno(m),
                mysql_error(m), want);
        return 1;
    }
    if (n % 8 != 0)
        return 0;
    if (mysql_query(m, "SHOW WARNINGS") != 0 || !(res = mysql_store_result(m)))
        return 1;
    row = mysql_fetch_row(res);
    if (!row || strcmp(row[2], want) != 0) {
        fprintf(stderr, "client %u: SHOW WARNINGS: '%s', expected '%s'\n", i,
                row ? row[2] : "(none)", want);
        rc = 1;
    }
    mysql_free_result(res);
    return rc;
}

static int client(unsigned i)
{
    MYSQL *m = connect_socket();
    double end;
    unsigned long n = 0;

    if (!m)
        return 2;
    for (end = now_ms() + CLIENT_MS; now_ms() < end; n++)
        if (own_table(m, i) != 0 || own_error(m, i, n) != 0)
            return 1;
    mysql_close(m);
    return n > 0 ? 0 : 1;
}

/* Commits beside the readers: new versions of e.w to load, cache and evict. */
static int churn(void)
{
    MYSQL *m = connect_socket();
    char sql[96];
    double end;

    if (!m)
        return 2;
    end = now_ms() + CLIENT_MS;
    for (unsigned k = 0; now_ms() < end; k++) {
        snprintf(sql, sizeof(sql), "ALTER TABLE e.w %s COLUMN x%s", k % 2 ? "DROP" : "ADD",
                 k % 2 ? "" : " INT");
        if (run(m, sql) || mysql_query(m, "SHOW CREATE TABLE e.w") != 0)
            return 1;
        mysql_free_result(mysql_store_result(m));
    }
    mysql_close(m);
    return 0;
}

/* Several connections on reader threads at once (--reader-threads 4), each
 * reading its own table and failing on a missing table of its own: every
 * reply is its own connection's (the catalog's error context is routed per
 * thread, the definition cache is locked); under the sanitizer build a
 * shared cache entry freed early would show as a use after free. */
START_TEST(test_server_readers_keep_their_errors)
{
    MYSQL *m = connect_socket();
    pid_t kids[CLIENTS], w;
    char sql[160];
    char *log, *at;
    unsigned long on_readers = 0;

    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(run(m, "CREATE DATABASE e"), 0);
    ck_assert_int_eq(run(m, "CREATE TABLE e.w (id INT)"), 0);
    for (unsigned i = 0; i < CLIENTS; i++) {
        snprintf(sql, sizeof(sql),
                 "CREATE TABLE e.t%u (id INT PRIMARY KEY, col_%u INT, name VARCHAR(40), "
                 "KEY k_name (name))",
                 i, i);
        ck_assert_int_eq(run(m, sql), 0);
    }
    for (unsigned i = 0; i < CLIENTS; i++) {
        kids[i] = fork();
        ck_assert_int_ge(kids[i], 0);
        if (kids[i] == 0)
            _exit(client(i));
    }
    w = fork();
    ck_assert_int_ge(w, 0);
    if (w == 0)
        _exit(churn());
    for (unsigned i = 0; i < CLIENTS; i++)
        wait_ok(kids[i], "client");
    wait_ok(w, "churn");
    mysql_close(m);
    ck_assert_int_eq(ts_stop(&ts), 0);
    log = ts_log(&ts);
    at = strstr(log, " of them on reader loops");
    ck_assert_msg(at != NULL, "%s", log);
    while (at > log && at[-1] >= '0' && at[-1] <= '9')
        at--;
    on_readers = strtoul(at, NULL, 10);
    fprintf(stderr, "server readers: %lu statements answered on reader loops\n", on_readers);
    ck_assert_uint_gt(on_readers, CLIENTS);
    free(log);
}
END_TEST

/* ---------------------------------------------------------------- reader loop system calls */

enum { CHURN_SHOWS = 200 };

/* Start strace counting the server's epoll_ctl and ioctl calls into out; @return its pid, or -1
 * (printed why) when strace is missing or cannot attach. */
static pid_t strace_epoll_ctl(const char *out)
{
    char pid[32], status[64];
    pid_t p;

    snprintf(pid, sizeof(pid), "%d", (int)ts.pid);
    p = fork();
    if (p == 0) {
        const char *argv[] = {"strace", "-f", "-qq", "-c", "-e", "trace=epoll_ctl,ioctl",
                              "-o",     out,  "-p",  pid,  NULL};
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0)
            dup2(fd, 2);
        execvp(argv[0], (char *const *)(uintptr_t)argv);
        _exit(127);
    }
    if (p < 0)
        return -1;
    snprintf(status, sizeof(status), "/proc/%d/status", (int)ts.pid);
    for (int i = 0; i < 250; i++) { /* attached when the server's TracerPid is strace */
        char *st = sc_fixture_read_file(status, NULL), *t = st ? strstr(st, "TracerPid:") : NULL;
        bool on = t && strtol(t + 10, NULL, 10) == p;
        free(st);
        if (on) {
            ts_sleep_ms(100); /* (-f: the other threads a moment later) */
            return p;
        }
        if (waitpid(p, NULL, WNOHANG) == p) {
            fprintf(stderr, "server readers: strace could not attach (not installed, or "
                            "ptrace not allowed): epoll_ctl and ioctl counts not checked\n");
            return -1;
        }
        ts_sleep_ms(20);
    }
    kill(p, SIGKILL);
    waitpid(p, NULL, 0);
    return -1;
}

/* The calls column of a system call in strace -c's summary (0 when not listed). */
static unsigned long syscall_calls(const char *file, const char *name)
{
    char *s = sc_fixture_read_file(file, NULL), *line, *save = NULL;
    unsigned long calls = 0;

    for (line = s ? strtok_r(s, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
        double pct, secs;
        unsigned long usecs, n;
        size_t len = strlen(line), nl = strlen(name);
        if (len > nl && line[len - nl - 1] == ' ' && strcmp(line + len - nl, name) == 0 &&
            sscanf(line, "%lf %lf %lu %lu", &pct, &secs, &usecs, &n) == 4)
            calls = n;
    }
    free(s);
    return calls;
}

/* A connection answered on a reader loop writes each reply at once and withdraws the
 * write interest that queuing it added in the same turn (epoll's change list): no
 * epoll_ctl per reply. It used to leave the interest on, two epoll_ctl and an extra
 * wake-up a reply (400 for 200 SHOWs). Nor an ioctl(FIONREAD) per request: the reader
 * loop reads the socket itself (libevent's evbuffer_read asked first; 200 for 200). */
START_TEST(test_server_reader_loop_no_epoll_ctl_per_reply)
{
    MYSQL *m = connect_socket();
    char out[4300];
    unsigned long calls;
    pid_t st;

    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(run(m, "CREATE DATABASE e"), 0);
    ck_assert_int_eq(run(m, "CREATE TABLE e.t (id INT PRIMARY KEY, name VARCHAR(40))"), 0);
    for (unsigned i = 0; i < 8; i++) /* (readers.c moves it after a few SHOWs) */
        ck_assert_int_eq(run(m, "SHOW CREATE TABLE e.t"), 0);
    snprintf(out, sizeof(out), "%s/strace.out", ts.dir);
    if ((st = strace_epoll_ctl(out)) < 0) {
        mysql_close(m);
        return;
    }
    for (unsigned i = 0; i < CHURN_SHOWS; i++)
        ck_assert_int_eq(run(m, "SHOW CREATE TABLE e.t"), 0);
    kill(st, SIGINT);
    waitpid(st, NULL, 0);
    calls = syscall_calls(out, "epoll_ctl");
    fprintf(stderr, "server readers: %lu epoll_ctl and %lu ioctl for %u SHOWs on a reader loop\n",
            calls, syscall_calls(out, "ioctl"), (unsigned)CHURN_SHOWS);
    ck_assert_uint_lt(calls, CHURN_SHOWS / 10);
    ck_assert_uint_lt(syscall_calls(out, "ioctl"), CHURN_SHOWS / 10);
    mysql_close(m);
    ck_assert_int_eq(ts_stop(&ts), 0);
    {
        char *log = ts_log(&ts);
        ck_assert_msg(strstr(log, " of them on reader loops") &&
                          !strstr(log, " 0 of them on reader loops"),
                      "%s", log);
        free(log);
    }
}
END_TEST

/* The default on 2 CPUs or more: reader loops (two on 2 CPUs, docs/server.md "Reader
 * loops"); a connection that keeps sending SHOWs is answered there. */
START_TEST(test_server_reader_loops_by_default)
{
    MYSQL *m = connect_socket();
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    char *log;

    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(run(m, "CREATE DATABASE e"), 0);
    ck_assert_int_eq(run(m, "CREATE TABLE e.t (id INT PRIMARY KEY)"), 0);
    for (unsigned i = 0; i < 20; i++)
        ck_assert_int_eq(run(m, "SHOW CREATE TABLE e.t"), 0);
    mysql_close(m);
    ck_assert_int_eq(ts_stop(&ts), 0);
    log = ts_log(&ts);
    if (cpus < 2)
        fprintf(stderr, "server readers: 1 CPU, no reader loops by default: not checked\n");
    else
        ck_assert_msg(strstr(log, " of them on reader loops") &&
                          !strstr(log, " 0 of them on reader loops"),
                      "%s", log);
    free(log);
}
END_TEST

static void setup_default(void)
{
    signal(SIGPIPE, SIG_IGN);
    ts_start(&ts, NULL);
}

/* ---------------------------------------------------------------- USE beside writers */

enum { USE_WRITERS = 3, USE_MS = 1500 };

static int use_writer(unsigned i)
{
    MYSQL *m = connect_socket();
    char sql[96];
    double end = now_ms() + USE_MS;

    if (!m)
        return 2;
    for (unsigned k = 0; now_ms() < end; k++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE u.w%u_%u (id INT)", i, k);
        if (run(m, sql) != 0)
            return 1;
    }
    mysql_close(m);
    return 0;
}

/* COM_INIT_DB (mysql_select_db) and the handshake's database while other
 * connections' statements fill the group commit: each is answered (it used to
 * ask for a write transaction of its own and fail with 1105 "a write
 * transaction is already open on this catalog", which made clients of
 * bench-wire give up at start). */
START_TEST(test_server_use_beside_writers)
{
    MYSQL *m = connect_socket();
    pid_t kids[USE_WRITERS];
    unsigned long selects = 0, connects = 0;
    double end;

    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(run(m, "CREATE DATABASE u"), 0);
    for (unsigned i = 0; i < USE_WRITERS; i++) {
        kids[i] = fork();
        ck_assert_int_ge(kids[i], 0);
        if (kids[i] == 0)
            _exit(use_writer(i));
    }
    for (end = now_ms() + USE_MS; now_ms() < end; selects++) {
        MYSQL *c;
        ck_assert_msg(mysql_select_db(m, "u") == 0, "select_db: %u %s", mysql_errno(m),
                      mysql_error(m));
        if (selects % 8 != 0)
            continue;
        c = mysql_init(NULL);
        ck_assert_msg(mysql_real_connect(c, NULL, "root", NULL, "u", 0, ts.sock, 0) != NULL,
                      "connect with database u: %u %s", mysql_errno(c), mysql_error(c));
        mysql_close(c);
        connects++;
    }
    for (unsigned i = 0; i < USE_WRITERS; i++)
        wait_ok(kids[i], "writer");
    fprintf(stderr, "server reads: %lu select_db and %lu connects with a database beside writers\n",
            selects, connects);
    ck_assert_int_ne(mysql_select_db(m, "nope"), 0);
    ck_assert_uint_eq(mysql_errno(m), 1049);
    mysql_close(m);
}
END_TEST

/* A database at login, COM_INIT_DB and the statement USE while another
 * connection's BEGIN holds the catalog's writer: each is answered at once from
 * the last committed state (a read, as MariaDB's USE takes no lock that DDL
 * holds), where the handshake's database used to fail with 1105 and
 * COM_INIT_DB waited for the other transaction to end. A database created in
 * the open BEGIN is not there yet (1049), and is once it commits. */
START_TEST(test_server_use_beside_begin)
{
    MYSQL *a = connect_socket();
    MYSQL *b = mysql_init(NULL);
    unsigned timeout = 10;

    ck_assert_ptr_nonnull(a);
    ck_assert_int_eq(run(a, "CREATE DATABASE u"), 0);
    ck_assert_int_eq(run(a, "BEGIN"), 0);
    ck_assert_int_eq(run(a, "CREATE TABLE u.in_begin (id INT)"), 0);
    ck_assert_int_eq(run(a, "CREATE DATABASE v"), 0);
    mysql_options(b, MYSQL_OPT_READ_TIMEOUT, &timeout);
    ck_assert_msg(mysql_real_connect(b, NULL, "root", NULL, "u", 0, ts.sock, 0) != NULL,
                  "connect with database u beside a BEGIN: %u %s", mysql_errno(b), mysql_error(b));
    ck_assert_msg(mysql_select_db(b, "u") == 0, "select_db beside a BEGIN: %u %s", mysql_errno(b),
                  mysql_error(b));
    ck_assert_int_eq(run(b, "USE u"), 0);
    ck_assert_int_ne(mysql_select_db(b, "v"), 0);
    ck_assert_uint_eq(mysql_errno(b), 1049);
    ck_assert_int_ne(mysql_query(b, "USE v"), 0);
    ck_assert_uint_eq(mysql_errno(b), 1049);
    ck_assert_int_eq(run(a, "USE v"), 0); /* a sees its own */
    ck_assert_int_eq(run(a, "COMMIT"), 0);
    ck_assert_msg(mysql_select_db(b, "v") == 0, "select_db after COMMIT: %u %s", mysql_errno(b),
                  mysql_error(b));
    mysql_close(b);
    mysql_close(a);
}
END_TEST

Suite *sc_test_server_reads_suite(void);

Suite *sc_test_server_reads_suite(void)
{
    Suite *s = suite_create("server_reads");
    TCase *tc = tcase_create("server_reads");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_server_reads_never_torn_or_stale);
    tcase_add_test(tc, test_server_reads_pass_open_transaction);
    tcase_add_test(tc, test_server_use_beside_writers);
    tcase_add_test(tc, test_server_use_beside_begin);
    suite_add_tcase(s, tc);
    tc = tcase_create("server_readers");
    tcase_add_checked_fixture(tc, setup_readers, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_server_readers_keep_their_errors);
    tcase_add_test(tc, test_server_reader_loop_no_epoll_ctl_per_reply);
    suite_add_tcase(s, tc);
    tc = tcase_create("server_readers_default");
    tcase_add_checked_fixture(tc, setup_default, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_server_reader_loops_by_default);
    suite_add_tcase(s, tc);
    return s;
}
