/*
 * syscat/catalog.h - the catalog: schemas and tables kept as rows of system
 * tables (schema `syscat`) in one LMDB environment per data directory.
 *
 * Model: definitions go in and come out as plain C structs (sc_*_def); the
 * catalog turns them into normalised system-table rows (docs/catalog-schema.md)
 * inside a transaction. Ids are 48-bit, allocated from persisted counters and
 * never reused; RENAME and ALTER keep a table's id and bump its version.
 *
 * Ownership: *_def structs passed IN are borrowed for the call only. Objects
 * returned through `T **out` (sc_schema, sc_table) are owned by the caller and
 * freed with sc_T_free(); pointers obtained from them are borrowed and live as
 * long as the object.
 *
 * Concurrency: open a data directory once per process (an LMDB rule); many
 * read transactions, one write transaction at a time; several processes may
 * share the directory. A catalog handle, its transactions and the sc_table
 * objects it returns are used by one thread at a time (they report into one
 * sc_ctx, which is per thread, and share a definition cache without locks).
 */
#ifndef SYSCAT_CATALOG_H
#define SYSCAT_CATALOG_H

#include "common.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Handles                                                              */

typedef struct sc_catalog sc_catalog; /* an open data directory */
typedef struct sc_txn sc_txn;         /* a read or write transaction */
typedef struct sc_schema sc_schema;   /* a loaded schema definition (caller-owned) */
typedef struct sc_table sc_table;     /* a loaded table definition (caller-owned) */

/** Largest schema or table id (ids are 48-bit, the TABLE_MAP field width). */
#define SC_ID_MAX ((uint64_t)0xFFFFFFFFFFFFull)
/** Id of the `syscat` schema; system tables use ids below SC_FIRST_USER_ID. */
#define SC_SYSCAT_SCHEMA_ID 1
#define SC_FIRST_USER_ID 256
/** Name of the system schema. */
#define SC_SYSCAT_SCHEMA "syscat"

/* ------------------------------------------------------------------ */
/* Opening                                                              */

#define SC_CATALOG_CREATE 0x1          /* create the catalog if the directory holds none */
#define SC_CATALOG_EXCL 0x2            /* with CREATE: fail with SC_EEXISTS if one exists */
#define SC_CATALOG_READONLY 0x4        /* open read-only (write transactions fail) */
#define SC_CATALOG_NOSYNC 0x8          /* do not fsync at commit (benchmarks, tests) */
#define SC_CATALOG_NO_TABLE_CACHE 0x10 /* no definition cache: every load reads the rows */

/**
 * Options for sc_catalog_open(). Start from SC_CATALOG_OPTIONS_INIT.
 * Version 1 (without table_cache_size) is still accepted.
 */
typedef struct sc_catalog_options {
    unsigned version;  /* SC_CATALOG_OPTIONS_VERSION */
    unsigned flags;    /* SC_CATALOG_* */
    uint64_t map_size; /* LMDB map size in bytes; 0 = keep the stored one, or 4 GiB when new */
    size_t table_cache_size; /* (version 2) definitions the cache keeps; 0 = 4096 */
    /* (version 3) the largest the map may grow to by itself; 0 = the ceiling stored in the
     * catalog (sc_catalog_map_resize), else SC_MAP_MAX_DEFAULT. Stored when the catalog is
     * created; for an existing catalog it holds for this handle only. Equal to map_size:
     * the map never grows. */
    uint64_t map_size_max;
} sc_catalog_options;

#define SC_CATALOG_OPTIONS_VERSION 3
#define SC_CATALOG_OPTIONS_INIT                                                                    \
    {                                                                                              \
        SC_CATALOG_OPTIONS_VERSION, 0, 0, 0, 0                                                     \
    }
/** The map's ceiling when none is stored: 64 GiB (address space, not disk: LMDB writes
 *  only the pages it uses). */
#define SC_MAP_MAX_DEFAULT (64ull << 30)
/** The most one growth step adds (each step doubles the map up to this). */
#define SC_MAP_STEP_MAX (1ull << 30)
/** Entries of the definition cache when table_cache_size is 0. */
#define SC_TABLE_CACHE_DEFAULT 4096

