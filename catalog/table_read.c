/*
 * table_read.c - loading a table definition (sc_table) from its rows, name
 * and id lookups, and iteration (tables of a schema, children of a parent).
 *
 * Loading is the hot path (every SHOW CREATE, every statement that names a
 * table): one name-index get, then in the clustered layout (format 2,
 * layout.c) one cursor range over the table's rows in sys.table_rows, its
 * tables row first and then kind by kind (in the per-table layout of format
 * 1: one tables-row get and one range scan per child system table), all rows
 * unpacked into one arena owned by the sc_table, so a load costs a handful
 * of chunk allocations. Child tables whose
 * count in the tables row is 0 are not scanned (fsck checks the counts).
 * Messages unpacked into that arena are released with it (the arena's
 * protobuf-c free is a no-op, so free_unpacked would only walk them).
 *
 * Every load first reads the tables row as the txn sees it; when the
 * definition cache (table_cache.c) holds a table loaded from that exact row
 * and the txn sees the table's committed rows, that shared sc_table is
 * returned and no child row is read. Only read-only txns fill the cache.
 * Why this is right under MVCC: docs/architecture.md "Definition cache".
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_priv.h"
#include "catalog/errmsg.h"

void sc__table_destroy(sc_table *t)
{
    assert(t->refs == 0 && !t->cache);
    sc__arena_free(&t->arena);
    sc_free(t->ctx, t);
}

void sc_table_free(sc_table *table)
{
    if (!table)
        return;
    assert(table->refs >= 1);
    if (--table->refs == 0)
        sc__table_destroy(table);
}

uint64_t sc_table_id(const sc_table *table)
{
    return table->id;
}

uint64_t sc_table_schema_id(const sc_table *table)
{
    return table->schema_id;
}

uint64_t sc_table_version(const sc_table *table)
{
    return table->version;
}

const char *sc_table_schema_name(const sc_table *table)
{
    return table->schema_name;
}

const sc_table_def *sc_table_definition(const sc_table *table)
{
    return &table->def;
}

/* ------------------------------------------------------------------ */
/* Row scans                                                            */

typedef int (*row_fn)(ProtobufCMessage *m, size_t i, void *payload);

/*
 * Where the rows of the table being loaded come from. In the clustered
 * layout one cursor walks the table's range of sys.table_rows once: it starts
 * on the tables row and each scan_rows call continues from where the last one
 * stopped (load_children asks for the kinds in ascending order, the order of
 * the keys). In the per-table layout (c == NULL) each kind is its own range.
 */
typedef struct rowsrc {
    sc_txn *txn;
    uint64_t id;   /* the table */
    MDB_cursor *c; /* clustered: on the current entry (when rc == 0), else NULL */
    MDB_val k, v;  /* clustered: the current entry */
    int rc;        /* clustered: 0 on an entry, MDB_NOTFOUND past the table, else the error */
    bool step;     /* clustered: the current entry was consumed; move on before reading */
    unsigned kind; /* clustered: the kind scanned last */
    sc_map_bounds bounds; /* clustered: the txn's map span, for the bound checks */
} rowsrc;

/* Per-table layout: unpack the rows of st for the table, in key order. */
static int scan_own(
    size_t *n_out, rowsrc *src, sc_arena *a, unsigned st, size_t limit, row_fn fn, void *payload)
{
    sc_txn *txn = src->txn;
    MDB_cursor *c;
    MDB_val k, v;
    ProtobufCMessage *m;
    size_t n = 0;
    int rc;

    if ((rc = sc__cursor(&c, txn, st)))
        return rc;
    for (rc = sc__cursor_rows_get(c, &k, &v, txn->cat, st, src->id, MDB_SET_RANGE); rc == 0;
         rc = sc__cursor_rows_get(c, &k, &v, txn->cat, st, src->id, MDB_NEXT)) {
        if ((rc = sc__row_unpack(&m, a, st, v.mv_data, v.mv_size)))
            return rc;
        if ((rc = fn(m, n++, payload)))
            return rc;
        if (n == limit)
            break;
    }
    if (rc && rc != MDB_NOTFOUND)
        return sc__mdb_fail(txn, rc, "reading a table's rows");
    *n_out = n;
    return SC_OK;
}

/* Clustered layout: the kind of the current entry, 0 once past the table (src->rc set). */
static unsigned src_kind(rowsrc *src)
{
    uint8_t prefix[8];

    if (src->step) {
        src->rc = sc__cursor_get_bounded(src->c, &src->k, &src->v, MDB_NEXT, &src->bounds);
        src->step = false;
    }
    if (src->rc)
        return 0;
    sc__put_u64be(prefix, src->id);
    if (src->k.mv_size < 9 || memcmp(src->k.mv_data, prefix, 8) != 0) {
        src->rc = MDB_NOTFOUND;
        return 0;
    }
    return ((const uint8_t *)src->k.mv_data)[8];
}

