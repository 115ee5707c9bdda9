/*
 * replica_rows.c - one rows event of a source transaction (replica.h):
 *
 *  1. rows of `syscat` tables only; data rows of user tables (sc_log_rows on
 *     the source) are re-logged here with the local table id;
 *  2. skipped: the source's bookkeeping (sequences: we allocate our own ids;
 *     sources, tid_map, replica_state: the source's own replication) and the
 *     system tables' self-description (ids below SC_FIRST_USER_ID), which
 *     every catalog has from its own bootstrap;
 *  3. ids translated through syscat.tid_map: schemata.id, tables.id and
 *     tables.schema_id, and the table_id of every dependent row; a new source
 *     schema or table gets a fresh local id and a mapping; a deleted one has
 *     its mapping dropped at commit (a re-create gets a new source id, so a
 *     stale mapping is never resurrected);
 *  4. database names rewritten (schemata.name, foreign_keys.parent_schema)
 *     by the source's rules; a clash stops the source or, with the rewrite
 *     policy, adds the rule PREFIX+name;
 *  5. the target row is found from any before image (FULL, MINIMAL, NOBLOB:
 *     the key columns by position) and a partial after image is merged into
 *     it. A missing row: 1032 (strict) or skipped and counted (idempotent).
 */
#include <stdio.h>
#include <string.h>

#include "catalog/rowmsg.h"
#include "replicate/bytes.h"
#include "replicate/log.h"
#include "replicate/replica.h"

/* ------------------------------------------------------------------ */
/* One image being translated                                           */

/* An image of the decoded event, translated in place (the event is applied
 * once): no copy of its values per row. */
typedef struct image {
    sc_binlog_value *v; /* ncols values, in the decoded event's array */
    const bool *absent; /* ncols flags: the column is not in the image */
    char names[2][256]; /* storage of rewritten names */
} image;

typedef struct change {
    const sc_sysmap *m;
    const sc_replica_cols *k; /* its column numbers */
    int kind;                 /* 0 insert, 1 update, 2 delete */
    image b, a;               /* before (update/delete), after (insert/update) */
    bool has_b, has_a;
} change;

static int col(const sc_sysmap *m, const char *name)
{
    const ProtobufCFieldDescriptor *f =
        protobuf_c_message_descriptor_get_field_by_name(m->st->desc, name);

    return f ? (int)(f - m->st->desc->fields) : -1;
}

void sc_replica__cols_init(sc_replica_cols *out, const sc_sysmap *m)
{
    out->id = col(m, "id");
    out->schema_id = col(m, "schema_id");
    out->table_id = col(m, "table_id");
    out->name = col(m, "name");
    out->parent_schema = col(m, "parent_schema");
}

static bool present(const image *im, int c)
{
    return c >= 0 && !im->absent[c] && im->v[c].kind == SC_VAL_INT;
}

static bool present_str(const image *im, int c)
{
    return c >= 0 && !im->absent[c] && im->v[c].kind == SC_VAL_BYTES;
}

static const char *kind_name(int kind)
{
    return kind == 0 ? "Write_rows_v1" : kind == 1 ? "Update_rows_v1" : "Delete_rows_v1";
}

/* The source-side text of a string column, NUL-terminated in buf. */
static const char *str_of(char *buf, size_t size, const image *im, int c)
{
    size_t n = present_str(im, c) ? im->v[c].v.str.len : 0;

    if (n >= size)
        n = size - 1;
    if (n)
        memcpy(buf, im->v[c].v.str.data, n);
    buf[n] = '\0';
    return buf;
}

static void set_str(image *im, int c, int slot, const char *s)
{
    snprintf(im->names[slot], sizeof(im->names[slot]), "%s", s);
    im->v[c].kind = SC_VAL_BYTES;
    im->v[c].v.str.data = (const uint8_t *)im->names[slot];
    im->v[c].v.str.len = strlen(im->names[slot]);
}

/* Column c of im named by the source's rules: set only when that changes the
 * value, so an image left as it was can be logged from the source's bytes. */
static void rename_db(sc_replica_applier *a, image *im, int c, int slot)
{
    char buf[256];
    const char *to = sc_replica__db_name(&a->src, str_of(buf, sizeof(buf), im, c));

    if (to != buf || strlen(buf) != im->v[c].v.str.len)
        set_str(im, c, slot, to);
}

