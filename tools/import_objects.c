/*
 * import_objects.c - the objects `syscat import frm` creates by their
 * statements (tools/cmd_import.c): partitioned tables and sequences by
 * their SHOW CREATE text, views each after the views it selects from, then
 * triggers.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/import.h"

/* ------------------------------------------------------------------ */
/* Partitioned tables, sequences, views and triggers: by their statements */

/* A table the catalog takes as its definition; the others (partitioned tables,
 * sequences, views, triggers) are created by their statements (run_objects). */
bool sc_import__plain_table(const sc_frm *frm)
{
    return sc_frm_type_of(frm) == SC_FRM_TABLE && !sc_frm_is_partitioned(frm) &&
           !sc_frm_is_sequence(frm);
}

/* prefix + `name` (backticks doubled) + suffix, malloc'd. */
static char *quoted(const char *prefix, const char *name, const char *suffix)
{
    size_t n = strlen(prefix) + 2 * strlen(name) + strlen(suffix) + 3;
    char *out = malloc(n), *w = out;

    if (!out)
        return NULL;
    w += sprintf(w, "%s`", prefix);
    for (const char *p = name; *p; p++) {
        if (*p == '`')
            *w++ = '`';
        *w++ = *p;
    }
    sprintf(w, "`%s", suffix);
    return out;
}

/* `USE db` on the session. */
static int use_db(fk_run *fr, const char *db)
{
    char *sql = quoted("USE ", db, "");
    int rc = sql ? sc_import__run_sql(fr, sql, strlen(sql)) : SC_ENOMEM;

    free(sql);
    return rc;
}
/* The database name at s: `quoted` (backticks doubled) or bare; malloc'd. */
static char *db_name_at(const char *s, size_t n)
{
    char *out = malloc(n + 1), *w = out;
    size_t i = 0;

    if (!out)
        return NULL;
    if (n && s[0] == '`') {
        for (i = 1; i < n && !(s[i] == '`' && (i + 1 >= n || s[i + 1] != '`')); i++) {
            if (s[i] == '`')
                i++;
            *w++ = s[i];
        }
    } else {
        while (i < n && s[i] != ' ' && s[i] != '\n' && s[i] != ';')
            *w++ = s[i++];
    }
    *w = '\0';
    return out;
}

/* The CREATE SEQUENCE statement of db.name in the --foreign-keys file (the schema
 * dump), or NULL: a sequence's .frm holds its table, its values are in its data. */
static char *sequence_statement(importer *im, const char *db, const char *name)
{
    const char *sql = im->fk_sql;
    size_t len = sql ? strlen(sql) : 0, off = 0;
    char *cur = NULL, *found = NULL, *want = quoted("CREATE SEQUENCE ", name, " ");

    if (!want)
        return NULL;
    while (off < len && !found) {
        size_t end;
        bool content;
        bool more = sc_sql_split_next(&end, &content, sql + off, len - off);
        size_t skip = sc_sql_skip_blank(sql + off, end);
        const char *st = sql + off + skip;
        size_t n = end - skip;
        size_t skip_kw = !content                                             ? 0
                         : sc_import__starts_word(st, n, "CREATE DATABASE `") ? 16
                         : sc_import__starts_word(st, n, "USE ")              ? 4
                                                                              : 0;
        if (skip_kw) { /* the schema.sql form names the database so; mariadb-dump's USEs it */
            free(cur);
            cur = db_name_at(st + skip_kw, n - skip_kw);
        } else if (content && cur && strcmp(cur, db) == 0 && n > strlen(want) &&
                   memcmp(st, want, strlen(want)) == 0) {
            found = strndup(st, n);
        }
        off += end + (more ? 1 : 0);
    }
    free(cur);
    free(want);
    return found;
}

