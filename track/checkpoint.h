/*
 * checkpoint.h - the stored as-of checkpoints (checkpoint.c): compact
 * copies of the system tables as they were after every K-th transaction of
 * the catalog's log, kept as LMDB files under DATADIR/asof/, and the
 * scratch catalogs sc_asof_open builds the answer in (empty, or a copy of a
 * checkpoint). A checkpoint is a cache derived from the log: it is named by
 * the position and a hash of the transaction it follows, written to a
 * temporary name, synced and renamed, so it is either whole or absent, and
 * one that no longer matches the log is never used.
 * docs/history-and-flashback.md "Checkpoints".
 */
#ifndef SC_TRACK_CHECKPOINT_H
#define SC_TRACK_CHECKPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "syscat/catalog.h"

struct iovec;

/** Default distance between checkpoints, in transactions of the log. */
#define SC_ASOF_CKPT_EVERY 128

/** Which transaction of the log a checkpoint follows. */
typedef struct sc_asof_ckpt {
    uint64_t index; /* transactions of the log up to and including it (1-based) */
    uint32_t file;  /* its log file number */
    uint64_t end;   /* file offset after it */
    uint64_t hash;  /* FNV-1a 64 of its stored bytes */
} sc_asof_ckpt;

/** The distance between checkpoints in use (SC_ASOF_CKPT_EVERY unless set). */
unsigned sc_asof__ckpt_every(void);
/** Set the distance (tests; 0 = back to the default). */
void sc_asof__ckpt_set_every(unsigned k);

/** FNV-1a 64 of bytes. */
uint64_t sc_asof__hash(const uint8_t *data, size_t len);

/** Whether the checkpoint of datadir exists. */
bool sc_asof__ckpt_exists(const char *datadir, const sc_asof_ckpt *ck);

/**
 * A new scratch catalog under $TMPDIR: empty (ck NULL) or a copy of the
 * checkpoint ck of datadir. Close with sc_asof__scratch_close.
 * @return SC_OK, SC_EIO (no directory, no copy), catalog open errors
 */
int sc_asof__scratch_open(sc_catalog **out,
                          sc_ctx *ctx,
                          const char *datadir,
                          const sc_asof_ckpt *ck);

/** Close a scratch catalog and remove its directory (NULL is fine). */
void sc_asof__scratch_close(sc_catalog *scratch);

/**
 * Store the state of scratch (no write transaction open) as checkpoint ck of
 * datadir. Best effort: a datadir where the file cannot be written (read
 * only, full) is left as it was, and nothing is reported; a checkpoint is a
 * cache.
 */
void sc_asof__ckpt_write(sc_catalog *scratch, const char *datadir, const sc_asof_ckpt *ck);

/**
 * Remove every checkpoint of datadir that keep() refuses (one of a log this
 * catalog no longer has), and temporary files of writers that died more than
 * an hour ago. Best effort.
 */
void sc_asof__ckpt_prune(const char *datadir,
                         bool (*keep)(const sc_asof_ckpt *ck, void *payload),
                         void *payload);

/**
 * Store the iov bytes as DATADIR/asof/NAME the way checkpoints are: a
 * temporary file, synced, renamed over NAME, the directory synced.
 * Best effort. @return true when stored
 */
bool sc_asof__store(const char *datadir, const char *name, const struct iovec *iov, int iovcnt);

/** Open DATADIR/asof/NAME for reading. @return the descriptor, or -1 */
int sc_asof__open_stored(const char *datadir, const char *name);

#endif /* SC_TRACK_CHECKPOINT_H */
