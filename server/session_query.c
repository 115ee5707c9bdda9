/*
 * session_query.c - the statements clients and connectors send about the
 * connection itself, answered by the server with MariaDB's column
 * definitions (recorded from MariaDB 10.11.19 in tests/server/coldefs-mariadb.txt and
 * compared by tests/server/coldefs.py):
 *
 *   SELECT item[, item...] [LIMIT n] where item is @@[session.|global.]var,
 *     @uservar, DATABASE(), SCHEMA(), VERSION(), USER(), CURRENT_USER(),
 *     SESSION_USER(), SYSTEM_USER(), CONNECTION_ID(), UNIX_TIMESTAMP(), an
 *     integer or a quoted string, each with an optional [AS] alias;
 *   SET @var = literal; SET autocommit = 0|1 (the OK status flag follows it;
 *     DDL commits implicitly either way, as in MariaDB);
 *
 * SHOW WARNINGS / SHOW ERRORS go to the DDL engine, whose session keeps the
 * last statement's conditions; the server's own errors are added there
 * (sc_conn__set_diag), so they are listed the same way.
 *
 * Server variables the DDL session does not know are answered here
 * (server_vars); the session's own (sql_mode, foreign_key_checks, the
 * character set variables...) come from sc_session_get(). The SHOW
 * statements of the DDL engine come as result sets (query.c sends them).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "catalog/errmsg_gen.h"
#include "server/query_int.h"

/* MYSQL_TYPE_* used here */
enum {
    T_LONG = 3,
    T_LONGLONG = 8,
    T_BLOB = 252,
    T_VAR_STRING = 253,
    T_MEDIUM_BLOB = 250,
    T_LONG_BLOB = 251
};
#define F_NOT_NULL 0x1
#define F_UNSIGNED 0x20
#define F_BINARY 0x80

#define MAX_ITEMS 32

typedef struct item {
    sc_rs_col col;
    char name[256];
    char *value; /* malloc'ed, NULL = SQL NULL */
} item;

/* ---------------------------------------------------------------- server variables */

typedef struct server_var {
    const char *name;
    bool integer;
    uint32_t length; /* display length MariaDB announces */
} server_var;

static const server_var server_vars[] = {
    {"version", false, 104},
    {"version_comment", false, 36},
    {"version_compile_os", false, 80},
    {"version_compile_machine", false, 80},
    {"server_id", true, 21},
    {"port", true, 21},
    {"socket", false, 2048},
    {"hostname", false, 256},
    {"max_allowed_packet", true, 21},
    {"max_connections", true, 21},
    {"wait_timeout", true, 21},
    {"interactive_timeout", true, 21},
    {"net_write_timeout", true, 21},
    {"net_read_timeout", true, 21},
    {"autocommit", true, 1},
    {"character_set_client", false, 28},
    {"character_set_connection", false, 28},
    {"character_set_results", false, 28},
    {"character_set_database", false, 28},
    {"character_set_system", false, 28},
    {"collation_connection", false, 72},
    {"collation_database", false, 72},
    {"lower_case_table_names", true, 21},
    {"tx_isolation", false, 60},
    {"transaction_isolation", false, 60},
    {"tx_read_only", true, 1},
    {"transaction_read_only", true, 1},
    {"auto_increment_increment", true, 21},
    {"license", false, 256},
    {"system_time_zone", false, 256},
    {"time_zone", false, 256},
    {"have_ssl", false, 36},
    {"require_secure_transport", true, 1},
    {"log_bin", true, 1},
    {"binlog_format", false, 36},
    {"read_only", true, 1},
    {"query_cache_size", true, 21},
    {"query_cache_type", false, 36},
    {"performance_schema", true, 1},
};

static const server_var *find_server_var(const char *name)
{
    for (size_t i = 0; i < sizeof(server_vars) / sizeof(server_vars[0]); i++)
        if (strcasecmp(server_vars[i].name, name) == 0)
            return &server_vars[i];
    return NULL;
}

static char *fmt_u64(unsigned long long v)
{
    char buf[32];
    snprintf(buf, sizeof(buf), "%llu", v);
    return strdup(buf);
}

