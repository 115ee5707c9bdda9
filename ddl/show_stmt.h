/*
 * show_stmt.h - internals of the SHOW / DESCRIBE / information_schema
 * statement layer (ddl/show_stmt*.c, ddl/show_eval.c): pattern matching,
 * the evaluation of WHERE conditions over result set rows and the ORDER BY
 * comparison.
 */
#ifndef SC_DDL_SHOW_STMT_H
#define SC_DDL_SHOW_STMT_H

#include <stdbool.h>
#include <stddef.h>

#include "ddl/exec.h"
#include "ddl/resultset.h"
#include "catalog/try.h"

/**
 * SQL LIKE: does s[0..n) match pattern p[0..pn) ('%' any run, '_' one
 * character, escape before a literal % _ or itself)? Characters are UTF-8
 * sequences; ci folds ASCII letters (utf8mb3_general_ci on names; other
 * letters compare exactly).
 */
bool sc_show__like(const char *s, size_t n, const char *p, size_t pn, char escape, bool ci);

/** Compare strings as utf8mb3_general_ci does (ASCII folded, trailing spaces ignored), or
 *  byte for byte when binary. @return <0, 0, >0 */
int sc_show__strcoll(const char *a, size_t an, const char *b, size_t bn, bool binary);

/** A column reference of a bound expression and the builder column it reads. */
typedef struct sc_show_bind {
    const sc_expr *e;
    size_t col;
    struct sc_show_bind *next;
} sc_show_bind;

/** Evaluation state of one expression over the rows of one builder. */
typedef struct sc_show_eval {
    sc_exec *x;
    const sc_rs *src;        /* the rows */
    const char *sql;         /* statement text (expression spans index it) */
    const char *clause;      /* "WHERE", "SELECT", "ORDER BY": for 1054 */
    const char *table_name;  /* the table as written: qualifies columns (t.c) */
    const char *table_alias; /* or its alias */
    /* column name -> builder column, -1 when unknown */
    long (*resolve)(const struct sc_show_eval *ev, const char *name);
    const void *payload; /* for resolve */
    sc_show_bind *binds; /* filled by sc_show__bind (arena memory) */
} sc_show_eval;

/** Resolve the columns of e and refuse what cannot be evaluated (1054, 1235). */
int sc_show__bind(sc_show_eval *ev, const sc_expr *e);
/** Is e true for row (NULL and false are not)? */
int sc_show__test(bool *out, sc_show_eval *ev, const sc_expr *e, size_t row);
/** ORDER BY order of rows ra and rb on column col (NULL first, numbers as numbers). */
int sc_show__compare_rows(const sc_rs *src, size_t col, size_t ra, size_t rb);

#endif /* SC_DDL_SHOW_STMT_H */
