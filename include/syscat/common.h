/*
 * syscat/common.h - types shared by every syscat module: visibility macro,
 * byte slices, the context handle (allocator + last error) and sc_free().
 *
 * Every public function that can fail returns int: SC_OK (0) or a negative
 * sc_err value (syscat/error.h); details are read from the sc_ctx the call
 * ran under. Design: docs/architecture.md.
 */
#ifndef SYSCAT_COMMON_H
#define SYSCAT_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define SC_API __attribute__((visibility("default")))
#define SC_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define SC_API
#define SC_PRINTF(fmt, args)
#endif

/** A borrowed run of bytes (like MDB_val). Never owns its data. */
typedef struct sc_slice {
    const uint8_t *data; /* first byte, may be NULL when len == 0 */
    size_t len;          /* number of bytes */
} sc_slice;

/**
 * Allocator hook. All syscat allocations go through it, so tests can fail
 * the Nth allocation (SQLite's fault-injection idea).
 */
typedef struct sc_allocator {
    void *(*malloc_fn)(size_t size, void *payload);
    void *(*realloc_fn)(void *ptr, size_t size, void *payload);
    void (*free_fn)(void *ptr, void *payload);
    void *payload;
} sc_allocator;

/** Options for sc_ctx_new(). Start from SC_CTX_OPTIONS_INIT. */
typedef struct sc_ctx_options {
    unsigned version;              /* SC_CTX_OPTIONS_VERSION */
    const sc_allocator *allocator; /* NULL = malloc/realloc/free */
} sc_ctx_options;

#define SC_CTX_OPTIONS_VERSION 1
#define SC_CTX_OPTIONS_INIT                                                                        \
    {                                                                                              \
        SC_CTX_OPTIONS_VERSION, NULL                                                               \
    }

/**
 * The context handle: allocator and the last error. One per thread; every
 * handle (catalog, session, log reader...) is created under one and reports
 * its errors into it.
 */
typedef struct sc_ctx sc_ctx;

/**
 * Create a context.
 * @param[out] out  the new context; free with sc_ctx_free()
 * @param[in]  opts options or NULL for defaults
 * @return SC_OK, SC_ENOMEM, SC_EINVAL (unknown options version)
 */
SC_API int sc_ctx_new(sc_ctx **out, const sc_ctx_options *opts);

/**
 * Length of the well-formed UTF-8 character at s: 1 to 4 bytes, or 0 when the
 * bytes there are not one (overlong forms, surrogates, code points past
 * U+10FFFF and truncated sequences are not); avail bytes are readable at s (0: returns 0).
 */
SC_API size_t sc_utf8_char_len(const unsigned char *s, size_t avail);

/** Free a context (NULL is fine). Handles created under it must be freed first. */
SC_API void sc_ctx_free(sc_ctx *ctx);

/**
 * Receiver of notices: what a call says while it waits or works, which is
 * not an error (e.g. "waiting for the catalog write lock held by another
 * process (pid 123)"). The CLI prints them on stderr.
 */
typedef void (*sc_notice_fn)(const char *message, void *payload);

/**
 * Install the notice receiver of ctx (NULL: none, the default: notices are dropped).
 * @param[in] fn      called with a NUL-terminated message, valid during the call only
 * @param[in] payload passed to fn
 */
SC_API void sc_ctx_set_notice(sc_ctx *ctx, sc_notice_fn fn, void *payload);

/** Free memory that a syscat function returned through an out parameter. */
SC_API void sc_free(sc_ctx *ctx, void *ptr);

/** The syscat version string ("0.1.0"). */
SC_API const char *sc_version(void);

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_COMMON_H */
