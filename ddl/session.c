/*
 * session.c - the DDL session (current database, sql_mode and the other
 * variables that change DDL results) and sc_ddl_exec(): parse one
 * statement, run it in its own catalog transaction (or a nested one of the
 * caller's), and report MariaDB's outcome in an sc_stmt_result.
 *
 * Atomicity: a failing statement aborts its transaction, so the catalog is
 * unchanged, except where MariaDB itself keeps partial work (multi-table
 * DROP TABLE): handlers then ask for a commit despite the error.
 */
#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/exec.h"
#include "ddl/sequence.h"
#include "ddl/expr.h"
#include "ddl/parse.h"

/* ------------------------------------------------------------------ */
/* sql_mode names                                                       */

static const char *const mode_names[] = {
    "REAL_AS_FLOAT",
    "PIPES_AS_CONCAT",
    "ANSI_QUOTES",
    "IGNORE_SPACE",
    "IGNORE_BAD_TABLE_OPTIONS",
    "ONLY_FULL_GROUP_BY",
    "NO_UNSIGNED_SUBTRACTION",
    "NO_DIR_IN_CREATE",
    "POSTGRESQL",
    "ORACLE",
    "MSSQL",
    "DB2",
    "MAXDB",
    "NO_KEY_OPTIONS",
    "NO_TABLE_OPTIONS",
    "NO_FIELD_OPTIONS",
    "MYSQL323",
    "MYSQL40",
    "ANSI",
    "NO_AUTO_VALUE_ON_ZERO",
    "NO_BACKSLASH_ESCAPES",
    "STRICT_TRANS_TABLES",
    "STRICT_ALL_TABLES",
    "NO_ZERO_IN_DATE",
    "NO_ZERO_DATE",
    "ALLOW_INVALID_DATES",
    "ERROR_FOR_DIVISION_BY_ZERO",
    "TRADITIONAL",
    "NO_AUTO_CREATE_USER",
    "HIGH_NOT_PRECEDENCE",
    "NO_ENGINE_SUBSTITUTION",
    "PAD_CHAR_TO_FULL_LENGTH",
    "EMPTY_STRING_IS_NULL",
    "SIMULTANEOUS_ASSIGNMENT",
    "TIME_ROUND_FRACTIONAL",
};
#define N_MODES (sizeof(mode_names) / sizeof(mode_names[0]))

/* Combination modes expand like MariaDB's sql_mode setter does. */
static uint64_t mode_expand(uint64_t m)
{
    if (m & SC_MODE_ANSI)
        m |= SC_MODE_REAL_AS_FLOAT | SC_MODE_PIPES_AS_CONCAT | SC_MODE_ANSI_QUOTES |
             SC_MODE_IGNORE_SPACE;
    if (m & SC_MODE_TRADITIONAL)
        m |= SC_MODE_STRICT_TRANS_TABLES | SC_MODE_STRICT_ALL_TABLES | SC_MODE_NO_ZERO_IN_DATE |
             SC_MODE_NO_ZERO_DATE | SC_MODE_ERROR_FOR_DIVISION_BY_ZERO |
             SC_MODE_NO_AUTO_CREATE_USER | SC_MODE_NO_ENGINE_SUBSTITUTION;
    if (m & (SC_MODE_POSTGRESQL | SC_MODE_ORACLE | SC_MODE_MSSQL | SC_MODE_DB2 | SC_MODE_MAXDB))
        m |= SC_MODE_PIPES_AS_CONCAT | SC_MODE_ANSI_QUOTES | SC_MODE_IGNORE_SPACE |
             SC_MODE_NO_KEY_OPTIONS | SC_MODE_NO_TABLE_OPTIONS | SC_MODE_NO_FIELD_OPTIONS;
    if (m & SC_MODE_MAXDB)
        m |= SC_MODE_NO_AUTO_CREATE_USER;
    return m;
}

/* Parse "A,B,..." (or a number) into mode bits. false on an unknown name. */
static bool mode_parse(uint64_t *out, const char *text)
{
    uint64_t m = 0;
    const char *p = text;
    char *end;

    if (*p && strspn(p, "0123456789") == strlen(p)) {
        *out = strtoull(p, &end, 10);
        return true;
    }
    while (*p) {
        size_t len = strcspn(p, ",");
        size_t i;
        const char *s = p;
        size_t l = len;
        while (l && isspace((unsigned char)*s)) {
            s++;
            l--;
        }
        while (l && isspace((unsigned char)s[l - 1]))
            l--;
        if (l) {
            for (i = 0; i < N_MODES; i++)
                if (strlen(mode_names[i]) == l && strncasecmp(mode_names[i], s, l) == 0)
                    break;
            if (i == N_MODES)
                return false;
            m |= (uint64_t)1 << i;
        }
        p += len;
        if (*p == ',')
            p++;
    }
    *out = mode_expand(m);
    return true;
}

static char *mode_text(sc_ctx *ctx, uint64_t m)
{
    sc_buf b;
    char *out = NULL;

    sc__buf_init(&b, ctx);
    sc__buf_puts(&b, "");
    for (size_t i = 0; i < N_MODES; i++) {
        if (!(m & ((uint64_t)1 << i)))
            continue;
        if (b.len)
            sc__buf_putc(&b, ',');
        sc__buf_puts(&b, mode_names[i]);
    }
    sc__buf_finish(&out, &b);
    return out;
}

char *sc_exec__mode_text(sc_ctx *ctx, uint64_t mode)
{
    return mode_text(ctx, mode);
}

/* ------------------------------------------------------------------ */
/* Session                                                              */

