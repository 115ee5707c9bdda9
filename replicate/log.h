/*
 * log.h - internals of the catalog log (public API in syscat/replicate.h,
 * section "The catalog log"): the log handle, its state in LMDB and the
 * helpers shared by log.c (commit hook, event building), logfile.c (files,
 * index, rotation, rebuild, purge, verify) and userrows.c (sc_log_rows).
 *
 * Storage (all in the catalog's LMDB environment, written in the catalog's
 * own write transaction, docs/log-format.md "The log in the catalog"):
 *   log.state   "state" -> sc_log_state (encoded by sc_log__state_put)
 *   log.events  file u32 BE | offset u64 BE -> bytes of that file at that offset
 *               (one record per binlog transaction, per file header, per ROTATE)
 *   log.maps    file u32 BE | table id u64 BE -> version u64 LE: TABLE_MAPs
 *               already written in that file (binlog.table_map=file)
 * Data rows of sc_log_rows travel in the catalog's own change list
 * (sc_catalog__txn_add_user_change, systable 0), so the hook meets them in
 * execution order among the catalog changes.
 * Invariant: the records of a file are contiguous from offset 0 and their
 * concatenation is the file, byte for byte; cur_size is the end of the
 * current file's last record.
 * Files: the after-commit hook appends the new records to DATADIR/binlog
 * right after each commit; a failure there never touches the commit and is
 * kept in file_err (returned again by sc_log_sync until a sync succeeds).
 */
#ifndef SC_REPLICATE_LOG_H
#define SC_REPLICATE_LOG_H

#include "catalog/catalog_int.h"
#include "replicate/event.h"
#include "replicate/rowfmt.h"
#include "replicate/sysmap.h"

/** Most GTID domains the GTID_LIST at a file start carries. */
#define SC_LOG_MAX_DOMAINS 16
/** Rows-event payload cap (MariaDB binlog_row_event_max_size, 8192). */
#define SC_LOG_ROWS_MAX 8192
/** Default binlog.max_file_size: 1 GiB, MariaDB's max_binlog_size default. */
#define SC_LOG_DEFAULT_MAX_SIZE (1024ull * 1024 * 1024)
/** Default binlog.compress_min_len: rows of fewer bytes stay plain, as with MariaDB's
 *  log_bin_compress_min_len (256). Deflating a rows event costs about 30,000
 *  instructions whatever its size (libdeflate builds a block's Huffman codes and
 *  clears its hash table per call); under 256 bytes that bought 36-70 bytes an
 *  event, 1-2 bytes per 1,000 instructions against 9 for a W table's columns
 *  event (docs/log-format.md "Compressed rows events"). */
#define SC_LOG_DEFAULT_COMPRESS_MIN 256
/** Version of the log.state record. */
#define SC_LOG_STATE_VERSION 1
/** Schema name of the system tables in TABLE_MAPs. */
#define SC_LOG_SYSDB "syscat"

/**
 * Persistent state of the log (log.state). Invariants (what sc_log__state_get
 * accepts, asserted by sc_log__state_put): 1 <= first_file <= cur_file;
 * n_gtids <= SC_LOG_MAX_DOMAINS; checksum is 0 (none) or 1 (CRC32).
 */
typedef struct sc_log_state {
    uint32_t first_file; /* oldest file not purged */
    uint32_t cur_file;   /* file being appended to */
    uint64_t cur_size;   /* its size = offset of the next record */
    uint8_t checksum;    /* sc_checksum_alg of the current file (fixed by its FDE) */
    uint64_t next_seq;   /* next GTID sequence number */
    uint32_t n_gtids;    /* last GTID per domain, for GTID_LIST */
    sc_gtid gtids[SC_LOG_MAX_DOMAINS];
} sc_log_state;

/** Row image modes (binlog.row_image). */
typedef enum sc_log_image {
    SC_LOG_IMAGE_FULL = 0,
    SC_LOG_IMAGE_MINIMAL,
    SC_LOG_IMAGE_NOBLOB,
} sc_log_image;

/** Settings as read at the start of each commit. */
typedef struct sc_log_settings {
    bool enabled;             /* binlog.enabled */
    sc_checksum_alg checksum; /* for the next file */
    sc_log_image image;       /* binlog.row_image */
    bool map_per_stmt;        /* binlog.table_map=statement */
    bool annotate;            /* binlog.annotate */
    bool compress;            /* binlog.compress */
    uint64_t compress_min;    /* binlog.compress_min_len */
    uint64_t max_size;        /* binlog.max_file_size */
    uint32_t server_id;       /* binlog.server_id */
    uint32_t domain_id;       /* binlog.domain_id */
} sc_log_settings;

