/*
 * check_track.c - the schema tracker (track/track.c, state.c) and --as-of
 * (track/asof.c) on synthetic MariaDB binlogs written here event by event:
 * the session state a Query event's status variables carry (sql_mode,
 * flags2's foreign_key_checks and explicit_defaults_for_timestamp,
 * collation_server, the default database), a refused DDL (the error names
 * file, position, GTID and statement; nothing of its group applied),
 * --skip-unparsed-ddl and the skipped list, resuming, AUTO_INCREMENT from
 * row events (unsigned values without metadata, UPDATE after images,
 * TRUNCATE), and the catalog as of a point of its own log and of a tracked
 * source. The corpus contract itself is tests/track-corpus.sh.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "catalog/buf.h"
#include "replicate/bytes.h"
#include "replicate/event.h"
#include "replicate/rowfmt.h"
#include "syscat.h"
#include "tests/fixtures.h"

#define SQL_MODE_DEFAULT 1411383296ull /* STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,... */
#define F2_EXPLICIT (1u << 24)
#define F2_NO_FK (1u << 26)

/* ------------------------------------------------------------------ */
/* Writing a MariaDB-like binlog                                         */

typedef struct blog {
    sc_buf file;
    uint64_t seq;
    uint8_t ph[SC_FDE_MARIADB_TYPES];
} blog;

static void put_event(blog *b, sc_event *ev)
{
    size_t at = b->file.len;
    uint32_t len;

    ev->header.timestamp = 1700000000 + (uint32_t)b->seq;
    if (!ev->header.server_id)
        ev->header.server_id = 1;
    ck_assert_int_eq(sc_event__encode(&b->file, ev, SC_CHECKSUM_CRC32), SC_OK);
    sc_put_u32le(b->file.data + at + 13, (uint32_t)b->file.len);
    len = sc_get_u32le(b->file.data + at + 9);
    sc_put_u32le(b->file.data + at + len - 4, (uint32_t)crc32(0L, b->file.data + at, len - 4));
}

static void blog_init(blog *b)
{
    sc_event ev;

    memset(b, 0, sizeof(*b));
    b->file = (sc_buf)SC_BUF_INIT(sc_fx.ctx);
    sc__buf_put(&b->file,
                "\xfe"
                "bin",
                4);
    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_FORMAT_DESCRIPTION;
    ev.u.fde.binlog_version = SC_BINLOG_VERSION;
    snprintf(ev.u.fde.server_version, sizeof(ev.u.fde.server_version), "10.11.19-MariaDB-log");
    ev.u.fde.header_len = SC_EVENT_HEADER_LEN;
    sc_event__default_post_header(b->ph, sizeof(b->ph));
    ev.u.fde.post_header = (sc_slice){b->ph, sizeof(b->ph)};
    ev.u.fde.checksum_alg = SC_CHECKSUM_CRC32;
    put_event(b, &ev);
}

static void gtid(blog *b, bool standalone)
{
    sc_event ev;

    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_GTID;
    ev.header.flags = SC_EVF_SUPPRESS_USE;
    ev.u.gtid.seq_no = ++b->seq;
    ev.u.gtid.flags2 = standalone ? SC_GTID_STANDALONE | SC_GTID_DDL : SC_GTID_TRANSACTIONAL;
    put_event(b, &ev);
}

/* A Query event: db, flags2, sql_mode and collation_server as given. */
static void
query_ex(blog *b, const char *db, uint32_t f2, uint64_t mode, uint16_t coll, const char *sql)
{
    uint8_t sv[64];
    size_t n = 0;
    sc_event ev;

    sv[n++] = 0; /* Q_FLAGS2 */
    sc_put_u32le(sv + n, f2);
    n += 4;
    sv[n++] = 1; /* Q_SQL_MODE */
    sc_put_u64le(sv + n, mode);
    n += 8;
    sv[n++] = 4; /* Q_CHARSET: client, connection, server */
    sc_put_u16le(sv + n, 45);
    sc_put_u16le(sv + n + 2, 45);
    sc_put_u16le(sv + n + 4, coll);
    n += 6;
    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_QUERY;
    ev.u.query.thread_id = 5;
    ev.u.query.status_vars = (sc_slice){sv, n};
    ev.u.query.db = (sc_slice){(const uint8_t *)db, strlen(db)};
    ev.u.query.text = (sc_slice){(const uint8_t *)sql, strlen(sql)};
    put_event(b, &ev);
}

/* A standalone DDL group whose Query event carries client collation id client (connection the
 * same, server 45) and, when tz is not NULL, Q_TIME_ZONE. */
