/*
 * event.h - the binlog v4 event codec: the 19-byte common header and one
 * decoder + one encoder per event type syscat reads or writes.
 *
 * A decoded event (sc_event) is a plain struct whose slices borrow from the
 * bytes it was decoded from; arrays the decoder had to build (TABLE_MAP
 * columns and metadata fields) are allocated through the ctx and released
 * with sc_event__clear(). Encoding takes the same struct, so the writer can
 * build events from scratch (no binlog needed) and the reader's output can be
 * re-encoded: decode + encode of every MariaDB 10.11 event in the oracle
 * corpus gives back the same bytes (tests/check_replicate_event.c).
 *
 * Event types we do not model keep their body as raw bytes (sc_event.raw_body).
 * Byte layouts: docs/log-format.md and shared/docs/binlog-notes.md.
 */
#ifndef SC_REPLICATE_EVENT_H
#define SC_REPLICATE_EVENT_H

#include "syscat/common.h"
#include "syscat/error.h"
#include "syscat/replicate.h"
#include "replicate/bytes.h"

#define SC_EVENT_HEADER_LEN 19
#define SC_BINLOG_MAGIC_LEN 4
#define SC_CHECKSUM_LEN 4
#define SC_BINLOG_VERSION 4
#define SC_SERVER_VERSION_LEN 50
/** Number of post-header lengths MariaDB 10.11 writes in its FDE (types 1..171). */
#define SC_FDE_MARIADB_TYPES 171
/** Largest post-header table a stock mariadb-binlog accepts (binlog-notes.md 2). */
#define SC_FDE_MAX_TYPES 254
/** Our server version string in the FDEs we write. */
#define SC_SERVER_VERSION "10.11.19-syscat-0.1"

extern const uint8_t sc_binlog__magic[SC_BINLOG_MAGIC_LEN];

/** GTID flags2 bits (MariaDB). */
#define SC_GTID_STANDALONE 0x01
#define SC_GTID_GROUP_COMMIT_ID 0x02
#define SC_GTID_TRANSACTIONAL 0x04
#define SC_GTID_ALLOW_PARALLEL 0x08
#define SC_GTID_WAITED 0x10
#define SC_GTID_DDL 0x20
#define SC_GTID_PREPARED_XA 0x40
#define SC_GTID_COMPLETED_XA 0x80

/** Rows event flags. */
#define SC_ROWS_STMT_END 0x0001
#define SC_ROWS_NO_FOREIGN_KEY_CHECKS 0x0002
#define SC_ROWS_RELAXED_UNIQUE_CHECKS 0x0004
#define SC_ROWS_COMPLETE_ROWS 0x0008

/** TABLE_MAP optional metadata field types (binlog_row_metadata). */
enum {
    SC_TM_SIGNEDNESS = 1,
    SC_TM_DEFAULT_CHARSET = 2,
    SC_TM_COLUMN_CHARSET = 3,
    SC_TM_COLUMN_NAME = 4,
    SC_TM_SET_STR_VALUE = 5,
    SC_TM_ENUM_STR_VALUE = 6,
    SC_TM_GEOMETRY_TYPE = 7,
    SC_TM_SIMPLE_PRIMARY_KEY = 8,
    SC_TM_PRIMARY_KEY_WITH_PREFIX = 9,
    SC_TM_ENUM_AND_SET_DEFAULT_CHARSET = 10,
    SC_TM_ENUM_AND_SET_COLUMN_CHARSET = 11,
};

/** Column type codes as the binlog writes them (MYSQL_TYPE_*; SC_MT_ = MySQL type). */
enum {
    SC_MT_DECIMAL = 0,
    SC_MT_TINY = 1,
    SC_MT_SHORT = 2,
    SC_MT_LONG = 3,
    SC_MT_FLOAT = 4,
    SC_MT_DOUBLE = 5,
    SC_MT_NULL = 6,
    SC_MT_TIMESTAMP = 7,
    SC_MT_LONGLONG = 8,
    SC_MT_INT24 = 9,
    SC_MT_DATE = 10,
    SC_MT_TIME = 11,
    SC_MT_DATETIME = 12,
    SC_MT_YEAR = 13,
    SC_MT_NEWDATE = 14,
    SC_MT_VARCHAR = 15,
    SC_MT_BIT = 16,
    SC_MT_TIMESTAMP2 = 17,
    SC_MT_DATETIME2 = 18,
    SC_MT_TIME2 = 19,
    SC_MT_BLOB_COMPRESSED = 140,
    SC_MT_VARCHAR_COMPRESSED = 141,
    SC_MT_JSON = 245,
    SC_MT_NEWDECIMAL = 246,
    SC_MT_ENUM = 247,
    SC_MT_SET = 248,
    SC_MT_TINY_BLOB = 249,
    SC_MT_MEDIUM_BLOB = 250,
    SC_MT_LONG_BLOB = 251,
    SC_MT_BLOB = 252,
    SC_MT_VAR_STRING = 253,
    SC_MT_STRING = 254,
    SC_MT_GEOMETRY = 255,
};

