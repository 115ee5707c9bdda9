/*
 * print.h - text renderings of decoded rows events, byte-compatible with
 * `mariadb-binlog -vv --base64-output=decode-rows` (the `###` lines):
 *
 *   ### INSERT INTO `db`.`t`
 *   ### SET
 *   ###   @1=5 (INT meta=0 nullable=0 is_null=0, inside a C comment)
 *
 * The formats per type follow log_event_print_value() of MariaDB's
 * sql/log_event_client.cc and are checked against every rows event of the
 * oracle corpus (tests/check_replicate_reader.c). Output goes to an sc_buf.
 */
#ifndef SC_REPLICATE_PRINT_H
#define SC_REPLICATE_PRINT_H

#include "replicate/rowfmt.h"

/**
 * Append the `###` lines of one rows event: images decoded from the event
 * with the table map tm.
 * @return SC_OK, SC_ENOMEM
 */
int sc_print__rows(sc_buf *b, const sc_ev_table_map *tm, const sc_ev_rows *r, const sc_rows *rows);

/** The line mariadb-binlog prints for a rows event whose table was never mapped. */
int sc_print__unknown_table(sc_buf *b, uint64_t table_id);

/** Append one value as mariadb-binlog prints it (no type comment). */
int sc_print__value(sc_buf *b, const sc_binlog_value *v, const sc_binlog_column *c);

/** Append the type comment text ("DECIMAL(10,2)", "VARSTRING(80)"...) of a column. */
int sc_print__type(sc_buf *b, const sc_binlog_column *c);

#endif /* SC_REPLICATE_PRINT_H */
