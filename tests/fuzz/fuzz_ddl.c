/*
 * fuzz_ddl.c - libFuzzer target for the DDL engine: lexer, parser, executor
 * and SHOW CREATE renderer, on a throw-away catalog.
 *
 * One catalog (with database `test`) is created per process. Each input is
 * split into statements by the oracle rule (a line ending in ';' ends one)
 * and run through sc_ddl_exec inside one write transaction, which is then
 * rendered with sc_dump_show_create and aborted, so inputs stay independent
 * and the catalog never grows. About one input in eight (by a hash of its
 * bytes, so a crash reproduces) instead runs in a fresh catalog with the
 * binlog attached (sc_log_open), each statement committed on its own as the
 * CLI does; then the log must verify (sc_log_verify) and the catalog pass
 * fsck. Invariant under test: no crash, no leak, no undefined behaviour,
 * every failed statement carries an errno and a message, and what commits
 * logs cleanly. Inputs up to 1 MiB (deep nesting, long lists). Seeds: every
 * input.sql of the DDL corpora plus generated deep and wide statements
 * (seeds-fuzz_ddl.sh).
 *
 * fuzz-sources: catalog/*.c ddl/*.c replicate/*.c build/fuzz/gen/catalog/syscat.pb-c.c
 */
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "syscat.h"
#include "catalog/catalog_int.h"

/* Say which invariant broke (and the catalog's last error) before aborting,
 * so that a crash in a CI log is readable without the artifact. */
#define FUZZ_FAIL(what)                                                                            \
    do {                                                                                           \
        const sc_error *e_ = sc_ctx_last_error(fz.ctx);                                            \
        fprintf(stderr, "fuzz_ddl: %s (last error %d: %s)\n", (what), e_->code, e_->message);      \
        abort();                                                                                   \
    } while (0)

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fuzz_state {
    sc_ctx *ctx;
    sc_catalog *cat;
    char dir[64];
} fuzz_state;

static fuzz_state fz; /* libFuzzer gives no payload pointer: one per process */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_session *s = NULL;
    sc_stmt_result r;

    (void)argc;
    (void)argv;
    snprintf(fz.dir, sizeof(fz.dir), "/tmp/syscat-fuzz-ddl-XXXXXX");
    if (!mkdtemp(fz.dir) || sc_ctx_new(&fz.ctx, NULL) != SC_OK)
        abort();
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    opts.map_size = 256u << 20;
    if (sc_catalog_open(&fz.cat, fz.ctx, fz.dir, &opts) != SC_OK)
        abort();
    if (sc_session_new(&s, fz.cat, NULL) != SC_OK)
        abort();
    memset(&r, 0, sizeof(r));
    if (sc_ddl_exec(&r, s, NULL, "CREATE DATABASE test", 20) != SC_OK)
        abort();
    sc_stmt_result_clear(&r);
    sc_session_free(s);
    return 0;
}

/* Run one statement and check the result's invariants. */
static void run_stmt(sc_session *s, sc_txn *txn, const char *sql, size_t len)
{
    sc_stmt_result r;

    memset(&r, 0, sizeof(r));
    if (sc_ddl_exec(&r, s, txn, sql, len) != SC_OK) {
        if (r.mysql_errno == 0 || r.message == NULL)
            FUZZ_FAIL("a failed statement without errno or message"); /* must say what and where */
    }
    sc_stmt_result_clear(&r);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* One in eight inputs, chosen by content (FNV-1a) so that a finding reproduces. */
static bool logged_input(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;

    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return (h & 7) == 0;
}

/* Call fn(payload, statement, len) for each statement of sql (oracle rule). */
static void
each_stmt(const char *sql, size_t size, void (*fn)(void *, const char *, size_t), void *payload)
{
    size_t start = 0, i;

    for (i = 0; i <= size; i++) {
        if (i < size && sql[i] != '\n')
            continue;
        size_t end = i;
        while (end > start && (sql[end - 1] == ' ' || sql[end - 1] == '\t' || sql[end - 1] == '\r'))
            end--;
        if ((end > start && sql[end - 1] == ';') || i == size) {
            size_t len = end - start;
            if (len && sql[start + len - 1] == ';')
                len--;
            if (len)
                fn(payload, sql + start, len);
            start = i + 1;
        }
    }
}

typedef struct stmt_ctx {
    sc_session *s;
    sc_txn *txn; /* NULL: each statement commits on its own */
} stmt_ctx;

static void run_one(void *payload, const char *sql, size_t len)
{
    stmt_ctx *c = payload;
    run_stmt(c->s, c->txn, sql, len);
}

static void print_problem(const char *problem, void *payload)
{
    (void)payload;
    fprintf(stderr, "fuzz_ddl: fsck: %s\n", problem);
}

/* A fresh catalog with the log attached; every statement commits and is logged. */
static void run_logged(const char *sql, size_t size)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    stmt_ctx c = {NULL, NULL};
    char dir[64];

    snprintf(dir, sizeof(dir), "/tmp/syscat-fuzz-log-XXXXXX");
    if (!mkdtemp(dir))
        abort();
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    opts.map_size = 256u << 20;
    if (sc_catalog_open(&cat, fz.ctx, dir, &opts) != SC_OK || sc_log_open(&log, cat) != SC_OK ||
        sc_session_new(&c.s, cat, NULL) != SC_OK)
        abort();
    run_stmt(c.s, NULL, "CREATE DATABASE test", 20);
    run_stmt(c.s, NULL, "USE test", 8);
    each_stmt(sql, size, run_one, &c);
    sc_session_free(c.s);
    if (sc_log_verify(log, NULL, NULL, NULL) != SC_OK)
        FUZZ_FAIL("the log does not verify after the input's commits");
    if (sc_fsck(cat, print_problem, NULL, NULL) != SC_OK)
        FUZZ_FAIL("fsck rejects the catalog after the input's commits");
    sc_log_close(log);
    sc_catalog_close(cat);
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *sql = (const char *)data;
    stmt_ctx c = {NULL, NULL};
    char *dump = NULL;

    if (size > (1u << 20))
        return 0;
    if (logged_input(data, size)) {
        run_logged(sql, size);
        return 0;
    }
    if (sc_session_new(&c.s, fz.cat, "test") != SC_OK)
        abort();
    if (sc_txn_begin(&c.txn, fz.cat, 0) != SC_OK)
        abort();
    each_stmt(sql, size, run_one, &c);
    if (sc_dump_show_create(&dump, c.txn) == SC_OK)
        sc_free(fz.ctx, dump);
    sc_txn_abort(c.txn);
    sc_session_free(c.s);
    return 0;
}
