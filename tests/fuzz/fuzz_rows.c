/*
 * fuzz_rows.c - libFuzzer target for the catalog's protobuf row decoder and
 * the raw row path that replicas and tools feed bytes through
 * (catalog/rows.c sc__row_unpack, sc_catalog__row_put/_delete, and the table
 * loader of catalog/table_read.c on whatever was written).
 *
 * Input: one byte choosing the system table (byte % count + 1, the ids of
 * catalog/systables.def), then the packed row. Each input is decoded alone,
 * then written with sc_catalog__row_put into a transaction on a small
 * catalog (a schema, a parent and a child table with index, foreign key and
 * check), the table it names is loaded, the row deleted again, and the
 * transaction aborted, so the catalog stays the same for every input.
 * Invariant under test: no crash, no leak, no undefined behaviour, and every
 * failure leaves a message on the ctx. Seeds: tests/fuzz/seeds-fuzz_rows.sh
 * (rows of a catalog built by the CLI from oracle corpus cases). Run:
 * tests/fuzz/run.sh fuzz_rows.
 *
 * fuzz-sources: catalog/*.c build/fuzz/gen/catalog/syscat.pb-c.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"
#include "catalog/catalog_priv.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fuzz_state {
    sc_ctx *ctx;
    sc_catalog *cat;
    char dir[64];
} fuzz_state;

static fuzz_state fz; /* libFuzzer gives no payload pointer: one per process */

/* The tables every input meets: a parent p and a child c with an index, a
 * foreign key and a check (through the C API: this target needs catalog/ only). */
static void create_tables(sc_txn *txn)
{
    static sc_column_def pc[2] = {
        {.name = "id", .type = SC_TYPE_INT, .length = 11, .flags = SC_COL_NOT_NULL},
        {.name = "name", .type = SC_TYPE_VARCHAR, .length = 20, .charset = "latin1"}};
    static sc_column_def cc[3] = {
        {.name = "id", .type = SC_TYPE_INT, .length = 11, .flags = SC_COL_NOT_NULL},
        {.name = "p", .type = SC_TYPE_INT, .length = 11},
        {.name = "s", .type = SC_TYPE_TEXT, .charset = "utf8mb4"}};
    static sc_index_part pk[1] = {{.column = "id"}},
                         kp[2] = {{.column = "s", .prefix_len = 10}, {.column = "p"}};
    static sc_index_def pix[1] = {
        {.name = "PRIMARY", .kind = SC_INDEX_PRIMARY, .parts = pk, .n_parts = 1}};
    static sc_index_def cix[2] = {
        {.name = "PRIMARY", .kind = SC_INDEX_PRIMARY, .parts = pk, .n_parts = 1},
        {.name = "k", .kind = SC_INDEX_KEY, .parts = kp, .n_parts = 2}};
    static const char *fkc[1] = {"p"}, *fkp[1] = {"id"};
    static sc_fk_def fk = {.name = "fk",
                           .columns = fkc,
                           .parent_columns = fkp,
                           .n_columns = 1,
                           .parent_schema = "test",
                           .parent_table = "p",
                           .on_delete = SC_FK_CASCADE};
    static sc_check_def ck = {.name = "chk", .expr = "`id` > 0"};
    sc_schema_def sd = {"test", "utf8mb4", "utf8mb4_general_ci", NULL};
    sc_table_def p = {.name = "p",
                      .engine = "InnoDB",
                      .charset = "utf8mb4",
                      .collation = "utf8mb4_general_ci",
                      .columns = pc,
                      .n_columns = 2,
                      .indexes = pix,
                      .n_indexes = 1};
    sc_table_def c = p;
    uint64_t schema, id;

    c.name = "c";
    c.columns = cc;
    c.n_columns = 3;
    c.indexes = cix;
    c.n_indexes = 2;
    c.foreign_keys = &fk;
    c.n_foreign_keys = 1;
    c.checks = &ck;
    c.n_checks = 1;
    if (sc_schema_create(&schema, txn, &sd) != SC_OK ||
        sc_table_create(&id, txn, schema, &p) != SC_OK ||
        sc_table_create(&id, txn, schema, &c) != SC_OK)
        abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_txn *txn = NULL;

    (void)argc;
    (void)argv;
    snprintf(fz.dir, sizeof(fz.dir), "/tmp/syscat-fuzz-rows-XXXXXX");
    if (!mkdtemp(fz.dir) || sc_ctx_new(&fz.ctx, NULL) != SC_OK)
        abort();
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    opts.map_size = 64u << 20;
    if (sc_catalog_open(&fz.cat, fz.ctx, fz.dir, &opts) != SC_OK ||
        sc_txn_begin(&txn, fz.cat, 0) != SC_OK)
        abort();
    create_tables(txn);
    if (sc_txn_commit(txn) != SC_OK)
        abort();
    return 0;
}

/* A failure must say what went wrong. */
static void check_rc(int rc)
{
    if (rc != SC_OK && sc_ctx_last_error(fz.ctx)->message[0] == '\0')
        abort();
}

/* The table a decoded row belongs to (0 when the row is not part of one). */
static uint64_t row_table(unsigned st, const ProtobufCMessage *m)
{
    const ProtobufCMessageDescriptor *d = m->descriptor;
    const ProtobufCFieldDescriptor *f =
        protobuf_c_message_descriptor_get_field_by_name(d, st == SC_SYS_TABLES ? "id" : "table_id");

    if (!f || f->type != PROTOBUF_C_TYPE_UINT64 || f->label == PROTOBUF_C_LABEL_REPEATED)
        return 0;
    return *(const uint64_t *)(const void *)((const char *)m + f->offset);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sc_slice row;
    ProtobufCMessage *m = NULL;
    sc_arena a;
    sc_txn *txn = NULL;
    sc_table *t = NULL;
    uint64_t table_id = 0;
    unsigned st;
    int rc;

    if (size < 1 || size > 65536)
        return 0;
    st = 1 + data[0] % SC_SYS_COUNT;
    row = (sc_slice){data + 1, size - 1};
    sc_ctx_clear_error(fz.ctx);

    /* 1. The decoder alone. */
    sc__arena_init(&a, fz.ctx, 1024);
    rc = sc__row_unpack(&m, &a, st, row.data, row.len);
    check_rc(rc);
    if (rc == SC_OK)
        table_id = row_table(st, m);
    sc__row_release(m, &a);
    sc__arena_free(&a);

    /* 2. The raw write path, then loading what it wrote; always undone. */
    if (sc_txn_begin(&txn, fz.cat, 0) != SC_OK)
        abort();
    rc = sc_catalog__row_put(txn, st, row);
    check_rc(rc);
    if (rc == SC_OK && table_id) {
        rc = sc_table_get(&t, txn, table_id);
        check_rc(rc);
        sc_table_free(t);
    }
    if (rc == SC_OK)
        check_rc(sc_catalog__row_delete(txn, st, row));
    sc_txn_abort(txn);
    return 0;
}
