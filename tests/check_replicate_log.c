/*
 * check_replicate_log.c - the catalog log (replicate/log.c, logfile.c,
 * userrows.c, apply.c): the exact event sequence of one transaction, TABLE_MAP
 * modes, rotation, purge, rebuild byte-equality, settings, row images,
 * cascades, data rows, recovery of files after a crash, and detection of a
 * corrupt stored log. Interop with mariadb-binlog: check_replicate_interop.c.
 */
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "tests/log_util.h"
#include "replicate/apply.h"

static sc_log *lg;
static lu_event evs[LU_MAX_EVENTS];

static void setup(void)
{
    sc_fixture_catalog_setup();
    lu_ok(sc_log_open(&lg, sc_fx.cat));
    lu_exec(sc_fx.cat, "CREATE DATABASE test");
}

static void teardown(void)
{
    sc_log_close(lg);
    lg = NULL;
    sc_fixture_catalog_teardown();
}

/* Index of the first event of type at or after from; n when none. */
static size_t find_type(size_t n, size_t from, uint8_t type)
{
    while (from < n && evs[from].type != type)
        from++;
    return from;
}

static size_t count_type(size_t n, size_t from, size_t to, uint8_t type)
{
    size_t c = 0;
    for (size_t i = from; i < to && i < n; i++)
        c += evs[i].type == type;
    (void)n;
    return c;
}

/* The first GTID after the bootstrap transaction that opens file 1. */
static size_t first_gtid(size_t n)
{
    return find_type(n, find_type(n, 0, SC_EV_XID) + 1, SC_EV_GTID);
}

