/*
 * frm_wvalue.c - literal DEFAULT values written into the default record of
 * a .frm file: the inverse of frm_value.c. The catalog keeps a literal
 * default as its canonical text (sc_type__canon_default); here it becomes
 * the bytes MariaDB's Field_*::store writes into the record (sql/field.cc):
 * integers little-endian, FLOAT/DOUBLE IEEE, DECIMAL binary, the packed
 * temporal "2" formats, strings in the column's character set, ENUM index,
 * SET mask, BIT big-endian with the odd bits among the null bits.
 * Layouts: docs/frm.md ("Default record and extra block").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "frm/frm_write_int.h"

static void put_le(uint8_t *p, uint64_t v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_be(uint8_t *p, uint64_t v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[n - 1 - i] = (uint8_t)(v >> (8 * i));
}

static int bad_value(sc_ctx *ctx, const sc_column_def *c)
{
    return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                        "column '%s': default value '%s' cannot be stored as a .frm record value",
                        c->name, c->default_value ? c->default_value : "");
}

/* ------------------------------------------------------------------ */
/* Numbers                                                              */

static const unsigned dig2bytes[10] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};

size_t sc_frm__decimal_size(unsigned prec, unsigned scale)
{
    unsigned intg = prec - scale;

    return (intg / 9) * 4 + dig2bytes[intg % 9] + (scale / 9) * 4 + dig2bytes[scale % 9];
}

/* Digits [from, from + n) of s as a number (missing digits are 0). */
static uint32_t digits_at(const char *s, size_t len, size_t from, size_t n)
{
    uint32_t v = 0;

    for (size_t i = 0; i < n; i++)
        v = v * 10 + (from + i < len ? (uint32_t)(s[from + i] - '0') : 0);
    return v;
}

static int decimal_store(uint8_t *p, const char *text, unsigned prec, unsigned scale)
{
    unsigned intg = prec - scale;
    bool neg = text[0] == '-';
    const char *s = text + (neg || text[0] == '+'), *dot = strchr(s, '.');
    size_t ilen = dot ? (size_t)(dot - s) : strlen(s), flen = dot ? strlen(dot + 1) : 0;
    size_t n = sc_frm__decimal_size(prec, scale), pos = 0;
    char ibuf[80];

    if (ilen > intg || intg >= sizeof ibuf)
        return SC_EINVAL;
    /* integer digits right-aligned in intg places */
    memset(ibuf, '0', intg);
    memcpy(ibuf + intg - ilen, s, ilen);
    if (intg % 9) {
        put_be(p, digits_at(ibuf, intg, 0, intg % 9), dig2bytes[intg % 9]);
        pos = dig2bytes[intg % 9];
    }
    for (unsigned i = 0; i < intg / 9; i++, pos += 4)
        put_be(p + pos, digits_at(ibuf, intg, intg % 9 + 9 * i, 9), 4);
    for (unsigned i = 0; i < scale / 9; i++, pos += 4)
        put_be(p + pos, digits_at(dot ? dot + 1 : "", flen, 9 * i, 9), 4);
    if (scale % 9)
        put_be(p + pos, digits_at(dot ? dot + 1 : "", flen, 9 * (scale / 9), scale % 9),
               dig2bytes[scale % 9]);
    for (size_t i = 0; neg && i < n; i++)
        p[i] ^= 0xFF;
    p[0] ^= 0x80;
    return SC_OK;
}

static int int_store(uint8_t *p, size_t n, const char *text, bool is_unsigned)
{
    char *end;
    uint64_t v;

    if (is_unsigned)
        v = strtoull(text, &end, 10);
    else
        v = (uint64_t)strtoll(text, &end, 10);
    if (end == text || *end)
        return SC_EINVAL;
    put_le(p, v, n);
    return SC_OK;
}

