/*
 * exec_misc.c - DROP TABLE (MariaDB's partial multi-table behaviour),
 * RENAME TABLE (InnoDB renames `<t>_ibfk_N` keys and child references
 * follow), TRUNCATE TABLE (drops the AUTO_INCREMENT= option) and
 * CREATE / DROP INDEX (run as the equivalent one-spec ALTER TABLE).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"

/* ------------------------------------------------------------------ */
/* DROP TABLE                                                           */

bool sc_exec__drop_temp(sc_exec *x, const char *db, const char *name)
{
    sc_session *s = x->s;
    for (size_t i = 0; i < s->n_temps; i++) {
        if (strcmp(s->temps[i].schema, db) != 0 || strcmp(s->temps[i].name, name) != 0)
            continue;
        sc_free(x->ctx, s->temps[i].schema);
        sc_free(x->ctx, s->temps[i].name);
        sc_free(x->ctx, s->temps[i].create_sql);
        memmove(&s->temps[i], &s->temps[i + 1], (s->n_temps - i - 1) * sizeof(s->temps[0]));
        s->n_temps--;
        return true;
    }
    return false;
}

/* Drop one table; SC_ENOTFOUND when missing, 1451 when a child still needs it. */
static int drop_one(sc_exec *x, const char *db, const char *name, bool temporary)
{
    sc_schema *s = NULL;
    uint64_t id;
    int rc;

    if (sc_exec__drop_temp(x, db, name))
        return SC_OK;
    if (temporary)
        return SC_ENOTFOUND;
    if ((rc = sc_exec__guard_system(x, db)) != SC_OK)
        return rc;
    rc = sc_schema_lookup(&s, x->txn, db);
    if (rc != SC_OK)
        return rc;
    rc = sc_table_lookup_id(&id, x->txn, sc_schema_id(s), name);
    sc_schema_free(s);
    if (rc != SC_OK)
        return rc;
    if (sc_exec__is_view(x, id)) {
        char *full = sc_exec__printf(x, "%s.%s", db, name);
        return sc_exec__err(x, SC_ER_IT_IS_A_VIEW, full ? full : name);
    }
    if (x->s->foreign_key_checks && sc_exec__is_parent(x, db, name, id))
        return sc_exec__err(x, SC_ER_ROW_IS_REFERENCED_2_SHORT);
    return sc_table_drop(x->txn, id);
}

int sc_exec__drop_table(sc_exec *x)
{
    const sc_ast_drop_table *dt = x->stmt->drop_table;
    sc_buf unknown;
    int rc = SC_OK, fk_rc = SC_OK;
    sc_error fk_err;

    /* the same table twice is refused before anything is dropped */
    for (size_t i = 0; i < dt->n_tables; i++)
        for (size_t k = 0; k < i; k++) {
            const char *a, *b;
            if (sc_exec__resolve_db(x, &a, &dt->tables[i]) != SC_OK ||
                sc_exec__resolve_db(x, &b, &dt->tables[k]) != SC_OK)
                return SC_ESQL;
            if (strcmp(a, b) == 0 && strcmp(dt->tables[i].name, dt->tables[k].name) == 0)
                return sc_exec__err(x, SC_ER_NONUNIQ_TABLE, dt->tables[i].name);
        }
    sc__buf_init(&unknown, x->ctx);
    for (size_t i = 0; i < dt->n_tables; i++) {
        const char *db;
        int r = sc_exec__resolve_db(x, &db, &dt->tables[i]);
        if (r != SC_OK) {
            rc = r;
            goto out;
        }
        r = drop_one(x, db, dt->tables[i].name, dt->temporary);
        if (r == SC_ENOTFOUND) {
            if (unknown.len)
                sc__buf_putc(&unknown, ',');
            sc__buf_printf(&unknown, "%s.%s", db, dt->tables[i].name);
        } else if (r == SC_ESQL && sc_ctx_last_error(x->ctx)->mysql_errno == 1451) {
            fk_rc = r;
            fk_err = *sc_ctx_last_error(x->ctx);
        } else if (r != SC_OK) {
            rc = r;
            goto out;
        }
    }
    if (unknown.len > 100) /* MariaDB's %-.100T: 97 bytes and "..." */
        memcpy(unknown.data + 97, "...", 4);
    if (unknown.len && dt->if_exists) /* one Note 1051 names them all */
        sc_exec__warn(x, SC_ER_BAD_TABLE_ERROR, (const char *)unknown.data);
    if (unknown.len && !dt->if_exists)
        rc = sc_exec__err(x, SC_ER_BAD_TABLE_ERROR, unknown.data);
    else if (fk_rc != SC_OK)
        rc = sc_error_set(x->ctx, fk_rc, fk_err.mysql_errno, fk_err.sqlstate, "%s", fk_err.message);
out:
    sc__buf_free(&unknown);
    return rc;
}

