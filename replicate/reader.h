/*
 * reader.h - internals of the binlog file reader (public API in
 * syscat/replicate.h): access to the decoded form of the current event and
 * to the TABLE_MAPs seen so far, for the log tools, tests and the applier.
 *
 * The reader frames events (magic, length, log_pos, CRC32 per the FDE's
 * checksum algorithm), decodes every modelled event (event.h) so a corrupt
 * body is reported where it is, and keeps the last TABLE_MAP of each table
 * id for the whole file, as mariadb-binlog does (binlog-notes.md 5).
 */
#ifndef SC_REPLICATE_READER_H
#define SC_REPLICATE_READER_H

#include "replicate/event.h"
#include "replicate/rowfmt.h"

/** The decoded form of the event last returned by sc_binlog_reader_next (borrowed). */
const sc_event *sc_binlog_reader__event(const sc_binlog_reader *r);

/** The TABLE_MAP last seen for table_id in this file, or NULL (borrowed). */
const sc_ev_table_map *sc_binlog_reader__table_map(const sc_binlog_reader *r, uint64_t table_id);

/** The format (checksum, post-header lengths) of the file's latest FDE (borrowed). */
const sc_event_fmt *sc_binlog_reader__fmt(const sc_binlog_reader *r);

/** The context the reader was opened with. */
sc_ctx *sc_binlog_reader__ctx(const sc_binlog_reader *r);

/** The name used in error messages (base name of the file). */
const char *sc_binlog_reader__name(const sc_binlog_reader *r);

/** Continue at off (an event boundary the caller knows, e.g. a stored
 * position) with the format of the file's Format_description event; the
 * TABLE_MAPs before off are not read. */
void sc_binlog_reader__seek(sc_binlog_reader *r, uint64_t off);

/** True when the bytes from the next event to the end of the file as mapped
 * at open are an event not completely written yet (a header cut short, or a
 * sane header whose length runs past them): a writer's tail, not damage. */
bool sc_binlog_reader__partial_tail(const sc_binlog_reader *r);

/** True when the next event is a GTID whose transaction's XID is not in the
 * bytes mapped at open yet (the writer is still at it). Reads headers only; a
 * damaged header counts as complete, so that reading on reports it. */
bool sc_binlog_reader__txn_incomplete(const sc_binlog_reader *r);

/**
 * The file grew since it was mapped: map it again at its new size and go on
 * from the same position with the same format and TABLE_MAPs (a follower
 * keeps a file open between rounds instead of reading it again). The event
 * last returned is no longer valid. A file that did not grow: nothing done.
 * @return SC_OK, SC_EIO
 */
int sc_binlog_reader__refresh(sc_binlog_reader *r, const char *path);

/**
 * A reader fed one event at a time (a replication stream): events keep the
 * offsets of the source's file (their end positions), TABLE_MAPs are kept
 * across events, and until the stream's Format_description comes, MariaDB's
 * post-header table and checksum alg apply.
 */
int sc_binlog_reader__open_stream(sc_binlog_reader **out,
                                  sc_ctx *ctx,
                                  const char *name,
                                  sc_checksum_alg alg);
/** Frame and decode one event of a stream (its bytes are copied), as sc_binlog_reader_next. */
int sc_binlog_reader__push(const sc_binlog_event **out, sc_binlog_reader *r, sc_slice ev);

/** Bytes from the next event to the end of what is mapped (a round's work ahead). */
size_t sc_binlog_reader__left(const sc_binlog_reader *r);

/**
 * Exchange the buffer a compressed rows event is inflated into with b (same
 * ctx): what the event last read holds (its decoded rows point there) goes
 * to the caller, who keeps it as long as it likes, and the next compressed
 * event is inflated into b's old storage. A reading thread uses it to hand an
 * event's rows to another thread without copying them.
 */
void sc_binlog_reader__swap_inflated(sc_binlog_reader *r, sc_buf *b);

/** Events framed since the reader was opened (tests: what a follower read). */
uint64_t sc_binlog_reader__framed(const sc_binlog_reader *r);

#endif /* SC_REPLICATE_READER_H */
