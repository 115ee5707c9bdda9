/*
 * show_stmt.c - SHOW, DESCRIBE and SELECT from information_schema as result
 * sets (sc_stmt_result.rs), the way MariaDB 10.11 answers them: each is a
 * query on one information_schema table (ddl/infoschema.h) - rows within a
 * scope (database, table), a LIKE on a name column or a WHERE condition,
 * an order, a limit, and chosen columns under the names SHOW prints. SHOW
 * CREATE and SHOW WARNINGS have computed columns (ddl/show_stmt_misc.c).
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
#include "catalog/charset.h"
#include "ddl/infoschema.h"
#include "ddl/show_stmt.h"
#include "ddl/show_stmt_int.h"

/* ------------------------------------------------------------------ */
/* The query pipeline                                                   */

/* Resolve a name among the output names first, then the table's columns. */
static long resolve_name(const sc_show_eval *ev, const char *name)
{
    const sc_query *q = ev->payload;

    if (q->where_on_output)
        for (size_t i = 0; i < q->n_out; i++)
            if (strcasecmp(q->out_name[i] ? q->out_name[i]
                                          : sc_rs__col_name(ev->src, q->out_col[i]),
                           name) == 0)
                return (long)q->out_col[i];
    return sc_rs__find_col(ev->src, name);
}

typedef struct sort_ctx {
    const sc_rs *src;
    const sc_query *q;
} sort_ctx;

static int cmp_rows(const void *a, const void *b, void *payload)
{
    const sort_ctx *c = payload;
    size_t ra = *(const size_t *)a, rb = *(const size_t *)b;

    for (size_t k = 0; k < c->q->n_order; k++) {
        int d = sc_show__compare_rows(c->src, c->q->order_col[k], ra, rb);
        if (c->q->binary_order) { /* SHOW DATABASES: bytes */
            const char *da, *db;
            size_t la, lb;
            sc_rs__get(&da, &la, c->src, ra, c->q->order_col[k]);
            sc_rs__get(&db, &lb, c->src, rb, c->q->order_col[k]);
            d = memcmp(da, db, la < lb ? la : lb);
            d = d ? d : (la > lb) - (la < lb);
        }
        if (d)
            return c->q->order_desc[k] ? -d : d;
    }
    return (ra > rb) - (ra < rb); /* stable: the table's own order breaks ties */
}

/* Rows of src passing the LIKE and the WHERE, in order: row numbers and their count. */
static int filter_rows(sc_exec *x, sc_query *q, const sc_rs *src, size_t **rows, size_t *n)
{
    size_t total = sc_rs__rows(src), k = 0;
    long like_col = q->like && q->like->s ? sc_rs__find_col(src, q->like_col) : -1;
    sc_show_eval ev = {
        x, src, x->stmt->text, "WHERE", q->table_written, q->table_alias, resolve_name, q, NULL};

    *rows = sc_exec__alloc(x, (total ? total : 1) * sizeof(**rows));
    if (!*rows)
        return SC_ENOMEM;
    if (q->where)
        SC_TRY(sc_show__bind(&ev, q->where));
    for (size_t r = 0; r < total; r++) {
        bool keep = true;
        if (like_col >= 0) {
            const char *data;
            size_t len;
            sc_rs__get(&data, &len, src, r, (size_t)like_col);
            keep = data && sc_show__like(data, len, q->like->s, q->like->len, '\\', q->like_ci);
        }
        if (keep && q->where)
            SC_TRY(sc_show__test(&keep, &ev, q->where, r));
        if (keep)
            (*rows)[k++] = r;
    }
    *n = k;
    return SC_OK;
}

/* The output columns: src's metadata under the output names. */
static int add_out_columns(sc_exec *x, const sc_query *q, const sc_rs *src)
{
    for (size_t i = 0; i < q->n_out; i++) {
        const sc_rs_col *c = &src->cols[q->out_col[i]];
        const char *base = src->strings.text;
        sc_result_column col = {q->out_name[i] ? q->out_name[i] : base + c->name,
                                base + c->org_name,
                                q->table_written ? q->table_written : base + c->table,
                                base + c->org_table,
                                base + c->schema,
                                c->type,
                                c->length,
                                c->flags,
                                c->charsetnr,
                                c->decimals};
        SC_TRY(sc_rs__column(&x->rs, &col));
    }
    return SC_OK;
}