/* ------------------------------------------------------------------ */
/* Id translation                                                       */

/* The key image of a change: its before image, or its after image for an insert. */
static image *key_image(change *c)
{
    return c->has_b ? &c->b : &c->a;
}

static int unknown_id(sc_replica_applier *a, const change *c, const char *what, uint64_t id)
{
    return sc_replica__conflict(a, SC_ERROR, 0, NULL,
                                "%s event on syscat.%s names %s id %llu, which this replica does "
                                "not have (not created by this source, or already dropped)",
                                kind_name(c->kind), c->m->st->name, what, (unsigned long long)id);
}

/* Map column cidx of im (a source id of kind) to the local id; unknown: conflict. */
static int map_col(sc_replica_applier *a, change *c, image *im, int cidx, uint32_t kind)
{
    uint64_t src_id, mine;
    int rc;

    if (!present(im, cidx))
        return SC_OK;
    src_id = (uint64_t)im->v[cidx].v.i;
    rc = sc_replica__lookup(&mine, a, kind, src_id);
    if (rc == SC_ENOTFOUND)
        return unknown_id(a, c, kind == SC_IDMAP_TABLE ? "table" : "database", src_id);
    if (rc)
        return rc;
    im->v[cidx].v.i = (int64_t)mine;
    return sc_replica__touch(a, kind == SC_IDMAP_SCHEMA, mine);
}

/* A new source object (insert): reuse its mapping, else a fresh local id. */
static int map_new(sc_replica_applier *a, image *im, int cidx, uint32_t kind)
{
    uint64_t src_id = (uint64_t)im->v[cidx].v.i, mine;
    int rc = sc_replica__lookup(&mine, a, kind, src_id);

    if (rc == SC_ENOTFOUND) {
        rc = sc_catalog__next_id(&mine, a->txn, kind == SC_IDMAP_TABLE ? "table_id" : "schema_id");
        if (!rc)
            rc = sc_replica__remember(a, kind, src_id, mine);
    }
    if (rc)
        return rc;
    im->v[cidx].v.i = (int64_t)mine;
    return sc_replica__touch(a, kind == SC_IDMAP_SCHEMA, mine);
}

/* A new database name: rules, then the clash policy. */
static int schema_name(sc_replica_applier *a, change *c, uint64_t local_id)
{
    int ncol = c->k->name;
    char src_name[256], want[600];
    const char *name;
    sc_schema *s = NULL;
    int rc;

    if (!present_str(&c->a, ncol))
        return SC_OK;
    str_of(src_name, sizeof(src_name), &c->a, ncol);
    name = sc_replica__db_name(&a->src, src_name);
    rc = sc_schema_lookup(&s, a->txn, name);
    if (rc == SC_OK && sc_schema_id(s) != local_id && c->kind == 0) {
        sc_schema_free(s);
        if (a->src.on_conflict != SC_REPLICA_ON_CONFLICT_REWRITE || name != src_name)
            return sc_replica__conflict(a, SC_EEXISTS, SC_ER_DB_CREATE_EXISTS_REPLICA_POLICY, name,
                                        a->src.on_conflict ? "rewrite, but a rule names it"
                                                           : "stop");
        snprintf(want, sizeof(want), "%s%s", a->src.prefix, src_name);
        if (strlen(want) > 64 || a->src.n_rules == SC_REPLICA_MAX_RULES)
            return sc_replica__conflict(a, SC_EEXISTS, SC_ER_DB_CREATE_EXISTS_REPLICA_UNUSABLE,
                                        name, want);
        if (sc_schema_lookup(&s, a->txn, want) == SC_OK) {
            sc_schema_free(s);
            return sc_replica__conflict(a, SC_EEXISTS, SC_ER_DB_CREATE_EXISTS_REPLICA_TAKEN, name,
                                        want);
        }
        memcpy(a->src.rules[a->src.n_rules].from, src_name, sizeof(src_name));
        memcpy(a->src.rules[a->src.n_rules].to, want, strlen(want) + 1); /* <= 64 bytes */
        a->src.n_rules++;
        rc = sc_replica__source_store(a->txn, &a->src);
        if (rc)
            return rc;
        name = a->src.rules[a->src.n_rules - 1].to;
    } else {
        sc_schema_free(s);
    }
    sc_ctx_clear_error(a->ctx);
    set_str(&c->a, ncol, 0, name);
    return SC_OK;
}

