/*
 * exec_column.c - column definitions for CREATE/ALTER TABLE: types as
 * MariaDB 10.11 stores them (display widths, DECIMAL/FLOAT precision,
 * character sets and the binary charset conversions, TEXT(n)/BLOB(n),
 * ENUM/SET values), defaults (literal canonicalisation, expression defaults,
 * CURRENT_TIMESTAMP precision, TIMESTAMP promotion rules), generated columns,
 * column CHECKs, and the expression restrictions MariaDB enforces (1901,
 * 1970, 4029).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/exec.h"
#include "ddl/period.h"
#include "ddl/sequence.h"
#include "ddl/expr.h"
#include "ddl/expr_walk.h"
#include "ddl/types.h"
/* ------------------------------------------------------------------ */
/* Expressions                                                          */

const char *sc_exec__expr_text(sc_exec *x, const sc_expr *e)
{
    sc_buf b = SC_BUF_INIT(x->ctx);
    const char *copy = NULL;

    if (sc_ddl__expr_print(&b, e) == SC_OK)
        copy = sc_exec__strdup(x, b.text ? b.text : "");
    sc__buf_free(&b);
    return copy;
}

/* An aggregate's name as Item_sum::func_name() gives it ("count(distinct )",
 * "std()" for STDDEV and STDDEV_POP), or NULL for any other node. */
static const char *aggregate_name(const sc_expr *e)
{
    static const struct {
        const char *name, *shown, *distinct;
    } aggs[] = {
        {"count", "count()", "count(distinct )"},
        {"sum", "sum()", "sum(distinct )"},
        {"avg", "avg()", "avg(distinct )"},
        {"min", "min()", NULL},
        {"max", "max()", NULL},
        {"std", "std()", NULL},
        {"stddev", "std()", NULL},
        {"stddev_pop", "std()", NULL},
        {"stddev_samp", "stddev_samp()", NULL},
        {"variance", "variance()", NULL},
        {"var_pop", "variance()", NULL},
        {"var_samp", "var_samp()", NULL},
        {"bit_and", "bit_and()", NULL},
        {"bit_or", "bit_or()", NULL},
        {"bit_xor", "bit_xor()", NULL},
        {"group_concat", "group_concat()", NULL},
        {"json_arrayagg", "json_arrayagg()", NULL},
        {"json_objectagg", "json_objectagg()", NULL},
    };

    if (e->kind != SC_AST_EXPR_FUNC || !e->name || e->qual_db)
        return NULL;
    for (size_t i = 0; i < sizeof(aggs) / sizeof(aggs[0]); i++)
        if (strcasecmp(e->name, aggs[i].name) == 0)
            return e->distinct && aggs[i].distinct ? aggs[i].distinct : aggs[i].shown;
    return NULL;
}

/* How 1901 names a refused node: a stored function's call as `db`.`f`()
 * (Item_func_sp::func_name), an aggregate as Item_sum does, a user variable as
 * @v, anything else by its text. */
static const char *refused_text(sc_exec *x, const sc_expr *f)
{
    sc_buf b = SC_BUF_INIT(x->ctx);
    const char *copy = NULL;

    if (aggregate_name(f))
        return aggregate_name(f);
    if (f->kind == SC_AST_EXPR_VAR && f->var_scope == SC_AST_VAR_USER)
        return sc_exec__printf(x, "@%s", f->name);
    if (!(sc_ddl__expr_func_class(f) & SC_EXPR_STORED))
        return sc_exec__expr_text(x, f);
    if ((!f->qual_db ||
         (sc_ddl__quote_ident(&b, f->qual_db) == SC_OK && sc__buf_putc(&b, '.') == SC_OK)) &&
        sc_ddl__quote_ident(&b, f->name) == SC_OK && sc__buf_puts(&b, "()") == SC_OK)
        copy = sc_exec__strdup(x, b.text);
    sc__buf_free(&b);
    return copy;
}

/* Find a column reference that is not a column of t (NULL when all resolve). */
const char *sc_exec__unknown_column(const sc_xtable *t, const sc_expr *e)
{
    const char *u;

    if (!e)
        return NULL;
    if (e->kind == SC_AST_EXPR_COLUMN && !sc_xtable__find_col(t, e->name))
        return e->name;
    for (size_t i = 0; i < e->n_args; i++)
        if ((u = sc_exec__unknown_column(t, e->args[i])) != NULL)
            return u;
    if ((u = sc_exec__unknown_column(t, e->case_operand)) != NULL)
        return u;
    return sc_exec__unknown_column(t, e->case_else);
}

/* The first node (operands before the operator, as Item::walk) in mask, or
 * (impossible) the first stored function call, statement function
 * (last_insert_id()...) or aggregate, or NULL. */
static const sc_expr *first_node(const sc_expr *e, unsigned mask, bool impossible)
{
    const sc_expr *f;

    if (!e)
        return NULL;
    for (size_t i = 0; i < e->n_args; i++)
        if ((f = first_node(e->args[i], mask, impossible)) != NULL)
            return f;
    if ((f = first_node(e->case_operand, mask, impossible)) != NULL ||
        (f = first_node(e->case_else, mask, impossible)) != NULL)
        return f;
    if (impossible)
        return (sc_ddl__expr_func_class(e) & (SC_EXPR_STORED | SC_EXPR_STATEMENT)) ||
                       aggregate_name(e)
                   ? e
                   : NULL;
    return (sc_ddl__expr_func_class(e) & mask) ? e : NULL;
}

/*
 * The node 1901 names in an expression that may not use the classes in mask:
 * a stored function call, a statement function or an aggregate first,
 * wherever it is (MariaDB's
 * walk stops at what is VCOL_IMPOSSIBLE), else the first node in mask.
 */
static const sc_expr *forbidden_node(const sc_expr *e, unsigned mask)
{
    const sc_expr *f = first_node(e, mask, true);

    return f ? f : first_node(e, mask, false);
}

static bool has_subquery(const sc_expr *e)
{
    if (!e)
        return false;
    if (e->kind == SC_AST_EXPR_SUBQUERY)
        return true;
    for (size_t i = 0; i < e->n_args; i++)
        if (has_subquery(e->args[i]))
            return true;
    return has_subquery(e->case_operand) || has_subquery(e->case_else);
}

/* A subquery in a column's GENERATED ALWAYS AS or DEFAULT: 1901, which
 * MariaDB's parser gives as each column definition ends (Column_definition::
 * check), so before anything else about the statement. */
static int column_subqueries(sc_exec *x, const sc_ast_column *ac)
{
    if (has_subquery(ac->gen_expr))
        return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, "select ...",
                            "GENERATED ALWAYS AS", ac->name);
    if (has_subquery(ac->default_expr))
        return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, "select ...",
                            "DEFAULT", ac->name);
    return SC_OK;
}

int sc_exec__create_subqueries(sc_exec *x, const sc_ast_create_table *ct)
{
    for (size_t i = 0; i < ct->n_defs; i++)
        if (ct->defs[i].kind == SC_AST_DEF_COLUMN && column_subqueries(x, ct->defs[i].column))
            return SC_ESQL;
    return SC_OK;
}

int sc_exec__alter_subqueries(sc_exec *x, const sc_ast_alter_table *at)
{
    for (size_t i = 0; i < at->n_specs; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        if (sp->column && column_subqueries(x, sp->column))
            return SC_ESQL;
        if (sp->kind == SC_AST_ALTER_SET_DEFAULT && has_subquery(sp->default_expr))
            return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, "select ...",
                                "DEFAULT", sp->name);
    }
    return SC_OK;
}

/* 1970 / 1901 for what a CHECK constraint may not use. */
int sc_exec__check_expr_allowed(sc_exec *x, const sc_expr *e, const char *name)
{
    const sc_expr *f;

    if (has_subquery(e))
        return sc_exec__err(x, SC_ER_SUBQUERIES_NOT_SUPPORTED, "CHECK");
    f = forbidden_node(e, SC_EXPR_TIME | SC_EXPR_NONDET | SC_EXPR_SESSION | SC_EXPR_STORED);
    if (f)
        return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, refused_text(x, f),
                            "CHECK", name);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Column types                                                         */

