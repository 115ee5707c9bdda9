/*
 * check_replicate_replica.c - replicas and multi-source (replicate/replica*.c,
 * source.c; docs/replication.md): fan-in of three sources written while the
 * replica follows them (FULL, MINIMAL and NOBLOB row images, colliding ids,
 * colliding names with rewrite rules), chains and circles, nested cascades
 * and data rows in source order, strict and idempotent modes. Crash and
 * conflict tests: check_replicate_replica_crash.c, _conflict.c.
 * SC_REPLICA_LONG=1 runs the long mode (thousands of transactions).
 */
#include <signal.h>
#include <stdarg.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/replica_util.h"
#include "replicate/log.h"
#include "replicate/bytes.h"
#include "replicate/reader.h"

static char base[256];

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
}

static void teardown(void)
{
    sc_fixture_rmtree(base);
}

/* ------------------------------------------------------------------ */
/* Fan-in                                                               */

#define NSRC 3

static const char *const images[NSRC] = {"FULL", "MINIMAL", "NOBLOB"};
static const char *const src_names[NSRC] = {"s1", "s2", "s3"};

/* The database a source database is called here (the test's rules, see fanin_setup). */
static void local_db(char *out, size_t size, int k, const char *db)
{
    if (strcmp(db, "shared") != 0 || k == 0)
        snprintf(out, size, "%s", db);
    else if (k == 1)
        snprintf(out, size, "shared_two");
    else
        snprintf(out, size, "s3_shared");
}

