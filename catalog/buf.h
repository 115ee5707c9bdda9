/*
 * buf.h - the one growable byte buffer of syscat, catalog level so every
 * module uses it: catalog keys and packed rows, ddl/ SQL text (SHOW CREATE,
 * expressions, session values), replicate/ binlog events.
 *
 * Invariants (checked by sc__buf_check() in debug builds):
 *  - data is NULL exactly when cap is 0, and len < cap whenever data is set
 *    (there is always room for the NUL);
 *  - the append functions keep data[len] a NUL, so `text` is a C string
 *    (a writer that fills reserved bytes itself and moves len does not);
 *  - `failed` is sticky: once an allocation failed (SC_ENOMEM set on ctx),
 *    every append is dropped until sc__buf_reset()/sc__buf_free(), so a
 *    writer may append many times and check once (sc__buf_finish or failed).
 * Memory comes from the ctx allocator, so fault injection reaches it.
 */
#ifndef SC_CATALOG_BUF_H
#define SC_CATALOG_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syscat/common.h"
#include "syscat/error.h"

typedef struct sc_buf {
    sc_ctx *ctx; /* allocator and error sink */
    union {
        uint8_t *data; /* the bytes (owned); NULL while nothing was reserved */
        char *text;    /* the same bytes as NUL-terminated text */
    };
    size_t len;  /* bytes used, without the trailing NUL */
    size_t cap;  /* bytes allocated */
    bool failed; /* an allocation failed (sticky) */
} sc_buf;

#define SC_BUF_INIT(ctx)                                                                           \
    {                                                                                              \
        (ctx), {NULL}, 0, 0, false                                                                 \
    }

/** Start an empty buffer allocating through ctx. */
void sc__buf_init(sc_buf *b, sc_ctx *ctx);
/** Free the memory and empty the buffer (ctx is kept; NULL data is fine). */
void sc__buf_free(sc_buf *b);
/** Empty the buffer for reuse: keep its memory, clear `failed`. */
void sc__buf_reset(sc_buf *b);
/**
 * Make room for n more bytes (plus the NUL).
 * @return the write position (data + len), or NULL with `failed` set
 */
uint8_t *sc__buf_reserve(sc_buf *b, size_t n);
/** Reserve n bytes and count them as used; the caller fills them. NULL on failure. */
uint8_t *sc__buf_append(sc_buf *b, size_t n);
/** Append n bytes. @return SC_OK or SC_ENOMEM */
int sc__buf_put(sc_buf *b, const void *src, size_t n);
/** Append a NUL-terminated string. @return SC_OK or SC_ENOMEM */
int sc__buf_puts(sc_buf *b, const char *s);
/** Append one byte. @return SC_OK or SC_ENOMEM */
int sc__buf_putc(sc_buf *b, char c);
/** Append printf-style text. @return SC_OK or SC_ENOMEM */
int sc__buf_printf(sc_buf *b, const char *fmt, ...) SC_PRINTF(2, 3);
/** sc__buf_printf with a va_list (ap is consumed). @return SC_OK or SC_ENOMEM */
int sc__buf_vprintf(sc_buf *b, const char *fmt, va_list ap) SC_PRINTF(2, 0);
/**
 * Hand the text to the caller (free with sc_free(ctx, *out); "" when nothing
 * was written) and empty the buffer.
 * @return SC_OK, or SC_ENOMEM (set on ctx, buffer freed, *out NULL) when an
 *         append failed
 */
int sc__buf_finish(char **out, sc_buf *b);

#ifdef SC_DEBUG
#include <assert.h>
/** Assert the invariants above (debug builds only). */
static inline void sc__buf_check(const sc_buf *b)
{
    assert(b->ctx != NULL);
    assert((b->data == NULL) == (b->cap == 0));
    assert(!b->data || b->len < b->cap);
}
#else
#define sc__buf_check(b) ((void)0)
#endif

#endif /* SC_CATALOG_BUF_H */
