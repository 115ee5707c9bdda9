/*
 * fuzz_ddl.c - libFuzzer target for the DDL engine: lexer, parser, executor
 * and SHOW CREATE renderer, on a throw-away catalog.
 *
 * One catalog (with database `test`) is created per process. Each input is
 * split into statements by the oracle rule (a line ending in ';' ends one)
 * and run through sc_ddl_exec inside one write transaction, which is then
 * rendered with sc_dump_show_create and aborted, so inputs stay independent
 * and the catalog never grows. Invariant under test: no crash, no leak, no
 * undefined behaviour, and every failed statement carries an errno and a
 * message. Seeds: every input.sql of the DDL corpora (seeds-fuzz_ddl.sh).
 *
 * fuzz-sources: catalog/*.c ddl/*.c build/fuzz/gen/catalog/syscat.pb-c.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "syscat.h"
#include "catalog/catalog_int.h"

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
            abort(); /* every SQL failure must say what and where */
    }
    sc_stmt_result_clear(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *sql = (const char *)data;
    sc_session *s = NULL;
    sc_txn *txn = NULL;
    char *dump = NULL;
    size_t start = 0, i;

    if (size > 16384)
        return 0;
    if (sc_session_new(&s, fz.cat, "test") != SC_OK)
        abort();
    if (sc_txn_begin(&txn, fz.cat, 0) != SC_OK)
        abort();
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
                run_stmt(s, txn, sql + start, len);
            start = i + 1;
        }
    }
    if (sc_dump_show_create(&dump, txn) == SC_OK)
        sc_free(fz.ctx, dump);
    sc_txn_abort(txn);
    sc_session_free(s);
    return 0;
}
