/*
 * exec_view.c - CREATE [OR REPLACE] / ALTER / DROP VIEW and the text of
 * SHOW CREATE VIEW, as MariaDB 10.11 does them.
 *
 * A view is a syscat.tables row (its name, in the table namespace: SHOW
 * TABLES and DESCRIBE see it) with syscat.columns rows for its output
 * columns, plus one syscat.views row holding ALGORITHM, DEFINER, SQL
 * SECURITY, CHECK OPTION and the SELECT printed as MariaDB stores it (names
 * fully qualified, generated aliases, `count(0)`...), and the same text for
 * SHOW CREATE VIEW run in the view's own database (compact form). The text
 * is fixed at CREATE time: dropping a base table leaves the view, whose
 * SHOW CREATE still prints (MariaDB adds warning 1356 there).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/expr.h"
#include "ddl/select.h"

/* The user statements run as (syscat has no accounts; MariaDB's default root). */
#define SC_VIEW_DEFAULT_DEFINER "`root`@`localhost`"

static const char *const algorithms[] = {"UNDEFINED", "MERGE", "TEMPTABLE"};

/* ------------------------------------------------------------------ */
/* Rows                                                                 */

int sc_ddl__view_row(Syscat__Catalog__ViewRow **out, sc_txn *txn, uint64_t table_id)
{
    Syscat__Catalog__ViewRow key = SYSCAT__CATALOG__VIEW_ROW__INIT;

    key.table_id = table_id;
    return sc_catalog__msg_get((ProtobufCMessage **)out, txn, SC_SYS_VIEWS, &key.base);
}

bool sc_exec__is_view(sc_exec *x, uint64_t table_id)
{
    return sc_ddl__is_view(x->txn, table_id);
}

bool sc_ddl__is_view(sc_txn *txn, uint64_t table_id)
{
    Syscat__Catalog__ViewRow key = SYSCAT__CATALOG__VIEW_ROW__INIT;
    uint8_t buf[16], *packed = NULL;
    size_t n, len = 0;
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));

    key.table_id = table_id;
    n = syscat__catalog__view_row__pack(&key, buf);
    if (sc_catalog__row_get(&packed, &len, txn, SC_SYS_VIEWS, (sc_slice){buf, n}) != SC_OK) {
        sc_ctx_clear_error(ctx);
        return false;
    }
    sc_free(ctx, packed);
    return true;
}

bool sc_exec__known_definer(const char *definer)
{
    /* the accounts of a fresh 10.11 server (mariadb-install-db): syscat keeps none */
    static const char *const known[] = {"`root`@`localhost`", "`root`@`127.0.0.1`", "`root`@`::1`",
                                        "`mariadb.sys`@`localhost`"};

    if (!definer)
        return true;
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
        if (strcmp(definer, known[i]) == 0)
            return true;
    return false;
}

/* One part of a `user`@`host` definer, unquoted (`` stands for `), into the arena. */
static const char *definer_part(sc_exec *x, const char **p)
{
    sc_buf b = SC_BUF_INIT(x->ctx);
    const char *s = *p, *out;

    if (*s != '`') {
        size_t n = strcspn(s, "@");
        sc__buf_put(&b, s, n);
        s += n;
    } else {
        for (s++; *s && !(s[0] == '`' && s[1] != '`'); s++) {
            if (s[0] == '`')
                s++;
            sc__buf_putc(&b, *s);
        }
        if (*s)
            s++;
    }
    *p = s;
    out = sc_exec__strdup(x, b.text ? b.text : "");
    sc__buf_free(&b);
    return out;
}

void sc_exec__note_definer(sc_exec *x, const char *definer)
{
    const char *p = definer, *user, *host;

    if (sc_exec__known_definer(definer))
        return;
    user = definer_part(x, &p);
    if (*p == '@')
        p++;
    host = definer_part(x, &p);
    if (user && host)
        sc_exec__warn(x, SC_ER_NO_SUCH_USER, user, host);
}

