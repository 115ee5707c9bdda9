/*
 * exec_db.c - CREATE / ALTER / DROP DATABASE, USE and the SHOW statements,
 * with MariaDB 10.11's errors (1007, 1008, 1049, 1046, errno 1 for ALTER of
 * a missing database, 4160 for a too long comment).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/exec.h"
#include "ddl/types.h"

/* Number of characters of a UTF-8 string. */
static size_t utf8_len(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            n++;
    return n;
}

/* Table and database names: empty, trailing space or too long are "Incorrect". */
static int check_ident(sc_exec *x, const char *name, bool is_db)
{
    size_t n = strlen(name);
    if (n == 0 || name[n - 1] == ' ' || utf8_len(name) > 64)
        return is_db ? sc_exec__err(x, SC_ER_WRONG_DB_NAME, name)
                     : sc_exec__err(x, SC_ER_WRONG_TABLE_NAME, name);
    return SC_OK;
}

int sc_exec__check_ident_length(sc_exec *x, const char *name)
{
    if (name && utf8_len(name) > 64)
        return sc_exec__err(x, SC_ER_TOO_LONG_IDENT, name);
    return SC_OK;
}

int sc_exec__check_table_name(sc_exec *x, const char *name)
{
    return check_ident(x, name, false);
}

int sc_exec__check_db_name(sc_exec *x, const char *name)
{
    return check_ident(x, name, true);
}

int sc_exec__check_column_name(sc_exec *x, const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || name[n - 1] == ' ')
        return sc_exec__err(x, SC_ER_WRONG_COLUMN_NAME, name);
    if (utf8_len(name) > 64)
        return sc_exec__err(x, SC_ER_TOO_LONG_IDENT, name);
    return SC_OK;
}

/* Apply CHARACTER SET / COLLATE / COMMENT options onto def (base values kept). */
static int db_options(sc_exec *x, sc_schema_def *def, const sc_ast_database *d)
{
    const char *cs_name = NULL, *coll_name = NULL;
    const sc_charset_info *cs;
    const sc_collation_info *coll;
    int rc;

    for (size_t i = 0; i < d->n_options; i++) {
        const sc_ast_db_option *o = &d->options[i];
        if (o->kind == SC_AST_TOPT_CHARSET) {
            {
                const char *n =
                    strcasecmp(o->value.s, "default") == 0 ? x->s->charset_server : o->value.s;
                if (cs_name && sc_charset__find(cs_name) && sc_charset__find(n) &&
                    sc_charset__find(cs_name) != sc_charset__find(n))
                    return sc_exec__err(x, SC_ER_CONFLICTING_CHARSETS,
                                        sc_charset__find(cs_name)->name, sc_charset__find(n)->name);
                cs_name = n;
            }
        } else if (o->kind == SC_AST_TOPT_COLLATE) {
            const char *n =
                strcasecmp(o->value.s, "default") == 0 ? x->s->collation_server : o->value.s;
            const sc_collation_info *a = coll_name ? sc_charset__collation_find(coll_name) : NULL;
            const sc_collation_info *b = sc_charset__collation_find(n);
            if (a && b && a != b)
                return sc_exec__err(x, SC_ER_CONFLICTING_COLLATIONS, a->name, b->name);
            coll_name = n;
        } else if (o->kind == SC_AST_TOPT_COMMENT) {
            if (utf8_len(o->value.s) > 1024)
                return sc_exec__err(x, SC_ER_TOO_LONG_DATABASE_COMMENT, d->name ? d->name : "",
                                    1024);
            def->comment = o->value.len ? o->value.s : NULL;
        }
    }
    if (!cs_name && !coll_name)
        return SC_OK;
    rc = sc_charset__resolve(&cs, &coll, x->ctx, cs_name, coll_name);
    if (rc != SC_OK)
        return rc;
    def->charset = cs->name;
    def->collation = coll->name;
    return SC_OK;
}

static int drop_db(sc_exec *x, const char *db, uint64_t schema_id);

/* Forget the current database when it is dropped. */
static void unselect(sc_exec *x, const char *db)
{
    if (x->s->database && strcmp(x->s->database, db) == 0) {
        sc_free(x->ctx, x->s->database);
        x->s->database = NULL;
    }
}