/* Run a shell command; returns the exit status, stdout in *out (NUL-terminated). */
static int sh(char **out, const char *cmd)
{
    char line[4096];
    sc_buf b = SC_BUF_INIT(sc_fx.ctx);
    FILE *p;
    int st;

    p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    while (fgets(line, sizeof(line), p))
        sc__buf_put(&b, line, strlen(line));
    sc_buf_u8(&b, 0);
    st = pclose(p);
    *out = (char *)b.data;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Stock mariadb-binlog -vv on one file of DATADIR/binlog; must exit 0. Output in *out. */
static void mariadb_binlog(char **out, const char *datadir, const char *file)
{
    char cmd[1024];

    snprintf(cmd, sizeof(cmd),
             "/usr/bin/mariadb-binlog -vv --base64-output=decode-rows '%s/binlog/%s' 2>&1", datadir,
             file);
    ck_assert_msg(sh(out, cmd) == 0, "mariadb-binlog failed: %s", *out);
}

/* Position of the last occurrence of needle in hay, or NULL. */
static const char *last_strstr(const char *hay, const char *needle)
{
    const char *at = NULL;

    for (const char *p = hay; (p = strstr(p, needle)); p++)
        at = p;
    return at;
}

/* ------------------------------------------------------------------ */

START_TEST(test_log_txn_event_sequence)
{
    size_t n = lu_events(evs, lg, NULL), b;
    uint8_t head[] = {SC_EV_FORMAT_DESCRIPTION, SC_EV_GTID_LIST, SC_EV_BINLOG_CHECKPOINT,
                      SC_EV_GTID};
    uint8_t want[] = {SC_EV_GTID, SC_EV_ANNOTATE_ROWS, SC_EV_UPDATE_ROWS_V1, SC_EV_WRITE_ROWS_V1,
                      SC_EV_XID};

    /* The file opens with the bootstrap transaction (the rows of a new catalog, inserts
     * only, no annotation), which maps every table it writes. */
    for (size_t i = 0; i < sizeof(head); i++)
        ck_assert_msg(evs[i].type == head[i], "event %zu: type %u, want %u", i, evs[i].type,
                      head[i]);
    b = find_type(n, 0, SC_EV_XID) + 1;
    ck_assert_uint_eq(count_type(n, 3, b, SC_EV_ANNOTATE_ROWS), 0);
    ck_assert_uint_eq(count_type(n, 3, b, SC_EV_TABLE_MAP), 6);
    /* one rows event per table, the columns rows in two (over SC_LOG_ROWS_MAX bytes before
     * compression); the larger ones compressed (binlog.compress) */
    ck_assert_uint_eq(count_type(n, 3, b, SC_EV_WRITE_ROWS_V1) +
                          count_type(n, 3, b, SC_EV_ROWS_COMPRESSED_V1),
                      7);
    ck_assert_uint_ge(count_type(n, 3, b, SC_EV_ROWS_COMPRESSED_V1), 5);
    ck_assert_uint_eq(
        count_type(n, 3, b, SC_EV_UPDATE_ROWS_V1) + count_type(n, 3, b, SC_EV_DELETE_ROWS_V1), 0);
    /* CREATE DATABASE: counter update (sequences) then the schemata row; both tables were
     * mapped in this file already. */
    ck_assert_uint_eq(n - b, sizeof(want));
    for (size_t i = 0; i < sizeof(want); i++)
        ck_assert_msg(evs[b + i].type == want[i], "event %zu: type %u, want %u", b + i,
                      evs[b + i].type, want[i]);
    ck_assert_uint_eq(evs[b].rflags, SC_GTID_TRANSACTIONAL | SC_GTID_DDL);
    ck_assert_uint_eq(evs[b].flags, SC_EVF_SUPPRESS_USE);
    ck_assert_uint_eq(evs[b + 2].table_id, SC_SYS_SEQUENCES);
    ck_assert_uint_eq(evs[b + 2].rflags, 0);
    ck_assert_uint_eq(evs[b + 3].table_id, SC_SYS_SCHEMATA);
    ck_assert_uint_eq(evs[b + 3].rflags, SC_ROWS_STMT_END);
    for (size_t i = 0; i + 1 < n; i++)
        ck_assert_uint_eq(evs[i].log_pos, evs[i + 1].offset);
}
END_TEST

START_TEST(test_log_multi_statement_txn)
{
    sc_txn *t = NULL;
    sc_session *s = NULL;
    sc_stmt_result r;
    size_t n, g, stmt_ends = 0;
    static const char *const sql[] = {"CREATE TABLE m1 (id INT PRIMARY KEY)",
                                      "CREATE TABLE m2 (id INT PRIMARY KEY)"};

    lu_ok(sc_session_new(&s, sc_fx.cat, "test"));
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    for (int i = 0; i < 2; i++) {
        memset(&r, 0, sizeof(r));
        lu_ok(sc_ddl_exec(&r, s, t, sql[i], strlen(sql[i])));
        sc_stmt_result_clear(&r);
    }
    lu_ok(sc_txn_commit(t));
    sc_session_free(s);
    n = lu_events(evs, lg, NULL);
    g = find_type(n, first_gtid(n) + 1, SC_EV_GTID);
    /* One binlog transaction, two statements: two annotations, two STMT_END_F. */
    ck_assert_uint_eq(find_type(n, g + 1, SC_EV_GTID), n);
    ck_assert_uint_eq(count_type(n, g, n, SC_EV_ANNOTATE_ROWS), 2);
    ck_assert_uint_eq(count_type(n, g, n, SC_EV_XID), 1);
    for (size_t i = g; i < n; i++)
        stmt_ends += sc_event__is_rows(evs[i].type) && (evs[i].rflags & SC_ROWS_STMT_END);
    ck_assert_uint_eq(stmt_ends, 2);
}
END_TEST

START_TEST(test_log_rows_event_size_cap)
{
    sc_buf sql = SC_BUF_INIT(sc_fx.ctx);
    size_t n, g, col_events = 0;
    char tmp[64];

    sc__buf_put(&sql, "CREATE TABLE wide (id INT PRIMARY KEY", 37);
    for (int i = 0; i < 300; i++) {
        snprintf(tmp, sizeof(tmp), ", column_number_%03d INT COMMENT 'c'", i);
        sc__buf_put(&sql, tmp, strlen(tmp));
    }
    sc__buf_put(&sql, ")", 2);
    lu_exec(sc_fx.cat, (const char *)sql.data);
    sc__buf_free(&sql);
    n = lu_events(evs, lg, NULL);
    g = find_type(n, first_gtid(n) + 1, SC_EV_GTID);
    for (size_t i = g; i < n; i++) {
        if (sc_event__rows_plain(evs[i].type) != SC_EV_WRITE_ROWS_V1 ||
            evs[i].table_id != SC_SYS_COLUMNS)
            continue;
        col_events++;
        /* 8192 bytes of rows at most, plus header, post-header, bitmap and checksum */
        ck_assert_uint_le(evs[i].log_pos - evs[i].offset, 8192 + 19 + 8 + 1 + 3 + 4);
    }
    ck_assert_uint_ge(col_events, 3);
    ck_assert_uint_eq(evs[n - 2].rflags, SC_ROWS_STMT_END); /* only the last one */
    for (size_t i = g; i + 2 < n; i++)
        ck_assert(!(sc_event__is_rows(evs[i].type) && (evs[i].rflags & SC_ROWS_STMT_END)));
}
END_TEST

START_TEST(test_log_table_map_file_mode)
{
    size_t n, g2;

    lu_exec(sc_fx.cat, "CREATE DATABASE test2");
    n = lu_events(evs, lg, NULL);
    g2 = find_type(n, first_gtid(n) + 1, SC_EV_GTID);
    ck_assert_uint_lt(g2, n);
    /* Both tables were mapped by the first transaction of the file: no map again. */
    ck_assert_uint_eq(count_type(n, g2, n, SC_EV_TABLE_MAP), 0);
    ck_assert_uint_eq(count_type(n, g2, n, SC_EV_WRITE_ROWS_V1), 1);
}
END_TEST

START_TEST(test_log_table_map_statement_mode)
{
    size_t n, g2;

    lu_set(sc_fx.cat, SC_LOG_SET_TABLE_MAP, "statement");
    lu_exec(sc_fx.cat, "CREATE DATABASE test2");
    n = lu_events(evs, lg, NULL);
    g2 = find_type(n, first_gtid(n) + 1, SC_EV_GTID);
    ck_assert_uint_eq(count_type(n, g2, n, SC_EV_TABLE_MAP), 2);
    /* Maps come after the annotation and before the statement's first rows event. */
    ck_assert_uint_eq(evs[g2 + 1].type, SC_EV_ANNOTATE_ROWS);
    ck_assert_uint_eq(evs[g2 + 2].type, SC_EV_TABLE_MAP);
    ck_assert_uint_eq(evs[g2 + 3].type, SC_EV_TABLE_MAP);
}
END_TEST

START_TEST(test_log_annotate_off)
{
    size_t n, g2;

    lu_set(sc_fx.cat, SC_LOG_SET_ANNOTATE, "0");
    lu_exec(sc_fx.cat, "CREATE DATABASE test2");
    n = lu_events(evs, lg, NULL);
    g2 = find_type(n, first_gtid(n) + 1, SC_EV_GTID);
    ck_assert_uint_eq(count_type(n, g2, n, SC_EV_ANNOTATE_ROWS), 0);
}
END_TEST

START_TEST(test_log_disabled)
{
    size_t n1 = lu_events(evs, lg, NULL), n2;

    lu_set(sc_fx.cat, SC_LOG_SET_ENABLED, "0");
    lu_exec(sc_fx.cat, "CREATE DATABASE test2");
    n2 = lu_events(evs, lg, NULL);
    ck_assert_uint_eq(n1, n2);
}
END_TEST

/* Attached and enabled, the log marks the catalog logged: writers without it are refused. */
START_TEST(test_log_marks_catalog_logged)
{
    sc_txn *t = NULL;

    sc_log_close(lg);
    lg = NULL;
    ck_assert_int_eq(sc_txn_begin(&t, sc_fx.cat, 0), SC_EINVAL);
    ck_assert_int_ne(lu_exec_db(sc_fx.cat, NULL, "CREATE DATABASE unlogged"), SC_OK);
    lu_ok(sc_txn_begin(&t, sc_fx.cat, SC_TXN_READONLY)); /* readers are fine */
    sc_txn_abort(t);
    /* binlog.enabled=0 clears the mark (it must be set with the log attached)... */
    lu_ok(sc_log_open(&lg, sc_fx.cat));
    lu_set(sc_fx.cat, SC_LOG_SET_ENABLED, "0");
    sc_log_close(lg);
    lg = NULL;
    lu_exec(sc_fx.cat, "CREATE DATABASE unlogged");
    /* ...attaching with it 0 keeps the catalog unmarked, and 1 marks it again. */
    lu_ok(sc_log_open(&lg, sc_fx.cat));
    sc_log_close(lg);
    lu_exec(sc_fx.cat, "CREATE DATABASE unlogged2");
    lu_ok(sc_log_open(&lg, sc_fx.cat));
    lu_set(sc_fx.cat, SC_LOG_SET_ENABLED, "1");
    sc_log_close(lg);
    lg = NULL;
    ck_assert_int_eq(sc_txn_begin(&t, sc_fx.cat, 0), SC_EINVAL);
    lu_ok(sc_log_open(&lg, sc_fx.cat));
    lu_exec(sc_fx.cat, "CREATE DATABASE logged_again");
}
END_TEST

START_TEST(test_log_bad_setting_aborts)
{
    sc_txn *t = NULL;

    lu_set(sc_fx.cat, SC_LOG_SET_ROW_IMAGE, "HALF");
    ck_assert_int_ne(lu_exec_db(sc_fx.cat, "test", "CREATE DATABASE test2"), SC_OK);
    /* Nothing was written: the database does not exist. */
    lu_set(sc_fx.cat, SC_LOG_SET_ROW_IMAGE, "FULL");
    lu_ok(sc_txn_begin(&t, sc_fx.cat, SC_TXN_READONLY));
    {
        sc_schema *s = NULL;
        ck_assert_int_eq(sc_schema_lookup(&s, t, "test2"), SC_ENOTFOUND);
    }
    sc_txn_abort(t);
}
END_TEST

START_TEST(test_log_cascade_flag)
{
    size_t n, g, dels = 0;

    lu_exec(sc_fx.cat, "CREATE TABLE t1 (id INT PRIMARY KEY, a INT, KEY k(a))");
    lu_exec(sc_fx.cat, "CREATE TABLE t2 (id INT PRIMARY KEY)");
    lu_exec(sc_fx.cat, "DROP DATABASE test");
    n = lu_events(evs, lg, NULL);
    g = n;
    for (size_t i = 0; i < n; i++)
        if (evs[i].type == SC_EV_GTID)
            g = i;
    for (size_t i = g; i < n; i++) {
        if (evs[i].type != SC_EV_DELETE_ROWS_V1)
            continue;
        dels++;
        /* Rows deleted because their schema went: NO_FOREIGN_KEY_CHECKS, no re-cascade. */
        if (evs[i].table_id != SC_SYS_SCHEMATA)
            ck_assert_msg(evs[i].rflags & SC_ROWS_NO_FOREIGN_KEY_CHECKS,
                          "delete of table %llu without NO_FOREIGN_KEY_CHECKS",
                          (unsigned long long)evs[i].table_id);
    }
    ck_assert_uint_ge(dels, 3);
}
END_TEST

START_TEST(test_log_file_errors_do_not_block_commits)
{
    char path[512];
    FILE *f;

    lu_ok(sc_log_sync(lg));
    snprintf(path, sizeof(path), "%s/binlog", sc_fx.dir);
    sc_fixture_rmtree(path);
    f = fopen(path, "w"); /* a file where the directory should be: every file write fails */
    ck_assert_ptr_nonnull(f);
    fclose(f);
    /* The commits succeed; the after-commit write failed and is kept for sc_log_sync. */
    lu_exec(sc_fx.cat, "CREATE TABLE a (id INT PRIMARY KEY)");
    ck_assert_int_eq(lg->file_err.code, SC_EIO);
    ck_assert_ptr_nonnull(strstr(lg->file_err.message, "binlog"));
    lu_exec(sc_fx.cat, "CREATE TABLE b (id INT PRIMARY KEY)");
    ck_assert_int_ne(sc_log_sync(lg), SC_OK);
    /* Attaching still works (the catalog stays writable, rebuild can repair). */
    sc_log_close(lg);
    lg = NULL;
    lu_ok(sc_log_open(&lg, sc_fx.cat));
    ck_assert_int_eq(lg->file_err.code, SC_EIO);
    lu_exec(sc_fx.cat, "CREATE TABLE c (id INT PRIMARY KEY)");
    ck_assert_int_eq(unlink(path), 0);
    lu_ok(sc_log_rebuild(lg));
    lu_ok(sc_log_verify(lg, NULL, NULL, NULL));
    ck_assert_uint_eq(lu_events(evs, lg, NULL) > 0, 1);
}
END_TEST

static void count_problem(const char *p, void *payload)
{
    if (getenv("SC_TEST_VERBOSE"))
        fprintf(stderr, "log problem: %s\n", p);
    (*(int *)payload)++;
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

static char *file_on_disk(const char *name, size_t *len)
{
    char *path = NULL, *data;

    lu_ok(sc_log_path(&path, lg, name));
    data = sc_fixture_read_file(path, len);
    sc_free(sc_fx.ctx, path);
    return data;
}

static int check_equal_cb(const sc_log_file *f, void *payload)
{
    uint8_t *stored = NULL;
    size_t slen = 0, dlen = 0;
    char *disk = file_on_disk(f->name, &dlen);

    (void)payload;
    lu_ok(sc_log_file_bytes(&stored, &slen, lg, f->name));
    ck_assert_msg(disk != NULL, "%s missing", f->name);
    ck_assert_uint_eq(slen, f->size);
    ck_assert_uint_eq(dlen, slen);
    ck_assert(memcmp(disk, stored, slen) == 0);
    free(disk);
    sc_free(sc_fx.ctx, stored);
    return 0;
}

static void ddl_stream(int n)
{
    char sql[128];

    for (int i = 0; i < n; i++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE t%d (id INT PRIMARY KEY, v VARCHAR(20))", i);
        lu_exec(sc_fx.cat, sql);
    }
}

START_TEST(test_log_rotation)
{
    size_t n;
    char *index;

    lu_set(sc_fx.cat, SC_LOG_SET_MAX_FILE_SIZE, "2000");
    ddl_stream(6);
    lu_ok(sc_log_sync(lg));
    ck_assert_uint_ge(lu_nfiles(lg), 3);
    /* File 1 ends with a ROTATE to file 2; file 2 starts with the header events. */
    n = lu_events(evs, lg, "binlog.000001");
    ck_assert_uint_eq(evs[n - 1].type, SC_EV_ROTATE);
    n = lu_events(evs, lg, "binlog.000002");
    ck_assert_uint_eq(evs[0].type, SC_EV_FORMAT_DESCRIPTION);
    ck_assert_uint_eq(evs[1].type, SC_EV_GTID_LIST);
    ck_assert_uint_eq(evs[2].type, SC_EV_BINLOG_CHECKPOINT);
    ck_assert_uint_eq(evs[3].type, SC_EV_GTID);
    /* The new file maps its tables again. */
    ck_assert_uint_ge(count_type(n, 0, n, SC_EV_TABLE_MAP), 1);
    lu_ok(sc_log_files(lg, check_equal_cb, NULL));
    index = file_on_disk(NULL, &n);
    ck_assert_ptr_nonnull(index);
    ck_assert(strncmp(index, "binlog.000001\nbinlog.000002\n", 28) == 0);
    free(index);
}
END_TEST

START_TEST(test_log_rotate_checksum_setting)
{
    size_t n;
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;

    lu_set(sc_fx.cat, SC_LOG_SET_CHECKSUM, "NONE");
    lu_exec(sc_fx.cat, "CREATE DATABASE test2"); /* still CRC32: a file keeps its FDE's alg */
    lu_ok(sc_log_file_bytes(&data, &len, lg, "binlog.000001"));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f1", (sc_slice){data, len}));
    ck_assert_int_eq(sc_binlog_reader_checksum(r), SC_CHECKSUM_CRC32);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
    lu_ok(sc_log_rotate(lg));
    lu_exec(sc_fx.cat, "CREATE DATABASE test3");
    ck_assert_uint_eq(lu_nfiles(lg), 2);
    lu_ok(sc_log_file_bytes(&data, &len, lg, "binlog.000002"));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f2", (sc_slice){data, len}));
    ck_assert_int_eq(sc_binlog_reader_checksum(r), SC_CHECKSUM_NONE);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
    n = lu_events(evs, lg, "binlog.000002");
    ck_assert_uint_eq(evs[n - 1].type, SC_EV_XID);
    lu_ok(sc_log_verify(lg, NULL, NULL, NULL)); /* files are written at commit */
}
END_TEST

/* Defaults are recorded at attach; sc_log_set refuses unknown keys and bad
 * values (which would otherwise make every later commit fail). */
START_TEST(test_log_settings_defaults_and_validation)
{
    static const char *const keys[] = {
        SC_LOG_SET_ENABLED,       SC_LOG_SET_CHECKSUM,  SC_LOG_SET_ROW_IMAGE, SC_LOG_SET_TABLE_MAP,
        SC_LOG_SET_MAX_FILE_SIZE, SC_LOG_SET_SERVER_ID, SC_LOG_SET_DOMAIN_ID, SC_LOG_SET_ANNOTATE};
    sc_txn *txn = NULL;
    char *v = NULL;
    size_t i;

    lu_ok(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY));
    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        ck_assert_msg(sc_setting_get(&v, txn, keys[i]) == SC_OK, "%s not recorded", keys[i]);
        sc_free(sc_fx.ctx, v);
    }
    lu_ok(sc_setting_get(&v, txn, SC_LOG_SET_ROW_IMAGE));
    ck_assert_str_eq(v, "FULL");
    sc_free(sc_fx.ctx, v);
    lu_ok(sc_setting_get(&v, txn, SC_LOG_SET_ENABLED));
    ck_assert_str_eq(v, "1");
    sc_free(sc_fx.ctx, v);
    sc_txn_abort(txn);

    ck_assert_int_eq(sc_log_set(lg, SC_LOG_SET_ROW_IMAGE, "SIDEWAYS"), SC_EINVAL);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(sc_fx.ctx)->message, "SIDEWAYS"));
    ck_assert_int_eq(sc_log_set(lg, "binlog.no_such", "1"), SC_EINVAL);
    ck_assert_int_eq(sc_log_set(lg, SC_LOG_SET_MAX_FILE_SIZE, "12x"), SC_EINVAL);
    lu_exec(sc_fx.cat, "CREATE DATABASE still_logged"); /* bad values were not stored */
    lu_ok(sc_log_set(lg, SC_LOG_SET_ROW_IMAGE, "minimal"));
    lu_ok(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY));
    lu_ok(sc_setting_get(&v, txn, SC_LOG_SET_ROW_IMAGE));
    ck_assert_str_eq(v, "minimal");
    sc_free(sc_fx.ctx, v);
    sc_txn_abort(txn);
    lu_exec(sc_fx.cat, "CREATE DATABASE minimal_now");
}
END_TEST

