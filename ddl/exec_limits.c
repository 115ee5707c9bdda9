/*
 * exec_limits.c - the size limits MariaDB 10.11 puts on a whole table
 * definition, checked on the final table of CREATE and ALTER TABLE
 * (sc_exec__finish_table), after every per-column and per-key check:
 *
 *  - more than 4096 columns: 1117 "Too many columns" (MAX_FIELDS);
 *  - an expression (DEFAULT, GENERATED ALWAYS AS, CHECK) whose text is over
 *    65535 bytes: 4026 "Expression in the %s clause is too big";
 *  - the .frm header over 65535 bytes, or more than 255 distinct ENUM/SET
 *    value lists: 1117 "Table definition is too large" (unireg.cc
 *    pack_header()). MariaDB writes no .frm for us to measure, so its
 *    length is computed with pack_header()'s formula, calibrated on
 *    10.11.19 (docs/ddl.md): 290 bytes, 17 + name + 1 per column, the
 *    column comments, each distinct value list's values + 1 each plus 2,
 *    and, when there are expressions, 16 plus 7 + name + text per one;
 *  - InnoDB: more than 1017 columns, 1005 "Can't create table ... (errno:
 *    185 "Too many columns")".
 * Everything here is linear in the size of the definition: value lists
 * are told apart through a hash of their contents.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/errmsg.h"
#include "ddl/exec.h"
#include "ddl/types.h"

#define MAX_FIELDS 4096    /* MariaDB's MAX_FIELDS */
#define FRM_MAX 65535u     /* pack_header()'s bound on the header */
#define FRM_BASE 290u      /* FRM_FORMINFO_SIZE (288) + n_length's start (2) */
#define FRM_PER_COLUMN 17u /* FCOMP, plus the name and its terminator */
#define FRM_EXPR_BASE 16u  /* FRM_VCOL_NEW_BASE_SIZE, once when any expression */
#define FRM_PER_EXPR 7u    /* FRM_VCOL_NEW_HEADER_SIZE + the name length byte */
#define EXPR_MAX 65535u    /* longest expression text (4026 past it) */
#define MAX_INTERVALS 255u /* distinct ENUM/SET value lists */
#define INNODB_MAX_COLUMNS 1017u

/* Bytes of s as a quoted SQL string: quotes plus one more per escaped byte. */
static size_t quoted_len(const char *s)
{
    size_t n = 2;

    for (; *s; s++)
        n += strchr("\\'\n\r\032", *s) ? 2 : 1;
    return n;
}

/* The expression text MariaDB stores for a column's DEFAULT, or 0 bytes. */
static size_t default_expr_len(const sc_column_def *d)
{
    size_t n;

    if (!d->default_value)
        return 0;
    if (d->default_kind == SC_DEFAULT_EXPR) {
        n = strlen(d->default_value);
        /* SHOW CREATE's parentheses are not part of the stored text */
        if (n >= 2 && d->default_value[0] == '(' && d->default_value[n - 1] == ')')
            n -= 2;
        return n;
    }
    /* a BLOB/TEXT literal cannot live in the default row: it is an expression */
    if (d->default_kind == SC_DEFAULT_LITERAL && sc_type__is_blob(d->type))
        return quoted_len(d->default_value);
    return 0;
}

typedef struct frm_size {
    uint64_t total; /* header bytes so far */
    uint64_t exprs; /* expression bytes (with their headers) */
    size_t n_exprs; /* expressions seen */
} frm_size;

/* One expression of n text bytes named name in clause (4026 when too big). */
static int add_expr(sc_exec *x, frm_size *f, const char *clause, const char *name, size_t n)
{
    if (n > EXPR_MAX)
        return sc_exec__err(x, SC_ER_EXPRESSION_IS_TOO_BIG, clause);
    f->exprs += FRM_PER_EXPR + (name ? strlen(name) : 0) + n;
    f->n_exprs++;
    return SC_OK;
}

static int column_exprs(sc_exec *x, frm_size *f, const sc_column_def *d)
{
    int rc = SC_OK;

    if (d->generation_expr)
        rc = add_expr(x, f, "GENERATED ALWAYS AS", NULL, strlen(d->generation_expr));
    if (rc == SC_OK && default_expr_len(d) > 0)
        rc = add_expr(x, f, "DEFAULT", NULL, default_expr_len(d));
    if (rc == SC_OK && d->check_expr)
        rc = add_expr(x, f, "CHECK", NULL, strlen(d->check_expr));
    return rc;
}

