/*
 * show_stmt_misc.c - the SHOW statements with computed columns: SHOW
 * CREATE TABLE/DATABASE (ddl/show.c renders the text), SHOW CREATE VIEW
 * and TRIGGER (ddl/exec_view.c's text, ddl/infoschema_objects.c), SHOW
 * CREATE SEQUENCE (MariaDB's error for what
 * the name is), and SHOW WARNINGS/ERRORS
 * [LIMIT] / SHOW COUNT(*) WARNINGS|ERRORS over the diagnostics the session
 * kept from the previous statement.
 *
 * Diagnostics: after a statement, the session keeps its conditions
 * (sc_show__keep_diagnostics): the notes and warnings the executor raised
 * (sc_exec__warn/warning) and its error row, in the order MariaDB raises
 * them (the error where sc_exec__err set it, so InnoDB's Warning 150 comes
 * before a 1005 and Warning 1215 after it), at most max_error_count (64).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "ddl/select.h"
#include "ddl/sequence.h"
#include "ddl/show_stmt_int.h"

/* ------------------------------------------------------------------ */
/* SHOW CREATE                                                          */

static int
two_cells(sc_exec *x, const char *a, const char *b, const char *name_a, const char *name_b)
{
    int rc = sc_is__show_create_columns(&x->rs, name_a, name_b);

    if (rc == SC_OK)
        rc = sc_rs__str(&x->rs, a);
    if (rc == SC_OK)
        rc = sc_rs__str(&x->rs, b);
    x->has_rs = rc == SC_OK;
    return rc;
}

/* SHOW CREATE TABLE/VIEW of a view: View, Create View, the client's charset and collation. */
static int show_create_view(sc_exec *x, const char *db, const char *name, uint64_t id)
{
    static const sc_result_column cols[] = {
        {"View", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 192, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"Create View", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 3072, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"character_set_client", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 96, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"collation_connection", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 192, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
    };
    sc_buf b = SC_BUF_INIT(x->ctx);
    int rc = sc_ddl__view_create_text(&b, x->txn, id, db, name, x->s->database);

    for (size_t i = 0; rc == SC_OK && i < 4; i++)
        rc = sc_rs__column(&x->rs, &cols[i]);
    if (rc == SC_OK) {
        sc_rs__str(&x->rs, name);
        sc_rs__cell(&x->rs, b.text ? b.text : "", b.len);
        sc_rs__str(&x->rs, "utf8mb4");
        rc = sc_rs__str(&x->rs, "utf8mb4_general_ci");
        x->has_output = true; /* legacy text: the CREATE VIEW statement */
        sc__buf_put(&x->out, b.text ? b.text : "", b.len);
        sc__buf_putc(&x->out, '\n');
    }
    x->has_rs = rc == SC_OK;
    sc__buf_free(&b);
    return rc;
}

/* The id of table (db, name), 1146 when there is none. */
static int table_id(sc_exec *x, uint64_t *id, const char *db, const char *name)
{
    sc_table *t = NULL;
    int rc = sc_table_lookup(&t, x->txn, db, name);

    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, name);
    if (rc == SC_OK)
        *id = sc_table_id(t);
    sc_table_free(t);
    return rc;
}

static int show_create(sc_exec *x, const sc_ast_show *st)
{
    const char *db = NULL;
    char *text = NULL;
    uint64_t id;
    int rc;

    if (st->kind == SC_AST_SHOW_CREATE_TABLE) {
        rc = sc_exec__resolve_db(x, &db, &st->name);
        if (rc == SC_OK)
            rc = table_id(x, &id, db, st->name.name);
        if (rc == SC_OK && sc_is__is_view(x, id))
            return show_create_view(x, db, st->name.name, id);
        if (rc == SC_OK)
            rc = sc_show__create_table_in_zone(&text, x->txn, db, st->name.name,
                                               x->s->time_zone_min);
        if (rc == SC_OK)
            rc = two_cells(x, st->name.name, text, "Table", "Create Table");
    } else {
        rc = sc_show_create_database(&text, x->txn, st->name.name);
        if (rc == SC_OK && st->if_not_exists) { /* MariaDB's versioned comment */
            char *t = sc_exec__printf(x, "CREATE DATABASE /*!32312 IF NOT EXISTS*/%s",
                                      text + strlen("CREATE DATABASE"));
            rc = t ? two_cells(x, st->name.name, t, "Database", "Create Database") : SC_ENOMEM;
        } else if (rc == SC_OK) {
            rc = two_cells(x, st->name.name, text, "Database", "Create Database");
        }
    }
    if (rc == SC_OK) {
        x->has_output = true;
        sc__buf_puts(&x->out, text);
        sc__buf_putc(&x->out, '\n');
    }
    sc_free(x->ctx, text);
    return rc;
}

/* SHOW CREATE SEQUENCE of a sequence: MariaDB's two columns (Table, Create Table) holding
 * the text dump --show-create prints; anything else is 4089 as in MariaDB. */
