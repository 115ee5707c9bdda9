/*
 * replica.h - internals of the replica applier (public API in
 * syscat/replicate.h, section "Replicas"; design in DESIGN.md section 7 and
 * docs/replication.md).
 *
 *   source.c        syscat.sources / replica_state / tid_map rows: load, store,
 *                   add/remove a source, status, idmap
 *   replica.c       the transport (a source data directory's binlog files),
 *                   transaction boundaries, positions, the invariant check
 *   replica_net.c   the HOST:PORT transport (a binlog stream through Connector/C)
 *   replica_rows.c  one rows event: id translation, name rewrites, conflicts,
 *                   applying the rows (any row image) and re-logging data rows
 *
 * Invariant: a source transaction is applied in exactly one local catalog
 * transaction that also stores the source's new position; nothing else
 * writes replica_state while the applier runs for that source.
 */
#ifndef SC_REPLICATE_REPLICA_H
#define SC_REPLICATE_REPLICA_H

#include "catalog/buf.h"
#include "replicate/log.h"
#include "replicate/reader.h"

/** Most database rewrite rules a source keeps. */
#define SC_REPLICA_MAX_RULES 64

/** One database rename. */
typedef struct sc_replica_rule {
    char from[256]; /* name on the source */
    char to[256];   /* name here */
} sc_replica_rule;

/** A source as its syscat.sources row describes it. */
typedef struct sc_replica_source {
    uint64_t id;                                 /* syscat.sources.id */
    char name[256];                              /* operator's name */
    uint32_t server_id;                          /* as registered */
    int on_conflict;                             /* SC_REPLICA_ON_CONFLICT_* */
    int exec_mode;                               /* SC_REPLICA_EXEC_* */
    char prefix[256];                            /* rewrite prefix for clashes */
    char from[1024];                             /* DIR or HOST:PORT */
    char user[256];                              /* HOST:PORT account */
    char password_file[1024];                    /* HOST:PORT password file */
    sc_replica_rule rules[SC_REPLICA_MAX_RULES]; /* explicit, then learned */
    size_t n_rules;
} sc_replica_source;

/** A source's position and counters (syscat.replica_state). */
typedef struct sc_replica_pos {
    char file[256];       /* "" = not started */
    uint64_t position;    /* next event to read */
    uint32_t gtid_domain; /* last applied GTID */
    uint32_t gtid_server;
    uint64_t gtid_seq;
    uint64_t txns_applied;
    uint64_t rows_applied;
    uint64_t rows_skipped;
    char last_error[512];
    uint64_t last_error_time;
} sc_replica_pos;

/* ---- source.c ---- */

/** Load the source called name. @return SC_OK, SC_ENOTFOUND (message set), SC_ECORRUPT */
int sc_replica__source_load(sc_replica_source *out, sc_txn *txn, const char *name);
/** Store the source row (rules included) in txn. */
int sc_replica__source_store(sc_txn *txn, const sc_replica_source *src);
/** Load the position of source_id (zeroed when there is none yet). */
int sc_replica__pos_load(sc_replica_pos *out, sc_txn *txn, uint64_t source_id);
/** Store the position of source_id in txn. */
int sc_replica__pos_store(sc_txn *txn, uint64_t source_id, const sc_replica_pos *pos);
/** The local id of (source, kind, source id). @return SC_OK, SC_ENOTFOUND (no message) */
int sc_replica__map_get(
    uint64_t *out, sc_txn *txn, uint64_t source_id, uint32_t kind, uint64_t source_tid);
/** Record (source, kind, source id) -> my id in txn. */
int sc_replica__map_put(
    sc_txn *txn, uint64_t source_id, uint32_t kind, uint64_t source_tid, uint64_t my_tid);
/** Remove a mapping (absent is fine). */
int sc_replica__map_del(sc_txn *txn, uint64_t source_id, uint32_t kind, uint64_t source_tid);
/** The name a source database has here (rules applied). Borrowed from src or name. */
const char *sc_replica__db_name(const sc_replica_source *src, const char *name);

/* ---- replica.c / replica_rows.c: the applier ---- */

/** Tests: the time a source's last error is recorded at (0: the clock). */
extern uint64_t sc_replica__test_now;

