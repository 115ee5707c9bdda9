/*
 * exec_stored.c - statements on stored procedures, functions and events.
 *
 * syscat keeps table definitions (with views, triggers and sequences), not
 * routines or events: there are never any. So DROP and ALTER answer as
 * MariaDB does for one that does not exist (1305, 1539; a Note under IF
 * EXISTS, so a dump's `DROP PROCEDURE IF EXISTS` lines pass), and CREATE is
 * refused with ER_NOT_SUPPORTED_YET (1235, SQLSTATE 42000) in words that
 * say syscat keeps none: the code MariaDB gives a statement it parses but
 * will not run, which client libraries already map to "not supported"
 * (PyMySQL and mysqlclient raise NotSupportedError for it).
 */
#include <string.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"

static const char *kept_none(const char *object)
{
    if (strcmp(object, "PROCEDURE") == 0)
        return "stored procedures";
    if (strcmp(object, "FUNCTION") == 0)
        return "stored functions";
    return "events";
}

/* 1049 unless db exists (1046 without one). */
static int need_db(sc_exec *x, const char *db)
{
    sc_schema *s = NULL;
    int rc;

    if (!db)
        return sc_exec__err(x, SC_ER_NO_DB_ERROR);
    rc = sc_schema_lookup(&s, x->txn, db);
    sc_schema_free(s);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_BAD_DB_ERROR, db);
    return rc;
}

int sc_exec__stored_object(sc_exec *x)
{
    const sc_ast_stored_object *o = x->stmt->stored;
    const char *db = o->name.db ? o->name.db : x->s->database;
    bool event = strcmp(o->object, "EVENT") == 0;

    int rc;

    if (!db)
        return sc_exec__err(x, SC_ER_NO_DB_ERROR);
    if (strcmp(o->verb, "CREATE") == 0) {
        if ((rc = need_db(x, db)) != SC_OK)
            return rc;
        return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET_NOT_KEPT, o->verb, o->object, db,
                            o->name.name, kept_none(o->object));
    }
    /* ALTER EVENT opens the event's database, and RENAME TO's, first */
    if (event && strcmp(o->verb, "ALTER") == 0 &&
        ((rc = need_db(x, db)) != SC_OK ||
         (o->rename.name &&
          (rc = need_db(x, o->rename.db ? o->rename.db : x->s->database)) != SC_OK)))
        return rc;
    if (o->if_exists) {
        if (event)
            sc_exec__warn(x, SC_ER_SP_DOES_NOT_EXIST, "Event", o->name.name);
        else
            sc_exec__warn(x, SC_ER_SP_DOES_NOT_EXIST, o->object,
                          sc_exec__printf(x, "%s.%s", db, o->name.name));
        return SC_OK;
    }
    if (event)
        return sc_exec__err(x, SC_ER_EVENT_DOES_NOT_EXIST, o->name.name);
    return sc_exec__err(x, SC_ER_SP_DOES_NOT_EXIST, o->object,
                        sc_exec__printf(x, "%s.%s", db, o->name.name));
}
