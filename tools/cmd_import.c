/*
 * cmd_import.c - `syscat import frm DIR [--skip-bad] [--foreign-keys FILE]`:
 * a MariaDB datadir (or one database directory) into the catalog, in one
 * write transaction, logged like any DDL.
 *
 * Order: every database directory and every .frm file is read and decoded
 * first (db.opt gives the database's charset and collation; .frm, a view's
 * text .frm, .TRG, .TRN and .par files); a file that cannot be decoded is
 * reported (file and offset, or line) and, unless --skip-bad, nothing is
 * imported. Partitioned tables, sequences, views (each after the views it
 * selects from) and triggers are created by their statements after the
 * plain tables. Then one transaction creates the databases and tables
 * (each table's SHOW CREATE text is its log annotation) and runs the foreign
 * keys of FILE: `ALTER TABLE ... ADD FOREIGN KEY` statements as they are, and
 * the `CONSTRAINT ... FOREIGN KEY` lines of `CREATE TABLE` statements (the
 * SHOW CREATE / mariadb-dump --no-data form, one definition a line) as
 * `ALTER TABLE ... ADD ...`, in the database of the last CREATE DATABASE or
 * USE. A failure anywhere aborts the transaction: nothing half imported.
 * The system databases (mysql, performance_schema, sys) are skipped.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/cli.h"

typedef struct imp_db {
    char *name;      /* decoded database name */
    char *dir;       /* its directory */
    char *charset;   /* from db.opt, or NULL (server default) */
    char *collation; /* from db.opt, or NULL */
    sc_frm **tables; /* decoded files, in file name order */
    size_t n_tables;
} imp_db;

typedef struct importer {
    sc_cli *cli;
    bool skip_bad;
    const char *fk_file;
    imp_db *dbs;
    size_t n_dbs;
    size_t n_tables, bad, done;
    char *fk_sql; /* contents of fk_file */
    bool progress;
} importer;

/* ------------------------------------------------------------------ */
/* Reading the directories                                              */

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && strcmp(s + n - m, suffix) == 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* A database directory holds db.opt or .frm files. */
static bool is_db_dir(const char *dir)
{
    struct dirent **ents = NULL;
    int n = scandir(dir, &ents, NULL, by_name);
    bool yes = false;

    for (int i = 0; i < n; i++) {
        yes = yes || strcmp(ents[i]->d_name, "db.opt") == 0 || has_suffix(ents[i]->d_name, ".frm");
        free(ents[i]);
    }
    free(ents);
    return yes;
}

static char *trim_value(char *v)
{
    size_t n = strlen(v);
    while (n && (v[n - 1] == '\n' || v[n - 1] == '\r'))
        v[--n] = 0;
    return strdup(v);
}

static void read_dbopt(imp_db *db)
{
    char *path = join(db->dir, "db.opt"), line[512];
    FILE *f = path ? fopen(path, "r") : NULL;

    free(path);
    if (!f)
        return; /* no db.opt: the server defaults, as MariaDB does */
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "default-character-set=", 22) == 0 && !db->charset)
            db->charset = trim_value(line + 22);
        else if (strncmp(line, "default-collation=", 18) == 0 && !db->collation)
            db->collation = trim_value(line + 18);
    }
    fclose(f);
}

static int read_table(importer *im, imp_db *db, const char *name)
{
    char *path = join(db->dir, name);
    sc_frm *frm = NULL;
    sc_frm **grown;
    int rc;

    if (!path)
        return sc_cli__failf(im->cli, "out of memory");
    rc = sc_frm_read_file(&frm, im->cli->ctx, path);
    free(path);
    if (rc != SC_OK) {
        sc_cli__fail(im->cli, rc);
        im->bad++;
        return SC_CLI_EXIT_OK;
    }
    if (!(grown = realloc(db->tables, (db->n_tables + 1) * sizeof *grown))) {
        sc_frm_free(frm);
        return sc_cli__failf(im->cli, "out of memory");
    }
    db->tables = grown;
    db->tables[db->n_tables++] = frm;
    if (sc_frm_type_of(frm) == SC_FRM_TABLE || sc_frm_type_of(frm) == SC_FRM_VIEW)
        im->n_tables++;
    return SC_CLI_EXIT_OK;
}

