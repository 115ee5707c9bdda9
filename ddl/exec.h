/*
 * exec.h - internals of the DDL executor (ddl/session.c, ddl/exec_*.c):
 * the session layout, the per-statement execution state, and the mutable
 * table model that CREATE/ALTER build before handing an sc_table_def to the
 * catalog.
 *
 * Memory: everything an executor step allocates lives in the statement's
 * AST arena (sc_ast_stmt.arena) and dies with the statement; the catalog
 * copies what it stores. Errors are set on the session's ctx with MariaDB's
 * errno/SQLSTATE/message (SC_ESQL) and passed up unchanged.
 */
#ifndef SC_DDL_EXEC_H
#define SC_DDL_EXEC_H

#include "syscat/ddl.h"
#include "catalog/charset.h"
#include "ddl/ast.h"
#include "ddl/show.h"
#include "ddl/resultset.h"
#include "catalog/try.h"

/* sql_mode bits (MariaDB's values, so the binlog's numeric sql_mode maps 1:1). */
#define SC_MODE_REAL_AS_FLOAT (1ull << 0)
#define SC_MODE_PIPES_AS_CONCAT (1ull << 1)
#define SC_MODE_ANSI_QUOTES (1ull << 2)
#define SC_MODE_IGNORE_SPACE (1ull << 3)
#define SC_MODE_IGNORE_BAD_TABLE_OPTIONS (1ull << 4)
#define SC_MODE_ONLY_FULL_GROUP_BY (1ull << 5)
#define SC_MODE_NO_UNSIGNED_SUBTRACTION (1ull << 6)
#define SC_MODE_NO_DIR_IN_CREATE (1ull << 7)
#define SC_MODE_POSTGRESQL (1ull << 8)
#define SC_MODE_ORACLE (1ull << 9)
#define SC_MODE_MSSQL (1ull << 10)
#define SC_MODE_DB2 (1ull << 11)
#define SC_MODE_MAXDB (1ull << 12)
#define SC_MODE_NO_KEY_OPTIONS (1ull << 13)
#define SC_MODE_NO_TABLE_OPTIONS (1ull << 14)
#define SC_MODE_NO_FIELD_OPTIONS (1ull << 15)
#define SC_MODE_MYSQL323 (1ull << 16)
#define SC_MODE_MYSQL40 (1ull << 17)
#define SC_MODE_ANSI (1ull << 18)
#define SC_MODE_NO_AUTO_VALUE_ON_ZERO (1ull << 19)
#define SC_MODE_NO_BACKSLASH_ESCAPES (1ull << 20)
#define SC_MODE_STRICT_TRANS_TABLES (1ull << 21)
#define SC_MODE_STRICT_ALL_TABLES (1ull << 22)
#define SC_MODE_NO_ZERO_IN_DATE (1ull << 23)
#define SC_MODE_NO_ZERO_DATE (1ull << 24)
#define SC_MODE_ALLOW_INVALID_DATES (1ull << 25)
#define SC_MODE_ERROR_FOR_DIVISION_BY_ZERO (1ull << 26)
#define SC_MODE_TRADITIONAL (1ull << 27)
#define SC_MODE_NO_AUTO_CREATE_USER (1ull << 28)
#define SC_MODE_HIGH_NOT_PRECEDENCE (1ull << 29)
#define SC_MODE_NO_ENGINE_SUBSTITUTION (1ull << 30)
#define SC_MODE_PAD_CHAR_TO_FULL_LENGTH (1ull << 31)
#define SC_MODE_EMPTY_STRING_IS_NULL (1ull << 32)
#define SC_MODE_SIMULTANEOUS_ASSIGNMENT (1ull << 33)
#define SC_MODE_TIME_ROUND_FRACTIONAL (1ull << 34)

/** MariaDB 10.11's default sql_mode. */
#define SC_MODE_DEFAULT                                                                            \
    (SC_MODE_STRICT_TRANS_TABLES | SC_MODE_ERROR_FOR_DIVISION_BY_ZERO |                            \
     SC_MODE_NO_AUTO_CREATE_USER | SC_MODE_NO_ENGINE_SUBSTITUTION)

/** A temporary table the session created (not in the catalog). */
typedef struct sc_temp_table {
    char *schema;
    char *name;
    char *create_sql; /* the CREATE TEMPORARY TABLE text (for LIKE) */
} sc_temp_table;

