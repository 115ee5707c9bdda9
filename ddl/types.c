/*
 * types.c - column types as MariaDB 10.11 stores and prints them (see
 * types.h): names, classes, display widths, record and key byte lengths, and
 * the canonical form of literal defaults (what SHOW CREATE prints after
 * DEFAULT).
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/types.h"

static const char *const type_names[SC_TYPE__COUNT] = {
    [SC_TYPE_NONE] = "",
    [SC_TYPE_TINYINT] = "tinyint",
    [SC_TYPE_SMALLINT] = "smallint",
    [SC_TYPE_MEDIUMINT] = "mediumint",
    [SC_TYPE_INT] = "int",
    [SC_TYPE_BIGINT] = "bigint",
    [SC_TYPE_DECIMAL] = "decimal",
    [SC_TYPE_FLOAT] = "float",
    [SC_TYPE_DOUBLE] = "double",
    [SC_TYPE_BIT] = "bit",
    [SC_TYPE_DATE] = "date",
    [SC_TYPE_TIME] = "time",
    [SC_TYPE_DATETIME] = "datetime",
    [SC_TYPE_TIMESTAMP] = "timestamp",
    [SC_TYPE_YEAR] = "year",
    [SC_TYPE_CHAR] = "char",
    [SC_TYPE_VARCHAR] = "varchar",
    [SC_TYPE_BINARY] = "binary",
    [SC_TYPE_VARBINARY] = "varbinary",
    [SC_TYPE_TINYBLOB] = "tinyblob",
    [SC_TYPE_BLOB] = "blob",
    [SC_TYPE_MEDIUMBLOB] = "mediumblob",
    [SC_TYPE_LONGBLOB] = "longblob",
    [SC_TYPE_TINYTEXT] = "tinytext",
    [SC_TYPE_TEXT] = "text",
    [SC_TYPE_MEDIUMTEXT] = "mediumtext",
    [SC_TYPE_LONGTEXT] = "longtext",
    [SC_TYPE_ENUM] = "enum",
    [SC_TYPE_SET] = "set",
    [SC_TYPE_GEOMETRY] = "geometry",
    [SC_TYPE_POINT] = "point",
    [SC_TYPE_LINESTRING] = "linestring",
    [SC_TYPE_POLYGON] = "polygon",
    [SC_TYPE_MULTIPOINT] = "multipoint",
    [SC_TYPE_MULTILINESTRING] = "multilinestring",
    [SC_TYPE_MULTIPOLYGON] = "multipolygon",
    [SC_TYPE_GEOMETRYCOLLECTION] = "geometrycollection",
    [SC_TYPE_INET4] = "inet4",
    [SC_TYPE_INET6] = "inet6",
    [SC_TYPE_UUID] = "uuid",
};

const char *sc_type__name(sc_coltype t)
{
    return (unsigned)t < SC_TYPE__COUNT ? type_names[t] : "";
}

bool sc_type__is_integer(sc_coltype t)
{
    return t >= SC_TYPE_TINYINT && t <= SC_TYPE_BIGINT;
}

bool sc_type__is_numeric(sc_coltype t)
{
    return t >= SC_TYPE_TINYINT && t <= SC_TYPE_DOUBLE;
}

bool sc_type__is_temporal(sc_coltype t)
{
    return t >= SC_TYPE_DATE && t <= SC_TYPE_YEAR;
}

bool sc_type__is_text(sc_coltype t)
{
    return t >= SC_TYPE_TINYTEXT && t <= SC_TYPE_LONGTEXT;
}

bool sc_type__is_blob(sc_coltype t)
{
    return t >= SC_TYPE_TINYBLOB && t <= SC_TYPE_LONGTEXT;
}

bool sc_type__is_spatial(sc_coltype t)
{
    return t >= SC_TYPE_GEOMETRY && t <= SC_TYPE_GEOMETRYCOLLECTION;
}

bool sc_type__has_charset(sc_coltype t)
{
    return t == SC_TYPE_CHAR || t == SC_TYPE_VARCHAR || sc_type__is_text(t) || t == SC_TYPE_ENUM ||
           t == SC_TYPE_SET;
}

bool sc_type__is_binary(sc_coltype t)
{
    return t == SC_TYPE_BINARY || t == SC_TYPE_VARBINARY ||
           (t >= SC_TYPE_TINYBLOB && t <= SC_TYPE_LONGBLOB);
}

bool sc_type__default_unquoted(sc_coltype t)
{
    return sc_type__is_numeric(t) || t == SC_TYPE_YEAR;
}

uint32_t sc_type__default_length(sc_coltype t, bool is_unsigned)
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
    case SC_TYPE_BIGINT:
        return 20;
    case SC_TYPE_DECIMAL:
        return 10;
    case SC_TYPE_BIT:
    case SC_TYPE_CHAR:
    case SC_TYPE_BINARY:
        return 1;
    case SC_TYPE_YEAR:
        return 4;
    default:
        return 0;
    }
}

static void render_sign(sc_buf *b, const sc_column_def *col)
{
    if (col->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL))
        sc__buf_puts(b, " unsigned");
    if (col->flags & SC_COL_ZEROFILL)
        sc__buf_puts(b, " zerofill");
}

static void render_elements(sc_buf *b, const sc_column_def *col)
{
    sc__buf_putc(b, '(');
    for (size_t i = 0; i < col->n_elements; i++) {
        if (i)
            sc__buf_putc(b, ',');
        sc_show__quoted(b, col->elements[i]);
    }
    sc__buf_putc(b, ')');
}

void sc_type__render(sc_buf *b, const sc_column_def *col)
{
    sc_coltype t = col->type;

    sc__buf_puts(b, sc_type__name(t));
    switch (t) {
    case SC_TYPE_TINYINT:
    case SC_TYPE_SMALLINT:
    case SC_TYPE_MEDIUMINT:
    case SC_TYPE_INT:
    case SC_TYPE_BIGINT:
        sc__buf_printf(b, "(%u)", (unsigned)col->length);
        render_sign(b, col);
        break;
    case SC_TYPE_DECIMAL:
        sc__buf_printf(b, "(%u,%u)", (unsigned)col->length, (unsigned)col->scale);
        render_sign(b, col);
        break;
    case SC_TYPE_FLOAT:
    case SC_TYPE_DOUBLE:
        if (col->flags & SC_COL_HAS_SCALE)
            sc__buf_printf(b, "(%u,%u)", (unsigned)col->length, (unsigned)col->scale);
        render_sign(b, col);
        break;
    case SC_TYPE_TIME:
    case SC_TYPE_DATETIME:
    case SC_TYPE_TIMESTAMP:
        if (col->scale)
            sc__buf_printf(b, "(%u)", (unsigned)col->scale);
        break;
    case SC_TYPE_BIT:
    case SC_TYPE_YEAR:
    case SC_TYPE_CHAR:
    case SC_TYPE_VARCHAR:
    case SC_TYPE_BINARY:
    case SC_TYPE_VARBINARY:
        sc__buf_printf(b, "(%u)", (unsigned)col->length);
        break;
    case SC_TYPE_ENUM:
    case SC_TYPE_SET:
        render_elements(b, col);
        break;
    default:
        break;
    }
    if (col->flags & SC_COL_COMPRESSED)
        sc__buf_puts(b, " /*M!100301 COMPRESSED*/");
}