static sc_coltype map_type(sc_ast_type_kind k)
{
    switch (k) {
    case SC_AST_TYPE_TINYINT:
        return SC_TYPE_TINYINT;
    case SC_AST_TYPE_SMALLINT:
        return SC_TYPE_SMALLINT;
    case SC_AST_TYPE_MEDIUMINT:
        return SC_TYPE_MEDIUMINT;
    case SC_AST_TYPE_INT:
        return SC_TYPE_INT;
    case SC_AST_TYPE_BIGINT:
        return SC_TYPE_BIGINT;
    case SC_AST_TYPE_DECIMAL:
        return SC_TYPE_DECIMAL;
    case SC_AST_TYPE_FLOAT:
        return SC_TYPE_FLOAT;
    case SC_AST_TYPE_DOUBLE:
        return SC_TYPE_DOUBLE;
    case SC_AST_TYPE_BIT:
        return SC_TYPE_BIT;
    case SC_AST_TYPE_DATE:
        return SC_TYPE_DATE;
    case SC_AST_TYPE_TIME:
        return SC_TYPE_TIME;
    case SC_AST_TYPE_DATETIME:
        return SC_TYPE_DATETIME;
    case SC_AST_TYPE_TIMESTAMP:
        return SC_TYPE_TIMESTAMP;
    case SC_AST_TYPE_YEAR:
        return SC_TYPE_YEAR;
    case SC_AST_TYPE_CHAR:
        return SC_TYPE_CHAR;
    case SC_AST_TYPE_VARCHAR:
        return SC_TYPE_VARCHAR;
    case SC_AST_TYPE_BINARY:
        return SC_TYPE_BINARY;
    case SC_AST_TYPE_VARBINARY:
        return SC_TYPE_VARBINARY;
    case SC_AST_TYPE_TINYTEXT:
        return SC_TYPE_TINYTEXT;
    case SC_AST_TYPE_TEXT:
        return SC_TYPE_TEXT;
    case SC_AST_TYPE_MEDIUMTEXT:
        return SC_TYPE_MEDIUMTEXT;
    case SC_AST_TYPE_LONGTEXT:
        return SC_TYPE_LONGTEXT;
    case SC_AST_TYPE_JSON:
        return SC_TYPE_LONGTEXT;
    case SC_AST_TYPE_TINYBLOB:
        return SC_TYPE_TINYBLOB;
    case SC_AST_TYPE_BLOB:
        return SC_TYPE_BLOB;
    case SC_AST_TYPE_MEDIUMBLOB:
        return SC_TYPE_MEDIUMBLOB;
    case SC_AST_TYPE_LONGBLOB:
        return SC_TYPE_LONGBLOB;
    case SC_AST_TYPE_ENUM:
        return SC_TYPE_ENUM;
    case SC_AST_TYPE_SET:
        return SC_TYPE_SET;
    case SC_AST_TYPE_GEOMETRY:
        return SC_TYPE_GEOMETRY;
    case SC_AST_TYPE_POINT:
        return SC_TYPE_POINT;
    case SC_AST_TYPE_LINESTRING:
        return SC_TYPE_LINESTRING;
    case SC_AST_TYPE_POLYGON:
        return SC_TYPE_POLYGON;
    case SC_AST_TYPE_MULTIPOINT:
        return SC_TYPE_MULTIPOINT;
    case SC_AST_TYPE_MULTILINESTRING:
        return SC_TYPE_MULTILINESTRING;
    case SC_AST_TYPE_MULTIPOLYGON:
        return SC_TYPE_MULTIPOLYGON;
    case SC_AST_TYPE_GEOMETRYCOLLECTION:
        return SC_TYPE_GEOMETRYCOLLECTION;
    case SC_AST_TYPE_INET4:
        return SC_TYPE_INET4;
    case SC_AST_TYPE_INET6:
        return SC_TYPE_INET6;
    case SC_AST_TYPE_UUID:
        return SC_TYPE_UUID;
    default:
        return SC_TYPE_NONE;
    }
}

/* TEXT(n) / BLOB(n): the smallest type holding n bytes. */
static sc_coltype sized_blob(bool text, uint64_t bytes)
{
    if (bytes < 256)
        return text ? SC_TYPE_TINYTEXT : SC_TYPE_TINYBLOB;
    if (bytes < 65536)
        return text ? SC_TYPE_TEXT : SC_TYPE_BLOB;
    if (bytes < (1u << 24))
        return text ? SC_TYPE_MEDIUMTEXT : SC_TYPE_MEDIUMBLOB;
    return text ? SC_TYPE_LONGTEXT : SC_TYPE_LONGBLOB;
}

static int numeric_type(sc_exec *x, sc_column_def *d, const sc_ast_type *ty)
{
    uint64_t len = ty->length.value, dec = ty->decimals.value;

    if (ty->is_unsigned)
        d->flags |= SC_COL_UNSIGNED;
    if (ty->zerofill)
        d->flags |= SC_COL_UNSIGNED | SC_COL_ZEROFILL;
    if (sc_type__is_integer(d->type)) {
        if (ty->length.present && len > 255)
            return sc_exec__err(x, SC_ER_TOO_BIG_DISPLAYWIDTH, d->name, 255);
        d->length = ty->length.present && len
                        ? (uint32_t)len
                        : sc_type__default_length(d->type, d->flags & SC_COL_UNSIGNED);
        return SC_OK;
    }
    if (d->type == SC_TYPE_DECIMAL) {
        if (!ty->length.present)
            len = 10;
        if (!ty->decimals.present)
            dec = 0;
        if (len > 65)
            return sc_exec__err(x, SC_ER_TOO_BIG_PRECISION, d->name, 65);
        if (dec > 38)
            return sc_exec__err(x, SC_ER_TOO_BIG_SCALE, d->name, 38);
        if (dec > len)
            return sc_exec__err(x, SC_ER_M_BIGGER_THAN_D, d->name);
        if (len == 0)
            len = 1;
        d->length = (uint32_t)len;
        d->scale = (uint32_t)dec;
        return SC_OK;
    }
    /* FLOAT / DOUBLE */
    if (ty->length.present && !ty->decimals.present) {
        if (d->type == SC_TYPE_FLOAT) {
            if (len > 53)
                return sc_exec__err(x, SC_ER_WRONG_FIELD_SPEC, d->name);
            if (len > 24)
                d->type = SC_TYPE_DOUBLE;
        }
        return SC_OK;
    }
    if (ty->decimals.present) {
        if (len > 255)
            return sc_exec__err(x, SC_ER_TOO_BIG_DISPLAYWIDTH, d->name, 255);
        if (dec > len)
            return sc_exec__err(x, SC_ER_M_BIGGER_THAN_D, d->name);
        if (dec > 30)
            return sc_exec__err(x, SC_ER_TOO_BIG_SCALE, d->name, 30);
        d->length = (uint32_t)len;
        d->scale = (uint32_t)dec;
        d->flags |= SC_COL_HAS_LENGTH | SC_COL_HAS_SCALE;
    }
    return SC_OK;
}

/* Resolve the column's character set and collation (string types only). */
static int column_charset(sc_exec *x, const sc_xtable *t, sc_column_def *d, const sc_ast_column *ac)
{
    const sc_ast_type *ty = &ac->type;
    const char *cs_name = ty->charset, *coll_name = ac->collate ? ac->collate : ty->collate;
    const sc_charset_info *cs;
    const sc_collation_info *coll;
    int rc;

    if (ac->collate_prev) {
        const sc_collation_info *a = sc_charset__collation_find(ac->collate_prev);
        const sc_collation_info *b = sc_charset__collation_find(ac->collate);
        if (!a || !b)
            return sc_charset__resolve(&cs, &coll, x->ctx, NULL,
                                       a ? ac->collate : ac->collate_prev);
        if (a != b)
            return sc_exec__err(x, SC_ER_CONFLICTING_COLLATIONS, a->name, b->name);
    }
    if (ty->national && !cs_name)
        cs_name = "utf8mb3";
    if (ty->kind == SC_AST_TYPE_JSON && !cs_name && !coll_name) {
        d->charset = "utf8mb4";
        d->collation = "utf8mb4_bin";
        return SC_OK;
    }
    if (!cs_name && !coll_name) {
        d->charset = t->charset;
        d->collation = t->collation;
        if (!ty->binary)
            return SC_OK;
        cs_name = t->charset;
    }
    if (cs_name && strcasecmp(cs_name, "default") == 0)
        cs_name = t->charset;
    rc = sc_charset__resolve(&cs, &coll, x->ctx, cs_name, coll_name);
    if (rc != SC_OK)
        return rc;
    d->charset = cs->name;
    d->collation = coll->name;
    if (ty->binary && !coll_name && strcmp(cs->name, "binary") != 0) {
        const sc_collation_info *bin =
            sc_charset__collation_find(sc_exec__printf(x, "%s_bin", cs->name));
        if (bin)
            d->collation = bin->name;
    }
    return SC_OK;
}

