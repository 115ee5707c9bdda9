/*
 * exec_select.c - the columns of CREATE TABLE ... SELECT: the query (parsed
 * whole by parse_select.c) is resolved against the catalog (resolve_select.c),
 * each output becomes a column with the type MariaDB derives (ctas_types.c),
 * merged with the columns the CREATE TABLE part defines. No rows are copied
 * (the catalog holds no data).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/types.h"
#include "ddl/select.h"

/* Append (or merge into a same-named defined column) one derived column. */
static int add_derived(sc_exec *x,
                       sc_xtable *t,
                       size_t n_defined,
                       const char **seen,
                       size_t *n_seen,
                       const sc_column_def *src,
                       const char *name)
{
    sc_xcol *c;

    sc_xcol *old = sc_xtable__find_col(t, name);

    for (size_t i = 0; i < *n_seen; i++)
        if (strcasecmp(seen[i], name) == 0)
            return sc_exec__err(x, SC_ER_DUP_FIELDNAME, name);
    if (*n_seen < 64)
        seen[(*n_seen)++] = name;
    if (old) {
        if (old - t->cols >= (long)n_defined)
            return sc_exec__err(x, SC_ER_DUP_FIELDNAME, name);
        return SC_OK; /* the explicitly defined column keeps its definition */
    }
    c = sc_xtable__add_col(x, t, t->n_cols);
    if (!c)
        return SC_ENOMEM;
    c->d = *src;
    c->d.name = name;
    if (sc_xtable__copy_column(x, &c->d) != SC_OK)
        return SC_ENOMEM;
    c->d.generated = SC_GEN_NONE;
    c->d.generation_expr = NULL;
    c->d.flags &= ~(unsigned)(SC_COL_INVISIBLE);
    if (c->d.flags & SC_COL_AUTO_INCREMENT) {
        c->d.flags &= ~(unsigned)SC_COL_AUTO_INCREMENT;
        c->d.default_kind = SC_DEFAULT_LITERAL;
        c->d.default_value = "0";
    }
    return c->d.name ? SC_OK : SC_ENOMEM;
}

/* ------------------------------------------------------------------ */
/* Any SELECT: resolved against the catalog, types derived (ctas_types.c) */

/* The column a select output becomes (no generated/auto parts, NULL default when nullable). */
static void derived_column(sc_column_def *d)
{
    d->generated = SC_GEN_NONE;
    d->generation_expr = NULL;
    d->check_expr = NULL;
    if (!(d->flags & SC_COL_NOT_NULL) && d->default_kind == SC_DEFAULT_NONE)
        d->default_kind = SC_DEFAULT_NULL;
}

static int create_from_select(sc_exec *x, sc_xtable *t, struct sc_select *sel)
{
    size_t n_defined = t->n_cols;
    const char **seen;
    size_t n_seen = 0;
    sc_select_ctx c = {0};
    int rc;

    rc = sc_exec__resolve_select(x, &c, sel);
    seen = rc == SC_OK ? sc_exec__alloc(x, (sel->r_n_cols + 1) * sizeof(*seen)) : NULL;
    if (rc == SC_OK && !seen)
        rc = SC_ENOMEM;
    for (size_t i = 0; rc == SC_OK && i < sel->r_n_cols; i++) {
        sc_column_def d = sel->r_cols[i].def;
        const char *name = sel->r_cols[i].name;
        if ((rc = sc_exec__check_column_name(x, name)) != SC_OK)
            break;
        derived_column(&d);
        rc = add_derived(x, t, n_defined, seen, &n_seen, &d, name);
    }
    sc_exec__select_release(&c);
    return rc;
}

int sc_exec__create_select(sc_exec *x, sc_xtable *t)
{
    return create_from_select(x, t, x->stmt->create_table->select);
}
