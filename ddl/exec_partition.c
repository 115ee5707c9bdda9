/*
 * exec_partition.c - PARTITION BY of CREATE/ALTER TABLE and the partition
 * commands of ALTER TABLE, with MariaDB 10.11's checks and errors
 * (sql/partition_info.cc check_partition_info, sql_partition.cc
 * prep_alter_part_table). The result is t->part: the scheme plus one entry
 * per partition and subpartition in print order, every text as SHOW CREATE
 * TABLE prints it (ddl/partition.h). Partition ids are kept for partitions
 * that survive an ALTER (the catalog gives new ones an id).
 *
 * Values of RANGE/LIST partitions are constant integer expressions that
 * MariaDB evaluates and prints as numbers: literals, + - * DIV MOD, unary
 * minus, and TO_DAYS/TO_SECONDS/YEAR/UNIX_TIMESTAMP of a date literal are
 * evaluated here; other constant forms get 1235 (not supported) rather than
 * a wrong value. COLUMNS partitions keep their literals as printed.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/expr.h"
#include "ddl/expr_walk.h"
#include "ddl/partition.h"
#include "ddl/types.h"

#define MAX_PARTITIONS 8192 /* MariaDB's MAX_PARTITIONS, subpartitions included */

/* ------------------------------------------------------------------ */
/* The mutable partition list                                           */

typedef struct plist {
    sc_partition_def *v;
    size_t n, cap;
} plist;

static sc_partition_def *plist_add(sc_exec *x, plist *l)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        sc_partition_def *grown = sc_exec__alloc(x, cap * sizeof(*grown));
        if (!grown)
            return NULL;
        if (l->n)
            memcpy(grown, l->v, l->n * sizeof(*grown));
        l->v = grown;
        l->cap = cap;
    }
    memset(&l->v[l->n], 0, sizeof(l->v[0]));
    return &l->v[l->n++];
}

sc_partitioning_def *sc_exec__partition_copy(sc_exec *x, const sc_partitioning_def *src)
{
    sc_partitioning_def *pt;
    sc_partition_def *parts;

    if (!src)
        return NULL;
    pt = sc_exec__alloc(x, sizeof(*pt));
    parts = sc_exec__alloc(x, (src->n_parts + 1) * sizeof(*parts));
    if (!pt || !parts)
        return NULL;
    *pt = *src;
    pt->expr = sc_exec__strdup(x, src->expr ? src->expr : "");
    pt->sub_expr = sc_exec__strdup(x, src->sub_expr);
    pt->system_time = sc_exec__strdup(x, src->system_time);
    for (size_t i = 0; i < src->n_parts; i++) {
        parts[i] = src->parts[i];
        parts[i].name = sc_exec__strdup(x, parts[i].name);
        parts[i].values = sc_exec__strdup(x, parts[i].values);
        parts[i].options = sc_exec__strdup(x, parts[i].options);
        parts[i].engine = sc_exec__strdup(x, parts[i].engine);
    }
    pt->parts = parts;
    return pt;
}

/* Top-level partitions of pt (subpartitions not counted). */
static size_t n_top(const sc_partitioning_def *pt)
{
    size_t n = 0;

    for (size_t i = 0; i < pt->n_parts; i++)
        n += !pt->parts[i].sub;
    return n;
}

/* Index in pt->parts of the top-level partition named name (any case), or -1. */
static long find_top(const sc_partitioning_def *pt, const char *name)
{
    for (size_t i = 0; i < pt->n_parts; i++)
        if (!pt->parts[i].sub && strcasecmp(pt->parts[i].name, name) == 0)
            return (long)i;
    return -1;
}

/* The partition (with its subpartitions) that starts at index i: its length. */
static size_t span(const sc_partitioning_def *pt, size_t i)
{
    size_t j = i + 1;

    while (j < pt->n_parts && pt->parts[j].sub)
        j++;
    return j - i;
}

/* ------------------------------------------------------------------ */
/* Constant values                                                      */

typedef struct pval {
    bool max;         /* MAXVALUE */
    bool null;        /* NULL */
    bool is_int;      /* i holds the value */
    long long i;      /* integer value */
    const char *text; /* as printed */
} pval;

/* MariaDB's calc_daynr(): the day number TO_DAYS gives (day 1 is 0000-01-01;
 * its year 0 is not a leap year, unlike the proleptic calendar). */
static long long day_number(long long y, long long m, long long d)
{
    long long delsum;

    if (y == 0 && m == 0)
        return 0;
    delsum = 365 * y + 31 * (m - 1) + d;
    if (m <= 2)
        y--;
    else
        delsum -= (m * 4 + 23) / 10;
    return delsum + y / 4 - ((y / 100 + 1) * 3) / 4;
}

/* The parts of 'YYYY-MM-DD[ HH:MM:SS]'. */
typedef struct dt {
    int y, mo, d, h, mi, se;
    long long days; /* since 0000-00-00, as TO_DAYS counts */
} dt;

static bool parse_dt(const char *s, dt *out)
{
    int n;

    memset(out, 0, sizeof(*out));
    n = sscanf(s, "%d-%d-%d %d:%d:%d", &out->y, &out->mo, &out->d, &out->h, &out->mi, &out->se);
    if (n < 3 || out->mo < 1 || out->mo > 12 || out->d < 1 || out->d > 31)
        return false;
    out->days = day_number(out->y, out->mo, out->d);
    return true;
}

/*
 * A constant of a partition's VALUES: an integer, a number of another type
 * (DECIMAL/DOUBLE: 1697 unless CEILING/FLOOR make it one), a string (the
 * date functions' argument) or NULL. MariaDB evaluates them with the
 * partitioning function's whitelist (1564, checked first), BIGINT overflow
 * is 1690, a division by zero is NULL.
 */
typedef enum cv_kind { CV_NULL, CV_INT, CV_NUM, CV_STR, CV_OTHER } cv_kind;

typedef struct cval {
    cv_kind kind;
    long long i;   /* CV_INT */
    double d;      /* CV_NUM */
    const char *s; /* CV_STR */
} cval;

static int eval_const(sc_exec *x, const sc_expr *e, cval *out);

static int not_evaluated(sc_exec *x)
{
    return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, "this partition value expression");
}

static int out_of_range(sc_exec *x, const sc_expr *e)
{
    const char *t = sc_exec__expr_text(x, e);
    return t ? sc_exec__err(x, SC_ER_DATA_OUT_OF_RANGE, "BIGINT", t) : SC_ENOMEM;
}

static double as_num(const cval *v)
{
    return v->kind == CV_INT ? (double)v->i : v->kind == CV_STR ? strtod(v->s, NULL) : v->d;
}

/* A double that must become a BIGINT (CEILING, FLOOR, DIV of decimals). */
static int to_int(sc_exec *x, const sc_expr *e, double d, cval *out)
{
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
        return out_of_range(x, e);
    out->kind = CV_INT;
    out->i = (long long)d;
    return SC_OK;
}

static int
eval_arith(sc_exec *x, const sc_expr *e, sc_ast_op op, const cval *a, const cval *b, cval *out)
{
    bool ints = a->kind == CV_INT && b->kind == CV_INT;
    double da = as_num(a), db = as_num(b);

    if (a->kind == CV_NULL || b->kind == CV_NULL) {
        out->kind = CV_NULL;
        return SC_OK;
    }
    if (a->kind == CV_OTHER || b->kind == CV_OTHER)
        return not_evaluated(x);
    out->kind = ints ? CV_INT : CV_NUM;
    switch (op) {
    case SC_AST_OP_ADD:
        if (ints && __builtin_add_overflow(a->i, b->i, &out->i))
            return out_of_range(x, e);
        out->d = da + db;
        return SC_OK;
    case SC_AST_OP_SUB:
        if (ints && __builtin_sub_overflow(a->i, b->i, &out->i))
            return out_of_range(x, e);
        out->d = da - db;
        return SC_OK;
    case SC_AST_OP_MUL:
        if (ints && __builtin_mul_overflow(a->i, b->i, &out->i))
            return out_of_range(x, e);
        out->d = da * db;
        return SC_OK;
    case SC_AST_OP_INTDIV:
        if (db == 0) {
            sc_exec__warning(x, SC_ER_DIVISION_BY_ZERO);
            out->kind = CV_NULL;
            return SC_OK;
        }
        if (!ints)
            return to_int(x, e, trunc(da / db), out);
        if (a->i == LLONG_MIN && b->i == -1)
            return out_of_range(x, e);
        out->i = a->i / b->i;
        return SC_OK;
    case SC_AST_OP_MOD:
        if (db == 0) {
            sc_exec__warning(x, SC_ER_DIVISION_BY_ZERO);
            out->kind = CV_NULL;
            return SC_OK;
        }
        if (ints)
            out->i = b->i == -1 ? 0 : a->i % b->i;
        out->d = fmod(da, db);
        return SC_OK;
    default:
        return not_evaluated(x);
    }
}

