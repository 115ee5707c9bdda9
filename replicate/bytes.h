/*
 * bytes.h - byte-level helpers of the binlog codec: little- and big-endian
 * integers of 1..8 bytes, MySQL length-encoded ("packed") integers, a
 * bounds-checked read cursor and integer writers on the shared sc_buf.
 *
 * Rules (STYLE.md 7): every field group is written and read by one helper;
 * no struct casts, no unaligned loads. The cursor never reads past its end:
 * a short read sets `bad` and yields zeros, so a decoder checks once per
 * field group instead of once per byte. Formats: docs/log-format.md.
 */
#ifndef SC_REPLICATE_BYTES_H
#define SC_REPLICATE_BYTES_H

#include <string.h>

#include "syscat/common.h"
#include "syscat/error.h"
#include "catalog/buf.h"

/* ------------------------------------------------------------------ */
/* Fixed-width stores and loads                                         */

static inline void sc_put_uintle(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static inline uint64_t sc_get_uintle(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static inline void sc_put_uintbe(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[n - 1 - i] = (uint8_t)(v >> (8 * i));
}

static inline uint64_t sc_get_uintbe(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = (v << 8) | p[i];
    return v;
}

static inline void sc_put_u16le(uint8_t *p, uint16_t v)
{
    sc_put_uintle(p, v, 2);
}
static inline void sc_put_u24le(uint8_t *p, uint32_t v)
{
    sc_put_uintle(p, v, 3);
}
static inline void sc_put_u32le(uint8_t *p, uint32_t v)
{
    sc_put_uintle(p, v, 4);
}
static inline void sc_put_u48le(uint8_t *p, uint64_t v)
{
    sc_put_uintle(p, v, 6);
}
static inline void sc_put_u64le(uint8_t *p, uint64_t v)
{
    sc_put_uintle(p, v, 8);
}
static inline uint16_t sc_get_u16le(const uint8_t *p)
{
    return (uint16_t)sc_get_uintle(p, 2);
}
static inline uint32_t sc_get_u24le(const uint8_t *p)
{
    return (uint32_t)sc_get_uintle(p, 3);
}
static inline uint32_t sc_get_u32le(const uint8_t *p)
{
    return (uint32_t)sc_get_uintle(p, 4);
}
static inline uint64_t sc_get_u48le(const uint8_t *p)
{
    return sc_get_uintle(p, 6);
}
static inline uint64_t sc_get_u64le(const uint8_t *p)
{
    return sc_get_uintle(p, 8);
}

/** Bytes a length-encoded integer takes: <251 one byte, then FC+u16, FD+u24, FE+u64. */
static inline size_t sc_lenenc_size(uint64_t v)
{
    if (v < 251)
        return 1;
    if (v <= 0xFFFF)
        return 3;
    if (v <= 0xFFFFFF)
        return 4;
    return 9;
}

/* ------------------------------------------------------------------ */
/* Read cursor                                                          */

/** A bounds-checked reader over borrowed bytes. */
typedef struct sc_rd {
    const uint8_t *p;   /* next byte */
    const uint8_t *end; /* one past the last byte */
    bool bad;           /* a read ran past end (sticky) */
} sc_rd;

static inline sc_rd sc_rd_init(sc_slice s)
{
    sc_rd rd = {s.data, s.data + s.len, false};
    if (!s.data)
        rd.p = rd.end = (const uint8_t *)"";
    return rd;
}

static inline size_t sc_rd_left(const sc_rd *rd)
{
    return (size_t)(rd->end - rd->p);
}

/** Take n bytes (a borrowed slice); on a short read sets bad and returns an empty slice. */
static inline sc_slice sc_rd_bytes(sc_rd *rd, size_t n)
{
    sc_slice s = {NULL, 0};
    if (rd->bad || n > sc_rd_left(rd)) {
        rd->bad = true;
        return s;
    }
    s.data = rd->p;
    s.len = n;
    rd->p += n;
    return s;
}

/** The rest of the input as a slice (never fails). */
static inline sc_slice sc_rd_rest(sc_rd *rd)
{
    return sc_rd_bytes(rd, sc_rd_left(rd));
}

static inline uint64_t sc_rd_uintle(sc_rd *rd, unsigned n)
{
    sc_slice s = sc_rd_bytes(rd, n);
    return s.len ? sc_get_uintle(s.data, n) : 0;
}

static inline uint64_t sc_rd_uintbe(sc_rd *rd, unsigned n)
{
    sc_slice s = sc_rd_bytes(rd, n);
    return s.len ? sc_get_uintbe(s.data, n) : 0;
}

static inline uint8_t sc_rd_u8(sc_rd *rd)
{
    return (uint8_t)sc_rd_uintle(rd, 1);
}
static inline uint16_t sc_rd_u16le(sc_rd *rd)
{
    return (uint16_t)sc_rd_uintle(rd, 2);
}
static inline uint32_t sc_rd_u32le(sc_rd *rd)
{
    return (uint32_t)sc_rd_uintle(rd, 4);
}
static inline uint64_t sc_rd_u48le(sc_rd *rd)
{
    return sc_rd_uintle(rd, 6);
}
static inline uint64_t sc_rd_u64le(sc_rd *rd)
{
    return sc_rd_uintle(rd, 8);
}

/** Read a length-encoded integer. 0xFB (SQL NULL in the protocol) and 0xFF are invalid here. */
static inline uint64_t sc_rd_lenenc(sc_rd *rd)
{
    uint8_t b = sc_rd_u8(rd);
    switch (b) {
    case 0xFC:
        return sc_rd_uintle(rd, 2);
    case 0xFD:
        return sc_rd_uintle(rd, 3);
    case 0xFE:
        return sc_rd_uintle(rd, 8);
    case 0xFB:
    case 0xFF:
        rd->bad = true;
        return 0;
    default:
        return b;
    }
}

/* ------------------------------------------------------------------ */
/* Write buffer                                                         */

/* On top of the one growable buffer (catalog/buf.h): a failed append sets
 * `failed` (sticky, SC_ENOMEM on ctx) and drops the write, so an encoder
 * checks once at the end. */

static inline void sc_buf_uintle(sc_buf *b, uint64_t v, unsigned n)
{
    uint8_t *p = sc__buf_append(b, n);
    if (p)
        sc_put_uintle(p, v, n);
}

static inline void sc_buf_uintbe(sc_buf *b, uint64_t v, unsigned n)
{
    uint8_t *p = sc__buf_append(b, n);
    if (p)
        sc_put_uintbe(p, v, n);
}

static inline void sc_buf_u8(sc_buf *b, uint8_t v)
{
    sc_buf_uintle(b, v, 1);
}

/** Write a length-encoded integer in its shortest form. */
static inline void sc_buf_lenenc(sc_buf *b, uint64_t v)
{
    if (v < 251) {
        sc_buf_u8(b, (uint8_t)v);
    } else if (v <= 0xFFFF) {
        sc_buf_u8(b, 0xFC);
        sc_buf_uintle(b, v, 2);
    } else if (v <= 0xFFFFFF) {
        sc_buf_u8(b, 0xFD);
        sc_buf_uintle(b, v, 3);
    } else {
        sc_buf_u8(b, 0xFE);
        sc_buf_uintle(b, v, 8);
    }
}

#endif /* SC_REPLICATE_BYTES_H */