static char *server_var_value(sc_conn *c, const char *name)
{
    const sc_server_options *o = &c->srv->opts;

    if (!strcasecmp(name, "version"))
        return strdup(SC_SERVER_VERSION);
    if (!strcasecmp(name, "version_comment"))
        return strdup("syscat catalog server");
    if (!strcasecmp(name, "version_compile_os"))
        return strdup("Linux");
    if (!strcasecmp(name, "version_compile_machine"))
        return strdup("x86_64");
    if (!strcasecmp(name, "server_id"))
        return fmt_u64(c->srv->server_id);
    if (!strcasecmp(name, "port"))
        return fmt_u64(o->port);
    if (!strcasecmp(name, "socket"))
        return strdup(c->srv->socket_path);
    if (!strcasecmp(name, "hostname"))
        return strdup("localhost");
    if (!strcasecmp(name, "max_allowed_packet"))
        return fmt_u64(o->max_allowed_packet);
    if (!strcasecmp(name, "max_connections"))
        return fmt_u64(o->max_connections);
    if (!strcasecmp(name, "wait_timeout") || !strcasecmp(name, "interactive_timeout"))
        return fmt_u64(o->idle_timeout);
    if (!strcasecmp(name, "net_write_timeout"))
        return fmt_u64(o->net_write_timeout);
    if (!strcasecmp(name, "net_read_timeout"))
        return fmt_u64(60);
    if (!strcasecmp(name, "character_set_system"))
        return strdup("utf8mb3");
    if (!strncasecmp(name, "character_set_", 14))
        return strdup("utf8mb4");
    if (!strncasecmp(name, "collation_", 10))
        return strdup("utf8mb4_general_ci");
    if (!strcasecmp(name, "autocommit"))
        return strdup(c->autocommit ? "1" : "0");
    if (!strcasecmp(name, "tx_isolation") || !strcasecmp(name, "transaction_isolation"))
        return strdup("SERIALIZABLE"); /* one writer at a time, snapshots for readers */
    if (!strcasecmp(name, "license"))
        return strdup("GPL");
    if (!strcasecmp(name, "system_time_zone"))
        return strdup("UTC");
    if (!strcasecmp(name, "time_zone"))
        return strdup("SYSTEM");
    if (!strcasecmp(name, "have_ssl"))
        return strdup(c->srv->ssl ? "YES" : "DISABLED");
    if (!strcasecmp(name, "require_secure_transport"))
        return strdup(o->require_secure_transport ? "1" : "0");
    if (!strcasecmp(name, "log_bin"))
        return strdup("1");
    if (!strcasecmp(name, "binlog_format"))
        return strdup("ROW");
    if (!strcasecmp(name, "auto_increment_increment"))
        return strdup("1");
    if (!strcasecmp(name, "query_cache_type"))
        return strdup("OFF");
    return strdup("0"); /* lower_case_table_names, read_only, tx_read_only... */
}

/* ---------------------------------------------------------------- items */

static void col_string(sc_rs_col *col, uint32_t length, unsigned flags)
{
    col->type = T_VAR_STRING;
    col->length = length;
    col->flags = flags;
    col->charset = 45;
    col->decimals = 39;
}

static void col_int(sc_rs_col *col, unsigned type, uint32_t length, unsigned flags)
{
    col->type = type;
    col->length = length;
    col->flags = flags;
    col->charset = 63;
    col->decimals = 0;
}

/* @@name: the session's variables first, then the server's. @return 0, or -1 (error sent) */
static int eval_sysvar(sc_conn *c, item *it, const char *name)
{
    const server_var *sv = find_server_var(name);
    char *v = NULL;
    int rc;

    if (sv) {
        it->value = server_var_value(c, name);
        if (sv->integer)
            col_int(&it->col, T_LONGLONG, sv->length,
                    sv->length == 1 ? F_BINARY : F_UNSIGNED | F_BINARY);
        else
            col_string(&it->col, sv->length, 0);
        return 0;
    }
    rc = sc_session_get(&v, c->session, name);
    if (rc != SC_OK) {
        sc_conn_send_err(c, SC_ER_UNKNOWN_SYSTEM_VARIABLE, name);
        return -1;
    }
    it->value = v ? strdup(v) : NULL;
    sc_free(c->srv->ctx, v);
    if (!strcasecmp(name, "foreign_key_checks") || !strcasecmp(name, "unique_checks") ||
        !strcasecmp(name, "explicit_defaults_for_timestamp"))
        col_int(&it->col, T_LONGLONG, 1, F_BINARY);
    else
        col_string(&it->col, !strcasecmp(name, "sql_mode") ? 356 : 72, 0);
    return 0;
}