/** Current catalog format (major.minor). A newer major is refused with SC_EVERSION. */
#define SC_FORMAT_MAJOR 2
#define SC_FORMAT_MINOR 2

/**
 * Open (or with SC_CATALOG_CREATE, create) the catalog in datadir.
 * @param[out] out     the open catalog; close with sc_catalog_close()
 * @param[in]  ctx     context for errors and allocation; must outlive the catalog
 * @param[in]  datadir directory (created when SC_CATALOG_CREATE and missing)
 * @param[in]  opts    options or NULL
 * @return SC_OK, SC_ENOTFOUND (no catalog and no CREATE), SC_EEXISTS (CREATE|EXCL
 *         on an existing catalog), SC_EVERSION (newer format), SC_ECORRUPT (also an
 *         incomplete catalog without CREATE: sc_catalog_is_incomplete), SC_EIO
 */
SC_API int
sc_catalog_open(sc_catalog **out, sc_ctx *ctx, const char *datadir, const sc_catalog_options *opts);

/**
 * Whether datadir holds an incomplete catalog: a catalog.mdb directory with no
 * committed data (no data.mdb, an empty one, or an LMDB environment without
 * databases), as a creation cut short leaves it. Removing one loses nothing;
 * sc_catalog_open() without SC_CATALOG_CREATE refuses one with SC_ECORRUPT.
 * @param[out] out true when incomplete; false when there is no catalog.mdb or it holds data
 * @return SC_OK, SC_EIO (cannot tell, e.g. unreadable)
 */
SC_API int sc_catalog_is_incomplete(bool *out, sc_ctx *ctx, const char *datadir);

/** Close a catalog (NULL is fine). All its transactions must be finished. */
SC_API void sc_catalog_close(sc_catalog *cat);

/** The context the catalog reports into. */
SC_API sc_ctx *sc_catalog_ctx(const sc_catalog *cat);

/** The data directory path (borrowed). */
SC_API const char *sc_catalog_datadir(const sc_catalog *cat);

/* ------------------------------------------------------------------ */
/* Transactions                                                         */

#define SC_TXN_READONLY 0x1

/**
 * Begin a transaction. Only one write transaction may be open per catalog.
 * @param[out] out   the transaction; finish with sc_txn_commit() or sc_txn_abort()
 * @return SC_OK, SC_EBUSY, SC_EIO
 */
SC_API int sc_txn_begin(sc_txn **out, sc_catalog *cat, unsigned flags);

/**
 * Begin a nested write transaction (a savepoint) inside parent. Its changes
 * become part of parent on commit and vanish on abort. Parent may not be used
 * until the child is finished.
 */
SC_API int sc_txn_begin_nested(sc_txn **out, sc_txn *parent);

/**
 * Commit and free the transaction (also on failure, when it is aborted).
 * @return SC_OK, SC_EFULL (map full: nothing written), SC_EIO
 */
SC_API int sc_txn_commit(sc_txn *txn);

/** Abort and free the transaction (NULL is fine). */
SC_API void sc_txn_abort(sc_txn *txn);

/** The catalog a transaction belongs to. */
SC_API sc_catalog *sc_txn_catalog(const sc_txn *txn);

/**
 * Run fn in a write transaction and commit it; when the map fills (SC_EFULL
 * from fn or from the commit), abort, grow the map one step and run fn again,
 * until it fits or the map reaches its ceiling. fn must leave nothing of its
 * own behind when it fails, since it may run several times.
 * @return fn's or the commit's code; SC_EFULL at the ceiling (the message names the map)
 */
SC_API int sc_txn_run(sc_catalog *cat, int (*fn)(sc_txn *txn, void *payload), void *payload);

/**
 * Grow the map one step (double it, at most SC_MAP_STEP_MAX more, never past
 * the ceiling). Writers grow it themselves; this is for callers that retry a
 * transaction that failed with SC_EFULL. No transaction of cat may be open.
 * @return SC_OK, SC_EFULL (at the ceiling), SC_EBUSY (a txn is open), SC_EREADONLY, SC_EIO
 */
SC_API int sc_catalog_map_grow(sc_catalog *cat);