/*
 * An explicit transaction's replay record (session_txn.c): the text and
 * outcome of every statement run in it, and the settings it began with, so
 * that it can be built again after the catalog map grew.
 */
typedef struct sc_txn_replay {
    char **texts; /* statement texts, in order */
    size_t *lens;
    int *codes; /* their outcomes (SC_OK or the error) */
    size_t n, cap;
    bool pending;   /* texts[n] holds the running statement's copy (sc_ddl__txn_prepare) */
    char *database; /* settings when the transaction began */
    uint64_t sql_mode;
    bool explicit_defaults_for_timestamp, foreign_key_checks, sql_notes;
    char *charset_server, *collation_server, *default_engine;
} sc_txn_replay;

/*
 * Invariants (session_check in session.c): ctx is cat's; charset_server,
 * collation_server and default_engine are always set; temps and user_vars
 * are non-NULL when their counts are not 0, and every temporary table and
 * user variable has its names (a variable's value may be NULL).
 */
struct sc_session {
    sc_catalog *cat;                      /* the catalog statements run on */
    sc_ctx *ctx;                          /* the catalog's ctx */
    char *database;                       /* current database or NULL */
    uint64_t sql_mode;                    /* SC_MODE_* */
    bool explicit_defaults_for_timestamp; /* default ON */
    bool foreign_key_checks;              /* default ON */
    bool sql_notes;                       /* count Note-level warnings (default ON) */
    bool restore;                         /* sc_session_set_restore: existing definitions */
    char *charset_server;                 /* utf8mb4 */
    char *collation_server;               /* utf8mb4_general_ci */
    char *default_engine;                 /* InnoDB */
    int time_zone_min; /* time_zone as minutes east of UTC ('SYSTEM': 0, the catalog's UTC) */
    char time_zone[8]; /* its text: "SYSTEM" or "+HH:MM" */
    const char *charset_results; /* character_set_results (static name; NULL: no conversion):
                                    result set metadata is in it (utf8mb4, the pinned client) */
    sc_temp_table *temps;        /* temporary tables */
    size_t n_temps;
    char **user_vars; /* @name=value pairs: [2i] name, [2i+1] value (NULL = SQL NULL) */
    size_t n_user_vars;
    sc_txn *txn;          /* the explicit transaction (BEGIN), or NULL */
    unsigned txn_flags;   /* SC_SESSION_TXN_* it began with */
    sc_txn_replay replay; /* what rebuilds txn after the map grew */
    bool replaying;       /* statements run now are a replay: not recorded again */
    bool ran_control;     /* the last statement was BEGIN, COMMIT or ROLLBACK */
    /* diagnostics of the last statement, for SHOW WARNINGS/ERRORS (ddl/show_stmt_misc.c) */
    sc_condition *diag;   /* its conditions, messages malloc'ed (at most SC_MAX_ERROR_COUNT) */
    size_t n_diag;        /* entries in diag */
    unsigned diag_count;  /* @@warning_count: every condition, kept or not */
    unsigned diag_errors; /* @@error_count: the Error-level ones */
};

/** MariaDB's default max_error_count: the conditions a statement keeps. */
#define SC_MAX_ERROR_COUNT 64

/* Explicit transactions (session_txn.c). */
/** BEGIN, COMMIT or ROLLBACK run as a statement outside a caller's txn. */
int sc_ddl__txn_control(sc_session *s, sc_ast_stmt_kind kind);
/**
 * Make room for, and copy, the statement about to run in the explicit
 * transaction, so that recording its outcome afterwards cannot fail (a
 * statement that ran must never be reported failed for want of memory
 * while its rows stay). @return SC_OK or SC_ENOMEM (nothing run)
 */
int sc_ddl__txn_prepare(sc_session *s, const char *sql, size_t len);
/** Record the prepared statement's outcome (for a replay); cannot fail. */
void sc_ddl__txn_note(sc_session *s, int code);
/**
 * After SC_EFULL: grow the map; with explicit_txn, abort the explicit
 * transaction first and build it again (replay). @return SC_OK to run the
 * statement again, else the error (the transaction is then rolled back)
 */
int sc_ddl__txn_regrow(sc_session *s, bool explicit_txn);
/**
 * Undo the statement that just failed part-way in the explicit transaction
 * (not recorded yet): abort it and build it again from the recorded
 * statements. @return SC_OK (the transaction goes on), else the error (the
 * transaction is then rolled back)
 */
