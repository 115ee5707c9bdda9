/*
 * check_replicate_replica_conflict.c - every conflict kind of the replica
 * applier (docs/replication.md "Conflicts"): two sources creating the same
 * database (stop, then resume with a rewrite rule; the rewrite policy), a
 * table name taken here, a source dropping a table this replica does not
 * have, an event naming an unknown id, and a source row that would break a
 * catalog invariant. Each checks the error text (source, position, object),
 * that the transaction left no trace, and that another source goes on.
 */
#include "tests/replica_util.h"
#include "catalog/catalog_int.h"

static char base[256];
static ru_node s1, s2, r;

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
    ru_create(&s1, base, "s1", 11, NULL);
    ru_create(&s2, base, "s2", 12, NULL);
    ru_create(&r, base, "rep", 99, NULL);
    ru_add_source(&r, "s1", &s1, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_exec_ok(&s1, "CREATE DATABASE one");
    ru_exec_ok(&s1, "CREATE TABLE one.t (i INT PRIMARY KEY)");
    ru_apply_ok(&r, "s1");
}

static void teardown(void)
{
    ru_close(&s1);
    ru_close(&s2);
    ru_close(&r);
    sc_fixture_rmtree(base);
}

/* What must not change when a transaction is refused. */
typedef struct snapshot {
    char *dump;
    size_t maps;
    sc_replica_status st;
} snapshot;

static void snap(snapshot *out, const char *source)
{
    ru_idmap m = {NULL, 0, 0, 0, {NULL, 0, 0}};

    out->dump = ru_dump_all(&r);
    ck_assert_int_eq(sc_replica_idmap(r.log, NULL, ru_idmap_cb, &m), SC_OK);
    out->maps = m.tables + m.schemas;
    free(m.text.s);
    ck_assert_int_eq(sc_replica_status_get(&out->st, r.log, source), SC_OK);
}

/* Apply source, expect code/errno and every needle in the message; then no trace. */
static void
expect_stop(const char *source, int code, unsigned mysql_errno, const char *const *needles)
{
    snapshot a, b;
    char msg[512];
    sc_replica_stats st;
    const sc_error *e;
    int rc;

    snap(&a, source);
    rc = sc_replica_apply(&st, r.log, source, NULL, NULL);
    e = sc_ctx_last_error(r.ctx);
    ck_assert_msg(rc == code, "apply %s: %d (%s), want %d", source, rc, e->message, code);
    ck_assert_uint_eq(e->mysql_errno, mysql_errno);
    for (; *needles; needles++)
        ck_assert_msg(strstr(e->message, *needles), "'%s' not in: %s", *needles, e->message);
    snprintf(msg, sizeof(msg), "%s", e->message);
    snap(&b, source);
    ck_assert_str_eq(a.dump, b.dump);
    ck_assert_uint_eq(a.maps, b.maps);
    ck_assert_str_eq(a.st.file, b.st.file);
    ck_assert_uint_eq(a.st.position, b.st.position);
    ck_assert_uint_eq(a.st.txns_applied, b.st.txns_applied);
    ck_assert_str_eq(b.st.last_error, msg); /* status shows it */
    ck_assert_uint_gt(b.st.last_error_time, 0);
    sc_free(r.ctx, a.dump);
    sc_free(r.ctx, b.dump);
    /* the other source goes on */
    {
        char sql[80];
        static unsigned n;
        snprintf(sql, sizeof(sql), "CREATE TABLE one.more%u (i INT)", ++n);
        ru_exec_ok(&s1, sql);
        ck_assert_uint_eq(ru_apply_ok(&r, "s1").txns, 1);
    }
}

