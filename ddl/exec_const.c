/*
 * exec_const.c - constant DEFAULT expressions evaluated when the table is
 * written, as MariaDB 10.11 does (unireg.cc make_empty_rec(): a DEFAULT
 * expression that reads no column and calls nothing non-deterministic,
 * time- or session-dependent is computed once and stored into the default
 * record). What the column cannot store is refused as a literal default is
 * (1264/1265/1366 and 1067, in every sql_mode), a BIGINT overflow on the way
 * is 1690 followed by 1067, a division by zero Warning 1365 (and 1067 for a
 * NOT NULL column). SHOW CREATE still prints the expression as written.
 *
 * The evaluator covers arithmetic and bit operators over number and string
 * literals with MariaDB's result types (measured on 10.11.19, docs/ddl.md):
 * integers signed unless an operand is unsigned (~, <<, >>, &, |, ^ give
 * BIGINT UNSIGNED), DECIMAL once a DECIMAL operand or `/` is involved (scale
 * of the operands, the sum for `*`, +4 for `/`: div_precision_increment),
 * DOUBLE once a float or string operand is, and the functions of call()
 * (CONCAT, UPPER, LOWER, REPEAT, ABS). Anything else (other functions,
 * columns, comparisons) is left unevaluated: such a default is accepted as
 * before, which is what MariaDB does for the non-constant ones.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/errmsg.h"
#include "ddl/exec.h"
#include "ddl/types.h"

__extension__ typedef __int128 i128;

typedef enum { CV_UNKNOWN, CV_NULL, CV_INT, CV_UINT, CV_DEC, CV_REAL, CV_STR } cv_kind;

typedef struct cval {
    cv_kind kind;
    int64_t i;     /* CV_INT */
    uint64_t u;    /* CV_UINT */
    long double d; /* CV_DEC (scale digits after the point) and CV_REAL */
    int scale;
    const char *s; /* CV_STR */
} cval;

#define MAX_SCALE 38         /* DECIMAL_MAX_SCALE */
#define MAX_PACKET 16777216u /* max_allowed_packet's default: REPEAT()'s longest result */

static unsigned hex_digit(char ch)
{
    return ch >= '0' && ch <= '9' ? (unsigned)(ch - '0')
           : ch >= 'a'            ? (unsigned)(ch - 'a' + 10)
                                  : (unsigned)(ch - 'A' + 10);
}

static cval unknown(void)
{
    cval v = {CV_UNKNOWN, 0, 0, 0, 0, NULL};
    return v;
}

/* An integer literal's digits: INT, UINT past INT64_MAX, DECIMAL past UINT64_MAX. */
static cval int_literal(const char *digits, bool negative)
{
    cval v = unknown();
    char *end;
    unsigned long long u;

    errno = 0;
    u = strtoull(digits, &end, 10);
    if (*end || errno) {
        v.kind = CV_DEC;
        v.d = strtold(digits, NULL) * (negative ? -1 : 1);
        return v;
    }
    if (negative) {
        if (u > (unsigned long long)INT64_MAX + 1) {
            v.kind = CV_DEC;
            v.d = -(long double)u;
        } else {
            v.kind = CV_INT;
            v.i = u == (unsigned long long)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
        }
        return v;
    }
    v.kind = u > INT64_MAX ? CV_UINT : CV_INT;
    v.u = u;
    v.i = (int64_t)u;
    return v;
}

/*
 * A hex or bit literal: 0x41 and b'1' are numbers in arithmetic (their
 * last 8 bytes), X'41' is the byte string 'A' (Item_hex_string) and
 * converts as a string does (10.11.19: DEFAULT (X'41' + 0) warns 1292).
 */