/*
 * Unpack the rows of st for the table, in key order, calling fn(row, i), at
 * most limit of them: the counts in the tables row bound the scan, which
 * saves the cursor step that would only find the next kind's first row.
 */
static int scan_rows(
    size_t *n_out, rowsrc *src, sc_arena *a, unsigned st, size_t limit, row_fn fn, void *payload)
{
    ProtobufCMessage *m;
    unsigned kind;
    size_t n = 0;
    int rc;

    *n_out = 0;
    if (limit == 0)
        return SC_OK;
    if (!src->c)
        return scan_own(n_out, src, a, st, limit, fn, payload);
    if (st < src->kind) { /* not in key order: seek (load_children never asks so) */
        uint8_t key[9];

        sc__put_u64be(key, src->id);
        key[8] = (uint8_t)st;
        src->k = (MDB_val){9, key};
        src->rc = sc__cursor_get_bounded(src->c, &src->k, &src->v, MDB_SET_RANGE, &src->bounds);
        src->step = false;
    }
    src->kind = st;
    while ((kind = src_kind(src)) != 0 && kind <= st) {
        src->step = true;
        if (kind < st)
            continue; /* a kind this load does not read */
        if ((rc = sc__row_unpack(&m, a, st, src->v.mv_data, src->v.mv_size)))
            return rc;
        if ((rc = fn(m, n++, payload)))
            return rc;
        if (n == limit)
            break;
    }
    if (src->rc && src->rc != MDB_NOTFOUND)
        return sc__mdb_fail(src->txn, src->rc, "reading a table's rows");
    *n_out = n;
    return SC_OK;
}

/* A growable array in the arena, sized by the count in the tables row. */
typedef struct vec {
    sc_arena *a;
    void *items;
    size_t n, cap, size;
} vec;

static void *vec_slot(vec *v, size_t i)
{
    void *grown;
    size_t cap;

    if (i >= v->cap) {
        cap = v->cap ? v->cap * 2 : 8;
        while (cap <= i)
            cap *= 2;
        grown = sc__arena_alloc(v->a, cap * v->size);
        if (!grown)
            return NULL;
        if (v->n)
            memcpy(grown, v->items, v->n * v->size);
        v->items = grown;
        v->cap = cap;
    }
    if (i >= v->n)
        v->n = i + 1;
    return (uint8_t *)v->items + i * v->size;
}

/*
 * The counts of a tables row size the first allocation, but they are data: a
 * corrupt row may claim billions. Beyond MariaDB's own limits (4096 columns,
 * 64 indexes of 32 parts) the vector starts at this size and grows with the
 * rows actually found.
 */
#define VEC_HINT_MAX 4096

