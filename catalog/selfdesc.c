/*
 * selfdesc.c - the catalog describes itself: bootstrap of a new catalog
 * writes the id counters, schema `syscat` (id 1) and, for every registry
 * entry, a syscat.tables row (id = registry id) with syscat.columns rows
 * derived from the protobuf-c descriptor and a PRIMARY index on the key
 * fields. So sc_table_lookup(txn, "syscat", "tables") works like any table
 * (PostgreSQL's pg_class describes pg_class). Upgrade of a catalog made by
 * an older syscat writes the same rows for the system tables it lacks.
 *
 * Type mapping (documented at the top of catalog/syscat.proto):
 *   uint64 -> BIGINT(20) UNSIGNED NOT NULL    uint32 -> INT(10) UNSIGNED NOT NULL
 *   int32/enum -> INT(11) NOT NULL            bool -> TINYINT(1) NOT NULL
 *   string -> VARCHAR(255) utf8mb4_bin NOT NULL
 *   bytes -> MEDIUMTEXT utf8mb4_bin NOT NULL
 */
#include <string.h>

#include "catalog/catalog_priv.h"

#define SYS_CHARSET "utf8mb4"
#define SYS_COLLATION "utf8mb4_bin"

static void column_from_field(sc_column_def *c, const ProtobufCFieldDescriptor *f)
{
    memset(c, 0, sizeof(*c));
    c->name = f->name;
    c->flags = SC_COL_NOT_NULL;
    switch (f->type) {
    case PROTOBUF_C_TYPE_UINT64:
        c->type = SC_TYPE_BIGINT;
        c->flags |= SC_COL_UNSIGNED;
        c->length = 20;
        break;
    case PROTOBUF_C_TYPE_UINT32:
        c->type = SC_TYPE_INT;
        c->flags |= SC_COL_UNSIGNED;
        c->length = 10;
        break;
    case PROTOBUF_C_TYPE_BOOL:
        c->type = SC_TYPE_TINYINT;
        c->length = 1;
        break;
    case PROTOBUF_C_TYPE_STRING:
        c->type = SC_TYPE_VARCHAR;
        c->length = 255;
        c->charset = SYS_CHARSET;
        c->collation = SYS_COLLATION;
        break;
    case PROTOBUF_C_TYPE_BYTES:
        c->type = SC_TYPE_MEDIUMTEXT;
        c->charset = SYS_CHARSET;
        c->collation = SYS_COLLATION;
        break;
    default: /* int32, enum, and anything signed */
        c->type = SC_TYPE_INT;
        c->length = 11;
        break;
    }
}

/* Build the definition of one system table in the work arena. */
static int systable_def(
    sc_table_def *def, sc_index_def *pk, sc_arena *a, const sc_systable *st, const sc_keyspec *ks)
{
    const ProtobufCMessageDescriptor *d = st->desc;
    sc_column_def *cols = sc__arena_alloc(a, d->n_fields * sizeof(*cols));
    sc_index_part *parts = sc__arena_alloc(a, ks->n * sizeof(*parts));
    unsigned i;

    if (!cols || !parts)
        return SC_ENOMEM;
    for (i = 0; i < d->n_fields; i++)
        column_from_field(&cols[i], &d->fields[i]);
    for (i = 0; i < ks->n; i++) {
        memset(&parts[i], 0, sizeof(parts[i]));
        parts[i].column = ks->fields[i]->name;
    }
    memset(pk, 0, sizeof(*pk));
    pk->name = "PRIMARY";
    pk->kind = SC_INDEX_PRIMARY;
    pk->parts = parts;
    pk->n_parts = ks->n;
    memset(def, 0, sizeof(*def));
    def->name = st->name;
    def->engine = "LMDB";
    def->charset = SYS_CHARSET;
    def->collation = SYS_COLLATION;
    def->columns = cols;
    def->n_columns = d->n_fields;
    def->indexes = pk;
    def->n_indexes = 1;
    return SC_OK;
}

static int put_sequence(sc_txn *txn, const char *name, uint64_t next)
{
    Syscat__Catalog__SequenceRow row = SYSCAT__CATALOG__SEQUENCE_ROW__INIT;

    row.name = (char *)(uintptr_t)name;
    row.next_value = next;
    return sc__row_write(txn, SC_SYS_SEQUENCES, &row.base, SC_W_INSERT, false);
}

/* Write the self-description of system table i (its tables/columns/indexes rows). */
static int put_systable(sc_txn *txn, unsigned i)
{
    sc_table_def def;
    sc_index_def pk;
    int rc;

    sc__arena_reset(&txn->work);
    rc = systable_def(&def, &pk, &txn->work, sc_catalog__systable(i), &txn->cat->keys[i]);
    if (!rc)
        rc = sc__table_insert(txn, i, SC_SYSCAT_SCHEMA_ID, SC_SYSCAT_SCHEMA, &def);
    sc__arena_reset(&txn->work);
    return rc;
}

int sc__bootstrap(sc_txn *txn)
{
    Syscat__Catalog__SchemaRow schema = SYSCAT__CATALOG__SCHEMA_ROW__INIT;
    unsigned i;
    int rc;

    rc = put_sequence(txn, "schema_id", SC_FIRST_USER_ID);
    if (!rc)
        rc = put_sequence(txn, "table_id", SC_FIRST_USER_ID);
    if (rc)
        return rc;
    schema.id = SC_SYSCAT_SCHEMA_ID;
    schema.name = (char *)SC_SYSCAT_SCHEMA;
    schema.charset = (char *)SYS_CHARSET;
    schema.collation = (char *)SYS_COLLATION;
    rc = sc__row_write(txn, SC_SYS_SCHEMATA, &schema.base, SC_W_INSERT, false);
    for (i = 1; !rc && i <= SC_SYS_COUNT; i++)
        rc = put_systable(txn, i);
    return rc;
}

/* Whether syscat.tables holds the row of system table i. */
static int systable_described(bool *out, sc_txn *txn, unsigned i)
{
    Syscat__Catalog__TableRow row = SYSCAT__CATALOG__TABLE_ROW__INIT;
    ProtobufCMessage *msg = NULL;
    sc_buf key = SC_BUF_INIT(txn->cat->ctx);
    int rc;

    row.id = i;
    rc = sc__key_encode(&key, &txn->cat->keys[SC_SYS_TABLES], &row.base);
    if (!rc)
        rc = sc__row_get(&msg, txn, &txn->scratch, SC_SYS_TABLES, key.data, key.len);
    sc__row_release(msg, &txn->scratch);
    sc__buf_free(&key);
    *out = rc == SC_OK;
    return rc == SC_ENOTFOUND ? SC_OK : rc;
}

int sc__upgrade(unsigned *added, sc_txn *txn)
{
    bool have;
    unsigned i;
    int rc = SC_OK;

    *added = 0;
    for (i = 1; !rc && i <= SC_SYS_COUNT; i++) {
        rc = systable_described(&have, txn, i);
        if (!rc && !have) {
            rc = put_systable(txn, i);
            *added += rc == SC_OK;
        }
    }
    return rc;
}
