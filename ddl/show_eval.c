/*
 * show_eval.c - evaluation for the SHOW / information_schema layer
 * (ddl/show_stmt.h): SQL LIKE on UTF-8 text, WHERE conditions over the rows
 * of a result set builder, and the ORDER BY comparison.
 *
 * Values follow MariaDB's rules as far as information_schema queries need
 * them: three-valued logic (NULL is unknown), numbers compared as numbers
 * when either side is a number (a string side converted like CAST), strings
 * compared in utf8mb3_general_ci (the collation of every information_schema
 * text column: ASCII letters fold, trailing spaces are ignored; other
 * letters compare by their bytes, a simplification). COLLATE with a _bin or
 * binary collation and BINARY x compare bytes.
 *
 * Expressions are bound once (sc_show__bind): every column reference is
 * resolved to a builder column, and anything this evaluator cannot compute
 * is refused up front with MariaDB's error (1054 unknown column) or 1235.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/show_stmt.h"

/* Bytes of the UTF-8 character at s (1 for a stray byte). */
static size_t char_len(const char *s, size_t avail)
{
    size_t n = sc_utf8_char_len((const unsigned char *)s, avail);
    return n ? n : 1;
}

static bool same_char(const char *a, size_t an, const char *b, size_t bn, bool ci)
{
    if (an != bn)
        return false;
    if (an == 1 && ci)
        return tolower((unsigned char)*a) == tolower((unsigned char)*b);
    return memcmp(a, b, an) == 0;
}

/*
 * The pattern token at p[j]: kind '%', '_' or 'c' (a literal character,
 * escaped or not) with its bytes, and the token's length in the pattern.
 */
static size_t pattern_token(
    char *kind, const char **lit, size_t *lit_len, const char *p, size_t pn, size_t j, char escape)
{
    if (p[j] == '%' || p[j] == '_') {
        *kind = p[j];
        return 1;
    }
    *kind = 'c';
    if (p[j] == escape && j + 1 < pn) {
        *lit = p + j + 1;
        *lit_len = char_len(p + j + 1, pn - j - 1);
        return 1 + *lit_len;
    }
    *lit = p + j;
    *lit_len = char_len(p + j, pn - j);
    return *lit_len;
}

/*
 * Wildcard matching with one backtracking point (the last '%'), so time is
 * O(n * m) whatever the pattern: a '%' that fails resumes one character
 * further in s after the position it last matched from.
 */
bool sc_show__like(const char *s, size_t n, const char *p, size_t pn, char escape, bool ci)
{
    size_t i = 0, j = 0, star_j = 0, star_i = 0;
    bool star = false;

    while (i < n) {
        char kind = 0;
        const char *lit = NULL;
        size_t lit_len = 0,
               tok = j < pn ? pattern_token(&kind, &lit, &lit_len, p, pn, j, escape) : 0;
        size_t sk = char_len(s + i, n - i);
        if (kind == '%') {
            star = true;
            star_j = j + 1;
            star_i = i;
            j++;
        } else if (kind == '_' || (kind == 'c' && same_char(s + i, sk, lit, lit_len, ci))) {
            i += sk;
            j += tok;
        } else if (star) {
            star_i += char_len(s + star_i, n - star_i);
            i = star_i;
            j = star_j;
        } else {
            return false;
        }
    }
    while (j < pn && p[j] == '%')
        j++;
    return j == pn;
}

int sc_show__strcoll(const char *a, size_t an, const char *b, size_t bn, bool binary)
{
    size_t i = 0;

    if (!binary) { /* PAD SPACE */
        while (an > 0 && a[an - 1] == ' ')
            an--;
        while (bn > 0 && b[bn - 1] == ' ')
            bn--;
    }
    for (; i < an && i < bn; i++) {
        int ca = (unsigned char)a[i], cb = (unsigned char)b[i];
        if (!binary && ca < 0x80)
            ca = toupper(ca);
        if (!binary && cb < 0x80)
            cb = toupper(cb);
        if (ca != cb)
            return ca < cb ? -1 : 1;
    }
    return (an > i) - (bn > i);
}

/* ------------------------------------------------------------------ */
/* Values                                                               */

typedef enum vkind { V_NULL, V_STR, V_NUM } vkind;

typedef struct val {
    vkind kind;
    const char *s; /* V_STR: bytes (may be in the arena or the builder) */
    size_t n;
    double d;    /* V_NUM */
    bool binary; /* compare bytes (BINARY x, COLLATE ..._bin) */
} val;

