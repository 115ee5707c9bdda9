/*
 * decode.h - internals of the binlog decoder (public API in
 * syscat/replicate.h: sc_binlog_rows_*, sc_binlog_value_text,
 * sc_binlog_decode): the plain text forms, for the listing and JSON
 * renderers (decode_list.c) and for tests. Format: docs/binlog-decode.md.
 */
#ifndef SC_REPLICATE_DECODE_H
#define SC_REPLICATE_DECODE_H

#include "catalog/buf.h"
#include "replicate/rowfmt.h"

/** Append the plain text of a value (SC_FORM_PLAIN). @return SC_OK, SC_ENOMEM */
int sc_decode__plain(sc_buf *b, const sc_binlog_value *v, const sc_binlog_column *c);

/** Append the SQL type of a column (SC_FORM_PLAIN). @return SC_OK, SC_ENOMEM */
int sc_decode__sql_type(sc_buf *b, const sc_binlog_column *c);

/**
 * Append the rows of an iterator as `mariadb-binlog -vv` prints them (the
 * `###` lines; print_verbose of MariaDB's log_event_client.cc), nrows set to
 * the rows printed. On an error the lines of the rows before stay in b.
 * @return SC_OK, SC_ECORRUPT, SC_ENOMEM
 */
int sc_decode__rows_text(sc_buf *b, size_t *nrows, sc_binlog_rows *it);

#endif /* SC_REPLICATE_DECODE_H */
