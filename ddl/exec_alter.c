/*
 * exec_alter.c - ALTER TABLE with MariaDB's evaluation order: every DROP is
 * matched against the original table, then MODIFY/CHANGE/RENAME and ALTER
 * COLUMN, then ADDs in statement order, then table options, CONVERT TO and
 * RENAME TO; the result goes through the same final pass as CREATE TABLE.
 * Renames propagate to indexes, foreign keys, the CHECK, DEFAULT and
 * generated column expressions (re-parsed into trees, ddl/expr_walk.h), and
 * to the foreign keys of child tables.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/exec.h"
#include "ddl/expr_walk.h"
#include "ddl/types.h"

/* Propagate a non-zero code. */
#define TRY(expr)                                                                                  \
    do {                                                                                           \
        int rc_ = (expr);                                                                          \
        if (rc_ != SC_OK)                                                                          \
            return rc_;                                                                            \
    } while (0)

/* ------------------------------------------------------------------ */
/* Children of a table (foreign keys naming it as parent)               */

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
/* Drops                                                                */

typedef struct alter_state {
    sc_xtable t;
    const char *old_name;
    const char **dropped; /* dropped column names */
    size_t n_dropped;
    const char **ren_from, **ren_to; /* column renames, in order */
    size_t n_ren;
    const char **modified; /* columns redefined by MODIFY/CHANGE (new names) */
    size_t n_modified;
    /* columns an ALTER COLUMN can no longer name: stored columns (by stored
     * name) changed, renamed or already given a default; new ones by name */
    const char **touched_orig, **touched_new;
    size_t n_touched_orig, n_touched_new;
    size_t first_new_fk;
    const char *new_db, *new_name;
    bool renamed;
    bool engine_changed;
    bool table_charset_given; /* a CHARACTER SET / COLLATE table option: it wins over CONVERT TO */
} alter_state;

static bool was_modified(const alter_state *st, const char *col);

static int not_exists(sc_exec *x, const sc_ast_alter_spec *sp, const char *what, const char *name)
{
    if (sp->if_exists) {
        sc_exec__warn(x);
        return SC_OK;
    }
    return sc_exec__err(x, 1091, "42000", "Can't DROP %s `%s`; check that it exists", what, name);
}

static int drop_column(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    long pos = -1;

    for (size_t i = 0; i < st->t.n_cols; i++)
        if (st->t.cols[i].orig_name && strcasecmp(st->t.cols[i].d.name, sp->name) == 0)
            pos = (long)i;
    if (pos < 0)
        return not_exists(x, sp, "COLUMN", sp->name);
    st->dropped[st->n_dropped++] = st->t.cols[pos].d.name;
    memmove(&st->t.cols[pos], &st->t.cols[pos + 1],
            (st->t.n_cols - (size_t)pos - 1) * sizeof(sc_xcol));
    st->t.n_cols--;
    return SC_OK;
}

static int drop_fk(sc_exec *x, alter_state *st, const char *name)
{
    for (size_t i = 0; i < st->t.n_fks; i++)
        if (strcasecmp(st->t.fks[i].name, name) == 0) {
            memmove(&st->t.fks[i], &st->t.fks[i + 1], (st->t.n_fks - i - 1) * sizeof(sc_fk_def));
            st->t.n_fks--;
            return SC_OK;
        }
    (void)x;
    return SC_ENOTFOUND;
}

static int drop_index_named(alter_state *st, const char *name)
{
    for (size_t i = 0; i < st->t.n_idx; i++)
        if (strcasecmp(st->t.idx[i].d.name, name) == 0) {
            sc_xtable__remove_index(&st->t, i);
            return SC_OK;
        }
    return SC_ENOTFOUND;
}

static int drop_check(alter_state *st, const char *name)
{
    for (size_t i = 0; i < st->t.n_checks; i++)
        if (strcasecmp(st->t.checks[i].name, name) == 0) {
            memmove(&st->t.checks[i], &st->t.checks[i + 1],
                    (st->t.n_checks - i - 1) * sizeof(sc_check_def));
            st->t.n_checks--;
            return SC_OK;
        }
    return SC_ENOTFOUND;
}

static int apply_drop(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    switch (sp->kind) {
    case SC_AST_ALTER_DROP_COLUMN:
        return drop_column(x, st, sp);
    case SC_AST_ALTER_DROP_INDEX:
        if (drop_index_named(st, sp->name) != SC_OK)
            return not_exists(x, sp, "INDEX", sp->name);
        return SC_OK;
    case SC_AST_ALTER_DROP_PRIMARY_KEY:
        if (drop_index_named(st, "PRIMARY") != SC_OK)
            return not_exists(x, sp, "INDEX", "PRIMARY");
        return SC_OK;
    case SC_AST_ALTER_DROP_FOREIGN_KEY:
        if (drop_fk(x, st, sp->name) != SC_OK)
            return not_exists(x, sp, "FOREIGN KEY", sp->name);
        return SC_OK;
    case SC_AST_ALTER_DROP_CONSTRAINT:
        if (drop_check(st, sp->name) == SC_OK || drop_fk(x, st, sp->name) == SC_OK)
            return SC_OK;
        {
            sc_xindex *ix = sc_xtable__find_index(&st->t, sp->name);
            if (ix && (ix->d.kind == SC_INDEX_UNIQUE || ix->d.kind == SC_INDEX_PRIMARY))
                return drop_index_named(st, sp->name);
        }
        return not_exists(x, sp, "CONSTRAINT", sp->name);
    default:
        return SC_OK;
    }
}

/* The first dropped column expression e uses, or NULL. */
static const char *uses_dropped(const alter_state *st, const sc_expr *e)
{
    for (size_t d = 0; d < st->n_dropped; d++)
        if (sc_ddl__expr_uses_column(e, st->dropped[d]))
            return st->dropped[d];
    return NULL;
}

static int is_kept(sc_expr *col, void *payload)
{
    const alter_state *st = payload;

    for (size_t d = 0; d < st->n_dropped; d++)
        if (strcasecmp(st->dropped[d], col->name) == 0)
            return 0;
    return 1;
}

/* Whether expression e uses a column that is not being dropped. */
static bool uses_kept_column(alter_state *st, sc_expr *e)
{
    return sc_ddl__expr_foreach_column(e, is_kept, st) != 0;
}

/*
 * The first dropped column the stored expression text uses (*col_out, NULL
 * when none) and whether it also uses a kept column.
 */
static int
stored_uses_dropped(sc_exec *x, alter_state *st, const char *text, const char **col_out, bool *kept)
{
    sc_expr *e;
    int rc = sc_exec__stored_expr(x, &e, text);

    *col_out = rc == SC_OK ? uses_dropped(st, e) : NULL;
    if (kept)
        *kept = *col_out && uses_kept_column(st, e);
    return rc;
}

/*
 * Expressions that use dropped columns: a CHECK on dropped columns only goes
 * with them, one that also uses kept columns is 1054 (CHECK), and so is a
 * generated column using a dropped one (checked after the constraints, as
 * MariaDB does).
 */
