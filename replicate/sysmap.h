/*
 * sysmap.h - how a system table looks in the binlog: one binlog column
 * description per protobuf field of its row message (type byte, metadata,
 * nullability, signedness, charset, name), its primary key, and the row
 * values of a packed protobuf row. Everything is derived from the registry
 * (catalog/systables.def) and the protobuf-c descriptors at run time, so the
 * TABLE_MAP of `syscat`.`tables` always matches SHOW CREATE TABLE syscat.tables.
 *
 * Type mapping (the same as catalog/selfdesc.c; docs/log-format.md "System tables"):
 *   uint64     -> LONGLONG (08) unsigned           uint32 -> LONG (03) unsigned
 *   int32/enum -> LONG (03) signed                 bool   -> TINY (01) signed
 *   string     -> VARCHAR (0F) meta 1020 (255 utf8mb4 characters), collation 46
 *   bytes      -> BLOB (FC) meta 3 (MEDIUMTEXT), collation 46 utf8mb4_bin
 * Every column is NOT NULL (proto3: empty/zero means absent).
 */
#ifndef SC_REPLICATE_SYSMAP_H
#define SC_REPLICATE_SYSMAP_H

#include "catalog/arena.h"
#include "catalog/catalog_int.h"
#include "replicate/rowfmt.h"

/** Most fields a system-table row message may have. */
#define SC_SYSMAP_MAX_COLS 32
/** Most primary-key fields of a system table. */
#define SC_SYSMAP_MAX_PK 8
/** Collation id of utf8mb4_bin, the collation of every system-table text column. */
#define SC_SYSMAP_COLLATION 46
/** Highest protobuf field number a system-table row message may use. */
#define SC_SYSMAP_MAX_FIELDNO 63

/** How a column's value is read from the wire and written to a row image. */
typedef enum sc_sysmap_kind {
    SC_SYSMAP_U64,  /* uint64: varint -> LONGLONG, 8 bytes */
    SC_SYSMAP_U32,  /* uint32: varint (low 32 bits) -> LONG, 4 bytes */
    SC_SYSMAP_I32,  /* int32, enum: varint (low 32 bits, signed) -> LONG, 4 bytes */
    SC_SYSMAP_BOOL, /* bool: varint != 0 -> TINY, 1 byte */
    SC_SYSMAP_STR,  /* string: length-delimited -> VARCHAR, 2 length bytes */
    SC_SYSMAP_BYTES /* bytes: length-delimited -> BLOB (MEDIUMTEXT), 3 length bytes */
} sc_sysmap_kind;

/** The binlog view of one system table. Names borrow from the static descriptors. */
typedef struct sc_sysmap {
    const sc_systable *st;                     /* registry entry */
    size_t ncols;                              /* fields of the row message */
    sc_binlog_column cols[SC_SYSMAP_MAX_COLS]; /* one per field, in field order */
    bool blob[SC_SYSMAP_MAX_COLS];             /* bytes field (a BLOB for NOBLOB images) */
    unsigned pk[SC_SYSMAP_MAX_PK];             /* 0-based column indexes of the key */
    size_t npk;                                /* key columns */
    /* The plan of sc_sysmap__values and sc_sysmap__encode_image, derived from the above: */
    uint8_t kind[SC_SYSMAP_MAX_COLS];            /* sc_sysmap_kind of each column */
    int8_t col_of[SC_SYSMAP_MAX_FIELDNO + 1];    /* protobuf field number -> column, -1: none */
    uint8_t all_bits[SC_SYSMAP_MAX_COLS / 8];    /* every column (inserts; FULL images) */
    uint8_t pk_bits[SC_SYSMAP_MAX_COLS / 8];     /* the key columns (MINIMAL before images) */
    uint8_t noblob_bits[SC_SYSMAP_MAX_COLS / 8]; /* key and non-blob columns (NOBLOB) */
    int8_t decode[SC_SYSMAP_MAX_COLS];           /* sc_rows__decode_plan's plan of the columns */
} sc_sysmap;

/**
 * Describe system table `systable`.
 * @return SC_OK, SC_EINVAL (unknown table, or a field type we cannot map; set on ctx)
 */
int sc_sysmap__init(sc_sysmap *out, sc_ctx *ctx, unsigned systable);

/**
 * Unpack a packed row of the table and fill vals[0..ncols) (strings borrow
 * from *msg_out). Free *msg_out with sc_sysmap__free_row().
 * @return SC_OK, SC_ECORRUPT (undecodable row), SC_ENOMEM
 */
