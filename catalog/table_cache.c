/*
 * table_cache.c - the per-catalog cache of decoded table definitions
 * (MariaDB's TABLE_SHARE cache idea): a hash of sc_table objects by table id
 * with an LRU list, at most cap entries.
 *
 * An entry is the sc_table handed to callers itself, shared by reference
 * count (struct sc_table, catalog_priv.h): a hit returns it with one more
 * reference and allocates nothing. Its key is the table id plus the packed
 * tables row it was loaded from, compared byte for byte, so it matches only
 * the version (and tables row) a transaction sees. Eviction unlinks the least
 * recently used entry and drops the cache's reference; handles still held by
 * callers keep the definition alive. When and from which transactions the
 * cache is consulted and filled, and why that is safe under MVCC:
 * table_read.c and docs/architecture.md "Definition cache". Not locked: a
 * catalog is used by one thread at a time.
 */
#include <assert.h>
#include <string.h>

#include "catalog/catalog_priv.h"

static size_t bucket_of(const sc_table_cache *c, uint64_t id)
{
    /* Ids are mostly sequential: Fibonacci hashing spreads them. */
    return (size_t)((id * 0x9E3779B97F4A7C15ull) >> 32) & c->mask;
}

int sc__tcache_init(sc_table_cache *c, sc_ctx *ctx, size_t cap)
{
    size_t n = 16;

    memset(c, 0, sizeof(*c));
    c->ctx = ctx;
    if (cap == 0)
        return SC_OK;
    while (n < cap && n < ((size_t)1 << 30))
        n *= 2;
    c->buckets = sc__calloc(ctx, n, sizeof(*c->buckets));
    if (!c->buckets)
        return SC_ENOMEM;
    c->mask = n - 1;
    c->cap = cap;
    c->stats.capacity = cap;
    return SC_OK;
}

static void lru_unlink(sc_table_cache *c, sc_table *t)
{
    if (t->newer)
        t->newer->older = t->older;
    else
        c->newest = t->older;
    if (t->older)
        t->older->newer = t->newer;
    else
        c->oldest = t->newer;
    t->newer = t->older = NULL;
}

static void lru_push_newest(sc_table_cache *c, sc_table *t)
{
    t->older = c->newest;
    t->newer = NULL;
    if (c->newest)
        c->newest->newer = t;
    else
        c->oldest = t;
    c->newest = t;
}

/* Take t out of the cache and drop the cache's reference. */
static void remove_entry(sc_table_cache *c, sc_table *t)
{
    sc_table **pp = &c->buckets[bucket_of(c, t->id)];

    while (*pp != t)
        pp = &(*pp)->hnext;
    *pp = t->hnext;
    t->hnext = NULL;
    lru_unlink(c, t);
    c->n--;
    t->cache = NULL;
    sc_table_free(t);
}

void sc__tcache_free(sc_table_cache *c)
{
    while (c->oldest)
        remove_entry(c, c->oldest);
    sc_free(c->ctx, c->buckets);
    c->buckets = NULL;
    c->cap = 0;
}

sc_table *sc__tcache_get(sc_table_cache *c, uint64_t id, const uint8_t *row, size_t len)
{
    sc_table *t;

    if (!c->buckets)
        return NULL;
    for (t = c->buckets[bucket_of(c, id)]; t; t = t->hnext) {
        if (t->id == id && t->row_len == len && memcmp(t->row, row, len) == 0)
            break;
    }
    if (!t) {
        c->stats.misses++;
        return NULL;
    }
    assert(t->cache == c && t->refs >= 1);
    if (c->newest != t) {
        lru_unlink(c, t);
        lru_push_newest(c, t);
    }
    t->refs++;
    c->stats.hits++;
    return t;
}

void sc__tcache_put(sc_table_cache *c, sc_table *t)
{
    size_t b;

    assert(!t->cache && t->row && t->refs >= 1);
    if (!c->buckets)
        return;
    while (c->n >= c->cap && c->oldest) {
        remove_entry(c, c->oldest);
        c->stats.evictions++;
    }
    b = bucket_of(c, t->id);
    t->hnext = c->buckets[b];
    c->buckets[b] = t;
    lru_push_newest(c, t);
    t->cache = c;
    t->refs++;
    c->n++;
    c->stats.fills++;
}

void sc_catalog__table_cache_stats(sc_table_cache_stats *out, const sc_catalog *cat)
{
    *out = cat->tcache.stats;
    out->entries = cat->tcache.n;
}
