/*
 * source.c - the replica's own system tables (replica.h): syscat.sources
 * (one row per source, with its policies and database rewrite rules),
 * syscat.replica_state (position and counters) and syscat.tid_map (source
 * id -> local id, kind 1 = table, 2 = schema); sc_replica_add_source,
 * remove_source, status, sources and idmap. Rows are the protobuf messages
 * of catalog/syscat.proto, written through the catalog's one write path
 * (the position and the id map, once or more per source transaction, as
 * messages: catalog/rowmsg.h) so that they are logged like any catalog change
 * (replica_state excepted: log.c).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "catalog/rowmsg.h"
#include "replicate/replica.h"

/* ------------------------------------------------------------------ */
/* Rows                                                                 */

static void copy_str(char *dst, size_t size, const char *s, size_t len)
{
    if (len >= size)
        len = size - 1;
    if (len)
        memcpy(dst, s, len);
    dst[len] = '\0';
}

/* Parse "from=to" lines into src->rules. */
static void rules_parse(sc_replica_source *src, const uint8_t *p, size_t len)
{
    size_t i = 0;

    src->n_rules = 0;
    while (i < len && src->n_rules < SC_REPLICA_MAX_RULES) {
        size_t e = i, eq = 0;
        while (e < len && p[e] != '\n')
            e++;
        for (size_t k = i; k < e && !eq; k++)
            if (p[k] == '=')
                eq = k;
        if (eq > i && eq + 1 < e) {
            sc_replica_rule *r = &src->rules[src->n_rules++];
            copy_str(r->from, sizeof(r->from), (const char *)p + i, eq - i);
            copy_str(r->to, sizeof(r->to), (const char *)p + eq + 1, e - eq - 1);
        }
        i = e + 1;
    }
}

static void source_from_row(sc_replica_source *out, const Syscat__Catalog__SourceRow *r)
{
    memset(out, 0, sizeof(*out));
    out->id = r->id;
    copy_str(out->name, sizeof(out->name), r->name, strlen(r->name));
    out->server_id = r->server_id;
    out->on_conflict = (int)r->name_policy;
    out->exec_mode = (int)r->exec_mode;
    copy_str(out->prefix, sizeof(out->prefix), r->rewrite_prefix, strlen(r->rewrite_prefix));
    copy_str(out->from, sizeof(out->from), (const char *)r->uri.data, r->uri.len);
    copy_str(out->user, sizeof(out->user), r->user, strlen(r->user));
    copy_str(out->password_file, sizeof(out->password_file), (const char *)r->password_file.data,
             r->password_file.len);
    rules_parse(out, r->rewrite_rules.data, r->rewrite_rules.len);
}

/* A walk of a system table handing fn each row decoded (borrowed for the call). */
typedef struct msg_walk {
    unsigned st;
    int (*fn)(const ProtobufCMessage *m, void *payload);
    void *payload;
} msg_walk;

static int msg_walk_cb(sc_slice packed, void *payload)
{
    msg_walk *w = payload;
    ProtobufCMessage *m =
        protobuf_c_message_unpack(sc_catalog__systable(w->st)->desc, NULL, packed.len, packed.data);
    int rc;

    if (!m)
        return SC_ECORRUPT;
    rc = w->fn(m, w->payload);
    protobuf_c_message_free_unpacked(m, NULL);
    return rc;
}

/* sc_catalog__row_foreach with each row unpacked: SC_ECORRUPT (no message set) for a row that
 * does not decode, which callers name; the unpack/free of every walk below. */
static int foreach_msg(sc_txn *txn,
                       unsigned st,
                       int (*fn)(const ProtobufCMessage *m, void *payload),
                       void *payload)
{
    msg_walk w = {st, fn, payload};

    return sc_catalog__row_foreach(txn, st, msg_walk_cb, &w);
}

typedef struct find_source {
    const char *name; /* wanted name, or NULL: highest id */
    sc_replica_source *out;
    bool found;
    uint64_t max_id;
    int (*cb)(const sc_replica_source *src, void *payload);
    void *payload;
} find_source;