/* Assert the invariants stated above struct sc_session (exec.h). */
static void session_check(const sc_session *s)
{
    (void)s;
    assert(s->cat && s->ctx == sc_catalog_ctx(s->cat));
    assert(s->charset_server && s->collation_server && s->default_engine);
    assert(s->temps || s->n_temps == 0);
    assert(s->user_vars || s->n_user_vars == 0);
    for (size_t i = 0; i < s->n_temps; i++)
        assert(s->temps[i].schema && s->temps[i].name && s->temps[i].create_sql);
    for (size_t i = 0; i < s->n_user_vars; i++)
        assert(s->user_vars[2 * i]);
}

static int set_str(sc_ctx *ctx, char **slot, const char *v)
{
    char *p = v ? sc__strdup(ctx, v) : NULL;
    if (v && !p)
        return SC_ENOMEM;
    if (*slot)
        sc_free(ctx, *slot);
    *slot = p;
    return SC_OK;
}

int sc_session_new(sc_session **out, sc_catalog *cat, const char *database)
{
    sc_ctx *ctx = sc_catalog_ctx(cat);
    sc_session *s = sc__calloc(ctx, 1, sizeof(*s));

    *out = NULL;
    if (!s)
        return SC_ENOMEM;
    s->cat = cat;
    s->ctx = ctx;
    s->sql_mode = SC_MODE_DEFAULT;
    s->explicit_defaults_for_timestamp = true;
    s->foreign_key_checks = true;
    s->sql_notes = true;
    s->charset_results = SC_CHARSET_SERVER_DEFAULT;
    snprintf(s->time_zone, sizeof(s->time_zone), "SYSTEM");
    if (set_str(ctx, &s->database, database) ||
        set_str(ctx, &s->charset_server, SC_CHARSET_SERVER_DEFAULT) ||
        set_str(ctx, &s->collation_server, SC_COLLATION_SERVER_DEFAULT) ||
        set_str(ctx, &s->default_engine, "InnoDB")) {
        sc_session_free(s);
        return SC_ENOMEM;
    }
    session_check(s);
    *out = s;
    return SC_OK;
}

void sc_session_free(sc_session *s)
{
    if (!s)
        return;
    sc_ddl__txn_free(s);
    for (size_t i = 0; i < s->n_temps; i++) {
        sc_free(s->ctx, s->temps[i].schema);
        sc_free(s->ctx, s->temps[i].name);
        sc_free(s->ctx, s->temps[i].create_sql);
    }
    sc_free(s->ctx, s->temps);
    for (size_t i = 0; i < 2 * s->n_user_vars; i++)
        sc_free(s->ctx, s->user_vars[i]);
    sc_free(s->ctx, s->user_vars);
    sc_show__free_diagnostics(s);
    sc_free(s->ctx, s->database);
    sc_free(s->ctx, s->charset_server);
    sc_free(s->ctx, s->collation_server);
    sc_free(s->ctx, s->default_engine);
    sc_free(s->ctx, s);
}

const char *sc_session_database(const sc_session *s)
{
    return s->database;
}

static int bad_value(sc_session *s, const char *name, const char *value)
{
    return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_WRONG_VALUE_FOR_VAR, name, value);
}

static int parse_bool(int *out, const char *v)
{
    if (strcasecmp(v, "1") == 0 || strcasecmp(v, "ON") == 0 || strcasecmp(v, "TRUE") == 0)
        *out = 1;
    else if (strcasecmp(v, "0") == 0 || strcasecmp(v, "OFF") == 0 || strcasecmp(v, "FALSE") == 0)
        *out = 0;
    else
        return -1;
    return 0;
}

/* Variables accepted and ignored: they do not change catalog results. */
static const char *const ignored_vars[] = {
    "autocommit",
    "unique_checks",
    "sql_notes",
    "names",
    "character_set_client",
    "character_set_results",
    "character_set_connection",
    "collation_connection",
    "sql_warnings",
    "sql_quote_show_create",
    "sql_log_bin",
    "innodb_strict_mode",
    "sql_safe_updates",
    "max_statement_time",
    "wait_timeout",
    "net_read_timeout",
    "net_write_timeout",
    "old_alter_table",
    "alter_algorithm",
    "check_constraint_checks",
    "big_tables",
    "sql_big_selects",
    "transaction_isolation",
    "tx_isolation",
    "default_tmp_storage_engine",
    "group_concat_max_len",
    "timestamp",
    "insert_id",
    "last_insert_id",
    "pseudo_thread_id",
    "sql_auto_is_null",
    "sql_select_limit",
    "character_set_database",
    "collation_database",
    "lc_time_names",
    "innodb_file_per_table",
    "sql_require_primary_key",
    "auto_increment_increment",
    "auto_increment_offset",
    "session_track_schema",
    "profiling",
    "default_week_format",
    "div_precision_increment",
    "max_heap_table_size",
    "tmp_table_size",
    "optimizer_switch",
    "sql_slave_skip_counter",
    "gtid_domain_id",
    "gtid_seq_no",
    "server_id",
    "skip_replication",
    "sort_buffer_size",
    "innodb_lock_wait_timeout",
    "lock_wait_timeout",
    "completion_type",
    "rand_seed1",
    "rand_seed2",
    "sql_if_exists",
    "system_versioning_alter_history",
    "default_master_connection",
};

void sc_session_set_restore(sc_session *s, bool on)
{
    s->restore = on;
}

/*
 * time_zone: 'SYSTEM' (the catalog's clock, UTC) or an offset '+HH:MM' in
 * MariaDB's range -12:59..+13:00. Named zones need the server's time zone
 * tables, which a catalog does not have: 1298, as a server without them.
 */
