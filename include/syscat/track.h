/*
 * syscat/track.h - following a foreign MariaDB server's schema from its
 * binlog files or a live server (the schema tracker), the catalog as it was
 * at an earlier point of its log (--as-of), and undoing every change after
 * such a point (flashback). See docs/tracking.md and
 * docs/history-and-flashback.md.
 */
#ifndef SYSCAT_TRACK_H
#define SYSCAT_TRACK_H

#include "common.h"
#include "error.h"
#include "catalog.h"
#include "replicate.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Options of sc_track_files(). Start from SC_TRACK_OPTIONS_INIT. */
typedef struct sc_track_options {
    unsigned version;       /* SC_TRACK_OPTIONS_VERSION */
    const char *source;     /* the source's name: letters, digits, '_' and '-', 1..64 */
    bool skip_unparsed_ddl; /* record a DDL the engine refuses as skipped and go on */
} sc_track_options;

#define SC_TRACK_OPTIONS_VERSION 1
#define SC_TRACK_OPTIONS_INIT                                                                      \
    {                                                                                              \
        SC_TRACK_OPTIONS_VERSION, NULL, false                                                      \
    }

/** Counters of one sc_track_files() call. */
typedef struct sc_track_stats {
    uint64_t groups;         /* event groups (GTID .. end) read and followed */
    uint64_t groups_skipped; /* groups at or before the saved position (already tracked) */
    uint64_t ddl;            /* DDL statements run through the DDL engine */
    uint64_t ddl_skipped;    /* DDL the engine refused, skipped (--skip-unparsed-ddl) */
    uint64_t ignored;        /* statements that do not change a schema (accounts, FLUSH...) */
    uint64_t auto_increment; /* AUTO_INCREMENT counters moved by row events */
} sc_track_stats;

/**
 * Follow the binlog files of a foreign MariaDB 10.11 server, in order: every
 * DDL Query event runs through the DDL engine with the session state its
 * status variables carry; row events move AUTO_INCREMENT counters. Each
 * event group that changes the catalog is one catalog transaction (logged)
 * holding the source's new position, so a second call on the same files
 * continues where the first stopped. Groups at or before the saved GTID of
 * their domain are skipped.
 * @param[out] out  counters (may be NULL)
 * @return SC_OK; SC_ESQL / SC_ERROR when a DDL is refused (the message names
 *         the file, the position, the GTID and the statement; nothing of
 *         that group applied); SC_EINVAL (bad source name); SC_ECORRUPT; SC_EIO
 */
SC_API int sc_track_files(sc_track_stats *out,
                          sc_log *log,
                          const sc_track_options *opts,
                          const char *const *files,
                          size_t nfiles);

/** Options of sc_track_live(). Start from SC_TRACK_LIVE_OPTIONS_INIT. */
typedef struct sc_track_live_options {
    unsigned version;            /* SC_TRACK_LIVE_OPTIONS_VERSION */
    const char *from;            /* HOST:PORT of the server */
    const char *user;            /* account with REPLICATION SLAVE (NULL: root) */
    const char *password_file;   /* first line is the password (NULL: none) */
    uint32_t server_id;          /* announced to the server (0: 4000000001) */
    bool once;                   /* stop at the server's current end (non-blocking dump) */
    unsigned retry_s;            /* seconds to keep reconnecting after the server goes away */
    bool (*stop)(void *payload); /* asked whenever caught up; true ends the run (may be NULL) */
    void *payload;
} sc_track_live_options;

#define SC_TRACK_LIVE_OPTIONS_VERSION 1
#define SC_TRACK_LIVE_OPTIONS_INIT                                                                 \
    {                                                                                              \
        SC_TRACK_LIVE_OPTIONS_VERSION, NULL, NULL, NULL, 0, false, 30, NULL, NULL                  \
    }

/**
 * sc_track_files() over a live MariaDB server's replication stream
 * (Connector/C, a GTID dump after the saved GTID state, or from the server's
 * first file the first time): the same groups, transactions and saved state. It
 * follows the server until stop() says so (or, with once, until the
 * server's current end); when the connection goes away (a server restart)
 * it reconnects from the saved state for up to retry_s seconds without
 * progress. Killing the process at any point loses nothing (see sc_track_files).
 * @return as sc_track_files(); SC_EIO when the server cannot be reached
 */
SC_API int sc_track_live(sc_track_stats *out,
                         sc_log *log,
                         const sc_track_options *opts,
                         const sc_track_live_options *live);

/** The saved state of one tracked source. */
typedef struct sc_track_state {
    char source[65];    /* its name */
    char file[256];     /* binlog file of the position ("" = nothing tracked yet) */
    uint64_t position;  /* offset of the next event group in file */
    char gtid[256];     /* last tracked GTID per domain, "0-1-47[,1-2-9...]" */
    uint64_t n_skipped; /* DDL recorded as skipped */
} sc_track_state;