/** A prepared TABLE_MAP of a system table (built once at sc_log_open). */
typedef struct sc_log_sysmap {
    sc_sysmap map;      /* columns, key */
    sc_ev_table_map tm; /* event body; tm.fields point into meta */
    sc_buf meta;        /* optional metadata bytes */
} sc_log_sysmap;

/** Observer of the changes the hook logs (tests); same signature as the hook. */
typedef sc_commit_hook sc_log_observer;

/**
 * TABLE_MAP body (no header, no checksum) of a user table at one version, as
 * sc_log_rows built it from the table's definition; the commit hook writes
 * it before the rows. Emptied after every commit.
 */
typedef struct sc_log_umap {
    uint64_t table_id; /* user table */
    uint64_t version;  /* its catalog version when the rows were encoded */
    sc_buf body;       /* the map's event body */
} sc_log_umap;

/**
 * The binlog file the after-commit hook appends to, kept open across
 * commits (logfile.c). Invariant while fd >= 0: the first `size` bytes of
 * file `file` equal its stored records, as of the last append or check;
 * dev/ino name the file fd has open, so a file replaced (rebuild, another
 * process), removed (purge) or grown by another process is noticed by one
 * stat() and goes through the full checks again.
 */
typedef struct sc_log_fd {
    int fd;        /* open file, or -1 */
    uint32_t file; /* its number */
    uint64_t size; /* bytes of it known to equal the stored log */
    uint64_t dev;  /* st_dev of the open file */
    uint64_t ino;  /* st_ino of the open file */
    int alg;       /* its checksum algorithm (sc_log__file_alg) */
} sc_log_fd;

/**
 * A row image the replica applier hands the commit hook for one change of
 * the open unit (sc_log__image_hint): the insert or update recorded as
 * change number idx since the unit began, of system table systable; its
 * image (an update's after image) is hint_bytes[off, off + len).
 */
typedef struct sc_log_hint {
    size_t idx;
    unsigned systable;
    bool update; /* an update, image its after image (else an insert) */
    size_t off, len;
    const uint8_t *after; /* the change's recorded row, matched at the hook (NULL: none) */
} sc_log_hint;

struct sc_log {
    sc_catalog *cat;                         /* the catalog the hooks are installed on */
    sc_ctx *ctx;                             /* the catalog's ctx */
    char *dir;                               /* DATADIR/binlog */
    MDB_dbi dbi_state, dbi_events, dbi_maps; /* valid when have_dbis */
    bool have_dbis;                          /* the log databases exist */
    uint32_t synced_below;                   /* files below this number are complete on disk */
    uint32_t index_files[2];                 /* first/last file listed by the index we wrote */
    bool dir_ok;                             /* DATADIR/binlog was made or found (no mkdir) */
    sc_log_fd out;                           /* the file being appended, kept open */
    sc_error file_err;                       /* last failed file write (code SC_OK: none pending) */
    bool readonly;                           /* read-only catalog: the files are never written */
    sc_log_sysmap sys[SC_SYS__END];          /* per system table id (0 unused) */
    sc_log_umap *umaps;                      /* user-table maps of the open transaction */
    size_t n_umaps, cap_umaps;
    sc_log_observer observer; /* tests: called with the changes before logging */
    void *observer_payload;
    uint32_t origin_server_id;        /* != 0: server id of the next commits (replica applier) */
    struct libdeflate_compressor *zc; /* level 1, for compressed rows events (log.c) */
    sc_txn *pin_txn;                  /* != NULL: pin_set holds the settings of this write txn */
    size_t pin_txn_id; /* its LMDB txn id (a new txn at the same address is not it) */
    sc_log_settings pin_set;
    sc_log_settings set_cache; /* valid when set_cached: the parse of set_raw */
    sc_buf set_raw;            /* the stored text of every log setting, as last parsed */
    sc_buf set_raw_new;        /* the same, as read by this commit */
    bool set_cached;
    sc_buf keep[6];        /* the builder's buffers between commits (log.c build_begin) */
    struct sc_logzip *zip; /* the compressing thread and its staged transactions (logzip.c) */
    bool zip_enabled;      /* SC_LOG_ZIP_THREAD is not 0: splits may stage (logzip.c) */
    bool defer;            /* the next split may stage its transaction (sc_log__set_defer) */
    sc_log_hint *hints;    /* the applier's images for the open unit (sc_log__image_hint) */
    size_t n_hints, cap_hints;
    sc_buf hint_bytes; /* their bytes */
    sc_txn *hint_txn;  /* the write txn they belong to */
    size_t hint_txn_id;
};

