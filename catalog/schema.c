/*
 * schema.c - schemas (databases): create, alter, drop (with every table in
 * it), lookup by name and id, iteration in name order.
 *
 * A schema is one syscat.schemata row plus its sys.schemata_by_name entry
 * (kept by rows.c). Names compare case-sensitively (lower_case_table_names=0).
 */
#include <string.h>

#include "catalog/catalog_priv.h"
#include "catalog/errmsg.h"

ProtobufCBinaryData sc__pbbytes(const char *s)
{
    ProtobufCBinaryData bd = {0, NULL};

    if (s && *s) {
        bd.len = strlen(s);
        bd.data = (uint8_t *)(uintptr_t)s;
    }
    return bd;
}

const char *sc__bytes_cstr(sc_arena *a, ProtobufCBinaryData bd, bool empty_null)
{
    if (bd.len == 0)
        return empty_null ? NULL : "";
    return sc__arena_strndup(a, (const char *)bd.data, bd.len);
}

const char *sc__str_or_null(const char *s)
{
    return s && *s ? s : NULL;
}

void sc__id_key(uint8_t out[8], uint64_t id)
{
    sc__put_u64be(out, id);
}

static int schema_from_row(sc_schema **out, sc_ctx *ctx, uint64_t id, sc_txn *txn)
{
    sc_schema *s = sc__calloc(ctx, 1, sizeof(*s));
    Syscat__Catalog__SchemaRow *row = NULL;
    uint8_t key[8];
    int rc;

    *out = NULL;
    if (!s)
        return SC_ENOMEM;
    s->ctx = ctx;
    s->id = id;
    sc__arena_init(&s->arena, ctx, 512);
    sc__id_key(key, id);
    rc = sc__row_get((ProtobufCMessage **)&row, txn, &s->arena, SC_SYS_SCHEMATA, key, 8);
    if (rc == SC_ENOTFOUND)
        rc = sc_error_set(ctx, SC_ENOTFOUND, 0, NULL, "Unknown database (id %llu)",
                          (unsigned long long)id);
    if (rc)
        goto out;
    s->def.name = row->name;
    s->def.charset = sc__str_or_null(row->charset);
    s->def.collation = sc__str_or_null(row->collation);
    s->def.comment = sc__bytes_cstr(&s->arena, row->comment, true);
    if (row->comment.len && !s->def.comment)
        rc = SC_ENOMEM;
out:
    if (rc) {
        sc_schema_free(s);
        return rc;
    }
    *out = s;
    return SC_OK;
}

void sc_schema_free(sc_schema *schema)
{
    if (!schema)
        return;
    sc__arena_free(&schema->arena);
    sc_free(schema->ctx, schema);
}

uint64_t sc_schema_id(const sc_schema *schema)
{
    return schema->id;
}

const sc_schema_def *sc_schema_definition(const sc_schema *schema)
{
    return &schema->def;
}

/* Resolve a schema name through sys.schemata_by_name; SC_ENOTFOUND quietly. */
static int schema_id_by_name(uint64_t *out, sc_txn *txn, const char *name)
{
    int rc;

    sc__buf_reset(&txn->key);
    rc = sc__key_put_str(&txn->key, (const uint8_t *)name, strlen(name));
    if (rc)
        return rc;
    return sc__name_index_get(out, txn, SC_DB_SCHEMA_NAME, "sys.schemata_by_name", name);
}

int sc__schema_id_by_name(uint64_t *out, sc_txn *txn, const char *name)
{
    int rc = schema_id_by_name(out, txn, name);

    if (rc == SC_ENOTFOUND)
        return sc_error_set_er(txn->cat->ctx, SC_ENOTFOUND, SC_ER_BAD_DB_ERROR, name);
    return rc;
}

int sc__schema_name(char **out, sc_txn *txn, sc_arena *a, uint64_t schema_id)
{
    Syscat__Catalog__SchemaRow *row = NULL;
    uint8_t key[8];
    int rc;

    sc__id_key(key, schema_id);
    rc = sc__row_get((ProtobufCMessage **)&row, txn, a, SC_SYS_SCHEMATA, key, 8);
    if (rc == SC_ENOTFOUND)
        return sc_error_set(txn->cat->ctx, SC_ENOTFOUND, 0, NULL, "Unknown database (id %llu)",
                            (unsigned long long)schema_id);
    if (rc)
        return rc;
    *out = row->name; /* lives in the arena with row */
    return SC_OK;
}

