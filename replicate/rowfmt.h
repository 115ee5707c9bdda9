/*
 * rowfmt.h - row images of WRITE/UPDATE/DELETE rows events: the value
 * encoding of every MariaDB column type, present-column bitmaps and the
 * per-image NULL bitmaps, plus the TABLE_MAP optional metadata (signedness,
 * charsets, names...) as per-column facts.
 *
 * Usable without a binlog: the writer describes columns (sc_binlog_column),
 * builds the TABLE_MAP metadata with sc_table_map__build_metadata() and
 * encodes each row image from sc_binlog_value arrays with sc_rowfmt__encode_image().
 * Value encodings: docs/log-format.md "Row images" (from MariaDB Field::pack
 * and the oracle corpus).
 */
#ifndef SC_REPLICATE_ROWFMT_H
#define SC_REPLICATE_ROWFMT_H

#include "replicate/event.h"

/** Maximum characters of a NEWDECIMAL as text: sign, 65 digits, point, NUL. */
#define SC_DECIMAL_TEXT_MAX 70

/**
 * The type a STRING column really has (ENUM and SET are logged as STRING with
 * the real type in the metadata) and its byte length / pack length.
 */
uint8_t sc_column__real_type(const sc_binlog_column *c, unsigned *len_out);

/** Bytes of a NEWDECIMAL(prec, scale) in a row image (0 when prec/scale are invalid). */
size_t sc_decimal__bin_size(unsigned prec, unsigned scale);

/**
 * Decode a binary NEWDECIMAL to text ("-12.50"; exactly scale decimals, at
 * least one integer digit), as MariaDB's decimal2string prints it.
 * @return SC_OK, SC_ECORRUPT (a digit group out of range)
 */
int sc_decimal__to_text(char out[SC_DECIMAL_TEXT_MAX],
                        const uint8_t *bin,
                        unsigned prec,
                        unsigned scale);

/**
 * Encode decimal text into its binary form (sc_decimal__bin_size bytes).
 * @return SC_OK, SC_EINVAL (not a number, or does not fit prec/scale)
 */
int sc_decimal__from_text(uint8_t *out, sc_slice text, unsigned prec, unsigned scale);

/**
 * Decode one non-NULL value of column c from rd. Decimal text is written to
 * dec (caller storage) and v->v.str points there; byte strings borrow from rd.
 * @return SC_OK, SC_ECORRUPT (truncated or out-of-range value), SC_EINVAL (unsupported type)
 */
int sc_rowfmt__decode_value(sc_binlog_value *v,
                            sc_rd *rd,
                            const sc_binlog_column *c,
                            char dec[SC_DECIMAL_TEXT_MAX]);

/** Encode one non-NULL value of column c. @return SC_OK, SC_EINVAL, SC_ENOMEM */
int sc_rowfmt__encode_value(sc_buf *b, const sc_binlog_value *v, const sc_binlog_column *c);

/**
 * Encode one row image: NULL bitmap over the present columns (unused high
 * bits set, as MariaDB writes them) then the present non-NULL values.
 * vals has ncols entries; entries of absent columns are ignored.
 */
int sc_rowfmt__encode_image(sc_buf *b,
                            const sc_binlog_column *cols,
                            size_t ncols,
                            const uint8_t *present,
                            const sc_binlog_value *vals);

/** Decoded row images of one rows event. */
typedef struct sc_rows {
    int kind;              /* 0 WRITE, 1 UPDATE, 2 DELETE */
    size_t ncols;          /* columns per image (the event's column count) */
    size_t nimages;        /* images; UPDATE alternates before, after */
    sc_binlog_value *vals; /* nimages * ncols values (absent columns: SC_VAL_NULL) */
    bool *absent;          /* nimages * ncols: column not in the image */
    uint8_t *text;         /* decimal texts the values point into (owned) */
    uint32_t *at;          /* nimages * ncols: offset of each value in the event's row bytes
                              (of its length bytes for a text; 0: absent or NULL) */
    uint32_t *img_at;      /* nimages + 1: offset of each image (its null bitmap); the last
                              entry is the end of the row bytes */
    size_t cap_vals;       /* values vals, absent and at have room for */
    size_t cap_imgs;       /* entries img_at has room for */
} sc_rows;