static int prune_expressions(sc_exec *x, alter_state *st)
{
    const char *col;
    bool kept;

    for (size_t i = 0; i < st->t.n_checks;) {
        TRY(stored_uses_dropped(x, st, st->t.checks[i].expr, &col, &kept));
        if (col && kept)
            return sc_exec__err(x, 1054, "42S22", "Unknown column '%s' in 'CHECK'", col);
        if (col) {
            memmove(&st->t.checks[i], &st->t.checks[i + 1],
                    (st->t.n_checks - i - 1) * sizeof(sc_check_def));
            st->t.n_checks--;
        } else {
            i++;
        }
    }
    for (size_t i = 0; i < st->t.n_cols; i++) {
        TRY(stored_uses_dropped(x, st, st->t.cols[i].d.check_expr, &col, NULL));
        if (col)
            return sc_exec__err(x, 1054, "42S22", "Unknown column '%s' in 'CHECK'", col);
    }
    for (size_t i = 0; i < st->t.n_cols; i++) {
        const sc_column_def *c = &st->t.cols[i].d;
        if (c->generated == SC_GEN_NONE)
            continue;
        TRY(stored_uses_dropped(x, st, c->generation_expr, &col, NULL));
        if (col)
            return sc_exec__err(x, 1054, "42S22", "Unknown column '%s' in 'GENERATED ALWAYS AS'",
                                col);
    }
    for (size_t i = 0; i < st->t.n_cols; i++) {
        const sc_column_def *c = &st->t.cols[i].d;
        if (c->default_kind != SC_DEFAULT_EXPR)
            continue;
        TRY(stored_uses_dropped(x, st, c->default_value, &col, NULL));
        if (col)
            return sc_exec__err(x, 1054, "42S22", "Unknown column '%s' in 'DEFAULT'", col);
    }
    return SC_OK;
}

/* Remove dropped columns from keys; MariaDB refuses to shrink a multi-part unique key. */
static int prune_keys(sc_exec *x, alter_state *st)
{
    for (size_t d = 0; d < st->n_dropped; d++) {
        const char *col = st->dropped[d];
        for (size_t i = 0; i < st->t.n_idx;) {
            sc_xindex *ix = &st->t.idx[i];
            size_t k, n = ix->d.n_parts;
            for (k = 0; k < n && strcasecmp(ix->parts[k].column, col) != 0; k++)
                ;
            if (k == n) {
                i++;
                continue;
            }
            if (n > 1 && (ix->d.kind == SC_INDEX_UNIQUE || ix->d.kind == SC_INDEX_PRIMARY))
                return sc_exec__err(x, 1072, "42000", "Key column '%s' doesn't exist in table",
                                    col);
            memmove(&ix->parts[k], &ix->parts[k + 1], (n - k - 1) * sizeof(sc_index_part));
            ix->d.n_parts--;
            if (ix->d.n_parts == 0)
                sc_xtable__remove_index(&st->t, i);
            else
                i++;
        }
    }
    return prune_expressions(x, st);
}

/* ------------------------------------------------------------------ */
/* Column changes                                                       */

static int rename_everywhere(sc_exec *x, alter_state *st, const char *from, const char *to)
{
    sc_xtable *t = &st->t;

    for (size_t i = 0; i < t->n_idx; i++)
        for (size_t k = 0; k < t->idx[i].d.n_parts; k++)
            if (strcasecmp(t->idx[i].parts[k].column, from) == 0)
                t->idx[i].parts[k].column = to;
    for (size_t i = 0; i < t->n_fks; i++) {
        for (size_t k = 0; k < t->fks[i].n_columns; k++) {
            if (strcasecmp(t->fks[i].columns[k], from) == 0)
                ((const char **)t->fks[i].columns)[k] = to;
            /* self-referencing key */
            if (strcmp(t->fks[i].parent_schema, t->schema) == 0 &&
                strcmp(t->fks[i].parent_table, st->old_name) == 0 &&
                strcasecmp(t->fks[i].parent_columns[k], from) == 0)
                ((const char **)t->fks[i].parent_columns)[k] = to;
        }
    }
    for (size_t i = 0; i < t->n_checks; i++)
        TRY(sc_exec__rename_in_expr(x, &t->checks[i].expr, from, to, false));
    for (size_t i = 0; i < t->n_cols; i++) {
        sc_column_def *c = &t->cols[i].d;
        TRY(sc_exec__rename_in_expr(x, &c->generation_expr, from, to, false));
        TRY(sc_exec__rename_in_expr(x, &c->check_expr, from, to, false));
        if (c->default_kind == SC_DEFAULT_EXPR)
            TRY(sc_exec__rename_in_expr(x, &c->default_value, from, to, true));
    }
    st->ren_from[st->n_ren] = from;
    st->ren_to[st->n_ren++] = to;
    return SC_OK;
}

static int unknown_col(sc_exec *x, alter_state *st, const char *name)
{
    return sc_exec__err(x, 1054, "42S22", "Unknown column '%s' in '%s'", name, st->old_name);
}

/* Move column at pos to FIRST / AFTER col. */
static int
position_column(sc_exec *x, alter_state *st, long pos, sc_ast_position where, const char *after)
{
    sc_xtable *t = &st->t;
    sc_xcol tmp;
    long target;

    if (where == SC_AST_POS_DEFAULT)
        return SC_OK;
    tmp = t->cols[pos];
    memmove(&t->cols[pos], &t->cols[pos + 1], (t->n_cols - (size_t)pos - 1) * sizeof(sc_xcol));
    t->n_cols--;
    if (where == SC_AST_POS_FIRST) {
        target = 0;
    } else {
        target = sc_xtable__col_pos(t, after);
        if (target < 0) {
            t->n_cols++;
            memmove(&t->cols[pos + 1], &t->cols[pos],
                    (t->n_cols - (size_t)pos - 1) * sizeof(sc_xcol));
            t->cols[pos] = tmp;
            return unknown_col(x, st, after);
        }
        target++;
    }
    memmove(&t->cols[target + 1], &t->cols[target], (t->n_cols - (size_t)target) * sizeof(sc_xcol));
    t->cols[target] = tmp;
    t->n_cols++;
    return SC_OK;
}

static bool in_list(const char *const *list, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcasecmp(list[i], name) == 0)
            return true;
    return false;
}

/*
 * The stored column a MODIFY/CHANGE/RENAME COLUMN names: matched by its
 * stored name, once per statement (MariaDB's mysql_prepare_alter_table), so
 * a column renamed or changed by an earlier spec is not found again.
 */
static long find_orig(const alter_state *st, const char *name)
{
    for (size_t i = 0; i < st->t.n_cols; i++) {
        const char *orig = st->t.cols[i].orig_name;
        if (orig && strcasecmp(orig, name) == 0)
            return in_list(st->touched_orig, st->n_touched_orig, orig) ? -1 : (long)i;
    }
    return -1;
}

/* A type a key can index a prefix of (MariaDB's type_can_have_key_part). */
static bool can_have_key_part(sc_coltype t)
{
    return (t >= SC_TYPE_CHAR && t <= SC_TYPE_LONGTEXT) ||
           (t >= SC_TYPE_GEOMETRY && t <= SC_TYPE_GEOMETRYCOLLECTION);
}

/*
 * MODIFY/CHANGE of a column indexed by prefix: the key takes the whole new
 * column when either type cannot have a prefix, when the prefix was the
 * whole old (non-BLOB) column, or when the new column is shorter than the
 * prefix (mysql_prepare_alter_table); a prefix equal to the new column's
 * length means the whole column too.
 */