/** A pending mapping removal: the row was deleted; dropped at commit if still gone. */
typedef struct sc_replica_unmap {
    uint32_t kind;
    uint64_t source_tid;
    uint64_t my_tid;
} sc_replica_unmap;

/** Entries of the caches of the touched tables and schemas (a power of two). */
#define SC_REPLICA_TOUCH_CACHE 256

/** Entries of the applier's tid_map cache (direct-mapped, a power of two). */
#define SC_REPLICA_MAP_CACHE 256

/** One cached tid_map row of the open batch. */
typedef struct sc_replica_map_slot {
    bool used;
    uint32_t kind;       /* SC_IDMAP_* */
    uint64_t source_tid; /* id on the source */
    uint64_t my_tid;     /* id here */
} sc_replica_map_slot;

/** A source transaction finished inside the open batch (counted at commit). */
typedef struct sc_replica_done {
    uint32_t domain, server; /* its GTID */
    uint64_t seq;
    bool skipped;       /* our own server id */
    uint64_t rows;      /* row events */
    uint64_t rows_skip; /* idempotent skips */
} sc_replica_done;

/*
 * Group apply: consecutive source transactions share one local catalog
 * transaction (a batch of at most batch_max, committed when the source has
 * nothing more to read, at the end of a file, or when full). Each still
 * becomes its own transaction of the local log (sc_catalog__txn_split) and
 * writes the position after it, so the commit stores the batch's last
 * position with its changes: a crash loses or doubles nothing. The catalog
 * checks run once per batch over every table and database it touched. A
 * batch that fails (a conflict, a check, anything) is aborted and its range
 * applied again one transaction per commit (single), which commits what
 * precedes the culprit and stops at it with its own error.
 */
typedef struct sc_replica_net sc_replica_net; /* replica_net.c, below */

/** Column numbers the translation reads, per system table (-1: the table has none),
 * looked up once instead of by name per row. */
typedef struct sc_replica_cols {
    int id, schema_id, table_id, name, parent_schema;
} sc_replica_cols;

