/*
 * exec_trigger.c - CREATE [OR REPLACE] / DROP TRIGGER as MariaDB 10.11
 * does them, and the triggers part of the dump.
 *
 * A trigger is one syscat.triggers row keyed by (table id, name): it goes
 * with DROP TABLE (the catalog deletes it with the table's rows) and follows
 * RENAME TABLE (the table id stays). Names are unique per database. The
 * body is kept as MariaDB keeps it: "CREATE DEFINER=`u`@`h` " followed by
 * the statement text from the TRIGGER keyword, without its FOLLOWS /
 * PRECEDES clause; the parser (ddl/parse_body.c) checked its syntax and
 * MariaDB's parse-time rules (NEW/OLD: 1362, 1363) and listed its NEW/OLD
 * references, whose columns are checked here as Table_triggers_list does
 * (1054).
 * action_order numbers the triggers of one (table, timing, event) from 1
 * in firing order; FOLLOWS / PRECEDES place a new one, DROP closes the gap.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/expr.h"
#include "ddl/parse.h"
#include "ddl/select.h"

#define SC_TRIGGER_DEFAULT_DEFINER "`root`@`localhost`"

typedef Syscat__Catalog__TriggerRow trow;

/* Every trigger row (unpacked copies, freed by free_rows). */
typedef struct rows {
    trow **r;
    size_t n, cap;
} rows;

static int collect(sc_slice packed, void *payload)
{
    rows *rs = payload;
    trow *r = syscat__catalog__trigger_row__unpack(NULL, packed.len, packed.data);

    if (!r)
        return SC_ECORRUPT;
    if (rs->n == rs->cap) {
        size_t cap = rs->cap ? rs->cap * 2 : 16;
        trow **g = realloc(rs->r, cap * sizeof(*g));
        if (!g) {
            syscat__catalog__trigger_row__free_unpacked(r, NULL);
            return SC_ENOMEM;
        }
        rs->r = g;
        rs->cap = cap;
    }
    rs->r[rs->n++] = r;
    return 0;
}

static void free_rows(rows *rs)
{
    for (size_t i = 0; i < rs->n; i++)
        syscat__catalog__trigger_row__free_unpacked(rs->r[i], NULL);
    free(rs->r);
    memset(rs, 0, sizeof(*rs));
}

static int load_rows(sc_txn *txn, rows *rs)
{
    memset(rs, 0, sizeof(*rs));
    return sc_catalog__row_foreach(txn, SC_SYS_TRIGGERS, collect, rs);
}

static uint64_t schema_of(sc_txn *txn, uint64_t table_id)
{
    sc_table *t = NULL;
    uint64_t s = 0;

    if (sc_table_get(&t, txn, table_id) == SC_OK)
        s = sc_table_schema_id(t);
    sc_table_free(t);
    return s;
}

/* The trigger named name in schema schema_id, or -1. */
static long find_trigger(sc_txn *txn, const rows *rs, uint64_t schema_id, const char *name)
{
    for (size_t i = 0; i < rs->n; i++)
        if (strcasecmp(rs->r[i]->name, name) == 0 &&
            schema_of(txn, rs->r[i]->table_id) == schema_id)
            return (long)i;
    return -1;
}

/* Renumber the triggers of (table, timing, event) 1..n in the order of `order`. */
static int renumber(sc_exec *x, trow **order, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (order[i]->action_order == i + 1)
            continue;
        order[i]->action_order = (uint32_t)(i + 1);
        SC_TRY(sc_catalog__msg_put(x->txn, SC_SYS_TRIGGERS, &order[i]->base));
    }
    return SC_OK;
}

static int cmp_order(const void *a, const void *b)
{
    const trow *x = *(trow *const *)a, *y = *(trow *const *)b;
    return x->action_order < y->action_order ? -1 : x->action_order > y->action_order;
}