static void refit_key_prefixes(alter_state *st, const sc_column_def *o, const sc_column_def *n)
{
    bool n_blob = sc_type__is_blob(n->type) || sc_type__is_text(n->type);
    uint64_t n_len = n_blob ? sc_type__max_chars(n->type) : n->length;

    for (size_t i = 0; i < st->t.n_idx; i++) {
        sc_xindex *ix = &st->t.idx[i];
        for (size_t k = 0; k < ix->d.n_parts; k++) {
            sc_index_part *p = &ix->parts[k];
            bool o_blob = sc_type__is_blob(o->type) || sc_type__is_text(o->type);
            if (!p->prefix_len || strcasecmp(p->column, o->name) != 0)
                continue;
            if (!can_have_key_part(o->type) || !can_have_key_part(n->type) ||
                ix->d.kind == SC_INDEX_SPATIAL || (!o_blob && o->length == p->prefix_len) ||
                n_len < p->prefix_len || (!n_blob && n_len == p->prefix_len))
                p->prefix_len = 0;
        }
    }
}

static int change_column(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    const char *old = sp->kind == SC_AST_ALTER_MODIFY_COLUMN ? sp->column->name : sp->name;
    long pos = find_orig(st, old);
    sc_xcol nc;
    const char *oldname;
    int rc;

    if (pos < 0) {
        if (sp->if_exists) {
            sc_exec__warn(x);
            return SC_OK;
        }
        return unknown_col(x, st, old);
    }
    oldname = st->t.cols[pos].d.name;
    if (strcasecmp(sp->column->name, oldname) != 0 && sc_xtable__find_col(&st->t, sp->column->name))
        return sc_exec__err(x, 1060, "42S21", "Duplicate column name '%s'", sp->column->name);
    memset(&nc, 0, sizeof(nc));
    rc = sc_exec__column(x, &st->t, &nc, sp->column);
    if (rc != SC_OK)
        return rc;
    /* a VIRTUAL column cannot become stored (STORED or plain) nor the reverse */
    if ((st->t.cols[pos].d.generated == SC_GEN_VIRTUAL) != (nc.d.generated == SC_GEN_VIRTUAL))
        return sc_exec__err(x, 1907, "HY000", "This is not yet supported for generated columns");
    nc.orig_name = st->t.cols[pos].orig_name;
    st->touched_orig[st->n_touched_orig++] = nc.orig_name;
    refit_key_prefixes(st, &st->t.cols[pos].d, &nc.d);
    st->t.cols[pos] = nc;
    st->modified[st->n_modified++] = nc.d.name;
    if (strcmp(oldname, nc.d.name) != 0 &&
        (rc = rename_everywhere(x, st, oldname, nc.d.name)) != SC_OK)
        return rc;
    rc = position_column(x, st, pos, sp->position, sp->after);
    if (rc != SC_OK)
        return rc;
    {
        sc_ast_column key_only = *sp->column;
        key_only.generated = SC_AST_GEN_NONE;
        key_only.check = NULL;
        key_only.default_expr = NULL;
        return sc_exec__add_column_keys(x, &st->t, &key_only);
    }
}

static int rename_column(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    long pos = find_orig(st, sp->name);
    const char *old;

    if (pos < 0)
        return unknown_col(x, st, sp->name);
    old = st->t.cols[pos].d.name;
    if (strcasecmp(old, sp->new_name) != 0 && sc_xtable__find_col(&st->t, sp->new_name))
        return sc_exec__err(x, 1060, "42S21", "Duplicate column name '%s'", sp->new_name);
    st->touched_orig[st->n_touched_orig++] = st->t.cols[pos].orig_name;
    st->t.cols[pos].d.name = sp->new_name;
    return rename_everywhere(x, st, old, sp->new_name);
}

/*
 * The column an ALTER COLUMN names (MariaDB's mysql_prepare_alter_table): a
 * stored column, by its stored name, that no other spec of the statement
 * changed, renamed or gave a default, else a column the statement adds.
 */
static sc_xcol *alter_column_target(alter_state *st, const char *name)
{
    for (size_t i = 0; i < st->t.n_cols; i++) {
        sc_xcol *c = &st->t.cols[i];
        if (!c->orig_name || strcasecmp(c->orig_name, name) != 0)
            continue;
        if (in_list(st->touched_orig, st->n_touched_orig, c->orig_name))
            return NULL;
        st->touched_orig[st->n_touched_orig++] = c->orig_name;
        return c;
    }
    for (size_t i = 0; i < st->t.n_cols; i++) {
        sc_xcol *c = &st->t.cols[i];
        if (c->orig_name || strcasecmp(c->d.name, name) != 0)
            continue;
        if (in_list(st->touched_new, st->n_touched_new, c->d.name))
            return NULL;
        st->touched_new[st->n_touched_new++] = c->d.name;
        return c;
    }
    return NULL;
}

static int set_default(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    sc_xcol *c = alter_column_target(st, sp->name);
    sc_ast_column ac;
    sc_xcol tmp;
    int rc;

    if (!c)
        return unknown_col(x, st, sp->name);
    if (c->d.generated != SC_GEN_NONE)
        return SC_OK;
    if (sp->kind == SC_AST_ALTER_DROP_DEFAULT) {
        c->d.default_kind = (c->d.flags & SC_COL_NOT_NULL) ? SC_DEFAULT_NONE : SC_DEFAULT_NULL;
        c->d.default_value = NULL;
        return SC_OK;
    }
    /* evaluate the new default against a copy of the column */
    memset(&ac, 0, sizeof(ac));
    ac.name = c->d.name;
    ac.default_expr = sp->default_expr;
    ac.default_parens = sp->default_parens;
    tmp = *c;
    tmp.d.flags &= ~SC_COL_AUTO_INCREMENT;
    rc = sc_exec__column_default(x, &tmp, &ac);
    if (rc != SC_OK)
        return rc;
    c->d.default_kind = tmp.d.default_kind;
    c->d.default_value = tmp.d.default_value;
    return SC_OK;
}

static int index_rename(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    sc_xindex *ix = sc_xtable__find_index(&st->t, sp->name);

    if (!ix)
        return sc_exec__err(x, 1176, "42000", "Key '%s' doesn't exist in table '%s'", sp->name,
                            st->old_name);
    if (sp->kind == SC_AST_ALTER_INDEX_IGNORED) {
        if (ix->d.kind == SC_INDEX_PRIMARY && sp->ignored)
            return sc_exec__err(x, 4174, "HY000", "A primary key cannot be marked as IGNORE");
        if (sp->ignored)
            ix->d.flags |= SC_INDEX_IGNORED;
        else
            ix->d.flags &= ~(unsigned)SC_INDEX_IGNORED;
        return SC_OK;
    }
    if (strcasecmp(sp->new_name, "PRIMARY") == 0)
        return sc_exec__err(x, 1280, "42000", "Incorrect index name '%s'", sp->new_name);
    if (strcasecmp(sp->name, sp->new_name) != 0 && sc_xtable__find_index(&st->t, sp->new_name))
        return sc_exec__err(x, 1061, "42000", "Duplicate key name '%s'", sp->new_name);
    ix->d.name = sp->new_name;
    return SC_OK;
}

static int apply_change(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    switch (sp->kind) {
    case SC_AST_ALTER_MODIFY_COLUMN:
    case SC_AST_ALTER_CHANGE_COLUMN:
        return change_column(x, st, sp);
    case SC_AST_ALTER_RENAME_COLUMN:
        return rename_column(x, st, sp);
    case SC_AST_ALTER_RENAME_INDEX:
    case SC_AST_ALTER_INDEX_IGNORED:
        return index_rename(x, st, sp);
    default:
        return SC_OK;
    }
}