typedef struct sc_replica_applier {
    char name[256]; /* the source's name */
    sc_log *log;
    sc_catalog *cat;
    sc_ctx *ctx;
    uint32_t own_server_id;            /* binlog.server_id here: its transactions are skipped */
    sc_replica_source src;             /* the source being applied */
    size_t n_rules_at_begin;           /* rules before the open batch (abort restores) */
    sc_replica_pos pos;                /* committed position and counters */
    sc_replica_pos pend;               /* ... and with the open batch's finished transactions */
    sc_sysmap maps[SC_SYS__END];       /* system tables by id */
    sc_replica_cols cols[SC_SYS__END]; /* ... their translated columns */
    sc_txn *txn;                       /* the open batch (NULL: none) */
    bool in_txn;                       /* between a GTID and its XID */
    bool skip;                         /* the open transaction is skipped (own server id) */
    uint32_t origin;                   /* server id of the open transaction */
    uint32_t domain;                   /* its GTID */
    uint64_t seq;
    uint64_t txn_rows;          /* row events of the open transaction */
    uint64_t txn_rows_skipped;  /* idempotent skips in it */
    uint64_t *tables, *schemas; /* local ids the open batch touched */
    size_t n_tables, cap_tables, n_schemas, cap_schemas;
    uint64_t seen_tables[SC_REPLICA_TOUCH_CACHE];  /* members of tables (0: empty slot) */
    uint64_t seen_schemas[SC_REPLICA_TOUCH_CACHE]; /* ... of schemas */
    sc_replica_unmap *unmaps;                      /* mappings to drop at the XID */
    size_t n_unmaps, cap_unmaps;
    sc_replica_map_slot mcache[SC_REPLICA_MAP_CACHE]; /* tid_map rows read or written by the
                                                         open batch (emptied when it begins) */
    sc_replica_done *done;                            /* transactions finished in the open batch */
    size_t n_done, cap_done;
    size_t batch_max;          /* transactions per batch */
    int threads;               /* SC_REPLICA_THREADS: 0 auto, 1 one thread, 2 always two (1
                                  with a caller's allocator) */
    bool packed_rows;          /* SC_REPLICA_PACKED_ROWS=1: rows through their packed form (the
                                  path before the message path; tests compare the two) */
    sc_rows rows_keep;         /* decoding arrays kept between rows events (on_rows) */
    bool generic_decode;       /* SC_REPLICA_DECODE=generic: every rows event through
                                  sc_rows__decode_keep, none by a table's plan (tests) */
    bool hook_images;          /* SC_REPLICA_LOG_IMAGES=hook: the commit hook encodes every
                                  image from the catalog's rows (tests compare the two) */
    bool single;               /* one transaction per commit (a failed batch again) */
    bool batch_failed;         /* the last batch was aborted by an error */
    const char *file;          /* current source file (for messages) */
    char net_file[256];        /* HOST:PORT: the file the stream's events come from */
    uint64_t net_skip_below;   /* ...events of pos.file before it: applied already */
    uint64_t ev_offset;        /* offset of the event being applied */
    uint64_t ev_end;           /* its end */
    sc_replica_stats stats;    /* this call's counters */
    sc_replica_progress_cb cb; /* after each committed transaction (may be NULL) */
    void *cb_payload;
    bool seeked;      /* the file is read from the position on */
    bool map_missing; /* ...and a rows event's TABLE_MAP is before it */
    /* A follower of a HOST:PORT source keeps one blocking dump open between rounds: */
    bool keep_open;           /* a follower (sc_replica_apply: a non-blocking dump per call) */
    sc_replica_net *net;      /* the dump, NULL when closed */
    sc_binlog_reader *net_rd; /* its stream reader (the stream's TABLE_MAPs) */
    sc_buf net_pending;       /* events of a transaction whose XID has not come yet */
    /* A follower keeps the source file open between rounds (sc_replica_follower_*): */
    sc_binlog_reader *rd; /* the reader, NULL when closed */
    char rd_file[256];    /* its file's base name */
    uint64_t rd_resume;   /* the committed position it stopped after (valid while open) */
    bool rd_seeked;       /* it started at a position, not at the file's start */
    uint64_t framed;      /* events framed by the readers closed so far (tests) */
} sc_replica_applier;

/** Source transactions per local catalog transaction (group apply). */
#define SC_REPLICA_BATCH_MAX 4096

/**
 * A rows event made ready to apply: its TABLE_MAP resolved and its row images
 * decoded. A preparation that failed keeps its error, reported when the
 * event is applied (sc_replica__rows), in the order of the checks.
 */
typedef struct sc_replica_rowsev {
    int rc;            /* SC_OK, or what preparing it found (err says what) */
    sc_error err;      /* the error, when rc != SC_OK */
    bool map_missing;  /* no TABLE_MAP for its table id (rc: SC_ECORRUPT) */
    bool user;         /* data rows of a user table (else a syscat table) */
    bool decoded;      /* rows holds the decoded images (sc_replica__rows_release) */
    uint64_t table_id; /* the source's table id */
    char db[256];      /* the TABLE_MAP's names, for messages (user tables) */
    char table[256];
    sc_rows rows; /* the images; strings point into the event's bytes */
    /* Inserts and updates of a system table whose TABLE_MAP has our columns: the
     * local log may take their images from the event's bytes (replica_rows.c,
     * "Logged images") */
    bool raw_ok;  /* the event's images may be logged from raw */
    sc_slice raw; /* the event's row images (rows.at, rows.img_at are offsets in it) */
} sc_replica_rowsev;

/**
 * Prepare a rows event (decoded type and body rows) with its TABLE_MAP tm
 * (NULL: none was read); a's sysmaps and file name are only read. p->rows
 * holds the arrays of the last event prepared in p, or is all zero: they
 * are decoded into (sc_rows__decode_keep) and kept by
 * sc_replica__rows_release; sc_rows__free frees them.
 * @return SC_OK, or the error also kept in p (SC_ECORRUPT, SC_ENOMEM, ...)
 */
int sc_replica__rows_prepare(sc_replica_rowsev *p,
                             const sc_replica_applier *a,
                             const sc_ev_table_map *tm,
                             uint8_t type,
                             const sc_ev_rows *rows,
                             const sc_event_loc *loc);
