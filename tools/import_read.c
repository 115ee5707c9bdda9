/*
 * import_read.c - `syscat import frm`'s first step (tools/cmd_import.c):
 * every database directory (db.opt gives its charset and collation) and
 * every .frm, view .frm, .TRG, .TRN and .par file decoded, in name order,
 * before anything is written.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/import.h"

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

int sc_import__collect(importer *im, const char *dir)
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