static int show_create_sequence(sc_exec *x, const char *db, const char *name)
{
    sc_table *t = NULL;
    char *text = NULL;
    sc_buf b;
    int rc = sc_table_lookup(&t, x->txn, db, name);

    if (rc == SC_OK && !(sc_table_definition(t)->flags & SC_TABLE_SEQUENCE)) {
        sc_table_free(t);
        return sc_exec__err(x, SC_ER_NOT_SEQUENCE, db, name);
    }
    if (rc == SC_OK) {
        sc__buf_init(&b, x->ctx);
        sc_show__sequence(&b, sc_table_definition(t));
        rc = sc__buf_finish(&text, &b);
    }
    sc_table_free(t);
    if (rc == SC_OK)
        rc = two_cells(x, name, text, "Table", "Create Table");
    if (rc == SC_OK) { /* legacy text */
        x->has_output = true;
        sc__buf_puts(&x->out, text);
        sc__buf_putc(&x->out, '\n');
    }
    sc_free(x->ctx, text);
    return rc;
}

/* SHOW CREATE VIEW/SEQUENCE/TRIGGER: MariaDB's answer, or its error for what the name is. */
static int show_create_object(sc_exec *x, const sc_ast_show *st)
{
    const char *db = NULL;
    uint64_t id;

    SC_TRY(sc_exec__resolve_db(x, &db, &st->name));
    if (strcmp(st->object, "TRIGGER") == 0) {
        int rc = sc_is__show_create_trigger(&x->rs, x, db, st->name.name);
        x->has_rs = rc == SC_OK;
        if (rc == SC_OK) { /* legacy text: the SQL Original Statement */
            const char *data;
            size_t len;
            sc_rs__get(&data, &len, &x->rs, 0, 2);
            x->has_output = true;
            sc__buf_put(&x->out, data, len);
            sc__buf_putc(&x->out, '\n');
        }
        return rc;
    }
    SC_TRY(table_id(x, &id, db, st->name.name));
    if (strcmp(st->object, "VIEW") == 0)
        return sc_is__is_view(x, id)
                   ? show_create_view(x, db, st->name.name, id)
                   : sc_exec__err(x, SC_ER_WRONG_OBJECT, db, st->name.name, "VIEW");
    return show_create_sequence(x, db, st->name.name);
}

/* ------------------------------------------------------------------ */
/* SHOW WARNINGS / ERRORS                                               */