int sc_ddl__txn_rebuild(sc_session *s);
/** Roll back what is open and free the replay record (sc_session_free). */
void sc_ddl__txn_free(sc_session *s);
/** Run one statement once, no retry (session.c; a replay uses it). */
int sc_ddl__exec_once(
    sc_stmt_result *result, sc_session *session, sc_txn *txn, const char *sql, size_t len);

/** Execution state of one statement. */
typedef struct sc_exec {
    sc_session *s;
    sc_ctx *ctx;
    sc_txn *txn;       /* the statement's write transaction */
    sc_ast_stmt *stmt; /* parsed statement (owns the arena) */
    sc_arena *arena;   /* stmt->arena */
    unsigned warnings; /* conditions raised (SHOW COUNT(*) WARNINGS), kept or not */
    unsigned errors;   /* the Error-level ones among them, the statement's error excluded */
    sc_condition conds[SC_MAX_ERROR_COUNT]; /* the first ones, messages in the arena */
    size_t n_conds;
    size_t err_at; /* 1 + where the statement's error row goes (sc_exec__err), 0: last */
    sc_buf out;    /* legacy SHOW text (sc_stmt_result.output) */
    bool has_output;
    sc_rs rs;               /* the statement's result set (rows of SHOW, DESCRIBE, SELECT) */
    bool has_rs;            /* rs is the statement's answer */
    bool keep_partial;      /* commit despite the error: MariaDB keeps the partial work */
    uint64_t affected_rows; /* the OK packet's count (DROP DATABASE: tables dropped) */
} sc_exec;

/** The storage engines a stock MariaDB 10.11 has (their table is in exec_table.c). */
typedef enum sc_engine {
    SC_ENGINE_INNODB,
    SC_ENGINE_MYISAM,
    SC_ENGINE_ARIA,
    SC_ENGINE_MEMORY,
    SC_ENGINE_CSV,
    SC_ENGINE_MRG_MYISAM,
    SC_ENGINE_SEQUENCE,
    SC_ENGINE_PERFORMANCE_SCHEMA,
    SC_ENGINE_OTHER /* none of the above; also the number of known engines */
} sc_engine;

/* ------------------------------------------------------------------ */
/* Mutable table model                                                  */

typedef struct sc_xcol {
    sc_column_def d;
    const char *orig_name; /* name in the stored table; NULL for a new column */
    bool json;             /* declared JSON: CHECK (json_valid(`c`)) is implied */
} sc_xcol;

typedef struct sc_xindex {
    sc_index_def d;
    sc_index_part *parts; /* mutable view of d.parts */
    bool generated;       /* implicit FK index (dropped when another key covers it) */
    bool long_hash;       /* long UNIQUE implemented as USING HASH */
    bool loaded;          /* came from the stored table (ALTER) */
    bool late_hash;       /* an existing key turned long hash now: sorts as a plain UNIQUE */
    size_t order;         /* position in the key list before sorting */
} sc_xindex;

/** Table options printed in the options string, MariaDB's print order. */
enum {
    SC_XOPT_MIN_ROWS,
    SC_XOPT_MAX_ROWS,
    SC_XOPT_AVG_ROW_LENGTH,
    SC_XOPT_PACK_KEYS,
    SC_XOPT_STATS_PERSISTENT,
    SC_XOPT_STATS_AUTO_RECALC,
    SC_XOPT_STATS_SAMPLE_PAGES,
    SC_XOPT_CHECKSUM,
    SC_XOPT_PAGE_CHECKSUM,
    SC_XOPT_DELAY_KEY_WRITE,
    SC_XOPT_ROW_FORMAT,
    SC_XOPT_INSERT_METHOD,
    SC_XOPT_TRANSACTIONAL,
    SC_XOPT_KEY_BLOCK_SIZE,
    SC_XOPT__COUNT
};

/** The two directory options of a table (sc_xtable.dirs). */
enum { SC_XDIR_DATA, SC_XDIR_INDEX };

