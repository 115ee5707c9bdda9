/*
 * replica_util.h - helpers of the replica suites (check_replicate_replica*.c):
 * catalogs with their log in their own directories ("nodes"), DDL through
 * the DDL engine, a small seeded random DDL generator (CREATE/ALTER of
 * several kinds/RENAME across databases/DROP/DROP DATABASE/multi-statement
 * transactions), per-database SHOW CREATE dumps and id-map listings.
 * Header-only so the Makefile's suite discovery (tests/check_*.c) is not confused.
 */
#ifndef SC_TEST_REPLICA_UTIL_H
#define SC_TEST_REPLICA_UTIL_H

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "syscat.h"
#include "catalog/catalog_int.h"
#include "replicate/bytes.h"
#include "replicate/event.h"
#include "replicate/log.h"
#include "tests/fixtures.h"

/** A catalog with its log, in its own data directory. */
typedef struct ru_node {
    char dir[400];
    sc_ctx *ctx;
    sc_catalog *cat;
    sc_log *log;
} ru_node;

static inline void ru_open(ru_node *n)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    int rc;

    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    o.map_size = 256u << 20;
    ck_assert_int_eq(sc_ctx_new(&n->ctx, NULL), SC_OK);
    rc = sc_catalog_open(&n->cat, n->ctx, n->dir, &o);
    ck_assert_msg(rc == SC_OK, "open %s: %s", n->dir, sc_ctx_last_error(n->ctx)->message);
    rc = sc_log_open(&n->log, n->cat);
    ck_assert_msg(rc == SC_OK, "log %s: %s", n->dir, sc_ctx_last_error(n->ctx)->message);
}

static inline void ru_close(ru_node *n)
{
    sc_log_close(n->log);
    sc_catalog_close(n->cat);
    sc_ctx_free(n->ctx);
    n->log = NULL;
    n->cat = NULL;
    n->ctx = NULL;
}

/** Create node base/name with its server id and row image (NULL = FULL); left open. */
static inline void
ru_create(ru_node *n, const char *base, const char *name, unsigned server_id, const char *image)
{
    char id[16];

    memset(n, 0, sizeof(*n));
    snprintf(n->dir, sizeof(n->dir), "%s/%s", base, name);
    ru_open(n);
    snprintf(id, sizeof(id), "%u", server_id);
    ck_assert_int_eq(sc_log_set(n->log, "binlog.server_id", id), SC_OK);
    if (image)
        ck_assert_int_eq(sc_log_set(n->log, "binlog.row_image", image), SC_OK);
}

/** Run one statement (current database db, may be NULL); returns the code. */
static inline int ru_exec(ru_node *n, const char *db, const char *sql)
{
    sc_session *s = NULL;
    sc_stmt_result r;
    int rc;

    memset(&r, 0, sizeof(r));
    ck_assert_int_eq(sc_session_new(&s, n->cat, db), SC_OK);
    rc = sc_ddl_exec(&r, s, NULL, sql, strlen(sql));
    sc_stmt_result_clear(&r);
    sc_session_free(s);
    return rc;
}

static inline void ru_exec_ok(ru_node *n, const char *sql)
{
    int rc = ru_exec(n, NULL, sql);
    ck_assert_msg(rc == SC_OK, "%s: %s", sql, sc_ctx_last_error(n->ctx)->message);
}

/** Several statements in one catalog transaction; all or nothing. Returns the code. */
static inline int ru_exec_txn(ru_node *n, const char *const *sql, size_t count)
{
    sc_session *s = NULL;
    sc_txn *t = NULL;
    int rc = SC_OK;

    ck_assert_int_eq(sc_session_new(&s, n->cat, NULL), SC_OK);
    ck_assert_int_eq(sc_txn_begin(&t, n->cat, 0), SC_OK);
    for (size_t i = 0; !rc && i < count; i++) {
        sc_stmt_result r;
        memset(&r, 0, sizeof(r));
        rc = sc_ddl_exec(&r, s, t, sql[i], strlen(sql[i]));
        sc_stmt_result_clear(&r);
    }
    if (rc)
        sc_txn_abort(t);
    else
        rc = sc_txn_commit(t);
    sc_session_free(s);
    return rc;
}

