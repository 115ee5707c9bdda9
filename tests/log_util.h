/*
 * log_util.h - helpers for the catalog-log suites (check_replicate_log.c,
 * check_replicate_interop.c): run DDL through the DDL engine, set log
 * settings, and list the events of a stored log file. Header-only so the
 * Makefile's suite discovery (tests/check_*.c) is not confused.
 */
#ifndef SC_TEST_LOG_UTIL_H
#define SC_TEST_LOG_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"
#include "replicate/log.h"
#include "replicate/reader.h"
#include "tests/fixtures.h"

#define lu_ok(expr)                                                                                \
    do {                                                                                           \
        int lu_rc_ = (expr);                                                                       \
        ck_assert_msg(lu_rc_ == SC_OK, "%s = %d: %s", #expr, lu_rc_,                               \
                      sc_ctx_last_error(sc_fx.ctx)->message);                                      \
    } while (0)

/** Run one statement with the DDL engine (current database db, may be NULL); returns code. */
static inline int lu_exec_db(sc_catalog *cat, const char *db, const char *sql)
{
    sc_session *s = NULL;
    sc_stmt_result r;
    int rc;

    memset(&r, 0, sizeof(r));
    ck_assert_int_eq(sc_session_new(&s, cat, db), SC_OK);
    rc = sc_ddl_exec(&r, s, NULL, sql, strlen(sql));
    sc_stmt_result_clear(&r);
    sc_session_free(s);
    return rc;
}

static inline void lu_exec(sc_catalog *cat, const char *sql)
{
    int rc = lu_exec_db(cat, "test", sql);
    ck_assert_msg(rc == SC_OK, "%s: %s", sql, sc_ctx_last_error(sc_catalog_ctx(cat))->message);
}

static inline void lu_set(sc_catalog *cat, const char *key, const char *value)
{
    sc_txn *t = NULL;

    ck_assert_int_eq(sc_txn_begin(&t, cat, 0), SC_OK);
    ck_assert_int_eq(sc_setting_set(t, key, value), SC_OK);
    ck_assert_int_eq(sc_txn_commit(t), SC_OK);
}

/** One event of a stored file, as the tests look at it. */
typedef struct lu_event {
    uint8_t type;
    uint16_t flags;    /* header flags */
    uint16_t rflags;   /* rows flags / GTID flags2 / TABLE_MAP table id low bits */
    uint64_t table_id; /* TABLE_MAP and rows */
    uint64_t offset;
    uint32_t log_pos;
} lu_event;

#define LU_MAX_EVENTS 4096

/** Decode the stored bytes of file `name` (NULL = current) into evs; returns the count. */
static inline size_t lu_events(lu_event *evs, sc_log *log, const char *name)
{
    uint8_t *data = NULL;
    size_t len = 0, n = 0;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *raw = NULL;
    sc_ctx *ctx = sc_catalog_ctx(log->cat);

    lu_ok(sc_log_file_bytes(&data, &len, log, name));
    lu_ok(sc_binlog_reader_open_mem(&r, ctx, name ? name : "current", (sc_slice){data, len}));
    for (;;) {
        const sc_event *ev;
        lu_ok(sc_binlog_reader_next(&raw, r));
        if (!raw)
            break;
        ck_assert_uint_lt(n, LU_MAX_EVENTS);
        ev = sc_binlog_reader__event(r);
        memset(&evs[n], 0, sizeof(evs[n]));
        evs[n].type = raw->header.type;
        evs[n].flags = raw->header.flags;
        evs[n].offset = raw->offset;
        evs[n].log_pos = raw->header.log_pos;
        if (raw->header.type == SC_EV_GTID)
            evs[n].rflags = ev->u.gtid.flags2;
        else if (raw->header.type == SC_EV_TABLE_MAP)
            evs[n].table_id = ev->u.table_map.table_id;
        else if (sc_event__is_rows(raw->header.type)) {
            evs[n].table_id = ev->u.rows.table_id;
            evs[n].rflags = ev->u.rows.flags;
        }
        n++;
    }
    sc_binlog_reader_close(r);
    sc_free(ctx, data);
    return n;
}

/** Number of files of the log. */
static inline int lu_count_cb(const sc_log_file *f, void *payload)
{
    (void)f;
    (*(size_t *)payload)++;
    return 0;
}

static inline size_t lu_nfiles(sc_log *log)
{
    size_t n = 0;
    lu_ok(sc_log_files(log, lu_count_cb, &n));
    return n;
}

#endif /* SC_TEST_LOG_UTIL_H */
