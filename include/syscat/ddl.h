/*
 * syscat/ddl.h - MariaDB 10.11 DDL in, catalog row changes out; SHOW CREATE
 * byte-identical to MariaDB. See docs/ddl.md.
 *
 * A session carries what MariaDB keeps per connection and what changes DDL
 * results: the current database, sql_mode, explicit_defaults_for_timestamp,
 * foreign_key_checks, the character set and collation variables, the default
 * storage engine. Each statement runs as one catalog transaction (MariaDB's
 * implicit commit), unless the caller passes its own transaction.
 */
#ifndef SYSCAT_DDL_H
#define SYSCAT_DDL_H

#include "common.h"
#include "error.h"
#include "catalog.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sc_session sc_session;

/* ------------------------------------------------------------------ */
/* Result sets                                                          */
/*
 * A statement that returns rows (SHOW, DESCRIBE, SELECT from
 * information_schema) fills sc_stmt_result.rs with a result set: its
 * columns carry the metadata MariaDB 10.11 sends in the protocol's column
 * definition packets for the same statement (so a network front end can
 * send them as they are), and its rows hold each value as the text the
 * text protocol sends (numbers in decimal, NULL as a NULL data pointer).
 * The catalog name of every column is "def", as in MariaDB.
 */

/** Column types as the MariaDB protocol numbers them (MYSQL_TYPE_* in mysql_com.h). */
typedef enum sc_field_type {
    SC_FIELD_TYPE_DECIMAL = 0,
    SC_FIELD_TYPE_TINY = 1,
    SC_FIELD_TYPE_SHORT = 2,
    SC_FIELD_TYPE_LONG = 3,
    SC_FIELD_TYPE_FLOAT = 4,
    SC_FIELD_TYPE_DOUBLE = 5,
    SC_FIELD_TYPE_NULL = 6,
    SC_FIELD_TYPE_TIMESTAMP = 7,
    SC_FIELD_TYPE_LONGLONG = 8,
    SC_FIELD_TYPE_INT24 = 9,
    SC_FIELD_TYPE_DATE = 10,
    SC_FIELD_TYPE_TIME = 11,
    SC_FIELD_TYPE_DATETIME = 12,
    SC_FIELD_TYPE_YEAR = 13,
    SC_FIELD_TYPE_NEWDATE = 14,
    SC_FIELD_TYPE_VARCHAR = 15,
    SC_FIELD_TYPE_BIT = 16,
    SC_FIELD_TYPE_NEWDECIMAL = 246,
    SC_FIELD_TYPE_ENUM = 247,
    SC_FIELD_TYPE_SET = 248,
    SC_FIELD_TYPE_TINY_BLOB = 249,
    SC_FIELD_TYPE_MEDIUM_BLOB = 250,
    SC_FIELD_TYPE_LONG_BLOB = 251,
    SC_FIELD_TYPE_BLOB = 252,
    SC_FIELD_TYPE_VAR_STRING = 253,
    SC_FIELD_TYPE_STRING = 254,
    SC_FIELD_TYPE_GEOMETRY = 255
} sc_field_type;

/* Column definition flags as the protocol sends them (*_FLAG in mysql_com.h). */
#define SC_FIELD_NOT_NULL 0x0001u         /* NOT_NULL_FLAG */
#define SC_FIELD_PRI_KEY 0x0002u          /* PRI_KEY_FLAG */
#define SC_FIELD_UNIQUE_KEY 0x0004u       /* UNIQUE_KEY_FLAG */
#define SC_FIELD_MULTIPLE_KEY 0x0008u     /* MULTIPLE_KEY_FLAG */
#define SC_FIELD_BLOB 0x0010u             /* BLOB_FLAG */
#define SC_FIELD_UNSIGNED 0x0020u         /* UNSIGNED_FLAG */
#define SC_FIELD_ZEROFILL 0x0040u         /* ZEROFILL_FLAG */
#define SC_FIELD_BINARY 0x0080u           /* BINARY_FLAG */
#define SC_FIELD_ENUM 0x0100u             /* ENUM_FLAG */
#define SC_FIELD_AUTO_INCREMENT 0x0200u   /* AUTO_INCREMENT_FLAG */
#define SC_FIELD_TIMESTAMP 0x0400u        /* TIMESTAMP_FLAG */
#define SC_FIELD_SET 0x0800u              /* SET_FLAG */
#define SC_FIELD_NO_DEFAULT_VALUE 0x1000u /* NO_DEFAULT_VALUE_FLAG */
#define SC_FIELD_ON_UPDATE_NOW 0x2000u    /* ON_UPDATE_NOW_FLAG */
#define SC_FIELD_NUM 0x8000u              /* NUM_FLAG: a numeric column */