/* ---- log.c ---- */

/** Read the settings (defaults for unset ones). */
int sc_log__settings(sc_log_settings *out, sc_txn *txn);
/** Load log.state. @return SC_OK, SC_ENOTFOUND (no log yet), SC_ECORRUPT */
int sc_log__state_get(sc_log_state *out, sc_log *log, sc_txn *txn);
/** Store log.state. */
int sc_log__state_put(sc_log *log, sc_txn *txn, const sc_log_state *st);
/** Create the state and the header of file 1 when the log has none. */
int sc_log__ensure_state(sc_log_state *out, sc_log *log, sc_txn *txn);
/** Close the kept-open binlog file (logfile.c); the next append opens and checks it again. */
void sc_log__fd_close(sc_log *log);
/** Append the header events of file `file` (magic, FDE, GTID_LIST, BINLOG_CHECKPOINT). */
int sc_log__file_header(
    sc_buf *b, const sc_log_state *st, uint32_t file, uint32_t server_id, uint32_t now);
/** Encode ev onto b as the event ending at file offset base + (b->len after it); patches log_pos.
 */
int sc_log__emit(sc_buf *b, uint64_t base, sc_event *ev, sc_checksum_alg alg);
/** Store bytes as the record at (file, offset). */
int sc_log__record_put(sc_log *log, sc_txn *txn, uint32_t file, uint64_t offset, sc_slice bytes);
/** The record key of (file, offset): 12 bytes. */
void sc_log__key(uint8_t key[12], uint32_t file, uint64_t offset);
/** Base name of a file number: "binlog.000001" (buf of at least 32 bytes). */
void sc_log__file_name(char *buf, size_t size, uint32_t file);
/** Parse a base name back to its number, 0 when it is not one of ours. */
uint32_t sc_log__file_number(const char *name);
/** Close the current file with a ROTATE and write the next file's header, in txn. */
int sc_log__rotate_in(sc_log *log, sc_txn *txn);
/**
 * Log the next commits with this server id instead of binlog.server_id (0 =
 * back to the setting): the replica applier keeps a transaction's origin.
 */
void sc_log__set_origin(sc_log *log, uint32_t server_id);
/**
 * Read the settings once for every unit of write transaction txn (the
 * replica applier's batch, split once per source transaction; it writes no
 * setting): the commit hook uses them instead of reading the settings again
 * at every split. No pin when they do not read (each split then reports the
 * error, as without). sc_log__unpin_settings before txn ends.
 */
void sc_log__pin_settings(sc_log *log, sc_txn *txn);
void sc_log__unpin_settings(sc_log *log);
/**
 * While on, the splits of a pinned batch (sc_log__pin_settings) hand their
 * transaction's compression, positions and checksums to the log's
 * compressing thread (logzip.c) when binlog.compress is on; the records are
 * stored when the batch commits. The replica applier turns it on around its
 * splits; every other commit or split stays on the one-thread path.
 */
void sc_log__set_defer(sc_log *log, bool on);
/**
 * The replica applier's row image of change number idx of write txn txn
 * (counted from the txn's start or last split: sc_catalog__txn_mark), an
 * insert into system table systable or (update) the after image, of every
 * column, of an update of it. image must be byte for byte what the commit
 * hook encodes from the row the catalog recorded for that change
 * (replica_rows.c proves it: sc_sysmap__image_match); the hook copies it
 * instead of decoding the row and encoding it again (an update's only under
 * binlog.row_image=FULL: a partial after image depends on what changed). A
 * change it does not match (another table or kind) is encoded as always.
 * The images are forgotten at the unit's end (the hook) and when the txn
 * ends. *copy gets the log's copy of image, to write in place until the
 * next call.
 * @return SC_OK, SC_ENOMEM
 */
int sc_log__image_hint(uint8_t **copy,
                       sc_log *log,
                       sc_txn *txn,
                       size_t idx,
                       unsigned systable,
                       bool update,
                       sc_slice image);
/** Tests: the applier's images the commit hook wrote instead of encoding them. */
extern unsigned long sc_log__hints_used;
/** Use the compressing thread at all (default: SC_LOG_ZIP_THREAD is not "0"; tests). */
void sc_log__set_zip_thread(sc_log *log, bool on);
/** Tests: transactions staged for the compressing thread so far (logzip.c). */
extern unsigned long sc_log__zip_staged;
/** Tests: event timestamps of this process's logs (0: the clock). */
extern uint32_t sc_log__test_now;
/** Install an observer (tests). */
void sc_log__set_observer(sc_log *log, sc_log_observer fn, void *payload);

