/*
 * check_track_asof.c - sc_asof_open's stored checkpoints (track/asof.c,
 * track/checkpoint.c), with a checkpoint every 4 transactions: the answer at
 * every point of a log equals the dump taken live there, before and after
 * the checkpoints are written; the first call writes exactly the due ones;
 * the answer really starts from a checkpoint; checkpoints of another log
 * (a data directory initialised again) are never used, and removed; a data directory
 * where no checkpoint can be written still answers; binlog files on disk that
 * differ from the stored log are not read; a tracked catalog answers every
 * GTID of the corpus's schema-history from checkpoints. The random-stream form
 * at the acceptance size is tests/track-asof.sh.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "syscat.h"
#include "tests/fixtures.h"
#include "track/asof_int.h"
#include "track/checkpoint.h"

#define EVERY 4
#define MAXPTS 40

static sc_log *lg;

/* The live dump after each statement, at the end of the log then (FILE:POS). */
typedef struct history {
    size_t n;
    char point[MAXPTS][128];
    char *dump[MAXPTS];
} history;

static history hist;

static void setup(void)
{
    sc_fixture_catalog_setup();
    ck_assert_int_eq(sc_log_open(&lg, sc_fx.cat), SC_OK);
    sc_asof__ckpt_set_every(EVERY);
    memset(&hist, 0, sizeof(hist));
}

static void teardown(void)
{
    for (size_t i = 0; i < hist.n; i++)
        sc_free(sc_fx.ctx, hist.dump[i]);
    sc_asof__ckpt_set_every(0);
    sc_log_close(lg);
    lg = NULL;
    sc_fixture_catalog_teardown();
}

static void exec_on(sc_catalog *cat, const char *sql)
{
    sc_session *s = NULL;
    sc_stmt_result r;
    int rc;

    ck_assert_int_eq(sc_session_new(&s, cat, NULL), SC_OK);
    memset(&r, 0, sizeof(r));
    rc = sc_ddl_exec(&r, s, NULL, sql, strlen(sql));
    sc_stmt_result_clear(&r);
    sc_session_free(s);
    ck_assert_msg(rc == SC_OK, "%s: %s", sql, sc_ctx_last_error(sc_catalog_ctx(cat))->message);
}

static char *dump_of(sc_catalog *cat)
{
    sc_txn *txn = NULL;
    char *dump = NULL;

    ck_assert_int_eq(sc_txn_begin(&txn, cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_dump_show_create(&dump, txn), SC_OK);
    sc_txn_abort(txn);
    return dump;
}

static int last_file_cb(const sc_log_file *f, void *payload)
{
    snprintf(payload, 128, "%s:%llu", f->name, (unsigned long long)f->size);
    return 0;
}

/* Run sql on cat (logged by log) and remember the live dump at the new end of the log. */
static void step(sc_catalog *cat, sc_log *log, const char *sql)
{
    ck_assert_uint_lt(hist.n, MAXPTS);
    exec_on(cat, sql);
    ck_assert_int_eq(sc_log_files(log, last_file_cb, hist.point[hist.n]), SC_OK);
    hist.dump[hist.n++] = dump_of(cat);
}

/* A log of 25 statements in three files: create, alter, rename, drop. */
static void workload(sc_catalog *cat, sc_log *log, char tag)
{
    char sql[200];

    snprintf(sql, sizeof(sql), "CREATE DATABASE d%c", tag);
    step(cat, log, sql);
    for (int i = 0; i < 8; i++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE d%c.t%c%d (id INT PRIMARY KEY, v VARCHAR(%d))",
                 tag, tag, i, 10 + i);
        step(cat, log, sql);
        snprintf(sql, sizeof(sql),
                 "ALTER TABLE d%c.t%c%d ADD COLUMN w%d INT DEFAULT %d, ADD KEY k (v)", tag, tag, i,
                 i, i);
        step(cat, log, sql);
        if (i == 3 || i == 5) /* the log spans three files */
            ck_assert_int_eq(sc_log_rotate(log), SC_OK);
        if (i % 2)
            snprintf(sql, sizeof(sql), "RENAME TABLE d%c.t%c%d TO d%c.r%c%d", tag, tag, i, tag, tag,
                     i);
        else
            snprintf(sql, sizeof(sql), "DROP TABLE d%c.t%c%d", tag, tag, i);
        step(cat, log, sql);
    }
}

