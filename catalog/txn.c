/*
 * txn.c - catalog transactions: LMDB read/write txns, nested write txns
 * (savepoints), the change list each write txn keeps, statement texts, and
 * the commit hook (docs/architecture.md, "Transactions and the commit hook").
 *
 * Invariants: at most one top-level write txn per catalog handle
 * (cat->writer); a txn with an open child is not used until the child ends;
 * a nested txn's changes reach its parent only when it commits, in order,
 * after the parent's own earlier changes; the hook runs once, at top-level
 * commit, inside the LMDB txn, before mdb_txn_commit.
 */
#include <assert.h>
#include <string.h>

#include "catalog/catalog_priv.h"
#include "catalog/errmsg.h"

#define CHANGE_ARENA_CHUNK (64u << 10)
#define SCRATCH_CHUNK (4u << 10)

/* Assert the invariants stated above struct sc_txn (catalog_priv.h). */
static void txn_check(const sc_txn *t)
{
    (void)t;
    assert(t->cat && t->mdb);
    assert(t->n_changes <= t->cap_changes && t->n_stmts <= t->cap_stmts);
    assert(!t->parent || (t->parent->child == t && t->parent->cat == t->cat));
    assert(!t->child || t->child->parent == t);
    assert(!t->parent || (!t->readonly && t->n_stmts == 0));
    assert(t->parent || t->readonly || t->cat->writer == t);
    assert(!t->readonly || (!t->record && t->n_changes == 0 && !t->child));
    /* (a read txn may be another thread's than the writer's: it leaves cat->writer alone) */
    assert(t->readonly || !t->cat->writer ||
           (!t->cat->writer->parent && !t->cat->writer->readonly));
}

static sc_txn *txn_new(sc_catalog *cat, bool readonly)
{
    sc_txn *t = sc__calloc(cat->ctx, 1, sizeof(*t));

    if (!t)
        return NULL;
    t->cat = cat;
    t->readonly = readonly;
    sc__buf_init(&t->key, cat->ctx);
    sc__buf_init(&t->key2, cat->ctx);
    sc__buf_init(&t->pack, cat->ctx);
    sc__arena_init(&t->bytes, cat->ctx, CHANGE_ARENA_CHUNK);
    sc__arena_init(&t->scratch, cat->ctx, SCRATCH_CHUNK);
    sc__arena_init(&t->work, cat->ctx, SCRATCH_CHUNK);
    return t;
}

static void close_cursors(sc_txn *t)
{
    unsigned i;

    for (i = 0; i < SC_TXN_CURSORS; i++) {
        if (t->cursors[i])
            mdb_cursor_close(t->cursors[i]);
        t->cursors[i] = NULL;
    }
}

/* Free everything but the LMDB txn, which the caller has ended. */
static void txn_free(sc_txn *t)
{
    sc_ctx *ctx = t->cat->ctx;
    size_t i;

    sc__arena_free(&t->bytes);
    sc__arena_free(&t->scratch);
    sc__arena_free(&t->work);
    sc_free(ctx, t->changes);
    for (i = 0; i < t->n_stmts; i++)
        sc_free(ctx, t->stmts[i]);
    sc_free(ctx, t->stmts);
    sc_free(ctx, t->stmt_lens);
    sc__buf_free(&t->key);
    sc__buf_free(&t->key2);
    sc__buf_free(&t->pack);
    sc_free(ctx, t);
}

/*
 * Another process grew the map past ours: adopt its size and begin again,
 * only when no other txn of ours is open on this thread (the remap moves
 * what they point into); other threads' reads are waited for (mapsize.c).
 */
static int adopt_map(sc_catalog *cat, bool ro, MDB_txn **mdb)
{
    int rc = MDB_MAP_RESIZED;

    if (ro)
        sc__map_read_leave(cat);
    if (sc__map_change_begin(cat)) {
        mdb_env_set_mapsize(cat->env, 0);
        cat->map_lo = cat->map_hi = NULL;
        sc__map_change_end(cat);
        rc = 0;
    }
    if (ro)
        sc__map_read_enter(cat);
    return rc ? rc : mdb_txn_begin(cat->env, NULL, ro ? MDB_RDONLY : 0, mdb);
}

