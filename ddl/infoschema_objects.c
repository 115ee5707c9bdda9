/*
 * infoschema_objects.c - views and triggers in the information_schema
 * layer: information_schema.VIEWS and TRIGGERS, the trigger rows SHOW
 * TRIGGERS and SHOW CREATE TRIGGER read, and whether a catalog table is a
 * view (TABLE_NAMES / TABLES print it as VIEW).
 *
 * Rows come from syscat.views and syscat.triggers (catalog/syscat.proto,
 * written by ddl/exec_view.c and ddl/exec_trigger.c). What the catalog does
 * not keep is given as MariaDB gives it for the pinned client (utf8mb4
 * character_set_client / collation_connection), and a trigger's creation
 * time is NULL (none is kept).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/infoschema_int.h"
#include "ddl/lex.h"
#include "ddl/select.h"

typedef Syscat__Catalog__TriggerRow trow;

/* ------------------------------------------------------------------ */
/* Views                                                                */

bool sc_is__is_view(sc_exec *x, uint64_t table_id)
{
    return sc_ddl__is_view(x->txn, table_id);
}

/* `user`@`host` as information_schema prints it: user@host. */
static const char *plain_definer(sc_exec *x, const ProtobufCBinaryData *d)
{
    char *s = sc_exec__alloc(x, d->len + 1);
    size_t k = 0;

    if (!s)
        return NULL;
    for (size_t i = 0; i < d->len; i++)
        if (d->data[i] != '`')
            s[k++] = (char)d->data[i];
    s[k] = '\0';
    return s;
}

/*
 * IS_UPDATABLE as MariaDB decides it for the usual cases: a view is not
 * updatable when it must be materialised (TEMPTABLE, aggregates, DISTINCT,
 * GROUP BY, HAVING, UNION, LIMIT) or reads no table. Judged on the stored
 * SELECT text, which MariaDB prints in lower case.
 */
static bool view_updatable(const Syscat__Catalog__ViewRow *r)
{
    static const char *const blockers[] = {" distinct ", " group by ", " having ",     " union ",
                                           " limit ",    "count(",     "sum(",         "avg(",
                                           "min(",       "max(",       "group_concat("};
    char *def = strndup((const char *)r->definition.data, r->definition.len);
    bool ok = def && r->algorithm != 2 && strstr(def, " from ");

    for (size_t i = 0; ok && i < sizeof(blockers) / sizeof(blockers[0]); i++)
        if (strstr(def, blockers[i]))
            ok = false;
    if (ok && strncmp(def, "select distinct ", 16) == 0)
        ok = false;
    free(def);
    return ok;
}

static int
view_values(sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    static const char *const checks[] = {"NONE", "CASCADED", "LOCAL"};
    static const char *const algorithms[] = {"UNDEFINED", "MERGE", "TEMPTABLE"};
    Syscat__Catalog__ViewRow *r = NULL;
    int rc = sc_ddl__view_row(&r, x->txn, sc_table_id(t));

    (void)scope;
    if (rc != SC_OK)
        return rc;
    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, sc_table_definition(t)->name);
    sc_rs__cell(b, (const char *)r->definition.data, r->definition.len);
    sc_rs__str(b, checks[r->check_option < 3 ? r->check_option : 0]);
    sc_rs__str(b, view_updatable(r) ? "YES" : "NO");
    sc_rs__str(b, plain_definer(x, &r->definer));
    sc_rs__str(b, r->security ? "INVOKER" : "DEFINER");
    sc_rs__str(b, "utf8mb4");
    sc_rs__str(b, "utf8mb4_general_ci");
    rc = sc_rs__str(b, algorithms[r->algorithm < 3 ? r->algorithm : 0]);
    syscat__catalog__view_row__free_unpacked(r, NULL);
    return rc;
}

static int fill_views(sc_rs *b, sc_exec *x, const sc_is_scope *scope)
{
    return sc_is__each_table(b, x, scope, NULL, view_values);
}

/* ------------------------------------------------------------------ */
/* Triggers                                                             */

typedef struct trg {
    trow *r;
    char *db, *table; /* malloc'ed */
    char *db_collation;
} trg;

