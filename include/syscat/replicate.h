/*
 * syscat/replicate.h - the catalog log (binlog v4 row events on the system
 * tables), log files, reading MariaDB binlogs, and replicas.
 * See docs/log-format.md.
 */
#ifndef SYSCAT_REPLICATE_H
#define SYSCAT_REPLICATE_H

#include "common.h"
#include "error.h"
#include "catalog.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Binlog event types syscat writes or reads (MariaDB numbering). */
typedef enum sc_event_type {
    SC_EV_QUERY = 2,
    SC_EV_ROTATE = 4,
    SC_EV_FORMAT_DESCRIPTION = 15,
    SC_EV_XID = 16,
    SC_EV_TABLE_MAP = 19,
    SC_EV_WRITE_ROWS_V1 = 23,
    SC_EV_UPDATE_ROWS_V1 = 24,
    SC_EV_DELETE_ROWS_V1 = 25,
    SC_EV_WRITE_ROWS = 30,
    SC_EV_UPDATE_ROWS = 31,
    SC_EV_DELETE_ROWS = 32,
    SC_EV_ANNOTATE_ROWS = 160,
    SC_EV_BINLOG_CHECKPOINT = 161,
    SC_EV_GTID = 162,
    SC_EV_GTID_LIST = 163,
} sc_event_type;

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_REPLICATE_H */