/**
 * Run every statement of FILE (one per line, as tests/gen/gen_ddl.py writes
 * them) in one session (USE, BEGIN/COMMIT); errors are counted, not fatal.
 * @return the number of statements that succeeded
 */
static inline unsigned ru_exec_file(ru_node *n, const char *path, unsigned *failed)
{
    FILE *f = fopen(path, "r");
    sc_session *s = NULL;
    char line[65536];
    unsigned ok = 0;

    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(sc_session_new(&s, n->cat, NULL), SC_OK);
    while (fgets(line, sizeof(line), f)) {
        sc_stmt_result r;
        size_t len = strcspn(line, "\n");
        if (!len)
            continue;
        memset(&r, 0, sizeof(r));
        if (sc_ddl_exec(&r, s, NULL, line, len) == SC_OK)
            ok++;
        else if (failed)
            (*failed)++;
        sc_stmt_result_clear(&r);
        sc_ctx_clear_error(n->ctx);
    }
    sc_session_free(s);
    fclose(f);
    return ok;
}

/* ------------------------------------------------------------------ */
/* A seeded random DDL stream                                           */

#define RU_MAX_DBS 8
#define RU_MAX_TABLES 64

typedef struct ru_gen {
    unsigned seed;
    char prefix[16]; /* database names: PREFIX0.. plus "shared" */
    char dbs[RU_MAX_DBS][32];
    size_t ndbs;
    struct {
        char db[32];
        char name[32];
    } tables[RU_MAX_TABLES];
    size_t ntables;
    unsigned counter;    /* fresh names */
    unsigned ok, failed; /* statements */
} ru_gen;

static inline unsigned ru_rand(ru_gen *g, unsigned n)
{
    return n ? (unsigned)(rand_r(&g->seed) % n) : 0;
}

static inline void ru_gen_init(ru_gen *g, unsigned seed, const char *prefix)
{
    memset(g, 0, sizeof(*g));
    g->seed = seed;
    snprintf(g->prefix, sizeof(g->prefix), "%s", prefix);
}

static inline void ru_forget_db(ru_gen *g, const char *db)
{
    for (size_t i = 0; i < g->ndbs; i++)
        if (!strcmp(g->dbs[i], db))
            g->dbs[i][0] = '\0';
    for (size_t i = 0; i < g->ntables; i++)
        if (!strcmp(g->tables[i].db, db))
            g->tables[i].name[0] = '\0';
}

/* A live table of the model, or -1. */
static inline int ru_pick_table(ru_gen *g)
{
    for (int tries = 0; tries < 8 && g->ntables; tries++) {
        int i = (int)ru_rand(g, (unsigned)g->ntables);
        if (g->tables[i].name[0])
            return i;
    }
    return -1;
}

static inline const char *ru_pick_db(ru_gen *g)
{
    for (int tries = 0; tries < 8 && g->ndbs; tries++) {
        size_t i = ru_rand(g, (unsigned)g->ndbs);
        if (g->dbs[i][0])
            return g->dbs[i];
    }
    return NULL;
}

static inline void ru_add_table(ru_gen *g, const char *db, const char *name)
{
    size_t i = g->ntables < RU_MAX_TABLES ? g->ntables++ : ru_rand(g, RU_MAX_TABLES);
    snprintf(g->tables[i].db, sizeof(g->tables[i].db), "%s", db);
    snprintf(g->tables[i].name, sizeof(g->tables[i].name), "%s", name);
}