static int translate_schema(sc_replica_applier *a, change *c)
{
    int id = c->k->id, rc;

    if (c->kind == 0) {
        rc = map_new(a, &c->a, id, SC_IDMAP_SCHEMA);
        return rc ? rc : schema_name(a, c, (uint64_t)c->a.v[id].v.i);
    }
    if (present(&c->b, id) && c->kind == 2 &&
        (rc = sc_replica__unmap_later(a, SC_IDMAP_SCHEMA, (uint64_t)c->b.v[id].v.i, 0)))
        return rc;
    if ((rc = map_col(a, c, &c->b, id, SC_IDMAP_SCHEMA)))
        return rc;
    if (c->kind == 1 && (rc = map_col(a, c, &c->a, id, SC_IDMAP_SCHEMA)))
        return rc;
    if (c->kind == 1 && present_str(&c->a, c->k->name))
        rename_db(a, &c->a, c->k->name, 0);
    return SC_OK;
}

static int translate_table(sc_replica_applier *a, change *c)
{
    int id = c->k->id, sid = c->k->schema_id, rc;

    if (c->kind == 0) {
        rc = map_col(a, c, &c->a, sid, SC_IDMAP_SCHEMA);
        return rc ? rc : map_new(a, &c->a, id, SC_IDMAP_TABLE);
    }
    if (c->kind == 2 && present(&c->b, id) &&
        (rc = sc_replica__unmap_later(a, SC_IDMAP_TABLE, (uint64_t)c->b.v[id].v.i, 0)))
        return rc;
    rc = map_col(a, c, &c->b, id, SC_IDMAP_TABLE);
    if (!rc)
        rc = map_col(a, c, &c->b, sid, SC_IDMAP_SCHEMA);
    if (!rc && c->kind == 1)
        rc = map_col(a, c, &c->a, id, SC_IDMAP_TABLE);
    if (!rc && c->kind == 1)
        rc = map_col(a, c, &c->a, sid, SC_IDMAP_SCHEMA);
    return rc;
}

static void rewrite_parent(sc_replica_applier *a, change *c, image *im)
{
    int p = c->k->parent_schema;

    if (present_str(im, p))
        rename_db(a, im, p, 1);
}

static int translate_child(sc_replica_applier *a, change *c)
{
    int tid = c->k->table_id, rc = SC_OK;

    if (c->has_b)
        rc = map_col(a, c, &c->b, tid, SC_IDMAP_TABLE);
    if (!rc && c->has_a)
        rc = map_col(a, c, &c->a, tid, SC_IDMAP_TABLE);
    if (!rc && c->m->st->id == SC_SYS_FOREIGN_KEYS) {
        if (c->has_b)
            rewrite_parent(a, c, &c->b);
        if (c->has_a)
            rewrite_parent(a, c, &c->a);
    }
    return rc;
}

/* The source's own bookkeeping, and the system tables' self-description. */
static bool skipped_row(change *c)
{
    unsigned st = c->m->st->id;
    image *k = key_image(c);
    int idc;

    if (st == SC_SYS_SEQUENCES || st == SC_SYS_SOURCES || st == SC_SYS_TID_MAP ||
        st == SC_SYS_REPLICA_STATE)
        return true;
    idc = st == SC_SYS_SCHEMATA || st == SC_SYS_TABLES ? c->k->id : c->k->table_id;
    return present(k, idc) && (uint64_t)k->v[idc].v.i < SC_FIRST_USER_ID;
}

static int translate(sc_replica_applier *a, change *c)
{
    switch (c->m->st->id) {
    case SC_SYS_SCHEMATA:
        return translate_schema(a, c);
    case SC_SYS_TABLES:
        return translate_table(a, c);
    default:
        return translate_child(a, c);
    }
}

/* ------------------------------------------------------------------ */
/* Applying                                                             */

