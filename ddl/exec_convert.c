/*
 * exec_convert.c - string constants converted to a column's character set
 * in CHECK and generated column expressions, as MariaDB 10.11's fix_fields()
 * does before the expression is printed into the table definition
 * (agg_arg_charsets_for_comparison(): the column's collation is IMPLICIT,
 * a literal's COERCIBLE, so the literal is converted). Measured on
 * 10.11.19 (docs/ddl.md, case tests/data/ddl-extra/5263-...):
 *
 *  - in a comparison, [NOT] BETWEEN, [NOT] IN, [NOT] LIKE or concat() whose
 *    direct arguments include columns of one character set C (a CHAR,
 *    VARCHAR, TEXT, ENUM or SET that is not binary), every literal argument
 *    of another character set is converted: a string with an introducer
 *    loses it and prints its bytes as the introducer form does (`c` =
 *    'xC3xA9' for _latin1'é'); a hex or bit literal, and a _binary string,
 *    are converted only into utf8mb3/utf8mb4, where they print as the text
 *    their bytes are (`c` = 'A' for 0x41) or, not being valid there, fail
 *    with 1300 "Invalid utf8mb4 character string: 'E9'" (in a CHECK
 *    followed by 1267 and 4027); into a single-byte set they stay as they
 *    are. A literal already in C, and one without an introducer, keep
 *    their text.
 *  - anything else (literals under other functions, columns of two
 *    character sets, COLLATE, N'...') is left as written.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog/charset.h"
#include "catalog/errmsg.h"
#include "ddl/exec.h"
#include "ddl/expr.h"
#include "ddl/types.h"

/* Where a conversion failed (1300): the set and the bad bytes' hex. */
typedef struct conv_failure {
    const char *charset;   /* 1300: the set the bytes are not text of */
    const char *collation; /* the column's */
    const char *op;        /* the operation, as 1267 names it */
    char hex[8];
    /* 1267 alone (no 1300 before it): the second collation and derivations */
    bool mix;
    const char *coll2, *deriv1, *deriv2;
} conv_failure;

static bool same_charset(const char *a, const char *b)
{
    const sc_charset_info *x = sc_charset__find(a), *y = sc_charset__find(b);

    return x && y ? x == y : strcasecmp(a, b) == 0;
}

/* The column e names, when it is a non-binary string. */
static const sc_xcol *string_column(const sc_xtable *t, const sc_expr *e)
{
    const sc_xcol *c;

    if (e->kind != SC_AST_EXPR_COLUMN || e->qual_db || !e->name)
        return NULL;
    c = sc_xtable__find_col(t, e->name);
    if (!c || !sc_type__has_charset(c->d.type) || !c->d.charset ||
        strcasecmp(c->d.charset, "binary") == 0)
        return NULL;
    return c;
}

/* Whether e names a binary string column (BINARY, VARBINARY, a BLOB). */
static bool binary_column(const sc_xtable *t, const sc_expr *e)
{
    const sc_xcol *c;

    if (e->kind != SC_AST_EXPR_COLUMN || e->qual_db || !e->name ||
        !(c = sc_xtable__find_col(t, e->name)))
        return false;
    return c->d.type == SC_TYPE_BINARY || c->d.type == SC_TYPE_VARBINARY ||
           c->d.type == SC_TYPE_TINYBLOB || c->d.type == SC_TYPE_BLOB ||
           c->d.type == SC_TYPE_MEDIUMBLOB || c->d.type == SC_TYPE_LONGBLOB;
}

/* The operation's name in MariaDB's 1267 message. */
static const char *op_name(const sc_expr *e)
{
    static const struct {
        sc_ast_op op;
        const char *name;
    } ops[] = {{SC_AST_OP_EQ, "="}, {SC_AST_OP_NSEQ, "<=>"}, {SC_AST_OP_NE, "<>"},
               {SC_AST_OP_LT, "<"}, {SC_AST_OP_LE, "<="},    {SC_AST_OP_GT, ">"},
               {SC_AST_OP_GE, ">="}};

    if (e->kind == SC_AST_EXPR_BINARY)
        for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
            if (ops[i].op == e->op)
                return ops[i].name;
    return e->kind == SC_AST_EXPR_BETWEEN ? "between"
           : e->kind == SC_AST_EXPR_IN    ? "in"
           : e->kind == SC_AST_EXPR_LIKE  ? "like"
                                          : "concat";
}