/* The triggers of (table, timing, event) sorted by action_order (borrowed). */
static trow **
group(sc_exec *x, const rows *rs, uint64_t table_id, uint32_t timing, uint32_t event, size_t *n_out)
{
    trow **g = sc_exec__alloc(x, (rs->n + 2) * sizeof(*g));
    size_t n = 0;

    if (!g)
        return NULL;
    for (size_t i = 0; i < rs->n; i++)
        if (rs->r[i]->table_id == table_id && rs->r[i]->timing == timing &&
            rs->r[i]->event == event)
            g[n++] = rs->r[i];
    qsort(g, n, sizeof(*g), cmp_order);
    *n_out = n;
    return g;
}

/* ------------------------------------------------------------------ */
/* CREATE TRIGGER                                                       */

/* 1054 for NEW.x / OLD.x naming no column of the table (not when restoring a trigger
 * that existed: its column may have been dropped after it, as MariaDB allows). */
static int check_columns(sc_exec *x, const sc_ast_trigger *t, const sc_table_def *def)
{
    if (x->s->restore)
        return SC_OK;
    for (size_t i = 0; i < t->n_refs; i++) {
        bool found = false;
        for (size_t k = 0; k < def->n_columns && !found; k++)
            found = strcasecmp(def->columns[k].name, t->refs[i].column) == 0;
        if (!found)
            return sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, t->refs[i].column,
                                t->refs[i].is_new ? "NEW" : "OLD");
    }
    return SC_OK;
}

/* "CREATE DEFINER=... " + the text from TRIGGER, the ordering clause cut out. */
static char *statement_text(sc_exec *x, const sc_ast_trigger *t)
{
    const char *sql = x->stmt->text;
    size_t end = x->stmt->text_len;
    const char *def = t->definer ? t->definer : SC_TRIGGER_DEFAULT_DEFINER;

    while (end > t->def_start &&
           (sql[end - 1] == ' ' || sql[end - 1] == '\t' || sql[end - 1] == '\n' ||
            sql[end - 1] == '\r' || sql[end - 1] == ';'))
        end--;
    if (t->order)
        return sc_exec__printf(x, "CREATE DEFINER=%s %.*s%.*s", def,
                               (int)(t->order_start - t->def_start), sql + t->def_start,
                               (int)(end - t->order_end), sql + t->order_end);
    return sc_exec__printf(x, "CREATE DEFINER=%s %.*s", def, (int)(end - t->def_start),
                           sql + t->def_start);
}

typedef struct trg_target {
    const char *db;
    uint64_t schema_id;
    sc_table *table;
} trg_target;

static int find_table(sc_exec *x, trg_target *tt, const sc_ast_trigger *t)
{
    const char *tdb;
    int rc;

    memset(tt, 0, sizeof(*tt));
    if ((rc = sc_exec__resolve_db(x, &tdb, &t->table)) != SC_OK)
        return rc;
    tt->db = tdb;
    if (t->name.db && strcmp(t->name.db, tdb) != 0)
        return sc_exec__err(x, SC_ER_TRG_IN_WRONG_SCHEMA);
    if ((rc = sc_exec__guard_system(x, tdb)) != SC_OK)
        return rc;
    if (sc_exec__is_temp(x, tdb, t->table.name))
        return sc_exec__err(x, SC_ER_TRG_ON_VIEW_OR_TEMP_TABLE, t->table.name);
    rc = sc_table_lookup(&tt->table, x->txn, tdb, t->table.name);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, tdb, t->table.name);
    if (rc != SC_OK)
        return rc;
    tt->schema_id = sc_table_schema_id(tt->table);
    return sc_exec__need_base_table(x, sc_table_id(tt->table), tdb, t->table.name);
}