static cval hex_literal(sc_exec *x, const sc_ast_lit *l)
{
    size_t nd = l->text.len, bits = l->kind == SC_AST_LIT_HEX ? 4 : 1;
    size_t nb = (nd * bits + 7) / 8;
    cval v = unknown();
    uint64_t u = 0;
    char *b;

    if (l->introducer)
        return v;
    if (l->zero_x || l->kind == SC_AST_LIT_BIT) {
        for (size_t i = nd > 64 / bits ? nd - 64 / bits : 0; i < nd; i++)
            u = (u << bits) | hex_digit(l->text.s[i]);
        v.kind = CV_UINT;
        v.u = u;
        v.i = (int64_t)u;
        return v;
    }
    if (!(b = sc_exec__alloc(x, nb + 1)))
        return v;
    for (size_t i = 0; i < nd; i++) {
        size_t bit = i * bits;
        b[nb - 1 - bit / 8] = (char)((unsigned char)b[nb - 1 - bit / 8] |
                                     (hex_digit(l->text.s[nd - 1 - i]) << (bit % 8)));
    }
    if (memchr(b, '\0', nb))
        return v;
    v.kind = CV_STR;
    v.s = b;
    return v;
}

static cval literal(sc_exec *x, const sc_ast_lit *l)
{
    cval v = unknown();
    const char *dot;

    switch (l->kind) {
    case SC_AST_LIT_NULL:
        v.kind = CV_NULL;
        return v;
    case SC_AST_LIT_INT:
    case SC_AST_LIT_BOOL:
        return int_literal(l->text.s, l->negative);
    case SC_AST_LIT_DECIMAL:
        v.kind = CV_DEC;
        v.d = strtold(l->text.s, NULL) * (l->negative ? -1 : 1);
        dot = strchr(l->text.s, '.');
        v.scale = dot ? (int)strlen(dot + 1) : 0;
        return v;
    case SC_AST_LIT_FLOAT:
        v.kind = CV_REAL;
        v.d = strtod(l->text.s, NULL) * (l->negative ? -1 : 1);
        return v;
    case SC_AST_LIT_STRING:
        if (l->introducer || memchr(l->text.s, '\0', l->text.len))
            return v;
        v.kind = CV_STR;
        v.s = l->text.s;
        return v;
    case SC_AST_LIT_HEX:
    case SC_AST_LIT_BIT:
        return hex_literal(x, l);
    default:
        return v; /* temporal literals: not evaluated here */
    }
}

/*
 * A string as DOUBLE, as MariaDB reads one: leading spaces, then the longest
 * [+-]digits[.digits][e[+-]digits]; what follows is Warning 1292 (Note when
 * it is only spaces), no number at all is 0 with the warning.
 */
static long double string_real(sc_exec *x, const char *s)
{
    const char *p = s, *q;
    char buf[128];
    size_t n;

    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    q = p + (*p == '+' || *p == '-');
    n = strspn(q, "0123456789");
    q += n;
    if (*q == '.') {
        size_t f = strspn(q + 1, "0123456789");
        if (n || f) {
            q += 1 + f;
            n += f;
        }
    }
    if (n && (*q == 'e' || *q == 'E')) {
        const char *e = q + 1 + (q[1] == '+' || q[1] == '-');
        if (*e >= '0' && *e <= '9')
            q = e + strspn(e, "0123456789");
    }
    if (!n || *q) {
        bool spaces = n && q[strspn(q, " ")] == '\0';
        if (spaces)
            sc_exec__warn(x, SC_ER_TRUNCATED_WRONG_VALUE_DOUBLE, s);
        else
            sc_exec__warning(x, SC_ER_TRUNCATED_WRONG_VALUE_DOUBLE, s);
    }
    if (!n || (size_t)(q - p) >= sizeof buf)
        return 0;
    memcpy(buf, p, (size_t)(q - p));
    buf[q - p] = '\0';
    return strtold(buf, NULL);
}

/* A number operand as DOUBLE (a string as string_real() reads it). */
static bool as_real(sc_exec *x, const cval *v, long double *out)
{
    switch (v->kind) {
    case CV_INT:
        *out = (long double)v->i;
        return true;
    case CV_UINT:
        *out = (long double)v->u;
        return true;
    case CV_DEC:
    case CV_REAL:
        *out = v->d;
        return true;
    case CV_STR:
        *out = string_real(x, v->s);
        return true;
    default:
        return false;
    }
}