static bool converts_operands(const sc_expr *e)
{
    if (e->kind == SC_AST_EXPR_BINARY)
        return e->op == SC_AST_OP_EQ || e->op == SC_AST_OP_NSEQ || e->op == SC_AST_OP_NE ||
               e->op == SC_AST_OP_LT || e->op == SC_AST_OP_LE || e->op == SC_AST_OP_GT ||
               e->op == SC_AST_OP_GE;
    if (e->kind == SC_AST_EXPR_BETWEEN || e->kind == SC_AST_EXPR_IN)
        return true;
    if (e->kind == SC_AST_EXPR_LIKE)
        return e->n_args == 2; /* an ESCAPE clause: left alone */
    return e->kind == SC_AST_EXPR_FUNC && e->form == SC_AST_FUNC_PLAIN && !e->qual_db && e->name &&
           strcasecmp(e->name, "concat") == 0;
}

/* The bytes of a hex or bit literal (arena), *len set. */
static char *literal_bytes(sc_exec *x, const sc_ast_lit *l, size_t *len)
{
    size_t nb = sc_ddl__literal_bytes_len(l);
    char *b = sc_exec__alloc(x, nb + 1);

    if (!b)
        return NULL;
    sc_ddl__literal_bytes(b, l);
    b[nb] = '\0';
    *len = nb;
    return b;
}

/* Whether bytes are text of the utf8mb3/utf8mb4 set cs; else *bad is the offset. */
static bool valid_in(const char *cs, const char *s, size_t n, size_t *bad)
{
    unsigned max = sc_charset__maxlen(cs);

    for (size_t i = 0; i < n;) {
        size_t c = sc_utf8_char_len((const unsigned char *)s + i, n - i);
        if (c == 0 || c > max) {
            *bad = i;
            return false;
        }
        i += c;
    }
    return true;
}

/* Binary bytes into the multi-byte column set cs: a plain string literal. */
static int convert_bytes(sc_ast_lit *l, const char *s, size_t n, const char *cs, conv_failure *f)
{
    size_t bad = 0;

    if (!valid_in(cs, s, n, &bad)) {
        size_t k = n - bad < 3 ? n - bad : 3;
        f->charset = cs;
        for (size_t i = 0; i < k; i++)
            snprintf(f->hex + 2 * i, 3, "%02X", (unsigned char)s[bad + i]);
        return SC_ESQL;
    }
    l->kind = SC_AST_LIT_STRING;
    l->introducer = NULL;
    l->zero_x = false;
    l->text.s = s;
    l->text.len = n;
    return SC_OK;
}

/* One literal argument meeting a column of set cs. */
static int convert_literal(sc_exec *x, sc_expr *e, const char *cs, bool *changed, conv_failure *f)
{
    sc_ast_lit *l = &e->lit;
    bool multibyte = sc_charset__maxlen(cs) > 1;
    bool utf8 = same_charset(cs, "utf8mb4") || same_charset(cs, "utf8mb3");
    size_t n;
    char *b;

    if (e->kind != SC_AST_EXPR_LITERAL)
        return SC_OK;
    if ((l->kind == SC_AST_LIT_HEX || l->kind == SC_AST_LIT_BIT) && l->introducer) {
        /* _latin1 0xE9 is a latin1 string: it prints as one (_latin1'xE9') */
        if (!(b = literal_bytes(x, l, &n)))
            return SC_ENOMEM;
        l->kind = SC_AST_LIT_STRING;
        l->zero_x = false;
        l->text.s = b;
        l->text.len = n;
        *changed = true;
    }
    if (l->kind == SC_AST_LIT_HEX || l->kind == SC_AST_LIT_BIT) {
        if (!utf8)
            return SC_OK;
        if (!(b = literal_bytes(x, l, &n)))
            return SC_ENOMEM;
        *changed = true;
        return convert_bytes(l, b, n, cs, f);
    }
    /* N'x' (utf8mb3) meets any column without loss and prints as 'x' */
    if (l->kind != SC_AST_LIT_STRING || !l->introducer || l->national ||
        same_charset(l->introducer, cs))
        return SC_OK;
    if (strcasecmp(l->introducer, "binary") == 0) {
        if (!multibyte || !utf8)
            return SC_OK;
        *changed = true;
        return convert_bytes(l, l->text.s, l->text.len, cs, f);
    }
    /* the introducer goes, the text stays as the introduced form prints it */
    {
        const unsigned char *u = (const unsigned char *)l->text.s;
        char *t = sc_exec__alloc(x, l->text.len * 3 + 1);
        size_t o = 0;
        if (!t)
            return SC_ENOMEM;
        for (size_t i = 0; i < l->text.len; i++) {
            if (u[i] >= 0x20 && u[i] < 0x7F)
                t[o++] = (char)u[i];
            else
                o += (size_t)snprintf(t + o, 4, "x%02X", u[i]);
        }
        l->introducer = NULL;
        l->text.s = t;
        l->text.len = o;
        *changed = true;
    }
    return SC_OK;
}

