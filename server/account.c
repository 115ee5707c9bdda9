/*
 * account.c - accounts over the wire (docs/server.md "Accounts"), a small
 * subset of MariaDB's statements on syscat.users:
 *
 *   CREATE USER [IF NOT EXISTS] user [IDENTIFIED BY 'pw' | IDENTIFIED BY
 *       PASSWORD '*HEX'] [, ...]
 *   ALTER USER [IF EXISTS] user IDENTIFIED BY ... [, ...]
 *   DROP USER [IF EXISTS] user [, ...]
 *   GRANT priv[, priv...] ON *.* TO user [IDENTIFIED BY ...] [, ...]
 *   REVOKE priv[, priv...] ON *.* FROM user [, ...]
 *   SHOW GRANTS [FOR user | FOR CURRENT_USER[()]]
 *
 * user is name[@host] (quoted with '', "" or ``; host '%' by default).
 * MariaDB privileges map onto syscat's four: SELECT, SHOW DATABASES ->
 * SELECT; CREATE, ALTER, DROP, INDEX, REFERENCES -> DDL; REPLICATION SLAVE;
 * CREATE USER, SUPER, REPLICATION CLIENT, BINLOG MONITOR, RELOAD, PROCESS ->
 * ADMIN; ALL [PRIVILEGES]; USAGE (none). Another word is MariaDB's syntax
 * error (1064); a database- or table-level grant is 1235 (syscat keeps
 * global privileges only). Errors are MariaDB's: 1227 (no ADMIN for
 * CREATE/ALTER/DROP USER), 1045 (GRANT/REVOKE without ADMIN, as MariaDB
 * answers a global grant), 1396 (CREATE of an existing / DROP of a missing
 * account, naming the failed ones; the others are done), 1133 (GRANT to a
 * missing account), 1141 (REVOKE from a missing account; revoking a global
 * privilege the account lacks is OK, as in MariaDB), 1372 (IDENTIFIED BY
 * PASSWORD with a string that is not '' or '*' and 40 hex digits; 1396 for
 * ALTER USER, as MariaDB answers; nothing is changed, where MariaDB's CREATE
 * USER of several accounts keeps those before the bad one).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/crypto.h>

#include "catalog/errmsg_gen.h"
#include "server/query_int.h"

#define MAX_USERS 16

typedef struct spec {
    char name[SC_USER_NAME_MAX + 1];
    char host[SC_USER_HOST_MAX + 1];
    bool has_auth;
    char auth[SC_USER_AUTH_LEN + 1];
} spec;

typedef struct parser {
    const char *s;
    size_t len, pos;
} parser;

static bool word(parser *p, const char *w)
{
    return sc_q__word(p->s, p->len, &p->pos, w);
}

static bool punct(parser *p, char ch)
{
    size_t i = sc_q__skip_space(p->s, p->len, p->pos);

    if (i < p->len && p->s[i] == ch) {
        p->pos = i + 1;
        return true;
    }
    return false;
}

/* A quoted string or bare word into out. @return false when none or too long */
static bool name_token(parser *p, char *out, size_t cap)
{
    size_t i = sc_q__skip_space(p->s, p->len, p->pos), n = 0;
    char q = i < p->len ? p->s[i] : 0;

    if (q == '\'' || q == '"' || q == '`') {
        for (i++; i < p->len; i++) {
            if (p->s[i] == q) {
                if (i + 1 < p->len && p->s[i + 1] == q)
                    i++;
                else
                    break;
            } else if (p->s[i] == '\\' && q != '`' && i + 1 < p->len) {
                i++;
            }
            if (n + 1 >= cap)
                return false;
            out[n++] = p->s[i];
        }
        if (i >= p->len)
            return false;
        i++;
    } else {
        while (i < p->len && (isalnum((unsigned char)p->s[i]) || p->s[i] == '_' || p->s[i] == '$' ||
                              p->s[i] == '.' || p->s[i] == '%')) {
            if (n + 1 >= cap)
                return false;
            out[n++] = p->s[i++];
        }
        if (n == 0)
            return false;
    }
    out[n] = '\0';
    p->pos = i;
    return true;
}