START_TEST(test_log_rebuild_byte_equal)
{
    char *path = NULL;

    lu_set(sc_fx.cat, SC_LOG_SET_MAX_FILE_SIZE, "3000");
    ddl_stream(5);
    lu_ok(sc_log_sync(lg));
    /* Damage the files: delete one, truncate another, scribble on the index. */
    lu_ok(sc_log_path(&path, lg, "binlog.000001"));
    ck_assert_int_eq(unlink(path), 0);
    sc_free(sc_fx.ctx, path);
    lu_ok(sc_log_path(&path, lg, "binlog.000002"));
    ck_assert_int_eq(truncate(path, 100), 0);
    sc_free(sc_fx.ctx, path);
    ck_assert_int_eq(sc_log_verify(lg, NULL, NULL, NULL), SC_ECORRUPT);
    lu_ok(sc_log_rebuild(lg));
    lu_ok(sc_log_files(lg, check_equal_cb, NULL));
    lu_ok(sc_log_verify(lg, NULL, NULL, NULL));
}
END_TEST

START_TEST(test_log_purge)
{
    size_t before, len;
    char *disk;

    lu_set(sc_fx.cat, SC_LOG_SET_MAX_FILE_SIZE, "2000");
    ddl_stream(6);
    before = lu_nfiles(lg);
    ck_assert_uint_ge(before, 4);
    lu_ok(sc_log_purge(lg, "binlog.000003"));
    ck_assert_uint_eq(lu_nfiles(lg), before - 2);
    disk = file_on_disk("binlog.000001", &len);
    ck_assert_ptr_null(disk);
    ck_assert_int_eq(sc_log_purge(lg, "binlog.000001"), SC_ENOTFOUND);
    ck_assert_int_eq(sc_log_purge(lg, "binlog.000099"), SC_EINVAL);
    lu_ok(sc_log_purge(lg, NULL));
    ck_assert_uint_eq(lu_nfiles(lg), 1); /* the current file is never purged */
    disk = file_on_disk(NULL, &len);
    ck_assert_ptr_nonnull(disk);
    ck_assert_uint_eq(len, strlen("binlog.000006\n") * 1);
    free(disk);
    lu_ok(sc_log_rebuild(lg));
    lu_ok(sc_log_verify(lg, NULL, NULL, NULL));
}
END_TEST

/* Every commit reaches the files right away: no sync, no close in between. */
START_TEST(test_log_files_written_at_commit)
{
    sc_txn *t = NULL;

    lu_exec(sc_fx.cat, "CREATE TABLE a (id INT PRIMARY KEY)");
    lu_ok(sc_log_files(lg, check_equal_cb, NULL));
    lu_exec(sc_fx.cat, "ALTER TABLE a ADD COLUMN v INT");
    lu_ok(sc_log_files(lg, check_equal_cb, NULL));
    lu_ok(sc_log_rotate(lg));
    lu_exec(sc_fx.cat, "DROP TABLE a");
    ck_assert_uint_eq(lu_nfiles(lg), 2);
    lu_ok(sc_log_files(lg, check_equal_cb, NULL));
    /* A transaction that logs nothing (a setting) leaves them equal too. */
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_setting_set(t, SC_LOG_SET_ANNOTATE, "0"));
    lu_ok(sc_txn_commit(t));
    lu_ok(sc_log_files(lg, check_equal_cb, NULL));
    ck_assert_int_eq(lg->file_err.code, SC_OK);
}
END_TEST

/* Cut binlog.000001 to size bytes (< 0: from its end) with the log detached, then reattach. */
static void cut_and_reopen(long size)
{
    char *path = NULL;
    size_t len = 0;
    char *disk;

    lu_ok(sc_log_path(&path, lg, "binlog.000001"));
    sc_log_close(lg);
    lg = NULL;
    disk = sc_fixture_read_file(path, &len);
    ck_assert_ptr_nonnull(disk);
    free(disk);
    ck_assert_int_eq(truncate(path, size < 0 ? (off_t)len + size : size), 0);
    sc_free(sc_fx.ctx, path);
    lu_ok(sc_log_open(&lg, sc_fx.cat));
    lu_ok(sc_log_verify(lg, NULL, NULL, NULL));
}