/* One ALTER TABLE clause for table t. */
static inline void ru_alter_clause(ru_gen *g, char *out, size_t size)
{
    unsigned k = ++g->counter;

    switch (ru_rand(g, 12)) {
    case 0:
        snprintf(out, size, "ADD COLUMN n%u INT DEFAULT %u", k, k);
        break;
    case 1:
        snprintf(out, size, "ADD COLUMN m%u VARCHAR(%u) NOT NULL DEFAULT '' AFTER id", k,
                 5 + k % 50);
        break;
    case 2:
        snprintf(out, size, "DROP COLUMN c");
        break;
    case 3:
        snprintf(out, size, "MODIFY a VARCHAR(%u) DEFAULT 'z'", 10 + k % 90);
        break;
    case 4:
        snprintf(out, size, "ADD INDEX i%u (b)", k);
        break;
    case 5:
        snprintf(out, size, "DROP INDEX ka");
        break;
    case 6:
        snprintf(out, size, "CHANGE b b BIGINT UNSIGNED");
        break;
    case 7:
        snprintf(out, size, "ADD CONSTRAINT chk%u CHECK (b <> %u)", k, k);
        break;
    case 8:
        snprintf(out, size, "COMMENT = 'version %u'", k);
        break;
    case 9:
        snprintf(out, size, "ALTER COLUMN a SET DEFAULT 'd%u'", k);
        break;
    case 10:
        snprintf(out, size, "ADD COLUMN c TEXT, ADD UNIQUE KEY u%u (a, b)", k);
        break;
    default:
        snprintf(out, size, "ENGINE = InnoDB ROW_FORMAT = %s", k % 2 ? "DYNAMIC" : "COMPACT");
        break;
    }
}

static inline int ru_create_table(ru_gen *g, ru_node *n, char *sql, size_t size)
{
    const char *db = ru_pick_db(g);
    int parent = ru_pick_table(g);
    char name[32], fk[160] = "";
    int rc;

    if (!db)
        return SC_OK;
    snprintf(name, sizeof(name), "t%u", ++g->counter);
    if (parent >= 0 && !strcmp(g->tables[parent].db, db) && ru_rand(g, 2))
        snprintf(fk, sizeof(fk),
                 ", CONSTRAINT fk%u FOREIGN KEY (b) REFERENCES `%s` (id) ON DELETE CASCADE",
                 g->counter, g->tables[parent].name);
    snprintf(sql, size,
             "CREATE TABLE `%s`.`%s` (id INT NOT NULL PRIMARY KEY, a VARCHAR(20) DEFAULT 'x', "
             "b INT, c TEXT COMMENT 'blob column', KEY ka (a)%s) COMMENT 'made by %s'",
             db, name, fk, g->prefix);
    rc = ru_exec(n, NULL, sql);
    if (!rc)
        ru_add_table(g, db, name);
    return rc;
}

/* A slot for a new database: a dropped one's, or the next; RU_MAX_DBS when full. */
static inline size_t ru_free_db_slot(const ru_gen *g)
{
    for (size_t i = 0; i < g->ndbs; i++)
        if (!g->dbs[i][0])
            return i;
    return g->ndbs;
}

