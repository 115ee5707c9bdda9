/*
 * check_replicate_stream.c - the replication stream (replicate/stream.c):
 * what COM_BINLOG_DUMP sends for a catalog's binlog directory, without
 * sockets. The stream is turned back into files the way `mariadb-binlog
 * --raw` does (a new file at each artificial ROTATE, artificial events left
 * out) and checked: statement-mode and stable-id streams are the stored files
 * byte for byte; a file-mode stream maps every table in every statement that
 * uses it, is a valid binlog (positions, CRC32), decodes to the same `###`
 * rows with the installed mariadb-binlog; every event boundary and every GTID
 * is a start point that gives the rest of the same stream.
 * Positions: docs/server.md "The binlog stream".
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syscat.h"
#include "replicate/event.h"
#include "tests/fixtures.h"
#include "tests/log_util.h"

#define MARIADB_BINLOG "/usr/bin/mariadb-binlog"
#define MAX_EVS 4096
#define MAX_FILES 8

/** One event as the stream sent it. */
typedef struct sev {
    uint8_t *bytes;
    size_t len;
} sev;

typedef struct stream_run {
    sev evs[MAX_EVS];
    size_t n;
} stream_run;

/** The files a --raw client would write from a stream. */
typedef struct raw_files {
    char name[MAX_FILES][32];
    sc_buf bytes[MAX_FILES];
    size_t n;
} raw_files;

static char bindir[512];

static const char *const workload[] = {
    "CREATE TABLE t1 (id INT PRIMARY KEY, a VARCHAR(20), KEY ka (a))",
    "CREATE TABLE t2 (id INT PRIMARY KEY, t1id INT, FOREIGN KEY (t1id) REFERENCES t1 (id))",
    "ALTER TABLE t1 ADD COLUMN b INT",
    NULL, /* rotate */
    "CREATE TABLE t3 (x INT, y TEXT)",
    "ALTER TABLE t2 ADD COLUMN c INT, ADD KEY kc (c)",
    "RENAME TABLE t3 TO t4",
    "DROP TABLE t4",
    "CREATE DATABASE d2",
    "CREATE TABLE d2.u (id INT PRIMARY KEY, v INT)",
    "DROP DATABASE d2",
};

static sc_log *setup_log(const char *table_map)
{
    sc_log *log = NULL;

    lu_ok(sc_log_open(&log, sc_fx.cat));
    lu_ok(sc_log_set(log, "binlog.table_map", table_map));
    ck_assert_int_eq(lu_exec_db(sc_fx.cat, NULL, "CREATE DATABASE test"), SC_OK);
    for (size_t i = 0; i < sizeof(workload) / sizeof(workload[0]); i++) {
        if (workload[i])
            lu_exec(sc_fx.cat, workload[i]);
        else
            lu_ok(sc_log_rotate(log));
    }
    lu_ok(sc_log_sync(log));
    snprintf(bindir, sizeof(bindir), "%s/binlog", sc_fx.dir);
    return log;
}

static sc_stream_options opts(bool stable)
{
    sc_stream_options o = SC_STREAM_OPTIONS_INIT;
    o.dir = bindir;
    o.stable_ids = stable;
    o.checksum = SC_CHECKSUM_NONE;
    o.flags = SC_DUMP_SEND_ANNOTATE_ROWS;
    o.capability = SC_STREAM_CAP_GTID;
    return o;
}

/* Everything the stream has now. */
static void drain(stream_run *r, sc_stream *s)
{
    for (;;) {
        sc_slice ev;
        lu_ok(sc_stream_next(&ev, s));
        if (ev.len == 0)
            return;
        ck_assert_uint_lt(r->n, MAX_EVS);
        ck_assert_uint_eq(sc_get_u32le(ev.data + 9), ev.len);
        r->evs[r->n].bytes = malloc(ev.len);
        memcpy(r->evs[r->n].bytes, ev.data, ev.len);
        r->evs[r->n].len = ev.len;
        r->n++;
    }
}

static void run_open(stream_run *r, const sc_stream_options *o)
{
    sc_stream *s = NULL;

    r->n = 0;
    lu_ok(sc_stream_open(&s, sc_fx.ctx, o));
    drain(r, s);
    sc_stream_close(s);
}