/** Done with the event prepared in p (its arrays stay in p->rows for the next one). */
void sc_replica__rows_release(sc_ctx *ctx, sc_replica_rowsev *p);

/**
 * Apply one prepared rows event of the open transaction (its preparation's
 * error, if any, is reported here). Its images are translated in place.
 * @return SC_OK, SC_ESQL (1032/1062 in strict mode), SC_ERROR (conflict), ...
 */
int sc_replica__rows(sc_replica_applier *a, sc_replica_rowsev *p);

/** The column numbers of m's table (sc_replica_cols). */
void sc_replica__cols_init(sc_replica_cols *out, const sc_sysmap *m);

/** Set a conflict error naming the source and the position: "source 'S' at FILE:POS: ...". */
int sc_replica__conflict(sc_replica_applier *a,
                         int code,
                         unsigned mysql_errno,
                         const char *sqlstate,
                         const char *fmt,
                         ...) SC_PRINTF(5, 6);

/** sc_replica__map_get/put/del for the open batch, through its cache. */
int sc_replica__lookup(uint64_t *out, sc_replica_applier *a, uint32_t kind, uint64_t source_tid);
int sc_replica__remember(sc_replica_applier *a,
                         uint32_t kind,
                         uint64_t source_tid,
                         uint64_t my_tid);
int sc_replica__forget(sc_replica_applier *a, uint32_t kind, uint64_t source_tid);

/** Remember a local table / schema id the open transaction touched (for the checks). */
int sc_replica__touch(sc_replica_applier *a, bool schema, uint64_t id);
/** Remember a mapping to drop at commit when its row stays deleted. */
int sc_replica__unmap_later(sc_replica_applier *a,
                            uint32_t kind,
                            uint64_t source_tid,
                            uint64_t my_tid);

/* ---- replica.c / replica_pipe.c: reading a file's events ---- */

/** What reading a file's events ended with. */
typedef struct sc_replica_file_run {
    char next[256]; /* the ROTATE's next file, "" = none */
    bool waiting;   /* stopped at bytes not yet complete */
} sc_replica_file_run;

/** One event as the applier sees it, read by this thread or by the reading thread. */
typedef struct sc_replica_ev {
    uint8_t type;              /* SC_EV_* as stored (a compressed rows event keeps its type) */
    uint64_t offset;           /* of its first byte in its file */
    uint64_t end;              /* offset + length: the position after it */
    uint32_t server_id;        /* its header's */
    uint32_t domain;           /* GTID: domain and sequence number */
    uint64_t seq;              /* ... */
    sc_slice text;             /* ANNOTATE_ROWS text, ROTATE's next file (in the mapped file) */
    bool has_rows;             /* the reading thread filled what follows (else: the reader) */
    const sc_ev_table_map *tm; /* a rows event's TABLE_MAP (NULL: none) */
    uint8_t rows_type;         /* its decoded type (a compressed one: the plain type) */
    sc_ev_rows rows;           /* its rows (into the file, or the item's inflated copy) */
} sc_replica_ev;

/** What the applier needs of the event raw (decoded: ev) that a reader has just read. */
void sc_replica__ev_view(sc_replica_ev *v, const sc_binlog_event *raw, const sc_event *ev);

/** Apply one event (r: the reader that has just read it, whose TABLE_MAP and
 * decoded rows a rows event uses; NULL when v->has_rows). */
int sc_replica__on_event(sc_replica_applier *a,
                         const sc_replica_ev *v,
                         sc_binlog_reader *r,
                         sc_replica_file_run *fr);

/** The source went on to the file after path (binlog.NNNNNN + 1 exists). */
bool sc_replica__has_successor(const char *path);

/** SC_REPLICA_THREADS: 1 = one thread; 2 = a reading thread always; unset or
 * anything else = a reading thread when a round has at least this much to read. */
#define SC_REPLICA_PIPE_MIN_BYTES (256u << 10)

/** Whether ctx allocates with malloc (a caller's allocator: one thread only). */
bool sc_replica__thread_safe_alloc(const sc_ctx *ctx);

/** Whether this round of r is read by a reading thread (replica_pipe.c). */
bool sc_replica__pipe_wanted(const sc_replica_applier *a, const sc_binlog_reader *r);