/* '*' + 40 upper-case hex digits (what sc_user_put accepts) */
static bool auth_ok(const char *auth)
{
    if (strlen(auth) != SC_USER_AUTH_LEN || auth[0] != '*')
        return false;
    for (const char *x = auth + 1; *x; x++)
        if (!isxdigit((unsigned char)*x))
            return false;
    return true;
}

static void hash_password(char *auth, const char *pw)
{
    uint8_t h[20];

    sc_server_password_hash(h, pw, strlen(pw));
    auth[0] = '*';
    for (int i = 0; i < 20; i++)
        snprintf(auth + 1 + 2 * i, 3, "%02X", h[i]);
    OPENSSL_cleanse(h, sizeof(h));
}

/* user[@host] [IDENTIFIED BY 'pw' | IDENTIFIED BY PASSWORD '*HEX'] */
static bool parse_spec(parser *p, spec *out, bool allow_auth)
{
    memset(out, 0, sizeof(*out));
    if (!name_token(p, out->name, sizeof(out->name)))
        return false;
    snprintf(out->host, sizeof(out->host), "%%");
    if (punct(p, '@') && !name_token(p, out->host, sizeof(out->host)))
        return false;
    if (allow_auth && word(p, "IDENTIFIED")) {
        char pw[512];
        if (!word(p, "BY"))
            return false;
        if (word(p, "PASSWORD")) {
            if (!name_token(p, out->auth, sizeof(out->auth)))
                return false;
            for (char *x = out->auth; *x; x++)
                *x = (char)toupper((unsigned char)*x);
        } else {
            if (!name_token(p, pw, sizeof(pw)))
                return false;
            hash_password(out->auth, pw);
            OPENSSL_cleanse(pw, sizeof(pw));
        }
        out->has_auth = true;
    }
    return true;
}

static void syntax_error(sc_conn *c, parser *p)
{
    size_t i = sc_q__skip_space(p->s, p->len, p->pos);
    size_t n = p->len - i > 80 ? 80 : p->len - i;

    sc_conn_send_err(c, SC_ER_PARSE_ERROR,
                     "You have an error in your SQL syntax; check the manual that corresponds to "
                     "your MariaDB server version for the right syntax to use",
                     (int)n, p->s + i, 1u);
}

/* ---------------------------------------------------------------- privileges */

static const struct {
    const char *w1, *w2; /* a privilege of one or two words */
    uint32_t bit;
} priv_words[] = {
    {"ALL", "PRIVILEGES", SC_USER_PRIV_ALL},
    {"ALL", NULL, SC_USER_PRIV_ALL},
    {"USAGE", NULL, 0},
    {"SELECT", NULL, SC_USER_PRIV_SELECT},
    {"SHOW", "DATABASES", SC_USER_PRIV_SELECT},
    {"CREATE", "USER", SC_USER_PRIV_ADMIN},
    {"CREATE", NULL, SC_USER_PRIV_DDL},
    {"ALTER", NULL, SC_USER_PRIV_DDL},
    {"DROP", NULL, SC_USER_PRIV_DDL},
    {"INDEX", NULL, SC_USER_PRIV_DDL},
    {"REFERENCES", NULL, SC_USER_PRIV_DDL},
    {"REPLICATION", "SLAVE", SC_USER_PRIV_REPL_SLAVE},
    {"REPLICATION", "CLIENT", SC_USER_PRIV_ADMIN},
    {"BINLOG", "MONITOR", SC_USER_PRIV_ADMIN},
    {"SUPER", NULL, SC_USER_PRIV_ADMIN},
    {"RELOAD", NULL, SC_USER_PRIV_ADMIN},
    {"PROCESS", NULL, SC_USER_PRIV_ADMIN},
};

/* priv[, priv...] ON *.* @return 0, -1 syntax error, -2 not a global grant */
static int parse_privs(parser *p, uint32_t *out)
{
    *out = 0;
    do {
        size_t i, save = p->pos;
        for (i = 0; i < sizeof(priv_words) / sizeof(priv_words[0]); i++) {
            p->pos = save;
            if (word(p, priv_words[i].w1) && (!priv_words[i].w2 || word(p, priv_words[i].w2)))
                break;
        }
        if (i == sizeof(priv_words) / sizeof(priv_words[0])) {
            p->pos = save;
            /* MariaDB reads an unknown word as a role name and stops at what follows it */
            char skip[128];
            name_token(p, skip, sizeof(skip));
            return -1;
        }
        *out |= priv_words[i].bit;
    } while (punct(p, ','));
    if (!word(p, "ON"))
        return -1;
    if (punct(p, '*')) {
        if (!punct(p, '.'))
            return -2;                 /* ON *: the current database */
        return punct(p, '*') ? 0 : -1; /* *.x is MariaDB's 1064 */
    }
    return -2;
}