int sc_txn_begin(sc_txn **out, sc_catalog *cat, unsigned flags)
{
    bool ro = (flags & SC_TXN_READONLY) != 0;
    sc_txn *t;
    int rc;

    *out = NULL;
    if (!ro && (cat->flags & SC_CATALOG_READONLY))
        return sc_error_set(cat->ctx, SC_EREADONLY, 0, NULL, "catalog is open read-only");
    if (!ro && cat->writer)
        return sc_error_set(cat->ctx, SC_EBUSY, 0, NULL,
                            "a write transaction is already open on this catalog");
    t = txn_new(cat, ro);
    if (!t)
        return SC_ENOMEM;
    if (!ro && (rc = sc__write_lock(cat))) {
        txn_free(t);
        return rc;
    }
    if (!ro && (rc = sc__map_headroom(cat))) {
        txn_free(t);
        sc__write_unlock(cat);
        return rc;
    }
    if (ro)
        sc__map_read_enter(cat);
    rc = mdb_txn_begin(cat->env, NULL, ro ? MDB_RDONLY : 0, &t->mdb);
    if (rc == MDB_MAP_RESIZED)
        rc = adopt_map(cat, ro, &t->mdb);
    if (rc) {
        if (ro)
            sc__map_read_leave(cat);
        txn_free(t);
        if (!ro)
            sc__write_unlock(cat);
        return sc_catalog__mdb_error(cat->ctx, rc, "beginning a transaction");
    }
    t->record = !ro && cat->hook != NULL;
    if (!ro && !cat->hook) {
        bool logged = false;
        rc = sc__meta_logged(&logged, cat, t->mdb);
        if (!rc && logged)
            rc = sc_error_set(cat->ctx, SC_EINVAL, 0, NULL,
                              "the catalog in '%s' logs its changes: attach the log "
                              "(sc_log_open) before writing",
                              cat->datadir);
        if (rc) {
            mdb_txn_abort(t->mdb);
            txn_free(t);
            sc__write_unlock(cat);
            return rc;
        }
    }
    if (!ro)
        cat->writer = t;
    else
        cat->readers++;
    txn_check(t);
    *out = t;
    return SC_OK;
}

int sc_txn_begin_nested(sc_txn **out, sc_txn *parent)
{
    sc_txn *t;
    int rc;

    *out = NULL;
    rc = sc__txn_writable(parent);
    if (rc)
        return rc;
    t = txn_new(parent->cat, false);
    if (!t)
        return SC_ENOMEM;
    /* The parent's cursors must not be used while the child lives. */
    close_cursors(parent);
    rc = mdb_txn_begin(parent->cat->env, parent->mdb, 0, &t->mdb);
    if (rc) {
        txn_free(t);
        return sc_catalog__mdb_error(parent->cat->ctx, rc, "beginning a nested transaction");
    }
    parent->cat->nested++;
    t->parent = parent;
    t->record = parent->record;
    t->cur_stmt = parent->cur_stmt;
    parent->child = t;
    txn_check(parent);
    txn_check(t);
    *out = t;
    return SC_OK;
}

/* Called once the LMDB txn has ended: a top-level write txn gives the write lock back. */
static void txn_end_links(sc_txn *t)
{
    if (t->parent) {
        t->parent->child = NULL;
    } else if (t->readonly) {
        assert(t->cat->readers > 0);
        t->cat->readers--;
        sc__map_read_leave(t->cat);
    } else if (t->cat->writer == t) {
        t->cat->writer = NULL;
        sc__write_unlock(t->cat);
    }
}

void sc_txn_abort(sc_txn *txn)
{
    if (!txn)
        return;
    txn_check(txn);
    if (txn->child)
        sc_txn_abort(txn->child);
    close_cursors(txn);
    mdb_txn_abort(txn->mdb);
    txn_end_links(txn);
    txn_free(txn);
}

/* Room in the parent for the child's changes, reserved before LMDB commits. */
static int reserve_changes(sc_txn *t, size_t extra)
{
    size_t cap;
    sc_row_change *p;

    if (t->cap_changes - t->n_changes >= extra)
        return SC_OK;
    cap = t->cap_changes ? t->cap_changes * 2 : 64;
    while (cap - t->n_changes < extra)
        cap *= 2;
    p = sc__realloc(t->cat->ctx, t->changes, cap * sizeof(*p));
    if (!p)
        return SC_ENOMEM;
    t->changes = p;
    t->cap_changes = cap;
    return SC_OK;
}

/* Commit t's LMDB transaction, cursors first; the MDB_txn is gone either way. */
static int lmdb_commit(sc_txn *t)
{
    int rc;

    close_cursors(t);
    rc = mdb_txn_commit(t->mdb);
    t->mdb = NULL;
    return rc;
}

