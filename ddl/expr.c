/*
 * expr.c - MariaDB-exact printing of expression trees (see expr.h) and the
 * sc_buf helper.
 *
 * MariaDB re-prints an expression from its Item tree, not from the text:
 * the parser has already folded some syntax into other items, so printing
 * happens in two steps here as well.
 *   1. normalise(): a copy of the tree shaped like MariaDB's Items
 *      (NOT pushed inwards by negate_expression()/neg_transformer(),
 *      `x IN (y)` -> `x = y`, DATE_ADD/ADDDATE/TIMESTAMPADD and
 *      `INTERVAL n u + x` -> `x + interval n u`, MOD(a,b) -> `a MOD b`,
 *      POSITION/INSTR -> locate, DATE(x) -> cast, ISNULL(x) -> `x is null`);
 *   2. print(): Item::print() rules - lower-case canonical function names
 *      (func_name()), `,` between arguments, operators spaced, and
 *      parentheses only where a child's precedence is lower than its parent's
 *      (Item::print_parenthesised(); the right operand also when equal).
 * The scratch copies live in a temporary arena freed before returning.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include <strings.h>

#include "ddl/expr.h"
#include "ddl/select.h"

/* ------------------------------------------------------------------ */
/* Precedence (MariaDB's enum precedence, item.h)                       */

typedef enum prec {
    P_LOWEST,
    P_OR,
    P_XOR,
    P_AND,
    P_NOT,
    P_CMP,     /* = <=> < <= > >= <> IS */
    P_BETWEEN, /* BETWEEN */
    P_IN,      /* IN, LIKE, REGEXP */
    P_BITOR,
    P_BITAND,
    P_SHIFT,
    P_INTERVAL,
    P_ADD,
    P_MUL,
    P_BITXOR,
    P_PIPES,
    P_NEG,
    P_COLLATE,
    P_DEFAULT,
} prec;

/* Printing state: output buffer and the scratch arena of normalised nodes. */
typedef struct printer {
    sc_buf *out;
    sc_arena *arena;
    int rc;                 /* first error */
    const char *compact_db; /* views: print names of this database unqualified */
} printer;

static const struct {
    sc_ast_op op;
    const char *text;
    prec prec;
} binary_ops[] = {
    {SC_AST_OP_OR, "or", P_OR},         {SC_AST_OP_XOR, "xor", P_XOR},
    {SC_AST_OP_AND, "and", P_AND},      {SC_AST_OP_EQ, "=", P_CMP},
    {SC_AST_OP_NSEQ, "<=>", P_CMP},     {SC_AST_OP_NE, "<>", P_CMP},
    {SC_AST_OP_LT, "<", P_CMP},         {SC_AST_OP_LE, "<=", P_CMP},
    {SC_AST_OP_GT, ">", P_CMP},         {SC_AST_OP_GE, ">=", P_CMP},
    {SC_AST_OP_REGEXP, "regexp", P_IN}, {SC_AST_OP_SOUNDS_LIKE, "sounds like", P_CMP},
    {SC_AST_OP_BITOR, "|", P_BITOR},    {SC_AST_OP_BITAND, "&", P_BITAND},
    {SC_AST_OP_SHL, "<<", P_SHIFT},     {SC_AST_OP_SHR, ">>", P_SHIFT},
    {SC_AST_OP_ADD, "+", P_ADD},        {SC_AST_OP_SUB, "-", P_ADD},
    {SC_AST_OP_MUL, "*", P_MUL},        {SC_AST_OP_DIV, "/", P_MUL},
    {SC_AST_OP_INTDIV, "DIV", P_MUL},   {SC_AST_OP_MOD, "MOD", P_MUL},
    {SC_AST_OP_BITXOR, "^", P_BITXOR},
};

static int op_index(sc_ast_op op)
{
    size_t i;

    for (i = 0; i < sizeof(binary_ops) / sizeof(binary_ops[0]); i++)
        if (binary_ops[i].op == op)
            return (int)i;
    return -1;
}

/* `x + interval n unit` / `x - interval n unit` */
static bool is_date_interval(const sc_expr *e)
{
    return e->kind == SC_AST_EXPR_BINARY && (e->op == SC_AST_OP_ADD || e->op == SC_AST_OP_SUB) &&
           e->n_args == 2 && e->args[1]->kind == SC_AST_EXPR_INTERVAL;
}

static prec expr_prec(const sc_expr *e)
{
    int i;

    switch (e->kind) {
    case SC_AST_EXPR_BINARY:
        if (is_date_interval(e))
            return P_INTERVAL;
        if (e->op == SC_AST_OP_CONCAT)
            return P_DEFAULT; /* printed as concat() */
        i = op_index(e->op);
        return i < 0 ? P_DEFAULT : binary_ops[i].prec;
    case SC_AST_EXPR_UNARY:
        return e->op == SC_AST_OP_BINARY ? P_DEFAULT : P_NEG;
    case SC_AST_EXPR_IS:
        return P_CMP;
    case SC_AST_EXPR_IN:
    case SC_AST_EXPR_LIKE:
        return P_IN;
    case SC_AST_EXPR_BETWEEN:
        return P_BETWEEN;
    case SC_AST_EXPR_COLLATE:
        return P_COLLATE;
    default:
        return P_DEFAULT;
    }
}

/* ------------------------------------------------------------------ */
/* Normalisation                                                        */

static sc_expr *copy_node(printer *pr, const sc_expr *e)
{
    sc_expr *c = sc__arena_calloc(pr->arena, sizeof(*c));

    if (!c) {
        pr->rc = SC_ENOMEM;
        return NULL;
    }
    *c = *e;
    return c;
}

static sc_expr *make_node(printer *pr, sc_ast_expr_kind kind, sc_ast_op op, size_t n_args)
{
    sc_expr *c = sc__arena_calloc(pr->arena, sizeof(*c));

    if (c && n_args)
        c->args = sc__arena_calloc(pr->arena, n_args * sizeof(*c->args));
    if (!c || (n_args && !c->args)) {
        pr->rc = SC_ENOMEM;
        return NULL;
    }
    c->kind = kind;
    c->op = op;
    c->n_args = n_args;
    return c;
}

static sc_expr *normalise(printer *pr, const sc_expr *e);

static bool is_boolean(const sc_expr *e)
{
    switch (e->kind) {
    case SC_AST_EXPR_IS:
    case SC_AST_EXPR_BETWEEN:
    case SC_AST_EXPR_IN:
    case SC_AST_EXPR_LIKE:
        return true;
    case SC_AST_EXPR_BINARY:
        return expr_prec(e) <= P_CMP || e->op == SC_AST_OP_REGEXP;
    case SC_AST_EXPR_UNARY:
        return e->op == SC_AST_OP_NOT;
    case SC_AST_EXPR_LITERAL:
        return e->lit.kind == SC_AST_LIT_BOOL;
    default:
        return false;
    }
}