static char *user_at_host(const sc_conn *c)
{
    size_t n = strlen(c->user) + strlen(c->host) + 2;
    char *s = malloc(n);

    if (s)
        snprintf(s, n, "%s@%s", c->user, c->host);
    return s;
}

/* A function item (name without the parentheses). @return 1 matched, 0 not */
static int eval_function(sc_conn *c, item *it, const char *fn)
{
    if (!strcasecmp(fn, "DATABASE") || !strcasecmp(fn, "SCHEMA")) {
        const char *db = sc_session_database(c->session);
        it->value = db ? strdup(db) : NULL;
        col_string(&it->col, 256, 0);
    } else if (!strcasecmp(fn, "VERSION")) {
        it->value = strdup(SC_SERVER_VERSION);
        col_string(&it->col, 104, F_NOT_NULL);
    } else if (!strcasecmp(fn, "USER") || !strcasecmp(fn, "CURRENT_USER") ||
               !strcasecmp(fn, "SESSION_USER") || !strcasecmp(fn, "SYSTEM_USER")) {
        it->value = user_at_host(c);
        col_string(&it->col, 1536, 0);
    } else if (!strcasecmp(fn, "CONNECTION_ID")) {
        it->value = fmt_u64(c->id);
        col_int(&it->col, T_LONG, 10, F_NOT_NULL | F_UNSIGNED | F_BINARY);
    } else if (!strcasecmp(fn, "UNIX_TIMESTAMP")) {
        it->value = fmt_u64((unsigned long long)time(NULL));
        col_int(&it->col, T_LONGLONG, 17, F_BINARY);
    } else {
        return 0;
    }
    return 1;
}

static size_t ident_end(const char *s, size_t len, size_t i)
{
    while (i < len && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '$'))
        i++;
    return i;
}

/*
 * Parse and evaluate one item at *pos.
 * @return 1 evaluated, 0 not a form handled here (nothing sent), -1 error sent
 */
