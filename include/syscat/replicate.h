/*
 * syscat/replicate.h - the catalog log (binlog v4 row events on the system
 * tables), log files, reading MariaDB binlogs, and replicas.
 * See docs/log-format.md.
 */
#ifndef SYSCAT_REPLICATE_H
#define SYSCAT_REPLICATE_H

#include "common.h"
#include "error.h"
#include "catalog.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Binlog event types syscat writes or reads (MariaDB numbering). */
typedef enum sc_event_type {
    SC_EV_QUERY = 2,
    SC_EV_ROTATE = 4,
    SC_EV_FORMAT_DESCRIPTION = 15,
    SC_EV_XID = 16,
    SC_EV_TABLE_MAP = 19,
    SC_EV_WRITE_ROWS_V1 = 23,
    SC_EV_UPDATE_ROWS_V1 = 24,
    SC_EV_DELETE_ROWS_V1 = 25,
    SC_EV_WRITE_ROWS = 30,
    SC_EV_UPDATE_ROWS = 31,
    SC_EV_DELETE_ROWS = 32,
    SC_EV_ANNOTATE_ROWS = 160,
    SC_EV_BINLOG_CHECKPOINT = 161,
    SC_EV_GTID = 162,
    SC_EV_GTID_LIST = 163,
} sc_event_type;

/** Flags of the common event header (a few the reader and writer care about). */
#define SC_EVF_BINLOG_IN_USE 0x0001   /* FDE of a file still being written */
#define SC_EVF_THREAD_SPECIFIC 0x0004 /* query uses temporary tables */
#define SC_EVF_SUPPRESS_USE 0x0008    /* no `use db` needed (GTID, CREATE DATABASE) */
#define SC_EVF_ARTIFICIAL 0x0020      /* made up by a server, not in a file */
#define SC_EVF_IGNORABLE 0x0080       /* LOG_EVENT_IGNORABLE_F: readers may skip it */

/** Checksum algorithm of a binlog file (the FDE's trailing byte). */
typedef enum sc_checksum_alg {
    SC_CHECKSUM_NONE = 0,
    SC_CHECKSUM_CRC32 = 1,
} sc_checksum_alg;

/** The 19-byte common header of every binlog v4 event (all fields little-endian on disk). */
typedef struct sc_event_header {
    uint32_t timestamp; /* seconds since the epoch when the statement started */
    uint8_t type;       /* sc_event_type or any other number */
    uint32_t server_id; /* originating server */
    uint32_t event_len; /* whole event: header + body + checksum */
    uint32_t log_pos;   /* file offset of the END of this event (0 in relay streams) */
    uint16_t flags;     /* SC_EVF_* */
} sc_event_header;

/**
 * One event as the reader returns it: a borrowed view into the reader's
 * buffer, valid until the reader is closed. body excludes the header and the
 * checksum; raw is the whole event as stored.
 */
typedef struct sc_binlog_event {
    sc_event_header header; /* decoded common header */
    uint64_t offset;        /* file offset of the first header byte */
    sc_slice raw;           /* header + body + checksum, exactly as in the file */
    sc_slice body;          /* bytes after the header, before the checksum */
    bool has_checksum;      /* a 4-byte CRC32 trailer is present (and was verified) */
    uint32_t checksum;      /* the stored CRC32 when has_checksum */
} sc_binlog_event;

/* ------------------------------------------------------------------ */
/* Decoded column descriptions and values (row images)                 */

/**
 * One column of a TABLE_MAP, or a column the writer describes to build one.
 * type/meta are exactly what the TABLE_MAP carries; meta is the combined
 * 16-bit value mariadb-binlog prints ("meta=2562" for DECIMAL(10,2)).
 */
typedef struct sc_binlog_column {
    uint8_t type;      /* MYSQL_TYPE_* as written in the TABLE_MAP */
    uint16_t meta;     /* type metadata (0 when the type has none) */
    bool nullable;     /* bit of the TABLE_MAP null bitmap */
    bool is_unsigned;  /* SIGNEDNESS metadata (numeric columns only) */
    bool has_unsigned; /* is_unsigned is known (metadata logged) */
    uint32_t charset;  /* collation id from the charset metadata, 0 = unknown */
    sc_slice name;     /* column name from COLUMN_NAME metadata, empty if none */
    uint8_t geometry;  /* GEOMETRY_TYPE metadata for geometry columns */
} sc_binlog_column;

/** Kinds of decoded values: what the union of sc_binlog_value holds. */
typedef enum sc_value_kind {
    SC_VAL_NULL = 0,  /* SQL NULL */
    SC_VAL_INT,       /* i: TINY/SHORT/INT24/LONG/LONGLONG (sign-extended), YEAR (raw byte) */
    SC_VAL_FLOAT,     /* f: FLOAT */
    SC_VAL_DOUBLE,    /* d: DOUBLE */
    SC_VAL_DECIMAL,   /* str: NEWDECIMAL as text "-123.45" with exactly `scale` decimals */
    SC_VAL_UINT,      /* u: BIT (value), ENUM (1-based index), SET (bitmask) */
    SC_VAL_DATE,      /* tm: DATE (year, month, day) */
    SC_VAL_DATETIME,  /* tm: DATETIME2 */
    SC_VAL_TIME,      /* tm: TIME2 (hour may exceed 23; neg for negative times) */
    SC_VAL_TIMESTAMP, /* ts: TIMESTAMP2 seconds + microseconds */
    SC_VAL_BYTES,     /* str: VARCHAR, CHAR (stripped), BLOB/TEXT/JSON, GEOMETRY */
} sc_value_kind;