/* An operand as a 64-bit pattern for the bit operators (numbers round). */
static bool as_bits(const cval *v, uint64_t *out)
{
    long double r;

    if (v->kind == CV_INT || v->kind == CV_UINT) {
        *out = v->kind == CV_INT ? (uint64_t)v->i : v->u;
        return true;
    }
    if (v->kind != CV_DEC || !as_real(NULL, v, &r) || fabsl(r) >= 9.2e18L)
        return false;
    *out = (uint64_t)(int64_t)llroundl(r);
    return true;
}

static i128 as_i128(const cval *v)
{
    return v->kind == CV_INT ? (i128)v->i : (i128)v->u;
}

/* 1690 for an integer result out of BIGINT [UNSIGNED] (MariaDB prints the node). */
static int out_of_range(sc_exec *x, const sc_expr *e, bool uns)
{
    const char *text = sc_exec__expr_text(x, e);

    return text ? sc_exec__err(x, SC_ER_DATA_OUT_OF_RANGE, uns ? "BIGINT UNSIGNED" : "BIGINT", text)
                : SC_ENOMEM;
}

/* Integer + - * (operands INT/UINT); rc set for 1690. */
static cval int_arith(sc_exec *x, const sc_expr *e, const cval *a, const cval *b, int *rc)
{
    bool uns = a->kind == CV_UINT || b->kind == CV_UINT;
    i128 l = as_i128(a), r = as_i128(b), res = 0;
    cval v = unknown();

    if (e->op == SC_AST_OP_ADD)
        res = l + r;
    else if (e->op == SC_AST_OP_SUB)
        res = l - r;
    else if (__builtin_mul_overflow(l, r, &res)) {
        *rc = out_of_range(x, e, uns);
        return v;
    }
    if (uns ? (res < 0 || res > (i128)UINT64_MAX) : (res < INT64_MIN || res > INT64_MAX)) {
        *rc = out_of_range(x, e, uns);
        return v;
    }
    v.kind = uns ? CV_UINT : CV_INT;
    v.u = (uint64_t)res;
    v.i = (int64_t)res;
    return v;
}

static int scale_of(const cval *v)
{
    return v->kind == CV_DEC ? v->scale : 0;
}

static cval division_by_zero(sc_exec *x)
{
    cval v = unknown();

    sc_exec__warning(x, SC_ER_DIVISION_BY_ZERO);
    v.kind = CV_NULL;
    return v;
}

/* + - * / DIV MOD on numbers: the result type as MariaDB's. */
static cval arith(sc_exec *x, const sc_expr *e, const cval *a, const cval *b, int *rc)
{
    bool ints =
        (a->kind == CV_INT || a->kind == CV_UINT) && (b->kind == CV_INT || b->kind == CV_UINT);
    bool real = a->kind == CV_REAL || b->kind == CV_REAL || a->kind == CV_STR || b->kind == CV_STR;
    long double l, r;
    cval v = unknown();

    if (!as_real(x, a, &l) || !as_real(x, b, &r))
        return v;
    if ((e->op == SC_AST_OP_DIV || e->op == SC_AST_OP_INTDIV || e->op == SC_AST_OP_MOD) && r == 0)
        return division_by_zero(x);
    if (ints && e->op != SC_AST_OP_DIV && e->op != SC_AST_OP_INTDIV && e->op != SC_AST_OP_MOD)
        return int_arith(x, e, a, b, rc);
    if (e->op == SC_AST_OP_INTDIV) {
        long double q = truncl(l / r);
        if (fabsl(q) >= 9.2e18L)
            return v;
        v.kind = CV_INT;
        v.i = (int64_t)q;
        return v;
    }
    v.kind = real ? CV_REAL : CV_DEC;
    switch (e->op) {
    case SC_AST_OP_ADD:
        v.d = l + r;
        v.scale = scale_of(a) > scale_of(b) ? scale_of(a) : scale_of(b);
        break;
    case SC_AST_OP_SUB:
        v.d = l - r;
        v.scale = scale_of(a) > scale_of(b) ? scale_of(a) : scale_of(b);
        break;
    case SC_AST_OP_MUL:
        v.d = l * r;
        v.scale = scale_of(a) + scale_of(b);
        break;
    case SC_AST_OP_DIV:
        v.d = l / r;
        v.scale = scale_of(a) + 4;
        break;
    default: /* MOD */
        if (ints) {
            v = a->kind == CV_UINT || b->kind == CV_UINT ? unknown() : *a;
            if (v.kind == CV_INT)
                v.i = a->i % b->i;
            return v;
        }
        v.d = fmodl(l, r);
        v.scale = scale_of(a) > scale_of(b) ? scale_of(a) : scale_of(b);
        break;
    }
    if (v.kind == CV_DEC && v.scale > MAX_SCALE)
        v.scale = MAX_SCALE;
    if (real && v.kind == CV_REAL)
        v.d = (double)v.d;
    return v;
}