uint64_t sc_type__max_chars(sc_coltype t)
{
    switch (t) {
    case SC_TYPE_TINYBLOB:
    case SC_TYPE_TINYTEXT:
        return 255;
    case SC_TYPE_BLOB:
    case SC_TYPE_TEXT:
        return 65535;
    case SC_TYPE_MEDIUMBLOB:
    case SC_TYPE_MEDIUMTEXT:
        return 16777215;
    case SC_TYPE_LONGBLOB:
    case SC_TYPE_LONGTEXT:
        return 4294967295u;
    case SC_TYPE_CHAR:
    case SC_TYPE_BINARY:
        return 255;
    case SC_TYPE_VARCHAR:
    case SC_TYPE_VARBINARY:
        return 65535;
    default:
        return 0;
    }
}

/* Bytes of a packed DECIMAL(M,D) (MariaDB's decimal_bin_size). */
static uint64_t decimal_bytes(uint32_t m, uint32_t d)
{
    static const unsigned dig2bytes[10] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};
    uint32_t intg = m > d ? m - d : 0;
    return (intg / 9) * 4 + dig2bytes[intg % 9] + (d / 9) * 4 + dig2bytes[d % 9];
}

static uint64_t fixed_bytes(const sc_column_def *col)
{
    switch (col->type) {
    case SC_TYPE_TINYINT:
    case SC_TYPE_YEAR:
        return 1;
    case SC_TYPE_SMALLINT:
        return 2;
    case SC_TYPE_MEDIUMINT:
    case SC_TYPE_DATE:
        return 3;
    case SC_TYPE_INT:
    case SC_TYPE_FLOAT:
    case SC_TYPE_INET4:
        return 4;
    case SC_TYPE_BIGINT:
    case SC_TYPE_DOUBLE:
        return 8;
    case SC_TYPE_DECIMAL:
        return decimal_bytes(col->length, col->scale);
    case SC_TYPE_BIT:
        return (col->length + 7) / 8;
    case SC_TYPE_TIME:
        return 3 + (col->scale + 1) / 2;
    case SC_TYPE_DATETIME:
        return 5 + (col->scale + 1) / 2;
    case SC_TYPE_TIMESTAMP:
        return 4 + (col->scale + 1) / 2;
    case SC_TYPE_INET6:
    case SC_TYPE_UUID:
        return 16;
    case SC_TYPE_ENUM:
        return col->n_elements > 255 ? 2 : 1;
    case SC_TYPE_SET: {
        uint64_t n = (col->n_elements + 7) / 8;
        return n > 4 ? 8 : n;
    }
    default:
        return 0;
    }
}

uint64_t sc_type__key_bytes(const sc_column_def *col, unsigned maxlen)
{
    switch (col->type) {
    case SC_TYPE_CHAR:
    case SC_TYPE_VARCHAR:
        return (uint64_t)col->length * maxlen;
    case SC_TYPE_BINARY:
    case SC_TYPE_VARBINARY:
        return col->length;
    default:
        if (sc_type__is_blob(col->type))
            return sc_type__max_chars(col->type) * (sc_type__is_text(col->type) ? maxlen : 1);
        if (sc_type__is_spatial(col->type))
            return 4294967295u;
        return fixed_bytes(col);
    }
}

uint64_t sc_type__record_bytes(const sc_column_def *col, unsigned maxlen)
{
    uint64_t n;

    switch (col->type) {
    case SC_TYPE_CHAR:
        return (uint64_t)col->length * maxlen;
    case SC_TYPE_BINARY:
        return col->length;
    case SC_TYPE_VARCHAR:
    case SC_TYPE_VARBINARY:
        n = col->type == SC_TYPE_VARCHAR ? (uint64_t)col->length * maxlen : col->length;
        return n + (n > 255 ? 2 : 1);
    case SC_TYPE_TINYBLOB:
    case SC_TYPE_TINYTEXT:
        return 1 + 8;
    case SC_TYPE_BLOB:
    case SC_TYPE_TEXT:
        return 2 + 8;
    case SC_TYPE_MEDIUMBLOB:
    case SC_TYPE_MEDIUMTEXT:
        return 3 + 8;
    case SC_TYPE_LONGBLOB:
    case SC_TYPE_LONGTEXT:
        return 4 + 8;
    default:
        if (sc_type__is_spatial(col->type))
            return 4 + 8;
        return fixed_bytes(col);
    }
}