/* Place the new row in its group and renumber. */
static int place(sc_exec *x, const rows *rs, trow *nr, const sc_ast_trigger *t)
{
    size_t n, pos;
    trow **g = group(x, rs, nr->table_id, nr->timing, nr->event, &n);

    if (!g)
        return SC_ENOMEM;
    pos = n;
    if (t->order) {
        size_t k;
        for (k = 0; k < n; k++)
            if (strcasecmp(g[k]->name, t->order_other) == 0)
                break;
        if (k == n)
            return sc_exec__err(x, SC_ER_REFERENCED_TRG_DOES_NOT_EXIST, t->order_other);
        pos = t->order == 1 ? k + 1 : k;
    }
    memmove(g + pos + 1, g + pos, (n - pos) * sizeof(*g));
    g[pos] = nr;
    nr->action_order = 0; /* forces the write in renumber */
    return renumber(x, g, n + 1);
}

int sc_exec__create_trigger(sc_exec *x)
{
    const sc_ast_trigger *t = x->stmt->trigger;
    trg_target tt;
    rows rs = {0};
    trow nr = SYSCAT__CATALOG__TRIGGER_ROW__INIT;
    long old;
    int rc;

    if (t->into_at_end)
        sc_exec__warning(x, SC_ER_WARN_DEPRECATED_SYNTAX, "<select expression> INTO <destination>;",
                         "'SELECT <select list> INTO <destination> FROM...'");
    rc = find_table(x, &tt, t);
    if (rc == SC_OK)
        rc = load_rows(x->txn, &rs);
    if (rc != SC_OK)
        goto out;
    old = find_trigger(x->txn, &rs, tt.schema_id, t->name.name);
    if (old >= 0 && t->if_not_exists) {
        sc_exec__warn(x, SC_ER_TRG_ALREADY_EXISTS,
                      sc_exec__printf(x, "%s.%s", tt.db, t->name.name));
        goto out;
    }
    if (old >= 0 && !t->or_replace) {
        char *full = sc_exec__printf(x, "%s.%s", tt.db, t->name.name);
        rc = sc_exec__err(x, SC_ER_TRG_ALREADY_EXISTS, full ? full : t->name.name);
        goto out;
    }
    if ((rc = check_columns(x, t, sc_table_definition(tt.table))) != SC_OK)
        goto out;
    if (old >= 0) { /* OR REPLACE: the old one goes first, its group closes up */
        trow *o = rs.r[old];
        size_t n;
        trow **g;
        if ((rc = sc_catalog__msg_delete(x->txn, SC_SYS_TRIGGERS, &o->base)) != SC_OK)
            goto out;
        rs.r[old] = rs.r[--rs.n];
        g = group(x, &rs, o->table_id, o->timing, o->event, &n);
        rc = g ? renumber(x, g, n) : SC_ENOMEM;
        syscat__catalog__trigger_row__free_unpacked(o, NULL);
        if (rc != SC_OK)
            goto out;
    }
    nr.table_id = sc_table_id(tt.table);
    nr.name = (char *)(uintptr_t)t->name.name;
    nr.timing = (uint32_t)t->timing;
    nr.event = t->events & (1 << SC_TRG_DELETE)   ? SC_TRG_DELETE
               : t->events & (1 << SC_TRG_UPDATE) ? SC_TRG_UPDATE
                                                  : SC_TRG_INSERT;
    {
        const char *def = t->definer ? t->definer : SC_TRIGGER_DEFAULT_DEFINER;
        char *stmt = statement_text(x, t);
        if (!stmt) {
            rc = SC_ENOMEM;
            goto out;
        }
        nr.definer = (ProtobufCBinaryData){strlen(def), (uint8_t *)(uintptr_t)def};
        nr.statement = (ProtobufCBinaryData){strlen(stmt), (uint8_t *)stmt};
    }
    nr.sql_mode = x->s->sql_mode;
    rc = place(x, &rs, &nr, t);
    if (rc == SC_OK)
        sc_exec__note_definer(x, t->definer); /* Note 1449 when it does not exist */
out:
    free_rows(&rs);
    sc_table_free(tt.table);
    return rc;
}