static int set_time_zone(sc_session *s, const char *value)
{
    unsigned h, m;
    int used = 0, min;

    if (strcasecmp(value, "DEFAULT") == 0 || strcasecmp(value, "SYSTEM") == 0) {
        s->time_zone_min = 0;
        snprintf(s->time_zone, sizeof(s->time_zone), "SYSTEM");
        return SC_OK;
    }
    if ((value[0] != '+' && value[0] != '-') ||
        sscanf(value + 1, "%2u:%2u%n", &h, &m, &used) != 2 || value[1 + used] != '\0' || m > 59 ||
        (value[0] == '+' ? h * 60 + m > 13 * 60 : h * 60 + m > 12 * 60 + 59))
        return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_UNKNOWN_TIME_ZONE, value);
    min = (int)(h * 60 + m);
    s->time_zone_min = value[0] == '-' ? -min : min;
    snprintf(s->time_zone, sizeof(s->time_zone), "%c%02u:%02u", value[0], h % 100, m);
    return SC_OK;
}

int sc_session_set(sc_session *s, const char *name, const char *value)
{
    int b;

    session_check(s);
    if (strcasecmp(name, "sql_mode") == 0) {
        uint64_t m;
        if (strcasecmp(value, "DEFAULT") == 0)
            m = SC_MODE_DEFAULT;
        else if (!mode_parse(&m, value))
            return bad_value(s, "sql_mode", value);
        s->sql_mode = m;
        return SC_OK;
    }
    if (strcasecmp(name, "sql_notes") == 0) {
        if (strcasecmp(value, "DEFAULT") == 0)
            b = 1;
        else if (parse_bool(&b, value) != 0)
            return bad_value(s, "sql_notes", value);
        s->sql_notes = b;
        return SC_OK;
    }
    if (strcasecmp(name, "foreign_key_checks") == 0 ||
        strcasecmp(name, "explicit_defaults_for_timestamp") == 0) {
        bool fk = strcasecmp(name, "foreign_key_checks") == 0;
        if (strcasecmp(value, "DEFAULT") == 0)
            b = 1;
        else if (parse_bool(&b, value) != 0)
            return bad_value(s, fk ? "foreign_key_checks" : "explicit_defaults_for_timestamp",
                             value);
        if (fk)
            s->foreign_key_checks = b;
        else
            s->explicit_defaults_for_timestamp = b;
        return SC_OK;
    }
    if (strcasecmp(name, "character_set_server") == 0 ||
        strcasecmp(name, "collation_server") == 0) {
        bool is_cs = strcasecmp(name, "character_set_server") == 0;
        const sc_charset_info *cs;
        const sc_collation_info *coll;
        int rc;
        if (strcasecmp(value, "DEFAULT") == 0)
            value = is_cs ? SC_CHARSET_SERVER_DEFAULT : SC_COLLATION_SERVER_DEFAULT;
        rc = sc_charset__resolve(&cs, &coll, s->ctx, is_cs ? value : NULL, is_cs ? NULL : value);
        if (rc != SC_OK)
            return rc;
        if (set_str(s->ctx, &s->charset_server, cs->name) ||
            set_str(s->ctx, &s->collation_server, coll->name))
            return SC_ENOMEM;
        return SC_OK;
    }
    if (strcasecmp(name, "time_zone") == 0)
        return set_time_zone(s, value);
    if (strcasecmp(name, "character_set_results") == 0) {
        const sc_charset_info *cs = sc_charset__find(value);
        if (strcasecmp(value, "DEFAULT") == 0 || strcasecmp(value, "NULL") == 0) {
            s->charset_results = strcasecmp(value, "NULL") == 0 ? NULL : SC_CHARSET_SERVER_DEFAULT;
            return SC_OK;
        }
        if (!cs)
            return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_UNKNOWN_CHARACTER_SET, value);
        s->charset_results = cs->name;
        return SC_OK;
    }
    if (strcasecmp(name, "default_storage_engine") == 0 ||
        strcasecmp(name, "storage_engine") == 0) {
        const char *e = strcasecmp(value, "DEFAULT") == 0 ? "InnoDB" : sc_exec__engine_name(value);
        if (!e)
            return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_UNKNOWN_STORAGE_ENGINE, value);
        return set_str(s->ctx, &s->default_engine, e);
    }
    for (size_t i = 0; i < sizeof(ignored_vars) / sizeof(ignored_vars[0]); i++)
        if (strcasecmp(name, ignored_vars[i]) == 0)
            return SC_OK;
    return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_UNKNOWN_SYSTEM_VARIABLE, name);
}

/* The value of a variable as SELECT @@name prints it (owned by the caller), or NULL
 * with *known false for an unknown name; NULL with *known true is out of memory, or
 * the SQL NULL of an unset database. */
static char *session_value(sc_session *s, const char *name, bool *known)
{
    *known = true;
    if (strcasecmp(name, "sql_mode") == 0)
        return mode_text(s->ctx, s->sql_mode);
    if (strcasecmp(name, "foreign_key_checks") == 0)
        return sc__strdup(s->ctx, s->foreign_key_checks ? "1" : "0");
    if (strcasecmp(name, "sql_notes") == 0)
        return sc__strdup(s->ctx, s->sql_notes ? "1" : "0");
    if (strcasecmp(name, "explicit_defaults_for_timestamp") == 0)
        return sc__strdup(s->ctx, s->explicit_defaults_for_timestamp ? "1" : "0");
    if (strcasecmp(name, "character_set_server") == 0)
        return sc__strdup(s->ctx, s->charset_server);
    if (strcasecmp(name, "collation_server") == 0)
        return sc__strdup(s->ctx, s->collation_server);
    if (strcasecmp(name, "default_storage_engine") == 0 || strcasecmp(name, "storage_engine") == 0)
        return sc__strdup(s->ctx, s->default_engine);
    if (strcasecmp(name, "database") == 0)
        return s->database ? sc__strdup(s->ctx, s->database) : NULL;
    if (strcasecmp(name, "character_set_results") == 0)
        return s->charset_results ? sc__strdup(s->ctx, s->charset_results) : NULL;
    if (strcasecmp(name, "time_zone") == 0)
        return sc__strdup(s->ctx, s->time_zone);
    *known = false;
    return NULL;
}