/* ------------------------------------------------------------------ */
/* Literal defaults                                                     */

static char *dup(sc_ctx *ctx, const char *s)
{
    return sc__strdup(ctx, s);
}

/* Parse a decimal number literal: sign, digits, optional fraction/exponent. */
static bool parse_number(double *out, const char *s)
{
    char *end;
    while (isspace((unsigned char)*s))
        s++;
    if (!*s)
        return false;
    *out = strtod(s, &end);
    while (isspace((unsigned char)*end))
        end++;
    return *end == '\0' && end != s;
}

/* [-+]digits.digits rounded half away from zero to [-]digits (buf); false
 * for any other text or one too long. */
static bool plain_decimal_to_integer(char *buf, size_t size, const char *p)
{
    bool neg = *p == '-';
    const char *d = p + (*p == '-' || *p == '+');
    size_t nint = strspn(d, "0123456789"), nfrac, i;

    if (d[nint] != '.' || nint == 0)
        return false;
    nfrac = strspn(d + nint + 1, "0123456789");
    if (d[nint + 1 + nfrac] != '\0' || nint + 3 > size)
        return false;
    buf[0] = '0'; /* room for a carry */
    memcpy(buf + 1, d, nint);
    buf[nint + 1] = '\0';
    if (nfrac && d[nint + 1] >= '5')
        for (i = nint; i > 0; i--) {
            if (buf[i] != '9') {
                buf[i]++;
                break;
            }
            buf[i] = '0';
            if (i == 1)
                buf[0] = '1';
        }
    if (neg) {
        memmove(buf + 1, buf, nint + 2);
        buf[0] = '-';
    }
    return true;
}

static int canon_integer(char **out, sc_ctx *ctx, const sc_column_def *col, const char *text)
{
    /* exact limits: a double cannot tell 2^63 - 1 from 2^63 */
    static const unsigned long long smax[] = {127, 32767, 8388607, 2147483647,
                                              9223372036854775807ull};
    static const unsigned long long umax[] = {255, 65535, 16777215, 4294967295ull,
                                              18446744073709551615ull};
    unsigned k = (unsigned)(col->type - SC_TYPE_TINYINT);
    bool uns = (col->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) != 0;
    char buf[64], tmp[64], *end;
    long double v;
    const char *p = text;

    while (*p == ' ')
        p++;
    if (plain_decimal_to_integer(buf, sizeof buf, p))
        p = buf; /* rounded half away from zero, exactly */
    /* Pure integer literals keep full 64-bit precision. */
    if (*p && strspn(p + (*p == '-' || *p == '+'), "0123456789") ==
                  strlen(p + (*p == '-' || *p == '+'))) {
        bool neg = *p == '-';
        const char *d = p + (*p == '-' || *p == '+');
        unsigned long long mag;
        while (*d == '0' && d[1])
            d++;
        if (neg && strcmp(d, "0") == 0)
            neg = false;
        if ((neg && uns) || strlen(d) > 20)
            return SC_EINVAL;
        errno = 0;
        mag = strtoull(d, &end, 10);
        if (errno || *end)
            return SC_EINVAL;
        if (neg ? mag > smax[k] + 1 : mag > (uns ? umax[k] : smax[k]))
            return SC_EINVAL;
        snprintf(tmp, sizeof(tmp), "%s%s", neg ? "-" : "", d);
        *out = dup(ctx, tmp);
        return *out ? SC_OK : SC_ENOMEM;
    }
    while (isspace((unsigned char)*p))
        p++;
    v = strtold(p, &end);
    while (isspace((unsigned char)*end))
        end++;
    if (end == p || *end)
        return SC_EINVAL;
    v = roundl(v) + 0.0L; /* -0.4 and -0e0 are 0, not -0 */
    if ((uns && v < 0) || v > (long double)(uns ? umax[k] : smax[k]) ||
        v < -(long double)smax[k] - 1)
        return SC_EINVAL;
    snprintf(buf, sizeof(buf), "%.0Lf", v);
    *out = dup(ctx, buf);
    return *out ? SC_OK : SC_ENOMEM;
}

/*
 * Round a plain decimal literal ([-]digits[.digits]) to `scale` decimals,
 * half away from zero as MariaDB's decimal type does. false when text is
 * not such a literal (exponents...).
 */