static int diag_columns(sc_exec *x)
{
    /* computed columns (MariaDB 10.11.19: no origin, utf8mb3, decimals 39 on text) */
    static const sc_result_column cols[] = {
        {"Level", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 21, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
        {"Code", "", "", "", "", SC_FIELD_TYPE_LONG, 4,
         SC_FIELD_NOT_NULL | SC_FIELD_UNSIGNED | SC_FIELD_BINARY | SC_FIELD_NUM, SC_CHARSET_BINARY,
         0},
        {"Message", "", "", "", "", SC_FIELD_TYPE_VAR_STRING, 1536, SC_FIELD_NOT_NULL,
         SC_CHARSET_UTF8MB3_GENERAL_CI, 39},
    };
    for (size_t i = 0; i < 3; i++)
        SC_TRY(sc_rs__column(&x->rs, &cols[i]));
    return SC_OK;
}

static int show_count(sc_exec *x, bool errors)
{
    static const sc_result_column w = {"@@session.warning_count",
                                       "",
                                       "",
                                       "",
                                       "",
                                       SC_FIELD_TYPE_LONGLONG,
                                       21,
                                       SC_FIELD_UNSIGNED | SC_FIELD_BINARY | SC_FIELD_NUM,
                                       SC_CHARSET_BINARY,
                                       0};
    sc_result_column c = w;
    const sc_session *s = x->s;

    if (errors)
        c.name = "@@session.error_count";
    SC_TRY(sc_rs__column(&x->rs, &c));
    SC_TRY(sc_rs__u64(&x->rs, errors ? s->diag_errors : s->diag_count));
    x->has_rs = true;
    return SC_OK;
}

static const char *level_name(sc_condition_level level)
{
    return level == SC_CONDITION_NOTE      ? "Note"
           : level == SC_CONDITION_WARNING ? "Warning"
                                           : "Error";
}

/* SHOW WARNINGS|ERRORS [LIMIT [offset,] n]: the kept conditions (ERRORS: the Error ones). */
static int show_diagnostics(sc_exec *x, const sc_ast_show *st)
{
    const sc_session *s = x->s;
    bool errors = st->kind == SC_AST_SHOW_ERRORS;
    uint64_t skip = st->has_limit ? st->offset : 0, left = st->has_limit ? st->limit : UINT64_MAX;

    if (st->count)
        return show_count(x, errors);
    SC_TRY(diag_columns(x));
    for (size_t i = 0; i < s->n_diag && left > 0; i++) {
        const sc_condition *c = &s->diag[i];
        if (errors && c->level != SC_CONDITION_ERROR)
            continue;
        if (skip > 0) {
            skip--;
            continue;
        }
        SC_TRY(sc_rs__str(&x->rs, level_name(c->level)));
        SC_TRY(sc_rs__u64(&x->rs, c->code));
        SC_TRY(sc_rs__str(&x->rs, c->message));
        left--;
    }
    x->has_rs = true;
    return SC_OK;
}

void sc_show__free_diagnostics(sc_session *s)
{
    for (size_t i = 0; i < s->n_diag; i++)
        free((char *)(uintptr_t)s->diag[i].message);
    free(s->diag);
    s->diag = NULL;
    s->n_diag = 0;
    s->diag_count = 0;
    s->diag_errors = 0;
}

/* Statements that name no table: MariaDB keeps the previous diagnostics when they raise
 * nothing (checked against 10.11.19: USE, SET, CREATE/ALTER/DROP DATABASE, BEGIN, COMMIT,
 * DROP TRIGGER, SHOW CREATE DATABASE), while any statement that reads a table clears them. */
static bool names_no_table(const sc_ast_stmt *stmt)
{
    switch (stmt->kind) {
    case SC_AST_STMT_CREATE_DATABASE:
    case SC_AST_STMT_ALTER_DATABASE:
    case SC_AST_STMT_DROP_DATABASE:
    case SC_AST_STMT_USE:
    case SC_AST_STMT_SET:
    case SC_AST_STMT_BEGIN:
    case SC_AST_STMT_COMMIT:
    case SC_AST_STMT_ROLLBACK:
    case SC_AST_STMT_DROP_TRIGGER:
        return true;
    case SC_AST_STMT_SHOW:
        return stmt->show->kind == SC_AST_SHOW_WARNINGS || stmt->show->kind == SC_AST_SHOW_ERRORS ||
               stmt->show->kind == SC_AST_SHOW_CREATE_DATABASE;
    default:
        return false;
    }
}

static int add_condition(sc_session *s, sc_condition_level level, unsigned code, const char *msg)
{
    char *m = strdup(msg ? msg : "");

    if (!m)
        return SC_ENOMEM;
    s->diag[s->n_diag].level = level;
    s->diag[s->n_diag].code = code;
    s->diag[s->n_diag].message = m;
    s->n_diag++;
    return SC_OK;
}

void sc_show__keep_diagnostics(sc_session *s,
                               const sc_ast_stmt *stmt,
                               const sc_exec *x,
                               const sc_stmt_result *r)
{
    size_t n = x ? x->n_conds : 0;
    size_t err_at = r->code == SC_OK ? SIZE_MAX : x && x->err_at ? x->err_at - 1 : n;

    if (stmt && r->code == SC_OK && r->warnings == 0 && names_no_table(stmt))
        return;
    if (stmt && stmt->kind == SC_AST_STMT_SHOW &&
        (stmt->show->kind == SC_AST_SHOW_WARNINGS || stmt->show->kind == SC_AST_SHOW_ERRORS))
        return; /* even when it fails: MariaDB's SHOW WARNINGS keeps what it shows */
    sc_show__free_diagnostics(s);
    s->diag_count = r->warnings;
    s->diag_errors = (x ? x->errors : 0) + (r->code != SC_OK);
    s->diag = calloc(n + 1, sizeof(*s->diag));
    if (!s->diag)
        return; /* out of memory: counted, not listed */
    for (size_t i = 0; i <= n && s->n_diag < SC_MAX_ERROR_COUNT; i++) {
        int rc = SC_OK;
        if (i == err_at)
            rc = add_condition(s, SC_CONDITION_ERROR, r->mysql_errno, r->message);
        if (rc == SC_OK && i < n && s->n_diag < SC_MAX_ERROR_COUNT)
            rc = add_condition(s, x->conds[i].level, x->conds[i].code, x->conds[i].message);
        if (rc != SC_OK)
            return;
    }
}

size_t sc_session_conditions(const sc_condition **out, const sc_session *session)
{
    *out = session->diag;
    return session->n_diag;
}

void sc_session_set_error(sc_session *session, unsigned mysql_errno, const char *message)
{
    sc_show__free_diagnostics(session);
    if (mysql_errno == 0)
        return;
    session->diag = calloc(1, sizeof(*session->diag));
    session->diag_count = session->diag_errors = 1;
    if (session->diag)
        add_condition(session, SC_CONDITION_ERROR, mysql_errno, message);
}

int sc_show__misc(sc_exec *x, const sc_ast_show *st)
{
    switch (st->kind) {
    case SC_AST_SHOW_CREATE_TABLE:
    case SC_AST_SHOW_CREATE_DATABASE:
        return show_create(x, st);
    case SC_AST_SHOW_CREATE_OBJECT:
        return show_create_object(x, st);
    case SC_AST_SHOW_WARNINGS:
    case SC_AST_SHOW_ERRORS:
        return show_diagnostics(x, st);
    default:
        return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, "this SHOW");
    }
}
