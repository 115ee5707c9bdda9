/*
 * cmd_show.c - `syscat show ...`: SHOW DATABASES, SHOW TABLES [DB] (every
 * user table when DB is omitted), SHOW CREATE TABLE DB.T and SHOW CREATE
 * DATABASE DB. Listings are aligned tables (cli.c); SHOW CREATE text comes
 * from the DDL module (show_create.c) and is printed with a final ';'.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tools/cli.h"

/*
 * A database name as typed: `quoted` (a doubled `` inside stands for one) or
 * bare, as the mysql client accepts both. malloc'ed; NULL when out of memory.
 */
static char *unquote_db(const char *s)
{
    size_t len = strlen(s), o = 0;
    char *out = malloc(len + 1);

    if (!out)
        return NULL;
    if (len < 2 || s[0] != '`' || s[len - 1] != '`')
        return memcpy(out, s, len + 1);
    for (size_t i = 1; i + 1 < len; i++) {
        out[o++] = s[i];
        if (s[i] == '`' && i + 2 < len && s[i + 1] == '`')
            i++;
    }
    out[o] = '\0';
    return out;
}

static int add_schema_row(const sc_schema *schema, void *payload)
{
    const char *cell = sc_schema_definition(schema)->name;
    return sc_cli__grid_add(payload, &cell) == 0 ? 0 : SC_ENOMEM;
}

static int show_databases(sc_cli *cli, sc_txn *txn)
{
    static const char *const header[] = {"Database"};
    sc_cli_grid grid;
    int rc;

    if (sc_cli__grid_init(&grid, 1, header) != 0)
        return sc_cli__fail(cli, SC_ENOMEM);
    rc = sc_schema_foreach(txn, add_schema_row, &grid);
    if (rc == SC_OK)
        (void)sc_cli__grid_output(cli, &grid);
    sc_cli__grid_free(&grid);
    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
}

/* State of a `show tables` walk: the table being filled, and for the
 * all-databases form, the database name of the current schema. */
typedef struct tables_walk {
    sc_cli_grid grid;
    sc_txn *txn;
    const char *db; /* NULL for the one-database form (one column) */
} tables_walk;

static int add_table_row(const sc_table_info *info, void *payload)
{
    tables_walk *w = payload;
    const char *cells[2];

    cells[0] = w->db ? w->db : info->name;
    cells[1] = info->name;
    return sc_cli__grid_add(&w->grid, cells) == 0 ? 0 : SC_ENOMEM;
}

static int add_schema_tables(const sc_schema *schema, void *payload)
{
    tables_walk *w = payload;
    const char *name = sc_schema_definition(schema)->name;

    if (strcmp(name, SC_SYSCAT_SCHEMA) == 0)
        return 0;
    w->db = name;
    return sc_table_foreach(w->txn, sc_schema_id(schema), add_table_row, w);
}

static int show_tables(sc_cli *cli, sc_txn *txn, const char *db)
{
    static const char *const all_header[] = {"Database", "Table"};
    tables_walk w = {{0, 0, 0, NULL}, txn, NULL};
    sc_schema *schema = NULL;
    char *header = NULL;
    int rc;

    if (db) {
        rc = sc_schema_lookup(&schema, txn, db);
        if (rc != SC_OK)
            return sc_cli__fail(cli, rc);
        if (asprintf(&header, "Tables_in_%s", db) < 0) {
            sc_schema_free(schema);
            return sc_cli__fail(cli, SC_ENOMEM);
        }
        rc = sc_cli__grid_init(&w.grid, 1, (const char *const *)&header) == 0 ? SC_OK : SC_ENOMEM;
        if (rc == SC_OK)
            rc = sc_table_foreach(txn, sc_schema_id(schema), add_table_row, &w);
    } else {
        rc = sc_cli__grid_init(&w.grid, 2, all_header) == 0 ? SC_OK : SC_ENOMEM;
        if (rc == SC_OK)
            rc = sc_schema_foreach(txn, add_schema_tables, &w);
    }
    if (rc == SC_OK)
        (void)sc_cli__grid_output(cli, &w.grid);
    sc_cli__grid_free(&w.grid);
    sc_schema_free(schema);
    free(header);
    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
}