/* A character column in the binary charset is a byte string column. */
void sc_exec__binary_conversion(sc_column_def *d)
{
    static const struct {
        sc_coltype text, bytes;
    } map[] = {
        {SC_TYPE_CHAR, SC_TYPE_BINARY},           {SC_TYPE_VARCHAR, SC_TYPE_VARBINARY},
        {SC_TYPE_TINYTEXT, SC_TYPE_TINYBLOB},     {SC_TYPE_TEXT, SC_TYPE_BLOB},
        {SC_TYPE_MEDIUMTEXT, SC_TYPE_MEDIUMBLOB}, {SC_TYPE_LONGTEXT, SC_TYPE_LONGBLOB},
    };

    if (!d->charset || strcmp(d->charset, "binary") != 0)
        return;
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (d->type == map[i].text) {
            d->type = map[i].bytes;
            d->charset = NULL;
            d->collation = NULL;
            return;
        }
}

static bool strict(const sc_exec *x)
{
    return (x->s->sql_mode & (SC_MODE_STRICT_TRANS_TABLES | SC_MODE_STRICT_ALL_TABLES)) != 0;
}

static int string_type(sc_exec *x, const sc_xtable *t, sc_column_def *d, const sc_ast_column *ac)
{
    const sc_ast_type *ty = &ac->type;
    uint64_t len = ty->length.value;
    unsigned maxlen;
    int rc;

    if (sc_type__has_charset(d->type) || ty->kind == SC_AST_TYPE_TEXT) {
        rc = column_charset(x, t, d, ac);
        if (rc != SC_OK)
            return rc;
    }
    maxlen = d->charset ? sc_charset__maxlen(d->charset) : 1;
    switch (d->type) {
    case SC_TYPE_CHAR:
    case SC_TYPE_BINARY:
        if (!ty->length.present)
            len = 1;
        if (len > 255)
            return sc_exec__err(x, SC_ER_TOO_BIG_FIELDLENGTH, d->name, 255ull);
        d->length = (uint32_t)len;
        break;
    case SC_TYPE_VARCHAR:
    case SC_TYPE_VARBINARY: {
        uint64_t max = 65532 / (d->type == SC_TYPE_VARCHAR ? maxlen : 1);
        if (len > max) {
            if (strict(x) || len > 0xFFFFFFFFull)
                return sc_exec__err(x, SC_ER_TOO_BIG_FIELDLENGTH, d->name, (unsigned long long)max);
            sc_exec__warn(x, SC_ER_AUTO_CONVERT, d->name,
                          d->type == SC_TYPE_VARCHAR ? "VARCHAR" : "VARBINARY",
                          d->type == SC_TYPE_VARCHAR ? "TEXT" : "BLOB");
            d->type = sized_blob(d->type == SC_TYPE_VARCHAR, len * maxlen);
            break;
        }
        d->length = (uint32_t)len;
        break;
    }
    case SC_TYPE_TEXT:
    case SC_TYPE_BLOB:
        if (ty->length.present)
            d->type = sized_blob(d->type == SC_TYPE_TEXT, len * maxlen);
        break;
    default:
        break;
    }
    sc_exec__binary_conversion(d);
    return SC_OK;
}

typedef struct dup_key {
    const char *s; /* the value */
    size_t pos;    /* its position in the list */
    bool ci;       /* compare case-blind */
} dup_key;

static int dup_cmp(const void *a, const void *b)
{
    const dup_key *ka = a, *kb = b;
    int c = ka->ci ? strcasecmp(ka->s, kb->s) : strcmp(ka->s, kb->s);

    if (c != 0)
        return c;
    return ka->pos < kb->pos ? -1 : ka->pos > kb->pos;
}

/*
 * MariaDB reports the first value i that repeats an earlier one, naming the
 * earliest spelling. Sorting (value, position) pairs finds the same answer in
 * O(n log n) instead of comparing every pair (100,000 values took minutes):
 * in each run of equal values the second position is where a repeat is
 * first seen, the first position names it.
 * @return the position of the value to name, -1 when none repeats, -2 on OOM
 */
static long first_duplicate(sc_exec *x, const char *const *els, size_t n, bool ci)
{
    dup_key *keys;
    size_t best_at = (size_t)-1, best_first = 0;

    if (n < 2)
        return -1;
    keys = sc_exec__alloc(x, n * sizeof(*keys));
    if (!keys)
        return -2;
    for (size_t i = 0; i < n; i++)
        keys[i] = (dup_key){els[i], i, ci};
    qsort(keys, n, sizeof(*keys), dup_cmp);
    for (size_t i = 1; i < n; i++) {
        bool same =
            ci ? strcasecmp(keys[i - 1].s, keys[i].s) == 0 : strcmp(keys[i - 1].s, keys[i].s) == 0;
        /* keys[i - 1] starts its run when it differs from the one before */
        if (same &&
            (i < 2 || (ci ? strcasecmp(keys[i - 2].s, keys[i].s) != 0
                          : strcmp(keys[i - 2].s, keys[i].s) != 0)) &&
            keys[i].pos < best_at) {
            best_at = keys[i].pos;
            best_first = keys[i - 1].pos;
        }
    }
    return best_at == (size_t)-1 ? -1 : (long)best_first;
}

static int enum_values(sc_exec *x, sc_column_def *d, const sc_ast_type *ty)
{
    const char **els = sc_exec__alloc(x, (ty->n_values + 1) * sizeof(char *));
    const char *kind = d->type == SC_TYPE_ENUM ? "ENUM" : "SET";
    /* duplicates compare with the column's collation: case-blind only for _ci */
    size_t cl = d->collation ? strlen(d->collation) : 0;
    bool ci = cl < 3 || strcmp(d->collation + cl - 3, "_ci") == 0;

    if (!els)
        return SC_ENOMEM;
    if (d->type == SC_TYPE_SET && ty->n_values > 64)
        return sc_exec__err(x, SC_ER_TOO_BIG_SET, d->name);
    for (size_t i = 0; i < ty->n_values; i++) {
        size_t n = ty->values[i].len;
        while (n && ty->values[i].s[n - 1] == ' ')
            n--; /* MariaDB strips trailing spaces of ENUM/SET values */
        els[i] = sc__arena_strndup(x->arena, ty->values[i].s, n);
        if (!els[i])
            return SC_ENOMEM;
        if (d->type == SC_TYPE_SET && strchr(els[i], ','))
            return sc_exec__err(x, SC_ER_ILLEGAL_VALUE_FOR_TYPE, "set", els[i]);
    }
    {
        long dup = first_duplicate(x, els, ty->n_values, ci);
        if (dup == -2)
            return SC_ENOMEM;
        if (dup >= 0)
            return sc_exec__err(x, SC_ER_DUPLICATED_VALUE_IN_TYPE, d->name, els[dup], kind);
    }
    d->elements = els;
    d->n_elements = ty->n_values;
    return SC_OK;
}

