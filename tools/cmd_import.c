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

#include "tools/import.h"

/* ------------------------------------------------------------------ */
/* The transaction                                                      */

void sc_import__progress(importer *im)
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
        sc_import__progress(im);
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
        if (sc_import__plain_table(db->tables[i]))
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
        rc = sc_import__run_objects(im, txn);
    if (rc == SC_OK && im->fk_sql)
        rc = sc_import__run_fk_file(im, txn);
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
        status = sc_import__collect(&im, dir);
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
