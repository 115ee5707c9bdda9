/*
 * type_sql.c - sc_column_type_sql(): a column's type text as DESCRIBE /
 * SHOW COLUMNS print it (the same text SHOW CREATE TABLE prints before the
 * attributes), for tools that must not keep their own copy of the rules.
 */
#include <string.h>

#include "syscat/ddl.h"
#include "ddl/show.h"
#include "ddl/types.h"

int sc_column_type_sql(char **out, sc_ctx *ctx, const sc_column_def *col)
{
    sc_column_def c;
    sc_buf b;

    *out = NULL;
    if (!col || (int)col->type <= SC_TYPE_NONE || col->type >= SC_TYPE__COUNT)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "sc_column_type_sql: no column type");
    /* A definition built through the C API may leave the width to MariaDB's
     * default (int(11), decimal(10,0), char(1), year(4)): print it. */
    c = *col;
    if (!c.length)
        c.length =
            sc_type__default_length(c.type, (c.flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) != 0);
    sc__buf_init(&b, ctx);
    sc_type__render(&b, &c);
    return sc__buf_finish(out, &b);
}

const char *sc_coltype_name(sc_coltype type)
{
    const char *name = sc_type__name(type);

    return *name ? name : "unknown";
}
