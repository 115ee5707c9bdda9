/*
 * types.h - MariaDB 10.11 column types: canonical names as SHOW CREATE
 * prints them, type classes, default display widths, byte lengths used by
 * the row-size and key-length checks, and literal default canonicalisation.
 */
#ifndef SC_DDL_TYPES_H
#define SC_DDL_TYPES_H

#include "syscat/catalog.h"
#include "ddl/show.h"

/** Lower-case type name ("int", "varchar", "geometrycollection"...). */
const char *sc_type__name(sc_coltype t);

bool sc_type__is_integer(sc_coltype t);  /* TINYINT..BIGINT */
bool sc_type__is_numeric(sc_coltype t);  /* integers, DECIMAL, FLOAT, DOUBLE */
bool sc_type__is_temporal(sc_coltype t); /* DATE TIME DATETIME TIMESTAMP YEAR */
bool sc_type__is_text(sc_coltype t);     /* TINYTEXT..LONGTEXT */
bool sc_type__is_blob(sc_coltype t);     /* TEXT and BLOB families */
bool sc_type__is_spatial(sc_coltype t);  /* GEOMETRY..GEOMETRYCOLLECTION */
/** Types that carry a character set (CHAR VARCHAR TEXTs ENUM SET). */
bool sc_type__has_charset(sc_coltype t);
/** Byte string types (BINARY VARBINARY BLOBs). */
bool sc_type__is_binary(sc_coltype t);
/** Types whose literal DEFAULT prints unquoted (numbers and YEAR). */
bool sc_type__default_unquoted(sc_coltype t);

/** Default display width of an integer type (signedness matters), DECIMAL precision... */
uint32_t sc_type__default_length(sc_coltype t, bool is_unsigned);

/** Render the type part of a column (`int(10) unsigned`, `varchar(20)`...). */
void sc_type__render(sc_buf *b, const sc_column_def *col);

/**
 * Maximum data length in bytes of a column value as a key part, for the
 * key-length check: characters * bytes per char for strings; BLOB/TEXT give
 * their full length (callers apply prefixes). maxlen is the charset's.
 */
uint64_t sc_type__key_bytes(const sc_column_def *col, unsigned maxlen);

/** Bytes the column takes in MariaDB's fixed record (row size check, 65535 limit). */
uint64_t sc_type__record_bytes(const sc_column_def *col, unsigned maxlen);

/** Maximum character length of CHAR/VARCHAR/TEXT/BLOB types (bytes for BLOB). */
uint64_t sc_type__max_chars(sc_coltype t);

/**
 * Canonicalise a literal DEFAULT value for a column as MariaDB stores it:
 * numbers (DECIMAL padded to the scale), temporal values normalised and
 * padded to the fsp, BIT as its digits, strings as given.
 * @param[out] out   allocated canonical text (sc_free)
 * @param[in]  text  the literal's value (unquoted)
 * @param[in]  is_string whether the literal was a quoted string
 * @return SC_OK or SC_EINVAL when the value is invalid for the type (1067)
 */
int sc_type__canon_default(
    char **out, sc_ctx *ctx, const sc_column_def *col, const char *text, bool is_string);

/**
 * A number literal's value as a string (its Item's val_str), which a string
 * column takes as its DEFAULT: an integer without leading zeros (007 is
 * "7"), a decimal with one digit before the point and the written scale (.5
 * is "0.5", 5. is "5"), a float as the shortest digits that read back (1e3
 * is "1000", 1.5e-3 "0.0015", 1e16 "1e16"); a negative zero has no sign.
 * @param[in] text the literal's digits (a decimal's with its point)
 * @param[in] is_float whether it is a float literal (with an exponent)
 * @return ctx-allocated text (sc_free), NULL when out of memory
 */
char *sc_type__number_string(sc_ctx *ctx, const char *text, bool negative, bool is_float);
/**
 * v in at most width characters (width >= 1; out holds width + 1 bytes), as
 * MariaDB's my_gcvt() writes a DOUBLE into a CHAR/VARCHAR/BINARY column: the
 * most significant digits that fit, plain or with an exponent (1e3 is "1e3"
 * in 3 characters, "1000" in 4). true when even that does not fit (the text
 * is then cut to width: 1e3 in 2 characters is "1e").
 */
bool sc_type__gcvt(char *out, double v, int width);

#endif /* SC_DDL_TYPES_H */
