/*
 * name_hint.c - the per-catalog table name hints: (schema id, table name) ->
 * table id, remembered from earlier lookups, so that sc_table_lookup can skip
 * the descent of sys.tables_by_name (issue 13: a cold lookup in a catalog of
 * a million tables paid a cache miss at each level of that tree).
 *
 * A hint is never trusted. table_read.c loads the hinted table's tables row
 * (the first row of its range, which the load reads anyway) and uses the
 * definition only when that row, as the transaction sees it, has the schema
 * id and the name asked for: table names are unique within a schema in every
 * snapshot and the name index is written with the tables row, so a tables row
 * that matches is the one the index would have named. A stale hint (table
 * dropped, renamed, or a hint from a transaction that aborted) fails that
 * check and the lookup descends the index as before. So the hints need no
 * invalidation, no snapshot and no lock, and a wrong or torn entry costs one
 * wasted row read, never a wrong answer.
 *
 * Layout: buckets of eight 64-bit words (one cache line), a word = 16 bits of
 * the name's hash (the tag) above the 48-bit table id, 0 = empty. A miss reads
 * one line and allocates nothing. Words are read and written with relaxed
 * atomics (readers on several threads, docs/server.md "Readers"). The table
 * is replaced by an empty one of twice the size, under a mutex, when it is
 * half full, up to SC_NHINT_MAX_WORDS (16 MiB, room for about a million
 * tables); the smaller tables it replaced stay allocated until the catalog
 * closes, because a reader may still be probing one (at most as much memory
 * again as the current table). Past the maximum, a new hint replaces an old
 * one of its bucket: hints then cover most tables, not all.
 */
#include <stdatomic.h>
#include <string.h>

#include "catalog/catalog_priv.h"

#define BUCKET_WORDS 8
#define FIRST_WORDS 1024
#define SC_NHINT_MAX_WORDS ((size_t)1 << 21)
#define ID_MASK (((uint64_t)1 << 48) - 1)

/* One table of hints: mask + 1 words after the header, bucket-aligned. */
struct sc_nhint_block {
    struct sc_nhint_block *older; /* the block this one replaced (freed at close) */
    size_t mask;                  /* words - 1 */
    _Atomic uint64_t words[];     /* see the header comment */
};

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

/* Hash of (schema id, name): names are short, eight bytes at a time. */
static uint64_t hint_hash(uint64_t sid, const char *name)
{
    size_t len = strlen(name), i;
    uint64_t h = mix(sid ^ ((uint64_t)len << 56)), w;

    for (i = 0; i + 8 <= len; i += 8) {
        memcpy(&w, name + i, 8);
        h = mix(h ^ w);
    }
    if (i < len) {
        w = 0;
        memcpy(&w, name + i, len - i);
        h = mix(h ^ w);
    }
    return h;
}

static struct sc_nhint_block *block_new(sc_ctx *ctx, size_t words)
{
    struct sc_nhint_block *b = sc__calloc(ctx, 1, sizeof(*b) + words * sizeof(_Atomic uint64_t));

    if (b)
        b->mask = words - 1;
    return b;
}

int sc__nhint_init(sc_name_hints *nh, sc_ctx *ctx)
{
    struct sc_nhint_block *b = block_new(ctx, FIRST_WORDS);

    memset(nh, 0, sizeof(*nh));
    nh->ctx = ctx;
    pthread_mutex_init(&nh->lock, NULL);
    if (!b)
        return SC_ENOMEM;
    atomic_store(&nh->cur, b);
    return SC_OK;
}

void sc__nhint_free(sc_name_hints *nh)
{
    struct sc_nhint_block *b = atomic_load(&nh->cur), *older;

    if (!nh->ctx)
        return; /* never initialised (the catalog failed to open before) */
    for (; b; b = older) {
        older = b->older;
        sc_free(nh->ctx, b);
    }
    atomic_store(&nh->cur, NULL);
    pthread_mutex_destroy(&nh->lock);
}