static void run_free(stream_run *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->evs[i].bytes);
    r->n = 0;
}

static bool artificial(const sev *e)
{
    return (sc_get_u16le(e->bytes + 17) & SC_EVF_ARTIFICIAL) != 0;
}

/* What mariadb-binlog --raw writes: a file per artificial ROTATE, other artificial events dropped.
 */
static void to_files(raw_files *f, const stream_run *r)
{
    f->n = 0;
    for (size_t i = 0; i < r->n; i++) {
        const sev *e = &r->evs[i];
        if (e->bytes[4] == SC_EV_ROTATE && artificial(e)) {
            size_t nl = e->len - SC_EVENT_HEADER_LEN - 8;
            ck_assert_uint_lt(f->n, MAX_FILES);
            if (sc_get_u32le(e->bytes + 9) == e->len && nl > 4 &&
                e->bytes[e->len - 4 - 7] == '.') /* CRC on the fake ROTATE */
                nl -= 4;
            snprintf(f->name[f->n], sizeof(f->name[0]), "%.*s", (int)nl,
                     (const char *)e->bytes + SC_EVENT_HEADER_LEN + 8);
            sc__buf_init(&f->bytes[f->n], sc_fx.ctx);
            lu_ok(sc__buf_put(&f->bytes[f->n], sc_binlog__magic, 4));
            f->n++;
            continue;
        }
        if (artificial(e))
            continue;
        ck_assert_uint_gt(f->n, 0);
        lu_ok(sc__buf_put(&f->bytes[f->n - 1], e->bytes, e->len));
    }
}

static void files_free(raw_files *f)
{
    for (size_t i = 0; i < f->n; i++)
        sc__buf_free(&f->bytes[i]);
}

static void assert_same_as_stored(const raw_files *f, sc_log *log)
{
    ck_assert_uint_eq(f->n, lu_nfiles(log));
    for (size_t i = 0; i < f->n; i++) {
        uint8_t *data = NULL;
        size_t len = 0;
        lu_ok(sc_log_file_bytes(&data, &len, log, f->name[i]));
        ck_assert_msg(len == f->bytes[i].len && memcmp(data, f->bytes[i].data, len) == 0,
                      "%s: stream %zu bytes differs from the stored %zu bytes", f->name[i],
                      f->bytes[i].len, len);
        sc_free(sc_fx.ctx, data);
    }
}

/* ------------------------------------------------------------------ */

START_TEST(test_stream_statement_mode_is_the_file)
{
    sc_log *log = setup_log("statement");
    stream_run *r = calloc(1, sizeof(*r));
    raw_files f;
    sc_stream_options o = opts(false);

    run_open(r, &o);
    to_files(&f, r);
    assert_same_as_stored(&f, log);
    /* the stream opens with ROTATE(4, first file) then the FDE */
    ck_assert_uint_eq(r->evs[0].bytes[4], SC_EV_ROTATE);
    ck_assert_uint_eq(sc_get_u64le(r->evs[0].bytes + SC_EVENT_HEADER_LEN), 4);
    ck_assert_uint_eq(sc_get_u32le(r->evs[0].bytes + 13), 0);
    ck_assert_uint_eq(r->evs[1].bytes[4], SC_EV_FORMAT_DESCRIPTION);
    files_free(&f);
    run_free(r);
    free(r);
    sc_log_close(log);
}
END_TEST

START_TEST(test_stream_stable_ids_get_the_file)
{
    sc_log *log = setup_log("file");
    stream_run *r = calloc(1, sizeof(*r));
    raw_files f;
    sc_stream_options o = opts(true);

    run_open(r, &o);
    to_files(&f, r);
    assert_same_as_stored(&f, log);
    files_free(&f);
    run_free(r);
    free(r);
    sc_log_close(log);
}
END_TEST