static int eval_item(sc_conn *c, item *it, const char *s, size_t len, size_t *pos)
{
    size_t i = sc_q__skip_space(s, len, *pos), start = i, e;
    char word[128];

    memset(it, 0, sizeof(*it));
    if (i + 2 < len && s[i] == '@' && s[i + 1] == '@') {
        i += 2;
        if (len - i > 8 && !strncasecmp(s + i, "session.", 8))
            i += 8;
        else if (len - i > 7 && !strncasecmp(s + i, "global.", 7))
            i += 7;
        else if (len - i > 6 && !strncasecmp(s + i, "local.", 6))
            i += 6;
        e = ident_end(s, len, i);
        if (e == i || e - i >= sizeof(word))
            return 0;
        snprintf(word, sizeof(word), "%.*s", (int)(e - i), s + i);
        if (eval_sysvar(c, it, word) != 0)
            return -1;
    } else if (i + 1 < len && s[i] == '@') {
        const char *v;
        e = ident_end(s, len, i + 1);
        if (e == i + 1 || e - i >= sizeof(word))
            return 0;
        snprintf(word, sizeof(word), "%.*s", (int)(e - i - 1), s + i + 1);
        v = sc_conn_user_var(c, word);
        it->value = v ? strdup(v) : NULL;
        if (v)
            col_string(&it->col, 67108860, 0);
        else
            col_int(&it->col, T_LONG_BLOB, 16777216, F_BINARY);
        it->col.type = T_LONG_BLOB;
        it->col.decimals = 39;
    } else if (i < len && isdigit((unsigned char)s[i])) {
        e = i;
        while (e < len && isdigit((unsigned char)s[e]))
            e++;
        if (e - i > 18 || (e < len && (isalpha((unsigned char)s[e]) || s[e] == '.')))
            return 0;
        it->value = strndup(s + i, e - i);
        col_int(&it->col, e - i > 9 ? T_LONGLONG : T_LONG, (uint32_t)(e - i),
                F_NOT_NULL | F_BINARY);
    } else if (i < len && (s[i] == '\'' || s[i] == '"')) {
        char q = s[i];
        e = i + 1;
        while (e < len && s[e] != q && s[e] != '\\')
            e++;
        if (e >= len || s[e] != q)
            return 0;
        it->value = strndup(s + i + 1, e - i - 1);
        col_string(&it->col, (uint32_t)(e - i - 1) * 4, F_NOT_NULL);
        e++;
        snprintf(it->name, sizeof(it->name), "%.*s", (int)(e - i - 2), s + i + 1);
        goto alias;
    } else {
        e = ident_end(s, len, i);
        if (e == i || e - i >= sizeof(word))
            return 0;
        snprintf(word, sizeof(word), "%.*s", (int)(e - i), s + i);
        {
            size_t p = sc_q__skip_space(s, len, e);
            if (p >= len || s[p] != '(')
                return 0;
            p = sc_q__skip_space(s, len, p + 1);
            if (p >= len || s[p] != ')')
                return 0;
            if (!eval_function(c, it, word))
                return 0;
            e = p + 1;
        }
    }
    snprintf(it->name, sizeof(it->name), "%.*s", (int)(e - start), s + start);
alias:
    i = e;
    {
        size_t p = i;
        bool as = sc_q__word(s, len, &p, "AS");
        size_t a = sc_q__skip_space(s, len, p);
        if (a < len && s[a] == '`') {
            size_t z = a + 1;
            while (z < len && s[z] != '`')
                z++;
            if (z < len) {
                snprintf(it->name, sizeof(it->name), "%.*s", (int)(z - a - 1), s + a + 1);
                i = z + 1;
            }
        } else if (a < len && (isalpha((unsigned char)s[a]) || s[a] == '_')) {
            size_t z = ident_end(s, len, a);
            bool keyword = (z - a == 5 && !strncasecmp(s + a, "LIMIT", 5)) ||
                           (z - a == 4 && !strncasecmp(s + a, "FROM", 4));
            if (!keyword || as) {
                snprintf(it->name, sizeof(it->name), "%.*s", (int)(z - a), s + a);
                i = z;
            }
        }
    }
    it->col.name = it->name;
    *pos = i;
    return 1;
}

static void free_items(item *items, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(items[i].value);
}

/* SELECT items [LIMIT n]. @return true when answered */
static bool select_items(sc_conn *c, const char *s, size_t len, unsigned more)
{
    item items[MAX_ITEMS];
    const char *values[MAX_ITEMS];
    size_t n = 0, pos = 0;
    sc_rs_col cols[MAX_ITEMS];
    bool limit0 = false;

    if (!sc_q__word(s, len, &pos, "SELECT"))
        return false;
    for (;;) {
        int rc;
        if (n == MAX_ITEMS) {
            free_items(items, n);
            return false;
        }
        rc = eval_item(c, &items[n], s, len, &pos);
        if (rc <= 0) {
            free_items(items, n);
            return rc < 0;
        }
        n++;
        pos = sc_q__skip_space(s, len, pos);
        if (pos < len && s[pos] == ',') {
            pos++;
            continue;
        }
        break;
    }
    if (sc_q__word(s, len, &pos, "LIMIT")) {
        size_t p = sc_q__skip_space(s, len, pos);
        if (p >= len || !isdigit((unsigned char)s[p])) {
            free_items(items, n);
            return false;
        }
        limit0 = strtoul(s + p, NULL, 10) == 0;
        while (p < len && isdigit((unsigned char)s[p]))
            p++;
        pos = p;
    }
    if (!sc_q__at_end(s, len, pos)) {
        free_items(items, n);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        cols[i] = items[i].col;
        values[i] = items[i].value;
    }
    sc_conn__set_diag(c, 0, NULL, NULL, 0);
    sc_srv__send_rows(c, cols, n, values, limit0 ? 0 : 1, 0, more);
    free_items(items, n);
    return true;
}

/* ---------------------------------------------------------------- SET */

