/*
 * frm_value.c - literal DEFAULT values read from the default record of a
 * .frm file, turned into the literal text the DDL module canonicalises
 * (sc_type__canon_default), so a default read from a file and one typed in
 * a CREATE TABLE end up as the same catalog text.
 *
 * Record layouts (MariaDB sql/field.cc, the Field_*::store/val_* pairs):
 * integers little-endian; FLOAT/DOUBLE IEEE little-endian; DECIMAL in the
 * binary decimal format (9 digits per 4 big-endian bytes, sign bit
 * flipped, negatives inverted); DATE 3 bytes (day | month << 5 | year <<
 * 9); TIME/DATETIME/TIMESTAMP in the big-endian packed "2" formats with
 * fractional bytes; YEAR 1 byte (+1900); CHAR padded; VARCHAR with a 1 or
 * 2 byte length; ENUM a 1/2 byte index; SET a bit mask; BIT big-endian
 * bytes plus the odd bits kept among the null bits (docs/frm.md).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "frm/frm_int.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static uint64_t be_uint(const uint8_t *p, size_t n)
{
    uint64_t v = 0;

    for (size_t i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}

static uint64_t le_uint(const uint8_t *p, size_t n)
{
    uint64_t v = 0;

    for (size_t i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

static int fmt(char **out, sc_arena *a, const char *text)
{
    *out = sc__arena_strndup(a, text, strlen(text));
    return *out ? SC_OK : SC_ENOMEM;
}

/* Fraction digits (scale) as MariaDB keeps them: 1-2 -> 1 byte, 3-4 -> 2, 5-6 -> 3. */
static size_t frac_bytes(unsigned scale)
{
    return (scale + 1) / 2;
}

static void append_frac(char *buf, size_t size, uint32_t usec, unsigned scale)
{
    char frac[8];

    if (!scale)
        return;
    snprintf(frac, sizeof frac, "%06u", usec);
    snprintf(buf + strlen(buf), size - strlen(buf), ".%.*s", (int)scale, frac);
}

/* The fraction as microseconds from its big-endian bytes. */
static uint32_t frac_usec(const uint8_t *p, unsigned scale)
{
    switch (frac_bytes(scale)) {
    case 1:
        return p[0] * 10000u;
    case 2:
        return (uint32_t)be_uint(p, 2) * 100u;
    case 3:
        return (uint32_t)be_uint(p, 3);
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Numbers                                                              */

static int int_text(char **out, sc_arena *a, const uint8_t *p, size_t n, bool is_unsigned)
{
    char buf[32];
    uint64_t v = le_uint(p, n);

    if (!is_unsigned && n < 8 && (v >> (8 * n - 1)) & 1)
        v |= ~(uint64_t)0 << (8 * n);
    if (is_unsigned)
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    else
        snprintf(buf, sizeof buf, "%lld", (long long)v);
    return fmt(out, a, buf);
}

static int float_text(char **out, sc_arena *a, const uint8_t *p, bool is_double)
{
    char buf[64];

    if (is_double) {
        double d;
        uint64_t bits = le_uint(p, 8);
        memcpy(&d, &bits, sizeof d);
        snprintf(buf, sizeof buf, "%.17g", d);
    } else {
        float f;
        uint32_t bits = (uint32_t)le_uint(p, 4);
        memcpy(&f, &bits, sizeof f);
        snprintf(buf, sizeof buf, "%.9g", (double)f);
    }
    return fmt(out, a, buf);
}

static const unsigned dig2bytes[10] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};

/* Binary DECIMAL(prec, scale) of decimal_bin_size() bytes at p. */
static size_t decimal_size(unsigned prec, unsigned scale)
{
    unsigned intg = prec - scale;
    return (intg / 9) * 4 + dig2bytes[intg % 9] + (scale / 9) * 4 + dig2bytes[scale % 9];
}

static void put_digits(char *buf, size_t size, uint32_t v, unsigned width, bool *started)
{
    char tmp[16];

    if (!*started && v == 0)
        return;
    if (*started)
        snprintf(tmp, sizeof tmp, "%0*u", (int)width, v);
    else
        snprintf(tmp, sizeof tmp, "%u", v);
    snprintf(buf + strlen(buf), size - strlen(buf), "%s", tmp);
    *started = true;
}

static int decimal_text(char **out, sc_arena *a, const uint8_t *src, unsigned prec, unsigned scale)
{
    uint8_t b[40];
    char buf[160] = "";
    size_t n = decimal_size(prec, scale), pos = 0;
    unsigned intg = prec - scale;
    bool neg = !(src[0] & 0x80), started = false;

    memcpy(b, src, n);
    b[0] ^= 0x80;
    for (size_t i = 0; neg && i < n; i++)
        b[i] ^= 0xFF;
    if (neg)
        strcpy(buf, "-");
    if (intg % 9) {
        put_digits(buf, sizeof buf, (uint32_t)be_uint(b, dig2bytes[intg % 9]), intg % 9, &started);
        pos += dig2bytes[intg % 9];
    }
    for (unsigned i = 0; i < intg / 9; i++, pos += 4)
        put_digits(buf, sizeof buf, (uint32_t)be_uint(b + pos, 4), 9, &started);
    if (!started)
        strcat(buf, "0");
    if (scale)
        strcat(buf, ".");
    for (unsigned i = 0; i < scale / 9; i++, pos += 4)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%09u",
                 (unsigned)be_uint(b + pos, 4));
    if (scale % 9)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%0*u", (int)(scale % 9),
                 (unsigned)be_uint(b + pos, dig2bytes[scale % 9]));
    return fmt(out, a, buf);
}