static _Atomic uint64_t *bucket_of(struct sc_nhint_block *b, uint64_t h)
{
    return &b->words[(size_t)h & b->mask & ~(size_t)(BUCKET_WORDS - 1)];
}

uint64_t sc__nhint_get(sc_name_hints *nh, uint64_t schema_id, const char *name)
{
    struct sc_nhint_block *b = atomic_load_explicit(&nh->cur, memory_order_acquire);
    _Atomic uint64_t *w;
    uint64_t h, tag, v;
    unsigned i;

    if (!b)
        return 0;
    h = hint_hash(schema_id, name);
    tag = h >> 48;
    w = bucket_of(b, h);
    for (i = 0; i < BUCKET_WORDS; i++) {
        v = atomic_load_explicit(&w[i], memory_order_relaxed);
        if (v && v >> 48 == tag)
            return v & ID_MASK;
    }
    return 0;
}

/* Put word v (tag above id) into its bucket of b; whether it took an empty word. */
static bool place(struct sc_nhint_block *b, uint64_t h, uint64_t v)
{
    _Atomic uint64_t *w = bucket_of(b, h);
    uint64_t old;
    unsigned i;

    for (i = 0; i < BUCKET_WORDS; i++) {
        old = atomic_load_explicit(&w[i], memory_order_relaxed);
        if (old == 0 || old >> 48 == v >> 48) {
            atomic_store_explicit(&w[i], v, memory_order_relaxed);
            return old == 0;
        }
    }
    /* full bucket: replace a word chosen by other bits of the hash */
    atomic_store_explicit(&w[(h >> 24) & (BUCKET_WORDS - 1)], v, memory_order_relaxed);
    return false;
}

/*
 * Replace old by an empty block of twice the size (lock held). Its words are
 * not carried over: a word keeps only 16 bits of its hash, not the bits that
 * choose its bucket in a larger table. Lookups relearn them (one descent each).
 */
static void grow(sc_name_hints *nh, struct sc_nhint_block *old)
{
    struct sc_nhint_block *b;

    if (old->mask + 1 >= SC_NHINT_MAX_WORDS)
        return;
    b = block_new(nh->ctx, 2 * (old->mask + 1));
    if (!b)
        return; /* hints are optional: keep the old table */
    b->older = old;
    nh->used = 0;
    atomic_store_explicit(&nh->cur, b, memory_order_release);
}

void sc__nhint_put(sc_name_hints *nh, uint64_t schema_id, const char *name, uint64_t table_id)
{
    struct sc_nhint_block *b;
    uint64_t h, v;

    if (table_id == 0 || table_id > ID_MASK)
        return;
    h = hint_hash(schema_id, name);
    v = (h >> 48 << 48) | table_id;
    pthread_mutex_lock(&nh->lock);
    b = atomic_load_explicit(&nh->cur, memory_order_relaxed);
    if (b && nh->used * 2 >= b->mask + 1) {
        grow(nh, b);
        b = atomic_load_explicit(&nh->cur, memory_order_relaxed);
    }
    if (b && place(b, h, v))
        nh->used++;
    pthread_mutex_unlock(&nh->lock);
}

size_t sc__nhint_words(sc_name_hints *nh)
{
    struct sc_nhint_block *b = atomic_load(&nh->cur);

    return b ? b->mask + 1 : 0;
}

/* ------------------------------------------------------------------ */
/* Filling from sys.tables_by_name                                      */

/*
 * The name of a sys.tables_by_name key (u64 schema id, then the name escaped
 * as keycodec.c writes it: 00 -> 00 FF, end 00 01) into out (NUL-terminated);
 * false for a key of another shape or a name holding a NUL byte (such a
 * name is not hinted: hint_hash stops at the first NUL).
 */
