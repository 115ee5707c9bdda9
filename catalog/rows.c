/*
 * rows.c - the one write path for system-table rows, the secondary name
 * indexes it keeps, and raw row access for the applier and fsck.
 *
 * sc__row_write() is the only function that changes a system-table db. For
 * each put or delete it (1) checks and then updates the secondary index
 * entries of the row (sys.schemata_by_name, sys.tables_by_name,
 * sys.fk_by_parent), (2) appends an sc_row_change to the transaction when it
 * records changes, before touching LMDB (the before image still points into
 * the map then). Index formats: docs/catalog-schema.md.
 */
#include <stdio.h>
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "catalog/catalog_priv.h"

const char *sc__st_name(unsigned st)
{
    const sc_systable *s = sc_catalog__systable(st);
    return s ? s->name : "?";
}

/* ------------------------------------------------------------------ */
/* Bounds-checked LMDB reads                                            */

/*
 * LMDB trusts the node sizes on its pages: a damaged size hands back a value
 * (or key) that runs past the page, past the used part of the file, even past
 * the mapping. Every read of the catalog's map goes through the two wrappers
 * below, which check that what LMDB returned lies inside the used pages of
 * the map before anyone touches it. Pointers outside the mapping (dirty pages
 * of a write txn, the caller's own key) are not LMDB's to damage and pass.
 * A write txn may read back pages it spilled beyond the last committed page,
 * so there the bound is the whole map.
 */

static const char *slot_name(unsigned slot)
{
    switch (slot) {
    case SC_DB_META:
        return "sys.meta";
    case SC_DB_SETTINGS:
        return "sys.settings";
    case SC_DB_SCHEMA_NAME:
        return "sys.schemata_by_name";
    case SC_DB_TABLE_NAME:
        return "sys.tables_by_name";
    case SC_DB_FK_PARENT:
        return "sys.fk_by_parent";
    case SC_DB_TABLE_ROWS:
        return "sys.table_rows";
    default:
        return sc__st_name(slot);
    }
}

/* Describe the key of an entry of dbi: by its fields in a system table, else as text. */
static void describe_key(char *buf,
                         size_t size,
                         const sc_catalog *cat,
                         MDB_dbi dbi,
                         const MDB_val *k,
                         const char **table)
{
    unsigned slot;
    size_t i, o = 0;

    *table = NULL;
    if (cat->clustered && dbi == cat->dbi[SC_DB_TABLE_ROWS] && k && sc__layout_kind(k)) {
        slot = sc__layout_kind(k); /* several tables share the database: the key says which */
        *table = slot_name(slot);
    } else {
        for (slot = 1; slot < SC_DB__COUNT && !*table; slot++)
            if (cat->dbi[slot] == dbi)
                *table = slot_name(slot);
        slot--;
    }
    if (*table && slot <= SC_SYS_COUNT && k) {
        sc__key_describe(buf, size, &cat->keys[slot], k->mv_data, k->mv_size);
        return;
    }
    if (!k) {
        snprintf(buf, size, "(unreadable key)");
        return;
    }
    for (i = 0; i < k->mv_size && i < 64 && o + 5 < size; i++) {
        unsigned char ch = ((const unsigned char *)k->mv_data)[i];
        if (ch >= 0x20 && ch < 0x7f && ch != '\\')
            buf[o++] = (char)ch;
        else
            o += (size_t)snprintf(buf + o, size - o, "\\x%02x", ch);
    }
    if (i < k->mv_size && o + 4 < size)
        o += (size_t)snprintf(buf + o, size - o, "...");
    buf[o < size ? o : size - 1] = '\0';
}

/*
 * Find the mapping of env's data file that holds p in /proc/self/maps (LMDB
 * does not say where it mapped the file unless MDB_FIXEDMAP) and remember it
 * in cat. false when no mapping of the file holds p.
 */
static bool locate_map(sc_catalog *cat, MDB_env *env, const char *p)
{
    struct stat st;
    mdb_filehandle_t fd;
    unsigned long lo, hi, off, ino;
    char line[512];
    FILE *maps;
    bool found = false;

    if (mdb_env_get_fd(env, &fd) || fstat(fd, &st))
        return false;
    if (!(maps = fopen("/proc/self/maps", "r")))
        return false;
    while (!found && fgets(line, sizeof(line), maps)) {
        if (sscanf(line, "%lx-%lx %*s %lx %*s %lu", &lo, &hi, &off, &ino) != 4)
            continue;
        if (ino == (unsigned long)st.st_ino && off == 0 && (uintptr_t)p >= lo &&
            (uintptr_t)p < hi) {
            cat->map_lo = (const char *)(uintptr_t)lo;
            cat->map_hi = (const char *)(uintptr_t)hi;
            found = true;
        }
    }
    fclose(maps);
    return found;
}

/*
 * The bound of one transaction, kept per thread for the transaction that asked
 * last: a lookup makes a dozen checked reads in one txn, and mdb_env_info and
 * mdb_env_stat each read the meta pages. Valid for the same txn (pointer and
 * id): a read txn's snapshot and a write txn's map size do not change while it
 * lives, and a freed txn whose environment, address and id come back is a read
 * txn of the same snapshot, with the same bound. Write txns are not kept.
 */
typedef struct txn_bound {
    const MDB_env *env; /* the environment of mt */
    const MDB_txn *mt;  /* the txn it was computed for, NULL = none */
    size_t id;          /* its mdb_txn_id */
    size_t last_pgno;   /* me_last_pgno then */
    size_t mapsize;     /* me_mapsize then */
    size_t psize;       /* page size */
    bool writer;        /* a write txn (id beyond the last committed one) */
} txn_bound;

static _Thread_local txn_bound bound_cache;