/* ------------------------------------------------------------------ */
/* RENAME TABLE                                                         */

int sc_exec__rename_one(sc_exec *x,
                        uint64_t id,
                        const char *db,
                        const char *name,
                        const char *new_db,
                        const char *new_name,
                        bool fix_ibfk)
{
    sc_schema *s = NULL;
    uint64_t new_schema_id;
    int rc;

    rc = sc_schema_lookup(&s, x->txn, new_db);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_ERROR_ON_RENAME_ENGINE_168, db, name, new_db, new_name);
    if (rc != SC_OK)
        return rc;
    new_schema_id = sc_schema_id(s);
    sc_schema_free(s);
    if (fix_ibfk) {
        sc_table *t = NULL;
        sc_xtable xt;
        sc_table_def def;
        size_t ol = strlen(name);
        bool changed = false;

        rc = sc_table_get(&t, x->txn, id);
        if (rc != SC_OK)
            return rc;
        rc = sc_xtable__load(x, &xt, sc_table_definition(t), db);
        sc_table_free(t);
        if (rc != SC_OK)
            return rc;
        for (size_t i = 0; i < xt.n_fks; i++) {
            const char *n = xt.fks[i].name;
            if (strncmp(n, name, ol) == 0 && strncmp(n + ol, "_ibfk_", 6) == 0) {
                xt.fks[i].name = sc_exec__printf(x, "%s%s", new_name, n + ol);
                changed = true;
            }
            if (strcmp(xt.fks[i].parent_schema, db) == 0 &&
                strcmp(xt.fks[i].parent_table, name) == 0) {
                xt.fks[i].parent_schema = new_db;
                xt.fks[i].parent_table = new_name;
                changed = true;
            }
        }
        if (changed) {
            sc_xtable__to_def(x, &xt, &def);
            rc = sc_table_alter(x->txn, id, &def);
            if (rc != SC_OK)
                return rc;
        }
    }
    rc = sc_table_rename(x->txn, id, new_schema_id, new_name);
    if (rc == SC_EEXISTS)
        return sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, new_name);
    if (rc != SC_OK)
        return rc;
    return sc_exec__update_children(x, db, name, new_db, new_name, NULL, NULL);
}

static int lookup_id(sc_exec *x, uint64_t *id, const char *db, const char *name)
{
    sc_schema *s = NULL;
    int rc = sc_schema_lookup(&s, x->txn, db);

    if (rc != SC_OK)
        return rc;
    rc = sc_table_lookup_id(id, x->txn, sc_schema_id(s), name);
    sc_schema_free(s);
    return rc;
}

/* RENAME of a session temporary table: SC_ENOTFOUND when it is not one. */
static int
rename_temp(sc_exec *x, const char *db, const char *name, const char *ndb, const char *nname)
{
    sc_temp_table *tt = sc_exec__temp(x, db, name);
    char *a, *b;

    if (!tt)
        return SC_ENOTFOUND;
    a = sc__strdup(x->ctx, ndb);
    b = sc__strdup(x->ctx, nname);
    if (!a || !b) {
        sc_free(x->ctx, a);
        sc_free(x->ctx, b);
        return SC_ENOMEM;
    }
    sc_free(x->ctx, tt->schema);
    sc_free(x->ctx, tt->name);
    tt->schema = a;
    tt->name = b;
    return SC_OK;
}