static cval bits(const sc_expr *e, const cval *a, const cval *b)
{
    uint64_t l = 0, r = 0;
    cval v = unknown();

    if (!as_bits(a, &l) || (b && !as_bits(b, &r)))
        return v;
    v.kind = CV_UINT;
    switch (e->op) {
    case SC_AST_OP_BITNOT:
        v.u = ~l;
        break;
    case SC_AST_OP_SHL:
        v.u = r >= 64 ? 0 : l << r;
        break;
    case SC_AST_OP_SHR:
        v.u = r >= 64 ? 0 : l >> r;
        break;
    case SC_AST_OP_BITAND:
        v.u = l & r;
        break;
    case SC_AST_OP_BITOR:
        v.u = l | r;
        break;
    default:
        v.u = l ^ r;
        break;
    }
    v.i = (int64_t)v.u;
    return v;
}

static cval negate(sc_exec *x, const cval *a)
{
    cval v = *a;
    long double r;

    if (a->kind == CV_INT && a->i != INT64_MIN) {
        v.i = -a->i;
        v.u = (uint64_t)v.i;
        return v;
    }
    if (a->kind == CV_UINT && a->u <= (uint64_t)INT64_MAX) {
        v.kind = CV_INT;
        v.i = -(int64_t)a->u;
        return v;
    }
    if (!as_real(x, a, &r))
        return unknown();
    /* -INT64_MIN and a negated BIGINT UNSIGNED are DECIMAL, a string DOUBLE */
    v.kind = a->kind == CV_REAL || a->kind == CV_STR ? CV_REAL : CV_DEC;
    v.d = -r;
    return v;
}

static cval eval(sc_exec *x, const sc_expr *e, int *rc);

/* A value as CONCAT() reads it: strings as they are, integers and decimals
 * in digits; NULL for a DOUBLE (MariaDB's float formatting is not done here). */
static const char *as_text(sc_exec *x, const cval *v)
{
    switch (v->kind) {
    case CV_STR:
        return v->s;
    case CV_INT:
        return sc_exec__printf(x, "%lld", (long long)v->i);
    case CV_UINT:
        return sc_exec__printf(x, "%llu", (unsigned long long)v->u);
    case CV_DEC:
        return fabsl(v->d) < 1e30L ? sc_exec__printf(x, "%.*Lf", v->scale, v->d) : NULL;
    default:
        return NULL;
    }
}

static bool ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80)
            return false;
    return true;
}

static cval text_value(const char *s)
{
    cval v = unknown();

    if (s) {
        v.kind = CV_STR;
        v.s = s;
    }
    return v;
}

static cval concat(sc_exec *x, const cval *a, size_t n)
{
    size_t len = 0;
    char *out;

    for (size_t i = 0; i < n; i++)
        if (!as_text(x, &a[i]))
            return unknown();
    for (size_t i = 0; i < n; i++)
        len += strlen(as_text(x, &a[i]));
    if (len > 4096 || !(out = sc_exec__printf(x, "%*s", (int)len, "")))
        return unknown();
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        strcat(out, as_text(x, &a[i]));
    return text_value(out);
}

/* UPPER/LOWER of an ASCII string (other characters: the collation's case
 * mapping, not done here). */