static bool txn_bound_of(txn_bound *b, MDB_txn *mt)
{
    MDB_env *env = mdb_txn_env(mt);
    size_t id = mdb_txn_id(mt);
    MDB_envinfo info;
    MDB_stat st;

    if (bound_cache.mt == mt && bound_cache.id == id && bound_cache.env == env) {
        *b = bound_cache;
        return true;
    }
    if (mdb_env_info(env, &info) || mdb_env_stat(env, &st))
        return false;
    b->env = env;
    b->mt = mt;
    b->id = id;
    b->last_pgno = info.me_last_pgno;
    b->mapsize = info.me_mapsize;
    b->psize = st.ms_psize;
    b->writer = id > info.me_last_txnid;
    if (!b->writer)
        bound_cache = *b;
    return true;
}

/* Whether v lies inside the part of the map LMDB may legitimately return for mt. */
static bool
within_map(sc_catalog *cat, MDB_txn *mt, const MDB_val *v, size_t *off_out, size_t *used_out)
{
    MDB_env *env = mdb_txn_env(mt);
    txn_bound b;
    const char *p = v->mv_data;
    bool writer;
    size_t used, off;

    if (!cat || !txn_bound_of(&b, mt))
        return true; /* nothing to check against */
    writer = b.writer;
    /* In a read txn every pointer LMDB returns is in the map: a miss means the map
     * moved (or was never looked up). A write txn also returns its dirty pages. */
    if (!(p >= cat->map_lo && p < cat->map_hi) && (writer || !locate_map(cat, env, p)))
        return true;
    used = writer ? b.mapsize : (b.last_pgno + 1) * b.psize;
    if (used > (size_t)(cat->map_hi - cat->map_lo))
        used = (size_t)(cat->map_hi - cat->map_lo);
    off = (size_t)(p - cat->map_lo);
    *off_out = off;
    *used_out = used;
    return off <= used && v->mv_size <= used - off;
}

/* Check k (when LMDB returned it) and v of an entry of dbi; SC_CATALOG__MDB_OUTSIDE if bad. */
static int
check_entry_bounds(MDB_txn *mt, MDB_dbi dbi, const MDB_val *k, const MDB_val *v, bool key_from_map)
{
    sc_catalog *cat = mdb_env_get_userctx(mdb_txn_env(mt));
    const char *table = NULL, *what = "value";
    const MDB_val *bad = NULL;
    size_t off = 0, used = 0;
    char kd[256];

    if (key_from_map && !within_map(cat, mt, k, &off, &used)) {
        bad = k;
        what = "key";
    } else if (v && !within_map(cat, mt, v, &off, &used)) {
        bad = v;
    }
    if (!bad)
        return MDB_SUCCESS;
    if (!cat)
        return MDB_CORRUPTED;
    describe_key(kd, sizeof(kd), cat, dbi, bad == k ? NULL : k, &table);
    if (table)
        sc_error_set(cat->ctx, SC_ECORRUPT, 0, NULL,
                     "%s: the %s of the entry %s (%zu bytes at map offset %zu) runs past the "
                     "used part of the map (%zu bytes): damaged LMDB node",
                     table, what, kd, bad->mv_size, off, used);
    else
        sc_error_set(cat->ctx, SC_ECORRUPT, 0, NULL,
                     "LMDB database #%u: the %s of the entry %s (%zu bytes at map offset %zu) "
                     "runs past the used part of the map (%zu bytes): damaged LMDB node",
                     (unsigned)dbi, what, kd, bad->mv_size, off, used);
    return SC_CATALOG__MDB_OUTSIDE;
}

int sc_catalog__mdb_get(MDB_txn *mt, MDB_dbi dbi, MDB_val *k, MDB_val *v)
{
    int rc = mdb_get(mt, dbi, k, v);

    return rc ? rc : check_entry_bounds(mt, dbi, k, v, false);
}

int sc_catalog__cursor_get(MDB_cursor *c, MDB_val *k, MDB_val *v, MDB_cursor_op op)
{
    int rc = mdb_cursor_get(c, k, v, op);

    if (rc)
        return rc;
    return check_entry_bounds(mdb_cursor_txn(c), mdb_cursor_dbi(c), k, v, true);
}

void sc__map_bounds(sc_map_bounds *out, MDB_txn *mt)
{
    sc_catalog *cat = mdb_env_get_userctx(mdb_txn_env(mt));
    txn_bound b;
    size_t used;

    memset(out, 0, sizeof(*out));
    out->mt = mt;
    if (!cat || !cat->map_lo || !txn_bound_of(&b, mt))
        return; /* no span: every entry takes check_entry_bounds */
    used = b.writer ? b.mapsize : (b.last_pgno + 1) * b.psize;
    if (used > (size_t)(cat->map_hi - cat->map_lo))
        used = (size_t)(cat->map_hi - cat->map_lo);
    out->lo = cat->map_lo;
    out->used = used;
}

/* Whether v lies in the used part of the map as b saw it (false: ask check_entry_bounds). */
static bool fast_within(const sc_map_bounds *b, const MDB_val *v)
{
    const char *p = v->mv_data;

    return p >= b->lo && (size_t)(p - b->lo) < b->used &&
           v->mv_size <= b->used - (size_t)(p - b->lo);
}

int sc__cursor_get_bounded(
    MDB_cursor *c, MDB_val *k, MDB_val *v, MDB_cursor_op op, const sc_map_bounds *b)
{
    int rc = mdb_cursor_get(c, k, v, op);

    if (rc || (b->lo && fast_within(b, k) && fast_within(b, v)))
        return rc;
    return check_entry_bounds(b->mt, mdb_cursor_dbi(c), k, v, true);
}