static int find_source_cb(const ProtobufCMessage *m, void *payload)
{
    find_source *f = payload;
    const Syscat__Catalog__SourceRow *r = (const void *)m;
    int rc = 0;

    if (r->id > f->max_id)
        f->max_id = r->id;
    if (f->name && strcmp(r->name, f->name) == 0) {
        source_from_row(f->out, r);
        f->found = true;
        rc = 1;
    } else if (f->cb) {
        sc_replica_source s;
        source_from_row(&s, r);
        rc = f->cb(&s, f->payload);
    }
    return rc;
}

int sc_replica__source_load(sc_replica_source *out, sc_txn *txn, const char *name)
{
    find_source f = {name, out, false, 0, NULL, NULL};
    int rc = foreach_msg(txn, SC_SYS_SOURCES, find_source_cb, &f);

    if (rc == SC_ECORRUPT)
        return sc_error_set(sc_catalog_ctx(sc_txn_catalog(txn)), SC_ECORRUPT, 0, NULL,
                            "syscat.sources: undecodable row");
    if (rc < 0)
        return rc;
    if (!f.found)
        return sc_error_set(sc_catalog_ctx(sc_txn_catalog(txn)), SC_ENOTFOUND, 0, NULL,
                            "no replication source named '%s'", name);
    return SC_OK;
}

int sc_replica__source_store(sc_txn *txn, const sc_replica_source *src)
{
    Syscat__Catalog__SourceRow r = SYSCAT__CATALOG__SOURCE_ROW__INIT;
    char rules[SC_REPLICA_MAX_RULES * 514];
    size_t len = 0;

    for (size_t i = 0; i < src->n_rules; i++)
        len += (size_t)snprintf(rules + len, sizeof(rules) - len, "%s=%s\n", src->rules[i].from,
                                src->rules[i].to);
    r.id = src->id;
    r.name = (char *)(uintptr_t)src->name;
    r.server_id = src->server_id;
    r.name_policy = (uint32_t)src->on_conflict;
    r.rewrite_prefix = (char *)(uintptr_t)src->prefix;
    r.uri.data = (uint8_t *)(uintptr_t)src->from;
    r.uri.len = strlen(src->from);
    r.exec_mode = (uint32_t)src->exec_mode;
    r.rewrite_rules.data = (uint8_t *)rules;
    r.rewrite_rules.len = len;
    r.user = (char *)(uintptr_t)src->user;
    r.password_file.data = (uint8_t *)(uintptr_t)src->password_file;
    r.password_file.len = strlen(src->password_file);
    return sc_catalog__msg_put(txn, SC_SYS_SOURCES, &r.base);
}

int sc_replica__pos_load(sc_replica_pos *out, sc_txn *txn, uint64_t source_id)
{
    Syscat__Catalog__ReplicaStateRow k = SYSCAT__CATALOG__REPLICA_STATE_ROW__INIT;
    Syscat__Catalog__ReplicaStateRow *r = NULL;
    int rc;

    memset(out, 0, sizeof(*out));
    k.source_id = source_id;
    rc = sc_catalog__msg_get((ProtobufCMessage **)&r, txn, SC_SYS_REPLICA_STATE, &k.base);
    if (rc == SC_ENOTFOUND)
        return SC_OK;
    if (rc)
        return rc;
    copy_str(out->file, sizeof(out->file), r->file, strlen(r->file));
    out->position = r->position;
    out->gtid_domain = r->gtid_domain;
    out->gtid_server = r->gtid_server;
    out->gtid_seq = r->gtid_seq;
    out->txns_applied = r->txns_applied;
    out->rows_applied = r->rows_applied;
    out->rows_skipped = r->rows_skipped;
    copy_str(out->last_error, sizeof(out->last_error), (const char *)r->last_error.data,
             r->last_error.len);
    out->last_error_time = r->last_error_time;
    syscat__catalog__replica_state_row__free_unpacked(r, NULL);
    return SC_OK;
}