static sc_ast_op negated_cmp(sc_ast_op op)
{
    switch (op) {
    case SC_AST_OP_EQ:
        return SC_AST_OP_NE;
    case SC_AST_OP_NE:
        return SC_AST_OP_EQ;
    case SC_AST_OP_LT:
        return SC_AST_OP_GE;
    case SC_AST_OP_LE:
        return SC_AST_OP_GT;
    case SC_AST_OP_GT:
        return SC_AST_OP_LE;
    case SC_AST_OP_GE:
        return SC_AST_OP_LT;
    default:
        return SC_AST_OP_NONE;
    }
}

static sc_expr *negate(printer *pr, sc_expr *x);

/* NOT (a AND b) -> !a OR !b (Item_cond::neg_transformer), args already normalised. */
static sc_expr *negate_cond(printer *pr, sc_expr *x)
{
    sc_expr *c = copy_node(pr, x);

    if (!c)
        return NULL;
    c->op = x->op == SC_AST_OP_AND ? SC_AST_OP_OR : SC_AST_OP_AND;
    c->args = sc__arena_calloc(pr->arena, 2 * sizeof(*c->args));
    if (!c->args) {
        pr->rc = SC_ENOMEM;
        return NULL;
    }
    c->args[0] = negate(pr, x->args[0]);
    c->args[1] = negate(pr, x->args[1]);
    return c->args[0] && c->args[1] ? c : NULL;
}

/* x = 0 / x <> 0: how MariaDB reads a bare column as a condition. */
static sc_expr *compare_zero(printer *pr, sc_expr *x, sc_ast_op op)
{
    sc_expr *c = make_node(pr, SC_AST_EXPR_BINARY, op, 2);
    sc_expr *zero = make_node(pr, SC_AST_EXPR_LITERAL, SC_AST_OP_NONE, 0);

    if (!c || !zero)
        return NULL;
    zero->lit.kind = SC_AST_LIT_INT;
    zero->lit.text.s = "0";
    zero->lit.text.len = 1;
    c->args[0] = x;
    c->args[1] = zero;
    return c;
}

/* negate_expression() + neg_transformer(): x is already normalised. */
static sc_expr *negate(printer *pr, sc_expr *x)
{
    sc_expr *c;

    if (x->kind == SC_AST_EXPR_BINARY && negated_cmp(x->op) != SC_AST_OP_NONE) {
        c = copy_node(pr, x);
        if (c)
            c->op = negated_cmp(x->op);
        return c;
    }
    if (x->kind == SC_AST_EXPR_BINARY && (x->op == SC_AST_OP_AND || x->op == SC_AST_OP_OR))
        return negate_cond(pr, x);
    /* IS [NOT] TRUE/FALSE have no neg_transformer: !(x is true); IS UNKNOWN
     * is IS NULL */
    if ((x->kind == SC_AST_EXPR_IS &&
         (x->is_what == SC_AST_IS_NULL || x->is_what == SC_AST_IS_UNKNOWN)) ||
        x->kind == SC_AST_EXPR_BETWEEN || x->kind == SC_AST_EXPR_IN ||
        x->kind == SC_AST_EXPR_LIKE) {
        c = copy_node(pr, x);
        if (c)
            c->negated = !x->negated;
        return c;
    }
    if (x->kind == SC_AST_EXPR_LITERAL && x->lit.kind == SC_AST_LIT_BOOL) {
        c = copy_node(pr, x);
        if (c)
            c->lit.text.s = x->lit.text.s[0] == '1' ? "0" : "1";
        return c;
    }
    if (x->kind == SC_AST_EXPR_UNARY && x->op == SC_AST_OP_NOT) {
        sc_expr *inner = x->args[0], *zero;
        if (is_boolean(inner))
            return inner;
        /* NOT NOT a on a non-boolean: a <> 0 */
        c = make_node(pr, SC_AST_EXPR_BINARY, SC_AST_OP_NE, 2);
        zero = make_node(pr, SC_AST_EXPR_LITERAL, SC_AST_OP_NONE, 0);
        if (!c || !zero)
            return NULL;
        zero->lit.kind = SC_AST_LIT_INT;
        zero->lit.text.s = "0";
        zero->lit.text.len = 1;
        c->args[0] = inner;
        c->args[1] = zero;
        return c;
    }
    if (x->kind == SC_AST_EXPR_COLUMN)
        return compare_zero(pr, x, SC_AST_OP_EQ); /* Item_func_not::fix_fields */
    c = make_node(pr, SC_AST_EXPR_UNARY, SC_AST_OP_NOT, 1);
    if (c)
        c->args[0] = x;
    return c;
}

/* x + interval n unit (sub: minus). */
static sc_expr *date_interval(printer *pr, sc_expr *x, sc_expr *n, const char *unit, bool sub)
{
    sc_expr *c = make_node(pr, SC_AST_EXPR_BINARY, sub ? SC_AST_OP_SUB : SC_AST_OP_ADD, 2);
    sc_expr *iv = n;

    if (!c)
        return NULL;
    if (n->kind != SC_AST_EXPR_INTERVAL) {
        iv = make_node(pr, SC_AST_EXPR_INTERVAL, SC_AST_OP_NONE, 1);
        if (!iv)
            return NULL;
        iv->args[0] = n;
        iv->unit = unit;
    }
    c->args[0] = x;
    c->args[1] = iv;
    return c;
}

static bool name_is(const sc_expr *e, const char *name)
{
    return e->name && strcasecmp(e->name, name) == 0;
}

/* Function calls MariaDB turns into other items. NULL with pr->rc == 0: no rewrite. */
/* DATEDIFF(a, b) is Item_func_minus(to_days(a), to_days(b)) in MariaDB's grammar. */
static sc_expr *datediff(printer *pr, sc_expr *c)
{
    sc_expr *r = make_node(pr, SC_AST_EXPR_BINARY, SC_AST_OP_SUB, 2);

    for (int i = 0; r && i < 2; i++) {
        sc_expr *f = make_node(pr, SC_AST_EXPR_FUNC, SC_AST_OP_NONE, 1);
        if (!f)
            return NULL;
        f->name = "to_days";
        f->args[0] = c->args[i];
        r->args[i] = f;
    }
    return r;
}

static sc_expr *int_literal(printer *pr, const char *text)
{
    sc_expr *n = make_node(pr, SC_AST_EXPR_LITERAL, SC_AST_OP_NONE, 0);

    if (n) {
        n->lit.kind = SC_AST_LIT_INT;
        n->lit.text.s = text;
        n->lit.text.len = strlen(text);
    }
    return n;
}

