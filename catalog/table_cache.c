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
 * callers keep the definition alive. A second hash on (schema name, table
 * name) finds entries stamped with the read snapshot that last resolved them
 * (sc__tcache_get_seen), so a repeated lookup in one snapshot reads nothing.
 * Entries are compacted into one exact-size block when they are added.
 * Admission (TinyLFU's idea): every load counts an access to its table id in
 * a small sketch of saturating counters, halved every freq_period accesses;
 * once the cache is full a loaded definition is only added when its id was
 * asked for more often than the least recently used entry's. A working set
 * larger than the cache (a uniform scan of 10,000 tables through 4,096
 * entries) then costs each miss what it costs without a cache, instead of a
 * copy, an insert and an eviction every time, and a hot set still gets in.
 * When and from which transactions the cache is consulted, stamped and
 * filled, and why that is safe under MVCC: table_read.c and
 * docs/architecture.md "Definition cache". One mutex per cache guards the
 * hash chains, the LRU list, the counters and the entries' seen stamps: a
 * server reads the catalog on several threads at once (docs/server.md
 * "Readers"); reference counts are atomic, so a holder frees its handle
 * without the lock.
 */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "catalog/catalog_priv.h"

void sc__table_check(const sc_table *t)
{
    const sc_table_def *d = &t->def;

    (void)d;
    assert(t->ctx && t->refs >= 1);
    assert(d->columns || d->n_columns == 0);
    assert(d->indexes || d->n_indexes == 0);
    assert(d->foreign_keys || d->n_foreign_keys == 0);
    assert(d->checks || d->n_checks == 0);
    for (size_t i = 0; i < d->n_indexes; i++)
        assert(d->indexes[i].parts || d->indexes[i].n_parts == 0);
    for (size_t i = 0; i < d->n_foreign_keys; i++)
        assert((d->foreign_keys[i].columns && d->foreign_keys[i].parent_columns) ||
               d->foreign_keys[i].n_columns == 0);
    assert(!t->cache || t->row);
}

/* Assert the invariants stated above sc_table_cache (catalog_priv.h). */
static void tcache_check(const sc_table_cache *c)
{
    (void)c;
    assert(c->n <= c->cap);
    assert(!c->buckets == !c->nbuckets);
    assert(c->buckets || c->n == 0);
    assert(((c->mask + 1) & c->mask) == 0);
    assert((c->n == 0) == !c->newest && !c->newest == !c->oldest);
    assert(!c->newest || (!c->newest->newer && c->newest->cache == c));
    assert(!c->oldest || (!c->oldest->older && c->oldest->cache == c));
    assert(c->oldest_id == (c->oldest ? c->oldest->id : 0));
}

static size_t bucket_of(const sc_table_cache *c, uint64_t id)
{
    /* Ids are mostly sequential: Fibonacci hashing spreads them. */
    return (size_t)((id * 0x9E3779B97F4A7C15ull) >> 32) & c->mask;
}

/* FNV-1a over "schema NUL name" (names are NUL-free). */
static uint64_t name_hash(const char *schema, const char *name)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const unsigned char *p;

    for (p = (const unsigned char *)schema; *p; p++)
        h = (h ^ *p) * 0x100000001b3ull;
    h *= 0x100000001b3ull;
    for (p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 0x100000001b3ull;
    return h;
}

static size_t name_bucket(const sc_table_cache *c, uint64_t h)
{
    return (size_t)(h ^ (h >> 32)) & c->mask;
}

/* Counters: four per entry, at least 64, at most 1M (1 MiB) for huge capacities. */
static int freq_init(sc_table_cache *c)
{
    size_t n = 64;

    while (n < 4 * c->cap && n < ((size_t)1 << 20))
        n *= 2;
    c->freq = sc__calloc(c->ctx, n, 1);
    if (!c->freq) {
        sc_free(c->ctx, c->buckets);
        sc_free(c->ctx, c->nbuckets);
        c->buckets = c->nbuckets = NULL;
        return SC_ENOMEM;
    }
    c->freq_mask = n - 1;
    c->freq_period = 10 * n;
    return SC_OK;
}

int sc__tcache_init(sc_table_cache *c, sc_ctx *ctx, size_t cap)
{
    size_t n = 16;
    int rc;

    memset(c, 0, sizeof(*c));
    c->ctx = ctx;
    {
        /* adaptive: readers on several threads hold it for a lookup's few instructions */
        pthread_mutexattr_t a;
        pthread_mutexattr_init(&a);
        pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP);
        pthread_mutex_init(&c->lock, &a);
        pthread_mutexattr_destroy(&a);
    }
    if (cap == 0)
        return SC_OK;
    /* Eight buckets per entry, so that most misses (a working set larger than the
     * cache) find an empty bucket in the bucket array and read no entry: at one per
     * entry a miss walked a chain of about one entry in each of the two hashes, a
     * cache line of memory each. At most 4M (32 MiB per array): a huge capacity must
     * not make opening the catalog fail; chains just get longer. */
    while (n < 8 * cap && n < ((size_t)1 << 22))
        n *= 2;
    c->buckets = sc__calloc(ctx, n, sizeof(*c->buckets));
    c->nbuckets = c->buckets ? sc__calloc(ctx, n, sizeof(*c->nbuckets)) : NULL;
    if (!c->nbuckets) {
        sc_free(ctx, c->buckets);
        c->buckets = NULL;
        return SC_ENOMEM;
    }
    c->mask = n - 1;
    c->cap = cap;
    if ((rc = freq_init(c)))
        return rc;
    c->stats.capacity = cap;
    tcache_check(c);
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
    c->oldest_id = c->oldest ? c->oldest->id : 0;
}

