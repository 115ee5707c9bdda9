/*
 * check_replicate_interop.c - stock `mariadb-binlog -vv
 * --base64-output=decode-rows` reads the catalog log: for the statements of
 * every case of the DDL oracle corpus (shared/oracle/ddl, replayed through the
 * DDL engine as the corpus README describes: CREATE DATABASE test, then the
 * case's statements with `test` current; failing statements just fail), it
 * must exit 0 with nothing on stderr, and its `###` lines must equal, value
 * for value, lines this test renders itself from the packed system-table rows
 * the catalog recorded for each committed transaction (an observer on the
 * log sees exactly the catalog's change list).
 *
 * Combinations: six (row image x checksum x TABLE_MAP mode x file size x
 * compressed rows events, binlog.compress); the
 * cases are dealt round-robin to them, so each combination runs about a
 * sixth of the corpus and their union runs all of it (every kind of change:
 * create/alter/rename/drop of schemas, tables, columns, indexes, FKs, checks,
 * cascades of DROP DATABASE between cases). The tiny-file combinations rotate
 * every few transactions.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/log_util.h"
#include "replicate/print.h"

#define MARIADB_BINLOG "/usr/bin/mariadb-binlog"

typedef struct combo {
    const char *image, *checksum, *map_mode, *max_size, *compress;
} combo;

/* compress "1" (the default) writes compressed rows events for the larger row groups */
static const combo combos[] = {
    {"FULL", "CRC32", "file", "1073741824", "1"},   {"MINIMAL", "CRC32", "file", "1073741824", "0"},
    {"NOBLOB", "NONE", "file", "1073741824", "1"},  {"FULL", "NONE", "statement", "8192", "0"},
    {"MINIMAL", "CRC32", "statement", "8192", "1"}, {"NOBLOB", "CRC32", "file", "8192", "1"},
};
#define NCOMBOS (sizeof(combos) / sizeof(combos[0]))

/* ------------------------------------------------------------------ */
/* Expected text, from the recorded packed rows                         */

typedef struct expect {
    sc_buf text;        /* expected ### lines */
    sc_log_image image; /* the combination's row image */
    sc_sysmap maps[SC_SYS__END];
} expect;

static void put_s(sc_buf *b, const char *s)
{
    sc__buf_put(b, s, strlen(s));
}

static void
render_image(sc_buf *b, const sc_sysmap *m, const sc_binlog_value *v, const bool *present)
{
    char tmp[64];

    for (size_t i = 0; i < m->ncols; i++) {
        if (!present[i])
            continue;
        snprintf(tmp, sizeof(tmp), "###   @%zu=", i + 1);
        put_s(b, tmp);
        ck_assert_int_eq(sc_print__value(b, &v[i], &m->cols[i]), SC_OK);
        put_s(b, " /* ");
        ck_assert_int_eq(sc_print__type(b, &m->cols[i]), SC_OK);
        snprintf(tmp, sizeof(tmp), " meta=%u nullable=0 is_null=0 */\n", m->cols[i].meta);
        put_s(b, tmp);
    }
}

static bool key_col(const sc_sysmap *m, size_t c)
{
    for (size_t k = 0; k < m->npk; k++)
        if (m->pk[k] == c)
            return true;
    return false;
}

/* Which columns binlog_row_image puts in a before image (MySQL's definition). */
static void before_cols(bool *p, const sc_sysmap *m, sc_log_image image)
{
    for (size_t i = 0; i < m->ncols; i++)
        p[i] = image == SC_LOG_IMAGE_FULL || key_col(m, i) ||
               (image == SC_LOG_IMAGE_NOBLOB && !m->blob[i]);
}