/* sc_asof_open at point i of log, compared with the dump recorded there. */
static void check_point(sc_log *log, size_t i)
{
    sc_catalog *scratch = NULL;
    char *got;

    ck_assert_msg(sc_asof_open(&scratch, log, hist.point[i]) == SC_OK, "%s: %s", hist.point[i],
                  sc_ctx_last_error(sc_fx.ctx)->message);
    got = dump_of(scratch);
    ck_assert_msg(strcmp(got, hist.dump[i]) == 0, "--as-of %s differs from the live dump",
                  hist.point[i]);
    sc_free(sc_fx.ctx, got);
    sc_asof_close(scratch);
}

static size_t count_ckpts(const char *datadir)
{
    char dir[512];
    DIR *d;
    struct dirent *e;
    size_t n = 0;

    snprintf(dir, sizeof(dir), "%s/asof", datadir);
    if (!(d = opendir(dir)))
        return 0;
    while ((e = readdir(d)))
        n += strncmp(e->d_name, "ckpt-", 5) == 0;
    closedir(d);
    return n;
}

/* Transactions in the log: the bootstrap one and one per statement. */
static size_t txns(void)
{
    return 1 + hist.n;
}

START_TEST(test_asof_every_point)
{
    workload(sc_fx.cat, lg, 'a');
    ck_assert_uint_eq(count_ckpts(sc_fx.dir), 0);
    check_point(lg, hist.n - 1); /* replays everything, writes every due checkpoint */
    ck_assert_uint_eq(count_ckpts(sc_fx.dir), txns() / EVERY);
    for (size_t i = 0; i < hist.n; i++)
        check_point(lg, i); /* from the nearest checkpoint */
    ck_assert_uint_eq(count_ckpts(sc_fx.dir), txns() / EVERY);
    /* the log grows: the next call writes the new checkpoints it passes */
    for (int i = 0; i < 5; i++) {
        char sql[100];
        snprintf(sql, sizeof(sql), "CREATE TABLE da.n%d (a INT)", i);
        step(sc_fx.cat, lg, sql);
    }
    check_point(lg, hist.n - 1);
    ck_assert_uint_eq(count_ckpts(sc_fx.dir), txns() / EVERY);
    check_point(lg, hist.n - 3);
}
END_TEST

/* Replace the content of every checkpoint by the first one's. */
static void clobber_ckpts(const char *datadir)
{
    char cmd[1200];

    snprintf(cmd, sizeof(cmd),
             "cd '%s/asof' && first=$(ls ckpt-* | head -n 1) && "
             "for f in ckpt-*; do [ \"$f\" = \"$first\" ] || cp \"$first\" \"$f\"; done",
             datadir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_asof_starts_from_checkpoint)
{
    sc_catalog *scratch = NULL;
    char *got, dir[400];
    size_t last;

    workload(sc_fx.cat, lg, 'a');
    last = hist.n - 1;
    check_point(lg, last);
    /* a checkpoint that holds another state changes the answer: it is what the answer starts from
     */
    clobber_ckpts(sc_fx.dir);
    if (sc_asof_open(&scratch, lg, hist.point[last]) == SC_OK) {
        got = dump_of(scratch);
        ck_assert_msg(strcmp(got, hist.dump[last]) != 0, "the answer did not use the checkpoint");
        sc_free(sc_fx.ctx, got);
        sc_asof_close(scratch);
    }
    /* removed: replayed from the start again, and right */
    snprintf(dir, sizeof(dir), "%s/asof", sc_fx.dir);
    sc_fixture_rmtree(dir);
    check_point(lg, last);
}
END_TEST

START_TEST(test_asof_other_logs_checkpoints_unused)
{
    char dir2[256], cmd[1400];
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat2 = NULL;
    sc_log *lg2 = NULL;

    /* catalog 1 writes its checkpoints */
    workload(sc_fx.cat, lg, 'a');
    check_point(lg, hist.n - 1);
    ck_assert_uint_gt(count_ckpts(sc_fx.dir), 0);
    for (size_t i = 0; i < hist.n; i++)
        sc_free(sc_fx.ctx, hist.dump[i]);
    memset(&hist, 0, sizeof(hist));
    /* catalog 2: a log of the same shape and sizes (other names) gets catalog 1's checkpoints */
    sc_fixture_tmpdir(dir2, sizeof(dir2));
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    ck_assert_int_eq(sc_catalog_open(&cat2, sc_fx.ctx, dir2, &opts), SC_OK);
    ck_assert_int_eq(sc_log_open(&lg2, cat2), SC_OK);
    workload(cat2, lg2, 'b');
    snprintf(cmd, sizeof(cmd),
             "cp -r '%s/asof' '%s/asof' && touch -d '2 hours ago' '%s/asof/.tmp-old' && "
             "touch '%s/asof/.tmp-new'",
             sc_fx.dir, dir2, dir2, dir2);
    ck_assert_int_eq(system(cmd), 0);
    for (size_t i = 0; i < hist.n; i++)
        check_point(lg2, i);
    /* its own were written, the other log's removed (with a writer's leftover of long ago) */
    ck_assert_uint_eq(count_ckpts(dir2), txns() / EVERY);
    snprintf(cmd, sizeof(cmd), "test ! -e '%s/asof/.tmp-old' && test -e '%s/asof/.tmp-new'", dir2,
             dir2);
    ck_assert_int_eq(system(cmd), 0);
    sc_log_close(lg2);
    sc_catalog_close(cat2);
    sc_fixture_rmtree(dir2);
}
END_TEST

START_TEST(test_asof_no_checkpoint_dir)
{
    char path[400];
    FILE *f;

    snprintf(path, sizeof(path), "%s/asof", sc_fx.dir);
    ck_assert_ptr_nonnull(f = fopen(path, "w")); /* a file where the directory would go */
    fclose(f);
    workload(sc_fx.cat, lg, 'a');
    for (size_t i = hist.n; i-- > 0;)
        check_point(lg, i);
    ck_assert_uint_eq(count_ckpts(sc_fx.dir), 0);
}
END_TEST

static size_t file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n;

    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fclose(f);
    return (size_t)n;
}

