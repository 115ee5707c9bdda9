/*
 * ctas_types.c - the column type MariaDB 10.11 derives from a select
 * expression, for CREATE TABLE ... SELECT and the columns of a view
 * (Item::type_handler(), fix_length_and_dec(), result_precision()):
 *   - literals: integers by digit count (10+ digits bigint), decimals
 *     decimal(p,s), floats double, strings varchar(chars) NOT NULL in the
 *     connection charset (or their introducer's), hex varbinary, NULL binary(0);
 *   - columns: their own definition;
 *   - + - * / DIV %: integer display widths (max + 1, sum for *), decimal
 *     precision/scale as Item_func_{plus,mul,div}::result_precision do
 *     (div_precision_increment 4), anything with a float is double;
 *   - comparisons and predicates int(1); CONCAT sums lengths; CASE / IF /
 *     IFNULL / COALESCE merge their branches; aggregates as Item_sum_*;
 *   - CAST targets; date functions by their result type.
 * NULL-ness: literals and NOW() are NOT NULL; a column keeps its own; an
 * operator is nullable when an argument is, division always.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/select.h"

static bool name_is(const sc_expr *e, const char *n)
{
    return e->name && strcasecmp(e->name, n) == 0;
}

static bool is_int(sc_coltype t)
{
    return t == SC_TYPE_TINYINT || t == SC_TYPE_SMALLINT || t == SC_TYPE_MEDIUMINT ||
           t == SC_TYPE_INT || t == SC_TYPE_BIGINT || t == SC_TYPE_YEAR || t == SC_TYPE_BIT;
}

static bool is_real(sc_coltype t)
{
    return t == SC_TYPE_FLOAT || t == SC_TYPE_DOUBLE;
}

static bool is_binary_str(sc_coltype t)
{
    return t == SC_TYPE_BINARY || t == SC_TYPE_VARBINARY || t == SC_TYPE_TINYBLOB ||
           t == SC_TYPE_BLOB || t == SC_TYPE_MEDIUMBLOB || t == SC_TYPE_LONGBLOB;
}

static bool is_str(sc_coltype t)
{
    return t == SC_TYPE_CHAR || t == SC_TYPE_VARCHAR || t == SC_TYPE_TINYTEXT ||
           t == SC_TYPE_TEXT || t == SC_TYPE_MEDIUMTEXT || t == SC_TYPE_LONGTEXT ||
           t == SC_TYPE_ENUM || t == SC_TYPE_SET || is_binary_str(t);
}

static bool is_temporal(sc_coltype t)
{
    return t == SC_TYPE_DATE || t == SC_TYPE_TIME || t == SC_TYPE_DATETIME ||
           t == SC_TYPE_TIMESTAMP;
}

/* Display width of an integer-like column (MariaDB's max_length). */
static uint32_t int_len(const sc_column_def *d)
{
    if (d->type == SC_TYPE_YEAR)
        return 4;
    if (d->type == SC_TYPE_BIT)
        return (d->length + 7) / 8 * 3; /* not exact; rarely in arithmetic */
    return d->length;
}

/* Decimal digits (precision) and scale of a numeric column. */
static void num_prec(const sc_column_def *d, uint32_t *prec, uint32_t *scale)
{
    if (d->type == SC_TYPE_DECIMAL) {
        *prec = d->length;
        *scale = d->scale;
    } else if (is_int(d->type)) {
        uint32_t len = int_len(d);
        *prec = (d->flags & SC_COL_UNSIGNED) || d->type == SC_TYPE_YEAR || len <= 1 ? len : len - 1;
        *scale = 0;
    } else if (is_temporal(d->type)) {
        /* the digits MariaDB counts for `x + 0` (measured: time(2) + 0 is decimal(10,2),
           datetime + 0 bigint(16)) */
        *prec = d->type == SC_TYPE_DATE ? 8 : d->type == SC_TYPE_TIME ? 7 : 14;
        *prec += d->scale;
        *scale = d->scale;
    } else {
        *prec = 10;
        *scale = 0;
    }
}

static void set_int(sc_column_def *o, uint32_t len, bool is_unsigned, bool force_big)
{
    /* Type_handler: long below MY_INT32_NUM_DECIMAL_DIGITS (11) characters */
    o->type = len >= 11 || force_big ? SC_TYPE_BIGINT : SC_TYPE_INT;
    o->length = len;
    o->scale = 0;
    if (is_unsigned)
        o->flags |= SC_COL_UNSIGNED;
}

static void set_decimal(sc_column_def *o, uint32_t prec, uint32_t scale)
{
    if (scale > 38)
        scale = 38;
    if (prec > 65)
        prec = 65;
    if (prec < scale)
        prec = scale;
    if (prec == 0)
        prec = 1;
    o->type = SC_TYPE_DECIMAL;
    o->length = prec;
    o->scale = scale;
}

static void set_str(sc_exec *x, sc_column_def *o, uint32_t chars, bool binary)
{
    o->type = binary ? SC_TYPE_VARBINARY : SC_TYPE_VARCHAR;
    o->length = chars;
    if (!binary) {
        o->charset = o->charset ? o->charset : x->s->charset_server;
        o->collation = o->collation ? o->collation : x->s->collation_server;
    } else {
        o->charset = NULL;
        o->collation = NULL;
    }
    if (!binary && chars > 16383) { /* too long for varchar: the text type that holds it */
        o->type = chars <= 65535 / 4      ? SC_TYPE_TEXT
                  : chars <= 16777215 / 4 ? SC_TYPE_MEDIUMTEXT
                                          : SC_TYPE_LONGTEXT;
        o->length = 0;
    }
}

