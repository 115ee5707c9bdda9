/*
 * show_stmt_int.h - the query pipeline shared by the SHOW statements and
 * SELECT from information_schema (ddl/show_stmt.c, ddl/show_select.c,
 * ddl/show_stmt_misc.c).
 *
 * sc_show__run materialises one information_schema table within a scope
 * into a builder, lets `prepare` choose the output columns (it sees the
 * table's columns), keeps the rows that pass the LIKE and the WHERE, sorts
 * them (stable: ties keep the table's order), applies the LIMIT and copies
 * the chosen columns into the statement's result set.
 */
#ifndef SC_DDL_SHOW_STMT_INT_H
#define SC_DDL_SHOW_STMT_INT_H

#include "ddl/infoschema.h"
#include "ddl/show_stmt.h"

typedef struct sc_query sc_query;

struct sc_query {
    sc_is_table table;
    sc_is_scope scope;
    /* output: table columns and the names they get */
    size_t *out_col;
    const char **out_name; /* NULL entries: the table column's own name (the builder's
                              strings move while it fills, so it is read at the end) */
    size_t n_out;
    const char *first_name;    /* SHOW: the first output column's name (Tables_in_db...) */
    const char *table_written; /* SELECT: `table` of the metadata (as written, or alias) */
    const char *table_alias;   /* SELECT: alias that qualifies columns */
    /* filters */
    const char *like_col;
    const sc_ast_str *like;
    bool like_ci;
    const sc_expr *where;
    bool where_on_output; /* SHOW ... WHERE names the output columns */
    /* order and limit */
    size_t *order_col;
    const bool *order_desc;
    size_t n_order;
    bool order_first;  /* SHOW: sort on the first output column */
    bool binary_order; /* compare bytes, not utf8mb3_general_ci */
    bool has_limit;
    uint64_t limit, offset;
    /* SELECT COUNT(*): one row, the count under each of the out_name[] names */
    bool count_star;
    /* choose outputs and order once the table's columns are known */
    int (*prepare)(sc_exec *x, sc_query *q, const sc_rs *src);
    const void *payload;
};

/** Run q: the statement's result set (x->rs) on success. */
int sc_show__run(sc_exec *x, sc_query *q);
/** SELECT ... FROM information_schema.T (ddl/show_select.c). */
int sc_show__select(sc_exec *x, const sc_ast_select *sel);
/** SHOW CREATE, SHOW WARNINGS/ERRORS (ddl/show_stmt_misc.c). */
int sc_show__misc(sc_exec *x, const sc_ast_show *st);

#endif /* SC_DDL_SHOW_STMT_INT_H */