/** One random statement (or multi-statement transaction) on node n. */
static inline void ru_gen_step(ru_gen *g, ru_node *n)
{
    char sql[512], clause[200], name[32];
    unsigned what = g->ndbs == 0 ? 0 : ru_rand(g, 100);
    int t = ru_pick_table(g), rc = SC_OK;

    if (what < 8 && ru_free_db_slot(g) < RU_MAX_DBS) {
        size_t slot = ru_free_db_slot(g);
        snprintf(name, sizeof(name), "%s%u", g->prefix, ++g->counter);
        snprintf(sql, sizeof(sql), "CREATE DATABASE `%s`", name);
        rc = ru_exec(n, NULL, sql);
        if (!rc) {
            snprintf(g->dbs[slot], sizeof(g->dbs[0]), "%s", name);
            g->ndbs += slot == g->ndbs;
        }
    } else if (what < 35 || t < 0) {
        rc = ru_create_table(g, n, sql, sizeof(sql));
    } else if (what < 70) {
        ru_alter_clause(g, clause, sizeof(clause));
        snprintf(sql, sizeof(sql), "ALTER TABLE `%s`.`%s` %s", g->tables[t].db, g->tables[t].name,
                 clause);
        rc = ru_exec(n, NULL, sql);
    } else if (what < 80) {
        const char *db = ru_pick_db(g);
        snprintf(name, sizeof(name), "r%u", ++g->counter);
        snprintf(sql, sizeof(sql), "RENAME TABLE `%s`.`%s` TO `%s`.`%s`", g->tables[t].db,
                 g->tables[t].name, db ? db : g->tables[t].db, name);
        rc = ru_exec(n, NULL, sql);
        if (!rc) {
            snprintf(g->tables[t].db, sizeof(g->tables[t].db), "%s", db ? db : g->tables[t].db);
            snprintf(g->tables[t].name, sizeof(g->tables[t].name), "%s", name);
        }
    } else if (what < 88) {
        snprintf(sql, sizeof(sql), "DROP TABLE `%s`.`%s`", g->tables[t].db, g->tables[t].name);
        rc = ru_exec(n, NULL, sql);
        if (!rc)
            g->tables[t].name[0] = '\0';
    } else if (what < 91) {
        const char *db = ru_pick_db(g);
        char victim[32];
        snprintf(victim, sizeof(victim), "%s", db ? db : "");
        snprintf(sql, sizeof(sql), "DROP DATABASE `%s`", victim);
        rc = db && strcmp(victim, "shared") ? ru_exec(n, NULL, sql) : SC_OK;
        if (db && !rc && strcmp(victim, "shared"))
            ru_forget_db(g, victim);
    } else {
        /* a multi-statement transaction: a table, two ALTERs of it */
        char s1[512], s2[300], s3[300];
        const char *stmts[3] = {s1, s2, s3};
        const char *db = ru_pick_db(g);
        if (db) {
            snprintf(name, sizeof(name), "x%u", ++g->counter);
            snprintf(s1, sizeof(s1),
                     "CREATE TABLE `%s`.`%s` (id INT PRIMARY KEY, a VARCHAR(20), b INT, c TEXT, "
                     "KEY ka (a))",
                     db, name);
            ru_alter_clause(g, clause, sizeof(clause));
            snprintf(s2, sizeof(s2), "ALTER TABLE `%s`.`%s` %s", db, name, clause);
            ru_alter_clause(g, clause, sizeof(clause));
            snprintf(s3, sizeof(s3), "ALTER TABLE `%s`.`%s` %s", db, name, clause);
            rc = ru_exec_txn(n, stmts, 3);
            if (!rc)
                ru_add_table(g, db, name);
        }
    }
    if (rc)
        g->failed++;
    else
        g->ok++;
    sc_ctx_clear_error(n->ctx);
}

/* ------------------------------------------------------------------ */
/* Comparing catalogs                                                   */

typedef struct ru_text {
    char *s;
    size_t len, cap;
} ru_text;

static inline void ru_put(ru_text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->s = realloc(t->s, t->cap);
        ck_assert_ptr_nonnull(t->s);
    }
    memcpy(t->s + t->len, s, n + 1);
    t->len += n;
}

/** The table id of db.t on node n, as a new read txn sees it (the table must exist). */
static inline uint64_t ru_table_id(ru_node *n, const char *db, const char *t)
{
    sc_txn *txn = NULL;
    sc_table *tb = NULL;
    uint64_t id;

    ck_assert_int_eq(sc_txn_begin(&txn, n->cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&tb, txn, db, t), SC_OK);
    id = sc_table_id(tb);
    sc_table_free(tb);
    sc_txn_abort(txn);
    return id;
}

typedef struct ru_tables {
    sc_txn *txn;
    const char *db;
    ru_text *out;
    size_t n;
} ru_tables;

static inline int ru_table_cb(const sc_table_info *info, void *payload)
{
    ru_tables *w = payload;
    char *sql = NULL;

    ck_assert_int_eq(sc_show_create_table(&sql, w->txn, w->db, info->name), SC_OK);
    ru_put(w->out, sql);
    ru_put(w->out, ";\n");
    sc_free(sc_catalog_ctx(sc_txn_catalog(w->txn)), sql);
    w->n++;
    return 0;
}