/* ------------------------------------------------------------------ */
/* Temporal values                                                      */

static int date_text(char **out, sc_arena *a, const uint8_t *p)
{
    char buf[32];
    uint32_t v = sc_frm__u24(p);

    snprintf(buf, sizeof buf, "%04u-%02u-%02u", v >> 9, (v >> 5) & 15, v & 31);
    return fmt(out, a, buf);
}

static int datetime_text(char **out, sc_arena *a, const uint8_t *p, unsigned scale)
{
    char buf[48];
    uint64_t v = be_uint(p, 5) - 0x8000000000ull;
    uint64_t ymd = v >> 17, ym = ymd >> 5, hms = v & 0x1FFFF;

    snprintf(buf, sizeof buf, "%04u-%02u-%02u %02u:%02u:%02u", (unsigned)(ym / 13),
             (unsigned)(ym % 13), (unsigned)(ymd & 31), (unsigned)(hms >> 12),
             (unsigned)((hms >> 6) & 63), (unsigned)(hms & 63));
    append_frac(buf, sizeof buf, frac_usec(p + 5, scale), scale);
    return fmt(out, a, buf);
}

/* TIMESTAMP: seconds since the epoch, shown in UTC (the pinned time zone). */
static int timestamp_text(char **out, sc_arena *a, const uint8_t *p, unsigned scale)
{
    char buf[48];
    time_t secs = (time_t)be_uint(p, 4);
    struct tm tm;

    if (secs == 0) {
        strcpy(buf, "0000-00-00 00:00:00");
    } else {
        gmtime_r(&secs, &tm);
        strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    }
    append_frac(buf, sizeof buf, frac_usec(p + 4, scale), scale);
    return fmt(out, a, buf);
}

static int time_text(char **out, sc_arena *a, const uint8_t *p, unsigned scale)
{
    char buf[48];
    size_t fb = frac_bytes(scale);
    int64_t packed = (int64_t)be_uint(p, 3 + fb) - ((int64_t)0x800000 << (8 * fb));
    int64_t usec_total, hms;
    bool neg = packed < 0;
    uint32_t usec;

    /* scale the fraction to microseconds: packed = (hms << 8*fb) + frac */
    if (neg)
        packed = -packed;
    hms = packed >> (8 * fb);
    usec_total = packed & ((1ll << (8 * fb)) - 1);
    usec = fb == 1   ? (uint32_t)usec_total * 10000u
           : fb == 2 ? (uint32_t)usec_total * 100u
                     : (uint32_t)usec_total;
    snprintf(buf, sizeof buf, "%s%02u:%02u:%02u", neg ? "-" : "", (unsigned)((hms >> 12) & 0x3FF),
             (unsigned)((hms >> 6) & 63), (unsigned)(hms & 63));
    append_frac(buf, sizeof buf, usec, scale);
    return fmt(out, a, buf);
}

/* ------------------------------------------------------------------ */
/* Strings                                                              */

/* cp1252 (MariaDB's latin1) bytes 0x80-0x9F as Unicode; 0 = undefined. */
static const uint16_t cp1252_hi[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

static size_t put_utf8(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 63));
        return 2;
    }
    o[0] = (char)(0xE0 | cp >> 12);
    o[1] = (char)(0x80 | ((cp >> 6) & 63));
    o[2] = (char)(0x80 | (cp & 63));
    return 3;
}