/* A .par must sit beside its partitioned table's .frm (it only lists the partitions). */
static void check_par_files(importer *im, imp_db *db)
{
    for (size_t i = 0; i < db->n_tables; i++) {
        const sc_frm *p = db->tables[i];
        bool found = false;
        if (sc_frm_type_of(p) != SC_FRM_PARTITIONS)
            continue;
        for (size_t j = 0; j < db->n_tables && !found; j++)
            found = sc_frm_type_of(db->tables[j]) == SC_FRM_TABLE &&
                    sc_frm_is_partitioned(db->tables[j]) &&
                    strcmp(sc_frm_name(db->tables[j]), sc_frm_name(p)) == 0;
        if (!found) {
            fprintf(im->cli->err, "ERROR: %s/%s.par: no partitioned table '%s' (.frm) beside it\n",
                    db->dir, sc_frm_name(p), sc_frm_name(p));
            im->bad++;
        }
    }
}

static int read_db(importer *im, const char *dir, const char *dirname)
{
    struct dirent **ents = NULL;
    imp_db *grown, *db;
    int n, status = SC_CLI_EXIT_OK;

    if (!(grown = realloc(im->dbs, (im->n_dbs + 1) * sizeof *grown)))
        return sc_cli__failf(im->cli, "out of memory");
    im->dbs = grown;
    db = &im->dbs[im->n_dbs++];
    memset(db, 0, sizeof *db);
    db->dir = strdup(dir);
    if (sc_frm_decode_filename(&db->name, im->cli->ctx, dirname) != SC_OK) {
        sc_cli__fail(im->cli, SC_EINVAL); /* reported; counted as a bad file */
        im->n_dbs--;
        free(db->dir);
        im->bad++;
        return SC_CLI_EXIT_OK;
    }
    read_dbopt(db);
    n = scandir(dir, &ents, NULL, by_name);
    for (int i = 0; i < n; i++) {
        if (status == SC_CLI_EXIT_OK &&
            (has_suffix(ents[i]->d_name, ".frm") || has_suffix(ents[i]->d_name, ".TRG") ||
             has_suffix(ents[i]->d_name, ".TRN") || has_suffix(ents[i]->d_name, ".par")))
            status = read_table(im, db, ents[i]->d_name);
        free(ents[i]);
    }
    free(ents);
    if (status == SC_CLI_EXIT_OK)
        check_par_files(im, db);
    return status;
}

static bool system_db(const char *name)
{
    return strcmp(name, "mysql") == 0 || strcmp(name, "performance_schema") == 0 ||
           strcmp(name, "sys") == 0 || strcmp(name, "information_schema") == 0;
}

static const char *base_name(const char *path)
{
    const char *s = path + strlen(path);
    while (s > path && s[-1] == '/')
        s--;
    while (s > path && s[-1] != '/')
        s--;
    return s;
}

static int collect(importer *im, const char *dir)
{
    struct dirent **ents = NULL;
    int n, status = SC_CLI_EXIT_OK;

    if (is_db_dir(dir)) {
        char *name = strdup(base_name(dir));
        char *slash = name ? strchr(name, '/') : NULL;
        if (slash)
            *slash = 0;
        status = name ? read_db(im, dir, name) : sc_cli__failf(im->cli, "out of memory");
        free(name);
        return status;
    }
    if ((n = scandir(dir, &ents, NULL, by_name)) < 0)
        return sc_cli__failf(im->cli, "%s: cannot read the directory", dir);
    for (int i = 0; i < n; i++) {
        char *sub = join(dir, ents[i]->d_name);
        struct stat st;
        if (status == SC_CLI_EXIT_OK && sub && ents[i]->d_name[0] != '.' &&
            !system_db(ents[i]->d_name) && stat(sub, &st) == 0 && S_ISDIR(st.st_mode) &&
            is_db_dir(sub))
            status = read_db(im, sub, ents[i]->d_name);
        free(sub);
        free(ents[i]);
    }
    free(ents);
    return status;
}