/* Every rows event's table is mapped earlier in its statement; the image reads back clean. */
static size_t check_image(const char *name, const sc_buf *bytes, size_t *nmaps_out)
{
    sc_binlog_reader *rd = NULL;
    const sc_binlog_event *ev;
    uint64_t mapped[256];
    size_t nm = 0, nrows = 0, nmaps = 0;

    lu_ok(sc_binlog_reader_open_mem(&rd, sc_fx.ctx, name, (sc_slice){bytes->data, bytes->len}));
    for (;;) {
        lu_ok(sc_binlog_reader_next(&ev, rd));
        if (!ev)
            break;
        if (ev->header.type == SC_EV_TABLE_MAP) {
            ck_assert_uint_lt(nm, 256);
            mapped[nm++] = sc_get_u48le(ev->body.data);
            nmaps++;
        } else if (sc_event__is_rows(ev->header.type)) {
            uint64_t id = sc_get_u48le(ev->body.data);
            bool found = false;
            for (size_t i = 0; i < nm; i++)
                found |= mapped[i] == id;
            ck_assert_msg(found,
                          "%s: rows event at %llu for table %llu without a map in its "
                          "statement",
                          name, (unsigned long long)ev->offset, (unsigned long long)id);
            nrows++;
            if (sc_get_u16le(ev->body.data + 6) & SC_ROWS_STMT_END)
                nm = 0;
        } else if (ev->header.type == SC_EV_XID || ev->header.type == SC_EV_GTID) {
            nm = 0;
        }
    }
    sc_binlog_reader_close(rd);
    *nmaps_out = nmaps;
    return nrows;
}

static size_t count_maps(const char *name, const sc_buf *bytes)
{
    sc_binlog_reader *rd = NULL;
    const sc_binlog_event *ev;
    size_t n = 0;

    lu_ok(sc_binlog_reader_open_mem(&rd, sc_fx.ctx, name, (sc_slice){bytes->data, bytes->len}));
    for (;;) {
        lu_ok(sc_binlog_reader_next(&ev, rd));
        if (!ev)
            break;
        n += ev->header.type == SC_EV_TABLE_MAP;
    }
    sc_binlog_reader_close(rd);
    return n;
}

static void write_file(const char *path, const sc_buf *b)
{
    FILE *fp = fopen(path, "wb");
    ck_assert_ptr_nonnull(fp);
    ck_assert_uint_eq(fwrite(b->data, 1, b->len, fp), b->len);
    fclose(fp);
}

/* The ### lines of mariadb-binlog -vv on one file. */
static char *hash_lines(const char *path)
{
    char cmd[1200], line[65536];
    sc_buf out = SC_BUF_INIT(sc_fx.ctx);
    FILE *p;

    snprintf(cmd, sizeof(cmd), MARIADB_BINLOG " -vv --base64-output=decode-rows '%s' 2>&1", path);
    p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    while (fgets(line, sizeof(line), p))
        if (strncmp(line, "###", 3) == 0 || strstr(line, "ERROR"))
            lu_ok(sc__buf_puts(&out, line));
    ck_assert_int_eq(pclose(p), 0);
    sc_buf_u8(&out, 0);
    return (char *)out.data;
}

START_TEST(test_stream_file_mode_maps_every_statement)
{
    sc_log *log = setup_log("file");
    stream_run *r = calloc(1, sizeof(*r));
    raw_files f;
    sc_stream_options o = opts(false);
    size_t total_maps = 0;

    run_open(r, &o);
    to_files(&f, r);
    ck_assert_uint_eq(f.n, lu_nfiles(log));
    for (size_t i = 0; i < f.n; i++) {
        uint8_t *data = NULL;
        size_t len = 0, nmaps = 0, smaps = 0;
        sc_buf stored = SC_BUF_INIT(sc_fx.ctx);
        char p1[600], p2[600];
        char *h1, *h2;

        lu_ok(sc_log_file_bytes(&data, &len, log, f.name[i]));
        lu_ok(sc__buf_put(&stored, data, len));
        ck_assert_uint_gt(f.bytes[i].len, len); /* maps were added */
        ck_assert_uint_gt(check_image(f.name[i], &f.bytes[i], &nmaps), 0);
        smaps = count_maps(f.name[i], &stored);
        ck_assert_uint_gt(nmaps, smaps);
        total_maps += nmaps;
        if (access(MARIADB_BINLOG, X_OK) == 0) {
            snprintf(p1, sizeof(p1), "%s/image.%zu", sc_fx.dir, i);
            snprintf(p2, sizeof(p2), "%s/binlog/%s", sc_fx.dir, f.name[i]);
            write_file(p1, &f.bytes[i]);
            h1 = hash_lines(p1);
            h2 = hash_lines(p2);
            ck_assert_uint_gt(strlen(h2), 0);
            ck_assert_msg(strcmp(h1, h2) == 0, "%s: ### lines differ", f.name[i]);
            free(h1);
            free(h2);
        }
        sc__buf_free(&stored);
        sc_free(sc_fx.ctx, data);
    }
    ck_assert_uint_gt(total_maps, 0);
    files_free(&f);
    run_free(r);
    free(r);
    sc_log_close(log);
}
END_TEST