/**
 * Set the map size and the ceiling it may grow to, and store both (LMDB keeps
 * a larger map for every process from the next commit on; it never shrinks).
 * @param[in] size new map size in bytes, at least the current one; 0 = unchanged
 * @param[in] max  new ceiling, at least size; 0 = unchanged
 * @return SC_OK, SC_EINVAL (smaller than the map, or max < size), SC_EBUSY, SC_EIO
 */
SC_API int sc_catalog_map_resize(sc_catalog *cat, uint64_t size, uint64_t max);

/**
 * Ask the statement running on cat to stop (on = true), or withdraw the
 * request (false). Its next row write fails with 1317 "Query execution was
 * interrupted", and so does the next commit of a write transaction of cat,
 * nested or not, which aborts (nothing of it is written); the request is
 * spent by that commit. Safe to call from a signal handler (it only sets a
 * flag).
 */
SC_API void sc_catalog_interrupt(sc_catalog *cat, bool on);

/** Whether txn is read-only. */
SC_API bool sc_txn_readonly(const sc_txn *txn);

/**
 * Attach the statement text that caused the changes made from now on in txn
 * (informational; the log writes it as ANNOTATE_ROWS). Copied. NULL clears.
 */
SC_API int sc_txn_set_statement(sc_txn *txn, const char *sql, size_t len);

/**
 * Group commit: close one unit of the attached log inside an open top-level
 * write transaction. The changes made since the transaction began or was
 * last split become one binlog transaction (its own GTID) now; further
 * changes start the next one; all of them commit (or abort) together with
 * the transaction, in one LMDB commit. Without a log it only forgets the
 * recorded changes.
 * @return SC_OK, SC_EINVAL (a nested or read-only transaction), or the log's
 *         error (the transaction can then only be aborted)
 */
SC_API int sc_txn_split(sc_txn *txn);

/* ------------------------------------------------------------------ */
/* Definitions                                                          */

/** Column types as MariaDB 10.11 stores them (JSON is LONGTEXT + CHECK). */
typedef enum sc_coltype {
    SC_TYPE_NONE = 0,
    SC_TYPE_TINYINT,
    SC_TYPE_SMALLINT,
    SC_TYPE_MEDIUMINT,
    SC_TYPE_INT,
    SC_TYPE_BIGINT,
    SC_TYPE_DECIMAL,
    SC_TYPE_FLOAT,
    SC_TYPE_DOUBLE,
    SC_TYPE_BIT,
    SC_TYPE_DATE,
    SC_TYPE_TIME,
    SC_TYPE_DATETIME,
    SC_TYPE_TIMESTAMP,
    SC_TYPE_YEAR,
    SC_TYPE_CHAR,
    SC_TYPE_VARCHAR,
    SC_TYPE_BINARY,
    SC_TYPE_VARBINARY,
    SC_TYPE_TINYBLOB,
    SC_TYPE_BLOB,
    SC_TYPE_MEDIUMBLOB,
    SC_TYPE_LONGBLOB,
    SC_TYPE_TINYTEXT,
    SC_TYPE_TEXT,
    SC_TYPE_MEDIUMTEXT,
    SC_TYPE_LONGTEXT,
    SC_TYPE_ENUM,
    SC_TYPE_SET,
    SC_TYPE_GEOMETRY,
    SC_TYPE_POINT,
    SC_TYPE_LINESTRING,
    SC_TYPE_POLYGON,
    SC_TYPE_MULTIPOINT,
    SC_TYPE_MULTILINESTRING,
    SC_TYPE_MULTIPOLYGON,
    SC_TYPE_GEOMETRYCOLLECTION,
    SC_TYPE_INET4,
    SC_TYPE_INET6,
    SC_TYPE_UUID,
    SC_TYPE__COUNT
} sc_coltype;