static int commit_nested(sc_txn *t)
{
    sc_txn *p = t->parent;
    int rc;

    rc = reserve_changes(p, t->n_changes);
    if (rc) {
        sc_txn_abort(t);
        return rc;
    }
    rc = lmdb_commit(t);
    if (rc) {
        rc = sc__mdb_fail(p, rc, "committing a nested transaction");
        txn_end_links(t);
        txn_free(t);
        return rc;
    }
    if (t->n_changes)
        memcpy(p->changes + p->n_changes, t->changes, t->n_changes * sizeof(*t->changes));
    p->n_changes += t->n_changes;
    sc__arena_splice(&p->bytes, &t->bytes);
    p->cur_stmt = t->cur_stmt;
    p->writes += t->writes;
    txn_end_links(t);
    txn_free(t);
    txn_check(p);
    return SC_OK;
}

/*
 * Did the commit of the write transaction whose id was `id` write anything?
 * LMDB does not move the environment's last transaction id for a commit
 * with no dirty page (a SHOW run in a write transaction, an empty server
 * group), so the after-commit hook has nothing new to bring to the files.
 */
static bool commit_wrote(const sc_catalog *cat, size_t id)
{
    MDB_envinfo info;

    return mdb_env_info(cat->env, &info) != MDB_SUCCESS || info.me_last_txnid >= id;
}

static int commit_top(sc_txn *t)
{
    sc_catalog *cat = t->cat;
    size_t id = mdb_txn_id(t->mdb);
    int rc;

    if (t->record && cat->hook) {
        /* Rows the hook writes itself (the log's state) are not recorded:
         * recording could move the array the hook is reading. */
        t->record = false;
        rc = cat->hook(t, t->changes, t->n_changes, cat->hook_payload);
        if (rc) {
            if (sc_ctx_last_error(cat->ctx)->code != rc)
                sc_error_set(cat->ctx, rc, 0, NULL, "commit hook failed: %s; nothing was written",
                             sc_strerror(rc));
            sc_txn_abort(t);
            return rc;
        }
    }
    rc = lmdb_commit(t);
    if (rc) {
        t->failed = 0;
        rc = sc__mdb_fail(t, rc, "committing");
    }
    txn_end_links(t);
    txn_free(t);
    /* nothing new for the hook after a commit that wrote nothing: it would only
     * open the files to find them up to date (a syscall-heavy no-op per SHOW
     * the server runs) */
    if (rc == SC_OK && cat->after && commit_wrote(cat, id))
        cat->after(cat, cat->after_payload);
    return rc;
}

void sc_catalog_interrupt(sc_catalog *cat, bool on)
{
    cat->interrupt = on;
}

/* A pending sc_catalog_interrupt fails this write txn's commit; spent here. */
static int interrupted(sc_txn *txn)
{
    if (txn->readonly || !txn->cat->interrupt)
        return SC_OK;
    txn->cat->interrupt = 0;
    return sc_error_set_er(txn->cat->ctx, SC_ERROR, SC_ER_QUERY_INTERRUPTED);
}

/* The error a commit of a poisoned txn reports, unless one is set already. */
static int poisoned(const sc_txn *txn)
{
    if (sc_ctx_last_error(txn->cat->ctx)->code == SC_OK)
        sc_error_set(txn->cat->ctx, txn->failed, 0, NULL,
                     "transaction aborted: a change failed part-way (%s)",
                     sc_strerror(txn->failed));
    return txn->failed;
}

int sc_txn_commit(sc_txn *txn)
{
    int rc;

    txn_check(txn);
    if ((rc = interrupted(txn)) != SC_OK) {
        sc_txn_abort(txn);
        return rc;
    }
    if (txn->child) {
        rc = sc_txn_commit(txn->child);
        if (rc) {
            sc_txn_abort(txn);
            return rc;
        }
    }
    if (txn->readonly) {
        close_cursors(txn);
        mdb_txn_abort(txn->mdb); /* a read txn has nothing to commit */
        txn_end_links(txn);
        txn_free(txn);
        return SC_OK;
    }
    if (txn->failed) {
        rc = poisoned(txn);
        sc_txn_abort(txn);
        return rc;
    }
    return txn->parent ? commit_nested(txn) : commit_top(txn);
}

sc_catalog *sc_txn_catalog(const sc_txn *txn)
{
    return txn->cat;
}

bool sc_txn_readonly(const sc_txn *txn)
{
    return txn->readonly;
}

MDB_txn *sc_catalog__mdb_txn(const sc_txn *txn)
{
    return txn->mdb;
}