/* name(c's one argument, a [, b]): the constant arguments MariaDB's grammar adds. */
static sc_expr *
with_int_args(printer *pr, sc_expr *c, const char *name, const char *a, const char *b)
{
    sc_expr *r = make_node(pr, SC_AST_EXPR_FUNC, SC_AST_OP_NONE, b ? 3 : 2);

    if (!r || !(r->args[1] = int_literal(pr, a)) || (b && !(r->args[2] = int_literal(pr, b))))
        return NULL;
    r->name = name;
    r->form = SC_AST_FUNC_PLAIN;
    r->args[0] = c->args[0];
    r->start = c->start;
    r->end = c->end;
    return r;
}

static sc_expr *rewrite_func(printer *pr, sc_expr *c)
{
    if (name_is(c, "DATEDIFF") && c->n_args == 2 && c->form == SC_AST_FUNC_PLAIN)
        return datediff(pr, c);
    sc_expr *r;

    if (c->form != SC_AST_FUNC_PLAIN && c->form != SC_AST_FUNC_UNIT_ARGS)
        return NULL;
    if ((name_is(c, "DATE_ADD") || name_is(c, "ADDDATE") || name_is(c, "DATE_SUB") ||
         name_is(c, "SUBDATE")) &&
        c->n_args == 2)
        return date_interval(pr, c->args[0], c->args[1], "DAY",
                             name_is(c, "DATE_SUB") || name_is(c, "SUBDATE"));
    if (name_is(c, "TIMESTAMPADD") && c->n_args == 2)
        return date_interval(pr, c->args[1], c->args[0], c->unit, false);
    if (name_is(c, "MOD") && c->n_args == 2) {
        r = make_node(pr, SC_AST_EXPR_BINARY, SC_AST_OP_MOD, 2);
        if (r) {
            r->args[0] = c->args[0];
            r->args[1] = c->args[1];
        }
        return r;
    }
    if (name_is(c, "ISNULL") && c->n_args == 1) {
        r = make_node(pr, SC_AST_EXPR_IS, SC_AST_OP_NONE, 1);
        if (r) {
            r->is_what = SC_AST_IS_NULL;
            r->args[0] = c->args[0];
        }
        return r;
    }
    if (name_is(c, "ROUND") && c->n_args == 1) /* Item_func_round(x, 0) */
        return with_int_args(pr, c, "round", "0", NULL);
    if (name_is(c, "BIN") && c->n_args == 1) /* Item_func_conv(x, 10, 2) */
        return with_int_args(pr, c, "conv", "10", "2");
    if (name_is(c, "OCT") && c->n_args == 1)
        return with_int_args(pr, c, "conv", "10", "8");
    if (name_is(c, "WEEKOFYEAR") && c->n_args == 1) /* Item_func_week(x, 3) */
        return with_int_args(pr, c, "week", "3", NULL);
    if (name_is(c, "YEARWEEK") && c->n_args == 1) /* Item_func_yearweek(x, 0) */
        return with_int_args(pr, c, "yearweek", "0", NULL);
    if (name_is(c, "ATAN2") && c->n_args == 2)
        c->name = "atan";
    if (name_is(c, "INSTR") && c->n_args == 2) {
        sc_expr *t = c->args[0];
        c->args[0] = c->args[1];
        c->args[1] = t;
        c->name = "locate";
    }
    return NULL;
}

static int normalise_args(printer *pr, sc_expr *c)
{
    size_t i;
    sc_expr **args;

    if (c->n_args) {
        args = sc__arena_calloc(pr->arena, c->n_args * sizeof(*args));
        if (!args)
            return pr->rc = SC_ENOMEM;
        for (i = 0; i < c->n_args; i++)
            if (!(args[i] = normalise(pr, c->args[i])))
                return pr->rc ? pr->rc : SC_ENOMEM;
        c->args = args;
    }
    if (c->case_operand && !(c->case_operand = normalise(pr, c->case_operand)))
        return SC_ENOMEM;
    if (c->case_else && !(c->case_else = normalise(pr, c->case_else)))
        return SC_ENOMEM;
    return SC_OK;
}

/* a SOUNDS LIKE b is Item_func_eq(soundex(a), soundex(b)) in MariaDB. */
static sc_expr *sounds_like(printer *pr, sc_expr *c)
{
    sc_expr *a = make_node(pr, SC_AST_EXPR_FUNC, SC_AST_OP_NONE, 1);
    sc_expr *b = make_node(pr, SC_AST_EXPR_FUNC, SC_AST_OP_NONE, 1);

    if (!a || !b)
        return NULL;
    a->name = b->name = "soundex";
    a->args[0] = c->args[0];
    b->args[0] = c->args[1];
    c->op = SC_AST_OP_EQ;
    c->args[0] = a;
    c->args[1] = b;
    return c;
}

static sc_expr *normalise(printer *pr, const sc_expr *e)
{
    sc_expr *c = copy_node(pr, e), *r;

    if (!c || normalise_args(pr, c) != SC_OK)
        return NULL;
    switch (c->kind) {
    case SC_AST_EXPR_UNARY:
        if (c->op == SC_AST_OP_NOT)
            return negate(pr, c->args[0]);
        return c;
    case SC_AST_EXPR_IN:
        if (c->n_args == 2 && c->args[1]->kind != SC_AST_EXPR_SUBQUERY) {
            r = make_node(pr, SC_AST_EXPR_BINARY, c->negated ? SC_AST_OP_NE : SC_AST_OP_EQ, 2);
            if (r) {
                r->args[0] = c->args[0];
                r->args[1] = c->args[1];
            }
            return r;
        }
        return c;
    case SC_AST_EXPR_BINARY:
        if (c->op == SC_AST_OP_ADD && c->args[0]->kind == SC_AST_EXPR_INTERVAL &&
            c->args[1]->kind != SC_AST_EXPR_INTERVAL)
            return date_interval(pr, c->args[1], c->args[0], NULL, false);
        if (c->op == SC_AST_OP_REGEXP && c->negated) {
            c->negated = false;
            return negate(pr, c);
        }
        if (c->op == SC_AST_OP_SOUNDS_LIKE)
            return sounds_like(pr, c);
        /* AND / OR read a bare column as `col <> 0` (Item_cond::fix_fields) */
        if (c->op == SC_AST_OP_AND || c->op == SC_AST_OP_OR)
            for (size_t i = 0; i < c->n_args; i++)
                if (c->args[i]->kind == SC_AST_EXPR_COLUMN &&
                    !(c->args[i] = compare_zero(pr, c->args[i], SC_AST_OP_NE)))
                    return NULL;
        return c;
    case SC_AST_EXPR_FUNC:
        r = rewrite_func(pr, c);
        return r ? r : pr->rc ? NULL : c;
    default:
        return c;
    }
}