/** Column flags (sc_column_def.flags). */
#define SC_COL_NOT_NULL 0x0001
#define SC_COL_UNSIGNED 0x0002
#define SC_COL_ZEROFILL 0x0004
#define SC_COL_AUTO_INCREMENT 0x0008
#define SC_COL_INVISIBLE 0x0010
#define SC_COL_HAS_LENGTH 0x0020         /* length was given (FLOAT(M,D), display width...) */
#define SC_COL_HAS_SCALE 0x0040          /* scale was given (FLOAT(M,D), DOUBLE(M,D)) */
#define SC_COL_HAS_SRID 0x0080           /* srid was given (REF_SYSTEM_ID=) */
#define SC_COL_COMPRESSED 0x0100         /* MariaDB COMPRESSED attribute */
#define SC_COL_WITHOUT_VERSIONING 0x0200 /* WITHOUT SYSTEM VERSIONING (versioned table) */

typedef enum sc_default_kind {
    SC_DEFAULT_NONE = 0, /* no DEFAULT clause applies */
    SC_DEFAULT_NULL,     /* DEFAULT NULL */
    SC_DEFAULT_LITERAL,  /* a constant; default_value holds its canonical text, unquoted */
    SC_DEFAULT_EXPR,     /* an expression; default_value holds it as SHOW CREATE prints it */
} sc_default_kind;

typedef enum sc_gen_kind {
    SC_GEN_NONE = 0,
    SC_GEN_VIRTUAL,
    SC_GEN_STORED,
    SC_GEN_ROW_START, /* GENERATED ALWAYS AS ROW START (system versioning) */
    SC_GEN_ROW_END,   /* GENERATED ALWAYS AS ROW END */
} sc_gen_kind;

/**
 * One column. Text fields are NUL-terminated UTF-8; NULL means absent.
 * length: display width (integers), characters (CHAR/VARCHAR), bytes
 * (BINARY/VARBINARY), bits (BIT), precision (DECIMAL, FLOAT(M,D));
 * scale: decimals (DECIMAL/FLOAT/DOUBLE) or fractional-second precision
 * (TIME/DATETIME/TIMESTAMP).
 */
typedef struct sc_column_def {
    const char *name;             /* column name, required */
    sc_coltype type;              /* required */
    unsigned flags;               /* SC_COL_* */
    uint32_t length;              /* see above; 0 when not applicable */
    uint32_t scale;               /* see above */
    const char *charset;          /* character columns: charset name (utf8mb4...) */
    const char *collation;        /* character columns: collation name */
    sc_default_kind default_kind; /* which DEFAULT */
    const char *default_value;    /* LITERAL: canonical value; EXPR: expression text */
    const char *on_update;        /* ON UPDATE expression (current_timestamp()...) or NULL */
    sc_gen_kind generated;        /* generated column kind */
    const char *generation_expr;  /* GENERATED ALWAYS AS (expr): expr text */
    const char *check_expr;       /* column-level CHECK (expr): expr text, or NULL */
    const char *comment;          /* COMMENT or NULL */
    const char *const *elements;  /* ENUM/SET values, unquoted */
    size_t n_elements;            /* number of elements */
    uint32_t srid;                /* spatial REF_SYSTEM_ID when SC_COL_HAS_SRID */
} sc_column_def;

typedef enum sc_index_kind {
    SC_INDEX_PRIMARY = 1,
    SC_INDEX_UNIQUE,
    SC_INDEX_KEY,
    SC_INDEX_FULLTEXT,
    SC_INDEX_SPATIAL,
} sc_index_kind;

typedef enum sc_index_algo {
    SC_ALGO_DEFAULT = 0,
    SC_ALGO_BTREE,
    SC_ALGO_HASH,
    SC_ALGO_RTREE,
} sc_index_algo;

#define SC_INDEX_IGNORED 0x1          /* IGNORED (MariaDB) */
#define SC_INDEX_GENERATED 0x2        /* created implicitly for a foreign key (HA_GENERATED_KEY) */
#define SC_INDEX_LONG_HASH 0x4        /* long UNIQUE implemented as a hash (prints USING HASH) */
#define SC_INDEX_WITHOUT_OVERLAPS 0x8 /* last part is the table's application-time period */

typedef struct sc_index_part {
    const char *column;  /* column name */
    uint32_t prefix_len; /* key prefix in characters, 0 = whole column */
    bool descending;     /* DESC */
} sc_index_part;