static void render_change(expect *e, const sc_row_change *c)
{
    const sc_sysmap *m = &e->maps[c->systable];
    sc_binlog_value bv[SC_SYSMAP_MAX_COLS], av[SC_SYSMAP_MAX_COLS];
    ProtobufCMessage *bm = NULL, *am = NULL;
    bool p[SC_SYSMAP_MAX_COLS], pa[SC_SYSMAP_MAX_COLS], anyafter = false;
    char head[160];

    if (c->before.len)
        ck_assert_int_eq(sc_sysmap__row(bv, &bm, sc_fx.ctx, m, c->before), SC_OK);
    if (c->after.len)
        ck_assert_int_eq(sc_sysmap__row(av, &am, sc_fx.ctx, m, c->after), SC_OK);
    if (!c->before.len) {
        for (size_t i = 0; i < m->ncols; i++)
            p[i] = true;
        snprintf(head, sizeof(head), "### INSERT INTO `syscat`.`%s`\n### SET\n", m->st->name);
        put_s(&e->text, head);
        render_image(&e->text, m, av, p);
    } else if (!c->after.len) {
        before_cols(p, m, e->image);
        snprintf(head, sizeof(head), "### DELETE FROM `syscat`.`%s`\n### WHERE\n", m->st->name);
        put_s(&e->text, head);
        render_image(&e->text, m, bv, p);
    } else {
        before_cols(p, m, e->image);
        for (size_t i = 0; i < m->ncols; i++) {
            bool changed = !sc_sysmap__value_eq(&bv[i], &av[i]);
            pa[i] = e->image == SC_LOG_IMAGE_FULL || changed ||
                    (e->image == SC_LOG_IMAGE_NOBLOB && !m->blob[i]);
            anyafter |= pa[i];
        }
        snprintf(head, sizeof(head), "### UPDATE `syscat`.`%s`\n### WHERE\n", m->st->name);
        put_s(&e->text, head);
        render_image(&e->text, m, bv, p);
        put_s(&e->text, anyafter ? "### SET\n" : "### SET /* no columns */\n");
        render_image(&e->text, m, av, pa);
    }
    sc_sysmap__free_row(sc_fx.ctx, bm);
    sc_sysmap__free_row(sc_fx.ctx, am);
}

static int observe(sc_txn *txn, const sc_row_change *changes, size_t n, void *payload)
{
    (void)txn;
    for (size_t i = 0; i < n; i++)
        if (changes[i].systable) /* data rows (sc_log_rows) are checked by test_interop_data_rows */
            render_change(payload, &changes[i]);
    return SC_OK;
}

/* The bootstrap transaction that opens file 1: every row the catalog holds before the
 * log is attached, inserted in system-table order (replicate/log.c log_bootstrap). */
typedef struct boot_walk {
    expect *e;
    unsigned systable;
} boot_walk;

static int boot_row(sc_slice packed, void *payload)
{
    boot_walk *w = payload;
    sc_row_change c;

    memset(&c, 0, sizeof(c));
    c.systable = w->systable;
    c.after = packed;
    render_change(w->e, &c);
    return 0;
}

static void expect_bootstrap(expect *e, sc_catalog *cat)
{
    boot_walk w = {e, 0};
    sc_txn *t = NULL;

    ck_assert_int_eq(sc_txn_begin(&t, cat, SC_TXN_READONLY), SC_OK);
    for (w.systable = 1; w.systable < SC_SYS__END; w.systable++)
        ck_assert_int_eq(sc_catalog__row_foreach(t, w.systable, boot_row, &w), SC_OK);
    sc_txn_abort(t);
}

/* ------------------------------------------------------------------ */
/* Replaying corpus cases                                               */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Case directory names, sorted. */
static size_t list_cases(char ***out)
{
    DIR *d;
    char path[1024];
    struct dirent *de;
    char **names = NULL;
    size_t n = 0, cap = 0;

    snprintf(path, sizeof(path), "%s/ddl", sc_fixture_oracle_dir());
    d = opendir(path);
    ck_assert_msg(d != NULL, "cannot open %s", path);
    while ((de = readdir(d))) {
        if (de->d_name[0] < '0' || de->d_name[0] > '9')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            names = realloc(names, cap * sizeof(*names));
        }
        names[n++] = strdup(de->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof(*names), cmp_str);
    *out = names;
    return n;
}