static int temporal_type(sc_exec *x, sc_column_def *d, const sc_ast_type *ty)
{
    if (d->type == SC_TYPE_YEAR) {
        d->length = ty->length.present && ty->length.value == 2 ? 2 : 4;
        if (ty->length.present && ty->length.value != 4) { /* other widths become YEAR(4) */
            char what[32];
            snprintf(what, sizeof(what), "YEAR(%llu)", (unsigned long long)ty->length.value);
            sc_exec__warn(x, SC_ER_WARN_DEPRECATED_SYNTAX, what, "YEAR(4)");
        }
        return SC_OK;
    }
    if (d->type == SC_TYPE_DATE)
        return SC_OK;
    if (ty->length.present && ty->length.value > 6)
        return sc_exec__err(x, SC_ER_TOO_BIG_PRECISION, d->name, 6);
    d->scale = ty->length.present ? (uint32_t)ty->length.value : 0;
    return SC_OK;
}

static int column_type(sc_exec *x, const sc_xtable *t, sc_xcol *c, const sc_ast_column *ac)
{
    sc_column_def *d = &c->d;
    const sc_ast_type *ty = &ac->type;

    d->type = map_type(ty->kind);
    if (d->type == SC_TYPE_NONE)
        return sc_exec__err(x, SC_ER_UNKNOWN_DATA_TYPE_UNCUT, ty->written ? ty->written : "?");
    c->json = ty->kind == SC_AST_TYPE_JSON;
    if (sc_type__is_numeric(d->type))
        return numeric_type(x, d, ty);
    if (d->type == SC_TYPE_BIT) {
        if (ty->length.present && ty->length.value > 64)
            return sc_exec__err(x, SC_ER_TOO_BIG_DISPLAYWIDTH, d->name, 64);
        d->length = ty->length.present && ty->length.value ? (uint32_t)ty->length.value : 1;
        return SC_OK;
    }
    if (sc_type__is_temporal(d->type))
        return temporal_type(x, d, ty);
    if (d->type == SC_TYPE_ENUM || d->type == SC_TYPE_SET) {
        int rc = column_charset(x, t, d, ac);
        return rc != SC_OK ? rc : enum_values(x, d, ty);
    }
    if (sc_type__is_spatial(d->type)) {
        if (ac->ref_system_id.present) {
            d->flags |= SC_COL_HAS_SRID;
            d->srid = (uint32_t)ac->ref_system_id.value;
        }
        return SC_OK;
    }
    if (d->type == SC_TYPE_CHAR || d->type == SC_TYPE_VARCHAR || d->type == SC_TYPE_BINARY ||
        d->type == SC_TYPE_VARBINARY || sc_type__is_blob(d->type))
        return string_type(x, t, d, ac);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Defaults                                                             */

static bool is_now_func(const sc_expr *e)
{
    static const char *const names[] = {"current_timestamp", "now", "localtime", "localtimestamp"};
    if (!e || e->kind != SC_AST_EXPR_FUNC)
        return false;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcasecmp(e->name, names[i]) == 0)
            return true;
    return false;
}

/* CURRENT_TIMESTAMP as a DATETIME/TIMESTAMP default: the column's precision. */
static const char *now_text(sc_exec *x, const sc_column_def *d)
{
    return d->scale ? sc_exec__printf(x, "current_timestamp(%u)", (unsigned)d->scale)
                    : "current_timestamp()";
}

/* The precision written in NOW(n) / CURRENT_TIMESTAMP(n); -1 when none. */
static int now_precision(const sc_expr *e)
{
    if (e->n_args != 1 || e->args[0]->kind != SC_AST_EXPR_LITERAL || !e->args[0]->lit.text.s)
        return -1;
    return atoi(e->args[0]->lit.text.s);
}

/*
 * CURRENT_TIMESTAMP(n) as a DEFAULT keeps a precision below the column's
 * (timestamp(6) DEFAULT current_timestamp(3)); none, 0 or more than the
 * column's becomes the column's.
 */
static const char *now_default_text(sc_exec *x, const sc_column_def *d, const sc_expr *e)
{
    int p = now_precision(e);
    if (p <= 0 || (unsigned)p >= d->scale)
        return now_text(x, d);
    return sc_exec__printf(x, "current_timestamp(%d)", p);
}

/* A byte string as a C string: NUL bytes become C0 80 (never valid UTF-8),
 * which the SHOW CREATE renderer prints as \0. */
static const char *encode_nul(sc_exec *x, const char *s, size_t len)
{
    size_t n = 0;
    char *out;

    for (size_t i = 0; i < len; i++)
        n += s[i] ? 1 : 2;
    out = sc_exec__alloc(x, n + 1);
    if (!out)
        return NULL;
    n = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i]) {
            out[n++] = s[i];
        } else {
            out[n++] = (char)0xC0;
            out[n++] = (char)0x80;
        }
    }
    out[n] = '\0';
    return out;
}

static bool is_number(const sc_ast_lit *l)
{
    return l->kind == SC_AST_LIT_INT || l->kind == SC_AST_LIT_DECIMAL ||
           l->kind == SC_AST_LIT_FLOAT || l->kind == SC_AST_LIT_BOOL;
}

/* Whether a number DEFAULT is stored as its string value: CHAR, VARCHAR,
 * BINARY and VARBINARY columns (ENUM and SET take a number as a member's
 * index; a TEXT or BLOB default is an expression, printed as the number). */
static bool takes_number_as_string(const sc_column_def *d)
{
    return d->type == SC_TYPE_CHAR || d->type == SC_TYPE_VARCHAR || d->type == SC_TYPE_BINARY ||
           d->type == SC_TYPE_VARBINARY;
}

/* A float literal as a CHAR/VARCHAR/BINARY/VARBINARY(n) default: its value
 * in n characters (Field_str::store of a double, my_gcvt()): the most
 * digits that fit, plain or with an exponent (1e3 is '1000', '1e3' in
 * VARCHAR(3)); when not even that fits, the text cut to n with Warning 1265
 * and kept (10.11.19: VARCHAR(2) DEFAULT 1e3 is '1e'). */
static const char *float_as_string(sc_exec *x, const sc_ast_lit *l, const sc_column_def *d)
{
    double f = strtod(l->text.s, NULL) * (l->negative ? -1 : 1);
    int width = d->length > 311 ? 311 : (int)d->length; /* FLOATING_POINT_BUFFER */
    char buf[320];

    if (width < 1) { /* CHAR(0): nothing fits */
        sc_exec__warning(x, SC_ER_WARN_DATA_TRUNCATED, d->name, 0ul);
        return "";
    }
    if (sc_type__gcvt(buf, f, width))
        sc_exec__warning(x, SC_ER_WARN_DATA_TRUNCATED, d->name, 0ul);
    return sc_exec__strdup(x, buf);
}

/* Text and kind of a literal as a default value. */
static int literal_text(
    sc_exec *x, const sc_ast_lit *l, const sc_column_def *d, const char **text, bool *is_string)
{
    *is_string = false;
    switch (l->kind) {
    case SC_AST_LIT_STRING:
    case SC_AST_LIT_DATE:
    case SC_AST_LIT_TIME:
    case SC_AST_LIT_TIMESTAMP:
        *is_string = true;
        *text = encode_nul(x, l->text.s, l->text.len);
        return *text ? SC_OK : SC_ENOMEM;
    case SC_AST_LIT_BOOL:
    case SC_AST_LIT_INT:
    case SC_AST_LIT_DECIMAL:
    case SC_AST_LIT_FLOAT:
        if (takes_number_as_string(d) && l->kind == SC_AST_LIT_FLOAT) {
            *text = float_as_string(x, l, d);
            return *text ? SC_OK : SC_ENOMEM;
        }
        if (takes_number_as_string(d)) { /* the number's string value: 007 is '7' */
            char *v = sc_type__number_string(x->ctx, l->text.s, l->negative, false);
            *text = v ? sc_exec__strdup(x, v) : NULL;
            sc_free(x->ctx, v);
            return *text ? SC_OK : SC_ENOMEM;
        }
        *text = l->negative ? sc_exec__printf(x, "-%s", l->text.s) : l->text.s;
        return *text ? SC_OK : SC_ENOMEM;
    case SC_AST_LIT_HEX:
    case SC_AST_LIT_BIT: {
        /* a byte string: as a number for numeric columns */
        unsigned long long v = 0;
        bool hex = l->kind == SC_AST_LIT_HEX;
        size_t nd = strlen(l->text.s);
        char *bytes;
        size_t nb, bits = hex ? 4 : 1;
        for (const char *p = l->text.s; *p; p++)
            v = (v << bits) | (unsigned long long)(isdigit((unsigned char)*p)
                                                       ? *p - '0'
                                                       : tolower((unsigned char)*p) - 'a' + 10);
        if (sc_type__is_numeric(d->type) || d->type == SC_TYPE_BIT || d->type == SC_TYPE_YEAR) {
            *text = sc_exec__printf(x, "%llu", v);
            return *text ? SC_OK : SC_ENOMEM;
        }
        /* digits to bytes, right-aligned (an odd hex digit count gets a leading 0) */
        nb = (nd * bits + 7) / 8;
        bytes = sc_exec__alloc(x, nb + 1);
        if (!bytes)
            return SC_ENOMEM;
        for (size_t i = 0; i < nd; i++) {
            char ch = l->text.s[nd - 1 - i];
            unsigned dv = isdigit((unsigned char)ch)
                              ? (unsigned)(ch - '0')
                              : (unsigned)(tolower((unsigned char)ch) - 'a' + 10);
            size_t bit = i * bits;
            bytes[nb - 1 - bit / 8] = (char)(bytes[nb - 1 - bit / 8] | (char)(dv << (bit % 8)));
        }
        *text = encode_nul(x, bytes, nb);
        *is_string = true;
        return *text ? SC_OK : SC_ENOMEM;
    }
    default:
        *text = NULL;
        return SC_OK;
    }
}