/* Image position of each non-artificial event after the FDE, with its file index. */
typedef struct bound {
    size_t file;
    uint64_t pos;
    size_t ev; /* index in the full run */
} bound;

START_TEST(test_stream_resume_at_every_event)
{
    sc_log *log = setup_log("file");
    stream_run *full = calloc(1, sizeof(*full)), *part = calloc(1, sizeof(*part));
    raw_files f;
    sc_stream_options o = opts(false);
    size_t file = 0, checked = 0;

    run_open(full, &o);
    to_files(&f, full);
    for (size_t i = 0; i < full->n; i++) {
        const sev *e = &full->evs[i];
        uint64_t pos;
        if (e->bytes[4] == SC_EV_ROTATE && artificial(e)) {
            file = 0;
            while (file < f.n && memcmp(f.name[file], e->bytes + SC_EVENT_HEADER_LEN + 8,
                                        strlen(f.name[file])) != 0)
                file++;
            continue;
        }
        if (artificial(e) || e->bytes[4] == SC_EV_FORMAT_DESCRIPTION)
            continue;
        pos = sc_get_u32le(e->bytes + 13) - e->len;
        o = opts(false);
        o.file = f.name[file];
        o.pos = pos;
        run_open(part, &o);
        /* fake ROTATE naming (file, pos), the FDE with log_pos 0, then the same events */
        ck_assert_uint_ge(part->n, 3);
        ck_assert_uint_eq(sc_get_u64le(part->evs[0].bytes + SC_EVENT_HEADER_LEN), pos);
        ck_assert_uint_eq(part->evs[1].bytes[4], SC_EV_FORMAT_DESCRIPTION);
        ck_assert_uint_eq(sc_get_u32le(part->evs[1].bytes + 13), 0);
        ck_assert_uint_eq(part->n - 2, full->n - i);
        for (size_t k = 0; k < part->n - 2 && k < 4; k++)
            ck_assert_msg(part->evs[2 + k].len == full->evs[i + k].len &&
                              memcmp(part->evs[2 + k].bytes, full->evs[i + k].bytes,
                                     full->evs[i + k].len) == 0,
                          "start at %s:%llu: event %zu differs", f.name[file],
                          (unsigned long long)pos, k);
        run_free(part);
        checked++;
    }
    ck_assert_uint_gt(checked, 20);
    files_free(&f);
    run_free(full);
    free(full);
    free(part);
    sc_log_close(log);
}
END_TEST

static uint64_t gtid_seq(const sev *e)
{
    return sc_get_u64le(e->bytes + SC_EVENT_HEADER_LEN);
}

