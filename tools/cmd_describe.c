/*
 * cmd_describe.c - `syscat describe DB.TABLE`: the columns as the mysql
 * client's DESCRIBE prints them (Field, Type, Null, Key, Default, Extra), an
 * aligned table, followed by the table's id and version.
 *
 * The Type text and the Key column follow MariaDB 10.11 (sql_show.cc,
 * table.cc): integer display widths always shown, PRI for every primary key
 * part (a UNIQUE key over NOT NULL columns stands in when there is no
 * PRIMARY KEY), UNI for the column of a one-column unique key, MUL for the
 * first column of any other key. The Type text is the DDL module's
 * (sc_column_type_sql), so it cannot drift from SHOW CREATE.
 */
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

/* ------------------------------------------------------------------ */
/* Key column                                                           */

static bool index_has_column(const sc_index_def *ix, const char *col)
{
    size_t i;

    for (i = 0; i < ix->n_parts; i++)
        if (strcmp(ix->parts[i].column, col) == 0)
            return true;
    return false;
}

static const sc_column_def *find_column(const sc_table_def *def, const char *name)
{
    size_t i;

    for (i = 0; i < def->n_columns; i++)
        if (strcmp(def->columns[i].name, name) == 0)
            return &def->columns[i];
    return NULL;
}

/* The key MariaDB treats as primary: PRIMARY, else the first UNIQUE key whose
 * columns are all NOT NULL (and unprefixed). NULL when there is none. */
static const sc_index_def *primary_key(const sc_table_def *def)
{
    size_t i, j;

    for (i = 0; i < def->n_indexes; i++)
        if (def->indexes[i].kind == SC_INDEX_PRIMARY)
            return &def->indexes[i];
    for (i = 0; i < def->n_indexes; i++) {
        const sc_index_def *ix = &def->indexes[i];
        bool ok = ix->kind == SC_INDEX_UNIQUE && ix->n_parts > 0;
        for (j = 0; ok && j < ix->n_parts; j++) {
            const sc_column_def *c = find_column(def, ix->parts[j].column);
            ok = c && (c->flags & SC_COL_NOT_NULL) && ix->parts[j].prefix_len == 0;
        }
        if (ok)
            return ix;
    }
    return NULL;
}

static const char *key_text(const sc_table_def *def, const char *col)
{
    const sc_index_def *pk = primary_key(def);
    bool uni = false, mul = false;
    size_t i;

    if (pk && index_has_column(pk, col))
        return "PRI";
    for (i = 0; i < def->n_indexes; i++) {
        const sc_index_def *ix = &def->indexes[i];
        if (ix == pk || ix->n_parts == 0 || strcmp(ix->parts[0].column, col) != 0)
            continue;
        if ((ix->kind == SC_INDEX_UNIQUE || ix->kind == SC_INDEX_PRIMARY) && ix->n_parts == 1)
            uni = true;
        else
            mul = true;
    }
    return uni ? "UNI" : mul ? "MUL" : "";
}

/* ------------------------------------------------------------------ */
/* Default and Extra columns                                            */

static const char *default_text(const sc_column_def *col)
{
    if (col->default_kind == SC_DEFAULT_LITERAL || col->default_kind == SC_DEFAULT_EXPR)
        return col->default_value ? col->default_value : "";
    return NULL; /* printed as NULL, like the server */
}

static char *extra_text(const sc_column_def *col)
{
    char *out = NULL;
    const char *gen = col->generated == SC_GEN_VIRTUAL     ? "VIRTUAL GENERATED"
                      : col->generated == SC_GEN_STORED    ? "STORED GENERATED"
                      : col->generated == SC_GEN_ROW_START ? "ROW START"
                      : col->generated == SC_GEN_ROW_END   ? "ROW END"
                                                           : "";
    const char *ai = (col->flags & SC_COL_AUTO_INCREMENT) ? "auto_increment" : "";
    const char *inv = (col->flags & SC_COL_INVISIBLE) ? "INVISIBLE" : "";
    char onupd[256] = "";

    if (col->on_update)
        snprintf(onupd, sizeof(onupd), "on update %s", col->on_update);
    if (asprintf(&out, "%s%s%s%s%s%s%s", ai, *ai && *onupd ? " " : "", onupd,
                 (*ai || *onupd) && *gen ? " " : "", gen,
                 (*ai || *onupd || *gen) && *inv ? " " : "", inv) < 0)
        return NULL;
    return out;
}

