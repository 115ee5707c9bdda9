/*
 * catalog_util.h - helpers for the catalog Check suites (header-only so the
 * Makefile's suite discovery, which takes every tests/check_*.c, is not
 * confused): definition builders, name lists, a recording commit hook, a
 * raw dump of every LMDB database, an fsck wrapper.
 */
#ifndef SC_TEST_CATALOG_UTIL_H
#define SC_TEST_CATALOG_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "tests/fixtures.h"

#define ct_ok(expr)                                                                                \
    do {                                                                                           \
        int ct_rc_ = (expr);                                                                       \
        ck_assert_msg(ct_rc_ == SC_OK, "%s = %d: %s", #expr, ct_rc_,                               \
                      sc_ctx_last_error(sc_fx.ctx)->message);                                      \
    } while (0)

/* ------------------------------------------------------------------ */
/* A generated table definition                                         */

#define CT_MAX_COLS 16

typedef struct ct_def {
    sc_table_def def;
    sc_column_def cols[CT_MAX_COLS];
    char names[CT_MAX_COLS][8];
    sc_index_def idx[2];
    sc_index_part pk_parts[1], k1_parts[2];
    sc_fk_def fk;
    const char *fk_cols[1], *fk_pcols[1];
    sc_check_def chk;
} ct_def;

static const char *const ct_enum_values[] = {"a", "b'c", ""};

/* ncols columns c0..; with extras: PRIMARY(c0), k1(c1(10), c0 DESC), FK fk1(c0) ->
 * parent(id), CHECK, comment. */
static inline void ct_def_make(ct_def *d, const char *name, size_t ncols, int extras)
{
    size_t i;

    memset(d, 0, sizeof(*d));
    ck_assert_uint_le(ncols, CT_MAX_COLS);
    for (i = 0; i < ncols; i++) {
        sc_column_def *c = &d->cols[i];
        snprintf(d->names[i], sizeof(d->names[i]), "c%zu", i);
        c->name = d->names[i];
        c->type = SC_TYPE_INT;
        c->length = 11;
        if (i == 0) {
            c->flags = SC_COL_NOT_NULL;
            c->default_kind = SC_DEFAULT_LITERAL;
            c->default_value = "";
        } else if (i == 1) {
            c->type = SC_TYPE_VARCHAR;
            c->length = 32;
            c->charset = "utf8mb4";
            c->collation = "utf8mb4_general_ci";
            c->default_kind = SC_DEFAULT_NULL;
        } else if (i == 2) {
            c->type = SC_TYPE_ENUM;
            c->length = 0;
            c->elements = ct_enum_values;
            c->n_elements = 3;
        }
    }
    d->def.name = name;
    d->def.engine = "InnoDB";
    d->def.charset = "utf8mb4";
    d->def.collation = "utf8mb4_general_ci";
    d->def.columns = d->cols;
    d->def.n_columns = ncols;
    if (!extras)
        return;
    d->pk_parts[0].column = "c0";
    d->idx[0].name = "PRIMARY";
    d->idx[0].kind = SC_INDEX_PRIMARY;
    d->idx[0].parts = d->pk_parts;
    d->idx[0].n_parts = 1;
    d->def.indexes = d->idx;
    d->def.n_indexes = 1;
    if (ncols >= 2) {
        d->k1_parts[0].column = "c1";
        d->k1_parts[0].prefix_len = 10;
        d->k1_parts[1].column = "C0"; /* column names are case-insensitive */
        d->k1_parts[1].descending = true;
        d->idx[1].name = "k1";
        d->idx[1].kind = SC_INDEX_KEY;
        d->idx[1].parts = d->k1_parts;
        d->idx[1].n_parts = 2;
        d->def.n_indexes = 2;
    }
    d->fk_cols[0] = "c0";
    d->fk_pcols[0] = "id";
    d->fk.name = "fk1";
    d->fk.columns = d->fk_cols;
    d->fk.parent_columns = d->fk_pcols;
    d->fk.n_columns = 1;
    d->fk.parent_table = "parent";
    d->fk.on_delete = SC_FK_CASCADE;
    d->def.foreign_keys = &d->fk;
    d->def.n_foreign_keys = 1;
    d->chk.name = "chk1";
    d->chk.expr = "`c0` > 0";
    d->def.checks = &d->chk;
    d->def.n_checks = 1;
    d->def.comment = "a comment";
}

static inline uint64_t ct_schema(sc_txn *txn, const char *name)
{
    sc_schema_def sd = {name, "utf8mb4", "utf8mb4_general_ci", NULL};
    uint64_t id = 0;

    ct_ok(sc_schema_create(&id, txn, &sd));
    return id;
}

static inline uint64_t
ct_table(sc_txn *txn, uint64_t schema, const char *name, size_t ncols, int extras)
{
    ct_def d;
    uint64_t id = 0;

    ct_def_make(&d, name, ncols, extras);
    ct_ok(sc_table_create(&id, txn, schema, &d.def));
    return id;
}

