/*
 * syscat/error.h - one error enum, one error struct, MariaDB numbers where
 * they exist (STYLE.md section 4).
 *
 * A failing call sets the error on its sc_ctx where the failure is detected
 * and returns the code unchanged up the stack. mysql_errno/sqlstate are the
 * server's (1146/42S02 for a missing table...) or 0/"" when none applies;
 * the message reads like the server's, so the CLI can print
 * "ERROR 1146 (42S02): Table 'db.t' doesn't exist".
 */
#ifndef SYSCAT_ERROR_H
#define SYSCAT_ERROR_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes. Only failures a caller branches on get their own code. */
typedef enum sc_err {
    SC_OK = 0,
    SC_ERROR = -1,      /* generic failure; see the message */
    SC_ENOTFOUND = -2,  /* no such schema/table/row */
    SC_EEXISTS = -3,    /* name or key already taken */
    SC_ESYNTAX = -4,    /* SQL or argument syntax */
    SC_ECORRUPT = -5,   /* undecodable row, event or file */
    SC_ENOMEM = -6,     /* allocation failed */
    SC_EIO = -7,        /* LMDB or file system failure */
    SC_EFULL = -8,      /* LMDB map full (catalog unchanged) */
    SC_EINVAL = -9,     /* invalid argument or definition */
    SC_EVERSION = -10,  /* catalog or file of a newer, unsupported format */
    SC_EBUSY = -11,     /* a write transaction is already open on this handle */
    SC_EREADONLY = -12, /* write attempted in a read-only transaction */
    SC_ESQL = -13,      /* SQL-level error with a MariaDB errno (see sc_error) */
} sc_err;

/** Details of the last failure on a context. */
typedef struct sc_error {
    int code;             /* sc_err value, SC_OK when there was no error */
    unsigned mysql_errno; /* MariaDB error number, 0 when none applies */
    char sqlstate[6];     /* 5-character SQLSTATE + NUL, "" when none applies */
    char message[512];    /* human-readable text, server-style */
} sc_error;

/**
 * The last error set on ctx. Borrowed: valid until the next failing call on ctx.
 * Never NULL; code is SC_OK when nothing failed since sc_ctx_clear_error().
 */
SC_API const sc_error *sc_ctx_last_error(const sc_ctx *ctx);

/** Forget the last error (code becomes SC_OK). */
SC_API void sc_ctx_clear_error(sc_ctx *ctx);

/**
 * Record an error on ctx and return code, so callers can write
 * `return sc_error_set(ctx, SC_EEXISTS, 1050, "42S01", "Table '%s' already exists", t);`
 * sqlstate may be NULL (stored as "").
 */
SC_API int sc_error_set(
    sc_ctx *ctx, int code, unsigned mysql_errno, const char *sqlstate, const char *fmt, ...)
    SC_PRINTF(5, 6);

/**
 * Route the reports meant for `shared` to `own` on the calling thread: from
 * now on, on this thread, every error set on `shared` (and every notice sent
 * to it) goes to `own`, and sc_ctx_last_error()/sc_ctx_clear_error() on
 * `shared` read and clear `own`. A catalog handle reports into the one ctx it
 * was opened under; a thread that reads the catalog beside the handle's own
 * thread (syscat serve's reader threads) routes that ctx to a ctx of its own,
 * so that errors of one thread never show in another's. `own` NULL ends the
 * routing. Allocation still goes through `shared`'s allocator, which must then
 * be thread-safe (the default one is).
 */
SC_API void sc_ctx_route_thread(const sc_ctx *shared, sc_ctx *own);

/** A static description of a code ("not found", "map full"...). Never NULL. */
SC_API const char *sc_strerror(int code);

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_ERROR_H */