/* The date functions of the whitelist, on a date/datetime string. */
static int eval_date_func(sc_exec *x, const sc_expr *e, cval *out)
{
    static const char *const one_arg[] = {"to_days", "to_seconds", "year",       "unix_timestamp",
                                          "month",   "day",        "dayofmonth", "dayofyear",
                                          "quarter", "weekday",    "dayofweek",  "hour",
                                          "minute",  "second",     "microsecond"};
    const char *f = e->name;
    cval a, b;
    dt t, u;
    long long wd;
    int rc;

    if (strcasecmp(f, "datediff") == 0 && e->n_args == 2) {
        if ((rc = eval_const(x, e->args[0], &a)) || (rc = eval_const(x, e->args[1], &b)))
            return rc;
        if (a.kind != CV_STR || b.kind != CV_STR)
            return a.kind == CV_NULL || b.kind == CV_NULL ? (out->kind = CV_NULL, SC_OK)
                                                          : not_evaluated(x);
        out->kind = parse_dt(a.s, &t) && parse_dt(b.s, &u) ? CV_INT : CV_NULL;
        out->i = t.days - u.days;
        return SC_OK;
    }
    {
        bool known = false;
        for (size_t i = 0; i < sizeof(one_arg) / sizeof(one_arg[0]); i++)
            known = known || strcasecmp(f, one_arg[i]) == 0;
        if (!known || e->n_args != 1)
            return not_evaluated(x);
    }
    if ((rc = eval_const(x, e->args[0], &a)) != SC_OK)
        return rc;
    if (a.kind == CV_NULL) {
        out->kind = CV_NULL;
        return SC_OK;
    }
    if (a.kind != CV_STR)
        return not_evaluated(x);
    if (!parse_dt(a.s, &t)) { /* MariaDB: NULL, with a warning */
        sc_exec__warning(x, SC_ER_TRUNCATED_WRONG_VALUE_NO_FIELD, "datetime", a.s);
        out->kind = CV_NULL;
        return SC_OK;
    }
    out->kind = CV_INT;
    wd = (t.days + 5) % 7; /* calc_weekday(): Monday = 0 */
    if (strcasecmp(f, "to_days") == 0)
        out->i = t.days;
    else if (strcasecmp(f, "to_seconds") == 0)
        out->i = t.days * 86400 + t.h * 3600LL + t.mi * 60 + t.se;
    else if (strcasecmp(f, "year") == 0)
        out->i = t.y;
    else if (strcasecmp(f, "unix_timestamp") == 0) /* in the pinned UTC time zone */
        out->i = (t.days - 719528) * 86400 + t.h * 3600LL + t.mi * 60 + t.se;
    else if (strcasecmp(f, "month") == 0)
        out->i = t.mo;
    else if (strcasecmp(f, "day") == 0 || strcasecmp(f, "dayofmonth") == 0)
        out->i = t.d;
    else if (strcasecmp(f, "dayofyear") == 0)
        out->i = t.days - day_number(t.y, 1, 1) + 1;
    else if (strcasecmp(f, "quarter") == 0)
        out->i = (t.mo + 2) / 3;
    else if (strcasecmp(f, "weekday") == 0)
        out->i = wd;
    else if (strcasecmp(f, "dayofweek") == 0) /* Sunday = 1 */
        out->i = (wd + 1) % 7 + 1;
    else if (strcasecmp(f, "hour") == 0)
        out->i = t.h;
    else if (strcasecmp(f, "minute") == 0)
        out->i = t.mi;
    else if (strcasecmp(f, "second") == 0)
        out->i = t.se;
    else /* microsecond: the strings we read carry none */
        out->i = 0;
    return SC_OK;
}

static int eval_func(sc_exec *x, const sc_expr *e, cval *out)
{
    const char *f = e->name;
    cval a, b;
    int rc;

    if (strcasecmp(f, "mod") == 0 && e->n_args == 2) {
        if ((rc = eval_const(x, e->args[0], &a)) || (rc = eval_const(x, e->args[1], &b)))
            return rc;
        return eval_arith(x, e, SC_AST_OP_MOD, &a, &b, out);
    }
    if ((strcasecmp(f, "abs") == 0 || strcasecmp(f, "ceiling") == 0 || strcasecmp(f, "ceil") == 0 ||
         strcasecmp(f, "floor") == 0) &&
        e->n_args == 1) {
        if ((rc = eval_const(x, e->args[0], &a)) != SC_OK)
            return rc;
        if (a.kind == CV_NULL || a.kind == CV_OTHER) {
            out->kind = CV_NULL;
            return a.kind == CV_NULL ? SC_OK : not_evaluated(x);
        }
        if (strcasecmp(f, "abs") == 0) {
            if (a.kind == CV_INT && a.i == LLONG_MIN)
                return out_of_range(x, e);
            out->kind = a.kind == CV_INT ? CV_INT : CV_NUM;
            out->i = a.i < 0 ? -a.i : a.i;
            out->d = fabs(as_num(&a));
            return SC_OK;
        }
        if (a.kind == CV_INT) {
            *out = a;
            return SC_OK;
        }
        return to_int(x, e, strcasecmp(f, "floor") == 0 ? floor(as_num(&a)) : ceil(as_num(&a)),
                      out);
    }
    return eval_date_func(x, e, out);
}

static int eval_const(sc_exec *x, const sc_expr *e, cval *out)
{
    int rc;

    memset(out, 0, sizeof(*out));
    if (e->kind == SC_AST_EXPR_LITERAL) {
        switch (e->lit.kind) {
        case SC_AST_LIT_NULL:
            out->kind = CV_NULL;
            return SC_OK;
        case SC_AST_LIT_INT:
        case SC_AST_LIT_BOOL:
            errno = 0;
            out->kind = CV_INT;
            out->i = strtoll(e->lit.text.s, NULL, 10);
            if (errno == ERANGE && e->lit.negative &&
                strcmp(e->lit.text.s, "9223372036854775808") == 0) {
                out->i = LLONG_MIN; /* the one value whose magnitude is above BIGINT */
                return SC_OK;
            }
            if (errno == ERANGE) /* above BIGINT: an unsigned value we do not order */
                return not_evaluated(x);
            if (e->lit.negative)
                out->i = -out->i;
            return SC_OK;
        case SC_AST_LIT_DECIMAL:
        case SC_AST_LIT_FLOAT:
            out->kind = CV_NUM;
            out->d = strtod(e->lit.text.s, NULL);
            if (e->lit.negative)
                out->d = -out->d;
            return SC_OK;
        case SC_AST_LIT_STRING:
        case SC_AST_LIT_DATE:
        case SC_AST_LIT_TIMESTAMP:
        case SC_AST_LIT_TIME:
            out->kind = CV_STR;
            out->s = e->lit.text.s ? e->lit.text.s : "";
            return SC_OK;
        default: /* X'..', B'..': binary strings */
            out->kind = CV_OTHER;
            return SC_OK;
        }
    }
    if (e->kind == SC_AST_EXPR_UNARY && e->op == SC_AST_OP_NEG) {
        const sc_expr *a = e->args[0];
        if (a->kind == SC_AST_EXPR_LITERAL && a->lit.kind == SC_AST_LIT_INT && !a->lit.negative &&
            strcmp(a->lit.text.s, "9223372036854775808") == 0) {
            out->kind = CV_INT; /* the one value whose magnitude is above BIGINT */
            out->i = LLONG_MIN;
            return SC_OK;
        }
        if ((rc = eval_const(x, e->args[0], out)) != SC_OK)
            return rc;
        if (out->kind == CV_INT && out->i == LLONG_MIN)
            return out_of_range(x, e);
        out->i = -out->i;
        out->d = -as_num(out);
        if (out->kind == CV_STR)
            out->kind = CV_NUM;
        return SC_OK;
    }
    if (e->kind == SC_AST_EXPR_BINARY) {
        cval a, b;
        if ((rc = eval_const(x, e->args[0], &a)) || (rc = eval_const(x, e->args[1], &b)))
            return rc;
        return eval_arith(x, e, e->op, &a, &b, out);
    }
    if (e->kind == SC_AST_EXPR_FUNC && e->name && strcasecmp(e->name, "pi") == 0 && !e->n_args) {
        out->kind = CV_NUM; /* a DOUBLE constant to MariaDB, not a function */
        out->d = 3.141592653589793;
        return SC_OK;
    }
    if (e->kind == SC_AST_EXPR_FUNC && e->name)
        return eval_func(x, e, out);
    return not_evaluated(x);
}

static int check_func_allowed(sc_exec *x, const sc_expr *e);

/* The value of a RANGE/LIST (not COLUMNS) expression: 1564, then an
 * integer, NULL (*null) or 1697 for a value of another type. */
static int
eval_int_value(sc_exec *x, const sc_expr *e, const char *pname, long long *out, bool *null)
{
    cval v;
    int rc;

    if ((rc = check_func_allowed(x, e)) != SC_OK || (rc = eval_const(x, e, &v)) != SC_OK)
        return rc;
    *null = v.kind == CV_NULL;
    if (v.kind != CV_INT && v.kind != CV_NULL)
        return sc_exec__err(x, SC_ER_VALUES_IS_NOT_INT_TYPE_ERROR, pname);
    *out = v.i;
    return SC_OK;
}

static bool is_string_value(const sc_expr *e)
{
    return e->kind == SC_AST_EXPR_LITERAL &&
           (e->lit.kind == SC_AST_LIT_STRING || e->lit.kind == SC_AST_LIT_DATE ||
            e->lit.kind == SC_AST_LIT_TIMESTAMP || e->lit.kind == SC_AST_LIT_TIME ||
            e->lit.kind == SC_AST_LIT_DECIMAL || e->lit.kind == SC_AST_LIT_FLOAT);
}

/* One value of a partition's list under pt (COLUMNS: column type decides printing). */
static int eval_value(sc_exec *x, pval *v, const sc_expr *e, bool columns, const char *pname)
{
    int rc;

    memset(v, 0, sizeof(*v));
    if (!e) {
        v->max = true;
        v->text = "MAXVALUE";
        return SC_OK;
    }
    if (columns) {
        v->text = sc_exec__expr_text(x, e);
        if (!v->text)
            return SC_ENOMEM;
        v->null = e->kind == SC_AST_EXPR_LITERAL && e->lit.kind == SC_AST_LIT_NULL;
        if (e->kind == SC_AST_EXPR_LITERAL &&
            (e->lit.kind == SC_AST_LIT_DATE || e->lit.kind == SC_AST_LIT_TIME ||
             e->lit.kind == SC_AST_LIT_TIMESTAMP)) { /* DATE'x' is stored as the string 'x' */
            sc_buf q = SC_BUF_INIT(x->ctx);
            sc_ddl__quote_string(&q, e->lit.text.s, e->lit.text.len);
            v->text = q.failed ? NULL : sc_exec__strdup(x, q.text ? q.text : "");
            sc__buf_free(&q);
            return v->text ? SC_OK : SC_ENOMEM;
        }
        if (!v->null && !is_string_value(e)) {
            cval c;
            if (eval_const(x, e, &c) == SC_OK && c.kind == CV_INT) {
                v->is_int = true;
                v->i = c.i;
                if (e->kind !=
                    SC_AST_EXPR_LITERAL) /* MariaDB keeps the value, not the expression */
                    v->text = sc_exec__printf(x, "%lld", c.i);
            }
        }
        sc_ctx_clear_error(x->ctx);
        return SC_OK;
    }
    if ((rc = eval_int_value(x, e, pname, &v->i, &v->null)) != SC_OK)
        return rc;
    v->is_int = !v->null;
    v->text = v->null ? "NULL" : sc_exec__printf(x, "%lld", v->i);
    return v->text ? SC_OK : SC_ENOMEM;
}

/* <0, 0, >0 as a < b; MAXVALUE is above everything. */
static int pval_cmp(const pval *a, const pval *b)
{
    if (a->max || b->max)
        return a->max - b->max;
    if (a->is_int && b->is_int)
        return a->i < b->i ? -1 : a->i > b->i;
    return strcmp(a->text, b->text);
}