START_TEST(test_log_files_recovered_on_open)
{
    lu_exec(sc_fx.cat, "CREATE TABLE a (id INT PRIMARY KEY)");
    /* As if the process died between commit and file write: the file lacks the tail... */
    cut_and_reopen(500);
    /* ...or a write was cut inside the very last record (no record follows it). */
    cut_and_reopen(-10);
    lu_exec(sc_fx.cat, "CREATE TABLE b (id INT PRIMARY KEY)");
    cut_and_reopen(-1);
    /* A commit after a cut completes the file as well. */
    cut_and_reopen(-1);
    {
        char *path = NULL;
        lu_ok(sc_log_path(&path, lg, "binlog.000001"));
        ck_assert_int_eq(truncate(path, 700), 0);
        sc_free(sc_fx.ctx, path);
    }
    lu_exec(sc_fx.cat, "CREATE TABLE c (id INT PRIMARY KEY)");
    lu_ok(sc_log_verify(lg, NULL, NULL, NULL));
}
END_TEST

START_TEST(test_log_corrupt_stored_log)
{
    sc_txn *t = NULL;
    MDB_dbi dbi;
    MDB_val k, v;
    MDB_cursor *c;
    uint8_t *copy;
    int problems = 0;

    lu_exec(sc_fx.cat, "CREATE TABLE a (id INT PRIMARY KEY)");
    /* Flip one byte inside the second record (the first transaction) of file 1. */
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_catalog__open_dbi(&dbi, t, "log.events", 0));
    ck_assert_int_eq(mdb_cursor_open(sc_catalog__mdb_txn(t), dbi, &c), 0);
    ck_assert_int_eq(mdb_cursor_get(c, &k, &v, MDB_FIRST), 0);
    ck_assert_int_eq(mdb_cursor_get(c, &k, &v, MDB_NEXT), 0);
    copy = malloc(v.mv_size);
    memcpy(copy, v.mv_data, v.mv_size);
    copy[v.mv_size / 2] ^= 0x55;
    v.mv_data = copy;
    ck_assert_int_eq(mdb_cursor_put(c, &k, &v, MDB_CURRENT), 0);
    mdb_cursor_close(c);
    free(copy);
    lu_ok(sc_txn_commit(t));
    lu_ok(sc_log_sync(lg));
    ck_assert_int_eq(sc_log_verify(lg, count_problem, &problems, NULL), SC_ECORRUPT);
    ck_assert_int_ge(problems, 1);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Row images                                                           */

/* Present-column count of the first UPDATE rows event on syscat.tables after `from`. */
static void alter_and_find_update(size_t *n_out, size_t *g_out)
{
    size_t n;

    lu_exec(sc_fx.cat, "CREATE TABLE a (id INT PRIMARY KEY)");
    lu_exec(sc_fx.cat, "ALTER TABLE a COMMENT 'x'");
    n = lu_events(evs, lg, NULL);
    *g_out = n;
    for (size_t i = 0; i < n; i++)
        if (evs[i].type == SC_EV_GTID)
            *g_out = i;
    *n_out = n;
}

static sc_rows decode_first_update(sc_ev_table_map **tm_out,
                                   sc_binlog_reader **r_out,
                                   uint8_t **data_out,
                                   size_t from)
{
    size_t len = 0, i = 0;
    const sc_binlog_event *raw;
    sc_rows rows;

    lu_ok(sc_log_file_bytes(data_out, &len, lg, NULL));
    lu_ok(sc_binlog_reader_open_mem(r_out, sc_fx.ctx, "f", (sc_slice){*data_out, len}));
    for (;;) {
        lu_ok(sc_binlog_reader_next(&raw, *r_out));
        ck_assert_ptr_nonnull(raw);
        /* compressed or not: the reader hands out the plain event, rows inflated */
        if (i++ >= from && sc_event__rows_plain(raw->header.type) == SC_EV_UPDATE_ROWS_V1) {
            const sc_event *ev = sc_binlog_reader__event(*r_out);
            const sc_ev_table_map *tm = sc_binlog_reader__table_map(*r_out, ev->u.rows.table_id);
            sc_event_loc loc = {"f", raw->offset};
            if (ev->u.rows.table_id != SC_SYS_TABLES)
                continue;
            lu_ok(sc_rows__decode(&rows, sc_fx.ctx, tm, raw->header.type, &ev->u.rows, &loc));
            *tm_out = (sc_ev_table_map *)(uintptr_t)tm;
            return rows;
        }
    }
}

static size_t present_count(const sc_rows *rows, size_t image)
{
    size_t c = 0;
    for (size_t i = 0; i < rows->ncols; i++)
        c += !rows->absent[image * rows->ncols + i];
    return c;
}

