/*
 * fsck.c - whole-catalog consistency check (sc_fsck).
 *
 * Checks, each reported once per bad row with the system table and the
 * decoded row key:
 *  - every row of every system table decodes and sits under its own key;
 *  - every schemata/tables/foreign_keys row has its secondary index entry,
 *    and every secondary index entry points at a row that produces it;
 *  - every columns/indexes/index_columns/foreign_keys/foreign_key_columns/
 *    check_constraints row belongs to a live table (index_columns to a live
 *    index, foreign_key_columns to a live foreign key), every table to a live
 *    schema;
 *  - index_columns and foreign_key_columns rows name columns of their table;
 *  - the counts in a tables row (and part_count/column_count) match the rows;
 *  - the id counters in syscat.sequences are above every id in use;
 *  - syscat.users rows have a user and a host, a password hash of
 *    MariaDB's form (or none) and only known privilege bits;
 *  - the text fields of definition rows (names, comments, expressions,
 *    options, ENUM values) are valid UTF-8: the DDL path converts what is
 *    not, so anything else came from elsewhere and would break every
 *    reader that needs text (dump --json, a MariaDB replica). Column
 *    defaults are exempt: a binary column's default is any bytes.
 * In the clustered layout (format 2, layout.c) every entry of sys.table_rows
 * must also carry the kind byte of a clustered system table.
 * Runs in one read transaction, so it sees one consistent snapshot.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_priv.h"

typedef struct fsck {
    sc_txn *txn;
    void (*report)(const char *problem, void *payload);
    void *payload;
    size_t problems;
    bool quiet;                           /* count problems only (check_row_at's first pass) */
    uint64_t max_schema_id, max_table_id; /* highest ids in use */
    uint64_t max_partition_id;            /* highest partition id in use */
    sc_buf key;                           /* scratch key */
    sc_arena a;                           /* per-row scratch */
    /* Column names of one table, sorted (strcasecmp), so a table's key and
     * foreign-key parts are checked in O(log n) each instead of a scan of its
     * columns per part. Rows are walked in key order, table by table, and
     * nothing writes during a check, so one table's set is enough. */
    uint64_t names_table; /* table the set describes; valid when names_ok */
    bool names_ok;
    char **names;     /* sorted, from names_a */
    size_t n_names;   /* entries in names */
    sc_arena names_a; /* the names and the array */
} fsck;

static void problem(fsck *f, const char *where, const char *keydesc, const char *fmt, ...)
    SC_PRINTF(4, 5);