/** A broken-down temporal value. */
typedef struct sc_binlog_time {
    bool neg;        /* TIME only: negative interval */
    uint32_t year;   /* 0..9999 */
    uint32_t month;  /* 0..12 */
    uint32_t day;    /* 0..31 */
    uint32_t hour;   /* 0..838 for TIME, 0..23 otherwise */
    uint32_t minute; /* 0..59 */
    uint32_t second; /* 0..59 */
    uint32_t usec;   /* microseconds, 0..999999 */
} sc_binlog_time;

/**
 * One column value of a row image. Byte strings are borrowed (from the event
 * being decoded, or from the writer's own buffers when encoding).
 */
typedef struct sc_binlog_value {
    sc_value_kind kind; /* which member is set; SC_VAL_NULL = none */
    union {
        int64_t i;
        uint64_t u;
        float f;
        double d;
        sc_slice str;
        sc_binlog_time tm;
        struct {
            uint32_t sec;  /* seconds since the epoch */
            uint32_t usec; /* microseconds */
        } ts;
    } v;
} sc_binlog_value;

/* ------------------------------------------------------------------ */
/* Reading binlog files                                                 */

/** A binlog file open for reading (opaque). */
typedef struct sc_binlog_reader sc_binlog_reader;

/**
 * Open a binlog file: checks the magic and reads the Format_description
 * event, which fixes the checksum algorithm for the rest of the file.
 * @param[out] out   the reader; free with sc_binlog_reader_close()
 * @param[in]  ctx   context for errors and memory
 * @param[in]  path  file to read (its base name is used in error messages)
 * @return SC_OK, SC_EIO (cannot open/read), SC_ECORRUPT (bad magic, bad FDE), SC_ENOMEM
 */
SC_API int sc_binlog_reader_open(sc_binlog_reader **out, sc_ctx *ctx, const char *path);

/**
 * Same as sc_binlog_reader_open() over bytes in memory (copied); name is used
 * in error messages.
 */
SC_API int
sc_binlog_reader_open_mem(sc_binlog_reader **out, sc_ctx *ctx, const char *name, sc_slice data);

/**
 * Read the next event (the first call returns the FDE). Verifies length,
 * position and CRC32; remembers TABLE_MAPs for sc_binlog_reader_print_rows().
 * @param[out] out  the event, borrowed from the reader; NULL at the end of the file
 * @return SC_OK (also at the end), SC_ECORRUPT with "FILE: event at offset N: reason"
 */
SC_API int sc_binlog_reader_next(const sc_binlog_event **out, sc_binlog_reader *r);

/** The event type's name as `mariadb-binlog` and SHOW BINLOG EVENTS print it
 * ("Table_map", "Write_rows_v1", ...), or "Unknown"; a static string. */
SC_API const char *sc_binlog_event_type_name(unsigned type);

/**
 * The Info column SHOW BINLOG EVENTS prints for an event ("BEGIN GTID 0-1-5",
 * "table_id: 2 (syscat.tables)", the XID's COMMIT with its xid...): header and body
 * (without the checksum) of one event; truncated to size (NUL-terminated).
 */
SC_API void sc_binlog_event_info(char *out, size_t size, const sc_event_header *h, sc_slice body);

/** The checksum algorithm announced by the file's Format_description event. */
SC_API sc_checksum_alg sc_binlog_reader_checksum(const sc_binlog_reader *r);

/** The server version string of the file's Format_description event (borrowed). */
SC_API const char *sc_binlog_reader_server_version(const sc_binlog_reader *r);

/**
 * Print a rows event the way `mariadb-binlog -vv --base64-output=decode-rows`
 * prints it: the `### INSERT INTO ...`, `### SET`, `###   @1=...` lines, using
 * the TABLE_MAPs seen so far in this file.
 * @param[out] out      NUL-terminated text, caller frees with sc_free()
 * @param[out] out_len  its length (may be NULL)
 * @param[in]  ev       a WRITE/UPDATE/DELETE rows event returned by this reader
 * @param[out] nrows    number of rows printed (may be NULL)
 * @return SC_OK, SC_EINVAL (not a rows event), SC_ECORRUPT (undecodable row), SC_ENOMEM
 */
SC_API int sc_binlog_reader_print_rows(
    char **out, size_t *out_len, size_t *nrows, sc_binlog_reader *r, const sc_binlog_event *ev);

/** Close a reader (NULL is fine). Events it returned become invalid. */
SC_API void sc_binlog_reader_close(sc_binlog_reader *r);

/* ------------------------------------------------------------------ */
/* Decoding rows events of any MariaDB binlog (replicate/decode.c)      */
/* Stable interface: the schema tracker and the `binlog decode` tool    */
/* build on it. Format: docs/binlog-decode.md.                          */

/**
 * A TABLE_MAP as the reader keeps it: the table's names and column
 * descriptions (with names, signedness, charsets and geometry types when the
 * optional metadata carried them). Slices are borrowed from the reader and
 * stay valid until the next TABLE_MAP of the same table id or the close.
 */