typedef struct sc_xtable {
    const char *schema;
    const char *name;
    const char *engine;
    const char *charset;
    const char *collation;
    const char *comment;
    uint64_t auto_increment;
    const char *opts[SC_XOPT__COUNT]; /* value text, NULL = not set */
    const char *engine_opts;          /* "`X`=v ..." engine-defined options or NULL */
    /* DATA DIRECTORY / INDEX DIRECTORY (SC_XDIR_*): dirs[] the kept values as
     * SHOW CREATE prints them (escaped, ending in '/'), NULL = none; given[]
     * the last value the statement wrote (CREATE keeps it, ALTER ignores it) */
    const char *dirs[2];
    const char *dirs_given[2];
    sc_xcol *cols;
    size_t n_cols, cap_cols;
    sc_xindex *idx;
    size_t n_idx, cap_idx;
    sc_fk_def *fks;
    size_t n_fks, cap_fks;
    sc_check_def *checks;
    size_t n_checks, cap_checks;
    /* columns of foreign keys the engine ignores (not InnoDB) whose actions
     * modify the child: MariaDB still applies the 1901 rule to them */
    const char **fk_mod_cols;
    size_t n_fk_mod_cols;
    /* CHARACTER SET / COLLATE table options seen so far in the statement:
     * MariaDB refuses two that disagree (1302), across every option list of
     * an ALTER too. db_charset is what CHARACTER SET DEFAULT means. */
    const char *db_charset, *db_collation;
    const sc_charset_info *seen_cs;       /* NULL: none yet */
    bool seen_cs_default;                 /* it was written DEFAULT */
    bool seen_coll;                       /* a COLLATE was given */
    const sc_collation_info *seen_coll_c; /* NULL: COLLATE DEFAULT */
    /* beside columns and keys (exec_partition.c, exec_sequence.c, exec_period.c) */
    unsigned tflags;                                     /* SC_TABLE_* */
    const char *period_name, *period_start, *period_end; /* application-time period */
    const char *sys_start, *sys_end;                     /* PERIOD FOR SYSTEM_TIME */
    sc_partitioning_def *part;                           /* NULL: not partitioned */
    sc_sequence_def *seq;                                /* SC_TABLE_SEQUENCE */
    /* CREATE/ALTER: expressions resolve against the finished column list
     * (sc_exec__deferred_refs), as MariaDB fixes them when it opens the new
     * table, after its keys and names are checked */
    bool defer_refs;
} sc_xtable;

/* exec_model.c */
void *sc_exec__alloc(sc_exec *x, size_t size);
char *sc_exec__strdup(sc_exec *x, const char *s);
char *sc_exec__printf(sc_exec *x, const char *fmt, ...) SC_PRINTF(2, 3);
sc_xcol *sc_xtable__add_col(sc_exec *x, sc_xtable *t, size_t pos);
sc_xindex *sc_xtable__add_index(sc_exec *x, sc_xtable *t, size_t n_parts);
sc_fk_def *sc_xtable__add_fk(sc_exec *x, sc_xtable *t);
sc_check_def *sc_xtable__add_check(sc_exec *x, sc_xtable *t);
sc_xcol *sc_xtable__find_col(const sc_xtable *t, const char *name);
long sc_xtable__col_pos(const sc_xtable *t, const char *name);
sc_xindex *sc_xtable__find_index(const sc_xtable *t, const char *name);
void sc_xtable__remove_index(sc_xtable *t, size_t i);
/** Load a stored definition into a mutable model (deep enough to edit). */
int sc_xtable__load(sc_exec *x, sc_xtable *t, const sc_table_def *def, const char *schema);
/** Copy a column definition's strings into the statement arena. */
int sc_xtable__copy_column(sc_exec *x, sc_column_def *c);
/** Build the definition to store (arrays in the arena). */
void sc_xtable__to_def(sc_exec *x, const sc_xtable *t, sc_table_def *def);
/** Render the options string from opts[] + engine_opts (NULL when empty). */
const char *sc_xtable__options_text(sc_exec *x, const sc_xtable *t);
/** Parse stored expression text (NULL: *out = NULL) into a tree in the statement arena. */
int sc_exec__stored_expr(sc_exec *x, sc_expr **out, const char *text);
/**
 * Rename column from to to in the stored expression *text (CHECK, generated
 * column, or DEFAULT when is_default: its parentheses follow the printer's
 * rule). *text is replaced by the re-printed tree only when it named from.
 */
int sc_exec__rename_in_expr(
    sc_exec *x, const char **text, const char *from, const char *to, bool is_default);