static bool decimal_round(char *buf, size_t size, const char *text, unsigned scale)
{
    char digits[200];
    const char *p = text, *dot;
    size_t nint, nfrac, n = 0;
    bool neg = false;
    int carry;

    while (*p == ' ')
        p++;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    nint = strspn(p, "0123456789");
    dot = p + nint;
    nfrac = *dot == '.' ? strspn(dot + 1, "0123456789") : 0;
    if ((nint == 0 && nfrac == 0) || dot[*dot == '.' ? nfrac + 1 : 0] != '\0' ||
        nint + scale + 2 > sizeof(digits))
        return false;
    /* digits = integer part + scale fraction digits, then round on the next digit */
    memcpy(digits, "0", 1);
    n = 1;
    memcpy(digits + n, p, nint);
    n += nint;
    for (unsigned i = 0; i < scale; i++)
        digits[n++] = i < nfrac ? dot[1 + i] : '0';
    carry = nfrac > scale && dot[1 + scale] >= '5';
    for (size_t i = n; carry && i-- > 0;) {
        if (digits[i] == '9') {
            digits[i] = '0';
        } else {
            digits[i]++;
            carry = 0;
        }
    }
    digits[n] = '\0'; /* strspn below stops here, not in what the stack held */
    {
        size_t intlen = n - scale, start = 0, o = 0;
        bool zero = strspn(digits, "0") == n;
        while (start + 1 < intlen && digits[start] == '0')
            start++;
        if (neg && !zero)
            buf[o++] = '-';
        for (size_t i = start; i < intlen && o + 2 < size; i++)
            buf[o++] = digits[i];
        if (scale) {
            buf[o++] = '.';
            for (size_t i = intlen; i < n && o + 1 < size; i++)
                buf[o++] = digits[i];
        }
        buf[o] = '\0';
    }
    return true;
}

static int canon_decimal(char **out, sc_ctx *ctx, const sc_column_def *col, const char *text)
{
    char buf[200];
    double v, limit;
    bool uns = (col->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) != 0;

    if (!parse_number(&v, text))
        return SC_EINVAL;
    if (!decimal_round(buf, sizeof(buf), text, col->scale)) {
        snprintf(buf, sizeof(buf), "%.*f", (int)col->scale, v);
        if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
            memmove(buf, buf + 1, strlen(buf));
    }
    v = strtod(buf, NULL);
    limit = pow(10.0, (double)(col->length - col->scale));
    if (fabs(v) >= limit || (uns && v < 0))
        return SC_EINVAL;
    *out = dup(ctx, buf);
    return *out ? SC_OK : SC_ENOMEM;
}

/*
 * A FLOAT or DOUBLE value as Field_float/Field_double::val_str print it
 * (my_gcvt() in a 69-character or wider field): the fewest significant
 * digits that read back as v, at most 6 (FLT_DIG) for a FLOAT, whose value
 * is v widened to double; then plain digits unless the decimal point is
 * more than 15 places (DBL_DIG, MAX_DECPT_FOR_F_FORMAT) right of them or
 * 14 places left of them: 123457000, 0.0000123457, 1e20, 5e-324.
 */
static void real_text(char *buf, size_t size, double v, bool is_float)
{
    char e[48], digits[24];
    int maxp = is_float ? FLT_DIG : 17, p, decpt, len = 0;
    size_t o = 0;
    const char *c;

    if (v == 0) {
        snprintf(buf, size, "0");
        return;
    }
    for (p = 1; p < maxp; p++) { /* the shortest that reads back */
        snprintf(e, sizeof(e), "%.*e", p - 1, v);
        if (strtod(e, NULL) == v)
            break;
    }
    snprintf(e, sizeof(e), "%.*e", p - 1, v); /* "-d.ddde+XX" */
    for (c = e + (e[0] == '-'); *c != 'e'; c++)
        if (*c != '.')
            digits[len++] = *c;
    while (len > 1 && digits[len - 1] == '0')
        len--;
    decpt = atoi(c + 1) + 1;
    if (v < 0)
        buf[o++] = '-';
    if (decpt >= -14 && (decpt <= 15 || len > decpt)) {
        if (decpt <= 0) { /* 0.000ddd */
            buf[o++] = '0';
            buf[o++] = '.';
            for (int i = decpt; i < 0; i++)
                buf[o++] = '0';
        }
        for (int i = 0; i < len || i < decpt; i++) { /* ddd.ddd or ddd000 */
            if (i == decpt && decpt > 0)
                buf[o++] = '.';
            buf[o++] = i < len ? digits[i] : '0';
        }
        buf[o] = '\0';
    } else if (len > 1) {
        snprintf(buf + o, size - o, "%c.%.*se%d", digits[0], len - 1, digits + 1, decpt - 1);
    } else {
        snprintf(buf + o, size - o, "%ce%d", digits[0], decpt - 1);
    }
}

/* Decimal digits of |v| (no sign, no trailing zeros) and the position of
 * the point (decpt: 0.12 is "12", 0; 120 is "12", 3); "" for zero. */
typedef struct digits {
    char d[400];
    int len, decpt;
} digits;