/* ------------------------------------------------------------------ */
/* Adds and table-level changes                                         */

static int add_column(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    sc_xcol *c;
    int rc;

    if (sc_xtable__find_col(&st->t, sp->column->name)) {
        if (sp->if_not_exists) {
            sc_exec__warn(x);
            return SC_OK;
        }
        return sc_exec__err(x, 1060, "42S21", "Duplicate column name '%s'", sp->column->name);
    }
    c = sc_xtable__add_col(x, &st->t, st->t.n_cols);
    if (!c)
        return SC_ENOMEM;
    rc = sc_exec__column(x, &st->t, c, sp->column);
    if (rc != SC_OK)
        return rc;
    rc = position_column(x, st, (long)st->t.n_cols - 1, sp->position, sp->after);
    if (rc != SC_OK)
        return rc;
    return sc_exec__add_column_keys(x, &st->t, sp->column);
}

static int add_index(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    const sc_ast_index *ai = sp->index;
    const char *nm = ai->name ? ai->name : ai->constraint;

    if (ai->if_not_exists && nm && ai->kind != SC_AST_INDEX_FOREIGN &&
        sc_xtable__find_index(&st->t, nm)) {
        sc_exec__warn(x);
        return SC_OK;
    }
    return sc_exec__add_index(x, &st->t, ai, true);
}

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
            return sc_exec__err(x, 1074, "42000",
                                "Column length too big for column '%s' (max = %u); use BLOB or "
                                "TEXT instead",
                                d->name, 65532 / cs->maxlen);
        d->type = bytes < (1u << 24) ? SC_TYPE_MEDIUMTEXT : SC_TYPE_LONGTEXT;
        d->length = 0;
        sc_exec__warn(x);
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

static int
convert_charset(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp, const sc_schema_def *sdef)
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

static int apply_add(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    switch (sp->kind) {
    case SC_AST_ALTER_ADD_COLUMN:
        return add_column(x, st, sp);
    case SC_AST_ALTER_ADD_INDEX:
        return add_index(x, st, sp);
    case SC_AST_ALTER_ADD_CHECK:
        return sc_exec__add_check(x, &st->t, sp->check, true);
    default:
        return SC_OK;
    }
}

/* Table options come first: new column definitions take the new default charset. */
static int apply_options(sc_exec *x, alter_state *st, const sc_ast_alter_spec *sp)
{
    const char *engine = st->t.engine;
    int rc;

    if (sp->kind != SC_AST_ALTER_TABLE_OPTIONS)
        return SC_OK;
    rc = sc_exec__table_options(x, &st->t, sp->options, sp->n_options, true);
    if (rc == SC_OK && strcmp(engine, st->t.engine) != 0)
        st->engine_changed = true;
    for (size_t i = 0; i < sp->n_options; i++)
        if (sp->options[i].kind == SC_AST_TOPT_CHARSET ||
            sp->options[i].kind == SC_AST_TOPT_COLLATE)
            st->table_charset_given = true;
    return rc;
}

static int apply_table_level(sc_exec *x,
                             alter_state *st,
                             const sc_ast_alter_spec *sp,
                             const sc_schema_def *sdef)
{
    switch (sp->kind) {
    case SC_AST_ALTER_TABLE_OPTIONS:
        return SC_OK; /* applied first, see apply_options() */
    case SC_AST_ALTER_CONVERT_CHARSET:
        return convert_charset(x, st, sp, sdef);
    case SC_AST_ALTER_RENAME_TABLE:
        st->new_db = sp->new_table.db ? sp->new_table.db : x->s->database;
        st->new_name = sp->new_table.name;
        st->renamed = true;
        if (!st->new_db)
            return sc_exec__err(x, 1046, "3D000", "No database selected");
        if (sc_exec__guard_system(x, st->new_db) != SC_OK)
            return SC_ESQL;
        return sc_exec__check_table_name(x, st->new_name);
    case SC_AST_ALTER_UNSUPPORTED:
        return sc_exec__err(x, 1235, "42000", "This version of MariaDB doesn't yet support '%s'",
                            sp->value ? sp->value : "this ALTER TABLE option");
    default:
        return SC_OK;
    }
}

/* ------------------------------------------------------------------ */
/* Foreign key consistency after the change                            */

static bool fk_index_exists(const sc_xtable *t, const char *const *cols, size_t n)
{
    for (size_t i = 0; i < t->n_idx; i++) {
        const sc_xindex *ix = &t->idx[i];
        size_t k;
        if (ix->d.n_parts < n || ix->d.kind == SC_INDEX_FULLTEXT ||
            ix->d.kind == SC_INDEX_SPATIAL || ix->long_hash)
            continue;
        for (k = 0;
             k < n && strcasecmp(ix->parts[k].column, cols[k]) == 0 && !ix->parts[k].prefix_len;
             k++)
            ;
        if (k == n)
            return true;
    }
    return false;
}

/* A redefined child column must still match its parent column (1832). */
/* How a redefinition changes a foreign key column: not at all (display
 * width and NULL-ness do not count), in a way InnoDB would apply in place
 * (longer VARCHAR in the same length-byte class, another collation of the
 * same charset), or otherwise (a table copy). */
typedef enum col_change { COL_SAME, COL_INPLACE, COL_COPY } col_change;

static col_change column_change(const sc_column_def *o, const sc_column_def *n, bool in_pk)
{
    bool same_coll = (!o->collation && !n->collation) ||
                     (o->collation && n->collation && strcasecmp(o->collation, n->collation) == 0);
    bool same_cs = (!o->charset && !n->charset) ||
                   (o->charset && n->charset && strcasecmp(o->charset, n->charset) == 0);
    unsigned ml = n->charset ? sc_charset__maxlen(n->charset) : 1;

    if (o->type != n->type ||
        (o->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) !=
            (n->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) ||
        o->scale != n->scale || !same_cs)
        return COL_COPY;
    if (!sc_type__is_integer(o->type) && o->length != n->length) {
        bool grow = n->length > o->length &&
                    (o->type == SC_TYPE_VARCHAR || o->type == SC_TYPE_VARBINARY) &&
                    ((uint64_t)o->length * ml > 255) == ((uint64_t)n->length * ml > 255);
        return grow ? COL_INPLACE : COL_COPY;
    }
    if (same_coll)
        return COL_SAME;
    /* a primary key column in another collation means a table copy */
    return in_pk ? COL_COPY : COL_INPLACE;
}

/* As column_change() in a stored table: MariaDB copies a table that has a
 * long UNIQUE (USING HASH) key instead of changing a column in place. */
static col_change stored_column_change(const sc_table_def *old,
                                       const sc_column_def *o,
                                       const sc_column_def *n,
                                       bool in_pk)
{
    col_change ch = column_change(o, n, in_pk);
    for (size_t i = 0; ch == COL_INPLACE && i < old->n_indexes; i++)
        if (old->indexes[i].flags & SC_INDEX_LONG_HASH)
            ch = COL_COPY;
    return ch;
}

static bool in_primary_key(const sc_xtable *t, const char *col)
{
    for (size_t i = 0; i < t->n_idx; i++)
        if (t->idx[i].d.kind == SC_INDEX_PRIMARY)
            for (size_t k = 0; k < t->idx[i].d.n_parts; k++)
                if (strcasecmp(t->idx[i].parts[k].column, col) == 0)
                    return true;
    return false;
}