static int create_sequence(fk_run *fr, const imp_db *db, const sc_frm *frm)
{
    char *stmt = sequence_statement(fr->im, db->name, sc_frm_name(frm)), *sql;
    char engine[256];
    int rc;

    if (stmt) {
        rc = sc_import__run_sql(fr, stmt, strlen(stmt));
        free(stmt);
        return rc;
    }
    fprintf(fr->im->cli->err,
            "warning: sequence %s.%s: its values are not in its .frm; created with the "
            "defaults (give a schema dump with its CREATE SEQUENCE to --foreign-keys)\n",
            db->name, sc_frm_name(frm));
    snprintf(engine, sizeof engine, " ENGINE=%s", sc_frm_table(frm)->engine);
    if (!(sql = quoted("CREATE SEQUENCE ", sc_frm_name(frm), engine)))
        return SC_ENOMEM;
    rc = sc_import__run_sql(fr, sql, strlen(sql));
    free(sql);
    return rc;
}

/* A statement of frm's SHOW CREATE text (partitioned tables). */
static int create_by_text(fk_run *fr, const sc_frm *frm)
{
    char *text = NULL;
    int rc = sc_frm_show_create(&text, frm);

    if (rc == SC_OK)
        rc = sc_import__run_sql(fr, text, strlen(text));
    sc_free(fr->im->cli->ctx, text);
    if (rc == SC_OK && ++fr->im->done % 256 == 0)
        sc_import__progress(fr->im);
    return rc;
}

static int db_tables(fk_run *fr, const imp_db *db)
{
    int rc = SC_OK;
    bool used = false;

    for (size_t i = 0; i < db->n_tables && rc == SC_OK; i++) {
        const sc_frm *f = db->tables[i];
        if (sc_frm_type_of(f) != SC_FRM_TABLE || sc_import__plain_table(f))
            continue;
        if (!used && (rc = use_db(fr, db->name)) != SC_OK)
            return rc;
        used = true;
        fr->what = db->dir;
        rc = sc_frm_is_sequence(f) ? create_sequence(fr, db, f) : create_by_text(fr, f);
    }
    return rc;
}

/* Whether view v's query names a view of the list not created yet. */
static bool
waits_for(const char *text, sc_frm **views, const char **dbs, const bool *done, size_t n)
{
    const char *q = strstr(text, " AS ");

    for (size_t j = 0; q && j < n; j++) {
        char *name = done[j] ? NULL : quoted("", dbs[j], ".");
        char *full = name ? quoted(name, sc_frm_name(views[j]), "") : NULL;
        bool hit = full && strstr(q, full);
        free(name);
        free(full);
        if (hit)
            return true;
    }
    return false;
}

static int exec_quiet(fk_run *fr, const char *sql)
{
    sc_stmt_result res;
    int rc;

    memset(&res, 0, sizeof res);
    rc = sc_ddl_exec(&res, fr->session, fr->txn, sql, strlen(sql));
    sc_stmt_result_clear(&res);
    sc_ctx_clear_error(fr->im->cli->ctx);
    return rc;
}

/*
 * A view from its source (so the catalog keeps the text as written), in its
 * own database. MariaDB resolved the source's unqualified names in the
 * creating session's database, which the file does not record: when that
 * fails or stores another query than the file's, the view is made from the
 * file's query instead (fully qualified; its source is then that query).
 * A failed statement leaves the transaction as it was (sc_ddl_exec).
 */
static int create_view(fk_run *fr, const char *db, const sc_frm *v)
{
    char *src = NULL, *drop = NULL, *text = NULL;
    bool same = false;
    int rc = use_db(fr, db);

    fr->what = db;
    if (rc == SC_OK)
        rc = sc_frm_view_statement(&src, v);
    if (rc == SC_OK && exec_quiet(fr, src) == SC_OK) {
        if ((rc = sc_frm_view_matches(&same, fr->txn, v)) == SC_OK && !same) {
            char *head = quoted("DROP VIEW ", db, ".");
            drop = head ? quoted(head, sc_frm_name(v), "") : NULL;
            free(head);
            rc = drop ? sc_import__run_sql(fr, drop, strlen(drop)) : SC_ENOMEM;
        }
    }
    if (rc == SC_OK && !same) {
        if ((rc = sc_frm_show_create(&text, v)) == SC_OK)
            rc = sc_import__run_sql(fr, text, strlen(text));
    }
    if (rc == SC_OK && ++fr->im->done % 256 == 0)
        sc_import__progress(fr->im);
    sc_free(fr->im->cli->ctx, src);
    sc_free(fr->im->cli->ctx, text);
    free(drop);
    return rc;
}