/* ------------------------------------------------------------------ */
/* Foreign keys                                                         */

typedef struct fk_run {
    importer *im;
    sc_session *session;
    sc_txn *txn;
    const char *what; /* names the statement's origin in errors */
} fk_run;

static int run_sql(fk_run *fr, const char *sql, size_t len)
{
    sc_stmt_result res;
    int rc;

    memset(&res, 0, sizeof res);
    rc = sc_ddl_exec(&res, fr->session, fr->txn, sql, len);
    if (rc != SC_OK) {
        fprintf(fr->im->cli->err, "%s: %.*s\n", fr->what ? fr->what : fr->im->fk_file,
                (int)(len > 200 ? 200 : len), sql);
        sc_cli__print_error(fr->im->cli->err, res.mysql_errno, res.sqlstate,
                            res.message ? res.message : sc_strerror(rc));
    }
    sc_stmt_result_clear(&res);
    return rc;
}

/* `  CONSTRAINT `x` FOREIGN KEY ...,` lines of a CREATE TABLE as ALTER TABLE ... ADD. */
static int fk_lines(fk_run *fr, const char *stmt, size_t len, const char *qtable, size_t qlen)
{
    const char *p = stmt, *end = stmt + len;
    int rc = SC_OK;

    while (rc == SC_OK && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end, *s = p;
        while (s < le && *s == ' ')
            s++;
        if ((strncmp(s, "CONSTRAINT ", 11) == 0 &&
             memmem(s, (size_t)(le - s), " FOREIGN KEY ", 13)) ||
            strncmp(s, "FOREIGN KEY ", 12) == 0) {
            size_t n = (size_t)(le - s);
            char *sql;
            if (n && s[n - 1] == ',')
                n--;
            if (!(sql = malloc(qlen + n + 32)))
                return SC_ENOMEM;
            snprintf(sql, qlen + n + 32, "ALTER TABLE %.*s ADD %.*s", (int)qlen, qtable, (int)n, s);
            rc = run_sql(fr, sql, strlen(sql));
            free(sql);
        }
        p = nl ? nl + 1 : end;
    }
    return rc;
}

static bool starts_word(const char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    return len >= n && strncasecmp(s, word, n) == 0;
}

/*
 * AUTO_INCREMENT=N of a CREATE TABLE's closing options line, applied with
 * ALTER TABLE: InnoDB and MyISAM keep the counter in their own files, not in
 * the .frm, so the schema dump is where an import finds it (as it finds a
 * sequence's values). PAGE_CHECKSUM=n of the same line is given again.
 */
static int
auto_increment_option(fk_run *fr, const char *stmt, size_t len, const char *qtable, size_t qlen)
{
    const char *close = stmt + len, *opt, *digits, *pc;
    char sql[600];
    size_t n = 0;

    while (len && (stmt[len - 1] == '\n' || stmt[len - 1] == ' ' || stmt[len - 1] == '\r'))
        len--;
    close = stmt + len;
    while (close > stmt && close[-1] != '\n') /* the last line: ") ENGINE=... AUTO_INCREMENT=N" */
        close--;
    if (*close != ')' ||
        !(opt = memmem(close, (size_t)(stmt + len - close), " AUTO_INCREMENT=", 16)))
        return SC_OK;
    digits = opt + 16;
    while (digits + n < stmt + len && digits[n] >= '0' && digits[n] <= '9')
        n++;
    if (!n || n > 20 || qlen > sizeof(sql) - 64)
        return SC_OK;
    /* an ALTER forgets PAGE_CHECKSUM of a table that is not Aria unless it gives it again */
    pc = memmem(close, (size_t)(stmt + len - close), " PAGE_CHECKSUM=", 15);
    snprintf(sql, sizeof(sql), "ALTER TABLE %.*s AUTO_INCREMENT=%.*s%s%c", (int)qlen, qtable,
             (int)n, digits, pc ? " PAGE_CHECKSUM=" : "", pc ? pc[15] : '\0');
    return run_sql(fr, sql, strlen(sql));
}