/** Where an event sits, for error messages ("binlog.000001: event at offset 1348: ..."). */
typedef struct sc_event_loc {
    const char *file; /* base name of the file or stream */
    uint64_t offset;  /* offset of the event's first byte */
} sc_event_loc;

/** What a decoder must know from the file's FDE. */
typedef struct sc_event_fmt {
    sc_checksum_alg checksum;   /* trailer present on non-FDE events when CRC32 */
    const uint8_t *post_header; /* post-header length of type t at [t - 1] */
    size_t n_post_header;       /* entries in post_header */
} sc_event_fmt;

/* ------------------------------------------------------------------ */
/* Per-type bodies                                                      */

typedef struct sc_ev_fde {
    uint16_t binlog_version;                        /* 4 */
    char server_version[SC_SERVER_VERSION_LEN + 1]; /* NUL-terminated, NUL-padded on disk */
    uint32_t create_timestamp;                      /* seconds; MariaDB fills it */
    uint8_t header_len;                             /* 19 */
    sc_slice post_header;                           /* one length per type 1..n */
    uint8_t checksum_alg;                           /* sc_checksum_alg (0 or 1) */
} sc_ev_fde;

typedef struct sc_ev_rotate {
    uint64_t position; /* offset in the next file, 4 */
    sc_slice name;     /* next file name, no NUL */
} sc_ev_rotate;

typedef struct sc_ev_gtid {
    uint64_t seq_no;
    uint32_t domain_id;
    uint8_t flags2;        /* SC_GTID_* */
    uint64_t commit_id;    /* only with SC_GTID_GROUP_COMMIT_ID */
    uint32_t xa_format_id; /* only with PREPARED_XA / COMPLETED_XA */
    sc_slice xa_gtrid;     /* idem */
    sc_slice xa_bqual;     /* idem */
    sc_slice extra;        /* flags_extra and later additions, kept verbatim */
} sc_ev_gtid;

typedef struct sc_gtid {
    uint32_t domain_id;
    uint32_t server_id;
    uint64_t seq_no;
} sc_gtid;

typedef struct sc_ev_gtid_list {
    uint32_t count_flags; /* low 28 bits = count, top 4 bits = flags */
    sc_gtid *gtids;       /* count entries, allocated */
    sc_slice extra;       /* trailing bytes after the list, kept verbatim */
} sc_ev_gtid_list;

typedef struct sc_ev_checkpoint {
    sc_slice name; /* binlog file name, no NUL */
} sc_ev_checkpoint;

typedef struct sc_ev_query {
    uint32_t thread_id;
    uint32_t exec_time;
    uint16_t error_code;
    sc_slice status_vars; /* raw status variables (see sc_query__status_next) */
    sc_slice db;          /* default database, without its NUL */
    sc_slice text;        /* statement text */
} sc_ev_query;

typedef struct sc_ev_xid {
    uint64_t xid;
} sc_ev_xid;

typedef struct sc_ev_annotate {
    sc_slice text; /* the statement that produced the following rows */
} sc_ev_annotate;

/** One optional-metadata field of a TABLE_MAP (type, value), in file order. */
typedef struct sc_tm_field {
    uint8_t type;   /* SC_TM_* (or any other number: kept verbatim) */
    sc_slice value; /* the bytes after the lenenc length */
} sc_tm_field;

/**
 * TABLE_MAP: columns[i].type/meta/nullable come from the fixed part; the
 * other sc_binlog_column members are filled from the metadata fields by
 * sc_table_map__apply_metadata(). When encoding, `fields` is written verbatim.
 */
typedef struct sc_ev_table_map {
    uint64_t table_id;         /* 48 bits */
    uint16_t flags;            /* 1 = TM_BIT_LEN_EXACT_F */
    sc_slice db;               /* database name */
    sc_slice table;            /* table name */
    size_t ncols;              /* number of columns */
    sc_binlog_column *columns; /* ncols entries, allocated */
    sc_tm_field *fields;       /* optional metadata, allocated */
    size_t nfields;            /* entries in fields */
} sc_ev_table_map;

/** A rows event as framed on disk; the row images are decoded by rowfmt.h. */
typedef struct sc_ev_rows {
    uint64_t table_id;      /* 48 bits */
    uint16_t flags;         /* SC_ROWS_* */
    sc_slice extra;         /* v2 only: extra row info after extra_len (usually empty) */
    uint64_t ncols;         /* column count of the table */
    sc_slice present;       /* columns-present bitmap, (ncols + 7) / 8 bytes */
    sc_slice present_after; /* UPDATE only: after-image bitmap */
    sc_slice rows;          /* the row images, until the end of the body */
} sc_ev_rows;

