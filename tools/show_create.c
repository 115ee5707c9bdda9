/*
 * show_create.c - the CLI's use of the DDL module's SHOW CREATE renderer:
 * `show create table|database` and the SQL form of `dump`.
 *
 * `dump --show-create` without database names prints sc_dump_show_create()
 * verbatim: that is the exact schema.sql contract (DESIGN.md section 8,
 * shared/oracle/README.md). With names, the same layout restricted to those
 * databases (in the order given): sc_dump_show_create_schema() for each.
 */
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

static int print_text(sc_cli *cli, int rc, char *text, const char *suffix)
{
    if (rc != SC_OK)
        return sc_cli__fail(cli, rc);
    fputs(text, cli->out);
    fputs(suffix, cli->out);
    sc_free(cli->ctx, text);
    return SC_CLI_EXIT_OK;
}

int sc_cli__print_create_database(sc_cli *cli, sc_txn *txn, const char *db)
{
    char *text = NULL;
    int rc = sc_show_create_database(&text, txn, db);

    return print_text(cli, rc, text, ";\n");
}

int sc_cli__print_create_table(sc_cli *cli, sc_txn *txn, const char *db, const char *table)
{
    char *text = NULL;
    int rc = sc_show_create_table(&text, txn, db, table);

    return print_text(cli, rc, text, ";\n");
}

/* One database in the schema.sql layout (tables, sequences, views, triggers). */
static int dump_database(sc_cli *cli, sc_txn *txn, const char *db)
{
    char *text = NULL;
    int rc = sc_dump_show_create_schema(&text, txn, db);

    if (rc == SC_OK) {
        fputs(text, cli->out);
        sc_free(cli->ctx, text);
    }
    return rc;
}

int sc_cli__dump_sql(sc_cli *cli, sc_txn *txn, char *const *dbs, size_t n_dbs)
{
    char *text = NULL;
    size_t i;
    int rc;

    if (n_dbs == 0) {
        rc = sc_dump_show_create(&text, txn);
        return print_text(cli, rc, text, "");
    }
    for (i = 0; i < n_dbs; i++) {
        rc = dump_database(cli, txn, dbs[i]);
        if (rc != SC_OK)
            return sc_cli__fail(cli, rc);
    }
    return SC_CLI_EXIT_OK;
}
