/*
 * show_stmt.h - internals of the SHOW / DESCRIBE / information_schema
 * statement layer (ddl/show_stmt*.c, ddl/show_eval.c): pattern matching and
 * the evaluation of WHERE conditions over result set rows.
 */
#ifndef SC_DDL_SHOW_STMT_H
#define SC_DDL_SHOW_STMT_H

#include <stdbool.h>
#include <stddef.h>

#include "ddl/exec.h"
#include "ddl/resultset.h"

/**
 * SQL LIKE: does s[0..n) match pattern p[0..pn) ('%' any run, '_' one
 * character, escape before a literal % _ or itself)? Characters are UTF-8
 * sequences; ci folds ASCII letters (utf8mb3_general_ci on names; other
 * letters compare exactly).
 */
bool sc_show__like(const char *s, size_t n, const char *p, size_t pn, char escape, bool ci);

#endif /* SC_DDL_SHOW_STMT_H */