typedef struct sc_binlog_table {
    uint64_t table_id;               /* the server's table id (48 bits) */
    sc_slice db;                     /* database name */
    sc_slice table;                  /* table name */
    size_t ncols;                    /* entries in columns */
    const sc_binlog_column *columns; /* column i is @i+1 of mariadb-binlog */
} sc_binlog_table;

/**
 * The TABLE_MAP last read by r for table_id (the whole file's maps are kept,
 * as mariadb-binlog does).
 * @return SC_OK, SC_ENOTFOUND (never mapped; nothing set in the ctx)
 */
SC_API int
sc_binlog_reader_table(sc_binlog_table *out, const sc_binlog_reader *r, uint64_t table_id);

/** The rows of one rows event, one row at a time (opaque; constant memory per event). */
typedef struct sc_binlog_rows sc_binlog_rows;

/** Kind of a rows event. */
typedef enum sc_rows_kind {
    SC_ROWS_WRITE = 0,  /* after image only */
    SC_ROWS_UPDATE = 1, /* before and after images */
    SC_ROWS_DELETE = 2, /* before image only */
} sc_rows_kind;

/**
 * One row of a rows event. before/after hold one value per column of the
 * table (ncols of the event) or are NULL when the event kind has no such
 * image; a column absent from an image (MINIMAL/NOBLOB images) has
 * present[i] false and an SC_VAL_NULL value. Borrowed from the iterator,
 * valid until its next call.
 */
typedef struct sc_binlog_row {
    size_t index; /* 0-based row number within the event */
    size_t ncols; /* entries in each array */
    const sc_binlog_value *before;
    const bool *before_present;
    const sc_binlog_value *after;
    const bool *after_present;
} sc_binlog_row;

/**
 * Start decoding the rows of ev, a WRITE/UPDATE/DELETE rows event (v1 or v2)
 * returned by r (file or stream), with the TABLE_MAP r holds for its table.
 * @param[out] out  the iterator; free with sc_binlog_rows_close()
 * @return SC_OK, SC_EINVAL (not a rows event), SC_ENOTFOUND ("Row event for
 *         unknown table #N"), SC_ECORRUPT ("FILE: event at offset N: ..."), SC_ENOMEM
 */
SC_API int
sc_binlog_rows_open(sc_binlog_rows **out, sc_binlog_reader *r, const sc_binlog_event *ev);

/**
 * Same as sc_binlog_rows_open() with a table map the caller supplies (a
 * tracker that knows the table from elsewhere); table and its columns must
 * outlive the iterator. ev must still have been returned by r.
 */
SC_API int sc_binlog_rows_open_table(sc_binlog_rows **out,
                                     sc_binlog_reader *r,
                                     const sc_binlog_event *ev,
                                     const sc_binlog_table *table);

/**
 * Decode the next row.
 * @param[out] out  the row (borrowed), NULL after the last one
 * @return SC_OK (also at the end), SC_ECORRUPT (a value runs past the event,
 *         an impossible value, an unsupported column type), SC_ENOMEM
 */
SC_API int sc_binlog_rows_next(const sc_binlog_row **out, sc_binlog_rows *it);

/** The kind of the event (write, update, delete). */
SC_API sc_rows_kind sc_binlog_rows_kind(const sc_binlog_rows *it);

/** The table map the rows are decoded with (borrowed, as the iterator). */
SC_API const sc_binlog_table *sc_binlog_rows_table(const sc_binlog_rows *it);

/** Free an iterator (NULL is fine). */
SC_API void sc_binlog_rows_close(sc_binlog_rows *it);

/** Text forms of values and column types. */
typedef enum sc_value_form {
    /** Exactly what `mariadb-binlog -vv` prints after "@N=" (quotes, escapes,
     *  its DATE 'YYYY:MM:DD', raw TIMESTAMP seconds, "-1 (255)" integers) and
     *  in the type comment ("DECIMAL(10,2)", "VARSTRING(80)"). */
    SC_FORM_BINLOG = 0,
    /** The value as SELECT shows it, unquoted: integers unsigned when the
     *  metadata says so, DATE 'YYYY-MM-DD', TIMESTAMP in UTC, FLOAT/DOUBLE in
     *  the shortest exact form, BIT/SET as integers, ENUM as its index,
     *  strings as their raw bytes; types as SQL ("int unsigned", "varchar(20)"). */
    SC_FORM_PLAIN = 1,
} sc_value_form;

/**
 * The text of value v of column c in the given form.
 * @param[out] out      NUL-terminated text, caller frees with sc_free(ctx, *out)
 * @param[out] out_len  its length (may be NULL; texts of byte strings may hold NULs)
 * @return SC_OK, SC_ENOMEM
 */
SC_API int sc_binlog_value_text(char **out,
                                size_t *out_len,
                                sc_ctx *ctx,
                                const sc_binlog_value *v,
                                const sc_binlog_column *c,
                                sc_value_form form);

/** The unsigned reading of an integer value of column c (its width masked). */
SC_API uint64_t sc_binlog_value_uint(const sc_binlog_value *v, const sc_binlog_column *c);

/**
 * The type of column c in the given form ("DECIMAL(10,2)" or "decimal(10,2)").
 * @param[out] out  NUL-terminated text, caller frees with sc_free(ctx, *out)
 * @return SC_OK, SC_ENOMEM
 */
SC_API int
sc_binlog_column_type(char **out, sc_ctx *ctx, const sc_binlog_column *c, sc_value_form form);

