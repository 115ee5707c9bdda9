/*
 * session_txn.c - explicit transactions of a session: BEGIN / START
 * TRANSACTION ... COMMIT / ROLLBACK (and sc_session_begin/commit/rollback)
 * group statements into one catalog write transaction, so one commit, one
 * sync and one binlog transaction (docs/ddl.md, "Transactions").
 *
 * Deviation from MariaDB, on purpose: MariaDB commits implicitly before and
 * after every DDL statement, so BEGIN; CREATE TABLE ...; ROLLBACK keeps the
 * table there. Here DDL inside an explicit transaction is part of it and
 * ROLLBACK undoes it. BEGIN inside a transaction commits it first, as MariaDB
 * does. A failing statement leaves the transaction as it was (MariaDB's
 * statement atomicity), without a nested LMDB transaction per statement
 * (their commits merge dirty pages into the parent, a cost that grows with
 * it): statements run in the explicit transaction itself; one that fails
 * before its first write is forgotten (sc_catalog__txn_unwind), one that
 * fails after it is undone by building the transaction again from the
 * statements before it, the replay below (sc_ddl__txn_rebuild). Replays run
 * each statement in a nested transaction, as before.
 *
 * A full map: LMDB cannot grow the map while the transaction is open, so the
 * session keeps the text and outcome of every statement run in it, and the
 * settings it began with; after SC_EFULL it aborts, grows the map, begins
 * again and replays them (sc_ddl__txn_regrow). A replay that does not give
 * the same outcomes rolls the transaction back with an error. Temporary
 * tables and user variables are not part of the snapshot.
 */
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"

/* Free the recorded statements and the settings snapshot. */
static void replay_clear(sc_session *s)
{
    sc_txn_replay *r = &s->replay;

    for (size_t i = 0; i < r->n + r->pending; i++)
        sc_free(s->ctx, r->texts[i]);
    sc_free(s->ctx, r->texts);
    sc_free(s->ctx, r->lens);
    sc_free(s->ctx, r->codes);
    sc_free(s->ctx, r->database);
    sc_free(s->ctx, r->charset_server);
    sc_free(s->ctx, r->collation_server);
    sc_free(s->ctx, r->default_engine);
    memset(r, 0, sizeof(*r));
}

static char *dup_or_null(sc_ctx *ctx, const char *v, bool *oom)
{
    char *p = v ? sc__strndup(ctx, v, strlen(v)) : NULL;

    if (v && !p)
        *oom = true;
    return p;
}

/* Remember the settings a replay starts from. */
static int snapshot(sc_session *s)
{
    sc_txn_replay *r = &s->replay;
    bool oom = false;

    replay_clear(s);
    r->database = dup_or_null(s->ctx, s->database, &oom);
    r->charset_server = dup_or_null(s->ctx, s->charset_server, &oom);
    r->collation_server = dup_or_null(s->ctx, s->collation_server, &oom);
    r->default_engine = dup_or_null(s->ctx, s->default_engine, &oom);
    r->sql_mode = s->sql_mode;
    r->explicit_defaults_for_timestamp = s->explicit_defaults_for_timestamp;
    r->foreign_key_checks = s->foreign_key_checks;
    r->sql_notes = s->sql_notes;
    if (oom) {
        replay_clear(s);
        return SC_ENOMEM;
    }
    return SC_OK;
}

/* Put the snapshot's settings back (before a replay). */
static int restore(sc_session *s)
{
    sc_txn_replay *r = &s->replay;
    bool oom = false;
    char *db = dup_or_null(s->ctx, r->database, &oom);
    char *cs = dup_or_null(s->ctx, r->charset_server, &oom);
    char *co = dup_or_null(s->ctx, r->collation_server, &oom);
    char *en = dup_or_null(s->ctx, r->default_engine, &oom);

    if (oom) {
        sc_free(s->ctx, db);
        sc_free(s->ctx, cs);
        sc_free(s->ctx, co);
        sc_free(s->ctx, en);
        return SC_ENOMEM;
    }
    sc_free(s->ctx, s->database);
    sc_free(s->ctx, s->charset_server);
    sc_free(s->ctx, s->collation_server);
    sc_free(s->ctx, s->default_engine);
    s->database = db;
    s->charset_server = cs;
    s->collation_server = co;
    s->default_engine = en;
    s->sql_mode = r->sql_mode;
    s->explicit_defaults_for_timestamp = r->explicit_defaults_for_timestamp;
    s->foreign_key_checks = r->foreign_key_checks;
    s->sql_notes = r->sql_notes;
    return SC_OK;
}

bool sc_session_in_transaction(const sc_session *s)
{
    return s->txn != NULL;
}

int sc_session_begin(sc_session *s, unsigned flags)
{
    int rc;

    if (s->txn && (rc = sc_session_commit(s)) != SC_OK)
        return rc; /* BEGIN commits the open transaction first, as in MariaDB */
    rc = snapshot(s);
    if (rc)
        return rc;
    rc = sc_txn_begin(&s->txn, s->cat, 0);
    if (rc) {
        replay_clear(s);
        return rc;
    }
    s->txn_flags = flags;
    return SC_OK;
}

void sc_session_rollback(sc_session *s)
{
    sc_txn_abort(s->txn);
    s->txn = NULL;
    s->txn_flags = 0;
    replay_clear(s);
}

