/*
 * mapsize.c - the size of the catalog's LMDB map: growing it when it fills,
 * setting it (`syscat resize`), and the write-and-retry loop that makes a
 * full map invisible to callers (docs/catalog-schema.md, "Map size").
 *
 * LMDB cannot change the map while a transaction of this process is open
 * (mdb_env_set_mapsize), and a write that finds the map full poisons its
 * transaction. So growth happens in two places: before a top-level write
 * transaction begins, when the free space has fallen under a headroom
 * (sc__map_headroom, called by sc_txn_begin), and after a transaction that
 * failed with SC_EFULL has been aborted (sc_catalog_map_grow), by whoever can
 * run it again (sc_txn_run, sc_ddl_exec). Each step doubles the map, at most
 * SC_MAP_STEP_MAX at a time, never past the ceiling kept in sys.meta
 * (`map_size_max`, SC_MAP_MAX_DEFAULT when unset). LMDB persists a larger
 * map in its meta page at the next commit, so other processes adopt it
 * (MDB_MAP_RESIZED, handled in sc_txn_begin); only increases persist.
 *
 * Invariant: the map is only changed when cat has no open transaction
 * (cat->writer == NULL and cat->readers == 0). Read transactions may be open
 * on several threads (a server's readers): each holds cat->map_lock shared
 * (sc__map_read_enter, per thread and nested), and a change takes it
 * exclusive, waiting for the other threads' reads to end. A thread with a
 * read of its own open never changes the map (it would wait for itself).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_priv.h"

#define MiB (1ull << 20)
#define MAP_HEADROOM_MIN (MiB / 2) /* free space kept before a write txn, at least */
#define MAP_HEADROOM_MAX (256 * MiB)

/* Bytes in use (the high-water mark of pages) and the page size. */
static void map_usage(uint64_t *used, uint64_t *mapsize, const sc_catalog *cat)
{
    MDB_envinfo info;
    MDB_stat st;

    mdb_env_info(cat->env, &info);
    mdb_env_stat(cat->env, &st);
    *used = (uint64_t)(info.me_last_pgno + 1) * st.ms_psize;
    *mapsize = info.me_mapsize;
}

/* The ceiling: sys.meta map_size_max, read through a short raw read txn. */
static uint64_t map_ceiling(const sc_catalog *cat)
{
    MDB_txn *txn = NULL;
    MDB_val k = {12, (void *)"map_size_max"}, v;
    char buf[32];
    uint64_t max = SC_MAP_MAX_DEFAULT;

    if (cat->map_max)
        return cat->map_max;
    if (cat->dbi[SC_DB_META] == 0 || mdb_txn_begin(cat->env, NULL, MDB_RDONLY, &txn))
        return max;
    if (mdb_get(txn, cat->dbi[SC_DB_META], &k, &v) == MDB_SUCCESS && v.mv_size > 0 &&
        v.mv_size < sizeof(buf)) {
        memcpy(buf, v.mv_data, v.mv_size);
        buf[v.mv_size] = '\0';
        max = strtoull(buf, NULL, 10);
    }
    mdb_txn_abort(txn);
    return max;
}

uint64_t sc__map_ceiling(const sc_catalog *cat)
{
    return map_ceiling(cat);
}

/* Read txns this thread has open (of any catalog: one per process in practice). */
static _Thread_local unsigned reads_here;

void sc__map_read_enter(sc_catalog *cat)
{
    if (reads_here++ == 0)
        pthread_rwlock_rdlock(&cat->map_lock);
}

void sc__map_read_leave(sc_catalog *cat)
{
    assert(reads_here > 0);
    if (--reads_here == 0)
        pthread_rwlock_unlock(&cat->map_lock);
}

bool sc__map_change_begin(sc_catalog *cat)
{
    if (reads_here > 0)
        return false;
    pthread_rwlock_wrlock(&cat->map_lock);
    return true;
}

void sc__map_change_end(sc_catalog *cat)
{
    pthread_rwlock_unlock(&cat->map_lock);
}

/* Change the map to size bytes (no txn of cat may be open; other threads' reads are waited for). */
static int map_set(sc_catalog *cat, uint64_t size)
{
    int rc;

    assert(!cat->writer);
    if (!sc__map_change_begin(cat))
        return sc_error_set(cat->ctx, SC_EBUSY, 0, NULL,
                            "the catalog map cannot change while a transaction is open");
    assert(cat->readers == 0);
    rc = mdb_env_set_mapsize(cat->env, (size_t)size);
    sc__map_change_end(cat);
    if (rc)
        return sc_error_set(cat->ctx, SC_EIO, 0, NULL, "cannot set the map size to %llu bytes: %s",
                            (unsigned long long)size, mdb_strerror(rc));
    cat->map_lo = cat->map_hi = NULL; /* the mapping moved (rows.c looks it up again) */
    cat->map_grows++;
    return SC_OK;
}