/** Output of sc_binlog_decode(). */
typedef enum sc_decode_format {
    SC_DECODE_TEXT = 0, /* a listing like `mariadb-binlog -vv --base64-output=decode-rows` */
    SC_DECODE_JSON = 1, /* one JSON object per event and line */
} sc_decode_format;

/**
 * One Table_map event as sc_decode_options.schema sees it: where it is, the
 * table it names, and a writable copy of its columns. The callback may set
 * what the log's metadata left out (name, is_unsigned/has_unsigned, charset)
 * from the schema in force at that event; the lister copies the names it set
 * before the next call. catalog_table_id: the stable id of that table in the
 * catalog the schema came from (0 = none).
 */
typedef struct sc_decode_table_info {
    const char *file;          /* base name of the binlog file */
    uint64_t pos;              /* offset of the Table_map event */
    sc_slice db;               /* database and table the map names */
    sc_slice table;            /* ... */
    size_t ncols;              /* entries in columns */
    sc_binlog_column *columns; /* the map's columns, writable */
    uint64_t catalog_table_id; /* out */
} sc_decode_table_info;

/** Options for sc_binlog_decode(). Start from SC_DECODE_OPTIONS_INIT. */
typedef struct sc_decode_options {
    unsigned version;        /* SC_DECODE_OPTIONS_VERSION */
    sc_decode_format format; /* text listing or JSON */
    uint64_t start_position; /* first file: skip events that start before (0 = none) */
    uint64_t
        stop_position; /* last file: stop at the first event that starts at or after (0 = none) */
    const char *start_gtid; /* "D-S-N[,...]": print transactions after these GTIDs, per domain */
    const char *stop_gtid;  /* "D-S-N[,...]": stop after these transactions, per domain */
    const char *database;   /* only this database's rows and statements */
    const char *table;      /* only this table's rows ("T" or "DB.T") */
    /* JSON only: what the log's TABLE_MAP lacks, from elsewhere (a tracked catalog's history,
     * sc_track_history_schema); NULL = the log's own metadata */
    int (*schema)(sc_decode_table_info *info, void *payload);
    void *schema_payload;
} sc_decode_options;

#define SC_DECODE_OPTIONS_VERSION 1
#define SC_DECODE_OPTIONS_INIT                                                                     \
    {                                                                                              \
        SC_DECODE_OPTIONS_VERSION, SC_DECODE_TEXT, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL        \
    }

/** Where sc_binlog_decode() writes: return 0, or non-zero to stop (an SC_EIO error). */
typedef int (*sc_decode_write_fn)(const void *data, size_t len, void *payload);

/**
 * Decode binlog files, in order, through write: every event read, framed,
 * CRC32-checked and decoded one at a time (memory stays bounded whatever
 * the file size; output is handed over in pieces of a few KB).
 * @return SC_OK, SC_EINVAL (bad option), SC_EIO, SC_ECORRUPT ("FILE: event
 *         at offset N: reason"; what came before was written), SC_ENOMEM
 */
SC_API int sc_binlog_decode(sc_ctx *ctx,
                            const char *const *paths,
                            size_t npaths,
                            const sc_decode_options *opts,
                            sc_decode_write_fn write,
                            void *payload);

/**
 * The reversed data-row log of binlog files, as `mariadb-binlog --flashback`
 * writes it for FULL row images: a script of BINLOG statements that undoes
 * every row change of the files, last transaction first (statements, rows
 * events and rows reversed, WRITE and DELETE exchanged, UPDATE images
 * exchanged); run it with the `mariadb` client. DDL is not reversed.
 * Every file is checked before anything is written: a MINIMAL or NOBLOB
 * image, a compressed rows event, or rows of a table without a Table_map
 * are refused (SC_EINVAL, "FILE: event at offset N (TYPE): reason").
 * Docs: docs/binlog-decode.md.
 * @return SC_OK, SC_EINVAL, SC_ECORRUPT, SC_EIO, SC_ENOMEM
 */
SC_API int sc_binlog_flashback(
    sc_ctx *ctx, const char *const *paths, size_t npaths, sc_decode_write_fn write, void *payload);

/* ================================================================== */
/* The catalog log (replicate/log.c, logfile.c, userrows.c; owner: the */
/* log). Every committed catalog transaction becomes one binlog       */
/* transaction stored in the catalog's LMDB environment in the same   */
/* transaction; DATADIR/binlog/ files are written from it after       */
/* commit. Format and settings: docs/log-format.md.                   */

/** An attached catalog log (opaque). */
typedef struct sc_log sc_log;

/** Settings (catalog settings, sc_setting_set) the log reads at every commit. */
#define SC_LOG_SET_ENABLED "binlog.enabled"             /* "1" (default) or "0" */
#define SC_LOG_SET_CHECKSUM "binlog.checksum"           /* CRC32 (default) or NONE: next file */
#define SC_LOG_SET_ROW_IMAGE "binlog.row_image"         /* FULL (default), MINIMAL, NOBLOB */
#define SC_LOG_SET_TABLE_MAP "binlog.table_map"         /* file (default) or statement */
#define SC_LOG_SET_MAX_FILE_SIZE "binlog.max_file_size" /* bytes, default 1073741824 */
#define SC_LOG_SET_SERVER_ID "binlog.server_id"         /* default 1 */
#define SC_LOG_SET_DOMAIN_ID "binlog.domain_id"         /* default 0 */
#define SC_LOG_SET_ANNOTATE "binlog.annotate"           /* "1" (default): ANNOTATE_ROWS */
#define SC_LOG_SET_COMPRESS "binlog.compress"           /* "1" (default): compressed rows events */
#define SC_LOG_SET_COMPRESS_MIN_LEN "binlog.compress_min_len" /* row bytes, default 256 */