/* Whether every character of set c is one of set k (a column of c then
 * converts to k without loss): ascii into any; anything into utf8mb4; a
 * single-byte set into utf8mb3. */
static bool subset_of(const char *c, const char *k)
{
    return same_charset(c, k) || same_charset(c, "ascii") || same_charset(k, "utf8mb4") ||
           (same_charset(k, "utf8mb3") && sc_charset__maxlen(c) == 1);
}

/* The characters MariaDB's latin1 (cp1252) has in 0x80..0x9F. */
static bool cp1252_extra(unsigned cp)
{
    static const unsigned extra[] = {0x20AC, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                     0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017D, 0x2018,
                                     0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
                                     0x2122, 0x0161, 0x203A, 0x0153, 0x017E, 0x0178};

    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (extra[i] == cp)
            return true;
    return false;
}

/* A literal without an introducer is utf8mb4 text (the pinned connection
 * set): whether the column's set c can hold it (ascii, latin1, utf8mb3). */
static bool representable(const char *c, const sc_ast_lit *l)
{
    const unsigned char *u = (const unsigned char *)l->text.s;

    for (size_t i = 0; i < l->text.len;) {
        size_t n = sc_utf8_char_len(u + i, l->text.len - i);
        unsigned cp;
        if (n == 0)
            return true; /* printed as '?' anyway */
        cp = n == 1   ? u[i]
             : n == 2 ? ((u[i] & 0x1Fu) << 6) | (u[i + 1] & 0x3Fu)
             : n == 3 ? ((u[i] & 0x0Fu) << 12) | ((u[i + 1] & 0x3Fu) << 6) | (u[i + 2] & 0x3Fu)
                      : 0x10000;
        if (same_charset(c, "ascii") && cp > 0x7F)
            return false;
        if (same_charset(c, "latin1") && cp > 0xFF && !cp1252_extra(cp))
            return false;
        if (same_charset(c, "utf8mb3") && n == 4)
            return false;
        i += n;
    }
    return true;
}

static sc_expr *convert_using(sc_exec *x, sc_expr *col, const char *charset)
{
    sc_expr *c = sc_exec__alloc(x, sizeof(*c));
    sc_expr **args = sc_exec__alloc(x, sizeof(*args));
    const sc_charset_info *ci = sc_charset__find(charset);

    if (!c || !args)
        return NULL;
    args[0] = col;
    c->kind = SC_AST_EXPR_CONVERT_USING;
    c->name = ci ? ci->name : charset;
    c->args = args;
    c->n_args = 1;
    return c;
}

static const char *collation_of_literal(const sc_expr *e)
{
    return e->kind == SC_AST_EXPR_COLLATE && e->n_args == 1 &&
                   e->args[0]->kind == SC_AST_EXPR_LITERAL
               ? e->name
               : NULL;
}

static int mix_failure(conv_failure *f,
                       const char *c1,
                       const char *d1,
                       const char *c2,
                       const char *d2,
                       const sc_expr *e)
{
    f->mix = true;
    f->collation = c1;
    f->deriv1 = d1;
    f->coll2 = c2;
    f->deriv2 = d2;
    f->op = op_name(e);
    return SC_ESQL;
}

/*
 * The collations of an operation's direct arguments aggregated: an
 * explicit COLLATE on a literal wins and columns of a subset of its set
 * are converted to it (convert(`c` using latin1)); columns of two sets
 * convert the subset one; what cannot convert is 1267. *cs: the set the
 * literals then convert to (NULL: none).
 */
