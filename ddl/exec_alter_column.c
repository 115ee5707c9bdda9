/*
 * exec_alter_column.c - the column specs of ALTER TABLE: DROP COLUMN (and
 * what the dropped columns take with them: key parts, CHECKs that use only
 * them; 1072/1054 where MariaDB refuses), MODIFY/CHANGE/RENAME COLUMN with
 * MariaDB's once-per-statement matching of stored names, ALTER COLUMN
 * SET/DROP DEFAULT and ADD COLUMN. Renames reach keys, foreign keys and the
 * stored expressions (parsed into trees, ddl/expr_walk.h).
 */
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/sequence.h"
#include "ddl/exec_alter_int.h"
#include "ddl/expr_walk.h"
#include "ddl/types.h"

/* ------------------------------------------------------------------ */
/* Drops                                                               */

int sc_exec__alter_drop_column(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    long pos = -1;

    for (size_t i = 0; i < st->t.n_cols; i++)
        if (st->t.cols[i].orig_name && strcasecmp(st->t.cols[i].d.name, sp->name) == 0)
            pos = (long)i;
    if (pos < 0)
        return sc_exec__alter_not_exists(x, sp, "COLUMN", sp->name);
    st->dropped[st->n_dropped++] = st->t.cols[pos].d.name;
    memmove(&st->t.cols[pos], &st->t.cols[pos + 1],
            (st->t.n_cols - (size_t)pos - 1) * sizeof(sc_xcol));
    st->t.n_cols--;
    return SC_OK;
}

/* The first dropped column expression e uses, or NULL. */
static const char *uses_dropped(const sc_alter_state *st, const sc_expr *e)
{
    for (size_t d = 0; d < st->n_dropped; d++)
        if (sc_ddl__expr_uses_column(e, st->dropped[d]))
            return st->dropped[d];
    return NULL;
}

static int is_kept(sc_expr *col, void *payload)
{
    const sc_alter_state *st = payload;

    for (size_t d = 0; d < st->n_dropped; d++)
        if (strcasecmp(st->dropped[d], col->name) == 0)
            return 0;
    return 1;
}

/* Whether expression e uses a column that is not being dropped. */
static bool uses_kept_column(sc_alter_state *st, sc_expr *e)
{
    return sc_ddl__expr_foreach_column(e, is_kept, st) != 0;
}

/* 1054 for a column's expression that names a dropped column; MariaDB then
 * fails to evaluate the stored expression and adds Error 4027 with its text. */
static int unusable_expr(sc_exec *x, const char *col, const char *where, const char *expr)
{
    int rc = sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, col, where);
    size_t n = strlen(expr), depth = 0, i;

    /* the text without the parentheses the stored form may wrap it in */
    for (i = 0; n > 1 && expr[0] == '(' && expr[n - 1] == ')' && i < n; i++) {
        depth += expr[i] == '(';
        depth -= expr[i] == ')';
        if (depth == 0)
            break;
    }
    if (n > 1 && expr[0] == '(' && i == n - 1)
        sc_exec__error_row(x, SC_ER_ERROR_EVALUATING_EXPRESSION,
                           sc_exec__printf(x, "%.*s", (int)(n - 2), expr + 1));
    else
        sc_exec__error_row(x, SC_ER_ERROR_EVALUATING_EXPRESSION, expr);
    return rc;
}

/*
 * The first dropped column the stored expression text uses (*col_out, NULL
 * when none) and whether it also uses a kept column.
 */
static int stored_uses_dropped(
    sc_exec *x, sc_alter_state *st, const char *text, const char **col_out, bool *kept)
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
static int prune_expressions(sc_exec *x, sc_alter_state *st)
{
    const char *col;
    bool kept;

    for (size_t i = 0; i < st->t.n_checks;) {
        SC_TRY(stored_uses_dropped(x, st, st->t.checks[i].expr, &col, &kept));
        if (col && kept)
            return sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, col, "CHECK");
        if (col) {
            memmove(&st->t.checks[i], &st->t.checks[i + 1],
                    (st->t.n_checks - i - 1) * sizeof(sc_check_def));
            st->t.n_checks--;
        } else {
            i++;
        }
    }
    for (size_t i = 0; i < st->t.n_cols; i++) {
        SC_TRY(stored_uses_dropped(x, st, st->t.cols[i].d.check_expr, &col, NULL));
        if (col)
            return unusable_expr(x, col, "CHECK", st->t.cols[i].d.check_expr);
    }
    for (size_t i = 0; i < st->t.n_cols; i++) {
        const sc_column_def *c = &st->t.cols[i].d;
        if (c->generated == SC_GEN_NONE)
            continue;
        SC_TRY(stored_uses_dropped(x, st, c->generation_expr, &col, NULL));
        if (col)
            return unusable_expr(x, col, "GENERATED ALWAYS AS", c->generation_expr);
    }
    for (size_t i = 0; i < st->t.n_cols; i++) {
        const sc_column_def *c = &st->t.cols[i].d;
        if (c->default_kind != SC_DEFAULT_EXPR)
            continue;
        SC_TRY(stored_uses_dropped(x, st, c->default_value, &col, NULL));
        if (col)
            return unusable_expr(x, col, "DEFAULT", c->default_value);
    }
    return SC_OK;
}