/** One DDL recorded as skipped (strings borrowed for the callback). */
typedef struct sc_track_skipped {
    const char *file;      /* binlog file */
    uint64_t position;     /* offset of the Query event */
    const char *gtid;      /* its group's GTID */
    unsigned mysql_errno;  /* the engine's error */
    const char *message;   /* its text */
    const char *statement; /* the statement as logged */
} sc_track_skipped;

/** State of one source. @return SC_OK, SC_ENOTFOUND (never tracked) */
SC_API int sc_track_state_get(sc_track_state *out, sc_catalog *cat, const char *source);

/** Call cb for every tracked source, by name. A non-zero return stops the walk. */
SC_API int sc_track_sources(sc_catalog *cat,
                            int (*cb)(const sc_track_state *st, void *payload),
                            void *payload);

/** Call cb for every skipped DDL of source, in the order they were met. */
SC_API int sc_track_skipped_foreach(sc_catalog *cat,
                                    const char *source,
                                    int (*cb)(const sc_track_skipped *s, void *payload),
                                    void *payload);

/** The table history of a tracked source, for decoding its rows (opaque). */
typedef struct sc_track_history sc_track_history;

/**
 * Open the table history the tracker kept for source: for every TABLE_MAP of
 * the source's log, the catalog table it named and that table's column names,
 * signedness and collations at that point (a read-only transaction of cat,
 * held until sc_track_history_close).
 * @return SC_OK, SC_ENOTFOUND (source never tracked), SC_EINVAL (bad name)
 */
SC_API int sc_track_history_open(sc_track_history **out, sc_catalog *cat, const char *source);

/**
 * sc_decode_options.schema with the history as payload: fills in what the
 * map's metadata lacks (names, signedness, collations) from the version of
 * info->db.info->table in force at info->file:info->pos (files compared by
 * name, so their names must sort in log order, as binlog.000001... do), and
 * sets its catalog table id. Leaves the map alone when nothing was recorded
 * or the column count differs. @return SC_OK, SC_ENOMEM, SC_ECORRUPT
 */
SC_API int sc_track_history_schema(sc_decode_table_info *info, void *history);

/** Close a history (NULL is fine). */
SC_API void sc_track_history_close(sc_track_history *h);

/**
 * The catalog as it was at a point of its log, rebuilt in a scratch catalog
 * (under $TMPDIR) by replaying the stored log up to that point. spec is a
 * GTID "D-S-N", "FILE:POS" or a time ("YYYY-MM-DD HH:MM:SS" UTC, or seconds
 * since the epoch). When the log holds tracked transactions (sc_track_files),
 * these are the tracked source's coordinates: the state right after that
 * source group; otherwise they are the catalog log's own (GTID: after that
 * transaction; FILE:POS: every transaction that ends at or before POS; a
 * time: every transaction written at or before it).
 * @param[out] out the scratch catalog (read it like any other); free it
 *                 with sc_asof_close(), which also removes its directory
 * @return SC_OK, SC_EINVAL (spec not understood), SC_ENOTFOUND (the point is
 *         not in the log, or is past it, or the log was purged before it), SC_EIO
 */
SC_API int sc_asof_open(sc_catalog **out, sc_log *log, const char *spec);

/** Close a catalog of sc_asof_open() and remove its directory (NULL is fine). */
SC_API void sc_asof_close(sc_catalog *scratch);

/** What sc_flashback() changed (or would change, dry run). */
typedef struct sc_flashback_stats {
    uint64_t rows_deleted;      /* system-table rows added after the point: deleted */
    uint64_t rows_inserted;     /* rows removed after the point: written back */
    uint64_t rows_replaced;     /* rows changed after the point: their old bytes written back */
    uint64_t systables_touched; /* system tables with at least one of those */
} sc_flashback_stats;

/**
 * Undo every catalog change after a point of the log (spec as for
 * sc_asof_open): the catalog at that point is rebuilt from the log, and every
 * system-table row that differs from it is written back in ONE new catalog
 * transaction, logged like any other (a dropped table comes back with its
 * id, columns, indexes and foreign keys; rows added since are deleted).
 * syscat.replica_state and the tracker's positions are left alone.
 * @param[out] out     counters (may be NULL)
 * @param[in]  dry_run compute the counters only; nothing is written
 * @return SC_OK, SC_EINVAL (spec), SC_ENOTFOUND (point not in the log), SC_EFULL, SC_EIO
 */
SC_API int sc_flashback(sc_flashback_stats *out, sc_log *log, const char *spec, bool dry_run);

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_TRACK_H */