static int float_store(uint8_t *p, const char *text, bool is_double)
{
    char *end;
    double d = strtod(text, &end);

    if (end == text || *end)
        return SC_EINVAL;
    if (is_double) {
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        put_le(p, bits, 8);
    } else {
        float f = (float)d;
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        put_le(p, bits, 4);
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Temporal values                                                      */

static size_t frac_bytes(unsigned scale)
{
    return (scale + 1) / 2;
}

/* The fraction digits after '.' as microseconds. */
static uint32_t usec_of(const char *frac)
{
    uint32_t v = 0;
    size_t i = 0;

    for (; i < 6 && frac && frac[i] >= '0' && frac[i] <= '9'; i++)
        v = v * 10 + (uint32_t)(frac[i] - '0');
    for (; i < 6; i++)
        v *= 10;
    return v;
}

static void frac_store(uint8_t *p, uint32_t usec, unsigned scale)
{
    switch (frac_bytes(scale)) {
    case 1:
        p[0] = (uint8_t)(usec / 10000);
        break;
    case 2:
        put_be(p, usec / 100, 2);
        break;
    case 3:
        put_be(p, usec, 3);
        break;
    default:
        break;
    }
}

static int date_store(uint8_t *p, const char *text)
{
    unsigned y, m, d;

    if (sscanf(text, "%u-%u-%u", &y, &m, &d) != 3)
        return SC_EINVAL;
    put_le(p, d | m << 5 | y << 9, 3);
    return SC_OK;
}

static int datetime_store(uint8_t *p, const char *text, unsigned scale)
{
    unsigned y, mo, d, h = 0, mi = 0, s = 0;
    uint64_t ymd, hms, v;

    if (sscanf(text, "%u-%u-%u %u:%u:%u", &y, &mo, &d, &h, &mi, &s) < 3)
        return SC_EINVAL;
    ymd = ((uint64_t)(y * 13 + mo) << 5) | d;
    hms = (uint64_t)h << 12 | mi << 6 | s;
    v = (ymd << 17 | hms) + 0x8000000000ull;
    put_be(p, v, 5);
    frac_store(p + 5, usec_of(strchr(text, '.') ? strchr(text, '.') + 1 : NULL), scale);
    return SC_OK;
}

static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (int64_t)doe - 719468;
}

/* TIMESTAMP: seconds since the epoch; the text is in UTC (the pinned time zone). */
static int timestamp_store(uint8_t *p, const char *text, unsigned scale)
{
    unsigned y, mo, d, h = 0, mi = 0, s = 0;
    int64_t secs;

    if (sscanf(text, "%u-%u-%u %u:%u:%u", &y, &mo, &d, &h, &mi, &s) < 3)
        return SC_EINVAL;
    secs = y == 0 ? 0 : days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
    put_be(p, (uint64_t)secs, 4);
    frac_store(p + 4, usec_of(strchr(text, '.') ? strchr(text, '.') + 1 : NULL), scale);
    return SC_OK;
}

static int time_store(uint8_t *p, const char *text, unsigned scale)
{
    bool neg = text[0] == '-';
    unsigned h = 0, m = 0, s = 0;
    size_t fb = frac_bytes(scale);
    uint32_t usec = usec_of(strchr(text, '.') ? strchr(text, '.') + 1 : NULL);
    int64_t packed, frac;

    if (sscanf(text + neg, "%u:%u:%u", &h, &m, &s) != 3)
        return SC_EINVAL;
    frac = fb == 1 ? usec / 10000 : fb == 2 ? usec / 100 : fb == 3 ? usec : 0;
    packed = (((int64_t)h << 12 | m << 6 | s) << (8 * fb)) + frac;
    if (neg)
        packed = -packed;
    put_be(p, (uint64_t)(packed + ((int64_t)0x800000 << (8 * fb))), 3 + fb);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Strings                                                              */

static const uint16_t cp1252_hi[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

static size_t utf8_next(uint32_t *cp, const uint8_t *s, size_t n)
{
    if (s[0] < 0x80 || n < 2) {
        *cp = s[0];
        return 1;
    }
    if (s[0] < 0xE0) {
        *cp = (uint32_t)(s[0] & 31) << 6 | (s[1] & 63);
        return 2;
    }
    if (s[0] < 0xF0 && n >= 3) {
        *cp = (uint32_t)(s[0] & 15) << 12 | (uint32_t)(s[1] & 63) << 6 | (s[2] & 63);
        return 3;
    }
    *cp = 0xFFFD;
    return n >= 4 ? 4 : n;
}

static int latin1_byte(uint8_t *out, uint32_t cp)
{
    if (cp < 0x80 || (cp >= 0xA0 && cp <= 0xFF)) {
        *out = (uint8_t)cp;
        return 1;
    }
    for (unsigned i = 0; i < 32; i++)
        if (cp1252_hi[i] == cp) {
            *out = (uint8_t)(0x80 + i);
            return 1;
        }
    if (cp >= 0x80 && cp < 0xA0) {
        *out = (uint8_t)cp;
        return 1;
    }
    return 0;
}

/* Catalog text (UTF-8, NUL as C0 80) to the bytes of charset cs; *n in: room, out: used. */
int sc_frm__text_bytes(uint8_t *out, size_t *n, const char *cs, const char *text)
{
    const uint8_t *s = (const uint8_t *)text;
    size_t len = strlen(text), k = 0;
    bool latin1 = strcmp(cs, "latin1") == 0;
    bool raw = strcmp(cs, "binary") == 0 || strncmp(cs, "utf8", 4) == 0 || strcmp(cs, "ascii") == 0;

    if (!latin1 && !raw)
        return SC_EINVAL;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        if (s[i] == 0xC0 && i + 1 < len && s[i + 1] == 0x80) {
            cp = 0;
            i += 2;
            if (k >= *n)
                return SC_EINVAL;
            out[k++] = 0;
            continue;
        }
        if (raw) {
            if (k >= *n)
                return SC_EINVAL;
            out[k++] = s[i++];
            continue;
        }
        i += utf8_next(&cp, s + i, len - i);
        if (k >= *n || !latin1_byte(out + k, cp))
            return SC_EINVAL;
        k++;
    }
    *n = k;
    return SC_OK;
}

static int string_store(uint8_t *p, const frm_wcol *w)
{
    const sc_column_def *c = w->col;
    const char *cs = c->charset ? c->charset : "binary";
    bool varchar = w->type == FRM_T_VARCHAR;
    size_t lb = varchar ? (w->length > 255 ? 2 : 1) : 0, n = w->length;
    int rc = sc_frm__text_bytes(p + lb, &n, cs, c->default_value);

    if (rc != SC_OK)
        return rc;
    if (varchar)
        put_le(p, n, lb);
    else if (strcmp(cs, "binary") != 0)
        memset(p + n, ' ', w->length - n);
    return SC_OK;
}

static int enum_store(uint8_t *p, const frm_wcol *w)
{
    const sc_column_def *c = w->col;
    size_t bytes = w->pack_length;

    for (size_t i = 0; i < c->n_elements; i++)
        if (strcmp(c->elements[i], c->default_value) == 0) {
            put_le(p, i + 1, bytes);
            return SC_OK;
        }
    if (*c->default_value)
        return SC_EINVAL;
    put_le(p, 0, bytes);
    return SC_OK;
}

static int set_store(uint8_t *p, const frm_wcol *w)
{
    const sc_column_def *c = w->col;
    const char *s = c->default_value;
    uint64_t mask = 0;

    while (*s) {
        const char *e = strchr(s, ',');
        size_t n = e ? (size_t)(e - s) : strlen(s), i;
        for (i = 0; i < c->n_elements; i++)
            if (strlen(c->elements[i]) == n && memcmp(c->elements[i], s, n) == 0)
                break;
        if (i == c->n_elements || i >= 64)
            return SC_EINVAL;
        mask |= (uint64_t)1 << i;
        s += n + (e != NULL);
    }
    put_le(p, mask, w->pack_length);
    return SC_OK;
}

static int bit_store(uint8_t *rec, uint8_t *p, const frm_wcol *w)
{
    char *end;
    uint64_t v = strtoull(w->col->default_value, &end, 2) /* canonical BIT text: binary digits */;
    unsigned whole = w->length / 8, odd = w->length & 7;

    if (end == w->col->default_value || *end)
        return SC_EINVAL;
    if (w->bit_as_char) {
        put_be(p, v, w->pack_length);
        return SC_OK;
    }
    put_be(p, v, whole);
    if (odd) {
        unsigned bits = (unsigned)(v >> (8 * whole)) & ((1u << odd) - 1);
        bool two = w->bit_ofs + odd > 8;
        unsigned cur = rec[w->bit_byte] | (two ? (unsigned)rec[w->bit_byte + 1] << 8 : 0);
        cur &= ~(((1u << odd) - 1) << w->bit_ofs);
        cur |= bits << w->bit_ofs;
        rec[w->bit_byte] = (uint8_t)cur;
        if (two)
            rec[w->bit_byte + 1] = (uint8_t)(cur >> 8);
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                          */

static int store_value(uint8_t *rec, uint8_t *p, const frm_wcol *w)
{
    const sc_column_def *c = w->col;
    const char *t = c->default_value;

    switch (w->type) {
    case FRM_T_TINY:
    case FRM_T_SHORT:
    case FRM_T_INT24:
    case FRM_T_LONG:
    case FRM_T_LONGLONG:
        return int_store(p, w->pack_length, t, c->flags & SC_COL_UNSIGNED);
    case FRM_T_YEAR: {
        unsigned y = (unsigned)atoi(t);
        p[0] = (uint8_t)(y ? y - 1900 : 0);
        return SC_OK;
    }
    case FRM_T_FLOAT:
    case FRM_T_DOUBLE:
        return float_store(p, t, w->type == FRM_T_DOUBLE);
    case FRM_T_NEWDECIMAL:
        return decimal_store(p, t, c->length, c->scale);
    case FRM_T_NEWDATE:
        return date_store(p, t);
    case FRM_T_DATETIME2:
        return datetime_store(p, t, c->scale);
    case FRM_T_TIMESTAMP2:
        return timestamp_store(p, t, c->scale);
    case FRM_T_TIME2:
        return time_store(p, t, c->scale);
    case FRM_T_STRING:
    case FRM_T_VARCHAR:
        return string_store(p, w);
    case FRM_T_ENUM:
        return enum_store(p, w);
    case FRM_T_SET:
        return set_store(p, w);
    case FRM_T_BIT:
        return bit_store(rec, p, w);
    default:
        return SC_EINVAL;
    }
}

int sc_frm__store_default(sc_ctx *ctx, uint8_t *rec, const frm_wcol *w)
{
    uint8_t *p = rec + w->offset;

    /* the value a column without a literal default holds: Field::reset() */
    memset(p, 0, w->pack_length);
    switch (w->type) {
    case FRM_T_STRING:
        if (w->col->charset)
            memset(p, ' ', w->pack_length);
        break;
    case FRM_T_NEWDECIMAL:
    case FRM_T_TIME2:
    case FRM_T_DATETIME2:
        p[0] = 0x80; /* zero in the sign-flipped formats */
        break;
    case FRM_T_ENUM:
        if (!w->nullable)
            p[0] = 1; /* the first value */
        break;
    default:
        break;
    }
    if (w->col->default_kind != SC_DEFAULT_LITERAL || w->col->generated)
        return SC_OK;
    if (store_value(rec, p, w) != SC_OK)
        return bad_value(ctx, w->col);
    if (w->nullable)
        rec[w->null_byte] &= (uint8_t) ~(1u << w->null_bit);
    return SC_OK;
}