static int invalid_default(sc_exec *x, const char *name)
{
    return sc_exec__err(x, SC_ER_INVALID_DEFAULT, name);
}

/* How much of text is a number: 0 none, 1 a number then more, 2 a number alone. */
static int numeric_prefix(const char *text)
{
    char *end;

    strtod(text, &end);
    if (end == text)
        return 0;
    while (*end == ' ')
        end++;
    return *end == '\0' ? 2 : 1;
}

/*
 * The warning MariaDB raises before 1067 for a literal the column cannot
 * store (checked against 10.11.19): 1264 out of range for a number, 1366
 * for text that is no number in a numeric column, 1292 for a bad UUID/INET
 * value, none for ENUM/SET (1265 for the value of an expression, expr), 1265
 * truncated for the rest (strings too long, bad dates).
 */
static void default_value_warning(sc_exec *x, const sc_column_def *d, const char *text, bool expr)
{
    bool numeric = sc_type__is_numeric(d->type) || d->type == SC_TYPE_BIT;
    int num = text ? numeric_prefix(text) : 0;

    if ((d->type == SC_TYPE_ENUM || d->type == SC_TYPE_SET) && !expr)
        return;
    if (d->type == SC_TYPE_INET4 || d->type == SC_TYPE_INET6 || d->type == SC_TYPE_UUID)
        sc_exec__warning(x, SC_ER_TRUNCATED_WRONG_VALUE_FOR_COLUMN, sc_coltype_name(d->type),
                         text ? text : "", "", "", d->name, 0ul);
    else if ((numeric || d->type == SC_TYPE_YEAR) && num == 2)
        sc_exec__warning(x, SC_ER_WARN_DATA_OUT_OF_RANGE, d->name, 0ul);
    else if (numeric && num == 0)
        sc_exec__warning(x, SC_ER_TRUNCATED_WRONG_VALUE_FOR_FIELD,
                         sc_type__is_integer(d->type) ? "integer"
                         : d->type == SC_TYPE_DECIMAL ? "decimal"
                                                      : "double",
                         text ? text : "", "", "", d->name, 0ul);
    else
        sc_exec__warning(x, SC_ER_WARN_DATA_TRUNCATED, d->name, 0ul);
}

/* NO_ZERO_DATE / NO_ZERO_IN_DATE make zero dates invalid defaults in strict mode. */
static bool zero_date_refused(const sc_exec *x, const sc_column_def *d)
{
    const char *v = d->default_value;
    uint64_t m = x->s->sql_mode;

    if (!v ||
        !(d->type == SC_TYPE_DATE || d->type == SC_TYPE_DATETIME || d->type == SC_TYPE_TIMESTAMP))
        return false;
    if (!(m & (SC_MODE_STRICT_TRANS_TABLES | SC_MODE_STRICT_ALL_TABLES)))
        return false;
    if ((m & SC_MODE_NO_ZERO_DATE) && strncmp(v, "0000-00-00", 10) == 0)
        return true;
    if ((m & SC_MODE_NO_ZERO_IN_DATE) && strncmp(v, "0000-00-00", 10) != 0 &&
        (strncmp(v + 5, "00", 2) == 0 || strncmp(v + 8, "00", 2) == 0))
        return true;
    return false;
}

/*
 * Whether a string literal DEFAULT of a character column converts from the
 * (pinned utf8mb4) client character set: bytes that are not UTF-8 do not,
 * and MariaDB refuses the default (10.11.19: VARCHAR DEFAULT 'a\xFFb' is
 * 1067). Binary columns and _binary literals take any bytes.
 */
static bool text_literal_converts(const sc_ast_lit *l, const sc_column_def *d)
{
    const unsigned char *u = (const unsigned char *)l->text.s;
    size_t i = 0, c;

    if (l->kind != SC_AST_LIT_STRING || !sc_type__has_charset(d->type) ||
        (d->charset && strcasecmp(d->charset, "binary") == 0) ||
        (l->introducer && strcasecmp(l->introducer, "binary") == 0))
        return true;
    while (i < l->text.len && (c = sc_utf8_char_len(u + i, l->text.len - i)) > 0)
        i += c;
    return i == l->text.len;
}

static bool is_pi(const sc_expr *e)
{
    return e->kind == SC_AST_EXPR_FUNC && e->form == SC_AST_FUNC_PLAIN && !e->n_args &&
           !e->qual_db && strcasecmp(e->name, "pi") == 0;
}

/* pi() is a float constant in MariaDB (Item_static_float_func, which the
 * grammar negates in place), so DEFAULT (pi()) and DEFAULT (-pi()) are
 * stored as the literals their values are. */
static const sc_expr *constant_call(const sc_expr *e, sc_expr *lit)
{
    const sc_expr *p = e;
    bool neg = false;

    while (p->kind == SC_AST_EXPR_UNARY && p->op == SC_AST_OP_NEG) { /* - - pi() too */
        neg = !neg;
        p = p->args[0];
    }
    if (!is_pi(p))
        return e;
    memset(lit, 0, sizeof(*lit));
    lit->lit.negative = neg;
    lit->kind = SC_AST_EXPR_LITERAL;
    lit->lit.kind = SC_AST_LIT_FLOAT;
    lit->lit.text.s = "3.141592653589793";
    lit->lit.text.len = strlen(lit->lit.text.s);
    return lit;
}

/*
 * A TIMESTAMP literal default is a moment: MariaDB reads it in the session's
 * time_zone and keeps it in UTC (10.11.19: under time_zone '+02:00',
 * DEFAULT '2020-01-01 10:00:00' shows as '2020-01-01 08:00:00' in a '+00:00'
 * session). The catalog keeps it as UTC text. Zero dates are no moment.
 */
static const char *timestamp_to_utc(sc_exec *x, const char *v)
{
    char utc[40];
    const char *r = sc_show__timestamp_shift(utc, v, -x->s->time_zone_min);

    return r == v ? v : sc_exec__printf(x, "%s", utc);
}

/* A literal DEFAULT (not NULL): its canonical text kept in c, or MariaDB's
 * warning and 1067 when the column cannot store it. */