static const sc_column_def *old_column(const sc_table_def *old, const char *name)
{
    for (size_t c = 0; old && c < old->n_columns; c++)
        if (strcasecmp(old->columns[c].name, name) == 0)
            return &old->columns[c];
    return NULL;
}

/* Whether MariaDB copies the table: another engine, or a column changed
 * in a way InnoDB cannot do in place. */
static bool table_copies(const alter_state *st, const sc_table_def *old)
{
    if (st->engine_changed)
        return true;
    for (size_t i = 0; i < st->n_modified; i++) {
        const sc_xcol *c = sc_xtable__find_col((sc_xtable *)&st->t, st->modified[i]);
        const sc_column_def *oc =
            c ? old_column(old, c->orig_name ? c->orig_name : c->d.name) : NULL;
        if (!oc)
            continue;
        /* InnoDB adds AUTO_INCREMENT only by copying */
        if ((c->d.flags & SC_COL_AUTO_INCREMENT) && !(oc->flags & SC_COL_AUTO_INCREMENT))
            return true;
        if (stored_column_change(old, oc, &c->d, in_primary_key(&st->t, c->d.name)) == COL_COPY)
            return true;
    }
    return false;
}

/* A table copy cannot rename a column of a foreign key (either side). */
static int fk_renamed_err(sc_exec *x)
{
    return sc_exec__err(x, 1846, "0A000",
                        "ALGORITHM=COPY is not supported. Reason: Columns participating in a "
                        "foreign key are renamed. Try ALGORITHM=INPLACE");
}

/* A redefined child column must keep its type (1832), and may not become
 * NOT NULL under ON ... SET NULL (1830). */
static int check_own_fk_types(sc_exec *x, alter_state *st, const sc_table_def *old)
{
    bool copy = table_copies(st, old);

    /* the type rule holds even with foreign_key_checks=0 (MariaDB 10.4.31+) */
    for (size_t i = 0; i < st->first_new_fk && i < st->t.n_fks; i++) {
        const sc_fk_def *fk = &st->t.fks[i];

        for (size_t k = 0; copy && k < fk->n_columns; k++) {
            const sc_xcol *cc = sc_xtable__find_col(&st->t, fk->columns[k]);
            if (cc && cc->orig_name && strcasecmp(cc->orig_name, cc->d.name) != 0)
                return fk_renamed_err(x);
        }

        for (size_t k = 0; k < fk->n_columns; k++) {
            const sc_xcol *cc = sc_xtable__find_col(&st->t, fk->columns[k]);
            const sc_column_def *oc;
            col_change ch;
            if (!cc || !was_modified(st, cc->d.name))
                continue;
            oc = old_column(old, cc->orig_name ? cc->orig_name : cc->d.name);
            ch = oc ? stored_column_change(old, oc, &cc->d, in_primary_key(&st->t, cc->d.name))
                    : COL_SAME;
            if (ch == COL_INPLACE)
                return sc_exec__err(x, 1832, "HY000",
                                    "Cannot change column '%s': used in a foreign key "
                                    "constraint '%s/%s'",
                                    cc->d.name, st->t.schema, fk->name);
            if (ch == COL_COPY && cc->orig_name && strcasecmp(cc->orig_name, cc->d.name) != 0)
                return fk_renamed_err(x);
            if (ch == COL_COPY)
                return sc_exec__err(x, 1832, "HY000",
                                    "Cannot change column '%s': used in a foreign key "
                                    "constraint '%s'",
                                    cc->d.name, fk->name);
            if (x->s->foreign_key_checks && (cc->d.flags & SC_COL_NOT_NULL) &&
                (fk->on_delete == SC_FK_SET_NULL || fk->on_update == SC_FK_SET_NULL))
                return sc_exec__err(x, 1830, "HY000",
                                    "Column '%s' cannot be NOT NULL: needed in a foreign key "
                                    "constraint '%s' SET NULL",
                                    cc->d.name, fk->name);
        }
    }
    return SC_OK;
}

/* The index needed by a foreign key of t itself must remain. */
static bool
clusters_on(const sc_index_def *ix, bool (*not_null)(const void *, const char *), const void *tbl);
static bool old_not_null(const void *tbl, const char *col);
static bool new_clusters(const alter_state *st);
static int fk_rename_err(sc_exec *x, alter_state *st);

static int check_own_fk_indexes(sc_exec *x, alter_state *st, const sc_table_def *old)
{
    for (size_t i = 0; i < st->t.n_fks; i++) {
        const sc_fk_def *fk = &st->t.fks[i];
        const sc_index_def *served = NULL;
        size_t at = 0;
        if (fk_index_exists(&st->t, fk->columns, fk->n_columns))
            continue;
        /* the old index that served it */
        for (size_t k = 0; k < old->n_indexes && !served; k++) {
            const sc_index_def *ix = &old->indexes[k];
            size_t c;
            if (ix->n_parts < fk->n_columns)
                continue;
            for (c = 0; c < fk->n_columns && strcasecmp(ix->parts[c].column, fk->columns[c]) == 0;
                 c++)
                ;
            if (c == fk->n_columns) {
                served = ix;
                at = k;
            }
        }
        /* the clustered key: rebuilt in place (the foreign key is left
         * without an index) when another key can cluster, else a copy whose
         * final rename fails */
        if (served && at == 0 && clusters_on(served, old_not_null, old)) {
            if (new_clusters(st))
                continue;
            return fk_rename_err(x, st);
        }
        return sc_exec__err(x, 1553, "HY000",
                            "Cannot drop index '%s': needed in a foreign key constraint",
                            served ? served->name : fk->name);
    }
    return SC_OK;
}

static int fk_rename_err(sc_exec *x, alter_state *st)
{
    return sc_exec__err(x, 1025, "HY000",
                        "Error on rename of './%s/#sql-alter-1-1' to './%s/%s' (errno: 150 "
                        "\"Foreign key constraint is incorrectly formed\")",
                        st->t.schema, st->t.schema, st->old_name);
}

typedef struct parent_check {
    sc_exec *x;
    alter_state *st;
    const sc_table_def *old; /* the parent before the ALTER */
    uint64_t self_id;
    unsigned err;      /* first problem found: 1829, 1553, 1025, 1833 or 1846 */
    const char *col;   /* 1829/1833: the parent column */
    const char *name;  /* 1829/1833: constraint; 1553: index */
    const char *child; /* 1829: `db`.`t`; 1833: db.t */
} parent_check;

static bool was_modified(const alter_state *st, const char *col)
{
    for (size_t i = 0; i < st->n_modified; i++)
        if (strcasecmp(st->modified[i], col) == 0)
            return true;
    return false;
}

static bool was_dropped(const alter_state *st, const char *col)
{
    for (size_t i = 0; i < st->n_dropped; i++)
        if (strcasecmp(st->dropped[i], col) == 0)
            return true;
    return false;
}

/* The index of the old parent that served a foreign key, or NULL. */
static const sc_index_def *old_parent_index(const sc_table_def *old, const sc_fk_def *fk)
{
    for (size_t i = 0; i < old->n_indexes; i++) {
        const sc_index_def *ix = &old->indexes[i];
        size_t k;
        if (ix->n_parts < fk->n_columns || ix->kind == SC_INDEX_FULLTEXT ||
            ix->kind == SC_INDEX_SPATIAL)
            continue;
        for (k = 0;
             k < fk->n_columns && strcasecmp(ix->parts[k].column, fk->parent_columns[k]) == 0; k++)
            ;
        if (k == fk->n_columns)
            return ix;
    }
    return NULL;
}