/* exec_table.c: shared CREATE/ALTER building blocks */
int sc_exec__column(sc_exec *x, sc_xtable *t, sc_xcol *c, const sc_ast_column *ac);
int sc_exec__table_options(sc_exec *x, sc_xtable *t, const sc_ast_table_option *o, size_t n);
int sc_exec__add_index(sc_exec *x, sc_xtable *t, const sc_ast_index *ai);
int sc_exec__add_check(sc_exec *x, sc_xtable *t, const sc_ast_check *ac, bool is_alter);
/** A table-level CHECK's column references and fix_fields checks (1054, 1253, 1210). */
int sc_exec__check_refs(sc_exec *x, const sc_xtable *t, const sc_ast_check *ac);
/**
 * The deferred reference checks of t (defer_refs): every column's
 * expressions in column order, then the table CHECKs, as MariaDB fixes
 * them. cols/checks: the statement's new or changed columns and CHECKs.
 */
int sc_exec__deferred_refs(sc_exec *x,
                           sc_xtable *t,
                           const sc_ast_column *const *cols,
                           size_t n_cols,
                           const sc_ast_check *const *checks,
                           size_t n_checks);
int sc_exec__add_column_keys(sc_exec *x, sc_xtable *t, const sc_ast_column *ac);
/** TIMESTAMP defaults of explicit_defaults_for_timestamp=OFF, on the final column order. */
void sc_exec__timestamp_defaults(sc_exec *x, sc_xtable *t);
/** Final checks and normalisation: key names, NOT NULL for PK columns, sorting, limits. */
int sc_exec__finish_table(sc_exec *x, sc_xtable *t);
/* exec_limits.c: MariaDB's limits on a whole definition (columns, .frm size, expressions). */
int sc_exec__definition_limits(sc_exec *x, const sc_xtable *t);
/** REFERENCES t without columns on column `column` of an InnoDB table: InnoDB's 1005
 *  errno 150 with its Warning 150 ("Column x was not found") and Warning 1215. */
int sc_exec__fk_no_parent_columns(sc_exec *x,
                                  const sc_xtable *t,
                                  const char *column,
                                  const char *constraint);
/** FK checks against parents (foreign_key_checks) and implicit child indexes. */
int sc_exec__check_fks(sc_exec *x, sc_xtable *t, size_t first_new_fk, bool is_alter);
/* exec_fk_exprs.c */
/** Whether a foreign key with these actions changes child rows it keeps. */
bool sc_exec__fk_action_modifies_child(int on_delete, int on_update);
/** 1901 when a CHECK or STORED generated column reads such a key's column. */
int sc_exec__check_fk_modified_exprs(sc_exec *x, const sc_xtable *t);
/** A column an expression names that t does not have, or NULL. */
const char *sc_exec__unknown_column(const sc_xtable *t, const sc_expr *e);
/** 1970/1901 when a CHECK constraint (named name) uses what MariaDB forbids. */
int sc_exec__check_expr_allowed(sc_exec *x, const sc_expr *e, const char *name);
/** 1054/4029 for the expressions of a column definition (all columns known). */
int sc_exec__check_column_refs(sc_exec *x, const sc_xtable *t, const sc_ast_column *ac);
/** True when a column definition has an expression that names columns (generated, CHECK,
 *  DEFAULT (...)): the only ones sc_exec__check_column_refs has anything to check in. */
bool sc_exec__column_has_exprs(const sc_ast_column *ac);
/** 1253 (COLLATE of another charset) and 1210 (a bad ESCAPE) in e, as fix_fields finds them. */
int sc_exec__fix_expr(sc_exec *x, const sc_xtable *t, const sc_expr *e);
/** The same for one node whose operands are fixed (t NULL: columns carry r_col, as in views). */
int sc_exec__fix_node(sc_exec *x, const sc_xtable *t, const sc_expr *e);
/** sc_exec__fix_expr for a CHECK or GENERATED expression: adds MariaDB's Error 4027 row. */
int sc_exec__fix_stored_expr(sc_exec *x, const sc_xtable *t, const sc_expr *e);
/** 1054 for column col of an expression in clause, with MariaDB's follow-up Error 4027. */
int sc_exec__unknown_in_expr(sc_exec *x, const char *col, const char *clause, const sc_expr *e);
/** A COMMENT within max characters (strict: err, 1628 table / 1629 column / 1688 index,
 *  else cut with a warning). */
int sc_exec__comment_limit(
    sc_exec *x, const char **out, const char *text, size_t max, unsigned err, const char *name);
/** Print an expression as SHOW CREATE does; NULL on ENOMEM. */
const char *sc_exec__expr_text(sc_exec *x, const sc_expr *e);
/** Engine canonical name (any case, or a synonym such as HEAP) or NULL when unknown. */
const char *sc_exec__engine_name(const char *name);
/** The engine of a canonical name as sc_exec__engine_name() gives it (exact match). */
sc_engine sc_exec__engine(const char *canonical);
/* 1901 for a subquery in a column's DEFAULT or GENERATED ALWAYS AS, checked
 * first as MariaDB's parser does. */