static void ddl_session(blog *b, const char *db, uint16_t client, const char *tz, const char *sql)
{
    uint8_t sv[128];
    size_t n = 0;
    sc_event ev;

    gtid(b, true);
    sv[n++] = 0; /* Q_FLAGS2 */
    sc_put_u32le(sv + n, F2_EXPLICIT);
    n += 4;
    sv[n++] = 1; /* Q_SQL_MODE */
    sc_put_u64le(sv + n, SQL_MODE_DEFAULT);
    n += 8;
    sv[n++] = 4; /* Q_CHARSET */
    sc_put_u16le(sv + n, client);
    sc_put_u16le(sv + n + 2, client);
    sc_put_u16le(sv + n + 4, 45);
    n += 6;
    if (tz) {
        sv[n++] = 5; /* Q_TIME_ZONE */
        sv[n++] = (uint8_t)strlen(tz);
        memcpy(sv + n, tz, strlen(tz));
        n += strlen(tz);
    }
    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_QUERY;
    ev.u.query.thread_id = 5;
    ev.u.query.status_vars = (sc_slice){sv, n};
    ev.u.query.db = (sc_slice){(const uint8_t *)db, strlen(db)};
    ev.u.query.text = (sc_slice){(const uint8_t *)sql, strlen(sql)};
    put_event(b, &ev);
}

/* A standalone DDL group with the corpus' session settings. */
static void ddl(blog *b, const char *db, const char *sql)
{
    gtid(b, true);
    query_ex(b, db, F2_EXPLICIT, SQL_MODE_DEFAULT, 45, sql);
}

static void xid(blog *b)
{
    sc_event ev;

    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_XID;
    ev.u.xid.xid = b->seq;
    put_event(b, &ev);
}

/* A DML group writing (kind 0) or updating (kind 1) rows of db.t(id INT [UNSIGNED], v INT):
 * ids[i] for image i (an UPDATE alternates before, after). No optional metadata. Without
 * end, the group has no XID (cut short). */
static void rows_group_ex(
    blog *b, const char *db, const char *t, int kind, const int64_t *ids, size_t n, bool end)
{
    sc_binlog_column cols[2];
    sc_binlog_value vals[2];
    uint8_t present = 0x03;
    sc_buf img = SC_BUF_INIT(sc_fx.ctx);
    sc_event ev;

    memset(cols, 0, sizeof(cols));
    cols[0].type = SC_MT_LONG;
    cols[1].type = SC_MT_LONG;
    cols[1].nullable = true;
    gtid(b, false);
    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_TABLE_MAP;
    ev.u.table_map.table_id = 70 + b->seq; /* server table ids change: ours must not matter */
    ev.u.table_map.flags = 1;
    ev.u.table_map.db = (sc_slice){(const uint8_t *)db, strlen(db)};
    ev.u.table_map.table = (sc_slice){(const uint8_t *)t, strlen(t)};
    ev.u.table_map.ncols = 2;
    ev.u.table_map.columns = cols;
    put_event(b, &ev);
    for (size_t i = 0; i < n; i++) {
        memset(vals, 0, sizeof(vals));
        vals[0].kind = SC_VAL_INT;
        vals[0].v.i = ids[i];
        ck_assert_int_eq(sc_rowfmt__encode_image(&img, cols, 2, &present, vals), SC_OK);
    }
    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = kind == 0 ? SC_EV_WRITE_ROWS_V1 : SC_EV_UPDATE_ROWS_V1;
    ev.u.rows.table_id = 70 + b->seq;
    ev.u.rows.flags = SC_ROWS_STMT_END;
    ev.u.rows.ncols = 2;
    ev.u.rows.present = (sc_slice){&present, 1};
    if (kind == 1)
        ev.u.rows.present_after = (sc_slice){&present, 1};
    ev.u.rows.rows = (sc_slice){img.data, img.len};
    put_event(b, &ev);
    sc__buf_free(&img);
    if (end)
        xid(b);
}

static void
rows_group(blog *b, const char *db, const char *t, int kind, const int64_t *ids, size_t n)
{
    rows_group_ex(b, db, t, kind, ids, n, true);
}

/* Write the log as DIR/NAME; path into out. */
static void blog_save(blog *b, char *out, size_t size, const char *dir, const char *name)
{
    FILE *f;

    snprintf(out, size, "%s/%s", dir, name);
    f = fopen(out, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(b->file.data, 1, b->file.len, f), b->file.len);
    fclose(f);
}

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static char bindir[256];
static sc_log *lg;

static void setup(void)
{
    sc_fixture_catalog_setup();
    sc_fixture_tmpdir(bindir, sizeof(bindir));
    ck_assert_int_eq(sc_log_open(&lg, sc_fx.cat), SC_OK);
}

static void teardown(void)
{
    sc_log_close(lg);
    lg = NULL;
    sc_fixture_rmtree(bindir);
    sc_fixture_catalog_teardown();
}

static int track(blog *b, const char *name, bool skip)
{
    sc_track_options o = SC_TRACK_OPTIONS_INIT;
    char path[512];
    const char *files[1];

    o.source = "s1";
    o.skip_unparsed_ddl = skip;
    blog_save(b, path, sizeof(path), bindir, name);
    files[0] = path;
    return sc_track_files(NULL, lg, &o, files, 1);
}