static void fill_schema_row(Syscat__Catalog__SchemaRow *row, const sc_schema_def *def)
{
    row->charset = SC_PBSTR(def->charset);
    row->collation = SC_PBSTR(def->collation);
    row->comment = sc__pbbytes(def->comment);
}

int sc_schema_create(uint64_t *id_out, sc_txn *txn, const sc_schema_def *def)
{
    Syscat__Catalog__SchemaRow row = SYSCAT__CATALOG__SCHEMA_ROW__INIT;
    sc_ctx *ctx = txn->cat->ctx;
    uint64_t id, mark = txn->writes;
    int rc;

    if (id_out)
        *id_out = 0;
    if ((rc = sc__txn_writable(txn)))
        return rc;
    if (!def->name || !*def->name)
        return sc_error_set_er(ctx, SC_EINVAL, SC_ER_WRONG_DB_NAME, def->name ? def->name : "");
    if (strlen(def->name) > 256) /* 64 characters of up to 4 bytes */
        return sc_error_set_er(ctx, SC_EINVAL, SC_ER_TOO_LONG_IDENT, def->name);
    rc = schema_id_by_name(&id, txn, def->name);
    if (rc == SC_OK)
        return sc_error_set_er(ctx, SC_EEXISTS, SC_ER_DB_CREATE_EXISTS, def->name);
    if (rc != SC_ENOTFOUND)
        return rc;
    rc = sc__sequence_next(&id, txn, "schema_id");
    if (rc)
        return sc__txn_settle(txn, mark, rc);
    row.id = id;
    row.name = SC_PBSTR(def->name);
    fill_schema_row(&row, def);
    rc = sc__row_write(txn, SC_SYS_SCHEMATA, &row.base, SC_W_INSERT, false);
    if (!rc && id_out)
        *id_out = id;
    return sc__txn_settle(txn, mark, rc);
}

int sc_schema_alter(sc_txn *txn, uint64_t schema_id, const sc_schema_def *def)
{
    Syscat__Catalog__SchemaRow *row = NULL;
    sc_arena a;
    uint8_t key[8];
    uint64_t mark = txn->writes;
    int rc;

    if ((rc = sc__txn_writable(txn)))
        return rc;
    if (schema_id == SC_SYSCAT_SCHEMA_ID)
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL,
                            "the system schema '" SC_SYSCAT_SCHEMA "' cannot be changed");
    sc__arena_init(&a, txn->cat->ctx, 512);
    sc__id_key(key, schema_id);
    rc = sc__row_get((ProtobufCMessage **)&row, txn, &a, SC_SYS_SCHEMATA, key, 8);
    if (rc == SC_ENOTFOUND)
        rc = sc_error_set(txn->cat->ctx, SC_ENOTFOUND, 0, NULL, "Unknown database (id %llu)",
                          (unsigned long long)schema_id);
    if (!rc) {
        fill_schema_row(row, def); /* unknown fields of row are kept */
        rc = sc__row_write(txn, SC_SYS_SCHEMATA, &row->base, SC_W_PUT, false);
    }
    sc__row_release(&row->base, &a);
    sc__arena_free(&a);
    return sc__txn_settle(txn, mark, rc);
}