static int not_found(sc_replica_applier *a, const change *c)
{
    if (a->src.exec_mode == SC_REPLICA_EXEC_IDEMPOTENT) {
        a->txn_rows_skipped++;
        return 1; /* skipped */
    }
    return sc_replica__conflict(a, SC_ESQL, SC_ER_KEY_NOT_FOUND_REPLICA_EVENT, kind_name(c->kind),
                                c->m->st->name, c->m->st->name, a->file,
                                (unsigned long long)a->ev_end);
}

/* The current row with the key of image im (packed into cur). */
static int
current_row(sc_replica_applier *a, const change *c, const image *im, sc_buf *cur, bool *found)
{
    sc_buf key = SC_BUF_INIT(a->ctx);
    uint8_t *row = NULL;
    size_t len = 0;
    bool keyonly[SC_SYSMAP_MAX_COLS];
    int rc;

    for (size_t i = 0; i < c->m->ncols; i++)
        keyonly[i] = true;
    for (size_t k = 0; k < c->m->npk; k++)
        keyonly[c->m->pk[k]] = im->absent[c->m->pk[k]];
    rc = sc_sysmap__pack(&key, a->ctx, c->m, im->v, keyonly);
    if (!rc)
        rc = sc_catalog__row_get(&row, &len, a->txn, c->m->st->id, (sc_slice){key.data, key.len});
    *found = rc == SC_OK;
    if (rc == SC_ENOTFOUND)
        rc = SC_OK;
    if (*found) {
        cur->len = 0;
        sc__buf_put(cur, row, len);
        rc = cur->failed ? SC_ENOMEM : SC_OK;
    }
    sc_free(a->ctx, row);
    sc__buf_free(&key);
    return rc;
}

static bool key_changed(const change *c)
{
    for (size_t k = 0; k < c->m->npk; k++) {
        unsigned i = c->m->pk[k];
        if (!c->b.absent[i] && !c->a.absent[i] && !sc_sysmap__value_eq(&c->b.v[i], &c->a.v[i]))
            return true;
    }
    return false;
}

/* A put's result: a clash with a name index is a conflict naming the row. */
static int put_result(sc_replica_applier *a, const change *c, int rc)
{
    if (rc == SC_EEXISTS) {
        char name[256] = "";
        int n = c->k->name;
        str_of(name, sizeof(name), &c->a, n);
        static const struct {
            unsigned no;
            const char *state, *fmt;
        } exists = {SC_ER_TABLE_EXISTS_ERROR};
        bool table = c->m->st->id == SC_SYS_TABLES;
        return sc_replica__conflict(a, SC_EEXISTS, table ? exists.no : 0,
                                    table ? exists.state : NULL,
                                    "syscat.%s row '%s' clashes with a name taken here: %s",
                                    c->m->st->name, name, sc_ctx_last_error(a->ctx)->message);
    }
    return rc;
}

static int put_row(sc_replica_applier *a, const change *c, sc_slice packed)
{
    return put_result(a, c, sc_catalog__row_put(a->txn, c->m->st->id, packed));
}

static int packed_insert(sc_replica_applier *a, const change *c)
{
    sc_buf row = SC_BUF_INIT(a->ctx), cur = SC_BUF_INIT(a->ctx);
    bool found = false;
    int rc = current_row(a, c, &c->a, &cur, &found);

    if (!rc && found && a->src.exec_mode == SC_REPLICA_EXEC_STRICT)
        rc = sc_replica__conflict(a, SC_ESQL, SC_ER_DUP_ENTRY_REPLICA_EVENT, c->m->st->name,
                                  a->file, (unsigned long long)a->ev_end);
    if (!rc)
        rc = sc_sysmap__pack(&row, a->ctx, c->m, c->a.v, c->a.absent);
    if (!rc)
        rc = put_row(a, c, (sc_slice){row.data, row.len});
    sc__buf_free(&row);
    sc__buf_free(&cur);
    return rc;
}

static bool full_image(const sc_sysmap *m, const image *im)
{
    for (size_t i = 0; i < m->ncols; i++)
        if (im->absent[i])
            return false;
    return true;
}