/* The one row of SELECT COUNT(*), ... : the number of rows that passed. */
static int count_result(sc_exec *x, const sc_query *q, size_t n)
{
    for (size_t i = 0; i < q->n_out; i++) {
        sc_result_column col = {q->out_name[i],
                                "",
                                "",
                                "",
                                "",
                                SC_FIELD_TYPE_LONGLONG,
                                21,
                                SC_FIELD_NOT_NULL | SC_FIELD_BINARY | SC_FIELD_NUM,
                                SC_CHARSET_BINARY,
                                0};
        SC_TRY(sc_rs__column(&x->rs, &col));
    }
    if (q->has_limit && (q->offset > 0 || q->limit == 0))
        return SC_OK;
    for (size_t i = 0; i < q->n_out; i++)
        SC_TRY(sc_rs__u64(&x->rs, n));
    return SC_OK;
}

int sc_show__run(sc_exec *x, sc_query *q)
{
    sc_rs src;
    size_t *rows = NULL, n = 0;
    int rc;

    sc_rs__init(&src, x->ctx);
    rc = sc_is__columns(&src, q->table);
    if (rc == SC_OK && q->prepare)
        rc = q->prepare(x, q, &src);
    if (rc == SC_OK)
        rc = sc_is__fill(&src, x, q->table, &q->scope);
    if (rc == SC_OK)
        rc = filter_rows(x, q, &src, &rows, &n);
    if (rc == SC_OK && q->count_star) {
        rc = count_result(x, q, n);
        sc_rs__free(&src);
        x->has_rs = rc == SC_OK;
        return rc;
    }
    if (rc == SC_OK && q->n_order > 0) {
        sort_ctx c = {&src, q};
        qsort_r(rows, n, sizeof(*rows), cmp_rows, &c);
    }
    if (rc == SC_OK && q->has_limit) {
        size_t off = q->offset < n ? (size_t)q->offset : n;
        rows += off;
        n -= off;
        n = q->limit < n ? (size_t)q->limit : n;
    }
    if (rc == SC_OK)
        rc = add_out_columns(x, q, &src);
    if (rc == SC_OK)
        rc = sc_rs__project(&x->rs, &src, rows, n, q->out_col, q->n_out);
    sc_rs__free(&src);
    x->has_rs = rc == SC_OK;
    return rc;
}

/* Set the output columns from parallel lists of table columns and names (NULL: same). */
static int outputs(sc_exec *x,
                   sc_query *q,
                   const char *const *cols,
                   const char *const *names,
                   size_t n,
                   const sc_rs *src)
{
    q->out_col = sc_exec__alloc(x, n * sizeof(*q->out_col));
    q->out_name = sc_exec__alloc(x, n * sizeof(*q->out_name));
    if (!q->out_col || !q->out_name)
        return SC_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        long c = sc_rs__find_col(src, cols[i]);
        assert(c >= 0);
        q->out_col[i] = (size_t)c;
        q->out_name[i] = names ? names[i] : NULL; /* NULL: the column's own name */
    }
    q->n_out = n;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* SHOW statements on one information_schema table                     */

/* A SHOW's fixed shape: its table, columns and names, LIKE column. */
typedef struct show_shape {
    sc_is_table table;
    const char *const *cols;
    const char *const *names; /* NULL entries keep the column name */
    size_t n;
    const char *like_col;
    bool like_ci; /* LIKE folds case (column names, variables); file names do not */
} show_shape;

static int shape_prepare(sc_exec *x, sc_query *q, const sc_rs *src)
{
    const show_shape *sh = q->payload;
    const char *names[32];

    assert(sh->n <= 32);
    for (size_t i = 0; i < sh->n; i++)
        names[i] = i == 0 && q->first_name ? q->first_name : sh->names ? sh->names[i] : NULL;
    SC_TRY(outputs(x, q, sh->cols, names, sh->n, src));
    if (q->order_first) {
        static const bool asc = false;
        q->order_col = &q->out_col[0];
        q->order_desc = &asc;
        q->n_order = 1;
    }
    return SC_OK;
}