/* ------------------------------------------------------------------ */
/* Building partitions from the syntax tree                             */

static bool is_columns(sc_part_type t)
{
    return t == SC_PART_RANGE_COLUMNS || t == SC_PART_LIST_COLUMNS;
}

static bool is_range(sc_part_type t)
{
    return t == SC_PART_RANGE || t == SC_PART_RANGE_COLUMNS;
}

static bool is_list(sc_part_type t)
{
    return t == SC_PART_LIST || t == SC_PART_LIST_COLUMNS;
}

/* The COLUMNS list text of pt ("`a`,`b`"), NULL for other types. */
static const char *cols_of(const sc_partitioning_def *pt)
{
    return is_columns(pt->type) ? pt->expr : NULL;
}

/* "VALUES LESS THAN (..)" / "VALUES IN (..)" text of d; checks its kind against the type. */
static int
values_text(sc_exec *x, const sc_partitioning_def *pt, const sc_ast_pdef *d, const char **out)
{
    size_t width = 0;

    for (const char *c = cols_of(pt); c && *c; c++)
        width += *c == ',';
    bool cols = is_columns(pt->type);
    sc_buf b = SC_BUF_INIT(x->ctx);
    int rc = SC_OK;

    *out = NULL;
    if (d->vkind == SC_AST_PV_DEFAULT) {
        *out = "DEFAULT";
        return SC_OK;
    }
    if (d->vkind == SC_AST_PV_HISTORY || d->vkind == SC_AST_PV_CURRENT) {
        *out = d->vkind == SC_AST_PV_HISTORY ? "HISTORY" : "CURRENT";
        return SC_OK;
    }
    if (d->vkind == SC_AST_PV_NONE)
        return SC_OK;
    sc__buf_puts(&b, d->vkind == SC_AST_PV_LESS_THAN ? "VALUES LESS THAN " : "VALUES IN (");
    if (d->maxvalue && cols && width > 0) {
        sc__buf_free(&b);
        return sc_exec__err(x, SC_ER_PARTITION_COLUMN_LIST_ERROR);
    }
    if (d->maxvalue)
        sc__buf_puts(&b, cols ? "(MAXVALUE)" : "MAXVALUE");
    for (size_t t = 0; t < d->n_tuples && rc == SC_OK; t++) {
        const sc_ast_ptuple *tp = &d->tuples[t];
        bool paren = d->vkind == SC_AST_PV_LESS_THAN || (cols && tp->n > 1);
        if (cols && tp->n != width + 1) {
            sc__buf_free(&b);
            return sc_exec__err(x, SC_ER_PARTITION_COLUMN_LIST_ERROR);
        }
        if (t)
            sc__buf_putc(&b, ',');
        if (paren)
            sc__buf_putc(&b, '(');
        for (size_t i = 0; i < tp->n && rc == SC_OK; i++) {
            pval v;
            if ((rc = eval_value(x, &v, tp->vals[i], cols, d->name)) == SC_OK && v.null && !cols &&
                d->vkind == SC_AST_PV_LESS_THAN)
                rc = sc_exec__err(x, SC_ER_NULL_IN_VALUES_LESS_THAN);
            if (rc == SC_OK) {
                if (i)
                    sc__buf_putc(&b, ',');
                sc__buf_puts(&b, v.text);
            }
        }
        if (paren)
            sc__buf_putc(&b, ')');
    }
    if (d->vkind == SC_AST_PV_IN)
        sc__buf_putc(&b, ')');
    if (rc == SC_OK)
        *out = b.failed ? NULL : sc_exec__strdup(x, b.text ? b.text : "");
    sc__buf_free(&b);
    return rc != SC_OK ? rc : *out ? SC_OK : SC_ENOMEM;
}

/* Per-partition options in MariaDB's print order. */
static const char *options_text(sc_exec *x, const sc_ast_popts *o)
{
    sc_buf b = SC_BUF_INIT(x->ctx);
    const char *out = NULL;

    if (o->nodegroup.present)
        sc__buf_printf(&b, " NODEGROUP = %llu", (unsigned long long)o->nodegroup.value);
    if (o->max_rows.present)
        sc__buf_printf(&b, " MAX_ROWS = %llu", (unsigned long long)o->max_rows.value);
    if (o->min_rows.present)
        sc__buf_printf(&b, " MIN_ROWS = %llu", (unsigned long long)o->min_rows.value);
    if (o->data_dir) {
        sc__buf_puts(&b, " DATA DIRECTORY = ");
        sc_ddl__quote_string(&b, o->data_dir->s, o->data_dir->len);
    }
    if (o->index_dir) {
        sc__buf_puts(&b, " INDEX DIRECTORY = ");
        sc_ddl__quote_string(&b, o->index_dir->s, o->index_dir->len);
    }
    if (o->comment) {
        sc__buf_puts(&b, " COMMENT = ");
        sc_ddl__quote_string(&b, o->comment->s, o->comment->len);
    }
    if (b.len && !b.failed)
        out = sc_exec__strdup(x, b.text + 1);
    sc__buf_free(&b);
    return out;
}

/* Engine names of partitions must agree with each other and the table (1497). */
typedef struct engine_mix {
    const char *table;  /* the table's ENGINE= if written, else NULL */
    const char *seen;   /* first partition engine */
    size_t with, total; /* partitions naming an engine / all */
} engine_mix;

static int note_engine(sc_exec *x, engine_mix *m, const char *engine)
{
    const char *canon;

    m->total++;
    if (!engine)
        return SC_OK;
    canon = sc_exec__engine_name(engine);
    if (!canon)
        return sc_exec__err(x, SC_ER_UNKNOWN_STORAGE_ENGINE, engine);
    if ((m->seen && strcmp(m->seen, canon) != 0) || (m->table && strcmp(m->table, canon) != 0))
        return sc_exec__err(x, SC_ER_MIX_HANDLER_ERROR);
    m->seen = canon;
    m->with++;
    return SC_OK;
}

static int add_one(sc_exec *x,
                   plist *l,
                   const sc_partitioning_def *pt,
                   const sc_ast_pdef *d,
                   bool sub,
                   engine_mix *m)
{
    sc_partition_def *pd = plist_add(x, l);
    int rc;

    if (!pd)
        return SC_ENOMEM;
    pd->name = d->name;
    pd->sub = sub;
    if ((rc = sc_exec__check_ident_length(x, d->name)) != SC_OK)
        return rc;
    if (!sub && (rc = values_text(x, pt, d, &pd->values)) != SC_OK)
        return rc;
    pd->options = options_text(x, &d->opts);
    return note_engine(x, m, d->opts.engine);
}

static const char *default_name(sc_exec *x, const char *prefix, size_t i, const char *suffix)
{
    return sc_exec__printf(x, "%s%s%zu", prefix ? prefix : "", suffix, i);
}