/* ------------------------------------------------------------------ */
/* Printing                                                             */

static void put(printer *pr, const char *s)
{
    if (sc__buf_puts(pr->out, s) != SC_OK)
        pr->rc = SC_ENOMEM;
}

static void put_lower(printer *pr, const char *s)
{
    for (; *s; s++) {
        char c = *s >= 'A' && *s <= 'Z' ? (char)(*s - 'A' + 'a') : *s;
        if (sc__buf_putc(pr->out, c) != SC_OK)
            pr->rc = SC_ENOMEM;
    }
}

static void print(printer *pr, const sc_expr *e);

static void print_paren(printer *pr, const sc_expr *e, prec parent)
{
    bool paren = expr_prec(e) < parent;

    if (paren)
        put(pr, "(");
    print(pr, e);
    if (paren)
        put(pr, ")");
}

static void print_args(printer *pr, const sc_expr *e, size_t from)
{
    size_t i;

    for (i = from; i < e->n_args; i++) {
        if (i > from)
            put(pr, ",");
        print(pr, e->args[i]);
    }
}

/* Decimal literals print as the server's decimal: no leading zeros, no bare point. */
static void print_decimal(printer *pr, const char *s)
{
    const char *dot = strchr(s, '.');

    while (*s == '0' && s[1] != '.' && s[1])
        s++;
    if (*s == '.')
        put(pr, "0");
    if (dot && dot[1] == '\0') {
        if (sc__buf_put(pr->out, s, (size_t)(dot - s)) != SC_OK)
            pr->rc = SC_ENOMEM;
        return;
    }
    put(pr, s);
}

static void print_int(printer *pr, const char *s)
{
    while (*s == '0' && s[1])
        s++;
    put(pr, s);
}

/*
 * Hex literals print like Item_hex_string (X'..') and Item_hex_hybrid (0x..):
 * lower-case digits (String::append_hex), and 0x.. / b'..' keep only their
 * last 8 bytes (the longlong they stand for).
 */
static void put_hex_digits(printer *pr, const char *digits, size_t n, bool last8)
{
    size_t skip = 0, i;

    if (last8 && n > 16)
        skip = n - 16;
    for (i = skip; i < n; i++) {
        char c = digits[i];
        if (c >= 'A' && c <= 'F')
            c = (char)(c - 'A' + 'a');
        if (sc__buf_putc(pr->out, c) != SC_OK)
            pr->rc = SC_ENOMEM;
    }
}

/* A bit string b'101' is a hex hybrid too: 0x05, padded to whole bytes. */
static void print_bits_as_hex(printer *pr, const char *bits, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t total = (n + 7) / 8 * 8, pad = total - n, i;
    char digits[64];
    size_t nd = 0;
    unsigned v = 0;

    put(pr, "0x");
    /* only the last 8 bytes matter: skip whole leading bytes beyond them */
    i = total > 64 ? total - 64 : 0;
    for (; i < total; i++) {
        v = (v << 1) | (i >= pad && bits[i - pad] == '1');
        if (i % 4 == 3) {
            digits[nd++] = hex[v];
            v = 0;
        }
    }
    put_hex_digits(pr, digits, nd, true);
}

static void print_hex(printer *pr, const sc_ast_lit *l)
{
    put(pr, l->zero_x ? "0x" : "X'");
    if (l->text.len % 2 && !(l->zero_x && l->text.len > 16))
        put(pr, "0"); /* odd digit counts get a leading zero nibble */
    put_hex_digits(pr, l->text.s, l->text.len, l->zero_x);
    if (!l->zero_x)
        put(pr, "'");
}

/*
 * A string literal with a character set introducer (_binary'..', _latin1'..'):
 * 10.11.19 prints every byte outside printable ASCII as xHH (`_binary'axFF'`,
 * `_utf8mb4'axC3xA9'`, a tab is x09), so the stored text is plain ASCII.
 */
static int print_introduced(printer *pr, const sc_ast_lit *l)
{
    const unsigned char *u = (const unsigned char *)l->text.s;
    char *copy = sc__arena_calloc(pr->arena, l->text.len * 3 + 1);
    size_t o = 0;

    if (!copy)
        return SC_ENOMEM;
    for (size_t i = 0; i < l->text.len; i++) {
        if (u[i] >= 0x20 && u[i] < 0x7F) {
            copy[o++] = (char)u[i];
        } else {
            snprintf(copy + o, 4, "x%02X", u[i]);
            o += 3;
        }
    }
    return sc_ddl__quote_string(pr->out, copy, o);
}

/* A hex or bit literal under an introducer: its bytes, as print_introduced(). */
size_t sc_ddl__literal_bytes_len(const sc_ast_lit *l)
{
    return (l->text.len * (l->kind == SC_AST_LIT_HEX ? 4 : 1) + 7) / 8;
}

void sc_ddl__literal_bytes(char *out, const sc_ast_lit *l)
{
    size_t nd = l->text.len, bits = l->kind == SC_AST_LIT_HEX ? 4 : 1;
    size_t nb = sc_ddl__literal_bytes_len(l);

    memset(out, 0, nb);
    for (size_t i = 0; i < nd; i++) {
        char ch = l->text.s[nd - 1 - i];
        unsigned v = ch >= '0' && ch <= '9' ? (unsigned)(ch - '0')
                     : ch >= 'a'            ? (unsigned)(ch - 'a' + 10)
                                            : (unsigned)(ch - 'A' + 10);
        size_t bit = i * bits;
        out[nb - 1 - bit / 8] = (char)((unsigned char)out[nb - 1 - bit / 8] | (v << (bit % 8)));
    }
}

static int print_introduced_bits(printer *pr, const sc_ast_lit *l)
{
    size_t nb = sc_ddl__literal_bytes_len(l);
    char *b = sc__arena_calloc(pr->arena, nb + 1);
    sc_ast_lit s = *l;

    if (!b)
        return SC_ENOMEM;
    sc_ddl__literal_bytes(b, l);
    s.kind = SC_AST_LIT_STRING;
    s.text.s = b;
    s.text.len = nb;
    return print_introduced(pr, &s);
}

/*
 * A string literal. Without an introducer its text is converted from
 * the (pinned utf8mb4) client character set as MariaDB does: a byte that
 * does not start a well-formed UTF-8 character prints as '?' (10.11.19:
 * CHECK (x <> 'a\xFF') is stored as `x` <> 'a?').
 */