int sc_session_get(char **out, sc_session *s, const char *name)
{
    bool known;

    *out = session_value(s, name, &known);
    if (*out)
        return SC_OK;
    if (!known)
        return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_UNKNOWN_SYSTEM_VARIABLE, name);
    if (strcasecmp(name, "database") == 0 || strcasecmp(name, "character_set_results") == 0)
        return SC_OK; /* no current database, no conversion: SQL NULL */
    return SC_ENOMEM;
}

/* ------------------------------------------------------------------ */
/* SET statement                                                        */

/* User variables (@x): dumps save and restore settings through them. */
static const char *user_var_get(const sc_session *s, const char *name, bool *found)
{
    *found = false;
    for (size_t i = 0; i < s->n_user_vars; i++)
        if (strcasecmp(s->user_vars[2 * i], name) == 0) {
            *found = true;
            return s->user_vars[2 * i + 1];
        }
    return NULL;
}

static int user_var_set(sc_session *s, const char *name, const char *value)
{
    char *v = value ? sc__strdup(s->ctx, value) : NULL;
    char **n;

    if (value && !v)
        return SC_ENOMEM;
    for (size_t i = 0; i < s->n_user_vars; i++)
        if (strcasecmp(s->user_vars[2 * i], name) == 0) {
            sc_free(s->ctx, s->user_vars[2 * i + 1]);
            s->user_vars[2 * i + 1] = v;
            return SC_OK;
        }
    n = sc__realloc(s->ctx, s->user_vars, 2 * (s->n_user_vars + 1) * sizeof(char *));
    if (!n) {
        sc_free(s->ctx, v);
        return SC_ENOMEM;
    }
    s->user_vars = n;
    n[2 * s->n_user_vars] = sc__strdup(s->ctx, name);
    n[2 * s->n_user_vars + 1] = v;
    if (!n[2 * s->n_user_vars]) {
        sc_free(s->ctx, v);
        return SC_ENOMEM;
    }
    s->n_user_vars++;
    session_check(s);
    return SC_OK;
}

/* Evaluate the small expressions SET values use: literals, words,
 * @@variables and CONCAT(). Result in the arena. */
static const char *eval_value(sc_exec *x, const sc_expr *e)
{
    switch (e->kind) {
    case SC_AST_EXPR_LITERAL:
        if (e->lit.kind == SC_AST_LIT_NULL)
            return "NULL";
        if (e->lit.negative)
            return sc_exec__printf(x, "-%s", e->lit.text.s);
        return e->lit.text.s ? e->lit.text.s : "";
    case SC_AST_EXPR_WORD:
    case SC_AST_EXPR_COLUMN:
        return e->name;
    case SC_AST_EXPR_DEFAULT:
        return "DEFAULT";
    case SC_AST_EXPR_VAR: {
        const char *v;
        bool found;
        if (e->var_scope == SC_AST_VAR_USER) {
            v = user_var_get(x->s, e->name, &found);
            return v ? sc_exec__strdup(x, v) : "NULL";
        }
        {
            bool known;
            char *val = session_value(x->s, e->name, &known);
            const char *copy = val ? sc_exec__strdup(x, val) : "";
            sc_free(x->ctx, val);
            return copy;
        }
    }
    case SC_AST_EXPR_FUNC:
        if (strcasecmp(e->name, "concat") == 0) {
            const char *acc = "";
            for (size_t i = 0; i < e->n_args; i++) {
                const char *a = eval_value(x, e->args[i]);
                if (!a)
                    return NULL;
                acc = sc_exec__printf(x, "%s%s", acc, a);
                if (!acc)
                    return NULL;
            }
            return acc;
        }
        if (strcasecmp(e->name, "replace") == 0 && e->n_args == 3) {
            const char *a = eval_value(x, e->args[0]), *from = eval_value(x, e->args[1]),
                       *to = eval_value(x, e->args[2]);
            sc_buf b;
            char *res = NULL;
            size_t fl;
            if (!a || !from || !to)
                return NULL;
            fl = strlen(from);
            sc__buf_init(&b, x->ctx);
            sc__buf_puts(&b, "");
            while (*a) {
                if (fl && strncmp(a, from, fl) == 0) {
                    sc__buf_puts(&b, to);
                    a += fl;
                } else {
                    sc__buf_putc(&b, *a++);
                }
            }
            if (sc__buf_finish(&res, &b) != SC_OK)
                return NULL;
            a = sc_exec__strdup(x, res);
            sc_free(x->ctx, res);
            return a;
        }
        return NULL;
    default:
        return NULL;
    }
}

/* Warning 1287: '@@storage_engine' is deprecated (each time it is set). */
static void note_deprecated(sc_exec *x, const char *name)
{
    if (strcasecmp(name, "storage_engine") == 0)
        sc_exec__warning(x, SC_ER_WARN_DEPRECATED_SYNTAX, "@@storage_engine",
                         "'@@default_storage_engine'");
}