/**
 * Apply the events of r from where it stands, as the single-threaded loop of
 * replica.c does (stopping early, waiting, at a transaction not completely
 * written yet), with a second thread reading, checking and decoding them
 * ahead through a bounded queue. The applying thread does everything that
 * writes, so positions, batches and crash safety are those of one thread.
 * When it returns, r stands right after the last event applied.
 * @return what applying returned, or the reading error at its event's turn
 */
int sc_replica__read_piped(sc_replica_applier *a,
                           sc_binlog_reader *r,
                           const char *path,
                           uint64_t start,
                           sc_replica_file_run *fr);

/* ---- replica_net.c: the HOST:PORT transport (Connector/C's replication API) ---- */

/** Where and how to pull a binlog stream. */
typedef struct sc_replica_net_options {
    const char *hostport;      /* HOST:PORT */
    const char *user;          /* NULL: root */
    const char *password_file; /* first line is the password; NULL: none */
    uint32_t server_id;        /* announced in COM_BINLOG_DUMP (our id) */
    const char *file;          /* binlog file to start in ("" or NULL: the first) */
    uint64_t position;         /* offset in it (0: 4, after the magic) */
    bool non_block;            /* end of the stream at the source's current end */
    unsigned timeout_s;        /* connect timeout (0: 10 s) */
    const char *gtid; /* "D-S-N[,...]": a GTID dump after this state (@slave_connect_state; file and
                         position are then not used); NULL or "": by file and position */
    uint32_t own_server_id; /* binlog.server_id here: a source with the same @@server_id is
                               refused before the dump (MariaDB's 1593); 0: not checked */
} sc_replica_net_options;

/** The reason of MariaDB's 1593 when master and replica have the same server id. */
#define SC_REPLICA_SAME_SERVER_IDS                                                                 \
    "The slave I/O thread stops because master and slave have equal MariaDB server ids; these "    \
    "ids must be different for replication to work (or the --replicate-same-server-id option "     \
    "must be used on slave but this does not always make sense; please check the manual "          \
    "before using it)."

/** Whether from reads as HOST:PORT (no '/', a port 1..65535). */
bool sc_replica__is_hostport(const char *from);
/** Connect, check the source's server id (own_server_id), announce CRC32 and GTID capability,
 * start the dump. @return SC_OK, SC_EINVAL, SC_EIO, SC_ESQL (1593: the same server id) */
int sc_replica__net_open(sc_replica_net **out, sc_ctx *ctx, const sc_replica_net_options *o);
/** The next event's bytes (header .. checksum), borrowed until the next call; len 0: the
 * end of a non-blocking dump (sc_replica__net_ended), or a heartbeat with nothing after it
 * yet. Blocks until a packet comes. @return SC_OK, SC_EIO (message: the client's error) */
int sc_replica__net_next(sc_slice *out, sc_replica_net *n);
/** The non-blocking dump's EOF packet came. */
bool sc_replica__net_ended(const sc_replica_net *n);
/** An event can be read without waiting (read ahead already, or the socket is readable). */
bool sc_replica__net_ready(sc_replica_net *n);
/** The connection's socket (poll it for POLLIN before sc_replica__net_ready says no more). */
int sc_replica__net_fd(sc_replica_net *n);
/** The source's binlog_checksum (events before the stream's FDE). */
sc_checksum_alg sc_replica__net_checksum(const sc_replica_net *n);
/** The last error was the connection going away (reconnect and resume). */
bool sc_replica__net_lost(const sc_replica_net *n);
void sc_replica__net_close(sc_replica_net *n);

/** Tests only: rounds read by a reading thread so far (all appliers of the process). */
extern _Atomic unsigned long sc_replica__piped_rounds;

/** Tests only: events the follower's readers framed so far (no re-read = few). */
uint64_t sc_replica__follower_framed(const sc_replica_follower *f);

/** Tests only: called with each source file's path right after it is mapped
 * (a test completes the file there, as a live source would). NULL = none. */
extern void (*sc_replica__after_open_hook)(const char *path);

#endif /* SC_REPLICATE_REPLICA_H */
