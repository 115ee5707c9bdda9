/*
 * binlog_dump.h - the replication side of `syscat serve` (docs/server.md):
 * COM_REGISTER_SLAVE, COM_BINLOG_DUMP and the queries replicas and
 * mariadb-binlog send before a dump (SET @master_heartbeat_period,
 * @slave_connect_state, @master_binlog_checksum, @mariadb_slave_capability,
 * SELECT @master_binlog_checksum, @@global.gtid_*, UNIX_TIMESTAMP(),
 * SHOW MASTER STATUS, SHOW BINARY LOGS, SHOW BINLOG EVENTS...).
 *
 * The command dispatcher (server/conn.c, server/query.c) gives these
 * functions first refusal; they use only server/conn.h to talk to the
 * client. Owner: the replication stream (issue 10, stream side).
 */
#ifndef SC_SERVER_BINLOG_DUMP_H
#define SC_SERVER_BINLOG_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/conn.h"

/**
 * First refusal on a COM_QUERY statement (one statement, no trailing ';',
 * leading blanks and comments already skipped). Returns true when it
 * answered (OK, ERR or a result set); false leaves the statement to the
 * generic path (user variables, session queries, DDL).
 */
bool sc_binlog_dump_query(sc_conn *c, const char *sql, size_t len);

/** COM_REGISTER_SLAVE (payload after the command byte). Must answer. */
void sc_binlog_dump_register_slave(sc_conn *c, const uint8_t *body, size_t len);

/** COM_BINLOG_DUMP (payload after the command byte). Must answer or start a stream. */
void sc_binlog_dump_start(sc_conn *c, const uint8_t *body, size_t len);

#endif /* SC_SERVER_BINLOG_DUMP_H */