/** Charset numbers a result column carries (the collation id of its values). */
#define SC_CHARSET_UTF8MB3_GENERAL_CI 33u /* text columns of SHOW / information_schema */
#define SC_CHARSET_BINARY 63u             /* numbers and temporal values */

/**
 * One column of a result set: the fields of the protocol's column
 * definition packet. Strings are never NULL ("" where MariaDB sends an
 * empty string, e.g. org_name of SHOW CREATE TABLE's columns).
 */
typedef struct sc_result_column {
    const char *name;      /* column name as the client shows it ("Tables_in_test") */
    const char *org_name;  /* underlying column ("TABLE_NAME") or "" */
    const char *table;     /* table name or alias in the query ("TABLE_NAMES") or "" */
    const char *org_table; /* underlying table or "" */
    const char *schema;    /* its database ("information_schema") or "" */
    unsigned type;         /* an sc_field_type */
    uint32_t length;       /* column length in bytes (192 = 64 utf8mb3 characters) */
    unsigned flags;        /* SC_FIELD_* bits */
    unsigned charsetnr;    /* collation id: SC_CHARSET_UTF8MB3_GENERAL_CI, SC_CHARSET_BINARY */
    unsigned decimals;     /* decimals; 39 (NOT_FIXED_DEC) for computed strings */
} sc_result_column;

/** One value: data[0..len), or SQL NULL when data is NULL. Not NUL-terminated in general. */
typedef struct sc_result_cell {
    const char *data; /* the text protocol's bytes, or NULL for SQL NULL */
    size_t len;       /* bytes */
} sc_result_cell;

/**
 * A complete result set, one allocation owned by the sc_stmt_result that
 * holds it (freed by sc_stmt_result_clear(); every pointer inside dies then).
 * cells has n_rows * n_columns entries, row by row: the value of row r,
 * column c is cells[r * n_columns + c].
 */
typedef struct sc_result_set {
    size_t n_columns;                /* >= 1 */
    const sc_result_column *columns; /* n_columns entries */
    size_t n_rows;                   /* may be 0 */
    const sc_result_cell *cells;     /* n_rows * n_columns entries */
} sc_result_set;

/**
 * Outcome of one statement. Owned by the caller; release with
 * sc_stmt_result_clear(). A statement either returns a result set (rs set;
 * MariaDB sends column definitions and rows) or not (rs NULL; MariaDB
 * sends OK with affected_rows, or an error).
 */
typedef struct sc_stmt_result {
    int code;               /* SC_OK or an sc_err */
    unsigned mysql_errno;   /* MariaDB errno when code != SC_OK (1064, 1050...) */
    char sqlstate[6];       /* SQLSTATE when code != SC_OK */
    char *message;          /* error text as MariaDB prints it, or NULL */
    unsigned warnings;      /* number of warnings (SHOW WARNINGS rows) */
    char *output;           /* legacy text, superseded by rs: the CREATE text of SHOW
                               CREATE TABLE/DATABASE, one name a line for SHOW
                               DATABASES/TABLES; NULL for every other statement */
    sc_result_set *rs;      /* the rows of SHOW, DESCRIBE, SELECT; NULL for other statements */
    uint64_t affected_rows; /* OK packet's affected rows when rs is NULL and code is SC_OK
                               (0 for DDL, as MariaDB reports it) */
} sc_stmt_result;

/**
 * Open a session on a catalog.
 * @param[out] out      the session; free with sc_session_free()
 * @param[in]  database current database or NULL
 */
SC_API int sc_session_new(sc_session **out, sc_catalog *cat, const char *database);
SC_API void sc_session_free(sc_session *session);

/** The current database (borrowed) or NULL. */
SC_API const char *sc_session_database(const sc_session *session);

/**
 * Execute one statement (no trailing ';' needed). With txn == NULL the
 * statement runs in its own write transaction, committed on success and
 * aborted on error (or, inside BEGIN ... COMMIT, in a nested transaction of
 * the session's: sc_session_begin); with a caller's write txn it runs in a
 * nested transaction of it, so a failing statement leaves txn as it was, and
 * BEGIN/COMMIT/ROLLBACK do nothing. Without a caller's txn, a full catalog
 * map is grown and the statement run again (SC_EFULL only at the ceiling).
 * @param[out] result per-statement outcome (always filled)
 * @return result->code
 */