int sc_exec__create_database(sc_exec *x)
{
    const sc_ast_database *d = x->stmt->database;
    sc_schema_def def = {d->name, x->s->charset_server, x->s->collation_server, NULL};
    sc_schema *old = NULL;
    int rc;

    if (d->or_replace && d->if_not_exists)
        return sc_exec__err(x, SC_ER_WRONG_USAGE, "OR REPLACE", "IF NOT EXISTS");
    rc = sc_exec__check_db_name(x, d->name);
    if (rc == SC_OK)
        rc = sc_exec__guard_system(x, d->name);
    if (rc != SC_OK)
        return rc;
    rc = db_options(x, &def, d);
    if (rc != SC_OK)
        return rc;
    rc = sc_schema_lookup(&old, x->txn, d->name);
    if (rc == SC_OK) {
        uint64_t id = sc_schema_id(old);
        sc_schema_free(old);
        if (d->if_not_exists) {
            sc_exec__warn(x, SC_ER_DB_CREATE_EXISTS, d->name);
            return SC_OK;
        }
        if (!d->or_replace)
            return sc_exec__err(x, SC_ER_DB_CREATE_EXISTS, d->name);
        rc = drop_db(x, d->name, id);
        if (rc != SC_OK)
            return rc;
        /* the old database was dropped: it is no longer the current one */
        unselect(x, d->name);
        x->affected_rows = 1; /* MariaDB 10.11 counts 2 for a replaced database */
    } else if (rc != SC_ENOTFOUND) {
        return rc;
    }
    x->affected_rows++; /* "Query OK, 1 row affected", as MariaDB says */
    return sc_schema_create(NULL, x->txn, &def);
}

int sc_exec__alter_database(sc_exec *x)
{
    const sc_ast_database *d = x->stmt->database;
    const char *name = d->name ? d->name : x->s->database;
    sc_schema *s = NULL;
    sc_schema_def def;
    int rc;

    if (!name)
        return sc_exec__err(x, SC_ER_NO_DB_ERROR);
    if ((rc = sc_exec__guard_system(x, name)) != SC_OK)
        return rc;
    rc = sc_exec__check_db_name(x, name);
    if (rc != SC_OK)
        return rc;
    rc = sc_schema_lookup(&s, x->txn, name);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_EE_CANTCREATEFILE, name);
    if (rc != SC_OK)
        return rc;
    def = *sc_schema_definition(s);
    def.name = sc_exec__strdup(x, def.name);
    def.charset = sc_exec__strdup(x, def.charset);
    def.collation = sc_exec__strdup(x, def.collation);
    def.comment = sc_exec__strdup(x, def.comment);
    rc = db_options(x, &def, d);
    if (rc == SC_OK)
        rc = sc_schema_alter(x->txn, sc_schema_id(s), &def);
    sc_schema_free(s);
    x->affected_rows = 1; /* as MariaDB reports it */
    return rc;
}

/* The tables of a schema being dropped, and which of them must stay. */
typedef struct drop_db_state {
    sc_exec *x;
    uint64_t schema_id;
    size_t n, cap;
    uint64_t *ids;
    char **names;
    bool *kept;
    bool changed;
} drop_db_state;

static int collect_table(const sc_table_info *info, void *payload)
{
    drop_db_state *st = payload;
    if (st->n == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 16;
        uint64_t *ids = sc_exec__alloc(st->x, cap * sizeof(*ids));
        char **names = sc_exec__alloc(st->x, cap * sizeof(*names));
        bool *kept = sc_exec__alloc(st->x, cap * sizeof(*kept));
        if (!ids || !names || !kept)
            return SC_ENOMEM;
        if (st->n) {
            memcpy(ids, st->ids, st->n * sizeof(*ids));
            memcpy(names, st->names, st->n * sizeof(*names));
            memcpy(kept, st->kept, st->n * sizeof(*kept));
        }
        st->ids = ids;
        st->names = names;
        st->kept = kept;
        st->cap = cap;
    }
    st->ids[st->n] = info->id;
    st->names[st->n] = sc_exec__strdup(st->x, info->name);
    st->kept[st->n] = false;
    if (!st->names[st->n])
        return SC_ENOMEM;
    st->n++;
    return 0;
}

