/*
 * catalog_priv.h - private to the catalog sources: the layouts of sc_catalog and
 * sc_txn, the key codec and the single row write path.
 *
 * Other modules use catalog_int.h only. Invariants:
 *  - every system-table row lives in the LMDB db named like the table, keyed
 *    by the memcmp-ordered key of its key fields (keycodec.c,
 *    docs/catalog-schema.md "Key encoding");
 *  - every row write goes through sc__row_write() (rows.c), which keeps the
 *    secondary indexes and the change list of the transaction;
 *  - LMDB values are only borrowed for the life of the LMDB transaction.
 */
#ifndef SC_CATALOG_PRIV_H
#define SC_CATALOG_PRIV_H

#include <pthread.h>

#include "catalog/catalog_int.h"
#include "catalog/arena.h"
#include "catalog/buf.h"

/* ------------------------------------------------------------------ */
/* Keys                                                                 */

#define SC_KEY_MAX_FIELDS 4
/** Longest LMDB key (MDB_MAXKEYSIZE); a longer name cannot be in the catalog. */
#define SC_KEY_MAX_LEN 511

/** The key fields of a system table, resolved against its descriptor. */
typedef struct sc_keyspec {
    unsigned n;                                                /* number of key fields */
    const ProtobufCFieldDescriptor *fields[SC_KEY_MAX_FIELDS]; /* in key order */
    uint8_t kind; /* clustered layout: this byte follows the first field (the table id) and
                     the rows live in sys.table_rows; 0 = the table's own database */
} sc_keyspec;

/** Resolve the registry's key field list; SC_EINVAL naming the bad field. */
int sc__keyspec_parse(sc_keyspec *out, sc_ctx *ctx, const sc_systable *st);
/** Append the big-endian 8-byte form of v. */
int sc__key_put_u64(sc_buf *b, uint64_t v);
/** Append the escaped, terminated form of a string (0x00 -> 00 FF, end 00 01). */
int sc__key_put_str(sc_buf *b, const uint8_t *s, size_t len);
/** Append the key of a row message (b is not cleared first). */
int sc__key_encode(sc_buf *b, const sc_keyspec *ks, const ProtobufCMessage *msg);
/** Human-readable form of a key ("table_id=300, ordinal=2") into buf. */
void sc__key_describe(char *buf, size_t size, const sc_keyspec *ks, const uint8_t *key, size_t len);
/** Read a big-endian u64 (8 bytes); inline: a definition load makes dozens. */
static inline uint64_t sc__get_u64be(const uint8_t *p)
{
    uint64_t v = 0;
    int i;

    for (i = 0; i < 8; i++)
        v = (v << 8) | p[i];
    return v;
}