/* Run the statements of one case (README: a statement ends at a line ending in ';'). */
static void run_case(sc_catalog *cat, const char *name)
{
    char path[1024];
    char *text, *line, *save = NULL;
    sc_buf stmt = SC_BUF_INIT(sc_fx.ctx);
    sc_session *s = NULL;
    sc_stmt_result r;

    snprintf(path, sizeof(path), "%s/ddl/%s/input.sql", sc_fixture_oracle_dir(), name);
    text = sc_fixture_read_file(path, NULL);
    ck_assert_msg(text != NULL, "cannot read %s", path);
    lu_exec_db(cat, NULL, "CREATE DATABASE test");
    ck_assert_int_eq(sc_session_new(&s, cat, "test"), SC_OK);
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        size_t len = strlen(line);
        if (stmt.len)
            sc_buf_u8(&stmt, '\n');
        sc__buf_put(&stmt, line, len);
        while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
            len--;
        if (!len || line[len - 1] != ';')
            continue;
        /* drop the final ';' (and the blanks after it) */
        stmt.len -= strlen(line) - len + 1;
        memset(&r, 0, sizeof(r));
        sc_ddl_exec(&r, s, NULL, (const char *)stmt.data, stmt.len);
        sc_stmt_result_clear(&r);
        stmt.len = 0;
    }
    sc_session_free(s);
    sc__buf_free(&stmt);
    free(text);
}

static int schema_name_cb(const sc_schema *schema, void *payload)
{
    sc_buf *b = payload;
    const char *n = sc_schema_definition(schema)->name;

    if (strcmp(n, SC_SYSCAT_SCHEMA) != 0) {
        sc__buf_put(b, n, strlen(n) + 1);
    }
    return 0;
}

/* DROP DATABASE every user database (cascades of every kind of row). */
static void drop_all(sc_catalog *cat)
{
    sc_buf names = SC_BUF_INIT(sc_fx.ctx);
    sc_txn *t = NULL;
    char sql[600];

    ck_assert_int_eq(sc_txn_begin(&t, cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_schema_foreach(t, schema_name_cb, &names), SC_OK);
    sc_txn_abort(t);
    for (size_t at = 0; at < names.len; at += strlen((char *)names.data + at) + 1) {
        const char *n = (const char *)names.data + at;
        char q[520];
        size_t k = 0;
        for (const char *p = n; *p && k < sizeof(q) - 2; p++) {
            if (*p == '`')
                q[k++] = '`';
            q[k++] = *p;
        }
        q[k] = 0;
        snprintf(sql, sizeof(sql), "DROP DATABASE `%s`", q);
        lu_exec_db(cat, NULL, sql);
    }
    sc__buf_free(&names);
}

/* ------------------------------------------------------------------ */
/* Running mariadb-binlog                                               */

typedef struct cmd_args {
    sc_buf cmd;  /* the command line being built */
    sc_log *log; /* whose files it names */
} cmd_args;

static int file_name_cb(const sc_log_file *f, void *payload)
{
    cmd_args *a = payload;
    char *path = NULL;

    ck_assert_int_eq(sc_log_path(&path, a->log, f->name), SC_OK);
    put_s(&a->cmd, " '");
    put_s(&a->cmd, path);
    put_s(&a->cmd, "'");
    sc_free(sc_fx.ctx, path);
    return 0;
}

/* Run the decoder on every file; return the ### lines; check exit status and stderr. */
static char *decode_all(sc_log *log, const char *workdir)
{
    cmd_args a = {SC_BUF_INIT(sc_fx.ctx), log};
    sc_buf hashes = SC_BUF_INIT(sc_fx.ctx);
    char errpath[512], line[65536];
    FILE *p;
    char *err;
    size_t errlen = 0;
    int st;

    snprintf(errpath, sizeof(errpath), "%s/stderr.txt", workdir);
    put_s(&a.cmd, MARIADB_BINLOG " -vv --base64-output=decode-rows");
    ck_assert_int_eq(sc_log_files(log, file_name_cb, &a), SC_OK);
    put_s(&a.cmd, " 2>'");
    put_s(&a.cmd, errpath);
    put_s(&a.cmd, "'");
    sc_buf_u8(&a.cmd, 0);
    p = popen((const char *)a.cmd.data, "r");
    ck_assert_ptr_nonnull(p);
    while (fgets(line, sizeof(line), p))
        if (strncmp(line, "###", 3) == 0)
            put_s(&hashes, line);
    st = pclose(p);
    err = sc_fixture_read_file(errpath, &errlen);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "mariadb-binlog failed (%d): %s", st,
                  err ? err : "");
    ck_assert_msg(errlen == 0, "mariadb-binlog wrote to stderr: %s", err);
    free(err);
    sc_buf_u8(&hashes, 0);
    sc__buf_free(&a.cmd);
    return (char *)hashes.data;
}