/**
 * SHOW CREATE of database db (its options, name left out) and of each of its
 * tables, in name order; *ntables gets the table count. NULL if db is missing.
 */
static inline char *ru_dump_db(ru_node *n, const char *db, size_t *ntables)
{
    ru_text t = {NULL, 0, 0};
    ru_tables w = {NULL, db, &t, 0};
    sc_schema *s = NULL;
    const sc_schema_def *d;
    char line[512];

    ck_assert_int_eq(sc_txn_begin(&w.txn, n->cat, SC_TXN_READONLY), SC_OK);
    if (sc_schema_lookup(&s, w.txn, db) != SC_OK) {
        sc_ctx_clear_error(n->ctx);
        sc_txn_abort(w.txn);
        return NULL;
    }
    d = sc_schema_definition(s);
    snprintf(line, sizeof(line), "DATABASE charset=%s collation=%s comment=%s\n",
             d->charset ? d->charset : "", d->collation ? d->collation : "",
             d->comment ? d->comment : "");
    ru_put(&t, line);
    ck_assert_int_eq(sc_table_foreach(w.txn, sc_schema_id(s), ru_table_cb, &w), SC_OK);
    sc_schema_free(s);
    sc_txn_abort(w.txn);
    if (ntables)
        *ntables = w.n;
    return t.s;
}

typedef struct ru_names {
    char names[64][65];
    size_t n;
} ru_names;

static inline int ru_db_cb(const sc_schema *s, void *payload)
{
    ru_names *w = payload;
    const char *name = sc_schema_definition(s)->name;

    if (strcmp(name, SC_SYSCAT_SCHEMA) != 0 && w->n < 64)
        snprintf(w->names[w->n++], sizeof(w->names[0]), "%s", name);
    return 0;
}