/* Character length of a string-ish column (numbers: their display width). */
static uint32_t char_len(const sc_column_def *d)
{
    switch (d->type) {
    case SC_TYPE_TINYTEXT:
    case SC_TYPE_TINYBLOB:
        return 255;
    case SC_TYPE_TEXT:
    case SC_TYPE_BLOB:
        return 65535;
    case SC_TYPE_MEDIUMTEXT:
    case SC_TYPE_MEDIUMBLOB:
        return 16777215;
    case SC_TYPE_LONGTEXT:
    case SC_TYPE_LONGBLOB:
        return 0xFFFFFFFFu;
    case SC_TYPE_ENUM:
    case SC_TYPE_SET: {
        uint32_t m = 0;
        for (size_t i = 0; i < d->n_elements; i++)
            if (strlen(d->elements[i]) > m)
                m = (uint32_t)strlen(d->elements[i]);
        return m;
    }
    case SC_TYPE_DECIMAL:
        return d->length + (d->scale ? 1 : 0) + 1;
    case SC_TYPE_DATE:
        return 10;
    case SC_TYPE_TIME:
        return 10 + (d->scale ? d->scale + 1 : 0);
    case SC_TYPE_DATETIME:
    case SC_TYPE_TIMESTAMP:
        return 19 + (d->scale ? d->scale + 1 : 0);
    case SC_TYPE_FLOAT:
        return 12;
    case SC_TYPE_DOUBLE:
        return 22;
    default:
        return is_int(d->type) ? int_len(d) : d->length;
    }
}

static void literal_type(sc_exec *x, sc_column_def *o, const sc_expr *e)
{
    const sc_ast_lit *l = &e->lit;
    size_t n = l->text.len;

    o->flags |= SC_COL_NOT_NULL;
    switch (l->kind) {
    case SC_AST_LIT_NULL:
        o->type = SC_TYPE_BINARY;
        o->length = 0;
        o->flags &= ~(unsigned)SC_COL_NOT_NULL;
        break;
    case SC_AST_LIT_INT: {
        uint32_t len = (uint32_t)n + (l->negative ? 1 : 0);
        if (n > 19 || (n == 20 && !l->negative)) {
            set_int(o, 20, true, true);
        } else {
            bool big = n >= 10;
            if (l->negative && n == 19 && strcmp(l->text.s, "9223372036854775807") > 0)
                set_int(o, 20, false, true); /* -9223372036854775808 */
            else if (n == 20 || (n == 19 && strcmp(l->text.s, "9223372036854775807") > 0))
                set_int(o, 20, true, true);
            else
                set_int(o, len, false, big);
        }
        break;
    }
    case SC_AST_LIT_DECIMAL: {
        const char *dot = memchr(l->text.s, '.', n);
        uint32_t scale = dot ? (uint32_t)(l->text.s + n - dot - 1) : 0;
        uint32_t digits = (uint32_t)n - (dot ? 1 : 0);
        size_t lead = 0;
        while (lead + 1 < n && l->text.s[lead] == '0' && l->text.s[lead + 1] != '.')
            lead++;
        set_decimal(o, digits - (uint32_t)lead > scale ? digits - (uint32_t)lead : scale + 1,
                    scale);
        if (dot && dot == l->text.s) /* .5 */
            o->length = scale + 1 > o->length ? scale + 1 : o->length;
        break;
    }
    case SC_AST_LIT_FLOAT:
        o->type = SC_TYPE_DOUBLE;
        break;
    case SC_AST_LIT_BOOL:
        set_int(o, 5, false, false); /* Item_bool: int(5)?? as 10.11 creates it */
        o->length = 5;
        break;
    case SC_AST_LIT_HEX:
    case SC_AST_LIT_BIT:
        o->type = SC_TYPE_VARBINARY;
        o->length = l->kind == SC_AST_LIT_HEX ? (uint32_t)(n + 1) / 2 : (uint32_t)(n + 7) / 8;
        if (o->length == 0)
            o->type = SC_TYPE_BINARY;
        break;
    case SC_AST_LIT_DATE:
        o->type = SC_TYPE_DATE;
        break;
    case SC_AST_LIT_TIME:
        o->type = SC_TYPE_TIME;
        break;
    case SC_AST_LIT_TIMESTAMP:
        o->type = SC_TYPE_DATETIME;
        break;
    case SC_AST_LIT_STRING: {
        uint32_t chars = 0;
        for (size_t i = 0; i < n; i++)
            if (((unsigned char)l->text.s[i] & 0xC0) != 0x80)
                chars++;
        if (l->introducer && strcasecmp(l->introducer, "binary") == 0) {
            set_str(x, o, chars, true);
        } else {
            if (l->introducer) {
                const sc_charset_info *cs = sc_charset__find(l->introducer);
                o->charset = cs ? cs->name : l->introducer;
                o->collation = cs ? cs->default_collation : NULL;
            }
            set_str(x, o, chars, false);
        }
        if (chars == 0)
            o->type = o->type == SC_TYPE_VARBINARY ? SC_TYPE_BINARY : SC_TYPE_CHAR;
        break;
    }
    }
}

static void type_of(sc_exec *x, sc_column_def *o, const sc_expr *e);

static bool nullable(const sc_column_def *d)
{
    return !(d->flags & SC_COL_NOT_NULL);
}

/* Both NOT NULL: the result is too. */
static void null_from(sc_column_def *o, const sc_column_def *a, const sc_column_def *b)
{
    if (!nullable(a) && (!b || !nullable(b)))
        o->flags |= SC_COL_NOT_NULL;
    else
        o->flags &= ~(unsigned)SC_COL_NOT_NULL;
}