static inline uint64_t ct_table_id_of(sc_txn *txn, const char *schema, const char *name)
{
    sc_table *t = NULL;
    uint64_t id;

    ct_ok(sc_table_lookup(&t, txn, schema, name));
    id = sc_table_id(t);
    sc_table_free(t);
    return id;
}

/* ------------------------------------------------------------------ */
/* Name lists                                                           */

typedef struct ct_names {
    char **v;
    size_t n, cap;
    char *joined;
} ct_names;

static inline void ct_names_add(ct_names *n, const char *s)
{
    if (n->n == n->cap) {
        n->cap = n->cap ? n->cap * 2 : 16;
        n->v = realloc(n->v, n->cap * sizeof(*n->v));
    }
    n->v[n->n++] = strdup(s);
}

static inline int ct_cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static inline void ct_names_sort(ct_names *n)
{
    qsort(n->v, n->n, sizeof(*n->v), ct_cmp_str);
}

static inline const char *ct_names_join(ct_names *n)
{
    size_t i, len = 1;

    for (i = 0; i < n->n; i++)
        len += strlen(n->v[i]) + 1;
    free(n->joined);
    n->joined = calloc(1, len);
    for (i = 0; i < n->n; i++) {
        if (i)
            strcat(n->joined, ",");
        strcat(n->joined, n->v[i]);
    }
    return n->joined;
}

static inline void ct_names_clear(ct_names *n)
{
    size_t i;

    for (i = 0; i < n->n; i++)
        free(n->v[i]);
    free(n->v);
    free(n->joined);
    memset(n, 0, sizeof(*n));
}

/* ------------------------------------------------------------------ */
/* A commit hook that records what it sees                              */

typedef struct ct_change {
    unsigned systable, stmt;
    bool cascade;
    uint8_t *before, *after;
    size_t before_len, after_len;
} ct_change;

typedef struct ct_hook_log {
    ct_change c[4096];
    size_t n;
    int fail_with;  /* non-zero: the hook returns it */
    bool write_row; /* the hook writes a tid_map row into the txn */
    unsigned calls;
    char stmt1[128]; /* statement text number 1 as the hook saw it */
} ct_hook_log;

static inline int ct_hook_record(sc_txn *txn, const sc_row_change *ch, size_t n, void *payload)
{
    ct_hook_log *log = payload;
    sc_slice s = sc_catalog__statement(txn, 1);
    size_t i;

    log->calls++;
    snprintf(log->stmt1, sizeof(log->stmt1), "%.*s", (int)s.len, (const char *)s.data);
    for (i = 0; i < n && log->n < 4096; i++) {
        ct_change *c = &log->c[log->n++];
        c->systable = ch[i].systable;
        c->stmt = ch[i].stmt;
        c->cascade = ch[i].cascade;
        c->before_len = ch[i].before.len;
        c->after_len = ch[i].after.len;
        c->before = c->before_len ? malloc(c->before_len) : NULL;
        c->after = c->after_len ? malloc(c->after_len) : NULL;
        if (c->before_len)
            memcpy(c->before, ch[i].before.data, c->before_len);
        if (c->after_len)
            memcpy(c->after, ch[i].after.data, c->after_len);
    }
    if (log->write_row) {
        Syscat__Catalog__TidMapRow r = SYSCAT__CATALOG__TID_MAP_ROW__INIT;
        uint8_t buf[64];
        sc_slice sl;
        r.source_id = 1;
        r.kind = 1;
        r.source_tid = 500;
        r.my_tid = 600;
        sl.data = buf;
        sl.len = syscat__catalog__tid_map_row__pack(&r, buf);
        if (sc_catalog__row_put(txn, SC_SYS_TID_MAP, sl))
            return SC_ERROR;
    }
    return log->fail_with;
}

static inline void ct_hook_log_clear(ct_hook_log *log)
{
    size_t i;

    for (i = 0; i < log->n; i++) {
        free(log->c[i].before);
        free(log->c[i].after);
    }
    log->n = 0;
}

/* ------------------------------------------------------------------ */
/* Raw dump of every LMDB database: "db\tkeyhex\tvalhex\n"...           */

typedef struct ct_buf {
    char *s;
    size_t len, cap;
} ct_buf;