static int run_shape(sc_exec *x, sc_query *q, const show_shape *sh, const sc_ast_show *st)
{
    q->table = sh->table;
    q->payload = sh;
    q->prepare = shape_prepare;
    q->like_col = sh->like_col;
    q->like = &st->like;
    q->like_ci = sh->like_ci;
    q->where = st->where;
    q->where_on_output = true;
    return sc_show__run(x, q);
}

/* "Name (pattern)" when a LIKE was given. */
static const char *with_pattern(sc_exec *x, const char *name, const sc_ast_str *like)
{
    return like->s ? sc_exec__printf(x, "%s (%s)", name, like->s) : name;
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

/* The database a SHOW ... [FROM db] reads: 1046 without one, 1049 unknown. */
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

/* A SHOW of the objects of one database: FROM db or the current one (1049, 1046). */
static int run_db_shape(sc_exec *x, const show_shape *sh, const sc_ast_show *st)
{
    sc_query q = {0};
    const char *db = NULL;

    SC_TRY(existing_db(x, &db, st->from_db));
    q.scope.schema = db;
    q.scope.show = true;
    return run_shape(x, &q, sh, st);
}

/* The table a SHOW COLUMNS/INDEX reads: [db.]t or t FROM db; 1146 when absent. */
static int existing_table(sc_exec *x, const char **db_out, const sc_ast_show *st)
{
    const char *db = st->from_db;
    uint64_t id;
    sc_schema *s = NULL;
    int rc;

    if (!db)
        SC_TRY(sc_exec__resolve_db(x, &db, &st->name));
    rc = sc_schema_lookup(&s, x->txn, db);
    if (rc == SC_OK)
        rc = sc_table_lookup_id(&id, x->txn, sc_schema_id(s), st->name.name);
    sc_schema_free(s);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, st->name.name);
    *db_out = db;
    return rc;
}

/* A SHOW of one table's columns or keys: FROM db or the current one (1046, 1146). */
static int run_table_shape(sc_exec *x, const show_shape *sh, const sc_ast_show *st)
{
    sc_query q = {0};
    const char *db = NULL;

    SC_TRY(existing_table(x, &db, st));
    q.scope.schema = db;
    q.scope.table = st->name.name;
    q.scope.show = true;
    return run_shape(x, &q, sh, st);
}

static int show_databases(sc_exec *x, const sc_ast_show *st)
{
    static const char *const cols[] = {"SCHEMA_NAME"};
    static const show_shape sh = {SC_IS_SCHEMATA, cols, NULL, 1, "SCHEMA_NAME", false};
    sc_query q = {0};

    q.first_name = with_pattern(x, "Database", &st->like);
    q.order_first = true; /* SHOW DATABASES sorts by bytes, information_schema too */
    q.binary_order = true;
    if (!q.first_name)
        return SC_ENOMEM;
    SC_TRY(run_shape(x, &q, &sh, st));
    legacy_first_column(x);
    return SC_OK;
}

static int show_tables(sc_exec *x, const sc_ast_show *st)
{
    static const char *const cols[] = {"TABLE_NAME", "TABLE_TYPE"};
    static const char *const names[] = {NULL, "Table_type"};
    static const show_shape plain = {SC_IS_TABLE_NAMES, cols, names, 1, "TABLE_NAME", false};
    static const show_shape full = {SC_IS_TABLE_NAMES, cols, names, 2, "TABLE_NAME", false};
    sc_query q = {0};
    const char *db = NULL;

    SC_TRY(existing_db(x, &db, st->from_db));
    q.scope.schema = db;
    q.scope.show = true;
    q.scope.full = st->full;
    q.first_name = with_pattern(x, sc_exec__printf(x, "Tables_in_%s", db), &st->like);
    if (!q.first_name)
        return SC_ENOMEM;
    SC_TRY(run_shape(x, &q, st->full ? &full : &plain, st));
    legacy_first_column(x);
    return SC_OK;
}