/* The digits of an "%e" rendering (d.ddde+XX). */
static void digits_of_e(digits *g, const char *e)
{
    const char *c = e;

    g->len = 0;
    for (; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9' && g->len < (int)sizeof(g->d) - 1)
            g->d[g->len++] = *c;
    g->decpt = atoi(c + (*c == 'e')) + 1;
    while (g->len > 0 && g->d[g->len - 1] == '0')
        g->len--;
    if (g->len == 0)
        g->decpt = 0;
    g->d[g->len] = '\0';
}

/* The fewest significant digits that read back as v (dtoa mode 0). */
static void shortest_digits(digits *g, double v)
{
    char e[48];
    int p;

    for (p = 1; p < 17; p++) {
        snprintf(e, sizeof(e), "%.*e", p - 1, v);
        if (strtod(e, NULL) == v)
            break;
    }
    snprintf(e, sizeof(e), "%.*e", p - 1, fabs(v));
    digits_of_e(g, e);
}

/* dtoa mode 4: at most n significant digits, correctly rounded, or the
 * shortest digits that read back when they are fewer. */
static void significant_digits(digits *g, double v, int n)
{
    char e[400];

    if (n < 1)
        n = 1;
    shortest_digits(g, v);
    if (g->len <= n)
        return;
    snprintf(e, sizeof(e), "%.*e", n - 1, fabs(v));
    digits_of_e(g, e);
}

/* dtoa mode 5: digits up to k places after the point, correctly rounded
 * (ties to even, as the binary value decides), or the shortest digits when
 * they need no more places; "" when v rounds to zero there. */
static void fixed_digits(digits *g, double v, int k)
{
    char f[400], *c;
    int intlen = 0;

    shortest_digits(g, v);
    if (g->len - g->decpt <= k || k > 300)
        return;
    snprintf(f, sizeof(f), "%.*f", k < 0 ? 0 : k, fabs(v));
    g->len = 0;
    g->decpt = 0;
    for (c = f; *c && *c != '.'; c++)
        intlen++;
    g->decpt = intlen;
    for (c = f; *c; c++) {
        if (*c == '.')
            continue;
        if (g->len == 0 && *c == '0') { /* leading zeros move the point */
            g->decpt--;
            continue;
        }
        g->d[g->len++] = *c;
    }
    while (g->len > 0 && g->d[g->len - 1] == '0')
        g->len--;
    if (g->len == 0)
        g->decpt = 0;
    g->d[g->len] = '\0';
}

bool sc_type__gcvt(char *out, double v, int width)
{
    char *o = out, *end = out + width;
    bool neg = v < 0, err = false;
    int w = width - neg, exp_len;
    digits g;
    bool fits, force_e;

    if (!isfinite(v)) {
        strcpy(out, "0");
        return true;
    }
    significant_digits(&g, v, w);
    if (g.len == 0) {
        strcpy(out, "0");
        return false;
    }
    exp_len = 1 + (g.decpt >= 101 || g.decpt <= -99) + (g.decpt >= 11 || g.decpt <= -9);
    /* the length of the plain form: 0.00ddd, dd.ddd or ddd000 */
    fits = (g.decpt <= 0 ? g.len - g.decpt + 2 : g.decpt < g.len ? g.len + 1 : g.decpt) <= w;
    /* no digit would fit in the plain form where the exponent form fits */
    force_e = g.decpt <= 0 && w <= 2 - g.decpt && w >= 3 + exp_len;
    if ((fits || (g.decpt <= w && !force_e &&
                  (g.decpt >= -1 || (g.decpt == -2 && (g.len > 1 || !force_e))))) &&
        (!fits || (g.decpt >= -14 && (g.decpt <= 15 || g.len > g.decpt)))) {
        /* plain: fewer digits after the point when they do not all fit */
        int room = w - ((g.decpt < g.len) + (g.decpt <= 0 ? 1 - g.decpt : 0));
        if (room < g.len) {
            if (room < g.decpt) {
                err = true;
                room = g.decpt;
            }
            fixed_digits(&g, v, room - g.decpt);
        }
        if (g.len == 0) {
            strcpy(out, "0");
            return err;
        }
        if (neg && o < end)
            *o++ = '-';
        if (g.decpt <= 0) {
            if (o < end)
                *o++ = '0';
            if (o < end)
                *o++ = '.';
            for (int i = g.decpt; i < 0 && o < end; i++)
                *o++ = '0';
        }
        for (int i = 1; i <= g.len && o < end; i++) {
            *o++ = g.d[i - 1];
            if (i == g.decpt && i < g.len && o < end)
                *o++ = '.';
        }
        for (int i = g.len; i < g.decpt && o < end; i++)
            *o++ = '0';
    } else {
        /* d.ddde[-]N with the digits that fit */
        int e = g.decpt - 1, room = w;
        bool eneg = e < 0;
        char ebuf[16];
        if (eneg) {
            e = -e;
            room--;
        }
        room -= 1 + exp_len;
        if (g.len > 1)
            room--;
        if (room <= 0) {
            err = true;
            room = 0;
        }
        if (room < g.len) {
            significant_digits(&g, v, room);
            e = g.decpt - 1;
            eneg = e < 0;
            if (eneg)
                e = -e;
        }
        if (neg && o < end)
            *o++ = '-';
        if (o < end)
            *o++ = g.d[0];
        if (g.len > 1 && o < end) {
            *o++ = '.';
            for (int i = 1; i < g.len && o < end; i++)
                *o++ = g.d[i];
        }
        if (o < end)
            *o++ = 'e';
        if (eneg && o < end)
            *o++ = '-';
        snprintf(ebuf, sizeof(ebuf), "%d", e);
        for (const char *c = ebuf; *c && o < end; c++)
            *o++ = *c;
    }
    *o = '\0';
    return err;
}

char *sc_type__number_string(sc_ctx *ctx, const char *text, bool negative, bool is_float)
{
    char buf[400];
    size_t o = 0, zeros = strspn(text, "0");
    const char *dot = strchr(text, '.');

    if (is_float) {
        double v = strtod(text, NULL);
        real_text(buf, sizeof(buf), negative ? -v : v, false);
        return dup(ctx, buf);
    }
    if (strlen(text) + 3 > sizeof(buf))
        return dup(ctx, text); /* beyond any DECIMAL: as written */
    if (negative && strspn(text, "0.") != strlen(text))
        buf[o++] = '-';
    if (dot) {
        size_t int_digits = (size_t)(dot - text);
        zeros = strspn(text, "0") < int_digits ? strspn(text, "0") : int_digits;
        if (zeros == int_digits)
            buf[o++] = '0';
        memcpy(buf + o, text + zeros, int_digits - zeros);
        o += int_digits - zeros;
        if (dot[1]) {
            buf[o++] = '.';
            memcpy(buf + o, dot + 1, strlen(dot + 1));
            o += strlen(dot + 1);
        }
    } else if (!text[zeros]) {
        buf[o++] = '0';
    } else {
        memcpy(buf + o, text + zeros, strlen(text + zeros));
        o += strlen(text + zeros);
    }
    buf[o] = '\0';
    return dup(ctx, buf);
}

static int canon_float(char **out, sc_ctx *ctx, const sc_column_def *col, const char *text)
{
    char buf[64];
    double v;

    if (!parse_number(&v, text))
        return SC_EINVAL;
    if ((col->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) && v < 0)
        return SC_EINVAL;
    if (v == 0)
        v = 0; /* -0.0 prints as 0 */
    if (col->flags & SC_COL_HAS_SCALE) {
        /* FLOAT(M,D) rounds the fraction to D decimals half-to-even
         * (rint, MariaDB's truncate_double), refuses values outside
         * +-(10^(M-D) - 10^-D) and prints exactly D decimals (DEFAULT 0.0,
         * DEFAULT 100.00) */
        double scale = pow(10.0, (double)col->scale);
        double limit = pow(10.0, (double)(col->length - col->scale)) - 1.0 / scale;
        v = floor(v) + rint((v - floor(v)) * scale) / scale;
        if (v > limit || v < -limit)
            return SC_EINVAL;
        if (col->type == SC_TYPE_FLOAT)
            v = (double)(float)v;
        snprintf(buf, sizeof(buf), "%.*f", (int)col->scale, v);
        if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
            memmove(buf, buf + 1, strlen(buf));
        *out = dup(ctx, buf);
        return *out ? SC_OK : SC_ENOMEM;
    }
    if (col->type == SC_TYPE_FLOAT) {
        if (fabs(v) > FLT_MAX)
            return SC_EINVAL;
        v = (double)(float)v;
    }
    real_text(buf, sizeof(buf), v, col->type == SC_TYPE_FLOAT);
    *out = dup(ctx, buf);
    return *out ? SC_OK : SC_ENOMEM;
}

static int
canon_bit(char **out, sc_ctx *ctx, const sc_column_def *col, const char *text, bool is_string)
{
    char buf[72];
    unsigned long long v = 0;
    size_t n = 0;

    if (is_string) {
        /* a byte string: big-endian bytes */
        for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
            if (n++ >= 8)
                return SC_EINVAL;
            v = (v << 8) | *p;
        }
    } else {
        char *end;
        if (text[0] == '-')
            return SC_EINVAL;
        v = strtoull(text, &end, 10);
        if (*end)
            return SC_EINVAL;
    }
    if (col->length < 64 && (v >> col->length) != 0)
        return SC_EINVAL;
    n = 0;
    for (int i = 63; i >= 0; i--)
        if ((v >> i) & 1 || n)
            buf[n++] = (v >> i) & 1 ? '1' : '0';
    if (n == 0)
        buf[n++] = '0';
    buf[n] = '\0';
    *out = dup(ctx, buf);
    return *out ? SC_OK : SC_ENOMEM;
}