/* The transaction was lost to a full map that could not be grown, or its
 * replay went differently: say so on top of the reason. */
static int lost(sc_session *s, int rc)
{
    sc_error e = *sc_ctx_last_error(s->ctx);

    sc_session_rollback(s);
    return sc_error_set(s->ctx, rc, e.mysql_errno, e.sqlstate[0] ? e.sqlstate : NULL,
                        "%s; the transaction was rolled back", e.message);
}

/* Run the recorded statements again in a fresh transaction (why: after
 * what, for the error when one goes differently). SC_EFULL: grow again. */
static int replay(sc_session *s, const char *why)
{
    sc_txn_replay *r = &s->replay;
    sc_stmt_result res;
    int rc = restore(s);

    s->replaying = true;
    for (size_t i = 0; rc == SC_OK && i < r->n; i++) {
        rc = sc_ddl__exec_once(&res, s, NULL, r->texts[i], r->lens[i]);
        sc_stmt_result_clear(&res);
        if (rc == SC_EFULL)
            break;
        if (rc != r->codes[i])
            rc = sc_error_set(s->ctx, SC_ERROR, 0, NULL,
                              "statement %zu of the transaction went differently when it was "
                              "run again %s",
                              i + 1, why);
        else
            rc = SC_OK;
    }
    s->replaying = false;
    return rc;
}

int sc_ddl__txn_regrow(sc_session *s, bool explicit_txn)
{
    int rc;

    if (!explicit_txn)
        return sc_catalog_map_grow(s->cat); /* a statement on its own: just run it again */
    do {
        sc_txn_abort(s->txn);
        s->txn = NULL;
        rc = sc_catalog_map_grow(s->cat); /* SC_EFULL here: at the ceiling, give up */
        if (rc == SC_OK)
            rc = sc_txn_begin(&s->txn, s->cat, 0);
        if (rc == SC_OK)
            rc = replay(s, "after the catalog map grew");
    } while (rc == SC_EFULL && s->txn); /* the replay itself filled the larger map */
    return rc == SC_OK ? SC_OK : lost(s, rc);
}

int sc_ddl__txn_rebuild(sc_session *s)
{
    int rc;

    sc_txn_abort(s->txn);
    s->txn = NULL;
    rc = sc_txn_begin(&s->txn, s->cat, 0);
    if (rc == SC_OK)
        rc = replay(s, "to undo a statement that failed part-way");
    if (rc == SC_EFULL && s->txn)
        return sc_ddl__txn_regrow(s, true);
    return rc == SC_OK ? SC_OK : lost(s, rc);
}

int sc_session_commit(sc_session *s)
{
    int rc = SC_OK;

    while (s->txn) {
        rc = sc_txn_commit(s->txn); /* aborts on failure */
        s->txn = NULL;
        if (rc == SC_EFULL && (rc = sc_ddl__txn_regrow(s, true)) == SC_OK)
            continue; /* the transaction was built again in a larger map */
        break;
    }
    s->txn_flags = 0;
    replay_clear(s);
    return rc;
}

int sc_ddl__txn_prepare(sc_session *s, const char *sql, size_t len)
{
    sc_txn_replay *r = &s->replay;

    if (s->replaying || !s->txn)
        return SC_OK;
    if (r->pending) {
        sc_free(s->ctx, r->texts[r->n]); /* a statement run again after the map grew */
        r->pending = false;
    }
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        char **t = sc__realloc(s->ctx, r->texts, cap * sizeof(*t));
        size_t *l;
        int *c;
        if (!t)
            return SC_ENOMEM;
        r->texts = t;
        if (!(l = sc__realloc(s->ctx, r->lens, cap * sizeof(*l))))
            return SC_ENOMEM;
        r->lens = l;
        if (!(c = sc__realloc(s->ctx, r->codes, cap * sizeof(*c))))
            return SC_ENOMEM;
        r->codes = c;
        r->cap = cap;
    }
    if (!(r->texts[r->n] = sc__strndup(s->ctx, sql, len)))
        return SC_ENOMEM;
    r->lens[r->n] = len;
    r->pending = true;
    return SC_OK;
}

void sc_ddl__txn_note(sc_session *s, int code)
{
    sc_txn_replay *r = &s->replay;

    if (s->replaying || !s->txn || !r->pending)
        return;
    r->codes[r->n++] = code;
    r->pending = false;
}

int sc_ddl__txn_control(sc_session *s, sc_ast_stmt_kind kind)
{
    bool whole = (s->txn_flags & SC_SESSION_TXN_WHOLE) != 0;

    if (whole && kind == SC_AST_STMT_ROLLBACK)
        return sc_error_set(s->ctx, SC_ERROR, 0, NULL,
                            "ROLLBACK inside a run that is one transaction: nothing of it is "
                            "committed");
    if (whole)
        return SC_OK; /* BEGIN and COMMIT are part of the one transaction */
    if (kind == SC_AST_STMT_BEGIN)
        return sc_session_begin(s, 0);
    if (kind == SC_AST_STMT_COMMIT)
        return sc_session_commit(s);
    sc_session_rollback(s);
    return SC_OK;
}

void sc_ddl__txn_free(sc_session *s)
{
    sc_session_rollback(s); /* a session that ends inside a transaction rolls it back */
}
