/*
 * period.h - system versioning and application-time periods (MariaDB 10.11):
 * WITH SYSTEM VERSIONING, ROW START/ROW END columns, PERIOD FOR SYSTEM_TIME,
 * per-column WITH[OUT] SYSTEM VERSIONING, ADD/DROP SYSTEM VERSIONING, PERIOD
 * FOR p (s, e), WITHOUT OVERLAPS keys, with MariaDB's checks (sql/handler.cc
 * vers_check_system_fields, Table_period_info::check_field). The executor is
 * ddl/exec_period.c; the catalog keeps the table flag, the period names and
 * columns in the tables row, ROW START/END as column generation kinds, and
 * WITHOUT OVERLAPS as an index flag (include/syscat/catalog.h).
 *
 * An implicitly versioned table (no ROW START/END columns) keeps no hidden
 * columns in the catalog: MariaDB does not print them either.
 */
#ifndef SC_DDL_PERIOD_H
#define SC_DDL_PERIOD_H

#include "syscat/catalog.h"
#include "catalog/buf.h"
#include "ddl/ast.h"

struct sc_exec;
struct sc_xtable;
struct sc_xcol;

/** PERIOD FOR name (start, end); name NULL for SYSTEM_TIME. */
typedef struct sc_ast_period {
    const char *name;
    const char *start, *end;
    bool if_not_exists; /* ADD PERIOD IF NOT EXISTS */
} sc_ast_period;

/** ROW START/END and WITH[OUT] SYSTEM VERSIONING of one column definition. */
void sc_exec__period_column(struct sc_xcol *c, const sc_ast_column *ac);
/** CREATE TABLE: periods, versioning and their checks (after the columns, before the keys). */
int sc_exec__versioning_create(struct sc_exec *x,
                               struct sc_xtable *t,
                               const sc_ast_create_table *ct);
/**
 * The period part of a key: a WITHOUT OVERLAPS part must name the table's
 * application-time period (4156) and is taken out of the key parts, which
 * *out holds (a copy when it changed); *flag is set then.
 */
int sc_exec__without_overlaps(struct sc_exec *x,
                              const struct sc_xtable *t,
                              const sc_ast_index **ai,
                              bool *flag);
/** ALTER TABLE: 4119 for column changes of a versioned table, then the versioning specs. */
int sc_exec__versioning_alter(struct sc_exec *x,
                              struct sc_xtable *t,
                              const sc_ast_alter_table *at,
                              const sc_table_def *old);

/** 4119 before anything else when the ALTER would change a versioned table's columns. */
int sc_exec__versioning_precheck(struct sc_exec *x,
                                 const sc_ast_alter_table *at,
                                 const sc_table_def *old,
                                 const char *schema);
/** Explicit ROW END joins every PRIMARY/UNIQUE key (after the keys are final). */
int sc_exec__versioning_keys(struct sc_exec *x, struct sc_xtable *t);

/* SHOW CREATE TABLE pieces (ddl/show.c calls them) */
void sc_show__app_period(sc_buf *b, const sc_table_def *def, bool *first);
void sc_show__system_period(sc_buf *b, const sc_table_def *def, bool *first);

#endif /* SC_DDL_PERIOD_H */