/* SHOW CREATE TABLE db.t of cat, or NULL when it does not exist. */
static char *show_table(sc_catalog *cat, const char *db, const char *t)
{
    sc_txn *txn = NULL;
    char *out = NULL;

    ck_assert_int_eq(sc_txn_begin(&txn, cat, SC_TXN_READONLY), SC_OK);
    if (sc_show_create_table(&out, txn, db, t) != SC_OK)
        out = NULL;
    sc_txn_abort(txn);
    return out;
}

static char *dump(sc_catalog *cat)
{
    sc_txn *txn = NULL;
    char *out = NULL;

    ck_assert_int_eq(sc_txn_begin(&txn, cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_dump_show_create(&out, txn), SC_OK);
    sc_txn_abort(txn);
    return out;
}

static bool has(const char *text, const char *part)
{
    return text && strstr(text, part) != NULL;
}

/* ------------------------------------------------------------------ */
/* Session state                                                        */

START_TEST(test_track_session_state)
{
    blog b;
    char *s;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE d1");
    /* sql_mode 0: a zero date default is accepted; with NO_ZERO_DATE + strict it is not */
    gtid(&b, true);
    query_ex(&b, "d1", F2_EXPLICIT, 0, 45, "CREATE TABLE zd (d DATE DEFAULT '0000-00-00')");
    /* explicit_defaults_for_timestamp off (flags2 bit clear): the first TIMESTAMP is NOT NULL
     * with CURRENT_TIMESTAMP defaults */
    gtid(&b, true);
    query_ex(&b, "d1", 0, SQL_MODE_DEFAULT, 45, "CREATE TABLE ts (t TIMESTAMP)");
    /* foreign_key_checks off: a foreign key to a missing table is accepted */
    gtid(&b, true);
    query_ex(&b, "d1", F2_EXPLICIT | F2_NO_FK, SQL_MODE_DEFAULT, 45,
             "CREATE TABLE child (p INT, FOREIGN KEY (p) REFERENCES nosuch (id))");
    /* collation_server 8 (latin1_swedish_ci): the new database's default */
    gtid(&b, true);
    query_ex(&b, "", F2_EXPLICIT, SQL_MODE_DEFAULT, 8, "CREATE DATABASE d2");
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);

    s = show_table(sc_fx.cat, "d1", "zd");
    ck_assert_msg(has(s, "DEFAULT '0000-00-00'"), "%s", s ? s : "(none)");
    sc_free(sc_fx.ctx, s);
    s = show_table(sc_fx.cat, "d1", "ts");
    ck_assert_msg(has(s, "NOT NULL DEFAULT current_timestamp() ON UPDATE current_timestamp()"),
                  "%s", s ? s : "(none)");
    sc_free(sc_fx.ctx, s);
    s = show_table(sc_fx.cat, "d1", "child");
    ck_assert_msg(has(s, "REFERENCES `nosuch`"), "%s", s ? s : "(none)");
    sc_free(sc_fx.ctx, s);
    s = dump(sc_fx.cat);
    ck_assert_msg(has(s, "CREATE DATABASE `d2` /*!40100 DEFAULT CHARACTER SET latin1"), "%s", s);
    sc_free(sc_fx.ctx, s);
    sc__buf_free(&b.file);
}
END_TEST

/* A stricter sql_mode and foreign_key_checks=1 in the events refuse what the
 * session's own defaults would accept or what the test above accepted. */
START_TEST(test_track_session_defaults_refuse)
{
    blog b;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE d1");
    gtid(&b, true); /* NO_ZERO_DATE | STRICT_TRANS_TABLES (syscat's default accepts it) */
    query_ex(&b, "d1", F2_EXPLICIT, (1ull << 24) | (1ull << 21), 45,
             "CREATE TABLE zd (d DATE DEFAULT '0000-00-00')");
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_ESQL);
    ck_assert_uint_eq(sc_ctx_last_error(sc_fx.ctx)->mysql_errno, 1067);
    sc__buf_free(&b.file);
    blog_init(&b);
    gtid(&b, true);
    query_ex(&b, "", F2_EXPLICIT, SQL_MODE_DEFAULT, 45, "CREATE DATABASE d3");
    gtid(&b, true);
    query_ex(&b, "d3", F2_EXPLICIT, SQL_MODE_DEFAULT, 45,
             "CREATE TABLE child (p INT, FOREIGN KEY (p) REFERENCES nosuch (id))");
    ck_assert_int_ne(track(&b, "other.000001", false), SC_OK);
    sc__buf_free(&b.file);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Refused DDL, --skip-unparsed-ddl, resuming                           */