START_TEST(test_stream_gtid_start)
{
    sc_log *log = setup_log("file");
    stream_run *full = calloc(1, sizeof(*full)), *part = calloc(1, sizeof(*part));
    sc_stream_options o = opts(false);
    uint64_t last = 0;

    run_open(full, &o);
    for (size_t i = 0; i < full->n; i++)
        if (full->evs[i].bytes[4] == SC_EV_GTID)
            last = gtid_seq(&full->evs[i]);
    ck_assert_uint_gt(last, 5);
    for (uint64_t k = 0; k <= last; k++) {
        char state[64];
        size_t first_gtid = SIZE_MAX, want = SIZE_MAX;
        snprintf(state, sizeof(state), k ? "0-1-%llu" : "", (unsigned long long)k);
        o = opts(false);
        o.gtid_state = state;
        run_open(part, &o);
        for (size_t i = 0; i < part->n && first_gtid == SIZE_MAX; i++)
            if (part->evs[i].bytes[4] == SC_EV_GTID)
                first_gtid = i;
        for (size_t i = 0; i < full->n && want == SIZE_MAX; i++)
            if (full->evs[i].bytes[4] == SC_EV_GTID && gtid_seq(&full->evs[i]) == k + 1)
                want = i;
        if (k == last) {
            ck_assert_uint_eq(first_gtid, SIZE_MAX);
        } else {
            const sev *g = &part->evs[first_gtid];
            ck_assert_uint_ne(first_gtid, SIZE_MAX);
            ck_assert_uint_eq(gtid_seq(g), k + 1);
            /* same bytes (same image position) as in the full stream, and the rest too */
            ck_assert_uint_eq(part->n - first_gtid, full->n - want);
            ck_assert_int_eq(memcmp(g->bytes, full->evs[want].bytes, g->len), 0);
            if (k > 0 && part->evs[first_gtid - 1].bytes[4] != SC_EV_BINLOG_CHECKPOINT) {
                /* groups were skipped in this file: a GTID_LIST moved the position first */
                const sev *gl = &part->evs[first_gtid - 1];
                ck_assert_uint_eq(gl->bytes[4], SC_EV_GTID_LIST);
                ck_assert(artificial(gl));
                ck_assert_uint_eq(sc_get_u32le(gl->bytes + 13),
                                  sc_get_u32le(g->bytes + 13) - g->len);
            }
        }
        run_free(part);
    }
    run_free(full);
    free(full);
    free(part);
    sc_log_close(log);
}
END_TEST

static void expect_error(const sc_stream_options *o, unsigned err, const char *needle)
{
    sc_stream *s = NULL;
    sc_slice ev;
    int rc = sc_stream_open(&s, sc_fx.ctx, o);
    const sc_error *e;

    while (rc == SC_OK) {
        rc = sc_stream_next(&ev, s);
        if (rc == SC_OK && ev.len == 0)
            break;
    }
    sc_stream_close(s);
    e = sc_ctx_last_error(sc_fx.ctx);
    ck_assert_msg(rc == SC_ESQL && e->mysql_errno == err && strstr(e->message, needle),
                  "rc %d errno %u: %s (wanted %u ... %s)", rc, e->mysql_errno, e->message, err,
                  needle);
}

START_TEST(test_stream_bad_starts)
{
    sc_log *log = setup_log("file");
    sc_stream_options o = opts(false);

    o.file = "binlog.000009";
    expect_error(&o, 1236, "Could not find first log file");
    o.file = "nonsense";
    expect_error(&o, 1236, "Could not find first log file");
    o.file = "binlog.000001";
    o.pos = 1u << 30;
    expect_error(&o, 1236, "impossible position");
    { /* nothing is sent before the error (no ROTATE + FDE of a start that cannot be) */
        sc_stream *s = NULL;
        sc_slice ev = {NULL, 0};
        lu_ok(sc_stream_open(&s, sc_fx.ctx, &o));
        ck_assert_int_eq(sc_stream_next(&ev, s), SC_ESQL);
        ck_assert_uint_eq(ev.len, 0);
        sc_stream_close(s);
    }
    o.pos = 5;
    expect_error(&o, 1236, "not the start of an event");
    o = opts(false);
    o.gtid_state = "0-1-999";
    expect_error(&o, 1236, "which is not in the master's binlog");
    o.gtid_state = "0-1";
    expect_error(&o, 1105, "malformed slave request");
    o = opts(false);
    o.checksum = -1; /* a client that never said @master_binlog_checksum */
    expect_error(&o, 1236, "can not handle replication events with the checksum");
    sc_log_close(log);
}
END_TEST