typedef struct sc_index_def {
    const char *name;           /* index name ("PRIMARY" for the primary key) */
    sc_index_kind kind;         /* required */
    sc_index_algo algorithm;    /* USING ... */
    unsigned flags;             /* SC_INDEX_* */
    const sc_index_part *parts; /* key parts in order */
    size_t n_parts;
    const char *comment;     /* COMMENT or NULL */
    uint32_t key_block_size; /* KEY_BLOCK_SIZE or 0 */
    const char *parser;      /* FULLTEXT WITH PARSER name or NULL */
} sc_index_def;

typedef enum sc_fk_action {
    SC_FK_UNSPECIFIED = 0, /* no clause (behaves as RESTRICT) */
    SC_FK_RESTRICT,
    SC_FK_CASCADE,
    SC_FK_SET_NULL,
    SC_FK_NO_ACTION,
    SC_FK_SET_DEFAULT,
} sc_fk_action;

/** A foreign key; the parent is named, and need not exist (foreign_key_checks=0). */
typedef struct sc_fk_def {
    const char *name;                  /* constraint name */
    const char *const *columns;        /* child columns */
    const char *const *parent_columns; /* parent columns, same count */
    size_t n_columns;
    const char *parent_schema; /* parent schema name */
    const char *parent_table;  /* parent table name */
    sc_fk_action on_delete;
    sc_fk_action on_update;
} sc_fk_def;

/** A table-level CHECK constraint. */
typedef struct sc_check_def {
    const char *name; /* constraint name (CONSTRAINT_1... when unnamed) */
    const char *expr; /* expression as SHOW CREATE prints it */
} sc_check_def;

/** Partitioning methods (sc_partitioning_def.type, .sub_type). */
typedef enum sc_part_type {
    SC_PART_NONE = 0,
    SC_PART_RANGE,
    SC_PART_RANGE_COLUMNS,
    SC_PART_LIST,
    SC_PART_LIST_COLUMNS,
    SC_PART_HASH,
    SC_PART_KEY,
    SC_PART_SYSTEM_TIME,
} sc_part_type;

/** sc_partitioning_def.flags */
#define SC_PART_LINEAR 0x1            /* LINEAR HASH / LINEAR KEY */
#define SC_PART_SUB_LINEAR 0x2        /* SUBPARTITION BY LINEAR ... */
#define SC_PART_DEFAULT_LIST 0x4      /* no partition list: PARTITIONS n prints instead */
#define SC_PART_DEFAULT_NUM 0x8       /* no PARTITIONS n was given (n = 1) */
#define SC_PART_SUB_DEFAULT_LIST 0x10 /* no subpartition lists: SUBPARTITIONS n prints */
#define SC_PART_SUB_DEFAULT_NUM 0x20  /* no SUBPARTITIONS n was given */
#define SC_PART_KEY_ALGORITHM 0x40    /* KEY ALGORITHM=2 was written */

/**
 * One partition or subpartition, in print order: each partition is followed
 * by its subpartitions. Texts are as SHOW CREATE TABLE prints them.
 */
typedef struct sc_partition_def {
    const char *name;    /* partition name, required */
    uint64_t id;         /* stable id; 0 = let the catalog allocate one */
    bool sub;            /* a subpartition of the last partition before it */
    const char *values;  /* "VALUES LESS THAN (10)", "VALUES IN (1,2)", "DEFAULT", "HISTORY",
                            "CURRENT", or NULL (HASH/KEY, subpartitions) */
    const char *options; /* options before ENGINE, as printed ("COMMENT = 'x'"), or NULL */
    const char *engine;  /* ENGINE = x as printed, NULL = the table's */
} sc_partition_def;

/** PARTITION BY of a table. */
typedef struct sc_partitioning_def {
    sc_part_type type;
    unsigned flags;          /* SC_PART_* */
    const char *expr;        /* expression or column list as printed (`a`,`b`); "" for KEY () */
    sc_part_type sub_type;   /* SC_PART_NONE, SC_PART_HASH or SC_PART_KEY */
    const char *sub_expr;    /* subpartition expression or columns */
    const char *system_time; /* SYSTEM_TIME: "INTERVAL 1 MONTH STARTS ..." / "LIMIT 1000" or NULL */
    const sc_partition_def *parts; /* partitions and subpartitions, print order */
    size_t n_parts;
} sc_partitioning_def;