static int packed_update(sc_replica_applier *a, const change *c)
{
    sc_buf row = SC_BUF_INIT(a->ctx), cur = SC_BUF_INIT(a->ctx);
    sc_binlog_value vals[SC_SYSMAP_MAX_COLS];
    ProtobufCMessage *msg = NULL;
    bool found = false;
    int rc = current_row(a, c, &c->b, &cur, &found);

    if (!rc && !found)
        rc = not_found(a, c);
    if (!rc && full_image(c->m, &c->a)) {
        rc = sc_sysmap__pack(&row, a->ctx, c->m, c->a.v, NULL);
    } else {
        /* a partial after image (MINIMAL, NOBLOB): merged into the current row */
        if (!rc)
            rc = sc_sysmap__row(vals, &msg, a->ctx, c->m, (sc_slice){cur.data, cur.len});
        for (size_t i = 0; !rc && i < c->m->ncols; i++)
            if (!c->a.absent[i])
                vals[i] = c->a.v[i];
        if (!rc)
            rc = sc_sysmap__pack(&row, a->ctx, c->m, vals, NULL);
    }
    if (!rc && key_changed(c))
        rc = sc_catalog__row_delete(a->txn, c->m->st->id, (sc_slice){cur.data, cur.len});
    if (!rc)
        rc = put_row(a, c, (sc_slice){row.data, row.len});
    sc_sysmap__free_row(a->ctx, msg);
    sc__buf_free(&row);
    sc__buf_free(&cur);
    return rc == 1 ? SC_OK : rc;
}

static int packed_delete(sc_replica_applier *a, const change *c)
{
    sc_buf cur = SC_BUF_INIT(a->ctx);
    bool found = false;
    int rc = current_row(a, c, &c->b, &cur, &found);

    if (!rc && !found)
        rc = not_found(a, c);
    if (!rc)
        rc = sc_catalog__row_delete(a->txn, c->m->st->id, (sc_slice){cur.data, cur.len});
    sc__buf_free(&cur);
    return rc == 1 ? SC_OK : rc;
}

/*
 * The message path: the same row changes as the packed path above, without
 * packing each row for the catalog's packed-row calls and unpacking it there
 * again, and without copying the current row out of the map. A partial after
 * image (MINIMAL, NOBLOB) still takes the packed path: it merges into a copy of
 * the current row. tests/check_replicate_replica_rows.c checks that both paths
 * leave the same catalog and the same local log.
 */

/* The key of image im as a message (its key columns only). */
static int key_msg(ProtobufCMessage **out, sc_arena *ar, const change *c, const image *im)
{
    bool keyonly[SC_SYSMAP_MAX_COLS];

    for (size_t i = 0; i < c->m->ncols; i++)
        keyonly[i] = true;
    for (size_t k = 0; k < c->m->npk; k++)
        keyonly[c->m->pk[k]] = im->absent[c->m->pk[k]];
    return sc_sysmap__msg(out, ar, c->m, im->v, keyonly);
}

/* Whether the row with the key of im exists. */
static int probe(sc_replica_applier *a, sc_arena *ar, const change *c, const image *im, bool *found)
{
    ProtobufCMessage *key = NULL;
    int rc = key_msg(&key, ar, c, im);

    return rc ? rc : sc_catalog__row_exists(found, a->txn, c->m->st->id, key);
}

static int
write_msg(sc_replica_applier *a, const change *c, const ProtobufCMessage *m, sc_rowmsg_mode mode)
{
    return sc_catalog__row_write_msg(a->txn, c->m->st->id, m, mode);
}

/* A write that found no row to replace or delete: not_found's answer (1: skipped). */
static int missing(sc_replica_applier *a, const change *c, int rc)
{
    if (rc != SC_ENOTFOUND)
        return rc;
    sc_ctx_clear_error(a->ctx);
    return not_found(a, c);
}

/* Idempotent mode overwrites a row that exists; strict mode inserts, and an
 * existing key (probed only when the insert fails) is the duplicate error. */
static int msg_insert(sc_replica_applier *a, sc_arena *ar, const change *c)
{
    ProtobufCMessage *row = NULL;
    bool strict = a->src.exec_mode == SC_REPLICA_EXEC_STRICT, found = false;
    int rc = sc_sysmap__msg(&row, ar, c->m, c->a.v, c->a.absent), put;

    if (rc)
        return rc;
    put = write_msg(a, c, row, strict ? SC_ROWMSG_INSERT : SC_ROWMSG_PUT);
    if (put == SC_EEXISTS && strict && !(rc = probe(a, ar, c, &c->a, &found)) && found)
        return sc_replica__conflict(a, SC_ESQL, SC_ER_DUP_ENTRY_REPLICA_EVENT, c->m->st->name,
                                    a->file, (unsigned long long)a->ev_end);
    return rc ? rc : put_result(a, c, put);
}

