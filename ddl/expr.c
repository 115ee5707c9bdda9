/*
 * expr.c - MariaDB-exact printing of expression trees (see expr.h) and the
 * sc_buf helper. Work in progress: buffer only.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "ddl/expr.h"

static int buf_grow(sc_buf *b, size_t extra)
{
    size_t need = b->len + extra + 1, cap;
    char *p;

    if (b->failed)
        return SC_ENOMEM;
    if (need <= b->cap)
        return SC_OK;
    cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    p = sc__realloc(b->ctx, b->data, cap);
    if (!p) {
        b->failed = true;
        return SC_ENOMEM;
    }
    b->data = p;
    b->cap = cap;
    return SC_OK;
}

int sc_buf_put(sc_buf *b, const char *s, size_t len)
{
    if (buf_grow(b, len) != SC_OK)
        return SC_ENOMEM;
    if (len)
        memcpy(b->data + b->len, s, len);
    b->len += len;
    b->data[b->len] = '\0';
    return SC_OK;
}

int sc_buf_puts(sc_buf *b, const char *s)
{
    return sc_buf_put(b, s, strlen(s));
}

int sc_buf_putc(sc_buf *b, char c)
{
    return sc_buf_put(b, &c, 1);
}

int sc_buf_printf(sc_buf *b, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || buf_grow(b, (size_t)n) != SC_OK)
        return SC_ENOMEM;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return SC_OK;
}

char *sc_buf_detach(sc_buf *b)
{
    char *p = b->data;

    if (!p && !b->failed)
        p = sc__strdup(b->ctx, "");
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = false;
    return p;
}

void sc_buf_clear(sc_buf *b)
{
    sc_free(b->ctx, b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = false;
}