int sc__cursor_rows_get(MDB_cursor *c,
                        MDB_val *k,
                        MDB_val *v,
                        const sc_catalog *cat,
                        unsigned st,
                        uint64_t id,
                        MDB_cursor_op op)
{
    uint8_t prefix[9];
    size_t plen = 8;
    int rc;

    sc__put_u64be(prefix, id);
    if (cat->keys[st].kind)
        prefix[plen++] = cat->keys[st].kind;
    if (op == MDB_SET_RANGE) {
        k->mv_size = plen;
        k->mv_data = prefix;
    }
    rc = sc_catalog__cursor_get(c, k, v, op);
    if (rc == 0 && (k->mv_size < plen || memcmp(k->mv_data, prefix, plen) != 0))
        return MDB_NOTFOUND;
    return rc;
}

/* ------------------------------------------------------------------ */
/* Fast decoding                                                        */

static bool get_varint(const uint8_t **p, const uint8_t *end, uint64_t *out)
{
    uint64_t v = 0;
    unsigned shift;

    for (shift = 0; shift < 64 && *p < end; shift += 7) {
        uint8_t b = *(*p)++;
        v |= (uint64_t)(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            *out = v;
            return true;
        }
    }
    return false;
}

/* Store one field; false when the shape is one the fast path leaves to protobuf-c. */
static bool fast_field(uint8_t *msg,
                       const ProtobufCFieldDescriptor *f,
                       unsigned wire,
                       const uint8_t **p,
                       const uint8_t *end,
                       uint8_t **pool)
{
    uint8_t *m = msg + f->offset;
    uint64_t v, len;
    uint8_t *copy;

    if (f->label == PROTOBUF_C_LABEL_REPEATED || f->quantifier_offset)
        return false;
    if (wire == 0) {
        if (!get_varint(p, end, &v))
            return false;
        switch (f->type) {
        case PROTOBUF_C_TYPE_UINT64:
            *(uint64_t *)(void *)m = v;
            return true;
        case PROTOBUF_C_TYPE_UINT32:
        case PROTOBUF_C_TYPE_INT32:
        case PROTOBUF_C_TYPE_ENUM:
            *(uint32_t *)(void *)m = (uint32_t)v;
            return true;
        case PROTOBUF_C_TYPE_BOOL:
            *(protobuf_c_boolean *)(void *)m = v != 0;
            return true;
        default:
            return false;
        }
    }
    if (wire != 2 || !get_varint(p, end, &len) || len > (uint64_t)(end - *p))
        return false;
    if (f->type != PROTOBUF_C_TYPE_STRING && f->type != PROTOBUF_C_TYPE_BYTES)
        return false;
    copy = *pool; /* room: see fast_unpack */
    *pool += len + 1;
    memcpy(copy, *p, (size_t)len);
    copy[len] = 0;
    *p += len;
    if (f->type == PROTOBUF_C_TYPE_STRING) {
        *(char **)(void *)m = (char *)copy;
    } else {
        ((ProtobufCBinaryData *)(void *)m)->data = len ? copy : NULL;
        ((ProtobufCBinaryData *)(void *)m)->len = (size_t)len;
    }
    return true;
}

/*
 * Decode rows made only of known varint and length-delimited scalar fields
 * (what this version writes) straight into the arena, about 3x faster than
 * protobuf_c_message_unpack. Anything else (unknown fields from a newer
 * minor format, other wire types, malformed input) returns NULL and the
 * caller uses protobuf-c, so results are identical either way.
 */
static ProtobufCMessage *
fast_unpack(const ProtobufCMessageDescriptor *d, sc_arena *a, const uint8_t *data, size_t len)
{
    const uint8_t *p = data, *end = data + len;
    const ProtobufCFieldDescriptor *f;
    /* The message and, after it, every string and bytes value with its NUL: a
       value of n bytes took at least n + 2 bytes of input (tag, length, bytes)
       and takes n + 1 here, so len bytes hold them all. One allocation a row. */
    uint8_t *msg = sc__arena_alloc(a, d->sizeof_message + len + 1), *pool;
    uint64_t tag;

    if (!msg)
        return NULL;
    pool = msg + d->sizeof_message;
    protobuf_c_message_init(d, msg);
    while (p < end) {
        if (!get_varint(&p, end, &tag) || (tag >> 3) == 0 || (tag >> 3) > d->n_fields)
            return NULL;
        f = &d->fields[(tag >> 3) - 1];
        if (f->id != (tag >> 3) || !fast_field(msg, f, (unsigned)(tag & 7), &p, end, &pool))
            return NULL;
    }
    return (ProtobufCMessage *)(void *)msg;
}

/* Skip one field's value of wire type wire; false when malformed or of a group type. */
static bool skip_value(const uint8_t **p, const uint8_t *end, unsigned wire)
{
    uint64_t v;

    switch (wire) {
    case 0:
        return get_varint(p, end, &v);
    case 1:
    case 5:
        v = wire == 1 ? 8 : 4;
        break;
    case 2:
        if (!get_varint(p, end, &v))
            return false;
        break;
    default:
        return false;
    }
    if (v > (uint64_t)(end - *p))
        return false;
    *p += v;
    return true;
}

