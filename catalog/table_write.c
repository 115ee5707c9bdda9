/*
 * table_write.c - turning sc_table_def into system-table rows: create,
 * alter (diff, write only what changed), rename, drop, and the MariaDB
 * checks on a definition.
 *
 * Row order (docs/catalog-schema.md, "Change order"): parents before
 * children when writing (tables, columns, indexes, index_columns,
 * foreign_keys, foreign_key_columns, check_constraints); children before
 * parents when deleting (index_columns, indexes, foreign_key_columns,
 * foreign_keys, check_constraints, columns, tables). Replaying a change list
 * in order therefore never leaves a row pointing at a missing parent.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_priv.h"
#include "catalog/charset.h"
#include "catalog/errmsg.h"

#define NAME_CHARS_MAX 64

/* ------------------------------------------------------------------ */
/* Validation (MariaDB errors)                                          */

/* 1166/1280/1102/1103 "Incorrect <what> name ''" for an empty name. */
static int empty_name(sc_ctx *ctx, unsigned err)
{
    switch (err) {
    case 1166:
        return sc_error_set_er(ctx, SC_EINVAL, SC_ER_WRONG_COLUMN_NAME, "");
    case 1280:
        return sc_error_set_er(ctx, SC_EINVAL, SC_ER_WRONG_NAME_FOR_INDEX, "");
    case 1102:
        return sc_error_set_er(ctx, SC_EINVAL, SC_ER_WRONG_DB_NAME, "");
    default:
        return sc_error_set_er(ctx, SC_EINVAL, SC_ER_WRONG_TABLE_NAME, "");
    }
}

static int check_ident(sc_ctx *ctx, const char *name, unsigned err)
{
    if (!name || !*name)
        return empty_name(ctx, err);
    if (sc_charset__utf8_chars(name) > NAME_CHARS_MAX)
        return sc_error_set_er(ctx, SC_EINVAL, SC_ER_TOO_LONG_IDENT, name);
    return SC_OK;
}

static const sc_column_def *find_column(const sc_table_def *def, const char *name)
{
    size_t i;

    for (i = 0; i < def->n_columns; i++)
        if (strcasecmp(def->columns[i].name, name) == 0)
            return &def->columns[i];
    return NULL;
}

static int check_columns(sc_ctx *ctx, const sc_table_def *def)
{
    size_t i, j;
    int rc;

    if (def->n_columns == 0)
        return sc_error_set_er(ctx, SC_EINVAL, SC_ER_TABLE_MUST_HAVE_COLUMNS);
    for (i = 0; i < def->n_columns; i++) {
        if ((rc = check_ident(ctx, def->columns[i].name, 1166)))
            return rc;
        for (j = 0; j < i; j++)
            if (strcasecmp(def->columns[i].name, def->columns[j].name) == 0)
                return sc_error_set_er(ctx, SC_EINVAL, SC_ER_DUP_FIELDNAME, def->columns[i].name);
    }
    return SC_OK;
}

/* 1072 unless column names a column of def (index parts, FK columns). */
static int check_key_column(sc_ctx *ctx, const sc_table_def *def, const char *column)
{
    if (column && find_column(def, column))
        return SC_OK;
    return sc_error_set_er(ctx, SC_EINVAL, SC_ER_KEY_COLUMN_DOES_NOT_EXIST, column ? column : "");
}

static int check_indexes(sc_ctx *ctx, const sc_table_def *def)
{
    const sc_index_def *ix;
    size_t i, j;
    int rc;

    for (i = 0; i < def->n_indexes; i++) {
        ix = &def->indexes[i];
        if ((rc = check_ident(ctx, ix->name, 1280)))
            return rc;
        for (j = 0; j < i; j++)
            if (strcasecmp(ix->name, def->indexes[j].name) == 0)
                return sc_error_set_er(ctx, SC_EINVAL, SC_ER_DUP_KEYNAME, ix->name);
        for (j = 0; j < ix->n_parts; j++)
            if ((rc = check_key_column(ctx, def, ix->parts[j].column)))
                return rc;
    }
    return SC_OK;
}

static int check_fks(sc_ctx *ctx, const sc_table_def *def)
{
    const sc_fk_def *fk;
    size_t i, j;
    int rc;

    for (i = 0; i < def->n_foreign_keys; i++) {
        fk = &def->foreign_keys[i];
        if ((rc = check_ident(ctx, fk->parent_table, 1103)))
            return rc;
        if (fk->parent_schema && (rc = check_ident(ctx, fk->parent_schema, 1102)))
            return rc;
        for (j = 0; j < fk->n_columns; j++)
            if ((rc = check_key_column(ctx, def, fk->columns[j])))
                return rc;
    }
    return SC_OK;
}