static int count_skipped(const sc_track_skipped *s, void *payload)
{
    int *n = payload;
    ck_assert_str_eq(s->file, "binlog.000001");
    ck_assert_str_eq(s->gtid, "0-1-3");
    ck_assert_uint_eq(s->mysql_errno, 1064);
    ck_assert_str_eq(s->statement, "CREATE TABLE broken (a INT,,)");
    (*n)++;
    return 0;
}

START_TEST(test_track_refused_and_skipped)
{
    blog b;
    sc_track_state st;
    const sc_error *e;
    char *s;
    int n = 0;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE d1");
    ddl(&b, "d1", "CREATE TABLE a (i INT)");
    ddl(&b, "d1", "CREATE TABLE broken (a INT,,)");
    ddl(&b, "d1", "CREATE TABLE c (i INT)");
    ck_assert_int_ne(track(&b, "binlog.000001", false), SC_OK);
    e = sc_ctx_last_error(sc_fx.ctx);
    ck_assert_msg(has(e->message, "binlog.000001 at ") && has(e->message, "GTID 0-1-3") &&
                      has(e->message, "ERROR 1064") &&
                      has(e->message, "statement: CREATE TABLE broken (a INT,,)"),
                  "%s", e->message);
    /* the groups before it are tracked and the position saved; nothing after it */
    s = show_table(sc_fx.cat, "d1", "a");
    ck_assert_ptr_nonnull(s);
    sc_free(sc_fx.ctx, s);
    ck_assert_ptr_null(show_table(sc_fx.cat, "d1", "c"));
    ck_assert_int_eq(sc_track_state_get(&st, sc_fx.cat, "s1"), SC_OK);
    ck_assert_str_eq(st.gtid, "0-1-2");
    ck_assert_str_eq(st.file, "binlog.000001");

    /* again with --skip-unparsed-ddl: recorded, and the rest follows */
    ck_assert_int_eq(track(&b, "binlog.000001", true), SC_OK);
    s = show_table(sc_fx.cat, "d1", "c");
    ck_assert_ptr_nonnull(s);
    sc_free(sc_fx.ctx, s);
    ck_assert_int_eq(sc_track_state_get(&st, sc_fx.cat, "s1"), SC_OK);
    ck_assert_str_eq(st.gtid, "0-1-4");
    ck_assert_uint_eq(st.n_skipped, 1);
    ck_assert_uint_eq(st.position, b.file.len);
    ck_assert_int_eq(sc_track_skipped_foreach(sc_fx.cat, "s1", count_skipped, &n), SC_OK);
    ck_assert_int_eq(n, 1);
    sc__buf_free(&b.file);
}
END_TEST

START_TEST(test_track_resume)
{
    blog b;
    sc_track_stats stats;
    sc_track_options o = SC_TRACK_OPTIONS_INIT;
    char path[512];
    const char *files[1] = {path};
    char *s;

    o.source = "s1";
    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE d1");
    ddl(&b, "d1", "CREATE TABLE a (i INT)");
    blog_save(&b, path, sizeof(path), bindir, "binlog.000001");
    ck_assert_int_eq(sc_track_files(&stats, lg, &o, files, 1), SC_OK);
    ck_assert_uint_eq(stats.ddl, 2);
    /* the file grew (the server wrote on): only the new groups run, once */
    ddl(&b, "d1", "ALTER TABLE a ADD COLUMN j INT");
    blog_save(&b, path, sizeof(path), bindir, "binlog.000001");
    ck_assert_int_eq(sc_track_files(&stats, lg, &o, files, 1), SC_OK);
    ck_assert_uint_eq(stats.ddl, 1);
    ck_assert_uint_eq(stats.groups, 1);
    ck_assert_int_eq(sc_track_files(&stats, lg, &o, files, 1), SC_OK);
    ck_assert_uint_eq(stats.ddl, 0);
    s = show_table(sc_fx.cat, "d1", "a");
    ck_assert_msg(has(s, "`j` int(11)"), "%s", s);
    sc_free(sc_fx.ctx, s);
    /* bad source names are refused before anything is read */
    o.source = "bad name";
    ck_assert_int_eq(sc_track_files(NULL, lg, &o, files, 1), SC_EINVAL);
    sc__buf_free(&b.file);
}
END_TEST

/* ------------------------------------------------------------------ */
/* AUTO_INCREMENT                                                       */

