/*
 * exec_fk_exprs.c - MariaDB's rule that an expression which must hold for
 * every stored row may not read a column a foreign key changes behind its
 * back (1901, Alter_info::check_vcol_field in 10.11).
 *
 * A foreign key "modifies the child" when ON UPDATE is CASCADE, SET NULL or
 * SET DEFAULT, or ON DELETE is SET NULL or SET DEFAULT (ON DELETE CASCADE
 * removes the row, so nothing is left to check). Its columns may then not be
 * read by a CHECK constraint (column or table level) nor by a STORED
 * generated column; a VIRTUAL generated column may read them, but taints
 * itself: a stored column or CHECK that reads it is refused in its turn,
 * the message naming the virtual column. DEFAULT expressions are free.
 *
 * The rule is checked on the whole resulting definition, so it holds at
 * CREATE and at every ALTER, in both orders (the expression or the key
 * added last), and with every engine (MariaDB checks the parsed keys even
 * where the engine ignores foreign keys; sc_xtable.fk_mod_cols keeps those).
 * Verified against 10.11.19.
 */
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/expr_walk.h"

typedef struct {
    const sc_xtable *t;
    const bool *tainted; /* per column of t */
    const char *hit;     /* first tainted reference, as written */
} taint_walk;

static bool fk_modifies_child(const sc_fk_def *fk)
{
    return fk->on_update == SC_FK_CASCADE || fk->on_update == SC_FK_SET_NULL ||
           fk->on_update == SC_FK_SET_DEFAULT || fk->on_delete == SC_FK_SET_NULL ||
           fk->on_delete == SC_FK_SET_DEFAULT;
}

bool sc_exec__fk_action_modifies_child(int on_delete, int on_update)
{
    sc_fk_def fk = {.on_delete = (sc_fk_action)on_delete, .on_update = (sc_fk_action)on_update};

    return fk_modifies_child(&fk);
}

static bool col_in_modifying_fk(const sc_xtable *t, const char *col)
{
    for (size_t i = 0; i < t->n_fks; i++) {
        if (!fk_modifies_child(&t->fks[i]))
            continue;
        for (size_t k = 0; k < t->fks[i].n_columns; k++)
            if (strcasecmp(t->fks[i].columns[k], col) == 0)
                return true;
    }
    for (size_t i = 0; i < t->n_fk_mod_cols; i++)
        if (strcasecmp(t->fk_mod_cols[i], col) == 0)
            return true;
    return false;
}

static int first_tainted(sc_expr *col, void *payload)
{
    taint_walk *w = payload;
    long pos = sc_xtable__col_pos(w->t, col->name);

    if (pos < 0 || !w->tainted[pos])
        return 0;
    w->hit = col->name;
    return 1;
}

/* The first tainted column text (stored expression) reads, or NULL. */
static int tainted_ref(sc_exec *x, const char **out, taint_walk *w, const char *text)
{
    sc_expr *e;
    int rc = sc_exec__stored_expr(x, &e, text);

    *out = NULL;
    if (rc != SC_OK || !e)
        return rc;
    w->hit = NULL;
    sc_ddl__expr_foreach_column(e, first_tainted, w);
    *out = w->hit;
    return SC_OK;
}

/* name as MariaDB prints it inside backquotes in a message: ` doubled */
static const char *quoted_name(sc_exec *x, const char *name)
{
    size_t n = 0;
    char *out, *p;

    for (const char *s = name; *s; s++)
        n += *s == '`' ? 2 : 1;
    out = sc_exec__alloc(x, n + 1);
    if (!out)
        return NULL;
    p = out;
    for (const char *s = name; *s; s++) {
        *p++ = *s;
        if (*s == '`')
            *p++ = '`';
    }
    *p = '\0';
    return out;
}

static int refuse(sc_exec *x, const char *what, const char *clause, const char *name)
{
    const char *q = quoted_name(x, name);

    if (!q)
        return SC_ENOMEM;
    return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, what, clause, q);
}

/* Columns in order: generated body, then the column's CHECK (MariaDB's
 * field loop); a virtual column that reads a tainted one is tainted. */
static int check_columns(sc_exec *x, taint_walk *w, bool *tainted)
{
    const sc_xtable *t = w->t;
    const char *hit;
    int rc;

    for (size_t i = 0; i < t->n_cols; i++) {
        const sc_column_def *d = &t->cols[i].d;
        tainted[i] = col_in_modifying_fk(t, d->name);
        if (d->generated != SC_GEN_NONE) {
            if ((rc = tainted_ref(x, &hit, w, d->generation_expr)) != SC_OK)
                return rc;
            if (hit && d->generated == SC_GEN_STORED)
                return refuse(x, hit, "GENERATED ALWAYS AS", d->name);
            if (hit)
                tainted[i] = true;
        }
        if ((rc = tainted_ref(x, &hit, w, d->check_expr)) != SC_OK)
            return rc;
        if (hit)
            return refuse(x, hit, "CHECK", d->name);
    }
    return SC_OK;
}

int sc_exec__check_fk_modified_exprs(sc_exec *x, const sc_xtable *t)
{
    bool any = t->n_fk_mod_cols > 0, *tainted;
    taint_walk w = {.t = t};
    const char *hit;
    int rc;

    for (size_t i = 0; i < t->n_fks && !any; i++)
        any = fk_modifies_child(&t->fks[i]);
    if (!any || t->n_cols == 0)
        return SC_OK;
    tainted = sc_exec__alloc(x, t->n_cols * sizeof *tainted);
    if (!tainted)
        return SC_ENOMEM;
    w.tainted = tainted;
    if ((rc = check_columns(x, &w, tainted)) != SC_OK)
        return rc;
    for (size_t i = 0; i < t->n_checks; i++) {
        if ((rc = tainted_ref(x, &hit, &w, t->checks[i].expr)) != SC_OK)
            return rc;
        if (hit)
            return refuse(x, hit, "CHECK", t->checks[i].name);
    }
    return SC_OK;
}