SC_API int
sc_ddl_exec(sc_stmt_result *result, sc_session *session, sc_txn *txn, const char *sql, size_t len);

/**
 * Execute one statement only when it merely reads the catalog (SHOW,
 * DESCRIBE, a SELECT from information_schema, USE) and the session has no
 * explicit transaction: in a read-only transaction of its own, which
 * neither waits for nor takes the catalog's write lock, so it may run while
 * a write transaction of the catalog is open (it sees the last committed
 * state). Servers use it to answer readers beside an open writer.
 * @param[out] result per-statement outcome (filled unless refused)
 * @return result->code; SC_EREADONLY when the statement is not such a read
 *         (nothing run, result zeroed, session and diagnostics untouched:
 *         run it with sc_ddl_exec())
 */
SC_API int
sc_ddl_exec_read(sc_stmt_result *result, sc_session *session, const char *sql, size_t len);

/** sc_session_begin flag: the transaction is the caller's whole run. BEGIN and
 *  COMMIT statements inside it are part of it (no effect); ROLLBACK fails. */
#define SC_SESSION_TXN_WHOLE 0x1

/**
 * Begin an explicit transaction, as the BEGIN statement does: every later
 * sc_ddl_exec() without a caller's txn runs in a nested transaction of it,
 * until COMMIT/ROLLBACK (statements or sc_session_commit/rollback). Unlike
 * MariaDB, DDL inside it does not commit implicitly: ROLLBACK undoes it. It
 * holds the catalog's write lock until it ends. An open transaction is
 * committed first. When the catalog map fills, the transaction is built
 * again in a larger map (its statements replayed) without the caller noticing.
 * @param[in] flags 0 or SC_SESSION_TXN_WHOLE
 * @return SC_OK, SC_EBUSY, SC_EIO, SC_ENOMEM
 */
SC_API int sc_session_begin(sc_session *session, unsigned flags);

/** Commit the explicit transaction (one commit, one sync). SC_OK when none is open. */
SC_API int sc_session_commit(sc_session *session);

/** Roll the explicit transaction back (nothing when none is open). */
SC_API void sc_session_rollback(sc_session *session);

/** Whether an explicit transaction is open. */
SC_API bool sc_session_in_transaction(const sc_session *session);

/** Free the strings and the result set of a result and zero it. */
SC_API void sc_stmt_result_clear(sc_stmt_result *result);

/** The level of a condition, as SHOW WARNINGS names it (Note, Warning, Error). */
typedef enum sc_condition_level {
    SC_CONDITION_NOTE,
    SC_CONDITION_WARNING,
    SC_CONDITION_ERROR
} sc_condition_level;

/** One row of SHOW WARNINGS: a note, warning or error the last statement raised. */
typedef struct sc_condition {
    sc_condition_level level;
    unsigned code;       /* MariaDB's errno (1050, 1071...) */
    const char *message; /* the text as MariaDB prints it */
} sc_condition;

/**
 * The conditions SHOW WARNINGS lists now, in the order MariaDB raises them
 * (at most 64, max_error_count; the statement's sc_stmt_result.warnings
 * counts them all). A statement that names no table (USE, SET, database
 * DDL, BEGIN/COMMIT, SHOW WARNINGS itself) and raises nothing keeps the
 * previous statement's list, as MariaDB does.
 * @param[out] out the array (borrowed: valid until the next statement on
 *                 the session or sc_session_set_error)
 * @return the number of entries in *out
 */
SC_API size_t sc_session_conditions(const sc_condition **out, const sc_session *session);

/**
 * Make a front end's own answer to a statement the session's diagnostics:
 * with mysql_errno != 0 the one Error row of a statement the front end
 * refused itself (SHOW WARNINGS then lists it), with 0 an empty list (a
 * statement that read tables without raising anything).
 */
SC_API void sc_session_set_error(sc_session *session, unsigned mysql_errno, const char *message);

/**
 * SHOW CREATE TABLE text (no trailing ';'), byte-identical to MariaDB 10.11.
 * @param[out] out allocated text; free with sc_free()
 */
SC_API int sc_show_create_table(char **out, sc_txn *txn, const char *schema, const char *table);