START_TEST(test_log_row_image_modes)
{
    static const char *const modes[] = {"FULL", "MINIMAL", "NOBLOB"};
    const char *mode = modes[_i];
    sc_sysmap m;
    size_t n, g, nonblob = 0;
    sc_ev_table_map *tm;
    sc_binlog_reader *r = NULL;
    uint8_t *data = NULL;
    sc_rows rows;

    lu_ok(sc_sysmap__init(&m, sc_fx.ctx, SC_SYS_TABLES));
    for (size_t i = 0; i < m.ncols; i++)
        nonblob += !m.blob[i];
    lu_set(sc_fx.cat, SC_LOG_SET_ROW_IMAGE, mode);
    alter_and_find_update(&n, &g);
    rows = decode_first_update(&tm, &r, &data, g);
    ck_assert_int_eq(rows.kind, 1);
    if (_i == 0) {
        ck_assert_uint_eq(present_count(&rows, 0), m.ncols);
        ck_assert_uint_eq(present_count(&rows, 1), m.ncols);
    } else if (_i == 1) {
        /* Key only before; only the changed columns (version, comment) after. */
        ck_assert_uint_eq(present_count(&rows, 0), m.npk);
        ck_assert_uint_eq(present_count(&rows, 1), 2);
    } else {
        /* Every non-blob column, plus the blob that changed (comment) after. */
        ck_assert_uint_eq(present_count(&rows, 0), nonblob);
        ck_assert_uint_eq(present_count(&rows, 1), nonblob + 1);
    }
    sc_rows__free(sc_fx.ctx, &rows);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Compressed rows events (binlog.compress)                             */

static const char w_table[] =
    "(id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT, b VARCHAR(64), c DECIMAL(10,2), "
    "d DATETIME, e TEXT, f INT UNSIGNED, g VARCHAR(255), KEY ka (a), UNIQUE KEY ub (b))";

/* CREATE TABLE name W, returning the bytes its transaction added to the file and how many
 * of its events are compressed rows events. */
static size_t create_w(const char *name, size_t *ncompressed)
{
    char sql[512];
    size_t n, g;

    snprintf(sql, sizeof(sql), "CREATE TABLE %s %s", name, w_table);
    lu_exec(sc_fx.cat, sql);
    n = lu_events(evs, lg, NULL);
    g = n;
    while (g > 0 && evs[g - 1].type != SC_EV_GTID)
        g--;
    ck_assert_uint_gt(g, 0);
    *ncompressed = 0;
    for (size_t i = g - 1; i < n; i++)
        *ncompressed += sc_event__rows_compressed(evs[i].type);
    return evs[n - 1].log_pos - evs[g - 1].offset;
}

/* The decoded column rows (syscat.columns) of the last CREATE TABLE, as text. */
static void columns_text(sc_buf *out)
{
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *raw;
    sc_rows rows;

    sc__buf_reset(out);
    lu_ok(sc_log_file_bytes(&data, &len, lg, NULL));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f", (sc_slice){data, len}));
    for (;;) {
        lu_ok(sc_binlog_reader_next(&raw, r));
        if (!raw)
            break;
        const sc_event *ev = sc_binlog_reader__event(r);
        if (raw->header.type == SC_EV_GTID)
            sc__buf_reset(out);
        if (!sc_event__is_rows(raw->header.type) || ev->u.rows.table_id != SC_SYS_COLUMNS)
            continue;
        /* the decoded form is the plain event whatever the stored one is */
        ck_assert_uint_eq(ev->header.type, SC_EV_WRITE_ROWS_V1);
        sc_event_loc loc = {"f", raw->offset};
        lu_ok(sc_rows__decode(&rows, sc_fx.ctx, sc_binlog_reader__table_map(r, ev->u.rows.table_id),
                              ev->header.type, &ev->u.rows, &loc));
        for (size_t i = 0; i < rows.nimages * rows.ncols; i++)
            if (rows.vals[i].kind == SC_VAL_BYTES && i % rows.ncols != 0)
                sc__buf_put(out, rows.vals[i].v.str.data, rows.vals[i].v.str.len);
        sc_rows__free(sc_fx.ctx, &rows);
    }
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
}

START_TEST(test_log_rows_compressed)
{
    sc_buf on = SC_BUF_INIT(sc_fx.ctx), off = SC_BUF_INIT(sc_fx.ctx);
    size_t zon, zoff, zmin, zsmall, bytes_on, bytes_off, bytes_small;

    /* on by default: the rows events of a CREATE TABLE of at least 256 bytes of rows
     * (binlog.compress_min_len; in W the 8 columns rows, 620 bytes) are compressed, and
     * the reader hands the same rows out as it does for the plain events */
    bytes_on = create_w("w1", &zon);
    columns_text(&on);
    lu_set(sc_fx.cat, SC_LOG_SET_COMPRESS, "0");
    bytes_off = create_w("w2", &zoff);
    columns_text(&off);
    ck_assert_uint_eq(zon, 1);
    ck_assert_uint_eq(zoff, 0);
    ck_assert_uint_lt(bytes_on * 10, bytes_off * 8); /* under 0.8 of the plain log */
    ck_assert_uint_gt(on.len, 50);                   /* names, types, charsets of the 8 columns */
    ck_assert_mem_eq(on.data, off.data, on.len);
    ck_assert_uint_eq(on.len, off.len);
    /* a lower binlog.compress_min_len compresses the smaller events too (tables,
     * indexes, index_columns), fewer bytes again */
    lu_set(sc_fx.cat, SC_LOG_SET_COMPRESS, "1");
    lu_set(sc_fx.cat, SC_LOG_SET_COMPRESS_MIN_LEN, "64");
    bytes_small = create_w("w4", &zsmall);
    ck_assert_uint_ge(zsmall, 4);
    ck_assert_uint_lt(bytes_small, bytes_on);
    /* rows shorter than binlog.compress_min_len stay plain */
    lu_set(sc_fx.cat, SC_LOG_SET_COMPRESS_MIN_LEN, "8192");
    (void)create_w("w3", &zmin);
    ck_assert_uint_eq(zmin, 0);
    sc__buf_free(&on);
    sc__buf_free(&off);
}
END_TEST

/* A damaged zlib stream (checksum made right again) is an error naming the event. */
START_TEST(test_log_rows_compressed_corrupt)
{
    uint8_t *data = NULL;
    size_t len = 0, z, n;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *raw;
    uint8_t *ev;
    uint32_t elen;
    int rc;

    (void)create_w("w1", &z);
    n = lu_events(evs, lg, NULL);
    while (n > 0 && !sc_event__rows_compressed(evs[n - 1].type))
        n--;
    ck_assert_uint_gt(n, 0);
    lu_ok(sc_log_file_bytes(&data, &len, lg, NULL));
    ev = data + evs[n - 1].offset;
    elen = evs[n - 1].log_pos - (uint32_t)evs[n - 1].offset;
    ev[elen - 4 - 6] ^= 0x5A; /* inside the zlib stream */
    sc_put_u32le(ev + elen - 4, (uint32_t)crc32(0L, ev, elen - 4));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f", (sc_slice){data, len}));
    while ((rc = sc_binlog_reader_next(&raw, r)) == SC_OK && raw)
        ;
    ck_assert_int_eq(rc, SC_ECORRUPT);
    ck_assert_msg(strstr(sc_ctx_last_error(sc_fx.ctx)->message, "compressed event") &&
                      strstr(sc_ctx_last_error(sc_fx.ctx)->message, "event at offset"),
                  "%s", sc_ctx_last_error(sc_fx.ctx)->message);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Data rows (sc_log_rows)                                              */

START_TEST(test_log_user_rows)
{
    sc_txn *t = NULL;
    sc_table *tab = NULL;
    uint64_t tid;
    sc_binlog_value row[3], row2[3];
    size_t n, g;
    char *text = NULL;
    uint8_t *data = NULL;
    size_t len = 0, nrows = 0;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *raw;
    sc_buf all = SC_BUF_INIT(sc_fx.ctx);

    lu_exec(sc_fx.cat, "CREATE TABLE d (id INT PRIMARY KEY, s VARCHAR(10), e DECIMAL(10,2))");
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_table_lookup(&tab, t, "test", "d"));
    tid = sc_table_id(tab);
    sc_table_free(tab);
    lu_ok(sc_txn_set_statement(t, "INSERT INTO d VALUES (1,'one',1.50)", 35));
    memset(row, 0, sizeof(row));
    row[0].kind = SC_VAL_INT;
    row[0].v.i = 1;
    row[1].kind = SC_VAL_BYTES;
    row[1].v.str = (sc_slice){(const uint8_t *)"one", 3};
    row[2].kind = SC_VAL_DECIMAL;
    row[2].v.str = (sc_slice){(const uint8_t *)"1.50", 4};
    lu_ok(sc_log_rows(lg, t, tid, SC_LOG_INSERT, NULL, row, 3));
    memcpy(row2, row, sizeof(row));
    row2[1].v.str = (sc_slice){(const uint8_t *)"uno", 3};
    lu_ok(sc_log_rows(lg, t, tid, SC_LOG_UPDATE, row, row2, 3));
    ck_assert_int_eq(sc_log_rows(lg, t, tid, SC_LOG_INSERT, NULL, row, 2), SC_EINVAL);
    lu_ok(sc_txn_commit(t));
    n = lu_events(evs, lg, NULL);
    g = n;
    for (size_t i = 0; i < n; i++)
        if (evs[i].type == SC_EV_GTID)
            g = i;
    ck_assert_uint_eq(evs[g].rflags, SC_GTID_TRANSACTIONAL | SC_GTID_ALLOW_PARALLEL);
    ck_assert_uint_eq(evs[g + 1].type, SC_EV_ANNOTATE_ROWS);
    ck_assert_uint_eq(evs[g + 2].type, SC_EV_TABLE_MAP);
    ck_assert_uint_eq(evs[g + 2].table_id, tid);
    ck_assert_uint_eq(evs[g + 3].type, SC_EV_WRITE_ROWS_V1);
    ck_assert_uint_eq(evs[g + 4].type, SC_EV_UPDATE_ROWS_V1);
    ck_assert_uint_eq(evs[g + 4].rflags, SC_ROWS_STMT_END);
    ck_assert_uint_eq(evs[g + 5].type, SC_EV_XID);
    /* The printer (checked against mariadb-binlog) shows the values back. */
    lu_ok(sc_log_file_bytes(&data, &len, lg, NULL));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f", (sc_slice){data, len}));
    while (sc_binlog_reader_next(&raw, r) == SC_OK && raw) {
        if (!sc_event__is_rows(raw->header.type) || raw->offset < evs[g].offset)
            continue;
        lu_ok(sc_binlog_reader_print_rows(&text, NULL, &nrows, r, raw));
        sc__buf_put(&all, text, strlen(text));
        sc_free(sc_fx.ctx, text);
    }
    sc_buf_u8(&all, 0);
    ck_assert_msg(strstr((char *)all.data, "### INSERT INTO `test`.`d`\n### SET\n###   @1=1 "),
                  "%s", all.data);
    ck_assert_msg(strstr((char *)all.data, "@2='uno'"), "%s", all.data);
    ck_assert_msg(strstr((char *)all.data, "@3=1.50"), "%s", all.data);
    sc__buf_free(&all);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
}
END_TEST

/* Insert one row of ncols INT columns into test.d in its own transaction. */
static void insert_ints(uint64_t tid, size_t ncols, int64_t v)
{
    sc_txn *t = NULL;
    sc_binlog_value row[4];

    for (size_t i = 0; i < ncols; i++) {
        row[i].kind = SC_VAL_INT;
        row[i].v.i = v;
    }
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_log_rows(lg, t, tid, SC_LOG_INSERT, NULL, row, ncols));
    lu_ok(sc_txn_commit(t));
}

START_TEST(test_log_user_rows_remap_after_alter)
{
    sc_txn *t = NULL;
    sc_table *tab = NULL;
    uint64_t tid;
    size_t n, maps = 0;

    lu_exec(sc_fx.cat, "CREATE TABLE d (id INT PRIMARY KEY)");
    lu_ok(sc_txn_begin(&t, sc_fx.cat, SC_TXN_READONLY));
    lu_ok(sc_table_lookup(&tab, t, "test", "d"));
    tid = sc_table_id(tab);
    sc_table_free(tab);
    sc_txn_abort(t);
    insert_ints(tid, 1, 1);
    insert_ints(tid, 1, 2); /* same version, same file: no new map */
    lu_exec(sc_fx.cat, "ALTER TABLE d ADD COLUMN x INT");
    insert_ints(tid, 2, 3); /* new version: mapped again */
    n = lu_events(evs, lg, NULL);
    for (size_t i = 0; i < n; i++)
        maps += evs[i].type == SC_EV_TABLE_MAP && evs[i].table_id == tid;
    ck_assert_uint_eq(maps, 2);
}
END_TEST

static void exec_in(sc_session *s, sc_txn *t, const char *sql)
{
    sc_stmt_result r;

    memset(&r, 0, sizeof(r));
    lu_ok(sc_ddl_exec(&r, s, t, sql, strlen(sql)));
    sc_stmt_result_clear(&r);
}

static void int_text_row(sc_binlog_value *row, int64_t id, const char *text)
{
    memset(row, 0, 2 * sizeof(*row));
    row[0].kind = SC_VAL_INT;
    row[0].v.i = id;
    row[1].kind = SC_VAL_BYTES;
    row[1].v.str = (sc_slice){(const uint8_t *)text, strlen(text)};
}

/*
 * CREATE TABLE, its data rows, then another catalog change, in one
 * transaction (CREATE ... SELECT's shape): the binlog has them in exactly
 * that order, and stock mariadb-binlog decodes the rows. A nested abort
 * drops the rows logged inside it.
 */