static int literal_default(sc_exec *x, sc_xcol *c, const sc_expr *e, bool expr)
{
    sc_column_def *d = &c->d;
    const char *text;
    bool is_string, converted;
    char *canon = NULL;
    sc_expr conv;
    int rc;

    memset(&conv, 0, sizeof(conv));
    if (!c->json) { /* into the column's character set first */
        rc = sc_exec__literal_to_column(x, &e->lit, d, &conv.lit, &converted);
        if (rc != SC_OK)
            return rc;
        if (converted) {
            conv.kind = SC_AST_EXPR_LITERAL;
            e = &conv;
        }
    }
    if (!text_literal_converts(&e->lit, d))
        return invalid_default(x, d->name);
    rc = literal_text(x, &e->lit, d, &text, &is_string);
    if (rc != SC_OK)
        return rc;
    if (!text || c->json) {
        if (!text)
            return invalid_default(x, d->name);
        d->default_kind = SC_DEFAULT_LITERAL;
        d->default_value = text;
        return SC_OK;
    }
    rc = sc_type__canon_default(&canon, x->ctx, d, text, is_string);
    if (rc == SC_ENOMEM)
        return rc;
    if (rc != SC_OK) {
        default_value_warning(x, d, text, expr);
        return invalid_default(x, d->name);
    }
    d->default_kind = SC_DEFAULT_LITERAL;
    d->default_value = sc_exec__strdup(x, canon);
    sc_free(x->ctx, canon);
    if (d->type == SC_TYPE_TIMESTAMP && d->default_value)
        d->default_value = timestamp_to_utc(x, d->default_value);
    if (!d->default_value)
        return SC_ENOMEM;
    if (d->type == SC_TYPE_DECIMAL && strtod(text, NULL) != strtod(d->default_value, NULL))
        sc_exec__warn(x, SC_ER_WARN_DATA_TRUNCATED, d->name, 0ul); /* rounded */
    if (zero_date_refused(x, d)) { /* a zero date string is out of range, a number cut */
        if (is_string)
            sc_exec__warning(x, SC_ER_WARN_DATA_OUT_OF_RANGE, d->name, 0ul);
        else
            sc_exec__warning(x, SC_ER_WARN_DATA_TRUNCATED, d->name, 0ul);
        return invalid_default(x, d->name);
    }
    return SC_OK;
}

int sc_exec__default_value_check(sc_exec *x, const sc_xcol *c, const sc_expr *lit)
{
    sc_xcol scratch = *c;

    return literal_default(x, &scratch, lit, true);
}

int sc_exec__column_default(sc_exec *x, sc_xcol *c, const sc_ast_column *ac)
{
    sc_column_def *d = &c->d;
    sc_expr pi;
    const sc_expr *e = ac->default_expr;

    if (!e)
        return SC_OK;
    e = constant_call(e, &pi);
    /* AUTO_INCREMENT takes DEFAULT NULL and ignores it, even NOT NULL or a key's */
    if ((d->flags & SC_COL_AUTO_INCREMENT) && e->kind == SC_AST_EXPR_LITERAL &&
        e->lit.kind == SC_AST_LIT_NULL)
        return SC_OK;
    if ((d->flags & SC_COL_AUTO_INCREMENT) || ac->generated != SC_AST_GEN_NONE)
        return invalid_default(x, d->name);
    if (e->kind == SC_AST_EXPR_LITERAL && e->lit.kind == SC_AST_LIT_NULL) {
        /* a column-level PRIMARY KEY is NOT NULL already for this check (1067) */
        if ((d->flags & SC_COL_NOT_NULL) || ac->key == SC_AST_COLKEY_PRIMARY)
            return invalid_default(x, d->name);
        d->default_kind = SC_DEFAULT_NULL;
        return SC_OK;
    }
    if (e->kind == SC_AST_EXPR_LITERAL && sc_type__is_blob(d->type) &&
        (is_number(&e->lit) || e->lit.introducer || e->lit.kind == SC_AST_LIT_HEX ||
         e->lit.kind == SC_AST_LIT_BIT)) {
        /* a TEXT or BLOB default is an expression: the number as it prints (007 is 7),
           _latin1'x', 0x41 and X'41' as written (10.11.19) */
        d->default_kind = SC_DEFAULT_EXPR;
        d->default_value = sc_exec__expr_text(x, e);
        return d->default_value ? SC_OK : SC_ENOMEM;
    }
    if (e->kind == SC_AST_EXPR_LITERAL)
        return literal_default(x, c, e, false);
    if (!ac->default_parens && is_now_func(e) &&
        (d->type == SC_TYPE_DATETIME || d->type == SC_TYPE_TIMESTAMP)) {
        /* the function takes the column's precision */
        d->default_kind = SC_DEFAULT_EXPR;
        d->default_value = now_default_text(x, d, e);
        return d->default_value ? SC_OK : SC_ENOMEM;
    }
    {
        const sc_expr *f = forbidden_node(e, SC_EXPR_STATEMENT | SC_EXPR_STORED);
        const char *text;
        if (has_subquery(e)) /* MariaDB names a subquery by this text */
            return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, "select ...",
                                "DEFAULT", d->name);
        if (f)
            return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED,
                                refused_text(x, f), "DEFAULT", d->name);
        text = sc_exec__expr_text(x, e);
        if (!text)
            return SC_ENOMEM;
        if (sc_ddl__expr_default_needs_parens(e))
            text = sc_exec__printf(x, "(%s)", text);
        d->default_kind = SC_DEFAULT_EXPR;
        d->default_value = text;
    }
    return SC_OK;
}

static const char *zero_timestamp(sc_exec *x, const sc_column_def *d)
{
    const char *base = d->type == SC_TYPE_DATE ? "0000-00-00" : "0000-00-00 00:00:00";
    if (d->scale && d->type != SC_TYPE_DATE)
        return sc_exec__printf(x, "%s.%.*s", base, (int)d->scale, "000000");
    return base;
}

/* NULL-ness and implicit defaults, MariaDB's TIMESTAMP rules included. */
static void column_nullness(sc_exec *x, sc_xtable *t, sc_xcol *c, const sc_ast_column *ac)
{
    sc_column_def *d = &c->d;
    bool ts = d->type == SC_TYPE_TIMESTAMP;

    if (ac->null_spec == SC_AST_NULL_NOT_NULL)
        d->flags |= SC_COL_NOT_NULL;
    if (ts && !x->s->explicit_defaults_for_timestamp && ac->null_spec == SC_AST_NULL_UNSPECIFIED)
        d->flags |= SC_COL_NOT_NULL;
    if (d->default_kind != SC_DEFAULT_NONE || ac->generated != SC_AST_GEN_NONE ||
        (d->flags & SC_COL_AUTO_INCREMENT))
        return;
    if (!(d->flags & SC_COL_NOT_NULL)) {
        d->default_kind = SC_DEFAULT_NULL;
        return;
    }
    if (!ts)
        return;
    /* with explicit_defaults_for_timestamp=OFF the defaults of NOT NULL
     * TIMESTAMPs depend on their final position: sc_exec__timestamp_defaults() */
    (void)t;
    if (d->on_update) {
        d->default_kind = SC_DEFAULT_LITERAL;
        d->default_value = zero_timestamp(x, d);
    }
}

/*
 * explicit_defaults_for_timestamp=OFF, on the final column list (MariaDB's
 * promote_first_timestamp_column()): the first TIMESTAMP column, when NOT
 * NULL without any default, becomes DEFAULT current_timestamp() ON UPDATE
 * current_timestamp(); every other NOT NULL TIMESTAMP without a default
 * gets the zero timestamp.
 */
void sc_exec__timestamp_defaults(sc_exec *x, sc_xtable *t)
{
    bool first = true;

    if (x->s->explicit_defaults_for_timestamp)
        return;
    for (size_t i = 0; i < t->n_cols; i++) {
        sc_column_def *d = &t->cols[i].d;
        bool bare;
        if (d->type != SC_TYPE_TIMESTAMP)
            continue;
        bare = (d->flags & SC_COL_NOT_NULL) && d->default_kind == SC_DEFAULT_NONE &&
               !d->on_update && d->generated == SC_GEN_NONE;
        if (first && bare) {
            d->default_kind = SC_DEFAULT_EXPR;
            d->default_value = now_text(x, d);
            d->on_update = d->default_value;
        } else if (bare) {
            d->default_kind = SC_DEFAULT_LITERAL;
            d->default_value = zero_timestamp(x, d);
        }
        first = false;
    }
}