static bool key_name(char *out, size_t size, uint64_t *sid, const MDB_val *k)
{
    const uint8_t *p = k->mv_data;
    size_t len = k->mv_size, i, o = 0;

    if (len < 10)
        return false;
    *sid = sc__get_u64be(p);
    for (i = 8; i + 1 < len && o + 1 < size; i++) {
        if (p[i] != 0) {
            out[o++] = (char)p[i];
            continue;
        }
        if (p[i + 1] == 1 && i + 2 == len) {
            out[o] = '\0';
            return o > 0;
        }
        return false; /* an escaped NUL, or bytes after the end mark */
    }
    return false;
}

/* Size the table for a catalog of n tables before the first walk (lock held). */
static void size_for(sc_name_hints *nh, size_t n)
{
    struct sc_nhint_block *b = atomic_load_explicit(&nh->cur, memory_order_relaxed), *old;

    while (b->mask + 1 < 2 * n && b->mask + 1 < SC_NHINT_MAX_WORDS) {
        old = b;
        grow(nh, b);
        b = atomic_load_explicit(&nh->cur, memory_order_relaxed);
        if (b == old)
            break; /* out of memory: keep what there is */
    }
}

/* Walk up to budget entries after the last one walked; false when the walk is over. */
static bool walk(sc_name_hints *nh, MDB_cursor *c, unsigned budget)
{
    struct sc_nhint_block *b = atomic_load_explicit(&nh->cur, memory_order_relaxed);
    MDB_val k, v;
    char name[SC_KEY_MAX_LEN + 1];
    uint64_t sid, h, id;
    int rc;

    if (nh->walk_len) {
        k = (MDB_val){nh->walk_len, nh->walk_key};
        rc = sc_catalog__cursor_get(c, &k, &v, MDB_SET_RANGE);
        if (rc == 0 && k.mv_size == nh->walk_len && memcmp(k.mv_data, nh->walk_key, k.mv_size) == 0)
            rc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT);
    } else {
        rc = sc_catalog__cursor_get(c, &k, &v, MDB_FIRST);
    }
    for (; rc == 0 && budget > 0; budget--) {
        if (v.mv_size == 8 && key_name(name, sizeof(name), &sid, &k) &&
            (id = sc__get_u64be(v.mv_data)) != 0 && id <= ID_MASK) {
            h = hint_hash(sid, name);
            if (place(b, h, (h >> 48 << 48) | id))
                nh->used++;
        }
        if (k.mv_size > sizeof(nh->walk_key))
            return false;
        memcpy(nh->walk_key, k.mv_data, k.mv_size);
        nh->walk_len = k.mv_size;
        rc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT);
    }
    /* over at the end of the index, on any error, or once the table is half full */
    return rc == 0 && nh->used * 2 < b->mask + 1;
}

void sc__nhint_fill(sc_name_hints *nh, sc_txn *txn, unsigned budget)
{
    sc_ctx *ctx = txn->cat->ctx;
    MDB_cursor *c = NULL;
    MDB_stat st;
    sc_error saved;
    bool more;

    if (atomic_load_explicit(&nh->walked, memory_order_relaxed))
        return;
    if (pthread_mutex_trylock(&nh->lock))
        return; /* another thread is at it: this lookup just descends */
    saved = *sc_ctx_last_error(ctx);
    if (!nh->walked && mdb_cursor_open(txn->mdb, txn->cat->dbi[SC_DB_TABLE_NAME], &c) == 0) {
        if (!nh->walk_len && mdb_stat(txn->mdb, txn->cat->dbi[SC_DB_TABLE_NAME], &st) == 0)
            size_for(nh, st.ms_entries);
        more = walk(nh, c, budget);
        mdb_cursor_close(c);
        if (!more)
            atomic_store_explicit(&nh->walked, true, memory_order_relaxed);
    }
    /* a damaged entry ends the walk; the lookup reports it if it reads it */
    sc_catalog__error_restore(ctx, &saved);
    pthread_mutex_unlock(&nh->lock);
}