START_TEST(test_conflict_same_database_stop_then_rewrite_rule)
{
    static const char *const needles[] = {"source 's2' at binlog.000001:", "(GTID 0-12-2)",
                                          "Can't create database 'one'", NULL};
    static const char *const rule[] = {"one=one_from_s2"};
    char *a, *b;

    ru_add_source(&r, "s2", &s2, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_apply_ok(&r, "s2"); /* the bootstrap transaction */
    ru_exec_ok(&s2, "CREATE DATABASE one");
    ru_exec_ok(&s2, "CREATE TABLE one.t (j INT PRIMARY KEY)");
    expect_stop("s2", SC_EEXISTS, 1007, needles);
    /* Resume (docs/replication.md): register the source again with a rule. */
    ck_assert_int_eq(sc_replica_remove_source(r.log, "s2"), SC_OK);
    ru_add_source(&r, "s2", &s2, rule, 1, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_apply_ok(&r, "s2");
    a = ru_dump_db(&s2, "one", NULL);
    b = ru_dump_db(&r, "one_from_s2", NULL);
    ck_assert_ptr_nonnull(b);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    ru_fsck_ok(&r);
}
END_TEST

typedef struct find_map {
    const char *local_schema;
    const char *source_schema;
    bool found;
} find_map;

static int find_map_cb(const sc_idmap_entry *e, void *payload)
{
    find_map *f = payload;

    if (e->kind == SC_IDMAP_SCHEMA && !strcmp(e->local_schema, f->local_schema))
        f->found = !strcmp(e->source_schema, f->source_schema);
    return 0;
}

START_TEST(test_conflict_rewrite_policy)
{
    find_map f = {"s2_one", "one", false};
    sc_replica_status st;

    ru_add_source(&r, "s2", &s2, NULL, 0, SC_REPLICA_ON_CONFLICT_REWRITE, SC_REPLICA_EXEC_STRICT);
    ru_exec_ok(&s2, "CREATE DATABASE one");
    ru_exec_ok(&s2, "CREATE TABLE one.t (j INT PRIMARY KEY)");
    ru_exec_ok(&s2, "CREATE TABLE one.c (k INT, FOREIGN KEY (k) REFERENCES one.t (j))");
    ru_apply_ok(&r, "s2");
    free(ru_dump_db(&r, "s2_one", NULL));
    ck_assert_int_eq(sc_replica_idmap(r.log, "s2", find_map_cb, &f), SC_OK);
    ck_assert(f.found);
    ck_assert_int_eq(sc_replica_status_get(&st, r.log, "s2"), SC_OK);
    ck_assert_str_eq(st.rewrite_db, "one=s2_one\n"); /* learned, kept for later events */
    ru_fsck_ok(&r);
}
END_TEST

START_TEST(test_conflict_table_name_taken)
{
    static const char *const needles[] = {
        "source 's1' at binlog.000001:", "syscat.tables row 'mine'", NULL};
    char *a;

    ru_exec_ok(&r, "CREATE TABLE one.mine (x INT)"); /* local table in a replicated database */
    ru_exec_ok(&s1, "CREATE TABLE one.mine (y INT)");
    ru_add_source(&r, "s2", &s2, NULL, 0, 0, 0);
    ru_exec_ok(&s2, "CREATE DATABASE two");
    {
        snapshot x;
        int rc = sc_replica_apply(NULL, r.log, "s1", NULL, NULL);
        const sc_error *e = sc_ctx_last_error(r.ctx);
        ck_assert_int_eq(rc, SC_EEXISTS);
        ck_assert_uint_eq(e->mysql_errno, 1050);
        for (const char *const *n = needles; *n; n++)
            ck_assert_msg(strstr(e->message, *n), "'%s' not in: %s", *n, e->message);
        snap(&x, "s1");
        ck_assert_ptr_nonnull(strstr(x.dump, "`x` int(11)")); /* ours stayed */
        ck_assert_ptr_null(strstr(x.dump, "`y` int(11)"));
        sc_free(r.ctx, x.dump);
    }
    ru_apply_ok(&r, "s2"); /* another source goes on */
    a = ru_dump_db(&r, "two", NULL);
    ck_assert_ptr_nonnull(a);
    free(a);
}
END_TEST

/* Changes the source made while its log was off: the replica never saw them. */
static void unlogged(ru_node *n, const char *sql)
{
    ck_assert_int_eq(sc_log_set(n->log, "binlog.enabled", "0"), SC_OK);
    ru_exec_ok(n, sql);
    ck_assert_int_eq(sc_log_set(n->log, "binlog.enabled", "1"), SC_OK);
}

START_TEST(test_conflict_drop_unknown_table)
{
    static const char *const needles[] = {"source 's2' at binlog.000001:", "Delete_rows_v1",
                                          "names table id 256", "which this replica does not have",
                                          NULL};

    ru_add_source(&r, "s2", &s2, NULL, 0, 0, 0);
    ru_exec_ok(&s2, "CREATE DATABASE two");
    ru_apply_ok(&r, "s2");
    unlogged(&s2, "CREATE TABLE two.ghost (i INT)");
    ru_exec_ok(&s2, "DROP TABLE two.ghost");
    expect_stop("s2", SC_ERROR, 0, needles);
}
END_TEST

START_TEST(test_conflict_unknown_id)
{
    static const char *const needles[] = {"source 's2' at binlog.000001:", "names table id 256",
                                          NULL};

    ru_add_source(&r, "s2", &s2, NULL, 0, 0, 0);
    ru_exec_ok(&s2, "CREATE DATABASE two");
    ru_apply_ok(&r, "s2");
    unlogged(&s2, "CREATE TABLE two.ghost (i INT)");
    ru_exec_ok(&s2, "ALTER TABLE two.ghost ADD COLUMN j INT");
    expect_stop("s2", SC_ERROR, 0, needles);
}
END_TEST

START_TEST(test_conflict_invariant)
{
    static const char *const needles[] = {
        "source 's2' at binlog.000001:", "would break the catalog",
        "tables (id=257): index_count 0 but 1 indexes rows", NULL};
    Syscat__Catalog__IndexRow ix = SYSCAT__CATALOG__INDEX_ROW__INIT;
    sc_txn *t = NULL;
    uint8_t buf[256];
    size_t n;

    ru_add_source(&r, "s2", &s2, NULL, 0, 0, 0);
    ru_exec_ok(&s2, "CREATE DATABASE two");
    ru_exec_ok(&s2, "CREATE TABLE two.t (i INT)");
    ru_apply_ok(&r, "s2");
    /* A damaged source writes an index row whose parts do not exist (issue 8, defect 10). */
    {
        sc_table *tb = NULL;
        ck_assert_int_eq(sc_txn_begin(&t, s2.cat, SC_TXN_READONLY), SC_OK);
        ck_assert_int_eq(sc_table_lookup(&tb, t, "two", "t"), SC_OK);
        ix.table_id = sc_table_id(tb);
        sc_table_free(tb);
        sc_txn_abort(t);
    }
    ix.ordinal = 7;
    ix.name = "broken";
    ix.part_count = 3;
    n = protobuf_c_message_pack(&ix.base, buf);
    ck_assert_int_eq(sc_txn_begin(&t, s2.cat, 0), SC_OK);
    ck_assert_int_eq(sc_catalog__row_put(t, SC_SYS_INDEXES, (sc_slice){buf, n}), SC_OK);
    ck_assert_int_eq(sc_txn_commit(t), SC_OK);
    expect_stop("s2", SC_ECORRUPT, 0, needles);
    ru_fsck_ok(&r);
}
END_TEST

/* Rows fsck's counts accept but the DDL path never makes: a duplicate column name. */
START_TEST(test_conflict_invariant_ddl_rule)
{
    static const char *const needles[] = {
        "source 's2' at binlog.000001:", "would break the catalog: table id 257 here",
        "Duplicate column name 'i'", NULL};
    Syscat__Catalog__ColumnRow col = SYSCAT__CATALOG__COLUMN_ROW__INIT;
    Syscat__Catalog__TableRow *tr = NULL;
    sc_table *tb = NULL;
    sc_txn *t = NULL;
    uint8_t buf[512];
    uint8_t *row = NULL;
    size_t n, len = 0;

    ru_add_source(&r, "s2", &s2, NULL, 0, 0, 0);
    ru_exec_ok(&s2, "CREATE DATABASE two");
    ru_exec_ok(&s2, "CREATE TABLE two.t (i INT)");
    ru_apply_ok(&r, "s2");
    ck_assert_int_eq(sc_txn_begin(&t, s2.cat, 0), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&tb, t, "two", "t"), SC_OK);
    col.table_id = sc_table_id(tb);
    sc_table_free(tb);
    col.ordinal = 1;
    col.name = "i";
    col.type = SC_TYPE_INT;
    n = protobuf_c_message_pack(&col.base, buf);
    ck_assert_int_eq(sc_catalog__row_put(t, SC_SYS_COLUMNS, (sc_slice){buf, n}), SC_OK);
    {
        Syscat__Catalog__TableRow k = SYSCAT__CATALOG__TABLE_ROW__INIT;
        k.id = col.table_id;
        n = protobuf_c_message_pack(&k.base, buf);
        ck_assert_int_eq(sc_catalog__row_get(&row, &len, t, SC_SYS_TABLES, (sc_slice){buf, n}),
                         SC_OK);
        tr = syscat__catalog__table_row__unpack(NULL, len, row);
        ck_assert_ptr_nonnull(tr);
        tr->column_count = 2;
        n = protobuf_c_message_pack(&tr->base, buf);
        ck_assert_int_eq(sc_catalog__row_put(t, SC_SYS_TABLES, (sc_slice){buf, n}), SC_OK);
        syscat__catalog__table_row__free_unpacked(tr, NULL);
        sc_free(s2.ctx, row);
    }
    ck_assert_int_eq(sc_txn_commit(t), SC_OK);
    expect_stop("s2", SC_ECORRUPT, 0, needles);
    ru_fsck_ok(&r);
}
END_TEST

START_TEST(test_conflict_usage_errors)
{
    sc_replica_source_options o = SC_REPLICA_SOURCE_OPTIONS_INIT;
    static const char *const bad_rule[] = {"noequals"};

    o.from = s2.dir;
    ck_assert_int_eq(sc_replica_add_source(r.log, "s1", &o), SC_EEXISTS);
    ck_assert_int_eq(sc_replica_add_source(r.log, "bad name", &o), SC_EINVAL);
    o.rewrite_db = bad_rule;
    o.n_rewrite_db = 1;
    ck_assert_int_eq(sc_replica_add_source(r.log, "x", &o), SC_EINVAL);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(r.ctx)->message, "FROM=TO"));
    o.n_rewrite_db = 0;
    o.from = "/nonexistent/dir";
    ck_assert_int_eq(sc_replica_add_source(r.log, "x", &o), SC_EINVAL);
    o.from = "127.0.0.1:1"; /* HOST:PORT (nothing listens there): an error of the round */
    ck_assert_int_eq(sc_replica_add_source(r.log, "net", &o), SC_OK);
    ck_assert_int_eq(sc_replica_apply(NULL, r.log, "net", NULL, NULL), SC_EIO);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(r.ctx)->message, "source 127.0.0.1:1: connect"));
    ck_assert_int_eq(sc_replica_apply(NULL, r.log, "nosuch", NULL, NULL), SC_ENOTFOUND);
    ck_assert_int_eq(sc_replica_remove_source(r.log, "nosuch"), SC_ENOTFOUND);
}
END_TEST

Suite *sc_test_replicate_replica_conflict_suite(void);

Suite *sc_test_replicate_replica_conflict_suite(void)
{
    Suite *s = suite_create("replicate_replica_conflict");
    TCase *tc = tcase_create("conflicts");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_conflict_same_database_stop_then_rewrite_rule);
    tcase_add_test(tc, test_conflict_rewrite_policy);
    tcase_add_test(tc, test_conflict_table_name_taken);
    tcase_add_test(tc, test_conflict_drop_unknown_table);
    tcase_add_test(tc, test_conflict_unknown_id);
    tcase_add_test(tc, test_conflict_invariant);
    tcase_add_test(tc, test_conflict_invariant_ddl_rule);
    tcase_add_test(tc, test_conflict_usage_errors);
    suite_add_tcase(s, tc);
    return s;
}