static int print_text_literal(printer *pr, const sc_ast_lit *l)
{
    const unsigned char *u = (const unsigned char *)l->text.s;
    char *copy;
    size_t i = 0, c;
    int rc;

    if (l->introducer && !l->national)
        return print_introduced(pr, l);
    while (i < l->text.len && (c = sc_utf8_char_len(u + i, l->text.len - i)) > 0)
        i += c;
    if (i == l->text.len)
        return sc_ddl__quote_string(pr->out, l->text.s, l->text.len);
    copy = sc__arena_calloc(pr->arena, l->text.len + 1);
    if (!copy)
        return SC_ENOMEM;
    memcpy(copy, l->text.s, l->text.len);
    for (; i < l->text.len; i += c)
        if ((c = sc_utf8_char_len(u + i, l->text.len - i)) == 0) {
            copy[i] = '?';
            c = 1;
        }
    rc = sc_ddl__quote_string(pr->out, copy, l->text.len);
    return rc;
}

static void print_literal(printer *pr, const sc_ast_lit *l)
{
    static const char *const temporal[] = {"DATE'", "TIME'", "TIMESTAMP'"};

    if (l->negative)
        put(pr, "-");
    switch (l->kind) {
    case SC_AST_LIT_NULL:
        put(pr, "NULL");
        break;
    case SC_AST_LIT_INT:
    case SC_AST_LIT_BOOL:
        print_int(pr, l->text.s);
        break;
    case SC_AST_LIT_DECIMAL:
        print_decimal(pr, l->text.s);
        break;
    case SC_AST_LIT_FLOAT:
        put(pr, l->text.s);
        break;
    case SC_AST_LIT_STRING:
        if (l->introducer && !l->national) { /* N'x' prints as 'x' (10.11.19) */
            put(pr, "_");
            put_lower(pr, l->introducer);
        }
        if (print_text_literal(pr, l) != SC_OK)
            pr->rc = SC_ENOMEM;
        break;
    case SC_AST_LIT_HEX:
    case SC_AST_LIT_BIT:
        if (l->introducer) { /* _latin1 0xE9 is a latin1 string: _latin1'xE9' */
            put(pr, "_");
            put_lower(pr, l->introducer);
            if (print_introduced_bits(pr, l) != SC_OK)
                pr->rc = SC_ENOMEM;
        } else if (l->kind == SC_AST_LIT_HEX) {
            print_hex(pr, l);
        } else {
            print_bits_as_hex(pr, l->text.s, l->text.len);
        }
        break;
    case SC_AST_LIT_DATE:
    case SC_AST_LIT_TIME:
    case SC_AST_LIT_TIMESTAMP:
        put(pr, temporal[l->kind - SC_AST_LIT_DATE]);
        if (sc__buf_put(pr->out, l->text.s, l->text.len) != SC_OK)
            pr->rc = SC_ENOMEM;
        put(pr, "'");
        break;
    }
}

static void print_binary(printer *pr, const sc_expr *e)
{
    int i = op_index(e->op);
    prec p = expr_prec(e);

    if (e->op == SC_AST_OP_CONCAT) {
        put(pr, "concat(");
        print_args(pr, e, 0);
        put(pr, ")");
        return;
    }
    if (is_date_interval(e)) {
        print_paren(pr, e->args[0], P_INTERVAL);
        put(pr, e->op == SC_AST_OP_SUB ? " - interval " : " + interval ");
        print(pr, e->args[1]->args[0]); /* Item_date_add_interval: no parentheses here */
        put(pr, " ");
        put_lower(pr, e->args[1]->unit ? e->args[1]->unit : "DAY");
        return;
    }
    /* AND/OR lists are flat in MariaDB (Item_cond): same-op children need no parentheses */
    if ((e->op == SC_AST_OP_AND || e->op == SC_AST_OP_OR) && e->args[0]->kind == e->kind &&
        e->args[0]->op == e->op)
        print(pr, e->args[0]);
    else
        print_paren(pr, e->args[0], p);
    put(pr, " ");
    put(pr, i < 0 ? "?" : binary_ops[i].text);
    put(pr, " ");
    if ((e->op == SC_AST_OP_AND || e->op == SC_AST_OP_OR) && e->args[1]->kind == e->kind &&
        e->args[1]->op == e->op)
        print(pr, e->args[1]);
    else
        print_paren(pr, e->args[1], (prec)(p + 1));
}

/* pi() under unary minus signs: MariaDB's grammar negates the constant
 * (an Item_static_float_func) in place, which still prints as pi()
 * (10.11.19: CHECK (a <> -pi()) shows `a` <> pi()); NULL for anything else. */
static const sc_expr *negated_pi(const sc_expr *e)
{
    while (e->kind == SC_AST_EXPR_UNARY && e->op == SC_AST_OP_NEG)
        e = e->args[0];
    return e->kind == SC_AST_EXPR_FUNC && e->form == SC_AST_FUNC_PLAIN && !e->n_args &&
                   !e->qual_db && e->name && strcasecmp(e->name, "pi") == 0
               ? e
               : NULL;
}

static void print_unary(printer *pr, const sc_expr *e)
{
    const sc_expr *pi = e->op == SC_AST_OP_NEG ? negated_pi(e) : NULL;

    if (pi) {
        print(pr, pi);
        return;
    }
    if (e->op == SC_AST_OP_BINARY) { /* an Item_char_typecast to binary */
        put(pr, "cast(");
        print(pr, e->args[0]);
        put(pr, " as char charset binary)");
        return;
    }
    put(pr, e->op == SC_AST_OP_NEG ? "-" : e->op == SC_AST_OP_BITNOT ? "~" : "!");
    print_paren(pr, e->args[0], P_NEG);
}

static void print_is(printer *pr, const sc_expr *e)
{
    static const char *const what[] = {"null", "true", "false", "null"};

    print_paren(pr, e->args[0], P_CMP);
    put(pr, e->negated ? " is not " : " is ");
    put(pr, what[e->is_what]);
}

static void print_predicate(printer *pr, const sc_expr *e)
{
    switch (e->kind) {
    case SC_AST_EXPR_BETWEEN:
        print_paren(pr, e->args[0], P_BETWEEN);
        put(pr, e->negated ? " not between " : " between ");
        print_paren(pr, e->args[1], P_BETWEEN);
        put(pr, " and ");
        print_paren(pr, e->args[2], P_BETWEEN);
        break;
    case SC_AST_EXPR_IN:
        print_paren(pr, e->args[0], P_IN);
        if (e->n_args == 2 && e->args[1]->kind == SC_AST_EXPR_SUBQUERY) {
            put(pr, e->negated ? " not in " : " in ");
            print(pr, e->args[1]);
            break;
        }
        put(pr, e->negated ? " not in (" : " in (");
        print_args(pr, e, 1);
        put(pr, ")");
        break;
    default: /* LIKE; Item_func_like::print really puts two spaces before `not` */
        print_paren(pr, e->args[0], P_IN);
        put(pr, e->negated ? "  not like " : " like ");
        if (e->n_args > 2) {
            print_paren(pr, e->args[1], P_IN);
            put(pr, " escape ");
            print_paren(pr, e->args[2], (prec)(P_IN + 1));
        } else {
            print_paren(pr, e->args[1], (prec)(P_IN + 1));
        }
        break;
    }
}