static int canon_year(char **out, sc_ctx *ctx, const char *text)
{
    char buf[16];
    double v;

    if (!parse_number(&v, text))
        return SC_EINVAL;
    v = round(v);
    if (v != 0 && v < 100) {
        v += v < 70 ? 2000 : 1900;
    } else if (v != 0 && (v < 1901 || v > 2155)) {
        return SC_EINVAL;
    }
    snprintf(buf, sizeof(buf), v == 0 ? "0000" : "%.0f", v);
    *out = dup(ctx, buf);
    return *out ? SC_OK : SC_ENOMEM;
}

/* Read up to max digits as a number; returns digits read. */
static int read_digits(const char **p, int max, int *val)
{
    int n = 0;
    *val = 0;
    while (n < max && isdigit((unsigned char)**p)) {
        *val = *val * 10 + (**p - '0');
        (*p)++;
        n++;
    }
    return n;
}

static bool skip_delim(const char **p)
{
    if (**p && !isdigit((unsigned char)**p) && !isalpha((unsigned char)**p)) {
        (*p)++;
        return true;
    }
    return false;
}

/* Append ".ffff" padded/rounded to fsp digits from a fraction string. */
/* Append ".ffff" padded or cut to fsp digits. */
static void put_fraction(char *buf, size_t size, const char *frac, unsigned fsp)
{
    size_t len = strlen(buf), start;
    size_t nf = frac ? strspn(frac, "0123456789") : 0;

    if (fsp == 0)
        return;
    snprintf(buf + len, size - len, ".");
    len++;
    start = len;
    for (unsigned i = 0; i < fsp && len + 1 < size; i++) {
        buf[len++] = i < nf ? frac[i] : '0';
        buf[len] = '\0';
    }
    (void)start; /* further digits are cut (TIME_ROUND_FRACTIONAL is off by default) */
}

static bool valid_date(int y, int m, int d)
{
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y == 0 && m == 0 && d == 0)
        return true;
    if (m < 1 || m > 12 || d < 0 || d > mdays[m - 1])
        return m == 0 || d == 0 ? (m <= 12) : false;
    if (m == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return false;
    return true;
}