/* A key InnoDB clusters on: PRIMARY, or a UNIQUE key of whole NOT NULL
 * columns (no prefix, no hash) when there is no PRIMARY KEY. */
static bool
clusters_on(const sc_index_def *ix, bool (*not_null)(const void *, const char *), const void *tbl)
{
    if (ix->kind == SC_INDEX_PRIMARY)
        return true;
    if (ix->kind != SC_INDEX_UNIQUE || (ix->flags & SC_INDEX_LONG_HASH))
        return false;
    for (size_t k = 0; k < ix->n_parts; k++)
        if (ix->parts[k].prefix_len || !not_null(tbl, ix->parts[k].column))
            return false;
    return true;
}

static bool old_not_null(const void *tbl, const char *col)
{
    const sc_column_def *c = old_column(tbl, col);
    return c && (c->flags & SC_COL_NOT_NULL);
}

static bool new_not_null(const void *tbl, const char *col)
{
    const sc_xcol *c = sc_xtable__find_col((sc_xtable *)tbl, col);
    return c && (c->d.flags & SC_COL_NOT_NULL);
}

/* The altered table still has a key to cluster on, so InnoDB rebuilds it in
 * place, without checking the references to the old clustered key. */
static bool new_clusters(const alter_state *st)
{
    for (size_t i = 0; i < st->t.n_idx; i++)
        if (!st->t.idx[i].long_hash && clusters_on(&st->t.idx[i].d, new_not_null, &st->t))
            return true;
    return false;
}

/* Classify a child's foreign key that the new parent no longer satisfies:
 * MariaDB reports it from the SQL layer (1829, copy algorithm: the primary
 * key changes), from InnoDB's in-place check (1553) or at the final rename
 * of the copy (1025). */
static void broken_reference(parent_check *pc,
                             const sc_fk_def *fk,
                             const char *dropped,
                             const char *child_db,
                             const char *child)
{
    const sc_index_def *ix = old_parent_index(pc->old, fk);
    bool primary = ix && ix->kind == SC_INDEX_PRIMARY;

    if (dropped && primary) {
        pc->err = 1829;
        pc->col = sc_exec__strdup(pc->x, dropped);
        pc->name = sc_exec__strdup(pc->x, fk->name);
        pc->child = sc_exec__printf(pc->x, "`%s`.`%s`", child_db, child);
    } else if (ix && ix == &pc->old->indexes[0] && clusters_on(ix, old_not_null, pc->old)) {
        /* the clustered key goes: an in-place rebuild when another key can
         * cluster (the reference is left dangling), else the copy's rename */
        if (!new_clusters(pc->st))
            pc->err = 1025;
    } else if (ix && !primary) {
        pc->err = 1553;
        pc->name = sc_exec__strdup(pc->x, ix->name);
    } else {
        pc->err = 1025;
    }
}

static void
check_child_fk(parent_check *pc, const sc_table_def *d, const char *child_db, const sc_fk_def *fk)
{
    const char *cols[64] = {0}, *dropped = NULL;
    size_t n = fk->n_columns < 64 ? fk->n_columns : 64;
    bool missing = false;

    for (size_t k = 0; k < n; k++) {
        cols[k] = fk->parent_columns[k];
        for (size_t r = 0; r < pc->st->n_ren; r++)
            if (strcasecmp(cols[k], pc->st->ren_from[r]) == 0)
                cols[k] = pc->st->ren_to[r];
        if (!sc_xtable__find_col(&pc->st->t, cols[k])) {
            missing = true;
            if (!dropped && was_dropped(pc->st, cols[k]))
                dropped = cols[k];
        }
    }
    if (!missing && table_copies(pc->st, pc->old))
        for (size_t k = 0; k < n; k++)
            if (strcasecmp(cols[k], fk->parent_columns[k]) != 0) {
                pc->err = 1846;
                return;
            }
    if (missing || !fk_index_exists(&pc->st->t, cols, n)) {
        if (pc->x->s->foreign_key_checks)
            broken_reference(pc, fk, dropped, child_db, d->name);
        return;
    }
    for (size_t k = 0; k < n; k++) {
        const sc_xcol *pcol = sc_xtable__find_col(&pc->st->t, cols[k]);
        const sc_column_def *ocol = old_column(pc->old, fk->parent_columns[k]);
        col_change ch;
        if (!was_modified(pc->st, pcol->d.name) || !ocol)
            continue;
        ch =
            stored_column_change(pc->old, ocol, &pcol->d, in_primary_key(&pc->st->t, pcol->d.name));
        if (ch == COL_SAME)
            continue;
        if (ch == COL_COPY && strcasecmp(pcol->d.name, fk->parent_columns[k]) != 0) {
            pc->err = 1846;
            return;
        }
        pc->err = 1833;
        pc->col = sc_exec__strdup(pc->x, pcol->d.name);
        /* InnoDB (in place) names `db/constraint` and `db/table`; the copy path db.table */
        pc->name = ch == COL_INPLACE ? sc_exec__printf(pc->x, "%s/%s", child_db, fk->name)
                                     : sc_exec__strdup(pc->x, fk->name);
        pc->child =
            sc_exec__printf(pc->x, ch == COL_INPLACE ? "%s/%s" : "%s.%s", child_db, d->name);
        return;
    }
}

static int check_child(const sc_table_info *info, void *payload)
{
    parent_check *pc = payload;
    sc_table *ct = NULL;
    const sc_table_def *d;
    int rc;

    if (info->id == pc->self_id)
        return 0;
    rc = sc_table_get(&ct, pc->x->txn, info->id);
    if (rc != SC_OK)
        return rc;
    d = sc_table_definition(ct);
    for (size_t i = 0; i < d->n_foreign_keys && !pc->err; i++) {
        const sc_fk_def *fk = &d->foreign_keys[i];
        if (strcmp(fk->parent_schema, pc->st->t.schema) == 0 &&
            strcmp(fk->parent_table, pc->st->old_name) == 0)
            check_child_fk(pc, d, sc_table_schema_name(ct), fk);
    }
    sc_table_free(ct);
    return 0;
}

static int check_parent_side(sc_exec *x, alter_state *st, uint64_t id, const sc_table_def *old)
{
    parent_check pc = {x, st, old, id, 0, NULL, NULL, NULL};
    int rc;

    rc = sc_table_foreach_child(x->txn, st->t.schema, st->old_name, check_child, &pc);
    if (rc != SC_OK)
        return rc;
    switch (pc.err) {
    case 1829:
        return sc_exec__err(x, 1829, "HY000",
                            "Cannot drop column '%s': needed in a foreign key constraint '%s' of "
                            "table %s",
                            pc.col, pc.name, pc.child);
    case 1846:
        return fk_renamed_err(x);
    case 1553:
        return sc_exec__err(x, 1553, "HY000",
                            "Cannot drop index '%s': needed in a foreign key constraint", pc.name);
    case 1833:
        return sc_exec__err(x, 1833, "HY000",
                            "Cannot change column '%s': used in a foreign key constraint '%s' of "
                            "table '%s'",
                            pc.col, pc.name, pc.child);
    case 1025:
        return sc_exec__err(x, 1025, "HY000",
                            "Error on rename of './%s/#sql-alter-1-1' to './%s/%s' (errno: 150 "
                            "\"Foreign key constraint is incorrectly formed\")",
                            st->t.schema, st->t.schema, st->old_name);
    default:
        return SC_OK;
    }
}