static void compare_lines(const char *got, const char *want)
{
    size_t lineno = 1;
    const char *g = got, *w = want;

    while (*g && *w) {
        const char *ge = strchr(g, '\n'), *we = strchr(w, '\n');
        size_t gl = ge ? (size_t)(ge - g) : strlen(g), wl = we ? (size_t)(we - w) : strlen(w);
        ck_assert_msg(gl == wl && memcmp(g, w, gl) == 0,
                      "### line %zu differs:\n mariadb-binlog: %.*s\n catalog:        %.*s", lineno,
                      (int)gl, g, (int)wl, w);
        g += gl + (ge != NULL);
        w += wl + (we != NULL);
        lineno++;
    }
    ck_assert_msg(!*g && !*w, "### line %zu: %s has more lines", lineno,
                  *g ? "mariadb-binlog" : "the catalog");
}

START_TEST(test_interop_corpus)
{
    const combo *cb = &combos[_i];
    static const char *const images[] = {"FULL", "MINIMAL", "NOBLOB"};
    expect *e = calloc(1, sizeof(*e));
    sc_log *log = NULL;
    char **cases = NULL;
    size_t ncases, ran = 0, rows = 0;
    char *got;

    ck_assert_msg(access(MARIADB_BINLOG, X_OK) == 0,
                  MARIADB_BINLOG " is missing: run `make deps` (Debian package mariadb-client)");
    e->text.ctx = sc_fx.ctx;
    for (int k = 0; k < 3; k++)
        if (strcmp(cb->image, images[k]) == 0)
            e->image = (sc_log_image)k;
    for (unsigned t = 1; t < SC_SYS__END; t++)
        ck_assert_int_eq(sc_sysmap__init(&e->maps[t], sc_fx.ctx, t), SC_OK);
    lu_set(sc_fx.cat, SC_LOG_SET_ROW_IMAGE, cb->image);
    lu_set(sc_fx.cat, SC_LOG_SET_CHECKSUM, cb->checksum);
    lu_set(sc_fx.cat, SC_LOG_SET_TABLE_MAP, cb->map_mode);
    lu_set(sc_fx.cat, SC_LOG_SET_MAX_FILE_SIZE, cb->max_size);
    lu_set(sc_fx.cat, SC_LOG_SET_COMPRESS, cb->compress);
    expect_bootstrap(e, sc_fx.cat);
    lu_ok(sc_log_open(&log, sc_fx.cat));
    sc_log__set_observer(log, observe, e);
    ncases = list_cases(&cases);
    ck_assert_uint_gt(ncases, 0);
    for (size_t i = 0; i < ncases; i++) {
        if (i % NCOMBOS == (size_t)_i) {
            run_case(sc_fx.cat, cases[i]);
            drop_all(sc_fx.cat);
            ran++;
        }
        free(cases[i]);
    }
    free(cases);
    lu_ok(sc_log_sync(log));
    lu_ok(sc_log_verify(log, NULL, NULL, NULL));
    sc_buf_u8(&e->text, 0);
    got = decode_all(log, sc_fx.dir);
    compare_lines(got, (const char *)e->text.data);
    for (const char *p = got; (p = strstr(p, "### ")); p++)
        rows += strncmp(p, "### INSERT", 10) == 0 || strncmp(p, "### UPDATE", 10) == 0 ||
                strncmp(p, "### DELETE", 10) == 0;
    ck_assert_uint_gt(rows, 100);
    if (strcmp(cb->max_size, "8192") == 0)
        ck_assert_uint_gt(lu_nfiles(log), 3);
    fprintf(stderr, "interop %s/%s/%s/%s: %zu cases, %zu rows, %zu files: identical\n", cb->image,
            cb->checksum, cb->map_mode, cb->max_size, ran, rows, lu_nfiles(log));
    sc_free(sc_fx.ctx, got);
    sc_log_close(log);
    sc__buf_free(&e->text);
    free(e);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Data rows of every column type (sc_log_rows)                         */

static const char *const types_table =
    "CREATE TABLE ty (id INT PRIMARY KEY, ti TINYINT, su SMALLINT UNSIGNED, mi MEDIUMINT, "
    "bu BIGINT UNSIGNED, de DECIMAL(10,2), fl FLOAT, db DOUBLE, bi BIT(9), da DATE, "
    "tm TIME(2), dt DATETIME(6), ts TIMESTAMP(3) NULL, yr YEAR, ch CHAR(10), vc VARCHAR(300), "
    "bn BINARY(4), vb VARBINARY(8), tb TINYBLOB, tx TEXT, mb MEDIUMBLOB, lt LONGTEXT, "
    "en ENUM('a','b'), st SET('x','y','z'), gm GEOMETRY, i6 INET6, uu UUID, "
    "cl CHAR(3) CHARACTER SET latin1)";
#define TY_COLS 28

static void ty_values(sc_binlog_value *v, long id, bool nulls)
{
    static const uint8_t wkb[] = {0, 0, 0,    0,    1, 1, 0, 0, 0, 0, 0, 0,   0,
                                  0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0x40};
    static const uint8_t ip6[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    static const uint8_t uuid[16] = {0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3,
                                     0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00};
#define S(x) (sc_slice){(const uint8_t *)(x), sizeof(x) - 1}
    memset(v, 0, TY_COLS * sizeof(*v));
    v[0].kind = SC_VAL_INT, v[0].v.i = id;
    if (nulls)
        return; /* every other column NULL */
    v[1].kind = SC_VAL_INT, v[1].v.i = -128;
    v[2].kind = SC_VAL_INT, v[2].v.i = 65535;
    v[3].kind = SC_VAL_INT, v[3].v.i = -8388608;
    v[4].kind = SC_VAL_INT, v[4].v.i = (int64_t)UINT64_MAX;
    v[5].kind = SC_VAL_DECIMAL, v[5].v.str = S("-12345678.90");
    v[6].kind = SC_VAL_FLOAT, v[6].v.f = 1.5f;
    v[7].kind = SC_VAL_DOUBLE, v[7].v.d = -2.25;
    v[8].kind = SC_VAL_UINT, v[8].v.u = 0x1A5;
    v[9].kind = SC_VAL_DATE, v[9].v.tm = (sc_binlog_time){false, 2024, 2, 29, 0, 0, 0, 0};
    v[10].kind = SC_VAL_TIME, v[10].v.tm = (sc_binlog_time){true, 0, 0, 0, 838, 59, 58, 990000};
    v[11].kind = SC_VAL_DATETIME,
    v[11].v.tm = (sc_binlog_time){false, 1999, 12, 31, 23, 59, 59, 123456};
    v[12].kind = SC_VAL_TIMESTAMP, v[12].v.ts.sec = 2147483647, v[12].v.ts.usec = 5000;
    v[13].kind = SC_VAL_INT, v[13].v.i = 124; /* 2024 */
    v[14].kind = SC_VAL_BYTES, v[14].v.str = S("chars");
    v[15].kind = SC_VAL_BYTES, v[15].v.str = S("a 'quoted' \\ string\nwith a newline");
    v[16].kind = SC_VAL_BYTES, v[16].v.str = S("\x01\x02");
    v[17].kind = SC_VAL_BYTES, v[17].v.str = S("varbin");
    v[18].kind = SC_VAL_BYTES, v[18].v.str = S("tiny");
    v[19].kind = SC_VAL_BYTES, v[19].v.str = S("text \xc3\xa9t\xc3\xa9");
    v[20].kind = SC_VAL_BYTES, v[20].v.str = S("medium");
    v[21].kind = SC_VAL_BYTES, v[21].v.str = S("{\"json\": true}");
    v[22].kind = SC_VAL_UINT, v[22].v.u = 2;
    v[23].kind = SC_VAL_UINT, v[23].v.u = 5;
    v[24].kind = SC_VAL_BYTES, v[24].v.str = (sc_slice){wkb, sizeof(wkb)};
    v[25].kind = SC_VAL_BYTES, v[25].v.str = (sc_slice){ip6, sizeof(ip6)};
    v[26].kind = SC_VAL_BYTES, v[26].v.str = (sc_slice){uuid, 14}; /* trailing zeros stripped */
    v[27].kind = SC_VAL_BYTES, v[27].v.str = S("l\xe9");
#undef S
}

/* The ### lines of our own printer (checked against the oracle corpus) for every file. */
static int our_rows_cb(const sc_log_file *f, void *payload)
{
    cmd_args *a = payload;
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;

    ck_assert_int_eq(sc_log_file_bytes(&data, &len, a->log, f->name), SC_OK);
    ck_assert_int_eq(sc_binlog_reader_open_mem(&r, sc_fx.ctx, f->name, (sc_slice){data, len}),
                     SC_OK);
    while (sc_binlog_reader_next(&ev, r) == SC_OK && ev) {
        char *text = NULL;
        size_t tl = 0;
        if (!sc_event__is_rows(ev->header.type))
            continue;
        ck_assert_int_eq(sc_binlog_reader_print_rows(&text, &tl, NULL, r, ev), SC_OK);
        sc__buf_put(&a->cmd, text, tl);
        sc_free(sc_fx.ctx, text);
    }
    sc_binlog_reader_close(r);
    sc_free(sc_fx.ctx, data);
    return 0;
}

START_TEST(test_interop_data_rows)
{
    static const char *const images[] = {"FULL", "MINIMAL", "NOBLOB"};
    sc_log *log = NULL;
    sc_txn *t = NULL;
    sc_table *tab = NULL;
    sc_binlog_value r1[TY_COLS], r2[TY_COLS], r3[TY_COLS];
    cmd_args ours;
    uint64_t tid;
    char *got;

    lu_set(sc_fx.cat, SC_LOG_SET_ROW_IMAGE, images[_i]);
    lu_ok(sc_log_open(&log, sc_fx.cat));
    lu_exec_db(sc_fx.cat, NULL, "CREATE DATABASE test");
    lu_exec(sc_fx.cat, types_table);
    lu_ok(sc_txn_begin(&t, sc_fx.cat, 0));
    lu_ok(sc_table_lookup(&tab, t, "test", "ty"));
    tid = sc_table_id(tab);
    sc_table_free(tab);
    ty_values(r1, 1, false);
    ty_values(r2, 2, true);
    memcpy(r3, r1, sizeof(r1));
    r3[15].v.str = (sc_slice){(const uint8_t *)"changed", 7};
    r3[20].v.str = (sc_slice){(const uint8_t *)"blob changed", 12};
    lu_ok(sc_txn_set_statement(t, "INSERT ...", 10));
    lu_ok(sc_log_rows(log, t, tid, SC_LOG_INSERT, NULL, r1, TY_COLS));
    lu_ok(sc_log_rows(log, t, tid, SC_LOG_INSERT, NULL, r2, TY_COLS));
    lu_ok(sc_txn_set_statement(t, "UPDATE ...", 10));
    lu_ok(sc_log_rows(log, t, tid, SC_LOG_UPDATE, r1, r3, TY_COLS));
    lu_ok(sc_txn_set_statement(t, "DELETE ...", 10));
    lu_ok(sc_log_rows(log, t, tid, SC_LOG_DELETE, r2, NULL, TY_COLS));
    lu_ok(sc_txn_commit(t));
    lu_ok(sc_log_sync(log));
    got = decode_all(log, sc_fx.dir);
    ours.cmd = (sc_buf)SC_BUF_INIT(sc_fx.ctx);
    ours.log = log;
    ck_assert_int_eq(sc_log_files(log, our_rows_cb, &ours), SC_OK);
    sc_buf_u8(&ours.cmd, 0);
    ck_assert_ptr_nonnull(strstr(got, "### INSERT INTO `test`.`ty`"));
    ck_assert_ptr_nonnull(strstr(got, "### DELETE FROM `test`.`ty`"));
    ck_assert_ptr_nonnull(strstr(got, "@6=-12345678.90"));
    if (getenv("SC_TEST_VERBOSE"))
        fprintf(stderr, "%s", got);
    compare_lines(got, (const char *)ours.cmd.data);
    sc__buf_free(&ours.cmd);
    sc_free(sc_fx.ctx, got);
    sc_log_close(log);
}
END_TEST

Suite *sc_test_replicate_interop_suite(void);

Suite *sc_test_replicate_interop_suite(void)
{
    Suite *s = suite_create("replicate_interop");
    TCase *tc = tcase_create("mariadb_binlog");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_interop_corpus, 0, (int)NCOMBOS);
    tcase_add_loop_test(tc, test_interop_data_rows, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}
