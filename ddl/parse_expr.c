/*
 * parse_expr.c - expressions with MariaDB 10.11's operator precedence, for
 * DEFAULT, generated columns, CHECK constraints and SET values.
 *
 * Levels, loosest first (sql_yacc.yy %left/%right list):
 *   OR ||  <  XOR  <  AND &&  <  NOT  <  IS / comparison  <  BETWEEN,
 *   [NOT] IN / LIKE / REGEXP  <  |  <  &  <  << >>  <  + -  <  * / % DIV MOD
 *   <  ^  <  || (PIPES_AS_CONCAT)  <  unary - ~ ! BINARY  <  COLLATE.
 * One function per level (expr -> xor -> and -> not -> bool_test ->
 * predicate -> bit_expr -> simple -> primary). Subqueries are kept as
 * SC_AST_EXPR_SUBQUERY nodes (text only) for the executor to refuse.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/parse_int.h"
#include "ddl/select.h"

static int parse_or(sc_parser *p, sc_expr **out);
static int parse_predicate(sc_parser *p, sc_expr **out);
static int parse_bit(sc_parser *p, sc_expr **out, int min_prec);
static int parse_simple(sc_parser *p, sc_expr **out);
static int parse_primary(sc_parser *p, sc_expr **out);

/* ------------------------------------------------------------------ */
/* Node helpers                                                         */

static sc_expr *node_at(sc_parser *p, sc_ast_expr_kind kind, size_t start)
{
    sc_expr *e = sc_parse__alloc(p, sizeof(*e));

    if (e) {
        e->kind = kind;
        e->start = start;
        e->end = start;
    }
    return e;
}

static sc_expr *node(sc_parser *p, sc_ast_expr_kind kind)
{
    return node_at(p, kind, sc_parse__tok(p, 0)->start);
}

/* The node ends where the last consumed token ends. */
static void finish(sc_parser *p, sc_expr *e)
{
    const sc_token *t = p->pos ? &p->toks[p->pos - 1] : &p->toks[0];
    e->end = t->start + t->len;
}

/*
 * e gets child arg: e's depth covers it. A tree deeper than the parser may
 * recurse (a+a+...+a is built by a loop, not by recursion) is refused here,
 * so every later walker of the tree stays within SC_PARSE_MAX_DEPTH.
 */
static int note_child(sc_parser *p, sc_expr *e, const sc_expr *arg)
{
    if (arg && arg->depth + 1 > e->depth) {
        if (arg->depth + 1 > SC_PARSE_MAX_DEPTH)
            return sc_parse__too_deep(p);
        e->depth = arg->depth + 1;
    }
    return SC_OK;
}

static int add_arg(sc_parser *p, sc_expr *e, sc_expr *arg)
{
    sc_expr **slot;

    SC_TRY(note_child(p, e, arg));
    slot = sc_parse__push(p, (void **)&e->args, &e->n_args, sizeof(*slot));
    if (!slot)
        return sc_parse__nomem(p);
    *slot = arg;
    return SC_OK;
}

/* Parse one expression and append it to e's arguments. */
static int expr_arg(sc_parser *p, sc_expr *e)
{
    sc_expr *a;

    SC_TRY(sc_parse__expr(p, &a));
    return add_arg(p, e, a);
}

/* Recursion guard: fn one level deeper, or "memory exhausted" past the limit. */
static int nested(sc_parser *p, int (*fn)(sc_parser *, sc_expr **), sc_expr **out)
{
    int rc;

    if (p->depth >= SC_PARSE_MAX_DEPTH)
        return sc_parse__too_deep(p);
    p->depth++;
    rc = fn(p, out);
    p->depth--;
    return rc;
}

static int binary(sc_parser *p, sc_expr **out, sc_ast_op op, sc_expr *l, sc_expr *r)
{
    sc_expr *e = node_at(p, SC_AST_EXPR_BINARY, l->start);

    if (!e)
        return sc_parse__nomem(p);
    e->op = op;
    SC_TRY(add_arg(p, e, l));
    SC_TRY(add_arg(p, e, r));
    finish(p, e);
    *out = e;
    return SC_OK;
}