bool sc__table_row_is(const uint8_t *data, size_t len, uint64_t schema_id, const char *name)
{
    const uint8_t *p = data, *end = data + len;
    const ProtobufCFieldDescriptor *fs = protobuf_c_message_descriptor_get_field_by_name(
        &syscat__catalog__table_row__descriptor, "schema_id");
    const ProtobufCFieldDescriptor *fn = protobuf_c_message_descriptor_get_field_by_name(
        &syscat__catalog__table_row__descriptor, "name");
    uint64_t tag, v, sid = 0;
    const uint8_t *nm = (const uint8_t *)"";
    size_t nlen = 0;

    while (p < end) {
        if (!get_varint(&p, end, &tag))
            return false;
        if ((tag >> 3) == fs->id && (tag & 7) == 0) {
            if (!get_varint(&p, end, &sid))
                return false;
        } else if ((tag >> 3) == fn->id && (tag & 7) == 2) {
            if (!get_varint(&p, end, &v) || v > (uint64_t)(end - p))
                return false;
            nm = p;
            nlen = (size_t)v;
            p += v;
        } else if (!skip_value(&p, end, (unsigned)(tag & 7))) {
            return false;
        }
    }
    return sid == schema_id && nlen == strlen(name) && memcmp(nm, name, nlen) == 0;
}

int sc__row_unpack(
    ProtobufCMessage **out, sc_arena *a, unsigned st, const uint8_t *data, size_t len)
{
    const sc_systable *s = sc_catalog__systable(st);
    ProtobufCAllocator pa = sc__arena_pb(a);
    ProtobufCMessage *m;

    a->failed = false;
    m = fast_unpack(s->desc, a, data, len);
    if (!m && !a->failed)
        m = protobuf_c_message_unpack(s->desc, &pa, len, data);
    *out = m;
    if (m)
        return SC_OK;
    if (a->failed)
        return SC_ENOMEM;
    return sc_error_set(a->ctx, SC_ECORRUPT, 0, NULL, "syscat.%s: undecodable row (%zu bytes)",
                        s->name, len);
}

void sc__row_release(ProtobufCMessage *msg, sc_arena *a)
{
    ProtobufCAllocator pa = sc__arena_pb(a);

    if (msg)
        protobuf_c_message_free_unpacked(msg, &pa);
}

int sc__row_get(
    ProtobufCMessage **out, sc_txn *txn, sc_arena *a, unsigned st, const uint8_t *key, size_t klen)
{
    MDB_val k = {klen, (void *)(uintptr_t)key}, v;
    int rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[st], &k, &v);

    *out = NULL;
    if (rc == MDB_NOTFOUND)
        return SC_ENOTFOUND;
    if (rc)
        return sc__mdb_fail(txn, rc, "reading a row");
    return sc__row_unpack(out, a, st, v.mv_data, v.mv_size);
}

/* ------------------------------------------------------------------ */
/* Secondary indexes                                                    */

int sc__name_index_get(
    uint64_t *out, sc_txn *txn, unsigned slot, const char *what, const char *name)
{
    MDB_val k = {txn->key.len, txn->key.data}, v;
    int rc;

    if (txn->key.len > SC_KEY_MAX_LEN)
        return SC_ENOTFOUND; /* too long to be a key: no such name */
    rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[slot], &k, &v);
    if (rc == MDB_NOTFOUND)
        return SC_ENOTFOUND;
    if (rc) {
        char doing[64];
        snprintf(doing, sizeof(doing), "reading %s", what);
        return sc__mdb_fail(txn, rc, doing);
    }
    if (v.mv_size != 8)
        return sc_error_set(txn->cat->ctx, SC_ECORRUPT, 0, NULL, "%s: bad entry for '%s'", what,
                            name);
    *out = sc__get_u64be(v.mv_data);
    return SC_OK;
}

int sc__index_key(sc_buf *b, unsigned *slot_out, unsigned st, const ProtobufCMessage *msg)
{
    const Syscat__Catalog__SchemaRow *s;
    const Syscat__Catalog__TableRow *t;
    const Syscat__Catalog__ForeignKeyRow *f;
    int rc;

    sc__buf_reset(b);
    switch (st) {
    case SC_SYS_SCHEMATA:
        s = (const void *)msg;
        *slot_out = SC_DB_SCHEMA_NAME;
        return sc__key_put_str(b, (const uint8_t *)s->name, strlen(s->name));
    case SC_SYS_TABLES:
        t = (const void *)msg;
        *slot_out = SC_DB_TABLE_NAME;
        rc = sc__key_put_u64(b, t->schema_id);
        return rc ? rc : sc__key_put_str(b, (const uint8_t *)t->name, strlen(t->name));
    case SC_SYS_FOREIGN_KEYS:
        f = (const void *)msg;
        *slot_out = SC_DB_FK_PARENT;
        rc = sc__key_put_str(b, (const uint8_t *)f->parent_schema, strlen(f->parent_schema));
        if (!rc)
            rc = sc__key_put_str(b, (const uint8_t *)f->parent_table, strlen(f->parent_table));
        if (!rc)
            rc = sc__key_put_u64(b, f->table_id);
        return rc ? rc : sc__key_put_u64(b, f->ordinal);
    default:
        *slot_out = 0;
        return SC_OK;
    }
}

/* The value stored with an index entry: the row's id (empty for FKs). */
static size_t index_value(uint8_t out[8], unsigned st, const ProtobufCMessage *msg)
{
    if (st == SC_SYS_SCHEMATA) {
        sc__put_u64be(out, ((const Syscat__Catalog__SchemaRow *)(const void *)msg)->id);
        return 8;
    }
    if (st == SC_SYS_TABLES) {
        sc__put_u64be(out, ((const Syscat__Catalog__TableRow *)(const void *)msg)->id);
        return 8;
    }
    return 0;
}

static bool has_index(unsigned st)
{
    return st == SC_SYS_SCHEMATA || st == SC_SYS_TABLES || st == SC_SYS_FOREIGN_KEYS;
}

/* The planned index change of one row write. */
typedef struct index_plan {
    unsigned slot; /* db slot, 0 = this table has no index */
    bool del_old, put_new;
    uint8_t val[8]; /* value of the new entry */
    size_t val_len;
} index_plan;