START_TEST(test_track_auto_increment)
{
    blog b;
    int64_t w1[] = {1, 2, 3};
    int64_t up[] = {3, 10};
    int64_t big[] = {-294967296}; /* 4000000000 as INT UNSIGNED, logged without metadata */
    int64_t neg[] = {-5};
    char *s;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE d1");
    ddl(&b, "d1", "CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT)");
    ddl(&b, "d1", "CREATE TABLE u (id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT)");
    ddl(&b, "d1", "CREATE TABLE s (id INT NOT NULL AUTO_INCREMENT KEY, v INT) AUTO_INCREMENT=50");
    rows_group(&b, "d1", "t", 0, w1, 3);
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);
    s = show_table(sc_fx.cat, "d1", "t");
    ck_assert_msg(has(s, "AUTO_INCREMENT=4 "), "%s", s);
    sc_free(sc_fx.ctx, s);

    rows_group(&b, "d1", "t", 1, up, 2); /* UPDATE ... SET id = 10 WHERE id = 3 */
    rows_group(&b, "d1", "u", 0, big, 1);
    rows_group(&b, "d1", "s", 0, w1, 3); /* below the counter: it stays */
    rows_group(&b, "d1", "t", 0, neg, 1);
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);
    s = show_table(sc_fx.cat, "d1", "t");
    ck_assert_msg(has(s, "AUTO_INCREMENT=11 "), "%s", s);
    sc_free(sc_fx.ctx, s);
    s = show_table(sc_fx.cat, "d1", "u");
    ck_assert_msg(has(s, "AUTO_INCREMENT=4000000001 "), "%s", s);
    sc_free(sc_fx.ctx, s);
    s = show_table(sc_fx.cat, "d1", "s");
    ck_assert_msg(has(s, "AUTO_INCREMENT=50 "), "%s", s);
    sc_free(sc_fx.ctx, s);

    ddl(&b, "d1", "TRUNCATE TABLE t");
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);
    s = show_table(sc_fx.cat, "d1", "t");
    ck_assert_msg(!has(s, "AUTO_INCREMENT="), "%s", s);
    sc_free(sc_fx.ctx, s);
    sc__buf_free(&b.file);
}
END_TEST

/* A group cut short (a server crash leaves a GTID without its XID, and the
 * next group follows) was never committed on the server: not applied. */
START_TEST(test_track_group_without_end)
{
    blog b;
    int64_t lost[] = {90};
    int64_t kept[] = {5};
    char *s;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE d1");
    ddl(&b, "d1", "CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT)");
    rows_group_ex(&b, "d1", "t", 0, lost, 1, false);
    rows_group(&b, "d1", "t", 0, kept, 1);
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);
    s = show_table(sc_fx.cat, "d1", "t");
    ck_assert_msg(has(s, "AUTO_INCREMENT=6 "), "%s", s);
    sc_free(sc_fx.ctx, s);
    sc__buf_free(&b.file);
}
END_TEST

/* ------------------------------------------------------------------ */
/* --as-of                                                              */

static char *dump_as_of(const char *spec, int *rc)
{
    sc_catalog *c = NULL;
    char *out = NULL;

    *rc = sc_asof_open(&c, lg, spec);
    if (*rc == SC_OK)
        out = dump(c);
    sc_asof_close(c);
    return out;
}

START_TEST(test_track_as_of_tracked)
{
    blog b;
    int64_t w[] = {7};
    char *now, *s;
    int rc;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE d1");                                                   /* 0-1-1 */
    ddl(&b, "d1", "CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT)"); /* 2 */
    rows_group(&b, "d1", "t", 0, w, 1);                                                  /* 0-1-3 */
    ddl(&b, "d1", "DROP TABLE IF EXISTS nothing_here");                                  /* 0-1-4 */
    ddl(&b, "d1", "ALTER TABLE t ADD COLUMN x INT");                                     /* 0-1-5 */
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);

    s = dump_as_of("0-1-1", &rc);
    ck_assert_int_eq(rc, SC_OK);
    ck_assert_msg(has(s, "CREATE DATABASE `d1`") && !has(s, "CREATE TABLE"), "%s", s);
    sc_free(sc_fx.ctx, s);
    s = dump_as_of("0-1-2", &rc);
    ck_assert_msg(has(s, "CREATE TABLE `t`") && !has(s, "AUTO_INCREMENT="), "%s", s);
    sc_free(sc_fx.ctx, s);
    /* 0-1-4 changed nothing: the schema of 0-1-3, with the counter the row moved */
    s = dump_as_of("0-1-4", &rc);
    ck_assert_msg(has(s, "AUTO_INCREMENT=8 ") && !has(s, "`x`"), "%s", s);
    sc_free(sc_fx.ctx, s);
    now = dump(sc_fx.cat);
    s = dump_as_of("0-1-5", &rc);
    ck_assert_str_eq(s, now);
    sc_free(sc_fx.ctx, s);
    /* source positions and times: the group of 0-1-5 starts where 0-1-4 ended */
    s = dump_as_of("binlog.000001:4", &rc);
    ck_assert_int_eq(rc, SC_OK);
    ck_assert_str_eq(s, "");
    sc_free(sc_fx.ctx, s);
    s = dump_as_of("1700000005", &rc); /* the synthetic timestamp of 0-1-5 */
    ck_assert_str_eq(s, now);
    sc_free(sc_fx.ctx, s);
    s = dump_as_of("1700000004", &rc);
    ck_assert_msg(!has(s, "`x`") && has(s, "AUTO_INCREMENT=8 "), "%s", s);
    sc_free(sc_fx.ctx, s);
    sc_free(sc_fx.ctx, now);
    /* not tracked yet, or not a point at all */
    ck_assert_ptr_null(dump_as_of("0-1-6", &rc));
    ck_assert_int_eq(rc, SC_ENOTFOUND);
    ck_assert_ptr_null(dump_as_of("yesterday", &rc));
    ck_assert_int_eq(rc, SC_EINVAL);
    sc__buf_free(&b.file);
}
END_TEST