static int aggregate(
    sc_exec *x, const sc_xtable *t, sc_expr *e, const char **cs, bool *changed, conv_failure *f)
{
    const sc_collation_info *expl = NULL;
    const sc_xcol *first = NULL;
    const char *target = NULL;

    for (size_t i = 0; i < e->n_args; i++) {
        const char *cn = collation_of_literal(e->args[i]);
        if (cn && !expl && !(expl = sc_charset__collation_find(cn)))
            return SC_OK;
    }
    for (size_t i = 0; i < e->n_args; i++) {
        const sc_xcol *c = string_column(t, e->args[i]);
        if (!c)
            continue;
        if (!first)
            first = c;
        if (!target || subset_of(target, c->d.charset))
            target = c->d.charset; /* the wider set so far */
        else if (!subset_of(c->d.charset, target))
            return mix_failure(f, first->d.collation, "IMPLICIT", c->d.collation, "IMPLICIT", e);
    }
    if (expl)
        target = expl->charset;
    *cs = expl ? NULL : target;
    if (!target)
        return SC_OK;
    for (size_t i = 0; i < e->n_args; i++) {
        const sc_xcol *c = string_column(t, e->args[i]);
        if (!c && expl && binary_column(t, e->args[i]) &&
            (same_charset(target, "utf8mb4") || same_charset(target, "utf8mb3"))) {
            /* a binary string converts into utf8 only, as a _binary literal */
            if (!(e->args[i] = convert_using(x, e->args[i], target)))
                return SC_ENOMEM;
            *changed = true;
            continue;
        }
        if (!c || same_charset(c->d.charset, target))
            continue;
        if (!subset_of(c->d.charset, target))
            return mix_failure(f, c->d.collation, "IMPLICIT", expl->name, "EXPLICIT", e);
        if (!(e->args[i] = convert_using(x, e->args[i], target)))
            return SC_ENOMEM;
        *changed = true;
    }
    return SC_OK;
}

static int walk(sc_exec *x, const sc_xtable *t, sc_expr *e, bool *changed, conv_failure *f)
{
    const sc_xcol *col = NULL;
    const char *cs = NULL;

    if (!e)
        return SC_OK;
    for (size_t i = 0; i < e->n_args; i++)
        SC_TRY(walk(x, t, e->args[i], changed, f));
    if (!converts_operands(e))
        return SC_OK;
    SC_TRY(aggregate(x, t, e, &cs, changed, f));
    if (!cs)
        return SC_OK;
    for (size_t i = 0; i < e->n_args; i++) {
        const sc_xcol *c = string_column(t, e->args[i]);
        if (c && same_charset(c->d.charset, cs))
            col = c;
    }
    f->collation = col ? col->d.collation : NULL;
    f->op = op_name(e);
    for (size_t i = 0; i < e->n_args; i++) {
        const sc_expr *a = e->args[i];
        if (a->kind == SC_AST_EXPR_LITERAL && a->lit.kind == SC_AST_LIT_STRING &&
            !a->lit.introducer && !representable(cs, &a->lit))
            return mix_failure(f, f->collation, "IMPLICIT", x->s->collation_server, "COERCIBLE", e);
        SC_TRY(convert_literal(x, e->args[i], cs, changed, f));
    }
    return SC_OK;
}

/* One stored expression text: re-printed when a constant was converted. */
static int convert_text(sc_exec *x, const sc_xtable *t, const char **text, bool is_check)
{
    sc_expr *e = NULL;
    conv_failure f = {NULL, NULL, NULL, "", false, NULL, NULL, NULL};
    bool changed = false;
    const char *before;
    int rc;

    if (!*text)
        return SC_OK;
    if (sc_exec__stored_expr(x, &e, *text) != SC_OK || !e) {
        sc_ctx_clear_error(x->ctx);
        return SC_OK;
    }
    before = *text;
    rc = walk(x, t, e, &changed, &f);
    if (rc == SC_ESQL && f.mix) {
        rc = sc_exec__err(x, SC_ER_CANT_AGGREGATE_2COLLATIONS, f.collation, f.deriv1, f.coll2,
                          f.deriv2, f.op);
        if (is_check)
            sc_exec__error_row(x, SC_ER_ERROR_EVALUATING_EXPRESSION, before);
        return rc;
    }
    if (rc == SC_ESQL && f.charset) {
        rc = sc_exec__err(x, SC_ER_INVALID_CHARACTER_STRING, f.charset, f.hex);
        if (is_check) { /* then the CHECK cannot be fixed, as 10.11.19 says */
            sc_exec__error_row(x, SC_ER_CANT_AGGREGATE_2COLLATIONS,
                               f.collation ? f.collation : f.charset, "IMPLICIT", "binary",
                               "COERCIBLE", f.op ? f.op : "=");
            sc_exec__error_row(x, SC_ER_ERROR_EVALUATING_EXPRESSION, before);
        }
        return rc;
    }
    if (rc != SC_OK || !changed)
        return rc;
    *text = sc_exec__expr_text(x, e);
    return *text ? SC_OK : SC_ENOMEM;
}