START_TEST(test_log_user_rows_in_execution_order)
{
    static const char ins[] = "INSERT INTO cs VALUES (1,'kept')";
    sc_session *s = NULL;
    sc_txn *t = NULL, *child = NULL;
    sc_table *tab = NULL;
    sc_binlog_value row[2];
    uint64_t tid;
    size_t n, g, tables_rows = 0, user_rows = 0, schemata_rows = 0;
    char *out = NULL;
    const char *a, *b, *c;

    lu_ok(sc_session_new(&s, sc_fx.cat, "test"));
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    exec_in(s, t, "CREATE TABLE cs (id INT PRIMARY KEY, v VARCHAR(10))");
    lu_ok(sc_table_lookup(&tab, t, "test", "cs"));
    tid = sc_table_id(tab);
    sc_table_free(tab);
    lu_ok(sc_txn_set_statement(t, ins, strlen(ins)));
    int_text_row(row, 1, "kept");
    lu_ok(sc_log_rows(lg, t, tid, SC_LOG_INSERT, NULL, row, 2));
    lu_ok(sc_txn_begin_nested(&child, t));
    int_text_row(row, 2, "dropped");
    lu_ok(sc_log_rows(lg, child, tid, SC_LOG_INSERT, NULL, row, 2));
    sc_txn_abort(child);
    exec_in(s, t, "CREATE DATABASE after_rows");
    lu_ok(sc_txn_commit(t));
    sc_session_free(s);

    n = lu_events(evs, lg, NULL);
    g = n;
    for (size_t i = 0; i < n; i++)
        if (evs[i].type == SC_EV_GTID)
            g = i;
    ck_assert_uint_eq(evs[g].rflags, SC_GTID_TRANSACTIONAL | SC_GTID_DDL);
    for (size_t i = g; i < n; i++) {
        if (!sc_event__is_rows(evs[i].type))
            continue;
        if (evs[i].table_id == SC_SYS_TABLES) {
            ck_assert_uint_eq(user_rows + schemata_rows, 0); /* CREATE TABLE first */
            tables_rows++;
        } else if (evs[i].table_id == tid) {
            ck_assert_uint_eq(schemata_rows, 0); /* rows before CREATE DATABASE */
            ck_assert_uint_eq(evs[i].rflags, SC_ROWS_STMT_END);
            ck_assert_uint_eq(evs[i - 1].type, SC_EV_TABLE_MAP); /* mapped at its statement */
            ck_assert_uint_eq(evs[i - 1].table_id, tid);
            ck_assert_uint_eq(evs[i - 2].type, SC_EV_ANNOTATE_ROWS);
            user_rows++;
        } else if (evs[i].table_id == SC_SYS_SCHEMATA) {
            ck_assert_uint_eq(user_rows, 1);
            schemata_rows++;
        }
    }
    ck_assert_uint_ge(tables_rows, 1);
    ck_assert_uint_eq(user_rows, 1);
    ck_assert_uint_eq(schemata_rows, 1);

    /* The same order as mariadb-binlog prints it, from the file written at commit. */
    mariadb_binlog(&out, sc_fx.dir, "binlog.000001");
    a = last_strstr(out, "### INSERT INTO `syscat`.`tables`");
    b = strstr(out, "### INSERT INTO `test`.`cs`\n### SET\n###   @1=1 ");
    c = last_strstr(out, "### INSERT INTO `syscat`.`schemata`");
    ck_assert_msg(a && b && c && a < b && b < c, "%s", out);
    ck_assert_ptr_nonnull(strstr(b, "###   @2='kept'"));
    ck_assert_ptr_null(strstr(out, "dropped"));
    ck_assert_ptr_nonnull(strstr(c, "after_rows"));
    sc_free(sc_fx.ctx, out);
}
END_TEST

/* The ### text of every rows event of the current file from offset `from` (our printer). */
static char *rows_text(uint64_t from)
{
    sc_buf all = SC_BUF_INIT(sc_fx.ctx);
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *raw;
    char *text = NULL;

    lu_ok(sc_log_file_bytes(&data, &len, lg, NULL));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f", (sc_slice){data, len}));
    while (sc_binlog_reader_next(&raw, r) == SC_OK && raw) {
        if (!sc_event__is_rows(raw->header.type) || raw->offset < from)
            continue;
        lu_ok(sc_binlog_reader_print_rows(&text, NULL, NULL, r, raw));
        sc__buf_put(&all, text, strlen(text));
        sc_free(sc_fx.ctx, text);
    }
    sc_buf_u8(&all, 0);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
    return (char *)all.data;
}

/*
 * Rows of one table on both sides of an ALTER within one statement: the new
 * version is mapped right before its rows (a reader keeps one map per id).
 */
START_TEST(test_log_user_rows_alter_within_statement)
{
    static const char stmt[] = "INSERT; ALTER; INSERT";
    sc_txn *t = NULL;
    sc_table *tab = NULL;
    sc_table_def def;
    sc_column_def cols[2];
    sc_binlog_value row[2];
    uint64_t tid;
    size_t n, g, maps = 0;
    char *text, *out = NULL;

    lu_exec(sc_fx.cat, "CREATE TABLE d (id INT PRIMARY KEY)");
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_txn_set_statement(t, stmt, strlen(stmt)));
    lu_ok(sc_table_lookup(&tab, t, "test", "d"));
    tid = sc_table_id(tab);
    memset(row, 0, sizeof(row));
    row[0].kind = SC_VAL_INT;
    row[0].v.i = 1;
    lu_ok(sc_log_rows(lg, t, tid, SC_LOG_INSERT, NULL, row, 1));
    def = *sc_table_definition(tab);
    cols[0] = def.columns[0];
    memset(&cols[1], 0, sizeof(cols[1]));
    cols[1].name = "x";
    cols[1].type = SC_TYPE_INT;
    def.columns = cols;
    def.n_columns = 2;
    lu_ok(sc_table_alter(t, tid, &def));
    sc_table_free(tab);
    row[0].v.i = 2;
    row[1].kind = SC_VAL_INT;
    row[1].v.i = 5;
    lu_ok(sc_log_rows(lg, t, tid, SC_LOG_INSERT, NULL, row, 2));
    lu_ok(sc_txn_commit(t));
    n = lu_events(evs, lg, NULL);
    g = n;
    for (size_t i = 0; i < n; i++)
        if (evs[i].type == SC_EV_GTID)
            g = i;
    ck_assert_uint_eq(count_type(n, g, n, SC_EV_ANNOTATE_ROWS), 1); /* one statement */
    for (size_t i = g; i < n; i++)
        maps += evs[i].type == SC_EV_TABLE_MAP && evs[i].table_id == tid;
    ck_assert_uint_eq(maps, 2);
    text = rows_text(evs[g].offset);
    ck_assert_msg(strstr(text, "### INSERT INTO `test`.`d`\n### SET\n###   @1=1 "), "%s", text);
    ck_assert_msg(strstr(text, "###   @1=2 ") && strstr(text, "###   @2=5 "), "%s", text);
    sc_free(sc_fx.ctx, text);
    mariadb_binlog(&out, sc_fx.dir, "binlog.000001");
    ck_assert_msg(strstr(out, "###   @2=5 "), "%s", out);
    sc_free(sc_fx.ctx, out);
}
END_TEST

/* Rows recorded through one handle, committed under another's hook: the map comes from the
 * table's catalog definition at the recorded version. */
START_TEST(test_log_user_rows_map_from_catalog)
{
    sc_log *other = NULL;
    sc_txn *t = NULL;
    sc_table *tab = NULL;
    sc_binlog_value row[1];
    size_t n, g;
    char *text;

    lu_exec(sc_fx.cat, "CREATE TABLE d (id INT PRIMARY KEY)");
    lu_ok(sc_log_open(&other, sc_fx.cat)); /* its hooks replace lg's */
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_table_lookup(&tab, t, "test", "d"));
    row[0].kind = SC_VAL_INT;
    row[0].v.i = 42;
    lu_ok(sc_log_rows(lg, t, sc_table_id(tab), SC_LOG_INSERT, NULL, row, 1));
    sc_table_free(tab);
    lu_ok(sc_txn_commit(t));
    n = lu_events(evs, lg, NULL);
    g = n;
    for (size_t i = 0; i < n; i++)
        if (evs[i].type == SC_EV_GTID)
            g = i;
    ck_assert_uint_eq(evs[g + 1].type, SC_EV_TABLE_MAP);
    text = rows_text(evs[g].offset);
    ck_assert_msg(strstr(text, "### INSERT INTO `test`.`d`\n### SET\n###   @1=42 "), "%s", text);
    sc_free(sc_fx.ctx, text);
    sc_log_close(other);
}
END_TEST

/* Create test.`name` through the C API: VARCHAR(10) columns a (no charset, no collation: the
 * table's), b (CHARACTER SET latin1 only) and i INT. */
static uint64_t
create_cs_table(const char *name, const char *tcs, const char *tcoll, const char *bcoll)
{
    sc_column_def cols[3];
    sc_table_def def;
    sc_schema *sch = NULL;
    sc_txn *t = NULL;
    uint64_t tid = 0;

    memset(cols, 0, sizeof(cols));
    memset(&def, 0, sizeof(def));
    cols[0].name = "a";
    cols[0].type = SC_TYPE_VARCHAR;
    cols[0].length = 10;
    cols[1].name = "b";
    cols[1].type = SC_TYPE_VARCHAR;
    cols[1].length = 10;
    cols[1].charset = "latin1";
    cols[1].collation = bcoll;
    cols[2].name = "i";
    cols[2].type = SC_TYPE_INT;
    def.name = name;
    def.engine = "InnoDB";
    def.charset = tcs;
    def.collation = tcoll;
    def.columns = cols;
    def.n_columns = 3;
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_schema_lookup(&sch, t, "test"));
    lu_ok(sc_table_create(&tid, t, sc_schema_id(sch), &def));
    sc_schema_free(sch);
    lu_ok(sc_txn_commit(t));
    return tid;
}