/* The table name of `CREATE TABLE [IF NOT EXISTS] name (`, as written. */
static bool create_table_name(const char **q, size_t *qlen, const char *s, size_t len)
{
    const char *p = s + 12, *end = s + len;
    while (p < end && *p == ' ')
        p++;
    if (starts_word(p, (size_t)(end - p), "IF NOT EXISTS "))
        p += 14;
    *q = p;
    while (p < end && *p != '(' && *p != '\n')
        p++;
    while (p > *q && p[-1] == ' ')
        p--;
    *qlen = (size_t)(p - *q);
    return *qlen > 0;
}

static int fk_statement(fk_run *fr, const char *s, size_t len)
{
    const char *q;
    size_t qlen;

    if (starts_word(s, len, "CREATE TABLE ") && create_table_name(&q, &qlen, s, len)) {
        int rc = fk_lines(fr, s, len, q, qlen);
        return rc == SC_OK ? auto_increment_option(fr, s, len, q, qlen) : rc;
    }
    if (starts_word(s, len, "ALTER TABLE ") || starts_word(s, len, "USE ") ||
        starts_word(s, len, "SET "))
        return run_sql(fr, s, len);
    if (starts_word(s, len, "CREATE DATABASE ")) {
        /* its name becomes the current database (the schema.sql form has no USE) */
        const char *p = s + 16, *end = s + len;
        char *use;
        int rc;
        if (starts_word(p, (size_t)(end - p), "IF NOT EXISTS "))
            p += 14;
        const char *e = p;
        if (e < end && *e == '`') {
            for (e++; e < end && !(*e == '`' && (e + 1 >= end || e[1] != '`')); e++)
                if (*e == '`')
                    e++;
            e++;
        } else {
            while (e < end && *e != ' ' && *e != '\n')
                e++;
        }
        if (!(use = malloc((size_t)(e - p) + 8)))
            return SC_ENOMEM;
        snprintf(use, (size_t)(e - p) + 8, "USE %.*s", (int)(e - p), p);
        rc = run_sql(fr, use, strlen(use));
        free(use);
        return rc;
    }
    return SC_OK; /* other statements (DROP, INSERT, comments...) carry no foreign key */
}

/* CREATE [DEFINER=...] TRIGGER ...: a word TRIGGER before the first ON. */
static bool is_trigger(const char *s, size_t len)
{
    const char *t, *on;
    char *head;
    bool yes;

    if (!starts_word(s, len, "CREATE "))
        return false;
    if (!(head = strndup(s, len > 200 ? 200 : len)))
        return false;
    t = strstr(head, " TRIGGER ");
    on = strstr(head, " ON ");
    yes = t && (!on || t < on);
    free(head);
    return yes;
}

