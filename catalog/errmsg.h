/*
 * errmsg.h - MariaDB's errors as syscat reports them, from the one table in
 * catalog/errmsg.def (drawn in docs/architecture.md: catalog/ owns it, ddl/
 * and replicate/ use it through catalog/catalog_int.h's layer rule).
 *
 * Every entry SC_ER_<NAME> is a macro for three arguments - errno,
 * SQLSTATE, printf format - so it stands in their place in any setter and
 * the compiler still checks the arguments against the format:
 *
 *   return sc_error_set(ctx, SC_ENOTFOUND, SC_ER_NO_SUCH_TABLE, db, name);
 *   return sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, col, "CHECK");       (ddl/)
 *
 * The macros are generated into catalog/errmsg_gen.h from the .def (tests/
 * lint-errmsg.sh --update; the lint fails when they differ).
 */
#ifndef SC_CATALOG_ERRMSG_H
#define SC_CATALOG_ERRMSG_H

#include "catalog/errmsg_gen.h"

/** Set a MariaDB error from the table: sc_error_set_er(ctx, code, SC_ER_NAME, args...). */
#define sc_error_set_er(ctx, code, ...) sc_error_set((ctx), (code), __VA_ARGS__)

#endif /* SC_CATALOG_ERRMSG_H */