static void problem(fsck *f, const char *where, const char *keydesc, const char *fmt, ...)
{
    char what[256], msg[768];
    va_list ap;

    if (f->quiet) {
        f->problems++;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    snprintf(msg, sizeof(msg), "%s (%s): %s", where, keydesc, what);
    f->problems++;
    if (f->report)
        f->report(msg, f->payload);
}

/*
 * The next entry of a walk (MDB_NEXT) whose key and value lie inside the used
 * map; entries that run past it (damaged node sizes) are reported and skipped.
 */
static int next_entry(fsck *f, MDB_cursor *c, MDB_val *k, MDB_val *v)
{
    int rc;

    while ((rc = sc_catalog__cursor_get(c, k, v, MDB_NEXT)) == SC_CATALOG__MDB_OUTSIDE) {
        f->problems++;
        if (f->report)
            f->report(sc_ctx_last_error(f->txn->cat->ctx)->message, f->payload);
    }
    return rc;
}

/* sys.meta and sys.settings hold plain strings: only their bounds can be checked. */
static int check_plain(fsck *f, unsigned slot)
{
    MDB_cursor *c;
    MDB_val k, v;
    int rc;

    if ((rc = mdb_cursor_open(f->txn->mdb, f->txn->cat->dbi[slot], &c)))
        return sc__mdb_fail(f->txn, rc, "opening a cursor");
    while ((rc = next_entry(f, c, &k, &v)) == 0)
        ;
    mdb_cursor_close(c);
    return rc == MDB_NOTFOUND ? SC_OK : sc__mdb_fail(f->txn, rc, "walking sys.meta/sys.settings");
}

static bool exists(fsck *f, unsigned slot, const uint8_t *key, size_t len)
{
    MDB_val k = {len, (void *)(uintptr_t)key}, v;

    return sc_catalog__mdb_get(f->txn->mdb, f->txn->cat->dbi[slot], &k, &v) == 0;
}

/* The key of a row of st made of leading u64 fields (table id[, ordinal]): its length. */
static size_t id_key(uint8_t key[17], const fsck *f, unsigned st, uint64_t a, const uint64_t *b)
{
    size_t n = 8;

    sc__put_u64be(key, a);
    if (f->txn->cat->keys[st].kind)
        key[n++] = f->txn->cat->keys[st].kind;
    if (b) {
        sc__put_u64be(key + n, *b);
        n += 8;
    }
    return n;
}

/* Key of a parent row made of leading u64 fields (table id, ordinal). */
static bool parent_exists(fsck *f, unsigned st, uint64_t a, const uint64_t *b)
{
    uint8_t key[17];

    return exists(f, st, key, id_key(key, f, st, a, b));
}

/* Number of keys of slot starting with prefix. */
static uint64_t count_prefix(fsck *f, unsigned slot, const uint8_t *prefix, size_t len)
{
    MDB_cursor *c;
    MDB_val k = {len, (void *)(uintptr_t)prefix}, v;
    uint64_t n = 0;
    int rc;

    if (mdb_cursor_open(f->txn->mdb, f->txn->cat->dbi[slot], &c))
        return 0;
    for (rc = sc_catalog__cursor_get(c, &k, &v, MDB_SET_RANGE); rc == 0;
         rc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        if (k.mv_size < len || memcmp(k.mv_data, prefix, len) != 0)
            break;
        n++;
    }
    mdb_cursor_close(c);
    return n;
}

static uint64_t count_children(fsck *f, unsigned st, uint64_t id, const uint32_t *ord)
{
    uint8_t p[17];
    uint64_t o = ord ? *ord : 0;

    return count_prefix(f, st, p, id_key(p, f, st, id, ord ? &o : NULL));
}

/* Whether table id has a column of that name (case-insensitive, as MariaDB). */
static int name_cmp(const void *a, const void *b)
{
    return strcasecmp(*(char *const *)a, *(char *const *)b);
}

/* Fill f's name set with the column names of table_id; false when the
 * columns cannot be read (then no missing column is reported). */
static bool load_names(fsck *f, uint64_t table_id)
{
    MDB_cursor *c;
    MDB_val k, v;
    ProtobufCMessage *m;
    sc_arena a;
    size_t cap = 16;
    bool ok = true;
    int rc;

    f->names_ok = false;
    sc__arena_reset(&f->names_a);
    f->n_names = 0;
    if (!(f->names = sc__arena_alloc(&f->names_a, cap * sizeof(*f->names))))
        return false;
    if (mdb_cursor_open(f->txn->mdb, f->txn->cat->dbi[SC_SYS_COLUMNS], &c))
        return false;
    sc__arena_init(&a, f->txn->cat->ctx, 1024);
    for (rc = sc__cursor_rows_get(c, &k, &v, f->txn->cat, SC_SYS_COLUMNS, table_id, MDB_SET_RANGE);
         rc == 0;
         rc = sc__cursor_rows_get(c, &k, &v, f->txn->cat, SC_SYS_COLUMNS, table_id, MDB_NEXT)) {
        if (sc__row_unpack(&m, &a, SC_SYS_COLUMNS, v.mv_data, v.mv_size) == SC_OK) {
            const char *n = ((Syscat__Catalog__ColumnRow *)(void *)m)->name;
            if (f->n_names == cap) {
                char **more = sc__arena_alloc(&f->names_a, 2 * cap * sizeof(*more));
                if (!more) {
                    ok = false;
                    break;
                }
                memcpy(more, f->names, cap * sizeof(*more));
                f->names = more;
                cap *= 2;
            }
            if (!(f->names[f->n_names] = sc__arena_strndup(&f->names_a, n, strlen(n)))) {
                ok = false;
                break;
            }
            f->n_names++;
        }
        sc__arena_reset(&a);
    }
    sc__arena_free(&a);
    mdb_cursor_close(c);
    if (!ok || (rc != MDB_NOTFOUND && rc != 0))
        return false;
    qsort(f->names, f->n_names, sizeof(*f->names), name_cmp);
    f->names_table = table_id;
    f->names_ok = true;
    return true;
}

static bool has_column(fsck *f, uint64_t table_id, const char *name)
{
    if (!(f->names_ok && f->names_table == table_id) && !load_names(f, table_id))
        return true; /* cannot tell: do not report */
    return bsearch(&name, f->names, f->n_names, sizeof(*f->names), name_cmp) != NULL;
}

static void
check_column_ref(fsck *f, unsigned st, uint64_t table_id, const char *name, const char *kd)
{
    if (parent_exists(f, SC_SYS_TABLES, table_id, NULL) && !has_column(f, table_id, name))
        problem(f, sc__st_name(st), kd, "names missing column '%s'", name);
}

/* ------------------------------------------------------------------ */
/* Secondary index entries of a row                                     */

static void check_index_entry(fsck *f, unsigned st, const ProtobufCMessage *m, const char *kd)
{
    MDB_val k, v;
    unsigned slot;
    uint8_t val[8];
    size_t vlen = 0;

    sc__buf_reset(&f->key);
    if (sc__index_key(&f->key, &slot, st, m) || !slot)
        return;
    if (st == SC_SYS_SCHEMATA) {
        sc__put_u64be(val, ((const Syscat__Catalog__SchemaRow *)(const void *)m)->id);
        vlen = 8;
    } else if (st == SC_SYS_TABLES) {
        sc__put_u64be(val, ((const Syscat__Catalog__TableRow *)(const void *)m)->id);
        vlen = 8;
    }
    k.mv_size = f->key.len;
    k.mv_data = f->key.data;
    if (sc_catalog__mdb_get(f->txn->mdb, f->txn->cat->dbi[slot], &k, &v) != 0)
        problem(f, sc__st_name(st), kd, "missing name-index entry");
    else if (v.mv_size != vlen || memcmp(v.mv_data, val, vlen) != 0)
        problem(f, sc__st_name(st), kd, "name-index entry points at another row");
}

/* ------------------------------------------------------------------ */
/* Per-table row checks                                                 */

static void check_table_counts(fsck *f, const Syscat__Catalog__TableRow *r, const char *kd)
{
    uint64_t n;

    if ((n = count_children(f, SC_SYS_COLUMNS, r->id, NULL)) != r->column_count)
        problem(f, "tables", kd, "column_count %u but %llu columns rows", r->column_count,
                (unsigned long long)n);
    if ((n = count_children(f, SC_SYS_INDEXES, r->id, NULL)) != r->index_count)
        problem(f, "tables", kd, "index_count %u but %llu indexes rows", r->index_count,
                (unsigned long long)n);
    if ((n = count_children(f, SC_SYS_FOREIGN_KEYS, r->id, NULL)) != r->foreign_key_count)
        problem(f, "tables", kd, "foreign_key_count %u but %llu foreign_keys rows",
                r->foreign_key_count, (unsigned long long)n);
    if ((n = count_children(f, SC_SYS_CHECK_CONSTRAINTS, r->id, NULL)) != r->check_count)
        problem(f, "tables", kd, "check_count %u but %llu check_constraints rows", r->check_count,
                (unsigned long long)n);
    if ((n = count_children(f, SC_SYS_PARTITIONS, r->id, NULL)) != r->partition_count)
        problem(f, "tables", kd, "partition_count %u but %llu partitions rows", r->partition_count,
                (unsigned long long)n);
    if ((r->part_type == 0) != (r->partition_count == 0))
        problem(f, "tables", kd, "part_type %u with partition_count %u", r->part_type,
                r->partition_count);
    n = count_children(f, SC_SYS_SEQUENCE_OPTIONS, r->id, NULL);
    if (n != ((r->flags & SC_TABLE_SEQUENCE) ? 1u : 0u))
        problem(f, "tables", kd, "flags %#x but %llu sequence_options rows", r->flags,
                (unsigned long long)n);
}

static void check_owned(fsck *f, unsigned st, uint64_t table_id, const char *kd)
{
    if (!parent_exists(f, SC_SYS_TABLES, table_id, NULL))
        problem(f, sc__st_name(st), kd, "belongs to missing table %llu",
                (unsigned long long)table_id);
}

/* Offset of the first byte of s[0..len) that is not UTF-8, or len. */
static size_t utf8_bad_at(const uint8_t *s, size_t len)
{
    size_t i = 0, c;

    while (i < len && (c = sc_utf8_char_len(s + i, len - i)) > 0)
        i += c;
    return i;
}

static bool is_definition_table(unsigned st)
{
    return st == SC_SYS_SCHEMATA || st == SC_SYS_TABLES || st == SC_SYS_COLUMNS ||
           st == SC_SYS_INDEXES || st == SC_SYS_INDEX_COLUMNS || st == SC_SYS_FOREIGN_KEYS ||
           st == SC_SYS_FOREIGN_KEY_COLUMNS || st == SC_SYS_CHECK_CONSTRAINTS ||
           st == SC_SYS_VIEWS || st == SC_SYS_TRIGGERS || st == SC_SYS_PARTITIONS ||
           st == SC_SYS_SEQUENCE_OPTIONS;
}

/* Every singular string/bytes field of a definition row must be UTF-8. */
static void check_text(fsck *f, unsigned st, const ProtobufCMessage *m, const char *kd)
{
    const ProtobufCMessageDescriptor *d = m->descriptor;
    const uint8_t *base = (const uint8_t *)m, *data;
    size_t i, len, bad;

    if (!is_definition_table(st))
        return;
    for (i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *fd = &d->fields[i];
        if (fd->label == PROTOBUF_C_LABEL_REPEATED || strcmp(fd->name, "default_value") == 0)
            continue;
        if (fd->type == PROTOBUF_C_TYPE_STRING) {
            data = *(const uint8_t *const *)(const void *)(base + fd->offset);
            len = data ? strlen((const char *)data) : 0;
        } else if (fd->type == PROTOBUF_C_TYPE_BYTES) {
            const ProtobufCBinaryData *b = (const void *)(base + fd->offset);
            data = b->data;
            len = b->len;
        } else {
            continue;
        }
        if (data && (bad = utf8_bad_at(data, len)) < len)
            problem(f, sc__st_name(st), kd, "%s is not valid UTF-8 (byte %zu of %zu is 0x%02X)",
                    fd->name, bad, len, data[bad]);
    }
}

static void check_row(fsck *f, unsigned st, const ProtobufCMessage *m, const char *kd)
{
    uint64_t n, ord;

    switch (st) {
    case SC_SYS_SCHEMATA: {
        const Syscat__Catalog__SchemaRow *r = (const void *)m;
        if (r->id > f->max_schema_id)
            f->max_schema_id = r->id;
        if (!*r->name)
            problem(f, "schemata", kd, "empty name");
        break;
    }
    case SC_SYS_TABLES: {
        const Syscat__Catalog__TableRow *r = (const void *)m;
        if (r->id > f->max_table_id)
            f->max_table_id = r->id;
        if (!parent_exists(f, SC_SYS_SCHEMATA, r->schema_id, NULL))
            problem(f, "tables", kd, "belongs to missing schema %llu",
                    (unsigned long long)r->schema_id);
        check_table_counts(f, r, kd);
        break;
    }
    case SC_SYS_INDEXES: {
        const Syscat__Catalog__IndexRow *r = (const void *)m;
        check_owned(f, st, r->table_id, kd);
        if ((n = count_children(f, SC_SYS_INDEX_COLUMNS, r->table_id, &r->ordinal)) !=
            r->part_count)
            problem(f, "indexes", kd, "part_count %u but %llu index_columns rows", r->part_count,
                    (unsigned long long)n);
        break;
    }
    case SC_SYS_INDEX_COLUMNS: {
        const Syscat__Catalog__IndexColumnRow *r = (const void *)m;
        ord = r->index_ordinal;
        check_owned(f, st, r->table_id, kd);
        if (!parent_exists(f, SC_SYS_INDEXES, r->table_id, &ord))
            problem(f, "index_columns", kd, "belongs to missing index %u", r->index_ordinal);
        check_column_ref(f, st, r->table_id, r->column_name, kd);
        break;
    }
    case SC_SYS_FOREIGN_KEYS: {
        const Syscat__Catalog__ForeignKeyRow *r = (const void *)m;
        check_owned(f, st, r->table_id, kd);
        if ((n = count_children(f, SC_SYS_FOREIGN_KEY_COLUMNS, r->table_id, &r->ordinal)) !=
            r->column_count)
            problem(f, "foreign_keys", kd, "column_count %u but %llu foreign_key_columns rows",
                    r->column_count, (unsigned long long)n);
        break;
    }
    case SC_SYS_FOREIGN_KEY_COLUMNS: {
        const Syscat__Catalog__ForeignKeyColumnRow *r = (const void *)m;
        ord = r->fk_ordinal;
        check_owned(f, st, r->table_id, kd);
        if (!parent_exists(f, SC_SYS_FOREIGN_KEYS, r->table_id, &ord))
            problem(f, "foreign_key_columns", kd, "belongs to missing foreign key %u",
                    r->fk_ordinal);
        check_column_ref(f, st, r->table_id, r->column_name, kd);
        break;
    }
    case SC_SYS_USERS: {
        const Syscat__Catalog__UserRow *r = (const void *)m;
        if (!*r->user || !*r->host)
            problem(f, "users", kd, "empty user or host");
        if (!sc_catalog__user_auth_valid(r->auth))
            problem(f, "users", kd,
                    "auth is not a mysql_native_password hash ('*' + 40 hex digits)");
        if (r->privileges & ~SC_USER_PRIV_ALL)
            problem(f, "users", kd, "unknown privilege bits 0x%x",
                    r->privileges & ~SC_USER_PRIV_ALL);
        break;
    }
    case SC_SYS_COLUMNS:
        check_owned(f, st, ((const Syscat__Catalog__ColumnRow *)(const void *)m)->table_id, kd);
        break;
    case SC_SYS_CHECK_CONSTRAINTS:
        check_owned(f, st, ((const Syscat__Catalog__CheckConstraintRow *)(const void *)m)->table_id,
                    kd);
        break;
    case SC_SYS_VIEWS:
        check_owned(f, st, ((const Syscat__Catalog__ViewRow *)(const void *)m)->table_id, kd);
        break;
    case SC_SYS_TRIGGERS:
        check_owned(f, st, ((const Syscat__Catalog__TriggerRow *)(const void *)m)->table_id, kd);
        break;
    case SC_SYS_PARTITIONS: {
        const Syscat__Catalog__PartitionRow *r = (const void *)m;
        check_owned(f, st, r->table_id, kd);
        if (r->id > f->max_partition_id)
            f->max_partition_id = r->id;
        if (r->id == 0)
            problem(f, "partitions", kd, "partition id 0");
        break;
    }
    case SC_SYS_SEQUENCE_OPTIONS:
        check_owned(f, st, ((const Syscat__Catalog__SequenceOptionRow *)(const void *)m)->table_id,
                    kd);
        break;
    default:
        break;
    }
    check_index_entry(f, st, m, kd);
    check_text(f, st, m, kd);
}

/* The checks of check_row_at on row m of st, its key described as kd. */
static void check_row_body(
    fsck *f, unsigned st, const MDB_val *k, const ProtobufCMessage *m, bool own_key, const char *kd)
{
    if (own_key) {
        sc__buf_reset(&f->key);
        if (sc__key_encode(&f->key, &f->txn->cat->keys[st], m) == SC_OK &&
            (f->key.len != k->mv_size || memcmp(f->key.data, k->mv_data, k->mv_size) != 0))
            problem(f, sc__st_name(st), kd, "row stored under a key that is not its own");
    }
    check_row(f, st, m, kd);
}

/*
 * Check the row of st stored under k: it decodes, it sits under its own key
 * (when own_key: the full walk; a scoped walk found it by that key), and it
 * passes check_row. The body of both walks, check_systable and check_children.
 * The checks run once quietly without the key's description (a quarter of
 * their cost, and a sound row never needs it), and again to report when that
 * pass counted a problem: they only read, so both passes find the same.
 */
static void check_row_at(fsck *f, unsigned st, const MDB_val *k, const MDB_val *v, bool own_key)
{
    const sc_keyspec *ks = &f->txn->cat->keys[st];
    ProtobufCMessage *m;
    size_t before = f->problems;
    bool quiet = f->quiet;
    char kd[256];

    sc__arena_reset(&f->a);
    if (sc__row_unpack(&m, &f->a, st, v->mv_data, v->mv_size)) {
        sc__key_describe(kd, sizeof(kd), ks, k->mv_data, k->mv_size);
        problem(f, sc__st_name(st), kd, "undecodable row (%zu bytes)", v->mv_size);
        return;
    }
    f->quiet = true;
    check_row_body(f, st, k, m, own_key, "");
    f->quiet = quiet;
    if (f->problems == before || quiet)
        return;
    f->problems = before;
    sc__key_describe(kd, sizeof(kd), ks, k->mv_data, k->mv_size);
    check_row_body(f, st, k, m, own_key, kd);
}

static int check_systable(fsck *f, unsigned st)
{
    MDB_cursor *c;
    MDB_val k, v;
    int rc;

    if ((rc = mdb_cursor_open(f->txn->mdb, f->txn->cat->dbi[st], &c)))
        return sc__mdb_fail(f->txn, rc, "opening a cursor");
    while ((rc = next_entry(f, c, &k, &v)) == 0)
        check_row_at(f, st, &k, &v, true);
    mdb_cursor_close(c);
    return rc == MDB_NOTFOUND ? SC_OK : sc__mdb_fail(f->txn, rc, "walking a system table");
}

/* The clustered layout: every row of sys.table_rows, each checked as a row of its kind. */
static int check_table_rows(fsck *f)
{
    MDB_cursor *c;
    MDB_val k, v;
    unsigned st;
    char kd[256];
    int rc;

    if ((rc = mdb_cursor_open(f->txn->mdb, f->txn->cat->dbi[SC_DB_TABLE_ROWS], &c)))
        return sc__mdb_fail(f->txn, rc, "opening a cursor");
    while ((rc = next_entry(f, c, &k, &v)) == 0) {
        if ((st = sc__layout_kind(&k))) {
            check_row_at(f, st, &k, &v, true);
            continue;
        }
        if (k.mv_size > 8)
            snprintf(kd, sizeof(kd), "table_id=%llu, kind=%u",
                     (unsigned long long)sc__get_u64be(k.mv_data), ((const uint8_t *)k.mv_data)[8]);
        else
            snprintf(kd, sizeof(kd), "key of %zu bytes", k.mv_size);
        problem(f, "sys.table_rows", kd,
                "entry of no system table kept here (the kind byte names none)");
    }
    mdb_cursor_close(c);
    return rc == MDB_NOTFOUND ? SC_OK : sc__mdb_fail(f->txn, rc, "walking sys.table_rows");
}

/* ------------------------------------------------------------------ */
/* Secondary index entries: each must point at a row producing it      */

static const char *index_name(unsigned slot)
{
    return slot == SC_DB_SCHEMA_NAME  ? "sys.schemata_by_name"
           : slot == SC_DB_TABLE_NAME ? "sys.tables_by_name"
                                      : "sys.fk_by_parent";
}

/* The keyspec that describes an index key, built from the row descriptors. */
static void index_keyspec(sc_keyspec *ks, unsigned slot)
{
    const ProtobufCMessageDescriptor *d;

    memset(ks, 0, sizeof(*ks));
    if (slot == SC_DB_SCHEMA_NAME) {
        d = &syscat__catalog__schema_row__descriptor;
        ks->fields[ks->n++] = protobuf_c_message_descriptor_get_field_by_name(d, "name");
    } else if (slot == SC_DB_TABLE_NAME) {
        d = &syscat__catalog__table_row__descriptor;
        ks->fields[ks->n++] = protobuf_c_message_descriptor_get_field_by_name(d, "schema_id");
        ks->fields[ks->n++] = protobuf_c_message_descriptor_get_field_by_name(d, "name");
    } else {
        d = &syscat__catalog__foreign_key_row__descriptor;
        ks->fields[ks->n++] = protobuf_c_message_descriptor_get_field_by_name(d, "parent_schema");
        ks->fields[ks->n++] = protobuf_c_message_descriptor_get_field_by_name(d, "parent_table");
        ks->fields[ks->n++] = protobuf_c_message_descriptor_get_field_by_name(d, "table_id");
        ks->fields[ks->n++] = protobuf_c_message_descriptor_get_field_by_name(d, "ordinal");
    }
}

/* The row an index entry claims: its system table and primary key. */
static bool entry_row_key(uint8_t rk[17],
                          size_t *len,
                          unsigned *st,
                          const fsck *f,
                          unsigned slot,
                          const MDB_val *k,
                          const MDB_val *v)
{
    const uint8_t *p;
    uint64_t ord;

    if (slot == SC_DB_FK_PARENT) {
        *st = SC_SYS_FOREIGN_KEYS;
        if (k->mv_size < 16)
            return false;
        p = (const uint8_t *)k->mv_data + k->mv_size - 16;
        ord = sc__get_u64be(p + 8);
        *len = id_key(rk, f, *st, sc__get_u64be(p), &ord);
        return true;
    }
    *st = slot == SC_DB_SCHEMA_NAME ? SC_SYS_SCHEMATA : SC_SYS_TABLES;
    if (v->mv_size != 8)
        return false;
    *len = id_key(rk, f, *st, sc__get_u64be(v->mv_data), NULL);
    return true;
}

static void check_entry(fsck *f, unsigned slot, const MDB_val *k, const MDB_val *v, const char *kd)
{
    ProtobufCMessage *m = NULL;
    uint8_t rk[17];
    unsigned st, islot;
    size_t rlen;

    if (!entry_row_key(rk, &rlen, &st, f, slot, k, v)) {
        problem(f, index_name(slot), kd, "malformed entry");
        return;
    }
    sc__arena_reset(&f->a);
    if (sc__row_get(&m, f->txn, &f->a, st, rk, rlen) != SC_OK) {
        problem(f, index_name(slot), kd, "stale entry: no such %s row", sc__st_name(st));
        return;
    }
    sc__buf_reset(&f->key);
    if (sc__index_key(&f->key, &islot, st, m) || f->key.len != k->mv_size ||
        memcmp(f->key.data, k->mv_data, k->mv_size) != 0)
        problem(f, index_name(slot), kd, "stale entry: the %s row has another name",
                sc__st_name(st));
}

static int check_index(fsck *f, unsigned slot)
{
    MDB_cursor *c;
    MDB_val k, v;
    sc_keyspec ks;
    char kd[256];
    int rc;

    index_keyspec(&ks, slot);
    if ((rc = mdb_cursor_open(f->txn->mdb, f->txn->cat->dbi[slot], &c)))
        return sc__mdb_fail(f->txn, rc, "opening a cursor");
    while ((rc = next_entry(f, c, &k, &v)) == 0) {
        sc__key_describe(kd, sizeof(kd), &ks, k.mv_data, k.mv_size);
        check_entry(f, slot, &k, &v, kd);
    }
    mdb_cursor_close(c);
    return rc == MDB_NOTFOUND ? SC_OK : sc__mdb_fail(f->txn, rc, "walking a name index");
}

/* ------------------------------------------------------------------ */
/* Counters                                                             */

static void check_counter(fsck *f, const char *name, uint64_t max_used)
{
    Syscat__Catalog__SequenceRow *r = NULL;
    char kd[128];

    snprintf(kd, sizeof(kd), "name='%s'", name);
    sc__buf_reset(&f->key);
    sc__arena_reset(&f->a);
    if (sc__key_put_str(&f->key, (const uint8_t *)name, strlen(name)) ||
        sc__row_get((ProtobufCMessage **)&r, f->txn, &f->a, SC_SYS_SEQUENCES, f->key.data,
                    f->key.len) != SC_OK) {
        problem(f, "sequences", kd, "counter missing or unreadable");
        return;
    }
    if (r->next_value < SC_FIRST_USER_ID || r->next_value <= max_used)
        problem(f, "sequences", kd, "next_value %llu is not above the highest id in use (%llu)",
                (unsigned long long)r->next_value, (unsigned long long)max_used);
}

int sc_fsck(sc_catalog *cat,
            void (*report)(const char *problem, void *payload),
            void *payload,
            size_t *problems_out)
{
    fsck f;
    unsigned st, slot;
    int rc;

    memset(&f, 0, sizeof(f));
    sc__buf_init(&f.key, cat->ctx);
    f.report = report;
    f.payload = payload;
    if (problems_out)
        *problems_out = 0;
    if ((rc = sc_txn_begin(&f.txn, cat, SC_TXN_READONLY)))
        return rc;
    sc__arena_init(&f.a, cat->ctx, 4096);
    sc__arena_init(&f.names_a, cat->ctx, 4096);
    for (st = 1; !rc && st <= SC_SYS_COUNT; st++)
        if (!cat->keys[st].kind)
            rc = check_systable(&f, st);
    if (!rc && cat->clustered)
        rc = check_table_rows(&f);
    for (slot = SC_DB_SCHEMA_NAME; !rc && slot <= SC_DB_FK_PARENT; slot++)
        rc = check_index(&f, slot);
    if (!rc)
        rc = check_plain(&f, SC_DB_META);
    if (!rc)
        rc = check_plain(&f, SC_DB_SETTINGS);
    if (!rc) {
        check_counter(&f, "schema_id", f.max_schema_id);
        check_counter(&f, "table_id", f.max_table_id);
        if (f.max_partition_id)
            check_counter(&f, "partition_id", f.max_partition_id);
    }
    sc__arena_free(&f.a);
    sc__arena_free(&f.names_a);
    sc__buf_free(&f.key);
    sc_txn_abort(f.txn);
    if (problems_out)
        *problems_out = f.problems;
    if (rc)
        return rc;
    if (f.problems)
        return sc_error_set(cat->ctx, SC_ECORRUPT, 0, NULL, "fsck found %zu problem(s)",
                            f.problems);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Scoped checks for the replica applier (sc_catalog__check_tables)     */

/* check_row on every row of st whose key starts with the table id. */
static int check_children(fsck *f, unsigned st, uint64_t table_id)
{
    MDB_cursor *c;
    MDB_val k, v;
    int rc;

    if ((rc = mdb_cursor_open(f->txn->mdb, f->txn->cat->dbi[st], &c)))
        return sc__mdb_fail(f->txn, rc, "opening a cursor");
    for (rc = sc__cursor_rows_get(c, &k, &v, f->txn->cat, st, table_id, MDB_SET_RANGE); rc == 0;
         rc = sc__cursor_rows_get(c, &k, &v, f->txn->cat, st, table_id, MDB_NEXT))
        check_row_at(f, st, &k, &v, false);
    mdb_cursor_close(c);
    return rc == 0 || rc == MDB_NOTFOUND ? SC_OK : sc__mdb_fail(f->txn, rc, "walking rows");
}

static int check_one_table(fsck *f, uint64_t id)
{
    static const unsigned children[] = {SC_SYS_COLUMNS,
                                        SC_SYS_INDEXES,
                                        SC_SYS_INDEX_COLUMNS,
                                        SC_SYS_FOREIGN_KEYS,
                                        SC_SYS_FOREIGN_KEY_COLUMNS,
                                        SC_SYS_CHECK_CONSTRAINTS,
                                        SC_SYS_VIEWS,
                                        SC_SYS_TRIGGERS,
                                        SC_SYS_PARTITIONS,
                                        SC_SYS_SEQUENCE_OPTIONS};
    uint8_t key[17];
    size_t klen = id_key(key, f, SC_SYS_TABLES, id, NULL);
    ProtobufCMessage *m = NULL;
    char kd[64];
    int rc = SC_OK;

    snprintf(kd, sizeof(kd), "id=%llu", (unsigned long long)id);
    sc__arena_reset(&f->a);
    if (sc__row_get(&m, f->txn, &f->a, SC_SYS_TABLES, key, klen) == SC_OK) {
        check_row(f, SC_SYS_TABLES, m, kd);
        for (size_t i = 0; !rc && i < sizeof(children) / sizeof(children[0]); i++)
            rc = check_children(f, children[i], id);
        return rc;
    }
    for (size_t i = 0; i < sizeof(children) / sizeof(children[0]); i++)
        if (count_children(f, children[i], id, NULL))
            problem(f, sc__st_name(children[i]), kd, "rows left of a table that does not exist");
    return SC_OK;
}

static void check_one_schema(fsck *f, uint64_t id)
{
    uint8_t key[8];
    ProtobufCMessage *m = NULL;
    char kd[64];

    sc__put_u64be(key, id);
    snprintf(kd, sizeof(kd), "id=%llu", (unsigned long long)id);
    sc__arena_reset(&f->a);
    if (sc__row_get(&m, f->txn, &f->a, SC_SYS_SCHEMATA, key, 8) == SC_OK) {
        check_row(f, SC_SYS_SCHEMATA, m, kd);
        return;
    }
    sc__buf_reset(&f->key);
    if (sc__key_put_u64(&f->key, id) == SC_OK &&
        count_prefix(f, SC_DB_TABLE_NAME, f->key.data, f->key.len))
        problem(f, "tables", kd, "tables left in a schema that does not exist");
}

int sc_catalog__check_tables(sc_txn *txn,
                             const uint64_t *table_ids,
                             size_t n_tables,
                             const uint64_t *schema_ids,
                             size_t n_schemas,
                             void (*report)(const char *problem, void *payload),
                             void *payload,
                             size_t *problems_out)
{
    fsck f;
    int rc = SC_OK;

    memset(&f, 0, sizeof(f));
    sc__buf_init(&f.key, txn->cat->ctx);
    f.txn = txn;
    f.report = report;
    f.payload = payload;
    sc__arena_init(&f.a, txn->cat->ctx, 4096);
    sc__arena_init(&f.names_a, txn->cat->ctx, 4096);
    for (size_t i = 0; !rc && i < n_tables; i++)
        rc = check_one_table(&f, table_ids[i]);
    for (size_t i = 0; !rc && i < n_schemas; i++)
        check_one_schema(&f, schema_ids[i]);
    sc__arena_free(&f.a);
    sc__arena_free(&f.names_a);
    sc__buf_free(&f.key);
    *problems_out = f.problems;
    return rc;
}