static bool is_number_literal(const sc_expr *e)
{
    return e->kind == SC_AST_EXPR_LITERAL &&
           (e->lit.kind == SC_AST_LIT_INT || e->lit.kind == SC_AST_LIT_DECIMAL ||
            e->lit.kind == SC_AST_LIT_FLOAT);
}

/* Whether e prints as an operation: a simple CASE's operand then prints in
 * parentheses (10.11.19: case (`a` + 1) when ..., case abs(`a`) when ...). */
static bool is_operation(const sc_expr *e)
{
    switch (e->kind) {
    case SC_AST_EXPR_UNARY: /* -1 is a number */
        return !(e->op == SC_AST_OP_NEG && is_number_literal(e->args[0]));
    case SC_AST_EXPR_BINARY:
    case SC_AST_EXPR_IS:
    case SC_AST_EXPR_BETWEEN:
    case SC_AST_EXPR_IN:
    case SC_AST_EXPR_LIKE:
    case SC_AST_EXPR_COLLATE:
        return true;
    default:
        return false;
    }
}

static void print_case(printer *pr, const sc_expr *e)
{
    size_t i;

    put(pr, "case ");
    if (e->case_operand) {
        bool paren = is_operation(e->case_operand);
        put(pr, paren ? "(" : "");
        print(pr, e->case_operand);
        put(pr, paren ? ") " : " ");
    }
    for (i = 0; i + 1 < e->n_args; i += 2) {
        put(pr, "when ");
        print(pr, e->args[i]);
        put(pr, " then ");
        print(pr, e->args[i + 1]);
        put(pr, " ");
    }
    if (e->case_else) {
        put(pr, "else ");
        print(pr, e->case_else);
        put(pr, " ");
    }
    put(pr, "end");
}

static void print_num(printer *pr, const sc_ast_num *n)
{
    if (n->present && sc__buf_printf(pr->out, "%llu", (unsigned long long)n->value) != SC_OK)
        pr->rc = SC_ENOMEM;
}

static void print_cast_type(printer *pr, const sc_ast_type *t)
{
    switch (t->kind) {
    case SC_AST_TYPE_CHAR:
    case SC_AST_TYPE_VARCHAR:
    case SC_AST_TYPE_BINARY:
        put(pr, "char"); /* Item_char_typecast: VARCHAR(n) too */
        if (t->length.present) {
            put(pr, "(");
            print_num(pr, &t->length);
            put(pr, ")");
        }
        put(pr, " charset ");
        put_lower(pr, t->kind == SC_AST_TYPE_BINARY ? "binary"
                      : t->national                 ? "utf8mb3"
                      : t->charset                  ? t->charset
                                                    : "utf8mb4");
        return;
    case SC_AST_TYPE_DECIMAL:
        if (sc__buf_printf(pr->out, "decimal(%llu,%llu)",
                           t->length.present ? (unsigned long long)t->length.value : 10ULL,
                           (unsigned long long)t->decimals.value) != SC_OK)
            pr->rc = SC_ENOMEM;
        return;
    case SC_AST_TYPE_SIGNED:
        put(pr, "signed");
        return;
    case SC_AST_TYPE_UNSIGNED:
        put(pr, "unsigned");
        return;
    case SC_AST_TYPE_INTERVAL_DS:
        put(pr, "interval day_second");
        break;
    default:
        put_lower(pr, t->written ? t->written : "?");
        break;
    }
    /* Item_temporal_typecast prints (n) only for a non-zero fsp */
    if (t->length.present && t->length.value && t->kind != SC_AST_TYPE_FLOAT &&
        t->kind != SC_AST_TYPE_DOUBLE) {
        put(pr, "(");
        print_num(pr, &t->length);
        put(pr, ")");
    }
}

static void print_cast(printer *pr, const sc_expr *e)
{
    put(pr, "cast(");
    print(pr, e->args[0]);
    put(pr, " as ");
    print_cast_type(pr, e->cast_type);
    put(pr, ")");
}

/* MariaDB's func_name() for names that differ from the SQL spelling. */
static const char *const func_names[][2] = {
    {"UPPER", "ucase"},
    {"LOWER", "lcase"},
    {"NOW", "current_timestamp"},
    {"LOCALTIME", "current_timestamp"},
    {"LOCALTIMESTAMP", "current_timestamp"},
    {"CURRENT_DATE", "curdate"},
    {"CURRENT_TIME", "curtime"},
    {"SUBSTRING", "substr"},
    {"MID", "substr"},
    {"SESSION_USER", "user"},
    {"SYSTEM_USER", "user"},
    {"SCHEMA", "database"},
    {"CEIL", "ceiling"},
    {"POWER", "pow"},
    {"LENGTH", "octet_length"},
    {"CHARACTER_LENGTH", "char_length"},
    {"POSITION", "locate"},
    {"NVL", "ifnull"},
    {"DAY", "dayofmonth"},
    {"SHA1", "sha"},
};

static void print_func_name(printer *pr, const char *name)
{
    size_t i;

    for (i = 0; i < sizeof(func_names) / sizeof(func_names[0]); i++) {
        if (strcasecmp(name, func_names[i][0]) == 0) {
            put(pr, func_names[i][1]);
            return;
        }
    }
    put_lower(pr, name);
}

static void print_trim(printer *pr, const sc_expr *e)
{
    static const char *const modes[] = {"both", "both", "leading", "trailing"};

    if (e->n_args == 1) {
        put(pr, e->trim_where == SC_AST_TRIM_LEADING    ? "ltrim("
                : e->trim_where == SC_AST_TRIM_TRAILING ? "rtrim("
                                                        : "trim(");
        print(pr, e->args[0]);
        put(pr, ")");
        return;
    }
    put(pr, "trim(");
    put(pr, modes[e->trim_where]);
    put(pr, " ");
    print(pr, e->args[1]);
    put(pr, " from ");
    print(pr, e->args[0]);
    put(pr, ")");
}

static void print_order(printer *pr, const sc_order_item *o, size_t n, bool upper)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            put(pr, ",");
        print(pr, o[i].e);
        if (o[i].desc)
            put(pr, upper ? " DESC" : " desc");
        else if (upper)
            put(pr, " ASC");
    }
}