/* 1901 for what GENERATED ALWAYS AS and then CHECK may not use, before any
 * DEFAULT error: the order of MariaDB's Column_definition::check. */
static int column_refusals(sc_exec *x, const sc_ast_column *ac)
{
    if (ac->generated != SC_AST_GEN_NONE) {
        unsigned mask = SC_EXPR_STORED;
        const sc_expr *f;
        if (ac->generated == SC_AST_GEN_STORED)
            mask |= SC_EXPR_TIME | SC_EXPR_NONDET;
        if ((f = forbidden_node(ac->gen_expr, mask)) != NULL)
            return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED,
                                refused_text(x, f), "GENERATED ALWAYS AS", ac->name);
    }
    return ac->check ? sc_exec__check_expr_allowed(x, ac->check, ac->name) : SC_OK;
}

int sc_exec__column(sc_exec *x, sc_xtable *t, sc_xcol *c, const sc_ast_column *ac)
{
    sc_column_def *d = &c->d;
    int rc;

    memset(d, 0, sizeof(*d));
    rc = sc_exec__check_column_name(x, ac->name);
    if (rc == SC_OK)
        rc = sc_exec__sequence_refs(x, ac);
    if (rc != SC_OK)
        return rc;
    d->name = ac->name;
    rc = column_type(x, t, c, ac);
    if (rc != SC_OK)
        return rc;
    if (ac->serial) {
        d->flags |= SC_COL_NOT_NULL | SC_COL_AUTO_INCREMENT | SC_COL_UNSIGNED;
    }
    if (ac->serial_default_value)
        d->flags |= SC_COL_NOT_NULL | SC_COL_AUTO_INCREMENT;
    if (ac->auto_increment) {
        if (!sc_type__is_integer(d->type) && d->type != SC_TYPE_FLOAT && d->type != SC_TYPE_DOUBLE)
            return sc_exec__err(x, SC_ER_WRONG_FIELD_SPEC, d->name);
        d->flags |= SC_COL_AUTO_INCREMENT;
    }
    if (ac->invisible)
        d->flags |= SC_COL_INVISIBLE;
    if (ac->compressed)
        d->flags |= SC_COL_COMPRESSED;
    if (ac->null_spec == SC_AST_NULL_NOT_NULL || (d->flags & SC_COL_AUTO_INCREMENT))
        d->flags |= SC_COL_NOT_NULL;
    if (ac->on_update) {
        /* ON UPDATE NOW(n) needs n >= the column's precision (none: the column's) */
        if ((d->type != SC_TYPE_TIMESTAMP && d->type != SC_TYPE_DATETIME) ||
            (is_now_func(ac->on_update) && now_precision(ac->on_update) >= 0 &&
             (unsigned)now_precision(ac->on_update) < d->scale))
            return sc_exec__err(x, SC_ER_INVALID_ON_UPDATE, d->name);
        d->on_update =
            is_now_func(ac->on_update) ? now_text(x, d) : sc_exec__expr_text(x, ac->on_update);
        if (!d->on_update)
            return SC_ENOMEM;
    }
    if ((rc = column_refusals(x, ac)) != SC_OK)
        return rc;
    rc = sc_exec__column_default(x, c, ac);
    if (rc != SC_OK)
        return rc;
    if (ac->generated != SC_AST_GEN_NONE) {
        d->generated = ac->generated == SC_AST_GEN_STORED ? SC_GEN_STORED : SC_GEN_VIRTUAL;
        d->generation_expr = sc_exec__expr_text(x, ac->gen_expr);
        if (!d->generation_expr)
            return SC_ENOMEM;
        d->flags &= ~SC_COL_NOT_NULL;
    }
    column_nullness(x, t, c, ac);
    if (ac->comment) {
        const char *cm;
        if ((rc = sc_exec__comment_limit(x, &cm, ac->comment->s, 1024, 1629, d->name)) != SC_OK)
            return rc;
        d->comment = *cm ? sc_exec__utf8mb3_text(x, cm) : NULL;
    }
    if (ac->check) {
        d->check_expr = sc_exec__expr_text(x, ac->check);
        if (!d->check_expr)
            return SC_ENOMEM;
    }
    if (c->json && !d->check_expr) /* a user CHECK replaces the implicit one */
        d->check_expr = sc_exec__printf(x, "json_valid(`%s`)", d->name);
    sc_exec__period_column(c, ac);
    return SC_OK;
}

/* Validate expressions that reference columns (generated columns, checks). */
/* A column an expression uses that is not initialised yet: itself, or (for
 * generated columns) a generated column after it (4029). */
static const char *
uninitialized_ref(const sc_xtable *t, const sc_expr *e, const char *self, bool generated)
{
    const char *u;
    long me = sc_xtable__col_pos(t, self);

    if (!e)
        return NULL;
    if (e->kind == SC_AST_EXPR_COLUMN) {
        long pos = sc_xtable__col_pos(t, e->name);
        if (pos == me)
            return t->cols[pos].d.name;
        if (generated && pos > me && t->cols[pos].d.generated != SC_GEN_NONE)
            return t->cols[pos].d.name;
        return NULL;
    }
    for (size_t i = 0; i < e->n_args; i++)
        if ((u = uninitialized_ref(t, e->args[i], self, generated)) != NULL)
            return u;
    if ((u = uninitialized_ref(t, e->case_operand, self, generated)) != NULL)
        return u;
    return uninitialized_ref(t, e->case_else, self, generated);
}

/* The AUTO_INCREMENT column an expression uses, or NULL (MariaDB: 1901). */
static const char *auto_increment_ref(const sc_xtable *t, const sc_expr *e)
{
    const char *u;

    if (!e)
        return NULL;
    if (e->kind == SC_AST_EXPR_COLUMN) {
        const sc_xcol *c = sc_xtable__find_col(t, e->name);
        return c && (c->d.flags & SC_COL_AUTO_INCREMENT) ? c->d.name : NULL;
    }
    for (size_t i = 0; i < e->n_args; i++)
        if ((u = auto_increment_ref(t, e->args[i])) != NULL)
            return u;
    if ((u = auto_increment_ref(t, e->case_operand)) != NULL)
        return u;
    return auto_increment_ref(t, e->case_else);
}

/*
 * The character set of an operand where it is certain without evaluating:
 * an introducer's, binary for hex and bit literals, a character or byte
 * string column's, a COLLATE's. NULL for anything else (numbers, plain
 * strings and functions take the connection's character set, utf8mb4).
 */
static const char *cast_charset(const sc_ast_type *ty)
{
    const sc_charset_info *cs;

    if (!ty)
        return NULL;
    if (ty->kind == SC_AST_TYPE_BINARY)
        return "binary";
    if (ty->kind != SC_AST_TYPE_CHAR)
        return NULL;
    if (ty->national)
        return "utf8mb3";
    return ty->charset && (cs = sc_charset__find(ty->charset)) != NULL ? cs->name : NULL;
}

/* String functions whose result has their first argument's character set. */
static bool keeps_charset(const sc_expr *e)
{
    static const char *const names[] = {
        "substring", "substr", "mid",  "left",  "right", "lpad",   "rpad",    "upper",   "ucase",
        "lower",     "lcase",  "trim", "ltrim", "rtrim", "repeat", "reverse", "replace",
    };

    if (!e->name || e->qual_db)
        return false;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcasecmp(e->name, names[i]) == 0)
            return true;
    return false;
}