static val v_null(void)
{
    val v = {V_NULL, NULL, 0, 0, false};
    return v;
}

static val v_num(double d)
{
    val v = {V_NUM, NULL, 0, d, false};
    return v;
}

static val v_str(const char *s, size_t n)
{
    val v = {V_STR, s, n, 0, false};
    return v;
}

/* A string as a number, as MariaDB converts it (leading number, else 0). */
static double to_num(const val *v)
{
    char buf[64];
    size_t n;

    if (v->kind == V_NUM)
        return v->d;
    n = v->n < sizeof(buf) - 1 ? v->n : sizeof(buf) - 1;
    memcpy(buf, v->s, n);
    buf[n] = '\0';
    return strtod(buf, NULL);
}

/* Compare two non-NULL values: numbers when either is one, else strings. */
static int compare(const val *a, const val *b)
{
    if (a->kind == V_NUM || b->kind == V_NUM) {
        double x = to_num(a), y = to_num(b);
        return (x > y) - (x < y);
    }
    return sc_show__strcoll(a->s, a->n, b->s, b->n, a->binary || b->binary);
}

/* ------------------------------------------------------------------ */
/* Binding                                                              */

static int unsupported(sc_show_eval *ev, const sc_expr *e)
{
    const char *text = sc_exec__printf(ev->x, "%.*s in an information_schema query",
                                       (int)(e->end - e->start), ev->sql + e->start);
    return sc_exec__err(ev->x, SC_ER_NOT_SUPPORTED_YET, text ? text : "this expression");
}

static bool is_func(const sc_expr *e, const char *name)
{
    return e->kind == SC_AST_EXPR_FUNC && strcasecmp(e->name, name) == 0;
}

static int bind_column(sc_show_eval *ev, const sc_expr *e)
{
    long col = -1;
    sc_show_bind *b;

    if (e->qual_table && ev->table_name && strcasecmp(e->qual_table, ev->table_name) != 0 &&
        (!ev->table_alias || strcmp(e->qual_table, ev->table_alias) != 0))
        col = -1;
    else if (ev->resolve)
        col = ev->resolve(ev, e->name);
    if (col < 0) {
        const char *name =
            e->qual_table ? sc_exec__printf(ev->x, "%s.%s", e->qual_table, e->name) : e->name;
        return sc_exec__err(ev->x, SC_ER_BAD_FIELD_ERROR, name ? name : e->name, ev->clause);
    }
    b = sc_exec__alloc(ev->x, sizeof(*b));
    if (!b)
        return SC_ENOMEM;
    b->e = e;
    b->col = (size_t)col;
    b->next = ev->binds;
    ev->binds = b;
    return SC_OK;
}

static bool supported_func(const sc_expr *e)
{
    static const char *const names[] = {"DATABASE", "SCHEMA", "LOWER",      "LCASE",
                                        "UPPER",    "UCASE",  "CONCAT",     "IFNULL",
                                        "COALESCE", "LENGTH", "CHAR_LENGTH"};
    if (e->form != SC_AST_FUNC_PLAIN || e->distinct)
        return false;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcasecmp(e->name, names[i]) == 0)
            return true;
    return false;
}

static bool supported_op(sc_ast_op op)
{
    switch (op) {
    case SC_AST_OP_OR:
    case SC_AST_OP_XOR:
    case SC_AST_OP_AND:
    case SC_AST_OP_EQ:
    case SC_AST_OP_NSEQ:
    case SC_AST_OP_NE:
    case SC_AST_OP_LT:
    case SC_AST_OP_LE:
    case SC_AST_OP_GT:
    case SC_AST_OP_GE:
    case SC_AST_OP_ADD:
    case SC_AST_OP_SUB:
    case SC_AST_OP_MUL:
    case SC_AST_OP_NEG:
    case SC_AST_OP_NOT:
    case SC_AST_OP_BINARY:
        return true;
    default:
        return false;
    }
}