/* Each source: database `shared` with a table (ids 256.. everywhere: they collide). */
static void fanin_setup(ru_node *src, ru_node *rep)
{
    static const char *const rule2[] = {"shared=shared_two"};

    for (int k = 0; k < NSRC; k++) {
        char name[16];
        snprintf(name, sizeof(name), "src%d", k + 1);
        ru_create(&src[k], base, name, 11 + (unsigned)k, images[k]);
        ru_exec_ok(&src[k], "CREATE DATABASE shared");
        ru_exec_ok(&src[k], "CREATE TABLE shared.base (id INT PRIMARY KEY, a VARCHAR(20) DEFAULT "
                            "'x', b INT, c TEXT, KEY ka (a))");
    }
    ru_create(rep, base, "replica", 99, NULL);
    ru_add_source(rep, "s1", &src[0], NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_add_source(rep, "s2", &src[1], rule2, 1, SC_REPLICA_ON_CONFLICT_STOP,
                  SC_REPLICA_EXEC_STRICT);
    ru_add_source(rep, "s3", &src[2], NULL, 0, SC_REPLICA_ON_CONFLICT_REWRITE,
                  SC_REPLICA_EXEC_STRICT);
    ru_apply_ok(rep, "s1"); /* s1 owns `shared` here; s3 then learns shared=s3_shared */
}

/* Writes half its stream, says so on half_done, waits for go, writes the rest. */
static void writer(ru_node *n, int k, unsigned steps, int half_done, int go)
{
    ru_gen g;
    char prefix[16], c = 'h';

    ru_open(n);
    snprintf(prefix, sizeof(prefix), "d%d_", k + 1);
    ru_gen_init(&g, 1000u + (unsigned)k, prefix);
    snprintf(g.dbs[g.ndbs++], sizeof(g.dbs[0]), "shared");
    ru_add_table(&g, "shared", "base");
    for (unsigned i = 0; i < steps; i++) {
        if (i == steps / 2 && (write(half_done, &c, 1) != 1 || read(go, &c, 1) != 1))
            _exit(5);
        ru_gen_step(&g, n);
    }
    ru_close(n);
    _exit(g.ok > steps / 4 ? 0 : 3); /* most statements must succeed */
}

/* Replace every occurrence of from by to in text (malloc'd result). */
static char *replace_all(const char *text, const char *from, const char *to)
{
    ru_text t = {NULL, 0, 0};
    const char *p = text, *q;
    char *piece;

    ru_put(&t, "");
    while ((q = strstr(p, from))) {
        piece = strndup(p, (size_t)(q - p));
        ru_put(&t, piece);
        free(piece);
        ru_put(&t, to);
        p = q + strlen(from);
    }
    ru_put(&t, p);
    return t.s;
}

/* Compare every database of source k with its copy here; returns the table count. */
static size_t compare_source(ru_node *src, int k, ru_node *rep)
{
    ru_names dbs;
    size_t total = 0;

    ru_databases(&dbs, src);
    for (size_t i = 0; i < dbs.n; i++) {
        char local[80];
        size_t n1 = 0, n2 = 0;
        char *a = ru_dump_db(src, dbs.names[i], &n1), *b;
        local_db(local, sizeof(local), k, dbs.names[i]);
        char shared_ref[100], *a2;
        b = ru_dump_db(rep, local, &n2);
        ck_assert_msg(b != NULL, "source %d: database %s missing here as %s", k + 1, dbs.names[i],
                      local);
        /* a foreign key into `shared` from another database names the local database */
        local_db(local, sizeof(local), k, "shared");
        snprintf(shared_ref, sizeof(shared_ref), "`%s`.", local);
        a2 = replace_all(a, "`shared`.", shared_ref);
        free(a);
        a = a2;
        ck_assert_msg(strcmp(a, b) == 0,
                      "source %d database %s differs:\n--- source\n%s\n--- "
                      "replica (%s)\n%s",
                      k + 1, dbs.names[i], a, local, b);
        total += n1;
        free(a);
        free(b);
    }
    return total;
}

START_TEST(test_replica_fanin_follow)
{
    ru_node src[NSRC], rep;
    pid_t pids[NSRC];
    unsigned steps = ru_long() ? 2000 : 60;
    int running = NSRC, half[2], go[2];
    char c = 'g';

    fanin_setup(src, &rep);
    for (int k = 0; k < NSRC; k++)
        ru_close(&src[k]);
    ru_close(&rep);
    ck_assert_int_eq(pipe(half), 0);
    ck_assert_int_eq(pipe(go), 0);
    for (int k = 0; k < NSRC; k++) {
        pids[k] = fork();
        ck_assert_int_ge(pids[k], 0);
        if (pids[k] == 0)
            writer(&src[k], k, steps, half[1], go[0]);
    }
    ru_open(&rep);
    /* Apply what the three wrote so far while they wait (so the replica provably reads
     * live sources), let them go on, and follow all three while they write. */
    for (int k = 0; k < NSRC; k++)
        ck_assert_int_eq(read(half[0], &c, 1), 1);
    for (int k = 0; k < NSRC; k++)
        ck_assert_uint_gt(ru_apply_ok(&rep, src_names[k]).txns, 0);
    for (int k = 0; k < NSRC; k++)
        ck_assert_int_eq(write(go[1], &c, 1), 1);
    while (running) {
        for (int k = 0; k < NSRC; k++) {
            int st;
            ru_apply_ok(&rep, src_names[k]);
            if (pids[k] > 0 && waitpid(pids[k], &st, WNOHANG) == pids[k]) {
                ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "writer %d failed: %d", k, st);
                pids[k] = 0;
                running--;
            }
        }
    }
    for (int k = 0; k < NSRC; k++)
        ru_apply_ok(&rep, src_names[k]);
    for (int k = 0; k < NSRC; k++) {
        ru_idmap m = {src_names[k], 0, 0, 0, {NULL, 0, 0}};
        size_t tables;
        sc_replica_status st;
        ru_open(&src[k]);
        tables = compare_source(&src[k], k, &rep);
        ck_assert_int_eq(sc_replica_idmap(rep.log, src_names[k], ru_idmap_cb, &m), SC_OK);
        ck_assert_msg(m.tables == tables, "source %d: %zu tables, %zu mapped", k + 1, tables,
                      m.tables);
        ck_assert_uint_eq(m.unnamed, 0);
        ck_assert_int_eq(sc_replica_status_get(&st, rep.log, src_names[k]), SC_OK);
        ck_assert(st.lag_known);
        ck_assert_uint_eq(st.lag_txns, 0);
        ck_assert_str_eq(st.last_error, "");
        fprintf(stderr, "fan-in %s (%s): %zu tables, %llu transactions, %llu row events\n",
                src_names[k], images[k], tables, (unsigned long long)st.txns_applied,
                (unsigned long long)st.rows_applied);
        free(m.text.s);
        ru_close(&src[k]);
    }
    ru_fsck_ok(&rep);
    ru_close(&rep);
}
END_TEST