/* ------------------------------------------------------------------ */
/* DROP TRIGGER                                                         */

int sc_exec__drop_trigger(sc_exec *x)
{
    const sc_ast_trigger *t = x->stmt->trigger;
    sc_schema *s = NULL;
    rows rs = {0};
    const char *db;
    long i;
    int rc;

    if ((rc = sc_exec__resolve_db(x, &db, &t->name)) != SC_OK)
        return rc;
    rc = sc_schema_lookup(&s, x->txn, db);
    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(x->ctx);
        i = -1;
    } else if (rc != SC_OK) {
        return rc;
    } else {
        rc = load_rows(x->txn, &rs);
        i = rc == SC_OK ? find_trigger(x->txn, &rs, sc_schema_id(s), t->name.name) : -1;
    }
    sc_schema_free(s);
    if (rc == SC_OK && i < 0) {
        if (t->if_exists)
            sc_exec__warn(x, SC_ER_TRG_DOES_NOT_EXIST);
        else
            rc = sc_exec__err(x, SC_ER_TRG_DOES_NOT_EXIST);
    } else if (rc == SC_OK) {
        trow *o = rs.r[i];
        size_t n;
        trow **g;
        rc = sc_catalog__msg_delete(x->txn, SC_SYS_TRIGGERS, &o->base);
        rs.r[i] = rs.r[--rs.n];
        g = rc == SC_OK ? group(x, &rs, o->table_id, o->timing, o->event, &n) : NULL;
        if (rc == SC_OK)
            rc = g ? renumber(x, g, n) : SC_ENOMEM;
        syscat__catalog__trigger_row__free_unpacked(o, NULL);
    }
    free_rows(&rs);
    return rc;
}