int sc_exec__need_base_table(sc_exec *x, uint64_t id, const char *db, const char *name)
{
    if (sc_exec__is_view(x, id))
        return sc_exec__err(x, SC_ER_WRONG_OBJECT, db, name, "BASE TABLE");
    return SC_OK;
}

static ProtobufCBinaryData bytes(const char *s)
{
    ProtobufCBinaryData b = {s ? strlen(s) : 0, (uint8_t *)(uintptr_t)(s ? s : "")};
    return b;
}

/* ------------------------------------------------------------------ */
/* Checks                                                               */

static bool has_var(const sc_select *s);

static bool expr_has_var(const sc_expr *e)
{
    if (!e)
        return false;
    if (e->kind == SC_AST_EXPR_VAR)
        return true;
    if (e->kind == SC_AST_EXPR_SUBQUERY && e->select && has_var(e->select))
        return true;
    for (size_t i = 0; i < e->n_args; i++)
        if (expr_has_var(e->args[i]))
            return true;
    return expr_has_var(e->case_operand) || expr_has_var(e->case_else);
}

static bool tref_has_var(const sc_tref *t)
{
    if (t->kind == SC_TREF_DERIVED)
        return has_var(t->sub);
    if (t->kind == SC_TREF_JOIN)
        return tref_has_var(t->left) || tref_has_var(t->right) || expr_has_var(t->on);
    return false;
}

/* MariaDB refuses variables at parse time, before opening any table (1351). */
static bool has_var(const sc_select *s)
{
    for (size_t i = 0; i < s->n_ctes; i++)
        if (has_var(s->ctes[i].query))
            return true;
    for (size_t i = 0; i < s->n_blocks; i++) {
        const sc_select_block *b = s->blocks[i];
        if (b->paren && has_var(b->paren))
            return true;
        for (size_t k = 0; k < b->n_items; k++)
            if (expr_has_var(b->items[k].e))
                return true;
        for (size_t k = 0; k < b->n_from; k++)
            if (tref_has_var(b->from[k]))
                return true;
        if (expr_has_var(b->where) || expr_has_var(b->having) || expr_has_var(b->limit) ||
            expr_has_var(b->offset))
            return true;
    }
    return expr_has_var(s->limit) || expr_has_var(s->offset);
}

/* The items whose aliases name the view's columns (first block of a union). */
static sc_select_block *first_block(sc_select *s)
{
    while (s->blocks[0]->paren)
        s = s->blocks[0]->paren;
    return s->blocks[0];
}

