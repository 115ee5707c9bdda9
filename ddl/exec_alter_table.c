/*
 * exec_alter_table.c - the table-level specs of ALTER TABLE: table options
 * (applied first, so new columns take the new default charset), CONVERT TO
 * CHARACTER SET (TEXT types grow, VARCHAR may become TEXT), RENAME TO, the
 * options MariaDB refuses (1235), and pointing the foreign keys of child
 * tables at a renamed table or column.
 */
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/exec.h"
#include "ddl/exec_alter_int.h"
#include "ddl/types.h"

/* ------------------------------------------------------------------ */
/* Children of a table (foreign keys naming it as parent)              */

typedef struct id_list {
    uint64_t *ids;
    size_t n, cap;
    sc_exec *x;
} id_list;

static int collect_id(const sc_table_info *info, void *payload)
{
    id_list *l = payload;
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 8;
        uint64_t *n = sc_exec__alloc(l->x, ncap * sizeof(uint64_t));
        if (!n)
            return SC_ENOMEM;
        if (l->n)
            memcpy(n, l->ids, l->n * sizeof(uint64_t));
        l->ids = n;
        l->cap = ncap;
    }
    l->ids[l->n++] = info->id;
    return 0;
}

int sc_exec__update_children(sc_exec *x,
                             const char *old_db,
                             const char *old_name,
                             const char *new_db,
                             const char *new_name,
                             const char *old_col,
                             const char *new_col)
{
    id_list l = {NULL, 0, 0, x};
    int rc = sc_table_foreach_child(x->txn, old_db, old_name, collect_id, &l);

    if (rc != SC_OK)
        return rc;
    for (size_t i = 0; i < l.n; i++) {
        sc_table *ct = NULL;
        sc_xtable t;
        sc_table_def def;
        bool changed = false;

        rc = sc_table_get(&ct, x->txn, l.ids[i]);
        if (rc != SC_OK)
            return rc;
        rc = sc_xtable__load(x, &t, sc_table_definition(ct), sc_table_schema_name(ct));
        sc_table_free(ct);
        if (rc != SC_OK)
            return rc;
        for (size_t k = 0; k < t.n_fks; k++) {
            sc_fk_def *fk = &t.fks[k];
            if (strcmp(fk->parent_schema, old_db) != 0 || strcmp(fk->parent_table, old_name) != 0)
                continue;
            fk->parent_schema = new_db;
            fk->parent_table = new_name;
            for (size_t c = 0; old_col && c < fk->n_columns; c++)
                if (strcasecmp(fk->parent_columns[c], old_col) == 0)
                    ((const char **)fk->parent_columns)[c] = new_col;
            changed = true;
        }
        if (!changed)
            continue;
        sc_xtable__to_def(x, &t, &def);
        rc = sc_table_alter(x->txn, l.ids[i], &def);
        if (rc != SC_OK)
            return rc;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Options, CONVERT TO, RENAME TO                                      */

/* TEXT types grow so that the same number of characters fits; a VARCHAR
 * that no longer fits is 1074 in strict mode, a TEXT type otherwise. */
static int convert_column(sc_exec *x,
                          sc_column_def *d,
                          const sc_charset_info *cs,
                          const sc_collation_info *coll)
{
    unsigned oldml = d->charset ? sc_charset__maxlen(d->charset) : 1;

    if (!sc_type__has_charset(d->type) || !d->charset)
        return SC_OK;
    if (d->type == SC_TYPE_VARCHAR && d->length > 65532 / cs->maxlen) {
        uint64_t bytes = (uint64_t)d->length * cs->maxlen;
        if (x->s->sql_mode & (SC_MODE_STRICT_TRANS_TABLES | SC_MODE_STRICT_ALL_TABLES))
            return sc_exec__err(x, SC_ER_TOO_BIG_FIELDLENGTH, d->name,
                                (unsigned long long)(65532 / cs->maxlen));
        d->type = bytes < (1u << 24) ? SC_TYPE_MEDIUMTEXT : SC_TYPE_LONGTEXT;
        d->length = 0;
        sc_exec__warn(x, SC_ER_AUTO_CONVERT, d->name, "VARCHAR", "TEXT");
    }
    if (sc_type__is_text(d->type) && cs->maxlen > oldml) {
        uint64_t chars = sc_type__max_chars(d->type) / oldml;
        uint64_t bytes = chars * cs->maxlen;
        d->type = bytes < 256          ? SC_TYPE_TINYTEXT
                  : bytes < 65536      ? SC_TYPE_TEXT
                  : bytes < (1u << 24) ? SC_TYPE_MEDIUMTEXT
                                       : SC_TYPE_LONGTEXT;
    }
    d->charset = cs->name;
    d->collation = coll->name;
    sc_exec__binary_conversion(d);
    return SC_OK;
}

static int convert_charset(sc_exec *x,
                           sc_alter_state *st,
                           const sc_ast_alter_spec *sp,
                           const sc_schema_def *sdef)
{
    const sc_charset_info *cs;
    const sc_collation_info *coll;
    const char *csn = sp->charset;
    int rc;

    if (csn && strcasecmp(csn, "default") == 0)
        csn = sdef->charset;
    rc = sc_charset__resolve(&cs, &coll, x->ctx, csn, sp->collate);
    if (rc != SC_OK)
        return rc;
    if (!st->table_charset_given) {
        st->t.charset = cs->name;
        st->t.collation = coll->name;
    }
    for (size_t i = 0; i < st->t.n_cols; i++) {
        const char *before = st->t.cols[i].d.collation;
        if ((rc = convert_column(x, &st->t.cols[i].d, cs, coll)) != SC_OK)
            return rc;
        if (before != st->t.cols[i].d.collation)
            st->modified[st->n_modified++] = st->t.cols[i].d.name; /* FK type rules apply */
    }
    return SC_OK;
}

/* Table options come first: new column definitions take the new default charset. */
int sc_exec__alter_apply_options(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    const char *engine = st->t.engine;
    int rc;

    if (sp->kind != SC_AST_ALTER_TABLE_OPTIONS)
        return SC_OK;
    rc = sc_exec__table_options(x, &st->t, sp->options, sp->n_options);
    if (rc == SC_OK)
        sc_exec__dirs_alter_given(x, sp->options, sp->n_options);
    if (rc == SC_OK && strcmp(engine, st->t.engine) != 0) {
        st->engine_changed = true;
        /* the engine serves only its own schema's tables */
        if (sc_exec__engine(st->t.engine) == SC_ENGINE_PERFORMANCE_SCHEMA)
            return sc_exec__err(x, SC_ER_ILLEGAL_HA, st->t.engine, st->t.schema, st->t.name);
    }
    for (size_t i = 0; i < sp->n_options; i++)
        if (sp->options[i].kind == SC_AST_TOPT_CHARSET ||
            sp->options[i].kind == SC_AST_TOPT_COLLATE)
            st->table_charset_given = true;
    return rc;
}

int sc_exec__alter_table_level(sc_exec *x,
                               sc_alter_state *st,
                               const sc_ast_alter_spec *sp,
                               const sc_schema_def *sdef)
{
    switch (sp->kind) {
    case SC_AST_ALTER_TABLE_OPTIONS:
        return SC_OK; /* applied first, see sc_exec__alter_apply_options() */
    case SC_AST_ALTER_CONVERT_CHARSET:
        return convert_charset(x, st, sp, sdef);
    case SC_AST_ALTER_RENAME_TABLE:
        st->new_db = sp->new_table.db ? sp->new_table.db : x->s->database;
        st->new_name = sp->new_table.name;
        st->renamed = true;
        if (!st->new_db)
            return sc_exec__err(x, SC_ER_NO_DB_ERROR);
        if (sc_exec__guard_system(x, st->new_db) != SC_OK)
            return SC_ESQL;
        return sc_exec__check_table_name(x, st->new_name);
    case SC_AST_ALTER_UNSUPPORTED:
        return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET,
                            sp->value ? sp->value : "this ALTER TABLE option");
    default:
        return SC_OK;
    }
}
