/*
 * apply.h - the minimal log applier: replays the system-table rows events
 * of a syscat binlog (as sc_log writes them) into another catalog, one
 * catalog transaction per binlog transaction (GTID .. XID). The seed of the
 * replica applier (DESIGN.md §7): no id translation, no source positions yet.
 *
 * Rows of tables whose TABLE_MAP is not `syscat`.<system table> (user data
 * rows of sc_log_rows) are skipped. Any row image works (FULL, NOBLOB,
 * MINIMAL): the target row is found by the key columns present in the
 * before image, and a partial after image is merged into the current row.
 */
#ifndef SC_REPLICATE_APPLY_H
#define SC_REPLICATE_APPLY_H

#include "replicate/reader.h"
#include "replicate/sysmap.h"

/** Called after each applied transaction has committed (non-zero stops the replay). */
typedef int (*sc_apply_cb)(sc_catalog *target, uint64_t gtid_seq, void *payload);

/**
 * Apply every transaction of the file open in r whose GTID sequence number is
 * above after_seq (0 = all) to target.
 * @return SC_OK, SC_ECORRUPT (undecodable event or row), SC_ENOTFOUND (a row
 *         to update/delete is missing), catalog errors, or the callback's code
 */
int sc_apply__reader(
    sc_catalog *target, sc_binlog_reader *r, uint64_t after_seq, sc_apply_cb after, void *payload);

#endif /* SC_REPLICATE_APPLY_H */