/* A column without CHARACTER SET / COLLATE has its table's collation (MariaDB fills it in at
 * CREATE), and its byte length follows that charset; unknown names are an error, not a guess. */
START_TEST(test_log_user_rows_column_collation)
{
    sc_txn *t = NULL;
    sc_binlog_value row[3];
    uint64_t tid = create_cs_table("cs", "utf8mb4", "utf8mb4_unicode_ci", NULL);
    uint64_t bad = create_cs_table("bad", "utf8mb4", "utf8mb4_unicode_ci", "no_such_ci");
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *raw;
    const sc_ev_table_map *tm = NULL;

    memset(row, 0, sizeof(row));
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_log_rows(lg, t, tid, SC_LOG_INSERT, NULL, row, 3));
    ck_assert_int_ne(sc_log_rows(lg, t, bad, SC_LOG_INSERT, NULL, row, 3), SC_OK);
    ck_assert_msg(strstr(sc_ctx_last_error(sc_fx.ctx)->message, "no_such_ci"), "%s",
                  sc_ctx_last_error(sc_fx.ctx)->message);
    lu_ok(sc_txn_commit(t));
    lu_ok(sc_log_file_bytes(&data, &len, lg, NULL));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f", (sc_slice){data, len}));
    while (!tm && sc_binlog_reader_next(&raw, r) == SC_OK && raw)
        if (raw->header.type == SC_EV_TABLE_MAP)
            tm = sc_binlog_reader__table_map(r, tid);
    ck_assert_ptr_nonnull(tm);
    ck_assert_uint_eq(tm->ncols, 3);
    ck_assert_uint_eq(tm->columns[0].charset, 224); /* utf8mb4_unicode_ci, the table's */
    ck_assert_uint_eq(tm->columns[0].meta, 40);     /* 10 characters of 4 bytes */
    ck_assert_uint_eq(tm->columns[1].charset, 8);   /* latin1_swedish_ci, latin1's default */
    ck_assert_uint_eq(tm->columns[1].meta, 10);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
}
END_TEST

START_TEST(test_log_user_rows_abort_drops)
{
    sc_txn *t = NULL;
    sc_table *tab = NULL;
    sc_binlog_value row[1];
    size_t n1, n2;

    lu_exec(sc_fx.cat, "CREATE TABLE d (id INT PRIMARY KEY)");
    n1 = lu_events(evs, lg, NULL);
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_table_lookup(&tab, t, "test", "d"));
    row[0].kind = SC_VAL_INT;
    row[0].v.i = 7;
    lu_ok(sc_log_rows(lg, t, sc_table_id(tab), SC_LOG_INSERT, NULL, row, 1));
    sc_table_free(tab);
    sc_txn_abort(t);
    lu_exec(sc_fx.cat, "CREATE DATABASE z");
    n2 = lu_events(evs, lg, NULL);
    for (size_t i = n1; i < n2; i++)
        ck_assert_uint_lt(evs[i].table_id, SC_FIRST_USER_ID);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Applying the log to an empty catalog                                 */

static int fsck_after(sc_catalog *target, uint64_t seq, void *payload)
{
    size_t problems = 0;
    int rc = sc_fsck(target, NULL, NULL, &problems);

    (*(int *)payload)++;
    ck_assert_msg(rc == SC_OK && problems == 0, "fsck after GTID %llu: %zu problems",
                  (unsigned long long)seq, problems);
    return SC_OK;
}

START_TEST(test_log_apply_to_empty_catalog)
{
    static const char *const image[] = {"FULL", "MINIMAL", "NOBLOB"};
    char dir[256];
    sc_catalog *target = NULL;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;
    int txns = 0;
    char *a = NULL, *b = NULL;
    sc_txn *t = NULL;

    lu_set(sc_fx.cat, SC_LOG_SET_ROW_IMAGE, image[_i]);
    lu_exec(sc_fx.cat, "CREATE TABLE p (id INT PRIMARY KEY, v VARCHAR(5) COMMENT 'c')");
    lu_exec(sc_fx.cat, "CREATE TABLE c (id INT PRIMARY KEY, p INT, KEY k(p), "
                       "CONSTRAINT f FOREIGN KEY (p) REFERENCES p(id), CHECK (id > 0))");
    lu_exec(sc_fx.cat, "ALTER TABLE c ADD COLUMN w INT, COMMENT 'tc'");
    lu_exec(sc_fx.cat, "RENAME TABLE c TO c2");
    lu_exec(sc_fx.cat, "CREATE INDEX kv ON p (v)");
    lu_exec(sc_fx.cat, "DROP TABLE c2");
    lu_exec(sc_fx.cat, "CREATE DATABASE other");
    lu_exec(sc_fx.cat, "CREATE TABLE other.o (id INT PRIMARY KEY)");
    lu_exec(sc_fx.cat, "DROP DATABASE other");
    lu_ok(sc_log_file_bytes(&data, &len, lg, NULL));
    sc_fixture_tmpdir(dir, sizeof(dir));
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    lu_ok(sc_catalog_open(&target, sc_fx.ctx, dir, &o));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f", (sc_slice){data, len}));
    lu_ok(sc_apply__reader(target, r, 0, fsck_after, &txns));
    ck_assert_int_ge(txns, 10);
    /* Same catalog afterwards: the dumps of both agree. */
    lu_ok(sc_txn_begin(&t, sc_fx.cat, SC_TXN_READONLY));
    lu_ok(sc_dump_show_create(&a, t));
    sc_txn_abort(t);
    lu_ok(sc_txn_begin(&t, target, SC_TXN_READONLY));
    lu_ok(sc_dump_show_create(&b, t));
    sc_txn_abort(t);
    ck_assert_str_eq(a, b);
    sc_free(sc_fx.ctx, a);
    sc_free(sc_fx.ctx, b);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
    sc_catalog_close(target);
    sc_fixture_rmtree(dir);
}
END_TEST

/*
 * Partitioned tables, sequences, system-versioned and application-time
 * tables (issue 11) reach an empty catalog through the log like any other
 * definition: same dump, and the same stable partition ids.
 */