int sc_sysmap__row(sc_binlog_value *vals,
                   ProtobufCMessage **msg_out,
                   sc_ctx *ctx,
                   const sc_sysmap *m,
                   sc_slice packed);

/**
 * The same values as sc_sysmap__row, read straight from the protobuf wire
 * format of packed with the table's plan (no message, no allocation): the
 * commit hook's path. Strings and bytes borrow from packed (a string ends
 * at its first NUL, as the unpacked C string does); absent fields are 0 or
 * empty (proto3); unknown fields are skipped.
 * @return SC_OK, SC_ECORRUPT (undecodable row; set on ctx)
 */
int sc_sysmap__values(sc_binlog_value *vals, sc_ctx *ctx, const sc_sysmap *m, sc_slice packed);

/**
 * Append a row image of m's table to b: the NULL bitmap of the columns set
 * in present, then their values, byte for byte what sc_rowfmt__encode_image
 * writes for m->cols, in one pass over the plan.
 * @return SC_OK, SC_EINVAL (a value of the wrong kind or too long for its
 *         length prefix), SC_ENOMEM
 */
int sc_sysmap__encode_image(sc_buf *b,
                            const sc_sysmap *m,
                            const uint8_t *present,
                            const sc_binlog_value *vals);

/**
 * Pack vals (a row image of m's system table) into out as the table's
 * protobuf row, replacing out's contents; columns whose absent[i] is true
 * keep the message defaults (absent may be NULL: every column present).
 * @return SC_OK, SC_ECORRUPT (a value of the wrong kind for its column) or SC_ENOMEM.
 */
int sc_sysmap__pack(
    sc_buf *out, sc_ctx *ctx, const sc_sysmap *m, const sc_binlog_value *vals, const bool *absent);

/**
 * Build vals (as for sc_sysmap__pack) into *out, a row message of m's table
 * allocated with its strings in ar (free them with the arena): the message
 * sc_sysmap__pack packs, for the calls that take a message.
 * @return SC_OK, SC_ECORRUPT (a value of the wrong kind for its column; set on
 *         ar's ctx) or SC_ENOMEM.
 */
int sc_sysmap__msg(ProtobufCMessage **out,
                   sc_arena *ar,
                   const sc_sysmap *m,
                   const sc_binlog_value *vals,
                   const bool *absent);

/** Free a message returned by sc_sysmap__row (NULL is fine). */
void sc_sysmap__free_row(sc_ctx *ctx, ProtobufCMessage *msg);

/** True when two values of the same column are equal (used for MINIMAL/NOBLOB images). */
bool sc_sysmap__value_eq(const sc_binlog_value *a, const sc_binlog_value *b);

/**
 * The columns of a source's TABLE_MAP (cols, ncols) are m's, type and
 * metadata alike: its row images encode values exactly as
 * sc_sysmap__encode_image does.
 */
bool sc_sysmap__same_columns(const sc_sysmap *m, const sc_binlog_column *cols, size_t ncols);

/** Most integer columns sc_sysmap__image_match lists as changed. */
#define SC_SYSMAP_MAX_FIX 8

/** An integer column of a row image whose value changed (a translated id). */
typedef struct sc_sysmap_fix {
    uint32_t off; /* its value's offset in the image */
    uint8_t col;  /* its column */
} sc_sysmap_fix;

/**
 * Whether decoded row image vals, an image of every column of m's table,
 * is byte for byte, once its fix columns are written (sc_sysmap__image_fix),
 * what sc_sysmap__encode_image writes for all_bits from the values the
 * catalog keeps once it stores vals. image is the image's bytes, decoded
 * with m's columns (sc_sysmap__same_columns); at[i] is the offset of column
 * i's value from base (sc_rows.at), and the decoder's strings point into
 * those bytes. True when: no NULL (MariaDB's null bitmap, pad bits set), a
 * bool 0 or 1, no NUL byte in a string (the stored C string would end
 * there), no value changed (a rewritten name) but uint64 columns, which are
 * listed in fix (*nfix of them: ids translated in place).
 */
bool sc_sysmap__image_match(sc_sysmap_fix *fix,
                            size_t *nfix,
                            const sc_sysmap *m,
                            const sc_binlog_value *vals,
                            const uint32_t *at,
                            const uint8_t *base,
                            sc_slice image);

/** Write the fix columns of vals into image (a copy of the image sc_sysmap__image_match read). */
void sc_sysmap__image_fix(uint8_t *image,
                          const sc_sysmap *m,
                          const sc_binlog_value *vals,
                          const sc_sysmap_fix *fix,
                          size_t nfix);

#endif /* SC_REPLICATE_SYSMAP_H */