/* Collect the ids of every table of a schema (from sys.tables_by_name). */
int sc__schema_table_ids(uint64_t **out, size_t *n_out, sc_txn *txn, uint64_t schema_id)
{
    sc_ctx *ctx = txn->cat->ctx;
    MDB_cursor *c = NULL;
    MDB_val k, v;
    uint8_t prefix[8];
    uint64_t *ids = NULL, *p;
    size_t n = 0, cap = 0;
    int rc;

    *out = NULL;
    *n_out = 0;
    sc__id_key(prefix, schema_id);
    rc = mdb_cursor_open(txn->mdb, txn->cat->dbi[SC_DB_TABLE_NAME], &c);
    if (rc)
        return sc__mdb_fail(txn, rc, "opening a cursor");
    k.mv_size = 8;
    k.mv_data = prefix;
    for (rc = sc_catalog__cursor_get(c, &k, &v, MDB_SET_RANGE); rc == 0;
         rc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        if (k.mv_size < 8 || memcmp(k.mv_data, prefix, 8) != 0 || v.mv_size != 8)
            break;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            p = sc__realloc(ctx, ids, cap * sizeof(*ids));
            if (!p) {
                rc = SC_ENOMEM;
                goto out;
            }
            ids = p;
        }
        ids[n++] = sc__get_u64be(v.mv_data);
    }
    rc = rc == MDB_NOTFOUND || rc == 0 ? SC_OK : sc__mdb_fail(txn, rc, "walking a schema");
out:
    mdb_cursor_close(c);
    if (rc) {
        sc_free(ctx, ids);
        return rc;
    }
    *out = ids;
    *n_out = n;
    return SC_OK;
}

int sc_schema_drop(sc_txn *txn, uint64_t schema_id)
{
    Syscat__Catalog__SchemaRow row = SYSCAT__CATALOG__SCHEMA_ROW__INIT;
    sc_ctx *ctx = txn->cat->ctx;
    uint64_t *ids = NULL, mark = txn->writes;
    size_t n = 0, i;
    sc_schema *s = NULL;
    int rc;

    if ((rc = sc__txn_writable(txn)))
        return rc;
    if (schema_id == SC_SYSCAT_SCHEMA_ID)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                            "the system schema '" SC_SYSCAT_SCHEMA "' cannot be dropped");
    rc = schema_from_row(&s, ctx, schema_id, txn);
    if (rc)
        return rc;
    rc = sc__schema_table_ids(&ids, &n, txn, schema_id);
    for (i = 0; !rc && i < n; i++)
        rc = sc__table_drop_rows(txn, ids[i], true);
    if (!rc) {
        row.id = schema_id;
        rc = sc__row_write(txn, SC_SYS_SCHEMATA, &row.base, SC_W_DELETE, false);
    }
    sc_free(ctx, ids);
    sc_schema_free(s);
    return sc__txn_settle(txn, mark, rc);
}

int sc_schema_lookup(sc_schema **out, sc_txn *txn, const char *name)
{
    uint64_t id;
    int rc;

    *out = NULL;
    rc = sc__schema_id_by_name(&id, txn, name);
    if (rc)
        return rc;
    return schema_from_row(out, txn->cat->ctx, id, txn);
}

int sc_schema_get(sc_schema **out, sc_txn *txn, uint64_t schema_id)
{
    *out = NULL;
    return schema_from_row(out, txn->cat->ctx, schema_id, txn);
}

int sc_schema_foreach(sc_txn *txn, int (*cb)(const sc_schema *schema, void *payload), void *payload)
{
    MDB_cursor *c = NULL;
    MDB_val k, v;
    sc_schema *s = NULL;
    int rc = SC_OK, mrc;

    if ((mrc = mdb_cursor_open(txn->mdb, txn->cat->dbi[SC_DB_SCHEMA_NAME], &c)))
        return sc__mdb_fail(txn, mrc, "opening a cursor");
    for (mrc = sc_catalog__cursor_get(c, &k, &v, MDB_FIRST); mrc == 0 && rc == SC_OK;
         mrc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        if (v.mv_size != 8) {
            rc = sc_error_set(txn->cat->ctx, SC_ECORRUPT, 0, NULL,
                              "sys.schemata_by_name: bad entry");
            break;
        }
        rc = schema_from_row(&s, txn->cat->ctx, sc__get_u64be(v.mv_data), txn);
        if (rc)
            break;
        rc = cb(s, payload); /* may be any non-zero value: returned as is */
        sc_schema_free(s);
    }
    if (!rc && mrc && mrc != MDB_NOTFOUND)
        rc = sc__mdb_fail(txn, mrc, "walking sys.schemata_by_name");
    mdb_cursor_close(c);
    return rc;
}