static sc_txn *txn_root(const sc_txn *txn)
{
    while (txn->parent)
        txn = txn->parent;
    return (sc_txn *)(uintptr_t)txn;
}

int sc_txn_set_statement(sc_txn *txn, const char *sql, size_t len)
{
    sc_txn *root = txn_root(txn);
    sc_ctx *ctx = txn->cat->ctx;
    char *copy;

    if (!sql) {
        txn->cur_stmt = 0;
        return SC_OK;
    }
    if (root->n_stmts == root->cap_stmts) {
        size_t cap = root->cap_stmts ? root->cap_stmts * 2 : 8;
        char **s = sc__realloc(ctx, root->stmts, cap * sizeof(*s));
        size_t *l;
        if (!s)
            return SC_ENOMEM;
        root->stmts = s;
        l = sc__realloc(ctx, root->stmt_lens, cap * sizeof(*l));
        if (!l)
            return SC_ENOMEM;
        root->stmt_lens = l;
        root->cap_stmts = cap;
    }
    copy = sc__strndup(ctx, sql, len);
    if (!copy)
        return SC_ENOMEM;
    root->stmts[root->n_stmts] = copy;
    root->stmt_lens[root->n_stmts] = len;
    root->n_stmts++;
    txn->cur_stmt = (unsigned)root->n_stmts;
    txn_check(root);
    return SC_OK;
}

sc_slice sc_catalog__statement(const sc_txn *txn, unsigned n)
{
    const sc_txn *root = txn_root(txn);
    sc_slice s = {NULL, 0};

    if (n >= 1 && n <= root->n_stmts) {
        s.data = (const uint8_t *)root->stmts[n - 1];
        s.len = root->stmt_lens[n - 1];
    }
    return s;
}

int sc__cursor(MDB_cursor **out, sc_txn *txn, unsigned slot)
{
    int rc;

    if (!txn->cursors[slot]) {
        rc = mdb_cursor_open(txn->mdb, txn->cat->dbi[slot], &txn->cursors[slot]);
        if (rc)
            return sc__mdb_fail(txn, rc, "opening a cursor");
    }
    *out = txn->cursors[slot];
    return SC_OK;
}

int sc__txn_writable(sc_txn *txn)
{
    sc_ctx *ctx = txn->cat->ctx;

    if (txn->readonly)
        return sc_error_set(ctx, SC_EREADONLY, 0, NULL, "read-only transaction");
    if (txn->child)
        return sc_error_set(ctx, SC_EBUSY, 0, NULL, "transaction has an open nested transaction");
    if (txn->failed)
        return sc_error_set(ctx, txn->failed, 0, NULL,
                            "transaction aborted: a change failed part-way (%s)",
                            sc_strerror(txn->failed));
    return SC_OK;
}

int sc__txn_settle(sc_txn *txn, uint64_t mark, int rc)
{
    if (rc && txn->writes != mark && !txn->failed)
        txn->failed = rc;
    return rc;
}

static size_t dirty_bit(uint64_t table_id)
{
    return (size_t)((table_id * 0x9E3779B97F4A7C15ull) >> 40) & (SC_TXN_DIRTY_BITS - 1);
}

void sc__txn_touch(sc_txn *txn, unsigned st, const uint8_t *key, size_t klen)
{
    sc_txn *root = txn_root(txn);
    size_t bit;

    /* Marked in the root, so an aborted nested txn stays marked: conservative. */
    if (st == SC_SYS_SCHEMATA) {
        root->dirty_schemata = true;
    } else if (((st >= SC_SYS_TABLES && st <= SC_SYS_CHECK_CONSTRAINTS) ||
                st == SC_SYS_PARTITIONS || st == SC_SYS_SEQUENCE_OPTIONS) &&
               klen >= 8) {
        /* Every key of these tables starts with the table id (systables.def). */
        bit = dirty_bit(sc__get_u64be(key));
        root->dirty[bit / 64] |= (uint64_t)1 << (bit % 64);
    }
}

bool sc__txn_clean(const sc_txn *txn, uint64_t table_id)
{
    const sc_txn *root;
    size_t bit;

    if (txn->readonly)
        return true;
    root = txn_root(txn);
    bit = dirty_bit(table_id);
    return !root->dirty_schemata && !(root->dirty[bit / 64] & ((uint64_t)1 << (bit % 64)));
}

