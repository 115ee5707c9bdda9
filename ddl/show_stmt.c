/*
 * show_stmt.c - SHOW statements as result sets (sc_stmt_result.rs), the
 * way MariaDB 10.11 answers them: most are queries on an
 * information_schema table (ddl/infoschema.h) with renamed columns, a
 * LIKE on the first column and the rows in the table's own order; SHOW
 * CREATE has two computed columns.
 *
 * The legacy text (sc_stmt_result.output) of SHOW CREATE TABLE/DATABASE and
 * SHOW DATABASES/TABLES is kept beside the result set for callers that read
 * it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/infoschema.h"
#include "ddl/show_stmt.h"
#include "ddl/types.h"

/* ------------------------------------------------------------------ */
/* Materialise, filter, project                                         */

/*
 * Rows of src whose column `col` matches the LIKE pattern (all rows when
 * pattern is NULL), in order, as row numbers in *rows_out (arena memory).
 * cs: case-sensitive match (SHOW TABLES/DATABASES LIKE with
 * lower_case_table_names=0 compare file names byte for byte).
 */
static int like_rows(sc_exec *x,
                     size_t **rows_out,
                     size_t *n_out,
                     const sc_rs *src,
                     size_t col,
                     const sc_ast_str *pattern,
                     bool cs)
{
    size_t n = sc_rs__rows(src), k = 0;
    size_t *rows = sc_exec__alloc(x, (n ? n : 1) * sizeof(*rows));

    if (!rows)
        return SC_ENOMEM;
    for (size_t r = 0; r < n; r++) {
        const char *data;
        size_t len;
        sc_rs__get(&data, &len, src, r, col);
        if (!pattern || !pattern->s ||
            (data && sc_show__like(data, len, pattern->s, pattern->len, '\\', !cs)))
            rows[k++] = r;
    }
    *rows_out = rows;
    *n_out = k;
    return SC_OK;
}

typedef struct sort_ctx {
    const sc_rs *src;
    size_t col;
} sort_ctx;

static int cmp_rows_binary(const void *a, const void *b, void *payload)
{
    const sort_ctx *c = payload;
    const char *da, *db;
    size_t la, lb;
    int d;

    sc_rs__get(&da, &la, c->src, *(const size_t *)a, c->col);
    sc_rs__get(&db, &lb, c->src, *(const size_t *)b, c->col);
    d = memcmp(da ? da : "", db ? db : "", la < lb ? la : lb);
    return d ? d : (la > lb) - (la < lb);
}

/* Order rows[] by column col of src, bytes compared (binary collation). */
static void sort_rows(size_t *rows, size_t n, const sc_rs *src, size_t col)
{
    sort_ctx c = {src, col};
    qsort_r(rows, n, sizeof(*rows), cmp_rows_binary, &c);
}

/*
 * The answer of a SHOW that reads one information_schema table: rows of
 * table t within scope, LIKE on column like_col, then columns cols[] of t
 * renamed to names[] (NULL keeps the table's name).
 */
static int show_from_is(sc_exec *x,
                        sc_is_table t,
                        const sc_is_scope *scope,
                        const char *like_col,
                        const sc_ast_str *like,
                        bool like_cs,
                        const char *const *cols,
                        const char *const *names,
                        size_t n_cols)
{
    sc_rs src;
    size_t *rows = NULL, n_rows = 0, idx[32];
    int rc;

    assert(n_cols <= 32);
    sc_rs__init(&src, x->ctx);
    rc = sc_is__columns(&src, t);
    if (rc == SC_OK)
        rc = sc_is__fill(&src, x, t, scope);
    for (size_t i = 0; rc == SC_OK && i < n_cols; i++) {
        long c = sc_rs__find_col(&src, cols[i]);
        assert(c >= 0);
        idx[i] = (size_t)c;
        rc = sc_rs__column_from(&x->rs, &src, idx[i], names[i]);
    }
    if (rc == SC_OK)
        rc = like_rows(x, &rows, &n_rows, &src, (size_t)sc_rs__find_col(&src, like_col), like,
                       like_cs);
    if (rc == SC_OK && t == SC_IS_SCHEMATA) /* SHOW DATABASES sorts, information_schema too */
        sort_rows(rows, n_rows, &src, idx[0]);
    if (rc == SC_OK)
        rc = sc_rs__project(&x->rs, &src, rows, n_rows, idx, n_cols);
    sc_rs__free(&src);
    x->has_rs = rc == SC_OK;
    return rc;
}