/**
 * Change a log setting (one of SC_LOG_SET_*) in its own write transaction,
 * after checking the key is known and the value valid (the commit hook would
 * otherwise refuse every later commit). Takes effect at the next commit
 * (checksum: at the next file).
 * @return SC_OK, SC_EINVAL (unknown key or bad value: message says which), SC_EIO
 */
SC_API int sc_log_set(sc_log *log, const char *key, const char *value);

/** Base name of the log files: DATADIR/binlog/binlog.000001, DATADIR/binlog/binlog.index. */
#define SC_LOG_BASENAME "binlog"

/**
 * Attach the log to an open catalog: installs its commit hook, writes the
 * default settings when absent (binlog.enabled=1 on a catalog that never had
 * a log), marks the catalog logged while binlog.enabled=1 (writers without
 * the log are then refused), brings the files under DATADIR/binlog/ up to
 * date from the copy in the catalog (a crash between commit and file write
 * loses nothing) and installs the after-commit hook that writes each commit
 * to the files. A file write failure does not fail the attach (sc_log_sync
 * reports it).
 * @param[out] out the log; detach with sc_log_close() before sc_catalog_close()
 * @return SC_OK, SC_ECORRUPT (stored log damaged), SC_EVERSION, SC_EIO (LMDB), SC_ENOMEM
 */
SC_API int sc_log_open(sc_log **out, sc_catalog *cat);

/** Remove the hooks, write what the files lack and free the log (NULL is fine). */
SC_API void sc_log_close(sc_log *log);

/**
 * Bring the files up to date with the log in the catalog (appends what is
 * missing). Commits write the files themselves; a failure there never fails
 * the commit and is reported here: SC_EIO (with the path) while it persists;
 * also a file that is not a regular file (a symbolic link is never followed)
 * or is longer than its stored log (bytes not ours: nothing is appended).
 * SC_ECORRUPT: a stored record fails its check and was not written. On a
 * catalog opened read-only nothing is written (SC_OK).
 */
SC_API int sc_log_sync(sc_log *log);

/** Close the current file with a ROTATE and start the next one (FLUSH BINARY LOGS). */
SC_API int sc_log_rotate(sc_log *log);

/**
 * Rewrite every file and the index byte for byte from the log in the catalog,
 * each through a new file renamed over the old one (symbolic links are
 * replaced, never followed). A file whose stored records fail their check
 * (sc_log_verify_stored) is left as it is on disk.
 * @return SC_OK, SC_ECORRUPT (files refused; the message names the first
 *         damaged event), SC_EIO, SC_EREADONLY
 */
SC_API int sc_log_rebuild(sc_log *log);

/**
 * Drop the files before `to_file` (a base name such as "binlog.000003") and
 * their stored events; with to_file NULL, every file but the current one.
 * The current file is never purged.
 * @return SC_OK, SC_ENOTFOUND (no such file), SC_EINVAL (to_file is past the current file)
 */
SC_API int sc_log_purge(sc_log *log, const char *to_file);

/** One log file as the catalog knows it. */
typedef struct sc_log_file {
    uint32_t number;  /* 1, 2, ... (the file name's suffix) */
    const char *name; /* base name, "binlog.000001" (borrowed for the callback) */
    uint64_t size;    /* bytes */
    bool current;     /* the file being appended to */
} sc_log_file;

/** Call cb for every file of the log, oldest first. A non-zero return stops the walk. */
SC_API int
sc_log_files(sc_log *log, int (*cb)(const sc_log_file *file, void *payload), void *payload);

/**
 * The bytes of one log file as stored in the catalog (name = base name, NULL =
 * current file). *out is allocated; free with sc_free().
 * @return SC_OK, SC_ENOTFOUND
 */
SC_API int sc_log_file_bytes(uint8_t **out, size_t *out_len, sc_log *log, const char *name);

/** Full path of a log file (name = base name, NULL = the index file). Free with sc_free(). */
SC_API int sc_log_path(char **out, sc_log *log, const char *name);

/**
 * Check the log against the files without changing either: the stored log
 * (as sc_log_verify_stored, plus a full decode of every event) and each file
 * on disk against its stored bytes (missing, not a regular file, truncated,
 * altered, longer). Everything is compared with what was committed when the
 * check started (one read transaction): commits of other processes meanwhile
 * are not damage.
 * @param[in] report called once per problem (may be NULL)
 * @return SC_OK when clean, SC_ECORRUPT otherwise
 */
SC_API int sc_log_verify(sc_log *log,
                         void (*report)(const char *problem, void *payload),
                         void *payload,
                         size_t *problems_out);

/**
 * Check the log stored in the catalog (what the files are written from):
 * every record of every file, contiguous from offset 0, every event's
 * framing (length, log_pos) and checksum, the state's end of the current
 * file, no record outside the log's files. Reads only; each problem names
 * the file, the record's offset, the event's offset and the reason.
 * @param[in] report called once per problem (may be NULL)
 * @return SC_OK when sound (or no log), SC_ECORRUPT otherwise
 */