/* Subpartitions of partition d: listed ones, or n default ones (<part>sp<i>). */
static int add_subs(sc_exec *x,
                    plist *l,
                    const sc_partitioning_def *pt,
                    const sc_ast_pdef *d,
                    size_t n_default,
                    engine_mix *m)
{
    int rc;

    for (size_t s = 0; s < d->n_subs; s++)
        if ((rc = add_one(x, l, pt, &d->subs[s], true, m)) != SC_OK)
            return rc;
    for (size_t s = 0; !d->n_subs && s < n_default; s++) {
        sc_partition_def *pd = plist_add(x, l);
        if (!pd || !(pd->name = default_name(x, d->name, s, "sp")))
            return SC_ENOMEM;
        pd->sub = true;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Checks on the whole list                                             */

/* 1517 for a name used twice among partitions and subpartitions. */
static int check_names(sc_exec *x, const sc_partition_def *v, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = 0; j < i; j++)
            if (strcasecmp(v[i].name, v[j].name) == 0)
                return sc_exec__err(x, SC_ER_SAME_NAME_PARTITION, v[i].name);
    return SC_OK;
}

/* Parse a stored "VALUES ..." text back into its values (tuples flattened). */
static int stored_values(sc_exec *x, const char *text, pval **out, size_t *n, bool cols)
{
    const char *body;
    sc_expr *e = NULL;
    sc_buf b = SC_BUF_INIT(x->ctx);
    int rc;

    *out = NULL;
    *n = 0;
    if (!text || strncmp(text, "VALUES ", 7) != 0)
        return SC_OK;
    body = strncmp(text, "VALUES LESS THAN ", 17) == 0 ? text + 17 : text + 10;
    if (strcmp(body, "MAXVALUE") == 0) {
        *out = sc_exec__alloc(x, sizeof(pval));
        if (!*out)
            return SC_ENOMEM;
        memset(*out, 0, sizeof(pval));
        (*out)->max = true;
        (*out)->text = "MAXVALUE";
        *n = 1;
        return SC_OK;
    }
    /* MAXVALUE inside a COLUMNS tuple is no expression: read it as a marker column */
    for (const char *s = body; *s; s++) {
        if (strncmp(s, "MAXVALUE", 8) == 0) {
            sc__buf_puts(&b, "`\x01max`");
            s += 7;
        } else {
            sc__buf_putc(&b, *s);
        }
    }
    rc = b.failed ? SC_ENOMEM : sc_exec__stored_expr(x, &e, b.text);
    sc__buf_free(&b);
    if (rc != SC_OK)
        return rc;
    if (e && e->kind == SC_AST_EXPR_ROW) {
        size_t total = 0, k = 0;
        for (size_t i = 0; i < e->n_args; i++)
            total += e->args[i]->kind == SC_AST_EXPR_ROW ? e->args[i]->n_args : 1;
        if (!(*out = sc_exec__alloc(x, (total + 1) * sizeof(pval))))
            return SC_ENOMEM;
        for (size_t i = 0; i < e->n_args && rc == SC_OK; i++) {
            sc_expr *a = e->args[i];
            size_t m = a->kind == SC_AST_EXPR_ROW ? a->n_args : 1;
            for (size_t j = 0; j < m && rc == SC_OK; j++) {
                sc_expr *v = a->kind == SC_AST_EXPR_ROW ? a->args[j] : a;
                bool max = v->kind == SC_AST_EXPR_COLUMN && strcmp(v->name, "\x01max") == 0;
                rc = eval_value(x, &(*out)[k++], max ? NULL : v, cols, "");
            }
        }
        *n = k;
        return rc;
    }
    if (!(*out = sc_exec__alloc(x, sizeof(pval))))
        return SC_ENOMEM;
    *n = 1;
    return e ? eval_value(x, *out, e->kind == SC_AST_EXPR_COLUMN ? NULL : e, cols, "") : SC_OK;
}

/* Tuples of RANGE values: strictly increasing, MAXVALUE only last (1493, 1481). */
static int check_range(sc_exec *x, const sc_partitioning_def *pt)
{
    pval *prev = NULL, *cur;
    size_t n_prev = 0, n_cur, last = 0;
    bool cols = is_columns(pt->type);
    int rc;

    for (size_t i = 0; i < pt->n_parts; i++)
        if (!pt->parts[i].sub)
            last = i;
    for (size_t i = 0; i < pt->n_parts; i++) {
        int c = 0;
        if (pt->parts[i].sub)
            continue;
        if ((rc = stored_values(x, pt->parts[i].values, &cur, &n_cur, cols)) != SC_OK)
            return rc;
        if (!cols && n_cur == 1 && cur[0].max && i != last)
            return sc_exec__err(x, SC_ER_PARTITION_MAXVALUE_ERROR);
        for (size_t k = 0; prev && k < n_cur && k < n_prev && c == 0; k++)
            c = pval_cmp(&prev[k], &cur[k]);
        if (prev && c >= 0) {
            if (!cols && prev[0].max)
                return sc_exec__err(x, SC_ER_PARTITION_MAXVALUE_ERROR);
            return sc_exec__err(x, SC_ER_RANGE_NOT_INCREASING_ERROR);
        }
        prev = cur;
        n_prev = n_cur;
    }
    return SC_OK;
}

/* LIST values: no constant twice (1495); at most one DEFAULT partition. */
static int check_list(sc_exec *x, const sc_partitioning_def *pt)
{
    pval *all = NULL;
    size_t n_all = 0, cap = 0;
    bool cols = is_columns(pt->type);
    int rc;

    for (size_t i = 0; i < pt->n_parts; i++) {
        pval *v;
        size_t n;
        if (pt->parts[i].sub)
            continue;
        if ((rc = stored_values(x, pt->parts[i].values, &v, &n, cols)) != SC_OK)
            return rc;
        for (size_t k = 0; k < n; k++) {
            for (size_t j = 0; j < n_all; j++)
                if (all[j].null == v[k].null && (v[k].null || pval_cmp(&all[j], &v[k]) == 0))
                    return sc_exec__err(x, SC_ER_MULTIPLE_DEF_CONST_IN_LIST_PART_ERROR);
            if (n_all == cap) {
                pval *grown = sc_exec__alloc(x, (cap = cap * 2 + 16) * sizeof(pval));
                if (!grown)
                    return SC_ENOMEM;
                if (n_all)
                    memcpy(grown, all, n_all * sizeof(pval));
                all = grown;
            }
            all[n_all++] = v[k];
        }
    }
    return SC_OK;
}

static int check_values(sc_exec *x, const sc_partitioning_def *pt)
{
    if (is_range(pt->type))
        return check_range(x, pt);
    if (is_list(pt->type))
        return check_list(x, pt);
    return SC_OK;
}

/* Every partition of a RANGE/LIST table has its kind of VALUES; others have none. */
static int check_value_kinds(sc_exec *x, sc_part_type type, const sc_ast_pdef *d)
{
    if (is_range(type) && d->vkind != SC_AST_PV_LESS_THAN) {
        if (d->vkind == SC_AST_PV_IN)
            return sc_exec__err(x, SC_ER_PARTITION_WRONG_VALUES_ERROR, "LIST", "IN");
        return sc_exec__err(x, SC_ER_PARTITION_REQUIRES_VALUES_ERROR, "RANGE", "LESS THAN");
    }
    if (is_list(type) && d->vkind != SC_AST_PV_IN && d->vkind != SC_AST_PV_DEFAULT) {
        if (d->vkind == SC_AST_PV_LESS_THAN)
            return sc_exec__err(x, SC_ER_PARTITION_WRONG_VALUES_ERROR, "RANGE", "LESS THAN");
        return sc_exec__err(x, SC_ER_PARTITION_REQUIRES_VALUES_ERROR, "LIST", "IN");
    }
    if ((type == SC_PART_HASH || type == SC_PART_KEY) && d->vkind == SC_AST_PV_LESS_THAN)
        return sc_exec__err(x, SC_ER_PARTITION_WRONG_VALUES_ERROR, "RANGE", "LESS THAN");
    if ((type == SC_PART_HASH || type == SC_PART_KEY) && d->vkind == SC_AST_PV_IN)
        return sc_exec__err(x, SC_ER_PARTITION_WRONG_VALUES_ERROR, "LIST", "IN");
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* The partitioning function                                            */

static const char *const allowed_funcs[] = {
    "abs",       "ceiling",    "ceil",           "datediff", "day",    "dayofmonth",
    "dayofweek", "dayofyear",  "extract",        "floor",    "hour",   "microsecond",
    "minute",    "mod",        "month",          "quarter",  "second", "time_to_sec",
    "to_days",   "to_seconds", "unix_timestamp", "weekday",  "year",   "yearweek",
};

static bool is_integer_type(sc_coltype t)
{
    return t == SC_TYPE_TINYINT || t == SC_TYPE_SMALLINT || t == SC_TYPE_MEDIUMINT ||
           t == SC_TYPE_INT || t == SC_TYPE_BIGINT || t == SC_TYPE_YEAR || t == SC_TYPE_BIT;
}

static bool is_blob_type(sc_coltype t)
{
    return (t >= SC_TYPE_TINYBLOB && t <= SC_TYPE_LONGTEXT) ||
           (t >= SC_TYPE_GEOMETRY && t <= SC_TYPE_GEOMETRYCOLLECTION);
}

/* 1564 for a function MariaDB does not allow in a partitioning expression. */
static int check_func_allowed(sc_exec *x, const sc_expr *e)
{
    int rc;

    if (!e)
        return SC_OK;
    if (e->kind == SC_AST_EXPR_FUNC) {
        bool ok = strcasecmp(e->name, "pi") == 0 && !e->n_args; /* a constant */
        for (size_t i = 0; i < sizeof(allowed_funcs) / sizeof(allowed_funcs[0]); i++)
            ok = ok || strcasecmp(e->name, allowed_funcs[i]) == 0;
        if (!ok)
            return sc_exec__err(x, SC_ER_PARTITION_FUNCTION_IS_NOT_ALLOWED);
    } else if (e->kind != SC_AST_EXPR_LITERAL && e->kind != SC_AST_EXPR_COLUMN &&
               e->kind != SC_AST_EXPR_UNARY && e->kind != SC_AST_EXPR_BINARY &&
               e->kind != SC_AST_EXPR_INTERVAL) {
        return sc_exec__err(x, SC_ER_PARTITION_FUNCTION_IS_NOT_ALLOWED);
    } else if ((e->kind == SC_AST_EXPR_BINARY || e->kind == SC_AST_EXPR_UNARY) &&
               e->op != SC_AST_OP_ADD && e->op != SC_AST_OP_SUB && e->op != SC_AST_OP_MUL &&
               e->op != SC_AST_OP_INTDIV && e->op != SC_AST_OP_MOD && e->op != SC_AST_OP_NEG) {
        /* '/', the bit operators, comparisons: not in a partitioning expression */
        return sc_exec__err(x, SC_ER_PARTITION_FUNCTION_IS_NOT_ALLOWED);
    }
    for (size_t i = 0; i < e->n_args; i++)
        if ((rc = check_func_allowed(x, e->args[i])) != SC_OK)
            return rc;
    return SC_OK;
}

/* HASH/RANGE/LIST (expr): columns exist, functions allowed, an integer result. */
static int function_expr(sc_exec *x, const sc_xtable *t, const sc_expr *e, const char **text)
{
    const char *u = sc_exec__unknown_column(t, e);
    int rc;

    if (u)
        return sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, u, "PARTITION BY");
    if (e->kind == SC_AST_EXPR_COLUMN) {
        const sc_xcol *c = sc_xtable__find_col(t, e->name);
        if (c && !is_integer_type(c->d.type))
            return sc_exec__err(x, SC_ER_FIELD_TYPE_NOT_ALLOWED_AS_PARTITION_FIELD, c->d.name);
    } else if ((rc = check_func_allowed(x, e)) != SC_OK) {
        return rc;
    }
    *text = sc_exec__expr_text(x, e);
    return *text ? SC_OK : SC_ENOMEM;
}

static bool unique_not_null(const sc_xtable *t, const sc_xindex *ix)
{
    if (ix->d.kind != SC_INDEX_UNIQUE)
        return false;
    for (size_t k = 0; k < ix->d.n_parts; k++) {
        const sc_xcol *c = sc_xtable__find_col(t, ix->d.parts[k].column);
        if (!c || !(c->d.flags & SC_COL_NOT_NULL))
            return false;
    }
    return true;
}

/* KEY / COLUMNS column list: `a`,`b` (KEY () takes the primary key, 1488 without one). */
static int column_list(
    sc_exec *x, const sc_xtable *t, const char *const *cols, size_t n, bool key, const char **text)
{
    sc_buf b = SC_BUF_INIT(x->ctx);

    if (n == 0 && key) { /* the primary key, else a UNIQUE key of NOT NULL columns */
        bool pk = false;
        for (size_t i = 0; i < t->n_idx; i++)
            pk = pk || t->idx[i].d.kind == SC_INDEX_PRIMARY || unique_not_null(t, &t->idx[i]);
        if (!pk)
            return sc_exec__err(x, SC_ER_FIELD_NOT_FOUND_PART_ERROR);
    }
    for (size_t i = 0; i < n; i++) {
        const sc_xcol *c = sc_xtable__find_col(t, cols[i]);
        if (!c) {
            sc__buf_free(&b);
            return sc_exec__err(x, SC_ER_FIELD_NOT_FOUND_PART_ERROR);
        }
        if (is_blob_type(c->d.type)) {
            sc__buf_free(&b);
            return sc_exec__err(x, SC_ER_BLOB_FIELD_IN_PART_FUNC_ERROR);
        }
        if ((!key && (c->d.type == SC_TYPE_FLOAT || c->d.type == SC_TYPE_DOUBLE ||
                      c->d.type == SC_TYPE_ENUM || c->d.type == SC_TYPE_SET))) {
            sc__buf_free(&b);
            return sc_exec__err(x, SC_ER_FIELD_TYPE_NOT_ALLOWED_AS_PARTITION_FIELD, c->d.name);
        }
        if (i)
            sc__buf_putc(&b, ',');
        sc_ddl__quote_ident(&b, c->d.name);
    }
    *text = b.failed ? NULL : sc_exec__strdup(x, b.text ? b.text : "");
    sc__buf_free(&b);
    return *text ? SC_OK : SC_ENOMEM;
}

/* SYSTEM_TIME INTERVAL n unit [STARTS ts] | LIMIT n, as printed. */
static int system_time_text(sc_exec *x, const sc_ast_partitioning *ap, const char **out)
{
    *out = NULL;
    if (ap->interval) {
        const char *n = sc_exec__expr_text(x, ap->interval), *starts;
        char now[32];
        if (ap->starts && ap->starts->kind == SC_AST_EXPR_LITERAL) {
            starts = ap->starts->lit.text.s;
        } else {
            /* MariaDB starts at the current day (or hour, minute...) boundary */
            time_t tt = time(NULL);
            struct tm tm;
            bool sub_day = strcasecmp(ap->interval_unit, "HOUR") == 0 ||
                           strcasecmp(ap->interval_unit, "MINUTE") == 0 ||
                           strcasecmp(ap->interval_unit, "SECOND") == 0;
            gmtime_r(&tt, &tm);
            if (!sub_day)
                tm.tm_hour = 0;
            if (strcasecmp(ap->interval_unit, "MINUTE") != 0 &&
                strcasecmp(ap->interval_unit, "SECOND") != 0)
                tm.tm_min = 0;
            if (strcasecmp(ap->interval_unit, "SECOND") != 0)
                tm.tm_sec = 0;
            strftime(now, sizeof(now), "%Y-%m-%d %H:%M:%S", &tm);
            starts = now;
        }
        const char *unit = ap->interval_unit;
        cval v;
        /* MariaDB keeps WEEK as 7 DAY and QUARTER as 3 MONTH */
        if ((strcasecmp(unit, "WEEK") == 0 || strcasecmp(unit, "QUARTER") == 0) &&
            eval_const(x, ap->interval, &v) == SC_OK && v.kind == CV_INT && v.i < LLONG_MAX / 7 &&
            v.i > LLONG_MIN / 7) {
            bool week = strcasecmp(unit, "WEEK") == 0;
            n = sc_exec__printf(x, "%lld", v.i * (week ? 7 : 3));
            unit = week ? "DAY" : "MONTH";
        }
        sc_ctx_clear_error(x->ctx);
        *out = sc_exec__printf(x, "INTERVAL %s %s STARTS TIMESTAMP'%s'%s", n ? n : "", unit, starts,
                               ap->auto_ ? " AUTO" : "");
    } else if (ap->limit.present) {
        *out = sc_exec__printf(x, "LIMIT %llu%s", (unsigned long long)ap->limit.value,
                               ap->auto_ ? " AUTO" : "");
    } else {
        return SC_OK;
    }
    return *out ? SC_OK : SC_ENOMEM;
}

/* The method part of pt from ap (type, flags, expressions). */
static int
build_method(sc_exec *x, const sc_xtable *t, sc_partitioning_def *pt, const sc_ast_partitioning *ap)
{
    int rc;

    pt->type = ap->type;
    pt->flags = ap->linear ? SC_PART_LINEAR : 0;
    if (ap->type == SC_PART_KEY || is_columns(ap->type))
        rc = column_list(x, t, ap->cols, ap->n_cols, ap->type == SC_PART_KEY, &pt->expr);
    else if (ap->type == SC_PART_SYSTEM_TIME)
        rc = system_time_text(x, ap, &pt->system_time);
    else
        rc = function_expr(x, t, ap->expr, &pt->expr);
    if (rc != SC_OK || ap->sub_type == SC_PART_NONE)
        return rc;
    if (!is_range(ap->type) && !is_list(ap->type))
        return sc_exec__err(x, SC_ER_SUBPARTITION_ERROR);
    pt->sub_type = ap->sub_type;
    if (ap->sub_linear)
        pt->flags |= SC_PART_SUB_LINEAR;
    if (ap->sub_type == SC_PART_KEY)
        return column_list(x, t, ap->sub_cols, ap->n_sub_cols, true, &pt->sub_expr);
    return function_expr(x, t, ap->sub_expr, &pt->sub_expr);
}

/* SYSTEM_TIME partitions: HISTORY ones, then exactly one CURRENT, last. */
static int check_system_time(sc_exec *x, const sc_xtable *t, const sc_partitioning_def *pt)
{
    size_t n = n_top(pt), k = 0;

    if (!pt->system_time && n > 2)
        return sc_exec__err(x, SC_ER_VERS_PARAMETERS_NO_ROTATION);
    if (!(t->tflags & SC_TABLE_SYSTEM_VERSIONING))
        return sc_exec__err(x, SC_ER_VERS_NOT_VERSIONED, t->name);
    for (size_t i = 0; i < pt->n_parts; i++) {
        const char *v = pt->parts[i].values;
        if (pt->parts[i].sub)
            continue;
        k++;
        if (!v || (k < n && strcmp(v, "HISTORY") != 0) || (k == n && strcmp(v, "CURRENT") != 0))
            return sc_exec__err(x, SC_ER_VERS_WRONG_PARTS, t->name);
    }
    return n < 2 ? sc_exec__err(x, SC_ER_VERS_WRONG_PARTS, t->name) : SC_OK;
}

/* Default partitions: p0.. (SYSTEM_TIME: p0.., pn the current one). */
static int default_parts(sc_exec *x, plist *l, sc_partitioning_def *pt, size_t n, size_t subs)
{
    for (size_t i = 0; i < n; i++) {
        sc_partition_def *pd = plist_add(x, l);
        sc_ast_pdef d;
        memset(&d, 0, sizeof(d));
        if (!pd)
            return SC_ENOMEM;
        if (pt->type == SC_PART_SYSTEM_TIME && i == n - 1)
            pd->name = "pn";
        else if (!(pd->name = default_name(x, "p", i, "")))
            return SC_ENOMEM;
        if (pt->type == SC_PART_SYSTEM_TIME)
            pd->values = i == n - 1 ? "CURRENT" : "HISTORY";
        d.name = pd->name;
        if (subs) {
            engine_mix m = {0};
            int rc = add_subs(x, l, pt, &d, subs, &m);
            if (rc != SC_OK)
                return rc;
        }
    }
    return SC_OK;
}

/* Partitions of ap->defs (or default ones) appended to l. */
static int build_parts(sc_exec *x,
                       const sc_xtable *t,
                       sc_partitioning_def *pt,
                       const sc_ast_partitioning *ap,
                       plist *l,
                       bool engine_given)
{
    engine_mix m = {engine_given ? sc_exec__engine_name(t->engine) : NULL, NULL, 0, 0};
    size_t subs = ap->subparts.present ? (size_t)ap->subparts.value : 1;
    int rc;

    if (ap->sub_type != SC_PART_NONE && ap->subparts.present && ap->subparts.value == 0)
        return sc_exec__err(x, SC_ER_NO_PARTS_ERROR, "subpartitions");
    if (!ap->n_defs) {
        size_t n = ap->parts.present                 ? (size_t)ap->parts.value
                   : pt->type == SC_PART_SYSTEM_TIME ? 2
                                                     : 1;
        if (is_range(pt->type) || is_list(pt->type))
            return sc_exec__err(x, SC_ER_PARTITIONS_MUST_BE_DEFINED_ERROR,
                                is_range(pt->type) ? "RANGE" : "LIST");
        if (n == 0)
            return sc_exec__err(x, SC_ER_NO_PARTS_ERROR, "partitions");
        if (n * (ap->sub_type != SC_PART_NONE ? subs : 1) > MAX_PARTITIONS)
            return sc_exec__err(x, SC_ER_TOO_MANY_PARTITIONS_ERROR);
        pt->flags |= SC_PART_DEFAULT_LIST;
        if (!ap->parts.present && pt->type != SC_PART_SYSTEM_TIME)
            pt->flags |= SC_PART_DEFAULT_NUM;
        return default_parts(x, l, pt, n, ap->sub_type != SC_PART_NONE ? subs : 0);
    }
    if (ap->sub_type != SC_PART_NONE && ap->defs[0].n_subs == 0) {
        pt->flags |= SC_PART_SUB_DEFAULT_LIST;
        if (!ap->subparts.present)
            pt->flags |= SC_PART_SUB_DEFAULT_NUM;
    }
    for (size_t i = 0; i < ap->n_defs; i++) {
        if ((rc = check_value_kinds(x, pt->type, &ap->defs[i])) != SC_OK ||
            (rc = add_one(x, l, pt, &ap->defs[i], false, &m)) != SC_OK)
            return rc;
        if (ap->sub_type != SC_PART_NONE &&
            (rc = add_subs(x, l, pt, &ap->defs[i], subs, &m)) != SC_OK)
            return rc;
        if (l->n > MAX_PARTITIONS)
            return sc_exec__err(x, SC_ER_TOO_MANY_PARTITIONS_ERROR);
    }
    if (m.with && m.with != m.total && !m.table)
        return sc_exec__err(x, SC_ER_MIX_HANDLER_ERROR);
    return SC_OK;
}

/* The engine all partitions name when the table did not: the table takes it. */
static void adopt_engine(sc_exec *x, sc_xtable *t, const sc_ast_partitioning *ap, bool given)
{
    const char *e = NULL;

    for (size_t i = 0; !given && i < ap->n_defs; i++)
        if (ap->defs[i].opts.engine)
            e = sc_exec__engine_name(ap->defs[i].opts.engine);
    if (e)
        t->engine = sc_exec__strdup(x, e);
}

/*
 * RANGE / LIST COLUMNS values against their columns' types, as MariaDB
 * 10.11.19 checks them before the ranges' order (check_part_field(), then
 * save_in_field() in sql_mode ''): a column with a value must be an integer
 * type, CHAR/VARCHAR/BINARY/VARBINARY, DATE, TIME or DATETIME (1659); an
 * integer column takes integer values that fit it, the others strings (and
 * temporal literals) that are valid for the type, else 1654; NULL is only a
 * LIST value (1566). A value the evaluator does not know is not judged.
 */
static bool columns_type_allowed(sc_coltype t)
{
    return sc_type__is_integer(t) || t == SC_TYPE_CHAR || t == SC_TYPE_VARCHAR ||
           t == SC_TYPE_BINARY || t == SC_TYPE_VARBINARY || t == SC_TYPE_DATE ||
           t == SC_TYPE_TIME || t == SC_TYPE_DATETIME;
}

static bool int_fits(const sc_column_def *d, long long v)
{
    static const long long max[] = {127, 32767, 8388607, 2147483647};
    bool uns = (d->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) != 0;
    int k = d->type == SC_TYPE_TINYINT     ? 0
            : d->type == SC_TYPE_SMALLINT  ? 1
            : d->type == SC_TYPE_MEDIUMINT ? 2
            : d->type == SC_TYPE_INT       ? 3
                                           : -1;

    if (uns && v < 0)
        return false;
    if (k < 0) /* BIGINT */
        return true;
    return uns ? v <= 2 * max[k] + 1 : v >= -max[k] - 1 && v <= max[k];
}

static bool string_value(const sc_expr *e)
{
    return e->kind == SC_AST_EXPR_LITERAL &&
           (e->lit.kind == SC_AST_LIT_STRING || e->lit.kind == SC_AST_LIT_DATE ||
            e->lit.kind == SC_AST_LIT_TIME || e->lit.kind == SC_AST_LIT_TIMESTAMP);
}

/* A string valid for temporal column d as the partition stores it (no
 * truncated part: '2020-01-01 10:00:00' is no DATE). */
static bool temporal_valid(sc_exec *x, const sc_column_def *d, const sc_expr *e)
{
    const char *s = e->lit.text.s;
    char *canon = NULL;
    int rc;

    if (d->type == SC_TYPE_DATE && strpbrk(s, " T") &&
        strspn(strpbrk(s, " T") + 1, "0:. ") != strlen(strpbrk(s, " T") + 1))
        return false;
    rc = sc_type__canon_default(&canon, x->ctx, d, s, true);
    sc_free(x->ctx, canon);
    sc_ctx_clear_error(x->ctx);
    return rc == SC_OK;
}

static int column_value(sc_exec *x, const sc_xcol *c, const sc_expr *e, bool range)
{
    cval v;
    int rc;

    if (e->kind == SC_AST_EXPR_LITERAL && e->lit.kind == SC_AST_LIT_NULL)
        return range ? sc_exec__err(x, SC_ER_NULL_IN_VALUES_LESS_THAN) : SC_OK;
    if (c->d.type == SC_TYPE_UUID || c->d.type == SC_TYPE_INET4 || c->d.type == SC_TYPE_INET6)
        return SC_OK; /* plugin types convert the value themselves: not judged here */
    if (!columns_type_allowed(c->d.type))
        return sc_exec__err(x, SC_ER_FIELD_TYPE_NOT_ALLOWED_AS_PARTITION_FIELD, c->d.name);
    if (!sc_type__is_integer(c->d.type)) {
        if (!string_value(e)) {
            if (e->kind == SC_AST_EXPR_LITERAL && e->lit.kind == SC_AST_LIT_HEX &&
                !sc_type__is_temporal(c->d.type))
                return SC_OK; /* a hex literal is a (binary) string */
            if (e->kind == SC_AST_EXPR_LITERAL)
                return sc_exec__err(x, SC_ER_WRONG_TYPE_COLUMN_VALUE_ERROR);
            return SC_OK; /* an expression: not judged */
        }
        if (sc_type__is_temporal(c->d.type) && !temporal_valid(x, &c->d, e))
            return sc_exec__err(x, SC_ER_WRONG_TYPE_COLUMN_VALUE_ERROR);
        return SC_OK;
    }
    if (e->kind == SC_AST_EXPR_LITERAL && e->lit.kind != SC_AST_LIT_INT &&
        e->lit.kind != SC_AST_LIT_BOOL)
        return sc_exec__err(x, SC_ER_WRONG_TYPE_COLUMN_VALUE_ERROR);
    rc = eval_const(x, e, &v);
    sc_ctx_clear_error(x->ctx);
    if (rc != SC_OK || v.kind != CV_INT)
        return SC_OK; /* not known here */
    return int_fits(&c->d, v.i) ? SC_OK : sc_exec__err(x, SC_ER_WRONG_TYPE_COLUMN_VALUE_ERROR);
}

static int check_column_values(sc_exec *x,
                               const sc_xtable *t,
                               const sc_partitioning_def *pt,
                               const sc_ast_partitioning *ap)
{
    if (!is_columns(pt->type))
        return SC_OK;
    for (size_t p = 0; p < ap->n_defs; p++) {
        const sc_ast_pdef *d = &ap->defs[p];
        for (size_t k = 0; k < d->n_tuples; k++)
            for (size_t i = 0; i < d->tuples[k].n && i < ap->n_cols; i++) {
                const sc_expr *e = d->tuples[k].vals[i];
                const sc_xcol *c = sc_xtable__find_col(t, ap->cols[i]);
                int rc = e && c ? column_value(x, c, e, is_range(pt->type)) : SC_OK;
                if (rc != SC_OK)
                    return rc;
            }
    }
    return SC_OK;
}

static int build(sc_exec *x, sc_xtable *t, const sc_ast_partitioning *ap, bool engine_given)
{
    sc_partitioning_def *pt = sc_exec__alloc(x, sizeof(*pt));
    plist l = {0};
    int rc;

    if (!pt)
        return SC_ENOMEM;
    memset(pt, 0, sizeof(*pt));
    if ((rc = build_method(x, t, pt, ap)) != SC_OK)
        return rc;
    if (ap->parts.present && ap->parts.value == 0)
        return sc_exec__err(x, SC_ER_NO_PARTS_ERROR, "partitions");
    if (ap->parts.present && ap->parts.value > MAX_PARTITIONS)
        return sc_exec__err(x, SC_ER_TOO_MANY_PARTITIONS_ERROR);
    if ((rc = build_parts(x, t, pt, ap, &l, engine_given)) != SC_OK)
        return rc;
    pt->parts = l.v;
    pt->n_parts = l.n;
    if ((rc = check_column_values(x, t, pt, ap)) != SC_OK)
        return rc;
    if ((rc = check_names(x, l.v, l.n)) != SC_OK || (rc = check_values(x, pt)) != SC_OK)
        return rc;
    if (pt->type == SC_PART_SYSTEM_TIME && (rc = check_system_time(x, t, pt)) != SC_OK)
        return rc;
    adopt_engine(x, t, ap, engine_given);
    for (size_t i = 0; i < l.n; i++)
        l.v[i].engine = NULL; /* every partition prints the table's engine */
    t->part = pt;
    return SC_OK;
}

int sc_exec__partition_create(sc_exec *x, sc_xtable *t, const sc_ast_partitioning *ap)
{
    const sc_ast_create_table *ct = x->stmt->create_table;
    bool engine_given = false, page_checksum = false;

    for (size_t i = 0; ct && i < ct->n_options; i++) {
        engine_given = engine_given || ct->options[i].kind == SC_AST_TOPT_ENGINE;
        page_checksum = page_checksum || ct->options[i].kind == SC_AST_TOPT_PAGE_CHECKSUM;
    }
    /* the PAGE_CHECKSUM=1 an Aria table implies is not shown for a partitioned one */
    if (!page_checksum && sc_exec__engine(t->engine) == SC_ENGINE_ARIA)
        t->opts[SC_XOPT_PAGE_CHECKSUM] = NULL;
    return build(x, t, ap, engine_given);
}

/* ------------------------------------------------------------------ */
/* Rules on the final table                                             */

static int note_column(sc_expr *col, void *payload)
{
    sc_expr ***acc = payload;
    **acc = col;
    (*acc)++;
    return 0;
}

/* Whether index ix has every column the partitioning text uses. */
static int key_covers(sc_exec *x, const sc_xindex *ix, const char *text, bool *covers)
{
    sc_expr *e = NULL, *cols[64], **acc = cols;
    const char *paren;
    int rc;

    *covers = true;
    if (!text || !*text)
        return SC_OK;
    paren = sc_exec__printf(x, "(%s)", text);
    if (!paren)
        return SC_ENOMEM;
    if ((rc = sc_exec__stored_expr(x, &e, paren)) != SC_OK)
        return rc;
    if (sc_ddl__expr_foreach_column(e, note_column, &acc) != 0)
        return SC_OK;
    for (sc_expr **c = cols; c < acc && *covers; c++) {
        bool found = false;
        for (size_t k = 0; k < ix->d.n_parts; k++)
            found = found || strcasecmp(ix->d.parts[k].column, (*c)->name) == 0;
        *covers = found;
    }
    return SC_OK;
}

int sc_exec__partition_check(sc_exec *x, const sc_xtable *t)
{
    const sc_partitioning_def *pt = t->part;
    int rc;

    if (!pt)
        return SC_OK;
    for (size_t i = 0; i < pt->n_parts; i++) /* InnoDB (strict mode) refuses it */
        if (pt->parts[i].options && strstr(pt->parts[i].options, "INDEX DIRECTORY = ") &&
            sc_exec__engine(t->engine) == SC_ENGINE_INNODB)
            return sc_exec__err(x, SC_ER_CANT_CREATE_TABLE, t->schema, t->name,
                                "140 \"Wrong create options\"");
    if (t->n_fks && sc_exec__engine(t->engine) == SC_ENGINE_INNODB)
        return sc_exec__err(x, SC_ER_FEATURE_NOT_SUPPORTED_WITH_PARTITIONING, "FOREIGN KEY");
    for (size_t i = 0; i < t->n_idx; i++) {
        const sc_xindex *ix = &t->idx[i];
        bool a, b;
        if (ix->d.kind != SC_INDEX_PRIMARY && ix->d.kind != SC_INDEX_UNIQUE)
            continue;
        if ((rc = key_covers(x, ix, pt->expr, &a)) != SC_OK ||
            (rc = key_covers(x, ix, pt->sub_expr, &b)) != SC_OK)
            return rc;
        if (!a || !b)
            return sc_exec__err(x, SC_ER_UNIQUE_KEY_NEED_ALL_FIELDS_IN_PF,
                                ix->d.kind == SC_INDEX_PRIMARY ? "PRIMARY KEY" : "UNIQUE INDEX");
    }
    return SC_OK;
}

int sc_exec__partition_rename_column(sc_exec *x, sc_xtable *t, const char *from, const char *to)
{
    const char **texts[2];
    int rc;

    if (!t->part)
        return SC_OK;
    texts[0] = &t->part->expr;
    texts[1] = &t->part->sub_expr;
    for (size_t i = 0; i < 2; i++) {
        sc_expr *e = NULL;
        const char *paren, *printed;
        if (!*texts[i] || !**texts[i])
            continue;
        if (!(paren = sc_exec__printf(x, "(%s)", *texts[i])))
            return SC_ENOMEM;
        if ((rc = sc_exec__stored_expr(x, &e, paren)) != SC_OK)
            return rc;
        if (sc_ddl__expr_rename_column(e, from, to) == 0)
            continue;
        printed = sc_exec__expr_text(x, e);
        if (!printed)
            return SC_ENOMEM;
        if (e->kind == SC_AST_EXPR_ROW) { /* a column list prints as (`a`,`b`) */
            size_t len = strlen(printed);
            printed = sc_exec__printf(x, "%.*s", (int)(len - 2), printed + 1);
        }
        *texts[i] = printed;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* ALTER TABLE partition commands                                       */

/* pt with a fresh, mutable copy of its list in l. */
static void list_of(plist *l, const sc_partitioning_def *pt)
{
    l->v = (sc_partition_def *)(uintptr_t)pt->parts;
    l->n = l->cap = pt->n_parts;
}

static void list_remove(plist *l, size_t at, size_t n)
{
    memmove(&l->v[at], &l->v[at + n], (l->n - at - n) * sizeof(l->v[0]));
    l->n -= n;
}

/* Move the last k entries of l to position at. */
static int list_move_tail(sc_exec *x, plist *l, size_t at, size_t k)
{
    sc_partition_def *tmp = sc_exec__alloc(x, (k + 1) * sizeof(*tmp));

    if (!tmp)
        return SC_ENOMEM;
    memcpy(tmp, &l->v[l->n - k], k * sizeof(*tmp));
    memmove(&l->v[at + k], &l->v[at], (l->n - k - at) * sizeof(*tmp));
    memcpy(&l->v[at], tmp, k * sizeof(*tmp));
    return SC_OK;
}

/* Check and install the list l as t's partitions. */
static int install(sc_exec *x, sc_xtable *t, plist *l)
{
    int rc;

    t->part->parts = l->v;
    t->part->n_parts = l->n;
    if ((rc = check_names(x, l->v, l->n)) != SC_OK || (rc = check_values(x, t->part)) != SC_OK)
        return rc;
    if (l->n > MAX_PARTITIONS)
        return sc_exec__err(x, SC_ER_TOO_MANY_PARTITIONS_ERROR);
    return SC_OK;
}

/* Subpartitions each partition has (0: not subpartitioned). */
static size_t subs_per_part(const sc_partitioning_def *pt)
{
    size_t top = n_top(pt);

    return pt->sub_type == SC_PART_NONE || !top ? 0 : (pt->n_parts - top) / top;
}

/* Append new partitions from defs to l (the catalog gives them ids). */
static int append_defs(sc_exec *x, const sc_xtable *t, plist *l, const sc_ast_partitioning *ap)
{
    const sc_partitioning_def *pt = t->part;
    engine_mix m = {sc_exec__engine_name(t->engine), NULL, 0, 0};
    int rc;

    for (size_t i = 0; i < ap->n_defs; i++) {
        if (pt->sub_type != SC_PART_NONE && ap->defs[i].n_subs &&
            ap->defs[i].n_subs != subs_per_part(pt))
            return sc_exec__err(x, SC_ER_ADD_PARTITION_SUBPART_ERROR);
        if ((rc = check_value_kinds(x, pt->type, &ap->defs[i])) != SC_OK ||
            (rc = add_one(x, l, pt, &ap->defs[i], false, &m)) != SC_OK)
            return rc;
        if (pt->sub_type != SC_PART_NONE &&
            (rc = add_subs(x, l, pt, &ap->defs[i], subs_per_part(pt), &m)) != SC_OK)
            return rc;
    }
    for (size_t i = 0; i < l->n; i++)
        l->v[i].engine = NULL;
    /* named subpartitions: the table lists every partition's from now on */
    if (ap->n_defs && ap->defs[0].n_subs)
        t->part->flags &= ~(unsigned)(SC_PART_SUB_DEFAULT_LIST | SC_PART_SUB_DEFAULT_NUM);
    return SC_OK;
}

/* ADD PARTITION PARTITIONS n: default-named p<k> partitions (HASH/KEY). */
static int add_default(sc_exec *x, sc_xtable *t, plist *l, uint64_t n)
{
    size_t first = n_top(t->part);

    if (is_range(t->part->type) || is_list(t->part->type))
        return sc_exec__err(x, SC_ER_PARTITIONS_MUST_BE_DEFINED_ERROR,
                            is_range(t->part->type) ? "RANGE" : "LIST");
    if (n == 0)
        return sc_exec__err(x, SC_ER_ADD_PARTITION_NO_NEW_PARTITION);
    if (n > MAX_PARTITIONS)
        return sc_exec__err(x, SC_ER_TOO_MANY_PARTITIONS_ERROR);
    if (t->part->type == SC_PART_SYSTEM_TIME && first > 0)
        first--; /* HISTORY partitions are numbered before the CURRENT one */
    for (size_t i = 0; i < n; i++) {
        sc_partition_def *pd = plist_add(x, l);
        sc_ast_pdef d;
        engine_mix m = {0};
        int rc;
        if (!pd || !(pd->name = default_name(x, "p", first + i, "")))
            return SC_ENOMEM;
        if (t->part->type == SC_PART_SYSTEM_TIME)
            pd->values = "HISTORY";
        memset(&d, 0, sizeof(d));
        d.name = pd->name;
        if ((rc = add_subs(x, l, t->part, &d, subs_per_part(t->part), &m)) != SC_OK)
            return rc;
    }
    t->part->flags &= ~(unsigned)SC_PART_DEFAULT_NUM;
    return SC_OK;
}

static int values_at(sc_exec *x, const sc_partitioning_def *pt, size_t i, pval **v, size_t *n);

/* RANGE whose last partition is VALUES LESS THAN MAXVALUE: nothing can follow
 * it (1481, before the new partitions' names are looked at). */
static int check_add_after_max(sc_exec *x, const sc_partitioning_def *pt)
{
    size_t last = 0;
    pval *v;
    size_t n;
    int rc;

    if (!is_range(pt->type) || is_columns(pt->type) || !pt->n_parts)
        return SC_OK;
    for (size_t i = 0; i < pt->n_parts; i++)
        if (!pt->parts[i].sub)
            last = i;
    if ((rc = values_at(x, pt, last, &v, &n)) != SC_OK)
        return rc;
    return n == 1 && v[0].max ? sc_exec__err(x, SC_ER_PARTITION_MAXVALUE_ERROR) : SC_OK;
}

static int op_add(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op)
{
    plist l;
    size_t before;
    int rc;

    list_of(&l, t->part);
    before = l.n;
    if (!op->part->n_defs && !op->part->parts.present)
        return sc_exec__err(x, SC_ER_ADD_PARTITION_NO_NEW_PARTITION);
    for (size_t i = 0; op->if_not_exists && i < op->part->n_defs; i++)
        if (find_top(t->part, op->part->defs[i].name) >= 0) {
            /* MariaDB 10.11.19 then adds none of the list, not even the new names */
            sc_exec__warn(x, SC_ER_SAME_NAME_PARTITION, op->part->defs[i].name);
            return SC_OK;
        }
    if (op->part->n_defs && (rc = check_add_after_max(x, t->part)) != SC_OK)
        return rc;
    if (op->part->parts.present)
        rc = add_default(x, t, &l, op->part->parts.value);
    else
        rc = append_defs(x, t, &l, op->part);
    if (rc != SC_OK)
        return rc;
    if (op->part->n_defs)
        t->part->flags &= ~(unsigned)(SC_PART_DEFAULT_LIST | SC_PART_DEFAULT_NUM);
    /* SYSTEM_TIME: new HISTORY partitions go before the CURRENT one */
    if (t->part->type == SC_PART_SYSTEM_TIME && before > 0 &&
        (rc = list_move_tail(x, &l, before - 1, l.n - before)) != SC_OK)
        return rc;
    return install(x, t, &l);
}

/* Index in l of each named partition (1507 for one that is missing). */
static int find_named(sc_exec *x, const sc_partitioning_def *pt, const sc_ast_part_op *op, long *at)
{
    for (size_t i = 0; i < op->n_names; i++)
        if ((at[i] = find_top(pt, op->names[i])) < 0)
            return sc_exec__err(x, SC_ER_PARTITION_DOES_NOT_EXIST);
    return SC_OK;
}

static int op_drop(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op)
{
    plist l;

    if (!is_range(t->part->type) && !is_list(t->part->type) && t->part->type != SC_PART_SYSTEM_TIME)
        return sc_exec__err(x, SC_ER_ONLY_ON_RANGE_LIST_PARTITION, "DROP");
    if (op->n_names >= n_top(t->part))
        return sc_exec__err(x, SC_ER_DROP_LAST_PARTITION);
    list_of(&l, t->part);
    for (size_t i = 0; i < op->n_names; i++) {
        long k = find_top(t->part, op->names[i]);
        if (k < 0 && op->if_exists) {
            sc_exec__warn(x, SC_ER_PARTITION_DOES_NOT_EXIST);
            continue;
        }
        if (k < 0)
            return sc_exec__err(x, SC_ER_PARTITION_DOES_NOT_EXIST);
        list_remove(&l, (size_t)k, span(t->part, (size_t)k));
        t->part->n_parts = l.n;
    }
    if (t->part->type == SC_PART_SYSTEM_TIME) {
        int rc;
        t->part->flags &= ~(unsigned)(SC_PART_DEFAULT_LIST | SC_PART_DEFAULT_NUM);
        rc = install(x, t, &l);
        return rc != SC_OK ? rc : check_system_time(x, t, t->part);
    }
    return install(x, t, &l);
}

/* The stored values of the top-level partition at index i. */
static int values_at(sc_exec *x, const sc_partitioning_def *pt, size_t i, pval **v, size_t *n)
{
    return stored_values(x, pt->parts[i].values, v, n, is_columns(pt->type));
}

/* RANGE: a reorganized set not at the end keeps its upper bound (1520). */
static int check_reorg_range(sc_exec *x,
                             const sc_partitioning_def *old,
                             size_t last_old,
                             bool at_end,
                             const sc_partitioning_def *now,
                             size_t last_new)
{
    pval *a, *b;
    size_t na, nb;
    int rc;

    if (!is_range(old->type))
        return SC_OK;
    if ((rc = values_at(x, old, last_old, &a, &na)) != SC_OK ||
        (rc = values_at(x, now, last_new, &b, &nb)) != SC_OK)
        return rc;
    for (size_t k = 0; k < na && k < nb; k++) {
        int c = pval_cmp(&a[k], &b[k]);
        if (c != 0 && (!at_end || c > 0))
            return sc_exec__err(x, SC_ER_REORG_OUTSIDE_RANGE);
        if (c != 0)
            break;
    }
    return SC_OK;
}

static bool named_in(const sc_ast_part_op *op, const char *name)
{
    for (size_t k = 0; k < op->n_names; k++)
        if (strcasecmp(op->names[k], name) == 0)
            return true;
    return false;
}

/* The named partitions of REORGANIZE are neighbours (1519); at[] are their indexes. */
static int check_consecutive(sc_exec *x,
                             const sc_partitioning_def *pt,
                             const sc_ast_part_op *op,
                             const long *at)
{
    size_t lo = (size_t)-1, hi = 0;

    for (size_t i = 0; i < op->n_names; i++) {
        size_t ord = 0; /* top-level ordinal of at[i] */
        for (size_t k = 0; k < (size_t)at[i]; k++)
            ord += !pt->parts[k].sub;
        lo = ord < lo ? ord : lo;
        hi = ord > hi ? ord : hi;
    }
    if (op->n_names && hi - lo + 1 != op->n_names)
        return sc_exec__err(x, SC_ER_CONSECUTIVE_REORG_PARTITIONS);
    return SC_OK;
}

/* REORGANIZE PARTITION names INTO (defs): the new ones take the place of the first named. */
static int op_reorganize(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op)
{
    long *at = sc_exec__alloc(x, (op->n_names + 1) * sizeof(*at));
    sc_partitioning_def old = *t->part;
    plist fresh = {0}, l = {0};
    size_t last_old = 0, last_new = 0;
    bool placed = false;
    int rc;

    if (!at)
        return SC_ENOMEM;
    if (op->n_names == 0)
        return SC_OK; /* REORGANIZE PARTITION alone rebuilds: no catalog change */
    if ((rc = find_named(x, t->part, op, at)) != SC_OK)
        return rc;
    if ((rc = check_consecutive(x, t->part, op, at)) != SC_OK)
        return rc;
    if ((old.type == SC_PART_HASH || old.type == SC_PART_KEY) && op->part->n_defs != op->n_names)
        return sc_exec__err(x, SC_ER_REORG_HASH_ONLY_ON_SAME_NO);
    if ((rc = append_defs(x, t, &fresh, op->part)) != SC_OK)
        return rc;
    for (size_t i = 0; i < old.n_parts; i += span(&old, i)) {
        if (!named_in(op, old.parts[i].name)) {
            for (size_t k = 0; k < span(&old, i); k++) {
                sc_partition_def *pd = plist_add(x, &l);
                if (!pd)
                    return SC_ENOMEM;
                *pd = old.parts[i + k];
            }
            continue;
        }
        last_old = i;
        for (size_t k = 0; !placed && k < fresh.n; k++) {
            sc_partition_def *pd = plist_add(x, &l);
            if (!pd)
                return SC_ENOMEM;
            *pd = fresh.v[k];
            if (!pd->sub)
                last_new = l.n - 1;
        }
        placed = true;
    }
    t->part->flags &= ~(unsigned)(SC_PART_DEFAULT_LIST | SC_PART_DEFAULT_NUM);
    if ((rc = install(x, t, &l)) != SC_OK)
        return rc;
    return check_reorg_range(x, &old, last_old, last_old + span(&old, last_old) == old.n_parts,
                             t->part, last_new);
}

static int op_coalesce(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op)
{
    size_t top = n_top(t->part);
    plist l;

    if (t->part->type != SC_PART_HASH && t->part->type != SC_PART_KEY)
        return sc_exec__err(x, SC_ER_COALESCE_ONLY_ON_HASH_PARTITION);
    if (op->count.value == 0)
        return sc_exec__err(x, SC_ER_COALESCE_PARTITION_NO_PARTITION);
    if (op->count.value >= top)
        return sc_exec__err(x, SC_ER_DROP_LAST_PARTITION);
    list_of(&l, t->part);
    for (uint64_t k = 0; k < op->count.value; k++) {
        size_t i = l.n;
        while (i > 0 && l.v[i - 1].sub)
            i--;
        l.n = i - 1;
    }
    t->part->flags &= ~(unsigned)SC_PART_DEFAULT_NUM;
    return install(x, t, &l);
}

/* The other table of EXCHANGE / CONVERT: resolved and loaded (1146 when missing). */
static int other_table(sc_exec *x,
                       const sc_ast_qname *q,
                       const char **db,
                       uint64_t *schema_id,
                       uint64_t *id,
                       sc_table **out)
{
    int rc;

    *out = NULL;
    rc = sc_exec__locate(x, q, db, schema_id, id, NULL, true);
    return rc != SC_OK ? rc : sc_table_get(out, x->txn, *id);
}

/* Same columns and keys, as EXCHANGE/CONVERT TABLE require (1736). */
static int same_structure(sc_exec *x, const sc_xtable *t, const sc_table_def *o)
{
    sc_table_def d;

    sc_xtable__to_def(x, t, &d);
    if (d.n_columns != o->n_columns || d.n_indexes != o->n_indexes || o->partitioning)
        return sc_exec__err(x, SC_ER_TABLES_DIFFERENT_METADATA);
    for (size_t i = 0; i < d.n_columns; i++) {
        sc_buf a = SC_BUF_INIT(x->ctx), b = SC_BUF_INIT(x->ctx);
        bool same;
        sc_show__column(&a, &d.columns[i], &d);
        sc_show__column(&b, &o->columns[i], o);
        same = !a.failed && !b.failed && a.len == b.len && memcmp(a.text, b.text, a.len) == 0;
        sc__buf_free(&a);
        sc__buf_free(&b);
        if (!same)
            return sc_exec__err(x, SC_ER_TABLES_DIFFERENT_METADATA);
    }
    return SC_OK;
}

static int op_exchange(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op)
{
    sc_table *o = NULL;
    const char *db;
    uint64_t sid, id;
    int rc;

    if (find_top(t->part, op->names[0]) < 0)
        return sc_exec__err(x, SC_ER_UNKNOWN_PARTITION, op->names[0], t->name);
    rc = other_table(x, &op->table, &db, &sid, &id, &o);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, op->table.name);
    if (rc == SC_OK)
        rc = same_structure(x, t, sc_table_definition(o));
    sc_table_free(o);
    return rc; /* rows move, definitions do not */
}

/* CONVERT PARTITION p TO TABLE n: p leaves t and becomes table n. */
static int op_convert_partition(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op)
{
    sc_table *o = NULL;
    sc_xtable n;
    const char *db;
    uint64_t sid, id;
    long k;
    plist l;
    int rc;

    if (!is_range(t->part->type) && !is_list(t->part->type))
        return sc_exec__err(x, SC_ER_ONLY_ON_RANGE_LIST_PARTITION, "CONVERT");
    if ((k = find_top(t->part, op->names[0])) < 0)
        return sc_exec__err(x, SC_ER_PARTITION_DOES_NOT_EXIST);
    if (n_top(t->part) == 1)
        return sc_exec__err(x, SC_ER_DROP_LAST_PARTITION);
    rc = other_table(x, &op->table, &db, &sid, &id, &o);
    sc_table_free(o);
    if (rc == SC_OK)
        return sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, op->table.name);
    if (rc != SC_ENOTFOUND)
        return rc;
    sc_ctx_clear_error(x->ctx);
    if ((rc = sc_exec__check_table_name(x, op->table.name)) != SC_OK)
        return rc;
    n = *t;
    n.name = op->table.name;
    n.schema = db;
    n.part = NULL;
    if ((rc = sc_exec__store_new(x, &n, sid)) != SC_OK)
        return rc;
    list_of(&l, t->part);
    list_remove(&l, (size_t)k, span(t->part, (size_t)k));
    return install(x, t, &l);
}

/* CONVERT TABLE n TO PARTITION def: n's definition becomes a partition of t. */
static int op_convert_table(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op)
{
    sc_table *o = NULL;
    const char *db;
    uint64_t sid, id;
    plist l;
    int rc;

    if (!is_range(t->part->type) && !is_list(t->part->type))
        return sc_exec__err(x, SC_ER_ONLY_ON_RANGE_LIST_PARTITION, "CONVERT");
    rc = other_table(x, &op->table, &db, &sid, &id, &o);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, op->table.name);
    if (rc == SC_OK)
        rc = same_structure(x, t, sc_table_definition(o));
    sc_table_free(o);
    if (rc != SC_OK)
        return rc;
    list_of(&l, t->part);
    if ((rc = append_defs(x, t, &l, op->part)) != SC_OK || (rc = install(x, t, &l)) != SC_OK)
        return rc;
    return sc_table_drop(x->txn, id);
}

