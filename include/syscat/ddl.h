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

/** Outcome of one statement. Owned by the caller; release with sc_stmt_result_clear(). */
typedef struct sc_stmt_result {
    int code;             /* SC_OK or an sc_err */
    unsigned mysql_errno; /* MariaDB errno when code != SC_OK (1064, 1050...) */
    char sqlstate[6];     /* SQLSTATE when code != SC_OK */
    char *message;        /* error text as MariaDB prints it, or NULL */
    unsigned warnings;    /* number of warnings (SHOW WARNINGS rows) */
    char *output;         /* result text of SHOW statements, or NULL */
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
 * aborted on error; with a caller's write txn it runs in a nested
 * transaction of it, so a failing statement leaves txn as it was.
 * @param[out] result per-statement outcome (always filled)
 * @return result->code
 */
SC_API int
sc_ddl_exec(sc_stmt_result *result, sc_session *session, sc_txn *txn, const char *sql, size_t len);

/** Free the strings of a result and zero it. */
SC_API void sc_stmt_result_clear(sc_stmt_result *result);

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
 * Set a session variable as `SET SESSION name = value` would (sql_mode,
 * explicit_defaults_for_timestamp, foreign_key_checks, character_set_server,
 * collation_server, default_storage_engine). value is the SQL text of the
 * value, unquoted. @return SC_OK or SC_ESQL (1193 unknown variable, 1231 bad value)
 */
SC_API int sc_session_set(sc_session *session, const char *name, const char *value);

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
