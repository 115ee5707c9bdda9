/*
 * binlog_dump.c - placeholder of the replication side of `syscat serve`
 * (server/binlog_dump.h) until the stream side lands: it answers nothing
 * itself, and the two replication commands get MariaDB's error for a
 * command this server does not know (1047), so a replica or mariadb-binlog
 * stops with a clear error instead of hanging. Owner: the replication
 * stream (issue 10, stream side), who replaces this file.
 */
#include "catalog/errmsg_gen.h"
#include "server/binlog_dump.h"

bool sc_binlog_dump_query(sc_conn *c, const char *sql, size_t len)
{
    (void)c;
    (void)sql;
    (void)len;
    return false;
}

void sc_binlog_dump_register_slave(sc_conn *c, const uint8_t *body, size_t len)
{
    (void)body;
    (void)len;
    sc_conn_send_err(c, SC_ER_UNKNOWN_COM_ERROR);
}

void sc_binlog_dump_start(sc_conn *c, const uint8_t *body, size_t len)
{
    (void)body;
    (void)len;
    sc_conn_send_err(c, SC_ER_UNKNOWN_COM_ERROR);
}