int sc_exec__triggers_rename_check(sc_exec *x, uint64_t id, const char *db, const char *new_db)
{
    rows rs = {0};
    bool any = false;
    int rc;

    if (strcmp(db, new_db) == 0)
        return SC_OK;
    rc = load_rows(x->txn, &rs);
    for (size_t i = 0; rc == SC_OK && i < rs.n && !any; i++)
        any = rs.r[i]->table_id == id;
    free_rows(&rs);
    if (rc == SC_OK && any)
        rc = sc_exec__err(x, SC_ER_TRG_IN_WRONG_SCHEMA);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Dump                                                                 */

typedef struct named {
    trow *r;
    const char *table;
} named;

/* Event rank in the dump: DELETE, INSERT, UPDATE. */
static int event_rank(uint32_t e)
{
    return e == SC_TRG_DELETE ? 0 : e == SC_TRG_INSERT ? 1 : 2;
}

static int cmp_dump(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = strcmp(x->table, y->table);

    if (c)
        return c;
    if (x->r->timing != y->r->timing)
        return x->r->timing == SC_TRG_AFTER ? -1 : 1;
    if (event_rank(x->r->event) != event_rank(y->r->event))
        return event_rank(x->r->event) - event_rank(y->r->event);
    return x->r->action_order < y->r->action_order ? -1 : x->r->action_order > y->r->action_order;
}

int sc_ddl__dump_triggers(sc_buf *b, sc_txn *txn, uint64_t schema_id)
{
    rows rs = {0};
    named *list = NULL;
    sc_table **held = NULL;
    size_t n = 0;
    int rc = load_rows(txn, &rs);

    if (rc == SC_OK && rs.n) {
        list = calloc(rs.n, sizeof(*list));
        held = calloc(rs.n, sizeof(*held));
        if (!list || !held)
            rc = SC_ENOMEM;
    }
    for (size_t i = 0; rc == SC_OK && i < rs.n; i++) {
        sc_table *t = NULL;
        if (sc_table_get(&t, txn, rs.r[i]->table_id) != SC_OK) {
            sc_ctx_clear_error(b->ctx);
            continue;
        }
        if (sc_table_schema_id(t) != schema_id) {
            sc_table_free(t);
            continue;
        }
        held[n] = t;
        list[n].r = rs.r[i];
        list[n].table = sc_table_definition(t)->name;
        n++;
    }
    if (rc == SC_OK && n)
        qsort(list, n, sizeof(*list), cmp_dump);
    for (size_t i = 0; rc == SC_OK && i < n; i++) {
        sc__buf_printf(b, "%.*s;\n\n", (int)list[i].r->statement.len,
                       (const char *)list[i].r->statement.data);
    }
    for (size_t i = 0; i < n; i++)
        sc_table_free(held[i]);
    free(held);
    free(list);
    free_rows(&rs);
    if (rc == SC_OK && b->failed)
        rc = SC_ENOMEM;
    return rc;
}

int sc_exec__show_create_trigger(sc_exec *x, char **out)
{
    const sc_ast_qname *q = &x->stmt->show->name;
    sc_schema *s = NULL;
    rows rs = {0};
    const char *db;
    long i = -1;
    int rc;

    *out = NULL;
    if ((rc = sc_exec__resolve_db(x, &db, q)) != SC_OK)
        return rc;
    rc = sc_schema_lookup(&s, x->txn, db);
    if (rc == SC_OK)
        rc = load_rows(x->txn, &rs);
    if (rc == SC_OK)
        i = find_trigger(x->txn, &rs, sc_schema_id(s), q->name);
    if (rc == SC_ENOTFOUND)
        sc_ctx_clear_error(x->ctx);
    if ((rc == SC_OK || rc == SC_ENOTFOUND) && i < 0)
        rc = sc_exec__err(x, SC_ER_TRG_DOES_NOT_EXIST);
    else if (rc == SC_OK) {
        *out = sc__strndup(x->ctx, (const char *)rs.r[i]->statement.data, rs.r[i]->statement.len);
        rc = *out ? SC_OK : SC_ENOMEM;
    }
    sc_schema_free(s);
    free_rows(&rs);
    return rc;
}

/* The stored statement with `ON <table>` naming new_name (quoted, as MariaDB writes it). */
static char *renamed_statement(sc_exec *x, const trow *r, const char *new_name)
{
    sc_ddl_parse_options po = SC_DDL_PARSE_OPTIONS_INIT;
    sc_ast_stmt *st = NULL;
    sc_buf b;
    char *out = NULL;

    if (sc_ddl__parse(&st, x->ctx, (const char *)r->statement.data, r->statement.len, &po) !=
            SC_OK ||
        st->kind != SC_AST_STMT_CREATE_TRIGGER) {
        sc_ctx_clear_error(x->ctx);
        sc_ast__stmt_free(st);
        return NULL; /* kept as it is */
    }
    sc__buf_init(&b, x->ctx);
    sc__buf_printf(&b, "%.*s", (int)st->trigger->table_start, st->text);
    sc_ddl__quote_ident(&b, new_name);
    sc__buf_printf(&b, "%s", st->text + st->trigger->table_end);
    if (!b.failed)
        out = sc_exec__strdup(x, (const char *)b.data);
    sc__buf_free(&b);
    sc_ast__stmt_free(st);
    return out;
}

int sc_exec__triggers_renamed(sc_exec *x, uint64_t id, const char *new_name)
{
    rows rs = {0};
    int rc = load_rows(x->txn, &rs);

    for (size_t i = 0; rc == SC_OK && i < rs.n; i++) {
        char *text;
        if (rs.r[i]->table_id != id || !(text = renamed_statement(x, rs.r[i], new_name)))
            continue;
        free(rs.r[i]->statement.data);
        rs.r[i]->statement.data = (uint8_t *)strdup(text);
        rs.r[i]->statement.len = strlen(text);
        rc = rs.r[i]->statement.data ? sc_catalog__msg_put(x->txn, SC_SYS_TRIGGERS, &rs.r[i]->base)
                                     : SC_ENOMEM;
    }
    free_rows(&rs);
    return rc;
}