/* Partition names of TRUNCATE / ANALYZE ...: ALL or existing ones. */
static int op_names_only(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op)
{
    for (size_t i = 0; !op->all && i < op->n_names; i++)
        if (find_top(t->part, op->names[i]) < 0)
            return sc_exec__err(x, SC_ER_UNKNOWN_PARTITION, op->names[i], t->name);
    return SC_OK;
}

/* The operations that change the partitioning, and what does each. */
static const struct {
    sc_ast_part_op_kind kind;
    int (*fn)(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op);
} part_ops[] = {
    {SC_AST_POP_ADD, op_add},
    {SC_AST_POP_DROP, op_drop},
    {SC_AST_POP_REORGANIZE, op_reorganize},
    {SC_AST_POP_COALESCE, op_coalesce},
    {SC_AST_POP_EXCHANGE, op_exchange},
    {SC_AST_POP_CONVERT_PARTITION, op_convert_partition},
    {SC_AST_POP_CONVERT_TABLE, op_convert_table},
};

int sc_exec__partition_alter(sc_exec *x, sc_xtable *t, const sc_ast_part_op *op, uint64_t table_id)
{
    (void)table_id;
    if (op->kind == SC_AST_POP_BY && t->n_fks && sc_exec__engine(t->engine) == SC_ENGINE_INNODB)
        return sc_exec__err(x, SC_ER_ROW_IS_REFERENCED);
    if (op->kind == SC_AST_POP_BY)
        return build(x, t, op->part, true);
    if (!t->part)
        return sc_exec__err(x, SC_ER_PARTITION_MGMT_ON_NONPARTITIONED);
    if (op->kind == SC_AST_POP_REMOVE) {
        t->part = NULL;
        return SC_OK;
    }
    for (size_t i = 0; i < sizeof(part_ops) / sizeof(part_ops[0]); i++)
        if (part_ops[i].kind == op->kind)
            return part_ops[i].fn(x, t, op);
    return op_names_only(x, t, op); /* TRUNCATE and maintenance: rows only */
}
