/*
 * infoschema.h - the information_schema tables syscat answers, built from
 * the catalog on demand (ddl/infoschema*.c), and the fixed column sets of
 * the SHOW statements that are not projections of one (SHOW CREATE, SHOW
 * WARNINGS).
 *
 * As in MariaDB, SHOW statements are queries on these tables: SHOW TABLES
 * reads TABLE_NAMES, SHOW COLUMNS reads COLUMNS, SHOW INDEX reads
 * STATISTICS..., renaming the columns. A table is materialised whole into a
 * result set builder (ddl/resultset.h) with every column, then filtered,
 * sorted and projected (ddl/show_stmt.c, ddl/infoschema_select.c). Column
 * metadata comes from ddl/infoschema.def, recorded from MariaDB 10.11.
 */
#ifndef SC_DDL_INFOSCHEMA_H
#define SC_DDL_INFOSCHEMA_H

#include "ddl/exec.h"
#include "ddl/resultset.h"

typedef enum sc_is_table {
#define SC_IS_TABLE(T) SC_IS_##T,
#define SC_IS_COL(T, NAME, TYPE, LEN, FLAGS, CS, DEC)
#include "ddl/infoschema.def"
#undef SC_IS_TABLE
#undef SC_IS_COL
    SC_IS_TABLE_NAMES, /* SHOW TABLES' source (not selectable in MariaDB either) */
    SC_IS__COUNT
} sc_is_table;

/** What a fill may skip: rows outside these never reach the filter. */
typedef struct sc_is_scope {
    const char *schema; /* only this database (exact name), or NULL for all */
    const char *table;  /* only this table of it, or NULL for all */
    bool show;          /* values as SHOW prints them (COLUMNS: unquoted defaults) */
    bool full;          /* SHOW FULL (TABLE_NAMES: system tables as SYSTEM VIEW) */
    bool global;        /* SESSION_VARIABLES with the global values (SHOW GLOBAL VARIABLES
                           reads them under that table's name, as MariaDB does) */
} sc_is_scope;

/** The table named name (any case), or -1. */
int sc_is__find(const char *name);
/** The canonical (upper-case) name of table t. */
const char *sc_is__name(sc_is_table t);
/** Add every column of table t to b, in order. */
int sc_is__columns(sc_rs *b, sc_is_table t);
/**
 * Add the rows of table t within scope to b (whose columns are t's).
 * @return SC_OK, an error of the catalog, SC_ENOMEM
 */
int sc_is__fill(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope);

/** Is catalog table table_id a view (ddl/infoschema_objects.c)? */
bool sc_is__is_view(sc_exec *x, uint64_t table_id);
/** SHOW CREATE TRIGGER db.name into b: its seven columns and row, or 1360. */
int sc_is__show_create_trigger(sc_rs *b, sc_exec *x, const char *db, const char *name);

/** Add the two columns of SHOW CREATE TABLE/DATABASE/...: names a and b, no origin. */
int sc_is__show_create_columns(sc_rs *b, const char *a, const char *bname);

#endif /* SC_DDL_INFOSCHEMA_H */