static void arith(sc_exec *x, sc_column_def *o, const sc_expr *e)
{
    sc_column_def a = {0}, b = {0};
    uint32_t pa, sa, pb, sb;

    type_of(x, &a, e->args[0]);
    type_of(x, &b, e->args[1]);
    null_from(o, &a, &b);
    if (e->args[1]->kind == SC_AST_EXPR_INTERVAL && is_temporal(a.type)) {
        o->type = a.type;
        o->scale = a.scale;
        return;
    }
    if (e->op == SC_AST_OP_DIV || e->op == SC_AST_OP_MOD)
        o->flags &= ~(unsigned)SC_COL_NOT_NULL;
    if (e->op == SC_AST_OP_BITOR || e->op == SC_AST_OP_BITAND || e->op == SC_AST_OP_BITXOR ||
        e->op == SC_AST_OP_SHL || e->op == SC_AST_OP_SHR) {
        set_int(o, 21, true, true);
        return;
    }
    if (is_real(a.type) || is_real(b.type) || is_str(a.type) || is_str(b.type)) {
        o->type = SC_TYPE_DOUBLE;
        return;
    }
    num_prec(&a, &pa, &sa);
    num_prec(&b, &pb, &sb);
    /* an integer literal's digits are its precision (no sign position) */
    if (e->args[0]->kind == SC_AST_EXPR_LITERAL && e->args[0]->lit.kind == SC_AST_LIT_INT)
        pa = (uint32_t)e->args[0]->lit.text.len;
    if (e->args[1]->kind == SC_AST_EXPR_LITERAL && e->args[1]->lit.kind == SC_AST_LIT_INT)
        pb = (uint32_t)e->args[1]->lit.text.len;
    bool uns = (a.flags & SC_COL_UNSIGNED) || (b.flags & SC_COL_UNSIGNED) || a.type == SC_TYPE_YEAR;
    if (is_temporal(a.type) || is_temporal(b.type)) {
        if (sa || sb || a.type == SC_TYPE_TIME || b.type == SC_TYPE_TIME) {
            uint32_t s = sa > sb ? sa : sb, ip = pa - sa > pb - sb ? pa - sa : pb - sb;
            set_decimal(o, ip + (e->op == SC_AST_OP_ADD || e->op == SC_AST_OP_SUB) + s, s);
            return;
        }
    }
    bool ints = (is_int(a.type) || is_temporal(a.type)) && (is_int(b.type) || is_temporal(b.type));
    switch (e->op) {
    case SC_AST_OP_ADD:
    case SC_AST_OP_SUB:
        if (ints) { /* result_precision(): digits + 1, and a sign position when signed */
            set_int(o, (pa > pb ? pa : pb) + 1 + (uns ? 0 : 1), uns, false);
        } else {
            uint32_t s = sa > sb ? sa : sb, ip = (pa - sa > pb - sb ? pa - sa : pb - sb) + 1;
            set_decimal(o, ip + s, s);
        }
        return;
    case SC_AST_OP_MUL:
        if (ints)
            set_int(o, pa + pb + (uns ? 0 : 1), uns, false);
        else
            set_decimal(o, pa + pb, sa + sb);
        return;
    case SC_AST_OP_DIV: {
        uint32_t s = sa + 4;
        set_decimal(o, pa - sa + sb + s, s);
        return;
    }
    case SC_AST_OP_INTDIV:
        set_int(o, ints ? int_len(&a) - ((a.flags & SC_COL_UNSIGNED) ? 0 : 1) : pa - sa, uns, true);
        return;
    case SC_AST_OP_MOD:
        if (ints)
            set_int(o, int_len(&a) > int_len(&b) ? int_len(&a) : int_len(&b), uns, true);
        else
            set_decimal(o, pa > pb ? pa : pb, sa > sb ? sa : sb);
        return;
    default:
        set_int(o, 1, false, false);
        return;
    }
}

/* 1-4 for TINY/-/MEDIUM/LONG TEXT or BLOB, 0 for any other type. */
static int text_rank(sc_coltype t)
{
    switch (t) {
    case SC_TYPE_TINYTEXT:
    case SC_TYPE_TINYBLOB:
        return 1;
    case SC_TYPE_TEXT:
    case SC_TYPE_BLOB:
        return 2;
    case SC_TYPE_MEDIUMTEXT:
    case SC_TYPE_MEDIUMBLOB:
        return 3;
    case SC_TYPE_LONGTEXT:
    case SC_TYPE_LONGBLOB:
        return 4;
    default:
        return 0;
    }
}

/* The BLOB type of a TEXT type's size (binary wins a merge). */
static sc_coltype text_blob(sc_coltype t)
{
    static const sc_coltype blobs[] = {SC_TYPE_TINYBLOB, SC_TYPE_BLOB, SC_TYPE_MEDIUMBLOB,
                                       SC_TYPE_LONGBLOB};
    return blobs[text_rank(t) - 1];
}