/* ------------------------------------------------------------------ */
/* Entry                                                                */

static int load_for_alter(sc_exec *x,
                          alter_state *st,
                          const sc_ast_qname *q,
                          uint64_t *id_out,
                          sc_table **tbl_out,
                          sc_schema_def *sdef)
{
    const char *db;
    sc_schema *s = NULL;
    int rc;

    *tbl_out = NULL;
    if ((rc = sc_exec__resolve_db(x, &db, q)) != SC_OK ||
        (rc = sc_exec__guard_system(x, db)) != SC_OK)
        return rc;
    rc = sc_table_lookup(tbl_out, x->txn, db, q->name);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, 1146, "42S02", "Table '%s.%s' doesn't exist", db, q->name);
    if (rc != SC_OK)
        return rc;
    *id_out = sc_table_id(*tbl_out);
    rc = sc_xtable__load(x, &st->t, sc_table_definition(*tbl_out), db);
    if (rc != SC_OK)
        return rc;
    rc = sc_schema_get(&s, x->txn, sc_table_schema_id(*tbl_out));
    if (rc != SC_OK)
        return rc;
    *sdef = *sc_schema_definition(s);
    sdef->charset = sc_exec__strdup(x, sdef->charset);
    sdef->collation = sc_exec__strdup(x, sdef->collation);
    sdef->name = sc_exec__strdup(x, sdef->name);
    sc_schema_free(s);
    st->old_name = st->t.name;
    return SC_OK;
}

/* Store t over table id, then rename/move it and fix references. */
static int store_altered(sc_exec *x, alter_state *st, uint64_t id)
{
    sc_table_def def;
    int rc;

    if (st->renamed &&
        (strcmp(st->new_db, st->t.schema) != 0 || strcmp(st->new_name, st->old_name) != 0)) {
        size_t ol = strlen(st->old_name);
        for (size_t i = 0; i < st->t.n_fks; i++) {
            const char *n = st->t.fks[i].name;
            if (strncmp(n, st->old_name, ol) == 0 && strncmp(n + ol, "_ibfk_", 6) == 0)
                st->t.fks[i].name = sc_exec__printf(x, "%s%s", st->new_name, n + ol);
            if (strcmp(st->t.fks[i].parent_schema, st->t.schema) == 0 &&
                strcmp(st->t.fks[i].parent_table, st->old_name) == 0) {
                st->t.fks[i].parent_schema = st->new_db;
                st->t.fks[i].parent_table = st->new_name;
            }
        }
    }
    sc_xtable__to_def(x, &st->t, &def);
    def.name = st->old_name;
    rc = sc_table_alter(x->txn, id, &def);
    if (rc != SC_OK)
        return rc;
    for (size_t r = 0; r < st->n_ren; r++) {
        rc = sc_exec__update_children(x, st->t.schema, st->old_name, st->t.schema, st->old_name,
                                      st->ren_from[r], st->ren_to[r]);
        if (rc != SC_OK)
            return rc;
    }
    if (!st->renamed ||
        (strcmp(st->new_db, st->t.schema) == 0 && strcmp(st->new_name, st->old_name) == 0))
        return SC_OK;
    return sc_exec__rename_one(x, id, st->t.schema, st->old_name, st->new_db, st->new_name, false);
}

static bool has_fk_relations(sc_exec *x, alter_state *st, uint64_t id)
{
    return st->t.n_fks > 0 || sc_exec__is_parent(x, st->t.schema, st->old_name, id);
}