static void exec(const char *sql)
{
    sc_session *s = NULL;
    sc_stmt_result r;

    ck_assert_int_eq(sc_session_new(&s, sc_fx.cat, NULL), SC_OK);
    memset(&r, 0, sizeof(r));
    ck_assert_int_eq(sc_ddl_exec(&r, s, NULL, sql, strlen(sql)), SC_OK);
    sc_stmt_result_clear(&r);
    sc_session_free(s);
}

typedef struct last_file {
    char name[64];
    uint64_t size;
} last_file;

static int last_file_cb(const sc_log_file *f, void *payload)
{
    last_file *l = payload;
    snprintf(l->name, sizeof(l->name), "%s", f->name);
    l->size = f->size;
    return 0;
}

/* A catalog of our own (nothing tracked): the points are its own log's. */
START_TEST(test_track_as_of_own_log)
{
    char *gtid = NULL, *s, spec[128], *before, dir[512];
    last_file lf;
    int rc;

    exec("CREATE DATABASE o1");
    before = dump(sc_fx.cat);
    snprintf(dir, sizeof(dir), "%s/binlog", sc_fx.dir);
    ck_assert_int_eq(sc_log_sync(lg), SC_OK);
    ck_assert_int_eq(sc_stream_gtid_pos(&gtid, sc_fx.ctx, dir), SC_OK);
    ck_assert_int_eq(sc_log_files(lg, last_file_cb, &lf), SC_OK);
    exec("CREATE TABLE o1.t (i INT)");
    s = dump_as_of(gtid, &rc);
    ck_assert_int_eq(rc, SC_OK);
    ck_assert_str_eq(s, before);
    sc_free(sc_fx.ctx, s);
    snprintf(spec, sizeof(spec), "%s:%llu", lf.name, (unsigned long long)lf.size);
    s = dump_as_of(spec, &rc);
    ck_assert_str_eq(s, before);
    sc_free(sc_fx.ctx, s);
    ck_assert_ptr_null(dump_as_of("0-1-999999", &rc));
    ck_assert_int_eq(rc, SC_ENOTFOUND);
    sc_free(sc_fx.ctx, before);
    sc_free(sc_fx.ctx, gtid);
}
END_TEST

/* ------------------------------------------------------------------ */
/* time_zone and character_set_client of a Query event                  */

/* Expected texts: SHOW CREATE TABLE of the same statements on MariaDB 10.11.19 (server
 * time_zone +00:00, utf8mb4), after SET time_zone / SET NAMES as the events say. */
START_TEST(test_track_time_zone)
{
    blog b;
    char *t1, *t3;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE z");
    ddl_session(&b, "z", 45, "+02:00",
                "CREATE TABLE t1 (a TIMESTAMP NOT NULL DEFAULT '2020-01-01 10:00:00', b TIMESTAMP "
                "NULL DEFAULT 20200101100000, c DATETIME DEFAULT '2020-01-01 10:00:00')");
    ddl(&b, "z", "CREATE TABLE t3 (a INT)");
    ddl_session(&b, "z", 45, "-05:30",
                "ALTER TABLE t3 ADD b TIMESTAMP NULL DEFAULT '2021-01-01 00:30:00'");
    ddl_session(&b, "z", 45, "SYSTEM",
                "CREATE TABLE t4 (a TIMESTAMP NULL DEFAULT '2021-06-01 12:00:00')");
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);
    t1 = show_table(sc_fx.cat, "z", "t1");
    ck_assert_str_eq(t1, "CREATE TABLE `t1` (\n"
                         "  `a` timestamp NOT NULL DEFAULT '2020-01-01 08:00:00',\n"
                         "  `b` timestamp NULL DEFAULT '2020-01-01 08:00:00',\n"
                         "  `c` datetime DEFAULT '2020-01-01 10:00:00'\n"
                         ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci");
    t3 = show_table(sc_fx.cat, "z", "t3");
    ck_assert(has(t3, "`b` timestamp NULL DEFAULT '2021-01-01 06:00:00'"));
    sc_free(sc_fx.ctx, t1);
    sc_free(sc_fx.ctx, t3);
    t3 = show_table(sc_fx.cat, "z", "t4"); /* SYSTEM: the catalog's UTC */
    ck_assert(has(t3, "DEFAULT '2021-06-01 12:00:00'"));
    sc_free(sc_fx.ctx, t3);
    /* a named zone needs time zone tables: refused like a server without them */
    ddl_session(&b, "z", 45, "Europe/Paris",
                "CREATE TABLE t5 (a TIMESTAMP NULL DEFAULT '2021-06-01 12:00:00')");
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_ESQL);
    ck_assert(has(sc_ctx_last_error(sc_fx.ctx)->message,
                  "Unknown or incorrect time zone: 'Europe/Paris'"));
    ck_assert(has(sc_ctx_last_error(sc_fx.ctx)->message, "GTID 0-1-6"));
    ck_assert_int_eq(track(&b, "binlog.000001", true), SC_OK);
    ck_assert_ptr_null(show_table(sc_fx.cat, "z", "t5"));
    sc__buf_free(&b.file);
}
END_TEST