/* Item_func_group_concat::print: order by ... separator '...' */
static void print_group_concat_tail(printer *pr, const sc_expr_ext *x)
{
    if (x->n_order) {
        put(pr, " order by ");
        print_order(pr, x->order, x->n_order, true);
    }
    put(pr, " separator ");
    if (x->separator)
        print(pr, x->separator);
    else
        put(pr, "','");
}

/* Window_spec::print */
static void print_over(printer *pr, const sc_window *w)
{
    put(pr, " over ");
    if (w->by_name && !w->n_partition && !w->n_order && !w->frame) {
        if (sc_ddl__quote_ident(pr->out, w->name) != SC_OK)
            pr->rc = SC_ENOMEM;
        return;
    }
    put(pr, "(");
    if (w->n_partition) {
        put(pr, " partition by ");
        print_order(pr, w->partition, w->n_partition, false);
    }
    if (w->n_order) {
        put(pr, " order by ");
        print_order(pr, w->order, w->n_order, false);
    }
    if (w->frame)
        put(pr, w->frame);
    put(pr, ")");
}

static void print_func(printer *pr, const sc_expr *e)
{
    /* DATE(x), TIME(x), TIMESTAMP(x) are Item_*_typecast in MariaDB's grammar */
    if (e->n_args == 1 && e->form == SC_AST_FUNC_PLAIN &&
        (name_is(e, "DATE") || name_is(e, "TIME") || name_is(e, "TIMESTAMP"))) {
        const sc_column_def *a = e->args[0]->kind == SC_AST_EXPR_COLUMN ? e->args[0]->r_col : NULL;
        put(pr, "cast(");
        print(pr, e->args[0]);
        put(pr, name_is(e, "DATE") ? " as date" : name_is(e, "TIME") ? " as time" : " as datetime");
        /* the fraction digits of a temporal argument carry over */
        if (!name_is(e, "DATE") && a && a->scale &&
            (a->type == SC_TYPE_TIME || a->type == SC_TYPE_DATETIME ||
             a->type == SC_TYPE_TIMESTAMP)) {
            char buf[16];
            snprintf(buf, sizeof(buf), "(%u)", (unsigned)a->scale);
            put(pr, buf);
        }
        put(pr, ")");
        return;
    }
    switch (e->form) {
    case SC_AST_FUNC_TRIM:
        print_trim(pr, e);
        return;
    case SC_AST_FUNC_EXTRACT:
        put(pr, "extract(");
        put_lower(pr, e->unit);
        put(pr, " from ");
        print(pr, e->args[0]);
        put(pr, ")");
        return;
    case SC_AST_FUNC_UNIT_ARGS:  /* timestampdiff(DAY,a,b) */
    case SC_AST_FUNC_GET_FORMAT: /* get_format(DATE, 'EUR'): with a space */
        print_func_name(pr, e->name);
        put(pr, "(");
        put(pr, e->unit);
        put(pr, e->form == SC_AST_FUNC_GET_FORMAT ? ", " : ",");
        print_args(pr, e, 0);
        put(pr, ")");
        return;
    default:
        break;
    }
    print_func_name(pr, e->name);
    put(pr, "(");
    if (e->distinct)
        put(pr, "distinct ");
    if (e->n_args == 1 && e->args[0]->kind == SC_AST_EXPR_WORD && name_is(e, "COUNT"))
        put(pr, "0"); /* COUNT(*) is Item_sum_count over the constant 0 */
    else
        print_args(pr, e, 0);
    if (e->form == SC_AST_FUNC_CHAR_USING) {
        put(pr, " using ");
        put_lower(pr, e->charset);
    }
    if (name_is(e, "GROUP_CONCAT")) {
        static const sc_expr_ext none;
        print_group_concat_tail(pr, e->ext ? e->ext : &none);
    }
    if (e->n_args == 1 && e->ext && e->ext->over && (name_is(e, "LAG") || name_is(e, "LEAD")))
        put(pr, ",1"); /* the grammar's default offset */
    put(pr, ")");
    if (e->ext && e->ext->over)
        print_over(pr, e->ext->over);
}

static void print_var(printer *pr, const sc_expr *e)
{
    if (e->var_scope == SC_AST_VAR_USER) {
        put(pr, "@");
        if (sc_ddl__quote_ident(pr->out, e->name) != SC_OK)
            pr->rc = SC_ENOMEM;
        return;
    }
    put(pr, e->var_scope == SC_AST_VAR_GLOBAL    ? "@@global."
            : e->var_scope == SC_AST_VAR_SESSION ? "@@session."
                                                 : "@@");
    put_lower(pr, e->name);
}

/* The node kinds that are not operators or calls. */
static void print_other(printer *pr, const sc_expr *e)
{
    switch (e->kind) {
    case SC_AST_EXPR_CONVERT_USING:
        put(pr, "convert(");
        print(pr, e->args[0]);
        put(pr, " using ");
        put_lower(pr, e->name);
        put(pr, ")");
        break;
    case SC_AST_EXPR_COLLATE:
        print_paren(pr, e->args[0], P_COLLATE);
        put(pr, " collate ");
        put_lower(pr, e->name);
        break;
    case SC_AST_EXPR_INTERVAL: /* only inside date arithmetic; alone: best effort */
        put(pr, "interval ");
        print_paren(pr, e->args[0], P_INTERVAL);
        put(pr, " ");
        put_lower(pr, e->unit);
        break;
    case SC_AST_EXPR_ROW:
    case SC_AST_EXPR_DEFAULT:
        put(pr, e->kind == SC_AST_EXPR_ROW ? "(" : "default(");
        print_args(pr, e, 0);
        put(pr, ")");
        break;
    case SC_AST_EXPR_SUBQUERY:
        if (!e->select) {
            put(pr, "(subquery)");
            break;
        }
        if (e->unit) { /* ANY / ALL */
            put(pr, e->unit);
            put(pr, " ");
        }
        put(pr, e->name ? "exists(" : "(");
        if (sc_ddl__select_print_ex(pr->out, e->select, pr->compact_db,
                                    SC_SELECT_PRINT_SUBQUERY |
                                        (e->name ? SC_SELECT_PRINT_EXISTS : 0)) != SC_OK)
            pr->rc = SC_ENOMEM;
        put(pr, ")");
        break;
    case SC_AST_EXPR_WORD:
        put(pr, e->name);
        break;
    default:
        break;
    }
}