/* Column list, duplicate and invalid names (1353, 1060, 1166). */
static int view_columns(sc_exec *x, const sc_ast_view *v, sc_select *q)
{
    sc_select_block *b = first_block(q);

    if (v->n_columns && v->n_columns != q->r_n_cols)
        return sc_exec__err(x, SC_ER_VIEW_WRONG_LIST);
    for (size_t i = 0; i < q->r_n_cols; i++) {
        const char *name = v->n_columns ? v->columns[i] : q->r_cols[i].name;
        if (!v->n_columns && b->r_items && i < b->r_n_items && !b->items[0].star &&
            !b->r_items[i].alias_given && strlen(name) > 64)
            name = sc_exec__printf(x, "Name_exp_%zu", i + 1);
        if (!name)
            return SC_ENOMEM;
        if (v->n_columns || name != q->r_cols[i].name) {
            q->r_cols[i].name = name;
            if (b->r_items && i < b->r_n_items)
                b->r_items[i].alias = name;
        }
        SC_TRY(sc_exec__check_column_name(x, name));
        for (size_t k = 0; k < i; k++)
            if (strcasecmp(q->r_cols[k].name, name) == 0)
                return sc_exec__err(x, SC_ER_DUP_FIELDNAME, name);
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* CREATE / ALTER                                                       */

static int view_def(sc_exec *x, sc_table_def *def, const char *name, const sc_select *q)
{
    sc_column_def *cols = sc_exec__alloc(x, (q->r_n_cols + 1) * sizeof(*cols));

    if (!cols)
        return SC_ENOMEM;
    memset(def, 0, sizeof(*def));
    def->name = name;
    for (size_t i = 0; i < q->r_n_cols; i++) {
        cols[i] = q->r_cols[i].def;
        cols[i].name = q->r_cols[i].name;
        cols[i].flags &= ~(unsigned)(SC_COL_AUTO_INCREMENT | SC_COL_INVISIBLE);
        cols[i].generated = SC_GEN_NONE;
        cols[i].generation_expr = NULL;
        cols[i].check_expr = NULL;
        cols[i].on_update = NULL;
        cols[i].comment = NULL;
        if (cols[i].type == SC_TYPE_NONE)
            cols[i].type = SC_TYPE_VARCHAR;
    }
    def->columns = cols;
    def->n_columns = q->r_n_cols;
    return SC_OK;
}

typedef struct view_target {
    const char *db;
    uint64_t schema_id;
    uint64_t id; /* existing table or view, 0 when none */
    bool is_view;
} view_target;

static int find_target(sc_exec *x, view_target *t, const sc_ast_qname *q)
{
    sc_schema *s = NULL;
    int rc;

    memset(t, 0, sizeof(*t));
    if ((rc = sc_exec__resolve_db(x, &t->db, q)) != SC_OK ||
        (rc = sc_exec__guard_system(x, t->db)) != SC_OK)
        return rc;
    rc = sc_schema_lookup(&s, x->txn, t->db);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_BAD_DB_ERROR, t->db);
    if (rc != SC_OK)
        return rc;
    t->schema_id = sc_schema_id(s);
    sc_schema_free(s);
    rc = sc_table_lookup_id(&t->id, x->txn, t->schema_id, q->name);
    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(x->ctx);
        t->id = 0;
        return SC_OK;
    }
    if (rc != SC_OK)
        return rc;
    t->is_view = sc_exec__is_view(x, t->id);
    return SC_OK;
}

/* The existing object against the statement: 1050, 1347, 1146 or a note. */
static int check_target(sc_exec *x, const sc_ast_view *v, const view_target *t, bool *skip)
{
    bool alter = x->stmt->kind == SC_AST_STMT_ALTER_VIEW;

    *skip = false;
    if (alter) {
        if (!t->id)
            return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, t->db, v->name.name);
        if (!t->is_view)
            return sc_exec__err(x, SC_ER_WRONG_OBJECT, t->db, v->name.name, "VIEW");
        return SC_OK;
    }
    if (!t->id)
        return SC_OK;
    if (v->if_not_exists) {
        sc_exec__warn(x, SC_ER_TABLE_EXISTS_ERROR, v->name.name);
        *skip = true;
        return SC_OK;
    }
    if (v->or_replace && t->is_view)
        return SC_OK;
    if (v->or_replace)
        return sc_exec__err(x, SC_ER_WRONG_OBJECT, t->db, v->name.name, "VIEW");
    return sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, v->name.name);
}

static int print_query(sc_exec *x, char **out, const sc_select *q, const char *compact_db)
{
    sc_buf b;
    int rc;

    sc__buf_init(&b, x->ctx);
    rc = sc_ddl__select_print(&b, q, compact_db);
    if (rc == SC_OK) {
        *out = sc_exec__strdup(x, b.data ? (const char *)b.data : "");
        rc = *out ? SC_OK : SC_ENOMEM;
    }
    sc__buf_free(&b);
    return rc;
}