static int show_create(sc_cli *cli, sc_txn *txn, int argc, char **argv)
{
    char *db = NULL, *table = NULL;
    int status;

    (void)argc;
    if (strcasecmp(argv[2], "table") != 0) {
        if (!(db = unquote_db(argv[3])))
            return sc_cli__fail(cli, SC_ENOMEM);
        status = sc_cli__print_create_database(cli, txn, db);
        free(db);
        return status;
    }
    if (sc_cli__split_name(&db, &table, argv[3]) != 0)
        return sc_cli__usage_error(cli, "show", "expected DB.TABLE, got '%s'", argv[3]);
    status = sc_cli__print_create_table(cli, txn, db, table);
    free(db);
    free(table);
    return status;
}

/* Check the words before opening anything, so usage errors exit 2 even
 * without a catalog. */
static int check_args(sc_cli *cli, int argc, char **argv)
{
    if (argc < 2)
        return sc_cli__usage_error(cli, "show", "what to show?");
    if (strcasecmp(argv[1], "databases") == 0 || strcasecmp(argv[1], "schemas") == 0)
        return argc == 2 ? SC_CLI_EXIT_OK
                         : sc_cli__usage_error(cli, "show", "unexpected argument '%s'", argv[2]);
    if (strcasecmp(argv[1], "tables") == 0)
        return argc <= 3 ? SC_CLI_EXIT_OK
                         : sc_cli__usage_error(cli, "show", "unexpected argument '%s'", argv[3]);
    if (strcasecmp(argv[1], "create") == 0) {
        if (argc != 4)
            return sc_cli__usage_error(cli, "show",
                                       "'show create' needs 'table DB.TABLE' or "
                                       "'database DB'");
        if (strcasecmp(argv[2], "table") != 0 && strcasecmp(argv[2], "database") != 0 &&
            strcasecmp(argv[2], "schema") != 0)
            return sc_cli__usage_error(cli, "show", "unknown 'show create %s'", argv[2]);
        return SC_CLI_EXIT_OK;
    }
    return sc_cli__usage_error(cli, "show", "unknown 'show %s'", argv[1]);
}

/* Remove "--as-of SPEC" / "--as-of=SPEC" from argv; -1 when SPEC is missing. */
static int take_as_of(const char **as_of, int *argc, char **argv)
{
    int o = 1;

    *as_of = NULL;
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--as-of") == 0) {
            if (i + 1 >= *argc)
                return -1;
            *as_of = argv[++i];
        } else if (strncmp(argv[i], "--as-of=", 8) == 0) {
            *as_of = argv[i] + 8;
        } else {
            argv[o++] = argv[i];
        }
    }
    *argc = o;
    return 0;
}

int sc_cli__cmd_show(sc_cli *cli, int argc, char **argv)
{
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    const char *as_of;
    int status;

    sc_cli__take_json(cli, &argc, argv);
    if (take_as_of(&as_of, &argc, argv) != 0)
        return sc_cli__usage_error(cli, "show", "--as-of needs GTID, FILE:POS or a time");
    if (as_of && !cli->open_as_of)
        return sc_cli__usage_error(cli, "show", "--as-of is not available here");
    status = check_args(cli, argc, argv);
    if (status != SC_CLI_EXIT_OK)
        return status;
    status = as_of ? cli->open_as_of(&cat, &txn, cli, "show", as_of)
                   : sc_cli__open_read(&cat, &txn, cli);
    if (status != SC_CLI_EXIT_OK)
        return status;
    if (strcasecmp(argv[1], "tables") == 0) {
        char *db = argc == 3 ? unquote_db(argv[2]) : NULL;
        status = argc == 3 && !db ? sc_cli__fail(cli, SC_ENOMEM) : show_tables(cli, txn, db);
        free(db);
    } else if (strcasecmp(argv[1], "create") == 0)
        status = show_create(cli, txn, argc, argv);
    else
        status = show_databases(cli, txn);
    if (as_of) {
        cli->close_as_of(cat, txn);
        return status;
    }
    sc_txn_abort(txn);
    sc_catalog_close(cat);
    return status;
}
