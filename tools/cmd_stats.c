/*
 * cmd_stats.c - `syscat stats [--json]`: catalog statistics
 * (sc_catalog_stats_get) and the persisted settings (sc_setting_foreach),
 * as aligned text or, with --json, one JSON object (jansson) whose keys are
 * the sc_catalog_stats field names plus "datadir" and "settings".
 */
#include <getopt.h>
#include <jansson.h>
#include <string.h>

#include "tools/cli.h"

/* Settings are read into a JSON object; the text form prints from it too. */
static int add_setting(const char *key, const char *value, void *payload)
{
    return json_object_set_new(payload, key, json_string(value)) == 0 ? 0 : SC_ENOMEM;
}

static int read_settings(json_t **out, sc_cli *cli, sc_catalog *cat)
{
    sc_txn *txn = NULL;
    int status, rc;

    *out = json_object();
    if (!*out)
        return sc_cli__fail(cli, SC_ENOMEM);
    status = sc_cli__read_txn(&txn, cli, cat);
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_setting_foreach(txn, add_setting, *out);
    sc_txn_abort(txn);
    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
}

static json_t *stats_json(const sc_cli *cli, const sc_catalog_stats *st, json_t *settings)
{
    return json_pack("{s:s, s:i, s:i, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:O}",
                     "datadir", cli->datadir, "format_major", (int)st->format_major, "format_minor",
                     (int)st->format_minor, "schemas", (json_int_t)st->schemas, "tables",
                     (json_int_t)st->tables, "columns", (json_int_t)st->columns, "indexes",
                     (json_int_t)st->indexes, "next_schema_id", (json_int_t)st->next_schema_id,
                     "next_table_id", (json_int_t)st->next_table_id, "map_size",
                     (json_int_t)st->map_size, "used_bytes", (json_int_t)st->used_bytes,
                     "map_size_max", (json_int_t)st->map_size_max, "last_txn_id",
                     (json_int_t)st->last_txn_id, "settings", settings);
}

static void print_text(sc_cli *cli, const sc_catalog_stats *st, json_t *settings)
{
    const char *key;
    json_t *value;

    fprintf(cli->out, "datadir         %s\n", cli->datadir);
    fprintf(cli->out, "format          %u.%u\n", st->format_major, st->format_minor);
    fprintf(cli->out, "schemas         %llu\n", (unsigned long long)st->schemas);
    fprintf(cli->out, "tables          %llu\n", (unsigned long long)st->tables);
    fprintf(cli->out, "columns         %llu\n", (unsigned long long)st->columns);
    fprintf(cli->out, "indexes         %llu\n", (unsigned long long)st->indexes);
    fprintf(cli->out, "next schema id  %llu\n", (unsigned long long)st->next_schema_id);
    fprintf(cli->out, "next table id   %llu\n", (unsigned long long)st->next_table_id);
    fprintf(cli->out, "map size        %llu bytes (%.1f MiB)\n", (unsigned long long)st->map_size,
            (double)st->map_size / (1024.0 * 1024.0));
    fprintf(cli->out, "used            %llu bytes (%.1f MiB)\n", (unsigned long long)st->used_bytes,
            (double)st->used_bytes / (1024.0 * 1024.0));
    fprintf(cli->out, "map ceiling     %llu bytes (%.1f MiB; the map grows by itself up to it)\n",
            (unsigned long long)st->map_size_max, (double)st->map_size_max / (1024.0 * 1024.0));
    fprintf(cli->out, "last txn id     %llu\n", (unsigned long long)st->last_txn_id);
    fprintf(cli->out, "settings        %s\n", json_object_size(settings) ? "" : "(none)");
    json_object_foreach(settings, key, value)
        fprintf(cli->out, "  %s = %s\n", key, json_string_value(value));
}

static int parse_args(bool *json, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'},
        {NULL, 0, NULL, 0},
    };
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c != 'j')
            return sc_cli__other_option(cli, "stats", c, argv);
        *json = true;
    }
    if (optind != argc)
        return sc_cli__usage_error(cli, "stats", "unexpected argument '%s'", argv[optind]);
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_stats(sc_cli *cli, int argc, char **argv)
{
    sc_catalog_stats st;
    sc_catalog *cat = NULL;
    json_t *settings = NULL, *doc = NULL;
    bool json = false;
    int status, rc;

    status = parse_args(&json, cli, argc, argv);
    if (status != SC_CLI_EXIT_OK)
        return status;
    status = sc_cli__open(&cat, cli, SC_CATALOG_READONLY);
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_catalog_stats_get(&st, cat);
    if (rc != SC_OK) {
        status = sc_cli__fail(cli, rc);
        goto out;
    }
    status = read_settings(&settings, cli, cat);
    if (status != SC_CLI_EXIT_OK)
        goto out;
    if (!json) {
        print_text(cli, &st, settings);
        goto out;
    }
    doc = stats_json(cli, &st, settings);
    if (!doc || json_dumpf(doc, cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)
        status = sc_cli__fail(cli, SC_ENOMEM);
    else
        fputc('\n', cli->out);
out:
    json_decref(doc);
    json_decref(settings);
    sc_catalog_close(cat);
    return status;
}