/* Bytes of a column value in charset cs as catalog text (UTF-8; NUL as C0 80). */
static int bytes_text(char **out,
                      sc_arena *a,
                      const frm_rd *rd,
                      const char *cs,
                      const uint8_t *p,
                      size_t n,
                      const char *col)
{
    bool latin1 = strcmp(cs, "latin1") == 0;
    bool raw = strcmp(cs, "binary") == 0 || strncmp(cs, "utf8", 4) == 0 || strcmp(cs, "ascii") == 0;
    char *o = sc__arena_alloc(a, n * 3 + 1);
    size_t k = 0;

    if (!o)
        return SC_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = p[i];
        if (c == 0) {
            o[k++] = (char)0xC0;
            o[k++] = (char)0x80;
        } else if (c < 0x80 || raw) {
            o[k++] = (char)c;
        } else if (latin1) {
            k += put_utf8(o + k, c >= 0xA0 ? c : cp1252_hi[c - 0x80] ? cp1252_hi[c - 0x80] : c);
        } else {
            return sc_error_set(rd->ctx, SC_EINVAL, 0, NULL,
                                "%s: column '%s': default value in character set %s cannot be "
                                "converted to UTF-8",
                                rd->file, col, cs);
        }
    }
    o[k] = 0;
    *out = o;
    return SC_OK;
}

static int enum_text(char **out,
                     const frm_image *im,
                     const frm_field *f,
                     const uint8_t *p,
                     size_t n,
                     const frm_rd *rd)
{
    size_t idx = (size_t)le_uint(p, n), count = im->interval_counts[f->interval - 1];

    if (idx > count)
        return sc_frm__corrupt(rd, (size_t)(p - rd->p),
                               "column '%s': ENUM default %zu of %zu values", f->name, idx, count);
    *out = (char *)(idx == 0 ? "" : im->intervals[f->interval - 1][idx - 1]);
    return SC_OK;
}

static int set_text(
    char **out, sc_arena *a, const frm_image *im, const frm_field *f, const uint8_t *p, size_t n)
{
    uint64_t mask = le_uint(p, n);
    size_t count = im->interval_counts[f->interval - 1], len = 1;
    char *o;

    for (size_t i = 0; i < count; i++)
        len += strlen(im->intervals[f->interval - 1][i]) + 1;
    if (!(o = sc__arena_calloc(a, len)))
        return SC_ENOMEM;
    for (size_t i = 0; i < count && i < 64; i++) {
        if (!((mask >> i) & 1))
            continue;
        if (*o)
            strcat(o, ",");
        strcat(o, im->intervals[f->interval - 1][i]);
    }
    *out = o;
    return SC_OK;
}

static size_t set_bytes(size_t count)
{
    size_t n = (count + 7) / 8;
    return n > 4 ? 8 : n;
}

/* ------------------------------------------------------------------ */
/* BIT                                                                  */

static int
bit_text(char **out, sc_arena *a, const frm_image *im, const frm_field *f, const uint8_t *p)
{
    char buf[32];
    unsigned odd = f->length & 7;
    uint64_t v;

    if (f->pack_flag & FRM_PF_BIT_AS_CHAR) { /* InnoDB, MEMORY: all bits in the record bytes */
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)be_uint(p, (f->length + 7) / 8));
        return fmt(out, a, buf);
    }
    v = be_uint(p, f->length / 8);

    if (odd) {
        uint32_t two = f->bit_byte + 1 < im->reclength ? sc_frm__u16(im->record + f->bit_byte)
                                                       : im->record[f->bit_byte];
        v |= (uint64_t)((two >> f->bit_ofs) & ((1u << odd) - 1)) << (8 * (f->length / 8));
    }
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    return fmt(out, a, buf);
}

/* ------------------------------------------------------------------ */
/* Entry point                                                          */