static int run_fk_file(importer *im, sc_txn *txn)
{
    fk_run fr = {im, NULL, txn, NULL};
    const char *sql = im->fk_sql;
    size_t len = strlen(sql), off = 0;
    int rc = sc_session_new(&fr.session, sc_txn_catalog(txn), NULL);

    if (rc == SC_OK)
        rc = sc_session_set(fr.session, "foreign_key_checks", "0");
    while (rc == SC_OK && off < len) {
        size_t end;
        bool content;
        bool found = sc_sql_split_next(&end, &content, sql + off, len - off);
        size_t skip = sc_sql_skip_blank(sql + off, end);
        if (content && is_trigger(sql + off + skip, end - skip)) {
            /* the .TRG files hold the triggers; a compound body is one statement of
             * the schema.sql form (ends at ";\n\n") or of mariadb-dump's (";;") */
            const char *s1 = strstr(sql + off, ";\n\n"), *s2 = strstr(sql + off, ";;");
            const char *e = s1 && (!s2 || s1 < s2) ? s1 : s2;
            off = e ? (size_t)(e - sql) + 2 : len;
            continue;
        }
        if (content)
            rc = fk_statement(&fr, sql + off + skip, end - skip);
        off += end + (found ? 1 : 0);
    }
    sc_session_free(fr.session);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Partitioned tables, sequences, views and triggers: by their statements */

static void progress(importer *im);

/* A table the catalog takes as its definition; the others (partitioned tables,
 * sequences, views, triggers) are created by their statements (run_objects). */
static bool plain_table(const sc_frm *frm)
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
    int rc = sql ? run_sql(fr, sql, strlen(sql)) : SC_ENOMEM;

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
        size_t skip_kw = !content                                  ? 0
                         : starts_word(st, n, "CREATE DATABASE `") ? 16
                         : starts_word(st, n, "USE ")              ? 4
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
        rc = run_sql(fr, stmt, strlen(stmt));
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
    rc = run_sql(fr, sql, strlen(sql));
    free(sql);
    return rc;
}

/* A statement of frm's SHOW CREATE text (partitioned tables). */
static int create_by_text(fk_run *fr, const sc_frm *frm)
{
    char *text = NULL;
    int rc = sc_frm_show_create(&text, frm);

    if (rc == SC_OK)
        rc = run_sql(fr, text, strlen(text));
    sc_free(fr->im->cli->ctx, text);
    if (rc == SC_OK && ++fr->im->done % 256 == 0)
        progress(fr->im);
    return rc;
}

static int db_tables(fk_run *fr, const imp_db *db)
{
    int rc = SC_OK;
    bool used = false;

    for (size_t i = 0; i < db->n_tables && rc == SC_OK; i++) {
        const sc_frm *f = db->tables[i];
        if (sc_frm_type_of(f) != SC_FRM_TABLE || plain_table(f))
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
            rc = drop ? run_sql(fr, drop, strlen(drop)) : SC_ENOMEM;
        }
    }
    if (rc == SC_OK && !same) {
        if ((rc = sc_frm_show_create(&text, v)) == SC_OK)
            rc = run_sql(fr, text, strlen(text));
    }
    if (rc == SC_OK && ++fr->im->done % 256 == 0)
        progress(fr->im);
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
            rc = run_sql(fr, stmt, strlen(stmt));
        }
    }
    return rc;
}

static int run_objects(importer *im, sc_txn *txn)
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

/* ------------------------------------------------------------------ */
/* The transaction                                                      */

static void progress(importer *im)
{
    if (im->progress)
        fprintf(im->cli->err, "\rimport frm: %zu/%zu tables", im->done, im->n_tables);
}

static bool has_generated_key(const sc_table_def *def)
{
    for (size_t i = 0; i < def->n_indexes; i++)
        if (def->indexes[i].flags & SC_INDEX_GENERATED)
            return true;
    return false;
}

/*
 * Create the table. With foreign keys to add, an index MariaDB generated for
 * a foreign key is created as a plain one first: the DDL engine would
 * otherwise replace it by an index named after the constraint when the FK
 * is added (MariaDB's rule for ADD CONSTRAINT), while the datadir's index
 * already is the one that FK uses. restore_generated() puts the flag back.
 */