static cval change_case(sc_exec *x, const cval *a, bool up)
{
    const char *s = as_text(x, a);
    char *out;

    if (!s || !ascii(s) || !(out = sc_exec__strdup(x, s)))
        return unknown();
    for (char *c = out; *c; c++)
        *c = (char)(up ? toupper((unsigned char)*c) : tolower((unsigned char)*c));
    return text_value(out);
}

/* REPEAT(str, count) up to 4 KiB (a longer default is not judged here). */
static cval repeat(sc_exec *x, const cval *a, const cval *n)
{
    const char *s = as_text(x, a);
    size_t len = s ? strlen(s) : 0, k;
    uint64_t count;
    char *out;
    cval v;

    if (!s || (n->kind != CV_INT && n->kind != CV_UINT))
        return unknown();
    if (len == 0 || (n->kind == CV_INT && n->i <= 0))
        return text_value("");
    count = n->kind == CV_INT ? (uint64_t)n->i : n->u;
    if (count > MAX_PACKET / len) { /* NULL (max_allowed_packet, 16 MiB by default) */
        sc_exec__warning(x, SC_ER_WARN_ALLOWED_PACKET_OVERFLOWED, "repeat", (long)MAX_PACKET);
        v = unknown();
        v.kind = CV_NULL;
        return v;
    }
    if (count > 4096)
        return unknown();
    k = (size_t)count;
    if (len * k > 4096 || !(out = sc_exec__printf(x, "%*s", (int)(len * k), "")))
        return unknown();
    for (size_t i = 0; i < k; i++)
        memcpy(out + i * len, s, len);
    return text_value(out);
}

static cval absolute(sc_exec *x, const cval *a)
{
    cval v = *a;
    long double r;

    switch (a->kind) {
    case CV_INT:
        if (a->i == INT64_MIN)
            return unknown(); /* BIGINT overflow: 1690, not modelled here */
        v.i = a->i < 0 ? -a->i : a->i;
        return v;
    case CV_UINT:
        return v;
    case CV_DEC:
        v.d = fabsl(a->d);
        return v;
    default:
        if (!as_real(x, a, &r))
            return unknown();
        v.kind = CV_REAL;
        v.d = fabsl(r);
        return v;
    }
}

/*
 * The deterministic built-in functions a constant DEFAULT commonly calls:
 * CONCAT, UPPER/UCASE, LOWER/LCASE, REPEAT, ABS. NULL in, NULL out; any
 * other function, or an argument not known, leaves the default unjudged.
 */
static cval call(sc_exec *x, const sc_expr *e, int *rc)
{
    static const char *const known[] = {"CONCAT", "UPPER",  "UCASE", "LOWER",
                                        "LCASE",  "REPEAT", "ABS"};
    cval args[8];
    size_t k;

    if (e->form != SC_AST_FUNC_PLAIN || e->qual_db || e->n_args == 0 ||
        e->n_args > sizeof(args) / sizeof(args[0]))
        return unknown();
    for (k = 0; k < sizeof(known) / sizeof(known[0]); k++)
        if (strcasecmp(e->name, known[k]) == 0)
            break;
    if (k == sizeof(known) / sizeof(known[0]))
        return unknown();
    for (size_t i = 0; i < e->n_args; i++) {
        args[i] = eval(x, e->args[i], rc);
        if (*rc != SC_OK || args[i].kind == CV_UNKNOWN)
            return unknown();
        if (args[i].kind == CV_NULL)
            return args[i];
    }
    if (strcasecmp(e->name, "CONCAT") == 0)
        return concat(x, args, e->n_args);
    if (e->n_args == 2 && strcasecmp(e->name, "REPEAT") == 0)
        return repeat(x, &args[0], &args[1]);
    if (e->n_args != 1)
        return unknown(); /* a wrong count is refused before (1582) */
    if (strcasecmp(e->name, "ABS") == 0)
        return absolute(x, &args[0]);
    return change_case(x, &args[0], toupper((unsigned char)e->name[0]) == 'U');
}