START_TEST(test_track_client_charset)
{
    blog b;
    char *t;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE z");
    /* SET NAMES latin1: 'é' is the byte 0xE9 in identifiers, literals and comments */
    ddl_session(&b, "z", 8, NULL,
                "CREATE TABLE l1 (c VARCHAR(10) DEFAULT '\xe9', `n\xe9` INT) COMMENT '\xe9t\xe9' "
                "CHARSET utf8mb4");
    /* cp1251 through iconv: 0xE6 is Cyrillic zhe; latin1's 0x80 is the euro sign */
    ddl_session(&b, "z", 51, NULL, "CREATE TABLE c1 (c VARCHAR(5) DEFAULT '\xe6') CHARSET utf8mb4");
    ddl_session(&b, "z", 8, NULL, "CREATE TABLE e1 (c VARCHAR(5) DEFAULT '\x80') CHARSET utf8mb4");
    /* ASCII text of any client is as logged */
    ddl_session(&b, "z", 3, NULL, "CREATE TABLE a1 (c INT)");
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);
    t = show_table(sc_fx.cat, "z", "l1");
    ck_assert_str_eq(t, "CREATE TABLE `l1` (\n"
                        "  `c` varchar(10) DEFAULT '\xc3\xa9',\n"
                        "  `n\xc3\xa9` int(11) DEFAULT NULL\n"
                        ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci "
                        "COMMENT='\xc3\xa9t\xc3\xa9'");
    sc_free(sc_fx.ctx, t);
    t = show_table(sc_fx.cat, "z", "c1");
    ck_assert(has(t, "DEFAULT '\xd0\xb6'"));
    sc_free(sc_fx.ctx, t);
    t = show_table(sc_fx.cat, "z", "e1");
    ck_assert(has(t, "DEFAULT '\xe2\x82\xac'"));
    sc_free(sc_fx.ctx, t);
    t = show_table(sc_fx.cat, "z", "a1");
    ck_assert_ptr_nonnull(t);
    sc_free(sc_fx.ctx, t);
    /* dec8 with a byte above 0x7F: no conversion known, refused by name */
    ddl_session(&b, "z", 3, NULL, "CREATE TABLE d1 (c VARCHAR(5) DEFAULT '\xe9')");
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_ERROR);
    ck_assert(has(sc_ctx_last_error(sc_fx.ctx)->message,
                  "character_set_client dec8 cannot be converted to utf8mb4"));
    sc__buf_free(&b.file);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Rows with the columns of their time (track/history.c)                */

static int to_buf(const void *data, size_t len, void *payload)
{
    sc__buf_put(payload, data, len);
    return 0;
}

/* The JSON lines of decoding path with source s1's table history. */
static char *decode_with_history(const char *path)
{
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;
    sc_track_history *h = NULL;
    sc_buf out = SC_BUF_INIT(sc_fx.ctx);
    const char *paths[1] = {path};

    ck_assert_int_eq(sc_track_history_open(&h, sc_fx.cat, "s1"), SC_OK);
    o.format = SC_DECODE_JSON;
    o.schema = sc_track_history_schema;
    o.schema_payload = h;
    ck_assert_int_eq(sc_binlog_decode(sc_fx.ctx, paths, 1, &o, to_buf, &out), SC_OK);
    sc_track_history_close(h);
    sc__buf_putc(&out, '\0');
    return out.text;
}

/* The n-th (1-based) line of text holding part, or NULL. */
static const char *nth_line_with(const char *text, const char *part, int n)
{
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        const char *e = strchr(p, '\n'), *hit = strstr(p, part);
        if (hit && (!e || hit < e) && --n == 0)
            return p;
    }
    return NULL;
}

/* Does the line at p (up to its newline) hold part? */
static bool line_has(const char *p, const char *part)
{
    const char *e = strchr(p, '\n'), *hit = strstr(p, part);
    return hit && (!e || hit < e);
}

/* The catalog_table_id of a JSON line (0 = none). */
static unsigned long long catalog_id(const char *line)
{
    const char *p = line ? strstr(line, "\"catalog_table_id\":") : NULL;
    return p ? strtoull(p + 19, NULL, 10) : 0;
}