/* The row with the before image's key must exist: a replace, or when the key
 * changes, a delete of the old key and a put of the new row. */
static int msg_update(sc_replica_applier *a, sc_arena *ar, const change *c)
{
    ProtobufCMessage *key = NULL, *row = NULL;
    bool moved = key_changed(c);
    int rc = sc_sysmap__msg(&row, ar, c->m, c->a.v, NULL);

    if (!rc && moved)
        rc = key_msg(&key, ar, c, &c->b);
    if (!rc && moved)
        rc = write_msg(a, c, key, SC_ROWMSG_DELETE);
    if (rc == SC_ENOTFOUND || (!rc && !moved)) {
        rc = missing(a, c, rc ? rc : put_result(a, c, write_msg(a, c, row, SC_ROWMSG_REPLACE)));
        return rc == 1 ? SC_OK : rc;
    }
    return rc ? rc : put_result(a, c, write_msg(a, c, row, SC_ROWMSG_PUT));
}

static int msg_delete(sc_replica_applier *a, sc_arena *ar, const change *c)
{
    ProtobufCMessage *key = NULL;
    int rc = key_msg(&key, ar, c, &c->b);

    if (!rc)
        rc = missing(a, c, write_msg(a, c, key, SC_ROWMSG_DELETE));
    return rc == 1 ? SC_OK : rc;
}

static int apply_change(sc_replica_applier *a, const change *c)
{
    sc_arena ar;
    int rc;

    if (a->packed_rows || (c->kind == 1 && !full_image(c->m, &c->a)))
        return c->kind == 0   ? packed_insert(a, c)
               : c->kind == 1 ? packed_update(a, c)
                              : packed_delete(a, c);
    sc__arena_init(&ar, a->ctx, 2048);
    rc = c->kind == 0   ? msg_insert(a, &ar, c)
         : c->kind == 1 ? msg_update(a, &ar, c)
                        : msg_delete(a, &ar, c);
    sc__arena_free(&ar);
    return rc;
}

/* An image the event has not: every column absent. */
#define T8 true, true, true, true, true, true, true, true
static const bool no_image[SC_SYSMAP_MAX_COLS] = {T8, T8, T8, T8};
#undef T8
_Static_assert(SC_SYSMAP_MAX_COLS == 32, "no_image lists SC_SYSMAP_MAX_COLS flags");

static void image_load(image *im, sc_rows *rows, size_t i)
{
    im->v = rows->vals + i * rows->ncols;
    im->absent = rows->absent + i * rows->ncols;
}

/* ------------------------------------------------------------------ */
/* Logged images                                                        */

/*
 * An insert's image, or an update's after image, for the local log from the
 * source's bytes: the commit hook would decode the row the catalog recorded
 * and encode it again, and the applier holds that image already, but for the
 * ids it translated. It is handed over only when it is provably the hook's:
 * the source's TABLE_MAP has our columns (sc_sysmap__same_columns, at the
 * preparation), its images hold every column (an update's both), the image
 * is what encode_image writes for the values the catalog keeps
 * (sc_sysmap__image_match), only integer ids changed (patched in the copy:
 * a rewritten name changes lengths), and the write recorded exactly one
 * change (a moved key is two; an idempotent skip none), of the same kind
 * (the hook checks again). Anything else goes the hook's way: deletes,
 * MINIMAL and NOBLOB source images, rewritten names, the applier's own rows
 * (tid_map, sequences), and an update's after image unless the local log is
 * FULL. SC_REPLICA_LOG_IMAGES=hook sends all of it there.
 */