/* ---- logfile.c ---- */

/** Called per stored record of a file: its offset and bytes (valid during the call). */
typedef int (*sc_log_record_cb)(uint64_t off, sc_slice bytes, void *payload);
/** Walk the records of one file from the one holding `from` (or the first after it). */
int sc_log__walk(
    sc_log *log, sc_txn *txn, uint32_t file, uint64_t from, sc_log_record_cb cb, void *payload);

/** Write what the files lack, from the committed log visible to txn (read or write). */
int sc_log__sync_files(sc_log *log, sc_txn *txn);
/** Total stored bytes of a file (sum of its records); 0 when it has none. */
int sc_log__file_size(uint64_t *out, sc_log *log, sc_txn *txn, uint32_t file);

/* ---- logcheck.c ---- */

/**
 * Check the events of one stored record at file offset `off`: framing
 * (lengths inside the record, log_pos), the magic and Format_description at
 * the file start, CRC32 (the FDE always; every event when *alg is CRC32).
 * @param[in,out] alg the file's checksum algorithm, set by the record at offset 0
 * @return true when sound; else false with why (what and at which offset)
 */
bool sc_log__record_check(char *why, size_t size, int *alg, uint64_t off, sc_slice rec);
/** The checksum algorithm of a file, from its stored first record. @return SC_OK, SC_ECORRUPT */
int sc_log__file_alg(int *alg, sc_log *log, sc_txn *txn, uint32_t file);
/** Where the checks (logcheck.c, rowcheck.c) send problems: counted in n, each line to report. */
typedef struct sc_log_problems {
    void (*report)(const char *problem, void *payload); /* or NULL */
    void *payload;
    size_t n;
} sc_log_problems;

/** Count one problem and hand its line (printf format, cut at 1023 bytes) to pr->report. */
void sc_log__problem(sc_log_problems *pr, const char *fmt, ...) SC_PRINTF(2, 3);

/**
 * Check every stored record of a file (contiguity and sc_log__record_check),
 * reporting each problem; *bad_out counts them, *end_out is the end of the
 * last record; bytes (may be NULL) receives the file's bytes.
 */
int sc_log__check_file(size_t *bad_out,
                       uint64_t *end_out,
                       sc_buf *bytes,
                       sc_log *log,
                       sc_txn *txn,
                       uint32_t file,
                       void (*report)(const char *problem, void *payload),
                       void *payload);

/** What decides whether a column is in a row image (docs/log-format.md "Row images"). */
typedef struct sc_log_col_traits {
    bool pk;   /* part of the key (or the table has none: every column identifies) */
    bool blob; /* BLOB/TEXT/JSON: left out under NOBLOB unless a key */
} sc_log_col_traits;

/** The traits of column i of table (a system table's map, a user table). */
typedef sc_log_col_traits (*sc_log_traits_fn)(const void *table, size_t i);

/** One change of a table as the row image mode sees it. */
typedef struct sc_log_image_change {
    size_t ncols;              /* columns of the table */
    sc_log_traits_fn traits;   /* traits(table, i) describes column i */
    const void *table;         /* passed to traits */
    int kind;                  /* SC_LOG_INSERT, SC_LOG_UPDATE, SC_LOG_DELETE */
    sc_log_image image;        /* the binlog_row_image mode */
    const sc_binlog_value *bv; /* before values (read for UPDATE) */
    const sc_binlog_value *av; /* after values (read for UPDATE) */
} sc_log_image_change;

/**
 * Set the bits of change ch's columns in the present and after bitmaps (zeroed
 * by the caller), as binlog_row_image does (docs/log-format.md "Row images").
 */
void sc_log__image_bits(uint8_t *present, uint8_t *after_bm, const sc_log_image_change *ch);

/* ---- userrows.c ---- */

typedef struct sc_log_build sc_log_build;
/**
 * Emit the TABLE_MAP of the user table of change c (systable 0) when the
 * mode and the file's maps ask for one and the statement has not mapped that
 * version yet. With inline_only, only when the statement mapped another
 * version of the table before (rows on both sides of an ALTER in one
 * statement); the open rows event is then flushed first.
 */
int sc_log__user_map(sc_log_build *bld, const sc_row_change *c, bool inline_only);
/** Add the rows of a user change (an sc_log_rows record) to the open rows event. */
int sc_log__user_change(sc_log_build *bld, const sc_row_change *c);
/** Forget the user-table maps (after every commit). */
void sc_log__umaps_clear(sc_log *log);

/* ---- logzip.c ---- */

