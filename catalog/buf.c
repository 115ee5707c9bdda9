/*
 * buf.c - the growable byte buffer (catalog/buf.h): one implementation for
 * catalog keys and rows, DDL text and binlog events.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "catalog/buf.h"

void sc__buf_init(sc_buf *b, sc_ctx *ctx)
{
    memset(b, 0, sizeof(*b));
    b->ctx = ctx;
}

void sc__buf_free(sc_buf *b)
{
    if (b->data)
        sc_free(b->ctx, b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = false;
}

void sc__buf_reset(sc_buf *b)
{
    b->len = 0;
    b->failed = false;
    if (b->data)
        b->data[0] = '\0';
}

static bool grow(sc_buf *b, size_t n)
{
    size_t cap = b->cap ? b->cap : 256;
    uint8_t *p;

    while (cap - b->len <= n) {
        if (cap > SIZE_MAX / 2) {
            b->failed = true;
            sc_error_set(b->ctx, SC_ENOMEM, 0, NULL, "buffer too large");
            return false;
        }
        cap *= 2;
    }
    p = sc__realloc(b->ctx, b->data, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

uint8_t *sc__buf_reserve(sc_buf *b, size_t n)
{
    if (b->failed)
        return NULL;
    if (n >= b->cap - b->len && !grow(b, n))
        return NULL;
    b->data[b->len + n] = '\0';
    sc__buf_check(b);
    return b->data + b->len;
}

uint8_t *sc__buf_append(sc_buf *b, size_t n)
{
    uint8_t *p = sc__buf_reserve(b, n);

    if (p)
        b->len += n;
    return p;
}

int sc__buf_put(sc_buf *b, const void *src, size_t n)
{
    uint8_t *p = sc__buf_append(b, n);

    if (!p)
        return SC_ENOMEM;
    if (n)
        memcpy(p, src, n);
    return SC_OK;
}

int sc__buf_puts(sc_buf *b, const char *s)
{
    return sc__buf_put(b, s, strlen(s));
}

int sc__buf_putc(sc_buf *b, char c)
{
    return sc__buf_put(b, &c, 1);
}

int sc__buf_vprintf(sc_buf *b, const char *fmt, va_list ap)
{
    va_list measure;
    uint8_t *p;
    int n;

    va_copy(measure, ap);
    n = vsnprintf(NULL, 0, fmt, measure);
    va_end(measure);
    if (n < 0)
        return sc_error_set(b->ctx, SC_ERROR, 0, NULL, "bad format '%s'", fmt);
    p = sc__buf_reserve(b, (size_t)n);
    if (!p)
        return SC_ENOMEM;
    vsnprintf((char *)p, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
    return SC_OK;
}

int sc__buf_printf(sc_buf *b, const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = sc__buf_vprintf(b, fmt, ap);
    va_end(ap);
    return rc;
}

int sc__buf_finish(char **out, sc_buf *b)
{
    *out = NULL;
    if (b->failed || !sc__buf_reserve(b, 0)) {
        sc__buf_free(b);
        return sc_error_set(b->ctx, SC_ENOMEM, 0, NULL, "out of memory");
    }
    *out = b->text;
    b->data = NULL;
    b->len = b->cap = 0;
    return SC_OK;
}