static int show_columns(sc_exec *x, const sc_ast_show *st)
{
    static const char *const cols[] = {"COLUMN_NAME", "COLUMN_TYPE", "COLLATION_NAME",
                                       "IS_NULLABLE", "COLUMN_KEY",  "COLUMN_DEFAULT",
                                       "EXTRA",       "PRIVILEGES",  "COLUMN_COMMENT"};
    static const char *const names[] = {"Field",   "Type",  "Collation",  "Null",   "Key",
                                        "Default", "Extra", "Privileges", "Comment"};
    static const char *const pcols[] = {"COLUMN_NAME", "COLUMN_TYPE",    "IS_NULLABLE",
                                        "COLUMN_KEY",  "COLUMN_DEFAULT", "EXTRA"};
    static const char *const pnames[] = {"Field", "Type", "Null", "Key", "Default", "Extra"};
    static const show_shape full = {SC_IS_COLUMNS, cols, names, 9, "COLUMN_NAME", true};
    static const show_shape plain = {SC_IS_COLUMNS, pcols, pnames, 6, "COLUMN_NAME", true};

    return run_table_shape(x, st->full ? &full : &plain, st);
}

static int show_index(sc_exec *x, const sc_ast_show *st)
{
    static const char *const cols[] = {"TABLE_NAME",    "NON_UNIQUE", "INDEX_NAME",  "SEQ_IN_INDEX",
                                       "COLUMN_NAME",   "COLLATION",  "CARDINALITY", "SUB_PART",
                                       "PACKED",        "NULLABLE",   "INDEX_TYPE",  "COMMENT",
                                       "INDEX_COMMENT", "IGNORED"};
    static const char *const names[] = {
        "Table",      "Non_unique",  "Key_name",      "Seq_in_index", "Column_name",
        "Collation",  "Cardinality", "Sub_part",      "Packed",       "Null",
        "Index_type", "Comment",     "Index_comment", "Ignored"};
    static const show_shape sh = {SC_IS_STATISTICS, cols, names, 14, NULL, false};

    return run_table_shape(x, &sh, st);
}

static int show_table_status(sc_exec *x, const sc_ast_show *st)
{
    static const char *const cols[] = {
        "TABLE_NAME",     "ENGINE",         "VERSION",          "ROW_FORMAT",
        "TABLE_ROWS",     "AVG_ROW_LENGTH", "DATA_LENGTH",      "MAX_DATA_LENGTH",
        "INDEX_LENGTH",   "DATA_FREE",      "AUTO_INCREMENT",   "CREATE_TIME",
        "UPDATE_TIME",    "CHECK_TIME",     "TABLE_COLLATION",  "CHECKSUM",
        "CREATE_OPTIONS", "TABLE_COMMENT",  "MAX_INDEX_LENGTH", "TEMPORARY"};
    static const char *const names[] = {
        "Name",           "Engine",         "Version",         "Row_format",       "Rows",
        "Avg_row_length", "Data_length",    "Max_data_length", "Index_length",     "Data_free",
        "Auto_increment", "Create_time",    "Update_time",     "Check_time",       "Collation",
        "Checksum",       "Create_options", "Comment",         "Max_index_length", "Temporary"};
    static const show_shape sh = {SC_IS_TABLES, cols, names, 20, "TABLE_NAME", false};

    return run_db_shape(x, &sh, st);
}

static int show_variables(sc_exec *x, const sc_ast_show *st)
{
    static const char *const cols[] = {"VARIABLE_NAME", "VARIABLE_VALUE"};
    static const char *const names[] = {"Variable_name", "Value"};
    static const show_shape session = {SC_IS_SESSION_VARIABLES, cols, names, 2,
                                       "VARIABLE_NAME",         true};
    sc_query q = {0};

    q.scope.show = true;
    q.scope.global = st->global;
    q.order_first = true;
    return run_shape(x, &q, &session, st);
}

static const char *const charset_cols[] = {"CHARACTER_SET_NAME", "DESCRIPTION",
                                           "DEFAULT_COLLATE_NAME", "MAXLEN"};
static const char *const charset_names[] = {"Charset", "Description", "Default collation",
                                            "Maxlen"};
static const char *const collation_cols[] = {"COLLATION_NAME", "CHARACTER_SET_NAME", "ID",
                                             "IS_DEFAULT",     "IS_COMPILED",        "SORTLEN"};
static const char *const collation_names[] = {"Collation", "Charset",  "Id",
                                              "Default",   "Compiled", "Sortlen"};
static const char *const engine_cols[] = {"ENGINE",       "SUPPORT", "COMMENT",
                                          "TRANSACTIONS", "XA",      "SAVEPOINTS"};
static const char *const engine_names[] = {"Engine",       "Support", "Comment",
                                           "Transactions", "XA",      "Savepoints"};

