/*
 * ctx.c - the context handle: allocator hook, last error and notice
 * receiver (STYLE.md 4, 9).
 *
 * No globals: every handle reports into the sc_ctx it was created under.
 * The one exception is per thread: sc_ctx_route_thread() lets a thread
 * (a server's reader) send the reports meant for a shared ctx (its catalog
 * handle's) to a ctx of its own; the routing lives in thread-local storage,
 * so no thread ever writes another thread's error.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_int.h"

static void *default_malloc(size_t size, void *payload)
{
    (void)payload;
    return malloc(size);
}

static void *default_realloc(void *ptr, size_t size, void *payload)
{
    (void)payload;
    return realloc(ptr, size);
}

static void default_free(void *ptr, void *payload)
{
    (void)payload;
    free(ptr);
}

static const sc_allocator default_allocator = {default_malloc, default_realloc, default_free, NULL};

int sc_ctx_new(sc_ctx **out, const sc_ctx_options *opts)
{
    const sc_allocator *a = &default_allocator;
    sc_ctx *ctx;

    *out = NULL;
    if (opts) {
        if (opts->version != SC_CTX_OPTIONS_VERSION)
            return SC_EINVAL;
        if (opts->allocator)
            a = opts->allocator;
    }
    ctx = a->malloc_fn(sizeof(*ctx), a->payload);
    if (!ctx)
        return SC_ENOMEM;
    memset(ctx, 0, sizeof(*ctx));
    ctx->alloc = *a;
    *out = ctx;
    return SC_OK;
}

void sc_ctx_free(sc_ctx *ctx)
{
    if (!ctx)
        return;
    ctx->alloc.free_fn(ctx, ctx->alloc.payload);
}

void *sc__malloc(sc_ctx *ctx, size_t size)
{
    void *p = ctx->alloc.malloc_fn(size ? size : 1, ctx->alloc.payload);
    if (!p)
        sc_error_set(ctx, SC_ENOMEM, 0, NULL, "out of memory (%zu bytes)", size);
    return p;
}

void *sc__calloc(sc_ctx *ctx, size_t n, size_t size)
{
    void *p;
    if (size && n > SIZE_MAX / size) {
        sc_error_set(ctx, SC_ENOMEM, 0, NULL, "allocation overflow (%zu x %zu)", n, size);
        return NULL;
    }
    p = sc__malloc(ctx, n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

void *sc__realloc(sc_ctx *ctx, void *ptr, size_t size)
{
    void *p = ctx->alloc.realloc_fn(ptr, size ? size : 1, ctx->alloc.payload);
    if (!p)
        sc_error_set(ctx, SC_ENOMEM, 0, NULL, "out of memory (%zu bytes)", size);
    return p;
}

int sc__grow(sc_ctx *ctx, void **arr, size_t *cap, size_t n, size_t elem, size_t first)
{
    size_t nc = *cap ? 2 * *cap : first;
    void *p;

    if (n < *cap)
        return SC_OK;
    if (!(p = sc__realloc(ctx, *arr, nc * elem)))
        return SC_ENOMEM;
    *arr = p;
    *cap = nc;
    return SC_OK;
}

char *sc__strnfill(char *dst, const char *s, size_t len)
{
    if (dst) {
        if (len)
            memcpy(dst, s, len);
        dst[len] = '\0';
    }
    return dst;
}

char *sc__strndup(sc_ctx *ctx, const char *s, size_t len)
{
    return sc__strnfill(sc__malloc(ctx, len + 1), s, len);
}

char *sc__strdup(sc_ctx *ctx, const char *s)
{
    return sc__strndup(ctx, s, strlen(s));
}

void sc_free(sc_ctx *ctx, void *ptr)
{
    if (ptr)
        ctx->alloc.free_fn(ptr, ctx->alloc.payload);
}

/* This thread's routing (sc_ctx_route_thread): reports for shared go to own. */
static _Thread_local struct {
    const sc_ctx *shared;
    sc_ctx *own;
} route;

void sc_ctx_route_thread(const sc_ctx *shared, sc_ctx *own)
{
    route.shared = own ? shared : NULL;
    route.own = own;
}

/* The ctx that reports for ctx land in on this thread. */
static sc_ctx *routed(const sc_ctx *ctx)
{
    return ctx && ctx == route.shared ? route.own : (sc_ctx *)(uintptr_t)ctx;
}

const sc_error *sc_ctx_last_error(const sc_ctx *ctx)
{
    return &routed(ctx)->err;
}

void sc_catalog__error_restore(sc_ctx *ctx, const sc_error *saved)
{
    if (ctx)
        routed(ctx)->err = *saved;
}

void sc_ctx_clear_error(sc_ctx *ctx)
{
    ctx = routed(ctx);
    memset(&ctx->err, 0, sizeof(ctx->err));
}

int sc_error_set(
    sc_ctx *ctx, int code, unsigned mysql_errno, const char *sqlstate, const char *fmt, ...)
{
    va_list ap;

    if (!ctx)
        return code;
    ctx = routed(ctx);
    ctx->err.code = code;
    ctx->err.mysql_errno = mysql_errno;
    snprintf(ctx->err.sqlstate, sizeof(ctx->err.sqlstate), "%s", sqlstate ? sqlstate : "");
    va_start(ap, fmt);
    vsnprintf(ctx->err.message, sizeof(ctx->err.message), fmt, ap);
    va_end(ap);
    return code;
}

void sc_ctx_set_notice(sc_ctx *ctx, sc_notice_fn fn, void *payload)
{
    ctx->notice = fn;
    ctx->notice_payload = payload;
}

void sc__notice(sc_ctx *ctx, const char *fmt, ...)
{
    char msg[512];
    va_list ap;

    ctx = routed(ctx);
    if (!ctx || !ctx->notice)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    ctx->notice(msg, ctx->notice_payload);
}

const char *sc_strerror(int code)
{
    switch (code) {
    case SC_OK:
        return "success";
    case SC_ERROR:
        return "error";
    case SC_ENOTFOUND:
        return "not found";
    case SC_EEXISTS:
        return "already exists";
    case SC_ESYNTAX:
        return "syntax error";
    case SC_ECORRUPT:
        return "corrupt data";
    case SC_ENOMEM:
        return "out of memory";
    case SC_EIO:
        return "I/O error";
    case SC_EFULL:
        return "catalog map full";
    case SC_EINVAL:
        return "invalid argument";
    case SC_EVERSION:
        return "unsupported format version";
    case SC_EBUSY:
        return "busy";
    case SC_EREADONLY:
        return "read-only transaction";
    case SC_ESQL:
        return "SQL error";
    default:
        return "unknown error code";
    }
}

const char *sc_version(void)
{
    return "0.1.0";
}