/* ------------------------------------------------------------------ */
/* Distinct ENUM/SET value lists                                        */

static uint64_t list_hash(const sc_column_def *d)
{
    uint64_t h = 1469598103934665603ull ^ d->n_elements; /* FNV-1a */

    for (size_t i = 0; i < d->n_elements; i++) {
        for (const unsigned char *p = (const unsigned char *)d->elements[i]; *p; p++)
            h = (h ^ *p) * 1099511628211ull;
        h = (h ^ 0xFF) * 1099511628211ull; /* separator: 'ab','c' differs from 'a','bc' */
    }
    return h;
}

static bool same_list(const sc_column_def *a, const sc_column_def *b)
{
    if (a->n_elements != b->n_elements)
        return false;
    for (size_t i = 0; i < a->n_elements; i++)
        if (strcmp(a->elements[i], b->elements[i]) != 0)
            return false;
    return true;
}

/*
 * Bytes of the distinct value lists (identical lists are stored once, as
 * pack_header()'s get_interval_id() shares them); *count_out gets their
 * number. An open-addressing table of column indexes, sized for all columns.
 */
static int interval_bytes(sc_exec *x, const sc_xtable *t, uint64_t *out, size_t *count_out)
{
    size_t cap = 16, count = 0;
    uint64_t bytes = 0;
    long *slots;

    while (cap < 2 * t->n_cols)
        cap *= 2;
    slots = sc_exec__alloc(x, cap * sizeof(*slots));
    if (!slots)
        return SC_ENOMEM;
    for (size_t i = 0; i < cap; i++)
        slots[i] = -1;
    for (size_t i = 0; i < t->n_cols; i++) {
        const sc_column_def *d = &t->cols[i].d;
        size_t s;
        if (d->type != SC_TYPE_ENUM && d->type != SC_TYPE_SET)
            continue;
        for (s = list_hash(d) & (cap - 1); slots[s] >= 0; s = (s + 1) & (cap - 1))
            if (same_list(&t->cols[slots[s]].d, d))
                break;
        if (slots[s] >= 0)
            continue;
        slots[s] = (long)i;
        count++;
        for (size_t k = 0; k < d->n_elements; k++)
            bytes += strlen(d->elements[k]) + 1;
    }
    *out = bytes + 2 * count;
    *count_out = count;
    return SC_OK;
}

/* ------------------------------------------------------------------ */

static bool is_innodb(const sc_xtable *t)
{
    return !t->engine || strcasecmp(t->engine, "InnoDB") == 0;
}

int sc_exec__definition_limits(sc_exec *x, const sc_xtable *t)
{
    frm_size f = {FRM_BASE, 0, 0};
    uint64_t ints = 0;
    size_t n_ints = 0;
    int rc;

    if (t->n_cols > MAX_FIELDS)
        return sc_exec__err(x, SC_ER_TOO_MANY_FIELDS);
    for (size_t i = 0; i < t->n_cols; i++) {
        const sc_column_def *d = &t->cols[i].d;
        f.total += FRM_PER_COLUMN + strlen(d->name) + 1 + (d->comment ? strlen(d->comment) : 0);
        if ((rc = column_exprs(x, &f, d)) != SC_OK)
            return rc;
    }
    for (size_t i = 0; i < t->n_checks; i++)
        if ((rc = add_expr(x, &f, "CHECK", t->checks[i].name, strlen(t->checks[i].expr))) != SC_OK)
            return rc;
    if ((rc = interval_bytes(x, t, &ints, &n_ints)) != SC_OK)
        return rc;
    f.total += ints + (f.n_exprs ? FRM_EXPR_BASE + f.exprs : 0);
    if (f.total > FRM_MAX || n_ints > MAX_INTERVALS)
        return sc_exec__err(x, SC_ER_TOO_MANY_FIELDS_DEFINITION_TOO_LARGE);
    if (is_innodb(t) && t->n_cols > INNODB_MAX_COLUMNS)
        return sc_exec__err(x, SC_ER_CANT_CREATE_TABLE, t->schema, t->name,
                            "185 \"Too many columns\"");
    return SC_OK;
}