/** A sequence's options (CREATE SEQUENCE); the running value is not kept. */
typedef struct sc_sequence_def {
    int64_t start;     /* START WITH */
    int64_t min;       /* MINVALUE */
    int64_t max;       /* MAXVALUE */
    int64_t increment; /* INCREMENT BY */
    uint64_t cache;    /* CACHE (0 = NOCACHE) */
    bool cycle;        /* CYCLE */
} sc_sequence_def;

/** sc_table_def.flags */
#define SC_TABLE_SYSTEM_VERSIONING 0x1 /* WITH SYSTEM VERSIONING */
#define SC_TABLE_SEQUENCE 0x2          /* a sequence (sc_table_def.sequence set) */

/** A table. Arrays keep the order SHOW CREATE TABLE prints. */
typedef struct sc_table_def {
    const char *name;        /* table name, required */
    const char *engine;      /* ENGINE, e.g. "InnoDB" */
    const char *charset;     /* DEFAULT CHARSET */
    const char *collation;   /* COLLATE */
    const char *comment;     /* COMMENT or NULL */
    uint64_t auto_increment; /* AUTO_INCREMENT= table option, 0 = not shown */
    const char *options; /* other options as printed: "ROW_FORMAT=DYNAMIC PACK_KEYS=1", or NULL */
    const sc_column_def *columns;
    size_t n_columns;
    const sc_index_def *indexes;
    size_t n_indexes;
    const sc_fk_def *foreign_keys;
    size_t n_foreign_keys;
    const sc_check_def *checks;
    size_t n_checks;
    unsigned flags;           /* SC_TABLE_* */
    const char *period_name;  /* PERIOD FOR name (start, end): application time, or NULL */
    const char *period_start; /* its start column */
    const char *period_end;   /* its end column */
    const char *sys_start;    /* PERIOD FOR SYSTEM_TIME start column, NULL = implicit/none */
    const char *sys_end;      /* its end column */
    const sc_partitioning_def *partitioning; /* PARTITION BY, or NULL */
    const sc_sequence_def *sequence;         /* SC_TABLE_SEQUENCE: the options, else NULL */
} sc_table_def;

/** A schema (database). */
typedef struct sc_schema_def {
    const char *name;      /* required */
    const char *charset;   /* DEFAULT CHARACTER SET */
    const char *collation; /* DEFAULT COLLATE */
    const char *comment;   /* COMMENT or NULL */
} sc_schema_def;

/* ------------------------------------------------------------------ */
/* Schemas                                                              */

/**
 * Create a schema.
 * @param[out] id_out the new schema id (may be NULL)
 * @return SC_OK, SC_EEXISTS (1007 Can't create database), SC_EINVAL, SC_EFULL, SC_EIO
 */
SC_API int sc_schema_create(uint64_t *id_out, sc_txn *txn, const sc_schema_def *def);

/** Change a schema's charset, collation and comment (def->name is ignored). */
SC_API int sc_schema_alter(sc_txn *txn, uint64_t schema_id, const sc_schema_def *def);

/**
 * Drop a schema and every table in it (each table's rows deleted explicitly,
 * in order). The `syscat` schema cannot be dropped (SC_EINVAL).
 */
SC_API int sc_schema_drop(sc_txn *txn, uint64_t schema_id);

/** Look a schema up by name. @return SC_OK, SC_ENOTFOUND (1049 Unknown database) */
SC_API int sc_schema_lookup(sc_schema **out, sc_txn *txn, const char *name);

/** Look a schema up by id. @return SC_OK, SC_ENOTFOUND */
SC_API int sc_schema_get(sc_schema **out, sc_txn *txn, uint64_t schema_id);

SC_API void sc_schema_free(sc_schema *schema);
SC_API uint64_t sc_schema_id(const sc_schema *schema);
/** The definition (borrowed from schema). */
SC_API const sc_schema_def *sc_schema_definition(const sc_schema *schema);

/**
 * Call cb for every schema in name order (binary), the system schema included.
 * A non-zero return from cb stops the walk and is returned.
 * The schema passed to cb is borrowed for the call.
 */
SC_API int
sc_schema_foreach(sc_txn *txn, int (*cb)(const sc_schema *schema, void *payload), void *payload);