int sc_exec__create_subqueries(sc_exec *x, const sc_ast_create_table *ct);
int sc_exec__alter_subqueries(sc_exec *x, const sc_ast_alter_table *at);
/* CREATE/ALTER/DROP PROCEDURE, FUNCTION, EVENT (exec_stored.c). */
int sc_exec__stored_object(sc_exec *x);
/* The engine's refusals that come before the SQL layer reads the definition
 * (partitioning: 1572) and the one its create() gives (1005); SC_OK if none. */
int sc_exec__engine_refuses_partitioning(sc_exec *x, const char *engine);
/* 1070 for a UNIQUE key turned into a hash key on an engine without key parts
 * (PERFORMANCE_SCHEMA). */
int sc_exec__engine_hash_keys(sc_exec *x, const struct sc_xtable *t);
/* exec_innodb.c: InnoDB's own checks of the create options */
/** How the engine meets the table: CREATE (and CREATE ... SELECT), an ALTER
 *  that copies the table, an ALTER done in place. */
typedef enum { SC_INNODB_CREATE, SC_INNODB_ALTER_COPY, SC_INNODB_ALTER_INPLACE } sc_innodb_path;
struct sc_xtable;
/** An InnoDB table's options: 1005 errno 140 (CREATE, copy) or 1478 (in
 *  place) after InnoDB's warnings; SC_OK for other engines. */
int sc_exec__innodb_options(sc_exec *x, const struct sc_xtable *t, sc_innodb_path path);
/** The value of engine-defined option NAME in an options text ("`NAME`=v" or
 *  "`NAME`='v'"), copied into out ("" when absent). */
void sc_exec__option_value(char *out, size_t size, const char *options, const char *name);
/** Whether a boolean option's value is on (YES, ON, 1). */
bool sc_exec__option_on(const char *v);
/** A TEMPORARY InnoDB table's options, read from the statement (its
 *  definition is not kept): as sc_exec__innodb_options, or 4047. */
int sc_exec__innodb_temporary_options(
    sc_exec *x, const sc_ast_table_option *opts, size_t n, const char *schema, const char *name);
/* exec_const.c */
/** Constant DEFAULT expressions computed as MariaDB stores them (1067, 1690). */
int sc_exec__const_defaults(sc_exec *x, const struct sc_xtable *t);
/** Whether the column can store the literal lit as its default: MariaDB's
 * warning and 1067 when not (c is not changed). */
int sc_exec__default_value_check(sc_exec *x, const struct sc_xcol *c, const sc_expr *lit);
/* exec_convert.c */
/** String constants of CHECK / generated expressions converted to the
 * character set of the column they meet, as MariaDB prints them (1300). */
int sc_exec__convert_constants(sc_exec *x, struct sc_xtable *t);
/** A string, hex or bit literal assigned to a character column (DEFAULT):
 * *out its text in the column's set as UTF-8 (*converted), 1300 for bytes
 * that are no utf8, 1067 for text the column's ascii/latin1 cannot hold. */
int sc_exec__literal_to_column(
    sc_exec *x, const sc_ast_lit *l, const sc_column_def *d, sc_ast_lit *out, bool *converted);
/* exec_dirs.c: DATA DIRECTORY / INDEX DIRECTORY */
/** CREATE TABLE's first check of the paths (1103, NO_DIR_IN_CREATE's 1618). */
int sc_exec__dirs_precheck(sc_exec *x,
                           const sc_ast_table_option *opts,
                           size_t n,
                           const char *table);
/** ALTER TABLE's options: each directory given is Warning 1618, ignored. */
void sc_exec__dirs_alter_given(sc_exec *x, const sc_ast_table_option *opts, size_t n);
/** The directories the final table keeps (its engine, partitioning). */
int sc_exec__table_dirs(sc_exec *x, struct sc_xtable *t, bool alter);
int sc_exec__engine_refuses_create(sc_exec *x,
                                   const char *schema,
                                   const char *name,
                                   const char *engine);
/** Validate an identifier (empty/too long/trailing space): 1103/1166/1102/1059 etc. */
int sc_exec__check_table_name(sc_exec *x, const char *name);
int sc_exec__check_db_name(sc_exec *x, const char *name);
int sc_exec__check_column_name(sc_exec *x, const char *name);
/** 1059 for index/constraint names over 64 characters. */
int sc_exec__check_ident_length(sc_exec *x, const char *name);

