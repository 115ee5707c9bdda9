/*
 * auth.c - who may connect to `syscat serve` (docs/server.md "Accounts"):
 * the OS user root on the Unix socket without a password (MariaDB's
 * unix_socket plugin), everyone else by mysql_native_password against an
 * account of syscat.users, chosen as MariaDB chooses: among the accounts of
 * that user name whose host pattern matches the peer (its name,
 * 'localhost' for loopback and the socket, or its address), the most
 * specific pattern (no wildcard before wildcards, '%' last). Failures get
 * MariaDB's exact error (1045, 'using password: YES|NO') and a log line
 * naming the peer; --require-secure-transport refuses plain TCP the way
 * MariaDB does (1045).
 */
#include <ctype.h>
#include <string.h>

#include "catalog/errmsg_gen.h"
#include "server/srv_int.h"

static int deny(sc_conn *c, size_t auth_len, const char *why)
{
    sc_conn_log(c, "access denied for '%s' (%s)", c->user, why);
    sc_conn_send_err(c, SC_ER_ACCESS_DENIED_ERROR, c->user, c->host, auth_len ? "YES" : "NO");
    sc_conn_close(c, "access denied");
    return -1;
}

/* SQL LIKE with % and _ (case-insensitive, as MariaDB compares host names). */
static bool like(const char *p, const char *s)
{
    for (; *p; p++, s++) {
        if (*p == '%') {
            for (;; s++) {
                if (like(p + 1, s))
                    return true;
                if (!*s)
                    return false;
            }
        }
        if (!*s || (*p != '_' && tolower((unsigned char)*p) != tolower((unsigned char)*s)))
            return false;
    }
    return *s == '\0';
}

/* Lower is more specific: exact names first, then patterns, '%' alone last. */
static int specificity(const char *host)
{
    if (strcmp(host, "%") == 0)
        return 2;
    return strpbrk(host, "%_") ? 1 : 0;
}

typedef struct pick {
    const sc_conn *c;
    const char *addr; /* the peer's address, "" on the socket */
    sc_user best;
    int best_rank; /* -1 = none */
} pick;

static int consider(const sc_user *u, void *payload)
{
    pick *p = payload;
    int rank;

    if (strcmp(u->name, p->c->user) != 0)
        return 0;
    if (!like(u->host, p->c->host) && !(p->addr[0] && like(u->host, p->addr)))
        return 0;
    rank = specificity(u->host);
    if (p->best_rank < 0 || rank < p->best_rank) {
        p->best = *u;
        p->best_rank = rank;
    }
    return 0;
}

static int hexval(char ch)
{
    return ch <= '9' ? ch - '0' : ch - 'A' + 10;
}

static bool password_ok(const sc_conn *c, const sc_user *u, const uint8_t *auth, size_t auth_len)
{
    uint8_t stored[20];

    if (!u->auth[0])
        return auth_len == 0;
    if (strlen(u->auth) != SC_USER_AUTH_LEN)
        return false;
    for (int i = 0; i < 20; i++)
        stored[i] = (uint8_t)(hexval(u->auth[1 + 2 * i]) << 4 | hexval(u->auth[2 + 2 * i]));
    return sc_pkt_native_password_ok(c->scramble, auth, auth_len, stored);
}

int sc_srv__authenticate(sc_conn *c,
                         const sc_handshake_response *hs,
                         const uint8_t *auth,
                         size_t auth_len)
{
    pick p;
    sc_txn *txn = NULL;
    char addr[80];
    int rc;

    (void)hs;
    c->used_password = auth_len > 0;
    if (c->srv->opts.require_secure_transport && !sc_conn_is_secure(c))
        return deny(c, auth_len, "plain TCP refused by --require-secure-transport");
    if (c->is_unix && c->peer_root && strcmp(c->user, "root") == 0) {
        c->privs = SC_PRIV_ALL;
        sc_conn_log(c, "authenticated '%s'@'%s' (unix socket, OS user root)", c->user, c->host);
        return 0;
    }
    /* the peer's address without its port ("127.0.0.1:40312" -> "127.0.0.1") */
    snprintf(addr, sizeof(addr), "%s", c->is_unix ? "" : c->peer);
    if (strrchr(addr, ':'))
        *strrchr(addr, ':') = '\0';
    memset(&p, 0, sizeof(p));
    p.c = c;
    p.addr = addr;
    p.best_rank = -1;
    rc = sc_txn_begin(&txn, c->srv->cat, SC_TXN_READONLY);
    if (rc == SC_OK) {
        rc = sc_user_foreach(txn, consider, &p);
        sc_txn_abort(txn);
    }
    if (rc != SC_OK)
        return deny(c, auth_len, sc_ctx_last_error(c->srv->ctx)->message);
    if (p.best_rank < 0)
        return deny(c, auth_len, "no such account");
    if (!password_ok(c, &p.best, auth, auth_len))
        return deny(c, auth_len, "wrong password");
    c->privs = p.best.privileges;
    sc_conn_log(c, "authenticated '%s'@'%s' (account '%s'@'%s'%s)", c->user, c->host, p.best.name,
                p.best.host, c->tls ? ", TLS" : "");
    return 0;
}