/* Remove dropped columns from keys; MariaDB refuses to shrink a multi-part unique key. */
int sc_exec__alter_prune_keys(sc_exec *x, sc_alter_state *st)
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
                return sc_exec__err(x, SC_ER_KEY_COLUMN_DOES_NOT_EXIST, col);
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
/* Changes                                                             */

static int rename_everywhere(sc_exec *x, sc_alter_state *st, const char *from, const char *to)
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
        SC_TRY(sc_exec__rename_in_expr(x, &t->checks[i].expr, from, to, false));
    for (size_t i = 0; i < t->n_cols; i++) {
        sc_column_def *c = &t->cols[i].d;
        SC_TRY(sc_exec__rename_in_expr(x, &c->generation_expr, from, to, false));
        SC_TRY(sc_exec__rename_in_expr(x, &c->check_expr, from, to, false));
        if (c->default_kind == SC_DEFAULT_EXPR)
            SC_TRY(sc_exec__rename_in_expr(x, &c->default_value, from, to, true));
    }
    st->ren_from[st->n_ren] = from;
    st->ren_to[st->n_ren++] = to;
    return SC_OK;
}

static int unknown_col(sc_exec *x, sc_alter_state *st, const char *name)
{
    return sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, name, st->old_name);
}

/* Move column at pos to FIRST / AFTER col. */
static int
position_column(sc_exec *x, sc_alter_state *st, long pos, sc_ast_position where, const char *after)
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
static long find_orig(const sc_alter_state *st, const char *name)
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
static void refit_key_prefixes(sc_alter_state *st, const sc_column_def *o, const sc_column_def *n)
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

int sc_exec__alter_change_column(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    const char *old = sp->kind == SC_AST_ALTER_MODIFY_COLUMN ? sp->column->name : sp->name;
    long pos = find_orig(st, old);
    sc_xcol nc;
    const char *oldname;
    int rc;

    if (pos < 0) {
        if (sp->if_exists) {
            sc_exec__warn(x, SC_ER_BAD_FIELD_ERROR, old, st->old_name);
            return SC_OK;
        }
        return unknown_col(x, st, old);
    }
    oldname = st->t.cols[pos].d.name;
    if (strcasecmp(sp->column->name, oldname) != 0 && sc_xtable__find_col(&st->t, sp->column->name))
        return sc_exec__err(x, SC_ER_DUP_FIELDNAME, sp->column->name);
    memset(&nc, 0, sizeof(nc));
    rc = sc_exec__column(x, &st->t, &nc, sp->column);
    if (rc != SC_OK)
        return rc;
    /* a VIRTUAL column cannot become stored (STORED or plain) nor the reverse */
    if ((st->t.cols[pos].d.generated == SC_GEN_VIRTUAL) != (nc.d.generated == SC_GEN_VIRTUAL))
        return sc_exec__err(x, SC_ER_UNSUPPORTED_ACTION_ON_GENERATED_COLUMN);
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
        /* its expressions are checked with the ADDs' (sc_exec__deferred_refs) */
        sc_ast_column key_only = *sp->column;
        key_only.generated = SC_AST_GEN_NONE;
        key_only.check = NULL;
        key_only.default_expr = NULL;
        return sc_exec__add_column_keys(x, &st->t, &key_only);
    }
}

int sc_exec__alter_rename_column(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    long pos = find_orig(st, sp->name);
    const char *old;

    if (pos < 0)
        return unknown_col(x, st, sp->name);
    old = st->t.cols[pos].d.name;
    if (strcasecmp(old, sp->new_name) != 0 && sc_xtable__find_col(&st->t, sp->new_name))
        return sc_exec__err(x, SC_ER_DUP_FIELDNAME, sp->new_name);
    st->touched_orig[st->n_touched_orig++] = st->t.cols[pos].orig_name;
    st->t.cols[pos].d.name = sp->new_name;
    return rename_everywhere(x, st, old, sp->new_name);
}

/*
 * The column an ALTER COLUMN names (MariaDB's mysql_prepare_alter_table): a
 * stored column, by its stored name, that no other spec of the statement
 * changed, renamed or gave a default, else a column the statement adds.
 */
static sc_xcol *alter_column_target(sc_alter_state *st, const char *name)
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

int sc_exec__alter_set_default(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
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
    if ((rc = sc_exec__sequence_refs(x, &ac)) != SC_OK)
        return rc;
    tmp = *c;
    tmp.d.flags &= ~SC_COL_AUTO_INCREMENT;
    rc = sc_exec__column_default(x, &tmp, &ac);
    if (rc != SC_OK)
        return rc;
    c->d.default_kind = tmp.d.default_kind;
    c->d.default_value = tmp.d.default_value;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Adds                                                                */

int sc_exec__alter_add_column(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    sc_xcol *c;
    int rc;

    if (sc_xtable__find_col(&st->t, sp->column->name)) {
        if (sp->if_not_exists) {
            sc_exec__warn(x, SC_ER_DUP_FIELDNAME, sp->column->name);
            return SC_OK;
        }
        return sc_exec__err(x, SC_ER_DUP_FIELDNAME, sp->column->name);
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