/** SHOW CREATE DATABASE text (no trailing ';'). */
SC_API int sc_show_create_database(char **out, sc_txn *txn, const char *schema);

/**
 * A column's type as DESCRIBE / SHOW COLUMNS print it ("int(10) unsigned",
 * "decimal(10,0)", "enum('a','b''c')", compressed columns with MariaDB's
 * versioned COMPRESSED comment), the text SHOW CREATE TABLE prints before
 * the attributes. A zero length prints MariaDB's default width (int(11),
 * char(1)...).
 * @param[out] out allocated text; free with sc_free(ctx, ...)
 * @return SC_OK, SC_EINVAL (no type), SC_ENOMEM
 */
SC_API int sc_column_type_sql(char **out, sc_ctx *ctx, const sc_column_def *col);

/**
 * The bare name of a column type ("int", "varchar", "geometrycollection"),
 * static; "unknown" for SC_TYPE_NONE or a value outside sc_coltype.
 */
SC_API const char *sc_coltype_name(sc_coltype type);

/**
 * The whole catalog in the DDL oracle's schema.sql format: every schema but
 * `syscat`, sorted by name, as SHOW CREATE DATABASE + ";\n\n", each followed
 * by its tables sorted by name as SHOW CREATE TABLE + ";\n\n".
 * @param[out] out allocated text (empty string when no user schema); free with sc_free()
 */
SC_API int sc_dump_show_create(char **out, sc_txn *txn);

/**
 * One schema in the layout of sc_dump_show_create (its SHOW CREATE DATABASE,
 * then its tables, sequences, views and triggers); `syscat` too when named.
 * @param[out] out allocated text; free with sc_free()
 * @return SC_OK, SC_ENOTFOUND (no such schema: 1049 on the context), SC_ENOMEM
 */
SC_API int sc_dump_show_create_schema(char **out, sc_txn *txn, const char *schema);

/**
 * Find where the next statement of sql[0..len) ends, by the mysql client's
 * rules: at the first ';' outside quotes ('', "", ``; backslash escapes in
 * the first two, doubled quotes in all) and comments (#, "-- ", C-style,
 * but not the executable form that starts with an exclamation mark). Linear in len.
 * @param[out] end_out         index of that ';', or len when none ends a statement
 * @param[out] has_content_out whether sql[0..end) holds more than blanks and comments
 * @return true when a ';' ends a statement
 */
SC_API bool sc_sql_split_next(size_t *end_out, bool *has_content_out, const char *sql, size_t len);

/**
 * sc_sql_split_next with another delimiter than ';' (the mysql client's
 * DELIMITER): the statement ends at the first delim[0..delim_len) outside
 * quotes and comments; *end_out is where the delimiter starts.
 */
SC_API bool sc_sql_split_delim(size_t *end_out,
                               bool *has_content_out,
                               const char *sql,
                               size_t len,
                               const char *delim,
                               size_t delim_len);

/**
 * Where the text of a statement starts: the index of the first character of
 * sql[0..len) that is neither blank nor inside a comment (by the rules of
 * sc_sql_split_next), len when there is none. The mysql client's "at line N"
 * counts from there.
 */
SC_API size_t sc_sql_skip_blank(const char *sql, size_t len);

/**
 * Set a session variable as `SET SESSION name = value` would (sql_mode,
 * explicit_defaults_for_timestamp, foreign_key_checks, character_set_server,
 * collation_server, default_storage_engine). value is the SQL text of the
 * value, unquoted. @return SC_OK or SC_ESQL (1193 unknown variable, 1231 bad value)
 */
SC_API int sc_session_set(sc_session *session, const char *name, const char *value);

/**
 * Restoring definitions that already existed (`syscat import frm`): CREATE
 * TRIGGER does not check that the NEW/OLD columns of its body exist, since
 * MariaDB keeps a trigger whose column was dropped after it was created.
 * Off by default.
 */
SC_API void sc_session_set_restore(sc_session *session, bool on);

/**
 * Read a session variable in the form SELECT @@name prints it.
 * @param[out] out  the value, owned by the caller: free with sc_free() on the
 *                  catalog's ctx; NULL for `database` when none is selected
 * @return SC_OK, SC_ESQL (1193 unknown variable), SC_ENOMEM
 */
SC_API int sc_session_get(char **out, sc_session *session, const char *name);

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_DDL_H */