/* The size one growth step leads to from cur (doubling, at most SC_MAP_STEP_MAX more). */
static uint64_t next_size(uint64_t cur)
{
    return cur + (cur < SC_MAP_STEP_MAX ? cur : SC_MAP_STEP_MAX);
}

static bool busy(const sc_catalog *cat)
{
    return cat->writer != NULL || reads_here > 0; /* other threads' reads are waited for */
}

int sc_catalog_map_grow(sc_catalog *cat)
{
    uint64_t used, cur, max, want;

    if (busy(cat))
        return sc_error_set(cat->ctx, SC_EBUSY, 0, NULL,
                            "the catalog map cannot grow while a transaction is open");
    if (cat->flags & SC_CATALOG_READONLY)
        return sc_error_set(cat->ctx, SC_EREADONLY, 0, NULL, "catalog is open read-only");
    map_usage(&used, &cur, cat);
    max = map_ceiling(cat);
    want = next_size(cur);
    if (want > max)
        want = max;
    if (want <= cur)
        return sc_catalog__map_full(cat->ctx, cat->env, "growing it: it is at its ceiling");
    return map_set(cat, want);
}

int sc__map_headroom(sc_catalog *cat)
{
    uint64_t used, cur, max, want, room;

    if (busy(cat) || (cat->flags & SC_CATALOG_READONLY))
        return SC_OK;
    map_usage(&used, &cur, cat);
    room = used / 4;
    if (room < MAP_HEADROOM_MIN)
        room = MAP_HEADROOM_MIN;
    if (room > MAP_HEADROOM_MAX)
        room = MAP_HEADROOM_MAX;
    if (cur >= used + room)
        return SC_OK;
    max = map_ceiling(cat);
    for (want = cur; want < used + room && want < max;)
        want = next_size(want);
    if (want > max)
        want = max;
    /* At the ceiling: leave it; the write may still fit, and says so if not. */
    return want > cur ? map_set(cat, want) : SC_OK;
}

/* Write map_size and map_size_max into sys.meta (the write also makes LMDB
 * record the new map size in its meta page). */
static int write_meta(sc_catalog *cat, uint64_t size, uint64_t max)
{
    sc_txn *txn = NULL;
    char a[32], b[32];
    MDB_val k1 = {8, (void *)"map_size"}, k2 = {12, (void *)"map_size_max"}, v1, v2;
    int rc = sc_txn_begin(&txn, cat, 0);

    if (rc)
        return rc;
    v1.mv_size = (size_t)snprintf(a, sizeof(a), "%llu", (unsigned long long)size);
    v1.mv_data = a;
    v2.mv_size = (size_t)snprintf(b, sizeof(b), "%llu", (unsigned long long)max);
    v2.mv_data = b;
    rc = mdb_put(txn->mdb, cat->dbi[SC_DB_META], &k1, &v1, 0);
    if (!rc)
        rc = mdb_put(txn->mdb, cat->dbi[SC_DB_META], &k2, &v2, 0);
    if (rc) {
        rc = sc__mdb_fail(txn, rc, "writing sys.meta");
        sc_txn_abort(txn);
        return rc;
    }
    return sc_txn_commit(txn);
}

int sc_catalog_map_resize(sc_catalog *cat, uint64_t size, uint64_t max)
{
    uint64_t used, cur;
    int rc;

    if (busy(cat))
        return sc_error_set(cat->ctx, SC_EBUSY, 0, NULL,
                            "the catalog map cannot change while a transaction is open");
    map_usage(&used, &cur, cat);
    if (!size)
        size = cur;
    if (!max) {
        max = map_ceiling(cat);
        if (max < size)
            max = size; /* a larger map raises the ceiling with it */
    }
    if (size < cur)
        return sc_error_set(cat->ctx, SC_EINVAL, 0, NULL,
                            "the map is %llu bytes and LMDB keeps only increases; %llu is smaller",
                            (unsigned long long)cur, (unsigned long long)size);
    if (max < size)
        return sc_error_set(cat->ctx, SC_EINVAL, 0, NULL,
                            "the ceiling (%llu bytes) is below the map size (%llu bytes)",
                            (unsigned long long)max, (unsigned long long)size);
    if (size > cur && (rc = map_set(cat, size)))
        return rc;
    return write_meta(cat, size, max);
}

int sc_txn_run(sc_catalog *cat, int (*fn)(sc_txn *txn, void *payload), void *payload)
{
    sc_txn *txn = NULL;
    int rc;

    for (;;) {
        rc = sc_txn_begin(&txn, cat, 0);
        if (rc)
            return rc;
        rc = fn(txn, payload);
        if (rc) {
            sc_txn_abort(txn);
        } else {
            rc = sc_txn_commit(txn);
        }
        if (rc != SC_EFULL)
            return rc;
        if (sc_catalog_map_grow(cat) != SC_OK)
            return SC_EFULL; /* the ceiling (or an open txn): the grow error says which */
    }
}