SC_API int sc_log_verify_stored(sc_log *log,
                                void (*report)(const char *problem, void *payload),
                                void *payload,
                                size_t *problems_out);

/**
 * Compare every system-table row with the copy the stored log holds of it:
 * the log is replayed (the last after-image per key wins, deletes remove)
 * into a scratch catalog under $TMPDIR, then both are compared row by row
 * (syscat.replica_state, never logged, is left out). Each problem names the
 * table, the key and what differs. A purged log (it no longer starts with
 * the bootstrap transaction) cannot rebuild the rows: *partial_out is set
 * and nothing is compared. Reads only.
 * @return SC_OK when equal (or no log, or purged), SC_ECORRUPT otherwise
 */
SC_API int sc_log_verify_rows(sc_log *log,
                              void (*report)(const char *problem, void *payload),
                              void *payload,
                              size_t *problems_out,
                              bool *partial_out);

/** Row change kinds of sc_log_rows. */
#define SC_LOG_INSERT 0
#define SC_LOG_UPDATE 1
#define SC_LOG_DELETE 2

/**
 * Log data rows of a user table in the write transaction txn (CREATE ...
 * SELECT, INSERT ... : rows the catalog itself does not hold). The values are
 * encoded now from the table's definition in txn (sc_table_get): one
 * sc_binlog_value per column, in column order, of the kind that column's
 * type decodes to (syscat/replicate.h: INT for integers and YEAR, UINT for
 * BIT/ENUM/SET, DECIMAL as text, DATE/DATETIME/TIME broken down, TIMESTAMP
 * as seconds, BYTES for strings and blobs). before is NULL for INSERT, after
 * NULL for DELETE. The rows are recorded in the transaction's change list
 * and written in execution order among its catalog changes
 * (docs/log-format.md "Data rows").
 * @return SC_OK, SC_ENOTFOUND (no such table), SC_EINVAL (ncols or a value
 *         does not match the definition), SC_EFULL, SC_EIO
 */
SC_API int sc_log_rows(sc_log *log,
                       sc_txn *txn,
                       uint64_t table_id,
                       int kind,
                       const sc_binlog_value *before,
                       const sc_binlog_value *after,
                       size_t ncols);

/* ================================================================== */
/* Replicas (replicate/replica*.c, source.c). A replica pulls the      */
/* catalog logs of named sources, applies their system-table rows with */
/* schema and table ids translated through syscat.tid_map, and logs    */
/* each applied transaction as its own. docs/replication.md.           */

/** What a source does when a database or table name it creates is taken here. */
#define SC_REPLICA_ON_CONFLICT_STOP 0    /* stop the source with an error (default) */
#define SC_REPLICA_ON_CONFLICT_REWRITE 1 /* rename the database to PREFIX + name */

/** What a source does when an update or delete finds no row. */
#define SC_REPLICA_EXEC_STRICT 0     /* stop with MariaDB's 1032 error (default) */
#define SC_REPLICA_EXEC_IDEMPOTENT 1 /* skip the row and count it */

/** Options of sc_replica_add_source(). Start from SC_REPLICA_SOURCE_OPTIONS_INIT. */
typedef struct sc_replica_source_options {
    unsigned version;              /* SC_REPLICA_SOURCE_OPTIONS_VERSION */
    const char *from;              /* a source data directory, or HOST:PORT */
    const char *user;              /* HOST:PORT: account (may be NULL) */
    const char *password_file;     /* HOST:PORT: file holding the password (may be NULL) */
    uint32_t server_id;            /* the source's server id, informational (0 = unknown) */
    const char *const *rewrite_db; /* "FROM=TO" database renames */
    size_t n_rewrite_db;           /* entries of rewrite_db */
    int on_conflict;               /* SC_REPLICA_ON_CONFLICT_* */
    int exec_mode;                 /* SC_REPLICA_EXEC_* */
} sc_replica_source_options;

#define SC_REPLICA_SOURCE_OPTIONS_VERSION 1
#define SC_REPLICA_SOURCE_OPTIONS_INIT                                                             \
    {                                                                                              \
        SC_REPLICA_SOURCE_OPTIONS_VERSION, NULL, NULL, NULL, 0, NULL, 0,                           \
            SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT                                    \
    }

/**
 * Register a source under name (one committed transaction, logged).
 * @return SC_OK, SC_EEXISTS (name taken), SC_EINVAL (bad name, FROM or rule: message says
 *         which), SC_EIO
 */
SC_API int
sc_replica_add_source(sc_log *log, const char *name, const sc_replica_source_options *opts);

/**
 * Forget a source: its row, position and id map (the tables it created stay).
 * @return SC_OK, SC_ENOTFOUND, SC_EIO
 */
SC_API int sc_replica_remove_source(sc_log *log, const char *name);

/** Counters of one sc_replica_apply() call. */
typedef struct sc_replica_stats {
    uint64_t txns;         /* source transactions applied (committed here) */
    uint64_t rows;         /* row events applied */
    uint64_t skipped_txns; /* transactions skipped: our own server id */
    uint64_t rows_skipped; /* idempotent mode: rows whose target was missing */
    uint32_t gtid_domain;  /* GTID of the last transaction counted (0-0-0: none yet) */
    uint32_t gtid_server;
    uint64_t gtid_seq;
} sc_replica_stats;