/* The SHOWs of a server-wide table: no database scope, sorted on the first column or not. */
static const struct {
    sc_ast_show_kind kind;
    show_shape sh;
    bool order_first;
} server_shows[] = {
    {SC_AST_SHOW_CHARSET,
     {SC_IS_CHARACTER_SETS, charset_cols, charset_names, 4, "CHARACTER_SET_NAME", true},
     true},
    {SC_AST_SHOW_COLLATION,
     {SC_IS_COLLATIONS, collation_cols, collation_names, 6, "COLLATION_NAME", true},
     true},
    {SC_AST_SHOW_ENGINES, {SC_IS_ENGINES, engine_cols, engine_names, 6, NULL, false}, false},
};

static int show_server(sc_exec *x, const sc_ast_show *st)
{
    for (size_t i = 0; i < sizeof(server_shows) / sizeof(server_shows[0]); i++)
        if (server_shows[i].kind == st->kind) {
            sc_query q = {0};
            q.scope.show = true;
            q.order_first = server_shows[i].order_first;
            return run_shape(x, &q, &server_shows[i].sh, st);
        }
    return sc_show__misc(x, st);
}

static int show_triggers(sc_exec *x, const sc_ast_show *st)
{
    static const char *const cols[] = {"TRIGGER_NAME",
                                       "EVENT_MANIPULATION",
                                       "EVENT_OBJECT_TABLE",
                                       "ACTION_STATEMENT",
                                       "ACTION_TIMING",
                                       "CREATED",
                                       "SQL_MODE",
                                       "DEFINER",
                                       "CHARACTER_SET_CLIENT",
                                       "COLLATION_CONNECTION",
                                       "DATABASE_COLLATION"};
    static const char *const names[] = {"Trigger",
                                        "Event",
                                        "Table",
                                        "Statement",
                                        "Timing",
                                        "Created",
                                        "sql_mode",
                                        "Definer",
                                        "character_set_client",
                                        "collation_connection",
                                        "Database Collation"};
    static const show_shape sh = {SC_IS_TRIGGERS, cols, names, 11, "EVENT_OBJECT_TABLE", false};

    return run_db_shape(x, &sh, st);
}

/*
 * The server sends text columns in character_set_results: its default
 * collation, and the length of the column's characters in its bytes (the
 * tables define them in utf8mb3, 3 bytes a character). NULL: unconverted.
 */
static void results_charset(sc_exec *x)
{
    const sc_charset_info *cs =
        x->s->charset_results ? sc_charset__find(x->s->charset_results) : NULL;
    const sc_collation_info *coll = cs ? sc_charset__collation_find(cs->default_collation) : NULL;

    if (!cs || !coll)
        return;
    for (size_t i = 0; i < x->rs.n_cols; i++) {
        sc_rs_col *c = &x->rs.cols[i];
        if (c->charsetnr == SC_CHARSET_BINARY)
            continue;
        c->length = c->length / 3 * cs->maxlen;
        c->charsetnr = coll->id;
    }
}

static int show_select(sc_exec *x, const sc_ast_show *st)
{
    return sc_show__select(x, st->select);
}

static int show_dispatch(sc_exec *x, const sc_ast_show *st)
{
    static const struct {
        sc_ast_show_kind kind;
        int (*fn)(sc_exec *x, const sc_ast_show *st);
    } shows[] = {
        {SC_AST_SHOW_DATABASES, show_databases},       {SC_AST_SHOW_TABLES, show_tables},
        {SC_AST_SHOW_COLUMNS, show_columns},           {SC_AST_SHOW_INDEX, show_index},
        {SC_AST_SHOW_TABLE_STATUS, show_table_status}, {SC_AST_SHOW_VARIABLES, show_variables},
        {SC_AST_SHOW_TRIGGERS, show_triggers},         {SC_AST_SHOW_SELECT, show_select},
    };

    for (size_t i = 0; i < sizeof(shows) / sizeof(shows[0]); i++)
        if (shows[i].kind == st->kind)
            return shows[i].fn(x, st);
    return show_server(x, st);
}

int sc_exec__show(sc_exec *x)
{
    int rc = show_dispatch(x, x->stmt->show);

    if (rc == SC_OK && x->has_rs)
        results_charset(x);
    return rc;
}