static const char *certain_charset(const sc_xtable *t, const sc_expr *e)
{
    const sc_xcol *c;
    const sc_collation_info *coll;
    const sc_charset_info *cs;

    switch (e->kind) {
    case SC_AST_EXPR_LITERAL:
        if (e->lit.introducer)
            return (cs = sc_charset__find(e->lit.introducer)) ? cs->name : NULL;
        return e->lit.kind == SC_AST_LIT_HEX || e->lit.kind == SC_AST_LIT_BIT ? "binary" : NULL;
    case SC_AST_EXPR_COLUMN: {
        /* a view's column resolved to its definition, or one of the table being made */
        const sc_column_def *d = e->r_col;
        if (!d && t && (c = sc_xtable__find_col(t, e->name)) != NULL)
            d = &c->d;
        if (!d)
            return NULL;
        if (sc_type__is_binary(d->type))
            return "binary";
        return sc_type__has_charset(d->type) && d->charset &&
                       (cs = sc_charset__find(d->charset)) != NULL
                   ? cs->name
                   : NULL;
    }
    case SC_AST_EXPR_COLLATE:
        return (coll = sc_charset__collation_find(e->name)) ? coll->charset : NULL;
    case SC_AST_EXPR_CONVERT_USING:
        return e->name && (cs = sc_charset__find(e->name)) != NULL ? cs->name : NULL;
    case SC_AST_EXPR_CAST:
        return cast_charset(e->cast_type);
    case SC_AST_EXPR_FUNC:
        return e->n_args && keeps_charset(e) ? certain_charset(t, e->args[0]) : NULL;
    default:
        return NULL;
    }
}

static bool refers_to_column(const sc_expr *e)
{
    if (!e)
        return false;
    if (e->kind == SC_AST_EXPR_COLUMN)
        return true;
    for (size_t i = 0; i < e->n_args; i++)
        if (refers_to_column(e->args[i]))
            return true;
    return refers_to_column(e->case_operand) || refers_to_column(e->case_else);
}

/* An ESCAPE MariaDB refuses (1210): not constant, or a constant of more than
 * one character (a number counts its printed digits and sign). */
static bool bad_escape(const sc_expr *e)
{
    char num[64];
    bool neg = false;

    if (refers_to_column(e))
        return true;
    if (e->kind == SC_AST_EXPR_UNARY && e->op == SC_AST_OP_NEG && e->n_args == 1) {
        neg = true; /* -1 is two characters */
        e = e->args[0];
    }
    if (e->kind != SC_AST_EXPR_LITERAL)
        return false;
    neg = neg || e->lit.negative;
    switch (e->lit.kind) {
    case SC_AST_LIT_STRING:
        return !neg && sc_charset__utf8_chars(e->lit.text.s ? e->lit.text.s : "") > 1;
    case SC_AST_LIT_INT: { /* printed as a number: 007 is "7", -0 is "0" */
        size_t zeros = strspn(e->lit.text.s, "0");
        size_t digits = zeros < e->lit.text.len ? e->lit.text.len - zeros : 1;
        return digits + (neg && zeros < e->lit.text.len ? 1 : 0) > 1;
    }
    case SC_AST_LIT_DECIMAL: /* 5. is "5"; 1.5 and .5 have a point and digits on both sides */
        return e->lit.text.len != 2 || e->lit.text.s[1] != '.' || neg;
    case SC_AST_LIT_FLOAT: /* printed as a double: 1e0 is "1", 1e3 "1000" */
        snprintf(num, sizeof(num), "%.15g", strtod(e->lit.text.s ? e->lit.text.s : "0", NULL));
        return strlen(num) + (neg ? 1 : 0) > 1;
    case SC_AST_LIT_HEX:
        return e->lit.text.len > 2;
    default:
        return false;
    }
}

/*
 * What MariaDB's fix_fields refuses in a column's or table's expression once
 * its columns resolve: a COLLATE whose collation is not of the operand's
 * character set (1253), a LIKE ... ESCAPE that is not one constant character
 * (1210). Operands first, as Item::fix_fields runs.
 */
int sc_exec__fix_expr(sc_exec *x, const sc_xtable *t, const sc_expr *e)
{
    if (!e)
        return SC_OK;
    for (size_t i = 0; i < e->n_args; i++)
        SC_TRY(sc_exec__fix_expr(x, t, e->args[i]));
    SC_TRY(sc_exec__fix_expr(x, t, e->case_operand));
    SC_TRY(sc_exec__fix_expr(x, t, e->case_else));
    return sc_exec__fix_node(x, t, e);
}

int sc_exec__fix_node(sc_exec *x, const sc_xtable *t, const sc_expr *e)
{
    const sc_collation_info *coll;
    const char *cs;

    if (e->kind == SC_AST_EXPR_COLLATE && e->n_args == 1 &&
        (coll = sc_charset__collation_find(e->name)) != NULL &&
        (cs = certain_charset(t, e->args[0])) != NULL && strcmp(cs, coll->charset) != 0)
        return sc_exec__err(x, SC_ER_COLLATION_CHARSET_MISMATCH, coll->name, cs);
    if (e->kind == SC_AST_EXPR_LIKE && e->n_args == 3 && bad_escape(e->args[2]))
        return sc_exec__err(x, SC_ER_WRONG_ARGUMENTS, "ESCAPE");
    return SC_OK;
}

int sc_exec__unknown_in_expr(sc_exec *x, const char *col, const char *clause, const sc_expr *e)
{
    int rc = sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, col, clause);

    /* the new table cannot be opened: MariaDB adds Error 4027 with the text */
    sc_exec__error_row(x, SC_ER_ERROR_EVALUATING_EXPRESSION, sc_exec__expr_text(x, e));
    return rc;
}

int sc_exec__fix_stored_expr(sc_exec *x, const sc_xtable *t, const sc_expr *e)
{
    int rc = sc_exec__fix_expr(x, t, e);

    if (rc == SC_ESQL) /* the table cannot be opened: MariaDB adds Error 4027 */
        sc_exec__error_row(x, SC_ER_ERROR_EVALUATING_EXPRESSION, sc_exec__expr_text(x, e));
    return rc;
}

/* The column's name as the table spells it (for messages), else as the statement does. */
static const char *self_name(const sc_xtable *t, const sc_ast_column *ac)
{
    const sc_xcol *c = sc_xtable__find_col(t, ac->name);

    return c ? c->d.name : ac->name;
}

bool sc_exec__column_has_exprs(const sc_ast_column *ac)
{
    return ac->generated != SC_AST_GEN_NONE || ac->check ||
           (ac->default_expr && ac->default_parens);
}

int sc_exec__check_column_refs(sc_exec *x, const sc_xtable *t, const sc_ast_column *ac)
{
    const char *u;

    /* deferred: sc_exec__deferred_refs; no expression: nothing below can fail */
    if (t->defer_refs || !sc_exec__column_has_exprs(ac))
        return SC_OK;
    if (ac->generated != SC_AST_GEN_NONE && (u = sc_exec__unknown_column(t, ac->gen_expr)) != NULL)
        return sc_exec__unknown_in_expr(x, u, "GENERATED ALWAYS AS", ac->gen_expr);
    if (ac->check && (u = sc_exec__unknown_column(t, ac->check)) != NULL)
        return sc_exec__unknown_in_expr(x, u, "CHECK", ac->check);
    if (ac->default_expr && ac->default_parens &&
        (u = sc_exec__unknown_column(t, ac->default_expr)))
        return sc_exec__unknown_in_expr(x, u, "DEFAULT", ac->default_expr);
    if (sc_exec__fix_stored_expr(x, t, ac->generated != SC_AST_GEN_NONE ? ac->gen_expr : NULL) !=
            SC_OK ||
        sc_exec__fix_stored_expr(x, t, ac->check) != SC_OK ||
        sc_exec__fix_expr(x, t, ac->default_parens ? ac->default_expr : NULL) != SC_OK)
        return SC_ESQL;
    if ((ac->generated == SC_AST_GEN_STORED && (u = auto_increment_ref(t, ac->gen_expr)) != NULL) ||
        (ac->default_expr && ac->default_parens &&
         (u = auto_increment_ref(t, ac->default_expr)) != NULL))
        return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, "AUTO_INCREMENT",
                            ac->generated != SC_AST_GEN_NONE ? "GENERATED ALWAYS AS" : "DEFAULT",
                            u);
    if ((ac->generated != SC_AST_GEN_NONE &&
         (u = uninitialized_ref(t, ac->gen_expr, ac->name, true)) != NULL) ||
        (ac->default_expr && ac->default_parens &&
         (u = uninitialized_ref(t, ac->default_expr, ac->name, false)) != NULL))
        return sc_exec__err(x, SC_ER_EXPRESSION_REFERS_TO_UNINIT_FIELD, self_name(t, ac), u);
    return SC_OK;
}