static void print(printer *pr, const sc_expr *e)
{
    switch (e->kind) {
    case SC_AST_EXPR_LITERAL:
        print_literal(pr, &e->lit);
        break;
    case SC_AST_EXPR_COLUMN:
        if (e->qualified && e->qual_db && !pr->compact_db) {
            (void)sc_ddl__quote_ident(pr->out, e->qual_db);
            put(pr, ".");
        }
        if (e->qualified && e->qual_table) {
            (void)sc_ddl__quote_ident(pr->out, e->qual_table);
            put(pr, ".");
        }
        if (sc_ddl__quote_ident(pr->out, e->name) != SC_OK)
            pr->rc = SC_ENOMEM;
        break;
    case SC_AST_EXPR_VAR:
        print_var(pr, e);
        break;
    case SC_AST_EXPR_FUNC:
        print_func(pr, e);
        break;
    case SC_AST_EXPR_UNARY:
        print_unary(pr, e);
        break;
    case SC_AST_EXPR_BINARY:
        print_binary(pr, e);
        break;
    case SC_AST_EXPR_IS:
        print_is(pr, e);
        break;
    case SC_AST_EXPR_BETWEEN:
    case SC_AST_EXPR_IN:
    case SC_AST_EXPR_LIKE:
        print_predicate(pr, e);
        break;
    case SC_AST_EXPR_CASE:
        print_case(pr, e);
        break;
    case SC_AST_EXPR_CAST:
        print_cast(pr, e);
        break;
    default:
        print_other(pr, e);
        break;
    }
}

int sc_ddl__expr_print(sc_buf *out, const sc_expr *e)
{
    return sc_ddl__expr_print_ex(out, e, NULL);
}

int sc_ddl__expr_print_ex(sc_buf *out, const sc_expr *e, const char *compact_db)
{
    printer pr;
    sc_expr *n;

    pr.out = out;
    pr.rc = SC_OK;
    pr.compact_db = compact_db;
    pr.arena = sc__arena_new(out->ctx, SC_AST_ARENA_CHUNK);
    if (!pr.arena)
        return SC_ENOMEM;
    n = normalise(&pr, e);
    if (n)
        print(&pr, n);
    else if (pr.rc == SC_OK)
        pr.rc = SC_ENOMEM;
    sc__arena_delete(pr.arena);
    if (pr.rc != SC_OK || out->failed)
        return sc_error_set(out->ctx, SC_ENOMEM, 0, NULL, "out of memory printing an expression");
    return SC_OK;
}

/* Calls whose Item is an Item_bool_func (need_parentheses_in_default() is true). */
static const char *const bool_funcs[] = {
    "JSON_VALID", "JSON_CONTAINS", "JSON_CONTAINS_PATH", "JSON_EXISTS",    "JSON_OVERLAPS",
    "IS_IPV4",    "IS_IPV6",       "IS_IPV4_COMPAT",     "IS_IPV4_MAPPED",
};

static bool is_bool_func(const sc_expr *e)
{
    size_t i;

    for (i = 0; i < sizeof(bool_funcs) / sizeof(bool_funcs[0]); i++)
        if (e->form == SC_AST_FUNC_PLAIN && name_is(e, bool_funcs[i]))
            return true;
    return false;
}

/* Item::need_parentheses_in_default(): boolean functions, arithmetic (Item_num_op),
 * date +/- interval, BINARY x and casts to non-temporal types print in
 * parentheses; calls, temporal casts, literals do not. */
static bool root_needs_parens(const sc_expr *e)
{
    switch (e->kind) {
    case SC_AST_EXPR_CAST:
        return !e->cast_type ||
               (e->cast_type->kind != SC_AST_TYPE_DATE && e->cast_type->kind != SC_AST_TYPE_TIME &&
                e->cast_type->kind != SC_AST_TYPE_DATETIME &&
                e->cast_type->kind != SC_AST_TYPE_TIMESTAMP);
    case SC_AST_EXPR_BINARY:
        /* every operator, DIV and the bit operators included (10.11.19 prints
           DEFAULT (`a` DIV 2), (1 << 4); the bare form does not read back);
           || as CONCAT prints as concat(...) */
        return e->op != SC_AST_OP_CONCAT;
    case SC_AST_EXPR_UNARY:
        /* Item_func_neg and Item_func_bit_neg print in parentheses too (`DEFAULT (~a)`
           reads back; `DEFAULT ~a` is a syntax error); the parser folds - of a number
           into the literal, which prints bare */
        return !(e->op == SC_AST_OP_NEG && is_number_literal(e->args[0]));
    case SC_AST_EXPR_IS:
    case SC_AST_EXPR_BETWEEN:
    case SC_AST_EXPR_IN:
    case SC_AST_EXPR_LIKE:
    case SC_AST_EXPR_CASE:    /* 10.11.19: DEFAULT (case when 1 then 2 else 3 end) */
    case SC_AST_EXPR_COLLATE: /* and DEFAULT ('ab' collate utf8mb4_bin) */
        return true;
    case SC_AST_EXPR_FUNC:
        return is_bool_func(e);
    default:
        return false;
    }
}

bool sc_ddl__expr_default_needs_parens(const sc_expr *e)
{
    /* the rewrites of normalise() that turn a call into an operator */
    if (e->kind == SC_AST_EXPR_FUNC &&
        (name_is(e, "DATE_ADD") || name_is(e, "ADDDATE") || name_is(e, "DATE_SUB") ||
         name_is(e, "SUBDATE") || name_is(e, "TIMESTAMPADD") || name_is(e, "MOD") ||
         name_is(e, "ISNULL")) &&
        (e->form == SC_AST_FUNC_PLAIN || e->form == SC_AST_FUNC_UNIT_ARGS))
        return true;
    if (e->kind == SC_AST_EXPR_BINARY && e->op == SC_AST_OP_ADD &&
        e->args[0]->kind == SC_AST_EXPR_INTERVAL)
        return true;
    return root_needs_parens(e);
}

int sc_ddl__quote_string(sc_buf *out, const char *s, size_t len)
{
    size_t i;

    sc__buf_putc(out, '\'');
    for (i = 0; i < len; i++) {
        switch (s[i]) {
        case '\\':
            sc__buf_puts(out, "\\\\");
            break;
        case '\0':
            sc__buf_puts(out, "\\0");
            break;
        case '\'':
            sc__buf_puts(out, "\\'");
            break;
        case '\n':
            sc__buf_puts(out, "\\n");
            break;
        case '\r':
            sc__buf_puts(out, "\\r");
            break;
        case '\032':
            sc__buf_puts(out, "\\Z");
            break;
        default:
            sc__buf_putc(out, s[i]);
            break;
        }
    }
    sc__buf_putc(out, '\'');
    return out->failed ? SC_ENOMEM : SC_OK;
}

int sc_ddl__quote_ident(sc_buf *out, const char *name)
{
    sc__buf_putc(out, '`');
    for (; *name; name++) {
        if (*name == '`')
            sc__buf_putc(out, '`');
        sc__buf_putc(out, *name);
    }
    sc__buf_putc(out, '`');
    return out->failed ? SC_ENOMEM : SC_OK;
}