/**
 * Decode all row images of a rows event with its TABLE_MAP.
 * @return SC_OK, SC_ECORRUPT ("FILE: event at offset N: ..."), SC_ENOMEM
 */
int sc_rows__decode(sc_rows *out,
                    sc_ctx *ctx,
                    const sc_ev_table_map *tm,
                    uint8_t type,
                    const sc_ev_rows *r,
                    const sc_event_loc *loc);

/**
 * sc_rows__decode into the arrays out holds already (from an earlier decode
 * into it, or all zero), grown when they are too small: a caller decoding
 * event after event allocates them once. On failure out is freed (zero).
 */
int sc_rows__decode_keep(sc_rows *out,
                         sc_ctx *ctx,
                         const sc_ev_table_map *tm,
                         uint8_t type,
                         const sc_ev_rows *r,
                         const sc_event_loc *loc);

/**
 * sc_rows__decode_keep for a table whose columns are all integers and
 * length-prefixed bytes, described by plan (one entry per column): w > 0,
 * a little-endian integer of w bytes (SC_VAL_INT, sign-extended); w < 0,
 * bytes after a -w-byte length. The values, absent flags and offsets are
 * those sc_rows__decode_keep gives when the TABLE_MAP's columns are of those
 * types (LONGLONG, LONG, TINY; VARCHAR, BLOB by their metadata), without its
 * per-column type dispatch. r->ncols entries of plan are read.
 * @return SC_OK, SC_ENOMEM (out freed), or 1: the bytes are not a sound
 *         event of that table (nothing reported): decode it with
 *         sc_rows__decode_keep, which says what is wrong
 */
int sc_rows__decode_plan(
    sc_rows *out, sc_ctx *ctx, const int8_t *plan, uint8_t type, const sc_ev_rows *r);

/** Free what sc_rows__decode allocated. */
void sc_rows__free(sc_ctx *ctx, sc_rows *rows);

/**
 * Encode the images of rows (as decoded) into b: the `rows` part of a rows
 * event body. present/present_after are the event's bitmaps.
 */
int sc_rows__encode(sc_buf *b,
                    const sc_binlog_column *cols,
                    const sc_rows *rows,
                    const uint8_t *present,
                    const uint8_t *present_after);

/**
 * Fill columns[i].is_unsigned/has_unsigned, charset, name and geometry from
 * the TABLE_MAP's optional metadata fields (those present).
 * @return SC_OK, SC_ECORRUPT (malformed field)
 */
int sc_table_map__apply_metadata(sc_ev_table_map *tm);

/** Which optional metadata to build (binlog_row_metadata). */
typedef enum sc_row_metadata {
    SC_ROW_METADATA_NONE = 0, /* NO_LOG */
    SC_ROW_METADATA_MINIMAL,  /* signedness, charsets, geometry types */
    SC_ROW_METADATA_FULL,     /* + column names, SET/ENUM strings, primary key */
} sc_row_metadata;

/**
 * Build the optional metadata of a TABLE_MAP from its column descriptions,
 * as MariaDB does for the given level: SIGNEDNESS, DEFAULT_CHARSET or
 * COLUMN_CHARSET (whichever is smaller), GEOMETRY_TYPE, and with FULL the
 * COLUMN_NAME and SIMPLE_PRIMARY_KEY (pk/npk; ENUM/SET strings are not known
 * from sc_binlog_column and are not written). Values are written to b; the
 * fields (pointing into b->data) go to tm->fields, allocated through ctx;
 * they stay valid while b is not written again.
 * @return SC_OK, SC_ENOMEM
 */
int sc_table_map__build_metadata(
    sc_ev_table_map *tm, sc_buf *b, sc_row_metadata level, const unsigned *pk, size_t npk);

#endif /* SC_REPLICATE_ROWFMT_H */
