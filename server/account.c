/*
 * account.c - CREATE USER, DROP USER, GRANT, REVOKE over the wire: filled
 * by the accounts step (syscat.users); until then these statements go to
 * the DDL engine, which answers MariaDB's "not supported" error.
 */
#include "server/query_int.h"

bool sc_q__account_statement(sc_conn *c, const char *s, size_t len, unsigned more)
{
    (void)c;
    (void)s;
    (void)len;
    (void)more;
    return false;
}
