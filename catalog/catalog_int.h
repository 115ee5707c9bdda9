/*
 * catalog_int.h - catalog internals shared with ddl/ and replicate/ (the
 * dependency ddl -> catalog and replicate -> catalog is drawn in
 * docs/architecture.md). Not installed; never included by tools/.
 *
 * Contents: the sc_ctx layout and allocation helpers, the system-table
 * registry (expanded from systables.def), the row-change record a write
 * transaction keeps, the commit hook replicate/ installs, and raw row access
 * for the log applier.
 */
#ifndef SC_CATALOG_INT_H
#define SC_CATALOG_INT_H

#include <lmdb.h>
#include <protobuf-c/protobuf-c.h>

#include "syscat/common.h"
#include "syscat/error.h"
#include "syscat/catalog.h"
#include "catalog/syscat.pb-c.h"
#include "catalog/errmsg.h"

/* ------------------------------------------------------------------ */
/* Context                                                              */

struct sc_ctx {
    sc_allocator alloc;   /* every allocation goes through it */
    sc_error err;         /* last error */
    sc_notice_fn notice;  /* notice receiver, or NULL */
    void *notice_payload; /* passed to notice */
};

/* Send a notice (printf format) to the ctx's receiver, if any. */
void sc__notice(sc_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Allocation through the ctx; on failure they set SC_ENOMEM on ctx and return NULL. */
void *sc__malloc(sc_ctx *ctx, size_t size);
void *sc__calloc(sc_ctx *ctx, size_t n, size_t size);
void *sc__realloc(sc_ctx *ctx, void *ptr, size_t size);
char *sc__strdup(sc_ctx *ctx, const char *s);
/* Make room for element n of *arr (elem bytes each, *cap of them): when n == *cap, double
 * *cap (first when 0) and move *arr. SC_OK, or SC_ENOMEM with *arr and *cap unchanged. */
int sc__grow(sc_ctx *ctx, void **arr, size_t *cap, size_t n, size_t elem, size_t first);
char *sc__strndup(sc_ctx *ctx, const char *s, size_t len);
/* Copy len bytes of s into dst (len + 1 bytes, or NULL: then nothing) and add a NUL; returns
 * dst. The body of sc__strndup and sc__arena_strndup, which differ only in where dst comes from. */
char *sc__strnfill(char *dst, const char *s, size_t len);

/* ------------------------------------------------------------------ */
/* System-table registry                                                */

typedef enum sc_systable_id {
#define SC_SYSTABLE(e, id, name, desc, key) e = id,
#include "catalog/systables.def"
#undef SC_SYSTABLE
    SC_SYS__END
} sc_systable_id;

#define SC_SYS_COUNT (SC_SYS__END - 1)

/** One system table, as the registry describes it. */
typedef struct sc_systable {
    unsigned id;                            /* reserved table id == sc_systable_id */
    const char *name;                       /* name in schema syscat, LMDB db name */
    const ProtobufCMessageDescriptor *desc; /* row message: the columns */
    const char *key;                        /* comma-separated key field names */
} sc_systable;

/** The registry, indexed 0..SC_SYS_COUNT-1 (id - 1). */
extern const sc_systable sc_catalog__systables[];

/** The registry entry of a system table id, or NULL. */
const sc_systable *sc_catalog__systable(unsigned id);

/** The registry entry of a system table name, or NULL. */
const sc_systable *sc_catalog__systable_by_name(const char *name);

/* ------------------------------------------------------------------ */
/* Row changes and the commit hook                                      */

/**
 * One change a write transaction applied to a system table, in execution
 * order. before/after are packed row messages (protobuf); before.len == 0 for
 * an insert, after.len == 0 for a delete. The bytes are owned by the txn.
 * stmt indexes the statement text set with sc_txn_set_statement (0 = none).
 */
typedef struct sc_row_change {
    unsigned systable; /* sc_systable_id, or 0 for a user-table row (table_id) */
    uint64_t table_id; /* systable == 0: the user table whose row this is */
    sc_slice before;   /* packed row before, empty for insert */
    sc_slice after;    /* packed row after, empty for delete */
    unsigned stmt;     /* 1-based statement number in the txn, 0 = none */
    bool cascade;      /* deleted as a consequence of dropping its parent */
} sc_row_change;

/**
 * Called inside the top-level write transaction just before it commits, with
 * every change it made. Writing into the same MDB_txn (e.g. the log's own
 * databases) is allowed. A non-zero return aborts the commit, and the whole
 * transaction, with that code.
 */
typedef int (*sc_commit_hook)(sc_txn *txn,
                              const sc_row_change *changes,
                              size_t n_changes,
                              void *payload);

/** Install (or with hook == NULL remove) the commit hook of a catalog. */
void sc_catalog__set_commit_hook(sc_catalog *cat, sc_commit_hook hook, void *payload);

/**
 * Called right after a top-level write transaction committed (outside any
 * transaction), e.g. to write the binlog files the commit hook stored.
 */
typedef void (*sc_after_commit_hook)(sc_catalog *cat, void *payload);

/** Install (or with hook == NULL remove) the after-commit hook of a catalog. */
void sc_catalog__set_after_commit_hook(sc_catalog *cat, sc_after_commit_hook hook, void *payload);

/**
 * Mark the catalog as logged (persisted in sys.meta) or not. While it is
 * logged, a write transaction begun without a commit hook installed fails
 * (SC_EINVAL): a writer that forgot to attach the log must not make the
 * catalog and its log disagree.
 */
int sc_catalog__set_logged(sc_txn *txn, bool logged);
/** Upgrade a catalog of an older format minor in txn (its system tables and
 * their self-description); nothing for a current one. sc_log_open calls it so
 * that a logged catalog's upgrade is one logged transaction. */
int sc_catalog__upgrade(sc_txn *txn);

/**
 * Record a user-table row change (opaque row images, e.g. encoded binlog
 * rows) in txn's ordered change list, between the catalog changes made
 * before and after it (systable = 0, table_id set). Copied. A nested abort
 * drops it like any change. before.len == 0: insert; after.len == 0: delete.
 */
int sc_catalog__txn_add_user_change(sc_txn *txn,
                                    uint64_t table_id,
                                    sc_slice before,
                                    sc_slice after);

/**
 * End one unit of the log inside the open top-level write transaction: the
 * commit hook runs now over the changes recorded since the transaction began
 * or was last split, which are then forgotten (with the statement texts).
 * The LMDB transaction stays open: the units commit, or abort, together.
 * @return SC_OK, the hook's code (the transaction can then only be aborted),
 *         SC_EINVAL (a nested transaction)
 */
int sc_catalog__txn_split(sc_txn *txn);

/**
 * A statement's savepoint without a nested LMDB transaction (ddl/session.c
 * runs the statements of an explicit transaction in it directly): what the
 * txn held when the statement began.
 */
typedef struct sc_txn_mark {
    uint64_t writes;  /* txn->writes */
    size_t n_changes; /* recorded changes */
    size_t n_stmts;   /* statement texts of the root */
    unsigned cur_stmt;
} sc_txn_mark;

/** Take a mark of txn (a top-level write txn with no open child). */
void sc_catalog__txn_mark(sc_txn_mark *out, const sc_txn *txn);
/**
 * The end of a statement run since a mark, with the checks a nested txn's
 * commit makes: a pending sc_catalog_interrupt is spent here (the statement
 * fails with ER_QUERY_INTERRUPTED), a poisoned txn fails with its code.
 * @return SC_OK, or the error (set on the ctx); the caller then unwinds or
 *         rebuilds, as a nested abort would have dropped the statement
 */
int sc_catalog__txn_stmt_end(sc_txn *txn);
/**
 * Undo a statement that wrote nothing since the mark: forget its text.
 * @return true when nothing was written, recorded or poisoned since the
 *         mark (the txn is as it was); false when the statement left rows,
 *         which only an abort of the whole txn removes (nothing is changed)
 */
bool sc_catalog__txn_unwind(sc_txn *txn, const sc_txn_mark *mark);
/** Nested write transactions begun on this catalog handle (tests, bench). */
uint64_t sc_catalog__nested_count(const sc_catalog *cat);

/** Statement text number n (1-based) of the txn, or an empty slice. */
sc_slice sc_catalog__statement(const sc_txn *txn, unsigned n);

/** The LMDB environment and transaction behind a catalog / transaction. */
MDB_env *sc_catalog__env(const sc_catalog *cat);
MDB_txn *sc_catalog__mdb_txn(const sc_txn *txn);

/**
 * The stored text of setting key as LMDB holds it, without a copy: valid
 * until txn ends or writes. For readers that run at every commit (the log's
 * settings), where sc_setting_get's copy and message cost more than the read.
 * @return SC_OK, SC_ENOTFOUND (not set; no error message is set), SC_EIO
 */
int sc_catalog__setting_peek(sc_slice *out, sc_txn *txn, const char *key);

/**
 * Put back an error report saved from *sc_ctx_last_error(ctx): this thread's
 * report, as sc_ctx_route_thread routes it. Code that tries something and
 * forgets its failure must save and restore through these two, never through
 * ctx->err: a reader loop of `syscat serve` shares the catalog's ctx with the
 * main loop, and its reports go to a context of its own.
 */
void sc_catalog__error_restore(sc_ctx *ctx, const sc_error *saved);

/**
 * Open (creating in a write txn) an extra named LMDB database, e.g. the log's.
 * Names starting with "sys." are reserved for the catalog.
 */
int sc_catalog__open_dbi(MDB_dbi *out, sc_txn *txn, const char *name, unsigned mdb_flags);

/** Counters of a catalog's definition cache (sc_catalog__table_cache_stats). */
typedef struct sc_table_cache_stats {
    size_t entries;     /* definitions held now */
    size_t capacity;    /* most held at once (0 = cache disabled) */
    uint64_t hits;      /* loads answered from the cache */
    uint64_t snap_hits; /* of which without reading any row (same read snapshot as before) */
    uint64_t misses;    /* loads that read the rows (the cache could have answered) */
    uint64_t fills;     /* definitions added */
    uint64_t evictions; /* definitions dropped to make room */
    uint64_t refused;   /* loaded definitions not cached: asked for less often than the victim */
    uint64_t bypassed;  /* loads that did not consult the cache: its hit rate was too low */
} sc_table_cache_stats;

/** The counters of cat's definition cache (tests, benchmarks). */
void sc_catalog__table_cache_stats(sc_table_cache_stats *out, const sc_catalog *cat);

/** Map an LMDB return code to an sc_err, setting the message on ctx (what = operation). */
int sc_catalog__mdb_error(sc_ctx *ctx, int rc, const char *what);
/*
 * Bounds-checked mdb_get / mdb_cursor_get (rows.c): every read of the map in
 * catalog/ and replicate/ goes through them. Same return codes as LMDB, plus
 * SC_CATALOG__MDB_OUTSIDE when the key or value returned runs past the used
 * part of the map (a damaged node size): SC_ECORRUPT naming the table and key
 * is then set on the catalog's ctx, and sc_catalog__mdb_error keeps it.
 */
#define SC_CATALOG__MDB_OUTSIDE (-30600)
int sc_catalog__mdb_get(MDB_txn *mt, MDB_dbi dbi, MDB_val *k, MDB_val *v);
int sc_catalog__cursor_get(MDB_cursor *c, MDB_val *k, MDB_val *v, MDB_cursor_op op);
/** SC_EFULL with the one map-full message (map size of env when not NULL, what frees space). */
int sc_catalog__map_full(sc_ctx *ctx, MDB_env *env, const char *what);

/* ------------------------------------------------------------------ */
/* Raw row access (the log applier, fsck, tools through public wrappers) */

/**
 * Insert or replace a row given as packed protobuf bytes, keeping secondary
 * indexes and recording the change (as any writer does). Used by the applier.
 */
int sc_catalog__row_put(sc_txn *txn, unsigned systable, sc_slice packed);

/** Delete the row whose key fields equal those of the given packed row. */
int sc_catalog__row_delete(sc_txn *txn, unsigned systable, sc_slice packed);

/**
 * Walk every row of a system table in key order; cb gets the packed value
 * (borrowed, valid for the call). A non-zero return stops the walk.
 */
int sc_catalog__row_foreach(sc_txn *txn,
                            unsigned systable,
                            int (*cb)(sc_slice packed, void *payload),
                            void *payload);

/* ------------------------------------------------------------------ */
/* Hooks of the replica applier (replicate/replica*.c)                   */

/**
 * Read the current row whose key fields equal those of packed (a partial row
 * holding at least the key fields). *out is a copy (free with sc_free).
 * @return SC_OK, SC_ENOTFOUND (no such row; no message set), SC_ECORRUPT, SC_EIO
 */
int sc_catalog__row_get(
    uint8_t **out, size_t *out_len, sc_txn *txn, unsigned systable, sc_slice packed);

/**
 * The same three calls for a message: m is packed for the call (the write
 * path keeps no pointer to it). msg_get reads the row with the key fields of
 * key into *out (free with protobuf_c_message_free_unpacked); SC_ENOTFOUND
 * sets no message, a row that does not decode is SC_ECORRUPT.
 */
int sc_catalog__msg_put(sc_txn *txn, unsigned systable, const ProtobufCMessage *m);
int sc_catalog__msg_delete(sc_txn *txn, unsigned systable, const ProtobufCMessage *m);
int sc_catalog__msg_get(ProtobufCMessage **out,
                        sc_txn *txn,
                        unsigned systable,
                        const ProtobufCMessage *key);

/** Allocate the next id of counter ("schema_id", "table_id") in the write txn. */
int sc_catalog__next_id(uint64_t *out, sc_txn *txn, const char *counter);

/**
 * The per-table checks of fsck, run inside txn for the given table and
 * schema ids only (a write txn sees its own changes): a table that exists
 * belongs to a live schema, its counts match its rows, its index/foreign-key
 * parts belong to live indexes/keys and name its columns, its rows sit in the
 * name index; a table that does not exist has no rows left; a schema that
 * does not exist has no tables left. report gets one line per problem.
 * @return SC_OK (check *problems_out), SC_EIO
 */
int sc_catalog__check_tables(sc_txn *txn,
                             const uint64_t *table_ids,
                             size_t n_tables,
                             const uint64_t *schema_ids,
                             size_t n_schemas,
                             void (*report)(const char *problem, void *payload),
                             void *payload,
                             size_t *problems_out);

/**
 * Check table table_id as txn sees it against the rules the DDL path applies
 * to a definition (identifiers, duplicate column and key names, key and
 * foreign-key columns that exist). A missing table is fine (SC_OK).
 * @return SC_OK, SC_EINVAL with the MariaDB error (1060, 1061, 1072, 1166...),
 *         SC_ECORRUPT (rows that do not load), SC_EIO
 */
int sc_catalog__validate_table(sc_txn *txn, uint64_t table_id);

#endif /* SC_CATALOG_INT_H */