static int canon_datetime(char **out, sc_ctx *ctx, const sc_column_def *col, const char *text)
{
    const char *p = text;
    int y, mo, d, h = 0, mi = 0, s = 0;
    const char *frac = NULL;
    char buf[64];

    while (*p == ' ')
        p++;
    if (strspn(p, "0123456789") == strlen(p) && *p) {
        /* a number: 0, YYYYMMDD, YYMMDD, YYYYMMDDHHMMSS */
        size_t n = strlen(p);
        char buf2[32];
        if (strspn(p, "0") == n) {
            p = "0000-00-00 00:00:00";
        } else if (n == 8 || n == 14) {
            snprintf(buf2, sizeof(buf2), "%.4s-%.2s-%.2s %.2s:%.2s:%.2s", p, p + 4, p + 6,
                     n == 14 ? p + 8 : "00", n == 14 ? p + 10 : "00", n == 14 ? p + 12 : "00");
            p = buf2;
            return canon_datetime(out, ctx, col, p);
        } else {
            return SC_EINVAL;
        }
    }
    if (read_digits(&p, 4, &y) != 4 || !skip_delim(&p) || read_digits(&p, 2, &mo) < 1 ||
        !skip_delim(&p) || read_digits(&p, 2, &d) < 1)
        return SC_EINVAL;
    if (*p == ' ' || *p == 'T') {
        p++;
        while (*p == ' ')
            p++;
        if (read_digits(&p, 2, &h) < 1 || !skip_delim(&p) || read_digits(&p, 2, &mi) < 1 ||
            !skip_delim(&p) || read_digits(&p, 2, &s) < 1)
            return SC_EINVAL;
        if (*p == '.') {
            frac = ++p;
            while (isdigit((unsigned char)*p))
                p++;
        }
    }
    while (*p == ' ')
        p++;
    if (*p || !valid_date(y, mo, d) || h > 23 || mi > 59 || s > 59)
        return SC_EINVAL;
    if (col->type == SC_TYPE_DATE) {
        snprintf(buf, sizeof(buf), "%04d-%02d-%02d", y, mo, d);
    } else {
        snprintf(buf, sizeof(buf), "%04d-%02d-%02d %02d:%02d:%02d", y, mo, d, h, mi, s);
        put_fraction(buf, sizeof(buf), frac, col->scale);
    }
    *out = dup(ctx, buf);
    return *out ? SC_OK : SC_ENOMEM;
}

