/*
 * infoschema_int.h - helpers shared by the information_schema fills
 * (ddl/infoschema*.c): sorted name lists of databases and tables, and the
 * walk over every table in scope.
 */
#ifndef SC_DDL_INFOSCHEMA_INT_H
#define SC_DDL_INFOSCHEMA_INT_H

#include "ddl/infoschema.h"

/** A list of names owned through ctx. */
typedef struct sc_is_names {
    sc_ctx *ctx;
    char **v;
    size_t n, cap;
} sc_is_names;

int sc_is__names_add(sc_is_names *n, const char *name);
void sc_is__names_free(sc_is_names *n);
/** Database names in binary order (only that one, if it exists, when only != NULL). */
int sc_is__schema_names(sc_is_names *out, sc_exec *x, const char *only);
/** Table names of schema in binary order (only that one when only != NULL); none if no schema. */
int sc_is__table_names(sc_is_names *out, sc_exec *x, const char *schema, const char *only);

/** A per-table fill: one table t (a base table or a view) of database db. */
typedef int (*sc_is_table_fn)(
    sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope);
/**
 * Call fn for every base table within scope and view_fn for every view
 * (either may be NULL: that kind is skipped), databases and tables in binary
 * order.
 */
int sc_is__each_table(
    sc_rs *b, sc_exec *x, const sc_is_scope *scope, sc_is_table_fn fn, sc_is_table_fn view_fn);

/** Fills of the per-table tables (ddl/infoschema_tables.c) and server ones. */
int sc_is__fill_tables(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope);
int sc_is__fill_server(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope);
/** VIEWS and TRIGGERS (ddl/infoschema_objects.c). */
int sc_is__fill_objects(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope);

#endif /* SC_DDL_INFOSCHEMA_INT_H */