int sc_replica__pos_store(sc_txn *txn, uint64_t source_id, const sc_replica_pos *pos)
{
    Syscat__Catalog__ReplicaStateRow r = SYSCAT__CATALOG__REPLICA_STATE_ROW__INIT;

    r.source_id = source_id;
    r.file = (char *)(uintptr_t)pos->file;
    r.position = pos->position;
    r.gtid_domain = pos->gtid_domain;
    r.gtid_server = pos->gtid_server;
    r.gtid_seq = pos->gtid_seq;
    r.txns_applied = pos->txns_applied;
    r.rows_applied = pos->rows_applied;
    r.rows_skipped = pos->rows_skipped;
    r.last_error.data = (uint8_t *)(uintptr_t)pos->last_error;
    r.last_error.len = strlen(pos->last_error);
    r.last_error_time = pos->last_error_time;
    return sc_catalog__row_write_msg(txn, SC_SYS_REPLICA_STATE, &r.base, SC_ROWMSG_PUT);
}

int sc_replica__map_get(
    uint64_t *out, sc_txn *txn, uint64_t source_id, uint32_t kind, uint64_t source_tid)
{
    Syscat__Catalog__TidMapRow k = SYSCAT__CATALOG__TID_MAP_ROW__INIT;
    Syscat__Catalog__TidMapRow *r = NULL;
    int rc;

    k.source_id = source_id;
    k.kind = kind;
    k.source_tid = source_tid;
    rc = sc_catalog__msg_get((ProtobufCMessage **)&r, txn, SC_SYS_TID_MAP, &k.base);
    if (rc)
        return rc;
    *out = r->my_tid;
    syscat__catalog__tid_map_row__free_unpacked(r, NULL);
    return SC_OK;
}

int sc_replica__map_put(
    sc_txn *txn, uint64_t source_id, uint32_t kind, uint64_t source_tid, uint64_t my_tid)
{
    Syscat__Catalog__TidMapRow r = SYSCAT__CATALOG__TID_MAP_ROW__INIT;

    r.source_id = source_id;
    r.kind = kind;
    r.source_tid = source_tid;
    r.my_tid = my_tid;
    return sc_catalog__row_write_msg(txn, SC_SYS_TID_MAP, &r.base, SC_ROWMSG_PUT);
}

int sc_replica__map_del(sc_txn *txn, uint64_t source_id, uint32_t kind, uint64_t source_tid)
{
    Syscat__Catalog__TidMapRow r = SYSCAT__CATALOG__TID_MAP_ROW__INIT;
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    uint8_t buf[64];
    size_t n;
    int rc;

    r.source_id = source_id;
    r.kind = kind;
    r.source_tid = source_tid;
    n = protobuf_c_message_pack(&r.base, buf);
    rc = sc_catalog__row_delete(txn, SC_SYS_TID_MAP, (sc_slice){buf, n});
    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(ctx);
        rc = SC_OK;
    }
    return rc;
}

const char *sc_replica__db_name(const sc_replica_source *src, const char *name)
{
    for (size_t i = 0; i < src->n_rules; i++)
        if (strcmp(src->rules[i].from, name) == 0)
            return src->rules[i].to;
    return name;
}

/* ------------------------------------------------------------------ */
/* Adding and removing sources                                          */

static bool valid_name(const char *s)
{
    size_t n = strlen(s);

    if (n == 0 || n > 64)
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' && *s != '.')
            return false;
    return true;
}

static int add_rule(sc_replica_source *src, sc_ctx *ctx, const char *text)
{
    const char *eq = strchr(text, '=');
    sc_replica_rule *r;

    if (!eq || eq == text || !eq[1] || strchr(text, '\n') || (size_t)(eq - text) > 64 ||
        strlen(eq + 1) > 64)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                            "bad --rewrite-db '%s': expected FROM=TO (names of 1 to 64 characters)",
                            text);
    if (src->n_rules == SC_REPLICA_MAX_RULES)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "too many rewrite rules (at most %d)",
                            SC_REPLICA_MAX_RULES);
    r = &src->rules[src->n_rules++];
    copy_str(r->from, sizeof(r->from), text, (size_t)(eq - text));
    copy_str(r->to, sizeof(r->to), eq + 1, strlen(eq + 1));
    return SC_OK;
}

static int check_from(sc_ctx *ctx, const char *from)
{
    struct stat st;
    char path[1100];

    if (!from || !*from || strlen(from) >= 1000)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "a source needs --from DIR or HOST:PORT");
    if (strchr(from, '/') || stat(from, &st) == 0) {
        snprintf(path, sizeof(path), "%s/binlog", from);
        if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
            return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                                "--from '%s': not a data directory with a binlog/ directory", from);
        return SC_OK;
    }
    if (!strchr(from, ':'))
        return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                            "--from '%s': neither a directory nor HOST:PORT", from);
    return SC_OK;
}