int sc_exec__rename_table(sc_exec *x)
{
    const sc_ast_rename_table *rt = x->stmt->rename_table;

    for (size_t i = 0; i < rt->n_pairs; i++) {
        const sc_ast_rename_pair *p = &rt->pairs[i];
        const char *db, *ndb;
        uint64_t id, other;
        int rc;

        if ((rc = sc_exec__resolve_db(x, &db, &p->from)) != SC_OK ||
            (rc = sc_exec__resolve_db(x, &ndb, &p->to)) != SC_OK)
            return rc;
        if ((rc = sc_exec__check_table_name(x, p->to.name)) != SC_OK ||
            (rc = sc_exec__guard_system(x, db)) != SC_OK ||
            (rc = sc_exec__guard_system(x, ndb)) != SC_OK)
            return rc;
        if ((rc = rename_temp(x, db, p->from.name, ndb, p->to.name)) != SC_ENOTFOUND)
            return rc;
        rc = lookup_id(x, &id, db, p->from.name);
        if (rc == SC_ENOTFOUND) {
            if (rt->if_exists) {
                sc_exec__warn(x, SC_ER_NO_SUCH_TABLE, db, p->from.name);
                continue;
            }
            return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, p->from.name);
        }
        if (rc != SC_OK)
            return rc;
        if (lookup_id(x, &other, ndb, p->to.name) == SC_OK)
            return sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, p->to.name);
        if ((rc = sc_exec__triggers_rename_check(x, id, db, ndb)) != SC_OK)
            return rc;
        if (sc_exec__is_view(x, id) && strcmp(db, ndb) != 0)
            return sc_exec__err(x, SC_ER_FORBID_SCHEMA_CHANGE, db, ndb);
        rc =
            sc_exec__rename_one(x, id, db, p->from.name, ndb, p->to.name, !sc_exec__is_view(x, id));
        if (rc == SC_OK)
            rc = sc_exec__triggers_renamed(x, id, p->to.name);
        if (rc != SC_OK)
            return rc;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* TRUNCATE                                                             */

typedef struct first_child {
    uint64_t id;
    bool found;
} first_child;

static int take_first(const sc_table_info *info, void *payload)
{
    first_child *fc = payload;
    fc->id = info->id;
    fc->found = true;
    return 1;
}

/* 1701, naming the first child constraint as MariaDB does. */
static int truncate_refused(sc_exec *x, const char *db, const char *name)
{
    first_child fc = {0, false};
    sc_table *ct = NULL;
    sc_buf b;
    int rc;

    sc_table_foreach_child(x->txn, db, name, take_first, &fc);
    if (!fc.found || sc_table_get(&ct, x->txn, fc.id) != SC_OK)
        return sc_exec__err(x, SC_ER_TRUNCATE_ILLEGAL_FK_SHORT);
    sc__buf_init(&b, x->ctx);
    for (size_t i = 0; i < sc_table_definition(ct)->n_foreign_keys; i++) {
        const sc_fk_def *fk = &sc_table_definition(ct)->foreign_keys[i];
        if (strcmp(fk->parent_schema, db) != 0 || strcmp(fk->parent_table, name) != 0)
            continue;
        sc_ddl__quote_ident(&b, sc_table_schema_name(ct));
        sc__buf_putc(&b, '.');
        sc_ddl__quote_ident(&b, sc_table_definition(ct)->name);
        sc__buf_puts(&b, ", CONSTRAINT ");
        sc_ddl__quote_ident(&b, fk->name);
        sc__buf_puts(&b, " FOREIGN KEY ");
        sc_show__name_list(&b, fk->columns, fk->n_columns);
        sc__buf_puts(&b, " REFERENCES ");
        sc_ddl__quote_ident(&b, db);
        sc__buf_putc(&b, '.');
        sc_ddl__quote_ident(&b, name);
        sc__buf_putc(&b, ' ');
        sc_show__name_list(&b, fk->parent_columns, fk->n_columns);
        break;
    }
    rc = sc_exec__err(x, SC_ER_TRUNCATE_ILLEGAL_FK, b.text ? b.text : "");
    sc__buf_free(&b);
    sc_table_free(ct);
    return rc;
}