/** sql_mode bits as SELECT @@sql_mode prints them (allocated through ctx). */
char *sc_exec__mode_text(sc_ctx *ctx, uint64_t mode);

/* helpers for errors */
int sc_exec__err(sc_exec *x, unsigned err, const char *state, const char *fmt, ...) SC_PRINTF(4, 5);
/**
 * Raise a Note (a SHOW WARNINGS row; none when the session has
 * sql_notes=0). Called with an SC_ER_* macro and its arguments, like
 * sc_exec__err; the SQLSTATE is not shown for conditions.
 */
void sc_exec__warn(sc_exec *x, unsigned code, const char *state, const char *fmt, ...)
    SC_PRINTF(4, 5);
/** Raise a Warning-level row (as sc_exec__warn). */
void sc_exec__warning(sc_exec *x, unsigned code, const char *state, const char *fmt, ...)
    SC_PRINTF(4, 5);
/** Raise an Error-level row besides the statement's error (MariaDB's follow-up errors). */
void sc_exec__error_row(sc_exec *x, unsigned code, const char *state, const char *fmt, ...)
    SC_PRINTF(4, 5);
/** Turn the error just set (ctx) into a Note: an IF [NOT] EXISTS clause forgives it. */
void sc_exec__warn_from_error(sc_exec *x);
/** Resolve [db.]name against the current database (1046 when none). */
int sc_exec__resolve_db(sc_exec *x, const char **db_out, const sc_ast_qname *q);
/**
 * Resolve q: its database (*db), that schema's id and (sdef not NULL) its
 * definition copied into the statement, and q's table id. A missing schema
 * is 1146 naming q when missing_as_table, else 1049; a missing table is
 * SC_ENOTFOUND with no error set.
 */
int sc_exec__locate(sc_exec *x,
                    const sc_ast_qname *q,
                    const char **db,
                    uint64_t *schema_id,
                    uint64_t *id,
                    sc_schema_def *sdef,
                    bool missing_as_table);
/** 1044 for DDL that would change the system schema `syscat`. */
int sc_exec__guard_system(sc_exec *x, const char *db);
/** Is the table a session temporary table? */
bool sc_exec__is_temp(sc_exec *x, const char *db, const char *name);
/** Record a session temporary table (CREATE TEMPORARY TABLE / SEQUENCE). */
int sc_exec__add_temp(sc_exec *x, const char *db, const char *name);
/** Forget a session temporary table; false when there was none. */
bool sc_exec__drop_temp(sc_exec *x, const char *db, const char *name);
/** The session temporary table (db, name), or NULL. */
sc_temp_table *sc_exec__temp(sc_exec *x, const char *db, const char *name);

/* statement handlers */
int sc_exec__create_database(sc_exec *x);
int sc_exec__alter_database(sc_exec *x);
int sc_exec__drop_database(sc_exec *x);
int sc_exec__use(sc_exec *x);
int sc_exec__show(sc_exec *x);
/** Keep a statement's diagnostics for SHOW WARNINGS (stmt NULL after a parse error). */
void sc_show__keep_diagnostics(sc_session *s,
                               const sc_ast_stmt *stmt,
                               const sc_exec *x,
                               const sc_stmt_result *r);
/** Free the diagnostics the session keeps (sc_session_free). */
void sc_show__free_diagnostics(sc_session *s);
int sc_exec__set(sc_exec *x);
int sc_exec__create_table(sc_exec *x);
int sc_exec__alter_table(sc_exec *x);
int sc_exec__drop_table(sc_exec *x);
int sc_exec__rename_table(sc_exec *x);
int sc_exec__truncate_table(sc_exec *x);
int sc_exec__create_index(sc_exec *x);
int sc_exec__drop_index(sc_exec *x);

/** Text as stored in utf8mb3 (comments): 4-byte characters become '?'. */
const char *sc_exec__utf8mb3_text(sc_exec *x, const char *s);
/** Evaluate a column's DEFAULT clause into c (1067 on an invalid value). */
int sc_exec__column_default(sc_exec *x, sc_xcol *c, const sc_ast_column *ac);
/* A character column in the binary charset becomes a byte string column. */
void sc_exec__binary_conversion(sc_column_def *d);
/** Fresh model for a new table in schema db (defaults from the schema and session). */
int sc_exec__init_table(
    sc_exec *x, sc_xtable *t, const char *db, const char *name, const sc_schema_def *sdef);