static int unary(sc_parser *p, sc_expr **out, sc_ast_op op, size_t start, sc_expr *arg)
{
    sc_expr *e = node_at(p, SC_AST_EXPR_UNARY, start);

    if (!e)
        return sc_parse__nomem(p);
    e->op = op;
    SC_TRY(add_arg(p, e, arg));
    finish(p, e);
    *out = e;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Boolean levels                                                       */

int sc_parse__expr(sc_parser *p, sc_expr **out)
{
    return nested(p, parse_or, out);
}

static int parse_not(sc_parser *p, sc_expr **out);

static int parse_and(sc_parser *p, sc_expr **out)
{
    sc_expr *l, *r;

    SC_TRY(parse_not(p, &l));
    while (sc_parse__is_word(p, 0, "AND") || sc_parse__is_op(p, 0, "&&")) {
        sc_parse__skip(p);
        SC_TRY(parse_not(p, &r));
        SC_TRY(binary(p, &l, SC_AST_OP_AND, l, r));
    }
    *out = l;
    return SC_OK;
}

static int parse_xor(sc_parser *p, sc_expr **out)
{
    sc_expr *l, *r;

    SC_TRY(parse_and(p, &l));
    while (sc_parse__accept_word(p, "XOR")) {
        SC_TRY(parse_and(p, &r));
        SC_TRY(binary(p, &l, SC_AST_OP_XOR, l, r));
    }
    *out = l;
    return SC_OK;
}

static bool at_or(const sc_parser *p)
{
    return sc_parse__is_word(p, 0, "OR") ||
           (sc_parse__is_op(p, 0, "||") && !(p->flags & SC_PARSE_PIPES_AS_CONCAT));
}

static int parse_or(sc_parser *p, sc_expr **out)
{
    sc_expr *l, *r;

    SC_TRY(parse_xor(p, &l));
    while (at_or(p)) {
        sc_parse__skip(p);
        SC_TRY(parse_xor(p, &r));
        SC_TRY(binary(p, &l, SC_AST_OP_OR, l, r));
    }
    *out = l;
    return SC_OK;
}

static int parse_bool_test(sc_parser *p, sc_expr **out);

static int parse_not(sc_parser *p, sc_expr **out)
{
    size_t start = sc_parse__tok(p, 0)->start;
    sc_expr *arg;

    if (!(p->flags & SC_PARSE_HIGH_NOT_PRECEDENCE) && sc_parse__accept_word(p, "NOT")) {
        SC_TRY(nested(p, parse_not, &arg));
        return unary(p, out, SC_AST_OP_NOT, start, arg);
    }
    return parse_bool_test(p, out);
}

static const struct {
    const char *op;
    sc_ast_op code;
} comp_ops[] = {
    {"=", SC_AST_OP_EQ}, {"<=>", SC_AST_OP_NSEQ}, {"<>", SC_AST_OP_NE}, {"!=", SC_AST_OP_NE},
    {"<", SC_AST_OP_LT}, {"<=", SC_AST_OP_LE},    {">", SC_AST_OP_GT},  {">=", SC_AST_OP_GE},
};

static sc_ast_op comparison_at(const sc_parser *p)
{
    size_t i;

    for (i = 0; i < sizeof(comp_ops) / sizeof(comp_ops[0]); i++)
        if (sc_parse__is_op(p, 0, comp_ops[i].op))
            return comp_ops[i].code;
    return SC_AST_OP_NONE;
}

/* IS [NOT] {NULL|TRUE|FALSE|UNKNOWN} after the operand l. */
static int parse_is(sc_parser *p, sc_expr **out, sc_expr *l)
{
    sc_expr *e = node_at(p, SC_AST_EXPR_IS, l->start);

    if (!e)
        return sc_parse__nomem(p);
    e->negated = sc_parse__accept_word(p, "NOT");
    if (sc_parse__accept_word(p, "NULL"))
        e->is_what = SC_AST_IS_NULL;
    else if (sc_parse__accept_word(p, "TRUE"))
        e->is_what = SC_AST_IS_TRUE;
    else if (sc_parse__accept_word(p, "FALSE"))
        e->is_what = SC_AST_IS_FALSE;
    else if (sc_parse__accept_word(p, "UNKNOWN"))
        e->is_what = SC_AST_IS_UNKNOWN;
    else
        return sc_parse__syntax_error(p);
    SC_TRY(add_arg(p, e, l));
    finish(p, e);
    *out = e;
    return SC_OK;
}

/* A subquery in parentheses, kept as text: cur is '(' and the next token is SELECT/WITH. */
static bool at_subquery(const sc_parser *p)
{
    return sc_parse__is_op(p, 0, "(") &&
           (sc_parse__is_word(p, 1, "SELECT") || sc_parse__is_word(p, 1, "WITH") ||
            sc_parse__is_word(p, 1, "VALUES") ||
            (sc_parse__is_op(p, 1, "(") && sc_parse__is_word(p, 2, "SELECT")));
}

static int parse_subquery(sc_parser *p, sc_expr **out)
{
    sc_expr *e = node(p, SC_AST_EXPR_SUBQUERY);

    if (!e)
        return sc_parse__nomem(p);
    if (p->full_select) {
        SC_TRY(sc_parse__expect_op(p, "("));
        SC_TRY(sc_parse__select(p, &e->select));
        SC_TRY(sc_parse__expect_op(p, ")"));
    } else {
        SC_TRY(sc_parse__skip_balanced(p));
    }
    finish(p, e);
    *out = e;
    return SC_OK;
}

static int parse_bool_test(sc_parser *p, sc_expr **out)
{
    sc_expr *l, *r;
    sc_ast_op op;

    SC_TRY(parse_predicate(p, &l));
    for (;;) {
        if (sc_parse__accept_word(p, "IS")) {
            SC_TRY(parse_is(p, &l, l));
            continue;
        }
        op = comparison_at(p);
        if (op == SC_AST_OP_NONE)
            break;
        sc_parse__skip(p);
        if ((sc_parse__is_word(p, 0, "ANY") || sc_parse__is_word(p, 0, "SOME") ||
             sc_parse__is_word(p, 0, "ALL")) &&
            sc_parse__is_op(p, 1, "(")) {
            const char *quant = sc_parse__is_word(p, 0, "ALL") ? "all" : "any";
            sc_parse__skip(p);
            SC_TRY(parse_subquery(p, &r));
            r->unit = quant; /* `> any (select ...)`: the printer needs the quantifier */
        } else {
            SC_TRY(parse_predicate(p, &r));
        }
        SC_TRY(binary(p, &l, op, l, r));
    }
    *out = l;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Predicates                                                           */

static int parse_in(sc_parser *p, sc_expr *e)
{
    sc_expr *a;

    if (at_subquery(p)) {
        SC_TRY(parse_subquery(p, &a));
        return add_arg(p, e, a);
    }
    SC_TRY(sc_parse__expect_op(p, "("));
    do {
        SC_TRY(expr_arg(p, e));
    } while (sc_parse__accept_op(p, ","));
    return sc_parse__expect_op(p, ")");
}

static int parse_between(sc_parser *p, sc_expr *e)
{
    sc_expr *a;

    /* predicate BETWEEN predicate AND predicate: the middle one ends at AND */
    SC_TRY(parse_predicate(p, &a));
    SC_TRY(add_arg(p, e, a));
    SC_TRY(sc_parse__expect_word(p, "AND"));
    SC_TRY(parse_predicate(p, &a));
    return add_arg(p, e, a);
}

static int predicate_step(sc_parser *p, sc_expr **l, bool *done);

/*
 * The right operand of LIKE, REGEXP, SOUNDS LIKE and ESCAPE. 10.11's grammar
 * gives NOT the highest precedence so that `predicate NOT IN|BETWEEN|LIKE|
 * REGEXP` can shift: a NOT-form after the operand belongs to the operand
 * (a LIKE 'x' NOT BETWEEN 1 AND 2 is a LIKE ('x' NOT BETWEEN 1 AND 2)), while
 * the same operators without NOT apply to the whole, left to right.
 */
static int like_operand(sc_parser *p, sc_expr **out)
{
    bool done = false;

    SC_TRY(parse_bit(p, out, 1));
    while (!done && sc_parse__is_word(p, 0, "NOT") &&
           (sc_parse__is_word(p, 1, "IN") || sc_parse__is_word(p, 1, "BETWEEN") ||
            sc_parse__is_word(p, 1, "LIKE") || sc_parse__is_word(p, 1, "REGEXP") ||
            sc_parse__is_word(p, 1, "RLIKE")))
        SC_TRY(predicate_step(p, out, &done));
    return SC_OK;
}

static int parse_like(sc_parser *p, sc_expr *e)
{
    sc_expr *a;

    SC_TRY(like_operand(p, &a));
    SC_TRY(add_arg(p, e, a));
    if (sc_parse__accept_word(p, "ESCAPE")) {
        SC_TRY(like_operand(p, &a));
        SC_TRY(add_arg(p, e, a));
    }
    return SC_OK;
}

/* One [NOT] IN/BETWEEN/LIKE/REGEXP/SOUNDS LIKE step; *done when none applies. */
static int predicate_step(sc_parser *p, sc_expr **l, bool *done)
{
    bool neg = false;
    sc_expr *e, *r;
    size_t save = p->pos;

    *done = false;
    if (sc_parse__accept_word(p, "NOT"))
        neg = true;
    if (sc_parse__is_word(p, 0, "SOUNDS") && !neg) {
        sc_parse__skip(p);
        SC_TRY(sc_parse__expect_word(p, "LIKE"));
        SC_TRY(like_operand(p, &r));
        return binary(p, l, SC_AST_OP_SOUNDS_LIKE, *l, r);
    }
    if (sc_parse__is_word(p, 0, "REGEXP") || sc_parse__is_word(p, 0, "RLIKE")) {
        sc_parse__skip(p);
        SC_TRY(like_operand(p, &r));
        SC_TRY(binary(p, l, SC_AST_OP_REGEXP, *l, r));
        (*l)->negated = neg;
        return SC_OK;
    }
    if (sc_parse__is_word(p, 0, "IN"))
        e = node_at(p, SC_AST_EXPR_IN, (*l)->start);
    else if (sc_parse__is_word(p, 0, "BETWEEN"))
        e = node_at(p, SC_AST_EXPR_BETWEEN, (*l)->start);
    else if (sc_parse__is_word(p, 0, "LIKE"))
        e = node_at(p, SC_AST_EXPR_LIKE, (*l)->start);
    else if (neg) {
        return sc_parse__syntax_error(p); /* after an operand, NOT must start NOT IN/LIKE/... */
    } else {
        p->pos = save;
        *done = true;
        return SC_OK;
    }
    if (!e)
        return sc_parse__nomem(p);
    e->negated = neg;
    sc_parse__skip(p);
    SC_TRY(add_arg(p, e, *l));
    if (e->kind == SC_AST_EXPR_IN)
        SC_TRY(parse_in(p, e));
    else if (e->kind == SC_AST_EXPR_BETWEEN)
        SC_TRY(parse_between(p, e));
    else
        SC_TRY(parse_like(p, e));
    finish(p, e);
    *l = e;
    return SC_OK;
}

/* predicate: bit_expr followed by any number of [NOT] IN|BETWEEN|LIKE|REGEXP|
 * SOUNDS LIKE steps, left-recursive as in 10.11 (a LIKE 'x' BETWEEN 0 AND 1 is
 * (a LIKE 'x') BETWEEN 0 AND 1; a IN (1) IN (0) is accepted). */
static int parse_predicate(sc_parser *p, sc_expr **out)
{
    sc_expr *l;
    bool done = false;

    SC_TRY(parse_bit(p, &l, 1));
    while (!done)
        SC_TRY(predicate_step(p, &l, &done));
    *out = l;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Bit/arithmetic levels (precedence climbing)                          */

static const struct {
    const char *text;
    bool word;
    int prec;
    sc_ast_op op;
} bit_ops[] = {
    {"|", false, 1, SC_AST_OP_BITOR},   {"&", false, 2, SC_AST_OP_BITAND},
    {"<<", false, 3, SC_AST_OP_SHL},    {">>", false, 3, SC_AST_OP_SHR},
    {"+", false, 4, SC_AST_OP_ADD},     {"-", false, 4, SC_AST_OP_SUB},
    {"*", false, 5, SC_AST_OP_MUL},     {"/", false, 5, SC_AST_OP_DIV},
    {"%", false, 5, SC_AST_OP_MOD},     {"DIV", true, 5, SC_AST_OP_INTDIV},
    {"MOD", true, 5, SC_AST_OP_MOD},    {"^", false, 6, SC_AST_OP_BITXOR},
    {"||", false, 7, SC_AST_OP_CONCAT},
};

static int bit_op_at(const sc_parser *p, sc_ast_op *op)
{
    size_t i;

    for (i = 0; i < sizeof(bit_ops) / sizeof(bit_ops[0]); i++) {
        bool hit = bit_ops[i].word ? sc_parse__is_word(p, 0, bit_ops[i].text)
                                   : sc_parse__is_op(p, 0, bit_ops[i].text);
        if (hit && bit_ops[i].op == SC_AST_OP_CONCAT && !(p->flags & SC_PARSE_PIPES_AS_CONCAT))
            continue;
        if (hit) {
            *op = bit_ops[i].op;
            return bit_ops[i].prec;
        }
    }
    return 0;
}

static const char *const interval_units[] = {
    "DAY",
    "DAY_HOUR",
    "DAY_MICROSECOND",
    "DAY_MINUTE",
    "DAY_SECOND",
    "HOUR",
    "HOUR_MICROSECOND",
    "HOUR_MINUTE",
    "HOUR_SECOND",
    "MICROSECOND",
    "MINUTE",
    "MINUTE_MICROSECOND",
    "MINUTE_SECOND",
    "MONTH",
    "QUARTER",
    "SECOND",
    "SECOND_MICROSECOND",
    "WEEK",
    "YEAR",
    "YEAR_MONTH",
    "SQL_TSI_SECOND",
    "SQL_TSI_MINUTE",
    "SQL_TSI_HOUR",
    "SQL_TSI_DAY",
    "SQL_TSI_WEEK",
    "SQL_TSI_MONTH",
    "SQL_TSI_QUARTER",
    "SQL_TSI_YEAR",
    "SQL_TSI_MICROSECOND",
};

static int parse_unit(sc_parser *p, const char **out)
{
    size_t i;

    for (i = 0; i < sizeof(interval_units) / sizeof(interval_units[0]); i++) {
        if (sc_parse__is_word(p, 0, interval_units[i])) {
            *out = interval_units[i];
            if (strncmp(*out, "SQL_TSI_", 8) == 0)
                *out += 8; /* the lexer's synonyms: SQL_TSI_DAY is DAY */
            sc_parse__skip(p);
            return SC_OK;
        }
    }
    return sc_parse__syntax_error(p);
}

static bool is_unit_word(const sc_parser *p, size_t ahead)
{
    size_t i;

    for (i = 0; i < sizeof(interval_units) / sizeof(interval_units[0]); i++)
        if (sc_parse__is_word(p, ahead, interval_units[i]))
            return true;
    return false;
}

/*
 * At INTERVAL: is it `INTERVAL expr unit` (true) or the INTERVAL(n, n1, ...)
 * function (false)? `INTERVAL (1 + 2) DAY` is the former: look past the
 * parenthesised group for a unit.
 */
static bool interval_is_operand(const sc_parser *p)
{
    size_t k = 1;
    int depth = 0;

    if (!sc_parse__is_op(p, 1, "("))
        return true;
    for (;; k++) {
        const sc_token *t = sc_parse__tok(p, k);
        if (t->kind == SC_TOK_EOF)
            return false;
        if (sc_parse__is_op(p, k, "("))
            depth++;
        else if (sc_parse__is_op(p, k, ")") && --depth == 0)
            return is_unit_word(p, k + 1);
    }
}

/* INTERVAL expr unit (INTERVAL already consumed; start = its offset). */
static int parse_interval_tail(sc_parser *p, sc_expr **out, size_t start)
{
    sc_expr *e = node_at(p, SC_AST_EXPR_INTERVAL, start);

    if (!e)
        return sc_parse__nomem(p);
    SC_TRY(expr_arg(p, e));
    SC_TRY(parse_unit(p, &e->unit));
    finish(p, e);
    *out = e;
    return SC_OK;
}

static int parse_bit(sc_parser *p, sc_expr **out, int min_prec)
{
    sc_expr *l, *r;
    sc_ast_op op = SC_AST_OP_NONE;
    int prec;

    SC_TRY(parse_simple(p, &l));
    while ((prec = bit_op_at(p, &op)) >= min_prec && prec > 0) {
        sc_parse__skip(p);
        if ((op == SC_AST_OP_ADD || op == SC_AST_OP_SUB) && sc_parse__is_word(p, 0, "INTERVAL") &&
            interval_is_operand(p)) {
            size_t start = sc_parse__tok(p, 0)->start;
            sc_parse__skip(p);
            SC_TRY(parse_interval_tail(p, &r, start));
        } else {
            SC_TRY(parse_bit(p, &r, prec + 1));
        }
        SC_TRY(binary(p, &l, op, l, r));
    }
    *out = l;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* simple_expr: unary operators, COLLATE                                */

static int parse_collate(sc_parser *p, sc_expr **inout)
{
    while (sc_parse__accept_word(p, "COLLATE")) {
        sc_expr *e = node_at(p, SC_AST_EXPR_COLLATE, (*inout)->start);
        if (!e)
            return sc_parse__nomem(p);
        SC_TRY(sc_parse__charset_name(p, &e->name, false));
        SC_TRY(add_arg(p, e, *inout));
        finish(p, e);
        *inout = e;
    }
    return SC_OK;
}

/*
 * The grammar's '-' on a number literal negates the literal itself (Item_int,
 * Item_decimal, Item_float and Item_bool::neg): -(-1) is 1, TRUE and FALSE
 * become 1 and 0, and a zero integer or decimal has no sign (-0 is 0, -0.0 is
 * 0.0; a float keeps it, -0e0). @return false when e is no number literal.
 */
static bool negate_number(sc_expr *e)
{
    const char *t = e->lit.text.s;

    if (e->kind != SC_AST_EXPR_LITERAL)
        return false;
    switch (e->lit.kind) {
    case SC_AST_LIT_BOOL:
        e->lit.kind = SC_AST_LIT_INT;
        break;
    case SC_AST_LIT_INT:
    case SC_AST_LIT_DECIMAL:
    case SC_AST_LIT_FLOAT:
        break;
    default:
        return false;
    }
    e->lit.negative = !e->lit.negative;
    if (e->lit.kind != SC_AST_LIT_FLOAT && t && strspn(t, "0.") == strlen(t))
        e->lit.negative = false;
    return true;
}

static int parse_unary(sc_parser *p, sc_expr **out, bool *handled)
{
    size_t start = sc_parse__tok(p, 0)->start;
    sc_ast_op op = SC_AST_OP_NONE;
    sc_expr *arg;

    *handled = true;
    if (sc_parse__accept_op(p, "-"))
        op = SC_AST_OP_NEG;
    else if (sc_parse__accept_op(p, "~"))
        op = SC_AST_OP_BITNOT;
    else if (sc_parse__accept_op(p, "!"))
        op = SC_AST_OP_NOT;
    else if ((p->flags & SC_PARSE_HIGH_NOT_PRECEDENCE) && sc_parse__accept_word(p, "NOT"))
        op = SC_AST_OP_NOT;
    else if (sc_parse__is_word(p, 0, "BINARY")) {
        sc_parse__skip(p);
        op = SC_AST_OP_BINARY;
    } else if (sc_parse__accept_op(p, "+")) {
        return nested(p, parse_simple, out); /* unary plus is dropped, as MariaDB does */
    } else {
        *handled = false;
        return SC_OK;
    }
    SC_TRY(nested(p, parse_simple, &arg));
    if (op == SC_AST_OP_NEG && negate_number(arg)) {
        arg->start = start;
        *out = arg;
        return SC_OK;
    }
    return unary(p, out, op, start, arg);
}

/* INTERVAL expr unit + expr, or the INTERVAL(n, n1, ...) function. */
static int parse_interval_prefix(sc_parser *p, sc_expr **out)
{
    size_t start = sc_parse__tok(p, 0)->start;
    sc_expr *iv, *r;

    sc_parse__skip(p); /* INTERVAL */
    SC_TRY(parse_interval_tail(p, &iv, start));
    if (!sc_parse__accept_op(p, "+")) {
        /* DATE_ADD(x, INTERVAL n unit) and friends take the bare interval */
        *out = iv;
        return SC_OK;
    }
    SC_TRY(sc_parse__expr(p, &r));
    return binary(p, out, SC_AST_OP_ADD, iv, r);
}

static int parse_simple(sc_parser *p, sc_expr **out)
{
    bool handled;

    SC_TRY(parse_unary(p, out, &handled));
    if (handled)
        return SC_OK;
    if (sc_parse__is_word(p, 0, "INTERVAL") && interval_is_operand(p))
        SC_TRY(parse_interval_prefix(p, out));
    else
        SC_TRY(parse_primary(p, out));
    return parse_collate(p, out);
}

/* ------------------------------------------------------------------ */
/* Literals                                                             */

static int lit_token(sc_parser *p, sc_expr *e, const sc_token *t)
{
    size_t s, n;

    switch (t->kind) {
    case SC_TOK_INT:
    case SC_TOK_DECIMAL:
    case SC_TOK_FLOAT:
        e->lit.kind = t->kind == SC_TOK_INT       ? SC_AST_LIT_INT
                      : t->kind == SC_TOK_DECIMAL ? SC_AST_LIT_DECIMAL
                                                  : SC_AST_LIT_FLOAT;
        e->lit.text.s = sc_parse__text(p, t->start, t->start + t->len);
        e->lit.text.len = t->len;
        break;
    case SC_TOK_HEX:
    case SC_TOK_BIN:
        e->lit.kind = t->kind == SC_TOK_HEX ? SC_AST_LIT_HEX : SC_AST_LIT_BIT;
        e->lit.zero_x = p->sql[t->start] == '0';
        sc_lex__digits(&s, &n, p->sql, t);
        e->lit.text.s = sc_parse__text(p, s, s + n);
        e->lit.text.len = n;
        break;
    default:
        return sc_parse__syntax_error(p);
    }
    if (!e->lit.text.s)
        return sc_parse__nomem(p);
    sc_parse__skip(p);
    return SC_OK;
}

/* 'a' 'b' ... : adjacent strings concatenate (the first may be N'..'). */
static int lit_strings(sc_parser *p, sc_expr *e)
{
    sc_ast_str acc = {"", 0}, s;
    char *buf;

    e->lit.kind = SC_AST_LIT_STRING;
    while (sc_parse__tok(p, 0)->kind == SC_TOK_STRING ||
           (acc.len == 0 && e->lit.text.s == NULL && sc_parse__tok(p, 0)->kind == SC_TOK_NSTRING)) {
        if (sc_parse__tok(p, 0)->kind == SC_TOK_NSTRING) {
            e->lit.introducer = "utf8mb3";
            e->lit.national = true;
        }
        if (sc_lex__string(&s, p->arena, p->sql, sc_parse__tok(p, 0), p->flags) != SC_OK)
            return sc_parse__nomem(p);
        sc_parse__skip(p);
        buf = sc_parse__alloc(p, acc.len + s.len + 1);
        if (!buf)
            return sc_parse__nomem(p);
        memcpy(buf, acc.s, acc.len);
        memcpy(buf + acc.len, s.s, s.len);
        acc.s = buf;
        acc.len += s.len;
        e->lit.text = acc;
    }
    return SC_OK;
}

/* _charset 'x' / _charset 0x41 / _charset b'1' */
static bool at_introducer(const sc_parser *p)
{
    const sc_token *t = sc_parse__tok(p, 0), *n = sc_parse__tok(p, 1);

    return t->kind == SC_TOK_IDENT && t->len > 1 && p->sql[t->start] == '_' &&
           (n->kind == SC_TOK_STRING || n->kind == SC_TOK_HEX || n->kind == SC_TOK_BIN);
}

static int parse_literal(sc_parser *p, sc_expr **out)
{
    sc_expr *e = node(p, SC_AST_EXPR_LITERAL);
    const sc_token *t;

    if (!e)
        return sc_parse__nomem(p);
    if (at_introducer(p)) {
        t = sc_parse__tok(p, 0);
        e->lit.introducer = sc_parse__text(p, t->start + 1, t->start + t->len);
        if (!e->lit.introducer)
            return sc_parse__nomem(p);
        sc_parse__skip(p);
    }
    t = sc_parse__tok(p, 0);
    if (t->kind == SC_TOK_STRING || t->kind == SC_TOK_NSTRING)
        SC_TRY(lit_strings(p, e));
    else
        SC_TRY(lit_token(p, e, t));
    finish(p, e);
    *out = e;
    return SC_OK;
}

static bool at_literal(const sc_parser *p)
{
    switch (sc_parse__tok(p, 0)->kind) {
    case SC_TOK_STRING:
    case SC_TOK_NSTRING:
    case SC_TOK_INT:
    case SC_TOK_DECIMAL:
    case SC_TOK_FLOAT:
    case SC_TOK_HEX:
    case SC_TOK_BIN:
        return true;
    default:
        return at_introducer(p);
    }
}

/* NULL, TRUE, FALSE, DATE 'x', TIME 'x', TIMESTAMP 'x'. */
static int parse_word_literal(sc_parser *p, sc_expr **out, bool *handled)
{
    sc_expr *e;
    sc_ast_lit_kind kind;
    const char *text = NULL;

    *handled = true;
    if (sc_parse__is_word(p, 0, "NULL"))
        kind = SC_AST_LIT_NULL;
    else if (sc_parse__is_word(p, 0, "TRUE"))
        kind = SC_AST_LIT_BOOL, text = "1";
    else if (sc_parse__is_word(p, 0, "FALSE"))
        kind = SC_AST_LIT_BOOL, text = "0";
    else if (sc_parse__tok(p, 1)->kind == SC_TOK_STRING && sc_parse__is_word(p, 0, "DATE"))
        kind = SC_AST_LIT_DATE;
    else if (sc_parse__tok(p, 1)->kind == SC_TOK_STRING && sc_parse__is_word(p, 0, "TIME"))
        kind = SC_AST_LIT_TIME;
    else if (sc_parse__tok(p, 1)->kind == SC_TOK_STRING && sc_parse__is_word(p, 0, "TIMESTAMP"))
        kind = SC_AST_LIT_TIMESTAMP;
    else {
        *handled = false;
        return SC_OK;
    }
    e = node(p, SC_AST_EXPR_LITERAL);
    if (!e)
        return sc_parse__nomem(p);
    sc_parse__skip(p);
    e->lit.kind = kind;
    if (text) {
        e->lit.text.s = text;
        e->lit.text.len = 1;
    } else if (kind != SC_AST_LIT_NULL) {
        SC_TRY(sc_parse__string(p, &e->lit.text));
    }
    finish(p, e);
    *out = e;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Function calls                                                       */

/* (args) of a plain call; the name token was consumed; cur is '('. */
typedef struct arity {
    const char *name;
    unsigned refused_1582, refused_1064; /* bit k: k arguments; bit 8: 8 or more */
} arity;

static int arity_cmp(const void *key, const void *elem)
{
    return strcasecmp(key, ((const arity *)elem)->name);
}

static const arity *arity_find(const char *name)
{
    static const arity table[] = {
#include "ddl/builtin_arity.h"
    };
    return bsearch(name, table, sizeof(table) / sizeof(table[0]), sizeof(table[0]), arity_cmp);
}

/*
 * The most arguments a grammar rule of 10.11 takes when it refuses more with
 * 1064 (REPEAT, REPLACE...), or -1. The parser stops at the comma past them,
 * before it reads (and judges) what follows: REPEAT(a, b, POW(1, 2, 3)) is
 * that 1064, not POW's 1582.
 */
static int grammar_most(const sc_token *t, const char *name)
{
    const arity *a = t->kind == SC_TOK_IDENT && name ? arity_find(name) : NULL;
    int most = -1;

    if (!a)
        return -1;
    for (int k = 0; k < 8; k++)
        if (!(a->refused_1064 & (1u << k)))
            most = k;
    return most >= 1 && (a->refused_1064 & (1u << (most + 1))) ? most : -1;
}

/* The arguments of a call; `most` >= 0: a grammar rule taking at most that many. */
static int call_args(sc_parser *p, sc_expr *e, int most)
{
    sc_expr *a;

    SC_TRY(sc_parse__expect_op(p, "("));
    if (sc_parse__accept_op(p, ")"))
        return SC_OK;
    if (sc_parse__accept_word(p, "DISTINCT"))
        e->distinct = true;
    else
        (void)sc_parse__accept_word(p, "ALL");
    if (sc_parse__is_op(p, 0, "*") && sc_parse__is_op(p, 1, ")")) {
        a = node(p, SC_AST_EXPR_WORD);
        if (!a)
            return sc_parse__nomem(p);
        a->name = "*";
        sc_parse__skip(p);
        finish(p, a);
        SC_TRY(add_arg(p, e, a));
        return sc_parse__expect_op(p, ")");
    }
    do {
        SC_TRY(expr_arg(p, e));
        if (most >= 0 && !e->distinct && e->n_args >= (size_t)most && sc_parse__is_op(p, 0, ","))
            return sc_parse__syntax_error_after(p, p->pos);
    } while (sc_parse__accept_op(p, ","));
    if (p->full_select && sc_parse__is_word(p, 0, "ORDER") && sc_parse__is_word(p, 1, "BY")) {
        if (!e->ext && !(e->ext = sc_parse__alloc(p, sizeof(*e->ext))))
            return sc_parse__nomem(p);
        sc_parse__skip(p);
        sc_parse__skip(p);
        SC_TRY(sc_parse__order_list(p, &e->ext->order, &e->ext->n_order));
    }
    if (sc_parse__is_word(p, 0, "SEPARATOR")) { /* GROUP_CONCAT */
        sc_parse__skip(p);
        SC_TRY(parse_literal(p, &a));
        if (p->full_select) {
            if (!e->ext && !(e->ext = sc_parse__alloc(p, sizeof(*e->ext))))
                return sc_parse__nomem(p);
            e->ext->separator = a;
        }
    }
    return sc_parse__expect_op(p, ")");
}

static sc_expr *func_node(sc_parser *p, const sc_token *name_tok)
{
    sc_expr *e = node_at(p, SC_AST_EXPR_FUNC, name_tok->start);

    if (e) {
        e->name = sc_lex__ident(p->arena, p->sql, name_tok, p->flags);
        if (!e->name)
            return NULL;
    }
    return e;
}

static int parse_cast_type(sc_parser *p, sc_expr *e)
{
    bool serial = false;

    e->cast_type = sc_parse__alloc(p, sizeof(*e->cast_type));
    if (!e->cast_type)
        return sc_parse__nomem(p);
    return sc_parse__type(p, e->cast_type, &serial, true);
}

/* CAST(expr AS type) */
static int fn_cast(sc_parser *p, sc_expr *e)
{
    e->kind = SC_AST_EXPR_CAST;
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(expr_arg(p, e));
    SC_TRY(sc_parse__expect_word(p, "AS"));
    SC_TRY(parse_cast_type(p, e));
    return sc_parse__expect_op(p, ")");
}

/* CONVERT(expr, type) / CONVERT(expr USING charset) */
static int fn_convert(sc_parser *p, sc_expr *e)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(expr_arg(p, e));
    if (sc_parse__accept_word(p, "USING")) {
        e->kind = SC_AST_EXPR_CONVERT_USING;
        e->name = NULL;
        SC_TRY(sc_parse__charset_name(p, &e->name, false));
    } else {
        e->kind = SC_AST_EXPR_CAST;
        SC_TRY(sc_parse__expect_op(p, ","));
        SC_TRY(parse_cast_type(p, e));
    }
    return sc_parse__expect_op(p, ")");
}

/* CASE [x] WHEN a THEN b ... [ELSE c] END (CASE consumed) */
static int fn_case(sc_parser *p, sc_expr *e)
{
    e->kind = SC_AST_EXPR_CASE;
    if (!sc_parse__is_word(p, 0, "WHEN")) {
        SC_TRY(sc_parse__expr(p, &e->case_operand));
        SC_TRY(note_child(p, e, e->case_operand));
    }
    SC_TRY(sc_parse__expect_word(p, "WHEN"));
    do {
        SC_TRY(expr_arg(p, e));
        SC_TRY(sc_parse__expect_word(p, "THEN"));
        SC_TRY(expr_arg(p, e));
    } while (sc_parse__accept_word(p, "WHEN"));
    if (sc_parse__accept_word(p, "ELSE")) {
        SC_TRY(sc_parse__expr(p, &e->case_else));
        SC_TRY(note_child(p, e, e->case_else));
    }
    return sc_parse__expect_word(p, "END");
}

/* TRIM([[LEADING|TRAILING|BOTH] [remstr] FROM] str) */
static int fn_trim(sc_parser *p, sc_expr *e)
{
    sc_expr *a, *b;

    e->form = SC_AST_FUNC_TRIM;
    SC_TRY(sc_parse__expect_op(p, "("));
    if (sc_parse__accept_word(p, "LEADING"))
        e->trim_where = SC_AST_TRIM_LEADING;
    else if (sc_parse__accept_word(p, "TRAILING"))
        e->trim_where = SC_AST_TRIM_TRAILING;
    else if (sc_parse__accept_word(p, "BOTH"))
        e->trim_where = SC_AST_TRIM_BOTH;
    if (e->trim_where != SC_AST_TRIM_DEFAULT && sc_parse__accept_word(p, "FROM")) {
        SC_TRY(expr_arg(p, e));
        return sc_parse__expect_op(p, ")");
    }
    SC_TRY(sc_parse__expr(p, &a));
    if (sc_parse__accept_word(p, "FROM")) {
        SC_TRY(sc_parse__expr(p, &b));
        SC_TRY(add_arg(p, e, b)); /* str first, then remstr */
        SC_TRY(add_arg(p, e, a));
    } else {
        if (e->trim_where != SC_AST_TRIM_DEFAULT)
            return sc_parse__syntax_error(p);
        SC_TRY(add_arg(p, e, a));
    }
    return sc_parse__expect_op(p, ")");
}

/* SUBSTRING(str, pos[, len]) / SUBSTRING(str FROM pos [FOR len]) */
static int fn_substring(sc_parser *p, sc_expr *e)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(expr_arg(p, e));
    if (sc_parse__accept_word(p, "FROM")) {
        SC_TRY(expr_arg(p, e));
        if (sc_parse__accept_word(p, "FOR")) {
            SC_TRY(expr_arg(p, e));
        }
        return sc_parse__expect_op(p, ")");
    }
    while (sc_parse__accept_op(p, ",")) {
        if (e->n_args == 3) /* the grammar's rule takes 2 or 3 */
            return sc_parse__syntax_error_after(p, p->pos - 1);
        SC_TRY(expr_arg(p, e));
    }
    if (e->n_args < 2 && sc_parse__is_op(p, 0, ")"))
        return sc_parse__syntax_error(p);
    return sc_parse__expect_op(p, ")");
}

/* EXTRACT(unit FROM x) */
static int fn_extract(sc_parser *p, sc_expr *e)
{
    e->form = SC_AST_FUNC_EXTRACT;
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(parse_unit(p, &e->unit));
    SC_TRY(sc_parse__expect_word(p, "FROM"));
    SC_TRY(expr_arg(p, e));
    return sc_parse__expect_op(p, ")");
}

/* POSITION(needle IN haystack) */
static int fn_position(sc_parser *p, sc_expr *e)
{
    sc_expr *a;

    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(parse_bit(p, &a, 1));
    SC_TRY(add_arg(p, e, a));
    SC_TRY(sc_parse__expect_word(p, "IN"));
    SC_TRY(expr_arg(p, e));
    return sc_parse__expect_op(p, ")");
}

/* TIMESTAMPADD/TIMESTAMPDIFF(unit, a, b) */
static int fn_unit_args(sc_parser *p, sc_expr *e)
{
    e->form = SC_AST_FUNC_UNIT_ARGS;
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(parse_unit(p, &e->unit));
    SC_TRY(sc_parse__expect_op(p, ","));
    SC_TRY(expr_arg(p, e));
    SC_TRY(sc_parse__expect_op(p, ","));
    SC_TRY(expr_arg(p, e));
    return sc_parse__expect_op(p, ")");
}

/* CHAR(a, b [USING cs]) */
static int fn_char(sc_parser *p, sc_expr *e)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    do {
        SC_TRY(expr_arg(p, e));
    } while (sc_parse__accept_op(p, ","));
    if (sc_parse__accept_word(p, "USING")) {
        e->form = SC_AST_FUNC_CHAR_USING;
        SC_TRY(sc_parse__charset_name(p, &e->charset, false));
    }
    return sc_parse__expect_op(p, ")");
}

/* GET_FORMAT(DATE|TIME|DATETIME|TIMESTAMP, fmt) */
static int fn_get_format(sc_parser *p, sc_expr *e)
{
    static const char *const kinds[] = {"DATE", "TIME", "DATETIME", "TIMESTAMP"};
    size_t i;

    e->form = SC_AST_FUNC_GET_FORMAT;
    SC_TRY(sc_parse__expect_op(p, "("));
    for (i = 0; i < 4 && !e->unit; i++)
        if (sc_parse__accept_word(p, kinds[i]))
            e->unit = kinds[i];
    if (!e->unit)
        return sc_parse__syntax_error(p);
    SC_TRY(sc_parse__expect_op(p, ","));
    SC_TRY(expr_arg(p, e));
    return sc_parse__expect_op(p, ")");
}

/* Keyword functions callable without parentheses. */
static const char *const no_paren_funcs[] = {
    "CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME", "LOCALTIME", "LOCALTIMESTAMP",
    "CURRENT_USER",      "CURRENT_ROLE", "UTC_DATE",     "UTC_TIME",  "UTC_TIMESTAMP",
};

static bool is_no_paren_func(const sc_parser *p)
{
    size_t i;

    for (i = 0; i < sizeof(no_paren_funcs) / sizeof(no_paren_funcs[0]); i++)
        if (sc_parse__is_word(p, 0, no_paren_funcs[i]))
            return true;
    return false;
}

typedef int (*special_fn)(sc_parser *p, sc_expr *e);

static const struct {
    const char *name;
    special_fn fn;
} special_funcs[] = {
    {"CAST", fn_cast},
    {"CONVERT", fn_convert},
    {"TRIM", fn_trim},
    {"SUBSTRING", fn_substring},
    {"SUBSTR", fn_substring},
    {"MID", fn_substring},
    {"EXTRACT", fn_extract},
    {"POSITION", fn_position},
    {"TIMESTAMPADD", fn_unit_args},
    {"TIMESTAMPDIFF", fn_unit_args},
    {"CHAR", fn_char},
    {"GET_FORMAT", fn_get_format},
};

/* Token index of the n-th comma at depth 1 after the '(' at index open. */
static size_t nth_comma(const sc_parser *p, size_t open, int n)
{
    int depth = 0;

    for (size_t i = open; i < p->n_toks; i++) {
        if (sc_lex__is_op(p->sql, &p->toks[i], "("))
            depth++;
        else if (sc_lex__is_op(p->sql, &p->toks[i], ")"))
            depth--;
        else if (depth == 1 && sc_lex__is_op(p->sql, &p->toks[i], ",") && --n == 0)
            return i;
    }
    return open;
}

/*
 * A built-in called with an argument count MariaDB refuses, as it refuses
 * it while parsing (ddl/builtin_arity.h, recorded from the server): 1582
 * for a native function ('POW' as written); the grammar's 1064 for one of
 * its own rules, at the closing parenthesis when arguments are missing or
 * right after the comma past the last one taken (a quoted name is a native
 * function's or a stored one's, never a rule's). DISTINCT and ORDER BY forms
 * of aggregates are other rules, and left alone.
 */
static int check_arity(sc_parser *p, const sc_expr *e, size_t open, bool quoted)
{
    const arity *a;
    unsigned bit = 1u << (e->n_args < 8 ? e->n_args : 8);
    unsigned most = 0;

    if (e->distinct || e->ext || !(a = arity_find(e->name)))
        return SC_OK;
    if (a->refused_1582 & bit)
        return sc_error_set_er(p->ctx, SC_ESQL, SC_ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT, e->name);
    if (quoted || !(a->refused_1064 & bit)) /* `if`(...) is no grammar rule's */
        return SC_OK;
    for (unsigned k = 0; k < 8; k++) /* the most arguments the rule takes */
        if (!(a->refused_1064 & (1u << k)))
            most = k;
    if (e->n_args > most)
        return sc_parse__syntax_error_after(p, nth_comma(p, open, most));
    return sc_parse__syntax_error_at(p, p->pos - 1);
}

/* A function call at the current IDENT/QIDENT token followed by '('. */
static int parse_call(sc_parser *p, sc_expr **out)
{
    const sc_token *t = sc_parse__tok(p, 0);
    sc_expr *e = func_node(p, t);
    size_t i;

    if (!e)
        return sc_parse__nomem(p);
    sc_parse__skip(p);
    for (i = 0; t->kind == SC_TOK_IDENT && i < sizeof(special_funcs) / sizeof(special_funcs[0]);
         i++) {
        if (sc_lex__is_word(p->sql, t, special_funcs[i].name)) {
            SC_TRY(special_funcs[i].fn(p, e));
            finish(p, e);
            *out = e;
            return SC_OK;
        }
    }
    {
        size_t open = p->pos;
        SC_TRY(call_args(p, e, grammar_most(t, e->name)));
        /* 10.11's grammar takes LAG/LEAD(expr [, offset]): no default value */
        if (t->kind == SC_TOK_IDENT && e->n_args > 2 &&
            (sc_lex__is_word(p->sql, t, "LAG") || sc_lex__is_word(p->sql, t, "LEAD")))
            return sc_parse__syntax_error_after(p, nth_comma(p, open, 2));
        SC_TRY(check_arity(p, e, open, t->kind == SC_TOK_QIDENT));
    }
    if (p->full_select && sc_parse__is_word(p, 0, "OVER")) {
        if (!e->ext && !(e->ext = sc_parse__alloc(p, sizeof(*e->ext))))
            return sc_parse__nomem(p);
        sc_parse__skip(p);
        SC_TRY(sc_parse__window_spec(p, &e->ext->over));
    }
    finish(p, e);
    *out = e;
    return SC_OK;
}

/* db.f(args): a stored function's call (MariaDB has no qualified built-ins). */
static int parse_qualified_call(sc_parser *p, sc_expr **out)
{
    const char *db;
    sc_expr *e;

    SC_TRY(sc_parse__ident(p, &db));
    sc_parse__skip(p); /* the dot */
    if (!(e = func_node(p, sc_parse__tok(p, 0))))
        return sc_parse__nomem(p);
    e->qual_db = db;
    sc_parse__skip(p);
    SC_TRY(call_args(p, e, -1));
    finish(p, e);
    *out = e;
    return SC_OK;
}

static bool at_qualified_call(sc_parser *p)
{
    const sc_token *t = sc_parse__tok(p, 2);

    return sc_parse__is_op(p, 1, ".") && sc_parse__is_op(p, 3, "(") &&
           (t->kind == SC_TOK_IDENT || t->kind == SC_TOK_QIDENT);
}

/* CURRENT_TIMESTAMP and friends without parentheses. */
static int parse_no_paren_call(sc_parser *p, sc_expr **out)
{
    sc_expr *e = func_node(p, sc_parse__tok(p, 0));

    if (!e)
        return sc_parse__nomem(p);
    e->form = SC_AST_FUNC_NO_PARENS;
    sc_parse__skip(p);
    finish(p, e);
    *out = e;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Primary                                                              */

/* [db.][table.]column; the first identifier is current. */
static int parse_column(sc_parser *p, sc_expr **out)
{
    sc_expr *e = node(p, SC_AST_EXPR_COLUMN);
    const char *a, *b, *c;

    if (!e)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__ident(p, &a));
    e->name = a;
    if (sc_parse__accept_op(p, ".")) {
        SC_TRY(sc_parse__ident_after_dot(p, &b));
        e->qual_table = a;
        e->name = b;
        if (sc_parse__accept_op(p, ".")) {
            SC_TRY(sc_parse__ident_after_dot(p, &c));
            e->qual_db = a;
            e->qual_table = b;
            e->name = c;
        }
    }
    finish(p, e);
    *out = e;
    return SC_OK;
}

/* @name, @'name', @@[scope.]name */
static int parse_variable(sc_parser *p, sc_expr **out)
{
    sc_expr *e = node(p, SC_AST_EXPR_VAR);
    sc_ast_str s;

    if (!e)
        return sc_parse__nomem(p);
    if (sc_parse__accept_op(p, "@")) {
        e->var_scope = SC_AST_VAR_USER;
        if (sc_parse__tok(p, 0)->kind == SC_TOK_STRING) {
            SC_TRY(sc_parse__string(p, &s));
            e->name = s.s;
        } else {
            SC_TRY(sc_parse__ident_after_dot(p, &e->name));
        }
    } else {
        sc_parse__skip(p); /* @@ */
        e->var_scope = SC_AST_VAR_DEFAULT;
        if (sc_parse__is_op(p, 1, ".") &&
            (sc_parse__is_word(p, 0, "GLOBAL") || sc_parse__is_word(p, 0, "SESSION") ||
             sc_parse__is_word(p, 0, "LOCAL"))) {
            e->var_scope =
                sc_parse__is_word(p, 0, "GLOBAL") ? SC_AST_VAR_GLOBAL : SC_AST_VAR_SESSION;
            sc_parse__skip(p);
            sc_parse__skip(p);
        }
        SC_TRY(sc_parse__ident_after_dot(p, &e->name));
    }
    finish(p, e);
    *out = e;
    return SC_OK;
}

/* ( expr ) or ( a, b, ... ) row, or a subquery. */
static int parse_paren(sc_parser *p, sc_expr **out)
{
    size_t start = sc_parse__tok(p, 0)->start;
    sc_expr *e, *a;

    if (at_subquery(p))
        return parse_subquery(p, out);
    sc_parse__skip(p);
    SC_TRY(sc_parse__expr(p, &a));
    if (sc_parse__accept_op(p, ")")) {
        *out = a;
        return SC_OK;
    }
    e = node_at(p, SC_AST_EXPR_ROW, start);
    if (!e)
        return sc_parse__nomem(p);
    SC_TRY(add_arg(p, e, a));
    while (sc_parse__accept_op(p, ",")) {
        SC_TRY(expr_arg(p, e));
    }
    SC_TRY(sc_parse__expect_op(p, ")"));
    finish(p, e);
    *out = e;
    return SC_OK;
}

/* Reserved words that start an expression primary. */
/* NEXT VALUE FOR s / PREVIOUS VALUE FOR s: the calls nextval(s) / lastval(s). */
static int sequence_value(sc_parser *p, sc_expr **out)
{
    sc_expr *e = node(p, SC_AST_EXPR_FUNC);

    if (!e || !(e->args = sc_parse__alloc(p, sizeof(*e->args))))
        return sc_parse__nomem(p);
    e->name = sc_parse__is_word(p, 0, "NEXT") ? "nextval" : "lastval";
    p->pos += 3;
    SC_TRY(parse_column(p, &e->args[0]));
    e->n_args = 1;
    finish(p, e);
    *out = e;
    return SC_OK;
}

static int parse_keyword_primary(sc_parser *p, sc_expr **out, bool *handled)
{
    sc_expr *e;

    *handled = true;
    if (sc_parse__is_word(p, 0, "CASE")) {
        e = node(p, SC_AST_EXPR_CASE);
        if (!e)
            return sc_parse__nomem(p);
        sc_parse__skip(p);
        SC_TRY(fn_case(p, e));
        finish(p, e);
        *out = e;
        return SC_OK;
    }
    if (sc_parse__is_word(p, 0, "DEFAULT") && sc_parse__is_op(p, 1, "(")) {
        e = node(p, SC_AST_EXPR_DEFAULT);
        if (!e)
            return sc_parse__nomem(p);
        sc_parse__skip(p);
        SC_TRY(call_args(p, e, -1));
        finish(p, e);
        *out = e;
        return SC_OK;
    }
    if ((sc_parse__is_word(p, 0, "NEXT") || sc_parse__is_word(p, 0, "PREVIOUS")) &&
        sc_parse__is_word(p, 1, "VALUE") && sc_parse__is_word(p, 2, "FOR"))
        return sequence_value(p, out);
    if (sc_parse__is_word(p, 0, "EXISTS") && sc_parse__is_op(p, 1, "(")) {
        size_t start = sc_parse__tok(p, 0)->start;
        sc_parse__skip(p);
        if (!at_subquery(p))
            return sc_parse__syntax_error_at(p, p->pos + 1);
        SC_TRY(parse_subquery(p, out));
        (*out)->start = start;
        (*out)->name = "EXISTS";
        return SC_OK;
    }
    *handled = false;
    return SC_OK;
}

/* Reserved words that are also function names. */
static const char *const reserved_funcs[] = {
    "IF",           "LEFT",         "RIGHT",
    "REPLACE",      "REPEAT",       "INSERT",
    "MOD",          "CHAR",         "CONVERT",
    "DATABASE",     "SCHEMA",       "VALUES",
    "INTERVAL",     "MATCH",        "CURRENT_USER",
    "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP",
    "CURRENT_ROLE", "LOCALTIME",    "LOCALTIMESTAMP",
    "UTC_DATE",     "UTC_TIME",     "UTC_TIMESTAMP",
    "POSITION",     "ROW_NUMBER",   "CHARACTER",
};

/* May the current IDENT start a function call? Any non-reserved word may. */
static bool callable_word(const sc_parser *p)
{
    const sc_token *t = sc_parse__tok(p, 0);
    size_t i;

    if (!sc_lex__is_reserved(p->sql + t->start, t->len))
        return true;
    for (i = 0; i < sizeof(reserved_funcs) / sizeof(reserved_funcs[0]); i++)
        if (sc_lex__is_word(p->sql, t, reserved_funcs[i]))
            return true;
    return false;
}

static int parse_primary(sc_parser *p, sc_expr **out)
{
    const sc_token *t = sc_parse__tok(p, 0);
    bool handled;

    if (at_literal(p))
        return parse_literal(p, out);
    if (sc_parse__is_op(p, 0, "("))
        return parse_paren(p, out);
    if (sc_parse__is_op(p, 0, "@") || sc_parse__is_op(p, 0, "@@"))
        return parse_variable(p, out);
    if (t->kind != SC_TOK_IDENT && t->kind != SC_TOK_QIDENT)
        return sc_parse__syntax_error(p);
    if (t->kind == SC_TOK_IDENT) {
        SC_TRY(parse_word_literal(p, out, &handled));
        if (handled)
            return SC_OK;
        SC_TRY(parse_keyword_primary(p, out, &handled));
        if (handled)
            return SC_OK;
    }
    if (sc_parse__is_op(p, 1, "(") && (t->kind == SC_TOK_QIDENT || callable_word(p)))
        return parse_call(p, out);
    if (t->kind == SC_TOK_IDENT && is_no_paren_func(p))
        return parse_no_paren_call(p, out);
    if (at_qualified_call(p))
        return parse_qualified_call(p, out);
    return parse_column(p, out);
}

/* ------------------------------------------------------------------ */
/* DEFAULT and ON UPDATE values                                         */

/* -5 / +5 as a signed literal. */
static int signed_literal(sc_parser *p, sc_expr **out)
{
    size_t start = sc_parse__tok(p, 0)->start;
    bool neg = sc_parse__is_op(p, 0, "-");
    sc_tok_kind k;

    sc_parse__skip(p);
    k = sc_parse__tok(p, 0)->kind;
    if (k != SC_TOK_INT && k != SC_TOK_DECIMAL && k != SC_TOK_FLOAT)
        return sc_parse__syntax_error(p);
    SC_TRY(parse_literal(p, out));
    if (neg)
        negate_number(*out);
    (*out)->start = start;
    return SC_OK;
}

int sc_parse__paren_expr(sc_parser *p, sc_expr **out)
{
    /* '(' expr ')' | '(' expr ',' expr_list ')' | subquery (refused by the executor) */
    if (!sc_parse__is_op(p, 0, "("))
        return sc_parse__syntax_error(p);
    return parse_paren(p, out);
}

int sc_parse__default_value(sc_parser *p, sc_expr **out)
{
    if (sc_parse__is_op(p, 0, "-") || sc_parse__is_op(p, 0, "+"))
        return signed_literal(p, out);
    if (sc_parse__is_op(p, 0, "("))
        return sc_parse__syntax_error(p);
    return parse_primary(p, out);
}

int sc_parse__on_update_value(sc_parser *p, sc_expr **out)
{
    sc_expr *e, *a;
    bool now = sc_parse__is_word(p, 0, "NOW");

    if (!now && !sc_parse__is_word(p, 0, "CURRENT_TIMESTAMP") &&
        !sc_parse__is_word(p, 0, "LOCALTIME") && !sc_parse__is_word(p, 0, "LOCALTIMESTAMP"))
        return sc_parse__syntax_error(p);
    if (now && !sc_parse__is_op(p, 1, "("))
        return sc_parse__syntax_error_at(p, p->pos + 1);
    e = func_node(p, sc_parse__tok(p, 0));
    if (!e)
        return sc_parse__nomem(p);
    sc_parse__skip(p);
    if (sc_parse__accept_op(p, "(")) {
        if (!sc_parse__accept_op(p, ")")) {
            SC_TRY(parse_literal(p, &a));
            if (a->lit.kind != SC_AST_LIT_INT)
                return sc_parse__syntax_error_at(p, p->pos - 1);
            SC_TRY(add_arg(p, e, a));
            SC_TRY(sc_parse__expect_op(p, ")"));
        }
    } else {
        e->form = SC_AST_FUNC_NO_PARENS;
    }
    finish(p, e);
    *out = e;
    return SC_OK;
}
