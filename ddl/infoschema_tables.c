/*
 * infoschema_tables.c - the information_schema tables with a row per
 * table, column, index part or constraint: TABLES, COLUMNS, STATISTICS,
 * KEY_COLUMN_USAGE, REFERENTIAL_CONSTRAINTS, TABLE_CONSTRAINTS,
 * CHECK_CONSTRAINTS; values as MariaDB 10.11 gives them for InnoDB tables.
 */
#include <string.h>

#include "catalog/catalog_int.h"
#include "ddl/infoschema_int.h"

int sc_is__fill_tables(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope)
{
    (void)b;
    (void)scope;
    return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, sc_is__name(t));
}