/* SET NAMES charset [COLLATE collation]: the result character set of this
 * connection (column definitions follow it); the DDL session ignores it. */
static bool set_names(sc_conn *c, const char *s, size_t len, unsigned more)
{
    static const struct {
        const char *name;
        unsigned id;
    } sets[] = {{"utf8mb4", 45}, {"utf8mb3", 33}, {"utf8", 33}, {"latin1", 8}, {"binary", 63}};
    size_t pos = 0, i, e;

    if (!sc_q__word(s, len, &pos, "SET") || !sc_q__word(s, len, &pos, "NAMES"))
        return false;
    i = sc_q__skip_space(s, len, pos);
    if (i < len && (s[i] == '\'' || s[i] == '"' || s[i] == '`'))
        i++;
    for (e = i; e < len && (isalnum((unsigned char)s[e]) || s[e] == '_'); e++)
        ;
    for (size_t k = 0; k < sizeof(sets) / sizeof(sets[0]); k++)
        if (e - i == strlen(sets[k].name) && !strncasecmp(s + i, sets[k].name, e - i)) {
            c->result_cs = sets[k].id;
            return false; /* the DDL session answers (and checks the rest) */
        }
    (void)more;
    return false;
}

/* SET @name = literal | SET autocommit = 0|1 (one item). @return true when answered */
static bool set_statement(sc_conn *c, const char *s, size_t len, unsigned more)
{
    size_t pos = 0, i, e;
    char name[128];
    char *value = NULL;

    if (!sc_q__word(s, len, &pos, "SET"))
        return false;
    i = sc_q__skip_space(s, len, pos);
    if (sc_q__word(s, len, &pos, "autocommit") || sc_q__word(s, len, &pos, "@@autocommit") ||
        sc_q__word(s, len, &pos, "@@session.autocommit")) {
        size_t p = sc_q__skip_space(s, len, pos);
        if (p < len && s[p] == '=') {
            p = sc_q__skip_space(s, len, p + 1);
            if (sc_q__word(s, len, &p, "1") || sc_q__word(s, len, &p, "ON")) {
                if (sc_q__at_end(s, len, p)) {
                    c->autocommit = true;
                    sc_q__send_ok(c, 0, 0, more);
                    return true;
                }
            } else if (sc_q__word(s, len, &p, "0") || sc_q__word(s, len, &p, "OFF")) {
                if (sc_q__at_end(s, len, p)) {
                    c->autocommit = false;
                    sc_q__send_ok(c, 0, 0, more);
                    return true;
                }
            }
        }
        return false;
    }
    if (i >= len || s[i] != '@' || (i + 1 < len && s[i + 1] == '@'))
        return false;
    e = ident_end(s, len, i + 1);
    if (e == i + 1 || e - i >= sizeof(name))
        return false;
    snprintf(name, sizeof(name), "%.*s", (int)(e - i - 1), s + i + 1);
    i = sc_q__skip_space(s, len, e);
    if (i < len && s[i] == ':')
        i++;
    if (i >= len || s[i] != '=')
        return false;
    i = sc_q__skip_space(s, len, i + 1);
    if (i < len && (s[i] == '\'' || s[i] == '"')) {
        char q = s[i];
        e = i + 1;
        while (e < len && s[e] != q && s[e] != '\\')
            e++;
        if (e >= len || s[e] != q)
            return false;
        value = strndup(s + i + 1, e - i - 1);
        e++;
    } else if (i < len && (isdigit((unsigned char)s[i]) || s[i] == '-')) {
        e = i + 1;
        while (e < len && isdigit((unsigned char)s[e]))
            e++;
        value = strndup(s + i, e - i);
    } else if (sc_q__word(s, len, &i, "NULL")) {
        e = i;
    } else {
        return false;
    }
    if (!sc_q__at_end(s, len, e)) {
        free(value);
        return false;
    }
    if (sc_conn_set_user_var(c, name, value) != 0)
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
    else
        sc_q__send_ok(c, 0, 0, more);
    free(value);
    return true;
}

/* ---------------------------------------------------------------- SHOW VARIABLES */