static inline void ct_buf_add(ct_buf *b, const void *p, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = realloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, p, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static inline void ct_buf_hex(ct_buf *b, const MDB_val *v)
{
    char h[3];
    size_t i;

    for (i = 0; i < v->mv_size; i++) {
        snprintf(h, sizeof(h), "%02x", ((const uint8_t *)v->mv_data)[i]);
        ct_buf_add(b, h, 2);
    }
}

static inline void ct_dump_db(ct_buf *b, MDB_txn *txn, const char *name)
{
    MDB_dbi dbi;
    MDB_cursor *c;
    MDB_val k, v;

    ck_assert_int_eq(mdb_dbi_open(txn, name, 0, &dbi), 0);
    ck_assert_int_eq(mdb_cursor_open(txn, dbi, &c), 0);
    while (mdb_cursor_get(c, &k, &v, MDB_NEXT) == 0) {
        ct_buf_add(b, name, strlen(name));
        ct_buf_add(b, "\t", 1);
        ct_buf_hex(b, &k);
        ct_buf_add(b, "\t", 1);
        ct_buf_hex(b, &v);
        ct_buf_add(b, "\n", 1);
    }
    mdb_cursor_close(c);
}

/* Every named database and every pair in it; caller frees. */
static inline char *ct_dump(sc_catalog *cat)
{
    MDB_txn *txn;
    MDB_dbi main;
    MDB_cursor *c;
    MDB_val k, v;
    ct_buf b = {0}, names = {0};
    char *p, *nl;

    ck_assert_int_eq(mdb_txn_begin(sc_catalog__env(cat), NULL, MDB_RDONLY, &txn), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, NULL, 0, &main), 0);
    ck_assert_int_eq(mdb_cursor_open(txn, main, &c), 0);
    while (mdb_cursor_get(c, &k, &v, MDB_NEXT) == 0) {
        ct_buf_add(&names, k.mv_data, k.mv_size);
        ct_buf_add(&names, "\n", 1);
    }
    mdb_cursor_close(c);
    ct_buf_add(&b, "", 0);
    for (p = names.s; p && *p; p = nl + 1) {
        nl = strchr(p, '\n');
        *nl = '\0';
        ct_dump_db(&b, txn, p);
    }
    mdb_txn_abort(txn);
    free(names.s);
    return b.s;
}

/* ------------------------------------------------------------------ */
/* fsck                                                                 */

typedef struct ct_problems {
    ct_names msgs;
} ct_problems;

static inline void ct_collect_problem(const char *problem, void *payload)
{
    ct_names_add(payload, problem);
}

static inline void ct_fsck_clean(sc_catalog *cat)
{
    ct_names n = {0};
    size_t problems = 99;
    int rc = sc_fsck(cat, ct_collect_problem, &n, &problems);

    ck_assert_msg(rc == SC_OK && problems == 0, "fsck: rc %d, %zu problems: %s", rc, problems,
                  ct_names_join(&n));
    ct_names_clear(&n);
}

/* ------------------------------------------------------------------ */
/* Raw LMDB access to plant damage                                      */

/* Key bytes: u64 big-endian, or an escaped name (no NUL inside) + 00 01. */
static inline size_t ct_key_u64(uint8_t *p, uint64_t v)
{
    int i;

    for (i = 7; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
    return 8;
}

/* The database of a table's own rows (tables, columns, indexes, ...) in format 2. */
#define CT_ROWS_DB "sys.table_rows"

/* The start of a key in sys.table_rows: the table id and the kind (system table id). */
static inline size_t ct_key_rows(uint8_t *p, uint64_t table_id, unsigned kind)
{
    ct_key_u64(p, table_id);
    p[8] = (uint8_t)kind;
    return 9;
}

static inline size_t ct_key_str(uint8_t *p, const char *s)
{
    size_t n = strlen(s);

    memcpy(p, s, n);
    p[n] = 0;
    p[n + 1] = 1;
    return n + 2;
}

static inline void ct_raw_put(
    sc_catalog *cat, const char *db, const void *key, size_t klen, const void *val, size_t vlen)
{
    MDB_txn *txn;
    MDB_dbi dbi;
    MDB_val k = {klen, (void *)(uintptr_t)key}, v = {vlen, (void *)(uintptr_t)val};

    ck_assert_int_eq(mdb_txn_begin(sc_catalog__env(cat), NULL, 0, &txn), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, db, 0, &dbi), 0);
    ck_assert_int_eq(mdb_put(txn, dbi, &k, &v, 0), 0);
    ck_assert_int_eq(mdb_txn_commit(txn), 0);
}

static inline void ct_raw_del(sc_catalog *cat, const char *db, const void *key, size_t klen)
{
    MDB_txn *txn;
    MDB_dbi dbi;
    MDB_val k = {klen, (void *)(uintptr_t)key};

    ck_assert_int_eq(mdb_txn_begin(sc_catalog__env(cat), NULL, 0, &txn), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, db, 0, &dbi), 0);
    ck_assert_int_eq(mdb_del(txn, dbi, &k, NULL), 0);
    ck_assert_int_eq(mdb_txn_commit(txn), 0);
}

/* A malloc'ed copy of a value (length in *len), or NULL when absent. */
static inline uint8_t *
ct_raw_get(sc_catalog *cat, const char *db, const void *key, size_t klen, size_t *len)
{
    MDB_txn *txn;
    MDB_dbi dbi;
    MDB_val k = {klen, (void *)(uintptr_t)key}, v;
    uint8_t *out = NULL;

    ck_assert_int_eq(mdb_txn_begin(sc_catalog__env(cat), NULL, MDB_RDONLY, &txn), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, db, 0, &dbi), 0);
    if (mdb_get(txn, dbi, &k, &v) == 0) {
        out = malloc(v.mv_size + 1);
        memcpy(out, v.mv_data, v.mv_size);
        *len = v.mv_size;
    }
    mdb_txn_abort(txn);
    return out;
}

#endif /* SC_TEST_CATALOG_UTIL_H */