typedef struct sc_logzip sc_logzip;
/**
 * Hand the built transaction (bld->out: events without checksums, log_pos 0;
 * bld->cands: its rows events to compress) to the compressing thread, as the
 * record at bld->st.cur_size when it is the first staged one of the
 * batch; *upper: its record's length at most. bld->out and bld->cands are
 * swapped for empty buffers of the pool.
 */
int sc_log__zip_stage(sc_log_build *bld, uint64_t *upper);
/** Keep st as the state after the staged transactions (cur_size an upper bound). */
void sc_log__zip_keep_state(sc_log *log, const sc_log_state *st);
/** Transactions of write txn txn are staged. */
bool sc_log__zip_pending(const sc_log *log, sc_txn *txn);
/** When some are: *st = the state after them (cur_size an upper bound) and true. */
bool sc_log__zip_state(sc_log_state *st, const sc_log *log, sc_txn *txn);
/**
 * Wait for the thread, store the staged records in log.events and log.state
 * (st: the state after them, cur_size exact), in txn. On failure txn can only
 * be aborted.
 */
int sc_log__zip_finish(sc_log *log, sc_txn *txn, sc_log_state *st);
/** Drop the staged transactions (their write transaction ended or is aborted). */
void sc_log__zip_discard(sc_log *log);
/** Stop the thread and free everything (sc_log_close). */
void sc_log__zip_free(sc_log *log);

/** One candidate for compression in bld->cands (logzip.c reads them). */
typedef struct sc_log_zcand {
    uint32_t at;   /* the rows event's offset in bld->out */
    uint32_t rows; /* its rows: the last `rows` bytes of the event */
    uint8_t kind;  /* SC_LOG_INSERT/UPDATE/DELETE */
} sc_log_zcand;

/* ---- the transaction builder shared by log.c and userrows.c ---- */

struct sc_log_build {
    sc_log *log;
    sc_txn *txn;
    sc_log_settings set;    /* settings of this commit */
    uint32_t own_server_id; /* this server's id (set.server_id may be an origin's) */
    sc_log_state st;        /* state (updated by the builder) */
    sc_buf out;             /* the binlog transaction being built */
    uint32_t now;           /* event timestamp */
    sc_buf rows;            /* row images of the open rows event */
    sc_buf scratch;         /* per-event scratch */
    sc_buf zrows;           /* the open rows event's rows, compressed */
    bool group_open;        /* a rows event is being filled */
    uint64_t g_table;       /* its table id */
    int g_kind;             /* SC_LOG_INSERT/UPDATE/DELETE */
    uint16_t g_flags;       /* SC_ROWS_* */
    size_t g_ncols;         /* columns */
    uint8_t g_present[512]; /* (ncols + 7) / 8 bytes */
    uint8_t g_present_after[512];
    bool data_only;               /* no catalog change: a DML-like transaction */
    sc_buf smaps;                 /* (table id, version) u64 pairs the current statement mapped */
    bool sys_mapped[SC_SYS__END]; /* system tables known mapped in st.cur_file (log.maps) */
    bool defer;                   /* staged for the compressing thread (logzip.c) */
    sc_buf cands;                 /* sc_log_zcand: rows events it compresses */
    size_t n_events;              /* events in out */
    size_t hint_next;             /* the applier's next image to match (log->hints) */
};

/**
 * Add one row image (or before+after pair) to the open rows event, first
 * flushing it when table, kind, flags or bitmaps differ or it would pass
 * SC_LOG_ROWS_MAX. ncols <= 4096.
 */
int sc_log__rows_add(sc_log_build *bld,
                     uint64_t table_id,
                     int kind,
                     uint16_t flags,
                     size_t ncols,
                     const uint8_t *present,
                     const uint8_t *present_after,
                     sc_slice image);
/** Write the open rows event (STMT_END_F when stmt_end). No-op when none is open. */
int sc_log__rows_flush(sc_log_build *bld, bool stmt_end);
/** Emit an ANNOTATE_ROWS event with text. */
int sc_log__annotate(sc_log_build *bld, sc_slice text);

/** Emit a TABLE_MAP for table_id if the mode and the file's maps ask for one. */
int sc_log__need_map(bool *out, sc_log_build *bld, uint64_t table_id, uint64_t version);
/** Emit one event of the transaction being built. */
int sc_log__build_emit(sc_log_build *bld, sc_event *ev);
/** Start an event header of type with the build's timestamp and server id. */
void sc_log__header(sc_log_build *bld, sc_event *ev, uint8_t type);

#endif /* SC_REPLICATE_LOG_H */