/* The view to create next: one that selects from no view still to create, else
 * (a cycle: it will fail and say so) the first left. */
static size_t next_view(importer *im, sc_frm **views, const char **dbs, const bool *done, size_t n)
{
    size_t first = n;

    for (size_t k = 0; k < n; k++) {
        char *text = NULL;
        bool waits;
        if (done[k])
            continue;
        if (first == n)
            first = k;
        if (sc_frm_show_create(&text, views[k]) != SC_OK)
            return k;
        waits = waits_for(text, views, dbs, done, n);
        sc_free(im->cli->ctx, text);
        if (!waits)
            return k;
    }
    return first;
}

/* Views of every database, each after the views it selects from. */
static int all_views(fk_run *fr)
{
    importer *im = fr->im;
    size_t n = 0;
    sc_frm **views = NULL;
    const char **dbs = NULL;
    bool *done = NULL;
    int rc = SC_OK;

    for (size_t i = 0; i < im->n_dbs; i++)
        for (size_t j = 0; j < im->dbs[i].n_tables; j++)
            n += sc_frm_type_of(im->dbs[i].tables[j]) == SC_FRM_VIEW;
    if (!n)
        return SC_OK;
    views = calloc(n, sizeof *views);
    dbs = calloc(n, sizeof *dbs);
    done = calloc(n, sizeof *done);
    if (!views || !dbs || !done)
        rc = SC_ENOMEM;
    size_t k = 0;
    for (size_t i = 0; i < im->n_dbs && rc == SC_OK; i++)
        for (size_t j = 0; j < im->dbs[i].n_tables; j++)
            if (sc_frm_type_of(im->dbs[i].tables[j]) == SC_FRM_VIEW) {
                dbs[k] = im->dbs[i].name;
                views[k++] = im->dbs[i].tables[j];
            }
    for (size_t left = n; rc == SC_OK && left; left--) {
        size_t next = next_view(im, views, dbs, done, n);
        done[next] = true;
        rc = create_view(fr, dbs[next], views[next]);
    }
    free(views);
    free(dbs);
    free(done);
    return rc;
}

static int db_triggers(fk_run *fr, const imp_db *db)
{
    int rc = SC_OK;
    bool used = false;

    for (size_t i = 0; i < db->n_tables && rc == SC_OK; i++) {
        const sc_frm *f = db->tables[i];
        for (size_t k = 0; k < sc_frm_trigger_count(f) && rc == SC_OK; k++) {
            if (!used && (rc = use_db(fr, db->name)) != SC_OK)
                return rc;
            used = true;
            fr->what = db->dir;
            const char *stmt = sc_frm_trigger_statement(f, k);
            rc = sc_import__run_sql(fr, stmt, strlen(stmt));
        }
    }
    return rc;
}

int sc_import__run_objects(importer *im, sc_txn *txn)
{
    fk_run fr = {im, NULL, txn, NULL};
    int rc = sc_session_new(&fr.session, sc_txn_catalog(txn), NULL);

    if (rc == SC_OK)
        sc_session_set_restore(fr.session, true);
    for (size_t i = 0; i < im->n_dbs && rc == SC_OK; i++)
        rc = db_tables(&fr, &im->dbs[i]);
    if (rc == SC_OK)
        rc = all_views(&fr);
    for (size_t i = 0; i < im->n_dbs && rc == SC_OK; i++)
        rc = db_triggers(&fr, &im->dbs[i]);
    sc_session_free(fr.session);
    return rc;
}