START_TEST(test_track_rows_columns_of_their_time)
{
    const int64_t one[] = {1}, two[] = {2}, five[] = {5}, six[] = {6};
    char path[512], *json;
    const char *l;
    blog b;

    blog_init(&b);
    ddl(&b, "", "CREATE DATABASE d");
    ddl(&b, "d", "CREATE TABLE t (id INT, v INT)");
    rows_group(&b, "d", "t", 0, one, 1);
    ddl(&b, "d", "ALTER TABLE t RENAME COLUMN v TO w");
    rows_group(&b, "d", "t", 0, two, 1);
    ddl(&b, "d", "CREATE TABLE u (id INT UNSIGNED, x INT)");
    rows_group(&b, "d", "u", 0, five, 1);
    ddl(&b, "d", "DROP TABLE u");
    ddl(&b, "d", "CREATE TABLE u (id INT, y INT)");
    rows_group(&b, "d", "u", 0, six, 1);
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);
    snprintf(path, sizeof(path), "%s/binlog.000001", bindir);
    json = decode_with_history(path);
    /* before the ALTER: v; after it: w; the same catalog table */
    ck_assert_ptr_nonnull(l = nth_line_with(json, "\"Write_rows_v1\"", 1));
    ck_assert(line_has(l, "{\"after\":{\"id\":1,\"v\":null}}"));
    ck_assert(line_has(l, "\"catalog_table_id\":"));
    ck_assert_ptr_nonnull(l = nth_line_with(json, "\"Write_rows_v1\"", 2));
    ck_assert(line_has(l, "{\"after\":{\"id\":2,\"w\":null}}"));
    /* the dropped u had x (and an unsigned id); the new u has y and another catalog id */
    ck_assert_ptr_nonnull(l = nth_line_with(json, "\"Write_rows_v1\"", 3));
    ck_assert(line_has(l, "{\"after\":{\"id\":5,\"x\":null}}"));
    ck_assert_ptr_nonnull(l = nth_line_with(json, "\"Table_map\"", 3));
    ck_assert(line_has(l, "\"name\":\"x\""));
    ck_assert(line_has(l, "\"type\":\"int unsigned\""));
    ck_assert_ptr_nonnull(l = nth_line_with(json, "\"Write_rows_v1\"", 4));
    ck_assert(line_has(l, "{\"after\":{\"id\":6,\"y\":null}}"));
    ck_assert_uint_ne(catalog_id(l), catalog_id(nth_line_with(json, "\"Write_rows_v1\"", 3)));
    ck_assert_uint_eq(catalog_id(nth_line_with(json, "\"Write_rows_v1\"", 1)),
                      catalog_id(nth_line_with(json, "\"Write_rows_v1\"", 2)));
    ck_assert_ptr_null(nth_line_with(json, "\"@1\"", 1));
    sc_free(sc_fx.ctx, json);
    /* tracking the same file again adds no version; the text listing refuses a history */
    ck_assert_int_eq(track(&b, "binlog.000001", false), SC_OK);
    json = decode_with_history(path);
    ck_assert_ptr_nonnull(nth_line_with(json, "\"w\":null", 1));
    sc_free(sc_fx.ctx, json);
    sc__buf_free(&b.file);
}
END_TEST

START_TEST(test_track_rows_history_refusals)
{
    sc_track_history *h = NULL;
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;
    sc_buf out = SC_BUF_INIT(sc_fx.ctx);
    const char *paths[1] = {"/nonexistent"};

    ck_assert_int_eq(sc_track_history_open(&h, sc_fx.cat, "never"), SC_ENOTFOUND);
    ck_assert_ptr_null(h);
    o.schema = sc_track_history_schema; /* text listing: no names to show */
    ck_assert_int_eq(sc_binlog_decode(sc_fx.ctx, paths, 1, &o, to_buf, &out), SC_EINVAL);
    ck_assert(has(sc_ctx_last_error(sc_fx.ctx)->message, "--format=json"));
    sc__buf_free(&out);
}
END_TEST

Suite *sc_test_track_suite(void);

Suite *sc_test_track_suite(void)
{
    Suite *s = suite_create("track");
    TCase *tc = tcase_create("track");

    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_track_session_state);
    tcase_add_test(tc, test_track_session_defaults_refuse);
    tcase_add_test(tc, test_track_refused_and_skipped);
    tcase_add_test(tc, test_track_resume);
    tcase_add_test(tc, test_track_auto_increment);
    tcase_add_test(tc, test_track_group_without_end);
    tcase_add_test(tc, test_track_as_of_tracked);
    tcase_add_test(tc, test_track_as_of_own_log);
    tcase_add_test(tc, test_track_time_zone);
    tcase_add_test(tc, test_track_client_charset);
    tcase_add_test(tc, test_track_rows_columns_of_their_time);
    tcase_add_test(tc, test_track_rows_history_refusals);
    suite_add_tcase(s, tc);
    return s;
}