/* Legacy text: the first column of each row, one a line. */
static void legacy_first_column(sc_exec *x)
{
    size_t n = sc_rs__rows(&x->rs);

    x->has_output = true;
    for (size_t r = 0; r < n; r++) {
        const char *data;
        size_t len;
        sc_rs__get(&data, &len, &x->rs, r, 0);
        sc__buf_put(&x->out, data, len);
        sc__buf_putc(&x->out, '\n');
    }
}

/* "Name (pattern)" when a LIKE was given. */
static const char *with_pattern(sc_exec *x, const char *name, const sc_ast_str *like)
{
    return like->s ? sc_exec__printf(x, "%s (%s)", name, like->s) : name;
}

/* ------------------------------------------------------------------ */
/* SHOW DATABASES, SHOW TABLES                                          */

static int show_databases(sc_exec *x, const sc_ast_show *sh)
{
    static const char *const cols[] = {"SCHEMA_NAME"};
    const char *names[1];
    sc_is_scope scope = {NULL, NULL, true, false};
    int rc;

    names[0] = with_pattern(x, "Database", &sh->like);
    if (!names[0])
        return SC_ENOMEM;
    rc = show_from_is(x, SC_IS_SCHEMATA, &scope, "SCHEMA_NAME", &sh->like, true, cols, names, 1);
    if (rc == SC_OK)
        legacy_first_column(x);
    return rc;
}

static int existing_db(sc_exec *x, const char **db_out, const char *from)
{
    sc_schema *s = NULL;
    const char *db = from ? from : x->s->database;
    int rc;

    if (!db)
        return sc_exec__err(x, SC_ER_NO_DB_ERROR);
    rc = sc_schema_lookup(&s, x->txn, db);
    sc_schema_free(s);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_BAD_DB_ERROR, db);
    *db_out = db;
    return rc;
}

static int show_tables(sc_exec *x, const sc_ast_show *sh)
{
    static const char *const cols[] = {"TABLE_NAME", "TABLE_TYPE"};
    const char *names[2] = {NULL, "Table_type"};
    const char *db = NULL;
    sc_is_scope scope = {NULL, NULL, true, sh->full};
    int rc = existing_db(x, &db, sh->from_db);

    if (rc != SC_OK)
        return rc;
    scope.schema = db;
    names[0] = with_pattern(x, sc_exec__printf(x, "Tables_in_%s", db), &sh->like);
    if (!names[0])
        return SC_ENOMEM;
    rc = show_from_is(x, SC_IS_TABLE_NAMES, &scope, "TABLE_NAME", &sh->like, true, cols, names,
                      sh->full ? 2 : 1);
    if (rc == SC_OK)
        legacy_first_column(x);
    return rc;
}

/* ------------------------------------------------------------------ */
/* SHOW CREATE                                                          */

static int
two_cells(sc_exec *x, const char *a, const char *b, const char *name_a, const char *name_b)
{
    int rc = sc_is__show_create_columns(&x->rs, name_a, name_b);

    if (rc == SC_OK)
        rc = sc_rs__str(&x->rs, a);
    if (rc == SC_OK)
        rc = sc_rs__str(&x->rs, b);
    x->has_rs = rc == SC_OK;
    return rc;
}