static int create_table(importer *im, sc_txn *txn, uint64_t schema_id, const sc_table_def *def)
{
    sc_table_def plain = *def;
    sc_index_def *ix;
    int rc;

    if (!im->fk_sql || !has_generated_key(def))
        return sc_table_create(NULL, txn, schema_id, def);
    if (!(ix = malloc((def->n_indexes + 1) * sizeof *ix)))
        return SC_ENOMEM;
    for (size_t i = 0; i < def->n_indexes; i++) {
        ix[i] = def->indexes[i];
        ix[i].flags &= ~(unsigned)SC_INDEX_GENERATED;
    }
    plain.indexes = ix;
    rc = sc_table_create(NULL, txn, schema_id, &plain);
    free(ix);
    return rc;
}

static int import_table(importer *im, sc_txn *txn, uint64_t schema_id, const sc_frm *frm)
{
    char *text = NULL;
    int rc = sc_frm_show_create(&text, frm);

    if (rc == SC_OK)
        rc = sc_txn_set_statement(txn, text, strlen(text));
    sc_free(im->cli->ctx, text);
    if (rc == SC_OK)
        rc = create_table(im, txn, schema_id, sc_frm_table(frm));
    if (rc == SC_OK && ++im->done % 256 == 0)
        progress(im);
    return rc;
}

/* Give the FK-generated indexes of one table their flag back (see create_table). */
static int restore_table(sc_txn *txn, const imp_db *db, const sc_table_def *orig)
{
    sc_table *t = NULL;
    sc_table_def def;
    sc_index_def *ix;
    int rc = sc_table_lookup(&t, txn, db->name, orig->name);

    if (rc != SC_OK)
        return rc;
    def = *sc_table_definition(t);
    if (!(ix = malloc((def.n_indexes + 1) * sizeof *ix))) {
        sc_table_free(t);
        return SC_ENOMEM;
    }
    for (size_t i = 0; i < def.n_indexes; i++) {
        ix[i] = def.indexes[i];
        for (size_t j = 0; j < orig->n_indexes; j++)
            if ((orig->indexes[j].flags & SC_INDEX_GENERATED) &&
                strcmp(orig->indexes[j].name, ix[i].name) == 0)
                ix[i].flags |= SC_INDEX_GENERATED;
    }
    def.indexes = ix;
    rc = sc_table_alter(txn, sc_table_id(t), &def);
    free(ix);
    sc_table_free(t);
    return rc;
}

static int restore_generated(importer *im, sc_txn *txn)
{
    int rc = SC_OK;

    for (size_t i = 0; i < im->n_dbs && rc == SC_OK; i++)
        for (size_t j = 0; j < im->dbs[i].n_tables && rc == SC_OK; j++)
            if (has_generated_key(sc_frm_table(im->dbs[i].tables[j])))
                rc = restore_table(txn, &im->dbs[i], sc_frm_table(im->dbs[i].tables[j]));
    return rc;
}

static int import_db(importer *im, sc_txn *txn, const imp_db *db)
{
    sc_schema_def def = {db->name, db->charset ? db->charset : "utf8mb4",
                         db->collation ? db->collation : NULL, NULL};
    uint64_t id = 0;
    char stmt[512];
    int rc;

    snprintf(stmt, sizeof stmt, "CREATE DATABASE `%s` (import frm %s)", db->name, db->dir);
    if ((rc = sc_txn_set_statement(txn, stmt, strlen(stmt))) != SC_OK ||
        (rc = sc_schema_create(&id, txn, &def)) != SC_OK)
        return rc;
    for (size_t i = 0; i < db->n_tables && rc == SC_OK; i++)
        if (plain_table(db->tables[i]))
            rc = import_table(im, txn, id, db->tables[i]);
    return rc;
}