static void lru_push_newest(sc_table_cache *c, sc_table *t)
{
    t->older = c->newest;
    t->newer = NULL;
    if (c->newest) {
        c->newest->newer = t;
    } else {
        c->oldest = t;
        c->oldest_id = t->id;
    }
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
    for (pp = &c->nbuckets[t->nbucket]; *pp != t;)
        pp = &(*pp)->nnext;
    *pp = t->nnext;
    t->nnext = NULL;
    lru_unlink(c, t);
    c->n--;
    t->cache = NULL;
    tcache_check(c);
    sc_table_free(t);
}

void sc__tcache_free(sc_table_cache *c)
{
    pthread_mutex_lock(&c->lock);
    while (c->oldest)
        remove_entry(c, c->oldest);
    sc_free(c->ctx, c->buckets);
    sc_free(c->ctx, c->nbuckets);
    sc_free(c->ctx, c->freq);
    c->buckets = c->nbuckets = NULL;
    c->freq = NULL;
    c->cap = 0;
    pthread_mutex_unlock(&c->lock);
    pthread_mutex_destroy(&c->lock);
}

/* The two counters of id (count-min over two hashes of one multiply). */
static void freq_slots(const sc_table_cache *c, uint64_t id, size_t *a, size_t *b)
{
    uint64_t h = (id + 1) * 0x9E3779B97F4A7C15ull;

    *a = (size_t)(h >> 40) & c->freq_mask;
    *b = (size_t)((h ^ (h >> 29)) * 0xBF58476D1CE4E5B9ull >> 20) & c->freq_mask;
}

static unsigned freq_of(const sc_table_cache *c, uint64_t id)
{
    size_t a, b;

    freq_slots(c, id, &a, &b);
    return c->freq[a] < c->freq[b] ? c->freq[a] : c->freq[b];
}

static void touch(sc_table_cache *c, uint64_t id)
{
    size_t a, b, i;

    if (!c->freq)
        return;
    freq_slots(c, id, &a, &b);
    if (c->freq[a] < 15)
        c->freq[a]++;
    if (c->freq[b] < 15)
        c->freq[b]++;
    if (++c->freq_adds < c->freq_period)
        return;
    c->freq_adds = 0; /* age: what was hot long ago counts half */
    for (i = 0; i <= c->freq_mask; i++)
        c->freq[i] >>= 1;
}

/* Under the cache's lock, as every other use: serve's reader loops share it. */
void sc__tcache_touch(sc_table_cache *c, uint64_t id)
{
    pthread_mutex_lock(&c->lock);
    touch(c, id);
    pthread_mutex_unlock(&c->lock);
}

static bool admit(sc_table_cache *c, uint64_t id)
{
    const sc_table *t;
    unsigned f;

    if (!c->buckets)
        return false;
    if (c->n < c->cap || !c->oldest)
        return true;
    for (t = c->buckets[bucket_of(c, id)]; t; t = t->hnext)
        if (t->id == id)
            return true; /* a newer version of a cached table replaces it */
    /* Asked for at least twice lately (its own load counted once), and more often
     * than the entry it would evict: a uniform scan of more tables than the cache
     * holds then admits almost nothing, where "more often" alone admitted a
     * quarter of the misses through the sketch's collisions (each a copy of the
     * definition, an insert and an eviction). The victim's id is kept in the cache,
     * so a refusal reads no entry. */
    f = freq_of(c, id);
    if (f >= 2 && f > freq_of(c, c->oldest_id))
        return true;
    c->stats.refused++;
    return false;
}