static cval eval(sc_exec *x, const sc_expr *e, int *rc)
{
    cval a, b;

    if (*rc != SC_OK)
        return unknown();
    if (e->kind == SC_AST_EXPR_LITERAL)
        return literal(x, &e->lit);
    if (e->kind == SC_AST_EXPR_FUNC)
        return call(x, e, rc);
    if (e->kind == SC_AST_EXPR_UNARY && (e->op == SC_AST_OP_NEG || e->op == SC_AST_OP_BITNOT)) {
        a = eval(x, e->args[0], rc);
        if (a.kind == CV_UNKNOWN || a.kind == CV_NULL)
            return a;
        return e->op == SC_AST_OP_NEG ? negate(x, &a) : bits(e, &a, NULL);
    }
    if (e->kind != SC_AST_EXPR_BINARY)
        return unknown();
    switch (e->op) {
    case SC_AST_OP_ADD:
    case SC_AST_OP_SUB:
    case SC_AST_OP_MUL:
    case SC_AST_OP_DIV:
    case SC_AST_OP_INTDIV:
    case SC_AST_OP_MOD:
    case SC_AST_OP_SHL:
    case SC_AST_OP_SHR:
    case SC_AST_OP_BITAND:
    case SC_AST_OP_BITOR:
    case SC_AST_OP_BITXOR:
        break;
    default:
        return unknown();
    }
    a = eval(x, e->args[0], rc);
    b = eval(x, e->args[1], rc);
    if (*rc != SC_OK || a.kind == CV_UNKNOWN || b.kind == CV_UNKNOWN)
        return unknown();
    if (a.kind == CV_NULL || b.kind == CV_NULL)
        return a.kind == CV_NULL ? a : b;
    if (e->op == SC_AST_OP_SHL || e->op == SC_AST_OP_SHR || e->op == SC_AST_OP_BITAND ||
        e->op == SC_AST_OP_BITOR || e->op == SC_AST_OP_BITXOR)
        return bits(e, &a, &b);
    return arith(x, e, &a, &b, rc);
}

/* The value as the literal MariaDB would store (sc_exec__default_value_check):
 * 1, 0 for a value not checked here, -1 out of memory. */
static int value_literal(sc_exec *x, const cval *v, sc_expr *lit)
{
    char buf[128];
    long double mag;

    memset(lit, 0, sizeof(*lit));
    lit->kind = SC_AST_EXPR_LITERAL;
    switch (v->kind) {
    case CV_INT:
    case CV_UINT:
        lit->lit.kind = SC_AST_LIT_INT;
        lit->lit.negative = v->kind == CV_INT && v->i < 0;
        if (v->kind == CV_UINT)
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)v->u);
        else
            snprintf(buf, sizeof buf, "%llu",
                     v->i < 0 ? 0ull - (unsigned long long)v->i : (unsigned long long)v->i);
        break;
    case CV_DEC:
        mag = fabsl(v->d);
        if (mag >= 1e30L)
            return 0; /* beyond what a long double holds exactly */
        lit->lit.kind = v->scale ? SC_AST_LIT_DECIMAL : SC_AST_LIT_INT;
        lit->lit.negative = v->d < 0;
        snprintf(buf, sizeof buf, "%.*Lf", v->scale, mag);
        break;
    case CV_REAL:
        if (!isfinite(v->d))
            return 0;
        lit->lit.kind = SC_AST_LIT_FLOAT;
        lit->lit.negative = v->d < 0;
        snprintf(buf, sizeof buf, "%.17e", (double)fabsl(v->d));
        break;
    case CV_STR:
        lit->lit.kind = SC_AST_LIT_STRING;
        lit->lit.text.s = v->s;
        lit->lit.text.len = strlen(v->s);
        return 1;
    default:
        return 0;
    }
    lit->lit.text.s = sc_exec__strdup(x, buf);
    lit->lit.text.len = strlen(buf);
    return lit->lit.text.s ? 1 : -1;
}