/* Compute old/new index keys (txn->key2 = old, txn->key = new) and check the new one is free. */
static int plan_index(
    index_plan *p, sc_txn *txn, unsigned st, const MDB_val *old, const ProtobufCMessage *newmsg)
{
    sc_ctx *ctx = txn->cat->ctx;
    ProtobufCMessage *oldmsg = NULL;
    MDB_val k, v;
    int rc;

    memset(p, 0, sizeof(*p));
    sc__buf_reset(&txn->key2);
    sc__buf_reset(&txn->key);
    if (old) {
        rc = sc__row_unpack(&oldmsg, &txn->scratch, st, old->mv_data, old->mv_size);
        if (rc)
            return rc;
        rc = sc__index_key(&txn->key2, &p->slot, st, oldmsg);
        sc__row_release(oldmsg, &txn->scratch);
        if (rc)
            return rc;
        p->del_old = true;
    }
    if (newmsg) {
        rc = sc__index_key(&txn->key, &p->slot, st, newmsg);
        if (rc)
            return rc;
        p->val_len = index_value(p->val, st, newmsg);
        p->put_new = true;
    }
    if (p->del_old && p->put_new && txn->key.len == txn->key2.len &&
        memcmp(txn->key.data, txn->key2.data, txn->key.len) == 0) {
        p->del_old = p->put_new = false; /* unchanged entry */
        return SC_OK;
    }
    if (!p->put_new)
        return SC_OK;
    k.mv_size = txn->key.len;
    k.mv_data = txn->key.data;
    rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[p->slot], &k, &v);
    if (rc == MDB_NOTFOUND)
        return SC_OK;
    if (rc)
        return sc__mdb_fail(txn, rc, "reading a name index");
    if (v.mv_size == p->val_len && memcmp(v.mv_data, p->val, p->val_len) == 0)
        return SC_OK;
    return sc_error_set(ctx, SC_EEXISTS, 0, NULL, "syscat.%s: name already taken by another row",
                        sc__st_name(st));
}