static void privs_text(char *out, size_t cap, uint32_t bits)
{
    size_t n = 0;

    if (bits == SC_USER_PRIV_ALL) {
        snprintf(out, cap, "ALL PRIVILEGES");
        return;
    }
    out[0] = '\0';
    if (bits & SC_USER_PRIV_SELECT)
        n += (size_t)snprintf(out + n, cap - n, "%sSELECT", n ? ", " : "");
    if (bits & SC_USER_PRIV_DDL)
        n += (size_t)snprintf(out + n, cap - n, "%sCREATE, DROP, INDEX, ALTER", n ? ", " : "");
    if (bits & SC_USER_PRIV_REPL_SLAVE)
        n += (size_t)snprintf(out + n, cap - n, "%sREPLICATION SLAVE", n ? ", " : "");
    if (bits & SC_USER_PRIV_ADMIN)
        n += (size_t)snprintf(out + n, cap - n, "%sBINLOG MONITOR, CREATE USER", n ? ", " : "");
    if (n == 0)
        snprintf(out, cap, "USAGE");
}

/* ---------------------------------------------------------------- transactions */

static int begin(sc_conn *c, sc_txn **txn)
{
    if (!c->txn)
        sc_srv__group_flush(c->srv); /* one writer: the group commits first */
    return c->txn ? sc_txn_begin_nested(txn, c->txn) : sc_txn_begin(txn, c->srv->cat, 0);
}

static int finish(sc_conn *c, sc_txn *txn, bool keep, const char *sql, size_t len)
{
    int rc = SC_OK;

    if (!keep) {
        sc_txn_abort(txn);
        return SC_OK;
    }
    sc_txn_set_statement(txn, sql, len);
    rc = sc_txn_commit(txn);
    if (rc == SC_OK && !c->txn)
        sc_srv__notify_commit(c->srv);
    return rc;
}

/* s quoted as MariaDB prints an account part in messages: '...' with ' and \ escaped by \ */
static size_t quote_part(char *out, const char *s)
{
    size_t n = 0;

    out[n++] = '\'';
    for (; *s; s++) {
        if (*s == '\'' || *s == '\\')
            out[n++] = '\\';
        out[n++] = *s;
    }
    out[n++] = '\'';
    return n;
}

static void append_failed(char *list, size_t cap, const spec *u)
{
    char item[2 * (SC_USER_NAME_MAX + SC_USER_HOST_MAX) + 8]; /* ,'name'@'host' */
    size_t n = strlen(list), m = 0;

    if (n)
        item[m++] = ',';
    m += quote_part(item + m, u->name);
    item[m++] = '@';
    m += quote_part(item + m, u->host);
    item[m] = '\0';
    if (n + m < cap)
        memcpy(list + n, item, m + 1);
}

static void send_catalog_error(sc_conn *c)
{
    const sc_error *e = sc_ctx_last_error(c->srv->ctx);

    if (e->mysql_errno && e->sqlstate[0])
        sc_conn_send_err(c, e->mysql_errno, e->sqlstate, "%s", e->message);
    else
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
}

/* ---------------------------------------------------------------- statements */

typedef enum { OP_CREATE, OP_ALTER, OP_DROP } user_op;