int sc__txn_record(sc_txn *txn, unsigned st, sc_slice before, sc_slice after, bool cascade)
{
    sc_row_change *c;
    uint8_t *b = NULL, *a = NULL;

    if (reserve_changes(txn, 1))
        return SC_ENOMEM;
    if (before.len && !(b = sc__arena_alloc(&txn->bytes, before.len)))
        return SC_ENOMEM;
    if (after.len && !(a = sc__arena_alloc(&txn->bytes, after.len)))
        return SC_ENOMEM;
    if (b)
        memcpy(b, before.data, before.len);
    if (a)
        memcpy(a, after.data, after.len);
    c = &txn->changes[txn->n_changes++];
    c->systable = st;
    c->table_id = 0;
    c->before.data = b;
    c->before.len = before.len;
    c->after.data = a;
    c->after.len = after.len;
    c->stmt = txn->cur_stmt;
    c->cascade = cascade;
    txn_check(txn);
    return SC_OK;
}

int sc_catalog__txn_add_user_change(sc_txn *txn, uint64_t table_id, sc_slice before, sc_slice after)
{
    int rc = sc__txn_writable(txn);

    if (rc)
        return rc;
    if (!txn->record)
        return SC_OK; /* nobody logs this catalog: nothing to keep */
    rc = sc__txn_record(txn, 0, before, after, false);
    if (rc)
        return rc;
    txn->changes[txn->n_changes - 1].table_id = table_id;
    return SC_OK;
}

/*
 * The commit hook runs now over the changes recorded so far, which are then
 * forgotten with their statement texts: the next changes form a new unit of
 * the log. The LMDB transaction stays open, so all units commit or abort
 * together (the replica applier's group apply: docs/replication.md).
 */
int sc_catalog__txn_split(sc_txn *txn)
{
    sc_catalog *cat = txn->cat;
    int rc = sc__txn_writable(txn);

    if (rc)
        return rc;
    if (txn->parent)
        return sc_error_set(cat->ctx, SC_EINVAL, 0, NULL,
                            "a nested transaction cannot be split for the log");
    if (txn->record && cat->hook) {
        txn->record = false; /* as at commit: rows the hook writes are not recorded */
        rc = cat->hook(txn, txn->changes, txn->n_changes, cat->hook_payload);
        txn->record = true;
        if (rc) {
            txn->failed = rc; /* only abort is possible now */
            return rc;
        }
    }
    txn->n_changes = 0;
    sc__arena_reset(&txn->bytes);
    for (size_t i = 0; i < txn->n_stmts; i++)
        sc_free(cat->ctx, txn->stmts[i]);
    txn->n_stmts = 0;
    txn->cur_stmt = 0;
    txn_check(txn);
    return SC_OK;
}

int sc_txn_split(sc_txn *txn)
{
    if (txn->readonly)
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL,
                            "a read-only transaction cannot be split for the log");
    return sc_catalog__txn_split(txn);
}

/* ------------------------------------------------------------------ */
/* Statement savepoints without a nested LMDB txn                       */

/*
 * A nested LMDB txn per statement costs a dirty-page merge into the parent
 * at its commit that grows with the parent (2% of an explicit transaction
 * of 10,000 CREATE TABLEs, 12% at 100,000: issue 13). Statements of an
 * explicit transaction run in it directly instead; one that fails before
 * its first write is forgotten here, one that fails after it makes the
 * session build the transaction again (ddl/session_txn.c).
 */
void sc_catalog__txn_mark(sc_txn_mark *out, const sc_txn *txn)
{
    assert(!txn->readonly && !txn->child);
    out->writes = txn->writes;
    out->n_changes = txn->n_changes;
    out->n_stmts = txn_root(txn)->n_stmts;
    out->cur_stmt = txn->cur_stmt;
}

int sc_catalog__txn_stmt_end(sc_txn *txn)
{
    int rc = interrupted(txn);

    if (rc == SC_OK && txn->failed)
        rc = poisoned(txn);
    return rc;
}

bool sc_catalog__txn_unwind(sc_txn *txn, const sc_txn_mark *mark)
{
    sc_txn *root = txn_root(txn);

    if (txn->failed || txn->child || txn->writes != mark->writes ||
        txn->n_changes != mark->n_changes || root->n_stmts < mark->n_stmts)
        return false;
    while (root->n_stmts > mark->n_stmts)
        sc_free(txn->cat->ctx, root->stmts[--root->n_stmts]);
    txn->cur_stmt = mark->cur_stmt;
    txn_check(txn);
    return true;
}

uint64_t sc_catalog__nested_count(const sc_catalog *cat)
{
    return cat->nested;
}