bool sc__tcache_admit(sc_table_cache *c, uint64_t id)
{
    bool yes;

    pthread_mutex_lock(&c->lock);
    yes = admit(c, id);
    pthread_mutex_unlock(&c->lock);
    return yes;
}

/* Loads consulting the cache per evaluation of its hit rate, and the bypass sampling. */
#define GATE_WINDOW 1024
#define SC_TCACHE_SAMPLE 16

bool sc__tcache_probe(sc_table_cache *c)
{
    bool yes;

    if (!c->buckets)
        return false;
    pthread_mutex_lock(&c->lock);
    yes = !c->gated || c->gate_tick++ % SC_TCACHE_SAMPLE == 0;
    if (yes && ++c->gate_probes >= GATE_WINDOW) {
        /* under one hit in eight the lookups that miss pay more than the hits save,
         * once the cache is full: until then a miss fills it and evicts nothing
         * (a first pass over a working set the cache holds hits nothing, and must
         * not shut the cache it is filling) */
        c->gated = c->n >= c->cap && (uint64_t)c->gate_hits * 8 < c->gate_probes;
        c->gate_probes = c->gate_hits = 0;
    }
    if (!yes)
        c->stats.bypassed++;
    pthread_mutex_unlock(&c->lock);
    return yes;
}

/* Hand out t once more and make it the most recently used. */
static sc_table *hit(sc_table_cache *c, sc_table *t)
{
    assert(t->cache == c);
    sc__table_check(t);
    if (c->newest != t) {
        lru_unlink(c, t);
        lru_push_newest(c, t);
    }
    tcache_check(c);
    t->refs++;
    c->stats.hits++;
    c->gate_hits++;
    return t;
}

sc_table *sc__tcache_touch_get(
    sc_table_cache *c, uint64_t id, const uint8_t *row, size_t len, bool get, uint64_t snap)
{
    sc_table *t = NULL;

    if (!c->buckets)
        return NULL;
    pthread_mutex_lock(&c->lock);
    touch(c, id);
    if (get) {
        for (t = c->buckets[bucket_of(c, id)]; t; t = t->hnext) {
            if (t->id == id && t->row_len == len && memcmp(t->row, row, len) == 0)
                break;
        }
        if (t) {
            t = hit(c, t);
            if (snap)
                t->seen = snap;
        } else {
            c->stats.misses++;
        }
    }
    pthread_mutex_unlock(&c->lock);
    return t;
}

sc_table *sc__tcache_get(sc_table_cache *c, uint64_t id, const uint8_t *row, size_t len)
{
    sc_table *t;

    if (!c->buckets)
        return NULL;
    pthread_mutex_lock(&c->lock);
    for (t = c->buckets[bucket_of(c, id)]; t; t = t->hnext) {
        if (t->id == id && t->row_len == len && memcmp(t->row, row, len) == 0)
            break;
    }
    if (t)
        t = hit(c, t);
    else
        c->stats.misses++;
    pthread_mutex_unlock(&c->lock);
    return t;
}

sc_table *sc__tcache_get_seen(
    sc_table_cache *c, uint64_t snap, uint64_t id, const char *schema, const char *name)
{
    sc_table *t;

    if (!c->buckets || snap == 0)
        return NULL;
    pthread_mutex_lock(&c->lock);
    if (!name) {
        for (t = c->buckets[bucket_of(c, id)]; t; t = t->hnext)
            if (t->seen == snap && t->id == id)
                break;
    } else {
        uint64_t h = name_hash(schema, name);
        /* the hash first: a chain step reads one line of the entry, not its strings */
        for (t = c->nbuckets[name_bucket(c, h)]; t; t = t->nnext)
            if (t->seen == snap && t->nhash == h && strcmp(t->def.name, name) == 0 &&
                strcmp(t->schema_name, schema) == 0)
                break;
    }
    if (t) {
        c->stats.snap_hits++;
        t = hit(c, t);
    }
    pthread_mutex_unlock(&c->lock);
    return t;
}