typedef struct trg_list {
    trg *v;
    size_t n, cap;
    sc_exec *x;
    const char *only_db;
} trg_list;

static void trg_list_free(trg_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        syscat__catalog__trigger_row__free_unpacked(l->v[i].r, NULL);
        free(l->v[i].db);
        free(l->v[i].table);
        free(l->v[i].db_collation);
    }
    free(l->v);
    memset(l, 0, sizeof(*l));
}

static int collect(sc_slice packed, void *payload)
{
    trg_list *l = payload;
    trow *r = syscat__catalog__trigger_row__unpack(NULL, packed.len, packed.data);
    sc_table *t = NULL;
    sc_schema *s = NULL;
    int rc;

    if (!r)
        return SC_ECORRUPT;
    rc = sc_table_get(&t, l->x->txn, r->table_id);
    if (rc == SC_OK)
        rc = sc_schema_get(&s, l->x->txn, sc_table_schema_id(t));
    if (rc != SC_OK || (l->only_db && strcmp(sc_schema_definition(s)->name, l->only_db) != 0)) {
        syscat__catalog__trigger_row__free_unpacked(r, NULL);
        sc_table_free(t);
        sc_schema_free(s);
        return rc == SC_OK || rc == SC_ENOTFOUND ? 0 : rc;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        trg *v = realloc(l->v, cap * sizeof(*v));
        if (!v)
            rc = SC_ENOMEM;
        else {
            l->v = v;
            l->cap = cap;
        }
    }
    if (rc == SC_OK) {
        trg *e = &l->v[l->n++];
        e->r = r;
        e->db = strdup(sc_schema_definition(s)->name);
        e->table = strdup(sc_table_definition(t)->name);
        e->db_collation = strdup(sc_schema_definition(s)->collation);
        if (!e->db || !e->table || !e->db_collation)
            rc = SC_ENOMEM;
    } else {
        syscat__catalog__trigger_row__free_unpacked(r, NULL);
    }
    sc_table_free(t);
    sc_schema_free(s);
    return rc;
}

/* MariaDB's order: by database, table, then event (INSERT, UPDATE, DELETE), timing, order. */
static int cmp_trg(const void *a, const void *b)
{
    const trg *x = a, *y = b;
    int c = strcmp(x->db, y->db);

    if (!c)
        c = strcmp(x->table, y->table);
    if (!c)
        c = (int)x->r->event - (int)y->r->event;
    if (!c)
        c = (int)x->r->timing - (int)y->r->timing;
    if (!c)
        c = (x->r->action_order > y->r->action_order) - (x->r->action_order < y->r->action_order);
    return c;
}

static int load_triggers(trg_list *l, sc_exec *x, const char *only_db)
{
    int rc;

    memset(l, 0, sizeof(*l));
    l->x = x;
    l->only_db = only_db;
    rc = sc_catalog__row_foreach(x->txn, SC_SYS_TRIGGERS, collect, l);
    if (rc == SC_OK && l->n > 1)
        qsort(l->v, l->n, sizeof(*l->v), cmp_trg);
    return rc;
}

/* The body of a trigger statement: the text after FOR EACH ROW. */
static const char *trigger_body(sc_exec *x, const trow *r)
{
    const char *sql = (const char *)r->statement.data;
    sc_lexer lx;
    sc_token t[3] = {{0}};

    sc_lex__init(&lx, sql, r->statement.len, 0);
    for (;;) {
        t[0] = t[1];
        t[1] = t[2];
        t[2] = sc_lex__next(&lx);
        if (t[2].kind == SC_TOK_EOF || t[2].kind == SC_TOK_ERROR)
            return sc_exec__printf(x, "%.*s", (int)r->statement.len, sql);
        if (sc_lex__is_word(sql, &t[0], "FOR") && sc_lex__is_word(sql, &t[1], "EACH") &&
            sc_lex__is_word(sql, &t[2], "ROW"))
            break;
    }
    t[0] = sc_lex__next(&lx);
    return sc_exec__printf(x, "%.*s", (int)(r->statement.len - t[0].start), sql + t[0].start);
}

