/*
 * privilege.c - what an account may run (docs/server.md "Accounts"): four
 * privileges of syscat.users map onto statements as MariaDB's do onto its
 * own, and a refusal is MariaDB's error for the same case:
 *
 *   SELECT  SHOW, DESCRIBE, SELECT, USE (1044 for USE/COM_INIT_DB and
 *           SHOW TABLES, 1142 "SELECT command denied ... for table `db`.`t`"
 *           naming the table read, "SHOW command denied" for SHOW CREATE)
 *   DDL     CREATE/ALTER/DROP/RENAME/TRUNCATE (1044 for a database,
 *           1142 "<VERB> command denied ... for table `db`.`t`" for a table)
 *   REPLICATION SLAVE  binlog dumps (checked by server/binlog_dump.c)
 *   ADMIN   accounts (1227 "CREATE USER"), replication inspection
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "catalog/errmsg_gen.h"
#include "server/query_int.h"

void sc_q__deny_global(sc_conn *c, const char *priv)
{
    sc_conn_send_err(c, SC_ER_SPECIFIC_ACCESS_DENIED_ERROR, priv);
}

/* An identifier at *pos (plain or `quoted`) into out. @return false when none */
static bool ident(const char *s, size_t len, size_t *pos, char *out, size_t cap)
{
    size_t i = sc_q__skip_space(s, len, *pos), n = 0;

    if (i < len && s[i] == '`') {
        for (i++; i < len; i++) {
            if (s[i] == '`') {
                if (i + 1 < len && s[i + 1] == '`')
                    i++;
                else
                    break;
            }
            if (n + 1 < cap)
                out[n++] = s[i];
        }
        if (i >= len)
            return false;
        i++;
    } else {
        while (i < len && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '$' ||
                           (unsigned char)s[i] >= 0x80)) {
            if (n + 1 < cap)
                out[n++] = s[i];
            i++;
        }
        if (n == 0)
            return false;
    }
    out[n] = '\0';
    *pos = i;
    return true;
}

/* [db.]name at *pos into db/name (db = the session's when absent). */
static bool qualified(sc_conn *c, const char *s, size_t len, size_t *pos, char *db, char *name)
{
    const char *cur = sc_session_database(c->session);

    if (!ident(s, len, pos, name, 256))
        return false;
    if (*pos < len && s[*pos] == '.') {
        (*pos)++;
        memcpy(db, name, 257);
        return ident(s, len, pos, name, 256);
    }
    snprintf(db, 257, "%s", cur ? cur : "");
    return true;
}

static void deny_table(sc_conn *c, const char *verb, const char *db, const char *table)
{
    sc_conn_send_err(c, SC_ER_TABLEACCESS_DENIED_ERROR, verb, c->user, c->host, db, table);
}

static void deny_db(sc_conn *c, const char *db)
{
    sc_conn_send_err(c, SC_ER_DBACCESS_DENIED_ERROR, c->user, c->host, db);
}

bool sc_q__may_use_db(sc_conn *c, const char *db, size_t len)
{
    char name[SC_HS_DB_MAX + 1];

    if (sc_conn_has_privilege(c, SC_PRIV_SELECT) || sc_conn_has_privilege(c, SC_PRIV_DDL))
        return true;
    snprintf(name, sizeof(name), "%.*s", (int)len, db);
    deny_db(c, name);
    return false;
}

static void skip_if_exists(const char *s, size_t len, size_t *pos)
{
    if (sc_q__word(s, len, pos, "IF")) {
        sc_q__word(s, len, pos, "NOT");
        sc_q__word(s, len, pos, "EXISTS");
    }
}

/* The object of a DDL statement, for the refusal message. */
static void deny_ddl(sc_conn *c, const char *s, size_t len)
{
    size_t pos = 0;
    char db[257] = "", name[257] = "";
    const char *verb = "CREATE";

    if (sc_q__word(s, len, &pos, "CREATE") || sc_q__word(s, len, &pos, "ALTER") ||
        sc_q__word(s, len, &pos, "DROP") || sc_q__word(s, len, &pos, "RENAME") ||
        sc_q__word(s, len, &pos, "TRUNCATE")) {
        size_t w = sc_q__skip_space(s, len, 0);
        verb = !strncasecmp(s + w, "ALTER", 5)      ? "ALTER"
               : !strncasecmp(s + w, "DROP", 4)     ? "DROP"
               : !strncasecmp(s + w, "RENAME", 6)   ? "ALTER"
               : !strncasecmp(s + w, "TRUNCATE", 8) ? "DROP"
                                                    : "CREATE";
    }
    if (sc_q__word(s, len, &pos, "OR"))
        sc_q__word(s, len, &pos, "REPLACE");
    sc_q__word(s, len, &pos, "TEMPORARY");
    if (sc_q__word(s, len, &pos, "DATABASE") || sc_q__word(s, len, &pos, "SCHEMA")) {
        skip_if_exists(s, len, &pos);
        ident(s, len, &pos, name, sizeof(name));
        deny_db(c, name);
        return;
    }
    if (!sc_q__word(s, len, &pos, "UNIQUE") && !sc_q__word(s, len, &pos, "FULLTEXT"))
        sc_q__word(s, len, &pos, "SPATIAL");
    if (sc_q__word(s, len, &pos, "INDEX")) {
        /* CREATE INDEX i ON t, DROP INDEX i ON t: MariaDB names INDEX */
        if (ident(s, len, &pos, name, sizeof(name)) && sc_q__word(s, len, &pos, "ON"))
            qualified(c, s, len, &pos, db, name);
        deny_table(c, "INDEX", db, name);
        return;
    }
    sc_q__word(s, len, &pos, "TABLE");
    skip_if_exists(s, len, &pos);
    qualified(c, s, len, &pos, db, name);
    deny_table(c, verb, db, name);
}