static int apply_index(sc_txn *txn, const index_plan *p)
{
    MDB_dbi dbi = txn->cat->dbi[p->slot];
    MDB_val k, v;
    int rc;

    if (p->del_old) {
        k.mv_size = txn->key2.len;
        k.mv_data = txn->key2.data;
        rc = mdb_del(txn->mdb, dbi, &k, NULL);
        if (rc && rc != MDB_NOTFOUND) /* a missing entry is fsck's business */
            return sc__mdb_fail(txn, rc, "updating a name index");
    }
    if (p->put_new) {
        k.mv_size = txn->key.len;
        k.mv_data = txn->key.data;
        v.mv_size = p->val_len;
        v.mv_data = (void *)(uintptr_t)p->val;
        rc = mdb_put(txn->mdb, dbi, &k, &v, 0);
        if (rc)
            return sc__mdb_fail(txn, rc, "updating a name index");
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* The write path                                                       */

static uint8_t *put_varint(uint8_t *p, uint64_t v)
{
    for (; v >= 0x80; v >>= 7)
        *p++ = (uint8_t)(v | 0x80);
    *p++ = (uint8_t)v;
    return p;
}

/*
 * The value of field f of m when it is packed, as protobuf-c packs a proto3
 * singular field: a zero number, false, an empty or NULL string and empty
 * bytes are left out (false). Numbers in *num, strings and bytes in *data
 * and *len; false with *ok false for a field of another kind.
 */
static bool field_value(const ProtobufCMessage *m,
                        const ProtobufCFieldDescriptor *f,
                        uint64_t *num,
                        const uint8_t **data,
                        size_t *len,
                        bool *ok)
{
    const uint8_t *mem = (const uint8_t *)m + f->offset;
    const char *s;

    *ok = f->label == PROTOBUF_C_LABEL_NONE && !f->quantifier_offset &&
          !(f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF);
    *data = NULL;
    *len = 0;
    *num = 0;
    if (!*ok)
        return false;
    switch (f->type) {
    case PROTOBUF_C_TYPE_UINT64:
        *num = *(const uint64_t *)(const void *)mem;
        return *num != 0;
    case PROTOBUF_C_TYPE_UINT32:
        *num = *(const uint32_t *)(const void *)mem;
        return *num != 0;
    case PROTOBUF_C_TYPE_BOOL:
        *num = *(const protobuf_c_boolean *)(const void *)mem != 0;
        return *num != 0;
    case PROTOBUF_C_TYPE_STRING:
        s = *(const char *const *)(const void *)mem;
        if (!s || !*s)
            return false;
        *data = (const uint8_t *)s;
        *len = strlen(s);
        return true;
    case PROTOBUF_C_TYPE_BYTES:
        *data = ((const ProtobufCBinaryData *)(const void *)mem)->data;
        *len = ((const ProtobufCBinaryData *)(const void *)mem)->len;
        return *len != 0;
    default:
        *ok = false;
        return false;
    }
}

/*
 * Pack msg into b (reset first), byte for byte what protobuf_c_message_pack
 * writes for the messages of syscat.proto (proto3 singular numbers, bools,
 * strings, bytes, in descriptor order, defaults left out), in one pass where
 * protobuf-c makes a size pass and a pack pass with generic per-type code (a
 * row write packs every row it writes). *fast false, and b empty, for a
 * message it does not know how to pack (unknown fields kept from a newer
 * format, another field kind): the caller uses protobuf-c.
 */
static int fast_pack(sc_buf *b, bool *fast, const ProtobufCMessage *msg)
{
    const ProtobufCMessageDescriptor *d = msg->descriptor;
    const uint8_t *data;
    uint8_t *p;
    uint64_t num, tag;
    size_t len;
    unsigned i;
    bool ok;

    sc__buf_reset(b);
    *fast = msg->n_unknown_fields == 0;
    for (i = 0; *fast && i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        bool present = field_value(msg, f, &num, &data, &len, &ok);

        if (!ok) {
            *fast = false;
            sc__buf_reset(b);
            break;
        }
        if (!present)
            continue;
        /* tag and length varints take at most 10 bytes each */
        if (len + 20 >= b->cap - b->len && !sc__buf_reserve(b, len + 20))
            return SC_ENOMEM;
        p = b->data + b->len;
        tag = (uint64_t)f->id << 3;
        if (!data) {
            p = put_varint(put_varint(p, tag), num); /* a number: wire type 0 */
        } else {
            p = put_varint(put_varint(p, tag | 2), len);
            memcpy(p, data, len);
            p += len;
        }
        b->len = (size_t)(p - b->data);
    }
    return b->data || sc__buf_reserve(b, 0) ? SC_OK : SC_ENOMEM; /* an all-default row */
}

static int pack_row(sc_txn *txn, const ProtobufCMessage *msg, MDB_val *out)
{
    size_t n;
    bool fast;
    int rc = fast_pack(&txn->pack, &fast, msg);

    if (rc)
        return rc;
    if (!fast) {
        n = protobuf_c_message_get_packed_size(msg);
        if (!sc__buf_reserve(&txn->pack, n))
            return SC_ENOMEM;
        txn->pack.len = protobuf_c_message_pack(msg, txn->pack.data);
    }
    out->mv_size = txn->pack.len;
    out->mv_data = txn->pack.data;
#ifdef SC_DEBUG
    if (fast) { /* every debug run of the suites compares the two packers */
        n = protobuf_c_message_get_packed_size(msg);
        uint8_t *check = malloc(n ? n : 1);

        assert(check && n == out->mv_size && protobuf_c_message_pack(msg, check) == n &&
               memcmp(check, out->mv_data, n) == 0);
        free(check);
    }
#endif
    return SC_OK;
}

static int main_write(sc_txn *txn, unsigned st, MDB_val *k, MDB_val *v, sc_write_mode mode)
{
    MDB_dbi dbi = txn->cat->dbi[st];
    int rc;

    if (mode == SC_W_DELETE)
        rc = mdb_del(txn->mdb, dbi, k, NULL);
    else
        rc = mdb_put(txn->mdb, dbi, k, v, mode == SC_W_INSERT ? MDB_NOOVERWRITE : 0);
    if (rc == MDB_KEYEXIST)
        return sc_error_set(txn->cat->ctx, SC_EEXISTS, 0, NULL, "syscat.%s: duplicate key",
                            sc__st_name(st));
    if (rc)
        return sc__mdb_fail(txn, rc, sc__st_name(st));
    return SC_OK;
}

#define WRITE_KEY_MAX 512

/*
 * The key of the row msg of system table st, for a write: encoded into kbuf
 * (WRITE_KEY_MAX bytes; txn->key is reused by what the write does next) and *k. An
 * interrupted statement stops at its next write; the request stays until the
 * commit spends it, so nothing of the statement is committed.
 */
static int
write_key(sc_txn *txn, unsigned st, const ProtobufCMessage *msg, uint8_t *kbuf, MDB_val *k)
{
    sc_ctx *ctx = txn->cat->ctx;
    int rc;

    if (txn->cat->interrupt)
        return sc_error_set_er(ctx, SC_ERROR, SC_ER_QUERY_INTERRUPTED);
    sc__buf_reset(&txn->key);
    rc = sc__key_encode(&txn->key, &txn->cat->keys[st], msg);
    if (rc)
        return rc;
    if (txn->key.len > WRITE_KEY_MAX)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "syscat.%s: key too long (%zu bytes)",
                            sc__st_name(st), txn->key.len);
    memcpy(kbuf, txn->key.data, txn->key.len);
    k->mv_size = txn->key.len;
    k->mv_data = kbuf;
    return SC_OK;
}

static int
row_write(sc_txn *txn, unsigned st, const ProtobufCMessage *msg, sc_write_mode mode, bool cascade)
{
    sc_ctx *ctx = txn->cat->ctx;
    uint8_t kbuf[WRITE_KEY_MAX];
    MDB_val k, old = {0, NULL}, nv = {0, NULL};
    sc_slice before = {NULL, 0}, after = {NULL, 0};
    bool exists = false;
    index_plan plan = {0};
    int rc;

    if ((rc = write_key(txn, st, msg, kbuf, &k)))
        return rc;
    if (mode != SC_W_INSERT) {
        rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[st], &k, &old);
        if (rc && rc != MDB_NOTFOUND)
            return sc__mdb_fail(txn, rc, sc__st_name(st));
        exists = rc == MDB_SUCCESS;
        if (mode == SC_W_DELETE && !exists)
            return sc_error_set(ctx, SC_ENOTFOUND, 0, NULL, "syscat.%s: no such row",
                                sc__st_name(st));
    }
    if (mode != SC_W_DELETE && (rc = pack_row(txn, msg, &nv)))
        return rc;
    if (has_index(st)) {
        rc = plan_index(&plan, txn, st, exists ? &old : NULL, mode == SC_W_DELETE ? NULL : msg);
        if (rc)
            return rc;
    }
    if (txn->record) {
        before.data = old.mv_data;
        before.len = exists ? old.mv_size : 0;
        after.data = nv.mv_data;
        after.len = nv.mv_size;
        if ((rc = sc__txn_record(txn, st, before, after, cascade)))
            return rc;
    }
    txn->writes++;
    sc__txn_touch(txn, st, kbuf, k.mv_size);
    rc = main_write(txn, st, &k, &nv, mode);
    if (!rc && plan.slot)
        rc = apply_index(txn, &plan);
    return rc;
}

