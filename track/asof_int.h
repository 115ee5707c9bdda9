/*
 * asof_int.h - internals of --as-of shared by asof.c (finding the point,
 * building the answer) and asof_index.c (the stored list of the log's
 * transactions): what the scan of the stored log yields.
 */
#ifndef SC_TRACK_ASOF_INT_H
#define SC_TRACK_ASOF_INT_H

#include "replicate/log.h"

/* One transaction of the stored log (one record of log.events). */
typedef struct sc_asof_txn {
    uint32_t file;   /* log file number */
    uint32_t domain; /* its GTID */
    uint32_t server;
    uint64_t seq;
    uint64_t off;       /* file offset of its record */
    uint64_t end;       /* offset after its last event */
    const uint8_t *rec; /* the stored record, NULL until fetched (valid while the scan's txn is) */
    size_t rec_len;
    uint32_t ts; /* when it was written */
    bool marked; /* a tracker transaction: the src_* fields are set */
    uint32_t src_domain;
    uint64_t src_seq;
    char src_file[128]; /* source binlog file and offset of the group's GTID event */
    uint64_t src_pos;
    uint32_t src_ts;
} sc_asof_txn;

/* A stored record the replay needs besides the transactions (a file's TABLE_MAPs). */
typedef struct sc_asof_rec {
    uint32_t file;
    uint64_t off;
    const uint8_t *data; /* NULL until fetched */
    size_t len;
} sc_asof_rec;

/* What the scan of the stored log found. */
typedef struct sc_asof_scan {
    sc_ctx *ctx;
    sc_log *log;
    sc_txn *txn; /* read transaction on the live catalog: keeps the records mapped */
    sc_asof_txn *ents;
    size_t n, cap;
    sc_asof_rec *maps; /* records holding TABLE_MAP events */
    size_t nmaps, cap_maps;
    uint32_t first_file, last_file;
    bool any_marked;
    size_t indexed;      /* leading ents that came from the stored index */
    uint32_t walking;    /* while scanning: the file walked */
    int alg;             /* and its checksum algorithm */
    uint64_t skip_below; /* and where its records not in the index start */
} sc_asof_scan;

/** Bytes of the stored index's header; the transactions follow it, then the TABLE_MAP records. */
#define SC_ASOF_INDEX_HEAD 48

/** The stored record at (file, off) in sc->txn. @return SC_OK, SC_ECORRUPT (no such record) */
int sc_asof__fetch(sc_slice *out, sc_asof_scan *sc, uint32_t file, uint64_t off);

/**
 * Load DATADIR/asof/index into sc (ents, maps, any_marked, indexed) when it
 * belongs to this log: same first file, and its last transaction's stored
 * bytes hash as recorded. Anything else leaves sc empty. Never an error.
 */
void sc_asof__index_load(sc_asof_scan *sc, const char *datadir);

/** Store sc's list as DATADIR/asof/index (best effort, as checkpoints). */
void sc_asof__index_save(sc_asof_scan *sc, const char *datadir);

#endif /* SC_TRACK_ASOF_INT_H */