/* ------------------------------------------------------------------ */
/* Tables                                                               */

/**
 * Create a table in a schema.
 * @param[out] id_out the new table id (may be NULL)
 * @return SC_OK, SC_EEXISTS (1050), SC_ENOTFOUND (schema), SC_EINVAL (bad def:
 *         duplicate column/index names, index on a missing column...), SC_EFULL, SC_EIO
 */
SC_API int
sc_table_create(uint64_t *id_out, sc_txn *txn, uint64_t schema_id, const sc_table_def *def);

/**
 * Replace a table's definition (ALTER). The id stays, version is bumped, and
 * only rows that differ are rewritten (ADD COLUMN at the end = one new columns
 * row plus the tables row). def->name must be the current name (use rename).
 */
SC_API int sc_table_alter(sc_txn *txn, uint64_t table_id, const sc_table_def *def);

/** Rename and/or move a table to another schema. Keeps the id; bumps version. */
SC_API int
sc_table_rename(sc_txn *txn, uint64_t table_id, uint64_t new_schema_id, const char *new_name);

/** Drop a table and its dependent rows (columns, indexes, FKs, checks). */
SC_API int sc_table_drop(sc_txn *txn, uint64_t table_id);

/**
 * Look up by (schema name, table name): the definition as txn sees it.
 * Definitions come from the catalog's cache when it holds the version txn
 * sees (docs/architecture.md "Definition cache"); either way *out is the
 * caller's, independent of txn and of later changes, freed with
 * sc_table_free() (possibly the same object as another lookup returned:
 * each handle is freed once).
 * @return SC_OK, SC_ENOTFOUND (1146), SC_ENOMEM, SC_ECORRUPT, SC_EIO
 */
SC_API int sc_table_lookup(sc_table **out, sc_txn *txn, const char *schema, const char *name);

/** Look up by id, like sc_table_lookup(). @return SC_OK, SC_ENOTFOUND */
SC_API int sc_table_get(sc_table **out, sc_txn *txn, uint64_t table_id);

/** Resolve (schema id, name) to a table id without loading it. */
SC_API int sc_table_lookup_id(uint64_t *id_out, sc_txn *txn, uint64_t schema_id, const char *name);

/** Release a table handle (NULL is fine); a cached definition only loses a reference. */
SC_API void sc_table_free(sc_table *table);
SC_API uint64_t sc_table_id(const sc_table *table);
SC_API uint64_t sc_table_schema_id(const sc_table *table);
SC_API uint64_t sc_table_version(const sc_table *table);
/** The schema name (borrowed). */
SC_API const char *sc_table_schema_name(const sc_table *table);
/** The full definition (borrowed from table). */
SC_API const sc_table_def *sc_table_definition(const sc_table *table);

/** A table as listed by sc_table_foreach (no columns loaded). */
typedef struct sc_table_info {
    uint64_t id;        /* table id */
    uint64_t schema_id; /* owning schema */
    uint64_t version;   /* bumped by every ALTER/RENAME */
    const char *name;   /* borrowed for the callback */
} sc_table_info;

/**
 * Call cb for every table of a schema in name order (binary).
 * A non-zero return from cb stops the walk and is returned.
 */
SC_API int sc_table_foreach(sc_txn *txn,
                            uint64_t schema_id,
                            int (*cb)(const sc_table_info *info, void *payload),
                            void *payload);

/**
 * Call cb for every table whose foreign keys name (parent_schema, parent_table)
 * as parent (any order). Used for FK checks on DROP/RENAME of a parent.
 */
SC_API int sc_table_foreach_child(sc_txn *txn,
                                  const char *parent_schema,
                                  const char *parent_table,
                                  int (*cb)(const sc_table_info *info, void *payload),
                                  void *payload);

/* ------------------------------------------------------------------ */
/* Integrity and statistics                                             */

/**
 * Check the whole catalog: every row decodes, every secondary index entry
 * matches its row and every row has its entries, every column/index/FK/check
 * row belongs to a live table, counters are above every used id, the text
 * fields of definition rows (all but column defaults) are valid UTF-8.
 * @param[in] report  called once per problem with a message naming the row (may be NULL)
 * @param[out] problems_out number of problems found (may be NULL)
 * @return SC_OK when clean, SC_ECORRUPT when problems were found, SC_EIO
 */