/* A child that keeps its parent: one in another schema, or one that stays. */
static int keeping_child(const sc_table_info *info, void *payload)
{
    drop_db_state *st = payload;
    if (info->schema_id != st->schema_id)
        return 1;
    for (size_t i = 0; i < st->n; i++)
        if (st->ids[i] == info->id)
            return st->kept[i] ? 1 : 0;
    return 0;
}

/*
 * With foreign_key_checks, MariaDB drops every table it can and keeps the
 * ones still referenced from another database; the statement then fails
 * with 1451 and the database stays. Returns SC_OK when nothing must stay.
 */
static int drop_db_tables(sc_exec *x, const char *db, uint64_t schema_id, bool *partial)
{
    drop_db_state st = {x, schema_id, 0, 0, NULL, NULL, NULL, false};
    size_t n_kept = 0;
    int rc;

    *partial = false;
    if (!x->s->foreign_key_checks)
        return SC_OK;
    rc = sc_table_foreach(x->txn, schema_id, collect_table, &st);
    if (rc != SC_OK)
        return rc;
    do {
        st.changed = false;
        for (size_t i = 0; i < st.n; i++) {
            if (st.kept[i])
                continue;
            rc = sc_table_foreach_child(x->txn, db, st.names[i], keeping_child, &st);
            if (rc < 0)
                return rc;
            if (rc == 1) {
                st.kept[i] = true;
                st.changed = true;
                n_kept++;
            }
        }
    } while (st.changed);
    if (!n_kept)
        return SC_OK;
    for (size_t i = 0; i < st.n; i++)
        if (!st.kept[i] && (rc = sc_table_drop(x->txn, st.ids[i])) != SC_OK)
            return rc;
    *partial = true;
    return sc_exec__err(x, SC_ER_ROW_IS_REFERENCED_2_SHORT);
}

/* Drop the tables of database db (schema_id), then the database (DROP
 * DATABASE and CREATE OR REPLACE DATABASE). */
static int drop_db(sc_exec *x, const char *db, uint64_t schema_id)
{
    bool partial;
    int rc = drop_db_tables(x, db, schema_id, &partial);

    if (rc != SC_OK) {
        x->keep_partial = partial;
        return rc;
    }
    return sc_schema_drop(x->txn, schema_id);
}

static int count_table(const sc_table_info *info, void *payload)
{
    (void)info;
    ++*(uint64_t *)payload;
    return 0;
}

int sc_exec__drop_database(sc_exec *x)
{
    const sc_ast_database *d = x->stmt->database;
    sc_schema *s = NULL;
    uint64_t id;
    int rc;

    if (strcmp(d->name, SC_SYSCAT_SCHEMA) != 0 && (rc = sc_exec__guard_system(x, d->name)) != SC_OK)
        return rc;
    rc = sc_schema_lookup(&s, x->txn, d->name);
    if (rc == SC_ENOTFOUND) {
        if (d->if_exists) {
            sc_exec__warn(x, SC_ER_DB_DROP_EXISTS, d->name);
            return SC_OK;
        }
        return sc_exec__err(x, SC_ER_DB_DROP_EXISTS, d->name);
    }
    if (rc != SC_OK)
        return rc;
    id = sc_schema_id(s);
    sc_schema_free(s);
    if (strcmp(d->name, SC_SYSCAT_SCHEMA) == 0)
        return sc_exec__err(x, SC_ER_DBACCESS_DENIED_ERROR, "root", "localhost", d->name);
    /* MariaDB reports the tables it dropped as the affected rows */
    rc = sc_table_foreach(x->txn, id, count_table, &x->affected_rows);
    if (rc == SC_OK)
        rc = drop_db(x, d->name, id);
    if (rc == SC_OK)
        unselect(x, d->name);
    return rc;
}

int sc_exec__use(sc_exec *x)
{
    sc_schema *s = NULL;
    char *copy;
    int rc = sc_schema_lookup(&s, x->txn, x->stmt->use_db);

    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_BAD_DB_ERROR, x->stmt->use_db);
    if (rc != SC_OK)
        return rc;
    sc_schema_free(s);
    copy = sc__strdup(x->ctx, x->stmt->use_db);
    if (!copy)
        return SC_ENOMEM;
    sc_free(x->ctx, x->s->database);
    x->s->database = copy;
    return SC_OK;
}