static int canon_time(char **out, sc_ctx *ctx, const sc_column_def *col, const char *text)
{
    const char *p = text;
    int h, mi = 0, s = 0;
    bool neg = false;
    const char *frac = NULL;
    char buf[64];

    while (*p == ' ')
        p++;
    if (*p == '-') {
        neg = true;
        p++;
    }
    {
        /* a number: [H]HMMSS[.f] */
        size_t nd = strspn(p, "0123456789");
        if (nd && (p[nd] == '\0' || p[nd] == '.') && nd <= 7) {
            long v = strtol(p, NULL, 10);
            h = (int)(v / 10000);
            mi = (int)(v / 100 % 100);
            s = (int)(v % 100);
            p += nd;
            goto fraction;
        }
    }
    if (read_digits(&p, 3, &h) < 1)
        return SC_EINVAL;
    if (*p == ' ') {
        /* 'D HH:MM:SS': days */
        int hh;
        p++;
        if (read_digits(&p, 2, &hh) < 1)
            return SC_EINVAL;
        h = h * 24 + hh;
    }
    if (*p == ':') {
        p++;
        if (read_digits(&p, 2, &mi) < 1)
            return SC_EINVAL;
        if (*p == ':') {
            p++;
            if (read_digits(&p, 2, &s) < 1)
                return SC_EINVAL;
        }
    }
fraction:
    if (*p == '.') {
        frac = ++p;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (*p || h > 838 || mi > 59 || s > 59)
        return SC_EINVAL;
    snprintf(buf, sizeof(buf), "%s%02d:%02d:%02d", neg ? "-" : "", h, mi, s);
    put_fraction(buf, sizeof(buf), frac, col->scale);
    *out = dup(ctx, buf);
    return *out ? SC_OK : SC_ENOMEM;
}

static bool element_index(const sc_column_def *col, const char *v, size_t len, size_t *idx)
{
    for (size_t i = 0; i < col->n_elements; i++) {
        /* trailing spaces are insignificant in ENUM/SET comparisons */
        size_t el = strlen(col->elements[i]);
        size_t vl = len;
        while (el && col->elements[i][el - 1] == ' ')
            el--;
        while (vl && v[vl - 1] == ' ')
            vl--;
        if (el == vl && strncasecmp(col->elements[i], v, el) == 0) {
            *idx = i;
            return true;
        }
    }
    return false;
}

static int
canon_enum(char **out, sc_ctx *ctx, const sc_column_def *col, const char *text, bool is_string)
{
    size_t idx;
    (void)is_string; /* a number is matched as its text, not as an index */
    if (!element_index(col, text, strlen(text), &idx))
        return SC_EINVAL;
    *out = dup(ctx, col->elements[idx]);
    return *out ? SC_OK : SC_ENOMEM;
}

static int canon_set(char **out, sc_ctx *ctx, const sc_column_def *col, const char *text)
{
    uint64_t bits = 0;
    sc_buf b;
    const char *p = text;

    while (*p) {
        size_t len = strcspn(p, ",");
        size_t idx;
        if (len > 0) {
            if (!element_index(col, p, len, &idx))
                return SC_EINVAL;
            bits |= (uint64_t)1 << idx;
        }
        p += len;
        if (*p == ',')
            p++;
    }
    sc__buf_init(&b, ctx);
    sc__buf_puts(&b, "");
    for (size_t i = 0; i < col->n_elements && i < 64; i++) {
        if (!(bits & ((uint64_t)1 << i)))
            continue;
        if (b.len)
            sc__buf_putc(&b, ',');
        sc__buf_puts(&b, col->elements[i]);
    }
    return sc__buf_finish(out, &b);
}

/* INET4 / INET6 / UUID literals: validated, printed in canonical form. */
static int canon_special(char **out, sc_ctx *ctx, sc_coltype t, const char *text)
{
    char buf[64];
    unsigned char bin[16];

    if (t == SC_TYPE_INET4 || t == SC_TYPE_INET6) {
        int af = t == SC_TYPE_INET4 ? AF_INET : AF_INET6;
        if (inet_pton(af, text, bin) != 1 || !inet_ntop(af, bin, buf, sizeof(buf)))
            return SC_EINVAL;
    } else {
        /* 32 hex digits, hyphens anywhere between pairs; printed 8-4-4-4-12 */
        size_t n = 0;
        for (const char *p = text; *p; p++) {
            if (*p == '-')
                continue;
            if (!isxdigit((unsigned char)*p) || n >= 32)
                return SC_EINVAL;
            buf[n++] = (char)tolower((unsigned char)*p);
        }
        if (n != 32)
            return SC_EINVAL;
        {
            char fmt[40];
            snprintf(fmt, sizeof(fmt), "%.8s-%.4s-%.4s-%.4s-%.12s", buf, buf + 8, buf + 12,
                     buf + 16, buf + 20);
            memcpy(buf, fmt, 37);
        }
    }
    *out = dup(ctx, buf);
    return *out ? SC_OK : SC_ENOMEM;
}

/* ZEROFILL values are stored zero-padded to the display width. */
static int zero_pad(char **out, sc_ctx *ctx, const sc_column_def *col)
{
    size_t width = col->length + (col->type == SC_TYPE_DECIMAL && col->scale ? 1 : 0);
    size_t len = strlen(*out);
    char *p;

    if (len >= width)
        return SC_OK;
    p = sc__malloc(ctx, width + 1);
    if (!p)
        return SC_ENOMEM;
    memset(p, '0', width - len);
    memcpy(p + width - len, *out, len + 1);
    sc_free(ctx, *out);
    *out = p;
    return SC_OK;
}

int sc_type__canon_default(
    char **out, sc_ctx *ctx, const sc_column_def *col, const char *text, bool is_string)
{
    int rc;

    *out = NULL;
    if ((col->flags & SC_COL_ZEROFILL) &&
        (sc_type__is_integer(col->type) || col->type == SC_TYPE_DECIMAL)) {
        rc = col->type == SC_TYPE_DECIMAL ? canon_decimal(out, ctx, col, text)
                                          : canon_integer(out, ctx, col, text);
        return rc == SC_OK ? zero_pad(out, ctx, col) : rc;
    }
    switch (col->type) {
    case SC_TYPE_TINYINT:
    case SC_TYPE_SMALLINT:
    case SC_TYPE_MEDIUMINT:
    case SC_TYPE_INT:
    case SC_TYPE_BIGINT:
        return canon_integer(out, ctx, col, text);
    case SC_TYPE_DECIMAL:
        return canon_decimal(out, ctx, col, text);
    case SC_TYPE_FLOAT:
    case SC_TYPE_DOUBLE:
        return canon_float(out, ctx, col, text);
    case SC_TYPE_BIT:
        return canon_bit(out, ctx, col, text, is_string);
    case SC_TYPE_YEAR:
        return canon_year(out, ctx, text);
    case SC_TYPE_DATE:
    case SC_TYPE_DATETIME:
    case SC_TYPE_TIMESTAMP:
        return canon_datetime(out, ctx, col, text);
    case SC_TYPE_TIME:
        return canon_time(out, ctx, col, text);
    case SC_TYPE_ENUM:
        return canon_enum(out, ctx, col, text, is_string);
    case SC_TYPE_SET:
        return canon_set(out, ctx, col, text);
    case SC_TYPE_CHAR:
    case SC_TYPE_VARCHAR:
        if (sc_charset__utf8_chars(text) > col->length)
            return SC_EINVAL;
        if (col->type == SC_TYPE_CHAR) {
            /* CHAR values are space-padded: trailing spaces do not survive */
            size_t n = strlen(text);
            while (n && text[n - 1] == ' ')
                n--;
            *out = sc__strndup(ctx, text, n);
            return *out ? SC_OK : SC_ENOMEM;
        }
        break;
    case SC_TYPE_BINARY:
    case SC_TYPE_VARBINARY: {
        /* bytes, with NUL carried as C0 80 (see ddl/exec_table.c encode_nul) */
        size_t n = 0, len = strlen(text);
        for (size_t i = 0; i < len; i++, n++)
            if ((unsigned char)text[i] == 0xC0 && (unsigned char)text[i + 1] == 0x80)
                i++;
        if (n > col->length)
            return SC_EINVAL;
        if (col->type == SC_TYPE_BINARY && n < col->length) {
            /* BINARY(n) values are padded with zero bytes */
            char *p = sc__malloc(ctx, len + 2 * (col->length - n) + 1);
            if (!p)
                return SC_ENOMEM;
            memcpy(p, text, len);
            for (size_t i = n; i < col->length; i++) {
                p[len++] = (char)0xC0;
                p[len++] = (char)0x80;
            }
            p[len] = '\0';
            *out = p;
            return SC_OK;
        }
        break;
    }
    case SC_TYPE_INET4:
    case SC_TYPE_INET6:
    case SC_TYPE_UUID:
        return canon_special(out, ctx, col->type, text);
    default:
        if (sc_type__is_spatial(col->type))
            return SC_EINVAL;
        break;
    }
    *out = dup(ctx, text);
    return *out ? SC_OK : SC_ENOMEM;
}
