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

/** Append the `###` lines of one row (from sc_binlog_rows_next on it). @return SC_OK, SC_ENOMEM */
int sc_decode__row_text(sc_buf *b, const sc_binlog_rows *it, const sc_binlog_row *row);

/**
 * Append the rows of an iterator as `mariadb-binlog -vv` prints them (the
 * `###` lines; print_verbose of MariaDB's log_event_client.cc), nrows set to
 * the rows printed. On an error the lines of the rows before stay in b.
 * @return SC_OK, SC_ECORRUPT, SC_ENOMEM
 */
int sc_decode__rows_text(sc_buf *b, size_t *nrows, sc_binlog_rows *it);

/** The row images of an iterator's event (into the event's bytes unless it was compressed). */
sc_slice sc_decode__rows_images(const sc_binlog_rows *it);

/** The bytes of the row sc_binlog_rows_next returned last: its first image and, for an UPDATE,
 * its second (empty otherwise); slices of sc_decode__rows_images. */
void sc_decode__row_bytes(const sc_binlog_rows *it, sc_slice *first, sc_slice *second);

/** Do the event's images hold every column (binlog_row_image=FULL)? */
bool sc_decode__rows_full(const sc_binlog_rows *it);

/** Compressed event types (MariaDB log_bin_compress). */
#define SC_EV_QUERY_COMPRESSED 165
#define SC_EV_WRITE_ROWS_COMPRESSED_V1 166
#define SC_EV_DELETE_ROWS_COMPRESSED_V1 168
#define SC_EV_WRITE_ROWS_COMPRESSED 169
#define SC_EV_DELETE_ROWS_COMPRESSED 171

/** The uncompressed type of a compressed one (165 -> QUERY, 166 -> WRITE_ROWS_V1, 169 ->
 * WRITE_ROWS...); others as they are. */
int sc_decode__plain_type(uint8_t type);

/** A rows event type, compressed or not (v1, v2). */
bool sc_decode__is_rows(uint8_t type);

/**
 * The body a compressed event (165..171) would have uncompressed, into out
 * (emptied first): the uncompressed head, then the inflated zlib part
 * (MariaDB's binlog_buf_uncompress format: a 0x80|lenlen byte, the length
 * big-endian, a zlib stream). The length is checked against what zlib can
 * produce from the bytes present before anything is allocated.
 * @return SC_OK, SC_ECORRUPT ("FILE: event at offset N: compressed event: ..."), SC_ENOMEM
 */
int sc_decode__inflate(sc_buf *out,
                       sc_ctx *ctx,
                       const sc_binlog_event *ev,
                       const sc_event_fmt *fmt,
                       const sc_event_loc *loc);

#endif /* SC_REPLICATE_DECODE_H */