static int validate_def(sc_ctx *ctx, const sc_table_def *def)
{
    int rc = check_ident(ctx, def->name, 1103);

    if (!rc)
        rc = check_columns(ctx, def);
    if (!rc)
        rc = check_indexes(ctx, def);
    if (!rc)
        rc = check_fks(ctx, def);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Row generation from a definition                                     */

/* What the fill functions need; part maps flatten index/FK columns. */
typedef struct gen {
    uint64_t table_id;
    const char *schema_name; /* default parent schema of FKs */
    const sc_table_def *def;
    sc_arena *a;
    size_t n_iparts, n_fkcols;
    uint32_t *ipart_index, *ipart_part; /* flat index part -> (index, part) */
    uint32_t *fkcol_fk, *fkcol_col;     /* flat FK column -> (fk, column) */
} gen;

/* ENUM/SET values as an SQL list: 'a','b''c' */
static int encode_elements(ProtobufCBinaryData *out, sc_arena *a, const sc_column_def *c)
{
    size_t i, len = 0;
    const char *s;
    char *o;

    out->len = 0;
    out->data = NULL;
    if (!c->n_elements)
        return SC_OK;
    for (i = 0; i < c->n_elements; i++)
        len += 3 + 2 * strlen(c->elements[i] ? c->elements[i] : "");
    o = sc__arena_alloc(a, len);
    if (!o)
        return SC_ENOMEM;
    out->data = (uint8_t *)o;
    for (i = 0; i < c->n_elements; i++) {
        if (i)
            *o++ = ',';
        *o++ = '\'';
        for (s = c->elements[i] ? c->elements[i] : ""; *s; s++) {
            if (*s == '\'')
                *o++ = '\'';
            *o++ = *s;
        }
        *o++ = '\'';
    }
    out->len = (size_t)(o - (char *)out->data);
    return SC_OK;
}

static int fill_column(ProtobufCMessage *m, size_t i, const gen *g)
{
    Syscat__Catalog__ColumnRow *r = (void *)m;
    const sc_column_def *c = &g->def->columns[i];

    r->table_id = g->table_id;
    r->ordinal = (uint32_t)i;
    r->name = SC_PBSTR(c->name);
    r->type = (uint32_t)c->type;
    r->flags = c->flags;
    r->length = c->length;
    r->scale = c->scale;
    r->charset = SC_PBSTR(c->charset);
    r->collation = SC_PBSTR(c->collation);
    r->default_kind = (uint32_t)c->default_kind;
    r->default_value = sc__pbbytes(c->default_value);
    r->on_update = sc__pbbytes(c->on_update);
    r->generated = (uint32_t)c->generated;
    r->generation_expr = sc__pbbytes(c->generation_expr);
    r->check_expr = sc__pbbytes(c->check_expr);
    r->comment = sc__pbbytes(c->comment);
    r->srid = c->srid;
    return encode_elements(&r->elements, g->a, c);
}

static int fill_index(ProtobufCMessage *m, size_t i, const gen *g)
{
    Syscat__Catalog__IndexRow *r = (void *)m;
    const sc_index_def *ix = &g->def->indexes[i];

    r->table_id = g->table_id;
    r->ordinal = (uint32_t)i;
    r->name = SC_PBSTR(ix->name);
    r->kind = (uint32_t)ix->kind;
    r->algorithm = (uint32_t)ix->algorithm;
    r->flags = ix->flags;
    r->comment = sc__pbbytes(ix->comment);
    r->key_block_size = ix->key_block_size;
    r->parser = SC_PBSTR(ix->parser);
    r->part_count = (uint32_t)ix->n_parts;
    return SC_OK;
}

static int fill_index_column(ProtobufCMessage *m, size_t i, const gen *g)
{
    Syscat__Catalog__IndexColumnRow *r = (void *)m;
    const sc_index_part *p = &g->def->indexes[g->ipart_index[i]].parts[g->ipart_part[i]];

    r->table_id = g->table_id;
    r->index_ordinal = g->ipart_index[i];
    r->ordinal = g->ipart_part[i];
    r->column_name = SC_PBSTR(p->column);
    r->prefix_length = p->prefix_len;
    r->descending = p->descending;
    return SC_OK;
}

static int fill_fk(ProtobufCMessage *m, size_t i, const gen *g)
{
    Syscat__Catalog__ForeignKeyRow *r = (void *)m;
    const sc_fk_def *fk = &g->def->foreign_keys[i];

    r->table_id = g->table_id;
    r->ordinal = (uint32_t)i;
    r->name = SC_PBSTR(fk->name);
    r->parent_schema = SC_PBSTR(fk->parent_schema ? fk->parent_schema : g->schema_name);
    r->parent_table = SC_PBSTR(fk->parent_table);
    r->on_delete = (uint32_t)fk->on_delete;
    r->on_update = (uint32_t)fk->on_update;
    r->column_count = (uint32_t)fk->n_columns;
    return SC_OK;
}

static int fill_fk_column(ProtobufCMessage *m, size_t i, const gen *g)
{
    Syscat__Catalog__ForeignKeyColumnRow *r = (void *)m;
    const sc_fk_def *fk = &g->def->foreign_keys[g->fkcol_fk[i]];
    size_t c = g->fkcol_col[i];

    r->table_id = g->table_id;
    r->fk_ordinal = g->fkcol_fk[i];
    r->ordinal = (uint32_t)c;
    r->column_name = SC_PBSTR(fk->columns[c]);
    r->parent_column = SC_PBSTR(fk->parent_columns ? fk->parent_columns[c] : NULL);
    return SC_OK;
}

static int fill_check(ProtobufCMessage *m, size_t i, const gen *g)
{
    Syscat__Catalog__CheckConstraintRow *r = (void *)m;
    const sc_check_def *ck = &g->def->checks[i];

    r->table_id = g->table_id;
    r->ordinal = (uint32_t)i;
    r->name = SC_PBSTR(ck->name);
    r->expr = sc__pbbytes(ck->expr);
    return SC_OK;
}

static int fill_partition(ProtobufCMessage *m, size_t i, const gen *g)
{
    Syscat__Catalog__PartitionRow *r = (void *)m;
    const sc_partition_def *pd = &g->def->partitioning->parts[i];

    r->table_id = g->table_id;
    r->ordinal = (uint32_t)i;
    r->id = pd->id;
    r->name = SC_PBSTR(pd->name);
    r->sub = pd->sub;
    r->part_values = sc__pbbytes(pd->values);
    r->options = sc__pbbytes(pd->options);
    r->engine = SC_PBSTR(pd->engine);
    return SC_OK;
}

/* Signed 64-bit sequence values are kept as decimal text (the row codec has no int64). */
static char *i64_text(sc_arena *a, int64_t v)
{
    char buf[24];
    int n = snprintf(buf, sizeof(buf), "%lld", (long long)v);

    return sc__arena_strndup(a, buf, (size_t)n);
}

static int fill_sequence(ProtobufCMessage *m, size_t i, const gen *g)
{
    Syscat__Catalog__SequenceOptionRow *r = (void *)m;
    const sc_sequence_def *sq = g->def->sequence;

    (void)i;
    r->table_id = g->table_id;
    r->start_value = i64_text(g->a, sq->start);
    r->min_value = i64_text(g->a, sq->min);
    r->max_value = i64_text(g->a, sq->max);
    r->increment = i64_text(g->a, sq->increment);
    r->cache = sq->cache;
    r->cycle = sq->cycle;
    if (!r->start_value || !r->min_value || !r->max_value || !r->increment)
        return SC_ENOMEM;
    return SC_OK;
}

static size_t count_partitions(const gen *g)
{
    return g->def->partitioning ? g->def->partitioning->n_parts : 0;
}
static size_t count_sequence(const gen *g)
{
    return g->def->sequence ? 1 : 0;
}
static size_t count_columns(const gen *g)
{
    return g->def->n_columns;
}
static size_t count_indexes(const gen *g)
{
    return g->def->n_indexes;
}
static size_t count_iparts(const gen *g)
{
    return g->n_iparts;
}
static size_t count_fks(const gen *g)
{
    return g->def->n_foreign_keys;
}
static size_t count_fkcols(const gen *g)
{
    return g->n_fkcols;
}
static size_t count_checks(const gen *g)
{
    return g->def->n_checks;
}

/* The child tables of a table, in write order (parents first). */
typedef struct child_kind {
    unsigned st;
    size_t (*count)(const gen *g);
    int (*fill)(ProtobufCMessage *m, size_t i, const gen *g);
} child_kind;

static const child_kind child_kinds[] = {
    {SC_SYS_COLUMNS, count_columns, fill_column},
    {SC_SYS_INDEXES, count_indexes, fill_index},
    {SC_SYS_INDEX_COLUMNS, count_iparts, fill_index_column},
    {SC_SYS_FOREIGN_KEYS, count_fks, fill_fk},
    {SC_SYS_FOREIGN_KEY_COLUMNS, count_fkcols, fill_fk_column},
    {SC_SYS_CHECK_CONSTRAINTS, count_checks, fill_check},
    {SC_SYS_PARTITIONS, count_partitions, fill_partition},
    {SC_SYS_SEQUENCE_OPTIONS, count_sequence, fill_sequence},
};
#define N_CHILD_KINDS (sizeof(child_kinds) / sizeof(child_kinds[0]))

/* Delete order: children of children first (docs/catalog-schema.md). */
static const unsigned delete_order[] = {
    SC_SYS_INDEX_COLUMNS,     SC_SYS_INDEXES,    SC_SYS_FOREIGN_KEY_COLUMNS, SC_SYS_FOREIGN_KEYS,
    SC_SYS_CHECK_CONSTRAINTS, SC_SYS_PARTITIONS, SC_SYS_SEQUENCE_OPTIONS,    SC_SYS_COLUMNS,
    SC_SYS_TRIGGERS,          SC_SYS_VIEWS,
};
#define N_DELETE_ORDER (sizeof(delete_order) / sizeof(delete_order[0]))

static int
gen_init(gen *g, sc_arena *a, uint64_t table_id, const char *schema_name, const sc_table_def *def)
{
    size_t i, j, n;

    memset(g, 0, sizeof(*g));
    g->table_id = table_id;
    g->schema_name = schema_name;
    g->def = def;
    g->a = a;
    for (i = 0; i < def->n_indexes; i++)
        g->n_iparts += def->indexes[i].n_parts;
    for (i = 0; i < def->n_foreign_keys; i++)
        g->n_fkcols += def->foreign_keys[i].n_columns;
    g->ipart_index = sc__arena_alloc(a, (g->n_iparts + g->n_fkcols) * 2 * sizeof(uint32_t) + 4);
    if (!g->ipart_index)
        return SC_ENOMEM;
    g->ipart_part = g->ipart_index + g->n_iparts;
    g->fkcol_fk = g->ipart_part + g->n_iparts;
    g->fkcol_col = g->fkcol_fk + g->n_fkcols;
    for (i = 0, n = 0; i < def->n_indexes; i++)
        for (j = 0; j < def->indexes[i].n_parts; j++, n++) {
            g->ipart_index[n] = (uint32_t)i;
            g->ipart_part[n] = (uint32_t)j;
        }
    for (i = 0, n = 0; i < def->n_foreign_keys; i++)
        for (j = 0; j < def->foreign_keys[i].n_columns; j++, n++) {
            g->fkcol_fk[n] = (uint32_t)i;
            g->fkcol_col[n] = (uint32_t)j;
        }
    return SC_OK;
}

static void fill_table_row(Syscat__Catalog__TableRow *r, const sc_table_def *def)
{
    r->name = SC_PBSTR(def->name);
    r->engine = SC_PBSTR(def->engine);
    r->charset = SC_PBSTR(def->charset);
    r->collation = SC_PBSTR(def->collation);
    r->comment = sc__pbbytes(def->comment);
    r->auto_increment = def->auto_increment;
    r->options = sc__pbbytes(def->options);
    r->column_count = (uint32_t)def->n_columns;
    r->index_count = (uint32_t)def->n_indexes;
    r->foreign_key_count = (uint32_t)def->n_foreign_keys;
    r->check_count = (uint32_t)def->n_checks;
    r->flags = def->flags;
    r->period_name = SC_PBSTR(def->period_name);
    r->period_start = SC_PBSTR(def->period_start);
    r->period_end = SC_PBSTR(def->period_end);
    r->sys_start = SC_PBSTR(def->sys_start);
    r->sys_end = SC_PBSTR(def->sys_end);
    if (def->partitioning) {
        const sc_partitioning_def *pt = def->partitioning;
        r->part_type = (uint32_t)pt->type;
        r->part_flags = pt->flags;
        r->part_expr = sc__pbbytes(pt->expr);
        r->subpart_type = (uint32_t)pt->sub_type;
        r->subpart_expr = sc__pbbytes(pt->sub_expr);
        r->part_system_time = sc__pbbytes(pt->system_time);
        r->partition_count = (uint32_t)pt->n_parts;
    } else {
        r->part_type = r->part_flags = r->subpart_type = r->partition_count = 0;
        r->part_expr = r->subpart_expr = r->part_system_time = sc__pbbytes(NULL);
    }
}

/*
 * Partition ids are stable: a partition the definition carries keeps its id;
 * a new one (id 0) gets the next value of the "partition_id" counter, which
 * is created the first time a catalog needs it. def is replaced by a copy in
 * the arena when ids were assigned.
 */
static int partition_id_next(uint64_t *out, sc_txn *txn)
{
    Syscat__Catalog__SequenceRow row = SYSCAT__CATALOG__SEQUENCE_ROW__INIT;
    ProtobufCMessage *m = NULL;
    uint8_t key[64];
    size_t klen;
    int rc;

    sc__buf_reset(&txn->key);
    if ((rc = sc__key_put_str(&txn->key, (const uint8_t *)"partition_id", 12)))
        return rc;
    klen = txn->key.len;
    memcpy(key, txn->key.data, klen);
    rc = sc__row_get(&m, txn, &txn->scratch, SC_SYS_SEQUENCES, key, klen);
    if (rc == SC_ENOTFOUND) {
        row.name = (char *)(uintptr_t) "partition_id";
        row.next_value = SC_FIRST_USER_ID; /* same range as the other counters */
        rc = sc__row_write(txn, SC_SYS_SEQUENCES, &row.base, SC_W_INSERT, false);
    } else if (m) {
        sc__row_release(m, &txn->scratch);
    }
    return rc ? rc : sc__sequence_next(out, txn, "partition_id");
}

static int assign_partition_ids(sc_txn *txn, const sc_table_def **def, sc_table_def *copy)
{
    const sc_partitioning_def *pt = (*def)->partitioning;
    sc_partitioning_def *npt;
    sc_partition_def *parts;
    size_t i;
    int rc;

    if (!pt)
        return SC_OK;
    for (i = 0; i < pt->n_parts && pt->parts[i].id; i++)
        ;
    if (i == pt->n_parts)
        return SC_OK;
    npt = sc__arena_alloc(&txn->work, sizeof(*npt));
    parts = sc__arena_alloc(&txn->work, pt->n_parts * sizeof(*parts));
    if (!npt || !parts)
        return SC_ENOMEM;
    *npt = *pt;
    memcpy(parts, pt->parts, pt->n_parts * sizeof(*parts));
    for (i = 0; i < pt->n_parts; i++)
        if (!parts[i].id && (rc = partition_id_next(&parts[i].id, txn)))
            return rc;
    npt->parts = parts;
    *copy = **def;
    copy->partitioning = npt;
    *def = copy;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Create                                                               */

static ProtobufCMessage *new_msg(sc_arena *a, unsigned st)
{
    const ProtobufCMessageDescriptor *d = sc_catalog__systable(st)->desc;
    ProtobufCMessage *m = sc__arena_alloc(a, d->sizeof_message);

    if (m)
        protobuf_c_message_init(d, m);
    return m;
}

static int insert_children(sc_txn *txn, const gen *g)
{
    ProtobufCMessage *m;
    size_t k, i, n;
    int rc;

    for (k = 0; k < N_CHILD_KINDS; k++) {
        n = child_kinds[k].count(g);
        for (i = 0; i < n; i++) {
            m = new_msg(g->a, child_kinds[k].st);
            if (!m)
                return SC_ENOMEM;
            rc = child_kinds[k].fill(m, i, g);
            if (!rc)
                rc = sc__row_write(txn, child_kinds[k].st, m, SC_W_INSERT, false);
            if (rc)
                return rc;
        }
    }
    return SC_OK;
}

/* Write every row of a new table with a given id (also used by bootstrap). */
int sc__table_insert(
    sc_txn *txn, uint64_t id, uint64_t schema_id, const char *schema_name, const sc_table_def *def)
{
    Syscat__Catalog__TableRow row = SYSCAT__CATALOG__TABLE_ROW__INIT;
    sc_table_def copy;
    gen g;
    int rc;

    rc = assign_partition_ids(txn, &def, &copy);
    if (!rc)
        rc = gen_init(&g, &txn->work, id, schema_name, def);
    if (rc)
        return rc;
    row.id = id;
    row.schema_id = schema_id;
    row.version = 1;
    fill_table_row(&row, def);
    rc = sc__row_write(txn, SC_SYS_TABLES, &row.base, SC_W_INSERT, false);
    if (!rc)
        rc = insert_children(txn, &g);
    return rc;
}

int sc__table_id_by_name(uint64_t *out, sc_txn *txn, uint64_t schema_id, const char *name)
{
    int rc;

    sc__buf_reset(&txn->key);
    rc = sc__key_put_u64(&txn->key, schema_id);
    if (!rc)
        rc = sc__key_put_str(&txn->key, (const uint8_t *)name, strlen(name));
    if (rc)
        return rc;
    return sc__name_index_get(out, txn, SC_DB_TABLE_NAME, "sys.tables_by_name", name);
}

/* The schema's name, refusing the system schema for user changes. */
static int user_schema(char **name_out, sc_txn *txn, uint64_t schema_id)
{
    int rc = sc__schema_name(name_out, txn, &txn->work, schema_id);

    if (rc)
        return rc;
    if (schema_id == SC_SYSCAT_SCHEMA_ID)
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL,
                            "the system schema '" SC_SYSCAT_SCHEMA "' cannot be changed");
    return SC_OK;
}

static int name_free(sc_txn *txn, uint64_t schema_id, const char *name, uint64_t self)
{
    uint64_t other;
    int rc = sc__table_id_by_name(&other, txn, schema_id, name);

    if (rc == SC_ENOTFOUND || (rc == SC_OK && other == self))
        return SC_OK;
    if (rc)
        return rc;
    return sc_error_set_er(txn->cat->ctx, SC_EEXISTS, SC_ER_TABLE_EXISTS_ERROR, name);
}

int sc_table_create(uint64_t *id_out, sc_txn *txn, uint64_t schema_id, const sc_table_def *def)
{
    sc_ctx *ctx = txn->cat->ctx;
    char *schema_name;
    uint64_t id, mark = txn->writes;
    int rc;

    if (id_out)
        *id_out = 0;
    if ((rc = sc__txn_writable(txn)))
        return rc;
    sc__arena_reset(&txn->work);
    rc = user_schema(&schema_name, txn, schema_id);
    if (!rc)
        rc = validate_def(ctx, def);
    if (!rc)
        rc = name_free(txn, schema_id, def->name, 0);
    if (!rc)
        rc = sc__sequence_next(&id, txn, "table_id");
    if (!rc)
        rc = sc__table_insert(txn, id, schema_id, schema_name, def);
    if (!rc && id_out)
        *id_out = id;
    sc__arena_reset(&txn->work);
    return sc__txn_settle(txn, mark, rc);
}

/* ------------------------------------------------------------------ */
/* Alter                                                                */

int sc__collect_rows(
    sc_rowcopy **out, size_t *n_out, sc_txn *txn, sc_arena *a, unsigned st, uint64_t table_id)
{
    MDB_cursor *c;
    MDB_val k, v;
    sc_rowcopy *rows = NULL, *grown;
    size_t n = 0, cap = 0;
    int rc;

    *out = NULL;
    *n_out = 0;
    if ((rc = sc__cursor(&c, txn, st)))
        return rc;
    for (rc = sc__cursor_rows_get(c, &k, &v, txn->cat, st, table_id, MDB_SET_RANGE); rc == 0;
         rc = sc__cursor_rows_get(c, &k, &v, txn->cat, st, table_id, MDB_NEXT)) {
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            grown = sc__arena_alloc(a, cap * sizeof(*rows));
            if (!grown)
                return SC_ENOMEM;
            if (n)
                memcpy(grown, rows, n * sizeof(*rows));
            rows = grown;
        }
        rows[n].klen = k.mv_size;
        rows[n].vlen = v.mv_size;
        rows[n].key = sc__arena_alloc(a, k.mv_size);
        rows[n].val = sc__arena_alloc(a, v.mv_size);
        if (!rows[n].key || !rows[n].val)
            return SC_ENOMEM;
        memcpy(rows[n].key, k.mv_data, k.mv_size);
        memcpy(rows[n].val, v.mv_data, v.mv_size);
        rows[n].keep = false;
        rc = sc__row_unpack(&rows[n].msg, a, st, rows[n].val, rows[n].vlen);
        if (rc)
            return rc;
        n++;
    }
    if (rc && rc != MDB_NOTFOUND)
        return sc__mdb_fail(txn, rc, "reading a table's rows");
    *out = rows;
    *n_out = n;
    return SC_OK;
}