void sc__tcache_stamp(sc_table_cache *c, sc_table *t, uint64_t snap)
{
    pthread_mutex_lock(&c->lock);
    if (t->cache == c)
        t->seen = snap;
    pthread_mutex_unlock(&c->lock);
}

void sc__tcache_put(sc_table_cache *c, sc_table *t)
{
    size_t b;

    assert(!t->cache && t->row);
    sc__table_check(t);
    if (!c->buckets)
        return;
    pthread_mutex_lock(&c->lock);
    while (c->n >= c->cap && c->oldest) {
        remove_entry(c, c->oldest);
        c->stats.evictions++;
    }
    b = bucket_of(c, t->id);
    t->hnext = c->buckets[b];
    c->buckets[b] = t;
    t->nhash = name_hash(t->schema_name, t->def.name);
    t->nbucket = name_bucket(c, t->nhash);
    t->nnext = c->nbuckets[t->nbucket];
    c->nbuckets[t->nbucket] = t;
    lru_push_newest(c, t);
    t->cache = c;
    t->refs++;
    c->n++;
    c->stats.fills++;
    tcache_check(c);
    pthread_mutex_unlock(&c->lock);
}

/* ------------------------------------------------------------------ */
/* Compaction: a cached definition in one exact-size block               */

/*
 * A deep copy of a definition, run twice: first with a == NULL to add up the
 * bytes (rounded as sc__arena_alloc rounds), then into an arena of exactly
 * that size. A load leaves the decoded row messages in the table's arena
 * (about 8 KiB for 10 columns); the copy keeps only the definition (about
 * 2.5 KiB), which is what bounds the memory of a full cache.
 */
typedef struct dup {
    sc_arena *a; /* NULL while sizing */
    size_t need; /* bytes counted while sizing */
} dup;

/* A copy of n bytes (NULL while sizing, for n == 0, or when out of memory). */
static void *dup_mem(dup *d, const void *src, size_t n)
{
    void *p;

    if (n == 0)
        return NULL; /* empty arrays are NULL, as table_read.c leaves them */
    if (!d->a) {
        d->need += (n + 15) & ~(size_t)15;
        return NULL;
    }
    p = sc__arena_alloc(d->a, n);
    if (p)
        memcpy(p, src, n);
    return p;
}

static const char *dup_str(dup *d, const char *s)
{
    return s ? dup_mem(d, s, strlen(s) + 1) : NULL;
}

/* Room for any one element dup_array copies, to fix up while sizing. */
typedef union dup_elem {
    const char *str;
    sc_column_def column;
    sc_index_def index;
    sc_index_part part;
    sc_fk_def fk;
    sc_check_def check;
    sc_partition_def partition;
} dup_elem;

/*
 * A copy of the n elements of size bytes at src, each then handed to fix to
 * replace the pointers it holds by copies of what they point to. While sizing
 * (or out of memory) there is no copy: fix gets a scratch copy of each element
 * so it still counts the bytes. The one loop of every dup_* below.
 */
static void *dup_array(dup *d, const void *src, size_t n, size_t size, void (*fix)(dup *, void *))
{
    uint8_t *out = dup_mem(d, src, n * size);
    dup_elem scratch;
    size_t i;

    assert(size <= sizeof(scratch));
    for (i = 0; i < n; i++) {
        if (out)
            fix(d, out + i * size);
        else
            fix(d, memcpy(&scratch, (const uint8_t *)src + i * size, size));
    }
    return out;
}

static void fix_str(dup *d, void *e)
{
    const char **s = e;

    *s = dup_str(d, *s);
}

static const char *const *dup_strv(dup *d, const char *const *v, size_t n)
{
    return dup_array(d, v, n, sizeof(*v), fix_str);
}

static void fix_column(dup *d, void *e)
{
    sc_column_def *c = e;

    c->name = dup_str(d, c->name);
    c->charset = dup_str(d, c->charset);
    c->collation = dup_str(d, c->collation);
    c->default_value = dup_str(d, c->default_value);
    c->on_update = dup_str(d, c->on_update);
    c->generation_expr = dup_str(d, c->generation_expr);
    c->check_expr = dup_str(d, c->check_expr);
    c->comment = dup_str(d, c->comment);
    c->elements = dup_strv(d, c->elements, c->n_elements);
}

static void fix_part(dup *d, void *e)
{
    sc_index_part *p = e;

    p->column = dup_str(d, p->column);
}