/* Branches of CASE/IF/IFNULL/COALESCE/GREATEST and UNION columns. */
void sc_ddl__type_merge(sc_column_def *into, const sc_column_def *b)
{
    sc_column_def a = *into;
    uint32_t pa, sa, pb, sb;

    if (b->type == SC_TYPE_BINARY && b->length == 0 && nullable(b)) { /* NULL */
        into->flags &= ~(unsigned)SC_COL_NOT_NULL;
        return;
    }
    if (a.type == SC_TYPE_BINARY && a.length == 0 && nullable(&a)) {
        *into = *b;
        into->flags &= ~(unsigned)SC_COL_NOT_NULL;
        return;
    }
    null_from(into, &a, b);
    if (a.type == b->type && a.type != SC_TYPE_DECIMAL &&
        (!is_int(a.type) || a.type == SC_TYPE_YEAR || a.type == SC_TYPE_BIT)) {
        if (b->length > a.length)
            into->length = b->length;
        if (b->scale > a.scale)
            into->scale = b->scale;
        return;
    }
    if (text_rank(a.type) && text_rank(b->type)) { /* TEXT/BLOB of both sides: the larger */
        if (text_rank(b->type) > text_rank(a.type))
            into->type = b->type;
        if (is_binary_str(a.type) != is_binary_str(b->type))
            into->type = text_blob(into->type);
        into->default_kind = SC_DEFAULT_NONE;
        return;
    }
    if (is_str(a.type) || is_str(b->type)) {
        uint32_t la = char_len(&a), lb = char_len(b);
        bool bin = is_binary_str(a.type) || is_binary_str(b->type);
        into->default_kind = SC_DEFAULT_NONE;
        into->elements = NULL;
        into->n_elements = 0;
        if (!is_str(a.type)) {
            into->charset = b->charset;
            into->collation = b->collation;
        }
        into->type = bin ? SC_TYPE_VARBINARY : SC_TYPE_VARCHAR;
        into->length = la > lb ? la : lb;
        if (into->length > 16383 && !bin)
            into->type = SC_TYPE_MEDIUMTEXT;
        return;
    }
    if (is_real(a.type) || is_real(b->type)) {
        into->type = SC_TYPE_DOUBLE;
        into->length = 0;
        into->scale = 0;
        into->flags &= ~(unsigned)(SC_COL_HAS_LENGTH | SC_COL_HAS_SCALE);
        return;
    }
    if (is_int(a.type) && is_int(b->type) && a.type != SC_TYPE_BIT && b->type != SC_TYPE_BIT &&
        ((a.flags & SC_COL_UNSIGNED) || a.type == SC_TYPE_YEAR) ==
            ((b->flags & SC_COL_UNSIGNED) || b->type == SC_TYPE_YEAR)) {
        uint32_t la = int_len(&a), lb = int_len(b);
        sc_coltype big = a.type > b->type ? a.type : b->type;
        into->type = big == SC_TYPE_YEAR || big == SC_TYPE_BIT ? SC_TYPE_BIGINT : big;
        into->length = la > lb ? la : lb;
        if ((a.flags & SC_COL_UNSIGNED) != (b->flags & SC_COL_UNSIGNED))
            into->flags &= ~(unsigned)SC_COL_UNSIGNED;
        return;
    }
    num_prec(&a, &pa, &sa);
    num_prec(b, &pb, &sb);
    {
        uint32_t s = sa > sb ? sa : sb, ip = pa - sa > pb - sb ? pa - sa : pb - sb;
        into->flags &= ~(unsigned)SC_COL_UNSIGNED;
        set_decimal(into, ip + s, s);
    }
}

/* MariaDB's display width of an integer type (Field::max_display_length()). */
static uint32_t int_type_width(sc_coltype t, bool is_unsigned)
{
    switch (t) {
    case SC_TYPE_TINYINT:
        return is_unsigned ? 3 : 4;
    case SC_TYPE_SMALLINT:
        return is_unsigned ? 5 : 6;
    case SC_TYPE_MEDIUMINT:
        return is_unsigned ? 8 : 9;
    case SC_TYPE_INT:
        return is_unsigned ? 10 : 11;
    default:
        return 20;
    }
}