/** Is (db, name) the parent of a foreign key of a table other than self_id? */
int sc_exec__is_parent(sc_exec *x, const char *db, const char *name, uint64_t self_id);
/** Point child foreign keys at a renamed parent table and/or column. */
int sc_exec__update_children(sc_exec *x,
                             const char *old_db,
                             const char *old_name,
                             const char *new_db,
                             const char *new_name,
                             const char *old_col,
                             const char *new_col);
/** Rename/move one table, renaming `<old>_ibfk_N` keys and fixing children. */
int sc_exec__rename_one(sc_exec *x,
                        uint64_t id,
                        const char *db,
                        const char *name,
                        const char *new_db,
                        const char *new_name,
                        bool fix_ibfk);

/** Append the columns CREATE TABLE ... SELECT derives from its (parsed) query. */
int sc_exec__create_select(sc_exec *x, sc_xtable *t);

/** Whether InnoDB accepts child column a referencing parent column b. */
bool sc_exec__fk_types_match(const sc_column_def *a, const sc_column_def *b);

/* Views, triggers, CREATE TABLE ... SELECT (ddl/select.h; exec_view.c, exec_trigger.c,
 * resolve_select.c, ctas_types.c) */
struct sc_select;
struct sc_select_ctx;
/** Is table id a view (a syscat.views row exists)? */
bool sc_exec__is_view(sc_exec *x, uint64_t table_id);
/** Resolve a parsed query against the catalog (names, `*`, aliases, types). */
int sc_exec__resolve_select(sc_exec *x, struct sc_select_ctx *c, struct sc_select *sel);
/** Release the definitions a resolution loaded. */
void sc_exec__select_release(struct sc_select_ctx *c);
/** The column type MariaDB gives a select expression (CTAS, view columns). */
void sc_ddl__expr_type(sc_exec *x, sc_column_def *out, const sc_expr *e);
/** Merge a UNION block's column type into the first block's. */
void sc_ddl__type_merge(sc_column_def *into, const sc_column_def *other);
/* A UNION column's branch (select item e, NULL for a parenthesised block)
 * before the merge, as MariaDB's type holder sees it: a plain column has its
 * type's display width, ENUM/SET become VARCHAR, TINYTEXT/TEXT/MEDIUMTEXT of
 * a multi-byte charset one size up; an integer literal counts a sign. */
void sc_ddl__union_branch(sc_column_def *d, const sc_expr *e);
/* The merged UNION column: attributes dropped; after a DISTINCT set operation
 * a NOT NULL column gets the implicit default SHOW CREATE prints (0, '', ...). */
void sc_ddl__union_finish(sc_exec *x, sc_column_def *d, bool distinct);
/** Is e an aggregate function call? */
bool sc_ddl__is_aggregate(const sc_expr *e);
int sc_exec__create_view(sc_exec *x);
int sc_exec__drop_view(sc_exec *x);
int sc_exec__create_trigger(sc_exec *x);
int sc_exec__drop_trigger(sc_exec *x);
/** SHOW CREATE VIEW / TRIGGER: the text (sc_free) of the statement's object. */
int sc_exec__show_create_view(sc_exec *x, char **out);
int sc_exec__show_create_trigger(sc_exec *x, char **out);
/** Whether a DEFINER names an account a fresh server has (else MariaDB's Note 1449). */
bool sc_exec__known_definer(const char *definer);
/** Note 1449 when definer (`user`@`host`, NULL: the current user) is no known account. */
void sc_exec__note_definer(sc_exec *x, const char *definer);
/** Rewrite the ON clause of table id's triggers after RENAME TABLE (MariaDB quotes the name). */
int sc_exec__triggers_renamed(sc_exec *x, uint64_t id, const char *new_name);
/** 1347 when (db, name) with this id is a view and a base table is needed. */
int sc_exec__need_base_table(sc_exec *x, uint64_t id, const char *db, const char *name);
/** Triggers of a table follow a RENAME (1435 when it moves to another database). */
int sc_exec__triggers_rename_check(sc_exec *x, uint64_t id, const char *db, const char *new_db);

/** Store a model as a new table (create) or over an existing id (alter). */
int sc_exec__store_new(sc_exec *x, sc_xtable *t, uint64_t schema_id);

#endif /* SC_DDL_EXEC_H */