int sc_exec__convert_constants(sc_exec *x, sc_xtable *t)
{
    for (size_t i = 0; i < t->n_cols; i++) {
        sc_column_def *d = &t->cols[i].d;
        if (d->generated != SC_GEN_NONE)
            SC_TRY(convert_text(x, t, &d->generation_expr, false));
        if (!t->cols[i].json)
            SC_TRY(convert_text(x, t, &d->check_expr, true));
    }
    for (size_t i = 0; i < t->n_checks; i++)
        SC_TRY(convert_text(x, t, &t->checks[i].expr, true));
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Literals assigned to a column (DEFAULT)                              */

/* The Unicode code point of a latin1 byte (MariaDB's latin1 is cp1252;
 * its five undefined bytes map to the C1 controls). */
static unsigned latin1_code_point(unsigned char b)
{
    static const unsigned short c1[32] = {
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

    return b >= 0x80 && b < 0xA0 ? c1[b - 0x80] : b;
}

static size_t put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    o[0] = (char)(0xE0 | (cp >> 12));
    o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
}

int sc_exec__literal_to_column(
    sc_exec *x, const sc_ast_lit *l, const sc_column_def *d, sc_ast_lit *out, bool *converted)
{
    const char *cs = d->charset, *from;
    const char *b;
    size_t n, bad = 0;
    bool utf8;

    *converted = false;
    if (!sc_type__has_charset(d->type) || !cs || strcasecmp(cs, "binary") == 0 ||
        d->type == SC_TYPE_ENUM || d->type == SC_TYPE_SET || sc_type__is_blob(d->type))
        return SC_OK; /* a TEXT default is an expression, printed as written */
    utf8 = same_charset(cs, "utf8mb4") || same_charset(cs, "utf8mb3");
    if (l->kind == SC_AST_LIT_STRING && !l->introducer) {
        sc_ast_lit probe = *l;
        /* the text is utf8mb4: a set that cannot hold it refuses (no warning,
           10.11.19 through Connector/C) */
        if ((same_charset(cs, "ascii") || same_charset(cs, "latin1") ||
             same_charset(cs, "utf8mb3")) &&
            !representable(cs, &probe))
            return sc_exec__err(x, SC_ER_INVALID_DEFAULT, d->name);
        return SC_OK;
    }
    if (l->kind == SC_AST_LIT_HEX || l->kind == SC_AST_LIT_BIT) {
        if (!(b = literal_bytes(x, l, &n)))
            return SC_ENOMEM;
    } else if (l->kind == SC_AST_LIT_STRING) {
        b = l->text.s;
        n = l->text.len;
    } else {
        return SC_OK;
    }
    from = l->introducer ? l->introducer : "binary";
    *out = *l;
    out->kind = SC_AST_LIT_STRING;
    out->introducer = NULL;
    out->zero_x = false;
    out->negative = false;
    if (same_charset(from, "utf8mb4") || same_charset(from, "utf8mb3") ||
        same_charset(from, "ascii") || (same_charset(from, "binary") && utf8)) {
        if (same_charset(from, "binary") && !valid_in(cs, b, n, &bad)) {
            char hex[8] = "";
            size_t k = n - bad < 3 ? n - bad : 3;
            int rc;
            for (size_t i = 0; i < k; i++)
                snprintf(hex + 2 * i, 3, "%02X", (unsigned char)b[bad + i]);
            rc = sc_exec__err(x, SC_ER_INVALID_CHARACTER_STRING, cs, hex);
            sc_exec__error_row(x, SC_ER_INVALID_DEFAULT, d->name);
            return rc;
        }
        out->text.s = b;
        out->text.len = n;
    } else if (same_charset(from, "latin1") || same_charset(from, "binary")) {
        char *u = sc_exec__alloc(x, n * 3 + 1);
        size_t o = 0;
        if (!u)
            return SC_ENOMEM;
        for (size_t i = 0; i < n; i++)
            o += put_utf8(u + o, latin1_code_point((unsigned char)b[i]));
        out->text.s = u;
        out->text.len = o;
    } else {
        return SC_OK; /* another set: kept as written */
    }
    if ((same_charset(cs, "ascii") || same_charset(cs, "latin1")) && !representable(cs, out))
        return sc_exec__err(x, SC_ER_INVALID_DEFAULT, d->name);
    *converted = true;
    return SC_OK;
}