/* Insert or update c, its (after) image number k of p: logged from its bytes when provable. */
static int apply_logged(sc_replica_applier *a, const change *c, sc_replica_rowsev *p, size_t k)
{
    const sc_rows *rows = &p->rows;
    sc_slice src = {p->raw.data + rows->img_at[k], rows->img_at[k + 1] - rows->img_at[k]};
    sc_sysmap_fix fix[SC_SYSMAP_MAX_FIX];
    size_t nfix = 0;
    sc_txn_mark before, after;
    uint8_t *copy = NULL;
    int rc;

    if (!sc_sysmap__image_match(fix, &nfix, c->m, c->a.v, rows->at + k * rows->ncols, p->raw.data,
                                src))
        return apply_change(a, c);
    sc_catalog__txn_mark(&before, a->txn);
    rc = apply_change(a, c);
    if (rc)
        return rc;
    sc_catalog__txn_mark(&after, a->txn);
    if (after.n_changes != before.n_changes + 1)
        return SC_OK;
    rc = sc_log__image_hint(&copy, a->log, a->txn, before.n_changes, c->m->st->id, c->kind == 1,
                            src);
    if (!rc)
        sc_sysmap__image_fix(copy, c->m, c->a.v, fix, nfix);
    return rc;
}

static int sys_image(sc_replica_applier *a, const sc_sysmap *m, sc_replica_rowsev *p, size_t i)
{
    change ch, *c = &ch; /* its names are filled only when rewritten (set_str) */
    sc_rows *rows = &p->rows;
    int rc;

    c->m = m;
    c->k = &a->cols[m->st->id];
    c->kind = rows->kind;
    c->has_b = rows->kind != 0;
    c->has_a = rows->kind != 2;
    c->b.v = c->a.v = NULL;
    c->b.absent = c->a.absent = no_image;
    if (c->has_b)
        image_load(&c->b, rows, i);
    if (c->has_a)
        image_load(&c->a, rows, c->has_b ? i + 1 : i);
    if (skipped_row(c))
        return SC_OK;
    rc = translate(a, c);
    if (!rc)
        rc = p->raw_ok ? apply_logged(a, c, p, c->has_b ? i + 1 : i) : apply_change(a, c);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Data rows of user tables                                             */

static int user_rows(sc_replica_applier *a, const sc_replica_rowsev *p)
{
    const sc_rows *rows = &p->rows;
    uint64_t mine;
    int rc = sc_replica__lookup(&mine, a, SC_IDMAP_TABLE, p->table_id);

    if (rc == SC_ENOTFOUND)
        return sc_replica__conflict(a, SC_ERROR, 0, NULL,
                                    "data rows of `%s`.`%s` (table id %llu), a table this "
                                    "replica does not have",
                                    p->db, p->table, (unsigned long long)p->table_id);
    if (rc)
        return rc;
    if (p->rc) /* the decoding failed: reported after the table, as it was read */
        return sc_error_set(a->ctx, p->err.code, p->err.mysql_errno,
                            p->err.sqlstate[0] ? p->err.sqlstate : NULL, "%s", p->err.message);
    for (size_t i = 0; !rc && i < rows->nimages; i += rows->kind == 1 ? 2 : 1) {
        const sc_binlog_value *v = rows->vals + i * rows->ncols;
        rc = sc_log_rows(a->log, a->txn, mine, rows->kind, rows->kind ? v : NULL,
                         rows->kind == 2   ? NULL
                         : rows->kind == 1 ? v + rows->ncols
                                           : v,
                         rows->ncols);
    }
    if (rc && rc != SC_ENOMEM)
        return sc_replica__conflict(a, rc, 0, NULL, "data rows of table id %llu: %s",
                                    (unsigned long long)p->table_id,
                                    sc_ctx_last_error(a->ctx)->message);
    return rc;
}

/* The preparation's error, kept for the applying side (set on ctx as well). */
static int prep_fail(sc_replica_rowsev *p, sc_ctx *ctx, int rc)
{
    p->rc = rc;
    p->err = *sc_ctx_last_error(ctx);
    return rc;
}

static void copy_name(char *out, size_t size, sc_slice s)
{
    size_t n = s.len < size - 1 ? s.len : size - 1;

    if (n)
        memcpy(out, s.data, n);
    out[n] = '\0';
}

/* A bitmap of an event's images holds every one of the table's ncols columns. */
static bool all_present(const sc_ev_rows *rows, sc_slice bm, size_t ncols)
{
    if (rows->ncols != ncols || bm.len < (ncols + 7) / 8)
        return false;
    for (size_t i = 0; i < ncols; i++)
        if (!((bm.data[i / 8] >> (i % 8)) & 1))
            return false;
    return true;
}

int sc_replica__rows_prepare(sc_replica_rowsev *p,
                             const sc_replica_applier *a,
                             const sc_ev_table_map *tm,
                             uint8_t type,
                             const sc_ev_rows *rows,
                             const sc_event_loc *loc)
{
    sc_ctx *ctx = a->ctx;
    const sc_sysmap *m;
    bool ours;
    int rc;

    p->rc = SC_OK;
    p->map_missing = p->user = p->decoded = p->raw_ok = false;
    p->table_id = rows->table_id;
    p->db[0] = p->table[0] = '\0';
    if (!tm) {
        p->map_missing = true; /* run_file reads the file from its start then */
        sc_error_set(ctx, SC_ECORRUPT, 0, NULL,
                     "%s: event at offset %llu: no TABLE_MAP for table id %llu", loc->file,
                     (unsigned long long)loc->offset, (unsigned long long)rows->table_id);
        return prep_fail(p, ctx, SC_ECORRUPT);
    }
    p->user = tm->db.len != strlen(SC_SYSCAT_SCHEMA) ||
              memcmp(tm->db.data, SC_SYSCAT_SCHEMA, tm->db.len) != 0;
    if (p->user || tm->table_id == 0 || tm->table_id >= SC_SYS__END) { /* for messages */
        copy_name(p->db, sizeof(p->db), tm->db);
        copy_name(p->table, sizeof(p->table), tm->table);
    }
    if (!p->user && (tm->table_id == 0 || tm->table_id >= SC_SYS__END)) {
        sc_error_set(ctx, SC_ECORRUPT, 0, NULL,
                     "%s: event at offset %llu: `syscat`.`%s` (table id %llu) is not a "
                     "system table this syscat knows",
                     loc->file, (unsigned long long)loc->offset, p->table,
                     (unsigned long long)tm->table_id);
        return prep_fail(p, ctx, SC_ECORRUPT);
    }
    m = p->user ? NULL : &a->maps[tm->table_id];
    if (m && rows->ncols != m->ncols) {
        sc_error_set(ctx, SC_ECORRUPT, 0, NULL,
                     "%s: event at offset %llu: %llu columns for syscat.%s (%zu expected)",
                     loc->file, (unsigned long long)loc->offset, (unsigned long long)rows->ncols,
                     m->st->name, m->ncols);
        return prep_fail(p, ctx, SC_ECORRUPT);
    }
    /* a system table's TABLE_MAP with our columns: decoded by the table's plan */
    ours = m && sc_sysmap__same_columns(m, tm->columns, tm->ncols);
    rc =
        ours && !a->generic_decode ? sc_rows__decode_plan(&p->rows, ctx, m->decode, type, rows) : 1;
    if (rc == 1)
        rc = sc_rows__decode_keep(&p->rows, ctx, tm, type, rows, loc);
    if (rc)
        return prep_fail(p, ctx, rc);
    p->decoded = true;
    p->raw_ok = ours && !a->hook_images && p->rows.kind != 2 &&
                all_present(rows, rows->present, m->ncols) &&
                (p->rows.kind == 0 || all_present(rows, rows->present_after, m->ncols));
    p->raw = rows->rows;
    return SC_OK;
}

void sc_replica__rows_release(sc_ctx *ctx, sc_replica_rowsev *p)
{
    (void)ctx; /* the arrays stay in p->rows for the next event (sc_rows__decode_keep) */
    p->decoded = false;
}

int sc_replica__rows(sc_replica_applier *a, sc_replica_rowsev *p)
{
    const sc_sysmap *m;
    int rc = SC_OK;

    if (p->map_missing)
        a->map_missing = a->seeked;
    a->txn_rows++;
    if (p->user && !p->map_missing)
        return user_rows(a, p);
    if (p->rc)
        return sc_error_set(a->ctx, p->err.code, p->err.mysql_errno,
                            p->err.sqlstate[0] ? p->err.sqlstate : NULL, "%s", p->err.message);
    m = &a->maps[p->table_id];
    for (size_t i = 0; !rc && i < p->rows.nimages; i += p->rows.kind == 1 ? 2 : 1)
        rc = sys_image(a, m, p, i);
    return rc;
}