/**
 * Called once per source transaction (applied or skipped), right after the
 * local commit that made it durable, with the counters up to and including it
 * and its GTID (progress display, lag). One local commit may hold several
 * source transactions (group apply): then the calls follow each other.
 */
typedef void (*sc_replica_progress_cb)(const sc_replica_stats *sofar, void *payload);

/**
 * Apply every complete transaction the source has now, each in one catalog
 * transaction together with the source's new position, then return. A
 * transaction cut by the end of the available data waits for the next call.
 * @param[out] out  counters (may be NULL)
 * @return SC_OK; SC_ENOTFOUND (no such source); SC_ESQL with 1032 (strict mode: a
 *         row to update or delete is missing); SC_ERROR (a conflict: the message
 *         names the source, the position and the object; recorded as the source's
 *         last error, nothing of that transaction applied); SC_ECORRUPT; SC_EIO
 */
SC_API int sc_replica_apply(
    sc_replica_stats *out, sc_log *log, const char *name, sc_replica_progress_cb cb, void *payload);

/**
 * A source being followed: sc_replica_follower_apply() is sc_replica_apply()
 * for repeated rounds, keeping what a round can reuse (the source file open,
 * mapped again when it grows, with its TABLE_MAPs: a round reads only what
 * is new, whatever binlog.table_map the source uses). Settings, the source's
 * row and its position are read again each round.
 */
typedef struct sc_replica_follower sc_replica_follower;

/**
 * Start following source name (nothing is read yet).
 * @return SC_OK, SC_ENOTFOUND (no such source), SC_ENOMEM, SC_EIO
 * Ownership: free with sc_replica_follower_close().
 */
SC_API int sc_replica_follower_open(sc_replica_follower **out, sc_log *log, const char *name);

/**
 * One round: as sc_replica_apply() (same counters, callback and errors). A
 * HOST:PORT source is followed through one blocking binlog dump kept open
 * between rounds (the source pushes each commit): a round applies the events
 * that have arrived and returns without waiting for more; wait for the next
 * ones on sc_replica_follower_fd().
 */
SC_API int sc_replica_follower_apply(sc_replica_stats *out,
                                     sc_replica_follower *f,
                                     sc_replica_progress_cb cb,
                                     void *payload);

/**
 * The socket of a HOST:PORT source's open dump: readable when it has sent
 * something (poll(2) it for POLLIN, then call sc_replica_follower_apply()).
 * @return the descriptor, or -1 (a directory source, or no connection open:
 *         the next round connects)
 */
SC_API int sc_replica_follower_fd(const sc_replica_follower *f);

/**
 * Events of a HOST:PORT source have arrived that the last round left for the
 * next (a round gives the other sources their turn after 20 ms): call
 * sc_replica_follower_apply() again without waiting on the socket, which may
 * be empty while the client library holds them.
 */
SC_API bool sc_replica_follower_has_more(const sc_replica_follower *f);

/** Stop following (NULL is fine); nothing is lost: positions are committed. */
SC_API void sc_replica_follower_close(sc_replica_follower *f);

/** A source and its state, as sc_replica_status_get() and sc_replica_sources() give it. */
typedef struct sc_replica_status {
    uint64_t source_id;    /* local id of the source */
    char name[256];        /* its name */
    char from[1024];       /* DIR or HOST:PORT */
    uint32_t server_id;    /* as registered */
    int on_conflict;       /* SC_REPLICA_ON_CONFLICT_* */
    int exec_mode;         /* SC_REPLICA_EXEC_* */
    char rewrite_db[1024]; /* "from=to" rules, one per line */
    char file[256];        /* source binlog file of the position ("" = not started) */
    uint64_t position;     /* offset of the next event to read in file */
    uint32_t gtid_domain;  /* last applied GTID */
    uint32_t gtid_server;
    uint64_t gtid_seq;
    uint64_t txns_applied; /* since the source was added */
    uint64_t rows_applied;
    uint64_t rows_skipped;
    bool lag_known;           /* lag_* are valid (DIR sources whose files could be read) */
    uint64_t lag_bytes;       /* bytes of the source's files after the position */
    uint64_t lag_txns;        /* complete transactions after the position */
    char last_error[512];     /* empty when the source runs */
    uint64_t last_error_time; /* seconds since the epoch, 0 = never */
} sc_replica_status;

/** Status of one source (lag computed from its files). @return SC_OK, SC_ENOTFOUND */
SC_API int sc_replica_status_get(sc_replica_status *out, sc_log *log, const char *name);

/** Call cb for every source, in id order (lag not computed). Non-zero stops the walk. */
SC_API int sc_replica_sources(sc_log *log,
                              int (*cb)(const sc_replica_status *st, void *payload),
                              void *payload);

/** Kinds of syscat.tid_map rows. */
#define SC_IDMAP_TABLE 1
#define SC_IDMAP_SCHEMA 2

/** One id mapping with the names on both sides (borrowed for the callback). */
typedef struct sc_idmap_entry {
    const char *source;        /* source name */
    uint32_t kind;             /* SC_IDMAP_TABLE or SC_IDMAP_SCHEMA */
    uint64_t source_tid;       /* id on the source */
    uint64_t my_tid;           /* id here */
    const char *local_schema;  /* database here ("" if gone) */
    const char *local_table;   /* table here (tables only) */
    const char *source_schema; /* database name on the source (rewrite rules undone) */
} sc_idmap_entry;