SC_API int sc_fsck(sc_catalog *cat,
                   void (*report)(const char *problem, void *payload),
                   void *payload,
                   size_t *problems_out);

typedef struct sc_catalog_stats {
    unsigned format_major, format_minor; /* catalog format */
    uint64_t schemas;                    /* schemas, syscat included */
    uint64_t tables;                     /* tables, system tables included */
    uint64_t columns;                    /* column rows */
    uint64_t indexes;                    /* index rows */
    uint64_t next_schema_id;             /* counters */
    uint64_t next_table_id;
    uint64_t map_size;     /* LMDB map size, bytes */
    uint64_t used_bytes;   /* pages in use * page size */
    uint64_t last_txn_id;  /* LMDB transaction id */
    uint64_t map_size_max; /* the ceiling the map may grow to by itself */
    uint64_t map_grows;    /* times this handle grew the map */
} sc_catalog_stats;

/** Fill stats from a fresh read transaction (map_size_max and map_grows included). */
SC_API int sc_catalog_stats_get(sc_catalog_stats *out, sc_catalog *cat);

/* ------------------------------------------------------------------ */
/* Settings (key/value, persisted in the catalog, e.g. binlog options)  */

/** Read a setting; *out is a copy to free with sc_free(). SC_ENOTFOUND when unset. */
SC_API int sc_setting_get(char **out, sc_txn *txn, const char *key);
/** Write a setting in a write transaction. */
SC_API int sc_setting_set(sc_txn *txn, const char *key, const char *value);
/** Call cb for every setting in key order. */
SC_API int sc_setting_foreach(sc_txn *txn,
                              int (*cb)(const char *key, const char *value, void *payload),
                              void *payload);

/* ------------------------------------------------------------------ */
/* Accounts of `syscat serve` (syscat.users, catalog/users.c;          */
/* docs/server.md "Accounts"). Logged like every catalog change.       */

#define SC_USER_PRIV_SELECT 0x1u     /* SHOW and reads */
#define SC_USER_PRIV_DDL 0x2u        /* CREATE, ALTER, DROP, RENAME, TRUNCATE */
#define SC_USER_PRIV_REPL_SLAVE 0x4u /* binlog dumps (REPLICATION SLAVE) */
#define SC_USER_PRIV_ADMIN 0x8u      /* accounts, replication inspection */
#define SC_USER_PRIV_ALL 0xFu
#define SC_USER_NAME_MAX 128 /* bytes of a user name (MariaDB: 128 characters) */
#define SC_USER_HOST_MAX 255 /* bytes of a host pattern */
#define SC_USER_AUTH_LEN 41  /* '*' + 40 hex digits */

/** One account: a transparent carrier. */
typedef struct sc_user {
    char name[SC_USER_NAME_MAX + 1];
    char host[SC_USER_HOST_MAX + 1];
    char auth[SC_USER_AUTH_LEN + 1]; /* mysql_native_password hash "*HEX", "" = no password */
    uint32_t privileges;             /* SC_USER_PRIV_* */
} sc_user;

/**
 * Read the account (name, host), host compared exactly (no pattern matching).
 * @return SC_OK, SC_ENOTFOUND (no message set), SC_ECORRUPT
 */
SC_API int sc_user_get(sc_user *out, sc_txn *txn, const char *name, const char *host);

/**
 * Insert or replace an account in a write transaction.
 * @return SC_OK, SC_EINVAL (empty or too long name/host, a hash not of the
 *         form '*' + 40 upper-case hex digits, unknown privilege bits)
 */
SC_API int sc_user_put(sc_txn *txn, const sc_user *user);

/** Delete an account. @return SC_OK, SC_ENOTFOUND (no message set) */
SC_API int sc_user_delete(sc_txn *txn, const char *name, const char *host);

/** Call cb for every account in (name, host) order. A non-zero return stops the walk. */
SC_API int
sc_user_foreach(sc_txn *txn, int (*cb)(const sc_user *user, void *payload), void *payload);

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_CATALOG_H */