START_TEST(test_stream_follows_commits)
{
    sc_log *log = setup_log("file");
    stream_run *r = calloc(1, sizeof(*r));
    sc_stream_options o = opts(false);
    sc_stream *s = NULL;
    sc_slice ev, hb;
    const char *name;
    uint64_t pos;
    size_t before;

    o.checksum = SC_CHECKSUM_CRC32;
    lu_ok(sc_stream_open(&s, sc_fx.ctx, &o));
    drain(r, s);
    before = r->n;
    lu_ok(sc_stream_next(&ev, s));
    ck_assert_uint_eq(ev.len, 0);
    /* heartbeat: the current file and the image end, CRC32 as negotiated */
    sc_stream_position(&name, &pos, s);
    lu_ok(sc_stream_heartbeat(&hb, s));
    ck_assert_uint_eq(hb.data[4], 27);
    ck_assert_uint_eq(sc_get_u32le(hb.data + 13), pos);
    ck_assert_uint_eq(hb.len, SC_EVENT_HEADER_LEN + strlen(name) + 4);
    ck_assert_int_eq(memcmp(hb.data + SC_EVENT_HEADER_LEN, name, strlen(name)), 0);
    lu_exec(sc_fx.cat, "CREATE TABLE later (i INT)");
    drain(r, s);
    ck_assert_uint_gt(r->n, before);
    ck_assert_uint_eq(r->evs[before].bytes[4], SC_EV_GTID);
    ck_assert_uint_eq(r->evs[r->n - 1].bytes[4], SC_EV_XID);
    ck_assert_uint_eq(sc_get_u32le(r->evs[before].bytes + 13) - r->evs[before].len, pos);
    /* a rotation is followed into the next file */
    lu_ok(sc_log_rotate(log));
    lu_exec(sc_fx.cat, "CREATE TABLE later2 (i INT)");
    before = r->n;
    drain(r, s);
    ck_assert_uint_eq(r->evs[before].bytes[4], SC_EV_ROTATE);
    ck_assert(!artificial(&r->evs[before]));
    ck_assert(artificial(&r->evs[before + 1]));
    ck_assert_uint_eq(r->evs[before + 2].bytes[4], SC_EV_FORMAT_DESCRIPTION);
    ck_assert_uint_eq(r->evs[r->n - 1].bytes[4], SC_EV_XID);
    sc_stream_close(s);
    run_free(r);
    free(r);
    sc_log_close(log);
}
END_TEST

START_TEST(test_stream_file_size)
{
    sc_log *log = setup_log("file");
    stream_run *r = calloc(1, sizeof(*r));
    raw_files f;
    sc_stream_options o = opts(false);
    uint64_t size;

    run_open(r, &o);
    to_files(&f, r);
    for (size_t i = 0; i < f.n; i++) {
        lu_ok(sc_stream_file_size(&size, sc_fx.ctx, bindir, f.name[i], false));
        ck_assert_uint_eq(size, f.bytes[i].len);
        lu_ok(sc_stream_file_size(&size, sc_fx.ctx, bindir, f.name[i], true));
        ck_assert_uint_lt(size, f.bytes[i].len);
    }
    files_free(&f);
    run_free(r);
    free(r);
    sc_log_close(log);
}
END_TEST

START_TEST(test_stream_gtid_pos)
{
    sc_log *log = setup_log("file");
    stream_run *r = calloc(1, sizeof(*r));
    sc_stream_options o = opts(false);
    char *pos = NULL, want[64];
    uint64_t last = 0;

    run_open(r, &o);
    for (size_t i = 0; i < r->n; i++)
        if (r->evs[i].bytes[4] == SC_EV_GTID)
            last = gtid_seq(&r->evs[i]);
    lu_ok(sc_stream_gtid_pos(&pos, sc_fx.ctx, bindir));
    snprintf(want, sizeof(want), "0-1-%llu", (unsigned long long)last);
    ck_assert_str_eq(pos, want);
    sc_free(sc_fx.ctx, pos);
    run_free(r);
    free(r);
    sc_log_close(log);
}
END_TEST

Suite *sc_test_replicate_stream_suite(void);

Suite *sc_test_replicate_stream_suite(void)
{
    Suite *s = suite_create("replicate_stream");
    TCase *tc = tcase_create("stream");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_stream_statement_mode_is_the_file);
    tcase_add_test(tc, test_stream_stable_ids_get_the_file);
    tcase_add_test(tc, test_stream_file_mode_maps_every_statement);
    tcase_add_test(tc, test_stream_resume_at_every_event);
    tcase_add_test(tc, test_stream_gtid_start);
    tcase_add_test(tc, test_stream_bad_starts);
    tcase_add_test(tc, test_stream_follows_commits);
    tcase_add_test(tc, test_stream_file_size);
    tcase_add_test(tc, test_stream_gtid_pos);
    suite_add_tcase(s, tc);
    return s;
}