static int show_create(sc_exec *x, const sc_ast_show *sh)
{
    const char *db = NULL;
    char *text = NULL;
    int rc;

    if (sh->kind == SC_AST_SHOW_CREATE_TABLE) {
        rc = sc_exec__resolve_db(x, &db, &sh->name);
        if (rc == SC_OK)
            rc = sc_show_create_table(&text, x->txn, db, sh->name.name);
        if (rc == SC_OK)
            rc = two_cells(x, sh->name.name, text, "Table", "Create Table");
    } else if (sh->kind == SC_AST_SHOW_CREATE_VIEW) {
        rc = sc_exec__show_create_view(x, &text);
        if (rc == SC_OK)
            rc = two_cells(x, sh->name.name, text, "View", "Create View");
    } else if (sh->kind == SC_AST_SHOW_CREATE_TRIGGER) {
        rc = sc_exec__show_create_trigger(x, &text);
        if (rc == SC_OK)
            rc = two_cells(x, sh->name.name, text, "Trigger", "SQL Original Statement");
    } else {
        rc = sc_show_create_database(&text, x->txn, sh->name.name);
        if (rc == SC_OK)
            rc = two_cells(x, sh->name.name, text, "Database", "Create Database");
    }
    if (rc == SC_OK) {
        x->has_output = true;
        sc__buf_puts(&x->out, text);
        sc__buf_putc(&x->out, '\n');
    }
    sc_free(x->ctx, text);
    return rc;
}

/* ------------------------------------------------------------------ */
/* SHOW COLUMNS (legacy text; the result set comes with COLUMNS)        */

static int show_columns(sc_exec *x, const char *db, const char *name)
{
    sc_table *t = NULL;
    const sc_table_def *def;
    int rc = sc_table_lookup(&t, x->txn, db, name);

    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, name);
    if (rc != SC_OK)
        return rc;
    def = sc_table_definition(t);
    x->has_output = true;
    sc__buf_puts(&x->out, "Field\tType\tNull\tKey\tDefault\tExtra\n");
    for (size_t i = 0; i < def->n_columns; i++) {
        const sc_column_def *c = &def->columns[i];
        const char *key = "";
        for (size_t k = 0; k < def->n_indexes && !*key; k++) {
            const sc_index_def *ix = &def->indexes[k];
            if (ix->n_parts && strcasecmp(ix->parts[0].column, c->name) == 0)
                key = ix->kind == SC_INDEX_PRIMARY  ? "PRI"
                      : ix->kind == SC_INDEX_UNIQUE ? (ix->n_parts == 1 ? "UNI" : "MUL")
                                                    : "MUL";
        }
        sc__buf_printf(&x->out, "%s\t", c->name);
        sc_type__render(&x->out, c);
        sc__buf_printf(&x->out, "\t%s\t%s\t%s\t%s\n", (c->flags & SC_COL_NOT_NULL) ? "NO" : "YES",
                       key,
                       c->default_kind == SC_DEFAULT_LITERAL || c->default_kind == SC_DEFAULT_EXPR
                           ? c->default_value
                           : "NULL",
                       (c->flags & SC_COL_AUTO_INCREMENT) ? "auto_increment" : "");
    }
    sc_table_free(t);
    return SC_OK;
}

int sc_exec__show(sc_exec *x)
{
    const sc_ast_show *sh = x->stmt->show;
    const char *db = NULL;
    int rc;

    switch (sh->kind) {
    case SC_AST_SHOW_CREATE_TABLE:
    case SC_AST_SHOW_CREATE_DATABASE:
    case SC_AST_SHOW_CREATE_VIEW:
    case SC_AST_SHOW_CREATE_TRIGGER:
        return show_create(x, sh);
    case SC_AST_SHOW_DATABASES:
        return show_databases(x, sh);
    case SC_AST_SHOW_TABLES:
        return show_tables(x, sh);
    case SC_AST_SHOW_COLUMNS:
        if (sh->from_db)
            db = sh->from_db;
        else if ((rc = sc_exec__resolve_db(x, &db, &sh->name)) != SC_OK)
            return rc;
        return show_columns(x, db, sh->name.name);
    default:
        return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, "this SHOW");
    }
}