static int store_view(sc_exec *x,
                      const sc_ast_view *v,
                      const view_target *t,
                      sc_select *q,
                      const sc_select_ctx *c,
                      unsigned algorithm)
{
    Syscat__Catalog__ViewRow row = SYSCAT__CATALOG__VIEW_ROW__INIT, *old = NULL;
    sc_table_def def;
    char *full = NULL, *compact = NULL;
    uint64_t id = t->id;
    int rc;

    SC_TRY(view_def(x, &def, v->name.name, q));
    SC_TRY(print_query(x, &full, q, NULL));
    if (!c->other_db)
        SC_TRY(print_query(x, &compact, q, t->db));
    if (id) {
        if ((rc = sc_ddl__view_row(&old, x->txn, id)) != SC_OK)
            return rc;
        rc = sc_table_alter(x->txn, id, &def);
    } else {
        rc = sc_table_create(&id, x->txn, t->schema_id, &def);
        if (rc == SC_EEXISTS)
            rc = sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, v->name.name);
    }
    if (rc == SC_OK) {
        row.table_id = id;
        row.algorithm = algorithm;
        row.definer = bytes(v->definer ? v->definer : SC_VIEW_DEFAULT_DEFINER);
        row.security = v->security >= 0 ? (uint32_t)v->security : 0;
        row.check_option = (uint32_t)v->check;
        if (old && x->stmt->kind == SC_AST_STMT_ALTER_VIEW) {
            /* ALTER VIEW keeps what it does not name */
            if (v->algorithm < 0)
                row.algorithm = old->algorithm;
            if (!v->definer)
                row.definer = old->definer;
            if (v->security < 0)
                row.security = old->security;
        }
        row.definition = bytes(full);
        row.compact = bytes(compact);
        row.source = (ProtobufCBinaryData){v->query_end - v->query_start,
                                           (uint8_t *)(uintptr_t)(x->stmt->text + v->query_start)};
        row.sql_mode = x->s->sql_mode;
        rc = sc_catalog__msg_put(x->txn, SC_SYS_VIEWS, &row.base);
        if (rc == SC_OK) { /* Note 1449 when the definer (given or kept) does not exist */
            char *d =
                sc_exec__printf(x, "%.*s", (int)row.definer.len, (const char *)row.definer.data);
            if (d)
                sc_exec__note_definer(x, d);
        }
    }
    if (old)
        syscat__catalog__view_row__free_unpacked(old, NULL);
    return rc;
}

int sc_exec__create_view(sc_exec *x)
{
    sc_ast_view *v = x->stmt->view;
    sc_select_ctx c = {0};
    view_target t;
    unsigned algorithm = v->algorithm > 0 ? (unsigned)v->algorithm : 0;
    bool skip;
    int rc;

    if ((rc = find_target(x, &t, &v->name)) != SC_OK)
        return rc;
    if ((rc = sc_exec__check_table_name(x, v->name.name)) != SC_OK)
        return rc;
    if (has_var(v->query))
        return sc_exec__err(x, SC_ER_VIEW_SELECT_VARIABLE);
    if (v->if_not_exists && t.id) {
        sc_exec__warn(x, SC_ER_TABLE_EXISTS_ERROR, v->name.name);
        return SC_OK;
    }
    c.for_view = true;
    c.view_db = t.db;
    rc = sc_exec__resolve_select(x, &c, v->query);
    if (rc == SC_OK)
        rc = view_columns(x, v, v->query);
    if (rc == SC_OK)
        rc = check_target(x, v, &t, &skip);
    if (rc == SC_OK && !skip) {
        bool mergeable = !c.not_mergeable && !c.has_aggregate && !c.has_window && !c.no_tables;
        if (v->algorithm == SC_VIEW_ALG_MERGE && !mergeable) {
            sc_exec__warning(x, SC_ER_WARN_VIEW_MERGE); /* assumed UNDEFINED */
            algorithm = SC_VIEW_ALG_UNDEFINED;
        }
        if (v->check && (!mergeable || v->algorithm == SC_VIEW_ALG_TEMPTABLE))
            rc = sc_exec__err(x, SC_ER_VIEW_NONUPD_CHECK, t.db, v->name.name);
        else
            rc = store_view(x, v, &t, v->query, &c, algorithm);
    }
    sc_exec__select_release(&c);
    return rc;
}