static void fix_index(dup *d, void *e)
{
    sc_index_def *ix = e;

    ix->parts = dup_array(d, ix->parts, ix->n_parts, sizeof(*ix->parts), fix_part);
    ix->name = dup_str(d, ix->name);
    ix->comment = dup_str(d, ix->comment);
    ix->parser = dup_str(d, ix->parser);
}

static void fix_fk(dup *d, void *e)
{
    sc_fk_def *fk = e;

    fk->name = dup_str(d, fk->name);
    fk->columns = dup_strv(d, fk->columns, fk->n_columns);
    fk->parent_columns = dup_strv(d, fk->parent_columns, fk->n_columns);
    fk->parent_schema = dup_str(d, fk->parent_schema);
    fk->parent_table = dup_str(d, fk->parent_table);
}

static void fix_check(dup *d, void *e)
{
    sc_check_def *ck = e;

    ck->name = dup_str(d, ck->name);
    ck->expr = dup_str(d, ck->expr);
}

static void fix_partition(dup *d, void *e)
{
    sc_partition_def *p = e;

    p->name = dup_str(d, p->name);
    p->values = dup_str(d, p->values);
    p->options = dup_str(d, p->options);
    p->engine = dup_str(d, p->engine);
}

static const sc_partitioning_def *dup_partitioning(dup *d, const sc_partitioning_def *src)
{
    sc_partitioning_def *out, pt;

    if (!src)
        return NULL;
    out = dup_mem(d, src, sizeof(*src));
    pt = *src;
    pt.expr = dup_str(d, src->expr);
    pt.sub_expr = dup_str(d, src->sub_expr);
    pt.system_time = dup_str(d, src->system_time);
    pt.parts = dup_array(d, src->parts, src->n_parts, sizeof(*src->parts), fix_partition);
    if (out)
        *out = pt;
    return out;
}

/* Copy t's definition, schema name and the tables row (t->row) through d. */
static void dup_table(dup *d, sc_table *copy, const sc_table *t, const uint8_t *row, size_t len)
{
    const sc_table_def *s = &t->def;
    sc_table_def *o = &copy->def;

    *o = *s;
    o->name = dup_str(d, s->name);
    o->engine = dup_str(d, s->engine);
    o->charset = dup_str(d, s->charset);
    o->collation = dup_str(d, s->collation);
    o->comment = dup_str(d, s->comment);
    o->options = dup_str(d, s->options);
    o->columns = dup_array(d, s->columns, s->n_columns, sizeof(*s->columns), fix_column);
    o->indexes = dup_array(d, s->indexes, s->n_indexes, sizeof(*s->indexes), fix_index);
    o->foreign_keys =
        dup_array(d, s->foreign_keys, s->n_foreign_keys, sizeof(*s->foreign_keys), fix_fk);
    o->checks = dup_array(d, s->checks, s->n_checks, sizeof(*s->checks), fix_check);
    o->period_name = dup_str(d, s->period_name);
    o->period_start = dup_str(d, s->period_start);
    o->period_end = dup_str(d, s->period_end);
    o->sys_start = dup_str(d, s->sys_start);
    o->sys_end = dup_str(d, s->sys_end);
    o->partitioning = dup_partitioning(d, s->partitioning);
    o->sequence = s->sequence ? dup_mem(d, s->sequence, sizeof(*s->sequence)) : NULL;
    copy->schema_name = dup_str(d, t->schema_name);
    copy->row = dup_mem(d, row, len);
    copy->row_len = len;
}

int sc__table_compact(sc_table *t, const uint8_t *row, size_t len)
{
    dup d = {NULL, 0};
    sc_table copy;

    dup_table(&d, &copy, t, row, len);
    copy = *t;
    sc__arena_init(&copy.arena, t->ctx, d.need);
    d.a = &copy.arena;
    dup_table(&d, &copy, t, row, len);
    if (copy.arena.failed) {
        sc__arena_free(&copy.arena);
        return SC_ENOMEM;
    }
    sc__arena_free(&t->arena);
    *t = copy;
    sc__table_check(t);
    return SC_OK;
}

void sc_catalog__table_cache_stats(sc_table_cache_stats *out, const sc_catalog *cat)
{
    sc_table_cache *c = (sc_table_cache *)(uintptr_t)&cat->tcache;

    pthread_mutex_lock(&c->lock);
    *out = c->stats;
    out->entries = c->n;
    pthread_mutex_unlock(&c->lock);
}