/*
 * A DECIMAL result into an integer column (Field_num::store_decimal): past
 * the 64-bit range [unsigned] the conversion warns 1264 and clips, the
 * clipped value is stored as any number, and the default is invalid even
 * when that fits (10.11.19: BIGINT DEFAULT (-(-9223372036854775807 - 1))).
 */
static int decimal_into_integer(sc_exec *x, const sc_xcol *c, const cval *v)
{
    bool uns = (c->d.flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) != 0;
    long double r = roundl(v->d);
    long double lo = uns ? 0.0L : (long double)INT64_MIN;
    long double hi = uns ? (long double)UINT64_MAX : (long double)INT64_MAX;
    sc_expr lit;
    cval clip = unknown();
    int rc;

    if (r >= lo && r <= hi) {
        if (value_literal(x, v, &lit) < 0)
            return SC_ENOMEM;
        return sc_exec__default_value_check(x, c, &lit);
    }
    sc_exec__warning(x, SC_ER_WARN_DATA_OUT_OF_RANGE, c->d.name, 0ul);
    clip.kind = uns ? CV_UINT : CV_INT;
    clip.u = r < lo ? 0 : UINT64_MAX;
    clip.i = r < lo ? INT64_MIN : INT64_MAX;
    if (value_literal(x, &clip, &lit) < 0)
        return SC_ENOMEM;
    rc = sc_exec__default_value_check(x, c, &lit);
    return rc != SC_OK ? rc : sc_exec__err(x, SC_ER_INVALID_DEFAULT, c->d.name);
}

static bool has_call(const sc_expr *e)
{
    if (e->kind == SC_AST_EXPR_FUNC)
        return true;
    for (size_t i = 0; i < e->n_args; i++)
        if (e->args[i] && has_call(e->args[i]))
            return true;
    return false;
}

/* One column's DEFAULT expression, when it is a constant the evaluator knows. */
static int check_column(sc_exec *x, const sc_xcol *c)
{
    const sc_column_def *d = &c->d;
    sc_expr *e = NULL, lit;
    int rc = SC_OK;
    cval v;

    if (d->default_kind != SC_DEFAULT_EXPR || !d->default_value || sc_type__is_blob(d->type) ||
        c->json)
        return SC_OK;
    if (sc_exec__stored_expr(x, &e, d->default_value) != SC_OK || !e) {
        sc_ctx_clear_error(x->ctx); /* not ours to judge here */
        return SC_OK;
    }
    /* a function's result is stored as save_in_field() stores it: SET and
     * BIT judge that value otherwise than a literal (a SET member it does not
     * know is only Warning 1265, a string into BIT is 1264): not judged here */
    if ((d->type == SC_TYPE_SET || d->type == SC_TYPE_BIT) && has_call(e))
        return SC_OK;
    v = eval(x, e, &rc);
    if (rc != SC_OK) { /* 1690, then the default is invalid */
        sc_exec__error_row(x, SC_ER_INVALID_DEFAULT, d->name);
        return rc;
    }
    if (v.kind == CV_NULL)
        return (d->flags & SC_COL_NOT_NULL) ? sc_exec__err(x, SC_ER_INVALID_DEFAULT, d->name)
                                            : SC_OK;
    if (v.kind == CV_DEC && sc_type__is_integer(d->type))
        return decimal_into_integer(x, c, &v);
    /* a function's non-ASCII text into a column of another character set is
     * converted by save_in_field() (Warning 1366 for what it cannot hold):
     * not judged here */
    if (v.kind == CV_STR && !ascii(v.s) && has_call(e) &&
        !(d->charset && strncmp(d->charset, "utf8", 4) == 0))
        return SC_OK;
    switch (value_literal(x, &v, &lit)) {
    case 1:
        return sc_exec__default_value_check(x, c, &lit);
    case 0:
        return SC_OK;
    default:
        return SC_ENOMEM;
    }
}

int sc_exec__const_defaults(sc_exec *x, const sc_xtable *t)
{
    for (size_t i = 0; i < t->n_cols; i++) {
        int rc = check_column(x, &t->cols[i]);
        if (rc != SC_OK)
            return rc;
    }
    return SC_OK;
}
