/*
 * track_int.h - internals of the schema tracker (track/): the saved state
 * of tracked sources (state.c) and the marker the tracker puts before every
 * statement it logs, which sc_asof_open reads back (asof.c).
 */
#ifndef SC_TRACK_INT_H
#define SC_TRACK_INT_H

#include "syscat/track.h"
#include "catalog/catalog_int.h"

/** How every statement text the tracker logs begins; then NAME GTID FILE:POS TIME and the comment
 * end. */
#define SC_TRACK_MARKER "/* syscat-track "

/** Check a source name. @return SC_OK, SC_EINVAL */
int sc_track__check_name(sc_ctx *ctx, const char *name);
/** "track.SOURCE.WHAT" into buf. */
void sc_track__key(char *buf, size_t size, const char *source, const char *what);
/** Read a source's state in txn (empty fields when never tracked). */
int sc_track__state_read(sc_track_state *out, sc_txn *txn, const char *source);
/** Write a source's state in txn. */
int sc_track__state_write(sc_txn *txn, const sc_track_state *st);
/** Record skipped DDL number n (1-based) of source in txn. */
int sc_track__skipped_write(sc_txn *txn, const char *source, uint64_t n, const sc_track_skipped *s);

/**
 * Record (history.c) that the TABLE_MAP at file:pos of source names db.table,
 * catalog table tab, unless the last version of that name before it is the
 * same (same catalog id, column names, signedness and collations).
 * @param[out] written  a new version was put
 */
int sc_track__tv_record(bool *written,
                        sc_txn *txn,
                        const char *source,
                        const char *file,
                        uint64_t pos,
                        sc_slice db,
                        sc_slice table,
                        const sc_table *tab);

#endif /* SC_TRACK_INT_H */