int sc__row_write(
    sc_txn *txn, unsigned st, const ProtobufCMessage *msg, sc_write_mode mode, bool cascade)
{
    size_t n_changes = txn->n_changes;
    int rc = row_write(txn, st, msg, mode, cascade);

    sc__arena_reset(&txn->scratch);
    /* The failed change is not part of the txn; LMDB failures already poisoned it. */
    if (rc)
        txn->n_changes = n_changes;
    return rc;
}

/* ------------------------------------------------------------------ */
/* Raw row access                                                       */

static int raw_write(sc_txn *txn, unsigned systable, sc_slice packed, sc_write_mode mode)
{
    sc_ctx *ctx = txn->cat->ctx;
    ProtobufCMessage *msg = NULL;
    sc_arena a;
    uint64_t mark = txn->writes;
    int rc;

    if (!sc_catalog__systable(systable))
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "no system table %u", systable);
    rc = sc__txn_writable(txn);
    if (rc)
        return rc;
    sc__arena_init(&a, ctx, 1024);
    rc = sc__row_unpack(&msg, &a, systable, packed.data, packed.len);
    if (!rc)
        rc = sc__row_write(txn, systable, msg, mode, false);
    sc__row_release(msg, &a);
    sc__arena_free(&a);
    return sc__txn_settle(txn, mark, rc);
}

int sc_catalog__row_put(sc_txn *txn, unsigned systable, sc_slice packed)
{
    return raw_write(txn, systable, packed, SC_W_PUT);
}

int sc_catalog__row_delete(sc_txn *txn, unsigned systable, sc_slice packed)
{
    return raw_write(txn, systable, packed, SC_W_DELETE);
}

/*
 * In sys.table_rows, move c from an entry of another kind to the next entry of
 * kind st: a seek to (this table, st) or (next table, st), so a walk of one
 * kind costs a seek per table rather than a step per row of every kind.
 */
static int skip_to_kind(MDB_cursor *c, MDB_val *k, MDB_val *v, unsigned st)
{
    uint8_t key[9];
    uint64_t id;
    int rc;

    do {
        if (k->mv_size < 9) { /* not a clustered key (fsck reports it): step over it */
            rc = sc_catalog__cursor_get(c, k, v, MDB_NEXT);
            continue;
        }
        id = sc__get_u64be(k->mv_data);
        if (((const uint8_t *)k->mv_data)[8] > st) {
            if (id == UINT64_MAX)
                return MDB_NOTFOUND;
            id++;
        }
        sc__put_u64be(key, id);
        key[8] = (uint8_t)st;
        *k = (MDB_val){9, key};
        rc = sc_catalog__cursor_get(c, k, v, MDB_SET_RANGE);
    } while (rc == 0 && sc__layout_kind(k) != st);
    return rc;
}

int sc_catalog__row_foreach(sc_txn *txn,
                            unsigned systable,
                            int (*cb)(sc_slice packed, void *payload),
                            void *payload)
{
    MDB_cursor *c = NULL;
    MDB_val k, v;
    sc_slice s;
    int rc, mrc;

    if (!sc_catalog__systable(systable))
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL, "no system table %u", systable);
    /* A private cursor: cb may call back into the catalog. */
    mrc = mdb_cursor_open(txn->mdb, txn->cat->dbi[systable], &c);
    if (mrc)
        return sc__mdb_fail(txn, mrc, "opening a cursor");
    rc = SC_OK;
    for (mrc = sc_catalog__cursor_get(c, &k, &v, MDB_FIRST); mrc == 0 && rc == SC_OK;
         mrc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        if (txn->cat->keys[systable].kind && sc__layout_kind(&k) != systable &&
            (mrc = skip_to_kind(c, &k, &v, systable)))
            break;
        s.data = v.mv_data;
        s.len = v.mv_size;
        rc = cb(s, payload); /* any non-zero value stops the walk and is returned */
    }
    if (!rc && mrc && mrc != MDB_NOTFOUND)
        rc = sc__mdb_fail(txn, mrc, "walking a system table");
    mdb_cursor_close(c);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Id counters                                                          */

int sc__sequence_next(uint64_t *out, sc_txn *txn, const char *name)
{
    Syscat__Catalog__SequenceRow *row = NULL;
    sc_buf *k = &txn->key;
    uint8_t kbuf[64];
    size_t klen;
    int rc;

    sc__buf_reset(k);
    rc = sc__key_put_str(k, (const uint8_t *)name, strlen(name));
    if (rc)
        return rc;
    klen = k->len < sizeof(kbuf) ? k->len : sizeof(kbuf);
    memcpy(kbuf, k->data, klen);
    rc = sc__row_get((ProtobufCMessage **)&row, txn, &txn->scratch, SC_SYS_SEQUENCES, kbuf, klen);
    if (rc == SC_ENOTFOUND)
        return sc_error_set(txn->cat->ctx, SC_ECORRUPT, 0, NULL,
                            "syscat.sequences: counter '%s' is missing", name);
    if (rc)
        return rc;
    if (row->next_value > SC_ID_MAX) {
        sc__row_release(&row->base, &txn->scratch);
        return sc_error_set(txn->cat->ctx, SC_EFULL, 0, NULL, "id space of '%s' exhausted", name);
    }
    *out = row->next_value;
    row->next_value++;
    rc = sc__row_write(txn, SC_SYS_SEQUENCES, &row->base, SC_W_PUT, false);
    /* row lives in the scratch arena, reset by sc__row_write: nothing else to free. */
    return rc;
}

/* ------------------------------------------------------------------ */
/* Hooks of the replica applier (catalog_int.h)                         */

