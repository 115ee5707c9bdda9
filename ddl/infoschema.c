/*
 * infoschema.c - the information_schema table registry (column metadata
 * from ddl/infoschema.def, recorded from MariaDB 10.11) and the fills of
 * the tables that list names: SCHEMATA, TABLE_NAMES (SHOW TABLES' source).
 * The per-table fills of TABLES, COLUMNS, STATISTICS and the constraint
 * tables are in ddl/infoschema_tables.c; the server-level ones (variables,
 * character sets, collations, engines) in ddl/infoschema_server.c.
 *
 * Row order is the one MariaDB produces before any ORDER BY: databases and
 * tables sorted by name in binary order (MariaDB sorts the directory
 * listing), information_schema first.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/infoschema.h"
#include "ddl/infoschema_int.h"

typedef struct is_col {
    const char *name;
    unsigned type;
    uint32_t length;
    unsigned flags, charsetnr, decimals;
} is_col;

typedef struct is_table {
    const char *name;
    const is_col *cols;
    size_t n_cols;
} is_table;

/* The .def lists tables one after the other; a single array of every column
 * plus, per table, the index of its first column keeps the expansion simple. */
static const struct {
    int table;
    is_col col;
} all_cols[] = {
#define SC_IS_TABLE(T)
#define SC_IS_COL(T, NAME, TYPE, LEN, FLAGS, CS, DEC)                                              \
    {SC_IS_##T, {NAME, SC_FIELD_TYPE_##TYPE, LEN, FLAGS, CS, DEC}},
#include "ddl/infoschema.def"
#undef SC_IS_TABLE
#undef SC_IS_COL
    /* TABLE_NAMES: what SHOW [FULL] TABLES sends (MariaDB 10.11.19) */
    {SC_IS_TABLE_NAMES, {"TABLE_CATALOG", SC_FIELD_TYPE_VAR_STRING, 1536, 0x1001, 33, 0}},
    {SC_IS_TABLE_NAMES, {"TABLE_SCHEMA", SC_FIELD_TYPE_VAR_STRING, 192, 0x1001, 33, 0}},
    {SC_IS_TABLE_NAMES, {"TABLE_NAME", SC_FIELD_TYPE_VAR_STRING, 219, 0x1001, 33, 0}},
    {SC_IS_TABLE_NAMES, {"TABLE_TYPE", SC_FIELD_TYPE_VAR_STRING, 192, 0x1001, 33, 0}},
};

static const char *const table_names[] = {
#define SC_IS_TABLE(T) #T,
#define SC_IS_COL(T, NAME, TYPE, LEN, FLAGS, CS, DEC)
#include "ddl/infoschema.def"
#undef SC_IS_TABLE
#undef SC_IS_COL
    "TABLE_NAMES",
};

int sc_is__find(const char *name)
{
    for (int i = 0; i < SC_IS__COUNT; i++)
        if (strcasecmp(table_names[i], name) == 0 && i != SC_IS_TABLE_NAMES)
            return i;
    return -1;
}

const char *sc_is__name(sc_is_table t)
{
    return table_names[t];
}

int sc_is__columns(sc_rs *b, sc_is_table t)
{
    for (size_t i = 0; i < sizeof(all_cols) / sizeof(all_cols[0]); i++) {
        const is_col *c = &all_cols[i].col;
        sc_result_column rc = {
            c->name, c->name,   table_names[t], table_names[t], "information_schema",
            c->type, c->length, c->flags,       c->charsetnr,   c->decimals};
        if (all_cols[i].table != (int)t)
            continue;
        if (sc_rs__column(b, &rc) != SC_OK)
            return SC_ENOMEM;
    }
    return SC_OK;
}

int sc_is__show_create_columns(sc_rs *b, const char *a, const char *bname)
{
    /* computed columns: no origin, decimals 39 (NOT_FIXED_DEC), utf8mb3 */
    sc_result_column c1 = {a,
                           "",
                           "",
                           "",
                           "",
                           SC_FIELD_TYPE_VAR_STRING,
                           192,
                           SC_FIELD_NOT_NULL,
                           SC_CHARSET_UTF8MB3_GENERAL_CI,
                           39};
    sc_result_column c2 = {bname,
                           "",
                           "",
                           "",
                           "",
                           SC_FIELD_TYPE_VAR_STRING,
                           3072,
                           SC_FIELD_NOT_NULL,
                           SC_CHARSET_UTF8MB3_GENERAL_CI,
                           39};

    if (sc_rs__column(b, &c1) != SC_OK || sc_rs__column(b, &c2) != SC_OK)
        return SC_ENOMEM;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Name lists                                                           */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int collect_schema(const sc_schema *s, void *payload)
{
    sc_is_names *n = payload;
    return sc_is__names_add(n, sc_schema_definition(s)->name) == SC_OK ? 0 : -1;
}

static int collect_table(const sc_table_info *info, void *payload)
{
    sc_is_names *n = payload;
    return sc_is__names_add(n, info->name) == SC_OK ? 0 : -1;
}

int sc_is__names_add(sc_is_names *n, const char *name)
{
    if (n->n == n->cap) {
        size_t cap = n->cap ? n->cap * 2 : 16;
        char **p = sc__realloc(n->ctx, n->v, cap * sizeof(*p));
        if (!p)
            return SC_ENOMEM;
        n->v = p;
        n->cap = cap;
    }
    if (!(n->v[n->n] = sc__strdup(n->ctx, name)))
        return SC_ENOMEM;
    n->n++;
    return SC_OK;
}

void sc_is__names_free(sc_is_names *n)
{
    for (size_t i = 0; i < n->n; i++)
        sc_free(n->ctx, n->v[i]);
    sc_free(n->ctx, n->v);
    memset(n, 0, sizeof(*n));
}

int sc_is__schema_names(sc_is_names *out, sc_exec *x, const char *only)
{
    int rc;

    out->ctx = x->ctx;
    if (only) {
        sc_schema *s = NULL;
        rc = sc_schema_lookup(&s, x->txn, only);
        sc_schema_free(s);
        if (rc == SC_ENOTFOUND)
            return SC_OK;
        return rc == SC_OK ? sc_is__names_add(out, only) : rc;
    }
    rc = sc_schema_foreach(x->txn, collect_schema, out);
    if (rc != SC_OK)
        return rc < 0 ? rc : SC_ENOMEM;
    if (out->n > 1)
        qsort(out->v, out->n, sizeof(char *), cmp_str);
    return SC_OK;
}

int sc_is__table_names(sc_is_names *out, sc_exec *x, const char *schema, const char *only)
{
    sc_schema *s = NULL;
    uint64_t id;
    int rc;

    out->ctx = x->ctx;
    rc = sc_schema_lookup(&s, x->txn, schema);
    if (rc == SC_ENOTFOUND)
        return SC_OK;
    if (rc != SC_OK)
        return rc;
    id = sc_schema_id(s);
    sc_schema_free(s);
    if (only) {
        uint64_t tid;
        rc = sc_table_lookup_id(&tid, x->txn, id, only);
        if (rc == SC_ENOTFOUND)
            return SC_OK;
        return rc == SC_OK ? sc_is__names_add(out, only) : rc;
    }
    rc = sc_table_foreach(x->txn, id, collect_table, out);
    if (rc != SC_OK)
        return rc < 0 ? rc : SC_ENOMEM;
    if (out->n > 1)
        qsort(out->v, out->n, sizeof(char *), cmp_str);
    return SC_OK;
}

int sc_is__each_table(
    sc_rs *b, sc_exec *x, const sc_is_scope *scope, sc_is_table_fn fn, sc_is_table_fn view_fn)
{
    sc_is_names dbs = {0};
    int rc = sc_is__schema_names(&dbs, x, scope->schema);

    for (size_t i = 0; rc == SC_OK && i < dbs.n; i++) {
        sc_is_names tables = {0};
        rc = sc_is__table_names(&tables, x, dbs.v[i], scope->table);
        for (size_t j = 0; rc == SC_OK && j < tables.n; j++) {
            sc_table *t = NULL;
            rc = sc_table_lookup(&t, x->txn, dbs.v[i], tables.v[j]);
            if (rc == SC_OK) {
                sc_is_table_fn f = sc_is__is_view(x, sc_table_id(t)) ? view_fn : fn;
                if (f)
                    rc = f(b, x, dbs.v[i], t, scope);
            }
            sc_table_free(t);
        }
        sc_is__names_free(&tables);
    }
    sc_is__names_free(&dbs);
    return rc;
}

/* ------------------------------------------------------------------ */
/* SCHEMATA, TABLE_NAMES                                                */

static int fill_schemata(sc_rs *b, sc_exec *x, const sc_is_scope *scope)
{
    sc_is_names names = {0};
    int rc;

    if (!scope->schema || strcmp(scope->schema, "information_schema") == 0) {
        sc_rs__str(b, "def");
        sc_rs__str(b, "information_schema");
        sc_rs__str(b, "utf8mb3");
        sc_rs__str(b, "utf8mb3_general_ci");
        sc_rs__null(b);
        sc_rs__str(b, "");
    }
    rc = sc_is__schema_names(&names, x, scope->schema);
    for (size_t i = 0; rc == SC_OK && i < names.n; i++) {
        sc_schema *s = NULL;
        const sc_schema_def *d;
        if ((rc = sc_schema_lookup(&s, x->txn, names.v[i])) != SC_OK)
            break;
        d = sc_schema_definition(s);
        sc_rs__str(b, "def");
        sc_rs__str(b, d->name);
        sc_rs__str(b, d->charset);
        sc_rs__str(b, d->collation);
        sc_rs__null(b);
        rc = sc_rs__str(b, d->comment ? d->comment : "");
        sc_schema_free(s);
    }
    sc_is__names_free(&names);
    return rc;
}

/* TABLE_TYPE: VIEW for a view (a syscat.views row), SEQUENCE for a sequence, else BASE TABLE. */
static const char *table_type(sc_exec *x, const char *schema, const char *name)
{
    sc_table *t = NULL;
    const char *type = "BASE TABLE";

    if (sc_table_lookup(&t, x->txn, schema, name) == SC_OK) {
        if (sc_is__is_view(x, sc_table_id(t)))
            type = "VIEW";
        else if (sc_table_definition(t)->flags & SC_TABLE_SEQUENCE)
            type = "SEQUENCE";
    } else {
        sc_ctx_clear_error(x->ctx);
    }
    sc_table_free(t);
    return type;
}

static int fill_table_names(sc_rs *b, sc_exec *x, const sc_is_scope *scope)
{
    sc_is_names names = {0};
    sc_schema *s = NULL;
    int rc = sc_is__table_names(&names, x, scope->schema, scope->table);

    if (rc == SC_OK && names.n)
        rc = sc_schema_lookup(&s, x->txn, scope->schema);
    for (size_t i = 0; rc == SC_OK && i < names.n; i++) {
        sc_rs__str(b, "def");
        sc_rs__str(b, scope->schema);
        sc_rs__str(b, names.v[i]);
        rc = sc_rs__str(b, table_type(x, scope->schema, names.v[i]));
    }
    sc_schema_free(s);
    sc_is__names_free(&names);
    return rc;
}

int sc_is__fill(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope)
{
    switch (t) {
    case SC_IS_SCHEMATA:
        return fill_schemata(b, x, scope);
    case SC_IS_TABLE_NAMES:
        return fill_table_names(b, x, scope);
    default:
        return sc_is__fill_tables(b, x, t, scope);
    }
}