/* Characters of a UTF-8 ENUM/SET element. */
static uint32_t utf8_chars(const char *s)
{
    uint32_t n = 0;

    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

void sc_ddl__union_branch(sc_column_def *d, const sc_expr *e)
{
    bool is_column = e && e->kind == SC_AST_EXPR_COLUMN;

    if (e && e->kind == SC_AST_EXPR_LITERAL && e->lit.kind == SC_AST_LIT_INT && is_int(d->type) &&
        !(d->flags & SC_COL_UNSIGNED))
        d->length++; /* the holder of an integer literal counts a sign */
    if (!is_column)
        return;
    if (is_int(d->type) && d->type != SC_TYPE_YEAR && d->type != SC_TYPE_BIT) {
        d->length = int_type_width(d->type, d->flags & SC_COL_UNSIGNED);
    } else if (d->type == SC_TYPE_ENUM || d->type == SC_TYPE_SET) {
        uint32_t n = 0;
        for (size_t i = 0; i < d->n_elements; i++) {
            uint32_t c = utf8_chars(d->elements[i]);
            if (d->type == SC_TYPE_SET)
                n += c + (i > 0);
            else if (c > n)
                n = c;
        }
        d->type = SC_TYPE_VARCHAR;
        d->length = n;
        d->elements = NULL;
        d->n_elements = 0;
    } else if (d->type == SC_TYPE_TINYTEXT || d->type == SC_TYPE_TEXT ||
               d->type == SC_TYPE_MEDIUMTEXT) {
        /* the type holder counts the column's bytes as characters: one size up */
        const sc_charset_info *cs = d->charset ? sc_charset__find(d->charset) : NULL;
        if (!cs || cs->maxlen > 1)
            d->type = d->type == SC_TYPE_TINYTEXT ? SC_TYPE_TEXT
                      : d->type == SC_TYPE_TEXT   ? SC_TYPE_MEDIUMTEXT
                                                  : SC_TYPE_LONGTEXT;
    }
    d->default_kind = SC_DEFAULT_NONE;
    d->default_value = NULL;
}

void sc_ddl__union_finish(sc_exec *x, sc_column_def *d, bool distinct)
{
    d->default_kind = SC_DEFAULT_NONE;
    d->default_value = NULL;
    d->on_update = NULL;
    d->comment = NULL;
    d->check_expr = NULL;
    d->flags &= ~(unsigned)(SC_COL_AUTO_INCREMENT | SC_COL_INVISIBLE | SC_COL_ZEROFILL);
    if (!distinct || nullable(d))
        return;
    /* a DISTINCT set operation's temporary table makes its fields without the
       NO_DEFAULT_VALUE flag: SHOW CREATE prints a NOT NULL column's implicit default */
    if ((is_int(d->type) && d->type != SC_TYPE_BIT) || is_real(d->type))
        d->default_value = "0";
    else if (d->type == SC_TYPE_DECIMAL)
        d->default_value = d->scale ? sc_exec__printf(x, "0.%0*d", (int)d->scale, 0) : "0";
    else if (d->type == SC_TYPE_CHAR || d->type == SC_TYPE_VARCHAR || d->type == SC_TYPE_BINARY ||
             d->type == SC_TYPE_VARBINARY)
        d->default_value = "";
    else if (d->type == SC_TYPE_DATE)
        d->default_value = "0000-00-00";
    if (d->default_value)
        d->default_kind = SC_DEFAULT_LITERAL;
}

static const char *const aggregates[] = {
    "COUNT",       "SUM",      "AVG",     "MIN",      "MAX",           "GROUP_CONCAT",
    "BIT_AND",     "BIT_OR",   "BIT_XOR", "STD",      "STDDEV",        "STDDEV_POP",
    "STDDEV_SAMP", "VARIANCE", "VAR_POP", "VAR_SAMP", "JSON_ARRAYAGG", "JSON_OBJECTAGG",
};

bool sc_ddl__is_aggregate(const sc_expr *e)
{
    if (e->kind != SC_AST_EXPR_FUNC || e->form != SC_AST_FUNC_PLAIN)
        return false;
    for (size_t i = 0; i < sizeof(aggregates) / sizeof(aggregates[0]); i++)
        if (name_is(e, aggregates[i]))
            return true;
    return false;
}

static void arg_type(sc_exec *x, sc_column_def *o, const sc_expr *e, size_t i)
{
    memset(o, 0, sizeof(*o));
    if (i < e->n_args)
        type_of(x, o, e->args[i]);
    else
        o->type = SC_TYPE_BINARY;
}

static bool aggregate_type(sc_exec *x, sc_column_def *o, const sc_expr *e)
{
    sc_column_def a;
    uint32_t p, s;

    if (!sc_ddl__is_aggregate(e))
        return false;
    arg_type(x, &a, e, 0);
    if (name_is(e, "COUNT")) {
        set_int(o, 21, false, true);
        o->flags |= SC_COL_NOT_NULL;
    } else if (name_is(e, "BIT_AND") || name_is(e, "BIT_OR") || name_is(e, "BIT_XOR")) {
        set_int(o, 21, true, true);
        o->flags |= SC_COL_NOT_NULL;
    } else if (name_is(e, "MIN") || name_is(e, "MAX")) {
        *o = a;
        o->flags &= ~(unsigned)(SC_COL_NOT_NULL | SC_COL_AUTO_INCREMENT);
        o->default_kind = SC_DEFAULT_NONE;
    } else if (name_is(e, "GROUP_CONCAT") || name_is(e, "JSON_ARRAYAGG") ||
               name_is(e, "JSON_OBJECTAGG")) {
        o->type = SC_TYPE_MEDIUMTEXT;
        o->charset = x->s->charset_server;
        o->collation = x->s->collation_server;
    } else if (is_real(a.type) || is_str(a.type) || !(name_is(e, "SUM") || name_is(e, "AVG"))) {
        o->type = SC_TYPE_DOUBLE;
    } else {
        num_prec(&a, &p, &s);
        if (name_is(e, "SUM"))
            set_decimal(o, p + 22, s);
        else
            set_decimal(o, p + 4, s + 4);
    }
    return true;
}

/*
 * CAST(a AS SIGNED|UNSIGNED) (Item_func_signed / Item_func_unsigned): the
 * argument's character length, at most 21 and at least 2 signed, 1
 * unsigned; a FLOAT/DOUBLE argument 20; to UNSIGNED only an unsigned
 * integer, NULL or a non-negative integer literal keeps its length, anything
 * else is 20. The type is int up to 10 characters unsigned, 9 signed
 * (Type_handler::type_handler_long_or_longlong).
 */
static void cast_int(sc_column_def *o, const sc_column_def *a, const sc_expr *arg, bool to_unsigned)
{
    bool null_arg = a->type == SC_TYPE_BINARY && a->length == 0 && nullable(a);
    bool keeps =
        !to_unsigned || null_arg ||
        (is_int(a->type) &&
         ((a->flags & SC_COL_UNSIGNED) || a->type == SC_TYPE_YEAR || a->type == SC_TYPE_BIT)) ||
        (arg->kind == SC_AST_EXPR_LITERAL && arg->lit.kind == SC_AST_LIT_INT && !arg->lit.negative);
    uint32_t len = 20;

    if (keeps && !is_real(a->type)) {
        len = null_arg ? 0 : a->type == SC_TYPE_BIT ? a->length : char_len(a);
        if (len > 21)
            len = 21;
        if (len < (to_unsigned ? 1u : 2u))
            len = to_unsigned ? 1 : 2;
    }
    set_int(o, len, to_unsigned, len > (to_unsigned ? 10u : 9u));
}

static void cast_type(sc_exec *x, sc_column_def *o, const sc_expr *e)
{
    const sc_ast_type *t = e->cast_type;
    sc_column_def a;

    arg_type(x, &a, e, 0);
    o->flags = nullable(&a) ? 0 : SC_COL_NOT_NULL;
    switch (t ? t->kind : SC_AST_TYPE_NONE) {
    case SC_AST_TYPE_SIGNED:
    case SC_AST_TYPE_INT:
    case SC_AST_TYPE_BIGINT:
    case SC_AST_TYPE_UNSIGNED:
        cast_int(o, &a, e->args[0], t->kind == SC_AST_TYPE_UNSIGNED);
        return;
    case SC_AST_TYPE_DECIMAL:
        set_decimal(o, t->length.present ? (uint32_t)t->length.value : 10,
                    t->decimals.present ? (uint32_t)t->decimals.value : 0);
        return;
    case SC_AST_TYPE_DOUBLE:
    case SC_AST_TYPE_FLOAT:
        o->type = t->kind == SC_AST_TYPE_FLOAT ? SC_TYPE_FLOAT : SC_TYPE_DOUBLE;
        return;
    case SC_AST_TYPE_DATE:
        o->type = SC_TYPE_DATE;
        o->flags = 0;
        return;
    case SC_AST_TYPE_TIME:
        o->type = SC_TYPE_TIME;
        o->scale = t->length.present ? (uint32_t)t->length.value : 0;
        o->flags = 0;
        return;
    case SC_AST_TYPE_DATETIME:
    case SC_AST_TYPE_TIMESTAMP:
        o->type = SC_TYPE_DATETIME;
        o->scale = t->length.present ? (uint32_t)t->length.value : 0;
        o->flags = 0;
        return;
    case SC_AST_TYPE_BINARY:
        set_str(x, o, t->length.present ? (uint32_t)t->length.value : char_len(&a) * 4, true);
        return;
    default: /* CHAR */
        if (t && t->charset) {
            const sc_charset_info *cs = sc_charset__find(t->charset);
            o->charset = cs ? cs->name : NULL;
            o->collation = cs ? cs->default_collation : NULL;
        }
        set_str(x, o, t && t->length.present ? (uint32_t)t->length.value : char_len(&a),
                t && t->charset && strcasecmp(t->charset, "binary") == 0);
        return;
    }
}

static const struct {
    const char *name;
    sc_coltype type;
    uint32_t len; /* int width, or chars for strings */
    bool not_null;
} fixed_funcs[] = {
    {"NOW", SC_TYPE_DATETIME, 0, true},
    {"CURRENT_TIMESTAMP", SC_TYPE_DATETIME, 0, true},
    {"LOCALTIME", SC_TYPE_DATETIME, 0, true},
    {"LOCALTIMESTAMP", SC_TYPE_DATETIME, 0, true},
    {"SYSDATE", SC_TYPE_DATETIME, 0, true},
    {"UTC_TIMESTAMP", SC_TYPE_DATETIME, 0, true},
    {"CURDATE", SC_TYPE_DATE, 0, true},
    {"CURRENT_DATE", SC_TYPE_DATE, 0, true},
    {"UTC_DATE", SC_TYPE_DATE, 0, true},
    {"CURTIME", SC_TYPE_TIME, 0, true},
    {"CURRENT_TIME", SC_TYPE_TIME, 0, true},
    {"UTC_TIME", SC_TYPE_TIME, 0, true},
    {"TIMESTAMPDIFF", SC_TYPE_BIGINT, 21, false},
    {"DATEDIFF", SC_TYPE_BIGINT, 11, false},
    {"YEAR", SC_TYPE_INT, 5, false},
    {"MONTH", SC_TYPE_INT, 3, false},
    {"DAY", SC_TYPE_INT, 3, false},
    {"DAYOFMONTH", SC_TYPE_INT, 3, false},
    {"HOUR", SC_TYPE_INT, 3, false},
    {"MINUTE", SC_TYPE_INT, 3, false},
    {"SECOND", SC_TYPE_INT, 3, false},
    {"LENGTH", SC_TYPE_INT, 10, false},
    {"OCTET_LENGTH", SC_TYPE_INT, 10, false},
    {"CHAR_LENGTH", SC_TYPE_INT, 10, false},
    {"CHARACTER_LENGTH", SC_TYPE_INT, 10, false},
    {"LOCATE", SC_TYPE_INT, 11, false},
    {"INSTR", SC_TYPE_INT, 11, false},
    {"UNIX_TIMESTAMP", SC_TYPE_BIGINT, 17, false},
    {"LAST_INSERT_ID", SC_TYPE_BIGINT, 21, true},
    {"CONNECTION_ID", SC_TYPE_BIGINT, 10, true},
    {"ROW_NUMBER", SC_TYPE_BIGINT, 21, true},
    {"RANK", SC_TYPE_BIGINT, 21, true},
    {"DENSE_RANK", SC_TYPE_BIGINT, 21, true},
    {"DATE", SC_TYPE_DATE, 0, false},
    {"LAST_DAY", SC_TYPE_DATE, 0, false},
    {"FROM_DAYS", SC_TYPE_DATE, 0, false},
    {"RAND", SC_TYPE_DOUBLE, 0, true},
    {"PI", SC_TYPE_DOUBLE, 0, true},
    {"SQRT", SC_TYPE_DOUBLE, 0, false},
    {"EXP", SC_TYPE_DOUBLE, 0, false},
    {"LN", SC_TYPE_DOUBLE, 0, false},
    {"LOG", SC_TYPE_DOUBLE, 0, false},
    {"POW", SC_TYPE_DOUBLE, 0, false},
    {"POWER", SC_TYPE_DOUBLE, 0, false},
    {"UUID", SC_TYPE_VARCHAR, 36, true},
    {"DATABASE", SC_TYPE_VARCHAR, 34, false},
    {"USER", SC_TYPE_VARCHAR, 141, true},
    {"CURRENT_USER", SC_TYPE_VARCHAR, 141, true},
    {"VERSION", SC_TYPE_VARCHAR, 26, true},
    {"MD5", SC_TYPE_VARCHAR, 32, false},
    {"SHA1", SC_TYPE_VARCHAR, 40, false},
    {"SHA", SC_TYPE_VARCHAR, 40, false},
    {"HEX", SC_TYPE_VARCHAR, 0, false},
    {"JSON_EXTRACT", SC_TYPE_LONGTEXT, 0, false},
    {"JSON_OBJECT", SC_TYPE_LONGTEXT, 0, false},
    {"JSON_ARRAY", SC_TYPE_LONGTEXT, 0, true},
    {"JSON_UNQUOTE", SC_TYPE_LONGTEXT, 0, false},
    {"JSON_VALUE", SC_TYPE_LONGTEXT, 0, false},
};

/* String functions whose result is as long as their first argument. */
static const char *const same_len_funcs[] = {
    "UPPER",     "UCASE",  "LOWER", "LCASE",           "TRIM",  "LTRIM",   "RTRIM", "REVERSE",
    "SUBSTRING", "SUBSTR", "MID",   "SUBSTRING_INDEX", "QUOTE", "SOUNDEX",
};

static bool fixed_type(sc_exec *x, sc_column_def *o, const sc_expr *e)
{
    for (size_t i = 0; i < sizeof(fixed_funcs) / sizeof(fixed_funcs[0]); i++) {
        if (!name_is(e, fixed_funcs[i].name))
            continue;
        o->type = fixed_funcs[i].type;
        if (is_int(o->type))
            o->length = fixed_funcs[i].len;
        if (o->type == SC_TYPE_VARCHAR)
            set_str(x, o, fixed_funcs[i].len, false);
        if (o->type == SC_TYPE_LONGTEXT) {
            o->charset = "utf8mb4";
            o->collation = "utf8mb4_bin";
        }
        if (is_temporal(o->type) && e->n_args == 1 && e->args[0]->kind == SC_AST_EXPR_LITERAL &&
            e->args[0]->lit.kind == SC_AST_LIT_INT)
            o->scale = (uint32_t)atoi(e->args[0]->lit.text.s);
        if (fixed_funcs[i].not_null)
            o->flags |= SC_COL_NOT_NULL;
        return true;
    }
    return false;
}

static void func_type(sc_exec *x, sc_column_def *o, const sc_expr *e)
{
    sc_column_def a;

    if (aggregate_type(x, o, e) || fixed_type(x, o, e))
        return;
    if (name_is(e, "CONCAT") || name_is(e, "CONCAT_WS")) {
        uint32_t len = 0;
        bool bin = false, nul = false;
        for (size_t i = name_is(e, "CONCAT_WS") ? 1 : 0; i < e->n_args; i++) {
            arg_type(x, &a, e, i);
            len += char_len(&a);
            bin = bin || is_binary_str(a.type);
            nul = nul || nullable(&a);
        }
        set_str(x, o, len, bin);
        (void)nul; /* CONCAT is nullable in CREATE ... SELECT whatever its arguments */
        return;
    }
    if (name_is(e, "IFNULL") || name_is(e, "COALESCE") || name_is(e, "GREATEST") ||
        name_is(e, "LEAST") || name_is(e, "NVL")) {
        arg_type(x, o, e, 0);
        for (size_t i = 1; i < e->n_args; i++) {
            arg_type(x, &a, e, i);
            bool first_null = nullable(o);
            sc_ddl__type_merge(o, &a);
            if (name_is(e, "IFNULL") || name_is(e, "COALESCE") || name_is(e, "NVL")) {
                if (!first_null || !nullable(&a))
                    o->flags |= SC_COL_NOT_NULL;
            }
        }
        return;
    }
    if (name_is(e, "IF") && e->n_args == 3) {
        arg_type(x, o, e, 1);
        arg_type(x, &a, e, 2);
        sc_ddl__type_merge(o, &a);
        return;
    }
    if (name_is(e, "NULLIF")) {
        arg_type(x, o, e, 0);
        o->flags &= ~(unsigned)SC_COL_NOT_NULL;
        return;
    }
    if (name_is(e, "LEFT") || name_is(e, "RIGHT") || name_is(e, "LPAD") || name_is(e, "RPAD")) {
        arg_type(x, &a, e, 0);
        uint32_t n = e->n_args > 1 && e->args[1]->kind == SC_AST_EXPR_LITERAL
                         ? (uint32_t)atoi(e->args[1]->lit.text.s)
                         : char_len(&a);
        *o = (sc_column_def){0};
        if (is_str(a.type)) {
            o->charset = a.charset;
            o->collation = a.collation;
        }
        set_str(x, o, n, is_binary_str(a.type));
        return;
    }
    for (size_t i = 0; i < sizeof(same_len_funcs) / sizeof(same_len_funcs[0]); i++) {
        if (name_is(e, same_len_funcs[i])) {
            arg_type(x, &a, e, 0);
            *o = (sc_column_def){0};
            if (is_str(a.type)) {
                o->charset = a.charset;
                o->collation = a.collation;
            }
            set_str(x, o, char_len(&a), is_binary_str(a.type));
            return;
        }
    }
    if (name_is(e, "DATE_FORMAT")) {
        uint32_t n = 0;
        if (e->n_args > 1 && e->args[1]->kind == SC_AST_EXPR_LITERAL)
            n = (uint32_t)e->args[1]->lit.text.len * 2; /* not exact: depends on the format */
        set_str(x, o, n, false);
        return;
    }
    if (name_is(e, "ROUND") || name_is(e, "TRUNCATE") || name_is(e, "ABS") || name_is(e, "FLOOR") ||
        name_is(e, "CEILING") || name_is(e, "CEIL") || name_is(e, "MOD") || name_is(e, "SIGN")) {
        uint32_t p, s, d = 0;
        arg_type(x, &a, e, 0);
        *o = (sc_column_def){0};
        if (e->n_args > 1 && e->args[1]->kind == SC_AST_EXPR_LITERAL)
            d = (uint32_t)atoi(e->args[1]->lit.text.s);
        if (is_real(a.type) || is_str(a.type)) {
            o->type = SC_TYPE_DOUBLE;
        } else if (is_int(a.type) || name_is(e, "SIGN")) {
            set_int(o, int_len(&a), (a.flags & SC_COL_UNSIGNED) != 0, true);
        } else {
            num_prec(&a, &p, &s);
            if (name_is(e, "ROUND") || name_is(e, "TRUNCATE"))
                set_decimal(o, p - s + d + (name_is(e, "ROUND") ? 1 : 0), d < s ? d : s);
            else if (name_is(e, "ABS"))
                set_decimal(o, p, s);
            else
                set_int(o, p - s + 2, false, false);
        }
        return;
    }
    /* unknown: a nullable string */
    set_str(x, o, 255, false);
}

static void type_of(sc_exec *x, sc_column_def *o, const sc_expr *e)
{
    sc_column_def a;

    memset(o, 0, sizeof(*o));
    switch (e->kind) {
    case SC_AST_EXPR_LITERAL:
        literal_type(x, o, e);
        return;
    case SC_AST_EXPR_COLUMN:
        if (e->r_col) {
            *o = *e->r_col;
            return;
        }
        set_str(x, o, 255, false);
        return;
    case SC_AST_EXPR_BINARY:
        if (e->op >= SC_AST_OP_OR && e->op <= SC_AST_OP_SOUNDS_LIKE) {
            sc_column_def b;
            arg_type(x, &a, e, 0);
            arg_type(x, &b, e, 1);
            set_int(o, 1, false, false);
            null_from(o, &a, &b);
            if (e->op == SC_AST_OP_NSEQ)
                o->flags |= SC_COL_NOT_NULL;
            return;
        }
        if (e->op == SC_AST_OP_CONCAT) {
            sc_column_def b;
            arg_type(x, &a, e, 0);
            arg_type(x, &b, e, 1);
            set_str(x, o, char_len(&a) + char_len(&b), false);
            return;
        }
        arith(x, o, e);
        return;
    case SC_AST_EXPR_UNARY:
        arg_type(x, &a, e, 0);
        if (e->op == SC_AST_OP_NOT) {
            set_int(o, 1, false, false);
        } else if (e->op == SC_AST_OP_NEG) {
            if (e->args[0]->kind == SC_AST_EXPR_LITERAL && e->args[0]->lit.kind == SC_AST_LIT_INT)
                set_int(o, int_len(&a) + 1, false, a.type == SC_TYPE_BIGINT);
            else if (e->args[0]->kind == SC_AST_EXPR_LITERAL && a.type == SC_TYPE_DECIMAL)
                *o = a;
            else if (is_int(a.type))
                set_int(o, int_len(&a) + 1, false, true);
            else
                *o = a;
        } else if (e->op == SC_AST_OP_BITNOT) {
            set_int(o, 21, true, true);
        } else {
            set_str(x, o, char_len(&a), true);
        }
        o->flags = (o->flags & ~(unsigned)SC_COL_NOT_NULL) | (a.flags & SC_COL_NOT_NULL);
        return;
    case SC_AST_EXPR_IS:
        set_int(o, 1, false, false);
        o->flags |= SC_COL_NOT_NULL;
        return;
    case SC_AST_EXPR_BETWEEN:
    case SC_AST_EXPR_IN:
    case SC_AST_EXPR_LIKE:
        set_int(o, 1, false, false);
        return;
    case SC_AST_EXPR_CASE:
        if (e->n_args >= 2)
            type_of(x, o, e->args[1]);
        for (size_t i = 3; i < e->n_args; i += 2) {
            type_of(x, &a, e->args[i]);
            sc_ddl__type_merge(o, &a);
        }
        if (e->case_else) {
            type_of(x, &a, e->case_else);
            sc_ddl__type_merge(o, &a);
        }
        o->flags &= ~(unsigned)SC_COL_NOT_NULL; /* a CASE column is nullable (measured) */
        return;
    case SC_AST_EXPR_CAST:
        cast_type(x, o, e);
        return;
    case SC_AST_EXPR_CONVERT_USING: {
        const sc_charset_info *cs = sc_charset__find(e->name);
        arg_type(x, &a, e, 0);
        o->charset = cs ? cs->name : NULL;
        o->collation = cs ? cs->default_collation : NULL;
        set_str(x, o, char_len(&a), cs && strcmp(cs->name, "binary") == 0);
        return;
    }
    case SC_AST_EXPR_COLLATE:
        arg_type(x, o, e, 0);
        o->collation = e->name;
        return;
    case SC_AST_EXPR_FUNC:
        func_type(x, o, e);
        return;
    case SC_AST_EXPR_SUBQUERY:
        if (e->name) { /* EXISTS */
            set_int(o, 1, false, false);
            o->flags |= SC_COL_NOT_NULL;
        } else if (e->select && e->select->r_n_cols) {
            *o = e->select->r_cols[0].def;
            o->flags &= ~(unsigned)SC_COL_NOT_NULL;
        }
        return;
    default:
        set_str(x, o, 255, false);
        return;
    }
}

void sc_ddl__expr_type(sc_exec *x, sc_column_def *out, const sc_expr *e)
{
    type_of(x, out, e);
    if (e->kind != SC_AST_EXPR_COLUMN) { /* only a plain column keeps its attributes */
        out->default_kind = SC_DEFAULT_NONE;
        out->default_value = NULL;
        out->on_update = NULL;
        out->comment = NULL;
        out->check_expr = NULL;
        out->flags &= ~(unsigned)(SC_COL_AUTO_INCREMENT | SC_COL_INVISIBLE | SC_COL_ZEROFILL);
    }
    if (out->type == SC_TYPE_NONE)
        set_str(x, out, 255, false);
}