int sc_catalog__row_get(
    uint8_t **out, size_t *out_len, sc_txn *txn, unsigned systable, sc_slice packed)
{
    sc_ctx *ctx = txn->cat->ctx;
    ProtobufCMessage *msg = NULL;
    sc_buf key;
    MDB_val k, v;
    sc_arena a;
    int rc;

    *out = NULL;
    *out_len = 0;
    if (!sc_catalog__systable(systable))
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "no system table %u", systable);
    sc__buf_init(&key, ctx);
    sc__arena_init(&a, ctx, 1024);
    rc = sc__row_unpack(&msg, &a, systable, packed.data, packed.len);
    if (!rc)
        rc = sc__key_encode(&key, &txn->cat->keys[systable], msg);
    if (!rc) {
        k.mv_size = key.len;
        k.mv_data = key.data;
        rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[systable], &k, &v);
        if (rc == MDB_NOTFOUND)
            rc = SC_ENOTFOUND; /* no message: the caller decides what a missing row means */
        else if (rc)
            rc = sc__mdb_fail(txn, rc, "reading a row");
        else if (!(*out = sc__malloc(ctx, v.mv_size ? v.mv_size : 1)))
            rc = SC_ENOMEM;
        else {
            memcpy(*out, v.mv_data, v.mv_size);
            *out_len = v.mv_size;
        }
    }
    sc__row_release(msg, &a);
    sc__arena_free(&a);
    sc__buf_free(&key);
    return rc;
}

/* Pack m into a fresh buffer (sc_free) for the raw row calls. */
static int pack_msg(sc_slice *out, uint8_t **buf, sc_ctx *ctx, const ProtobufCMessage *m)
{
    size_t n = protobuf_c_message_get_packed_size(m);

    if (!(*buf = sc__malloc(ctx, n ? n : 1)))
        return SC_ENOMEM;
    *out = (sc_slice){*buf, protobuf_c_message_pack(m, *buf)};
    return SC_OK;
}

static int msg_write(sc_txn *txn, unsigned systable, const ProtobufCMessage *m, sc_write_mode mode)
{
    uint8_t *buf = NULL;
    sc_slice packed;
    int rc = pack_msg(&packed, &buf, txn->cat->ctx, m);

    if (rc == SC_OK)
        rc = raw_write(txn, systable, packed, mode);
    sc_free(txn->cat->ctx, buf);
    return rc;
}

int sc_catalog__msg_put(sc_txn *txn, unsigned systable, const ProtobufCMessage *m)
{
    return msg_write(txn, systable, m, SC_W_PUT);
}

int sc_catalog__msg_delete(sc_txn *txn, unsigned systable, const ProtobufCMessage *m)
{
    return msg_write(txn, systable, m, SC_W_DELETE);
}

int sc_catalog__msg_get(ProtobufCMessage **out,
                        sc_txn *txn,
                        unsigned systable,
                        const ProtobufCMessage *key)
{
    sc_ctx *ctx = txn->cat->ctx;
    uint8_t *kbuf = NULL, *row = NULL;
    size_t len = 0;
    sc_slice k;
    int rc = pack_msg(&k, &kbuf, ctx, key);

    *out = NULL;
    if (rc == SC_OK)
        rc = sc_catalog__row_get(&row, &len, txn, systable, k);
    if (rc == SC_OK && !(*out = protobuf_c_message_unpack(key->descriptor, NULL, len, row)))
        rc = sc_error_set(ctx, SC_ECORRUPT, 0, NULL, "syscat.%s: undecodable row",
                          sc_catalog__systable(systable)->name);
    sc_free(ctx, row);
    sc_free(ctx, kbuf);
    return rc;
}

int sc_catalog__next_id(uint64_t *out, sc_txn *txn, const char *counter)
{
    int rc = sc__txn_writable(txn);

    return rc ? rc : sc__sequence_next(out, txn, counter);
}

/* ------------------------------------------------------------------ */
/* Replace a row that must exist (the replica applier)                 */

/* row_write's SC_W_PUT of a row whose old version must be there: no write
 * at all (and no change record) when it is not. */
static int row_replace(sc_txn *txn, unsigned st, const ProtobufCMessage *msg)
{
    sc_ctx *ctx = txn->cat->ctx;
    uint8_t kbuf[WRITE_KEY_MAX];
    MDB_val k, old = {0, NULL}, nv = {0, NULL};
    index_plan plan = {0};
    int rc;

    if ((rc = write_key(txn, st, msg, kbuf, &k)))
        return rc;
    rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[st], &k, &old);
    if (rc == MDB_NOTFOUND)
        return sc_error_set(ctx, SC_ENOTFOUND, 0, NULL, "syscat.%s: no such row", sc__st_name(st));
    if (rc)
        return sc__mdb_fail(txn, rc, sc__st_name(st));
    if ((rc = pack_row(txn, msg, &nv)))
        return rc;
    if (has_index(st) && (rc = plan_index(&plan, txn, st, &old, msg)))
        return rc;
    if (txn->record && (rc = sc__txn_record(txn, st, (sc_slice){old.mv_data, old.mv_size},
                                            (sc_slice){nv.mv_data, nv.mv_size}, false)))
        return rc;
    txn->writes++;
    sc__txn_touch(txn, st, kbuf, k.mv_size);
    rc = main_write(txn, st, &k, &nv, SC_W_PUT);
    if (!rc && plan.slot)
        rc = apply_index(txn, &plan);
    return rc;
}

int sc__row_replace(sc_txn *txn, unsigned st, const ProtobufCMessage *msg)
{
    size_t n_changes = txn->n_changes;
    int rc = row_replace(txn, st, msg);

    sc__arena_reset(&txn->scratch);
    if (rc)
        txn->n_changes = n_changes;
    return rc;
}