START_TEST(test_log_apply_objects_to_empty_catalog)
{
    static const char *const image[] = {"FULL", "MINIMAL", "NOBLOB"};
    static const char *const stmts[] = {
        "CREATE TABLE r (id INT NOT NULL, d DATE) PARTITION BY RANGE (id) SUBPARTITION BY "
        "HASH (id) SUBPARTITIONS 2 (PARTITION a VALUES LESS THAN (10) COMMENT 'x', "
        "PARTITION b VALUES LESS THAN (20))",
        "ALTER TABLE r ADD PARTITION (PARTITION c VALUES LESS THAN MAXVALUE)",
        "ALTER TABLE r REORGANIZE PARTITION a INTO (PARTITION a1 VALUES LESS THAN (5), "
        "PARTITION a2 VALUES LESS THAN (10))",
        "ALTER TABLE r DROP PARTITION b",
        "CREATE TABLE h (id INT) PARTITION BY LINEAR KEY (id) PARTITIONS 3",
        "ALTER TABLE h COALESCE PARTITION 1",
        "CREATE TABLE l (c CHAR(2)) PARTITION BY LIST COLUMNS (c) (PARTITION eu VALUES IN "
        "('DE','FR'), PARTITION rest DEFAULT)",
        "ALTER TABLE l CONVERT PARTITION eu TO TABLE l_eu",
        "CREATE SEQUENCE s START WITH 10 INCREMENT BY 5 MAXVALUE 1000 CYCLE ENGINE=Aria",
        "ALTER SEQUENCE s INCREMENT BY 7 NOCACHE",
        "CREATE TABLE uses_s (id INT DEFAULT NEXTVAL(s))",
        "RENAME TABLE s TO s2",
        "CREATE SEQUENCE gone",
        "DROP SEQUENCE gone",
        "CREATE TABLE v (x INT, y INT WITHOUT SYSTEM VERSIONING) WITH SYSTEM VERSIONING",
        "CREATE TABLE ve (x INT PRIMARY KEY, s TIMESTAMP(6) AS ROW START, e TIMESTAMP(6) AS ROW "
        "END, PERIOD FOR SYSTEM_TIME (s, e)) WITH SYSTEM VERSIONING",
        "CREATE TABLE vp (x INT) WITH SYSTEM VERSIONING PARTITION BY SYSTEM_TIME LIMIT 10 "
        "PARTITIONS 3",
        "CREATE TABLE ap (id INT, s DATE, e DATE, PERIOD FOR p (s, e), "
        "UNIQUE KEY u (id, p WITHOUT OVERLAPS))",
        "ALTER TABLE v DROP SYSTEM VERSIONING",
    };
    char dir[256];
    sc_catalog *target = NULL;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;
    int txns = 0;
    char *a = NULL, *b = NULL;
    sc_txn *t = NULL;
    sc_table *ta = NULL, *tb = NULL;

    lu_set(sc_fx.cat, SC_LOG_SET_ROW_IMAGE, image[_i]);
    for (size_t i = 0; i < sizeof(stmts) / sizeof(stmts[0]); i++)
        lu_exec(sc_fx.cat, stmts[i]);
    lu_ok(sc_log_file_bytes(&data, &len, lg, NULL));
    sc_fixture_tmpdir(dir, sizeof(dir));
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    lu_ok(sc_catalog_open(&target, sc_fx.ctx, dir, &o));
    lu_ok(sc_binlog_reader_open_mem(&r, sc_fx.ctx, "f", (sc_slice){data, len}));
    lu_ok(sc_apply__reader(target, r, 0, fsck_after, &txns));
    ck_assert_int_ge(txns, (int)(sizeof(stmts) / sizeof(stmts[0])));
    lu_ok(sc_txn_begin(&t, sc_fx.cat, SC_TXN_READONLY));
    lu_ok(sc_dump_show_create(&a, t));
    lu_ok(sc_table_lookup(&ta, t, "test", "r"));
    sc_txn_abort(t);
    lu_ok(sc_txn_begin(&t, target, SC_TXN_READONLY));
    lu_ok(sc_dump_show_create(&b, t));
    lu_ok(sc_table_lookup(&tb, t, "test", "r"));
    sc_txn_abort(t);
    ck_assert_ptr_nonnull(strstr(a, "PARTITION BY RANGE"));
    ck_assert_ptr_nonnull(strstr(a, "CREATE SEQUENCE `s2` start with 10"));
    ck_assert_ptr_nonnull(strstr(a, "PERIOD FOR SYSTEM_TIME (`s`, `e`)"));
    ck_assert_ptr_nonnull(strstr(a, "`p` WITHOUT OVERLAPS"));
    ck_assert_str_eq(a, b);
    {
        const sc_partitioning_def *pa = sc_table_definition(ta)->partitioning;
        const sc_partitioning_def *pb = sc_table_definition(tb)->partitioning;
        ck_assert_uint_eq(pa->n_parts, pb->n_parts);
        for (size_t i = 0; i < pa->n_parts; i++)
            ck_assert_uint_eq(pa->parts[i].id, pb->parts[i].id);
    }
    sc_table_free(ta);
    sc_table_free(tb);
    sc_free(sc_fx.ctx, a);
    sc_free(sc_fx.ctx, b);
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
    sc_catalog_close(target);
    sc_fixture_rmtree(dir);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The CLI (tools/cmd_binlog.c)                                         */

/* Run `syscat --datadir DIR binlog ARGS`; returns the exit status, output in *out. */
static int cli(char **out, const char *args)
{
    char cmd[1024];

    snprintf(cmd, sizeof(cmd), "%s/syscat --datadir '%s' binlog %s 2>&1", sc_fixture_build_dir(),
             sc_fx.dir, args);
    return sh(out, cmd);
}

START_TEST(test_log_cli)
{
    char *out = NULL;

    lu_exec(sc_fx.cat, "CREATE TABLE a (id INT PRIMARY KEY, v TEXT)");
    lu_ok(sc_log_sync(lg));
    ck_assert_int_eq(cli(&out, "list"), 0);
    ck_assert_msg(strstr(out, "| binlog.000001 |"), "%s", out);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "show"), 0);
    ck_assert_msg(strstr(out, "| Format_desc ") && strstr(out, "BEGIN GTID 0-1-2") &&
                      strstr(out, "table_id: 2 (syscat.tables)") &&
                      strstr(out, "CREATE TABLE a (id INT PRIMARY KEY, v TEXT)") &&
                      strstr(out, "COMMIT /* xid=2 */"),
                  "%s", out);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "decode binlog.000001"), 0);
    ck_assert_msg(strstr(out, "### INSERT INTO `syscat`.`tables`\n### SET\n###   @1=256 "), "%s",
                  out);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "decode binlog.000009"), 1);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "rotate"), 0);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "purge TO binlog.000002"), 0);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "list"), 0);
    ck_assert_msg(!strstr(out, "binlog.000001") && strstr(out, "binlog.000002"), "%s", out);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "rebuild"), 0);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "verify"), 0);
    ck_assert_msg(strstr(out, "agree"), "%s", out);
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(cli(&out, "frobnicate"), 2);
    sc_free(sc_fx.ctx, out);
}
END_TEST

/* `syscat init` and `syscat exec` attach the log: DDL run through the CLI is in the binlog. */
START_TEST(test_log_cli_init_exec_logged)
{
    char dir[256], datadir[300], cmd[1024];
    char *out = NULL;
    const char *at;
    sc_catalog *cat = NULL;
    sc_txn *t = NULL;

    sc_fixture_tmpdir(dir, sizeof(dir));
    snprintf(datadir, sizeof(datadir), "%s/data", dir);
    snprintf(cmd, sizeof(cmd), "%s/syscat --datadir '%s' init 2>&1", sc_fixture_build_dir(),
             datadir);
    ck_assert_msg(sh(&out, cmd) == 0, "%s", out);
    sc_free(sc_fx.ctx, out);
    snprintf(cmd, sizeof(cmd),
             "%s/syscat --datadir '%s' exec -e 'CREATE DATABASE d; CREATE TABLE d.t (a INT)' 2>&1",
             sc_fixture_build_dir(), datadir);
    ck_assert_msg(sh(&out, cmd) == 0, "%s", out);
    sc_free(sc_fx.ctx, out);
    /* The statement is annotated (mariadb-binlog prints an annotation only before a
     * TABLE_MAP, and the bootstrap transaction mapped syscat.tables in this file). */
    snprintf(cmd, sizeof(cmd), "grep -c -a 'CREATE TABLE d.t (a INT)' '%s/binlog/binlog.000001'",
             datadir);
    ck_assert_msg(sh(&out, cmd) == 0, "annotation missing: %s", out);
    sc_free(sc_fx.ctx, out);
    mariadb_binlog(&out, datadir, "binlog.000001");
    at = strstr(out, "###   @2='d' ");
    ck_assert_msg(at != NULL, "schemata row of d missing");
    at = strstr(at, "### INSERT INTO `syscat`.`tables`\n### SET\n");
    ck_assert_msg(at != NULL, "tables row missing");
    ck_assert_msg(strstr(at, "###   @3='t' "), "tables row of t missing");
    ck_assert_ptr_nonnull(strstr(out, "### INSERT INTO `syscat`.`schemata`"));
    sc_free(sc_fx.ctx, out);
    /* init recorded binlog.enabled=1 and the logged mark: a writer without the log is refused. */
    lu_ok(sc_catalog_open(&cat, sc_fx.ctx, datadir, NULL));
    ck_assert_int_eq(sc_txn_begin(&t, cat, 0), SC_EINVAL);
    sc_catalog_close(cat);
    sc_fixture_rmtree(dir);
}
END_TEST

Suite *sc_test_replicate_log_suite(void);

Suite *sc_test_replicate_log_suite(void)
{
    Suite *s = suite_create("replicate_log");
    TCase *tc;

    tc = tcase_create("events");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_log_txn_event_sequence);
    tcase_add_test(tc, test_log_multi_statement_txn);
    tcase_add_test(tc, test_log_rows_event_size_cap);
    tcase_add_test(tc, test_log_table_map_file_mode);
    tcase_add_test(tc, test_log_table_map_statement_mode);
    tcase_add_test(tc, test_log_annotate_off);
    tcase_add_test(tc, test_log_cascade_flag);
    tcase_add_loop_test(tc, test_log_row_image_modes, 0, 3);
    tcase_add_test(tc, test_log_rows_compressed);
    tcase_add_test(tc, test_log_rows_compressed_corrupt);
    suite_add_tcase(s, tc);

    tc = tcase_create("settings");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_log_disabled);
    tcase_add_test(tc, test_log_marks_catalog_logged);
    tcase_add_test(tc, test_log_bad_setting_aborts);
    tcase_add_test(tc, test_log_rotate_checksum_setting);
    tcase_add_test(tc, test_log_settings_defaults_and_validation);
    suite_add_tcase(s, tc);

    tc = tcase_create("files");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_log_rotation);
    tcase_add_test(tc, test_log_rebuild_byte_equal);
    tcase_add_test(tc, test_log_purge);
    tcase_add_test(tc, test_log_files_written_at_commit);
    tcase_add_test(tc, test_log_files_recovered_on_open);
    tcase_add_test(tc, test_log_file_errors_do_not_block_commits);
    tcase_add_test(tc, test_log_corrupt_stored_log);
    suite_add_tcase(s, tc);

    tc = tcase_create("user_rows");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_log_user_rows);
    tcase_add_test(tc, test_log_user_rows_abort_drops);
    tcase_add_test(tc, test_log_user_rows_in_execution_order);
    tcase_add_test(tc, test_log_user_rows_alter_within_statement);
    tcase_add_test(tc, test_log_user_rows_map_from_catalog);
    tcase_add_test(tc, test_log_user_rows_column_collation);
    tcase_add_test(tc, test_log_user_rows_remap_after_alter);
    suite_add_tcase(s, tc);

    tc = tcase_create("cli");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_log_cli);
    tcase_add_test(tc, test_log_cli_init_exec_logged);
    suite_add_tcase(s, tc);

    tc = tcase_create("apply");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_log_apply_to_empty_catalog, 0, 3);
    tcase_add_loop_test(tc, test_log_apply_objects_to_empty_catalog, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}