static int alter_temp(sc_exec *x, const sc_ast_alter_table *at, const char *db)
{
    sc_temp_table *tt = sc_exec__temp(x, db, at->name.name);

    for (size_t i = 0; i < at->n_specs; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        char *n;
        if (sp->kind != SC_AST_ALTER_RENAME_TABLE)
            continue;
        n = sc__strdup(x->ctx, sp->new_table.name);
        if (!n)
            return SC_ENOMEM;
        sc_free(x->ctx, tt->name);
        tt->name = n;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* ALGORITHM= / LOCK= clauses                                           */

static bool has_primary(const sc_index_def *ix, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (ix[i].kind == SC_INDEX_PRIMARY)
            return true;
    return false;
}

static bool old_has_fulltext(const sc_table_def *old)
{
    for (size_t i = 0; i < old->n_indexes; i++)
        if (old->indexes[i].kind == SC_INDEX_FULLTEXT)
            return true;
    return false;
}

static int algo_err(sc_exec *x, const char *algo, const char *reason, const char *try_algo)
{
    if (!reason)
        return sc_exec__err(x, 1845, "0A000",
                            "ALGORITHM=%s is not supported for this operation. Try ALGORITHM=%s",
                            algo, try_algo);
    return sc_exec__err(x, 1846, "0A000",
                        "ALGORITHM=%s is not supported. Reason: %s. Try ALGORITHM=%s", algo, reason,
                        try_algo);
}

/*
 * The ALGORITHM and LOCK an ALTER asks for must be possible, as InnoDB and
 * the SQL layer decide it (the common cases: table copies for column type
 * changes, other engines and primary key drops; no instant index creation;
 * no instant column changes with FULLTEXT keys or compressed rows).
 */
static int
check_algorithm(sc_exec *x, alter_state *st, const sc_ast_alter_table *at, const sc_table_def *old)
{
    const char *algo = NULL, *lock = NULL, *copy_reason = NULL;
    bool add_index = false, add_fk = st->t.n_fks > st->first_new_fk, columns = false;
    bool rebuild = false, copy;

    for (size_t i = 0; i < st->n_dropped; i++) {
        const sc_column_def *oc = old_column(old, st->dropped[i]);
        if (!oc || oc->generated != SC_GEN_VIRTUAL)
            columns = true;
    }

    for (size_t i = 0; i < at->n_specs; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        if (sp->kind == SC_AST_ALTER_ALGORITHM && sp->value && strcasecmp(sp->value, "DEFAULT"))
            algo = sp->value;
        else if (sp->kind == SC_AST_ALTER_LOCK && sp->value && strcasecmp(sp->value, "DEFAULT"))
            lock = sp->value;
        else if (sp->kind == SC_AST_ALTER_ADD_COLUMN) {
            /* VIRTUAL columns are metadata only: instant even with FULLTEXT */
            if (sp->column->generated != SC_AST_GEN_VIRTUAL)
                columns = true;
            if (sp->column->auto_increment)
                rebuild = true; /* an AUTO_INCREMENT column is filled by a rebuild */
        } else if (sp->kind == SC_AST_ALTER_FORCE)
            rebuild = true; /* FORCE and ENGINE= rebuild the table */
        else if (sp->kind == SC_AST_ALTER_TABLE_OPTIONS)
            for (size_t k = 0; k < sp->n_options; k++)
                if (sp->options[k].kind == SC_AST_TOPT_ENGINE)
                    rebuild = true;
    }
    if (!algo && !lock)
        return SC_OK;
    for (size_t i = 0; i < st->t.n_idx; i++)
        if (!st->t.idx[i].loaded && !st->t.idx[i].generated)
            add_index = true;
    for (size_t i = 0; i < st->n_modified && !copy_reason; i++) {
        const sc_xcol *c = sc_xtable__find_col(&st->t, st->modified[i]);
        const sc_column_def *oc =
            c ? old_column(old, c->orig_name ? c->orig_name : c->d.name) : NULL;
        if (oc && column_change(oc, &c->d, in_primary_key(&st->t, c->d.name)) == COL_COPY)
            copy_reason = "Cannot change column type";
    }
    if (!copy_reason && has_primary(old->indexes, old->n_indexes)) {
        bool now = false;
        for (size_t i = 0; i < st->t.n_idx; i++)
            if (st->t.idx[i].d.kind == SC_INDEX_PRIMARY)
                now = true;
        if (!now)
            copy_reason = "Dropping a primary key is not allowed without also adding a new "
                          "primary key";
    }
    copy = strcmp(st->t.engine, "InnoDB") != 0 || st->engine_changed;
    if (algo && strcasecmp(algo, "COPY") != 0) {
        char up[16];
        size_t n = 0;
        for (; algo[n] && n + 1 < sizeof(up); n++)
            up[n] = (char)toupper((unsigned char)algo[n]);
        up[n] = '\0';
        if (copy)
            return algo_err(x, up, NULL, "COPY");
        if (copy_reason)
            return algo_err(x, up, copy_reason, "COPY");
        if (add_fk && x->s->foreign_key_checks)
            return algo_err(x, up, "Adding foreign keys needs foreign_key_checks=OFF", "COPY");
        if (strcmp(up, "INSTANT") == 0) {
            if (rebuild ||
                (columns && (old_has_fulltext(old) ||
                             (st->t.opts[SC_XOPT_ROW_FORMAT] &&
                              strcmp(st->t.opts[SC_XOPT_ROW_FORMAT], "COMPRESSED") == 0))))
                return algo_err(x, up, NULL, "INPLACE");
            if (add_index)
                return algo_err(x, up, "ADD INDEX", "NOCOPY");
        }
    }
    if (lock && strcasecmp(lock, "NONE") == 0) {
        if (copy || (algo && strcasecmp(algo, "COPY") == 0))
            return sc_exec__err(x, 1846, "0A000",
                                "LOCK=NONE is not supported. Reason: COPY algorithm requires a "
                                "lock. Try LOCK=SHARED");
        if (copy_reason)
            return sc_exec__err(x, 1846, "0A000",
                                "LOCK=NONE is not supported. Reason: %s. Try LOCK=SHARED",
                                copy_reason);
    }
    return SC_OK;
}

int sc_exec__alter_table(sc_exec *x)
{
    const sc_ast_alter_table *at = x->stmt->alter_table;
    alter_state st;
    sc_table *tbl = NULL;
    sc_schema_def sdef = {0};
    uint64_t id = 0;
    size_t n = at->n_specs;
    bool missing_drop = false;
    sc_error missing_err;
    int rc;

    memset(&st, 0, sizeof(st));
    memset(&missing_err, 0, sizeof(missing_err));
    if (at->has_partition)
        return sc_exec__err(x, 1235, "42000",
                            "This version of MariaDB doesn't yet support 'PARTITION BY'");
    {
        /* temporary tables are not catalog objects: accept, follow renames */
        const char *tdb = at->name.db ? at->name.db : x->s->database;
        if (tdb && sc_exec__is_temp(x, tdb, at->name.name))
            return alter_temp(x, at, tdb);
    }
    rc = load_for_alter(x, &st, &at->name, &id, &tbl, &sdef);
    if (rc == SC_ESQL && at->if_exists && sc_ctx_last_error(x->ctx)->mysql_errno == 1146) {
        sc_exec__warn(x);
        rc = SC_OK;
        goto out;
    }
    if (rc != SC_OK)
        goto out;
    st.dropped = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    st.ren_from = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    st.ren_to = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    st.modified = sc_exec__alloc(x, (n + st.t.n_cols + 1) * sizeof(char *));
    st.touched_orig = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    st.touched_new = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    if (!st.dropped || !st.ren_from || !st.ren_to || !st.modified || !st.touched_orig ||
        !st.touched_new) {
        rc = SC_ENOMEM;
        goto out;
    }
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        rc = apply_options(x, &st, &at->specs[i]);
    /* a DROP of something missing (1091) is reported after the column
     * checks (1090, unknown MODIFY/CHANGE columns), as MariaDB does */
    for (size_t i = 0; i < n && rc == SC_OK; i++) {
        rc = apply_drop(x, &st, &at->specs[i]);
        if (rc == SC_ESQL && !missing_drop && sc_ctx_last_error(x->ctx)->mysql_errno == 1091) {
            missing_drop = true;
            missing_err = *sc_ctx_last_error(x->ctx);
            rc = SC_OK;
        } else if (rc == SC_ESQL && sc_ctx_last_error(x->ctx)->mysql_errno == 1091) {
            rc = SC_OK;
        }
    }
    if (rc == SC_OK && st.t.n_cols == 0) {
        bool adds = false;
        for (size_t i = 0; i < n; i++)
            if (at->specs[i].kind == SC_AST_ALTER_ADD_COLUMN)
                adds = true;
        if (!adds)
            rc = sc_exec__err(x, 1090, "42000",
                              "You can't delete all columns with ALTER TABLE; use DROP TABLE "
                              "instead");
    }
    if (rc == SC_OK)
        rc = prune_keys(x, &st);
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        rc = apply_change(x, &st, &at->specs[i]);
    if (rc == SC_OK && missing_drop)
        rc = sc_error_set(x->ctx, SC_ESQL, missing_err.mysql_errno, missing_err.sqlstate, "%s",
                          missing_err.message);
    st.first_new_fk = st.t.n_fks;
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        rc = apply_add(x, &st, &at->specs[i]);
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        if (at->specs[i].kind == SC_AST_ALTER_SET_DEFAULT ||
            at->specs[i].kind == SC_AST_ALTER_DROP_DEFAULT)
            rc = set_default(x, &st, &at->specs[i]);
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        rc = apply_table_level(x, &st, &at->specs[i], &sdef);
    if (rc != SC_OK)
        goto out;
    if (st.t.n_cols == 0) {
        rc = sc_exec__err(x, 1090, "42000",
                          "You can't delete all columns with ALTER TABLE; use DROP TABLE instead");
        goto out;
    }
    if (st.engine_changed && strcmp(st.t.engine, "InnoDB") != 0 && x->s->foreign_key_checks &&
        has_fk_relations(x, &st, id)) {
        rc = sc_exec__err(x, 1217, "23000",
                          "Cannot delete or update a parent row: a foreign key constraint fails");
        goto out;
    }
    if (strcmp(st.t.engine, "InnoDB") != 0)
        st.t.n_fks = 0;
    rc = sc_exec__finish_table(x, &st.t, true);
    if (rc == SC_OK)
        rc = check_own_fk_indexes(x, &st, sc_table_definition(tbl));
    if (rc == SC_OK)
        rc = check_own_fk_types(x, &st, sc_table_definition(tbl));
    if (rc == SC_OK)
        rc = sc_exec__check_fks(x, &st.t, st.first_new_fk, true);
    if (rc == SC_OK)
        rc = check_parent_side(x, &st, id, sc_table_definition(tbl));
    if (rc == SC_OK)
        rc = check_algorithm(x, &st, at, sc_table_definition(tbl));
    if (rc == SC_OK)
        rc = store_altered(x, &st, id);
out:
    sc_table_free(tbl);
    return rc;
}