/* The stored list of transactions: used, then damaged and ignored, then of another length. */
START_TEST(test_asof_index)
{
    char path[400], cmd[600];
    size_t size, n;
    FILE *f;
    uint8_t *bytes;
    sc_asof_txn last;
    sc_catalog *scratch = NULL;
    char gtid[64];

    workload(sc_fx.cat, lg, 'a');
    check_point(lg, hist.n - 1);
    snprintf(path, sizeof(path), "%s/asof/index", sc_fx.dir);
    size = file_size(path);
    n = txns();
    ck_assert_uint_ge(size, SC_ASOF_INDEX_HEAD + n * sizeof(sc_asof_txn));
    /* used: the last transaction's GTID changed in the index is what --as-of finds */
    bytes = (uint8_t *)sc_fixture_read_file(path, NULL);
    memcpy(&last, bytes + SC_ASOF_INDEX_HEAD + (n - 1) * sizeof(sc_asof_txn), sizeof(last));
    last.seq += 1000;
    memcpy(bytes + SC_ASOF_INDEX_HEAD + (n - 1) * sizeof(sc_asof_txn), &last, sizeof(last));
    ck_assert_ptr_nonnull(f = fopen(path, "wb"));
    ck_assert_uint_eq(fwrite(bytes, 1, size, f), size);
    fclose(f);
    free(bytes);
    snprintf(gtid, sizeof(gtid), "0-1-%llu", (unsigned long long)last.seq);
    ck_assert_int_eq(sc_asof_open(&scratch, lg, gtid), SC_OK);
    sc_asof_close(scratch);
    /* damaged (cut short): ignored, the log walked, the index written again */
    snprintf(cmd, sizeof(cmd), "truncate -s 100 '%s'", path);
    ck_assert_int_eq(system(cmd), 0);
    for (size_t i = hist.n; i-- > 0;)
        check_point(lg, i);
    ck_assert_uint_eq(file_size(path), size);
    ck_assert_int_eq(sc_asof_open(&scratch, lg, gtid), SC_ENOTFOUND);
    /* a log grown by fewer transactions than the distance: read past the index, not stored */
    step(sc_fx.cat, lg, "CREATE TABLE da.late (a INT)");
    check_point(lg, hist.n - 1);
    check_point(lg, hist.n - 2);
    ck_assert_uint_eq(file_size(path), size);
}
END_TEST

/* The stored log is what counts: binlog files on disk that differ from it, or are gone, are not
 * read. */
START_TEST(test_asof_disk_files_differ)
{
    char cmd[800];

    workload(sc_fx.cat, lg, 'a');
    snprintf(cmd, sizeof(cmd),
             "cd '%s/binlog' && for f in binlog.0*; do "
             "dd if=/dev/zero of=$f bs=1 seek=2000 count=3000 conv=notrunc status=none; done",
             sc_fx.dir);
    ck_assert_int_eq(system(cmd), 0);
    for (size_t i = hist.n; i-- > 0;)
        check_point(lg, i);
    snprintf(cmd, sizeof(cmd), "rm -f '%s'/binlog/binlog.0*", sc_fx.dir);
    ck_assert_int_eq(system(cmd), 0);
    for (size_t i = hist.n; i-- > 0;)
        check_point(lg, i);
}
END_TEST