int sc_exec__set(sc_exec *x)
{
    const sc_ast_set *set = x->stmt->set;

    for (size_t i = 0; i < set->n_items; i++) {
        const sc_ast_set_item *it = &set->items[i];
        const char *v;
        int rc;

        if (it->kind == SC_AST_SET_NAMES || it->kind == SC_AST_SET_CHARSET) {
            /* both set character_set_results (what result sets are sent in) */
            rc = sc_session_set(x->s, "character_set_results",
                                it->charset ? it->charset : "DEFAULT");
            if (rc != SC_OK)
                return rc;
            continue;
        }
        if (it->kind != SC_AST_SET_VAR)
            continue;
        if (it->scope == SC_AST_VAR_USER) {
            v = it->value ? eval_value(x, it->value) : NULL;
            if (!v)
                continue; /* values we cannot evaluate are irrelevant to DDL */
            rc = user_var_set(x->s, it->name,
                              it->value->kind == SC_AST_EXPR_LITERAL &&
                                      it->value->lit.kind == SC_AST_LIT_NULL
                                  ? NULL
                                  : v);
            if (rc != SC_OK)
                return rc;
            continue;
        }
        if (it->scope == SC_AST_VAR_GLOBAL)
            continue; /* global settings do not change this session */
        v = it->value ? eval_value(x, it->value) : "DEFAULT";
        if (!v)
            return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, "this SET value");
        rc = sc_session_set(x->s, it->name, v);
        if (rc != SC_OK)
            return rc;
        note_deprecated(x, it->name);
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* SET STATEMENT ... FOR                                                */

/* Variables MariaDB marks as not settable by SET STATEMENT (1971), among
 * the ones the session knows. */
static const char *const no_set_statement[] = {
    "autocommit",
    "character_set_client",
    "character_set_connection",
    "collation_connection",
    "wait_timeout",
    "tx_isolation",
    "profiling",
    "skip_replication",
};

/* One variable SET STATEMENT changed: its value before (restore = false
 * for the accepted and ignored ones, which keep no state). */
typedef struct saved_var {
    const char *name;
    char *value; /* malloc'd; NULL: SQL NULL */
    bool restore;
} saved_var;

/* Put the variables back, last set first (a variable named twice ends with
 * the value it had before the statement). */
static void restore_vars(sc_session *s, saved_var *sv, size_t n)
{
    for (size_t i = n; i-- > 0;) {
        if (sv[i].restore)
            (void)sc_session_set(s, sv[i].name, sv[i].value ? sv[i].value : "NULL");
        sc_free(s->ctx, sv[i].value);
    }
}

/* Set the statement's variables (nothing stays set when one fails); *sv and
 * *n say what to restore (the array is in the statement's arena). */
static int set_statement_begin(sc_exec *x, saved_var **sv_out, size_t *n_out)
{
    const sc_ast_set *set = x->stmt->set_statement;
    saved_var *sv = sc_exec__alloc(x, (set->n_items + 1) * sizeof(*sv));
    size_t n = 0;

    if (!sv)
        return SC_ENOMEM;
    for (size_t i = 0; i < set->n_items; i++) {
        const sc_ast_set_item *it = &set->items[i];
        const char *v = it->value ? eval_value(x, it->value) : "DEFAULT";
        bool known;
        char *old;
        int rc;

        for (size_t k = 0; k < sizeof(no_set_statement) / sizeof(no_set_statement[0]); k++)
            if (strcasecmp(it->name, no_set_statement[k]) == 0) {
                restore_vars(x->s, sv, n);
                return sc_exec__err(x, SC_ER_SET_STATEMENT_NOT_SUPPORTED, no_set_statement[k]);
            }
        if (strcasecmp(it->name, "names") == 0) { /* SET NAMES is no variable */
            restore_vars(x->s, sv, n);
            return sc_exec__err(x, SC_ER_UNKNOWN_SYSTEM_VARIABLE, it->name);
        }
        if (!v) {
            restore_vars(x->s, sv, n);
            return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, "this SET value");
        }
        old = session_value(x->s, it->name, &known);
        rc = sc_session_set(x->s, it->name, v);
        if (rc != SC_OK) {
            sc_free(x->ctx, old);
            restore_vars(x->s, sv, n);
            return rc;
        }
        sv[n].name = it->name;
        sv[n].value = old;
        sv[n++].restore = known;
        note_deprecated(x, it->name); /* set, */
        note_deprecated(x, it->name); /* and restored */
    }
    *sv_out = sv;
    *n_out = n;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Shared executor helpers                                              */

int sc_exec__err(sc_exec *x, unsigned err, const char *state, const char *fmt, ...)
{
    char buf[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    x->err_at = x->n_conds + 1; /* MariaDB lists the error where it was raised */
    return sc_error_set(x->ctx, SC_ESQL, err, state, "%s", buf);
}

/* Record one condition; past SC_MAX_ERROR_COUNT it is only counted (max_error_count). */
static void
push_condition(sc_exec *x, sc_condition_level level, unsigned code, const char *fmt, va_list ap)
{
    char buf[512];

    x->warnings++;
    if (level == SC_CONDITION_ERROR)
        x->errors++;
    if (x->n_conds >= SC_MAX_ERROR_COUNT)
        return;
    vsnprintf(buf, sizeof(buf), fmt, ap);
    x->conds[x->n_conds].level = level;
    x->conds[x->n_conds].code = code;
    x->conds[x->n_conds].message = sc_exec__strdup(x, buf);
    if (x->conds[x->n_conds].message) /* out of memory: counted, not listed */
        x->n_conds++;
}

void sc_exec__warn(sc_exec *x, unsigned code, const char *state, const char *fmt, ...)
{
    va_list ap;

    (void)state;
    if (!x->s->sql_notes)
        return; /* MariaDB does not raise notes at all then */
    va_start(ap, fmt);
    push_condition(x, SC_CONDITION_NOTE, code, fmt, ap);
    va_end(ap);
}

void sc_exec__warning(sc_exec *x, unsigned code, const char *state, const char *fmt, ...)
{
    va_list ap;

    (void)state;
    va_start(ap, fmt);
    push_condition(x, SC_CONDITION_WARNING, code, fmt, ap);
    va_end(ap);
}

void sc_exec__error_row(sc_exec *x, unsigned code, const char *state, const char *fmt, ...)
{
    va_list ap;

    (void)state;
    va_start(ap, fmt);
    push_condition(x, SC_CONDITION_ERROR, code, fmt, ap);
    va_end(ap);
}

void sc_exec__warn_from_error(sc_exec *x)
{
    const sc_error *e = sc_ctx_last_error(x->ctx);

    sc_exec__warn(x, e->mysql_errno, e->sqlstate, "%s", e->message);
    sc_ctx_clear_error(x->ctx);
    x->err_at = 0;
}

int sc_exec__resolve_db(sc_exec *x, const char **db_out, const sc_ast_qname *q)
{
    *db_out = q->db ? q->db : x->s->database;
    if (!*db_out)
        return sc_exec__err(x, SC_ER_NO_DB_ERROR);
    return SC_OK;
}

int sc_exec__guard_system(sc_exec *x, const char *db)
{
    if (db && strcmp(db, SC_SYSCAT_SCHEMA) == 0)
        return sc_exec__err(x, SC_ER_DBACCESS_DENIED_ERROR, "root", "localhost", db);
    /* MariaDB's read-only INFORMATION_SCHEMA (any spelling) */
    if (db && strcasecmp(db, "information_schema") == 0)
        return sc_exec__err(x, SC_ER_DBACCESS_DENIED_ERROR, "root", "localhost",
                            "information_schema");
    return SC_OK;
}

sc_temp_table *sc_exec__temp(sc_exec *x, const char *db, const char *name)
{
    for (size_t i = 0; i < x->s->n_temps; i++)
        if (strcmp(x->s->temps[i].schema, db) == 0 && strcmp(x->s->temps[i].name, name) == 0)
            return &x->s->temps[i];
    return NULL;
}

bool sc_exec__is_temp(sc_exec *x, const char *db, const char *name)
{
    return sc_exec__temp(x, db, name) != NULL;
}

/* ------------------------------------------------------------------ */
/* Statement dispatch                                                   */

static unsigned parse_flags(const sc_session *s)
{
    unsigned f = 0;
    if (s->sql_mode & SC_MODE_ANSI_QUOTES)
        f |= SC_PARSE_ANSI_QUOTES;
    if (s->sql_mode & SC_MODE_NO_BACKSLASH_ESCAPES)
        f |= SC_PARSE_NO_BACKSLASH_ESCAPES;
    if (s->sql_mode & SC_MODE_PIPES_AS_CONCAT)
        f |= SC_PARSE_PIPES_AS_CONCAT;
    if (s->sql_mode & SC_MODE_HIGH_NOT_PRECEDENCE)
        f |= SC_PARSE_HIGH_NOT_PRECEDENCE;
    if (s->sql_mode & SC_MODE_IGNORE_SPACE)
        f |= SC_PARSE_IGNORE_SPACE;
    if (s->sql_mode & SC_MODE_REAL_AS_FLOAT)
        f |= SC_PARSE_REAL_AS_FLOAT;
    return f;
}

/*
 * Statements MariaDB answers with success (or a result set) without
 * changing the catalog: dumps and migration tools send them around DDL.
 */
static bool accepted_noop(const char *what, const char *text)
{
    if (what && strcmp(what, "SET") == 0 && text) {
        /* SET [GLOBAL|SESSION] TRANSACTION ... */
        const char *p = text + strspn(text, " \t\n\r");
        if (strncasecmp(p, "SET", 3) == 0) {
            p += 3;
            p += strspn(p, " \t\n\r");
            return strncasecmp(p, "TRANSACTION", 11) == 0;
        }
    }
    static const char *const noops[] = {"LOCK",      "UNLOCK",  "FLUSH",   "SET TRANSACTION",
                                        "SAVEPOINT", "RELEASE", "ANALYZE", "OPTIMIZE",
                                        "CHECK",     "REPAIR",  "CHECKSUM"};
    for (size_t i = 0; what && i < sizeof(noops) / sizeof(noops[0]); i++)
        if (strcmp(what, noops[i]) == 0)
            return true;
    return false;
}

static int dispatch(sc_exec *x, bool *commit_anyway)
{
    *commit_anyway = false;
    switch (x->stmt->kind) {
    case SC_AST_STMT_EMPTY:
        return sc_exec__err(x, SC_ER_EMPTY_QUERY);
    case SC_AST_STMT_CREATE_DATABASE:
        return sc_exec__create_database(x);
    case SC_AST_STMT_ALTER_DATABASE:
        return sc_exec__alter_database(x);
    case SC_AST_STMT_DROP_DATABASE:
        return sc_exec__drop_database(x);
    case SC_AST_STMT_CREATE_TABLE:
        return sc_exec__create_table(x);
    case SC_AST_STMT_ALTER_TABLE:
        return sc_exec__alter_table(x);
    case SC_AST_STMT_DROP_TABLE:
        *commit_anyway = true; /* MariaDB keeps the tables it managed to drop */
        return sc_exec__drop_table(x);
    case SC_AST_STMT_RENAME_TABLE:
        return sc_exec__rename_table(x);
    case SC_AST_STMT_TRUNCATE_TABLE:
        return sc_exec__truncate_table(x);
    case SC_AST_STMT_CREATE_INDEX:
        return sc_exec__create_index(x);
    case SC_AST_STMT_DROP_INDEX:
        return sc_exec__drop_index(x);
    case SC_AST_STMT_USE:
        return sc_exec__use(x);
    case SC_AST_STMT_SET:
        return sc_exec__set(x);
    case SC_AST_STMT_SHOW:
        return sc_exec__show(x);
    case SC_AST_STMT_BEGIN:
    case SC_AST_STMT_COMMIT:
    case SC_AST_STMT_ROLLBACK:
        return SC_OK;
    case SC_AST_STMT_CREATE_VIEW:
    case SC_AST_STMT_ALTER_VIEW:
        return sc_exec__create_view(x);
    case SC_AST_STMT_DROP_VIEW:
        return sc_exec__drop_view(x);
    case SC_AST_STMT_CREATE_TRIGGER:
        return sc_exec__create_trigger(x);
    case SC_AST_STMT_DROP_TRIGGER:
        return sc_exec__drop_trigger(x);
    case SC_AST_STMT_CREATE_SEQUENCE:
        return sc_exec__create_sequence(x);
    case SC_AST_STMT_ALTER_SEQUENCE:
        return sc_exec__alter_sequence(x);
    case SC_AST_STMT_DROP_SEQUENCE:
        *commit_anyway = true; /* as DROP TABLE: the ones dropped stay dropped */
        return sc_exec__drop_sequence(x);
    case SC_AST_STMT_STORED_OBJECT:
        return sc_exec__stored_object(x);
    default:
        if (accepted_noop(x->stmt->unsupported_what, x->stmt->text))
            return SC_OK;
        return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET,
                            x->stmt->unsupported_what ? x->stmt->unsupported_what
                                                      : "this statement");
    }
}

static void fill_error(sc_stmt_result *r, sc_ctx *ctx, int rc)
{
    const sc_error *e = sc_ctx_last_error(ctx);

    r->code = rc;
    r->mysql_errno = e->mysql_errno;
    snprintf(r->sqlstate, sizeof(r->sqlstate), "%s", e->sqlstate);
    if (r->mysql_errno == 0) {
        /* an internal failure: report it as MariaDB's generic error */
        static const struct {
            unsigned no;
            const char *state, *fmt;
        } unknown = {SC_ER_UNKNOWN_ERROR};
        r->mysql_errno = unknown.no;
        snprintf(r->sqlstate, sizeof(r->sqlstate), "%s", unknown.state);
    }
    /* result strings use malloc: sc_stmt_result_clear() has no ctx to free through */
    r->message = strdup(e->message[0] ? e->message : sc_strerror(rc));
}

/* SHOW, DESCRIBE and information_schema SELECTs only read, and USE only
 * checks that its database exists: a read transaction, so they neither wait
 * for nor block the catalog's writer. */
static int run_read_only(sc_exec *x)
{
    sc_txn *txn = NULL;
    bool commit_anyway;
    int rc = sc_txn_begin(&txn, x->s->cat, SC_TXN_READONLY);

    if (rc != SC_OK)
        return rc;
    x->txn = txn;
    rc = dispatch(x, &commit_anyway);
    sc_txn_abort(txn);
    x->txn = NULL;
    return rc;
}

static int run_in_txn(sc_exec *x, sc_txn *parent, const char *sql, size_t len)
{
    sc_txn *txn = NULL;
    bool commit_anyway = false;
    int rc, crc;

    if (!parent && (x->stmt->kind == SC_AST_STMT_SHOW || x->stmt->kind == SC_AST_STMT_USE))
        return run_read_only(x);
    rc = parent ? sc_txn_begin_nested(&txn, parent) : sc_txn_begin(&txn, x->s->cat, 0);
    if (rc != SC_OK)
        return rc;
    x->txn = txn;
    rc = sc_txn_set_statement(txn, sql, len);
    if (rc == SC_OK)
        rc = dispatch(x, &commit_anyway);
    if (rc == SC_OK || commit_anyway || x->keep_partial) {
        sc_error saved = *sc_ctx_last_error(x->ctx);
        crc = sc_txn_commit(txn);
        if (crc != SC_OK)
            return crc;
        if (rc != SC_OK)
            sc_error_set(x->ctx, saved.code, saved.mysql_errno, saved.sqlstate, "%s",
                         saved.message);
    } else {
        sc_txn_abort(txn);
    }
    x->txn = NULL;
    return rc;
}

/*
 * Whether a failure part-way can be undone by building the transaction again
 * from its recorded statements: not during a replay (which runs each
 * statement in a nested txn, as the replay must not recurse), nor once the
 * session has temporary tables or user variables, which the replay does not
 * put back (session_txn.c).
 */
static bool direct_ok(const sc_session *s)
{
    return !s->replaying && s->n_temps == 0 && s->n_user_vars == 0;
}

/*
 * A statement of the session's explicit transaction, run in it directly
 * (no nested LMDB txn; session_txn.c says why): kept as a nested commit
 * would keep it; a failure before any write is forgotten, one after a write
 * rebuilds the transaction without the statement.
 */
static int run_in_session_txn(sc_exec *x, const char *sql, size_t len)
{
    sc_session *s = x->s;
    sc_txn_mark mark;
    bool commit_anyway = false;
    int rc, rrc;

    if (!direct_ok(s))
        return run_in_txn(x, s->txn, sql, len);
    sc_catalog__txn_mark(&mark, s->txn);
    x->txn = s->txn;
    rc = sc_txn_set_statement(s->txn, sql, len);
    if (rc == SC_OK)
        rc = dispatch(x, &commit_anyway);
    x->txn = NULL;
    if (rc == SC_EFULL)
        return rc; /* sc_ddl_exec grows the map and builds the transaction again */
    if (rc == SC_OK || commit_anyway || x->keep_partial) {
        sc_error saved = *sc_ctx_last_error(x->ctx);
        int erc = sc_catalog__txn_stmt_end(s->txn);
        if (erc == SC_OK) {
            if (rc != SC_OK)
                sc_error_set(x->ctx, saved.code, saved.mysql_errno, saved.sqlstate, "%s",
                             saved.message);
            return rc;
        }
        rc = erc; /* dropped, as the failed commit of a nested txn dropped it */
    }
    if (sc_catalog__txn_unwind(s->txn, &mark))
        return rc;
    sc_error saved = *sc_ctx_last_error(x->ctx);
    rrc = sc_ddl__txn_rebuild(s);
    if (rrc != SC_OK)
        return rrc;
    sc_error_set(x->ctx, saved.code, saved.mysql_errno, saved.sqlstate, "%s", saved.message);
    return rc;
}

static bool txn_control(sc_ast_stmt_kind kind)
{
    return kind == SC_AST_STMT_BEGIN || kind == SC_AST_STMT_COMMIT || kind == SC_AST_STMT_ROLLBACK;
}

/* Run the parsed statement: transaction control on the session, anything
 * else in the caller's txn, the session's explicit one, or its own. */
static int run_parsed(sc_exec *x, sc_txn *txn, const char *sql, size_t len)
{
    sc_session *s = x->s;
    int rc;

    s->ran_control = !txn && txn_control(x->stmt->kind);
    if (s->ran_control)
        return sc_ddl__txn_control(s, x->stmt->kind);
    if (txn || !s->txn)
        return run_in_txn(x, txn, sql, len);
    rc = sc_ddl__txn_prepare(s, sql, len);
    if (rc != SC_OK)
        return rc;
    rc = run_in_session_txn(x, sql, len);
    if (rc != SC_EFULL)
        sc_ddl__txn_note(s, rc);
    return rc;
}

int sc_ddl_exec(
    sc_stmt_result *result, sc_session *session, sc_txn *txn, const char *sql, size_t len)
{
    int rc = sc_ddl__exec_once(result, session, txn, sql, len);

    /* A full map: grow it and run the statement again (its transaction, when
     * it belongs to an explicit one), until it fits or the map is at its ceiling. */
    while (rc == SC_EFULL && !txn && !session->ran_control) {
        int grc = sc_ddl__txn_regrow(session, session->txn != NULL);
        if (grc != SC_OK) {
            sc_stmt_result_clear(result);
            fill_error(result, session->ctx, grc);
            result->warnings = 1;
            sc_show__keep_diagnostics(session, NULL, NULL, result);
            return grc;
        }
        sc_stmt_result_clear(result);
        rc = sc_ddl__exec_once(result, session, txn, sql, len);
    }
    return rc;
}

/* A statement sc_ddl_exec_read() leaves alone: it may write, it belongs to an
 * explicit transaction (whose own changes it must see), or it changes session
 * variables for its duration (SET STATEMENT ... FOR). USE only reads: it
 * checks its database exists and sets the session's. */
static bool refuse_read(const sc_session *s, const sc_ast_stmt *stmt)
{
    return (stmt->kind != SC_AST_STMT_SHOW && stmt->kind != SC_AST_STMT_USE) || s->txn != NULL ||
           stmt->set_statement;
}

static int exec_once(sc_stmt_result *result,
                     sc_session *session,
                     sc_txn *txn,
                     const char *sql,
                     size_t len,
                     bool read_only)
{
    sc_ctx *ctx = session->ctx;
    sc_ddl_parse_options popts = SC_DDL_PARSE_OPTIONS_INIT;
    sc_exec x;
    int rc;

    session_check(session);
    memset(result, 0, sizeof(*result));
    memset(&x, 0, sizeof(x));
    sc_ctx_clear_error(ctx);
    popts.flags = parse_flags(session);
    rc = sc_ddl__parse(&x.stmt, ctx, sql, len, &popts);
    if (rc != SC_OK) {
        fill_error(result, ctx, rc);
        result->warnings = 1; /* its error row */
        sc_show__keep_diagnostics(session, NULL, NULL, result);
        return rc;
    }
    if (read_only && refuse_read(session, x.stmt)) {
        sc_ast__stmt_free(x.stmt);
        return SC_EREADONLY; /* nothing run, the session as it was */
    }
    x.s = session;
    x.ctx = ctx;
    x.arena = x.stmt->arena;
    sc__buf_init(&x.out, ctx);
    sc_rs__init(&x.rs, ctx);
    if (x.stmt->set_statement) {
        saved_var *sv = NULL;
        size_t nsv = 0;
        rc = set_statement_begin(&x, &sv, &nsv);
        if (rc == SC_OK)
            rc = run_parsed(&x, txn, sql, len);
        restore_vars(session, sv, nsv);
    } else {
        rc = run_parsed(&x, txn, sql, len);
    }
    if (rc == SC_OK && x.has_rs)
        rc = sc_rs__finish(&result->rs, &x.rs);
    if (rc != SC_OK) {
        fill_error(result, ctx, rc);
        x.warnings++; /* the error row itself */
    } else if (x.has_output) {
        result->output = strdup(x.out.text ? x.out.text : "");
    }
    if (rc == SC_OK && !result->rs)
        result->affected_rows = x.affected_rows;
    result->warnings = x.warnings;
    sc_show__keep_diagnostics(session, x.stmt, &x, result);
    sc__buf_free(&x.out);
    sc_rs__free(&x.rs);
    sc_ast__stmt_free(x.stmt);
    session_check(session);
    return rc;
}

int sc_ddl__exec_once(
    sc_stmt_result *result, sc_session *session, sc_txn *txn, const char *sql, size_t len)
{
    return exec_once(result, session, txn, sql, len, false);
}

int sc_ddl_exec_read(sc_stmt_result *result, sc_session *session, const char *sql, size_t len)
{
    return exec_once(result, session, NULL, sql, len, true);
}

void sc_stmt_result_clear(sc_stmt_result *r)
{
    free(r->message);
    free(r->output);
    free(r->rs);
    memset(r, 0, sizeof(*r));
}