static int vec_init(vec *v, sc_arena *a, size_t size, size_t hint)
{
    if (hint > VEC_HINT_MAX)
        hint = VEC_HINT_MAX;
    memset(v, 0, sizeof(*v));
    v->a = a;
    v->size = size;
    if (hint) {
        v->items = sc__arena_alloc(a, hint * size);
        if (!v->items)
            return SC_ENOMEM;
        v->cap = hint;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Columns                                                              */

/* Parse 'a','b''c' into unquoted strings. */
static int decode_elements(sc_column_def *c, sc_arena *a, ProtobufCBinaryData bd)
{
    const char *p = (const char *)bd.data, *end = p + bd.len;
    const char **list;
    size_t n = 0, cap = 0, i;
    char *buf, *o;

    for (i = 0; i < bd.len; i++)
        if (p[i] == ',')
            cap++;
    cap++;
    list = sc__arena_alloc(a, cap * sizeof(*list));
    buf = sc__arena_alloc(a, bd.len + 1);
    if (!list || !buf)
        return SC_ENOMEM;
    o = buf;
    while (p < end && *p == '\'') {
        list[n++] = o;
        for (p++; p < end; p++) {
            if (*p == '\'') {
                if (p + 1 < end && p[1] == '\'') {
                    *o++ = *++p;
                    continue;
                }
                break;
            }
            *o++ = *p;
        }
        *o++ = '\0';
        p++;
        if (p < end && *p == ',')
            p++;
    }
    c->elements = list;
    c->n_elements = n;
    return SC_OK;
}

static int take_column(ProtobufCMessage *m, size_t i, void *payload)
{
    vec *v = payload;
    const Syscat__Catalog__ColumnRow *r = (const void *)m;
    sc_column_def *c = vec_slot(v, i);
    bool has_default = r->default_kind == SC_DEFAULT_LITERAL || r->default_kind == SC_DEFAULT_EXPR;

    if (!c)
        return SC_ENOMEM;
    memset(c, 0, sizeof(*c));
    c->name = r->name;
    c->type = (sc_coltype)r->type;
    c->flags = r->flags;
    c->length = r->length;
    c->scale = r->scale;
    c->charset = sc__str_or_null(r->charset);
    c->collation = sc__str_or_null(r->collation);
    c->default_kind = (sc_default_kind)r->default_kind;
    c->default_value = sc__bytes_cstr(v->a, r->default_value, !has_default);
    c->on_update = sc__bytes_cstr(v->a, r->on_update, true);
    c->generated = (sc_gen_kind)r->generated;
    c->generation_expr = sc__bytes_cstr(v->a, r->generation_expr, true);
    c->check_expr = sc__bytes_cstr(v->a, r->check_expr, true);
    c->comment = sc__bytes_cstr(v->a, r->comment, true);
    c->srid = r->srid;
    if (v->a->failed)
        return SC_ENOMEM;
    return r->elements.len ? decode_elements(c, v->a, r->elements) : SC_OK;
}

/* ------------------------------------------------------------------ */
/* Indexes and their parts                                              */

static int take_index(ProtobufCMessage *m, size_t i, void *payload)
{
    vec *v = payload;
    const Syscat__Catalog__IndexRow *r = (const void *)m;
    sc_index_def *ix = vec_slot(v, i);

    if (!ix)
        return SC_ENOMEM;
    memset(ix, 0, sizeof(*ix));
    ix->name = r->name;
    ix->kind = (sc_index_kind)r->kind;
    ix->algorithm = (sc_index_algo)r->algorithm;
    ix->flags = r->flags;
    ix->comment = sc__bytes_cstr(v->a, r->comment, true);
    ix->key_block_size = r->key_block_size;
    ix->parser = sc__str_or_null(r->parser);
    ix->n_parts = r->part_count; /* the scan bound until attach_parts sets it */
    return v->a->failed ? SC_ENOMEM : SC_OK;
}

typedef struct parts_acc {
    vec parts; /* sc_index_part, all indexes, key order */
    vec owner; /* uint32_t index ordinal of each part */
} parts_acc;

static int take_index_part(ProtobufCMessage *m, size_t i, void *payload)
{
    parts_acc *acc = payload;
    const Syscat__Catalog__IndexColumnRow *r = (const void *)m;
    sc_index_part *p = vec_slot(&acc->parts, i);
    uint32_t *o = vec_slot(&acc->owner, i);

    if (!p || !o)
        return SC_ENOMEM;
    p->column = r->column_name;
    p->prefix_len = r->prefix_length;
    p->descending = r->descending;
    *o = r->index_ordinal;
    return SC_OK;
}

/* Point each index at its run of parts (parts are sorted by index ordinal). */
static void attach_parts(sc_index_def *ix, size_t n_ix, const parts_acc *acc)
{
    const sc_index_part *parts = acc->parts.items;
    const uint32_t *owner = acc->owner.items;
    size_t i = 0, j;

    for (j = 0; j < n_ix; j++) {
        while (i < acc->parts.n && owner[i] < j)
            i++;
        ix[j].parts = parts + i;
        ix[j].n_parts = 0;
        while (i < acc->parts.n && owner[i] == j) {
            ix[j].n_parts++;
            i++;
        }
    }
}

static int load_indexes(sc_table *t, rowsrc *src, size_t hint)
{
    vec ixv;
    parts_acc acc;
    size_t n, np, i, total = 0;
    int rc;

    if ((rc = vec_init(&ixv, &t->arena, sizeof(sc_index_def), hint)) ||
        (rc = vec_init(&acc.parts, &t->arena, sizeof(sc_index_part), hint * 2)) ||
        (rc = vec_init(&acc.owner, &t->arena, sizeof(uint32_t), hint * 2)))
        return rc;
    rc = scan_rows(&n, src, &t->arena, SC_SYS_INDEXES, hint, take_index, &ixv);
    if (rc)
        return rc;
    for (i = 0; i < ixv.n; i++)
        total += ((sc_index_def *)ixv.items)[i].n_parts;
    rc = scan_rows(&np, src, &t->arena, SC_SYS_INDEX_COLUMNS, total, take_index_part, &acc);
    if (rc)
        return rc;
    attach_parts(ixv.items, ixv.n, &acc);
    t->def.indexes = ixv.items;
    t->def.n_indexes = ixv.n;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Foreign keys and checks                                              */

/* Foreign keys with the room each has for its columns (its column_count). */
typedef struct fk_acc {
    vec fks;  /* sc_fk_def */
    vec caps; /* size_t: column_count of each FK row */
} fk_acc;

static int take_fk(ProtobufCMessage *m, size_t i, void *payload)
{
    fk_acc *acc = payload;
    const Syscat__Catalog__ForeignKeyRow *r = (const void *)m;
    sc_fk_def *fk = vec_slot(&acc->fks, i);
    size_t *cap = vec_slot(&acc->caps, i);
    const char **cols;
    size_t room;

    if (!fk || !cap)
        return SC_ENOMEM;
    memset(fk, 0, sizeof(*fk));
    fk->name = r->name;
    fk->parent_schema = r->parent_schema;
    fk->parent_table = r->parent_table;
    fk->on_delete = (sc_fk_action)r->on_delete;
    fk->on_update = (sc_fk_action)r->on_update;
    /* column_count is data too: room for at most VEC_HINT_MAX (far above
     * MariaDB's 32 columns per key); extra rows are skipped as below. */
    room = r->column_count > VEC_HINT_MAX ? VEC_HINT_MAX : r->column_count;
    cols = sc__arena_alloc(acc->fks.a, 2 * (room + 1) * sizeof(*cols));
    if (!cols)
        return SC_ENOMEM;
    fk->columns = cols;
    fk->parent_columns = cols + room + 1;
    *cap = room; /* n_columns grows as foreign_key_columns rows arrive */
    return SC_OK;
}

static int take_fk_column(ProtobufCMessage *m, size_t i, void *payload)
{
    fk_acc *acc = payload;
    const Syscat__Catalog__ForeignKeyColumnRow *r = (const void *)m;
    sc_fk_def *fk;
    const char **cols, **pcols;

    (void)i;
    if (r->fk_ordinal >= acc->fks.n)
        return SC_OK; /* an orphan: fsck reports it */
    fk = (sc_fk_def *)acc->fks.items + r->fk_ordinal;
    if (fk->n_columns >= ((size_t *)acc->caps.items)[r->fk_ordinal])
        return SC_OK; /* more rows than column_count: fsck reports it */
    cols = (const char **)(uintptr_t)fk->columns;
    pcols = (const char **)(uintptr_t)fk->parent_columns;
    cols[fk->n_columns] = r->column_name;
    pcols[fk->n_columns] = r->parent_column;
    fk->n_columns++;
    return SC_OK;
}

static int load_fks(sc_table *t, rowsrc *src, size_t hint)
{
    fk_acc acc;
    size_t n, i, total = 0;
    int rc;

    if ((rc = vec_init(&acc.fks, &t->arena, sizeof(sc_fk_def), hint)) ||
        (rc = vec_init(&acc.caps, &t->arena, sizeof(size_t), hint)))
        return rc;
    rc = scan_rows(&n, src, &t->arena, SC_SYS_FOREIGN_KEYS, hint, take_fk, &acc);
    if (rc)
        return rc;
    for (i = 0; i < acc.fks.n; i++)
        total += ((size_t *)acc.caps.items)[i];
    rc = scan_rows(&n, src, &t->arena, SC_SYS_FOREIGN_KEY_COLUMNS, total, take_fk_column, &acc);
    if (rc)
        return rc;
    t->def.foreign_keys = acc.fks.items;
    t->def.n_foreign_keys = acc.fks.n;
    return SC_OK;
}

static int take_check(ProtobufCMessage *m, size_t i, void *payload)
{
    vec *v = payload;
    const Syscat__Catalog__CheckConstraintRow *r = (const void *)m;
    sc_check_def *ck = vec_slot(v, i);

    if (!ck)
        return SC_ENOMEM;
    ck->name = r->name;
    ck->expr = sc__bytes_cstr(v->a, r->expr, false);
    return ck->expr ? SC_OK : SC_ENOMEM;
}

static int take_partition(ProtobufCMessage *m, size_t i, void *payload)
{
    vec *v = payload;
    const Syscat__Catalog__PartitionRow *r = (const void *)m;
    sc_partition_def *pd = vec_slot(v, i);

    if (!pd)
        return SC_ENOMEM;
    pd->name = r->name;
    pd->id = r->id;
    pd->sub = r->sub;
    pd->values = sc__bytes_cstr(v->a, r->part_values, true);
    pd->options = sc__bytes_cstr(v->a, r->options, true);
    pd->engine = sc__str_or_null(r->engine);
    return v->a->failed ? SC_ENOMEM : SC_OK;
}

/* PARTITION BY from the tables row, its partitions from syscat.partitions. */
static int load_partitioning(sc_table *t, rowsrc *src, const Syscat__Catalog__TableRow *r)
{
    sc_partitioning_def *pt = sc__arena_alloc(&t->arena, sizeof(*pt));
    vec v;
    size_t n;
    int rc;

    if (!pt)
        return SC_ENOMEM;
    memset(pt, 0, sizeof(*pt));
    pt->type = (sc_part_type)r->part_type;
    pt->flags = r->part_flags;
    pt->expr = sc__bytes_cstr(&t->arena, r->part_expr, false);
    pt->sub_type = (sc_part_type)r->subpart_type;
    pt->sub_expr = sc__bytes_cstr(&t->arena, r->subpart_expr, true);
    pt->system_time = sc__bytes_cstr(&t->arena, r->part_system_time, true);
    if (!pt->expr)
        return SC_ENOMEM;
    if ((rc = vec_init(&v, &t->arena, sizeof(sc_partition_def), r->partition_count)) ||
        (rc = scan_rows(&n, src, &t->arena, SC_SYS_PARTITIONS, r->partition_count, take_partition,
                        &v)))
        return rc;
    pt->parts = v.items;
    pt->n_parts = v.n;
    t->def.partitioning = pt;
    return SC_OK;
}

static int take_sequence(ProtobufCMessage *m, size_t i, void *payload)
{
    sc_sequence_def *sq = payload;
    const Syscat__Catalog__SequenceOptionRow *r = (const void *)m;

    (void)i;
    sq->start = strtoll(r->start_value, NULL, 10);
    sq->min = strtoll(r->min_value, NULL, 10);
    sq->max = strtoll(r->max_value, NULL, 10);
    sq->increment = strtoll(r->increment, NULL, 10);
    sq->cache = r->cache;
    sq->cycle = r->cycle;
    return SC_OK;
}

static int load_sequence(sc_table *t, rowsrc *src)
{
    sc_sequence_def *sq = sc__arena_alloc(&t->arena, sizeof(*sq));
    size_t n;
    int rc;

    if (!sq)
        return SC_ENOMEM;
    memset(sq, 0, sizeof(*sq));
    if ((rc = scan_rows(&n, src, &t->arena, SC_SYS_SEQUENCE_OPTIONS, 1, take_sequence, sq)))
        return rc;
    t->def.sequence = sq; /* a missing row reads as zeros; fsck reports it */
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Loading                                                              */

static void take_table_row(sc_table *t, const Syscat__Catalog__TableRow *r)
{
    t->schema_id = r->schema_id;
    t->version = r->version;
    t->def.name = r->name;
    t->def.engine = sc__str_or_null(r->engine);
    t->def.charset = sc__str_or_null(r->charset);
    t->def.collation = sc__str_or_null(r->collation);
    t->def.comment = sc__bytes_cstr(&t->arena, r->comment, true);
    t->def.auto_increment = r->auto_increment;
    t->def.options = sc__bytes_cstr(&t->arena, r->options, true);
    t->def.flags = r->flags;
    t->def.period_name = sc__str_or_null(r->period_name);
    t->def.period_start = sc__str_or_null(r->period_start);
    t->def.period_end = sc__str_or_null(r->period_end);
    t->def.sys_start = sc__str_or_null(r->sys_start);
    t->def.sys_end = sc__str_or_null(r->sys_end);
}

static int load_children(sc_table *t, rowsrc *src, const Syscat__Catalog__TableRow *r)
{
    vec v;
    size_t n;
    int rc;

    if ((rc = vec_init(&v, &t->arena, sizeof(sc_column_def), r->column_count)))
        return rc;
    if ((rc = scan_rows(&n, src, &t->arena, SC_SYS_COLUMNS, r->column_count, take_column, &v)))
        return rc;
    t->def.columns = v.items;
    t->def.n_columns = v.n;
    if (r->index_count && (rc = load_indexes(t, src, r->index_count)))
        return rc;
    if (r->foreign_key_count && (rc = load_fks(t, src, r->foreign_key_count)))
        return rc;
    if (r->check_count) {
        if ((rc = vec_init(&v, &t->arena, sizeof(sc_check_def), r->check_count)) ||
            (rc = scan_rows(&n, src, &t->arena, SC_SYS_CHECK_CONSTRAINTS, r->check_count,
                            take_check, &v)))
            return rc;
        t->def.checks = v.items;
        t->def.n_checks = v.n;
    }
    if (r->part_type && (rc = load_partitioning(t, src, r)))
        return rc;
    if ((r->flags & SC_TABLE_SEQUENCE) && (rc = load_sequence(t, src)))
        return rc;
    return SC_OK;
}

/*
 * The packed tables row of id as txn sees it (borrowed from the map), and src
 * set up to read the table's other rows: in the clustered layout its cursor
 * stays on the tables row, the first of the table's range.
 */
static int table_row_raw(MDB_val *out, rowsrc *src, sc_txn *txn, uint64_t id)
{
    uint8_t key[9];
    MDB_val k = {sc__table_key(key, txn->cat, id), key};
    int rc;

    memset(src, 0, sizeof(*src));
    src->txn = txn;
    src->id = id;
    if (txn->cat->clustered) {
        if ((rc = sc__cursor(&src->c, txn, SC_DB_TABLE_ROWS)))
            return rc;
        sc__map_bounds(&src->bounds, txn->mdb);
        rc = sc__cursor_get_bounded(src->c, &k, out, MDB_SET_KEY, &src->bounds);
        src->k = k;
        src->v = *out;
        src->rc = rc;
        src->step = true; /* the tables row is read by the caller */
        src->kind = SC_SYS_TABLES;
    } else {
        rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[SC_SYS_TABLES], &k, out);
    }
    if (rc == MDB_NOTFOUND)
        return sc_error_set(txn->cat->ctx, SC_ENOTFOUND, 0, NULL,
                            "Table with id %llu doesn't exist", (unsigned long long)id);
    return rc ? sc__mdb_fail(txn, rc, "reading a row") : SC_OK;
}

/* Decode the table whose packed tables row is raw, with its child rows. */
static int table_decode(sc_table *t, rowsrc *src, const MDB_val *raw, const char *schema_name)
{
    sc_txn *txn = src->txn;
    Syscat__Catalog__TableRow *row = NULL;
    char *sname;
    int rc;

    rc = sc__row_unpack((ProtobufCMessage **)&row, &t->arena, SC_SYS_TABLES, raw->mv_data,
                        raw->mv_size);
    if (rc)
        return rc;
    take_table_row(t, row);
    if (schema_name) {
        t->schema_name = sc__arena_strndup(&t->arena, schema_name, strlen(schema_name));
    } else if (!(rc = sc__schema_name(&sname, txn, &t->arena, t->schema_id))) {
        t->schema_name = sname;
    }
    if (!rc && (t->arena.failed || !t->schema_name))
        rc = SC_ENOMEM;
    return rc ? rc : load_children(t, src, row);
}

/*
 * Offer a table loaded in a read-only txn to the cache (*cached set when it
 * took it): its rows are committed ones, so (id, tables row) names exactly
 * this definition. A write txn may hold rows a later abort discards, so it
 * never fills.
 */
static int table_offer(bool *cached, sc_table *t, sc_txn *txn, const MDB_val *raw, bool probe)
{
    int rc;

    if (!probe || !txn->readonly || !sc__tcache_admit(&txn->cat->tcache, t->id))
        return SC_OK;
    if ((rc = sc__table_compact(t, raw->mv_data, raw->mv_size)))
        return rc;
    sc__tcache_put(&txn->cat->tcache, t);
    *cached = true;
    return SC_OK;
}

/*
 * Stamp a cached table with the read snapshot that resolved it: in that
 * snapshot its name and schema name lead to its id (the name index is kept
 * with the tables row, and a schema keeps its name) and its tables row is the
 * cached one. Write txns never stamp: their id is not a committed state.
 */
static void table_seen(sc_table *t, const sc_txn *txn)
{
    if (txn->readonly) /* (stamp checks under the cache's lock that t is still cached) */
        sc__tcache_stamp(&txn->cat->tcache, t, mdb_txn_id(txn->mdb));
}

/*
 * Load table id as txn sees it: one tables-row get; then the cached
 * definition when the cache holds this exact row and txn sees committed rows
 * of the table (sc__txn_clean), else the child rows are read and decoded.
 * probe: whether this load consults the cache (sc__tcache_probe). want_name:
 * when not NULL, the tables row must have this name and schema id want_sid
 * (a name hint's check), else SC_ENOTFOUND without a message and nothing read
 * beyond the tables row.
 */
static int table_load(sc_table **out,
                      sc_txn *txn,
                      uint64_t id,
                      const char *schema_name,
                      bool probe,
                      const char *want_name,
                      uint64_t want_sid)
{
    sc_ctx *ctx = txn->cat->ctx;
    MDB_val raw;
    rowsrc src;
    sc_table *t;
    bool cached = false;
    int rc;

    *out = NULL;
    if ((rc = table_row_raw(&raw, &src, txn, id)))
        return rc;
    if (want_name && !sc__table_row_is(raw.mv_data, raw.mv_size, want_sid, want_name))
        return SC_ENOTFOUND; /* a stale name hint: not this table (no message) */
    if (probe) {
        *out =
            sc__tcache_touch_get(&txn->cat->tcache, id, raw.mv_data, raw.mv_size,
                                 sc__txn_clean(txn, id), txn->readonly ? mdb_txn_id(txn->mdb) : 0);
        if (*out)
            return SC_OK; /* (stamped with the snapshot under the cache's lock) */
    }
    t = sc__calloc(ctx, 1, sizeof(*t));
    if (!t)
        return SC_ENOMEM;
    t->ctx = ctx;
    t->id = id;
    t->refs = 1;
    sc__arena_init(&t->arena, ctx, 8192); /* a 10-column table fits in one chunk */
    rc = table_decode(t, &src, &raw, schema_name);
    if (!rc)
        rc = table_offer(&cached, t, txn, &raw, probe);
    if (rc) {
        if (rc == SC_ENOMEM)
            sc_error_set(ctx, SC_ENOMEM, 0, NULL, "out of memory loading table %llu",
                         (unsigned long long)id);
        sc_table_free(t);
        return rc;
    }
    if (cached) /* else t is this caller's alone: no stamp to keep */
        table_seen(t, txn);
    *out = t;
    return SC_OK;
}

/*
 * The cached table this read snapshot already resolved for (schema, name), or
 * for id when name is NULL: no B-tree is read. A read txn's LMDB id names its
 * committed snapshot, so what was true in it when the entry was stamped still is.
 */
static sc_table *
snapshot_hit(sc_txn *txn, bool probe, uint64_t id, const char *schema, const char *name)
{
    sc_table *t;

    if (!probe || !txn->readonly)
        return NULL;
    t = sc__tcache_get_seen(&txn->cat->tcache, mdb_txn_id(txn->mdb), id, schema, name);
    if (t)
        sc__tcache_touch(&txn->cat->tcache, t->id);
    return t;
}

int sc_table_get(sc_table **out, sc_txn *txn, uint64_t table_id)
{
    bool probe = sc__tcache_probe(&txn->cat->tcache);

    *out = snapshot_hit(txn, probe, table_id, NULL, NULL);
    return *out ? SC_OK : table_load(out, txn, table_id, NULL, probe, NULL, 0);
}

static int no_such_table(sc_ctx *ctx, const char *schema, const char *name)
{
    return sc_error_set_er(ctx, SC_ENOTFOUND, SC_ER_NO_SUCH_TABLE, schema, name);
}

/* Entries of sys.tables_by_name hinted per lookup that finds no hint (name_hint.c). */
#define NHINT_WALK_BUDGET 64

/*
 * The table the name hints give for (sid, name), loaded when its tables row
 * as txn sees it has that schema id and name (name_hint.c: why that is
 * enough); *out NULL when there is no hint or it is stale, and the caller
 * descends sys.tables_by_name. A stale hint leaves no error message behind.
 */
static int hinted_load(
    sc_table **out, sc_txn *txn, uint64_t sid, const char *schema, const char *name, bool probe)
{
    sc_ctx *ctx = txn->cat->ctx;
    uint64_t tid = sc__nhint_get(&txn->cat->nhints, sid, name);
    sc_error saved;
    int rc;

    *out = NULL;
    if (!tid) {
        sc__nhint_fill(&txn->cat->nhints, txn, NHINT_WALK_BUDGET);
        return SC_OK;
    }
    saved = *sc_ctx_last_error(ctx);
    rc = table_load(out, txn, tid, schema, probe, name, sid);
    if (rc == SC_ENOTFOUND) {
        sc_catalog__error_restore(ctx, &saved);
        return SC_OK;
    }
    return rc;
}

int sc_table_lookup(sc_table **out, sc_txn *txn, const char *schema, const char *name)
{
    uint64_t sid, tid;
    bool probe = sc__tcache_probe(&txn->cat->tcache);
    int rc;

    *out = snapshot_hit(txn, probe, 0, schema, name);
    if (*out)
        return SC_OK;
    sc__buf_reset(&txn->key);
    rc = sc__key_put_str(&txn->key, (const uint8_t *)schema, strlen(schema));
    if (rc)
        return rc;
    rc = sc__name_index_get(&sid, txn, SC_DB_SCHEMA_NAME, "sys.schemata_by_name", schema);
    if (rc == SC_ENOTFOUND)
        return no_such_table(txn->cat->ctx, schema, name);
    if (rc)
        return rc;
    if ((rc = hinted_load(out, txn, sid, schema, name, probe)) || *out)
        return rc;
    rc = sc__table_id_by_name(&tid, txn, sid, name);
    if (rc == SC_ENOTFOUND)
        return no_such_table(txn->cat->ctx, schema, name);
    if (rc)
        return rc;
    rc = table_load(out, txn, tid, schema, probe, NULL, 0);
    if (!rc)
        sc__nhint_put(&txn->cat->nhints, sid, name, tid);
    return rc;
}

int sc_table_lookup_id(uint64_t *id_out, sc_txn *txn, uint64_t schema_id, const char *name)
{
    sc_arena a;
    char *sname = NULL;
    int rc;

    *id_out = 0;
    rc = sc__table_id_by_name(id_out, txn, schema_id, name);
    if (rc != SC_ENOTFOUND)
        return rc;
    sc__arena_init(&a, txn->cat->ctx, 512);
    rc = sc__schema_name(&sname, txn, &a, schema_id);
    if (!rc)
        rc = no_such_table(txn->cat->ctx, sname, name);
    sc__arena_free(&a);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Iteration                                                            */

/* Build an info from the tables row of id (arena reset by the caller). */
static int table_info(sc_table_info *info, sc_txn *txn, sc_arena *a, uint64_t id)
{
    Syscat__Catalog__TableRow *row = NULL;
    int rc = sc__table_row(&row, txn, a, id);

    if (rc)
        return rc;
    info->id = row->id;
    info->schema_id = row->schema_id;
    info->version = row->version;
    info->name = row->name;
    return SC_OK;
}

int sc_table_foreach(sc_txn *txn,
                     uint64_t schema_id,
                     int (*cb)(const sc_table_info *info, void *payload),
                     void *payload)
{
    MDB_cursor *c = NULL;
    MDB_val k, v;
    uint8_t prefix[8];
    sc_table_info info;
    sc_arena a;
    int rc, mrc;

    sc__put_u64be(prefix, schema_id);
    if ((mrc = mdb_cursor_open(txn->mdb, txn->cat->dbi[SC_DB_TABLE_NAME], &c)))
        return sc__mdb_fail(txn, mrc, "opening a cursor");
    sc__arena_init(&a, txn->cat->ctx, 1024);
    k.mv_size = 8;
    k.mv_data = prefix;
    rc = SC_OK;
    for (mrc = sc_catalog__cursor_get(c, &k, &v, MDB_SET_RANGE); mrc == 0 && rc == SC_OK;
         mrc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        if (k.mv_size < 8 || memcmp(k.mv_data, prefix, 8) != 0 || v.mv_size != 8)
            break;
        rc = table_info(&info, txn, &a, sc__get_u64be(v.mv_data));
        if (!rc)
            rc = cb(&info, payload);
        sc__arena_reset(&a);
    }
    if (!rc && mrc && mrc != MDB_NOTFOUND)
        rc = sc__mdb_fail(txn, mrc, "walking sys.tables_by_name");
    mdb_cursor_close(c);
    sc__arena_free(&a);
    return rc;
}

int sc_table_foreach_child(sc_txn *txn,
                           const char *parent_schema,
                           const char *parent_table,
                           int (*cb)(const sc_table_info *info, void *payload),
                           void *payload)
{
    sc_ctx *ctx = txn->cat->ctx;
    MDB_cursor *c = NULL;
    MDB_val k, v;
    sc_buf prefix = SC_BUF_INIT(ctx);
    sc_table_info info;
    sc_arena a;
    uint64_t child, last = 0;
    int rc, mrc;

    rc = sc__key_put_str(&prefix, (const uint8_t *)parent_schema, strlen(parent_schema));
    if (!rc)
        rc = sc__key_put_str(&prefix, (const uint8_t *)parent_table, strlen(parent_table));
    if (rc) {
        sc__buf_free(&prefix);
        return rc;
    }
    if ((mrc = mdb_cursor_open(txn->mdb, txn->cat->dbi[SC_DB_FK_PARENT], &c))) {
        sc__buf_free(&prefix);
        return sc__mdb_fail(txn, mrc, "opening a cursor");
    }
    sc__arena_init(&a, ctx, 1024);
    k.mv_size = prefix.len;
    k.mv_data = prefix.data;
    for (mrc = sc_catalog__cursor_get(c, &k, &v, MDB_SET_RANGE); mrc == 0 && rc == SC_OK;
         mrc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        if (k.mv_size != prefix.len + 16 || memcmp(k.mv_data, prefix.data, prefix.len) != 0)
            break;
        child = sc__get_u64be((const uint8_t *)k.mv_data + prefix.len);
        if (child == last)
            continue; /* several FKs of one child */
        last = child;
        rc = table_info(&info, txn, &a, child);
        if (!rc)
            rc = cb(&info, payload);
        sc__arena_reset(&a);
    }
    if (!rc && mrc && mrc != MDB_NOTFOUND)
        rc = sc__mdb_fail(txn, mrc, "walking sys.fk_by_parent");
    mdb_cursor_close(c);
    sc__arena_free(&a);
    sc__buf_free(&prefix);
    return rc;
}