/* The same stream under each row image on one source: the replica equals it. */
START_TEST(test_replica_row_images)
{
    ru_node s, r;
    ru_gen g;
    char *a, *b;
    unsigned steps = ru_long() ? 1500 : 50;

    ru_create(&s, base, "src", 11, images[_i]);
    ru_create(&r, base, "rep", 99, NULL);
    ru_add_source(&r, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_gen_init(&g, 77u + (unsigned)_i, "db");
    for (unsigned i = 0; i < steps; i++) {
        ru_gen_step(&g, &s);
        if (i % 10 == 9)
            ru_apply_ok(&r, "s");
    }
    ru_apply_ok(&r, "s");
    a = ru_dump_all(&s);
    b = ru_dump_all(&r);
    ck_assert_msg(strcmp(a, b) == 0, "%s image: dumps differ:\n%s\n---\n%s", images[_i], a, b);
    sc_free(s.ctx, a);
    sc_free(r.ctx, b);
    ru_fsck_ok(&r);
    ru_close(&s);
    ru_close(&r);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Fan-in with tests/gen/gen_ddl.py streams                             */

static const char *const gen_rules[NSRC][2] = {
    {NULL, NULL}, {"shared1=shared1_b", "shared2=shared2_b"}, {"shared1=c_s1", "shared2=c_s2"}};

/* Source k's database db, as named here. */
static const char *gen_local(int k, const char *db)
{
    for (int i = 0; i < 2 && gen_rules[k][i]; i++) {
        size_t n = strcspn(gen_rules[k][i], "=");
        if (strlen(db) == n && !strncmp(gen_rules[k][i], db, n))
            return gen_rules[k][i] + n + 1;
    }
    return db;
}

START_TEST(test_replica_gen_fanin)
{
    static const char *const prefixes[NSRC] = {"a_", "b_", "c_"};
    ru_node src[NSRC], rep;
    pid_t pids[NSRC];
    char path[NSRC][600], cmd[1200];
    unsigned count = ru_long() ? 3000 : 250;
    int running = NSRC;

    ck_assert_msg(access("tests/gen/gen_ddl.py", R_OK) == 0,
                  "tests/gen/gen_ddl.py missing (run from the repository root)");
    ru_create(&rep, base, "replica", 99, NULL);
    for (int k = 0; k < NSRC; k++) {
        char name[16];
        snprintf(name, sizeof(name), "g%d", k + 1);
        ru_create(&src[k], base, name, 21 + (unsigned)k, images[k]);
        snprintf(path[k], sizeof(path[k]), "%s/in%d.sql", base, k + 1);
        snprintf(cmd, sizeof(cmd),
                 "python3 tests/gen/gen_ddl.py --seed %d --count %u --prefix %s --shared 2 -o %s",
                 k + 1, count, prefixes[k], path[k]);
        ck_assert_int_eq(system(cmd), 0);
        ru_add_source(&rep, src_names[k], &src[k], k ? gen_rules[k] : NULL, k ? 2 : 0,
                      SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
        ru_close(&src[k]);
    }
    for (int k = 0; k < NSRC; k++) {
        pids[k] = fork();
        ck_assert_int_ge(pids[k], 0);
        if (pids[k] == 0) {
            unsigned failed = 0, ok;
            ru_open(&src[k]);
            ok = ru_exec_file(&src[k], path[k], &failed);
            ru_close(&src[k]);
            _exit(ok * 10 >= (ok + failed) * 9 ? 0 : 3); /* the generator's ~2% failures */
        }
    }
    while (running) {
        for (int k = 0; k < NSRC; k++) {
            int st;
            ru_apply_ok(&rep, src_names[k]);
            if (pids[k] > 0 && waitpid(pids[k], &st, WNOHANG) == pids[k]) {
                ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "writer %d: %d", k, st);
                pids[k] = 0;
                running--;
            }
        }
    }
    for (int k = 0; k < NSRC; k++) {
        ru_names dbs;
        ru_idmap m = {src_names[k], 0, 0, 0, {NULL, 0, 0}};
        size_t tables = 0;
        ru_apply_ok(&rep, src_names[k]);
        ru_open(&src[k]);
        ru_databases(&dbs, &src[k]);
        for (size_t i = 0; i < dbs.n; i++) {
            size_t n = 0;
            char *a = ru_dump_db(&src[k], dbs.names[i], &n), *b, *a2, *a3;
            b = ru_dump_db(&rep, gen_local(k, dbs.names[i]), NULL);
            ck_assert_msg(b != NULL, "%s: %s missing", src_names[k], dbs.names[i]);
            a2 = replace_all(a, "`shared1`.",
                             k ? (k == 1 ? "`shared1_b`." : "`c_s1`.") : "`shared1`.");
            a3 = replace_all(a2, "`shared2`.",
                             k ? (k == 1 ? "`shared2_b`." : "`c_s2`.") : "`shared2`.");
            ck_assert_msg(strcmp(a3, b) == 0, "%s database %s differs:\n%s\n--- here:\n%s",
                          src_names[k], dbs.names[i], a3, b);
            tables += n;
            free(a);
            free(a2);
            free(a3);
            free(b);
        }
        ck_assert_int_eq(sc_replica_idmap(rep.log, src_names[k], ru_idmap_cb, &m), SC_OK);
        ck_assert_uint_eq(m.tables, tables);
        fprintf(stderr, "gen fan-in %s (%s): %zu databases, %zu tables\n", src_names[k], images[k],
                dbs.n, tables);
        free(m.text.s);
        ru_close(&src[k]);
    }
    ru_fsck_ok(&rep);
    ru_close(&rep);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Chain and circle                                                     */

START_TEST(test_replica_chain)
{
    ru_node a, b, c;
    ru_gen g;
    char *da, *db, *dc;
    sc_replica_stats st;

    ru_create(&a, base, "a", 1, NULL);
    ru_create(&b, base, "b", 2, NULL);
    ru_create(&c, base, "c", 3, NULL);
    ru_add_source(&b, "a", &a, NULL, 0, 0, 0);
    ru_add_source(&c, "b", &b, NULL, 0, 0, 0);
    ru_exec_ok(&b, "CREATE DATABASE only_b"); /* ids on b move away from a's */
    ru_exec_ok(&b, "CREATE TABLE only_b.t (i INT)");
    ru_gen_init(&g, 5, "ch");
    for (int i = 0; i < (ru_long() ? 1000 : 60); i++) {
        ru_gen_step(&g, &a);
        if (i % 15 == 0) {
            ru_apply_ok(&b, "a");
            ru_apply_ok(&c, "b");
        }
    }
    ru_apply_ok(&b, "a");
    ru_apply_ok(&c, "b");
    da = ru_dump_all(&a);
    ru_exec_ok(&b, "DROP DATABASE only_b");
    ru_apply_ok(&c, "b");
    db = ru_dump_all(&b);
    dc = ru_dump_all(&c);
    ck_assert_str_eq(da, db);
    ck_assert_str_eq(da, dc); /* C equals A up to ids */
    st = ru_apply_ok(&c, "b");
    ck_assert_uint_eq(st.txns, 0);
    ru_fsck_ok(&b);
    ru_fsck_ok(&c);
    sc_free(a.ctx, da);
    sc_free(b.ctx, db);
    sc_free(c.ctx, dc);
    ru_close(&a);
    ru_close(&b);
    ru_close(&c);
}
END_TEST

/* The server id of every event of a file that is not a transaction's own:
 * ROTATE, and (header) FORMAT_DESCRIPTION, GTID_LIST, BINLOG_CHECKPOINT. */
static void check_own_events(const char *path, uint32_t server_id, bool header, unsigned *rotates)
{
    FILE *f = fopen(path, "rb");
    static uint8_t buf[1 << 20];
    size_t n, off = 4;

    ck_assert_ptr_nonnull(f);
    n = fread(buf, 1, sizeof(buf), f);
    fclose(f);
    while (off + 19 <= n) {
        uint8_t type = buf[off + 4];
        uint32_t sid = sc_get_u32le(buf + off + 5), len = sc_get_u32le(buf + off + 9);
        if (type == 4 || (header && (type == 15 || type == 163 || type == 161)))
            ck_assert_msg(sid == server_id, "%s: event type %u at %zu has server id %u, not %u",
                          path, type, off, sid, server_id);
        *rotates += type == 4;
        ck_assert_uint_ge(len, 19);
        off += len;
    }
}

/* A replica's own log rotating while it applies: the ROTATE and the next
 * file's header carry the replica's server id, the transactions the origin's. */
START_TEST(test_replica_rotate_own_server_id)
{
    ru_node a, b;
    ru_gen g;
    char path[600];
    unsigned rotates = 0;

    ru_create(&a, base, "a", 1, NULL);
    ru_create(&b, base, "b", 2, NULL);
    ck_assert_int_eq(sc_log_set(b.log, SC_LOG_SET_MAX_FILE_SIZE, "4096"), SC_OK);
    ru_add_source(&b, "a", &a, NULL, 0, 0, 0);
    ru_gen_init(&g, 9, "rot");
    for (int i = 0; i < 40; i++)
        ru_gen_step(&g, &a);
    ru_apply_ok(&b, "a");
    for (unsigned file = 1;; file++) {
        snprintf(path, sizeof(path), "%s/binlog/binlog.%06u", b.dir, file);
        if (access(path, F_OK) != 0)
            break;
        /* binlog.000001 was begun at creation, before binlog.server_id was set */
        check_own_events(path, 2, file > 1, &rotates);
    }
    ck_assert_uint_ge(rotates, 2);
    ru_close(&a);
    ru_close(&b);
}
END_TEST

START_TEST(test_replica_circle)
{
    ru_node a, b;
    ru_gen ga, gb;
    sc_replica_stats sa, sb;
    char *da, *db;

    ru_create(&a, base, "a", 1, NULL);
    ru_create(&b, base, "b", 2, NULL);
    ru_add_source(&a, "b", &b, NULL, 0, 0, 0);
    ru_add_source(&b, "a", &a, NULL, 0, 0, 0);
    ru_gen_init(&ga, 11, "fromA");
    ru_gen_init(&gb, 12, "fromB");
    for (int round = 0; round < (ru_long() ? 50 : 6); round++) {
        for (int i = 0; i < 8; i++) {
            ru_gen_step(&ga, &a);
            ru_gen_step(&gb, &b);
        }
        ru_apply_ok(&b, "a");
        ru_apply_ok(&a, "b");
    }
    /* Each applies the other's echo of its own transactions as skips, then nothing moves. */
    ru_apply_ok(&b, "a");
    ru_apply_ok(&a, "b");
    sa = ru_apply_ok(&a, "b");
    sb = ru_apply_ok(&b, "a");
    ck_assert_uint_eq(sa.txns + sa.skipped_txns, 0);
    ck_assert_uint_eq(sb.txns + sb.skipped_txns, 0);
    da = ru_dump_all(&a);
    db = ru_dump_all(&b);
    ck_assert_str_eq(da, db);
    ck_assert_ptr_nonnull(strstr(da, "fromA"));
    ck_assert_ptr_nonnull(strstr(da, "fromB"));
    ru_fsck_ok(&a);
    ru_fsck_ok(&b);
    sc_free(a.ctx, da);
    sc_free(b.ctx, db);
    ru_close(&a);
    ru_close(&b);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Cascades, data rows, strict and idempotent                           */

/* 14 levels of FK chains, a self-referencing table and a diamond, in one database. */
static void deep_schema(ru_node *s)
{
    char sql[300];

    ru_exec_ok(s, "CREATE DATABASE deep");
    ru_exec_ok(s, "CREATE TABLE deep.l0 (id INT PRIMARY KEY)");
    for (int i = 1; i < 14; i++) {
        snprintf(sql, sizeof(sql),
                 "CREATE TABLE deep.l%d (id INT PRIMARY KEY, p INT, FOREIGN KEY (p) REFERENCES "
                 "l%d (id) ON DELETE CASCADE)",
                 i, i - 1);
        ru_exec_ok(s, sql);
    }
    ru_exec_ok(s, "CREATE TABLE deep.selfref (id INT PRIMARY KEY, parent INT, FOREIGN KEY "
                  "(parent) REFERENCES selfref (id) ON DELETE CASCADE)");
    ru_exec_ok(s, "CREATE TABLE deep.top (id INT PRIMARY KEY)");
    ru_exec_ok(s, "CREATE TABLE deep.lft (id INT PRIMARY KEY, t INT, FOREIGN KEY (t) REFERENCES "
                  "top (id) ON DELETE CASCADE)");
    ru_exec_ok(s, "CREATE TABLE deep.rgt (id INT PRIMARY KEY, t INT, FOREIGN KEY (t) REFERENCES "
                  "top (id) ON DELETE CASCADE)");
    ru_exec_ok(s, "CREATE TABLE deep.bottom (id INT PRIMARY KEY, l INT, r INT, FOREIGN KEY (l) "
                  "REFERENCES lft (id) ON DELETE CASCADE, FOREIGN KEY (r) REFERENCES rgt (id) ON "
                  "DELETE CASCADE)");
}

static char *ck_assert_ptr_nonnull_ret(char *p)
{
    ck_assert_ptr_nonnull(p);
    return p;
}

/* In one transaction: a row in each chain table, then the cascade of deleting l0's row
 * (deepest first, as the source's engine reported it), and the diamond's. */
static void data_rows(ru_node *s)
{
    sc_txn *t = NULL;
    sc_binlog_value v[3];
    char name[8];

    ck_assert_int_eq(sc_txn_begin(&t, s->cat, 0), SC_OK);
    memset(v, 0, sizeof(v));
    for (int i = 0; i < 14; i++) {
        snprintf(name, sizeof(name), "l%d", i);
        v[0].kind = SC_VAL_INT, v[0].v.i = 100 + i;
        v[1].kind = i ? SC_VAL_INT : SC_VAL_NULL, v[1].v.i = 100 + i - 1;
        ck_assert_int_eq(
            sc_log_rows(s->log, t, ru_table_id(s, "deep", name), SC_LOG_INSERT, NULL, v, i ? 2 : 1),
            SC_OK);
    }
    for (int i = 13; i >= 0; i--) {
        snprintf(name, sizeof(name), "l%d", i);
        v[0].kind = SC_VAL_INT, v[0].v.i = 100 + i;
        v[1].kind = i ? SC_VAL_INT : SC_VAL_NULL, v[1].v.i = 100 + i - 1;
        ck_assert_int_eq(
            sc_log_rows(s->log, t, ru_table_id(s, "deep", name), SC_LOG_DELETE, v, NULL, i ? 2 : 1),
            SC_OK);
    }
    ck_assert_int_eq(sc_txn_commit(t), SC_OK);
}

/* "db.table:kind[/bytes]" of every user-table rows event of a node's log, in order. */
static void user_row_events(ru_text *out, ru_node *n, bool sizes)
{
    char path[600], line[200];
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev = NULL;

    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", n->dir);
    ck_assert_int_eq(sc_log_sync(n->log), SC_OK);
    ck_assert_int_eq(sc_binlog_reader_open(&r, n->ctx, path), SC_OK);
    while (sc_binlog_reader_next(&ev, r) == SC_OK && ev) {
        const sc_event *e = sc_binlog_reader__event(r);
        const sc_ev_table_map *tm;
        if (!sc_event__is_rows(ev->header.type))
            continue;
        tm = sc_binlog_reader__table_map(r, e->u.rows.table_id);
        ck_assert_ptr_nonnull(tm);
        if (tm->db.len == 6 && !memcmp(tm->db.data, "syscat", 6))
            continue;
        snprintf(line, sizeof(line), "%.*s.%.*s:%d/%zu\n", (int)tm->db.len, tm->db.data,
                 (int)tm->table.len, tm->table.data, sc_event__rows_kind(ev->header.type),
                 sizes ? (size_t)e->u.rows.rows.len : 0);
        ru_put(out, line);
    }
    sc_binlog_reader_close(r);
}

START_TEST(test_replica_cascades_in_order)
{
    ru_node s, r;
    ru_text a = {NULL, 0, 0}, b = {NULL, 0, 0};
    sc_replica_stats st;
    ru_names dbs;

    ru_create(&s, base, "src", 11, images[_i]);
    ru_create(&r, base, "rep", 99, NULL);
    ru_exec_ok(&r, "CREATE DATABASE pad"); /* local ids differ from the source's */
    ru_exec_ok(&r, "CREATE TABLE pad.t (i INT)");
    ru_add_source(&r, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    deep_schema(&s);
    data_rows(&s);
    ru_apply_ok(&r, "s");
    free(ck_assert_ptr_nonnull_ret(ru_dump_db(&r, "deep", NULL)));
    ck_assert_uint_ne(ru_table_id(&s, "deep", "l5"), ru_table_id(&r, "deep", "l5"));
    /* The data rows were re-logged here, with local ids, in the source's order (the same
     * bytes from a FULL source; a partial image is re-logged in full, absent columns NULL). */
    user_row_events(&a, &s, _i == 0);
    user_row_events(&b, &r, _i == 0);
    ck_assert_ptr_nonnull(a.s);
    ck_assert_str_eq(a.s, b.s);
    /* DROP DATABASE: the cascade of 20 tables' rows, applied in strict mode, no 1032. */
    ru_exec_ok(&s, "DROP DATABASE deep");
    st = ru_apply_ok(&r, "s");
    ck_assert_uint_eq(st.txns, 1);
    ck_assert_uint_eq(st.rows_skipped, 0);
    ru_databases(&dbs, &r);
    ck_assert_uint_eq(dbs.n, 1); /* pad */
    ru_fsck_ok(&r);
    free(a.s);
    free(b.s);
    ru_close(&s);
    ru_close(&r);
}
END_TEST

/* A row the source updates is missing here: strict stops with 1032, idempotent skips. */
START_TEST(test_replica_strict_missing_row)
{
    ru_node s, r;
    sc_replica_stats st;
    sc_replica_status before, after;
    const sc_error *e;
    int rc;

    ru_create(&s, base, "src", 11, NULL);
    ru_create(&r, base, "rep", 99, NULL);
    ru_add_source(&r, "strict", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_exec_ok(&s, "CREATE DATABASE m");
    ru_exec_ok(&s, "CREATE TABLE m.t (a INT, b INT)");
    ru_apply_ok(&r, "strict");
    ru_exec_ok(&r, "ALTER TABLE m.t DROP COLUMN b"); /* a local change behind the source's back */
    ru_exec_ok(&s, "ALTER TABLE m.t MODIFY b BIGINT");
    ck_assert_int_eq(sc_replica_status_get(&before, r.log, "strict"), SC_OK);
    rc = sc_replica_apply(&st, r.log, "strict", NULL, NULL);
    e = sc_ctx_last_error(r.ctx);
    ck_assert_int_eq(rc, SC_ESQL);
    ck_assert_uint_eq(e->mysql_errno, 1032);
    ck_assert_msg(strstr(e->message, "source 'strict' at binlog.000001:") &&
                      strstr(e->message, "Could not execute Update_rows_v1 event on table "
                                         "syscat.columns; Can't find record in 'columns', "
                                         "Error_code: 1032"),
                  "%s", e->message);
    ck_assert_int_eq(sc_replica_status_get(&after, r.log, "strict"), SC_OK);
    ck_assert_uint_eq(after.position, before.position); /* nothing of it applied */
    ck_assert_uint_eq(after.txns_applied, before.txns_applied);
    ck_assert_ptr_nonnull(strstr(after.last_error, "1032"));
    ck_assert_uint_gt(after.last_error_time, 0);
    /* The same log through an idempotent source: skipped and counted. */
    ru_exec_ok(&r, "DROP DATABASE m");
    ck_assert_int_eq(sc_replica_remove_source(r.log, "strict"), SC_OK);
    ru_add_source(&r, "lenient", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP,
                  SC_REPLICA_EXEC_IDEMPOTENT);
    ru_apply_ok(&r, "lenient");
    /* both drop b: the source's delete of b's columns row finds nothing here */
    ru_exec_ok(&r, "ALTER TABLE m.t DROP COLUMN b");
    ru_exec_ok(&s, "ALTER TABLE m.t DROP COLUMN b");
    st = ru_apply_ok(&r, "lenient");
    ck_assert_uint_eq(st.txns, 1);
    ck_assert_uint_ge(st.rows_skipped, 1);
    ru_close(&s);
    ru_close(&r);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The CLI                                                              */

static int run(char **out, const char *fmt, ...) SC_PRINTF(2, 3);

/* Run a shell command; stdout+stderr in *out (malloc'd); returns the exit status. */
static int run(char **out, const char *fmt, ...)
{
    char cmd[2048], buf[4096];
    ru_text t = {NULL, 0, 0};
    va_list ap;
    FILE *p;
    int st;

    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    ru_put(&t, "");
    while (fgets(buf, sizeof(buf), p))
        ru_put(&t, buf);
    st = pclose(p);
    *out = t.s;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Wait (up to a minute on a loaded machine) for table dd.NAME on the replica r. */
static bool wait_table(const char *b, const char *name)
{
    char *out = NULL, want[80];

    snprintf(want, sizeof(want), "| %s ", name);
    for (int i = 0; i < 600; i++) {
        bool found = run(&out, "%s/syscat --datadir %s/r show tables dd 2>&1", b, base) == 0 &&
                     strstr(out, want);
        free(out);
        if (found)
            return true;
        usleep(100000);
    }
    return false;
}

START_TEST(test_replica_cli)
{
    const char *b = sc_fixture_build_dir();
    char *out = NULL;
    pid_t pid;
    int st;

    ck_assert_int_eq(run(&out,
                         "%s/syscat --datadir %s/a init && %s/syscat --datadir %s/a binlog "
                         "set binlog.server_id 5 && %s/syscat --datadir %s/a exec -e "
                         "'CREATE DATABASE d; CREATE TABLE d.t (i INT)' 2>&1",
                         b, base, b, base, b, base),
                     0);
    free(out);
    ck_assert_int_eq(run(&out,
                         "%s/syscat --datadir %s/r init && %s/syscat --datadir %s/r binlog "
                         "set binlog.server_id 6 2>&1",
                         b, base, b, base),
                     0);
    free(out);
    ck_assert_int_eq(run(&out,
                         "%s/syscat --datadir %s/r replica add-source a --from %s/a "
                         "--rewrite-db d=dd --exec-mode idempotent 2>&1",
                         b, base, base),
                     0);
    free(out);
    ck_assert_int_eq(
        run(&out, "%s/syscat --datadir %s/r replica add-source x --bogus 2>&1", b, base), 2);
    free(out);
    ck_assert_int_eq(run(&out, "%s/syscat --datadir %s/r replica apply a --json", b, base), 0);
    ck_assert_msg(strstr(out, "\"transactions\": 3, \"row_events\": ") &&
                      strstr(out, "\"ok\": true"),
                  "%s", out);
    free(out);
    ck_assert_int_eq(run(&out, "%s/syscat --datadir %s/r show create table dd.t", b, base), 0);
    ck_assert_ptr_nonnull(strstr(out, "CREATE TABLE `t`"));
    free(out);
    ck_assert_int_eq(run(&out, "%s/syscat --datadir %s/r idmap --json", b, base), 0);
    ck_assert_msg(strstr(out, "\"source_database\": \"d\"") &&
                      strstr(out, "\"local_database\": \"dd\"") &&
                      strstr(out, "\"local_table\": \"t\""),
                  "%s", out);
    free(out);
    /* follow: picks up what the source writes, stops cleanly on SIGTERM. The
     * poll interval is ten minutes: once its first round (d.v) is done, only
     * the wake on a change in the source's binlog/ (inotify) brings d.u in time. */
    ck_assert_int_eq(
        run(&out, "%s/syscat --datadir %s/a exec -e 'CREATE TABLE d.v (j INT)' 2>&1", b, base), 0);
    free(out);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        char dir[400], exe[400];
        snprintf(dir, sizeof(dir), "%s/r", base);
        snprintf(exe, sizeof(exe), "%s/syscat", b);
        freopen("/dev/null", "w", stdout);
        execl("/bin/sh", "sh", "-c", "exec \"$0\" --datadir \"$1\" replica follow --poll-ms 600000",
              exe, dir, (char *)NULL);
        _exit(127);
    }
    ck_assert(wait_table(b, "v"));
    ck_assert_int_eq(
        run(&out, "%s/syscat --datadir %s/a exec -e 'CREATE TABLE d.u (j INT)' 2>&1", b, base), 0);
    free(out);
    ck_assert_msg(wait_table(b, "u"), "follow did not wake on the source's write");
    kill(pid, SIGTERM);
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "follow: %d", st);
    ck_assert_int_eq(run(&out, "%s/syscat --datadir %s/r replica status a --json", b, base), 0);
    ck_assert_msg(strstr(out, "\"transactions_applied\": 5") &&
                      strstr(out, "\"lag_transactions\": 0") &&
                      strstr(out, "\"exec_mode\": \"idempotent\""),
                  "%s", out);
    free(out);
    ck_assert_int_eq(run(&out, "%s/syscat --datadir %s/r replica status nosuch 2>&1", b, base), 1);
    ck_assert_ptr_nonnull(strstr(out, "no replication source named 'nosuch'"));
    free(out);
    ck_assert_int_eq(run(&out, "%s/syscat --datadir %s/r fsck", b, base), 0);
    free(out);
    /* A relative --from is stored as the absolute directory, so apply works from
     * any working directory; a source without --server-id says so in status. */
    {
        char absb[4096];
        ck_assert_ptr_nonnull(realpath(b, absb));
        ck_assert_int_eq(
            run(&out, "cd %s && %s/syscat --datadir r replica add-source rel --from ./a 2>&1", base,
                absb),
            0);
    }
    free(out);
    ck_assert_int_eq(run(&out, "%s/syscat --datadir %s/r replica status rel", b, base), 0);
    {
        char want[600];
        snprintf(want, sizeof(want), "  from: %s/a\n", base);
        ck_assert_msg(strstr(out, want) && strstr(out, "  server id: (not set)\n"), "%s", out);
    }
    free(out);
}
END_TEST

Suite *sc_test_replicate_replica_suite(void);

Suite *sc_test_replicate_replica_suite(void)
{
    Suite *s = suite_create("replicate_replica");
    TCase *tc;

    tc = tcase_create("fanin");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, ru_long() ? 3600 : 120);
    tcase_add_test(tc, test_replica_fanin_follow);
    tcase_add_loop_test(tc, test_replica_row_images, 0, NSRC);
    tcase_add_test(tc, test_replica_gen_fanin);
    suite_add_tcase(s, tc);

    tc = tcase_create("topology");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, ru_long() ? 3600 : 120);
    tcase_add_test(tc, test_replica_chain);
    tcase_add_test(tc, test_replica_rotate_own_server_id);
    tcase_add_test(tc, test_replica_circle);
    suite_add_tcase(s, tc);

    tc = tcase_create("rows");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_replica_cascades_in_order, 0, NSRC);
    tcase_add_test(tc, test_replica_strict_missing_row);
    suite_add_tcase(s, tc);

    tc = tcase_create("cli");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_replica_cli);
    suite_add_tcase(s, tc);
    return s;
}