static int source_new(sc_replica_source *src,
                      sc_ctx *ctx,
                      const char *name,
                      const sc_replica_source_options *o)
{
    int rc;

    memset(src, 0, sizeof(*src));
    if (!name || !valid_name(name))
        return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                            "bad source name '%s': 1 to 64 letters, digits, '_', '-' or '.'",
                            name ? name : "");
    if ((rc = check_from(ctx, o->from)))
        return rc;
    if (o->on_conflict != SC_REPLICA_ON_CONFLICT_STOP &&
        o->on_conflict != SC_REPLICA_ON_CONFLICT_REWRITE)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "bad on-conflict policy %d", o->on_conflict);
    if (o->exec_mode != SC_REPLICA_EXEC_STRICT && o->exec_mode != SC_REPLICA_EXEC_IDEMPOTENT)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "bad exec mode %d", o->exec_mode);
    copy_str(src->name, sizeof(src->name), name, strlen(name));
    copy_str(src->from, sizeof(src->from), o->from, strlen(o->from));
    if (o->user)
        copy_str(src->user, sizeof(src->user), o->user, strlen(o->user));
    if (o->password_file)
        copy_str(src->password_file, sizeof(src->password_file), o->password_file,
                 strlen(o->password_file));
    src->server_id = o->server_id;
    src->on_conflict = o->on_conflict;
    src->exec_mode = o->exec_mode;
    snprintf(src->prefix, sizeof(src->prefix), "%s_", name);
    for (size_t i = 0; !rc && i < o->n_rewrite_db; i++)
        rc = add_rule(src, ctx, o->rewrite_db[i]);
    return rc;
}

int sc_replica_add_source(sc_log *log, const char *name, const sc_replica_source_options *opts)
{
    sc_replica_source_options dflt = SC_REPLICA_SOURCE_OPTIONS_INIT;
    sc_replica_source src, old;
    find_source f = {NULL, NULL, false, 0, NULL, NULL};
    sc_txn *txn = NULL;
    int rc;

    if (!opts)
        opts = &dflt;
    if (opts->version != SC_REPLICA_SOURCE_OPTIONS_VERSION)
        return sc_error_set(log->ctx, SC_EINVAL, 0, NULL, "unknown options version %u",
                            opts->version);
    if ((rc = source_new(&src, log->ctx, name, opts)))
        return rc;
    if ((rc = sc_txn_begin(&txn, log->cat, 0)))
        return rc;
    rc = sc_replica__source_load(&old, txn, name);
    if (rc == SC_OK)
        rc = sc_error_set(log->ctx, SC_EEXISTS, 0, NULL, "replication source '%s' already exists",
                          name);
    else if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(log->ctx);
        rc = foreach_msg(txn, SC_SYS_SOURCES, find_source_cb, &f);
        src.id = f.max_id + 1;
        if (!rc)
            rc = sc_replica__source_store(txn, &src);
    }
    if (rc) {
        sc_txn_abort(txn);
        return rc;
    }
    return sc_txn_commit(txn);
}

/* Collect the tid_map keys of one source (map_key entries in keys), then delete them. */
typedef struct map_key {
    uint32_t kind;
    uint64_t source_tid;
} map_key;

typedef struct map_keys {
    uint64_t source_id;
    sc_buf keys; /* map_key, end to end */
} map_keys;

static int map_keys_cb(const ProtobufCMessage *msg, void *payload)
{
    map_keys *m = payload;
    const Syscat__Catalog__TidMapRow *r = (const void *)msg;
    map_key k = {r->kind, r->source_tid};

    return r->source_id == m->source_id ? sc__buf_put(&m->keys, &k, sizeof(k)) : SC_OK;
}