static int import_all(sc_txn *txn, void *payload)
{
    importer *im = payload;
    int rc = SC_OK;

    im->done = 0;
    for (size_t i = 0; i < im->n_dbs && rc == SC_OK; i++)
        rc = import_db(im, txn, &im->dbs[i]);
    if (rc == SC_OK)
        rc = run_objects(im, txn);
    if (rc == SC_OK && im->fk_sql)
        rc = run_fk_file(im, txn);
    if (rc == SC_OK && im->fk_sql)
        rc = restore_generated(im, txn);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Command                                                              */

static void importer_free(importer *im)
{
    for (size_t i = 0; i < im->n_dbs; i++) {
        for (size_t j = 0; j < im->dbs[i].n_tables; j++)
            sc_frm_free(im->dbs[i].tables[j]);
        free(im->dbs[i].tables);
        sc_free(im->cli->ctx, im->dbs[i].name);
        free(im->dbs[i].dir);
        free(im->dbs[i].charset);
        free(im->dbs[i].collation);
    }
    free(im->dbs);
    free(im->fk_sql);
}

static int parse_import_args(importer *im, const char **dir, int argc, char **argv)
{
    *dir = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--skip-bad") == 0)
            im->skip_bad = true;
        else if (strcmp(argv[i], "--foreign-keys") == 0 && i + 1 < argc)
            im->fk_file = argv[++i];
        else if (argv[i][0] != '-' && !*dir)
            *dir = argv[i];
        else
            return sc_cli__usage_error(im->cli, "import", "unexpected argument '%s'", argv[i]);
    }
    if (!*dir)
        return sc_cli__usage_error(im->cli, "import", "frm needs a directory");
    return SC_CLI_EXIT_OK;
}

static int load_fk_file(importer *im)
{
    size_t len = 0;
    FILE *f;

    if (!im->fk_file)
        return SC_CLI_EXIT_OK;
    if (!(f = fopen(im->fk_file, "rb")))
        return sc_cli__failf(im->cli, "%s: cannot open", im->fk_file);
    fseek(f, 0, SEEK_END);
    len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    if (!(im->fk_sql = malloc(len + 1)) || fread(im->fk_sql, 1, len, f) != len) {
        fclose(f);
        return sc_cli__failf(im->cli, "%s: cannot read", im->fk_file);
    }
    im->fk_sql[len] = 0;
    fclose(f);
    return SC_CLI_EXIT_OK;
}

static int commit_import(importer *im)
{
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    int status = sc_cli__open(&cat, im->cli, 0), rc;

    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_log_open(&log, cat);
    if (rc == SC_OK)
        rc = sc_txn_run(cat, import_all, im);
    if (im->progress)
        fputc('\n', im->cli->err);
    status = rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(im->cli, rc);
    if (rc == SC_OK)
        fprintf(im->cli->out, "imported %zu database(s), %zu table(s)%s\n", im->n_dbs, im->n_tables,
                im->fk_sql ? ", foreign keys applied" : "");
    if (log && sc_log_sync(log) != SC_OK)
        fprintf(im->cli->err, "warning: binlog files not written; `syscat binlog rebuild` "
                              "rewrites them\n");
    sc_log_close(log);
    sc_catalog_close(cat);
    return status;
}

int sc_cli__cmd_import(sc_cli *cli, int argc, char **argv)
{
    importer im;
    const char *dir = NULL;
    int status;

    memset(&im, 0, sizeof im);
    im.cli = cli;
    if (argc < 2 || strcmp(argv[1], "frm") != 0)
        return sc_cli__usage_error(cli, "import", "only 'import frm DIR' exists");
    status = parse_import_args(&im, &dir, argc - 1, argv + 1);
    if (status == SC_CLI_EXIT_OK)
        status = load_fk_file(&im);
    if (status == SC_CLI_EXIT_OK)
        status = collect(&im, dir);
    if (status == SC_CLI_EXIT_OK && im.bad && !im.skip_bad)
        status = sc_cli__failf(cli,
                               "%zu file(s) could not be read; nothing imported "
                               "(--skip-bad imports the others)",
                               im.bad);
    if (status == SC_CLI_EXIT_OK && im.bad)
        fprintf(cli->err, "import frm: skipped %zu bad file(s)\n", im.bad);
    im.progress = isatty(fileno(cli->err));
    if (status == SC_CLI_EXIT_OK)
        status = commit_import(&im);
    importer_free(&im);
    return status;
}