static const char *const events[] = {"INSERT", "UPDATE", "DELETE"};

static int trigger_values(sc_rs *b, sc_exec *x, const trg *e)
{
    const trow *r = e->r;
    char *mode = sc_exec__mode_text(x->ctx, r->sql_mode);
    int rc;

    sc_rs__str(b, "def");
    sc_rs__str(b, e->db);
    sc_rs__str(b, r->name);
    sc_rs__str(b, events[r->event < 3 ? r->event : 0]);
    sc_rs__str(b, "def");
    sc_rs__str(b, e->db);
    sc_rs__str(b, e->table);
    sc_rs__u64(b, r->action_order);
    sc_rs__null(b);
    sc_rs__str(b, trigger_body(x, r));
    sc_rs__str(b, "ROW");
    sc_rs__str(b, r->timing == 1 ? "AFTER" : "BEFORE");
    sc_rs__null(b);
    sc_rs__null(b);
    sc_rs__str(b, "OLD");
    sc_rs__str(b, "NEW");
    sc_rs__null(b); /* CREATED: not kept */
    sc_rs__str(b, mode ? mode : "");
    sc_rs__str(b, plain_definer(x, &r->definer));
    sc_rs__str(b, "utf8mb4");
    sc_rs__str(b, "utf8mb4_general_ci");
    rc = sc_rs__str(b, e->db_collation);
    sc_free(x->ctx, mode);
    return rc;
}

static int fill_triggers(sc_rs *b, sc_exec *x, const sc_is_scope *scope)
{
    trg_list l;
    int rc = load_triggers(&l, x, scope->schema);

    for (size_t i = 0; rc == SC_OK && i < l.n; i++)
        if (!scope->table || strcmp(scope->table, l.v[i].table) == 0)
            rc = trigger_values(b, x, &l.v[i]);
    trg_list_free(&l);
    return rc;
}

int sc_is__fill_objects(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope)
{
    return t == SC_IS_VIEWS ? fill_views(b, x, scope) : fill_triggers(b, x, scope);
}

/* ------------------------------------------------------------------ */
/* SHOW CREATE TRIGGER                                                  */

static int create_trigger_columns(sc_rs *b)
{
    /* computed columns, MariaDB 10.11.19 (lengths for utf8mb3, converted later) */
    static const sc_result_column cols[] = {
        {"Trigger", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 576, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"sql_mode", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 267, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"SQL Original Statement", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 3072, 0,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"character_set_client", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 96, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"collation_connection", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 192, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"Database Collation", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 192, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"Created", "", "", "", "", SC_FIELD_TYPE_DATETIME, 22, SC_FIELD_BINARY, SC_CHARSET_BINARY,
         2},
    };
    for (size_t i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
        if (sc_rs__column(b, &cols[i]) != SC_OK)
            return SC_ENOMEM;
    return SC_OK;
}

int sc_is__show_create_trigger(sc_rs *b, sc_exec *x, const char *db, const char *name)
{
    trg_list l;
    const trg *e = NULL;
    int rc = load_triggers(&l, x, db);

    for (size_t i = 0; rc == SC_OK && !e && i < l.n; i++)
        if (strcmp(l.v[i].r->name, name) == 0)
            e = &l.v[i];
    if (rc == SC_OK && !e)
        rc = sc_exec__err(x, SC_ER_TRG_DOES_NOT_EXIST);
    if (rc == SC_OK)
        rc = create_trigger_columns(b);
    if (rc == SC_OK) {
        char *mode = sc_exec__mode_text(x->ctx, e->r->sql_mode);
        sc_rs__str(b, e->r->name);
        sc_rs__str(b, mode ? mode : "");
        sc_rs__cell(b, (const char *)e->r->statement.data, e->r->statement.len);
        sc_rs__str(b, "utf8mb4");
        sc_rs__str(b, "utf8mb4_general_ci");
        sc_rs__str(b, e->db_collation);
        rc = sc_rs__null(b);
        sc_free(x->ctx, mode);
    }
    trg_list_free(&l);
    return rc;
}