/* Just after the first word w of s outside quotes, or len when there is none. */
static size_t after_word(const char *s, size_t len, const char *w)
{
    char q = 0;

    for (size_t i = 0; i < len; i++) {
        size_t p = i;
        if (q) {
            q = s[i] == q ? 0 : q; /* a doubled quote closes and opens again */
        } else if (s[i] == '\'' || s[i] == '"' || s[i] == '`') {
            q = s[i];
        } else if ((i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_')) &&
                   sc_q__word(s, len, &p, w)) {
            return p;
        }
    }
    return len;
}

/*
 * A read refused, named as MariaDB names it: SHOW [FULL] TABLES [FROM|IN db]
 * is 1044 for the database; SHOW CREATE TABLE t 1142 "SHOW" for the table;
 * SHOW COLUMNS|FIELDS FROM t, DESCRIBE/DESC/EXPLAIN t and SELECT ... FROM t
 * 1142 "SELECT" for the table; anything else 1142 for the current database.
 */
static void deny_read(sc_conn *c, const char *s, size_t len)
{
    const char *cur = sc_session_database(c->session);
    char db[257], name[257] = "";
    const char *verb = "SELECT";
    size_t pos = 0, at = len;

    snprintf(db, sizeof(db), "%s", cur ? cur : "");
    if (sc_q__word(s, len, &pos, "SHOW")) {
        sc_q__word(s, len, &pos, "FULL");
        if (sc_q__word(s, len, &pos, "TABLES")) {
            if ((at = after_word(s, len, "FROM")) == len)
                at = after_word(s, len, "IN");
            if (at < len)
                ident(s, len, &at, db, sizeof(db));
            deny_db(c, db);
            return;
        }
        if (sc_q__word(s, len, &pos, "CREATE") && sc_q__word(s, len, &pos, "TABLE")) {
            verb = "SHOW";
            at = pos;
        } else if (sc_q__word(s, len, &pos, "COLUMNS") || sc_q__word(s, len, &pos, "FIELDS")) {
            at = after_word(s, len, "FROM");
        }
    } else if (sc_q__word(s, len, &pos, "DESCRIBE") || sc_q__word(s, len, &pos, "DESC") ||
               sc_q__word(s, len, &pos, "EXPLAIN")) {
        at = pos;
    } else if (sc_q__word(s, len, &pos, "SELECT")) {
        at = after_word(s, len, "FROM");
    }
    if (at < len)
        qualified(c, s, len, &at, db, name);
    deny_table(c, verb, db, name);
}

bool sc_q__check_privileges(sc_conn *c, const char *s, size_t len)
{
    size_t pos = 0;

    if (sc_q__word(s, len, &pos, "SET"))
        return true; /* session variables need no privilege */
    pos = 0;
    if (sc_q__word(s, len, &pos, "SHOW") || sc_q__word(s, len, &pos, "DESCRIBE") ||
        sc_q__word(s, len, &pos, "DESC") || sc_q__word(s, len, &pos, "EXPLAIN") ||
        sc_q__word(s, len, &pos, "SELECT") || sc_q__word(s, len, &pos, "USE")) {
        if (sc_conn_has_privilege(c, SC_PRIV_SELECT))
            return true;
        pos = 0;
        if (sc_q__word(s, len, &pos, "USE")) {
            char db[257] = "";
            ident(s, len, &pos, db, sizeof(db));
            if (sc_conn_has_privilege(c, SC_PRIV_DDL))
                return true;
            deny_db(c, db);
            return false;
        }
        deny_read(c, s, len);
        return false;
    }
    if (sc_conn_has_privilege(c, SC_PRIV_DDL))
        return true;
    deny_ddl(c, s, len);
    return false;
}