int sc_exec__truncate_table(sc_exec *x)
{
    const sc_ast_qname *q = &x->stmt->truncate_table;
    const char *db;
    sc_table *t = NULL;
    sc_table_def def;
    int rc;

    if ((rc = sc_exec__resolve_db(x, &db, q)) != SC_OK)
        return rc;
    if (sc_exec__is_temp(x, db, q->name))
        return SC_OK;
    if ((rc = sc_exec__guard_system(x, db)) != SC_OK)
        return rc;
    rc = sc_table_lookup(&t, x->txn, db, q->name);
    if (rc == SC_ENOTFOUND || (rc == SC_OK && sc_exec__is_view(x, sc_table_id(t)))) {
        sc_table_free(t);
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, q->name);
    }
    if (rc != SC_OK)
        return rc;
    if (sc_table_definition(t)->flags & SC_TABLE_SYSTEM_VERSIONING) {
        sc_table_free(t);
        return sc_exec__err(x, SC_ER_VERS_NOT_SUPPORTED, "TRUNCATE TABLE");
    }
    if (x->s->foreign_key_checks && sc_exec__is_parent(x, db, q->name, sc_table_id(t))) {
        sc_table_free(t);
        return truncate_refused(x, db, q->name);
    }
    if (sc_table_definition(t)->flags & SC_TABLE_SEQUENCE) {
        sc_table_free(t);
        return sc_exec__err(x, SC_ER_ILLEGAL_HA, "SEQUENCE", db, q->name);
    }
    def = *sc_table_definition(t);
    if (def.auto_increment) {
        def.auto_increment = 0;
        rc = sc_table_alter(x->txn, sc_table_id(t), &def);
    }
    sc_table_free(t);
    return rc;
}

/* ------------------------------------------------------------------ */
/* CREATE / DROP INDEX                                                  */

static int as_alter_n(sc_exec *x, sc_ast_alter_spec *spec, size_t n)
{
    sc_ast_alter_table at;
    sc_ast_alter_table *saved = x->stmt->alter_table;
    int rc;

    memset(&at, 0, sizeof(at));
    at.name = x->stmt->index_stmt->table;
    at.specs = spec;
    at.n_specs = n;
    x->stmt->alter_table = &at;
    rc = sc_exec__alter_table(x);
    x->stmt->alter_table = saved;
    return rc;
}

static int as_alter(sc_exec *x, sc_ast_alter_spec *spec)
{
    return as_alter_n(x, spec, 1);
}

/* Whether the table of an index statement has an index named name. */
static bool has_index(sc_exec *x, const char *name)
{
    const sc_ast_qname *q = &x->stmt->index_stmt->table;
    const char *db = q->db ? q->db : x->s->database;
    sc_table *t = NULL;
    bool found = false;

    if (db && name && sc_table_lookup(&t, x->txn, db, q->name) == SC_OK) {
        const sc_table_def *d = sc_table_definition(t);
        for (size_t i = 0; i < d->n_indexes && !found; i++)
            found = strcasecmp(d->indexes[i].name, name) == 0;
    }
    sc_ctx_clear_error(x->ctx);
    sc_table_free(t);
    return found;
}

/* CREATE [OR REPLACE] INDEX: ADD INDEX, after DROP INDEX of the one it replaces. */
int sc_exec__create_index(sc_exec *x)
{
    const sc_ast_index_stmt *is = x->stmt->index_stmt;
    sc_ast_alter_spec spec[2];
    sc_ast_index ix = *is->index;
    size_t n = 0;

    if (is->or_replace && is->if_not_exists)
        return sc_exec__err(x, SC_ER_WRONG_USAGE, "OR REPLACE", "IF NOT EXISTS");
    memset(spec, 0, sizeof(spec));
    if (is->or_replace && has_index(x, ix.name)) {
        spec[n].kind = SC_AST_ALTER_DROP_INDEX;
        spec[n++].name = ix.name;
    }
    spec[n].kind = SC_AST_ALTER_ADD_INDEX;
    ix.if_not_exists = ix.if_not_exists || is->if_not_exists;
    spec[n++].index = &ix;
    return as_alter_n(x, spec, n);
}

int sc_exec__drop_index(sc_exec *x)
{
    sc_ast_alter_spec spec;

    memset(&spec, 0, sizeof(spec));
    spec.kind = SC_AST_ALTER_DROP_INDEX;
    spec.name = x->stmt->index_stmt->index->name;
    spec.if_exists = x->stmt->index_stmt->if_exists;
    return as_alter(x, &spec);
}