static void user_statement(sc_conn *c, parser *p, user_op op, unsigned more)
{
    static const char *const what[] = {"CREATE USER", "ALTER USER", "DROP USER"};
    spec users[MAX_USERS];
    size_t n = 0;
    bool if_clause = false;
    char failed[1024] = "";
    sc_txn *txn = NULL;
    unsigned notes = 0;
    int rc;

    if (word(p, "IF")) {
        if ((op == OP_CREATE && !word(p, "NOT")) || !word(p, "EXISTS")) {
            syntax_error(c, p);
            return;
        }
        if_clause = true;
    }
    do {
        if (n == MAX_USERS || !parse_spec(p, &users[n], op != OP_DROP)) {
            syntax_error(c, p);
            return;
        }
        if (users[n].has_auth && users[n].auth[0] && !auth_ok(users[n].auth)) {
            /* not a hash of the right form: MariaDB's ALTER USER names the account */
            if (op == OP_ALTER) {
                append_failed(failed, sizeof(failed), &users[n]);
                sc_conn_send_err(c, SC_ER_CANNOT_USER, what[op], failed);
            } else {
                sc_conn_send_err(c, SC_ER_PASSWD_LENGTH, SC_USER_AUTH_LEN);
            }
            return;
        }
        n++;
    } while (punct(p, ','));
    if (!sc_q__at_end(p->s, p->len, p->pos)) {
        syntax_error(c, p);
        return;
    }
    if (!sc_conn_has_privilege(c, SC_PRIV_ADMIN)) {
        sc_q__deny_global(c, "CREATE USER");
        return;
    }
    if ((rc = begin(c, &txn)) != SC_OK) {
        send_catalog_error(c);
        return;
    }
    for (size_t i = 0; i < n && rc == SC_OK; i++) {
        sc_user u;
        int got = sc_user_get(&u, txn, users[i].name, users[i].host);
        bool exists = got == SC_OK;

        if (got != SC_OK && got != SC_ENOTFOUND) {
            rc = got;
            break;
        }
        if ((op == OP_CREATE) == exists) {
            if (if_clause)
                notes++;
            else
                append_failed(failed, sizeof(failed), &users[i]);
            continue;
        }
        if (op == OP_DROP) {
            rc = sc_user_delete(txn, u.name, u.host);
            continue;
        }
        if (op == OP_CREATE) {
            memset(&u, 0, sizeof(u));
            snprintf(u.name, sizeof(u.name), "%.128s", users[i].name);
            snprintf(u.host, sizeof(u.host), "%.255s", users[i].host);
        }
        if (users[i].has_auth || op == OP_CREATE)
            snprintf(u.auth, sizeof(u.auth), "%s", users[i].auth);
        rc = sc_user_put(txn, &u);
    }
    if (rc == SC_OK)
        rc = finish(c, txn, true, p->s, p->len);
    else
        sc_txn_abort(txn);
    if (rc != SC_OK)
        send_catalog_error(c);
    else if (failed[0])
        sc_conn_send_err(c, SC_ER_CANNOT_USER, what[op], failed);
    else
        sc_q__send_ok(c, 0, notes, more);
}

static void grant_statement(sc_conn *c, parser *p, bool grant, unsigned more)
{
    spec users[MAX_USERS];
    size_t n = 0;
    uint32_t bits;
    sc_txn *txn = NULL;
    int rc = parse_privs(p, &bits);

    if (rc == -1) {
        syntax_error(c, p);
        return;
    }
    if (rc == -2) {
        sc_conn_send_err(c, SC_ER_NOT_SUPPORTED_YET, "privileges on a database or table");
        return;
    }
    if (!word(p, grant ? "TO" : "FROM")) {
        syntax_error(c, p);
        return;
    }
    do {
        if (n == MAX_USERS || !parse_spec(p, &users[n], grant)) {
            syntax_error(c, p);
            return;
        }
        n++;
    } while (punct(p, ','));
    if (grant && word(p, "WITH")) {
        if (!word(p, "GRANT") || !word(p, "OPTION")) {
            syntax_error(c, p);
            return;
        }
        bits |= SC_USER_PRIV_ADMIN; /* may grant: the ADMIN privilege */
    }
    if (!sc_q__at_end(p->s, p->len, p->pos)) {
        syntax_error(c, p);
        return;
    }
    if (!sc_conn_has_privilege(c, SC_PRIV_ADMIN)) {
        /* MariaDB answers a global GRANT/REVOKE without the privilege so */
        sc_conn_send_err(c, SC_ER_ACCESS_DENIED_ERROR, c->user, c->host,
                         c->used_password ? "YES" : "NO");
        return;
    }
    if (begin(c, &txn) != SC_OK) {
        send_catalog_error(c);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        sc_user u;
        rc = sc_user_get(&u, txn, users[i].name, users[i].host);
        if (rc == SC_ENOTFOUND) {
            sc_txn_abort(txn);
            if (grant)
                sc_conn_send_err(c, SC_ER_PASSWORD_NO_MATCH);
            else
                sc_conn_send_err(c, SC_ER_NONEXISTING_GRANT, users[i].name, users[i].host);
            return;
        }
        if (rc == SC_OK) {
            u.privileges = grant ? u.privileges | bits : u.privileges & ~bits;
            if (users[i].has_auth)
                snprintf(u.auth, sizeof(u.auth), "%s", users[i].auth);
            rc = sc_user_put(txn, &u);
        }
        if (rc != SC_OK) {
            sc_txn_abort(txn);
            send_catalog_error(c);
            return;
        }
    }
    if (finish(c, txn, true, p->s, p->len) != SC_OK)
        send_catalog_error(c);
    else
        sc_q__send_ok(c, 0, 0, more);
}