int sc_replica_remove_source(sc_log *log, const char *name)
{
    sc_replica_source src;
    map_keys m = {0, SC_BUF_INIT(log->ctx)};
    map_key k;
    sc_txn *txn = NULL;
    uint8_t buf[64];
    size_t n;
    int rc = sc_txn_begin(&txn, log->cat, 0);

    if (!rc)
        rc = sc_replica__source_load(&src, txn, name);
    m.source_id = src.id;
    if (!rc)
        rc = foreach_msg(txn, SC_SYS_TID_MAP, map_keys_cb, &m);
    for (size_t off = 0; !rc && off < m.keys.len; off += sizeof(k)) {
        memcpy(&k, m.keys.data + off, sizeof(k));
        rc = sc_replica__map_del(txn, src.id, k.kind, k.source_tid);
    }
    if (!rc) {
        Syscat__Catalog__ReplicaStateRow s = SYSCAT__CATALOG__REPLICA_STATE_ROW__INIT;
        s.source_id = src.id;
        n = protobuf_c_message_pack(&s.base, buf);
        rc = sc_catalog__row_delete(txn, SC_SYS_REPLICA_STATE, (sc_slice){buf, n});
        if (rc == SC_ENOTFOUND) {
            sc_ctx_clear_error(log->ctx);
            rc = SC_OK;
        }
    }
    if (!rc) {
        Syscat__Catalog__SourceRow s = SYSCAT__CATALOG__SOURCE_ROW__INIT;
        s.id = src.id;
        n = protobuf_c_message_pack(&s.base, buf);
        rc = sc_catalog__row_delete(txn, SC_SYS_SOURCES, (sc_slice){buf, n});
    }
    sc__buf_free(&m.keys);
    if (rc) {
        sc_txn_abort(txn);
        return rc;
    }
    return sc_txn_commit(txn);
}

/* ------------------------------------------------------------------ */
/* Status                                                               */

static void
status_fill(sc_replica_status *out, const sc_replica_source *src, const sc_replica_pos *pos)
{
    size_t len = 0;

    memset(out, 0, sizeof(*out));
    out->source_id = src->id;
    snprintf(out->name, sizeof(out->name), "%s", src->name);
    snprintf(out->from, sizeof(out->from), "%s", src->from);
    out->server_id = src->server_id;
    out->on_conflict = src->on_conflict;
    out->exec_mode = src->exec_mode;
    for (size_t i = 0; i < src->n_rules && len < sizeof(out->rewrite_db); i++)
        len += (size_t)snprintf(out->rewrite_db + len, sizeof(out->rewrite_db) - len, "%s=%s\n",
                                src->rules[i].from, src->rules[i].to);
    snprintf(out->file, sizeof(out->file), "%s", pos->file);
    out->position = pos->position;
    out->gtid_domain = pos->gtid_domain;
    out->gtid_server = pos->gtid_server;
    out->gtid_seq = pos->gtid_seq;
    out->txns_applied = pos->txns_applied;
    out->rows_applied = pos->rows_applied;
    out->rows_skipped = pos->rows_skipped;
    snprintf(out->last_error, sizeof(out->last_error), "%s", pos->last_error);
    out->last_error_time = pos->last_error_time;
}

int sc_replica__lag(sc_replica_status *st, sc_ctx *ctx); /* replica.c */

int sc_replica_status_get(sc_replica_status *out, sc_log *log, const char *name)
{
    sc_replica_source src;
    sc_replica_pos pos;
    sc_txn *txn = NULL;
    int rc = sc_txn_begin(&txn, log->cat, SC_TXN_READONLY);

    if (!rc)
        rc = sc_replica__source_load(&src, txn, name);
    if (!rc)
        rc = sc_replica__pos_load(&pos, txn, src.id);
    sc_txn_abort(txn);
    if (rc)
        return rc;
    status_fill(out, &src, &pos);
    if (sc_replica__lag(out, log->ctx) != SC_OK)
        sc_ctx_clear_error(log->ctx); /* lag unknown: the rest of the status stands */
    return SC_OK;
}

typedef struct each_status {
    sc_txn *txn;
    int (*cb)(const sc_replica_status *st, void *payload);
    void *payload;
} each_status;

static int each_status_cb(const sc_replica_source *src, void *payload)
{
    each_status *e = payload;
    sc_replica_status st;
    sc_replica_pos pos;
    int rc = sc_replica__pos_load(&pos, e->txn, src->id);

    if (rc)
        return rc;
    status_fill(&st, src, &pos);
    return e->cb(&st, e->payload);
}