static int
add_column_row(sc_cli_grid *grid, sc_ctx *ctx, const sc_table_def *def, const sc_column_def *col)
{
    char *type = NULL, *extra = extra_text(col);
    const char *cells[6];
    int rc = -1;

    if (sc_column_type_sql(&type, ctx, col) == SC_OK && extra) {
        cells[0] = col->name;
        cells[1] = type;
        cells[2] = (col->flags & SC_COL_NOT_NULL) ? "NO" : "YES";
        cells[3] = key_text(def, col->name);
        cells[4] = default_text(col);
        cells[5] = extra;
        rc = sc_cli__grid_add(grid, cells);
    }
    sc_free(ctx, type);
    free(extra);
    return rc;
}

/* --json: the table's names and ids, and its columns as DESCRIBE rows. Frees grid. */
static int print_json(sc_cli *cli, const sc_table *table, sc_cli_grid *grid)
{
    json_t *cols = sc_cli__grid_json(grid);
    json_t *doc =
        cols ? json_pack("{s:s, s:s, s:I, s:I, s:I, s:o}", "schema", sc_table_schema_name(table),
                         "table", sc_table_definition(table)->name, "id",
                         (json_int_t)sc_table_id(table), "version",
                         (json_int_t)sc_table_version(table), "schema_id",
                         (json_int_t)sc_table_schema_id(table), "columns", cols)
             : NULL;
    int rc = doc ? json_dumpf(doc, cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : -1;

    json_decref(doc);
    sc_cli__grid_free(grid);
    if (rc != 0)
        return sc_cli__fail(cli, SC_ENOMEM);
    fputc('\n', cli->out);
    return SC_CLI_EXIT_OK;
}

/* One line per partition and subpartition: name, stable id, values. */
static void print_partitions(sc_cli *cli, const sc_partitioning_def *pt)
{
    size_t i;

    if (!pt)
        return;
    fprintf(cli->out, "partitioned: %zu partitions and subpartitions\n", pt->n_parts);
    for (i = 0; i < pt->n_parts; i++)
        fprintf(cli->out, "  %s `%s`: id %llu%s%s\n",
                pt->parts[i].sub ? "  subpartition" : "partition", pt->parts[i].name,
                (unsigned long long)pt->parts[i].id, pt->parts[i].values ? " " : "",
                pt->parts[i].values ? pt->parts[i].values : "");
}

static int print_table(sc_cli *cli, const sc_table *table)
{
    static const char *const header[] = {"Field", "Type", "Null", "Key", "Default", "Extra"};
    const sc_table_def *def = sc_table_definition(table);
    sc_cli_grid grid;
    size_t i;

    if (sc_cli__grid_init(&grid, 6, header) != 0)
        return sc_cli__fail(cli, SC_ENOMEM);
    for (i = 0; i < def->n_columns; i++)
        if (add_column_row(&grid, cli->ctx, def, &def->columns[i]) != 0) {
            sc_cli__grid_free(&grid);
            return sc_cli__fail(cli, SC_ENOMEM);
        }
    if (cli->json)
        return print_json(cli, table, &grid);
    sc_cli__grid_print(cli->out, &grid);
    sc_cli__grid_free(&grid);
    fprintf(cli->out, "table `%s`.`%s`: id %llu, version %llu, schema id %llu\n",
            sc_table_schema_name(table), def->name, (unsigned long long)sc_table_id(table),
            (unsigned long long)sc_table_version(table),
            (unsigned long long)sc_table_schema_id(table));
    print_partitions(cli, def->partitioning);
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_describe(sc_cli *cli, int argc, char **argv)
{
    char *db = NULL, *name = NULL;
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    sc_table *table = NULL;
    int status, rc;

    sc_cli__take_json(cli, &argc, argv);
    if (argc != 2)
        return sc_cli__usage_error(cli, "describe", "expected one DB.TABLE");
    if (sc_cli__split_name(&db, &name, argv[1]) != 0)
        return sc_cli__usage_error(cli, "describe", "expected DB.TABLE, got '%s'", argv[1]);
    status = sc_cli__open_read(&cat, &txn, cli);
    if (status != SC_CLI_EXIT_OK)
        goto out;
    rc = sc_table_lookup(&table, txn, db, name);
    status = rc == SC_OK ? print_table(cli, table) : sc_cli__fail(cli, rc);
out:
    sc_table_free(table);
    sc_txn_abort(txn);
    sc_catalog_close(cat);
    free(db);
    free(name);
    return status;
}