static void show_grants(sc_conn *c, parser *p, unsigned more)
{
    spec who;
    sc_user u;
    sc_txn *txn = NULL;
    char privs[160], line[640], colname[400];
    sc_rs_col col = {colname, 253, 1024, 1, 45, 39, NULL, NULL, NULL};
    const char *values[1] = {line};
    int rc;

    memset(&who, 0, sizeof(who));
    if (!word(p, "FOR") || word(p, "CURRENT_USER")) {
        if (punct(p, '('))
            punct(p, ')');
        snprintf(who.name, sizeof(who.name), "%s", c->user);
        snprintf(who.host, sizeof(who.host), "%s", c->host);
    } else if (!parse_spec(p, &who, false)) {
        syntax_error(c, p);
        return;
    }
    if (!sc_q__at_end(p->s, p->len, p->pos)) {
        syntax_error(c, p);
        return;
    }
    if (c->is_unix && c->peer_root && strcmp(who.name, c->user) == 0 &&
        strcmp(who.host, c->host) == 0 && strcmp(c->user, "root") == 0) {
        memset(&u, 0, sizeof(u));
        u.privileges = SC_USER_PRIV_ALL;
        rc = SC_OK;
    } else {
        if (strcmp(who.name, c->user) != 0 && !sc_conn_has_privilege(c, SC_PRIV_ADMIN)) {
            sc_conn_send_err(c, SC_ER_DBACCESS_DENIED_ERROR, c->user, c->host, "mysql");
            return;
        }
        rc = sc_txn_begin(&txn, c->srv->cat, SC_TXN_READONLY);
        if (rc == SC_OK) {
            rc = sc_user_get(&u, txn, who.name, who.host);
            sc_txn_abort(txn);
        }
    }
    if (rc == SC_ENOTFOUND) {
        sc_conn_send_err(c, SC_ER_NONEXISTING_GRANT, who.name, who.host);
        return;
    }
    if (rc != SC_OK) {
        send_catalog_error(c);
        return;
    }
    privs_text(privs, sizeof(privs), u.privileges);
    snprintf(colname, sizeof(colname), "Grants for %s@%s", who.name, who.host);
    snprintf(line, sizeof(line), "GRANT %s ON *.* TO `%s`@`%s`%s%s%s", privs, who.name, who.host,
             u.auth[0] ? " IDENTIFIED BY PASSWORD '" : "", u.auth, u.auth[0] ? "'" : "");
    sc_conn__set_diag(c, 0, NULL, NULL, 0);
    sc_srv__send_rows(c, &col, 1, values, 1, 0, more != 0);
}

bool sc_q__account_statement(sc_conn *c, const char *s, size_t len, unsigned more)
{
    parser p = {s, len, 0};

    if (word(&p, "CREATE") && word(&p, "USER")) {
        user_statement(c, &p, OP_CREATE, more);
        return true;
    }
    p.pos = 0;
    if (word(&p, "ALTER") && word(&p, "USER")) {
        user_statement(c, &p, OP_ALTER, more);
        return true;
    }
    p.pos = 0;
    if (word(&p, "DROP") && word(&p, "USER")) {
        user_statement(c, &p, OP_DROP, more);
        return true;
    }
    p.pos = 0;
    if (word(&p, "GRANT")) {
        grant_statement(c, &p, true, more);
        return true;
    }
    p.pos = 0;
    if (word(&p, "REVOKE")) {
        grant_statement(c, &p, false, more);
        return true;
    }
    p.pos = 0;
    if (word(&p, "SHOW") && word(&p, "GRANTS")) {
        show_grants(c, &p, more);
        return true;
    }
    return false;
}