static sc_rowcopy *find_row(sc_rowcopy *rows, size_t n, const sc_buf *key)
{
    size_t lo = 0, hi = n, mid;
    int c;

    while (lo < hi) {
        mid = (lo + hi) / 2;
        c = memcmp(rows[mid].key, key->data, rows[mid].klen < key->len ? rows[mid].klen : key->len);
        if (c == 0)
            c = rows[mid].klen < key->len ? -1 : rows[mid].klen > key->len;
        if (c == 0)
            return &rows[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* Put row i of kind k: unchanged rows are left alone (unknown fields survive). */
static int
sync_one(sc_txn *txn, const child_kind *k, size_t i, const gen *g, sc_rowcopy *rows, size_t n_rows)
{
    ProtobufCMessage *m = new_msg(g->a, k->st);
    sc_rowcopy *old;
    sc_buf *pk = &txn->key2;
    size_t len;
    int rc;

    if (!m)
        return SC_ENOMEM;
    if ((rc = k->fill(m, i, g)))
        return rc;
    sc__buf_reset(&txn->key2);
    if ((rc = sc__key_encode(&txn->key2, &txn->cat->keys[k->st], m)))
        return rc;
    old = find_row(rows, n_rows, &txn->key2);
    if (!old)
        return sc__row_write(txn, k->st, m, SC_W_INSERT, false);
    old->keep = true;
    if ((rc = k->fill(old->msg, i, g)))
        return rc;
    len = protobuf_c_message_get_packed_size(old->msg);
    sc__buf_reset(pk);
    if (!sc__buf_reserve(pk, len))
        return SC_ENOMEM;
    protobuf_c_message_pack(old->msg, pk->data);
    if (len == old->vlen && memcmp(pk->data, old->val, len) == 0)
        return SC_OK;
    return sc__row_write(txn, k->st, old->msg, SC_W_PUT, false);
}

static int delete_stale(sc_txn *txn, unsigned st, sc_rowcopy *rows, size_t n, bool cascade)
{
    size_t i;
    int rc;

    for (i = 0; i < n; i++) {
        if (rows[i].keep)
            continue;
        rc = sc__row_write(txn, st, rows[i].msg, SC_W_DELETE, cascade);
        if (rc)
            return rc;
    }
    return SC_OK;
}

static int kind_slot(unsigned st)
{
    size_t k;

    for (k = 0; k < N_CHILD_KINDS; k++)
        if (child_kinds[k].st == st)
            return (int)k;
    return -1;
}

static int sync_children(sc_txn *txn, const gen *g)
{
    sc_rowcopy *rows[N_CHILD_KINDS];
    size_t n_rows[N_CHILD_KINDS], k, i, n, d;
    int rc;

    for (k = 0; k < N_CHILD_KINDS; k++) {
        rc = sc__collect_rows(&rows[k], &n_rows[k], txn, g->a, child_kinds[k].st, g->table_id);
        if (rc)
            return rc;
    }
    for (k = 0; k < N_CHILD_KINDS; k++) {
        n = child_kinds[k].count(g);
        for (i = 0; i < n; i++)
            if ((rc = sync_one(txn, &child_kinds[k], i, g, rows[k], n_rows[k])))
                return rc;
    }
    for (d = 0; d < N_DELETE_ORDER; d++) {
        if (kind_slot(delete_order[d]) < 0)
            continue; /* views/triggers rows are not part of a definition: kept */
        k = (size_t)kind_slot(delete_order[d]);
        if ((rc = delete_stale(txn, delete_order[d], rows[k], n_rows[k], false)))
            return rc;
    }
    return SC_OK;
}

int sc__table_row(Syscat__Catalog__TableRow **out, sc_txn *txn, sc_arena *a, uint64_t id)
{
    uint8_t key[9];
    int rc;

    rc = sc__row_get((ProtobufCMessage **)out, txn, a, SC_SYS_TABLES, key,
                     sc__table_key(key, txn->cat, id));
    if (rc == SC_ENOTFOUND)
        return sc_error_set(txn->cat->ctx, SC_ENOTFOUND, 0, NULL,
                            "Table with id %llu doesn't exist", (unsigned long long)id);
    return rc;
}

/* Load the tables row of a user table for a change. */
static int user_table_row(Syscat__Catalog__TableRow **out, sc_txn *txn, uint64_t id)
{
    int rc = sc__table_row(out, txn, &txn->work, id);

    if (!rc && (id < SC_FIRST_USER_ID || (*out)->schema_id == SC_SYSCAT_SCHEMA_ID))
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL,
                            "system table syscat.%s cannot be changed", (*out)->name);
    return rc;
}

int sc_table_alter(sc_txn *txn, uint64_t table_id, const sc_table_def *def)
{
    Syscat__Catalog__TableRow *row = NULL;
    char *schema_name = NULL;
    uint64_t mark = txn->writes;
    sc_table_def copy;
    gen g;
    int rc;

    if ((rc = sc__txn_writable(txn)))
        return rc;
    sc__arena_reset(&txn->work);
    rc = user_table_row(&row, txn, table_id);
    if (!rc && strcmp(row->name, def->name ? def->name : "") != 0)
        rc = sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL,
                          "ALTER cannot rename '%s' to '%s'; use sc_table_rename", row->name,
                          def->name ? def->name : "");
    if (!rc)
        rc = sc__schema_name(&schema_name, txn, &txn->work, row->schema_id);
    if (!rc)
        rc = validate_def(txn->cat->ctx, def);
    if (!rc)
        rc = assign_partition_ids(txn, &def, &copy);
    if (!rc)
        rc = gen_init(&g, &txn->work, table_id, schema_name, def);
    if (!rc) {
        fill_table_row(row, def); /* unknown fields of row are kept */
        row->version++;
        rc = sc__row_write(txn, SC_SYS_TABLES, &row->base, SC_W_PUT, false);
    }
    if (!rc)
        rc = sync_children(txn, &g);
    sc__arena_reset(&txn->work);
    return sc__txn_settle(txn, mark, rc);
}

int sc_table_rename(sc_txn *txn, uint64_t table_id, uint64_t new_schema_id, const char *new_name)
{
    Syscat__Catalog__TableRow *row = NULL;
    char *schema_name;
    uint64_t mark = txn->writes;
    int rc;

    if ((rc = sc__txn_writable(txn)))
        return rc;
    sc__arena_reset(&txn->work);
    rc = user_table_row(&row, txn, table_id);
    if (!rc)
        rc = user_schema(&schema_name, txn, new_schema_id);
    if (!rc)
        rc = check_ident(txn->cat->ctx, new_name, 1103);
    if (!rc)
        rc = name_free(txn, new_schema_id, new_name, table_id);
    if (!rc) {
        row->name = (char *)(uintptr_t)new_name;
        row->schema_id = new_schema_id;
        row->version++;
        rc = sc__row_write(txn, SC_SYS_TABLES, &row->base, SC_W_PUT, false);
    }
    sc__arena_reset(&txn->work);
    return sc__txn_settle(txn, mark, rc);
}

/* ------------------------------------------------------------------ */
/* Drop                                                                 */

int sc__table_drop_rows(sc_txn *txn, uint64_t table_id, bool table_cascade)
{
    Syscat__Catalog__TableRow *row = NULL;
    sc_rowcopy *rows;
    size_t n, d;
    int rc;

    sc__arena_reset(&txn->work);
    rc = sc__table_row(&row, txn, &txn->work, table_id);
    for (d = 0; !rc && d < N_DELETE_ORDER; d++) {
        rc = sc__collect_rows(&rows, &n, txn, &txn->work, delete_order[d], table_id);
        if (!rc)
            rc = delete_stale(txn, delete_order[d], rows, n, true);
    }
    if (!rc)
        rc = sc__row_write(txn, SC_SYS_TABLES, &row->base, SC_W_DELETE, table_cascade);
    sc__arena_reset(&txn->work);
    return rc;
}

int sc_table_drop(sc_txn *txn, uint64_t table_id)
{
    Syscat__Catalog__TableRow *row = NULL;
    uint64_t mark = txn->writes;
    int rc;

    if ((rc = sc__txn_writable(txn)))
        return rc;
    sc__arena_reset(&txn->work);
    rc = user_table_row(&row, txn, table_id);
    if (!rc)
        rc = sc__table_drop_rows(txn, table_id, false);
    return sc__txn_settle(txn, mark, rc);
}

/* The DDL path's definition rules, for the replica applier (catalog_int.h). */
int sc_catalog__validate_table(sc_txn *txn, uint64_t table_id)
{
    sc_table *t = NULL;
    int rc = sc_table_get(&t, txn, table_id);

    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(txn->cat->ctx); /* gone: sc_catalog__check_tables covers its rows */
        return SC_OK;
    }
    if (!rc)
        rc = validate_def(txn->cat->ctx, sc_table_definition(t));
    sc_table_free(t);
    return rc;
}