int sc_show__bind(sc_show_eval *ev, const sc_expr *e)
{
    switch (e->kind) {
    case SC_AST_EXPR_LITERAL:
        if (e->lit.kind == SC_AST_LIT_HEX || e->lit.kind == SC_AST_LIT_BIT)
            return unsupported(ev, e);
        break;
    case SC_AST_EXPR_COLUMN:
        return bind_column(ev, e);
    case SC_AST_EXPR_FUNC:
        if (!supported_func(e))
            return unsupported(ev, e);
        break;
    case SC_AST_EXPR_UNARY:
    case SC_AST_EXPR_BINARY:
        if (!supported_op(e->op))
            return unsupported(ev, e);
        break;
    case SC_AST_EXPR_IS:
    case SC_AST_EXPR_BETWEEN:
    case SC_AST_EXPR_IN:
    case SC_AST_EXPR_LIKE:
    case SC_AST_EXPR_COLLATE:
        break;
    default:
        return unsupported(ev, e);
    }
    for (size_t i = 0; i < e->n_args; i++) {
        int rc = sc_show__bind(ev, e->args[i]);
        if (rc != SC_OK)
            return rc;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Evaluation                                                           */

static int eval(val *out, sc_show_eval *ev, const sc_expr *e, size_t row);

static val column_value(sc_show_eval *ev, const sc_expr *e, size_t row)
{
    for (const sc_show_bind *b = ev->binds; b; b = b->next)
        if (b->e == e) {
            const char *data;
            size_t len;
            sc_rs__get(&data, &len, ev->src, row, b->col);
            if (!data)
                return v_null();
            if (ev->src->cols[b->col].flags & SC_FIELD_NUM) {
                val v = v_str(data, len);
                return v_num(to_num(&v));
            }
            return v_str(data, len);
        }
    return v_null(); /* not bound: cannot happen after sc_show__bind */
}

static val literal(const sc_expr *e)
{
    switch (e->lit.kind) {
    case SC_AST_LIT_NULL:
        return v_null();
    case SC_AST_LIT_INT:
    case SC_AST_LIT_DECIMAL:
    case SC_AST_LIT_FLOAT:
    case SC_AST_LIT_BOOL: {
        val v = v_str(e->lit.text.s, e->lit.text.len);
        double d = to_num(&v);
        return v_num(e->lit.negative ? -d : d);
    }
    default:
        return v_str(e->lit.text.s ? e->lit.text.s : "", e->lit.text.len);
    }
}

/* Truth of a value: NULL unknown (-1), else 0/1. */
static int truth(const val *v)
{
    if (v->kind == V_NULL)
        return -1;
    return to_num(v) != 0;
}

static val from_truth(int t)
{
    return t < 0 ? v_null() : v_num(t);
}

static int eval_logic(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val a, b;
    int ta, tb;

    if (e->op == SC_AST_OP_NOT) {
        SC_TRY(eval(&a, ev, e->args[0], row));
        ta = truth(&a);
        *out = from_truth(ta < 0 ? -1 : !ta);
        return SC_OK;
    }
    SC_TRY(eval(&a, ev, e->args[0], row));
    SC_TRY(eval(&b, ev, e->args[1], row));
    ta = truth(&a);
    tb = truth(&b);
    if (e->op == SC_AST_OP_AND)
        *out = from_truth(ta == 0 || tb == 0 ? 0 : (ta < 0 || tb < 0 ? -1 : 1));
    else if (e->op == SC_AST_OP_OR)
        *out = from_truth(ta == 1 || tb == 1 ? 1 : (ta < 0 || tb < 0 ? -1 : 0));
    else
        *out = from_truth(ta < 0 || tb < 0 ? -1 : ta != tb);
    return SC_OK;
}

static int eval_compare(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val a, b;
    int c;

    SC_TRY(eval(&a, ev, e->args[0], row));
    SC_TRY(eval(&b, ev, e->args[1], row));
    if (e->op == SC_AST_OP_NSEQ) {
        *out =
            v_num(a.kind == V_NULL || b.kind == V_NULL ? a.kind == b.kind : compare(&a, &b) == 0);
        return SC_OK;
    }
    if (a.kind == V_NULL || b.kind == V_NULL) {
        *out = v_null();
        return SC_OK;
    }
    c = compare(&a, &b);
    switch (e->op) {
    case SC_AST_OP_EQ:
        *out = v_num(c == 0);
        break;
    case SC_AST_OP_NE:
        *out = v_num(c != 0);
        break;
    case SC_AST_OP_LT:
        *out = v_num(c < 0);
        break;
    case SC_AST_OP_LE:
        *out = v_num(c <= 0);
        break;
    case SC_AST_OP_GT:
        *out = v_num(c > 0);
        break;
    default:
        *out = v_num(c >= 0);
        break;
    }
    return SC_OK;
}

static int eval_arith(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val a, b;

    SC_TRY(eval(&a, ev, e->args[0], row));
    if (e->op == SC_AST_OP_NEG) {
        *out = a.kind == V_NULL ? a : v_num(-to_num(&a));
        return SC_OK;
    }
    if (e->op == SC_AST_OP_BINARY) {
        *out = a;
        out->binary = true;
        return SC_OK;
    }
    SC_TRY(eval(&b, ev, e->args[1], row));
    if (a.kind == V_NULL || b.kind == V_NULL) {
        *out = v_null();
        return SC_OK;
    }
    *out = v_num(e->op == SC_AST_OP_ADD   ? to_num(&a) + to_num(&b)
                 : e->op == SC_AST_OP_SUB ? to_num(&a) - to_num(&b)
                                          : to_num(&a) * to_num(&b));
    return SC_OK;
}

static int eval_in(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val a, b;
    bool null_seen = false;

    SC_TRY(eval(&a, ev, e->args[0], row));
    if (a.kind == V_NULL) {
        *out = v_null();
        return SC_OK;
    }
    for (size_t i = 1; i < e->n_args; i++) {
        SC_TRY(eval(&b, ev, e->args[i], row));
        if (b.kind == V_NULL) {
            null_seen = true;
        } else if (compare(&a, &b) == 0) {
            *out = v_num(!e->negated);
            return SC_OK;
        }
    }
    *out = null_seen ? v_null() : v_num(e->negated);
    return SC_OK;
}

static int eval_like(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val a, p, esc = v_str("\\", 1);
    char abuf[64], pbuf[64];
    bool m;

    SC_TRY(eval(&a, ev, e->args[0], row));
    SC_TRY(eval(&p, ev, e->args[1], row));
    if (e->n_args > 2)
        SC_TRY(eval(&esc, ev, e->args[2], row));
    if (a.kind == V_NULL || p.kind == V_NULL) {
        *out = v_null();
        return SC_OK;
    }
    if (a.kind == V_NUM) { /* a number matches as its text */
        a.n = (size_t)snprintf(abuf, sizeof(abuf), "%.15g", a.d);
        a.s = abuf;
    }
    if (p.kind == V_NUM) {
        p.n = (size_t)snprintf(pbuf, sizeof(pbuf), "%.15g", p.d);
        p.s = pbuf;
    }
    m = sc_show__like(a.s, a.n, p.s, p.n, esc.kind == V_STR && esc.n ? esc.s[0] : '\\',
                      !(a.binary || p.binary));
    *out = v_num(m != e->negated);
    return SC_OK;
}

static int eval_between(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val a, lo, hi;

    SC_TRY(eval(&a, ev, e->args[0], row));
    SC_TRY(eval(&lo, ev, e->args[1], row));
    SC_TRY(eval(&hi, ev, e->args[2], row));
    if (a.kind == V_NULL || lo.kind == V_NULL || hi.kind == V_NULL) {
        *out = v_null();
        return SC_OK;
    }
    *out = v_num((compare(&a, &lo) >= 0 && compare(&a, &hi) <= 0) != e->negated);
    return SC_OK;
}

static int eval_is(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val a;
    int t;
    bool r;

    SC_TRY(eval(&a, ev, e->args[0], row));
    t = truth(&a);
    switch (e->is_what) {
    case SC_AST_IS_NULL:
    case SC_AST_IS_UNKNOWN:
        r = t < 0;
        break;
    case SC_AST_IS_TRUE:
        r = t == 1;
        break;
    default:
        r = t == 0;
        break;
    }
    *out = v_num(r != e->negated);
    return SC_OK;
}

/* Text of a value into the arena (numbers as %.15g); NULL stays NULL. */
static int as_text(val *v, sc_show_eval *ev)
{
    if (v->kind == V_NUM) {
        char *s = sc_exec__printf(ev->x, "%.15g", v->d);
        if (!s)
            return SC_ENOMEM;
        *v = v_str(s, strlen(s));
    }
    return SC_OK;
}

static int eval_func(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val a;

    if (is_func(e, "DATABASE") || is_func(e, "SCHEMA")) {
        const char *db = ev->x->s->database;
        *out = db ? v_str(db, strlen(db)) : v_null();
        return SC_OK;
    }
    if (is_func(e, "IFNULL") || is_func(e, "COALESCE")) {
        *out = v_null();
        for (size_t i = 0; i < e->n_args && out->kind == V_NULL; i++)
            SC_TRY(eval(out, ev, e->args[i], row));
        return SC_OK;
    }
    if (is_func(e, "CONCAT")) {
        sc_buf b = SC_BUF_INIT(ev->x->ctx);
        char *s;
        for (size_t i = 0; i < e->n_args; i++) {
            SC_TRY(eval(&a, ev, e->args[i], row));
            SC_TRY(as_text(&a, ev));
            if (a.kind == V_NULL) {
                sc__buf_free(&b);
                *out = v_null();
                return SC_OK;
            }
            sc__buf_put(&b, a.s, a.n);
        }
        s = sc_exec__strdup(ev->x, b.text ? b.text : "");
        sc__buf_free(&b);
        if (!s)
            return SC_ENOMEM;
        *out = v_str(s, strlen(s));
        return SC_OK;
    }
    if (e->n_args != 1)
        return sc_exec__err(ev->x, SC_ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT, e->name);
    SC_TRY(eval(&a, ev, e->args[0], row));
    SC_TRY(as_text(&a, ev));
    if (a.kind == V_NULL) {
        *out = a;
        return SC_OK;
    }
    if (is_func(e, "LENGTH") || is_func(e, "CHAR_LENGTH")) {
        size_t n = 0;
        for (size_t i = 0; i < a.n; i += char_len(a.s + i, a.n - i))
            n++;
        *out = v_num((double)(is_func(e, "LENGTH") ? a.n : n));
        return SC_OK;
    }
    char *s = sc_exec__alloc(ev->x, a.n + 1);
    bool up = is_func(e, "UPPER") || is_func(e, "UCASE");
    if (!s)
        return SC_ENOMEM;
    for (size_t i = 0; i < a.n; i++)
        s[i] = (char)(up ? toupper((unsigned char)a.s[i]) : tolower((unsigned char)a.s[i]));
    s[a.n] = '\0';
    *out = v_str(s, a.n);
    return SC_OK;
}

static int eval(val *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    switch (e->kind) {
    case SC_AST_EXPR_LITERAL:
        *out = literal(e);
        return SC_OK;
    case SC_AST_EXPR_COLUMN:
        *out = column_value(ev, e, row);
        return SC_OK;
    case SC_AST_EXPR_FUNC:
        return eval_func(out, ev, e, row);
    case SC_AST_EXPR_IS:
        return eval_is(out, ev, e, row);
    case SC_AST_EXPR_BETWEEN:
        return eval_between(out, ev, e, row);
    case SC_AST_EXPR_IN:
        return eval_in(out, ev, e, row);
    case SC_AST_EXPR_LIKE:
        return eval_like(out, ev, e, row);
    case SC_AST_EXPR_COLLATE:
        SC_TRY(eval(out, ev, e->args[0], row));
        out->binary =
            e->name &&
            (strcasecmp(e->name, "binary") == 0 ||
             (strlen(e->name) > 4 && strcasecmp(e->name + strlen(e->name) - 4, "_bin") == 0));
        return SC_OK;
    default: /* UNARY, BINARY */
        if (e->op == SC_AST_OP_AND || e->op == SC_AST_OP_OR || e->op == SC_AST_OP_XOR ||
            e->op == SC_AST_OP_NOT)
            return eval_logic(out, ev, e, row);
        if (e->op >= SC_AST_OP_EQ && e->op <= SC_AST_OP_GE)
            return eval_compare(out, ev, e, row);
        return eval_arith(out, ev, e, row);
    }
}

int sc_show__test(bool *out, sc_show_eval *ev, const sc_expr *e, size_t row)
{
    val v;
    int rc = eval(&v, ev, e, row);

    *out = rc == SC_OK && truth(&v) == 1;
    return rc;
}

int sc_show__compare_rows(const sc_rs *src, size_t col, size_t ra, size_t rb)
{
    const char *da, *db;
    size_t la, lb;

    sc_rs__get(&da, &la, src, ra, col);
    sc_rs__get(&db, &lb, src, rb, col);
    if (!da || !db) /* NULL sorts first */
        return (da != NULL) - (db != NULL);
    if (src->cols[col].flags & SC_FIELD_NUM) {
        val a = v_str(da, la), b = v_str(db, lb);
        double x = to_num(&a), y = to_num(&b);
        return (x > y) - (x < y);
    }
    return sc_show__strcoll(da, la, db, lb, src->cols[col].charsetnr == SC_CHARSET_BINARY);
}