/** A decoded event: header plus the member of the union named by header.type. */
typedef struct sc_event {
    sc_event_header header; /* event_len is recomputed when encoding */
    union {
        sc_ev_fde fde;
        sc_ev_rotate rotate;
        sc_ev_gtid gtid;
        sc_ev_gtid_list gtid_list;
        sc_ev_checkpoint checkpoint;
        sc_ev_query query;
        sc_ev_xid xid;
        sc_ev_annotate annotate;
        sc_ev_table_map table_map;
        sc_ev_rows rows;
    } u;
    sc_slice raw_body; /* types without a model: the whole body, verbatim */
    bool modelled;     /* u is valid (else raw_body) */
} sc_event;

/* ------------------------------------------------------------------ */
/* Codec                                                                */

/** First of MariaDB's compressed rows types (log_bin_compress): WRITE/UPDATE/DELETE_ROWS_
 *  COMPRESSED_EVENT_V1 166..168, then the v2 ones 169..171. */
#define SC_EV_ROWS_COMPRESSED_V1 166

/**
 * True for the rows event types (v1 23..25, v2 30..32, and their compressed
 * forms 166..171). A compressed rows event decodes (sc_event__decode) with its
 * rows slice holding the compressed bytes; the reader (reader.c) hands it out
 * decoded as its plain type with the rows inflated.
 */
bool sc_event__is_rows(uint8_t type);
/** WRITE/UPDATE/DELETE as 0/1/2 for a rows type (v1, v2, compressed or not); -1 otherwise. */
int sc_event__rows_kind(uint8_t type);
/** True for the compressed rows types 166..171. */
bool sc_event__rows_compressed(uint8_t type);
/** The plain rows type of a compressed one (166 -> 23, 169 -> 30, ...); others as they are. */
uint8_t sc_event__rows_plain(uint8_t type);
/** The post-header length MariaDB 10.11 uses for type (0 when none or unknown). */
uint8_t sc_event__mariadb_post_header(unsigned type);
/** Fill out[0..n) with MariaDB's post-header table (zeros past type 171). */
void sc_event__default_post_header(uint8_t *out, size_t n);
/** A MariaDB/MySQL type a stock reader knows without LOG_EVENT_IGNORABLE_F. */
bool sc_event__known_type(unsigned type);

/** Decode the 19-byte common header (no validation beyond the length). */
void sc_event__decode_header(sc_event_header *out, const uint8_t *p);
/** Encode the common header into p[0..19). */
void sc_event__encode_header(uint8_t *p, const sc_event_header *h);

/**
 * Decode the body of one event (header already decoded into out->header,
 * checksum already stripped and verified).
 * @param[out] out   decoded event; free its arrays with sc_event__clear()
 * @param[in]  body  bytes after the header, before the checksum (borrowed by out)
 * @param[in]  fmt   the file's format (post-header lengths)
 * @param[in]  loc   position for error messages
 * @return SC_OK, SC_ECORRUPT ("FILE: event at offset N: TYPE: reason"), SC_ENOMEM
 */
int sc_event__decode(
    sc_event *out, sc_ctx *ctx, sc_slice body, const sc_event_fmt *fmt, const sc_event_loc *loc);

/**
 * sc_event__encode with log_pos set to base + buf->len once the event is
 * appended (the end of the event in its file when buf starts at file offset
 * base), so the checksum is computed once; base UINT64_MAX leaves
 * ev->header.log_pos as it is. The caller checks that the end fits 32 bits.
 */
int sc_event__encode_at(sc_buf *buf, const sc_event *ev, sc_checksum_alg checksum, uint64_t base);

/*
 * The CRC32 of a binlog event (zlib's crc32(0, p, n): reflected IEEE
 * polynomial), computed with libdeflate's libdeflate_crc32, which folds with
 * PCLMULQDQ where the CPU has it (about 7 times zlib's crc32 on events of
 * 200 bytes here; docs/performance.md).
 */
uint32_t sc_event__crc32(const uint8_t *p, size_t n);
/**
 * Encode a whole event (header, body, checksum) onto buf. header.event_len is
 * computed; header.log_pos is written as given. The FDE always gets a CRC32
 * trailer (also with NONE, as MariaDB writes it); others only when checksum.
 * @return SC_OK, SC_EINVAL (inconsistent struct), SC_ENOMEM
 */
int sc_event__encode(sc_buf *buf, const sc_event *ev, sc_checksum_alg checksum);

/** Release the arrays a decoder allocated (slices are borrowed, untouched). */
void sc_event__clear(sc_ctx *ctx, sc_event *ev);

/** Name of an event type as mariadb-binlog prints it ("Table_map"), "Unknown" otherwise. */

/**
 * Iterate a QUERY event's status variables: returns 1 with the next
 * (code, value) pair, 0 at the end, -1 when undecodable (unknown code).
 */
int sc_query__status_next(sc_rd *rd, uint8_t *code, sc_slice *value);

/** Size in bytes of the per-column metadata of a type in a TABLE_MAP (0, 1 or 2). */
unsigned sc_column__meta_size(uint8_t type);

#endif /* SC_REPLICATE_EVENT_H */