/* ------------------------------------------------------------------ */
/* DROP VIEW                                                            */

int sc_exec__drop_view(sc_exec *x)
{
    const sc_ast_drop_table *d = x->stmt->drop_table;
    sc_buf unknown;
    int rc = SC_OK;

    sc__buf_init(&unknown, x->ctx);
    x->keep_partial = true; /* MariaDB drops the views it found */
    for (size_t i = 0; i < d->n_tables && rc == SC_OK; i++) {
        view_target t;
        rc = find_target(x, &t, &d->tables[i]);
        if (rc != SC_OK)
            break;
        if (!t.id || !t.is_view) {
            if (t.id) /* a table: MariaDB says so, then counts it unknown */
                sc_exec__warning(x, SC_ER_WRONG_OBJECT, t.db, d->tables[i].name, "VIEW");
            if (unknown.len)
                sc__buf_putc(&unknown, ',');
            sc__buf_printf(&unknown, "%s.%s", t.db, d->tables[i].name);
            continue;
        }
        rc = sc_table_drop(x->txn, t.id);
    }
    if (rc == SC_OK && unknown.len && d->if_exists) /* one note 4092 naming them all */
        sc_exec__warn(x, SC_ER_UNKNOWN_VIEW, (const char *)unknown.data);
    if (rc == SC_OK && unknown.len && !d->if_exists)
        rc = sc_exec__err(x, SC_ER_UNKNOWN_VIEW, (const char *)unknown.data);
    sc__buf_free(&unknown);
    return rc;
}

/* ------------------------------------------------------------------ */
/* SHOW CREATE VIEW                                                     */

int sc_ddl__view_create_text(sc_buf *b,
                             sc_txn *txn,
                             uint64_t table_id,
                             const char *db,
                             const char *name,
                             const char *current_db)
{
    Syscat__Catalog__ViewRow *r;
    bool compact;
    int rc = sc_ddl__view_row(&r, txn, table_id);

    if (rc != SC_OK)
        return rc;
    compact = current_db && strcmp(current_db, db) == 0 && r->compact.len;
    sc__buf_printf(b, "CREATE ALGORITHM=%s DEFINER=%.*s SQL SECURITY %s VIEW ",
                   algorithms[r->algorithm < 3 ? r->algorithm : 0], (int)r->definer.len,
                   (const char *)r->definer.data, r->security ? "INVOKER" : "DEFINER");
    if (!compact) {
        sc_ddl__quote_ident(b, db);
        sc__buf_putc(b, '.');
    }
    sc_ddl__quote_ident(b, name);
    sc__buf_puts(b, " AS ");
    if (compact)
        sc__buf_printf(b, "%.*s", (int)r->compact.len, (const char *)r->compact.data);
    else
        sc__buf_printf(b, "%.*s", (int)r->definition.len, (const char *)r->definition.data);
    if (r->check_option)
        sc__buf_puts(b, r->check_option == 2 ? " WITH LOCAL CHECK OPTION"
                                             : " WITH CASCADED CHECK OPTION");
    syscat__catalog__view_row__free_unpacked(r, NULL);
    return b->failed ? SC_ENOMEM : SC_OK;
}

int sc_exec__show_create_view(sc_exec *x, char **out)
{
    const sc_ast_qname *q = &x->stmt->show->name;
    view_target t;
    sc_buf b;
    int rc;

    *out = NULL;
    if ((rc = find_target(x, &t, q)) != SC_OK)
        return rc;
    if (!t.id)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, t.db, q->name);
    if (!t.is_view)
        return sc_exec__err(x, SC_ER_WRONG_OBJECT, t.db, q->name, "VIEW");
    sc__buf_init(&b, x->ctx);
    rc = sc_ddl__view_create_text(&b, x->txn, t.id, t.db, q->name, x->s->database);
    if (rc == SC_OK)
        return sc__buf_finish(out, &b);
    sc__buf_free(&b);
    return rc;
}