/* Bytes the value takes in the record. */
static size_t value_size(const frm_image *im, const frm_field *f, const sc_column_def *col)
{
    switch (f->type) {
    case FRM_T_TINY:
    case FRM_T_YEAR:
        return 1;
    case FRM_T_SHORT:
        return 2;
    case FRM_T_INT24:
    case FRM_T_NEWDATE:
        return 3;
    case FRM_T_LONG:
    case FRM_T_FLOAT:
        return 4;
    case FRM_T_LONGLONG:
    case FRM_T_DOUBLE:
        return 8;
    case FRM_T_NEWDECIMAL:
        return decimal_size(col->length, col->scale);
    case FRM_T_TIMESTAMP2:
        return 4 + frac_bytes(col->scale);
    case FRM_T_DATETIME2:
        return 5 + frac_bytes(col->scale);
    case FRM_T_TIME2:
        return 3 + frac_bytes(col->scale);
    case FRM_T_BIT:
        return (f->pack_flag & FRM_PF_BIT_AS_CHAR) ? (f->length + 7) / 8 : f->length / 8;
    case FRM_T_ENUM:
        return im->interval_counts[f->interval - 1] > 255 ? 2 : 1;
    case FRM_T_SET:
        return set_bytes(im->interval_counts[f->interval - 1]);
    case FRM_T_VARCHAR:
        return (f->length > 255 ? 2 : 1) + f->length;
    default:
        return f->length;
    }
}

static int string_value(char **out,
                        bool *is_string,
                        sc_arena *a,
                        const frm_field *f,
                        const sc_column_def *col,
                        const uint8_t *p,
                        const frm_rd *rd)
{
    const char *cs = col->charset ? col->charset : "binary";
    size_t n = f->length;

    *is_string = true;
    if (f->type == FRM_T_VARCHAR) {
        size_t lb = f->length > 255 ? 2 : 1;
        n = lb == 2 ? sc_frm__u16(p) : p[0];
        if (n > f->length)
            return sc_frm__corrupt(rd, (size_t)(p - rd->p),
                                   "column '%s': VARCHAR default of %zu "
                                   "bytes, longer than the column (%u)",
                                   col->name, n, f->length);
        p += lb;
    } else if (strcmp(cs, "binary") != 0) {
        while (n && p[n - 1] == ' ')
            n--;
    }
    return bytes_text(out, a, rd, cs, p, n, col->name);
}

int sc_frm__default_text(char **out,
                         bool *is_string,
                         sc_arena *a,
                         const frm_image *im,
                         const frm_field *f,
                         const sc_column_def *col,
                         const frm_rd *rd)
{
    size_t off = f->recpos ? f->recpos - 1 : 0, n = value_size(im, f, col);
    const uint8_t *p = im->record + off;
    bool uns = col->flags & SC_COL_UNSIGNED;

    *is_string = false;
    if (f->recpos == 0 || off > im->reclength || n > im->reclength - off)
        return sc_frm__corrupt(rd, (size_t)(im->record - rd->p) + off,
                               "column '%s': value of %zu bytes outside the default record",
                               col->name, n);
    switch (f->type) {
    case FRM_T_TINY:
    case FRM_T_SHORT:
    case FRM_T_INT24:
    case FRM_T_LONG:
    case FRM_T_LONGLONG:
        return int_text(out, a, p, n, uns);
    case FRM_T_FLOAT:
    case FRM_T_DOUBLE:
        return float_text(out, a, p, f->type == FRM_T_DOUBLE);
    case FRM_T_NEWDECIMAL:
        /* MariaDB's limits (DECIMAL(65, 38)): beyond them the binary form
         * outgrows decimal_text's buffer, and only a damaged file has them */
        if (col->length > 65 || col->scale > 38 || col->scale > col->length)
            return sc_frm__corrupt(rd, (size_t)(im->record - rd->p) + off,
                                   "column '%s': DECIMAL(%u,%u) beyond DECIMAL(65,38)", col->name,
                                   (unsigned)col->length, (unsigned)col->scale);
        return decimal_text(out, a, p, col->length, col->scale);
    case FRM_T_YEAR: {
        char buf[8];
        snprintf(buf, sizeof buf, "%04u", p[0] ? 1900u + p[0] : 0u);
        return fmt(out, a, buf);
    }
    case FRM_T_NEWDATE:
        *is_string = true;
        return date_text(out, a, p);
    case FRM_T_DATETIME2:
        *is_string = true;
        return datetime_text(out, a, p, col->scale);
    case FRM_T_TIMESTAMP2:
        *is_string = true;
        return timestamp_text(out, a, p, col->scale);
    case FRM_T_TIME2:
        *is_string = true;
        return time_text(out, a, p, col->scale);
    case FRM_T_BIT:
        return bit_text(out, a, im, f, p);
    case FRM_T_ENUM:
        *is_string = true;
        return enum_text(out, im, f, p, n, rd);
    case FRM_T_SET:
        *is_string = true;
        return set_text(out, a, im, f, p, n);
    default:
        return string_value(out, is_string, a, f, col, p, rd);
    }
}