/* The contents of a file of the corpus. */
static char *corpus_file(const char *variant, const char *name)
{
    char path[1024];
    char *text;

    snprintf(path, sizeof(path), "%s/binlog/%s/%s", sc_fixture_oracle_dir(), variant, name);
    text = sc_fixture_read_file(path, NULL);
    ck_assert_msg(text != NULL, "cannot read %s", path);
    return text;
}

/* GTIDs of schema-history/, highest sequence number first. */
static int by_seq_desc(const void *a, const void *b)
{
    unsigned long long x = strtoull(strrchr(*(char *const *)a, '-') + 1, NULL, 10);
    unsigned long long y = strtoull(strrchr(*(char *const *)b, '-') + 1, NULL, 10);
    return x < y ? 1 : x > y ? -1 : 0;
}

static size_t history_gtids(char **out, size_t max, const char *variant)
{
    char dir[1024];
    DIR *d;
    struct dirent *e;
    size_t n = 0;

    snprintf(dir, sizeof(dir), "%s/binlog/%s/schema-history", sc_fixture_oracle_dir(), variant);
    ck_assert_ptr_nonnull(d = opendir(dir));
    while ((e = readdir(d)) && n < max) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".sql") == 0)
            out[n++] = strndup(e->d_name, len - 4);
    }
    closedir(d);
    qsort(out, n, sizeof(*out), by_seq_desc);
    return n;
}

/* A tracked catalog (acceptance 2's contract) answers every schema-history GTID from checkpoints.
 */
START_TEST(test_asof_tracked_from_checkpoints)
{
    static const char *const variants[] = {"crc32-full-full", "crc32-nolog-minimal",
                                           "none-minimal-full"};
    const char *variant = variants[_i];
    sc_track_options o = SC_TRACK_OPTIONS_INIT;
    char *index = corpus_file(variant, "binlog.index"), *files[8], *gtids[64], *line, *save = NULL;
    size_t nfiles = 0, ngtids = history_gtids(gtids, 64, variant);

    for (line = strtok_r(index, "\n", &save); line && nfiles < 8;
         line = strtok_r(NULL, "\n", &save)) {
        char path[1024];
        snprintf(path, sizeof(path), "%s/binlog/%s/%s", sc_fixture_oracle_dir(), variant,
                 strrchr(line, '/') ? strrchr(line, '/') + 1 : line);
        files[nfiles++] = strdup(path);
    }
    o.source = "s1";
    ck_assert_int_eq(sc_track_files(NULL, lg, &o, (const char *const *)files, nfiles), SC_OK);
    for (int round = 0; round < 2; round++) /* replayed and writing checkpoints, then from them */
        for (size_t g = 0; g < ngtids; g++) {
            sc_catalog *scratch = NULL;
            char name[100], *want, *got;
            snprintf(name, sizeof(name), "schema-history/%s.sql", gtids[g]);
            want = corpus_file(variant, name);
            ck_assert_msg(sc_asof_open(&scratch, lg, gtids[g]) == SC_OK, "%s %s: %s", variant,
                          gtids[g], sc_ctx_last_error(sc_fx.ctx)->message);
            got = dump_of(scratch);
            ck_assert_msg(strcmp(got, want) == 0, "%s --as-of %s (round %d) differs", variant,
                          gtids[g], round);
            sc_free(sc_fx.ctx, got);
            free(want);
            sc_asof_close(scratch);
        }
    ck_assert_uint_gt(count_ckpts(sc_fx.dir), 0);
    for (size_t i = 0; i < nfiles; i++)
        free(files[i]);
    for (size_t i = 0; i < ngtids; i++)
        free(gtids[i]);
    free(index);
}
END_TEST

Suite *sc_test_track_asof_suite(void);

Suite *sc_test_track_asof_suite(void)
{
    Suite *s = suite_create("track_asof");
    TCase *tc = tcase_create("checkpoints");

    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_asof_every_point);
    tcase_add_test(tc, test_asof_starts_from_checkpoint);
    tcase_add_test(tc, test_asof_other_logs_checkpoints_unused);
    tcase_add_test(tc, test_asof_no_checkpoint_dir);
    tcase_add_test(tc, test_asof_disk_files_differ);
    tcase_add_test(tc, test_asof_index);
    tcase_add_loop_test(tc, test_asof_tracked_from_checkpoints, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}