/** Write v as a big-endian u64 (8 bytes). */
static inline void sc__put_u64be(uint8_t *p, uint64_t v)
{
    int i;

    for (i = 7; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

/* ------------------------------------------------------------------ */
/* Loaded tables and the definition cache (table_read.c, table_cache.c) */

/*
 * A loaded table definition, immutable once loaded. refs counts the handles
 * given out (each released by one sc_table_free) plus one while a definition
 * cache holds it (cache != NULL); the memory goes when refs reaches 0. Only a
 * cached table has row/row_len (its key) and hash/LRU links.
 * Not locked: a catalog, its transactions and its tables are used by one
 * thread at a time (docs/architecture.md "Definition cache").
 * Invariants (sc__table_check): every def array (columns, indexes and their
 * parts, foreign keys and their column lists, checks) is non-NULL when its
 * count is not 0; a cached table has its row.
 */
struct sc_table {
    /* first: what a cache lookup compares while walking a chain (one cache line) */
    uint64_t id;    /* table id */
    uint64_t seen;  /* cached: LMDB snapshot (read txn id) that last resolved it, 0 = none */
    uint64_t nhash; /* cached: hash of (schema name, table name) */
    struct sc_table *hnext;  /* cached: next in the hash chain */
    struct sc_table *nnext;  /* cached: next in the name hash chain */
    size_t nbucket;          /* cached: its name hash chain */
    sc_ctx *ctx;             /* allocator */
    uint64_t schema_id;      /* owning schema */
    uint64_t version;        /* bumped by ALTER/RENAME */
    const char *schema_name; /* arena */
    sc_table_def def;        /* arrays and strings live in arena */
    sc_arena arena;          /* everything decoded */
    _Atomic size_t refs;     /* handles out + 1 while cached; >= 1 while alive (atomic: readers on
                                several threads share cached entries) */
    struct sc_table_cache *cache;   /* holding cache, NULL when not (or no longer) cached */
    const uint8_t *row;             /* cached: the packed tables row it was loaded from */
    size_t row_len;                 /* bytes in row */
    struct sc_table *newer, *older; /* cached: LRU neighbours */
};

/*
 * The per-catalog cache of decoded definitions, keyed by (table id, packed
 * tables row), so by (id, version). Filled only from read-only txns (committed
 * states). Holds at most cap entries; cap == 0 disables it (buckets NULL).
 * Invariants (tcache_check in table_cache.c): n <= cap; buckets and nbuckets
 * are both set or both NULL, and NULL means no entries; mask + 1 is a power
 * of two; the LRU list is empty exactly when n == 0, and its ends are entries
 * of this cache with nothing beyond them.
 */
typedef struct sc_table_cache {
    sc_ctx *ctx;                   /* allocator of the buckets */
    sc_table **buckets;            /* chains by hash of id, NULL when disabled */
    sc_table **nbuckets;           /* chains by hash of (schema name, table name) */
    size_t mask;                   /* number of buckets - 1 (a power of two) */
    size_t n, cap;                 /* entries held, most entries held */
    sc_table *newest, *oldest;     /* LRU list ends */
    uint64_t oldest_id;            /* oldest->id (0 when empty): admission reads no entry */
    unsigned gate_probes;          /* loads that consulted the cache in this window */
    unsigned gate_hits;            /* of which answered from it */
    unsigned gate_tick;            /* loads while gated (one in SC_TCACHE_SAMPLE consults it) */
    bool gated;                    /* the last window's hit rate was under 1/8: bypass mostly */
    uint8_t *freq;                 /* admission sketch: saturating access counters by id hash */
    size_t freq_mask;              /* counters - 1 (a power of two) */
    size_t freq_adds, freq_period; /* accesses counted since the last halving, and its period */
    sc_table_cache_stats stats;    /* counters */
    pthread_mutex_t lock;          /* guards all of the above and the entries' links and seen */
} sc_table_cache;

/** Set up a cache of cap entries (0 = disabled); SC_ENOMEM. */
int sc__tcache_init(sc_table_cache *c, sc_ctx *ctx, size_t cap);
/** Drop every entry (tables still referenced by callers live on) and the buckets. */
void sc__tcache_free(sc_table_cache *c);
/** The cached table of (id, packed tables row) with one more reference, or NULL. */
sc_table *sc__tcache_get(sc_table_cache *c, uint64_t id, const uint8_t *row, size_t len);
/** Cache t (t->row set, not cached yet), evicting the least recently used entry when full. */
void sc__tcache_put(sc_table_cache *c, sc_table *t);
/**
 * Whether this load should consult the cache at all. A cache whose recent hit
 * rate is under one in eight (a working set much larger than it) is mostly
 * bypassed: one load in SC_TCACHE_SAMPLE still consults it, so the rate is
 * measured again and a hot set reopens it. A bypassed load reads, counts and
 * fills nothing of the cache, so it costs what it costs without one.
 */
bool sc__tcache_probe(sc_table_cache *c);
/** Count one access to table id in the admission sketch (every load, hit or miss). */
void sc__tcache_touch(sc_table_cache *c, uint64_t id);
/**
 * sc__tcache_touch, then (when get) sc__tcache_get, under one taking of the lock; a
 * hit is stamped with read snapshot snap (0 = do not stamp: a write txn).
 */
sc_table *sc__tcache_touch_get(
    sc_table_cache *c, uint64_t id, const uint8_t *row, size_t len, bool get, uint64_t snap);
/**
 * Whether a definition of table id just loaded should be cached: always while the cache
 * has room, else only when id was asked for more often lately than the entry it would
 * evict (so a working set larger than the cache does not churn it). Counts a refusal.
 */
bool sc__tcache_admit(sc_table_cache *c, uint64_t id);
/**
 * The cached table that read snapshot snap already resolved (t->seen == snap) for
 * (schema, name), or for id when name is NULL, with one more reference; NULL when none.
 */
sc_table *sc__tcache_get_seen(
    sc_table_cache *c, uint64_t snap, uint64_t id, const char *schema, const char *name);
/** Stamp cached t with read snapshot snap (t->seen), under the cache's lock. */
void sc__tcache_stamp(sc_table_cache *c, sc_table *t, uint64_t snap);
/** Rebuild t's memory as one exact-size block holding its definition and a copy of row
 *  (t->row); SC_ENOMEM leaves t as it was. */
int sc__table_compact(sc_table *t, const uint8_t *row, size_t len);
/** Assert the invariants stated above struct sc_table (debug builds; a no-op with NDEBUG). */
void sc__table_check(const sc_table *t);
/** Free a table's memory (refs reached 0). */
void sc__table_destroy(sc_table *t);

/* ------------------------------------------------------------------ */
/* Catalog and transactions                                             */

/** LMDB database slots: 1..SC_SYS_COUNT are the system tables, then ours. */
enum sc_dbslot {
    SC_DB_META = SC_SYS__END, /* sys.meta: format version, map size */
    SC_DB_SETTINGS,           /* sys.settings: key/value */
    SC_DB_SCHEMA_NAME,        /* sys.schemata_by_name: name -> schema id */
    SC_DB_TABLE_NAME,         /* sys.tables_by_name: (schema id, name) -> table id */
    SC_DB_FK_PARENT,          /* sys.fk_by_parent: (schema, table, child id, fk ordinal) -> "" */
    SC_DB_TABLE_ROWS,         /* sys.table_rows: a table's own rows, (table id, kind, rest of key)
                                 (format 2, layout.c; docs/storage.md) */
    SC_DB__COUNT
};

/* Invariant (txn_check): writer, when set, is a top-level write txn of this catalog. */
/*
 * Table name hints (name_hint.c): (schema id, table name) -> table id from
 * earlier lookups, verified against the tables row before use. cur is the
 * table probed now (never NULL after init); used counts its filled words.
 */
struct sc_nhint_block;
typedef struct sc_name_hints {
    sc_ctx *ctx;
    _Atomic(struct sc_nhint_block *) cur; /* current table; older ones chained from it */
    size_t used;                          /* words of cur taken (under lock) */
    pthread_mutex_t lock;                 /* serialises puts, growth and the walk */
    _Atomic bool walked;                  /* the walk of sys.tables_by_name is over */
    uint8_t walk_key[SC_KEY_MAX_LEN + 1]; /* the last key it walked (under lock) */
    size_t walk_len;                      /* its length, 0 before the walk starts */
} sc_name_hints;

int sc__nhint_init(sc_name_hints *nh, sc_ctx *ctx);
void sc__nhint_free(sc_name_hints *nh);
/** The hinted id of (schema_id, name), 0 when none: to be verified by the caller. */
uint64_t sc__nhint_get(sc_name_hints *nh, uint64_t schema_id, const char *name);
/**
 * Hint up to budget more entries of sys.tables_by_name as txn sees them,
 * from where the last call stopped (a walk of the whole index spread over
 * the lookups that find no hint); nothing once the walk is over.
 */
void sc__nhint_fill(sc_name_hints *nh, sc_txn *txn, unsigned budget);
/** Remember that (schema_id, name) named table_id in some snapshot. */
void sc__nhint_put(sc_name_hints *nh, uint64_t schema_id, const char *name, uint64_t table_id);
/*
 * The used part of the map one txn may read, computed once for many reads
 * (a definition load makes a dozen): sc__cursor_get_bounded checks an entry
 * against it with two compares and leaves anything else (outside it, or no
 * span known: lo NULL) to the full check of sc_catalog__cursor_get, so both
 * give the same answers and the same messages.
 */
typedef struct sc_map_bounds {
    MDB_txn *mt;    /* the txn it was computed for */
    const char *lo; /* start of the map, NULL = no span known */
    size_t used;    /* bytes of it LMDB may return for mt */
} sc_map_bounds;

void sc__map_bounds(sc_map_bounds *out, MDB_txn *mt);
/** sc_catalog__cursor_get with the bound check against b (a span of c's txn). */
int sc__cursor_get_bounded(
    MDB_cursor *c, MDB_val *k, MDB_val *v, MDB_cursor_op op, const sc_map_bounds *b);
/** Whether a packed tables row has this schema id and name (false when undecodable). */
bool sc__table_row_is(const uint8_t *data, size_t len, uint64_t schema_id, const char *name);
/** Words of the current table (tests). */
size_t sc__nhint_words(sc_name_hints *nh);

struct sc_catalog {
    sc_ctx *ctx;                  /* errors and allocation */
    char *datadir;                /* as given */
    MDB_env *env;                 /* DATADIR/catalog.mdb */
    unsigned flags;               /* SC_CATALOG_* given at open */
    MDB_dbi dbi[SC_DB__COUNT];    /* slot -> handle (slot 0 unused) */
    sc_keyspec keys[SC_SYS__END]; /* system table id -> key fields */
    sc_commit_hook hook;          /* installed by replicate/, or NULL */
    void *hook_payload;           /* passed to hook */
    sc_after_commit_hook after;   /* run after each top-level commit, or NULL */
    void *after_payload;          /* passed to after */
    sc_txn *writer;               /* the open top-level write txn, or NULL */
    int wlock_fd;                 /* catalog.mdb/write.lock (env.c), -1 when read-only */
    unsigned format_major;        /* format found in sys.meta */
    bool clustered;               /* format >= 2: a table's rows in sys.table_rows (layout.c) */
    unsigned format_minor;
    sc_table_cache tcache;       /* decoded definitions (table_cache.c) */
    const char *map_lo, *map_hi; /* where LMDB mapped data.mdb, once looked up (rows.c) */
    _Atomic unsigned readers;    /* open read txns (the map only changes when 0, mapsize.c) */
    pthread_rwlock_t map_lock;   /* read txns hold it shared (txn.c), a map change exclusive */
    uint64_t map_max;            /* ceiling given at open (0 = sys.meta or the default) */
    uint64_t map_grows;          /* times this handle grew the map */
    uint64_t nested;             /* nested write txns begun (sc_catalog__nested_count) */
    volatile int interrupt;      /* sc_catalog_interrupt (a signal handler may set it; int is
                                    sig_atomic_t on every target): fail the next commit */
    sc_name_hints nhints;        /* name -> id hints (name_hint.c) */
};

#define SC_TXN_CURSORS SC_DB__COUNT
/** Bits in a txn's dirty-table filter (a power of two). */
#define SC_TXN_DIRTY_BITS 4096

/*
 * A transaction. Nested write txns (savepoints) have parent != NULL and keep
 * their own change list, appended to the parent's on commit. Statement
 * texts live in the root txn. failed != 0 poisons the txn: a change failed
 * part-way, so only abort is possible (commit aborts and returns failed).
 * Invariants (txn_check in txn.c): n_changes <= cap_changes, n_stmts <=
 * cap_stmts; parent and child point at each other; a nested txn is a write
 * txn of its parent's catalog and keeps no statement texts; an open
 * top-level write txn is its catalog's writer; a read txn records nothing;
 * mdb is live until the txn ends.
 */
struct sc_txn {
    sc_catalog *cat;        /* owner */
    sc_txn *parent;         /* enclosing txn for nested ones */
    sc_txn *child;          /* open nested txn, or NULL */
    MDB_txn *mdb;           /* LMDB txn */
    bool readonly;          /* SC_TXN_READONLY */
    bool record;            /* keep the change list (a hook is installed) */
    int failed;             /* poison code, 0 when healthy */
    uint64_t writes;        /* rows written so far (poison detection) */
    sc_row_change *changes; /* in execution order */
    size_t n_changes, cap_changes;
    sc_arena bytes; /* before/after copies of the changes */
    char **stmts;   /* root only: statement texts (1-based n = index+1) */
    size_t *stmt_lens;
    size_t n_stmts, cap_stmts;
    unsigned cur_stmt;                   /* statement number for new changes */
    MDB_cursor *cursors[SC_TXN_CURSORS]; /* cached cursors per db slot */
    sc_buf key, key2, pack;              /* reused buffers */
    sc_arena scratch;                    /* per-row scratch, reset by each write */
    sc_arena work;                       /* per-operation scratch (table create/alter/drop) */
    /* Root write txn only: which tables this txn (or a nested one, even an
     * aborted one) wrote rows of, as a filter (bit = hash of the table id;
     * false positives only cost cache misses), and whether it wrote schemata
     * rows. The definition cache serves a write txn only tables it has not
     * touched: their rows are the committed ones. */
    uint64_t dirty[SC_TXN_DIRTY_BITS / 64];
    bool dirty_schemata;
};

/** A read txn of cat begins / ends on this thread: hold cat->map_lock shared (mapsize.c). */
void sc__map_read_enter(sc_catalog *cat);
void sc__map_read_leave(sc_catalog *cat);
/** Take cat->map_lock exclusive, waiting for other threads' reads; false (nothing taken) when
 *  this thread has a read open. */
bool sc__map_change_begin(sc_catalog *cat);
void sc__map_change_end(sc_catalog *cat);

/** Map an LMDB code on txn's catalog; MAP_FULL names the map size. */
int sc__mdb_fail(sc_txn *txn, int rc, const char *what);
/**
 * Look up txn->key (an encoded name) in the name index db `slot` (what names
 * it in messages, e.g. "sys.tables_by_name") and read the id it maps to.
 * @return SC_OK, SC_ENOTFOUND (quietly), SC_ECORRUPT, SC_EIO
 */
int sc__name_index_get(
    uint64_t *out, sc_txn *txn, unsigned slot, const char *what, const char *name);
/** The cached cursor of a db slot in txn. */
int sc__cursor(MDB_cursor **out, sc_txn *txn, unsigned slot);
/**
 * sc_catalog__cursor_get over the rows of system table st of table id (a cursor
 * on cat->dbi[st]): op MDB_SET_RANGE for the first row (k is set here),
 * MDB_NEXT for the next one; MDB_NOTFOUND once past them. The prefix is the
 * 8-byte id, followed in the clustered layout (keys[st].kind != 0) by st's kind.
 */
int sc__cursor_rows_get(MDB_cursor *c,
                        MDB_val *k,
                        MDB_val *v,
                        const sc_catalog *cat,
                        unsigned st,
                        uint64_t id,
                        MDB_cursor_op op);

/* ------------------------------------------------------------------ */
/* Storage layout (layout.c, docs/storage.md)                           */

/** The format major whose catalogs keep a table's rows in sys.table_rows. */
#define SC_FORMAT_CLUSTERED 2
/** The key of table id's tables row in cat's layout (8 or 9 bytes): its length. */
size_t sc__table_key(uint8_t out[9], const sc_catalog *cat, uint64_t id);
/** Whether system table st is kept in sys.table_rows in the clustered layout. */
bool sc__layout_clustered(unsigned st);
/** Set cat's key specs and flag for the clustered (true) or per-table (false) layout. */
void sc__layout_set(sc_catalog *cat, bool clustered);
/** Point the db slots of the clustered tables at sys.table_rows (clustered layout). */
void sc__layout_alias(sc_catalog *cat);
/** Count the rows of each kind in sys.table_rows (counts[st]; a walk of every entry). */
int sc__layout_count(uint64_t counts[SC_SYS__END], sc_txn *txn);
/** The system table of an entry of sys.table_rows (its kind byte), 0 when not one. */
unsigned sc__layout_kind(const MDB_val *k);
/**
 * Convert a per-table catalog to the clustered layout inside write txn: every row of
 * the clustered tables moves to sys.table_rows under its new key and their databases
 * are dropped. The caller opened every db of the old layout; dbi[SC_DB_TABLE_ROWS] is
 * opened here. Rows and the log do not change. *moved counts the rows moved.
 */
int sc__layout_convert(uint64_t *moved, sc_txn *txn);

/** Fail with SC_EREADONLY unless txn is a usable write txn. */
int sc__txn_writable(sc_txn *txn);
/** Append a change to txn's list; before/after are copied. */
int sc__txn_record(sc_txn *txn, unsigned st, sc_slice before, sc_slice after, bool cascade);
/** Whether sys.meta marks the catalog as logged (sc_catalog__set_logged). */
int sc__meta_logged(bool *out, sc_catalog *cat, MDB_txn *mdb);

/*
 * The catalog's own write lock (env.c): an fcntl record lock on
 * catalog.mdb/write.lock, held from before LMDB's write txn begins until
 * after it ends, so LMDB's process-shared writer mutex is never waited for
 * (a waiter killed right after being woken loses the wake-up and leaves the
 * next one blocked for ever; docs/architecture.md "Locking"). Says through
 * the ctx notice hook when it has waited a second.
 */
int sc__write_lock(sc_catalog *cat);
void sc__write_unlock(sc_catalog *cat);
/*
 * The map size (mapsize.c). sc__map_headroom grows the map before a top-level
 * write txn when its free space is short (no txn of cat may be open; a no-op
 * otherwise); sc__map_ceiling is the largest size growth may reach.
 */
int sc__map_headroom(sc_catalog *cat);
uint64_t sc__map_ceiling(const sc_catalog *cat);
/** Mark txn poisoned when rows were written since mark and rc is an error. */
int sc__txn_settle(sc_txn *txn, uint64_t mark, int rc);
/** Note a write of a row of system table st with the given LMDB key (dirty filter). */
void sc__txn_touch(sc_txn *txn, unsigned st, const uint8_t *key, size_t klen);
/** Whether txn sees the committed rows of table id (read txn, or a write txn that has not
 *  touched them), so that the definition cache may serve it. */
bool sc__txn_clean(const sc_txn *txn, uint64_t table_id);

/** A syscat.users auth value: empty or '*' + 40 upper-case hex digits (users.c). */
bool sc_catalog__user_auth_valid(const char *auth);

/* ------------------------------------------------------------------ */
/* Row write path (rows.c)                                              */

typedef enum sc_write_mode {
    SC_W_INSERT, /* key must be new */
    SC_W_PUT,    /* insert or replace */
    SC_W_DELETE, /* key must exist */
} sc_write_mode;

/**
 * The one write path: put or delete a row of a system table, keep the
 * secondary indexes and record the change. msg gives the key (and the new
 * row for puts). cascade marks deletes caused by dropping a parent.
 */
int sc__row_write(
    sc_txn *txn, unsigned st, const ProtobufCMessage *msg, sc_write_mode mode, bool cascade);

/**
 * sc__row_write(SC_W_PUT) of a row whose key must exist: SC_ENOTFOUND, with
 * nothing written, when it does not (the replica applier's update, in the one
 * B-tree descent that reads the old row instead of a probe before it).
 */
int sc__row_replace(sc_txn *txn, unsigned st, const ProtobufCMessage *msg);

/** The name of system table st ("?" when unknown). */
const char *sc__st_name(unsigned st);
/** Unpack a packed row of system table st into the arena. */
int sc__row_unpack(
    ProtobufCMessage **out, sc_arena *a, unsigned st, const uint8_t *data, size_t len);
/** Release a row unpacked with sc__row_unpack (pairs the unpack). */
void sc__row_release(ProtobufCMessage *msg, sc_arena *a);
/** Fetch and unpack the row of st with the given key; SC_ENOTFOUND quietly. */
int sc__row_get(
    ProtobufCMessage **out, sc_txn *txn, sc_arena *a, unsigned st, const uint8_t *key, size_t klen);

/** Secondary index entries of a row (0 or 1 per index for our tables). */
int sc__index_key(sc_buf *b, unsigned *slot_out, unsigned st, const ProtobufCMessage *msg);

/** Allocate the next value of a counter in syscat.sequences. */
int sc__sequence_next(uint64_t *out, sc_txn *txn, const char *name);

/** Read a u64 key-field value from a message (uint32/uint64/int32/bool). */
uint64_t sc__field_u64(const ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f);

/* Bootstrap (selfdesc.c): write the self-describing rows of a new catalog. */
int sc__bootstrap(sc_txn *txn);
/* Upgrade (selfdesc.c): describe the system tables the catalog lacks; *added says how many. */
int sc__upgrade(unsigned *added, sc_txn *txn);

/* Row-building helpers: protobuf-c wants non-const pointers for packing. */
#define SC_PBSTR(s) ((char *)(uintptr_t)((s) ? (s) : ""))
ProtobufCBinaryData sc__pbbytes(const char *s);
/** NUL-terminated copy of a bytes field in the arena; NULL when empty and empty_null. */
const char *sc__bytes_cstr(sc_arena *a, ProtobufCBinaryData bd, bool empty_null);
/** A string field as a def string: NULL when empty. */
const char *sc__str_or_null(const char *s);
/** The 8-byte key of an id-keyed row. */
void sc__id_key(uint8_t out[8], uint64_t id);

struct sc_schema {
    sc_ctx *ctx;       /* owner's allocator */
    uint64_t id;       /* schema id */
    sc_schema_def def; /* strings point into arena */
    sc_arena arena;    /* the decoded row */
};

/* Table-name helpers shared by table_*.c */
int sc__schema_name(char **out, sc_txn *txn, sc_arena *a, uint64_t schema_id);
int sc__table_row(Syscat__Catalog__TableRow **out, sc_txn *txn, sc_arena *a, uint64_t id);

/** Resolve a schema name; SC_ENOTFOUND with 1049 Unknown database. */
int sc__schema_id_by_name(uint64_t *out, sc_txn *txn, const char *name);
/** Ids of every table of a schema (caller frees *out with sc_free). */
int sc__schema_table_ids(uint64_t **out, size_t *n_out, sc_txn *txn, uint64_t schema_id);
/** Resolve (schema id, name) through sys.tables_by_name; SC_ENOTFOUND quietly. */
int sc__table_id_by_name(uint64_t *out, sc_txn *txn, uint64_t schema_id, const char *name);

/** One existing row of a system table, as collected for alter and drop. */
typedef struct sc_rowcopy {
    uint8_t *key; /* key bytes (arena) */
    size_t klen;
    uint8_t *val; /* packed row (arena) */
    size_t vlen;
    ProtobufCMessage *msg; /* unpacked (arena) */
    bool keep;             /* still wanted after the change */
} sc_rowcopy;

/** Collect every row of st whose key starts with the 8-byte table id. */
int sc__collect_rows(
    sc_rowcopy **out, size_t *n_out, sc_txn *txn, sc_arena *a, unsigned st, uint64_t table_id);

/** Write every row of a new table with a given id (create and bootstrap). */
int sc__table_insert(
    sc_txn *txn, uint64_t id, uint64_t schema_id, const char *schema_name, const sc_table_def *def);

/* Drops (table_write.c), used by schema drop. */
int sc__table_drop_rows(sc_txn *txn, uint64_t table_id, bool table_cascade);

#endif /* SC_CATALOG_PRIV_H */