/** The user databases of a node, in name order. */
static inline void ru_databases(ru_names *out, ru_node *n)
{
    sc_txn *t = NULL;

    memset(out, 0, sizeof(*out));
    ck_assert_int_eq(sc_txn_begin(&t, n->cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_schema_foreach(t, ru_db_cb, out), SC_OK);
    sc_txn_abort(t);
}

typedef struct ru_idmap {
    const char *source;
    size_t tables, schemas, unnamed;
    ru_text text;
} ru_idmap;

static inline int ru_idmap_cb(const sc_idmap_entry *e, void *payload)
{
    ru_idmap *m = payload;
    char line[400];

    if (m->source && strcmp(m->source, e->source))
        return 0;
    m->tables += e->kind == SC_IDMAP_TABLE;
    m->schemas += e->kind == SC_IDMAP_SCHEMA;
    m->unnamed += !*e->local_schema;
    snprintf(line, sizeof(line), "%s %u %llu %llu %s.%s\n", e->source, e->kind,
             (unsigned long long)e->source_tid, (unsigned long long)e->my_tid, e->local_schema,
             e->local_table);
    ru_put(&m->text, line);
    return 0;
}

/** Apply every source named until nothing is left; assert success. */
static inline sc_replica_stats ru_apply_ok(ru_node *r, const char *source)
{
    sc_replica_stats st;
    int rc = sc_replica_apply(&st, r->log, source, NULL, NULL);

    ck_assert_msg(rc == SC_OK, "apply %s: %s", source, sc_ctx_last_error(r->ctx)->message);
    return st;
}

static inline void ru_add_source(ru_node *r,
                                 const char *name,
                                 const ru_node *src,
                                 const char *const *rules,
                                 size_t nrules,
                                 int on_conflict,
                                 int exec_mode)
{
    sc_replica_source_options o = SC_REPLICA_SOURCE_OPTIONS_INIT;
    int rc;

    o.from = src->dir;
    o.rewrite_db = rules;
    o.n_rewrite_db = nrules;
    o.on_conflict = on_conflict;
    o.exec_mode = exec_mode;
    rc = sc_replica_add_source(r->log, name, &o);
    ck_assert_msg(rc == SC_OK, "add-source %s: %s", name, sc_ctx_last_error(r->ctx)->message);
}

static inline void ru_fsck_ok(ru_node *n)
{
    size_t problems = 0;
    int rc = sc_fsck(n->cat, NULL, NULL, &problems);

    ck_assert_msg(rc == SC_OK && problems == 0, "fsck of %s: %zu problems", n->dir, problems);
}

/** Whole-catalog dump (every user database's SHOW CREATE). Caller frees. */
static inline char *ru_dump_all(ru_node *n)
{
    sc_txn *t = NULL;
    char *out = NULL;

    ck_assert_int_eq(sc_txn_begin(&t, n->cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_dump_show_create(&out, t), SC_OK);
    sc_txn_abort(t);
    return out;
}

static inline int ru_row_cb(sc_slice packed, void *payload)
{
    ru_text *t = payload;
    char hex[3];

    for (size_t i = 0; i < packed.len; i++) {
        snprintf(hex, sizeof(hex), "%02x", packed.data[i]);
        ru_put(t, hex);
    }
    ru_put(t, "\n");
    return 0;
}

/** Every system table's packed rows, in key order, as hex lines. Caller frees. */
static inline char *ru_raw_rows(ru_node *n)
{
    ru_text t = {0};
    sc_txn *txn = NULL;
    char head[64];

    ck_assert_int_eq(sc_txn_begin(&txn, n->cat, SC_TXN_READONLY), SC_OK);
    for (unsigned st = 1; st < SC_SYS__END; st++) {
        snprintf(head, sizeof(head), "table %u\n", st);
        ru_put(&t, head);
        ck_assert_int_eq(sc_catalog__row_foreach(txn, st, ru_row_cb, &t), SC_OK);
    }
    sc_txn_abort(txn);
    return t.s;
}

/** Data rows of u.d (i INT, v VARCHAR(n >= 20)) logged on s: an insert of k,
 *  an update of it, and every third k a delete. */
static inline void ru_data_rows(ru_node *s, uint64_t tid, int k)
{
    sc_binlog_value b[2], a[2];
    char text[40];
    sc_txn *t = NULL;

    snprintf(text, sizeof(text), "row %d", k);
    memset(b, 0, sizeof(b));
    b[0].kind = SC_VAL_INT, b[0].v.i = k;
    b[1].kind = SC_VAL_BYTES, b[1].v.str.data = (const uint8_t *)text;
    b[1].v.str.len = strlen(text);
    a[0] = b[0];
    a[1].kind = SC_VAL_NULL;
    ck_assert_int_eq(sc_txn_begin(&t, s->cat, 0), SC_OK);
    ck_assert_int_eq(sc_log_rows(s->log, t, tid, SC_LOG_INSERT, NULL, b, 2), SC_OK);
    ck_assert_int_eq(sc_log_rows(s->log, t, tid, SC_LOG_UPDATE, b, a, 2), SC_OK);
    if (k % 3 == 0)
        ck_assert_int_eq(sc_log_rows(s->log, t, tid, SC_LOG_DELETE, a, NULL, 2), SC_OK);
    ck_assert_int_eq(sc_txn_commit(t), SC_OK);
}

/** n's first log file with each event's timestamp and checksum zeroed, and the
 *  Format_description's create timestamp (its body's bytes 52-55: two nodes'
 *  files begun in different seconds differ there). Caller frees. */
static inline uint8_t *ru_masked_log(ru_node *n, size_t *len)
{
    char path[700];
    uint8_t *d;
    long size;
    FILE *f;

    ck_assert_int_eq(sc_log_sync(n->log), SC_OK);
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", n->dir);
    ck_assert_ptr_nonnull(f = fopen(path, "rb"));
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    size = ftell(f);
    rewind(f);
    ck_assert_int_gt(size, 4);
    ck_assert_ptr_nonnull(d = malloc((size_t)size));
    ck_assert_uint_eq(fread(d, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    for (size_t at = 4; at < (size_t)size;) {
        uint32_t evlen;
        ck_assert_uint_le(at + 19, (size_t)size);
        evlen = (uint32_t)d[at + 9] | (uint32_t)d[at + 10] << 8 | (uint32_t)d[at + 11] << 16 |
                (uint32_t)d[at + 12] << 24;
        ck_assert_uint_ge(evlen, 19 + 4);
        ck_assert_uint_le(at + evlen, (size_t)size);
        memset(d + at, 0, 4);
        memset(d + at + evlen - 4, 0, 4);
        if (d[at + 4] == 15 && evlen >= 19 + 56 + 4) /* FORMAT_DESCRIPTION_EVENT */
            memset(d + at + 19 + 52, 0, 4);
        at += evlen;
    }
    *len = (size_t)size;
    return d;
}

/** Long mode: SC_REPLICA_LONG=1 (make check-replica-long). */
static inline bool ru_long(void)
{
    const char *v = getenv("SC_REPLICA_LONG");
    return v && *v && strcmp(v, "0") != 0;
}

/* ------------------------------------------------------------------ */
/* Comparing logs                                                       */

static inline uint8_t *ru_file_bytes(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *d;
    long size;

    ck_assert_msg(f != NULL, "cannot open %s", path);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    size = ftell(f);
    rewind(f);
    ck_assert_ptr_nonnull(d = malloc((size_t)size + 1));
    ck_assert_uint_eq(fread(d, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    *len = (size_t)size;
    return d;
}

/** Number of binlog.NNNNNN files of a node. */
static inline unsigned ru_n_files(ru_node *n)
{
    char path[500];
    struct dirent *e;
    unsigned k = 0;
    DIR *d;

    snprintf(path, sizeof(path), "%s/binlog", n->dir);
    ck_assert_ptr_nonnull(d = opendir(path));
    while ((e = readdir(d)))
        k += sc_log__file_number(e->d_name) != 0;
    closedir(d);
    return k;
}

/** The system tables' rows and every file of the two logs, byte for byte (clocks fixed:
 *  sc_log__test_now); returns the compressed rows events seen. */
static inline unsigned ru_assert_same_logs(ru_node *one, ru_node *two)
{
    unsigned files = ru_n_files(one), zipped = 0;
    char *a = ru_raw_rows(one), *b = ru_raw_rows(two);

    ck_assert_msg(strcmp(a, b) == 0, "the system tables' rows differ");
    free(a);
    free(b);
    ck_assert_int_eq(sc_log_sync(one->log), SC_OK);
    ck_assert_int_eq(sc_log_sync(two->log), SC_OK);
    ck_assert_uint_eq(files, ru_n_files(two));
    for (unsigned f = 1; f <= files; f++) {
        char p1[700], p2[700], name[32];
        uint8_t *l1, *l2;
        size_t n1, n2, at = 0;
        sc_log__file_name(name, sizeof(name), f);
        snprintf(p1, sizeof(p1), "%s/binlog/%s", one->dir, name);
        snprintf(p2, sizeof(p2), "%s/binlog/%s", two->dir, name);
        l1 = ru_file_bytes(p1, &n1);
        l2 = ru_file_bytes(p2, &n2);
        while (at < n1 && at < n2 && l1[at] == l2[at])
            at++;
        ck_assert_msg(at == n1 && n1 == n2, "%s: the logs differ at byte %zu of %zu/%zu", name, at,
                      n1, n2);
        for (size_t e = 4; e + 19 <= n1;) { /* count the compressed rows events */
            zipped +=
                l1[e + 4] >= SC_EV_ROWS_COMPRESSED_V1 && l1[e + 4] < SC_EV_ROWS_COMPRESSED_V1 + 3;
            e += sc_get_u32le(l1 + e + 9);
        }
        free(l1);
        free(l2);
    }
    return zipped;
}

#endif /* SC_TEST_REPLICA_UTIL_H */