/* The session's variables that SHOW VARIABLES lists beside the server's. */
static const char *const session_vars[] = {
    "collation_server",       "character_set_server",
    "default_storage_engine", "explicit_defaults_for_timestamp",
    "foreign_key_checks",     "sql_mode",
    "storage_engine",
};

typedef struct var_row {
    const char *name;
    char *value;
} var_row;

static int var_cmp(const void *a, const void *b)
{
    return strcmp(((const var_row *)a)->name, ((const var_row *)b)->name);
}

static bool like_ci(const char *p, const char *s)
{
    for (; *p; p++, s++) {
        if (*p == '%') {
            for (;; s++) {
                if (like_ci(p + 1, s))
                    return true;
                if (!*s)
                    return false;
            }
        }
        if (*p == '\\' && p[1])
            p++;
        else if (*p == '_' && *s)
            continue;
        if (!*s || tolower((unsigned char)*p) != tolower((unsigned char)*s))
            return false;
    }
    return *s == '\0';
}

/* SHOW [GLOBAL|SESSION] VARIABLES [LIKE 'pattern'] */
static bool show_variables(sc_conn *c, const char *s, size_t len, unsigned more)
{
    enum {
        N_SERVER = sizeof(server_vars) / sizeof(server_vars[0]),
        N_SESSION = sizeof(session_vars) / sizeof(session_vars[0])
    };
    var_row rows[N_SERVER + N_SESSION];
    const char *values[2 * (N_SERVER + N_SESSION)];
    char pattern[256] = "%";
    size_t pos = 0, n = 0, k = 0;
    sc_rs_col cols[2] = {{"Variable_name", T_VAR_STRING, 256, 0x1001, 45, 0, "VARIABLE_NAME",
                          "SESSION_VARIABLES", "information_schema"},
                         {"Value", T_VAR_STRING, 16384, 0x1001, 45, 0, "VARIABLE_VALUE",
                          "SESSION_VARIABLES", "information_schema"}};

    if (!sc_q__word(s, len, &pos, "SHOW"))
        return false;
    if (!sc_q__word(s, len, &pos, "GLOBAL") && !sc_q__word(s, len, &pos, "SESSION"))
        sc_q__word(s, len, &pos, "LOCAL");
    if (!sc_q__word(s, len, &pos, "VARIABLES"))
        return false;
    if (sc_q__word(s, len, &pos, "LIKE")) {
        size_t i = sc_q__skip_space(s, len, pos), e;
        if (i >= len || (s[i] != '\'' && s[i] != '"'))
            return false;
        for (e = i + 1; e < len && s[e] != s[i]; e++)
            ;
        if (e >= len || e - i - 1 >= sizeof(pattern))
            return false;
        snprintf(pattern, sizeof(pattern), "%.*s", (int)(e - i - 1), s + i + 1);
        pos = e + 1;
    }
    if (!sc_q__at_end(s, len, pos))
        return false; /* WHERE ...: the DDL engine's answer */
    for (size_t i = 0; i < N_SERVER; i++)
        if (like_ci(pattern, server_vars[i].name))
            rows[n++] = (var_row){server_vars[i].name, server_var_value(c, server_vars[i].name)};
    for (size_t i = 0; i < N_SESSION; i++) {
        char *v = NULL;
        if (!like_ci(pattern, session_vars[i]) || sc_session_get(&v, c->session, session_vars[i]))
            continue;
        rows[n++] = (var_row){session_vars[i], v ? strdup(v) : strdup("")};
        sc_free(c->srv->ctx, v);
    }
    qsort(rows, n, sizeof(rows[0]), var_cmp);
    for (size_t i = 0; i < n; i++) {
        values[k++] = rows[i].name;
        values[k++] = rows[i].value ? rows[i].value : "";
    }
    sc_conn__set_diag(c, 0, NULL, NULL, 0);
    sc_srv__send_rows(c, cols, 2, values, n, 0, more != 0);
    for (size_t i = 0; i < n; i++)
        free(rows[i].value);
    return true;
}

bool sc_q__session_query(sc_conn *c, const char *s, size_t len, unsigned more)
{
    return select_items(c, s, len, more) || set_names(c, s, len, more) ||
           set_statement(c, s, len, more) || show_variables(c, s, len, more);
}