/** Call cb for every mapping of source name (NULL = all sources). */
SC_API int sc_replica_idmap(sc_log *log,
                            const char *name,
                            int (*cb)(const sc_idmap_entry *e, void *payload),
                            void *payload);

/* ================================================================== */
/* Serving the log as a replication stream (replicate/stream.c)        */
/* What COM_BINLOG_DUMP sends, built from the files of a binlog         */
/* directory without any socket: docs/server.md "The binlog stream".    */

/** A replication stream over a binlog directory (opaque). */
typedef struct sc_stream sc_stream;

/** @mariadb_slave_capability values a client may announce (MariaDB's numbering). */
#define SC_STREAM_CAP_ANNOTATE 1       /* understands ANNOTATE_ROWS */
#define SC_STREAM_CAP_TOLERATE_HOLES 2 /* skipped events may leave holes in log_pos */
#define SC_STREAM_CAP_GTID 4           /* understands GTID, GTID_LIST */

/** Dump flags of COM_BINLOG_DUMP. */
#define SC_DUMP_NON_BLOCK 0x0001          /* end with EOF when caught up */
#define SC_DUMP_SEND_ANNOTATE_ROWS 0x0002 /* send ANNOTATE_ROWS events */

/**
 * Where a stream starts and what the client understands. Start from
 * SC_STREAM_OPTIONS_INIT. With gtid_state set, file and pos are ignored.
 */
typedef struct sc_stream_options {
    unsigned version; /* 1 */
    const char *dir;  /* the binlog directory (DATADIR/binlog) */
    const char *file; /* start file base name; NULL or "" = the oldest file */
    uint64_t pos;     /* start position in that file, in the client's coordinates */
    const char
        *gtid_state;    /* non-NULL: @slave_connect_state ("0-1-42,1-2-7"; "" = from the start) */
    bool stable_ids;    /* the client keeps TABLE_MAPs across statements: files verbatim */
    int checksum;       /* @master_binlog_checksum: -1 never set, else sc_checksum_alg */
    uint16_t flags;     /* SC_DUMP_* of the dump request */
    int capability;     /* @mariadb_slave_capability (0 when never set) */
    uint32_t server_id; /* our server id, written into the artificial events */
    bool one_file;      /* only the start file's events, no artificial ones (SHOW BINLOG EVENTS) */
} sc_stream_options;

#define SC_STREAM_OPTIONS_INIT                                                                     \
    {                                                                                              \
        1, NULL, NULL, 4, NULL, false, -1, 0, 0, 1, false                                          \
    }

/**
 * Open a stream. Nothing is read beyond what the start needs; errors a client
 * must see (unknown file, impossible position, GTID not in the log) are
 * SC_ESQL with MariaDB's 1236 and its text, as a server answers the dump.
 * @param[out] out the stream; free with sc_stream_close()
 * @return SC_OK, SC_ESQL (1236 / 1105 for a malformed GTID state), SC_EIO, SC_ENOMEM
 */
SC_API int sc_stream_open(sc_stream **out, sc_ctx *ctx, const sc_stream_options *opt);

/**
 * The next event to send (without the OK byte the protocol puts before it).
 * A stock client (stable_ids false) gets each file's *stream image*: the
 * stored events with a TABLE_MAP before each statement's rows for every table
 * the statement does not map itself, log_pos and CRC32 rewritten so the image
 * is a consistent binlog file.
 * @param[out] out the event, borrowed until the next call; len 0 when the
 *                 stream is caught up (call again after the next commit)
 * @return SC_OK, SC_ESQL (1236: damaged file, impossible position), SC_EIO, SC_ENOMEM
 */
SC_API int sc_stream_next(sc_slice *out, sc_stream *s);

/** True when a one_file stream has passed the end of its file (no more events will come). */
SC_API bool sc_stream_done(const sc_stream *s);

/**
 * A HEARTBEAT_LOG_EVENT (27) naming the current file and position, for a
 * client that set @master_heartbeat_period. Borrowed until the next call.
 */
SC_API int sc_stream_heartbeat(sc_slice *out, sc_stream *s);

/** The file being read and the client-coordinate position of its next event (borrowed name). */
SC_API void sc_stream_position(const char **file, uint64_t *pos, const sc_stream *s);

/** The checksum algorithm of the file being read (sc_checksum_alg; -1 before its FDE). */
SC_API int sc_stream_checksum(const sc_stream *s);

/** Close a stream (NULL is fine). */
SC_API void sc_stream_close(sc_stream *s);

/**
 * The log's last GTID per domain, "0-1-42[,1-1-7...]" (@@gtid_binlog_pos):
 * the newest file's GTID_LIST plus the GTIDs in that file. "" for an empty log.
 * @param[out] out the text; free with sc_free(ctx, *out)
 * @return SC_OK, SC_ESQL (1236: no file, damaged file), SC_EIO, SC_ENOMEM
 */
SC_API int sc_stream_gtid_pos(char **out, sc_ctx *ctx, const char *dir);

/**
 * Size of a file in the client's coordinates: the stored size for a client
 * with stable ids, else the size of the file's stream image (the file is read).
 * @return SC_OK, SC_ESQL (1220/1236 unknown or damaged file), SC_EIO, SC_ENOMEM
 */
SC_API int
sc_stream_file_size(uint64_t *out, sc_ctx *ctx, const char *dir, const char *file, bool stable_ids);

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_REPLICATE_H */