int sc_replica_sources(sc_log *log,
                       int (*cb)(const sc_replica_status *st, void *payload),
                       void *payload)
{
    each_status e = {NULL, cb, payload};
    find_source f = {NULL, NULL, false, 0, each_status_cb, &e};
    int rc = sc_txn_begin(&e.txn, log->cat, SC_TXN_READONLY);

    if (!rc)
        rc = foreach_msg(e.txn, SC_SYS_SOURCES, find_source_cb, &f);
    sc_txn_abort(e.txn);
    return rc == SC_ECORRUPT
               ? sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "syscat.sources: undecodable row")
               : rc;
}

/* ------------------------------------------------------------------ */
/* Id map                                                               */

typedef struct idmap_walk {
    sc_txn *txn;
    sc_ctx *ctx;
    sc_replica_source *srcs;
    size_t n_srcs;
    const char *only;
    int (*cb)(const sc_idmap_entry *e, void *payload);
    void *payload;
} idmap_walk;

static int collect_source(const sc_replica_source *src, void *payload)
{
    idmap_walk *w = payload;
    void *p = sc__realloc(w->ctx, w->srcs, (w->n_srcs + 1) * sizeof(*w->srcs));

    if (!p)
        return SC_ENOMEM;
    w->srcs = p;
    w->srcs[w->n_srcs++] = *src;
    return 0;
}

/* The source-side name of a local database: the rule that produced it, undone. */
static const char *source_db_name(const sc_replica_source *src, const char *local)
{
    for (size_t i = 0; i < src->n_rules; i++)
        if (strcmp(src->rules[i].to, local) == 0)
            return src->rules[i].from;
    return local;
}

static int
idmap_entry(idmap_walk *w, const sc_replica_source *src, const Syscat__Catalog__TidMapRow *r)
{
    sc_idmap_entry e = {src->name, r->kind, r->source_tid, r->my_tid, "", "", ""};
    sc_schema *s = NULL;
    sc_table *t = NULL;
    int rc;

    if (r->kind == SC_IDMAP_SCHEMA && sc_schema_get(&s, w->txn, r->my_tid) == SC_OK)
        e.local_schema = sc_schema_definition(s)->name;
    else if (r->kind == SC_IDMAP_TABLE && sc_table_get(&t, w->txn, r->my_tid) == SC_OK) {
        e.local_schema = sc_table_schema_name(t);
        e.local_table = sc_table_definition(t)->name;
    }
    sc_ctx_clear_error(w->ctx);
    e.source_schema = *e.local_schema ? source_db_name(src, e.local_schema) : "";
    rc = w->cb(&e, w->payload);
    sc_schema_free(s);
    sc_table_free(t);
    return rc;
}

static int idmap_cb(const ProtobufCMessage *m, void *payload)
{
    idmap_walk *w = payload;
    const Syscat__Catalog__TidMapRow *r = (const void *)m;
    int rc = 0;

    for (size_t i = 0; i < w->n_srcs && !rc; i++)
        if (w->srcs[i].id == r->source_id && (!w->only || strcmp(w->only, w->srcs[i].name) == 0))
            rc = idmap_entry(w, &w->srcs[i], r);
    return rc;
}

int sc_replica_idmap(sc_log *log,
                     const char *name,
                     int (*cb)(const sc_idmap_entry *e, void *payload),
                     void *payload)
{
    idmap_walk w = {NULL, log->ctx, NULL, 0, name, cb, payload};
    find_source f = {NULL, NULL, false, 0, collect_source, &w};
    sc_replica_source one;
    int rc = sc_txn_begin(&w.txn, log->cat, SC_TXN_READONLY);

    if (!rc && name)
        rc = sc_replica__source_load(&one, w.txn, name);
    if (!rc)
        rc = foreach_msg(w.txn, SC_SYS_SOURCES, find_source_cb, &f);
    if (!rc)
        rc = foreach_msg(w.txn, SC_SYS_TID_MAP, idmap_cb, &w);
    sc_txn_abort(w.txn);
    sc_free(log->ctx, w.srcs);
    return rc == SC_ECORRUPT
               ? sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "syscat.tid_map: undecodable row")
               : rc;
}
