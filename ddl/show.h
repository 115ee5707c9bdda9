/*
 * show.h - SHOW CREATE rendering internals. Text goes into the shared
 * sc_buf (catalog/buf.h), whose sticky `failed` lets a renderer append many
 * times and check once, at sc__buf_finish().
 */
#ifndef SC_DDL_SHOW_H
#define SC_DDL_SHOW_H

#include <stdarg.h>

#include "syscat/catalog.h"
#include "catalog/buf.h"
#include "ddl/expr.h"

/** Append `(`a`, `b`)`: backquoted names, comma and space between, in parentheses. */
void sc_show__name_list(sc_buf *b, const char *const *names, size_t n);
/** A foreign key action as InnoDB names it (SET DEFAULT reads as RESTRICT). */
const char *sc_show__fk_action(sc_fk_action a);

/** Append 'text' quoted and escaped as SHOW CREATE does ('' \\ \n \r \0 \Z). */
void sc_show__quoted(sc_buf *b, const char *s);

/**
 * Render CREATE TABLE for a definition, as MariaDB 10.11's SHOW CREATE TABLE.
 * @param[in] schema      the table's schema (printed for cross-schema FK parents)
 */
int sc_show__table(sc_buf *b, const sc_table_def *def, const char *schema);

/**
 * Render CREATE TABLE with TIMESTAMP literal defaults (kept in UTC) shown in a
 * session time zone `tz_min` minutes east of UTC, as MariaDB shows them.
 */
int sc_show__table_in_zone(sc_buf *b, const sc_table_def *def, const char *schema, int tz_min);

/** sc_show_create_table() in a session time zone (see sc_show__table_in_zone). */
int sc_show__create_table_in_zone(
    char **out, sc_txn *txn, const char *schema, const char *table, int tz_min);

/**
 * Shift 'YYYY-MM-DD HH:MM:SS[.frac]' by `minutes` into out (size >= 40).
 * @return out, or `v` itself when there is nothing to shift (0 minutes, NULL,
 *         a zero date, text of another form)
 */
const char *sc_show__timestamp_shift(char *out, const char *v, int minutes);

/** Render one column line body (`name` type ... without indentation). */
void sc_show__column(sc_buf *b, const sc_column_def *col, const sc_table_def *def);

/** Render CREATE DATABASE for a schema definition. */
void sc_show__database(sc_buf *b, const sc_schema_def *def);

#endif /* SC_DDL_SHOW_H */
